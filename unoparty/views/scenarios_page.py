""""Your scenarios": a teacher's own scenario files, uploaded (``.toml``) or picked from a
folder (``UNOPARTY_SCENARIOS``), checked like ``unoparty scenario check``, errors shown with
file, step and key, and a valid one opened in the scenario player.

In a notebook, :func:`show` shows one file styled and ready::

    import unoparty
    unoparty.show("my-lesson.toml")
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as w

from ..errors import ScenarioError
from ..i18n import _
from .common import ErrorPanel, button
from .markup import esc

if TYPE_CHECKING:
    from .lesson import LessonPlayer

__all__ = ["ScenariosPage", "check_text", "file_text", "record_id", "scenario_folder", "show"]

MAX_UPLOAD = 512 * 1024   # bytes: a scenario file is a few kilobytes
RECORD_PREFIX = "scenario:"
"""Teachers' scenarios keep their stars and tries under ``scenario:<id>``: an app lesson's
id is a slug (``[a-z0-9-]+``), so an uploaded file with ``id = "speed-play"`` never writes
the app's Speed Play lesson's record."""


def record_id(scenario: Any) -> str:
    """The progress record of a teacher's scenario (uploaded or from the folder):
    ``"scenario:" + its id``, apart from every app lesson's record."""
    return RECORD_PREFIX + str(scenario.id)


class FileProblem(Exception):
    """A file that is no scenario at all (too big, not text, nested too deeply): `sentence`
    says so in the learner's language."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


def _too_big(file: str, size: int) -> FileProblem:
    return FileProblem(_("{file} is too big for a scenario: {size} kB, and a scenario file has at most {n} kB.").format(
        file=file, size=max(1, size // 1024), n=MAX_UPLOAD // 1024))


def _not_text(file: str) -> FileProblem:
    return FileProblem(_("{file} is not a text file: a scenario is text (UTF-8), as a text editor saves it.").format(
        file=file))


def _nested(file: str) -> FileProblem:
    return FileProblem(_("{file} is nested too deeply to be a scenario (lists or tables inside one another, again and again).").format(
        file=file))


def file_text(content: bytes, file: str) -> str:
    """The text of a scenario file's bytes, checked before any parsing: at most
    :data:`MAX_UPLOAD` bytes, UTF-8 (a byte-order mark is fine), no NUL byte.

    Raises:
        FileProblem: too big, or not text.
    """
    if len(content) > MAX_UPLOAD:
        raise _too_big(file, len(content))
    if b"\x00" in content:
        raise _not_text(file)
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileProblem(_("{file} is not UTF-8 text: save it as UTF-8 in your text editor.").format(file=file)) from None


def scenario_folder() -> Path | None:
    """``UNOPARTY_SCENARIOS`` as a folder, or None when unset."""
    env = os.environ.get("UNOPARTY_SCENARIOS", "").strip()
    return Path(env).expanduser() if env else None


def check_text(text: str, file: str) -> Any:
    """Load and check a scenario from its text.

    Returns:
        ``(scenario, None)`` when it loads and every expectation holds, else ``(None,
        (file, where, what))``: where is the place in the current language (``"line 3"``,
        ``"setup.hands"``, ``"step 2, key expect.top"``, ``"the whole file"``…).
    """
    from ..scenarios.loader import loads_scenario
    from ..scenarios.check import check_scenario
    if len(text) > MAX_UPLOAD:  # before parsing: a huge text is no scenario
        return None, (file, "file", _too_big(file, len(text.encode("utf-8", "replace"))).sentence)
    not_toml = _toml_problem(text, file)
    if not_toml is not None:  # not TOML at all: one sentence, no parser's English
        return None, (file, "file", not_toml)
    try:
        scenario = loads_scenario(text, file)
    except ScenarioError as e:
        return None, (e.file, e.place if e.where not in ("", "file") else "file", e.what)
    except RecursionError:  # TOML nested thousands deep (tomllib reads it recursively)
        return None, (file, "file", _nested(file).sentence)
    except Exception:  # noqa: BLE001 — never a traceback in the page
        return None, (file, "file", _("{file} cannot be read as a scenario.").format(file=file))
    try:
        failure = check_scenario(scenario)
    except ScenarioError as e:
        return None, (e.file, e.place if e.where not in ("", "file") else "file", e.what)
    except RecursionError:
        return None, (file, "file", _nested(file).sentence)
    except Exception as e:  # never a traceback
        return None, (file, "file", f"{type(e).__name__}: {e}")
    if failure is not None:
        return None, (file, _("step {step}, key {key}").format(step=failure.step, key=failure.key), failure.message)
    return scenario, None


def _toml_problem(text: str, file: str) -> str | None:
    """One sentence when `text` is not TOML (a syntax mistake, or nested thousands deep),
    in the learner's language; None when it is TOML."""
    import re
    import tomllib
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        at = re.search(r"at line (\d+), column (\d+)", str(e))
        if at:
            return _("{file} is not valid TOML: look at line {line}, column {column}.").format(
                file=file, line=int(at.group(1)), column=int(at.group(2)))
        return _("{file} is not valid TOML: it ends too soon, at line {line}.").format(
            file=file, line=text.count("\n") + 1)
    except RecursionError:
        return _nested(file).sentence
    return None


def _error_html(file: str, where: str, what: str) -> str:
    if where == "file" and what.startswith(file):
        # a file that is no scenario at all: its one sentence, nothing else
        return f'<div class="up-msg up-msg-bad up-scenario-error">{esc(what)}</div>'
    return (f'<div class="up-msg up-msg-bad up-scenario-error"><b>{esc(_("This scenario cannot be played yet."))}</b>'
            # each line one message: the language puts its own colon ("Fichier :")
            f'<div>{_("File: {file}").format(file=f"<code>{esc(file)}</code>")}</div>'
            f'<div>{_("Where: {place}").format(place=f"<code>{esc(where)}</code>")}</div>'
            f'<div>{_("What is wrong: {problem}").format(problem=esc(what))}</div></div>')


class ScenariosPage:
    """Upload or pick a scenario file; a valid one opens in the scenario player.

    Args:
        on_open: called with the loaded scenario (the app opens its player); default: the
            player opens inside this page.
        progress: handed to the player when it opens here.

    Attributes:
        box, upload (FileUpload), folder_field (Dropdown), open_button, message (HTML),
        player (the open LessonPlayer or None), player_box.
    """

    def __init__(self, *, on_open: Callable[..., Any] | None = None, progress: Any = None, errors: ErrorPanel | None = None) -> None:
        self.on_open = on_open
        self.progress = progress
        self.errors = errors or ErrorPanel()
        g = self.errors.guard
        self.player: LessonPlayer | None = None
        self.upload = w.FileUpload(accept=".toml", multiple=False, description=_("Upload a .toml file"),
                                   # as wide as its words (a longer translation is not cut), a phone's width at most
                                   layout=w.Layout(width="auto", min_width="260px", max_width="100%"))
        self.upload.observe(g(lambda change: self._uploaded(change["new"])), names="value")
        self.folder_field = w.Dropdown(description=_("From the folder"), options=(), layout=w.Layout(width="420px"),
                                       style={"description_width": "initial"})  # not cut to "From th…"
        self.open_button = button(_("Check and open"), "up-go")
        self.open_button.on_click(g(lambda _b: self.open_from_folder(self.folder_field.value)))
        self.folder_note = w.HTML()
        self.message = w.HTML()
        self.player_box = w.VBox([])
        intro = w.HTML(
            f"<h2>{esc(_('Your scenarios'))}</h2>"
            f"<p>{esc(_('A scenario file sets up a table and steps through it (see docs/teaching.md). Upload one, or pick one from the scenario folder: it is checked, and a valid one opens here, ready to show to a class.'))}</p>")
        self.folder_row = w.HBox([self.folder_field, self.open_button], layout=w.Layout(align_items="center"))
        self.box = w.VBox(([self.errors.box] if errors is None else []) +
                          [intro, self.upload, self.folder_row, self.folder_note, self.message, self.player_box])
        self.box.add_class("up-scenarios")
        self.refresh_folder()

    def refresh_folder(self) -> None:
        folder = scenario_folder()
        if folder is None:
            self.folder_row.layout.display = "none"
            self.folder_note.value = (f'<p class="up-note">{esc(_("To pick files from a folder, start the server with UNOPARTY_SCENARIOS set to that folder."))}</p>')
            return
        files = sorted(folder.glob("*.toml")) if folder.is_dir() else []
        self.folder_field.options = tuple((p.name, str(p)) for p in files)
        self.folder_row.layout.display = ""
        if not files:
            self.folder_note.value = f'<p class="up-note">{esc(_("No .toml file in {folder}.").format(folder=folder))}</p>'
        else:
            self.folder_note.value = ""

    def _uploaded(self, value: Any) -> None:
        if not value:
            return
        item = value[0]
        # forget the upload at once: the same file chosen again is a new upload (it opens
        # again), and a big one is not kept in the kernel
        self.upload.value = ()
        name = str(item.get("name") or "upload.toml")
        self.message.value = ""   # never the previous file's message under this one
        size = item.get("size")
        content = item.get("content") or b""
        try:
            if isinstance(size, int) and size > MAX_UPLOAD:  # the size first, before any copy
                raise _too_big(name, size)
            text = file_text(bytes(content), name)
        except FileProblem as e:
            self.show_error(name, "file", e.sentence)
            return
        self.open_text(text, name)

    def open_from_folder(self, path: str | None) -> None:
        if not path:
            self.message.value = f'<div class="up-msg up-msg-info">{esc(_("Pick a file first."))}</div>'
            return
        p = Path(path)
        self.message.value = ""
        try:
            if p.is_file() and p.stat().st_size > MAX_UPLOAD:
                raise _too_big(p.name, p.stat().st_size)
            text = file_text(p.read_bytes(), p.name)
        except FileProblem as e:
            self.show_error(p.name, "file", e.sentence)
            return
        except OSError as e:
            self.show_error(p.name, "file", _file_error(e))
            return
        self.open_text(text, p.name)

    def show_error(self, file: str, where: str, what: str) -> None:
        self.message.value = _error_html(file, where, what)
        self.player_box.children = []
        self.player = None

    def open_text(self, text: str, file: str) -> Any:
        """Check the scenario in `text`; open it (True) or show its error (False)."""
        scenario, error = check_text(text, file)
        if error is not None:
            self.show_error(*error)
            return False
        self.message.value = (f'<div class="up-msg up-msg-good">'
                              f'{esc(_("{file} is ready: {title}").format(file=file, title=scenario.title))}</div>')
        if self.on_open is not None:
            self.on_open(scenario)
        else:
            from .lesson import LessonPlayer
            self.player = LessonPlayer(scenario, progress=self.progress, errors=self.errors,
                                       lesson_id=record_id(scenario))
            self.player_box.children = [self.player.box]
        return True


def _file_error(e: Exception) -> str:
    """Why a scenario file could not be read, in the learner's language (never an
    ``[Errno N]`` message from the operating system)."""
    if isinstance(e, UnicodeDecodeError):
        return _("is not UTF-8 text")
    if isinstance(e, FileNotFoundError):
        return _("no such file")
    if isinstance(e, IsADirectoryError):
        return _("is a directory, not a scenario file")
    if isinstance(e, PermissionError):
        return _("cannot be read (permission denied)")
    return _("cannot be read")


def show(path: str | os.PathLike[str]) -> Any:
    """A scenario file, styled and ready to step through in a notebook cell.

    Returns:
        a widget (its ``.player`` is the :class:`~unoparty.views.lesson.LessonPlayer`, or
        None when the file has an error, which the widget then shows with file, step and key).
    """
    from .lesson import LessonPlayer
    from .style import style_widget
    p = Path(path)
    try:
        scenario, error = check_text(file_text(p.read_bytes(), str(p)), str(p))
    except FileProblem as e:
        scenario, error = None, (str(p), "file", e.sentence)
    except OSError as e:
        scenario, error = None, (str(p), "file", _file_error(e))
    if error is not None:
        box = w.VBox([style_widget(), w.HTML(_error_html(*error))])
        box.player = None
        return box
    from ..progress import LearnerProgress
    player = LessonPlayer(scenario, progress=LearnerProgress(None, None), lesson_id=record_id(scenario))
    box = w.VBox([style_widget(), player.box])
    box.add_class("up-app")
    box.player = player
    return box
