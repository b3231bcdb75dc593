"""A time budget for one scenario check, so no file can keep the checker busy for long.

The budget counts the checking thread's CPU time (``time.thread_time``, the module's
``CLOCK``), not the wall clock: a check that fits on an idle machine also fits while
other work runs beside it, and the verdict never depends on the load. Long loops call
:func:`tick`.

>>> with time_budget(5.0):
...     tick()
>>> tick()  # outside a budget: nothing to enforce
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from tutorial.engine.errors import TutorialError

#: Seconds of CPU time one scenario check may take (loading, proving, variants).
CHECK_SECONDS = 1.2
#: The clock a budget is read on, by default (seconds of this thread's CPU time).
CLOCK: Callable[[], float] = time.thread_time

#: The running budget: its end, on its clock.
_deadline: ContextVar[tuple[float, Callable[[], float]] | None] = ContextVar(
    "atout_check_deadline", default=None
)


class OutOfTime(TutorialError):
    """The check used up its time budget."""


@contextmanager
def time_budget(
    seconds: float | None = None, clock: Callable[[], float] | None = None
) -> Iterator[None]:
    """Run the body with a budget of ``seconds`` (default :data:`CHECK_SECONDS`) on
    ``clock`` (default :data:`CLOCK`: this thread's CPU time). A budget already running
    (an outer check, on the same clock) is kept if it ends sooner.
    """
    clock = clock if clock is not None else CLOCK
    end = clock() + (CHECK_SECONDS if seconds is None else seconds)
    running = (end, clock)
    outer = _deadline.get()
    if outer is not None and outer[1] is clock and outer[0] < end:
        running = outer
    token = _deadline.set(running)
    try:
        yield
    finally:
        _deadline.reset(token)


def tick() -> None:
    """Raise :class:`OutOfTime` once the running budget is spent."""
    running = _deadline.get()
    if running is not None and running[1]() > running[0]:
        raise OutOfTime(
            f"checking this scenario takes more than {CHECK_SECONDS:g} seconds; "
            "make it shorter or split it into several scenarios"
        )
