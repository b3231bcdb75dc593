"""Belote: rank orders, card points, and who wins a trick (docs/rules.md §1.1, seed 000 sections 4, 10)."""

import pytest

from tutorial.engine.belote import (
    BELOTE_POINTS,
    CARRE_POINTS,
    DIX_DE_DER,
    HAND_POINTS_TOTAL,
    card_points,
    card_power,
    start_play,
    trick_points,
    trick_winner,
)
from tutorial.engine.cards import BELOTE_DECK, PLAIN_SUITS, Suit
from tutorial.engine.errors import InvalidStateError

P = BELOTE_DECK.parse
MANY = BELOTE_DECK.parse_many


class TestRankOrder:
    def test_trump_order_is_j_9_a_10_k_q_8_7(self) -> None:
        cards = MANY("7H 8H 9H 10H JH QH KH AH")
        ranked = sorted(cards, key=lambda c: card_power(c, Suit.HEARTS, Suit.HEARTS), reverse=True)
        assert [c.rank for c in ranked] == ["J", "9", "A", "10", "K", "Q", "8", "7"]

    def test_plain_order_is_a_10_k_q_j_9_8_7(self) -> None:
        cards = MANY("7S 8S 9S 10S JS QS KS AS")
        ranked = sorted(cards, key=lambda c: card_power(c, Suit.HEARTS, Suit.SPADES), reverse=True)
        assert [c.rank for c in ranked] == ["A", "10", "K", "Q", "J", "9", "8", "7"]

    def test_lowest_trump_beats_highest_plain_card(self) -> None:
        assert card_power(P("7H"), Suit.HEARTS, Suit.SPADES) > card_power(
            P("AS"), Suit.HEARTS, Suit.SPADES
        )

    def test_card_of_a_third_suit_cannot_win(self) -> None:
        assert card_power(P("AD"), Suit.HEARTS, Suit.SPADES) == -1


class TestCardPoints:
    @pytest.mark.parametrize(
        ("rank", "trump_pts", "plain_pts"),
        [
            ("J", 20, 2),
            ("9", 14, 0),
            ("A", 11, 11),
            ("10", 10, 10),
            ("K", 4, 4),
            ("Q", 3, 3),
            ("8", 0, 0),
            ("7", 0, 0),
        ],
    )
    def test_points_table(self, rank: str, trump_pts: int, plain_pts: int) -> None:
        assert card_points(P(rank + "C"), Suit.CLUBS) == trump_pts
        assert card_points(P(rank + "C"), Suit.DIAMONDS) == plain_pts

    @pytest.mark.parametrize("trump", PLAIN_SUITS)
    def test_deck_holds_152_card_points_whatever_the_trump(self, trump: Suit) -> None:
        assert sum(card_points(c, trump) for c in BELOTE_DECK) == 152

    def test_with_dix_de_der_a_hand_is_worth_162(self) -> None:
        assert (DIX_DE_DER, HAND_POINTS_TOTAL) == (10, 162)

    def test_trick_points_seed_003(self) -> None:
        # 003: ♦K 4 + ♦A 11 + ♥7 0 + ♥Q 3 = 18, hearts trump.
        assert trick_points(MANY("KD AD 7H QH"), Suit.HEARTS) == 18

    def test_declaration_values(self) -> None:
        assert CARRE_POINTS == {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}
        assert BELOTE_POINTS == 20


class TestTrickWinner:
    def test_seed_000_example_1_partner_trumps_and_wins(self) -> None:
        # Spades trump: I lead ♥7, left ♠7, partner ♠10, right ♥A -> my partner wins.
        assert trick_winner(MANY("7H 7S 10S AH"), Suit.SPADES) == 2

    def test_seed_000_example_2_highest_of_led_suit(self) -> None:
        # Spades trump: ♥7, ♥10, ♥K, ♥A, no trump -> the right-hand player (♥A) wins.
        assert trick_winner(MANY("7H 10H KH AH"), Suit.SPADES) == 3

    def test_discard_of_a_higher_card_does_not_win(self) -> None:
        assert trick_winner(MANY("7D AS 8D AC"), Suit.HEARTS) == 2

    def test_trump_jack_beats_trump_nine_and_ace(self) -> None:
        assert trick_winner(MANY("9H AH JH 10H"), Suit.HEARTS) == 2

    def test_seat_numbers_follow_the_leader(self) -> None:
        assert trick_winner(MANY("7H 7S 10S AH"), Suit.SPADES, leader=3) == 1

    def test_empty_trick_has_no_winner(self) -> None:
        with pytest.raises(InvalidStateError, match="empty trick"):
            trick_winner((), Suit.SPADES)

    def test_trick_result_says_why(self) -> None:
        # Seed 003's trick, hearts trump; seat 3 (player 2) overtrumps and wins 18.
        state = start_play(
            hands=[
                "7D 9D JD 10H KH 9S QC",
                "8D 10D QD AH JS KC AC",
                "9H JH 8C 9C 10C KS AS",
                "8H QH 7C JC 7S 8S 10S QS",
            ],
            trump="H",
            taker=2,
            dealer=3,
            current_trick="KD AD 7H",
        )
        after = state.apply(P("QH"))
        (trick,) = after.tricks
        assert (trick.winner, trick.points, trick.reason) == (3, 18, "highest_trump")
        assert "Q♥" in trick.explanation
        assert after.to_move == 3
