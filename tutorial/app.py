"""Atout's Streamlit app: the router. Run with ``streamlit run tutorial/app.py``.

Each page is a file in ``tutorial/screens/`` (UI only); the engine, the scenario
checker and the chart builders live in the package and never import streamlit.
"""

from __future__ import annotations

import os
import time
from importlib import resources

import streamlit as st

from tutorial.i18n import t
from tutorial.ui import common, state, store

_started = time.perf_counter()
# The icon is our own file, served by the app itself (no outside font or emoji host).
_ICON = str(resources.files("tutorial") / "static" / "icon.png")
st.set_page_config(page_title=t("app.title"), page_icon=_ICON, layout="wide")
state.init()
common.choose_language()  # ?lang=, the session's or the browser's: messages, engine's included
common.styles()

PAGES = [  # (file, catalogue key, icon, url path)
    ("screens/home.py", "app.nav_home", ":material/home:", "home"),
    ("screens/lessons.py", "app.nav_lessons", ":material/school:", "lessons"),
    ("screens/play.py", "app.nav_play", ":material/playing_cards:", "play"),
    ("screens/practice.py", "practice.nav", ":material/sports_esports:", "practice"),
    ("screens/trainer.py", "app.nav_trainer", ":material/calculate:", "trainer"),
    ("screens/score.py", "app.nav_score", ":material/bar_chart:", "score"),
    ("screens/rules.py", "app.nav_rules", ":material/menu_book:", "rules"),
    ("screens/workshop.py", "app.nav_workshop", ":material/build:", "workshop"),
    ("screens/teacher.py", "teacher.nav", ":material/groups:", "teacher"),
]
pages = [
    st.Page(
        path,
        title=t(key),
        icon=icon,
        url_path=None if url == "home" else url,
        default=url == "home",
    )
    for path, key, icon, url in PAGES
]
page = st.navigation(pages)
common.sidebar()
store.notice()
common.language_notice()
page.run()
store.sync()  # after the page: this run's progress is what the browser keeps
if os.environ.get("ATOUT_TIMING"):  # for `python -m tutorial bench-app` only
    st.session_state.setdefault("_timing", []).append(time.perf_counter() - _started)
