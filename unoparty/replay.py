"""Replays: a finished round saved as a scenario file (SCENARIO_FORMAT.md, format 1) with
one narrated ``say`` per move, so a class can step through the round it just played in the
scenario player.

The setup is the table as the round started (after the deal and the first card), with
``rest = "none"``: every card is written out, and the order of each reshuffled draw pile
(T-5, PU-2) — carried by the engine's reshuffle event — is written in the top-level key
``reshuffles`` (top first), so the file reproduces the round exactly.

>>> from unoparty.game import Game
>>> text = round_to_toml(Game(["Ava", "Ben"], seed=1), scenario_id="empty-round", title="Nothing yet")
>>> text.splitlines()[:3]
['format = 1', 'id = "empty-round"', 'title = "Nothing yet"']
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

from .cards import Card
from .engine import Event, EventKind, Move, Phase
from .game import Game, _RecordingRandom
from .narrate import narrate

__all__ = ["round_to_toml", "export_round", "ReplayError", "slug"]


class ReplayError(ValueError):
    """A round that cannot be written as a scenario (it starts in a phase a setup cannot
    describe)."""


def _q(text: str) -> str:
    """A TOML basic string."""
    return json.dumps(str(text), ensure_ascii=False)


def _cards(cards: Iterable[Card]) -> str:
    return "[" + ", ".join(_q(str(c)) for c in cards) + "]"


def slug(text: str) -> str:
    """A scenario id from any text: lower case, a-z 0-9 and '-'."""
    s = re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")
    return s or "replay"


def _replay(game: Game) -> tuple[Game, list[tuple[Move, tuple[Event, ...], list[list[Card]]]]]:
    """The game's last round again from its start: (start game, [(move, events, reshuffles)])."""
    state, rng_state, events = game._initial
    start = Game._wrap(game.names, game.rules, state.copy(), _RecordingRandom(), events, record_undo=False)
    rng = _RecordingRandom()
    rng.setstate(rng_state)
    again = Game._wrap(game.names, game.rules, state.copy(), rng, events, record_undo=False)
    steps: list[tuple[Move, tuple[Event, ...], list[list[Card]]]] = []
    for move in game.history:
        if isinstance(move, str):  # "new round": the replay starts at the last deal
            again.new_round()
            start = again.clone()
            steps = []
            continue
        evs = again.apply(move)
        # chance is explicit: each reshuffle's event carries the new draw pile, top first
        reshuffles = [list(e.cards) for e in evs if e.kind is EventKind.RESHUFFLED]
        steps.append((move, evs, reshuffles))
    return start, steps


def _learner_seat(names: "list[str] | tuple[str, ...]", learner: str | None) -> int | None:
    """The seat the narration calls "you": the learner's, else a seat named "You" (or its
    translation, the game page's default name), else None (an onlooker's narration)."""
    from .narrate import is_learner_seat_name
    if learner is not None and learner in names:
        return list(names).index(learner)
    return next((i for i, n in enumerate(names) if is_learner_seat_name(n)), None)


def round_to_toml(game: Game, *, scenario_id: str = "replay", title: str = "A round to replay",
                  learner: str | None = None) -> str:
    """The round `game` has played so far, as scenario text (format 1).

    Args:
        game: a game; its last round (so far) is written.
        learner: the player whose hand the learner holds (``learner`` key), or None (a show
            for the class; "You" is the learner by default when a player has that name). The
            steps' narration speaks to the learner's seat as "you", as the game's log does.

    Raises:
        ReplayError: the round starts in a phase a setup cannot describe.
    """
    start, steps = _replay(game)
    if start.phase is not Phase.TURN or start.pending_draw or start.mini_pile or start.current is None:
        raise ReplayError(f"this round starts in phase {start.phase.value!r}: a scenario setup starts on a turn")
    names = start.names
    rules = game.rules
    lines = ["format = 1", f"id = {_q(slug(scenario_id))}", f"title = {_q(' '.join(str(title).split()))}",
             f"rules = {_q(rules.rule_set)}"]
    if learner is not None:
        lines.append(f"learner = {_q(learner)}")
    reshuffles = [r for _m, _e, rs in steps for r in rs]
    if reshuffles:
        lines.append("reshuffles = [")
        lines += [f"  {_cards(r)}," for r in reshuffles]
        lines.append("]")
    opts = {k: v for k, v in rules.options().items() if k != "without" and v not in (False,)}
    if opts.get("target_score") == 500:
        opts.pop("target_score")
    if opts:
        lines += ["", "[options]"] + [f"{k} = {json.dumps(v)}" for k, v in opts.items()]
    lines += ["", "[setup]", f"players = [{', '.join(_q(n) for n in names)}]",
              f"turn = {_q(names[start.current])}"]
    if start.direction < 0:
        lines.append('direction = "counterclockwise"')
    lines.append(f"discard_pile = {_cards(start.discard_pile)}")
    if start.colour is not None:
        lines.append(f"colour = {_q(str(start.colour))}")
    elif start.top_card.is_wild:  # S-5: a classic round starting on a Wild, its colour not chosen yet
        lines.append("colour_to_choose = true")
    lines.append(f"draw_pile = {_cards(start.draw_pile)}")
    lines.append('rest = "none"')
    if start.links:
        lines.append(f"links = [{', '.join(_q(names[s]) for s in start.links)}]")
    if any(start.scores):
        lines.append("scores = { " + ", ".join(f"{_q(n)} = {s}" for n, s in zip(names, start.scores)) + " }")
    lines += ["", "[setup.hands]"] + [f"{_q(n)} = {_cards(h)}" for n, h in zip(names, start.hands)]
    # the learner's seat is "you", as in the game's log (never "Toi pioche…", "À Toi de jouer")
    you = _learner_seat(names, learner)
    for k, (move, events, _rs) in enumerate(steps, 1):
        say = " ".join(s for s in (narrate(e, names, you) for e in events) if s)
        lines += ["", "[[steps]]", f"do = {_q(game.format_move(move))}", f"say = {_q(say or game.format_move(move))}"]
        if k == len(steps):
            out = game.outcome()
            if out is not None:
                lines.append(f"expect = {{ phase = {_q(game.phase.value)}, winner = {_q(names[out.winner])} }}")
    return "\n".join(lines) + "\n"


def export_round(game: Game, path: str | Path, *, scenario_id: str = "replay", title: str = "A round to replay",
                 learner: str | None = None) -> Path:
    """Write :func:`round_to_toml` to `path` (folders made as needed); returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(round_to_toml(game, scenario_id=scenario_id, title=title, learner=learner), encoding="utf-8")
    return path
