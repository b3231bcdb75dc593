"""French Tarot announcements before the first card: the poignée and the chelem."""

from __future__ import annotations

import pytest

from tutorial.engine import tarot
from tutorial.engine.cards import EXCUSE, TAROT_DECK, Card
from tutorial.engine.errors import IllegalActionError
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.tarot import CHELEM, NO_CHELEM, NO_POIGNEE, Bid, Discard, Poignee, TarotState
from tutorial.engine.verdicts import BAD_DECLARATION, NOT_IN_HAND, WRONG_PHASE

P = TAROT_DECK.parse
PM = TAROT_DECK.parse_many

# Seat 1: ten trumps. Seat 2: nine trumps and the Excuse. Seat 3: two trumps. Seat 0: none.
TEN_AND_NINE = tarot.complete_deal(
    {
        1: "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11",
        2: "T12 T13 T14 T15 T16 T17 T18 T19 T20 EXC",
        3: "T1 T21",
    },
    chien="9C 10C JC CC QC KC",
)
# Seat 1: thirteen trumps and the Excuse.
THIRTEEN = tarot.complete_deal(
    {1: "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 EXC", 2: "T15 T16 T17 T18 T19 T20 T21 T1"},
    chien="9C 10C JC CC QC KC",
)
# Seat 1 takes with the four Kings and must discard T13 and T14 (shown).
FOUR_KINGS = tarot.complete_deal(
    {
        0: "T15 T16 T17",
        1: "KS KH KD KC T1 T21 EXC T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12",
        2: "T18 T19",
        3: "T20",
    },
    chien="1S 2S 3S QH T13 T14",
)
# The same with only three Kings: two trumps are forced out all the same.
THREE_KINGS = tarot.complete_deal(
    {
        0: "T16 T17 T18",
        1: "KS KH KD T1 T21 EXC T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13",
        2: "T19 T20",
    },
    chien="1S 2S 3S QH T14 T15",
)


def play_phase(
    deal: tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]],
    bids: tuple[Bid, ...] = (Bid.GARDE_SANS, Bid.PASS, Bid.PASS, Bid.PASS),
    discards: str = "",
    chelem: tarot.Chelem = NO_CHELEM,
    ruleset: str | Ruleset = "default",
) -> TarotState:
    hands, chien = deal
    s = tarot.new_hand(ruleset, hands=hands, chien=chien, dealer=0)
    for b in bids:
        s = s.apply(b)
    for c in PM(discards):
        s = s.apply(Discard(c))
    return s.apply(chelem)


def trumps(numbers: range, *extra: str) -> tuple[Card, ...]:
    return (*(P(f"T{n}") for n in numbers), *PM(" ".join(extra)))


class TestWhenAsked:
    def test_at_the_first_turn_of_a_seat_that_holds_one(self) -> None:
        s = play_phase(TEN_AND_NINE)
        assert s.phase == "poignee" and s.to_move == 1
        assert s.legal_actions() == [NO_POIGNEE, Poignee("simple", trumps(range(2, 12)))]
        assert s.legal_plays() == []

    def test_then_the_seat_plays_its_card(self) -> None:
        s = play_phase(TEN_AND_NINE).apply(NO_POIGNEE)
        assert s.phase == "play" and s.to_move == 1

    def test_each_seat_is_asked_before_its_own_first_card(self) -> None:
        s = play_phase(TEN_AND_NINE).apply(NO_POIGNEE).apply(P("T2"))
        assert s.phase == "poignee" and s.to_move == 2
        s = s.apply(NO_POIGNEE).apply(P("T12"))
        assert s.phase == "play" and s.to_move == 3  # seat 3 has only two trumps

    def test_never_after_the_first_trick(self) -> None:
        s = play_phase(TEN_AND_NINE).apply(NO_POIGNEE)
        for _ in range(4):
            while s.phase == "poignee":
                s = s.apply(NO_POIGNEE)
            s = s.apply(s.legal_plays()[0])
        assert s.trick_number == 2 and s.phase == "play"


class TestWhatMayBeShown:
    def test_ten_trumps_make_a_simple_poignee(self) -> None:
        s = play_phase(TEN_AND_NINE)
        v = s.explain(Poignee("simple", trumps(range(2, 12))))
        assert v.legal and "worth 20" in v.message

    def test_the_excuse_completes_when_one_trump_is_missing(self) -> None:
        s = play_phase(TEN_AND_NINE).apply(NO_POIGNEE).apply(P("T2"))
        shown = Poignee("simple", trumps(range(12, 21), "EXC"))
        assert s.legal_actions() == [NO_POIGNEE, shown]
        assert s.explain(shown).legal

    def test_the_excuse_only_when_every_trump_is_shown(self) -> None:
        s = play_phase(THIRTEEN)
        with pytest.raises(IllegalActionError) as e:
            s.apply(Poignee("simple", trumps(range(2, 11), "EXC")))
        assert e.value.code == BAD_DECLARATION
        assert "every trump you hold is shown" in str(e.value)
        assert "T11, T12, T13 and T14 are not shown" in str(e.value)
        assert e.value.verdict.forcing[0] == EXCUSE

    def test_a_lower_level_may_be_shown(self) -> None:
        s = play_phase(THIRTEEN)
        assert s.legal_actions() == [
            NO_POIGNEE,
            Poignee("simple", trumps(range(2, 12))),
            Poignee("double", trumps(range(2, 15))),
        ]

    def test_any_set_of_the_right_size_not_only_the_offered_one(self) -> None:
        s = play_phase(THIRTEEN)
        assert s.explain(Poignee.of("simple", "T14 T13 T12 T11 T10 T9 T8 T7 T6 T5")).legal

    def test_exactly_the_number_of_the_level(self) -> None:
        v = play_phase(THIRTEEN).explain(Poignee("simple", trumps(range(2, 13))))
        assert not v.legal and v.code == BAD_DECLARATION
        assert v.message == "A simple poignée shows exactly 10 trumps; you showed 11."

    def test_only_trumps(self) -> None:
        v = play_phase(THIRTEEN).explain(Poignee("simple", trumps(range(2, 11), "KS")))
        assert not v.legal and v.code == BAD_DECLARATION and "K♠ is not a trump" in v.message
        assert v.forcing == (P("KS"),)

    def test_only_trumps_held(self) -> None:
        v = play_phase(THIRTEEN).explain(Poignee("simple", trumps(range(2, 11), "T20")))
        assert not v.legal and v.code == NOT_IN_HAND and "you do not hold T20" in v.message

    def test_a_card_shown_twice(self) -> None:
        v = play_phase(THIRTEEN).explain(Poignee("simple", (*trumps(range(2, 11)), P("T2"))))
        assert not v.legal and v.code == BAD_DECLARATION

    def test_an_unknown_level(self) -> None:
        v = play_phase(THIRTEEN).explain(Poignee("quadruple", trumps(range(2, 15))))
        assert not v.legal and v.code == BAD_DECLARATION and "simple" in v.message

    def test_declining_shows_nothing(self) -> None:
        v = play_phase(THIRTEEN).explain(Poignee("none", (P("T2"),)))
        assert not v.legal and v.code == BAD_DECLARATION

    def test_not_during_the_bidding(self) -> None:
        hands, chien = THIRTEEN
        v = tarot.new_hand(hands=hands, chien=chien).explain(
            Poignee("simple", trumps(range(2, 12)))
        )
        assert not v.legal and v.code == WRONG_PHASE


class TestShownCards:
    def test_the_shown_trumps_become_public(self) -> None:
        shown = Poignee("simple", trumps(range(2, 12)))
        s = play_phase(TEN_AND_NINE).apply(shown)
        assert s.poignees == ((1, shown),)
        assert s.observe(3).public["poignees"] == ((1, "simple", shown.cards),)
        assert set(shown.cards) <= s.observe(0).known_cards
        assert not set(shown.cards) & s.hidden_cards(1)


class TestFourKings:
    def test_shown_trump_discards_count_toward_a_triple(self) -> None:
        s = play_phase(FOUR_KINGS, (Bid.GARDE, Bid.PASS, Bid.PASS, Bid.PASS), "T13 T14 1S 2S 3S QH")
        triple = Poignee("triple", trumps(range(1, 15), "T21"))
        assert triple in s.legal_actions()
        assert s.explain(triple).legal
        assert s.apply(triple).poignees == ((1, triple),)

    def test_they_never_count_for_a_lower_level(self) -> None:
        s = play_phase(FOUR_KINGS, (Bid.GARDE, Bid.PASS, Bid.PASS, Bid.PASS), "T13 T14 1S 2S 3S QH")
        v = s.explain(Poignee("double", trumps(range(2, 15))))
        assert not v.legal and "count only toward a triple" in v.message
        assert v.forcing == PM("T13 T14")

    def test_option_never_discards_do_not_count(self) -> None:
        rs = tarot.get_ruleset("default", poignee_discards="never")
        s = play_phase(
            FOUR_KINGS, (Bid.GARDE, Bid.PASS, Bid.PASS, Bid.PASS), "T13 T14 1S 2S 3S QH", ruleset=rs
        )
        assert [p.level for p in s.legal_actions()] == ["none", "simple", "double"]
        v = s.explain(Poignee("triple", trumps(range(1, 15), "T21")))
        assert not v.legal and v.code == BAD_DECLARATION and "never count" in v.message

    def test_without_the_four_kings_discards_do_not_count(self) -> None:
        s = play_phase(
            THREE_KINGS, (Bid.GARDE, Bid.PASS, Bid.PASS, Bid.PASS), "T14 T15 1S 2S 3S QH"
        )
        v = s.explain(Poignee("triple", trumps(range(1, 15), "T21")))
        assert not v.legal and "four Kings" in v.message
        # Fourteen trumps in hand and the Excuse: a triple all the same.
        assert Poignee("triple", trumps(range(1, 14), "T21 EXC")) in s.legal_actions()


class TestChelem:
    def test_asked_to_the_taker_after_the_discard(self) -> None:
        hands, chien = FOUR_KINGS
        s = tarot.new_hand(hands=hands, chien=chien)
        for b in (Bid.GARDE, Bid.PASS, Bid.PASS, Bid.PASS):
            s = s.apply(b)
        for c in PM("T13 T14 1S 2S 3S QH"):
            assert s.phase == "discard"
            s = s.apply(Discard(c))
        assert s.phase == "chelem" and s.to_move == 1
        assert s.legal_actions() == [NO_CHELEM, CHELEM]

    def test_declared_the_taker_leads(self) -> None:
        bids = (Bid.PASS, Bid.GARDE_SANS, Bid.PASS, Bid.PASS)
        s = play_phase(TEN_AND_NINE, bids, chelem=CHELEM)
        assert s.to_move == 2 and s.leader == 2 and s.chelem_declared
        assert s.observe(0).public["chelem_declared"] is True

    def test_not_declared_the_seat_after_the_dealer_leads(self) -> None:
        bids = (Bid.PASS, Bid.GARDE_SANS, Bid.PASS, Bid.PASS)
        s = play_phase(TEN_AND_NINE, bids, chelem=NO_CHELEM)
        assert s.to_move == 1 and not s.chelem_declared

    def test_only_before_the_first_card(self) -> None:
        s = play_phase(TEN_AND_NINE).apply(NO_POIGNEE)
        with pytest.raises(IllegalActionError) as e:
            s.apply(CHELEM)
        assert e.value.code == WRONG_PHASE and "the next to play a card is" in str(e.value)

    def test_not_during_the_bidding(self) -> None:
        hands, chien = TEN_AND_NINE
        v = tarot.new_hand(hands=hands, chien=chien).explain(CHELEM)
        assert not v.legal and v.code == WRONG_PHASE
