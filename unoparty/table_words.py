"""Words for live tables (issue 23): the sentence for each refusal of the table log and for a
move's outcome, in the learner's language (the page shows these; the sessions return data).

`problem_sentence` takes a `unoparty.progress.table_log.Problem`'s value (this module sits
below the store and imports nothing from it); `outcome_note` an
`unoparty.session.table.Outcome`'s fields.

>>> from unoparty.i18n import set_language
>>> set_language("en")
>>> problem_sentence("full", code="K7M2QX")
'Table K7M2QX is full: every seat has a learner.'
>>> outcome_note("refused", raced=True, explanation="You can't catch Ava: she has called UNO. (U-3)")
"Someone was quicker, and the table changed: You can't catch Ava: she has called UNO. (U-3)"

A bot's seat is stored under one name for every screen (``"Bot 3"``, made by
`unoparty.session.table`); each screen words it in its own language (`bot_name`):

>>> bot_name("Bot 3"), bot_name("Bot 3.2"), bot_name("Ava")
('Bot 3', 'Bot 3.2', 'Ava')
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from .i18n import _, format_seconds, pgettext

__all__ = ["problem_sentence", "outcome_note", "bot_name", "shown_names", "STORED_BOT_NAME"]

STORED_BOT_NAME = re.compile(r"Bot (\d+(?:\.\d+)?)")
"""A bot seat's name as the table log stores it: ``"Bot 3"`` (seat 3, counted from 1), or
``"Bot 3.2"`` when a player already had that name. The same in every language: other
kernels and the store read it."""


def bot_name(stored: str) -> str:
    """A bot seat's stored name (:data:`STORED_BOT_NAME`) as the viewer reads it, in the
    current language (French and Romanian *Robot 3*); any other name unchanged."""
    m = STORED_BOT_NAME.fullmatch(stored)
    if m is None:
        return stored
    return pgettext("a bot's name at a live table: {n} is its seat number", "Bot {n}").format(n=m.group(1))


def shown_names(names: Sequence[str], bots: Collection[str]) -> tuple[str, ...]:
    """The players' `names` as this screen shows them: each name in `bots` (the names of the
    table's bot seats) worded by :func:`bot_name`, unless that would give two players the same
    name (then the stored name stays). Every other name unchanged, the order kept."""
    out = list(names)
    for i, name in enumerate(names):
        if name in bots:
            shown = bot_name(name)
            if shown != name and shown not in out and shown not in names and 1 <= len(shown) <= 40 and ":" not in shown:
                out[i] = shown
    return tuple(out)


def problem_sentence(problem: str, *, code: str | None = None, name: str | None = None) -> str:
    """One sentence for a refusal of the table log (`Problem.value`): what is wrong and what
    to do. An unknown value gets a general sentence."""
    code = code or ""
    name = name or ""
    if problem == "bad code":
        return _("{code} is not a table code: a code has 6 letters and digits (never 0, O, 1, I or L).").format(code=code)
    if problem == "unknown code":
        return _("There is no table {code} on this server: check the code with your teacher.").format(code=code)
    if problem == "ended":
        return _("Table {code} has ended.").format(code=code)
    if problem == "full":
        return _("Table {code} is full: every seat has a learner.").format(code=code)
    if problem == "seat live":
        # the name's seat is live on another screen: the same learner's other tab, or a
        # classmate who joined with that name first (a new-user trial read the old "Your seat"
        # as an error when the name was a classmate's)
        return _("{name} is already at table {code} on another screen. If you are {name}, close it there "
                 "first; if not, join with another name.").format(code=code, name=name)
    if problem == "name taken":
        return _("A player at table {code} is already called {name}: join with another name.").format(
            code=code, name=name)
    if problem == "not running":
        return _("Table {code} has not started yet: the host starts it.").format(code=code)
    if problem == "started":
        return _("Table {code} has started: seats change at the next round.").format(code=code)
    if problem == "not host":
        return _("Only the host of the table can do this.")
    if problem == "not seated":
        return _("You have no seat at table {code} now: open its code again to take your seat back.").format(code=code)
    if problem == "bad name":
        return _("A name at a table has 1 to 40 characters, without ':'.")
    if problem == "not signed in":
        return _("{name} plays at this table from the browser signed in as {name}: type {name}'s PIN first.").format(
            name=name)
    if problem == "handed":
        return _("The host gave your seat at table {code} to a bot for now: ask the host to give it back.").format(
            code=code)
    if problem == "in round":
        return _("Seats move between rounds: wait until this round is over.")
    if problem == "no tables":
        return _("Live tables are not available on this server: it reaches the class's records through "
                 "JupyterHub's store service, and a table needs the class database itself. You can play against bots.")
    if problem == "unreachable":
        return _("The class store cannot be reached just now: nothing was played. Trying again…")
    return _("The table refused this.")


def outcome_note(status: str, *, raced: bool, explanation: str | None = None, wait: float = 0.0) -> str:
    """A sentence for a move's outcome (`Outcome.status`, `.raced`, the refusal's
    explanation, `.wait` in seconds); ``""`` for a move applied without a race."""
    if status == "wait":
        return _("Wait until the speed-play window closes ({seconds}): only speed plays, UNO calls and "
                 "catches are taken until then.").format(seconds=format_seconds(wait, 1))
    if status == "refused":
        if raced:
            return _("Someone was quicker, and the table changed: {explanation}").format(explanation=explanation or "")
        return explanation or ""
    if raced:
        return _("Someone was quicker, but your move still fitted the new table: it was played.")
    return ""
