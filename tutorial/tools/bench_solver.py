"""``python -m tutorial bench-solver [--json]``: how long the solver takes per position.

Positions are reached by random legal play through the public state API (bids, discard
and declarations included) from a deal of ``random.Random(seed)``; each is solved from
scratch (a new transposition table) with ``solve`` (``solve_expected`` for Briscola with
cards still to draw). Each line gives the median and 90th percentile of the wall time
and of the process's CPU time (the CPU time is steadier on a loaded machine). Deep lines
solve fewer positions (a sixth of ``--positions``; the full Belote deal half, enough for
its 90th percentile to mean something).

``--agree N`` instead checks ``solve`` against a plain minimax through the public state
API on ``N`` random positions with 1-3 tricks left, per game (and both Briscola sizes).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from tutorial.analysis.briscola_expect import solve_expected
from tutorial.analysis.solver import SolverBudgetExceeded, solve
from tutorial.engine.contract import GameState
from tutorial.engine.game_parts import GameParts
from tutorial.engine.games import new_hand, player_counts

#: Cards per hand at the start of the play, per game and number of players.
_HAND_SIZE = {("belote", 4): 8, ("tarot", 4): 18, ("briscola", 2): 3, ("briscola", 4): 3}


def cards_left(state: GameState) -> int:
    """The cards still to play in the hand (hands, plus the stock for Briscola)."""
    n = sum(len(h) for h in state.hands)
    stock = state.cards_to_draw
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
    counts = player_counts(game)
    kw = {"players": players} if len(counts) > 1 else {}
    n = players if len(counts) > 1 else counts[0]
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


def briscola_drawing_position(
    rng: random.Random, rounds: int, *, players: int = 2, in_trick: bool = True
) -> GameState:
    """A Briscola position in play with ``rounds`` rounds of drawing still to come (the
    face-down stock holds ``rounds * players - 1`` cards, plus the face-up trump card),
    reached by random legal play; ``in_trick``: after a random number of the current
    trick's cards (else at its start)."""
    stop = rng.randrange(players) if in_trick else 0
    while True:
        state = new_hand("briscola", rng=rng, players=players)
        while not state.is_terminal:
            if state.cards_to_draw == rounds * players and len(state.current_trick) == stop:
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
    draws: int = 0  # Briscola: rounds of drawing still to come (``solve_expected``)
    share: int = 0  # positions: ``--positions`` divided by this (0: by 6 past 5 tricks)


CASES: tuple[Case, ...] = (
    Case("belote, 1-5 tricks left", "belote", 5, in_trick=True, up_to=True),
    Case("belote, 5 tricks left", "belote", 5),
    Case("belote, 6 tricks left", "belote", 6),
    Case("belote 8 tricks left (full deal)", "belote", 8, share=2),
    Case("tarot, 1-5 tricks left", "tarot", 5, in_trick=True, up_to=True),
    Case("tarot, 5 tricks left", "tarot", 5),
    Case("tarot, 6 tricks left", "tarot", 6),
    Case("tarot, 7 tricks left", "tarot", 7),
    Case("tarot, 8 tricks left", "tarot", 8),
    Case("briscola 2p, stock empty (3 tricks)", "briscola", 3, players=2),
    Case("briscola 4p, stock empty (3 tricks)", "briscola", 3, players=4),
    Case("briscola 2p, 2 draws to come (5 tricks, 6 orders)", "briscola", 5, 2, draws=2),
    Case("briscola 2p, 3 draws to come (6 tricks, 120 orders)", "briscola", 6, 2, draws=3),
    Case("briscola 2p, 4 draws to come (7 tricks, 120 of 5040)", "briscola", 7, 2, draws=4),
    Case("briscola 4p, 1 draw to come (4 tricks, 6 orders)", "briscola", 4, 4, draws=1),
)


def _quantiles(times: list[float]) -> tuple[float, float, float]:
    """(median, 90th percentile, max) in milliseconds."""
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return (
        round(statistics.median(times) * 1000, 2),
        round(p90 * 1000, 2),
        round(times[-1] * 1000, 2),
    )


def _measure(
    case: Case, positions: int, seed: int, solve_fn: Callable[[GameState], object]
) -> dict[str, object]:
    rng = random.Random(seed)
    times: list[float] = []
    cpu: list[float] = []
    unknown = 0
    for _ in range(positions):
        tricks = rng.randint(1, case.tricks_left) if case.up_to else case.tricks_left
        if case.draws:
            state = briscola_drawing_position(rng, case.draws, players=case.players)
        else:
            state = random_position(
                case.game, rng, tricks, players=case.players, ruleset=case.ruleset,
                in_trick=case.in_trick,
            )  # fmt: skip
        start, start_cpu = time.perf_counter(), time.process_time()
        try:
            solve_fn(state)
        except SolverBudgetExceeded:
            unknown += 1
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    median, p90, worst = _quantiles(times)
    cpu_median, cpu_p90, _ = _quantiles(cpu)
    return {
        "case": case.label,
        "positions": positions,
        "median_ms": median,
        "p90_ms": p90,
        "max_ms": worst,
        "cpu_median_ms": cpu_median,
        "cpu_p90_ms": cpu_p90,
        "unknown": unknown,
    }


def points_won(root: GameState, final: GameState) -> list[float]:
    """Card points each side won between ``root`` and ``final``, as the engine scores
    them (Belote's dix de der included)."""
    counted = SOLVER_COUNTS.of(root.game).tally
    if counted is not None:
        before, after = counted(root), counted(final)
        return [after[0] - before[0], after[1] - before[1]]
    out = [0.0, 0.0]
    new = final.tricks[len(root.tricks) :]
    for trick in new:
        out[final.team_of(trick.winner)] += trick.points
    if new and final.last_trick_bonus:
        out[final.team_of(new[-1].winner)] += final.last_trick_bonus
    return out


@dataclass(frozen=True)
class SolverCount:
    """How a game's side points are counted between two positions
    (``tutorial/tools/games/<game>.py`` sets it as ``SOLVER_COUNT``): by the game's own
    tally, or (None) as the sum of the tricks' points and the last trick's bonus."""

    tally: Callable[[GameState], tuple[float, ...]] | None


#: Each game's count, from its module of ``tutorial/tools/games``.
SOLVER_COUNTS = GameParts("tutorial.tools.games", SolverCount, "SOLVER_COUNT")


def minimax_value(root: GameState, state: GameState, side: int) -> float:
    """What ``side`` takes from ``root`` to the end when every seat plays its best from
    ``state``: a plain minimax over ``legal_plays``/``apply``, no pruning, no memory."""
    if state.is_terminal:
        return points_won(root, state)[side]
    assert state.to_move is not None
    values = [minimax_value(root, state.apply(card), side) for card in state.legal_plays()]
    return max(values) if state.team_of(state.to_move) == side else min(values)


def agree(count: int, seed: int) -> list[dict[str, object]]:
    """``solve`` against ``minimax_value`` on ``count`` positions with 1-3 tricks left per
    game and Briscola size: one row per game with the positions and the disagreements."""
    rows: list[dict[str, object]] = []
    for game, players in (("belote", 4), ("tarot", 4), ("briscola", 2), ("briscola", 4)):
        rng = random.Random(f"agree-{seed}-{game}-{players}")
        wrong = 0
        start = time.perf_counter()
        for _ in range(count):
            state = random_position(game, rng, rng.randint(1, 3), players=players)
            assert state.to_move is not None
            side = state.team_of(state.to_move)
            values = solve(state)
            legal = state.legal_plays()
            if set(values) != set(legal) or any(
                abs(values[c] - minimax_value(state, state.apply(c), side)) > 1e-9 for c in legal
            ):
                wrong += 1
        rows.append(
            {
                "game": f"{game} {players}p",
                "positions": count,
                "disagreements": wrong,
                "seconds": round(time.perf_counter() - start, 1),
            }
        )
    return rows


def main(argv: list[str]) -> int:
    """Run the bench; print a table (or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(prog="python -m tutorial bench-solver")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--positions", type=int, default=30, help="positions per line")
    parser.add_argument("--seed", type=int, default=1, help="the random seed")
    parser.add_argument("--only", default="", help="only the lines whose name has this text")
    parser.add_argument(
        "--agree", type=int, default=0, metavar="N",
        help="check solve against a plain minimax on N positions per game instead",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.agree:
        result = agree(args.agree, args.seed)
        print(json.dumps(result, indent=2))
        return 1 if any(r["disagreements"] for r in result) else 0
    rows = []
    for case in CASES:
        if args.only not in case.label:
            continue
        if case.share:
            count = max(5, args.positions // case.share)
        else:
            count = max(5, args.positions // 6) if case.tricks_left > 5 else args.positions

        def solve_fn(state: GameState, case: Case = case) -> object:
            if case.draws:
                return solve_expected(state, time_budget=30.0, node_budget=10**8)
            return solve(state, time_budget=30.0, node_budget=10**8)

        rows.append(_measure(case, count, args.seed, solve_fn))
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(
        f"{'position':52} {'n':>4} {'median ms':>10} {'p90 ms':>10} {'max ms':>10} "
        f"{'cpu median':>11} {'cpu p90':>10}"
    )
    for r in rows:
        print(
            f"{r['case']!s:52} {r['positions']!s:>4} {r['median_ms']!s:>10} "
            f"{r['p90_ms']!s:>10} {r['max_ms']!s:>10} {r['cpu_median_ms']!s:>11} "
            f"{r['cpu_p90_ms']!s:>10}"
        )
    return 0
