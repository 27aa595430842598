"""The table (seats in a ring, piles, direction tracker, links) and the learner's hand.

A view renders what one seat may know — a :class:`TableState`, that seat's
``game.view_for(viewer)`` made once per update — and turns clicks into calls of a callback. It never decides legality: the playable cards it raises are the ones the
caller passes in (from ``game.legal_moves``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

import ipywidgets as w

from ..cards import Card, Kind
from ..engine import Phase
from ..i18n import _, ngettext
from . import svg
from .markup import esc, name_html, name_text
from .style import TABLE_H, TABLE_W, seat_xy

if TYPE_CHECKING:
    from ..engine.moves import Move
    from ..game import PlayerView

__all__ = ["TableState", "TableView", "HandView", "table_state"]


@dataclass(frozen=True)
class TableState:
    """What the table shows: the :class:`~unoparty.game.PlayerView` of one seat — the one
    model of the table the views render from, made once per update (``game.view_for``) —
    and how it is shown.

    Attributes:
        view: what seat ``view.player`` may know, its legal moves included.
        onlooker: shown to nobody at the table (a lesson's narrated step): no hand, no seat
            at the bottom called "you", no "your turn".
        mark_viewer: label the viewer's seat "(you)"; False in a show for the class.
    """

    view: PlayerView
    onlooker: bool = False
    mark_viewer: bool = True

    @property
    def viewer(self) -> int | None:
        """The seat shown at the bottom as the viewer's, or None for an onlooker."""
        return None if self.onlooker else self.view.player

    @property
    def n(self) -> int:
        """Players at the table."""
        return len(self.view.names)

    @property
    def phase(self) -> Phase:
        return self.view.phase

    @property
    def hand(self) -> tuple[Card, ...]:
        """The viewer's own hand (empty for an onlooker)."""
        return () if self.onlooker else self.view.hand

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        """The viewer's legal moves (none for an onlooker)."""
        return () if self.onlooker else self.view.legal_moves

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """During pointing, the seats that have not pointed yet (PT-3); else ``()``."""
        if self.view.phase is not Phase.POINTING:
            return ()
        return tuple(i for i, done in enumerate(self.view.has_pointed) if not done)


def table_state(game: Any, viewer: int | None) -> TableState:
    """The :class:`TableState` of seat `viewer` of a ``Game``: one ``game.view_for(viewer)``
    (only what that seat may know). An onlooker (None) sees the public parts: seat 0's view,
    of which the table draws only what every seat sees (`hand` and `legal_moves` are empty)."""
    if viewer is None:
        return TableState(game.view_for(0), onlooker=True)
    return TableState(game.view_for(viewer))


def slot_of(seat: int, viewer: int | None, n: int) -> int:
    """Screen slot of `seat`: the viewer sits at the bottom (slot 0)."""
    return (seat - (viewer or 0)) % n


def _chain_path(x0: float, y0: float, x1: float, y1: float) -> str:
    """A visible chain between two points: links drawn as small rounded rectangles."""
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    ang = math.degrees(math.atan2(dy, dx))
    step = 17.0
    n = max(2, int(length / step))
    out = [f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" stroke="rgba(106,63,181,.35)" '
           f'stroke-width="12" stroke-linecap="round"/>']
    for i in range(n + 1):
        t = i / n
        x, y = x0 + dx * t, y0 + dy * t
        if i % 2 == 0:
            out.append(f'<rect x="{x - 11:.1f}" y="{y - 5.5:.1f}" width="22" height="11" rx="5.5" fill="none" '
                       f'stroke="#4a2a88" stroke-width="4" transform="rotate({ang:.1f} {x:.1f} {y:.1f})"/>')
            out.append(f'<rect x="{x - 11:.1f}" y="{y - 5.5:.1f}" width="22" height="11" rx="5.5" fill="none" '
                       f'stroke="#c9b3f5" stroke-width="1.4" transform="rotate({ang:.1f} {x:.1f} {y:.1f})"/>')
        else:
            out.append(f'<rect x="{x - 10:.1f}" y="{y - 2.5:.1f}" width="20" height="5" rx="2.5" fill="#4a2a88" '
                       f'transform="rotate({ang:.1f} {x:.1f} {y:.1f})"/>')
    return "".join(out)


def _tracker_arc(direction: int) -> str:
    """The direction tracker drawn round the piles: a big circular arrow."""
    cx, cy, rx, ry = TABLE_W / 2, TABLE_H * 0.5, 235, 128
    # an arc of ~300 degrees, arrowhead at its end, in the direction of play
    a0, a1 = math.radians(-60), math.radians(230)
    pts = []
    steps = 40
    for i in range(steps + 1):
        a = a0 + (a1 - a0) * i / steps
        pts.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    if direction < 0:
        pts.reverse()
    d = "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in pts)
    (xa, ya), (xb, yb) = pts[-2], pts[-1]
    ang = math.atan2(yb - ya, xb - xa)
    size = 16
    head = [
        (xb + size * math.cos(ang), yb + size * math.sin(ang)),
        (xb + size * 0.9 * math.cos(ang + 2.3), yb + size * 0.9 * math.sin(ang + 2.3)),
        (xb + size * 0.9 * math.cos(ang - 2.3), yb + size * 0.9 * math.sin(ang - 2.3)),
    ]
    hp = " ".join(f"{x:.1f},{y:.1f}" for x, y in head)
    return (f'<path d="{d}" fill="none" stroke="rgba(255,255,255,.22)" stroke-width="14" stroke-linecap="round"/>'
            f'<path d="{d}" fill="none" stroke="rgba(246,180,0,.75)" stroke-width="5" stroke-linecap="round" '
            f'stroke-dasharray="2 12"/>'
            f'<polygon points="{hp}" fill="#f6b400" stroke="#fff" stroke-width="2"/>')


def phase_line(state: TableState) -> str:
    """Who acts now, in one line (escaped HTML)."""
    v = state.view
    cur = v.names[v.current] if v.current is not None and 0 <= v.current < state.n else ""
    p = v.phase
    mine = v.current is not None and v.current == state.viewer  # the learner acts: "you", never their seat's name
    if p is Phase.CHALLENGE:
        if v.pending_kind is Kind.WILD_DRAW_FOUR:
            if mine:
                return _("You must accept the draw or challenge")
            return _("{name} must accept the draw or challenge").format(name=name_html(cur))
        # a Draw Two is never challenged (H-1): the line offers no challenge
        if v.rules.stacking:
            if mine:
                return _("You must accept the draw or stack another Draw Two")
            return _("{name} must accept the draw or stack another Draw Two").format(name=name_html(cur))
        if mine:
            return _("You must accept the draw")
        return _("{name} must accept the draw").format(name=name_html(cur))
    if p is Phase.POINTING:
        return _("Point Taken: everybody points at another player")
    if p is Phase.MINI_PILE:
        if mine:
            return _("Mini pile: add a card or take the pile")
        return _("Mini pile: {name} adds a card or takes the pile").format(name=name_html(cur))
    if p is Phase.ROUND_OVER:
        return _("The round is over")
    if p is Phase.MATCH_OVER:
        return _("The match is over")
    if p is Phase.DRAWN:
        if mine:
            return _("You drew a card that can be played: play it or keep it")
        return _("{name} drew a card that can be played: play it or keep it").format(name=name_html(cur))
    if mine and p is Phase.TURN:
        return _("Your turn")
    return _("{name}'s turn").format(name=name_html(cur)) if cur else ""


def render_table_html(state: TableState, *, countdown: int | None = None, fresh_top: bool = False) -> str:
    """The whole table as HTML+SVG (no widgets): seats in a ring, piles in the middle,
    the direction tracker round them, a chain between linked seats."""
    v = state.view
    n = state.n
    small = n > 8
    overlay = [f'<svg class="up-overlay" viewBox="0 0 {TABLE_W} {TABLE_H}" preserveAspectRatio="none" '
               f'xmlns="http://www.w3.org/2000/svg" aria-hidden="true">', _tracker_arc(v.direction)]
    if len(v.links) == 2:
        a, b = v.links
        xa, ya = seat_xy(slot_of(a, state.viewer, n), n)
        xb, yb = seat_xy(slot_of(b, state.viewer, n), n)
        overlay.append(_chain_path(xa, ya, xb, yb))
    overlay.append("</svg>")
    parts = ['<div class="up-drawing">', "".join(overlay)]
    # direction label
    dir_text = _("clockwise") if v.direction >= 0 else _("counterclockwise")
    parts.append(f'<div class="up-dir">{svg.direction_svg(v.direction, 26)} {esc(dir_text)}</div>')
    # seats
    for seat in range(n):
        slot = slot_of(seat, state.viewer, n)
        classes = ["up-seat", f"up-pos-{n}-{slot}"]
        if small:
            classes.append("up-small")
        if seat == v.current and v.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER, Phase.POINTING):
            classes.append("up-turn")
        if seat == state.viewer:
            classes.append("up-me")
        count = v.hand_sizes[seat]
        name = v.names[seat]
        shown_name = _("You") if name == "You" else name_text(name)  # the lessons' learner: in the language shown
        label = ngettext("{name}: {count} card", "{name}: {count} cards", count).format(name=shown_name, count=count)
        tags = []
        if "up-turn" in classes:
            tags.append(f'<span class="up-tag up-tag-turn">▶ {esc(_("turn"))}</span>')
        if count == 1 and seat < len(v.uno_called):
            if v.uno_called[seat]:
                tags.append(f'<span class="up-tag up-tag-uno">{esc(_("UNO!"))}</span>')
            else:
                tags.append(f'<span class="up-tag up-tag-nouno">{esc(_("no UNO call"))}</span>')
        if seat in v.links:
            tags.append(f'<span class="up-tag up-tag-link">{svg.chain_icon_svg(14, _("linked"))} {esc(_("linked"))}</span>')
        if seat in state.waiting_for:
            tags.append(f'<span class="up-tag up-tag-wait">{esc(_("pointing…"))}</span>')
        is_you = name in ("You", _("You"))  # the lessons' learner is "You": named in the language shown
        who = (esc(_("You")) if is_you else name_html(name)) + (
            f' <span style="font-weight:400">{esc(_("(you)"))}</span>' if seat == state.viewer and state.mark_viewer and not is_you else "")
        fan = svg.fan_svg(count, 86, label)
        count_text = ngettext("{count} card", "{count} cards", count).format(count=count)
        parts.append(
            f'<div class="{" ".join(classes)}" data-seat="{seat}" title="{esc(label)}">'
            f'<div class="up-name">{who}</div>{fan}<div class="up-count">{esc(count_text)}</div>'
            f'<div>{"".join(tags)}</div></div>')
    # the piles
    center = ['<div class="up-center">']
    center.append(f'<div class="up-pile">{svg.card_back_svg(64, label=_("draw pile"), rule_set=v.rules.rule_set)}'
                  f'<div>{esc(_("draw pile"))}</div><div>{v.draw_pile_size}</div></div>')
    top = v.top_card
    if top is not None:
        chosen = v.colour if top.is_wild else None
        cls = "up-slide-in" if fresh_top else ""
        top_label = _("top of the discard pile: {card}").format(card=svg.card_label(top, chosen))
        center.append(f'<div class="up-pile up-discard">{svg.card_svg(top, 92, chosen=chosen, css_class=cls, label=top_label)}'
                      f'<div>{esc(_("discard pile"))} · {len(v.discard_pile)}</div>'
                      f'<div>{esc(_("colour:"))} {svg.colour_chip(v.colour, big=True)}</div></div>')
    if v.mini_pile:
        cards = "".join(svg.card_svg(c, 54) for c in v.mini_pile[-8:])
        center.append(f'<div class="up-pile up-mini" aria-label="{esc(_("mini pile"))}">'
                      f'<div>{esc(_("mini pile"))} · {len(v.mini_pile)}</div>'
                      f'<div class="up-mini-cards">{cards}</div>'
                      f'<div>{svg.colour_chip(v.colour)}</div></div>')
    center.append("</div>")
    parts.append("".join(center))
    if countdown is not None:
        parts.append(f'<div class="up-count321" aria-live="assertive">{countdown}</div>')
    parts.append("</div>")
    return '<div class="up-felt"></div>' + "".join(parts)


class TableView:
    """The table widget: a drawing plus one button per seat laid over it.

    Attributes:
        box: the widget to display.
        drawing: the HTML widget holding the drawing.
        seat_buttons: one button per seat (index = seat), shown only when the learner picks
            a player (catch, point at, link); clicking one calls ``on_seat(seat)``.
    """

    MAX = 16

    def __init__(self) -> None:
        self.drawing = w.HTML()
        self.seat_buttons: list[w.Button] = []
        self.on_seat: Callable[[int], None] | None = None
        for seat in range(self.MAX):
            b = w.Button(description="", layout=w.Layout(display="none"))
            b.add_class("up-seatbtn")
            b.on_click(lambda _b, seat=seat: self._clicked(seat))
            self.seat_buttons.append(b)
        self.box = w.Box([self.drawing, *self.seat_buttons])
        self.box.add_class("up-tablebox")
        self.state: TableState | None = None
        self._pos_classes: list[str] = [""] * self.MAX

    def _clicked(self, seat: int) -> None:
        if self.on_seat is not None:
            self.on_seat(seat)

    def render(self, state: TableState, *, targets: dict[int, str] | None = None,
               countdown: int | None = None, fresh_top: bool = False) -> None:
        """Draw `state`. `targets` maps seats to the label of their pick button."""
        self.state = state
        self.drawing.value = render_table_html(state, countdown=countdown, fresh_top=fresh_top)
        targets = targets or {}
        n = state.n
        for seat, b in enumerate(self.seat_buttons):
            if seat < n and seat in targets:
                pos = f"up-pos-{n}-{slot_of(seat, state.viewer, n)}"
                if self._pos_classes[seat] != pos:
                    if self._pos_classes[seat]:
                        b.remove_class(self._pos_classes[seat])
                    b.add_class(pos)
                    self._pos_classes[seat] = pos
                if n > 8:
                    b.add_class("up-small")
                else:
                    b.remove_class("up-small")
                b.description = targets[seat]
                b.tooltip = targets[seat]
                b.disabled = False
                b.layout.display = ""
            else:
                b.layout.display = "none"
                b.disabled = True


def _hand_order(card: Card) -> tuple[Any, ...]:
    """Cards grouped by colour, numbers before actions, wild cards last."""
    return (card.is_wild, card.colour if card.colour is not None else 9, card.kind, card.number or 0)


class HandView:
    """The learner's hand along the bottom: big cards, playable ones raised.

    Attributes:
        box: the widget to display.
        slots: per card, a box holding the card's drawing and a transparent button over it.
        buttons: the card buttons, in hand order (their description is the card's label).
        cards: the cards shown, in the same order.
    """

    def __init__(self) -> None:
        self.title = w.HTML()
        self.slots: list[w.Box] = []
        self.buttons: list[w.Button] = []
        self._drawings: list[w.HTML] = []
        self.cards: list[Card] = []
        self.on_card: Callable[[int, Card], None] | None = None
        self.row = w.Box([])
        self.row.add_class("up-hand")
        self.box = w.VBox([self.title, self.row])
        self._marks: list[tuple[str, ...]] = []

    def _slot(self, i: int) -> w.Box:
        while len(self.slots) <= i:
            k = len(self.slots)
            html_w = w.HTML()
            b = w.Button(description="")
            b.add_class("up-cardbtn")
            b.on_click(lambda _b, k=k: self._clicked(k))
            box = w.Box([html_w, b])
            box.add_class("up-slot")
            self.slots.append(box)
            self.buttons.append(b)
            self._drawings.append(html_w)
            self._marks.append(())
        return self.slots[i]

    def _clicked(self, k: int) -> None:
        if self.on_card is not None and k < len(self.cards):
            self.on_card(k, self.cards[k])

    def render(self, hand: Sequence[Card], playable: set[Card] | None, *, title: str = "",
               selected: int | None = None) -> None:
        """Show `hand`; cards in `playable` are raised, the others dimmed (None: all plain)."""
        hand = sorted(hand, key=_hand_order)
        self.cards = hand
        small = len(hand) > 14
        width = 64 if small else 80
        for i, card in enumerate(hand):
            box = self._slot(i)
            marks = []
            if playable is not None:
                marks.append("up-playable" if card in playable else "up-unplayable")
            if small:
                marks.append("up-small-card")
            if selected == i:
                marks.append("up-selected")
            marks_t = tuple(marks)
            if marks_t != self._marks[i]:
                for c in self._marks[i]:
                    box.remove_class(c)
                for c in marks_t:
                    box.add_class(c)
                self._marks[i] = marks_t
            label = svg.card_label(card)
            if playable is not None:
                label += " — " + (_("playable") if card in playable else _("not playable now"))
            value = svg.card_svg(card, width, label=label)
            if self._drawings[i].value != value:
                self._drawings[i].value = value
            if self.buttons[i].description != label:
                self.buttons[i].description = label
                self.buttons[i].tooltip = label
        # the slots of a longer hand shown before are dropped: buttons match the cards shown
        del self.slots[len(hand):], self.buttons[len(hand):], self._drawings[len(hand):], self._marks[len(hand):]
        children = tuple(self.slots)
        if self.row.children != children:
            self.row.children = children
        count = len(hand)
        head = title or _("Your hand")
        self.title.value = (f'<div class="up-handbar"><span class="up-handtitle">{esc(head)} · '
                            f'{esc(ngettext("{count} card", "{count} cards", count).format(count=count))}</span></div>')
