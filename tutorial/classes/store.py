"""The class storage's operations: :class:`ClassStore` over a SQLAlchemy ``Engine``.

A teacher holds the class's secret (the teacher link); a learner holds the token
:meth:`ClassStore.join` gave them. Each call checks the secret or token first, so a
token reads and writes only its own learner's records and a secret only its class.
Every write is one transaction (a failure mid-way leaves nothing of it); every query is
a SQLAlchemy expression (values are always bound parameters). A database that fails or
cannot be reached gives :class:`~tutorial.classes.errors.UnreachableError`, never a
driver's exception, and every call gives up in bounded time (:class:`Timeouts`, set on
the engine's connections); failures are logged with their cause (:data:`LOG`).
The teacher's changes lock the class's row, then the learner's; a sync takes the class's
row shared first: a removal, closing or deletion and a sync run one after the other.

Progress sent by a learner is merged with what is stored exactly as the browser merges
two progresses (:func:`tutorial.course.progress.merge`: done if done in either, the best
stars, the larger counts, the larger count of each wrong card); the time spent on a
scenario takes the larger of the two as well. A lesson's quiz keeps its best result, and
the time spent on a lesson (reading it, answering its quiz) the larger time. A practice hand
is kept by the key the browser gave it (a later send of the same hand, with more of its
review done, replaces it; its time spent takes the larger of the two), the newest
:attr:`Limits.learner_hands` of them. The review
deck is merged as the browser merges two copies (:func:`tutorial.course.review_deck.merge_decks`).
"""

from __future__ import annotations

from sqlalchemy import Engine

from tutorial.classes.dashboard import DashboardReads
from tutorial.classes.database import (
    WATCH,
    Clock,
    StatementWatch,
    Timeouts,
    sqlite_writer,
    utc_now,
)
from tutorial.classes.inputs import clean_name, shown_names
from tutorial.classes.learner import LearnerOperations
from tutorial.classes.sync import LearnerSync
from tutorial.classes.teacher import TeacherOperations
from tutorial.classes.values import (
    CostlyCard,
    Dashboard,
    Homework,
    KnownItems,
    LearnerView,
    Limits,
    Member,
    PracticeRecord,
)

#: What callers take from here: the store and the values it takes and gives, kept where they
#: always were (each is defined in the module that holds it).
__all__ = [
    "WATCH",
    "ClassStore",
    "Clock",
    "CostlyCard",
    "Dashboard",
    "Homework",
    "KnownItems",
    "LearnerView",
    "Limits",
    "Member",
    "PracticeRecord",
    "StatementWatch",
    "Timeouts",
    "clean_name",
    "open_store",
    "shown_names",
    "sqlite_writer",
    "utc_now",
]


class ClassStore(TeacherOperations, DashboardReads, LearnerOperations, LearnerSync):
    """Classes, their learners and their records, in one database (see the module's text):
    the store's core (:mod:`~tutorial.classes.transactions`) with the teacher's operations
    (:mod:`~tutorial.classes.teacher`), the dashboard's reads (:mod:`~tutorial.classes.dashboard`),
    the learner's (:mod:`~tutorial.classes.learner`) and the sync of their records
    (:mod:`~tutorial.classes.sync`)."""


def open_store(
    engine: Engine | str,
    *,
    clock: Clock = utc_now,
    limits: Limits | None = None,
    timeouts: Timeouts | None = None,
    known: KnownItems | None = None,
) -> ClassStore:
    """A store on ``engine`` (or a database URL) with its schema brought up to date."""
    store = ClassStore(engine, clock=clock, limits=limits, timeouts=timeouts, known=known)
    store.upgrade()
    return store
