"""Many bot rounds, for a teacher showing a class what the cards do (``unoparty simulate``).

A *game* here is one round (R-1). Game ``i`` of a run with seed ``S`` uses seeds derived
from ``(S, i)`` only — the deal, every bot's `random.Random` and the race noise — so a run
gives the same results with any number of worker processes.

Who acts (see also `unoparty.playout`): at each step the game waits for one seat (the
current player) or, during pointing (PT-3), for every seat that has not pointed. Each of
those *actors* would move after its bot's think delay; every other seat with an
out-of-turn chance (speed play, UNO call, catch) is asked ``react`` and, if eager, would
move after its reaction time. Each time gets seeded noise; the fastest move is applied, and
the step repeats on the new state. So a fast ``strong`` bot wins more speed-play and catch
races than a slow ``random`` one, as at a real table.

>>> s = simulate(players=3, games=4, bots=["basic"], seed=1)
>>> s.games, sum(s.wins_by_slot) + s.capped == 4
(4, True)
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .bots import LEVELS, make_bot
from .bots.basic import wd4_is_legal
from .cards import Kind
from .engine import EventKind, Move, Phase, Play
from .game import Game
from .i18n import _, format_decimal, ngettext, pgettext
from .refusal_words import explain
from .rules import Rules

__all__ = ["RoundResult", "Summary", "run_round", "simulate", "wilson", "derive_seed",
           "seat_levels", "register", "run", "DEFAULT_CAP"]

Settings = Mapping[str, Mapping[str, Any]]
"""Per bot level, keyword settings for `unoparty.bots.make_bot`."""

# A round to play: `run_round`'s positional arguments (index, players, levels, rules, seed, cap, settings).
_Job = tuple[int, int, Sequence[str], Rules, int, int, Settings | None]

DEFAULT_CAP = 5000
"""Moves after which a round is stopped and counted as hitting the cap."""

NOISE = 0.3
"""Spread of the race noise: each delay is multiplied by exp(N(0, NOISE))."""


def derive_seed(seed: int, *parts: object) -> int:
    """A 64-bit seed from `seed` and `parts` (stable across processes and Python runs)."""
    text = ":".join(str(x) for x in (seed,) + parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % with z = 1.96): ``(low, high)``,
    within [0, 1] and holding the observed share ``wins / n`` (in floating point the bounds
    at 0 % and 100 % came out a hair inside it, e.g. 0.9999999999999999 for 60 wins in 60,
    and a plot's error bar below the point then was negative, issue 19).

    >>> tuple(round(x, 3) for x in wilson(45, 100))
    (0.356, 0.548)
    >>> wilson(60, 60)[1], wilson(0, 60)[0]
    (1.0, 0.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def seat_levels(bots: Iterable[str], players: int) -> tuple[str, ...]:
    """The bot level of each slot: the list given, its last level repeated to fill the table.

    Raises:
        ValueError: an unknown level, an empty list or more bots than players.
    """
    bots = [b.strip() for b in bots]
    if not bots or all(not b for b in bots):
        raise ValueError(_("--bots needs at least one bot level (random, basic, strong)"))
    if any(not b for b in bots):
        raise ValueError(_("--bots has an empty level between commas: {bots} (levels: random, basic, strong)").format(
            bots=repr(",".join(bots))))
    for b in bots:
        if b not in LEVELS:
            raise ValueError(_("unknown bot {bot}: use {levels}").format(bot=repr(b), levels=", ".join(LEVELS)))
    if len(bots) > players:
        raise ValueError(_("{bots} bots for {players} players: give at most one per player").format(bots=len(bots), players=players))
    return tuple(bots) + (bots[-1],) * (players - len(bots))


@dataclass
class RoundResult:
    """What happened in one simulated round.

    Slots are the bots as listed (after filling); in game ``i`` slot ``j`` sits at seat
    ``(j - i) % players`` so that every bot plays from every seat equally often.
    """

    index: int
    winner_slot: int | None
    blocked: bool
    capped: bool
    moves: int
    turns: int
    cards_drawn: int
    speed_plays: int
    pt_draws: int
    plays: dict[str, int]
    decisions: dict[str, int]
    phases: tuple[str, ...]
    # Wall-clock thinking time per decision, by level, as a histogram: whole microseconds ->
    # decisions (`_record_ms`); bounded by the range of times, not their number, so a long run
    # keeps flat memory. Not deterministic; not compared.
    ms: dict[str, Counter[int]] = field(default_factory=dict, compare=False)

    def key(self) -> tuple[object, ...]:
        """Everything deterministic, for comparing runs."""
        return (self.index, self.winner_slot, self.blocked, self.capped, self.moves, self.turns,
                self.cards_drawn, self.speed_plays, self.pt_draws, sorted(self.plays.items()),
                sorted(self.decisions.items()), self.phases)


def _decision_kinds(game: Game, move: Move) -> list[str]:
    """Labels for the kinds of decision `move` is (for coverage and the summary)."""
    t = type(move).__name__
    if type(move) is not Play:
        return [{"Draw": "draw", "Keep": "keep", "SpeedPlay": "speed play", "CallUno": "call uno",
                 "Catch": "catch", "Accept": "accept", "Challenge": "challenge", "PointAt": "point at",
                 "TakeMiniPile": "take mini pile"}[t]]
    if game.phase is Phase.MINI_PILE:
        out = ["add to mini pile"]
    elif game.phase is Phase.CHALLENGE:
        out = ["stack"]
    elif game.phase is Phase.DRAWN:
        out = ["play drawn card"]
    else:
        out = ["play"]
    if move.colour is not None:
        out.append("name colour")
    if move.link is not None:
        out.append("link")
    if move.call_uno:
        out.append("call uno with play")
    if move.swap_with is not None:
        out.append("swap hands")
    if move.twice:
        out.append("play twice")
    if move.card.kind is Kind.WILD_DRAW_FOUR and game.phase is not Phase.MINI_PILE:
        legal = wd4_is_legal(game.hands[move.player], game.colour, move.card)
        out.append("wild draw four legal" if legal else "wild draw four bluff")
    return out


def run_round(index: int, players: int, levels: Sequence[str], rules: Rules = Rules(), seed: int = 0,
              cap: int = DEFAULT_CAP, settings: Settings | None = None,
              check: Callable[[Game, Move], object] | None = None,
              on_end: Callable[[Game], object] | None = None) -> RoundResult:
    """Play game `index` of a run: one round with bots, races settled by timing (module doc).

    Args:
        levels: the level of each slot (`seat_levels`). settings: per level, keyword
            settings for `make_bot` (e.g. ``{"strong": {"playouts": 40}}``).
        check: optional ``check(game, move)`` after every move (invariants, in tests).
        on_end: optional ``on_end(game)`` when the round is over or capped (replays).

    Raises:
        RuntimeError: a bot chose a move the game refuses (a bug in that bot).
    """
    n = players
    names = [f"P{i + 1}" for i in range(n)]
    game = Game(names, rules, seed=derive_seed(seed, index, "deal"), record_undo=False)
    slot_at = [(s + index) % n for s in range(n)]           # seat -> slot
    bots = [make_bot(levels[slot_at[s]], **(settings or {}).get(levels[slot_at[s]], {})) for s in range(n)]
    rngs = [random.Random(derive_seed(seed, index, "bot", slot_at[s])) for s in range(n)]
    watchers = [(s, b) for s, b in enumerate(bots) if hasattr(b, "observe")]
    seen = len(game.events)    # events the watchers have been shown
    for s, b in watchers:
        b.observe(game.view_for(s), game.events_for(s))
    race = random.Random(derive_seed(seed, index, "race"))
    gauss = race.gauss
    moves = turns = drawn = speed = pt = 0
    plays: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    phases: set[str] = set()
    ms: dict[str, Counter[int]] = {}
    clock = time.perf_counter
    while not game.phase.is_over and moves < cap:
        phase = game.phase
        phases.add(phase.value)
        actors = game.to_act()
        best_t, best_seat = math.inf, -1
        best_move: Move | None = None
        for a in actors:
            t = bots[a].timing.think_delay * math.exp(gauss(0.0, NOISE))
            if t < best_t:
                best_t, best_seat = t, a
        for p in range(n):
            if p in actors or not game.legal_moves(p):
                continue
            t = bots[p].timing.reaction_time * math.exp(gauss(0.0, NOISE))
            if t >= best_t:
                continue
            move = bots[p].react(game.view_for(p), rngs[p])
            if move is not None:
                best_t, best_seat, best_move = t, p, move
        if best_move is None:
            bot = bots[best_seat]
            t0 = clock()
            best_move = bot.choose(game.view_for(best_seat), rngs[best_seat])
            _record_ms(ms, bot.level, clock() - t0)
        refusal = game.why_illegal(best_move)
        if refusal is not None or game.is_mistake(best_move):
            raise RuntimeError(f"game {index}: the {bots[best_seat].level} bot at seat {best_seat} chose "
                               f"{game.format_move(best_move)!r}, refused: "
                               f"{explain(refusal) if refusal else 'a speed-play mistake (SP-4)'}")
        decisions.update(_decision_kinds(game, best_move))
        events = game.apply(best_move)
        moves += 1
        for s, b in watchers:
            b.observe(game.view_for(s), game.events_for(s, seen))
        seen += len(events)
        for e in events:
            k = e.kind
            if k is EventKind.TURN_STARTED:
                turns += 1
            elif k is EventKind.DREW:
                drawn += len(e.cards)
                if e.rule == "PT-4":
                    pt += len(e.cards)
            elif k is EventKind.PLAYED:
                plays[e.cards[0].kind.name.lower()] += len(e.cards)
            elif k is EventKind.SPEED_PLAYED:
                speed += 1
                plays[e.cards[0].kind.name.lower()] += 1
            elif k is EventKind.CHALLENGED:
                decisions["challenge succeeded" if not e.flag else "challenge failed"] += 1
        if check is not None:
            check(game, best_move)
    out = game.outcome()
    if out is not None:
        phases.add(game.phase.value)
    if on_end is not None:
        on_end(game)
    return RoundResult(
        index=index, winner_slot=None if out is None else slot_at[out.winner],
        blocked=bool(out and out.blocked), capped=out is None, moves=moves, turns=turns,
        cards_drawn=drawn, speed_plays=speed, pt_draws=pt, plays=dict(plays),
        decisions=dict(decisions), phases=tuple(sorted(phases)), ms=ms)


def _run_one(args: _Job) -> RoundResult:
    return run_round(*args)


# ---- the summary ------------------------------------------------------------------------------

def _stats(values: Iterable[float]) -> dict[str, float]:
    values = list(values)
    if not values:
        return {"mean": 0.0, "median": 0.0, "max": 0}
    return {"mean": statistics.fmean(values), "median": statistics.median(values), "max": max(values)}


@dataclass
class Summary:
    """The results of a run (see `simulate`). Deterministic except `seconds` and `ms`."""

    players: int
    games: int
    levels: tuple[str, ...]
    rule_set: str
    seed: int
    results: list[RoundResult]
    seconds: float = 0.0

    @property
    def wins_by_slot(self) -> list[int]:
        wins = [0] * self.players
        for r in self.results:
            if r.winner_slot is not None:
                wins[r.winner_slot] += 1
        return wins

    @property
    def capped(self) -> int:
        return sum(r.capped for r in self.results)

    def level_wins(self) -> dict[str, tuple[int, int]]:
        """Per level: (rounds won by any bot of the level, bots of the level)."""
        out: dict[str, tuple[int, int]] = {}
        for slot, level in enumerate(self.levels):
            w, k = out.get(level, (0, 0))
            out[level] = (w + self.wins_by_slot[slot], k + 1)
        return out

    def ms_by_level(self) -> dict[str, Counter[int]]:
        """Per level, the histogram of thinking times: whole microseconds -> decisions."""
        out: dict[str, Counter[int]] = {}
        for r in self.results:
            for level, hist in r.ms.items():
                out.setdefault(level, Counter()).update(hist)
        return out

    def to_dict(self, timing: bool = True) -> dict[str, Any]:
        n = self.games
        wins = self.wins_by_slot
        plays: Counter[str] = Counter()
        decisions: Counter[str] = Counter()
        for r in self.results:
            plays.update(r.plays)
            decisions.update(r.decisions)
        d: dict[str, Any] = {
            "players": self.players, "games": n, "rules": self.rule_set, "seed": self.seed,
            "bots": list(self.levels),
            "win_rates": [
                {"slot": i + 1, "bot": lvl, "wins": wins[i], "rate": wins[i] / n,
                 "ci95": list(wilson(wins[i], n))} for i, lvl in enumerate(self.levels)],
            "win_rates_by_level": {
                lvl: {"bots": k, "wins": w, "share": w / n, "ci95": list(wilson(w, n))}
                for lvl, (w, k) in self.level_wins().items()},
            "turns_per_round": _stats(r.turns for r in self.results),
            "moves_per_round": _stats(r.moves for r in self.results),
            "cards_drawn_per_round": _stats(r.cards_drawn for r in self.results),
            "plays_by_kind": {k.name.lower(): plays.get(k.name.lower(), 0) for k in Kind},
            "speed_plays_per_round": statistics.fmean(r.speed_plays for r in self.results) if n else 0.0,
            "point_taken_draws_per_round": statistics.fmean(r.pt_draws for r in self.results) if n else 0.0,
            "blocked_rounds": sum(r.blocked for r in self.results),
            "capped_rounds": self.capped,
            "decisions": dict(sorted(decisions.items())),
        }
        if timing:
            d["seconds"] = self.seconds
            d["rounds_per_second"] = n / self.seconds if self.seconds else None
            d["ms_per_decision"] = {lvl: _hist_stats(hist)
                                    for lvl, hist in sorted(self.ms_by_level().items()) if hist}
        return d

    def text(self) -> str:
        """The report ``unoparty simulate`` prints, in the current language (numbers as
        :func:`unoparty.i18n.format_decimal` writes them); ``--json`` is the form scripts read."""
        d = self.to_dict()

        def dec(x: float, digits: int, width: int = 0) -> str:
            return format_decimal(x, digits).rjust(width)

        n = d["games"]
        lines = [ngettext("{n} round, {players} players, {rules} rules, seed {seed} ({seconds} s, {speed} rounds/s)",
                          "{n} rounds, {players} players, {rules} rules, seed {seed} ({seconds} s, {speed} rounds/s)",
                          n).format(n=n, players=d["players"], rules=d["rules"], seed=d["seed"],
                                    seconds=dec(d["seconds"], 1), speed=dec(d["rounds_per_second"] or 0, 1)),
                 "", _("Win rates (95% Wilson interval):")]
        for w in d["win_rates"]:
            lo, hi = w["ci95"]
            lines.append(ngettext("  {slot} {bot} {wins} win   {rate}%  [{low}%, {high}%]",
                                  "  {slot} {bot} {wins} wins  {rate}%  [{low}%, {high}%]", w["wins"]).format(
                slot=f"P{w['slot']:<3}", bot=f"{w['bot']:<7}", wins=f"{w['wins']:>6}", rate=dec(100 * w["rate"], 1, 5),
                low=dec(100 * lo, 1, 5), high=dec(100 * hi, 1, 5)))
        if len(d["win_rates_by_level"]) > 1:
            for lvl, w in d["win_rates_by_level"].items():
                lo, hi = w["ci95"]
                lines.append(ngettext("  all {level} ({bots} bot), share of rounds won: {share}%  [{low}%, {high}%]",
                                      "  all {level} ({bots} bots), share of rounds won: {share}%  [{low}%, {high}%]",
                                      w["bots"]).format(level=f"{lvl:<7}", bots=w["bots"], share=dec(100 * w["share"], 1, 5),
                                                        low=dec(100 * lo, 1, 5), high=dec(100 * hi, 1, 5)))
        lines.append("")
        rows = (("turns_per_round", _("Turns per round: mean {mean}  median {median}  max {max}")),
                ("cards_drawn_per_round", _("Cards drawn per round: mean {mean}  median {median}  max {max}")),
                ("moves_per_round", _("Moves per round: mean {mean}  median {median}  max {max}")))
        for key, message in rows:
            st = d[key]
            lines.append(message.format(mean=dec(st["mean"], 1, 8), median=dec(st["median"], 1, 8), max=f"{st['max']:>6}"))
        lines.append(_("Speed plays per round: {n}").format(n=dec(d["speed_plays_per_round"], 2)))
        lines.append(_("Cards drawn for Point Taken per round: {n}").format(n=dec(d["point_taken_draws_per_round"], 2)))
        lines.append(_("Rounds hitting the cap: {capped}   blocked (T-6): {blocked}").format(
            capped=d["capped_rounds"], blocked=d["blocked_rounds"]))
        lines.append("")
        lines.append(_("Plays of each card kind:"))
        names = _kind_names()
        for kind, k in d["plays_by_kind"].items():
            if k or self.rule_set == "party":
                lines.append(_("  {kind} {plays}  ({per_round} per round)").format(
                    kind=f"{names.get(kind, kind.replace('_', ' ')):<22}", plays=f"{k:>8}",
                    per_round=dec(k / max(1, d["games"]), 2)))
        if d.get("ms_per_decision"):
            lines.append("")
            lines.append(_("Thinking time per decision:"))
            for lvl, st in d["ms_per_decision"].items():
                lines.append(ngettext("  {level} median {median} ms, p95 {p95} ms, max {max} ms ({n} decision)",
                                      "  {level} median {median} ms, p95 {p95} ms, max {max} ms ({n} decisions)",
                                      st["decisions"]).format(level=f"{lvl:<7}", median=dec(st["median"], 2),
                                                              p95=dec(st["p95"], 2), max=dec(st["max"], 1), n=st["decisions"]))
        return "\n".join(lines)


def _kind_names() -> dict[str, str]:
    """The card kinds of ``plays_by_kind`` as the report names them (the current language)."""
    return {"number": pgettext("a card kind", "number"), "draw_two": pgettext("a card kind", "draw two"),
            "reverse": pgettext("a card kind", "reverse"), "skip": pgettext("a card kind", "skip"),
            "point_taken": pgettext("a card kind", "point taken"), "wild": pgettext("a card kind", "wild"),
            "wild_draw_four": pgettext("a card kind", "wild draw four"),
            "wild_drawn_together": pgettext("a card kind", "wild drawn together"),
            "wild_pile_up": pgettext("a card kind", "wild pile up")}


def _record_ms(ms: dict[str, Counter[int]], level: str, seconds: float) -> None:
    """Count one decision's thinking time (to the microsecond) in `ms[level]`."""
    hist = ms.get(level)
    if hist is None:
        hist = ms[level] = Counter()
    hist[round(seconds * 1e6)] += 1


def _hist_stats(hist: Counter[int]) -> dict[str, float]:
    """Median (the mean of the two middle values for an even count, as `statistics.median`),
    95th percentile (the value at index ``int(0.95 n)`` of the sorted times) and max, in ms,
    of a histogram of whole microseconds; and the number of decisions."""
    n = sum(hist.values())
    want = sorted({(n - 1) // 2, n // 2, min(n - 1, int(0.95 * n))})
    at: dict[int, int] = {}
    seen = 0
    keys = sorted(hist)
    i = 0
    for us in keys:
        seen += hist[us]
        while i < len(want) and want[i] < seen:
            at[want[i]] = us
            i += 1
    median = (at[(n - 1) // 2] + at[n // 2]) / 2
    return {"median": median / 1000, "p95": at[min(n - 1, int(0.95 * n))] / 1000,
            "max": keys[-1] / 1000, "decisions": n}


def simulate(players: int, games: int, bots: Iterable[str] = ("basic",), rules: Rules | str = "party",
             seed: int = 0, workers: int = 1, cap: int = DEFAULT_CAP, progress: bool = False,
             settings: Settings | None = None) -> Summary:
    """Play `games` rounds with bots and summarise them.

    Args:
        players: 2–16 (classic 2–10, S-1). bots: levels by slot (`seat_levels`).
        rules: a `Rules` or a rule-set name. seed: the run's seed (an int ≥ 0).
        workers: processes (1: in this process); the results do not depend on it.
        cap: moves after which a round stops (counted in ``capped_rounds``).
        progress: show a tqdm progress bar on stderr when tqdm is installed.
        settings: per level, settings for `make_bot`.

    Raises:
        ValueError: bad players, bots, games, workers, seed or cap.
    """
    if isinstance(rules, str):
        rules = Rules(rule_set=rules)
    for name, value, low in (("players", players, 2), ("games", games, 1), ("workers", workers, 1),
                             ("seed", seed, 0), ("cap", cap, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{name} must be a whole number ≥ {low}, not {value!r}")
    if players > rules.max_players:
        raise ValueError(f"{players} players: {rules.rule_set} needs 2 to {rules.max_players} (S-1)")
    levels = seat_levels(bots, players)
    jobs: list[_Job] = [(i, players, levels, rules, seed, cap, settings) for i in range(games)]
    bar = _progress_bar(games) if progress else None
    t0 = time.perf_counter()
    results: list[RoundResult] = []
    try:
        if workers == 1 or games == 1:
            for job in jobs:
                results.append(_run_one(job))
                if bar is not None:
                    bar.update(1)
        else:
            from concurrent.futures import ProcessPoolExecutor
            chunk = max(1, min(16, games // (workers * 8)))
            with ProcessPoolExecutor(max_workers=workers) as ex:
                for r in ex.map(_run_one, jobs, chunksize=chunk):
                    results.append(r)
                    if bar is not None:
                        bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return Summary(players, games, levels, rules.rule_set, seed, results, time.perf_counter() - t0)


class _Bar(Protocol):
    """The part of a tqdm progress bar `simulate` uses."""

    def update(self, n: int = 1) -> object: ...

    def close(self) -> None: ...


def _progress_bar(total: int) -> _Bar | None:
    try:
        from tqdm import tqdm
    except ImportError:  # tqdm is an extra (app/test); the core stays stdlib-only
        return None
    bar: _Bar = tqdm(total=total, unit="round", file=sys.stderr, leave=False)
    return bar


# ---- the command ---------------------------------------------------------------------------------

def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``unoparty simulate`` (called from `unoparty.commands.simulate`)."""
    p = subparsers.add_parser(
        "simulate", help=_("play many bot rounds and summarise them"),
        description=_("Play many rounds between bots and print win rates (95% Wilson intervals), round "
                      "lengths, cards drawn and plays of each card kind. Results are the same for any "
                      "number of workers."))
    p.add_argument("--players", default="4", metavar="N", help=_("players per table, 2-16 (classic 2-10); default 4"))
    p.add_argument("--games", default="100", metavar="G", help=_("rounds to play; default 100"))
    p.add_argument("--bots", default="basic", metavar="LEVELS",
                   help=_("comma-separated levels by seat, e.g. strong,basic (the last one fills the table): {levels}")
                   .format(levels=", ".join(LEVELS)))
    p.add_argument("--rules", default="party", metavar="SET", help=_("party (default) or classic"))
    p.add_argument("--seed", default="0", metavar="S", help=_("a whole number ≥ 0; default 0"))
    p.add_argument("--workers", default="1", metavar="K", help=_("worker processes; default 1"))
    p.add_argument("--cap", default=str(DEFAULT_CAP), metavar="MOVES",
                   help=_("stop a round after this many moves; default {cap}").format(cap=DEFAULT_CAP))
    p.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    p.add_argument("--export", metavar="DIR", default=None,
                   help=_("also save every finished round as a scenario file (a replay) in DIR"))
    p.set_defaults(func=run)


def _whole(text: str, name: str, low: int, high: int | None = None) -> int:
    try:
        value = int(str(text).strip(), 10)
    except ValueError:
        raise ValueError(_("--{option} must be a whole number, not {value}").format(option=name, value=repr(text))) from None
    if high is not None and not low <= value <= high:
        raise ValueError(_("--{option} must be {low} to {high}, not {value}").format(option=name, low=low, high=high, value=value))
    if value < low:
        raise ValueError(_("--{option} must be at least {low}, not {value}").format(option=name, low=low, value=value))
    return value


def run(args: argparse.Namespace) -> int:
    """``unoparty simulate``: 0 done; 2 bad input (one line on stderr), an ``--export`` folder
    that cannot be written included (checked before playing); 1 a replay that could not be
    written once play had begun (one line on stderr)."""
    import json

    try:
        rule_set = str(args.rules).strip().lower()
        if rule_set not in ("party", "classic"):
            raise ValueError(_("--rules must be party or classic, not {value}").format(value=repr(args.rules)))
        rules = Rules(rule_set=rule_set)
        players = _whole(args.players, "players", 2, rules.max_players)
        games = _whole(args.games, "games", 1)
        seed = _whole(args.seed, "seed", 0, 2 ** 63 - 1)
        workers = _whole(args.workers, "workers", 1, 256)
        cap = _whole(args.cap, "cap", 1)
        levels = seat_levels(str(args.bots).split(","), players)
    except ValueError as e:
        msg = str(e)
        if msg.startswith("--"):
            print(_("unoparty simulate: error: {problem}").format(problem=msg), file=sys.stderr)
        else:  # seat_levels: about --bots and --players
            print(_("unoparty simulate: error: --players: {problem}").format(problem=msg), file=sys.stderr)
        return 2
    export = getattr(args, "export", None)
    if export is not None:
        problem = _unwritable(export) if str(export).strip() else _("give the folder to write the replays in")
        if problem:  # before any round is played: one sentence, exit 2
            print(_("unoparty simulate: error: --export: {problem}").format(problem=problem), file=sys.stderr)
            return 2
    summary = simulate(players, games, levels, rules, seed, workers, cap, progress=sys.stderr.isatty())
    if args.json:
        print(json.dumps(summary.to_dict(), indent=2))
    else:
        print(summary.text())
    if export is not None:
        return _export(export, players, games, levels, rules, seed, cap)
    return 0


def _unwritable(folder: str) -> str | None:
    """Why replays cannot be written in `folder` (made if missing), in a sentence; None when
    a file can be written there."""
    import tempfile
    from pathlib import Path

    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as e:
        return _("the replays cannot be written in {folder} ({reason})").format(
            folder=folder, reason=e.strerror or type(e).__name__)
    return None


def _export(folder: str, players: int, games: int, levels: Sequence[str], rules: Rules, seed: int, cap: int) -> int:
    """Play the same rounds again (they are seeded) and save each finished one as a replay."""
    from pathlib import Path

    from .replay import ReplayError, export_round
    out = Path(folder)
    written = 0

    def save(game: Game, index: int) -> None:
        nonlocal written
        if game.outcome() is None:
            return  # capped: not finished
        try:
            export_round(game, out / f"round-{index + 1:04d}.toml", scenario_id=f"replay-seed-{seed}-round-{index + 1}",
                         title=f"Replay: seed {seed}, round {index + 1} ({players} bots)")
            written += 1
        except ReplayError as e:
            print(_("unoparty simulate: round {round} not exported: {reason}").format(round=index + 1, reason=e), file=sys.stderr)
    for i in range(games):
        try:
            run_round(i, players, levels, rules, seed, cap, on_end=functools.partial(save, index=i))
        except OSError as e:  # the folder became unwritable (disk full, removed): stop, exit 1
            print(ngettext(
                "unoparty simulate: error: --export: round {round} could not be written in {folder} ({reason}); "
                "{n} replay was saved before it",
                "unoparty simulate: error: --export: round {round} could not be written in {folder} ({reason}); "
                "{n} replays were saved before it",
                written).format(round=i + 1, folder=folder, reason=e.strerror or type(e).__name__, n=written),
                file=sys.stderr)
            return 1
    print(ngettext("{n} replay saved in {folder}", "{n} replays saved in {folder}", written).format(n=written, folder=out),
          file=sys.stderr)
    return 0
