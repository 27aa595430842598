"""unoparty — learn UNO Party! (and classic UNO) step by step.

The rules engine (:class:`unoparty.game.Game`), scenario files, bots and ipywidgets views.
"""

from __future__ import annotations

import os
from typing import Any

__version__ = "0.1.0"


def show(path: str | os.PathLike[str]) -> Any:
    """A scenario file in a notebook cell, styled and ready to step through
    (:func:`unoparty.views.scenarios_page.show`)."""
    from .views.scenarios_page import show as _show
    return _show(path)


def teacher(code: str | None = None) -> Any:
    """The teacher's page in a notebook cell: the class, its CSV, a learner's records.
    It asks for ``UNOPARTY_TEACHER_CODE`` (given here as `code`, it opens at once).

    Returns:
        the :class:`unoparty.views.teacher.TeacherPage` widget box.
    """
    from .views.style import style_widget
    from .views.teacher import TeacherPage
    import ipywidgets as w
    page = TeacherPage()
    if code is not None:
        page.unlock(code)
    box = w.VBox([style_widget(), page.box])
    box.page = page
    return box


def table(code: str | None = None, *, name: str | None = None, pin: str | None = None,
          projector: bool = False) -> Any:
    """Play together in a notebook cell (:mod:`unoparty.views.table_page`): open or join a
    live table of the class store (``UNOPARTY_DB``); `code` (and `name`) joins table `code`
    at once; `projector` shows its projector view instead (every seat, no hand).

    Who sits follows the app (issue 22; :func:`unoparty.views.table_page.notebook_table`):
    under JupyterHub the hub's user (``JUPYTERHUB_USER``) is the learner — no name, no PIN;
    elsewhere, with the teacher's setting *PINs* on, a `name` needs its learner's `pin`
    (``"0123"``: a string of 4 to 6 digits) or the PIN box the page shows, wrong PINs limited
    as in the app. A seat another browser holds is never handed over on a typed name.

    Returns:
        the page's widget box (``.page`` is the :class:`~unoparty.views.table_page.TablePage`
        or :class:`~unoparty.views.table_page.ProjectorView`); a refusal (wrong PIN, unknown
        code, seat open in another tab…) is a sentence on the page, in the learner's language.

    Raises:
        ValueError: `projector` without `code`. TypeError: `name` or `pin` not a string.
        unoparty.progress.StoreError: the class store cannot be opened.
    """
    import ipywidgets as w

    from .views.style import style_widget
    from .views.table_page import ProjectorView, notebook_table
    if projector:
        if not code:
            raise ValueError("unoparty.table(projector=True) needs the table's code")
        projector_view = ProjectorView(code)
        box = w.VBox([style_widget(), projector_view.box])
        box.page = projector_view
        return box
    page = notebook_table(code, name=name, pin=pin)
    box = w.VBox([style_widget(), page.box])
    box.page = page
    return box
