"""Reading and validating scenario files, format 1 (SCENARIO_FORMAT.md).

Everything that makes a file *invalid* is found before any step runs: missing or unknown
keys (anywhere), values of the wrong type, unknown cards, players, colours and rule ids
(:mod:`~unoparty.scenarios.values`), ``expect`` values (:mod:`~unoparty.scenarios.expect`),
moves that are not well-formed, tables the engine cannot set up (``Game.from_setup``: the
one check of a table). Each problem is a :class:`~unoparty.errors.ScenarioError` naming the
file, where (``setup.hands``, ``step 3``, ``id``) and what is wrong.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..engine.moves import Move
from ..errors import MoveSyntaxError, ScenarioError, SetupError, UnopartyError
from ..i18n import _, tr_text
from ..notation import parse_move
from ..rules import OPTIONS, RULE_SETS, Rules
from . import values as v
from .expect import read_expect
from .model import Mistake, Scenario, Setup, Step

__all__ = ["load_scenario", "loads_scenario", "TOP_KEYS", "SETUP_KEYS", "STEP_KEYS", "MISTAKE_KEYS",
           "MAX_BYTES", "MAX_DEPTH"]

MAX_BYTES = 1_000_000
"""A scenario file is at most this many bytes (1 MB; SCENARIO_FORMAT.md "Limits"): a lesson
is a few kilobytes, a replay of a long round some tens."""
MAX_DEPTH = 16
"""Arrays and tables nest at most this deep, the file's top level counting as one (a lesson
needs 6: the file, ``steps``, a step, ``expect``, ``hand``, a hand's cards)."""

TOP_KEYS = ("format", "id", "title", "lesson", "rules", "options", "setup", "steps", "learner", "reshuffles")
REQUIRED_TOP = ("format", "id", "title", "setup")
SETUP_KEYS = ("players", "hands", "turn", "direction", "discard_pile", "colour", "draw_pile",
              "rest", "seed", "links", "scores", "colour_to_choose")
REQUIRED_SETUP = ("players", "hands", "turn", "discard_pile")
STEP_KEYS = ("say", "do", "task", "answer", "hint", "feedback", "mistakes", "teaches", "expect")
MISTAKE_KEYS = ("answer", "say", "rule")
OPTION_KEYS = OPTIONS + ("target_score",)
_ID = re.compile(r"[a-z0-9-]+")
_Invalid = v.Invalid


# ---------------------------------------------------------------------------------------
# top level


def _toml_error(e: tomllib.TOMLDecodeError, text: str, file: str) -> ScenarioError:
    """A TOML syntax error in our words, in the reader's language (the scenarios page shows
    it to teachers); tomllib's own English detail follows in brackets, as an extra."""
    message = str(e)
    m = re.search(r"\s*\(at line (\d+), column (\d+)\)\s*$", message)
    if m:
        line, column = int(m.group(1)), int(m.group(2))
        what = _("not valid TOML: a mistake at line {line}, column {column} ({detail})").format(
            line=line, column=column, detail=message[: m.start()])
        return v.scenario_error(file, f"line {line}", what, line=line)
    m = re.search(r"\s*\(at end of document\)\s*$", message)
    if m:
        line = text.count("\n") + 1
        what = _("not valid TOML: the file ends too soon, at line {line} ({detail})").format(
            line=line, detail=message[: m.start()])
        return v.scenario_error(file, f"line {line}", what, line=line)
    return v.scenario_error(file, "file", _("not valid TOML ({detail})").format(detail=message))


def _file_error(file: str, what: str) -> ScenarioError:
    return v.scenario_error(file, "file", what)


def _from_invalid(file: str, e: v.Invalid) -> ScenarioError:
    """The ScenarioError of an :class:`~unoparty.scenarios.values.Invalid`."""
    if e.step is not None:
        return v.scenario_error(file, e.where, e.what, step=e.step, key=e.key or None, problem=e.problem)
    return v.scenario_error(file, e.where, e.what, key=e.where or None)


def _unknown_key(known: tuple[str, ...], key: str | None = None) -> str:
    """"unknown key (known: a, b)", or with the key named: "unknown key 'x' (known: a, b)"."""
    if key is None:
        return _("unknown key (known: {known})").format(known=", ".join(known))
    return _("unknown key {key} (known: {known})").format(key=repr(key), known=", ".join(known))


def load_scenario(path: str | Path) -> Scenario:
    """Read, validate and return the scenario file at `path`.

    The table is checked by setting it up once with the engine (``Game.from_setup``), so a
    table the engine refuses makes the file invalid.

    Raises:
        ScenarioError: the file cannot be read, is not TOML, or is not a valid format 1
            scenario (``.where`` is ``"file"``, ``"line N"``, a top-level key,
            ``"setup.KEY"`` or ``"step N"``).
    """
    name = str(path)
    p = Path(path)
    try:
        if p.is_dir():
            raise _file_error(name, _("is a directory, not a scenario file"))
        with p.open("rb") as f:
            data = f.read(MAX_BYTES + 1)  # no more than one byte past the limit is read
    except ScenarioError:
        raise
    except FileNotFoundError:
        raise _file_error(name, _("no such file")) from None
    except PermissionError:
        raise _file_error(name, _("cannot be read (permission denied)")) from None
    except OSError as e:
        raise _file_error(name, _("cannot be read ({reason})").format(reason=e.strerror or e)) from None
    return loads_scenario(data, name)


def _too_big(file: str) -> ScenarioError:
    return _file_error(file, _("is too big for a scenario file: at most {n} MB").format(n=MAX_BYTES // 1_000_000))


def _text_of(data: bytes, file: str) -> str:
    """The UTF-8 text of a file's bytes, or one ScenarioError sentence: too big, binary, not UTF-8."""
    if len(data) > MAX_BYTES:
        raise _too_big(file)
    if b"\0" in data:  # no text file holds a NUL byte: an image, an archive, a notebook's output…
        raise _file_error(file, _("is not a text file (it holds binary data): a scenario file is TOML text"))
    try:
        return data.decode("utf-8-sig")  # a byte-order mark (as Windows editors save) is fine
    except UnicodeDecodeError:
        raise _file_error(file, _("is not UTF-8 text")) from None


# A key of more parts than a file may nest (``a.b.c…``): refused before tomllib reads it,
# whose time grows with the square of a dotted key's length (10,000 parts: seconds).
# (Each part is read once: a bare part only from its first character, never backtracked.)
_LONG_DOTTED_KEY = re.compile(
    r"""(?<![A-Za-z0-9_-])(?:(?:[A-Za-z0-9_-]++|"[^"\n]*+"|'[^'\n]*+')[ \t]*+\.[ \t]*+){%d,}""" % (4 * 16))


def _too_deep(doc: Any) -> bool:
    """Whether arrays and tables nest deeper than MAX_DEPTH in `doc` (without recursion)."""
    todo = [(doc, 1)]
    while todo:
        value, depth = todo.pop()
        if depth > MAX_DEPTH:
            return True
        children = value.values() if isinstance(value, dict) else value
        todo += [(c, depth + 1) for c in children if isinstance(c, (dict, list))]
    return False


def loads_scenario(text: str | bytes, file: str = "<scenario>") -> Scenario:
    """Like :func:`load_scenario`, from TOML text or a file's bytes (an upload); `file` names
    it in errors.

    Raises:
        ScenarioError: as :func:`load_scenario`; one sentence naming `file` for anything that
            is not a scenario: more than `MAX_BYTES` (1 MB), binary data or not UTF-8 (bytes),
            not TOML, arrays and tables nested deeper than `MAX_DEPTH` (16), a bad key or value.
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        text = _text_of(bytes(text), file)
    elif len(text) > MAX_BYTES and len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise _too_big(file)
    try:
        doc = None if _LONG_DOTTED_KEY.search(text) else tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise _toml_error(e, text, file) from None
    except RecursionError:  # tomllib reads nested arrays and inline tables recursively
        doc = None
    except (ValueError, TypeError) as e:  # never Python's words alone
        raise _file_error(file, _("not valid TOML ({detail})").format(detail=e)) from None
    if doc is None or _too_deep(doc):
        raise _file_error(file, _("arrays or tables are nested too deeply (at most {n} levels)").format(n=MAX_DEPTH))
    try:
        return _build(doc, file)
    except v.Invalid as e:
        raise _from_invalid(file, e) from None


def _build(doc: dict[str, Any], file: str) -> Scenario:
    if "groups" in doc and "setup" not in doc:
        raise _Invalid("groups", _("this is a curriculum, not a scenario (check its lessons with 'unoparty lessons check')"))
    for key in doc:
        if key not in TOP_KEYS:
            raise _Invalid(key, _unknown_key(TOP_KEYS))
    for key in REQUIRED_TOP:
        if key not in doc:
            raise _Invalid(key, _("required key missing"))
    fmt = doc["format"]
    if type(fmt) is not int or fmt != 1:
        raise _Invalid("format", _("must be 1 (this version reads format 1), not {value}").format(value=repr(fmt)))
    sid = doc["id"]
    v.want("id", sid, "text")
    if not _ID.fullmatch(sid):
        raise _Invalid("id", _("must be a slug of a-z, 0-9 and '-': {value}").format(value=repr(sid)))
    title = doc["title"]
    v.want("title", title, "text")
    if not title.strip() or "\n" in title.strip():
        raise _Invalid("title", _("must be one non-empty line"))
    lesson = doc.get("lesson")
    if lesson is not None:
        v.want("lesson", lesson, "text")
    rule_set = doc.get("rules", "party")
    v.want("rules", rule_set, "text")
    if rule_set not in RULE_SETS:
        raise _Invalid("rules", _("must be 'party' or 'classic', not {value}").format(value=repr(rule_set)))
    options = doc.get("options", {})
    v.want("options", options, "a table")
    for key in options:
        if key not in OPTION_KEYS:
            raise _Invalid(f"options.{key}", _("unknown option (known: {known})").format(known=", ".join(OPTION_KEYS)))
    for key, value in options.items():
        if key == "target_score":
            v.want(f"options.{key}", value, "a whole number")
            if value < 1:
                raise _Invalid("options.target_score", _("must be at least 1, not {value}").format(value=value))
        else:
            v.want(f"options.{key}", value, "true or false")
    try:
        rules = Rules.from_dict(rule_set, options)
    except ValueError as e:
        raise _Invalid("options", str(e)) from None

    setup_doc = doc["setup"]
    v.want("setup", setup_doc, "a table")
    setup = _setup(setup_doc, rules)

    steps_doc = doc.get("steps", [])
    if not isinstance(steps_doc, list) or not all(isinstance(s, dict) for s in steps_doc):
        raise _Invalid("steps", _("must be an array of tables ([[steps]])"))
    steps = tuple(_step(i + 1, s, setup.players) for i, s in enumerate(steps_doc))

    if "learner" in doc:
        learner: str | None = v.known_name("learner", doc["learner"], setup.players)
    else:
        learner = "You" if "You" in setup.players else None

    reshuffles_doc = doc.get("reshuffles", [])
    v.want("reshuffles", reshuffles_doc, "a list")
    reshuffles = []
    for i, pile in enumerate(reshuffles_doc):
        where = f"reshuffles[{i + 1}]"
        cards = v.cards(where, pile)
        if not cards:
            raise _Invalid(where, _("a reshuffle makes a draw pile of at least one card"))
        reshuffles.append(cards)
    return Scenario(id=sid, title=tr_text(title.strip()), lesson=lesson, rules=rules, setup=setup, steps=steps,
                    path=file, learner=learner, reshuffles=tuple(reshuffles))


# ---------------------------------------------------------------------------------------
# [setup]


def _setup(doc: dict[str, Any], rules: Rules) -> Setup:
    """The keys and the type of each value are read here; what a table may be (players and
    names, S-1; a hand for each; the colour of the top card; the deck's copies; links;
    scores) is checked once, by the engine setting it up (``Game.from_setup``)."""
    from ..game import Game  # the engine is imported only when a table is checked

    for key in doc:
        if key not in SETUP_KEYS:
            raise _Invalid(f"setup.{key}", _unknown_key(SETUP_KEYS))
    for key in REQUIRED_SETUP:
        if key not in doc:
            raise _Invalid(f"setup.{key}", _("required key missing"))

    players = doc["players"]
    v.want("setup.players", players, "a list")
    for name in players:
        v.want("setup.players", name, "text")
    hands_doc = doc["hands"]
    v.want("setup.hands", hands_doc, "a table")
    hands = {who: v.cards("setup.hands", cards) for who, cards in hands_doc.items()}
    turn = doc["turn"]
    v.want("setup.turn", turn, "text")
    direction = v.direction("setup.direction", doc.get("direction", "clockwise"))
    discard = v.cards("setup.discard_pile", doc["discard_pile"])
    colour = v.colour("setup.colour", doc["colour"]) if "colour" in doc else None
    colour_to_choose = doc.get("colour_to_choose", False)
    v.want("setup.colour_to_choose", colour_to_choose, "true or false")
    draw = v.cards("setup.draw_pile", doc.get("draw_pile", []))
    rest = doc.get("rest", "shuffled")
    v.want("setup.rest", rest, "text")
    seed = doc.get("seed", 0)
    v.want("setup.seed", seed, "a whole number")
    links = doc.get("links", [])
    v.want("setup.links", links, "a list")
    for name in links:
        v.want("setup.links", name, "text")
    scores = doc.get("scores", {})
    v.want("setup.scores", scores, "a table")
    for pts in scores.values():
        v.want("setup.scores", pts, "a whole number")

    try:
        Game.from_setup(players, hands, turn, discard, draw, rules=rules, direction=direction, colour=colour,
                        rest=rest, seed=seed, links=links, scores=scores, colour_to_choose=colour_to_choose)
    except SetupError as e:
        raise _Invalid(f"setup.{e.key}", v.worded(e.words or e.what)) from None
    except (UnopartyError, ValueError) as e:
        raise _Invalid("setup", str(e)) from None

    names = tuple(players)
    return Setup(
        players=names, hands=tuple(hands[name] for name in names), turn=turn, direction=direction,
        discard_pile=discard, colour=colour, draw_pile=draw, rest=rest, seed=seed, links=tuple(links),
        scores=MappingProxyType(dict(scores)), colour_to_choose=colour_to_choose,
    )


# ---------------------------------------------------------------------------------------
# [[steps]]: each reader raises Invalid(where in the step, what); `_step` adds "step N"


def _moves(key: str, value: Any, names: tuple[str, ...], *,
           single: bool = False) -> tuple[tuple[str, ...], tuple[Move, ...]]:
    if isinstance(value, str):
        texts = (value,)
    elif isinstance(value, list) and not single:
        if not value:
            raise _Invalid(key, _("needs at least one move"))
        for x in value:
            if not isinstance(x, str):
                raise _Invalid(key, _("a move must be text, not {found}").format(found=v.type_name(x)))
        texts = tuple(value)
    else:
        found = v.type_name(value)
        raise _Invalid(key, (_("must be a move (text), not {found}") if single else
                             _("must be a move or a list of moves (text), not {found}")).format(found=found))
    moves: list[Move] = []
    for t in texts:
        try:
            moves.append(parse_move(t, names))
        except MoveSyntaxError as e:
            raise _Invalid(key, _("{error} in {move}").format(error=v.worded(e), move=repr(t))) from None
    return texts, tuple(moves)


def _text(key: str, value: Any) -> str:
    """A text a learner reads, translated into the current language (`unoparty.i18n`; the
    lesson files' texts are extracted into the catalogue by `unoparty.extract.extract_lessons`)."""
    v.want(key, value, "text")
    return tr_text(value)


def _step(number: int, doc: dict[str, Any], names: tuple[str, ...]) -> Step:
    try:
        return _read_step(number, doc, names)
    except v.Invalid as e:
        what = _("{key}: {what}").format(key=e.where, what=e.what) if e.where else e.what
        raise _Invalid(f"step {number}", what, step=number, key=e.where, problem=e.what) from None


def _read_step(number: int, doc: dict[str, Any], names: tuple[str, ...]) -> Step:
    for key in doc:
        if key not in STEP_KEYS:
            raise _Invalid("", _unknown_key(STEP_KEYS, key))
    if "do" in doc and "task" in doc:
        raise _Invalid("", _("a step may not have both 'do' and 'task'"))
    for key in ("answer", "hint", "feedback", "mistakes"):
        if key in doc and "task" not in doc:
            raise _Invalid("", _("'{key}' needs 'task'").format(key=key))
    if "task" in doc and "answer" not in doc:
        raise _Invalid("", _("'task' needs 'answer' (the accepted move or moves)"))

    say = _text("say", doc["say"]) if "say" in doc else None
    do_texts, moves = _moves("do", doc["do"], names) if "do" in doc else ((), ())
    task = _text("task", doc["task"]) if "task" in doc else None
    answers, answer_moves = _moves("answer", doc["answer"], names) if "answer" in doc else ((), ())
    hint = _text("hint", doc["hint"]) if "hint" in doc else None
    feedback = _text("feedback", doc["feedback"]) if "feedback" in doc else None

    mistakes = []
    if "mistakes" in doc:
        mdoc = doc["mistakes"]
        if not isinstance(mdoc, list) or not all(isinstance(m, dict) for m in mdoc):
            raise _Invalid("mistakes", _("must be a list of tables {example}").format(
                example='{ answer = "<move>", say = "..." }'))
        for i, m in enumerate(mdoc, 1):
            key = f"mistakes[{i}]"
            for k in m:
                if k not in MISTAKE_KEYS:
                    raise _Invalid(key, _unknown_key(MISTAKE_KEYS, k))
            if "answer" not in m:
                raise _Invalid(key, _("'answer' missing"))
            if "say" not in m:
                raise _Invalid(key, _("'say' missing (what to tell the learner)"))
            (text,), (move,) = _moves(f"{key}.answer", m["answer"], names, single=True)
            if move in answer_moves:
                raise _Invalid(key, _("{move} is also an accepted answer").format(move=repr(text)))
            msay = _text(f"{key}.say", m["say"])
            rule = v.rule_id(f"{key}.rule", m["rule"]) if "rule" in m else None
            mistakes.append(Mistake(answer=text, move=move, say=msay, rule=rule))

    teaches: tuple[str, ...] = ()
    if "teaches" in doc:
        tdoc = doc["teaches"]
        if not isinstance(tdoc, list):
            raise _Invalid("teaches", _("must be a list of rule ids, not {found}").format(found=v.type_name(tdoc)))
        teaches = tuple(v.rule_id("teaches", rid) for rid in tdoc)

    expect: dict[str, Any] = {}
    if "expect" in doc:
        expect = read_expect(doc["expect"], names)
        if expect.get("refused") is True and not ("do" in doc and len(moves) == 1):
            raise _Invalid("", _("'refused' needs a single move in 'do'"))
        if "reason" in expect and expect.get("refused") is not True:
            raise _Invalid("", _("'reason' needs 'refused = true'"))

    return Step(
        number=number, say=say, do=do_texts, moves=moves, task=task, answers=answers,
        answer_moves=answer_moves, hint=hint, feedback=feedback, mistakes=tuple(mistakes),
        teaches=teaches, expect=MappingProxyType(expect),
    )
