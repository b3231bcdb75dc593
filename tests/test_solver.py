"""The perfect-information solver against a plain minimax through the public state API."""

from __future__ import annotations

import random

import pytest
from clocks import Jumping, still

from tutorial.analysis import (
    SolverBudgetExceeded,
    UnsolvablePosition,
    best_line,
    points_left,
    solve,
)
from tutorial.analysis.briscola_expect import solve_expected
from tutorial.analysis.solver import SearchBudget, every_trick
from tutorial.analysis.valuing import solve_with_stock
from tutorial.engine import tarot
from tutorial.engine.cards import TAROT_DECK
from tutorial.engine.contract import GameState
from tutorial.engine.games import new_hand
from tutorial.tools.bench_solver import (
    briscola_drawing_position,
    minimax_value,
    points_won,
    random_position,
)

GAMES = [("belote", 4), ("tarot", 4), ("briscola", 2), ("briscola", 4)]


_won = points_won


def _minimax(root: GameState, state: GameState, side: int) -> float:
    """Plain minimax over every legal card, no pruning, no memory."""
    return minimax_value(root, state, side)


#: Positions per game checked against the plain minimax here (cheap ones more); the
#: command ``python -m tutorial bench-solver --agree 1000`` checks 1,000 of each.
AGREEMENT = {("belote", 4): 400, ("tarot", 4): 100, ("briscola", 2): 400, ("briscola", 4): 100}


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_agrees_with_plain_minimax(game: str, players: int) -> None:
    rng = random.Random(f"solver-{game}-{players}")
    for _ in range(AGREEMENT[game, players]):
        state = random_position(game, rng, rng.randint(1, 3), players=players)
        assert state.to_move is not None
        side = state.team_of(state.to_move)
        values = solve(state)
        assert set(values) == set(state.legal_plays())
        for card in state.legal_plays():
            expected = _minimax(state, state.apply(card), side)
            assert values[card] == pytest.approx(expected), (state, card)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_two_sides_share_the_points_left(game: str, players: int) -> None:
    rng = random.Random(f"share-{game}-{players}")
    checked = 0
    while checked < 10:
        state = random_position(game, rng, rng.randint(2, 3), players=players)
        mover = state.to_move
        assert mover is not None
        nxt = (mover + 1) % players
        if len(state.current_trick) == players - 1 or state.team_of(nxt) == state.team_of(mover):
            continue  # the next seat must be an opponent, in the same trick
        values = solve(state)
        for card, value in values.items():
            after = state.apply(card)
            assert points_left(after) == points_left(state)
            # The opponents' best is exactly what the mover's side does not take.
            assert value + max(solve(after).values()) == pytest.approx(points_left(state))
        checked += 1


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_best_line_reaches_its_value(game: str, players: int) -> None:
    rng = random.Random(f"line-{game}-{players}")
    for _ in range(10):
        state = random_position(game, rng, rng.randint(1, 4 if game != "briscola" else 3),
                                players=players)  # fmt: skip
        assert state.to_move is not None
        side = state.team_of(state.to_move)
        values = solve(state)
        line = best_line(state)
        assert line[0].seat == state.to_move
        assert values[line[0].card] == max(values.values())
        final = state
        for play in line:
            assert final.to_move == play.seat
            final = final.apply(play.card)
        assert final.is_terminal
        assert _won(state, final)[side] == pytest.approx(max(values.values()))


def test_a_tiny_budget_says_unknown() -> None:
    state = random_position("belote", random.Random(5), 6, in_trick=False)
    with pytest.raises(SolverBudgetExceeded):
        solve(state, node_budget=50)


def _full_deal() -> GameState:
    """A Belote deal at its first card: far more than a few thousand nodes to solve."""
    return random_position("belote", random.Random(5), 8, in_trick=False)


def test_a_search_stops_on_its_node_budget_whatever_the_clock() -> None:
    # No deadline, a clock that never moves, or one racing ahead with a far deadline:
    # the node budget alone stops each search, at the same place.
    state = _full_deal()
    drawing = briscola_drawing_position(random.Random("nodes"), 3, players=2)
    searches = (
        lambda b: solve(state, budget=b),
        lambda b: best_line(state, budget=b),
        lambda b: solve_expected(drawing, budget=b),
        lambda b: solve_with_stock(drawing, budget=b),
    )
    for search in searches:
        stops = set()
        for budget in (
            SearchBudget.nodes_only(500),
            SearchBudget(500, 0.0, still),
            SearchBudget.of(500, 10.0**12, Jumping(1.0)),
        ):
            with pytest.raises(SolverBudgetExceeded, match=r"more than \d+ nodes") as info:
                search(budget)
            stops.add(str(info.value))
        assert len(stops) == 1, stops
    small = random_position("belote", random.Random(5), 3)
    assert solve(small, budget=SearchBudget.nodes_only(10**6)) == solve(small)


def test_a_deadline_on_an_injected_clock_is_honoured_without_sleeping() -> None:
    # A clock that moves a second at each read and a deadline three seconds away: each
    # search gives up after four reads of it, whatever its node budget, at once.
    state = _full_deal()
    drawing = briscola_drawing_position(random.Random("nodes"), 3, players=2)
    searches = (
        lambda b: solve(state, budget=b),
        lambda b: best_line(state, budget=b),
        lambda b: solve_with_stock(drawing, budget=b),
    )
    for search in searches:
        clock = Jumping(1.0)
        with pytest.raises(SolverBudgetExceeded):
            search(SearchBudget.of(10**9, 3.0, clock))
        assert clock.reads == 5  # the deadline set, then four looks at the clock
    # The same deadline on a clock that does not move is never reached.
    clock = Jumping(0.0)
    assert solve_with_stock(drawing, budget=SearchBudget.of(10**9, 3.0, clock))
    assert clock.reads > 5
    # Briscola's expectation keeps the orders searched before the deadline: a sample.
    every = solve_expected(drawing, budget=SearchBudget.of(10**9, 3.0, Jumping(0.0)))
    assert every.exact and every.orders == every.total_orders == 120
    cut = solve_expected(drawing, budget=SearchBudget.of(10**9, 3.0, Jumping(1.0)))
    assert not cut.exact and 1 <= cut.orders < 120
    # A deadline already past stops a search at its first look at the clock.
    with pytest.raises(SolverBudgetExceeded):
        solve(state, budget=SearchBudget(10**9, -1.0, still))


def test_positions_it_does_not_solve() -> None:
    rng = random.Random(2)
    fresh = new_hand("briscola", rng=rng, players=2)
    with pytest.raises(UnsolvablePosition):
        solve(fresh)  # the stock is not empty: cards are still unknown
    bidding = new_hand("belote", rng=rng)
    with pytest.raises(UnsolvablePosition):
        solve(bidding)


@pytest.mark.parametrize("defence_won_one", [False, True])
@pytest.mark.parametrize("ruleset", ["default", "default:excuse_last_trick=goes_to_trick_winner"])
def test_the_excuse_in_the_last_tricks(defence_won_one: bool, ruleset: str) -> None:
    # The taker holds the Excuse and T21 with two tricks to go: led last after 16 tricks
    # all won, the Excuse takes the last trick (the chelem exception); else it changes
    # sides or goes to the trick's winner, as the ruleset says.
    hands = ["EXC T21", "2S 3S", "4S 5S", "6S 7S"]
    held = {c for h in hands for c in TAROT_DECK.parse_many(h)}
    rest = [c for c in TAROT_DECK if c not in held]
    captured = {0: rest[6:-1], 1: rest[-1:]} if defence_won_one else {0: rest[6:]}
    name, _, option = ruleset.partition(":")
    rs = tarot.get_ruleset(name, **dict([option.split("=")])) if option else name
    state = tarot.start_play(
        hands, taker=0, contract="garde sans", chien=rest[:6], captured=captured, leader=0,
        ruleset=rs,
    )  # fmt: skip
    values = solve(state)
    for card in state.legal_plays():
        assert values[card] == pytest.approx(_minimax(state, state.apply(card), 0))
    t21, exc = TAROT_DECK.parse("T21"), TAROT_DECK.parse("EXC")
    if not defence_won_one:
        assert values[t21] == pytest.approx(4.5 + 1.5 + 4.5 + 1.5)  # both tricks
        assert values[t21] > values[exc]


def _belote_future(state: GameState, side: int, memo: dict[object, float]) -> float:
    """Card points ``side`` takes from ``state`` to the end of a Belote hand with best play
    (minimax through ``legal_plays``/``apply``, memoized on the hands and the trick)."""
    if state.is_terminal:
        return 0.0
    key = (
        tuple(frozenset(h) for h in state.hands),
        tuple(p.card for p in state.current_trick),
        state.to_move,
    )
    if key in memo:
        return memo[key]
    assert state.to_move is not None
    values = []
    for card in state.legal_plays():
        nxt = state.apply(card)
        gained = 0.0
        if len(nxt.tricks) > len(state.tricks):
            trick = nxt.tricks[-1]
            if nxt.team_of(trick.winner) == side:
                gained = trick.points + (10 if nxt.is_terminal else 0)
        values.append(gained + _belote_future(nxt, side, memo))
    best = max(values) if state.team_of(state.to_move) == side else min(values)
    memo[key] = best
    return best


def test_agrees_with_a_memoized_minimax_further_back() -> None:
    # Four and five tricks to go: deep enough for the null-window tests, the table of
    # bounds and the two-trick loop to matter.
    rng = random.Random("deeper")
    for tricks in (4, 4, 5):
        state = random_position("belote", rng, tricks)
        assert state.to_move is not None
        side = state.team_of(state.to_move)
        values = solve(state)
        memo: dict[object, float] = {}
        for card in state.legal_plays():
            nxt = state.apply(card)
            gained = 0.0
            if len(nxt.tricks) > len(state.tricks):
                trick = nxt.tricks[-1]
                if nxt.team_of(trick.winner) == side:
                    gained = trick.points + (10 if nxt.is_terminal else 0)
            assert values[card] == pytest.approx(gained + _belote_future(nxt, side, memo))


@pytest.mark.parametrize(
    "options",
    [
        {"partner_winning": "must_trump_may_undertrump"},
        {"cannot_overtrump": "may_discard"},
        {"partner_winning": "must_trump_may_undertrump", "cannot_overtrump": "may_discard"},
    ],
)
def test_the_nested_loops_follow_each_belote_ruleset(options: dict[str, str]) -> None:
    # ``trick4`` and ``two_tricks`` keep the rules' legality inlined: under every option
    # they agree with a minimax through the state machine.
    from tutorial.engine.rule_options import find_ruleset

    ruleset = find_ruleset("belote", "default", **options)
    rng = random.Random(str(options))
    for tricks in (3, 3, 3, 4, 4, 4):
        state = random_position("belote", rng, tricks, ruleset=ruleset)  # type: ignore[arg-type]
        assert state.to_move is not None
        side = state.team_of(state.to_move)
        values = solve(state)
        memo: dict[object, float] = {}
        for card in state.legal_plays():
            nxt = state.apply(card)
            gained = 0.0
            if len(nxt.tricks) > len(state.tricks):
                trick = nxt.tricks[-1]
                if nxt.team_of(trick.winner) == side:
                    gained = trick.points + (10 if nxt.is_terminal else 0)
            assert values[card] == pytest.approx(gained + _belote_future(nxt, side, memo))


def test_the_four_seat_loops_agree_with_the_generic_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Belote and Briscola with four players search whole tricks in nested loops
    # (``trick4``); the generic card-by-card search must give the same values.
    from tutorial.analysis import solver as solver_module

    rng = random.Random("four-seat-loops")
    cases = [("belote", 4, 4), ("belote", 4, 5), ("belote", 4, 5), ("briscola", 4, 3)]
    for game, players, tricks in cases:
        state = random_position(game, rng, tricks, players=players)
        fast = solve(state)
        monkeypatch.setattr(solver_module, "_FAST4", False)
        slow = solve(state)
        monkeypatch.setattr(solver_module, "_FAST4", True)
        assert fast == slow, state


def test_the_sure_trumps_and_the_playout_guess_keep_the_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # From five tricks the nested loops bound each trick's start by the sure trumps and
    # the first card's search starts from a playout; from two tricks here, they must
    # still give the memoized minimax's values.
    from tutorial.analysis import solver as solver_module

    monkeypatch.setattr(solver_module, "_SURE_FROM", 2)
    rng = random.Random("sure-trumps")
    for tricks in (4, 5):
        state = random_position("belote", rng, tricks, in_trick=False)
        assert state.to_move is not None
        side = state.team_of(state.to_move)
        values = solve(state)
        memo: dict[object, float] = {}
        for card in state.legal_plays():
            nxt = state.apply(card)
            assert values[card] == pytest.approx(_belote_future(nxt, side, memo))


def test_the_lead_order_is_the_same_from_its_memo() -> None:
    # ``lead_moves`` keeps each hand's order of leads by the live cards of its own suits:
    # a card gone from a suit the hand lacks leaves it, a card gone from its own suits
    # may change it, and either way it is the order a fresh search computes.
    from tutorial.analysis.solver import SolveRoot

    rng = random.Random("lead-order")
    checked = 0
    for _ in range(40):
        state = random_position("belote", rng, rng.randint(3, 8), in_trick=False)
        root = SolveRoot(state)
        solver = root.solver(SearchBudget.nodes_only(10**6))
        live = 0
        for h in root.hands:
            live |= h
        for hand in root.hands:
            first = solver.lead_moves(hand, live)
            assert sorted(first) == sorted(solver.moves(hand, live))
            for gone in (live & ~hand) & -(live & ~hand), hand & -hand:
                fresh = root.solver(SearchBudget.nodes_only(10**6))
                later = live & ~gone
                assert solver.lead_moves(hand & ~gone, later) == fresh.lead_moves(
                    hand & ~gone, later
                )
                checked += 1
            assert solver.lead_moves(hand, live) == first
    assert checked == 40 * 4 * 2


def _sweeps(state: GameState, side: int) -> bool:
    """Whether ``side`` takes every trick still to play whatever the other side does
    (plain minimax over the engine's legal cards)."""
    if state.is_terminal or not state.hands[state.to_move or 0]:
        return True
    seat = state.to_move
    assert seat is not None
    results = []
    for card in state.legal_plays():
        nxt = state.apply(card)
        if len(nxt.tricks) > len(state.tricks) and nxt.team_of(nxt.tricks[-1].winner) != side:
            results.append(False)
            continue
        results.append(_sweeps(nxt, side))
    return any(results) if state.team_of(seat) == side else all(results)


@pytest.mark.parametrize(("game", "players"), [("belote", 4), ("briscola", 4)])
def test_who_can_take_every_trick_agrees_with_a_plain_minimax(game: str, players: int) -> None:
    rng = random.Random(f"sweep-{game}")
    swept = 0
    for _ in range(80):
        state = random_position(game, rng, rng.randint(1, 3), players=players)
        seat = state.to_move
        assert seat is not None
        mine = state.team_of(seat)
        found = every_trick(state, budget=SearchBudget.nodes_only(10**6))
        assert set(found) == set(state.legal_plays())
        for card, (ours, theirs) in found.items():
            after = state.apply(card)
            done = len(after.tricks) > len(state.tricks)
            lost = done and after.team_of(after.tricks[-1].winner) != mine
            won = done and after.team_of(after.tricks[-1].winner) == mine
            assert ours == (not lost and _sweeps(after, mine)), card
            assert theirs == (not won and _sweeps(after, 1 - mine)), card
            swept += ours or theirs
    assert swept > 0
