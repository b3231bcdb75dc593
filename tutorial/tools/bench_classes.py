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

Then the dashboard at the caps (:func:`measure_dashboard`): a class of learners each
holding as much as the store keeps of one learner (:class:`~tutorial.classes.store.Limits`:
2,000 scenario records, 500 quiz results and lesson times, 200 practice hands, a review
deck), sent through the store's own sync, and the time the teacher's dashboard takes to
load: the store's read, and the figures the page computes from it (each homework item,
the class table and its heatmap, the practice hands, the time spent, the decks).

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
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import Engine, create_engine, func, select, text

from tutorial.analysis.card_review import BEST, WRONG, CardReview, ShownView
from tutorial.analysis.judgement import CardValue, Judgement
from tutorial.classes.deck_view import board_decks, class_positions, deck_rows
from tutorial.classes.homework_view import board_view, item_rows
from tutorial.classes.practice_view import board_practice, practice_rows
from tutorial.classes.schema import metadata
from tutorial.classes.store import (
    ClassStore,
    Clock,
    Homework,
    KnownItems,
    Limits,
    PracticeRecord,
    open_store,
    utc_now,
)
from tutorial.classes.time_view import board_times, time_rows
from tutorial.course import practice
from tutorial.course.classroom import ScenarioInfo, csv_text, table_rows
from tutorial.course.practice import PracticeHand, ReviewProgress
from tutorial.course.progress import Progress, QuizRecord, ScenarioRecord, keep_wrong, to_json
from tutorial.course.review_deck import (
    COSTLY,
    PracticeSource,
    QuizSource,
    ReviewDeck,
    ScenarioSource,
    note_wrong,
)
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.pictures.class_charts import class_heatmap
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
class SimulatedLearner:
    """One learner of the bench: their token, their session as the app keeps it, their deck."""

    who: int
    token: str
    session: class_link.Membership
    deck: ReviewDeck = field(default_factory=ReviewDeck)


_HAND_IDS = itertools.count(1)


def _play_step(learner: SimulatedLearner, step: int, hands: list[PracticeHand]) -> Progress:
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
    return p.with_deck(learner.deck) if learner.deck != ReviewDeck() else p


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


def _send(store: ClassStore, learner: SimulatedLearner, p: Progress) -> int:
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
        SimulatedLearner(
            who, token, class_link.Membership(token=token, loaded=True, seconds_known=True)
        )
        for who, token in enumerate(
            store.join(made.join_code, f"SimulatedLearner {i}", f"bench-{i}")
            for i in range(learners_n)
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


@dataclass(frozen=True)
class DashboardFigures:
    """The dashboard at the caps: what each learner holds, and the load's time."""

    database: str
    learners: int
    records: int  # scenario records per learner
    quizzes: int  # quiz results per learner
    lessons: int  # lesson times per learner
    hands: int  # practice hands per learner
    #: The store's read of the dashboard, then the page's figures from it (median of runs).
    read_ms: float
    figures_ms: float

    @property
    def load_ms(self) -> float:
        """The dashboard's whole load: the read and the figures."""
        return round(self.read_ms + self.figures_ms, 1)


def _capped_progress(
    learner: int, scenarios: list[str], lessons: list[str], most: Limits
) -> list[Progress]:
    """What one learner at the caps sends, in syncs the store takes (at most
    :attr:`Limits.sync_records` records each): every scenario id given (the app's first,
    then made-up ones up to the cap), every lesson's quiz."""
    records = {
        sid: ScenarioRecord(
            done=(i + learner) % 3 != 0,
            stars=(i + learner) % 4,
            mistakes=(i + learner) % 5,
            hints=(i + learner) % 2,
            wrong=keep_wrong({"9H": 1 + i % 3, "AS": i % 2}) if (i + learner) % 5 else {},
        )
        for i, sid in enumerate(scenarios[: most.learner_records])
    }
    quizzes = {
        lid: QuizRecord(right=(i + learner) % (QUESTIONS + 1), total=QUESTIONS)
        for i, lid in enumerate(lessons[: most.quizzes])
    }
    ids = list(records)
    out = []
    for start in range(0, len(ids), most.sync_records):
        part = {sid: records[sid] for sid in ids[start : start + most.sync_records]}
        out.append(Progress(scenarios=part, quizzes=quizzes if start == 0 else {}))
    return out


def measure_dashboard(
    engine: Engine,
    scenarios: list[ScenarioInfo],
    lessons: Sequence[str] = (),
    *,
    learners_n: int = 30,
    runs: int = 3,
    timer: Callable[[], float] | None = None,
    clock: Clock = utc_now,
    limits: Limits | None = None,
) -> DashboardFigures:
    """Fill a class of ``learners_n`` learners to the store's caps (``limits``) and time its
    dashboard's load ``runs`` times (the median); ``scenarios`` and ``lessons`` are the
    app's, as the Teacher page and the app's store know them. Each learner holds the app's
    scenarios and lessons, then made-up ones up to the caps (records a store kept before
    unknown ones were ignored on arrival: the worst a class can hold). The class is
    deleted at the end."""
    timed_by = timer or time.perf_counter
    most = limits or Limits()
    store: ClassStore = open_store(engine, clock=clock, limits=most)
    own = [s.sid for s in scenarios]
    ids = own + [SCENARIO.format(i) for i in range(max(0, most.learner_records - len(own)))]
    lesson_ids = list(lessons) + [
        LESSON.format(i) for i in range(max(0, most.quizzes - len(lessons)))
    ]
    known = KnownItems(frozenset(own), frozenset(lessons)) if lessons else None
    reader = ClassStore(engine, clock=clock, limits=most, known=known)
    homework = [Homework("lesson", lesson_ids[0]), Homework("scenario", ids[0])]
    made = store.create_class("Bench class at the caps", homework)
    hands = _hands()
    for who in range(learners_n):
        token = store.join(made.join_code, f"SimulatedLearner {who}", f"bench-caps-{who}")
        learner = SimulatedLearner(who, token, class_link.Membership(token=token, loaded=True))
        deck_progress = _play_step(learner, 3, hands)  # a review deck of a few sessions
        sends = _capped_progress(who, ids, lesson_ids, most)
        for n, p in enumerate(sends):
            spent = {lid: 60 + who for lid in lesson_ids[: most.lessons]} if n == 0 else None
            store.sync(token, p.with_deck(deck_progress.deck) if n == 0 else p, lessons=spent)
        for start in range(0, most.learner_hands, most.sync_hands):
            batch = [
                dataclasses.replace(h, hand=f"b{who}-{start + i}", seconds=90 + i)
                for i, h in enumerate(
                    itertools.islice(
                        itertools.cycle(learner.session.hands.values()), most.sync_hands
                    )
                )
            ]
            store.sync(token, Progress(), hands=batch)
    games = {s.sid: s.game for s in scenarios}
    reads: list[float] = []
    figures: list[float] = []
    for _ in range(runs):
        began = timed_by()
        board = reader.dashboard(made.teacher_secret, scenarios)
        read = timed_by()
        for item in board.homework:
            item_rows(board_view(board, item, (item.ref,), games))
        table_rows(board.table)
        csv_text(board.table)
        if board.table.scenarios:
            class_heatmap(board.table, "stars")
        practice_rows(board_practice(board.members, board.hands), str)
        time_rows(board_times(board))
        people = board_decks(board.members, board.decks)
        deck_rows(people, board.read_at)
        class_positions([deck for _name, deck in people])
        reads.append(read - began)
        figures.append(timed_by() - read)
    sizes = _rows(engine)
    store.delete(made.teacher_secret)
    return DashboardFigures(
        database=engine.dialect.name,
        learners=learners_n,
        records=sizes["records"] // max(1, learners_n),
        quizzes=sizes["quizzes"] // max(1, learners_n),
        lessons=sizes["lesson_times"] // max(1, learners_n),
        hands=sizes["practice_hands"] // max(1, learners_n),
        read_ms=round(statistics.median(reads) * 1000, 1),
        figures_ms=round(statistics.median(figures) * 1000, 1),
    )


def describe_dashboard(f: DashboardFigures) -> str:
    """The dashboard's figures as a line."""
    return (
        f"{f.database}: dashboard of {f.learners} learners at the caps ({f.records:,} "
        f"scenario records, {f.quizzes} quizzes, {f.lessons} lesson times, {f.hands} "
        f"practice hands each): {f.load_ms / 1000:.2f} s (read {f.read_ms / 1000:.2f} s, "
        f"figures {f.figures_ms / 1000:.2f} s)"
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
    parser.add_argument(
        "--no-dashboard", action="store_true", help="skip the dashboard at the caps"
    )
    parser.add_argument(
        "--live",
        action="store_true",
        help="measure a live class instead (tutorial/tools/bench_live.py)",
    )
    parser.add_argument(
        "--every-ms", type=int, default=1000, help="how often a live page polls (with --live)"
    )
    parser.add_argument("--rounds", type=int, default=5, help="live steps run (with --live)")
    args = parser.parse_args(argv)
    if args.live:
        return _main_live(args)
    with tempfile.TemporaryDirectory() as tmp:
        url = args.url or f"sqlite:///{Path(tmp) / 'classes.db'}"
        engine = create_engine(url, pool_size=max(5, args.learners), max_overflow=10)
        try:
            figures = measure(engine, learners_n=args.learners, syncs=args.syncs)
            board = (
                None
                if args.no_dashboard
                else measure_dashboard(
                    engine, app_scenarios(), app_lessons(), learners_n=args.learners
                )
            )
        finally:
            engine.dispose()
    if args.json:
        print(json.dumps({**asdict(figures), "dashboard": asdict(board) if board else None}))
    else:
        print(describe(figures))
        if board is not None:
            print(describe_dashboard(board))
    return 0


def _main_live(args: argparse.Namespace) -> int:
    """Measure a live class and print it (see :mod:`tutorial.tools.bench_live`)."""
    from tutorial.tools.bench_live import describe_live, measure_live

    with tempfile.TemporaryDirectory() as tmp:
        url = args.url or f"sqlite:///{Path(tmp) / 'classes.db'}"
        engine = create_engine(url, pool_size=max(5, args.learners + 2), max_overflow=10)
        try:
            figures = measure_live(
                engine, learners_n=args.learners, rounds=args.rounds, every_ms=args.every_ms
            )
        finally:
            engine.dispose()
    print(json.dumps(asdict(figures)) if args.json else describe_live(figures))
    return 0


def app_lessons() -> list[str]:
    """The app's lesson ids (their quizzes and times are what a class keeps)."""
    from tutorial.course.lessons import load_lessons

    return [le.id for le in load_lessons("en")]


def app_scenarios() -> list[ScenarioInfo]:
    """The app's scenarios, as the Teacher page passes them to the dashboard."""
    from tutorial.course.library import load_library
    from tutorial.engine.games import GAMES

    lib = load_library()
    return [
        ScenarioInfo(sid, checked.scenario.title, game)
        for game in GAMES
        for sid, checked in lib.by_game(game)
    ]
