"""Belote's part of the analysis (see :mod:`tutorial.analysis.games`): the hand's total as
the engine scores it (``BeloteGoal``), the cards shown by the proposed card taken, belote
and the declarations, the taker's Jack or Nine, the beginner's takes and declarations,
its Jack of trumps led, and the judge's and the review's sizes."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tutorial.analysis.card_bits import CardBits
from tutorial.analysis.games import (
    AnalysisPart,
    BeginnerHabits,
    Judging,
    Review,
    SeatKnowledge,
    Shown,
)
from tutorial.analysis.goals import Goal
from tutorial.analysis.knowledge import all_plays
from tutorial.engine import belote
from tutorial.engine.actions import Action
from tutorial.engine.cards import Card, Deck, Suit
from tutorial.engine.contract import GameState
from tutorial.engine.seats import Seat

__all__ = ["BELOTE_TAKE", "PART", "BeloteGoal", "belote_bid"]


# --- The goal: the hand's total ------------------------------------------------------------


class BeloteGoal(Goal):
    """Belote's score for the mover's side (see ``Goal``): the engine's own total for the
    hand (``belote.hand_totals``: the contract made, failed or in litige, the capot, the
    declarations and belote of the deal valued, rounding by the rules)."""

    def __init__(self, state: belote.BeloteState, bits: CardBits) -> None:
        super().__init__(state, bits)
        assert state.trump is not None and state.taker is not None
        for tr in state.tricks:
            self.done[tr.winner % 2] += tr.points
        for team, cards in enumerate(state.captured):
            self.done[team] += belote.trick_points(cards, state.trump)
            self.tricks[team] += len(cards) // 4
        self.hand = state.projected()

    def for_world(self, world: GameState) -> Goal:
        """The goal on another deal of the hidden cards: its own declarations to come
        and its own belote holder."""
        assert isinstance(world, belote.BeloteState)
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.hand = world.projected()
        return other

    def _score(self, raw: Sequence[float], capot: int | None) -> float:
        """The mover's side's total for the hand when its tricks end so."""
        points = [round(raw[0]), round(raw[1])]
        return float(belote.hand_totals(self.hand, points, capot)[self.side])

    @property
    def sweep_matters(self) -> bool:
        """A capot is still possible: a side has won every trick so far."""
        return self.tricks[0] == 0 or self.tricks[1] == 0

    def of_playout(
        self,
        hands: Sequence[int],
        trick: Sequence[int],
        rest: Sequence[float],
        tricks: Sequence[int],
        bouts: Sequence[int],
        pab: int,
    ) -> float:
        """The hand's score once a playout is over (see ``Goal.of_playout``)."""
        raw = [self.done[0] + rest[0], self.done[1] + rest[1]]
        won = [self.tricks[0] + tricks[0], self.tricks[1] + tricks[1]]
        capot = next((tm for tm in (0, 1) if won[1 - tm] == 0), None)
        return self._score(raw, capot)

    def of_solve(
        self,
        mine: float,
        total: float,
        bonus: float = 0.0,
        tb: int = 0,
        swept: int | None = None,
    ) -> float:
        """The hand's score from an exact value (see ``Goal.of_solve``): a capot when a
        side that has won every trick so far can take every one still to play."""
        side = self.side
        capot = swept if swept is not None and self.tricks[1 - swept] == 0 else None
        rest = [0.0, 0.0]
        rest[side] = mine
        rest[1 - side] = total - mine
        return self._score([self.done[0] + rest[0], self.done[1] + rest[1]], capot)


# --- The beginner: its takes, its declarations, its lead ------------------------------------


def belote_bid(hand: Sequence[Card], suit: Suit, proposed: Card | None) -> int:
    """How good ``suit`` is as trump for this hand: 0 without its Jack or Nine, else the
    trumps (with the proposed card when it comes to this hand) plus the outside aces."""
    cards = [*hand, *([proposed] if proposed is not None else [])]
    trumps = [c for c in cards if c.suit is suit]
    if not any(c.rank in ("J", "9") for c in hand if c.suit is suit):
        return 0
    aces = sum(1 for c in cards if c.rank == "A" and c.suit is not suit)
    return len(trumps) + aces


#: The count a suit needs for a take (a Jack or Nine, and trumps plus outside aces).
BELOTE_TAKE = 3


def _outside_play(state: GameState, legal: Sequence[Action]) -> Action:
    """Take the best suit by ``belote_bid`` when it counts ``BELOTE_TAKE``, else pass;
    declare whatever is offered."""
    if state.phase == "declare":
        return next(a for a in legal if isinstance(a, (belote.Declare, belote.NoDeclaration)))
    assert isinstance(state, belote.BeloteState)
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    proposed = state.proposed
    best: tuple[int, Action] = (0, next(a for a in legal if isinstance(a, belote.Pass)))
    for a in legal:
        if isinstance(a, belote.Take):
            score = belote_bid(hand, a.suit, proposed)
            if score >= BELOTE_TAKE and score > best[0]:
                best = (score, a)
    return best[1]


def _first_leads(state: GameState, seat: Seat) -> frozenset[Card]:
    """The taking side draws trumps with the Jack."""
    taker = state.taker
    trump = state.trump_suit
    if taker is None or trump is None or state.team_of(taker) != state.team_of(seat):
        return frozenset()
    return frozenset({Card(trump, "J")})


# --- What a seat knows: the cards shown, the taker's trump ---------------------------------


def _shown(
    pub: Mapping[str, Any], me: Seat, played: list[Card], deck: Deck, fixed: list[set[Card]]
) -> Shown:
    """The proposed card taken, belote announced, declarations shown."""
    for s, cards in pub["known_in_hands"].items():
        if s != me:
            fixed[s].update(cards)
    return set(), {}, set()


def _bid_rule(
    state: belote.BeloteState, me: Seat
) -> Callable[[Mapping[int, list[Card]]], bool] | None:
    """The beginner takes with the Jack or the Nine of the suit."""
    b_taker, trump = state.taker, state.trump
    if b_taker is None or b_taker == me or trump is None:
        return None
    taker: Seat = b_taker
    played = {p.card for _, p in all_plays(state) if p.seat == taker}
    shown = set(state.observe(me).public["known_in_hands"].get(taker, ()))

    def belote_ok(deal: Mapping[int, list[Card]]) -> bool:
        # The beginner takes with the Jack or the Nine of the suit.
        cards = played | shown | set(deal.get(taker, ()))
        return any(c.suit is trump and c.rank in ("J", "9") for c in cards)

    return belote_ok


PART = AnalysisPart(
    goal=BeloteGoal,
    knows=SeatKnowledge(shown=_shown, bid_rule=_bid_rule),
    beginner=BeginnerHabits(outside_play=_outside_play, first_leads=_first_leads),
    # Five tricks left.
    judging=Judging(
        solve_cards=20, solve_draws=0, playouts_see_the_deal=False, values_with_draws=None
    ),
    review=Review(node_budget=300_000, solve_cards=32),
    trick_sentences={},
)
