"""The documents shipped with the repository match the project's shared originals."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


def test_scenario_format_copy_keeps_every_line_of_the_shared_original() -> None:
    original = SHARED / "SCENARIO_FORMAT.md"
    if not original.exists():
        pytest.skip("../shared/SCENARIO_FORMAT.md is not beside this checkout")
    # The project may add to the contract, never change it: every line of the shared
    # original is in our copy, in the same order (keys and lines added between them).
    ours = iter((ROOT / "docs" / "SCENARIO_FORMAT.md").read_text().splitlines())
    for line in original.read_text().splitlines():
        assert any(mine == line for mine in ours), f"changed or missing from docs/SCENARIO_FORMAT.md: {line!r}"


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
