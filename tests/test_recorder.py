"""What a scenario's move leaves (tutorial/course/recorder.py): the progress record, the
review deck, the class view's wrong cards, as pure functions of the move."""

from __future__ import annotations

from datetime import UTC, datetime

from tutorial.course.library import scenarios_root
from tutorial.course.recorder import (
    Move,
    ScenarioProgress,
    game_of,
    record_move,
    with_hint,
)
from tutorial.course.review_deck import Rating, ReviewDeck, ScenarioSource, card_key, note_wrong
from tutorial.scenarios.loader import parse_file
from tutorial.scenarios.position import build
from tutorial.scenarios.runtime import Run, start

SID = "belote/overruff"  # play 9H (8H is wrong), then a question: "You"
NOW = datetime(2030, 3, 2, 12, tzinfo=UTC)


def _start() -> Run:
    sc, doc = parse_file(scenarios_root() / "belote" / "overruff.yaml")
    return start(sc, build(sc, doc))


#: The card step's place in the scenario (after the steps that only tell).
STEP = _start().step
KEY = card_key(ScenarioSource(scenario=SID, step=STEP))


def _card(run: Run, code: str, sid: str = SID, hinted: bool = False) -> Move:
    after, fb = run.try_action(code)
    return Move(sid, run, after, fb, code, hinted=hinted)


def test_a_wrong_card_counts_a_mistake_its_card_and_a_deck_card_with_the_answer() -> None:
    before = ScenarioProgress()
    out = record_move(before, ReviewDeck(), _card(_start(), "8H"), under_review=None, now=NOW)
    assert out.progress == ScenarioProgress(attempts=1, mistakes=1, wrong={"8H": 1})
    assert before == ScenarioProgress()  # a value: the old record is left as it was
    card = out.deck.cards[KEY]
    assert (card.tried, card.answers) == ("8H", ["9H"])
    assert out.reviewed is None and not out.review_answered


def test_the_wrong_card_is_kept_in_the_engine_notation_and_counted_again() -> None:
    run = _start()
    first = record_move(
        ScenarioProgress(), ReviewDeck(), _card(run, "8h"), under_review=None, now=NOW
    )
    again = record_move(first.progress, first.deck, _card(run, "8H"), under_review=None, now=NOW)
    assert again.progress.wrong == {"8H": 2}
    assert again.progress.mistakes == 2
    assert again.deck == first.deck  # a second wrong try the same day changes no card


def test_a_scenario_played_through_is_done_with_its_stars() -> None:
    run = _start()
    after_card, fb = run.try_action("9H")
    assert fb.ok
    kept = record_move(
        ScenarioProgress(),
        ReviewDeck(),
        Move(SID, run, after_card, fb, "9H"),
        under_review=None,
        now=NOW,
    )
    assert kept.progress == ScenarioProgress(attempts=1)
    done_run, fb2 = after_card.answer("You")
    assert fb2.ok and done_run.finished
    end = Move(SID, after_card, done_run, fb2, "You", card=False)
    out = record_move(kept.progress, kept.deck, end, under_review=None, now=NOW)
    assert out.progress == ScenarioProgress(done=True, attempts=2, stars=3)
    assert out.deck == ReviewDeck()  # right moves make no card


def test_a_wrong_answer_to_a_question_counts_no_wrong_card() -> None:
    after_card, _ = _start().try_action("9H")
    wrong_run, fb = after_card.answer("Partner")
    assert fb.mistake
    move = Move(SID, after_card, wrong_run, fb, "Partner", card=False)
    out = record_move(ScenarioProgress(), ReviewDeck(), move, under_review=None, now=NOW)
    assert out.progress.mistakes == 1 and out.progress.wrong == {}


def test_the_card_under_review_is_rated_by_the_move_and_answered() -> None:
    source = ScenarioSource(scenario=SID, step=STEP)
    deck = note_wrong(ReviewDeck(), source, "belote", tried="8H", answers=["9H"], now=NOW)
    out = record_move(ScenarioProgress(), deck, _card(_start(), "9H"), under_review=KEY, now=NOW)
    assert out.review_answered
    assert out.reviewed is not None and out.reviewed[:2] == (KEY, int(Rating.GOOD))
    assert out.deck.cards[KEY].reviews == deck.cards[KEY].reviews + 1
    hinted = record_move(
        ScenarioProgress(), deck, _card(_start(), "9H", hinted=True), under_review=KEY, now=NOW
    )
    assert hinted.reviewed is not None and hinted.reviewed[1] == int(Rating.HARD)


def test_a_card_not_due_and_not_under_review_is_left_alone_by_a_right_move() -> None:
    source = ScenarioSource(scenario=SID, step=STEP)
    deck = note_wrong(ReviewDeck(), source, "belote", tried="8H", answers=["9H"], now=NOW)
    out = record_move(ScenarioProgress(), deck, _card(_start(), "9H"), under_review=None, now=NOW)
    assert out.deck == deck and out.reviewed is None and not out.review_answered


def test_a_scenario_the_deck_cannot_name_counts_progress_but_makes_no_card() -> None:
    out = record_move(
        ScenarioProgress(),
        ReviewDeck(),
        _card(_start(), "8H", sid="workshop"),
        under_review=None,
        now=NOW,
    )
    assert out.progress.mistakes == 1
    assert out.deck == ReviewDeck()


def test_a_hint_is_counted_and_the_game_is_read_off_the_id() -> None:
    assert with_hint(ScenarioProgress(hints=2)) == ScenarioProgress(hints=3)
    assert [game_of(x) for x in ("tarot/petit-sec", "workshop", "", None)] == [
        "tarot",
        None,
        None,
        None,
    ]
