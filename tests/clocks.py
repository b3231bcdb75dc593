"""Clocks for the tests: one that never moves, and one that jumps by a step at each read.

No test reads the wall clock: ``conftest.py`` installs :func:`still` as every search's and
every check's default clock (the node budgets and sample counts bound each run), and a
test about a time budget running out passes a :class:`Jumping` clock.
"""

from __future__ import annotations


def still() -> float:
    """A clock that never moves: no deadline on it is ever reached."""
    return 0.0


class Jumping:
    """A clock that moves ``step`` seconds at each read (starting at 0), counting reads."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        """The time now, then one step further."""
        now = self.now
        self.now += self.step
        self.reads += 1
        return now
