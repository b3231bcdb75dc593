"""Rules reference with a ruleset switcher: the rules in short, every named ruleset's options."""

from __future__ import annotations

import streamlit as st

from tutorial.engine.core import find_ruleset, option_help, rulesets
from tutorial.engine.games import GAMES
from tutorial.i18n import t
from tutorial.ui import common, state
from tutorial.views.lessons import course


def main() -> None:
    """The page."""
    st.title(t("rules.title"))
    lessons, _ = course(state.settings().language)
    tabs = st.tabs([common.game_title(g) for g in GAMES])
    for game, tab in zip(GAMES, tabs, strict=True):
        with tab:
            st.write(t(f"games.{game}.blurb"))
            st.subheader(t("rules.reference"))
            for lesson in (le for le in lessons if le.game == game):
                with st.expander(lesson.title):
                    st.markdown(lesson.model.text)
            st.subheader(t("rules.options"))
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
            default = find_ruleset(game).options
            rows = [
                {
                    t("rules.option"): name,
                    t("rules.value"): str(value),
                    t("rules.changed"): "●" if getattr(default, name) != value else "",
                    t("rules.meaning"): help_text,
                    t("rules.choices"): ", ".join(str(c) for c in choices) if choices else "",
                }
                for name, value, help_text, choices in option_help(rs)
            ]
            st.dataframe(rows, hide_index=True, width="stretch", key=f"rules_tbl_{game}")
