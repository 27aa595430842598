"""Practice cut from real games (issue 14): exercises, their coverage, mastery and the page."""

from __future__ import annotations

import random

import pytest

from unoparty.cli import main
from unoparty.practice.coverage import DECIDING, MINIMUM, NOT_POSED
from unoparty.practice.exercises import (ExerciseKind, engine_answer, exercise, exercise_by_id, is_right,
                                         round_exercises, round_settings, to_scenario)
from unoparty.practice.mastery import (REVIEW_WITHIN, Answer, FilePracticeStore, MemoryPracticeStore, mastery,
                                       next_rule)
from unoparty.scenarios.loader import loads_scenario
from unoparty.scenarios.check import check_scenario

SAMPLE_SEEDS = (0, 1, 2, 3, 5, 8, 13, 21)


def _with_tables(seed):
    """(exercise, its table) for every exercise of the round of `seed`, the round replayed
    once (not once per exercise: ``ex.game()`` replays from the deal)."""
    from unoparty.practice.exercises import CHANGES, _round_steps
    by_moment = {}
    for ex in round_exercises(seed):
        by_moment.setdefault(len(ex.moves), []).append(ex)
    for i, (game, _move) in enumerate(_round_steps(seed)):
        for ex in by_moment.get(i, ()):
            yield ex, (CHANGES[ex.change](game.clone()) if ex.change else game.clone())


def _sample():
    """A few exercises of every kind from a few rounds (deterministic)."""
    picked = {}
    for seed in SAMPLE_SEEDS:
        for ex in round_exercises(seed):
            picked.setdefault((ex.kind, ex.rule), ex)
    return list(picked.values())


def test_every_kind_of_question_is_cut_from_real_rounds():
    kinds = {ex.kind for ex in _sample()}
    assert kinds == set(ExerciseKind)


@pytest.mark.parametrize("ex", _sample(), ids=lambda ex: f"{ex.kind.value}-{ex.rule}-{ex.id}")
def test_an_exercise_is_a_legal_position_and_its_answer_is_the_engines(ex):
    game = ex.game()  # the deal, then the round's moves: the engine accepts every one
    assert len(game.history) == len(ex.moves) or len(ex.moves) >= 0
    assert engine_answer(ex) == ex.answer
    assert is_right(ex, ex.answer)
    wrong = next(c for c in ex.choices() if c != ex.answer) if len(ex.choices()) > 1 else None
    if wrong is not None:
        assert not is_right(ex, wrong)
    # as a scenario file (SCENARIO_FORMAT.md), the checker replays it and agrees
    assert check_scenario(loads_scenario(to_scenario(ex))) is None


def test_an_exercise_with_a_reshuffle_replays_as_a_scenario():
    from unoparty.engine.events import EventKind
    from unoparty.game import Game
    from unoparty.practice.exercises import play_round
    found = []  # who-next questions asked after the round reshuffled, and T-5 questions
    for seed in range(60):
        rules, names = round_settings(seed)
        game = Game(list(names), rules=rules, seed=seed)
        first = next((i for i, m in enumerate(play_round(seed))
                      if any(e.kind is EventKind.RESHUFFLED for e in game.apply(m))), None)
        later = [ex for ex in round_exercises(seed) if first is not None and len(ex.moves) > first + 3
                 and ex.kind is ExerciseKind.WHO_NEXT]
        found += later[:1] + [ex for ex in round_exercises(seed) if ex.rule == "T-5"][:1]
        if len(found) >= 6:
            break
    assert found
    written = 0
    for ex in found:
        try:
            text = to_scenario(ex)
        except ValueError as e:  # said clearly, never a wrong file
            assert "cannot be written as a scenario" in str(e)
            continue
        assert check_scenario(loads_scenario(text)) is None
        written += 1
    assert written


def test_the_same_seed_gives_the_same_exercise():
    for seed in (4, 9, 77):
        assert exercise(seed) == exercise(seed)
        a = exercise(seed, "A-4")
        round_exercises.cache_clear()
        from unoparty.practice.exercises import play_round
        play_round.cache_clear()
        assert exercise(seed, "A-4") == a and a.rule == "A-4"
        assert exercise_by_id(a.id) == a


def test_different_seeds_give_different_tables():
    settings = {round_settings(s) for s in range(30)}
    assert len(settings) > 5
    assert len({exercise(s).moves for s in range(10)}) > 5


def test_an_exercise_on_each_deciding_rule_can_be_found():
    for rule in DECIDING:
        ex = exercise(1000, rule)
        assert ex.rule == rule and engine_answer(ex) == ex.answer


def test_bad_exercise_ids_are_clear_errors():
    with pytest.raises(ValueError):
        exercise_by_id("seven")
    with pytest.raises(LookupError):
        exercise_by_id("3-999999")


@pytest.mark.soak
def test_practice_stats_counts_50_distinct_positions_per_deciding_rule(capsys):
    """The whole census (`make soak`; the suite checks its record, test_practice_census.py)."""
    status = main(["practice", "stats"])
    out = capsys.readouterr().out
    lines = {line.split()[0]: line for line in out.splitlines() if line[:1].isalpha() and "-" in line.split()[0]}
    assert status == 0, out
    for rule in DECIDING:
        assert int(lines[rule].split()[1]) >= MINIMUM
    for rule, reason in NOT_POSED.items():
        if rule in lines:
            assert reason in lines[rule]


def test_practice_stats_exits_1_when_a_rule_is_short(capsys):
    assert main(["practice", "stats", "--rounds", "2"]) == 1
    assert "fewer than 50" in capsys.readouterr().out


def test_practice_show_prints_the_question_answer_and_rule(capsys):
    assert main(["practice", "show", "7", "--rule", "A-1"]) == 0
    out = capsys.readouterr().out
    assert "rule A-1" in out and "answer:" in out and "Rule A-1" in out
    assert main(["practice", "show", "nope-x"]) == 2
    capsys.readouterr()
    # a word that is neither a seed nor an id, and an unknown rule id, are said plainly
    assert main(["practice", "show", "abc"]) == 2
    assert "neither a seed" in capsys.readouterr().out
    assert main(["practice", "show", "7", "--rule", "ZZ-9"]) == 2
    assert "unknown rule id 'ZZ-9'" in capsys.readouterr().out


def test_an_unknown_language_is_refused(capsys):
    assert main(["--lang", "xx", "lessons"]) == 2
    err = capsys.readouterr().err
    assert "--lang 'xx'" in err and "fr" in err and "cs" in err


# ------------------------------------------------------------------ mastery and review

def test_three_right_in_a_row_master_a_rule_and_a_miss_resets_the_run():
    h = [Answer("A-1", True), Answer("A-1", True), Answer("A-1", False), Answer("A-1", True), Answer("A-1", True)]
    m = mastery(h)["A-1"]
    assert (m.tries, m.right, m.streak, m.mastered) == (5, 4, 2, False)
    assert mastery(h + [Answer("A-1", True)])["A-1"].mastered


def _practised(seed: int, questions: int, rules: list[str], right) -> list[Answer]:
    """The answers of a learner who practises `questions` questions on `rules`, each chosen
    by `next_rule`; ``right(rule, rng)`` says whether the answer to `rule` is right."""
    rng = random.Random(seed)
    history: list[Answer] = []
    for _ in range(questions):
        rule = next_rule(history, rules)
        history.append(Answer(rule, right(rule, rng)))
    return history


@pytest.mark.parametrize("seed", range(20))
def test_a_rule_answered_wrong_comes_back_soon(seed):
    history = _practised(seed, 40, list(DECIDING[:8]), lambda rule, rng: rng.random() < 0.7)
    for i, a in enumerate(history[:-REVIEW_WITHIN]):
        if not a.correct:
            # within REVIEW_WITHIN, later by two per other missed rule waiting (reviews
            # take at most every other question)
            latest = {b.rule: b.correct for b in history[:i]}
            waiting = sum(1 for r, ok in latest.items() if not ok and r != a.rule)
            later = [b.rule for b in history[i + 1: i + 1 + REVIEW_WITHIN + 2 * waiting]]
            if i + REVIEW_WITHIN + 2 * waiting < len(history):
                assert a.rule in later, (i, a, later)


def test_the_file_store_keeps_answers_and_survives_a_broken_file(tmp_path):
    path = tmp_path / "practice.json"
    store = FilePracticeStore(path)
    store.record("ana", "A-1", True)
    store.record("ana", "T-0", False)
    store.record("ben", "A-1", False)
    assert [(a.rule, a.correct) for a in FilePracticeStore(path).history("ana")] == [("A-1", True), ("T-0", False)]
    path.write_text("{ not json", encoding="utf-8")
    assert FilePracticeStore(path).history("ana") == []


# ------------------------------------------------------------------ the page

widgets = pytest.importorskip("ipywidgets")


@pytest.fixture()
def page():
    from unoparty.views.practice import PracticePage
    return PracticePage(store=MemoryPracticeStore(), seed=5)


def test_the_page_poses_an_exercise_on_the_table_and_checks_the_answer(page):
    ex = page.exercise
    assert page.question.value and "up-tablebox" in " ".join(page.table.box._dom_classes)
    assert len(page.choice_buttons) == len(ex.choices())
    assert ex.rule not in page.rule_label.value  # the rule would give the answer away
    right = ex.choices().index(ex.answer)
    page.choice_buttons[right].click()
    assert page.feedback.kind == "good" and f"Rule {ex.rule}" in page.feedback.html.value
    assert page.store.history("me")[-1] == Answer(ex.rule, True, page.store.history("me")[-1].at)
    assert not page.next_button.disabled and all(b.disabled for b in page.choice_buttons)
    page.next_button.click()
    assert page.exercise is not ex and page.next_button.disabled


def test_a_wrong_answer_is_explained_and_its_rule_comes_back(page):
    ex = page.exercise
    wrong = next(c for c in ex.choices() if c != ex.answer)
    page.answer(wrong)
    assert page.feedback.kind == "bad" and "the answer is" in page.feedback.html.value
    seen = []
    for _ in range(REVIEW_WITHIN):
        page.next_button.click()
        seen.append(page.exercise.rule)
        page.answer(page.exercise.answer)
    assert ex.rule in seen


def test_three_right_answers_on_a_rule_show_it_mastered():
    from unoparty.views.practice import PracticePage
    page = PracticePage(store=MemoryPracticeStore(), seed=5, rules=("A-4", "T-1"))
    first = page.exercise.rule
    assert not page.mastered()[first]
    for _ in range(6):
        page.answer(page.exercise.answer)
        page.next_button.click()
    assert page.mastered()[first]
    assert "mastered" in page.mastery_html.value


def test_who_acts_next_is_answered_by_clicking_a_seat(page):
    from unoparty.practice.exercises import exercise as make
    ex = make(3, "A-4")
    assert ex.kind in (ExerciseKind.WHO_NEXT, ExerciseKind.CAN_PLAY)
    ex = next(e for s in range(3, 40) for e in round_exercises(s) if e.kind is ExerciseKind.WHO_NEXT)
    page.show(ex)
    page.table.seat_buttons[ex.answer].click()
    assert page.feedback.kind == "good"


def test_the_app_has_a_practice_page_in_its_navigation(tmp_path, monkeypatch):
    monkeypatch.setenv("UNOPARTY_PROGRESS", str(tmp_path / "progress.json"))
    from unoparty.views.app import App
    app = App()
    app.nav_buttons["practice"].click()
    assert app.page == "practice" and app.content.children[0] is app.practice.box
    ex = app.practice.exercise
    app.practice.answer(ex.answer)
    # nobody has given a name: the answer is this session's, never a file shared by everyone
    assert app.practice.store.history(app.practice.learner)[-1].rule == ex.rule
    assert not (tmp_path / "practice.json").exists()
    app.practice.feedback.rule_button.click()
    assert app.page == "rules" and app.rules.focus == ex.rule
    app.rules.back_button.click()
    assert app.page == "practice"


# ------------------------------------------------------------------ the Speed Play drill

class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_drill_keeps_reaction_times_and_judges_jumps_with_the_engine():
    from unoparty.practice.drill import SpeedDrill
    clock = FakeClock()
    d = SpeedDrill(seed=2, clock=clock, bot_reaction=0.9, match_rate=1.0)
    d.flip()
    card = d.matching_card()
    assert card is not None
    clock.now += 0.42
    j = d.jump(card)
    assert (j.outcome, j.rule) == ("hit", "SP-1") and d.reactions == [pytest.approx(0.42)]
    size = len(d.hand)
    d.flip()
    wrong = next(c for c in d.hand if c != d.top)
    j = d.jump(wrong)
    assert (j.outcome, j.rule) == ("mistake", "SP-4") and len(d.hand) == size + 1  # a penalty card
    d.flip()
    card = d.matching_card()
    clock.now += 1.5  # slower than the bot
    assert d.jump(card).outcome == "late" and len(d.reactions) == 1


def test_the_drill_is_reproducible_from_its_seed():
    from unoparty.practice.drill import SpeedDrill
    a, b = SpeedDrill(seed=9, clock=FakeClock()), SpeedDrill(seed=9, clock=FakeClock())
    assert a.hand == b.hand and [a.flip() for _ in range(8)] == [b.flip() for _ in range(8)]


def test_the_drill_page_shows_reaction_times(page):
    from unoparty.views.drill import SpeedDrillView
    page.drill_button.click()
    assert page.drill is not None and page.drill.box in page.box.children
    clock = FakeClock()
    view = SpeedDrillView(seed=4, clock=clock)
    view.drill.match_rate = 1.0
    view.flip()
    assert "svg" in view.top.value
    card = view.drill.matching_card()
    clock.now += 0.5
    view.hand.buttons[view.hand.cards.index(card)].click()
    assert view.feedback.kind == "good" and "0.50" in view.stats.value
    view.flip()  # the next card: the verdict on the jump stays readable
    assert view.feedback.kind == "good"
    page.questions_button.click()
    assert page.questions in page.box.children


def test_a_documented_change_poses_a_reshuffle_on_a_real_table():
    from unoparty.practice.exercises import CHANGES
    from unoparty.practice.text import question
    changed = [ex for seed in range(6) for ex in round_exercises(seed) if ex.change][:8]
    assert changed
    for ex in changed:
        assert ex.change in CHANGES and ex.rule == "T-5"
        game = ex.game()
        assert len(game.draw_pile) <= 1 and game.card_count() == (224 if ex.rules.rule_set == "party" else 108)
        assert engine_answer(ex) == ex.answer
        assert "changed" in question(ex)
        text = to_scenario(ex)
        assert ex.change in text and check_scenario(loads_scenario(text)) is None


# ------------------------------------------------------------------ a fresh learner's findings

def test_a_point_taken_question_says_who_played_the_point_taken():
    from unoparty.practice.text import question
    ex = exercise(1000, "PT-5")
    game = ex.game()
    assert game.pointer is not None
    assert f"{ex.names[game.pointer]} played a Point Taken." in question(ex)


def test_no_colour_question_depends_on_a_card_turned_up_from_the_draw_pile():
    from unoparty.engine.events import EventKind
    from unoparty.practice.exercises import _after
    found = 0
    for seed in SAMPLE_SEEDS + tuple(range(30, 50)):
        for ex, game in _with_tables(seed):
            if ex.kind is ExerciseKind.COLOUR:
                _game, events = _after(game, ex.move)
                assert not any(e.kind is EventKind.MINI_PILE_STARTED for e in events), ex.id
                found += 1
    assert found and "PU-3" in NOT_POSED and "PU-3" not in DECIDING


def test_hidden_state_that_decides_answers_is_said_in_the_question():
    from unoparty.engine import Phase
    from unoparty.practice.text import question, situation
    drawn = pending = None
    for seed in range(40):
        for ex, game in _with_tables(seed):
            if drawn is None and game.phase is Phase.DRAWN and game.drawn_card is not None:
                drawn = ex
            if pending is None and game.pending_draw:
                pending = ex
        if drawn and pending:
            break
    assert drawn and pending
    assert "has already drawn" in question(drawn) and situation(drawn)[0] in question(drawn)
    n = pending.game().pending_draw
    assert f"{n} cards are waiting to be drawn." in question(pending) or n == 1


def test_the_rules_line_names_the_rule_set_and_the_house_rules():
    from unoparty.practice.text import rules_line
    from unoparty.rules import Rules
    assert rules_line(Rules()) == "Rules: UNO Party!"
    assert rules_line(Rules(rule_set="classic", stacking=True, doubles=True)) == \
        "Rules: Classic UNO + Stacking (H-1), Doubles (H-4)"


def test_a_reshuffle_question_says_truly_how_many_cards_are_left():
    from unoparty.practice.text import question
    changed = [ex for seed in range(6) for ex in round_exercises(seed) if ex.change][:8]
    assert changed
    for ex in changed:
        text = question(ex)
        assert "almost" not in text
        if len(ex.game().draw_pile) == 0:
            assert "the draw pile is empty" in text
        else:
            assert "one card is left in the draw pile" in text


@pytest.mark.parametrize("seed", range(10))
def test_reviews_take_at_most_every_other_question(seed):
    rules = list(DECIDING[:8])
    # two rules always answered wrong, the others mostly right
    history = _practised(seed, 60, rules, lambda rule, rng: rule not in rules[:2] and rng.random() < 0.8)
    reviews = [i for i in range(1, len(history))
               if any(b.rule == history[i].rule for b in history[:i])
               and not next(b for b in reversed(history[:i]) if b.rule == history[i].rule).correct]
    assert reviews and all(b - a >= 2 for a, b in zip(reviews, reviews[1:]))
    for r in rules[:2]:  # the missed rules still come back again and again
        assert sum(a.rule == r for a in history) >= 8


def test_a_second_click_keeps_the_explanation(page):
    ex = page.exercise
    page.answer(ex.answer)
    first = page.feedback.html.value
    assert page.answer(ex.answer) is False
    value = page.feedback.html.value
    assert f"Rule {ex.rule}" in value and "Already answered" in value
    assert value.index("Rule ") < value.index("Already answered") and len(value) > len(first)
    assert len(page.store.history("me")) == 1


def test_the_hand_has_one_button_per_card_shown(page):
    sizes = [(len(g.hands[e.player]), e) for s in range(3) for e, g in _with_tables(s)]
    long = max(sizes, key=lambda t: t[0])[1]
    short = min(sizes, key=lambda t: t[0])[1]
    page.show(long)
    assert len(page.hand.buttons) == len(long.game().hands[long.player])
    page.show(short)
    assert len(page.hand.buttons) == len(short.game().hands[short.player]) == len(page.hand.cards)
    assert len(page.hand.row.children) == len(page.hand.buttons)


def test_the_page_shows_the_rules_of_the_table(page):
    from unoparty.practice.text import rules_line
    assert rules_line(page.exercise.rules) in page.rules_html.value.replace("&amp;", "&")


def test_a_point_taken_ending_a_link_is_posed():
    from unoparty.practice.text import question
    ex = exercise(1000, "PT-2")
    game = ex.game()
    assert ex.kind is ExerciseKind.LINKED and game.links and ex.answer is False
    assert engine_answer(ex) is False
    a, b = (ex.names[s] for s in game.links[:2])
    assert f"Are {a} and {b} still linked then?" in question(ex)
    assert check_scenario(loads_scenario(to_scenario(ex))) is None


# ------------------------------------------------------------------ progress that moves (issue 19)

def test_each_right_answer_moves_the_rules_run_and_mastery_comes_one_rule_at_a_time():
    """Not "0 of 35 rules mastered" after 70 right answers: the rules being learnt take
    turns (ACTIVE at once), each right answer moves its rule's "k of 3 in a row", and a rule
    is mastered every few answers."""
    from unoparty.practice.mastery import ACTIVE, MASTERY_STREAK
    from unoparty.views.practice import PracticePage
    page = PracticePage(store=MemoryPracticeStore(), seed=3)
    assert len(page.rules) == len(DECIDING) > ACTIVE
    for i in range(ACTIVE * MASTERY_STREAK * 3):
        rule = page.exercise.rule
        before = page.runs()[rule]
        page.answer(page.exercise.answer)
        assert page.runs()[rule] == before + 1
        run = "mastered" if before + 1 >= MASTERY_STREAK else f"{before + 1} of {MASTERY_STREAK} in a row"
        assert run in page.rule_label.value and f"rule {rule}" in page.rule_label.value
        if before + 1 < MASTERY_STREAK:
            assert f"{rule}</span> {run}" in page.mastery_html.value  # "Learning now: A-1 2 of 3 in a row"
        page.next_button.click()
    mastered = sum(page.mastered().values())
    assert mastered >= ACTIVE * 3 - (ACTIVE - 1), mastered  # 27 right answers: about one rule every third
    assert f"{mastered} of {len(DECIDING)} rules mastered" in page.mastery_html.value


def test_seventy_right_answers_master_about_twenty_rules():
    from unoparty.practice.mastery import MASTERY_STREAK
    history = _practised(0, 70, list(DECIDING), lambda rule, rng: True)
    done = sum(m.mastered for m in mastery(history).values())
    assert done >= 70 // MASTERY_STREAK - 2, done  # one rule mastered every three answers, once started


# ------------------------------------------------------------------ keys pick by label (issue 19)

def _how_many():
    return next(e for s in SAMPLE_SEEDS for e in round_exercises(s)
                if e.kind is ExerciseKind.HOW_MANY and e.answer not in (0, 1))


def test_a_digit_key_picks_the_answer_labelled_with_that_digit():
    """On "How many cards…?" (answers 0–6) key 1 picks "1", not the first button ("0")."""
    from unoparty.views.app import App
    app = App()
    app.show_practice()
    page = app.practice
    ex = _how_many()
    page.show(ex)
    assert [b.description for b in page.choice_buttons][:2] == ["0", "1"]
    app.keys.press(str(ex.answer))  # through the keys widget, as the browser sends it
    assert page.answered and page.feedback.kind == "good", page.feedback.html.value
    page.show(ex)
    app.keys.press("0")  # the first button, by its label
    assert page.answered and page.feedback.kind == "bad" and page.session.choice == 0


def test_answers_not_labelled_by_digits_are_picked_by_place():
    from unoparty.views.app import App
    app = App()
    app.show_practice()
    page = app.practice
    ex = next(e for s in SAMPLE_SEEDS for e in round_exercises(s) if e.kind is ExerciseKind.COLOUR)
    page.show(ex)
    app.keys.press(str(ex.choices().index(ex.answer) + 1))
    assert page.feedback.kind == "good"
    page.show(ex)
    app.keys.press("0")  # no answer labelled 0, and 0 is no place: nothing happens
    assert not page.answered
    app.keys.press("9")  # no ninth answer: nothing happens
    assert not page.answered


# ------------------------------------------------------------------ practice that stretches (issue 19)

def test_the_end_of_a_round_asks_for_the_score_and_the_explanation_counts_it():
    from unoparty.practice.text import explanation, question
    scores = [e for s in SAMPLE_SEEDS for e in round_exercises(s) if e.kind is ExerciseKind.SCORE]
    assert scores
    for ex in scores:
        game = ex.game()
        assert ex.rule == "R-3" and len(game.hands[ex.move.player]) == 1
        assert engine_answer(ex, game) == ex.answer
        choices = ex.choices()
        assert ex.answer in choices and len(set(choices)) == 4 and min(choices) >= 0
        text = question(ex)
        for seat, hand in enumerate(game.hands):  # every other hand is said: nothing hidden decides it
            if seat != ex.move.player:
                assert f"{ex.names[seat]} holds:" in text
        why = explanation(ex)
        assert f"= {ex.answer}." in why and "Rule R-3" in why
        assert check_scenario(loads_scenario(to_scenario(ex))) is None


def test_a_mastered_rule_comes_back_as_a_harder_question():
    """Once a rule is mastered, its questions are ones where two rules meet (a speed play
    while players are linked, a Point Taken ending the links, a mini pile come round)."""
    from unoparty.practice.exercises import HARD, HARD_RULES
    from unoparty.views.practice import PracticePage
    page = PracticePage(store=MemoryPracticeStore(), seed=2, rules=("SP-4",))
    assert "SP-4" in HARD_RULES
    for _ in range(3):
        assert page.exercise.rule == "SP-4"
        page.answer(page.exercise.answer)
        page.next_button.click()
    assert page.mastered()["SP-4"]
    ex = page.exercise
    assert ex.rule == "SP-4" and ex.hard in HARD and "a harder one" in page.rule_label.value
    assert ex.hard == "links" and ex.game().links  # a speed play while two players are linked
    assert engine_answer(ex) == ex.answer


def test_every_kind_of_harder_question_is_cut():
    from unoparty.practice.exercises import HARD
    kinds = set()
    for seed in range(60):  # until every kind is met
        kinds |= {e.hard for e in round_exercises(seed) if e.hard}
        if kinds == set(HARD):
            break
    assert kinds == set(HARD)


# ------------------------------------------------------------------ work at click time (issue 18)

def test_an_answer_reuses_the_pages_table_and_next_reuses_the_answer_buttons(page, monkeypatch):
    """One practice answer replayed the deal three times (303 Game.apply): it is checked
    and explained on the table the page holds (the question's move applied to a copy, to check
    and to explain: at most twice)."""
    import unoparty.game as game_mod
    applied = []
    real = game_mod.Game.apply
    monkeypatch.setattr(game_mod.Game, "apply", lambda self, move: applied.append(move) or real(self, move))
    made = set()
    for _ in range(6):
        made |= {id(b) for b in page.choice_buttons}
        applied.clear()
        page.answer(page.exercise.answer)
        assert len(applied) <= 2, len(applied)
        page.next_button.click()
    assert len(made) <= 7  # the most answers a question offers (two to seven), made once
    assert {id(b) for b in page.choice_buttons} <= made


def test_the_page_draws_a_session_brought_back_and_tells_each_change(page):
    """The app keeps the session after every change (on_change) and draws it again after a
    reload: the same question, the answer given and its explanation (issue 18)."""
    from unoparty.session.practice import PracticeSession
    from unoparty.views.practice import PracticePage
    told = []
    page.on_change = told.append
    ex = page.exercise
    page.choice_buttons[ex.choices().index(ex.answer)].click()
    assert told == [page.session]
    store = page.store
    again = PracticePage(session=PracticeSession.from_state(page.session.to_state(), store=store))
    assert again.exercise == ex and again.question.value == page.question.value
    assert again.feedback.kind == "good" and again.feedback.html.value == page.feedback.html.value
    assert all(b.disabled for b in again.choice_buttons) and not again.next_button.disabled
    assert len(store.history("me")) == 1
