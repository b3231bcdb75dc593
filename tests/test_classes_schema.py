"""The class storage's schema: the Alembic migrations build exactly the tables the code
describes, on SQLite and on PostgreSQL, upgrading twice is a no-op, and rows kept under an
older schema stay valid under the newest."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.environment import EnvironmentContext
from alembic.runtime.migration import MigrationContext
from db_util import KINDS, new_engine
from sqlalchemy import Engine, inspect, text

from tutorial.classes import migrate, tokens
from tutorial.classes.schema import metadata
from tutorial.classes.store import ClassStore, PracticeRecord
from tutorial.course.progress import Progress

TABLES = {
    "live_sessions",
    "live_members",
    "live_steps",
    "live_answers",
    "classes",
    "homework",
    "learners",
    "records",
    "quizzes",
    "join_attempts",
    "practice_hands",
    "lesson_times",
    "review_decks",
}


@pytest.mark.parametrize("kind", KINDS)
def test_the_migrations_build_the_models_and_a_second_upgrade_changes_nothing(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    engine = new_engine(kind, tmp_path, request, empty=True)
    try:
        assert migrate.current(engine) is None
        migrate.upgrade(engine)
        assert migrate.current(engine) == migrate.head()
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []
        first = _shape(engine)
        assert set(first) == TABLES | {"alembic_version"}
        migrate.upgrade(engine)
        assert migrate.current(engine) == migrate.head()
        assert _shape(engine) == first
    finally:
        engine.dispose()


def _shape(engine: object) -> dict[str, object]:
    """Each table's columns, indexes, unique constraints and foreign keys, as the database says."""
    found = inspect(engine)
    return {
        name: (
            [(c["name"], str(c["type"]), c["nullable"]) for c in found.get_columns(name)],
            sorted(str(sorted(_index(i).items())) for i in found.get_indexes(name)),
            sorted(str(sorted(u.items())) for u in found.get_unique_constraints(name)),
            sorted(str(sorted(f.items())) for f in found.get_foreign_keys(name)),
        )
        for name in found.get_table_names()
    }


def _index(found: Any) -> dict[str, object]:
    """An index as the database describes it, its partial index's condition as text (the
    inspector gives it as a clause object, a new one at each reading)."""
    options = found.get("dialect_options", {})
    return {**found, "dialect_options": {k: str(v) for k, v in options.items()}}


def test_every_migration_has_one_parent_and_the_chain_ends_at_one_head() -> None:
    scripts = migrate.scripts()
    heads = scripts.get_heads()
    assert heads == [migrate.head()]
    chain = list(scripts.walk_revisions())
    assert chain[-1].down_revision is None
    assert all(s.doc for s in chain), "every migration says what it does"


def _upgrade_to(engine: Engine, revision: str) -> None:
    """Bring the database to ``revision`` only (the app always goes to the newest)."""
    script = migrate.scripts()
    config = Config()
    config.set_main_option("script_location", str(migrate.MIGRATIONS))

    def steps(rev: Any, _context: Any) -> Any:
        return script._upgrade_revs(revision, rev)

    with engine.begin() as conn:
        env = EnvironmentContext(config, script, fn=steps)
        env.configure(connection=conn, target_metadata=metadata)
        with env.begin_transaction():
            env.run_migrations()


def _old_class(engine: Engine) -> tuple[str, str]:
    """A class with a six-character code and one learner, written as an older schema kept
    them (no board); returns the teacher secret and the learner's token."""
    secret, token = tokens.new_secret(), tokens.new_secret()
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO classes (name, created, teacher_hash, join_code, join_open)"
                " VALUES ('Class', :t, :h, 'ABC2DE', :o)"
            ),
            {"t": datetime(2026, 3, 1, 9), "h": tokens.digest(secret), "o": True},
        )
        class_id = conn.execute(text("SELECT id FROM classes")).scalar_one()
        conn.execute(
            text(
                "INSERT INTO learners (class_id, display_name, token_hash, joined)"
                " VALUES (:c, 'Ana', :h, :t)"
            ),
            {"c": class_id, "h": tokens.digest(token), "t": datetime(2026, 3, 1, 9)},
        )
    return secret, token


@pytest.mark.parametrize("kind", KINDS)
def test_a_class_kept_before_boards_keeps_its_code_and_gets_its_board(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    engine = new_engine(kind, tmp_path, request, empty=True)
    try:
        _upgrade_to(engine, "0004")
        secret, token = _old_class(engine)
        store = ClassStore(engine, clock=lambda: datetime(2026, 3, 2, 9))
        store.upgrade()
        assert migrate.current(engine) == migrate.head()
        board_token = store.board_token(secret)
        assert board_token == tokens.board_secret(secret)
        assert store.board(board_token, []).name == "Class"
        assert store.dashboard(secret, []).join_code == "ABC2DE"
        store.join("abc2de", "Bo", "c2")  # the six-character code still joins
        store.sync(token, Progress())
        assert [m.name for m in store.dashboard(secret, []).members] == ["Ana", "Bo"]
    finally:
        engine.dispose()


@pytest.mark.parametrize("kind", KINDS)
def test_practice_hands_kept_before_their_time_was_counted_stay_valid_with_none(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    engine = new_engine(kind, tmp_path, request, empty=True)
    try:
        _upgrade_to(engine, "0003")
        assert migrate.current(engine) == "0003"
        store = ClassStore(engine, clock=lambda: datetime(2026, 3, 2, 9))
        _secret, token = _old_class(engine)
        with engine.begin() as conn:  # a hand as the schema before the time kept it
            learner = conn.execute(text("SELECT id FROM learners")).scalar_one()
            conn.execute(
                text(
                    "INSERT INTO practice_hands (learner_id, hand, game, played, cards_reviewed,"
                    " cards_played, lost_tenths, costliest)"
                    " VALUES (:l, 'old', 'belote', :t, 8, 8, 145, '[]')"
                ),
                {"l": learner, "t": datetime(2026, 3, 1, 9)},
            )
        store.upgrade()  # as the app does on start
        assert migrate.current(engine) == migrate.head()
        (old,) = store.what_teacher_sees(token).hands
        assert (old.hand, old.cards_reviewed, old.lost, old.seconds) == ("old", 8, 14.5, 0)
        store.sync(token, Progress(), hands=[PracticeRecord("new", "belote", 8, 8, 1.0, (), 95)])
        assert {h.hand: h.seconds for h in store.what_teacher_sees(token).hands} == {
            "old": 0,
            "new": 95,
        }
    finally:
        engine.dispose()


@pytest.mark.parametrize("kind", KINDS)
def test_homework_and_records_of_a_moved_lesson_follow_it(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Belote's from-Tarot lessons moved from 12-13 to 13-14: a class's homework, a quiz
    result and a lesson time kept under the old ids follow the lessons, and a row already
    sent under the new id is the one kept."""
    old12, new13 = "belote/12-from-tarot-partner-winning", "belote/13-from-tarot-partner-winning"
    old13, new14 = "belote/13-from-tarot-ranks-and-points", "belote/14-from-tarot-ranks-and-points"
    engine = new_engine(kind, tmp_path, request, empty=True)
    try:
        _upgrade_to(engine, "0005")
        _old_class(engine)
        at = datetime(2026, 3, 1, 10)
        with engine.begin() as conn:
            class_id = conn.execute(text("SELECT id FROM classes")).scalar_one()
            learner = conn.execute(text("SELECT id FROM learners")).scalar_one()
            for position, ref in enumerate((old12, old13)):
                conn.execute(
                    text(
                        "INSERT INTO homework (class_id, position, kind, ref)"
                        " VALUES (:c, :p, 'lesson', :r)"
                    ),
                    {"c": class_id, "p": position, "r": ref},
                )
            for lesson, right in ((old12, 2), (old13, 1), (new14, 3)):
                conn.execute(
                    text(
                        "INSERT INTO quizzes (learner_id, lesson, right_answers, questions,"
                        " updated) VALUES (:l, :s, :r, 3, :t)"
                    ),
                    {"l": learner, "s": lesson, "r": right, "t": at},
                )
            conn.execute(
                text(
                    "INSERT INTO lesson_times (learner_id, lesson, seconds, updated)"
                    " VALUES (:l, :s, 90, :t)"
                ),
                {"l": learner, "s": old12, "t": at},
            )
        migrate.upgrade(engine)
        with engine.connect() as conn:
            refs = conn.execute(text("SELECT ref FROM homework ORDER BY position")).scalars()
            quiz = dict(conn.execute(text("SELECT lesson, right_answers FROM quizzes")).all())
            times = conn.execute(text("SELECT lesson FROM lesson_times")).scalars().all()
        assert list(refs) == [new13, new14]
        assert quiz == {new13: 2, new14: 3}  # the result sent under the new id is kept
        assert times == [new13]
    finally:
        engine.dispose()
