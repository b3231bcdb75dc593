"""Rules reference with a ruleset switcher: every option of every named ruleset."""

from __future__ import annotations

import streamlit as st

from tutorial.engine.core import option_help, rulesets
from tutorial.engine.games import GAMES
from tutorial.i18n import t
from tutorial.ui import common


def main() -> None:
    """The page."""
    st.title(t("rules.title"))
    tabs = st.tabs([common.game_title(g) for g in GAMES])
    for game, tab in zip(GAMES, tabs, strict=True):
        with tab:
            st.write(t(f"games.{game}.blurb"))
            presets = rulesets(game)
            chosen = st.radio(
                t("rules.ruleset"),
                [r.name for r in presets],
                horizontal=True,
                key=f"rules_rs_{game}",
            )
            rs = next(r for r in presets if r.name == chosen)
            if rs.description:
                st.info(rs.description)
            st.subheader(t("rules.options"))
            rows = [
                {
                    t("rules.option"): name,
                    t("rules.value"): str(value),
                    t("rules.meaning"): help_text,
                    t("rules.choices"): ", ".join(str(c) for c in choices) if choices else "",
                }
                for name, value, help_text, choices in option_help(rs)
            ]
            st.dataframe(rows, hide_index=True, width="stretch", key=f"rules_tbl_{game}")
