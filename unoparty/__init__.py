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


def table(code: str | None = None, *, name: str | None = None, projector: bool = False) -> Any:
    """Play together in a notebook cell (:mod:`unoparty.views.table_page`): open or join a
    live table of the class store (``UNOPARTY_DB``); `code` (and `name`) joins table `code`
    at once; `projector` shows its projector view instead (every seat, no hand).

    Returns:
        the page's widget box (``.page`` is the :class:`~unoparty.views.table_page.TablePage`
        or :class:`~unoparty.views.table_page.ProjectorView`).
    """
    import ipywidgets as w

    from .views.style import style_widget
    from .views.table_page import ProjectorView, TablePage
    if projector:
        if not code:
            raise ValueError("unoparty.table(projector=True) needs the table's code")
        projector_view = ProjectorView(code)
        box = w.VBox([style_widget(), projector_view.box])
        box.page = projector_view
        return box
    page = TablePage(name=name)
    if code:
        page.join(code)
    box = w.VBox([style_widget(), page.box])
    box.page = page
    return box
