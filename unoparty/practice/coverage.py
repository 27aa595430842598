"""How well the exercises cover the rules: distinct positions per rule id.

Two exercises are on the same *position* when their tables are the same — hands, piles,
phase, whose turn, direction, links, UNO calls, current colour (:func:`position_key`).
Every rule the engine cites in a refusal or an event (:data:`DECIDING`) must have at least
:data:`MINIMUM` distinct positions among the exercises of the rounds :data:`STATS_SEEDS`;
a rule no exercise can pose is listed in :data:`NOT_POSED` with the reason, and not counted.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable

from ..i18n import _, ngettext
from .exercises import cut_round

__all__ = ["MINIMUM", "STATS_SEEDS", "DECIDING", "NOT_POSED", "not_posed_reason", "distinct_positions", "stats_lines"]

MINIMUM = 50
"""Distinct positions a deciding rule needs (issue 14)."""

STATS_SEEDS = range(0, 90)
"""The rounds `unoparty practice stats` cuts (seeds)."""

NOT_POSED: dict[str, str] = {
    "D-1": "the deck's make-up: true of every table, decided by no move",
    "D-2": "the deck's make-up: true of every table, decided by no move",
    "D-3": "the classic deck's make-up: decided by no move",
    "D-4": "card kinds: named in other rules' questions, decided by no move",
    "S-1": "the number of players is chosen before the deal",
    "S-2": "the deal happens before the first moment an exercise can start from",
    "S-3": "the first card is turned before the first moment an exercise can start from",
    "S-4": "who starts is settled before the first moment an exercise can start from",
    "S-5": "classic first-card effects happen before the first moment an exercise can start from",
    "SP-3": "judged as SP-4 (a later speed play against the new top card): counted there",
    "SP-6": "simultaneous speed plays are ordered by arrival; one table cannot pose it",
    "PT-1": "Point Taken's matching is T-1: counted there",
    "LK-3": "moves the links; no question kind asks who is linked (the links are on the table)",
    "LK-4": "ends the links; no question kind asks who is linked (the links are on the table)",
    "PU-3": "the mini pile's colour is a card turned up from the draw pile: hidden until the move, "
            "so no question can be answered from the table",
    "PU-2": "the wild cards turned for a mini pile: met in fewer than 1 round in 100",
    "PU-8": "going out on the mini pile: met in fewer than 1 round in 100",
    "T-6": "a blocked round: met in fewer than 1 round in 1000",
    "R-1": "the round ends at the last card: asked within the score questions, counted under R-3",
    "R-2": "the last card's draw still counts: met rarely; posed, but fewer than 50 positions",
    "R-4": "the match target: no question kind asks for running totals",
    "H-3": "Jump-In is SP-7: counted there",
}
"""Rules with no count of their own, and why (in English; :func:`not_posed_reason` gives the
reason in the current language)."""

_REASON_WORDS: dict[str, Callable[[], str]] = {  # NOT_POSED's reasons, through the catalogue
    "D-1": lambda: _("the deck's make-up: true of every table, decided by no move"),
    "D-2": lambda: _("the deck's make-up: true of every table, decided by no move"),
    "D-3": lambda: _("the classic deck's make-up: decided by no move"),
    "D-4": lambda: _("card kinds: named in other rules' questions, decided by no move"),
    "S-1": lambda: _("the number of players is chosen before the deal"),
    "S-2": lambda: _("the deal happens before the first moment an exercise can start from"),
    "S-3": lambda: _("the first card is turned before the first moment an exercise can start from"),
    "S-4": lambda: _("who starts is settled before the first moment an exercise can start from"),
    "S-5": lambda: _("classic first-card effects happen before the first moment an exercise can start from"),
    "SP-3": lambda: _("judged as SP-4 (a later speed play against the new top card): counted there"),
    "SP-6": lambda: _("simultaneous speed plays are ordered by arrival; one table cannot pose it"),
    "PT-1": lambda: _("Point Taken's matching is T-1: counted there"),
    "LK-3": lambda: _("moves the links; no question kind asks who is linked (the links are on the table)"),
    "LK-4": lambda: _("ends the links; no question kind asks who is linked (the links are on the table)"),
    "PU-3": lambda: _("the mini pile's colour is a card turned up from the draw pile: hidden until the move, "
                      "so no question can be answered from the table"),
    "PU-2": lambda: _("the wild cards turned for a mini pile: met in fewer than 1 round in 100"),
    "PU-8": lambda: _("going out on the mini pile: met in fewer than 1 round in 100"),
    "T-6": lambda: _("a blocked round: met in fewer than 1 round in 1000"),
    "R-1": lambda: _("the round ends at the last card: asked within the score questions, counted under R-3"),
    "R-2": lambda: _("the last card's draw still counts: met rarely; posed, but fewer than 50 positions"),
    "R-4": lambda: _("the match target: no question kind asks for running totals"),
    "H-3": lambda: _("Jump-In is SP-7: counted there"),
}


def not_posed_reason(rule: str) -> str:
    """Why `rule` (a key of :data:`NOT_POSED`) has no count of its own, in the current
    language (``unoparty --lang fr practice stats``). Raises KeyError for any other rule id."""
    return _REASON_WORDS[rule]()


DECIDING = ("T-0", "T-1", "T-2", "T-3", "T-4", "T-5", "A-1", "A-2", "A-3", "A-4", "W-1", "W-2", "W-3",
            "SP-1", "SP-2", "SP-4", "SP-5", "SP-7", "PT-2", "PT-3", "PT-4", "PT-5", "PU-1", "PU-4",
            "PU-5", "PU-6", "PU-7", "LK-1", "LK-2", "U-1", "U-2", "U-3", "R-3", "H-1", "H-2", "H-4")
"""Rules that decide a move or an outcome and that the exercises pose: each needs MINIMUM.
T-5 (a reshuffle while drawing) is posed mostly on documented changes of real tables: the
same draw from a short draw pile (:data:`unoparty.practice.exercises.CHANGES`)."""


def distinct_positions(seeds: Iterable[int] = STATS_SEEDS,
                       progress: Callable[[int], object] | None = None) -> dict[str, int]:
    """rule id → the number of distinct positions among the exercises of the rounds `seeds`
    (each round played and cut once, :func:`cut_round`). `progress`: called with each seed
    once its round is counted (a progress bar)."""
    keys: dict[str, set[tuple[object, ...]]] = defaultdict(set)
    for seed in seeds:
        cut_round(seed, keys)
        if progress is not None:
            progress(seed)
    return {rule: len(found) for rule, found in keys.items()}


def stats_lines(counts: dict[str, int]) -> tuple[list[str], list[str]]:
    """(one line per rule id of the rule book, the deciding rules below MINIMUM): the rule id,
    its number of distinct positions, and for a rule not counted the reason (:data:`NOT_POSED`),
    in the current language (``unoparty --lang fr practice stats``)."""
    from ..rulebook import RULES
    lines, short = [], []
    for rid in RULES:
        n = counts.get(rid, 0)
        if rid in DECIDING:
            flag = "" if n >= MINIMUM else f"  < {MINIMUM}"
            if n < MINIMUM:
                short.append(rid)
            lines.append(f"{rid:6} {n:6}{flag}")
        elif rid in NOT_POSED:
            extra = " " + ngettext("({n} position)", "({n} positions)", n).format(n=n) if n else ""
            lines.append(f"{rid:6}      -  {not_posed_reason(rid)}{extra}")
        else:
            lines.append(f"{rid:6} {n:6}  {_('(not a deciding rule)')}")
    return lines, short
