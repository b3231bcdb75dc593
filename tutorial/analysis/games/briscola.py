"""Briscola's part of the analysis (see :mod:`tutorial.analysis.games`): the card points
(``Goal``), the face-up trump card once drawn, no bidding, no phase but the card play, no
favourite lead, deals with cards to draw valued over an order of the stock
(:mod:`tutorial.analysis.briscola_expect`), and the judge's and the review's sizes."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tutorial.analysis.briscola_expect import solve_expected
from tutorial.analysis.games import (
    AnalysisPart,
    BeginnerHabits,
    Judging,
    Review,
    SeatKnowledge,
    Shown,
    no_first_leads,
)
from tutorial.analysis.goals import Goal
from tutorial.analysis.solver import SearchBudget
from tutorial.engine.cards import Card, Deck
from tutorial.engine.contract import GameState
from tutorial.engine.seats import Seat

__all__ = ["PART"]


def _shown(
    pub: Mapping[str, Any], me: Seat, played: list[Card], deck: Deck, fixed: list[set[Card]]
) -> Shown:
    """The face-up trump card, once drawn."""
    holder = pub["trump_card_holder"]
    card = pub["trump_card"]
    if holder is not None and holder != me and card not in played:
        fixed[holder].add(card)
    return set(), {}, set()


def _values_with_draws(
    world: GameState, rng: random.Random, budget: SearchBudget
) -> dict[Card, float]:
    """One order of the face-down stock (a sampled deal's is already a random one)."""
    return solve_expected(world, rng=rng, max_orders=1, budget=budget).values


PART = AnalysisPart(
    goal=Goal,
    knows=SeatKnowledge(shown=_shown, bid_rule=None),
    beginner=BeginnerHabits(outside_play=None, first_leads=no_first_leads),
    # Whenever the stock is empty; with cards to draw, from 4 left (per deal, the deal's
    # order of the stock).
    judging=Judging(
        solve_cards=40,
        solve_draws=4,
        playouts_see_the_deal=False,
        values_with_draws=_values_with_draws,
    ),
    review=Review(node_budget=300_000, solve_cards=20),
    trick_sentences={},
)
