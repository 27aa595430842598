"""`Game`: one obvious object for a game of UNO Party! or classic UNO (DESIGN.md).

It owns the seeded random number generator, the history (for `undo`), the event log, and
save/load. The rules themselves live in `unoparty.engine`.

>>> g = Game(["You", "Ava", "Ben"], seed=1)
>>> g.phase.value, g.name(g.current), len(g.hands[0])
('turn', 'You', 7)
>>> len(g.draw_pile) + len(g.discard_pile) + sum(len(h) for h in g.hands)
224
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from .cards import Card, Colour, Kind, deck_counts
from .engine import Event, Move, Phase, Refusal, State
from .engine.effects import apply_move
from .engine.game_core import UNDO_EVERY as _UNDO_EVERY, GameCore, checkpoint as _checkpoint
from .engine.legal import legal_moves as _legal_moves
from .engine.legal import out_of_turn as _out_of_turn
from .engine.refusals import is_mistake as _is_mistake, why_illegal as _why_illegal
from .engine.setup import deal_round, shuffle_with as _shuffle_with
from .errors import MoveSyntaxError, SeatError, SetupError, UnopartyError, Words
from .rules import Rules

__all__ = ["Game", "PlayerView", "Outcome", "validate_names"]

_OVER = (Phase.ROUND_OVER, Phase.MATCH_OVER)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a round ended (R-1, R-3, T-6) and, at the end of a match, who won it (R-4).

    Attributes:
        winner: seat of the round's winner.
        points: what the winner scored this round (card points, R-3).
        scores: running totals per seat (points).
        blocked: the round ended blocked (T-6) rather than by a player going out.
        match_winner: seat with the highest total when the match is over, else ``None``.
    """

    winner: int
    points: int
    scores: tuple[int, ...]
    blocked: bool
    match_winner: int | None


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat may know (DESIGN.md): own hand, others' card counts, the public piles.

    Attributes:
        player: the viewer's seat. names: every player's name, in seating order.
        hand: the viewer's cards. hand_sizes: cards per seat.
        top_card: the discard pile's top card. discard_pile: the discard pile, bottom first
            (every card in it was seen face up). draw_pile_size: cards in the draw pile.
        colour: the current colour (T-2). direction: +1 clockwise, -1 counterclockwise.
        phase, current: see `Game`. links: () or two seats.
        mini_pile: face-up cards, bottom first. uno_called: per seat.
        catchable: the seat that may be caught now (U-2), or None.
        pending_draw: cards waiting to be drawn in the challenge phase.
        drawn_card: the card the viewer just drew (phase "drawn", viewer to act), else None.
        has_pointed: per seat, during pointing. my_target: whom the viewer pointed at.
        wd4_player: who played the Wild Draw Four being answered, or None.
        wd4_colour: the colour before that Wild Draw Four (what W-2 judges it against), or None.
        top_player: who laid the top card (None: turned up), for SP-5.
        scores: running totals. rules: the Rules. legal_moves: the viewer's legal moves.
    """

    player: int
    names: tuple[str, ...]
    rules: Rules
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top_card: Card
    discard_pile: tuple[Card, ...]
    draw_pile_size: int
    colour: Colour | None
    direction: int
    phase: Phase
    current: int | None
    links: tuple[int, ...]
    mini_pile: tuple[Card, ...]
    uno_called: tuple[bool, ...]
    catchable: int | None
    pending_draw: int
    pending_kind: Kind | None
    drawn_card: Card | None
    has_pointed: tuple[bool, ...]
    my_target: int | None
    pointer: int | None
    wd4_player: int | None
    wd4_colour: Colour | None
    top_player: int | None
    scores: tuple[int, ...]
    round_number: int
    legal_moves: tuple[Move, ...]


def validate_names(players: Sequence[str], rules: Rules) -> tuple[str, ...]:
    """S-1 and the scenario format's name rules: 2–16 players (classic 2–10), distinct names of
    1–40 characters without ':' or line breaks and without leading or trailing spaces.

    Raises:
        SetupError: with key ``"players"``.
    """
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SetupError("players", "must be a list of names")
    names = tuple(players)
    if not 2 <= len(names) <= rules.max_players:
        raise SetupError("players", Words.of("{rules} needs 2 to {most} players, not {n}", rules=rules.rule_set,
                                              most=rules.max_players, n=len(names)))
    seen = set()
    for name in names:
        if not isinstance(name, str):
            raise SetupError("players", f"a name must be text, not {name!r}")
        if not 1 <= len(name) <= 40:
            raise SetupError("players", Words.of("name {name} must be 1 to 40 characters long", name=repr(name)))
        if ":" in name or "\n" in name or "\r" in name:
            raise SetupError("players", Words.of("name {name} may not contain ':' or a line break", name=repr(name)))
        if name != name.strip():
            raise SetupError("players", Words.of("name {name} has leading or trailing spaces", name=repr(name)))
        if name in seen:
            raise SetupError("players", Words.of("duplicate name {name}", name=repr(name)))
        seen.add(name)
    return names


def _setup_cards(key: str, cards: Any, where: str = "") -> list[Card]:
    """`cards` as a list, if it is a sequence of `Card` objects; else SetupError naming `key`.
    Text is refused as text (``"red 5"``): `Card.parse` reads it."""
    if isinstance(cards, (str, bytes)):
        raise SetupError(key, f"{where}{cards!r} is text, not a list of cards: give "
                              f"[Card.parse('red 5'), …] (Card.parse reads a card's text)")
    try:
        out = list(cards)
    except TypeError:
        raise SetupError(key, f"{where}must be a list of cards, not {cards!r}") from None
    for card in out:
        if card.__class__ is not Card:
            if isinstance(card, str):
                raise SetupError(key, f"{where}{card!r} is text, not a card: give Card.parse({card!r})")
            raise SetupError(key, f"{where}{card!r} ({type(card).__name__}) is not a card")
    return out


def _not_a_colour(colour: Any) -> str:
    if isinstance(colour, str):
        return (f"{colour!r} is text, not a colour: give a Colour (Colour.RED…), "
                f"or parse_colour({colour!r}) to read a colour's name")
    return f"{colour!r} ({type(colour).__name__}) is not a colour: give a Colour (Colour.RED, …) or None"


class Game(GameCore):
    """A game (a match of rounds) at one table.

    Args:
        players: names in clockwise seating order (2–16; classic 2–10, S-1).
        rules: the rule set and options.
        seed: seeds the game's own `random.Random` (shuffles, reshuffles).

    Raises:
        SetupError: a bad list of players.

    Seats are ints: 0 is the first name. ``Game.from_setup`` builds a table by hand.

    What runs on every move — `legal_moves`, `apply`, `phase`, `current`, `to_act` — is
    `unoparty.engine.game_core.GameCore`'s, compiled with the engine in the compiled build.
    """

    def __init__(self, players: Sequence[str], rules: Rules = Rules(), seed: int = 0, *,
                 record_undo: bool = True):
        self._names = validate_names(players, rules)
        self._rules = rules
        self._rng = _RecordingRandom(seed)
        self._state = State(rules, len(self._names))
        events = deal_round(self._state, self._rng)
        self._init(events, record_undo)

    def _init(self, events: Iterable[Event], record_undo: bool = True) -> None:
        # The fields `GameCore` declares (what each holds is said there), then this class's own.
        self._events = list(events)
        self._log = []
        self._undo = []
        self._record_undo = record_undo
        self._listed = ()
        self._listed_long = []
        self._start = (self._state.copy(), self._rng.hold(), tuple(self._events))
        self._initial_used = self._rng.used

    @property
    def _initial(self) -> tuple[State, tuple[Any, ...], tuple[Event, ...]]:
        """(the state at the start, the random state then, the start's events): for saving and
        replays. The random state is copied only once the generator changes (`_RecordingRandom.hold`)."""
        state, held, events = self._start
        return state, self._rng.held(held), events

    # ---- building ------------------------------------------------------------------------

    @classmethod
    def from_setup(cls, players: Sequence[str], hands: Mapping[str, Sequence[Card]], turn: str,
                   discard_pile: Sequence[Card], draw_pile: Sequence[Card] = (), *,
                   rules: Rules = Rules(), direction: int = 1, colour: Colour | None = None,
                   rest: str = "shuffled", seed: int = 0, links: Sequence[str] = (),
                   scores: Mapping[str, int] | None = None,
                   reshuffles: Sequence[Sequence[Card]] = (), colour_to_choose: bool = False) -> "Game":
        """A table set up by hand (a scenario's ``[setup]``, SCENARIO_FORMAT.md).

        Args:
            players: names, clockwise. hands: name → cards (every player, ≥ 1 card each).
            turn: the player to act. discard_pile: bottom first, ≥ 1 card.
            draw_pile: top first. direction: +1 clockwise, -1 counterclockwise.
            colour: the current colour (a `Colour`; text such as ``"red"`` is refused,
                as in moves: `parse_colour` reads it); required when the top card is wild,
                else must equal the top card's colour. rest: ``"shuffled"`` — every other card of the deck is
                shuffled with `seed` and put under `draw_pile`; ``"none"`` — only these cards.
            links: () or two names. scores: running totals by name.
            reshuffles: the draw piles (top first) the game's reshuffles make, in order
                (T-5, PU-2; SCENARIO_FORMAT.md ``reshuffles``); later ones are shuffled with
                `seed`. A reshuffle whose given pile does not hold exactly the cards being
                shuffled makes that move raise ValueError (and change nothing).
            colour_to_choose: a classic round that starts on a Wild (S-5): the top card is a
                wild card whose colour the player to act is still to choose (no `colour`);
                any card may be played on it, and the card played sets the colour.

        Raises:
            SetupError: naming the setup key and what is wrong (unknown card or player, a
                setup the deck cannot produce, a wild on top without a colour, a card or a
                colour given as text rather than a `Card` or `Colour`, …).
        """
        names = validate_names(players, rules)
        seat = {name: i for i, name in enumerate(names)}
        rng = _RecordingRandom(seed)
        s = State(rules, len(names))
        if not isinstance(hands, Mapping):
            raise SetupError("hands", "must be a table of player = [cards]")
        for name in hands:
            if name not in seat:
                raise SetupError("hands", Words.of("unknown player {name}", name=repr(name)))
        for name in names:
            if name not in hands:
                raise SetupError("hands", Words.of("no hand for {name}: every player needs at least one card", name=repr(name)))
            cards = _setup_cards("hands", hands[name], f"{name!r}: ")
            if not cards:
                raise SetupError("hands", Words.of("{name} holds no cards: every player needs at least one", name=repr(name)))
            s.hands[seat[name]] = cards
        if turn not in seat:
            raise SetupError("turn", Words.of("unknown player {name}", name=repr(turn)))
        if direction not in (1, -1):
            raise SetupError("direction", Words.of("must be {clockwise} or {counterclockwise}", clockwise="clockwise",
                                                 counterclockwise="counterclockwise"))
        discard_pile = _setup_cards("discard_pile", discard_pile)
        draw_pile = _setup_cards("draw_pile", draw_pile)
        reshuffles = [_setup_cards("reshuffles", pile) for pile in reshuffles]
        if not discard_pile:
            raise SetupError("discard_pile", Words.of("needs at least one card (the top card)"))
        if colour is not None and colour.__class__ is not Colour:
            raise SetupError("colour", _not_a_colour(colour))
        s.discard_pile = list(discard_pile)
        s.draw_pile = list(reversed(list(draw_pile)))  # internal: top = end
        top = s.discard_pile[-1]
        if colour_to_choose:  # S-5: a classic round that starts on a Wild, no card played yet
            if colour_to_choose is not True:
                raise SetupError("colour_to_choose", f"must be true or false, not {colour_to_choose!r}")
            if rules.is_party:
                raise SetupError("colour_to_choose", Words.of("only a classic round starts on a Wild whose colour the "
                                                              "first player chooses (S-5)"))
            if not top.is_wild:
                raise SetupError("colour_to_choose", Words.of("the top card ({card}) is not a wild card: its colour is its own",
                                                              card=top))
            if colour is not None:
                raise SetupError("colour_to_choose", Words.of("give either a colour ({colour}) or colour_to_choose, not both",
                                                              colour=colour))
            s.colour = None
        elif top.is_wild:
            if colour is None:
                raise SetupError("colour", Words.of("required: the top card ({card}) is a wild card", card=top))
            s.colour = colour
        else:
            if colour is not None and colour is not top.colour:
                raise SetupError("colour", Words.of("{colour} does not match the top card ({card}); give a colour only "
                                                    "when it is the top card's or the top card is wild", colour=colour, card=top))
            s.colour = top.colour
        counts = deck_counts(rules.rule_set, rules.without)
        placed: Counter[Card] = Counter()
        where: list[tuple[str, Sequence[Card]]] = [("hands", h) for h in s.hands]
        for key, pile in where + [("discard_pile", discard_pile), ("draw_pile", draw_pile)]:
            for card in pile:  # in the setup's order: the first card too many is named where it is
                placed[card] += 1
                have = counts.get(card, 0)
                if have == 0:
                    raise SetupError(key, Words.of("the {rules} deck has no {card}", rules=rules.rule_set, card=card))
                if placed[card] > have:
                    raise SetupError(key, Words.of("{n} copies of {card}, but the {rules} deck has only {have}", n=placed[card],
                                                   card=card, rules=rules.rule_set, have=have))
        if rest == "shuffled":
            extra = [c for c, k in counts.items() for _ in range(k - placed.get(c, 0))]
            rng.shuffle(extra)
            s.draw_pile[:0] = extra
        elif rest != "none":
            raise SetupError("rest", Words.of("must be 'shuffled' or 'none', not {value}", value=repr(rest)))
        if links:
            links = list(links)
            for name in links:
                if name not in seat:
                    raise SetupError("links", Words.of("unknown player {name}", name=repr(name)))
            if len(links) != 2:
                raise SetupError("links", Words.of("must be [] or two players, not {n}", n=len(links)))
            if links[0] == links[1]:
                raise SetupError("links", Words.of("must be two different players, not {name} twice", name=repr(links[0])))
            s.links = tuple(sorted(seat[x] for x in links))
        for name, value in (scores or {}).items():
            if name not in seat:
                raise SetupError("scores", Words.of("unknown player {name}", name=repr(name)))
            if isinstance(value, bool) or not isinstance(value, int):
                raise SetupError("scores", f"{name!r}: a score is a whole number of points, not {value!r}")
            if value < 0:
                raise SetupError("scores", Words.of("{name}: a score cannot be negative ({value})", name=repr(name), value=value))
            s.scores[seat[name]] = value
        s.direction = direction
        s.current = seat[turn]
        s.phase = Phase.TURN
        s.uno_called = [len(h) == 1 for h in s.hands]  # taken to have called UNO
        rng.reshuffles = [tuple(pile) for pile in reshuffles]
        return cls._wrap(names, rules, s, rng)

    @classmethod
    def _wrap(cls, names: Sequence[str], rules: Rules, state: State, rng: "_RecordingRandom",
              events: Iterable[Event] = (), record_undo: bool = True) -> "Game":
        """A Game around a ready state and generator; the game starts here (history empty)."""
        g = cls.__new__(cls)
        g._names = tuple(names)
        g._rules = rules
        g._rng = rng
        g._state = state
        g._init(events, record_undo)
        return g

    @classmethod
    def from_state(cls, names: Sequence[str], rules: Rules, state: State, seed: int = 0, *,
                   record_undo: bool = False) -> "Game":
        """Wrap an engine `State` built elsewhere (a bot's determinization, a test) in a Game
        with its own generator seeded with `seed`. The state is used as is, not copied.

        Raises:
            SetupError: a bad list of players, or a state for another number of players.
        """
        names = validate_names(names, rules)
        if state.n != len(names):
            raise SetupError("players", f"the state has {state.n} seats, not {len(names)}")
        return cls._wrap(names, rules, state, _RecordingRandom(seed), record_undo=record_undo)

    # ---- names and text -------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def rules(self) -> Rules:
        return self._rules

    def name(self, seat: int) -> str:
        """The name at `seat`.

        Raises:
            SeatError: `seat` is not an int from 0 to the player count less one.
        """
        return self._names[self._seat(seat)]

    def _seat(self, seat: Any) -> int:
        """`seat` if it is a seat of this table (an int, not a bool, 0 ≤ seat < n), else SeatError."""
        if seat.__class__ is int and 0 <= seat < self._state.n:
            return seat
        raise SeatError(seat, self._state.n)

    def seat(self, name: str) -> int:
        """The seat of `name` (exact match). Raises MoveSyntaxError for an unknown name."""
        try:
            return self._names.index(name)
        except ValueError:
            raise MoveSyntaxError(f"unknown player {name!r}") from None

    def parse_move(self, text: str) -> Move:
        """Read ``"Ava: play red 7"`` (SCENARIO_FORMAT.md). Raises MoveSyntaxError."""
        from .notation import parse_move
        return parse_move(text, self._names)

    def format_move(self, move: Move) -> str:
        from .notation import format_move
        return format_move(move, self._names)

    def apply_text(self, text: str) -> tuple[Event, ...]:
        return self.apply(self.parse_move(text))

    # ---- state (full, for onlookers and tests) ------------------------------------------------

    @property
    def top_card(self) -> Card:
        return self._state.discard_pile[-1]

    @property
    def colour(self) -> Colour | None:
        return self._state.colour

    @property
    def direction(self) -> int:
        return self._state.direction

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(h) for h in self._state.hands)

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """Top first."""
        return tuple(reversed(self._state.draw_pile))

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """Bottom first; the last is the top card."""
        return tuple(self._state.discard_pile)

    @property
    def mini_pile(self) -> tuple[Card, ...]:
        return tuple(self._state.mini_pile)

    @property
    def mini_colour(self) -> Colour | None:
        return self._state.mini_colour

    @property
    def links(self) -> tuple[int, ...]:
        return tuple(self._state.links)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._state.scores)

    @property
    def uno_called(self) -> tuple[bool, ...]:
        return tuple(self._state.uno_called)

    @property
    def catchable(self) -> int | None:
        return self._state.catchable

    def out_of_turn(self) -> tuple[int, ...]:
        """The seats that may move out of turn now — speed play (SP-1), call UNO (U-1) or
        catch (U-2) — in seat order; worked out from the table without listing anyone's
        moves (`engine.legal.out_of_turn`). With `to_act` it says who may act now."""
        return _out_of_turn(self._state)

    @property
    def drawn_card(self) -> Card | None:
        return self._state.drawn_card

    @property
    def pending_draw(self) -> int:
        return self._state.pending_draw

    @property
    def round_number(self) -> int:
        return self._state.round_number

    @property
    def top_player(self) -> int | None:
        return self._state.top_player

    @property
    def pointer(self) -> int | None:
        s = self._state
        return s.pointer if s.phase is Phase.POINTING else None

    @property
    def wd4_player(self) -> int | None:
        s = self._state
        return s.wd4_player if s.phase is Phase.CHALLENGE and s.pending_kind is Kind.WILD_DRAW_FOUR else None

    def card_count(self) -> int:
        """Cards in every place (hands, draw, discard and mini piles): 224 party, 108 classic
        for a dealt game."""
        return self._state.card_count()

    # ---- moves ----------------------------------------------------------------------------------

    if TYPE_CHECKING:  # the types a learner's type checker sees; `GameCore` takes `Any` (see there)
        def legal_moves(self, player: int) -> tuple[Move, ...]: ...

        def apply(self, move: Move) -> tuple[Event, ...]: ...

    def all_legal_moves(self) -> tuple[Move, ...]:
        """Every player's legal moves, seat by seat."""
        s = self._state
        out: list[Move] = []
        for p in range(s.n):
            out += _legal_moves(s, p)
        return tuple(out)

    def why_illegal(self, move: Move) -> Refusal | None:
        """Why `move` is not allowed now, or ``None`` (RULES.md "Order of refusals")."""
        return _why_illegal(self._state, move, self._names)

    def is_mistake(self, move: Move) -> bool:
        """True for a speed play that is allowed but does not match: a penalty (SP-4)."""
        return _is_mistake(self._state, move)

    def new_round(self) -> tuple[Event, ...]:
        """Deal the next round after a round is over (R-4); the dealer moves one seat left.

        Raises:
            UnopartyError: the round is not over, or the match is over.
        """
        s = self._state
        if s.phase is not Phase.ROUND_OVER:
            raise UnopartyError("A new round starts only when a round is over (and the match is not). (R-4)")
        self._listed = ()
        if self._record_undo:
            _checkpoint(self)
        s.dealer = (s.dealer + 1) % s.n
        s.round_number += 1
        events = deal_round(s, self._rng)
        self._events += events
        self._log.append("new round")
        return tuple(events)

    def clone(self, record_undo: bool = False) -> "Game":
        """An independent copy of the game as it stands (for search and what-ifs): same state
        and random state; its history (and a save of it) starts here; undo off unless asked."""
        rng = _RecordingRandom()
        rng.setstate(self._rng.getstate())
        rng.reshuffles, rng.used = list(self._rng.reshuffles), self._rng.used
        return Game._wrap(self._names, self._rules, self._state.copy(), rng, record_undo=record_undo)

    UNDO_EVERY = _UNDO_EVERY
    """Log entries between two undo checkpoints: undo replays at most this many moves, and a
    game keeps one state copy per this many moves (instead of one per move)."""

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> None:
        """Take back the last move (or new round): state, random generator and log as before.

        Raises:
            UnopartyError: nothing to undo.
        """
        if not self._undo:
            raise UnopartyError("There is nothing to take back." if self._record_undo
                                else "This game was made without undo (record_undo=False).")
        target = len(self._log) - 1
        state, rng_state, n_events, n_log, used = self._undo[-1]
        if n_log == target:
            self._undo.pop()
        else:
            state = state.copy()  # the checkpoint stays for the next undo
        replay = self._log[n_log:target]
        self._listed = ()
        self._state = state
        rng = self._rng
        rng.setstate(rng.held(rng_state))
        rng.used = used
        del self._events[n_events:]
        del self._log[n_log:]
        # Replay the moves after the checkpoint: the engine is deterministic given the state
        # and the random state (a property test: same seed, same log).
        record, self._record_undo = self._record_undo, False
        try:
            for entry in replay:
                if isinstance(entry, str):
                    self.new_round()
                else:
                    self._events += apply_move(self._state, entry, rng)
                    self._log.append(entry)
        finally:
            self._record_undo = record

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    def events_for(self, player: int | None, start: int = 0) -> tuple[Event, ...]:
        """The event log from index `start` as seat `player` saw it: cards that seat may not
        see (others' draws, a hand shown to someone else) are removed from the events
        (`Event.cards_visible_to`); ``None`` sees everything.

        Raises:
            SeatError: `player` is neither ``None`` nor a seat of this table.
        """
        if player is not None:
            self._seat(player)
        out = []
        for e in self._events[start:]:
            out.append(e.seen_by(player))
        return tuple(out)

    @property
    def history(self) -> tuple[Move | str, ...]:
        """Moves applied so far (``"new round"`` marks where a round was dealt)."""
        return tuple(self._log)

    # ---- views and results ------------------------------------------------------------------------

    def view_for(self, player: int) -> PlayerView:
        """What seat `player` may know now: no other hand, no draw-pile order, no secret points.

        Raises:
            SeatError: `player` is not a seat of this table.
        """
        s = self._state
        player = self._seat(player)
        over = s.phase in _OVER
        return PlayerView(
            player=player, names=self._names, rules=self._rules,
            hand=tuple(s.hands[player]), hand_sizes=tuple(len(h) for h in s.hands),
            top_card=s.discard_pile[-1], discard_pile=tuple(s.discard_pile),
            draw_pile_size=len(s.draw_pile), colour=s.colour, direction=s.direction,
            phase=s.phase, current=None if over else s.current, links=tuple(s.links),
            mini_pile=tuple(s.mini_pile), uno_called=tuple(s.uno_called), catchable=s.catchable,
            pending_draw=s.pending_draw, pending_kind=s.pending_kind,
            drawn_card=s.drawn_card if s.phase is Phase.DRAWN and s.current == player else None,
            has_pointed=tuple(i in s.pointing for i in range(s.n)),
            my_target=s.pointing.get(player) if s.phase is Phase.POINTING else None,
            pointer=s.pointer if s.phase is Phase.POINTING else None,
            wd4_player=self.wd4_player, wd4_colour=s.wd4_colour if self.wd4_player is not None else None,
            top_player=s.top_player, scores=tuple(s.scores),
            round_number=s.round_number, legal_moves=tuple(_legal_moves(s, player)),
        )

    def outcome(self) -> Outcome | None:
        """The round's result once it is over (R-1, R-3, T-6), else ``None``."""
        s = self._state
        if s.phase not in _OVER:
            return None
        assert s.winner is not None  # set whenever the round is over
        return Outcome(s.winner, s.round_points, tuple(s.scores), s.blocked, s.match_winner)

    # ---- save and load -------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole game — its start, random state and every move — as JSON text."""
        state, rng_state, events = self._initial
        from .engine.serial import event_to_dict, move_to_dict, state_to_dict
        data = {
            "format": "unoparty-game", "version": 1, "names": list(self._names),
            "rules": {"rule_set": self._rules.rule_set, **self._rules.options()},
            "start": state_to_dict(state), "rng": [rng_state[0], list(rng_state[1]), rng_state[2]],
            "start_events": [event_to_dict(e) for e in events],
            "log": [m if isinstance(m, str) else move_to_dict(m) for m in self._log],
        }
        if self._rng.reshuffles:
            data["reshuffles"] = [[str(c) for c in pile] for pile in self._rng.reshuffles]
            data["reshuffles_used"] = self._initial_used
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """Rebuild a game saved with `to_json`: same state, same future (same seed stream).

        Raises:
            UnopartyError: not a saved game, or a move that no longer applies.
        """
        from .engine.serial import dict_to_state, event_from_dict, move_from_dict
        try:
            data = json.loads(text)
            if data.get("format") != "unoparty-game":
                raise UnopartyError("not a saved unoparty game")
            rules = Rules.from_dict(data["rules"]["rule_set"],
                                    {k: v for k, v in data["rules"].items() if k != "rule_set"})
            rng = _RecordingRandom()
            v, internal, gauss = data["rng"]
            rng.setstate((v, tuple(internal), gauss))
            rng.reshuffles = [tuple(Card.parse(c) for c in pile) for pile in data.get("reshuffles", ())]
            rng.used = data.get("reshuffles_used", 0)
            g = cls._wrap(data["names"], rules, dict_to_state(data["start"], rules), rng,
                          [event_from_dict(e) for e in data["start_events"]])
            for entry in data["log"]:
                if entry == "new round":
                    g.new_round()
                else:
                    g.apply(move_from_dict(entry))
            return g
        except (KeyError, TypeError, ValueError) as exc:
            raise UnopartyError(f"not a saved unoparty game: {exc}") from None



class _RecordingRandom(random.Random):
    """A `random.Random` whose state is kept for a game's start and undo checkpoints only when
    it is about to change (`hold`, `held`): one copy shared by every holder while it is
    unchanged. The engine draws on its generator only through `shuffle` (S-2) and
    `shuffle_cards` (T-5).

    Chance made explicit: `reshuffles` holds draw piles (top first) that the next reshuffles
    (T-5, PU-2) make instead of shuffling — a scenario's ``reshuffles``, a replay — and
    `used` counts those taken."""

    shuffles = 0  # shuffles, seeds and setstates so far: the state is unchanged while this is
    _pending: list[list[Any]] | None = None  # holders waiting for the state (see `hold`)

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.reshuffles: list[tuple[Card, ...]] = []
        self.used = 0

    def hold(self) -> list[Any]:
        """A holder of the generator's state as it is now, for `held`. The state (a tuple of
        625 numbers) is copied only when the generator is about to change (`shuffle`,
        `setstate`, `seed`), once for all the holders waiting — most moves shuffle nothing."""
        pending = self._pending
        if pending is None:
            pending = self._pending = []
        elif pending and pending[-1][0] == self.shuffles:
            return pending[-1]
        holder = [self.shuffles, None]
        pending.append(holder)
        return holder

    def held(self, holder: list[Any]) -> tuple[Any, ...]:
        """The state kept by `holder` (`hold`)."""
        state: tuple[Any, ...] | None = holder[1]
        if state is None:  # still waiting: the generator has not changed since
            state = self.getstate()
        return state

    def _changing(self) -> None:
        """Before the state changes: give it to the holders waiting for it."""
        self.shuffles += 1
        pending = self._pending
        if pending:
            state = self.getstate()
            for holder in pending:
                holder[1] = state
            pending.clear()

    def take_reshuffle(self, cards: list[Card]) -> list[Card] | None:
        """The next given order for `cards` (internal order: top last), or ``None`` to shuffle.

        Raises:
            ValueError: the given pile does not hold exactly the cards being shuffled.
        """
        if self.used >= len(self.reshuffles):
            return None
        order = self.reshuffles[self.used]
        if Counter(order) != Counter(cards):
            want = ", ".join(sorted(str(c) for c in cards))
            raise ValueError(f"reshuffle {self.used + 1} must hold exactly the cards being shuffled: {want}")
        self.used += 1
        return list(reversed(order))

    def shuffle_cards(self, cards: list[Card]) -> None:
        """A reshuffle's new order (T-5, PU-2; `engine.effects.reshuffle`), in place (internal
        order: top last): the next given one (`take_reshuffle`), else a shuffle — one call
        for the engine.

        Raises:
            ValueError: the given pile does not hold exactly the cards being shuffled.
        """
        if self.used < len(self.reshuffles):
            order = self.take_reshuffle(cards)
            assert order is not None  # a given pile is left
            cards[:] = order
            return
        self.shuffle(cards)

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        """`random.Random.shuffle`, drawing the same numbers in the same order (same seed,
        same deal) in a third of the time (`engine.setup.shuffle_with`)."""
        self._changing()
        _shuffle_with(x, self.getrandbits)

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._changing()
        super().setstate(state)

    def seed(self, *args: Any, **kwargs: Any) -> None:
        self._changing()
        super().seed(*args, **kwargs)

