"""Files that are no scenario at all (issue 19): deeply nested, binary, too big or malformed
— one ScenarioError sentence naming the file (SCENARIO_FORMAT.md "Limits"), never Python's
words (`RecursionError: maximum recursion depth exceeded` used to reach the CLI and the app).
`unoparty scenario check` prints it as one INVALID line and exits 2."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from unoparty.cli import main
from unoparty.errors import ScenarioError
from unoparty.scenarios import check_file, load_scenario, loads_scenario
from unoparty.scenarios.loader import MAX_BYTES, MAX_DEPTH

LESSON = (Path(__file__).resolve().parents[1] / "unoparty" / "lessons" / "skip.toml").read_text(encoding="utf-8")
DEEP = "arrays or tables are nested too deeply (at most 16 levels)"

BAD_TEXTS = {
    "nested arrays": ("x = " + "[" * 10_000 + "]" * 10_000 + "\n", DEEP),
    "nested inline tables": ("x = " + "{a = " * 10_000 + "1" + "}" * 10_000 + "\n", DEEP),
    "nested arrays in a hand": (LESSON.replace("[setup.hands]", "[setup.hands]\nZed = " + "[" * 10_000 + "]" * 10_000, 1), DEEP),
    "a long dotted key": ("x." + ".".join(["a"] * 10_000) + " = 1\n", DEEP),
    "a long table header": ("[" + ".".join(["a"] * 10_000) + "]\n", DEEP),
    "17 levels": ("x = " + "[" * 16 + "]" * 16 + "\n", DEEP),
    "too big": (LESSON + "#" * MAX_BYTES + "\n", "is too big for a scenario file: at most 1 MB"),
}


@pytest.mark.parametrize("name", BAD_TEXTS)
def test_a_file_that_is_no_scenario_is_one_sentence_naming_it(name, tmp_path) -> None:
    text, words = BAD_TEXTS[name]
    with pytest.raises(ScenarioError) as info:
        loads_scenario(text, "upload.toml")
    assert str(info.value) == f"upload.toml: file: {words}"
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert str(info.value) == f"{path}: file: {words}"
    with pytest.raises(ScenarioError) as info:  # an upload's bytes
        loads_scenario(text.encode(), "upload.toml")
    assert info.value.what == words


def test_nesting_up_to_the_limit_is_read() -> None:
    """16 levels (the file's top level counting as one) are fine: the file is then refused
    only for its unknown key."""
    with pytest.raises(ScenarioError) as info:
        loads_scenario("x = " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "\n", "ok.toml")
    assert info.value.where == "x" and "unknown key" in info.value.what
    loads_scenario(LESSON + "#" * (MAX_BYTES - len(LESSON.encode()) - 1) + "\n", "just-fits.toml")


@pytest.mark.parametrize("data, words", [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), "is not a text file (it holds binary data)"),
    (LESSON.encode() + b"\x00", "is not a text file (it holds binary data)"),
    (b'format = 1\ntitle = "caf\xe9"\n', "is not UTF-8 text"),
])
def test_a_binary_file_is_one_sentence_naming_it(data, words, tmp_path) -> None:
    path = tmp_path / "picture.toml"
    path.write_bytes(data)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert info.value.file == str(path) and info.value.where == "file" and info.value.what.startswith(words)
    with pytest.raises(ScenarioError) as info:
        loads_scenario(data, "upload.toml")
    assert info.value.what.startswith(words)


def test_a_file_far_too_big_is_not_read_whole(tmp_path) -> None:
    path = tmp_path / "huge.toml"
    with path.open("wb") as f:
        f.truncate(200 * MAX_BYTES)  # sparse: 200 MB of NUL bytes, not read
    with pytest.raises(ScenarioError, match="too big"):
        load_scenario(path)


def test_scenario_check_prints_one_line_per_bad_file_and_exits_2(tmp_path) -> None:
    files = []
    for i, (text, _words) in enumerate(BAD_TEXTS.values()):
        files.append(tmp_path / f"bad-{i}.toml")
        files[-1].write_text(text, encoding="utf-8")
    files.append(tmp_path / "binary.toml")
    files[-1].write_bytes(b"\x00\x01\x02")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["scenario", "check", *map(str, files)])
    assert code == 2 and err.getvalue() == ""
    lines = out.getvalue().splitlines()
    words = [w for _t, w in BAD_TEXTS.values()] + ["is not a text file"]
    assert len(lines) == len(files)
    for line, f, w in zip(lines, files, words):
        assert line.startswith(f"INVALID {f}: file: {w}") and "Error" not in line
    assert all(check_file(f).exit_code == 2 for f in files[:1])


def test_the_new_sentences_follow_the_language(monkeypatch) -> None:
    from unoparty import i18n

    class Marking:  # marks every message translated: ⟨…⟩
        def gettext(self, message):
            return f"⟨{message}⟩"

        def ngettext(self, one, many, n):
            return f"⟨{one if n == 1 else many}⟩"

    monkeypatch.setattr(i18n, "_translation", Marking())
    for text, _words in (BAD_TEXTS["nested arrays"], BAD_TEXTS["too big"]):
        with pytest.raises(ScenarioError) as info:
            loads_scenario(text, "t.toml")
        assert info.value.what.startswith("⟨") and info.value.what.endswith("⟩")
    with pytest.raises(ScenarioError) as info:
        loads_scenario(b"\x00", "t.toml")
    assert info.value.what.startswith("⟨is not a text file")
