"""The practice census (issue 18, 20): distinct positions per rule over the rounds
`unoparty practice stats` cuts.

The whole census runs in ``make soak`` (marked ``soak``): it cuts every round again, checks
every exercise's answer with the engine on its table, and compares the counts with the
record, ``tests/data/practice_census.json``. The suite checks the record instead: every
deciding rule has at least 50 positions in it, and a sample of its rounds, cut again, gives
the recorded counts — so the record is of today's exercises.

After a change to the exercises, write the record again:

    UNOPARTY_RECORD_CENSUS=1 python -m pytest -m soak tests/test_practice_census.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from unoparty.practice.coverage import DECIDING, MINIMUM, NOT_POSED, STATS_SEEDS, distinct_positions
from unoparty.practice.exercises import CHANGES, _round_steps, engine_answer, round_exercises

RECORD = Path(__file__).parent / "data" / "practice_census.json"
SAMPLE = (0, 1, 2, 7, 11)


def _record() -> dict:
    return json.loads(RECORD.read_text(encoding="utf-8"))


def test_the_recorded_census_gives_every_deciding_rule_50_positions():
    record = _record()
    assert record["rounds"] == [STATS_SEEDS.start, STATS_SEEDS.stop]
    for rule in DECIDING:
        assert record["counts"].get(rule, 0) >= MINIMUM, rule
    assert not set(DECIDING) & set(NOT_POSED)


def test_a_sample_of_the_census_cut_again_gives_the_recorded_counts():
    record = _record()
    assert record["sample_seeds"] == list(SAMPLE)
    assert distinct_positions(SAMPLE) == record["sample"]


def _check_answers(seed: int) -> int:
    """Every exercise of the round of `seed` answered again by the engine on its table (the
    round replayed once); returns how many."""
    by_moment: dict[int, list] = {}
    for ex in round_exercises(seed):
        by_moment.setdefault(len(ex.moves), []).append(ex)
    checked = 0
    steps = _round_steps(seed)
    for i, (game, _move) in enumerate(steps):
        for ex in by_moment.get(i, ()):
            table = CHANGES[ex.change](game.clone()) if ex.change else game
            assert engine_answer(ex, table) == ex.answer, ex.id
            checked += 1
    return checked


def test_the_exercises_of_a_round_are_the_engines_answers_on_their_tables():
    assert _check_answers(SAMPLE[1]) > 100


@pytest.mark.soak
def test_the_whole_census_matches_its_record_and_every_answer_is_the_engines():
    counts = distinct_positions(STATS_SEEDS)
    sample = distinct_positions(SAMPLE)
    if os.environ.get("UNOPARTY_RECORD_CENSUS"):
        RECORD.write_text(json.dumps({"rounds": [STATS_SEEDS.start, STATS_SEEDS.stop], "counts": counts,
                                      "sample_seeds": list(SAMPLE), "sample": sample},
                                     indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert counts == _record()["counts"]
    for seed in STATS_SEEDS:
        _check_answers(seed)

