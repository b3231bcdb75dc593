"""Briscola before the stock is empty: the solver's values averaged over the stock's orders.

Perfect-information analysis of a Briscola position where every hand is known but the
order of the face-down stock is not. The face-up trump card is drawn last (the rules say
so), so the unknown is only the order of the face-down cards. For one order, the rest of
the hand is a perfect-information game to the end, draws included: every seat plays its
best knowing the hands *and* that order. ``solve_expected`` values each legal card of the
seat to move by the **average, over the orders of the face-down stock, of the card points
its side takes from the tricks still to play** (the current trick included) in that game.

- Every order is averaged (``exact=True``) when there are at most ``max_orders`` of them
  (``k!`` for ``k`` face-down cards); they are searched in a random order, so if the budget
  runs out first the orders done are a sample drawn without replacement.
- Otherwise ``max_orders`` orders are drawn uniformly at random from ``rng`` (with
  replacement) and averaged (``exact=False``): an unbiased estimate.
- With the stock empty this is ``solve`` itself (one order, exact).

Each order is searched by alpha-beta with a transposition table at each trick's start,
keyed on the hands, the leader and the cards still to draw *in their order*, so orders that
end alike share their last tricks' work. See ``docs/engine.md`` ("The solver").
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutorial.analysis.solver import (
    DEFAULT_NODE_BUDGET,
    DEFAULT_TIME_BUDGET,
    SearchBudget,
    SolverBudgetExceeded,
    UnsolvablePosition,
    solve,
)
from tutorial.engine import briscola
from tutorial.engine.briscola.card_masks import BriscolaCardMasks
from tutorial.engine.cards import BRISCOLA_DECK, Card
from tutorial.engine.contract import GameState

#: Orders averaged at most by default: every order up to 5 face-down cards (120 orders).
DEFAULT_MAX_ORDERS = 120

_INF = 1 << 30


@dataclass(frozen=True)
class Expectation:
    """Each legal card's value averaged over the stock's orders (see the module)."""

    values: dict[Card, float]  # card points the mover's side takes, on average
    exact: bool  # every order of the face-down stock was averaged
    orders: int  # how many orders were averaged
    total_orders: int  # how many orders there are (k! for k face-down cards)


class _DrawSearch:
    """Alpha-beta for Briscola with the draws of one known order of the stock."""

    def __init__(self, rules: BriscolaCardMasks, budget: SearchBudget) -> None:
        self.rules = rules
        self.n = rules.n
        self.team = rules.team
        self.pts = rules.pts
        self.beats = rules.beats
        self.tt: dict[tuple[object, ...], tuple[int, int]] = {}
        self.nodes = 0
        self.node_budget = budget.nodes
        self.budget = budget
        self.hands: list[int] = []
        self.seq: Sequence[int] = ()
        self.suffixes: list[tuple[int, ...]] = []

    def set_order(self, hands: Sequence[int], seq: Sequence[int]) -> None:
        """Search the deal with ``hands`` and the cards to draw in the order ``seq``."""
        self.hands = list(hands)
        self.seq = seq
        self.suffixes = [tuple(seq[p:]) for p in range(len(seq) + 1)]

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_budget or (not self.nodes & 1023 and self.budget.expired()):
            raise SolverBudgetExceeded(f"more than {self.nodes - 1} nodes or the time budget")

    def search(self, leader: int, p: int, alpha: int, beta: int, left: int) -> int:
        """Side 0's points from this trick's start to the end (fail-soft); ``p`` is the
        place in the order of the next card to draw, ``left`` every point still out."""
        if left <= alpha:
            return left
        if beta <= 0:
            return 0
        hands = self.hands
        if not hands[leader]:
            return 0
        self._tick()
        key = (tuple(hands), leader, self.suffixes[p])
        entry = self.tt.get(key)
        if entry is not None:
            lo, hi = entry
            if lo >= beta:
                return lo
            if hi <= alpha or lo == hi:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        else:
            lo, hi = 0, left
        v = self.play([], leader, p, 0, alpha, beta, left)
        if v <= alpha:
            hi = min(hi, v)
        elif v >= beta:
            lo = max(lo, v)
        else:
            lo = hi = v
        self.tt[key] = (lo, hi)
        return v

    def play(
        self, trick: list[int], leader: int, p: int, wpos: int, alpha: int, beta: int,
        left: int,
    ) -> int:  # fmt: skip
        """As ``search``, inside a trick (``wpos``: the place of the card winning it)."""
        hands = self.hands
        n = self.n
        team = self.team
        pts = self.pts
        beats = self.beats
        pos = len(trick)
        seat = (leader + pos) % n
        hand = hands[seat]
        moves = []
        m = hand
        while m:
            low = m & -m
            moves.append(low.bit_length() - 1)
            m ^= low
        if pos and len(moves) > 1:
            partner = team[(leader + wpos) % n] == team[seat]
            w = trick[wpos] * 40
            moves.sort(
                key=lambda c: (
                    (1 - pts[c] if partner else pts[c])
                    if beats[w + c]
                    else (-pts[c] if partner else 1000 + pts[c])
                )
            )
        elif not pos:
            moves.sort(key=lambda c: -pts[c])
        maximize = team[seat] == 0
        best = -_INF if maximize else _INF
        for c in moves:
            hands[seat] = hand ^ (1 << c)
            trick.append(c)
            v = self.after(trick, leader, p, wpos, alpha, beta, left)
            trick.pop()
            hands[seat] = hand
            if maximize:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def after(
        self, trick: list[int], leader: int, p: int, wpos: int, alpha: int, beta: int,
        left: int,
    ) -> int:  # fmt: skip
        """The value once ``trick[-1]`` is played (``wpos``: the place winning before)."""
        n = self.n
        pos = len(trick) - 1
        if pos and self.beats[trick[wpos] * 40 + trick[-1]]:
            wpos = pos
        if pos + 1 < n:
            return self.play(trick, leader, p, wpos, alpha, beta, left)
        w = (leader + wpos) % n
        pts = self.pts
        taken = 0
        for x in trick:
            taken += pts[x]
        g0 = taken if self.team[w] == 0 else 0
        seq = self.seq
        if p >= len(seq):
            return g0 + self.search(w, p, alpha - g0, beta - g0, left - taken)
        # Rule: the winner draws first, then the others in playing order.
        hands = self.hands
        for i in range(n):
            hands[(w + i) % n] |= 1 << seq[p + i]
        try:
            return g0 + self.search(w, p + n, alpha - g0, beta - g0, left - taken)
        finally:
            for i in range(n):
                hands[(w + i) % n] ^= 1 << seq[p + i]

    def values(self, trick: list[int], leader: int, left: int) -> dict[int, int]:
        """Side 0's exact points after each card of the seat to move (before any draw)."""
        seat = (leader + len(trick)) % self.n
        wpos = self.rules.winner(trick) if trick else 0
        hands = self.hands
        hand = hands[seat]
        out: dict[int, int] = {}
        m = hand
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            hands[seat] = hand ^ low
            trick.append(c)
            try:
                out[c] = self.after(trick, leader, 0, wpos, -1, left + 1, left)
            finally:
                trick.pop()
                hands[seat] = hand
        return out


def solve_expected(
    state: GameState,
    *,
    rng: random.Random | None = None,
    max_orders: int = DEFAULT_MAX_ORDERS,
    node_budget: int = DEFAULT_NODE_BUDGET,
    time_budget: float = DEFAULT_TIME_BUDGET,
    budget: SearchBudget | None = None,
) -> Expectation:
    """Each legal card of the Briscola seat to move, valued by the card points its side
    takes with best play, averaged over the orders of the face-down stock (see the module).

    ``rng`` orders the search and draws the sample (``random.Random(0)`` if omitted, so
    the result is reproducible); ``node_budget`` and ``time_budget`` cover every order
    (``budget``, when given, stands for both: a deadline on its own clock).

    Raises:
        UnsolvablePosition: not a Briscola position in play.
        SolverBudgetExceeded: the budget ran out before a single order was searched.
    """
    # This search is Briscola's own (its face-down stock): any other game is refused.
    if not isinstance(state, briscola.BriscolaState) or state.phase != "play":
        raise UnsolvablePosition("solve_expected takes a Briscola position in play")
    if budget is None:
        budget = SearchBudget.of(node_budget, time_budget)
    if not state.cards_to_draw:
        values = solve(state, budget=budget)
        return Expectation(values, exact=True, orders=1, total_orders=1)
    rng = rng if rng is not None else random.Random(0)
    deck = BRISCOLA_DECK
    rules = BriscolaCardMasks(state)
    hands = [deck.mask(h) for h in state.hands]
    trick = [deck.index(p.card) for p in state.current_trick]
    face_down = sorted(deck.index(c) for c in state.stock)
    face_up = deck.index(state.trump_card)
    total_orders = math.factorial(len(face_down))
    orders: list[tuple[int, ...]]
    exact = total_orders <= max_orders
    if exact:
        orders = list(itertools.permutations(face_down))
        rng.shuffle(orders)
    else:
        orders = []
        for _ in range(max_orders):
            order = list(face_down)
            rng.shuffle(order)
            orders.append(tuple(order))
    pts = rules.pts
    left = sum(pts[c] for c in trick) + sum(pts[c] for c in face_down) + pts[face_up]
    left += sum(pts[c] for h in hands for c in range(40) if h >> c & 1)
    search = _DrawSearch(rules, budget)
    seat = state.to_move
    assert seat is not None
    side = rules.team[seat]
    sums: dict[int, int] = {}
    done = 0
    for perm in orders:
        search.set_order(hands, (*perm, face_up))
        try:
            raw = search.values(list(trick), state.leader, left)
        except SolverBudgetExceeded:
            if not done:
                raise
            exact = False
            break
        for c, v in raw.items():
            sums[c] = sums.get(c, 0) + (v if side == 0 else left - v)
        done += 1
    values = {deck[c]: s / done for c, s in sums.items()}
    return Expectation(values, exact=exact, orders=done, total_orders=total_orders)


__all__ = ["DEFAULT_MAX_ORDERS", "Expectation", "solve_expected"]
