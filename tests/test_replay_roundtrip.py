"""Exported rounds round-trip (issue 19): export → load → check → replay equals the original.

Classic rounds that start on a Wild (S-5: the first player chooses its colour) used to be
written with a wild on top and no colour, which the scenario format could not say; the
setup key ``colour_to_choose`` (SCENARIO_FORMAT.md) says it now. A small sample runs in the
normal suite; seeds 0–2999 in ``make soak``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from unoparty.cards import Card, Colour
from unoparty.errors import ScenarioError, SetupError
from unoparty.game import Game
from unoparty.replay import round_to_toml
from unoparty.rules import Rules
from unoparty.scenarios import Runner, check_file, loads_scenario
from unoparty.simulate import run_round

C = Card.parse
CLASSIC = Rules(rule_set="classic")
WILD_START_SEEDS = (45, 94, 151)  # run_round(0, 4, basic, classic, seed): the first card turned up is a Wild


def _bot_round(seed: int, rules: Rules = CLASSIC, players: int = 4) -> Game:
    ended: list[Game] = []
    run_round(0, players, ("basic",) * players, rules, seed=seed, on_end=ended.append)
    return ended[0]


def _round_trips(game: Game, tmp_path, name: str = "round.toml") -> str:
    """Export `game`'s round, load it, check it, replay it: the same moves make the same
    events and the same end. Returns the exported text."""
    text = round_to_toml(game, scenario_id="round-trip", title="Round trip")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = check_file(path)
    assert result.status == "ok", result.line
    runner = Runner(loads_scenario(text, str(path)), None)
    runner.run_to_end()
    replayed = runner.game
    start_events = len(game._initial[2])  # the deal's events: the scenario starts after them
    assert replayed.events == game.events[start_events:]
    assert replayed.hands == game.hands and replayed.discard_pile == game.discard_pile
    assert replayed.draw_pile == game.draw_pile and replayed.scores == game.scores
    assert replayed.phase == game.phase and replayed.outcome() == game.outcome()
    return text


@pytest.mark.parametrize("seed", WILD_START_SEEDS)
def test_a_classic_round_that_starts_on_a_wild_round_trips(seed, tmp_path) -> None:
    """S-5: the replay's setup says the first player's choice of colour is still to come."""
    game = _bot_round(seed)
    assert game._initial[0].discard_pile[-1] == C("wild") and game._initial[0].colour is None
    text = _round_trips(game, tmp_path)
    assert "\ncolour_to_choose = true\n" in text and "\ncolour = " not in text


@pytest.mark.parametrize("seed, rules", [(0, CLASSIC), (1, CLASSIC), (0, Rules()), (2, Rules())])
def test_other_exported_rounds_round_trip_without_the_new_key(seed, rules, tmp_path) -> None:
    game = _bot_round(seed, rules)
    assert "colour_to_choose" not in _round_trips(game, tmp_path)


@pytest.mark.soak
def test_every_classic_round_of_seeds_0_to_2999_round_trips(tmp_path) -> None:
    wild_starts = 0
    for seed in range(3000):
        game = _bot_round(seed)
        if game.outcome() is None:
            continue  # capped: not exported
        wild_starts += "colour_to_choose" in _round_trips(game, tmp_path)
    assert wild_starts >= 100  # 104 of them begin on a Wild


def test_simulate_export_of_a_round_that_starts_on_a_wild_checks(tmp_path) -> None:
    out = tmp_path / "replays"
    done = subprocess.run([sys.executable, "-m", "unoparty", "simulate", "--rules", "classic", "--games", "1",
                           "--seed", str(WILD_START_SEEDS[0]), "--export", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    (path,) = out.glob("round-*.toml")
    assert "colour_to_choose = true" in path.read_text(encoding="utf-8")
    assert check_file(path).status == "ok", check_file(path).line


def test_practice_show_scenario_of_a_table_on_a_wild_checks(tmp_path) -> None:
    """``unoparty practice show 195 --scenario``: a classic round that starts on a Wild."""
    from unoparty.practice.exercises import exercise, to_scenario
    text = to_scenario(exercise(195))
    assert "\ncolour_to_choose = true\n" in text
    path = tmp_path / "practice.toml"
    path.write_text(text, encoding="utf-8")
    assert check_file(path).status == "ok", check_file(path).line


# ---- the setup key --------------------------------------------------------------------------------

def _setup(**kw) -> Game:
    args = dict(players=["Ava", "Ben"], hands={"Ava": [C("red 7")], "Ben": [C("blue 1")]}, turn="Ava",
                discard_pile=[C("wild")], rules=CLASSIC, colour_to_choose=True)
    args.update(kw)
    return Game.from_setup(**args)


def test_colour_to_choose_lets_any_card_be_played_and_the_card_played_sets_the_colour() -> None:
    """S-5 (classic sheet): a Wild turned up first lets the first player choose the colour."""
    g = _setup(hands={"Ava": [C("red 7"), C("blue 2")], "Ben": [C("blue 1")]})
    assert g.colour is None and {str(m.card) for m in g.legal_moves(0) if hasattr(m, "card")} == {"red 7", "blue 2"}
    g.apply(g.parse_move("Ava: play red 7"))
    assert g.colour is Colour.RED


@pytest.mark.parametrize("kw, words", [
    (dict(rules=Rules()), "only a classic round"),
    (dict(discard_pile=[C("red 5")]), "not a wild card"),
    (dict(colour=Colour.RED), "not both"),
    (dict(colour_to_choose=1), "true or false"),
])
def test_colour_to_choose_is_refused_where_it_cannot_hold(kw, words) -> None:
    with pytest.raises(SetupError) as info:
        _setup(**kw)
    assert info.value.key == "colour_to_choose" and words in info.value.what


SCENARIO = """format = 1
id = "wild-start"
title = "A classic round on a Wild"
rules = "{rules}"

[setup]
players = ["Ava", "Ben"]
turn = "Ava"
discard_pile = ["wild"]
{extra}
rest = "none"

[setup.hands]
Ava = ["red 7"]
Ben = ["blue 1"]
"""


def test_a_file_with_colour_to_choose_loads_and_one_without_it_or_a_colour_still_fails() -> None:
    loads_scenario(SCENARIO.format(rules="classic", extra="colour_to_choose = true"), "ok.toml")
    with pytest.raises(ScenarioError, match=r"setup\.colour: required"):
        loads_scenario(SCENARIO.format(rules="classic", extra=""), "no.toml")
    with pytest.raises(ScenarioError, match=r"setup\.colour_to_choose: must be true or false"):
        loads_scenario(SCENARIO.format(rules="classic", extra='colour_to_choose = "yes"'), "bad.toml")
    with pytest.raises(ScenarioError, match=r"setup\.colour_to_choose: only a classic round"):
        loads_scenario(SCENARIO.format(rules="party", extra="colour_to_choose = true"), "party.toml")
