"""The engine's rule scenarios (tests/scenarios/engine/*.toml), checked with the scenario
runner (`unoparty scenario check`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from unoparty.rulebook import RULES
from unoparty.scenarios import check_file, load_scenario

ENGINE = Path(__file__).parent / "scenarios" / "engine"
FILES = sorted(ENGINE.glob("*.toml"))


def test_engine_scenarios_exist():
    assert len(FILES) >= 7


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_engine_scenario_passes(path):
    """Every engine scenario passes `scenario check` (every expectation holds, every refusal
    names the expected rule)."""
    result = check_file(path)
    assert result.status == "ok", result.line


def test_engine_scenarios_teach_known_rule_ids():
    """Each engine scenario names (in `teaches` or its title) only rule ids of RULES.md."""
    for path in FILES:
        sc = load_scenario(path)
        for step in sc.steps:
            for rid in step.teaches:
                assert rid in RULES, (path.name, rid)


def test_engine_scenarios_check_from_the_command_line():
    """`python -m unoparty scenario check FILE...` exits 0 and prints one ok line per file."""
    out = subprocess.run([sys.executable, "-m", "unoparty", "scenario", "check", *map(str, FILES)],
                         capture_output=True, text=True, cwd=Path(__file__).parent.parent)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.count("ok ") == len(FILES)
