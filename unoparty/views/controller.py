"""The controller of a game in the game app: it owns the game's session — every move, the
next round (:meth:`GameController.new_round`), the bots and their timers
(:meth:`GameController.schedule`). The game page calls its public methods only.

Clicks arrive as moves (:meth:`GameController.submit`); bots act through the same door.
(Other pages drive their own games: a lesson's or a replay's moves go through the scenario
runner, a practice question's through ``unoparty.practice``.)
Two paces (DESIGN.md "Randomness and time"):

- *learning*: bots act at once, one move after another, and the game pauses at every
  chance the learner has — a speed play, a catch, an UNO call — and says so. Take-backs
  (``game.undo()``) are allowed.
- *party*: real time on the kernel's asyncio loop. Bots act after their think delay and
  react to speed-play and catch chances after their reaction delay; the learner can act in
  between. The clock starts on a click (:meth:`start`), never when the notebook executes,
  and stops by itself when the round ends, on :meth:`stop`, or after ``idle_limit``
  seconds without a click from the learner (so an abandoned page lets its kernel be culled).
"""

from __future__ import annotations

import asyncio
import os
import random
from typing import Callable

from ..engine import Phase
from ..engine.moves import CallUno, Catch, SpeedPlay
from ..i18n import _, card_name

__all__ = ["GameController", "delay_scale", "LEARNING", "PARTY"]

LEARNING, PARTY = "learning", "party"


def delay_scale() -> float:
    """Factor applied to every bot delay: ``UNOPARTY_DELAY_SCALE`` (default 1; tests use 0.05)."""
    try:
        return max(0.0, float(os.environ.get("UNOPARTY_DELAY_SCALE", "1")))
    except ValueError:
        return 1.0



def kernel_loop() -> asyncio.AbstractEventLoop:
    """The event loop the app's timers run on: the kernel's running loop (Voila, JupyterLab),
    else the current thread's loop (tests, a script)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.get_event_loop_policy().get_event_loop()


class GameController:
    """Runs one game: the learner at seat `me`, bots at the other seats.

    Attributes:
        game: the ``Game``. me: the learner's seat. bots: seat → bot.
        events: every event applied through this controller, in order.
        new_events: how many events the last change added (the view highlights them).
        version: bumped at every change. chance: the chance the learner has now (learning
            pace), as a sentence, or "". paused: the party clock is stopped.
    """

    def __init__(self, game, me: int, bots: dict, *, pace: str = LEARNING, seed: int = 0,
                 idle_limit: float = 600.0, loop: asyncio.AbstractEventLoop | None = None,
                 on_change: Callable[[], None] | None = None,
                 on_error: Callable[[BaseException], None] | None = None) -> None:
        self.game = game
        self.me = me
        self.bots = dict(bots)
        self.pace = pace
        self.rng = random.Random(seed)
        # each bot's own generator (`make_bots` seeds one per seat), else one seeded here
        self.bot_rngs = {s: getattr(b, "rng", None) or random.Random(seed * 1000 + s)
                         for s, b in self.bots.items()}
        self.idle_limit = idle_limit
        self._loop = loop
        self.on_change = on_change
        self.on_error = on_error
        self.events: list = list(getattr(game, "events", ()))[-12:]
        self.new_events = 0
        self.version = 0
        self.chance = ""
        self._declined_version = -1
        self.paused = pace == PARTY   # the clock starts on a click
        self.started = False
        self._handles: list = []
        self._last_click = 0.0
        self.bot_moves = 0
        self._pointing_since: int | None = None

    # ------------------------------------------------------------------ helpers

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        if self._loop is None:
            self._loop = kernel_loop()
        return self._loop

    def is_over(self) -> bool:
        return self.game.phase.is_over

    def version_pointing(self):
        """An id of the current Point Taken count: the version at which pointing began."""
        return self._pointing_since

    def scale(self) -> float:
        return delay_scale()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def _apply(self, move) -> tuple:
        return self._record(self.game.apply(move))

    def _record(self, events: tuple) -> tuple:
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

    def _learner_chances(self) -> list:
        """Out-of-turn moves the learner could make now: speed plays, catches, an UNO call."""
        if self.is_over() or (self.game.current == self.me and self.game.phase in (Phase.TURN, Phase.DRAWN)):
            return []
        return [m for m in self.game.legal_moves(self.me) if isinstance(m, (SpeedPlay, Catch, CallUno))]

    def _describe_chance(self, moves) -> str:
        names = self.game.names
        parts = []
        for m in moves:
            if isinstance(m, SpeedPlay):
                parts.append(_("speed play your {card}").format(card=card_name(m.card)))
            elif isinstance(m, Catch):
                parts.append(_("catch {name}, who has one card and did not call UNO").format(name=names[m.target]))
            elif isinstance(m, CallUno):
                parts.append(_("call UNO"))
        seen, uniq = set(), []
        for p in parts:
            if p not in seen:
                seen.add(p)
                uniq.append(p)
        return _("Your chance: you could {what}. Do it now, or press Continue.").format(what=_(" or ").join(uniq))

    def _my_moment(self) -> bool:
        g = self.game
        if self.is_over():
            return True
        return self.me in g.to_act()

    def _actors(self) -> list[int]:
        g = self.game
        if self.is_over():
            return []
        return [s for s in g.to_act() if s in self.bots]

    def _bot_move(self, seat: int):
        bot = self.bots[seat]
        view = self.game.view_for(seat)
        return bot.choose(view, self.bot_rngs[seat])

    def _bot_reaction(self, seat: int):
        """A bot's out-of-turn move (speed play, catch, UNO call), or None. The bot is shown
        its view only when it has such a move to make."""
        react = getattr(self.bots[seat], "react", None)
        if react is None or not self._has_chance(seat):
            return None
        move = react(self.game.view_for(seat), self.bot_rngs[seat])
        if isinstance(move, SpeedPlay) and self.game.top_player is None:
            return None  # not onto the card turned up at the start (see schedule)
        return move

    def _has_chance(self, seat: int) -> bool:
        """Seat `seat` could move out of turn now: a speed play, a catch or an UNO call."""
        return any(isinstance(m, (SpeedPlay, Catch, CallUno)) for m in self.game.legal_moves(seat))

    # ------------------------------------------------------------------ the learner

    def submit(self, move) -> tuple:
        """Apply the learner's move. Raises ``IllegalMove`` (state unchanged)."""
        self._last_click = self.loop.time() if self.pace == PARTY else 0.0
        events = self._apply(move)
        self.chance = ""
        self._after_change()
        return events

    def continue_(self) -> None:
        """The learner lets a chance go by (learning pace)."""
        self._declined_version = self.version
        self.chance = ""
        if self.pace == LEARNING:
            self.run_bots()
        self._changed()

    def undo(self) -> bool:
        """Take back the learner's last move and what the bots did after it (learning pace).
        Returns False when there is nothing of the learner's to take back."""
        g = self.game
        history = list(g.history)
        mine = [i for i, m in enumerate(history) if getattr(m, "player", None) == self.me]
        if not mine or not g.can_undo:
            return False
        target = mine[-1]
        while len(g.history) > target and g.can_undo:
            g.undo()
        self.events.append(None)  # a marker: the log is redrawn from the game below
        self.events = [e for e in getattr(g, "events", ())][-40:]
        self.new_events = 0
        self.version += 1
        self.chance = ""
        self._declined_version = -1
        self._changed()
        return True

    def hint(self):
        """``(move, reason)`` from the bots' hint, or None."""
        try:
            from ..bots import hint
        except ImportError:  # pragma: no cover - bots are part of the package
            return None
        return hint(self.game, self.me)

    def new_round(self) -> tuple:
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
            self._last_click = self.loop.time()
        self.chance = ""
        self._after_change()
        return events

    # ------------------------------------------------------------------ bots, learning pace

    def _after_change(self) -> None:
        if self.pace == LEARNING:
            self.run_bots()
        else:
            self.schedule()
        self._changed()

    def run_bots(self, limit: int = 2000) -> None:
        """Learning pace: let bots act until the learner must or may act."""
        steps = 0
        while steps < limit and not self.is_over():
            steps += 1
            chances = self._learner_chances() if self._declined_version != self.version else []
            if chances:
                self.chance = self._describe_chance(chances)
                return
            # bots react first (a catch, a speed play), in seat order after the current player
            reacted = False
            for seat in self._reaction_order():
                move = self._bot_reaction(seat)
                if move is not None and self.game.why_illegal(move) is None:
                    self._apply(move)
                    self.bot_moves += 1
                    reacted = True
                    break
            if reacted:
                continue
            if self._my_moment():
                return
            actors = self._actors()
            if not actors:
                return
            move = self._bot_move(actors[0])
            self._apply(move)
            self.bot_moves += 1
        self.chance = ""

    def _reaction_order(self) -> list[int]:
        n = self.game.n_players
        start = self.game.current if self.game.current is not None else 0
        return [(start + k) % n for k in range(n) if (start + k) % n in self.bots]

    # ------------------------------------------------------------------ party pace

    def start(self) -> None:
        """Start the party clock (on a click)."""
        self.paused = False
        self.started = True
        self._last_click = self.loop.time()
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
        base = {"think": 1.2, "react": 1.6}[kind]
        value = None
        timing = getattr(bot, "timing", None)
        if timing is not None:
            value = timing.think_delay if kind == "think" else timing.reaction_time
        if value is None:
            value = base
        # a little noise, so bots of one level do not move in lockstep
        value *= 0.8 + 0.4 * self.bot_rngs[seat].random()
        return value * delay_scale()

    def schedule(self) -> None:
        """Party pace: (re)schedule the bots' moves and reactions for the game as it stands,
        cancelling those scheduled before; stop when the round is over or nobody has
        clicked for ``idle_limit`` seconds. Learning pace (or paused): cancel only."""
        for h in self._handles:
            h.cancel()
        self._handles.clear()
        if self.paused or self.pace != PARTY:
            return
        if self.is_over():
            self.stop()
            return
        loop = self.loop
        if loop.time() - self._last_click >= self.idle_limit:
            self.stop()
            self.chance = _("Paused: nobody has clicked for a while. Press Resume to play on.")
            return
        version = self.version
        count = 3 * max(0.25, 0.8 * min(1.0, delay_scale())) if self.game.phase is Phase.POINTING else 0.0
        for seat in self._actors():
            self._handles.append(loop.call_later(count + self._delay(seat, "think"), self._fire, version, seat, "act"))
        # the card turned up at the start was laid by nobody: bots leave it to the first
        # player, whose first turn a speed play would pass over before they could act
        first_card = self.game.top_player is None
        for seat in self.bots:
            view_moves = self.game.legal_moves(seat)
            if first_card:
                view_moves = [m for m in view_moves if not isinstance(m, SpeedPlay)]
            if any(isinstance(m, (SpeedPlay, Catch, CallUno)) for m in view_moves):
                self._handles.append(loop.call_later(self._delay(seat, "react"), self._fire, version, seat, "react"))
        # an idle watchdog, so a forgotten page stops by itself
        self._handles.append(loop.call_later(self.idle_limit + 0.01, self._fire, version, -1, "idle"))

    def _fire(self, version: int, seat: int, kind: str) -> None:
        try:
            if version != self.version or self.paused:
                return
            if kind == "idle":
                self.schedule()
                self._changed()
                return
            if self.loop.time() - self._last_click >= self.idle_limit:
                self.schedule()
                self._changed()
                return
            move = self._bot_move(seat) if kind == "act" else self._bot_reaction(seat)
            if move is None:
                return
            if self.game.why_illegal(move) is not None:
                return
            self._apply(move)
            self.bot_moves += 1
            self.schedule()
            self._changed()
        except Exception as exc:  # shown in the app's error panel, never swallowed
            self.stop()
            if self.on_error is not None:
                self.on_error(exc)
            else:
                raise

