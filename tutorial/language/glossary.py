"""The glossary: the words every Chinese text of Atout uses, and where they come from.

The data is ``tutorial/language/locales/glossary/terms.toml`` (one ``[[term]]`` per word: the English
word, the Traditional and Simplified words, the name kept in Latin letters where the
sources keep one, and the seed documents it comes from). The Rules page shows it; the
completeness tests read :func:`kept_words` to know which Latin words a Chinese page may show.

Simplified text is derived from Traditional with OpenCC's phrase-level ``t2s`` conversion
after the hand-checked Taiwan/mainland vocabulary differences (``[[variant]]``):
:func:`to_simplified`. OpenCC is imported only when converting (authors' tools and tests),
never by the app's pages.

>>> term("trick").words["zh-Hant"], term("trick").words["zh-Hans"]
('墩', '墩')
>>> term("excuse").kept
'Excuse'
>>> "Capot" in kept_words()
True
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

#: The languages the glossary gives a word in, English first.
LANGUAGES = ("en", "zh-Hant", "zh-Hans")
#: The seed documents a word may come from (catalogue key ``glossary.source_<nnn>``).
SOURCES = ("000", "001", "002", "003", "004")
#: The games a word may belong to.
GAMES = ("belote", "tarot", "briscola")


@dataclass(frozen=True)
class Term:
    """One word of the glossary.

    ``words`` maps each of :data:`LANGUAGES` to the word; ``kept`` is the name kept in
    Latin letters beside the Chinese ("" when none); ``sources`` the seed numbers.
    """

    id: str
    games: tuple[str, ...]
    words: dict[str, str]
    kept: str
    sources: tuple[str, ...]
    note: str


@dataclass(frozen=True)
class Variant:
    """A hand-checked vocabulary difference: Taiwan's word and the mainland's."""

    hant: str
    hans: str


def _read() -> dict[str, Any]:
    path = resources.files("tutorial.language.locales") / "glossary" / "terms.toml"
    return tomllib.loads(path.read_text("utf-8"))


@cache
def terms() -> tuple[Term, ...]:
    """Every word of the glossary, in the file's order."""
    out = []
    for raw in _read().get("term", []):
        games = raw.get("games", "all")
        out.append(
            Term(
                id=str(raw["id"]),
                games=GAMES if games == "all" else tuple(str(g) for g in games),
                words={lang: str(raw[lang]) for lang in LANGUAGES},
                kept=str(raw.get("kept", "")),
                sources=tuple(str(s) for s in raw.get("sources", [])),
                note=str(raw.get("note", "")),
            )
        )
    return tuple(out)


def term(term_id: str) -> Term:
    """The word with this id (``KeyError`` when there is none)."""
    for item in terms():
        if item.id == term_id:
            return item
    raise KeyError(term_id)


def terms_of(game: str) -> list[Term]:
    """The words used in one game (shared words included)."""
    return [item for item in terms() if game in item.games]


@cache
def variants() -> tuple[Variant, ...]:
    """The hand-checked Taiwan/mainland vocabulary differences, longest first."""
    found = [Variant(str(v["hant"]), str(v["hans"])) for v in _read().get("variant", [])]
    return tuple(sorted(found, key=lambda v: -len(v.hant)))


@cache
def kept_words() -> frozenset[str]:
    """Every Latin-letter word a Chinese text may show: the names the glossary keeps
    (Belote, Capot, bouts, Garde, Petit au bout...), split into words."""
    words: set[str] = set()
    for item in terms():
        for text in (item.kept, item.words["zh-Hant"], item.words["zh-Hans"]):
            words.update(re.findall(r"[A-Za-zÀ-ÿ]+", text))
    return frozenset(words)


@cache
def _converter() -> Any:
    import opencc  # an authors' tool: the app's pages never convert

    return opencc.OpenCC("t2s.json")


def to_simplified(text: str) -> str:
    """Simplified Chinese from Traditional: the hand-checked vocabulary differences
    first, then OpenCC's phrase-level ``t2s`` conversion.

    >>> to_simplified("最後一墩獎勵")
    '最后一墩奖励'
    >>> to_simplified("瀏覽器的設定")
    '浏览器的设置'
    """
    for variant in variants():
        text = text.replace(variant.hant, variant.hans)
    converted: str = _converter().convert(text)
    return converted
