"""The class storage's Alembic migrations (``versions/``), applied by :mod:`tutorial.classes.migrate`."""
