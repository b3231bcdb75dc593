"""The course: lessons valid, scenarios present and proved, every rule taught, table current."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutorial.course.lessons import (
    GAMES,
    coverage_table,
    lessons_root,
    load_lessons,
    load_rules,
    render_readme,
    scenario_teaches,
)
from tutorial.course.library import in_language, load_library, scenarios_root

LESSONS = load_lessons("en")
RULES = load_rules()
LIBRARY = load_library()
TEACHES = scenario_teaches(scenarios_root())


def test_there_is_a_course_for_each_game() -> None:
    for game in GAMES:
        assert [le for le in LESSONS if le.game == game], f"no lessons for {game}"


def test_at_least_sixty_checked_scenarios() -> None:
    assert len(LIBRARY.scenarios) >= 60, len(LIBRARY.scenarios)
    assert not LIBRARY.broken, [b.problems for b in LIBRARY.broken]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda le: le.id)
def test_lesson_names_existing_checked_scenarios(lesson) -> None:  # type: ignore[no-untyped-def]
    for sid in lesson.model.scenarios:
        assert sid in LIBRARY.scenarios, f"{lesson.id} names {sid}, which is missing or broken"
        assert LIBRARY.scenarios[sid].scenario.game == lesson.game


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_every_lesson_table_names_each_column(lang: str) -> None:
    # A header cell left empty is read out as nothing: a screen reader cannot say what
    # the row's labels are.
    for lesson in load_lessons(lang):
        for line in lesson.model.text.splitlines():
            row = line.strip()
            if not row.startswith("|") or set(row) <= set("|-: "):
                continue
            cells = [c.strip() for c in row.strip("|").split("|")]
            assert all(cells), f"{lang} {lesson.id}: a table cell is empty: {row}"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda le: le.id)
def test_lesson_rules_exist_and_quiz_answers_are_choices(lesson) -> None:  # type: ignore[no-untyped-def]
    known = RULES[lesson.game]
    assert set(lesson.model.rules) <= set(known), set(lesson.model.rules) - set(known)
    for q in lesson.model.quiz:
        assert str(q.answer) in [str(c) for c in q.choices], q.question
    assert len(lesson.model.text.split()) >= 40, "a lesson explains in a paragraph or more"


def test_lesson_numbers_are_ordered_without_gaps() -> None:
    for game in GAMES:
        numbers = [le.number for le in LESSONS if le.game == game]
        assert numbers == list(range(1, len(numbers) + 1)), (game, numbers)


#: Match-level or display options: no single hand shows them; taught in lesson text.
TAUGHT_IN_TEXT_ONLY = {
    ("belote", "direction"),
    ("belote", "target"),
    ("belote", "redeal_dealer"),
    ("belote", "tie_at_target"),
}


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_is_taught_by_a_lesson_and_a_scenario(game: str) -> None:
    # A table-to-table difference (``<game>.variant.<option>``) is shown by a scenario
    # played or replayed under it, unless no single hand can show it.
    text_only = {f"{g}.variant.{name}" for g, name in TAUGHT_IN_TEXT_ONLY}
    missing_lesson = [k for k in RULES[game] if not any(k in le.model.rules for le in LESSONS)]
    missing_scenario = [
        k
        for k in RULES[game]
        if k not in text_only and not any(k in keys for keys in TEACHES.values())
    ]
    assert not missing_lesson, f"rules with no lesson: {missing_lesson}"
    assert not missing_scenario, f"rules with no scenario: {missing_scenario}"


def test_scenarios_teach_known_rules_only() -> None:
    known = {k for keys in RULES.values() for k in keys}
    unknown = {sid: [k for k in keys if k not in known] for sid, keys in TEACHES.items()}
    assert not {s: k for s, k in unknown.items() if k}


def test_every_rule_option_has_a_variant_scenario() -> None:
    from tutorial.engine.rule_options import find_ruleset, option_help

    shown: set[tuple[str, str]] = set()
    for checked in LIBRARY.scenarios.values():
        sc = checked.scenario
        for v in sc.variants:
            base = find_ruleset(sc.game, sc.ruleset, **sc.options).options
            other = find_ruleset(sc.game, v.ruleset, **{**sc.options, **v.options}).options
            for name, *_ in option_help(find_ruleset(sc.game)):
                if getattr(base, name) != getattr(other, name):
                    shown.add((sc.game, name))
    for game in GAMES:
        for name, *_ in option_help(find_ruleset(game)):
            if (game, name) in TAUGHT_IN_TEXT_ONLY:
                continue  # no single position shows them: taught in lesson text (see notes)
            assert (game, name) in shown, f"no variant scenario shows {game} option {name}"


def test_coverage_table_in_readme_is_current() -> None:
    readme = (lessons_root() / "README.md").read_text(encoding="utf-8")
    table = coverage_table(LESSONS, RULES, TEACHES)
    assert render_readme(readme, table) == readme, "run: python -m tutorial coverage"


def test_a_lesson_naming_a_missing_scenario_is_caught(tmp_path: Path) -> None:
    (tmp_path / "en" / "belote").mkdir(parents=True)
    (tmp_path / "en" / "belote" / "01-x.yaml").write_text(
        "title: X\nrules: [belote.deck]\ntext: words\nscenarios: [belote/nope]\n", encoding="utf-8"
    )
    lessons = load_lessons("en", tmp_path)
    assert [s for le in lessons for s in le.model.scenarios if s not in LIBRARY.scenarios] == [
        "belote/nope"
    ]


#: A source document a lesson names (not a scenario): 《Briscola 教學文章》.
_SOURCE_TITLE = re.compile(r"教學文章|教学文章")


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_a_scenario_a_lesson_names_is_named_by_its_title(lang: str) -> None:
    """A lesson points to a scenario by its title, in italics in English ("(*Capot by the
    defenders*)") and in 《》 in Chinese: the learner finds it by that title in the list."""
    library = in_language(load_library(), lang)
    titles = {c.scenario.title for g in GAMES for _, c in library.by_game(g)}
    quoted = re.compile(r"\(\*([^*]+)\*\)" if lang == "en" else r"《([^》]+)》")
    unknown = [
        f"{lesson.id}: {name}"
        for lesson in load_lessons(lang)
        for m in quoted.finditer(lesson.model.text)
        if (name := " ".join(m.group(1).split())) not in titles and not _SOURCE_TITLE.search(name)
    ]
    assert not unknown, unknown
