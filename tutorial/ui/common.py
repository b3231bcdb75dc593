"""Streamlit helpers shared by the pages: the cached library, styles, the sidebar."""

from __future__ import annotations

import streamlit as st

from tutorial.i18n import t
from tutorial.library import Library, load_library
from tutorial.ui import state

# Our own static stylesheet (never user text). Card buttons carry keys like
# ``card_9H`` / ``card_9H_forcing``; Streamlit turns a key into the class st-key-<key>.
_CSS = """
<style>
div[class*="st-key-card_"] button {
  min-width: 3.2rem; min-height: 4.4rem; padding: 0.2rem 0.4rem;
  background: #ffffff; border: 1px solid #9e9e9e; border-radius: 0.45rem;
  box-shadow: 0 1px 2px rgba(0,0,0,.25); font-size: 1.25rem; font-weight: 700;
}
div[class*="st-key-held_"] button {
  min-width: 3.2rem; min-height: 4.4rem; padding: 0.2rem 0.4rem; opacity: 1;
  background: #ffffff; border: 1px solid #bdbdbd; border-radius: 0.45rem; font-size: 1.25rem;
  font-weight: 700;
}
div[class*="st-key-held_"] button:disabled, div[class*="st-key-held_"] button:disabled p {
  color: #1a1a1a; cursor: default;
}
div[class*="st-key-card_"] button:focus-visible { outline: 3px solid #1565c0; outline-offset: 2px; }
div[class*="st-key-card_"][class*="_forcing"] button {
  border: 3px dashed #ef6c00; background: #fff3e0;
}
div[class*="st-key-card_"][class*="_forcing"] button::after { content: " !"; color: #ef6c00; }
div[class*="st-key-card_"][class*="_answer"] button { border: 3px solid #1565c0; }
div[class*="st-key-card_"][class*="_legal"] button { border: 3px dotted #2e7d32; }
.atout-large div[class*="st-key-card_"] button { min-width: 5rem; min-height: 7rem; font-size: 2rem; }
div[class*="st-key-presenter_hand"] div[class*="st-key-card_"] button {
  min-width: 5rem; min-height: 7rem; font-size: 2rem;
}
</style>
"""


@st.cache_resource(show_spinner="Checking the scenarios...")
def library() -> Library:
    """Every scenario, checked once per server process."""
    return load_library()


def styles() -> None:
    """Inject the app's stylesheet (static text)."""
    st.markdown(_CSS, unsafe_allow_html=True)


def sidebar() -> None:
    """Display settings in the sidebar."""
    s = state.settings()
    with st.sidebar:
        st.subheader(t("app.settings"))
        s.four_colour = st.toggle(
            t("app.four_colour"),
            value=s.four_colour,
            help=t("app.four_colour_help"),
            key="set_four_colour",
        )
        s.presenter = st.toggle(
            t("app.presenter"), value=s.presenter, help=t("app.presenter_help"), key="set_presenter"
        )


def game_title(game: str) -> str:
    """A game's display title."""
    return t(f"games.{game}.title")


PLAY_PAGE = "screens/play.py"
