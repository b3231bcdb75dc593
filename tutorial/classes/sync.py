"""The sync of a learner's records (:class:`LearnerSync`): what the browser sends merged
with what is stored, as the browser merges two progresses (see :mod:`tutorial.classes.store`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Connection,
    bindparam,
    delete,
    insert,
    select,
    update,
)

from tutorial.classes.database import LOG
from tutorial.classes.errors import (
    AccessError,
    SyncError,
)
from tutorial.classes.inputs import (
    costliest_json,
    deck_of,
    quiz_of,
    read_hands,
    read_lesson_times,
    read_payload,
    record_of,
    record_values,
)
from tutorial.classes.schema import (
    lesson_times,
    practice_hands,
    quizzes,
    records,
    review_decks,
)
from tutorial.classes.transactions import StoreCore
from tutorial.classes.values import PracticeRecord
from tutorial.course.progress import (
    Progress,
    QuizRecord,
    merge,
)
from tutorial.course.review_deck import ReviewDeck, merge_decks
from tutorial.language.i18n import t


class LearnerSync(StoreCore):
    """A learner's records sent by their browser, merged with what is stored."""

    def sync(
        self,
        token: str,
        progress: Progress | str | bytes,
        seconds: Mapping[str, int] | None = None,
        *,
        lessons: Mapping[str, int] | None = None,
        hands: Sequence[PracticeRecord | Mapping[str, Any]] | None = None,
    ) -> Progress:
        """Merge what a learner's browser holds into their stored records; returns the
        learner's whole stored progress after the merge (for the browser to merge back).

        ``progress`` is a progress or its JSON text (the progress file), its review deck
        included (version 2); ``seconds`` the time spent per scenario of it, ``lessons``
        per lesson; ``hands`` the practice hands played. Each lesson quiz keeps its best
        result (the most right answers, then the most questions), as the browser's merge
        does.

        Raises:
            SyncError: too big or malformed (nothing stored changes).
            AccessError: the token is forged or replaced, the learner was removed, or the
                class is closed.
        """
        sent, times = read_payload(progress, seconds, self.limits)
        lesson_secs = read_lesson_times(lessons, self.limits)
        hand_list = read_hands(hands, self.limits)
        sent, times, lesson_secs = self._known_only(sent, times, lesson_secs)
        now = self.now()
        with self.write() as conn:
            me = self.learner_of(conn, token, touch=now)
            if me.class_closed is not None:
                raise AccessError("class_closed", t("classes.class_closed"))
            rows = conn.execute(select(records).where(records.c.learner_id == me.id)).all()
            old = {r.scenario: record_of(r) for r in rows}
            old_seconds = {r.scenario: r.seconds for r in rows}
            total = len(old.keys() | sent.scenarios.keys())
            if total > self.limits.learner_records:
                raise SyncError(
                    "sync_total",
                    t("classes.sync_total", size=total, most=self.limits.learner_records),
                )
            merged = merge(Progress(scenarios=old), Progress(scenarios=sent.scenarios))
            fresh: list[dict[str, Any]] = []
            changed: list[dict[str, Any]] = []
            for sid in sent.scenarios:
                rec = merged.scenarios[sid]
                secs = max(old_seconds.get(sid, 0), times.get(sid, 0))
                if sid not in old:
                    fresh.append(
                        {
                            "learner_id": me.id,
                            "scenario": sid,
                            "seconds": secs,
                            "updated": now,
                            **record_values(rec),
                        }
                    )
                elif rec != old[sid] or secs != old_seconds[sid]:
                    changed.append(
                        {
                            "b_learner": me.id,
                            "b_scenario": sid,
                            "seconds": secs,
                            "updated": now,
                            **record_values(rec),
                        }
                    )
            if fresh:
                conn.execute(insert(records), fresh)
            if changed:
                conn.execute(
                    update(records).where(
                        records.c.learner_id == bindparam("b_learner"),
                        records.c.scenario == bindparam("b_scenario"),
                    ),
                    changed,
                )
            kept_quizzes = self._merge_quizzes(conn, me.id, sent.quizzes, now)
            self._merge_lesson_times(conn, me.id, lesson_secs, now)
            self._merge_hands(conn, me.id, hand_list, now)
            deck = self._merge_deck(conn, me.id, sent, now)
        back = Progress(scenarios={**old, **merged.scenarios}, quizzes=kept_quizzes)
        return back.with_deck(deck) if deck is not None else back

    def _known_only(
        self, sent: Progress, times: dict[str, int], lesson_secs: dict[str, int]
    ) -> tuple[Progress, dict[str, int], dict[str, int]]:
        """What was sent, without the records of scenarios and lessons the app does not
        have (:attr:`known`; all are kept when it is None): they are ignored, not refused,
        so a browser holding an old scenario's record still sends the rest."""
        known = self.known
        if known is None:
            return sent, times, lesson_secs
        scenarios = {k: v for k, v in sent.scenarios.items() if k in known.scenarios}
        quizzes_kept = {k: v for k, v in sent.quizzes.items() if k in known.lessons}
        dropped = (len(sent.scenarios) - len(scenarios)) + (len(sent.quizzes) - len(quizzes_kept))
        if dropped:
            LOG.info("A sync's %d records of unknown scenarios or lessons were ignored.", dropped)
        return (
            sent.model_copy(update={"scenarios": scenarios, "quizzes": quizzes_kept}),
            {k: v for k, v in times.items() if k in scenarios},
            {k: v for k, v in lesson_secs.items() if k in known.lessons},
        )

    def _merge_lesson_times(
        self, conn: Connection, learner_id: int, sent: Mapping[str, int], now: datetime
    ) -> None:
        """Keep each lesson's larger time spent (the stored one or the one sent).

        Raises:
            SyncError: the learner would have more lesson times than :attr:`Limits.lessons`.
        """
        if not sent:
            return
        rows = conn.execute(
            select(lesson_times.c.lesson, lesson_times.c.seconds).where(
                lesson_times.c.learner_id == learner_id
            )
        ).all()
        old = {r.lesson: r.seconds for r in rows}
        total = len(old.keys() | sent.keys())
        if total > self.limits.lessons:
            raise SyncError(
                "sync_lessons_many",
                t("classes.sync_lessons_many", size=total, most=self.limits.lessons),
            )
        for lid, secs in sent.items():
            if lid not in old:
                conn.execute(
                    insert(lesson_times).values(
                        learner_id=learner_id, lesson=lid, seconds=secs, updated=now
                    )
                )
            elif secs > old[lid]:
                conn.execute(
                    update(lesson_times)
                    .where(lesson_times.c.learner_id == learner_id, lesson_times.c.lesson == lid)
                    .values(seconds=secs, updated=now)
                )

    def _merge_hands(
        self, conn: Connection, learner_id: int, sent: Sequence[PracticeRecord], now: datetime
    ) -> None:
        """Keep the practice hands sent (a hand sent again with more of its review done
        replaces the stored one; its time spent takes the larger of the two), then only
        the newest :attr:`Limits.learner_hands`."""
        if not sent:
            return
        keys = [h.hand for h in sent]
        rows = conn.execute(
            select(
                practice_hands.c.hand, practice_hands.c.cards_reviewed, practice_hands.c.seconds
            ).where(practice_hands.c.learner_id == learner_id, practice_hands.c.hand.in_(keys))
        ).all()
        old = {r.hand: (r.cards_reviewed, r.seconds) for r in rows}
        for h in sent:
            values: dict[str, Any] = {
                "game": h.game,
                "cards_reviewed": h.cards_reviewed,
                "cards_played": h.cards_played,
                "lost_tenths": round(h.lost * 10),
                "costliest": costliest_json(h.costliest),
                "seconds": h.seconds,
            }
            if h.hand not in old:
                conn.execute(
                    insert(practice_hands).values(
                        learner_id=learner_id, hand=h.hand, played=now, **values
                    )
                )
                continue
            was_reviewed, was_seconds = old[h.hand]
            if h.cards_reviewed < was_reviewed:  # an older copy: only a longer time is news
                values = {"seconds": h.seconds} if h.seconds > was_seconds else {}
            else:
                values["seconds"] = max(h.seconds, was_seconds)
            if values:
                conn.execute(
                    update(practice_hands)
                    .where(
                        practice_hands.c.learner_id == learner_id,
                        practice_hands.c.hand == h.hand,
                    )
                    .values(**values)
                )
        beyond = conn.execute(
            select(practice_hands.c.hand)
            .where(practice_hands.c.learner_id == learner_id)
            .order_by(practice_hands.c.played.desc(), practice_hands.c.hand.desc())
            .offset(self.limits.learner_hands)
        ).all()
        if beyond:
            conn.execute(
                delete(practice_hands).where(
                    practice_hands.c.learner_id == learner_id,
                    practice_hands.c.hand.in_([r.hand for r in beyond]),
                )
            )

    def _merge_deck(
        self, conn: Connection, learner_id: int, sent: Progress, now: datetime
    ) -> ReviewDeck | None:
        """Merge the review deck sent with the stored one; returns the deck kept (None
        when neither the store nor the progress has one: a version 1 progress has none)."""
        row = conn.execute(
            select(review_decks.c.deck).where(review_decks.c.learner_id == learner_id)
        ).first()
        old = deck_of(row.deck) if row is not None else None
        if sent.version < 2:
            return old
        merged = merge_decks(old, sent.deck) if old is not None else sent.deck
        if merged == old:
            return old
        values = {"deck": merged.model_dump_json(), "cards": len(merged.cards), "updated": now}
        if row is None:
            conn.execute(insert(review_decks).values(learner_id=learner_id, **values))
        else:
            conn.execute(
                update(review_decks).where(review_decks.c.learner_id == learner_id).values(**values)
            )
        return merged

    def _merge_quizzes(
        self, conn: Connection, learner_id: int, sent: Mapping[str, QuizRecord], now: datetime
    ) -> dict[str, QuizRecord]:
        """Keep each quiz's better result (the stored one or the one sent); returns them all.

        Raises:
            SyncError: the learner would have more quiz results than :attr:`Limits.quizzes`.
        """
        rows = conn.execute(select(quizzes).where(quizzes.c.learner_id == learner_id)).all()
        old = {r.lesson: quiz_of(r) for r in rows}
        total = len(old.keys() | sent.keys())
        if total > self.limits.quizzes:
            raise SyncError(
                "sync_quizzes", t("classes.sync_quizzes", size=total, most=self.limits.quizzes)
            )
        kept = dict(old)
        for lid, q in sent.items():
            was = old.get(lid)
            if was is not None and (q.right, q.total) <= (was.right, was.total):
                continue
            kept[lid] = q
            values = {"right_answers": q.right, "questions": q.total, "updated": now}
            if was is None:
                conn.execute(insert(quizzes).values(learner_id=learner_id, lesson=lid, **values))
            else:
                conn.execute(
                    update(quizzes)
                    .where(quizzes.c.learner_id == learner_id, quizzes.c.lesson == lid)
                    .values(**values)
                )
        return kept
