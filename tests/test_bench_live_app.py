"""``python -m tutorial bench-live`` runs a live class with app sessions as learners and
leaves nothing behind (its figures are printed, never asserted)."""

from __future__ import annotations

import math
from pathlib import Path

from sqlalchemy import create_engine, select

from tutorial.classes import schema
from tutorial.tools.bench_live_app import describe, measure


def test_the_app_bench_runs_a_live_class_and_deletes_its_class(
    tmp_path: Path, _fresh_caches: None
) -> None:
    url = f"sqlite:///{tmp_path / 'classes.db'}"
    figures = measure(url, learners=2, rounds=1, every_ms=200)
    assert figures.learners == 2 and figures.rounds == 1
    for value in (
        figures.open_seen_p95_ms,
        figures.count_seen_p95_ms,
        figures.reveal_seen_p95_ms,
        figures.run_p95_ms,
    ):
        assert value >= 0 and not math.isnan(value)
    assert "2 learners' pages" in describe(figures)
    engine = create_engine(url)
    with engine.connect() as conn:
        assert conn.execute(select(schema.classes)).all() == []
        assert conn.execute(select(schema.live_sessions)).all() == []
