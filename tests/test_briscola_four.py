"""Briscola for four: partners opposite, 10 tricks, pooled points, drawing in turn (002)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tutorial.engine.briscola import (
    HIGHEST_OF_LED_SUIT,
    HIGHEST_TRUMP,
    BriscolaState,
    Draw,
    new_hand,
    start_play,
)
from tutorial.engine.cards import BRISCOLA_DECK, Card
from tutorial.engine.errors import InvalidStateError

C = BRISCOLA_DECK.parse_many


def rest_of_deck(*placed: Sequence[Card]) -> tuple[Card, ...]:
    """Every card not in `placed`, in deck order."""
    used = {c for group in placed for c in group}
    return tuple(c for c in BRISCOLA_DECK if c not in used)


def deal_4p(hands: Sequence[str], face_up: str, stock_top: str = "") -> tuple[Card, ...]:
    """A deck order for dealer 3: hands[s] goes to seat s (seat 0 is dealt first)."""
    cards = [C(h) for h in hands]
    order = [cards[s][r] for r in range(3) for s in range(4)]
    top = C(stock_top)
    return (*order, *C(face_up), *top, *rest_of_deck(*cards, C(face_up), top))


def play(state: BriscolaState, cards: str) -> BriscolaState:
    """Play the cards in order."""
    for card in C(cards):
        state = state.apply(card)
    return state


def test_partners_sit_opposite() -> None:
    s = new_hand(rng=random.Random(1), players=4)
    assert [s.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [s.side_of(seat) for seat in range(4)] == ["A", "B", "A", "B"]
    with pytest.raises(InvalidStateError, match="no seat 4 with 4 players"):
        s.team_of(4)


def test_the_deal_gives_three_each_and_leaves_27_in_the_stock() -> None:
    s = new_hand(deal=tuple(BRISCOLA_DECK), players=4, dealer=3)
    assert s.hands[0] == (BRISCOLA_DECK[0], BRISCOLA_DECK[4], BRISCOLA_DECK[8])
    assert s.trump_card == BRISCOLA_DECK[12]
    assert len(s.stock) == 27 and s.cards_to_draw == 28
    assert s.to_move == 0 and s.total_tricks == 10


def test_a_trick_of_four_led_suit_wins_and_other_suits_cannot() -> None:
    s = new_hand(
        deal=deal_4p(["5C 4D 5D", "7C 6D 2H", "AH 4H 5H", "KD 6H 7H"], "7S"), players=4, dealer=3
    )
    s = play(s, "5C 7C AH KD")
    trick = s.tricks[0]
    assert (trick.winner, trick.points, trick.reason) == (1, 15, HIGHEST_OF_LED_SUIT)
    assert "7♣ beats 5♣" in trick.explanation
    assert "A♥ and K♦ are of another plain suit" in trick.explanation


def test_an_opponents_higher_trump_beats_the_partners_trump() -> None:
    s = new_hand(
        deal=deal_4p(["KH 4D 5D", "2S 6D 2H", "7S 4H 5H", "3S 6H 7H"], "QS"), players=4, dealer=3
    )
    s = play(s, "KH 2S 7S 3S")
    trick = s.tricks[0]
    assert (trick.winner, trick.points, trick.reason) == (3, 14, HIGHEST_TRUMP)
    assert "3♠ beats 2♠ and 7♠" in trick.explanation


def test_the_winner_draws_first_then_the_others_in_playing_order() -> None:
    deal = deal_4p(["5C 4D 5D", "7C 6D 2H", "AH 4H 5H", "KD 6H 7H"], "7S", "AC 2C 3C 4C")
    s = play(new_hand(deal=deal, players=4, dealer=3), "5C 7C AH KD")
    assert s.draws == (
        Draw(0, 1, C("AC")[0], False),
        Draw(0, 2, C("2C")[0], False),
        Draw(0, 3, C("3C")[0], False),
        Draw(0, 0, C("4C")[0], False),
    )
    assert s.to_move == 1 and [len(h) for h in s.hands] == [3, 3, 3, 3]


def test_ten_tricks_the_last_drawer_takes_the_face_up_card_and_partners_pool_points() -> None:
    s = new_hand(rng=random.Random(21), players=4, dealer=2)
    face_up = s.trump_card
    while not s.is_terminal:
        s = s.apply(s.legal_plays()[-1])
        if len(s.tricks) == 7 and not s.current_trick:
            last = s.draws[-4:]
            assert [d.seat for d in last] == [(s.tricks[6].winner + i) % 4 for i in range(4)]
            assert last[-1].card == face_up and last[-1].face_up
            assert s.trump_card_holder == last[-1].seat
    assert len(s.tricks) == 10 and len(s.draws) == 28
    outcome = s.outcome()
    for side_index, side in enumerate("AB"):
        won = sum(t.points for t in s.tricks if t.winner % 2 == side_index)
        assert outcome.totals[side] == won
    assert sum(outcome.totals.values()) == 120
    assert outcome.lines_for("A")[0].label == "Card points, seat 0 & seat 2"


def test_tricks_8_to_10_are_played_without_drawing() -> None:
    s = new_hand(rng=random.Random(4), players=4)
    while len(s.tricks) < 7:
        s = s.apply(s.legal_plays()[0])
    assert s.cards_to_draw == 0 and [len(h) for h in s.hands] == [3, 3, 3, 3]
    for size in (2, 1, 0):
        for _ in range(4):
            s = s.apply(s.legal_plays()[0])
        assert [len(h) for h in s.hands] == [size] * 4


def test_a_partners_hand_is_hidden_too() -> None:
    s = new_hand(rng=random.Random(9), players=4)
    seen = s.observe(0)
    assert not seen.known_cards & s.hidden_cards(2)
    assert seen.hand_sizes == (3, 3, 3, 3)
    assert seen.public["stock_size"] == 27


def test_start_play_for_four_after_the_last_draw() -> None:
    # Trick 8, seat 2 won trick 7 and leads: seat 1 drew the face-up 7S last.
    hands = [C("AS 2C 4C"), C("7S 5C 6C"), C("AH 2H 4H"), C("AD 2D 4D")]
    unlisted = rest_of_deck(*hands)
    worth = sum({"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}.get(c.rank, 0) for c in unlisted)
    s = start_play(
        hands, "7S", players=4, trump_card_taken=True, carried_points=(worth, 0), leader=2
    )
    assert s.trick_number == 8 and s.to_move == 2 and s.trump_card_holder == 1
    with pytest.raises(InvalidStateError, match=r"went to seat 2 .*won by seat 3.*not seat 1"):
        start_play(
            hands, "7S", players=4, trump_card_taken=True, carried_points=(worth, 0), leader=3
        )


def test_start_play_for_four_checks_hand_sizes() -> None:
    hands = [C("AS 2C 4C"), C("7S 5C"), C("AH 2H 4H"), C("AD 2D 4D")]
    with pytest.raises(InvalidStateError, match="seat 1 holds 2 cards but should hold 3"):
        start_play(hands, "7S", players=4, trump_card_taken=True, carried_points=(60, 0), leader=2)
