"""The table page: play together at a live table (issue 23), and its projector view.

A thin view over :class:`~unoparty.session.table.TableSession` (one seat's view of a table
kept in the class store, ``UNOPARTY_DB``): *Open a table* (rules, house rules, 2–16 seats,
pace, bot level for empty seats) shows the table's code; *Join* takes a code; the host sees
who has joined, fills empty seats with bots and starts, and in the *Seats* box moves a learner
(before the start or between rounds), gives a seat to a bot and back, or frees it. A reload
(or the app opened again in the same browser) comes back to the table at the same seat
(:meth:`TablePage.resume`, from the app's kept ``"table"`` session); with the teacher's
setting ``pins`` on, a seat goes only to the browser signed in as its learner (a name typed
on another browser asks for that learner's PIN). Then the learner's seat is drawn with
the game's own widgets (:class:`~unoparty.views.board.Board`, the narrated log), their own
hand only (``Game.view_for`` of their seat); a refused move is explained with its rule as in
a game against bots (:func:`unoparty.refusal_words.explain`), the table's own refusals with
:mod:`unoparty.table_words`.

The page follows the table from the kernel's event loop (an asyncio task, every
:data:`POLL_S` seconds; no thread touches a widget): :meth:`TablePage.poll` ticks the
session (heartbeat, the bots' lease, the bots' moves), asks the table's
:class:`~unoparty.progress.table_log.Follower` whether other kernels committed moves, and
redraws when the session's ``version`` moved. Without a running loop (tests, a script) call
:meth:`TablePage.poll` yourself.

:class:`ProjectorView` (``?table=CODE&view=projector``, or the teacher page's list of live
tables) shows what every screen may see — seats, card counts, piles, links, scores and the
public log with the rule behind each event — and no hand until the round is over; it can
save the moment as a scenario file (:func:`unoparty.replay.round_to_toml`: the round's
start plus its moves as steps).
"""

from __future__ import annotations

import asyncio
import atexit
import base64
import weakref
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w

from ..i18n import _, language, ngettext
from ..progress.table_log import StoreUnreachable, TableError, TableLog
from ..refusal_words import explain
from ..rules import Rules
from ..session.table import Pace, TablePageState, TableSession, pins_on, signed_in_as, tab_holder
from ..table_words import bot_name, outcome_note, problem_sentence
from .board import Board
from .common import ErrorPanel, LogView, button, split
from .markup import esc, name_html
from .table import phase_line, table_state

__all__ = ["TablePage", "ProjectorView", "LiveTables", "POLL_S", "seats_html", "error_sentence", "notebook_table",
           "kernel_key"]

POLL_S = 0.25
"""Seconds between two looks at the table (the follower's interval on SQLite)."""
REFRESH_S = 1.0
"""Seconds between two full reads of the table while no move came (seats, host, status)."""


def error_sentence(exc: BaseException, code: str | None = None) -> str:
    """The sentence for a refusal of the table (`TableError`), in the learner's language."""
    if isinstance(exc, TableError):
        return problem_sentence(exc.problem.value, code=exc.code or code, name=exc.name)
    return str(exc)


def _msg(text: str, kind: str = "bad") -> str:
    role = "alert" if kind == "bad" else "status"
    return f'<div class="up-msg up-msg-{kind}" role="{role}">{esc(text)}</div>' if text else ""


def seats_html(seats: Any, *, you: int | None = None) -> str:
    """Every seat in one list: name, learner or bot ("bot for Ava" when a bot covers a
    learner's seat), the host, card counts once dealt (escaped HTML)."""
    rows = []
    for s in seats:
        if s.kind == "empty":
            who = f"<i>{esc(_('empty seat: a bot plays it'))}</i>"
        elif s.kind == "bot":
            who = f"{name_html(bot_name(s.name or ''))} · {esc(_('bot'))}"
        elif s.covered:
            who = esc(_("bot for {name}").format(name=s.name))
        else:
            who = name_html(s.name)
        marks = []
        if s.seat == you:
            marks.append(esc(_("(you)")))
        if s.is_host:
            marks.append(esc(_("host")))
        if s.cards is not None:
            marks.append(esc(ngettext("{count} card", "{count} cards", s.cards).format(count=s.cards)))
        rows.append(f"<li data-seat='{s.seat}'><b>{s.seat + 1}.</b> {who}"
                    f"{' · ' + ' · '.join(marks) if marks else ''}</li>")
    return f"<ol class='up-seats' style='list-style:none;padding-left:0'>{''.join(rows)}</ol>"


def scores_html(names: Any, scores: Any, *, winner: int | None = None) -> str:
    rows = "".join(("<tr class='up-winner'><td>★ " if i == winner else "<tr><td>") +
                   f"{name_html(n)}</td><td class='up-num'>{scores[i]}</td></tr>" for i, n in enumerate(names))
    return (f"<table class='up-scores'><tr><th>{esc(_('Player'))}</th><th>{esc(_('Total'))}</th></tr>"
            f"{rows}</table>")


class _Follow:
    """The page's timer on the kernel's event loop: ``step()`` every `interval` seconds while
    a loop runs (Voila, JupyterLab); nothing without one (call ``step`` yourself)."""

    def __init__(self, step: Callable[[], None], interval: float) -> None:
        self.step, self.interval = step, interval
        self._task: asyncio.Task[None] | None = None

    def start(self) -> bool:
        if self._task is not None and not self._task.done():
            return True
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            try:
                from tornado.ioloop import IOLoop
                loop = IOLoop.current().asyncio_loop  # type: ignore[attr-defined]
            except Exception:
                return False
            if not loop.is_running():
                return False
        self._task = loop.create_task(self._run())
        return True

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            self.step()

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None


_PAGES: "weakref.WeakSet[TablePage]" = weakref.WeakSet()


@atexit.register
def _close_pages() -> None:
    """The kernel shuts down (the page was closed or reloaded: Voila's shutdown beacon): each
    table page lets go of its seat, so the reloaded page takes it at once (`TableSession.close`)."""
    for page in list(_PAGES):
        try:
            page.close()
        except Exception:  # noqa: BLE001 - a store gone at exit: the seat waits a few heartbeats instead
            pass


class TablePage:
    """Open or join a live table, wait for the start, then play your seat.

    Args:
        log: the table log (default: ``TableLog(UNOPARTY_DB)``, opened when first needed).
        name: the signed-in learner's name (the name field's value). key: the browser's
            session key (the seat's holder is ``"<key>.<this tab>"``: `tab_holder`; a reload
            of the same browser gets its seat back, :meth:`resume`).
        errors: the app's error panel. on_rule: opens the rules page at a rule id.
        clock: seconds (tests inject one). follow: start the event-loop timer when a table opens.
        store: the class's progress store: with its setting ``pins`` on, a seat goes only to
            the browser signed in as its learner — typing another name asks for that
            learner's PIN (limited like the teacher's code: `LearnerPicker`).
        on_sign_in: called with the name once its PIN was right (the app signs the browser in).
        on_session: called with the session when one opens, and with None when it closes
            (the app keeps it for a reload: ``store.save_session(key, "table", …)``).
        fixed: `name` is given (JupyterHub's user, :func:`~unoparty.session.sign_in.hub_learner`):
            the name field cannot be changed, and no PIN is asked for it.
        page_key: names the page's count of wrong PINs (default: a new one; the app's page
            key, or the notebook kernel's: a page built again keeps the count).

    Attributes:
        box: the widget. lobby, waiting, playing, ended_box: its parts (one shown at a time).
        name_field, seats, rule_set, house (dict), pace, level, open_button, code_field,
        join_button, message: the lobby. code_html, seats_list, fill_button, start_button,
        leave_button: the waiting room. board, log_view, status, window_bar, hint_button,
        next_round_button, scoring: the game. session: the :class:`TableSession` (None in the lobby).
    """

    def __init__(self, *, log: TableLog | None = None, url: str | None = None, name: str | None = None,
                 key: str | None = None, errors: ErrorPanel | None = None,
                 on_rule: Callable[[str], None] | None = None, clock: Callable[[], float] = time.time,
                 follow: bool = True, session: TableSession | None = None, store: Any = None,
                 on_sign_in: Callable[[str], None] | None = None,
                 on_session: Callable[[TableSession | None], None] | None = None,
                 fixed: bool = False, page_key: str | None = None) -> None:
        from ..i18n import language
        self.language = language()   # the language its widgets speak
        self._log, self._url = log, url
        self.page_state = TablePageState(key=key)   # the browser's key, this tab, a table tried again, the last look
        self.clock, self.follow = clock, follow
        self.store, self.on_sign_in, self.on_session = store, on_sign_in, on_session
        self.fixed = bool(fixed and name)   # the hub's user: no other name, no PIN
        self.page_key = page_key
        self._pending: Callable[[], Any] | None = None   # what a right PIN goes on with
        self.picker: Any = None             # the PIN's fields (views.learner.LearnerPicker), when asked
        own_errors = errors is None
        self.errors = errors or ErrorPanel()
        self.on_rule = on_rule
        g = self.errors.guard
        self.session: TableSession | None = None
        self._follower: Any = None
        self._timer = _Follow(g(self.poll), POLL_S)
        self._rendered: int | None = None
        # ---- the lobby
        self.name_field = w.Text(value=name or "", placeholder=_("Your name"), layout=w.Layout(width="240px"),
                                 disabled=self.fixed)
        self._fixed_name = " ".join((name or "").split()) if self.fixed else None
        self.seats = w.IntSlider(value=4, min=2, max=16, layout=w.Layout(width="360px"))
        self.rule_set = w.ToggleButtons(options=[(_("UNO Party!"), "party"), (_("Classic UNO"), "classic")],
                                        value="party")
        self.rule_set.observe(g(lambda ch: setattr(self.seats, "max", 10 if ch["new"] == "classic" else 16)), "value")
        self.house = {k: w.Checkbox(value=False, description=d, indent=False, layout=w.Layout(width="auto"))
                      for k, d in (("stacking", _("Stacking (H-1)")), ("seven_o", _("Seven-O (H-2)")),
                                   ("jump_in", _("Jump-In (H-3)")), ("doubles", _("Doubles (H-4)")))}
        self.pace = w.ToggleButtons(options=[(_("Learning pace"), "learning"), (_("Party pace"), "party")],
                                    value="learning")
        self.level = w.ToggleButtons(options=[(_("Random"), "random"), (_("Basic"), "basic"), (_("Strong"), "strong")],
                                     value="basic")
        self.open_button = button(_("Open a table"), "up-go", "up-open-table")
        # a second click of a double-click finds the table open (the lobby left): no second table
        self.open_button.on_click(g(lambda _b: None if self._at_a_table() else self.open_table()))
        self.code_field = w.Text(placeholder="K7M2QX", layout=w.Layout(width="140px"))
        self.code_field.add_class("up-code-field")
        self.join_button = button(_("Join"), "up-go", "up-join-table")
        self.join_button.on_click(g(lambda _b: self.join(self.code_field.value)))
        self.message = w.HTML()
        self.message.add_class("up-table-message")

        def row(label: str, widget: Any) -> w.HBox:
            head = w.HTML(f"<b>{esc(label)}</b>", layout=w.Layout(width="150px", flex="0 0 150px"))
            box = w.HBox([head, widget], layout=w.Layout(align_items="center", margin="4px 0"))
            box.add_class("up-row")
            return box

        house = w.Box(list(self.house.values()))
        house.add_class("up-house")
        self.lobby = w.VBox([
            w.HTML(f"<h2 style='margin:4px 0'>{esc(_('Play together'))}</h2>"
                   f"<p>{esc(_('One table for the class, each of you on your own screen. Open a table and give its code to the others, or join with a code.'))}</p>"),
            row(_("Your name"), self.name_field), self.message,
            w.HTML(f"<h3>{esc(_('Join a table'))}</h3>"),
            w.HBox([self.code_field, self.join_button], layout=w.Layout(align_items="center")),
            w.HTML(f"<h3>{esc(_('Open a table'))}</h3>"),
            row(_("Seats"), self.seats), row(_("Rules"), self.rule_set), row(_("House rules"), house),
            row(_("Pace"), self.pace), row(_("Bot level"), self.level), self.open_button])
        self.lobby.add_class("up-settings")
        # ---- the waiting room
        self.code_html = w.HTML()
        self.seats_list = w.HTML()
        self.waiting_note = w.HTML()
        self.fill_button = button(_("Fill the empty seats with bots"), "up-primary", "up-fill-bots")
        self.start_button = button(_("Start the table"), "up-go", "up-start-table")
        self.leave_button = button(_("Leave the table"), "up-leave-table")
        self.fill_button.on_click(g(lambda _b: self._host(lambda s: s.fill_with_bots())))
        self.start_button.on_click(g(lambda _b: self._host(lambda s: s.start())))
        self.leave_button.on_click(g(lambda _b: self.leave()))
        self.table_message = w.HTML()
        self.waiting = w.VBox([self.code_html, self.seats_list, self.waiting_note, self.table_message,
                               w.HBox([self.fill_button, self.start_button, self.leave_button])],
                              layout=w.Layout(display="none"))
        self.waiting.add_class("up-table-waiting")
        # ---- the host's seats: move a learner, hand a seat to a bot and back, free it
        self.seat_pick = w.Dropdown(description=_("Seat"), layout=w.Layout(width="240px"))
        self.seat_to = w.Dropdown(description=_("to seat"), layout=w.Layout(width="240px"))
        self.move_button = button(_("Move"), "up-primary", "up-move-seat")
        self.bot_button = button(_("Give the seat to a bot"), "up-primary", "up-seat-bot")
        self.back_button_seat = button(_("Give the seat back"), "up-primary", "up-seat-back")
        self.free_button = button(_("Free the seat"), "up-warn", "up-seat-free")
        self.move_button.on_click(g(lambda _b: self._host(lambda s: s.move_seat(self.seat_pick.value, self.seat_to.value))))
        self.bot_button.on_click(g(lambda _b: self._host(lambda s: s.hand_over(self.seat_pick.value, "bot"))))
        self.back_button_seat.on_click(g(lambda _b: self._host(lambda s: s.hand_over(self.seat_pick.value, "back"))))
        self.free_button.on_click(g(lambda _b: self._host(lambda s: s.hand_over(self.seat_pick.value, "free"))))
        self.host_message = w.HTML()
        self.host_box = w.VBox([w.HTML(f"<h3 style='margin:6px 0'>{esc(_('Seats'))}</h3>"),
                                w.HBox([self.seat_pick, self.seat_to, self.move_button],
                                       layout=w.Layout(flex_flow="row wrap", align_items="center")),
                                w.HBox([self.bot_button, self.back_button_seat, self.free_button],
                                       layout=w.Layout(flex_flow="row wrap")), self.host_message],
                               layout=w.Layout(display="none"))
        self.host_box.add_class("up-host-seats")
        # ---- the game: the game page's own widgets
        self.board = Board()
        self.board.on_move = g(self._on_move)
        self.board.message.on_rule = lambda rule: self.on_rule and self.on_rule(rule)
        self.board.cancel_button.on_click(g(lambda _b: self.render(force=True)))
        self.log_view = LogView()
        self.status = w.HTML()
        self.window_bar = w.HTML()
        self.play_seats = w.HTML()
        self.hint_button = button(_("Hint"), tooltip=_("What would a good player do?"))
        self.hint_button.on_click(g(lambda _b: self.hint()))
        self.next_round_button = button(_("Next round"), "up-go")
        self.next_round_button.on_click(g(lambda _b: self.next_round()))
        self.scoring = w.HTML()
        self.round_box = w.VBox([self.scoring, self.next_round_button], layout=w.Layout(display="none"))
        self.round_box.add_class("up-roundover")
        self.leave_game_button = button(_("Leave the table"), "up-leave-table")
        self.leave_game_button.on_click(g(lambda _b: self.leave()))
        left = w.VBox([self.status, self.window_bar, self.board.table.box, self.board.picker, self.board.hand.box],
                      layout=w.Layout(flex="1 1 auto", min_width="560px"))
        left.add_class("up-main")
        right = w.VBox([self.round_box, self.board.message.box, self.board.actions,
                        w.HBox([self.hint_button, self.leave_game_button], _dom_classes=("up-actions",)),
                        self.play_seats, self.log_view.box], layout=w.Layout(width="360px", flex="0 0 360px"))
        right.add_class("up-side")
        self.playing = w.VBox([split(left, right)], layout=w.Layout(display="none"))
        self.playing.add_class("up-table-playing")
        # ---- the end
        self.ended_note = w.HTML()
        self.back_button = button(_("Back"), "up-primary")
        self.back_button.on_click(g(lambda _b: self.to_lobby()))
        self.ended_box = w.VBox([self.ended_note, self.back_button], layout=w.Layout(display="none"))
        self.box = w.VBox(([self.errors.box] if own_errors else []) +
                          [self.lobby, self.waiting, self.playing, self.host_box, self.ended_box])
        self.box.add_class("up-table-page")
        _PAGES.add(self)
        if session is not None:   # the same table, drawn again (another language)
            self._log = session.log
            self._use(session)

    # ------------------------------------------------------------------ the store

    @property
    def log(self) -> TableLog:
        """The table log (``UNOPARTY_DB``), opened when first needed. Raises StoreUnreachable."""
        if self._log is None:
            from ..progress import default_url
            self._log = TableLog(self._url or default_url())
        return self._log

    @property
    def holder(self) -> str:
        """This tab's holder of a seat: ``"<browser key>.<tab>"`` (one per page, kept while the
        browser's key is the same)."""
        from ..progress.table_log import browser_of
        if self.page_state.tab is None or (self.page_state.key and browser_of(self.page_state.tab) != self.page_state.key):
            self.page_state.tab = tab_holder(self.page_state.key)
        return self.page_state.tab

    def _name(self, then: Callable[[], Any] | None = None) -> str | None:
        """The name typed; with PINs on, a name this browser is not signed in as first asks for
        its PIN (and `then` goes on once it is right). None: not yet (the page says why).
        A `fixed` name (the hub's user) is the only one, with no PIN: the hub signed it in."""
        if self._fixed_name is not None:
            self.name_field.value = self._fixed_name   # a page can send a disabled field's value
            return self._fixed_name
        name = " ".join((self.name_field.value or "").split())
        if not name:
            self.message.value = _msg(_("Type your name first: the other players see it at the table."))
            return None
        if self.store is not None and pins_on(self.store) and not signed_in_as(self.store, self.holder, name):
            self._ask_pin(name, then)
            return None
        return name

    def _ask_pin(self, name: str, then: Callable[[], Any] | None) -> None:
        """PINs on and the browser is not signed in as `name`: its PIN is asked (the landing
        page's fields and limits), then `then` runs."""
        from .learner import LearnerPicker
        if self.picker is None:
            self.picker = LearnerPicker(self.store, on_pick=self.errors.guard(self._pin_right),
                                        page_key=self.page_key)
            self.picker._name_row.layout.display = "none"   # the table page's own name field
            self.picker.box.add_class("up-table-pin")
            self.picker._build_pin()
            for field in (self.picker.pin_field, self.picker.pin_again):   # in the column of "Your name"
                field.add_class("up-pin-field")
            self.lobby.children = (*self.lobby.children[:2], self.picker.box, *self.lobby.children[2:])
        self._pending = then
        self.message.value = ""
        self.picker.box.layout.display = ""
        self.picker.pick(name)

    def _pin_right(self, name: str) -> None:
        if self.on_sign_in is not None:
            self.on_sign_in(name)
        elif self.page_state.key is not None:
            self.store.sign_in(self.page_state.key, name)
        if self.picker is not None:
            self.picker.box.layout.display = "none"
        self.name_field.value = name
        then, self._pending = self._pending, None
        if then is not None:
            then()

    # ------------------------------------------------------------------ lobby → table

    def _at_a_table(self) -> bool:
        """This page is at a table that has not ended (its lobby is not shown)."""
        return self.session is not None and self.session.status != "ended"

    def open_table(self) -> TableSession | None:
        """*Open a table* with the lobby's choices; the learner is its host at seat 0."""
        name = self._name(self.open_table)
        if name is None:
            return None
        rules = Rules(rule_set=self.rule_set.value, **{k: c.value for k, c in self.house.items()})
        from ..session.game import delay_scale
        pace = Pace(kind=self.pace.value, bot_speed=delay_scale())
        try:
            session = TableSession.open(self.log, host=name, holder=self.holder, seats=int(self.seats.value),
                                        rules=rules, bot_level=self.level.value, pace=pace, clock=self.clock)
        except TableError as e:
            self.message.value = _msg(error_sentence(e))
            return None
        except ValueError:
            self.message.value = _msg(_("A classic UNO table has 2 to 10 seats (S-1)."))
            return None
        self._use(session)
        return session

    def join(self, code: str) -> TableSession | None:
        """*Join* table `code` under the name typed (your seat back if you had one)."""
        name = self._name(lambda: self.join(code))
        if name is None:
            return None
        try:
            session = TableSession.join(self.log, code, name=name, holder=self.holder, clock=self.clock,
                                        store=self.store)
        except TableError as e:
            self.message.value = _msg(error_sentence(e, code.strip().upper()))
            return None
        self._use(session)
        return session

    RESUME_S = 30.0
    """Seconds a kept table is tried again while its seat is still live in the old tab."""

    def resume(self, state: dict[str, Any]) -> TableSession | None:
        """Back to the table after a reload (or the app opened again): the kept state
        (`TableSession.to_state`) rejoined from this tab — the same seat and hand. While the
        old tab still holds the seat (its kernel not yet shut down) the page says so and tries
        again at each look, for `RESUME_S` seconds."""
        try:
            session = TableSession.from_state(state, log=self.log, holder=self.holder, clock=self.clock,
                                              store=self.store)
        except (TableError, ValueError) as e:
            from ..progress.table_log import Problem
            if isinstance(e, TableError) and e.problem is Problem.SEAT_LIVE:
                if self.page_state.resuming is None:
                    self.page_state.resuming = (dict(state), self.clock() + self.RESUME_S)
                    if self.follow:
                        self._timer.start()
                self._show(self.lobby)
                self.message.value = _msg(error_sentence(e, str(state.get("code", ""))), "info")
                return None
            self.page_state.resuming = None
            if self.on_session is not None:
                self.on_session(None)
            self._show(self.lobby)
            self.message.value = _msg(error_sentence(e, str(state.get("code", ""))) if isinstance(e, TableError)
                                      else _("The table could not be opened again."), "info")
            return None
        self.page_state.resuming = None
        self.name_field.value = session.name
        self._use(session)
        return session

    def _use(self, session: TableSession) -> None:
        self.close()
        self.session = session
        self.page_state.tab = session.holder
        self.message.value = ""
        self.table_message.value = ""
        self.board.message.clear()
        self._rendered = None
        self.page_state.drawn_seq = None
        try:
            self._follower = self.log.follower(session.code, interval=POLL_S)
        except TableError:
            self._follower = None
        if self.follow:
            self._timer.start()
        if self.on_session is not None:
            self.on_session(session)
        self.render(force=True)

    def _host(self, action: Callable[[TableSession], None]) -> None:
        s = self.session
        if s is None:
            return
        try:
            action(s)
            self.table_message.value = self.host_message.value = ""
        except TableError as e:
            self.table_message.value = self.host_message.value = _msg(error_sentence(e, s.code))
        except ValueError:
            self.host_message.value = _msg(_("Choose another seat."))
        self.render()

    def leave(self) -> None:
        """Leave the table (a bot plays the seat until you open the code again) → the lobby."""
        s = self.session
        if s is not None:
            try:
                s.leave()
            except TableError as e:
                self.message.value = _msg(error_sentence(e, s.code))
        self.to_lobby()

    def to_lobby(self) -> None:
        self.close()
        self.session = None
        self.host_box.layout.display = "none"
        if self.on_session is not None:
            self.on_session(None)
        for part, shown in ((self.lobby, True), (self.waiting, False), (self.playing, False), (self.ended_box, False)):
            part.layout.display = "" if shown else "none"

    def close_timer(self) -> None:
        """Stop following the table (its session goes on: another page shows it)."""
        self._timer.stop()
        if self._follower is not None:
            self._follower.close()
            self._follower = None

    def close(self) -> None:
        """Stop following (the kernel closes, or another table opens)."""
        self.close_timer()
        if self.session is not None:
            self.session.close()

    # ------------------------------------------------------------------ time

    def poll(self) -> bool:
        """One look at the table: tick the session (heartbeat, the bots' lease and moves),
        catch up with moves other kernels committed, and redraw if anything changed. Returns
        whether the page was redrawn. A store that cannot be reached is said on the page and
        tried again at the next look."""
        s = self.session
        if s is None:
            if self.page_state.resuming is not None:
                state, until = self.page_state.resuming
                now = self.clock()
                if now > until:
                    self.page_state.resuming = None
                    return False
                if now - self.page_state.refreshed < REFRESH_S:   # once a second is enough
                    return False
                self.page_state.refreshed = now
                return self.resume(state) is not None
            return False
        now = self.clock()
        try:
            s.tick()
            seen = s.seq
            if self._follower is not None and self._follower.wait(seen, 0) > seen:
                s.refresh()
                self.page_state.refreshed = now
            elif now - self.page_state.refreshed >= REFRESH_S:
                s.refresh()
                self.page_state.refreshed = now
        except StoreUnreachable:
            if not self.page_state.unreachable:
                self.page_state.unreachable = True
                self.table_message.value = self.status.value = _msg(problem_sentence("unreachable"))
            return False
        except TableError as e:
            self._show_ended(error_sentence(e, s.code))
            return True
        if self.page_state.unreachable:
            self.page_state.unreachable = False
            self.table_message.value = ""
            self._rendered = None
        view_window = s.pace.kind == "learning"
        if s.version != self._rendered:
            self.render()
            return True
        if view_window:
            self._draw_window(s.view())
        return False

    # ------------------------------------------------------------------ moves

    def _on_move(self, move: Any) -> None:
        s = self.session
        if s is None:
            return
        try:
            out = s.act(move)
        except TableError as e:
            self.board.message.show(error_sentence(e, s.code), "bad")
            return
        explanation = explain(out.refusal) if out.refusal is not None else None
        note = (_("The table is paused: wait until your teacher resumes it.") if out.status == "paused" else
                outcome_note(out.status, raced=out.raced, explanation=explanation, wait=out.wait))
        self.render()
        if note:
            self.board.message.show(note, "bad" if out.status != "applied" else "info", out.rule or "")
        else:
            self.board.message.clear()

    def hint(self) -> None:
        s = self.session
        game = s.game if s is not None else None
        if s is None or game is None or s.seat is None or game.phase.is_over:
            return
        from ..bots import hint
        from ..move_words import move_advice
        result = hint(game, s.seat)
        if not result or result[0] is None:
            reason = result[1] if result else ""
            self.board.message.show(reason or _("Nothing to do right now: wait for your turn."), "info")
            return
        move, reason = result
        self.board.message.show(_("Hint: {reason}").format(reason=reason) if reason else
                                _("Hint: {move}.").format(move=move_advice(move, game.names, s.seat)), "info")

    def next_round(self) -> None:
        s = self.session
        if s is None:
            return
        out = s.new_round()
        if not out.applied and out.rule:
            self.board.message.show(outcome_note(out.status, raced=out.raced), "info")
        self.render()

    # ------------------------------------------------------------------ drawing

    def _show(self, part: w.VBox) -> None:
        for p in (self.lobby, self.waiting, self.playing, self.ended_box):
            p.layout.display = "" if p is part else "none"

    def _show_ended(self, sentence: str) -> None:
        self.close()
        self.host_box.layout.display = "none"
        if self.on_session is not None:
            self.on_session(None)
        self.ended_note.value = _msg(sentence, "info")
        self._show(self.ended_box)

    def _draw_window(self, view: Any) -> None:
        if view.window_left > 0 and view.window > 0:
            pct = max(0.0, min(100.0, 100.0 * view.window_left / view.window))
            self.window_bar.value = (
                f"<div class='up-window' role='status' aria-label='{esc(_('Speed-play window'))}'>"
                f"<span class='up-stepno'>{esc(_('Speed-play window'))}</span>"
                f"<div style='height:8px;background:#e4e0f0;border-radius:4px'><div style='height:8px;width:{pct:.0f}%;"
                f"background:#6a3fb5;border-radius:4px'></div></div></div>")
        elif self.window_bar.value:
            self.window_bar.value = ""

    def _draw_host(self, view: Any, s: TableSession) -> None:
        """The host's seat controls: every seat to pick, and what may be done to it now."""
        if not s.is_host:
            self.host_box.layout.display = "none"
            return
        self.host_box.layout.display = ""
        options = []
        for x in view.seats:
            who = (x.name if x.kind == "learner" and not x.covered else
                   _("bot for {name}").format(name=x.name) if x.covered else
                   bot_name(x.name or "") if x.kind == "bot" else _("empty seat"))
            options.append((f"{x.seat + 1}. {who}", x.seat))
        for field in (self.seat_pick, self.seat_to):
            keep = field.value
            if list(field.options) != options:
                field.options = options
            field.value = keep if keep in range(len(options)) else (1 if field is self.seat_pick and len(options) > 1
                                                                    else 0)
        running = view.status == "running"
        self.back_button_seat.layout.display = "" if running else "none"

    def render(self, *, force: bool = False) -> None:
        """Draw the page for the table as this seat sees it (`TableSession.view`)."""
        s = self.session
        if s is None:
            self._show(self.lobby)
            return
        view = s.view()
        if not force and self._rendered == view.version:
            return
        # a new move (not a heartbeat, which bumps the version too) closes the colour picker
        # the learner may have open and clears a refusal shown (a new-user trial: a Wild Draw
        # Four's picker closed at the next heartbeat, a click's "wait" was wiped unread)
        moved = self.page_state.drawn_seq is not None and self.page_state.drawn_seq != view.seq
        self.page_state.drawn_seq = view.seq
        self._rendered = view.version
        if view.status == "ended":
            self._show_ended(problem_sentence("ended", code=view.code))
            return
        self._draw_host(view, s)
        code_line = (f"<h2 style='margin:4px 0'>{esc(_('Table {code}').format(code=view.code))}</h2>")
        if view.status == "open":
            self._show(self.waiting)
            self.code_html.value = (code_line + f"<p>{esc(_('Give this code to the other players: they choose Play together, then Join.'))}</p>"
                                    f"<p class='up-table-code' style='font-size:40px;letter-spacing:6px;font-weight:700'>"
                                    f"{esc(view.code)}</p>")
            self.seats_list.value = seats_html(view.seats, you=view.you)
            host = s.is_host
            self.fill_button.layout.display = self.start_button.layout.display = "" if host else "none"
            self.waiting_note.value = "" if host else _msg(
                _("Waiting for {name} to start the table.").format(name=view.host or ""), "info")
            return
        # running
        self._show(self.playing)
        game = s.game
        self.play_seats.value = seats_html(view.seats, you=view.you)
        self._draw_window(view)
        if game is None:
            return
        if view.you is None or view.player is None:   # a spectator: the public table only
            state = table_state(game, None)
            self.board.table.render(state)
            self.board.hand.render((), None)
            self.board.actions.layout.display = "none"
            self.status.value = _msg(_("You are watching: you take a bot's seat at the next round.")
                                     if any(x.kind == "bot" for x in view.seats) else
                                     _("You are watching: every seat has a learner, so you take a seat once one is freed."),
                                     "info")
            self.log_view.render(s.events_since(0), game.names, None)
            return
        state = table_state(game, view.you)
        if moved:
            if self.board.pick_kind:
                self.board.close_picker()
            if self.board.message.kind == "bad":
                self.board.message.clear()
        self.board.render(game, view.you, state=state)
        if s.seat_lost:
            handed = view.you is not None and view.you < len(view.seats) and view.seats[view.you].handed
            self.board.message.show(problem_sentence("handed" if handed else "not seated", code=view.code), "bad")
        elif s.paused:
            self.board.message.show(_("The table is paused: wait until your teacher resumes it."), "info")
        elif self.board.message.kind == "info" and self.board.message.text == _("The table is paused: wait until your teacher resumes it."):
            self.board.message.clear()
        self.log_view.render(s.events_since(0), game.names, view.you)
        self.status.value = (f'<div class="up-stepno"><b style="font-size:16px;color:#1f2430">{phase_line(state)}</b> · '
                             f'{esc(_("Table {code}").format(code=view.code))} · '
                             f'{esc(_("Round {n}").format(n=state.view.round_number))}</div>')
        if view.round_over:
            out = view.outcome
            self.scoring.value = scores_html(game.names, game.scores, winner=out.winner if out else None)
            self.round_box.layout.display = ""
            self.board.actions.layout.display = "none"
        else:
            self.round_box.layout.display = "none"
            self.board.actions.layout.display = ""


_KERNEL_KEY: list[str] = []
_NOTEBOOK_PAGES: "weakref.WeakSet[TablePage]" = weakref.WeakSet()


def kernel_key() -> str:
    """This kernel's session key (22 URL-safe characters, made once per process): in a
    notebook the kernel is the learner's "browser" — signed in as the learner once
    (JupyterHub's user, or a name whose PIN was right), for every table page it shows."""
    if not _KERNEL_KEY:
        import secrets
        _KERNEL_KEY.append(secrets.token_urlsafe(16))
    return _KERNEL_KEY[0]


def notebook_table(code: str | None = None, *, name: str | None = None, pin: str | None = None,
                   store: Any = None, log: TableLog | None = None, key: str | None = None,
                   clock: Callable[[], float] = time.time, follow: bool = True) -> TablePage:
    """The table page of ``unoparty.table()``, on the app's identity model (issue 22).

    The notebook's kernel is the learner's browser (`key`, default :func:`kernel_key`):

    - under JupyterHub (``JUPYTERHUB_USER``) the hub's user is the learner — signed in, no
      name to type, no PIN; another `name` is refused in one sentence (`views.learner.hub_sentence`)
      and nothing is joined;
    - otherwise, with the teacher's setting ``pins`` on, a `name` this kernel is not signed
      in as needs that learner's PIN: `pin` (a string of 4 to 6 digits; a learner with no PIN
      yet chooses it so) or the PIN box the page shows; wrong PINs are counted as the app's
      are (5 per kernel, 10 per learner over every page, then a growing wait:
      :mod:`unoparty.access`), and the page says why in the learner's language. Once it is
      right the kernel is signed in as the learner and `code` is joined;
    - a seat held by another browser is never handed over on a typed name: SEAT_LIVE while
      that tab plays it, and with PINs on (even covered by a bot) only to the browser signed
      in as its learner (`TableSession.join`).

    A page of this kernel already at table `code` (the cell run again) lets go of its seat,
    so the new page takes it back at once.

    Args:
        code: the table's code (6 letters; None: the lobby). name: the learner's name
            (ignored under JupyterHub unless it differs: then refused). pin: the learner's
            PIN (ignored when none is asked). store: the class's progress store (default
            :func:`~unoparty.progress.open_store`, ``UNOPARTY_DB``). log: the table log.
            key: this kernel's session key. clock: seconds (tests). follow: the page's timer.

    Returns:
        the :class:`TablePage` (``.session``: the seat, None until joined; ``.message`` and
        ``.picker.message``: what was refused, as HTML).

    Raises:
        TypeError: `pin` or `name` is not a string (a PIN like ``0123`` must be ``"0123"``).
        unoparty.progress.StoreError: the class store cannot be opened (no seat is given
            then: a PIN could not be checked).
    """
    from ..session.sign_in import hub_learner
    from .learner import hub_sentence
    if pin is not None and not isinstance(pin, str):
        raise TypeError(f"pin= is a string of 4 to 6 digits, such as \"0123\", not {pin!r}")
    if name is not None and not isinstance(name, str):
        raise TypeError(f"name= is the learner's name as a string, not {name!r}")
    if store is None:
        from ..progress import open_store
        store = open_store()
    key = key or kernel_key()
    hub = hub_learner()
    page = TablePage(log=log, name=hub or name, key=key, store=store, clock=clock, follow=follow,
                     fixed=bool(hub), page_key="kernel:" + key)
    _NOTEBOOK_PAGES.add(page)

    def join() -> None:
        if not code:
            return
        target = str(code).strip().upper()
        for other in list(_NOTEBOOK_PAGES):   # the cell run again: its old page lets go of the seat
            if other is not page and other.session is not None and other.session.code == target \
                    and other.page_state.key == key:
                other.close()
        page.join(code)

    if hub:
        if (store.learner_for_key(key) or "").casefold() != hub.casefold():
            store.sign_in(key, hub)   # the hub vouches for its user (a hub store signs in only as the caller)
        if name is not None and " ".join(name.split()).casefold() != hub.casefold():
            page.message.value = _msg(hub_sentence(hub))
            return page
        join()
        return page
    typed = " ".join((name or "").split())
    if typed and pins_on(store) and not signed_in_as(store, page.holder, typed):
        page._ask_pin(typed, join)
        if pin is not None and page.picker is not None and page.picker.session.waiting is not None:
            page.picker.check_pin(pin, pin)
        return page
    join()
    return page


class ProjectorView:
    """The table for the class's screen: every seat, card counts, the piles, links, scores
    and the public log with the rule behind each event — no hand until the round is over.

    It holds no seat and runs no bot (a :class:`TableSession` with ``seat`` None and
    ``run_bots`` False: it only reads the table).

    Args:
        code: the table's code. log: the table log. folder: where *Save the moment* writes
            (default ``UNOPARTY_SCENARIOS``; without it only the download link is given).
        key: the teacher's projector key of this table (:func:`unoparty.access.projector_key`,
            in the Teacher page's link): *Pause* and *Save the moment* — whose scenario holds
            every hand — are the teacher's; without the key (any learner who knows the
            table's code) the view only shows the table (issue 22). No teacher's code set:
            every projector view may act.

    Attributes:
        box, status, table (the table drawing, HTML), seats_list, log_view, hands (the hands,
        once the round is over), save_button, saved (the link to the saved file), session,
        teachers (the view may pause and save).
    """

    def __init__(self, code: str, *, log: TableLog | None = None, url: str | None = None,
                 errors: ErrorPanel | None = None, folder: Path | None = None, follow: bool = True,
                 key: str | None = None, teachers: bool | None = None) -> None:
        from ..access import projector_key_ok
        # `teachers`: the flag of a projector view built before (the same view in another language)
        self.teachers = projector_key_ok(code, key) if teachers is None else teachers
        own_errors = errors is None
        self.errors = errors or ErrorPanel()
        g = self.errors.guard
        self.folder = folder
        self.message = w.HTML()
        self.status = w.HTML()
        self.table = Board().table   # the drawing of the game page's table (no hand: an onlooker)
        self.seats_list = w.HTML()
        self.scores = w.HTML()
        self.hands = w.HTML()
        self.log_view = LogView()
        self.save_button = button(_("Save the moment as a scenario"), "up-primary", "up-save-moment")
        self.save_button.on_click(g(lambda _b: self.save_moment()))
        self.saved = w.HTML()
        self.pause_button = button(_("Pause the table"), "up-warn", "up-pause-table")
        self.pause_button.on_click(g(lambda _b: self.toggle_pause()))
        self.session: TableSession | None = None
        self._rendered: int | None = None
        self.page_state = TablePageState()   # when the table was read last
        self._follower: Any = None
        self._timer = _Follow(g(self.poll), POLL_S)
        left = w.VBox([self.status, self.table.box, self.hands], layout=w.Layout(flex="1 1 auto", min_width="560px"))
        left.add_class("up-main")
        right = w.VBox([self.pause_button, self.save_button, self.saved, self.scores, self.seats_list, self.log_view.box],
                       layout=w.Layout(width="360px", flex="0 0 360px"))
        right.add_class("up-side")
        self.box = w.VBox(([self.errors.box] if own_errors else []) + [self.message, split(left, right)])
        self.box.add_class("up-projector")
        try:
            if log is None:
                from ..progress import default_url
                log = TableLog(url or default_url())
            self.log = log
            from ..progress.table_log import normalise_code
            code = normalise_code(code)
            self.session = TableSession(log, code, "projector", "projector-" + code, None, run_bots=False)
            self._follower = log.follower(code, interval=POLL_S)
        except TableError as e:
            self.message.value = _msg(error_sentence(e, str(code).strip().upper()))
            return
        if follow:
            self._timer.start()
        self.render()

    def poll(self) -> bool:
        """One look at the table; redraws when it changed."""
        s = self.session
        if s is None:
            return False
        try:
            seen, now = s.seq, time.monotonic()
            if self._follower is None or self._follower.wait(seen, 0) > seen or now - self.page_state.refreshed >= REFRESH_S:
                s.refresh()
                self.page_state.refreshed = now
        except StoreUnreachable:
            self.message.value = _msg(problem_sentence("unreachable"))
            return False
        except TableError as e:
            self.message.value = _msg(error_sentence(e, s.code))
            return False
        if s.version != self._rendered:
            self.render()
            return True
        return False

    def render(self) -> None:
        s = self.session
        if s is None:
            return
        self._rendered = s.version
        pv = s.public_view()
        self.message.value = "" if pv.status != "ended" else _msg(problem_sentence("ended", code=pv.code), "info")
        self.seats_list.value = seats_html(pv.seats)
        game = s.game
        head = esc(_("Table {code}").format(code=pv.code))
        if game is None:
            self.status.value = (f"<h2>{head}</h2>" +
                                 _msg(problem_sentence("not running", code=pv.code), "info"))
            self.save_button.layout.display = self.pause_button.layout.display = "none"
            return
        shown = "" if self.teachers else "none"   # the teacher's buttons only (a hand's worth of secrets)
        self.save_button.layout.display = self.pause_button.layout.display = shown
        self.pause_button.description = _("Resume the table") if s.paused else _("Pause the table")
        state = table_state(game, None)
        self.table.render(state)
        self.status.value = (f'<div class="up-stepno"><b style="font-size:18px;color:#1f2430">{head}</b> · '
                             f'<b>{phase_line(state)}</b> · {esc(_("Round {n}").format(n=pv.round_number))}</div>')
        self.scores.value = scores_html(game.names, pv.scores)
        self.log_view.render(pv.events, game.names, None)
        if pv.hands:   # the round is over: every hand is shown
            from . import svg
            rows = "".join(f"<div><b>{name_html(game.names[i])}</b> "
                           f"<div style='display:flex;flex-wrap:wrap;gap:3px'>{''.join(svg.card_svg(c, 44) for c in hand)}</div></div>"
                           for i, hand in enumerate(pv.hands))
            self.hands.value = f"<div class='up-every up-round-hands'><h3>{esc(_('Every hand'))}</h3>{rows}</div>"
        else:
            self.hands.value = ""

    def toggle_pause(self) -> None:
        """*Pause the table* / *Resume the table*: for every screen (no move is taken, the bots
        wait; a kernel learns of it at its next look, within a second)."""
        s = self.session
        if s is None or not self.teachers:   # a page can click a hidden button
            return
        try:
            s.set_paused(not s.paused)
        except TableError as e:
            self.message.value = _msg(error_sentence(e, s.code))
            return
        self.render()

    def moment_text(self) -> str:
        """The round so far as scenario text (its start plus its moves as steps: format 1,
        ``unoparty scenario check`` accepts it). Raises ReplayError (a round a setup cannot
        start) or ValueError (the table has not started)."""
        from ..replay import round_to_toml
        s = self.session
        game = s.game if s is not None else None
        if s is None or game is None:
            raise ValueError("the table has not started")
        return round_to_toml(game, scenario_id=f"table-{s.code}-round-{game.round_number}-move-{s.seq}",
                             title=_("Table {code}: the moment saved").format(code=s.code))

    def save_moment(self) -> Path | None:
        """*Save the moment*: the scenario written to the scenario folder (when there is one)
        and offered as a download. Returns the file written, or None."""
        from ..replay import ReplayError
        if not self.teachers:   # the scenario holds every hand: the teacher's only
            return None
        try:
            text = self.moment_text()
        except (ReplayError, ValueError) as e:
            self.saved.value = _msg(_("This round cannot be replayed yet: {why}").format(why=e), "info")
            return None
        s = self.session
        assert s is not None and s.game is not None
        name = f"table-{s.code.lower()}-round-{s.game.round_number}-move-{s.seq}.toml"
        folder = self.folder
        if folder is None:
            from .scenarios_page import scenario_folder
            folder = scenario_folder()
        written = None
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            written = folder / name
            written.write_text(text, encoding="utf-8")
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        where = (f" {esc(_('It is in the scenario folder too: Your scenarios shows it.'))}" if written else "")
        self.saved.value = (f"<div class='up-msg up-msg-good' role='status'>"
                            f"<a download='{esc(name)}' href='data:application/toml;base64,{data}'>"
                            f"{esc(_('Download {file}').format(file=name))}</a>{where}</div>")
        return written

    def close(self) -> None:
        self._timer.stop()
        if self._follower is not None:
            self._follower.close()
            self._follower = None


def _age(seconds: float) -> str:
    s = max(0, int(seconds))
    if s < 120:
        return ngettext("{n} second ago", "{n} seconds ago", s).format(n=s)
    m = s // 60
    if m < 120:
        return ngettext("{n} minute ago", "{n} minutes ago", m).format(n=m)
    h = m // 60
    return ngettext("{n} hour ago", "{n} hours ago", h).format(n=h)


class LiveTables:
    """The teacher page's list of the live tables: code (a link to its projector view),
    seats (learner or bot), round, scores, the last move's age; *End* ends a table.

    Args:
        log: the table log (default ``TableLog(UNOPARTY_DB)``). clock: seconds.
        may_act: returns whether the page may act now (the teacher's page is open).

    Attributes:
        box, html (the list), end_buttons (code → its End button), message.
    """

    def __init__(self, *, log: TableLog | None = None, url: str | None = None,
                 clock: Callable[[], float] = time.time, may_act: Callable[[], bool] = lambda: True,
                 guard: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None) -> None:
        self._log, self._url, self.clock, self.may_act = log, url, clock, may_act
        self.guard = guard or (lambda f: f)
        self.html = w.HTML()
        self.message = w.HTML()
        self.buttons_box = w.HBox([], layout=w.Layout(flex_flow="row wrap"))
        self.end_buttons: dict[str, w.Button] = {}
        self.box = w.VBox([w.HTML(f"<h3>{esc(_('Live tables'))}</h3>"), self.message, self.html, self.buttons_box])
        self.box.add_class("up-live-tables")

    @property
    def log(self) -> TableLog:
        if self._log is None:
            from ..progress import default_url
            self._log = TableLog(self._url or default_url())
        return self._log

    def refresh(self) -> None:
        """Read the live tables again and draw them."""
        try:
            tables = self.log.tables()
        except TableError as e:
            self.message.value = _msg(error_sentence(e))
            return
        self.message.value = ""
        now = self.clock()
        rows, buttons = [], {}
        for t in tables:
            try:
                s = TableSession(self.log, t.code, "teacher", "teacher-" + t.code, None, run_bots=False)
                pv = s.public_view()
                moves = self.log.moves(t.code, max(0, s.seq - 1))
            except TableError:
                continue
            last = moves[-1].at if moves else t.updated
            seats = ", ".join(
                (esc(_("bot for {name}").format(name=x.name)) if x.covered else
                 f"{name_html(bot_name(x.name or ''))} ({esc(_('bot'))})" if x.kind == "bot" else
                 f"<i>{esc(_('empty seat: a bot plays it'))}</i>" if x.kind == "empty" else name_html(x.name))
                for x in pv.seats)
            names = [bot_name(x.name or "") if x.kind == "bot" else x.name or "" for x in pv.seats]
            scores = ", ".join(f"{name_html(n)} {sc}" for n, sc in zip(names, pv.scores)) if pv.scores else "–"
            from ..access import projector_key
            key = projector_key(t.code)
            # in the teacher's language: the new tab knows the browser's own choice only later
            link = (f"<a href='?table={esc(t.code)}&amp;view=projector&amp;lang={esc(language())}"
                    f"{'&amp;key=' + key if key else ''}' "
                    f"target='_blank' rel='noopener'>"
                    f"{esc(_('projector view'))}</a>")
            rows.append(f"<tr data-code='{esc(t.code)}'><td><b>{esc(t.code)}</b><br>{link}</td><td>{seats}</td>"
                        f"<td class='up-num'>{pv.round_number or '–'}</td><td>{scores}</td>"
                        f"<td>{esc(_age(now - last))}</td></tr>")
            b = button(_("End table {code}").format(code=t.code), "up-warn")
            b.on_click(self.guard(lambda _b, code=t.code: self.end(code)))
            buttons[t.code] = b
        self.end_buttons = buttons
        self.buttons_box.children = tuple(buttons.values())
        if not rows:
            self.html.value = f"<p>{esc(_('No table is being played just now.'))}</p>"
            return
        head = "".join(f"<th>{esc(h)}</th>" for h in (_("Code"), _("Seats"), _("Round"), _("Scores"), _("Last move")))
        self.html.value = f"<table class='up-scores up-live'><tr>{head}</tr>{''.join(rows)}</table>"

    def end(self, code: str) -> None:
        """End table `code` (every screen says it has ended)."""
        if not self.may_act():
            return
        try:
            self.log.end(code, now=self.clock())
        except TableError as e:
            self.message.value = _msg(error_sentence(e, code))
            return
        self.refresh()
        self.message.value = _msg(problem_sentence("ended", code=code), "info")


def no_server_box(on_play: Callable[[], None], sentence: str | None = None) -> w.VBox:
    """The Play together page where no table can be shared: one sentence and the game
    against bots. `sentence` says why (default: the static site's — no server)."""
    play = button(_("Play against bots"), "up-go")
    play.on_click(lambda _b: on_play())
    why = sentence or _('A shared table needs the class server (unoparty app, or JupyterHub): this site runs in your browser alone, so here you can play against bots.')
    box = w.VBox([w.HTML(f"<h2 style='margin:4px 0'>{esc(_('Play together'))}</h2>"
                         f"<p>{esc(why)}</p>"),
                  play])
    box.add_class("up-table-page")
    box.add_class("up-no-server")
    return box
