"""Test-wide settings: hypothesis profiles, parallel runs, one check of each scenario tree.

- Hypothesis: the ``atout`` profile everywhere (no per-example deadline: no test may fail
  on a time); ``ci`` (loaded when ``CI`` is set, as ``.ci/run`` does, or by
  ``HYPOTHESIS_PROFILE=ci``) adds ``derandomize`` and no example database, so a CI run
  tests the same examples every time and a failure is reproduced by running it again.
  Tests that set ``max_examples`` themselves keep their count under both profiles.
- pytest-xdist (``scripts/test.sh``): every test is safe in any worker (the browser
  tests start one server per worker, on a free port); the browser tests go in lanes
  handed out first (see ``pytest_xdist_make_scheduler``).
- No test depends on the wall clock: every search (the solver, Briscola's expectation,
  the strong player's move, the review, the cost sentences, the export) and every
  scenario check reads its deadline on a clock that never moves (``clocks.still``), so
  only the node budgets and sample counts bound a run; a test about a time budget
  running out passes its own clock (``clocks.Jumping``).
- The scenario library (``tutorial.course.library.load_library``, about 2 s) is checked once per
  test process for each scenario tree and its files' sizes and times, as the app's
  server does once per process (``st.cache_resource``); a test that writes or points
  ``ATOUT_SCENARIOS`` at other files gets a fresh check of those.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from clocks import still
from db_util import postgres_server  # noqa: F401  (the PostgreSQL fixture, for every test file)
from hypothesis import HealthCheck, settings

from tutorial.analysis import player as _player
from tutorial.analysis import solver as _solver
from tutorial.course import library as _library
from tutorial.course import review_worker as _review_worker
from tutorial.scenarios import budget as _budget

# The browser tests' shared helpers assert too: rewrite them for pytest's detailed
# messages (doctest collection imports the module before any test file could ask).
pytest.register_assert_rewrite("browser_util")

# --- Hypothesis ------------------------------------------------------------------------------

settings.register_profile(
    "atout",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
    max_examples=100,
)
settings.register_profile(
    "ci", parent=settings.get_profile("atout"), derandomize=True, database=None
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "atout")
)


# --- Clocks --------------------------------------------------------------------------------

#: The modules whose ``CLOCK`` is every deadline's default clock.
_CLOCKED = (_solver, _player, _budget)

# Installed before any test module is collected (some check the library as they load).
for _module in _CLOCKED:
    _module.CLOCK = still


@pytest.fixture(autouse=True)
def _still_clocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every search's and check's default clock never moves (see the module's docstring),
    whatever an earlier test left there."""
    for module in _CLOCKED:
        monkeypatch.setattr(module, "CLOCK", still)


# --- The review of practice cards ------------------------------------------------------------


@pytest.fixture(autouse=True)
def _inline_review(monkeypatch: pytest.MonkeyPatch) -> Iterator[_review_worker.ReviewWorker]:
    """Every test reviews the learner's practice cards synchronously (no worker process),
    on few deals and small node budgets; the fixture's value is that worker."""
    monkeypatch.setattr(_player, "REVIEW_DEALS", 3)
    monkeypatch.setattr(
        _player, "REVIEW_NODE_BUDGET", dict.fromkeys(_player.REVIEW_NODE_BUDGET, 30_000)
    )
    worker = _review_worker.ReviewWorker(_review_worker.InlineExecutor())
    old = _review_worker.install(worker)
    yield worker
    _review_worker.install(old)


# --- The scenario library, checked once per tree ---------------------------------------------

_check_library = _library.load_library
_LIBRARIES: dict[tuple[Path, tuple[tuple[str, int, int], ...]], _library.Library] = {}


def _files(base: Path) -> tuple[tuple[str, int, int], ...]:
    """Every file below ``base``: its path, size and modification time (ns)."""
    if not base.is_dir():
        return ()
    found = []
    for path in sorted(base.rglob("*")):
        if path.is_file():
            stat = path.stat()
            found.append((path.relative_to(base).as_posix(), stat.st_size, stat.st_mtime_ns))
    return tuple(found)


@functools.wraps(_check_library)
def _library_once(root: Path | None = None) -> _library.Library:
    """``load_library(root)``, checked once per scenario tree in this test process."""
    base = Path(root or _library.scenarios_root()).resolve()
    key = (base, _files(base))
    if key not in _LIBRARIES:
        _LIBRARIES[key] = _check_library(root)
    return _LIBRARIES[key]


# Installed before any test module (or the app under AppTest) imports the name.
_library.load_library = _library_once


# --- Parallel runs ---------------------------------------------------------------------------


BROWSER_TESTS = "tests/test_browser"  # the browser test files: tests/test_browser*.py

#: About how long each browser test takes (seconds, ``--durations`` on a quiet 2-core
#: machine, under some load), by test name (``file::test[params]`` without ``tests/``), to balance the
#: lanes; a test not listed counts ``BROWSER_TEST_SECONDS``.
BROWSER_WEIGHTS = {
    "test_browser.py::test_mouse_plays_a_scenario_at_every_size": 36,
    "test_browser.py::test_keyboard_alone_plays_a_scenario_at_every_size": 18,
    "test_browser.py::test_tarot_discard_is_chosen_on_the_hand": 13,
    "test_browser.py::test_progress_survives_a_reload_and_a_new_tab": 33,
    "test_browser.py::test_practice_hand_to_the_end_with_hints[belote]": 20,
    "test_browser.py::test_practice_hand_to_the_end_with_hints[tarot]": 37,
    "test_browser.py::test_practice_hand_to_the_end_with_hints[briscola2]": 28,
    "test_browser.py::test_practice_hand_to_the_end_with_hints[briscola4]": 21,
    "test_browser.py::test_practice_on_a_phone": 35,
    "test_browser.py::test_practice_in_presenter_mode": 10,
    "test_browser.py::test_a_scenario_step_shows_a_computed_cost_and_the_best_play": 12,
    "test_browser_practice.py::test_a_defender_sees_the_chien_of_a_computer_players_prise": 16,
    "test_browser_practice.py::test_a_finished_hand_played_again_from_trick_3_shows_both_results": 40,
    "test_browser_links.py::test_a_playlist_link_plays_two_scenarios_in_order": 13,
    "test_browser_links.py::test_a_report_code_reopens_the_exact_step_in_a_fresh_context": 12,
    "test_browser_teacher.py::test_thirty_codes_pasted_give_the_right_counts": 6,
    "test_browser_classes.py::test_a_class_fills_itself_as_two_learners_play": 50,
    "test_browser_zh.py::test_the_tutor_in_chinese[zh-Hant]": 38,
    "test_browser_zh.py::test_the_tutor_in_chinese[zh-Hans]": 38,
    "test_browser_zh.py::test_presenter_mode_in_chinese_is_readable": 7,
    "test_browser_zh.py::test_the_browser_language_chooses_first_then_the_choice_is_kept": 9,
    "test_browser_tarot.py::test_the_outcome_waits_until_every_question_is_answered[en]": 28,
    "test_browser_tarot.py::test_the_outcome_waits_until_every_question_is_answered[zh-Hant]": 22,
    "test_browser_tarot.py::test_nothing_is_cut_off_on_a_phone": 12,
    "test_browser_tarot.py::test_nothing_is_cut_off_on_a_projector": 13,
}
BROWSER_TEST_SECONDS = 20


def browser_lanes(nodeids: list[str], lanes: int) -> dict[str, int]:
    """Each browser test's lane: the longest tests first, each into the lane that has
    the least work so far (so that the longest lane is as short as it can be made)."""
    weight = {
        n: BROWSER_WEIGHTS.get(n.removeprefix("tests/"), BROWSER_TEST_SECONDS) for n in nodeids
    }
    load = [0] * lanes
    lane_of: dict[str, int] = {}
    for nodeid in sorted(nodeids, key=lambda n: (-weight[n], n)):
        lane = min(range(lanes), key=lambda i: (load[i], i))
        lane_of[nodeid] = lane
        load[lane] += weight[nodeid]
    return lane_of


@pytest.hookimpl(optionalhook=True)  # a plain pytest run without xdist knows no such hook
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` (as ``scripts/test.sh`` asks): the browser tests in lanes.

    The browser tests (files ``tests/test_browser*.py``: the scheduler sees test ids, not
    marks) are shared out into "lanes", one per core and at least one worker left for
    the rest, by their usual durations (``browser_lanes``). The scheduler hands the lanes
    out first (the largest work units go first), each to one worker that plays its tests
    one after the other with one server and one browser (``browser_util``); every other
    test is handed out alone, to whichever worker is free. So the longest tests start at
    once, and the browser sessions never outnumber the cores (as many as workers at once
    starved them, on a loaded machine, past their timeouts). Lanes are dealt here, not
    with ``xdist_group`` marks: under pytest 9.2, xdist 3.8 no longer groups by them
    (pytest-xdist issue 1386).
    """
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class BrowserLanes(LoadGroupScheduling):
        def __init__(self, config: pytest.Config, log: Any, lanes: int) -> None:
            super().__init__(config, log)
            self.lanes = lanes
            self.lane_of: dict[str, int] | None = None

        def _split_scope(self, nodeid: str) -> str:
            if not nodeid.startswith(BROWSER_TESTS):
                return str(super()._split_scope(nodeid))
            if self.lane_of is None:  # the whole collection is known by now
                browser = [n for n in self.collection or [nodeid] if n.startswith(BROWSER_TESTS)]
                self.lane_of = browser_lanes(browser, self.lanes)
            return f"browser-lane-{self.lane_of.get(nodeid, 0)}"

    workers = len(config.getvalue("tx") or []) or 1
    return BrowserLanes(config, log, max(1, min(len(os.sched_getaffinity(0)), workers - 1)))


# --- Streamlit ---------------------------------------------------------------------------------


@pytest.fixture
def _fresh_caches() -> Iterator[None]:
    """Streamlit's caches emptied around an AppTest (each test sees a fresh server)."""
    st.cache_data.clear()
    st.cache_resource.clear()
    yield
    st.cache_data.clear()
    st.cache_resource.clear()
