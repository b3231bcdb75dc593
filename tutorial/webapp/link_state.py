"""The links' part of the app's session: the open playlist, the inline scenarios opened,
the Workshop's scenario text, which links were applied and what opening one said
(:class:`LinksPart`, kept in :class:`tutorial.webapp.state.AppSession`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutorial.course.playlists import Playlist
from tutorial.scenarios.checker import Checked


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


@dataclass
class LinksPart:
    """What the links opened in this session left."""

    playlist: OpenPlaylist | None = None  # the playlist being played
    inline: dict[str, InlineScenario] = field(default_factory=dict)  # inline scenarios, by key
    workshop_text: str = ""  # the YAML of the Workshop's valid scenario ("" before one)
    applied: dict[str, str] = field(default_factory=dict)  # per kind of link, the one applied
    message: LinkMessage | None = None  # what a link's reading said, until the next move

    def was_applied(self, kind: str) -> str:
        """The last link of a kind (``playlist``, ``inline``, ``report``) applied here."""
        return self.applied.get(kind, "")
