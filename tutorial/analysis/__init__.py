"""The engine's own judgement of positions (pure: never imports streamlit).

``solve`` values every legal card of a position where every hand is known;
``best_line`` gives one best continuation to the end of the hand. See ``solver``.
``solve_expected`` averages the values over the orders of Briscola's unseen stock.
``judge`` is the one judgement of a card-play position with what its seat could know
(``judgement``): the hint (``hints.suggest``), the strong computer player
(``player.choose``) and the review of a played card (``card_review.review_card``) all
read it. ``why_trick`` says why a trick's winner won it.
"""

from tutorial.analysis.briscola_expect import Expectation, solve_expected
from tutorial.analysis.card_review import CardReview, review, review_card
from tutorial.analysis.errors import SolverBudgetExceeded, UnsolvablePosition
from tutorial.analysis.hints import Suggestion, suggest
from tutorial.analysis.judgement import Judgement, judge
from tutorial.analysis.player import LEVELS, choose
from tutorial.analysis.solver import (
    DEFAULT_NODE_BUDGET,
    DEFAULT_TIME_BUDGET,
    best_line,
    points_left,
    solve,
)
from tutorial.analysis.why_trick import why_trick

__all__ = [
    "DEFAULT_NODE_BUDGET",
    "DEFAULT_TIME_BUDGET",
    "LEVELS",
    "CardReview",
    "Expectation",
    "Judgement",
    "SolverBudgetExceeded",
    "Suggestion",
    "UnsolvablePosition",
    "best_line",
    "choose",
    "judge",
    "points_left",
    "review",
    "review_card",
    "solve",
    "solve_expected",
    "suggest",
    "why_trick",
]
