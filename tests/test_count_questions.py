"""Count questions (``points_in_play``, ``points_needed``): the engine's working, the
habit behind a wrong number, and the checker's proof of the author's answer.

On random positions of every game the working's figure is the engine's, the first wrong
try never shows the answer's figure (whatever number was given) and the second shows it;
a diagnosis is given exactly when the wrong number matches one habit, stated here again
from the count's terms; the committed scenarios say the sentences the newcomers needed
(the dix de der left out, a draw taken for a win, a bout's target); the checker refuses
an author's answer that is not the engine's, at its line and column.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tutorial.engine.contract import GameState
from tutorial.engine.counts import points_in_play, points_needed
from tutorial.engine.errors import InvalidStateError, ScenarioError
from tutorial.engine.games import new_hand
from tutorial.engine.seats import seat_names
from tutorial.language.i18n import speaking, t
from tutorial.scenarios.checker import check_file, check_text, problems_of
from tutorial.scenarios.count_reasons import (
    MARK_KEYS,
    in_play_working,
    needed_working,
    reveals,
)
from tutorial.scenarios.files import scenario_files
from tutorial.scenarios.loader import parse_file
from tutorial.scenarios.model import Ask, AskStep, Scenario
from tutorial.scenarios.position import Table, build
from tutorial.scenarios.runtime import Run, start

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
GAMES = (("belote", 4), ("tarot", 4), ("briscola", 2), ("briscola", 4))
NAMES = {2: ("You", "Opponent"), 4: ("You", "Right", "Partner", "Left")}


def positions(game: str, players: int, seed: int, count: int) -> Iterator[GameState]:
    """Positions of random hands where the counts exist (the bidding over)."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        kw: dict[str, Any] = {"players": players} if game == "briscola" else {}
        state = new_hand(game, rng=rng, **kw)
        while not state.is_terminal and found < count:
            try:
                points_in_play(state)
            except InvalidStateError:
                pass
            else:
                if rng.random() < 0.3:
                    found += 1
                    yield state
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])


def _table(state: GameState) -> Table:
    return Table(NAMES[state.num_players], 0, state.dealer, state)


def _run(state: GameState, kind: str, answer: float, side: str | None = None) -> Run:
    """A one-question scenario asked at ``state``."""
    ask = Ask(question="How many?", kind=kind, answer=answer, side=side)  # type: ignore[arg-type]
    scenario = Scenario(title="Count", game=state.game, steps=[AskStep(ask=ask)])  # type: ignore[arg-type]
    return Run(scenario, _table(state), state)


def _wrong_numbers(answer: float, terms: list[float], unit: float) -> list[float]:
    """Wrong answers to try: near the answer, the terms and the sums a habit makes."""
    out = {answer + d * unit for d in (-3, -2, -1, 1, 2, 5)}
    out |= {abs(x) for x in terms}
    out |= {abs(answer + x) for x in terms} | {abs(answer - x) for x in terms}
    return sorted(x for x in out if abs(x - answer) > 1e-9 and x >= 0)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_points_in_play_working(game: str, players: int) -> None:
    for state in positions(game, players, seed=11, count=12):
        count = points_in_play(state)
        table = _table(state)
        working = in_play_working(table, state)
        assert working.answer == count.points
        assert not reveals(working.hint, count.points)
        assert reveals(working.full, count.points)
        run = _run(state, "points_in_play", count.points)
        terms = [count.total, *count.settled, count.bonus, count.on_table]
        for given in _wrong_numbers(count.points, terms, state.point_unit):
            once, first = run.answer(given)
            assert first.kind == "answer_wrong"
            assert not reveals(first.explanation, count.points), (given, first.explanation)
            _, second = once.answer(given)
            assert reveals(second.explanation, count.points)
            _check_in_play_diagnosis(table, state, given)
        _, right = run.answer(count.points)
        assert right.ok and reveals(right.explanation, count.points)


def _check_in_play_diagnosis(table: Table, state: GameState, given: float) -> None:
    """The diagnosis names a habit exactly when one habit makes the given number."""
    count = points_in_play(state)
    a, b = count.settled
    habits: list[tuple[float, list[float]]] = []  # (the number it makes, the figures it names)
    if count.bonus_pending:
        habits.append((count.points - count.bonus, [count.bonus]))
    if count.on_table > 0:
        habits.append((count.points - count.on_table, [count.on_table]))
    if a > 0 or b > 0:
        habits.append((count.total, [count.total]))
    if a > 0 and b > 0:
        habits += [(count.points + a, [a]), (count.points + b, [b])]
    diagnosis = in_play_working(table, state, given).diagnosis
    _check_diagnosis(habits, given, count.points, diagnosis)


def _check_diagnosis(
    habits: list[tuple[float, list[float]]], given: float, answer: float, diagnosis: str
) -> None:
    """Said only when exactly one habit makes ``given``; held back only when it would name
    the answer's figure."""
    matched = [named for number, named in habits if abs(number - given) < 1e-9]
    if len(matched) != 1:
        assert diagnosis == "", (given, diagnosis)
    elif not diagnosis:
        assert any(abs(x - answer) < 1e-9 for x in matched[0]), (given, matched)
    else:
        assert not reveals(diagnosis, answer)


def _needed_habits(state: GameState, side: int) -> list[tuple[float, list[float]]]:
    """Each habit of a wrong number of points needed, with the figures its sentence names."""
    needed = points_needed(state, side)
    assert needed is not None
    mark, have, other = needed.mark, needed.have, needed.other
    if needed.points <= 0:
        return []
    habits: list[tuple[float, list[float]]] = []
    if mark.tie is not None and mark.rule != "as_many_as_other":
        habits.append((mark.tie - have, [mark.tie, mark.target or 0]))
    if have > 0:
        habits.append((mark.points, [mark.points, have]))
    if other > 0 and other != have:
        habits.append((mark.points - other, [other, have]))
    share = mark.rule in ("more_than_other", "as_many_as_other") and not mark.rounded
    bonus = state.last_trick_bonus
    if share and bonus:
        habits.append((needed.points - bonus / 2, [bonus, mark.total, mark.total - bonus]))
    if share and any(mark.extras) and mark.total % 2 == 0:
        plain = mark.total / 2 + (mark.rule == "more_than_other")
        habits.append((plain - have, list(mark.extras)))
    if mark.bouts is not None and mark.target is not None:
        for bouts, target in enumerate(mark.targets):
            if bouts != mark.bouts:
                alt = target if mark.rule == "target" else mark.points + mark.target - target
                habits.append((alt - have, [target, mark.target]))
    return habits


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_points_needed_working(game: str, players: int) -> None:
    asked = 0
    for state in positions(game, players, seed=12, count=40):
        table = _table(state)
        for side in (0, 1):
            needed = points_needed(state, side)
            if needed is None:
                continue
            asked += 1
            working = needed_working(table, state, side)
            assert working is not None and working.answer == needed.points
            assert not reveals(working.hint, needed.points)
            assert reveals(working.full, needed.points)
            seat = next(s for s in range(state.num_players) if state.team_of(s) == side)
            run = _run(state, "points_needed", needed.points, NAMES[state.num_players][seat])
            terms = [needed.mark.points, needed.have, needed.other, *(needed.mark.targets)]
            if needed.mark.tie is not None:
                terms.append(needed.mark.tie)
            for given in _wrong_numbers(needed.points, terms, state.point_unit):
                once, first = run.answer(given)
                assert not reveals(first.explanation, needed.points), (given, first.explanation)
                _, second = once.answer(given)
                assert reveals(second.explanation, needed.points)
                diagnosis = needed_working(table, state, side, given)
                assert diagnosis is not None
                habits = _needed_habits(state, side)
                _check_diagnosis(habits, given, needed.points, diagnosis.diagnosis)
            _, right = run.answer(needed.points)
            assert right.ok
    assert asked


def test_every_mark_rule_has_its_words() -> None:
    from tutorial.engine.outcomes import MARK_RULES

    assert set(MARK_KEYS) == set(MARK_RULES)
    for lang in ("en", "zh-Hant", "zh-Hans"):
        with speaking(lang):
            for key in MARK_KEYS.values():
                assert t(key, mark="61", total="120", tie="60", bouts="2", target="41")


# --- The committed scenarios, wrong numbers the newcomers gave -------------------------


def _ask_run(path: str, kind: str) -> Run:
    """The scenario's run at its first question of ``kind``."""
    checked = check_file(SCENARIOS / path)
    run = start(checked.scenario, checked.table)
    while not (isinstance(run.current, AskStep) and run.current.ask.kind == kind):
        run = run.solve_current()
    return run


def test_a_draw_taken_for_a_win_in_briscola() -> None:
    run = _ask_run("briscola/count-to-61.yaml", "points_needed")
    once, first = run.answer(5)
    assert "With 60, you would only draw level with the other side" in first.message
    assert "61 − 55" in first.message and "= 6" not in first.message
    _, second = once.answer(5)
    assert "61 − 55 = 6 points" in second.message
    _, other = run.answer(4)  # the opponent's 57 taken away instead of the learner's 55
    assert "57 points is what the other side has won" in other.message
    _, far = run.answer(10)  # no habit makes 10
    assert "draw level" not in far.message and "other side has won" not in far.message


def test_the_dix_de_der_forgotten_in_belote() -> None:
    run = _ask_run("belote/card-values.yaml", "points_in_play")
    _, first = run.answer(152)
    assert "The last trick's 10 points are still to be won too." in first.message
    assert "152 + 10" in first.message and "162" not in first.message
    run = _ask_run("belote/dix-de-der.yaml", "points_needed")
    _, first = run.answer(31)  # 77 − 46: half of 152, not of 162
    assert "the hand holds 162, not 152" in first.message
    _, tie = run.answer(35)  # 81 − 46: level, a litige
    assert "With 81, your side would only draw level" in tie.message


def test_a_side_left_out_of_the_points_in_play() -> None:
    run = _ask_run("briscola/seed-last-three-tricks.yaml", "points_in_play")
    _, first = run.answer(80)  # 120 − 40: the learner's own 45 still counted in play
    assert "The points won by you (45 points) are not in play any more" in first.message
    assert "120 − 40 − 45" in first.message
    _, whole = run.answer(120)
    assert "120 points is the whole hand" in whole.message


def test_the_target_of_another_number_of_bouts_in_tarot() -> None:
    run = _ask_run("tarot/target-by-bouts.yaml", "points_needed")
    _, first = run.answer(14)  # 51 − 37: the target with the 21 alone
    assert "the target for 1 bout (51)" in first.message
    assert "41 − 37" in first.message and "= 4" not in first.message


def test_the_diagnosis_speaks_chinese() -> None:
    run = _ask_run("briscola/count-to-61.yaml", "points_needed")
    with speaking("zh-Hant"), seat_names(run.table.seat_names):
        _, first = run.answer(5)
    assert "拿到 60 分時" in first.message and "61 − 55" in first.message


def test_no_committed_count_question_shows_its_answer_at_the_first_try() -> None:
    """Every count question of the committed scenarios, in every language, with wrong
    numbers around the answer: the first try never holds the answer's figure."""
    seen = 0
    for path in scenario_files([str(SCENARIOS)]):
        sc, doc = parse_file(path)
        run = start(sc, build(sc, doc))
        while not run.finished:
            step = run.current
            if isinstance(step, AskStep) and step.ask.kind in ("points_in_play", "points_needed"):
                answer = float(step.ask.answer)
                seen += 1
                for lang in ("en", "zh-Hant", "zh-Hans"):
                    with speaking(lang):
                        for given in _wrong_numbers(answer, [1, 10, 60, 61], 1):
                            _, first = run.answer(given)
                            assert not reveals(first.explanation, answer), (path, lang, given)
            run = run.solve_current()
    assert seen >= 5


# --- The checker proves the author's answer -----------------------------------------------


def _problems(path: str, old: str, new: str) -> list[str]:
    text = (SCENARIOS / path).read_text(encoding="utf-8")
    assert old in text
    try:
        check_text(text.replace(old, new, 1), "bad.yaml")
    except ScenarioError as e:
        return problems_of(e)
    raise AssertionError("the broken scenario passed the checker")


def _line_of(path: str, needle: str) -> int:
    text = (SCENARIOS / path).read_text(encoding="utf-8")
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_the_checker_refuses_a_points_needed_answer_that_is_not_the_engines() -> None:
    path = "briscola/count-to-61.yaml"
    old = "      kind: points_needed\n      side: You\n      answer: 6\n"
    (line,) = _problems(path, old, old.replace("answer: 6", "answer: 5"))
    row = _line_of(path, "kind: points_needed") + 2
    assert line.startswith(f"bad.yaml:{row}:15: the engine's answer is 6, not 5")
    assert "61 − 55" in line


def test_the_checker_refuses_a_points_in_play_answer_that_is_not_the_engines() -> None:
    path = "briscola/seed-last-three-tricks.yaml"
    old = "      kind: points_in_play\n      answer: 35\n"
    (line,) = _problems(path, old, old.replace("35", "25"))
    row = _line_of(path, "kind: points_in_play") + 1
    assert line.startswith(f"bad.yaml:{row}:15: the engine's answer is 35, not 25")
    assert "120 − 40 − 45" in line


def test_the_checker_asks_for_a_side_and_for_settled_bouts() -> None:
    path = "briscola/count-to-61.yaml"
    (line,) = _problems(
        path, "      kind: points_needed\n      side: You\n", "      kind: points_needed\n"
    )
    assert "this question needs 'side'" in line
    # Tarot: asked before the Petit is captured, the taker's target is still open.
    path = "tarot/target-by-bouts.yaml"
    old = "  - expect:\n      legal: T3 T12\n"
    new = (
        "  - ask:\n      question: How many more?\n      kind: points_needed\n"
        "      side: South\n      answer: 14\n" + old
    )
    (line,) = _problems(path, old, new)
    assert "'points_needed' cannot be stated in points at this step" in line
    assert "a bout still in play" in line
