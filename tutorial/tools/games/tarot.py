"""What the scenario author's reference says of Tarot: its score lines, the actions an
author might write, the seeded hands' bids, the first trick."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tutorial.engine import tarot
from tutorial.engine.actions import Action
from tutorial.engine.contract import GameState
from tutorial.tools.bench_solver import SolverCount
from tutorial.tools.reference import ReferencePart, full_hands


def _seeded_bid(legal: Sequence[Action], rng: random.Random) -> Action | None:
    """Tarot: the first bidder takes (a Prise: the discard follows)."""
    return tarot.Bid.PRISE if tarot.Bid.PRISE in legal else None


def _first_trick(dealer: int) -> GameState:
    """Tarot at its first trick: full hands, a garde sans by seat 0."""
    deck, hands = full_hands("tarot")
    return tarot.start_play(hands, 0, "garde sans", dealer=dealer, chien=deck[72:])


def _counted(state: GameState) -> tuple[float, ...]:
    """Tarot: each side's points as its tally counts them (the Excuse's exchange too)."""
    assert isinstance(state, tarot.TarotState)  # Tarot's count: its own fields
    return tuple(tarot.tally(state).points)


REFERENCE = ReferencePart(
    title="Tarot",
    score_note=(
        "Tarot: the points move between the taker and each defender; the taker's "
        "line is 3 times a defender's, with the opposite sign, so the four totals add "
        "to 0. The count lines (`card_points`, `bouts`, `target`, `difference`, "
        "`multiplier`, `excuse_exchange`, `result`) move no points: their points are 0 "
        "and their figure is in their words (write `points: 0` to check that one is "
        "there). `score` for the defence is one defender's total."
    ),
    line_kinds={
        "card_points": (
            "the taker",
            "0 (a step of the count)",
            "the taker's card points; the figure is in the line's words",
        ),
        "bouts": ("the taker", "0 (a step of the count)", "the bouts the taker ends with"),
        "target": ("the taker", "0 (a step of the count)", "the points needed (56/51/41/36)"),
        "difference": (
            "the taker",
            "0 (a step of the count)",
            "card points less the target",
        ),
        "multiplier": ("the taker", "0 (a step of the count)", "the contract's multiplier"),
        "excuse_exchange": (
            "the Excuse's owner",
            "0 (a step of the count)",
            "the Excuse kept by its side, and the half point given in exchange",
        ),
        "base": (
            "the taker (3 times) and each defender",
            "taker +, defenders - when made; the reverse when failed",
            "(25 + difference) x multiplier, paid by each defender",
        ),
        "petit_au_bout": (
            "the taker and each defender",
            "towards the side that won the last trick with the Petit",
            "10 x multiplier",
        ),
        "poignee": (
            "the taker and each defender",
            "towards the side that wins the hand, whoever showed it",
            "the poignée's bonus (20, 30 or 40)",
        ),
        "chelem": (
            "the taker and each defender",
            "towards the side that took every trick (or against a failed declared chelem)",
            "the chelem's bonus",
        ),
        "result": ("the taker", "0", "the result in words (moves no points)"),
    },
    author_actions={
        "bidding": tuple(tarot.Bid),
        "poignee": (tarot.Poignee("simple", ()),),
    },
    seeded_bid=_seeded_bid,
    first_trick=_first_trick,
    face_up_words="",
)

SOLVER_COUNT = SolverCount(_counted)
