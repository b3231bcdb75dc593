"""Home: the three games, what each teaches, the learner's progress, broken files."""

from __future__ import annotations

import streamlit as st

from tutorial.engine.games import GAMES
from tutorial.i18n import t
from tutorial.ui import common, state


def main() -> None:
    """The page."""
    lib = common.library()
    st.title(t("app.title"))
    st.write(t("app.tagline"))

    st.header(t("home.games"))
    cols = st.columns(len(GAMES))
    for col, game in zip(cols, GAMES, strict=True):
        with col, st.container(border=True):
            st.subheader(common.game_title(game))
            st.write(t(f"games.{game}.blurb"))
            items = lib.by_game(game)
            done = sum(1 for sid, _ in items if state.progress_of(sid).done)
            st.progress(
                done / len(items) if items else 0.0,
                text=t("home.progress_line", done=done, total=len(items)),
            )
            if items:
                first = next(
                    (sid for sid, _ in items if not state.progress_of(sid).done), items[0][0]
                )
                title = lib.scenarios[first].scenario.title
                if st.button(t("home.start", title=title), key=f"start_{game}", width="stretch"):
                    state.set_current_scenario(first)
                    st.switch_page(common.PLAY_PAGE)
            else:
                st.caption(t("home.no_scenarios"))

    if lib.broken:
        st.header(t("home.broken_title"))
        st.caption(t("home.broken_help"))
        for b in lib.broken:
            with st.expander(b.file):
                st.code("\n".join(b.problems), language=None)
