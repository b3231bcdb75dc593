"""Classes that fill themselves: a teacher's class kept in a database (never imports streamlit).

A teacher makes a class and gets a secret teacher link and a six-character join code;
learners join with the code and a name, get a learner token, and their progress is
merged into the class's records as the browser merges it. The layer takes a SQLAlchemy
``Engine`` (SQLite by default, PostgreSQL when a URL names it), applies its Alembic
migrations on start (:func:`tutorial.classes.migrate.upgrade`) and answers through
:class:`tutorial.classes.store.ClassStore`. Every refusal is a
:class:`tutorial.classes.errors.ClassError` with a sentence from the catalogue.
"""
