"""The message catalogue: every piece of UI text, looked up by key.

Catalogues are TOML files in ``tutorial/locales/`` (``en.toml``; a second language is a
parallel file with the same keys). ``t("play.illegal", reason=...)`` formats the
message with ``str.format`` fields. A missing key raises ``KeyError`` (a test checks
that every key the code uses exists in every catalogue).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

DEFAULT_LANGUAGE = "en"


@cache
def catalogue(lang: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """All messages of one language, flattened to dotted keys."""
    raw = resources.files("tutorial.locales").joinpath(f"{lang}.toml").read_text("utf-8")
    flat: dict[str, str] = {}

    def walk(prefix: str, node: dict[str, Any]) -> None:
        for k, v in node.items():
            key = f"{prefix}.{k}" if prefix else k
            if isinstance(v, dict):
                walk(key, v)
            else:
                flat[key] = str(v)

    walk("", tomllib.loads(raw))
    return flat


def languages() -> list[str]:
    """The languages that have a catalogue."""
    return sorted(
        p.name.removesuffix(".toml")
        for p in resources.files("tutorial.locales").iterdir()
        if p.name.endswith(".toml")
    )


def t(key: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The message ``key`` in ``lang``, formatted with ``params``.

    >>> t("app.title")
    'Atout'
    """
    text = catalogue(lang).get(key)
    if text is None:
        text = catalogue(DEFAULT_LANGUAGE)[key]
    return text.format(**params) if params else text
