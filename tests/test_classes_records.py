"""What the class keeps beside the scenario records: practice hands with their reviews and
time, time spent on lessons, and the learner's review deck; each merged, capped, refused clearly
when malformed, gone with the learner, and counted for the teacher.

Every test runs on SQLite (a temporary file) and on a real PostgreSQL server (see
``db_util``); the store's clock and the deck's are the test's own.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from db_util import KINDS, Env, store_env
from sqlalchemy import Table, func, select

from tutorial.classes import schema
from tutorial.classes.deck_view import board_decks, class_positions, deck_rows, summary
from tutorial.classes.errors import SyncError
from tutorial.classes.homework_view import board_view
from tutorial.classes.practice_view import board_practice, games_of, practice_rows
from tutorial.classes.store import (
    CostlyCard,
    Homework,
    Limits,
    PracticeRecord,
)
from tutorial.course.classroom import ScenarioInfo
from tutorial.course.progress import Progress, ScenarioRecord, to_json
from tutorial.course.review_deck import (
    QuizSource,
    ReviewDeck,
    ScenarioSource,
    clear,
    note_wrong,
    suspend,
)

INFOS = [ScenarioInfo("belote/a", "Overruff", "belote")]
DAY = datetime(2026, 3, 2, 9, 0, 0)


@pytest.fixture(params=KINDS)
def env(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Env]:
    with store_env(request.param, tmp_path, request) as made:
        yield made


def stored(env: Env) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, to compare before and after a refused call."""
    with env.engine.connect() as conn:
        return {
            table.name: sorted(tuple(r) for r in conn.execute(select(table)))
            for table in schema.metadata.sorted_tables
        }


def rows_of(env: Env, table: Table) -> int:
    """How many rows a table holds."""
    with env.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(table)).scalar_one())


def hand(key: str, game: str = "belote", reviewed: int = 8, lost: float = 14.5) -> PracticeRecord:
    """A practice hand of eight cards with one costly card."""
    return PracticeRecord(
        key, game, reviewed, 8, lost, (CostlyCard("9H", 3, 12.0, 20.0),) if lost else ()
    )


def a_class(env: Env, *names: str) -> tuple[str, list[str]]:
    """A class with these learners: its teacher secret and their tokens."""
    made = env.store.create_class("Class", [Homework("lesson", "belote/01")])
    return made.teacher_secret, [env.store.join(made.join_code, n, f"client-{n}") for n in names]


NOW = datetime(2026, 3, 2, 12, tzinfo=UTC)


def deck_of(*scenarios: str, quiz: str = "") -> ReviewDeck:
    """A deck with a card of each scenario's step 1 (and of a quiz's question 0)."""
    deck = ReviewDeck()
    for sid in scenarios:
        deck = note_wrong(deck, ScenarioSource(scenario=sid, step=1), "belote", now=NOW)
    if quiz:
        deck = note_wrong(deck, QuizSource(lesson=quiz, question=0), "belote", now=NOW)
    return deck


# --- practice hands ------------------------------------------------------------------------


def test_practice_hands_are_kept_per_learner_and_shown_per_game(env: Env) -> None:
    secret, (ana, bo) = a_class(env, "Ana", "Bo")
    env.store.sync(ana, Progress(), hands=[hand("h1"), hand("h2", lost=3.0)])
    env.store.sync(bo, Progress(), hands=[hand("h3", game="tarot", lost=0)])
    board = env.store.dashboard(secret, INFOS)
    ids = [m.learner_id for m in board.members]
    assert sorted(h.hand for h in board.hands[ids[0]]) == ["h1", "h2"]
    assert board.hands[ids[1]][0].costliest == ()
    rows = practice_rows(board_practice(board.members, board.hands), str.title)
    assert [(r["Learner"], r["Game"], r["Hands"], r["Points lost"]) for r in rows] == [
        ("Ana", "Belote", 2, "17.5"),
        ("Bo", "Tarot", 1, "0"),
    ]
    assert rows[0]["Costliest cards"] == (
        "9♥ (trick 3): 12 points lost (20 with every card shown); "
        "9♥ (trick 3): 12 points lost (20 with every card shown)"
    )
    assert rows[0]["Cards reviewed"] == "16 of 16"
    # The learner sees the same.
    seen = env.store.what_teacher_sees(ana)
    assert sorted(h.hand for h in seen.hands) == ["h1", "h2"]


def test_a_hand_sent_again_with_more_of_its_review_replaces_the_first(env: Env) -> None:
    _secret, (ana,) = a_class(env, "Ana")
    env.store.sync(ana, Progress(), hands=[hand("h1", reviewed=3, lost=2.0)])
    env.store.sync(ana, Progress(), hands=[hand("h1", reviewed=8, lost=14.5)])
    env.store.sync(ana, Progress(), hands=[hand("h1", reviewed=5, lost=4.0)])  # an older tab
    kept = env.store.what_teacher_sees(ana).hands
    assert [(h.hand, h.cards_reviewed, h.lost) for h in kept] == [("h1", 8, 14.5)]
    assert games_of(kept)[0].hands == 1


def test_only_the_newest_hands_are_kept(env: Env) -> None:
    store = env.with_limits(Limits(learner_hands=3))
    made = store.create_class("Class")
    ana = store.join(made.join_code, "Ana", "c")
    for i in range(5):
        env.clock.now = DAY + timedelta(minutes=i)
        store.sync(ana, Progress(), hands=[hand(f"h{i}")])
    kept = store.what_teacher_sees(ana).hands
    assert [h.hand for h in kept] == ["h4", "h3", "h2"]  # the newest first
    assert rows_of(env, schema.practice_hands) == 3


BAD_HANDS: list[tuple[object, str, str]] = [
    ("h1", "sync_hands_kind", "as a list"),
    ({"hand": "h1"}, "sync_hands_kind", "as a list"),
    ([{"hand": "h1"}], "sync_hand", "Practice hand 1: it is not a practice hand"),
    ([hand("bad key!")], "sync_hand", "its name is not one"),
    ([hand("x" * 33)], "sync_hand", "its name is not one"),
    ([hand("h1", game="chess")], "sync_hand", "names no game"),
    ([hand("h1"), hand("h2", reviewed=9)], "sync_hand", "Practice hand 2: its counts"),
    ([hand("h1", lost=-1.0)], "sync_hand", "its counts"),
    ([hand("h1", lost=float("nan"))], "sync_hand", "its counts"),
    ([hand("h1", lost=float("inf"))], "sync_hand", "its counts"),
    (
        [PracticeRecord("h1", "belote", 1, 1, 1.0, (CostlyCard("9H'; DROP", 1, 1.0, 1.0),))],
        "sync_hand",
        "costliest cards",
    ),
    (
        [PracticeRecord("h1", "belote", 1, 1, 1.0, (CostlyCard("9H", 0, 1.0, 1.0),))],
        "sync_hand",
        "costliest cards",
    ),
    (
        [PracticeRecord("h1", "belote", 1, 1, 1.0, (CostlyCard("9H", 1, 1.0, 1.0),) * 4)],
        "sync_hand",
        "costliest cards",
    ),
    (
        [
            {
                "hand": "h1",
                "game": "belote",
                "cards_reviewed": True,
                "cards_played": 1,
                "lost": 0,
                "costliest": [],
            }
        ],
        "sync_hand",
        "its counts",
    ),
    ([hand(f"h{i}") for i in range(51)], "sync_hands_many", "51 practice hands"),
]


@pytest.mark.parametrize(("hands", "key", "where"), BAD_HANDS)
def test_malformed_or_oversized_hands_are_refused_and_nothing_changes(
    env: Env, hands: object, key: str, where: str
) -> None:
    _secret, (ana,) = a_class(env, "Ana")
    env.store.sync(ana, Progress(scenarios={"belote/a": ScenarioRecord(done=True)}))
    before = stored(env)
    with pytest.raises(SyncError) as e:
        env.store.sync(ana, Progress(), hands=hands)  # type: ignore[arg-type]
    assert (e.value.key, where in str(e.value)) == (key, True), str(e.value)
    assert stored(env) == before


def test_hands_as_json_fields_are_read_like_records(env: Env) -> None:
    _secret, (ana,) = a_class(env, "Ana")
    sent = json.loads(
        '[{"hand": "h1", "game": "briscola", "cards_reviewed": 2, "cards_played": 3,'
        ' "lost": 4, "costliest": [{"card": "AS", "trick": 2, "known": 4, "shown": 11}]}]'
    )
    env.store.sync(ana, Progress(), hands=sent)
    (kept,) = env.store.what_teacher_sees(ana).hands
    assert (kept.game, kept.lost, kept.costliest) == (
        "briscola",
        4.0,
        (CostlyCard("AS", 2, 4.0, 11.0),),
    )


def test_the_time_of_a_hand_is_kept_the_larger_and_counted_per_game_and_learner(
    env: Env,
) -> None:
    from tutorial.classes.time_view import board_times, time_rows

    secret, (ana, bo) = a_class(env, "Ana", "Bo")
    timed = dataclasses.replace
    env.store.sync(ana, Progress(), hands=[timed(hand("h1", reviewed=3), seconds=200)])
    env.store.sync(ana, Progress(), hands=[timed(hand("h1", reviewed=8), seconds=260)])
    env.store.sync(ana, Progress(), hands=[timed(hand("h1", reviewed=8), seconds=100)])  # older
    env.store.sync(ana, Progress(), hands=[timed(hand("h1", reviewed=5), seconds=300)])
    (kept,) = env.store.what_teacher_sees(ana).hands
    assert (kept.cards_reviewed, kept.seconds) == (8, 300)  # the most reviewed, the longest
    env.store.sync(ana, Progress(), hands=[timed(hand("h2"), seconds=45)])
    env.store.sync(
        bo,
        Progress(scenarios={"belote/a": ScenarioRecord(mistakes=1)}),
        {"belote/a": 70},
        lessons={"belote/01": 200},
        hands=[timed(hand("h3", game="tarot"), seconds=600)],
    )
    board = env.store.dashboard(secret, INFOS)
    rows = practice_rows(board_practice(board.members, board.hands), str.title)
    assert [(r["Learner"], r["Game"], r["Time spent"]) for r in rows] == [
        ("Ana", "Belote", "6 minutes"),  # 300 + 45 seconds, to the nearest minute
        ("Bo", "Tarot", "10 minutes"),
    ]
    times = board_times(board)
    assert [(x.name, x.scenarios, x.lessons, x.practice, x.total) for x in times] == [
        ("Ana", 0, 0, 345, 345),
        ("Bo", 70, 200, 600, 870),
    ]
    assert time_rows(times)[1] == {
        "Learner": "Bo",
        "On scenarios": "1 minute",
        "On lessons": "3 minutes",
        "On practice hands": "10 minutes",
        "In all": "15 minutes",  # 870 seconds
    }


@pytest.mark.parametrize(
    "seconds", [-1, 1.5, True, "60", 3_600_001, float("nan")], ids=lambda v: repr(v)
)
def test_a_hand_whose_time_is_not_whole_seconds_within_the_cap_is_refused(
    env: Env, seconds: object
) -> None:
    _secret, (ana,) = a_class(env, "Ana")
    env.store.sync(ana, Progress(), hands=[hand("h0")])
    before = stored(env)
    fields = {
        "hand": "h1",
        "game": "belote",
        "cards_reviewed": 8,
        "cards_played": 8,
        "lost": 1.0,
        "costliest": [],
        "seconds": seconds,
    }
    with pytest.raises(SyncError) as e:
        env.store.sync(ana, Progress(), hands=[hand("h2"), fields])
    assert e.value.key == "sync_hand"
    assert str(e.value) == (
        "Practice hand 2: the time spent must be a whole number of seconds, from 0 to 3600000."
    )
    assert stored(env) == before


def test_a_hand_sent_without_its_time_counts_none(env: Env) -> None:
    _secret, (ana,) = a_class(env, "Ana")
    sent = json.loads(
        '[{"hand": "h1", "game": "belote", "cards_reviewed": 1, "cards_played": 1,'
        ' "lost": 0, "costliest": []}]'
    )
    env.store.sync(ana, Progress(), hands=sent)
    (kept,) = env.store.what_teacher_sees(ana).hands
    assert kept.seconds == 0
    with pytest.raises(SyncError) as e:  # a field no hand has is still refused
        env.store.sync(ana, Progress(), hands=[{**sent[0], "minutes": 3}])
    assert "it is not a practice hand" in str(e.value)


# --- time spent on lessons -----------------------------------------------------------------


def test_lesson_time_keeps_the_larger_and_counts_in_the_lesson_homework(env: Env) -> None:
    secret, (ana, _bo) = a_class(env, "Ana", "Bo")
    env.store.sync(ana, Progress(), lessons={"belote/01": 300, "tarot/01": 20})
    env.store.sync(ana, Progress(), lessons={"belote/01": 200})  # an older tab: kept 300
    assert env.store.what_teacher_sees(ana).lesson_seconds == {"belote/01": 300, "tarot/01": 20}
    board = env.store.dashboard(secret, INFOS)
    view = board_view(board, Homework("lesson", "belote/01"), ["belote/a"], {"belote/a": "belote"})
    assert [(x.name, x.seconds, x.started) for x in view.learners] == [
        ("Ana", 300, True),
        ("Bo", 0, False),
    ]
    assert view.not_started == ("Bo",)


@pytest.mark.parametrize(
    ("lessons", "key", "where"),
    [
        ([("belote/01", 5)], "sync_lesson_times", "per lesson"),
        ({"bad id\n": 5}, "sync_lesson_time", "not the name of a lesson"),
        ({"belote/01": -5}, "sync_lesson_time", "whole number of seconds"),
        ({"belote/01": 10**12}, "sync_lesson_time", "3600000"),
        ({"belote/01": 1.5}, "sync_lesson_time", "whole number"),
        ({f"a/{i}": 1 for i in range(501)}, "sync_lessons_many", "501 lessons"),
    ],
)
def test_malformed_lesson_times_are_refused_and_nothing_changes(
    env: Env, lessons: object, key: str, where: str
) -> None:
    _secret, (ana,) = a_class(env, "Ana")
    env.store.sync(ana, Progress(), lessons={"belote/01": 30})
    before = stored(env)
    with pytest.raises(SyncError) as e:
        env.store.sync(ana, Progress(), lessons=lessons)  # type: ignore[arg-type]
    assert (e.value.key, where in str(e.value)) == (key, True), str(e.value)
    assert stored(env) == before


# --- the review deck -----------------------------------------------------------------------


def test_the_deck_is_merged_as_the_browser_merges_and_counted_for_the_teacher(env: Env) -> None:
    secret, (ana, bo, cy) = a_class(env, "Ana", "Bo", "Cy")
    first = deck_of("belote/a", "belote/b")
    env.store.sync(ana, Progress().with_deck(first))
    later = suspend(first, "scenario:belote/b:1", NOW + timedelta(hours=1))
    back = env.store.sync(ana, Progress().with_deck(later))
    assert back.deck.cards["scenario:belote/b:1"].suspended
    env.store.sync(ana, Progress().with_deck(first))  # an older copy: the later change stays
    assert env.store.what_teacher_sees(ana).deck == later
    env.store.sync(ana, Progress())  # a version 1 progress has no deck: the stored one stays
    assert env.store.what_teacher_sees(ana).deck == later
    env.store.sync(bo, Progress().with_deck(deck_of("belote/a", quiz="belote/01")))
    env.store.sync(cy, Progress().with_deck(ReviewDeck()))
    env.clock.now = DAY + timedelta(days=1)  # the cards are due the next day
    board = env.store.dashboard(secret, INFOS)
    people = board_decks(board.members, board.decks)
    assert [name for name, _deck in people] == ["Ana", "Bo"]  # Cy's deck is empty
    rows = deck_rows(people, board.read_at)
    assert [(r["Learner"], r["Cards"], r["Due today"], r["Set aside"]) for r in rows] == [
        ("Ana", 2, 1, 1),
        ("Bo", 2, 2, 0),
    ]
    positions = class_positions([d for _n, d in people])
    assert [(p.kind, p.ref, p.learners) for p in positions] == [
        ("scenario", "belote/a", 2),
        ("quiz", "belote/01", 1),
    ]
    assert summary(board.decks[board.members[0].learner_id], NOW).due == 0  # not due today


def test_a_cleared_deck_clears_the_class_copy(env: Env) -> None:
    _secret, (ana,) = a_class(env, "Ana")
    deck = deck_of("belote/a")
    env.store.sync(ana, Progress().with_deck(deck))
    env.store.sync(ana, Progress().with_deck(clear(deck, NOW + timedelta(hours=1))))
    assert env.store.what_teacher_sees(ana).deck.cards == {}
    env.store.sync(ana, Progress().with_deck(deck))  # a copy made before the clearing
    assert env.store.what_teacher_sees(ana).deck.cards == {}


def test_a_malformed_deck_is_refused_with_the_progress_and_nothing_changes(env: Env) -> None:
    _secret, (ana,) = a_class(env, "Ana")
    env.store.sync(ana, Progress().with_deck(deck_of("belote/a")))
    before = stored(env)
    good = json.loads(to_json(Progress().with_deck(deck_of("belote/b"))))
    card = good["deck"]["cards"]["scenario:belote/b:1"]
    cases: list[Any] = [
        {**good, "deck": {"cards": {"scenario:belote/zz:1": card}}},  # under another key
        {**good, "deck": {"cards": {"scenario:belote/b:1": {**card, "stability": -1}}}},
        {**good, "deck": {"cards": {"scenario:belote/b:1": {**card, "game": "<b>x</b>"}}}},
        {**good, "version": 1},  # a deck in a version 1 document
        {**good, "version": 3},  # a version this app does not know
    ]
    for doc in cases:
        with pytest.raises(SyncError) as e:
            env.store.sync(ana, json.dumps(doc))
        assert e.value.key == "sync_progress"
        assert stored(env) == before


# --- gone with the learner -----------------------------------------------------------------


def test_hands_times_and_decks_go_with_the_learner_and_the_class(env: Env) -> None:
    secret, (ana, bo, cy) = a_class(env, "Ana", "Bo", "Cy")
    for token in (ana, bo, cy):
        env.store.sync(
            token,
            Progress().with_deck(deck_of("belote/a")),
            lessons={"belote/01": 5},
            hands=[hand("h1")],
        )
    tables = (schema.practice_hands, schema.lesson_times, schema.review_decks)
    assert [rows_of(env, x) for x in tables] == [3, 3, 3]
    env.store.leave(ana)
    assert [rows_of(env, x) for x in tables] == [2, 2, 2]
    board = env.store.dashboard(secret, INFOS)
    env.store.remove_learner(secret, board.members[0].learner_id)
    assert [rows_of(env, x) for x in tables] == [1, 1, 1]
    env.store.delete(secret)
    assert [rows_of(env, x) for x in tables] == [0, 0, 0]
