"""Exact values of every legal card when every hand is known (double-dummy analysis).

The value of a card, for the seat to move, is the card points its side takes from the
tricks still to play (the current trick included) when every seat plays its best from
then on: Belote's dix de der (10 for the last trick) counts, Tarot's Excuse goes where the
engine sends it (kept by its owner's side with the 0.5 exchange before the last trick;
the last-trick rules and the chelem exception after), Briscola counts its card points.
Declarations, belote-rebelote, Tarot bonuses and the points already won are left out:
they do not depend on the cards still to play.

The search itself, and how it is made fast, is :mod:`tutorial.analysis.deal_search`;
this module turns a state into its terms (``SolveRoot``) and its results back into
cards and card points. A node and time budget (``SearchBudget``: a deadline on a clock,
by default ``CLOCK``) raises ``SolverBudgetExceeded`` instead of blocking.

Briscola is solved here once the stock is empty (every card is then known); earlier
positions raise ``UnsolvablePosition`` (``briscola_expect.solve_expected`` averages over
the stock's orders).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from tutorial.analysis.card_bits import indices
from tutorial.analysis.deal_search import DealSearch
from tutorial.analysis.errors import UnsolvablePosition
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.outcomes import Play

#: Nodes (a seat choosing a card) searched before giving up, by default (2-4 s of search here).
DEFAULT_NODE_BUDGET = 1_000_000
#: Seconds of search before giving up, by default.
DEFAULT_TIME_BUDGET = 5.0
#: The clock the searches' deadlines are read on, by default (seconds; the wall clock).
CLOCK: Callable[[], float] = time.perf_counter


@dataclass(frozen=True)
class SearchBudget:
    """How far a search may go: at most ``nodes`` nodes, and until ``deadline`` on ``clock``.

    One budget may be passed down through several searches (a solve, then best lines):
    they share its deadline, each counting its own nodes.
    """

    nodes: int
    deadline: float
    clock: Callable[[], float]

    @classmethod
    def of(
        cls, nodes: int, seconds: float, clock: Callable[[], float] | None = None
    ) -> SearchBudget:
        """``nodes`` nodes and ``seconds`` from now on ``clock`` (default: ``CLOCK``)."""
        clock = clock if clock is not None else CLOCK
        return cls(nodes, clock() + seconds, clock)

    @classmethod
    def nodes_only(cls, nodes: int) -> SearchBudget:
        """``nodes`` nodes and no deadline (the verdict never depends on the machine)."""
        return cls(nodes, math.inf, CLOCK)

    def expired(self) -> bool:
        """Whether the deadline has passed."""
        return self.clock() > self.deadline

    def seconds_left(self) -> float:
        """Seconds until the deadline (negative once past it)."""
        return self.deadline - self.clock()

    def until(self, seconds: float) -> SearchBudget:
        """The same budget, its deadline brought to ``seconds`` from now if that is sooner."""
        return SearchBudget(self.nodes, min(self.deadline, self.clock() + seconds), self.clock)


class SolveRoot:
    """A state turned into the solver's terms."""

    def __init__(self, state: GameState) -> None:
        if state.phase != "play" or state.to_move is None:
            raise UnsolvablePosition(f"the solver needs a position in play, not {state.phase!r}")
        if state.cards_to_draw:
            raise UnsolvablePosition(
                "Briscola is solved once the stock is empty (cards are still to be drawn)"
            )
        rules = state.card_masks()
        deck = rules.deck
        leader = state.trick_leader
        flags = rules.root_flags
        self.state = state
        self.rules = rules
        self.deck = deck
        self.leader = leader
        self.flags = flags
        self.hands = [deck.mask(h) for h in state.hands]
        self.trick = [deck.index(p.card) for p in state.current_trick]
        self.seat: int = state.to_move
        self.side = rules.team[self.seat]

    def solver(self, budget: SearchBudget) -> DealSearch:
        """A search of this position within ``budget``."""
        return DealSearch(self.rules, list(self.hands), budget.nodes, budget.expired)

    def for_side(self, v0: int, total: int) -> float:
        """Side 0's points ``v0`` as the points of the mover's side, in card points."""
        v = v0 if self.side == 0 else total - v0
        return v / self.rules.scale

    def total(self) -> int:
        """Every point still to be taken, in the solver's unit."""
        rules = self.rules
        total = rules.bonus_last
        cards = list(self.trick)
        for h in self.hands:
            m = h
            while m:
                low = m & -m
                cards.append(low.bit_length() - 1)
                m ^= low
        return total + sum(rules.pts[c] for c in cards)


def points_left(state: GameState) -> float:
    """The card points still to be taken in ``state`` (current trick and hands, dix de der
    included), as the solver counts them: the two sides' values always add up to this."""
    root = SolveRoot(state)
    return root.total() / root.rules.scale


def solve(
    state: GameState,
    *,
    node_budget: int = DEFAULT_NODE_BUDGET,
    time_budget: float = DEFAULT_TIME_BUDGET,
    budget: SearchBudget | None = None,
) -> dict[Card, float]:
    """Each legal card of the seat to move, valued by what its side takes with best play.

    The value is the card points the mover's side takes from the tricks still to play
    (the current trick included) when every seat plays its best afterwards (see the
    module's docstring and ``docs/engine.md``). ``budget``, when given, stands for
    ``node_budget`` and ``time_budget`` (those on ``CLOCK``).

    Raises:
        UnsolvablePosition: not a play-phase position with every card known.
        SolverBudgetExceeded: more than ``node_budget`` nodes or ``time_budget`` seconds;
            the values are then unknown.
    """
    root = SolveRoot(state)
    solver = root.solver(budget or SearchBudget.of(node_budget, time_budget))
    raw = solver.values(list(root.trick), root.leader, root.flags)
    total = root.total()
    return {root.deck[c]: root.for_side(v, total) for c, v in raw.items()}


def best_line(
    state: GameState,
    *,
    node_budget: int = DEFAULT_NODE_BUDGET,
    time_budget: float = DEFAULT_TIME_BUDGET,
    budget: SearchBudget | None = None,
) -> list[Play]:
    """One principal variation: the plays from ``state`` to the end of the hand, each a
    best card for its seat (ties broken by the engine's order of the legal cards).
    ``budget``, when given, stands for ``node_budget`` and ``time_budget``.

    Raises:
        UnsolvablePosition: as ``solve``.
        SolverBudgetExceeded: the budget (shared by the whole line) ran out.
    """
    root = SolveRoot(state)
    solver = root.solver(budget or SearchBudget.of(node_budget, time_budget))
    rules = root.rules
    trick = list(root.trick)
    leader = root.leader
    flags = root.flags
    hands = solver.hands
    line: list[Play] = []
    while any(hands):
        seat = (leader + len(trick)) % rules.n
        vals = solver.values(trick, leader, flags)
        maximize = rules.team[seat] == 0
        card = (max if maximize else min)(sorted(vals), key=vals.__getitem__)
        hands[seat] ^= 1 << card
        trick.append(card)
        line.append(Play(seat, root.deck[card]))
        if len(trick) == rules.n:
            leader, _, flags = rules.judge(trick, leader, not any(hands), flags)
            trick = []
    return line


def every_trick(state: GameState, *, budget: SearchBudget) -> dict[Card, tuple[bool, bool]]:
    """For each legal card of the seat to move: whether, after it, the mover's side can
    take every trick still to play (the current one included) whatever the opponents do,
    and whether the opponents can whatever the mover's side does (Belote's capot). Two
    null-window tests per card on the same rules with every card worth one point and no
    bonus for the last trick (each trick then worth as many points as seats).

    Raises:
        UnsolvablePosition: as ``solve``.
        SolverBudgetExceeded: the budget (shared by the tests) ran out.
    """
    root = SolveRoot(state)
    rules = root.rules.with_points([1] * len(root.rules.pts))
    rules.bonus_last = 0
    solver = DealSearch(rules, list(root.hands), budget.nodes, budget.expired)
    trick = list(root.trick)
    cards = len(trick) + sum(h.bit_count() for h in root.hands)
    full = cards  # side 0's value when it takes every trick still to play
    seat = root.seat
    hands = solver.hands
    hand = hands[seat]
    wpos = rules.winner(trick) if trick else 0
    legal = rules.legal(hand, trick, wpos)
    mine = rules.team[seat] == 0
    out: dict[Card, tuple[bool, bool]] = {}
    for c in indices(legal):
        hands[seat] = hand ^ (1 << c)
        trick.append(c)
        try:
            all0 = solver.after(trick, root.leader, root.flags, wpos, full - 1, full, full) >= full
            none0 = solver.after(trick, root.leader, root.flags, wpos, 0, 1, full) < 1
        finally:
            trick.pop()
            hands[seat] = hand
        out[root.deck[c]] = (all0, none0) if mine else (none0, all0)
    return out


__all__ = [
    "CLOCK",
    "DEFAULT_NODE_BUDGET",
    "DEFAULT_TIME_BUDGET",
    "SearchBudget",
    "best_line",
    "every_trick",
    "points_left",
    "solve",
]
