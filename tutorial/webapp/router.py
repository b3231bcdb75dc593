"""The app's run: page setup, language, navigation over
:data:`tutorial.webapp.navigation.PAGES`, the sidebar, the page, then the browser's copy of
the progress. ``tutorial/app.py``, the file Streamlit runs, calls :func:`run_app`."""

from __future__ import annotations

import os
import time
from importlib import resources

import streamlit as st

from tutorial.language.i18n import set_language_provider, t
from tutorial.webapp import common, navigation, state, store

# The icon is our own file, served by the app itself (no outside font or emoji host).
_ICON = str(resources.files("tutorial") / "static" / "icon.png")


def run_app() -> None:
    """One run of the app for the session Streamlit is running."""
    started = time.perf_counter()
    st.set_page_config(page_title=t("app.title"), page_icon=_ICON, layout="wide")
    state.init()
    # The session's setting is the language's one owner; the catalogue asks it (widget
    # callbacks run before this script sets the language for the run).
    set_language_provider(state.session_language)
    common.choose_language()  # ?lang=, the session's or the browser's: messages, engine's included
    common.choose_presenter()  # ?presenter=1, kept in the address while it is on
    common.styles()

    pages = [
        st.Page(
            p.file, title=t(p.title_key), icon=p.icon, url_path=p.url or None, default=not p.url
        )
        for p in navigation.PAGES
    ]
    page = st.navigation(pages)
    # Each page its own title in the browser's tab and a screen reader's first words.
    if page.url_path:
        st.set_page_config(page_title=t("app.page_title", page=page.title, app=t("app.title")))
    common.forget_told_off_page(page.url_path)
    common.page_top("app", page.url_path, fold_sidebar=True)  # another page: at its top
    common.sidebar()
    store.notice()
    common.language_notice()
    store.begin_run()
    page.run()
    store.sync_unless_drawn()  # after the page: this run's progress is what the browser keeps
    if os.environ.get("ATOUT_TIMING"):  # for `python -m tutorial bench-app` only
        state.note_run_time(time.perf_counter() - started)
