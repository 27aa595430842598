"""The Binder files (issue 13): ``binder/environment.yml`` parses, pins Python and lists
exactly the app's dependencies (pyproject's ``app`` extra); ``binder/postBuild`` compiles
the catalogues and installs the package."""

from __future__ import annotations

import os
import re
import subprocess
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def name_of(requirement: str) -> str:
    return re.split(r"[<>=!~ \[;]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def test_binder_environment_lists_the_app_dependencies() -> None:
    env = yaml.safe_load((ROOT / "binder" / "environment.yml").read_text(encoding="utf-8"))
    deps = [d for d in env["dependencies"] if isinstance(d, str)]
    python = [d for d in deps if name_of(d) == "python"]
    assert python and re.fullmatch(r"python=3\.\d+", python[0]), python
    app = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["app"]
    listed = {name_of(d) for d in deps} - {"python", "pip"}
    assert listed == {name_of(r) for r in app}
    # the same version bounds as the extra (ipywidgets>=8); conda packages have no pip extras
    # (psycopg[binary] is conda-forge's psycopg)
    assert {d.replace(" ", "") for d in deps} >= {re.sub(r"\[[^]]*\]", "", r.replace(" ", ""))
                                                  for r in app if any(c in r for c in "<>=")}


def test_binder_post_build_installs_the_package() -> None:
    script = ROOT / "binder" / "postBuild"
    text = script.read_text(encoding="utf-8")
    assert os.access(script, os.X_OK) and text.startswith("#!/usr/bin/env bash\n")
    assert "set -euo pipefail" in text
    assert "pybabel compile -d unoparty/locale -D unoparty" in text
    assert re.search(r"pip install .*\.\s*$", text, re.M)
    assert text.index("pybabel compile") < text.index("pip install")
    assert subprocess.run(["bash", "-n", str(script)]).returncode == 0
