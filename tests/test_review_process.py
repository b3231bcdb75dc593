"""A review process started while Streamlit runs the app does not run the app itself."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from tutorial.course import review_worker

APP = Path(__file__).resolve().parent.parent / "tutorial" / "app.py"


def _streamlit_imported() -> bool:
    """In the review process: did starting it import Streamlit?"""
    return "streamlit" in sys.modules


def test_a_review_process_started_by_the_app_does_not_run_the_app(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # What Streamlit's script runner installs while it runs the app: a module named
    # __main__ whose file is tutorial/app.py. A process started by spawn imports that file
    # (as __mp_main__) before it takes its first job.
    app = types.ModuleType("__main__")
    app.__file__ = str(APP)
    monkeypatch.setitem(sys.modules, "__main__", app)
    pool = review_worker.server_executor(1)
    try:
        assert pool.submit(_streamlit_imported).result() is False
    finally:
        pool.shutdown()
