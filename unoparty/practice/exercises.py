"""Exercises cut from real games: seeded bot rounds, stopped where a rule decides.

An exercise is a table plus the moves that lead to the moment (so any phase can be posed),
a question of one of six kinds, and the answer *the engine* gives:

=============  ====================================================  ==================
kind           question                                              answer
=============  ====================================================  ==================
``CAN_PLAY``   "Can Ben play the red 7 now?" (also speed play)       ``bool``
``WHO_NEXT``   "Ben plays the blue Skip. Who acts next?"             a seat (``int``)
``HOW_MANY``   "Ava plays a Draw Two. How many cards does Ben draw?"  cards (``int``)
``CATCH``      "Can Cal catch Ben now?" (U-2)                        ``bool``
``COLOUR``     "Ben plays the wild. Which colour is current?"        a ``Colour``
``LINKED``     "Ben plays a Point Taken. Are Ava and Cal still        ``bool``
               linked then?" (PT-2)
``SCORE``      "Ben plays his last card. How many points does Ben    points (``int``)
               score?" — the other hands are said (R-1, R-3)
=============  ====================================================  ==================

Some exercises are *harder* (:attr:`Exercise.hard`): two rules meet — a speed play while
players are linked (SP-1 and LK-2), a Point Taken that ends the links (PT-2), a mini pile
that has come round the table (PU-4 … PU-6). The Practice page asks them once a rule is
mastered (:func:`exercise` with ``hard=True``).

Each exercise carries the rule id the engine cites for its answer: the refusal's rule for a
move refused, the rule of the event that decides (a skip, a draw, a colour chosen) for a
move made. The same seed gives the same round and so the same exercises
(:func:`round_exercises`, :func:`exercise`).

>>> ex = exercise(7)
>>> ex == exercise(7) and ex.answer == engine_answer(ex)
True
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..cards import Card, Colour, Kind
from ..engine import Phase
from ..engine.events import Event, EventKind
from ..engine.moves import Catch, Draw, Move, Play, SpeedPlay
from ..game import Game
from ..i18n import _, ngettext, pgettext
from ..rules import Rules

__all__ = ["ExerciseKind", "Exercise", "round_settings", "play_round", "round_exercises", "exercise",
           "engine_answer", "is_right", "position_key", "NAMES"]

NAMES = ("Ava", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lou", "Max", "Noa",
         "Oli", "Pia")
"""Seat names of the practice tables, in seat order."""

_CAP = 400  # moves per round at most: a round that long is cut there (its moments are kept)


Answer = bool | int | Colour | None
"""An exercise's answer: yes or no, a seat or a count of cards or points, a colour; ``None``
where the engine says nobody (no one acts next, no current colour)."""


class ExerciseKind(enum.Enum):
    CAN_PLAY = "can play"
    WHO_NEXT = "who next"
    HOW_MANY = "how many"
    CATCH = "catch"
    COLOUR = "colour"
    LINKED = "linked"
    SCORE = "score"


@dataclass(frozen=True, slots=True)
class Exercise:
    """One question on a real table.

    Attributes:
        kind: the kind of question. rule: the rule id the engine cites for the answer.
        seed: the round's seed; index: the exercise's place among the round's exercises
            (``round_exercises(seed)[index]`` is this exercise).
        rules: the rule set and house rules. names: the seats' names.
        moves: the moves from the deal to the moment, in order.
        move: the move asked about (``CAN_PLAY``, ``CATCH``: tried; the others: made).
        target: the seat the question is about (``HOW_MANY``: who draws), else ``None``.
        answer: the engine's answer (``bool``, ``int`` seat or cards, or ``Colour``).
        change: ``""`` for the real table, or a documented change made to it at the moment
            (:data:`CHANGES`), for rules real rounds rarely pose.
        seat: the seat whose view the table shows when it is not the move's player (a
            challenge's outcome is posed from the seat that played the Wild Draw Four: only
            that hand decides it, W-3), else ``None``.
        hard: ``""``, or the meeting of two rules that makes the exercise harder
            (:data:`HARD`).

    Every answer follows from what the shown seat sees plus what the question says (the
    public log: who laid the top card, whether a catch is still open, a drawn card, the
    pointing once everyone has pointed): tests/test_practice_hidden.py deals the hidden
    cards again and again and finds the same answer.
    """

    kind: ExerciseKind
    rule: str
    seed: int
    index: int
    rules: Rules
    names: tuple[str, ...]
    moves: tuple[Move, ...]
    move: Move
    target: int | None
    answer: Answer
    change: str = ""
    seat: int | None = None
    hard: str = ""

    @property
    def id(self) -> str:
        """``"seed-index"``: enough to rebuild the exercise (:func:`exercise_by_id`)."""
        return f"{self.seed}-{self.index}"

    @property
    def player(self) -> int:
        """The seat whose view the table shows: the player of the move asked about, or
        :attr:`seat`."""
        return self.move.player if self.seat is None else self.seat

    def game(self) -> Game:
        """The table at the moment of the question (a fresh game: the deal, then `moves`)."""
        game = Game(list(self.names), rules=self.rules, seed=self.seed)
        for m in self.moves:
            game.apply(m)
        return CHANGES[self.change](game) if self.change else game

    def choices(self) -> tuple[Answer, ...]:
        """The possible answers, in the order a page shows them."""
        if self.kind in (ExerciseKind.CAN_PLAY, ExerciseKind.CATCH, ExerciseKind.LINKED):
            return (True, False)
        if self.kind is ExerciseKind.WHO_NEXT:
            return tuple(range(len(self.names)))
        if self.kind is ExerciseKind.COLOUR:
            return (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE)
        if self.kind is ExerciseKind.SCORE:  # the answer among four scores ten points apart
            points = self.answer
            assert isinstance(points, int)  # a score question's answer is the points
            k = min((self.seed + self.index) % 3, points // 10)
            return tuple(points + 10 * (j - k) for j in range(4))
        return tuple(range(0, 7))


HARD = {"links": "a speed play while players are linked (SP-1, LK-2)",
        "links end": "a Point Taken that ends the links (PT-2, LK-4)",
        "mini pile round": "a mini pile that has come round the table (PU-4 … PU-6)"}
"""The harder exercises: two rules meet (:attr:`Exercise.hard`)."""

SCORE_MOST_CARDS = 18
"""A score is asked only when the other hands hold at most this many cards (they are said
in the question): a rules question, not a long sum."""


def round_settings(seed: int) -> tuple[Rules, tuple[str, ...]]:
    """The rules and seats of the round of `seed`: mostly UNO Party! at 3–10 players, some
    two-player tables (A-3), some classic tables and house rules (H-1 … H-4, SP-7)."""
    rng = random.Random(f"practice-settings-{seed}")
    classic = rng.random() < 0.15
    n = rng.choice((2, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 10, 12)) if not classic else rng.choice((2, 2, 3, 4, 5, 6))
    house = {opt: rng.random() < 0.2 for opt in ("stacking", "seven_o", "jump_in", "doubles")}
    rules = Rules(rule_set="classic" if classic else "party", stacking=house["stacking"],
                  seven_o=house["seven_o"], jump_in=house["jump_in"], doubles=house["doubles"])
    return rules, NAMES[:n]


def _actor(game: Game) -> int:
    if game.phase is Phase.POINTING:
        return game.waiting_for[0]
    current = game.current
    assert current is not None  # the round is not over
    return current


@lru_cache(maxsize=64)
def play_round(seed: int) -> tuple[Move, ...]:
    """The moves of the seeded bot round of `seed` (basic bots that forget UNO now and then,
    reacting out of turn — speed plays, calls, catches — at random moments)."""
    return tuple(move for _game, move in _round_steps(seed))


def _round_steps(seed: int) -> Generator[tuple[Game, Move], Game | None, None]:
    """(table, move) at each moment of the round of `seed` (:func:`play_round`): the table
    before the move. The caller may send back the table after the move (a copy it applied
    the move to), which play goes on from; else the move is applied here."""
    from ..bots import make_bot
    rules, names = round_settings(seed)
    game = Game(list(names), rules=rules, seed=seed)
    rng = random.Random(f"practice-round-{seed}")
    bots = [make_bot("basic", forget_uno=0.35, bluff_rate=0.4) for _ in names]
    made = 0
    while game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER) and made < _CAP:
        move: Move | None = None
        if rng.random() < 0.35:  # someone out of turn first
            seat = rng.randrange(len(names))
            view = game.view_for(seat)
            if view.legal_moves:
                move = bots[seat].react(view, rng)
        if move is None:
            actor = _actor(game)
            move = bots[actor].choose(game.view_for(actor), rng)
        after = yield game, move
        if after is None:
            game.apply(move)
        else:
            game = after
        made += 1


# ---------------------------------------------------------------------------- the engine's answers

_COLOUR_EVENTS = (EventKind.COLOUR_CHOSEN, EventKind.COLOUR_SET)

# who acts next, and the rule that decides it: the first of these events in a move's events
_TURN_RULES = (
    (EventKind.SKIPPED, None),                 # its own rule, W-3, H-1
    (EventKind.PASSED_OVER, None),             # SP-2
    (EventKind.POINTING_RESULT, "PT-5"),       # play goes on after the card's player
    (EventKind.MINI_PILE_TAKEN, "PU-7"),       # play goes on after the taker
    (EventKind.MINI_PILE_STARTED, "PU-4"),     # the next player adds first
    (EventKind.MINI_PILE_ADDED, "PU-4"),
    (EventKind.CHALLENGE_STARTED, None),       # W-3 (H-1 when stacked)
    (EventKind.HANDS_PASSED, None), (EventKind.HANDS_SWAPPED, None),  # H-2
    (EventKind.DIRECTION_CHANGED, None),
    (EventKind.TURN_STARTED, None),            # T-4
)


def _turn_rule(events: Sequence[Event]) -> str:
    for kind, rule in _TURN_RULES:
        e = next((e for e in events if e.kind is kind and e.rule), None)
        if e is not None:
            return rule or e.rule
    return ""


def _next_actor(game: Game) -> int | None:
    if game.phase is Phase.POINTING or game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        return None
    return game.current


def _current_colour(game: Game) -> Colour | None:
    if game.phase is Phase.MINI_PILE and game.mini_colour is not None:
        return game.mini_colour
    return game.colour


def _drawn(events: Sequence[Event], seat: int | None) -> int:
    return sum(len(e.cards) for e in events if e.kind is EventKind.DREW and e.player == seat)


def _after(game: Game, move: Move) -> tuple[Game, tuple[Event, ...]]:
    clone = game.clone()
    return clone, clone.apply(move)


def engine_answer(ex: Exercise, game: Game | None = None) -> Answer:
    """The answer to `ex` worked out again by the engine on the rebuilt table (or on `game`:
    the table the page already holds, or another table with the same view, for the
    hidden-information check; it is cloned, never changed)."""
    game = ex.game() if game is None else game
    if ex.kind in (ExerciseKind.CAN_PLAY, ExerciseKind.CATCH):
        return game.why_illegal(ex.move) is None and not game.is_mistake(ex.move)
    after, events = _after(game, ex.move)
    if ex.kind is ExerciseKind.WHO_NEXT:
        return _next_actor(after)
    if ex.kind is ExerciseKind.HOW_MANY:
        return _drawn(events, ex.target)
    if ex.kind is ExerciseKind.LINKED:
        return _still_linked(game, after)
    if ex.kind is ExerciseKind.SCORE:
        return _points(events)
    return _current_colour(after)


def _score_points(game: Game | _Before, move: Move, events: Sequence[Event]) -> int | None:
    """The points `move` scores if it ends the round and a score question can be asked of
    it: not after a last Draw Two or Wild Draw Four (the cards drawn first, R-2, are hidden
    until drawn), and only when the other hands (said in the question) hold at most
    :data:`SCORE_MOST_CARDS` cards."""
    points = _points(events)
    if points is None or any(e.kind is EventKind.DREW for e in events):
        return None
    if sum(len(h) for seat, h in enumerate(game.hands) if seat != move.player) > SCORE_MOST_CARDS:
        return None
    return points


def _last_card_scores(game: Game) -> list[tuple[Move, int]]:
    """(move, points): for each player who may play their last card now (a play or a speed
    play), the points it would score (:func:`_score_points`) — "Ben is about to play his
    last card: how many points?" on the table as it is."""
    out: list[tuple[Move, int]] = []
    for seat, hand in enumerate(game.hands):
        if len(hand) != 1:
            continue
        move: Move | None = next((m for m in game.legal_moves(seat) if isinstance(m, (Play, SpeedPlay)) and not m.call_uno
                     and getattr(m, "colour", None) in (None, Colour.RED)), None)
        if move is not None:
            points = _score_points(game, move, _events_of(game, move))
            if points is not None:
                out.append((move, points))
    return out


def _points(events: Sequence[Event]) -> int | None:
    won = next((e for e in events if e.kind is EventKind.ROUND_WON), None)
    return None if won is None else won.count


def _still_linked(before: Game | _Before, after: Game) -> bool:
    return bool(before.links) and set(after.links) == set(before.links)


def is_right(ex: Exercise, answer: object, game: Game | None = None) -> bool:
    """Whether `answer` is the engine's answer to `ex` (checked on the rebuilt table, or on
    `game`, the table at the moment of the question)."""
    return answer == engine_answer(ex, game)


def position_key(game: Game) -> tuple[object, ...]:
    """What makes two tables different: hands, piles, phase, turn, direction, links, calls."""
    return (game.hands, game.discard_pile, game.draw_pile, game.mini_pile, game.phase, game.current,
            game.direction, game.links, game.uno_called, game.colour, game.pending_draw)


# ---------------------------------------------------------------------------- documented changes

def _short_draw_pile(game: Game, keep: int) -> Game:
    """The same table with only the top `keep` cards left in the draw pile: the others go
    under the discard pile's top card (so every card is still in play). A draw then needs a
    reshuffle (T-5), which real rounds meet about once in ten."""
    names = game.names
    draw = game.draw_pile
    discard = game.discard_pile
    colour = game.colour if game.top_card.is_wild else None
    current = game.current
    assert current is not None  # a plain turn (`_can_shorten`)
    return Game.from_setup(list(names), {n: list(h) for n, h in zip(names, game.hands)}, names[current],
                           [*draw[keep:][::-1], *discard], list(draw[:keep]), rules=game.rules,
                           direction=game.direction, colour=colour, rest="none", seed=len(discard),
                           links=[names[s] for s in game.links],
                           scores={n: sc for n, sc in zip(names, game.scores)})


CHANGES: dict[str, Callable[[Game], Game]] = {
    "short draw pile 0": lambda game: _short_draw_pile(game, 0),
    "short draw pile 1": lambda game: _short_draw_pile(game, 1),
}
"""Documented changes to a real table (name → table → changed table), for rare rules."""


def _can_shorten(game: Game) -> bool:
    """Whether the table can be set up again as it stands (:meth:`Game.from_setup` starts a
    plain turn: nothing drawn or pending, every one-card hand has called UNO)."""
    return (game.phase is Phase.TURN and game.pending_draw == 0 and game.drawn_card is None
            and len(game.draw_pile) > 2 and (game.top_card.is_wild or game.colour == game.top_card.colour)
            and all(len(h) != 1 or called for h, called in zip(game.hands, game.uno_called)))


# ---------------------------------------------------------------------------- cutting a round

def _try_colour(card: Card) -> Colour | None:
    return Colour.RED if card.is_wild and card.kind is not Kind.WILD_PILE_UP else None


def _card_move(game: Game, p: int, card: Card, rng: random.Random) -> Play:
    """A play of `card` by seat `p` as a learner would try it (a colour for a wild card, a
    link for a Wild Drawn Together; sometimes a colour for a Wild Pile Up, which takes none)."""
    in_mini = game.phase is Phase.MINI_PILE
    colour = None if in_mini else _try_colour(card)
    if card.kind is Kind.WILD_PILE_UP and not in_mini and rng.random() < 0.3:
        colour = Colour.BLUE  # PU-1: a colour is refused
    link = None
    if card.kind is Kind.WILD_DRAWN_TOGETHER and not in_mini:
        link = (p, next(s for s in range(game.n_players) if s != p))
    move = Play(p, card, colour=colour, link=link)
    if colour is not None and card.kind is Kind.WILD_PILE_UP:
        return move
    if game.why_illegal(move) is None:  # legal as tried (why_illegal agrees with legal_moves)
        return move
    legal = [m for m in game.legal_moves(p) if isinstance(m, Play) and m.card == card and not m.twice]
    return legal[0] if legal and move not in legal else move


def _yes_no_questions(game: Game, rng: random.Random) -> list[tuple[Move, str, bool]]:
    """(move, rule, answer): may this player do this now? The acting player's card, a card
    out of turn (T-0), a speed play (SP), an UNO call (U-1, U-3), taking the mini pile
    (PU-5), pointing (PT-3), answering a Wild Draw Four (W-3, T-0)."""
    from ..engine.moves import Accept, CallUno, Challenge, PointAt, TakeMiniPile
    out: list[tuple[Move, str, bool]] = []
    n = game.n_players
    phase = game.phase
    hands = game.hands
    seats = [s for s in range(n) if hands[s]]
    if phase in (Phase.TURN, Phase.DRAWN, Phase.MINI_PILE):
        p = game.current
        assert p is not None  # someone is to act in these phases
        hand = sorted(set(hands[p]), key=_card_order)
        if hand:
            out.append(_judged(game, _card_move(game, p, rng.choice(hand), rng)))
        if phase is Phase.MINI_PILE:
            out.append(_judged(game, TakeMiniPile(p)))
        pairs = [c for c in hand if hands[p].count(c) >= 2 and not c.is_wild]
        if game.rules.doubles and pairs and phase is Phase.TURN:
            out.append(_judged(game, Play(p, rng.choice(pairs), twice=True)))
    others = [s for s in seats if s != game.current]
    if others and rng.random() < 0.5:
        s = rng.choice(others)
        out.append(_judged(game, _card_move(game, s, rng.choice(sorted(set(hands[s]), key=_card_order)), rng)))
    if seats:
        top = game.top_card
        same = [s for s in seats if top in hands[s]]  # a speed play that may be right (SP-1)
        if same and not top.is_wild and rng.random() < 0.5:
            s, card = rng.choice(same), top
        else:
            s = rng.choice(seats)
            card = rng.choice(sorted(set(hands[s]), key=_card_order))
        if not card.is_wild:
            out.append(_judged(game, SpeedPlay(s, card)))
    few = [s for s in seats if len(hands[s]) <= 2]
    if few:
        out.append(_judged(game, CallUno(rng.choice(few))))
    if phase is Phase.POINTING:
        s = rng.choice(game.waiting_for)
        out.append(_judged(game, PointAt(s, rng.randrange(n))))
    if phase is Phase.CHALLENGE:
        # only what the answering seat may ask itself: accept the draw, or challenge a
        # Wild Draw Four (a Draw Two is never challenged: accept it or stack, H-1)
        wd4 = game.top_card.kind is Kind.WILD_DRAW_FOUR
        answering = game.current
        assert answering is not None  # the seat that answers the draw card
        out.append(_judged(game, (Challenge if wd4 and rng.random() < 0.5 else Accept)(answering)))
    return out


def _card_order(card: Card) -> tuple[int, int, int]:
    """A card's place in a sorted hand: kind, colour, number (so a pick depends on the hand only)."""
    return (card.kind, -1 if card.colour is None else int(card.colour), -1 if card.number is None else card.number)


_SCRATCH = random.Random(0)
_SCRATCH_STATE = _SCRATCH.getstate()


def _events_of(game: Game, move: Move) -> list[Event]:
    """The events of a legal `move` on a copy of the engine state (no Game around it: the
    cut asks this of every legal move it poses). A reshuffle in it shuffles with a fixed
    generator, not the game's: only the events' rules are read."""
    from ..engine.effects import apply_move
    _SCRATCH.setstate(_SCRATCH_STATE)
    return apply_move(game._state.copy(), move, _SCRATCH)


def _judged(game: Game, move: Move) -> tuple[Move, str, bool]:
    refusal = game.why_illegal(move)
    if refusal is not None:
        return move, refusal.rule, False
    if game.is_mistake(move):
        return move, "SP-4", False
    if isinstance(move, Play) and move.twice:
        return move, "H-4", True
    if isinstance(move, Play) and move.card.is_wild and game.phase is not Phase.MINI_PILE:
        return move, _WILD_RULE[move.card.kind], True
    events = _events_of(game, move)
    deciding = next((e for e in events if e.rule and e.kind is not EventKind.TURN_STARTED), None)
    rule = deciding.rule if deciding is not None else "T-1"
    return move, rule, True


_WILD_RULE = {Kind.WILD: "W-1", Kind.WILD_DRAW_FOUR: "W-2", Kind.WILD_DRAWN_TOGETHER: "LK-1",
              Kind.WILD_PILE_UP: "PU-1"}


def _catch_questions(game: Game, rng: random.Random) -> list[tuple[Move, str, bool]]:
    out: list[tuple[Move, str, bool]] = []
    hands = game.hands
    ones = [s for s in range(game.n_players) if len(hands[s]) == 1]
    for target in ones:
        catcher = rng.choice([s for s in range(game.n_players) if s != target])
        move = Catch(catcher, target)
        refusal = game.why_illegal(move)
        out.append((move, refusal.rule if refusal is not None else "U-2", refusal is None))
    return out


_Question = tuple[ExerciseKind, str, int | None, "Answer"]
"""(kind, rule, target, answer): a question about a move the round made."""


def _made_move_questions(game: Game | _Before, move: Move, after: Game | None = None,
                         events: Sequence[Event] | None = None) -> list[tuple[ExerciseKind, str, int | None, Answer, int | None]]:
    """(kind, rule, target, answer, seat) about a move the round made, each answered from
    what `seat` (None: the move's player) sees: no "who acts next" after a turn's draw (it
    depends on the card drawn, T-3); a challenge's outcome from the seat of the Wild Draw
    Four's player (it depends on their hand, W-3)."""
    if not isinstance(move, (Play, SpeedPlay, Draw)) and type(move).__name__ not in (
            "Accept", "Challenge", "Keep", "TakeMiniPile", "PointAt", "Catch", "CallUno"):
        return []
    if after is None or events is None:
        if not isinstance(game, Game):
            raise TypeError("the table after the move and its events are needed with a table kept before it")
        after, events = _after(game, move)
    out: list[_Question] = []
    nxt = _next_actor(after)
    turn_draw = isinstance(move, Draw) and game.phase is Phase.TURN and game.pending_draw == 0
    if nxt is not None and type(move).__name__ not in ("CallUno",) and not turn_draw:
        rule = _turn_rule(events)
        if rule:
            out.append((ExerciseKind.WHO_NEXT, rule, None, nxt))
    drawers: list[int | None] = []
    reshuffled = any(e.kind is EventKind.RESHUFFLED for e in events)
    for e in events:
        if e.kind is EventKind.DREW and e.player not in drawers and e.rule:
            drawers.append(e.player)
            out.append((ExerciseKind.HOW_MANY, "T-5" if reshuffled else e.rule, e.player, _drawn(events, e.player)))
    if (isinstance(move, (Play, SpeedPlay)) or type(move).__name__ == "TakeMiniPile") and \
            after.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        colour = _current_colour(after)
        chosen = next((e for e in events if e.kind in _COLOUR_EVENTS and e.rule), None)
        started = next((e for e in events if e.kind is EventKind.MINI_PILE_STARTED and e.rule), None)
        chosen = chosen or started
        # a mini pile started by the Wild Pile Up takes its colour from a card turned up
        # from the draw pile (PU-3): hidden before the move, so not asked
        if colour is not None and started is None:
            out.append((ExerciseKind.COLOUR, chosen.rule if chosen is not None else "T-2", None, colour))
    # the last card: how many points does its player score?
    points = _score_points(game, move, events)
    if points is not None:
        out.append((ExerciseKind.SCORE, "R-3", None, points))
    # a Point Taken ends every link at once (PT-2): are the linked players still linked?
    if game.links and any(e.kind is EventKind.LINKS_ENDED and e.rule == "PT-2" for e in events):
        out.append((ExerciseKind.LINKED, "PT-2", None, _still_linked(game, after)))
    seat = game.wd4_player if type(move).__name__ == "Challenge" else None
    return [(*q, seat) for q in out]


def _hard(game: Game, kind: ExerciseKind, move: Move) -> str:
    """Which two rules meet in a question on `game` (:data:`HARD`), or ``""``."""
    if kind is ExerciseKind.LINKED:
        return "links end"
    if isinstance(move, SpeedPlay) and game.links:
        return "links"
    if game.phase is Phase.MINI_PILE and len(game.mini_pile) > game.n_players:
        return "mini pile round"
    return ""


@lru_cache(maxsize=64)
def round_exercises(seed: int) -> tuple[Exercise, ...]:
    """Every exercise cut from the round of `seed`, in the order of its moments.

    At each moment: can the acting player play one of their cards, can someone speed-play
    one of theirs, can someone catch a player holding one card; about the move the round
    made: who acts next, how many cards each drawer draws, which colour is current, the
    score at the last card.
    """
    return cut_round(seed)


def cut_round(seed: int, positions: dict[str, set[tuple[object, ...]]] | None = None) -> tuple[Exercise, ...]:
    """The exercises of the round of `seed` (:func:`round_exercises`, not cached). With
    `positions` (rule id → set), the :func:`position_key` of each exercise's table is added
    under its rule as the round is cut (the census of :mod:`unoparty.practice.coverage`:
    the round is played once)."""
    rules, names = round_settings(seed)
    rng = random.Random(f"practice-cut-{seed}")
    found: list[Exercise] = []
    names = tuple(names)
    moves: list[Move] = []
    steps = _round_steps(seed)  # the round is played as it is cut: each move applied once
    step = next(steps, None)
    while step is not None:
        game, move = step
        upto = tuple(moves)
        moves.append(move)
        said: list[str] = []  # the rules of this moment's exercises (the census)

        def add(kind: ExerciseKind, rule: str, m: Move, target: int | None, answer: Answer, change: str = "",
                seat: int | None = None, hard: str | None = None) -> None:
            said.append(rule)
            if positions is None:
                found.append(Exercise(kind, rule, seed, len(found), rules, names, upto, m, target, answer, change,
                                      seat, _hard(game, kind, m) if hard is None else hard))

        answer: Answer
        for m, rule, answer in _yes_no_questions(game, rng):
            add(ExerciseKind.CAN_PLAY, rule, m, None, answer)
        for m, points in _last_card_scores(game):
            add(ExerciseKind.SCORE, "R-3", m, None, points)
        for m, rule, answer in _catch_questions(game, rng):
            add(ExerciseKind.CATCH, rule, m, None, answer)
        key = position_key(game) if positions is not None else None
        # a documented change for T-5: the same draw from a short draw pile
        changed: Game | None = None
        change = ""
        draws = isinstance(move, Draw) or (isinstance(move, Play) and move.card.kind in (Kind.DRAW_TWO, Kind.WILD_DRAW_FOUR))
        if draws and _can_shorten(game):
            change = "short draw pile 1" if rng.random() < 0.5 else "short draw pile 0"
            changed = _shortened(game, int(change[-1]))
        # the move is made on the table itself (no copy): what the questions about it need
        # of the table before it is kept first
        before = _Before(game)
        hards = {kind: _hard(game, kind, move) for kind in (ExerciseKind.WHO_NEXT, ExerciseKind.LINKED)}
        events = game.apply(move)
        for kind, rule, target, answer, seat in _made_move_questions(before, move, game, events):
            add(kind, rule, move, target, answer, seat=seat, hard=hards[kind if kind is ExerciseKind.LINKED
                                                                     else ExerciseKind.WHO_NEXT])
        if positions is not None and key is not None and said:
            for rule in said:
                positions.setdefault(rule, set()).add(key)
        if changed is not None and changed.why_illegal(move) is None:
            shown = _Before(changed)  # a throwaway table: the move is made on it, no copy
            changed_key = position_key(changed) if positions is not None else None
            for kind, rule, target, answer, seat in _made_move_questions(shown, move, changed, changed.apply(move)):
                if kind is ExerciseKind.HOW_MANY and rule == "T-5":
                    if positions is not None:
                        assert changed_key is not None  # made above when positions are counted
                        positions.setdefault(rule, set()).add(changed_key)
                    else:
                        add(kind, rule, move, target, answer, change, seat, hards[ExerciseKind.WHO_NEXT])
        try:
            step = steps.send(game)
        except StopIteration:
            step = None
    return tuple(found)


class _Before:
    """What :func:`_made_move_questions` reads of the table before the move, kept before the
    move is made on the table itself."""

    __slots__ = ("phase", "pending_draw", "hands", "links", "wd4_player", "n_players")
    phase: Phase
    pending_draw: int
    hands: tuple[tuple[Card, ...], ...]
    links: tuple[int, ...]
    wd4_player: int | None
    n_players: int

    def __init__(self, game: Game) -> None:
        self.phase, self.pending_draw, self.hands = game.phase, game.pending_draw, game.hands
        self.links, self.wd4_player, self.n_players = game.links, game.wd4_player, game.n_players


def _shortened(game: Game, keep: int) -> Game:
    """The table of :func:`_short_draw_pile` made from the engine state at once (the cut
    tries it at every draw; :meth:`Game.from_setup` checks a whole setup and costs ten
    times more): the same hands, piles, turn, direction, links, calls and colour, so the
    same answer (tests/test_practice.py checks the documented change against it)."""
    from ..engine.state import Phase as _Phase
    state = game._state.copy()
    cut = len(state.draw_pile) - keep
    state.discard_pile = state.draw_pile[:cut] + state.discard_pile
    state.draw_pile = state.draw_pile[cut:]
    state.top_player = None
    state.catchable = None
    state.phase = _Phase.TURN
    return Game.from_state(game.names, game.rules, state, seed=len(state.discard_pile))


# rules only some tables can pose: the test on (rules, names), to skip the others at once
_REQUIRES: dict[str, Callable[[Rules, tuple[str, ...]], bool]] = {
    "A-3": lambda rules, names: len(names) == 2,
    "H-1": lambda rules, names: rules.stacking,
    "H-2": lambda rules, names: rules.seven_o,
    "H-4": lambda rules, names: rules.doubles,
    "SP-7": lambda rules, names: rules.jump_in or rules.rule_set == "classic",
    **{r: (lambda rules, names: rules.rule_set == "party")
       for r in ("PT-2", "PT-3", "PT-4", "PT-5", "PU-1", "PU-3", "PU-4", "PU-5", "PU-6", "PU-7", "LK-1", "LK-2")},
}


HARD_ROUNDS = 8
"""Rounds searched for a harder exercise on a rule before an ordinary one is given."""

HARD_RULES = ("SP-1", "SP-2", "SP-4", "SP-5", "T-2", "T-3", "PT-2", "PU-4", "PU-6", "PU-7")
"""The rules with harder exercises in most stretches of rounds (the others are asked
ordinary ones without a search)."""


def exercise(seed: int, rule: str | None = None, *, hard: bool = False) -> Exercise:
    """The exercise of `seed` (on `rule` if given: the first round from `seed` on that has one).
    With `hard`, a harder one (:attr:`Exercise.hard`) if one of the :data:`HARD_ROUNDS`
    rounds from `seed` has one on `rule`, else an ordinary one.

    Raises:
        LookupError: no exercise on `rule` in the 400 rounds from `seed` (the message in the
        current language, for the teacher: ``unoparty practice show``).
    """
    need = _REQUIRES.get(rule or "")
    if hard and (rule is None or rule in HARD_RULES):
        for s in range(seed, seed + HARD_ROUNDS):
            if need is not None and not need(*round_settings(s)):
                continue
            pool = [e for e in round_exercises(s) if e.hard and (rule is None or e.rule == rule)]
            if pool:
                return pool[random.Random(f"practice-pick-hard-{s}-{rule}").randrange(len(pool))]
    searched = 400 if rule else 50
    for s in range(seed, seed + searched):
        if need is not None and not need(*round_settings(s)):
            continue  # this table cannot pose the rule: no need to play the round
        pool = [e for e in round_exercises(s) if rule is None or e.rule == rule]
        if pool:
            return pool[random.Random(f"practice-pick-{s}-{rule}").randrange(len(pool))]
    raise LookupError(ngettext("no exercise on rule {rule} in the {n} round from seed {seed} on",
                               "no exercise on rule {rule} in the {n} rounds from seed {seed} on",
                               searched).format(rule=rule, n=searched, seed=seed))


def exercise_by_id(ex_id: str) -> Exercise:
    """The exercise named by :attr:`Exercise.id` (``"seed-index"``).

    Raises:
        ValueError: not an exercise id. LookupError: no such exercise. (Their messages are
        in the current language, for the teacher: ``unoparty practice show``.)
    """
    try:
        seed, index = (int(x) for x in ex_id.split("-"))
    except ValueError:
        raise ValueError(_("not an exercise id: {id} (an id is a seed and a number, e.g. 7-120)")
                         .format(id=repr(ex_id))) from None
    found = round_exercises(seed)
    if not 0 <= index < len(found):
        if not found:
            raise LookupError(_("round {seed} has no exercise").format(seed=seed))
        raise LookupError(ngettext("round {seed} has {n} exercise, numbered 0: there is no exercise {index}",
                                   "round {seed} has {n} exercises, numbered 0 to {last}: there is no exercise {index}",
                                   len(found)).format(seed=seed, n=len(found), last=len(found) - 1, index=index))
    return found[index]


def kind_name(kind: ExerciseKind) -> str:
    """An exercise's kind as ``practice show`` and the scenario it writes name it, in the
    current language (``ExerciseKind.HOW_MANY`` → "how many" in English)."""
    return {ExerciseKind.CAN_PLAY: pgettext("a practice exercise's kind", "can play"),
            ExerciseKind.WHO_NEXT: pgettext("a practice exercise's kind", "who next"),
            ExerciseKind.HOW_MANY: pgettext("a practice exercise's kind", "how many"),
            ExerciseKind.CATCH: pgettext("a practice exercise's kind", "catch"),
            ExerciseKind.COLOUR: pgettext("a practice exercise's kind", "colour"),
            ExerciseKind.LINKED: pgettext("a practice exercise's kind", "linked"),
            ExerciseKind.SCORE: pgettext("a practice exercise's kind", "score")}[kind]


__all__ += ["exercise_by_id", "kind_name"]


# ---------------------------------------------------------------------------- as a scenario

def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _cards(cards: Iterable[Card]) -> str:
    return "[" + ", ".join(_q(str(c)) for c in cards) + "]"


def to_scenario(ex: Exercise) -> str:
    """`ex` as a scenario file (SCENARIO_FORMAT.md, format 1): a table as the setup, the
    moves from it to the moment as one step, and the question's move as the last step,
    whose `expect` holds the engine's answer. ``unoparty scenario check`` replays it.

    The setup is the deal; when the round reshuffles the draw pile before the moment (T-5:
    the replay would shuffle differently), it is the table at the latest plain turn after
    the last reshuffle (nobody holding one card, nothing to draw or answer). A reshuffle in
    the question's own move is replayed with the scenario's seed: other cards, the same
    answer.

    The title and the narration step are in the current language (``unoparty --lang fr
    practice show 7 --scenario``): the Scenarios page shows them as they are written.

    Raises:
        ValueError: the round reshuffles and no such turn follows (rare; the message in the
        current language).
    """
    from ..notation import format_move
    names = ex.names
    k, start = _start_of(ex)
    lines = ["format = 1", f'id = "practice-{ex.seed}-{ex.index}"',
             _title_line(ex), f'rules = "{ex.rules.rule_set}"']
    if ex.change:
        lines.append(f"# a documented change to the real table: {ex.change} (unoparty.practice.exercises.CHANGES)")
    opts = {key: getattr(ex.rules, key) for key in ("stacking", "seven_o", "jump_in", "doubles") if getattr(ex.rules, key)}
    if opts:
        lines.append("options = { " + ", ".join(f"{key} = true" for key in opts) + " }")
    turn = start.current
    assert turn is not None  # the scenario starts at a turn (`_start_of`)
    lines += ["", "[setup]", "players = [" + ", ".join(_q(n) for n in names) + "]",
              f"turn = {_q(names[turn])}",
              f'direction = "{"clockwise" if start.direction == 1 else "counterclockwise"}"',
              f"discard_pile = {_cards(start.discard_pile)}",
              f"draw_pile = {_cards(start.draw_pile)}", 'rest = "none"']
    if start.top_card.is_wild and start.colour is not None:
        lines.append(f'colour = "{start.colour.name.lower()}"')
    elif start.top_card.is_wild:  # S-5: a classic round starting on a Wild, its colour not chosen yet
        lines.append("colour_to_choose = true")
    if start.links:
        lines.append("links = [" + ", ".join(_q(names[s]) for s in start.links) + "]")
    lines += ["", "[setup.hands]"] + [f"{_q(n)} = {_cards(h)}" for n, h in zip(names, start.hands)]
    moves = ex.moves[k:]
    if moves:
        lines += ["", "[[steps]]", f"say = {_q(_('The round so far.'))}",
                  "do = [" + ", ".join(_q(format_move(m, names)) for m in moves) + "]"]
    game = ex.game()
    lines += ["", "[[steps]]", f"do = {_q(format_move(ex.move, names))}", f'teaches = ["{ex.rule}"]']
    expect = _expect(ex, game)
    if expect:
        lines.append("expect = { " + ", ".join(f"{key} = {v}" for key, v in expect.items()) + " }")
    return "\n".join(lines) + "\n"


def _start_of(ex: Exercise) -> tuple[int, Game]:
    """(k, the table after the first k moves) to start the scenario from (:func:`to_scenario`)."""
    if ex.change:  # the changed table is the setup; the question's move is the only step
        return len(ex.moves), ex.game()
    game = Game(list(ex.names), rules=ex.rules, seed=ex.seed)
    tables = [game.clone()]
    last_reshuffle = -1
    for i, move in enumerate((*ex.moves, ex.move)):
        if game.why_illegal(move) is not None:
            break
        # a reshuffle in the question's own move changes which cards are drawn, not how
        # many, nor who acts next, nor the colour: only the moves before it matter
        if any(e.kind is EventKind.RESHUFFLED for e in game.apply(move)) and i < len(ex.moves):
            last_reshuffle = i
        if i < len(ex.moves):
            tables.append(game.clone())
    if last_reshuffle < 0:
        return 0, tables[0]
    for k in range(len(ex.moves), last_reshuffle, -1):
        t = tables[k]
        if t.phase is Phase.TURN and t.pending_draw == 0 and t.drawn_card is None and \
                all(len(h) != 1 for h in t.hands) and t.scores == tuple(0 for _ in ex.names):
            return k, t
    raise ValueError(_("exercise {id}: the draw pile is reshuffled and no plain turn follows (T-5), "
                       "so it cannot be written as a scenario").format(id=ex.id))


def _title_line(ex: Exercise) -> str:
    title = _("Practice: {kind}, rule {rule} (round {seed})").format(kind=kind_name(ex.kind), rule=ex.rule, seed=ex.seed)
    return f"title = {_q(title)}"


def _expect(ex: Exercise, game: Game) -> dict[str, str]:
    refusal = game.why_illegal(ex.move)
    if refusal is not None:
        return {"refused": "true", "reason": _q(refusal.rule)}
    if ex.kind is ExerciseKind.WHO_NEXT and isinstance(ex.answer, int):
        return {"turn": _q(ex.names[ex.answer])}
    if ex.kind is ExerciseKind.HOW_MANY and ex.target is not None:
        after, _events = _after(game, ex.move)
        return {"hand": "{ " + f"{_q(ex.names[ex.target])} = {len(after.hands[ex.target])}" + " }"}
    if ex.kind is ExerciseKind.COLOUR and isinstance(ex.answer, Colour):
        return {"colour": _q(ex.answer.name.lower())}
    if ex.kind is ExerciseKind.LINKED:
        after, _events = _after(game, ex.move)
        return {"links": "[" + ", ".join(_q(ex.names[s]) for s in after.links) + "]"}
    if ex.kind is ExerciseKind.SCORE:
        return {"winner": _q(ex.names[ex.move.player]), "round_points": str(ex.answer)}
    return {}


__all__.append("to_scenario")
