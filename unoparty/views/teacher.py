"""The teacher's page: the class at a glance (learners × lessons: stars, tries, the rules
most often got wrong), a CSV export, and resetting or deleting a learner's records.

It opens only with the code that whoever runs the server sets in the environment variable
``UNOPARTY_TEACHER_CODE``; without one, the page says how to set it. Wrong codes are
limited per page and per server (:mod:`unoparty.access`); resetting or deleting a learner,
or their PIN, asks for the code again. The class's settings (names on the first page,
learners' PINs) and the learners whose work is not saved yet (:mod:`unoparty.unsaved`) are
shown once it is open. In a notebook::

    import unoparty
    unoparty.teacher()            # asks for the code
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import base64
import csv
import io
import os
from collections import Counter, defaultdict

import ipywidgets as w

from .. import access
from ..access import wait_text
from ..i18n import _, format_decimal, ngettext, pgettext
from ..progress import Store, StoreError, open_store
from ..session.teacher import CodeVerdict, TeacherSession
from .common import ErrorPanel, button
from .lesson import stars_html
from .markup import esc, name_html, name_text

__all__ = ["TeacherPage", "class_csv", "CSV_COLUMNS", "PRACTICE_ID", "teacher_code", "csv_cell", "wait_text"]

TOP_RULES = 3   # rule ids shown per learner (the page says how many more; the CSV has them all)
LIST_NAMES = "list-names"   # class setting: the first page offers the class's names
USE_PINS = "pins"           # class setting: a learner's record opens with their PIN


def teacher_code() -> str:
    """``UNOPARTY_TEACHER_CODE`` (spaces around it removed), or ``""`` when unset."""
    return os.environ.get("UNOPARTY_TEACHER_CODE", "").strip()


def _lesson_titles() -> dict[str, str]:
    try:  # every curriculum the class may follow (views/curricula.py): a teacher's lessons too
        from .curricula import known_titles
        return known_titles()
    except Exception:  # a broken curriculum must not hide the class
        return {}


def _most_wrong(rules: Any, learner: str) -> list[tuple[str, int]]:
    counts: Counter[str] = Counter()
    for r in rules:
        if r.learner == learner and r.mistakes:
            counts[r.rule] += r.mistakes
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def _missed_html(rules: Any, name: str) -> str:
    """The learner's first :data:`TOP_RULES` rules most often got wrong, and how many more
    there are (the CSV has them all)."""
    missed = _most_wrong(rules, name)
    text = ", ".join(f"{esc(rule)} ×{n}" for rule, n in missed[:TOP_RULES]) or "—"
    more = len(missed) - TOP_RULES
    if more > 0:
        note = ngettext("and {n} more rule (all in the CSV)", "and {n} more rules (all in the CSV)", more).format(n=more)
        text += f' <span class="up-class-small">{esc(note)}</span>'
    return text


def _unsaved_html() -> str:
    """Which learners' work the kernels of this server keep, not saved yet
    (:func:`unoparty.unsaved.unsaved_learners`); "" when none."""
    from ..unsaved import unsaved_learners
    waiting = unsaved_learners()
    if not waiting:
        return ""
    names = ", ".join(esc(ngettext("{name} ({n} change)", "{name} ({n} changes)", n).format(name=name, n=n))
                      for name, n in waiting.items())
    head = esc(_("Not saved yet (the progress database could not be reached; their pages keep it and try again):"))
    return f'<div class="up-msg up-msg-bad">{head} {names}</div>'


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> str:
    """A CSV cell a spreadsheet shows as text: one beginning like a formula (``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return) gets a leading ``'`` (OWASP's advice); numbers
    stay numbers."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def _practice_summary(store: Store, name: str) -> tuple[int, int]:
    """(answers, wrong answers) on the Practice page."""
    answers = store.practice(name)
    return len(answers), sum(1 for a in answers if not a.right)


CSV_COLUMNS = ("learner", "lesson", "title", "stars", "tries", "mistakes", "rules_wrong")
"""The header row of the CSV file for scripts (``class_csv(store, machine=True)``): the same
English names in every language, in this order, from one version to the next."""

PRACTICE_ID = "practice"
"""The lesson id of the Practice page's rows in the CSV file for scripts."""


def _csv_header() -> list[str]:
    """The header row of the teacher's CSV file, in the current language (the columns of
    :data:`CSV_COLUMNS`, in the same order)."""
    return [pgettext("a column of the teacher's CSV file", "Learner"),
            pgettext("a column of the teacher's CSV file", "Lesson id"),
            pgettext("a column of the teacher's CSV file", "Lesson"),
            pgettext("a column of the teacher's CSV file", "Stars"),
            pgettext("a column of the teacher's CSV file", "Tries"),
            pgettext("a column of the teacher's CSV file", "Mistakes"),
            pgettext("a column of the teacher's CSV file", "Rules got wrong")]


def spreadsheet_delimiter() -> str:
    """The cell separator a spreadsheet expects of a CSV file in the current language: ``";"``
    where the language writes decimals with a comma (Excel and LibreOffice then take the comma
    for the decimal sign: French, Romanian, Norwegian, Czech), ``","`` otherwise (English).

    >>> from unoparty.i18n import set_language
    >>> set_language("fr"); spreadsheet_delimiter()
    ';'
    >>> set_language("en"); spreadsheet_delimiter()
    ','
    """
    return ";" if format_decimal(0.5, 1) != "0.5" else ","


def lesson_order(titles: dict[str, str]) -> Callable[[str], tuple[int, str]]:
    """The sort key of lesson ids on the Teacher page and in its CSV: the curriculum's order
    (`titles`, lesson id → title), then the lessons no longer in it, by id."""
    place = {lid: k for k, lid in enumerate(titles)}
    return lambda lid: (place.get(lid, len(place)), lid)


def class_csv(store: Store, *, machine: bool = False) -> str:
    """The class as CSV text, what the teacher's page shows, learner by learner in the page's
    order: a row per lesson the learner has done, in the curriculum's order (learner, lesson
    id, lesson title, stars, tries, mistakes, rules got wrong — ``"SP-4×3 T-1×1"``, every
    rule), then a row for their Practice answers if any (tries are answers, mistakes wrong
    answers, rules got wrong the rules of the wrong ones); a learner with nothing yet has one
    row of zeros.

    Two versions, offered side by side on the Teacher page (docs/teaching.md):

    - ``machine=False`` (*Download as CSV*): the header row in the current language (the
      teacher's), and the Practice rows' lesson id a word of that language too;
    - ``machine=True`` (*CSV for scripts*): the header row :data:`CSV_COLUMNS` and the
      Practice rows' lesson id :data:`PRACTICE_ID`, the same in every language, for scripts
      that read the columns by name.

    The teacher's file separates its cells as a spreadsheet of that language expects
    (:func:`spreadsheet_delimiter`: ``;`` where decimals are written with a comma — French,
    Romanian, Norwegian, Czech —, so that a double-clicked file opens in columns); the file for
    scripts always with ``,``. The cells are the same otherwise (the lesson titles in the current language). The text
    starts with a UTF-8 byte-order mark (a spreadsheet then reads "Chloé" right) and every
    cell that a spreadsheet would run as a formula is escaped (:func:`csv_cell`)."""
    titles = _lesson_titles()
    rules = store.rules()
    wrong: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for r in rules:
        if r.mistakes:
            wrong[(r.learner, r.lesson)][r.rule] += r.mistakes
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter="," if machine else spreadsheet_delimiter(), lineterminator="\n")

    def row(*cells: Any) -> None:
        writer.writerow([csv_cell(c) for c in cells])

    def missed(learner: str, lesson: str) -> str:
        return " ".join(f"{rule}×{n}" for rule, n in sorted(wrong[(learner, lesson)].items(),
                                                           key=lambda kv: (-kv[1], kv[0])))

    row(*(CSV_COLUMNS if machine else _csv_header()))
    practice_id = PRACTICE_ID if machine else pgettext(
        "the lesson id of the Practice page's rows in the teacher's CSV file", "practice")
    # the learners in the page's order (store.learners()), each one's lessons in the order
    # of the page's columns (lesson_order)
    order = lesson_order(titles)
    by_learner: dict[str, list[Any]] = defaultdict(list)
    for rec in store.lessons():
        by_learner[rec.learner].append(rec)
    names = store.learners()
    for name in names + sorted(set(by_learner) - set(names)):
        recs = sorted(by_learner.get(name, ()), key=lambda r: order(r.lesson))
        for rec in recs:
            row(rec.learner, rec.lesson, titles.get(rec.lesson, ""), rec.stars, rec.tries, rec.mistakes,
                missed(rec.learner, rec.lesson))
        answers, bad = _practice_summary(store, name)
        if answers:
            row(name, practice_id, _("Practice"), "", answers, bad, missed(name, ""))
        elif not recs:
            row(name, "", "", 0, 0, 0, "")
    return out.getvalue()


class TeacherPage:
    """The class view behind the teacher's code.

    Args:
        store: the progress store (default: ``UNOPARTY_DB``).
        code: the code to compare with (default: ``UNOPARTY_TEACHER_CODE``).
        page_key: names the page's count of wrong tries (default: a new one).

    Attributes:
        box: the widget. code_field, open_button: the lock. message: what is said.
        is_open: the code was given. table: the class (HTML). download: the two CSV links
        (HTML): the teacher's, then the one for scripts (:func:`class_csv`).
        learner_field, reset_button, delete_button, pin_button: a learner's records (and PIN);
        confirm_code, confirm_button, cancel_button: the step that asks for the code again.
        list_names, use_pins: the class's settings (:data:`LIST_NAMES`, :data:`USE_PINS`).
        refresh_button.

    The code lives in this object only, never in a widget; every try of it is counted per
    page and per server (:mod:`unoparty.access`), and every button checks that the page is
    open (a page can send a click to a hidden button).
    """

    def __init__(self, store: Store | None = None, *, code: str | None = None,
                 errors: ErrorPanel | None = None, page_key: str | None = None,
                 session: TeacherSession | None = None) -> None:
        # the lock, the class's state and the pending action: the page's session (issue 18);
        # `session`: the one of this page in another language (the class stays open)
        self.session = session if session is not None else TeacherSession(
            store, code=teacher_code() if code is None else code, page_key=page_key, opener=open_store)
        self.errors = errors or ErrorPanel()
        g = self.errors.guard
        self.title = w.HTML(f"<h2>{esc(_('Teacher’s page'))}</h2>")
        self.message = w.HTML()
        # Enter in the field opens the class, as the button does: the field sends its value on
        # Enter or when it loses focus (continuous_update off), and that value is tried once —
        # the button's click that follows a focus lost to it tries nothing again
        # (TeacherSession.code_sent, click_tries)
        self.code_field = w.Password(description=_("Code"), placeholder=_("the teacher’s code"),
                                     layout=w.Layout(width="320px"), continuous_update=False)
        self.code_field.observe(g(self._code_sent), names="value")
        self.open_button = button(_("Open the class"), "up-go")
        self.open_button.on_click(g(lambda _b: self._open_clicked()))
        self.lock = w.HBox([self.code_field, self.open_button], layout=w.Layout(align_items="center"))
        self.table = w.HTML()
        self.download = w.HTML()
        self.refresh_button = button(_("Refresh"))
        self.refresh_button.on_click(g(lambda _b: self.refresh()))
        self.learner_field = w.Dropdown(description=_("Learner"), options=(), layout=w.Layout(width="320px"))
        self.reset_button = button(_("Reset their records"))
        self.delete_button = button(_("Delete the learner"), "up-warn")
        self.pin_button = button(_("Reset their PIN"))
        self.confirm_code = w.Password(description=_("Code"), placeholder=_("the teacher’s code, again"),
                                       layout=w.Layout(width="320px", display="none"))
        self.confirm_button = button("", "up-warn", layout=w.Layout(display="none"))
        self.cancel_button = button(_("Cancel"), layout=w.Layout(display="none"))
        self.reset_button.on_click(g(lambda _b: self._ask("reset")))
        self.delete_button.on_click(g(lambda _b: self._ask("delete")))
        self.pin_button.on_click(g(lambda _b: self._ask("pin")))
        self.confirm_button.on_click(g(lambda _b: self._confirm()))
        self.cancel_button.on_click(g(lambda _b: self._cancel()))
        self.list_names = w.Checkbox(description=_("Show the class’s names on the first page (for the youngest)"),
                                     indent=False, layout=w.Layout(width="auto"))
        self.use_pins = w.Checkbox(description=_("Learners keep their record with a PIN of 4 to 6 digits"),
                                   indent=False, layout=w.Layout(width="auto"))
        self.list_names.observe(g(lambda ch: self._set_class(LIST_NAMES, ch["new"])), names="value")
        self.use_pins.observe(g(lambda ch: self._set_class(USE_PINS, ch["new"])), names="value")
        self.unsaved = w.HTML()
        # the confirm step: in the page only while it asks (one password field on the page otherwise)
        self.confirm_row = w.HBox([], layout=w.Layout(align_items="center"))
        self.manage = w.VBox([
            w.HTML(f"<h3>{esc(_('A learner’s records'))}</h3>"),
            w.HBox([self.learner_field, self.reset_button, self.delete_button, self.pin_button],
                   layout=w.Layout(align_items="center", flex_flow="row wrap")),
            self.confirm_row,
            w.HTML(f"<h3>{esc(_('The class’s settings'))}</h3>"), self.list_names, self.use_pins])
        from .curricula import CurriculumPicker  # the class's lessons: UNOPARTY_CURRICULUM or the teacher's choice
        self.curriculum = CurriculumPicker(lambda: self.store)
        from .table_page import LiveTables  # live tables (issue 23): list, projector view, end
        self.live_tables = LiveTables(may_act=lambda: self.is_open, guard=g)
        self.class_box = w.VBox([w.HBox([self.refresh_button, self.download], layout=w.Layout(align_items="center")),
                                 self.unsaved, self.live_tables.box, self.table, self.manage, self.curriculum.box],
                                layout=w.Layout(display="none"))
        self.box = w.VBox([self.errors.box] if errors is None else [])
        self.box.children = (*self.box.children, self.title, self.message, self.lock, self.class_box)
        self.box.add_class("up-teacher")
        if self.session.is_open:    # built again in another language: the class, not the lock
            self.session.cancel()   # the confirm step asked in the other language is asked no more
            self._open_view()
        else:
            self._lock_view()

    @property
    def store(self) -> Store:
        """The progress store (the session's; opened when first needed)."""
        return self.session.store

    @property
    def code(self) -> str:
        """The teacher's code ("" : none set). It lives in the session, never in a widget."""
        return self.session.code

    @property
    def is_open(self) -> bool:
        """The code was given: the class is shown."""
        return self.session.is_open

    def _lock_view(self) -> None:
        self.session.lock()
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

    def _say_verdict(self, verdict: CodeVerdict) -> None:
        """Word a refused try of the code (:class:`~unoparty.session.teacher.CodeVerdict`)."""
        if verdict.what == "error":
            text = verdict.detail
        elif verdict.what == "wait":
            text = wait_text(verdict.wait)
        else:
            text = _("That is not the teacher’s code.")
        self.message.value = f'<div class="up-msg up-msg-bad">{esc(text)}</div>'

    def _code_sent(self, change: dict[str, Any]) -> None:
        """The code field sent a value (Enter, or the focus left it): try it once."""
        if self.session.code_sent(change["new"]):
            self.unlock(change["new"])

    def _open_clicked(self) -> None:
        """"Open the class": try the field's code, unless its value was just tried."""
        if self.session.click_tries(self.code_field.value):
            self.unlock(self.code_field.value)

    def unlock(self, code: str) -> bool:
        """Open the class view if `code` is the teacher's code (and the tries of this page
        and of the server are not used up); True if it opened."""
        if not self.code:
            self._lock_view()
            return False
        self.code_field.value = ""
        verdict = self.session.unlock(code)
        if verdict.what != "right":
            self._say_verdict(verdict)
            return False
        self._open_view()
        return True

    def _open_view(self) -> None:
        self.lock.layout.display = "none"
        self.class_box.layout.display = ""
        self.message.value = ""
        self.refresh()

    # ------------------------------------------------------------------ the class

    def refresh(self) -> None:
        """Read the store again and draw the class."""
        if not self.is_open:
            return
        self.unsaved.value = _unsaved_html()
        try:
            learners = self.store.learners()
            lessons = self.store.lessons()
            rules = self.store.rules()
        except StoreError as e:
            self.message.value = f'<div class="up-msg up-msg-bad">{esc(str(e))}</div>'
            return
        self.curriculum.refresh()
        self.live_tables.refresh()
        titles = _lesson_titles()
        columns = sorted({r.lesson for r in lessons}, key=lesson_order(titles))
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
            answers, bad = _practice_summary(self.store, name)
            if answers:
                said = ngettext("{n} answer", "{n} answers", answers).format(n=answers)
                cells.append(f'<td class="up-class-small">{esc(said)} · {esc(_("{n} wrong").format(n=bad))}</td>')
            else:
                cells.append('<td class="up-class-none">·</td>')
            rows.append(f'<tr><th scope="row">{name_html(name)}</th>{"".join(cells)}<td>{_missed_html(rules, name)}</td></tr>')
        if not learners:
            body = f'<p>{esc(_("No learner yet: learners type their name on the app’s first page."))}</p>'
        else:
            legend = "".join(f"<li>{k}. {esc(titles.get(lid, lid))}</li>" for k, lid in enumerate(columns, 1))
            body = (f'<div class="up-class-wrap"><table class="up-class"><thead><tr><th>{esc(_("Learner"))}</th>{head}'
                    f'<th>{esc(_("Practice"))}</th><th>{esc(_("Rules most often got wrong"))}</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
                    f'<ol class="up-class-legend" style="list-style:none;padding:0;columns:2">{legend}</ol>')
        self.table.value = _CSS + body
        links = []
        for machine, file_name, label in (
                (False, "class-progress.csv", _("Download as CSV")),
                (True, "class-progress-for-scripts.csv", _("CSV for scripts (column names in English)"))):
            data = base64.b64encode(class_csv(self.store, machine=machine).encode("utf-8")).decode("ascii")
            links.append(f'<a class="up-download{" up-download-plain" if machine else ""}" download="{file_name}" '
                         f'href="data:text/csv;charset=utf-8;base64,{data}">{esc(label)}</a>')
        self.download.value = " ".join(links)
        # set to what the store holds: the session writes nothing for them (set_class)
        self.list_names.value = self.store.class_setting(LIST_NAMES) == "1"
        self.use_pins.value = self.store.class_setting(USE_PINS) == "1"
        previous = self.learner_field.value
        self.learner_field.options = tuple((name_text(n), n) for n in learners)  # each name isolated
        self.learner_field.value = previous if previous in learners else (learners[0] if learners else None)
        self._cancel()

    def _set_class(self, key: str, on: bool) -> None:
        self.session.set_class(key, on)

    def _ask(self, what: str) -> None:
        if not self.is_open:
            return
        name = self.learner_field.value
        if not name:
            self.message.value = f'<div class="up-msg up-msg-info">{esc(_("Pick a learner first."))}</div>'
            return
        self.session.ask(what, name)
        self.confirm_button.description = {
            "reset": _("Yes, reset {name}’s records"), "delete": _("Yes, delete {name}"),
            "pin": _("Yes, reset {name}’s PIN")}[what].format(name=name_text(name))
        self.confirm_code.value = ""
        self.message.value = (f'<div class="up-msg up-msg-info">'
                              f'{esc(_("Type the teacher’s code again to confirm."))}</div>')
        for widget in (self.confirm_code, self.confirm_button, self.cancel_button):
            widget.layout.display = ""
        self.confirm_row.children = (self.confirm_code, self.confirm_button, self.cancel_button)

    def _cancel(self) -> None:
        self.session.cancel()
        self.confirm_code.value = ""
        self.confirm_row.children = ()
        for widget in (self.confirm_code, self.confirm_button, self.cancel_button):
            widget.layout.display = "none"

    def _confirm(self) -> None:
        if self.session.pending is None or not self.is_open:
            return
        code, self.confirm_code.value = self.confirm_code.value, ""
        verdict, done = self.session.confirm(code)
        if done is None:
            self._say_verdict(verdict)
            return
        what, name = done
        if what == "reset":
            text = _("{name}’s records are reset.").format(name=name_text(name))
        elif what == "pin":
            text = _("{name}’s PIN is reset: they choose a new one next time.").format(name=name_text(name))
        else:
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
  text-decoration: none; margin: 3px 0 3px 8px; font-weight: 600; }
a.up-download-plain { background: #fff; color: #0956BF; border: 2px solid #0956BF; padding: 6px 12px; }
</style>"""
