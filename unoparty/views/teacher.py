"""The teacher's page: the class at a glance (learners × lessons: stars, tries, the rules
most often got wrong), a CSV export, and resetting or deleting a learner's records.

It opens only with the code that whoever runs the server sets in the environment variable
``UNOPARTY_TEACHER_CODE``; without one, the page says how to set it. In a notebook::

    import unoparty
    unoparty.teacher()            # asks for the code
"""

from __future__ import annotations

import base64
import csv
import hmac
import io
import os
from collections import Counter, defaultdict

import ipywidgets as w

from ..i18n import _, ngettext
from ..store import Store, StoreError, open_store
from .common import ErrorPanel, button
from .lesson import stars_html
from .markup import esc, name_html, name_text

__all__ = ["TeacherPage", "class_csv", "teacher_code"]

TOP_RULES = 3   # rule ids shown per learner


def teacher_code() -> str:
    """``UNOPARTY_TEACHER_CODE`` (spaces around it removed), or ``""`` when unset."""
    return os.environ.get("UNOPARTY_TEACHER_CODE", "").strip()


def _lesson_titles() -> dict[str, str]:
    try:  # every curriculum the class may follow (views/curricula.py): a teacher's lessons too
        from .curricula import known_titles
        return known_titles()
    except Exception:  # a broken curriculum must not hide the class
        return {}


def _most_wrong(rules, learner: str) -> list[tuple[str, int]]:
    counts: Counter[str] = Counter()
    for r in rules:
        if r.learner == learner and r.mistakes:
            counts[r.rule] += r.mistakes
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_RULES]


def class_csv(store: Store) -> str:
    """The class as CSV text: one row per learner and lesson (``learner, lesson, title,
    stars, tries, mistakes, rules_wrong``; rules_wrong is ``"SP-4×3 T-1×1"``), then one
    row per learner with no lesson yet."""
    titles = _lesson_titles()
    rules = store.rules()
    wrong: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for r in rules:
        if r.mistakes:
            wrong[(r.learner, r.lesson)][r.rule] += r.mistakes
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["learner", "lesson", "title", "stars", "tries", "mistakes", "rules_wrong"])
    seen = set()
    for rec in store.lessons():
        seen.add(rec.learner)
        missed = " ".join(f"{rule}×{n}" for rule, n in sorted(wrong[(rec.learner, rec.lesson)].items(),
                                                              key=lambda kv: (-kv[1], kv[0])))
        writer.writerow([rec.learner, rec.lesson, titles.get(rec.lesson, ""), rec.stars, rec.tries, rec.mistakes,
                         missed])
    for name in store.learners():
        if name not in seen:
            writer.writerow([name, "", "", 0, 0, 0, ""])
    return out.getvalue()


class TeacherPage:
    """The class view behind the teacher's code.

    Args:
        store: the progress store (default: ``UNOPARTY_DB``).
        code: the code to compare with (default: ``UNOPARTY_TEACHER_CODE``).

    Attributes:
        box: the widget. code_field, open_button: the lock. message: what is said.
        is_open: the code was given. table: the class (HTML). download: the CSV link (HTML).
        learner_field, reset_button, delete_button, confirm_button: a learner's records.
        refresh_button.
    """

    def __init__(self, store: Store | None = None, *, code: str | None = None,
                 errors: ErrorPanel | None = None) -> None:
        self._store = store
        self.code = teacher_code() if code is None else code.strip()
        self.errors = errors or ErrorPanel()
        g = self.errors.guard
        self.is_open = False
        self.title = w.HTML(f"<h2>{esc(_('Teacher’s page'))}</h2>")
        self.message = w.HTML()
        self.code_field = w.Password(description=_("Code"), placeholder=_("the teacher’s code"),
                                     layout=w.Layout(width="320px"))
        self.open_button = button(_("Open the class"), "up-go")
        self.open_button.on_click(g(lambda _b: self.unlock(self.code_field.value)))
        self.lock = w.HBox([self.code_field, self.open_button], layout=w.Layout(align_items="center"))
        self.table = w.HTML()
        self.download = w.HTML()
        self.refresh_button = button(_("Refresh"))
        self.refresh_button.on_click(g(lambda _b: self.refresh()))
        self.learner_field = w.Dropdown(description=_("Learner"), options=(), layout=w.Layout(width="320px"))
        self.reset_button = button(_("Reset their records"))
        self.delete_button = button(_("Delete the learner"), "up-warn")
        self.confirm_button = button("", "up-warn", layout=w.Layout(display="none"))
        self.cancel_button = button(_("Cancel"), layout=w.Layout(display="none"))
        self._pending: tuple[str, str] | None = None
        self.reset_button.on_click(g(lambda _b: self._ask("reset")))
        self.delete_button.on_click(g(lambda _b: self._ask("delete")))
        self.confirm_button.on_click(g(lambda _b: self._confirm()))
        self.cancel_button.on_click(g(lambda _b: self._cancel()))
        self.manage = w.VBox([
            w.HTML(f"<h3>{esc(_('A learner’s records'))}</h3>"),
            w.HBox([self.learner_field, self.reset_button, self.delete_button], layout=w.Layout(align_items="center")),
            w.HBox([self.confirm_button, self.cancel_button])])
        from .curricula import CurriculumPicker  # the class's lessons: UNOPARTY_CURRICULUM or the teacher's choice
        self.curriculum = CurriculumPicker(lambda: self.store)
        self.class_box = w.VBox([w.HBox([self.refresh_button, self.download], layout=w.Layout(align_items="center")),
                                 self.table, self.manage, self.curriculum.box], layout=w.Layout(display="none"))
        self.box = w.VBox([self.errors.box] if errors is None else [])
        self.box.children = (*self.box.children, self.title, self.message, self.lock, self.class_box)
        self.box.add_class("up-teacher")
        self._lock_view()

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = open_store()
        return self._store

    def _lock_view(self) -> None:
        self.is_open = False
        self.class_box.layout.display = "none"
        if not self.code:
            self.lock.layout.display = "none"
            self.message.value = (
                f'<div class="up-msg up-msg-info">{esc(_("This page opens with a code that whoever runs the server sets. No code is set yet."))}'
                f'<br>{esc(_("Start the server with the environment variable UNOPARTY_TEACHER_CODE, for example:"))}'
                f'<pre>UNOPARTY_TEACHER_CODE=choose-a-code make app</pre></div>')
        else:
            self.lock.layout.display = ""
            self.message.value = f'<div class="up-msg up-msg-info">{esc(_("Type the teacher’s code to see the class."))}</div>'

    def unlock(self, code: str) -> bool:
        """Open the class view if `code` is the teacher's code; True if it opened."""
        if not self.code:
            self._lock_view()
            return False
        if not hmac.compare_digest(str(code).strip().encode(), self.code.encode()):
            self.message.value = f'<div class="up-msg up-msg-bad">{esc(_("That is not the teacher’s code."))}</div>'
            return False
        self.code_field.value = ""
        self.is_open = True
        self.lock.layout.display = "none"
        self.class_box.layout.display = ""
        self.message.value = ""
        self.refresh()
        return True

    # ------------------------------------------------------------------ the class

    def refresh(self) -> None:
        """Read the store again and draw the class."""
        if not self.is_open:
            return
        try:
            learners = self.store.learners()
            lessons = self.store.lessons()
            rules = self.store.rules()
        except StoreError as e:
            self.message.value = f'<div class="up-msg up-msg-bad">{esc(str(e))}</div>'
            return
        self.curriculum.refresh()
        titles = _lesson_titles()
        recorded = sorted({r.lesson for r in lessons} - set(titles))
        columns = [lid for lid in titles if any(r.lesson == lid for r in lessons)] + recorded
        cell = {(r.learner, r.lesson): r for r in lessons}
        head = "".join(f'<th title="{esc(titles.get(lid, lid))}">{k}</th>' for k, lid in enumerate(columns, 1))
        rows = []
        for name in learners:
            cells = []
            for lid in columns:
                r = cell.get((name, lid))
                if r is None:
                    cells.append('<td class="up-class-none">·</td>')
                else:
                    tries = ngettext("{n} try", "{n} tries", r.tries).format(n=r.tries)
                    wrong = _("{n} wrong").format(n=r.mistakes)
                    cells.append(f'<td>{stars_html(r.stars)}<div class="up-class-small">{esc(tries)} · {esc(wrong)}</div></td>')
            missed = ", ".join(f"{esc(rule)} ×{n}" for rule, n in _most_wrong(rules, name)) or "—"
            rows.append(f'<tr><th scope="row">{name_html(name)}</th>{"".join(cells)}<td>{missed}</td></tr>')
        if not learners:
            body = f'<p>{esc(_("No learner yet: learners type their name on the app’s first page."))}</p>'
        else:
            legend = "".join(f"<li>{k}. {esc(titles.get(lid, lid))}</li>" for k, lid in enumerate(columns, 1))
            body = (f'<div class="up-class-wrap"><table class="up-class"><thead><tr><th>{esc(_("Learner"))}</th>{head}'
                    f'<th>{esc(_("Rules most often got wrong"))}</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
                    f'<ol class="up-class-legend" style="list-style:none;padding:0;columns:2">{legend}</ol>')
        self.table.value = _CSS + body
        data = base64.b64encode(class_csv(self.store).encode("utf-8")).decode("ascii")
        self.download.value = (f'<a class="up-download" download="class-progress.csv" '
                               f'href="data:text/csv;charset=utf-8;base64,{data}">{esc(_("Download as CSV"))}</a>')
        previous = self.learner_field.value
        self.learner_field.options = tuple((name_text(n), n) for n in learners)  # each name isolated
        self.learner_field.value = previous if previous in learners else (learners[0] if learners else None)
        self._cancel()

    def _ask(self, what: str) -> None:
        name = self.learner_field.value
        if not name:
            self.message.value = f'<div class="up-msg up-msg-info">{esc(_("Pick a learner first."))}</div>'
            return
        self._pending = (what, name)
        self.confirm_button.description = (_("Yes, reset {name}’s records").format(name=name_text(name)) if what == "reset"
                                           else _("Yes, delete {name}").format(name=name_text(name)))
        self.confirm_button.layout.display = ""
        self.cancel_button.layout.display = ""

    def _cancel(self) -> None:
        self._pending = None
        self.confirm_button.layout.display = "none"
        self.cancel_button.layout.display = "none"

    def _confirm(self) -> None:
        if self._pending is None:
            return
        what, name = self._pending
        if what == "reset":
            self.store.reset_learner(name)
            text = _("{name}’s records are reset.").format(name=name_text(name))
        else:
            self.store.delete_learner(name)
            text = _("{name} is deleted.").format(name=name_text(name))
        self.refresh()
        self.message.value = f'<div class="up-msg up-msg-good">{esc(text)}</div>'


_CSS = """<style>
.up-class-wrap { overflow-x: auto; max-width: 100%; }
table.up-class { border-collapse: collapse; font-size: 14px; }
table.up-class th, table.up-class td { border: 1px solid #d8dce6; padding: 4px 8px; text-align: center; }
table.up-class th[scope=row] { text-align: left; white-space: nowrap; }
.up-class-small { font-size: 12px; color: #555; white-space: nowrap; }
.up-class-none { color: #aaa; }
a.up-download { display: inline-block; padding: 8px 14px; border-radius: 10px; background: #0956BF; color: #fff;
  text-decoration: none; margin-left: 8px; font-weight: 600; }
</style>"""
