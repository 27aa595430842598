"""The store's schema, one numbered step at a time.

Each step is a module ``mNNNN_slug.py`` here (``m0001_baseline.py``, …) with::

    NUMBER = 2                            # the NNNN of its file name
    def up(cur, dialect) -> None: ...     # the step on an SQL store: cur.execute(sql, args), "?" placeholders
    def up_document(data) -> None: ...    # optional: the same step on the document store (a JSON-able dict)

Steps are found by file name and applied in order of their numbers, each in one
transaction (a step that fails leaves the store as it was before it). The store keeps the
numbers applied (SQL: the table ``schema_version``; a document: ``"migrations"``, and
``"schema_version"`` the highest), so a step numbered below one already applied — from
another branch's range (CONTRACTS.md §1: ``progress`` 0001–0009, the live tables 0010,
later issues 0020 on) — is still applied once. A store that holds a step this code does not
know was written by a newer release: :class:`~unoparty.progress.records.StoreError`, nothing
changed. A step never depends on one with a higher number.
"""

from __future__ import annotations

import copy
import importlib
import pkgutil
import re
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ..dialect import Cursor, Dialect
from ..records import StoreError

__all__ = ["Migration", "migrations", "latest", "migrate_sql", "migrate_document", "applied_sql",
           "document_version", "MIGRATE_LOCK"]

MIGRATE_LOCK = 8675309      # PostgreSQL advisory lock: one process migrates at a time
_NAME = re.compile(r"m(\d{4})_[a-z0-9_]+")


@dataclass(frozen=True)
class Migration:
    """One step: its number, its module's name, and the module (``up``, ``up_document``)."""

    number: int
    name: str
    module: ModuleType

    def up(self, cur: Cursor, dialect: Dialect) -> None:
        self.module.up(cur, dialect)

    def up_document(self, data: dict[str, Any]) -> None:
        step = getattr(self.module, "up_document", None)
        if step is not None:
            step(data)


_FOUND: list[Migration] | None = None


def migrations() -> list[Migration]:
    """Every step of this package, in order of number.

    Raises:
        StoreError: a step's ``NUMBER`` differs from its file name's, or two share a number.
    """
    global _FOUND
    if _FOUND is None:
        found: dict[int, Migration] = {}
        for info in pkgutil.iter_modules(__path__):
            match = _NAME.fullmatch(info.name)
            if not match:
                continue
            module = importlib.import_module(f"{__name__}.{info.name}")
            number = int(match.group(1))
            if getattr(module, "NUMBER", None) != number:
                raise StoreError(f"the migration {info.name} says NUMBER = {getattr(module, 'NUMBER', None)!r}, "
                                 f"not {number} as its file name")
            if number in found:
                raise StoreError(f"two migrations are numbered {number}: {found[number].name}, {info.name}")
            found[number] = Migration(number, info.name, module)
        _FOUND = [found[n] for n in sorted(found)]
    return list(_FOUND)


def latest() -> int:
    """The highest step this code knows (the schema version a store is migrated to)."""
    steps = migrations()
    return steps[-1].number if steps else 0


def _newer(applied: set[int], steps: list[Migration], where: str) -> StoreError | None:
    unknown = sorted(applied - {m.number for m in steps})
    if not unknown:
        return None
    return StoreError(f"{where} was written by a newer release of unoparty (schema version {max(applied)}, "
                      f"with step {unknown[0]} that this one does not know; it knows up to {latest()}): "
                      "upgrade unoparty to open it")


# --------------------------------------------------------------------------------- SQL


def applied_sql(cur: Cursor, dialect: Dialect) -> set[int]:
    """The numbers of the steps applied to an SQL store (empty for a new store or one
    written before numbered steps: today's release, 0827e3c)."""
    if not dialect.has_table(cur, "schema_version"):
        return set()
    cur.execute("SELECT number FROM schema_version")
    return {int(n) for (n,) in cur.fetchall()}


def migrate_sql(transaction: Callable[[], AbstractContextManager[Cursor]], dialect: Dialect,
                where: str = "the progress database", *, steps: list[Migration] | None = None) -> int:
    """Apply the steps an SQL store lacks, each in a transaction of its own.

    Args:
        transaction: opens one transaction and yields its :class:`Cursor` (committed at the
            end, rolled back on an error).
        where: the store, as a sentence names it (its path).
        steps: the steps (default :func:`migrations`; tests give others).

    Returns:
        the schema version (the highest step applied).

    Raises:
        StoreError: the store is newer than this code (nothing changed), or a step failed
            (the store stays at the version before it).
    """
    steps = migrations() if steps is None else steps
    with transaction() as cur:
        applied = applied_sql(cur, dialect)
    error = _newer(applied, steps, where)
    if error:
        raise error
    for step in steps:
        if step.number in applied:
            continue
        try:
            with transaction() as cur:
                dialect.lock(cur, MIGRATE_LOCK)
                applied = applied_sql(cur, dialect)   # another process may have done it meanwhile
                if step.number in applied:
                    continue
                step.up(cur, dialect)
                cur.execute(f"CREATE TABLE IF NOT EXISTS schema_version (number INTEGER PRIMARY KEY, "
                            f"applied_at {dialect.real} NOT NULL)")
                cur.execute("INSERT INTO schema_version (number, applied_at) VALUES (?, ?)",
                            (step.number, time.time()))
                applied.add(step.number)
        except StoreError as e:
            raise StoreError(f"{where}: the schema step {step.name} failed, the store stays as it was "
                             f"before it: {e}") from e
        except Exception as e:
            raise StoreError(f"{where}: the schema step {step.name} failed, the store stays as it was "
                             f"before it: {type(e).__name__}: {e}") from e
    return max(applied, default=0)


# --------------------------------------------------------------------------------- a document


def document_version(data: dict[str, Any]) -> int:
    """The schema version of a document store (0: new, never migrated)."""
    return max(_applied_document(data), default=0)


def _applied_document(data: dict[str, Any]) -> set[int]:
    done = data.get("migrations")
    if isinstance(done, list):
        return {int(n) for n in done if isinstance(n, int)}
    return set()


def migrate_document(data: dict[str, Any], where: str = "the browser's progress store", *,
                     steps: list[Migration] | None = None) -> dict[str, Any] | None:
    """The document store `data` with the steps it lacks applied, or None when it lacks none.

    `data` itself is never changed: the steps work on a copy, so a step that fails leaves
    nothing half done (the caller saves the copy it gets back).

    Raises:
        StoreError: the document is newer than this code, or a step failed.
    """
    steps = migrations() if steps is None else steps
    applied = _applied_document(data)
    error = _newer(applied, steps, where)
    if error:
        raise error
    todo = [s for s in steps if s.number not in applied]
    if not todo:
        return None
    out = copy.deepcopy(data)
    for step in todo:
        try:
            step.up_document(out)
        except Exception as e:
            raise StoreError(f"{where}: the schema step {step.name} failed, the store stays as it was "
                             f"before it: {type(e).__name__}: {e}") from e
        applied.add(step.number)
        out["migrations"] = sorted(applied)
        out["schema_version"] = max(applied)
    return out
