"""One scenario's play in a session (tutorial/webapp/scenario_session.py): changed through
its methods only, each one thing a learner does."""

from __future__ import annotations

from collections.abc import Callable

from tutorial.course.library import scenarios_root
from tutorial.scenarios.loader import parse_file
from tutorial.scenarios.position import build
from tutorial.scenarios.runtime import Run, start
from tutorial.webapp.scenario_session import ScenarioSession


def _start() -> Run:
    sc, doc = parse_file(scenarios_root() / "belote" / "overruff.yaml")
    return start(sc, build(sc, doc))


def _codes(calls: list[int]) -> Callable[[list[Run], object], str]:
    def encode(runs: list[Run], tried: object) -> str:
        calls.append(len(runs))
        return f"{len(runs)}:{tried}"

    return encode


def test_the_report_code_is_made_again_only_when_the_step_or_the_try_changed() -> None:
    play = ScenarioSession()
    play.restart(_start())
    calls: list[int] = []
    encode = _codes(calls)
    assert play.report_code(False, encode) == "1:None"
    assert play.report_code(False, encode) == "1:None"
    assert calls == [1]
    run = play.run
    assert run is not None
    wrong, fb = run.try_action("8H")
    play.moved(wrong, fb, forward=False)
    play.tried("8H", refused=True)
    assert play.report_code(False, encode) == "1:8H"
    assert play.report_code(True, encode) == "1:None"
    right, fb = wrong.try_action("9H")
    play.moved(right, fb, forward=True)
    play.tried("9H", refused=False)
    assert play.report_code(False, encode) == "2:None"
    assert calls == [1, 1, 1, 2]


def test_a_reopened_report_shows_its_last_run_with_its_answer_and_try() -> None:
    first = _start()
    wrong, fb = first.try_action("8H")
    play = ScenarioSession()
    play.reopen([first, wrong], fb, "8H", exact=True)
    assert play.history == [first, wrong] and play.run is wrong
    assert (play.feedback, play.last_try, play.reopened) == (fb, "8H", True)
    assert not play.reviewing
    play.review(-1)
    assert play.reviewing and play.run is first


def test_only_a_refused_plain_try_is_kept_for_the_report() -> None:
    play = ScenarioSession()
    play.tried("8H", refused=True)
    assert play.last_try == "8H"
    play.tried(["not", "plain"], refused=True)
    assert play.last_try is None
    play.tried("9H", refused=False)
    assert play.last_try is None
