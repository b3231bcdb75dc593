"""Cards, decks and notation."""

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tutorial.engine.cards import (
    BELOTE_DECK,
    BRISCOLA_DECK,
    EXCUSE,
    TAROT_DECK,
    Card,
    Suit,
)
from tutorial.engine.errors import NotationError

DECKS = [BELOTE_DECK, TAROT_DECK, BRISCOLA_DECK]


class TestDecks:
    def test_sizes(self) -> None:
        assert (len(BELOTE_DECK), len(TAROT_DECK), len(BRISCOLA_DECK)) == (32, 78, 40)

    def test_cards_distinct(self) -> None:
        for deck in DECKS:
            assert len(set(deck)) == len(deck)

    def test_tarot_has_21_trumps_and_the_excuse(self) -> None:
        trumps = [c for c in TAROT_DECK if c.suit is Suit.TRUMP]
        assert sorted(int(c.rank) for c in trumps) == list(range(1, 22))
        assert EXCUSE in TAROT_DECK

    def test_briscola_has_no_8_9_10(self) -> None:
        assert not {c.rank for c in BRISCOLA_DECK} & {"8", "9", "10"}

    @pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
    def test_mask_round_trip(self, deck) -> None:  # type: ignore[no-untyped-def]
        some = list(deck)[::3]
        assert deck.cards_of(deck.mask(some)) == tuple(some)


class TestNotation:
    @pytest.mark.parametrize(
        ("text", "code"),
        [
            ("JH", "JH"),
            ("10s", "10S"),
            ("ts", "10S"),
            ("A♣", "AC"),
            ("t21", "T21"),
            ("exc", "EXC"),
            ("VD", "JD"),
            ("RS", "KS"),
            ("CC", "CC"),
            ("NC", "CC"),
            (" 7d ", "7D"),
        ],
    )
    def test_parse(self, text: str, code: str) -> None:
        assert Card.parse(text).code == code

    @pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
    def test_every_card_round_trips(self, deck) -> None:  # type: ignore[no-untyped-def]
        for card in deck:
            assert deck.parse(card.code) == card
            assert eval(repr(card)) == card  # the repr pastes back in

    def test_bad_notation_names_text_and_valid_forms(self) -> None:
        with pytest.raises(
            NotationError,
            match=r"'QX' is not a Belote card \(ranks 7 8 9 10 J Q K A, suits S H D C\)",
        ):
            BELOTE_DECK.parse("QX")

    @pytest.mark.parametrize(
        ("deck", "text"),
        [
            (BELOTE_DECK, "2S"),
            (BRISCOLA_DECK, "10H"),
            (BRISCOLA_DECK, "T5"),
            (TAROT_DECK, "T22"),
            (BELOTE_DECK, "EXC"),
        ],
    )
    def test_card_of_another_deck_is_refused(self, deck, text) -> None:  # type: ignore[no-untyped-def]
        with pytest.raises(NotationError, match=deck.name):
            deck.parse(text)

    @pytest.mark.parametrize("text", ["", "X", "11H", "T0", "JJ", "<b>AS</b>"])
    def test_garbage(self, text: str) -> None:
        with pytest.raises(NotationError):
            Card.parse(text)

    def test_labels(self) -> None:
        assert BELOTE_DECK.parse("10H").label == "10♥"
        assert TAROT_DECK.parse("T21").label == "T21"
        assert BELOTE_DECK.parse("QS").spoken == "queen of spades"

    def test_parse_many(self) -> None:
        assert BELOTE_DECK.parse_many("9H, 8H 7S") == BELOTE_DECK.parse_many(["9H", "8H", "7S"])

    @given(st.text(max_size=8))
    @example("T²")  # found by hypothesis: a superscript digit passes isdigit(), not int()
    @example("T٣")  # an Arabic-Indic digit: int() reads it, the notation does not
    def test_parse_never_crashes_otherwise(self, text: str) -> None:
        try:
            card = Card.parse(text)
        except NotationError:
            return
        assert Card.parse(card.code) == card
