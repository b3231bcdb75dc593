"""The Workshop's links: a link to the scenario written there, and a playlist
pasted there. Called from :mod:`tutorial.webapp.pages.workshop` (two lines), kept apart so the
Workshop's own code and the links change independently.
"""

from __future__ import annotations

import dataclasses

import streamlit as st

from tutorial.course.links import with_lang
from tutorial.course.playlists import (
    MAX_INLINE_CHARS,
    MAX_LIST_CHARS,
    Playlist,
    encode_inline,
    is_inline,
    parse_playlist,
    playlist_link,
    to_query,
)
from tutorial.engine.errors import ScenarioError
from tutorial.language.i18n import t
from tutorial.webapp import common, navigation
from tutorial.webapp.navigation import page_url

#: In a playlist pasted in the Workshop, this item stands for the scenario checked there.
WORKSHOP_ITEM = "workshop"


def scenario_link(source: str) -> None:
    """The link that carries a valid Workshop scenario to anyone (``?scenario_inline=``)."""
    code = encode_inline(source)
    if len(code) > MAX_INLINE_CHARS:
        st.caption(t("playlist.inline_no_link", limit=f"{MAX_INLINE_CHARS:,}"))
        return
    st.caption(t("playlist.workshop_link_line"))
    link = with_lang(f"{page_url('play')}?scenario_inline={code}")
    st.code(link, language=None, wrap_lines=True)


def with_workshop(playlist: Playlist, source: str) -> tuple[Playlist, list[str]]:
    """The playlist with its ``workshop`` items replaced by the Workshop scenario's code,
    and the problems found (no valid scenario in the Workshop, unknown ids)."""
    problems: list[str] = []
    items: list[str] = []
    library = common.library().scenarios
    for item in playlist.items:
        if item == WORKSHOP_ITEM:
            if not source:
                problems.append(t("playlist.no_workshop_scenario"))
                continue
            items.append(encode_inline(source))
        else:
            if not is_inline(item) and item not in library:
                problems.append(t("playlist.item_missing", item=item))
            items.append(item)
    return dataclasses.replace(playlist, items=tuple(items)), problems


def playlist_box(source: str) -> None:
    """'Make a playlist': paste a playlist's YAML, see its problems or its link."""
    with st.expander(t("playlist.workshop_title"), icon=":material/queue_music:"):
        st.caption(t("playlist.workshop_help"))
        text = st.text_area(t("playlist.workshop_paste"), key="workshop_playlist", height=160)
        if not text.strip():
            return
        try:
            playlist = parse_playlist(text, "pasted-playlist.yaml")
        except ScenarioError as e:
            st.error(t("playlist.workshop_problems"))
            st.code(str(e), language=None)
            return
        playlist, problems = with_workshop(playlist, source)
        if problems:
            st.warning(t("playlist.workshop_problems"))
            st.code("\n".join(problems), language=None)
        if not playlist.items:
            return
        query = to_query(playlist)
        if len(query["playlist"]) > MAX_LIST_CHARS:
            st.error(t("playlist.workshop_too_long", limit=f"{MAX_LIST_CHARS:,}"))
            return
        st.caption(t("playlist.link_line"))
        st.code(playlist_link(page_url("play"), playlist), language=None, wrap_lines=True)
        if st.button(t("playlist.open"), key="workshop_playlist_open"):
            st.switch_page(navigation.PLAY_PAGE, query_params=query)
