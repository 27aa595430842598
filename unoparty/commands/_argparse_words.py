"""argparse's own words (``usage:``, ``options:``, ``show this help message and exit``, its
error lines) in the catalogue of :mod:`unoparty.i18n`, so that ``unoparty --lang fr --help``
is French from its first word to its last.

argparse words its messages with ``gettext`` in the ``argparse`` domain; :func:`install`
makes it look them up in our catalogue instead (the messages are listed below with
:func:`~unoparty.i18n.N_` so that ``make messages`` extracts them). English, ``--lang en``,
is argparse's own words, unchanged.
"""

from __future__ import annotations

import argparse
from typing import Any, TypeAlias

from ..i18n import N_, ngettext

__all__ = ["install", "MESSAGES", "Parser", "HelpFormatter", "Subparsers"]

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What each command's ``register(subparsers)`` is given: ``parser.add_subparsers()``."""

MESSAGES = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("unexpected option string: %s"),
)
"""argparse's messages a user of the command line may read (Python 3.11 to 3.13)."""


def _plural_words() -> None:  # pragma: no cover - only for the extractor
    ngettext("expected %s argument", "expected %s arguments", 2)


def _gettext(message: str) -> str:
    """argparse's ``_``: its message (one of :data:`MESSAGES`) looked up in our catalogue."""
    from .. import i18n
    return i18n._translation.gettext(message) if message else message


def install() -> None:
    """Make argparse word its messages through our catalogue, in the current language (as
    :func:`unoparty.i18n.set_language` chose). For the command line's own process."""
    argparse._ = _gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, with each section's heading written by the catalogue (``options:``;
    French ``options :``) instead of a colon added in code."""

    def start_section(self, heading: str | None) -> None:
        self._headings = getattr(self, "_headings", []) + [heading]
        super().start_section(heading)

    def format_help(self) -> str:
        from ..i18n import _
        text = super().format_help()
        for heading in getattr(self, "_headings", []):
            if heading:
                text = text.replace(f"\n{heading}:\n", "\n" + _("{heading}:").format(heading=heading) + "\n")
                if text.startswith(f"{heading}:\n"):
                    text = _("{heading}:").format(heading=heading) + text[len(heading) + 1:]
        return text


class Parser(argparse.ArgumentParser):
    """The command line's parsers: :class:`HelpFormatter` unless told otherwise (subcommands
    get it too: ``add_subparsers`` makes parsers of this class)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)
