"""``unoparty scenario check FILE...`` and ``unoparty scenario show FILE`` (SCENARIO_FORMAT.md)."""

from __future__ import annotations

import argparse
import sys

from ..i18n import _
from ._argparse_words import Subparsers


def register(subparsers: Subparsers) -> None:
    p = subparsers.add_parser("scenario", help=_("check or show scenario files"),
                              description=_("Check or show scenario files (SCENARIO_FORMAT.md, format 1)."))
    sub = p.add_subparsers(dest="scenario_command", metavar="ACTION")
    check = sub.add_parser("check", help=_("check every expectation of the files"),
                           description=_("Exit 0: every expectation holds; 1: some do not; 2: a file is invalid."))
    check.add_argument("files", nargs="+", metavar="FILE", help=_("scenario files (.toml)"))
    check.set_defaults(func=run_check)
    show = sub.add_parser("show", help=_("print the walk-through as text"))
    show.add_argument("file", metavar="FILE", help=_("a scenario file (.toml)"))
    who = show.add_mutually_exclusive_group()
    who.add_argument("--as", dest="viewer", default="You", metavar="NAME",
                     help=_("narrate as this player sees it (default: You, when there is such a player)"))
    who.add_argument("--all", dest="viewer", action="store_const", const=None,
                     help=_("narrate as an onlooker who sees every card"))
    show.set_defaults(func=run_show)

    def help_only(args: argparse.Namespace) -> int:  # no action given: the help, exit status 2
        p.print_help()
        return 2

    p.set_defaults(func=help_only)


def run_check(args: argparse.Namespace) -> int:
    from ..scenarios.check import check_file

    worst = 0
    for file in args.files:
        result = check_file(file)
        print(result.line, flush=True)
        worst = max(worst, result.exit_code)
    return worst


def run_show(args: argparse.Namespace) -> int:
    from ..errors import ScenarioError
    from ..scenarios import load_scenario, walkthrough

    try:
        scenario = load_scenario(args.file)
    except ScenarioError as e:
        from ..scenarios.check import invalid_line
        print(invalid_line(e))
        return 2
    try:
        text, ok = walkthrough(scenario, viewer=args.viewer)
    except Exception as e:  # never a traceback
        print(_("FAIL {file}: the engine failed: {detail}").format(file=args.file, detail=f"{type(e).__name__}: {e}"))
        return 1
    sys.stdout.write(text)
    return 0 if ok else 1
