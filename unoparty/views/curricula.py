"""Which lessons the class follows: the app's own, the server's curriculum
(``UNOPARTY_CURRICULUM``: a curriculum TOML, as ``unoparty lessons --curriculum`` takes), or
a curriculum file of the scenario folder (``UNOPARTY_SCENARIOS``) — the teacher's choice on
the Teacher page, kept in the store for the whole class (:meth:`Store.class_setting
<unoparty.progress.Store.class_setting>` ``"curriculum"``), over the server's default.

A choice is a short text, never a path from the page: ``"app"``, ``"server"`` or
``"folder:<file name>"`` (a file of the scenario folder, looked up there when used).
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, Callable

import ipywidgets as w

from ..errors import ScenarioError
from ..i18n import _
from .common import button
from .markup import esc

__all__ = ["ENV", "APP", "SERVER", "server_curriculum", "folder_curricula", "choices", "chosen", "path_of",
           "choose", "known_titles", "CurriculumPicker"]

ENV = "UNOPARTY_CURRICULUM"
APP, SERVER, FOLDER = "app", "server", "folder:"
KEY = "curriculum"


def server_curriculum() -> Path | None:
    """``UNOPARTY_CURRICULUM`` as a path, or None when unset."""
    env = os.environ.get(ENV, "").strip()
    return Path(env).expanduser() if env else None


def _is_curriculum(path: Path) -> bool:
    """A TOML file that lists lessons (``[[groups]]`` or a ``lessons`` list), not a scenario."""
    try:
        if path.stat().st_size > 512 * 1024:
            return False
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return False
    if "setup" in doc:
        return False
    return any(isinstance(doc.get(k), list) for k in ("groups", "group", "sections", "chapters", "lessons"))


def folder_curricula() -> list[Path]:
    """The curriculum files of the scenario folder (``UNOPARTY_SCENARIOS``), by name."""
    from .scenarios_page import scenario_folder
    folder = scenario_folder()
    if folder is None or not folder.is_dir():
        return []
    return [p for p in sorted(folder.glob("*.toml")) if _is_curriculum(p)]


def choices() -> list[tuple[str, str]]:
    """The curricula a teacher may choose, ``(label, choice)``: the app's lessons, the
    server's (when ``UNOPARTY_CURRICULUM`` is set), each curriculum of the scenario folder."""
    out = [(_("The app's lessons"), APP)]
    server = server_curriculum()
    if server is not None:
        out.append((_("The server's curriculum ({file})").format(file=server.name), SERVER))
    out += [(_("{file} (scenario folder)").format(file=p.name), FOLDER + p.name) for p in folder_curricula()]
    return out


def default() -> str:
    """The server's default: its curriculum when ``UNOPARTY_CURRICULUM`` is set, else the app's."""
    return SERVER if server_curriculum() is not None else APP


def chosen(store: Any) -> str:
    """The class's curriculum: the teacher's choice when it is still offered, else the
    server's default. A store that cannot answer gives the default."""
    value = None
    if store is not None:
        try:
            value = store.class_setting(KEY)
        except Exception:  # noqa: BLE001 — a store that fails must not hide the lessons
            value = None
    offered = {c for _label, c in choices()}
    return value if value in offered else default()


def path_of(choice: str) -> Path | None:
    """The curriculum file of `choice` (None: the app's own curriculum)."""
    if choice == SERVER:
        return server_curriculum()
    if choice.startswith(FOLDER):
        from .scenarios_page import scenario_folder
        folder = scenario_folder()
        return folder / choice[len(FOLDER):] if folder is not None else None
    return None


def choose(store: Any, choice: str) -> None:
    """Make `choice` the class's curriculum (the server's default: forget the choice).

    Raises:
        ValueError: `choice` is not offered (:func:`choices`).
    """
    if choice not in {c for _label, c in choices()}:
        raise ValueError(f"no such curriculum: {choice!r}")
    store.set_class_setting(KEY, None if choice == default() else choice)


def known_titles() -> dict[str, str]:
    """Lesson id → title for every curriculum the class may have followed (the server's, the
    scenario folder's, the app's — in that order): a teacher's own lesson is shown by its
    title, never by its id with an empty title; so is a scenario of the folder, under its
    own record (``scenario:<id>``)."""
    from ..scenarios.curriculum import load_curriculum
    titles: dict[str, str] = {}
    # the server's order first (the Teacher page's columns follow it), the app's lessons last
    for path in [p for p in (server_curriculum(), *folder_curricula()) if p is not None] + [None]:
        try:
            cur = load_curriculum(path)
        except (ScenarioError, OSError):
            continue
        for ref in cur.lessons:
            if ref.scenario is not None:
                titles.setdefault(ref.id, ref.title)
    # the teacher's scenarios of the folder, under their own records ("scenario:<id>")
    from .scenarios_page import record_id, scenario_folder
    folder = scenario_folder()
    if folder is not None and folder.is_dir():
        from ..scenarios.loader import load_scenario
        curricula = set(folder_curricula())
        for p in sorted(folder.glob("*.toml")):
            if p in curricula:
                continue
            try:
                scenario = load_scenario(p)
            except (ScenarioError, RecursionError, OSError):
                continue
            titles.setdefault(record_id(scenario), scenario.title)
    return titles


class CurriculumPicker:
    """The Teacher page's choice of curriculum: a drop-down and a button.

    Args:
        store: a callable giving the store (the Teacher page opens it when needed).

    Attributes:
        box, field (Dropdown), use_button, message (HTML).
    """

    def __init__(self, store: Callable[[], object], *, on_change: Callable[[], None] | None = None) -> None:
        self._store = store
        self.on_change = on_change
        self.field = w.Dropdown(description=_("Lessons"), layout=w.Layout(width="420px"),
                                style={"description_width": "initial"})
        self.use_button = button(_("Use for the class"), "up-go")
        self.use_button.on_click(lambda _b: self.use(self.field.value))
        self.message = w.HTML()
        self.box = w.VBox([w.HTML(f"<h3>{esc(_('The class’s lessons'))}</h3>"),
                           w.HBox([self.field, self.use_button], layout=w.Layout(align_items="center")),
                           self.message])

    def refresh(self) -> None:
        self.field.options = tuple(choices())
        self.field.value = chosen(self._store())
        self.message.value = ""

    def use(self, choice: str | None) -> None:
        """Make `choice` the class's lessons; the landing page of every learner shows them
        (a learner's open page at their next visit of Home)."""
        if not choice:
            return
        path = path_of(choice)
        if path is not None:
            from ..scenarios.curriculum import load_curriculum
            try:
                load_curriculum(path)
            except ScenarioError as e:
                self.message.value = (f'<div class="up-msg up-msg-bad">'
                                      f'{esc(_("This curriculum cannot be used: {what}").format(what=e.what))}</div>')
                return
        choose(self._store(), choice)
        label = dict((c, label) for label, c in choices())[choice]
        self.message.value = (f'<div class="up-msg up-msg-good">'
                              f'{esc(_("The class now follows: {name}.").format(name=label))}</div>')
        if self.on_change is not None:
            self.on_change()
