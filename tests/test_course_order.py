"""The course in order: no scenario relies on a rule that no lesson taught by then.

A scenario's table relies on the direction of play (more than two seats) and on every
table-to-table difference its ruleset and options choose; a lesson teaches the rule
keys it lists in ``rules``. Walking each game's lessons in order (its course, then the
tracks into it), every scenario must find what it relies on in an earlier lesson or its
own. The core Belote lessons play and ask the classic rules only; the differences have a
lesson of their own. Where the first trick is still to be led, the dealer's badge sits
on the seat before the leader.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from tutorial.course.lessons import (
    GAMES,
    Lesson,
    course_lessons,
    course_order,
    load_lessons,
    load_rules,
    rules_relied_on,
    untaught_rules,
    variant_rule,
)
from tutorial.course.library import in_language, load_library
from tutorial.engine.games import game_info
from tutorial.engine.rule_options import find_ruleset, option_help
from tutorial.scenarios.model import Scenario
from tutorial.scenarios.position import resolve_seat, seat_names

LESSONS = load_lessons("en")
LIBRARY = load_library()
SCENARIOS = {sid: checked.scenario for sid, checked in LIBRARY.scenarios.items()}
RULES = load_rules()


@pytest.mark.parametrize("game", GAMES)
def test_no_scenario_relies_on_a_rule_taught_later(game: str) -> None:
    found = untaught_rules(game, LESSONS, SCENARIOS)
    assert not found, "\n".join(
        f"{u.lesson}: {u.scenario} relies on {', '.join(u.rules)}, taught by no lesson so far"
        for u in found
    )


def _scenario(sid: str) -> Scenario:
    return SCENARIOS[sid]


def test_a_scenario_played_clockwise_is_caught_before_the_difference_is_taught() -> None:
    overruff = _scenario("belote/overruff")
    clockwise = overruff.model_copy(update={"options": {"direction": "clockwise"}})
    assert rules_relied_on(clockwise) == ["belote.direction", "belote.variant.direction"]
    course = [le for le in LESSONS if le.game == "belote"]
    found = untaught_rules("belote", course, {**SCENARIOS, "belote/overruff": clockwise})
    assert [(u.lesson, u.scenario, u.rules) for u in found] == [
        ("belote/04-overtrump-undertrump", "belote/overruff", ("belote.variant.direction",))
    ]


def test_the_direction_of_play_is_taught_before_any_table_of_four() -> None:
    first = LESSONS[0]
    course = [le for le in LESSONS if le.game == "belote"]
    without = dataclasses.replace(
        first, model=first.model.model_copy(update={"rules": ["belote.deck", "belote.card_values"]})
    )
    found = untaught_rules("belote", [without, *course[1:]], SCENARIOS)
    assert found and all(u.rules == ("belote.direction",) for u in found)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_option_is_a_table_to_table_difference_with_a_rule_key(game: str) -> None:
    names = [name for name, *_ in option_help(find_ruleset(game))]
    keys = {k for k in RULES[game] if ".variant." in k}
    assert {variant_rule(game, n) for n in names} == keys


def _differences_lesson() -> Lesson:
    """Belote's lesson of the table-to-table differences: the one that teaches them."""
    (lesson,) = [le for le in LESSONS if variant_rule("belote", "direction") in le.model.rules]
    return lesson


def test_belote_differences_have_a_lesson_of_their_own_after_the_core_course() -> None:
    lesson = _differences_lesson()
    course = course_lessons("belote", LESSONS)
    assert lesson is course[-1], "the differences come after the core lessons"
    assert lesson.number == 12
    order = [le.id for le in course_order("belote", LESSONS)]
    assert order.index(lesson.id) + 1 == order.index("belote/13-from-tarot-partner-winning")
    every = {variant_rule("belote", name) for name, *_ in option_help(find_ruleset("belote"))}
    assert set(lesson.model.rules) == every, "the lesson names every difference"


#: Words that name a ruleset by where it comes from, which a learner never saw.
SOURCE_NAMES = re.compile(
    r"app rules|blog rules|Contrée style|Classic rules|手機遊戲規則|手机游戏规则|部落格規則|博客规则|經典規則|经典规则"
)


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_core_belote_lessons_teach_one_ruleset(lang: str) -> None:
    # The core lessons name no ruleset, mention no variant and ask only about the
    # classic rules; their scenarios are played under the classic rules.
    differences = _differences_lesson().id
    for lesson in course_lessons("belote", load_lessons(lang)):
        if lesson.id == differences:
            continue
        words = lesson.model.text + " ".join(
            f"{q.question} {q.explain} {' '.join(map(str, q.choices))}" for q in lesson.model.quiz
        )
        assert not SOURCE_NAMES.search(words), (lang, lesson.id, SOURCE_NAMES.search(words))
        if lang == "en":
            assert "variant" not in words and "Some tables" not in words, lesson.id
        assert not [k for k in lesson.model.rules if ".variant." in k], lesson.id
        for sid in lesson.model.scenarios:
            relied = [k for k in rules_relied_on(_scenario(sid)) if ".variant." in k]
            assert not relied, f"{lesson.id}: {sid} is played under {relied}"


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_core_belote_scenarios_name_no_ruleset_by_its_source(lang: str) -> None:
    """What a core lesson's scenario says (its summary, steps, answers' explanations)
    names no ruleset by where it comes from; its replays under other rules are not shown."""
    library = in_language(load_library(), lang)
    differences = _differences_lesson().id
    found = []
    for lesson in course_lessons("belote", load_lessons(lang)):
        if lesson.id == differences:
            continue
        for sid in lesson.model.scenarios:
            checked = library.get(sid)
            assert checked is not None, sid
            shown = checked.scenario.model_dump(exclude={"variants"})
            if m := SOURCE_NAMES.search(str(shown)):
                found.append(f"{lesson.id}: {sid}: {m.group()}")
    assert not found, found


def test_the_differences_lesson_names_each_difference_by_what_it_changes() -> None:
    text = _differences_lesson().model.text
    assert not SOURCE_NAMES.search(text)
    assert text.count("**Some tables") >= 14


# --- Lesson 10 and the rounding scenarios --------------------------------------------


def _choice_answers(sid: str) -> list[str]:
    sc = _scenario(sid)
    return [
        str(step.ask.answer)
        for step in sc.steps
        if getattr(step, "ask", None) is not None and step.ask.kind == "choice"
    ]


def test_lesson_ten_and_the_rounding_scenarios_agree() -> None:
    counting = next(le for le in LESSONS if le.id == "belote/10-counting")
    differences = _differences_lesson()
    # Lesson 10 teaches exact scores only, and says 84 to 78 is written as it is and
    # made; the scenarios about rounding are in the differences lesson, which teaches it.
    assert "84 to 78" in counting.model.text and "rounded to" not in counting.model.text
    assert "without rounding" in counting.model.text
    for sid in ("belote/rounding-to-tens", "belote/rounded-contract"):
        assert sid not in counting.model.scenarios
        assert sid in differences.model.scenarios
    text = " ".join(differences.model.text.split())
    # Rounded to tens, judged on the exact points: 80 to 80 written, the contract made,
    # which the rounding scenario answers and its checked variant proves.
    assert "84 to 78 is written 80 to 80" in text
    assert "judged on the exact points, so 84 against 78 is made" in text
    (made,) = _choice_answers("belote/rounding-to-tens")
    assert made.startswith("Yes")
    tens = [
        v
        for v in _scenario("belote/rounding-to-tens").variants
        if v.options == {"rounding": "tens"}
    ]
    assert tens and tens[0].expect is not None and tens[0].expect.result == "Contract made"
    # Judged on the rounded scores, 80 to 80 is a tie; where a tie is a dedans the
    # takers fail, as the other scenario (played where a tie is a dedans) answers.
    assert "80 to 80 is then a tie" in text and "Where a tie is a dedans, the takers fail" in text
    rounded = _scenario("belote/rounded-contract")
    assert dict(rounded.options) == {"rounding": "tens", "tie_81": "dedans"}
    (fails,) = _choice_answers("belote/rounded-contract")
    assert fails.startswith("It fails")
    (judged,) = rounded.variants
    assert judged.options == {"rounding": "tens_judged"}
    assert judged.expect is not None and judged.expect.score == {"You": 0, "Right": 160}


# --- The dealer's badge and the first leader ------------------------------------------


def _first_trick_to_lead(sc: Scenario) -> bool:
    """Whether the scenario's table is the hand's first trick (no trick behind it)."""
    if sc.phase != "play" or sc.tricks or sc.captured or sc.points_so_far or sc.carried_points:
        return False
    size = game_info(sc.game).first_trick_hand
    if size is None:
        return False
    names = seat_names(sc)
    learner = resolve_seat(names, sc.learner, ("learner",))
    assert learner is not None
    hand = sc.hands.get(names[learner], "")
    cards = hand.split() if isinstance(hand, str) else list(hand)
    played = 0
    if sc.current_trick:
        current = sc.current_trick
        trick = current.split() if isinstance(current, str) else list(current)
        leader = resolve_seat(names, sc.leader, ("leader",))
        first = leader if leader is not None else 0
        played = 1 if (learner - first) % len(names) < len(trick) else 0
    return len(cards) + played == size


#: The scenarios that open on the hand's first trick with a dealer and a leader named (at
#: a later trick whoever won the last one leads, so the dealer says nothing about it).
FIRST_TRICK = sorted(
    sid
    for sid, sc in SCENARIOS.items()
    if sc.dealer is not None and sc.leader is not None and _first_trick_to_lead(sc)
)


def test_some_scenarios_open_on_the_first_trick_with_their_dealer() -> None:
    assert len(FIRST_TRICK) >= 5 and "belote/overruff" in FIRST_TRICK


@pytest.mark.parametrize("sid", FIRST_TRICK)
def test_the_dealer_sits_before_the_first_leader(sid: str) -> None:
    sc = _scenario(sid)
    names = seat_names(sc)
    dealer = resolve_seat(names, sc.dealer, ("dealer",))
    leader = resolve_seat(names, sc.leader, ("leader",))
    assert dealer is not None and leader is not None
    assert (dealer + 1) % len(names) == leader, (
        f"{sid}: {names[dealer]} dealt, so {names[(dealer + 1) % len(names)]} leads the "
        f"first trick, not {names[leader]}"
    )


def test_a_dealer_badge_on_the_wrong_seat_is_caught() -> None:
    wrong = _scenario("belote/overruff").model_copy(update={"dealer": "Left"})
    assert _first_trick_to_lead(wrong)
    names = seat_names(wrong)
    assert (names.index("Left") + 1) % 4 != names.index(str(wrong.leader))


def test_the_walk_follows_the_lesson_numbers_not_the_list() -> None:
    shuffled = list(reversed(LESSONS))
    assert [le.id for le in course_order("belote", shuffled)] == [
        le.id for le in course_order("belote", LESSONS)
    ]
    assert course_order("belote", shuffled)[0].id == "belote/01-deck-and-card-values"
