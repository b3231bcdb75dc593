"""The counting trainer: right counts accepted, wrong ones diagnosed by card or bonus."""

import pytest

from tutorial.course.counting_trainer import diagnose, make_exercise
from tutorial.engine.cards import Suit

GAMES = ["belote", "tarot", "briscola"]


@pytest.mark.parametrize("game", GAMES)
def test_exercise_totals_match_the_engine(game: str) -> None:
    ex = make_exercise(game, 7)
    total = ex.running_total(len(ex.tricks) - 1)
    expected = {"belote": 162, "tarot": None, "briscola": 120}[game]
    if expected is not None:
        assert total == expected
    for i in range(len(ex.tricks)):
        assert diagnose(ex, i, ex.trick_value(i)).right


@pytest.mark.parametrize("game", GAMES)
def test_a_left_out_card_is_named(game: str) -> None:
    ex = make_exercise(game, 11)
    for i, trick in enumerate(ex.tricks):
        counted = [c for c in trick.cards if ex.value(c) and c.suit is not Suit.EXCUSE]
        if counted:
            card = max(counted, key=ex.value)
            d = diagnose(ex, i, ex.trick_value(i) - ex.value(card))
            assert not d.right
            assert card.label in d.message
            return
    pytest.fail("no trick with a counted card")


def test_belote_forgotten_dix_de_der() -> None:
    ex = make_exercise("belote", 5)
    last = len(ex.tricks) - 1
    d = diagnose(ex, last, ex.trick_value(last) - 10)
    assert "dix de der" in d.message


def test_belote_trump_counted_as_plain() -> None:
    for seed in range(50):
        ex = make_exercise("belote", seed)
        trump = ex.state.trump  # type: ignore[attr-defined]
        for i, trick in enumerate(ex.tricks):
            jacks = [c for c in trick.cards if c.suit is trump and c.rank == "J"]
            if jacks and not any(ex.value(c) == 18 for c in trick.cards):
                d = diagnose(ex, i, ex.trick_value(i) - 18)
                assert "is a trump: it is worth 20, not 2" in d.message, d.message
                return
    pytest.fail("no trump jack found")


def test_unexplained_count_lists_the_values() -> None:
    ex = make_exercise("briscola", 2)
    d = diagnose(ex, 0, 999)
    assert not d.right and "count again" in d.message
