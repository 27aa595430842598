"""unoparty — learn UNO Party! (and classic UNO) step by step.

The rules engine (:class:`unoparty.game.Game`), scenario files, bots and ipywidgets views.
"""

__version__ = "0.1.0"
