"""The engine's own judgement of positions (pure: never imports streamlit).

``solve`` values every legal card of a position where every hand is known;
``best_line`` gives one best continuation to the end of the hand. See ``solver``.
``solve_expected`` averages the values over the orders of Briscola's unseen stock.
The computer players (``choose`` at a ``LEVELS`` level), the hint ``suggest``, the
per-card ``review`` and ``why_trick`` are in ``player``.
"""

from tutorial.analysis.briscola_expect import Expectation, solve_expected
from tutorial.analysis.player import (
    LEVELS,
    CardReview,
    Suggestion,
    choose,
    review,
    suggest,
    why_trick,
)
from tutorial.analysis.solver import (
    DEFAULT_NODE_BUDGET,
    DEFAULT_TIME_BUDGET,
    SolverBudgetExceeded,
    UnsolvablePosition,
    best_line,
    points_left,
    solve,
)

__all__ = [
    "DEFAULT_NODE_BUDGET",
    "DEFAULT_TIME_BUDGET",
    "LEVELS",
    "CardReview",
    "Expectation",
    "SolverBudgetExceeded",
    "Suggestion",
    "UnsolvablePosition",
    "best_line",
    "choose",
    "points_left",
    "review",
    "solve",
    "solve_expected",
    "suggest",
    "why_trick",
]
