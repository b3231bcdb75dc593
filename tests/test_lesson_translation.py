"""The Chinese lessons (``lessons/zh-Hant``, ``lessons/zh-Hans``) against the English course.

A translation must be the same lesson: same ids, rules, scenarios, quiz questions, choices
and answers (the answer at the same place among the choices), the same card codes in each
question; its text must be Chinese (no English words left outside card codes and the
glossary's kept names); its bold marks must work in CommonMark next to Chinese punctuation;
and the Simplified files must be exactly what ``scripts/zh_hans_lessons.py`` derives from
the Traditional ones.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import unicodedata
from pathlib import Path
from types import ModuleType

import pytest

from tutorial.course.lessons import Lesson, QuizQuestion, load_lessons
from tutorial.course.playlists import load_playlists, parse_playlist
from tutorial.language.glossary import kept_words, to_simplified

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("zh-Hant", "zh-Hans")

#: Latin words a Chinese lesson may show besides the glossary's kept names: the French
#: names of combinations and contracts the lessons quote, names of other games/apps, and
#: the sources the lessons name (the CARDAVIA Tarot rules, as the Rules page names them).
ALLOWED_LATIN = frozenset(
    {
        "cardavia",
        "belote",
        "rebelote",
        "tierce",
        "quarte",
        "quinte",
        "carré",
        "dedans",
        "capot",
        "litige",
        "oudlers",
        "bout",
        "sec",
        "simple",
        "double",
        "triple",
        "chelem",
        "poignée",
        "Contrée",
        "Whist",
    }
)

# A card code as the lessons write it: ♠A, ♥10, A♦, 10♣, K♠ (rank before or after the suit).
CARD = re.compile(r"[♠♥♦♣](?:10|[2-9AKQJC])|(?:10|[2-9AKQJC])[♠♥♦♣]")
SUIT_FIRST = re.compile(r"[♠♥♦♣](?:10|[2-9AKQJC])")
CJK = re.compile(r"[\u4e00-\u9fff]")
#: Markdown italics around text with a Chinese character in it (bold ``**`` taken out first).
ITALIC_STAR = re.compile(r"\*[^*\n\0]*[\u4e00-\u9fff][^*\n\0]*\*")
ITALIC_UNDERSCORE = re.compile(r"(?<![A-Za-z0-9_])_[^_\n]*[\u4e00-\u9fff][^_\n]*_(?![A-Za-z0-9_])")


def _by_id(lang: str) -> dict[str, Lesson]:
    return {le.id: le for le in load_lessons(lang)}


ENGLISH = _by_id("en")
TRANSLATED = {lang: _by_id(lang) for lang in LANGS}
PAIRS = [pytest.param(lang, lid, id=f"{lang}:{lid}") for lang in LANGS for lid in sorted(ENGLISH)]


def _derive_module() -> ModuleType:
    path = ROOT / "scripts" / "zh_hans_lessons.py"
    spec = importlib.util.spec_from_file_location("zh_hans_lessons", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("zh_hans_lessons", module)
    spec.loader.exec_module(module)
    return module


def _rank_first(code: str) -> str:
    """A card code written rank first, whichever order it came in: ♥10 and 10♥ give 10♥."""
    return code[1:] + code[0] if code[0] in "♠♥♦♣" else code


def _cards(q: QuizQuestion) -> list[str]:
    """The card codes a question names (question, choices and explanation), each rank first
    (the English lessons may write ♥10 where the Chinese ones write 10♥, as the engine does)."""
    text = " ".join([q.question, q.explain, *map(str, q.choices)])
    return sorted(_rank_first(code) for code in CARD.findall(text))


def _strings(le: Lesson) -> list[str]:
    """Every learner-facing string of a lesson."""
    out = [le.model.title, le.model.text]
    for q in le.model.quiz:
        out += [q.question, q.explain, *(str(c) for c in q.choices if isinstance(c, str))]
    return [s for s in out if s]


@pytest.mark.parametrize("lang", LANGS)
def test_every_english_lesson_has_a_translation_and_no_other(lang: str) -> None:
    assert sorted(TRANSLATED[lang]) == sorted(ENGLISH)


@pytest.mark.parametrize(("lang", "lid"), PAIRS)
def test_translation_keeps_rules_scenarios_and_answers(lang: str, lid: str) -> None:
    en, zh = ENGLISH[lid].model, TRANSLATED[lang][lid].model
    assert zh.rules == en.rules
    assert zh.scenarios == en.scenarios
    assert len(zh.quiz) == len(en.quiz)
    for i, (qe, qz) in enumerate(zip(en.quiz, zh.quiz, strict=True)):
        where = f"question {i + 1}"
        assert len(qz.choices) == len(qe.choices), where
        # the right answer sits at the same place among the choices
        assert [str(c) for c in qz.choices].count(str(qz.answer)) == 1, where
        right_en = [str(c) for c in qe.choices].index(str(qe.answer))
        right_zh = [str(c) for c in qz.choices].index(str(qz.answer))
        assert right_zh == right_en, where
        # numbers stay numbers, in the same order
        assert [c for c in qz.choices if not isinstance(c, str)] == [
            c for c in qe.choices if not isinstance(c, str)
        ], where

        # the same cards are named in the question, its choices and its explanation
        assert _cards(qz) == _cards(qe), where
        assert bool(qz.explain) == bool(qe.explain), where


@pytest.mark.parametrize(("lang", "lid"), PAIRS)
def test_card_codes_are_written_rank_first(lang: str, lid: str) -> None:
    """A Chinese lesson writes 10♥, as the engine's sentences and the scenarios do."""
    for text in _strings(TRANSLATED[lang][lid]):
        assert not SUIT_FIRST.search(text), text


def test_card_codes_compare_in_either_order() -> None:
    assert [_rank_first(c) for c in ("♥10", "10♥", "♠A", "K♠")] == ["10♥", "10♥", "A♠", "K♠"]


@pytest.mark.parametrize(("lang", "lid"), PAIRS)
def test_translation_is_chinese_without_english_words(lang: str, lid: str) -> None:
    le = TRANSLATED[lang][lid]
    allowed = kept_words() | ALLOWED_LATIN
    allowed_lower = {w.lower() for w in allowed}
    assert CJK.search(le.model.title) and CJK.search(le.model.text)
    for q, q_en in zip(le.model.quiz, ENGLISH[lid].model.quiz, strict=True):
        assert CJK.search(q.question), q.question
        if re.search(r"[A-Za-z]{2,}", q_en.explain):  # words, not only a sum, in English
            assert CJK.search(q.explain), q.explain
    for text in _strings(le):
        bare = CARD.sub(" ", text)
        for word in re.findall(r"[A-Za-zÀ-ÿ]{2,}", bare):
            assert word.lower() in allowed_lower, f"{word!r} in {text[:60]!r}"


def _italics(text: str) -> list[str]:
    """Markdown italics (``*…*`` or ``_…_``) around Chinese text: Chinese has no italics."""
    bare = re.sub(r"\{[^{}]*\}", "", text).replace("**", "\0\0")
    return ITALIC_STAR.findall(bare) + ITALIC_UNDERSCORE.findall(bare)


@pytest.mark.parametrize(("lang", "lid"), PAIRS)
def test_no_italics_on_chinese_text(lang: str, lid: str) -> None:
    """Emphasis in a Chinese lesson is bold or quotes (「」, “”), never italics."""
    for text in _strings(TRANSLATED[lang][lid]):
        assert not _italics(text), text


def test_the_italics_check_finds_stars_and_underscores_but_not_bold() -> None:
    assert _italics("要看的是 *現在* 誰贏") == ["*現在*"]
    assert _italics("這是 _王牌_。") == ["_王牌_"]
    assert _italics("**王牌** 和 **將牌**、*belote*、{trump_word}和{seat_name}") == []


def _flanking(text: str, i: int, n: int) -> tuple[bool, bool]:
    """CommonMark's left- and right-flanking tests for the delimiter run text[i:i+n]."""

    def kind(ch: str) -> str:
        if ch == "" or ch.isspace():
            return "space"
        return "punct" if unicodedata.category(ch).startswith(("P", "S")) else "other"

    before = kind(text[i - 1] if i > 0 else "")
    after = kind(text[i + n] if i + n < len(text) else "")
    left = after != "space" and (after != "punct" or before in ("space", "punct"))
    right = before != "space" and (before != "punct" or after in ("space", "punct"))
    return left, right


@pytest.mark.parametrize(("lang", "lid"), PAIRS)
def test_bold_marks_open_and_close_next_to_chinese_punctuation(lang: str, lid: str) -> None:
    """``**`` must open and close as bold (not show as asterisks) in each paragraph."""
    for text in _strings(TRANSLATED[lang][lid]):
        for para in re.split(r"\n\s*\n", text):
            runs = [m.start() for m in re.finditer(r"(?<!\*)\*\*(?!\*)", para)]
            assert len(runs) % 2 == 0, para
            for k, i in enumerate(runs):
                left, right = _flanking(para, i, 2)
                assert left if k % 2 == 0 else right, f"bold mark {k + 1} in {para[:80]!r}"


def test_flanking_rule_catches_a_closing_mark_after_punctuation() -> None:
    """The check above would fail on the classic CJK mistake (a mark stuck between a full
    stop and a Chinese character)."""
    assert _flanking("**王牌。**如果", 5, 2) == (True, False)
    assert _flanking("**王牌。** 如果", 5, 2)[1]


def test_simplified_lessons_are_derived_from_the_traditional_ones() -> None:
    derive = _derive_module()
    pairs = derive.pairs()
    playlists = sorted((ROOT / "lessons" / "playlists").glob("*.yaml"))
    assert len(pairs) == len(ENGLISH) + len(playlists)
    for hant, hans in pairs:
        assert hans.read_text("utf-8") == derive.derive(hant.read_text("utf-8")), hans.name


@pytest.mark.parametrize("lid", sorted(ENGLISH))
def test_simplified_lessons_keep_no_traditional_characters(lid: str) -> None:
    for text in _strings(TRANSLATED["zh-Hans"][lid]):
        assert to_simplified(text) == text
        assert not re.search("[「」]", text), text


def test_hand_fixes_correct_what_the_converter_leaves() -> None:
    derive = _derive_module()
    assert derive.derive("「接著」") == "“接着”"  # quotes here, 着 by the catalogues' corrections
    assert to_simplified("「」") == "「」"  # still needed: drop the fix once OpenCC does it


# --- the example playlists' titles and notes ---------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_example_playlists_show_chinese_titles_with_the_english_scenarios(lang: str) -> None:
    english, problems_en = load_playlists()
    chinese, problems = load_playlists(lang=lang)
    assert problems == problems_en == []
    assert [p.items for p in chinese] == [p.items for p in english]
    for en, zh in zip(english, chinese, strict=True):
        assert zh.title != en.title and CJK.search(zh.title), zh.title
        assert bool(zh.note) == bool(en.note)
        assert not zh.note or CJK.search(zh.note), zh.note
        # the translated file lists the same scenarios (kept in step with the English one)
        path = ROOT / "lessons" / "playlists" / lang / f"{en.name}.yaml"
        own = parse_playlist(path.read_text("utf-8"), path.name)
        assert own.items == en.items


def test_a_playlist_without_translation_keeps_its_english_title(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("title: Trumps\nscenarios: [belote/overruff]\n", "utf-8")
    (tmp_path / "b.yaml").write_text("title: Excuse\nscenarios: [tarot/excuse-led]\n", "utf-8")
    (tmp_path / "zh-Hant").mkdir()
    (tmp_path / "zh-Hant" / "b.yaml").write_text(
        "title: 愚者\nnote: 先試這個\nscenarios: [tarot/excuse-led]\n", "utf-8"
    )
    found, problems = load_playlists(tmp_path, lang="zh-Hant")
    assert problems == []
    assert [(p.title, p.note, p.items) for p in found] == [
        ("Trumps", "", ("belote/overruff",)),
        ("愚者", "先試這個", ("tarot/excuse-led",)),
    ]


def test_a_broken_playlist_translation_is_reported_and_the_english_kept(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("title: Trumps\nscenarios: [belote/overruff]\n", "utf-8")
    (tmp_path / "zh-Hans").mkdir()
    (tmp_path / "zh-Hans" / "a.yaml").write_text("title: 王牌\nwho: x\n", "utf-8")
    found, problems = load_playlists(tmp_path, lang="zh-Hans")
    assert [p.title for p in found] == ["Trumps"]
    assert len(problems) == 1 and problems[0].startswith("lessons/playlists/zh-Hans/a.yaml:2:")
