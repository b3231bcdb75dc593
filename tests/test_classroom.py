"""The class view: progress codes with a name and a date, many codes read at once, the
table, the counts, the heatmap and its words, the CSV; the Home and Teacher pages."""

from __future__ import annotations

import csv
import io
import json
from datetime import date

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest_util import APP, HANG_GUARD, open_app
from tutorial.course.classroom import (
    MAX_CODES,
    ScenarioInfo,
    card_label,
    class_table,
    csv_text,
    read_codes,
    table_rows,
)
from tutorial.course.progress import (
    WRONG_KEEP,
    Progress,
    ProgressError,
    QuizRecord,
    ScenarioRecord,
    add_wrong,
    decode,
    encode,
    keep_wrong,
    merge,
    to_json,
)
from tutorial.pictures.class_charts import cell_value, class_heatmap

# Codes made by the encoder of the day before names, dates and wrong cards were added
# (copied from its output): they must still decode, to the same progress.
OLD_CODE = (
    "ATOUT1-eNpNjU0SgjAMhe-SdRlUWHXnUYIGyAgNhtQFTO9uutLdm_fzvRMWQk2kEOGeEALsD0qoLDvEEwZaxKiVD6nm"
    "cazWUxJBNM0UYOXd8EVevQWYOZmrqyMMtXolgCuxdiNjazA3g2SrkN-wK956Zz4O-n-89E099Zt14zTVRHmafdw5VAwX"
    "iH0p5QvtPEJl"
)
OLD_CODE_2 = (
    "ATOUT1-eNqrVipOTs1LLMrML1ayqlZKKsosTs7PSdTPSSwu0S3JKEpNBQmn5OcB6ZKi0lQdpeKSxCKgWuPa2loAtAYWEQ"
)

SCENARIOS = [
    ScenarioInfo("belote/overruff", "Overruff", "belote"),
    ScenarioInfo("belote/dix-de-der", "Dix de der", "belote"),
    ScenarioInfo("tarot/petit", "Petit au bout", "tarot"),
    ScenarioInfo("briscola/ace", "The Ace", "briscola"),
]


def test_old_codes_still_decode() -> None:
    p = decode(OLD_CODE)
    assert p.learner == "Ana"
    assert p.date == ""
    assert p.scenarios["belote/overruff"] == ScenarioRecord(done=True, mistakes=2, hints=1, stars=2)
    assert p.scenarios["tarot/petit-au-bout"].mistakes == 3
    assert p.scenarios["tarot/petit-au-bout"].wrong == {}
    assert p.quizzes["belote/04-overtrumping"] == QuizRecord(right=3, total=4)
    assert decode(OLD_CODE_2).scenarios["briscola/last-three"].stars == 3


def test_name_date_and_wrong_cards_round_trip() -> None:
    p = Progress(
        learner="Zoé",
        date="2026-12-01",
        scenarios={"belote/overruff": ScenarioRecord(mistakes=3, wrong={"9H": 2, "AS": 1})},
    )
    back = decode(encode(p))
    assert back == p
    assert back.scenarios["belote/overruff"].wrong == {"9H": 2, "AS": 1}


@pytest.mark.parametrize(
    "bad",
    [
        '{"date": "1 Dec 2026"}',
        '{"scenarios": {"s": {"wrong": {"<b>": 1}}}}',
        '{"scenarios": {"s": {"wrong": {"9H": 0}}}}',
        json.dumps({"scenarios": {"s": {"wrong": {f"{i}H": 1 for i in range(WRONG_KEEP + 1)}}}}),
    ],
)
def test_bad_new_fields_are_refused(bad: str) -> None:
    from tutorial.course.progress import from_json

    with pytest.raises(ProgressError, match="not a progress file"):
        from_json(bad)


def test_wrong_cards_are_capped_and_merged_sensibly() -> None:
    wrong: dict[str, int] = {}
    for i in range(WRONG_KEEP + 3):
        wrong = add_wrong(wrong, f"C{i}")
    wrong = add_wrong(add_wrong(wrong, "C5"), "C5")
    assert len(wrong) == WRONG_KEEP
    assert next(iter(wrong)) == "C5" and wrong["C5"] == 3  # the most tried first
    assert add_wrong({}, "<script>") == {}  # never a record a code could not carry
    a = Progress(learner="Ana", date="2026-11-30", scenarios={"s": ScenarioRecord(wrong={"9H": 3})})
    b = Progress(date="2026-12-01", scenarios={"s": ScenarioRecord(wrong={"9H": 2, "AS": 4})})
    m = merge(a, b)
    # The same learner seen twice (a reload): the larger count, not the sum.
    assert m.scenarios["s"].wrong == {"AS": 4, "9H": 3}
    assert (m.learner, m.date) == ("Ana", "2026-12-01")
    assert keep_wrong({"x": 200_000})["x"] == 100_000
    many = Progress(scenarios={"s": ScenarioRecord(wrong={f"A{i}": i + 1 for i in range(5)})})
    more = Progress(scenarios={"s": ScenarioRecord(wrong={f"B{i}": i + 1 for i in range(5)})})
    both = merge(many, more).scenarios["s"].wrong
    assert len(both) == WRONG_KEEP and both["A4"] == 5 and "A0" not in both


def _class() -> str:
    """Four learners (two share a name, one has none) and two bad lines."""
    ana = Progress(
        learner="Ana",
        date="2026-12-01",
        scenarios={
            "belote/overruff": ScenarioRecord(done=True, stars=2, mistakes=1, wrong={"9H": 1}),
            "tarot/petit": ScenarioRecord(mistakes=2, wrong={"T21": 2}),
        },
    )
    bob = Progress(
        learner="Bob",
        scenarios={
            "belote/overruff": ScenarioRecord(mistakes=3, wrong={"9H": 2, "AS": 1}),
            "workshop": ScenarioRecord(done=True, stars=3),  # not a scenario of the app
        },
    )
    bob2 = Progress(
        learner="Bob", scenarios={"belote/overruff": ScenarioRecord(done=True, stars=3)}
    )
    anon = Progress(scenarios={"briscola/ace": ScenarioRecord(done=True, stars=3)})
    lines = [encode(ana), "", "hello", encode(bob), encode(bob2), "ATOUT1-!!", to_json(anon)]
    return "\n".join(lines)


def test_many_codes_are_read_and_bad_lines_listed() -> None:
    read = read_codes(_class())
    assert [x.name for x in read.learners] == ["Ana", "Bob (1)", "Bob (2)", "Learner 4 (no name)"]
    assert [x.line for x in read.learners] == [1, 4, 5, 7]
    assert [(b.line, b.why) for b in read.bad] == [
        (3, "a progress code starts with ATOUT1-"),
        (6, "the code is damaged (was it copied whole?)"),
    ]
    assert read.learners[0].date == "2026-12-01"
    # Bytes (an uploaded file, with a byte-order mark) read the same.
    assert read_codes(("\ufeff" + _class()).encode()).learners == read.learners


def test_too_many_codes_are_cut_with_a_line_saying_so() -> None:
    code = encode(Progress(scenarios={"belote/overruff": ScenarioRecord(done=True)}))
    read = read_codes("\n".join([code] * 12), most=10)
    assert len(read.learners) == 10
    assert read.bad[0].line == 11 and "first 10 codes" in read.bad[0].why
    assert MAX_CODES >= 30
    with pytest.raises(ProgressError):
        read_codes(b"\xff\xfe\x00bad")


def test_the_table_and_the_counts() -> None:
    table = class_table(read_codes(_class()), SCENARIOS)
    # Only the scenarios somebody touched, in the course's order; the workshop's left out.
    assert [s.title for s in table.scenarios] == ["Overruff", "Petit au bout", "The Ace"]
    counts = {c.learner.name: (c.done, c.stars, c.mistakes) for c in table.learners}
    assert counts == {
        "Ana": (1, 2, 3),
        "Bob (1)": (0, 0, 3),
        "Bob (2)": (1, 3, 0),
        "Learner 4 (no name)": (1, 3, 0),
    }
    per = {c.info.title: (c.done, c.tried, c.missed, c.mistakes) for c in table.per_scenario}
    assert per == {"Overruff": (2, 3, 2, 4), "Petit au bout": (0, 1, 1, 2), "The Ace": (1, 1, 0, 0)}
    assert [c.info.title for c in table.most_missed()] == ["Overruff", "Petit au bout"]
    wrong = [(w.label, w.info.title, w.times, w.learners) for w in table.wrong_cards()]
    assert wrong == [
        ("9♥", "Overruff", 3, 2),
        ("T21", "Petit au bout", 2, 1),
        ("A♠", "Overruff", 1, 1),
    ]
    rows = table_rows(table)
    assert rows[0]["Learner"] == "Ana" and rows[0]["Overruff"] == "✓ 2★"
    assert rows[1]["Overruff"] == "… 3✗" and rows[1]["The Ace"] == ""
    for row in rows:  # nothing internal on screen
        for key, value in row.items():
            assert "/" not in key and "workshop" not in str(value)


def test_card_labels_are_the_learners() -> None:
    assert card_label("belote", "9H") == "9♥"
    assert card_label("tarot", "KH") == "K♥"
    assert card_label("tarot", "EXC") == "Excuse"
    assert card_label("belote", "take") == "take"


def test_the_csv_has_a_row_per_learner_and_scenario_and_no_formula() -> None:
    p = Progress(learner="=HYPERLINK(1)", scenarios={"belote/overruff": ScenarioRecord(done=True)})
    text = _class() + "\n" + encode(p)
    rows = list(csv.reader(io.StringIO(csv_text(class_table(read_codes(text), SCENARIOS)))))
    assert rows[0][:4] == ["Learner", "Date", "Game", "Scenario"]
    assert len(rows) == 1 + 2 + 1 + 1 + 1 + 1  # Ana 2, Bob 1, Bob 1, anonymous 1, formula 1
    assert rows[1][:7] == ["Ana", "2026-12-01", "Belote", "Overruff", "yes", "2", "1"]
    assert rows[1][8] == "9♥×1"
    assert rows[-1][0] == "'=HYPERLINK(1)"


@pytest.mark.parametrize("measure", ["done", "stars", "mistakes"])
def test_the_heatmap_and_its_words_agree(measure: str) -> None:
    table = class_table(read_codes(_class()), SCENARIOS)
    chart = class_heatmap(table, measure)  # type: ignore[arg-type]
    heat = chart.figure.data[0]
    assert list(heat.y) == [c.learner.name for c in table.learners]
    assert list(heat.x) == ["Overruff", "Petit au bout", "The Ace"]
    z = [list(r) for r in heat.z]
    assert z[1][2] is None  # Bob has no record of the Ace: a blank, not a zero
    lines = chart.text.splitlines()
    assert len(lines) == len(table.learners)
    for row, line, counts in zip(z, lines, table.learners, strict=True):
        total = sum(v for v in row if v is not None)
        figure = {"done": counts.done, "stars": counts.stars, "mistakes": counts.mistakes}
        assert total == figure[measure]
        assert line.startswith(counts.learner.name + ": " + str(total))
    assert cell_value(ScenarioRecord(done=True, stars=1, mistakes=4), "mistakes") == 4


def test_home_puts_the_name_and_date_in_the_code() -> None:
    at = AppTest.from_file(APP, default_timeout=HANG_GUARD)
    at.run()
    at.text_input(key="progress_name").input("  Ana   Lopez ").run()
    code = next(c.value for c in at.code if c.value.startswith("ATOUT1-"))
    p = decode(code)
    assert p.learner == "Ana Lopez"
    assert p.date == date.today().isoformat()


def test_home_still_asks_merge_or_replace() -> None:
    at = open_app("home")
    assert list(at.radio(key="progress_mode").options) == [
        "Merge with the progress in this browser",
        "Replace the progress in this browser",
    ]


def test_the_teacher_page_reads_pasted_codes() -> None:
    at = open_app("teacher")
    assert not at.exception
    at.text_area(key="teacher_codes").input(_class())
    at.run()
    assert not at.exception
    summary = [m.value for m in at.markdown if "read," in m.value]
    assert summary == ["4 codes read, 2 refused."]
    assert any(t.value == "Line 3: a progress code starts with ATOUT1-" for t in at.text)
    fig = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert fig["data"][0]["type"] == "heatmap"
    assert "workshop" not in json.dumps(fig) and "belote/" not in json.dumps(fig)
    at.radio(key="teacher_measure").set_value("mistakes").run()
    assert any("Bob (1): 3 wrong tries." in t.value for t in at.text)
