"""``unoparty lessons`` (the curriculum in order), ``unoparty lessons coverage`` (each rule
id with the lessons that teach it) and ``unoparty lessons check`` (``scenario check`` on
every lesson of the curriculum)."""

from __future__ import annotations

import argparse
import os
import sys

from ..i18n import _, ngettext
from ._argparse_words import Subparsers


def register(subparsers: Subparsers) -> None:
    p = subparsers.add_parser("lessons", help=_("list the lessons; 'coverage': which lessons teach each rule"),
                              description=_("List the curriculum (unoparty/curriculum.toml) in order."))
    p.add_argument("action", nargs="?", choices=["list", "coverage", "check"], default="list",
                   help=_("list (default); coverage: rule ids and the lessons that teach them; "
                          "check: 'scenario check' every lesson of the curriculum"))
    p.add_argument("--curriculum", metavar="FILE", default=None, help=_("another curriculum file"))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..errors import ScenarioError
    from ..scenarios.check import invalid_line
    from ..scenarios.curriculum import coverage, load_curriculum

    try:
        curriculum = load_curriculum(args.curriculum)
    except ScenarioError as e:
        print(invalid_line(e))
        return 2
    bad = [ref for ref in curriculum.lessons if ref.error is not None]
    if args.action == "check":
        import os

        from ..scenarios.check import check_file

        worst = 0
        for ref in curriculum.lessons:
            path = os.path.relpath(ref.file) if str(ref.file).startswith(os.getcwd() + os.sep) else ref.file
            result = check_file(path)
            print(result.line, flush=True)
            worst = max(worst, result.exit_code)
        return worst
    if args.action == "coverage":
        table = coverage(curriculum.lessons)
        width = max(len(rid) for rid in table)
        for rid, ids in table.items():
            print(f"{rid.ljust(width)}  {', '.join(ids) if ids else '-'}")  # ids and lesson ids: no words
        taught = sum(1 for ids in table.values() if ids)
        print(ngettext("{taught} of {n} rules taught by {lessons} lesson",
                       "{taught} of {n} rules taught by {lessons} lessons", len(curriculum.lessons))
              .format(taught=taught, n=len(table), lessons=len(curriculum.lessons)))
    else:
        if curriculum.path is None:
            print(_("(a folder: every lesson file in it, by name)"))
        n = 0
        for gi, group in enumerate(curriculum.groups, 1):
            print(f"{gi}. {group.title}")
            for ref in group.lessons:
                n += 1
                print(f"   {_shown(ref.file)}  {ref.title}")
    for ref in bad:
        assert ref.error is not None  # the lessons in `bad` failed to load
        print(invalid_line(ref.error), file=sys.stderr)
    return 2 if bad else 0


def _shown(path: str | os.PathLike[str]) -> str:
    """A lesson file as a path the user can pass to ``unoparty scenario show``: relative to the
    current folder when it is below it, else absolute."""
    full = os.path.abspath(path)
    here = os.getcwd() + os.sep
    return os.path.relpath(full) if full.startswith(here) else full
