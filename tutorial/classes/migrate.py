"""Apply the class storage's Alembic migrations to a database, from Python (no ``alembic.ini``).

:func:`upgrade` runs on start: it brings an empty database to the newest schema and
leaves an up-to-date one as it is. The migrations live in ``migrations/versions``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic.config import Config
from alembic.runtime.environment import EnvironmentContext
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Engine

from tutorial.classes.schema import metadata

#: The folder of the migration scripts.
MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def scripts() -> ScriptDirectory:
    """The migration scripts, as Alembic reads them."""
    return ScriptDirectory(str(MIGRATIONS))


def head() -> str:
    """The newest schema version."""
    found = scripts().get_current_head()
    assert found is not None, "no migration found"
    return found


def current(engine: Engine) -> str | None:
    """The schema version a database is at (None when it was never migrated)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest schema (nothing to do when it is there already)."""
    script = scripts()
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))

    def steps(rev: Any, _context: Any) -> Any:
        return script._upgrade_revs("head", rev)

    with engine.begin() as conn:
        env = EnvironmentContext(config, script, fn=steps)
        env.configure(connection=conn, target_metadata=metadata)
        with env.begin_transaction():
            env.run_migrations()
