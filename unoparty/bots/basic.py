"""``basic`` level: sensible heuristics a careful beginner would follow.

- Play a coloured card rather than a wild (keep up to two wild cards for later while nobody
  is close to going out — never more, so a hand never fills up with wild cards while its
  player draws turn after turn); among coloured cards shed points and move to the colour
  held most; stop a player close to going out with a Draw Two, Skip or Reverse.
- Name the colour held most for a wild (W-1); link the two other players with the fewest
  cards (LK-1); point at the player closest to going out (PT-3).
- Challenge a Wild Draw Four when the odds favour it (W-3); bluff a Wild Draw Four only to
  stop a player about to go out, and only sometimes (W-2).
- Add the least useful card to a mini pile (PU-4); always speed play and catch (SP-1, U-2);
  sometimes forgets to call UNO (`forget_uno`).

Every decision comes with a one-sentence reason (`decide`), used for hints.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..cards import COLOURS, Card, Colour, Kind
from ..engine import (Accept, CallUno, Catch, Challenge, Draw, Keep, Move, Phase, Play, PointAt, SpeedPlay,
                      TakeMiniPile, matches, wd4_legal)
from ..i18n import _, card_name, colour_name, ngettext, said, said_n, the_card
from ..player_names import gender_of
from .base import Timing, best_colour, fewest_cards_order, next_seat, unseen_cards
from .memory import Decision

if TYPE_CHECKING:
    from ..game import PlayerView

__all__ = ["BasicBot", "wd4_is_legal", "bluff_odds", "colour_before_wd4"]

_WD4 = Card(Kind.WILD_DRAW_FOUR)


def _the(card: Card) -> str:
    return the_card(card)


def wd4_is_legal(hand: Iterable[Card], colour: Colour | None, card_played: Card | None = None) -> bool:
    """W-2 (`unoparty.engine.wd4_legal`): a Wild Draw Four is legal when its player, after
    playing it, holds no card of the current `colour` (`hand` minus one `card_played`)."""
    rest = list(hand)
    if card_played is not None:
        rest.remove(card_played)
    return wd4_legal(rest, colour)


def colour_before_wd4(view: PlayerView) -> Colour | None:
    """The colour before the Wild Draw Four being answered, when the view shows it: the card
    under it is a coloured card. ``None``: not known (a wild card under it)."""
    pile = view.discard_pile
    if len(pile) >= 2 and pile[-2].colour is not None:
        return pile[-2].colour
    return None


def bluff_odds(view: PlayerView, assumed_bluff_rate: float = 0.25) -> float:
    """Estimated chance that the Wild Draw Four being answered was played illegally (W-2),
    from what the viewer can see: the unseen cards, the player's hand size and a prior on
    how often players bluff when they could."""
    w = view.wd4_player
    if w is None:
        return 0.0
    unseen = unseen_cards(view)
    if not unseen:
        return 0.0
    h = view.hand_sizes[w]
    before = colour_before_wd4(view)
    colours = (before,) if before is not None else COLOURS
    total = 0.0
    for col in colours:
        # the share of unseen cards that would have made the play illegal (W-2)
        f = sum(1 for c in unseen if not wd4_legal((c,), col)) / len(unseen)
        p_holds = 1.0 - (1.0 - f) ** h
        bluff = p_holds * assumed_bluff_rate
        total += bluff / (bluff + (1.0 - p_holds)) if bluff + (1.0 - p_holds) > 0 else 0.0
    return total / len(colours)


class _Then:
    """A player's side of the table at a past play (`unoparty.bots.memory.Decision`), with a
    hand: what `BasicBot._score` and `BasicBot._wild_rank` read."""

    __slots__ = ("player", "names", "hand_sizes", "hand", "colour", "top_card", "discard_pile", "direction")

    def __init__(self, d: Decision, hand: Sequence[Card], n: int) -> None:
        self.player = d.player
        self.names: Sequence[object] = range(n)
        self.hand_sizes = d.hand_sizes
        self.hand = hand
        self.colour = d.colour_before
        self.top_card = d.top_card
        self.discard_pile = (d.top_card,)  # what `unoparty.engine.matches` reads
        self.direction = d.direction


@dataclass
class BasicBot:
    """Heuristic bot (module doc).

    Attributes:
        forget_uno: probability of not calling UNO when playing the next-to-last card (it may
            still call late, racing the catchers, U-2).
        bluff_rate: probability of bluffing a Wild Draw Four when the next player holds two
            cards or fewer (W-2).
        challenge_threshold: challenge when the estimated chance of a bluff is above this.
        assumed_bluff_rate: how often other players are taken to bluff when they could.
        hold_wild_hand, hold_wild_others, hold_wilds: when a wild card is kept for later
            rather than played (`_wants_to_hold_wild`): the hand holds at least
            `hold_wild_hand` cards, every other hand at least `hold_wild_others`, and the
            hand at most `hold_wilds` wild cards.
        timing: think delay and reaction time (seconds).
    """

    forget_uno: float = 0.1
    bluff_rate: float = 0.3
    challenge_threshold: float = 0.25
    assumed_bluff_rate: float = 0.25
    hold_wild_hand: int = 5
    hold_wild_others: int = 4
    hold_wilds: int = 2
    timing: Timing = field(default_factory=lambda: Timing(think_delay=1.2, reaction_time=0.9))
    level: str = "basic"

    # ---- the protocol ----------------------------------------------------------------------

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        return self.decide(view, rng)[0]

    def react(self, view: PlayerView, rng: random.Random) -> Move | None:
        moves = view.legal_moves
        for m in moves:
            if type(m) is Catch:
                return m
        for m in moves:
            if type(m) is CallUno:
                return m
        speed = [m for m in moves if type(m) is SpeedPlay]
        if speed:
            want_call = len(view.hand) == 2 and not self._forgets(rng)
            for m in speed:
                if m.call_uno == want_call:
                    return m
            return speed[0]
        return None

    # ---- decisions ----------------------------------------------------------------------------

    def decide(self, view: PlayerView, rng: random.Random) -> tuple[Move, str]:
        """``(move, reason)``: the move for a moment the game waits for this seat, and one
        sentence saying why (for hints)."""
        phase = view.phase
        moves = view.legal_moves
        if phase is Phase.POINTING:
            return self._point(view)
        for m in moves:
            if type(m) is Catch:
                return m, said(gender_of(view.names[m.target]), "Catch {who}: they hold one card and did not call UNO.").format(
                    who=view.names[m.target])
        if phase is Phase.CHALLENGE:
            return self._answer(view, rng)
        if phase is Phase.MINI_PILE:
            return self._mini_pile(view, rng)
        if phase is Phase.DRAWN:
            return self._drawn(view, rng)
        return self._turn(view, rng)

    def _forgets(self, rng: random.Random) -> bool:
        return self.forget_uno > 0 and rng.random() < self.forget_uno

    def _play(self, view: PlayerView, card: Card, rng: random.Random, twice: bool = False, forget: bool | None = None) -> Play:
        """A complete, legal Play of `card`: colour, link, swap, UNO call filled in."""
        hand = view.hand
        colour = best_colour(hand, exclude=card) if card.kind.takes_colour else None
        link = self._link(view) if card.kind is Kind.WILD_DRAWN_TOGETHER else None
        left = len(hand) - (2 if twice else 1)
        if forget is None:
            forget = left == 1 and self._forgets(rng)
        call = left == 1 and not forget
        swap = None
        rules = view.rules
        if rules.seven_o and card.kind is Kind.NUMBER and card.number == 7:
            others = fewest_cards_order(view, exclude=(view.player,))
            if others and view.hand_sizes[others[0]] < left:
                swap = others[0]
        return Play(view.player, card, colour, link, call, swap, twice)

    def _link(self, view: PlayerView) -> tuple[int, int]:
        n = len(view.names)
        if n == 2:
            return (0, 1)
        a, b = fewest_cards_order(view, exclude=(view.player,))[:2]
        return (a, b)

    def _point(self, view: PlayerView) -> tuple[Move, str]:
        target = fewest_cards_order(view, exclude=(view.player,))[0]
        move = PointAt(view.player, target)
        return move, said_n(gender_of(view.names[target]), "Point at {who}: with {n} card they are closest to going out.",
                              "Point at {who}: with {n} cards they are closest to going out.",
                              view.hand_sizes[target]).format(who=view.names[target], n=view.hand_sizes[target])

    def _answer(self, view: PlayerView, rng: random.Random) -> tuple[Move, str]:
        p = view.player
        moves = view.legal_moves
        stack = [m for m in moves if type(m) is Play]
        if stack:
            card = stack[0].card
            n = view.pending_draw + (2 if card.kind is Kind.DRAW_TWO else 4)
            return self._play(view, card, rng), ngettext("Stack {card}: the next player faces {n} card instead of you.",
                                                         "Stack {card}: the next player faces {n} cards instead of you.",
                                                         n).format(card=_the(card), n=n)
        if Challenge(p) in moves:
            w = view.wd4_player
            assert w is not None  # a Wild Draw Four is being answered
            odds = bluff_odds(view, self.assumed_bluff_rate)
            who = view.names[w]
            if odds > self.challenge_threshold:
                return Challenge(p), said_n(gender_of(who), "Challenge: {who} still holds {n} card, so they may well have had a card of the colour.",
                                               "Challenge: {who} still holds {n} cards, so they may well have had a card of the colour.",
                                               view.hand_sizes[w]).format(
                    who=who, n=view.hand_sizes[w])
            return Accept(p), said_n(gender_of(who), "Accept: with only {n} card left, {who} probably had no card of the colour; a failed challenge costs six.",
                                  "Accept: with only {n} cards left, {who} probably had no card of the colour; a failed challenge costs six.",
                                  view.hand_sizes[w]).format(
                who=who, n=view.hand_sizes[w])
        return Accept(p), ngettext("Accept the {n} card: you have no card to pass it on with.",
                                  "Accept the {n} cards: you have no card to pass them on with.",
                                  view.pending_draw).format(n=view.pending_draw)

    def _mini_pile(self, view: PlayerView, rng: random.Random) -> tuple[Move, str]:
        p = view.player
        fits = [m.card for m in view.legal_moves if type(m) is Play]
        if not fits:
            return TakeMiniPile(p), _("Take the mini pile: none of your cards is {colour} or wild.").format(
                colour=colour_name(view.colour))
        hand = view.hand
        coloured = [c for c in fits if not c.is_wild]
        pool = coloured or fits
        # Keep wild cards; among coloured cards give away the one worth the most points.
        card = max(pool, key=lambda c: (c.points, -int(c.kind)))
        left = len(hand) - 1
        forget = left == 1 and self._forgets(rng)
        move = Play(p, card, call_uno=left == 1 and not forget)
        if card.is_wild:
            return move, _("Add {card}: it is the only card you have that fits.").format(card=_the(card))
        return move, _("Add {card}: it fits the {colour} mini pile and you keep your wild cards.").format(
            card=_the(card), colour=colour_name(view.colour))

    def _wants_to_hold_wild(self, view: PlayerView) -> bool:
        """Keep a wild card for later (draw, or keep the card drawn, rather than play it) when
        nobody is close to going out (every other hand holds `hold_wild_others` cards or more),
        the hand is big (`hold_wild_hand` cards or more) and it holds at most `hold_wilds`
        wild cards, counting the one drawn.

        The last condition ends the hoarding: a wild card held is a reserve for a turn when
        nothing else plays, and a reserve of `hold_wilds` is enough; beyond it, drawing again
        only adds cards (and points) to the hand. Without it a hand could fill up with wild
        cards while its player drew turn after turn, and a round could stall."""
        others = [view.hand_sizes[s] for s in range(len(view.names)) if s != view.player]
        wilds = sum(1 for c in view.hand if c.is_wild)
        return (len(view.hand) >= self.hold_wild_hand and min(others) >= self.hold_wild_others
                and wilds <= self.hold_wilds)

    def _drawn(self, view: PlayerView, rng: random.Random) -> tuple[Move, str]:
        card = view.drawn_card
        assert card is not None  # the card just drawn, in this phase
        p = view.player
        if card.is_wild and self._wants_to_hold_wild(view):
            return Keep(p), _("Keep {card}: a wild card is worth more later.").format(card=_the(card))
        move = self._play(view, card, rng)
        return move, self._play_reason(view, move, only=True)

    def _turn(self, view: PlayerView, rng: random.Random) -> tuple[Move, str]:
        p = view.player
        hand = view.hand
        moves = view.legal_moves
        playable = list(dict.fromkeys(m.card for m in moves if type(m) is Play))
        if not playable:
            if CallUno(p) in moves:
                return CallUno(p), _("Call UNO: you hold one card.")
            return Draw(p), _("Draw a card: nothing in your hand matches {top}.").format(top=_the(view.top_card))
        # Going out wins the round at once.
        if len(hand) == 1:
            return self._play(view, playable[0], rng), _("Play {card}: it is your last card.").format(card=_the(playable[0]))
        nxt = next_seat(view, p)
        threat = view.hand_sizes[nxt] <= 2
        coloured = [c for c in playable if not c.is_wild]
        wilds = [c for c in playable if c.is_wild]
        wd4 = _WD4
        if threat and wd4 in wilds and (wd4_is_legal(hand, view.colour, wd4) or rng.random() < self.bluff_rate):
            return self._play(view, wd4, rng), ngettext("Play the wild draw four: {who} has only {n} card left.",
                                                       "Play the wild draw four: {who} has only {n} cards left.",
                                                       view.hand_sizes[nxt]).format(
                who=view.names[nxt], n=view.hand_sizes[nxt])
        if coloured:
            card = max(coloured, key=lambda c: self._score(view, c, threat))
            twice = view.rules.doubles and hand.count(card) >= 2 and Play(p, card, twice=True) in moves
            move = self._play(view, card, rng, twice=twice)
            return move, self._play_reason(view, move, only=False, threat=threat, wilds=bool(wilds))
        if self._wants_to_hold_wild(view):
            return Draw(p), _("Draw a card: keep your wild card for when you need it.")
        card = min(wilds, key=lambda c: self._wild_rank(view, c, threat))
        move = self._play(view, card, rng)
        return move, self._play_reason(view, move, only=True)

    def _score(self, view: PlayerView | _Then, card: Card, threat: bool) -> float:
        hand = view.hand
        same = sum(1 for c in hand if c.colour is card.colour) - 1
        score = card.points / 10 + 2 * same
        kind = card.kind
        if threat:
            score += {Kind.DRAW_TWO: 12, Kind.SKIP: 10, Kind.REVERSE: 8 if len(view.names) > 2 else 10}.get(kind, 0)
        if kind is Kind.POINT_TAKEN:
            me = view.hand_sizes[view.player]
            others = min(view.hand_sizes[s] for s in range(len(view.names)) if s != view.player)
            score += 4 if others < me else -6
        return score

    def _wild_rank(self, view: PlayerView | _Then, card: Card, threat: bool) -> int:
        kind = card.kind
        legal_wd4 = kind is Kind.WILD_DRAW_FOUR and wd4_is_legal(view.hand, view.colour, card)
        order = {Kind.WILD_DRAWN_TOGETHER: 1, Kind.WILD: 2, Kind.WILD_PILE_UP: 3}
        if kind is Kind.WILD_DRAW_FOUR:
            return 0 if legal_wd4 else 9
        return order[kind]

    def _play_reason(self, view: PlayerView, move: Play, only: bool, threat: bool = False, wilds: bool = False) -> str:
        card = move.card
        kind = card.kind
        if move.twice:
            return _("Play both of your cards {card} together: two cards gone in one turn.").format(card=card_name(card))
        if kind is Kind.WILD_DRAWN_TOGETHER:
            assert move.link is not None  # LK-1: `_play` always links two players
            a, b = move.link
            return _("Play the wild drawn together as {colour}: link {a} and {b}, who hold the fewest cards.").format(
                colour=colour_name(move.colour), a=view.names[a], b=view.names[b])
        if kind.takes_colour:
            return _("Play {card} and name {colour}: you hold the most {colour} cards.").format(
                card=_the(card), colour=colour_name(move.colour))
        if kind is Kind.WILD_PILE_UP:
            return _("Play the wild pile up: it is the only card you can play.")
        if threat and kind in (Kind.DRAW_TWO, Kind.SKIP, Kind.REVERSE):
            return _("Play {card}: the next player is close to going out, so slow them down.").format(card=_the(card))
        if kind is Kind.POINT_TAKEN:
            return _("Play {card}: another player holds fewer cards than you, so most fingers point at them.").format(
                card=_the(card))
        if only:
            return _("Play {card}: it is the card you just drew and it matches.").format(card=_the(card))
        if wilds:
            return _("Play {card}: it keeps your wild card for later.").format(card=_the(card))
        return _("Play {card}: it leaves you holding the most of your best colour.").format(card=_the(card))

    # ---- as an opponent model ------------------------------------------------------------------

    def could_have_played(self, d: Decision, hand: Sequence[Card], n: int) -> bool:
        """Whether this bot, holding `hand` (the cards then), could have made the play `d` (a
        `unoparty.bots.memory.Decision`) at a table of `n` seats: the card `_turn` or
        `_mini_pile` would choose (T-1, W-2, PU-4; ties and chance — a bluff — allowed) and
        the colour `_play` would name (W-1). Used by the ``strong`` level to judge sampled
        hands; it must agree with the decisions above (a test checks it on real hands)."""
        card = d.card
        if d.colour is not None and len(hand) >= 2 and best_colour(hand, exclude=card) is not d.colour:
            return False
        phase = d.phase
        if phase is Phase.MINI_PILE:
            coloured = [c for c in hand if c.colour is d.mini_colour and c.colour is not None]
            if card.is_wild:
                return not coloured
            return card.points >= max(c.points for c in coloured)
        if phase is not Phase.TURN or len(hand) == 1:
            return True
        then = _Then(d, hand, n)
        playable = [c for c in hand if matches(then, c)]
        threat = d.hand_sizes[(d.player + d.direction) % n] <= 2
        if threat and _WD4 in playable:
            if card is _WD4:
                return True
            if wd4_is_legal(hand, d.colour_before, _WD4):
                return False
        coloured = [c for c in playable if not c.is_wild]
        if coloured:
            if card.is_wild:
                return card is _WD4 and threat
            best = max(self._score(then, c, threat) for c in coloured)
            return self._score(then, card, threat) >= best - 1e-9
        ranks = [self._wild_rank(then, c, threat) for c in playable]
        return self._wild_rank(then, card, threat) <= min(ranks)
