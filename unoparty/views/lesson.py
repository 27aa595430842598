"""The scenario player: a lesson stepped through with Back / Next / Restart.

Each step shows its narration and the table as it stands. A task waits for the learner to
answer by clicking on the table: right — the step's feedback; wrong — the engine's
explanation (or the lesson's own words for that mistake) and the hint. A note says when a
ruling of this app, not the printed rules, decided something. Stars per lesson are kept
between visits (:mod:`unoparty.views.progress`).

The player replays the scenario's moves on a fresh ``Game`` to go back (games are
deterministic), so Back never needs an undo.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable

import ipywidgets as w

from ..i18n import _, ngettext
from ..move_words import move_advice
from ..refusal_words import ruling_note
from ..scenarios.runner import Runner
from .board import Board
from .common import ErrorPanel, LogView, MessageBox, button, split
from .markup import esc, name_text
from .progress import Progress, stars_for

if TYPE_CHECKING:
    from ..engine.events import Event
    from ..engine.moves import Move
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

_INTERJECTIONS = ("Yes!", "Good!", "Right!", "Correct!", "Exactly!", "Well done!", "Great!")


def _without_interjection(text: str) -> str:
    """The feedback without a leading "Yes!" (it follows our own "Right!")."""
    text = (text or "").strip()
    for word in (_("Right!"), *_INTERJECTIONS):
        if word and text.startswith(word):
            return text[len(word):].lstrip()
    return text


def _ruling_notes(rule_ids) -> list[str]:
    from ..rulebook import RULES
    notes = []
    for rid in rule_ids:
        r = RULES.get(rid)
        if r is not None and r.is_ruling and rid not in notes:
            notes.append(rid)
    return notes


class LessonPlayer:
    """Steps through one scenario.

    Attributes:
        scenario: the loaded scenario. game: the game as the current step leaves it.
        pos: the step shown (0-based), -1 before the first.
        board: a free-mode :class:`Board` (every card and button can be clicked).
        back_button, next_button, restart_button, hint_button: the controls.
        say: the narration. task: the task text. feedback: right/wrong messages.
        ruling: the note shown when a ruling decided. wrong: wrong answers so far.
        finished: the lesson reached its end.
    """

    def __init__(self, scenario, *, progress: Progress | LearnerProgress | None = None, errors: ErrorPanel | None = None,
                 on_rule: Callable[[str], None] | None = None, on_exit: Callable[[], None] | None = None,
                 lesson_id: str | None = None, on_next_lesson: Callable[[], None] | None = None) -> None:
        self.scenario = scenario
        self.lesson_id = lesson_id or scenario.lesson or scenario.id
        self.progress = progress or Progress()
        own_errors = errors is None
        self.errors = errors or ErrorPanel()
        self.on_rule = on_rule
        self.on_exit = on_exit
        self.on_next_lesson = on_next_lesson
        g = self.errors.guard
        names = tuple(scenario.names)
        learner = getattr(scenario, "learner", "You" if "You" in names else None)
        # the learner's seat; None: a show for the class (each task answered for the player
        # its first answer names, whose hand is then shown)
        self.me = names.index(learner) if learner in names else None
        self.runner = Runner(scenario, learner if self.me is not None else None)
        self.board = Board(free=True)
        self.board.on_move = g(self._answer)
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
        self._ruling_rule = ""
        self.ruling_button.on_click(lambda _b: self.on_rule and self._ruling_rule and self.on_rule(self._ruling_rule))
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
        self.restart()

    # ------------------------------------------------------------------ stepping

    @property
    def steps(self):
        return self.scenario.steps

    def restart(self) -> None:
        self._progress("start", self.lesson_id)
        self.wrong = 0
        self.answered: set[int] = set()
        # the tasks answered with the learner's own accepted move (not the lesson's first
        # answer): the lesson goes on from that move, replayed whenever a step is shown (a
        # language switch too) — the runner's ``chosen``, the same dict
        self.own_answer: dict[int, Move] = {}
        self.runner.chosen = self.own_answer
        self._said: tuple | None = None  # what the feedback says, to say it again in another language
        self.finished = False
        self._go(-1)

    @property
    def game(self):
        return self.runner.game

    def _progress(self, what: str, *args) -> None:
        """Tell the progress store (a :class:`~unoparty.progress.LearnerProgress`) about a try
        or an answer; a plain stars-only progress has nothing to record."""
        record = getattr(self.progress, what, None)
        if record is not None:
            record(*args)

    def _waiting_task(self):
        """The current step when it is a task not answered yet, else None."""
        step = self.steps[self.pos] if 0 <= self.pos < len(self.steps) else None
        return step if step is not None and step.is_task and self.pos not in self.answered else None

    def _seat(self) -> int | None:
        """The seat whose hand the board shows: the learner's; in a show for the class, the
        player who answers the current task; else nobody."""
        if self.me is not None:
            return self.me
        step = self._waiting_task()
        if step is not None and step.answer_moves:
            return step.answer_moves[0].player
        return None

    def _go(self, pos: int) -> None:
        """Show step `pos` (0-based; -1: the table as set up). A task not answered yet waits
        before its move; any other step is shown after its moves."""
        self.pos = pos
        self._clear_feedback()
        self.board.close_picker()
        self._own_events: tuple[Event, ...] = ()
        if pos < 0:
            self.runner.go_to(0)
        else:
            step = self.steps[pos]
            waiting = step.is_task and pos not in self.answered
            # the runner replays the learner's own answers (``chosen``), never the lesson's
            self.runner.go_to(pos if waiting else pos + 1)
        self._refusal = None
        result = self.runner.results[-1] if self.runner.results and pos >= 0 and \
            self.runner.position == pos + 1 else None
        if result is not None and pos in self.own_answer:
            self._own_events = tuple(result.events)
        self._set_result(result)
        self._render()

    def _set_result(self, result) -> None:
        all_events = [e for r in self.runner.results for e in r.events]
        new = list(result.events) if result is not None else []
        self.events = all_events[-12:]
        self._new = min(len(new), len(self.events))
        rules = list(self.steps[self.pos].teaches) if self.pos >= 0 else []
        rules += [e.rule for e in new if getattr(e, "rule", "")]
        self._refused_move = None
        if result is not None and result.refusal is not None:
            self._refusal = result.refusal
            moves = result.step.applied_moves
            if len(result.moves) < len(moves):
                self._refused_move = moves[len(result.moves)]
            rules.append(result.refusal.rule)
        self._step_rules = rules

    def next(self) -> None:
        n = len(self.steps)
        if self.pos >= 0 and self.pos < n and self.steps[self.pos].is_task and self.pos not in self.answered:
            self._say(("first",))
            return
        if self.pos + 1 >= n:
            self._finish()
            return
        self._go(self.pos + 1)

    def back(self) -> None:
        if self.finished:
            self.finished = False
        if self.pos > -1:
            self._go(self.pos - 1)

    def resume(self, other: "LessonPlayer") -> None:
        """Go on where `other` (the same lesson, shown in another language) was: the same
        step, the answers given (the learner's own move on the last step too, not the
        lesson's), the wrong answers counted, the feedback shown, the lesson complete or not."""
        self.wrong = other.wrong
        self.answered = set(other.answered)
        self.own_answer = dict(getattr(other, "own_answer", {}))
        self.runner.chosen = self.own_answer
        self._go(other.pos)
        said = getattr(other, "_said", None)
        if said is not None:
            self._say(said)
        if other.finished:
            self._finish()

    def _clear_feedback(self) -> None:
        self.feedback.clear()
        self._said = None

    def _say(self, said: tuple) -> None:
        """Show the feedback `said` in the current language: ``("wrong", move)``,
        ``("right",)``, ``("hint",)`` or one of the notes ``("first",)``, ``("no-task",)``,
        ``("complete",)``, ``("nothing",)``. Kept, to be said again after a language switch."""
        what = said[0]
        step = self.steps[self.pos] if 0 <= self.pos < len(self.steps) else None
        if what in ("wrong", "needs"):
            if self._waiting_task() is None:
                return
            reply = self.runner.answer(said[1])
            if reply.needs is not None:
                self._show_needs(said[1], reply)
            elif not reply.right:
                self._show_wrong(said[1], reply)
            else:  # cannot happen: a move said wrong is wrong in every language
                return
        elif what == "right":
            if step is None:
                return
            self._show_right(step)
        elif what == "hint":
            if step is None or not step.is_task:
                return
            self.feedback.show(step.hint or _("Look at the top card and at your hand."), "info")
        else:
            notes = {
                "first": _("Answer the task first: click on the table or on your cards."),
                "no-task": _("No task here: press Next."),
                "complete": _("The lesson is complete: go on to the next lesson, or back to all lessons."),
                "nothing": _("Nothing to answer here: press Next."),
            }
            if what not in notes:
                return
            self.feedback.show(notes[what], "info")
        self._said = said

    def _finish(self) -> None:
        self.finished = True
        stars = stars_for(self.wrong)
        best = self.progress.record(self.lesson_id, stars)
        self.stars.value = (f'<div class="up-roundover"><h3>{esc(_("Lesson complete!"))} {stars_html(stars)}</h3>'
                            f'<p>{esc(_("Best so far: {n} of 3 stars.").format(n=best))} '
                            f'{esc(_("Wrong answers: {n}.").format(n=self.wrong))}</p></div>')
        self.next_button.disabled = True
        self.exit_button.layout.display = ""
        if self.on_next_lesson is not None:
            self.next_lesson_button.layout.display = ""
        for b in self.board.action_buttons:  # nothing is left to answer on this table
            b.disabled = True
        self._render_title()  # the title's stars agree with the panel at once

    def _picker_display(self, change) -> None:
        if change.get("new") != "none":
            self._clear_feedback()

    def show_hint(self) -> None:
        step = self.steps[self.pos] if 0 <= self.pos < len(self.steps) else None
        self._say(("hint",) if step is not None and step.is_task else ("no-task",))

    # ------------------------------------------------------------------ answers

    def _answer(self, move) -> None:
        step = self.steps[self.pos] if 0 <= self.pos < len(self.steps) else None
        if self.finished:
            self._say(("complete",))
            self._render_board()
            for b in self.board.action_buttons:
                b.disabled = True
            return
        if step is None or not step.is_task or self.pos in self.answered:
            self._say(("nothing",))
            self._render_board()
            return
        reply = self.runner.answer(move)
        if reply.needs is not None:
            # an accepted answer the rest of the lesson cannot go on from: said and taken
            # back (not made, not counted wrong), never replaced by the lesson's own move
            self._show_needs(move, reply)
            self._said = ("needs", move)
            self._render_board()
            return
        if reply.right:
            self._progress("answer", self.lesson_id, list(step.teaches), True)
            self.answered.add(self.pos)
            # the lesson goes on from the learner's own move (the runner keeps it in
            # ``chosen`` = own_answer when it is not the first answer): the table, the log
            # and every later step show what the learner did
            self._own_events = tuple(reply.result.events) if self.pos in self.own_answer and \
                reply.result is not None else ()
            self._set_result(reply.result)
            if all(i in self.answered for i, st in enumerate(self.steps) if st.is_task):
                # every task answered: the stars are earned now, even if the learner leaves
                # before pressing Finish (best kept, so Finish records nothing new)
                self.progress.record(self.lesson_id, stars_for(self.wrong))
            self._render()
            self._say(("right",))
            return
        self.wrong += 1
        self._progress("answer", self.lesson_id, [reply.rule] if reply.rule else list(step.teaches), False)
        self._show_wrong(move, reply)
        self._said = ("wrong", move)
        self._render_board()

    def _show_wrong(self, move, reply) -> None:
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

    def _show_needs(self, move, reply) -> None:
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

    def _show_right(self, step) -> None:
        """The reply to a right answer: once, never the narration again."""
        fb = _without_interjection(step.feedback or "")
        own = getattr(self, "_own_events", ())
        if own:
            told = " ".join(_RULE_SUFFIX.sub("", t) for t in self.runner.narrate(own) if t)
            self.feedback.show(_("Right — that works too!") + (" " + told if told else ""), "good")
            self.say.value = ""  # the lesson's narration is about its own answer, not this one
            return
        text = _("Right!") + (" " + fb if fb else "")
        self.feedback.show(text, "good")
        if step.feedback:
            self.say.value = ""  # the feedback tells it now; the narration is there on a later visit

    # ------------------------------------------------------------------ rendering

    def _render_board(self) -> TableState | None:
        """Draw the table (and the hand of the seat shown); returns the model drawn for a
        seat, None for an onlooker's table."""
        seat = self._seat()
        task = self._waiting_task()
        self.board.shown_moves = {type(m) for m in task.answer_moves} | {type(m.move) for m in task.mistakes} \
            if task is not None else set()
        if seat is not None:
            title = None if seat == self.me else _("{name}'s hand").format(name=name_text(self.game.names[seat]))
            self.board.render(self.game, seat, hand_title=title)
            self.board.hand.box.layout.display = ""
        else:
            from .table import table_state
            self.board.table.render(table_state(self.game, None))
            self.board.hand.box.layout.display = "none"
        # the action buttons only while a task waits for an answer
        self.board.actions.layout.display = "" if task is not None else "none"
        return self.board.state if seat is not None else None

    def _render_title(self, state: TableState | None = None) -> None:
        """The title and whose move it is, as the learner's seat sees it (`state`: the model
        of the learner's seat drawn in this update, else one is made)."""
        best = self.progress.stars(self.lesson_id)
        from .table import phase_line, table_state
        if state is None or state.viewer != self.me:
            state = table_state(self.game, self.me)
        self.title.value = (f'<div class="up-lesson-title">{esc(self.scenario.title)} {stars_html(best)} '
                            f'<span class="up-stepno" style="font-weight:600;margin-left:12px">'
                            f'{phase_line(state)}</span></div>')

    def _render(self) -> None:
        n = len(self.steps)
        self._render_title(self._render_board())
        self.log.render(self.events, self.game.names, self.me, new=getattr(self, "_new", 0))
        self.back_button.disabled = self.pos < 0
        self.next_button.disabled = False
        self.next_button.description = _("Finish ✓") if self.pos + 1 >= n else _("Next ›")
        if not self.finished:
            self.stars.value = ""
            self.exit_button.layout.display = "none"
            self.next_lesson_button.layout.display = "none"
        if self.pos < 0:
            self.step_label.value = f'<div class="up-stepno">{esc(ngettext("{n} step", "{n} steps", n).format(n=n))}</div>'
            self.say.value = f'<div class="up-say">{esc(_("Here is the table. Press Next to begin."))}</div>'
            self.task.value = ""
        else:
            step = self.steps[self.pos]
            self.step_label.value = (f'<div class="up-stepno">{esc(_("Step {k} of {n}").format(k=self.pos + 1, n=n))}</div>')
            text = ""
            if step.is_task:
                if self.pos in self.answered:
                    # the narration of the lesson's own answer, unless the feedback says it already
                    text = step.say if step.say and step.say != step.feedback else ""
                    if self.pos in self.own_answer:
                        text = ""  # the lesson's narration tells its own answer, not the learner's
                    self.task.value = (f'<div class="up-task up-task-done"><span class="up-done-mark">'
                                       f'{esc(_("Done"))} ✓</span> {esc(step.task)}</div>')
                else:
                    who = ""
                    if self.me is None and step.answer_moves:
                        name = name_text(self.game.names[step.answer_moves[0].player])
                        who = f'<b>{esc(_("{name} to answer:").format(name=name))}</b> '
                    self.task.value = f'<div class="up-task">{who}{esc(step.task)}</div>'
            else:
                text = step.say or ""
                self.task.value = ""
                if self._refusal is not None:
                    explanation = self._refusal.explanation
                    mover = getattr(self._refused_move, "player", None)
                    if mover is not None and mover != self.me and 0 <= mover < len(self.game.names):
                        explanation = _("The app tells {name}: “{text}”").format(
                            name=name_text(self.game.names[mover]), text=explanation)
                    text = (text + " " if text else "") + explanation
            self.say.value = f'<div class="up-say">{esc(text)}</div>' if text else ""
        notes = _ruling_notes(self._step_rules)
        if notes:
            from ..rulebook import RULES
            rid = notes[0]
            self._ruling_rule = rid
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
            self._ruling_rule = ""
            self.ruling.value = ""
            self.ruling_button.layout.display = "none"
