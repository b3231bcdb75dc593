"""The class storage's schema: the Alembic migrations build exactly the tables the code
describes, on SQLite and on PostgreSQL, and upgrading twice is a no-op."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from db_util import KINDS, new_engine
from sqlalchemy import inspect

from tutorial.classes import migrate
from tutorial.classes.schema import metadata

TABLES = {
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
    engine = new_engine(kind, tmp_path, request)
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
            sorted(str(sorted(i.items())) for i in found.get_indexes(name)),
            sorted(str(sorted(u.items())) for u in found.get_unique_constraints(name)),
            sorted(str(sorted(f.items())) for f in found.get_foreign_keys(name)),
        )
        for name in found.get_table_names()
    }


def test_every_migration_has_one_parent_and_the_chain_ends_at_one_head() -> None:
    scripts = migrate.scripts()
    heads = scripts.get_heads()
    assert heads == [migrate.head()]
    chain = list(scripts.walk_revisions())
    assert chain[-1].down_revision is None
    assert all(s.doc for s in chain), "every migration says what it does"
