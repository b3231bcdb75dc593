"""Test-wide settings: hypothesis profiles, parallel runs, one check of each scenario tree.

- Hypothesis: the ``atout`` profile everywhere (no per-example deadline: no test may fail
  on a time); ``ci`` (loaded when ``CI`` is set, as ``.ci/run`` does, or by
  ``HYPOTHESIS_PROFILE=ci``) adds ``derandomize`` and no example database, so a CI run
  tests the same examples every time and a failure is reproduced by running it again.
  Tests that set ``max_examples`` themselves keep their count under both profiles.
- pytest-xdist (``scripts/test.sh``): every test is safe in any worker (the browser
  tests start one server per worker, on a free port); the browser tests go in lanes
  handed out first (see ``pytest_xdist_make_scheduler``).
- No test depends on the wall clock: the judge of a position (the strong player's move,
  the hint, the review) reads no clock at all, and every other search (the solver,
  Briscola's expectation, the cost sentences, the export) and every scenario check reads
  its deadline on a clock that never moves (``clocks.still``), so only the node budgets
  and deal counts bound a run; a test about a time budget running out passes its own
  clock (``clocks.Jumping``).
- Temporary folders (``tmp_path``) and the PostgreSQL server's files are in memory
  (``/dev/shm``) where the machine has it: the class store's databases write there.
- The scenario library (``tutorial.course.library.load_library``, about 2 s) is checked once per
  test process for each scenario tree and its files' sizes and times, as the app's
  server does once per process (``st.cache_resource``); a test that writes or points
  ``ATOUT_SCENARIOS`` at other files gets a fresh check of those.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from clocks import still
from db_util import (
    memory_folder,
    postgres_server,  # noqa: F401  (the PostgreSQL fixture, for every test file)
)
from hypothesis import HealthCheck, settings
from judge_settings import TEST_DEALS, TEST_REVIEW_NODES
from streamlit.components.v2 import manifest_scanner

from tutorial.analysis import bid_advice as _bid_advice
from tutorial.analysis import card_review as _card_review
from tutorial.analysis import judgement as _judgement
from tutorial.analysis import solver as _solver
from tutorial.course import library as _library
from tutorial.course import review_worker as _review_worker
from tutorial.scenarios import budget as _budget

# The browser tests' shared helpers assert too: rewrite them for pytest's detailed
# messages (doctest collection imports the module before any test file could ask).
pytest.register_assert_rewrite("browser_util")

# --- Temporary files in memory ---------------------------------------------------------------

# ``tmp_path`` in memory where the machine has it (``db_util.memory_folder``): the class
# store's tests commit to SQLite files there, and each commit on a disk waits for it (a
# third of their time on the project's machine). pytest reads the variable when it first
# makes a temporary folder, after the conftest files are loaded; its numbered folders keep
# concurrent runs apart as in the system's temporary folder.
if memory_folder() is not None:
    os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", str(memory_folder()))

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
_CLOCKED = (_solver, _budget)

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
    judges positions on few deals and solves with small node budgets; the fixture's value
    is that worker."""
    monkeypatch.setattr(_judgement, "DEALS", TEST_DEALS)
    monkeypatch.setattr(_bid_advice, "POSITION_DEALS", TEST_DEALS)
    nodes = dict.fromkeys(_card_review.REVIEW_NODE_BUDGET, TEST_REVIEW_NODES)
    monkeypatch.setattr(_card_review, "REVIEW_NODE_BUDGET", nodes)
    worker = _review_worker.ReviewWorker(_review_worker.InlineExecutor())
    old = _review_worker.install(worker)
    yield worker
    _review_worker.install(old)


@pytest.fixture(autouse=True)
def _own_main_module() -> Iterator[None]:
    """Each test ends with pytest's own ``__main__``. AppTest's script runner installs the
    script it ran as ``__main__`` and leaves it there; a process that ``spawn`` starts later
    imports that file, and AppTest's stand-in for a function, run outside AppTest, fails
    (``NameError: __args``) and kills the process."""
    main = sys.modules["__main__"]
    yield
    sys.modules["__main__"] = main


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

#: About how long each browser test takes (seconds, ``--durations`` of a whole run of
#: ``scripts/test.sh``, three workers on the 2-core machine, load average 2 to 10, on
#: 2026-12-06; the accessibility audit as measured alone, scaled), by test name
#: (``file::test[params]`` without ``tests/``), to balance the lanes; a test not listed
#: counts ``BROWSER_TEST_SECONDS`` (``tests/test_parallel_runs.py`` checks that every
#: browser test is listed).
BROWSER_WEIGHTS = {
    "test_browser.py::test_mouse_plays_a_scenario_at_every_size": 23,
    "test_browser.py::test_keyboard_alone_plays_a_scenario_at_every_size": 22,
    "test_browser.py::test_tarot_discard_is_chosen_on_the_hand": 7,
    "test_browser.py::test_progress_survives_a_reload_and_a_new_tab": 17,
    "test_browser.py::test_each_test_opens_its_page_with_nothing_stored": 4,
    "test_browser.py::test_practice_hand_to_the_end_with_hints[belote]": 17,
    "test_browser.py::test_practice_hand_to_the_end_with_hints[tarot]": 23,
    "test_browser.py::test_practice_hand_to_the_end_with_hints[briscola2]": 18,
    "test_browser.py::test_practice_hand_to_the_end_with_hints[briscola4]": 11,
    "test_browser.py::test_practice_on_a_phone": 16,
    "test_browser.py::test_a_scenario_step_shows_a_computed_cost_and_the_best_play": 5,
    "test_browser.py::test_every_click_after_a_refused_discard_is_taken": 5,
    "test_browser.py::test_the_table_keeps_a_readable_size_through_a_scenario": 9,
    "test_browser.py::test_captions_and_their_links_are_readable": 2,
    "test_browser.py::test_each_page_has_its_own_title": 5,
    "test_browser_practice.py::test_a_defender_sees_the_chien_of_a_computer_players_prise": 2,
    "test_browser_practice.py::test_a_finished_hand_played_again_from_trick_3_shows_both_results": 13,
    "test_browser_links.py::test_a_playlist_link_plays_two_scenarios_in_order": 6,
    "test_browser_links.py::test_a_report_code_reopens_the_exact_step_in_a_fresh_profile": 5,
    "test_browser_teacher.py::test_thirty_codes_pasted_give_the_right_counts": 5,
    "test_browser_classes.py::test_a_class_fills_itself_as_two_learners_play": 20,
    "test_browser_classes.py::test_the_teacher_link_leaves_the_address_and_the_board_changes_nothing": 22,
    "test_browser_classes.py::test_the_open_class_follows_the_database_and_keeps_what_the_teacher_is_typing": 26,
    "test_browser_live.py::test_a_live_class_on_a_projector_and_three_phones": 80,
    "test_browser_live.py::test_two_servers_on_one_postgresql_serve_one_live_class": 53,
    "test_browser_review.py::test_a_wrong_try_comes_back_the_next_day_and_is_scheduled_later": 28,
    "test_browser_zh.py::test_the_tutor_in_chinese": 55,
    "test_browser_zh.py::test_presenter_mode_in_chinese_is_readable": 4,
    "test_browser_zh.py::test_the_browser_language_chooses_first_then_the_choice_is_kept": 19,
    "test_browser_score.py::test_the_first_score_picture_ends_on_the_hand_score[phone]": 16,
    "test_browser_score.py::test_the_first_score_picture_ends_on_the_hand_score[projector]": 22,
    "test_browser_tarot.py::test_the_outcome_waits_until_every_question_is_answered[en]": 11,
    "test_browser_tarot.py::test_the_outcome_waits_until_every_question_is_answered[zh-Hant]": 17,
    "test_browser_tarot.py::test_nothing_is_cut_off_on_a_phone": 8,
    "test_browser_tarot.py::test_nothing_is_cut_off_on_a_projector": 8,
    "test_browser_answers.py::test_no_answer_on_the_page_before_its_question_on_a_laptop_and_a_projector[en]": 58,
    "test_browser_answers.py::test_no_answer_on_the_page_before_its_question_on_a_laptop_and_a_projector[zh-Hant]": 53,
    "test_browser_presenter.py::test_presenter_mode_enlarges_the_table_and_keeps_its_labels_apart": 7,
    "test_browser_presenter.py::test_presenter_mode_survives_a_reload_and_a_link": 10,
    "test_browser_presenter.py::test_next_lesson_and_next_scenario_open_at_their_top_on_a_phone": 6,
    "test_browser_presenter.py::test_no_column_heading_is_broken_inside_a_word_on_a_phone": 6,
    "test_browser_presenter.py::test_a_scenario_on_a_phone_keeps_the_hand_in_view": 4,
    "test_browser_accessibility.py::test_every_page_has_no_serious_accessibility_violation_on_a_phone_and_a_laptop": 47,
    "test_browser_accessibility.py::test_the_transcript_box_is_a_named_tab_stop": 3,
}
BROWSER_TEST_SECONDS = 30

#: Test files kept whole on one worker: their tests share a module-scoped fixture that
#: costs seconds (the import graph, the rendered reference, the engine's recorded
#: sentences, ...), which each worker running one of its tests would compute again.
WHOLE_MODULES = (
    "tests/test_layering.py",
    "tests/test_reference.py",
    "tests/test_engine_sentences.py",
    "tests/test_message_coverage.py",
    "tests/test_no_internal_names.py",
    "tests/test_scenario_translation.py",
    "tests/test_table_data.py",
)

#: ``$ATOUT_BROWSER_LANES`` sets the number of browser lanes (at most one per worker);
#: by default one per core, with at least one worker left for the other tests.
LANES_ENV = "ATOUT_BROWSER_LANES"


def lane_count(workers: int, cores: int, asked: str | None = None) -> int:
    """How many browser lanes ``workers`` workers on ``cores`` cores run: ``asked`` (the
    environment's figure, if a whole number) up to the workers, else one per core with a
    worker left over; always at least one."""
    if asked and asked.strip().isdigit():
        return max(1, min(int(asked), workers))
    return max(1, min(cores, workers - 1))


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
    the rest (``lane_count``; ``$ATOUT_BROWSER_LANES`` for another count), by their
    usual durations (``browser_lanes``). The scheduler hands the lanes out first
    (whatever the sizes of the other work units), each to one worker that plays its tests
    one after the other with one server and one browser (``browser_util``); every other
    test is handed out alone (the files of ``WHOLE_MODULES`` each as one unit), to
    whichever worker is free. So the longest tests start at
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
            module = nodeid.split("::", 1)[0]
            if module in WHOLE_MODULES:
                return module
            if not nodeid.startswith(BROWSER_TESTS):
                return str(super()._split_scope(nodeid))
            if self.lane_of is None:  # the whole collection is known by now
                browser = [n for n in self.collection or [nodeid] if n.startswith(BROWSER_TESTS)]
                self.lane_of = browser_lanes(browser, self.lanes)
            return f"browser-lane-{self.lane_of.get(nodeid, 0)}"

        def _assign_work_unit(self, node: Any) -> None:
            # The lanes first, whatever their sizes: they are the longest work units.
            for scope in [s for s in self.workqueue if s.startswith("browser-lane-")][::-1]:
                self.workqueue.move_to_end(scope, last=False)
            super()._assign_work_unit(node)

    workers = len(config.getvalue("tx") or []) or 1
    cores = len(os.sched_getaffinity(0))
    return BrowserLanes(config, log, lane_count(workers, cores, os.environ.get(LANES_ENV)))


# --- Streamlit ---------------------------------------------------------------------------------

# Each AppTest's first run scans every installed distribution for custom components
# (about 150 ms of CPU, for the same answer each time: nothing is installed while the
# tests run), and the suite makes hundreds of AppTests. The scan is done once per test
# process instead; what it finds is only read (each AppTest registers it afresh).
manifest_scanner.scan_component_manifests = functools.cache(
    manifest_scanner.scan_component_manifests
)


@pytest.fixture
def _fresh_caches() -> Iterator[None]:
    """Streamlit's caches emptied around an AppTest (each test sees a fresh server)."""
    st.cache_data.clear()
    st.cache_resource.clear()
    yield
    st.cache_data.clear()
    st.cache_resource.clear()
