"""How much work a call does, counted in function calls: a measure that, unlike a clock,
gives the same figure on a quiet machine and a loaded one.

A test that guards against a slow path (a cap not enforced, a loop over hostile input)
bounds the calls made, with a wide margin over what the code needs today.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any, TypeVar

T = TypeVar("T")


class Calls:
    """The function calls (Python and built-in) counted while a body runs."""

    def __init__(self) -> None:
        self.count = 0

    def _profile(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" or event == "c_call":
            self.count += 1

    def __enter__(self) -> Calls:
        """Start counting (in this thread)."""
        self._previous = sys.getprofile()
        sys.setprofile(self._profile)
        return self

    def __exit__(self, *exc: object) -> None:
        """Stop counting."""
        sys.setprofile(self._previous)


def calls_made(work: Callable[[], T]) -> tuple[T, int]:
    """``work()``'s result and the function calls it made."""
    with Calls() as calls:
        result = work()
    return result, calls.count
