"""``python -m tutorial bench``: hands per second for each game, printed, never asserted.

Two figures per game: ``playout`` (the engine's public fast playout, the path used for
hints and practice games) and ``state-api`` (the plain state machine, one
``legal_actions``/``apply`` per step, bids and discard included), each beside its
target. The state API's targets are twice the engines learners could use
instead (belote-cli 728, magmacrunch-tarot 1,046, briscola-gym 3,415 hands/s).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from tutorial.engine.games import game_info, player_counts, random_hand

#: The targets in hands per second, per game and path (the fast playout; the state API:
#: random legal full hands).
GOALS = {
    "belote": {"playout": 10_000, "state-api": 1_500},
    "tarot": {"playout": 3_600, "state-api": 2_100},
    "briscola": {"playout": 15_000, "state-api": 6_800},
}


@dataclass
class Figure:
    """One measured rate."""

    game: str
    path: str
    hands: int
    seconds: float

    @property
    def per_second(self) -> float:
        """Hands per second."""
        return self.hands / self.seconds if self.seconds else float("inf")


def goal(figure: Figure) -> int | None:
    """The target of a figure's game and path, if it has one."""
    return GOALS.get(figure.game, {}).get(figure.path)


def _time(fn: Callable[[random.Random], object], seconds: float, seed: int) -> tuple[int, float]:
    rng = random.Random(seed)
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(20):
            fn(rng)
        n += 20
        now = time.perf_counter()
        if now >= deadline:
            return n, now - start


def run(
    seconds: float = 2.0, games: tuple[str, ...] = ("belote", "tarot", "briscola")
) -> list[Figure]:
    """Measure every game on both paths for about ``seconds`` each."""
    out: list[Figure] = []
    for game in games:
        playout: Callable[..., object] = game_info(game).playout
        n, dt = _time(playout, seconds, 1)
        out.append(Figure(game, "playout", n, dt))
        n, dt = _time(partial(random_hand, game), seconds, 2)
        out.append(Figure(game, "state-api", n, dt))
        for players in player_counts(game)[1:]:  # the other tables (Briscola at four)
            n, dt = _time(partial(playout, players=players), seconds, 3)
            out.append(Figure(f"{game}-{players}p", "playout", n, dt))
    return out


def main(argv: list[str]) -> int:
    """Print the figures (``--json`` for machine-readable, ``--seconds N``)."""
    as_json = "--json" in argv
    seconds = 2.0
    if "--seconds" in argv:
        seconds = float(argv[argv.index("--seconds") + 1])
    figures = run(seconds)
    if as_json:
        print(
            json.dumps(
                [
                    {
                        "game": f.game,
                        "path": f.path,
                        "hands": f.hands,
                        "seconds": round(f.seconds, 3),
                        "hands_per_second": round(f.per_second, 1),
                        "goal": goal(f),
                    }
                    for f in figures
                ],
                indent=2,
            )
        )
    else:
        print(f"{'game':<12} {'path':<10} {'hands/s':>10} {'goal':>8}")
        for f in figures:
            target = goal(f)
            shown = f"{target:,}" if target else ""
            print(f"{f.game:<12} {f.path:<10} {f.per_second:>10,.0f} {shown:>8}")
    return 0
