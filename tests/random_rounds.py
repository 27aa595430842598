"""Play-biased random rounds for simulation tests, and a record of what they reached.

`unoparty.playout` plays *uniformly* random legal moves: drawing is always legal, so its
rounds last thousands of moves (2k–10k at 2–16 players) — good for soak runs
(``make soak``), too slow for every ``make test``. Here the player whose move the game waits
for plays a legal card (a `Play`) when they hold one, with probability `bias`, and otherwise
chooses uniformly among all their legal moves, like `unoparty.playout.random_move`; the
other players' out-of-turn moves (speed plays, UNO calls, catches) come in between as there.
Rounds then end like real ones, in a few hundred moves.

`Reached` records the phases, card kinds, event kinds, move kinds and house-rule effects a
run reached, and `expected(rules)` what a run with those rules must reach, so a test can
assert that its coverage is complete (`missing`) instead of assuming it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from unoparty.cards import Kind
from unoparty.engine import EventKind as E
from unoparty.engine import Phase, Play
from unoparty.rules import OPTIONS, Rules

__all__ = ["biased_move", "play_biased_round", "Reached", "expected", "missing", "CONFIGS", "HOUSE",
           "BIASES"]

OVER = (Phase.ROUND_OVER, Phase.MATCH_OVER)


def biased_move(game, rng: random.Random, bias: float = 0.9, out_of_turn: float = 0.1):
    """A random legal move that prefers plays (see module doc), or ``None`` when the round is over."""
    phase = game.phase
    if phase in OVER:
        return None
    actor = rng.choice(game.waiting_for) if phase is Phase.POINTING else game.current
    if out_of_turn and rng.random() < out_of_turn:
        p = rng.choice([q for q in range(game.n_players) if q != actor])
        moves = game.legal_moves(p)
        if moves:
            return rng.choice(moves)
    moves = game.legal_moves(actor)
    if rng.random() < bias:
        plays = [m for m in moves if type(m) is Play]
        if plays:
            return rng.choice(plays)
    return rng.choice(moves)


@dataclass
class Reached:
    """What a run of rounds reached: phases, card kinds played (PLAYED, SPEED_PLAYED,
    MINI_PILE_ADDED), event kinds, move kinds (class names) and house-rule effects
    (H-1 stacking, H-2 seven-o, H-3 jump-in, H-4 doubles)."""

    phases: set = field(default_factory=set)
    kinds: set = field(default_factory=set)
    events: set = field(default_factory=set)
    moves: set = field(default_factory=set)
    house: set = field(default_factory=set)

    def add_move(self, game, move, events) -> None:
        self.moves.add(type(move).__name__)
        self.phases.add(game.phase)
        self.add_events(events)

    def add_events(self, events) -> None:
        for e in events:
            k = e.kind
            self.events.add(k)
            if k is E.PLAYED or k is E.SPEED_PLAYED or k is E.MINI_PILE_ADDED:
                self.kinds.update(c.kind for c in e.cards)
            if k is E.STACKED:
                self.house.add("stacking")
            elif k is E.HANDS_SWAPPED:
                self.house.add("seven_o swap")
            elif k is E.HANDS_PASSED:
                self.house.add("seven_o pass")
            elif k is E.PLAYED and len(e.cards) == 2:
                self.house.add("doubles")
            elif k is E.SPEED_PLAYED and e.cards[0].kind is not Kind.NUMBER:
                self.house.add("jump_in")  # an action card jumped in (SP-7)


def play_biased_round(game, rng: random.Random, bias: float, reached: Reached, check, cap: int = 20_000) -> int:
    """Play until the round is over; `check(game)` runs after every move. Returns the number
    of moves. Raises RuntimeError if the round did not end within `cap` moves."""
    reached.phases.add(game.phase)
    reached.add_events(game.events)  # the deal and the first card
    steps = 0
    while True:
        move = biased_move(game, rng, bias)
        if move is None:
            return steps
        events = game.apply(move)
        steps += 1
        reached.add_move(game, move, events)
        check(game)
        if steps >= cap:
            raise RuntimeError(f"the round did not end within {cap} moves")


CONFIGS = [("party", n) for n in (2, 3, 6, 10, 16)] + [("classic", n) for n in (2, 3, 6, 10)]
HOUSE = {"plain": {}, "house": dict.fromkeys(OPTIONS, True)}  # no house rule; every house rule
BIASES = (0.9, 0.9, 0.6)  # a round's bias by its number: every third draws more often (reshuffles)

PARTY_KINDS = set(Kind)
CLASSIC_KINDS = {Kind.NUMBER, Kind.DRAW_TWO, Kind.REVERSE, Kind.SKIP, Kind.WILD, Kind.WILD_DRAW_FOUR}
# The phases of a round in progress; every round's end (round over, or match over when a
# total reaches the target score: often in one round at 16 players) is asserted round by round.
PARTY_PHASES = {Phase.TURN, Phase.DRAWN, Phase.CHALLENGE, Phase.POINTING, Phase.MINI_PILE}
CLASSIC_PHASES = {Phase.TURN, Phase.DRAWN, Phase.CHALLENGE}
ALL_MOVES = {"Play", "Draw", "Keep", "SpeedPlay", "CallUno", "Catch", "Accept", "Challenge", "PointAt",
             "TakeMiniPile"}
# What each house rule adds (Reached.house names the effects it saw).
HOUSE_EFFECTS = {"stacking": {"stacking"}, "seven_o": {"seven_o swap", "seven_o pass"},
                 "jump_in": {"jump_in"}, "doubles": {"doubles"}}
HOUSE_EVENTS = {"stacking": {E.STACKED}, "seven_o": {E.HANDS_SWAPPED, E.HANDS_PASSED}}

# Events too rare in real rounds to wait for; each has rule tests of its own.
RARE = {
    E.SPEED_PLAY_MISTAKE,     # never a legal move: test_rules_speed_play.py
    E.FIRST_CARD_RETURNED,    # classic, a Wild Draw Four turned first (~4 %): test_rules_setup.py
    E.MINI_PILE_NOT_STARTED,  # only wild cards left to turn: test_rules_pile_up.py
    E.ROUND_BLOCKED,          # nobody can play or draw: test_rules_turn.py
    E.MATCH_WON,              # test_a_match_runs_to_its_target_score, test_rules_round.py
}
PARTY_ONLY = {E.FIRST_CARD_IGNORED, E.COLOUR_SET, E.LINKED, E.LINKS_ENDED, E.POINTING_STARTED,
              E.POINTED, E.POINTING_RESULT, E.MINI_PILE_WILD_TURNED, E.MINI_PILE_STARTED,
              E.MINI_PILE_ADDED, E.MINI_PILE_TAKEN}
SPEED_PLAY = {E.SPEED_PLAYED, E.PASSED_OVER}  # classic: only with Jump-In (SP-7)


def expected(rules: Rules) -> Reached:
    """What a run with `rules` must reach. Every event kind is required unless it is listed
    above (rare, party only, a house rule's, speed play): an event kind added to the engine
    must be reached by the simulations or listed here with the test that covers it."""
    events = set(E) - RARE
    moves = set(ALL_MOVES)
    house = set()
    for option in OPTIONS:
        if getattr(rules, option):
            house |= HOUSE_EFFECTS[option]
        else:
            events -= HOUSE_EVENTS.get(option, set())
    if rules.rule_set == "classic":
        events -= PARTY_ONLY
        moves -= {"PointAt", "TakeMiniPile"}
        if not rules.has_speed_play:
            events -= SPEED_PLAY
            moves.discard("SpeedPlay")
    return Reached(
        phases=PARTY_PHASES if rules.is_party else CLASSIC_PHASES,
        kinds=PARTY_KINDS if rules.is_party else CLASSIC_KINDS,
        events=events,
        moves=moves,
        house=house,
    )


def missing(reached: Reached, want: Reached) -> dict:
    """What `want` has that `reached` lacks, by field (empty when complete)."""
    out = {}
    for name in ("phases", "kinds", "events", "moves", "house"):
        lack = getattr(want, name) - getattr(reached, name)
        if lack:
            out[name] = sorted(str(getattr(x, "value", x)) if not isinstance(x, Kind) else x.name for x in lack)
    return out
