"""Step 22: learners' names as the name rule now keeps them (issue 22).

The name rule (:func:`unoparty.progress.normalise_name`) now removes invisible characters
(a zero-width space, joiner, word joiner, byte-order mark, soft hyphen…) and keeps names in
Unicode's composed form (NFC). A name kept before with such a character ("Ava" + U+200B)
could no longer be reached — every call normalises the name it is given, so resetting or
deleting it from the Teacher page would have reached the plain "Ava" instead. Each such
name is renamed, in every table that names a learner, to its normal form; where that name
is already a learner's (the look-alike of a classmate), to the normal form with a number,
"Ava (2)", so the teacher sees two learners and can delete the one that is not Ava — the
two records are never merged (one of them may be a pupil's posing as the other).
"""

from __future__ import annotations

from typing import Any

from ..dialect import Cursor, Dialect

NUMBER = 22

# (table, column) naming a learner (m0001, m0002)
NAMED = (("lesson_progress", "learner"), ("rule_progress", "learner"), ("settings", "learner"),
         ("practice_answers", "learner"), ("learner_sessions", "learner"), ("learner_keys", "learner"))


def _renames(names: list[str]) -> dict[str, str]:
    """Old name → new name, for every name of `names` the rule would change."""
    from ..records import MAX_NAME, StoreError, normalise_name
    taken = set(names)
    out: dict[str, str] = {}
    for old in sorted(names):
        try:
            new = normalise_name(old)
        except StoreError:   # nothing left once the invisible characters go: keep it as it is
            continue
        if new == old:
            continue
        k = 1
        while new in taken:
            k += 1
            suffix = f" ({k})"
            new = normalise_name(old)[:MAX_NAME - len(suffix)].rstrip() + suffix
        taken.add(new)
        out[old] = new
    return out


def up(cur: Cursor, dialect: Dialect) -> None:
    cur.execute("SELECT name FROM learners")
    renames = _renames([str(row[0]) for row in cur.fetchall()])
    for old, new in renames.items():
        cur.execute("UPDATE learners SET name = ? WHERE name = ?", (new, old))
        for table, column in NAMED:
            if dialect.has_table(cur, table):
                cur.execute(f"UPDATE {table} SET {column} = ? WHERE {column} = ?", (new, old))


def up_document(data: dict[str, Any]) -> None:
    learners = data.get("learners")
    if not isinstance(learners, dict):
        return
    renames = _renames([str(n) for n in learners])
    for old, new in renames.items():
        learners[new] = learners.pop(old)
    for record in (data.get("keys") or {}).values():
        if isinstance(record, dict) and record.get("learner") in renames:
            record["learner"] = renames[record["learner"]]
