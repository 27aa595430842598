"""No English left (issue 11): for each language with a catalogue, render every page, every
step of every lesson (each task answered wrong once, then right) and a seeded game's states,
at widget level, and fail on any English catalogue string shown untranslated.

Names, rule ids and the glossary's English card names aside: a message whose translation is
the English itself ("Point Taken") is not looked for, and only the sentences of a message are
(the literal parts between its placeholders, three words or more).
"""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from babel.messages.pofile import read_po  # noqa: E402

from unoparty import i18n  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = sorted((ROOT / "unoparty" / "locale").glob("*/LC_MESSAGES/unoparty.po"))
LANGS = [p.parts[-3] for p in CATALOGUES]
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_WORD = re.compile(r"[A-Za-z]{2,}")


def english_probes(po: Path) -> dict[str, str]:
    """Sentence parts of the English messages whose translation differs → their message."""
    with open(po, "rb") as f:
        catalogue = read_po(f)
    probes: dict[str, str] = {}
    for m in catalogue:
        if not m.id:
            continue
        pairs = [(m.id, m.string)] if isinstance(m.id, str) else list(zip(m.id, m.string[:2]))
        for english, translated in pairs:
            if not translated or english.strip() == translated.strip():
                continue
            for part in _PLACEHOLDER.split(english):
                part = " ".join(part.split()).strip(" .,:;!?()—–-")
                if len(_WORD.findall(part)) >= 3 and part not in translated:
                    probes[part] = m.id if isinstance(m.id, str) else m.id[0]
    return probes


def widget_texts(widget, out: set[str]) -> None:
    """Every text a widget tree shows: HTML and label values, descriptions, tooltips,
    placeholders and option labels, tags stripped."""
    for attr in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, attr, None)
        if isinstance(value, str) and value:
            out.add(" ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split()))
    for option in getattr(widget, "options", ()) or ():
        label = option[0] if isinstance(option, tuple) else option
        if isinstance(label, str):
            out.add(label)
    for tip in getattr(widget, "tooltips", ()) or ():
        if isinstance(tip, str):
            out.add(tip)
    for child in getattr(widget, "children", ()) or ():
        widget_texts(child, out)


def _play_a_game(app, seen: set[str], seed: int = 5, moves: int = 60) -> None:
    """A seeded game at learning pace: deal, a card refused, a hint, then clicks until
    `moves` clicks or the round ends; the page's texts after every click."""
    from unoparty.engine.moves import Play
    app.show_game()
    widget_texts(app.box, seen)  # the settings form
    game_app = app.game
    game_app.deal(seed=seed)
    board, rng = game_app.board, random.Random(seed)
    widget_texts(app.box, seen)
    for _ in range(moves):
        game = game_app.game
        if str(game.phase.value) in ("round over", "match over"):
            break
        hand = board.hand
        unplayable = [i for i, card in enumerate(hand.cards)
                      if game.why_illegal(Play(game_app.me, card)) is not None]
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
        widget_texts(app.box, seen)


def _walk_lessons(app, seen: set[str]) -> None:
    from unoparty.views.app import lesson_catalogue
    for info in lesson_catalogue():
        player = app.open_lesson(info)
        widget_texts(app.box, seen)
        for _ in range(200):
            if player.finished:
                break
            step = player.steps[player.pos] if player.pos >= 0 else None
            if step is not None and step.is_task and player.pos not in player.answered and player.me is not None:
                wrong = [m for m in player.game.legal_moves(player.me) if m not in step.answer_moves]
                player.hint_button.click()
                widget_texts(app.box, seen)
                if wrong:
                    player._answer(wrong[0])
                    widget_texts(app.box, seen)
                player._answer(step.answer_moves[0])
            widget_texts(app.box, seen)
            player.next_button.click()
        widget_texts(app.box, seen)
        assert player.finished or player.me is None, info.id


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_no_english_is_left_on_any_page(lang: str, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("UNOPARTY_PROGRESS", str(tmp_path / "progress.json"))
    from unoparty.views.app import App
    probes = english_probes(ROOT / "unoparty" / "locale" / lang / "LC_MESSAGES" / "unoparty.po")
    assert len(probes) > 300
    seen: set[str] = set()
    try:
        app = App(lang=lang)
        assert i18n.language() == lang
        widget_texts(app.box, seen)                    # the landing page
        app.show_rules()
        widget_texts(app.box, seen)                    # the rules page
        app.show_rules("SP-3")
        widget_texts(app.box, seen)
        widget_texts(App(lang=lang, groups=["speed-play"]).box, seen)  # a lesson group's own page
        _walk_lessons(app, seen)                       # every step of every lesson
        _play_a_game(app, seen)                        # a seeded game
        assert not app.errors.errors, app.errors.errors
    finally:
        i18n.set_language("en")
    shown = "\n".join(sorted(seen))
    left = sorted({(probe, message) for probe, message in probes.items() if probe in shown})
    assert not left, f"{len(left)} English texts shown in {lang}:\n" + "\n".join(
        f"  {probe!r} (from {message[:60]!r})" for probe, message in left[:20])


def test_the_probe_finds_an_english_sentence(tmp_path) -> None:
    po = tmp_path / "xx.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "You can\'t play {card} now."\nmsgstr "Tu ne peux pas jouer {card}."\n\n'
                  'msgid "Point Taken"\nmsgstr "Point Taken"\n', encoding="utf-8")
    probes = english_probes(po)
    assert "You can't play" in probes and "Point Taken" not in probes
    seen: set[str] = set()
    import ipywidgets as w
    widget_texts(w.VBox([w.HTML("<b>You can&#x27;t play</b> the red 7"), w.Button(description="OK")]), seen)
    assert "You can't play the red 7" in seen and "OK" in seen
