"""``unoparty simulate``: many bot rounds and their summary (see :mod:`unoparty.simulate`)."""

from __future__ import annotations

import argparse

from ._argparse_words import Subparsers


def register(subparsers: Subparsers) -> None:
    from ..simulate import register as _register

    _register(subparsers)
