"""A short fuzz pass of every target (a few seconds); the long run is
``python tests/fuzz/long_run.py --inputs N`` (see the README)."""

from __future__ import annotations

import pytest
from fuzz_targets import TARGETS, hypothesis_test

SHORT = {
    "scenario": 60,
    "progress": 300,
    "link": 300,
    "inert": 300,
    "typed": 300,
    "report": 150,
    "playlist": 200,
}


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_short_fuzz(name: str) -> None:
    """Each target holds the one rule on a short run of generated inputs."""
    hypothesis_test(name, SHORT[name])()
