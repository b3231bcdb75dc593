"""French Tarot bidding: order, bids and multipliers, higher bids only, all pass, Petit sec."""

from __future__ import annotations

import pytest

from tutorial.engine import tarot
from tutorial.engine.cards import TAROT_DECK
from tutorial.engine.errors import IllegalActionError, IllegalPlayError, InvalidStateError
from tutorial.engine.tarot import Bid, Discard, TarotState
from tutorial.engine.verdicts import BAD_BID, BID_TOO_LOW, HAND_OVER, WRONG_PHASE

P = TAROT_DECK.parse

# Every trump placed; the plain cards fill the hands in deck order.
HANDS, CHIEN = tarot.complete_deal(
    {
        0: "T1 T2 T3 T4 T5",
        1: "T6 T7 T8 T9 T10 T11 EXC",
        2: "T12 T13 T14 T15 T16",
        3: "T17 T18 T19 T20 T21",
    }
)


def fresh(dealer: int = 0) -> TarotState:
    return tarot.new_hand(hands=HANDS, chien=CHIEN, dealer=dealer)


def bid_all(state: TarotState, *bids: Bid) -> TarotState:
    for b in bids:
        state = state.apply(b)
    return state


class TestOrder:
    def test_the_seat_after_the_dealer_bids_first(self) -> None:
        assert fresh(dealer=0).to_move == 1
        assert fresh(dealer=3).to_move == 0

    def test_each_seat_bids_once_in_playing_order(self) -> None:
        s = fresh(dealer=1)
        seen = []
        for _ in range(3):
            seen.append(s.to_move)
            s = s.apply(Bid.PASS)
        assert seen == [2, 3, 0]
        assert s.to_move == 1 and s.phase == "bidding"

    def test_bids_are_public_with_their_seats(self) -> None:
        s = bid_all(fresh(), Bid.PRISE, Bid.PASS)
        assert s.observe(3).public["bids"] == ((1, Bid.PRISE), (2, Bid.PASS))


class TestHigherBidsOnly:
    def test_everything_is_open_at_first(self) -> None:
        assert fresh().legal_actions() == [
            Bid.PASS,
            Bid.PRISE,
            Bid.GARDE,
            Bid.GARDE_SANS,
            Bid.GARDE_CONTRE,
        ]

    def test_after_a_garde_only_higher_bids_or_pass(self) -> None:
        s = fresh().apply(Bid.GARDE)
        assert s.legal_actions() == [Bid.PASS, Bid.GARDE_SANS, Bid.GARDE_CONTRE]

    def test_a_lower_bid_is_refused_naming_the_current_bid(self) -> None:
        s = fresh().apply(Bid.GARDE)
        with pytest.raises(IllegalActionError) as e:
            s.apply(Bid.PRISE)
        assert e.value.code == BID_TOO_LOW
        assert "Garde has been bid" in str(e.value) and "Prise is too low" in str(e.value)

    def test_an_equal_bid_is_too_low(self) -> None:
        s = fresh().apply(Bid.GARDE)
        v = s.explain(Bid.GARDE)
        assert not v.legal and v.code == BID_TOO_LOW

    def test_after_garde_contre_the_others_can_only_pass(self) -> None:
        s = fresh().apply(Bid.GARDE_CONTRE)
        assert s.legal_actions() == [Bid.PASS]


class TestTaker:
    def test_the_highest_bidder_takes(self) -> None:
        s = bid_all(fresh(), Bid.PRISE, Bid.GARDE, Bid.PASS, Bid.PASS)
        assert s.taker == 2 and s.contract is Bid.GARDE and s.multiplier == 2
        assert [s.team_of(seat) for seat in range(4)] == [1, 1, 0, 1]

    @pytest.mark.parametrize(
        ("bid", "multiplier"),
        [(Bid.PRISE, 1), (Bid.GARDE, 2), (Bid.GARDE_SANS, 4), (Bid.GARDE_CONTRE, 6)],
    )
    def test_multiplier_of_each_contract(self, bid: Bid, multiplier: int) -> None:
        s = bid_all(fresh(), bid, Bid.PASS, Bid.PASS, Bid.PASS)
        assert s.taker == 1 and s.multiplier == multiplier

    def test_prise_and_garde_go_to_the_discard(self) -> None:
        s = bid_all(fresh(), Bid.PASS, Bid.PRISE, Bid.PASS, Bid.PASS)
        assert s.phase == "discard" and s.to_move == 2 and len(s.hands[2]) == 24

    def test_garde_sans_goes_to_the_chelem_question_without_the_chien(self) -> None:
        s = bid_all(fresh(), Bid.PASS, Bid.GARDE_SANS, Bid.PASS, Bid.PASS)
        assert s.phase == "chelem" and s.to_move == 2 and len(s.hands[2]) == 18

    def test_no_teams_before_the_bidding_ends(self) -> None:
        with pytest.raises(InvalidStateError, match="no taker"):
            fresh().team_of(0)


class TestAllPass:
    def test_all_pass_is_no_game(self) -> None:
        s = bid_all(fresh(), Bid.PASS, Bid.PASS, Bid.PASS, Bid.PASS)
        assert s.is_terminal and s.to_move is None and s.legal_actions() == []
        out = s.outcome()
        assert out.details["result"] == "all_passed"
        assert out.result == "All four players passed: no game."
        assert out.totals == {"seat 0": 0.0, "seat 1": 0.0, "seat 2": 0.0, "seat 3": 0.0}
        assert [line.kind for line in out.lines] == ["result"]
        assert "all four players passed" in out.lines[0].label

    def test_nothing_more_is_accepted(self) -> None:
        s = bid_all(fresh(), Bid.PASS, Bid.PASS, Bid.PASS, Bid.PASS)
        with pytest.raises(IllegalActionError) as e:
            s.apply(Bid.PRISE)
        assert e.value.code == HAND_OVER and "passed" in str(e.value)


class TestPetitSec:
    def test_the_petit_as_only_trump_without_the_excuse_cancels_the_deal(self) -> None:
        hands, chien = tarot.complete_deal(
            {0: "T2 T3 T4 T5 T6", 1: "T7 T8 T9 T10 EXC", 2: "T1", 3: "T11 T12 T13 T14 T15"},
            chien="T16 T17 T18 T19 T20 T21",
        )
        s = tarot.new_hand(hands=hands, chien=chien)
        assert s.is_terminal and s.petit_sec == (2,)
        out = s.outcome()
        assert out.details["result"] == "petit_sec"
        assert out.result.startswith("Deal cancelled") and "Petit sec" in out.result
        assert "the Petit sec in seat 2's hand" in out.lines[0].label
        assert set(out.totals.values()) == {0.0}
        # The Petit sec hand is laid down to prove it.
        assert set(hands[2]) <= s.observe(0).known_cards

    def test_the_petit_with_the_excuse_is_not_sec(self) -> None:
        hands, chien = tarot.complete_deal(
            {0: "T2 T3 T4 T5 T6", 1: "T7 T8 T9 T10", 2: "T1 EXC", 3: "T11 T12 T13 T14 T15"},
            chien="T16 T17 T18 T19 T20 T21",
        )
        assert tarot.new_hand(hands=hands, chien=chien).phase == "bidding"

    def test_the_petit_with_another_trump_is_not_sec(self) -> None:
        hands, chien = tarot.complete_deal(
            {0: "T3 T4 T5 T6", 1: "T7 T8 T9 T10 EXC", 2: "T1 T2", 3: "T11 T12 T13 T14 T15"},
            chien="T16 T17 T18 T19 T20 T21",
        )
        assert tarot.new_hand(hands=hands, chien=chien).phase == "bidding"


class TestWrongActions:
    def test_a_card_during_the_bidding(self) -> None:
        with pytest.raises(IllegalPlayError) as e:
            fresh().apply(P("T1"))
        assert e.value.code == WRONG_PHASE and "the next to bid is" in str(e.value)

    def test_a_discard_during_the_bidding(self) -> None:
        v = fresh().explain(Discard(P("1S")))
        assert not v.legal and v.code == WRONG_PHASE

    def test_a_bid_as_text_is_not_a_bid(self) -> None:
        v = fresh().explain("garde")
        assert not v.legal and v.code == BAD_BID and v.message
