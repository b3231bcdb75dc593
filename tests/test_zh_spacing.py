"""Chinese messages space numbers, card codes and Latin names as the lessons do.

The lessons and scenarios write "手上有 8 張牌", "用 10♥ 將吃", "南家完成 Garde"; a catalogue
message that glues a field or a literal to a Chinese character ("手上8 張牌", "南家完成Garde")
reads as a typo next to them. Each message is rendered with sample fields (a number, a card
code, a Latin name, or a Chinese word for fields that hold Chinese text) and must have no
Chinese character touching a digit or a Latin letter.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

import pytest

from tutorial.language.i18n import catalogue, fill

LANGS = ("zh-Hant", "zh-Hans")

#: Fields that hold a number.
NUMBERS = frozenset(
    [
        "a",
        "alt",
        "b",
        "amount",
        "asked",
        "bad",
        "bonus",
        "can",
        "count",
        "defence",
        "depth",
        "difference",
        "done",
        "exact",
        "expr",
        "given",
        "have",
        "high",
        "first",
        "i",
        "k",
        "learners",
        "left",
        "limit",
        "low",
        "margin",
        "mark",
        "mb",
        "missed",
        "mistakes",
        "most",
        "mult",
        "multiplier",
        "n",
        "na",
        "nb",
        "needed",
        "number",
        "other_points",
        "own",
        "pa",
        "pb",
        "places",
        "points",
        "rounded",
        "shown",
        "size",
        "stars",
        "step",
        "sum",
        "taker",
        "target",
        "theirs",
        "tie",
        "total",
        "trick",
        "tricks",
        "tried",
        "tries",
        "trump",
        "used",
        "value",
        "won",
    ]
)
#: Fields that hold one card code or a list of them.
CARDS = frozenset(
    [
        "card",
        "cards",
        "winning",
        "top",
        "others",
        "hand",
        "off",
        "led",
        "higher",
        "excuse",
        "victim",
        "play",
    ]
)
#: Fields that hold a name kept in Latin letters (contracts, levels, codes).
LATIN = frozenset(["contract", "bid", "bids", "level", "sid", "code", "prefix"])

#: Fields whose text opens or ends with a number or a Latin name, as the app fills them:
#: a count with its word ("1 張 bout", "3 個情境"), a game's name, an answer, an action.
MIXED = {
    "bouts": "1 張 bout",
    "scenarios": "3 個情境",
    "answer": "162",
    "action": "Garde",
    "actions": "8♥、10♣",
    "game": "Belote",
}

SAMPLE = {
    **dict.fromkeys(NUMBERS, "8"),
    **dict.fromkeys(CARDS, "10♥"),
    **dict.fromkeys(LATIN, "Garde"),
    **MIXED,
}
#: Any other field holds Chinese text (a seat, a side, a sentence).
CHINESE = "南家"
#: Messages where a field of a usual name holds Chinese text.
OVERRIDES: dict[str, dict[str, str]] = {
    "explain.best_value": {"points": CHINESE},
    "common.side": {"first": CHINESE, "second": CHINESE},
    "charts.text.tricks": {"a": CHINESE, "b": CHINESE},
    "charts.text.excuse_split": {"a": CHINESE, "b": CHINESE},
    # the note on the last trick's bonus opens with a bracket ("（牌面 152 分…）"), or is ""
    "run.hint_in_play": {"note": f"（{CHINESE}）"},
    "run.why_in_play": {"note": f"（{CHINESE}）"},
}

TOUCH = re.compile(r"[\u4e00-\u9fff][0-9A-Za-zÀ-ÿ]|[0-9A-Za-zÀ-ÿ][\u4e00-\u9fff]")


def render(message: str, key: str = "", lang: str = "zh-Hant") -> str:
    """The message as the app fills it (:func:`fill`), every field holding its sample."""
    fields = {name for _, name, _, _ in string.Formatter().parse(message) if name}
    sample = {**SAMPLE, **OVERRIDES.get(key, {})}
    return fill(message, lang, **{f: sample.get(f, CHINESE) for f in fields})


def _messages(lang: str) -> list[tuple[str, str]]:
    return sorted(catalogue(lang).items())


@pytest.mark.parametrize("lang", LANGS)
def test_no_chinese_character_touches_a_digit_or_a_latin_letter(lang: str) -> None:
    glued = []
    for key, message in _messages(lang):
        shown = render(message, key, lang)
        for m in TOUCH.finditer(shown):
            glued.append(f"{key}: …{shown[max(0, m.start() - 8) : m.end() + 8]}…")
    assert not glued, f"{len(glued)} places:\n" + "\n".join(glued[:80])


def test_the_check_catches_glued_text() -> None:
    assert TOUCH.search(render("手上8 張牌"))
    assert TOUCH.search(render("南家完成Garde"))
    assert TOUCH.search(render("10♥ 加將，壓過9♥"))
    assert not TOUCH.search(render("{card}加將，壓過{winning}"))  # fields are spaced
    assert not TOUCH.search(render("{card} 加將，壓過 {winning}。"))
    assert not TOUCH.search(render("{seat}的 {card}"))


def test_one_bout_is_a_bout() -> None:
    for lang in LANGS:
        assert "bouts" not in catalogue(lang).get("plural.bouts.one", "bout")


#: Markdown italics around Chinese text (bold ``**`` and fields taken out first).
ITALIC = re.compile(
    r"\*[^*\n\0]*[\u4e00-\u9fff][^*\n\0]*\*"
    r"|(?<![A-Za-z0-9_])_[^_\n]*[\u4e00-\u9fff][^_\n]*_(?![A-Za-z0-9_])"
)


@pytest.mark.parametrize("lang", LANGS)
def test_no_message_puts_chinese_text_in_italics(lang: str) -> None:
    """Chinese has no italics: a message emphasises with bold or quotes, or not at all."""
    found = []
    for key, message in _messages(lang):
        bare = re.sub(r"\{[^{}]*\}", "", message).replace("**", "\0\0")
        found += [f"{key}: {m}" for m in ITALIC.findall(bare)]
    assert not found, "\n".join(found)


#: A space between two Chinese characters, or after Chinese punctuation: a line-wrapped
#: source ("兩隊， 搭檔") or an English habit ("從 Belote 到 法式塔羅").
CJK_SPACE = re.compile(
    r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef] +[\u4e00-\u9fff]|[。，：；！？] "
)

#: The games' names as a Chinese page shows them.
CHINESE_GAMES = {"game": "法式塔羅", "from_game": "法式塔羅", "to_game": "法式塔羅"}


@pytest.mark.parametrize("lang", LANGS)
def test_no_space_inside_chinese_text(lang: str) -> None:
    spaced = []
    for key, message in _messages(lang):
        fields = {name for _, name, _, _ in string.Formatter().parse(message) if name}
        # a field is a Latin token (a number, a card, a name) unless it holds a game's name
        shown = fill(message, lang, **{f: CHINESE_GAMES.get(f, "X") for f in fields})
        for m in CJK_SPACE.finditer(shown):
            spaced.append(f"{key}: …{shown[max(0, m.start() - 8) : m.end() + 8]}…")
    assert not spaced, f"{len(spaced)} places:\n" + "\n".join(spaced[:80])


def test_the_space_check_catches_a_space_inside_chinese() -> None:
    assert CJK_SPACE.search("從 Belote 到 法式塔羅".replace("Belote", "法式塔羅"))
    assert CJK_SPACE.search("四個人分成兩隊， 搭檔面對面坐")
    assert not CJK_SPACE.search("用 10♥ 將吃，南家完成 Garde。")
    assert TOUCH.search(render("有1 張 bout時"))
    assert not TOUCH.search(render("有{bouts}時"))  # a field is spaced as it is filled in


def _strings(data: object) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from _strings(value)


@pytest.mark.parametrize("lang", LANGS)
def test_no_lesson_or_scenario_leaves_a_wrapped_lines_space_inside_chinese(lang: str) -> None:
    """A folded YAML block turns a line break into a space (「兩隊， 搭檔」): the texts a
    learner reads, as loaded, have none between two pieces of Chinese."""
    from tutorial.course.lessons import load_lessons
    from tutorial.course.library import in_language, load_library

    texts = [s for lesson in load_lessons(lang) for s in _strings(lesson.model.model_dump())]
    library = in_language(load_library(), lang)
    texts += [
        s
        for game in ("belote", "tarot", "briscola")
        for _, checked in library.by_game(game)
        for s in _strings(checked.scenario.model_dump())
    ]
    assert len(texts) > 1000
    spaced = [t[max(0, m.start() - 8) : m.end() + 8] for t in texts for m in SPACE_LEFT.finditer(t)]
    assert not spaced, f"{len(spaced)} places: {spaced[:20]}"


#: A space between two pieces of Chinese: the check above, on loaded texts.
SPACE_LEFT = re.compile(
    r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef] +[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]"
)
