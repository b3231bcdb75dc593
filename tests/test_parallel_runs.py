"""How the suite is shared out between pytest-xdist's workers (``conftest.py``): the
browser tests in lanes balanced by their usual durations, every browser test's duration
listed, the lane count, and the files kept whole on one worker."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import (
    BROWSER_TEST_SECONDS,
    BROWSER_WEIGHTS,
    WHOLE_MODULES,
    browser_lanes,
    lane_count,
)

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def _browser_tests() -> set[str]:
    """Every browser test function, as ``file::name`` (parameters left out)."""
    found = set()
    for path in sorted(TESTS.glob("test_browser*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found.add(f"{path.name}::{node.name}")
    return found


def test_every_browser_test_has_a_weight_and_every_weight_a_test() -> None:
    weighed = {name.split("[", 1)[0] for name in BROWSER_WEIGHTS}
    tests = _browser_tests()
    assert len(tests) > 10, "no browser test found: the check would pass vacuously"
    assert sorted(tests - weighed) == [], "add their durations to BROWSER_WEIGHTS"
    assert sorted(weighed - tests) == [], "BROWSER_WEIGHTS names tests that are gone"


def test_the_longest_tests_go_in_different_lanes_and_the_lanes_are_balanced() -> None:
    names = sorted(BROWSER_WEIGHTS, key=lambda n: (-BROWSER_WEIGHTS[n], n))
    nodeids = [f"tests/{n}" for n in names]
    for lanes in (2, 3):
        lane_of = browser_lanes(nodeids, lanes)
        assert len({lane_of[n] for n in nodeids[:lanes]}) == lanes  # the longest apart
        load = [0] * lanes
        for n in nodeids:
            load[lane_of[n]] += BROWSER_WEIGHTS[n.removeprefix("tests/")]
        # the longest-first rule: no lane exceeds the mean by more than one test
        assert max(load) - sum(load) / lanes <= BROWSER_WEIGHTS[names[0]], load


def test_a_test_without_a_weight_counts_the_default() -> None:
    lane_of = browser_lanes(
        ["tests/test_browser_new.py::test_a", "tests/test_browser_new.py::test_b"], 2
    )
    assert sorted(lane_of.values()) == [0, 1]
    assert BROWSER_TEST_SECONDS > 0


@pytest.mark.parametrize(
    ("workers", "cores", "asked", "lanes"),
    [
        (3, 2, None, 2),  # scripts/test.sh on 2 cores: a worker left for the rest
        (4, 2, None, 2),
        (2, 8, None, 1),
        (1, 2, None, 1),
        (4, 2, "3", 3),  # $ATOUT_BROWSER_LANES
        (3, 2, "9", 3),  # never more lanes than workers
        (3, 2, "0", 1),
        (3, 2, "many", 2),  # not a number: the default
    ],
)
def test_the_lane_count(workers: int, cores: int, asked: str | None, lanes: int) -> None:
    assert lane_count(workers, cores, asked) == lanes


def test_the_files_kept_whole_exist() -> None:
    for name in WHOLE_MODULES:
        assert (ROOT / name).is_file(), name
