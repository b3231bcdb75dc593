"""A time budget for one scenario check, so no file can keep the checker busy for long.

The budget counts the checking thread's CPU time (``time.thread_time``), not the wall
clock: a check that fits on an idle machine also fits while other work runs beside it,
and the verdict never depends on the load. Long loops call :func:`tick`.

>>> with time_budget(5.0):
...     tick()
>>> tick()  # outside a budget: nothing to enforce
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from tutorial.engine.errors import TutorialError

#: Seconds of CPU time one scenario check may take (loading, proving, variants).
CHECK_SECONDS = 1.2

_deadline: ContextVar[float | None] = ContextVar("atout_check_deadline", default=None)


class OutOfTime(TutorialError):
    """The check used up its time budget."""


@contextmanager
def time_budget(seconds: float | None = None) -> Iterator[None]:
    """Run the body with a budget of ``seconds`` (default :data:`CHECK_SECONDS`) of this
    thread's CPU time. A budget already running (an outer check) is kept if it ends sooner.
    """
    end = time.thread_time() + (CHECK_SECONDS if seconds is None else seconds)
    outer = _deadline.get()
    token = _deadline.set(end if outer is None else min(outer, end))
    try:
        yield
    finally:
        _deadline.reset(token)


def tick() -> None:
    """Raise :class:`OutOfTime` once the running budget is spent."""
    end = _deadline.get()
    if end is not None and time.thread_time() > end:
        raise OutOfTime(
            f"checking this scenario takes more than {CHECK_SECONDS:g} seconds; "
            "make it shorter or split it into several scenarios"
        )
