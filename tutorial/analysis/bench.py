"""``python -m tutorial bench-solver [--json]``: how long the solver takes per position.

Positions are reached by random legal play through the public state API (bids, discard
and declarations included) from a deal of ``random.Random(seed)``; each is solved from
scratch (a new transposition table) with ``solve``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from tutorial.analysis.solver import SolverBudgetExceeded, solve
from tutorial.engine.core import GameState
from tutorial.engine.games import new_hand

#: Cards per hand at the start of the play, per game and number of players.
_HAND_SIZE = {("belote", 4): 8, ("tarot", 4): 18, ("briscola", 2): 3, ("briscola", 4): 3}


def cards_left(state: GameState) -> int:
    """The cards still to play in the hand (hands, plus the stock for Briscola)."""
    n = sum(len(h) for h in state.hands)
    stock = getattr(state, "cards_to_draw", 0)
    return n + int(stock)


def random_position(
    game: str,
    rng: random.Random,
    tricks_left: int,
    *,
    players: int = 4,
    ruleset: str = "default",
    in_trick: bool = True,
) -> GameState:
    """A play-phase position with ``tricks_left`` tricks to go (the current one counted),
    reached by random legal play; ``in_trick``: stop after a random number of the
    current trick's cards (else at its start). Briscola positions have an empty stock
    (``tricks_left`` at most 3)."""
    kw = {"players": players} if game == "briscola" else {}
    n = players if game == "briscola" else 4
    stop_in_trick = rng.randrange(n) if in_trick else 0
    # cards_left at the moment to stop: tricks_left full tricks, minus the cards played.
    target = tricks_left * n - stop_in_trick
    while True:
        state = new_hand(game, ruleset, rng=rng, **kw)
        while not state.is_terminal:
            if state.phase == "play" and cards_left(state) == target:
                return state
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])


@dataclass(frozen=True)
class Case:
    """One line of the bench: a game, how many tricks are left, and the ruleset."""

    label: str
    game: str
    tricks_left: int
    players: int = 4
    ruleset: str = "default"
    in_trick: bool = False
    up_to: bool = False  # any number of tricks from 1 to ``tricks_left``, any moment


CASES: tuple[Case, ...] = (
    Case("belote, 1-5 tricks left", "belote", 5, in_trick=True, up_to=True),
    Case("belote, 5 tricks left", "belote", 5),
    Case("belote, 8 tricks (full deal)", "belote", 8, ruleset="default"),
    Case("tarot, 1-5 tricks left", "tarot", 5, in_trick=True, up_to=True),
    Case("tarot, 5 tricks left", "tarot", 5),
    Case("tarot, 6 tricks left", "tarot", 6),
    Case("tarot, 7 tricks left", "tarot", 7),
    Case("tarot, 8 tricks left", "tarot", 8),
    Case("briscola 2p, stock empty (3 tricks)", "briscola", 3, players=2),
    Case("briscola 4p, stock empty (3 tricks)", "briscola", 3, players=4),
)


def _measure(
    case: Case, positions: int, seed: int, solve_fn: Callable[[GameState], object]
) -> dict[str, object]:
    rng = random.Random(seed)
    times: list[float] = []
    unknown = 0
    for _ in range(positions):
        tricks = rng.randint(1, case.tricks_left) if case.up_to else case.tricks_left
        state = random_position(
            case.game, rng, tricks, players=case.players, ruleset=case.ruleset,
            in_trick=case.in_trick,
        )  # fmt: skip
        start = time.perf_counter()
        try:
            solve_fn(state)
        except SolverBudgetExceeded:
            unknown += 1
        times.append(time.perf_counter() - start)
    times.sort()
    return {
        "case": case.label,
        "positions": positions,
        "median_ms": round(statistics.median(times) * 1000, 2),
        "p90_ms": round(times[min(len(times) - 1, int(0.9 * len(times)))] * 1000, 2),
        "max_ms": round(times[-1] * 1000, 2),
        "unknown": unknown,
    }


def main(argv: list[str]) -> int:
    """Run the bench; print a table (or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(prog="python -m tutorial bench-solver")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--positions", type=int, default=30, help="positions per line")
    parser.add_argument("--seed", type=int, default=1, help="the random seed")
    args = parser.parse_args(argv)
    rows = []
    for case in CASES:
        count = max(3, args.positions // 6) if case.tricks_left > 5 else args.positions
        rows.append(
            _measure(
                case, count, args.seed, lambda s: solve(s, time_budget=30.0, node_budget=10**8)
            )
        )
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'position':40} {'n':>4} {'median ms':>10} {'p90 ms':>10} {'max ms':>10}")
    for r in rows:
        print(
            f"{r['case']!s:40} {r['positions']!s:>4} {r['median_ms']!s:>10} "
            f"{r['p90_ms']!s:>10} {r['max_ms']!s:>10}"
        )
    return 0
