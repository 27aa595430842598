"""The Practice page: exercises cut from real games, the rule the learner needs next.

The page picks the rule (:func:`unoparty.practice.mastery.next_rule` — a rule answered
wrong comes back within a few exercises), poses an exercise on it on the table, takes the
answer (a button, or for "who acts next" a seat on the table), checks it with the engine,
explains it citing the rule, and shows mastery per rule (three right in a row).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable

import ipywidgets as w

from ..i18n import _, ngettext
from ..practice.exercises import Exercise, ExerciseKind, exercise, is_right
from ..practice.mastery import MASTERY_STREAK, MemoryPracticeStore, PracticeStore, carry_over, mastery, next_rule
from ..practice.text import choice_label, explanation, question, rules_line
from .common import MessageBox, button, split
from .markup import esc
from .table import HandView, TableView, table_state

if TYPE_CHECKING:
    from .drill import SpeedDrillView

__all__ = ["PracticePage", "PRACTICE_RULES"]


def _practice_rules() -> tuple[str, ...]:
    from ..practice.coverage import DECIDING
    return DECIDING


PRACTICE_RULES = _practice_rules()
"""The rules practised, in teaching order."""


class PracticePage:
    """Attributes:
        box: the widget. exercise: the exercise shown. answered: it has been answered.
        question: its words. choice_buttons: the answer buttons (in :meth:`Exercise.choices`
        order). table, hand: the table at the moment and the asked player's hand.
        feedback: right/wrong with the explanation. next_button: the next exercise.
        mastery_html: mastery per rule. count: exercises shown so far.
        learner, store: whose answers, and where they are kept (default: in memory, for
        this session only); :meth:`switch_learner` changes both.
    """

    def __init__(self, *, learner: str = "me", store: PracticeStore | None = None, seed: int | None = None,
                 rules: tuple[str, ...] = PRACTICE_RULES, on_rule: Callable[[str], None] | None = None,
                 guard: Callable | None = None) -> None:
        self.learner = learner
        self.store: PracticeStore = store if store is not None else MemoryPracticeStore()
        self.rules = tuple(rules)
        self.rng = random.Random(seed if seed is not None else random.SystemRandom().randrange(10**6))
        g = guard or (lambda fn: fn)
        self.on_rule = on_rule
        self._reply: tuple[str, str] = ("", "")  # the verdict on the answer given: (text, kind)
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
        self._offered: tuple = ()
        self.feedback = MessageBox()
        self.feedback.on_rule = lambda rid: self.on_rule and self.on_rule(rid)
        self.next_button = button(_("Next question ›"), "up-go")
        self.next_button.on_click(g(lambda _b: self.next()))
        self.mastery_html = w.HTML()
        self.count = 0
        self.drill_button = button(_("Speed Play drill ›"), "up-primary", layout=w.Layout(align_self="flex-start"))
        self.drill_button.on_click(g(lambda _b: self.show_drill()))
        self.questions_button = button(_("‹ Back to the questions"), layout=w.Layout(align_self="flex-start"))
        self.questions_button.on_click(g(lambda _b: self.show_questions()))
        self._guard = g
        self._choice = None  # the answer given to the exercise shown
        self._label()
        self.drill: SpeedDrillView | None = None  # the Speed Play drill, built when first shown
        left = w.VBox([self.table.box, self.hand.box], layout=w.Layout(flex="1 1 auto", min_width="320px"))
        left.add_class("up-main")
        right = w.VBox([self.rule_label, self.rules_html, self.question, self.choices, self.feedback.box, self.next_button,
                        self.mastery_html], layout=w.Layout(width="400px", flex="0 0 400px"))
        right.add_class("up-side")
        self.questions = split(left, right)
        self.box = w.VBox([self.title, self.note, self.drill_button, self.questions])
        self.box.add_class("up-practice")
        self.next()

    def _label(self) -> None:
        self.title.value = (f"<h2 style='margin:4px 0'>{esc(_('Practice'))}</h2>"
                            f"<p>{esc(_('Questions from real games between bots, at the moment a rule decides. Three right in a row and the rule is yours; a rule you miss comes back soon.'))}</p>")
        for b, text in ((self.next_button, _("Next question ›")), (self.drill_button, _("Speed Play drill ›")),
                        (self.questions_button, _("‹ Back to the questions"))):
            b.description = b.tooltip = text

    def relabel(self) -> None:
        """Word the page again in the current language (after a language switch): the same
        question on the same table, its answer and explanation if given (not recorded
        again), the drill as it is."""
        self._label()
        ex, answered, choice = self.exercise, self.answered, self._choice
        self.count -= 1  # the same question, the same number
        self.show(ex, self.game)  # the table the page holds: nothing replayed
        if answered:
            self._judge(choice)
        if self.drill is not None:
            self.drill.relabel()

    def switch_learner(self, learner: str, store: PracticeStore | None = None, *, carry: bool = False) -> int:
        """Show `learner`'s record from now on (kept in `store`; None: the one in use): the
        mastery table is theirs and the next question is the rule they need next.

        With `carry` (the record so far is this session's, given before a name was typed:
        a :class:`MemoryPracticeStore`), its answers move to `learner` in `store` and the page
        says so in one sentence (:attr:`note`). Returns how many answers moved."""
        old_learner, old_store = self.learner, self.store
        self.learner = learner
        if store is not None:
            self.store = store
        moved = 0
        if carry and self.store is not old_store and isinstance(old_store, MemoryPracticeStore):
            moved = carry_over(old_store, old_learner, self.store, learner)
        self.note.value = (f'<div class="up-msg up-msg-info">{esc(carried_sentence(moved, learner))}</div>'
                           if moved else "")
        self.count = 0
        self.next()
        return moved

    def show_drill(self) -> None:
        """Swap the questions for the Speed Play drill."""
        if self.drill is None:
            from .drill import SpeedDrillView
            self.drill = SpeedDrillView(seed=self.rng.randrange(10**6), guard=self._guard)
            self.drill.feedback.on_rule = lambda rid: self.on_rule and self.on_rule(rid)
        self.box.children = [self.title, self.note, self.questions_button, self.drill.box]

    def show_questions(self) -> None:
        if self.drill is not None:
            self.drill.stop()
        self.box.children = [self.title, self.note, self.drill_button, self.questions]

    # ------------------------------------------------------------------ choosing

    def pick(self) -> Exercise:
        """The next exercise: on the rule the learner needs next; a harder one (two rules
        meet, :attr:`Exercise.hard`) once that rule is mastered."""
        history = self.store.history(self.learner)
        rule = next_rule(history, self.rules)
        known = mastery(history).get(rule)
        return exercise(self.rng.randrange(10**6), rule, hard=bool(known and known.mastered))

    def next(self) -> None:
        self.show(self.pick())

    def show(self, ex: Exercise, game=None) -> None:
        """Pose `ex` on the table (`game`: its table, if the page holds it already; else it
        is rebuilt once, :meth:`Exercise.game`). The page keeps that table
        (:attr:`game`): the question, the check of the answer and the explanation all use it."""
        self.feedback.clear()  # first: the last reply must not stay beside the new question
        self.exercise = ex
        self.answered = False
        self.count += 1
        game = ex.game() if game is None else game
        self.game = game
        state = table_state(game, ex.player)
        targets = {s: ex.names[s] for s in range(len(ex.names))} if ex.kind is ExerciseKind.WHO_NEXT else None
        self.table.render(state, targets=targets)
        self.hand.render(state.hand, None, title=_("{name}'s hand").format(name=ex.names[ex.player]))
        # the rule id is told after the answer: before, it would give the answer away
        self.rule_label.value = f'<div class="up-stepno">{esc(self._number())}</div>'
        self.rules_html.value = f'<div class="up-stepno">{esc(rules_line(ex.rules))}</div>'
        self.question.value = f'<div class="up-task">{esc(question(ex, game))}</div>'
        self._offered = ex.choices()
        while len(self._buttons) < len(self._offered):  # the answer buttons are made once and reused
            b = button("", "up-primary")
            b.on_click(lambda _b, i=len(self._buttons): self.answer(self._offered[i]))
            self._buttons.append(b)
        buttons = self._buttons[:len(self._offered)]
        for b, choice in zip(buttons, self._offered):
            label = choice_label(ex, choice)
            with b.hold_sync():  # one message per button, and none when nothing changes
                if b.description != label:
                    b.description = b.tooltip = label
                if b.disabled:
                    b.disabled = False
        if self.choice_buttons != buttons:
            self.choices.children = buttons
        self.choice_buttons = buttons
        self.next_button.disabled = True
        self._render_mastery()

    def _number(self) -> str:
        """``"Question 7"``, and ``"· a harder one: two rules meet"`` for a harder exercise."""
        text = _("Question {n}").format(n=self.count)
        return text + " · " + _("a harder one: two rules meet") if self.exercise.hard else text

    # ------------------------------------------------------------------ answering

    def key_button(self, key: str) -> w.Button | None:
        """The answer button key `key` picks: the one labelled with that digit ("How many
        cards…?": key 1 picks "1", key 0 picks "0"); where no answer is labelled by a
        digit, keys 1–9 pick the answers by their place. None: the key picks nothing here."""
        labels = [b.description for b in self.choice_buttons]
        if key in labels:
            return self.choice_buttons[labels.index(key)]
        if key.isdigit() and key != "0" and not any(label.isdigit() for label in labels) \
                and int(key) <= len(self.choice_buttons):
            return self.choice_buttons[int(key) - 1]
        return None


    def _seat_clicked(self, seat: int) -> None:
        if self.exercise.kind is ExerciseKind.WHO_NEXT:
            self.answer(seat)

    def answer(self, choice) -> bool:
        """Check `choice` with the engine, record it, explain. Returns whether it was right;
        a second answer to the same exercise is not recorded."""
        ex = self.exercise
        if self.answered:  # the explanation stays; the note goes below it
            self.feedback.show(self._reply[0], self._reply[1], ex.rule,
                               raw_html=f'<div>{esc(_("Already answered: press Next question."))}</div>')
            return False
        right = is_right(ex, choice, self.game)  # on the table the page holds: nothing replayed
        self.store.record(self.learner, ex.rule, right)
        self._judge(choice, right)
        return right

    def _judge(self, choice, right: bool | None = None) -> None:
        """Show the verdict on `choice` for the exercise shown (nothing recorded)."""
        ex = self.exercise
        if right is None:
            right = is_right(ex, choice, self.game)
        self.answered = True
        self._choice = choice
        why = explanation(ex, self.game)
        if right:
            self._reply = (_("Right!") + " " + why, "good")
        else:
            self._reply = (_("Not this time: the answer is {answer}.").format(answer=choice_label(ex, ex.answer))
                           + " " + why, "bad")
        self.feedback.show(*self._reply, ex.rule)
        for b in self.choice_buttons:
            b.disabled = True
        m = mastery(self.store.history(self.learner)).get(ex.rule)
        self.rule_label.value = (f'<div class="up-stepno">{esc(self._number())} · '
                                 f'{esc(_("rule {id}").format(id=ex.rule))} · {esc(_run(m))}</div>')
        if self.table.state is not None:
            self.table.render(self.table.state)  # the question's table again, seat buttons off
        self.next_button.disabled = False
        self._render_mastery()

    # ------------------------------------------------------------------ mastery

    def _render_mastery(self) -> None:
        """The summary (rules mastered; the rules being learnt, each with its run of right
        answers: it moves with every answer) and the table of every rule."""
        table = mastery(self.store.history(self.learner))
        from ..rulebook import RULES
        rows = []
        done = 0
        learning = []
        for rid in self.rules:
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
        head = esc(ngettext("{k} of {n} rule mastered", "{k} of {n} rules mastered", len(self.rules)).format(k=done, n=len(self.rules)))
        now = (f'<div class="up-learning">{esc(_("Learning now:"))} {" · ".join(learning)}</div>' if learning else "")
        self.mastery_html.value = (f'{now}<details class="up-mastery"><summary><b>{head}</b></summary>'
                                   f'<table class="up-score">{"".join(rows)}</table></details>')

    def runs(self) -> dict[str, int]:
        """rule id → the learner's current run of right answers on it (0: none or not tried)."""
        table = mastery(self.store.history(self.learner))
        return {rid: table[rid].streak if rid in table else 0 for rid in self.rules}

    def mastered(self) -> dict[str, bool]:
        """rule id → mastered, for this learner."""
        table = mastery(self.store.history(self.learner))
        return {rid: bool(table.get(rid) and table[rid].mastered) for rid in self.rules}


def _run(m) -> str:
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
