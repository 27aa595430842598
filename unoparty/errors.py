"""The project's exceptions (DESIGN.md "Errors")."""

from __future__ import annotations

from typing import Any


class UnopartyError(Exception):
    """Base of every error this package raises on purpose."""


class Words(tuple[Any, ...]):
    """A message not yet worded: its English `template` with named placeholders and their
    `params` (a value may itself be :class:`Words`). ``str()`` is the English; the layers
    above the game word it in the reader's language (``unoparty.scenarios.values.worded``),
    since this one may not import the catalogue."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, params: dict[str, Any]) -> "Words":
        self = super().__new__(cls, (template, tuple(sorted(params.items()))))
        self.template = template
        self.params = dict(params)
        return self

    @classmethod
    def of(cls, template: str, **params: Any) -> "Words":
        return cls(template, params)

    def __str__(self) -> str:
        if not self.params:
            return self.template
        return self.template.format(**{k: str(v) for k, v in self.params.items()})


class MoveSyntaxError(UnopartyError, ValueError):
    """Text that is not a move, a card, a colour or a known player. `words` is the message as
    :class:`Words` (None when it was given as plain text); ``str(e)`` is the English."""

    def __init__(self, message: Any = "") -> None:
        self.words = message if isinstance(message, Words) else None
        super().__init__(str(message))


class CardError(UnopartyError, ValueError):
    """Values that make no card (`Card(kind, colour, number)`, D-4): `field` names the field
    (``"kind"``, ``"colour"``, ``"number"``), `value` is what was given."""

    def __init__(self, field: str, value: Any, what: str):
        self.field = field
        self.value = value
        super().__init__(f"not a card: {field} {value!r} ({type(value).__name__}) {what}")


class SeatError(UnopartyError, ValueError):
    """A seat number that is no seat at this table (`Game.legal_moves(99)`, `view_for(-1)`):
    seats are ints from 0 to the player count less one. `seat` is what was given, `n_players`
    the table's player count."""

    def __init__(self, seat: Any, n_players: int):
        self.seat = seat
        self.n_players = n_players
        super().__init__(f"no seat {seat!r} at this table: its {n_players} players sit at seats "
                         f"0 to {n_players - 1} (whole numbers)")


class IllegalMove(UnopartyError):
    """A well-formed move that the rules do not allow now, as data (like python-chess's
    ``IllegalMoveError``): which move, which rule refuses it and why.

    Raised as ``IllegalMove(move, refusal)`` with the engine's `Refusal`; the older form
    ``IllegalMove(move, rule, explanation, is_ruling)`` still works (`refusal` is then None).
    ``str(e)`` is a plain sentence for a developer naming the move, the rule id and the
    reason (``illegal move Draw(player=1): refused by T-0 (not your turn)``); the words a
    learner reads are made at the edge, from the data:
    ``unoparty.refusal_words.explain(e.refusal)``.

    Attributes:
        move: the refused move.
        refusal: the `Refusal` (rule, reason and the cards, seats, counts it names), or
            ``None`` for the older form.
        rule: the rule id that forbids it (``"T-1"``), see RULES.md.
        reason: the refusal's `RefusalReason`, or ``None`` for the older form.
        is_ruling: True when a ruling of this app (not the printed rules) decided it.
        explanation: the older form's own sentence, as given; ``None`` with a `Refusal`
            (word the refusal instead).
    """

    def __init__(self, move: Any, rule: Any, explanation: str | None = None, is_ruling: bool = False) -> None:
        self.move = move
        self.refusal: Any
        self.rule: str
        self.is_ruling: bool
        self.explanation: str | None
        if isinstance(rule, str):
            self.refusal = None
            self.rule = rule
            self.is_ruling = is_ruling
            self.explanation = explanation or ""
        else:  # a Refusal
            self.refusal = rule
            self.rule = rule.rule
            self.is_ruling = rule.is_ruling
            self.explanation = explanation
        super().__init__(move, rule, explanation, is_ruling)

    @property
    def reason(self) -> Any:
        """The refusal's `RefusalReason` (``None`` for the older form)."""
        return None if self.refusal is None else self.refusal.reason

    def __str__(self) -> str:
        why = self.reason.value if self.reason is not None else (self.explanation or "no reason given")
        ruling = ", a ruling of this app" if self.is_ruling else ""
        return f"illegal move {self.move!r}: refused by {self.rule} ({why}{ruling})"


class ScenarioError(UnopartyError):
    """A scenario file that cannot be used: names the file, where (``setup.hands`` or
    ``step 3``) and what is wrong.

    Attributes:
        file: the file as given.
        where: the place, as scripts read it (``"file"``, ``"line 3"``, ``"setup.hands"``,
            ``"step 2"``); the same in every language.
        what: what is wrong, in the current language (for a step, ``"KEY: ..."``).
        step: the step's number (1 for the first), or None.
        key: the key in the file (``"setup.hands"``; in a step ``"expect.top"``), or None.
        line: the line of a TOML syntax error, or None.
        problem: what is wrong without the key (the current language).
        message: the whole sentence, one catalogue message chosen by where the mistake is
            (``unoparty.scenarios.values.scenario_error`` words it): ``"t.toml: step 2:
            expect.top: unknown card 'purple 12'"`` in English (the form ``scenario check``
            prints), ``"t.toml, étape 2, clé expect.top : carte inconnue : 'purple 12'"`` in
            French. ``str(e)`` is the same.
        place: where, for a "Where" field, in the current language (``"étape 2, clé
            expect.top"``, ``"ligne 3"``).
    """

    def __init__(self, file: str, where: str, what: str, *, step: int | None = None,
                 key: str | None = None, line: int | None = None, problem: str | None = None,
                 message: str | None = None, place: str | None = None):
        self.file = file
        self.where = where
        self.what = what
        self.step = step
        self.key = key
        self.line = line
        self.problem = what if problem is None else problem
        self.message = message if message is not None else (f"{file}: {where}: {what}" if where else f"{file}: {what}")
        self.place = place if place is not None else (where or "file")
        super().__init__(file, where, what)

    def __str__(self) -> str:
        return self.message


class SetupError(UnopartyError, ValueError):
    """A table that cannot be set up (``Game.from_setup``): `key` names the setup key
    (``"hands"``, ``"discard_pile"``…), `what` says what is wrong (English); `words` is it as
    :class:`Words` (None for plain text), which the scenarios layer words in the reader's
    language."""

    def __init__(self, key: str, what: Any):
        self.key = key
        self.words = what if isinstance(what, Words) else None
        self.what = str(what)
        super().__init__(f"setup.{key}: {self.what}")
