"""The shared move objects, by their fields (issue 20): the indexes `engine.legal` fills as it
makes the moves it lists, and the look-ups the moves' constructors make in them, so that a
move built by the caller (``Play(0, card)``, ``Draw(0)``) is the very object `legal_moves`
listed and `Game.apply` knows it at once. Compiled with the engine (``setup.py``): the moves
themselves are not (a compiled class would refuse a wrong field type with the compiler's
words before `why_illegal` names the field), so their `__new__` calls in here.

A look-up finds a shared object only when every field is the very same object: ``True``
equals ``1`` and ``Colour.RED`` equals ``0``, but a move with ``call_uno=1`` must reach
`why_illegal`'s type checks (seats are small ints, the same object when equal).
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["PLAY_INDEX", "PLAIN_PLAY_INDEX", "SIMPLE_INDEX", "CATCH_INDEX", "POINT_INDEX",
           "shared_play", "shared_one", "shared_two"]

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
