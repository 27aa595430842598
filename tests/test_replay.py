"""Replays: a finished round saved as a scenario file (format 1), from a seeded bot game
(`unoparty simulate --export`) and from the app ("Replay this round"); each passes
`unoparty scenario check` and reproduces the round's final state.

Rounds with a reshuffle are written with the `reshuffles` key (each new draw pile, top
first, as the engine's reshuffle event carries it), so they replay exactly too."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from unoparty.bots import make_bot
from unoparty.engine import Phase
from unoparty.game import Game
from unoparty.replay import round_to_toml
from unoparty.scenarios import Runner, check_file, loads_scenario

OVER = (Phase.ROUND_OVER, Phase.MATCH_OVER)


def _bot_round(seed: int, names=("You", "Ava", "Ben", "Cal")) -> Game:
    game = Game(list(names), seed=seed)
    bots = [make_bot("basic") for _ in names]
    rng = random.Random(seed)
    while game.phase not in OVER:
        seat = game.waiting_for[0] if game.phase is Phase.POINTING else game.current
        game.apply(bots[seat].choose(game.view_for(seat), rng))
    return game


def _same_end(replayed, game) -> None:
    assert replayed.hands == game.hands
    assert replayed.discard_pile == game.discard_pile and replayed.draw_pile == game.draw_pile
    assert replayed.phase == game.phase and replayed.outcome().winner == game.outcome().winner
    assert replayed.scores == game.scores


def _has_reshuffle(text: str) -> bool:
    return "\nreshuffles = [" in text


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_replay_of_a_seeded_bot_round_checks_and_ends_the_same(seed, tmp_path) -> None:
    game = _bot_round(seed)
    text = round_to_toml(game, scenario_id=f"replay-{seed}", title=f"Seed {seed}")
    assert not _has_reshuffle(text)
    path = tmp_path / "replay.toml"
    path.write_text(text, encoding="utf-8")
    result = check_file(path)
    assert result.status == "ok", result.line
    scenario = loads_scenario(text, str(path))
    assert len(scenario.steps) == len(game.history) and all(step.say for step in scenario.steps)
    assert scenario.learner == "You"
    runner = Runner(scenario, None)
    runner.run_to_end()
    _same_end(runner.game, game)


def test_simulate_export_writes_replays_that_check(tmp_path) -> None:
    out = tmp_path / "replays"
    done = subprocess.run([sys.executable, "-m", "unoparty", "simulate", "--players", "3", "--games", "4",
                           "--seed", "4", "--export", str(out)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    files = sorted(out.glob("round-*.toml"))
    assert [f.name for f in files] == [f"round-000{i}.toml" for i in range(1, 5)]
    for f in files:
        text = f.read_text(encoding="utf-8")
        assert check_file(f).status == "ok", check_file(f).line


def test_a_replay_of_a_round_with_reshuffles_checks_and_ends_the_same(tmp_path) -> None:
    # random bots in classic UNO: a long round whose draw pile is reshuffled (T-5)
    from unoparty.rules import Rules
    names = ("You", "Ava", "Ben")
    game = Game(list(names), Rules("classic"), seed=0)
    bots = [make_bot("random") for _ in names]
    rng = random.Random(0)
    while game.phase not in OVER:
        seat = game.to_act()[0]
        game.apply(bots[seat].choose(game.view_for(seat), rng))
    text = round_to_toml(game, scenario_id="reshuffled-round", title="A long round")
    assert _has_reshuffle(text)
    path = tmp_path / "replay.toml"
    path.write_text(text, encoding="utf-8")
    assert check_file(path).status == "ok", check_file(path).line
    runner = Runner(loads_scenario(text, str(path)), None)
    runner.run_to_end()
    _same_end(runner.game, game)


def test_a_reshuffle_is_written_top_first() -> None:
    # a tiny draw pile: drawing forces a reshuffle of the discard pile (T-5)
    from unoparty.cards import Card
    game = Game.from_setup(["Ava", "Ben"], {"Ava": [Card.parse("red 1"), Card.parse("red 2")],
                                            "Ben": [Card.parse("blue 1"), Card.parse("blue 2")]}, "Ava",
                           [Card.parse(t) for t in ("green 3", "green 4", "yellow 5", "green 6")],
                           [], rest="none", seed=3)
    game.apply(game.parse_move("Ava: draw"))
    text = round_to_toml(game, scenario_id="reshuffled", title="A reshuffle")
    assert _has_reshuffle(text)
    line = text.split("reshuffles = [\n", 1)[1].splitlines()[0]
    drawn = game.hands[0][-1]
    assert line.startswith(f'  ["{drawn}"') and line.count('"') == 2 * 3   # the 3 cards under the top card


def test_replay_this_round_in_the_app() -> None:
    from unoparty.views.app import App
    game = _bot_round(2)
    app = App(learner="Mia")
    app.show_game()
    app.game.start_game(game, 0, {})
    assert app.game.round_box.layout.display != "none"
    app.game.replay_button.click()
    assert not app.errors.errors
    assert app.page == "lesson" and app.lesson.me == 0
    assert check_file_text(app.replay_text) == "ok"
    player = app.lesson
    while not player.finished:
        player.next_button.click()
    _same_end(player.game, game)
    player.exit_button.click()
    assert app.page == "game"
    # a replay is not a lesson of the class: nothing of it in the learner's records
    from unoparty.progress import open_store
    assert not any(r.lesson.startswith("replay") for r in open_store().lessons("Mia"))
    assert not any(k.startswith("replay") for k in app.progress.all())


def check_file_text(text: str) -> str:
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "app-replay.toml"
        p.write_text(text, encoding="utf-8")
        return check_file(p).status
