"""The classroom lab: seeded bot simulations for ``notebooks/Classroom lab.ipynb``.

Each experiment returns plain data (lists and dicts of numbers) and is cached on disk by its
name and parameters (``UNOPARTY_LAB_CACHE``, default ``~/.cache/unoparty/lab``), so a
class re-running the notebook waits only once. Every round is a seeded
:func:`unoparty.simulate.run_round`: the same parameters give the same numbers.

>>> d = round_length_by_players(players=(2, 3), games=2, seed=1, cache=False, progress=False)
>>> sorted(d), [len(v) for v in d.values()]
([2, 3], [2, 2])
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import tempfile
from pathlib import Path
from typing import Any, Callable

from .cards import Kind, deck
from .engine.moves import SpeedPlay
from .rules import Rules
from .simulate import derive_seed, run_round, seat_levels, wilson

__all__ = ["round_length_by_players", "speed_play_chances", "card_effects", "playable_chance",
           "win_rates", "cache_dir", "NEW_KINDS", "sizes"]

NEW_KINDS = (Kind.POINT_TAKEN, Kind.WILD_PILE_UP, Kind.WILD_DRAWN_TOGETHER)
"""The cards UNO Party! adds to classic UNO."""


def sizes(small: bool | None = None) -> dict[str, int]:
    """How many rounds each experiment plays: ``UNOPARTY_LAB_SIZE=small`` (tests) or a class size."""
    if small is None:
        small = os.environ.get("UNOPARTY_LAB_SIZE", "").strip().lower() == "small"
    if small:
        return {"games": 3, "samples": 300, "level_games": 4, "players": (2, 4, 8, 16)}
    return {"games": 60, "samples": 20000, "level_games": 120, "players": tuple(range(2, 17))}


def cache_dir() -> Path:
    """``UNOPARTY_LAB_CACHE``, else ``~/.cache/unoparty/lab`` (a temporary folder for small runs)."""
    env = os.environ.get("UNOPARTY_LAB_CACHE")
    if env:
        return Path(env).expanduser()
    if os.environ.get("UNOPARTY_LAB_SIZE", "").strip().lower() == "small":
        return Path(tempfile.gettempdir()) / "unoparty-lab-small"
    return Path.home() / ".cache" / "unoparty" / "lab"


def _cached(name: str, params: dict, compute: Callable[[], Any], cache: bool) -> Any:
    if not cache:
        return compute()
    key = hashlib.sha256(json.dumps([name, params], sort_keys=True, default=str).encode()).hexdigest()[:16]
    path = cache_dir() / f"{name}-{key}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))["result"]
    except (OSError, ValueError, KeyError):
        pass
    result = compute()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"name": name, "params": params, "result": result}), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass  # no cache: the numbers are still right
    return result


def _bar(total: int, desc: str, progress: bool):
    if not progress:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc=desc, leave=False)


def _tick(bar) -> None:
    if bar is not None:
        bar.update(1)


def _close(bar) -> None:
    if bar is not None:
        bar.close()


def round_length_by_players(players=tuple(range(2, 17)), games: int = 60, seed: int = 2026, *,
                            cache: bool = True, progress: bool = True) -> dict[int, list[int]]:
    """Turns per round (basic bots, party rules) for each number of players.

    Returns:
        players → the turns of each round (a round stopped at the move cap is left out).
    """
    players = [int(n) for n in players]

    def compute():
        out: dict = {}
        bar = _bar(len(players) * games, "round length", progress)
        for n in players:
            turns = []
            for i in range(games):
                r = run_round(i, n, seat_levels(["basic"], n), Rules(), seed=derive_seed(seed, "length", n))
                if not r.capped:
                    turns.append(r.turns)
                _tick(bar)
            out[str(n)] = turns
        _close(bar)
        return out
    data = _cached("round_length", {"players": players, "games": games, "seed": seed}, compute, cache)
    return {int(k): v for k, v in data.items()}


def speed_play_chances(players=(4, 8, 12, 16), games: int = 60, seed: int = 2026, *,
                       cache: bool = True, progress: bool = True) -> dict[int, dict[str, float]]:
    """How often a speed-play chance arises (SP-1: after a move, some player may speed play)
    and how often one is taken (the next move is a speed play), basic bots.

    Returns:
        players → ``{"moves", "chances", "taken", "chance_rate", "taken_rate"}`` (rates: per
        move, and per chance).
    """
    players = [int(n) for n in players]

    def compute():
        out: dict = {}
        bar = _bar(len(players) * games, "speed play", progress)
        for n in players:
            counts = {"moves": 0, "chances": 0, "taken": 0}
            open_chance = [False]

            def check(game, move, counts=counts, open_chance=open_chance, n=n):
                counts["moves"] += 1
                if open_chance[0] and isinstance(move, SpeedPlay):
                    counts["taken"] += 1
                open_chance[0] = any(isinstance(m, SpeedPlay) for p in range(n) for m in game.legal_moves(p))
                counts["chances"] += open_chance[0]
            for i in range(games):
                open_chance[0] = False
                run_round(i, n, seat_levels(["basic"], n), Rules(), seed=derive_seed(seed, "speed", n), check=check)
                _tick(bar)
            m, c = counts["moves"], counts["chances"]
            out[str(n)] = {**counts, "chance_rate": c / m if m else 0.0, "taken_rate": counts["taken"] / c if c else 0.0}
        _close(bar)
        return out
    data = _cached("speed_play", {"players": players, "games": games, "seed": seed}, compute, cache)
    return {int(k): v for k, v in data.items()}


def card_effects(players: int = 6, games: int = 60, seed: int = 2026, kinds=NEW_KINDS, *,
                 cache: bool = True, progress: bool = True) -> dict[str, dict[str, Any]]:
    """Each new card left out of the deck in turn (``Rules(without=…)``): round length and
    who wins. Half the seats are basic bots, half random ones: does the card make skill
    count more (basic wins more) or less?

    Returns:
        ``"all cards"`` and ``"without <kind>"`` → ``{"turns": [...], "basic_wins",
        "random_wins", "rounds", "basic_share", "low", "high"}`` (share of rounds won by the
        basic bots, with its 95 % Wilson interval).
    """
    names = [k.name.lower().replace("_", " ") for k in kinds]
    levels = tuple(("basic", "random")[s % 2] for s in range(players))

    def compute():
        out: dict = {}
        variants = [("all cards", ())] + [(f"without {nm}", (nm,)) for nm in names]
        bar = _bar(len(variants) * games, "cards", progress)
        for label, without in variants:
            rules = Rules(without=without)
            turns, basic, rand = [], 0, 0
            for i in range(games):
                r = run_round(i, players, levels, rules, seed=derive_seed(seed, "cards", label))
                if not r.capped:
                    turns.append(r.turns)
                    if levels[r.winner_slot] == "basic":
                        basic += 1
                    else:
                        rand += 1
                _tick(bar)
            n = basic + rand
            low, high = wilson(basic, n)
            out[label] = {"turns": turns, "basic_wins": basic, "random_wins": rand, "rounds": n,
                          "basic_share": basic / n if n else 0.0, "low": low, "high": high}
        _close(bar)
        return out
    return _cached("card_effects", {"players": players, "games": games, "seed": seed, "kinds": names}, compute, cache)


def _matches(card, top, colour) -> bool:
    """T-1's match, simplified for the plot: a wild card, the colour, or the same number or
    symbol as the top card."""
    if card.is_wild:
        return True
    if card.colour is colour:
        return True
    if top.kind is Kind.NUMBER:
        return card.kind is Kind.NUMBER and card.number == top.number
    return card.kind is top.kind


def playable_chance(hand_sizes=tuple(range(1, 16)), samples: int = 20000, seed: int = 2026,
                    rule_set: str = "party", *, cache: bool = True, progress: bool = True) -> dict[int, float]:
    """The chance that a hand of k cards, dealt at random, holds a card that can be played on
    a random non-wild top card (its colour, its number or symbol, or a wild card).

    Returns:
        hand size → probability (0–1).
    """
    sizes_ = [int(k) for k in hand_sizes]

    def compute():
        rng = random.Random(derive_seed(seed, "playable", rule_set))
        cards = deck(rule_set)
        out = {}
        bar = _bar(len(sizes_), "playable", progress)
        for k in sizes_:
            hits = 0
            for _ in range(samples):
                drawn = rng.sample(cards, k + 1)
                top, hand = drawn[0], drawn[1:]
                while top.is_wild:  # the top card of a table waiting for a colour match
                    top = rng.choice(cards)
                hits += any(_matches(c, top, top.colour) for c in hand)
            out[str(k)] = hits / samples
            _tick(bar)
        _close(bar)
        return out
    data = _cached("playable", {"sizes": sizes_, "samples": samples, "seed": seed, "rule_set": rule_set},
                   compute, cache)
    return {int(k): v for k, v in data.items()}


def win_rates(levels=("random", "basic", "strong"), players: int = 3, games: int = 120, seed: int = 2026,
              strong_playouts: int = 20, *, cache: bool = True, progress: bool = True) -> dict[str, dict[str, float]]:
    """Win rate of each bot level, one bot per level at the table (seats rotate each round).

    Returns:
        level → ``{"wins", "rounds", "rate", "low", "high"}`` (95 % Wilson interval).
    """
    levels = tuple(levels)
    table = seat_levels(list(levels), players)

    def compute():
        wins = {lv: 0 for lv in levels}
        rounds = 0
        bar = _bar(games, "bot levels", progress)
        for i in range(games):
            r = run_round(i, players, table, Rules(), seed=derive_seed(seed, "levels"),
                          settings={"strong": {"playouts": strong_playouts}})
            if not r.capped:
                rounds += 1
                wins[table[r.winner_slot]] += 1
            _tick(bar)
        _close(bar)
        seats = {lv: table.count(lv) for lv in levels}
        out = {}
        for lv in levels:
            low, high = wilson(wins[lv], rounds * seats[lv]) if seats[lv] == 1 else wilson(wins[lv], rounds)
            out[lv] = {"wins": wins[lv], "rounds": rounds, "rate": wins[lv] / rounds if rounds else 0.0,
                       "low": low, "high": high}
        return out
    return _cached("win_rates", {"levels": levels, "players": players, "games": games, "seed": seed,
                                 "playouts": strong_playouts}, compute, cache)
