"""The shared move objects, by their fields (issue 20): the indexes `engine.legal` fills as it
makes the moves it lists, and the look-ups the moves' constructors make in them, so that a
move built by the caller (``Play(0, card)``, ``Draw(0)``) is the very object `legal_moves`
listed and `Game.apply` knows it at once. Compiled with the engine (``setup.py``): the moves
themselves are not (a compiled class would refuse a wrong field type with the compiler's
words before `why_illegal` names the field), so their `__new__` calls in here.

A look-up finds a shared object only when every field is the very same object: ``True``
equals ``1`` and ``Colour.RED`` equals ``0``, but a move with ``call_uno=1`` must reach
`why_illegal`'s type checks (seats are small ints, the same object when equal).

The moves' constructors themselves are here too (`new_play`, `new_one`, `new_catch`,
`new_point`: `engine.moves` makes them the classes' ``__new__``), so that compiled a
caller's ``Play(0, card)`` runs no Python: the look-up, and only for a value not listed yet
(or a field of another type) the Python function `engine.moves` registered makes a new object.
Their arguments are `Any`: a field of the wrong type is kept as given, for `why_illegal`.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["PLAY_INDEX", "PLAIN_PLAY_INDEX", "SIMPLE_INDEX", "CATCH_INDEX", "POINT_INDEX",
           "shared_play", "shared_one", "shared_two", "new_play", "new_one", "new_catch", "new_point", "register"]

PLAY_INDEX: Final[dict[tuple[Any, ...], Any]] = {}
"""The shared `Play` objects by (player, card, colour, link, call_uno, swap_with, twice)."""
PLAIN_PLAY_INDEX: Final[dict[tuple[Any, ...], Any]] = {}
"""The same objects without a link, an UNO call, a swap or a second card, by (player, card,
colour): the look-up for the commonest plays."""
SIMPLE_INDEX: Final[dict[tuple[Any, int], Any]] = {}
"""The shared one-field moves (`Draw`, `Keep`, `Accept`, `Challenge`, `CallUno`,
`TakeMiniPile`) by (type, player)."""
CATCH_INDEX: Final[dict[tuple[int, int], Any]] = {}
"""The shared `Catch` objects by (player, target)."""
POINT_INDEX: Final[dict[tuple[int, int], Any]] = {}
"""The shared `PointAt` objects by (player, target)."""


def shared_play(player: object, card: object, colour: object, link: object, call_uno: object,
                swap_with: object, twice: object) -> Any:
    """The shared `Play` with exactly these fields (the link in canonical order), or ``None``."""
    c: Any
    if link is None and call_uno is False and swap_with is None and twice is False:
        c = PLAIN_PLAY_INDEX.get((player, card, colour))
        if c is not None and c.player is player and c.colour is colour:
            return c
        return None  # every plain shared play is in PLAIN_PLAY_INDEX
    try:
        c = PLAY_INDEX.get((player, card, colour, link, call_uno, swap_with, twice))
    except TypeError:  # an unhashable field (a list for a link)
        return None
    if c is None or c.player is not player or c.colour is not colour or c.call_uno is not call_uno \
            or c.swap_with is not swap_with or c.twice is not twice:
        return None
    if link is not None:
        shared_link = c.link
        if type(link) is not tuple or len(link) != 2 or shared_link is None \
                or link[0] is not shared_link[0] or link[1] is not shared_link[1]:
            return None
    return c


def shared_one(cls: object, player: object) -> Any:
    """The shared one-field move ``cls(player)``, or ``None`` (none made yet, or `player` not an int)."""
    if player.__class__ is not int:
        return None
    return SIMPLE_INDEX.get((cls, player))


def shared_two(index: dict[tuple[int, int], Any], player: object, target: object) -> Any:
    """The shared `Catch` or `PointAt` (from `index`) for (player, target), or ``None``."""
    if player.__class__ is not int or target.__class__ is not int:
        return None
    return index.get((player, target))


# Set once by `engine.moves` (`register`): the `Play` class, then the functions that make a new
# move object when no shared one is found — (cls, *fields) -> move — for `Play`, for the
# one-field moves, and for `Catch` and `PointAt`.
_PLAY_CLASS: Final[list[Any]] = []
_FRESH: Final[list[Any]] = []


def register(play: type[Any], fresh_play: Any, fresh_one: Any, fresh_two: Any) -> None:
    """Called by `engine.moves` once its classes exist (see `new_play`)."""
    _PLAY_CLASS[:] = [play]
    _FRESH[:] = [fresh_play, fresh_one, fresh_two]


def new_play(cls: Any, player: Any, card: Any, colour: Any = None, link: Any = None, call_uno: Any = False,
             swap_with: Any = None, twice: Any = False) -> Any:
    """`Play.__new__`: the shared `Play` with these fields (`shared_play`), else a new one.

    A linked pair has no order: it is kept canonical (lower seat first) so that equal moves
    compare equal; an ill-typed link is left as given (`why_illegal` refuses it naming the
    field)."""
    if link is not None and type(link) is tuple and len(link) == 2 and type(link[0]) is int \
            and type(link[1]) is int and link[0] > link[1]:
        link = (link[1], link[0])
    if cls is _PLAY_CLASS[0]:
        c = shared_play(player, card, colour, link, call_uno, swap_with, twice)
        if c is not None:
            return c
    return _FRESH[0](cls, player, card, colour, link, call_uno, swap_with, twice)


def new_one(cls: Any, player: Any) -> Any:
    """``__new__`` of the one-field moves (`Draw`, `Keep`, `Accept`, `Challenge`, `CallUno`,
    `TakeMiniPile`): the shared ``cls(player)``, else a new one."""
    if player.__class__ is int:
        c = SIMPLE_INDEX.get((cls, player))
        if c is not None:
            return c
    return _FRESH[1](cls, player)


def new_catch(cls: Any, player: Any, target: Any) -> Any:
    """`Catch.__new__`: the shared ``Catch(player, target)``, else a new one."""
    c = shared_two(CATCH_INDEX, player, target)
    return c if c is not None else _FRESH[2](cls, player, target)


def new_point(cls: Any, player: Any, target: Any) -> Any:
    """`PointAt.__new__`: the shared ``PointAt(player, target)``, else a new one."""
    c = shared_two(POINT_INDEX, player, target)
    return c if c is not None else _FRESH[2](cls, player, target)
