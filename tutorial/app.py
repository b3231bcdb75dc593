"""Atout's Streamlit app: the router. Run with ``streamlit run tutorial/app.py``.

Each page is a file in ``tutorial/screens/`` (UI only); the engine, the scenario
checker and the chart builders live in the package and never import streamlit.
"""

from __future__ import annotations

import os
import time

import streamlit as st

from tutorial.i18n import t
from tutorial.ui import common, state

_started = time.perf_counter()
st.set_page_config(page_title=t("app.title"), page_icon=":material/playing_cards:", layout="wide")
state.init()
common.styles()

pages = [
    st.Page(
        "screens/home.py",
        title=t("app.nav_home"),
        icon=":material/home:",
        url_path="home",
        default=True,
    ),
    st.Page(
        "screens/play.py", title=t("app.nav_play"), icon=":material/playing_cards:", url_path="play"
    ),
    st.Page(
        "screens/score.py", title=t("app.nav_score"), icon=":material/bar_chart:", url_path="score"
    ),
    st.Page(
        "screens/rules.py", title=t("app.nav_rules"), icon=":material/menu_book:", url_path="rules"
    ),
    st.Page(
        "screens/workshop.py",
        title=t("app.nav_workshop"),
        icon=":material/build:",
        url_path="workshop",
    ),
]
page = st.navigation(pages)
common.sidebar()
page.run()
if os.environ.get("ATOUT_TIMING"):  # for `python -m tutorial bench-app` only
    st.session_state.setdefault("_timing", []).append(time.perf_counter() - _started)
