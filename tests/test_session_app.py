"""The app's session without widgets (issue 18): who the learner is by the browser's key,
the page and language kept, open sessions kept after each change and resumed, a bad kept
state dropped with a notice — never raised."""

from __future__ import annotations

import pytest

from unoparty.rules import Rules
from unoparty.session import AppSession, GameSession, GameStart
from unoparty.session.app import PAGES

from tests.helpers_sessions import KEY_A, KEY_B, FakeSessionStore
from tests.test_session_game import stub_bots


def _game() -> GameSession:
    return GameSession.deal(GameStart(("You", "Ava", "Ben"), Rules(), 7), bot_factory=stub_bots)


def test_a_key_signed_in_as_nobody_then_a_typed_name_keeps_the_work_under_the_name():
    store = FakeSessionStore()
    app = AppSession(store)
    assert app.use_key(KEY_A) is None and app.learner is None and app.keeps
    game = _game()
    app.open(game)                                   # kept under the key alone
    assert app.kept("game") == game.to_state()
    assert app.sign_in("Zoë") == "Zoë" and app.learner == "Zoë"
    again = AppSession(store)
    assert again.use_key(KEY_A) == "Zoë"             # the same browser: signed in, no name typed
    assert again.kept("game") == game.to_state()     # the work moved to the name
    other = AppSession(store)
    other.use_key(KEY_B)
    assert other.kept("game") is None
    other.sign_in("Zoë")                             # another browser signed in as the same name
    assert other.kept("game") == game.to_state()


def test_not_me_signs_the_key_out_and_closes_the_open_sessions():
    store = FakeSessionStore()
    app = AppSession(store)
    app.use_key(KEY_A)
    app.sign_in("Ana")
    app.open(_game())
    app.sign_out()
    assert app.learner is None and app.sessions == {}
    assert AppSession(store).use_key(KEY_A) is None
    assert app.kept("game") is None                  # the game stays Ana's, not the key's


def test_the_page_language_and_choices_are_kept_and_restored():
    store = FakeSessionStore()
    app = AppSession(store)
    app.use_key(KEY_A)
    app.show("home")
    app.choose("bots", 3)
    app.show("game")
    app.set_language("fr")
    kept = app.kept("app")
    assert kept is not None and kept["page"] == "game" and kept["language"] == "fr"
    back = AppSession.from_state(kept, store=store, key=KEY_A)
    assert (back.page, back.previous, back.language, back.choices["bots"]) == ("game", "home", "fr", 3)
    with pytest.raises(ValueError):
        app.show("nowhere")
    with pytest.raises(ValueError):
        app.choose("colour", "red")
    assert set(PAGES) >= {"home", "game", "rules", "practice"}


def test_a_game_is_kept_after_each_change_and_resumed_to_the_same_table():
    store = FakeSessionStore()
    app = AppSession(store)
    app.use_key(KEY_A)
    game = _game()
    app.open(game)
    game.on_kept = lambda: app.keep(game)
    saves = store.saves
    from unoparty.engine.moves import CallUno, Catch, SpeedPlay
    while 0 not in game.game.to_act():
        game.continue_()
    game.submit(next(m for m in game.game.legal_moves(0) if not isinstance(m, (CallUno, Catch, SpeedPlay))))
    assert store.saves > saves
    resumed = AppSession(store)
    resumed.use_key(KEY_A)
    again = resumed.resume("game", lambda s: GameSession.from_state(s, bot_factory=stub_bots))
    assert again is not None
    assert again.game.hands == game.game.hands and again.game.top_card == game.game.top_card
    assert resumed.notice is None


@pytest.mark.parametrize("bad", [{"kind": "game", "format": 7}, {"kind": "game", "deal": "nonsense"},
                                 {"kind": "game", "deal": {"names": ["You", "Ava"], "rules": {}, "seed": 1},
                                  "moves": [{"kind": "play", "player": 1, "card": "red 99"}]}])
def test_a_bad_kept_game_is_dropped_with_a_notice_never_raised(bad):
    store = FakeSessionStore()
    app = AppSession(store)
    app.use_key(KEY_A)
    store.save_session(KEY_A, "game", bad)
    said = []
    app.on_notice = lambda: said.append(app.notice)
    assert app.resume("game", lambda s: GameSession.from_state(s, bot_factory=stub_bots)) is None
    assert app.notice is not None and app.notice.what == "dropped" and app.notice.kind == "game" and said
    assert app.kept("game") is None                  # dropped: the next load offers nothing


def test_a_broken_builder_is_dropped_too():
    store = FakeSessionStore()
    app = AppSession(store)
    app.use_key(KEY_A)
    store.save_session(KEY_A, "game", {"kind": "game"})

    def boom(_state):
        raise KeyError("surprise")

    assert app.resume("game", boom) is None and app.notice.what == "dropped"


def test_a_bad_kept_app_state_is_refused_and_unknown_values_left_alone():
    app = AppSession()
    with pytest.raises(ValueError):
        app.restore({"kind": "game"})
    with pytest.raises(ValueError):
        app.restore("home")  # type: ignore[arg-type]
    app.restore({"kind": "app", "page": "the moon", "language": 7, "choices": {"bots": "many", "x": 1}})
    assert app.page == "" and app.language == "en" and app.choices["bots"] == 5


def test_without_a_key_or_a_store_nothing_is_kept_and_nothing_fails():
    app = AppSession(None)
    app.open(_game())
    assert not app.keeps and app.kept("game") is None and not app.keep()
    app.use_key(KEY_A)
    assert app.learner is None and app.sign_in("Ana") == "Ana"


def test_a_store_that_refuses_sets_the_unsaved_notice():
    class Refusing(FakeSessionStore):
        def save_session(self, key, kind, state):
            from unoparty.progress import StoreError
            raise StoreError("disk full")

    app = AppSession(Refusing())
    app.use_key(KEY_A)
    assert not app.keep() and app.notice is not None and app.notice.what == "unsaved"


def test_the_store_behind_a_kept_store_wrapper_answers():
    class Wrapper:
        def __init__(self, store):
            self.store = store

    inner = FakeSessionStore()
    app = AppSession(Wrapper(inner))
    app.use_key(KEY_A)
    assert app.keep() and inner.kept


# ---------------------------------------------------------------- save throttling (issue 18)

class _Counter:
    """A session kind whose state is a number: each "move" adds one."""

    kind = "practice"

    def __init__(self) -> None:
        self.version = 0
        self.n = 0

    def move(self) -> None:
        self.n += 1
        self.version += 1

    def to_state(self) -> dict:
        return {"kind": self.kind, "n": self.n}


def _throttled(every: float = 0.5):
    from tests.test_session_game import FakeClock

    store, clock = FakeSessionStore(), FakeClock()
    app = AppSession(store, clock=clock, save_every=every)
    app.use_key(KEY_A)
    return app, store, clock


def test_a_burst_of_changes_is_one_write_and_the_last_state_is_written():
    app, store, clock = _throttled(0.5)
    counter = _Counter()
    before = store.saves
    for _ in range(20):                     # twenty clicks within 0.2 s
        counter.move()
        app.keep(counter)
        clock.advance(0.01)
    assert store.saves - before == 1        # the first at once, the rest held
    assert app.held == ("practice",)
    clock.advance(0.5)                      # the interval ends: the last state is written
    assert store.saves - before == 2 and app.held == ()
    assert store.load_session(KEY_A, "practice") == {"kind": "practice", "n": 20}


def test_a_change_after_a_quiet_interval_is_written_at_once():
    app, store, clock = _throttled(0.5)
    counter = _Counter()
    counter.move()
    app.keep(counter)
    clock.advance(2.0)
    counter.move()
    before = store.saves
    app.keep(counter)
    assert store.saves == before + 1 and app.held == ()
    assert store.load_session(KEY_A, "practice")["n"] == 2


def test_each_kind_has_its_own_interval():
    app, store, clock = _throttled(0.5)
    counter, game = _Counter(), _game()
    app.keep(counter)
    app.keep(game)                          # another kind: not held back by the practice write
    assert store.load_session(KEY_A, "game") == game.to_state() and app.held == ()


def test_flush_writes_what_is_held_at_once_and_a_read_sees_it():
    app, store, clock = _throttled(10.0)
    counter = _Counter()
    app.keep(counter)
    counter.move()
    app.keep(counter)
    assert store.load_session(KEY_A, "practice")["n"] == 0 and app.held == ("practice",)
    assert app.kept("practice") == {"kind": "practice", "n": 1}   # this page reads its last state
    counter.move()
    app.keep(counter)
    app.flush()                             # the page closes, the kernel shuts down
    assert store.load_session(KEY_A, "practice")["n"] == 2 and app.held == ()
    writes = store.saves
    clock.advance(20.0)                     # the timer cancelled: nothing written twice
    assert store.saves == writes


def test_forget_drops_what_is_held_and_sign_out_flushes_first():
    app, store, clock = _throttled(10.0)
    counter = _Counter()
    app.keep(counter)
    counter.move()
    app.keep(counter)
    app.forget("practice")
    clock.advance(20.0)
    assert store.load_session(KEY_A, "practice") is None       # not written back after the delete
    app.sign_in("Zoë")
    app.keep(counter)
    counter.move()
    app.keep(counter)                        # held
    app.sign_out()                           # written under Zoë before the key signs out
    again = AppSession(store)
    again.use_key(KEY_B)
    again.sign_in("Zoë")
    assert again.kept("practice") == {"kind": "practice", "n": 2}


def test_without_a_clock_every_keep_writes():
    store = FakeSessionStore()
    app = AppSession(store)
    app.use_key(KEY_A)
    counter = _Counter()
    before = store.saves
    for _ in range(5):
        counter.move()
        app.keep(counter)
    assert store.saves - before == 5 and app.writes == 5


def test_the_learners_moves_are_written_at_once_and_the_bots_moves_throttled():
    """Issue 18: what the learner does is in the store as soon as it is done (a kernel killed
    outright loses none of it); the bots' moves at party pace are written at most once per
    interval, the last state when it ends (one write for a burst)."""
    import random

    from unoparty.game import Game
    from unoparty.engine.moves import CallUno, Catch, Play
    from unoparty.session import PARTY
    from tests.test_session_game import FakeClock, playing_bots

    store, clock = FakeSessionStore(), FakeClock()
    app = AppSession(store, clock=clock, save_every=10.0)   # every bot move of the test within one interval
    app.use_key(KEY_A)
    game = GameSession(Game(["You", "Ava", "Ben"], seed=2), 0, playing_bots([1, 2]), pace=PARTY, clock=clock)
    app.open(game)
    game.on_kept = lambda: app.keep(game, at_once=game.by_learner)
    rng = random.Random(1)
    learner_moves = bot_changes = held_seen = 0
    while not game.is_over() and learner_moves < 12:
        g = game.game
        if 0 in g.to_act():
            moves = [m for m in g.legal_moves(0) if not isinstance(m, (Catch, CallUno))]
            plays = [m for m in moves if isinstance(m, Play)]
            game.submit(rng.choice(plays or moves))
            learner_moves += 1
            assert game.by_learner and app.held == ()
            assert store.load_session(KEY_A, "game") == game.to_state()   # in the store at once
        else:
            before = len(game.game.history)
            assert clock.run_next()
            if len(game.game.history) > before:
                bot_changes += 1
                assert not game.by_learner
                if app.held:
                    held_seen += 1
                    assert app.held == ("game",)
                    assert store.load_session(KEY_A, "game") != game.to_state()   # held back
    assert learner_moves >= 3 and bot_changes >= 3 and held_seen >= 1
    clock.advance(10.0)                        # the interval ends: the last state is written
    assert app.held == () and store.load_session(KEY_A, "game") == game.to_state()
