"""Streamlit helpers shared by the pages: the cached library, styles, the sidebar."""

from __future__ import annotations

import streamlit as st

from tutorial.i18n import language, t
from tutorial.library import Library, in_language, load_library
from tutorial.ui import state

# Our own static stylesheet (never user text): a compact top, so the table and the hand
# fit on one screen; the presenter's sheet scales every text for a projector.
_CSS = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 2.2rem; padding-bottom: 2rem; }
[data-testid="stMainBlockContainer"] h1 { font-size: 2.1rem; padding-top: 0; }
.st-key-chart_warm_up { position: absolute; left: -9999px; width: 10px; height: 10px; overflow: hidden; }
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] { padding-top: 3.2rem; padding-left: .7rem; padding-right: .7rem; }
  [data-testid="stMainBlockContainer"] h1 { font-size: 1.3rem; padding-bottom: .2rem; }
}
</style>
"""
_PRESENTER_CSS = """
<style>
[data-testid="stMainBlockContainer"] { max-width: none; }
[data-testid="stMainBlockContainer"] p, [data-testid="stMainBlockContainer"] li,
[data-testid="stMainBlockContainer"] button, [data-testid="stMainBlockContainer"] label,
[data-testid="stMainBlockContainer"] input, [data-testid="stCaptionContainer"],
[data-testid="stMainBlockContainer"] [data-testid="stText"],
[data-testid="stMainBlockContainer"] [data-testid="stAlertContentInfo"],
[data-testid="stMainBlockContainer"] pre { font-size: 28px !important; line-height: 1.35; }
[data-testid="stMainBlockContainer"] h1 { font-size: 48px; }
[data-testid="stMainBlockContainer"] h2 { font-size: 44px; }
[data-testid="stMainBlockContainer"] h3 { font-size: 36px; }
</style>
"""


@st.cache_resource(show_spinner="Checking the scenarios...")
def english_library() -> Library:
    """Every scenario, checked once per server process (the source files' text)."""
    return load_library()


@st.cache_resource(show_spinner=False)
def _library_in(lang: str) -> Library:
    return in_language(english_library(), lang)


def library() -> Library:
    """Every scenario in the session's language (translations merged once per process)."""
    return _library_in(language())


def styles() -> None:
    """Inject the app's stylesheet (static text), and the presenter's when it is on."""
    css = _CSS + (_PRESENTER_CSS if state.settings().presenter else "")
    st.markdown(css, unsafe_allow_html=True)


def _copy_settings() -> None:
    """Toggle callbacks: the settings change before the page is drawn again."""
    s = state.settings()
    s.four_colour = bool(st.session_state.get("set_four_colour", s.four_colour))
    s.presenter = bool(st.session_state.get("set_presenter", s.presenter))


def sidebar() -> None:
    """Display settings in the sidebar."""
    s = state.settings()
    with st.sidebar:
        st.subheader(t("app.settings"))
        st.toggle(
            t("app.four_colour"),
            value=s.four_colour,
            help=t("app.four_colour_help"),
            key="set_four_colour",
            on_change=_copy_settings,
        )
        st.toggle(
            t("app.presenter"),
            value=s.presenter,
            help=t("app.presenter_help"),
            key="set_presenter",
            on_change=_copy_settings,
        )


def open_scenario(sid: str) -> None:
    """Open a scenario in the player from a button (an older deep link is forgotten)."""
    state.set_current_scenario(sid)
    state.set_link_applied("")
    st.query_params.clear()


def game_title(game: str) -> str:
    """A game's display title."""
    return t(f"games.{game}.title")


PLAY_PAGE = "screens/play.py"
LESSONS_PAGE = "screens/lessons.py"
