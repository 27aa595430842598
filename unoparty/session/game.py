"""A game against bots, without widgets: :class:`GameSession` owns the game, the bots and
their timers; the game page (``views/game_app.py``) renders it and sends it the learner's
clicks as moves (:meth:`GameSession.submit`).

Two paces (DESIGN.md "Randomness and time"):

- *learning*: bots act at once, one move after another, and the game pauses at every
  chance the learner has — a speed play (SP-1), a catch (U-2), an UNO call (U-1) — and
  says so (:attr:`GameSession.chance`, as moves). Take-backs (``Game.undo``) are allowed.
- *party*: real time on an injected :class:`~unoparty.session.base.Clock` (the kernel's
  asyncio loop in the app). Bots act after their think delay and react to speed-play and
  catch chances after their reaction delay; the learner can act in between. The clock
  starts on a click (:meth:`GameSession.start`), never when the notebook executes, and
  stops by itself when the round ends, on :meth:`GameSession.stop`, or after
  ``idle_limit`` seconds without a click (:attr:`GameSession.idle`).

Who may act is asked once per change: ``Game.to_act()`` (whose move the game waits for)
and ``Game.out_of_turn()`` (who may speed play, call UNO or catch); a seat's moves are
listed only for a seat in one of them.

The session outlives the page: :meth:`GameSession.to_state` is its start (rules, names,
seed, bot level, pace) and the moves made; :meth:`GameSession.from_state` deals the same
table from the seed and replays the moves (the engine is deterministic).
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterable, Mapping, Protocol

from ..engine import Event, Move, Phase
from ..engine.moves import CallUno, Catch, SpeedPlay
from ..errors import UnopartyError
from ..game import Game, PlayerView
from ..rules import Rules
from .base import Clock, Handle, StateError, check_state, kernel_clock

__all__ = ["GameSession", "GameStart", "make_bots", "delay_scale", "kernel_loop", "LEARNING", "PARTY",
           "BOT_NAMES", "Player"]

LEARNING, PARTY = "learning", "party"
BOT_NAMES = ("Ava", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou", "Max", "Nia", "Oli")
_CHANCE_KINDS = (SpeedPlay, Catch, CallUno)
kernel_loop = kernel_clock


class Player(Protocol):
    """A bot seat: ``choose(view, rng)`` a legal move; optionally ``react(view, rng)`` (an
    out-of-turn move or None), ``timing`` (``think_delay``, ``reaction_time`` in seconds)
    and ``rng`` (its own generator), as :mod:`unoparty.bots` provides."""

    def choose(self, view: PlayerView, rng: random.Random) -> Move: ...


BotFactory = Callable[[Iterable[int], str, int], Mapping[int, Player]]


def delay_scale() -> float:
    """Factor applied to every bot delay: ``UNOPARTY_DELAY_SCALE`` (default 1; tests use 0.05)."""
    try:
        return max(0.0, float(os.environ.get("UNOPARTY_DELAY_SCALE", "1")))
    except ValueError:
        return 1.0


def make_bots(seats: Iterable[int], level: str, seed: int = 0) -> dict[int, Player]:
    """One bot per seat (an int) from :mod:`unoparty.bots`, at `level`, each with its own
    generator ``bot.rng``, a `random.Random` seeded from `seed` and the seat: the same seed
    gives the same bots' choices (DESIGN.md: each bot gets its own generator). The session
    passes ``bot.rng`` to the bot's ``choose`` and ``react``.

    Raises:
        ValueError: an unknown level.
    """
    from ..bots import make_bot
    bots: dict[int, Player] = {}
    for seat in seats:
        bot = make_bot(level)
        bot.rng = random.Random(seed * 1000 + seat)  # type: ignore[attr-defined]  # a bot may carry its own generator (bots.base); not part of the Bot protocol
        bots[seat] = bot
    return bots


@dataclass(frozen=True)
class GameStart:
    """How a game was dealt: the names (the learner at seat `me`), the rules, the deal's
    seed and the bots' level. ``deal()`` deals it again, the same way every time."""

    names: tuple[str, ...]
    rules: Rules
    seed: int
    level: str = "basic"
    me: int = 0

    def deal(self) -> Game:
        """The game dealt from this start (``Game(names, rules, seed)``).

        Raises:
            SetupError: bad names for the rules (S-1)."""
        return Game(list(self.names), rules=self.rules, seed=self.seed)

    def to_dict(self) -> dict[str, Any]:
        return {"names": list(self.names), "rules": {"rule_set": self.rules.rule_set, **self.rules.options()},
                "seed": self.seed, "level": self.level, "me": self.me}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "GameStart":
        """Raises: StateError: a field missing or of the wrong type."""
        try:
            rules_data = dict(data["rules"])
            rules = Rules.from_dict(str(rules_data.pop("rule_set", "party")), rules_data)
            names = tuple(str(n) for n in data["names"])
            seed, me = data["seed"], data.get("me", 0)
            if not isinstance(seed, int) or not isinstance(me, int) or not 0 <= me < len(names):
                raise StateError(f"a kept game's seed and seat are whole numbers, not {seed!r}, {me!r}")
            return cls(names, rules, seed, str(data.get("level", "basic")), me)
        except (KeyError, TypeError, ValueError) as exc:
            raise StateError(f"a kept game's start is not readable: {exc}") from None


class GameSession:
    """One game: the learner at seat `me`, bots at the other seats.

    Args:
        game: the ``Game`` (dealt from `start` when given).
        me: the learner's seat. bots: seat → bot (:class:`Player`).
        pace: ``LEARNING`` or ``PARTY``. seed: seeds the bots' generators of bots without one.
        idle_limit: seconds without a click after which the party clock stops.
        clock: time and scheduling (default: the kernel's asyncio loop, taken when first needed).
        start: how the game was dealt, for :meth:`to_state` (None: a table set up by hand;
            it is then kept whole, ``Game.to_json``).

    Attributes:
        game, me, bots, pace, seed, start.
        events: the events applied through this session, in order (the newest last; at most 400).
        new_events: how many events the last change added (the page highlights them).
        version: bumped at every change. chance: the learner's out-of-turn moves the game
            waits on now (learning pace), ``()`` when none. idle: the party clock stopped
            because nobody clicked for `idle_limit` seconds. paused: the party clock is
            stopped. started: the party clock was started once. bot_moves: moves the bots made.
        on_change: called after every change (the page redraws). on_kept: called after every
            change too (the app keeps the game: at once when `by_learner`, else throttled).
            by_learner: the last change came from the learner (a move, a chance let go, a
            take-back, a deal), not from the bots' clock (party pace). on_error: an error
            in a timer's callback (else raised).
    """

    kind: ClassVar[str] = "game"

    def __init__(self, game: Game, me: int, bots: Mapping[int, Player], *, pace: str = LEARNING, seed: int = 0,
                 idle_limit: float = 600.0, clock: Clock | None = None, start: GameStart | None = None,
                 on_change: Callable[[], None] | None = None,
                 on_error: Callable[[BaseException], None] | None = None) -> None:
        if pace not in (LEARNING, PARTY):
            raise ValueError(f"pace is {LEARNING!r} or {PARTY!r}, not {pace!r}")
        self.game = game
        self.me = me
        self.bots: dict[int, Player] = dict(bots)
        self.pace = pace
        self.seed = seed
        self.start_info = start
        # each bot's own generator (`make_bots` seeds one per seat), else one seeded here
        self.bot_rngs: dict[int, random.Random] = {
            s: getattr(b, "rng", None) or random.Random(seed * 1000 + s) for s, b in self.bots.items()}
        self.idle_limit = idle_limit
        self._clock = clock
        self.on_change = on_change
        self.on_kept: Callable[[], None] | None = None
        self.by_learner = True
        self.on_error = on_error
        self.events: list[Event] = list(game.events)[-12:]
        self.new_events = 0
        self.version = 0
        self.chance: tuple[Move, ...] = ()
        self.idle = False
        self._declined_version = -1
        self.paused = pace == PARTY   # the clock starts on a click
        self.started = False
        self._handles: list[Handle] = []
        self._last_click = 0.0
        self.bot_moves = 0
        self._pointing_since: int | None = None
        self._who_key: tuple[int, int] | None = None
        self._who: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())

    @classmethod
    def deal(cls, start: GameStart, *, pace: str = LEARNING, bot_factory: BotFactory | None = None,
             clock: Clock | None = None, idle_limit: float = 600.0) -> "GameSession":
        """A new game dealt from `start`, with bots of ``start.level`` at every other seat
        (`bot_factory`, default :func:`make_bots`); at learning pace the bots have moved
        until the learner may act.

        Raises:
            SetupError: bad names (S-1). ValueError: an unknown bot level or pace.
        """
        game = start.deal()
        seats = [s for s in range(len(start.names)) if s != start.me]
        bots = (bot_factory or make_bots)(seats, start.level, start.seed)
        session = cls(game, start.me, bots, pace=pace, seed=start.seed, clock=clock, start=start,
                      idle_limit=idle_limit)
        session.settle()
        return session

    # ------------------------------------------------------------------ keeping

    def to_state(self) -> dict[str, Any]:
        """The game as a JSON-able dict: its start (``deal``: names, rules, seed, bot level,
        seat) and the moves made (``moves``, ``"new round"`` where a round was dealt), the
        pace; a table set up by hand is kept whole (``game``: ``Game.to_json``)."""
        from ..engine.serial import move_to_dict
        state: dict[str, Any] = {"kind": self.kind, "format": 1, "pace": self.pace, "me": self.me,
                                 "seed": self.seed, "bots": sorted(self.bots), "started": self.started,
                                 "declined": self._declined_version == self.version}
        if self.start_info is not None:
            state["deal"] = self.start_info.to_dict()
            state["moves"] = [m if isinstance(m, str) else move_to_dict(m) for m in self.game.history]
        else:
            state["game"] = json.loads(self.game.to_json())
            state["level"] = getattr(next(iter(self.bots.values()), None), "level", "basic")
        return state

    @classmethod
    def from_state(cls, state: Mapping[str, Any], *, bot_factory: BotFactory | None = None,
                   clock: Clock | None = None, idle_limit: float = 600.0, **_context: Any) -> "GameSession":
        """The game kept by :meth:`to_state`, dealt again and replayed: the same hands, piles
        and scores. The bots (`bot_factory`, default :func:`make_bots`) get generators seeded
        from the seed, the seat and the number of moves: a kept game resumes the same way
        each time. A party-pace game comes back with its clock stopped (a click starts it).

        Raises:
            StateError: not a kept game, or a move that no longer applies.
        """
        from ..engine.serial import move_from_dict
        data = check_state(state, cls.kind)
        pace = data.get("pace", LEARNING)
        if pace not in (LEARNING, PARTY):
            raise StateError(f"a kept game's pace is {LEARNING!r} or {PARTY!r}, not {pace!r}")
        start: GameStart | None = None
        try:
            if "deal" in data:
                start = GameStart.from_dict(data["deal"])
                game = start.deal()
                for entry in data.get("moves", ()):
                    if entry == "new round":
                        game.new_round()
                    else:
                        game.apply(move_from_dict(entry))
                me, level, seed = start.me, start.level, start.seed
            elif "game" in data:
                game = Game.from_json(json.dumps(data["game"]))
                me, level, seed = int(data.get("me", 0)), str(data.get("level", "basic")), int(data.get("seed", 0))
            else:
                raise StateError("a kept game has neither its deal nor its table")
            seats = [int(s) for s in data.get("bots", [s for s in range(game.n_players) if s != me])]
            if me in seats or not 0 <= me < game.n_players or any(not 0 <= s < game.n_players for s in seats):
                raise StateError(f"a kept game's seats do not fit its table: you at {me}, bots at {seats}")
        except StateError:
            raise
        except (UnopartyError, KeyError, TypeError, ValueError) as exc:
            raise StateError(f"a kept game cannot be replayed: {exc}") from None
        bots = dict((bot_factory or make_bots)(seats, level, seed))
        n = len(game.history)
        for s, bot in bots.items():  # generators for the game as it stands, the same each time
            if hasattr(bot, "rng"):
                bot.rng = random.Random(f"{seed}:{s}:{n}")
        session = cls(game, me, bots, pace=pace, seed=seed, clock=clock, start=start, idle_limit=idle_limit)
        session.events = list(game.events)[-40:]
        for s in bots:
            if not hasattr(bots[s], "rng"):
                session.bot_rngs[s] = random.Random(f"{seed}:{s}:{n}")
        if pace == PARTY:
            session.started = bool(data.get("started", False))
        if data.get("declined"):
            session._declined_version = session.version
        if pace == LEARNING:
            session.run_bots()
        return session

    # ------------------------------------------------------------------ what the page reads

    @property
    def clock(self) -> Clock:
        """The clock the party pace runs on (the kernel's loop unless one was given)."""
        if self._clock is None:
            self._clock = kernel_clock()
        return self._clock

    loop = clock  # the name the game page used

    def is_over(self) -> bool:
        """The round (or the match) is over."""
        return self.game.phase.is_over

    def version_pointing(self) -> int | None:
        """An id of the current Point Taken count (PT-3): the version at which pointing began."""
        return self._pointing_since

    def scale(self) -> float:
        return delay_scale()

    def who_may_act(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``(to_act, out_of_turn)``: the seats whose move the game waits for
        (``Game.to_act``) and those that may move out of turn (``Game.out_of_turn``),
        asked once per change of the game."""
        key = (self.version, len(self.game.history))
        if self._who_key != key:
            g = self.game
            self._who = (g.to_act(), g.out_of_turn()) if not g.phase.is_over else ((), ())
            self._who_key = key
        return self._who

    def pending(self) -> int:
        """How many bot actions are scheduled (party pace; 0 when the clock is stopped)."""
        return len(self._handles)

    # ------------------------------------------------------------------ changes

    def _changed(self, by_learner: bool = True) -> None:
        self.by_learner = by_learner
        if self.on_change is not None:
            self.on_change()
        if self.on_kept is not None:
            self.on_kept()

    def _apply(self, move: Move) -> tuple[Event, ...]:
        return self._record(self.game.apply(move))

    def _record(self, events: tuple[Event, ...]) -> tuple[Event, ...]:
        """Log what a change of the game did and bump the version."""
        self.events.extend(events)
        if len(self.events) > 400:
            del self.events[:-200]
        self.new_events = len(events)
        self.version += 1
        pointing = self.game.phase is Phase.POINTING
        if pointing and self._pointing_since is None:
            self._pointing_since = self.version
        elif not pointing:
            self._pointing_since = None
        return events

    def _learner_chances(self) -> tuple[Move, ...]:
        """Out-of-turn moves the learner could make now: speed plays, catches, an UNO call."""
        g = self.game
        if self.is_over() or (g.current == self.me and g.phase in (Phase.TURN, Phase.DRAWN)):
            return ()
        if self.me not in self.who_may_act()[1]:
            return ()
        return tuple(m for m in g.legal_moves(self.me) if isinstance(m, _CHANCE_KINDS))

    def _bot_move(self, seat: int) -> Move:
        return self.bots[seat].choose(self.game.view_for(seat), self.bot_rngs[seat])

    def _bot_reaction(self, seat: int) -> Move | None:
        """A bot's out-of-turn move (speed play, catch, UNO call), or None. The bot is shown
        its view only when it may move out of turn; no speed play onto the card turned up
        at the start (it is left to the first player)."""
        react = getattr(self.bots[seat], "react", None)
        if react is None or seat not in self.who_may_act()[1]:
            return None
        move: Move | None = react(self.game.view_for(seat), self.bot_rngs[seat])
        if isinstance(move, SpeedPlay) and self.game.top_player is None:
            return None
        return move

    def reaction(self, seat: int) -> Move | None:
        """What the bot at `seat` would do out of turn now (None: nothing), without doing it."""
        return self._bot_reaction(seat)

    # ------------------------------------------------------------------ the learner

    def submit(self, move: Move) -> tuple[Event, ...]:
        """Apply the learner's move; then the bots go on (learning pace) or are scheduled
        (party pace). Returns the move's events.

        Raises:
            IllegalMove: the move is not allowed now (``.rule``, ``.reason``); nothing changes.
        """
        if self.pace == PARTY and not self.started:
            self.start()
        self._last_click = self.clock.time() if self.pace == PARTY else 0.0
        events = self._apply(move)
        self.chance = ()
        self.idle = False
        self._after_change()
        return events

    def continue_(self) -> None:
        """The learner lets a chance go by (learning pace): the bots go on."""
        self._declined_version = self.version
        self.chance = ()
        if self.pace == LEARNING:
            self.run_bots()
        self._changed()

    def undo(self) -> bool:
        """Take back the learner's last move and what the bots did after it (learning pace).
        Returns False when there is nothing of the learner's to take back (nothing changes)."""
        g = self.game
        history = list(g.history)
        mine = [i for i, m in enumerate(history) if getattr(m, "player", None) == self.me]
        if not mine or not g.can_undo:
            return False
        target = mine[-1]
        while len(g.history) > target and g.can_undo:
            g.undo()
        self.events = list(g.events)[-40:]
        self.new_events = 0
        self.version += 1
        self.chance = ()
        self._declined_version = -1
        self._changed()
        return True

    def hint(self) -> tuple[Move | None, str] | None:
        """``(move, reason)`` from the bots' hint (:func:`unoparty.bots.hint`), or None."""
        from ..bots import hint
        result: tuple[Move | None, str] | None = hint(self.game, self.me)
        return result

    def new_round(self) -> tuple[Event, ...]:
        """Deal the next round after a round is over (R-4, ``Game.new_round``) and go on: the
        bots act (learning pace), or the clock the round's end stopped starts again and the
        bots are scheduled (party pace, once started). Returns the deal's events.

        Raises:
            UnopartyError: the round is not over, or the match is over (nothing changes).
        """
        events = self._record(self.game.new_round())
        if self.pace == PARTY and self.started:
            # the round's end stopped the clock; the learner's click that dealt starts it
            self.paused = False
            self._last_click = self.clock.time()
        self.chance = ()
        self._after_change()
        return events

    def settle(self) -> None:
        """After the game was set (dealt, replayed): the bots move until the learner may act
        (learning pace); the page is told."""
        if self.pace == LEARNING:
            self.run_bots()
        self._changed()

    def _after_change(self) -> None:
        if self.pace == LEARNING:
            self.run_bots()
        else:
            self.schedule()
        self._changed()

    # ------------------------------------------------------------------ bots, learning pace

    def run_bots(self, limit: int = 2000) -> None:
        """Learning pace: let bots act until the learner must or may act (a chance:
        :attr:`chance`)."""
        steps = 0
        me = self.me
        while steps < limit and not self.is_over():
            steps += 1
            chances = self._learner_chances() if self._declined_version != self.version else ()
            if chances:
                self.chance = chances
                return
            to_act, reactors = self.who_may_act()
            # bots react first (a catch, a speed play), in seat order after the current player
            reacted = False
            for seat in self._reaction_order():
                if seat not in reactors:
                    continue
                move = self._bot_reaction(seat)
                if move is not None and self.game.why_illegal(move) is None:
                    self._apply(move)
                    self.bot_moves += 1
                    reacted = True
                    break
            if reacted:
                continue
            if me in to_act:
                return
            actors = [s for s in to_act if s in self.bots]
            if not actors:
                return
            self._apply(self._bot_move(actors[0]))
            self.bot_moves += 1
        self.chance = ()

    def _reaction_order(self) -> list[int]:
        n = self.game.n_players
        start = self.game.current if self.game.current is not None else 0
        return [(start + k) % n for k in range(n) if (start + k) % n in self.bots]

    # ------------------------------------------------------------------ party pace

    def start(self) -> None:
        """Start the party clock (on a click)."""
        self.paused = False
        self.started = True
        self.idle = False
        self._last_click = self.clock.time()
        self.schedule()
        self._changed()

    def stop(self) -> None:
        """Stop every scheduled bot action."""
        self.paused = True
        for h in self._handles:
            h.cancel()
        self._handles.clear()

    def _delay(self, seat: int, kind: str) -> float:
        bot = self.bots.get(seat)
        value: float | None = None
        timing = getattr(bot, "timing", None)
        if timing is not None:
            value = timing.think_delay if kind == "think" else timing.reaction_time
        if value is None:
            value = 1.2 if kind == "think" else 1.6
        # a little noise, so bots of one level do not move in lockstep
        value *= 0.8 + 0.4 * self.bot_rngs[seat].random()
        return value * delay_scale()

    def schedule(self) -> None:
        """Party pace: (re)schedule the bots' moves and reactions for the game as it stands,
        cancelling those scheduled before; stop when the round is over or nobody has
        clicked for ``idle_limit`` seconds (:attr:`idle`). Learning pace (or paused): cancel only."""
        for h in self._handles:
            h.cancel()
        self._handles.clear()
        if self.paused or self.pace != PARTY:
            return
        if self.is_over():
            self.stop()
            return
        clock = self.clock
        if clock.time() - self._last_click >= self.idle_limit:
            self.stop()
            self.idle = True
            return
        version = self.version
        to_act, reactors = self.who_may_act()
        count = 3 * max(0.25, 0.8 * min(1.0, delay_scale())) if self.game.phase is Phase.POINTING else 0.0
        for seat in to_act:
            if seat in self.bots:
                self._handles.append(clock.call_later(count + self._delay(seat, "think"), self._fire, version, seat, "act"))
        # the card turned up at the start was laid by nobody: bots leave it to the first
        # player, whose first turn a speed play would pass over before they could act
        first_card = self.game.top_player is None
        for seat in reactors:
            if seat not in self.bots:
                continue
            if first_card and not any(isinstance(m, (Catch, CallUno)) for m in self.game.legal_moves(seat)):
                continue
            self._handles.append(clock.call_later(self._delay(seat, "react"), self._fire, version, seat, "react"))
        # an idle watchdog, so a forgotten page stops by itself
        self._handles.append(clock.call_later(self.idle_limit + 0.01, self._fire, version, -1, "idle"))

    def _fire(self, version: int, seat: int, kind: str) -> None:
        try:
            if version != self.version or self.paused:
                return
            if kind == "idle" or self.clock.time() - self._last_click >= self.idle_limit:
                self.schedule()
                self._changed(by_learner=False)
                return
            move = self._bot_move(seat) if kind == "act" else self._bot_reaction(seat)
            if move is None or self.game.why_illegal(move) is not None:
                return
            self._apply(move)
            self.bot_moves += 1
            self.schedule()
            self._changed(by_learner=False)
        except Exception as exc:  # shown in the app's error panel, never swallowed
            self.stop()
            if self.on_error is not None:
                self.on_error(exc)
            else:
                raise
