"""``python -m tutorial bench-coach``: how long the coach takes: the hint, the bid and
discard advice, the review of a whole hand, and the review of a class finishing its hands
in the same minute.

Printed (CPU time of this process, so the figures are those of a quiet machine give or
take the caches; every judgement is worked out afresh, its caches emptied):

- **hint**: ``hints.suggest`` at the learner's card decisions of practice hands of each
  game (the judge and the visible reason): median, p95 and max ms;
- **bid advice** and **discard advice**: ``bid_advice.advise_bid`` at the learner's
  bids, ``advise_discard_from`` at a Tarot discard;
- **review**: every decision of a whole hand reviewed as the background worker does
  (``practice.queue_review``'s jobs, run here one after the other): ms per decision, the
  hand's total, and the last decision's (what is left to do once the last card is
  played, when the worker has kept up); "Could I have won?" per hand, beside it;
- **class** (``--learners N``, wall-clock time): N learners each play one hand (every
  game in turn, or ``--game``'s) on the app's own background worker (``review_worker.shared_worker``'s
  executor, ``--workers`` processes), a decision every ``--pace`` seconds, their last
  decisions spread over one minute; for each learner, the seconds from their last
  decision until their whole review is done (every card, bid and discard), and until
  "Could I have won?" is done too: p50, p95 and max.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from tutorial.analysis import bid_advice, card_review, hints, judgement
from tutorial.course import practice, review_worker
from tutorial.course.practice import PracticeHand
from tutorial.course.review_worker import InlineExecutor, ReviewWorker

__all__ = ["main", "played_hands"]


def _clear_caches() -> None:
    """Every judgement and shown view worked out afresh."""
    judgement._JUDGED.clear()
    card_review._SHOWN.clear()


def played_hands(
    game: str, players: int, count: int, first_seed: int = 1
) -> list[list[PracticeHand]]:
    """``count`` practice hands against the beginners, played out (the learner playing as
    the beginner does), each as the hand after every action of the learner."""
    from tutorial.analysis import beginner

    out: list[list[PracticeHand]] = []
    seed = first_seed
    while len(out) < count:
        hand = practice.deal(game, players=players, seed=seed)
        seed += 1
        frames = []
        while not hand.finished:
            if hand.learner_to_move:
                hand = practice.try_action(hand, beginner.choose(hand.state))
                frames.append(hand)
            hand = practice.advance(hand)[0]
        if hand.played_out:
            frames.append(hand)
            out.append(frames)
    return out


def _pct(xs: list[float], q: float) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * (len(ys) - 1) + 0.5))]


def _row(xs: list[float]) -> dict[str, float]:
    """Median, p95 and max of ``xs`` (seconds) in ms."""
    if not xs:
        return {}
    return {
        "n": len(xs),
        "median_ms": round(1000 * statistics.median(xs), 1),
        "p95_ms": round(1000 * _pct(xs, 0.95), 1),
        "max_ms": round(1000 * max(xs), 1),
    }


def _cpu(fn: Callable[..., Any], *args: Any) -> float:
    """The CPU seconds of ``fn(*args)``, its judgements worked out afresh."""
    _clear_caches()
    began = time.process_time()
    fn(*args)
    return time.process_time() - began


def measure_hints(hands: list[list[PracticeHand]]) -> dict[str, float]:
    """The hint at each card decision of the learner with a choice."""
    times = []
    for frames in hands:
        for state in practice.history(frames[-1]):
            if state.phase == "play" and state.to_move == 0 and len(state.legal_plays()) > 1:
                times.append(_cpu(hints.suggest, state))
    return _row(times)


def measure_advice(hands: list[list[PracticeHand]]) -> tuple[dict[str, float], dict[str, float]]:
    """The bid advice at each bid of the learner, the discard advice at each discard."""
    bids, discards = [], []
    for frames in hands:
        hand = frames[-1]
        states = practice.history(hand)
        for i, move in enumerate(hand.moves):
            if move.seat != hand.learner:
                continue
            if move.before.phase == "bidding":
                earlier = [m.action for m in hand.moves[:i]]
                bids.append(_cpu(bid_advice.advise_bid, states[: i + 1], earlier))
            elif move.before.phase == "discard" and hand.moves[i - 1].before.phase != "discard":
                discards.append(_cpu(bid_advice.advise_discard_from, move.before))
    return _row(bids), _row(discards)


class _TimedWorker(ReviewWorker):
    """A worker that runs each job as it is queued and keeps its CPU seconds."""

    def __init__(self, executor: InlineExecutor) -> None:
        super().__init__(executor)
        self.times: list[tuple[int, float]] = []  # (item, CPU seconds), in order

    def queue(self, hand: Any, item: int, fn: Any, *args: Any, **kwargs: Any) -> bool:
        """Run the job now (see ``ReviewWorker.queue``), timing it."""
        began = time.process_time()
        queued = super().queue(hand, item, fn, *args, **kwargs)
        if queued:
            self.times.append((item, time.process_time() - began))
        return queued


def measure_reviews(hands: list[list[PracticeHand]]) -> dict[str, Any]:
    """Every decision of each hand reviewed one after the other, as the worker does."""
    per_item: list[float] = []
    totals: list[float] = []
    last: list[float] = []
    could: list[float] = []
    for frames in hands:
        _clear_caches()
        worker = _TimedWorker(InlineExecutor())
        for hand in frames:
            practice.queue_review(hand, worker)
        decided = [sec for item, sec in worker.times if item >= 0]  # cards, bids, discard
        per_item.extend(decided)
        totals.append(sum(decided))
        last.append(decided[-1] if decided else 0.0)
        could.append(sum(sec for item, sec in worker.times if item < 0))
    return {
        "per decision": _row(per_item),
        "per hand": _row(totals),
        "the last decision": _row(last),
        "could I have won, per hand": _row(could),
    }


def measure_class(learners: int, pace: float, workers: int, game: str = "") -> dict[str, Any]:
    """``learners`` hands reviewed on the app's worker as they are played (see the
    module's docstring; ``game``: every learner plays that game, else each in turn); the
    seconds from each learner's last decision to their review complete."""
    variants = [v for v in practice.VARIANTS if not game or game in (v[0], f"{v[0]}-{v[1]}")]
    per_variant = -(-learners // len(variants))
    pools = {v: played_hands(v[0], v[1], per_variant, first_seed=101) for v in variants}
    plans: list[list[PracticeHand]] = []
    for i in range(learners):
        variant = variants[i % len(variants)]
        plans.append(pools[variant][i // len(variants)])
    executor = review_worker.server_executor(workers)
    worker = ReviewWorker(executor, max_hands=max(review_worker.MAX_HANDS, 2 * learners))
    # Learner i's last decision at 60 * i / learners seconds (from the first hand's end),
    # each decision ``pace`` seconds after the one before.
    span = max(len(p) for p in plans) * pace
    events: list[tuple[float, int, PracticeHand]] = []
    for i, frames in enumerate(plans):
        end = span + 60.0 * i / learners
        for k, hand in enumerate(frames):
            events.append((end - (len(frames) - 1 - k) * pace, i, hand))
    events.sort(key=lambda e: e[0])
    last_at = {i: max(t for t, j, _ in events if j == i) for i in range(learners)}
    done_at: dict[int, float] = {}
    could_at: dict[int, float] = {}
    began = time.perf_counter()
    pending = list(events)
    while len(could_at) < learners:
        now = time.perf_counter() - began
        while pending and pending[0][0] <= now:
            _, i, hand = pending.pop(0)
            practice.queue_review(hand, worker)
        for i, frames in enumerate(plans):
            if i in could_at or now < last_at[i]:
                continue
            progress = practice.review_progress(frames[-1], worker)
            if progress.complete and i not in done_at:
                done_at[i] = now
            if progress.complete and not progress.best_pending:
                could_at[i] = now
        time.sleep(0.05)
    executor.shutdown(wait=True, cancel_futures=True)
    delays = [done_at[i] - last_at[i] for i in range(learners)]
    could = [could_at[i] - last_at[i] for i in range(learners)]
    return {
        "learners": learners,
        "game": game or "all",
        "workers": workers,
        "pace_s": pace,
        "review_p50_s": round(statistics.median(delays), 2),
        "review_p95_s": round(_pct(delays, 0.95), 2),
        "review_max_s": round(max(delays), 2),
        "could_p50_s": round(statistics.median(could), 2),
        "could_p95_s": round(_pct(could, 0.95), 2),
        "could_max_s": round(max(could), 2),
    }


def main(argv: list[str]) -> int:
    """Run the bench; print a table (or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(prog="python -m tutorial bench-coach")
    parser.add_argument("--hands", type=int, default=4, help="hands per game")
    parser.add_argument("--learners", type=int, default=0, help="a class of N learners")
    parser.add_argument("--pace", type=float, default=4.0, help="seconds between decisions")
    parser.add_argument(
        "--workers", type=int, default=0, help="review processes (0: the app's own number)"
    )
    parser.add_argument("--game", default="", help="the class plays this game (e.g. tarot-4)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    rows: dict[str, Any] = {"deals": judgement.DEALS}
    for game, players in practice.VARIANTS if args.hands > 0 else []:
        hands = played_hands(game, players, args.hands)
        label = f"{game}-{players}"
        bids, discards = measure_advice(hands)
        rows[label] = {
            "hint": measure_hints(hands),
            "bid_advice": bids,
            "discard_advice": discards,
            "review": measure_reviews(hands),
        }
        if not args.json:
            r = rows[label]
            print(f"{label}: hint {r['hint']}", flush=True)
            if bids:
                print(f"  bid advice {bids}", flush=True)
            if discards:
                print(f"  discard advice {discards}", flush=True)
            for k, v in r["review"].items():
                print(f"  review, {k}: {v}", flush=True)
    if args.learners > 0:
        workers = args.workers or review_worker.REVIEW_PROCESSES
        rows["class"] = measure_class(args.learners, args.pace, workers, args.game)
        if not args.json:
            print(f"class: {rows['class']}", flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
