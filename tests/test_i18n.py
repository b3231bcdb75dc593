"""Every message key the code uses exists in every catalogue."""

import re
from pathlib import Path

import pytest

from tutorial.i18n import catalogue, languages, t

PKG = Path(__file__).resolve().parent.parent / "tutorial"
KEY = re.compile(r"""\bt\(\s*f?["']([a-z_][a-z0-9_.{}]*)["']""")


def _used_keys() -> set[str]:
    keys: set[str] = set()
    for path in PKG.rglob("*.py"):
        keys.update(KEY.findall(path.read_text(encoding="utf-8")))
    return keys


def test_keys_are_found() -> None:
    assert len(_used_keys()) > 50


@pytest.mark.parametrize("lang", languages())
def test_every_used_key_exists(lang: str) -> None:
    cat = catalogue(lang)
    games = ("belote", "tarot", "briscola")
    missing = []
    for key in sorted(_used_keys()):
        variants = [key.replace("{game}", g) for g in games] if "{game}" in key else [key]
        missing += [v for v in variants if v not in cat]
    assert not missing


def test_format_fields() -> None:
    assert t("home.progress_line", done=2, total=5) == "2 of 5 scenarios done"
