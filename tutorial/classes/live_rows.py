"""What the class store's own operations do to live classes: a class deleted deletes its
live sessions, a learner removed (or leaving) loses their live answers, a class closed
ends its live session. Plain statements in the caller's transaction (SQLite keeps no
foreign keys, so nothing is left to ``ON DELETE CASCADE``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, delete, select, update

from tutorial.classes.schema import live_answers, live_members, live_sessions, live_steps


def delete_class_sessions(conn: Connection, class_id: int) -> None:
    """Delete every live session of a class with its members, steps and answers."""
    sessions = select(live_sessions.c.id).where(live_sessions.c.class_id == class_id)
    for table in (live_answers, live_steps, live_members):
        conn.execute(delete(table).where(table.c.session_id.in_(sessions)))
    conn.execute(delete(live_sessions).where(live_sessions.c.class_id == class_id))


def delete_learner_answers(conn: Connection, learner_id: int) -> None:
    """Delete a learner's places in live sessions and every answer they gave there."""
    places = select(live_members.c.id).where(live_members.c.learner_id == learner_id)
    conn.execute(delete(live_answers).where(live_answers.c.member_id.in_(places)))
    conn.execute(delete(live_members).where(live_members.c.learner_id == learner_id))


def end_class_sessions(conn: Connection, class_id: int, now: datetime) -> None:
    """End the class's live session, if one runs (its version moves on, so pages see it)."""
    conn.execute(
        update(live_sessions)
        .where(live_sessions.c.class_id == class_id, live_sessions.c.ended.is_(None))
        .values(state="ended", ended=now, version=live_sessions.c.version + 1)
    )
