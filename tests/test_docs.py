"""The documents shipped with the repository match the project's shared originals."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


def test_scenario_format_copy_is_current() -> None:
    original = SHARED / "SCENARIO_FORMAT.md"
    if not original.exists():
        pytest.skip("../shared/SCENARIO_FORMAT.md is not beside this checkout")
    assert (ROOT / "docs" / "SCENARIO_FORMAT.md").read_text() == original.read_text()


def test_scenario_format_example_passes_the_check(tmp_path) -> None:
    """The example in the format's own document is a valid, passing scenario."""
    from unoparty.scenarios import check_file
    text = (ROOT / "docs" / "SCENARIO_FORMAT.md").read_text()
    start = text.index("```toml") + len("```toml")
    example = text[start:text.index("```", start)]
    path = tmp_path / "example.toml"
    path.write_text(example)
    result = check_file(str(path))
    assert result.line == f"ok {path}", result.line
