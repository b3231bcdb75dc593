"""No question's answer is on screen before it is answered, in any scenario of the
library, in every language: the title, the summary, the narration, the feedback of the
move or answer just made, the prompt, the table's words and its marks (the rule and the
screen are those of ``answers_on_screen``).
"""

from __future__ import annotations

import dataclasses
import re
from functools import cache

import pytest
from answers_on_screen import LANGUAGES, Screen, library, problems, screens

#: Screens where a figure or a seat on show is the question's premise, not its answer
#: stated for it, with the reason: (scenario, step, language or "*").
PREMISES: dict[tuple[str, int, str], str] = {
    ("belote/game-to-target", 11, "*"): (
        "a recall question: the target is the premise of the whole hand (its title, its "
        "first narration; the question before it cannot be answered without it)"
    ),
    ("belote/bidding-all-pass", 8, "zh-Hant"): (
        "左家發牌 says who dealt this hand (Chinese marks no past); the question asks who "
        "deals the next one"
    ),
    ("belote/bidding-all-pass", 8, "zh-Hans"): (
        "左家发牌 says who dealt this hand (Chinese marks no past); the question asks who "
        "deals the next one"
    ),
    ("belote/seed-000-partner-winning", 4, "zh-Hant"): (
        "搭檔正在贏 is the position the learner plays from; the question asks who wins "
        "once every card is down"
    ),
    ("belote/seed-000-partner-winning", 4, "zh-Hans"): (
        "搭档正在赢 is the position the learner plays from; the question asks who wins "
        "once every card is down"
    ),
}


@cache
def _screens(lang: str) -> tuple[Screen, ...]:
    lib = library(lang)
    found: list[Screen] = []
    for sid, checked in sorted(lib.scenarios.items()):
        found += screens(sid, checked, lang)
    return tuple(found)


def _premise(screen: Screen) -> bool:
    return any((screen.sid, screen.step, lang) in PREMISES for lang in (screen.lang, "*"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_answer_is_on_screen_before_its_question_is_answered(lang: str) -> None:
    """Every question of the library, along the scenario's own answers: nothing on the
    page states its answer until it is answered."""
    every = _screens(lang)
    assert len(every) > 150  # every question of the library, not a few
    found = [p for s in every if not _premise(s) for p in problems(s)]
    assert not found, "\n".join(found)


def test_every_premise_still_names_a_screen_with_something_to_excuse() -> None:
    """An entry of ``PREMISES`` whose screen no longer shows the figure or seat is stale."""
    stale = []
    for (sid, step, lang), _why in PREMISES.items():
        langs = LANGUAGES if lang == "*" else (lang,)
        for each in langs:
            match = [s for s in _screens(each) if (s.sid, s.step) == (sid, step)]
            if not match or not any(problems(s) for s in match):
                stale.append(f"{sid} step {step} [{each}]")
    assert not stale, stale


def _screen(sid: str, question: str, lang: str = "en") -> Screen:
    found = [s for s in _screens(lang) if s.sid == sid and question in s.question]
    assert found, (sid, question)
    return found[0]


def _with(screen: Screen, place: str, text: str) -> Screen:
    return dataclasses.replace(screen, texts=(*screen.texts, (place, text)))


@pytest.mark.parametrize(
    ("sid", "question", "place", "text"),
    [
        # what newcomers met, put back on the screen
        (
            "briscola/seed-king-three",
            "How many card points",
            "summary",
            "A 3 takes a King of its suit, and the trick is worth 10 + 4 = 14 points.",
        ),
        (
            "briscola/ace-beats-three",
            "How many points does the trick hold?",
            "feedback",
            "Correct. Only the Ace ranks above the 3. You take 11 + 10 = 21 points.",
        ),
        (
            "briscola/higher-trump-wins",
            "Who takes the trick?",
            "feedback",
            "Correct. You take 10 + 4 = 14 points.",
        ),
        (
            "tarot/seed-garde-settlement",
            "Did you make your Garde?",
            "summary",
            "45 points beat the target, so the contract is made.",
        ),
        (
            "tarot/petit-sec",
            "What happens now?",
            "title",
            "The deal is cancelled",
        ),
    ],
)
def test_the_rule_finds_an_answer_stated_beside_its_question(
    sid: str, question: str, place: str, text: str
) -> None:
    screen = _screen(sid, question)
    assert not problems(screen)
    assert problems(_with(screen, place, text))


def test_the_rule_finds_a_turn_frame_on_the_seat_a_question_asks_for() -> None:
    """'Who leads the first trick?' with the leader's plate framed to move: found."""
    screen = _screen("belote/bidding-take", "Who leads the first trick?")
    assert not problems(screen)
    framed = tuple(
        re.sub(r'(<g class="seat seat-[a-z]+"[^>]*>)', r'\1<rect class="to-move"/>', svg)
        for svg in screen.svgs
    )
    assert framed != screen.svgs
    found = problems(dataclasses.replace(screen, svgs=framed))
    assert any("turn frame" in p for p in found), found
