"""Briscola before the stock is empty: the expectation over the stock's orders, checked
against a brute force through the public state API."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from tutorial.analysis import (
    SolverBudgetExceeded,
    UnsolvablePosition,
    solve,
    solve_expected,
)
from tutorial.engine import briscola
from tutorial.engine.cards import Card
from tutorial.engine.games import new_hand
from tutorial.tools.bench_solver import briscola_drawing_position, random_position


def _future(state: briscola.BriscolaState, side: int, memo: dict[object, float]) -> float:
    """Card points ``side`` takes from ``state`` to the end with best play by every seat
    (plain minimax through ``legal_plays``/``apply``, memoized on the position)."""
    if state.is_terminal:
        return 0.0
    key = (
        tuple(frozenset(h) for h in state.hands),
        tuple(p.card for p in state.current_trick),
        state.stock,
        state.trump_card_taken,
        state.leader,
    )
    if key in memo:
        return memo[key]
    mover = state.to_move
    assert mover is not None
    values = [_after(state, card, side, memo) for card in state.legal_plays()]
    best = max(values) if state.team_of(mover) == side else min(values)
    memo[key] = best
    return best


def _after(
    state: briscola.BriscolaState, card: Card, side: int, memo: dict[object, float]
) -> float:
    """The points ``side`` takes from ``state`` on once ``card`` is played."""
    nxt = state.apply(card)
    gained = 0.0
    if len(nxt.tricks) > len(state.tricks):
        trick = nxt.tricks[-1]
        if nxt.team_of(trick.winner) == side:
            gained = trick.points
    return gained + _future(nxt, side, memo)


def _brute_force(state: briscola.BriscolaState) -> dict[Card, float]:
    """Each legal card's value averaged over every order of the face-down stock."""
    mover = state.to_move
    assert mover is not None
    side = state.team_of(mover)
    orders = list(itertools.permutations(state.stock))
    sums = dict.fromkeys(state.legal_plays(), 0.0)
    for order in orders:
        variant = dataclasses.replace(state, stock=order)
        memo: dict[object, float] = {}
        for card in sums:
            sums[card] += _after(variant, card, side, memo)
    return {card: s / len(orders) for card, s in sums.items()}


@pytest.mark.parametrize(("players", "rounds", "count"), [(2, 1, 6), (2, 2, 6), (4, 1, 2)])
def test_the_exact_expectation_is_the_average_over_every_order(
    players: int, rounds: int, count: int
) -> None:
    rng = random.Random(f"expect-{players}-{rounds}")
    for _ in range(count):
        state = briscola_drawing_position(rng, rounds, players=players)
        while players == 4 and len(state.current_trick) < 3:  # a smaller tree to brute-force
            state = briscola_drawing_position(rng, rounds, players=players)
        assert state.cards_to_draw == rounds * players
        result = solve_expected(state)
        assert result.exact
        assert (
            result.orders == result.total_orders == len(list(itertools.permutations(state.stock)))
        )
        expected = _brute_force(state)
        assert set(result.values) == set(expected)
        for card, value in expected.items():
            assert result.values[card] == pytest.approx(value), (state, card)


def test_a_sample_of_orders_is_close_to_the_exact_average() -> None:
    state = briscola_drawing_position(random.Random("sample"), 3, players=2)
    exact = solve_expected(state)
    assert exact.exact and exact.orders == exact.total_orders == 120
    sampled = solve_expected(state, rng=random.Random(5), max_orders=40)
    assert not sampled.exact
    assert sampled.orders == 40 and sampled.total_orders == 120
    assert set(sampled.values) == set(exact.values)
    for card, value in exact.values.items():
        assert abs(sampled.values[card] - value) <= 4.0, card
    # The same seed gives the same sample, hence the same values.
    again = solve_expected(state, rng=random.Random(5), max_orders=40)
    assert again.values == sampled.values


def test_with_the_stock_empty_it_is_the_solver() -> None:
    rng = random.Random("empty")
    for players in (2, 4):
        state = random_position("briscola", rng, 2, players=players)
        result = solve_expected(state)
        assert result.exact and result.orders == result.total_orders == 1
        assert result.values == solve(state)


def test_the_budget_and_the_positions_it_refuses() -> None:
    state = briscola_drawing_position(random.Random("budget"), 3, players=2)
    with pytest.raises(SolverBudgetExceeded):
        solve_expected(state, node_budget=5)
    with pytest.raises(UnsolvablePosition):
        solve_expected(new_hand("belote", rng=random.Random(1)))
