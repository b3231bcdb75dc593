"""What the scenario author's reference says of Briscola: its score lines, the actions an
author might write, the seeded hands' bids, the first trick."""

from __future__ import annotations

import random

from tutorial.engine import briscola
from tutorial.engine.contract import GameState
from tutorial.tools.bench_solver import SolverCount
from tutorial.tools.reference import ReferencePart, no_seeded_bid


def _first_trick(dealer: int) -> GameState:
    """Briscola at its first trick: a seeded deal at two."""
    return briscola.new_hand("default", players=2, rng=random.Random(0), dealer=dealer)


REFERENCE = ReferencePart(
    title="Briscola",
    score_note=("Briscola: the card points of each side (120 in all); no other figures."),
    line_kinds={
        "card_points": ("each side", "positive", "the card points the side took"),
        "result": ("each side", "0", "win, loss or draw in words (moves no points)"),
    },
    author_actions={},
    seeded_bid=no_seeded_bid,
    first_trick=_first_trick,
    face_up_words="the trump card",
)

#: The tricks' points and the last trick's bonus are the whole count.
SOLVER_COUNT = SolverCount(None)
