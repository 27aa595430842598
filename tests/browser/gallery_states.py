"""Tables set up for the browser tests' screenshots (served by ``gallery.ipynb``).

``build(name)`` returns an :class:`unoparty.views.App` showing one situation: a 6- or a
16-player table, the mini pile, the Point Taken picker, the round's end. Nobody else moves
(no bots): these are still pictures of the real widgets.
"""

from __future__ import annotations

from unoparty.cards import Card
from unoparty.engine.moves import Play
from unoparty.game import Game
from unoparty.views.app import App

NAMES16 = ["You", "Ava", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou",
           "Max", "Nia", "Oli"]


def _c(*texts: str) -> list[Card]:
    return [Card.parse(t) for t in texts]


def _setup(names, hands, turn="You", top="red 3", draw=(), links=(), **kw) -> Game:
    pool = [f"{c} {k}" for k in range(1, 10) for c in ("green", "blue", "yellow")] * 3
    full, k = {}, 0
    for i, n in enumerate(names):
        if n in hands:
            full[n] = _c(*hands[n])
        else:
            full[n] = _c(*pool[k:k + 2 + i % 5])
            k += 2 + i % 5
    return Game.from_setup(list(names), full, turn, _c("blue 5", top), _c(*draw), links=tuple(links), **kw)


def build(name: str) -> App:
    app = App(start="game")
    ga = app.game
    if name == "table6":
        g = _setup(NAMES16[:6], {"You": ("red 7", "red 3", "blue 3", "green skip", "wild", "yellow point taken",
                                          "wild drawn together"), "Cal": ("blue 1",)},
                   links=("Ava", "Dee"), turn="You")
    elif name == "table16":
        g = _setup(NAMES16, {"You": ("red 7", "green 3", "wild pile up", "blue reverse", "yellow 9")},
                   links=("Cal", "Kim"), turn="Fay")
    elif name == "minipile":
        g = _setup(NAMES16[:6], {"You": ("wild pile up", "red 7", "green 2", "blue 4"), "Ava": ("yellow 1", "green 5"),
                                          "Ben": ("yellow 8", "wild", "red 1")},
                   draw=("yellow 6",), turn="You")
        g.apply(Play(0, Card.parse("wild pile up")))
        g.apply(Play(1, Card.parse("yellow 1")))
    elif name == "pointing":
        g = _setup(NAMES16[:8], {"You": ("red point taken", "red 7", "green 2")}, turn="You")
        g.apply(Play(0, Card.parse("red point taken")))
    elif name == "pointing16":
        g = _setup(NAMES16, {"You": ("red point taken", "red 7", "green 2")}, turn="You")
        g.apply(Play(0, Card.parse("red point taken")))
    elif name == "scoring16":
        g = _setup(NAMES16, {"You": ("red 7",)}, turn="You")
        g.apply(Play(0, Card.parse("red 7")))
    elif name == "scoring":
        g = _setup(NAMES16[:5], {"You": ("red 7",), "Ava": ("wild", "blue draw two", "green 9"),
                                 "Ben": ("yellow 4", "wild draw four")}, turn="You")
        g.apply(Play(0, Card.parse("red 7")))
    elif name == "xss":
        evil = "<img src=x onerror=alert(1)>"
        g = _setup(["You", evil, "Ben"], {}, turn=evil)
    else:
        raise ValueError(f"unknown gallery state {name!r}")
    ga.start_game(g, 0, {})
    return app
