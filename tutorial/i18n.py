"""The message catalogue: every piece of UI text, looked up by key.

Catalogues are TOML files in ``tutorial/locales/`` (``en.toml``; a second language is a
parallel file with the same keys). ``t("play.illegal", reason=...)`` formats the
message with ``str.format`` fields. A missing key raises ``KeyError`` (a test checks
that every key the code uses exists in every catalogue).
"""

from __future__ import annotations

import tomllib
from contextvars import ContextVar
from functools import cache
from importlib import resources
from typing import Any

DEFAULT_LANGUAGE = "en"
#: The language of the current session (the app sets it at the top of every rerun;
#: each Streamlit session runs in its own context, so sessions do not mix).
_LANGUAGE: ContextVar[str] = ContextVar("atout_language", default=DEFAULT_LANGUAGE)


def set_language(lang: str) -> None:
    """Use ``lang`` for messages in this context (falls back to English per key)."""
    _LANGUAGE.set(lang if lang in languages() else DEFAULT_LANGUAGE)


def language() -> str:
    """The language messages are rendered in, in this context."""
    return _LANGUAGE.get()


@cache
def catalogue(lang: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """All messages of one language, flattened to dotted keys.

    A language is every ``<lang>*.toml`` file in ``tutorial/locales`` (``en.toml`` for
    the app, ``en.engine.toml`` for the rules engine's sentences).
    """
    flat: dict[str, str] = {}
    for part in sorted(resources.files("tutorial.locales").iterdir(), key=lambda p: p.name):
        if part.name == f"{lang}.toml" or (
            part.name.startswith(f"{lang}.") and part.name.endswith(".toml")
        ):
            _flatten(tomllib.loads(part.read_text("utf-8")), flat)
    return flat


def _flatten(tree: dict[str, Any], flat: dict[str, str]) -> None:
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
            for p in resources.files("tutorial.locales").iterdir()
            if p.name.endswith(".toml")
        }
    )


def plural_category(n: float, lang: str | None = None) -> str:
    """The CLDR plural category of ``n`` in ``lang``: ``one`` or ``other``.

    English (and the languages we plan) use only these two for cardinal numbers;
    Chinese has no plural forms, so every number is ``other`` there.

    >>> plural_category(1), plural_category(0), plural_category(2.5)
    ('one', 'other', 'other')
    >>> plural_category(1, "zh-Hant")
    'other'
    """
    lang = lang or _LANGUAGE.get()
    if lang.startswith("zh"):
        return "other"
    return "one" if n == 1 else "other"


def tn(key: str, n: float, lang: str | None = None, **params: Any) -> str:
    """The message ``key`` in the plural form for ``n`` (``key.one`` / ``key.other``).

    ``n`` is passed to the message as ``{n}`` (a whole number prints without ``.0``).
    A catalogue holds the forms as a table: ``[play.tries]`` with ``one = "{n} wrong try"``
    and ``other = "{n} wrong tries"``; a missing ``one`` falls back to ``other``.

    >>> tn("plural.tricks", 1), tn("plural.tricks", 3)
    ('1 trick', '3 tricks')
    """
    lang = lang or _LANGUAGE.get()
    shown: float | int = int(n) if float(n).is_integer() else n
    form = plural_category(n, lang)
    for candidate in (f"{key}.{form}", f"{key}.other"):
        for cat in (catalogue(lang), catalogue(DEFAULT_LANGUAGE)):
            text = cat.get(candidate)
            if text is not None:
                return text.format(n=shown, **params)
    raise KeyError(f"{key}.other")


def t(key: str, lang: str | None = None, **params: Any) -> str:
    """The message ``key`` in ``lang`` (default: the context's), formatted with ``params``.

    >>> t("app.title")
    'Atout'
    """
    text = catalogue(lang or _LANGUAGE.get()).get(key)
    if text is None:
        text = catalogue(DEFAULT_LANGUAGE)[key]
    return text.format(**params) if params else text
