"""The app's session is one typed object, and only its module touches Streamlit's
session state (tutorial/webapp/state.py)."""

from __future__ import annotations

import re
from pathlib import Path

from tutorial.webapp.state import AppSession

WEBAPP = Path(__file__).resolve().parents[1] / "tutorial" / "webapp"


def test_only_the_session_module_touches_streamlits_session_state() -> None:
    found = [
        f"{path.relative_to(WEBAPP)}:{n}"
        for path in sorted(WEBAPP.rglob("*.py"))
        if path.name != "state.py" or path.parent != WEBAPP
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\bsession_state\b", line)
    ]
    assert found == []


def test_each_session_has_its_own_parts() -> None:
    a, b = AppSession(), AppSession()
    a.play.current = "belote/overruff"
    a.review.practice_gone |= {"x"}
    a.practice.advice[("deal",)] = 1
    assert (b.play.current, b.review.practice_gone, b.practice.advice) == (None, frozenset(), {})


def test_a_change_to_the_progress_counts_a_revision_and_the_same_value_does_not() -> None:
    from tutorial.course.recorder import ScenarioProgress
    from tutorial.course.review_deck import ReviewDeck

    s = AppSession()
    s.put_progress("belote/overruff", ScenarioProgress(done=True))
    after_one = s.revision
    s.put_progress("belote/overruff", ScenarioProgress(done=True))
    s.deck = s.deck
    assert s.revision == after_one == 1
    s.deck = ReviewDeck()
    s.quiz_changed()
    assert s.revision == 3
