"""French Tarot as a newcomer reads it: the words of one screen agree with the lessons,
the rules and the words of the other screens."""

from __future__ import annotations

import random
from pathlib import Path

from tutorial.analysis import beginner
from tutorial.course.library import load_library
from tutorial.engine import tarot
from tutorial.engine.cards import EXCUSE
from tutorial.engine.contract import GameState
from tutorial.engine.games import new_hand
from tutorial.engine.seats import seat_names
from tutorial.language.i18n import t
from tutorial.pictures.charts import hand_charts
from tutorial.scenarios.model import AskStep
from tutorial.scenarios.runtime import Run, start
from tutorial.webapp.pages.rules import glossary_heading

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("South", "East", "North", "West")


def _excuse_kept_to_the_end(seed: int, keeper: int) -> GameState:
    """A hand played by the beginner players, ``keeper`` holding the Excuse to the end."""
    state = new_hand("tarot", rng=random.Random(seed))
    while not state.is_terminal:
        action = beginner.choose(state)
        if state.phase == "play" and state.to_move == keeper and action == EXCUSE:
            others = [c for c in state.legal_plays() if c != EXCUSE]
            action = min(others, key=tarot.card_points) if others else action
        state = state.apply(action)
    return state


def test_the_excuse_in_the_last_trick_is_one_story_in_the_chart_and_the_score() -> None:
    for seed in range(60):
        for keeper in range(4):
            state = _excuse_kept_to_the_end(seed, keeper)
            last = state.tricks[-1] if state.tricks else None
            if last is None or EXCUSE not in last.cards or state.taker is None:
                continue
            if state.team_of(keeper) != state.team_of(last.winner):
                continue  # the Excuse's own side won the trick: nothing changes sides
            with seat_names(NAMES):
                out = state.outcome()
                charts = hand_charts(state, ["Taker", "Defence"], NAMES, out)
                text = next(c for c in charts if c.key == "tricks").text
            note = next(line.note for line in out.lines if "in the last trick" in line.note)
            goes = "Taker" if note.endswith("goes to the taker.") else "Defence"
            assert "the Excuse stayed with its side" not in text
            assert f"In trick 18, the last one, the Excuse was played and goes to {goes}" in text
            return
    raise AssertionError("no hand with the Excuse changing sides in the last trick")


def _at_question(sid: str, kind: str) -> Run:
    checked = load_library().scenarios[sid]
    run = start(checked.scenario, checked.table)
    while not run.finished:
        step = run.current
        if isinstance(step, AskStep) and step.ask.kind == kind:
            return run
        run = run.solve_current()
    raise AssertionError(f"{sid} asks no {kind} question")


def test_a_wrong_settlement_answer_asks_for_the_settlement_not_the_cards() -> None:
    run = _at_question("tarot/settlement-failed", "score")
    _, fb = run.answer("12345")
    assert "what does each card count" not in fb.message
    assert t("run.hint_ask_settlement") in fb.message
    assert "(25 + that difference) × the contract's multiplier" in fb.message
    assert run.hint(1) == t("run.hint_ask_settlement")


def test_a_briscola_score_question_keeps_its_counting_hint() -> None:
    run = _at_question("briscola/four-players-count", "score")
    _, fb = run.answer("12345")
    assert t("run.hint_ask_count") in fb.message  # Briscola's score is its cards


def test_the_tarot_lessons_name_their_source_as_the_rules_page_does() -> None:
    source = t("glossary.source_001")
    assert source == "CARDAVIA Tarot rules"
    named = 0
    for path in sorted((ROOT / "lessons" / "en" / "tarot").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert "our source" not in text.lower(), path.name
        named += text.count("CARDAVIA Tarot rules")
    assert named >= 3


def test_the_english_glossary_says_it_lists_chinese_words() -> None:
    assert "Chinese" in glossary_heading("en")
    assert glossary_heading("zh-Hant") == t("glossary.title")


def test_the_practice_discard_hint_describes_the_discard_it_suggests() -> None:
    """The hint's rule (the richest cards first, the shorter suit between equals) is the
    rule the suggested discard follows."""
    text = t("practice.hint_discard_suggest", cards="Q♠ and C♠")
    assert "shortest suits first" not in text
    assert "puts away its richest other cards first" in text
    assert "between two cards worth the same, the one from the shorter suit" in text
    rich = beginner.__doc__ or ""
    assert "shortest suits first" not in rich
