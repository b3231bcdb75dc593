"""Every message key the code uses exists in every catalogue."""

import re
from pathlib import Path

import pytest

from tutorial.language.i18n import catalogue, languages, t

PKG = Path(__file__).resolve().parent.parent / "tutorial"
KEY = re.compile(r"""\bt\(\s*f?["']([a-z_][a-z0-9_.{}]*)["']""")
PLURAL_KEY = re.compile(r"""\btn\(\s*["']([a-z_][a-z0-9_.]*)["']""")


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


def test_every_plural_key_has_other_form() -> None:
    keys: set[str] = set()
    for path in PKG.rglob("*.py"):
        keys.update(PLURAL_KEY.findall(path.read_text(encoding="utf-8")))
    assert "plural.tricks" in keys
    cat = catalogue("en")
    assert not [k for k in sorted(keys) if f"{k}.other" not in cat]


def test_plural_forms() -> None:
    from tutorial.language.i18n import tn

    assert tn("plural.wrong_tries", 1) == "1 wrong try"
    assert tn("plural.wrong_tries", 2) == "2 wrong tries"
    assert tn("plural.points", 0.5) == "0.5 points"
    assert tn("plural.tricks", 0) == "0 tricks"
