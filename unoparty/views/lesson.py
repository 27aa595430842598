"""The scenario player: a lesson stepped through with Back / Next / Restart.

Each step shows its narration and the table as it stands. A task waits for the learner to
answer by clicking on the table: right — the step's feedback; wrong — the engine's
explanation (or the lesson's own words for that mistake) and the hint. A note says when a
ruling of this app, not the printed rules, decided something. Stars per lesson are kept
between visits (:mod:`unoparty.views.progress`).

The player renders a :class:`~unoparty.session.lesson.LessonSession`, which holds the
step, the answers, the feedback (as data) and a table per step shown (Back restores one,
Next makes one step). A language switch is new widgets around the same session
(:meth:`LessonPlayer.resume`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as w

from ..i18n import _, ngettext
from ..move_words import move_advice
from ..refusal_words import explain, ruling_note, told
from ..session.lesson import Feedback, LessonSession
from .board import Board
from .common import ErrorPanel, LogView, MessageBox, button, split
from .markup import esc, name_text
from .progress import Progress

if TYPE_CHECKING:
    from ..engine.events import Event
    from ..engine.moves import Move
    from ..game import Game
    from ..scenarios.model import Scenario, Step
    from ..scenarios.runner import AnswerResult, Runner
    from ..progress import LearnerProgress
    from .table import TableState

__all__ = ["LessonPlayer", "stars_html"]


def stars_html(n: int, total: int = 3) -> str:
    on = "★" * n
    off = f'<span class="up-star-off">{"★" * (total - n)}</span>' if total > n else ""
    return f'<span class="up-stars" aria-label="{esc(_("{n} of {total} stars").format(n=n, total=total))}">{on}{off}</span>'


def _first_sentence(text: str) -> str:
    line = text.splitlines()[0] if text else ""
    cut = line.find(". ")
    return line if cut < 0 else line[: cut + 1] + " …"


_RULE_SUFFIX = re.compile(r"\s*\([A-Z]{1,2}-\d+[^()]*\)\s*$")  # "(T-1)", "(PT-4, ruling)" after a sentence

_INTERJECTION = re.compile(r"(?:Yes|Good|Right|Correct|Exactly|Well done|Great)\s*[!.:,]\s*")
"""An English lesson feedback's own opening word ("Yes!", "Yes:", "Yes,", "Well done.", "Good."):
the app says its own "Right!" before the feedback. The catalogues translate a feedback without
it (``tests/test_lesson_feedback_words.py`` checks every language's)."""


def _without_interjection(text: str) -> str:
    """The feedback without its own opening interjection — English "Yes!", "Yes:", "Good.", or
    the translation of "Right!" — since it follows our own "Right!"; what is left starts with a
    capital letter ("Yes, yellow on yellow." → "Yellow on yellow.")."""
    text = (text or "").strip()
    right = _("Right!")
    if right and text.startswith(right):
        rest = text[len(right):].lstrip()
    else:
        m = _INTERJECTION.match(text)
        rest = text[m.end():] if m else text
    return rest[:1].upper() + rest[1:]


def _ruling_notes(rule_ids: Any) -> list[str]:
    from ..rulebook import RULES
    notes = []
    for rid in rule_ids:
        r = RULES.get(rid)
        if r is not None and r.is_ruling and rid not in notes:
            notes.append(rid)
    return notes


class LessonPlayer:
    """The widgets of one :class:`LessonSession` (:attr:`session`; made here unless given).

    Attributes:
        board: a free-mode :class:`Board` (every card and button can be clicked).
        back_button, next_button, restart_button, hint_button: the controls.
        say: the narration. task: the task text. feedback: right/wrong messages.
        ruling: the note shown when a ruling decided.
        scenario, lesson_id, me, runner, pos, answered, own_answer, wrong, finished,
        game, events: the session's (read-only).
    """

    def __init__(self, scenario: Scenario, *, progress: Progress | LearnerProgress | None = None,
                 errors: ErrorPanel | None = None,
                 on_rule: Callable[[str], None] | None = None, on_exit: Callable[[], None] | None = None,
                 lesson_id: str | None = None, on_next_lesson: Callable[[], None] | None = None,
                 session: LessonSession | None = None,
                 on_change: Callable[[LessonSession], None] | None = None) -> None:
        self.on_change = on_change  # told after every change of the session (the app keeps it: store.save_session)
        progress = progress or Progress()
        self.session = session if session is not None else LessonSession(scenario, lesson_id=lesson_id,
                                                                          record=progress)
        own_errors = errors is None
        self.errors = errors or ErrorPanel()
        self.on_rule = on_rule
        self.on_exit = on_exit
        self.on_next_lesson = on_next_lesson
        g = self.errors.guard
        self.board = Board(free=True)
        self.board.on_move = g(self.answer)
        self.board.cancel_button.on_click(g(lambda _b: self._render_board()))
        # a picker opened means the learner is answering: an older message ("Answer the task
        # first") would only get in the way
        self.board.picker.layout.observe(g(self._picker_display), names="display")
        self.log = LogView(_("What happened"), limit=14)
        self.log.box.add_class("up-log-compact")
        self.title = w.HTML()
        self.step_label = w.HTML()
        self.say = w.HTML()
        self.task = w.HTML()
        self.feedback = MessageBox()
        self.feedback.on_rule = lambda rid: self.on_rule and self.on_rule(rid)
        self.ruling = w.HTML()
        self.ruling_button = button("", layout=w.Layout(display="none"))
        self.ruling_button.on_click(lambda _b: self._open_ruling())
        self.back_button = button(_("‹ Back"))
        self.next_button = button(_("Next ›"), "up-go")
        self.restart_button = button(_("Restart"))
        self.hint_button = button(_("Hint"))
        self.exit_button = button(_("All lessons"))
        self.next_lesson_button = button(_("Next lesson ›"), "up-go", layout=w.Layout(display="none"))
        self.next_lesson_button.on_click(g(lambda _b: self.on_next_lesson and self.on_next_lesson()))
        self.back_button.on_click(g(lambda _b: self.back()))
        self.next_button.on_click(g(lambda _b: self.next()))
        self.restart_button.on_click(g(lambda _b: self.restart()))
        self.hint_button.on_click(g(lambda _b: self.show_hint()))
        self.exit_button.on_click(g(lambda _b: self.on_exit and self.on_exit()))
        self.stars = w.HTML()
        controls = w.HBox([self.back_button, self.next_button, self.restart_button, self.hint_button,
                           self.next_lesson_button, self.exit_button])
        self.exit_button.layout.display = "none"  # shown when the lesson is complete
        controls.add_class("up-actions")
        left = w.VBox([self.board.table.box, self.board.picker, self.board.hand.box],
                      layout=w.Layout(flex="1 1 auto", min_width="560px"))
        left.add_class("up-main")
        right = w.VBox([self.step_label, self.say, self.task, self.feedback.box,
                        w.VBox([self.ruling, self.ruling_button], layout=w.Layout(align_items="flex-start")),
                        controls, self.stars, self.board.actions, self.log.box],
                       layout=w.Layout(width="400px", flex="0 0 400px"))
        right.add_class("up-side")
        self.box = w.VBox(([self.errors.box] if own_errors else []) + [self.title,
                           split(left, right)])
        self.render()

    # ------------------------------------------------------------------ the session's, read-only

    @property
    def scenario(self) -> Scenario:
        return self.session.scenario

    @property
    def lesson_id(self) -> str:
        return self.session.lesson_id

    @property
    def me(self) -> int | None:
        return self.session.me

    @property
    def runner(self) -> Runner:
        return self.session.runner

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.session.steps

    @property
    def pos(self) -> int:
        return self.session.pos

    @property
    def answered(self) -> set[int]:
        return self.session.answered

    @property
    def own_answer(self) -> dict[int, Move]:
        return self.session.own_answers

    @property
    def wrong(self) -> int:
        return self.session.wrong

    @property
    def finished(self) -> bool:
        return self.session.finished

    @property
    def progress(self) -> Any:
        """The learner's record the session tells its stars to."""
        return self.session.record

    def _ruling_rule(self) -> str:
        """The app's ruling the step shows (its rule id), or ""."""
        notes = _ruling_notes(self.session.step_rules)
        return notes[0] if notes else ""

    def _open_ruling(self) -> None:
        rid = self._ruling_rule()
        if self.on_rule is not None and rid:
            self.on_rule(rid)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def events(self) -> list[Event]:
        return self.session.events

    # ------------------------------------------------------------------ actions: one line each

    def restart(self) -> None:
        self.session.restart()
        self.render()
        self._changed()

    def next(self) -> None:
        self._after(self.session.next())
        self._changed()

    def back(self) -> None:
        self.session.back()
        self.render()
        self._changed()

    def show_hint(self) -> None:
        self._show(self.session.hint())

    def answer(self, move: Move) -> None:
        """The learner's answer `move` (a click on the table), judged by the session."""
        self._answered(self.session.answer(move))
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.session)

    _answer = answer  # the name the tests and older callers use

    def resume(self, other: LessonPlayer) -> None:
        """Go on where `other` (the same lesson, shown in another language) was: the same
        session (step, answers, own moves, wrong answers, feedback, complete or not), worded
        in the current language; these widgets replace `other`'s."""
        session = other.session
        session.retell(self.session.scenario)
        self.session = session
        self.render()

    # ------------------------------------------------------------------ rendering

    def render(self) -> None:
        """Draw the session: the step, the table, the feedback, the stars when complete."""
        self._render()
        fb = self.session.feedback
        if fb is not None:
            self._show(fb)
        if self.session.finished:
            self._render_finished()

    def _after(self, fb: Feedback | None) -> None:
        """After Next: a note on this step, or the step reached (or the end) drawn."""
        if fb is not None:
            self._show(fb)
        elif self.session.finished:
            self._render_finished()
        else:
            self.render()

    def _answered(self, fb: Feedback) -> None:
        if fb.kind == "right":
            self._render()
        else:
            self._render_board()
            if fb.kind == "complete":
                for b in self.board.action_buttons:
                    b.disabled = True
        self._show(fb)

    def _render_finished(self) -> None:
        s = self.session
        self.stars.value = (f'<div class="up-roundover"><h3>{esc(_("Lesson complete!"))} {stars_html(s.stars)}</h3>'
                            f'<p>{esc(_("Best so far: {n} of 3 stars.").format(n=s.best))} '
                            f'{esc(_("Wrong answers: {n}.").format(n=s.wrong))}</p></div>')
        self.next_button.disabled = True
        self.exit_button.layout.display = ""
        if self.on_next_lesson is not None:
            self.next_lesson_button.layout.display = ""
        for b in self.board.action_buttons:  # nothing is left to answer on this table
            b.disabled = True
        self._render_title()  # the title's stars agree with the panel at once

    def _picker_display(self, change: dict[str, Any]) -> None:
        if change.get("new") != "none":
            self.session.clear_feedback()
            self.feedback.clear()

    def _show(self, fb: Feedback) -> None:
        """Word the feedback `fb` in the current language."""
        step = self.session.step
        if fb.kind in ("wrong", "needs"):
            if fb.move is None or fb.reply is None:
                return
            (self._show_needs if fb.kind == "needs" else self._show_wrong)(fb.move, fb.reply)
        elif fb.kind == "right":
            if step is not None:
                self._show_right(step, fb.own_events)
        elif fb.kind == "hint":
            if step is not None:
                self.feedback.show(step.hint or _("Look at the top card and at your hand."), "info")
        else:
            notes = {
                "first": _("Answer the task first: click on the table or on your cards."),
                "no-task": _("No task here: press Next."),
                "complete": _("The lesson is complete: go on to the next lesson, or back to all lessons."),
                "nothing": _("Nothing to answer here: press Next."),
            }
            if fb.kind in notes:
                self.feedback.show(notes[fb.kind], "info")

    def _show_wrong(self, move: Move, reply: AnswerResult) -> None:
        """The reply to a wrong answer `move` (`reply`: the runner's judgement of it)."""
        # nothing was played: the move is named as an attempt, never as done
        tried = _("you tried to {do}").format(do=move_advice(move, self.game.names, self.me))
        text = reply.explanation
        if reply.mistake is not None and reply.message:
            # the lesson's own words for this mistake say what the refusal says: once
            text = reply.message
        elif reply.message and reply.message != reply.hint:
            text = reply.message + (" " + text if text and text not in reply.message else "")
        rule = reply.rule or ""
        # a refusal's explanation carries the ruling note already (refusal_words): never twice
        ruling = bool(rule) and bool(_ruling_notes([rule])) and ruling_note() not in text
        extra = ""
        if reply.consequences:
            extra += f"<div>{esc(_('It would do this:'))} {esc(' '.join(reply.consequences))}</div>"
        if reply.hint:
            extra += f"<div>{esc(_('Hint: {hint}').format(hint=reply.hint))}</div>"  # one message: "Indice : …"
        self.feedback.show(_("Not quite: {move}.").format(move=tried) + " " + text, "bad", rule,
                           ruling=ruling, raw_html=extra)

    def _show_needs(self, move: Move, reply: AnswerResult) -> None:
        """The reply to an accepted answer the rest of the lesson cannot go on from
        (`reply.needs`: the one move it needs): what the learner's move would do, that it is
        taken back, and the move to make."""
        tried = move_advice(move, self.game.names, self.me)
        needed = move_advice(reply.needs, self.game.names, self.me)
        text = _("You may {do}: the rules allow it.").format(do=tried)
        extra = ""
        if reply.consequences:
            told = " ".join(_RULE_SUFFIX.sub("", t) for t in reply.consequences if t)
            extra += f"<div>{esc(_('It would do this:'))} {esc(told)}</div>"
        extra += (f"<div>{esc(_('But the rest of this lesson follows one move, so yours is taken back: {do}.').format(do=needed))}"
                  f"</div>")
        self.feedback.show(text, "info", raw_html=extra)

    def _show_right(self, step: Step, own: tuple[Event, ...] = ()) -> None:
        """The reply to a right answer: once, never the narration again."""
        fb = _without_interjection(step.feedback or "")
        if own:
            told = " ".join(_RULE_SUFFIX.sub("", t) for t in self.session.runner.narrate(own) if t)
            self.feedback.show(_("Right — that works too!") + (" " + told if told else ""), "good")
            self.say.value = ""  # the lesson's narration is about its own answer, not this one
            return
        text = _("Right!") + (" " + fb if fb else "")
        self.feedback.show(text, "good")
        if step.feedback:
            self.say.value = ""  # the feedback tells it now; the narration is there on a later visit

    def _render_board(self) -> TableState | None:
        """Draw the table (and the hand of the seat shown); returns the model drawn for a
        seat, None for an onlooker's table."""
        s = self.session
        seat = s.seat
        task = s.waiting_task
        self.board.shown_moves = {type(m) for m in task.answer_moves} | {type(m.move) for m in task.mistakes} \
            if task is not None else set()
        if seat is not None:
            title = None if seat == s.me else _("{name}'s hand").format(name=name_text(s.game.names[seat]))
            self.board.render(s.game, seat, hand_title=title)
            self.board.hand.box.layout.display = ""
        else:
            from .table import table_state
            self.board.table.render(table_state(s.game, None))
            self.board.hand.box.layout.display = "none"
        # the action buttons only while a task waits for an answer
        self.board.actions.layout.display = "" if task is not None else "none"
        return self.board.state if seat is not None else None

    def _render_title(self, state: TableState | None = None) -> None:
        """The title and whose move it is, as the learner's seat sees it (`state`: the model
        of the learner's seat drawn in this update, else one is made)."""
        s = self.session
        best = s.record.stars(s.lesson_id)
        from .table import phase_line, table_state
        if state is None or state.viewer != s.me:
            state = table_state(s.game, s.me)
        self.title.value = (f'<div class="up-lesson-title">{esc(s.scenario.title)} {stars_html(best)} '
                            f'<span class="up-stepno" style="font-weight:600;margin-left:12px">'
                            f'{phase_line(state)}</span></div>')

    def _render(self) -> None:
        s = self.session
        n = len(s.steps)
        self.feedback.clear()
        self.board.close_picker()
        self._render_title(self._render_board())
        self.log.render(s.events, s.game.names, s.me, new=s.new)
        self.back_button.disabled = s.pos < 0
        self.next_button.disabled = False
        self.next_button.description = _("Finish ✓") if s.pos + 1 >= n else _("Next ›")
        if not s.finished:
            self.stars.value = ""
            self.exit_button.layout.display = "none"
            self.next_lesson_button.layout.display = "none"
        if s.pos < 0:
            self.step_label.value = f'<div class="up-stepno">{esc(ngettext("{n} step", "{n} steps", n).format(n=n))}</div>'
            self.say.value = f'<div class="up-say">{esc(_("Here is the table. Press Next to begin."))}</div>'
            self.task.value = ""
        else:
            step = s.steps[s.pos]
            self.step_label.value = (f'<div class="up-stepno">{esc(_("Step {k} of {n}").format(k=s.pos + 1, n=n))}</div>')
            text = ""
            if step.is_task:
                if s.pos in s.answered:
                    # the narration of the lesson's own answer, unless the feedback says it already
                    text = step.say if step.say and step.say != step.feedback else ""
                    if s.pos in s.own_answers:
                        text = ""  # the lesson's narration tells its own answer, not the learner's
                    self.task.value = (f'<div class="up-task up-task-done"><span class="up-done-mark">'
                                       f'{esc(_("Done"))} ✓</span> {esc(step.task)}</div>')
                else:
                    who = ""
                    if s.me is None and step.answer_moves:
                        name = name_text(s.game.names[step.answer_moves[0].player])
                        who = f'<b>{esc(_("{name} to answer:").format(name=name))}</b> '
                    self.task.value = f'<div class="up-task">{who}{esc(step.task)}</div>'
            else:
                text = step.say or ""
                self.task.value = ""
                if s.refusal is not None:
                    # the learner's own refusal, another player's about the learner, or what the app tells them
                    explanation = told(s.refusal, s.game.names, s.me)
                    text = (text + " " if text else "") + explanation
            self.say.value = f'<div class="up-say">{esc(text)}</div>' if text else ""
        notes = _ruling_notes(s.step_rules)
        if notes:
            from ..rulebook import RULES
            rid = notes[0]
            rule = RULES[rid]
            if rule.plain_text:  # the plain words say themselves which part is the app's ruling
                body = f'<b>{esc(rule.plain_title)}.</b> {esc(rule.plain_text)}'
            else:
                body = (f'{esc(_("The printed rules don’t say; this app rules that:"))} '
                        f'<i>{esc(_first_sentence(rule.text))}</i>')
            self.ruling.value = (f'<div class="up-ruling"><span class="up-ruleid">{esc(_("Ruling"))}</span> '
                                 f'{body} ({esc(rid)})</div>')
            self.ruling_button.description = _("Rule {id} ›").format(id=rid)
            self.ruling_button.layout.display = ""
        else:
            self.ruling.value = ""
            self.ruling_button.layout.display = "none"
