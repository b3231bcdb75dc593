"""Valuing the legal cards of one deal with every card known (pure: never imports
streamlit): exactly, by the solver (``exact_values``; Briscola with cards to draw by the
search over the deal's stock order, ``solve_with_stock``), and which legal cards play
alike and need valuing once (``equivalent_cards``).
"""

from __future__ import annotations

import random

from tutorial.analysis.briscola_expect import solve_expected
from tutorial.analysis.card_bits import CardBits
from tutorial.analysis.goals import Goal
from tutorial.analysis.solver import (
    SearchBudget,
    SolverBudgetExceeded,
    SolveRoot,
    every_trick,
    solve,
)
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState

__all__ = ["equivalent_cards", "exact_values", "solve_with_stock"]


def solve_with_stock(
    state: GameState,
    *,
    node_budget: int = 400_000,
    time_budget: float = 1.0,
    budget: SearchBudget | None = None,
) -> dict[Card, float]:
    """Briscola with cards still to draw, every card and the stock's order known (the
    real position once the hand is over, or a sampled deal): each legal card valued by
    the card points the mover's side takes from here on with best play (alpha-beta with
    a table at each trick's start). Other positions go to ``solve``. ``budget``, when
    given, stands for ``node_budget`` and ``time_budget`` (a deadline on its own clock).

    Raises:
        SolverBudgetExceeded: more than ``node_budget`` nodes or ``time_budget`` seconds.
    """
    if budget is None:
        budget = SearchBudget.of(node_budget, time_budget)
    if not state.cards_to_draw:
        return solve(state, budget=budget)
    bits = CardBits(state)
    deck = bits.deck
    n = bits.n
    pts = bits.pts
    stock = [deck.index(c) for c in state.draw_pile]
    hands = [deck.mask(h) for h in state.hands]
    me = state.to_move
    assert me is not None
    side = bits.team[me]
    table: dict[tuple[int, ...], int] = {}
    nodes = 0
    most = budget.nodes
    expired = budget.expired

    def search(trick: list[int], leader: int, drawn: int, alpha: int, beta: int) -> int:
        """Points for the mover's side from here on (alpha-beta, fail-hard)."""
        nonlocal nodes
        nodes += 1
        if nodes > most or (not nodes & 1023 and expired()):
            raise SolverBudgetExceeded(f"more than {nodes - 1} nodes or the time budget")
        if len(trick) == n:
            w = (leader + bits.winner(trick)) % n
            got = sum(pts[c] for c in trick)
            gain = got if bits.team[w] == side else 0
            added: list[tuple[int, int]] = []
            for i in range(n):
                if drawn < len(stock):
                    seat = (w + i) % n
                    hands[seat] |= 1 << stock[drawn]
                    added.append((seat, stock[drawn]))
                    drawn += 1
            try:
                if not any(hands):
                    return gain
                return gain + search([], w, drawn, alpha - gain, beta - gain)
            finally:
                for seat, c in added:
                    hands[seat] &= ~(1 << c)
        key: tuple[int, ...] | None = None
        if not trick:
            key = (*hands, leader, drawn)
            hit = table.get(key)
            if hit is not None:
                return hit
        seat = (leader + len(trick)) % n
        maximize = bits.team[seat] == side
        best = -1 if maximize else 1 << 30
        h = hands[seat]
        a0, b0 = alpha, beta
        for c in range(h.bit_length()):
            if not h >> c & 1:
                continue
            hands[seat] ^= 1 << c
            trick.append(c)
            try:
                v = search(trick, leader, drawn, alpha, beta)
            finally:
                trick.pop()
                hands[seat] ^= 1 << c
            if maximize:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None and a0 < best < b0:
            table[key] = best  # exact values only
        return best

    trick = [deck.index(p.card) for p in state.current_trick]
    leader = state.trick_leader
    out: dict[Card, float] = {}
    for card in state.legal_plays():
        c = deck.index(card)
        hands[me] ^= 1 << c
        trick.append(c)
        try:
            out[card] = float(search(trick, leader, 0, -1, 1 << 30))
        finally:
            trick.pop()
            hands[me] ^= 1 << c
    return out


def exact_values(
    world: GameState,
    goal: Goal,
    rng: random.Random,
    *,
    budget: SearchBudget,
) -> dict[Card, tuple[float, float]]:
    """Each legal card of a deal with every card known: (card points the mover's side
    takes from here on with best play, the hand's score for that side: ``Goal``).

    Tarot: the Petit is searched as worth its points plus the target it lowers for the
    taker (``TarotGoal.petit_bonus``), so the search fights for it as the score does; its
    card points then count that bonus when the side takes the Petit. Belote, while a
    side has won every trick: whether a side can take every trick still to play (a
    capot) is searched too (``solver.every_trick``), and scores as the capot.

    Raises:
        SolverBudgetExceeded: more than ``budget`` allows.
    """
    if world.cards_to_draw:
        # One order of the face-down stock (the deal's is already a random one).
        exp = solve_expected(world, rng=rng, max_orders=1, budget=budget)
        return {c: (v, v) for c, v in exp.values.items()}
    goal = goal.for_world(world)
    root = SolveRoot(world)
    bonus, tb = goal.solve_terms(root)
    solver = root.solver(budget)
    raw = solver.values(list(root.trick), root.leader, root.flags)
    total = root.total()
    scale = root.rules.scale
    sweeps = every_trick(world, budget=budget) if goal.sweep_matters else {}
    side = root.side
    out: dict[Card, tuple[float, float]] = {}
    for c, v in raw.items():
        card = root.deck[c]
        mine = root.for_side(v, total)
        ours, theirs = sweeps.get(card, (False, False))
        swept = side if ours else (1 - side if theirs else None)
        out[card] = (mine, goal.of_solve(mine, total / scale, bonus / scale, tb, swept))
    return out


def equivalent_cards(state: GameState) -> list[list[Card]]:
    """The legal cards of the seat to move in classes that play alike: the same suit (or
    trumps) and points, with no card between them in that suit's order but the mover's
    own and those of finished tricks (whichever is played, the tricks go the same way),
    each class in the legal cards' order."""
    legal = state.legal_plays()
    seat = state.to_move
    if seat is None or len(legal) < 2:
        return [[c] for c in legal]
    bits = CardBits(state)
    deck = bits.deck
    mine = deck.mask(state.hands[seat])
    for tr in state.tricks:
        mine |= deck.mask(p.card for p in tr.plays)
    outside = ((1 << bits.size) - 1) & ~mine  # in another hand, unseen, or on the table
    power, pts, trumps = bits.power, bits.pts, bits.trumps

    def group(c: int) -> tuple[bool, object]:
        return bool(trumps >> c & 1), deck[c].suit

    by_group: dict[tuple[bool, object], list[int]] = {}
    for c in range(bits.size):
        if outside >> c & 1 and c != bits.excuse:
            by_group.setdefault(group(c), []).append(power[c])
    classes: list[list[Card]] = []
    index = {card: deck.index(card) for card in legal}
    for card in legal:
        c = index[card]
        for cls in classes:
            d = index[cls[0]]
            if c == bits.excuse or d == bits.excuse or group(c) != group(d) or pts[c] != pts[d]:
                continue
            lo, hi = sorted((power[c], power[d]))
            if not any(lo < w < hi for w in by_group.get(group(c), ())):
                cls.append(card)
                break
        else:
            classes.append([card])
    return classes
