"""A live class's record in a teacher's words (tutorial.classes.live_view) and its split
chart (tutorial.pictures.live_chart): the tables, the CSV and the chart agree with the
answers kept, marks included."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

from tutorial.classes.live import LivePoll, LiveResults, LiveSession, MemberResult, StepResult
from tutorial.classes.live_view import member_rows, results_csv, step_rows
from tutorial.language.i18n import speaking
from tutorial.pictures.live_chart import BEST_COLOUR, OTHER_COLOUR, UNREVEALED_COLOUR, split_chart

AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)
LABELS = {"9H": "9♥", "AS": "A♠", "TD": "10♦"}


def label(_step: int, answer: str) -> str:
    return LABELS.get(answer, answer)


def results() -> LiveResults:
    """Two steps, the first revealed (9♥ best), the second still open; three members."""
    poll = LivePoll(1, "open", 1, 5, 1, 3, True, False)
    session = LiveSession(poll, 1, "scenario", "belote-x", "k" * 22, AT, None)
    steps = (
        StepResult(0, AT, AT, ("9H",), {"9H": 2, "AS": 1}),
        StepResult(1, AT, None, (), {"TD": 1}),
    )
    members = (
        MemberResult(1, 10, "Léa", False, {0: "9H", 1: "TD"}, 1, 1),
        MemberResult(2, 11, "=cmd()", False, {0: "AS"}, 1, 0),
        MemberResult(3, None, "Sam", True, {0: "9H"}, 1, 1),
    )
    return LiveResults(session, steps, members)


def test_each_learner_has_their_answers_marked_once_revealed_and_their_best_count() -> None:
    with speaking("en"):
        rows = member_rows(results(), label)
    assert [r["Learner"] for r in rows] == ["Léa", "=cmd()", "Sam (guest)"]
    assert rows[0]["Q1"] == "9♥ ✓" and rows[0]["Q2"] == "10♦"  # Q2 not revealed: no mark
    assert rows[1]["Q1"] == "A♠ ✗" and rows[1]["Q2"] == ""
    assert [r["Best answers"] for r in rows] == ["1 of 1", "0 of 1", "1 of 1"]


def test_each_step_says_how_it_split_and_its_best_answer() -> None:
    with speaking("en"):
        rows = step_rows(results(), label)
    assert rows[0] == {
        "Question": "Q1",
        "Answers": 3,
        "How the class answered": "9♥ ×2, A♠ ×1",
        "Best answer": "9♥",
    }
    assert rows[1]["Best answer"] == "not revealed" and rows[1]["Answers"] == 1


def test_the_csv_has_a_row_per_answer_and_runs_no_formula() -> None:
    with speaking("en"):
        text = results_csv(results(), label)
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:])))
    assert rows[0] == ["Learner", "Guest", "Question", "Answer", "Best"]
    assert ["Léa", "no", "1", "9♥", "yes"] in rows
    assert ["Léa", "no", "2", "10♦", ""] in rows  # not revealed: neither yes nor no
    assert ["'=cmd()", "no", "1", "A♠", "no"] in rows
    assert ["Sam", "yes", "1", "9♥", "yes"] in rows
    assert len(rows) == 1 + 4


def test_the_split_chart_agrees_with_its_words_and_marks_the_best_once_revealed() -> None:
    split = {"9H": 5, "AS": 3}
    with speaking("en"):
        before = split_chart(split, LABELS)
        after = split_chart(split, LABELS, ["9H"])
    bar = before.figure.data[0]
    assert list(bar.x) == [5, 3] and list(bar.y) == ["9♥", "A♠"]
    assert list(bar.marker.color) == [UNREVEALED_COLOUR] * 2
    assert before.text == "8 answers so far: 9♥ 5, A♠ 3."
    bar = after.figure.data[0]
    assert list(bar.y) == ["✓ 9♥", "A♠"]
    assert list(bar.marker.color) == [BEST_COLOUR, OTHER_COLOUR]
    assert after.text == "8 answers: 9♥ 5, A♠ 3. Best: 9♥."
    with speaking("en"):
        assert split_chart({}, LABELS).text == "Nobody has answered yet."


def test_a_name_in_the_chart_is_shown_as_typed() -> None:
    with speaking("en"):
        chart = split_chart({"<b>x</b>": 1}, {})
    assert list(chart.figure.data[0].y) == ["&lt;b&gt;x&lt;/b&gt;"]
