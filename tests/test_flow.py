"""The learning flow: answers that explain, stars, quizzes, lessons, and the way in from Home."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from apptest_util import HANG_GUARD, app_session, lesson_headings
from streamlit.testing.v1 import AppTest

from tutorial.course.lessons import (
    QuizQuestion,
    lesson_by_id,
    lesson_of,
    load_lessons,
    mark_answer,
    next_in_lesson,
    quiz_score,
    start_lesson,
)
from tutorial.course.progress import stars
from tutorial.engine.cards import Card
from tutorial.engine.outcomes import Play, TrickResult
from tutorial.language.i18n import speaking, t
from tutorial.scenarios.checker import Checked, check_text
from tutorial.scenarios.files import scenario_files
from tutorial.scenarios.loader import parse_file
from tutorial.scenarios.model import AskStep
from tutorial.scenarios.position import build
from tutorial.scenarios.reasons import answer_label, given_label, speak, trick_event_text
from tutorial.scenarios.runtime import Run, goto, start

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
BASE = (SCENARIOS / "belote" / "overruff.yaml").read_text(encoding="utf-8")
APP = "../tutorial/app.py"  # relative to this file, as AppTest wants
LESSONS = load_lessons("en")

# overruff: Partner leads A♠, Left trumps 10♥, the learner (You) must overtrump with 9♥,
# Right plays 7♠; the question asks who wins that trick (no author's explanation).
AUTHOR_EXPLAIN = "The 9♥ beats the 10♥, so you must play it."
POINTS_ASK = (
    "question: Who wins this trick?\n      kind: trick_winner\n      answer: You\n"
    "      choices: [You, Right, Partner, Left]"
)


def _checked(text: str = BASE) -> Checked:
    return check_text(text, "flow.yaml")


def _every_scenario() -> Iterator[tuple[Path, Run]]:
    """Each scenario file at its start (built, not proved: the checker has its own tests)."""
    for path in scenario_files([str(SCENARIOS)]):
        sc, doc = parse_file(path)
        yield path, start(sc, build(sc, doc))


def _lib_checked(sid: str) -> Checked:
    """A scenario of the library, as the app serves it in English."""
    from tutorial.course.library import load_library

    return load_library().scenarios[sid]


def _to_question(checked: Checked) -> Run:
    run = start(checked.scenario, checked.table)
    while run.waiting_for != "ask":
        run = run.solve_current()
    return run


# --- a right move -------------------------------------------------------------------------


def test_a_right_card_says_correct_then_the_authors_explanation() -> None:
    checked = _checked()
    run, fb = start(checked.scenario, checked.table).try_action("9H")
    assert fb.ok
    assert fb.message == f"Correct. {AUTHOR_EXPLAIN}"
    assert fb.explanation == AUTHOR_EXPLAIN
    assert run.explanation == AUTHOR_EXPLAIN


def test_a_right_card_without_explanation_gets_the_engines() -> None:
    checked = _checked(BASE.replace(f"      explain: {AUTHOR_EXPLAIN}\n", ""))
    run, fb = start(checked.scenario, checked.table).try_action("9H")
    assert fb.message == "Correct. 9♥ overtrumps 10♥."
    assert run.explanation == "9♥ overtrumps 10♥."


def test_no_feedback_along_any_scenario_says_right() -> None:
    """'Right' is a seat's name in Belote: a right answer always says 'Correct'."""
    for path, run in _every_scenario():
        while not run.finished:
            step = run.current
            if isinstance(step, AskStep):
                run, fb = run.answer(step.ask.answer)
            else:
                accept = step.play.accept
                code = accept[0] if accept != "any" else str(run.state.legal_actions()[0])
                run, fb = run.try_action(code)
                if not fb.ok:  # an 'any' step whose first legal action needs its own code
                    run = run.solve_current()
                    continue
            assert fb.ok, (path, fb.message)
            assert fb.message.startswith("Correct."), (path, fb.message)
            assert "Right!" not in fb.message and "not right" not in fb.message


# --- a wrong answer, then another, then the right one -------------------------------------


def test_a_wrong_answer_first_gets_the_reasoning_without_the_answer() -> None:
    run = _to_question(_checked())
    before = run.mistakes
    run, fb = run.answer("Right")
    assert fb.kind == "answer_wrong"
    assert fb.message.startswith("Not quite: “Right” is not the answer.")
    # the trick's cards and the rule that decides it ...
    for card in ("Partner A♠", "Left 10♥", "You 9♥", "Right 7♠"):
        assert card in fb.message
    assert "the highest trump takes it" in fb.message
    assert "Trumps are hearts (♥)." in fb.message
    # ... but not who takes it
    assert "You take the trick" not in fb.message and "answer is" not in fb.message
    assert run.mistakes == before + 1 and run.wrong_here == 1


def test_a_wrong_answer_reads_in_chinese_without_a_space_after_its_quotes() -> None:
    """「你」 then 也不是 with no space between (the message once kept the English
    sentence's spaces around the answer); a figure is still spaced from the Chinese, and
    yes or no is quoted, where 是不是 would read "is it or not"."""
    with speaking("zh-Hant"):
        run = _to_question(_checked())
        run, first = run.answer("Right")
        run, again = run.answer("Left")
        assert t("run.answer_wrong", value=given_label(41), detail="") == "不太對：41 不是答案。"
        assert given_label(True) == "「是」" and given_label("no") == "「否」"
    assert re.match(r"不太對：「[^」]+」不是答案。", first.message), first.message
    assert re.match(r"還是不對：「[^」]+」也不是答案。", again.message), again.message


def test_a_second_wrong_answer_gets_the_full_reasoning_and_the_answer() -> None:
    run = _to_question(_checked())
    run, _ = run.answer("Right")
    run, fb = run.answer("Left")
    assert fb.message == (
        "Still not it: “Left” is not the answer either. You take the trick: 9♥ is the "
        "highest trump in the trick. So the answer is “You”."
    )
    assert run.wrong_here == 2
    run, fb = run.answer("You")
    assert fb.message == "Correct. You take the trick: 9♥ is the highest trump in the trick."
    assert run.explanation == "You take the trick: 9♥ is the highest trump in the trick."
    assert run.wrong_here == 0 and run.finished


def test_trick_points_are_listed_card_by_card_then_summed() -> None:
    text = BASE.replace(
        POINTS_ASK, "question: How many points?\n      kind: trick_points\n      answer: 35"
    )
    run = _to_question(_checked(text))
    run, first = run.answer(30)
    assert "Card by card: A♠ 11, 10♥ 10, 9♥ 14, 7♠ 0. Add them up." in first.message
    assert "35" not in first.message
    run, second = run.answer("36")
    assert "A♠ 11 + 10♥ 10 + 9♥ 14 + 7♠ 0 = 35. So the answer is 35." in second.message
    run, right = run.answer("35")
    assert right.message == "Correct. A♠ 11 + 10♥ 10 + 9♥ 14 + 7♠ 0 = 35."


def test_every_checked_question_is_explained_and_the_hint_keeps_the_answer() -> None:
    """Along every scenario: a right answer always explains; the engine's first hint
    for a trick question never states its answer, its full reasoning reaches it."""
    for path, run in _every_scenario():
        while not run.finished:
            step = run.current
            if isinstance(step, AskStep) and step.ask.kind != "choice":
                ask = step.ask
                wrong, fb = run.answer("no such answer")
                assert "answer is" not in fb.message, (path, fb.message)
                if ask.kind == "trick_points":
                    assert f"= {answer_label(ask.answer)}" not in fb.message, path
                _, again = wrong.answer("no such answer")
                assert f"answer is {answer_label(ask.answer)}" in again.message, path
                done, right = run.answer(ask.answer)
                assert done.explanation and right.message.startswith("Correct. "), path
            run = run.solve_current()


def test_each_run_keeps_the_explanation_of_its_move() -> None:
    checked = _checked()
    history = [start(checked.scenario, checked.table)]
    while not history[-1].finished:
        history.append(history[-1].solve_current())
    assert [r.explanation for r in history] == [
        "",
        AUTHOR_EXPLAIN,
        "You take the trick: 9♥ is the highest trump in the trick.",
    ]


def test_hints_at_a_question_go_from_a_nudge_to_the_reasoning_to_the_answer() -> None:
    run = _to_question(_checked())
    assert "Look again" in run.hint(0)
    assert "the highest trump takes it" in run.hint(1) and "“You”" not in run.hint(1)
    assert run.hint(2).startswith("The answer is “You”. You take the trick: 9♥")


def test_a_card_to_play_where_any_card_may_be_played_has_no_legal_cards_hint() -> None:
    from tutorial.pictures.table_data import marks_for
    from tutorial.scenarios.checker import check_file
    from tutorial.scenarios.runtime import HINT_ANSWER, HINT_LEGAL, HINT_NUDGE

    checked = check_file(Path("scenarios/briscola/count-to-61.yaml"))
    run = start(checked.scenario, checked.table)
    while run.waiting_for != "play":
        run = run.solve_current()
    assert run.state.any_card_playable
    assert run.hint_kinds() == (HINT_NUDGE, HINT_ANSWER)
    assert "Q♥" in run.hint(1)  # the second hint is the answer, no list of every card
    assert not marks_for(run, None, 1, False).legal
    second = marks_for(run, None, 2, False)
    assert not second.legal and {c.code for c in second.answer} == {"QH"}
    # Where a rule refuses cards, the legal cards keep their tier.
    other = _checked()
    belote = start(other.scenario, other.table)
    while belote.waiting_for != "play":
        belote = belote.solve_current()
    assert belote.hint_kinds() == (HINT_NUDGE, HINT_LEGAL, HINT_ANSWER)


# --- words ----------------------------------------------------------------------------------


def test_answers_read_well_inside_a_sentence() -> None:
    assert answer_label("The 10") == "“The 10”"  # never "The answer is The 10."
    assert answer_label(True) == "yes" and answer_label("No") == "no"
    assert answer_label(162.0) == "162" and answer_label(4.5) == "4.5"


def test_the_learners_possessive_is_your_never_yous() -> None:
    table = _checked().table  # You, Right, Partner, Left
    assert speak(table, "Seat 1's carré beats seat 0's quinte.") == (
        "Right's carré beats your quinte."
    )
    assert speak(table, "Seat 0's tierce wins.") == "Your tierce wins."
    assert speak(table, "It is seat 3's turn, not seat 0's.") == "It is Left's turn, not yours."


def _trick(winner: int, points: float) -> TrickResult:
    cards = [Card.parse(c) for c in ("7S", "8S", "JS", "9S")]
    plays = tuple(Play(s, c) for s, c in enumerate(cards))
    return TrickResult(0, plays, winner, points, "highest_of_led_suit", "J♠ is highest.")


def test_trick_lines_name_the_learner_and_count_points_with_plurals() -> None:
    table = _checked().table
    assert trick_event_text(table, _trick(0, 2)) == "Your trick (2 points): J♠ is highest."
    assert trick_event_text(table, _trick(3, 1)) == "Trick to Left (1 point): J♠ is highest."
    run, _ = _to_question(_checked()).answer("You")
    tricks = [e.text for e in run.transcript if e.kind == "trick"]
    assert tricks == ["Your trick (35 points): 9♥ is the highest trump in the trick."]


# --- stars ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("mistakes", "expected"), [(0, 3), (1, 2), (2, 2), (3, 1), (40, 1)])
def test_stars(mistakes: int, expected: int) -> None:
    assert stars(mistakes) == expected


def _play_script() -> None:
    """The Play page's controller takes ``moves`` in a scenario opened at its start, at a
    link's ``step`` or from a review card: a card or an answer, "hint", "reveal", or
    "next" (the scenario's own answer at the step); the progress it records ends in
    ``result``."""
    import streamlit as st

    from tutorial.course.review_deck import ScenarioSource, card_key
    from tutorial.scenarios.model import AskStep, PlayStep
    from tutorial.scenarios.runtime import goto, start
    from tutorial.webapp import common, state
    from tutorial.webapp.pages.play import Controller
    from tutorial.webapp.pages.review import open_scenario_card

    sid = st.session_state["sid"]
    checked = common.library().get(sid)
    assert checked is not None
    step = st.session_state.get("step", 0)
    if st.session_state.get("review"):
        source = ScenarioSource(scenario=sid, step=step)
        open_scenario_card(card_key(source), source)
    else:
        state.open_scenario_session(sid, goto(start(checked.scenario, checked.table), step))
    ctl = Controller(sid, checked)
    for move in st.session_state["moves"]:
        current = ctl.session.run.current if ctl.session.run else None
        if move == "hint":
            ctl.hint()
        elif move == "reveal":
            ctl.reveal()
        elif move == "next" and isinstance(current, PlayStep):
            ctl.act(str(current.play.accept[0]))
        elif move == "next" and isinstance(current, AskStep):
            ctl.answer(current.ask.answer)
        elif isinstance(current, AskStep):
            ctl.answer(move)
        else:
            ctl.act(move)
    prog = state.progress_of(sid)
    st.session_state["result"] = (prog.done, prog.stars, prog.mistakes)


def _progress_after(sid: str, moves: list[str], **extra: object) -> tuple[bool, int, int]:
    """(done, stars, wrong tries) in the progress once the Play page took ``moves``."""
    at = AppTest.from_function(_play_script, default_timeout=HANG_GUARD)
    at.session_state["sid"] = sid
    at.session_state["moves"] = moves
    for k, v in extra.items():
        at.session_state[k] = v
    at.run()
    assert not at.exception, at.exception
    done, n, mistakes = at.session_state["result"]
    return bool(done), int(n), int(mistakes)


def test_a_scenario_played_without_a_wrong_try_earns_three_stars() -> None:
    assert _progress_after("belote/overruff", ["9H", "You"]) == (True, 3, 0)
    assert _progress_after("belote/overruff", ["8H", "9H", "You"]) == (True, 2, 1)


@pytest.mark.parametrize(
    "moves",
    [["hint", "hint", "hint", "9H", "You"], ["reveal", "9H", "You"]],
    ids=["the last hint", "the presenter's reveal"],
)
def test_an_answer_shown_before_it_is_given_counts_as_a_wrong_try_for_the_stars(
    moves: list[str],
) -> None:
    """The answer on show ("The answer: 9♥"), then played: two stars, not three; the
    wrong tries the teacher sees stay the learner's own (none)."""
    assert _progress_after("belote/overruff", moves) == (True, 2, 0)
    # two hints, the answer not shown: still three stars
    assert _progress_after("belote/overruff", ["hint", "hint", "9H", "You"]) == (True, 3, 0)


def test_a_card_the_feedback_calls_as_good_as_the_answer_is_no_wrong_try() -> None:
    """Briscola's last three tricks: the 2♦ instead of the 3♥ "ends the same way" (with
    best play, every hand known): the step still asks for the 3♥, nothing is counted."""
    sid = "briscola/seed-last-three-tricks"
    checked = _lib_checked(sid)
    run = goto(start(checked.scenario, checked.table), 11)
    after, fb = run.try_action("2D")
    assert not fb.ok and fb.as_good and not fb.mistake
    assert fb.message.startswith("That ends the same way")
    assert after.mistakes == 0 and after.step == run.step
    moves = ["next"] * 4 + ["2D"] + ["next"] * 4
    assert _progress_after(sid, moves) == (True, 3, 0)


@pytest.mark.parametrize("via", ["review", "link"])
def test_a_step_opened_from_a_review_card_or_a_link_earns_no_stars(via: str) -> None:
    """Overruff's question, opened at its step and answered right: the scenario is no more
    done and earns no stars than before (a review step is no run of the scenario)."""
    extra: dict[str, object] = {"step": 4}
    if via == "review":
        extra["review"] = True
    assert _progress_after("belote/overruff", ["You"], **extra) == (False, 0, 0)


# --- quizzes as pure functions --------------------------------------------------------------


def test_quiz_marks_and_score() -> None:
    qs = [
        QuizQuestion(question="a", choices=["x", "y"], answer="x"),
        QuizQuestion(question="b", choices=[152, 162], answer=162),
        QuizQuestion(question="c", choices=["yes", "no"], answer="no"),
    ]
    nothing = [mark_answer(q, None) for q in qs]
    assert nothing == ["unanswered"] * 3
    assert quiz_score(nothing).correct == 0 and quiz_score(nothing).unanswered == 3
    marks = [mark_answer(q, c) for q, c in zip(qs, ["x", "152", None], strict=True)]
    assert marks == ["correct", "wrong", "unanswered"]
    score = quiz_score(marks)
    assert (score.correct, score.answered, score.total, score.perfect) == (1, 2, 3, False)
    assert quiz_score([mark_answer(q, q.answer) for q in qs]).perfect


# --- lessons ----------------------------------------------------------------------------------


def test_lesson_of_and_next_in_lesson() -> None:
    lesson = next(le for le in LESSONS if len(le.model.scenarios) >= 2)
    first, second = lesson.model.scenarios[:2]
    found = lesson_of(first, LESSONS)
    assert found is not None and found[0].id == lesson.id and found[1] == 0
    assert next_in_lesson(first, LESSONS) == second
    assert next_in_lesson(lesson.model.scenarios[-1], LESSONS) is None
    assert lesson_of("belote/nope", LESSONS) is None
    assert next_in_lesson("belote/nope", LESSONS) is None
    assert lesson_by_id(lesson.id, LESSONS) is lesson


def test_start_lesson_is_the_first_not_done() -> None:
    belote = [le for le in LESSONS if le.game == "belote"]
    assert start_lesson("belote", LESSONS, lambda le: False) is belote[0]
    done = {belote[0].id, belote[1].id}
    assert start_lesson("belote", LESSONS, lambda le: le.id in done) is belote[2]
    assert start_lesson("belote", LESSONS, lambda le: True) is belote[0]


# --- the app --------------------------------------------------------------------------------


def _lessons_page(lesson_id: str, at: AppTest | None = None) -> AppTest:
    if at is None:
        at = AppTest.from_file(APP, default_timeout=HANG_GUARD)
    at.query_params["lesson"] = lesson_id
    at.run()
    at.switch_page("screens/lessons.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


QUIZ_LESSON = "belote/01-deck-and-card-values"  # four questions; the second: "The 10"


@pytest.mark.usefixtures("_fresh_caches")
def test_a_link_opens_its_lesson() -> None:
    at = _lessons_page("tarot/03-chien-and-discard")
    lesson = lesson_by_id("tarot/03-chien-and-discard", LESSONS)
    assert lesson is not None
    assert lesson_headings(at) == [lesson.title]
    assert at.sidebar.selectbox(key="lessons_game").value == "tarot"
    bad = _lessons_page("tarot/99-nope")
    assert any("does not exist" in w.value for w in bad.warning)


@pytest.mark.usefixtures("_fresh_caches")
def test_choosing_a_game_or_a_lesson_opens_it_and_the_address_follows() -> None:
    at = _lessons_page("belote/02-following-suit")
    at.sidebar.selectbox(key="lessons_game").set_value("tarot").run()
    tarot = [le for le in LESSONS if le.game == "tarot"]
    assert lesson_headings(at) == [tarot[0].title]
    assert at.query_params["lesson"] == tarot[0].id
    at.selectbox(key="lessons_pick_tarot").set_value(tarot[2].title).run()
    assert lesson_headings(at) == [tarot[2].title]
    assert at.query_params["lesson"] == tarot[2].id


@pytest.mark.usefixtures("_fresh_caches")
def test_checking_an_empty_quiz_reveals_no_answer() -> None:
    at = _lessons_page(QUIZ_LESSON)
    at.button(key=f"check_{QUIZ_LESSON}").click().run()
    assert [i.value for i in at.info][:3] == ["Not answered yet."] * 3
    assert not at.warning and not any("answer is" in s.value for s in at.success)
    assert any(i.value == "0 of 4 correct. 4 questions are not answered yet." for i in at.info)


@pytest.mark.usefixtures("_fresh_caches")
def test_after_checking_the_marks_and_score_follow_every_change() -> None:
    at = _lessons_page(QUIZ_LESSON)
    at.radio(key=f"quiz_{QUIZ_LESSON}_1").set_value("The king").run()
    at.button(key=f"check_{QUIZ_LESSON}").click().run()
    warnings = [w.value for w in at.warning]
    assert len(warnings) == 1 and warnings[0].startswith("Not quite: the answer is “The 10”.")
    assert any(i.value.startswith("0 of 4 correct. 3 questions are") for i in at.info)
    at.radio(key=f"quiz_{QUIZ_LESSON}_1").set_value("The 10").run()  # no new check
    assert not at.warning
    assert any(s.value.startswith("Correct.") for s in at.success)
    assert any(i.value.startswith("1 of 4 correct. 3 questions are") for i in at.info)
    at.radio(key=f"quiz_{QUIZ_LESSON}_0").set_value("20 and 2").run()
    at.radio(key=f"quiz_{QUIZ_LESSON}_2").set_value("162").run()
    at.radio(key=f"quiz_{QUIZ_LESSON}_3").set_value("The player on your right").run()
    assert any(s.value == "4 of 4 correct." for s in at.success)
    assert app_session(at).lessons.quiz[QUIZ_LESSON]["right"] == 4


@pytest.mark.usefixtures("_fresh_caches")
def test_the_lesson_shows_each_scenario_done_and_its_stars() -> None:
    from tutorial.webapp.state import ScenarioProgress

    at = AppTest.from_file(APP, default_timeout=HANG_GUARD)
    app_session(at).progress = {"belote/overruff": ScenarioProgress(done=True, mistakes=1, stars=2)}
    at = _lessons_page("belote/04-overtrump-undertrump", at)
    done = at.button(key="open_belote/04-overtrump-undertrump_belote/overruff")
    assert done.label.startswith("✓ ") and done.label.endswith("★★☆")
    assert done.help == "Done: 2 stars."
    todo = at.button(key="open_belote/04-overtrump-undertrump_belote/seed-000-undertrump")
    assert "★" not in todo.label and todo.help == "Not done yet."


@pytest.mark.usefixtures("_fresh_caches")
def test_home_start_opens_the_first_lesson_of_the_game() -> None:
    at = AppTest.from_file(APP, default_timeout=HANG_GUARD)
    at.run()
    first = next(le for le in LESSONS if le.game == "tarot")
    button = at.button(key="start_tarot")
    assert button.label == f"Start: {first.title}"
    button.click().run()
    assert not at.exception
    assert app_session(at).lessons.lesson == first.id
    at.switch_page("screens/lessons.py")  # AppTest does not follow st.switch_page itself
    at.run()
    assert lesson_headings(at) == [first.title]
    assert at.query_params["lesson"] == first.id


@pytest.mark.usefixtures("_fresh_caches")
def test_home_continues_with_the_first_lesson_not_done() -> None:
    from tutorial.webapp.state import ScenarioProgress

    first, second = [le for le in LESSONS if le.game == "tarot"][:2]
    at = AppTest.from_file(APP, default_timeout=HANG_GUARD)
    app_session(at).progress = {s: ScenarioProgress(done=True) for s in first.model.scenarios}
    n = len(first.model.quiz)
    app_session(at).lessons.quiz = {first.id: {"right": n, "total": n}}
    at.run()
    button = at.button(key="start_tarot")
    assert button.label == f"Continue: {second.title}"
    button.click().run()
    assert app_session(at).lessons.lesson == second.id


def test_next_lesson_is_the_next_on_the_lessons_own_path() -> None:
    """The course leads on through the course, a track through the track; the course's
    last lesson leads nowhere (a newcomer is not sent into the track for Tarot players)."""
    from tutorial.course.lessons import course_lessons, next_lesson, tracks_of

    for game in ("belote", "tarot", "briscola"):
        paths = [course_lessons(game, LESSONS)]
        paths += [list(tr.lessons) for tr in tracks_of(game, LESSONS)]
        assert len(paths) >= 2
        for path in paths:
            for here, after in pairwise(path):
                assert next_lesson(here.id, LESSONS) is after
            assert next_lesson(path[-1].id, LESSONS) is None


@pytest.mark.usefixtures("_fresh_caches")
def test_a_lesson_ends_with_its_next_lesson() -> None:
    first, second = [le for le in LESSONS if le.game == "tarot"][:2]
    at = _lessons_page(first.id)
    button = at.button(key=f"next_lesson_{first.id}")
    assert button.label == f"Next lesson: {second.title}"
    button.click().run()
    assert lesson_headings(at) == [second.title]
    assert at.query_params["lesson"] == second.id
    last = [le for le in LESSONS if le.game == "tarot"][-1]
    at = _lessons_page(last.id)
    assert not [b for b in at.button if str(b.key).startswith("next_lesson_")]


@pytest.mark.usefixtures("_fresh_caches")
def test_quiz_answers_are_kept_while_a_scenario_is_played() -> None:
    at = _lessons_page(QUIZ_LESSON)
    at.radio(key=f"quiz_{QUIZ_LESSON}_1").set_value("The 10").run()
    at.radio(key=f"quiz_{QUIZ_LESSON}_0").set_value("20 and 2").run()
    at.button(key=f"check_{QUIZ_LESSON}").click().run()
    lesson = lesson_by_id(QUIZ_LESSON, LESSONS)
    assert lesson is not None and lesson.model.scenarios
    sid = lesson.model.scenarios[0]
    at.button(key=f"open_{QUIZ_LESSON}_{sid}").click().run()
    at.switch_page("screens/play.py")  # AppTest does not follow st.switch_page itself
    at.run()
    assert app_session(at).play.current == sid
    at.switch_page("screens/lessons.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.radio(key=f"quiz_{QUIZ_LESSON}_1").value == "The 10"
    assert at.radio(key=f"quiz_{QUIZ_LESSON}_0").value == "20 and 2"
    assert at.radio(key=f"quiz_{QUIZ_LESSON}_2").value is None
    assert any(i.value.startswith("2 of 4 correct. 2 questions are") for i in at.info)


@pytest.mark.usefixtures("_fresh_caches")
def test_every_page_opens_on_the_game_being_learnt() -> None:
    tarot = next(le for le in LESSONS if le.game == "tarot")
    at = _lessons_page(tarot.id)
    for page, key, value in (
        ("practice", "practice_variant", "tarot-4"),
        ("score", "score_game", "tarot"),
        ("trainer", "trainer_game", "tarot"),
        ("play", "play_game", "tarot"),
    ):
        at.switch_page(f"screens/{page}.py")
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        assert at.selectbox(key=key).value == value, page
    # a scenario of another game, opened last, is the game being learnt from then on
    at.sidebar.selectbox(key="play_game").set_value("briscola").run()
    at.switch_page("screens/practice.py")
    at.run()
    assert at.selectbox(key="practice_variant").value == "briscola-2"


# --- counts and the path through a game's lessons -----------------------------------------


def _briscola() -> tuple[list[Any], list[Any]]:
    from tutorial.course.lessons import course_lessons, tracks_of

    (track,) = tracks_of("briscola", LESSONS)
    return course_lessons("briscola", LESSONS), list(track.lessons)


def _all_done(at: AppTest, lessons: list[Any]) -> AppTest:
    from tutorial.webapp.state import ScenarioProgress

    app_session(at).progress = {
        s: ScenarioProgress(done=True) for le in lessons for s in le.model.scenarios
    }
    app_session(at).lessons.quiz = {
        le.id: {"right": len(le.model.quiz), "total": len(le.model.quiz)} for le in lessons
    }
    return at


@pytest.mark.usefixtures("_fresh_caches")
def test_home_and_the_lessons_page_give_the_same_count_and_say_what_it_counts() -> None:
    course, track = _briscola()
    line = f"0 of {len(course)} lessons of the course done"
    home = AppTest.from_file(APP, default_timeout=HANG_GUARD)
    home.run()
    assert line in [c.value for c in home.caption]
    at = _lessons_page(course[0].id)
    bars = [e.proto.text for e in at.get("progress")]
    assert bars == [line]  # the same count (the page counted the track in: "0 of 8")
    captions = [c.value for c in at.caption]
    assert f"0 of {len(track)} lessons of this track done" in captions


@pytest.mark.usefixtures("_fresh_caches")
def test_home_offers_the_track_for_players_of_another_game() -> None:
    _, track = _briscola()
    at = AppTest.from_file(APP, default_timeout=HANG_GUARD)
    at.run()
    assert any("Already play another game?" in c.value for c in at.caption)
    button = at.button(key="track_briscola_belote")
    assert button.label == f"From Belote to Briscola: 0 of {len(track)} lessons"
    button.click().run()
    assert not at.exception
    assert app_session(at).lessons.lesson == track[0].id
    at.switch_page("screens/lessons.py").run()
    assert lesson_headings(at) == [track[0].title]


@pytest.mark.usefixtures("_fresh_caches")
def test_the_course_s_last_lesson_does_not_lead_a_newcomer_into_a_track() -> None:
    course, track = _briscola()
    at = _lessons_page(course[-1].id)
    nexts = [b.label for b in at.button if str(b.key).startswith("next_lesson_")]
    assert nexts == []  # not "Next lesson: <the track for Belote players>"
    # a lesson of the course not done yet is offered instead
    assert (
        at.button(key=f"still_to_do_{course[-1].id}").label == f"Still to finish: {course[0].title}"
    )
    # a learner who chose the track goes on through it
    at = _lessons_page(track[0].id)
    assert at.button(key=f"next_lesson_{track[0].id}").label == f"Next lesson: {track[1].title}"


@pytest.mark.usefixtures("_fresh_caches")
def test_a_lesson_says_what_remains_before_it_is_ticked() -> None:

    lesson = next(le for le in LESSONS if le.model.quiz and len(le.model.scenarios) >= 2)
    at = AppTest.from_file(APP, default_timeout=HANG_GUARD)
    n = len(lesson.model.quiz)
    app_session(at).lessons.quiz = {lesson.id: {"right": n, "total": n, "checked": True}}
    at = _lessons_page(lesson.id, at)
    count = len(lesson.model.scenarios)
    wanted = f"To tick this lesson, play {count} more scenarios at the table to the end."
    assert wanted in [i.value for i in at.info]
    at = _lessons_page(
        lesson.id, _all_done(AppTest.from_file(APP, default_timeout=HANG_GUARD), [lesson])
    )
    assert "This lesson is done." in [s.value for s in at.success]


@pytest.mark.usefixtures("_fresh_caches")
def test_a_finished_course_says_so_and_offers_what_next() -> None:
    course, _ = _briscola()
    at = _all_done(AppTest.from_file(APP, default_timeout=HANG_GUARD), course)
    at.run()
    assert not at.exception
    assert not [b for b in at.button if b.key == "start_briscola"]  # no "Continue: <first>"
    assert "You have finished the Briscola course." in [s.value for s in at.success]
    links = [e.proto.label for e in at.get("page_link")]
    assert "Practise a whole hand" in links and "Review your mistakes" in links
    at = _lessons_page(
        course[-1].id, _all_done(AppTest.from_file(APP, default_timeout=HANG_GUARD), course)
    )
    assert "You have finished the Briscola course." in [s.value for s in at.success]
