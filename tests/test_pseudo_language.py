"""A pseudo-language (issue 21): at test time every message of the catalogue becomes a visibly
transformed copy of itself — accented and bracketed, ``⟦Ťĥé ďřáŵ ƥíľé⟧``, placeholders and
markup kept — compiled as the catalogue ``qps``. The app's pages, a lesson, a game and practice
are rendered in it (widgets, no browser: as tests/test_no_english.py does), and every visible
text node must have come through the catalogue: once the bracketed parts are taken out, only
names, numbers, card symbols, rule ids and punctuation may be left. A text that never reaches
the catalogue (built in code, or an English word glued in) fails it.
"""

from __future__ import annotations

import html
import random
import re

import pytest

pytest.importorskip("ipywidgets")

from tests.helpers_pseudo import CODE, NAME, OPEN, build, left_over, pseudo  # noqa: E402
from unoparty import i18n  # noqa: E402
from unoparty.cards import Card  # noqa: E402


def test_pseudo_keeps_placeholders_and_brackets_the_words() -> None:
    assert pseudo("Draw {n} cards (T-3).") == "⟦Dráw {n} çárdš (T-3) ẋẋẋẋ.⟧"
    assert pseudo(" (you show {cards})").startswith(" ⟦") and "{cards}" in pseudo(" (you show {cards})")
    assert pseudo("R") == "⟦R⟧"  # a letter alone is not lengthened (a card's corner)


@pytest.fixture
def qps(tmp_path, monkeypatch):
    """The pseudo-language's compiled catalogue (:func:`tests.helpers_pseudo.build`),
    installed as ``qps`` (the package's own catalogues untouched)."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", build(tmp_path / "locale"))
    monkeypatch.setitem(i18n.LANGUAGES, CODE, NAME)
    monkeypatch.setenv("UNOPARTY_PROGRESS", str(tmp_path / "progress.json"))
    yield
    i18n.set_language("en")


def text_nodes(widget, out: list[str]) -> None:
    """Every visible text of a widget tree: the text of each HTML or label widget (tags
    taken out, so that a message holding markup stays whole; scripts, styles and code
    examples aside), titles and accessible names, buttons' descriptions, tooltips,
    placeholders and option labels — not the values of inputs and pickers (data, not words)."""
    import ipywidgets as w
    layout = getattr(widget, "layout", None)
    if layout is not None and getattr(layout, "display", "") == "none":
        return  # hidden: not on screen
    texts = []
    if isinstance(widget, (w.HTML, w.HTMLMath, w.Label)) and isinstance(widget.value, str):
        value = re.sub(r"(?is)<(script|style|code|pre)\b.*?</\1>", " ", widget.value)
        value = re.sub(r"(?s)<!--.*?-->", " ", value)
        texts += re.findall(r'(?:title|aria-label|alt)="([^"]*)"', value)
        texts.append(re.sub(r"<[^>]*>", "", value))
    for attr in ("description", "tooltip", "placeholder"):
        value = getattr(widget, attr, None)
        if isinstance(value, str):
            texts.append(value)
    for label in getattr(widget, "_options_labels", ()) or ():
        texts.append(label)
    for text in texts:
        text = " ".join(html.unescape(text).split())
        if text:
            out.append(text)
    for child in getattr(widget, "children", ()) or ():
        text_nodes(child, out)


def _walk(app, seen: list[str]) -> None:
    from unoparty.views.app import lesson_catalogue
    text_nodes(app.box, seen)                  # the landing page
    app.show_rules()
    text_nodes(app.box, seen)
    infos = lesson_catalogue()
    for info in infos[:2] + [i for i in infos if "wild-drawn" in i.id or "link" in i.id][:1]:
        player = app.open_lesson(info)
        for _ in range(12):
            text_nodes(app.box, seen)
            step = player.steps[player.pos] if player.pos >= 0 else None
            if step is not None and step.is_task and player.pos not in player.answered and player.me is not None:
                player.hint_button.click()
                text_nodes(app.box, seen)
                player._answer(step.answer_moves[0])
                text_nodes(app.box, seen)
            if player.finished:
                break
            player.next_button.click()
    app.show_practice()
    text_nodes(app.box, seen)
    page = app._practice
    for _ in range(3):  # a few questions, each answered (the feedback, the explanation), then the next
        if page is None or not page.choice_buttons:
            break
        page.choice_buttons[0].click()
        text_nodes(app.box, seen)
        page.next_button.click()
        text_nodes(app.box, seen)
    app.show_scenarios()
    text_nodes(app.box, seen)
    app.show_teacher()
    text_nodes(app.box, seen)
    _play(app, seen)


def _play(app, seen: list[str], seed: int = 5, moves: int = 40) -> None:
    """A seeded game: the settings form, the deal, then clicks (a card refused now and then,
    a hint, the cards, the pickers, the buttons) until `moves` clicks or the round's end."""
    from unoparty.engine.moves import Play
    app.show_game()
    text_nodes(app.box, seen)
    game_app = app.game
    game_app.deal(seed=seed)
    board, rng = game_app.board, random.Random(seed)
    for _ in range(moves):
        text_nodes(app.box, seen)
        game = game_app.game
        if str(game.phase.value) in ("round over", "match over"):
            break
        hand = board.hand
        unplayable = [i for i, card in enumerate(hand.cards) if game.why_illegal(Play(game_app.me, card)) is not None]
        if unplayable and rng.random() < 0.3:
            hand.buttons[unplayable[0]].click()
        elif rng.random() < 0.2:
            game_app.hint_button.click()
        elif game_app.continue_button.layout.display != "none" and not game_app.continue_button.disabled:
            game_app.continue_button.click()
        else:
            playable = [i for i, box in enumerate(hand.slots[: len(hand.cards)]) if "up-playable" in box._dom_classes]
            if playable and game.current == game_app.me:
                hand.buttons[rng.choice(playable)].click()
                for _pick in range(4):
                    if board.picker.layout.display == "none":
                        break
                    text_nodes(board.picker, seen)
                    (board.picker_buttons or list(board.colour_buttons.values()))[0].click()
            else:
                for b in (board.draw_button, board.keep_button, board.accept_button, board.take_button,
                          board.uno_button):
                    if not b.disabled and b.layout.display != "none":
                        b.click()
                        break
                else:
                    if board.picker_buttons:
                        board.picker_buttons[0].click()
    text_nodes(app.box, seen)


def test_every_visible_text_comes_through_the_catalogue(qps) -> None:
    from unoparty.views.app import App
    random.seed(0)
    app = App(lang="qps")
    assert i18n.language() == "qps" and i18n._("draw pile").startswith(OPEN)
    seen: list[str] = []
    _walk(app, seen)
    assert not app.errors.errors, app.errors.errors
    bad = sorted({(left_over(node), node) for node in seen if left_over(node)})
    assert not bad, f"{len(bad)} texts did not come through the catalogue:\n" + "\n".join(
        f"  {left!r} in {node[:3000]!r}" for left, node in bad[:40])


def test_a_catalogue_folder_named_in_the_environment_offers_its_language(tmp_path, monkeypatch) -> None:
    """``UNOPARTY_EXTRA_LOCALES`` (how the served app of the browser tests gets ``qps``): the
    language is offered after the app's own, named by its catalogue, and used; the app's own
    languages are never taken from such a folder."""
    monkeypatch.setattr(i18n, "LANGUAGES", dict(i18n.LANGUAGES))
    monkeypatch.setenv(i18n.EXTRA_LOCALES_ENV, str(build(tmp_path / "extra")))
    try:
        assert i18n.available_languages()[-1] == CODE and i18n.LANGUAGES[CODE] == NAME
        assert i18n.match_language("qps") == CODE
        i18n.set_language(CODE)
        assert i18n._("draw pile").startswith(OPEN) and i18n.the_card_object(Card.parse("red 7")).startswith(OPEN)
        i18n.set_language("fr")
        assert i18n._("draw pile") == "pioche"  # French still from the package's catalogue
    finally:
        i18n.set_language("en")


def test_numbers_and_the_teachers_csv_work_in_a_language_babel_does_not_know(qps, tmp_path) -> None:
    """Babel has no data for ``qps``: a number is then written the English way, and the
    teacher's CSV (whose separator follows the language's decimal sign) is still made — the
    Teacher page once showed a traceback there."""
    from unoparty.progress import SQLStore
    from unoparty.views.teacher import class_csv, spreadsheet_delimiter
    i18n.set_language("qps")
    assert i18n.language() == "qps"
    assert i18n.format_decimal(2.3) == "2.30" and i18n.format_seconds(1.5) == "1.50\u00a0s"
    assert spreadsheet_delimiter() == ","
    store = SQLStore(str(tmp_path / "class.db"))
    store.add_learner("Mia")
    assert class_csv(store).lstrip("\ufeff").splitlines()[1].startswith("Mia,")
