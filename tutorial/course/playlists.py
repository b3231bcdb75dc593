"""Playlists, inline scenarios and lesson links: pure functions (no streamlit).

A **playlist** is a title, an optional teacher's note and scenarios in order. It comes
from a small YAML file (``lessons/playlists/*.yaml``, or pasted in the Workshop)::

    title: First tricks at Belote
    note: Play these before Thursday.
    scenarios:
      - belote/follow-suit-basic
      - belote/overruff

or from a link that needs no file on the server::

    /play?playlist=belote/follow-suit-basic,belote/overruff&title=First+tricks&note=...

An item is a scenario id of the library, or an **inline scenario**: a scenario's YAML
text, zlib-compressed and base64url-encoded behind :data:`INLINE_PREFIX` (``ATS1.``),
which is how a scenario written in the Workshop becomes a link any student can open
(``/play?scenario_inline=ATS1.…``) or an item of a playlist. A ``.`` never occurs in a
scenario id, so the two kinds cannot be mistaken for each other.

Everything from a link is untrusted. The caps (documented in ``lessons/playlists/README.md``):

- an inline scenario's code: at most :data:`MAX_INLINE_CHARS` characters, unpacking to at
  most :data:`MAX_INLINE_BYTES` bytes (the limit is applied *while* decompressing, so a
  small code that unpacks to gigabytes stops at the limit);
- a playlist: at most :data:`MAX_ITEMS` items, a link's list at most
  :data:`MAX_LIST_CHARS` characters, a title :data:`MAX_TITLE` and a note
  :data:`MAX_NOTE` characters; a playlist file at most :data:`MAX_FILE_BYTES` bytes.

A bad link ends in :class:`LinkError` (one clear sentence from the catalogue); a bad
playlist file in :class:`~tutorial.engine.errors.ScenarioError` located ``file:line:col``.
Nothing else is raised.

>>> p = from_query("belote/overruff, belote/capot", "Two", None)
>>> p.title, p.items
('Two', ('belote/overruff', 'belote/capot'))
>>> decode_inline(encode_inline("title: x")) == "title: x"
True
>>> resolve_lesson_link("belote/3", ["belote/01-a", "belote/03-c"])
'belote/03-c'
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import hashlib
import re
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from tutorial.course.links import is_scenario_id, with_lang
from tutorial.engine.errors import ScenarioError, TutorialError
from tutorial.language.i18n import t
from tutorial.scenarios import yamlsafe

__all__ = [
    "INLINE_KEY_PREFIX",
    "INLINE_PREFIX",
    "MAX_FILE_BYTES",
    "MAX_INLINE_BYTES",
    "MAX_INLINE_CHARS",
    "MAX_ITEMS",
    "MAX_LIST_CHARS",
    "MAX_NOTE",
    "MAX_TITLE",
    "LinkError",
    "Playlist",
    "decode_inline",
    "encode_inline",
    "from_query",
    "inline_key",
    "is_inline",
    "lesson_link",
    "load_playlists",
    "next_item",
    "parse_item",
    "parse_playlist",
    "playlist_link",
    "playlists_root",
    "resolve_lesson_link",
    "to_query",
    "unpack_zlib",
]

#: An inline scenario's code starts with this (``.`` is never in a scenario id).
INLINE_PREFIX = "ATS1."
#: The player's key of an inline scenario: this and a digest of its text.
INLINE_KEY_PREFIX = "inline:"
#: An inline scenario's code, in characters: about three times the largest scenario of
#: the library once packed (2,132), and short enough for mail and chat programs.
MAX_INLINE_CHARS = 6_000
#: What an inline code may unpack to, in bytes (the largest library file is 4,123).
MAX_INLINE_BYTES = 64 * 1024
#: Scenarios in one playlist.
MAX_ITEMS = 30
#: The ``playlist`` parameter of a link, in characters (room for two inline scenarios).
MAX_LIST_CHARS = 16_000
MAX_TITLE = 120
MAX_NOTE = 1_000
#: A playlist file (or a pasted playlist), in bytes.
MAX_FILE_BYTES = 32 * 1024

_DIGITS_LESSON = re.compile(r"([a-z]+)/0*([0-9]{1,3})")


class LinkError(TutorialError, ValueError):
    """A link (or a code from one) that cannot be read: the message says why, in a sentence."""


@dataclass(frozen=True)
class Playlist:
    """Scenarios in order, with a title and the teacher's note.

    ``items`` are scenario ids or inline codes (:data:`INLINE_PREFIX`); ``name`` is the
    file's stem for a playlist of ``lessons/playlists/`` ("" for a link or a paste).
    """

    title: str
    items: tuple[str, ...]
    note: str = ""
    name: str = ""


# --- inline scenarios ----------------------------------------------------------------


def unpack_zlib(packed: bytes, limit: int, wbits: int = zlib.MAX_WBITS) -> bytes | None:
    """``packed`` decompressed, or None when it is damaged or unpacks to more than
    ``limit`` bytes (decompression stops there: a bomb costs ``limit`` bytes, no more).
    ``wbits`` as for :func:`zlib.decompressobj` (-15: raw deflate, no header).

    >>> unpack_zlib(zlib.compress(b"abc"), 3), unpack_zlib(zlib.compress(b"abcd"), 3)
    (b'abc', None)
    """
    d = zlib.decompressobj(wbits)
    try:
        raw = d.decompress(packed, limit + 1)
    except zlib.error:
        return None
    if len(raw) > limit or d.unconsumed_tail or not d.eof:
        return None
    return raw


def _b64(body: str) -> bytes | None:
    try:
        return base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        return None


def encode_inline(text: str) -> str:
    """The inline code of a scenario's YAML text (it may be longer than a link allows:
    :func:`decode_inline` is the judge)."""
    packed = zlib.compress(text.encode("utf-8"), 9)
    return INLINE_PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def is_inline(item: str) -> bool:
    """Whether a playlist item (or a link's value) is an inline scenario's code."""
    return item.startswith(INLINE_PREFIX)


def decode_inline(code: str) -> str:
    """The scenario text of an inline code (spaces and line breaks are ignored).

    Raises:
        LinkError: not an inline code, damaged, too long, or unpacking to too much.
    """
    text = "".join(code.split())
    if len(text) > MAX_INLINE_CHARS:
        raise LinkError(
            t("playlist.inline_too_long", size=f"{len(text):,}", limit=f"{MAX_INLINE_CHARS:,}")
        )
    if not text.startswith(INLINE_PREFIX):
        raise LinkError(t("playlist.inline_not_code"))
    packed = _b64(text[len(INLINE_PREFIX) :])
    if packed is None:
        raise LinkError(t("playlist.inline_damaged"))
    raw = unpack_zlib(packed, MAX_INLINE_BYTES)
    if raw is None:
        raise LinkError(t("playlist.inline_damaged_or_big", limit=f"{MAX_INLINE_BYTES:,}"))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LinkError(t("playlist.inline_damaged")) from None


def inline_key(text: str) -> str:
    """The player's key of an inline scenario's text: the same text, the same key (so
    its progress is kept, and a class's progress codes agree on it).

    >>> inline_key("title: x") == inline_key("title: x"), inline_key("a").startswith("inline:")
    (True, True)
    """
    return INLINE_KEY_PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


# --- playlists from links ------------------------------------------------------------


def parse_item(text: str) -> str:
    """One playlist item, checked for its shape: a scenario id or an inline code.

    Raises:
        LinkError: neither.
    """
    item = "".join(text.split())
    if is_inline(item):
        decode_inline(item)
        return item
    if is_scenario_id(item):
        return item
    raise LinkError(t("playlist.bad_item", item=item[:60]))


def _clean_line(text: str | None, limit: int) -> str:
    """A title or a note from a link: control characters dropped, capped."""
    if not text:
        return ""
    kept = "".join(ch if ch.isprintable() or ch == "\n" else " " for ch in text[: limit + 1])
    return kept.strip()[:limit]


def from_query(items: str | None, title: str | None, note: str | None) -> Playlist | None:
    """The playlist of a link's ``playlist``, ``title`` and ``note`` parameters (None
    without a ``playlist`` parameter).

    Raises:
        LinkError: too long, too many items, an item of the wrong shape, or none.
    """
    if items is None:
        return None
    if len(items) > MAX_LIST_CHARS:
        raise LinkError(
            t("playlist.list_too_long", size=f"{len(items):,}", limit=f"{MAX_LIST_CHARS:,}")
        )
    parts = [p for p in (x.strip() for x in items.split(",")) if p]
    if not parts:
        raise LinkError(t("playlist.empty"))
    if len(parts) > MAX_ITEMS:
        raise LinkError(t("playlist.too_many", count=len(parts), limit=MAX_ITEMS))
    parsed = tuple(parse_item(p) for p in parts)
    return Playlist(
        _clean_line(title, MAX_TITLE) or t("playlist.untitled"), parsed, _clean_line(note, MAX_NOTE)
    )


def to_query(playlist: Playlist) -> dict[str, str]:
    """The link parameters of a playlist (the inverse of :func:`from_query`)."""
    out = {"playlist": ",".join(playlist.items), "title": playlist.title}
    if playlist.note:
        out["note"] = playlist.note
    return out


def playlist_link(base: str, playlist: Playlist) -> str:
    """The full address of a playlist on the Play page at ``base`` (``…/play``).

    >>> playlist_link("http://x/play", Playlist("A b", ("belote/y",)))
    'http://x/play?playlist=belote/y&title=A+b'
    """
    return with_lang(f"{base}?{urlencode(to_query(playlist), safe='/,')}")


def next_item(keys: Sequence[str], current: str) -> str | None:
    """The item after ``current`` in a playlist's keys (None: the last, or not in it).

    >>> next_item(["a", "b"], "a"), next_item(["a", "b"], "b"), next_item(["a"], "z")
    ('b', None, None)
    """
    if current not in keys:
        return None
    i = list(keys).index(current)
    return keys[i + 1] if i + 1 < len(keys) else None


# --- playlist files ------------------------------------------------------------------


def playlists_root() -> Path:
    """The folder of example playlists, ``lessons/playlists``."""
    from tutorial.course.lessons import lessons_root

    return lessons_root() / "playlists"


def _err(doc: yamlsafe.Located, loc: Sequence[str | int], message: str) -> ScenarioError:
    return ScenarioError(f"{doc.where(loc)}: {message}")


def _text_field(doc: yamlsafe.Located, data: dict[str, Any], key: str, limit: int) -> str:
    value = data.get(key, "")
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise _err(doc, (key,), t("playlist.file_not_text", field=key))
    if len(value) > limit:
        raise _err(doc, (key,), t("playlist.file_too_long", field=key, limit=limit))
    return value.strip()


def parse_playlist(text: str, name: str, stem: str = "") -> Playlist:
    """A playlist from YAML text (a file's, or a paste in the Workshop).

    Raises:
        ScenarioError: ``name:line:col: what is wrong`` (not YAML, a key missing or
            unknown, an item of the wrong shape, too many items, too long).
    """
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_FILE_BYTES:
        raise ScenarioError(
            f"{name}:1:1: {t('playlist.file_too_big', size=f'{size:,}', limit=f'{MAX_FILE_BYTES:,}')}"
        )
    doc = yamlsafe.load_text(text, name)
    data = doc.data
    if not isinstance(data, dict):
        raise _err(doc, (), t("playlist.file_not_mapping"))
    for key in data:
        if key not in ("title", "note", "scenarios"):
            line, col = doc.key_position((key,))  # at the key, not its value
            unknown = t("playlist.file_unknown_key", field=str(key)[:40])
            raise ScenarioError(f"{doc.file}:{line}:{col}: {unknown}")
    title = _text_field(doc, data, "title", MAX_TITLE)
    if not title:
        raise _err(doc, ("title",), t("playlist.file_no_title"))
    note = _text_field(doc, data, "note", MAX_NOTE)
    items = data.get("scenarios")
    if not isinstance(items, list) or not items:
        raise _err(doc, ("scenarios",), t("playlist.file_no_scenarios"))
    if len(items) > MAX_ITEMS:
        raise _err(doc, ("scenarios",), t("playlist.too_many", count=len(items), limit=MAX_ITEMS))
    parsed: list[str] = []
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise _err(doc, ("scenarios", i), t("playlist.bad_item", item=str(item)[:60]))
        try:
            parsed.append(parse_item(item))
        except LinkError as e:
            raise _err(doc, ("scenarios", i), str(e)) from None
    return Playlist(title, tuple(parsed), note, stem)


def _read_playlist_file(path: Path, name: str) -> Playlist:
    """One playlist file, read with the size cap applied while reading.

    Raises:
        ScenarioError: a located line saying what is wrong.
    """
    try:
        if not path.is_file():
            raise ScenarioError(f"{name}:1:1: {t('playlist.file_unreadable')}")
        with path.open("rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)  # the cap applies while reading
    except OSError:
        raise ScenarioError(f"{name}:1:1: {t('playlist.file_unreadable')}") from None
    if len(raw) > MAX_FILE_BYTES:
        big = t(
            "playlist.file_too_big",
            size=f"> {MAX_FILE_BYTES:,}",
            limit=f"{MAX_FILE_BYTES:,}",
        )
        raise ScenarioError(f"{name}:1:1: {big}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(f"{name}:1:1: {t('playlist.file_unreadable')}") from None
    return parse_playlist(text, name, path.stem)


def load_playlists(root: Path | None = None, lang: str = "en") -> tuple[list[Playlist], list[str]]:
    """The playlists of ``lessons/playlists`` (by file name), and the problems of the
    files that could not be read (one located line each).

    In another language than English, a playlist's title and note come from the file of
    the same name in ``lessons/playlists/<lang>/`` when there is one (its scenarios are
    always the English file's); without one, the English title and note are shown.
    """
    folder = root or playlists_root()
    out: list[Playlist] = []
    problems: list[str] = []
    if not folder.is_dir():
        return out, problems
    for path in sorted(folder.glob("*.yaml")):
        try:
            playlist = _read_playlist_file(path, f"lessons/playlists/{path.name}")
        except ScenarioError as e:
            problems.append(str(e))
            continue
        translated = folder / lang / path.name
        if lang != "en" and translated.is_file():
            try:
                words = _read_playlist_file(translated, f"lessons/playlists/{lang}/{path.name}")
                playlist = dataclasses.replace(playlist, title=words.title, note=words.note)
            except ScenarioError as e:
                problems.append(str(e))
        out.append(playlist)
    return out, problems


# --- lesson links --------------------------------------------------------------------


def resolve_lesson_link(text: str, lesson_ids: Iterable[str]) -> str | None:
    """The lesson a ``?lesson=`` value names: a whole id (``belote/03-trumping``) or the
    short form ``<game>/<nn>`` (``belote/03``, ``belote/3``); None when none matches.

    >>> ids = ["belote/03-trumping-and-partner", "tarot/01-deck"]
    >>> resolve_lesson_link("belote/03", ids), resolve_lesson_link("tarot/01-deck", ids)
    ('belote/03-trumping-and-partner', 'tarot/01-deck')
    >>> resolve_lesson_link("belote/9", ids) is None, resolve_lesson_link("../x", ids) is None
    (True, True)
    """
    ids = list(lesson_ids)
    text = text.strip()[:200]
    if text in ids:
        return text
    m = _DIGITS_LESSON.fullmatch(text)
    if m is None:
        return None
    game, number = m.group(1), int(m.group(2))
    for lid in ids:
        g, _, stem = lid.partition("/")
        head = stem.split("-", 1)[0]
        if g == game and head.isascii() and head.isdigit() and int(head) == number:
            return lid
    return None


def lesson_link(lesson_id: str) -> str:
    """The short form of a lesson's id for its link (``belote/03``), or the id itself.

    >>> lesson_link("belote/03-trumping-and-partner"), lesson_link("tarot/intro")
    ('belote/03', 'tarot/intro')
    """
    game, _, stem = lesson_id.partition("/")
    head = stem.split("-", 1)[0]
    return f"{game}/{head}" if head.isascii() and head.isdigit() else lesson_id
