"""The class store's values: its limits (:class:`Limits`), what it hands back (a new class,
a member, the dashboard, what a teacher sees of one learner) and what it is sent (homework,
practice hands)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from tutorial.course.classroom import (
    ClassTable,
)
from tutorial.course.progress import (
    Progress,
    QuizRecord,
)
from tutorial.course.review_deck import ReviewDeck


@dataclass(frozen=True)
class Limits:
    """How much the store accepts: the rate limits of joining and the sizes of what is kept."""

    #: The window the join limits count in.
    window: timedelta = timedelta(minutes=15)
    #: Wrong codes one client (a browser session at its address) may try in a window.
    client_failures: int = 10
    #: Wrong codes one address may try in a window (a school's pupils share one address).
    address_failures: int = 200
    #: Wrong codes all clients together may try in a window (many addresses guessing); once
    #: it is spent, only addresses with fewer than :attr:`quiet_failures` wrong codes in
    #: the window are still served.
    all_failures: int = 2000
    #: Wrong codes an address may have tried and still be served past :attr:`all_failures`.
    quiet_failures: int = 10
    #: Learners who may join one class in a window (a code written on a public page).
    class_joins: int = 100
    #: Learners a class holds (removed ones not counted).
    learners: int = 200
    #: Scenario records in one sync.
    sync_records: int = 1000
    #: Scenario records kept per learner.
    learner_records: int = 2000
    #: Quiz results in one sync, and kept per learner.
    quizzes: int = 500
    #: Homework items of a class.
    homework: int = 100
    #: The time spent on one scenario, in seconds (a thousand hours).
    seconds: int = 3_600_000
    #: Lessons whose time spent is sent in one sync, and kept per learner.
    lessons: int = 500
    #: Practice hands in one sync.
    sync_hands: int = 50
    #: Practice hands kept per learner (the newest; older ones are dropped).
    learner_hands: int = 200
    #: Costliest cards kept per practice hand.
    costliest: int = 3
    #: The learner's cards in one practice hand (the largest hand is 24 cards).
    hand_cards: int = 40


@dataclass(frozen=True)
class KnownItems:
    """The scenarios and lessons the app has: a record of anything else is ignored when
    it arrives (a browser may send what it likes; the class keeps only what it can show)."""

    scenarios: frozenset[str]
    lessons: frozenset[str]


@dataclass(frozen=True)
class CostlyCard:
    """One of a practice hand's costliest cards: the card (its code), the trick it was
    played in, and the points it lost with what the learner could know and with every
    card shown."""

    card: str
    trick: int
    known: float
    shown: float


@dataclass(frozen=True)
class PracticeRecord:
    """What the class keeps of a practice hand: its game, how many of the learner's cards
    were played and reviewed, the points they lost (with what the learner could know), the
    costliest cards and the seconds spent playing it (from the deal to the last card).
    ``hand`` is the browser's key for the hand; ``played`` is when the class first had it
    (set by the store)."""

    hand: str
    game: str
    cards_reviewed: int
    cards_played: int
    lost: float
    costliest: tuple[CostlyCard, ...] = ()
    seconds: int = 0
    played: datetime | None = None


@dataclass(frozen=True)
class Homework:
    """One homework item: a lesson, playlist or scenario (by its id), with an optional due day."""

    kind: str
    ref: str
    due: date | None = None


@dataclass(frozen=True)
class NewClass:
    """A class just made: its id, the teacher's secret, the board token (both drawn again
    from the secret only) and the join code."""

    class_id: int
    teacher_secret: str
    join_code: str
    board_token: str = ""


@dataclass(frozen=True)
class Member:
    """A learner of the class as the teacher manages them: the id to rename or remove them by."""

    learner_id: int
    name: str
    shown: str
    joined: datetime
    synced: datetime | None


@dataclass(frozen=True)
class Dashboard:
    """What the teacher sees of a class: its settings, its homework, its learners and the
    table :func:`tutorial.course.classroom.class_table` makes of their records."""

    class_id: int
    name: str
    created: datetime
    closed: datetime | None
    join_code: str
    join_open: bool
    homework: tuple[Homework, ...]
    members: tuple[Member, ...]  # in the order of table.learners
    table: ClassTable
    #: Seconds spent per learner id and scenario id.
    seconds: Mapping[int, Mapping[str, int]]
    #: Quiz results per learner id and lesson id.
    quizzes: Mapping[int, Mapping[str, QuizRecord]] = dataclasses.field(default_factory=dict)
    #: Seconds spent per learner id and lesson id (reading it, answering its quiz).
    lesson_seconds: Mapping[int, Mapping[str, int]] = dataclasses.field(default_factory=dict)
    #: Practice hands per learner id, the newest first.
    hands: Mapping[int, tuple[PracticeRecord, ...]] = dataclasses.field(default_factory=dict)
    #: The review deck per learner id (learners who sent none are left out).
    decks: Mapping[int, ReviewDeck] = dataclasses.field(default_factory=dict)
    #: When the dashboard was read (UTC, aware): the day cards are due on.
    read_at: datetime = dataclasses.field(default_factory=lambda: datetime.now(UTC))


@dataclass(frozen=True)
class LearnerView:
    """What a learner's teacher sees of them (shown to the learner, so nothing is hidden)."""

    class_name: str
    name: str
    joined: datetime
    synced: datetime | None
    homework: tuple[Homework, ...]
    progress: Progress
    #: When the class was closed (None while it is open): nothing more is sent to it.
    closed: datetime | None
    seconds: Mapping[str, int]
    lesson_seconds: Mapping[str, int] = dataclasses.field(default_factory=dict)
    hands: tuple[PracticeRecord, ...] = ()
    deck: ReviewDeck = dataclasses.field(default_factory=ReviewDeck)
    read_at: datetime = dataclasses.field(default_factory=lambda: datetime.now(UTC))
