"""`GameCore`: the part of `unoparty.game.Game` that runs on every move — `legal_moves`,
`apply`, `phase`, `current`, `to_act` — compiled with the engine (``setup.py``; issue 20).
`Game` is a subclass written in Python: its constructors, its checks of a learner's values
(`Game.from_setup` names the setup key), saving, views and undo.

Compiled, a `Game`'s ``game.apply(move)`` and ``game.phase`` run no Python at all; before,
the four made a Python frame each on every move, a fifth of a game's time around the
compiled engine. What a learner passes in (a seat, a move) is typed `Any` here, so that a
wrong value reaches our own checks — a seat that is no seat gives `SeatError`, a move with a
field of the wrong type `why_illegal`'s sentence naming the field — and not the compiler's
``int object expected; got str``. `Game` declares the types a learner's type checker sees.
"""

from __future__ import annotations

from typing import Any, Final

from ..errors import IllegalMove
from ._mypyc import mypyc_attr
from .effects import apply_listed, apply_move
from .events import Event
from .legal import listing, recognise
from .moves import Move
from .refusals import why_illegal
from .state import Phase, State

__all__ = ["GameCore", "UNDO_EVERY"]

_ROUND_OVER: Final = Phase.ROUND_OVER
_MATCH_OVER: Final = Phase.MATCH_OVER
_POINTING: Final = Phase.POINTING

UNDO_EVERY: Final = 16
"""Log entries between two undo checkpoints (`Game.UNDO_EVERY`): undo replays at most this
many moves, and a game keeps one state copy per this many moves (instead of one per move)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class GameCore:
    """What `Game` does on every move (see the module's docstring). Its fields are set by
    `Game`'s constructors (`Game.__init__`, `Game._wrap`)."""

    _names: tuple[str, ...]
    _state: State
    _rng: Any                                  # `unoparty.game._RecordingRandom`
    _events: list[Event]
    _log: list[Any]                            # moves and "new round" markers, in order
    # Undo checkpoints, one every `UNDO_EVERY` log entries: (state copy, random state,
    # len(events), len(log), reshuffles used). `Game.undo` goes back to the last one and replays.
    _undo: list[tuple[State, list[Any], int, int, int]]
    _record_undo: bool
    _listed: tuple[Move, ...]                  # what the last `legal_moves` returned, until the game changes
    _listed_long: list[tuple[Move, ...]]       # the long shared tuples among them (`engine.legal.among`)

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def current(self) -> int | None:
        """The seat to act (see Phase); ``None`` when the round or match is over."""
        s = self._state
        phase = s.phase  # `is`, not `in`: `in` compares a phase that is not the same with `==`
        return None if phase is _ROUND_OVER or phase is _MATCH_OVER else s.current

    @property
    def n_players(self) -> int:
        return self._state.n

    def to_act(self) -> tuple[int, ...]:
        """The seats whose move the game waits for now (OpenSpiel's current player): the
        current player; during pointing every seat that has not pointed yet (PT-3); ``()``
        when the round or match is over. Other seats may still make out-of-turn moves
        (speed play, UNO calls, catches: see `legal_moves`)."""
        return self._state.to_act()

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """During pointing, the seats that have not pointed (PT-3); else ``()``."""
        s = self._state
        if s.phase is not _POINTING:
            return ()
        pointing = s.pointing
        return tuple([i for i in range(s.n) if i not in pointing])

    def legal_moves(self, player: Any) -> tuple[Move, ...]:
        """Every move `player` may make now (never a speed-play mistake, SP-4), as shared
        frozen objects: plays first, then draw, keep or the answers, then speed plays, UNO
        calls and catches.

        Raises:
            SeatError: `player` is not a seat of this table (an int from 0 to n - 1).
        """
        # `engine.legal.listing`: the seat checked, the moves as a tuple; `_listed_long`
        # receives the long shared tuples among them (for `recognise`).
        moves = listing(self._state, player, self._listed_long)
        self._listed = moves
        return moves

    def apply(self, move: Any) -> tuple[Event, ...]:
        """Make `move` and return what happened.

        Raises:
            IllegalMove: the move is not allowed now (`.rule`, `.reason`, `.refusal` as data;
                `unoparty.refusal_words.explain(e.refusal)` words it); the game is unchanged.
            TypeError / ValueError: an ill-typed move (not a move; a seat that is not an int;
                a card that is not a `Card`; a colour that is not a `Colour`; a link that is
                not two seats), the field named; or a scenario's given reshuffle that does not
                hold the cards being shuffled. The game is unchanged.
        """
        rng = self._rng
        record_undo = self._record_undo
        if not record_undo and not rng.reshuffles:
            # No undo checkpoint to keep, no given reshuffle that may not fit: a listed move
            # is applied in one engine call (`engine.effects.apply_listed`), the rest below.
            done = apply_listed(self._state, move, self._listed, self._listed_long, rng, self._events, self._log)
            if done is not None:
                self._listed = ()
                return done
        # A move just listed by `legal_moves` is legal: `legal_moves` ⇔ `why_illegal` (a
        # property test) — no need to check it again. Listed: the same object, or a fresh one
        # built by the caller equal to it field for field (`engine.legal.recognise`: most
        # moves built, ``Draw(0)``, ``Play(0, card)``, are the shared object already).
        known = recognise(move, self._listed, self._listed_long)
        if known is None:
            refusal = why_illegal(self._state, move, self._names)
            if refusal is not None:
                raise IllegalMove(move, refusal)
            known = move
        self._listed = ()
        added = False
        if record_undo:
            undo = self._undo
            added = (not undo or len(self._log) - undo[-1][3] >= UNDO_EVERY) and checkpoint(self)
        events: list[Event]
        if rng.used < len(rng.reshuffles):  # a given reshuffle may not fit: keep a copy
            before, used = self._state.copy(), rng.used
            try:
                events = apply_move(self._state, known, rng)
            except ValueError:  # nothing changes
                self._state = before
                rng.used = used
                if added:
                    self._undo.pop()
                raise
        else:
            events = apply_move(self._state, known, rng)
        self._events.extend(events)
        self._log.append(known)
        return tuple(events)


def checkpoint(game: GameCore) -> bool:
    """Before a move or new round: keep an undo checkpoint if `UNDO_EVERY` log entries have
    passed since the last one. Returns whether one was added."""
    undo = game._undo
    n_log = len(game._log)
    if undo and n_log - undo[-1][3] < UNDO_EVERY:
        return False
    rng = game._rng
    undo.append((game._state.copy(), rng.hold(), len(game._events), n_log, rng.used))
    return True
