"""The trick history: every finished trick's cards, leader, winner, points and why."""

from __future__ import annotations

from tutorial.analysis.beginner import played_deal
from tutorial.engine.cards import Card
from tutorial.engine.outcomes import Play, TrickResult
from tutorial.language.i18n import speaking
from tutorial.pictures.hand_story import deal_table, numbered_tricks
from tutorial.pictures.trick_history import (
    ALL_COLUMNS,
    SCORE_COLUMNS,
    numbered,
    points_text,
    trick_lines,
    trick_rows,
)

NAMES = ("South", "East", "North", "West")


def _trick(index: int, leader: int, codes: str, winner: int, points: float) -> TrickResult:
    seats = [(leader + i) % 4 for i in range(4)]
    plays = tuple(Play(s, Card.parse(c)) for s, c in zip(seats, codes.split(), strict=True))
    return TrickResult(index, plays, winner, points, "highest_trump", "T4 is the highest trump.")


def test_a_line_names_the_leader_every_card_in_order_the_winner_and_why() -> None:
    trick = _trick(5, 2, "T4 2H 9H 7H", 2, 6.0)
    with speaking("en"):
        (line,) = trick_lines(numbered([trick]), NAMES)
    assert line.number == 6  # the index counts the tricks before it
    assert line.leader == "North"
    assert line.cards == "North T4, West 2♥, South 9♥, East 7♥"
    assert line.winner == "North"
    assert line.points == 6.0
    assert line.why == "T4 is the highest trump."


def test_the_why_can_be_given_by_the_page() -> None:
    trick = _trick(0, 0, "9H KH 2H 7H", 1, 4.5)
    (line,) = trick_lines(numbered([trick]), NAMES, why=lambda tr: f"seat {tr.winner}")
    assert line.why == "seat 1"


def test_rows_are_titled_in_the_language_and_points_read_as_a_learner_reads_them() -> None:
    trick = _trick(0, 0, "9H KH 2H 7H", 1, 4.5)
    with speaking("en"):
        rows = trick_rows(trick_lines(numbered([trick]), NAMES))
    assert list(rows[0]) == [
        "Trick",
        "Led by",
        "Cards, in playing order",
        "Won by",
        "Points",
        "Why",
    ]
    assert rows[0]["Points"] == "4.5" and rows[0]["Trick"] == 1
    with speaking("zh-Hant"):
        zh = trick_rows(trick_lines(numbered([trick]), NAMES))
    assert "先出牌" in zh[0] and "原因" in zh[0]
    assert points_text(5.0) == "5" and points_text(0) == "0"


def test_a_whole_hand_lists_every_trick_with_every_seats_card() -> None:
    with speaking("en"):
        _, hand = played_deal("tarot", "default", 1)
        names = deal_table(hand).seat_names
        lines = trick_lines(numbered(hand.tricks), names)
        rows = trick_rows(lines, ALL_COLUMNS)
    assert [ln.number for ln in lines] == list(range(1, len(hand.tricks) + 1))
    assert [ln.number for ln in lines] == [n for n, _ in numbered_tricks(hand)]
    for line, trick in zip(lines, hand.tricks, strict=True):
        assert line.cards.count(", ") == len(trick.plays) - 1
        assert all(names[p.seat] in line.cards and p.card.label in line.cards for p in trick.plays)
        assert line.leader == names[trick.plays[0].seat] and line.winner == names[trick.winner]
        assert line.why
    assert len(rows) == len(hand.tricks)


def test_the_score_explainers_columns_keep_their_numbers() -> None:
    trick = _trick(0, 0, "9H KH 2H 7H", 1, 4.5)
    with speaking("en"):
        rows = trick_rows(
            trick_lines(numbered([trick]), NAMES), SCORE_COLUMNS, points_as_text=False
        )
    assert rows == [
        {
            "Trick": 1,
            "Cards, in playing order": "South 9♥, East K♥, North 2♥, West 7♥",
            "Won by": "East",
            "Points": 4.5,
        }
    ]


# --- Tricks played before a scenario starts, read in the learner's language ---------------


def _has_chinese(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def test_a_scenario_s_earlier_tricks_are_explained_in_the_reader_s_language() -> None:
    """A newcomer's report: the Chinese app's trick table gave the tricks played before
    the scenario starts in English ("No trump was played: A♣ is the highest card of the
    led suit."): the library, checked once in English for every session, had built them."""
    from tutorial.course.library import load_library
    from tutorial.scenarios import runtime

    with speaking("en"):  # as the app checks the library, whatever the first session
        checked = load_library().scenarios["belote/litige"]
        run = runtime.start(checked.scenario, checked.table)
        english = [tr.explanation for tr in run.state.tricks]
    assert english and all(not _has_chinese(text) for text in english)
    with speaking("zh-Hans"):
        (line, *_) = trick_lines(numbered(run.state.tricks), NAMES)
        chinese = [tr.explanation for tr in run.state.tricks]
    assert all(_has_chinese(text) for text in chinese), chinese
    assert line.why == chinese[0]
    with speaking("en"):  # and back again
        assert [tr.explanation for tr in run.state.tricks] == english


def test_briscola_listed_tricks_are_explained_in_the_reader_s_language() -> None:
    """Briscola's listed tricks (a scenario's, built by ``start_play``) likewise."""
    import random

    from tutorial.engine.briscola import start_play
    from tutorial.engine.cards import BRISCOLA_DECK

    deck = list(BRISCOLA_DECK)
    random.Random(1).shuffle(deck)
    trump, listed, hands, rest = deck[0], deck[1:3], [[deck[3]], [deck[4]]], deck[5:]
    with speaking("en"):
        state = start_play(
            hands,
            trump,
            tricks=[listed],
            captured=[rest[:20], [*rest[20:], trump]],
            trump_card_taken=True,
            leader=0,
        )
        english = state.tricks[0].explanation
    with speaking("zh-Hant"):
        chinese = state.tricks[0].explanation
    assert not _has_chinese(english) and _has_chinese(chinese), (english, chinese)
