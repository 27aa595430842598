"""The game's session without widgets (issue 18): the learner's moves, the bots at both
paces on an injected clock (no asyncio, no waiting), who may act asked once per change, and
a game kept as its start plus the moves and replayed to the same table."""

from __future__ import annotations

import json
import random

import pytest

from unoparty.cards import Card
from unoparty.engine import EventKind, Phase
from unoparty.engine.legal import legal_moves
from unoparty.engine.moves import CallUno, Catch, Draw, Play, SpeedPlay
from unoparty.errors import IllegalMove, UnopartyError
from unoparty.game import Game
from unoparty.rules import Rules
from unoparty.session import LEARNING, PARTY, GameSession, GameStart, StateError, make_bots


def c(text: str) -> Card:
    return Card.parse(text)


def setup_game(names, hands, turn, top="red 3", draw=(), **kw) -> Game:
    return Game.from_setup(list(names), {n: [c(x) for x in h] for n, h in hands.items()}, turn,
                           [c("blue 5"), c(top)], [c(x) for x in draw], **kw)


class StubBot:
    """Uniform over the seat's legal moves; never reacts out of turn."""

    def choose(self, view, rng):
        return rng.choice(view.legal_moves)


class PlayingBot:
    """Plays a card when it can (nine times in ten): rounds end in a few hundred moves."""

    def choose(self, view, rng):
        plays = [m for m in view.legal_moves if isinstance(m, Play)]
        return rng.choice(plays if plays and rng.random() < 0.9 else view.legal_moves)


def stub_bots(seats, level="basic", seed=0):
    return {s: StubBot() for s in seats}


def playing_bots(seats, level="basic", seed=0):
    return {s: PlayingBot() for s in seats}


class FakeClock:
    """A clock the test moves by hand: ``advance(s)`` runs what falls due, in time order."""

    class _Handle:
        def __init__(self, when, fn, args):
            self.when, self.fn, self.args, self.cancelled = when, fn, args, False

        def cancel(self):
            self.cancelled = True

    def __init__(self):
        self.now = 0.0
        self.calls: list[FakeClock._Handle] = []

    def time(self):
        return self.now

    def call_later(self, delay, fn, *args):
        h = self._Handle(self.now + delay, fn, args)
        self.calls.append(h)
        return h

    def due(self):
        return [h for h in self.calls if not h.cancelled]

    def advance(self, seconds):
        end = self.now + seconds
        while True:
            live = [h for h in self.due() if h.when <= end]
            if not live:
                break
            h = min(live, key=lambda h: h.when)
            self.calls.remove(h)
            self.now = h.when
            h.fn(*h.args)
        self.now = end

    def run_next(self) -> bool:
        live = self.due()
        if not live:
            return False
        self.advance(min(h.when for h in live) - self.now)
        return True


@pytest.fixture(autouse=True)
def _fast(monkeypatch):
    monkeypatch.setenv("UNOPARTY_DELAY_SCALE", "1")


def _start(n_bots=3, seed=11, rules=Rules(), level="basic"):
    return GameStart(("You", *("Ava", "Ben", "Cal", "Dee", "Eli")[:n_bots]), rules, seed, level)


def _play_learner(session: GameSession, rng: random.Random, clicks: int) -> None:
    """The learner plays `clicks` moves (a card when one fits, else what is legal)."""
    for _ in range(clicks):
        g = session.game
        if g.phase.is_over:
            return
        if session.chance:
            session.continue_()
            continue
        if session.me not in g.to_act():
            return
        moves = [m for m in g.legal_moves(session.me) if not isinstance(m, (Catch, CallUno, SpeedPlay))]
        plays = [m for m in moves if isinstance(m, Play)]
        session.submit(rng.choice(plays or moves))


# ------------------------------------------------------------------ the engine says who may act


def test_out_of_turn_agrees_with_the_listed_moves_of_every_seat():
    """``Game.out_of_turn`` lists a seat iff its legal moves hold a speed play, an UNO call or
    a catch (SP-1, U-1, U-2), over random rounds of both rule sets."""
    checked = 0
    for seed, rules in [(s, r) for s in range(6) for r in (Rules(), Rules(rule_set="classic", jump_in=True))]:
        g = Game(["A", "B", "C", "D", "E"], rules=rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if g.phase.is_over:
                break
            expected = tuple(p for p in range(g.n_players)
                             if any(isinstance(m, (SpeedPlay, CallUno, Catch)) for m in g.legal_moves(p)))
            assert g.out_of_turn() == expected, (seed, g.phase)
            checked += 1
            g.apply(rng.choice(g.all_legal_moves()))
    assert checked > 500


def test_a_learners_click_lists_the_moves_of_few_seats_not_every_seat(monkeypatch):
    """Who may act is asked once per change: a click at a table of 15 bots lists far fewer
    seats' moves than 5–15 per move applied."""
    import unoparty.game as game_mod
    calls = []
    real = game_mod._legal_moves
    monkeypatch.setattr(game_mod, "_legal_moves", lambda s, p, *a: calls.append(p) or real(s, p, *a))
    session = GameSession.deal(_start(5, seed=3), bot_factory=playing_bots)
    rng = random.Random(2)
    per_move = []
    for _ in range(10):
        if session.game.phase.is_over or session.me not in session.game.to_act():
            if session.chance:
                session.continue_()
                continue
            break
        calls.clear()
        before = len(session.game.history)
        moves = [m for m in session.game.legal_moves(0) if not isinstance(m, (Catch, CallUno, SpeedPlay))]
        calls.clear()
        session.submit(rng.choice(moves))
        applied = len(session.game.history) - before
        per_move.append(len(calls) / max(1, applied))
    assert per_move and max(per_move) <= 3, per_move


# ------------------------------------------------------------------ learning pace


def test_a_dealt_game_waits_for_the_learner_and_plays_on_after_each_move():
    session = GameSession.deal(_start(), bot_factory=stub_bots)
    g = session.game
    assert 0 in g.to_act() or session.chance or g.phase.is_over
    version = session.version
    _play_learner(session, random.Random(1), 3)
    assert session.version > version and session.bot_moves > 0
    assert session.events and session.events[-1] == g.events[-1]


def test_an_illegal_move_changes_nothing_and_names_its_rule():
    g = setup_game(["You", "Ava"], {"You": ["green 7", "green 8"], "Ava": ["blue 1"]}, "You")
    session = GameSession(g, 0, stub_bots([1]))
    version = session.version
    with pytest.raises(IllegalMove) as info:
        session.submit(Play(0, c("green 7")))
    assert info.value.rule == "T-1"
    assert session.version == version and g.history == ()


def test_learning_pace_pauses_at_a_speed_play_chance_as_moves():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "blue 9", "yellow 1"],
                                            "Ava": ["red 7", "green 4"], "Ben": ["green 2", "green 3"]}, "Ava",
                      rest="none", draw=["green 5", "green 6", "green 7"])

    class PlaysRed7:
        def choose(self, view, rng):
            return Play(1, c("red 7")) if Play(1, c("red 7")) in view.legal_moves else view.legal_moves[0]

    session = GameSession(game, 0, {1: PlaysRed7(), 2: StubBot()})
    session.settle()
    assert SpeedPlay(0, c("red 7")) in session.chance
    session.continue_()          # let it go by: Ben plays on
    assert not session.chance and game.history[-1].player == 2


def test_take_back_returns_to_before_the_learners_move():
    session = GameSession.deal(_start(2, seed=5), bot_factory=stub_bots)
    g = session.game
    while 0 not in g.to_act():
        session.continue_()
    n = len(g.history)
    session.submit(Draw(0))
    assert len(g.history) > n
    assert session.undo() and len(g.history) == n and 0 in g.to_act()
    assert not GameSession(setup_game(["You", "Ava"], {"You": ["red 7"], "Ava": ["blue 1"]}, "You"), 0, {}).undo()


def _round_over():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["red 7"], "Ava": ["green 1", "green 2"],
                                            "Ben": ["blue 1", "blue 2"]}, "You")
    game.apply(Play(0, c("red 7")))
    assert game.phase is Phase.ROUND_OVER
    return game


def test_new_round_deals_logs_and_lets_the_bots_act():
    changes = []
    session = GameSession(_round_over(), 0, stub_bots([1, 2]), on_change=lambda: changes.append(1))
    events = session.new_round()
    assert session.game.round_number == 2 and events[0].kind is EventKind.ROUND_STARTED
    assert changes == [1] and set(events) <= set(session.events)
    assert 0 in session.game.to_act() or session.chance


def test_new_round_before_the_round_is_over_changes_nothing():
    g = setup_game(["You", "Ava"], {"You": ["red 7", "red 8"], "Ava": ["green 1"]}, "You")
    session = GameSession(g, 0, stub_bots([1]))
    with pytest.raises(UnopartyError):
        session.new_round()
    assert session.version == 0 and g.round_number == 1


# ------------------------------------------------------------------ party pace on a fake clock


def test_party_pace_bots_act_on_the_clock_after_a_click_and_stop_at_the_end():
    clock = FakeClock()
    session = GameSession(Game(["You", "Ava", "Ben"], seed=2), 0, playing_bots([1, 2]), pace=PARTY, clock=clock)
    assert session.paused and not session.started and not clock.due()  # nothing before a click
    session.start()
    assert session.started and not session.paused
    rng = random.Random(1)
    for _ in range(5000):
        g = session.game
        if session.is_over():
            break
        if 0 in g.to_act():
            moves = [m for m in g.legal_moves(0) if not isinstance(m, (Catch, CallUno))]
            plays = [m for m in moves if isinstance(m, Play)]
            session.submit(rng.choice(plays if plays and rng.random() < 0.9 else moves))
        else:
            assert clock.run_next(), "the bots must be scheduled while the game waits for them"
    assert session.is_over() and session.bot_moves > 0
    assert session.pending() == 0 and session.paused


def test_party_pace_stops_by_itself_after_the_idle_limit():
    clock = FakeClock()
    session = GameSession(Game(["You", "Ava", "Ben"], seed=2), 0, stub_bots([1, 2]), pace=PARTY,
                          idle_limit=5.0, clock=clock)
    session.start()
    while 0 not in session.game.to_act() and clock.run_next():
        pass
    clock.advance(6.0)
    assert session.paused and session.idle and session.pending() == 0
    session.start()
    assert not session.idle and not session.paused


def test_new_round_at_party_pace_starts_the_clock_again():
    clock = FakeClock()
    session = GameSession(_round_over(), 0, stub_bots([1, 2]), pace=PARTY, clock=clock)
    session.start()
    assert session.pending() == 0 and session.paused   # the round is over: nothing to schedule
    session.new_round()
    assert session.pending() and not session.paused    # the bots' moves and the idle watchdog
    session.stop()
    assert session.pending() == 0


class SpeedBot:
    def choose(self, view, rng):
        return view.legal_moves[0]

    def react(self, view, rng):
        return next((m for m in view.legal_moves if isinstance(m, SpeedPlay)), None)


def test_bots_leave_the_card_turned_up_at_the_start_to_the_first_player():
    game = setup_game(["You", "Ava", "Ben"], {"You": ["green 1", "blue 2"], "Ava": ["red 3", "blue 9"],
                                            "Ben": ["green 2", "green 3"]}, "You")
    assert game.top_player is None and 1 in game.out_of_turn()
    assert GameSession(game, 0, {1: SpeedBot(), 2: SpeedBot()}, pace=PARTY).reaction(1) is None
    game2 = setup_game(["You", "Ava", "Ben"], {"You": ["red 3", "blue 2"], "Ava": ["red 3", "blue 9"],
                                             "Ben": ["green 2", "green 3"]}, "You", draw=["yellow 1"])
    game2.apply(Play(0, c("red 3")))
    assert isinstance(GameSession(game2, 0, {1: SpeedBot(), 2: SpeedBot()}, pace=PARTY).reaction(1), SpeedPlay)


def test_an_error_in_a_bots_timer_goes_to_on_error_and_stops_the_clock():
    class Broken:
        def choose(self, view, rng):
            raise RuntimeError("kaboom")

    clock, errors = FakeClock(), []
    g = setup_game(["You", "Ava"], {"You": ["red 7", "red 8"], "Ava": ["green 1", "green 2"]}, "Ava")
    session = GameSession(g, 0, {1: Broken()}, pace=PARTY, clock=clock, on_error=errors.append)
    session.start()
    clock.run_next()
    assert errors and "kaboom" in str(errors[0]) and session.paused and session.pending() == 0


# ------------------------------------------------------------------ kept and replayed


def _same_table(a: Game, b: Game) -> None:
    assert a.hands == b.hands and a.discard_pile == b.discard_pile and a.draw_pile == b.draw_pile
    assert a.phase is b.phase and a.current == b.current and a.scores == b.scores
    assert a.history == b.history


def test_a_kept_game_is_its_start_plus_the_moves_and_replays_to_the_same_table():
    session = GameSession.deal(_start(3, seed=11, rules=Rules(stacking=True)), bot_factory=make_bots)
    _play_learner(session, random.Random(3), 8)
    state = session.to_state()
    text = json.dumps(state)           # JSON-able
    assert state["kind"] == "game" and state["deal"]["seed"] == 11 and state["deal"]["rules"]["stacking"]
    assert len(state["moves"]) == len(session.game.history)
    again = GameSession.from_state(json.loads(text))
    _same_table(again.game, session.game)
    assert again.me == 0 and again.pace == LEARNING and again.to_state() == state
    assert [str(e) for e in again.events[-5:]] == [str(e) for e in session.game.events[-5:]]
    # and it plays on, the same way from the same kept state
    twin = GameSession.from_state(json.loads(text))
    _play_learner(again, random.Random(9), 4)
    _play_learner(twin, random.Random(9), 4)
    _same_table(again.game, twin.game)
    assert again.undo() or not any(getattr(m, "player", None) == 0 for m in again.game.history)


def test_a_table_set_up_by_hand_is_kept_whole():
    g = setup_game(["You", "Ava", "Ben"], {"You": ["red 7", "blue 9"], "Ava": ["red 1", "red 2"],
                                         "Ben": ["green 2", "green 3"]}, "You")
    session = GameSession(g, 0, stub_bots([1, 2]))
    session.submit(Play(0, c("red 7")))
    again = GameSession.from_state(json.loads(json.dumps(session.to_state())), bot_factory=stub_bots)
    _same_table(again.game, g)


def test_a_party_game_comes_back_with_its_clock_stopped():
    clock = FakeClock()
    session = GameSession.deal(_start(2, seed=4), pace=PARTY, bot_factory=stub_bots, clock=clock)
    session.start()
    clock.run_next()
    again = GameSession.from_state(session.to_state(), bot_factory=stub_bots, clock=FakeClock())
    assert again.pace == PARTY and again.started and again.paused and again.pending() == 0
    _same_table(again.game, session.game)


@pytest.mark.parametrize("bad", [
    None, [], "game", {"kind": "lesson"}, {"kind": "game", "format": 99},
    {"kind": "game"}, {"kind": "game", "deal": {"names": ["You", "Ava"]}},
    {"kind": "game", "deal": {"names": ["You", "Ava"], "rules": {"rule_set": "chess"}, "seed": 1}},
    {"kind": "game", "deal": {"names": ["You", "Ava"], "rules": {}, "seed": 1}, "moves": [{"kind": "fly"}]},
    {"kind": "game", "deal": {"names": ["You", "Ava"], "rules": {}, "seed": 1},
     "moves": [{"type": "play", "player": 1, "card": "red 7"}] * 3},
    {"kind": "game", "deal": {"names": ["You", "Ava"], "rules": {}, "seed": "x"}},
    {"kind": "game", "deal": {"names": ["You", "Ava"], "rules": {}, "seed": 1}, "bots": [0]},
    {"kind": "game", "game": {"format": "nope"}},
    {"kind": "game", "pace": "slow", "deal": {"names": ["You", "Ava"], "rules": {}, "seed": 1}},
])
def test_a_bad_kept_state_is_refused_with_a_sentence(bad):
    with pytest.raises(StateError) as info:
        GameSession.from_state(bad, bot_factory=stub_bots)
    assert str(info.value)


def test_pace_must_be_known():
    with pytest.raises(ValueError):
        GameSession(Game(["You", "Ava"]), 0, {}, pace="slow")
