"""The keys of a step's ``expect`` table (SCENARIO_FORMAT.md, "Checks"): for each key, in
one place, how its value is read from the file and how it is checked against a game.

- :func:`read_expect` (the loader): the table as written → key → typed value (Card, Colour,
  +1/-1, names, counts); raises :class:`~unoparty.scenarios.values.Invalid`.
- :func:`check_expect` (stepping and ``unoparty scenario check``): the first expectation of
  a step that does not hold in a game, as a :class:`Failure`.

``refused`` and ``reason`` are read here but checked by making the step's move
(:func:`unoparty.scenarios.runner.run_step`): they are about the move, not the table after it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..cards import ALL_CARDS, Card, Colour
from ..engine.state import Phase
from ..i18n import _, ngettext
from . import values as v
from .model import Step

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["EXPECT_KEYS", "PHASES", "ExpectKey", "KEYS", "Failure", "read_expect", "check_expect"]

PHASES = tuple(p.value for p in Phase)
"""The values of ``expect.phase`` (the engine's ``Phase`` values)."""


@dataclass(frozen=True)
class Failure:
    """An expectation that does not hold: ``KEY: expected X, found Y``.

    Attributes:
        step: the step's number (1 for the first; 0 when no step is to blame).
        key: the ``expect`` key (``"hand.Ava"`` for one player's hand), or what else failed
            (``"refused"``, ``"answer"``, ``"reshuffles"``, ``"engine"``).
        expected, found: as ``unoparty scenario check`` prints them.
    """

    step: int
    key: str
    expected: str
    found: str

    @property
    def message(self) -> str:
        """``"KEY: expected X, found Y"`` in the current language."""
        return _("{key}: expected {expected}, found {found}").format(
            key=self.key, expected=self.expected, found=self.found)

    def __str__(self) -> str:
        return _("step {step}: {failure}").format(step=self.step, failure=self.message)


Miss = tuple[str, str, str]
"""(key, expected, found) of an expectation that does not hold."""


@dataclass(frozen=True)
class ExpectKey:
    """One ``expect`` key.

    Attributes:
        name: the key.
        read: (where, value as written, player names) → the typed value; raises ``Invalid``.
        check: (game, typed value) → a :data:`Miss`, or None when it holds; None for a key
            checked by making the move (``refused``, ``reason``).
    """

    name: str
    read: Callable[[str, Any, tuple[str, ...]], Any]
    check: Callable[[Game, Any], Miss | None] | None


# ---------------------------------------------------------------------------------------
# showing values in FAIL lines

_CARD_ORDER = {c: i for i, c in enumerate(ALL_CARDS)}


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (Card, Colour)):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(x) for x in value) + "]"
    if value is None:
        return "none"
    return str(value)


def _sorted_cards(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: _CARD_ORDER.get(c, 0))


def _dir(d: int) -> str:
    return "clockwise" if d >= 0 else "counterclockwise"


def _cards_count(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _phase(game: Game) -> str:
    phase = game.phase
    return str(getattr(phase, "value", str(phase)))


def _name_of(game: Game, who: int | str | None) -> str:
    if who is None:
        return _("nobody")
    if isinstance(who, str):
        return who
    return game.names[who]


# ---------------------------------------------------------------------------------------
# reading (where is "expect.KEY")


def _read_name(where: str, value: Any, names: tuple[str, ...]) -> str:
    return v.known_name(where, value, names)


def _read_phase(where: str, value: Any, names: tuple[str, ...]) -> str:
    v.want(where, value, "text")
    if value not in PHASES:
        raise v.Invalid(where, _("unknown phase {phase} (phases: {known})").format(phase=repr(value), known=", ".join(PHASES)))
    return str(value)


def _read_names(where: str, value: Any, names: tuple[str, ...]) -> tuple[str, ...]:
    v.want(where, value, "a list")
    return tuple(v.known_name(where, x, names) for x in value)


def _read_links(where: str, value: Any, names: tuple[str, ...]) -> tuple[str, ...]:
    links = _read_names(where, value, names)
    if len(links) not in (0, 2):
        raise v.Invalid(where, _("must be [] or two players, not {n}").format(n=len(links)))
    return links


def _read_card(where: str, value: Any, names: tuple[str, ...]) -> Card:
    return v.card(where, value)


def _read_colour(where: str, value: Any, names: tuple[str, ...]) -> Colour:
    return v.colour(where, value)


def _read_direction(where: str, value: Any, names: tuple[str, ...]) -> int:
    return v.direction(where, value)


def _read_count(where: str, value: Any, names: tuple[str, ...]) -> int:
    return v.count(where, value)


def _read_hand(where: str, value: Any, names: tuple[str, ...]) -> Mapping[str, tuple[Card, ...] | int]:
    v.want(where, value, "a table")
    hands: dict[str, tuple[Card, ...] | int] = {}
    for who, x in value.items():
        if who not in names:
            raise v.Invalid(where, v.unknown_player(who))
        if isinstance(x, list):
            hands[who] = tuple(v.card(f"{where}.{who}", c) for c in x)
        elif isinstance(x, int) and not isinstance(x, bool):
            hands[who] = v.count(f"{where}.{who}", x)
        else:
            raise v.Invalid(f"{where}.{who}", _("must be a number of cards or a list of cards, not {found}").format(
                found=v.type_name(x)))
    return MappingProxyType(hands)


def _read_mini_pile(where: str, value: Any, names: tuple[str, ...]) -> tuple[Card, ...] | int:
    if isinstance(value, list):
        return tuple(v.card(where, c) for c in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return v.count(where, value)
    raise v.Invalid(where, _("must be a list of cards or a number, not {found}").format(found=v.type_name(value)))


def _read_scores(where: str, value: Any, names: tuple[str, ...]) -> Mapping[str, int]:
    v.want(where, value, "a table")
    scores = {}
    for who, x in value.items():
        if who not in names:
            raise v.Invalid(where, v.unknown_player(who))
        v.want(f"{where}.{who}", x, "a whole number")
        scores[who] = x
    return MappingProxyType(scores)


def _read_bool(where: str, value: Any, names: tuple[str, ...]) -> bool:
    v.want(where, value, "true or false")
    return bool(value)


def _read_rule(where: str, value: Any, names: tuple[str, ...]) -> str:
    return v.rule_id(where, value)


# ---------------------------------------------------------------------------------------
# checking


def _check_turn(game: Game, want: str) -> Miss | None:
    if game.phase.is_over or game.current is None:
        return "turn", want, _("nobody ({phase})").format(phase=_phase(game))
    found = game.names[game.current]
    return None if found == want else ("turn", want, found)


def _check_phase(game: Game, want: str) -> Miss | None:
    found = _phase(game)
    return None if found == want else ("phase", want, found)


def _seats_check(key: str) -> Callable[[Game, tuple[str, ...]], Miss | None]:
    def check(game: Game, want: tuple[str, ...]) -> Miss | None:
        names = game.names
        found = [names[s] for s in (game.waiting_for if key == "waiting_for" else game.links)]
        if Counter(found) == Counter(want):
            return None
        return key, _show(list(want)), _show(sorted(found, key=names.index))
    return check


def _check_top(game: Game, want: Card) -> Miss | None:
    found = game.top_card
    return None if found == want else ("top", _show(want), _show(found))


def _check_colour(game: Game, want: Colour) -> Miss | None:
    found = game.colour
    return None if found == want else ("colour", _show(want), _show(found))


def _check_direction(game: Game, want: int) -> Miss | None:
    found = game.direction
    return None if found == want else ("direction", _dir(want), _dir(found))


def _check_hand(game: Game, want: Mapping[str, tuple[Card, ...] | int]) -> Miss | None:
    for who, w in want.items():
        hand = game.hands[game.names.index(who)]
        if isinstance(w, int):
            if len(hand) != w:
                return f"hand.{who}", _cards_count(w), _cards_count(len(hand))
        elif Counter(hand) != Counter(w):
            return f"hand.{who}", _show(list(w)), _show(_sorted_cards(hand))
    return None


def _pile_count_check(key: str) -> Callable[[Game, int], Miss | None]:
    def check(game: Game, want: int) -> Miss | None:
        found = len(getattr(game, key))
        return None if found == want else (key, _cards_count(want), _cards_count(found))
    return check


def _check_mini_pile(game: Game, want: tuple[Card, ...] | int) -> Miss | None:
    pile = tuple(game.mini_pile)
    if isinstance(want, int):
        return None if len(pile) == want else ("mini_pile", _cards_count(want), _cards_count(len(pile)))
    return None if pile == tuple(want) else ("mini_pile", _show(list(want)), _show(list(pile)))


def _outcome_check(key: str) -> Callable[[Game, Any], Miss | None]:
    def check(game: Game, want: Any) -> Miss | None:
        outcome = game.outcome()
        if outcome is None:
            return key, _show(want), _("none (the round is not over: {phase})").format(phase=_phase(game))
        if key == "round_points":
            found: Any = outcome.points
        elif key == "winner":
            found = _name_of(game, outcome.winner)
        else:
            found = _name_of(game, outcome.match_winner)
        return None if found == want else (key, _show(want), _show(found))
    return check


def _check_scores(game: Game, want: Mapping[str, int]) -> Miss | None:
    for who, w in want.items():
        found = game.scores[game.names.index(who)]
        if found != w:
            return f"scores.{who}", str(w), str(found)
    return None


KEYS: Mapping[str, ExpectKey] = MappingProxyType({k.name: k for k in (
    ExpectKey("turn", _read_name, _check_turn),
    ExpectKey("phase", _read_phase, _check_phase),
    ExpectKey("waiting_for", _read_names, _seats_check("waiting_for")),
    ExpectKey("top", _read_card, _check_top),
    ExpectKey("colour", _read_colour, _check_colour),
    ExpectKey("direction", _read_direction, _check_direction),
    ExpectKey("hand", _read_hand, _check_hand),
    ExpectKey("draw_pile", _read_count, _pile_count_check("draw_pile")),
    ExpectKey("discard_pile", _read_count, _pile_count_check("discard_pile")),
    ExpectKey("mini_pile", _read_mini_pile, _check_mini_pile),
    ExpectKey("links", _read_links, _seats_check("links")),
    ExpectKey("winner", _read_name, _outcome_check("winner")),
    ExpectKey("round_points", _read_count, _outcome_check("round_points")),
    ExpectKey("scores", _read_scores, _check_scores),
    ExpectKey("match_winner", _read_name, _outcome_check("match_winner")),
    ExpectKey("refused", _read_bool, None),
    ExpectKey("reason", _read_rule, None),
)})
"""Every ``expect`` key, in the format's order."""

EXPECT_KEYS = tuple(KEYS)
"""The keys an ``expect`` table may hold, in the format's order."""


def read_expect(value: Any, names: tuple[str, ...]) -> dict[str, Any]:
    """An ``expect`` table as written → key → typed value, in file order.

    Raises:
        Invalid: where is ``"expect"`` or ``"expect.KEY"`` (``"expect.hand.Ava"``).
    """
    if not isinstance(value, dict):
        raise v.Invalid("expect", _("must be a table, not {found}").format(found=v.type_name(value)))
    out: dict[str, Any] = {}
    for key, x in value.items():
        spec = KEYS.get(key)
        if spec is None:
            raise v.Invalid("expect", _("unknown key {key} (known: {known})").format(key=repr(key), known=", ".join(EXPECT_KEYS)))
        out[key] = spec.read(f"expect.{key}", x, names)
    return out


def check_expect(game: Game, step: Step, *, skip: Sequence[str] = ("refused", "reason")) -> Failure | None:
    """The first expectation of `step` (in file order) that does not hold in `game`."""
    for key, want in step.expect.items():
        spec = KEYS[key]
        if key in skip or spec.check is None:
            continue
        miss = spec.check(game, want)
        if miss is not None:
            return Failure(step.number, *miss)
    return None
