"""Live tables (issue 23), in one process: the table log (codes, seats, one transaction per
move), `TableSession` (own seat only, outcomes, pace, grace, lease, host) and bad input — on
SQLite and PostgreSQL. Time is an injected clock: nothing here waits in real time."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from unoparty.cards import Card
from unoparty.engine import Catch, Draw, Phase, SpeedPlay
from unoparty.progress.table_log import (CODE_ALPHABET, Problem, StoreUnreachable, TableError, TableLog, new_code,
                                         normalise_code)
from unoparty.session.table import Pace, TableSession, bot_move
from tests.helpers_tables import KEY_A, KEY_B, KEY_C, Clock, pg_url, url  # noqa: F401 — fixtures
from tests.tables_workers import holder_for, make_running_table




def _table(url: str, clock: Clock, **pace: object) -> tuple[TableLog, TableSession, TableSession]:
    log = TableLog(url)
    p = Pace(**{"kind": "party", "window": 0, "round_pause": None, **pace})  # type: ignore[arg-type]
    ava = TableSession.open(log, host="Ava", holder=KEY_A, seats=3, pace=p, seed=7, clock=clock)
    ben = TableSession.join(log, ava.code, name="Ben", holder=KEY_B, clock=clock)
    return log, ava, ben


def test_codes_have_no_look_alikes():
    for ch in "0O1IL":
        assert ch not in CODE_ALPHABET
    rng = random.Random(1)
    codes = {new_code(rng) for _ in range(500)}
    assert all(len(c) == 6 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert normalise_code(" abc-def ".replace("c", "C")) == "ABCDEF"
    for bad in ("ABCDE", "ABCDE0", "OOOOOO", "ABCDEFG", "IIIIII"):
        with pytest.raises(TableError) as e:
            normalise_code(bad)
        assert e.value.problem is Problem.BAD_CODE


def test_each_seat_sees_its_own_hand_only(url):
    clock = Clock()
    log, ava, ben = _table(url, clock)
    ava.start()
    ben.refresh()
    va, vb = ava.view(), ben.view()
    assert va.player is not None and vb.player is not None
    assert va.player.player == 0 and vb.player.player == 1
    assert va.player.hand != vb.player.hand or va.player.hand == ()
    assert [s.kind for s in va.seats] == ["learner", "learner", "bot"] and va.seats[2].name == "Bot 3"
    # the projector shows counts and piles, never a hand, until the round is over
    pv = ava.public_view()
    assert pv.hands == () and [s.cards for s in pv.seats] == [7, 7, 7]
    # Ava draws: Ben's session shows the draw without the card
    assert ava.draw().applied
    ben.refresh()
    drawn = [e for e in ben.events_since(0) if e.kind.name == "DREW" and e.player == 0]
    assert drawn and all(e.cards == () for e in drawn)
    assert [e for e in ava.events_since(0) if e.kind.name == "DREW" and e.player == 0][0].cards


def test_moves_commit_in_order_and_every_kernel_rebuilds_the_same_game(url):
    clock = Clock()
    log, ava, ben = _table(url, clock, pause_without_learners=False)
    ava.start()
    for _ in range(400):
        clock.t += 5
        for s in (ava, ben):
            s.refresh()
            v = s.view()
            if v.round_over:
                break
            if s.seat in v.to_act:
                assert v.player is not None
                o = s.act(bot_move(s._bot(s.seat, "basic"), v.player, 7, s.seq))
                assert o.applied and o.seq == s.seq
        ava.tick()
        ben.tick()
        if ava.view().round_over:
            break
    ben.refresh()
    assert ava.view().round_over and ava.history == ben.history
    again = TableSession.join(log, ava.code, name="Cy", holder=KEY_C, clock=clock)
    assert again.seat is None and again.history == ava.history  # a spectator rebuilds it from the store
    seqs = [m.seq for m in log.moves(ava.code)]
    assert seqs == list(range(1, len(seqs) + 1))
    # a move after the round ended: refused with R-1, nothing appended
    o = ben.act(Draw(1))
    assert o.status == "refused" and o.rule == "R-1" and log.last_seq(ava.code) == seqs[-1]


def test_a_race_is_settled_by_commit_order_and_the_loser_is_told(url):
    """Two kernels catch the same player from the same table: the first commit wins, the
    second is checked again against the new table and refused (U-3: no longer one card)."""
    from tests.tables_workers import race_moments
    log = TableLog(url)
    for deal, prefix, racing in race_moments(6, seed=3):
        catches = [(s, m) for s, m in racing if m["move"] in ("Catch", "SpeedPlay", "CallUno")]
        code = make_running_table(log, ["P1", "P2", "P3", "P4"], seed=deal)
        for i, entry in enumerate(prefix):
            log.append(code, i, entry, seat=None, now=0.0)
        sessions = {s: TableSession.from_state({"code": code, "name": f"P{s + 1}", "holder": holder_for(s)}, log=log,
                                               run_bots=False) for s, _ in catches}
        known = len(prefix)
        from unoparty.engine.serial import move_from_dict
        outs = [sessions[s].act_at(move_from_dict(m), known) for s, m in catches]
        assert outs[0].applied and not outs[0].raced
        for o in outs[1:]:
            assert o.raced and o.status in ("applied", "refused")
            if o.status == "refused":
                assert o.rule
        ref = TableSession.from_state({"code": code, "name": "P1", "holder": holder_for(0)}, log=log, run_bots=False)
        assert ref._game is not None and ref._game.card_count() == 224
        assert ref.seq == known + sum(o.applied for o in outs)


def test_learning_pace_holds_the_next_turn_for_the_speed_play_window(url):
    clock = Clock()
    log, ava, ben = _table(url, clock, kind="learning", window=3.0)
    ava.start()
    for s in (ava, ben):
        s.refresh()
    turn = next(s for s in (ava, ben) if s.view().player and s.view().player.current == s.seat) \
        if ava.view().to_act[0] in (0, 1) else None
    if turn is None:  # the bot starts: let it play
        clock.t += 100
        ava.tick()
    # find a card move, then the next turn is held for 3 s
    for _ in range(60):
        ava.refresh(); ben.refresh()
        actor = [s for s in (ava, ben) if s.seat in s.view().to_act]
        if not actor:
            clock.t += 100
            ava.tick()
            continue
        s = actor[0]
        v = s.view()
        assert v.player is not None
        o = s.act(bot_move(s._bot(s.seat, "basic"), v.player, 7, s.seq))
        if o.status == "wait":
            assert 0 < o.wait <= 3.0 and o.rule is None
            before = log.last_seq(s.code)
            clock.t += o.wait
            o2 = s.act(bot_move(s._bot(s.seat, "basic"), s.view().player, 7, s.seq))
            assert o2.applied and log.last_seq(s.code) == before + 1
            return
        assert o.applied
        if any(e.kind.name == "PLAYED" for e in o.events) and s.view().window_left > 0:
            assert s.view().window_left == pytest.approx(3.0)
    pytest.fail("no speed-play window was met")


def test_grace_time_then_bot_for_the_learner_then_seat_given_back(url):
    clock = Clock()
    log, ava, ben = _table(url, clock, grace=60.0, heartbeat=3.0)
    ava.start()
    ben.refresh()
    hand = ben.view().player.hand  # type: ignore[union-attr]
    clock.t += 59
    ava.tick()
    assert not ava.view().seats[1].covered
    clock.t += 3   # Ben's tab silent for 62 s (the lease holder looks once per heartbeat, 3 s)
    rep = ava.tick()
    assert rep.holds_lease and rep.covered == (1,)
    seat = ava.view().seats[1]
    assert seat.covered and seat.name == "Ben" and seat.level == "basic" and not seat.live
    # another tab with another key takes it back: it was covered, so it is not live
    ben2 = TableSession.join(log, ava.code, name="Ben", holder=KEY_C, clock=clock)
    assert ben2.seat == 1 and not ben2.view().seats[1].covered
    seq = log.last_seq(ava.code)
    with pytest.raises(TableError) as e:   # the old tab has not heard yet: the store refuses its move
        ben.act(Draw(1))
    assert e.value.problem is Problem.NOT_SEATED and ben.seat_lost and log.last_seq(ava.code) == seq
    ben.refresh()
    assert ben.seat_lost
    with pytest.raises(TableError) as e:
        ben.draw()
    assert e.value.problem is Problem.NOT_SEATED
    # and a third tab now is refused: the seat is live in ben2
    with pytest.raises(TableError) as e:
        TableSession.join(log, ava.code, name="Ben", holder=KEY_B, clock=clock)
    assert e.value.problem is Problem.SEAT_LIVE
    assert ben2.view().player.hand == hand  # type: ignore[union-attr]  (nothing played: the bot waits its turn)


def test_the_bot_lease_passes_when_its_holder_goes_silent(url):
    clock = Clock()
    log, ava, ben = _table(url, clock, lease=10.0, heartbeat=3.0)
    ava.start()
    ben.refresh()
    assert ava.tick().holds_lease
    assert not ben.tick().holds_lease
    clock.t += 9
    assert not ben.tick().holds_lease   # Ava's lease (taken at 1000, lifetime 10) still runs
    clock.t += 2
    assert ben.tick().holds_lease       # expired: Ben's kernel runs the bots now
    assert log.lease(ava.code)[0] == KEY_B  # type: ignore[index]
    ben.close()
    assert log.lease(ava.code) is None and ava.tick().holds_lease  # a clean close hands it over at once


def test_bad_input_each_a_clear_refusal_and_the_table_unharmed(url, tmp_path):
    clock = Clock()
    log, ava, ben = _table(url, clock)
    code = ava.code
    with pytest.raises(TableError) as e:
        TableSession.join(log, "ABCDEF" if code != "ABCDEF" else "ABCDEG", name="Mia", clock=clock)
    assert e.value.problem is Problem.UNKNOWN_CODE and "no table" in str(e.value)
    with pytest.raises(TableError) as e:
        TableSession.join(log, "0O1IL0", name="Mia", clock=clock)
    assert e.value.problem is Problem.BAD_CODE
    cy = TableSession.join(log, code, name="Cy", holder=KEY_C, clock=clock)
    assert cy.seat == 2
    with pytest.raises(TableError) as e:   # three seats, three learners
        TableSession.join(log, code, name="Dan", clock=clock)
    assert e.value.problem is Problem.FULL
    with pytest.raises(TableError) as e:   # Ava's seat is live in her tab
        TableSession.join(log, code, name="Ava", holder="z" * 22, clock=clock)
    assert e.value.problem is Problem.SEAT_LIVE
    with pytest.raises(TableError) as e:
        cy.start()
    assert e.value.problem is Problem.NOT_HOST
    cy.leave()
    ava.fill_with_bots()
    with pytest.raises(TableError) as e:   # the bot took the name "Bot 3"
        TableSession.join(log, code, name="Bot 3", clock=clock)
    assert e.value.problem is Problem.NAME_TAKEN
    with pytest.raises(TableError) as e:
        ava.draw()                         # not started
    assert e.value.problem is Problem.NOT_RUNNING
    ava.start()
    with pytest.raises(TableError) as e:
        ava.start()
    assert e.value.problem is Problem.STARTED
    # a learner joining a running table watches until a bot's seat frees at the next round
    dan = TableSession.join(log, code, name="Dan", holder="d" * 22, clock=clock)
    assert dan.seat is None and dan.view().player is None
    # the host leaves: the host role passes to the next learner
    ava.leave()
    ben.refresh()
    assert ben.is_host and ben.view().seats[0].covered and ben.view().seats[0].name == "Ava"
    seq = log.last_seq(code)
    ava.refresh()
    with pytest.raises(TableError):
        ava.draw()                          # she left: no seat until she opens the code again
    assert log.last_seq(code) == seq
    ava.rejoin()
    assert ava.seat == 0 and not ava.view().seats[0].covered
    ben.end()
    with pytest.raises(TableError) as e:
        TableSession.join(log, code, name="Eve", clock=clock)
    assert e.value.problem is Problem.ENDED and "ended" in str(e.value)
    with pytest.raises(TableError) as e:
        ben.draw()
    assert e.value.problem is Problem.ENDED


def test_a_store_that_cannot_be_reached_is_a_clear_error_and_nothing_is_shown_as_made(tmp_path):
    clock = Clock()
    path = tmp_path / "class.sqlite3"
    log, ava, ben = _table(f"sqlite:///{path}", clock)
    ava.start()
    before = (ava.seq, ava.view().player.hand)  # type: ignore[union-attr]
    log.close()
    log.url = f"sqlite:///{tmp_path}/no-such-folder/x/../../gone.sqlite3"  # type: ignore[misc]
    (tmp_path / "blocker").write_text("")
    log.url = f"sqlite:///{tmp_path}/blocker/inside.sqlite3"   # a file where a folder should be
    v = ava.view().player
    assert v is not None
    with pytest.raises(StoreUnreachable) as e:
        ava.act(v.legal_moves[0])
    assert "cannot be reached" in str(e.value) and e.value.problem is Problem.UNREACHABLE
    assert (ava.seq, ava.view().player.hand) == before  # type: ignore[union-attr]


def test_a_store_made_by_todays_code_opens_with_its_stars_kept(tmp_path):
    from unoparty.progress import open_store
    url = f"sqlite:///{tmp_path}/old.sqlite3"
    s = open_store(url)
    s.add_learner("Mia")
    s.record_stars("Mia", "speed-play", 3)
    TableLog(url)                              # the live tables' step on an existing store
    assert open_store(url).stars("Mia") == {"speed-play": 3}
    TableLog(url)                              # twice: nothing changes
    assert open_store(url).stars("Mia") == {"speed-play": 3}


def test_turn_clock_round_pause_and_a_spectator_seated_at_the_next_round(url):
    """Learning pace with a turn clock: a learner's turn that lasts longer is played for them;
    after a round the lease holder deals the next one after `round_pause`, and a learner who
    joined the running table takes a bot's seat then."""
    clock = Clock()
    log = TableLog(url)
    pace = Pace(kind="learning", window=1.0, turn_clock=5.0, round_pause=4.0, bot_speed=0.5)
    ava = TableSession.open(log, host="Ava", holder=KEY_A, seats=3, pace=pace, seed=3, clock=clock)
    ava.start()
    dan = TableSession.join(log, ava.code, name="Dan", holder="d" * 22, clock=clock)
    assert dan.seat is None
    played_for_ava = 0
    for _ in range(1500):
        clock.t += 2.0
        reps = [dan.tick(), ava.tick()]   # whichever holds the lease runs the bots
        played_for_ava += sum(1 for r in reps for o in r.bot_moves if getattr(o.move, "player", None) == 0)
        if any(r.dealt for r in reps):
            break
    else:
        pytest.fail("no second round was dealt")
    assert played_for_ava > 0          # the turn clock played Ava's turns
    ava.refresh()
    dan.refresh()
    assert ava._game is not None and ava._game.round_number == 2
    seats = {s.name: s.seat for s in dan.view().seats}
    assert "Dan" in seats and seats["Dan"] in (1, 2)   # a bot's seat, at the new round
    assert dan.seat == seats["Dan"] and dan.view().player is not None and not dan.seat_lost


def test_a_table_with_no_live_learner_pauses_then_ends_itself(url):
    clock = Clock()
    log = TableLog(url)
    pace = Pace(kind="party", window=0, grace=60.0, idle_end=600.0, round_pause=None)
    ava = TableSession.open(log, host="Ava", holder=KEY_A, seats=3, pace=pace, seed=3, clock=clock)
    ava.start()
    watcher = TableSession.join(log, ava.code, name="Onlooker", holder=KEY_C, clock=clock)
    clock.t += 61                       # Ava's tab is silent: a bot covers her seat
    assert watcher.tick().covered == (0,)
    seq = watcher.seq
    clock.t += 300
    watcher.tick()
    assert watcher.seq == seq           # paused: no live learner, the bots wait
    clock.t += 400
    assert watcher.tick().ended or watcher.status == "ended"
    with pytest.raises(TableError) as e:
        TableSession.join(log, ava.code, name="Ava", holder=KEY_A, clock=clock)
    assert e.value.problem is Problem.ENDED
