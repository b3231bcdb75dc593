"""The background worker of the practice review: one job per card the learner played.

Pure (never imports streamlit). A :class:`ReviewWorker` holds a ``concurrent.futures``
executor and, per hand (keyed by the hand's id), the future of each card's review by its
index in the hand's history. The Practice page queues a card's review as soon as the
learner has played it (``tutorial.course.practice.queue_review``), so the end of the hand
only collects what is done; nothing waits on a future.

The worker of the app's server is :func:`shared_worker`: ``REVIEW_PROCESSES`` processes
(the reviews are CPU-bound; processes leave the server's own threads their cores) at a
lower priority than the server's, falling back to a thread where no process can be
started. Tests install a worker on an
:class:`InlineExecutor`, which runs each job as it is queued.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import (
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
)
from dataclasses import dataclass
from typing import Any

__all__ = [
    "REVIEW_PROCESSES",
    "InlineExecutor",
    "ReviewWorker",
    "install",
    "server_executor",
    "shared_worker",
]

_LOG = logging.getLogger(__name__)

#: Hands whose reviews are kept at most (the oldest is forgotten first).
MAX_HANDS = 64
#: The review's worker processes on the app's server (``$ATOUT_REVIEW_PROCESSES`` sets
#: another number). Measured in ``docs/decisions.md`` ("A class finishing its hands in
#: the same minute"): one process fell behind a class of 30 playing Tarot, two kept up.
REVIEW_PROCESSES = max(1, int(os.environ.get("ATOUT_REVIEW_PROCESSES", "2") or 2))
#: How much lower than the server's the review processes' priority is (``os.nice``): a
#: learner's click never waits for a review.
REVIEW_NICENESS = 10


def _lower_priority() -> None:
    """The review process's start: below the server's priority (where the system allows)."""
    with contextlib.suppress(AttributeError, OSError):  # a system without nice
        os.nice(REVIEW_NICENESS)


class InlineExecutor(Executor):
    """An executor that runs each job at once, in the caller's thread (for tests)."""

    def __init__(self) -> None:
        self.submitted = 0  # how many jobs were queued

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Run ``fn(*args, **kwargs)`` now; its future is already done."""
        self.submitted += 1
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as err:  # the future carries it, as an executor's would
            future.set_exception(err)
        return future


@dataclass
class _Job:
    """One queued review: the function, its arguments and its future."""

    fn: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    future: Future[Any]


class ReviewWorker:
    """Jobs per hand on one executor; a job whose executor broke is queued again on a
    thread (``collect``)."""

    def __init__(self, executor: Executor, max_hands: int = MAX_HANDS) -> None:
        self.executor = executor
        self.max_hands = max_hands
        self._hands: OrderedDict[Hashable, dict[int, _Job]] = OrderedDict()
        self._lock = threading.Lock()

    def queue(
        self, hand: Hashable, item: int, fn: Callable[..., Any], *args: Any, **kwargs: Any
    ) -> bool:
        """Queue ``fn(*args, **kwargs)`` as item ``item`` of ``hand``; False when that
        item is already queued (nothing is done twice)."""
        with self._lock:
            jobs = self._hands.get(hand)
            if jobs is not None and item in jobs:
                return False
            if jobs is None:
                jobs = self._hands[hand] = {}
                while len(self._hands) > self.max_hands:
                    _, old = self._hands.popitem(last=False)
                    for job in old.values():
                        job.future.cancel()
            else:
                self._hands.move_to_end(hand)
            jobs[item] = _Job(fn, args, kwargs, self._submit(fn, args, kwargs))
            return True

    def _submit(
        self, fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Future[Any]:
        """The job on the executor (on a thread once the executor can take no more)."""
        try:
            return self.executor.submit(fn, *args, **kwargs)
        except (BrokenExecutor, RuntimeError, OSError) as err:
            _LOG.warning("review executor unavailable (%s): using a thread", err)
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
            return self.executor.submit(fn, *args, **kwargs)

    def queued(self, hand: Hashable) -> frozenset[int]:
        """The items queued for ``hand`` (done or not)."""
        with self._lock:
            return frozenset(self._hands.get(hand, {}))

    def collect(self, hand: Hashable) -> tuple[dict[int, Any], int]:
        """(the results done for ``hand`` by item, how many of its items are not done),
        without waiting. A job's own error is raised here."""
        done: dict[int, Any] = {}
        pending = 0
        with self._lock:
            jobs = dict(self._hands.get(hand, {}))
        for item, job in jobs.items():
            if not job.future.done():
                pending += 1
                continue
            err = None if job.future.cancelled() else job.future.exception()
            if job.future.cancelled() or isinstance(err, BrokenExecutor):
                with self._lock:
                    job.future = self._submit(job.fn, job.args, job.kwargs)
                pending += 1
                continue
            if err is not None:
                raise err
            done[item] = job.future.result()
        return done, pending

    def forget(self, hand: Hashable) -> None:
        """Drop ``hand``'s jobs (those not started are cancelled)."""
        with self._lock:
            jobs = self._hands.pop(hand, {})
        for job in jobs.values():
            job.future.cancel()


_SHARED: list[ReviewWorker] = []
_SHARED_LOCK = threading.Lock()


def server_executor(processes: int | None = None) -> Executor:
    """``processes`` worker processes (by default ``REVIEW_PROCESSES``) started afresh
    (``spawn``: the server's threads are not copied), or a thread where processes cannot
    be started."""
    count = max(1, processes if processes is not None else REVIEW_PROCESSES)
    try:
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(
            max_workers=count, mp_context=context, initializer=_lower_priority
        )
    except (OSError, NotImplementedError, ValueError) as err:  # pragma: no cover - platform
        _LOG.warning("no review process (%s): using a thread", err)
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")


def shared_worker() -> ReviewWorker:
    """The process-wide worker (made on first use, unless one was installed)."""
    with _SHARED_LOCK:
        if not _SHARED:
            _SHARED.append(ReviewWorker(server_executor()))
        return _SHARED[0]


def install(worker: ReviewWorker | None) -> ReviewWorker | None:
    """Make ``worker`` the process-wide one (None: the next use makes a fresh one);
    returns the one it replaces."""
    with _SHARED_LOCK:
        old = _SHARED[0] if _SHARED else None
        _SHARED[:] = [worker] if worker is not None else []
        return old
