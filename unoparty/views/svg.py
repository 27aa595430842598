"""Cards, card backs and table pictograms drawn as SVG strings (DESIGN.md "Look").

Pure functions, no widgets: every drawing is a string of SVG markup that carries its own
text label (``role="img"``, ``aria-label`` and a ``<title>``) so a screen reader reads
"red 7" and colour is never the only cue: every coloured card also shows its colour's
initial and its own shape (red ▲, yellow ●, green ■, blue ◆).

>>> "aria-label" in card_svg(Card.parse("red 7"))
True
>>> card_label(Card.parse("blue skip"))
'blue skip (B ◆)'
"""

from __future__ import annotations

import html
import math

from ..cards import Card, Colour, Kind
from ..i18n import _, card_name, colour_initial, wild_letter

__all__ = [
    "COLOUR_FILL", "COLOUR_SHAPE", "card_svg", "card_back_svg", "card_label",
    "colour_chip", "fan_svg", "direction_svg", "chain_icon_svg", "shape_svg",
]

COLOUR_FILL = {
    Colour.RED: "#D72600",
    Colour.YELLOW: "#ECD407",
    Colour.GREEN: "#379711",
    Colour.BLUE: "#0956BF",
}
"""Saturated card colours (DESIGN.md "Look")."""

COLOUR_DARK = {
    Colour.RED: "#8f1900",
    Colour.YELLOW: "#8a7a00",
    Colour.GREEN: "#1f5c08",
    Colour.BLUE: "#063a80",
}

COLOUR_SHAPE = {Colour.RED: "▲", Colour.YELLOW: "●", Colour.GREEN: "■", Colour.BLUE: "◆"}
"""The shape each colour carries besides its fill, so colour is never the only cue."""

_WILD_BLACK = "#1d1d22"


def colour_name(colour: Colour) -> str:
    """The colour's name in the current language (``"red"``)."""
    return {Colour.RED: _("red"), Colour.YELLOW: _("yellow"), Colour.GREEN: _("green"),
            Colour.BLUE: _("blue")}[colour]


def card_words(card: Card) -> str:
    """The card in words, translated: ``"red 7"``, ``"wild pile up"`` (`unoparty.i18n.card_name`)."""
    return card_name(card)


def card_label(card: Card, colour: Colour | None = None) -> str:
    """A text label for screen readers and tooltips: ``"red 7 (R ▲)"``; a wild card with a
    chosen colour: ``"wild, blue chosen (B ◆)"``."""
    if card.is_wild:
        if colour is None:
            return card_words(card)
        return _("{card}, {colour} chosen").format(card=card_words(card), colour=colour_name(colour)) + \
            f" ({colour_initial(colour)} {COLOUR_SHAPE[colour]})"
    own = card.colour
    assert own is not None  # a card that is not wild has a colour (`Card` checks it)
    return f"{card_words(card)} ({colour_initial(own)} {COLOUR_SHAPE[own]})"


# ---------------------------------------------------------------- shapes and pictograms

def shape_svg(colour: Colour, cx: float, cy: float, r: float, fill: str = "#fff",
              stroke: str = "#222", sw: float = 0.8) -> str:
    """The colour's own shape (▲ ● ■ ◆) centred at (cx, cy), radius r."""
    a = f'fill="{fill}" stroke="{stroke}" stroke-width="{sw}"'
    if colour is Colour.RED:
        pts = f"{cx},{cy - r} {cx + r * 0.95},{cy + r * 0.75} {cx - r * 0.95},{cy + r * 0.75}"
        return f'<polygon points="{pts}" {a}/>'
    if colour is Colour.YELLOW:
        return f'<circle cx="{cx}" cy="{cy}" r="{r * 0.85}" {a}/>'
    if colour is Colour.GREEN:
        s = r * 1.5
        return f'<rect x="{cx - s / 2}" y="{cy - s / 2}" width="{s}" height="{s}" {a}/>'
    pts = f"{cx},{cy - r} {cx + r * 0.8},{cy} {cx},{cy + r} {cx - r * 0.8},{cy}"
    return f'<polygon points="{pts}" {a}/>'


def _hand_pictogram(x: float, y: float, s: float, fill: str) -> str:
    """A hand pointing right (Point Taken), in a box of size s at (x, y)."""
    u = s / 24
    # fist + index finger, drawn as rounded shapes
    return (
        f'<g transform="translate({x},{y}) scale({u})" fill="{fill}" stroke="#222" stroke-width="1.1" '
        f'stroke-linejoin="round">'
        '<rect x="9" y="7.5" width="14" height="4.6" rx="2.3"/>'            # index finger
        '<path d="M2 10 Q2 7.5 5 7.5 L11 7.5 L11 20 Q11 21.5 9.5 21.5 L5 21.5 Q2 21.5 2 18.5 Z"/>'  # palm
        '<rect x="8" y="12" width="6.5" height="3.4" rx="1.7"/>'            # fingers folded
        '<rect x="8" y="15.2" width="6" height="3.2" rx="1.6"/>'
        '<rect x="7.5" y="18.3" width="5.5" height="3.2" rx="1.6"/>'
        '<path d="M5 7.8 Q6 4.5 9 4.8 L10.5 7.6" />'                        # thumb
        '</g>'
    )


def _stack_pictogram(x: float, y: float, s: float, colours: bool = True) -> str:
    """Three stacked cards (Wild Pile Up)."""
    u = s / 24
    cols = [COLOUR_FILL[Colour.BLUE], COLOUR_FILL[Colour.GREEN], COLOUR_FILL[Colour.YELLOW],
            COLOUR_FILL[Colour.RED]] if colours else ["#fff"] * 4
    out = [f'<g transform="translate({x},{y}) scale({u})" stroke="#222" stroke-width="1">']
    for i, c in enumerate(cols):
        out.append(f'<rect x="{5 + i * 1.2}" y="{3 + i * 4.2}" width="13" height="8.5" rx="1.6" '
                   f'fill="{c}" transform="rotate({-8 + i * 5} {12} {7 + i * 4})"/>')
    out.append("</g>")
    return "".join(out)


def _chain_pictogram(x: float, y: float, s: float, stroke: str = "#222") -> str:
    """Two interlocked chain links (Wild Drawn Together, linked players)."""
    u = s / 24
    return (
        f'<g transform="translate({x},{y}) scale({u})" fill="none" stroke-linecap="round">'
        f'<rect x="1.5" y="7" width="13" height="8" rx="4" transform="rotate(-35 8 11)" '
        f'stroke="{stroke}" stroke-width="3.6"/>'
        f'<rect x="1.5" y="7" width="13" height="8" rx="4" transform="rotate(-35 8 11)" '
        f'stroke="#ffffff" stroke-width="1.4"/>'
        f'<rect x="9.5" y="9" width="13" height="8" rx="4" transform="rotate(-35 16 13)" '
        f'stroke="{stroke}" stroke-width="3.6"/>'
        f'<rect x="9.5" y="9" width="13" height="8" rx="4" transform="rotate(-35 16 13)" '
        f'stroke="#ffffff" stroke-width="1.4"/>'
        '</g>'
    )


def _reverse_pictogram(cx: float, cy: float, s: float, fill: str) -> str:
    """Two arrows in opposite directions (Reverse)."""
    u = s / 24

    def arrow(t: str) -> str:
        return (f'<g transform="{t}">'
                '<line x1="-8" y1="8" x2="3" y2="-3" stroke="#222" stroke-width="6.2" stroke-linecap="round"/>'
                f'<line x1="-8" y1="8" x2="3" y2="-3" stroke="{fill}" stroke-width="4" stroke-linecap="round"/>'
                f'<polygon points="10,-10 -1,-7.5 7.5,1" fill="{fill}" stroke="#222" stroke-width="1"/>'
                '</g>')
    return (f'<g transform="translate({cx},{cy}) scale({u})">'
            + arrow("translate(-3.6,-3.6)") + arrow("rotate(180) translate(-3.6,-3.6)") + "</g>")


def _skip_pictogram(cx: float, cy: float, s: float, fill: str) -> str:
    r = s / 2.4
    return (
        f'<g stroke="#222" stroke-width="1">'
        f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="{fill}" stroke-width="{s / 8}"/>'
        f'<line x1="{cx - r * 0.7}" y1="{cy + r * 0.7}" x2="{cx + r * 0.7}" y2="{cy - r * 0.7}" '
        f'stroke="{fill}" stroke-width="{s / 8}"/>'
        '</g>'
    )


def _four_colour_oval(cx: float, cy: float, rx: float, ry: float, tilt: float = -32) -> str:
    """The wild card's oval in four colour quarters."""
    parts = []
    order = [Colour.RED, Colour.BLUE, Colour.YELLOW, Colour.GREEN]
    for i, c in enumerate(order):
        a0, a1 = math.radians(i * 90 - 90), math.radians(i * 90)
        x0, y0 = cx + rx * math.cos(a0), cy + ry * math.sin(a0)
        x1, y1 = cx + rx * math.cos(a1), cy + ry * math.sin(a1)
        parts.append(f'<path d="M{cx},{cy} L{x0:.2f},{y0:.2f} A{rx},{ry} 0 0 1 {x1:.2f},{y1:.2f} Z" '
                     f'fill="{COLOUR_FILL[c]}"/>')
    return (f'<g transform="rotate({tilt} {cx} {cy})">{"".join(parts)}'
            f'<ellipse cx="{cx}" cy="{cy}" rx="{rx}" ry="{ry}" fill="none" stroke="#fff" stroke-width="2.2"/></g>')


# ---------------------------------------------------------------- the card

def _index_text(card: Card) -> str:
    if card.is_number:
        return str(card.number)
    return {Kind.DRAW_TWO: "+2", Kind.REVERSE: "⇄", Kind.SKIP: "⊘", Kind.POINT_TAKEN: "☛",
            Kind.WILD: wild_letter(), Kind.WILD_DRAW_FOUR: "+4", Kind.WILD_DRAWN_TOGETHER: "∞",
            Kind.WILD_PILE_UP: "≡"}[card.kind]


def card_svg(card: Card, width: int = 72, *, chosen: Colour | None = None, css_class: str = "",
             label: str | None = None) -> str:
    """One card face as inline SVG, ``width`` px wide and 1.5 × as tall (2:3).

    Args:
        card: the card.
        width: pixels.
        chosen: for a wild card on the discard pile, the colour named for it: drawn as a
            coloured band with that colour's shape.
        css_class: extra class for the ``<svg>`` element.
        label: the text label; default :func:`card_label`.
    """
    w, h = 60, 90
    label = label if label is not None else card_label(card, chosen)
    lab = html.escape(label)
    if card.is_wild:
        fill, dark = _WILD_BLACK, "#000"
    else:
        assert card.colour is not None  # a card that is not wild has a colour (`Card` checks it)
        fill, dark = COLOUR_FILL[card.colour], COLOUR_DARK[card.colour]
    ink = fill if not card.is_wild else "#222"
    out = [
        f'<svg class="up-card {css_class}" role="img" aria-label="{lab}" viewBox="0 0 {w} {h}" '
        f'width="{width}" height="{int(width * 1.5)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{lab}</title>",
        f'<rect x="0.5" y="0.5" width="{w - 1}" height="{h - 1}" rx="6" fill="#fff" stroke="#bbb" stroke-width="0.8"/>',
        f'<rect x="3.5" y="3.5" width="{w - 7}" height="{h - 7}" rx="4.5" fill="{fill}"/>',
    ]
    cx, cy = w / 2, h / 2
    # the tilted oval
    if card.is_wild:
        out.append(_four_colour_oval(cx, cy, 22, 33))
        if card.kind in (Kind.WILD_PILE_UP, Kind.WILD_DRAWN_TOGETHER):
            out.append(f'<circle cx="{cx}" cy="{cy}" r="17" fill="#fff" stroke="#222" stroke-width="1"/>')
    else:
        out.append(f'<ellipse cx="{cx}" cy="{cy}" rx="21" ry="34" fill="#fff" transform="rotate(32 {cx} {cy})"/>')
    # the big symbol (a plain wild has none: its four colours are the picture)
    big_font = 'font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" text-anchor="middle"'
    stroke = f'stroke="{dark}" stroke-width="1.2" paint-order="stroke"' if not card.is_wild else \
        'stroke="#222" stroke-width="1.4" paint-order="stroke"'
    if card.is_number:
        underline = card.number in (6, 9)
        out.append(f'<text x="{cx}" y="{cy + 11}" font-size="32" {big_font} fill="{ink}" {stroke}>'
                   f'{card.number}</text>')
        if underline:
            out.append(f'<rect x="{cx - 7}" y="{cy + 14}" width="14" height="2.4" fill="{ink}"/>')
    elif card.kind is Kind.DRAW_TWO:
        out.append(f'<text x="{cx}" y="{cy + 9}" font-size="25" {big_font} fill="{ink}" {stroke}>+2</text>')
    elif card.kind is Kind.REVERSE:
        out.append(_reverse_pictogram(cx, cy, 30, ink))
    elif card.kind is Kind.SKIP:
        out.append(_skip_pictogram(cx, cy, 28, ink))
    elif card.kind is Kind.POINT_TAKEN:
        out.append(_hand_pictogram(cx - 15, cy - 15, 30, ink))
    elif card.kind is Kind.WILD_DRAW_FOUR:
        out.append(f'<text x="{cx}" y="{cy + 9}" font-size="24" {big_font} fill="#fff" '
                   f'stroke="#111" stroke-width="2.6" paint-order="stroke">+4</text>')
    elif card.kind is Kind.WILD_PILE_UP:
        out.append(_stack_pictogram(cx - 14, cy - 15, 28))
    elif card.kind is Kind.WILD_DRAWN_TOGETHER:
        out.append(_chain_pictogram(cx - 14, cy - 14, 28, "#1d1d22"))
    # corner indices
    idx = html.escape(_index_text(card))
    small = 'font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" text-anchor="middle"'
    fs = 11 if len(idx) == 1 else 9
    for rot in (0, 180):
        g = f'<g transform="rotate({rot} {cx} {cy})">'
        g += (f'<text x="10.5" y="16" font-size="{fs}" {small} fill="#fff" stroke="#111" stroke-width="1.3" '
              f'paint-order="stroke">{idx}</text>')
        if card.colour is not None:  # not a wild card
            letter = html.escape(colour_initial(card.colour))  # one letter, or two (Norwegian Gu/Gr)
            g += shape_svg(card.colour, 10.5, 24, 3.4)
            g += (f'<text x="49.5" y="14" font-size="{7.5 if len(letter) == 1 else 6}" {small} fill="#fff" '
                  f'stroke="#111" stroke-width="1" paint-order="stroke">{letter}</text>')
        g += "</g>"
        out.append(g)
    if card.is_wild and chosen is not None:
        # the chosen colour: a band at the bottom of the card, with its shape and initial
        out.append(f'<rect x="6" y="{h - 21}" width="{w - 12}" height="13" rx="4" fill="{COLOUR_FILL[chosen]}" '
                   f'stroke="#fff" stroke-width="1.4"/>')
        out.append(shape_svg(chosen, 16, h - 14.5, 3.6))
        out.append(f'<text x="{cx + 5}" y="{h - 11}" font-size="8" {small} fill="#fff" stroke="#111" '
                   f'stroke-width="1" paint-order="stroke">{html.escape(colour_initial(chosen))}</text>')
    out.append("</svg>")
    return "".join(out)


def card_back_svg(width: int = 72, css_class: str = "", label: str | None = None, rule_set: str = "party") -> str:
    """The back of a card (the draw pile, other players' hands): "party" on UNO Party!'s
    deck, "UNO" on the classic deck."""
    word = "party" if rule_set == "party" else "UNO"
    size = "13" if rule_set == "party" else "15"
    lab = html.escape(label if label is not None else _("a face-down card"))
    return (
        f'<svg class="up-back {css_class}" role="img" aria-label="{lab}" viewBox="0 0 60 90" '
        f'width="{width}" height="{int(width * 1.5)}" xmlns="http://www.w3.org/2000/svg"><title>{lab}</title>'
        '<rect x="0.5" y="0.5" width="59" height="89" rx="6" fill="#fff" stroke="#bbb" stroke-width="0.8"/>'
        '<rect x="3.5" y="3.5" width="53" height="83" rx="4.5" fill="#1d1d22"/>'
        '<ellipse cx="30" cy="45" rx="20" ry="34" fill="#D72600" transform="rotate(32 30 45)"/>'
        f'<text x="30" y="50" font-size="{size}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" '
        'font-style="italic" text-anchor="middle" fill="#ECD407" stroke="#111" stroke-width="1.4" '
        f'paint-order="stroke" transform="rotate(-22 30 45)">{word}</text>'
        "</svg>"
    )


def fan_svg(count: int, width: int = 86, label: str = "") -> str:
    """A face-down fan of up to 9 card backs for another player's hand (the count is shown
    beside it by the table)."""
    n = max(0, min(count, 9))
    lab = html.escape(label)
    h = 46
    out = [f'<svg class="up-fan" role="img" aria-label="{lab}" viewBox="0 0 {width} {h}" width="{width}" '
           f'height="{h}" xmlns="http://www.w3.org/2000/svg"><title>{lab}</title>']
    if n == 0:
        # an empty hand: the count under the fan ("0 cards") says it once
        out.append(f'<circle cx="{width / 2}" cy="24" r="13" fill="#2e7d32"/>'
                   f'<path d="M{width / 2 - 6} 24 l4 5 l8 -10" fill="none" stroke="#fff" stroke-width="3"/>')
    spread = 60 if n > 1 else 0
    for i in range(n):
        ang = -spread / 2 + (spread * i / (n - 1) if n > 1 else 0)
        out.append(
            f'<g transform="rotate({ang:.1f} {width / 2} {h + 14})">'
            f'<rect x="{width / 2 - 10}" y="6" width="20" height="30" rx="3" fill="#1d1d22" stroke="#fff" stroke-width="1.2"/>'
            f'<ellipse cx="{width / 2}" cy="21" rx="6" ry="11" fill="#D72600" transform="rotate(32 {width / 2} 21)"/>'
            "</g>")
    out.append("</svg>")
    return "".join(out)


def direction_svg(direction: int, size: int = 64) -> str:
    """The direction tracker: a circular arrow, clockwise (+1) or counterclockwise (-1)."""
    cw = direction >= 0
    lab = html.escape(_("Direction of play: clockwise") if cw else _("Direction of play: counterclockwise"))
    flip = "" if cw else ' transform="scale(-1,1) translate(-48,0)"'
    return (
        f'<svg class="up-direction" role="img" aria-label="{lab}" viewBox="0 0 48 48" width="{size}" height="{size}" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{lab}</title><g{flip}>'
        '<path d="M24 6 A18 18 0 1 1 7.5 16.5" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round"/>'
        '<path d="M24 6 A18 18 0 1 1 7.5 16.5" fill="none" stroke="#f6b400" stroke-width="3.6" stroke-linecap="round"/>'
        '<polygon points="17,1 27,6 18,12.5" fill="#f6b400" stroke="#fff" stroke-width="1.2"/>'
        "</g></svg>"
    )


def chain_icon_svg(size: int = 22, label: str = "") -> str:
    lab = html.escape(label or _("linked"))
    return (f'<svg class="up-chain" role="img" aria-label="{lab}" viewBox="0 0 24 24" width="{size}" '
            f'height="{size}" xmlns="http://www.w3.org/2000/svg"><title>{lab}</title>'
            f'{_chain_pictogram(0, 0, 24, "#6a3fb5")}</svg>')


def colour_chip(colour: Colour | None, big: bool = False) -> str:
    """A pill naming the current colour with its fill, shape and initial."""
    if colour is None:
        return f'<span class="up-chip up-chip-any">{html.escape(_("any colour"))}</span>'
    text_colour = "#222" if colour is Colour.YELLOW else "#fff"
    cls = "up-chip up-chip-big" if big else "up-chip"
    # white text on the card green is 3.75:1; the chip's green is darker to reach 4.5:1
    fill = "#2B7A0B" if colour is Colour.GREEN else COLOUR_FILL[colour]
    return (f'<span class="{cls}" style="background:{fill};color:{text_colour}" '
            f'aria-label="{html.escape(colour_name(colour))}">{COLOUR_SHAPE[colour]} '
            f'{html.escape(colour_name(colour))}</span>')
