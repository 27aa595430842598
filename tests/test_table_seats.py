"""Seats of a live table (issues 23 and 22): the host moves learners and hands seats over, a
learner who joins a running table takes a bot's seat at the next round (or watches), a reload
brings the learner back to their seat and hand, and with PINs on a seat goes only to the
browser signed in as its learner. Session level, on SQLite and PostgreSQL; time is an injected
clock (nothing waits in real time)."""

from __future__ import annotations

from pathlib import Path

import pytest

from unoparty.bots import make_bot
from unoparty.engine import Phase
from unoparty.progress.table_log import Problem, TableError, TableLog, browser_of
from unoparty.session.table import CLAIM_BEATS, Pace, TableSession, bot_move, tab_holder
from tests.helpers_tables import KEY_A, KEY_B, KEY_C, Clock, pg_url, url  # noqa: F401 — fixtures


PARTY = Pace(kind="party", window=0, round_pause=None, grace=60.0, heartbeat=3.0)


def _open(url: str, clock: Clock, seats: int = 3) -> tuple[TableLog, TableSession, TableSession]:
    log = TableLog(url)
    ava = TableSession.open(log, host="Ava", holder=KEY_A + ".t1", seats=seats, pace=PARTY, seed=11, clock=clock)
    ben = TableSession.join(log, ava.code, name="Ben", holder=KEY_B + ".t1", clock=clock)
    return log, ava, ben


def _finish_round(clock: Clock, sessions: list[TableSession]) -> None:
    """Play to the round's end: the learners' moves chosen as a basic bot would, the bots
    by the lease holder's ticks."""
    bot = make_bot("basic")
    for _ in range(3000):
        host = sessions[0]
        game = host.game
        assert game is not None
        if game.phase.is_over:
            for s in sessions:
                s.refresh()
            return
        clock.t += 2.0
        for s in sessions:
            s.tick()
            s.refresh()
            g = s.game
            if s.seat is not None and not s.seat_lost and g is not None and s.seat in g.to_act() \
                    and not g.phase.is_over:
                move = bot_move(bot, g.view_for(s.seat), 5, s.seq)
                if move is not None:
                    s.act(move)
    pytest.fail("the round did not end")


def test_the_host_moves_a_learner_before_the_start_and_between_rounds_not_during_one(url):
    clock = Clock()
    log, ava, ben = _open(url, clock)
    ava.move_seat(1, 2)                      # before the start: Ben to seat 3
    ben.refresh()
    assert ben.seat == 2 and not ben.seat_lost and [s.name for s in ben.view().seats][2] == "Ben"
    ava.start()
    ben.refresh()
    assert ben.view().player is not None and ben.view().player.player == 2  # type: ignore[union-attr]
    with pytest.raises(TableError) as e:     # in a round: seats move when it is over
        ava.move_seat(2, 1)
    assert e.value.problem is Problem.IN_ROUND
    assert ben.refresh() is False and ben.seat == 2
    _finish_round(clock, [ava, ben])
    scores = list(ava.game.scores)  # type: ignore[union-attr]
    ava.move_seat(2, 1)                      # the round is over: Ben goes to seat 2
    ben.refresh()
    assert ben.seat == 1 and not ben.seat_lost
    assert ben.game is not None and ben.game.names[1] == "Ben" and ben.game.names[2].startswith("Bot")
    assert list(ben.game.scores) == scores   # the same game, rebuilt: each seat keeps its score
    assert ben.new_round().applied
    ava.refresh()
    assert ava.view().player.player == 0 and ben.view().player.player == 1  # type: ignore[union-attr]


def test_the_host_gives_a_seat_to_a_bot_and_back(url):
    clock = Clock()
    log, ava, ben = _open(url, clock)
    ava.start()
    ben.refresh()
    hand = ben.view().player.hand  # type: ignore[union-attr]
    with pytest.raises(TableError) as e:
        ben.hand_over(0, "bot")              # only the host
    assert e.value.problem is Problem.NOT_HOST
    ava.hand_over(1, "bot")
    ben.refresh()
    seat = ben.view().seats[1]
    assert ben.seat_lost and seat.covered and seat.name == "Ben" and not seat.live
    with pytest.raises(TableError) as e:     # opening the code again does not take it: the host gave it
        TableSession.join(log, ava.code, name="Ben", holder=KEY_B + ".t2", clock=clock)
    assert e.value.problem is Problem.HANDED
    with pytest.raises(TableError) as e:     # nor from his own tab
        ben.rejoin()
    assert e.value.problem is Problem.HANDED and ben.seat_lost
    clock.t += 61
    assert ava.tick().covered == ()          # the grace time does not touch it either
    ava.hand_over(1, "back")
    ben.refresh()
    assert not ben.seat_lost and ben.seat == 1 and not ben.view().seats[1].covered
    assert ben.view().player.hand == hand  # type: ignore[union-attr]  (the bot has not had Ben's turn)
    g = ben.game
    assert g is not None
    ben_moves = [m for m in g.legal_moves(1)]
    if ben_moves:
        assert ben.act(ben_moves[0]).applied   # his tab plays the seat again
    with pytest.raises(TableError) as e:     # the host frees only learners' seats
        ava.hand_over(2, "bot")
    assert e.value.problem is Problem.NOT_SEATED


def test_a_learner_joining_a_running_table_watches_then_takes_a_bot_seat_at_the_next_round(url):
    clock = Clock()
    log, ava, ben = _open(url, clock, seats=2)   # no bot seat: two learners
    ava.start()
    cy = TableSession.join(log, ava.code, name="Cy", holder=KEY_C + ".t1", clock=clock)
    assert cy.seat is None and cy.view().player is None
    ava.hand_over(1, "free")                  # Ben's seat is freed: a bot plays it now
    ben.refresh()
    assert ben.seat_lost and ava.view().seats[1].kind == "bot"
    assert ava.game is not None and ava.game.names[1].startswith("Bot")
    _finish_round(clock, [ava, cy])
    assert cy.seat is None                    # still watching until the next round is dealt
    assert ava.new_round().applied
    cy.refresh()
    ava.refresh()
    assert cy.seat == 1 and cy.view().player is not None and cy.game is not None and cy.game.names[1] == "Cy"
    assert ava.game is not None and ava.game.round_number == 2 and ava.game.names == cy.game.names
    # Ben, freed, opens the code again: he watches (no bot seat is free)
    ben2 = TableSession.join(log, ava.code, name="Ben", holder=KEY_B + ".t2", clock=clock)
    assert ben2.seat is None


def test_a_silent_spectator_is_not_seated_at_the_next_round(url):
    clock = Clock()
    log = TableLog(url)
    ava = TableSession.open(log, host="Ava", holder=KEY_A + ".t1", seats=2, pace=PARTY, seed=11, clock=clock)
    ava.start()
    cy = TableSession.join(log, ava.code, name="Cy", holder=KEY_C + ".t1", clock=clock)
    assert cy.seat is None
    clock.t += 120                            # Cy's tab went silent long ago
    _finish_round(clock, [ava])
    assert ava.new_round().applied
    cy.refresh()
    assert cy.seat is None and ava.view().seats[1].kind == "bot"


def test_a_reload_comes_back_to_the_seat_and_hand(url):
    """The kept state (``TableSession.to_state``) rebuilt in a new tab of the same browser:
    at once once the old tab closed, after ``CLAIM_BEATS`` heartbeats of silence if it did
    not say so, and never while it still answers."""
    clock = Clock()
    log, ava, ben = _open(url, clock)
    ava.start()
    ben.refresh()
    hand, state = ben.view().player.hand, ben.to_state()  # type: ignore[union-attr]
    new_tab = tab_holder(KEY_B)
    assert browser_of(new_tab) == KEY_B and new_tab != ben.holder
    with pytest.raises(TableError) as e:      # the old tab still answers: one sentence, nothing taken
        TableSession.from_state(state, log=log, holder=new_tab, clock=clock)
    assert e.value.problem is Problem.SEAT_LIVE
    ben.close()                               # the old tab's kernel shuts down (page reloaded)
    back = TableSession.from_state(state, log=log, holder=new_tab, clock=clock)
    assert back.seat == 1 and back.view().player.hand == hand  # type: ignore[union-attr]
    assert not back.view().seats[1].covered
    # a tab that vanished without a word: the next one waits a few heartbeats, not the grace time
    state2 = back.to_state()
    clock.t += CLAIM_BEATS * PARTY.heartbeat - 1
    with pytest.raises(TableError):
        TableSession.from_state(state2, log=log, holder=tab_holder(KEY_B), clock=clock)
    clock.t += 2
    again = TableSession.from_state(state2, log=log, holder=tab_holder(KEY_B), clock=clock)
    assert again.seat == 1 and again.view().player.hand == hand  # type: ignore[union-attr]
    # another browser is held off for the whole grace time
    ava.tick()
    with pytest.raises(TableError) as e:
        TableSession.join(log, ava.code, name="Ben", holder=tab_holder("z" * 22), clock=clock)
    assert e.value.problem is Problem.SEAT_LIVE


class _Store:
    """The class store's learner-key API and class settings, as the sessions use them."""

    def __init__(self, pins: bool) -> None:
        self.pins, self.keys = pins, {}

    def class_setting(self, key: str, default: str | None = None) -> str | None:
        return "1" if key == "pins" and self.pins else default

    def learner_for_key(self, key: str) -> str | None:
        return self.keys.get(key)


def test_with_pins_on_a_seat_goes_only_to_the_browser_signed_in_as_its_learner(url):
    clock = Clock()
    log = TableLog(url)
    store = _Store(pins=True)
    store.keys[KEY_A] = "Ava"
    ava = TableSession.open(log, host="Ava", holder=KEY_A + ".t1", seats=3, pace=PARTY, seed=11, clock=clock)
    with pytest.raises(TableError) as e:      # Ben's name typed on a browser signed in as nobody
        TableSession.join(log, ava.code, name="Ben", holder=KEY_B + ".t1", clock=clock, store=store)
    assert e.value.problem is Problem.NOT_SIGNED_IN
    store.keys[KEY_C] = "Cy"
    with pytest.raises(TableError) as e:      # nor on Cy's browser
        TableSession.join(log, ava.code, name="Ben", holder=KEY_C + ".t1", clock=clock, store=store)
    assert e.value.problem is Problem.NOT_SIGNED_IN
    assert [s.kind for s in log.seats(ava.code)] == ["learner", "empty", "empty"]   # unharmed
    store.keys[KEY_B] = "ben"                 # signed in (the store's capitals aside)
    ben = TableSession.join(log, ava.code, name="Ben", holder=KEY_B + ".t1", clock=clock, store=store)
    assert ben.seat == 1
    ava.start()
    clock.t += 61                             # Ben's tab silent: a bot covers his seat
    assert ava.tick().covered == (1,)
    with pytest.raises(TableError) as e:      # ...and it still goes to Ben's browser only
        TableSession.join(log, ava.code, name="Ben", holder=KEY_C + ".t2", clock=clock, store=store)
    assert e.value.problem is Problem.NOT_SIGNED_IN
    assert TableSession.join(log, ava.code, name="Ben", holder=KEY_B + ".t2", clock=clock, store=store).seat == 1
    # with PINs off, the name is enough (as before)
    off = _Store(pins=False)
    clock.t += 61
    ava.tick()
    assert TableSession.join(log, ava.code, name="Ben", holder=KEY_C + ".t3", clock=clock, store=off).seat == 1


# ---- the page ------------------------------------------------------------------------------------------


@pytest.fixture
def sqlite_url(tmp_path):
    from unoparty.i18n import set_language
    set_language("en")
    return f"sqlite:///{tmp_path}/class.sqlite3"


def _pages(url: str, clock: Clock, **kw):
    from unoparty.views.table_page import TablePage
    ava = TablePage(log=TableLog(url), name="Ava", key=KEY_A, follow=False, clock=clock, **kw)
    ava.seats.value, ava.pace.value = 3, "party"
    assert ava.open_table() is not None
    ben = TablePage(log=TableLog(url), name="Ben", key=KEY_B, follow=False, clock=clock, **kw)
    assert ben.join(ava.session.code) is not None
    return ava, ben


def test_the_host_page_moves_a_learner_and_hands_a_seat_over(sqlite_url):
    clock = Clock()
    ava, ben = _pages(sqlite_url, clock)
    ava.poll()
    assert ava.host_box.layout.display == "" and ben.host_box.layout.display == "none"
    assert [label for label, _ in ava.seat_pick.options] == ["1. Ava", "2. Ben", "3. empty seat"]
    ava.seat_pick.value, ava.seat_to.value = 1, 2
    ava.move_button.click()
    ben.poll()
    assert ben.session.seat == 2 and "data-seat='2'><b>3.</b> <b" in ben.seats_list.value
    assert "(you)" in ben.seats_list.value.split("data-seat='2'")[1]
    ava.start_button.click()
    ben.poll()
    ava.seat_pick.value = 2
    ava.bot_button.click()                     # Ben's seat to a bot: his page says so
    clock.t += 1.5
    ben.poll()
    assert "bot for Ben" in ava.play_seats.value and ben.session.seat_lost
    assert "gave your seat" in ben.board.message.text and "give it back" in ben.board.message.text
    ava.move_button.click()                    # a round is under way: one sentence
    assert "between rounds" in ava.host_message.value
    ava.back_button_seat.click()
    clock.t += 1.5
    ben.poll()
    assert not ben.session.seat_lost and "bot for Ben" not in ben.play_seats.value


def test_a_reload_of_the_app_comes_back_to_the_table_at_the_seat(sqlite_url, monkeypatch):
    from unoparty.views.app import App
    monkeypatch.setenv("UNOPARTY_DB", sqlite_url)
    app = App(lang="en")
    app.use_key(KEY_A)
    app.show_table()
    page = app._table_page
    page.name_field.value = "Ava"
    page.seats.value, page.pace.value = 2, "party"
    session = page.open_table()
    page.start_button.click()
    hand = session.view().player.hand
    app.show_table()                           # the page is kept as the table (app session)
    page.close()                               # the kernel shuts down: the page was reloaded
    again = App(lang="en")
    again.use_key(KEY_A)                       # the browser's key arrives in the new kernel
    back = again._table_page
    assert again.page == "table" and back is not None and back.session is not None
    assert back.session.code == session.code and back.session.seat == 0
    assert back.session.view().player.hand == hand
    assert back.playing.layout.display == "" and back.session.holder != session.holder
    back.leave()                               # leaving forgets it: the next load is the lobby
    third = App(lang="en")
    third.use_key(KEY_A)
    assert third._table_page is None or third._table_page.session is None
    for p in (back, third._table_page):
        if p is not None:
            p.close()


def test_a_reload_while_the_old_tab_still_answers_waits_then_takes_the_seat(sqlite_url):
    clock = Clock()
    ava, ben = _pages(sqlite_url, clock)
    from unoparty.views.table_page import TablePage
    state = ben.session.to_state()
    tab = TablePage(log=TableLog(sqlite_url), key=KEY_B, follow=False, clock=clock)
    assert tab.resume(state) is None           # the old tab (not shut down yet) still answers
    assert "on another screen" in tab.message.value
    clock.t += CLAIM_BEATS * PARTY.heartbeat + 1   # it has gone silent: the next look takes the seat
    assert tab.poll() and tab.session is not None and tab.session.seat == 1


def test_with_pins_on_typing_another_learners_name_asks_for_their_pin(sqlite_url):
    from unoparty import access
    from unoparty.progress import open_store
    store = open_store(sqlite_url)
    store.set_class_setting("pins", "1")
    store.add_learner("Ava")
    store.set_setting("Ava", access.PIN_KEY, access.hash_pin("1234"))
    store.sign_in(KEY_A, "Ava")
    clock = Clock()
    from unoparty.views.table_page import TablePage
    ava = TablePage(log=TableLog(sqlite_url), name="Ava", key=KEY_A, follow=False, clock=clock, store=store)
    ava.seats.value = 3
    assert ava.open_table() is not None        # signed in as Ava: no PIN asked
    code = ava.session.code
    other = TablePage(log=TableLog(sqlite_url), name="Ava", key=KEY_C, follow=False, clock=clock, store=store)
    assert other.join(code) is None            # Ava's name on another browser: her PIN first
    assert other.picker is not None and other.picker.box.layout.display == ""
    assert "Type your PIN, Ava" in other.picker.message.value
    assert other.picker.check_pin("9999") is None and "not the PIN" in other.picker.message.value
    assert other.session is None and [s.kind for s in TableLog(sqlite_url).seats(code)] == ["learner", "empty", "empty"]
    guesser = TablePage(log=TableLog(sqlite_url), name="Ava", key="g" * 22, follow=False, clock=clock, store=store)
    guesser.join(code)
    for pin in range(1000, 1000 + access.PAGE_LIMIT):   # wrong PINs are limited as the teacher's code is
        guesser.picker.check_pin(str(pin))
    guesser.picker.check_pin("1234")                       # even the right one waits now
    assert "Too many wrong tries" in guesser.picker.message.value and guesser.session is None
    assert store.learner_for_key("g" * 22) is None
    other.picker.check_pin("1234")             # right: this browser is Ava's now; her seat is live elsewhere
    assert store.learner_for_key(KEY_C) == "Ava"
    assert other.session is None and "on another screen" in other.message.value
    # a learner new to the class chooses a PIN, then sits
    ben = TablePage(log=TableLog(sqlite_url), name="Ben", key=KEY_B, follow=False, clock=clock, store=store)
    assert ben.join(code) is None and "Choose a PIN" in ben.picker.message.value
    ben.picker.check_pin("4321", "4321")
    assert ben.session is not None and ben.session.seat == 1 and store.learner_for_key(KEY_B) == "Ben"
    for p in (ava, other, ben, guesser):
        p.close()


# ---- a saved moment is a scenario the checker accepts --------------------------------------------------


def test_moments_saved_in_every_phase_pass_the_scenario_checker(tmp_path):
    """The projector's *Save the moment* at a mini pile (PU-4), a challenge pending (W-3), a
    pointing (PT-3) and a player who can be caught (U-2): each file passes ``unoparty
    scenario check`` (the command itself, once for all four) and replays to the same phase."""
    import subprocess
    import sys

    from unoparty.engine import Catch
    from unoparty.scenarios import load_scenario
    from unoparty.scenarios.check import check_file
    from unoparty.views.table_page import ProjectorView
    from tests.tables_workers import make_running_table

    log = TableLog(f"sqlite:///{tmp_path}/class.sqlite3")
    pace = Pace(kind="party", window=0, pause_without_learners=False, round_pause=0.0)
    code = make_running_table(log, ["Ava", "Ben", "Cy", "Dan"], seed=0, learners=set(), pace=pace)
    clock = Clock(0.0)
    bots = TableSession(log, code, "bots", "b" * 22, None, clock=clock)   # holds the lease, runs the bots
    proj = ProjectorView(code, log=log, follow=False, folder=tmp_path / "moments")
    saved: dict[str, tuple[Path, int, str]] = {}
    for _ in range(400):
        clock.t += 1.0
        bots.tick(max_moves=1)
        game = bots.game
        assert game is not None
        moment = game.phase.value if game.phase in (Phase.MINI_PILE, Phase.CHALLENGE, Phase.POINTING) else None
        if moment is None and any(isinstance(m, Catch) for p in range(4) for m in game.legal_moves(p)):
            moment = "catch"
        if moment is not None and moment not in saved:
            proj.session.refresh()
            path = proj.save_moment()
            assert path is not None, proj.saved.value
            saved[moment] = (path, proj.session.seq, game.phase.value)
        if len(saved) == 4:
            break
    assert set(saved) == {"mini pile", "challenge", "pointing", "catch"}, saved
    for moment, (path, seq, phase) in saved.items():
        result = check_file(path)
        assert result.exit_code == 0, (moment, result.line, path.read_text())
        scenario = load_scenario(path)
        replayed = scenario.new_game()
        for step in scenario.steps:
            for move in step.applied_moves:
                replayed.apply(move)
        assert replayed.phase.value == phase, moment
        if moment == "catch":
            assert any(isinstance(m, Catch) for p in range(4) for m in replayed.legal_moves(p))
    out = subprocess.run([sys.executable, "-m", "unoparty", "scenario", "check",
                          *(str(p) for p, _s, _ph in saved.values())], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.count("OK") == 4 or out.stdout.count("\n") == 4, out.stdout


def test_the_same_name_in_other_capitals_is_the_same_seat(url):
    """As at sign-in, "ben" is Ben: reopening the code with the name in other capitals gives
    Ben's seat back (under the name he sat down with), never a second seat; a second live tab
    is still refused (SEAT_LIVE)."""
    clock = Clock()
    log, ava, ben = _open(url, clock)
    with pytest.raises(TableError) as live:
        TableSession.join(log, ava.code, name="BEN", holder=KEY_C + ".t1", clock=clock)
    assert live.value.problem is Problem.SEAT_LIVE
    again = TableSession.join(log, ava.code, name="ben", holder=KEY_B + ".t1", clock=clock)
    assert again.seat == ben.seat
    assert [s.name for s in log.seats(ava.code)].count("Ben") == 1
    assert not any(s.name in ("ben", "BEN") for s in log.seats(ava.code))


def test_a_classmate_who_types_a_name_whose_seat_is_live_is_told_both_ways(sqlite_url):
    """A name whose seat is live on another screen is refused (SEAT_LIVE) with a sentence for
    both readers: the same learner's other tab ("close it there first") and a classmate who
    typed that name ("join with another name"), in every language of the app."""
    from unoparty import i18n
    from unoparty.table_words import problem_sentence
    from unoparty.views.table_page import TablePage
    clock = Clock()
    ava, _ben = _pages(sqlite_url, clock)
    classmate = TablePage(log=TableLog(sqlite_url), name="ava", key="c" * 22, follow=False, clock=clock)
    assert classmate.join(ava.session.code) is None and classmate.session is None
    said = classmate.message.value
    assert "Ava is already at table" in said and "If you are Ava" in said and "join with another name" in said
    try:
        for lang in ("fr", "ro", "nb", "cs"):
            i18n.set_language(lang)
            sentence = problem_sentence("seat live", code="K7M2QX", name="Ava")
            assert sentence.count("Ava") == 2 and "K7M2QX" in sentence and "another" not in sentence
    finally:
        i18n.set_language("en")
