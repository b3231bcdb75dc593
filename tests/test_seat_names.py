"""Seats and sides by the table's names: in the engine's sentences (seats.seat_names),
in the side labels and results of sides.py, and in text renamed after the fact."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from tutorial.engine.games import random_hand
from tutorial.engine.seats import seat_name, seat_names, seat_possessive, side_name
from tutorial.language.i18n import tn
from tutorial.scenarios.position import Table
from tutorial.scenarios.sides import name_seats, result_text, side_labels, side_of

FOUR = ("You", "Right", "Partner", "Left")
INTERNAL = re.compile(r"\b(seats?|teams?) ?\d|\b(side|team|player) [AB]\b|\bNone\b", re.I)


def _played(game: str, players: int = 4) -> Table:
    """A hand played to the end (Tarot: one that was bid and played)."""
    names = FOUR if players == 4 else ("You", "Opponent")
    for s in range(100):
        kw = {"players": players} if game == "briscola" else {}
        with seat_names(names):  # the tricks' sentences are made as the cards are played
            state = random_hand(game, random.Random(s), **kw)
        d = state.outcome().details
        if game == "tarot" and not d.get("contract"):
            continue
        if game == "belote" and d.get("result") == "redeal":
            continue
        return Table(names, 0, 0, state)
    raise AssertionError("no played hand")  # pragma: no cover


def test_the_engine_names_seats_only_inside_the_block() -> None:
    assert (seat_name(1), seat_possessive(1), side_name((1, 3))) == (
        "seat 1",
        "seat 1's",
        "seat 1 & seat 3",
    )
    with seat_names(FOUR):
        assert seat_name(0) == "you"  # inside a sentence
        assert seat_name(0, start=True) == "You"
        assert seat_possessive(0, start=True) == "Your"
        assert seat_possessive(3) == "Left's"
        assert side_name((0, 2)) == "You & Partner"
        assert side_name((1,)) == "Right"
    assert seat_name(2) == "seat 2"


@pytest.mark.parametrize(
    ("game", "players"), [("belote", 4), ("tarot", 4), ("briscola", 2), ("briscola", 4)]
)
def test_every_outcome_line_and_result_speaks_in_names(game: str, players: int) -> None:
    table = _played(game, players)
    with seat_names(table.seat_names):
        out = table.state.outcome()
        tricks = [tr.explanation for tr in table.state.tricks]
    texts = [out.result, *tricks]
    texts += [line.label for line in out.lines] + [line.note for line in out.lines]
    leaks = [x for x in texts if INTERNAL.search(x)]
    assert leaks == []
    names = table.seat_names
    assert any(n in out.result or n.lower() in out.result for n in names), out.result


def test_side_labels_are_player_words() -> None:
    assert side_labels(_played("belote")) == ["You & Partner", "Right & Left"]
    assert side_labels(_played("briscola")) == ["You & Partner", "Right & Left"]
    assert side_labels(_played("briscola", 2)) == ["You", "Opponent"]
    tarot = _played("tarot")
    taker = tarot.state.taker  # type: ignore[attr-defined]
    assert side_labels(tarot) == [f"Taker ({FOUR[taker]})", "Defence"]
    assert side_of(tarot, "defence") == 1 and side_of(tarot, f"taker ({FOUR[taker]})") == 0


def test_results_in_words() -> None:
    belote = result_text(_played("belote"), _played("belote").state)
    assert not INTERNAL.search(belote) and ("You & Partner" in belote or "Right & Left" in belote)
    briscola = result_text(_played("briscola", 2), _played("briscola", 2).state)
    assert re.fullmatch(r"(Won by (you|Opponent), \d+-\d+\.|A draw, 60-60\.)", briscola)
    table = _played("tarot")
    text = result_text(table, table.state)
    d = table.state.outcome().details
    assert FOUR[d["taker"]].lower() in text.lower() and not INTERNAL.search(text)
    assert f"scored {tn('plural.points', d['points'])} for a target of" in text


def test_text_made_without_names_is_renamed() -> None:
    with seat_names(None):
        state = _played("tarot").state
        out = state.outcome()
    renamed = [name_seats(x, FOUR) for x in (out.result, *(ln.label for ln in out.lines))]
    assert [x for x in renamed if INTERNAL.search(x)] == []
    assert name_seats("It is seat 1's turn, not seat 0's turn.", FOUR) == (
        "It is Right's turn, not your turn."
    )
    assert name_seats("Contract made by seat 0 & seat 2: 90 to 72.", FOUR) == (
        "Contract made by You & Partner: 90 to 72."
    )
    assert name_seats("seat 3", FOUR) == "Left"  # a Tarot score side key


def test_a_practice_hand_names_its_seats_in_the_language_now_spoken() -> None:
    """A hand dealt in English, read after switching to 繁體中文: the seats are named as a
    new deal would name them (the hand it replays too); back in English, the English
    names; a hand already named so is the same object."""
    from tutorial.course import practice
    from tutorial.language.i18n import speaking

    with speaking("en"):
        hand = practice.deal("belote", players=4, seed=3)
    replay = dataclasses.replace(hand, replay_of=hand)
    with speaking("zh-Hant"):
        named = practice.in_language(replay)
        expected = practice.practice_seat_names("belote", 4)
        assert practice.in_language(named) is named
    assert named.table.seat_names == expected != hand.table.seat_names
    assert named.replay_of is not None and named.replay_of.table.seat_names == expected
    assert named.state is hand.state and named.moves == hand.moves
    with speaking("en"):
        assert practice.in_language(named).table.seat_names == hand.table.seat_names
        assert practice.in_language(hand) is hand
