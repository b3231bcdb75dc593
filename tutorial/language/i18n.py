"""The message catalogue: every piece of UI text, looked up by key.

Catalogues are TOML files in ``tutorial/language/locales/`` (``en.toml``; a second language is a
parallel file with the same keys: ``zh-Hant.toml``, ``zh-Hans.toml``). The languages the
app offers are :data:`SUPPORTED`, each named in itself (:data:`NAMES`); :func:`parse_lang`
reads a ``?lang=`` value and :func:`from_browser` the browser's ``navigator.languages``. ``t("play.illegal", reason=...)`` formats the
message with ``str.format`` fields. A missing key raises ``KeyError`` (a test checks
that every key the code uses exists in every catalogue).
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import resources
from typing import Any

DEFAULT_LANGUAGE = "en"
#: The languages the app offers, in the selector's order.
SUPPORTED = ("en", "zh-Hant", "zh-Hans")
#: Each language named in itself (the selector shows these whatever the page's language).
NAMES = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}
#: The regions whose browsers ask for Traditional characters (``zh-TW``...).
_TRADITIONAL_REGIONS = ("tw", "hk", "mo")
#: The language of this context: set for a block (:func:`speaking`) or from then on
#: (:func:`set_language`: tests, tools, workers); None where neither was done.
_LANGUAGE: ContextVar[str | None] = ContextVar("atout_language", default=None)
#: Where a context with no language of its own reads it: the app's session (the app's
#: router registers its reader, which returns None outside a session). Streamlit runs a
#: rerun's widget callbacks in a new thread before any code of the page, so the language
#: cannot be set for them: they read the session's.
_SESSION: list[Callable[[], str | None]] = []


def set_language_provider(provider: Callable[[], str | None]) -> None:
    """Read the language from ``provider`` where no language was set in the context (it
    returns None outside a session). Called by the app's router only."""
    _SESSION[:] = [provider]


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Messages in ``lang`` inside the block, whatever the session's language (the
    scenario checker compares the engine's sentences with the English files).

    >>> with speaking("zh-Hant"):
    ...     t("app.title")
    'Atout'
    """
    token = _LANGUAGE.set(lang)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


def _current() -> str:
    lang = _LANGUAGE.get()
    if lang is not None:
        return lang
    for provider in _SESSION:  # the app never sets the context's: the session's setting
        found = provider()
        if found in SUPPORTED:
            return found
    return DEFAULT_LANGUAGE


def set_language(lang: str) -> None:
    """Use ``lang`` for messages in this context (falls back to English per key)."""
    _LANGUAGE.set(lang if lang in languages() or lang in SUPPORTED else DEFAULT_LANGUAGE)


def parse_lang(text: str | None) -> str | None:
    """The supported language a ``?lang=`` value names (case-insensitive, ``_`` or ``-``),
    else None. Nothing here raises: the value comes from a link.

    >>> parse_lang("zh-Hant"), parse_lang("ZH_hans"), parse_lang("en"), parse_lang(" en ")
    ('zh-Hant', 'zh-Hans', 'en', 'en')
    >>> parse_lang("fr") is None, parse_lang("") is None, parse_lang("zh-Hant" * 50) is None
    (True, True, True)
    """
    if not isinstance(text, str) or len(text) > 20:
        return None
    wanted = text.strip().replace("_", "-").lower()
    for lang in SUPPORTED:
        if lang.lower() == wanted:
            return lang
    return None


def browser_language(tag: str) -> str | None:
    """The supported language of one browser language tag (``zh-TW``, ``en-GB``), or None.

    >>> [browser_language(x) for x in ("zh-TW", "zh-HK", "zh-Hant-HK", "zh-CN", "zh", "zh-SG")]
    ['zh-Hant', 'zh-Hant', 'zh-Hant', 'zh-Hans', 'zh-Hans', 'zh-Hans']
    >>> browser_language("en-GB"), browser_language("fr-FR"), browser_language("zh-Hans-CN")
    ('en', None, 'zh-Hans')
    """
    if not isinstance(tag, str):
        return None
    parts = tag.strip().replace("_", "-").lower().split("-")[:3]
    if not re.fullmatch(r"[a-z]{2,3}", parts[0]):
        return None
    if parts[0] == "en":
        return "en"
    if parts[0] != "zh":
        return None
    # A script subtag decides (zh-Hant-CN is Traditional); else the region does:
    # Taiwan, Hong Kong and Macao write Traditional, every other Chinese tag Simplified.
    first = parts[1] if len(parts) > 1 else ""
    if first == "hant" or first in _TRADITIONAL_REGIONS:
        return "zh-Hant"
    return "zh-Hans"


def from_browser(tags: Iterable[object]) -> str | None:
    """The first supported language in the browser's ``navigator.languages`` (in its
    order of preference), or None when none is (the app then stays in English).

    >>> from_browser(["fr-FR", "zh-TW", "en"]), from_browser(["de", 3, None]), from_browser([])
    ('zh-Hant', None, None)
    """
    for tag in list(tags)[:30]:
        found = browser_language(tag) if isinstance(tag, str) else None
        if found is not None:
            return found
    return None


#: System CJK fonts, on every platform (no outside font host): macOS and iOS (PingFang,
#: Hiragino), Windows (Microsoft JhengHei / YaHei), Linux, Android and Streamlit Community
#: Cloud (Noto Sans CJK, Source Han Sans, WenQuanYi). Traditional and Simplified faces
#: differ in glyph shapes, so each language lists its own first; the page's ``lang``
#: attribute picks the right variants of the fonts that hold both (Noto, Source Han).
CJK_FONTS = {
    "zh-Hant": (
        "PingFang TC",
        "Hiragino Sans CNS",
        "Microsoft JhengHei",
        "Noto Sans CJK TC",
        "Noto Sans TC",
        "Source Han Sans TC",
        "Source Han Sans TW",
    ),
    "zh-Hans": (
        "PingFang SC",
        "Hiragino Sans GB",
        "Microsoft YaHei",
        "Noto Sans CJK SC",
        "Noto Sans SC",
        "Source Han Sans SC",
        "Source Han Sans CN",
    ),
}
_CJK_LAST = ("WenQuanYi Micro Hei", "WenQuanYi Zen Hei", "Droid Sans Fallback")


def font_stack(latin: tuple[str, ...], lang: str | None = None) -> str:
    """A CSS ``font-family`` list: the ``latin`` fonts, then the CJK fonts of ``lang``
    (default: the context's) before those of the other Chinese language, then
    ``sans-serif``. Names are in single quotes (safe in CSS, SVG attributes and plotly).

    >>> font_stack(("DejaVu Sans",), "zh-Hans").split(", ")[:3]
    ["'DejaVu Sans'", "'PingFang SC'", "'Hiragino Sans GB'"]
    >>> font_stack(("Arial",), "en").endswith("sans-serif")
    True
    """
    lang = lang or _current()
    first, second = ("zh-Hans", "zh-Hant") if lang == "zh-Hans" else ("zh-Hant", "zh-Hans")
    names = (*latin, *CJK_FONTS[first], *CJK_FONTS[second], *_CJK_LAST)
    return ", ".join([*(f"'{n}'" for n in names), "sans-serif"])


def html_lang(lang: str | None = None) -> str:
    """The ``lang`` attribute for the page: ``en``, ``zh-Hant`` or ``zh-Hans`` (browsers
    pick Traditional or Simplified glyph variants from it).

    >>> html_lang("zh-Hant"), html_lang("xx")
    ('zh-Hant', 'en')
    """
    lang = lang or _current()
    return lang if lang in SUPPORTED else DEFAULT_LANGUAGE


def is_chinese(lang: str | None = None) -> bool:
    """Whether ``lang`` (default: the context's) is one of the Chinese languages."""
    return (lang or _current()).startswith("zh")


def language() -> str:
    """The language messages are rendered in, in this context."""
    return _current()


@cache
def catalogue(lang: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """All messages of one language, flattened to dotted keys.

    A language is every ``<lang>*.toml`` file in ``tutorial/locales`` (``en.toml`` for
    the app, ``en.engine.toml`` for the rules engine's sentences).
    """
    flat: dict[str, str] = {}
    for part in sorted(
        resources.files("tutorial.language.locales").iterdir(), key=lambda p: p.name
    ):
        if part.name == f"{lang}.toml" or (
            part.name.startswith(f"{lang}.") and part.name.endswith(".toml")
        ):
            flatten(tomllib.loads(part.read_text("utf-8")), flat)
    return flat


def flatten(tree: dict[str, Any], flat: dict[str, str]) -> None:
    def walk(prefix: str, node: dict[str, Any]) -> None:
        for k, v in node.items():
            key = f"{prefix}.{k}" if prefix else k
            if isinstance(v, dict):
                walk(key, v)
            else:
                flat[key] = str(v)

    walk("", tree)


def languages() -> list[str]:
    """The languages that have a catalogue."""
    return sorted(
        {
            p.name.split(".")[0]
            for p in resources.files("tutorial.language.locales").iterdir()
            if p.name.endswith(".toml")
        }
    )


def plural_category(n: float, lang: str | None = None) -> str:
    """The plural category of ``n`` in ``lang``: ``one`` or ``other``.

    English (and the languages we plan) use only these two for cardinal numbers.
    Chinese words have no plural, but the names kept in Latin letters do ("1 張 bout",
    "2 張 bouts"), so Chinese takes ``one`` for 1 as well: its ``one`` forms are the
    ``other`` forms except where a Latin name changes.

    >>> plural_category(1), plural_category(0), plural_category(2.5)
    ('one', 'other', 'other')
    >>> plural_category(1, "zh-Hant"), plural_category(3, "zh-Hant")
    ('one', 'other')
    """
    return "one" if n == 1 else "other"


def tn(key: str, n: float, lang: str | None = None, **params: Any) -> str:
    """The message ``key`` in the plural form for ``n`` (``key.one`` / ``key.other``).

    ``n`` is passed to the message as ``{n}`` (a whole number prints without ``.0``).
    A catalogue holds the forms as a table: ``[play.tries]`` with ``one = "{n} wrong try"``
    and ``other = "{n} wrong tries"``; a missing ``one`` falls back to ``other``.

    >>> tn("plural.tricks", 1), tn("plural.tricks", 3)
    ('1 trick', '3 tricks')
    """
    lang = lang or _current()
    shown: float | int = int(n) if float(n).is_integer() else n
    form = plural_category(n, lang)
    for candidate in (f"{key}.{form}", f"{key}.other"):
        for cat in (catalogue(lang), catalogue(DEFAULT_LANGUAGE)):
            text = cat.get(candidate)
            if text is not None:
                return fill(text, lang, n=shown, **params)
    raise KeyError(f"{key}.other")


def t(key: str, lang: str | None = None, **params: Any) -> str:
    """The message ``key`` in ``lang`` (default: the context's), formatted with ``params``.

    >>> t("app.title")
    'Atout'
    """
    lang = lang or _current()
    text = catalogue(lang).get(key)
    if text is None:
        text = catalogue(DEFAULT_LANGUAGE)[key]
    return fill(text, lang, **params) if params else text


def sentences(parts: Iterable[str]) -> str:
    """Sentences one after the other, as the language writes them: a space after an
    English full stop, none after a Chinese one (「…。下一句」). Empty parts are left out.

    >>> sentences(["One.", "", "Two."])
    'One. Two.'
    """
    return t("app.sentence_separator").join(p for p in parts if p)


#: A space between two pieces of Chinese (characters, 「」, 。，：…): YAML folds a wrapped
#: line into a space, which Chinese does not write.
_SPACE_IN_CHINESE = re.compile(
    r"(?<=[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]) +(?=[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef])"
)


def close_up(data: Any) -> Any:
    """``data`` (a text, or lists and mappings of texts) with no space between two pieces
    of Chinese. A lesson or scenario written in YAML wraps its long lines, and a folded
    block turns each line break into a space: 「兩隊， 搭檔」 reads 「兩隊，搭檔」 again.
    Spaces beside a Latin word, a number or a card stay (「用 10♥ 將吃」).

    >>> close_up({"text": ["分成兩隊， 搭檔面對面坐", "用 10♥ 將吃"]})
    {'text': ['分成兩隊，搭檔面對面坐', '用 10♥ 將吃']}
    """
    if isinstance(data, str):
        return _SPACE_IN_CHINESE.sub("", data)
    if isinstance(data, list):
        return [close_up(x) for x in data]
    if isinstance(data, dict):
        return {k: close_up(v) for k, v in data.items()}
    return data


#: A Chinese character (the CJK ideographs, the ranges a catalogue uses).
_HAN = re.compile(r"[\u4e00-\u9fff]")
#: A character that is spaced from Chinese: a Latin letter or a digit.
_SPACED = re.compile(r"[0-9A-Za-zÀ-ÿ]")
_FORMATTER = string.Formatter()


def fill(template: str, lang: str, **params: Any) -> str:
    """``template`` with its fields filled in (``str.format``).

    In Chinese a field's text is spaced from the Chinese around it when it opens or ends
    with a Latin letter or a digit, as the catalogues space their own numbers and names:
    「這裡的{game}沒有」 reads 「這裡的 Belote 沒有」 and 「這裡的法式塔羅沒有」, and a count
    filled into 「有{bouts}時」 reads 「有 1 張 bout 時」. A field's own text is left as it is.

    >>> fill("有{bouts}時", "zh-Hant", bouts="1 張 bout")
    '有 1 張 bout 時'
    >>> fill("這裡的{game}沒有", "zh-Hant", game="法式塔羅")
    '這裡的法式塔羅沒有'
    >>> fill("{n} tricks", "en", n=3)
    '3 tricks'
    """
    if not lang.startswith("zh"):
        return template.format(**params)
    pieces: list[str] = []
    for literal, field, spec, conversion in _parsed(template):
        if literal:
            _join(pieces, literal)
        if field is None:
            continue
        value, _ = _FORMATTER.get_field(field, (), params)
        value = _FORMATTER.convert_field(value, conversion)
        _join(pieces, _FORMATTER.format_field(value, spec or ""))
    return "".join(pieces)


@cache
def _parsed(template: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    """A catalogue message cut into its literal text and fields, once per message (the
    catalogues are a fixed set, and ``t`` runs on every sentence a page shows)."""
    return tuple(_FORMATTER.parse(template))


def _join(pieces: list[str], text: str) -> None:
    """Add ``text`` after ``pieces``, with a space where Chinese meets a Latin letter or a
    digit across the join."""
    if pieces and text and pieces[-1]:
        before, after = pieces[-1][-1], text[0]
        if (_HAN.match(before) and _SPACED.match(after)) or (
            _SPACED.match(before) and _HAN.match(after)
        ):
            text = " " + text
    pieces.append(text)
