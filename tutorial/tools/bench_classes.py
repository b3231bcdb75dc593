"""``python -m tutorial bench-classes``: the class storage's sync latency and its size per learner.

A class of learners join; each syncs a growing progress several times, one after the
other, then all at once from threads. Printed: the sync latency (p50, p95) alone and
concurrent, and the rows and bytes the database keeps per learner. SQLite in a
temporary file by default; ``--url`` names another database (PostgreSQL:
``postgresql+psycopg://user@host:port/db``; its tables are created there).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from sqlalchemy import Engine, create_engine, func, select, text

from tutorial.classes.schema import learners, metadata, records
from tutorial.classes.store import ClassStore, open_store
from tutorial.course.progress import Progress, ScenarioRecord


@dataclass(frozen=True)
class Figures:
    """What one run measured."""

    database: str
    learners: int
    syncs: int
    p50_ms: float
    p95_ms: float
    concurrent_p50_ms: float
    concurrent_p95_ms: float
    rows_per_learner: float
    bytes_per_learner: float


def _progress(step: int, who: int) -> Progress:
    """A learner's progress after ``step`` scenarios: one more each time, earlier ones improved."""
    return Progress(
        scenarios={
            f"belote/s{i}": ScenarioRecord(
                done=i < step,
                mistakes=(i + who) % 4,
                stars=3 if i < step else 0,
                wrong={"9H": 1 + (i + who) % 3} if (i + who) % 4 else {},
            )
            for i in range(step + 1)
        }
    )


def _bytes(engine: Engine) -> int:
    """The bytes the database holds in the class tables (SQLite: the whole file)."""
    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            pages = conn.exec_driver_sql("PRAGMA page_count").scalar_one()
            size = conn.exec_driver_sql("PRAGMA page_size").scalar_one()
            return int(pages) * int(size)
        if engine.dialect.name == "postgresql":
            total = 0
            for table in metadata.sorted_tables:
                total += int(
                    conn.execute(
                        text("SELECT pg_total_relation_size(CAST(:t AS regclass))"),
                        {"t": table.name},
                    ).scalar_one()
                )
            return total
    return 0


def _quantile(times: list[float], q: float) -> float:
    """The ``q`` quantile of the times, in milliseconds."""
    ordered = sorted(times)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(
    engine: Engine,
    *,
    learners_n: int = 30,
    syncs: int = 10,
    timer: Callable[[], float] | None = None,
) -> Figures:
    """Run the class on ``engine`` (its schema brought up to date) and measure it."""
    clock = timer or time.perf_counter
    store: ClassStore = open_store(engine)
    made = store.create_class("Bench class")
    before = _bytes(engine)
    tokens = [store.join(made.join_code, f"Learner {i}", f"bench-{i}") for i in range(learners_n)]
    alone: list[float] = []
    for step in range(syncs):
        for who, token in enumerate(tokens):
            p = _progress(step, who)
            began = clock()
            store.sync(token, p, {sid: 30 * (step + 1) for sid in p.scenarios})
            alone.append(clock() - began)

    def timed(who: int) -> float:
        began = clock()
        store.sync(tokens[who], _progress(syncs, who))
        return clock() - began

    with ThreadPoolExecutor(max_workers=learners_n) as pool:
        together = list(pool.map(timed, range(learners_n)))
    with engine.connect() as conn:
        kept = conn.execute(select(func.count()).select_from(records)).scalar_one()
        people = conn.execute(select(func.count()).select_from(learners)).scalar_one()
    grown = max(0, _bytes(engine) - before)
    return Figures(
        database=engine.dialect.name,
        learners=learners_n,
        syncs=len(alone) + len(together),
        p50_ms=round(statistics.median(alone) * 1000, 2),
        p95_ms=round(_quantile(alone, 0.95), 2),
        concurrent_p50_ms=round(statistics.median(together) * 1000, 2),
        concurrent_p95_ms=round(_quantile(together, 0.95), 2),
        rows_per_learner=round((kept + people) / max(1, learners_n), 1),
        bytes_per_learner=round(grown / max(1, learners_n)),
    )


def describe(f: Figures) -> str:
    """The figures as a line."""
    return (
        f"{f.database}: {f.learners} learners, {f.syncs} syncs; sync p50 {f.p50_ms:.1f} ms, "
        f"p95 {f.p95_ms:.1f} ms; {f.learners} at once p50 {f.concurrent_p50_ms:.1f} ms, "
        f"p95 {f.concurrent_p95_ms:.1f} ms; {f.rows_per_learner:g} rows and "
        f"{f.bytes_per_learner:,.0f} bytes per learner"
    )


def main(argv: list[str]) -> int:
    """Measure and print; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m tutorial bench-classes")
    parser.add_argument("--url", default="", help="a database URL (default: a SQLite temp file)")
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--syncs", type=int, default=10, help="syncs per learner, one by one")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        url = args.url or f"sqlite:///{Path(tmp) / 'classes.db'}"
        engine = create_engine(url, pool_size=max(5, args.learners), max_overflow=10)
        try:
            figures = measure(engine, learners_n=args.learners, syncs=args.syncs)
        finally:
            engine.dispose()
    print(json.dumps(asdict(figures)) if args.json else describe(figures))
    return 0
