"""A scenario as a readable walk-through (``unoparty scenario show FILE``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..i18n import _, card_name, colour_name, ngettext, tr_text
from ..narrate import narrate_refusal
from ..rulebook import RULES
from .model import Scenario, Step
from .runner import Runner

__all__ = ["walkthrough", "describe_table", "describe_step"]


def _cards(cards: Sequence[Card]) -> str:
    return ", ".join(card_name(c) for c in cards) if cards else _("none")


def _expect_text(step: Step) -> str:
    parts = []
    for key, value in step.expect.items():
        if isinstance(value, Card):
            shown = card_name(value)
        elif isinstance(value, bool):  # before numbers: a bool is an int
            shown = _("true") if value else _("false")
        elif key == "colour":
            shown = colour_name(value)
        elif key == "direction":
            shown = _("clockwise") if value > 0 else _("counterclockwise")
        elif isinstance(value, tuple):
            shown = "[" + ", ".join(card_name(v) if isinstance(v, Card) else str(v) for v in value) + "]"
        elif hasattr(value, "items"):
            shown = "{ " + ", ".join(
                f"{k} = " + ("[" + _cards(v) + "]" if isinstance(v, tuple) else str(v)) for k, v in value.items()
            ) + " }"
        else:
            shown = str(value)
        parts.append(f"{key} = {shown}")
    return ", ".join(parts)


def _rule_title(rid: str) -> str:
    """The rule's plain title in the current language; the rule book's own title only for a
    rule without a plain title (``""`` for an unknown id)."""
    rule = RULES.get(rid)
    if rule is None:
        return ""
    return rule.plain_title or tr_text(rule.title)


def describe_table(scenario: Scenario) -> list[str]:
    """The ``[setup]`` as lines of text."""
    s = scenario.setup
    game = None
    try:
        game = scenario.new_game()
    except Exception:  # the loader already set it up once; be safe anyway
        pass
    lines = [_("The table"),
             "  " + _("Players (clockwise seating): {names}").format(names=", ".join(s.players)),
             "  " + _("Turn: {turn}; play goes {direction}").format(
                 turn=s.turn, direction=_("clockwise") if s.direction > 0 else _("counterclockwise"))]
    top = s.discard_pile[-1]
    colour = s.colour if s.colour is not None else top.colour
    colour_text = (_("still to be chosen: the first card played sets it (S-5)") if s.colour_to_choose
                   else colour_name(colour))
    lines.append("  " + _("Top card: {top}; colour: {colour}").format(top=card_name(top), colour=colour_text))
    if len(s.discard_pile) > 1:
        lines.append("  " + _("Discard pile (bottom first): {cards}").format(cards=_cards(s.discard_pile)))
    draw = _("Draw pile (top first): {cards}").format(cards=_cards(s.draw_pile))
    if s.rest == "shuffled":
        total = len(game.draw_pile) if game is not None else None
        draw += _("; then the rest of the deck, shuffled (seed {seed})").format(seed=s.seed)
        if total is not None:
            draw += ngettext(": {n} card in all", ": {n} cards in all", total).format(n=total)
    lines.append("  " + draw)
    if s.links:
        lines.append("  " + _("Linked: {a} and {b}").format(a=s.links[0], b=s.links[1]))
    if s.scores:
        lines.append("  " + _("Scores: {scores}").format(scores=", ".join(f"{k} {v}" for k, v in s.scores.items())))
    rules = scenario.rules
    options = [k for k, v in rules.options().items() if v is True]
    lines.append("  " + _("Rules: {rules}{options}").format(
        rules=_("UNO Party!") if rules.rule_set == "party" else _("Classic UNO"), options=(" + " + ", ".join(options)) if options else ""))
    lines.append("  " + _("Hands:"))
    width = max(len(n) for n in s.players)
    for name, cards in zip(s.players, s.hands):
        lines.append(f"    {name.ljust(width)}  {_cards(cards)}")
    return lines


def describe_step(step: Step) -> list[str]:
    """The step as written (before it runs): its moves or task."""
    lines = []
    if step.is_task:
        lines.append("  " + _("Task: {task}").format(task=step.task))
        if step.hint:
            lines.append("  " + _("Hint: {hint}").format(hint=step.hint))
        lines.append("  " + _("Answer: {answer}").format(answer=" | ".join(step.answers)))
        for m in step.mistakes:
            rule = f" ({m.rule})" if m.rule else ""
            lines.append("  " + _("If you answer {answer!r}: {say}{rule}").format(answer=m.answer, say=m.say, rule=rule))
    for text in step.do:
        lines.append("  > " + text)
    return lines


def walkthrough(scenario: Scenario, viewer: str | None = "You") -> tuple[str, bool]:
    """The walk-through text and whether every expectation held.

    Args:
        scenario: a loaded scenario.
        viewer: whose eyes narrate (hidden cards of others are not named); None: an
            onlooker who sees every card.
    """
    lines = [scenario.title, "=" * len(scenario.title)]
    meta = [f"id: {scenario.id}"]
    if scenario.lesson:
        meta.append(f"lesson: {scenario.lesson}")
    lines.append(" · ".join(meta))
    lines.append("")
    lines += describe_table(scenario)
    runner = Runner(scenario, viewer=viewer)
    ok = True
    for step in scenario.steps:
        lines.append("")
        kind = _(" (task)") if step.is_task else ""
        lines.append(_("Step {n}{kind}").format(n=step.number, kind=kind))
        lines += describe_step(step)
        try:
            result = runner.step_forward()
        except Exception as e:  # an engine error: say it, stop
            lines.append("  !! " + _("the engine failed: {error}").format(error=f"{type(e).__name__}: {e}"))
            ok = False
            break
        if step.is_task and result.moves:
            lines.append("  > " + result.moves[0])
        for sentence in result.sentences:
            lines.append("    " + sentence)
        if result.refusal is not None:
            lines.append("    " + _("Refused: {why}").format(why=narrate_refusal(result.refusal)))
        if step.is_task and step.feedback:
            lines.append("  " + _("Feedback: {text}").format(text=step.feedback))
        if step.say:
            lines.append("  " + step.say)
        if step.teaches:
            notes = ", ".join(f"{rid} {_rule_title(rid)}" for rid in step.teaches)
            lines.append("  " + _("Teaches: {rules}").format(rules=notes))
        if step.expect:
            mark = "✓" if result.failure is None else "✗"
            lines.append(f"  {mark} " + _("expect {checks}").format(checks=_expect_text(step)))
        if result.failure is not None:
            ok = False
            lines.append("  ✗ " + result.failure.message)
    return "\n".join(lines) + "\n", ok
