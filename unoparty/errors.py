"""The project's exceptions (DESIGN.md "Errors")."""

from __future__ import annotations


class UnopartyError(Exception):
    """Base of every error this package raises on purpose."""


class MoveSyntaxError(UnopartyError, ValueError):
    """Text that is not a move, a card, a colour or a known player."""


class IllegalMove(UnopartyError):
    """A well-formed move that the rules do not allow now.

    Attributes:
        move: the refused move.
        rule: the rule id that forbids it (``"T-1"``), see RULES.md.
        explanation: a sentence for a learner, ending with the rule id.
        is_ruling: True when a ruling of this app (not the printed rules) decided it.
    """

    def __init__(self, move, rule: str, explanation: str, is_ruling: bool = False):
        super().__init__(explanation)
        self.move = move
        self.rule = rule
        self.explanation = explanation
        self.is_ruling = is_ruling


class ScenarioError(UnopartyError):
    """A scenario file that cannot be used: names the file, where (``setup.hands`` or
    ``step 3``) and what is wrong."""

    def __init__(self, file: str, where: str, what: str):
        self.file = file
        self.where = where
        self.what = what
        super().__init__(f"{file}: {where}: {what}" if where else f"{file}: {what}")


class SetupError(UnopartyError, ValueError):
    """A table that cannot be set up (``Game.from_setup``): `key` names the setup key
    (``"hands"``, ``"discard_pile"``…), `what` says what is wrong."""

    def __init__(self, key: str, what: str):
        self.key = key
        self.what = what
        super().__init__(f"setup.{key}: {what}")
