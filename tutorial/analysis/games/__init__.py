"""The analysis layer's own part of every game: ``games/<game>.py`` sets ``PART``, an
:class:`AnalysisPart` (see :class:`tutorial.engine.game_parts.GameParts`).

What the judge, the players and the review need of a game beyond the engine's contract
(``GameState``, ``games.game_info``) and its compact rules (``state.card_masks()``):

- the score its hand gives a side (``goal``: a :class:`tutorial.analysis.goals.Goal`);
- what the seat to move can know of the hidden hands from the game's public facts and
  its bids (``knows``: :mod:`tutorial.analysis.knowledge`);
- the beginner player's habits outside the card play and its favourite first leads
  (``beginner``: :mod:`tutorial.analysis.beginner`, read by the playouts too);
- how big a deal the judge solves exactly and how its playouts play the mover's side
  (``judging``: :mod:`tutorial.analysis.judgement`, :mod:`tutorial.analysis.playouts`,
  :mod:`tutorial.analysis.valuing`);
- how big a real deal the review solves with every card shown (``review``:
  :mod:`tutorial.analysis.card_review`);
- the sentence of a trick won by one of the game's own rules (``trick_sentences``:
  :mod:`tutorial.analysis.why_trick`).

The layer's other modules ask ``PARTS.of(state.game)`` and never import a game's
package. A game with nothing to say on one of these gives the neutral value explicitly
(``Goal``, ``None`` for no bidding, no phase outside the card play, no cards to draw).

A game's own functions and classes that callers name (``tarot_bid``, ``TarotGoal``)
live in its part module, listed in that module's ``__all__``, and are imported from it
(``from tutorial.analysis.games import tarot``), never through a neutral module.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutorial.analysis.solver import SearchBudget
from tutorial.engine.actions import Action
from tutorial.engine.cards import Card, Deck
from tutorial.engine.contract import GameState
from tutorial.engine.game_parts import GameParts
from tutorial.engine.seats import Seat

__all__ = [
    "PARTS",
    "AnalysisPart",
    "BeginnerHabits",
    "BidRule",
    "DealRule",
    "Judging",
    "Review",
    "SeatKnowledge",
    "Shown",
    "ShownReader",
    "no_first_leads",
]

#: What a game's public facts show of the hidden hands: (known cards whose place is still
#: open, their places, cards never out of play); the cards known in a hand are added to
#: the ``fixed`` sets the reader is given.
Shown = tuple[set[Card], dict[Card, frozenset[int]], set[Card]]
#: ``shown(public, me, played, deck, fixed)``: the reading of one game's public facts
#: (``Observation.public``) by the seat ``me``, the cards ``played`` so far known.
ShownReader = Callable[[Mapping[str, Any], Seat, list[Card], Deck, list[set[Card]]], Shown]
#: A soft rule a deal of the hidden cards should meet (per hidden seat, its cards).
DealRule = Callable[[Mapping[int, list[Card]]], bool]
#: ``bid_rule(state, me)``: the soft rule the bids put on the hidden hands, seen by
#: ``me``, or None when they say nothing here (the game's own state type).
BidRule = Callable[[Any, Seat], DealRule | None]


@dataclass(frozen=True)
class SeatKnowledge:
    """What the seat to move can know of a game's hidden hands besides the cards played
    and the voids its plays showed (:mod:`tutorial.analysis.knowledge`)."""

    #: The cards the public facts place (Belote: the proposed card taken, belote and the
    #: declarations shown; Tarot: the poignées and the chien shown; Briscola: the
    #: face-up trump card once drawn).
    shown: ShownReader
    #: The soft rule of the bids, by the computer players' bidding habits; None: the game
    #: has no bidding.
    bid_rule: BidRule | None


@dataclass(frozen=True)
class BeginnerHabits:
    """The beginner player's habits of one game beyond the card play's common ones
    (:mod:`tutorial.analysis.beginner`)."""

    #: ``outside_play(state, legal)``: the action taken outside the card play (bids, the
    #: discard, announcements, declarations); None: the game has no phase but the play.
    outside_play: Callable[[GameState, Sequence[Action]], Action] | None
    #: ``first_leads(state, seat)``: the cards ``seat`` leads first when it holds one
    #: (``no_first_leads``: none).
    first_leads: Callable[[GameState, Seat], frozenset[Card]]


def no_first_leads(state: GameState, seat: Seat) -> frozenset[Card]:
    """No favourite lead: the beginner leads its cheapest card."""
    return frozenset()


#: ``values(world, rng, budget)``: each legal card of a deal with cards still to draw,
#: valued by the card points the mover's side takes with best play over one order of
#: the stock drawn from ``rng``.
DrawValues = Callable[[GameState, random.Random, SearchBudget], dict[Card, float]]


@dataclass(frozen=True)
class Judging:
    """How the judge values a game's deals (:mod:`tutorial.analysis.judgement`)."""

    #: A deal is solved exactly when at most this many cards are left in the hands.
    solve_cards: int
    #: ... and at most this many are left to draw (0: a game that draws none).
    solve_draws: int
    #: Whether the greedy playouts play the mover's side seeing the whole deal
    #: (``Playout.pick_seeing``) rather than by the beginner's habits: measured stronger
    #: in Tarot, where the beginner's partners give points only as a trick's last card
    #: (``docs/strength.md``).
    playouts_see_the_deal: bool
    #: The values of a deal with cards still to draw (None: the game draws no cards).
    values_with_draws: DrawValues | None


@dataclass(frozen=True)
class Review:
    """How big a real deal the review solves with every card shown
    (:mod:`tutorial.analysis.card_review`; measured in ``docs/decisions.md``)."""

    #: Nodes of that solve (a larger one gets no claim of its own); ``$ATOUT_REVIEW_NODES``
    #: caps them.
    node_budget: int
    #: The solve is tried with at most this many cards still to play (hands and stock).
    solve_cards: int


@dataclass(frozen=True)
class AnalysisPart:
    """The analysis layer's part of one game (see the module)."""

    #: The class whose ``Goal(state, bits)`` scores the game's hand for the mover's side
    #: (a subclass of ``goals.Goal``, or ``Goal`` itself for the card points).
    goal: type
    knows: SeatKnowledge
    beginner: BeginnerHabits
    judging: Judging
    review: Review
    #: Per reason code of a ``TrickResult`` won by one of the game's own rules, the
    #: catalogue key of its sentence (``who``: the winner); empty when none.
    trick_sentences: Mapping[str, str]


#: Every game's analysis part.
PARTS = GameParts("tutorial.analysis.games", AnalysisPart)
