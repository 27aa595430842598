"""Moves as text: ``"Ava: play wild drawn together as red linking Ben and Cal"``.

The move syntax of SCENARIO_FORMAT.md ("Moves"). Parsing is purely syntactic: it checks
that the words, cards, colours and player names exist, never whether the move is allowed
(``"Ava: play red 7 as blue"`` parses; the engine refuses it, W-1).

Grammar (keywords and card words are case-insensitive, player names are exact)::

    move    := PLAYER ":" action
    action  := "draw" | "keep" | "call uno" | "accept" | "challenge" | "take mini pile"
             | "catch" PLAYER | "point at" PLAYER
             | "speed play" CARD ["and call uno"]
             | "play" CARD ["as" COLOUR] ["linking" PLAYER "and" PLAYER]
                          ["swapping with" PLAYER] ["twice"] ["and call uno"]

A player name is 1–40 characters, any but ``:`` and line breaks. The name before the
``:`` is everything up to the first ``:``. Names after ``linking``, ``catch``,
``point at`` and ``swapping with`` are matched against the known names; when a text could
be read two ways (names may contain ``" and "``), the reading with the longest first name
wins.

>>> names = ["Ava", "Ben", "Cal"]
>>> parse_move("Ava: play wild drawn together as red linking Ben and Cal", names)
Play(player=0, card=Card.parse('wild drawn together'), colour=<Colour.RED: 0>, link=(1, 2), call_uno=False, swap_with=None, twice=False)
>>> format_move(parse_move("ben: Speed Play RED 7 and call UNO".replace("ben", "Ben"), names), names)
'Ben: speed play red 7 and call uno'
>>> parse_move("Zed: draw", names)
Traceback (most recent call last):
...
unoparty.errors.MoveSyntaxError: unknown player 'Zed'
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .cards import COLOUR_WORDS, Card, Colour
from .engine.moves import (
    Accept, CallUno, Catch, Challenge, Draw, Keep, Move, Play, PointAt, SpeedPlay, TakeMiniPile,
)
from .errors import MoveSyntaxError, Words

__all__ = ["parse_move", "format_move", "parse_player", "MOVE_WORDS"]

MOVE_WORDS = ("play", "speed play", "draw", "keep", "call uno", "catch", "accept",
              "challenge", "point at", "take mini pile")
"""The actions a move may start with."""

_SIMPLE: dict[str, type[Draw | Keep | CallUno | Accept | Challenge | TakeMiniPile]] = {
    "draw": Draw,
    "keep": Keep,
    "call uno": CallUno,
    "accept": Accept,
    "challenge": Challenge,
    "take mini pile": TakeMiniPile,
}
_SIMPLE_WORDS = {cls: words for words, cls in _SIMPLE.items()}

_WS = r"[ \t]+"


def _kw(words: str) -> str:
    """A regex for keyword words separated by any blanks (ASCII, case-insensitive)."""
    return _WS.join(re.escape(w) for w in words.split())


def _ci(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE | re.ASCII)


_UNO_TAIL = _ci(_WS + _kw("and call uno") + r"$")
_TWICE_TAIL = _ci(_WS + "twice$")
_AS_TAIL = _ci(_WS + "as" + _WS + r"(\S+)$")
_SWAP_PRE = _ci(_WS + _kw("swapping with") + _WS + "$")
_LINK_PRE = _ci(_WS + "linking" + _WS + "$")
_AND_PRE = _ci(_WS + "and" + _WS + "$")
_SWAP_ANY = _ci(_WS + _kw("swapping with") + r"(?:" + _WS + r"(.*))?$")
_LINK_ANY = _ci(_WS + "linking" + r"(?:" + _WS + r"(.*))?$")


def parse_player(text: str, names: Sequence[str]) -> int:
    """The seat of the player called exactly `text` (case-sensitive).

    Raises:
        MoveSyntaxError: no player has that name.
    """
    for seat, name in enumerate(names):
        if name == text:
            return seat
    raise MoveSyntaxError(_unknown_player(text, names))


def _unknown_player(text: str, names: Sequence[str]) -> Words:
    return Words.of("unknown player {name}", name=repr(text))


def _is_word(text: str, words: str) -> bool:
    """`text` is exactly the keyword `words` (any case, any blanks between words)."""
    return _ci(r"^" + _kw(words) + r"$").match(text) is not None


def _strip_prefix(text: str, words: str) -> str | None:
    """The rest of `text` after keyword `words` and at least one blank, or ``""`` when `text`
    is just the keyword; ``None`` when it does not start with it."""
    m = _ci(r"^" + _kw(words) + r"(?:" + _WS + r"|$)").match(text)
    if m is None:
        return None
    return text[m.end():]


# A parse candidate of the part after "play ": (card, colour, link, swap, twice, uno)
@dataclass(frozen=True)
class _PlayParts:
    card: Card
    colour: Colour | None
    link: tuple[int, int] | None
    swap_with: int | None
    twice: bool
    call_uno: bool


class _Errors:
    """Keeps the most telling error seen while trying the readings of a play."""

    def __init__(self) -> None:
        self.best: tuple[int, str | Words] | None = None

    def add(self, priority: int, message: str | Words) -> None:
        if self.best is None or priority > self.best[0]:
            self.best = (priority, message)


def _names_longest_first(names: Sequence[str]) -> list[tuple[int, str]]:
    return sorted(enumerate(names), key=lambda sn: -len(sn[1]))


def _ends_with_name(text: str, names: Sequence[str]) -> Iterator[tuple[int, str]]:
    """Yield (seat, text before the name) for each known name `text` ends with, longest first."""
    for seat, name in _names_longest_first(names):
        if name and text.endswith(name):
            yield seat, text[: len(text) - len(name)]


def _play_readings(rest: str, names: Sequence[str], errors: _Errors, *, speed: bool) -> Iterator[_PlayParts]:
    """Every way to read `rest` (the text after ``play``/``speed play``) as a play."""
    # "and call uno"
    options = [(rest, False)]
    m = _UNO_TAIL.search(rest)
    if m:
        options.insert(0, (rest[: m.start()], True))
    for text, uno in options:
        if speed:  # a card, optionally "swapping with <player>" (Seven-O, H-2 ruling)
            for text2, swap in _swap_readings(text, names, errors):
                for card in _card_readings(text2, errors):
                    yield _PlayParts(card, None, None, swap, False, uno)
            continue
        for text2, twice in _twice_readings(text):
            for text3, swap in _swap_readings(text2, names, errors):
                for text4, link in _link_readings(text3, names, errors):
                    for text5, colour in _colour_readings(text4, errors):
                        for card in _card_readings(text5, errors):
                            yield _PlayParts(card, colour, link, swap, twice, uno)


def _twice_readings(text: str) -> Iterator[tuple[str, bool]]:
    m = _TWICE_TAIL.search(text)
    if m:
        yield text[: m.start()], True
    yield text, False


def _swap_readings(text: str, names: Sequence[str], errors: _Errors) -> Iterator[tuple[str, int | None]]:
    found = False
    for seat, before in _ends_with_name(text, names):
        m = _SWAP_PRE.search(before)
        if m:
            found = True
            yield before[: m.start()], seat
    if not found:
        m = _SWAP_ANY.search(text)
        if m:
            who = (m.group(1) or "").strip()
            errors.add(3, _unknown_player(who, names) if who else Words.of("'swapping with' needs a player"))
    yield text, None


def _link_readings(text: str, names: Sequence[str], errors: _Errors) -> Iterator[tuple[str, tuple[int, int] | None]]:
    pairs = []
    for second, before in _ends_with_name(text, names):
        m = _AND_PRE.search(before)
        if not m:
            continue
        before2 = before[: m.start()]
        for first, before3 in _ends_with_name(before2, names):
            m2 = _LINK_PRE.search(before3)
            if m2:
                pairs.append((len(names[first]), before3[: m2.start()], (first, second)))
    # longest first name first
    pairs.sort(key=lambda p: -p[0])
    for _, before, pair in pairs:
        yield before, pair
    if not pairs:
        m = _LINK_ANY.search(text)
        if m:
            errors.add(3, _link_error((m.group(1) or "").strip(), names))
    yield text, None


def _link_error(who: str, names: Sequence[str]) -> Words:
    usage = Words.of("'linking' needs two players, e.g. 'linking Ben and Cal'")
    if not who:
        return usage
    if who in names:
        return usage
    parts = re.split(_WS + "and" + _WS, who, flags=re.IGNORECASE | re.ASCII)
    if len(parts) >= 2:
        # report the first part that is not a known name (the known ones may contain "and")
        for i in range(1, len(parts)):
            a = " and ".join(parts[:i])
            b = " and ".join(parts[i:])
            if a in names and b not in names:
                return _unknown_player(b, names)
            if b in names and a not in names:
                return _unknown_player(a, names)
        return _unknown_player(parts[0], names)
    return usage if who in names else _unknown_player(who, names)


def _colour_readings(text: str, errors: _Errors) -> Iterator[tuple[str, Colour | None]]:
    m = _AS_TAIL.search(text)
    if m:
        word = m.group(1)
        try:
            colour = Colour[word.upper()]
        except KeyError:
            errors.add(2, Words.of("unknown colour {colour} (use {red}, {yellow}, {green} or {blue})", colour=repr(word),
                                   **COLOUR_WORDS))
        else:
            yield text[: m.start()], colour
    yield text, None


def _card_readings(text: str, errors: _Errors) -> Iterator[Card]:
    if not text.strip():
        errors.add(1, "")  # filled in by the caller: the action needs a card
        return
    try:
        card = Card.parse(text)
    except MoveSyntaxError:
        errors.add(1, f"unknown card {text.strip()!r}")
        return
    yield card


def parse_move(text: str, names: Sequence[str]) -> Move:
    """Read one move, ``"<player>: <action>"``.

    Args:
        text: the move, e.g. ``"Ava: play wild as blue"``.
        names: the players' names in seating order (seat 0 first).

    Returns:
        The move, with players as seats.

    Raises:
        MoveSyntaxError: not a move: no ``:``, an unknown player, action, card or colour,
            or a missing part (``'play' needs a card``).
    """
    names = tuple(names)
    if not isinstance(text, str):
        raise MoveSyntaxError(Words.of("a move must be text, not {found}", found=type(text).__name__))
    if "\n" in text or "\r" in text:
        raise MoveSyntaxError(Words.of("a move is one line"))
    if ":" not in text:
        raise MoveSyntaxError(Words.of("{text} is not a move: write '<player>: <action>', e.g. '{example}'", text=repr(text),
                                       example="Ava: play red 7"))
    who, action = text.split(":", 1)
    who = who.strip()
    if not who:
        raise MoveSyntaxError(Words.of("{text} names no player before ':'", text=repr(text)))
    seat = parse_player(who, names)
    action = action.strip(" \t")
    if not action:
        raise MoveSyntaxError(Words.of("{name} makes no move: write an action after ':', e.g. 'draw'", name=repr(who)))

    for words, cls in _SIMPLE.items():
        if _is_word(action, words):
            return cls(seat)

    targeted: tuple[tuple[str, type[Catch | PointAt]], ...] = (("catch", Catch), ("point at", PointAt))
    for words, target_cls in targeted:
        rest = _strip_prefix(action, words)
        if rest is None:
            continue
        rest = rest.strip(" \t")
        if not rest:
            raise MoveSyntaxError(Words.of("'{words}' needs a player, e.g. '{words} {name}'",
                words=words, name=names[(seat + 1) % len(names)]))
        return target_cls(seat, parse_player(rest, names))

    for words, speed in (("speed play", True), ("play", False)):
        rest = _strip_prefix(action, words)
        if rest is None:
            continue
        if not rest.strip(" \t"):
            raise MoveSyntaxError(Words.of("'{words}' needs a card, e.g. '{words} {card}'", words=words, card="red 7"))
        rest = rest.rstrip(" \t")
        errors = _Errors()
        for parts in _play_readings(rest, names, errors, speed=speed):
            if speed:
                return SpeedPlay(seat, parts.card, call_uno=parts.call_uno, swap_with=parts.swap_with)
            return Play(seat, parts.card, colour=parts.colour, link=parts.link,
                        call_uno=parts.call_uno, swap_with=parts.swap_with, twice=parts.twice)
        message: str | Words = errors.best[1] if errors.best else ""
        if not message:
            message = Words.of("'{words}' needs a card, e.g. '{words} {card}'", words=words, card="red 7")
        if speed and re.search(_WS + "(as|linking|twice)" + r"(\s|$)", rest, re.IGNORECASE):
            message = Words.of("{error} ('{speed}' takes a card and, optionally, '{swap} <player>' and '{uno}')",
                               error=message, speed="speed play", swap="swapping with", uno="and call uno")
        raise MoveSyntaxError(message)

    first = action.split()[0]
    raise MoveSyntaxError(Words.of("unknown action {action} (moves: {moves})", action=repr(first), moves=", ".join(MOVE_WORDS)))


def _name(seat: int, names: Sequence[str]) -> str:
    if not isinstance(seat, int) or not 0 <= seat < len(names):
        raise MoveSyntaxError(Words.of("no player at seat {seat} (there are {n} players)", seat=repr(seat), n=len(names)))
    return names[seat]


def format_move(move: Move, names: Sequence[str]) -> str:
    """Write a move as text; :func:`parse_move` reads it back to an equal move.

    >>> format_move(Play(0, Card.parse("wild"), colour=Colour.BLUE, call_uno=True), ["Ava", "Ben"])
    'Ava: play wild as blue and call uno'

    Raises:
        MoveSyntaxError: a seat that has no player.
    """
    who = _name(move.player, names)
    cls = type(move)
    if cls in _SIMPLE_WORDS:
        return f"{who}: {_SIMPLE_WORDS[cls]}"
    if type(move) is Catch:
        return f"{who}: catch {_name(move.target, names)}"
    if type(move) is PointAt:
        return f"{who}: point at {_name(move.target, names)}"
    if type(move) is SpeedPlay:
        text = f"{who}: speed play {move.card}"
        if move.swap_with is not None:
            text += f" swapping with {_name(move.swap_with, names)}"
        return text + (" and call uno" if move.call_uno else "")
    if type(move) is Play:
        text = f"{who}: play {move.card}"
        if move.colour is not None:
            text += f" as {Colour(move.colour)}"
        if move.link is not None:
            a, b = move.link
            text += f" linking {_name(a, names)} and {_name(b, names)}"
        if move.swap_with is not None:
            text += f" swapping with {_name(move.swap_with, names)}"
        if move.twice:
            text += " twice"
        if move.call_uno:
            text += " and call uno"
        return text
    raise MoveSyntaxError(f"not a move: {move!r}")
