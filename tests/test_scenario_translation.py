"""Scenario translations: the overlay format, its checks, the fallback, the app in Chinese."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from apptest_util import open_app

from tutorial.course.library import in_language, load_library
from tutorial.engine.errors import ScenarioError
from tutorial.language.i18n import _LANGUAGE
from tutorial.scenarios.checker import Checked, check_file
from tutorial.scenarios.loader import ScenarioProblems
from tutorial.scenarios.model import AskStep, PlayStep, Say
from tutorial.scenarios.runtime import start
from tutorial.scenarios.translation import (
    is_translation_path,
    mentions,
    merge,
    parse_translation_text,
    source_path,
)
from tutorial.tools import check

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
OVERRUFF = SCENARIOS / "belote/overruff.yaml"
OVERRUFF_ZH = SCENARIOS / "zh-Hant/belote/overruff.yaml"
LOCATED = re.compile(r"^\S+\.yaml:\d+:\d+: ")


@pytest.fixture(scope="module")
def overruff() -> Checked:
    return check_file(OVERRUFF, "scenarios/belote/overruff.yaml")


def _zh_text() -> str:
    return OVERRUFF_ZH.read_text("utf-8")


def _problems(text: str, source: Checked) -> list[str]:
    with pytest.raises(ScenarioProblems) as err:
        parse_translation_text(text, source, "zh.yaml")
    lines = [str(p) for p in err.value.problems]
    assert all(LOCATED.match(line) for line in lines), lines
    return lines


def _tree(tmp_path: Path, zh_text: str | None = None) -> Path:
    """A scenarios root with overruff and, when given, its zh-Hant translation."""
    (tmp_path / "belote").mkdir()
    shutil.copy(OVERRUFF, tmp_path / "belote/overruff.yaml")
    if zh_text is not None:
        (tmp_path / "zh-Hant/belote").mkdir(parents=True)
        (tmp_path / "zh-Hant/belote/overruff.yaml").write_text(zh_text, "utf-8")
    return tmp_path


# --- the merge ------------------------------------------------------------------------------


def test_the_overlay_replaces_the_text_and_keeps_the_play(overruff: Checked) -> None:
    tr = parse_translation_text(_zh_text(), overruff, "zh.yaml")
    zh = merge(overruff, tr)
    sc, src = zh.scenario, overruff.scenario
    assert sc.title == "對手將吃時必須加將" and sc.title != src.title
    assert len(sc.steps) == len(src.steps)
    assert isinstance(sc.steps[0], Say) and "紅心是王牌" in sc.steps[0].say
    play, src_play = sc.steps[2], src.steps[2]
    assert isinstance(play, PlayStep) and isinstance(src_play, PlayStep)
    assert play.play.accept == src_play.play.accept  # the answer is the source's
    assert play.play.hints[0].startswith("對手的王牌")
    ask = sc.steps[-1]
    assert isinstance(ask, AskStep)
    assert ask.ask.choices == ["你", "右家", "搭檔", "左家"]
    assert ask.ask.answer == "你"  # "You", renamed with the seats
    assert zh.table.seat_names == ("你", "右家", "搭檔", "左家")
    assert overruff.table.seat_names == ("You", "Right", "Partner", "Left")  # untouched
    assert zh.table.state is overruff.table.state


def test_a_translated_scenario_plays_with_the_same_rules(overruff: Checked) -> None:
    zh = merge(overruff, parse_translation_text(_zh_text(), overruff, "zh.yaml"))
    run = start(zh.scenario, zh.table).advance()
    refused, fb = run.try_action("8H")
    assert fb.kind == "illegal" and refused.step == run.step
    run, fb = run.try_action("9H")
    assert fb.ok and "9♥ 比 10♥ 大" in fb.message
    _wrong, fb = run.answer("右家")
    assert not fb.ok
    done, fb = run.answer("你")
    assert fb.ok and done.finished


def test_a_choice_answer_follows_its_place_and_side_answers_are_renamed() -> None:
    checked = check_file(SCENARIOS / "belote/bidding-take.yaml")
    zh = in_language_of(checked, "belote/bidding-take")
    asks = [s.ask for s in zh.scenario.steps if isinstance(s, AskStep)]
    assert asks[0].answer == "左家" and asks[0].answer in (asks[0].choices or [])
    assert asks[1].answer == "得分比對手多"
    winner = check_file(SCENARIOS / "belote/declaration-first-in-order.yaml")
    zh = in_language_of(winner, "belote/declaration-first-in-order")
    decl = [s.ask for s in zh.scenario.steps if isinstance(s, AskStep)]
    assert decl[-2].kind == "declaration_winner" and decl[-2].answer == "你和搭檔"
    assert decl[-1].side == "你"  # score for "You"'s side
    # the learner's pick among the translated choices is right
    run = start(zh.scenario, zh.table)
    while not run.finished:
        run = run.solve_current()
    assert run.finished


def in_language_of(checked: Checked, sid: str) -> Checked:
    """One scenario merged with the repository's zh-Hant translation."""
    from tutorial.scenarios.translation import translate

    return translate(checked, SCENARIOS / "zh-Hant" / f"{sid}.yaml")


# --- refusals, each located -----------------------------------------------------------------


def test_a_missing_step_is_refused_at_the_steps(overruff: Checked) -> None:
    text = _zh_text().replace("  - auto\n", "", 1)
    (line,) = _problems(text, overruff)
    assert "the source has 5 steps; this translation has 4" in line
    assert line.startswith("zh.yaml:7:")  # the steps list starts on line 7


def test_a_step_of_another_kind_is_refused(overruff: Checked) -> None:
    text = _zh_text().replace("  - expect\n", "  - auto\n", 1)
    lines = _problems(text, overruff)
    assert any("step 1 is a expect step, not auto" in line for line in lines), lines


def test_a_changed_card_a_typo_and_an_english_seat_are_refused(overruff: Checked) -> None:
    text = (
        _zh_text()
        .replace("explain: 9♥ 比 10♥ 大，所以你必須出 9♥。", "explian: 9♥ 比 10♥ 大。")
        .replace("你必須怎麼做？", "你必須出 8♥ 嗎？")
        .replace("這一墩誰贏？", "Who wins, Partner?")
    )
    lines = _problems(text, overruff)
    joined = "\n".join(lines)
    assert "did you mean 'explain'?" in joined
    assert "mentions 8♥, which the source does not" in joined
    assert "leaves out 10♥, 9♥, which the source mentions" in joined
    assert "the seat 'Partner' is left in English" in joined
    assert "steps[2].play.explain: this text is missing" in joined


def test_seats_must_name_every_seat_once(overruff: Checked) -> None:
    text = _zh_text().replace("Left: 左家", "Lfet: 右家")
    joined = "\n".join(_problems(text, overruff))
    assert "'Left' needs a shown name" in joined
    assert "did you mean 'Left'?" in joined


def test_hints_and_choices_keep_their_number(overruff: Checked) -> None:
    text = _zh_text().replace("choices: [你, 右家, 搭檔, 左家]", "choices: [你, 右家]")
    joined = "\n".join(_problems(text, overruff))
    assert "steps[4].ask.choices: the source has 4; this has 2" in joined


def test_not_a_mapping_is_refused_with_a_position(overruff: Checked) -> None:
    (line,) = _problems("- just a list\n", overruff)
    assert "a translation is a YAML mapping" in line


# --- the library: translations are not scenarios; fallback ------------------------------


def test_translation_files_are_not_loaded_as_scenarios(tmp_path: Path) -> None:
    root = _tree(tmp_path, _zh_text())
    lib = load_library(root)
    assert list(lib.scenarios) == ["belote/overruff"] and not lib.broken
    zh = in_language(lib, "zh-Hant", root)
    assert zh.language == "zh-Hant" and not zh.untranslated
    assert zh.scenarios["belote/overruff"].scenario.title == "對手將吃時必須加將"
    assert in_language(lib, "en", root) is lib


def test_no_translation_falls_back_to_english(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    lib = load_library(root)
    zh = in_language(lib, "zh-Hans", root)
    assert zh.untranslated == frozenset({"belote/overruff"})
    assert zh.scenarios["belote/overruff"] is lib.scenarios["belote/overruff"]


def test_a_broken_translation_falls_back_with_a_located_problem(tmp_path: Path) -> None:
    root = _tree(tmp_path, _zh_text().replace("  - auto\n", "  - ask: oops\n", 1))
    lib = load_library(root)
    zh = in_language(lib, "zh-Hant", root)
    assert zh.untranslated == frozenset({"belote/overruff"})
    assert (
        zh.scenarios["belote/overruff"].scenario.title
        == lib.scenarios["belote/overruff"].scenario.title
    )
    (broken,) = zh.broken_translations
    assert broken.file == "scenarios/zh-Hant/belote/overruff.yaml"
    assert broken.problems[0].startswith("scenarios/zh-Hant/belote/overruff.yaml:")
    assert "step 3 is a auto step, not ask" in broken.problems[0]


def test_unreadable_yaml_falls_back_too(tmp_path: Path) -> None:
    root = _tree(tmp_path, "title: [oops\n")
    zh = in_language(load_library(root), "zh-Hant", root)
    assert "belote/overruff" in zh.untranslated and len(zh.broken_translations) == 1


# --- the check command ----------------------------------------------------------------------


def test_check_takes_translations_as_translations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _tree(tmp_path, _zh_text())
    assert check.main([str(root)]) == 0
    assert "2 scenario files checked: 2 ok" in capsys.readouterr().out
    bad = root / "zh-Hant/belote/overruff.yaml"
    bad.write_text(_zh_text().replace("9♥ 比", "7♥ 比"), "utf-8")
    assert check.main([str(bad)]) == 1
    out = capsys.readouterr().out
    assert re.search(r"overruff\.yaml:\d+:\d+: steps\[2\]: mentions 7♥", out), out
    orphan = root / "zh-Hant/belote/nothing.yaml"
    orphan.write_text(_zh_text(), "utf-8")
    assert check.main([str(orphan)]) == 1
    assert "which does not exist" in capsys.readouterr().out


def test_paths_and_mentions() -> None:
    p = Path("scenarios/zh-Hans/tarot/x.yaml")
    assert is_translation_path(p) and source_path(p) == Path("scenarios/tarot/x.yaml")
    assert not is_translation_path(Path("scenarios/belote/x.yaml"))
    assert not is_translation_path(Path("elsewhere/notalang/belote/x.yaml"))
    assert mentions(["♥10 和 10♥、T21、T3 但不是 T22"]) == {"10♥", "T21", "T3"}
    assert mentions(["J♥-Q-K 和 ♥J、♦A-10-K"]) == {"J♥", "A♦"}


# --- the repository's translations -------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_every_belote_scenario_has_a_valid_translation(lang: str) -> None:
    sources = sorted((SCENARIOS / "belote").glob("*.yaml"))
    missing = [p.name for p in sources if not (SCENARIOS / lang / "belote" / p.name).is_file()]
    assert not missing
    lines: list[str] = []
    for path in sorted((SCENARIOS / lang / "belote").glob("*.yaml")):
        lines += check.check_translation(path)
    assert not lines, lines


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_no_translation_puts_chinese_text_in_italics(lang: str) -> None:
    """Chinese has no italics: a scenario emphasises with quotes, or not at all."""
    italic = re.compile(r"(?<!\*)\*[^*\n]*[\u4e00-\u9fff][^*\n]*\*(?!\*)")
    found = [
        f"{path.relative_to(SCENARIOS)}: {m}"
        for path in sorted((SCENARIOS / lang).rglob("*.yaml"))
        for m in italic.findall(path.read_text("utf-8"))
    ]
    assert not found, found


def test_simplified_belote_files_are_derived_from_the_traditional_ones() -> None:
    pytest.importorskip("opencc")
    from tutorial.scenarios.translation import derive_text

    stale = []
    for src in sorted((SCENARIOS / "zh-Hant/belote").glob("*.yaml")):
        name = f"scenarios/zh-Hant/belote/{src.name}"
        out = SCENARIOS / "zh-Hans/belote" / src.name
        if out.read_text("utf-8") != derive_text(src.read_text("utf-8"), name):
            stale.append(src.name)
    assert not stale, "run python -m tutorial.scenarios.translation zh-Hans"


def test_a_stale_simplified_file_is_found(tmp_path: Path) -> None:
    pytest.importorskip("opencc")
    from tutorial.scenarios.translation import derive_all, main

    (tmp_path / "zh-Hant/belote").mkdir(parents=True)
    shutil.copy(OVERRUFF_ZH, tmp_path / "zh-Hant/belote/overruff.yaml")
    assert main(["zh-Hans", str(tmp_path), "--check"]) == 1
    (written,) = derive_all(tmp_path)
    text = written.read_text("utf-8")
    assert "对手将吃时必须加将" in text and "正在赢" in text  # 正贏著 is 正在贏 now
    assert main(["zh-Hans", str(tmp_path), "--check"]) == 0


# --- the app in Chinese --------------------------------------------------------------------------


def _table(at: Any) -> dict[str, Any]:
    for el in at.get("bidi_component"):
        if el.proto.component_name == "atout_table":
            data: dict[str, Any] = json.loads(el.proto.json)
            return data
    raise AssertionError("no table component on the page")


def _in_language(lang: str) -> Iterator[None]:
    """Run the test body with ``lang`` in this thread too: AppTest formats widget values
    (a radio's ``format_func`` calling ``t``) in the test's thread, not the app's."""
    token = _LANGUAGE.set(lang)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


@pytest.fixture
def zh_hant() -> Iterator[None]:
    yield from _in_language("zh-Hant")


@pytest.mark.usefixtures("zh_hant", "_fresh_caches")
def test_the_app_in_zh_hant_plays_a_translated_scenario() -> None:
    at = open_app("play", 60, scenario="belote/overruff", lang="zh-Hant")
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == "對手將吃時必須加將"
    at.text_input(key="typed_card").input("9H").run()
    data = _table(at)
    assert "9♥ 比 10♥ 大" in data["feedback"]["html"]
    assert data["prompt"] == "這一墩誰贏？"
    assert [c["label"] for c in data["choices"]] == ["你", "右家", "搭檔", "左家"]
    at.text_input(key="typed_card").input("你").run()
    assert _table(at)["mode"] == "view"
    notice = "This scenario is not translated yet"
    assert not any(notice in c.value for c in at.caption)


@pytest.mark.usefixtures("zh_hant", "_fresh_caches")
def test_the_app_says_when_a_scenario_is_shown_in_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _tree(tmp_path)
    monkeypatch.setenv("ATOUT_SCENARIOS", str(root))
    at = open_app("play", 60, scenario="belote/overruff", lang="zh-Hant")
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == "Overtrump the opponent's ruff"
    from tutorial.language.i18n import t

    notice = t("scenario_translation.fallback", lang="zh-Hant")
    assert any(c.value == notice for c in at.caption)


def test_scenario_error_is_the_base_of_the_refusal(overruff: Checked) -> None:
    with pytest.raises(ScenarioError):
        parse_translation_text("title: x\n", overruff, "zh.yaml")


def test_scenario_files_leave_translations_out_unless_asked() -> None:
    files = check.scenario_files([str(SCENARIOS)])
    assert files and not any(is_translation_path(p) for p in files)
    assert all(len(p.relative_to(SCENARIOS).parts) == 2 for p in files)  # <game>/<id>.yaml
    with_translations = check.scenario_files([str(SCENARIOS)], translations=True)
    assert OVERRUFF_ZH in with_translations and OVERRUFF in with_translations
    assert check.scenario_files([str(SCENARIOS / "zh-Hant")]) == []


def test_the_derivation_command_refuses_what_it_cannot_derive(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tutorial.scenarios import translation

    (tmp_path / "zh-Hant").mkdir()
    assert translation.main(["--help"]) == 0
    assert "usage:" in capsys.readouterr().out
    # an unknown script (a mistyped option read as one) writes nothing
    assert translation.main(["--hlep", str(tmp_path)]) == 2
    assert "only zh-Hans" in capsys.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["zh-Hant"]
    assert translation.main(["zh-Hans", str(tmp_path / "nowhere")]) == 2
    assert "no zh-Hant folder" in capsys.readouterr().out
