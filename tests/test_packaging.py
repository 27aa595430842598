"""Packaging, the quick start, CI and the view-free core (DESIGN.md)."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "unoparty"

# The view-free core: cards, rules, engine, game, bots, scenarios, narration (DESIGN.md
# "Layout"). These must import, today, without widgets ...
CORE_REQUIRED = [
    "unoparty",
    "unoparty.errors",
    "unoparty.i18n",
    "unoparty.cards",
    "unoparty.rules",
    "unoparty.engine",
]
# ... and so must every module of these that exists (they are being written).
CORE_PLACES = ["engine", "bots", "scenarios", "game.py", "narrate.py", "move_words.py"]
WIDGET_MODULES = ["ipywidgets", "voila"]


def core_modules() -> list[str]:
    names = list(CORE_REQUIRED)
    for place in CORE_PLACES:
        path = PACKAGE / place
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.is_file() else []
        for file in files:
            parts = file.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            name = ".".join(parts)
            if name not in names:
                names.append(name)
    return names


def test_core_imports_without_widgets() -> None:
    """Importing the engine (and the rest of the core) in a fresh interpreter loads no
    widget library (DESIGN.md: view-free core)."""
    modules = core_modules()
    code = (
        "import importlib, json, sys\n"
        f"watch = {WIDGET_MODULES!r}\n"
        "report = {}\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "    report[name] = [w for w in watch if w in sys.modules]\n"
        "print(json.dumps(report))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert list(report) == modules
    leaks = {name: loaded for name, loaded in report.items() if loaded}
    assert not leaks, f"the core loads widget modules (first culprit first): {leaks}"


def test_core_list_covers_the_engine() -> None:
    assert "unoparty.engine.moves" in core_modules()
    assert "unoparty.cards" in core_modules()


def unoparty_script() -> metadata.EntryPoint:
    found = [ep for ep in metadata.entry_points(group="console_scripts") if ep.name == "unoparty"]
    assert len(found) == 1, f"expected one 'unoparty' console script, found {found}"
    return found[0]


def test_console_script_is_registered() -> None:
    ep = unoparty_script()
    assert ep.value == "unoparty.cli:main"
    assert ep.dist is not None and ep.dist.name == "unoparty"


def test_console_script_is_installed_beside_python() -> None:
    scripts = {Path(sys.executable).parent, Path(sysconfig.get_path("scripts"))}
    found = [shutil.which("unoparty", path=str(d)) for d in scripts]
    assert any(found), f"no 'unoparty' script in {sorted(map(str, scripts))}"


def test_console_script_loads() -> None:
    if not (PACKAGE / "cli.py").exists():
        pytest.skip("unoparty/cli.py is not written yet")
    main = unoparty_script().load()
    assert callable(main)


def test_distribution_metadata() -> None:
    dist = metadata.distribution("unoparty")
    import unoparty

    assert dist.version == unoparty.__version__
    assert dist.metadata["Requires-Python"] == ">=3.11"
    assert {"app", "test", "bench"} <= set(dist.metadata.get_all("Provides-Extra") or [])
    core = [req for req in dist.requires or [] if "extra ==" not in req]
    assert core == [], f"the core must need only the standard library, not {core}"
    app = [req for req in dist.requires or [] if 'extra == "app"' in req]
    assert any(req.startswith("ipywidgets") for req in app)
    assert any(req.startswith("voila") for req in app)


# The README's quick start -----------------------------------------------------------

def readme_section(title: str) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"README.md has no '## {title}' section"
    return match.group(1)


def commands_in(section: str) -> list[str]:
    blocks = re.findall(r"^```[a-z]*\n(.*?)^```", section, re.M | re.S)
    commands = []
    for block in blocks:
        for line in block.splitlines():
            line = line.split("#", 1)[0].strip().removeprefix("$ ").strip()
            if line:
                commands.append(line)
    return commands


def test_readme_quick_start_is_exactly_two_commands() -> None:
    section = readme_section("Quick start")
    assert commands_in(section) == ["make app", "make test"]
    assert "http://127.0.0.1:8866/" in section
    assert "PORT=9000 make app" in section


# The Makefile ---------------------------------------------------------------------

def make(*args: str) -> subprocess.CompletedProcess[str]:
    if shutil.which("make") is None:
        pytest.fail("make is not installed")
    # Run as from a plain shell, even when the suite itself runs under `make test`.
    drop = {"MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "PORT", "JOBS", "MAIN_JOBS", "PYTHON"}
    env = {key: value for key, value in os.environ.items() if key not in drop}
    return subprocess.run(
        ["make", "--no-print-directory", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )


def test_make_app_serves_the_landing_notebook_on_port() -> None:
    done = make("-n", "app", "PORT=9000")
    assert done.returncode == 0, done.stderr
    assert re.search(
        r'unoparty app --port=9000 --ip=127\.0\.0\.1 --pool-size=\d+ ',
        done.stdout,
    ), done.stdout
    assert '--notebook "unoparty/app/Start here.ipynb"' in done.stdout
    assert "--cull-idle=" in done.stdout and "--cull-interval=" in done.stdout


def test_make_app_without_the_notebook_says_so() -> None:
    done = make("app", "APP_NOTEBOOK=notebooks/no such notebook.ipynb")
    assert done.returncode != 0
    assert "not built yet" in done.stdout
    assert "voila" not in done.stdout


def test_make_test_runs_pytest_on_three_then_two_workers() -> None:
    """The main run on three workers (its tests wait a third of their time), the browser run on two."""
    done = make("-n", "test")
    assert done.returncode == 0, done.stderr
    assert '.venv/bin/python -m pytest -n 3 --dist worksteal -p no:nbval -m "not browser and not soak" tests unoparty' \
        in done.stdout
    # the browser tests by group (a server of their own starts on one worker), the soak ones left out
    # the journeys only: the wider matrix is make test-wide's (tests marked wide)
    assert '.venv/bin/python -m pytest -n 2 --dist loadgroup -p no:nbval -m "browser and not wide and not soak" tests' \
        in done.stdout
    assert "--nbval-lax notebooks/" in done.stdout
    assert "-m soak" not in done.stdout
    # the fourth step: the type check (its failure fails `make test` like the pytest runs)
    assert ".venv/bin/mypy --strict unoparty || st=1" in done.stdout, done.stdout
    assert re.search(r"\.venv/bin/mypy (?!--strict)", done.stdout) is None   # no plain run left (issue 18)
    # the notebooks and the type check run beside the browser tests; their failure counts
    assert "exit $st ) >\"$besidelog\" 2>&1 & besidepid=$!" in done.stdout
    assert "wait $besidepid || status=1" in done.stdout


def test_make_typecheck_runs_mypy_strict_over_the_whole_package() -> None:
    """Issue 18: one strict run over the package, the views included; no plain run left."""
    done = make("-n", "typecheck")
    assert done.returncode == 0, done.stderr
    assert ".venv/bin/mypy --strict unoparty || status=1" in done.stdout, done.stdout
    assert re.search(r"\.venv/bin/mypy (?!--strict)", done.stdout) is None


NOT_YET_STRICT: tuple[str, ...] = ()   # issue 18: every module is strict, the views too


def test_mypy_strict_covers_every_module() -> None:
    """Issue 18: `make typecheck`'s strict run names every module of the package (a new one
    cannot slip out of it), and no module is hidden by a ``follow_imports = "silent"``
    override in pyproject.toml."""
    import fnmatch
    import tomllib

    done = make("-n", "typecheck")
    strict = re.search(r"\.venv/bin/mypy --strict (.+?) \|\| status=1", done.stdout)
    assert strict is not None, done.stdout
    core = strict.group(1).split()
    modules = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "unoparty").rglob("*.py"))
    left_out = [m for m in modules if not (NOT_YET_STRICT and m.startswith(NOT_YET_STRICT))
                and not any(m == c or m.startswith(c.rstrip("/") + "/") for c in core)]
    assert left_out == [], f"left out of the Makefile's TYPED: {left_out}"
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    silent = [pattern for o in config["tool"]["mypy"]["overrides"] if o.get("follow_imports") == "silent"
              for pattern in ([o["module"]] if isinstance(o["module"], str) else o["module"])]
    names = [m[:-len(".py")].replace("/", ".").removesuffix(".__init__") for m in modules
             if any(m == c or m.startswith(c.rstrip("/") + "/") for c in core)]
    hidden = sorted({n for n in names for pattern in silent
                     if fnmatch.fnmatchcase(n, pattern) or fnmatch.fnmatchcase(n, pattern.removesuffix(".*"))})
    assert hidden == [], f"strict modules under a follow_imports = \"silent\" override: {hidden}"
    assert silent == [], f"no follow_imports = \"silent\" override is left (issue 18): {silent}"


def test_make_soak_runs_only_the_soak_tests_outside_make_test() -> None:
    done = make("-n", "soak")
    assert done.returncode == 0, done.stderr
    assert ".venv/bin/python -m pytest -n 2 -m soak tests" in done.stdout
    assert "make soak" in make("help").stdout


# CI ---------------------------------------------------------------------------------

def test_ci_run_is_strict_bash() -> None:
    script = ROOT / ".ci" / "run"
    text = script.read_text(encoding="utf-8")
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "set -euo pipefail" in text
    assert script.stat().st_mode & stat.S_IXUSR
    assert subprocess.run(["bash", "-n", str(script)]).returncode == 0


def test_ci_run_calls_make_test_with_the_browser_required(tmp_path: Path) -> None:
    """Run .ci/run with stand-ins for make and apt-get: it calls `make test` (then `make
    test-wide`, `make test-fast` and `make test-site`) from the repo root with UNOPARTY_REQUIRE_BROWSER=1 (and installs chromium only if it is missing)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "calls.log"
    for tool in ("make", "apt-get"):
        stand_in = bin_dir / tool
        stand_in.write_text(
            "#!/bin/sh\n"
            f'echo "{tool} $* | cwd=$(pwd) | require=${{UNOPARTY_REQUIRE_BROWSER:-}}" >> "{log}"\n'
        )
        stand_in.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "CI": "true"}
    env.pop("UNOPARTY_REQUIRE_BROWSER", None)
    done = subprocess.run(
        ["bash", str(ROOT / ".ci" / "run")],
        cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    calls = log.read_text().splitlines()
    makes = [c for c in calls if c.startswith("make ")]
    # then the wider browser matrix (make test-wide), the compiled engine's tests (make test-fast, issue 20) and the static site's
    assert makes == [f"make test | cwd={ROOT} | require=1", f"make test-wide | cwd={ROOT} | require=1",
                     f"make test-fast | cwd={ROOT} | require=1", f"make test-site | cwd={ROOT} | require=1"]
    apt = [c for c in calls if c.startswith("apt-get")]
    browsers = ("chromium", "chromium-headless-shell")
    missing = [b for b in browsers if not os.access(f"/usr/bin/{b}", os.X_OK)]
    if not missing:
        assert apt == []
    else:
        installs = [c.split(" | ")[0].split() for c in apt if " install " in c]
        assert installs and all(b in installs[0] for b in missing)
        assert not [b for b in browsers if b not in missing and b in installs[0]]


# The browser tests' tooling --------------------------------------------------------

def test_playwright_drives_debian_chromium(page, request: pytest.FixtureRequest) -> None:
    """pytest-playwright launches Debian's Chromium (tests/conftest.py: its headless shell
    where installed, else /usr/bin/chromium) and can click; a
    test that uses the `page` fixture is marked `browser` without saying so."""
    assert request.node.get_closest_marker("browser") is not None
    from tests.conftest import CHROMIUM
    assert "chromium" in page.context.browser.browser_type.name
    if os.environ.get("CI"):   # .ci/run installs the headless shell: CI runs the tests in it
        assert CHROMIUM.name == "chromium-headless-shell"
    page.set_content(
        "<button onclick=\"this.textContent = 'clicked'\" style='width:120px;height:40px'>"
        "play</button>"
    )
    page.click("button")
    assert page.text_content("button") == "clicked"
