"""Reading one value of a scenario file (SCENARIO_FORMAT.md, format 1): its type, a card, a
colour, a player's name, a rule id. The loader and the ``expect`` keys share these, so each
kind of value is checked, and its error worded, in one place.

Each reader raises :class:`Invalid` naming where the value is (``setup.hands``,
``expect.hand.Ava``) and what is wrong; the loader adds the file and the step.
"""

from __future__ import annotations

from typing import Any, cast

from ..cards import Card, Colour
from ..errors import MoveSyntaxError
from ..rulebook import RULES

__all__ = ["Invalid", "DIRECTIONS", "type_name", "want", "known_name", "card", "cards", "colour",
           "rule_id", "count", "direction"]

DIRECTIONS = {"clockwise": 1, "counterclockwise": -1}
"""The words of ``direction`` (setup and expect) → +1 / -1."""


class Invalid(Exception):
    """A value that makes the file invalid: `where` (``"setup.seed"``, ``"expect.top"``)
    and `what` is wrong (one line, English, as ``unoparty scenario check`` prints it)."""

    def __init__(self, where: str, what: str):
        super().__init__(f"{where}: {what}")
        self.where = where
        self.what = what


# TOML's value types as errors name them (bool first: a bool is also an int)
_TYPE_NAMES: tuple[tuple[type, str], ...] = (
    (bool, "true/false"), (int, "a number"), (float, "a decimal number"), (str, "text"),
    (list, "a list"), (dict, "a table"))


def type_name(value: Any) -> str:
    """How a TOML value's type is named in errors: ``"text"``, ``"a number"``, ``"a list"``…"""
    return next((name for kind, name in _TYPE_NAMES if isinstance(value, kind)), type(value).__name__)


_KINDS = {
    "text": lambda v: isinstance(v, str),
    "a whole number": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "true or false": lambda v: isinstance(v, bool),
    "a list": lambda v: isinstance(v, list),
    "a table": lambda v: isinstance(v, dict),
}


def want(where: str, value: Any, kind: str) -> None:
    """Raise :class:`Invalid` unless `value` is of `kind` (``"text"``, ``"a whole number"``,
    ``"true or false"``, ``"a list"``, ``"a table"``)."""
    if not _KINDS[kind](value):
        raise Invalid(where, f"must be {kind}, not {type_name(value)}")


def _one_of(where: str, value: Any, allowed: Any, unknown: str, hint: str = "") -> str:
    """`value` as text that is in `allowed`, else :class:`Invalid` ("unknown player 'Zed'")."""
    want(where, value, "text")
    if value not in allowed:
        raise Invalid(where, f"{unknown} {value!r}{hint}")
    return cast(str, value)  # checked above


def known_name(where: str, name: Any, names: tuple[str, ...]) -> str:
    """A player's name, one of `names`."""
    return _one_of(where, name, names, "unknown player")


def card(where: str, text: Any) -> Card:
    """A card as written (``"red 7"``, ``"wild"``)."""
    want(where, text, "text")
    try:
        return Card.parse(text)
    except MoveSyntaxError:
        raise Invalid(where, f"unknown card {text!r}") from None


def cards(where: str, value: Any) -> tuple[Card, ...]:
    """A list of cards."""
    want(where, value, "a list")
    return tuple(card(where, t) for t in value)


def colour(where: str, value: Any) -> Colour:
    """A colour word: red, yellow, green or blue."""
    want(where, value, "text")
    try:
        return Colour[value.strip().upper()]
    except KeyError:
        raise Invalid(where, f"unknown colour {value!r} (use red, yellow, green or blue)") from None


def direction(where: str, value: Any) -> int:
    """``"clockwise"`` → +1, ``"counterclockwise"`` → -1."""
    want(where, value, "text")
    if value not in DIRECTIONS:
        raise Invalid(where, f"must be 'clockwise' or 'counterclockwise', not {value!r}")
    return DIRECTIONS[value]


def rule_id(where: str, value: Any) -> str:
    """A rule id of RULES.md (``"T-1"``)."""
    return _one_of(where, value, RULES, "unknown rule id", " (see RULES.md)")


def count(where: str, value: Any) -> int:
    """A whole number ≥ 0 (cards in a pile or a hand, points)."""
    want(where, value, "a whole number")
    if value < 0:
        raise Invalid(where, f"cannot be negative ({value})")
    return cast(int, value)  # checked above
