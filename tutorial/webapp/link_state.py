"""The session keys of links: the open playlist, the inline scenarios opened, the
Workshop's scenario text, which links were applied and what opening one said. Like
:mod:`tutorial.webapp.state` for the rest, the only place they are spelled.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from tutorial.course.playlists import Playlist
from tutorial.scenarios.checker import Checked

PLAYLIST = "links_playlist"  # OpenPlaylist | None
INLINE = "links_inline"  # dict[str, InlineScenario]: inline scenarios opened, by key
WORKSHOP_TEXT = "links_workshop_text"  # str: the YAML of the Workshop's valid scenario
APPLIED = "links_applied"  # dict[str, str]: per kind of link, the one already applied
MESSAGE = "links_message"  # LinkMessage | None: what a link's reading said, until the next move


@dataclass(frozen=True)
class LinkMessage:
    """What opening a link said (an error, a warning), shown until the learner moves on."""

    kind: str  # "error" or "warning"
    text: str
    details: tuple[str, ...] = ()


@dataclass(frozen=True)
class InlineScenario:
    """A scenario from a link: its YAML text and the checker's verdict."""

    text: str
    checked: Checked


@dataclass(frozen=True)
class OpenPlaylist:
    """The playlist being played: its items' player keys (a library id, or an inline
    scenario's key; "" for an item that cannot be opened) and the link it came from."""

    playlist: Playlist
    keys: tuple[str, ...]
    query: dict[str, str]
    #: Per item, why it cannot be opened ("" when it can).
    problems: tuple[str, ...] = ()


def playlist() -> OpenPlaylist | None:
    """The playlist open in this session, if any."""
    value: OpenPlaylist | None = st.session_state.get(PLAYLIST)
    return value


def set_playlist(value: OpenPlaylist | None) -> None:
    """Open a playlist (None: leave it)."""
    st.session_state[PLAYLIST] = value


def inline_scenarios() -> dict[str, InlineScenario]:
    """The inline scenarios opened in this session, by key."""
    value: dict[str, InlineScenario] = st.session_state.setdefault(INLINE, {})
    return value


def workshop_text() -> str:
    """The YAML text of the Workshop's last valid scenario ("" before one)."""
    return str(st.session_state.get(WORKSHOP_TEXT, ""))


def set_workshop_text(text: str) -> None:
    """Keep the YAML text of the Workshop's valid scenario (for its link)."""
    st.session_state[WORKSHOP_TEXT] = text


def applied(kind: str) -> str:
    """The last link of a kind (``playlist``, ``inline``, ``report``) applied here."""
    done: dict[str, str] = st.session_state.setdefault(APPLIED, {})
    return done.get(kind, "")


def set_applied(kind: str, key: str) -> None:
    """Remember a link as applied (reruns do not apply it again)."""
    done: dict[str, str] = st.session_state.setdefault(APPLIED, {})
    done[kind] = key


def message() -> LinkMessage | None:
    """What the last link opened said, if it is still to be shown."""
    value: LinkMessage | None = st.session_state.get(MESSAGE)
    return value


def set_message(value: LinkMessage | None) -> None:
    """Show (or, with None, stop showing) what a link said."""
    st.session_state[MESSAGE] = value
