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


ROOT = Path(__file__).resolve().parent.parent


def _sources() -> list[tuple[str, str]]:
    """Every Traditional text Simplified is derived from: catalogues, lessons, playlists,
    scenarios (name, text)."""
    out = [(s, (LOCALES / s).read_text("utf-8")) for s, _ in PAIRS]
    for base in ("lessons/zh-Hant", "lessons/playlists/zh-Hant", "scenarios/zh-Hant"):
        out += [
            (str(p.relative_to(ROOT)), p.read_text("utf-8"))
            for p in sorted((ROOT / base).rglob("*.yaml"))
        ]
    return out


SOURCES = _sources()


def test_every_correction_is_used_and_applied() -> None:
    raw = "".join(to_simplified(text) for _, text in SOURCES)
    derived = "".join(to_hans(text) for _, text in SOURCES)
    for fix in CORRECTIONS:
        assert fix.converted in raw, f"{fix.converted} no longer occurs: drop it"
        assert fix.corrected in derived
        if fix.converted not in fix.corrected:
            kept = sum(raw.count(k) for k in fix.keep if fix.converted in k or k in raw)
            assert fix.converted not in derived or kept, fix.converted


#: Words a correction's text occurs inside of, or across the edge of, in Chinese text
#: (讀取代碼 is 讀取 + 代碼, not 取代): a correction must never change them.
LONGER_WORDS = (
    "读取",
    "代码",
    "无法复原",
    "检视规则",
    "开启动",
    "程序员",
    "资料夹",
    "取代码",
)


def _edges_broken(before: str, after: str) -> list[str]:
    """Longer words of ``before`` that ``after`` no longer has (each occurrence counted)."""
    return [w for w in LONGER_WORDS if before.count(w) > after.count(w) and not _meant(w)]


def _meant(word: str) -> bool:
    """A longer word that is itself the correction's whole phrase (changed on purpose)."""
    return any(fix.converted == word for fix in CORRECTIONS)


@pytest.mark.parametrize(("name", "text"), SOURCES, ids=[n for n, _ in SOURCES])
def test_no_correction_changes_a_longer_word(name: str, text: str) -> None:
    """Over every Simplified string: where a correction's text sits inside or across a
    longer word, that word is still there after the corrections (读取代码 stays)."""
    before = to_simplified(text)
    after = to_hans(text)
    assert _edges_broken(before, after) == [], name
    for fix in CORRECTIONS:
        for word in fix.keep:
            assert before.count(word) == after.count(word), (name, word)


def test_corrections_replace_whole_words_only() -> None:
    assert to_hans("讀取代碼") == "读取代码"
    assert to_hans("取代這個瀏覽器裡的進度") == "替换这个浏览器里的进度"
    assert to_hans("無法復原的錯") == "无法复原的错"  # the Undo button only: = "复原"
    assert to_hans('undo = "復原"') == 'undo = "撤销"'
    assert to_hans("檢視規則") == "检视规则"


def test_mainland_punctuation_and_particle() -> None:
    assert to_hans("「接著」") == "“接着”"
    assert to_hans("『贏著』") == "‘赢着’"
    assert to_hans("著名、顯著") == "著名、显著"


def test_mainland_game_words() -> None:
    assert to_hans("王牌花色") == "将牌花色"
    assert to_hans("領出花色") == "首出花色"
    assert to_hans("主打方的分數") == "叫牌方的分数"
    assert to_hans("60 比 60 是和局") == "60 比 60 是平局"  # the glossary's variant
    assert to_hans("開啟本程式") == "打开本应用"


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
    assert t("home.progress_line", lang="zh-Hans", done=2, total=5) == "已完成 2／5 个场景"
    assert catalogue("zh-Hans")["common.suit.diamonds"] == "方块"
    assert catalogue("zh-Hant")["belote.refuse.must_overtrump"].startswith("你必須加將")


def test_locales_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert zh_convert.main(["--check"]) == 0
    assert zh_convert.main(["--nope"]) == 2
    assert "usage" in capsys.readouterr().err


def test_the_simplified_interface_uses_the_mainlands_words() -> None:
    """The words a mainland reader found still in Taiwanese usage, and where."""
    hans = catalogue("zh-Hans")
    text = "\n".join(hans.values())
    for taiwanese in ("铁支", "情境", "建立班级", "缴交", "网址列", "栏位", "额满", "有完整复制吗"):
        assert taiwanese not in text, taiwanese
    assert "其他信息" in hans["my_class.intro"]
