"""Progress codes and files: round trip, and damaged or hostile input refused clearly."""

import base64
import json
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutorial.course.progress import (
    PREFIX,
    Progress,
    ProgressError,
    QuizRecord,
    ScenarioRecord,
    decode,
    encode,
    from_json,
    to_json,
)

SAMPLE = Progress(
    learner="Ana",
    scenarios={"belote/overruff": ScenarioRecord(done=True, mistakes=2)},
    quizzes={"belote/04-overtrumping": QuizRecord(right=3, total=4)},
)


def test_round_trip_code_and_file() -> None:
    assert decode(encode(SAMPLE)) == SAMPLE
    assert from_json(to_json(SAMPLE)) == SAMPLE


def test_code_is_short() -> None:
    many = Progress(scenarios={f"belote/s{i}": ScenarioRecord(done=True) for i in range(60)})
    assert len(encode(many)) < 400


def test_whitespace_in_a_pasted_code_is_ignored() -> None:
    code = encode(SAMPLE)
    assert decode(code[:10] + "\n " + code[10:]) == SAMPLE


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("hello", "starts with ATOUT1-"),
        (PREFIX + "!!!!", "damaged"),
        (
            PREFIX + base64.urlsafe_b64encode(zlib.compress(b"[1,2]")).decode(),
            "not a progress file",
        ),
        (
            PREFIX + base64.urlsafe_b64encode(zlib.compress(b"\x00" * 10_000_000)).decode(),
            "too much data",
        ),
        (PREFIX + "A" * 30_000, "at most"),
    ],
)
def test_bad_codes(code: str, message: str) -> None:
    with pytest.raises(ProgressError, match=message):
        decode(code)


def test_bad_files() -> None:
    with pytest.raises(ProgressError, match="not JSON"):
        from_json("{nope")
    with pytest.raises(ProgressError, match="scenarios"):
        from_json('{"scenarios": {"x": {"done": "maybe"}}}')
    with pytest.raises(ProgressError, match="Extra inputs"):
        from_json('{"admin": true}')


@given(st.text(max_size=200))
def test_any_text_either_decodes_or_is_refused(text: str) -> None:
    # Anything but a ProgressError (a crash) fails the test.
    try:
        result = decode(text)
    except ProgressError as e:
        assert str(e)
    else:
        assert isinstance(result, Progress)


def test_a_lesson_that_moved_keeps_its_quiz_record_and_review_cards() -> None:
    # Belote's lessons 12 and 13 became 13 and 14 when the lesson of the differences
    # between tables took number 12: a code made before keeps their quiz records.
    from datetime import UTC, datetime

    from tutorial.course.review_deck import QuizSource, ReviewDeck, card_key, note_wrong

    old = "belote/12-from-tarot-partner-winning"
    deck = note_wrong(
        ReviewDeck(),
        QuizSource(lesson=old, question=1),
        "belote",
        now=datetime(2026, 12, 1, tzinfo=UTC),
    )
    made_before = Progress(quizzes={old: QuizRecord(right=2, total=2)})
    raw = from_json(to_json(made_before)).model_dump(mode="json")
    raw["deck"], raw["version"] = deck.model_dump(mode="json"), 2
    back = from_json(json.dumps(raw))
    new = "belote/13-from-tarot-partner-winning"
    assert back.quizzes == {new: QuizRecord(right=2, total=2)}
    (key,) = back.deck.cards
    assert key == card_key(QuizSource(lesson=new, question=1)) == f"quiz:{new}:1"
    assert back.deck.cards[key].source == QuizSource(lesson=new, question=1)
