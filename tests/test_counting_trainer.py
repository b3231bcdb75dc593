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


def test_the_sides_are_shown_beside_the_trick() -> None:
    from tutorial.course.counting_trainer import sides_text

    tarot_ex = make_exercise("tarot", 7)
    names = ("South", "East", "North", "West")
    taker = tarot_ex.state.taker
    text = sides_text(tarot_ex)
    assert text.startswith(f"Sides: {names[taker]} is the taker, alone against ")
    assert all(n in text for n in names)
    belote_ex = make_exercise("belote", 7)
    assert sides_text(belote_ex) == "Sides: South and North play together, against East and West."
    assert sides_text(make_exercise("briscola", 7)) == ""  # two players: each plays alone


def test_the_sides_tell_whether_the_excuse_counts_in_a_trick() -> None:
    """An Excuse in a trick won by the other side stays out of its count; the sides line
    says which side each seat is on."""
    from tutorial.course.counting_trainer import sides_text
    from tutorial.engine.cards import EXCUSE

    for seed in range(1, 60):
        ex = make_exercise("tarot", seed)
        state = ex.state
        for i, trick in enumerate(ex.tricks[:-1]):
            if EXCUSE not in trick.cards:
                continue
            owner = next(p.seat for p in trick.plays if p.card == EXCUSE)
            kept = state.team_of(owner) != state.team_of(trick.winner)
            assert (ex.trick_value(i) == sum(map(ex.value, trick.cards))) is not kept
            taker_name = ("South", "East", "North", "West")[state.taker]
            assert f"{taker_name} is the taker" in sides_text(ex)
            return
    pytest.skip("no Excuse before the last trick")
