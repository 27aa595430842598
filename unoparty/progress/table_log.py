"""The table log: live tables in the class store (issue 23), SQLite or PostgreSQL.

A live table is its **start** (rules, house rules, seat names and kinds, seed, pace settings:
a JSON-able dict, see `unoparty.session.table`) plus an **ordered list of moves**, each with a
sequence number unique per table (1, 2, 3…). The engine is deterministic, so every kernel
that reads the log rebuilds the same game.

A move is appended only if it is legal after every move before it: :meth:`TableLog.append`
reads the moves committed since the caller's last one, hands them to the caller's ``check``
(which catches its game up and refuses or accepts the new move) and inserts the move with the
next number — all in ONE transaction (SQLite: ``BEGIN IMMEDIATE``, one writer at a time;
PostgreSQL: a row lock on the table's row, ``SELECT … FOR UPDATE``, and the unique
``(code, seq)`` key as a backstop). Two speed plays or catches racing for one moment are so
settled by commit order (SP-6): the second is checked again against the table the first made.

Seats (``live_table_seats``): ``empty``, ``learner`` (by the signed-in name, with the session
key of the tab that holds it and that tab's heartbeat) or ``bot`` (a level); a learner's seat
whose tab stopped answering for the grace time is *covered*: a bot plays it, shown as
"bot for <name>", until the learner opens the code again. The host is a learner's name;
spectators (``live_table_people``) wait for a bot's seat at the next round. The bots of a
table are run by one kernel at a time, the holder of the table's **lease**
(:meth:`TableLog.take_lease`), renewed by heartbeat.

Followers (:class:`Follower`) learn of new moves without busy polling: PostgreSQL
``LISTEN``/``NOTIFY`` (each append notifies the channel ``unoparty_t_<code>`` at commit);
SQLite: ``PRAGMA data_version`` on the follower's own connection, read every ``interval``
seconds (a setting; one small read when nothing changed), then the table's last sequence
number when the file changed.

Every time is seconds since the epoch, passed in by the caller (``now=``): the sessions take
it from an injected clock, so tests never wait in real time.

Errors: :class:`TableError` (a subclass of `unoparty.progress.records.StoreError`) with a
:class:`Problem` (``.problem``) for each bad input; :class:`StoreUnreachable` when the
database cannot be reached or refuses (nothing was changed).

>>> log = TableLog("sqlite://")
>>> code = log.create({"seats": 2}, [("learner", "Ava", None), ("bot", "Bot 2", "basic")], host="Ava", now=0.0)
>>> len(code), all(c in CODE_ALPHABET for c in code)
(6, True)
>>> log.start(code, now=0.5, finish=lambda table, seats: ({**table.start, "names": ["Ava", "Bot 2"]}, seats)).status
'running'
>>> log.append(code, 0, {"move": "Draw", "player": 0}, seat=0, now=1.0).seq
1
>>> [m.seq for m in log.moves(code)]
[1]
"""

from __future__ import annotations

import enum
import json
import random
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import sqlite3
except ImportError:  # Pyodide: the static site has no live tables
    sqlite3 = None  # type: ignore[assignment]

from .dialect import Cursor, Dialect, dialect_for, use_wal
from .records import StoreError

__all__ = ["TableLog", "TableError", "StoreUnreachable", "Problem", "MoveRow", "SeatRow", "TableRow",
           "Joined", "Appended", "Follower", "CODE_ALPHABET", "CODE_LENGTH", "new_code", "normalise_code",
           "NEW_ROUND", "browser_of", "HANDED_OVER", "tables_supported"]

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The letters of a table code: no look-alikes (no 0/O, 1/I/L)."""
CODE_LENGTH = 6
NEW_ROUND = "new round"
"""The log entry that deals the next round (R-4)."""
HANDED_OVER = 2
"""``live_table_seats.covered`` when the host gave the learner's seat to a bot (1: the grace
time ran out; 0: the learner plays it)."""


def browser_of(holder: str | None) -> str | None:
    """The browser part of a seat's holder: a tab's holder is ``"<browser key>.<tab>"`` (the
    session key has no ``.``), so two tabs of one browser share it; an older holder is its own."""
    return None if holder is None else holder.split(".", 1)[0]


class Problem(enum.Enum):
    """What is wrong with a request to the table log (the page words it)."""

    BAD_CODE = "bad code"              # not 6 letters of CODE_ALPHABET
    UNKNOWN_CODE = "unknown code"      # no such table
    ENDED = "ended"                    # the table has ended
    FULL = "full"                      # every seat holds a learner
    SEAT_LIVE = "seat live"            # the seat is held by another live tab
    NAME_TAKEN = "name taken"          # a bot or another seat has this name
    NOT_RUNNING = "not running"        # the table has not started
    STARTED = "started"                # the table has started (seats are fixed until the next round)
    NOT_HOST = "not host"              # only the host may do this
    NOT_SEATED = "not seated"          # this tab holds no seat here
    BAD_NAME = "bad name"              # empty or too long
    UNREACHABLE = "unreachable"        # the database cannot be reached
    NOT_SIGNED_IN = "not signed in"    # PINs on: this browser is not signed in as that learner
    HANDED = "handed"                  # the host gave this learner's seat to a bot for now
    IN_ROUND = "in round"              # seats move between rounds only
    NO_TABLES = "no tables"            # the store is reached through a service (hub-service:), not the database


class TableError(StoreError):
    """A request the table log refuses; nothing was changed.

    Attributes:
        problem: a :class:`Problem`. code: the table code concerned (or None).
        name: the name concerned (or None).
    """

    def __init__(self, problem: Problem, message: str, *, code: str | None = None, name: str | None = None) -> None:
        super().__init__(message)
        self.problem, self.code, self.name = problem, code, name


class StoreUnreachable(TableError):
    """The database cannot be reached or refused the transaction: nothing was committed."""

    def __init__(self, message: str) -> None:
        super().__init__(Problem.UNREACHABLE, message)


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One committed entry of a table's log: ``seq`` (1, 2…), the seat that made it (None for
    ``"new round"``), the entry (a move dict or ``"new round"``), ``at`` (commit time, s)."""

    seq: int
    seat: int | None
    entry: Any
    at: float


@dataclass(frozen=True, slots=True)
class SeatRow:
    """Who plays a seat. kind: ``"empty"``, ``"learner"`` or ``"bot"``; name; level (bots and
    covered seats); holder: the session key of the learner's live tab; heartbeat: when it last
    answered (s); covered: a bot plays the learner's seat ("bot for <name>")."""

    seat: int
    kind: str
    name: str | None
    level: str | None
    holder: str | None
    heartbeat: float | None
    covered: bool
    handed: bool = False
    """The host gave the seat to a bot (:meth:`TableLog.hand_over`): only the host gives it back."""

    @property
    def is_bot_played(self) -> bool:
        """A bot plays this seat now (a bot seat, or a learner's seat covered by a bot)."""
        return self.kind == "bot" or (self.kind == "learner" and self.covered)


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table: code, start (dict), status (``open``/``running``/``ended``), host name, times (s)."""

    code: str
    start: dict[str, Any]
    status: str
    host: str | None
    created: float
    updated: float


@dataclass(frozen=True, slots=True)
class Joined:
    """The answer to :meth:`TableLog.join`: ``seat`` (None for a spectator), ``role``
    (``"player"``, ``"spectator"``: waiting for a bot's seat at the next round), and
    ``returned``: the learner took back a seat they had (kept for them, or covered by a bot)."""

    seat: int | None
    role: str
    returned: bool


@dataclass(frozen=True, slots=True)
class Appended:
    """The answer to :meth:`TableLog.append`: the new entry's ``seq`` and the entries other
    kernels committed before it (``before``, in order; empty when the caller was up to date)."""

    seq: int
    before: tuple[MoveRow, ...]


def new_code(rng: random.Random | None = None) -> str:
    """A fresh table code: 6 characters of :data:`CODE_ALPHABET` (from `secrets` unless an
    ``rng`` is given)."""
    if rng is None:
        return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """A typed code as stored: spaces and dashes dropped, upper case.

    Raises:
        TableError: `BAD_CODE` — not 6 characters of :data:`CODE_ALPHABET` (look-alikes
            0/O, 1/I/L are never in a code).
    """
    code = "".join(str(text).split()).replace("-", "").upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        raise TableError(Problem.BAD_CODE, f"{text!r} is not a table code: a code is {CODE_LENGTH} letters "
                                           f"and digits (no 0, O, 1, I or L)", code=str(text))
    return code


class _Cursor(Cursor):
    """The migrations' `Cursor` (``?`` placeholders for either database), with ``fetchone``."""

    def fetchone(self) -> tuple[Any, ...] | None:
        rows = self.fetchall()
        return rows[0] if rows else None


def _is_pg(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def tables_supported(url: str) -> bool:
    """Whether live tables can be kept at `url` (``UNOPARTY_DB``): the class database itself,
    an SQLite file (``sqlite://…`` or a plain path) or PostgreSQL. Not a store reached through
    a service (``hub-service:…``, JupyterHub's store service, docs/jupyterhub.md): every
    kernel of a table must commit to one database, and the service carries learners' records
    only. (Before, such a URL was taken for an SQLite file of that name in each server's
    folder, so learners on different servers never met at a table.)"""
    if _is_pg(url) or url.startswith("sqlite://"):
        return True
    scheme = url.split(":", 1)[0] if ":" in url else ""
    return not (len(scheme) > 1 and scheme.replace("-", "").replace("+", "").replace(".", "").isalnum())


def _sqlite_path(url: str) -> str:
    path = url[len("sqlite://"):] if url.startswith("sqlite://") else url
    if path.startswith("/~"):
        path = path[1:]
    return path or ":memory:"


def channel(code: str) -> str:
    """The PostgreSQL NOTIFY channel of a table (codes are upper-case letters and digits)."""
    return f"unoparty_t_{code.lower()}"


class TableLog:
    """The live tables of one class store (``UNOPARTY_DB``'s URL).

    Args:
        url: ``sqlite:///PATH``, a path, ``sqlite://`` (in memory: one process only) or
            ``postgresql://…`` (psycopg 3).
        timeout: seconds to wait for the database's lock or a connection.

    Raises:
        StoreUnreachable: the database cannot be opened.

    One connection per log, kept open (a lock makes it safe across threads); a follower has
    its own (:meth:`follower`).
    """

    def __init__(self, url: str, *, timeout: float = 10.0) -> None:
        if not tables_supported(url):
            raise TableError(Problem.NO_TABLES, f"live tables need the class database itself (sqlite:// or "
                                                f"postgresql://), not {url.split(':', 1)[0]}:")
        self.url = url
        self.timeout = timeout
        self.kind = "postgresql" if _is_pg(url) else "sqlite"
        self._lock = threading.RLock()
        self._con: Any = None
        self._memory = self.kind == "sqlite" and _sqlite_path(url) == ":memory:"
        self.dialect: Dialect = dialect_for(url)
        from .migrations import migrate_sql
        where = _sqlite_path(url) if self.kind == "sqlite" else "the PostgreSQL class store"
        try:
            migrate_sql(self._transaction, self.dialect, where)   # every step the store lacks, m0010 among them
        except StoreUnreachable:
            raise
        except StoreError as e:
            raise StoreUnreachable(str(e)) from e

    # ---- connections ------------------------------------------------------------------------

    def _connect(self, writer: bool = True) -> Any:
        if self.kind == "sqlite":
            if sqlite3 is None:
                raise StoreUnreachable("this Python has no sqlite3: set UNOPARTY_DB to a PostgreSQL database")
            path = _sqlite_path(self.url)
            if path != ":memory:":
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
                path = str(Path(path).expanduser())
            con = sqlite3.connect(path, timeout=0 if writer else self.timeout, isolation_level=None,
                                  check_same_thread=False)
            con.execute(f"PRAGMA busy_timeout = {0 if writer else int(self.timeout * 1000)}")
            if path != ":memory:":
                use_wal(con, step=0.02)
            return con
        import psycopg
        return psycopg.connect(self.url, connect_timeout=max(1, int(self.timeout)))

    def _errors(self) -> tuple[type[BaseException], ...]:
        if self.kind == "sqlite":
            return (sqlite3.Error, OSError)
        import psycopg
        return (psycopg.Error, OSError)

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[_Cursor]:
        """A cursor in one transaction (SQLite: BEGIN IMMEDIATE to write, a plain BEGIN to read —
        readers never wait in WAL mode), committed at the end, rolled back on any error (then
        re-raised; database errors as StoreUnreachable)."""
        errors = self._errors()
        with self._lock:
            try:
                if self._con is None:
                    self._con = self._connect()
                con = self._con
                if self.kind == "sqlite":
                    cur = con.cursor()
                    if write:
                        self._begin_immediate(cur)
                    else:
                        cur.execute("BEGIN")
                    try:
                        yield _Cursor(cur, self.dialect)
                    except BaseException:
                        cur.execute("ROLLBACK")
                        raise
                    cur.execute("COMMIT")
                else:
                    with con.transaction():
                        with con.cursor() as cur:
                            yield _Cursor(cur, self.dialect)
            except errors as e:
                self._drop_connection()
                where = _sqlite_path(self.url) if self.kind == "sqlite" else "PostgreSQL"
                raise StoreUnreachable(f"the class store ({where}) cannot be reached: {e}".strip()) from e

    def _begin_immediate(self, cur: Any) -> None:
        """``BEGIN IMMEDIATE``, retried every fraction of a millisecond while another kernel
        writes (SQLite's own busy handler sleeps 1, 2, 5, 10… ms: too slow for a race of
        speed plays), until `timeout`."""
        deadline = time.monotonic() + self.timeout
        pause = 0.0002
        while True:
            try:
                cur.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) and "busy" not in str(e):
                    raise
                if time.monotonic() > deadline:
                    raise
                time.sleep(pause * (0.5 + random.random()))
                pause = min(pause * 1.5, 0.005)

    def _drop_connection(self) -> None:
        if self._con is not None and not self._memory:
            try:
                self._con.close()
            except Exception:
                pass
            self._con = None

    def close(self) -> None:
        """Close the log's connection (a later call opens a new one)."""
        with self._lock:
            if not self._memory:
                self._drop_connection()

    # ---- tables -------------------------------------------------------------------------------

    def create(self, start: dict[str, Any], seats: Sequence[tuple[str, str | None, str | None]], *,
               host: str | None, now: float, rng: random.Random | None = None) -> str:
        """Open a new table (status ``open``) and return its code.

        Args:
            start: the table's start (JSON-able dict). seats: per seat ``(kind, name, level)``
                (kind ``"empty"``, ``"learner"`` or ``"bot"``). host: the host's name.
            now: the time (s). rng: for the code (tests); default `secrets`.
        """
        text = json.dumps(start, sort_keys=True)
        for _ in range(100):
            code = new_code(rng)
            with self._transaction() as cur:
                cur.execute("SELECT 1 FROM live_tables WHERE code = ?", (code,))
                if cur.fetchone():
                    continue
                cur.execute("INSERT INTO live_tables (code, start_json, status, host, created, updated) "
                            "VALUES (?, ?, 'open', ?, ?, ?)", (code, text, host, now, now))
                for i, (kind, name, level) in enumerate(seats):
                    holder = None
                    cur.execute("INSERT INTO live_table_seats (code, seat, kind, name, level, holder, heartbeat, covered) "
                                "VALUES (?, ?, ?, ?, ?, ?, ?, 0)", (code, i, kind, name, level, holder,
                                                                   now if kind == "learner" else None))
                return code
        raise StoreError("no free table code was found")  # pragma: no cover — 31^6 codes

    def table(self, code: str) -> TableRow:
        """The table `code` (any status).

        Raises:
            TableError: BAD_CODE, UNKNOWN_CODE. StoreUnreachable.
        """
        code = normalise_code(code)
        with self._transaction(write=False) as cur:
            return self._table(cur, code)

    def _table(self, cur: _Cursor, code: str, *, lock: bool = False) -> TableRow:
        cur.execute("SELECT code, start_json, status, host, created, updated FROM live_tables WHERE code = ?"
                    + (" FOR UPDATE" if lock and self.kind == "postgresql" else ""), (code,))
        row = cur.fetchone()
        if row is None:
            raise TableError(Problem.UNKNOWN_CODE, f"there is no table {code} on this server", code=code)
        return TableRow(row[0], json.loads(row[1]), row[2], row[3], row[4], row[5])

    def _open_table(self, cur: _Cursor, code: str) -> TableRow:
        """The table, locked for this transaction; TableError when it has ended."""
        t = self._table(cur, code, lock=True)
        if t.status == "ended":
            raise TableError(Problem.ENDED, f"table {code} has ended", code=code)
        return t

    def tables(self, *, include_ended: bool = False) -> list[TableRow]:
        """Every table (live ones only unless `include_ended`), newest first."""
        with self._transaction(write=False) as cur:
            cur.execute("SELECT code, start_json, status, host, created, updated FROM live_tables "
                        + ("" if include_ended else "WHERE status <> 'ended' ") + "ORDER BY created DESC, code")
            return [TableRow(r[0], json.loads(r[1]), r[2], r[3], r[4], r[5]) for r in cur.fetchall()]

    def start(self, code: str, *, now: float,
              finish: Callable[[TableRow, list[SeatRow]], tuple[dict[str, Any], Sequence[SeatRow]]]) -> TableRow:
        """Status ``open`` → ``running`` (the host starts; seats are then fixed until the next round).

        ``finish(table, seats)`` is called inside the transaction and returns the final start
        (with the players' names) and the seats as they start (empty seats become bots).

        Raises:
            TableError: UNKNOWN_CODE, ENDED, STARTED (already running).
        """
        with self._transaction() as cur:
            t = self._open_table(cur, code)
            if t.status != "open":
                raise TableError(Problem.STARTED, f"table {code} has already started", code=code)
            start, seats = finish(t, self._seats(cur, code))
            for s in seats:
                cur.execute("UPDATE live_table_seats SET kind = ?, name = ?, level = ? WHERE code = ? AND seat = ?",
                            (s.kind, s.name, s.level, code, s.seat))
            cur.execute("UPDATE live_tables SET status = 'running', start_json = ?, updated = ? WHERE code = ?",
                        (json.dumps(start, sort_keys=True), now, code))
            self._notify(cur, code, 0)
            return self._table(cur, code)

    def snapshot(self, code: str, after: int) -> tuple[TableRow, list[SeatRow], list[MoveRow]]:
        """The table, its seats and its entries after `after`, read in one transaction.

        Raises:
            TableError: BAD_CODE, UNKNOWN_CODE. StoreUnreachable.
        """
        with self._transaction(write=False) as cur:
            t = self._table(cur, code)
            return t, self._seats(cur, code), self._moves(cur, code, after)

    def end(self, code: str, *, now: float) -> None:
        """End the table (its kernels may then be culled; its log stays for replays)."""
        with self._transaction() as cur:
            self._table(cur, code, lock=True)
            cur.execute("UPDATE live_tables SET status = 'ended', updated = ? WHERE code = ?", (now, code))
            cur.execute("DELETE FROM live_table_leases WHERE code = ?", (code,))
            self._notify(cur, code, -1)

    def set_paused(self, code: str, paused: bool, *, now: float) -> None:
        """Pause (or resume) the table — the projector's *Pause*: its start's ``"paused"``
        is set; the sessions make no move and the bots wait while it is (table page, issue 23).

        Raises:
            TableError: UNKNOWN_CODE, ENDED.
        """
        with self._transaction() as cur:
            t = self._open_table(cur, code)
            start = {**t.start, "paused": bool(paused)}
            cur.execute("UPDATE live_tables SET start_json = ?, updated = ? WHERE code = ?",
                        (json.dumps(start, sort_keys=True), now, code))
            self._notify(cur, code, 0)

    # ---- moves ----------------------------------------------------------------------------------

    def moves(self, code: str, after: int = 0) -> list[MoveRow]:
        """The table's entries with ``seq > after``, in order."""
        with self._transaction(write=False) as cur:
            return self._moves(cur, code, after)

    def _moves(self, cur: _Cursor, code: str, after: int) -> list[MoveRow]:
        cur.execute("SELECT seq, seat, entry, at FROM live_table_moves WHERE code = ? AND seq > ? ORDER BY seq",
                    (code, after))
        return [MoveRow(r[0], r[1], json.loads(r[2]), r[3]) for r in cur.fetchall()]

    def last_seq(self, code: str) -> int:
        """The sequence number of the table's last entry (0: none yet)."""
        with self._transaction(write=False) as cur:
            cur.execute("SELECT MAX(seq) FROM live_table_moves WHERE code = ?", (code,))
            row = cur.fetchone()
            return int(row[0]) if row and row[0] is not None else 0

    def append(self, code: str, after: int, entry: Any, *, seat: int | None, now: float,
               check: Callable[[tuple[MoveRow, ...]], None] | None = None, holder: str | None = None,
               bot: bool = False) -> Appended:
        """Append `entry` after the caller's last known entry `after`, in ONE transaction.

        The entries committed since `after` are read inside the transaction and given to
        ``check(before)``, which must catch the caller's game up with them and raise (any
        exception: the transaction is rolled back and the exception passes through) if
        `entry` is not legal after them. Otherwise the entry is committed with the next
        sequence number. Two kernels racing for one moment are so settled by commit order.

        With `holder` (a tab's session key), the move is taken only if that tab still holds
        `seat` (a learner's move: no other tab took the seat back, no bot covers it) or, with
        `bot`, still holds the table's bots' lease (a bot's move) — checked in the same
        transaction, so a tab or kernel that has not heard the news yet cannot play.

        Raises:
            TableError: UNKNOWN_CODE, ENDED, NOT_RUNNING, NOT_SEATED (`holder` no longer holds
                the seat or the lease). StoreUnreachable: nothing committed. Whatever ``check`` raises.
        """
        text = json.dumps(entry, sort_keys=True)
        with self._transaction() as cur:
            t = self._open_table(cur, code)
            if t.status != "running":
                raise TableError(Problem.NOT_RUNNING, f"table {code} has not started yet", code=code)
            if holder is not None and bot:
                cur.execute("SELECT holder, expires FROM live_table_leases WHERE code = ?", (code,))
                row = cur.fetchone()
                if row is None or row[0] != holder or row[1] < now:
                    raise TableError(Problem.NOT_SEATED, f"this kernel no longer runs the bots of table {code}",
                                     code=code)
            elif holder is not None and seat is not None:
                cur.execute("SELECT holder, covered FROM live_table_seats WHERE code = ? AND seat = ?", (code, seat))
                row = cur.fetchone()
                if row is None or row[0] != holder or row[1]:
                    raise TableError(Problem.NOT_SEATED, f"this tab no longer holds seat {seat} of table {code}: "
                                                         "open the code again to take it back", code=code)
            before = tuple(self._moves(cur, code, after))
            if check is not None:
                check(before)
            seq = (before[-1].seq if before else after) + 1
            cur.execute("INSERT INTO live_table_moves (code, seq, seat, entry, at) VALUES (?, ?, ?, ?, ?)",
                        (code, seq, seat, text, now))
            cur.execute("UPDATE live_tables SET updated = ? WHERE code = ?", (now, code))
            if entry == NEW_ROUND:
                self._seat_waiting(cur, code)
            self._notify(cur, code, seq)
            return Appended(seq, before)

    def _notify(self, cur: _Cursor, code: str, seq: int) -> None:
        if self.kind == "postgresql":
            cur.execute("SELECT pg_notify(?, ?)", (channel(code), str(seq)))

    # ---- seats ------------------------------------------------------------------------------------

    def seats(self, code: str) -> list[SeatRow]:
        """The table's seats, in seat order."""
        with self._transaction(write=False) as cur:
            return self._seats(cur, code)

    def _seats(self, cur: _Cursor, code: str) -> list[SeatRow]:
        cur.execute("SELECT seat, kind, name, level, holder, heartbeat, covered FROM live_table_seats "
                    "WHERE code = ? ORDER BY seat", (code,))
        return [SeatRow(r[0], r[1], r[2], r[3], r[4], r[5], bool(r[6]), r[6] == HANDED_OVER) for r in cur.fetchall()]

    def people(self, code: str) -> list[tuple[str, str | None, float | None]]:
        """The spectators: ``(name, holder, heartbeat)``, in the order they joined."""
        with self._transaction(write=False) as cur:
            cur.execute("SELECT name, holder, heartbeat FROM live_table_people WHERE code = ? ORDER BY joined, name",
                        (code,))
            return [(r[0], r[1], r[2]) for r in cur.fetchall()]

    def join(self, code: str, name: str, holder: str, *, now: float, grace: float,
             watch: bool = False, claim: float | None = None) -> Joined:
        """Seat the learner `name` (their tab's session key `holder`) at table `code`.

        - their seat already (same name): given back when it is held by this tab, covered
          by a bot, or its tab has not answered for `grace` seconds — for a tab of the same
          browser (`browser_of`: a reload, the app opened again), for `claim` seconds — else
          SEAT_LIVE; a seat the host gave to a bot (`hand_over`): HANDED until the host gives
          it back;
        - an open table: the first empty seat, else the first bot seat, else FULL (with
          ``watch``: a spectator instead);
        - a running table: a spectator, who takes a bot's seat at the next round.

        Raises:
            TableError: BAD_CODE, UNKNOWN_CODE, ENDED, SEAT_LIVE, HANDED, NAME_TAKEN, FULL, BAD_NAME.
            StoreUnreachable.
        """
        code = normalise_code(code)
        same_browser = browser_of(holder)
        name = " ".join(str(name).split())
        if not 1 <= len(name) <= 40 or ":" in name:
            raise TableError(Problem.BAD_NAME, f"{name!r} cannot sit at a table: a name is 1 to 40 characters, "
                                               "without ':'", code=code, name=name)
        with self._transaction() as cur:
            t = self._open_table(cur, code)
            seats = self._seats(cur, code)
            for s in seats:
                # the same letters in other capitals are the same learner, as at sign-in
                # (session.sign_in): "ava" gets Ava's seat back, not a second one
                if s.name is None or s.name.casefold() != name.casefold():
                    continue
                name = s.name
                if s.kind != "learner":
                    raise TableError(Problem.NAME_TAKEN, f"a bot at table {code} is called {name}: "
                                                         "join with another name", code=code, name=name)
                if s.handed:
                    raise TableError(Problem.HANDED, f"the host gave {name}'s seat at table {code} to a bot: "
                                                     "ask the host to give it back", code=code, name=name)
                window = claim if claim is not None and browser_of(s.holder) == same_browser else grace
                live = (s.holder is not None and s.holder != holder and not s.covered
                        and s.heartbeat is not None and now - s.heartbeat <= window)
                if live:
                    raise TableError(Problem.SEAT_LIVE, f"{name}'s seat at table {code} is open in another tab: "
                                                        "close it there first", code=code, name=name)
                returned = s.covered or s.holder != holder
                cur.execute("UPDATE live_table_seats SET holder = ?, heartbeat = ?, covered = 0 "
                            "WHERE code = ? AND seat = ?", (holder, now, code, s.seat))
                if t.host is None:
                    cur.execute("UPDATE live_tables SET host = ? WHERE code = ?", (name, code))
                return Joined(s.seat, "player", bool(returned))
            cur.execute("SELECT name, holder, heartbeat FROM live_table_people WHERE code = ?", (code,))
            same = [r for r in cur.fetchall() if str(r[0]).casefold() == name.casefold()]
            row = same[0][1:] if same else None
            if same:
                name = same[0][0]
            if row is not None:
                if row[0] != holder and row[1] is not None and now - row[1] <= grace:
                    raise TableError(Problem.SEAT_LIVE, f"{name} is already watching table {code} in another tab",
                                     code=code, name=name)
                cur.execute("UPDATE live_table_people SET holder = ?, heartbeat = ? WHERE code = ? AND name = ?",
                            (holder, now, code, name))
                return Joined(None, "spectator", False)
            if t.status == "open":
                free = [s for s in seats if s.kind == "empty"] or [s for s in seats if s.kind == "bot"]
                if free:
                    cur.execute("UPDATE live_table_seats SET kind = 'learner', name = ?, level = NULL, holder = ?, "
                                "heartbeat = ?, covered = 0 WHERE code = ? AND seat = ?",
                                (name, holder, now, code, free[0].seat))
                    if t.host is None:
                        cur.execute("UPDATE live_tables SET host = ? WHERE code = ?", (name, code))
                    return Joined(free[0].seat, "player", False)
                if not watch:
                    raise TableError(Problem.FULL, f"table {code} is full: every seat has a learner", code=code, name=name)
            cur.execute("INSERT INTO live_table_people (code, name, holder, heartbeat, joined) VALUES (?, ?, ?, ?, ?)",
                        (code, name, holder, now, now))
            return Joined(None, "spectator", False)

    def _seat_waiting(self, cur: _Cursor, code: str) -> list[int]:
        """At a new round: spectators take bot seats (not covered learners' seats), first come first."""
        t = self._table(cur, code)
        grace = float(t.start.get("pace", {}).get("grace", 60.0))
        now = t.updated
        cur.execute("SELECT name, holder, heartbeat FROM live_table_people WHERE code = ? ORDER BY joined, name", (code,))
        # a spectator whose tab went silent for the grace time is not seated
        waiting = [r for r in cur.fetchall() if r[2] is not None and now - r[2] <= grace]
        bots = [s for s in self._seats(cur, code) if s.kind == "bot"]
        out = []
        for (name, holder, beat), s in zip(waiting, bots):
            cur.execute("UPDATE live_table_seats SET kind = 'learner', name = ?, level = NULL, holder = ?, "
                        "heartbeat = ?, covered = 0 WHERE code = ? AND seat = ?", (name, holder, beat, code, s.seat))
            cur.execute("DELETE FROM live_table_people WHERE code = ? AND name = ?", (code, name))
            out.append(s.seat)
        if out:
            self._rename(cur, code)
        return out

    def _rename(self, cur: _Cursor, code: str) -> None:
        """A running table's players' names (its start's ``names``) as its seats now say:
        every kernel rebuilds the game with them (the moves are the same; only names change)."""
        t = self._table(cur, code)
        if not t.start.get("names"):
            return
        names = [s.name for s in self._seats(cur, code)]
        if names != t.start["names"]:
            cur.execute("UPDATE live_tables SET start_json = ? WHERE code = ?",
                        (json.dumps({**t.start, "names": names}, sort_keys=True), code))

    def set_seat(self, code: str, seat: int, kind: str, *, name: str | None = None, level: str | None = None,
                 now: float) -> None:
        """The host sets a seat before the start: ``"empty"``, ``"bot"`` (name, level) or frees a
        learner's seat (to ``"empty"``).

        Raises:
            TableError: STARTED (seats are fixed once running), NAME_TAKEN, UNKNOWN_CODE, ENDED.
            ValueError: a seat out of range or an unknown kind.
        """
        if kind not in ("empty", "bot"):
            raise ValueError(f"a host sets a seat to 'empty' or 'bot', not {kind!r}")
        with self._transaction() as cur:
            t = self._open_table(cur, code)
            seats = self._seats(cur, code)
            if not 0 <= seat < len(seats):
                raise ValueError(f"table {code} has seats 0 to {len(seats) - 1}, not {seat}")
            if t.status != "open":
                raise TableError(Problem.STARTED, f"table {code} has started: seats change at the next round", code=code)
            if name is not None and any(s.name == name and s.seat != seat for s in seats):
                raise TableError(Problem.NAME_TAKEN, f"another seat at table {code} is called {name}", code=code, name=name)
            cur.execute("UPDATE live_table_seats SET kind = ?, name = ?, level = ?, holder = NULL, heartbeat = NULL, "
                        "covered = 0 WHERE code = ? AND seat = ?", (kind, name if kind == "bot" else None,
                                                                    level if kind == "bot" else None, code, seat))
            if t.host is not None and not any(s.kind == "learner" and s.name == t.host and s.seat != seat for s in seats):
                self._pass_host(cur, code, seats, exclude=seat)

    def move_seat(self, code: str, seat: int, to: int, *, now: float, between_rounds: bool = False) -> None:
        """The host swaps two seats (who sits where): before the start, or — `between_rounds`,
        which the caller checked (the round is over, R-4) — on a running table, whose players'
        names then follow (each seat keeps its score).

        Raises:
            TableError: STARTED (running, not `between_rounds`), UNKNOWN_CODE, ENDED. ValueError: a seat out of range.
        """
        with self._transaction() as cur:
            t = self._open_table(cur, code)
            if t.status != "open" and not between_rounds:
                raise TableError(Problem.IN_ROUND, f"table {code} is in a round: seats move when it is over", code=code)
            seats = {s.seat: s for s in self._seats(cur, code)}
            if seat not in seats or to not in seats:
                raise ValueError(f"table {code} has seats 0 to {len(seats) - 1}")
            for a, b in ((seat, to), (to, seat)):
                s = seats[b]
                cur.execute("UPDATE live_table_seats SET kind = ?, name = ?, level = ?, holder = ?, heartbeat = ?, "
                            "covered = ? WHERE code = ? AND seat = ?",
                            (s.kind, s.name, s.level, s.holder, s.heartbeat,
                             HANDED_OVER if s.handed else int(s.covered), code, a))
            self._rename(cur, code)

    def hand_over(self, code: str, seat: int, to: str, *, now: float, bot_name: str | None = None,
                  level: str | None = None) -> None:
        """The host hands a running table's seat over (before the start, `set_seat` does it):

        - ``"bot"``: a bot plays the learner's seat ("bot for <name>") until the host gives it
          back — the learner's tab loses it, and opening the code again is refused (HANDED);
        - ``"back"``: the learner gets the seat back (their tab takes it at its next look, or
          by opening the code again); a seat covered after the grace time too;
        - ``"free"``: the seat is the learner's no more: a bot (`bot_name`, `level`) plays it,
          and a learner waiting to play takes it at the next round.

        Raises:
            TableError: NOT_RUNNING (before the start), UNKNOWN_CODE, ENDED, NOT_SEATED (not a
                learner's seat). ValueError: a seat out of range, an unknown `to`.
        """
        if to not in ("bot", "back", "free"):
            raise ValueError(f"a seat is handed to 'bot', 'back' or 'free', not {to!r}")
        with self._transaction() as cur:
            t = self._open_table(cur, code)
            seats = self._seats(cur, code)
            if not 0 <= seat < len(seats):
                raise ValueError(f"table {code} has seats 0 to {len(seats) - 1}, not {seat}")
            if t.status != "running":
                raise TableError(Problem.NOT_RUNNING, f"table {code} has not started yet", code=code)
            s = seats[seat]
            if s.kind != "learner":
                raise TableError(Problem.NOT_SEATED, f"seat {seat} of table {code} has no learner", code=code)
            if to == "bot":
                cur.execute("UPDATE live_table_seats SET covered = ? WHERE code = ? AND seat = ?",
                            (HANDED_OVER, code, seat))
            elif to == "back":
                cur.execute("UPDATE live_table_seats SET covered = 0, heartbeat = ? WHERE code = ? AND seat = ?",
                            (now, code, seat))
            else:
                cur.execute("UPDATE live_table_seats SET kind = 'bot', name = ?, level = ?, holder = NULL, "
                            "heartbeat = NULL, covered = 0 WHERE code = ? AND seat = ?",
                            (bot_name or f"Bot {seat + 1}", level, code, seat))
                self._rename(cur, code)
            self._pass_host(cur, code, self._seats(cur, code))
            cur.execute("UPDATE live_tables SET updated = ? WHERE code = ?", (now, code))
            self._notify(cur, code, 0)

    def release(self, code: str, seat: int | None, holder: str, *, now: float, claim: float) -> None:
        """The tab `holder` closes (its kernel shuts down): another tab of the same browser
        may take the seat at once (`join`'s `claim`); a bot covers it after the grace time as
        for any silent tab."""
        if seat is None:
            return
        with self._transaction() as cur:
            cur.execute("UPDATE live_table_seats SET heartbeat = ? WHERE code = ? AND seat = ? AND holder = ? "
                        "AND covered = 0", (now - claim - 1.0, code, seat, holder))

    def heartbeat(self, code: str, seat: int | None, holder: str, *, now: float) -> bool:
        """This tab is alive: renew its seat's (or spectator's) heartbeat. Returns False when the
        tab no longer holds the seat (another tab took it back, or a bot covers it)."""
        with self._transaction() as cur:
            if seat is None:
                cur.execute("UPDATE live_table_people SET heartbeat = ? WHERE code = ? AND holder = ?", (now, code, holder))
            else:
                cur.execute("UPDATE live_table_seats SET heartbeat = ? WHERE code = ? AND seat = ? AND holder = ? "
                            "AND covered = 0", (now, code, seat, holder))
            return cur.rowcount > 0

    def cover_stale(self, code: str, *, now: float, grace: float) -> list[int]:
        """Learners' seats whose tab has not answered for `grace` seconds: a bot plays them
        ("bot for <name>") from now; the host role passes on if the host is among them.
        Returns those seats."""
        with self._transaction() as cur:
            self._open_table(cur, code)
            seats = self._seats(cur, code)
            stale = [s.seat for s in seats if s.kind == "learner" and not s.covered
                     and (s.heartbeat is None or now - s.heartbeat > grace)]
            for seat in stale:
                cur.execute("UPDATE live_table_seats SET covered = 1 WHERE code = ? AND seat = ?", (code, seat))
            if stale:
                self._pass_host(cur, code, self._seats(cur, code))
            return stale

    def leave(self, code: str, seat: int | None, holder: str, *, now: float) -> None:
        """The learner leaves: before the start their seat empties; once running a bot plays it
        ("bot for <name>") until they open the code again. A host who leaves passes the host
        role to the next learner in seat order (none: no host)."""
        with self._transaction() as cur:
            t = self._open_table(cur, code)
            if seat is None:
                cur.execute("DELETE FROM live_table_people WHERE code = ? AND holder = ?", (code, holder))
                return
            if t.status == "open":
                cur.execute("UPDATE live_table_seats SET kind = 'empty', name = NULL, holder = NULL, heartbeat = NULL "
                            "WHERE code = ? AND seat = ? AND holder = ?", (code, seat, holder))
            else:
                cur.execute("UPDATE live_table_seats SET covered = 1, holder = NULL WHERE code = ? AND seat = ? "
                            "AND holder = ?", (code, seat, holder))
            self._pass_host(cur, code, self._seats(cur, code))

    def _pass_host(self, cur: _Cursor, code: str, seats: list[SeatRow], exclude: int | None = None) -> None:
        """If the host is no live learner of the table, the next live learner (after the old
        host's seat, in seat order) hosts; none: no host until a learner joins."""
        t = self._table(cur, code)
        live = [s for s in seats if s.kind == "learner" and not s.covered and s.seat != exclude]
        if any(s.name == t.host for s in live):
            return
        old = next((s.seat for s in seats if s.name == t.host), -1)
        live.sort(key=lambda s: (s.seat - old - 1) % len(seats))
        cur.execute("UPDATE live_tables SET host = ? WHERE code = ?", (live[0].name if live else None, code))

    def set_host(self, code: str, name: str) -> None:
        """Hand the host role to the seated learner `name` (NOT_SEATED otherwise)."""
        with self._transaction() as cur:
            self._open_table(cur, code)
            if not any(s.kind == "learner" and s.name == name for s in self._seats(cur, code)):
                raise TableError(Problem.NOT_SEATED, f"{name} has no seat at table {code}", code=code, name=name)
            cur.execute("UPDATE live_tables SET host = ? WHERE code = ?", (name, code))

    # ---- the bots' lease ------------------------------------------------------------------------------

    def take_lease(self, code: str, holder: str, *, now: float, lifetime: float) -> bool:
        """Take or renew the lease to run the table's bots until ``now + lifetime``: granted when
        nobody holds it, `holder` holds it, or the holder's lease has expired. Returns whether
        `holder` holds it now."""
        with self._transaction() as cur:
            cur.execute("SELECT holder, expires FROM live_table_leases WHERE code = ?"
                        + (" FOR UPDATE" if self.kind == "postgresql" else ""), (code,))
            row = cur.fetchone()
            if row is None:
                cur.execute("INSERT INTO live_table_leases (code, holder, expires) VALUES (?, ?, ?) "
                            "ON CONFLICT (code) DO NOTHING", (code, holder, now + lifetime))
                return cur.rowcount > 0
            if row[0] == holder or row[1] < now:
                cur.execute("UPDATE live_table_leases SET holder = ?, expires = ? WHERE code = ?",
                            (holder, now + lifetime, code))
                return True
            return False

    def lease(self, code: str) -> tuple[str, float] | None:
        """``(holder, expires)`` of the table's lease, or None."""
        with self._transaction(write=False) as cur:
            cur.execute("SELECT holder, expires FROM live_table_leases WHERE code = ?", (code,))
            row = cur.fetchone()
            return None if row is None else (row[0], row[1])

    def drop_lease(self, code: str, holder: str) -> None:
        """Give the lease up (a kernel closing cleanly), if `holder` holds it."""
        with self._transaction() as cur:
            cur.execute("DELETE FROM live_table_leases WHERE code = ? AND holder = ?", (code, holder))

    # ---- followers -------------------------------------------------------------------------------------

    def follower(self, code: str, *, interval: float = 0.05) -> "Follower":
        """A :class:`Follower` of table `code` on its own connection (`interval`: SQLite's check, s)."""
        return Follower(self, normalise_code(code), interval=interval)


class Follower:
    """Learns of a table's new entries without busy polling, on its own connection.

    PostgreSQL: ``LISTEN unoparty_t_<code>`` (woken by the NOTIFY each append sends at
    commit). SQLite: ``PRAGMA data_version`` every ``interval`` seconds — it changes only when
    another connection committed to the file — and then the table's last seq.

    Args:
        log: the table log. code: the table. interval: SQLite's check interval (s).
    """

    def __init__(self, log: TableLog, code: str, *, interval: float = 0.05) -> None:
        self.log, self.code, self.interval = log, code, interval
        self._con: Any = None
        self._version: int | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def _open(self) -> Any:
        if self._con is None:
            if self.log.kind == "postgresql":
                import psycopg
                self._con = psycopg.connect(self.log.url, autocommit=True,
                                            connect_timeout=max(1, int(self.log.timeout)))
                self._con.execute(f'LISTEN "{channel(self.code)}"')
            else:
                self._con = self.log._connect(writer=False) if not self.log._memory else self.log._con
        return self._con

    def _last_seq(self) -> int:
        con = self._open()
        if self.log.kind == "postgresql":
            row = con.execute("SELECT MAX(seq) FROM live_table_moves WHERE code = %s", (self.code,)).fetchone()
        else:
            with self.log._lock if self.log._memory else _nolock():
                row = con.execute("SELECT MAX(seq) FROM live_table_moves WHERE code = ?", (self.code,)).fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    def wait(self, after: int, timeout: float) -> int:
        """Block until the table has an entry beyond `after`, or `timeout` seconds (real time:
        this is the kernel's waiting, not game time) have passed. Returns the table's last seq
        (== `after` when nothing new came). An ended table returns at once (-1 notified).

        Raises:
            StoreUnreachable: the database cannot be reached.
        """
        errors = self.log._errors()
        try:
            last = self._last_seq()
            if last > after:
                return last
            deadline = time.monotonic() + timeout
            con = self._con
            if self.log.kind == "postgresql":
                while True:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return self._last_seq()
                    for _ in con.notifies(timeout=left, stop_after=1):
                        break
                    last = self._last_seq()
                    if last > after:
                        return last
            while True:
                version = con.execute("PRAGMA data_version").fetchone()[0]
                if version != self._version:
                    self._version = version
                    last = self._last_seq()
                    if last > after:
                        return last
                left = deadline - time.monotonic()
                if left <= 0:
                    return last
                if self._stop.wait(min(self.interval, left)):
                    return last
        except errors as e:
            self._drop()
            raise StoreUnreachable(f"the class store cannot be reached: {e}") from e

    def follow(self, on_change: Callable[[int], None], after: int = 0) -> None:
        """Call ``on_change(last_seq)`` from a background thread whenever the table gets new
        entries (after `after`), until :meth:`close`. A store that cannot be reached is retried
        every second (``on_change`` is not called meanwhile)."""
        def run() -> None:
            seen = after
            while not self._stop.is_set():
                try:
                    last = self.wait(seen, 1.0)
                except StoreUnreachable:
                    self._stop.wait(1.0)
                    continue
                if last > seen:
                    seen = last
                    on_change(last)
        self._thread = threading.Thread(target=run, name=f"table-follower-{self.code}", daemon=True)
        self._thread.start()

    def _drop(self) -> None:
        if self._con is not None and self._con is not self.log._con:
            try:
                self._con.close()
            except Exception:
                pass
        self._con = None

    def close(self) -> None:
        """Stop following and close the follower's connection."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
        self._drop()


@contextmanager
def _nolock() -> Iterator[None]:
    yield
