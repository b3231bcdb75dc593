"""Briscola cards: the 40-card deck, rank in a suit, card points, rulesets (seed 002)."""

from __future__ import annotations

import pytest

from tutorial.engine import briscola
from tutorial.engine.briscola import (
    BriscolaOptions,
    card_points,
    cards_points,
    get_ruleset,
    judge_trick,
    rank_order,
    trick_winner,
)
from tutorial.engine.cards import BRISCOLA_DECK, PLAIN_SUITS, Suit
from tutorial.engine.errors import InvalidStateError, NotationError, UnknownRulesetError
from tutorial.engine.rule_options import find_ruleset, option_help, rulesets

C = BRISCOLA_DECK.parse_many


def test_the_deck_is_forty_cards_ten_per_suit() -> None:
    assert len(BRISCOLA_DECK) == 40
    for suit in PLAIN_SUITS:
        ranks = [c.rank for c in BRISCOLA_DECK if c.suit is suit]
        assert ranks == ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]


def test_eights_nines_and_tens_are_not_briscola_cards() -> None:
    for text in ("8S", "9H", "10D"):
        with pytest.raises(NotationError, match="not a Briscola card"):
            BRISCOLA_DECK.parse(text)


def test_rank_in_a_suit_ace_then_three_then_king() -> None:
    assert rank_order() == ("A", "3", "K", "Q", "J", "7", "6", "5", "4", "2")


def test_card_points_ace_11_three_10_king_4_queen_3_jack_2() -> None:
    expected = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2, "7": 0, "6": 0, "5": 0, "4": 0, "2": 0}
    for card in BRISCOLA_DECK:
        assert card_points(card) == expected[card.rank], card


def test_each_suit_is_worth_30_and_the_deck_120() -> None:
    # 002 section 5: 11 + 10 + 4 + 3 + 2 = 30 per suit, 30 x 4 = 120.
    for suit in PLAIN_SUITS:
        assert cards_points(c for c in BRISCOLA_DECK if c.suit is suit) == 30
    assert cards_points(BRISCOLA_DECK) == 120
    assert cards_points(BRISCOLA_DECK, "queen-jack-swap") == 120


def test_winning_a_trick_and_its_value_are_two_questions() -> None:
    # 002: "3 beats K, 7 beats 2, but 7 and 2 both count 0 in the pile".
    assert trick_winner(C("KH 3H"), Suit.SPADES) == 1
    assert trick_winner(C("2H 7H"), Suit.SPADES) == 1
    assert cards_points(C("2H 7H")) == 0


def test_three_beats_king_although_a_king_is_a_higher_number() -> None:
    assert trick_winner(C("3D KD"), Suit.CLUBS) == 0
    assert trick_winner(C("KD 3D"), Suit.CLUBS) == 1


def test_queen_jack_swap_changes_rank_and_points() -> None:
    # The "roles" of Q and J swap: J ranks above Q and scores 3, Q scores 2.
    assert rank_order("queen-jack-swap") == ("A", "3", "K", "J", "Q", "7", "6", "5", "4", "2")
    queen, jack = C("QH JH")
    assert (card_points(queen), card_points(jack)) == (3, 2)
    assert (card_points(queen, "queen-jack-swap"), card_points(jack, "queen-jack-swap")) == (2, 3)


def test_same_cards_different_winner_and_points_under_the_swap() -> None:
    trick = C("QH JH")
    assert trick_winner(trick, Suit.SPADES, "default") == 0
    assert trick_winner(trick, Suit.SPADES, "queen-jack-swap") == 1
    assert cards_points(C("JH 5H"), "default") == 2
    assert cards_points(C("JH 5H"), "queen-jack-swap") == 3
    swapped = judge_trick(trick, Suit.SPADES, "queen-jack-swap")
    assert "J♥ beats Q♥" in swapped.explanation
    assert "A 3 K J Q 7 6 5 4 2" in swapped.explanation


def test_presets_and_aliases() -> None:
    assert get_ruleset().name == "default"
    assert get_ruleset("pagat") is briscola.DEFAULT
    assert get_ruleset("SEED-002") is briscola.DEFAULT
    assert get_ruleset("queen-jack-swap").options == BriscolaOptions(jack_over_queen=True)
    assert get_ruleset("jack-over-queen") is briscola.QUEEN_JACK_SWAP
    assert briscola.DEFAULT.options.jack_over_queen is False


def test_presets_are_in_the_engine_registry() -> None:
    assert find_ruleset("briscola", "Seed-002") is briscola.DEFAULT
    assert find_ruleset("briscola", "queen-jack-swap") is briscola.QUEEN_JACK_SWAP
    assert [rs.name for rs in rulesets("briscola")] == ["default", "queen-jack-swap"]
    assert find_ruleset("briscola", jack_over_queen=True).options.jack_over_queen is True


def test_an_override_is_validated_and_named() -> None:
    rs = get_ruleset("default", jack_over_queen=True)
    assert rs.name == "default+jack_over_queen=True"
    assert rank_order(rs)[3] == "J"
    with pytest.raises(UnknownRulesetError, match="jack_over_queen"):
        get_ruleset("default", jack_over_queen="yes")
    with pytest.raises(UnknownRulesetError, match="options: jack_over_queen"):
        get_ruleset("default", queen_over_king=True)


def test_unknown_ruleset_lists_what_exists() -> None:
    with pytest.raises(UnknownRulesetError, match="queen-jack-swap") as info:
        get_ruleset("napoletana")
    assert "napoletana" in str(info.value)


def test_the_option_is_documented_with_its_choices() -> None:
    rows = option_help(briscola.DEFAULT)
    assert [(name, value, choices) for name, value, _, choices in rows] == [
        ("jack_over_queen", False, (False, True))
    ]
    assert "Q/J swap" in rows[0][2]


def test_a_card_of_another_deck_is_refused() -> None:
    from tutorial.engine.cards import BELOTE_DECK

    with pytest.raises(InvalidStateError, match="10♠ is not a Briscola card"):
        card_points(BELOTE_DECK.parse("10S"))
