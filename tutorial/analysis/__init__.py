"""The engine's own judgement of positions (pure: never imports streamlit).

``solve`` values every legal card of a position where every hand is known;
``best_line`` gives one best continuation to the end of the hand. See ``solver``.
"""

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
    "SolverBudgetExceeded",
    "UnsolvablePosition",
    "best_line",
    "points_left",
    "solve",
]
