"""The frozen data of a loaded scenario file (SCENARIO_FORMAT.md, format 1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..cards import Card, Colour
from ..engine.moves import Move
from ..rules import Rules

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["Setup", "Step", "Mistake", "Scenario"]


@dataclass(frozen=True)
class Setup:
    """The table at the start (``[setup]``). Cards are :class:`Card` values.

    Attributes:
        players: names in clockwise seating order.
        hands: each player's cards, in `players` order.
        turn: the player to act.
        direction: +1 clockwise, -1 counterclockwise.
        discard_pile: bottom first (the top card last).
        colour: the current colour, or None (then the top card's colour).
        draw_pile: top first.
        rest: ``"shuffled"`` or ``"none"``.
        seed: for the shuffle and for bots.
        links: ``()`` or two linked names.
        scores: running totals given in the file (name → points).
        colour_to_choose: a classic round that starts on a Wild (S-5): the player to act is
            still to choose its colour (``colour`` is None).
    """

    players: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    turn: str
    direction: int = 1
    discard_pile: tuple[Card, ...] = ()
    colour: Colour | None = None
    draw_pile: tuple[Card, ...] = ()
    rest: str = "shuffled"
    seed: int = 0
    links: tuple[str, ...] = ()
    scores: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    colour_to_choose: bool = False

    def hand(self, name: str) -> tuple[Card, ...]:
        """The cards `name` holds at the start."""
        return self.hands[self.players.index(name)]

    def new_game(self, rules: Rules, reshuffles: tuple[tuple[Card, ...], ...] = ()) -> Game:
        """A :class:`unoparty.game.Game` set up as this table, under `rules`.

        ``Game.from_setup`` is the one check of what a table may be (S-1 players and names,
        a hand for each, the top card's colour, the deck's copies, links, scores): the
        loader reads the values' types and leaves the table to it.

        Raises:
            SetupError: the engine cannot set this table up (``.key`` names the setup key).
        """
        from ..game import Game  # the engine is imported only when a game is needed

        return Game.from_setup(
            list(self.players),
            {name: list(cards) for name, cards in zip(self.players, self.hands)},
            self.turn,
            list(self.discard_pile),
            list(self.draw_pile),
            rules=rules,
            direction=self.direction,
            colour=self.colour,
            rest=self.rest,
            seed=self.seed,
            links=tuple(self.links),
            scores=dict(self.scores) if self.scores else None,
            reshuffles=reshuffles,
            colour_to_choose=self.colour_to_choose,
        )


@dataclass(frozen=True)
class Mistake:
    """A wrong answer to a task that gets its own reply.

    Attributes:
        answer: the move as written.
        move: the move, parsed.
        say: what to tell the learner.
        rule: the rule id the engine should cite refusing or penalising it, or None.
    """

    answer: str
    move: Move
    say: str = ""
    rule: str | None = None


@dataclass(frozen=True)
class Step:
    """One step (``[[steps]]``), numbered from 1.

    Attributes:
        number: 1 for the first step.
        say: narration shown with the step (after its move), or None.
        do: the moves of the step as written (empty for a task or narration step).
        moves: `do`, parsed.
        task: the learner's question, or None.
        answers: the accepted answers as written (the first is applied when checking).
        answer_moves: `answers`, parsed.
        hint: said to a learner who answers wrong (when no mistake entry fits), or None.
        feedback: said to a learner who answers right (else `say`), or None.
        mistakes: particular wrong answers with their own reply.
        teaches: rule ids the step teaches.
        expect: the checks after the step, key → value as written in the file (a
            read-only mapping, in file order).
    """

    number: int
    say: str | None = None
    do: tuple[str, ...] = ()
    moves: tuple[Move, ...] = ()
    task: str | None = None
    answers: tuple[str, ...] = ()
    answer_moves: tuple[Move, ...] = ()
    hint: str | None = None
    feedback: str | None = None
    mistakes: tuple[Mistake, ...] = ()
    teaches: tuple[str, ...] = ()
    expect: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def is_task(self) -> bool:
        return self.task is not None

    @property
    def has_move(self) -> bool:
        """Whether the step makes moves (``do``, or a task's first answer)."""
        return bool(self.moves) or self.is_task

    @property
    def applied_moves(self) -> tuple[Move, ...]:
        """The moves made when the step is run unattended: `moves`, or the first answer."""
        if self.is_task:
            return self.answer_moves[:1]
        return self.moves

    @property
    def applied_texts(self) -> tuple[str, ...]:
        if self.is_task:
            return self.answers[:1]
        return self.do

    @property
    def expects_refusal(self) -> bool:
        return self.expect.get("refused") is True


@dataclass(frozen=True)
class Scenario:
    """A loaded, validated scenario file.

    Attributes:
        id: the slug (``[a-z0-9-]+``).
        title: one line.
        lesson: the lesson it belongs to, or None.
        rules: rule set and options.
        setup: the table at the start.
        steps: the steps, in order.
        path: the file it was read from, or None.
        learner: the player whose hand the learner holds (the ``learner`` key; ``"You"``
            by default when a player has that name), or None: a show for a class, each
            task answered for the player its first answer names.
        reshuffles: the draw piles (top first) the scenario's reshuffles make, in order
            (``reshuffles``, T-5, PU-2); later reshuffles are shuffled with the seed.
    """

    id: str
    title: str
    lesson: str | None
    rules: Rules
    setup: Setup
    steps: tuple[Step, ...] = ()
    path: str | None = None
    learner: str | None = None
    reshuffles: tuple[tuple[Card, ...], ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def teaches(self) -> tuple[str, ...]:
        """Every rule id the steps teach, in order of first mention."""
        seen: dict[str, None] = {}
        for step in self.steps:
            for rid in step.teaches:
                seen.setdefault(rid, None)
        return tuple(seen)

    def new_game(self) -> Game:
        """A :class:`unoparty.game.Game` set up as ``[setup]`` says (before step 1).

        Raises:
            SetupError: the engine cannot set this table up.
        """
        return self.setup.new_game(self.rules, self.reshuffles)
