"""``python -m tutorial bench-players``: how strong the strong computer player is, and how
long it takes per move.

For each game (Belote, Tarot, Briscola 2 and 4 players) and each opponent (the beginner
player, random legal play), hands are dealt from ``random.Random(seed)``; the side of
seat 0 (Belote and Briscola 4p: seats 0 and 2; Tarot: seat 0 alone when it takes, the
three defenders when it defends, once the bidding has made the sides) plays with the
strong player's cards, the other seats with the opponent's actions. Bids, discards and
declarations of the strong side are the beginner's, so both runs of a deal have the
same sides (``--strong-bids``: the strong side bids and lays its Tarot discard as the
strong player does, by the bidding and discard advice). The same deal is played again with the beginner in the strong side's
seats: the difference is what the strong player's card play gains over the beginner's,
deal for deal, given with its standard error.

Figures per line: hands, average card points per hand of the strong side (Belote: dix
de der included, out of 162; Tarot: out of 91; Briscola: out of 120) and with the
beginner in its seats, the paired gain ± its standard error; the same for the hand's
score (Belote: the side's score with the contract; Tarot: seat 0's payment; Briscola:
card points); Tarot lines split by seat 0's role; move times (median, 95th percentile)
in wall-clock and CPU time; with ``--strong-bids``, the CPU time of the strong side's
bids and discard cards too (``bid_cpu``, one figure per decision).

The strong player runs at the app's setting by default (``judgement.DEALS`` deals a
move; ``--deals N`` for another number): it reads no clock, so the same deals give the
same figures on a quiet machine or a loaded one (the move times printed are the
machine's). ``--jobs N`` plays the deals in N processes. ``--moves N`` times N moves at
the app's setting.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

from tutorial.analysis import beginner, judgement, player
from tutorial.engine.contract import GameState
from tutorial.engine.games import new_hand, player_counts


@dataclass(frozen=True)
class Config:
    """One game of the bench."""

    label: str
    game: str
    players: int = 4

    def deal(self, rng: random.Random) -> GameState:
        """A fresh hand of this game."""
        several = len(player_counts(self.game)) > 1
        kw: dict[str, Any] = {"players": self.players} if several else {}
        return new_hand(self.game, rng=rng, **kw)


CONFIGS: tuple[Config, ...] = (
    Config("belote", "belote"),
    Config("tarot", "tarot"),
    Config("briscola-2p", "briscola", 2),
    Config("briscola-4p", "briscola", 4),
)

Policy = Callable[[GameState], Any]

#: The phases outside the card play where ``--strong-bids`` has the strong side decide as
#: the strong player: its bids and its Tarot discard.
STRONG_BID_PHASES = frozenset({"bidding", "discard"})


def strong_seats(state: GameState) -> frozenset[int]:
    """The seats of seat 0's side (Tarot: empty until the bidding has made the sides)."""
    n = state.num_players
    if not state.sides_known:
        return frozenset()
    return frozenset(s for s in range(n) if state.team_of(s) == state.team_of(0))


def side_points(state: GameState) -> tuple[float, float]:
    """(card points, hand score) of seat 0's side in a finished hand."""
    return _SIDE_POINTS_OF_GAME.get(state.game, _briscola_side_points)(state)


def _belote_side_points(state: GameState) -> tuple[float, float]:
    """Belote: the team's tricks and dix de der; its total (none after a redeal)."""
    out = state.outcome()
    team = state.team_of(0)
    pts = sum(tr.points for tr in state.tricks if state.team_of(tr.winner) == team)
    if state.tricks and state.team_of(state.tricks[-1].winner) == team:
        pts += 10  # dix de der
    if not state.tricks:
        return 0.0, 0.0
    return float(pts), float(out.totals[f"team{team}"])


def _tarot_side_points(state: GameState) -> tuple[float, float]:
    """Tarot: the points of seat 0's side as the score counts them; seat 0's total."""
    out = state.outcome()
    if not state.tricks:
        return 0.0, float(out.totals.get("seat 0", 0.0))
    taker_side = state.team_of(0) == 0
    pts = out.details["points"] if taker_side else out.details["defence_points"]
    return float(pts), float(out.totals["seat 0"])


def _briscola_side_points(state: GameState) -> tuple[float, float]:
    """Briscola: side A's card points are its score."""
    out = state.outcome()
    return float(out.totals["A"]), float(out.totals["A"])


#: How each game's finished hand reads for seat 0's side (its outcome's own keys).
_SIDE_POINTS_OF_GAME: dict[str, Callable[[GameState], tuple[float, float]]] = {
    "belote": _belote_side_points,
    "tarot": _tarot_side_points,
    "briscola": _briscola_side_points,
}


def play(
    state: GameState, ours: Policy, theirs: Policy, times: list[float] | None = None
) -> GameState:
    """Play a hand to the end: ``ours`` in seat 0's side, ``theirs`` elsewhere."""
    while not state.is_terminal:
        seat = state.to_move
        assert seat is not None
        if seat == 0 or seat in strong_seats(state):  # seat 0 before the sides are made
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


def _strong_policy(rng: random.Random, deals: int) -> Policy:
    def pick(state: GameState) -> Any:
        return player.choose(state, "strong", rng, deals=deals)

    return pick


def _pct(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def _mean_se(values: list[float]) -> tuple[float | None, float | None]:
    """The mean and its standard error (None when too few values)."""
    if not values:
        return None, None
    mean = statistics.fmean(values)
    if len(values) < 2:
        return round(mean, 2), None
    return round(mean, 2), round(statistics.stdev(values) / len(values) ** 0.5, 2)


@dataclass(frozen=True)
class HandResult:
    """One deal played twice: the strong side, then the beginner in its seats."""

    points: float
    score: float
    base_points: float
    base_score: float
    role: str  # Tarot: "taker" or "defence" for seat 0's side; else ""
    wall: tuple[float, ...]  # seconds per strong card choice (wall clock)
    cpu: tuple[float, ...]  # seconds per strong card choice (this process's CPU time)
    bid_cpu: tuple[float, ...] = ()  # seconds per strong bid or discard card (CPU time)


def play_deal(
    config: Config,
    opponent: str,
    index: int,
    seed: int,
    deals: int,
    strong_bids: bool = False,
) -> HandResult:
    """Deal number ``index`` of the bench, played by the strong side and by the
    beginner in its seats, against the same opponent (the same random stream). The
    strong side bids, discards and declares by the beginner's rules, unless
    ``strong_bids``: then it bids and lays its Tarot discard as the strong player does
    (the two runs of a deal may then have different sides)."""
    deal = config.deal(random.Random(f"{seed}-{config.label}-{index}"))
    wall: list[float] = []
    cpu: list[float] = []
    bid_cpu: list[float] = []

    def timed(state: GameState) -> Any:
        if state.phase != "play" and not (strong_bids and state.phase in STRONG_BID_PHASES):
            return beginner.choose(state)
        began, began_cpu = time.perf_counter(), time.process_time()
        action = player.choose(state, "strong", strong_rng, deals=deals)
        if state.phase == "play":
            wall.append(time.perf_counter() - began)
            cpu.append(time.process_time() - began_cpu)
        else:
            bid_cpu.append(time.process_time() - began_cpu)
        return action

    strong_rng = random.Random(index)
    rows: list[tuple[float, float]] = []
    role = ""
    for ours in (timed, beginner.choose):
        theirs = beginner.choose if opponent == "beginner" else _random_policy(random.Random(index))
        end = play(deal, ours, theirs)
        rows.append(side_points(end))
        taker = end.taker
        if end.bidding_makes_sides and taker is not None:
            role = "taker" if end.team_of(0) == end.team_of(taker) else "defence"
    (pts, score), (bpts, bscore) = rows
    return HandResult(pts, score, bpts, bscore, role, tuple(wall), tuple(cpu), tuple(bid_cpu))


def _play_deal_args(args: tuple[Config, str, int, int, int, bool]) -> HandResult:
    return play_deal(*args)


def measure(
    config: Config,
    opponent: str,
    hands: int,
    seed: int,
    deals: int,
    jobs: int = 1,
    strong_bids: bool = False,
    hand_log: TextIO | None = None,
) -> dict[str, Any]:
    """One line: the strong side against ``opponent`` (``beginner`` or ``random``), each
    deal replayed with the beginner in the strong side's seats; ``jobs`` processes;
    ``strong_bids``: the strong side bids as the strong player (see ``play_deal``);
    ``hand_log``: each deal's result written there as a JSON line as soon as it is played."""
    began = time.perf_counter()
    tasks = [(config, opponent, i, seed, deals, strong_bids) for i in range(hands)]
    results: list[HandResult] = []

    def keep(index: int, result: HandResult) -> None:
        results.append(result)
        if hand_log is not None:
            row = {"game": config.label, "opponent": opponent, "deal": index}
            hand_log.write(json.dumps(row | dataclasses.asdict(result)) + "\n")
            hand_log.flush()

    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for i, result in enumerate(pool.imap(_play_deal_args, tasks, chunksize=1)):
                keep(i, result)
    else:
        for i, task in enumerate(tasks):
            keep(i, play_deal(*task))
    return summarize(config.label, opponent, results, deals) | {
        "strong_bids": strong_bids,
        "jobs": jobs,
        "seconds": round(time.perf_counter() - began, 1),
    }


def summarize(label: str, opponent: str, results: list[HandResult], deals: int) -> dict[str, Any]:
    """The figures of one line from its hands (see the module's docstring)."""
    gain, gain_se = _mean_se([r.points - r.base_points for r in results])
    sgain, sgain_se = _mean_se([r.score - r.base_score for r in results])
    wall = [t for r in results for t in r.wall]
    cpu = [t for r in results for t in r.cpu]
    row: dict[str, Any] = {
        "game": label,
        "opponent": opponent,
        "hands": len(results),
        "strong_points": _mean_se([r.points for r in results])[0],
        "beginner_points": _mean_se([r.base_points for r in results])[0],
        "gain": gain,
        "gain_se": gain_se,
        "strong_score": _mean_se([r.score for r in results])[0],
        "beginner_score": _mean_se([r.base_score for r in results])[0],
        "score_gain": sgain,
        "score_gain_se": sgain_se,
        "move_median_ms": round(statistics.median(wall) * 1000, 1) if wall else None,
        "move_p95_ms": round(_pct(wall, 0.95) * 1000, 1) if wall else None,
        "cpu_median_ms": round(statistics.median(cpu) * 1000, 1) if cpu else None,
        "cpu_p95_ms": round(_pct(cpu, 0.95) * 1000, 1) if cpu else None,
        "deals": deals,
    }
    bid_cpu = [t for r in results for t in r.bid_cpu]
    if bid_cpu:
        row["bid_cpu_median_ms"] = round(statistics.median(bid_cpu) * 1000, 1)
        row["bid_cpu_p95_ms"] = round(_pct(bid_cpu, 0.95) * 1000, 1)
        row["bid_cpu_max_ms"] = round(max(bid_cpu) * 1000, 1)
    roles = sorted({r.role for r in results if r.role})
    if roles:
        row["by_role"] = {
            role: {
                "hands": len(sub),
                "gain": _mean_se([r.points - r.base_points for r in sub]),
                "score_gain": _mean_se([r.score - r.base_score for r in sub]),
            }
            for role in roles
            for sub in [[r for r in results if r.role == role]]
        }
    return row


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
        strong = _strong_policy(rng, judgement.DEALS)
        play(state, strong, beginner.choose, mine)
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


def _line(row: dict[str, Any]) -> str:
    text = (
        f"{row['game']:12} vs {row['opponent']:8} hands {row['hands']:5}  "
        f"points {row['strong_points']} vs {row['beginner_points']}: "
        f"gain {row['gain']:+} ± {row['gain_se']}  "
        f"score {row['strong_score']} vs {row['beginner_score']}: "
        f"gain {row['score_gain']:+} ± {row['score_gain_se']}  "
        f"move median {row['move_median_ms']} ms p95 {row['move_p95_ms']} ms "
        f"(CPU {row['cpu_median_ms']} / {row['cpu_p95_ms']} ms)  ({row['seconds']} s)"
    )
    if "bid_cpu_median_ms" in row:
        text += (
            f"\n    bids and discard cards: CPU median {row['bid_cpu_median_ms']} ms, "
            f"p95 {row['bid_cpu_p95_ms']} ms, max {row['bid_cpu_max_ms']} ms"
        )
    for role, sub in row.get("by_role", {}).items():
        (g, gse), (sg, sgse) = sub["gain"], sub["score_gain"]
        text += f"\n    seat 0 {role}: {sub['hands']} hands, gain {g} ± {gse}, score {sg} ± {sgse}"
    return text


def main(argv: list[str]) -> int:
    """Run the bench; print a table (or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(prog="python -m tutorial bench-players")
    parser.add_argument("--hands", type=int, default=20, help="hands per game and opponent")
    parser.add_argument("--game", default="", help="one of " + ", ".join(c.label for c in CONFIGS))
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--seed", type=int, default=1, help="the random seed")
    parser.add_argument("--deals", type=int, default=judgement.DEALS, help="deals per strong move")
    parser.add_argument("--jobs", type=int, default=1, help="processes (one per core)")
    parser.add_argument("--moves", type=int, default=0, help="time N moves at the full setting")
    parser.add_argument("--opponents", default="beginner,random", help="comma-separated")
    parser.add_argument(
        "--hand-log",
        default="",
        help="a file to append each deal's result to, one JSON line per deal, as it is played",
    )
    parser.add_argument(
        "--strong-bids",
        action="store_true",
        help="the strong side bids and lays its Tarot discard as the strong player (by the "
        "bidding and discard advice) instead of by the beginner's rules",
    )
    args = parser.parse_args(argv)
    configs = [c for c in CONFIGS if not args.game or c.label == args.game or c.game == args.game]
    if not configs:
        print(f"unknown game {args.game!r}", file=sys.stderr)
        return 2
    rows: list[dict[str, Any]] = []
    try:
        log = open(args.hand_log, "a", encoding="utf-8") if args.hand_log else None  # noqa: SIM115
    except OSError as err:
        print(f"cannot write the hand log {args.hand_log!r}: {err.strerror}", file=sys.stderr)
        return 2
    try:
        for config in configs if args.hands > 0 else []:
            for opponent in [o for o in args.opponents.split(",") if o]:
                row = measure(
                    config, opponent, args.hands, args.seed, args.deals,
                    args.jobs, args.strong_bids, log,
                )  # fmt: skip
                rows.append(row)
                if not args.json:
                    print(_line(row), flush=True)
    finally:
        if log is not None:
            log.close()
    moves = measure_moves(configs, args.moves, args.seed) if args.moves > 0 else None
    if args.json:
        print(json.dumps({"strength": rows, "moves": moves}, indent=2))
    elif moves is not None:
        print(
            f"--moves: {moves['moves']} strong moves at the full setting "
            f"({judgement.DEALS} deals): median "
            f"{moves['median_ms']} ms, p95 {moves['p95_ms']} ms, max {moves['max_ms']} ms"
        )
        for k, v in moves["per_game"].items():
            print(
                f"  {k:12} {v['moves']:5} moves  median {v['median_ms']} ms  p95 {v['p95_ms']} ms"
            )
    return 0
