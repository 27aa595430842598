"""Reading one value of a scenario file (SCENARIO_FORMAT.md, format 1): its type, a card, a
colour, a player's name, a rule id. The loader and the ``expect`` keys share these, so each
kind of value is checked, and its error worded, in one place.

Each reader raises :class:`Invalid` naming where the value is (``setup.hands``,
``expect.hand.Ava``) and what is wrong; the loader adds the file and the step.
"""

from __future__ import annotations

from typing import Any, cast

from ..cards import COLOUR_WORDS, Card, Colour
from ..errors import MoveSyntaxError, ScenarioError, Words
from ..i18n import _, language, pgettext
from ..rulebook import RULES

__all__ = ["Invalid", "DIRECTIONS", "type_name", "want", "known_name", "card", "cards", "colour",
           "rule_id", "count", "direction", "unknown_player",
           "worded", "SYNTAX_MESSAGES", "scenario_error"]

DIRECTIONS = {"clockwise": 1, "counterclockwise": -1}
"""The words of ``direction`` (setup and expect) → +1 / -1."""


class Invalid(Exception):
    """A value that makes the file invalid: `where` (``"setup.seed"``, ``"expect.top"``)
    and `what` is wrong (one line, in the current language, as ``unoparty scenario check``
    prints it). In a step, `step` is its number, `key` the key in it and `problem` what is
    wrong without the key (the loader sets them)."""

    def __init__(self, where: str, what: str, *, step: int | None = None, key: str | None = None,
                 problem: str | None = None):
        super().__init__(f"{where}: {what}")
        self.where = where
        self.what = what
        self.step = step
        self.key = key
        self.problem = what if problem is None else problem


def type_name(value: Any) -> str:
    """How a TOML value's type is named in errors (the current language): ``"text"``,
    ``"a number"``, ``"a list"``… (bool first: a bool is also an int)."""
    if isinstance(value, bool):
        return pgettext("a TOML value's type", "true/false")
    if isinstance(value, int):
        return pgettext("a TOML value's type", "a number")
    if isinstance(value, float):
        return pgettext("a TOML value's type", "a decimal number")
    if isinstance(value, str):
        return pgettext("a TOML value's type", "text")
    if isinstance(value, list):
        return pgettext("a TOML value's type", "a list")
    if isinstance(value, dict):
        return pgettext("a TOML value's type", "a table")
    return type(value).__name__


def _must_be(kind: str, found: str) -> str:
    """'must be KIND, not FOUND': one message per kind."""
    if kind == "text":
        return _("must be text, not {found}").format(found=found)
    if kind == "a whole number":
        return _("must be a whole number, not {found}").format(found=found)
    if kind == "true or false":
        return _("must be true or false, not {found}").format(found=found)
    if kind == "a list":
        return _("must be a list, not {found}").format(found=found)
    return _("must be a table, not {found}").format(found=found)


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
        raise Invalid(where, _must_be(kind, type_name(value)))


def unknown_player(name: Any) -> str:
    """"unknown player 'Zed'" (the current language)."""
    return _("unknown player {name}").format(name=repr(name))


def known_name(where: str, name: Any, names: tuple[str, ...]) -> str:
    """A player's name, one of `names`."""
    want(where, name, "text")
    if name not in names:
        raise Invalid(where, unknown_player(name))
    return cast(str, name)  # checked above


def card(where: str, text: Any) -> Card:
    """A card as written (``"red 7"``, ``"wild"``)."""
    want(where, text, "text")
    try:
        return Card.parse(text)
    except MoveSyntaxError:
        raise Invalid(where, _("unknown card {card}").format(card=repr(text))) from None


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
        raise Invalid(where, _("unknown colour {colour} (use {red}, {yellow}, {green} or {blue})").format(
            colour=repr(value), **COLOUR_WORDS)) from None


def direction(where: str, value: Any) -> int:
    """``"clockwise"`` → +1, ``"counterclockwise"`` → -1."""
    want(where, value, "text")
    if value not in DIRECTIONS:
        raise Invalid(where, _("must be '{clockwise}' or '{counterclockwise}', not {value}").format(
            clockwise="clockwise", counterclockwise="counterclockwise", value=repr(value)))
    return DIRECTIONS[value]


def rule_id(where: str, value: Any) -> str:
    """A rule id of RULES.md (``"T-1"``)."""
    want(where, value, "text")
    if value not in RULES:
        raise Invalid(where, _("unknown rule id {rule} (see RULES.md)").format(rule=repr(value)))
    return cast(str, value)  # checked above


def count(where: str, value: Any) -> int:
    """A whole number ≥ 0 (cards in a pile or a hand, points)."""
    want(where, value, "a whole number")
    if value < 0:
        raise Invalid(where, _("cannot be negative ({value})").format(value=value))
    return cast(int, value)  # checked above


# ---------------------------------------------------------------------------------------
# the words of the layers below (notation, cards: MoveSyntaxError), in the reader's language

SYNTAX_MESSAGES: dict[str, Any] = {
    "unknown card {card} (cards are written like {examples})":
        lambda: _("unknown card {card} (cards are written like {examples})"),
    "unknown colour {colour} (use {red}, {yellow}, {green} or {blue})":
        lambda: _("unknown colour {colour} (use {red}, {yellow}, {green} or {blue})"),
    "unknown player {name}": lambda: _("unknown player {name}"),
    "'swapping with' needs a player": lambda: _("'swapping with' needs a player"),
    "'linking' needs two players, e.g. 'linking Ben and Cal'":
        lambda: _("'linking' needs two players, e.g. 'linking Ben and Cal'"),
    "a move must be text, not {found}": lambda: _("a move must be text, not {found}"),
    "a move is one line": lambda: _("a move is one line"),
    "{text} is not a move: write '<player>: <action>', e.g. '{example}'":
        lambda: _("{text} is not a move: write '<player>: <action>', e.g. '{example}'"),
    "{text} names no player before ':'": lambda: _("{text} names no player before ':'"),
    "{name} makes no move: write an action after ':', e.g. 'draw'":
        lambda: _("{name} makes no move: write an action after ':', e.g. 'draw'"),
    "'{words}' needs a player, e.g. '{words} {name}'": lambda: _("'{words}' needs a player, e.g. '{words} {name}'"),
    "'{words}' needs a card, e.g. '{words} {card}'": lambda: _("'{words}' needs a card, e.g. '{words} {card}'"),
    "{error} ('{speed}' takes a card and, optionally, '{swap} <player>' and '{uno}')":
        lambda: _("{error} ('{speed}' takes a card and, optionally, '{swap} <player>' and '{uno}')"),
    "unknown action {action} (moves: {moves})": lambda: _("unknown action {action} (moves: {moves})"),
    "no player at seat {seat} (there are {n} players)": lambda: _("no player at seat {seat} (there are {n} players)"),
    # the table (Game.from_setup's SetupError)
    "{rules} needs 2 to {most} players, not {n}": lambda: _("{rules} needs 2 to {most} players, not {n}"),
    "name {name} must be 1 to 40 characters long": lambda: _("name {name} must be 1 to 40 characters long"),
    "name {name} may not contain ':' or a line break": lambda: _("name {name} may not contain ':' or a line break"),
    "name {name} has leading or trailing spaces": lambda: _("name {name} has leading or trailing spaces"),
    "duplicate name {name}": lambda: _("duplicate name {name}"),
    "no hand for {name}: every player needs at least one card":
        lambda: _("no hand for {name}: every player needs at least one card"),
    "{name} holds no cards: every player needs at least one":
        lambda: _("{name} holds no cards: every player needs at least one"),
    "must be {clockwise} or {counterclockwise}": lambda: _("must be {clockwise} or {counterclockwise}"),
    "needs at least one card (the top card)": lambda: _("needs at least one card (the top card)"),
    "only a classic round starts on a Wild whose colour the first player chooses (S-5)":
        lambda: _("only a classic round starts on a Wild whose colour the first player chooses (S-5)"),
    "the top card ({card}) is not a wild card: its colour is its own":
        lambda: _("the top card ({card}) is not a wild card: its colour is its own"),
    "give either a colour ({colour}) or colour_to_choose, not both":
        lambda: _("give either a colour ({colour}) or colour_to_choose, not both"),
    "required: the top card ({card}) is a wild card": lambda: _("required: the top card ({card}) is a wild card"),
    "{colour} does not match the top card ({card}); give a colour only when it is the top card's or the top card is wild":
        lambda: _("{colour} does not match the top card ({card}); give a colour only when it is the top card's "
                  "or the top card is wild"),
    "the {rules} deck has no {card}": lambda: _("the {rules} deck has no {card}"),
    "{n} copies of {card}, but the {rules} deck has only {have}":
        lambda: _("{n} copies of {card}, but the {rules} deck has only {have}"),
    "must be 'shuffled' or 'none', not {value}": lambda: _("must be 'shuffled' or 'none', not {value}"),
    "must be [] or two players, not {n}": lambda: _("must be [] or two players, not {n}"),
    "must be two different players, not {name} twice": lambda: _("must be two different players, not {name} twice"),
    "{name}: a score cannot be negative ({value})": lambda: _("{name}: a score cannot be negative ({value})"),
}
"""The English templates of :class:`~unoparty.errors.Words` that notation, cards and the
table's setup (``Game.from_setup``) raise →
their catalogue message (``tests/test_teacher_words.py`` checks that every one is here)."""


def worded(words: Any) -> str:
    """A :class:`~unoparty.errors.Words` (or a MoveSyntaxError) in the current language; plain
    text as it is."""
    if isinstance(words, MoveSyntaxError):
        words = words.words if words.words is not None else str(words)
    if not isinstance(words, Words):
        return str(words)
    message = SYNTAX_MESSAGES.get(words.template)
    if message is None or language() == "en":  # English: the layer's own words, as scripts read them
        return str(words)
    return str(message().format(**{k: _param(x) for k, x in words.params.items()}))


def _param(value: Any) -> str:
    """A value in a worded message: a card or a colour as the file writes it, quoted (the
    file's notation is English in every language: ``'red 7'``)."""
    if isinstance(value, Words):
        return worded(value)
    if isinstance(value, (Card, Colour)):
        return repr(str(value))
    return str(value)


def scenario_error(file: str, where: str, what: str, *, step: int | None = None, key: str | None = None,
                   line: int | None = None, problem: str | None = None) -> ScenarioError:
    """A :class:`~unoparty.errors.ScenarioError` with its whole sentence and its place worded
    in the current language: one catalogue message per kind of place (the file, a line, a
    key, a step, a key in a step), `what` (or `problem`, without the key) in it."""
    f, p = file, what if problem is None else problem
    if line is not None:
        message = _("{file}: line {line}: {what}").format(file=f, line=line, what=p)
        place = _("line {line}").format(line=line)
    elif step is not None and key:
        message = _("{file}: step {step}: {key}: {what}").format(file=f, step=step, key=key, what=p)
        place = _("step {step}, key {key}").format(step=step, key=key)
    elif step is not None:
        message = _("{file}: step {step}: {what}").format(file=f, step=step, what=p)
        place = _("step {step}").format(step=step)
    elif where == "file" or not where:
        message = (_("{file}: file: {what}") if where else _("{file}: {what}")).format(file=f, what=p)
        place = _("the whole file")
    else:
        message = _("{file}: {key}: {what}").format(file=f, key=key or where, what=p)
        place = key or where
    return ScenarioError(file, where, what, step=step, key=key, line=line, problem=problem,
                         message=message, place=place)
