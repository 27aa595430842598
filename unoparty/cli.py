"""The ``unoparty`` command (``python -m unoparty`` is the same).

Subcommands live in :mod:`unoparty.commands`: each module there defines
``register(subparsers)``, which adds its parser with ``subparsers.add_parser(...)`` and sets
``func`` (a function ``args -> int``, the exit status) via ``set_defaults``. A new command
is a new module in that package — this file needs no change.

    unoparty scenario check FILE...   # 0 ok, 1 some expectation fails, 2 a file is invalid
    unoparty scenario show FILE
    unoparty lessons                  # the curriculum
    unoparty lessons coverage         # rule ids → the lessons that teach them
    unoparty lessons check            # scenario check on every lesson of the curriculum
    unoparty practice stats           # distinct practice positions per rule id (1: a rule below 50)
    unoparty practice show SEED       # one practice exercise (--rule R, --scenario)
    unoparty simulate --games G       # rounds between bots and their summary (--bots, --rules, --seed)
    unoparty app                      # serve the app with Voila (--port, --ip, --pool-size)

``unoparty --help`` lists them all; ``unoparty COMMAND --help`` gives each one's options.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Callable, Sequence

from . import __version__

__all__ = ["main", "build_parser", "COMMAND_ORDER"]

COMMAND_ORDER = ("scenario", "lessons", "practice", "simulate", "app")
"""Commands listed first in ``--help``, in this order; any others follow alphabetically."""


def _command_modules() -> list[str]:
    from . import commands

    found = [m.name for m in pkgutil.iter_modules(commands.__path__) if not m.name.startswith("_")]
    first = [n for n in COMMAND_ORDER if n in found]
    return first + sorted(n for n in found if n not in first)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every command of :mod:`unoparty.commands` registered."""
    from .i18n import _

    from .commands._argparse_words import Parser

    parser = Parser(
        prog="unoparty",
        description=_("Learn UNO Party! (and classic UNO): check and show scenario files, list the lessons, "
                      "practise with exercises cut from real games, simulate rounds between bots, serve the app."),
    )
    parser.add_argument("--version", action="version", version=f"unoparty {__version__}",
                        help=_("show the version and exit"))
    parser.add_argument("--lang", metavar="LANG",
                        help=_("the language of the messages and of the app it serves: en, fr, ro, nb or cs "
                               "(default: the UNOPARTY_LANG environment variable, else the browser's, else English; "
                               "--lang en gives the stable English output scripts read)"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title=_("commands"))
    for name in _command_modules():
        try:
            module = importlib.import_module(f"{__package__}.commands.{name}")
            module.register(sub)
        except Exception as e:  # one broken command must not break the others
            broken = sub.add_parser(name, help=_("(unavailable: {detail})").format(detail=f"{type(e).__name__}: {e}"))
            broken.set_defaults(func=_unavailable(name, e))
    return parser


def _unavailable(name: str, error: Exception) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        from .i18n import _
        print(_("unoparty {command}: unavailable ({detail})").format(command=name, detail=f"{type(error).__name__}: {error}"),
              file=sys.stderr)
        return 2

    return run


def _use_language(lang: str | None) -> None:
    """``--lang``: the messages of this command in `lang`, and ``UNOPARTY_LANG`` set so the
    app it serves opens in it (``unoparty.views.language``). Without ``--lang``:
    ``UNOPARTY_LANG``, else the terminal's ``LC_ALL``/``LC_MESSAGES``/``LANG`` (``LANG=C``
    or ``--lang en``: the stable English output scripts read)."""
    import os

    from .i18n import match_language, set_language
    if lang:
        os.environ["UNOPARTY_LANG"] = lang
    found = match_language(lang or os.environ.get("UNOPARTY_LANG"))
    if found is None and not lang:  # the terminal's language, as gettext reads it; LANG=C: English
        env = next((os.environ[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if os.environ.get(k)), None)
        found = match_language(env.split(".")[0]) if env else None
    set_language(found or "en")  # main() may run again in one process (tests, notebooks)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (never raises for bad input).

    Run in a process that goes on (a notebook, a test), it leaves that process as it found
    it: ``--lang`` holds ``UNOPARTY_LANG`` and the messages' language only for the command."""
    import os

    from .i18n import language, set_language
    before_env, before_lang = os.environ.get("UNOPARTY_LANG"), language()
    try:
        return _main(argv)
    finally:
        if before_env is None:
            os.environ.pop("UNOPARTY_LANG", None)
        else:
            os.environ["UNOPARTY_LANG"] = before_env
        if language() != before_lang:
            set_language(before_lang)


def _main(argv: Sequence[str] | None) -> int:
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    known, _rest = early.parse_known_args(argv)
    from .i18n import available_languages, match_language
    if known.lang is not None and not match_language(known.lang):
        from .i18n import _
        _use_language(None)  # said in the terminal's language (UNOPARTY_LANG, LANG)
        print(_("unoparty: error: --lang {lang}: no such language here; use one of {languages}").format(
            lang=repr(known.lang), languages=", ".join(available_languages())), file=sys.stderr)
        return 2
    _use_language(known.lang)  # before the parser is built: --help in the language too
    from .commands._argparse_words import install
    install()  # argparse's own words (usage:, options:, its errors) in that language
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version, usage errors
        return e.code if isinstance(e.code, int) else 2
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        return int(func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # never a traceback
        from .i18n import _
        print(_("unoparty: error: {detail}").format(detail=f"{type(e).__name__}: {e}"), file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
