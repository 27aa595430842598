"""``unoparty simulate``: many bot rounds and their summary (see :mod:`unoparty.simulate`)."""

from __future__ import annotations


def register(subparsers) -> None:
    from ..simulate import register as _register

    _register(subparsers)
