"""Play together in headless Chromium (issue 23): two learners — two browser contexts, each
its own browser key — join one table by code, one seat a bot; each plays a card on its
turn; each page shows its own hand only (the other learner's cards appear nowhere in its
DOM); a reload mid-round brings the learner back to their seat and hand; the host gives a
seat to a bot and back; the projector view shows no hand. Every wait is for a condition,
never a fixed sleep.
"""

from __future__ import annotations

import re
import time

import pytest

from unoparty.views import svg

from .conftest import SCREENSHOTS, patient

pytestmark = pytest.mark.browser

from .conftest import LOAD  # noqa: E402  (ms: bounded by START_S, the machine's load)
TURN = 60_000   # ms: the table comes round to a learner (bots think in a blink: UNOPARTY_DELAY_SCALE)


def _open(browser, server):
    context = patient(browser.new_context(viewport={"width": 1280, "height": 900}))
    page = context.new_page()
    page.goto(server.url)
    page.get_by_role("button", name="Play together", exact=True).first.wait_for(timeout=LOAD)
    page.get_by_role("button", name="Play together", exact=True).first.click()
    page.locator(".up-table-page").wait_for(timeout=LOAD)
    return context, page


def _name(page, name):
    field = page.locator(".up-table-page input[placeholder='Your name']")
    field.fill(name)
    field.press("Tab")   # the value reaches the kernel before the click


def _table_log(server):
    from unoparty.progress.table_log import TableLog
    return TableLog(f"sqlite://{server.log.parent / 'progress.sqlite3'}")


def _game(log, code):
    from unoparty.session.table import TableSession
    onlooker = TableSession(log, code, "test", "t" * 22, None, run_bots=False)
    return onlooker.game


def _played(log, code, seat):
    return any(m.seat == seat and isinstance(m.entry, dict) and m.entry.get("move") in ("Play", "SpeedPlay")
               for m in log.moves(code))


def _take_turn(page) -> bool:
    """Click what the learner's turn asks for: a playable card (a colour when asked), else
    draw / keep / accept. Returns False when it is not this learner's turn."""
    if page.locator(".up-seat.up-me.up-turn").count() == 0:
        return False
    picker = page.locator(".up-picker")
    if picker.is_visible():
        picker.locator("button:not(:has-text('Cancel'))").first.click()
        return True
    playable = page.locator(".up-playable .up-cardbtn")
    if playable.count():
        playable.first.click()
        return True
    for name in ("Draw a card", "Keep it", "Accept the draw", "Take the mini pile"):
        b = page.get_by_role("button", name=name, exact=True)
        if b.count() and b.first.is_visible() and b.first.is_enabled():
            b.first.click()
            return True
    return False


def _private_labels(game, seat, other=None):
    """Labels of `seat`'s coloured cards that `other` (None: the projector) cannot see any
    other way (not in its own hand, not on the discard pile or mini pile): none may appear
    in `other`'s page."""
    from unoparty.i18n import set_language
    from unoparty.views import svg
    set_language("en")
    own = game.hands[other] if other is not None else ()
    public = {svg.card_label(c) for c in (*game.discard_pile, *game.mini_pile, *own)}
    return {svg.card_label(c) for c in game.hands[seat] if not c.is_wild} - public


def test_two_learners_play_one_table_each_sees_only_their_own_hand(browser, app_server):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ctx_a, ava = _open(browser, app_server)
    ctx_b, ben = _open(browser, app_server)
    try:
        # Ava opens a table of 3 seats, party pace
        _name(ava, "Ava")
        readout = ava.locator(".up-table-page .widget-readout").first
        readout.click()
        readout.fill("3")
        readout.press("Enter")
        ava.get_by_role("button", name="Party pace", exact=True).click()
        ava.get_by_role("button", name="Open a table", exact=True).click()
        code_box = ava.locator(".up-table-code")
        code_box.wait_for(timeout=LOAD)
        code = code_box.inner_text().strip()
        assert re.fullmatch(r"[A-HJKMNP-Z2-9]{6}", code), code
        # Ben joins with the code (typed in lower case)
        _name(ben, "Ben")
        ben.locator(".up-code-field input").fill(code.lower())
        ben.locator(".up-code-field input").press("Tab")
        ben.get_by_role("button", name="Join", exact=True).click()
        ben.get_by_text("Waiting for Ava to start the table.").wait_for(timeout=LOAD)
        # the host sees Ben, then starts: the third seat becomes a bot
        ava.locator(".up-seats", has_text="Ben").wait_for(timeout=LOAD)
        ava.screenshot(path=str(SCREENSHOTS / "table-waiting-room.png"))
        assert ava.locator(".up-seats li").count() == 3
        ava.get_by_role("button", name="Start the table", exact=True).click()
        for page in (ava, ben):
            page.locator(".up-hand .up-cardbtn").first.wait_for(timeout=LOAD)
        log = _table_log(app_server)
        # each plays a card when it is their turn
        deadline = time.monotonic() + 4 * TURN / 1000
        while not (_played(log, code, 0) and _played(log, code, 1)):
            if time.monotonic() > deadline:
                ava.screenshot(path=str(SCREENSHOTS / "table-stuck-ava.png"))
                ben.screenshot(path=str(SCREENSHOTS / "table-stuck-ben.png"))
                raise AssertionError(f"the learners did not both play a card: {[m.entry for m in log.moves(code)]}")
            acted = False
            for seat, page in ((0, ava), (1, ben)):   # a learner who has played still takes their turns
                try:
                    acted = _take_turn(page) or acted
                except PlaywrightTimeout:
                    acted = True   # the table moved on under the click: look again
            if not acted:   # nobody's turn here: wait until a page shows its learner's turn
                for page in (ava, ben):
                    try:
                        page.locator(".up-seat.up-me.up-turn").wait_for(timeout=500)
                        break
                    except PlaywrightTimeout:
                        pass
        assert ava.locator(".up-error:visible").count() == 0 and ben.locator(".up-error:visible").count() == 0
        ava.screenshot(path=str(SCREENSHOTS / "table-page-ava.png"))
        ben.screenshot(path=str(SCREENSHOTS / "table-page-ben.png"))
        # each page shows its own hand only: the other's cards appear nowhere in its DOM
        for seat, page, other_seat in ((0, ava, 1), (1, ben, 0)):
            ok = False
            for _ in range(40):   # the table may move between a look at the store and one at the page
                game = _game(log, code)
                mine = sorted(svg.card_label(c) for c in game.hands[seat])
                shown = sorted(t.split(" — ")[0] for t in page.locator(".up-hand .up-cardbtn").evaluate_all(
                    "bs => bs.map(b => b.title || b.textContent)"))
                if shown == mine:
                    ok = True
                    break
                try:   # wait until the page shows as many cards as the store says, then look again
                    page.wait_for_function("n => document.querySelectorAll('.up-hand .up-cardbtn').length === n",
                                           arg=len(mine), timeout=2_000, polling=50)
                except PlaywrightTimeout:
                    pass
            assert ok, f"seat {seat}'s page does not show its own hand"
            html = page.content()
            hidden = _private_labels(_game(log, code), other_seat, seat)
            assert hidden, "the other hand has coloured cards to look for"
            for label in hidden:
                assert label not in html, f"{label} of seat {other_seat} is in seat {seat}'s page"
        # Ben reloads mid-round: back at the table, at his seat, with the same hand
        ben.reload()
        ben.locator(".up-table-playing .up-hand .up-cardbtn").first.wait_for(timeout=LOAD)
        ben.locator(".up-table-playing .up-seats li[data-seat='1']", has_text="(you)").wait_for(timeout=LOAD)
        for _ in range(40):
            mine = sorted(svg.card_label(c) for c in _game(log, code).hands[1])
            shown = sorted(t.split(" — ")[0] for t in ben.locator(".up-hand .up-cardbtn").evaluate_all(
                "bs => bs.map(b => b.title || b.textContent)"))
            if shown == mine:
                break
            ben.wait_for_timeout(250)   # a bot's move may be on its way to the page: look again
        else:
            raise AssertionError(f"after the reload Ben's page shows {shown}, his hand is {mine}")
        # the host gives Ben's seat to a bot, then gives it back
        ava.locator(".up-host-seats select").first.select_option(label="2. Ben")
        ava.get_by_role("button", name="Give the seat to a bot", exact=True).click()
        ben.locator(".up-table-playing .up-seats", has_text="bot for Ben").wait_for(timeout=LOAD)
        ava.get_by_role("button", name="Give the seat back", exact=True).click()
        ben.locator(".up-table-playing .up-seats", has_text="bot for Ben").wait_for(state="detached", timeout=LOAD)
        assert ben.locator(".up-table-playing .up-seats li[data-seat='1']", has_text="(you)").count() == 1
        # the projector view: every seat, no hand
        proj_ctx = patient(browser.new_context(viewport={"width": 1280, "height": 900}))
        try:
            proj = proj_ctx.new_page()
            proj.goto(f"{app_server.url}?table={code}&view=projector")
            proj.locator(".up-projector .up-tablebox").wait_for(timeout=LOAD)
            proj.locator(".up-projector .up-seats", has_text="Ben").wait_for(timeout=LOAD)
            proj.screenshot(path=str(SCREENSHOTS / "table-projector.png"))
            game = _game(log, code)
            if not game.phase.is_over:
                assert proj.locator(".up-hand .up-cardbtn").count() == 0
                html = proj.content()
                for seat in (0, 1):
                    for label in _private_labels(game, seat):
                        assert label not in html, f"the projector shows {label} of seat {seat}"
        finally:
            proj_ctx.close()
    finally:
        ctx_a.close()
        ctx_b.close()
