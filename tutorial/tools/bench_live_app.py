"""``python -m tutorial bench-live``: a live class's figures with the learners' pages as
real app sessions. Prints, never asserts.

The learners are sessions of the app itself (Streamlit's ``AppTest`` runs the app's
script in this process, as a server runs it: the Live class page, its fragment, the class
database), one per learner, plus the board's. Every page follows the session as a browser
makes it: its fragment runs every ``--every-ms`` (each page's timer starting at its own
moment within the period; the board's at the board's own, shorter period); the runs take turns in this one process, so a server too busy
to run every page within the period shows as pages running late, as on a real server of
one core's worth of Python. The teacher's operations are the teacher page's own calls.

For ``--rounds`` decisions of a practice deal (Briscola for two: a card each time):

- **open → screen**: from the teacher's "open" to each learner's page drawing the question;
- **answer → board**: each learner answers through their page (the typed fallback: the same
  call as a tap on the table), one after the other; from each answer to the board's page
  counting it;
- **reveal → screen**: from the teacher's reveal to each learner's page drawing the verdict;
- **waiting CPU**: with a question open and nobody answering, the CPU this process uses per
  second of the learners' pages following the session (1.0 is one core);
- **memory per learner**: the process's resident memory grown by opening the learners'
  pages, divided by their number (AppTest's own bookkeeping included: an upper bound).

``--url`` runs on a PostgreSQL database (else a SQLite file of its own). ``--servers N``
(with ``--url``) shares the learners among N processes of their own on that database, as
N app servers would (the board's page on the first), the teacher driven from the command's
own process; each page answers as soon as it shows the question, and the times are read
on the machine's clock, which the processes share.
"""

from __future__ import annotations

import functools
import heapq
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from unittest import mock

from tutorial.tools.bench_live import quantile_ms

if TYPE_CHECKING:  # imported where used: the bench's command starts without them
    from tutorial.classes.live import LiveClass
    from tutorial.classes.store import ClassStore
    from tutorial.classes.values import NewClass
    from tutorial.course.live_lesson import LiveLesson

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "tutorial" / "app.py")
#: The deal the bench's class plays: Briscola for two, every decision a card.
DEAL = "deal=3&game=briscola&players=2&rules=default&level=beginner"


@dataclass(frozen=True)
class LiveAppFigures:
    """One run's figures (milliseconds, but ``waiting_cores`` and ``memory_mb``)."""

    database: str
    learners: int
    rounds: int
    every_ms: int
    open_seen_p50_ms: float
    open_seen_p95_ms: float
    count_seen_p50_ms: float
    count_seen_p95_ms: float
    reveal_seen_p50_ms: float
    reveal_seen_p95_ms: float
    run_p50_ms: float
    run_p95_ms: float
    waiting_cores: float
    memory_mb_per_learner: float


def _rss_mb() -> float:
    """This process's resident memory (MB), from /proc."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _fragment_run(at: Any, key: str, by_timer: bool = True) -> None:
    """What the page's timer asks (``by_timer``), or a widget of the fragment: the
    fragment ``key`` alone runs again. AppTest runs whole scripts only, so the run's
    request names the fragment, as the browser's request does."""
    from streamlit.testing.v1 import local_script_runner

    ids = at._fragment_storage.resolve_target(key)
    request = functools.partial(
        vars(local_script_runner)["RerunData"],
        fragment_id_queue=list(ids),
        is_auto_rerun=by_timer,
    )
    with mock.patch.object(local_script_runner, "RerunData", request):
        at.run()


def _table(at: Any) -> dict[str, Any]:
    for el in at.get("bidi_component"):
        if el.proto.component_name == "atout_table":
            found: dict[str, Any] = json.loads(el.proto.json)
            return found
    return {}


def _board_count(board: Any) -> int:
    """The answers the board's page counts at this step ("30 in the class · 12 answers")."""
    for m in board.markdown:
        words = str(m.value).split(" · ")
        if len(words) == 2 and words[1].split(" ")[0].isdigit():
            return int(words[1].split(" ")[0])
    return 0


class Room:
    """The pages of one process: the learners' and the board's, each with its timer."""

    def __init__(self, pages: list[Any], board: Any, every: float, board_every: float) -> None:
        self.pages, self.board, self.every, self.board_every = pages, board, every, board_every
        self.runs: list[float] = []
        #: How many answers the board's page counts, and when it first counted the n-th.
        self.board_count = 0
        self.board_seen: dict[int, float] = {}
        now = time.perf_counter()
        # (when, order, page index; -1 for the board)
        self.timers = [(now + every * i / (len(pages) + 1), i, i) for i in range(len(pages))]
        self.timers.append((now + every * len(pages) / (len(pages) + 1), len(pages), -1))
        heapq.heapify(self.timers)

    def tick(self) -> tuple[int, float]:
        """Run the next page whose timer is due (waiting for it): its index and when its
        run ended."""
        when, order, i = heapq.heappop(self.timers)
        delay = when - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        began = time.perf_counter()
        if i < 0:
            _fragment_run(self.board, "live_board")
            count = _board_count(self.board)
            ended = time.perf_counter()
            for n in range(self.board_count, count):
                self.board_seen[n] = ended
            self.board_count = max(self.board_count, count)
        else:
            _fragment_run(self.pages[i], "live_follow")
        ended = time.perf_counter()
        self.runs.append(ended - began)
        period = self.board_every if i < 0 else self.every
        heapq.heappush(self.timers, (max(when + period, ended), order, i))
        return i, ended

    def until(self, seen: Callable[[int], bool], count: int) -> dict[int, float]:
        """Tick until ``seen(i)`` held for ``count`` pages: when each first did."""
        found: dict[int, float] = {}
        while len(found) < count:
            i, ended = self.tick()
            if i not in found and seen(i):
                found[i] = ended
        return found


def measure(url: str, *, learners: int, rounds: int, every_ms: int) -> LiveAppFigures:
    """Run the live class on ``url`` with the learners' pages in this process (whose
    class database it names while it runs)."""
    before_url = os.environ.get("ATOUT_CLASSES_URL")
    os.environ["ATOUT_CLASSES_URL"] = url
    try:
        return _measure(url, learners=learners, rounds=rounds, every_ms=every_ms)
    finally:
        if before_url is None:
            os.environ.pop("ATOUT_CLASSES_URL", None)
        else:
            os.environ["ATOUT_CLASSES_URL"] = before_url


def _measure(url: str, *, learners: int, rounds: int, every_ms: int) -> LiveAppFigures:

    from tutorial.webapp.pages.live_board import BOARD_POLL_SECONDS, POLL_SECONDS
    from tutorial.webapp.pages.live_teacher import reveal

    bench = _bench_class(url, learners)
    store, live, made, tokens = bench.store, bench.live, bench.made, bench.tokens
    secret, sid, key, lesson = made.teacher_secret, bench.session_id, bench.key, bench.lesson
    every = every_ms / 1000
    try:
        before = _rss_mb()
        pages, board = _pages_for(key, tokens, made.board_token)
        assert board is not None
        memory = (_rss_mb() - before) / max(1, len(pages))
        room = Room(pages, board, every, every * BOARD_POLL_SECONDS / POLL_SECONDS)
        opened: list[float] = []
        counted: list[float] = []
        revealed: list[float] = []
        for step in range(rounds):
            if step:
                live.go_to(secret, sid, step)
            here = lesson.step(step)
            assert here is not None
            began = time.perf_counter()
            live.open_question(secret, sid, step, [c.text for c in here.choices])
            seen = room.until(
                lambda i: i >= 0 and _table(pages[i]).get("mode") == "play", len(pages)
            )
            opened += [t - began for t in seen.values()]
            answered: list[float] = []
            room.board_count = 0
            for at in pages:  # one after the other, the pages' timers going on meanwhile
                at.text_input(key="live_typed").input(here.choices[0].text)
                _fragment_run(at, "live_follow", by_timer=False)
                answered.append(time.perf_counter())
                room.tick()
            while room.board_count < len(pages):
                room.tick()
            counted += [room.board_seen[n] - a for n, a in enumerate(answered)]
            began = time.perf_counter()
            reveal(live, lesson, secret, sid, step)
            seen = room.until(
                lambda i: (
                    i >= 0
                    and (_table(pages[i]).get("feedback") or {}).get("tone")
                    in ("success", "warning")
                ),
                len(pages),
            )
            revealed += [t - began for t in seen.values()]
        live.go_to(secret, sid, rounds)
        live.open_question(secret, sid, rounds, None)
        room.until(lambda i: i >= 0 and _table(pages[i]).get("mode") == "play", len(pages))
        cpu, wall = time.process_time(), time.perf_counter()
        room.runs.clear()
        while time.perf_counter() - wall < 10 * every:
            room.tick()
        cores = (time.process_time() - cpu) / (time.perf_counter() - wall)
        live.end(secret, sid)
    finally:
        store.delete(secret)
    return LiveAppFigures(
        database=store.engine.dialect.name,
        learners=len(pages),
        rounds=rounds,
        every_ms=every_ms,
        open_seen_p50_ms=quantile_ms(opened, 0.5),
        open_seen_p95_ms=quantile_ms(opened, 0.95),
        count_seen_p50_ms=quantile_ms(counted, 0.5),
        count_seen_p95_ms=quantile_ms(counted, 0.95),
        reveal_seen_p50_ms=quantile_ms(revealed, 0.5),
        reveal_seen_p95_ms=quantile_ms(revealed, 0.95),
        run_p50_ms=quantile_ms(room.runs, 0.5),
        run_p95_ms=quantile_ms(room.runs, 0.95),
        waiting_cores=round(cores, 3),
        memory_mb_per_learner=round(memory, 2),
    )


def describe(f: LiveAppFigures) -> str:
    """The figures in words."""
    return (
        f"{f.database}: {f.learners} learners' pages, {f.rounds} decisions, "
        f"pages read every {f.every_ms} ms\n"
        f"  open -> question on screen: p50 {f.open_seen_p50_ms} ms, p95 {f.open_seen_p95_ms} ms\n"
        f"  answer -> board's count:    p50 {f.count_seen_p50_ms} ms, p95 {f.count_seen_p95_ms} ms\n"
        f"  reveal -> verdict on screen: p50 {f.reveal_seen_p50_ms} ms, p95 {f.reveal_seen_p95_ms} ms\n"
        f"  one page's follow run: p50 {f.run_p50_ms} ms, p95 {f.run_p95_ms} ms\n"
        f"  CPU while {f.learners} pages wait on a question: {f.waiting_cores} cores\n"
        f"  memory per learner's page: {f.memory_mb_per_learner} MB"
    )


def main(argv: list[str]) -> int:
    """``bench-live [--url URL] [--learners N] [--rounds N] [--every-ms MS] [--servers N]
    [--json]``."""
    from streamlit import logger

    # AppTest's sessions run without a server, and Streamlit says so at every run.
    logger.set_log_level("error")
    for name in ("streamlit.runtime.scriptrunner_utils.script_run_context", "streamlit"):
        logger.get_logger(name).setLevel("ERROR")
    if argv[:1] == ["--follow"]:  # one server's share, started by ``several``
        spec = json.loads(Path(argv[1]).read_text())
        Path(spec["out"]).write_text(json.dumps(follow(spec)))
        return 0
    args = dict(zip(argv[::2], argv[1::2], strict=False))
    as_json = "--json" in argv
    learners = int(args.get("--learners", 30))
    rounds = int(args.get("--rounds", 3))
    every_ms = int(args.get("--every-ms", 1000))
    url = args.get("--url")
    servers = int(args.get("--servers", 1))
    if servers > 1:
        if url is None:
            print(
                "bench-live: several servers share a PostgreSQL database: give --url",
                file=sys.stderr,
            )
            return 2
        print(several(url, learners=learners, rounds=rounds, every_ms=every_ms, servers=servers))
        return 0
    folder = None
    if url is None:
        folder = tempfile.TemporaryDirectory(prefix="atout-bench-live-")
        url = f"sqlite:///{folder.name}/classes.db"
    figures = measure(url, learners=learners, rounds=rounds, every_ms=every_ms)
    print(json.dumps(asdict(figures)) if as_json else describe(figures))
    return 0


__all__ = ["LiveAppFigures", "describe", "main", "measure"]


# --- Two servers or more: each a process of its own on one database ---------------------


@dataclass(frozen=True)
class BenchClass:
    """The bench's class on a database: its store, its learners' tokens, the live session
    of the bench's deal started, and the deal's lesson."""

    store: ClassStore
    live: LiveClass
    made: NewClass
    tokens: list[str]
    session_id: int
    key: str
    lesson: LiveLesson


def _bench_class(url: str, learners: int) -> BenchClass:
    """A class of ``learners`` learners on ``url`` with a live session of :data:`DEAL`."""
    from tutorial.classes.live import LiveClass
    from tutorial.classes.store import open_store
    from tutorial.course.live_lesson import open_lesson

    store = open_store(url)
    live = LiveClass(store)
    made = store.create_class("Live bench class")
    tokens = [
        store.join(made.join_code, f"Learner {i}", f"live-app-bench-{i}") for i in range(learners)
    ]
    session = live.start(made.teacher_secret, "deal", DEAL)
    return BenchClass(
        store, live, made, tokens, session.session_id, session.link_key, open_lesson("deal", DEAL)
    )


def _pages_for(key: str, tokens: list[str], board_token: str | None) -> tuple[list[Any], Any]:
    """The learners' pages of ``tokens`` at the session ``key`` (and the board's), run once."""
    from streamlit.testing.v1 import AppTest

    from tutorial.webapp import class_link
    from tutorial.webapp.state import SESSION, AppSession

    pages = []
    for token in tokens:
        at = AppTest.from_file(APP, default_timeout=600)
        app = AppSession()
        m = class_link.Membership()
        m.token, m.loaded = token, True
        app.classes.membership = m
        app.store.loaded = True  # what the browser's store says on a first run
        at.session_state[SESSION] = app
        at.query_params["live"] = key
        at.run()
        at.switch_page("screens/live.py")
        at.run()
        pages.append(at)
    board = None
    if board_token is not None:
        board = AppTest.from_file(APP, default_timeout=600)
        screen = AppSession()
        screen.store.loaded = True  # what the browser's store says on a first run
        board.session_state[SESSION] = screen
        board.query_params["board"] = board_token
        board.run()
        board.switch_page("screens/live.py")
        board.run()
    return pages, board


def follow(spec: dict[str, Any]) -> dict[str, Any]:
    """One server's share of the class (a process of its own): its learners' pages follow
    the session on their timers, each answering as soon as it shows a question, until the
    session ends; what each page saw, and when (the machine's clock, shared by the
    processes), for the process that drives the teacher."""
    from tutorial.classes.live import LiveClass
    from tutorial.classes.store import open_store
    from tutorial.webapp.pages.live_board import BOARD_POLL_SECONDS, POLL_SECONDS

    os.environ["ATOUT_CLASSES_URL"] = spec["url"]
    live = LiveClass(open_store(spec["url"]))
    before = _rss_mb()
    pages, board = _pages_for(spec["key"], spec["tokens"], spec.get("board"))
    memory = (_rss_mb() - before) / max(1, len(pages))
    every = spec["every_ms"] / 1000
    room = Room(pages, board, every, every * BOARD_POLL_SECONDS / POLL_SECONDS)
    if board is None:
        room.timers = [x for x in room.timers if x[2] >= 0]
    Path(spec["ready"]).write_text("ready")
    events: dict[str, list[list[float]]] = {"open": [], "answer": [], "reveal": [], "board": []}
    done: set[tuple[str, int, int]] = set()
    cpu_from: tuple[float, float] | None = None
    cores = float("nan")
    while True:
        poll = live.poll(spec["key"])
        if poll.state == "ended":
            break
        if poll.step >= spec["rounds"] and poll.state == "open":
            if cpu_from is None:
                cpu_from = (time.process_time(), time.perf_counter())
                room.runs.clear()
            elif time.perf_counter() - cpu_from[1] >= 10 * every and cores != cores:
                cores = (time.process_time() - cpu_from[0]) / (time.perf_counter() - cpu_from[1])
        i, _ended = room.tick()
        now = time.time()
        if i < 0:
            events["board"].append([poll.step, _board_count(board), now])
            continue
        table = _table(pages[i])
        if table.get("mode") == "play" and ("open", i, poll.step) not in done:
            done.add(("open", i, poll.step))
            events["open"].append([poll.step, now])
            if poll.step < spec["rounds"]:
                pages[i].text_input(key="live_typed").input(spec["answers"][str(poll.step)])
                _fragment_run(pages[i], "live_follow", by_timer=False)
                events["answer"].append([poll.step, time.time()])
        tone = (table.get("feedback") or {}).get("tone")
        if tone in ("success", "warning") and ("reveal", i, poll.step) not in done:
            done.add(("reveal", i, poll.step))
            events["reveal"].append([poll.step, now])
    return {
        "events": events,
        "memory_mb_per_learner": round(memory, 2),
        "waiting_cores": round(cores, 3),
        "run_p50_ms": quantile_ms(room.runs, 0.5),
        "run_p95_ms": quantile_ms(room.runs, 0.95),
        "learners": len(pages),
    }


def several(url: str, *, learners: int, rounds: int, every_ms: int, servers: int) -> str:
    """The live class with its learners shared among ``servers`` processes on one
    database (the board on the first), the teacher driven from here: the figures."""
    from tutorial.webapp.pages.live_teacher import reveal

    bench = _bench_class(url, learners)
    store, live, made, tokens = bench.store, bench.live, bench.made, bench.tokens
    secret, sid, key, lesson = made.teacher_secret, bench.session_id, bench.key, bench.lesson
    folder = tempfile.TemporaryDirectory(prefix="atout-bench-live-")
    procs = []
    try:
        answers = {}
        for step in range(rounds):
            here = lesson.step(step)
            assert here is not None
            answers[str(step)] = here.choices[0].text
        specs: list[dict[str, Any]] = []
        for n in range(servers):
            spec: dict[str, Any] = {
                "url": url,
                "key": key,
                "tokens": tokens[n::servers],
                "board": made.board_token if n == 0 else None,
                "every_ms": every_ms,
                "rounds": rounds,
                "answers": answers,
                "ready": f"{folder.name}/ready-{n}",
                "out": f"{folder.name}/out-{n}.json",
            }
            Path(f"{folder.name}/spec-{n}.json").write_text(json.dumps(spec))
            specs.append(spec)
            procs.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "tutorial",
                        "bench-live",
                        "--follow",
                        f"{folder.name}/spec-{n}.json",
                    ],
                    cwd=ROOT,
                )
            )
        while not all(Path(s["ready"]).exists() for s in specs):
            time.sleep(0.2)
        opened_at: dict[int, float] = {}
        revealed_at: dict[int, float] = {}
        for step in range(rounds):
            if step:
                live.go_to(secret, sid, step)
            here = lesson.step(step)
            assert here is not None
            lesson.reveal(step, [c.text for c in here.choices])  # the teacher's page warms it
            opened_at[step] = time.time()
            live.open_question(secret, sid, step, [c.text for c in here.choices])
            waited = time.perf_counter()
            while live.poll(key).answers < learners and time.perf_counter() - waited < 120:
                time.sleep(0.1)
            time.sleep(3 * every_ms / 1000)  # the board's count catches up
            revealed_at[step] = time.time()
            reveal(live, lesson, secret, sid, step)
            time.sleep(4 * every_ms / 1000)
        live.go_to(secret, sid, rounds)
        live.open_question(secret, sid, rounds, None)
        time.sleep(14 * every_ms / 1000)
        live.end(secret, sid)
        for p in procs:
            p.wait(timeout=300)
        outs = [json.loads(Path(s["out"]).read_text()) for s in specs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        store.delete(secret)
        folder.cleanup()
    return _several_words(outs, opened_at, revealed_at, learners, rounds, every_ms, servers)


def _several_words(
    outs: list[dict[str, Any]],
    opened_at: dict[int, float],
    revealed_at: dict[int, float],
    learners: int,
    rounds: int,
    every_ms: int,
    servers: int,
) -> str:
    """The figures of several servers: latencies over every page, CPU and memory per server."""
    opened = [t - opened_at[s] for o in outs for s, t in o["events"]["open"] if s in opened_at]
    revealed = [
        t - revealed_at[s] for o in outs for s, t in o["events"]["reveal"] if s in revealed_at
    ]
    board = outs[0]["events"]["board"]
    counted: list[float] = []
    for step in range(rounds):
        times = sorted(t for o in outs for s, t in o["events"]["answer"] if s == step)
        shown = [(c, t) for s, c, t in board if s == step]
        for k, a in enumerate(times, start=1):
            first = next((t for c, t in shown if c >= k and t >= a), None)
            if first is not None:
                counted.append(first - a)
    lines = [
        f"{servers} servers on one database: {learners} learners' pages, {rounds} decisions, "
        f"pages read every {every_ms} ms",
        f"  open -> question on screen: p50 {quantile_ms(opened, 0.5)} ms, p95 {quantile_ms(opened, 0.95)} ms",
        f"  answer -> board's count:    p50 {quantile_ms(counted, 0.5)} ms, p95 {quantile_ms(counted, 0.95)} ms",
        f"  reveal -> verdict on screen: p50 {quantile_ms(revealed, 0.5)} ms, p95 {quantile_ms(revealed, 0.95)} ms",
    ]
    for n, o in enumerate(outs):
        lines.append(
            f"  server {n + 1}: {o['learners']} pages, a run p50 {o['run_p50_ms']} ms, "
            f"CPU while waiting {o['waiting_cores']} cores, {o['memory_mb_per_learner']} MB per learner"
        )
    return "\n".join(lines)
