"""The Speed Play drill's widget (:mod:`unoparty.practice.drill`): cards flip at party pace
on the kernel's asyncio loop once Start is clicked; click one of your cards to jump in."""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import ipywidgets as w

from ..i18n import _, format_decimal, format_seconds
from ..practice.drill import BOT_REACTION, SpeedDrill
from . import svg
from .common import MessageBox, button
from .controller import delay_scale, kernel_loop
from .markup import esc
from .table import HandView

__all__ = ["SpeedDrillView", "FLIP_EVERY"]

FLIP_EVERY = 2.4
"""Seconds between flips at party pace (scaled like the bots' delays: UNOPARTY_DELAY_SCALE)."""


class SpeedDrillView:
    """Attributes: box, drill (the :class:`SpeedDrill`), top (the card turned up), hand
    (your cards: click to jump), start_button, stop_button, level (the bot to beat),
    feedback, stats (reaction times: last, best, average; hits, mistakes, missed)."""

    def __init__(self, *, seed: int = 0, clock: Callable[[], float] | None = None,
                 loop: asyncio.AbstractEventLoop | None = None, guard: Callable | None = None,
                 flips: int = 30) -> None:
        g = guard or (lambda fn: fn)
        self._seed = seed
        self._clock = clock
        self._loop = loop
        self.flips_left = 0
        self.flips_per_run = flips
        self._handle: asyncio.TimerHandle | None = None
        self.level = w.ToggleButtons(options=[(_("Random"), "random"), (_("Basic"), "basic"), (_("Strong"), "strong")],
                                     value="basic", description=_("Beat"))
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
        self._said: tuple | None = None  # the verdict shown: said again in another language
        self._label()
        self.box = w.VBox([self.intro, self.level, w.HBox([self.start_button, self.stop_button]), self.top,
                           self.feedback.box, self.hand.box, self.stats])
        self.box.add_class("up-drill")
        self.reset()

    def _label(self) -> None:
        self.intro.value = (f"<h3 style='margin:4px 0'>{esc(_('Speed Play drill'))}</h3><p>{esc(_('Cards flip one after another. When one is the very same card as one of yours — same colour, same number — click yours before the bot jumps in. A wrong jump costs a penalty card, as in the game (SP-4).'))}</p>")
        self.start_button.description = self.start_button.tooltip = _("Start the flips")
        self.stop_button.description = self.stop_button.tooltip = _("Stop")

    def relabel(self) -> None:
        """Word the drill again in the current language (after a language switch): the flips
        go on, the verdict shown stays shown."""
        self._label()
        level = self.level.value
        self.level.options = [(_("Random"), "random"), (_("Basic"), "basic"), (_("Strong"), "strong")]
        self.level.value = level
        self.level.description = _("Beat")
        if self._said is not None:
            self._show(*self._said)
        self.render()

    def reset(self) -> None:
        kw: dict[str, Any] = {"clock": self._clock} if self._clock is not None else {}
        # the bot's reaction time, scaled like every delay of the app (UNOPARTY_DELAY_SCALE)
        self.drill = SpeedDrill(seed=self._seed, bot_reaction=BOT_REACTION[self.level.value] * delay_scale(), **kw)
        self.render()

    # ------------------------------------------------------------------ the clock

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        if self._loop is None:
            self._loop = kernel_loop()
        return self._loop

    def start(self) -> None:
        """Flip a card now and every FLIP_EVERY seconds, `flips` times (on a click only)."""
        self.stop()
        self.reset()
        self.flips_left = self.flips_per_run
        self._tick()

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self.flips_left = 0

    def _tick(self) -> None:
        self._handle = None
        if self.flips_left <= 0:
            self.render()
            return
        self.flips_left -= 1
        self.flip()
        self._handle = self.loop.call_later(FLIP_EVERY * delay_scale(), self._tick)

    # ------------------------------------------------------------------ the drill

    def flip(self) -> None:
        """Turn up the next card. The verdict on the learner's last jump stays shown until
        their next jump: at party pace a flip comes within seconds, too soon to read it."""
        self.drill.flip()
        self.render()

    def jump(self, card) -> None:
        d = self.drill
        if d.top is None:
            self._show("no-card", 0.0, "")
            return
        j = d.jump(card)
        self._show(j.outcome, j.seconds, j.rule)
        self.render()

    def _show(self, outcome: str, seconds: float, rule: str) -> None:
        """The verdict on a jump (`outcome`: ``"hit"``, ``"late"``, ``"mistake"``, or
        ``"no-card"`` before Start), in the current language."""
        self._said = (outcome, seconds, rule)
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
        d = self.drill
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
