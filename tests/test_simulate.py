"""Simulations with bots (issue 3): every kind of decision is made, no bot move is ever
refused, results repeat for any number of workers, and the command rejects bad input
with one clear line (exit 2)."""

from __future__ import annotations

import json
import sys
from collections import Counter

import pytest

from unoparty.cards import deck_counts
from unoparty.cli import main
from unoparty.rules import Rules
from unoparty.simulate import run_round, seat_levels, simulate, wilson

from tests.engine_invariants import all_cards

FAST_STRONG = {"strong": {"playouts": 12, "depth": 8}}
# Forgetful basic bots call UNO late (racing the catchers) more often: every decision shows up.
SETTINGS = {**FAST_STRONG, "basic": {"forget_uno": 0.3}}

ALL_KINDS = {"number", "draw_two", "reverse", "skip", "point_taken", "wild", "wild_draw_four",
             "wild_drawn_together", "wild_pile_up"}
ALL_PHASES = {"turn", "drawn", "challenge", "pointing", "mini pile", "round over"}
ALL_DECISIONS = {
    "play", "draw", "keep", "play drawn card", "name colour", "link", "point at", "accept",
    "challenge", "challenge succeeded", "challenge failed", "wild draw four legal",
    "wild draw four bluff", "add to mini pile", "take mini pile", "call uno", "call uno with play",
    "catch", "speed play",
}


def _checked(i: int, players: int, levels, rules: Rules, seed: int):
    count = [0]
    deck = Counter(deck_counts(rules.rule_set))

    def check(game, move):
        # Every card in exactly one place. (Not the whole engine invariant set: a round won
        # with a last Draw Two by a player linked to the next one leaves the winner holding
        # the copied draw, LK-2 + R-2 — reported to the engine's owner.)
        count[0] += 1
        assert game.card_count() == sum(deck.values())
        if count[0] % 5 == 0:
            assert all_cards(game) == deck

    return run_round(i, players, levels, rules, seed=seed, settings=SETTINGS, check=check)


def test_every_card_phase_and_decision_occurs_and_nothing_is_refused() -> None:
    """Party rules, 4 players, all three levels: every card kind is played, every phase and
    every answer occurs (run_round raises if a bot's move were refused or a speed-play
    mistake), and every card stays in exactly one place."""
    levels = seat_levels(["strong", "basic", "random", "basic"], 4)
    kinds, phases, decisions = set(), set(), set()
    for i in range(24):
        r = _checked(i, 4, levels, Rules(), seed=21)
        assert not r.capped
        kinds.update(k for k, v in r.plays.items() if v)
        phases.update(r.phases)
        decisions.update(r.decisions)
    assert kinds == ALL_KINDS
    assert ALL_PHASES <= phases
    assert ALL_DECISIONS <= decisions, ALL_DECISIONS - decisions


def test_house_rules_and_classic_decisions() -> None:
    """Stacking (H-1), Seven-O (H-2), Doubles (H-4) and Jump-In (SP-7) decisions, and classic rules."""
    rules = Rules(stacking=True, seven_o=True, doubles=True, jump_in=True)
    decisions = set()
    for i in range(12):
        r = _checked(i, 4, seat_levels(["basic", "random"], 4), rules, seed=5)
        decisions.update(r.decisions)
    assert {"stack", "swap hands", "play twice", "speed play"} <= decisions
    for i in range(6):
        r = _checked(i, 3, seat_levels(["strong", "basic", "random"], 3), Rules(rule_set="classic"), seed=5)
        assert not r.capped and "speed play" not in r.decisions


@pytest.mark.parametrize("players", [2, 16])
def test_small_and_large_tables_end(players: int) -> None:
    s = simulate(players=players, games=4, bots=["basic"], seed=2)
    assert s.capped == 0 and sum(s.wins_by_slot) == 4


def test_no_round_of_sensible_bots_hits_the_cap() -> None:
    """Sensible bots (basic, strong) never stall a round: a basic bot whose only playable
    cards are wild plays one rather than hoard wild cards and draw turn after turn
    (`BasicBot.hold_wilds`). Seed 197 at 2 players had 6 rounds hitting the 5000-move cap
    (one with 915 draws by the bot while only wild cards would play); the batch includes it."""
    runs = [dict(players=2, games=198, bots=["basic", "random"], seed=197),
            dict(players=2, games=60, bots=["basic"], seed=197),
            dict(players=3, games=40, bots=["basic", "random"], seed=197),
            dict(players=2, games=12, bots=["strong", "random"], seed=197, settings=FAST_STRONG),
            dict(players=2, games=6, bots=["strong", "basic"], seed=197, settings=FAST_STRONG)]
    for kw in runs:
        s = simulate(**kw)
        assert s.capped == 0, kw
        assert max(r.moves for r in s.results) < 2000, kw


def test_results_repeat_for_any_number_of_workers() -> None:
    kw = dict(players=4, games=6, bots=["strong", "basic", "random"], seed=3, settings=FAST_STRONG)
    one = simulate(workers=1, **kw)
    two = simulate(workers=2, **kw)
    assert [r.key() for r in one.results] == [r.key() for r in two.results]
    assert one.to_dict(timing=False) == two.to_dict(timing=False)
    again = simulate(workers=1, **kw)
    assert [r.key() for r in again.results] == [r.key() for r in one.results]
    other = simulate(workers=1, **{**kw, "seed": 4})
    assert [r.key() for r in other.results] != [r.key() for r in one.results]


def test_seats_rotate() -> None:
    """Slot j sits at seat (j - i) mod N in game i: every bot plays from every seat."""
    s = simulate(players=3, games=3, bots=["basic"], seed=1)
    assert [r.index for r in s.results] == [0, 1, 2]


def test_wilson_interval() -> None:
    lo, hi = wilson(45, 100)
    assert round(lo, 3) == 0.356 and round(hi, 3) == 0.548
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_progress_bar_is_optional(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm fails
    s = simulate(players=2, games=2, bots=["basic"], seed=1, progress=True)
    assert s.games == 2


# ---- the command ------------------------------------------------------------------------------------------

def test_command_text_and_json(capsys) -> None:
    assert main(["simulate", "--players", "3", "--games", "3", "--bots", "basic,random", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Win rates" in out and "Plays of each card kind" in out and "wild pile up" in out
    assert main(["simulate", "--players", "3", "--games", "3", "--bots", "basic,random", "--seed", "4",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 3 and data["bots"] == ["basic", "random", "random"]
    assert {"win_rates", "turns_per_round", "cards_drawn_per_round", "plays_by_kind",
            "speed_plays_per_round", "point_taken_draws_per_round", "capped_rounds"} <= set(data)
    assert set(data["turns_per_round"]) == {"mean", "median", "max"}
    assert len(data["win_rates"][0]["ci95"]) == 2


@pytest.mark.parametrize("args,words", [
    (["--bots", "basic,genius"], "unknown bot 'genius'"),
    (["--players", "1"], "--players"),
    (["--players", "17"], "--players"),
    (["--players", "11", "--rules", "classic"], "--players"),
    (["--players", "four"], "--players"),
    (["--seed", "-1"], "--seed"),
    (["--seed", "abc"], "--seed"),
    (["--seed", "1.5"], "--seed"),
    (["--games", "0"], "--games"),
    (["--workers", "0"], "--workers"),
    (["--rules", "house"], "--rules"),
    (["--players", "2", "--bots", "basic,basic,basic"], "3 bots for 2 players"),
])
def test_command_bad_input_is_one_line_exit_2(capsys, args, words) -> None:
    assert main(["simulate", "--games", "1", *args]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and lines[0].startswith("unoparty simulate: error:")
    assert captured.out == ""


@pytest.mark.parametrize("where", ["inside-a-file", "a-file", "nothing"])
def test_export_to_a_folder_that_cannot_be_written_is_one_line_exit_2(capsys, tmp_path, where) -> None:
    """Issue 19: ``--export`` to a folder that cannot be written used to exit 0 (a line per round)."""
    blocker = tmp_path / "notes.txt"
    blocker.write_text("not a folder")
    folder = {"inside-a-file": str(blocker / "replays"), "a-file": str(blocker), "nothing": " "}[where]
    assert main(["simulate", "--games", "2", "--export", folder]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("unoparty simulate: error: --export: ")
    assert (folder in lines[0] or where == "nothing") and captured.out == ""  # stopped before playing
    assert blocker.read_text() == "not a folder"


def test_export_that_fails_part_way_stops_with_one_line_exit_1(capsys, tmp_path, monkeypatch) -> None:
    import unoparty.replay as replay
    real, calls = replay.export_round, []

    def full_disk(game, path, **kw):
        calls.append(path)
        if len(calls) > 1:
            raise OSError(28, "No space left on device")
        return real(game, path, **kw)

    monkeypatch.setattr(replay, "export_round", full_disk)
    assert main(["simulate", "--players", "3", "--games", "4", "--export", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "round 2" in err[0] and "No space left on device" in err[0] and "1 replay was saved" in err[0]
    assert len(calls) == 2 and len(list((tmp_path / "out").glob("*.toml"))) == 1
