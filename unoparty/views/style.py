"""The app's stylesheet, delivered as one HTML widget holding a ``<style>`` element (works
in Voila and in JupyterLab). Every class starts with ``up-``.

Seats of a table are placed on an ellipse; their positions are CSS classes
``up-pos-N-K`` (N players, screen slot K, slot 0 at the bottom centre) computed here.
"""

from __future__ import annotations

import math

import ipywidgets as w

__all__ = ["CSS", "style_widget", "seat_xy", "TABLE_W", "TABLE_H"]

TABLE_W, TABLE_H = 1000, 520
"""The table's drawing units (its aspect ratio)."""


_RX, _RY = 0.415 * TABLE_W, 0.39 * TABLE_H
_SAMPLES = 2048


def _ellipse_arc() -> tuple[list[float], list[tuple[float, float]]]:
    pts, lengths = [], [0.0]
    for i in range(_SAMPLES + 1):
        phi = math.pi / 2 + 2 * math.pi * i / _SAMPLES
        pts.append((TABLE_W / 2 + _RX * math.cos(phi), TABLE_H / 2 + _RY * math.sin(phi)))
        if i:
            (x0, y0), (x1, y1) = pts[-2], pts[-1]
            lengths.append(lengths[-1] + math.hypot(x1 - x0, y1 - y0))
    return lengths, pts


_ARC = _ellipse_arc()


def seat_xy(slot: int, n: int) -> tuple[float, float]:
    """Where screen slot `slot` of `n` sits, in table units. Slot 0 is the bottom centre;
    slots go clockwise (bottom → left → top → right), as seats do (S-4), spaced evenly
    along the table's edge (so 16 seats do not crowd at the narrow ends)."""
    lengths, pts = _ARC
    target = lengths[-1] * (slot % n) / n
    lo, hi = 0, len(lengths) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if lengths[mid] < target:
            lo = mid + 1
        else:
            hi = mid
    return pts[lo]


def _positions() -> str:
    rules = []
    for n in range(2, 17):
        for k in range(n):
            x, y = seat_xy(k, n)
            rules.append(f".up-pos-{n}-{k}{{left:{100 * x / TABLE_W:.2f}%;top:{100 * y / TABLE_H:.2f}%}}")
    return "\n".join(rules)


# Narrow layouts, written once: used by the window's media queries and by the app's own
# container queries (an app in a narrow notebook cell of a wide window).
_UNDER_1100 = """
  .up-slot { width: 72px; height: 108px; }
  .up-seat { width: 100px; }
  .up-seat.up-small { width: 70px; }  /* 9 to 16 players side by side on a narrower table */
  .up-seat.up-small .up-fan { width: 50px; height: 26px; }
  .up-tablebox { --up-seat-side: 57px; }
  .up-seat .up-fan { width: 66px; height: 34px; }
  .up-log-list { max-height: 240px; }
  .up-side { width: 300px !important; flex: 0 0 300px !important; }
  .up-center { transform: translate(-50%, -50%) scale(.78); }
  .up-tablebox { min-width: 540px; }
"""
_UNDER_600 = """
  .up-pin-field { flex-wrap: wrap; }
  .up-pin-field > .widget-label { width: 100%; }
  .up-nav { flex-wrap: wrap !important; }
  .up-nav .up-language { margin: 0 !important; }
  .up-header h1 { font-size: 18px; }
  .up-main { overflow-x: auto; }
  .up-tablebox { min-width: 300px !important; aspect-ratio: 1000 / 860; --up-seat-half: 40px; --up-seat-gap: 9.46%;
    --up-seat-side: 43px; }  /* half a seat (80 px with its border) and a pixel to spare */
  /* 9 to 16 players do not fit side by side on a phone: their table scrolls sideways instead */
  .up-tablebox:has(.up-seat.up-small) { min-width: 640px !important; }
  /* the direction as its arrow only: its words would cover a seat (they stay for screen readers) */
  .up-dir { font-size: 0; gap: 0; padding: 2px; }
  .up-seat { width: 70px; padding: 1px 2px 2px; border-radius: 10px; }  /* eight seats round a phone's table */
  .up-seat.up-small { width: 56px; }
  .up-seat.up-small .up-fan { width: 42px; height: 22px; }
  .up-pile { max-width: 124px; }  /* long pile names wrap (a narrower middle, clear of the seats) */
  .up-seat .up-name { font-size: 11px; }
  .up-seat .up-fan { width: 48px; height: 26px; }
  .up-seat .up-count { font-size: 10px; }
  .up-tag { font-size: 9px; padding: 0 3px; }
  .up-center { transform: translate(-50%, -50%) scale(.5); }
  .up-center:has(.up-mini) { transform: translate(-50%, -50%) scale(.4); gap: 10px; }  /* three piles */
  .up-app .up-seatbtn, .up-app .up-seatbtn.up-small { width: 80px !important; height: 70px !important; }
  .up-slot { width: 56px; height: 84px; }
  .up-hand { min-height: 100px; }
  .up-settings { padding: 8px; }
  .up-settings .up-row { flex-wrap: wrap !important; }
  .up-settings .up-rowhead { width: 100% !important; flex: 1 1 100% !important; }
  .up-house { grid-template-columns: 1fr 1fr; gap: 2px 8px; }
  .up-settings .widget-slider { width: 100% !important; }
  .up-lesson-title { font-size: 16px; }
  .up-tile { width: 100%; box-sizing: border-box; }
  .up-intro-cards svg.up-card { width: 44px; height: 66px; }
"""
_UNDER_900 = """
  .up-split { flex-wrap: wrap !important; }
  .up-split > .up-main { min-width: 0 !important; flex: 1 1 100% !important; width: 100% !important; }
  .up-split > .up-side { width: 100% !important; flex: 1 1 100% !important; }
  .up-tablebox { min-width: 0 !important; }
  .up-log-list { max-height: 220px; }
  .up-settings { max-width: none; }
"""

CSS = """
.up-app { font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; color: #1f2430; max-width: 1260px; }
.up-app .widget-button, .up-app .jupyter-button { min-height: 40px; height: auto; border-radius: 10px;
  font-size: 15px; font-weight: 600; padding: 4px 14px; width: auto; }
.up-app .up-lessonbtn { background: #f4f1ea; color: #1f2430; text-align: left; font-weight: 600; flex: 1 1 auto;
  white-space: normal; line-height: 1.25; margin: 2px 0; }
.up-app .up-lessonbtn:hover { background: #fff8d6; }
.up-app .widget-toggle-button { min-height: 40px; border-radius: 10px; }
.up-app .widget-dropdown select, .up-app .widget-dropdown > select { min-height: 40px; font-size: 15px; }
/* the dropdown's box grows with its 40px select (ipywidgets fixes inline widgets at 28px): else the
   select spills out of the navigation, which then scrolls, and its scrollbar covers the select's edge */
.up-app .widget-dropdown { height: auto; min-height: 40px; align-items: center; }
.up-app .widget-html-content { line-height: 1.35; }
.up-roundover h3 { margin: 4px 0 6px; font-size: 17px; }
.up-roundover p { margin: 4px 0; font-size: 13px; line-height: 1.35; }
.up-app .widget-label, .up-app .widget-inline-hbox .widget-label { font-size: 15px; }
.up-header { background: linear-gradient(90deg, #D72600, #ECD407 35%, #379711 65%, #0956BF); color: #fff;
  border-radius: 14px; padding: 6px 16px; margin-bottom: 6px; }
.up-header h1 { margin: 0; font-size: 22px; text-shadow: 0 2px 0 rgba(0,0,0,.35); }
.up-compact .up-header p { display: none; }
.up-header p { margin: 2px 0 0; font-size: 14px; text-shadow: 0 1px 0 rgba(0,0,0,.35); }
.up-nav .widget-button { background: #fff; color: #1f2430; border: 2px solid #d7dbe6; }
/* the navigation wraps rather than cutting its labels short (many pages, long words in some languages) */
.up-nav { flex-wrap: wrap !important; row-gap: 4px; overflow: visible !important; }
.up-nav .widget-button { flex: 0 0 auto !important; width: auto !important; min-width: 0; padding: 0 12px; }
.up-nav .up-nav-active { background: #1f2430; color: #fff; border-color: #1f2430; }
.up-primary { background: #0956BF !important; color: #fff !important; }
.up-go { background: #2B7A0B !important; color: #fff !important; }  /* 5.4:1 with white text */
.up-warn { background: #D72600 !important; color: #fff !important; }
.up-uno { background: #ECD407 !important; color: #1f2430 !important; font-size: 18px !important; }
.up-uno-armed { box-shadow: 0 0 0 4px #D72600 inset; }

/* settings */
.up-settings { background: #fff; border: 2px solid #e3e7ef; border-radius: 16px; padding: 10px 18px; max-width: 860px; }
.up-settings .widget-toggle-buttons .widget-toggle-button { width: auto; min-width: 110px; }
.up-app .widget-toggle-button { background: #fff; color: #1f2430; border: 2px solid #c9cfdc; }
.up-app .widget-toggle-button.mod-active { background: #0956BF; color: #fff; border-color: #06397f;
  box-shadow: inset 0 -4px 0 #f6b400; }
.up-app .widget-toggle-button.mod-active::before { content: "✓ " / ""; }  /* seen, not read: the name stays */
.up-settings .up-rowhead { align-self: center; }
/* a checkbox's words wrap under a longer translation or on a phone instead of being cut
   (the teacher's "Afficher les noms de la classe sur la première page…") */
.up-app .widget-checkbox { height: auto; min-height: var(--jp-widgets-inline-height, 28px); max-width: 100%; }
.up-app .widget-checkbox .widget-label-basic { white-space: normal; height: auto; line-height: 1.3; overflow: visible; }
.up-house { display: grid !important; grid-template-columns: repeat(2, minmax(150px, max-content)); gap: 2px 18px; }
.up-house .widget-checkbox { margin: 0; height: 30px; }
.up-house .widget-checkbox input { width: 20px; height: 20px; }
.up-house .widget-label-basic { display: flex; align-items: center; }  /* the box beside its words' middle */
.up-language { max-width: 100%; box-sizing: border-box; }
/* a field's label keeps ipywidgets' 80 px (fields line up) but grows for a longer word
   ("Tvoje jméno") instead of cutting it; a row of a field and its button wraps on a phone */
.up-app .widget-inline-hbox > .widget-label { min-width: 80px; width: auto; flex-shrink: 0; }
.up-learner .widget-hbox, .up-teacher .widget-hbox { flex-wrap: wrap; row-gap: 6px; }
.up-learner .widget-hbox > .widget-button, .up-teacher .widget-hbox > .widget-button { flex: 0 0 auto; }
.up-learner .widget-text, .up-teacher .widget-text, .up-teacher .widget-dropdown { max-width: 100%; }
.up-app .up-deal { align-self: flex-start; font-size: 18px !important; padding: 8px 28px !important; margin-top: 8px; }

/* the table */
.up-tablebox { position: relative; width: 100%; aspect-ratio: 1000 / 520; min-width: 560px; overflow: visible;
  padding: 0 !important; --up-seat-half: 56px; --up-seat-gap: 5.72%; --up-seat-side: 66px;
  --up-room-y: max(0px, calc(var(--up-seat-half) - var(--up-seat-gap)));
  --up-room-x: max(0px, calc(var(--up-seat-side) - 8.5%));
  margin: var(--up-room-y) var(--up-room-x) !important; width: calc(100% - 2 * var(--up-room-x)); }
/* The top and bottom seats are centred 11 % of the table's height from its edges; a seat is
   80–110 px tall (with its tags) whatever the table's size, so on a narrow table (a JupyterLab cell, a tablet)
   half a seat sticks out. The margins above make room for it, so a box round the table (which
   scrolls in JupyterLab) never clips it and the hand below is not covered: --up-seat-gap is
   those 11 % of the height as a share of the width (margins in % are of the width), 11 % ×
   520/1000; --up-seat-half is half a seat with its tags. Likewise sideways: a seat at the far
   left or right is centred 8.5 % of the width from the edge, --up-seat-side is half its width. */
.up-felt { position: absolute; inset: 0; border-radius: 48% / 46%;
  background: radial-gradient(ellipse at 50% 45%, #3a9a5c 0%, #2b7a47 60%, #1f5e36 100%);
  box-shadow: inset 0 0 0 10px #8a5a2b, inset 0 0 0 13px #5e3b1a, 0 8px 22px rgba(0,0,0,.25); }
.up-tablebox > .widget-html, .up-tablebox > .jupyter-widgets.widget-html { position: absolute; inset: 0; margin: 0; }
.up-tablebox .widget-html-content { width: 100%; height: 100%; }
.up-drawing { position: absolute; inset: 0; }
.up-drawing svg.up-overlay { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
.up-seat { position: absolute; transform: translate(-50%, -50%); width: 118px; text-align: center;
  background: rgba(255,255,255,.92); border-radius: 14px; padding: 3px 4px 5px; border: 3px solid transparent;
  box-shadow: 0 2px 6px rgba(0,0,0,.25); line-height: 1.15; }
.up-seat.up-small { width: 84px; padding: 2px 3px 3px; border-radius: 11px; }
.up-seat.up-small .up-count { font-size: 11px; }
.up-seat .up-name { font-weight: 700; font-size: 14px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.up-seat.up-small .up-name { font-size: 12px; }
.up-seat .up-count { font-size: 12px; color: #333; }
.up-seat .up-fan { display: block; margin: 0 auto; }
.up-seat.up-small .up-fan { width: 58px; height: 30px; }
.up-seat.up-turn { border-color: #f6b400; background: #fff8d6;
  box-shadow: 0 0 0 4px rgba(246,180,0,.45), 0 0 22px 6px rgba(255,214,0,.85); }
.up-seat.up-me { background: #eaf2ff; }
.up-seat.up-me.up-turn { background: #fff8d6; }
.up-tag { display: inline-block; border-radius: 9px; padding: 0 6px; font-size: 11px; font-weight: 700; margin: 1px; }
.up-tag-turn { background: #f6b400; color: #1f2430; }
.up-tag-uno { background: #D72600; color: #fff; }
.up-tag-nouno { background: #fff; color: #D72600; border: 2px solid #D72600; }
.up-tag-link { background: #6a3fb5; color: #fff; }
.up-tag-wait { background: #e3e7ef; color: #1f2430; }
.up-tag-score { background: #1f2430; color: #fff; }
.up-center { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); display: flex;
  align-items: flex-end; gap: 18px; width: max-content; }  /* its own width: "draw pile" never wraps */
.up-pile { text-align: center; color: #fff; font-size: 13px; font-weight: 600; text-shadow: 0 1px 2px rgba(0,0,0,.6); }
.up-pile .up-card, .up-pile .up-back { filter: drop-shadow(0 3px 4px rgba(0,0,0,.35)); }
.up-mini { background: rgba(255,255,255,.16); border: 2px dashed #fff; border-radius: 12px; padding: 4px 6px; }
.up-mini-cards { display: flex; }
.up-mini-cards svg { margin-left: -26px; }
.up-mini-cards svg:first-child { margin-left: 0; }
.up-chip { display: inline-block; border-radius: 12px; padding: 1px 9px; font-weight: 700; font-size: 13px;
  border: 2px solid #fff; text-shadow: none; }
.up-chip-big { font-size: 15px; padding: 3px 12px; }
.up-chip-any { background: #fff; color: #1f2430; }
.up-dir, .up-phase { position: absolute; top: 0; background: rgba(31,36,48,.88); color: #fff; font-weight: 700;
  font-size: 13px; display: flex; align-items: center; gap: 4px; border-radius: 12px; padding: 2px 10px 2px 4px; z-index: 3; }
.up-dir { left: 0; }
.up-phase { right: 0; padding: 5px 10px; max-width: 38%; }
/* pick a player on the table: the whole seat becomes the button, its name and count stay readable */
.up-app .up-seatbtn { position: absolute !important; transform: translate(-50%, -50%); z-index: 5; margin: 0 !important;
  width: 124px !important; height: 104px !important; min-height: 40px; padding: 0 !important;
  background: rgba(106,63,181,.10) !important; color: transparent !important; font-size: 0 !important;
  border: 3px solid #6a3fb5 !important; border-radius: 14px; box-shadow: 0 0 0 3px rgba(255,255,255,.8); overflow: visible; }
.up-app .up-seatbtn.up-small { width: 94px !important; height: 84px !important; }
.up-app .up-seatbtn:hover, .up-app .up-seatbtn:focus-visible { background: rgba(106,63,181,.28) !important;
  outline: 3px solid #f6b400; }
.up-app .up-seatbtn::after { content: "☛"; position: absolute; right: -10px; top: -10px; width: 26px; height: 26px;
  line-height: 26px; border-radius: 50%; background: #6a3fb5; color: #fff; font-size: 16px; text-align: center;
  box-shadow: 0 1px 4px rgba(0,0,0,.4); }
.up-seatbtn.up-hidden { display: none !important; }
.up-count321 { position: absolute; left: 50%; top: 22%; transform: translate(-50%, -50%); font-size: 46px;
  font-weight: 800; color: #fff; text-shadow: 0 3px 0 #D72600, 0 0 12px rgba(0,0,0,.5);
  animation: up-pop 1s ease-out infinite; }
@keyframes up-pop { 0% { transform: translate(-50%,-50%) scale(1.3); opacity: .4 } 30% { transform: translate(-50%,-50%) scale(1); opacity: 1 } }
@keyframes up-slide { from { transform: translateY(-40px) scale(1.15); opacity: .2 } to { transform: none; opacity: 1 } }
.up-slide-in { animation: up-slide .35s ease-out; }

/* the hand */
.up-hand { display: flex; flex-wrap: wrap; justify-content: center; align-items: flex-end; gap: 26px 4px;
  padding: 18px 8px 6px; background: linear-gradient(#f4f1ea, #e9e3d6); border-radius: 16px; min-height: 146px;
  overflow: visible !important; }  /* a raised card (playable, selected) is never cut at the top */
.up-slot { position: relative; width: 80px; height: 120px; transition: transform .15s; padding: 0 !important;
  overflow: visible !important; }
.up-slot.up-small-card { width: 64px; height: 96px; }
.up-slot > .widget-html { margin: 0; position: absolute; inset: 0; }
.up-slot svg.up-card { width: 100%; height: 100%; }
.up-slot.up-playable { transform: translateY(-16px); }
.up-slot.up-playable .up-card { filter: drop-shadow(0 0 6px #f6b400) drop-shadow(0 4px 4px rgba(0,0,0,.3)); }
.up-slot.up-unplayable .up-card { filter: saturate(.55) brightness(.93); }
.up-slot.up-selected { transform: translateY(-24px); }
.up-cardbtn { position: absolute !important; inset: 0; width: 100% !important; height: 100% !important; margin: 0 !important;
  background: transparent !important; color: transparent !important; border: none !important; box-shadow: none !important;
  cursor: pointer; z-index: 2; font-size: 1px !important; }
.up-cardbtn:focus-visible { outline: 4px solid #0956BF !important; }
.up-handbar { display: flex; align-items: center; justify-content: space-between; }
.up-handtitle { font-weight: 700; font-size: 16px; }

/* action bar, pickers, messages */
.up-app .widget-hbox { gap: 8px; }
.up-actions { flex-wrap: wrap; gap: 6px; padding: 6px 0; }
.up-picker { background: #fff; border: 3px solid #6a3fb5; border-radius: 14px; padding: 8px 12px; flex-wrap: wrap;
  gap: 6px; align-items: center; }
.up-picker .widget-html { margin-right: 8px; }
.up-colourbtn { min-width: 110px; font-size: 17px !important; }
.up-msg { border-radius: 12px; padding: 8px 12px; font-size: 15px; margin: 4px 0; }
.up-msg:empty { display: none; }
.up-msg-info { background: #eef4ff; border-left: 6px solid #0956BF; }
.up-msg-bad { background: #fff0ec; border-left: 6px solid #D72600; }
.up-msg-good { background: #eefbe9; border-left: 6px solid #379711; }
.up-msg-chance { background: #fff8d6; border-left: 6px solid #f6b400; }
.up-ruling { background: #f3edff; border-left: 6px solid #6a3fb5; border-radius: 10px; padding: 6px 10px; margin: 4px 0;
  font-size: 14px; }
.up-ruleid { display: inline-block; background: #1f2430; color: #fff; border-radius: 8px; padding: 0 7px;
  font-size: 12px; font-weight: 700; }

/* narration */
.up-log { background: #fffdf7; border: 2px solid #e8dfc8; border-radius: 16px; padding: 8px 12px; }
.up-log h3 { margin: 2px 0 6px; font-size: 17px; }
.up-log-list { max-height: 300px; overflow-y: auto; font-size: 15px; line-height: 1.4; }
.up-log-compact .up-log-list { max-height: 150px; }
.up-log-compact h3 { font-size: 15px; margin: 0 0 4px; }
.up-log-item { padding: 5px 4px; border-bottom: 1px solid #eee4cc; }
.up-log-item.up-new { background: #fff6cf; border-radius: 8px; }
.up-log-item .up-ruleid { margin-left: 4px; }

/* scoring */
.up-scores { border-collapse: collapse; font-size: 14px; margin: 6px 0; width: 100%; }
.up-scores th, .up-scores td { padding: 5px 6px; border-bottom: 1px solid #e3e7ef; text-align: left; }
.up-scores th { font-size: 12.5px; line-height: 1.2; white-space: normal; }
/* headings and names wrap between words, never inside one ("Jucăto|r", "Celke|m") */
.up-roundover .up-scores th, .up-roundover .up-scores td { overflow-wrap: normal; word-break: normal; }
.up-roundover .widget-hbox { flex-wrap: wrap; gap: 6px; }
.up-roundover .widget-button { flex: 0 1 auto; max-width: 100%; white-space: normal; text-overflow: clip; }
.up-roundover, .up-roundover .widget-html-content { white-space: normal; overflow-wrap: anywhere; }
.up-roundover { box-sizing: border-box; max-width: 100%; overflow-x: auto; }
.up-confirm { background: #fff0ec; border: 3px solid #D72600; border-radius: 14px; padding: 8px 12px; margin: 4px 0; }
.up-confirm .widget-html-content { white-space: normal; }
.up-scores td.up-num { text-align: right; font-variant-numeric: tabular-nums; }
.up-scores tr.up-winner td { background: #fff8d6; font-weight: 700; }
.up-roundover { background: #fff; border: 3px solid #f6b400; border-radius: 16px; padding: 10px 16px; }

/* error panel */
.up-error { background: #fff0ec; border: 3px solid #D72600; border-radius: 12px; padding: 8px 12px; }
.up-error pre { white-space: pre-wrap; font-size: 12px; max-height: 200px; overflow: auto; }

/* landing page, lessons, rules */
.up-tiles { flex-wrap: wrap; gap: 12px; }
.up-tile { background: #fff; border: 2px solid #e3e7ef; border-radius: 16px; padding: 10px 14px; width: 370px;
  box-shadow: 0 2px 6px rgba(0,0,0,.06); }
.up-tile h3 { margin: 2px 0 4px; font-size: 17px; }
.up-tile p { margin: 2px 0 6px; font-size: 14px; color: #444; }
.up-stars { color: #f6b400; font-size: 20px; letter-spacing: 2px; }
.up-stars .up-star-off { color: #d7dbe6; }
.up-lesson-title { font-size: 20px; font-weight: 700; margin: 4px 0; }
.up-say { font-size: 17px; line-height: 1.45; background: #fffdf7; border: 2px solid #e8dfc8; border-radius: 14px;
  padding: 10px 14px; min-height: 48px; }
.up-task::before { content: "?"; display: inline-block; width: 24px; height: 24px; border-radius: 50%; background: #f6b400; color: #1f2430; text-align: center; margin-right: 8px; }
.up-task { font-size: 17px; font-weight: 700; background: #fff8d6; border: 3px solid #f6b400; border-radius: 14px;
  padding: 8px 14px; }
.up-task.up-task-done { font-weight: 600; background: #f1f8ee; border-color: #7fbf6a; color: #3d4a3a; }
.up-task.up-task-done::before { content: none; }
.up-done-mark { display: inline-block; background: #2e7d32; color: #fff; border-radius: 10px; padding: 0 8px;
  font-size: 13px; margin-right: 6px; }
.up-stepno { font-size: 14px; color: #555; }
.up-rules h2 { font-size: 20px; margin: 14px 0 4px; border-bottom: 3px solid #e3e7ef; }
.up-rule { padding: 6px 10px; margin: 4px 0; border-radius: 10px; background: #fff; border: 1px solid #e3e7ef; }
.up-rule.up-focus { border: 3px solid #f6b400; background: #fff8d6; }
.up-rule .up-mark { display: inline-block; font-size: 11px; font-weight: 700; border-radius: 8px; padding: 0 6px;
  margin-left: 6px; }
.up-mark-printed { background: #e4f4dd; color: #1f5c08; }
.up-mark-ruling { background: #efe6ff; color: #4a2a88; }
.up-mark-inferred { background: #eee; color: #444; }
.up-mark-classic { background: #e3eeff; color: #063a80; }
.up-rule p { margin: 3px 0; font-size: 14.5px; line-height: 1.4; }

.up-mark { display: inline-block; font-size: 11px; font-weight: 700; border-radius: 8px; padding: 0 6px; }
.up-side { box-sizing: border-box; min-width: 0; }
.up-side .widget-html-content { white-space: normal; }
.up-app .up-actions .widget-button { flex: 0 0 auto; max-width: 100%; }
.up-confirm .widget-button { white-space: normal; text-overflow: clip; }
/* the table page's PIN (views/table_page.py): its fields under "Your name", labels in its column */
.up-pin-field { width: auto !important; max-width: 100%; flex: 0 0 100%; }
.up-pin-field > .widget-label { width: 146px; min-width: 146px; text-align: left; font-weight: 700; }
.up-pin-field > input { flex: 0 1 240px; width: 240px; max-width: 240px; min-width: 0; }
@media (max-width: 1100px) {
""" + _UNDER_1100 + """}
/* presenter's mode (App.set_presenter) and the app in full screen: a projector's view */
.up-app:fullscreen { background: #fff; overflow: auto; padding: 12px; }
.up-presenter .up-slot { width: 112px; height: 168px; }
.up-presenter .up-say, .up-presenter .up-task, .up-presenter .up-msg { font-size: 20px; }
.up-presenter .up-seat .up-name { font-size: 17px; }
.up-every { background: #fff; border: 2px solid #1f2430; border-radius: 12px; padding: 8px 12px; margin: 8px 0; }
.up-every-row { margin: 4px 0; }
/* tablets (portrait) and narrower: the side panel wraps below the table */
@media (max-width: 900px) {
""" + _UNDER_900 + """}
""" + _positions()


# The app laid out by its own width, not the window's: in a JupyterLab cell (the file browser
# open, 1280 px window) the app is ~850 px wide while the window is wide. The same rules as
# the 1100 px and 900 px media queries above, as container queries on .up-app; then the phone
# rules, both as a media query and as a container query.
CSS += """
.up-app { container-type: inline-size; container-name: upapp; }
@container upapp (max-width: 1100px) {
""" + _UNDER_1100 + """}
@container upapp (max-width: 900px) {
""" + _UNDER_900 + """}
/* phones: everything stays reachable (wraps, or scrolls sideways inside the table). Last, so
   that the container queries above (the app is narrower than 900 px too) do not undo them. */
@media (max-width: 600px) {
  .up-app { max-width: 100vw; overflow-x: hidden; }
""" + _UNDER_600 + """}
@container upapp (max-width: 600px) {
""" + _UNDER_600 + """}
/* a narrow cell rather than a phone (480–600 px): the piles need not shrink as much */
@media (min-width: 480px) and (max-width: 600px) { .up-center { transform: translate(-50%, -50%) scale(.72); } }
@container upapp (min-width: 480px) and (max-width: 600px) { .up-center { transform: translate(-50%, -50%) scale(.72); } }
"""


def style_widget() -> w.HTML:
    """The stylesheet as a widget; put it once at the top of an app."""
    return w.HTML(f"<style>{CSS}</style>", layout=w.Layout(height="0px", margin="0", overflow="hidden"))
