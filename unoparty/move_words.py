"""Moves in words, beside the narration (:mod:`unoparty.narrate` words events; this module
words moves): never in move notation, always through the translation catalogue.

Three forms, one implementation (a table of each form's words, :class:`_Form`):

- :func:`move_past` — what a player did, after its subject: ``"played the wild and chose red"``;
  with ``perfect=True`` the form after "had": ``"drawn a card"`` (the lesson's "you had …");
- :func:`move_advice` — a move to make, said to the learner: ``"play the red 7"``,
  ``"keep the card you drew"`` (the game's hint, the lesson's "you tried to …");
- :func:`move_infinitive` — a player's move after "Can Ben …" or "Ben is about to …":
  ``"play both of their red 7s together"``, ``"keep the card they drew"`` (practice questions).

The subject ("you", "Ava") is always the caller's. A seat outside the table is named ``"?"``.

>>> from unoparty.cards import Card, Colour
>>> from unoparty.engine.moves import Draw, Play
>>> names = ["You", "Ava", "Ben"]
>>> wild = Play(0, Card.parse("wild"), colour=Colour.RED)
>>> move_past(wild, names, 0), move_past(Draw(0), names, 0, perfect=True)
('played the wild and chose red', 'drawn a card')
>>> move_advice(wild, names, 0), move_infinitive(Play(1, Card.parse("red 7"), twice=True), names)
('play the wild and choose red', 'play both of their red 7s together')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .engine.moves import Accept, CallUno, Catch, Challenge, Draw, Keep, Play, PointAt, SpeedPlay, TakeMiniPile
from .i18n import _, card_name, colour_name, pgettext, said, said_to, the_card_object
from .player_names import gender_of

__all__ = ["move_past", "move_advice", "move_infinitive"]


@dataclass(frozen=True)
class _Form:
    """The words of one form. Templates take ``{did}``/``{do}`` (the words so far), ``{card}``,
    ``{colour}``, ``{a}``, ``{b}``, ``{name}``; ``None`` means this form does not say it."""

    play: str                # {card}: the card with its article
    twice: str               # {card}: the card's name
    colour: str              # {did}/{do}, {colour}
    link: str                # {did}/{do}, {a}, {b}
    swap: str | None         # {did}/{do}, {name}: a Play's Seven-O swap
    uno: str | None          # {did}/{do}: a Play's call of UNO
    speed: str               # {card}
    speed_swap: bool         # whether a speed play says its swap
    speed_uno: bool          # whether a speed play says its call of UNO
    draw: str
    keep: str
    call_uno: str
    catch: Callable[[str | None], str]   # {name}; by the gender of the player caught (Czech *chyť hráčku Avu*)
    accept: str
    challenge: str
    point: Callable[[str | None], str]   # {name}; by the gender of the player pointed at
    point_self: str | None   # pointing at oneself, when the form says it apart
    take: str
    other: str               # anything else
    yourself: str | None = None  # the name of the seat `me`, when the form says it apart
    link_you: str | None = None  # {did}/{do}, {name}: a link of the seat `me` with another player
    link_self: str | None = None  # {did}/{do}, {name}: a link of the mover (not `me`) with another player


def _past(g: str | None = None, *, you: bool = False) -> _Form:
    """The past form for a mover of grammatical gender `g` (:func:`unoparty.player_names.gender_of`;
    None: unknown or the learner): Czech *zahrála*, *zahrál*; for an unknown gender the
    wording that needs none (Czech: the present, as the narration's *Mia hraje*). With `you`
    (the mover is the learner) the pieces that carry their own verb are the learner's messages
    (Romanian *și ai ales roșu*, beside *și a ales roșu* for another player)."""
    if you:
        return dataclasses.replace(
            _past(None), colour=pgettext("what you did", "{did} and chose {colour}"), link_self=None)
    return _Form(
        play=said(g, "played {card}"), twice=said(g, "played two cards, both {card}"),
        colour=said(g, "{did} and chose {colour}"), link=said(g, "{did}, linking {a} and {b}"),
        swap=said(g, "{did}, swapping hands with {name}"), uno=said(g, "{did}, calling UNO"),
        speed=said(g, "speed-played {card}"), speed_swap=True, speed_uno=True,
        draw=said(g, "drew a card"), keep=said(g, "kept the card you drew"), call_uno=said(g, "called UNO"),
        catch=lambda t: said_to(g, t, "caught {name}"), accept=said(g, "accepted the draw"),
        challenge=said(g, "challenged the Wild Draw Four"),
        point=lambda t: said_to(g, t, "pointed at {name}"), point_self=None, take=said(g, "took the mini pile"),
        other=said(g, "made a move"),
        yourself=_("yourself"), link_you=said(g, "{did}, linking yourself with {name}"),
        link_self=said(g, "{did}, linking themselves with {name}"))


def _perfect(g: str | None = None, *, you: bool = False) -> _Form:
    return dataclasses.replace(_past(g, you=you),
                               colour=(pgettext("what you did", "{did} and chosen {colour}") if you
                                       else said(g, "{did} and chosen {colour}")),
                               draw=said(g, "drawn a card"), take=said(g, "taken the mini pile"))


def _advice() -> _Form:
    return _Form(
        play=_("play {card}"), twice=_("play two cards, both {card}"),
        colour=_("{do} and choose {colour}"), link=_("{do}, linking {a} and {b}"),
        swap=_("{do}, swapping hands with {name}"), uno=_("{do}, calling UNO"),
        speed=_("speed-play {card}"), speed_swap=True, speed_uno=False,
        draw=_("draw a card"), keep=_("keep the card you drew"), call_uno=_("call UNO"),
        catch=lambda g: said(g, "catch {name}"), accept=_("accept the draw"), challenge=_("challenge the Wild Draw Four"),
        point=lambda g: said(g, "point at {name}"), point_self=None, take=_("take the mini pile"), other=_("make a move"),
        yourself=_("yourself"), link_you=_("{do}, linking yourself with {name}"))


def _infinitive(you: bool = False) -> _Form:
    """The infinitive after "Can Ben …" (`you` False) or after "Can you …" (`you`: the mover is
    the learner, said "yourself" where the move names them)."""
    if you:
        return dataclasses.replace(
            _infinitive(), twice=_("play both of your {card}s together"), keep=_("keep the card you drew"),
            point_self=_("point at yourself"), yourself=_("yourself"),
            link_you=_("{do}, linking yourself with {name}"), link_self=None)
    return _Form(
        play=_("play {card}"), twice=_("play both of their {card}s together"),
        colour=_("{do} and choose {colour}"), link=_("{do}, linking {a} and {b}"),
        swap=None, uno=None,
        speed=_("speed-play {card}"), speed_swap=False, speed_uno=False,
        draw=_("draw a card"), keep=_("keep the card they drew"), call_uno=_("call UNO"),
        catch=lambda g: said(g, "catch {name}"), accept=_("accept the draw"), challenge=_("challenge the Wild Draw Four"),
        point=lambda g: said(g, "point at {name}"), point_self=_("point at themselves"), take=_("take the mini pile"),
        other=_("make that move"), link_self=_("{do}, linking themselves with {name}"))


def _then(template: str, text: str, **kw: object) -> str:
    """`template` filled with the words so far (``{did}`` or ``{do}``, by form) and `kw`."""
    return template.format(did=text, do=text, **kw)


def _words(move: object, names: Sequence[str], me: int | None, f: _Form) -> str:
    def who(seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(names):
            return "?"
        return f.yourself if f.yourself is not None and seat == me else names[seat]

    def gender(seat: int | None) -> str | None:  # of a player named in the sentence; None: "yourself"
        if seat is None or not 0 <= seat < len(names) or (f.yourself is not None and seat == me):
            return None
        return gender_of(names[seat])

    if isinstance(move, Play):
        text = f.play.format(card=the_card_object(move.card))
        if move.twice:
            text = f.twice.format(card=card_name(move.card))
        if move.colour is not None:
            text = _then(f.colour, text, colour=colour_name(move.colour))
        if move.link is not None and f.link_you is not None and me in move.link:
            other = move.link[1] if move.link[0] == me else move.link[0]
            text = _then(f.link_you, text, name=who(other))
        elif move.link is not None and f.link_self is not None and move.player in move.link:
            other = move.link[1] if move.link[0] == move.player else move.link[0]
            text = _then(f.link_self, text, name=who(other))
        elif move.link is not None:
            text = _then(f.link, text, a=who(move.link[0]), b=who(move.link[1]))
        if move.swap_with is not None and f.swap is not None:
            text = _then(f.swap, text, name=who(move.swap_with))
        if move.call_uno and f.uno is not None:
            text = _then(f.uno, text)
        return text
    if isinstance(move, SpeedPlay):
        text = f.speed.format(card=the_card_object(move.card))
        if move.swap_with is not None and f.speed_swap and f.swap is not None:
            text = _then(f.swap, text, name=who(move.swap_with))
        if move.call_uno and f.speed_uno and f.uno is not None:
            text = _then(f.uno, text)
        return text
    if isinstance(move, Catch):
        return f.catch(gender(move.target)).format(name=who(move.target))
    if isinstance(move, PointAt):
        if f.point_self is not None and move.target == move.player:
            return f.point_self
        return f.point(gender(move.target)).format(name=who(move.target))
    simple = {Draw: f.draw, Keep: f.keep, CallUno: f.call_uno, Accept: f.accept, Challenge: f.challenge,
              TakeMiniPile: f.take}
    return simple.get(type(move), f.other)


def move_past(move: object, names: Sequence[str], me: int | None = None, *, perfect: bool = False) -> str:
    """A move as what a player did: ``"played the green 8"``, ``"played the wild and chose red"``,
    ``"caught yourself"`` for the seat `me`; with `perfect`, the form that follows "had":
    ``"drawn a card"``.

    Args:
        move: a move (``unoparty.engine.moves``); anything else is ``"made a move"``.
        names: the players' names in seating order.
        me: the seat called ``"yourself"``, or None.

    The words agree with the mover (``move.player``) where a language marks its gender
    (:func:`unoparty.i18n.said`, :mod:`unoparty.player_names`: Czech *zahrála* for Ava,
    *zahrál* for Ben); the seat `me` and a name the app did not give get the wording that
    needs no gender (Czech: the present, *hraje*). Catching and pointing agree with both
    players (:func:`unoparty.i18n.said_to`).
    """
    player = getattr(move, "player", None)
    g = None if player == me or not isinstance(player, int) or not 0 <= player < len(names) else gender_of(names[player])
    you = me is not None and player == me
    return _words(move, names, me, _perfect(g, you=you) if perfect else _past(g, you=you))


def move_advice(move: object, names: Sequence[str], me: int | None = None) -> str:
    """A move to make, said to the learner: ``"play the red 7"``, ``"play the wild and choose red"``,
    ``"keep the card you drew"``; anything not a move is ``"make a move"``. The seat `me` (the
    learner) is "yourself" where the move names it: ``"play the wild drawn together, linking
    yourself with Ava"`` (never the seat's name "You")."""
    return _words(move, names, me, _advice())


def move_infinitive(move: object, names: Sequence[str], me: int | None = None) -> str:
    """A player's move after "Can Ben …" or "Ben is about to …": ``"play the red 7"``,
    ``"catch Ava"``, ``"keep the card they drew"``, ``"point at themselves"``, a link of the
    mover with another player ``"…, linking themselves with Ava"`` (never the mover's own name
    beside "Can Cal …"); it leaves out a swap and a call of UNO. Anything not a move is
    ``"make that move"``.

    With `me` the mover's seat (the learner, asked "Can you …"), the words for the learner:
    ``"keep the card you drew"``, ``"point at yourself"``, ``"…, linking yourself with Ava"``.
    A `me` other than the mover is ignored (the words are the third person's)."""
    you = me is not None and getattr(move, "player", None) == me
    return _words(move, names, me if you else None, _infinitive(you))
