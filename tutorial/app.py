"""Atout's Streamlit app. Run with ``streamlit run tutorial/app.py``.

The pages are listed once, in :data:`tutorial.webapp.navigation.PAGES`; each is a
five-line file in ``tutorial/screens/`` that runs its page in ``tutorial/webapp/pages/``.
The layers below the app (``ARCHITECTURE.md``) never import streamlit.

Streamlit runs this file as ``__main__``, and Python's ``spawn`` starts each review
process (``tutorial.course.review_worker``) by importing the parent's ``__main__`` file
under the name ``__mp_main__``: the guard keeps the app from running (and importing
Streamlit) in every review process.
"""

if __name__ == "__main__":
    from tutorial.webapp.router import run_app

    run_app()
