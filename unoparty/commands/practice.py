"""``unoparty practice stats`` (distinct positions per rule id; exit 1 if a deciding rule has
fewer than 50; a progress bar on stderr while the rounds are cut) and ``unoparty practice show SEED|ID [--scenario] [--rule R]`` (one exercise:
its question, answer and explanation, or the scenario file that replays it)."""

from __future__ import annotations

import argparse

from ._argparse_words import Subparsers


def register(subparsers: Subparsers) -> None:
    from ..i18n import _
    p = subparsers.add_parser(
        "practice", help=_("practice exercises cut from real games: 'stats' per rule, 'show' one"),
        description=_("Exercises cut from seeded bot rounds at the moments where a rule decides."))
    sub = p.add_subparsers(dest="action", metavar="ACTION")
    stats = sub.add_parser("stats", help=_("one line per rule id: its number of distinct positions; "
                                           "exit 1 if a deciding rule has fewer than 50"))
    stats.add_argument("--rounds", type=int, default=None, metavar="N",
                       help=_("cut the first N rounds (default: the rounds the tests use)"))
    stats.set_defaults(func=run_stats)
    show = sub.add_parser("show", help=_("one exercise: SEED (the round's pick) or SEED-INDEX"))
    show.add_argument("which", help=_("a seed (e.g. 7) or an exercise id (e.g. 7-120)"))
    show.add_argument("--rule", default=None, help=_("an exercise on this rule id (from SEED on)"))
    show.add_argument("--scenario", action="store_true", help=_("print it as a scenario file"))
    show.set_defaults(func=run_show)

    def help_only(args: argparse.Namespace) -> int:  # no action given: the help, exit status 2
        p.print_help()
        return 2

    p.set_defaults(func=help_only)


def run_stats(args: argparse.Namespace) -> int:
    from ..i18n import _, ngettext, pgettext
    from ..practice.coverage import MINIMUM, STATS_SEEDS, distinct_positions, stats_lines
    seeds = range(args.rounds) if args.rounds else STATS_SEEDS
    if args.rounds is not None and args.rounds < 1:
        print(_("unoparty practice stats: --rounds must be at least 1"))
        return 2
    import sys

    from tqdm import tqdm
    # on stderr: the lines on stdout stay as they are. The label is the catalogue's; tqdm's own
    # ": " after it is left out (French writes " : "), the rest is numbers and symbols
    with tqdm(total=len(seeds), desc=_("practice stats: rounds cut"), file=sys.stderr, leave=False,
              unit=pgettext("the unit of the progress bar of practice stats (rounds per second)", "round"),
              bar_format="{desc}  {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}, {rate_fmt}]") as bar:
        counts = distinct_positions(seeds, progress=lambda _seed: bar.update())
    lines, short = stats_lines(counts)
    print("\n".join(lines))
    if short:
        print(ngettext("{n} deciding rule with fewer than {minimum} distinct positions: {rules}",
                       "{n} deciding rules with fewer than {minimum} distinct positions: {rules}",
                       len(short)).format(n=len(short), minimum=MINIMUM, rules=", ".join(short)))
        return 1
    print(ngettext("every deciding rule has at least {minimum} distinct positions ({n} round)",
                   "every deciding rule has at least {minimum} distinct positions ({n} rounds)",
                   len(seeds)).format(minimum=MINIMUM, n=len(seeds)))
    return 0


def run_show(args: argparse.Namespace) -> int:
    """Print one exercise: its id, kind and rule, the question, the answer, the explanation (or
    with ``--scenario`` the scenario file). No table is drawn and no seat is the reader's (a
    teacher reads it), so every player is named in the third person — "Can Gus play the red 7
    now?" — where the Practice page, which marks the answering seat as the learner's, says
    "Can you …?" (:mod:`unoparty.practice.text`, `me`). Exit status 2 for a bad seed, id or rule."""
    from ..practice.exercises import exercise, exercise_by_id, kind_name, to_scenario
    from ..practice.text import choice_label, explanation, question
    from ..i18n import _
    from ..rulebook import RULES
    if args.rule is not None and args.rule not in RULES:
        print(_("unoparty practice show: unknown rule id {rule} (the ids are those of RULES.md, e.g. SP-1; "
                "'unoparty lessons coverage' lists them)").format(rule=repr(args.rule)))
        return 2
    if "-" not in args.which and not args.which.isdigit():
        print(_("unoparty practice show: {which} is neither a seed (a whole number, e.g. 7) nor an exercise id "
                "(a seed and a move number, e.g. 7-120)").format(which=repr(args.which)))
        return 2
    try:
        ex = exercise_by_id(args.which) if "-" in args.which else exercise(int(args.which), args.rule)
    except (ValueError, LookupError) as e:
        print(_("unoparty practice show: {problem}").format(problem=e))
        return 2
    if args.scenario:
        try:
            text = to_scenario(ex)
        except ValueError as e:
            print(_("unoparty practice show: {problem}").format(problem=e))
            return 2
        print(text, end="")
        return 0
    print(_("{id}  {kind}  rule {rule}").format(id=ex.id, kind=kind_name(ex.kind), rule=ex.rule))
    print(question(ex))
    print(_("answer: {answer}").format(answer=choice_label(ex, ex.answer)))
    print(explanation(ex))
    return 0
