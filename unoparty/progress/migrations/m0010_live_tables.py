"""Schema step 10: live tables (issue 23) — a table is its start plus its ordered moves.

- ``live_tables``: one row per table: its code (6 characters, `unoparty.progress.table_log`),
  its start as JSON (rules, house rules, seats, seed, pace), its status (``open``: seats
  being filled; ``running``; ``ended``), the host's name, times (seconds since the epoch).
- ``live_table_moves``: the moves, ``(code, seq)`` unique: seq 1, 2, 3… per table, each a
  JSON move (`unoparty.engine.serial.move_to_dict`) or ``"new round"``; ``at`` is when it
  was committed (the committing kernel's clock).
- ``live_table_seats``: who plays each seat: ``kind`` ``empty`` / ``learner`` / ``bot``,
  the name, the bot level, ``holder`` (the session key of the learner's live tab),
  ``heartbeat`` (when that tab last said it is alive), ``covered`` (1: a bot plays the
  learner's seat — "bot for <name>" — until they open the code again).
- ``live_table_people``: spectators (and learners waiting for a bot's seat at the next round).
- ``live_table_leases``: the kernel that runs the table's bots, until ``expires``.
"""

from __future__ import annotations

from typing import Any

NUMBER = 10


def up(cur: Any, dialect: Any) -> None:
    """Create the live tables' schema (SQLite and PostgreSQL alike; idempotent)."""
    text, real = dialect.text, dialect.real
    cur.execute(f"CREATE TABLE IF NOT EXISTS live_tables (code {text} PRIMARY KEY, start_json {text} NOT NULL, "
                f"status {text} NOT NULL, host {text}, created {real} NOT NULL, updated {real} NOT NULL)")
    cur.execute(f"CREATE TABLE IF NOT EXISTS live_table_moves (code {text} NOT NULL, seq INTEGER NOT NULL, "
                f"seat INTEGER, entry {text} NOT NULL, at {real} NOT NULL, PRIMARY KEY (code, seq))")
    cur.execute(f"CREATE TABLE IF NOT EXISTS live_table_seats (code {text} NOT NULL, seat INTEGER NOT NULL, "
                f"kind {text} NOT NULL, name {text}, level {text}, holder {text}, heartbeat {real}, "
                f"covered INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (code, seat))")
    cur.execute(f"CREATE TABLE IF NOT EXISTS live_table_people (code {text} NOT NULL, name {text} NOT NULL, "
                f"holder {text}, heartbeat {real}, joined {real} NOT NULL, PRIMARY KEY (code, name))")
    cur.execute(f"CREATE TABLE IF NOT EXISTS live_table_leases (code {text} PRIMARY KEY, holder {text} NOT NULL, "
                f"expires {real} NOT NULL)")
