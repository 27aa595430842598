"""The table page (issue 23): open, join by code, the host starts, each page draws its own
seat only, refusals worded with their rule, bad codes as sentences, and the projector view
(no hand until the round is over; the moment saved as a scenario). One process, SQLite,
an injected clock: nothing here waits in real time."""

from __future__ import annotations

import pytest

from unoparty.engine import Phase, Play
from unoparty.i18n import set_language
from unoparty.progress.table_log import TableLog
from unoparty.views import svg
from unoparty.views.table_page import ProjectorView, TablePage


class Clock:
    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def url(tmp_path):
    set_language("en")
    return f"sqlite:///{tmp_path}/class.sqlite3"


def _two(url, clock, seats=3):
    ava = TablePage(log=TableLog(url), name="Ava", key="a" * 22, follow=False, clock=clock)
    ava.seats.value = seats
    ava.pace.value = "party"
    session = ava.open_table()
    assert session is not None and len(session.code) == 6
    ben = TablePage(log=TableLog(url), name="Ben", key="b" * 22, follow=False, clock=clock)
    assert ben.join(session.code.lower()) is not None
    return ava, ben, session.code


def _hand_labels(page):
    return sorted(b.description.split(" — ")[0] for b in page.board.hand.buttons)


def test_open_join_start_each_page_shows_its_own_hand(url):
    clock = Clock()
    ava, ben, code = _two(url, clock)
    assert ava.waiting.layout.display == "" and code in ava.code_html.value
    ava.poll()
    assert "Ben" in ava.seats_list.value and "Ava" in ava.seats_list.value
    # only the host starts: Ben waits for Ava
    assert ben.start_button.layout.display == "none" and "Ava" in ben.waiting_note.value
    ava.start_button.click()
    ben.poll()
    assert ava.playing.layout.display == "" and ben.playing.layout.display == ""
    game = ava.session.game
    assert _hand_labels(ava) == sorted(svg.card_label(c) for c in game.hands[0])
    assert _hand_labels(ben) == sorted(svg.card_label(c) for c in game.hands[1])
    assert "bot" in ava.play_seats.value  # the empty seat became a bot


def test_a_card_that_cannot_be_played_is_explained_with_its_rule(url):
    clock = Clock()
    ava, ben, code = _two(url, clock)
    ava.start_button.click()
    ben.poll()
    game = ava.session.game
    waiting = ben if game.current == 0 else ava   # the seat whose turn it is not
    seat = waiting.session.seat
    waiting.board.on_move(Play(seat, game.hands[seat][0]))
    assert waiting.board.message.kind == "bad" and waiting.board.message.rule
    assert f"({waiting.board.message.rule})" in waiting.board.message.text
    assert waiting.session.seq == 0   # nothing was played


def test_a_move_on_one_page_is_drawn_on_the_other(url):
    clock = Clock()
    ava, ben, code = _two(url, clock)
    ava.start_button.click()
    ben.poll()
    game = ava.session.game
    mover = ava if game.current == 0 else ben
    other = ben if mover is ava else ava
    assert game.phase is Phase.TURN
    legal = [m for m in mover.session.view().player.legal_moves if not type(m).__name__ in ("CallUno", "Catch")]
    mover.board.on_move(legal[0])
    assert mover.session.seq == 1
    assert other.poll() and other.session.seq == 1


@pytest.mark.parametrize("code, words", [("ZZZZZZ", "There is no table ZZZZZZ"), ("ABC", "is not a table code"),
                                         ("O0O0O0", "is not a table code")])
def test_bad_codes_are_sentences(url, code, words):
    page = TablePage(log=TableLog(url), name="Ben", key="b" * 22, follow=False)
    assert page.join(code) is None
    assert words in page.message.value and page.session is None


def test_a_full_table_and_an_ended_table_are_sentences(url):
    clock = Clock()
    ava, ben, code = _two(url, clock, seats=2)
    cy = TablePage(log=TableLog(url), name="Cy", key="c" * 22, follow=False, clock=clock)
    assert cy.join(code) is None and "is full" in cy.message.value
    ava.session.end()
    dee = TablePage(log=TableLog(url), name="Dee", key="d" * 22, follow=False, clock=clock)
    assert dee.join(code) is None and "has ended" in dee.message.value
    ben.poll()
    assert ben.ended_box.layout.display == "" and "has ended" in ben.ended_note.value


def test_no_name_is_asked_for(url):
    page = TablePage(log=TableLog(url), follow=False)
    assert page.open_table() is None and "name" in page.message.value


def test_the_projector_shows_no_hand_until_the_round_is_over(url, tmp_path):
    clock = Clock()
    ava, ben, code = _two(url, clock)
    ava.start_button.click()
    proj = ProjectorView(code, log=TableLog(url), follow=False, folder=tmp_path / "scenarios")
    game = ava.session.game
    assert proj.hands.value == "" and "up-hand" not in proj.table.drawing.value
    assert "Ava" in proj.seats_list.value and "7 cards" in proj.seats_list.value
    # every card of every hand is absent from the projector's widgets (card buttons: none)
    text = proj.status.value + proj.table.drawing.value + proj.log_view.html.value
    for seat in range(3):
        for card in game.hands[seat]:
            if card != game.top_card:
                assert f'aria-label="{svg.card_label(card)}"' not in text
    path = proj.save_moment()
    assert path is not None and path.exists()
    from unoparty.scenarios.loader import loads_scenario
    loads_scenario(path.read_text(), path.name)   # `unoparty scenario check` accepts it
    assert "Download" in proj.saved.value


def test_the_projector_of_an_unknown_code_says_so(url):
    proj = ProjectorView("ZZZZZZ", log=TableLog(url), follow=False)
    assert "There is no table ZZZZZZ" in proj.message.value


def test_the_teacher_lists_live_tables_and_ends_one(url):
    from unoparty.views.table_page import LiveTables
    clock = Clock()
    ava, ben, code = _two(url, clock)
    ava.start_button.click()
    clock.t += 30
    live = LiveTables(log=TableLog(url), clock=clock)
    live.refresh()
    row = live.html.value
    assert code in row and "Ava" in row and "Ben" in row and "bot" in row
    assert f"?table={code}&amp;view=projector" in row and "30 seconds ago" in row
    live.end_buttons[code].click()
    assert "has ended" in live.message.value and code not in live.html.value
    ben.poll()
    assert "has ended" in ben.ended_note.value


def test_the_static_site_says_a_shared_table_needs_the_server(url, monkeypatch):
    from unoparty.views.table_page import no_server_box
    played = []
    box = no_server_box(lambda: played.append(1))
    text = box.children[0].value
    assert "class server" in text and "against bots" in text
    box.children[1].click()
    assert played == [1]


def test_the_app_keeps_the_table_across_a_language_switch(url, monkeypatch, tmp_path):
    from unoparty.views.app import App
    monkeypatch.setenv("UNOPARTY_DB", url)
    app = App(lang="en")
    app.show_table()
    page = app._table_page
    page.name_field.value = "Ava"
    session = page.open_table()
    app.set_language("fr")
    assert app.page == "table" and app._table_page is not page
    assert app._table_page.session is session and "Table" in app._table_page.code_html.value
    assert app.nav_buttons["table"].description == "Jouer ensemble"
    app._table_page.close()
    set_language("en")


def test_a_second_tab_claiming_a_live_seat_is_told(url):
    clock = Clock()
    ava, ben, code = _two(url, clock)
    ava.poll()   # Ava's tab answers: her seat is live
    again = TablePage(log=TableLog(url), name="Ava", key="z" * 22, follow=False, clock=clock)
    assert again.join(code) is None
    assert "on another screen" in again.message.value


def test_the_projector_pauses_the_table_for_every_screen(url):
    clock = Clock()
    ava, ben, code = _two(url, clock)
    ava.start_button.click()
    ben.poll()
    proj = ProjectorView(code, log=TableLog(url), follow=False)
    proj.pause_button.click()
    assert proj.pause_button.description == "Resume the table"
    clock.t += 5
    for page in (ava, ben):
        page.poll()
    mover = ava if ava.session.game.current == 0 else ben
    legal = [m for m in mover.session.view().player.legal_moves if type(m).__name__ in ("Draw", "Play")]
    mover.board.on_move(legal[0])
    assert mover.session.seq == 0 and "paused" in mover.board.message.text
    assert not ava.session.tick().bot_moves   # the bots wait too
    proj.pause_button.click()
    clock.t += 5
    mover.poll()
    mover.board.on_move(legal[0])
    assert mover.session.seq == 1


def _texts(widget) -> str:
    """Every text a widget tree shows (HTML values, labels, button descriptions)."""
    out = []
    todo = [widget]
    while todo:
        x = todo.pop()
        for name in ("value", "description"):
            v = getattr(x, name, None)
            if isinstance(v, str):
                out.append(v)
        todo.extend(getattr(x, "children", ()) or ())
    return "\n".join(out)


def test_the_projector_view_stays_the_projector_view_in_another_language(url, monkeypatch):
    """``?table=CODE&view=projector`` switched to French (the picker, or the browser's kept
    language arriving after the page) is the same table's projector view, worded in French —
    it once fell back to the Play together form, and a projector opened from a French page
    stayed English."""
    from unoparty.views.app import App
    monkeypatch.setenv("UNOPARTY_DB", url)
    clock = Clock()
    ava, ben, code = _two(url, clock)
    ava.start_button.click()
    app = App(lang="en")
    app.show_table_of_request(f"table={code}&view=projector")
    shown = app.content.children[0]
    assert "up-projector" in shown._dom_classes and "Ava" in _texts(shown) and "7 cards" in _texts(shown)
    app.set_language("fr")
    assert app.page == "table"
    again = app.content.children[0]
    assert "up-projector" in again._dom_classes and again is not shown
    assert "7 cartes" in _texts(again) and "7 cards" not in _texts(again)
    # the French teacher's link to it says the language (the new tab learns the browser's later)
    from unoparty.views.table_page import LiveTables
    live = LiveTables(log=TableLog(url), clock=clock)
    live.refresh()
    assert f"?table={code}&amp;view=projector&amp;lang=fr" in live.html.value
    app.show_table()                       # the Play together button: the form again
    assert "up-projector" not in app.content.children[0]._dom_classes
    set_language("en")


def test_a_refusal_stays_through_heartbeats_and_a_new_move_clears_it(url):
    """Only a new move closes the colour picker and clears a refusal the page shows: the
    other screens' heartbeats bump the view's version every few seconds, and each of them
    closed a Wild Draw Four's picker and wiped a refusal before the learner read it (a
    new-user trial)."""
    clock = Clock()
    ava, ben, code = _two(url, clock, seats=2)
    beat = ava.session.pace.heartbeat
    ava.start_button.click()
    ben.poll()
    game = ava.session.game
    mover = ava if game.current == 0 else ben
    waiting = ben if mover is ava else ava
    seat = waiting.session.seat
    waiting.board.on_move(Play(seat, game.hands[seat][0]))
    said = waiting.board.message.text
    assert waiting.board.message.kind == "bad" and said
    for _ in range(3):                         # heartbeats of both screens, no move
        version = waiting.session.version
        clock.t += beat + 0.1
        mover.poll()
        waiting.poll()
        assert waiting.session.version > version   # the heartbeat did change the view
        assert waiting.board.message.kind == "bad" and waiting.board.message.text == said
    legal = [m for m in mover.session.view().player.legal_moves if type(m).__name__ not in ("CallUno", "Catch")]
    mover.board.on_move(legal[0])
    waiting.poll()
    assert waiting.session.seq == 1 and waiting.board.message.kind != "bad"


def test_a_double_click_on_open_a_table_opens_one_table(url):
    """The second click of a double-click arrives once the first has opened the table: it
    opens no second one (a new-user trial found two tables, one of them stray)."""
    page = TablePage(log=TableLog(url), name="Ava", key="a" * 22, follow=False, clock=Clock())
    page.open_button.click()
    first = page.session
    page.open_button.click()
    assert first is not None and page.session is first
    assert [t.code for t in TableLog(url).tables()] == [first.code]
