"""Rules reference with a ruleset switcher: the rules in short, every named ruleset's options.

Rulesets and options are shown in a player's words (``tutorial.engine.ruleset_titles``): a title and a
blurb per ruleset, one sentence per option, never an identifier.
"""

from __future__ import annotations

import dataclasses

import streamlit as st

from tutorial.engine.games import GAMES
from tutorial.engine.rule_options import find_ruleset, rulesets
from tutorial.engine.ruleset_titles import (
    option_sentence,
    option_title,
    ruleset_blurb,
    ruleset_title,
)
from tutorial.language.glossary import SOURCES, Term, terms_of
from tutorial.language.i18n import NAMES, is_chinese, language, t
from tutorial.webapp import common, state
from tutorial.webapp.common import course
from tutorial.webapp.inert import inert_markdown


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


def opened_game() -> str:
    """The game whose tab opens: the address's ``?game=``, else the game being learnt
    (:meth:`state.AppSession.default_game`), else the first."""
    asked = st.query_params.get("game")
    return asked if asked in GAMES else state.session().default_game(GAMES[0])


def main() -> None:
    """The page: a tab per game, opened on the game being learnt."""
    st.title(t("rules.title"))
    lessons, _ = course(state.settings().language)
    titles_of = {g: common.game_title(g) for g in GAMES}
    tabs = st.tabs(list(titles_of.values()), default=titles_of[opened_game()])
    for game, tab in zip(GAMES, tabs, strict=True):
        with tab:
            st.write(t(f"games.{game}.blurb"))
            st.header(t("rules.reference"))
            for lesson in (le for le in lessons if le.game == game):
                with st.expander(lesson.title):
                    st.markdown(inert_markdown(lesson.model.text))
            st.header(t("rules.options"))
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
            glossary_section(game)


def _sources(item: Term) -> str:
    """A word's sources as the numbers of the list under the table (``1, 3``)."""
    if not item.sources:
        return t("glossary.no_source")
    sep = t("glossary.sources_separator")
    return sep.join(str(SOURCES.index(s) + 1) for s in item.sources)


def glossary_rows(game: str, lang: str) -> dict[str, list[str]]:
    """The Glossary table of one game, column by column: in English the English word
    beside both Chinese words; in Chinese the word of the page's language. Then the
    name kept in Latin letters and the sources (numbers of :func:`source_lines`)."""
    items = terms_of(game)
    columns: dict[str, list[str]] = {}
    if lang.startswith("zh"):
        columns[t("glossary.column_chinese")] = [i.words[lang] for i in items]
    else:
        columns[t("glossary.column_term")] = [i.words["en"] for i in items]
        for zh in ("zh-Hant", "zh-Hans"):
            columns[NAMES[zh]] = [i.words[zh] for i in items]
    columns[t("glossary.column_kept")] = [i.kept for i in items]
    columns[t("glossary.column_source")] = [_sources(i) for i in items]
    return columns


def source_lines() -> list[str]:
    """The numbered list of the sources the words come from."""
    names = {
        "000": t("glossary.source_000"),
        "001": t("glossary.source_001"),
        "002": t("glossary.source_002"),
        "003": t("glossary.source_003"),
        "004": t("glossary.source_004"),
    }
    return [f"{n}. {names[s]}" for n, s in enumerate(SOURCES, 1)]


def glossary_heading(lang: str) -> str:
    """The Glossary's heading: in English it says the list is of Chinese words."""
    return t("glossary.title") if lang.startswith("zh") else t("glossary.title_chinese")


def glossary_section(game: str) -> None:
    """The Glossary: the Chinese words of this game and where they come from.

    On an English page the list waits, folded, under a heading that says it gives the
    Chinese words: an English reader is not shown a table of Chinese first.
    """
    lang = language() if is_chinese() else "en"
    if lang.startswith("zh"):
        st.header(glossary_heading(lang))
        _glossary_body(game, lang)
        return
    with st.expander(glossary_heading(lang)):
        _glossary_body(game, lang)


def _glossary_body(game: str, lang: str) -> None:
    """The Glossary's words: the introduction, the table and the numbered sources."""
    st.caption(t("glossary.intro"))
    st.table(glossary_rows(game, lang))
    st.markdown("\n".join(source_lines()))
