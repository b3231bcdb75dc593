"""The dashboard's reads (:class:`DashboardReads`): the class as its teacher sees it (by
the teacher's secret or the board's token) and everything the teacher sees of one learner."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Connection,
    Row,
    Table,
    select,
)

from tutorial.classes import tokens
from tutorial.classes.errors import (
    AccessError,
)
from tutorial.classes.inputs import aware, deck_of, hand_row_of, quiz_of, record_of, shown_names
from tutorial.classes.schema import (
    classes,
    learners,
    lesson_times,
    practice_hands,
    quizzes,
    records,
    review_decks,
)
from tutorial.classes.transactions import StoreCore
from tutorial.classes.values import Dashboard, LearnerView, Member, PracticeRecord
from tutorial.course.classroom import (
    Learner,
    ReadCodes,
    ScenarioInfo,
    class_table,
)
from tutorial.course.progress import (
    Progress,
    QuizRecord,
    ScenarioRecord,
)
from tutorial.course.review_deck import ReviewDeck
from tutorial.language.i18n import t


@dataclass(frozen=True)
class _Extra:
    """Lesson times, practice hands and decks per learner id, as read together."""

    lesson_seconds: dict[int, dict[str, int]]
    hands: dict[int, tuple[PracticeRecord, ...]]
    decks: dict[int, ReviewDeck]


class DashboardReads(StoreCore):
    """The class as its teacher sees it, and what they see of one learner."""

    def dashboard(self, secret: str, scenarios: Sequence[ScenarioInfo]) -> Dashboard:
        """The class as its teacher sees it; ``scenarios`` are the app's, in the course's order
        (as :func:`tutorial.course.classroom.class_table` takes them)."""
        with self.read() as conn:
            return self._dashboard_of(conn, self.class_of(conn, secret), scenarios)

    def board(self, token: str, scenarios: Sequence[ScenarioInfo]) -> Dashboard:
        """The class as its board shows it (the same figures as the teacher's dashboard),
        opened by the board token: a read, and the token opens nothing else.

        Raises:
            AccessError: the token opens no board (forged, the teacher link rotated, the
                class deleted).
        """
        with self.read() as conn:
            return self._dashboard_of(conn, self.board_class_of(conn, token), scenarios)

    def board_class_of(self, conn: Connection, token: object) -> Row[Any]:
        """The class a board token opens.

        Raises:
            AccessError: the token opens no board.
        """
        if not tokens.well_formed(token):
            raise AccessError("bad_board", t("classes.bad_board"))
        assert isinstance(token, str)
        wanted = tokens.digest(token)
        row = conn.execute(select(classes).where(classes.c.board_hash == wanted)).first()
        if row is None or row.board_hash is None or not tokens.same(row.board_hash, wanted):
            raise AccessError("bad_board", t("classes.bad_board"))
        return row

    def _dashboard_of(
        self, conn: Connection, row: Row[Any], scenarios: Sequence[ScenarioInfo]
    ) -> Dashboard:
        """The dashboard of the class ``row``, read in ``conn``.

        Only the records of these scenarios are read (and, when the store knows the app's
        lessons, :attr:`known`, only those lessons' quizzes and times): records of anything
        else, kept before they were ignored on arrival, cannot slow the teacher's page.
        """
        sids = sorted({s.sid for s in scenarios})
        lessons = sorted(self.known.lessons) if self.known is not None else None
        items = self.homework_of(conn, row.id)
        people = conn.execute(
            select(learners)
            .where(learners.c.class_id == row.id, learners.c.removed.is_(None))
            .order_by(learners.c.joined, learners.c.id)
        ).all()
        kept = conn.execute(
            select(records)
            .join(learners, learners.c.id == records.c.learner_id)
            .where(
                learners.c.class_id == row.id,
                learners.c.removed.is_(None),
                records.c.scenario.in_(sids),
            )
        ).all()
        quiz_query = (
            select(quizzes)
            .join(learners, learners.c.id == quizzes.c.learner_id)
            .where(learners.c.class_id == row.id, learners.c.removed.is_(None))
        )
        if lessons is not None:
            quiz_query = quiz_query.where(quizzes.c.lesson.in_(lessons))
        quiz_rows = conn.execute(quiz_query).all()
        extra = self._learners_extra(conn, row.id, lessons=lessons)
        quizzes_of: dict[int, dict[str, QuizRecord]] = {}
        for q in quiz_rows:
            quizzes_of.setdefault(q.learner_id, {})[q.lesson] = quiz_of(q)
        by_learner: dict[int, dict[str, ScenarioRecord]] = {}
        seconds: dict[int, dict[str, int]] = {}
        for r in kept:
            by_learner.setdefault(r.learner_id, {})[r.scenario] = record_of(r)
            seconds.setdefault(r.learner_id, {})[r.scenario] = r.seconds
        shown = shown_names([p.display_name for p in people])
        members = tuple(
            Member(p.id, p.display_name, s, p.joined, p.synced)
            for p, s in zip(people, shown, strict=True)
        )
        read = ReadCodes(
            tuple(
                Learner(
                    m.shown,
                    m.synced.date().isoformat() if m.synced else "",
                    i,
                    Progress(
                        learner=m.name,
                        scenarios=by_learner.get(m.learner_id, {}),
                        quizzes=quizzes_of.get(m.learner_id, {}),
                    ),
                )
                for i, m in enumerate(members, start=1)
            ),
            (),
        )
        return Dashboard(
            class_id=row.id,
            name=row.name,
            created=row.created,
            closed=row.closed,
            join_code=row.join_code,
            join_open=bool(row.join_open),
            homework=items,
            members=members,
            table=class_table(read, scenarios),
            seconds=seconds,
            quizzes=quizzes_of,
            lesson_seconds=extra.lesson_seconds,
            hands=extra.hands,
            decks=extra.decks,
            read_at=aware(self.now()),
        )

    def _learners_extra(
        self,
        conn: Connection,
        class_id: int | None,
        learner_id: int = 0,
        *,
        lessons: Sequence[str] | None = None,
    ) -> _Extra:
        """The lesson times (of ``lessons`` only, when given), practice hands and review
        decks of a class's learners (not removed), or of one learner when ``class_id`` is
        None."""

        def of(table: Table) -> Any:
            query = select(table)
            if class_id is None:
                return query.where(table.c.learner_id == learner_id)
            return query.join(learners, learners.c.id == table.c.learner_id).where(
                learners.c.class_id == class_id, learners.c.removed.is_(None)
            )

        times: dict[int, dict[str, int]] = {}
        time_query = of(lesson_times)
        if lessons is not None:
            time_query = time_query.where(lesson_times.c.lesson.in_(lessons))
        for r in conn.execute(time_query):
            times.setdefault(r.learner_id, {})[r.lesson] = r.seconds
        hands: dict[int, list[PracticeRecord]] = {}
        query = of(practice_hands).order_by(
            practice_hands.c.played.desc(), practice_hands.c.hand.desc()
        )
        for r in conn.execute(query):
            hands.setdefault(r.learner_id, []).append(hand_row_of(r))
        decks = {r.learner_id: deck_of(r.deck) for r in conn.execute(of(review_decks))}
        return _Extra(times, {k: tuple(v) for k, v in hands.items()}, decks)

    def what_teacher_sees(self, token: str) -> LearnerView:
        """Everything the learner's teacher sees of this learner (their name, records, times)."""
        with self.read() as conn:
            me = self.learner_of(conn, token)
            items = self.homework_of(conn, me.class_id)
            rows = conn.execute(select(records).where(records.c.learner_id == me.id)).all()
            quiz_rows = conn.execute(select(quizzes).where(quizzes.c.learner_id == me.id)).all()
            extra = self._learners_extra(conn, None, me.id)
        return LearnerView(
            class_name=me.class_name,
            closed=me.class_closed,
            name=me.display_name,
            joined=me.joined,
            synced=me.synced,
            homework=items,
            progress=Progress(
                learner=me.display_name,
                scenarios={r.scenario: record_of(r) for r in rows},
                quizzes={q.lesson: quiz_of(q) for q in quiz_rows},
            ),
            seconds={r.scenario: r.seconds for r in rows},
            lesson_seconds=extra.lesson_seconds.get(me.id, {}),
            hands=extra.hands.get(me.id, ()),
            deck=extra.decks.get(me.id, ReviewDeck()),
            read_at=aware(self.now()),
        )
