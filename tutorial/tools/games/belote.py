"""What the scenario author's reference says of Belote: its score lines, the actions an
author might write, the seeded hands' bids, the first trick."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tutorial.engine import belote
from tutorial.engine.actions import Action
from tutorial.engine.cards import PLAIN_SUITS
from tutorial.engine.contract import GameState
from tutorial.tools.bench_solver import SolverCount
from tutorial.tools.reference import ReferencePart, full_hands


def _seeded_bid(legal: Sequence[Action], rng: random.Random) -> Action | None:
    """Belote: a seat takes half the time it may."""
    takes = [a for a in legal if isinstance(a, belote.Take)]
    if takes and rng.random() < 0.5:
        return takes[0]
    return None


def _first_trick(dealer: int) -> GameState:
    """Belote at its first trick: full hands, hearts trumps taken by seat 0."""
    _deck, hands = full_hands("belote")
    return belote.start_play(hands, "H", 0, dealer=dealer)


REFERENCE = ReferencePart(
    title="Belote",
    score_note=("Belote: every figure is positive; a side's total is its lines added."),
    line_kinds={
        "card_points": (
            "each side that scores its cards",
            "positive",
            "the card points of the side's tricks (and `captured` cards)",
        ),
        "dix_de_der": ("the side that won the last trick", "+10", "the last trick's bonus"),
        "declaration": (
            "the side whose declarations score (0 on a line that does not score)",
            "positive or 0",
            "one combination declared at the first trick (its note says why it scores or not)",
        ),
        "belote": (
            "the side of the seat that held trump K and Q",
            "+20",
            "belote-rebelote, always scored by the holder's side",
        ),
        "capot": (
            "the side that won every trick",
            "positive",
            "the capot bonus over the 162 card points (by option)",
        ),
        "dedans": (
            "the defence",
            "positive",
            "the taker's side failed: its card points go to the defence",
        ),
        "litige": (
            "the taker's side (0: its points are held), or this hand's winner (held points)",
            "0 or positive",
            "a tie: the taker's points are held for the next hand; or points held from an "
            "earlier litige (`held_points`) paid to this hand's winner",
        ),
        "rounding": (
            "each side whose total is rounded",
            "either sign",
            "rounding to the nearest ten (by option)",
        ),
    },
    author_actions={
        "bidding": tuple(belote.Take(suit) for suit in PLAIN_SUITS),
        "declare": (belote.Declare(()),),
        "play": (belote.Pass(),),
    },
    seeded_bid=_seeded_bid,
    first_trick=_first_trick,
    face_up_words="the card turned up",
)

#: The tricks' points and the last trick's bonus are the whole count.
SOLVER_COUNT = SolverCount(None)
