"""Reading and validating scenario files, format 1 (SCENARIO_FORMAT.md).

Everything that makes a file *invalid* is found here, before any step runs: missing or
unknown keys (anywhere), values of the wrong type, unknown cards, players, colours and
rule ids, moves that are not well-formed, tables the deck cannot produce. Each problem is
a :class:`~unoparty.errors.ScenarioError` naming the file, where (``setup.hands``,
``step 3``, ``id``) and what is wrong.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

from ..cards import Card, Colour, deck_counts
from ..engine.moves import Move
from ..errors import MoveSyntaxError, ScenarioError, SetupError, UnopartyError
from ..i18n import tr_text
from ..notation import parse_move
from ..rulebook import RULES
from ..rules import OPTIONS, RULE_SETS, Rules
from .model import EXPECT_KEYS, PHASES, Mistake, Scenario, Setup, Step

__all__ = ["load_scenario", "loads_scenario", "TOP_KEYS", "SETUP_KEYS", "STEP_KEYS", "MISTAKE_KEYS"]

TOP_KEYS = ("format", "id", "title", "lesson", "rules", "options", "setup", "steps", "learner", "reshuffles")
REQUIRED_TOP = ("format", "id", "title", "setup")
SETUP_KEYS = ("players", "hands", "turn", "direction", "discard_pile", "colour", "draw_pile",
              "rest", "seed", "links", "scores")
REQUIRED_SETUP = ("players", "hands", "turn", "discard_pile")
STEP_KEYS = ("say", "do", "task", "answer", "hint", "feedback", "mistakes", "teaches", "expect")
MISTAKE_KEYS = ("answer", "say", "rule")
OPTION_KEYS = OPTIONS + ("target_score",)
DIRECTIONS = {"clockwise": 1, "counterclockwise": -1}
_ID = re.compile(r"[a-z0-9-]+")


class _Invalid(Exception):
    """Raised inside the loader; turned into a ScenarioError with the file name."""

    def __init__(self, where: str, what: str):
        super().__init__(f"{where}: {what}")
        self.where = where
        self.what = what


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _want(where: str, value: Any, kind: str) -> None:
    ok = {
        "text": isinstance(value, str),
        "a whole number": isinstance(value, int) and not isinstance(value, bool),
        "true or false": isinstance(value, bool),
        "a list": isinstance(value, list),
        "a table": isinstance(value, dict),
    }[kind]
    if not ok:
        raise _Invalid(where, f"must be {kind}, not {_type_name(value)}")


def _check_name(where: str, name: Any) -> str:
    _want(where, name, "text")
    if not 1 <= len(name) <= 40:
        raise _Invalid(where, f"a name has 1 to 40 characters: {name!r}")
    if ":" in name or "\n" in name or "\r" in name:
        raise _Invalid(where, f"a name may not contain ':' or a line break: {name!r}")
    if name != name.strip():
        raise _Invalid(where, f"a name may not start or end with a space: {name!r}")
    return cast(str, name)  # checked above


def _known_name(where: str, name: Any, names: tuple[str, ...]) -> str:
    _want(where, name, "text")
    if name not in names:
        raise _Invalid(where, f"unknown player {name!r}")
    return cast(str, name)  # checked above


def _card(where: str, text: Any) -> Card:
    _want(where, text, "text")
    try:
        return Card.parse(text)
    except MoveSyntaxError:
        raise _Invalid(where, f"unknown card {text!r}") from None


def _cards(where: str, value: Any) -> tuple[Card, ...]:
    _want(where, value, "a list")
    return tuple(_card(where, t) for t in value)


def _colour(where: str, value: Any) -> Colour:
    _want(where, value, "text")
    try:
        return Colour[value.strip().upper()]
    except KeyError:
        raise _Invalid(where, f"unknown colour {value!r} (use red, yellow, green or blue)") from None


def _rule_id(where: str, value: Any) -> str:
    _want(where, value, "text")
    if value not in RULES:
        raise _Invalid(where, f"unknown rule id {value!r} (see RULES.md)")
    return cast(str, value)  # checked above


# ---------------------------------------------------------------------------------------
# top level


def load_scenario(path: str | Path) -> Scenario:
    """Read, validate and return the scenario file at `path`.

    The table is also set up once with the engine (``Game.from_setup``), so a table the
    engine refuses makes the file invalid.

    Raises:
        ScenarioError: the file cannot be read, is not TOML, or is not a valid format 1
            scenario (``.where`` is ``"file"``, ``"line N"``, a top-level key,
            ``"setup.KEY"`` or ``"step N"``).
    """
    name = str(path)
    p = Path(path)
    try:
        if p.is_dir():
            raise ScenarioError(name, "file", "is a directory, not a scenario file")
        data = p.read_bytes()
    except ScenarioError:
        raise
    except FileNotFoundError:
        raise ScenarioError(name, "file", "no such file") from None
    except PermissionError:
        raise ScenarioError(name, "file", "cannot be read (permission denied)") from None
    except OSError as e:
        raise ScenarioError(name, "file", f"cannot be read ({e.strerror or e})") from None
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark (as Windows editors save) is fine
    except UnicodeDecodeError:
        raise ScenarioError(name, "file", "is not UTF-8 text") from None
    return loads_scenario(text, name)


def loads_scenario(text: str, file: str = "<scenario>") -> Scenario:
    """Like :func:`load_scenario`, from TOML text; `file` names it in errors."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        message = str(e)
        m = re.search(r"\s*\(at line (\d+), column \d+\)\s*$", message)
        if m:
            raise ScenarioError(file, f"line {m.group(1)}", f"not valid TOML: {message[: m.start()]}") from None
        m = re.search(r"\s*\(at end of document\)\s*$", message)
        if m:
            line = text.count("\n") + 1
            raise ScenarioError(file, f"line {line}", f"not valid TOML: {message[: m.start()]} (at the end)") from None
        raise ScenarioError(file, "file", f"not valid TOML: {message}") from None
    try:
        scenario = _build(doc, file)
    except _Invalid as e:
        raise ScenarioError(file, e.where, e.what) from None
    _try_setup(scenario, file)
    return scenario


def _try_setup(scenario: Scenario, file: str) -> None:
    try:
        scenario.new_game()
    except SetupError as e:
        raise ScenarioError(file, f"setup.{e.key}", e.what) from None
    except (UnopartyError, ValueError) as e:
        raise ScenarioError(file, "setup", str(e)) from None


def _build(doc: dict[str, Any], file: str) -> Scenario:
    if "groups" in doc and "setup" not in doc:
        raise _Invalid("groups", "this is a curriculum, not a scenario (check its lessons with 'unoparty lessons check')")
    for key in doc:
        if key not in TOP_KEYS:
            raise _Invalid(key, f"unknown key (known: {', '.join(TOP_KEYS)})")
    for key in REQUIRED_TOP:
        if key not in doc:
            raise _Invalid(key, "required key missing")
    fmt = doc["format"]
    if type(fmt) is not int or fmt != 1:
        raise _Invalid("format", f"must be 1 (this version reads format 1), not {fmt!r}")
    sid = doc["id"]
    _want("id", sid, "text")
    if not _ID.fullmatch(sid):
        raise _Invalid("id", f"must be a slug of a-z, 0-9 and '-': {sid!r}")
    title = doc["title"]
    _want("title", title, "text")
    if not title.strip() or "\n" in title.strip():
        raise _Invalid("title", "must be one non-empty line")
    lesson = doc.get("lesson")
    if lesson is not None:
        _want("lesson", lesson, "text")
    rule_set = doc.get("rules", "party")
    _want("rules", rule_set, "text")
    if rule_set not in RULE_SETS:
        raise _Invalid("rules", f"must be 'party' or 'classic', not {rule_set!r}")
    options = doc.get("options", {})
    _want("options", options, "a table")
    for key in options:
        if key not in OPTION_KEYS:
            raise _Invalid(f"options.{key}", f"unknown option (known: {', '.join(OPTION_KEYS)})")
    for key, value in options.items():
        if key == "target_score":
            _want(f"options.{key}", value, "a whole number")
            if value < 1:
                raise _Invalid("options.target_score", f"must be at least 1, not {value}")
        else:
            _want(f"options.{key}", value, "true or false")
    try:
        rules = Rules.from_dict(rule_set, options)
    except ValueError as e:
        raise _Invalid("options", str(e)) from None

    setup_doc = doc["setup"]
    _want("setup", setup_doc, "a table")
    setup = _setup(setup_doc, rules)

    steps_doc = doc.get("steps", [])
    if not isinstance(steps_doc, list) or not all(isinstance(s, dict) for s in steps_doc):
        raise _Invalid("steps", "must be an array of tables ([[steps]])")
    steps = tuple(_step(i + 1, s, setup.players) for i, s in enumerate(steps_doc))

    if "learner" in doc:
        learner: str | None = _known_name("learner", doc["learner"], setup.players)
    else:
        learner = "You" if "You" in setup.players else None

    reshuffles_doc = doc.get("reshuffles", [])
    _want("reshuffles", reshuffles_doc, "a list")
    reshuffles = []
    for i, pile in enumerate(reshuffles_doc):
        where = f"reshuffles[{i + 1}]"
        _want(where, pile, "a list")
        cards = _cards(where, pile)
        if not cards:
            raise _Invalid(where, "a reshuffle makes a draw pile of at least one card")
        reshuffles.append(cards)
    return Scenario(id=sid, title=tr_text(title.strip()), lesson=lesson, rules=rules, setup=setup, steps=steps,
                    path=file, learner=learner, reshuffles=tuple(reshuffles))


# ---------------------------------------------------------------------------------------
# [setup]


def _setup(doc: dict[str, Any], rules: Rules) -> Setup:
    for key in doc:
        if key not in SETUP_KEYS:
            raise _Invalid(f"setup.{key}", f"unknown key (known: {', '.join(SETUP_KEYS)})")
    for key in REQUIRED_SETUP:
        if key not in doc:
            raise _Invalid(f"setup.{key}", "required key missing")

    # players
    players = doc["players"]
    _want("setup.players", players, "a list")
    names = tuple(_check_name("setup.players", n) for n in players)
    dup = [n for n, k in Counter(names).items() if k > 1]
    if dup:
        raise _Invalid("setup.players", f"duplicate name {dup[0]!r}")
    lo, hi = 2, rules.max_players
    if not lo <= len(names) <= hi:
        raise _Invalid("setup.players", f"{rules.rule_set} needs {lo} to {hi} players, not {len(names)}")

    # hands
    hands_doc = doc["hands"]
    _want("setup.hands", hands_doc, "a table")
    for who in hands_doc:
        if who not in names:
            raise _Invalid("setup.hands", f"unknown player {who!r}")
    hands = []
    for who in names:
        if who not in hands_doc:
            raise _Invalid("setup.hands", f"no hand for {who!r}: every player needs at least one card")
        cards = _cards("setup.hands", hands_doc[who])
        if not cards:
            raise _Invalid("setup.hands", f"{who!r} holds no cards: every player needs at least one")
        hands.append(cards)

    turn = _known_name("setup.turn", doc["turn"], names)

    direction_text = doc.get("direction", "clockwise")
    _want("setup.direction", direction_text, "text")
    if direction_text not in DIRECTIONS:
        raise _Invalid("setup.direction", f"must be 'clockwise' or 'counterclockwise', not {direction_text!r}")

    discard = _cards("setup.discard_pile", doc["discard_pile"])
    if not discard:
        raise _Invalid("setup.discard_pile", "needs at least one card (the top card)")
    top = discard[-1]
    colour = None
    if "colour" in doc:
        colour = _colour("setup.colour", doc["colour"])
        if not top.is_wild and colour != top.colour:
            raise _Invalid("setup.colour", f"{colour} does not match the top card ({top}); "
                                           "give a colour only when it is the top card's or the top card is wild")
    elif top.is_wild:
        raise _Invalid("setup.colour", f"required: the top card ({top}) is a wild card")

    draw = _cards("setup.draw_pile", doc.get("draw_pile", []))

    rest = doc.get("rest", "shuffled")
    _want("setup.rest", rest, "text")
    if rest not in ("shuffled", "none"):
        raise _Invalid("setup.rest", f"must be 'shuffled' or 'none', not {rest!r}")

    seed = doc.get("seed", 0)
    _want("setup.seed", seed, "a whole number")

    links_doc = doc.get("links", [])
    _want("setup.links", links_doc, "a list")
    links = tuple(_known_name("setup.links", n, names) for n in links_doc)
    if len(links) not in (0, 2):
        raise _Invalid("setup.links", f"must be [] or two players, not {len(links)}")
    if len(links) == 2 and links[0] == links[1]:
        raise _Invalid("setup.links", f"must be two different players, not {links[0]!r} twice")

    scores_doc = doc.get("scores", {})
    _want("setup.scores", scores_doc, "a table")
    scores = {}
    for who, pts in scores_doc.items():
        _known_name("setup.scores", who, names)
        _want("setup.scores", pts, "a whole number")
        if pts < 0:
            raise _Invalid("setup.scores", f"{who!r}: a score cannot be negative ({pts})")
        scores[who] = pts

    _check_deck(rules, names, hands, discard, draw)

    return Setup(
        players=names, hands=tuple(hands), turn=turn, direction=DIRECTIONS[direction_text],
        discard_pile=discard, colour=colour, draw_pile=draw, rest=rest, seed=seed, links=links,
        scores=MappingProxyType(scores),
    )


def _check_deck(rules: Rules, names: Sequence[str], hands: Iterable[Iterable[Card]], discard: Iterable[Card],
                draw: Iterable[Card]) -> None:
    """Every card placed must exist in the rule set's deck, and no more copies than it has."""
    counts = deck_counts(rules.rule_set)
    used: Counter[Card] = Counter()
    for key, cards in [("setup.hands", c) for c in hands] + [("setup.discard_pile", discard),
                                                             ("setup.draw_pile", draw)]:
        for card in cards:
            used[card] += 1
            have = counts.get(card, 0)
            if have == 0:
                raise _Invalid(key, f"the {rules.rule_set} deck has no {card}")
            if used[card] > have:
                raise _Invalid(key, f"{used[card]} copies of {card}, but the {rules.rule_set} deck has only {have}")


# ---------------------------------------------------------------------------------------
# [[steps]]


def _moves(where: str, key: str, value: Any, names: tuple[str, ...], *,
           single: bool = False) -> tuple[tuple[str, ...], tuple[Move, ...]]:
    if isinstance(value, str):
        texts = (value,)
    elif isinstance(value, list) and not single:
        if not value:
            raise _Invalid(where, f"{key}: needs at least one move")
        for v in value:
            if not isinstance(v, str):
                raise _Invalid(where, f"{key}: a move must be text, not {_type_name(v)}")
        texts = tuple(value)
    else:
        raise _Invalid(where, f"{key}: must be {'a move' if single else 'a move or a list of moves'}"
                              f" (text), not {_type_name(value)}")
    moves: list[Move] = []
    for t in texts:
        try:
            moves.append(parse_move(t, names))
        except MoveSyntaxError as e:
            raise _Invalid(where, f"{key}: {e} in {t!r}") from None
    return texts, tuple(moves)


def _text(where: str, key: str, value: Any) -> str:
    """A text a learner reads, translated into the current language (`unoparty.i18n`; the
    lesson files' texts are extracted into the catalogue by `unoparty.extract.extract_lessons`)."""
    if not isinstance(value, str):
        raise _Invalid(where, f"{key}: must be text, not {_type_name(value)}")
    return tr_text(value)


def _step(number: int, doc: dict[str, Any], names: tuple[str, ...]) -> Step:
    where = f"step {number}"
    for key in doc:
        if key not in STEP_KEYS:
            raise _Invalid(where, f"unknown key {key!r} (known: {', '.join(STEP_KEYS)})")
    if "do" in doc and "task" in doc:
        raise _Invalid(where, "a step may not have both 'do' and 'task'")
    for key in ("answer", "hint", "feedback", "mistakes"):
        if key in doc and "task" not in doc:
            raise _Invalid(where, f"'{key}' needs 'task'")
    if "task" in doc and "answer" not in doc:
        raise _Invalid(where, "'task' needs 'answer' (the accepted move or moves)")

    say = _text(where, "say", doc["say"]) if "say" in doc else None
    do_texts, moves = _moves(where, "do", doc["do"], names) if "do" in doc else ((), ())
    task = _text(where, "task", doc["task"]) if "task" in doc else None
    answers, answer_moves = _moves(where, "answer", doc["answer"], names) if "answer" in doc else ((), ())
    hint = _text(where, "hint", doc["hint"]) if "hint" in doc else None
    feedback = _text(where, "feedback", doc["feedback"]) if "feedback" in doc else None

    mistakes = []
    if "mistakes" in doc:
        mdoc = doc["mistakes"]
        if not isinstance(mdoc, list) or not all(isinstance(m, dict) for m in mdoc):
            raise _Invalid(where, "mistakes: must be a list of tables { answer = \"<move>\", say = \"...\" }")
        for i, m in enumerate(mdoc, 1):
            key = f"mistakes[{i}]"
            for k in m:
                if k not in MISTAKE_KEYS:
                    raise _Invalid(where, f"{key}: unknown key {k!r} (known: {', '.join(MISTAKE_KEYS)})")
            if "answer" not in m:
                raise _Invalid(where, f"{key}: 'answer' missing")
            if "say" not in m:
                raise _Invalid(where, f"{key}: 'say' missing (what to tell the learner)")
            (text,), (move,) = _moves(where, f"{key}.answer", m["answer"], names, single=True)
            if move in answer_moves:
                raise _Invalid(where, f"{key}: {text!r} is also an accepted answer")
            msay = _text(where, f"{key}.say", m["say"])
            rule = None
            if "rule" in m:
                try:
                    rule = _rule_id(where, m["rule"])
                except _Invalid as e:
                    raise _Invalid(where, f"{key}.rule: {e.what}") from None
            mistakes.append(Mistake(answer=text, move=move, say=msay, rule=rule))

    teaches: tuple[str, ...] = ()
    if "teaches" in doc:
        tdoc = doc["teaches"]
        if not isinstance(tdoc, list):
            raise _Invalid(where, f"teaches: must be a list of rule ids, not {_type_name(tdoc)}")
        for rid in tdoc:
            if not isinstance(rid, str) or rid not in RULES:
                raise _Invalid(where, f"teaches: unknown rule id {rid!r} (see RULES.md)")
        teaches = tuple(tdoc)

    expect: dict[str, Any] = {}
    if "expect" in doc:
        edoc = doc["expect"]
        if not isinstance(edoc, dict):
            raise _Invalid(where, f"expect: must be a table, not {_type_name(edoc)}")
        expect = _expect(where, edoc, names)
        if "refused" in expect:
            n_moves = len(moves) if "do" in doc else 0
            if expect["refused"] is True and not ("do" in doc and n_moves == 1):
                raise _Invalid(where, "'refused' needs a single move in 'do'")
        if "reason" in expect and expect.get("refused") is not True:
            raise _Invalid(where, "'reason' needs 'refused = true'")

    return Step(
        number=number, say=say, do=do_texts, moves=moves, task=task, answers=answers,
        answer_moves=answer_moves, hint=hint, feedback=feedback, mistakes=tuple(mistakes),
        teaches=teaches, expect=MappingProxyType(expect),
    )


def _expect(where: str, doc: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """Validate an expect table; values are kept as written but typed (Card, Colour, …)."""
    out: dict[str, Any] = {}

    def bad(key: str, what: str) -> _Invalid:
        return _Invalid(where, f"expect.{key}: {what}")

    def want(key: str, value: Any, kind: str) -> None:
        try:
            _want(key, value, kind)
        except _Invalid as e:
            raise bad(key, e.what) from None

    def name(key: str, value: Any) -> str:
        want(key, value, "text")
        if value not in names:
            raise bad(key, f"unknown player {value!r}")
        return cast(str, value)  # checked above

    def card(key: str, value: Any) -> Card:
        want(key, value, "text")
        try:
            return Card.parse(value)
        except MoveSyntaxError:
            raise bad(key, f"unknown card {value!r}") from None

    def count(key: str, value: Any) -> int:
        want(key, value, "a whole number")
        if value < 0:
            raise bad(key, f"cannot be negative ({value})")
        return cast(int, value)  # checked above

    for key, value in doc.items():
        if key not in EXPECT_KEYS:
            raise _Invalid(where, f"expect: unknown key {key!r} (known: {', '.join(EXPECT_KEYS)})")
        if key in ("turn", "winner", "match_winner"):
            out[key] = name(key, value)
        elif key == "phase":
            want(key, value, "text")
            if value not in PHASES:
                raise bad(key, f"unknown phase {value!r} (phases: {', '.join(PHASES)})")
            out[key] = value
        elif key in ("waiting_for", "links"):
            want(key, value, "a list")
            out[key] = tuple(name(key, v) for v in value)
            if key == "links" and len(out[key]) not in (0, 2):
                raise bad(key, f"must be [] or two players, not {len(out[key])}")
        elif key == "top":
            out[key] = card(key, value)
        elif key == "colour":
            want(key, value, "text")
            try:
                out[key] = Colour[value.strip().upper()]
            except KeyError:
                raise bad(key, f"unknown colour {value!r} (use red, yellow, green or blue)") from None
        elif key == "direction":
            want(key, value, "text")
            if value not in DIRECTIONS:
                raise bad(key, f"must be 'clockwise' or 'counterclockwise', not {value!r}")
            out[key] = DIRECTIONS[value]
        elif key == "hand":
            want(key, value, "a table")
            hands: dict[str, tuple[Card, ...] | int] = {}
            for who, v in value.items():
                if who not in names:
                    raise bad(key, f"unknown player {who!r}")
                if isinstance(v, list):
                    hands[who] = tuple(card(f"hand.{who}", c) for c in v)
                elif isinstance(v, int) and not isinstance(v, bool):
                    hands[who] = count(f"hand.{who}", v)
                else:
                    raise bad(f"hand.{who}", f"must be a number of cards or a list of cards, not {_type_name(v)}")
            out[key] = MappingProxyType(hands)
        elif key in ("draw_pile", "discard_pile", "round_points"):
            out[key] = count(key, value)
        elif key == "mini_pile":
            if isinstance(value, list):
                out[key] = tuple(card(key, c) for c in value)
            elif isinstance(value, int) and not isinstance(value, bool):
                out[key] = count(key, value)
            else:
                raise bad(key, f"must be a list of cards or a number, not {_type_name(value)}")
        elif key == "scores":
            want(key, value, "a table")
            scores = {}
            for who, v in value.items():
                if who not in names:
                    raise bad(key, f"unknown player {who!r}")
                want(f"scores.{who}", v, "a whole number")
                scores[who] = v
            out[key] = MappingProxyType(scores)
        elif key == "refused":
            want(key, value, "true or false")
            out[key] = value
        elif key == "reason":
            want(key, value, "text")
            if value not in RULES:
                raise bad(key, f"unknown rule id {value!r} (see RULES.md)")
            out[key] = value
    return out
