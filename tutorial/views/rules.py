"""Rules reference with a ruleset switcher: the rules in short, every named ruleset's options.

Rulesets and options are shown in a player's words (``tutorial.naming``): a title and a
blurb per ruleset, one sentence per option, never an identifier.
"""

from __future__ import annotations

import dataclasses

import streamlit as st

from tutorial.engine.core import find_ruleset, rulesets
from tutorial.engine.games import GAMES
from tutorial.i18n import t
from tutorial.naming import option_sentence, option_title, ruleset_blurb, ruleset_title
from tutorial.ui import common, state
from tutorial.ui.inert import inert_markdown
from tutorial.views.lessons import course


def option_lines(game: str, name: str) -> list[str]:
    """The ruleset's options as markdown lines: title, sentence, and a mark if changed."""
    rs = find_ruleset(game, name)
    default = find_ruleset(game)
    base = ruleset_title(game, default.name)
    lines = []
    for f in dataclasses.fields(rs.options):
        value = getattr(rs.options, f.name)
        line = t(
            "rules.option_line",
            title=option_title(game, f.name),
            sentence=option_sentence(game, f.name, value),
        )
        if value != getattr(default.options, f.name):
            line = t("rules.option_changed", line=line, base=base)
        lines.append(f"- {line}")
    return lines


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
                    st.markdown(inert_markdown(lesson.model.text))
            st.subheader(t("rules.options"))
            names = [r.name for r in rulesets(game)]
            titles = {n: ruleset_title(game, n) for n in names}
            chosen = st.radio(
                t("rules.ruleset"),
                names,
                format_func=titles.__getitem__,
                horizontal=True,
                key=f"rules_rs_{game}",
            )
            name = chosen if chosen is not None else names[0]
            st.info(ruleset_blurb(game, name))
            st.markdown("\n".join(option_lines(game, name)))
