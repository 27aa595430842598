"""Every page of the served app in the pseudo-language and in the longest real language, in
headless Chromium (issue 21). One page load per language and window width, navigating inside
it: the landing page, a lesson stepped to its first task, the game's settings and a game dealt,
practice, the rules, the teacher's page opened with the teacher's code, the teacher's
scenarios and the live-table page.

- In the pseudo-language ``qps`` (``tests/helpers_pseudo.py``: every message accented,
  bracketed and 40 % longer), every visible text must have come through the catalogue
  (names, card symbols, numbers aside), and nothing may overflow.
- In the longest real language (by the length of its catalogue against English) at a
  phone's width, nothing may overflow.

Overflow is what tests/browser/layout_checks.py measures: nothing scrolling sideways, no
button or label cut, the language picker inside the navigation, seats clear of the piles
(PAGE, LANGUAGE_PICKER, SEATS), no word broken inside and no box narrower than its content
(WORDS). In ``make soak``: every language (the pseudo one too) at 1280, 768 and 390 px, and
a whole round played to its end, the score panel checked by ROUND_OVER.
Screenshots: ``test-artifacts/screenshots/pages-<lang>-<width>-<page>.png``.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests import helpers_pseudo
from unoparty import i18n

from .layout_checks import LANGUAGE_PICKER, PAGE, ROUND_OVER, SEATS, VISIBLE_TEXT, WORDS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
from .conftest import LOAD  # noqa: E402  (ms: bounded by START_S, the machine's load)
REAL = ["en", "fr", "ro", "nb", "cs"]
HEIGHTS = {1280: 800, 768: 1024, 390: 844}


@pytest.fixture(scope="module")
def pseudo_locale(tmp_path_factory) -> Path:
    """The pseudo-language's catalogue for this process's own look-ups of the labels to click
    (the served app has its own: ``server_env``)."""
    return helpers_pseudo.build(tmp_path_factory.mktemp("pseudo-locale"))


def words(lang: str, locale: Path) -> dict[str, str]:
    """The labels the walk clicks, in `lang`, from the catalogue the app uses."""
    before = os.environ.get(i18n.EXTRA_LOCALES_ENV)
    os.environ[i18n.EXTRA_LOCALES_ENV] = str(locale)
    i18n.set_language(lang)
    try:
        return {"game": i18n._("Play against bots"), "rules": i18n._("Rules"), "practice": i18n._("Practice"),
                "scenarios": i18n._("Your scenarios"), "teacher": i18n._("Teacher"),
                "table": i18n._("Play together"), "next": i18n._("Next ›"), "open": i18n._("Open the class"),
                "continue": i18n._("Continue"), "draw": i18n._("Draw a card"), "keep": i18n._("Keep it"),
                "accept": i18n._("Accept the draw"), "take": i18n._("Take the mini pile"), "cancel": i18n._("Cancel")}
    finally:
        i18n.set_language("en")
        if before is None:
            os.environ.pop(i18n.EXTRA_LOCALES_ENV, None)
        else:
            os.environ[i18n.EXTRA_LOCALES_ENV] = before


def longest_language() -> str:
    """The real language whose catalogue is longest against English (its messages' lengths
    summed over their English ones'): the one with the least room to spare."""
    from babel.messages.pofile import read_po

    def ratio(lang: str) -> float:
        with open(ROOT / "unoparty" / "locale" / lang / "LC_MESSAGES" / "unoparty.po", "rb") as f:
            pairs = [(m.id, m.string) for m in read_po(f) if m.id and m.string]
        first = lambda s: s if isinstance(s, str) else s[0]  # noqa: E731
        return sum(len(first(s)) for _i, s in pairs) / sum(len(first(i)) for i, _s in pairs)
    return max((lang for lang in REAL if lang != "en"), key=ratio)


def overflow(page, where: str) -> list[str]:
    checks = [LANGUAGE_PICKER, PAGE, WORDS] + ([SEATS] if where != "practice" else [])  # practice: a random table
    return [p for check in checks for p in page.evaluate(check)]


def not_translated(text: str) -> list[str]:
    """The lines of `text` (the app's visible text) with words that did not come through
    the pseudo-language's catalogue."""
    rest = helpers_pseudo.strip_messages(text)
    return [line.strip() for line in rest.splitlines() if helpers_pseudo.left_over(line)]


def walk(page, answered, shot, url: str, lang: str, width: int, t: dict[str, str], found: dict[str, list[str]],
         *, texts: bool) -> None:
    """Open the app once in `lang` at `width`, then each page in turn from its navigation;
    what each page shows wrong goes into `found` under the page's name."""
    page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
    nav = page.locator(".up-nav")

    def check(where: str) -> None:
        answered.still()
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        shot(f"pages-{lang}-{width}-{where}")
        started = time.monotonic()
        bad = overflow(page, where)
        if texts:
            bad += [f"not translated: {line[:160]!r}" for line in not_translated(page.evaluate(VISIBLE_TEXT))]
        if bad:
            found[where] = bad
        checked[where] = time.monotonic() - started

    checked: dict[str, float] = {}

    def open_nav(key: str, ready: str) -> None:
        answered(nav.get_by_role("button", name=t[key], exact=True).click)
        page.locator(ready).first.wait_for(timeout=LOAD)

    page.goto(url + f"?lang={lang}")
    page.locator(".up-lessonbtn").first.wait_for(timeout=LOAD)
    check("landing")
    answered(page.locator(".up-lessonbtn").first.click)
    page.locator(".up-tablebox .up-seat").first.wait_for(timeout=LOAD)
    for _ in range(12):
        if page.locator(".up-task").first.is_visible():
            break
        answered(page.get_by_role("button", name=t["next"], exact=True).click)
    check("lesson")
    open_nav("game", ".up-deal")
    check("settings")
    answered(page.locator(".up-deal").first.click)
    page.locator(".up-hand .up-cardbtn").first.wait_for(timeout=LOAD)
    check("game")
    open_nav("practice", ".up-practice .up-task")
    check("practice")
    open_nav("rules", ".up-rules")
    check("rules")
    open_nav("teacher", ".up-teacher")
    code = page.locator(".up-teacher input[type=password]")
    code.fill("test-code")
    assert page.locator(".up-teacher").get_by_role("button", name=t["open"], exact=True).is_visible()
    answered(lambda: code.press("Enter"))  # Enter sends the code: the class opens
    code.wait_for(state="hidden", timeout=LOAD)
    check("teacher")
    open_nav("scenarios", ".up-scenarios")
    check("scenarios")
    open_nav("table", ".up-table-page")
    check("table")
    print(f"{lang} at {width} px, the checks' seconds per page:", {k: round(v, 2) for k, v in checked.items()})


def _report(found: dict[str, list[str]]) -> str:
    return "\n".join(f"{where}:\n  " + "\n  ".join(bad) for where, bad in found.items())


def test_every_page_in_the_pseudo_language(page, app_server, shot, answered, pseudo_locale):
    """Every visible text of every page came through the catalogue, and nothing overflows
    with messages 40 % longer (1280 px)."""
    found: dict[str, list[str]] = {}
    started = time.monotonic()
    walk(page, answered, shot, app_server.url, "qps", 1280, words("qps", pseudo_locale), found, texts=True)
    print(f"the pseudo-language's walk took {time.monotonic() - started:.1f} s")
    assert not found, _report(found)


def test_every_page_of_the_longest_language_fits_a_phone(page, app_server, shot, answered, pseudo_locale):
    lang = longest_language()
    found: dict[str, list[str]] = {}
    walk(page, answered, shot, app_server.url, lang, 390, words(lang, pseudo_locale), found, texts=False)
    assert not found, f"{lang} at 390 px:\n" + _report(found)


def _visible_enabled(locator) -> bool:
    return locator.count() > 0 and locator.first.is_visible() and locator.first.is_enabled()


def play_round(page, answered, t: dict[str, str], clicks: int = 600) -> None:
    """Click through the dealt game (learning pace) until its round ends: what the turn asks
    for (continue, a colour or a player in the picker, a playable card, draw, keep, accept,
    take), else wait for the bots."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    buttons = {key: page.locator(".up-app").get_by_role("button", name=t[key], exact=True)
               for key in ("continue", "draw", "keep", "accept", "take")}
    for _ in range(clicks):
        seen = answered.count()
        if page.locator(".up-roundover").is_visible():
            return
        picker = page.locator(".up-picker")
        playable = page.locator(".up-playable .up-cardbtn")
        if _visible_enabled(buttons["continue"]):
            target = buttons["continue"]
        elif picker.is_visible():
            target = picker.get_by_role("button").filter(has_not_text=t["cancel"]).first
        elif playable.count() and page.locator(".up-seat.up-me.up-turn").count():
            target = playable.first
        elif next((b for k, b in buttons.items() if k != "continue" and _visible_enabled(b)), None) is not None:
            target = next(b for k, b in buttons.items() if k != "continue" and _visible_enabled(b))
        elif page.locator(".up-seatbtn:visible").count():
            target = page.locator(".up-seatbtn:visible").first
        else:
            answered.change(seen)  # nothing to click yet: the bots move
            answered.still()
            continue
        try:
            answered(lambda target=target: target.click(timeout=5_000))
        except PlaywrightTimeout:
            continue  # the button went away before the click
    raise AssertionError("the round did not end")


@pytest.mark.soak
@pytest.mark.parametrize("width", sorted(HEIGHTS, reverse=True))
@pytest.mark.parametrize("lang", ["qps", *REAL])
def test_every_page_and_a_whole_round_fit(page, app_server, shot, answered, pseudo_locale, lang, width):
    """The full matrix (``make soak``): every page in every language at 1280, 768 and 390 px
    (the pseudo-language's texts checked too), then the game dealt on the way played to the
    round's end and the score panel checked (ROUND_OVER, WORDS)."""
    t = words(lang, pseudo_locale)
    found: dict[str, list[str]] = {}
    walk(page, answered, shot, app_server.url, lang, width, t, found, texts=lang == "qps")
    answered(page.locator(".up-nav").get_by_role("button", name=t["game"], exact=True).click)
    page.locator(".up-hand .up-cardbtn").first.wait_for(timeout=LOAD)
    play_round(page, answered, t)
    answered.still()
    page.locator(".up-roundover").scroll_into_view_if_needed()
    shot(f"pages-{lang}-{width}-round-over")
    bad = page.evaluate(ROUND_OVER) + page.evaluate(WORDS)
    if lang == "qps":
        panel = page.locator(".up-roundover").inner_text()
        bad += [f"not translated: {line[:160]!r}" for line in not_translated(panel)]
    if bad:
        found["round over"] = bad
    assert not found, f"{lang} at {width} px:\n" + _report(found)
