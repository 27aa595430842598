"""`TableSession`: one seat's view of a live table (issue 23), widget-free.

A live table is its start plus its ordered moves in the class store
(`unoparty.progress.table_log`); every kernel that opens the table's code holds a
`TableSession`, rebuilds the same `unoparty.game.Game` from the log (the engine is
deterministic) and shows **only its own seat** (`TableSession.view`: `Game.view_for` of that
seat, the events that seat may see). The page is a thin view over it:

- opening, joining, seats: :meth:`TableSession.open` (the host), :meth:`TableSession.join`
  (a learner, by the signed-in name and the tab's session key), :meth:`TableSession.from_state`
  (the same tab after a restart: seat and hand back), :meth:`fill_with_bots`,
  :meth:`set_seat`, :meth:`move_seat`, :meth:`start`, :meth:`leave`, :meth:`end`;
- the learner's moves: :meth:`act` and its short forms (:meth:`play`, :meth:`draw`,
  :meth:`speed_play`, :meth:`catch`, …) return an :class:`Outcome` — data, never words:
  ``"applied"``, ``"refused"`` (with the engine's `Refusal` and its rule id) or ``"wait"``
  (learning pace: the speed-play window is still open); ``raced`` says that other moves were
  committed first (the learner lost the race for that moment, SP-6) and the move was checked
  again against the new table. Nothing is applied here before the store committed it;
- time: :meth:`tick` — call it every ``Pace.tick`` seconds (the page's timer) — heartbeats
  the seat, takes or renews the bots' lease, lets a bot cover a learner's seat after the
  grace time, and, in the kernel holding the lease, plays the bots' moves when their think
  delay or reaction time has passed; :meth:`refresh` catches up with moves other kernels
  committed (call it when the :class:`~unoparty.progress.table_log.Follower` wakes).

Every time comes from the injected ``clock`` (a callable returning seconds, default
`time.time`): tests drive the speed-play window, grace time, lease and turn clock without
waiting.

Bots are deterministic whichever kernel runs them: the bot at seat ``s`` choosing after
entry ``seq`` uses ``random.Random(derive_seed(seed, "bot", s, seq))`` (:func:`bot_move`).
"""

from __future__ import annotations

import dataclasses
import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..bots import LEVELS, make_bot
from ..bots.base import Bot
from ..cards import Card, Colour
from ..engine import (Accept, CallUno, Catch, Challenge, Draw, Event, EventKind, Keep, Move, Phase, Play, PointAt,
                      Refusal, SpeedPlay, TakeMiniPile)
from ..engine.serial import move_from_dict, move_to_dict
from ..game import Game, Outcome as RoundOutcome, PlayerView
from ..progress.table_log import (NEW_ROUND, MoveRow, Problem, SeatRow, StoreUnreachable, TableError, TableLog,
                                  TableRow, browser_of, normalise_code)
from ..i18n import language
from ..rules import Rules
from ..simulate import derive_seed
from ..table_words import shown_names

__all__ = ["TableSession", "TablePageState", "Pace", "Outcome", "TableView", "SeatInfo", "PublicView", "TickReport", "bot_move",
           "TableError", "StoreUnreachable", "Problem", "OUT_OF_TURN", "tab_holder", "pins_on", "signed_in_as",
           "CLAIM_BEATS"]

Clock = Callable[[], float]
OUT_OF_TURN = (SpeedPlay, CallUno, Catch)
"""The moves a player may make out of turn (SP-1, U-1, U-2): the only ones taken while a
speed-play window is open (learning pace)."""
_CARD_EVENTS = (EventKind.PLAYED, EventKind.SPEED_PLAYED)


@dataclass(frozen=True, slots=True)
class Pace:
    """A table's pace and times (seconds; every one a setting).

    Attributes:
        kind: ``"learning"`` (after each card a speed-play window before the next turn
            begins; the table waits for each learner) or ``"party"`` (real time, as against
            bots).
        window: the speed-play window after each card (learning pace), s. Default 3.
        turn_clock: learning pace: a learner's turn longer than this is played for them by a
            bot (one move); None: no turn clock.
        grace: a learner's tab silent this long → a bot plays the seat ("bot for <name>") from
            the lease holder's next look (it looks once per `heartbeat`). 60.
        lease: the bots' lease lifetime, s; another kernel takes it this long after the holder
            went silent. 10.
        heartbeat: how often a tab renews its seat and the lease holder its lease, s. 3.
        round_pause: after a round, the lease holder deals the next one this much later
            (None: only the host deals, :meth:`TableSession.new_round`). 15.
        idle_end: a table with no live learner for this long ends itself, s. 1800.
        pause_without_learners: bots wait while no learner is live (True) — off for an
            all-bot table (tests, demonstrations).
        bot_speed: multiplies the bots' think delays and reaction times (1: as the levels say).
    """

    kind: str = "learning"
    window: float = 3.0
    turn_clock: float | None = None
    grace: float = 60.0
    lease: float = 10.0
    heartbeat: float = 3.0
    round_pause: float | None = 15.0
    idle_end: float = 1800.0
    pause_without_learners: bool = True
    bot_speed: float = 1.0

    def __post_init__(self) -> None:
        if self.kind not in ("learning", "party"):
            raise ValueError(f"pace must be 'learning' or 'party', not {self.kind!r}")
        for name in ("window", "grace", "lease", "heartbeat", "idle_end", "bot_speed"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not v >= 0:
                raise ValueError(f"{name} must be a number of seconds ≥ 0, not {v!r}")
        for name in ("turn_clock", "round_pause"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)) or not v >= 0):
                raise ValueError(f"{name} must be None or a number of seconds ≥ 0, not {v!r}")

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Pace":
        """Raises ValueError on an unknown key or a bad value."""
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(d) - names
        if unknown:
            raise ValueError(f"unknown pace settings: {', '.join(sorted(unknown))}")
        return cls(**dict(d))


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of a learner's move (data; the page words it).

    Attributes:
        status: ``"applied"`` (committed, then made here), ``"refused"`` (not legal: see
            `refusal`, `rule`; nothing changed), ``"paused"`` (the table is paused: nothing
            changed), ``"wait"`` (learning pace: the speed-play window is open for `wait`
            more seconds; only speed plays, UNO calls and catches are taken meanwhile).
        move: the move sent. seq: its place in the table's log (applied), else None.
        raced: other moves were committed after the table this seat showed (the learner lost
            the race for that moment); the move was checked again against the new table.
        refusal: the engine's `Refusal` (rule id, reason) when refused by a rule.
        rule: the refusal's rule id (``"U-3"``, ``"SP-3"``, ``"R-1"``…), or None.
        events: what the move did, as this seat sees it (applied).
        wait: seconds until the window closes (status ``"wait"``), else 0.
    """

    status: str
    move: Move | str
    seq: int | None = None
    raced: bool = False
    refusal: Refusal | None = None
    rule: str | None = None
    events: tuple[Event, ...] = ()
    wait: float = 0.0

    @property
    def applied(self) -> bool:
        return self.status == "applied"


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat as every screen shows it.

    Attributes:
        seat: 0-based. name: the player's name (a bot's name). kind: ``"learner"``,
        ``"bot"`` or ``"empty"``. level: bot level (bots and covered seats). covered: a bot plays
        this learner's seat ("bot for <name>"). live: a learner whose tab answers. is_you,
        is_host: this session's seat; the host's seat. cards: cards in hand (None before the start).
        handed: the host gave the learner's seat to a bot (only the host gives it back).
    """

    seat: int
    name: str | None
    kind: str
    level: str | None
    covered: bool
    live: bool
    is_you: bool
    is_host: bool
    cards: int | None
    handed: bool = False
    """The host gave this learner's seat to a bot (:meth:`TableSession.hand_over`)."""


@dataclass(frozen=True, slots=True)
class TableView:
    """What this session's seat may see now (computed once per update).

    Attributes:
        code: the table code. status: ``"open"``, ``"running"``, ``"ended"``. version: bumps
        on every change the page must show. seq: the log entries applied. you: this seat (None:
        a spectator). host: the host's name. seats: every seat (`SeatInfo`).
        player: ``Game.view_for(you)`` (None before the start or for a spectator) — never
        another seat's hand. events: the events this seat saw since `since` (`events_since`).
        window_left: seconds of speed-play window left (learning pace), 0 when closed.
        window: the window's full length (for a shrinking bar). round_over: the round is over.
        outcome: the round's result when it is over. to_act: the seats the game waits for
        (`Game.to_act`; public).
    """

    code: str
    status: str
    version: int
    seq: int
    you: int | None
    host: str | None
    seats: tuple[SeatInfo, ...]
    player: PlayerView | None
    window_left: float
    window: float
    round_over: bool
    outcome: RoundOutcome | None
    pace: Pace
    to_act: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PublicView:
    """The projector's view: every seat's card count, the piles, links, scores — no hand until
    the round is over (then ``hands`` holds them all, seat order), else ``()``."""

    code: str
    status: str
    version: int
    seq: int
    seats: tuple[SeatInfo, ...]
    top_card: Card | None
    colour: Colour | None
    discard_pile: tuple[Card, ...]
    draw_pile_size: int
    mini_pile: tuple[Card, ...]
    links: tuple[int, ...]
    direction: int
    current: int | None
    phase: Phase | None
    scores: tuple[int, ...]
    round_number: int
    window_left: float
    hands: tuple[tuple[Card, ...], ...]
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class TickReport:
    """What one :meth:`TableSession.tick` did: the bots' moves committed (their outcomes),
    whether this kernel holds the bots' lease, seats a bot began to cover, a round dealt."""

    bot_moves: tuple[Outcome, ...] = ()
    holds_lease: bool = False
    covered: tuple[int, ...] = ()
    dealt: bool = False
    ended: bool = False


@dataclass(slots=True)
class TablePageState:
    """What the Play together page knows besides its :class:`TableSession` (issue 18: a view
    keeps widgets and sessions only), widget-free.

    Attributes:
        key: the browser's session key (its seats are held as this browser's), or None.
        tab: this tab's holder at the table log (``tab_holder(key)``), once made.
        resuming: a kept table tried again — its saved state and until when (s) — or None.
        refreshed: when the table was read from the store last (s, the page's clock).
        unreachable: the class store could not be reached at the last look.
        drawn_seq: the log entries (moves) the page drew last, or None before the first
            drawing: only a new move closes an open colour picker and clears a refusal — not
            a seat's heartbeat, which bumps the view's version every few seconds.
    """

    key: str | None = None
    tab: str | None = None
    resuming: tuple[dict[str, Any], float] | None = None
    refreshed: float = 0.0
    unreachable: bool = False
    drawn_seq: int | None = None


class _Refused(Exception):
    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.status)
        self.outcome = outcome


def bot_move(bot: Bot, view: PlayerView, seed: int, seq: int, *, react: bool = False) -> Move | None:
    """The move of the bot at ``view.player`` after entry `seq` of a table with `seed`: the
    same in every kernel (its generator is ``derive_seed(seed, "bot", seat, seq)``).
    ``react``: its out-of-turn move (speed play, UNO call, catch) or None."""
    rng = random.Random(derive_seed(seed, "bot", view.player, seq, "react" if react else "choose"))
    return bot.react(view, rng) if react else bot.choose(view, rng)


def _public_events(game: Game, start: int) -> tuple[Event, ...]:
    """The events from index `start` with every card no onlooker may see removed (drawn cards,
    swapped hands: `Event.cards_visible_to`)."""
    return tuple(e.seen_by(-1) for e in game.events_for(None, start))


def _new_key() -> str:
    return secrets.token_urlsafe(16)


CLAIM_BEATS = 3
"""A tab of the same browser (a reload) takes a seat whose tab has been silent this many
heartbeats (`Pace.heartbeat`), or at once once that tab closed (`TableSession.close`)."""


def tab_holder(key: str | None) -> str:
    """A new tab's holder: ``"<browser key>.<tab>"`` (`browser_of` gives the key back), a
    random key when the browser's is not known yet."""
    return f"{key or _new_key()}.{secrets.token_urlsafe(6)}"


def pins_on(store: Any) -> bool:
    """The teacher's setting ``pins`` (a learner's record — and seat — is theirs alone)."""
    try:
        return bool(store.class_setting("pins") == "1") and not getattr(store, "keeps_last_learner", False)
    except Exception:  # noqa: BLE001 - an older store without class settings: no PINs
        return False


def signed_in_as(store: Any, holder: str, name: str) -> bool:
    """The browser of `holder` is signed in as `name` (``store.learner_for_key``)."""
    key = browser_of(holder)
    try:
        who = store.learner_for_key(key) if key else None
    except Exception:  # noqa: BLE001 - a key the store refuses signs in as nobody
        who = None
    return bool(who) and " ".join(str(who).split()).casefold() == name.casefold()


class TableSession:
    """One seat's session of a live table (or a spectator's: ``seat`` None).

    Build it with :meth:`open`, :meth:`join` or :meth:`from_state`, not directly.

    Attributes:
        code: the table code. name: the learner's name. holder: the tab's session key (the
        browser's key; a restarted kernel with the same key gets the seat back). seat: this
        seat or None. version: bumps on every change the page must show.
    """

    kind: ClassVar[str] = "table"

    def __init__(self, log: TableLog, code: str, name: str, holder: str, seat: int | None, *,
                 clock: Clock = time.time, run_bots: bool = True) -> None:
        self.log, self.code, self.name, self.holder, self.seat = log, code, name, holder, seat
        self.clock = clock
        self.run_bots = run_bots
        self.version = 0
        self._table: TableRow | None = None
        self._seats: list[SeatRow] = []
        self._game: Game | None = None
        self._names_language = ""   # the language the game's bot names were worded in (_build_game)
        self._seq = 0
        self._rows: list[MoveRow] = []
        self._last_card_at: float | None = None   # commit time of the last card played (window)
        self._round_over_at: float | None = None
        self._bots: dict[tuple[int, str], Bot] = {}
        self._beat_at = -1e18
        self._lease_at = -1e18
        self._cover_at = -1e18
        self._holds_lease = False
        self._seat_lost = False
        self.refresh()

    # ---- building ---------------------------------------------------------------------------

    @classmethod
    def open(cls, log: TableLog, *, host: str, holder: str | None = None, seats: int = 4,
             rules: Rules = Rules(), bot_level: str = "basic", pace: Pace = Pace(), seed: int | None = None,
             clock: Clock = time.time, run_bots: bool = True, rng: random.Random | None = None) -> "TableSession":
        """Open a table: `host` (the signed-in learner) takes seat 0; the other seats are empty
        (bots of `bot_level` at the start unless learners join).

        Args:
            seats: 2–16 (classic 2–10, S-1). rules: rule set and house rules. pace: `Pace`.
            seed: the deal's seed (default: random). holder: the tab's session key (default: new).
            rng: for the code (tests).

        Raises:
            ValueError: a bad number of seats or bot level. StoreUnreachable.
        """
        if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= rules.max_players:
            raise ValueError(f"a {rules.rule_set} table has 2 to {rules.max_players} seats, not {seats!r} (S-1)")
        if bot_level not in LEVELS:
            raise ValueError(f"unknown bot level {bot_level!r}: use one of {', '.join(LEVELS)}")
        holder = holder or _new_key()
        now = clock()
        start = {"format": "unoparty-table", "version": 1, "seats": seats,
                 "rules": {"rule_set": rules.rule_set, **rules.options()},
                 "seed": secrets.randbits(48) if seed is None else seed, "bot_level": bot_level,
                 "pace": pace.to_dict(), "names": None}
        rows: list[tuple[str, str | None, str | None]] = [("empty", None, None)] * seats
        code = log.create(start, rows, host=None, now=now, rng=rng)
        log.join(code, host, holder, now=now, grace=pace.grace)
        return cls(log, code, host, holder, 0, clock=clock, run_bots=run_bots)

    @classmethod
    def join(cls, log: TableLog, code: str, *, name: str, holder: str | None = None, clock: Clock = time.time,
             watch: bool = False, run_bots: bool = True, store: Any = None) -> "TableSession":
        """Join table `code` as `name` (the signed-in learner) from the tab `holder`
        (``"<browser key>.<tab>"``: `tab_holder`).

        Their own seat comes back (kept during the grace time, or covered by a bot; from
        another tab of the same browser — a reload — once that tab has been silent for
        ``3 × Pace.heartbeat`` s, at once if it closed: :meth:`close`); an open table gives the
        first free seat; a running one makes them a spectator until a bot's seat frees at
        the next round (`watch`: a spectator even when the open table is full).

        With `store` (the class's progress store) and its class setting ``pins`` on, the
        browser must be signed in as `name` (``store.learner_for_key`` of the holder's
        browser key): a seat goes only to its signed-in learner (issue 22).

        Raises:
            TableError: BAD_CODE, UNKNOWN_CODE, ENDED, FULL, SEAT_LIVE (the seat is live in
                another tab), HANDED (the host gave the seat to a bot), NAME_TAKEN (a bot has
                that name), NOT_SIGNED_IN (PINs on), BAD_NAME. StoreUnreachable.
        """
        code = normalise_code(code)
        holder = holder or _new_key()
        name = " ".join(str(name).split())
        if store is not None and pins_on(store) and not signed_in_as(store, holder, name):
            raise TableError(Problem.NOT_SIGNED_IN, f"this browser is not signed in as {name}: "
                                                    "sign in with the PIN first", code=code, name=name)
        t = log.table(code)
        pace = Pace.from_dict(t.start.get("pace", {}))
        joined = log.join(code, name, holder, now=clock(), grace=pace.grace, watch=watch,
                          claim=CLAIM_BEATS * pace.heartbeat)
        return cls(log, code, name, holder, joined.seat, clock=clock, run_bots=run_bots)

    def to_state(self) -> dict[str, Any]:
        """JSON-able (CONTRACTS.md §2): the code, name, tab key and seat — the table itself is in
        the store."""
        return {"code": self.code, "name": self.name, "holder": self.holder, "seat": self.seat, "seq": self._seq}

    @classmethod
    def from_state(cls, state: Mapping[str, Any], *, log: TableLog | None = None, clock: Clock = time.time,
                   run_bots: bool = True, holder: str | None = None, store: Any = None,
                   **context: Any) -> "TableSession":
        """The same learner back after a reload or a restart: rejoins with the kept name, as
        `holder` (the new tab's; default the kept one) — seat and hand back, rebuilt from the
        store. A reload's new tab takes the seat from the old tab of the same browser at
        once when that tab closed, else once it has been silent for ``3 × Pace.heartbeat``
        (SEAT_LIVE until then: try again).

        Raises:
            ValueError: a bad state or no `log`. TableError (ENDED, UNKNOWN_CODE, SEAT_LIVE,
            NOT_SIGNED_IN…). StoreUnreachable.
        """
        if log is None:
            raise ValueError("TableSession.from_state needs log=TableLog(...)")
        if not isinstance(state, Mapping) or not all(isinstance(state.get(k), str) for k in ("code", "name", "holder")):
            raise ValueError(f"not a table session's state: {state!r}")
        return cls.join(log, state["code"], name=state["name"], holder=holder or state["holder"], clock=clock,
                        run_bots=run_bots, store=store)

    # ---- reading the store -------------------------------------------------------------------------

    @property
    def start_info(self) -> Mapping[str, Any]:
        assert self._table is not None
        return self._table.start

    @property
    def pace(self) -> Pace:
        return Pace.from_dict(self.start_info.get("pace", {}))

    @property
    def status(self) -> str:
        assert self._table is not None
        return self._table.status

    @property
    def seq(self) -> int:
        """The log entries applied here."""
        return self._seq

    @property
    def host(self) -> str | None:
        assert self._table is not None
        return self._table.host

    @property
    def is_host(self) -> bool:
        return self.host is not None and self.host == self.name and self.seat is not None

    @property
    def history(self) -> tuple[Move | str, ...]:
        """The game's moves so far (``"new round"`` between rounds), as the log holds them."""
        return self._game.history if self._game is not None else ()

    @property
    def paused(self) -> bool:
        """The table is paused (the projector's *Pause*, :meth:`set_paused`): no move is taken,
        the bots wait."""
        return bool(self._table is not None and self._table.start.get("paused"))

    def set_paused(self, paused: bool) -> None:
        """Pause or resume the table for every screen (the projector's *Pause*)."""
        self.log.set_paused(self.code, paused, now=self.clock())
        self.refresh()

    @property
    def game(self) -> Game | None:
        """The table's game as rebuilt here (None before the start), for the page's widgets:
        they draw only ``game.view_for(seat)`` of this session's seat (the board's
        explanations ask ``game.why_illegal``, as in a game against bots).

        Its players' names are the ones this screen shows: a bot seat's stored name
        (``"Bot 3"``, :attr:`start_info` and :attr:`SeatInfo.name`, the same for every kernel
        and in the store) is worded in this kernel's language (`table_words.bot_name`: French
        *Robot 3*), and worded again when the language changes (the moves held here replayed,
        nothing read from the store)."""
        self._reword()
        return self._game

    def _reword(self) -> None:
        """The game's bot names in the current language: rebuilt from the moves already held
        when the language changed since :meth:`_build_game` (a page switched language)."""
        if self._game is None or self._names_language == language():
            return
        rows = self._rows
        self._build_game()
        for row in rows:
            self._apply_row(row)

    @property
    def seat_lost(self) -> bool:
        """This tab no longer holds its seat (another tab took it back, or a bot covers it
        after the grace time): open the code again (:meth:`rejoin`)."""
        return self._seat_lost

    def _build_game(self) -> None:
        start = self.start_info
        names = start.get("names")
        if not names:
            self._game = None
            return
        r = start["rules"]
        rules = Rules.from_dict(r["rule_set"], {k: v for k, v in r.items() if k != "rule_set"})
        self._names_language = language()
        shown = shown_names(list(names), {s.name for s in self._seats if s.kind == "bot" and s.name})
        self._game = Game(list(shown), rules, seed=int(start["seed"]), record_undo=False)
        self._seq = 0
        self._rows = []
        self._last_card_at = None
        self._round_over_at = None

    def _apply_row(self, row: MoveRow) -> tuple[Event, ...]:
        game = self._game
        if game is None:
            raise ValueError(f"table {self.code}: a move in the log before the table started")
        if row.seq != self._seq + 1:
            raise ValueError(f"table {self.code}: entry {row.seq} after {self._seq}")
        if row.entry == NEW_ROUND:
            events = game.new_round()
        else:
            events = game.apply(move_from_dict(row.entry))
        self._seq = row.seq
        self._rows.append(row)
        if any(e.kind in _CARD_EVENTS for e in events):
            self._last_card_at = row.at
        self._round_over_at = row.at if game.phase.is_over else None
        return events

    def refresh(self) -> bool:
        """Catch up with the store: new moves, seats, host, status. Returns whether anything
        changed (then `version` has bumped).

        Raises:
            StoreUnreachable: nothing changed here. TableError: the table is gone.
        """
        t, seats, rows = self.log.snapshot(self.code, self._seq)
        changed = (t != self._table) or (seats != self._seats)
        started = self._table is None or (self._table.start.get("names") != t.start.get("names"))
        self._table, self._seats = t, seats
        if started:
            had, changed = self._seq, True
            self._build_game()
            if self._game is None:
                rows = []
            elif had:
                rows = self.log.moves(self.code, 0)
        for row in rows:
            self._apply_row(row)
            changed = True
        # the seat this tab holds: a spectator seated at a new round (a bot's seat freed for
        # them), or a learner the host moved to another seat
        mine = next((s for s in self._seats if s.holder == self.holder and s.kind == "learner"
                     and not s.covered), None)
        if mine is not None and mine.seat != self.seat:
            self.seat, changed = mine.seat, True
        if self.seat is not None:
            mine = self._seats[self.seat] if self.seat < len(self._seats) else None
            lost = mine is None or mine.holder != self.holder or mine.covered
            if lost != self._seat_lost:
                self._seat_lost, changed = lost, True
        if changed:
            self.version += 1
        return changed

    # ---- the views --------------------------------------------------------------------------------

    def _window_left(self, now: float) -> float:
        pace = self.pace
        if pace.kind != "learning" or self._last_card_at is None or self._game is None or self._game.phase.is_over:
            return 0.0
        return max(0.0, self._last_card_at + pace.window - now)

    def _seat_infos(self, now: float) -> tuple[SeatInfo, ...]:
        grace = self.pace.grace
        game = self._game
        out = []
        for s in self._seats:
            live = s.kind == "learner" and not s.covered and s.heartbeat is not None and now - s.heartbeat <= grace
            out.append(SeatInfo(s.seat, s.name, s.kind, s.level or (self.start_info.get("bot_level") if s.covered else None),
                                s.covered, live, s.seat == self.seat, s.kind == "learner" and s.name == self.host,
                                len(game.hands[s.seat]) if game is not None else None, s.handed))
        return tuple(out)

    def view(self) -> TableView:
        """This seat's view (own hand only: `Game.view_for`), with every seat's public facts."""
        assert self._table is not None
        self._reword()
        now = self.clock()
        game = self._game
        player = game.view_for(self.seat) if game is not None and self.seat is not None else None
        return TableView(self.code, self._table.status, self.version, self._seq, self.seat, self._table.host,
                         self._seat_infos(now), player, self._window_left(now), self.pace.window,
                         bool(game and game.phase.is_over), game.outcome() if game else None, self.pace,
                         game.to_act() if game else ())

    def events_since(self, start: int = 0) -> tuple[Event, ...]:
        """The game's events from index `start`, as this seat saw them (others' drawn cards
        hidden: `Game.events_for`); a spectator sees what no seat's hand reveals."""
        self._reword()
        if self._game is None:
            return ()
        if self.seat is None:
            return _public_events(self._game, start)
        return self._game.events_for(self.seat, start)

    def public_view(self) -> PublicView:
        """The projector's view: no hand until the round is over (then all of them)."""
        assert self._table is not None
        self._reword()
        now = self.clock()
        g = self._game
        seats = self._seat_infos(now)
        if g is None:
            return PublicView(self.code, self._table.status, self.version, self._seq, seats, None, None, (), 0, (),
                              (), 1, None, None, (), 0, 0.0, (), ())
        over = g.phase.is_over
        events = _public_events(g, 0) if not over else g.events
        return PublicView(self.code, self._table.status, self.version, self._seq, seats, g.top_card, g.colour,
                          g.discard_pile, len(g.draw_pile), g.mini_pile, g.links, g.direction, g.current, g.phase,
                          g.scores, g.round_number, self._window_left(now), g.hands if over else (), events)

    # ---- moves -----------------------------------------------------------------------------------------

    def _commit(self, entry: Move | str, seat: int | None, known: int, *, bot: bool = False) -> Outcome:
        """Append `entry` for `seat` in one transaction, checked against every move before it."""
        now = self.clock()
        raced_rows: list[MoveRow] = []

        def check(before: tuple[MoveRow, ...]) -> None:
            for row in before:
                self._apply_row(row)
                raced_rows.append(row)
            raced = self._seq > known
            game = self._game
            if game is None:
                raise TableError(Problem.NOT_RUNNING, f"table {self.code} has not started yet", code=self.code)
            if entry == NEW_ROUND:
                if game.phase is not Phase.ROUND_OVER:
                    raise _Refused(Outcome("refused", entry, raced=raced, rule="R-4"))
                return
            assert not isinstance(entry, str)
            refusal = game.why_illegal(entry)
            if refusal is not None:
                raise _Refused(Outcome("refused", entry, raced=raced, refusal=refusal, rule=refusal.rule))
            if self.paused:   # the projector paused the table (TableLog.set_paused)
                raise _Refused(Outcome("paused", entry, raced=raced))
            left = self._window_left(now)
            if left > 0 and not isinstance(entry, OUT_OF_TURN):
                raise _Refused(Outcome("wait", entry, raced=raced, wait=left))

        try:
            appended = self.log.append(self.code, self._seq, NEW_ROUND if entry == NEW_ROUND else
                                       move_to_dict(entry),  # type: ignore[arg-type]
                                       seat=seat, now=now, check=check,
                                       holder=None if entry == NEW_ROUND else self.holder, bot=bot)
        except TableError as e:
            if e.problem is Problem.NOT_SEATED and not bot:
                self._seat_lost = True
                self.version += 1
            if e.problem is Problem.NOT_SEATED and bot:
                self._holds_lease = False
            raise
        except _Refused as r:
            if raced_rows:
                self.version += 1
            return r.outcome
        row = MoveRow(appended.seq, seat, NEW_ROUND if entry == NEW_ROUND else move_to_dict(entry),  # type: ignore[arg-type]
                      now)
        n_events = len(self._game.events) if self._game is not None else 0
        self._apply_row(row)
        self.version += 1
        events = self._game.events_for(seat, n_events) if self._game is not None and seat is not None else ()
        return Outcome("applied", entry, seq=appended.seq, raced=appended.seq - 1 > known, events=events)

    def act(self, move: Move) -> Outcome:
        """Send this seat's `move` (its ``player`` must be this seat) to the table.

        Returns:
            An `Outcome`: applied (committed first, then made here), refused (the engine's
            refusal and rule id; nothing changed) or wait (learning pace window). ``raced``:
            others' moves came first and the move was checked against the table they made.

        Raises:
            TableError: NOT_SEATED (a spectator, a seat this tab lost, a move for another seat),
                NOT_RUNNING, ENDED. StoreUnreachable: nothing was made (show nothing as made).
        """
        if self.seat is None or self._seat_lost:
            raise TableError(Problem.NOT_SEATED, f"{self.name} holds no seat at table {self.code}: open the "
                                                 "code again to take it back", code=self.code, name=self.name)
        if getattr(move, "player", None) != self.seat:
            raise TableError(Problem.NOT_SEATED, f"this tab plays seat {self.seat}, not {getattr(move, 'player', None)}",
                             code=self.code, name=self.name)
        return self._commit(move, self.seat, self._seq)

    def act_at(self, move: Move, known: int) -> Outcome:
        """`act`, for a move chosen when the table stood at entry `known` (a click on an older
        screen; the races' tests): ``raced`` compares with `known`."""
        if self.seat is None or getattr(move, "player", None) != self.seat:
            raise TableError(Problem.NOT_SEATED, f"this tab plays seat {self.seat}", code=self.code, name=self.name)
        return self._commit(move, self.seat, known)

    def _me(self) -> int:
        if self.seat is None:
            raise TableError(Problem.NOT_SEATED, f"{self.name} is watching table {self.code}, not playing",
                             code=self.code, name=self.name)
        return self.seat

    def play(self, card: Card, colour: Colour | None = None, *, link: tuple[int, int] | None = None,
             call_uno: bool = False, swap_with: int | None = None, twice: bool = False) -> Outcome:
        """Play `card` (T-1; a wild names `colour`, W-1). See `act`."""
        return self.act(Play(self._me(), card, colour, link, call_uno, swap_with, twice))

    def draw(self) -> Outcome:
        """Draw a card (T-3)."""
        return self.act(Draw(self._me()))

    def keep(self) -> Outcome:
        """Keep the card just drawn (T-3)."""
        return self.act(Keep(self._me()))

    def speed_play(self, card: Card, *, call_uno: bool = False, swap_with: int | None = None) -> Outcome:
        """Speed-play `card` on the top card (SP-1)."""
        return self.act(SpeedPlay(self._me(), card, call_uno, swap_with))

    def call_uno(self) -> Outcome:
        """Call UNO (U-1)."""
        return self.act(CallUno(self._me()))

    def catch(self, target: int) -> Outcome:
        """Catch `target`, who holds one card and did not call UNO (U-2)."""
        return self.act(Catch(self._me(), target))

    def accept(self) -> Outcome:
        """Draw the cards of a Wild Draw Four or stacked draw (W-3, H-1)."""
        return self.act(Accept(self._me()))

    def challenge(self) -> Outcome:
        """Challenge the Wild Draw Four (W-3)."""
        return self.act(Challenge(self._me()))

    def point_at(self, target: int) -> Outcome:
        """Point at `target` after a Point Taken (PT-3)."""
        return self.act(PointAt(self._me(), target))

    def take_mini_pile(self) -> Outcome:
        """Take the mini pile (PU-6)."""
        return self.act(TakeMiniPile(self._me()))

    # ---- the host -----------------------------------------------------------------------------------------

    def _host_only(self) -> None:
        self.refresh()
        if not self.is_host:
            raise TableError(Problem.NOT_HOST, f"only the host ({self.host}) can do this at table {self.code}",
                             code=self.code, name=self.name)

    def fill_with_bots(self, level: str | None = None) -> None:
        """The host: every empty seat gets a bot of `level` (default the table's)."""
        self._host_only()
        level = level or str(self.start_info.get("bot_level", "basic"))
        for s in self._seats:
            if s.kind == "empty":
                self.log.set_seat(self.code, s.seat, "bot", name=self._bot_name(s.seat), level=level, now=self.clock())
        self.refresh()

    def _bot_name(self, seat: int) -> str:
        taken = {s.name for s in self._seats}
        name, k = f"Bot {seat + 1}", 1
        while name in taken:
            k += 1
            name = f"Bot {seat + 1}.{k}"
        return name

    def set_seat(self, seat: int, kind: str, *, level: str | None = None) -> None:
        """The host, before the start: seat `seat` becomes ``"bot"`` (of `level`) or ``"empty"``
        (frees a learner's seat). Raises TableError (NOT_HOST, STARTED), ValueError."""
        self._host_only()
        if level is not None and level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}: use one of {', '.join(LEVELS)}")
        self.log.set_seat(self.code, seat, kind, name=self._bot_name(seat) if kind == "bot" else None,
                          level=level or str(self.start_info.get("bot_level", "basic")), now=self.clock())
        self.refresh()

    def move_seat(self, seat: int, to: int) -> None:
        """The host swaps seats `seat` and `to` (who sits where): before the start, or on a
        running table once the round is over (R-4; each seat keeps its score).

        Raises:
            TableError: NOT_HOST, IN_ROUND (a round is under way). ValueError: a seat out of range.
        """
        self._host_only()
        between = self._game is not None and self._game.phase.is_over
        self.log.move_seat(self.code, seat, to, now=self.clock(), between_rounds=between)
        self.refresh()
        for s in self._seats:
            if s.holder == self.holder and not s.covered:
                self.seat = s.seat

    def hand_over(self, seat: int, to: str) -> None:
        """The host hands seat `seat` over: ``"bot"`` (a bot plays it, "bot for <name>", until
        the host gives it back), ``"back"`` (the learner plays it again), ``"free"`` (no longer
        the learner's: a bot plays it, and a learner waiting takes it at the next round).
        Before the start, ``"bot"`` and ``"free"`` are `set_seat` (a bot, an empty seat).

        Raises:
            TableError: NOT_HOST, NOT_SEATED (no learner at `seat`). ValueError.
        """
        self._host_only()
        if self.status == "open":
            if to == "back":
                raise ValueError("before the start a seat is not handed back")
            self.set_seat(seat, "bot" if to == "bot" else "empty")
            return
        level = str(self.start_info.get("bot_level", "basic"))
        self.log.hand_over(self.code, seat, to, now=self.clock(), bot_name=self._bot_name(seat), level=level)
        self.refresh()

    def start(self) -> None:
        """The host starts the table: empty seats become bots, the names are fixed and the first
        round is dealt from the table's seed.

        Raises:
            TableError: NOT_HOST, STARTED.
        """
        self._host_only()
        level = str(self.start_info.get("bot_level", "basic"))

        def finish(t: TableRow, seats: list[SeatRow]) -> tuple[dict[str, Any], list[SeatRow]]:
            out, taken = [], {s.name for s in seats if s.name}
            for s in seats:
                if s.kind == "empty":
                    name, k = f"Bot {s.seat + 1}", 1
                    while name in taken:
                        k += 1
                        name = f"Bot {s.seat + 1}.{k}"
                    taken.add(name)
                    s = dataclasses.replace(s, kind="bot", name=name, level=level)
                out.append(s)
            return {**t.start, "names": [s.name for s in out]}, out

        self.log.start(self.code, now=self.clock(), finish=finish)
        self.refresh()

    def new_round(self) -> Outcome:
        """Deal the next round once a round is over (R-4): any player may ask; refused
        (rule R-4) while a round is under way."""
        return self._commit(NEW_ROUND, None, self._seq)

    def end(self) -> None:
        """The host (or the teacher's page) ends the table."""
        self.log.end(self.code, now=self.clock())
        self.refresh()

    def leave(self) -> None:
        """This learner leaves: a bot plays the seat ("bot for <name>") until they open the code
        again; a host's role passes to the next learner."""
        self.log.leave(self.code, self.seat, self.holder, now=self.clock())
        if self._holds_lease:
            self.log.drop_lease(self.code, self.holder)
            self._holds_lease = False
        self.refresh()

    def rejoin(self) -> None:
        """Open the code again from this tab: take the seat back (`join`'s rules)."""
        joined = self.log.join(self.code, self.name, self.holder, now=self.clock(), grace=self.pace.grace)
        self.seat = joined.seat
        self._seat_lost = False
        self.refresh()

    # ---- time: heartbeat, lease, bots ---------------------------------------------------------------------

    def _bot(self, seat: int, level: str) -> Bot:
        key = (seat, level)
        if key not in self._bots:
            self._bots[key] = make_bot(level)
        return self._bots[key]

    def tick(self, *, max_moves: int = 64) -> TickReport:
        """Everything time does, at the clock's now: heartbeat this seat (every
        ``Pace.heartbeat`` s), take or renew the bots' lease, let bots cover seats silent for
        the grace time, and — in the lease's holder — make the bots' moves that are due
        (think delay after the last entry, reaction time for speed plays and catches, the
        window of learning pace), deal the next round after ``round_pause``, end a table idle
        for ``idle_end``. Returns a `TickReport`.

        Raises:
            StoreUnreachable: the page says so and ticks again later.
        """
        pace = self.pace
        now = self.clock()
        if self.status == "ended":
            return TickReport(ended=True)
        if now - self._beat_at >= pace.heartbeat:
            self._beat_at = now
            if not self.log.heartbeat(self.code, self.seat, self.holder, now=now) and self.seat is not None:
                self.refresh()
        if not self.run_bots or self.status != "running":
            return TickReport()
        if not self._holds_lease or now - self._lease_at >= pace.heartbeat:
            self._holds_lease = self.log.take_lease(self.code, self.holder, now=now, lifetime=pace.lease)
            self._lease_at = now
        if not self._holds_lease:
            self.refresh()
            return TickReport()
        covered: tuple[int, ...] = ()
        if now - self._cover_at >= pace.heartbeat:
            self._cover_at = now
            covered = tuple(self.log.cover_stale(self.code, now=now, grace=pace.grace))
        self.refresh()
        outcomes: list[Outcome] = []
        dealt = ended = False
        for _ in range(max_moves):
            out = self._bot_step(now, pace)
            if out is None:
                break
            if out == NEW_ROUND:
                dealt = True
                continue
            if out == "end":
                ended = True
                break
            assert isinstance(out, Outcome)
            outcomes.append(out)
        return TickReport(tuple(outcomes), True, covered, dealt, ended)

    def _bot_step(self, now: float, pace: Pace) -> Outcome | str | None:
        """One due bot move (or a new round, or the table's end) in the lease holder, else None."""
        game = self._game
        if game is None or self.paused:
            return None
        infos = self._seat_infos(now)
        live = any(s.live for s in infos)
        last_at = self._rows[-1].at if self._rows else (self._table.updated if self._table else now)
        if not live and pace.pause_without_learners:
            if now - last_at >= pace.idle_end:
                self.end()
                return "end"
            return None
        if game.phase is Phase.MATCH_OVER:
            return None
        if game.phase is Phase.ROUND_OVER:
            if pace.round_pause is not None and now - last_at >= pace.round_pause:
                out = self._commit(NEW_ROUND, None, self._seq)
                return NEW_ROUND if out.applied else None
            return None
        level_of = {s.seat: (s.level or str(self.start_info.get("bot_level", "basic"))) for s in self._seats}
        bot_seats = [s.seat for s in self._seats if s.is_bot_played]
        actors = game.to_act()
        speed = pace.bot_speed
        # out-of-turn first: reactions are quicker than thinking
        best: tuple[float, int, Move] | None = None
        for seat in bot_seats:
            if seat in actors:
                continue
            bot = self._bot(seat, level_of[seat])
            due = last_at + bot.timing.reaction_time * speed
            if now < due or not any(isinstance(m, OUT_OF_TURN) for m in game.legal_moves(seat)):
                continue
            move = bot_move(bot, game.view_for(seat), int(self.start_info["seed"]), self._seq, react=True)
            if move is not None and (best is None or due < best[0]):
                best = (due, seat, move)
        window_end = last_at if self._last_card_at is None or pace.kind != "learning" else \
            max(last_at, self._last_card_at + pace.window)
        for seat in actors:
            clocked = (pace.kind == "learning" and pace.turn_clock is not None and seat not in bot_seats
                       and now >= max(last_at, window_end) + pace.turn_clock)
            if seat not in bot_seats and not clocked:
                continue
            bot = self._bot(seat, level_of[seat])
            due = max(last_at + bot.timing.think_delay * speed, window_end)
            if clocked:
                due = max(last_at, window_end) + float(pace.turn_clock or 0)
            if now < due or (best is not None and best[0] <= due):
                continue
            move = bot_move(bot, game.view_for(seat), int(self.start_info["seed"]), self._seq)
            if move is not None:
                best = (due, seat, move)
                break
        if best is None:
            return None
        _, seat, move = best
        try:
            return self._commit(move, seat, self._seq, bot=True)
        except TableError as e:
            if e.problem is Problem.NOT_SEATED:   # the lease went to another kernel meanwhile
                return None
            raise

    def close(self) -> None:
        """The kernel (the tab) closes: give up the bots' lease (another kernel takes it at
        once); the seat stays for the grace time, and another tab of the same browser (a
        reload) may take it at once (`TableLog.release`)."""
        if self.seat is not None and not self._seat_lost and self.status != "ended":
            try:
                self.log.release(self.code, self.seat, self.holder, now=self.clock(),
                                 claim=CLAIM_BEATS * self.pace.heartbeat)
            except TableError:
                pass
        if self._holds_lease:
            try:
                self.log.drop_lease(self.code, self.holder)
            except StoreUnreachable:
                pass
            self._holds_lease = False
