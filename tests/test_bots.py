"""Bots (issue 3): the protocol, fairness (a bot sees only its view), the heuristics of the
``basic`` level, the ``strong`` level's sampling, and hints."""

from __future__ import annotations

import random

import pytest

from unoparty.bots import LEVELS, Bot, Reason, Timing, Why, determinize, hint, make_bot, reason_words, unseen_cards
from unoparty.bots.basic import BasicBot, bluff_odds
from unoparty.bots.strong import determinize_state, policy_move
from unoparty.cards import Card, Colour, Kind
from unoparty.engine import Accept, Challenge, Phase, Play, PointAt
from unoparty.engine.refusals import why_illegal
from unoparty.game import Game
from unoparty.rules import Rules
from unoparty.simulate import run_round, seat_levels

C = Card.parse
FAST_STRONG = {"playouts": 8, "depth": 6}


def bot(level: str, **kw):
    if level == "strong":
        kw = {**FAST_STRONG, **kw}
    return make_bot(level, **kw)


def fill(colour: str, k: int, start: int = 0) -> list[str]:
    """`k` different number cards of `colour` (a hand whose cards the deck can hold)."""
    return [f"{colour} {(start + i) % 10}" for i in range(k)]


def setup(hands: dict, top: str, *, turn: str = "You", colour=None, draw=(), rules=Rules(), **kw) -> Game:
    names = list(hands)
    return Game.from_setup(names, {k: [C(x) for x in v] for k, v in hands.items()}, turn, [C(top)],
                           [C(x) for x in draw], rules=rules, colour=colour, **kw)


# ---- protocol and settings ---------------------------------------------------------------------

def test_levels_follow_the_protocol() -> None:
    for level in LEVELS:
        b = make_bot(level)
        assert isinstance(b, Bot) and b.level == level
        assert b.timing.think_delay > 0 and b.timing.reaction_time > 0
    # Faster levels react faster: they win more speed-play and catch races in simulations.
    assert make_bot("strong").timing.reaction_time < make_bot("basic").timing.reaction_time \
        < make_bot("random").timing.reaction_time


def test_bad_levels_and_settings() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius")
    with pytest.raises(ValueError, match="bad setting"):
        make_bot("basic", cleverness=3)
    with pytest.raises(ValueError):
        Timing(think_delay=-1, reaction_time=0.5)
    assert make_bot("basic", timing=Timing(0.5, 0.25)).timing.reaction_time == 0.25


# ---- fairness --------------------------------------------------------------------------------------

def _positions(n_games: int = 6, players: int = 4):
    """Positions from seeded bot rounds, in every phase (a game clone per position)."""
    out = []
    for i in range(n_games):
        levels = seat_levels(["basic", "random"], players)
        seen = []

        def check(game, move, seen=seen):
            if game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER) and len(seen) < 400:
                seen.append(game.clone())

        run_round(i, players, levels, Rules(), seed=11, check=check)
        out += seen[::7]
    return out


def _permute_hidden(game: Game, viewer: int, rng: random.Random) -> Game:
    """The same game with the cards `viewer` cannot see (other hands, draw pile order)
    shuffled among their places; each hand keeps its size (and a drawn card stays)."""
    g = game.clone()
    s = g._state
    keep = s.drawn_card if s.phase is Phase.DRAWN and s.current != viewer else None
    pool = list(s.draw_pile)
    for seat in range(s.n):
        if seat != viewer:
            pool += s.hands[seat]
    if keep is not None:
        pool.remove(keep)
    rng.shuffle(pool)
    for seat in range(s.n):
        if seat != viewer:
            k = len(s.hands[seat]) - (1 if keep is not None and seat == s.current else 0)
            s.hands[seat] = pool[:k] + ([keep] if keep is not None and seat == s.current else [])
            del pool[:k]
    s.draw_pile = pool
    return g


def test_fairness_hidden_cards_do_not_change_decisions() -> None:
    """Permuting the hidden cards while the view is the same changes no decision of any
    level, with the same seed: choose, react, and the strong bot's samples."""
    rng = random.Random(5)
    bots = {level: bot(level) for level in LEVELS}
    phases = set()
    checked = 0
    for game in _positions():
        phases.add(game.phase)
        actors = game.waiting_for if game.phase is Phase.POINTING else (game.current,)
        for p in range(game.n_players):
            other = _permute_hidden(game, p, rng)
            view = game.view_for(p)
            assert other.view_for(p) == view
            if other.hands == game.hands and other.draw_pile == game.draw_pile:
                continue
            for level, b in bots.items():
                if p in actors:
                    seed = rng.getrandbits(32)
                    assert b.choose(view, random.Random(seed)) == b.choose(other.view_for(p), random.Random(seed))
                    checked += 1
                seed = rng.getrandbits(32)
                assert b.react(view, random.Random(seed)) == b.react(other.view_for(p), random.Random(seed))
            s1 = determinize_state(view, random.Random(7))
            s2 = determinize_state(other.view_for(p), random.Random(7))
            assert s1.hands == s2.hands and s1.draw_pile == s2.draw_pile
    assert checked > 100
    assert {Phase.TURN, Phase.DRAWN, Phase.POINTING, Phase.MINI_PILE} <= phases


def test_determinized_games_agree_with_the_view() -> None:
    """`determinize` keeps everything the viewer sees and the deck; only hidden cards move."""
    rng = random.Random(3)
    n = 0
    for game in _positions(4):
        for p in range(game.n_players):
            view = game.view_for(p)
            g = determinize(view, rng, seed=1)
            assert g.view_for(p) == view
            assert g.card_count() == 224
            if game.phase is Phase.DRAWN and game.current != p:
                assert g.drawn_card in g.hands[g.current]
            n += 1
    assert n > 100
    assert len(unseen_cards(view)) == sum(view.hand_sizes) - len(view.hand) + view.draw_pile_size


def test_rollout_policy_moves_are_legal() -> None:
    for seed in range(30):
        game = Game([f"P{i}" for i in range(2 + seed % 5)], Rules(stacking=seed % 2 == 0), seed=seed)
        view = game.view_for(0)
        s = determinize_state(view, random.Random(seed))
        rng = random.Random(seed)
        from unoparty.engine.effects import apply_move
        for _ in range(400):
            if s.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                break
            m = policy_move(s)
            assert why_illegal(s, m, None) is None, m
            apply_move(s, m, rng)


# ---- basic heuristics ---------------------------------------------------------------------------------

def test_basic_keeps_wilds_and_names_the_colour_it_holds_most() -> None:
    g = setup({"You": ["red 7", "wild", "blue 1", "blue 2", "blue 5"], "Ava": fill("green", 5, 1),
               "Ben": fill("green", 5, 2)}, "red 3")
    move, reason = BasicBot().decide(g.view_for(0), random.Random(0))
    assert move == Play(0, C("red 7"))
    assert reason == Reason(Why.PLAY_KEEP_WILD, card=C("red 7"))  # as data: the hint words it
    assert "wild" in reason_words(reason, g.names)
    g = setup({"You": ["wild", "blue 1", "blue 2", "yellow 4"], "Ava": fill("green", 2, 1),
               "Ben": fill("green", 5, 2)}, "red 3")
    move = BasicBot().choose(g.view_for(0), random.Random(0))
    assert move.card == C("wild") and move.colour is Colour.BLUE


def test_basic_stops_a_player_about_to_go_out() -> None:
    g = setup({"You": ["red 7", "red skip", "blue 1", "blue 2", "red 9"], "Ava": ["green 1"],
               "Ben": fill("green", 5, 2)}, "red 3")
    assert BasicBot().choose(g.view_for(0), random.Random(0)).card == C("red skip")


def test_basic_points_at_the_player_closest_to_going_out_and_links_the_fewest() -> None:
    g = setup({"You": ["red point taken", "wild drawn together", "blue 1", "blue 5", "blue 6"], "Ava": fill("green", 4, 1),
               "Ben": fill("green", 2, 2), "Cy": fill("green", 3, 3)}, "red 3")
    g.apply(Play(0, C("red point taken")))
    assert g.phase is Phase.POINTING
    for p in range(4):
        move = BasicBot().choose(g.view_for(p), random.Random(0))
        assert isinstance(move, PointAt)
        assert move.target == (2 if p != 2 else 3)
    g = setup({"You": ["wild drawn together", "blue 1", "blue 2"], "Ava": fill("green", 4, 1),
               "Ben": fill("green", 2, 2), "Cy": fill("green", 3, 3)}, "red 3")
    move = BasicBot().choose(g.view_for(0), random.Random(0))
    assert move.card.kind is Kind.WILD_DRAWN_TOGETHER and move.link == (2, 3)


def test_basic_challenges_when_the_odds_favour_it() -> None:
    def after_wd4(ava_hand):
        g = setup({"You": ["blue 1", "blue 2"], "Ava": ["wild draw four"] + ava_hand, "Ben": fill("green", 5, 2)},
                  "red 3", turn="Ava")
        g.apply(Play(1, C("wild draw four"), Colour.BLUE))
        assert g.phase is Phase.CHALLENGE and g.current == 2
        return g.view_for(2)

    many = after_wd4(["green 5", "green 6", "yellow 7", "yellow 8", "green 9", "yellow 1"])
    few = after_wd4(["green 5", "green 6"])
    assert bluff_odds(many) > bluff_odds(few)
    assert BasicBot().choose(many, random.Random(0)) == Challenge(2)
    assert BasicBot().choose(few, random.Random(0)) == Accept(2)


def test_basic_sometimes_forgets_uno_as_set() -> None:
    g = setup({"You": ["red 7", "blue 1"], "Ava": fill("green", 5, 1)}, "red 3")
    assert BasicBot(forget_uno=0.0).choose(g.view_for(0), random.Random(0)).call_uno
    assert not BasicBot(forget_uno=1.0).choose(g.view_for(0), random.Random(0)).call_uno
    calls = sum(BasicBot(forget_uno=0.3).choose(g.view_for(0), random.Random(i)).call_uno for i in range(200))
    assert 100 < calls < 180


def test_basic_reacts_speed_play_and_catch() -> None:
    g = setup({"You": ["red 7", "blue 1", "blue 2"], "Ava": ["red 3", "green 1", "green 2"],
               "Ben": fill("green", 3, 2)}, "red 3", turn="Ben")
    assert BasicBot().react(g.view_for(1), random.Random(0)).card == C("red 3")
    g = setup({"You": ["red 7", "blue 1"], "Ava": fill("green", 3, 1), "Ben": fill("green", 3, 2)}, "red 3")
    g.apply(Play(0, C("red 7")))  # no UNO call
    assert BasicBot().react(g.view_for(1), random.Random(0)).target == 0
    assert BasicBot().react(g.view_for(0), random.Random(0)).__class__.__name__ == "CallUno"


def test_random_bot_chooses_among_legal_moves() -> None:
    g = Game(["A", "B", "C"], seed=2)
    b = make_bot("random")
    for i in range(50):
        assert b.choose(g.view_for(g.current), random.Random(i)) in g.legal_moves(g.current)


# ---- strong --------------------------------------------------------------------------------------------

def test_strong_repeats_with_the_same_seed_and_plays_legal_moves() -> None:
    g = Game(["A", "B", "C", "D"], seed=9)
    b = make_bot("strong", playouts=24, depth=10)
    view = g.view_for(g.current)
    moves = {b.choose(view, random.Random(4)) for _ in range(3)}
    assert len(moves) == 1
    assert g.why_illegal(moves.pop()) is None


def test_strong_takes_the_winning_card() -> None:
    # Playing the red 7 wins at once; the search must find it among the options.
    g = setup({"You": ["red 7"], "Ava": fill("green", 3, 1), "Ben": fill("green", 3, 2)}, "red 3")
    assert make_bot("strong").choose(g.view_for(0), random.Random(0)) == Play(0, C("red 7"))


def test_strong_searches_only_the_phases_it_is_set_to() -> None:
    # With no phase searched, the strong bot plays its heuristic choice (as with no playouts).
    for seed in range(6):
        g = Game(["A", "B", "C", "D"], seed=seed)
        view = g.view_for(g.current)
        off = make_bot("strong", search_phases=()).choose(view, random.Random(1))
        assert off == make_bot("strong", playouts=0).choose(view, random.Random(1))
        assert g.why_illegal(off) is None


# ---- hints ------------------------------------------------------------------------------------------------

def test_hints_are_legal_with_one_sentence() -> None:
    for seed in range(20):
        g = Game(["You", "Ava", "Ben"], seed=seed)
        for p in range(3):
            move, reason = hint(g, p)
            assert isinstance(reason, str) and reason.endswith(".") and reason.count(". ") == 0
            if move is not None:
                assert g.why_illegal(move) is None
    g = setup({"You": ["red 7", "wild", "blue 1"], "Ava": fill("green", 5, 1)}, "red 3")
    move, reason = hint(g, 0)
    assert move == Play(0, C("red 7")) and reason.startswith("Play the red 7")


@pytest.mark.parametrize("why", list(Why))
def test_every_bot_reason_has_words(why) -> None:
    """Issue 18: the bots give their reasons as data; every `Why` has its words (one entry of
    `REASON_WORDS` each), one sentence naming what the reason carries."""
    from unoparty.bots.hints import REASON_WORDS
    assert set(REASON_WORDS) == set(Why)
    reason = Reason(why, card=C("red 7"), colour=Colour.BLUE, seat=1, seat2=2, count=3)
    text = reason_words(reason, ["You", "Ava", "Ben"])
    assert text.endswith(".") and "{" not in text and "None" not in text and "?" not in text, text
    if why in (Why.CATCH, Why.POINT_AT_CLOSEST, Why.CHALLENGE_MANY_CARDS, Why.WAIT, Why.WD4_ATTACK, Why.WD4_BAIT):
        assert "Ava" in text, text


def test_a_bot_words_nothing_and_the_hint_words_its_reason() -> None:
    """`decide` returns a `Reason` (data); `hint` is `advice` worded, in the current language."""
    from unoparty import i18n
    from unoparty.bots import advice
    g = setup({"You": ["red 7", "wild", "blue 1"], "Ava": fill("green", 5, 1)}, "red 3")
    move, reason = advice(g, 0)
    assert isinstance(reason, Reason) and reason.why is Why.PLAY_KEEP_WILD
    assert hint(g, 0) == (move, reason_words(reason, g.names))
    before = i18n.language()
    try:
        i18n.set_language("fr")
        assert hint(g, 0)[1] == reason_words(reason, g.names) != "Play the red 7: it keeps your wild card for later."
    finally:
        i18n.set_language(before)


def _basic_round(seed: int, memory):
    """Play a 4-player round of basic bots (out-of-turn moves at random moments), `memory`
    watching seat 0; yield ``(step, game)`` after every move."""
    g = Game(["a", "b", "c", "d"], seed=seed, record_undo=False)
    bots = [make_bot("basic") for _ in range(4)]
    rng = random.Random(seed)
    memory.observe(g.view_for(0), g.events_for(0))
    for step in range(600):
        if g.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return
        actors = g.waiting_for if g.phase is Phase.POINTING else (g.current,)
        move = None
        for p in range(4):
            if p not in actors and g.legal_moves(p) and rng.random() < 0.3:
                move = bots[p].react(g.view_for(p), rng)
                if move:
                    break
        if move is None:
            a = rng.choice(actors)
            move = bots[a].choose(g.view_for(a), rng)
        seen = len(g.events)
        g.apply(move)
        memory.observe(g.view_for(0), g.events_for(0, seen))
        yield step, g


def test_memory_inferences_hold_for_the_real_hands() -> None:
    """`TableMemory` only infers what is true (against sensible players): a player void in a
    colour holds at most `fresh` cards of it besides known ones, and known cards are held."""
    from collections import Counter

    from unoparty.bots.memory import TableMemory, card_keys
    checks = 0
    for seed in range(8):
        memory = TableMemory()
        for _step, g in _basic_round(seed, memory):
            for q in range(1, 4):
                rest = Counter(g.hands[q]) - memory.known[q]
                assert not memory.known[q] - Counter(g.hands[q])
                for key, fresh in memory.voids[q].items():
                    assert sum(k for c, k in rest.items() if key in card_keys(c)) <= fresh
                    checks += 1
    assert checks > 500


def test_memory_learns_from_events_that_hide_other_players_drawn_cards() -> None:
    """The memory learns from ``events_for(seat)``: no card another player drew reaches it
    (also not the card drawn that did not play, T-3), and it is the same whatever the hidden
    cards are (fairness)."""
    from unoparty.bots.memory import TableMemory
    from unoparty.engine import EventKind

    ended = 0
    for seed in range(4):
        memory = TableMemory()
        for _step, g in _basic_round(seed, memory):
            for e in g.events_for(0):
                if e.kind in (EventKind.DREW, EventKind.TURN_ENDED_AFTER_DRAW) and e.player != 0:
                    assert e.cards == ()
                    ended += e.kind is EventKind.TURN_ENDED_AFTER_DRAW
    assert ended > 5


def test_sampled_hands_agree_with_the_plays_basic_players_made() -> None:
    """The strong bot's opponent model never rules out the truth: with every basic player's
    real hand, `plays_agreeing` accepts all the plays the memory saw; sampled hands dealt
    again until they agree (`consistency_tries`) agree more often than hands dealt once; and
    the samples depend on the view and the memory only (fairness)."""
    from unoparty.bots.memory import TableMemory
    from unoparty.bots.strong import plays_agreeing

    model = BasicBot()
    seen = agree_once = agree_tries = 0
    for seed in range(6):
        memory = TableMemory()
        for step, g in _basic_round(seed, memory):
            view = g.view_for(0)
            for q in range(1, 4):
                plays = memory.decisions[q]
                assert plays_agreeing(model, plays, g.hands[q], memory.left[q], 4) == len(plays)
                seen += len(plays)
            if step % 5 == 0 and g.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                once = determinize_state(view, random.Random(step), memory)
                tried = determinize_state(view, random.Random(step), memory, 6, model)
                other = _permute_hidden(g, 0, random.Random(step))
                again = determinize_state(other.view_for(0), random.Random(step), memory, 6, model)
                assert (tried.hands, tried.draw_pile) == (again.hands, again.draw_pile)
                for q in range(1, 4):
                    assert len(tried.hands[q]) == len(g.hands[q])
                    plays, left = memory.decisions[q], memory.left[q]
                    agree_once += plays_agreeing(model, plays, once.hands[q], left, 4)
                    agree_tries += plays_agreeing(model, plays, tried.hands[q], left, 4)
    assert seen > 300
    assert agree_tries > agree_once
