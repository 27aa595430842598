"""The mutable game state inside the engine, and the phase (DESIGN.md "Engine shape").

Views, bots and tests read frozen snapshots of it (`Game.view_for`), never a `State`; the
strong bot builds its own samples of one (`unoparty.bots.strong.determinize_state`, wrapped
in a `Game` with `Game.from_state`). Piles are Python lists whose *end* is the
top: ``draw_pile[-1]`` is drawn next, ``discard_pile[-1]`` is the top card.
"""

from __future__ import annotations

import enum

from ..cards import Card, Colour, Kind
from ..rules import Rules

__all__ = ["Phase", "State"]


class Phase(enum.Enum):
    """Who may do what now. ``.value`` is the word used in scenario files."""

    TURN = "turn"                # the current player plays or draws (T-1, T-3)
    DRAWN = "drawn"              # the current player drew a playable card: play it or keep (T-3)
    CHALLENGE = "challenge"      # the current player answers a Wild Draw Four or a stacked draw (W-3, H-1)
    POINTING = "pointing"        # everybody points after a Point Taken (PT-3)
    MINI_PILE = "mini pile"      # the current player adds to the mini pile or takes it (PU-4)
    ROUND_OVER = "round over"    # a player went out, or the round was blocked (R-1, T-6)
    MATCH_OVER = "match over"    # a player reached the target score

    def __str__(self) -> str:
        return self.value

    @property
    def is_over(self) -> bool:
        """True at ``round over`` and ``match over`` (R-1, R-4): nobody acts."""
        return self is Phase.ROUND_OVER or self is Phase.MATCH_OVER


class State:
    """Everything about a game in progress.

    Built by `unoparty.engine.setup.deal_round` (a deal), `Game.from_setup` (a table set up
    by hand), `unoparty.engine.serial` (a saved game) or a bot's sample of the hidden cards;
    in play, changed only by moves (`unoparty.engine.effects.apply_move`) and by
    `Game.new_round` (the next dealer and round number, then `deal_round`). `copy` gives an
    independent one (undo checkpoints, search). `seven_o`, `plain` and `speed_play` are read
    from `rules` (made in `__init__`, never changed)."""

    __slots__ = (
        "rules", "n", "hands", "draw_pile", "discard_pile", "colour", "direction", "current",
        "phase", "top_player", "drawn_card", "uno_called", "catchable", "links",
        "pending_draw", "pending_kind", "wd4_player", "wd4_legal", "wd4_colour", "pointer", "pointing",
        "pointing_twice", "mini_pile", "mini_colour", "scores", "round_number", "dealer",
        "winner", "round_points", "blocked", "idle_turns", "match_winner",
        "seven_o", "plain", "speed_play",
    )

    def __init__(self, rules: Rules, n: int, *, _blank: bool = False):
        self.rules = rules
        self.n = n
        # What the rules say, read on every move: a field of the state costs less than an
        # attribute of `Rules` (compiled: a C field, not a look-up on a Python object).
        self.seven_o: bool = rules.seven_o                              # H-2
        self.plain: bool = not rules.seven_o and not rules.doubles      # a card plays one way (no H-2, H-4)
        self.speed_play: bool = rules.has_speed_play                    # SP-1, SP-7
        if _blank:  # `copy` sets every other field (a compiled State cannot skip __init__)
            return
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.draw_pile: list[Card] = []        # top = end
        self.discard_pile: list[Card] = []     # top = end
        self.colour: Colour | None = None      # current colour (T-2); None: any (classic first Wild, S-5)
        self.direction = 1                     # +1 clockwise, -1 counterclockwise
        self.current = 0                       # seat to act (see Phase)
        self.phase = Phase.TURN
        self.top_player: int | None = None     # who laid the top card (SP-5); None: turned up
        self.drawn_card: Card | None = None    # in Phase.DRAWN (T-3)
        self.uno_called: list[bool] = [False] * n
        self.catchable: int | None = None      # seat that may be caught now (U-2)
        self.links: tuple[int, ...] = ()       # () or two seats (LK-1)
        self.pending_draw = 0                  # Phase.CHALLENGE: cards to draw (W-3, H-1)
        self.pending_kind: Kind | None = None  # Kind.DRAW_TWO or Kind.WILD_DRAW_FOUR
        self.wd4_player: int | None = None     # who played the Wild Draw Four being answered
        self.wd4_legal = True                  # was that play legal (W-2)
        self.wd4_colour: Colour | None = None  # the colour it was judged against
        self.pointer: int | None = None        # who played the Point Taken (PT-3)
        self.pointing: dict[int, int] = {}     # seat -> target, secret (PT-3)
        self.pointing_twice = False            # a doubled Point Taken (H-4)
        self.mini_pile: list[Card] = []        # bottom first (PU-3)
        self.mini_colour: Colour | None = None
        self.scores: list[int] = [0] * n
        self.round_number = 1
        self.dealer = n - 1
        self.winner: int | None = None
        self.round_points = 0
        self.blocked = False
        self.idle_turns = 0                    # turns in a row with nothing played or drawn (T-6)
        self.match_winner: int | None = None

    def copy(self) -> "State":
        """A deep-enough copy: lists copied, cards shared (they are frozen). Written out
        field by field (a loop over the slots costs twice as much; `copy` runs per move with undo)."""
        s = State(self.rules, self.n, _blank=True)
        s.hands = [h[:] for h in self.hands]
        s.draw_pile = self.draw_pile[:]
        s.discard_pile = self.discard_pile[:]
        s.colour = self.colour
        s.direction = self.direction
        s.current = self.current
        s.phase = self.phase
        s.top_player = self.top_player
        s.drawn_card = self.drawn_card
        s.uno_called = self.uno_called[:]
        s.catchable = self.catchable
        s.links = self.links
        s.pending_draw = self.pending_draw
        s.pending_kind = self.pending_kind
        s.wd4_player = self.wd4_player
        s.wd4_legal = self.wd4_legal
        s.wd4_colour = self.wd4_colour
        s.pointer = self.pointer
        s.pointing = self.pointing.copy()
        s.pointing_twice = self.pointing_twice
        s.mini_pile = self.mini_pile[:]
        s.mini_colour = self.mini_colour
        s.scores = self.scores[:]
        s.round_number = self.round_number
        s.dealer = self.dealer
        s.winner = self.winner
        s.round_points = self.round_points
        s.blocked = self.blocked
        s.idle_turns = self.idle_turns
        s.match_winner = self.match_winner
        return s

    def to_act(self) -> tuple[int, ...]:
        """The seats whose move the game waits for: during pointing every seat that has not
        pointed (PT-3); at round/match over nobody; else the current player (T-0). Other
        seats may still speed play, call UNO or catch (SP-1, U-1, U-2)."""
        phase = self.phase
        if phase is Phase.POINTING:
            pointing = self.pointing
            return tuple([i for i in range(self.n) if i not in pointing])
        if phase is Phase.ROUND_OVER or phase is Phase.MATCH_OVER:
            return ()
        return (self.current,)

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat `steps` places after `seat` in the current direction (T-4)."""
        return (seat + steps * self.direction) % self.n

    @property
    def top(self) -> Card:
        return self.discard_pile[-1]

    def card_count(self) -> int:
        """Cards in every place: hands, both piles and the mini pile."""
        return (sum(len(h) for h in self.hands) + len(self.draw_pile)
                + len(self.discard_pile) + len(self.mini_pile))
