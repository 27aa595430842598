"""Write `tests/data/corpus.json.gz`: seeded random rounds recorded as start + moves + events.

The corpus pins the engine's behaviour (issue 9, "Behaviour unchanged where the rules did not
change"): `tests/test_corpus.py` replays every game and asserts the same events, states and
outcomes. Only a change of the rules themselves (a ruling of RULES.md) may change it; then
run this script again and say why in the commit message::

    .venv/bin/python tests/data/make_corpus.py

Games: party and classic, 2–16 players (classic up to 10), each house-rule option on and off
(all sixteen combinations per rule set), some matches with a low target score so that
several rounds and the end of a match are reached. Moves come from a play-biased random
policy (a legal play is preferred to drawing, answers and out-of-turn moves), so rounds end
like real ones.
"""

from __future__ import annotations

import gzip
import itertools
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from unoparty.engine import Phase, Play, SpeedPlay  # noqa: E402
from unoparty.engine.serial import event_to_dict, move_to_dict, state_to_dict  # noqa: E402
from unoparty.game import Game  # noqa: E402
from unoparty.rules import OPTIONS, Rules  # noqa: E402

OUT = Path(__file__).with_name("corpus.json.gz")
MOVE_CAP = 400  # moves per round; a round still running then is recorded as is


def compact_event(e) -> dict:
    """An event as a dict without its default-valued fields (keeps the file small)."""
    d = event_to_dict(e)
    return {k: v for k, v in d.items() if k in ("kind",) or v not in (None, "", [], 0, False)}


def pick_move(game: Game, rng: random.Random):
    """A play-biased random move of a seat the game waits for (or an out-of-turn move)."""
    phase = game.phase
    if phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        return None
    actor = rng.choice(game.waiting_for) if phase is Phase.POINTING else game.current
    if rng.random() < 0.02:  # sometimes a speed play that may be a mistake (SP-4)
        other = rng.randrange(game.n_players)
        hand = game.hands[other]
        move = SpeedPlay(other, rng.choice(hand))
        if game.why_illegal(move) is None:
            return move
    if rng.random() < 0.08:
        other = rng.choice([p for p in range(game.n_players) if p != actor])
        moves = game.legal_moves(other)
        if moves:
            return rng.choice(moves)
    moves = game.legal_moves(actor)
    plays = [m for m in moves if isinstance(m, Play)]
    if plays and rng.random() < 0.85:
        return rng.choice(plays)
    return rng.choice(moves)


def record_game(names, rules: Rules, seed: int, rounds: int) -> dict:
    rng = random.Random(seed * 7919 + 1)
    g = Game(names, rules, seed=seed)
    out = {"names": list(names), "rules": {"rule_set": rules.rule_set, **rules.options()},
           "seed": seed, "start": state_to_dict(g._state),
           "start_events": [compact_event(e) for e in g.events], "steps": []}
    played_rounds = 1
    while True:
        for _ in range(MOVE_CAP):
            move = pick_move(g, rng)
            if move is None:
                break
            events = g.apply(move)
            out["steps"].append([move_to_dict(move), [compact_event(e) for e in events]])
        o = g.outcome()
        if o is None or g.phase is Phase.MATCH_OVER or played_rounds >= rounds:
            break
        events = g.new_round()
        out["steps"].append(["new round", [compact_event(e) for e in events]])
        played_rounds += 1
    o = g.outcome()
    out["outcome"] = None if o is None else [o.winner, o.points, list(o.scores), o.blocked, o.match_winner]
    out["end"] = state_to_dict(g._state)
    return out


def games():
    seed = 1
    for rule_set in ("party", "classic"):
        max_players = 16 if rule_set == "party" else 10
        for combo in itertools.product((False, True), repeat=len(OPTIONS)):
            options = dict(zip(OPTIONS, combo))
            n = 2 + (seed * 5) % (max_players - 1)
            multi = seed % 5 == 0
            rules = Rules(rule_set=rule_set, target_score=60 if multi else 500, **options)
            yield [f"P{i + 1}" for i in range(n)], rules, seed, 4 if multi else 1
            seed += 1
    # every table size at least once
    for rule_set, n in [("party", k) for k in range(2, 17)] + [("classic", k) for k in range(2, 11)]:
        rules = Rules(rule_set=rule_set, stacking=n % 2 == 0, seven_o=n % 3 == 0, jump_in=n % 4 == 1,
                      doubles=n % 3 == 1)
        yield [f"P{i + 1}" for i in range(n)], rules, seed, 1
        seed += 1


def main() -> None:
    corpus = {"format": "unoparty-corpus", "version": 1,
              "games": [record_game(*args) for args in games()]}
    data = json.dumps(corpus, separators=(",", ":")).encode()
    OUT.write_bytes(gzip.compress(data, 9, mtime=0))
    moves = sum(len(g["steps"]) for g in corpus["games"])
    print(f"{len(corpus['games'])} games, {moves} moves, {OUT.stat().st_size} bytes -> {OUT}")


if __name__ == "__main__":
    main()
