"""The grammatical gender of the names the app gives its players (the bots of the game page,
the practice tables, the lessons, and a live table's bots "Bot 3"), so that a language whose verbs agree with the subject can
say what another player did: Czech *Ava zahrála*, *Ben zahrál* (issue 21).

A name not in the table (a learner's or a teacher's own name, another pupil at a live table)
has no gender here: its sentences use the wording that needs none (Czech: the present tense,
*Mia hraje*). The learner is never spoken of in the third person on their own screen (they
are "you"), so the table never guesses a pupil's gender.

Each language's glossary (``docs/glossary/``) says how it uses the table.

>>> gender_of("Ava"), gender_of("Ben"), gender_of("Mia")
('f', 'm', None)
"""

from __future__ import annotations

import re

__all__ = ["NAME_GENDERS", "gender_of"]

NAME_GENDERS: dict[str, str] = {
    # "f": spoken of as a girl or a woman; "m": as a boy or a man
    "Ava": "f", "Ben": "m", "Cal": "m", "Dee": "f", "Eli": "m", "Fay": "f", "Gus": "m",
    "Hal": "m", "Ivy": "f", "Jo": "f", "Kai": "m", "Kim": "f", "Lou": "f", "Max": "m",
    "Nia": "f", "Noa": "f", "Oli": "m", "Pia": "f", "Bot": "m",
}
"""Name → ``"f"`` or ``"m"``: every name of ``views.game_app.BOT_NAMES``, of
``practice.exercises.NAMES`` and of the lessons' tables (a test checks)."""


_LIVE_BOT = re.compile(r"Bot \d+(\.\d+)?")
"""The names a live table gives the bots in its empty seats (``"Bot 3"``, ``"Bot 3.1"``:
:mod:`unoparty.session.table`): spoken of as a bot, the masculine *bot* in Czech."""


def gender_of(name: str | None) -> str | None:
    """``"f"``, ``"m"``, or None for a name the app did not give (no gender assumed).

    >>> gender_of("Bot 3"), gender_of("Bot 3.1"), gender_of("Botan")
    ('m', 'm', None)
    """
    if name is None:
        return None
    name = str(name)
    if name in NAME_GENDERS:
        return NAME_GENDERS[name]
    return NAME_GENDERS["Bot"] if _LIVE_BOT.fullmatch(name) else None
