"""The Practice page: exercises cut from real games, the rule the learner needs next.

The page renders a :class:`~unoparty.session.practice.PracticeSession` (which picks the
rule, poses the exercise on its table, judges and records the answer): the question on
the table, the answer buttons (or for "who acts next" a seat on the table), the
explanation citing the rule, and mastery per rule (three right in a row). A language
switch words the same session again (:meth:`PracticePage.relabel`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as w

from ..i18n import _, ngettext
from ..practice.mastery import MASTERY_STREAK, PracticeStore
from ..practice.text import choice_label, explanation, question, rules_line
from ..session.practice import PRACTICE_RULES, PracticeSession, Verdict, key_pick
from .common import MessageBox, button, split
from .markup import esc
from .table import HandView, TableView, table_state

if TYPE_CHECKING:
    from ..game import Game
    from ..practice.exercises import Exercise
    from .drill import SpeedDrillView

__all__ = ["PracticePage", "PRACTICE_RULES"]


class PracticePage:
    """The widgets of a :class:`PracticeSession` (:attr:`session`; made here unless given).

    Attributes:
        box: the widget. question: the question's words. choice_buttons: the answer
        buttons (in :meth:`Exercise.choices` order; made once and reused across questions).
        table, hand: the table at the moment and the asked player's hand.
        feedback: right/wrong with the explanation. next_button: the next exercise.
        mastery_html: mastery per rule. note: where answers given before a name was typed
        went (:meth:`switch_learner`).
        exercise, game, answered, count, learner, store, rules: the session's (read-only).
    """

    def __init__(self, *, learner: str = "me", store: PracticeStore | None = None, seed: int | None = None,
                 rules: tuple[str, ...] = PRACTICE_RULES, on_rule: Callable[[str], None] | None = None,
                 guard: Callable[..., Any] | None = None, session: PracticeSession | None = None,
                 on_change: Callable[[PracticeSession], None] | None = None) -> None:
        self.on_change = on_change  # told after every change of the session (the app keeps it: store.save_session)
        self.session = session if session is not None else PracticeSession(learner=learner, store=store,
                                                                            seed=seed, rules=rules)
        g = guard or (lambda fn: fn)
        self.on_rule = on_rule
        self.title = w.HTML()
        self.rule_label = w.HTML()
        self.rules_html = w.HTML()  # the rule set and house rules of the table (they decide answers)
        self.note = w.HTML()  # answers given before a name was typed, now the learner's (switch_learner)
        self.question = w.HTML()
        self.table = TableView()
        self.table.on_seat = g(self._seat_clicked)
        self.hand = HandView()
        self.choices = w.HBox([])
        self.choices.add_class("up-actions")
        self.choice_buttons: list[w.Button] = []  # the answer buttons shown (of _buttons, reused)
        self._buttons: list[w.Button] = []
        self.feedback = MessageBox()
        self.feedback.on_rule = lambda rid: self.on_rule and self.on_rule(rid)
        self.next_button = button(_("Next question ›"), "up-go")
        self.next_button.on_click(g(lambda _b: self.next()))
        self.mastery_html = w.HTML()
        self.drill_button = button(_("Speed Play drill ›"), "up-primary", layout=w.Layout(align_self="flex-start"))
        self.drill_button.on_click(g(lambda _b: self.show_drill()))
        self.questions_button = button(_("‹ Back to the questions"), layout=w.Layout(align_self="flex-start"))
        self.questions_button.on_click(g(lambda _b: self.show_questions()))
        self._guard = g
        self.drill: SpeedDrillView | None = None  # the Speed Play drill, built when first shown
        left = w.VBox([self.table.box, self.hand.box], layout=w.Layout(flex="1 1 auto", min_width="320px"))
        left.add_class("up-main")
        right = w.VBox([self.rule_label, self.rules_html, self.question, self.choices, self.feedback.box, self.next_button,
                        self.mastery_html], layout=w.Layout(width="400px", flex="0 0 400px"))
        right.add_class("up-side")
        self.questions = split(left, right)
        self.box = w.VBox([self.title, self.note, self.drill_button, self.questions])
        self.box.add_class("up-practice")
        self.render()

    # ------------------------------------------------------------------ the session's, read-only

    @property
    def exercise(self) -> Exercise:
        return self.session.exercise

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def answered(self) -> bool:
        return self.session.answered

    @property
    def count(self) -> int:
        return self.session.count

    @property
    def learner(self) -> str:
        return self.session.learner

    @property
    def store(self) -> PracticeStore:
        return self.session.store

    @property
    def rules(self) -> tuple[str, ...]:
        return self.session.rules

    # ------------------------------------------------------------------ actions: one line each

    def next(self) -> None:
        """The next question."""
        self.session.next()
        self.render()
        self._changed()

    def show(self, ex: Exercise, game: Game | None = None) -> None:
        """Pose `ex` (`game`: its table, if already built) and show it."""
        self.session.pose(ex, game)
        self.render()
        self._changed()

    def answer(self, choice: Any) -> bool:
        """Answer `choice`: judged and recorded by the session, explained here. Returns
        whether it was right; a second answer to the same exercise is not recorded."""
        right = self._show_verdict(self.session.answer(choice))
        self._changed()
        return right

    def _seat_clicked(self, seat: int) -> None:
        verdict = self.session.seat_clicked(seat)
        if verdict is not None:
            self._show_verdict(verdict)
            self._changed()

    def switch_learner(self, learner: str, store: PracticeStore | None = None, *, carry: bool = False) -> int:
        """Show `learner`'s record from now on (:meth:`PracticeSession.switch_learner`);
        the page says in one sentence (:attr:`note`) how many answers moved. Returns it."""
        moved = self.session.switch_learner(learner, store, carry=carry)
        self.note.value = (f'<div class="up-msg up-msg-info">{esc(carried_sentence(moved, learner))}</div>'
                           if moved else "")
        self.render()
        self._changed()
        return moved

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.session)

    def relabel(self) -> None:
        """Word the page again in the current language (after a language switch): the same
        session drawn again — the same question on the same table, its answer and
        explanation if given (not recorded again), the drill as it is."""
        self.render()
        if self.drill is not None:
            self.drill.relabel()

    def show_drill(self) -> None:
        """Swap the questions for the Speed Play drill."""
        if self.drill is None:
            from .drill import SpeedDrillView
            self.drill = SpeedDrillView(seed=self.session.draw(), guard=self._guard)
            self.drill.feedback.on_rule = lambda rid: self.on_rule and self.on_rule(rid)
        self.box.children = [self.title, self.note, self.questions_button, self.drill.box]

    def show_questions(self) -> None:
        if self.drill is not None:
            self.drill.stop()
        self.box.children = [self.title, self.note, self.drill_button, self.questions]

    def key_button(self, key: str) -> w.Button | None:
        """The answer button key `key` picks (:func:`~unoparty.session.practice.key_pick`:
        the one labelled with that digit, else by place). None: the key picks nothing here."""
        k = key_pick(key, [b.description for b in self.choice_buttons])
        return None if k is None else self.choice_buttons[k]

    def runs(self) -> dict[str, int]:
        """rule id → the learner's current run of right answers on it (0: none or not tried)."""
        return self.session.runs()

    def mastered(self) -> dict[str, bool]:
        """rule id → mastered, for this learner."""
        return self.session.mastered()

    # ------------------------------------------------------------------ rendering

    def _label(self) -> None:
        self.title.value = (f"<h2 style='margin:4px 0'>{esc(_('Practice'))}</h2>"
                            f"<p>{esc(_('Questions from real games between bots, at the moment a rule decides. Three right in a row and the rule is yours; a rule you miss comes back soon.'))}</p>")
        for b, text in ((self.next_button, _("Next question ›")), (self.drill_button, _("Speed Play drill ›")),
                        (self.questions_button, _("‹ Back to the questions"))):
            if b.description != text:
                b.description = b.tooltip = text

    def render(self) -> None:
        """Draw the session: the question on its table, the answer buttons, the verdict if
        an answer was given, mastery."""
        s = self.session
        ex, game = s.exercise, s.game
        self._label()
        self.feedback.clear()  # first: the last reply must not stay beside the new question
        state = table_state(game, ex.player)
        from ..narrate import seat_label
        from ..practice.exercises import ExerciseKind
        targets = {i: seat_label(ex.names, i, ex.player) for i in range(len(ex.names))} \
            if ex.kind is ExerciseKind.WHO_NEXT and not s.answered else None
        self.table.render(state, targets=targets)
        # the table marks the answering seat as the learner's ("Gus (you)"): so do the hand,
        # the question, the choices and the explanation ("Your hand", "Can you …?")
        self.hand.render(state.hand, None, title=_("Your hand"))
        self.rules_html.value = f'<div class="up-stepno">{esc(rules_line(ex.rules))}</div>'
        self.question.value = f'<div class="up-task">{esc(question(ex, game, me=ex.player))}</div>'
        while len(self._buttons) < len(s.choices):  # the answer buttons are made once and reused
            b = button("", "up-primary")
            b.on_click(self._guard(lambda _b, i=len(self._buttons): self.answer(self.session.choices[i])))
            self._buttons.append(b)
        buttons = self._buttons[:len(s.choices)]
        for b, choice in zip(buttons, s.choices):
            label = choice_label(ex, choice, me=ex.player)
            with b.hold_sync():  # one message per button, and none when nothing changes
                if b.description != label:
                    b.description = b.tooltip = label
                if b.disabled != s.answered:
                    b.disabled = s.answered
        if self.choice_buttons != buttons:
            self.choices.children = buttons
        self.choice_buttons = buttons
        self.next_button.disabled = not s.answered
        if s.verdict is not None:
            self._show_verdict(s.verdict)
        else:
            # the rule id is told after the answer: before, it would give the answer away
            self.rule_label.value = f'<div class="up-stepno">{esc(self._number())}</div>'
            self._render_mastery()

    def _number(self) -> str:
        """``"Question 7"``, and ``"· a harder one: two rules meet"`` for a harder exercise."""
        text = _("Question {n}").format(n=self.session.count)
        return text + " · " + _("a harder one: two rules meet") if self.session.exercise.hard else text

    def _reply(self) -> tuple[str, str]:
        """The words of the verdict on the question shown: (text, kind)."""
        s = self.session
        v, ex = s.verdict, s.exercise
        assert v is not None
        why = explanation(ex, s.game, events=s.events, me=ex.player)
        if v.right:
            return _("Right!") + " " + why, "good"
        return (_("Not this time: the answer is {answer}.").format(answer=choice_label(ex, v.answer, me=ex.player)) + " " + why,
                "bad")

    def _show_verdict(self, verdict: Verdict) -> bool:
        """Show the verdict on the question shown; `verdict`: the latest answer's (a second
        answer, not recorded, adds a note under the first's explanation)."""
        s = self.session
        ex = s.exercise
        text, kind = self._reply()
        if not verdict.recorded:  # the explanation stays; the note goes below it
            self.feedback.show(text, kind, ex.rule,
                               raw_html=f'<div>{esc(_("Already answered: press Next question."))}</div>')
            return False
        self.feedback.show(text, kind, ex.rule)
        for b in self.choice_buttons:
            if not b.disabled:
                b.disabled = True
        m = s.mastery().get(ex.rule)
        self.rule_label.value = (f'<div class="up-stepno">{esc(self._number())} · '
                                 f'{esc(_("rule {id}").format(id=ex.rule))} · {esc(_run(m))}</div>')
        from ..practice.exercises import ExerciseKind
        if self.table.state is not None and ex.kind is ExerciseKind.WHO_NEXT:
            self.table.render(self.table.state)  # the question's table again, seat buttons off
        self.next_button.disabled = False
        self._render_mastery()
        return verdict.right

    def _render_mastery(self) -> None:
        """The summary (rules mastered; the rules being learnt, each with its run of right
        answers: it moves with every answer) and the table of every rule."""
        table = self.session.mastery()
        from ..rulebook import RULES
        rows = []
        done = 0
        learning = []
        for rid in self.session.rules:
            m = table.get(rid)
            rule = RULES.get(rid)
            title = (rule.plain_title or rule.title) if rule is not None else rid
            if m is None:
                mark, note = "·", _("not tried")
            elif m.mastered:
                done += 1
                mark, note = "✓", _("mastered")
            else:
                mark = "●" * min(m.streak, MASTERY_STREAK) + "○" * (MASTERY_STREAK - min(m.streak, MASTERY_STREAK))
                note = _run(m) + " · " + ngettext("{right} of {n} right", "{right} of {n} right",
                                                  m.tries).format(right=m.right, n=m.tries)
                learning.append(f'<span class="up-ruleid">{esc(rid)}</span> {esc(_run(m))}')
            rows.append(f'<tr><td><span class="up-ruleid">{esc(rid)}</span></td><td>{esc(title)}</td>'
                        f'<td aria-label="{esc(note)}">{esc(mark)}</td><td>{esc(note)}</td></tr>')
        n = len(self.session.rules)
        head = esc(ngettext("{k} of {n} rule mastered", "{k} of {n} rules mastered", n).format(k=done, n=n))
        now = (f'<div class="up-learning">{esc(_("Learning now:"))} {" · ".join(learning)}</div>' if learning else "")
        value = (f'{now}<details class="up-mastery"><summary><b>{head}</b></summary>'
                 f'<table class="up-score">{"".join(rows)}</table></details>')
        if self.mastery_html.value != value:
            self.mastery_html.value = value


def _run(m: Any) -> str:
    """``"2 of 3 in a row"`` (or ``"mastered"``) for a :class:`RuleMastery` (None: not tried)."""
    if m is not None and m.mastered:
        return _("mastered")
    k = 0 if m is None else m.streak
    return ngettext("{k} of {n} in a row", "{k} of {n} in a row", MASTERY_STREAK).format(k=k, n=MASTERY_STREAK)


def carried_sentence(n: int, name: str) -> str:
    """The sentence saying that `n` answers given before a name was typed are now `name`'s."""
    return ngettext("The practice answer you gave before typing your name is now kept under {name}.",
                    "The {n} practice answers you gave before typing your name are now kept under {name}.",
                    n).format(n=n, name=name)
