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
from dataclasses import dataclass, field
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
    rejected: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class WordVariant:
    """A hand-checked vocabulary difference: Taiwan's word and the mainland's.

    ``keep`` lists longer Traditional words that contain or straddle ``hant`` and must
    stay as they are (the variant is a whole word, never a piece of another one).
    """

    hant: str
    hans: str
    keep: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rule:
    """One whole-word replacement: ``old`` becomes ``new`` except where it is part of, or
    straddles, one of the ``keep`` words (longer words that must stay as they are)."""

    old: str
    new: str
    keep: tuple[str, ...] = ()


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
                rejected={
                    lang: tuple(str(w) for w in raw.get(f"reject-{lang}", []))
                    for lang in LANGUAGES[1:]
                },
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
def variants() -> tuple[WordVariant, ...]:
    """The hand-checked Taiwan/mainland vocabulary differences, longest first."""
    found = [
        WordVariant(str(v["hant"]), str(v["hans"]), tuple(str(k) for k in v.get("keep", [])))
        for v in _read().get("variant", [])
    ]
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
    text = replace_words(text, [Rule(v.hant, v.hans, v.keep) for v in variants()])
    converted: str = _converter().convert(text)
    return converted


def _spans(text: str, word: str) -> list[tuple[int, int]]:
    """Every place ``word`` occurs in ``text``, overlapping ones included."""
    out = []
    start = text.find(word)
    while start >= 0:
        out.append((start, start + len(word)))
        start = text.find(word, start + 1)
    return out


def replace_words(text: str, rules: list[Rule]) -> str:
    """``text`` with each rule's word replaced as a whole word, longest first, left to right.

    A match is left alone where one of its rule's ``keep`` words occurs over it and is
    longer, or straddles it: 取代 (replace) is not a word of 讀取代碼 (read the code),
    whose words are 讀取 and 代碼. Replaced text is never matched again.

    >>> replace_words("讀取代碼，取代進度", [Rule("取代", "替換", ("讀取",))])
    '讀取代碼，替換進度'
    """
    by_first: dict[str, list[Rule]] = {}
    for rule in sorted(rules, key=lambda r: -len(r.old)):
        if rule.old:
            by_first.setdefault(rule.old[0], []).append(rule)
    guarded = {k for r in rules for k in r.keep}
    spans = {k: _spans(text, k) for k in guarded if k in text}

    def blocked(rule: Rule, i: int, j: int) -> bool:
        for word in rule.keep:
            for s, e in spans.get(word, ()):
                if s < j and i < e and (s, e) != (i, j):
                    return True
        return False

    out: list[str] = []
    i = 0
    while i < len(text):
        for rule in by_first.get(text[i], ()):
            j = i + len(rule.old)
            if text.startswith(rule.old, i) and not blocked(rule, i, j):
                out.append(rule.new)
                i = j
                break
        else:
            out.append(text[i])
            i += 1
    return "".join(out)
