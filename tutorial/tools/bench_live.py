"""``python -m tutorial bench-classes --live``: a live class's figures on one database.

A class of learners takes its places in a live session; then, for several steps:

- the teacher opens the question while every learner's page polls the session's row
  every ``every_ms`` (threads, each starting at its own moment within the period, as
  browsers do): the time from the teacher's "open" to each learner's poll seeing it;
- every learner answers at once (a barrier): each answer's time, and, on a board polling
  at the same period, the time from each answer to the board's count holding it;
- the teacher reveals: the time to each learner's poll seeing it.

Before that, the poll read alone (one after the other). The bench's class is deleted at
the end. These are the figures the pages' periods are chosen from; no test asserts them.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial

from sqlalchemy import Engine

from tutorial.classes.live import LiveClass, LivePoll
from tutorial.classes.store import open_store

#: The answers the bench's learners choose among.
CARDS = ("9H", "AS", "KC", "TD")


@dataclass(frozen=True)
class LiveFigures:
    """What one run of the live bench measured (milliseconds)."""

    database: str
    learners: int
    rounds: int
    every_ms: int
    poll_p50_ms: float
    poll_p95_ms: float
    answer_p50_ms: float
    answer_p95_ms: float
    open_seen_p50_ms: float
    open_seen_p95_ms: float
    count_seen_p50_ms: float
    count_seen_p95_ms: float
    reveal_seen_p50_ms: float
    reveal_seen_p95_ms: float


def quantile_ms(times: list[float], q: float) -> float:
    """The ``q`` quantile of times in seconds, in milliseconds (NaN for no times)."""
    ordered = sorted(times)
    if not ordered:
        return float("nan")
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


def _watch(
    live: LiveClass,
    key: str,
    seen: Callable[[LivePoll], bool],
    every: float,
    offset: float,
    timer: Callable[[], float],
    stop: threading.Event,
) -> float | None:
    """Poll every ``every`` seconds (first after ``offset``) until ``seen``: when it was seen."""
    if stop.wait(offset):
        return None
    while not stop.is_set():
        poll = live.poll(key)
        if seen(poll):
            return timer()
        stop.wait(every)
    return None


def _all_see(
    live: LiveClass,
    key: str,
    seen: Callable[[LivePoll], bool],
    act: Callable[[], object],
    *,
    pollers: int,
    every: float,
    timer: Callable[[], float],
    rng: random.Random,
) -> list[float]:
    """Start ``pollers`` pages polling, do ``act``: each page's delay from the act to seeing it."""
    stop = threading.Event()
    offsets = [rng.uniform(0, every) for _ in range(pollers)]
    with ThreadPoolExecutor(max_workers=pollers) as pool:
        futures = [
            pool.submit(_watch, live, key, seen, every, offset, timer, stop) for offset in offsets
        ]
        time.sleep(every)  # every page is polling before the act
        began = timer()
        act()
        times = [f.result(timeout=60) for f in futures]
    return [t - began for t in times if t is not None]


def _at(step: int, state: str) -> Callable[[LivePoll], bool]:
    """Whether a poll shows the session at ``step`` in ``state``."""

    def seen(poll: LivePoll) -> bool:
        return poll.step == step and poll.state == state

    return seen


def measure_live(
    engine: Engine,
    *,
    learners_n: int = 30,
    rounds: int = 5,
    polls: int = 300,
    every_ms: int = 1000,
    timer: Callable[[], float] = time.perf_counter,
    seed: int = 1,
) -> LiveFigures:
    """Run a live class on ``engine`` (its schema brought up to date) and measure it."""
    store = open_store(engine)
    live = LiveClass(store)
    made = store.create_class("Live bench class")
    secret = made.teacher_secret
    rng = random.Random(seed)
    every = every_ms / 1000
    try:
        learners = [
            store.join(made.join_code, f"Learner {i}", f"live-bench-{i}") for i in range(learners_n)
        ]
        session = live.start(secret, "scenario", "belote/live-bench")
        sid, key = session.session_id, session.link_key
        for token in learners:
            live.join(token)
        alone = []
        for _ in range(polls):
            began = timer()
            live.poll(key)
            alone.append(timer() - began)
        answers: list[float] = []
        opened: list[float] = []
        counted: list[float] = []
        revealed: list[float] = []
        for step in range(rounds):
            if step:
                live.go_to(secret, sid, step)
            opened += _all_see(
                live,
                key,
                _at(step, "open"),
                partial(live.open_question, secret, sid, step),
                pollers=learners_n,
                every=every,
                timer=timer,
                rng=rng,
            )
            answers_step, counted_step = _answer_at_once(
                live, key, sid, step, learners, every, timer, rng
            )
            answers += answers_step
            counted += counted_step
            revealed += _all_see(
                live,
                key,
                _at(step, "revealed"),
                partial(live.reveal, secret, sid, step, ["AS"]),
                pollers=learners_n,
                every=every,
                timer=timer,
                rng=rng,
            )
        live.end(secret, sid)
    finally:
        store.delete(secret)
    return LiveFigures(
        database=engine.dialect.name,
        learners=learners_n,
        rounds=rounds,
        every_ms=every_ms,
        poll_p50_ms=quantile_ms(alone, 0.5),
        poll_p95_ms=quantile_ms(alone, 0.95),
        answer_p50_ms=quantile_ms(answers, 0.5),
        answer_p95_ms=quantile_ms(answers, 0.95),
        open_seen_p50_ms=quantile_ms(opened, 0.5),
        open_seen_p95_ms=quantile_ms(opened, 0.95),
        count_seen_p50_ms=quantile_ms(counted, 0.5),
        count_seen_p95_ms=quantile_ms(counted, 0.95),
        reveal_seen_p50_ms=quantile_ms(revealed, 0.5),
        reveal_seen_p95_ms=quantile_ms(revealed, 0.95),
    )


def _answer_at_once(
    live: LiveClass,
    key: str,
    session_id: int,
    step: int,
    learners: list[str],
    every: float,
    timer: Callable[[], float],
    rng: random.Random,
) -> tuple[list[float], list[float]]:
    """Every learner answers at once while a board polls the count: each answer's time,
    and the delay from each learner's sending to the board's count holding their answer
    (the answers taken in the order they were kept: the k-th is held once the count
    reaches k)."""
    start = threading.Barrier(len(learners))
    ended: list[tuple[float, float]] = []
    took: list[float] = []
    lock = threading.Lock()
    board: list[tuple[float, int]] = []
    stop = threading.Event()

    def answer(who: int) -> None:
        start.wait()
        began = timer()
        live.answer(learners[who], session_id, step, CARDS[(who + step) % len(CARDS)])
        done = timer()
        with lock:
            took.append(done - began)
            ended.append((done, began))

    def watch_board() -> None:
        stop.wait(rng.uniform(0, every))
        while not stop.is_set():
            poll = live.poll(key)
            board.append((timer(), poll.answers))
            if poll.answers >= len(learners):
                return
            stop.wait(every)

    watcher = threading.Thread(target=watch_board, name="live-bench-board")
    watcher.start()
    with ThreadPoolExecutor(max_workers=len(learners)) as pool:
        list(pool.map(answer, range(len(learners))))
    watcher.join(timeout=60)
    stop.set()
    delays = []
    for k, (done, began) in enumerate(sorted(ended), start=1):
        seen = next((at for at, count in board if count >= k and at >= done), None)
        if seen is not None:
            delays.append(seen - began)
    return took, delays


def describe_live(f: LiveFigures) -> str:
    """The figures in a few lines."""
    return (
        f"Live class on {f.database}: {f.learners} learners, {f.rounds} steps, "
        f"pages polling every {f.every_ms} ms\n"
        f"  poll read alone: p50 {f.poll_p50_ms} ms, p95 {f.poll_p95_ms} ms\n"
        f"  {f.learners} answers at once: p50 {f.answer_p50_ms} ms, p95 {f.answer_p95_ms} ms\n"
        f"  open to every page: p50 {f.open_seen_p50_ms} ms, p95 {f.open_seen_p95_ms} ms\n"
        f"  answer to the board's count: p50 {f.count_seen_p50_ms} ms, "
        f"p95 {f.count_seen_p95_ms} ms\n"
        f"  reveal to every page: p50 {f.reveal_seen_p50_ms} ms, p95 {f.reveal_seen_p95_ms} ms"
    )
