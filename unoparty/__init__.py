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
