"""Cards, colours, card kinds and the two decks (RULES.md D-1 … D-4, R-3).

A :class:`Card` is a frozen value. Every card that exists is one of a small set of
canonical instances (:data:`ALL_CARDS`), so cards compare and hash cheaply. Text exists
only at the edges: ``Card.parse("red 7")`` and ``str(card)`` round-trip.

>>> Card.parse("Red 7")
Card.parse('red 7')
>>> str(Card.parse("wild draw four"))
'wild draw four'
>>> Card.parse("blue draw two").points
20
>>> len(deck("party")), len(deck("classic"))
(224, 108)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection, Iterable
from typing import Any
from dataclasses import dataclass

from .errors import CardError, MoveSyntaxError, Words

CARD_EXAMPLES = "'red 7', 'blue skip', 'green draw two', 'yellow point taken', 'wild', 'wild draw four', " \
                "'wild drawn together', 'wild pile up'"
"""How cards are written in scenario files and moves (the notation is English in every language)."""
COLOUR_WORDS = {"red": "red", "yellow": "yellow", "green": "green", "blue": "blue"}
"""The colours' words in scenario files and moves."""

__all__ = [
    "Colour",
    "Kind",
    "Card",
    "ALL_CARDS",
    "COLOURS",
    "deck",
    "deck_counts",
    "hand_points",
    "parse_colour",
]


class Colour(enum.IntEnum):
    """The four card colours, in the order the rule write-ups list them."""

    RED = 0
    YELLOW = 1
    GREEN = 2
    BLUE = 3

    def __str__(self) -> str:
        return self.name.lower()

    @property
    def initial(self) -> str:
        """The colour's initial letter (``"R"``), a cue that does not rely on colour vision."""
        return self.name[0]


COLOURS: tuple[Colour, ...] = tuple(Colour)


class Kind(enum.IntEnum):
    """What a card is (D-4): a number card, a coloured action card or a wild card."""

    NUMBER = 0
    DRAW_TWO = 1
    REVERSE = 2
    SKIP = 3
    POINT_TAKEN = 4
    WILD = 5
    WILD_DRAW_FOUR = 6
    WILD_DRAWN_TOGETHER = 7
    WILD_PILE_UP = 8

    @property
    def is_wild(self) -> bool:
        return self >= Kind.WILD

    @property
    def is_action(self) -> bool:
        """A coloured action card: Draw Two, Reverse, Skip or Point Taken (D-4)."""
        return Kind.DRAW_TWO <= self <= Kind.POINT_TAKEN

    @property
    def words(self) -> str:
        return _KIND_WORDS[self]

    @property
    def takes_colour(self) -> bool:
        """Whether its player names a colour when playing it (W-1, W-2, LK-1; not PU-1)."""
        return self in (Kind.WILD, Kind.WILD_DRAW_FOUR, Kind.WILD_DRAWN_TOGETHER)


_KIND_WORDS = {
    Kind.NUMBER: "",
    Kind.DRAW_TWO: "draw two",
    Kind.REVERSE: "reverse",
    Kind.SKIP: "skip",
    Kind.POINT_TAKEN: "point taken",
    Kind.WILD: "wild",
    Kind.WILD_DRAW_FOUR: "wild draw four",
    Kind.WILD_DRAWN_TOGETHER: "wild drawn together",
    Kind.WILD_PILE_UP: "wild pile up",
}
_WORDS_KIND = {v: k for k, v in _KIND_WORDS.items() if v}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card: its kind, its colour (``None`` for wild cards) and its number (0–9 or ``None``).

    Use :meth:`Card.parse` or :data:`ALL_CARDS` rather than the constructor: cards are
    validated there. Wild cards carry no colour; the colour chosen for a played wild card
    is game state (T-2), not part of the card.
    """

    kind: Kind
    colour: Colour | None = None
    number: int | None = None

    # Every card is one of the canonical instances in ALL_CARDS: constructing a card returns
    # the existing instance, so cards compare and hash by identity (fast), and equal cards
    # are the same object. Pickling and copying keep that true.
    # The fields are checked first (`_check_fields`): an int that equals a colour, or True that
    # equals 1, would otherwise find a canonical card and overwrite its fields for everyone.
    def __new__(cls, kind: object = None, colour: object = None, number: object = None) -> "Card":
        # The parameters are `object`, not the fields' types: compiled (mypyc), typed ones
        # would refuse a wrong type with the compiler's message before ours (D-4, issue 20).
        _check_fields(kind, colour, number)
        card = _CANON.get((kind, colour, number))  # type: ignore[arg-type]  # checked just above
        return card if card is not None else object.__new__(cls)

    def __reduce__(self) -> tuple[Callable[[str], "Card"], tuple[str]]:
        return (Card.parse, (str(self),))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: object) -> "Card":
        return self

    def __post_init__(self) -> None:
        _check_fields(self.kind, self.colour, self.number)

    @property
    def is_wild(self) -> bool:
        return self.kind >= Kind.WILD

    @property
    def is_number(self) -> bool:
        return self.kind is Kind.NUMBER

    @property
    def is_action(self) -> bool:
        return self.kind.is_action

    @property
    def points(self) -> int:
        """Card points for scoring (R-3): face value, 20 for coloured action cards, 50 for wild cards."""
        if self.kind is Kind.NUMBER:
            return self.number  # type: ignore[return-value]
        return 50 if self.kind >= Kind.WILD else 20

    @property
    def symbol(self) -> str:
        """The number or action words, without the colour: ``"7"``, ``"skip"``, ``"wild"``."""
        return str(self.number) if self.kind is Kind.NUMBER else self.kind.words

    def __str__(self) -> str:
        if self.kind >= Kind.WILD:
            return self.kind.words
        return f"{self.colour} {self.symbol}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> "Card":
        """Read a card written as in scenario files: ``"red 7"``, ``"Blue Draw Two"``, ``"wild"``.

        Raises:
            MoveSyntaxError: the text names no card.
        """
        key = " ".join(str(text).lower().split())
        card = _BY_TEXT.get(key)
        if card is None:
            raise MoveSyntaxError(Words.of("unknown card {card} (cards are written like {examples})", card=repr(text),
                                           examples=CARD_EXAMPLES))
        return card


def _check_fields(kind: object, colour: object, number: object) -> None:
    """Refuse what is not a card (D-4) before any canonical card is looked up, so a wrong
    value can never reach a shared card: `kind` must be a `Kind`, `colour` a `Colour` (``None``
    for a wild card), `number` an ``int`` 0–9 for a number card (``None`` otherwise) — not a
    bool, not another int-like type.

    Raises:
        CardError: naming the field and the value.
    """
    if kind.__class__ is not Kind:
        raise CardError("kind", kind, "must be a Kind (Kind.NUMBER, Kind.SKIP, Kind.WILD, …)")
    if kind >= Kind.WILD:
        if colour is not None:
            raise CardError("colour", colour, f"must be None: a {kind.words} card has no colour "
                                              "(the colour chosen for it is game state, T-2)")
        if number is not None:
            raise CardError("number", number, f"must be None: a {kind.words} card has no number")
        return
    if colour.__class__ is not Colour:
        raise CardError("colour", colour, "must be a Colour (Colour.RED, Colour.YELLOW, Colour.GREEN or Colour.BLUE)")
    if kind is Kind.NUMBER:
        if number.__class__ is not int or not 0 <= number <= 9:
            raise CardError("number", number, "must be a whole number (int) from 0 to 9 for a number card")
    elif number is not None:
        raise CardError("number", number, f"must be None: a {kind.words} card has no number")


_CANON: dict[tuple[Kind | None, Colour | None, int | None], Card] = {}


def _all_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    for colour in Colour:
        cards += [Card(Kind.NUMBER, colour, n) for n in range(10)]
        cards += [Card(k, colour) for k in (Kind.DRAW_TWO, Kind.REVERSE, Kind.SKIP, Kind.POINT_TAKEN)]
    cards += [Card(k) for k in (Kind.WILD, Kind.WILD_DRAW_FOUR, Kind.WILD_DRAWN_TOGETHER, Kind.WILD_PILE_UP)]
    return tuple(cards)


ALL_CARDS: tuple[Card, ...] = _all_cards()
_CANON.update({(c.kind, c.colour, c.number): c for c in ALL_CARDS})
"""Every distinct card, each a canonical instance (64 coloured kinds + 4 wild kinds)."""

_BY_TEXT: dict[str, Card] = {str(c): c for c in ALL_CARDS}

# D-1 and D-3, as one data table: copies of each card per rule set.
# Keys: (kind, number) for coloured cards (per colour), kind for wild cards.
_COPIES: dict[str, dict[str, dict[Any, int]]] = {
    "party": {  # D-1 [inferred]: 224 cards
        "numbers": {0: 2, **{n: 4 for n in range(1, 10)}},
        "actions": {Kind.DRAW_TWO: 4, Kind.REVERSE: 4, Kind.SKIP: 4, Kind.POINT_TAKEN: 2},
        "wilds": {Kind.WILD: 4, Kind.WILD_DRAW_FOUR: 4, Kind.WILD_DRAWN_TOGETHER: 4, Kind.WILD_PILE_UP: 4},
    },
    "classic": {  # D-3 [printed, 003]: 108 cards
        "numbers": {0: 1, **{n: 2 for n in range(1, 10)}},
        "actions": {Kind.DRAW_TWO: 2, Kind.REVERSE: 2, Kind.SKIP: 2},
        "wilds": {Kind.WILD: 4, Kind.WILD_DRAW_FOUR: 4},
    },
}


def deck_counts(rule_set: str, without: Collection[Kind] = ()) -> dict[Card, int]:
    """How many copies of each card the rule set's deck holds (D-1 ``party``, D-3 ``classic``),
    less the card kinds in `without` (``Rules.without``: a lab setting).

    Raises:
        ValueError: unknown rule set.
    """
    if rule_set not in _COPIES:
        raise ValueError(f"unknown rule set {rule_set!r}: use 'party' or 'classic'")
    table = _COPIES[rule_set]
    counts: dict[Card, int] = {}
    for card in ALL_CARDS:
        if card.kind is Kind.NUMBER:
            n = table["numbers"].get(card.number, 0)
        elif card.is_wild:
            n = table["wilds"].get(card.kind, 0)
        else:
            n = table["actions"].get(card.kind, 0)
        if n and card.kind not in without:
            counts[card] = n
    return counts


def deck(rule_set: str, without: Collection[Kind] = ()) -> list[Card]:
    """A fresh, unshuffled deck as a list (224 cards for ``party``, 108 for ``classic``; fewer
    without the kinds in `without`).

    Raises:
        ValueError: unknown rule set.
    """
    key = (rule_set, tuple(without))
    cards = _DECKS.get(key)
    if cards is None:
        cards = _DECKS[key] = tuple(card for card, n in deck_counts(rule_set, without).items() for _ in range(n))
    return list(cards)


_DECKS: dict[tuple[str, tuple[Kind, ...]], tuple[Card, ...]] = {}  # (rule set, kinds left out) -> the deck, made once


def hand_points(cards: Iterable[Card]) -> int:
    """Total card points of some cards (R-3)."""
    return sum(c.points for c in cards)


def parse_colour(text: str) -> Colour:
    """Read a colour name (``"red"``, any case).

    Raises:
        MoveSyntaxError: not one of red, yellow, green, blue.
    """
    try:
        return Colour[str(text).strip().upper()]
    except KeyError:
        raise MoveSyntaxError(Words.of("unknown colour {colour} (use {red}, {yellow}, {green} or {blue})", colour=repr(text),
                                        **COLOUR_WORDS)) from None

