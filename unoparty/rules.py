"""`Rules`: the rule set and house-rule options of a game (RULES.md S-1, R-4, H-1 … H-4, SP-7).

>>> Rules()
Rules(rule_set='party', stacking=False, seven_o=False, jump_in=False, doubles=False, target_score=500, without=())
>>> Rules(without=("point taken",)).without
(<Kind.POINT_TAKEN: 4>,)
>>> Rules(rule_set="classic", jump_in=True).has_speed_play
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from typing import Any

from .cards import Card, Kind, deck_counts

__all__ = ["Rules", "RULE_SETS", "OPTIONS"]

RULE_SETS = ("party", "classic")
OPTIONS = ("stacking", "seven_o", "jump_in", "doubles")


@dataclass(frozen=True, slots=True)
class Rules:
    """A validated, frozen choice of rules.

    Attributes:
        rule_set: ``"party"`` (UNO Party!, 224 cards, the default) or ``"classic"`` (108 cards).
        stacking: H-1, progressive Draw Two / Wild Draw Four.
        seven_o: H-2, a 7 may swap hands, a 0 passes every hand on.
        jump_in: H-3 / SP-7, jump in with an identical card, action cards too.
        doubles: H-4, two identical cards played together.
        target_score: R-4, the score (points) that ends a match; default 500.
        without: card kinds left out of the deck (a lab setting, like the house rules: what
            does a card do to a round?), e.g. ``(Kind.POINT_TAKEN,)``; names such as
            ``"point taken"`` are read too. Sorted, no repeats.

    Raises:
        ValueError: unknown rule set, non-boolean option, target score below 1, a card kind
            that is unknown, a number card, or not in the rule set's deck.
    """

    rule_set: str = "party"
    stacking: bool = False
    seven_o: bool = False
    jump_in: bool = False
    doubles: bool = False
    target_score: int = 500
    without: tuple[Kind, ...] = ()

    def __post_init__(self) -> None:
        kinds = []
        for k in (self.without if isinstance(self.without, (tuple, list, set, frozenset)) else (self.without,)):
            if isinstance(k, str):
                try:
                    k = Kind[k.strip().upper().replace(" ", "_").replace("-", "_")]
                except KeyError:
                    raise ValueError(f"without: unknown card kind {k!r} (e.g. 'point taken', 'wild pile up')") from None
            if not isinstance(k, Kind):
                raise ValueError(f"without: a card kind, not {k!r}")
            if k is Kind.NUMBER:
                raise ValueError("without: number cards cannot be left out")
            kinds.append(k)
        object.__setattr__(self, "without", tuple(sorted(set(kinds))))
        if self.rule_set not in RULE_SETS:
            raise ValueError(f"unknown rule set {self.rule_set!r}: use 'party' or 'classic'")
        for name in OPTIONS:
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"option {name} must be true or false, not {getattr(self, name)!r}")
        if isinstance(self.target_score, bool) or not isinstance(self.target_score, int) or self.target_score < 1:
            raise ValueError(f"target_score must be a whole number of points ≥ 1, not {self.target_score!r}")
        if self.without:
            in_deck = {c.kind for c in deck_counts(self.rule_set)}
            for k in self.without:
                if k not in in_deck:
                    raise ValueError(f"without: the {self.rule_set} deck has no {k.name.lower().replace('_', ' ')} cards")

    def __reduce__(self) -> tuple[type["Rules"], tuple[Any, ...]]:
        # Pickled as a call with the fields (simulate's worker processes): the compiled build
        # (mypyc) cannot restore a frozen dataclass the default way (issue 20).
        return (Rules, (self.rule_set, self.stacking, self.seven_o, self.jump_in, self.doubles,
                        self.target_score, self.without))

    @property
    def is_party(self) -> bool:
        return self.rule_set == "party"

    @property
    def has_speed_play(self) -> bool:
        """Party always has Speed Play (SP-1); classic only with Jump-In (SP-7)."""
        return self.rule_set == "party" or self.jump_in

    @property
    def max_players(self) -> int:
        """S-1: 16 for party, 10 for classic."""
        return 16 if self.rule_set == "party" else 10

    def options(self) -> dict[str, Any]:
        """The house-rule options and target score as a plain dict (for files and JSON)."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("rule_set", "without")}
        if self.without:
            out["without"] = [k.name.lower().replace("_", " ") for k in self.without]
        return out

    def deck_counts(self) -> dict[Card, int]:
        """The deck of these rules: card → copies (`unoparty.cards.deck_counts`, less `without`)."""
        return deck_counts(self.rule_set, self.without)

    @classmethod
    def from_dict(cls, rule_set: str = "party", options: dict[str, Any] | None = None) -> "Rules":
        """Build from a rule-set name and an options table (scenario ``options``).

        Raises:
            ValueError: an unknown option name or a bad value.
        """
        options = dict(options or {})
        known = set(OPTIONS) | {"target_score", "without"}
        unknown = sorted(set(options) - known)
        if unknown:
            raise ValueError(f"unknown option {unknown[0]!r} (known: {', '.join(sorted(known))})")
        if "without" in options:
            options["without"] = tuple(options["without"])
        return cls(rule_set=rule_set, **options)
