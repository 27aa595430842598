"""The build, for the compiled engine only: pyproject.toml holds everything else.

By default (``pip install .``, ``pip install -e .``, ``make app``, ``make test``, the static
site's wheel) unoparty is pure Python. With ``UNOPARTY_MYPYC=1`` the core modules below are
compiled with mypyc and the machine's C compiler into extension modules beside their
sources — as mypy and black ship theirs (``make fast``, the release wheels of
``.github/workflows/wheels.yml``). That build needs mypy (which brings mypyc) installed in
the build environment: ``pip wheel --no-build-isolation`` after ``pip install mypy``.
The shared helper library mypyc makes is named inside the package
(``unoparty._engine__mypyc``), not a hash at the top level of site-packages.
"""

from __future__ import annotations

import os

from setuptools import setup

# The core the engine runs on every move (issue 20). Not compiled: the classes a learner builds
# — moves, events, `Rules` (a compiled class checks its fields' types at construction with
# the compiler's message, "bool object expected; got str", before our own checks can name
# the field: `why_illegal`, `Rules.__post_init__`; and `Rules(without="point taken")` reads
# a name), the errors, `game` (its generator subclasses `random.Random`, and its
# constructors' arguments are a learner's) and everything outside the engine. What `Game`
# runs on every move (`legal_moves`, `apply`, `phase`, `current`) is `GameCore`'s, compiled.
COMPILED = [
    "unoparty/cards.py",
    "unoparty/engine/game_core.py",
    "unoparty/engine/state.py",
    "unoparty/engine/refusals.py",
    "unoparty/engine/legal.py",
    "unoparty/engine/effects.py",
    "unoparty/engine/setup.py",
    "unoparty/engine/shared.py",
]

ext_modules = []
if os.environ.get("UNOPARTY_MYPYC") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3", group_name="unoparty._engine")

setup(ext_modules=ext_modules)
