"""The Speed Play drill's widget: it renders a
:class:`~unoparty.session.practice.DrillSession` (the flips of
:mod:`unoparty.practice.drill`, the bot to beat, the verdict on the last jump); cards flip at
party pace on the kernel's asyncio loop once Start is clicked; click one of your cards to
jump in."""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import ipywidgets as w

from ..i18n import _, format_decimal, format_seconds
from ..practice.drill import SpeedDrill
from ..session.practice import DrillSession, DrillVerdict
from . import svg
from .common import MessageBox, button
from .controller import delay_scale, kernel_loop
from .markup import esc
from .table import HandView

__all__ = ["SpeedDrillView", "FLIP_EVERY"]

FLIP_EVERY = 2.4
"""Seconds between flips at party pace (scaled like the bots' delays: UNOPARTY_DELAY_SCALE)."""


class SpeedDrillView:
    """The widgets of a :class:`DrillSession` (:attr:`session`). Attributes: box, top (the
    card turned up), hand (your cards: click to jump), start_button, stop_button, level
    (the bot to beat), feedback, stats (reaction times: last, best, average; hits,
    mistakes, missed); drill, flips_left: the session's."""

    def __init__(self, *, seed: int = 0, clock: Callable[[], float] | None = None,
                 loop: asyncio.AbstractEventLoop | None = None, guard: Callable[..., Any] | None = None,
                 flips: int = 30, session: DrillSession | None = None) -> None:
        g = guard or (lambda fn: fn)
        # the bot's reaction time, scaled like every delay of the app (UNOPARTY_DELAY_SCALE)
        self.session = session if session is not None else DrillSession(seed=seed, clock=clock, flips=flips,
                                                                         scale=delay_scale())
        self._loop = loop
        self._handle: asyncio.TimerHandle | None = None  # the next flip's timer (not state: it dies with the kernel)
        self.level = w.ToggleButtons(options=self._levels(), value=self.session.level, description=_("Beat"))
        self.top = w.HTML()
        self.hand = HandView()
        self.hand.on_card = g(lambda _i, card: self.jump(card))
        self.feedback = MessageBox()
        self.stats = w.HTML()
        self.start_button = button(_("Start the flips"), "up-go")
        self.stop_button = button(_("Stop"))
        self.start_button.on_click(g(lambda _b: self.start()))
        self.stop_button.on_click(g(lambda _b: self.stop()))
        self.intro = w.HTML()
        self._label()
        self.box = w.VBox([self.intro, self.level, w.HBox([self.start_button, self.stop_button]), self.top,
                           self.feedback.box, self.hand.box, self.stats])
        self.box.add_class("up-drill")
        self.render()

    @staticmethod
    def _levels() -> list[tuple[str, str]]:
        return [(_("Random"), "random"), (_("Basic"), "basic"), (_("Strong"), "strong")]

    @property
    def drill(self) -> SpeedDrill:
        return self.session.drill

    @property
    def flips_left(self) -> int:
        return self.session.flips_left

    @property
    def flips_per_run(self) -> int:
        return self.session.flips_per_run

    def _label(self) -> None:
        self.intro.value = (f"<h3 style='margin:4px 0'>{esc(_('Speed Play drill'))}</h3><p>{esc(_('Cards flip one after another. When one is the very same card as one of yours — same colour, same number — click yours before the bot jumps in. A wrong jump costs a penalty card, as in the game (SP-4).'))}</p>")
        self.start_button.description = self.start_button.tooltip = _("Start the flips")
        self.stop_button.description = self.stop_button.tooltip = _("Stop")

    def relabel(self) -> None:
        """Word the drill again in the current language (after a language switch): the same
        session drawn again — the flips go on, the verdict shown stays shown."""
        self._label()
        level = self.level.value
        self.level.options = self._levels()
        self.level.value = level
        self.level.description = _("Beat")
        if self.session.said is not None:
            self._show(self.session.said)
        self.render()

    def reset(self) -> None:
        self.session.reset(self.level.value)
        self.render()

    # ------------------------------------------------------------------ the clock

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        if self._loop is None:
            self._loop = kernel_loop()
        return self._loop

    def start(self) -> None:
        """Flip a card now and every FLIP_EVERY seconds, `flips` times (on a click only)."""
        self._cancel()
        self.session.start(self.level.value)
        self._tick()

    def stop(self) -> None:
        self._cancel()
        self.session.stop()

    def _cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _tick(self) -> None:
        self._handle = None
        if not self.session.tick():
            self.render()
            return
        self.render()
        self._handle = self.loop.call_later(FLIP_EVERY * delay_scale(), self._tick)

    # ------------------------------------------------------------------ the drill

    def flip(self) -> None:
        """Turn up the next card. The verdict on the learner's last jump stays shown until
        their next jump: at party pace a flip comes within seconds, too soon to read it."""
        self.session.drill.flip()
        self.render()

    def jump(self, card: Any) -> None:
        self._show(self.session.jump(card))
        self.render()

    def _show(self, said: DrillVerdict) -> None:
        """The verdict on a jump, in the current language."""
        outcome, seconds, rule = said.outcome, said.seconds, said.rule
        if outcome == "no-card":
            self.feedback.show(_("Press Start: no card is turned up yet."), "info")
        elif outcome == "hit":
            self.feedback.show(_("Yes! You jumped in after {time}.").format(time=format_seconds(seconds)), "good", rule)
        elif outcome == "late":
            self.feedback.show(_("Too slow: after {time} the bot had already jumped in; the chance is gone.")
                               .format(time=format_seconds(seconds)), "bad", rule)
        else:
            self.feedback.show(_("Not the same card: a mistake. It goes back to your hand and you draw a penalty card."),
                               "bad", rule)

    def render(self) -> None:
        """Draw the session: the card turned up, the hand, the verdict kept, the figures."""
        d = self.session.drill
        top = svg.card_svg(d.top, 110) if d.top is not None else ""
        self.top.value = (f'<div class="up-drill-top" style="display:flex;gap:12px;align-items:center">{top}'
                          f'<span class="up-stepno">{esc(_("Top card"))}</span></div>') if top else ""
        self.hand.render(d.hand, None, title=_("Your hand"))
        hits = sum(1 for j in d.jumps if j.outcome == "hit")
        mistakes = sum(1 for j in d.jumps if j.outcome == "mistake")
        late = sum(1 for j in d.jumps if j.outcome == "late") + d.missed
        # a middle dot between times: a comma would read as a decimal comma in fr, ro, nb, cs
        times = " · ".join(format_decimal(t) for t in d.reactions[-8:]) or "—"
        best = format_seconds(d.best) if d.best is not None else "—"
        avg = format_seconds(d.average) if d.average is not None else "—"
        self.stats.value = (f'<table class="up-score"><tr><td>{esc(_("Reaction times (s)"))}</td><td>{esc(times)}</td></tr>'
                            f'<tr><td>{esc(_("Best"))}</td><td>{esc(best)}</td></tr>'
                            f'<tr><td>{esc(_("Average"))}</td><td>{esc(avg)}</td></tr>'
                            f'<tr><td>{esc(_("In time"))}</td><td>{hits}</td></tr>'
                            f'<tr><td>{esc(_("Mistakes (penalty cards)"))}</td><td>{mistakes}</td></tr>'
                            f'<tr><td>{esc(_("The bot was faster"))}</td><td>{late}</td></tr></table>')
