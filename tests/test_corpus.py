"""Behaviour unchanged where the rules did not change (issue 9): replay the recorded corpus of
seeded random rounds (`tests/data/corpus.json.gz`, written by `tests/data/make_corpus.py`)
and check the same start, the same events after every move, the same end state and outcome.

Only a change of a ruling (RULES.md) may change the corpus; the commit that regenerates it
says why.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from unoparty.engine.serial import move_from_dict, state_to_dict
from unoparty.game import Game
from unoparty.rules import Rules

import importlib.util

_spec = importlib.util.spec_from_file_location("make_corpus", Path(__file__).parent / "data" / "make_corpus.py")
make_corpus = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_corpus)

CORPUS = json.loads(gzip.decompress((Path(__file__).parent / "data" / "corpus.json.gz").read_bytes()))
GAMES = CORPUS["games"]


def test_corpus_is_broad():
    """Party and classic, 2–16 players, every option on and off, a few thousand moves."""
    assert {g["rules"]["rule_set"] for g in GAMES} == {"party", "classic"}
    assert {len(g["names"]) for g in GAMES} == set(range(2, 17))
    for option in ("stacking", "seven_o", "jump_in", "doubles"):
        assert {g["rules"][option] for g in GAMES} == {False, True}
    assert sum(len(g["steps"]) for g in GAMES) >= 3000
    assert any(g["outcome"] and g["outcome"][4] is not None for g in GAMES)  # a match ended


@pytest.mark.parametrize("i", range(len(GAMES)))
def test_replay_gives_the_same_events(i):
    rec = GAMES[i]
    r = rec["rules"]
    rules = Rules.from_dict(r["rule_set"], {k: v for k, v in r.items() if k != "rule_set"})
    g = Game(rec["names"], rules, seed=rec["seed"])
    assert state_to_dict(g._state) == rec["start"]
    assert [make_corpus.compact_event(e) for e in g.events] == rec["start_events"]
    for step, (move, events) in enumerate(rec["steps"]):
        got = g.new_round() if move == "new round" else g.apply(move_from_dict(move))
        assert [make_corpus.compact_event(e) for e in got] == events, f"step {step}: {move}"
    o = g.outcome()
    assert (None if o is None else [o.winner, o.points, list(o.scores), o.blocked, o.match_winner]) == rec["outcome"]
    assert state_to_dict(g._state) == rec["end"]
