"""Property tests (hypothesis) of the engine (issue 2):

- ``legal_moves`` ⇔ ``why_illegal``: a move is listed iff it is allowed and not a speed-play
  mistake (SP-4);
- ``apply`` then ``undo`` restores the state (and the random generator);
- the same seed and the same moves give the same event log;
- save → load → the same future;
- refusals leave the game unchanged (DESIGN.md).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unoparty.cards import COLOURS, Card
from unoparty.engine import (Accept, CallUno, Catch, Challenge, Draw, Keep, Play, PointAt,
                             SpeedPlay, TakeMiniPile)
from unoparty.engine.serial import state_to_dict
from unoparty.errors import IllegalMove
from unoparty.game import Game
from unoparty.playout import random_move
from unoparty.rules import Rules
from unoparty.refusal_words import explain

from tests.engine_invariants import check_invariants

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

rules_st = st.builds(
    Rules,
    rule_set=st.sampled_from(["party", "classic"]),
    stacking=st.booleans(), seven_o=st.booleans(), jump_in=st.booleans(), doubles=st.booleans(),
    target_score=st.sampled_from([100, 500]),
)


@st.composite
def games(draw, max_players: int = 6):
    """A game with random rules, played for a random number of random moves."""
    rules = draw(rules_st)
    n = draw(st.integers(2, min(max_players, rules.max_players)))
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, 250))
    game = Game([f"P{i}" for i in range(n)], rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        move = random_move(game, rng, out_of_turn=0.3)
        if move is None:
            break
        game.apply(move)
    return game, rng


def candidate_moves(game: Game) -> set:
    """Legal moves plus many plausible illegal ones, for every player."""
    n = game.n_players
    moves: set = set(game.all_legal_moves())
    cards = set(Card.parse(c) for c in ("red 7", "blue 3", "wild", "wild draw four", "green skip"))
    for hand in game.hands:
        cards.update(hand)
    cards.update(game.discard_pile[-1:])
    for p in range(n):
        others = [t for t in range(n) if t != p][:2]
        moves.update({Draw(p), Keep(p), Accept(p), Challenge(p), TakeMiniPile(p), CallUno(p)})
        for t in range(n):
            moves.update({Catch(p, t), PointAt(p, t)})
        for card in cards:
            for call in (False, True):
                moves.add(SpeedPlay(p, card, call))
                for colour in (None, COLOURS[0], COLOURS[3]):
                    for link in (None, (0, 1), (p, p)):
                        moves.add(Play(p, card, colour, link, call))
                moves.add(Play(p, card, None, None, call, swap_with=others[0]))
                moves.add(Play(p, card, None, None, call, twice=True))
                moves.add(Play(p, card, COLOURS[1], (0, n - 1), call))
    return moves


@SETTINGS
@given(games())
def test_legal_moves_agree_with_why_illegal(game_rng) -> None:
    game, _ = game_rng
    legal = set(game.all_legal_moves())
    for p in range(game.n_players):
        assert len(set(game.legal_moves(p))) == len(game.legal_moves(p)), "no duplicates"
    for move in candidate_moves(game):
        refusal = game.why_illegal(move)
        allowed = refusal is None
        if move in legal:
            assert allowed, f"{move} is listed but refused: {refusal}"
            assert not game.is_mistake(move)
        elif allowed:
            assert game.is_mistake(move), f"{move} is allowed but not listed (and not a speed-play mistake)"
        else:
            assert refusal.rule and explain(refusal).endswith(f"({refusal.rule})")


@SETTINGS
@given(games(), st.data())
def test_apply_then_undo_restores_the_state(game_rng, data) -> None:
    game, rng = game_rng
    moves = list(game.all_legal_moves())
    if not moves:
        return
    before = (state_to_dict(game._state), game._rng.getstate(), game.events, game.history)
    move = data.draw(st.sampled_from(moves))
    game.apply(move)
    check_invariants(game)
    game.undo()
    after = (state_to_dict(game._state), game._rng.getstate(), game.events, game.history)
    assert before == after


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_st, st.integers(2, 6), st.integers(0, 2**32 - 1), st.integers(1, 70))
def test_undo_all_the_way_back(rules, n, seed, steps) -> None:
    """Undo goes back through its checkpoints (one per `Game.UNDO_EVERY` moves) and new rounds:
    every earlier position comes back exactly, random generator included."""
    game = Game([f"P{i}" for i in range(n)], rules, seed=seed)
    rng = random.Random(seed)
    seen = [(state_to_dict(game._state), game._rng.getstate(), game.events, game.history)]
    for _ in range(steps):
        move = random_move(game, rng, out_of_turn=0.3)
        if move is None:
            if game.phase.value != "round over":
                break
            game.new_round()
        else:
            game.apply(move)
        seen.append((state_to_dict(game._state), game._rng.getstate(), game.events, game.history))
    seen.pop()
    while seen:
        game.undo()
        assert (state_to_dict(game._state), game._rng.getstate(), game.events, game.history) == seen.pop()
    assert not game.can_undo


def test_state_copy_copies_every_field() -> None:
    """`State.copy` is written out field by field (for speed): every slot is copied, and the
    containers are new ones (changing the copy leaves the original as it was)."""
    from unoparty.engine.state import State
    game = Game(["A", "B", "C"], Rules(rule_set="party"), seed=4)
    s = game._state
    c = s.copy()
    for name in State.__slots__:
        a, b = getattr(s, name), getattr(c, name)
        assert a == b, name
        if isinstance(a, (list, dict)):
            assert a is not b, f"{name} is shared"
    assert all(h is not g for h, g in zip(s.hands, c.hands))
    assert state_to_dict(c) == state_to_dict(s)


@SETTINGS
@given(games(), st.data())
def test_a_refusal_changes_nothing(game_rng, data) -> None:
    game, _ = game_rng
    refused = [m for m in candidate_moves(game) if game.why_illegal(m) is not None]
    if not refused:
        return
    move = data.draw(st.sampled_from(sorted(refused, key=repr)))
    before = (state_to_dict(game._state), game.events, game.history)
    try:
        game.apply(move)
    except IllegalMove as exc:
        assert exc.rule == game.why_illegal(move).rule
        assert exc.move == move
    else:
        raise AssertionError(f"{move} was not refused")
    assert before == (state_to_dict(game._state), game.events, game.history)


@settings(max_examples=25, deadline=None)
@given(rules_st, st.integers(2, 8), st.integers(0, 2**32 - 1))
def test_same_seed_same_moves_same_event_log(rules, n, seed) -> None:
    logs = []
    for _ in range(2):
        game = Game([f"P{i}" for i in range(n)], rules, seed=seed)
        rng = random.Random(seed + 1)
        for _ in range(300):
            move = random_move(game, rng)
            if move is None:
                break
            game.apply(move)
        logs.append((game.events, game.history, state_to_dict(game._state)))
    assert logs[0] == logs[1]


@SETTINGS
@given(games(), st.integers(0, 2**32 - 1))
def test_save_load_gives_the_same_future(game_rng, seed) -> None:
    game, _ = game_rng
    loaded = Game.from_json(game.to_json())
    assert state_to_dict(loaded._state) == state_to_dict(game._state)
    assert loaded.history == game.history and loaded.events == game.events
    futures = []
    for g in (game, loaded):
        rng = random.Random(seed)
        events = []
        for _ in range(120):
            move = random_move(g, rng)
            if move is None:
                break
            events += g.apply(move)
        futures.append((tuple(events), state_to_dict(g._state)))
    assert futures[0] == futures[1]


@SETTINGS
@given(games(max_players=16))
def test_views_show_only_what_a_seat_may_know(game_rng) -> None:
    game, _ = game_rng
    for p in range(game.n_players):
        view = game.view_for(p)
        assert view.hand == game.hands[p]
        assert view.hand_sizes == tuple(len(h) for h in game.hands)
        assert view.legal_moves == game.legal_moves(p)
        assert not hasattr(view, "hands") and not hasattr(view, "draw_pile")
        if view.drawn_card is not None:
            assert game.current == p
        if view.my_target is not None:
            assert view.has_pointed[p]


@SETTINGS
@given(games(max_players=8))
def test_events_for_a_seat_hide_what_it_may_not_see(game_rng) -> None:
    from unoparty.engine import EventKind
    game, _ = game_rng
    for p in range(game.n_players):
        seen = game.events_for(p)
        assert len(seen) == len(game.events)
        for mine, full in zip(seen, game.events):
            assert mine.kind is full.kind and mine.player == full.player
            if full.kind is EventKind.DREW and full.player != p:
                assert mine.cards == ()
            else:
                assert mine.cards == full.cards or not full.cards_visible_to(p)
    assert game.events_for(None) == game.events


def test_from_state_wraps_a_state() -> None:
    from unoparty.errors import SetupError
    game = Game(["A", "B", "C"], seed=4)
    wrapped = Game.from_state(game.names, game.rules, game._state.copy(), seed=9)
    assert wrapped.hands == game.hands and wrapped.phase is game.phase
    assert wrapped.legal_moves(0) == game.legal_moves(0)
    try:
        Game.from_state(["A", "B"], game.rules, game._state.copy())
    except SetupError as exc:
        assert exc.key == "players"
    else:
        raise AssertionError("a state for three seats wrapped for two players")


def test_a_clone_saves_and_loads_as_itself() -> None:
    """`clone` starts its own history: saving a clone gives the clone, not the original's start."""
    game = Game(["A", "B", "C"], seed=5)
    rng = random.Random(5)
    for _ in range(40):
        game.apply(random_move(game, rng))
    copy = game.clone()
    assert state_to_dict(Game.from_json(copy.to_json())._state) == state_to_dict(game._state)
