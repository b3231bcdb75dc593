"""The Play page's picker: the games and their scenarios in the sidebar, kept in step
with the scenario open."""

from __future__ import annotations

import streamlit as st

from tutorial.engine.games import GAMES
from tutorial.language.i18n import t
from tutorial.webapp import common, state
from tutorial.webapp.common import course_order
from tutorial.webapp.pages.play_links import checked_of
from tutorial.webapp.state import PLAY_GAME, PLAY_PICK, WORKSHOP_ID


def _title_of(sid: str) -> str:
    checked = checked_of(sid)
    title = checked.scenario.title if checked else sid
    return ("✓ " if state.progress_of(sid).done else "") + title


def _labels(ids: list[str]) -> dict[str, str]:
    """Option label -> scenario id (titles, made unique)."""
    labels: dict[str, str] = {}
    for sid in ids:
        label = _title_of(sid)
        labels[label if label not in labels else f"{label} ({sid})"] = sid
    return labels


def game_ids(game: str) -> list[str]:
    """The scenarios a game's picker offers: the course's, the Workshop's, the links'."""
    ids = [sid for sid, _ in common.library().by_game(game, course_order(game))]
    workshop = state.session().workshop.checked
    if workshop is not None and game == workshop.scenario.game:
        ids.append(WORKSHOP_ID)
    ids += [k for k, v in state.session().links.inline.items() if v.checked.scenario.game == game]
    return ids


def _on_game() -> None:
    ids = game_ids(state.widget(PLAY_GAME))
    if ids:
        state.session().open_scenario(ids[0])


def _on_pick() -> None:
    labels = _labels(game_ids(state.widget(PLAY_GAME)))
    sid = labels.get(state.widget(PLAY_PICK))
    if sid is not None:
        state.session().open_scenario(sid)


def picker() -> None:
    """The scenario list in the sidebar, kept in step with the scenario open."""
    opened = checked_of(state.session().play.current or "")
    if opened is not None:
        state.set_widget(PLAY_GAME, opened.scenario.game)
    elif not state.has_widget(PLAY_GAME):  # nothing open yet: the game being learnt
        state.set_widget(PLAY_GAME, state.session().default_game(GAMES[0]))
    with st.sidebar:
        st.header(t("play.choose"))
        game = st.selectbox(
            t("play.game"),
            GAMES,
            format_func=common.game_title,
            key=PLAY_GAME,
            on_change=_on_game,
        )
        labels = _labels(game_ids(game))
        if not labels:
            return
        current = next((n for n, s in labels.items() if s == state.session().play.current), None)
        if current is not None:
            state.set_widget(PLAY_PICK, current)
        elif state.widget(PLAY_PICK) not in labels:
            state.set_widget(PLAY_PICK, next(iter(labels)))
        st.selectbox(t("play.scenario"), list(labels), key=PLAY_PICK, on_change=_on_pick)
