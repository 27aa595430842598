"""ipywidgets views: cards, the table, the hand, the lesson player, the game and the app.

Views render what a seat may know and turn clicks into moves; one controller
(:class:`~unoparty.views.controller.GameController`) calls ``Game.apply``. Nothing outside
this package imports ipywidgets.

Typical notebook use::

    from unoparty.views import App
    App()
"""

from __future__ import annotations

from typing import Any

__all__ = ["App", "GameApp", "LessonPlayer", "RulesPage", "Board", "TableView", "HandView",
           "GameController", "Progress", "lesson_app", "play_app", "rules_app", "card_svg"]


def __getattr__(name: str) -> Any:
    # imported lazily so `import unoparty.views.svg` stays light
    if name in ("App", "lesson_app", "play_app", "rules_app"):
        from . import app
        return getattr(app, name)
    if name == "GameApp":
        from .game_app import GameApp
        return GameApp
    if name == "LessonPlayer":
        from .lesson import LessonPlayer
        return LessonPlayer
    if name == "RulesPage":
        from .rules_page import RulesPage
        return RulesPage
    if name == "Board":
        from .board import Board
        return Board
    if name in ("TableView", "HandView"):
        from . import table
        return getattr(table, name)
    if name == "GameController":
        from .controller import GameController
        return GameController
    if name == "Progress":
        from .progress import Progress
        return Progress
    if name == "card_svg":
        from .svg import card_svg
        return card_svg
    raise AttributeError(name)
