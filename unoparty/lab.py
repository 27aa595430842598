"""The classroom lab: seeded bot simulations for ``notebooks/Classroom lab.ipynb``.

Each experiment returns plain data (lists and dicts of numbers) and is cached on disk by its
name and parameters (``UNOPARTY_LAB_CACHE``, default ``~/.cache/unoparty/lab``), so a
class re-running the notebook waits only once. Every round is a seeded
:func:`unoparty.simulate.run_round`: the same parameters give the same numbers, whichever
number of worker processes plays them (:func:`workers`: the computer's cores at class size,
one for ``UNOPARTY_LAB_SIZE=small``).

At class size the notebook took about 6 minutes (issue 19); now the basic bots' rounds are
played once for both the round length and speed play, the playable-card chance is worked out
exactly instead of sampled, and the rounds run on every core.

>>> d = round_length_by_players(players=(2, 3), games=2, seed=1, cache=False, progress=False)
>>> sorted(d), [len(v) for v in d.values()]
([2, 3], [2, 2])
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Callable

from .cards import Kind, deck
from .engine.moves import SpeedPlay
from .rules import Rules
from .simulate import derive_seed, run_round, seat_levels, wilson

if TYPE_CHECKING:
    from .cards import Card, Colour
    from .engine.moves import Move
    from .game import Game

Bar = Any
"""A tqdm progress bar (tqdm has no type information), or None."""

__all__ = ["round_length_by_players", "speed_play_chances", "card_effects", "playable_chance",
           "win_rates", "cache_dir", "NEW_KINDS", "sizes", "workers"]

NEW_KINDS = (Kind.POINT_TAKEN, Kind.WILD_PILE_UP, Kind.WILD_DRAWN_TOGETHER)
"""The cards UNO Party! adds to classic UNO."""


def _small() -> bool:
    return os.environ.get("UNOPARTY_LAB_SIZE", "").strip().lower() == "small"


def sizes(small: bool | None = None) -> dict[str, Any]:
    """How many rounds each experiment plays: ``UNOPARTY_LAB_SIZE=small`` (tests) or a class
    size. ``games``: rounds per table size of basic bots (round length, speed play);
    ``card_games``: rounds per deck variant; ``level_games``: rounds of the three bot levels;
    ``players``: the table sizes."""
    if small is None:
        small = _small()
    if small:
        return {"games": 3, "card_games": 4, "level_games": 4, "players": (2, 4, 8, 16)}
    return {"games": 30, "card_games": 70, "level_games": 50, "players": (2, 3, 4, 6, 8, 12, 16)}


def workers() -> int:
    """Worker processes that play the rounds: ``UNOPARTY_LAB_WORKERS``, else 1 for a small
    run and the computer's cores (at most 8) otherwise. The numbers do not depend on it."""
    env = os.environ.get("UNOPARTY_LAB_WORKERS", "").strip()
    if env.isdigit() and int(env) > 0:
        return int(env)
    return 1 if _small() else max(1, min(8, os.cpu_count() or 1))


def _play(job: Callable[..., Any], args: list[tuple[Any, ...]], bar: Bar) -> list[Any]:
    """``[job(*a) for a in args]``, on :func:`workers` processes when more than one (in order)."""
    n = workers()
    if n <= 1 or len(args) <= 1:
        out: list[Any] = []
        for a in args:
            out.append(job(*a))
            _tick(bar)
        return out
    from concurrent.futures import ProcessPoolExecutor

    out = []
    with ProcessPoolExecutor(max_workers=min(n, len(args))) as pool:
        for r in pool.map(job, *zip(*args), chunksize=max(1, len(args) // (n * 8))):
            out.append(r)
            _tick(bar)
    return out


def cache_dir() -> Path:
    """``UNOPARTY_LAB_CACHE``, else ``~/.cache/unoparty/lab`` (a temporary folder for small runs)."""
    env = os.environ.get("UNOPARTY_LAB_CACHE")
    if env:
        return Path(env).expanduser()
    if os.environ.get("UNOPARTY_LAB_SIZE", "").strip().lower() == "small":
        return Path(tempfile.gettempdir()) / "unoparty-lab-small"
    return Path.home() / ".cache" / "unoparty" / "lab"


_MISSING = object()


def _cache_path(name: str, params: dict[str, Any]) -> Path:
    key = hashlib.sha256(json.dumps([name, params], sort_keys=True, default=str).encode()).hexdigest()[:16]
    return cache_dir() / f"{name}-{key}.json"


def _cache_read(name: str, params: dict[str, Any]) -> Any:
    """The cached result, or `_MISSING`."""
    try:
        return json.loads(_cache_path(name, params).read_text(encoding="utf-8"))["result"]
    except (OSError, ValueError, KeyError):
        return _MISSING


def _cache_write(name: str, params: dict[str, Any], result: Any) -> None:
    path = _cache_path(name, params)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"name": name, "params": params, "result": result}), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass  # no cache: the numbers are still right


def _cached(name: str, params: dict[str, Any], compute: Callable[[], Any], cache: bool) -> Any:
    if not cache:
        return compute()
    result = _cache_read(name, params)
    if result is _MISSING:
        result = compute()
        _cache_write(name, params, result)
    return result


def _bar(total: int, desc: str, progress: bool) -> Bar:
    if not progress:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc=desc, leave=False)


def _tick(bar: Bar) -> None:
    if bar is not None:
        bar.update(1)


def _close(bar: Bar) -> None:
    if bar is not None:
        bar.close()


def _basic_round(i: int, n: int, seed: int) -> tuple[int | None, int, int, int]:
    """Round `i` of `n` basic bots: (its turns, None when capped; moves; speed-play chances;
    chances taken)."""
    counts = [0, 0, 0]
    open_chance = [False]

    def check(game: Game, move: Move) -> None:
        counts[0] += 1
        if open_chance[0] and isinstance(move, SpeedPlay):
            counts[2] += 1
        open_chance[0] = any(isinstance(m, SpeedPlay) for p in range(n) for m in game.legal_moves(p))
        counts[1] += open_chance[0]
    r = run_round(i, n, seat_levels(["basic"], n), Rules(), seed=derive_seed(seed, "basic", n), check=check)
    return (None if r.capped else r.turns, counts[0], counts[1], counts[2])


def _basic_rounds_for(players: Iterable[int], games: int, seed: int, cache: bool, progress: bool,
                      desc: str) -> dict[int, dict[str, Any]]:
    """`games` rounds of basic bots (party rules) per table size, cached per size: the turns
    of each round (capped ones left out) and the speed-play counts. Round length and speed
    play read the same rounds, so a class run plays them once."""
    sizes_ = [int(n) for n in players]
    out: dict[int, dict[str, Any]] = {}
    missing = []
    for n in sizes_:
        got = _cache_read("basic_rounds", {"players": n, "games": games, "seed": seed}) if cache else _MISSING
        if isinstance(got, dict):
            out[n] = got
        else:  # not cached (or not readable as a result): played below
            missing.append(n)
    if missing:
        bar = _bar(len(missing) * games, desc, progress)
        try:
            played = _play(_basic_round, [(i, n, seed) for n in missing for i in range(games)], bar)
        finally:
            _close(bar)
        for k, n in enumerate(missing):
            rounds = played[k * games:(k + 1) * games]
            result = {"turns": [r[0] for r in rounds if r[0] is not None],
                      "moves": sum(r[1] for r in rounds), "chances": sum(r[2] for r in rounds),
                      "taken": sum(r[3] for r in rounds)}
            # through JSON either way, so a cached run and a fresh one give equal values
            out[n] = json.loads(json.dumps(result))
            if cache:
                _cache_write("basic_rounds", {"players": n, "games": games, "seed": seed}, result)
    return {n: out[n] for n in sizes_}


def round_length_by_players(players: Iterable[int] = tuple(range(2, 17)), games: int = 30, seed: int = 2026, *,
                            cache: bool = True, progress: bool = True) -> dict[int, list[int]]:
    """Turns per round (basic bots, party rules) for each number of players.

    Returns:
        players → the turns of each round (a round stopped at the move cap is left out).
    """
    return {n: d["turns"] for n, d in _basic_rounds_for(players, games, seed, cache, progress, "round length").items()}


def speed_play_chances(players: Iterable[int] = (4, 8, 12, 16), games: int = 30, seed: int = 2026, *,
                       cache: bool = True, progress: bool = True) -> dict[int, dict[str, float]]:
    """How often a speed-play chance arises (SP-1: after a move, some player may speed play)
    and how often one is taken (the next move is a speed play), basic bots: the same rounds as
    :func:`round_length_by_players` with the same arguments (played once, cached).

    Returns:
        players → ``{"moves", "chances", "taken", "chance_rate", "taken_rate"}`` (rates: per
        move, and per chance).
    """
    out: dict[int, dict[str, float]] = {}
    for n, d in _basic_rounds_for(players, games, seed, cache, progress, "speed play").items():
        m, c = d["moves"], d["chances"]
        out[n] = {"moves": m, "chances": c, "taken": d["taken"], "chance_rate": c / m if m else 0.0,
                  "taken_rate": d["taken"] / c if c else 0.0}
    return out


def _card_round(i: int, players: int, without: tuple[str, ...], seed: int,
                label: str) -> tuple[int, bool, float] | None:
    """Round `i` of basic bots without the kinds `without`: (its turns, whether a comeback won
    it, the share of the players behind the leader halfway), or None for a capped or blocked
    round."""
    sizes_: list[tuple[int, ...]] = []

    def check(game: Game, move: Move) -> None:
        sizes_.append(tuple(len(h) for h in game.hands))
    r = run_round(i, players, seat_levels(["basic"], players), Rules(without=tuple(Kind[nm.upper().replace(" ", "_")] for nm in without)),
                  seed=derive_seed(seed, "cards", label), check=check)
    if r.capped or r.winner_slot is None or not sizes_:
        return None
    middle = sizes_[len(sizes_) // 2]
    seat = (r.winner_slot - i) % players  # run_round seats slot (seat + i) % players at seat `seat`
    behind = sum(m > min(middle) for m in middle)
    return r.turns, middle[seat] > min(middle), behind / players


def card_effects(players: int = 6, games: int = 70, seed: int = 2026, kinds: Iterable[Kind] = NEW_KINDS, *,
                 cache: bool = True, progress: bool = True) -> dict[str, dict[str, Any]]:
    """Each new card left out of the deck in turn (``Rules(without=…)``): how long a round
    lasts, and how often it is won by a *comeback* — by a player who, halfway through the
    round (its middle move), held more cards than the leader (the fewest cards then). Every
    seat is a basic bot, so what changes between the variants is the cards, not the players.

    (It compared basic bots with random ones before: basic won 98–100 % of the rounds in every
    variant, which told a class nothing about the cards, issue 19.)

    Returns:
        ``"all cards"`` and ``"without <kind>"`` → ``{"turns": [...], "rounds", "comebacks",
        "comeback_share", "low", "high", "even_share"}`` (share of the rounds won by a
        comeback, with its 95 % Wilson interval; ``even_share``: the share there would be if
        being ahead halfway did not matter — the average share of the players behind then;
        capped and blocked rounds left out).
    """
    names = [k.name.lower().replace("_", " ") for k in kinds]
    variants: list[tuple[str, tuple[str, ...]]] = [("all cards", ())] + [(f"without {nm}", (nm,)) for nm in names]

    def compute() -> dict[str, dict[str, Any]]:
        bar = _bar(len(variants) * games, "cards", progress)
        try:
            played = _play(_card_round, [(i, players, without, seed, label) for label, without in variants
                                         for i in range(games)], bar)
        finally:
            _close(bar)
        out: dict[str, dict[str, Any]] = {}
        for k, (label, _without) in enumerate(variants):
            rounds = [r for r in played[k * games:(k + 1) * games] if r is not None]
            n, comebacks = len(rounds), sum(r[1] for r in rounds)
            low, high = wilson(comebacks, n)
            out[label] = {"turns": [r[0] for r in rounds], "rounds": n, "comebacks": comebacks,
                          "comeback_share": comebacks / n if n else 0.0, "low": low, "high": high,
                          "even_share": sum(r[2] for r in rounds) / n if n else 0.0}
        return out
    result: dict[str, dict[str, Any]] = _cached("card_comebacks_v2", {"players": players, "games": games, "seed": seed,
                                                                      "kinds": names}, compute, cache)
    return result


def _matches(card: Card, top: Card, colour: Colour | None) -> bool:
    """T-1's match, simplified for the plot: a wild card, the colour, or the same number or
    symbol as the top card."""
    if card.is_wild:
        return True
    if card.colour is colour:
        return True
    if top.kind is Kind.NUMBER:
        return card.kind is Kind.NUMBER and card.number == top.number
    return card.kind is top.kind


def playable_chance(hand_sizes: Iterable[int] = tuple(range(1, 16)), samples: int = 0, seed: int = 2026,
                    rule_set: str = "party", *, cache: bool = True, progress: bool = True) -> dict[int, float]:
    """The chance that a hand of k cards, dealt at random, holds a card that can be played on
    a random non-wild top card (its colour, its number or symbol, or a wild card).

    Worked out exactly, not sampled: the top card is each non-wild card of the deck in turn,
    the hand any k of the other cards, and the chance of no playable card is
    C(others − playable, k) / C(others, k) (it was 20,000 random deals per hand size, a few
    seconds of a class's run). `samples` and `seed` are kept for old calls and ignored.

    Returns:
        hand size → probability (0–1).

    >>> round(playable_chance((1,), cache=False)[1], 3) < round(playable_chance((7,), cache=False)[7], 3)
    True
    """
    from math import comb

    sizes_ = [int(k) for k in hand_sizes]

    def compute() -> dict[str, float]:
        cards = deck(rule_set)
        tops = [c for c in cards if not c.is_wild]
        others = len(cards) - 1
        playable = [sum(_matches(c, top, top.colour) for c in cards) - 1 for top in tops]  # not the top itself
        return {str(k): sum(1 - comb(others - m, k) / comb(others, k) for m in playable) / len(tops)
                for k in sizes_}
    data: dict[str, float] = _cached("playable_exact", {"sizes": sizes_, "rule_set": rule_set}, compute, cache)
    return {int(k): v for k, v in data.items()}


def _level_round(i: int, players: int, table: tuple[str, ...], seed: int, playouts: int) -> str | None:
    """Round `i` of the bot levels: the winner's level, or None for a capped or blocked round."""
    r = run_round(i, players, table, Rules(), seed=derive_seed(seed, "levels"),
                  settings={"strong": {"playouts": playouts}})
    return None if r.capped or r.winner_slot is None else table[r.winner_slot]


def win_rates(levels: Sequence[str] = ("random", "basic", "strong"), players: int = 3, games: int = 50, seed: int = 2026,
              strong_playouts: int = 20, *, cache: bool = True, progress: bool = True) -> dict[str, dict[str, float]]:
    """Win rate of each bot level, one bot per level at the table (seats rotate each round).

    Returns:
        level → ``{"wins", "rounds", "rate", "low", "high"}`` (95 % Wilson interval; capped
        and blocked rounds left out).
    """
    names = tuple(levels)
    table = seat_levels(list(names), players)

    def compute() -> dict[str, dict[str, float]]:
        bar = _bar(games, "bot levels", progress)
        try:
            winners = [w for w in _play(_level_round, [(i, players, table, seed, strong_playouts)
                                                       for i in range(games)], bar) if w is not None]
        finally:
            _close(bar)
        rounds = len(winners)
        out: dict[str, dict[str, float]] = {}
        for lv in names:
            wins = winners.count(lv)
            low, high = wilson(wins, rounds)
            out[lv] = {"wins": wins, "rounds": rounds, "rate": wins / rounds if rounds else 0.0,
                       "low": low, "high": high}
        return out
    rates: dict[str, dict[str, float]] = _cached("win_rates", {"levels": names, "players": players, "games": games,
                                                               "seed": seed, "playouts": strong_playouts}, compute, cache)
    return rates
