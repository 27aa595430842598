"""Sessions outlive the page, in the browser (issue 18): mid-game, a reload, the browser's
Back, a tab closed and a new one opened on the same browser, and the Voila server restarted
on the same database each bring the learner back to the same game — the same hand, the same
top of the discard pile — under the same name, typed once.

The browser keeps its session key in ``localStorage`` (``unoparty.key``); the test reads it
there and waits until the store holds the game the page shows (the server's database is
this module's own), instead of sleeping.

The four ways back are one journey on one game (issue 19, the time of ``make test``): each
started its own game on a server without a kernel pool, 135–146 s apiece at load 25–45. The
server is the worker's ``app_server`` (``unoparty app`` as `make app` runs it, a preheated
pool), restarted on its port: a server of the module's own cost a start and a pool of its own
(7 s of the journey's 40 on one worker, the longest chain of make test's browser run).
"""

from __future__ import annotations

import time

import pytest

from tests.helpers_process import ServedApp

from .conftest import SCREENSHOTS, START_S, patient

pytestmark = pytest.mark.browser

from .conftest import LOAD  # noqa: E402  (ms: bounded by START_S, the machine's load)
NAME = "Zoë"

SNAPSHOT = """() => {
  const shown = (e) => e.offsetParent !== null;
  const label = (e) => { const s = e && e.querySelector('svg[aria-label]'); return s ? s.getAttribute('aria-label') : null; };
  return {
    hand: [...document.querySelectorAll('.up-hand .up-slot')].filter(shown).map(label),
    top: label(document.querySelector('.up-discard')),
    pile: (document.querySelector('.up-discard') || {}).innerText || null,
  };
}"""


def kept_game(server: ServedApp, key: str):
    """The game `server`'s store keeps for `key` (replayed), or None."""
    from unoparty.session import GameSession
    from unoparty.progress import SQLStore
    store = SQLStore(server.env["UNOPARTY_DB"])
    try:
        state = store.load_session(key, "game")
    finally:
        close = getattr(store, "close", None)
        if close is not None:
            close()
    if state is None:
        return None
    return GameSession.from_state(state, bot_factory=lambda seats, level, seed: {})


@pytest.fixture
def server(app_server):
    """The worker's app server (``unoparty app`` as `make app` runs it, a preheated pool; see
    ``app_server``): the journey restarts it on its port and database, and the tests after it
    on this worker find it started again."""
    return app_server


def _open(page, server) -> None:
    page.goto(server.url)
    page.get_by_role("button", name="Play against bots", exact=True).first.wait_for(timeout=LOAD)


def _key(page) -> str:
    page.wait_for_function("() => /^[A-Za-z0-9_-]{22,64}$/.test(localStorage.getItem('unoparty.key') || '')",
                           timeout=LOAD)
    return page.evaluate("() => localStorage.getItem('unoparty.key')")


def _snapshot(page) -> dict:
    return page.evaluate(SNAPSHOT)


def _kept_and_shown(page, answered, server, key: str) -> dict:
    """The table the page shows once the store keeps that very game (as many cards in the
    learner's hand, the same top of the discard pile and pile size) and the page is still."""
    from unoparty.views.svg import card_label
    deadline = time.monotonic() + LOAD / 1000
    shown: dict = {}
    while time.monotonic() < deadline:
        answered.still()
        shown = _snapshot(page)
        kept = kept_game(server, key)
        if kept is not None:
            g = kept.game
            top = f"top of the discard pile: {card_label(g.top_card, g.colour if g.top_card.is_wild else None)}"
            if len(g.hands[kept.me]) == len(shown["hand"]) and shown["top"] == top and \
                    f"· {len(g.discard_pile)}" in (shown["pile"] or "") and _snapshot(page) == shown:
                return shown
        time.sleep(0.1)
    raise AssertionError(f"the store did not keep the game shown: {shown}")


def _start_a_game(page, server, answered) -> tuple[str, dict]:
    """Type the learner's name, deal, make one move; the key and the table shown."""
    _open(page, server)
    page.locator(".up-learner-name input").fill(NAME)
    page.get_by_role("button", name="That's me").click()
    page.get_by_text(f"Hello {NAME}!").wait_for(timeout=LOAD)
    page.get_by_role("button", name="Play against bots", exact=True).first.click()
    page.get_by_role("button", name="Deal the cards").click()
    page.locator(".up-hand .up-cardbtn").first.wait_for(timeout=LOAD)
    playable = page.locator(".up-playable .up-cardbtn")
    draw = page.get_by_role("button", name="Draw a card", exact=True)
    if page.locator(".up-seat.up-me.up-turn").count() and playable.count():
        answered(lambda: playable.first.click())
        picker = page.locator(".up-picker")
        for _ in range(3):  # a wild: its colour (and players)
            if not picker.is_visible():
                break
            answered(lambda: picker.locator("button:not(:has-text('Cancel'))").first.click())
    elif draw.is_enabled():
        answered(lambda: draw.click())
    key = _key(page)
    shown = _kept_and_shown(page, answered, server, key)
    assert shown["hand"] and shown["top"]
    return key, shown


def _comes_back(page, shown: dict, shot, tag: str, home: bool = True) -> None:
    """The page offers the kept game; resumed, it is the same table, under the same name
    (`home`: then the Home page greets the learner by name, typed once)."""
    resume = page.get_by_role("button", name="Resume your game")
    resume.wait_for(timeout=LOAD)
    shot(f"resume-{tag}-offer")
    resume.click()
    page.locator(".up-hand .up-cardbtn").first.wait_for(timeout=LOAD)
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    try:  # the table is drawn in a few messages: until it is the one left
        # compared as JavaScript writes it: json.dumps spaces and escapes otherwise, and the
        # wait then always ran to its end (90 s per way back before the journey was one test)
        page.wait_for_function(f"(want) => JSON.stringify(({SNAPSHOT})()) === JSON.stringify(want)",
                               arg=shown, timeout=LOAD)
    except PlaywrightTimeout:
        pass  # the assertion below shows what differs
    assert _snapshot(page) == shown, f"{tag}: the resumed table differs from the one left"
    shot(f"resume-{tag}")
    if home:
        page.get_by_role("button", name="Home", exact=True).click()
        page.get_by_text(f"Hello {NAME}!").wait_for(timeout=LOAD)   # no name typed again


def test_a_reload_back_a_new_tab_and_a_restarted_server_each_come_back_to_the_same_game(
        page, context, server, answered):
    """Mid-game: a reload, then the browser's Back (away and back again), then the tab
    closed and a new one opened, then the server restarted — each time the page offers the
    kept game and it is the same table, under the same name."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot = lambda name: page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))  # noqa: E731
    _, shown = _start_a_game(page, server, answered)
    page.reload()
    _comes_back(page, shown, shot, "reload", home=False)
    page.goto("about:blank")
    page.go_back()
    _comes_back(page, shown, shot, "back", home=False)
    page.close()
    tab = patient(context).new_page()
    tab.goto(server.url)
    tab_shot = lambda name: tab.screenshot(path=str(SCREENSHOTS / f"{name}.png"))  # noqa: E731
    _comes_back(tab, shown, tab_shot, "new-tab", home=False)
    server.restart(START_S)
    tab.goto(server.url)
    _comes_back(tab, shown, tab_shot, "restart")


BLOCK_LOCAL_STORAGE = """
Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('blocked', 'SecurityError'); }});
"""


def test_without_local_storage_the_key_is_kept_in_a_cookie(page, context, server, shot):
    """A browser that refuses ``localStorage`` keeps the key in a cookie: a reload comes back
    signed in (no name typed again)."""
    page.add_init_script(BLOCK_LOCAL_STORAGE)
    _open(page, server)
    page.locator(".up-learner-name input").fill(NAME)
    page.get_by_role("button", name="That's me").click()
    page.get_by_text(f"Hello {NAME}!").wait_for(timeout=LOAD)
    cookie = next((c for c in context.cookies() if c["name"] == "unoparty.key"), None)
    assert cookie is not None and len(cookie["value"]) == 22
    page.reload()
    page.get_by_text(f"Hello {NAME}!").wait_for(timeout=LOAD)
    shot("resume-cookie")
