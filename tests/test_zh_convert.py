"""The Chinese catalogues: zh-Hant written by hand, zh-Hans derived from it and kept fresh."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutorial.language import zh_convert
from tutorial.language.glossary import to_simplified
from tutorial.language.i18n import catalogue, t, tn
from tutorial.language.zh_convert import CORRECTIONS, PAIRS, derive, fields, stale, to_hans

LOCALES = zh_convert.LOCALES
ENGLISH = {"zh-Hant.toml": "en.toml", "zh-Hant.engine.toml": "en.engine.toml"}


def _flat(path: Path) -> dict[str, str]:
    return zh_convert._flat(path.read_text("utf-8"))


def test_zh_hans_is_fresh() -> None:
    """zh-Hans is exactly what ``python -m tutorial locales`` writes from zh-Hant."""
    assert stale() == [], "run python -m tutorial locales"


def test_stale_is_detected(tmp_path: Path) -> None:
    for source, target in PAIRS:
        (tmp_path / source).write_text((LOCALES / source).read_text("utf-8"), "utf-8")
        (tmp_path / target).write_text((LOCALES / target).read_text("utf-8"), "utf-8")
    assert stale(tmp_path) == []
    source = tmp_path / "zh-Hant.toml"
    source.write_text(
        source.read_text("utf-8").replace('nav_home = "首頁"', 'nav_home = "首頁！"'), "utf-8"
    )
    assert stale(tmp_path) == ["zh-Hans.toml"]
    zh_convert.regenerate(tmp_path)
    assert stale(tmp_path) == []
    assert 'nav_home = "首页！"' in (tmp_path / "zh-Hans.toml").read_text("utf-8")


@pytest.mark.parametrize("source", sorted(ENGLISH))
def test_zh_hant_has_every_english_key_and_field(source: str) -> None:
    english = _flat(LOCALES / ENGLISH[source])
    chinese = _flat(LOCALES / source)
    assert sorted(set(english) - set(chinese)) == []
    assert sorted(set(chinese) - set(english)) == []
    changed = [k for k in english if fields(english[k]) != fields(chinese[k])]
    assert changed == []


@pytest.mark.parametrize(("source", "target"), PAIRS)
def test_zh_hans_keeps_keys_and_fields(source: str, target: str) -> None:
    hant, hans = _flat(LOCALES / source), _flat(LOCALES / target)
    assert hant.keys() == hans.keys()
    assert [k for k in hant if fields(hant[k]) != fields(hans[k])] == []


@pytest.mark.parametrize(("source", "target"), PAIRS)
def test_zh_hans_has_no_traditional_characters_left(source: str, target: str) -> None:
    """Converting the Simplified text again changes nothing: no Traditional form remains."""
    text = (LOCALES / target).read_text("utf-8")
    assert to_simplified(text) == text


def test_every_correction_is_used_and_applied() -> None:
    raw = "".join(to_simplified((LOCALES / s).read_text("utf-8")) for s, _ in PAIRS)
    derived = "".join((LOCALES / t_).read_text("utf-8") for _, t_ in PAIRS)
    for fix in CORRECTIONS:
        assert fix.converted in raw, f"{fix.converted} no longer occurs: drop it"
        assert fix.corrected in derived
        if fix.converted not in fix.corrected:
            assert fix.converted not in derived


def test_to_hans_applies_glossary_and_corrections() -> None:
    assert to_hans("最後一墩獎勵") == "最后一墩奖励"
    assert to_hans("簡報模式") == "演示模式"  # the glossary's variant, not OpenCC's guess
    assert to_hans("重新整理、開新分頁") == "刷新、打开新标签页"
    assert to_hans("{n} 位元組") == "{n} 字节"


def test_derive_refuses_a_changed_field() -> None:
    with pytest.raises(ValueError, match="fields of a"):
        zh_convert._same_shape("x.toml", 'a = "{n} 墩"\n', 'a = "{m} 墩"\n')
    assert derive("x.toml", 'a = "{n} 墩"\n').endswith('a = "{n} 墩"\n')


def test_chinese_messages_render() -> None:
    assert tn("plural.tricks", 1, lang="zh-Hant") == "1 墩"
    assert tn("plural.tricks", 3, lang="zh-Hans") == "3 墩"
    assert t("home.progress_line", lang="zh-Hant", done=2, total=5) == "已完成 2／5 個情境"
    assert t("home.progress_line", lang="zh-Hans", done=2, total=5) == "已完成 2／5 个情境"
    assert catalogue("zh-Hans")["common.suit.diamonds"] == "方块"
    assert catalogue("zh-Hant")["belote.refuse.must_overtrump"].startswith("你必須加將")


def test_locales_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert zh_convert.main(["--check"]) == 0
    assert zh_convert.main(["--nope"]) == 2
    assert "usage" in capsys.readouterr().err
