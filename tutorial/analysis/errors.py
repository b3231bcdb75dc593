"""The errors of the engine's judgement: one family under the project's root.

The solver's two refusals: a position it does not handle, and a search that needed more
than its budget. Callers that judge positions for a learner catch them and say nothing
rather than wait or fail (``explain``, ``card_review``, the checker).
"""

from __future__ import annotations

from tutorial.engine.errors import TutorialError


class AnalysisError(TutorialError):
    """Root of every error the engine's judgement raises on purpose."""


class SolverBudgetExceeded(AnalysisError):
    """The search needed more nodes or time than its budget: the values are unknown."""


class UnsolvablePosition(AnalysisError, ValueError):
    """The position is not one the solver handles (not in play, or cards still unknown)."""
