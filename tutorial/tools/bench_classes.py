"""``python -m tutorial bench-classes``: the class storage's sync latency and its size per learner.

A class of learners join; each syncs several times, one after the other, what a learner
of the app sends, growing at each sync: scenario records with their wrong cards and time,
quiz results, time on lessons, practice hands (played out, with their reviews and time)
and the review deck. Each send is made as the app makes it: the learner's session is a
:class:`tutorial.webapp.class_link.Membership`, a practice hand is kept by
:func:`~tutorial.webapp.class_link.keep_hand`, and what goes with the progress comes from
:func:`~tutorial.webapp.class_link.payload`. Then every learner syncs at once, from
threads. Printed: the sync latency (p50, p95) alone and all at once, and the rows (every
table counted) and bytes the database keeps per learner. The bench's class is deleted at
the end (on a real database nothing of it stays).

SQLite in a temporary file by default; ``--url``, else ``ATOUT_CLASSES_URL`` (the
environment the app and its tests read), names another database (PostgreSQL:
``postgresql+psycopg://user@host:port/db``; its tables are created there).
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import Engine, create_engine, func, select, text

from tutorial.analysis.card_review import BEST, WRONG, CardReview, ShownView
from tutorial.analysis.judgement import CardValue, Judgement
from tutorial.classes.schema import metadata
from tutorial.classes.store import (
    ClassStore,
    Clock,
    Homework,
    PracticeRecord,
    open_store,
    utc_now,
)
from tutorial.course import practice
from tutorial.course.practice import PracticeHand, ReviewProgress
from tutorial.course.progress import Progress, QuizRecord, ScenarioRecord, keep_wrong, to_json
from tutorial.course.review_deck import (
    COSTLY,
    Deck,
    PracticeSource,
    QuizSource,
    ScenarioSource,
    note_wrong,
)
from tutorial.engine.cards import Card
from tutorial.engine.core import GameState
from tutorial.scenarios import actions
from tutorial.webapp import class_link

#: The lessons of the bench's scenarios and quizzes (one new lesson every other sync).
LESSON = "belote/bench-lesson-{}"
#: The bench's scenario ids (one more at each sync).
SCENARIO = "belote/bench-{}"
#: The questions of each lesson's quiz.
QUESTIONS = 5


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
    #: The rows of every table of the class storage at the end, by table.
    rows: Mapping[str, int] = field(default_factory=dict)
    #: The bytes one sync sent, on average (the progress's JSON and the hands' fields).
    payload_bytes: float = 0.0


def _hands() -> list[PracticeHand]:
    """A few practice hands played out (Briscola for two, every card the beginner's)."""
    out = []
    for seed in range(4):
        hand = practice.deal("briscola", players=2, seed=seed)
        while not hand.finished:
            hand = practice.try_action(hand, practice.computer_action(hand))
            hand = practice.advance(hand)[0]
        out.append(hand)
    return out


def _reviews(hand: PracticeHand, who: int) -> ReviewProgress:
    """The review of the learner's cards of a hand as the worker gives it: every card
    judged, one in three losing up to 12 points."""
    items = []
    for n, move in enumerate(hand.moves):
        if move.seat != hand.learner or not isinstance(move.action, Card):
            continue
        played = move.action
        other = Card.parse("AS") if played != Card.parse("AS") else Card.parse("KS")
        lost = float(3 * ((n + who) % 5)) if (n + who) % 3 == 0 else 0.0
        items.append(
            stated_review(n, len(move.before.tricks) + 1, move.before, played, other, lost)
        )
    return ReviewProgress(tuple(items), pending=0, total=len(items))


def stated_review(
    move: int,
    trick: int,
    state: GameState,
    played: Card,
    other: Card,
    lost: float,
    shown_lost: float | None = None,
) -> CardReview:
    """A card's review as the worker would give it: ``played`` ``lost`` points below
    ``other`` with what the learner could know, ``shown_lost`` (by default twice that)
    with every card shown."""
    values = {
        played: CardValue(played, 10.0 - lost, 0.0, lost, 0.0),
        other: CardValue(other, 10.0, 0.0, 0.0, 0.0),
    }
    judged = Judgement("", state.to_move or 0, other, values, deals=32, exact=0, complete=False)
    below = 2 * lost if shown_lost is None else shown_lost
    shown = ShownView({played: 10.0 - below, other: 10.0}, exact=True)
    if lost >= 1:
        return CardReview(move, trick, state, played, judged, shown, WRONG, other)
    return CardReview(move, trick, state, played, judged, shown, BEST)


@dataclass
class Learner:
    """One learner of the bench: their token, their session as the app keeps it, their deck."""

    who: int
    token: str
    session: class_link.Membership
    deck: Deck = field(default_factory=Deck)


_HAND_IDS = itertools.count(1)


def _play_step(learner: Learner, step: int, hands: list[PracticeHand]) -> Progress:
    """What the learner's session holds after ``step`` (from 0): one more scenario, a quiz
    every other step, a practice hand, their times, a deck growing with the mistakes;
    returns the progress the app would send."""
    who, m = learner.who, learner.session
    scenarios: dict[str, ScenarioRecord] = {}
    for i in range(step + 1):
        mistakes = (i + who) % 4
        wrong = keep_wrong({"9H": mistakes, "AS": mistakes // 2}) if mistakes else {}
        done = i < step
        scenarios[SCENARIO.format(i)] = ScenarioRecord(
            done=done,
            mistakes=mistakes,
            hints=(i + who) % 2,
            stars=3 - min(2, mistakes) if done else 0,
            wrong=wrong,
        )
        m.seconds[SCENARIO.format(i)] = 40 * (step - i + 1) + who % 10
    quizzes = {}
    for j in range(step // 2 + 1):
        lid = LESSON.format(j)
        quizzes[lid] = QuizRecord(right=min(QUESTIONS, 2 + step - 2 * j), total=QUESTIONS)
        m.lesson_seconds[lid] = 180 + 60 * (step - 2 * j) + who % 10
    now = datetime(2026, 3, 2, 9, tzinfo=UTC) + timedelta(minutes=step)
    newest = SCENARIO.format(step)
    if scenarios[newest].mistakes:
        learner.deck = note_wrong(
            learner.deck, ScenarioSource(scenario=newest, step=1), "belote", tried="9H", now=now
        )
    if step % 2 and quizzes:
        lid = LESSON.format(step // 2)
        learner.deck = note_wrong(
            learner.deck, QuizSource(lesson=lid, question=1), "belote", now=now
        )
    base = hands[(who + step) % len(hands)]
    hand = dataclasses.replace(base, hand_id=next(_HAND_IDS))
    m.hand_seconds[hand.hand_id] = 150 + 10 * ((who + step) % 12)
    review = _reviews(hand, who)
    class_link.keep_hand(m, hand, review)
    for item in review.cards:  # the costly cards go in the deck, as the Practice page does
        if item.lost >= COSTLY:
            before = [actions.code(mv.action) for mv in hand.moves[: item.move]]
            source = PracticeSource(
                ruleset=hand.ruleset, seed=hand.seed, players=2, moves=before, trick=item.trick
            )
            learner.deck = note_wrong(
                learner.deck,
                source,
                hand.game,
                tried=actions.code(item.played),
                lost=item.lost,
                now=now,
            )
    p = Progress(scenarios=scenarios, quizzes=quizzes)
    return p.with_deck(learner.deck) if learner.deck != Deck() else p


def _payload_size(p: Progress, hands: list[PracticeRecord]) -> int:
    """The bytes of what one sync carries (the progress's JSON and the hands as JSON)."""
    sent = [dataclasses.asdict(h) for h in hands]
    return len(to_json(p).encode()) + len(json.dumps(sent, default=str).encode())


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


def _rows(engine: Engine) -> dict[str, int]:
    """The rows of every table of the class storage."""
    with engine.connect() as conn:
        return {
            table.name: int(conn.execute(select(func.count()).select_from(table)).scalar_one())
            for table in metadata.sorted_tables
        }


def _quantile(times: list[float], q: float) -> float:
    """The ``q`` quantile of the times, in milliseconds."""
    ordered = sorted(times)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _send(store: ClassStore, learner: Learner, p: Progress) -> int:
    """Send what the learner's session holds, as the app's send does; returns its size."""
    seconds, lessons, hands = class_link.payload(learner.session, p)
    store.sync(learner.token, p, seconds, lessons=lessons, hands=hands)
    return _payload_size(p, list(hands))


def measure(
    engine: Engine,
    *,
    learners_n: int = 30,
    syncs: int = 10,
    timer: Callable[[], float] | None = None,
    clock: Clock = utc_now,
) -> Figures:
    """Run the class on ``engine`` (its schema brought up to date) and measure it; the
    class is deleted at the end."""
    timed_by = timer or time.perf_counter
    store: ClassStore = open_store(engine, clock=clock)
    homework = [Homework("lesson", LESSON.format(0)), Homework("scenario", SCENARIO.format(0))]
    made = store.create_class("Bench class", homework)
    before = _bytes(engine)
    hands = _hands()
    people = [
        Learner(who, token, class_link.Membership(token=token, loaded=True, seconds_known=True))
        for who, token in enumerate(
            store.join(made.join_code, f"Learner {i}", f"bench-{i}") for i in range(learners_n)
        )
    ]
    alone: list[float] = []
    sizes: list[int] = []
    for step in range(syncs):
        for learner in people:
            p = _play_step(learner, step, hands)
            began = timed_by()
            sizes.append(_send(store, learner, p))
            alone.append(timed_by() - began)
    last = [_play_step(learner, syncs, hands) for learner in people]

    def at_once(who: int) -> float:
        began = timed_by()
        sizes.append(_send(store, people[who], last[who]))
        return timed_by() - began

    with ThreadPoolExecutor(max_workers=learners_n) as pool:
        together = list(pool.map(at_once, range(learners_n)))
    rows = _rows(engine)
    grown = max(0, _bytes(engine) - before)
    store.delete(made.teacher_secret)
    return Figures(
        database=engine.dialect.name,
        learners=learners_n,
        syncs=len(alone) + len(together),
        p50_ms=round(statistics.median(alone) * 1000, 2),
        p95_ms=round(_quantile(alone, 0.95), 2),
        concurrent_p50_ms=round(statistics.median(together) * 1000, 2),
        concurrent_p95_ms=round(_quantile(together, 0.95), 2),
        rows_per_learner=round(sum(rows.values()) / max(1, learners_n), 1),
        bytes_per_learner=round(grown / max(1, learners_n)),
        rows=rows,
        payload_bytes=round(statistics.mean(sizes)) if sizes else 0.0,
    )


def describe(f: Figures) -> str:
    """The figures as a line, then the rows per table."""
    tables = ", ".join(f"{name} {n}" for name, n in f.rows.items())
    return (
        f"{f.database}: {f.learners} learners, {f.syncs} syncs of {f.payload_bytes:,.0f} bytes "
        f"on average; sync p50 {f.p50_ms:.1f} ms, p95 {f.p95_ms:.1f} ms; {f.learners} at once "
        f"p50 {f.concurrent_p50_ms:.1f} ms, p95 {f.concurrent_p95_ms:.1f} ms; "
        f"{f.rows_per_learner:g} rows and {f.bytes_per_learner:,.0f} bytes per learner\n"
        f"  rows: {tables}"
    )


def main(argv: list[str]) -> int:
    """Measure and print; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m tutorial bench-classes")
    parser.add_argument(
        "--url",
        default=os.environ.get(class_link.ENV_URL, ""),
        help=f"a database URL (default: ${class_link.ENV_URL}, else a SQLite temp file)",
    )
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
