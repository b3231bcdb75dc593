"""Report a problem: the code reopens exactly the step the learner saw.

Pure tests of ``tutorial/course/problem_report.py`` (the code's round trip, its caps, the
learner's moves read off a history and played again, the refused try shown again, a
changed scenario noticed), then the Play page under AppTest: a code read off the page
opens the same step with the same feedback in a new session.
"""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest
from apptest_util import app_session, open_app
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.course.library import load_library
from tutorial.course.problem_report import (
    MAX_CODE_CHARS,
    MAX_JSON_BYTES,
    MAX_MOVES,
    REPORT_PREFIX,
    Report,
    ReportError,
    decode_report,
    encode_report,
    find_code,
    moves_of,
    replay,
    report_of,
    report_text,
)
from tutorial.scenarios.checker import check_text
from tutorial.scenarios.runtime import Run, start

ROOT = Path(__file__).resolve().parent.parent
OVERRUFF = (ROOT / "scenarios" / "belote" / "overruff.yaml").read_text("utf-8")


def _raw(obj: object) -> str:
    """A code around any JSON (what a hostile or damaged code may hold)."""
    raw = json.dumps(obj).encode()
    return REPORT_PREFIX + base64.urlsafe_b64encode(_deflate(raw)).decode().rstrip("=")


def _deflate(raw: bytes) -> bytes:
    d = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    return d.compress(raw) + d.flush()


def _start(sid: str) -> Run:
    checked = load_library().scenarios[sid]
    return start(checked.scenario, checked.table)


# --- the code ------------------------------------------------------------------------


def test_a_report_reads_back_whole() -> None:
    for report in (
        Report(scenario="belote/overruff"),
        Report(scenario="belote/overruff", moves=("9H", None), tried="8H", step=5),
        Report(inline=OVERRUFF, moves=("9H",), tried=3, step=3),
        Report(scenario="tarot/poignee-show", moves=("poignee simple",), tried=True, step=2),
    ):
        code = encode_report(report)
        assert code.startswith(REPORT_PREFIX)
        assert decode_report(code) == report
        assert decode_report(" \n".join([code[:20], code[20:]])) == report  # wrapped by mail


def test_a_library_report_is_short() -> None:
    code = encode_report(Report(scenario="belote/overruff", moves=("9H", None), step=5))
    assert len(code) < 80, code


@settings(max_examples=40)
@given(
    st.lists(st.one_of(st.none(), st.text(min_size=1, max_size=12)), max_size=20),
    st.one_of(st.none(), st.text(max_size=20), st.integers(-100, 100), st.booleans()),
    st.integers(0, 500),
)
def test_any_report_survives_the_round_trip(
    moves: list[str | None], tried: str | int | bool | None, step: int
) -> None:
    report = Report(scenario="briscola/ace-beats-three", moves=tuple(moves), tried=tried, step=step)
    assert decode_report(encode_report(report)) == report


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (REPORT_PREFIX + "A" * (MAX_CODE_CHARS + 1), "characters long"),
        ("ATOUT1-abc", "not a report code"),
        ("", "not a report code"),
        (REPORT_PREFIX + "!!!", "damaged"),
        (REPORT_PREFIX + base64.urlsafe_b64encode(b"not zlib").decode(), "damaged"),
        (_raw({"s": "belote/overruff"})[:-5], "damaged"),  # cut short
        (_raw({"v": 2, "s": "belote/overruff"}), "damaged"),  # a key this version has not
        (_raw({}), "damaged"),  # no scenario
        (_raw({"s": "belote/overruff", "y": "title: x"}), "damaged"),  # both
        (_raw({"s": "../../etc/passwd"}), "damaged"),
        (_raw({"s": "belote/overruff", "m": ["9H"] * (MAX_MOVES + 1)}), "damaged"),
        (_raw({"s": "belote/overruff", "m": ["x" * 61]}), "damaged"),
        (_raw({"s": "belote/overruff", "m": [3]}), "damaged"),
        (_raw({"s": "belote/overruff", "x": [1, 2]}), "damaged"),
        (_raw({"s": "belote/overruff", "x": 10**30}), "damaged"),
        (_raw({"s": "belote/overruff", "n": -1}), "damaged"),
        (_raw({"s": "belote/overruff", "extra": 1}), "damaged"),
        (
            _raw([[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]),
            "damaged",
        ),
        (_raw("x" * (MAX_JSON_BYTES + 10)), "damaged"),  # unpacks past the limit
    ],
)
def test_a_bad_code_is_refused_with_a_sentence(code: str, words: str) -> None:
    with pytest.raises(ReportError) as e:
        decode_report(code)
    assert words in str(e.value), str(e.value)
    assert str(e.value).endswith(".")


def test_a_deeply_nested_code_is_refused() -> None:
    deep = REPORT_PREFIX + base64.urlsafe_b64encode(_deflate(b"[" * 50_000)).decode()
    with pytest.raises(ReportError, match="damaged"):
        decode_report(deep)


def test_the_code_is_found_in_the_text_to_copy_or_a_link() -> None:
    code = encode_report(Report(scenario="belote/overruff", moves=("9H",), step=3))
    text = report_text(
        title="Overtrump",
        step=3,
        count=5,
        what="The hint is wrong.",
        code=code,
        link=f"http://x/play?report={code}",
    )
    assert "Overtrump, step 3 of 5" in text and "The hint is wrong." in text
    assert find_code(text) == code
    assert find_code(f"http://x/play?report={code}&x=1") == code
    assert find_code("no code here") is None
    assert "(nothing written)" in report_text(
        title="t", step=1, count=1, what="  ", code=code, link=""
    )


# --- from a history, and back ---------------------------------------------------------


def _history(run: Run, moves: list[str | None]) -> list[Run]:
    runs = [run]
    for move in moves:
        step = runs[-1].current
        nxt, fb = runs[-1].answer(step.ask.answer) if move is None else runs[-1].try_action(move)
        assert fb.ok, fb.message
        runs.append(nxt)
    return runs


def test_the_moves_are_the_ones_played_not_the_scenarios_first_answer() -> None:
    # both trumps are accepted here: the report keeps the 9 the learner chose, not the 7
    runs = _history(_start("belote/seed-000-must-ruff"), ["9H", None])
    assert moves_of(runs) == ("9H", None)
    report = report_of(runs[:2], scenario="belote/seed-000-must-ruff")
    assert report.moves == ("9H",) and report.step == runs[1].step
    again = replay(_start("belote/seed-000-must-ruff"), report)
    assert again.complete and len(again.runs) == 2
    assert again.runs[-1].state.tricks == runs[1].state.tricks
    assert again.runs[-1].state.hands == runs[1].state.hands
    assert [e.text for e in again.runs[-1].transcript] == [e.text for e in runs[1].transcript]


def test_a_long_scenario_is_played_again_to_the_same_step() -> None:
    sid = "briscola/seed-last-three-tricks"
    run = _start(sid)
    runs = [run]
    while not runs[-1].finished and len(runs) < 6:
        runs.append(runs[-1].solve_current())
    report = decode_report(encode_report(report_of(runs, scenario=sid)))
    again = replay(_start(sid), report)
    assert again.complete
    assert again.runs[-1].step == runs[-1].step
    assert again.runs[-1].state.hands == runs[-1].state.hands


def test_the_refused_try_is_shown_again() -> None:
    runs = [_start("belote/overruff")]
    _, fb = runs[0].try_action("8H")
    report = report_of(runs, scenario="belote/overruff", tried="8H")
    again = replay(_start("belote/overruff"), decode_report(encode_report(report)))
    assert again.complete and again.tried_shown
    assert again.feedback is not None and again.feedback.kind == "illegal"
    assert again.feedback.message == fb.message
    assert again.runs[-1].mistakes == 1


def test_a_wrong_answer_is_shown_again() -> None:
    runs = _history(_start("belote/overruff"), ["9H"])
    _, fb = runs[-1].answer("Left")
    report = report_of(runs, scenario="belote/overruff", tried="Left")
    again = replay(_start("belote/overruff"), report)
    assert again.feedback is not None and again.feedback.kind == "answer_wrong"
    assert again.feedback.message == fb.message


def test_a_changed_scenario_is_noticed_not_fatal() -> None:
    # a move the scenario no longer accepts: played up to there, flagged
    again = replay(_start("belote/overruff"), Report("belote/overruff", moves=("8H",), step=3))
    assert not again.complete and len(again.runs) == 1
    # a try that is now the answer
    again = replay(_start("belote/overruff"), Report("belote/overruff", tried="9H", step=2))
    assert not again.complete and again.feedback is None
    # the same moves, but another step reached
    again = replay(_start("belote/overruff"), Report("belote/overruff", moves=("9H",), step=99))
    assert not again.complete and len(again.runs) == 2
    # junk of every kind never raises
    for move in ("", "QX", "x" * 60, "take Z", None):
        replay(_start("belote/overruff"), Report("belote/overruff", moves=(move,), tried=move))


def test_an_inline_scenario_travels_in_the_report() -> None:
    text = OVERRUFF.replace("Overtrump the opponent's ruff", "Mine")
    checked = check_text(text, "x.yaml")
    runs = _history(start(checked.scenario, checked.table), ["9H"])
    report = decode_report(encode_report(report_of(runs, inline=text)))
    assert report.inline == text and report.scenario == ""
    again = replay(start(checked.scenario, checked.table), report)
    assert again.complete and again.runs[-1].step == runs[-1].step


# --- the Play page (AppTest) ---------------------------------------------------------


@pytest.mark.usefixtures("_fresh_caches")
def test_a_code_from_the_page_reopens_the_step_in_a_new_session() -> None:
    at = open_app("play", 60, scenario="belote/seed-000-must-ruff")
    at.text_input(key="typed_card").input("AD").run()  # refused: must trump
    shown = next(c.value for c in at.code if c.value.startswith("Problem report from Atout"))
    assert "Trump when you cannot follow suit, step 3 of 5" in shown
    at.text_area(key="report_what").input("I think the AD should be allowed.").run()
    shown = next(c.value for c in at.code if c.value.startswith("Problem report from Atout"))
    assert "What went wrong: I think the AD should be allowed." in shown
    code = find_code(shown)
    assert code is not None and f"/play?report={code}" in shown
    before = app_session(at).play.scenarios["belote/seed-000-must-ruff"].feedback

    fresh = open_app("play", 60, report=code)
    assert not fresh.exception, [e.value for e in fresh.exception]
    assert app_session(fresh).play.current == "belote/seed-000-must-ruff"
    after = app_session(fresh).play.scenarios["belote/seed-000-must-ruff"].feedback
    assert after is not None and after.kind == before.kind == "illegal"
    assert after.message == before.message
    assert any("Reopened from a problem report" in i.value for i in fresh.info)
    assert "report" not in fresh.query_params  # the address now names the step
    assert fresh.query_params["scenario"] == "belote/seed-000-must-ruff"

    # the same, pasted on the Play page of a third session (the whole text)
    third = open_app("play", 60, scenario="belote/overruff")
    third.text_area(key="report_paste_play").input(shown).run()
    third.button(key="report_paste_play_go").click().run()
    assert app_session(third).play.current == "belote/seed-000-must-ruff"
    assert app_session(third).play.scenarios["belote/seed-000-must-ruff"].feedback.kind == "illegal"


@pytest.mark.usefixtures("_fresh_caches")
def test_a_bad_report_link_says_why() -> None:
    at = open_app("play", 60, report="ATR1.garbage!")
    assert not at.exception
    assert any("cannot be opened" in e.value and "damaged" in e.value for e in at.error)
    gone = open_app("play", 60, report=encode_report(Report(scenario="belote/gone")))
    assert any("does not have: belote/gone" in e.value for e in gone.error)


@pytest.mark.usefixtures("_fresh_caches")
def test_a_report_pasted_on_the_home_page_opens_on_the_play_page() -> None:
    code = encode_report(Report("belote/overruff", moves=("9H",), tried="Left", step=4))
    at = open_app("home")
    at.text_area(key="report_paste_home").input(f"Please look: {code} thanks").run()
    at.button(key="report_paste_home_go").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert app_session(at).play.current == "belote/overruff"
    at.switch_page("screens/play.py").run()  # AppTest stays on its page after a switch
    fb = app_session(at).play.scenarios["belote/overruff"].feedback
    assert fb is not None and fb.kind == "answer_wrong"
    assert any("Reopened from a problem report" in i.value for i in at.info)
    # a text without a code says so, and stays on the page
    home = open_app("home")
    home.text_area(key="report_paste_home").input("it does not work").run()
    home.button(key="report_paste_home_go").click().run()
    assert any("No report code found" in e.value for e in home.error)
