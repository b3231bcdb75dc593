"""``python -m tutorial bench-players``: how strong the strong computer player is, and how
long it takes per move.

For each game (Belote, Tarot, Briscola 2 and 4 players) and each opponent (the beginner
player, random legal play), hands are dealt from ``random.Random(seed)``; the side of
seat 0 (Belote and Briscola 4p: seats 0 and 2; Tarot: seat 0's side once the bidding
has made the sides) plays with the strong player's cards, the other seats with the
opponent's actions. Bids, discards and declarations of the strong side are the
beginner's. The same deal is played again with the beginner in the strong side's
seats: the difference is what the strong player's card play gains over the beginner's,
deal for deal.

Figures per line: hands, average card points per hand of the strong side (Belote: dix
de der included, out of 162; Tarot: out of 91; Briscola: out of 120), the same with
the beginner in its seats, the difference, and the average hand score of the side
(Belote: the score with the contract; Tarot: seat 0's payment; Briscola: card points).

The strength lines use a cheap setting of the strong player by default (``--samples``
deals, ``--move-time`` seconds per move); ``--moves N`` times N moves at the default
(full) setting, the one the Practice page uses.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tutorial.analysis import player
from tutorial.engine import bots
from tutorial.engine.core import GameState
from tutorial.engine.games import new_hand


@dataclass(frozen=True)
class Config:
    """One game of the bench."""

    label: str
    game: str
    players: int = 4

    def deal(self, rng: random.Random) -> GameState:
        """A fresh hand of this game."""
        kw: dict[str, Any] = {"players": self.players} if self.game == "briscola" else {}
        return new_hand(self.game, rng=rng, **kw)


CONFIGS: tuple[Config, ...] = (
    Config("belote", "belote"),
    Config("tarot", "tarot"),
    Config("briscola-2p", "briscola", 2),
    Config("briscola-4p", "briscola", 4),
)

Policy = Callable[[GameState], Any]


def strong_seats(state: GameState) -> frozenset[int]:
    """The seats of seat 0's side (Tarot: empty until the bidding has made the sides)."""
    n = state.num_players
    if state.game == "tarot" and getattr(state, "taker", None) is None:
        return frozenset()
    return frozenset(s for s in range(n) if state.team_of(s) == state.team_of(0))


def side_points(state: GameState) -> tuple[float, float]:
    """(card points, hand score) of seat 0's side in a finished hand."""
    out = state.outcome()
    if state.game == "belote":
        team = state.team_of(0)
        pts = sum(tr.points for tr in state.tricks if state.team_of(tr.winner) == team)
        if state.tricks and state.team_of(state.tricks[-1].winner) == team:
            pts += 10  # dix de der
        if not state.tricks:
            return 0.0, 0.0
        return float(pts), float(out.totals[f"team{team}"])
    if state.game == "tarot":
        if not state.tricks:
            return 0.0, float(out.totals.get("seat 0", 0.0))
        taker_side = state.team_of(0) == 0
        pts = out.details["points"] if taker_side else out.details["defence_points"]
        return float(pts), float(out.totals["seat 0"])
    return float(out.totals["A"]), float(out.totals["A"])


def play(
    state: GameState, ours: Policy, theirs: Policy, times: list[float] | None = None
) -> GameState:
    """Play a hand to the end: ``ours`` in seat 0's side, ``theirs`` elsewhere."""
    while not state.is_terminal:
        seat = state.to_move
        assert seat is not None
        if seat in strong_seats(state) or (seat == 0 and state.game == "tarot"):
            began = time.perf_counter()
            action = ours(state)
            if times is not None and state.phase == "play":
                times.append(time.perf_counter() - began)
        else:
            action = theirs(state)
        state = state.apply(action)
    return state


def _random_policy(rng: random.Random) -> Policy:
    def pick(state: GameState) -> Any:
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]

    return pick


def _strong_policy(rng: random.Random, samples: int, move_time: float) -> Policy:
    def pick(state: GameState) -> Any:
        return player.choose(state, "strong", rng, samples=samples, time_budget=move_time)

    return pick


def _pct(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def measure(
    config: Config,
    opponent: str,
    hands: int,
    seed: int,
    samples: int,
    move_time: float,
) -> dict[str, Any]:
    """One line: the strong side against ``opponent`` (``beginner`` or ``random``)."""
    strong: list[float] = []
    base: list[float] = []
    scores: list[float] = []
    base_scores: list[float] = []
    times: list[float] = []
    began = time.perf_counter()
    for i in range(hands):
        deal = config.deal(random.Random(f"{seed}-{config.label}-{i}"))
        for ours, out_pts, out_scores in (
            (_strong_policy(random.Random(i), samples, move_time), strong, scores),
            (bots.choose, base, base_scores),
        ):
            theirs = bots.choose if opponent == "beginner" else _random_policy(random.Random(i))
            end = play(deal, ours, theirs, times if out_pts is strong else None)
            pts, score = side_points(end)
            out_pts.append(pts)
            out_scores.append(score)
    return {
        "game": config.label,
        "opponent": opponent,
        "hands": hands,
        "strong_points": round(statistics.fmean(strong), 2) if strong else None,
        "beginner_points": round(statistics.fmean(base), 2) if base else None,
        "gain": round(statistics.fmean(strong) - statistics.fmean(base), 2) if base else None,
        "gain_stdev_of_mean": round(
            statistics.stdev([a - b for a, b in zip(strong, base, strict=True)]) / hands**0.5, 2
        )
        if hands > 1
        else None,
        "strong_score": round(statistics.fmean(scores), 2) if scores else None,
        "beginner_score": round(statistics.fmean(base_scores), 2) if base_scores else None,
        "move_median_ms": round(statistics.median(times) * 1000, 1) if times else None,
        "move_p95_ms": round(_pct(times, 0.95) * 1000, 1) if times else None,
        "samples": samples,
        "move_time_s": move_time,
        "seconds": round(time.perf_counter() - began, 1),
    }


def measure_moves(configs: list[Config], moves: int, seed: int) -> dict[str, Any]:
    """Time ``moves`` strong card choices at the default setting, spread over games."""
    times: list[float] = []
    per: dict[str, list[float]] = {}
    rng = random.Random(seed)
    i = 0
    while len(times) < moves:
        config = configs[i % len(configs)]
        i += 1
        state = config.deal(rng)
        mine: list[float] = []
        strong = _strong_policy(rng, player.DEFAULT_SAMPLES, player.DEFAULT_MOVE_TIME)
        play(state, strong, bots.choose, mine)
        times.extend(mine)
        per.setdefault(config.label, []).extend(mine)
    row: dict[str, Any] = {
        "moves": len(times),
        "median_ms": round(statistics.median(times) * 1000, 1),
        "p95_ms": round(_pct(times, 0.95) * 1000, 1),
        "max_ms": round(max(times) * 1000, 1),
    }
    row["per_game"] = {
        k: {"moves": len(v), "median_ms": round(statistics.median(v) * 1000, 1),
            "p95_ms": round(_pct(v, 0.95) * 1000, 1)}
        for k, v in per.items()
    }  # fmt: skip
    return row


def main(argv: list[str]) -> int:
    """Run the bench; print a table (or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(prog="python -m tutorial bench-players")
    parser.add_argument("--hands", type=int, default=20, help="hands per game and opponent")
    parser.add_argument("--game", default="", help="one of " + ", ".join(c.label for c in CONFIGS))
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--seed", type=int, default=1, help="the random seed")
    parser.add_argument("--samples", type=int, default=6, help="deals per strong move")
    parser.add_argument("--move-time", type=float, default=0.05, help="seconds per strong move")
    parser.add_argument("--moves", type=int, default=0, help="time N moves at the full setting")
    parser.add_argument("--opponents", default="beginner,random", help="comma-separated")
    args = parser.parse_args(argv)
    configs = [c for c in CONFIGS if not args.game or c.label == args.game or c.game == args.game]
    if not configs:
        print(f"unknown game {args.game!r}", file=sys.stderr)
        return 2
    rows: list[dict[str, Any]] = []
    if args.hands > 0:
        for config in configs:
            for opponent in [o for o in args.opponents.split(",") if o]:
                row = measure(config, opponent, args.hands, args.seed, args.samples, args.move_time)
                rows.append(row)
                if not args.json:
                    print(
                        f"{row['game']:12} vs {row['opponent']:8} hands {row['hands']:5}  "
                        f"strong {row['strong_points']:7} beginner {row['beginner_points']:7} "
                        f"gain {row['gain']:+7} (±{row['gain_stdev_of_mean']})  "
                        f"score {row['strong_score']} vs {row['beginner_score']}  "
                        f"move median {row['move_median_ms']} ms p95 {row['move_p95_ms']} ms  "
                        f"({row['seconds']} s)",
                        flush=True,
                    )
    moves = measure_moves(configs, args.moves, args.seed) if args.moves > 0 else None
    if args.json:
        print(json.dumps({"strength": rows, "moves": moves}, indent=2))
    elif moves is not None:
        print(
            f"--moves: {moves['moves']} strong moves at the full setting "
            f"({player.DEFAULT_SAMPLES} deals, {player.DEFAULT_MOVE_TIME} s): median "
            f"{moves['median_ms']} ms, p95 {moves['p95_ms']} ms, max {moves['max_ms']} ms"
        )
        for k, v in moves["per_game"].items():
            print(
                f"  {k:12} {v['moves']:5} moves  median {v['median_ms']} ms  p95 {v['p95_ms']} ms"
            )
    return 0
