"""Layout checks run in the page (for the Voila app and for JupyterLab): each returns a list
of problems as short sentences, empty when the layout is right. Measured with the boxes the
browser lays out, so they hold whatever the fonts, the language or the window size.
"""

from __future__ import annotations

# A box (x, y, width, height) from a DOMRect, and the tests on boxes the checks share.
_BOXES = """
const box = el => { const r = el.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
const shown = el => { const r = el.getBoundingClientRect(); const cs = getComputedStyle(el);
  return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.display !== 'none'; };
const inside = (a, o, tol = 1) => a.l >= o.l - tol && a.r <= o.r + tol && a.t >= o.t - tol && a.b <= o.b + tol;
const overlap = (a, o, tol = 1) => a.l < o.r - tol && o.l < a.r - tol && a.t < o.b - tol && o.t < a.b - tol;
const fmt = a => `[${Math.round(a.l)},${Math.round(a.t)} – ${Math.round(a.r)},${Math.round(a.b)}]`;
const name = el => (el.innerText || el.value || el.className || el.tagName).toString().trim().split('\\n')[0].slice(0, 40);
"""

LANGUAGE_PICKER = "() => {" + _BOXES + """
  const problems = [];
  const select = document.querySelector('.up-language select');
  const nav = document.querySelector('.up-nav');
  if (!select || !nav) return ['no language picker in the navigation'];
  const vw = document.documentElement.clientWidth;
  const s = box(select);
  if (s.l < 0 || s.r > vw + 0.5) problems.push(`the language picker ${fmt(s)} leaves the window (0–${vw})`);
  if (!inside(s, box(nav))) problems.push(`the language picker ${fmt(s)} spills out of the navigation ${fmt(box(nav))}`);
  const label = document.querySelector('.up-language .widget-label');
  if (label && shown(label) && !inside(box(label), box(nav))) problems.push('the label "Language" spills out of the navigation');
  // a navigation that scrolls shows a scrollbar over its last item (the picker)
  if (nav.scrollHeight > nav.clientHeight + 1 || nav.scrollWidth > nav.clientWidth + 1)
    problems.push(`the navigation scrolls (${nav.scrollWidth}×${nav.scrollHeight} in ${nav.clientWidth}×${nav.clientHeight})`);
  return problems;
}"""

# Nothing sticks out sideways, no button or label has its words cut.
PAGE = "() => {" + _BOXES + """
  const problems = [];
  const vw = document.documentElement.clientWidth;
  const app = document.querySelector('.up-app');
  if (!app) return ['no app on the page'];
  if (box(app).r > vw + 0.5) problems.push(`the app ${fmt(box(app))} is wider than the window (${vw})`);
  // boxes meant to scroll sideways: the table on a phone, a score table, an error's traceback
  // and the box round a table of many players on a phone
  const scrolls = el => el.closest('.up-main, .up-roundover, .up-error, .up-log-list') ||
    [...el.children].some(c => c.classList.contains('up-tablebox'));
  for (const el of [app, ...app.querySelectorAll('*')]) {
    if (!shown(el) || scrolls(el)) continue;
    const cs = getComputedStyle(el);
    if (['auto', 'scroll'].includes(cs.overflowX) && el.scrollWidth > el.clientWidth + 1)
      problems.push(`"${name(el)}" scrolls sideways (${el.scrollWidth} in ${el.clientWidth})`);
  }
  for (const el of app.querySelectorAll('button, .widget-label')) {
    if (!shown(el) || el.matches('.up-cardbtn, .up-seatbtn')) continue;
    if (el.scrollWidth > el.clientWidth + 1)
      problems.push(`"${name(el)}" is cut (${el.scrollWidth} px of words in ${el.clientWidth} px)`);
  }
  return problems.slice(0, 12);
}"""

# The seats of every table on the page: not over the piles, inside the box round the table,
# not over what comes before or after the table (the status line, the hand).
SEATS = "() => {" + _BOXES + """
  const problems = [];
  for (const table of document.querySelectorAll('.up-tablebox')) {
    if (!shown(table)) continue;
    const holder = table.parentElement;
    const room = box(holder);  // a table wider than its box (many players on a phone) scrolls in it
    if (table.getBoundingClientRect().width > holder.clientWidth + 1) { room.l -= holder.scrollLeft; room.r = room.l + holder.scrollWidth; }
    const neighbours = [...holder.children].filter(el => el !== table && shown(el));
    // what a pile shows: its cards and the lines of its words (not the empty corners of its box)
    const piles = [];
    for (const pile of table.querySelectorAll('.up-pile')) {
      if (!shown(pile)) continue;
      for (const card of pile.querySelectorAll('svg')) piles.push([name(pile), box(card)]);
      const walk = document.createTreeWalker(pile, NodeFilter.SHOW_TEXT);
      for (let node = walk.nextNode(); node; node = walk.nextNode()) {
        if (!node.textContent.trim() || node.parentElement.closest('svg')) continue;
        const range = document.createRange(); range.selectNodeContents(node);
        for (const r of range.getClientRects()) piles.push([node.textContent.trim(), {l: r.left, t: r.top, r: r.right, b: r.bottom}]);
      }
    }
    const seats = [...table.querySelectorAll('.up-seat')].filter(shown);
    const labels = [...table.querySelectorAll('.up-dir, .up-phase')].filter(shown);
    seats.forEach((seat, k) => {
      const s = box(seat), who = name(seat);
      for (const other of seats.slice(k + 1))
        if (overlap(s, box(other), 2)) problems.push(`seat ${who} ${fmt(s)} overlaps seat ${name(other)} ${fmt(box(other))}`);
      for (const label of labels)
        if (overlap(s, box(label))) problems.push(`"${name(label)}" ${fmt(box(label))} covers seat ${who} ${fmt(s)}`);
      if (!inside(s, room)) problems.push(`seat ${who} ${fmt(s)} is cut by the box round the table ${fmt(room)}`);
      for (const n of neighbours)
        if (overlap(s, box(n))) problems.push(`seat ${who} ${fmt(s)} covers "${name(n)}" ${fmt(box(n))}`);
      for (const [what, p] of piles)
        if (overlap(s, p)) problems.push(`seat ${who} ${fmt(s)} covers "${what}" of a pile ${fmt(p)}`);
    });
  }
  return problems;
}"""

# A desktop's, a tablet's and a phone's window, in CSS pixels (width, height).
SIZES = {"desktop": (1280, 800), "tablet": (768, 1024), "phone": (390, 844)}

# The round-over panel (issue 21): no word of a heading or a name broken across two lines
# ("Jucăto|r"), no button's words cut ("Runda următ…"), nothing wider than the panel.
ROUND_OVER = "() => {" + _BOXES + """
  const problems = [];
  const panel = [...document.querySelectorAll('.up-roundover')].find(shown);
  if (!panel) return ['no round-over panel shown'];
  const p = box(panel);
  for (const cell of panel.querySelectorAll('.up-scores th, .up-scores td')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (lines.size > 1) problems.push(`"${m[0]}" is broken across ${lines.size} lines`);
      }
    }
    if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`"${name(cell)}" sticks out of its cell`);
  }
  for (const b of panel.querySelectorAll('button')) {
    if (!shown(b)) continue;
    if (b.scrollWidth > b.clientWidth + 1) problems.push(`"${name(b)}" is cut (${b.scrollWidth} in ${b.clientWidth})`);
    if (!inside(box(b), p)) problems.push(`"${name(b)}" ${fmt(box(b))} leaves the panel ${fmt(p)}`);
  }
  const table = panel.querySelector('.up-scores');
  if (table && box(table).r > p.r + 1) problems.push(`the score table ${fmt(box(table))} is wider than the panel ${fmt(p)}`);
  return problems.slice(0, 12);
}"""

# Boxes meant to scroll sideways or to hold text that is not words (a traceback, code): the
# checks below leave them out, as PAGE does.
_SCROLLERS = """
const scrolls = el => el.closest('.up-main, .up-roundover, .up-error, .up-log-list, pre, code, textarea') ||
  [...el.children].some(c => c.classList.contains('up-tablebox'));
"""

# No word broken inside (issue 21: "Jucăto|r"): every run of letters between spaces, hyphens
# and slashes lies on one line, in every text of the app (inputs, code and tracebacks aside);
# and no element's content is wider than its box (a box too narrow for a longer translation,
# its words spilling over the next box or cut by an `overflow: hidden`).
WORDS = "() => {" + _BOXES + _SCROLLERS + """
  const problems = [];
  const app = document.querySelector('.up-app');
  if (!app) return ['no app on the page'];
  const walker = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('svg, pre, code, textarea, .up-error, script, style') || !shown(el)) continue;
    for (const m of node.textContent.matchAll(/[^\\s\\-‐–—\\/·]{2,}/g)) {
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.bottom)));
      if (lines.size > 1) problems.push(`"${m[0]}" is broken across ${lines.size} lines (in "${name(el)}")`);
    }
  }
  for (const el of app.querySelectorAll('*')) {
    if (el.closest('svg') || !shown(el) || scrolls(el)) continue;
    const cs = getComputedStyle(el);
    if (cs.display.startsWith('inline') && cs.display !== 'inline-block' && cs.display !== 'inline-flex') continue;
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
      problems.push(`"${name(el)}" (${el.tagName.toLowerCase()}.${[...el.classList].join('.')}) is wider inside than its box (${el.scrollWidth} in ${el.clientWidth})`);
  }
  return [...new Set(problems)].slice(0, 20);
}"""

# Every text the app shows, as the reader sees it (hidden boxes left out): the page's own
# words for the pseudo-language test (tests/helpers_pseudo.py, left_over).
VISIBLE_TEXT = "() => { const app = document.querySelector('.up-app'); return app ? app.innerText : ''; }"
