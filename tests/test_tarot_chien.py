"""French Tarot chien and discard: shown or unseen, what may be discarded, who it counts for."""

from __future__ import annotations

import pytest

from tutorial.engine import tarot
from tutorial.engine.cards import TAROT_DECK, Card
from tutorial.engine.errors import IllegalActionError
from tutorial.engine.tarot import Bid, Discard, TarotState
from tutorial.engine.verdicts import BAD_DISCARD, NOT_IN_HAND, WRONG_PHASE

P = TAROT_DECK.parse
PM = TAROT_DECK.parse_many

# Seat 1 will take: four Kings, the three bouts and trumps; the chien adds only four plain
# cards that may be discarded (1♠ 2♠ 3♠ Q♥), so two trumps must go too.
TRUMPY = tarot.complete_deal(
    {
        0: "T15 T16 T17",
        1: "KS KH KD KC T1 T21 EXC T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12",
        2: "T18 T19",
        3: "T20",
    },
    chien="1S 2S 3S QH T13 T14",
)
# Seat 1 will take with plenty of plain cards.
PLAIN = tarot.complete_deal(
    {
        0: "T1 T2 T3 T4 T5",
        1: "T6 T7 T8 T9 T10 KS KH",
        2: "T11 T12 T13 T14 T15 EXC",
        3: "T16 T17 T18 T19 T20 T21",
    },
    chien="4D 5D 6D 7D 8D 9D",
)


def taken(deal: tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]], bid: Bid) -> TarotState:
    hands, chien = deal
    s = tarot.new_hand(hands=hands, chien=chien, dealer=0)
    for b in (bid, Bid.PASS, Bid.PASS, Bid.PASS):
        s = s.apply(b)
    return s


def discard_all(s: TarotState, cards: str) -> TarotState:
    for c in PM(cards):
        s = s.apply(Discard(c))
    return s


class TestChienShown:
    def test_prise_the_chien_is_shown_to_everyone(self) -> None:
        s = taken(TRUMPY, Bid.PRISE)
        chien = PM("1S 2S 3S QH T13 T14")
        for seat in range(4):
            assert s.observe(seat).public["chien"] == tarot.sort_cards(chien)
            assert set(chien) <= s.observe(seat).known_cards

    def test_the_taker_takes_it_into_the_hand(self) -> None:
        s = taken(TRUMPY, Bid.GARDE)
        assert s.phase == "discard" and s.to_move == 1
        assert len(s.hands[1]) == 24 and set(PM("1S T13 T14")) <= set(s.hands[1])

    def test_discards_are_one_card_at_a_time(self) -> None:
        s = taken(PLAIN, Bid.PRISE)
        assert all(isinstance(a, Discard) for a in s.legal_actions())
        s = s.apply(Discard(P("4D")))
        assert s.discard == (P("4D"),) and len(s.hands[1]) == 23 and s.phase == "discard"

    def test_after_six_discards_the_chelem_question(self) -> None:
        s = discard_all(taken(PLAIN, Bid.PRISE), "4D 5D 6D 7D 8D 9D")
        assert s.phase == "chelem" and len(s.hands[1]) == 18 and len(s.discard) == 6


class TestWhatMayBeDiscarded:
    def test_never_a_king(self) -> None:
        s = taken(TRUMPY, Bid.GARDE)
        with pytest.raises(IllegalActionError) as e:
            s.apply(Discard(P("KS")))
        assert e.value.code == BAD_DISCARD
        assert "K♠ is a King" in str(e.value) and e.value.verdict.forcing == (P("KS"),)

    @pytest.mark.parametrize("bout", ["T1", "T21", "EXC"])
    def test_never_a_bout(self, bout: str) -> None:
        v = taken(TRUMPY, Bid.GARDE).explain(Discard(P(bout)))
        assert not v.legal and v.code == BAD_DISCARD and "a bout" in v.message

    def test_kings_and_bouts_are_not_offered(self) -> None:
        offered = {a.card for a in taken(TRUMPY, Bid.GARDE).legal_actions()}
        assert not offered & set(PM("KS KH KD KC T1 T21 EXC"))

    def test_plain_cards_first(self) -> None:
        s = taken(PLAIN, Bid.PRISE)
        with pytest.raises(IllegalActionError) as e:
            s.apply(Discard(P("T6")))
        assert e.value.code == BAD_DISCARD
        assert "Discard plain cards first" in str(e.value) and "4♦" in str(e.value)
        assert P("T6") in e.value.verdict.forcing and P("4D") in e.value.verdict.forcing

    def test_trumps_when_forced(self) -> None:
        # 24 cards but only four plain cards that may go: two trumps must go as well.
        s = taken(TRUMPY, Bid.GARDE)
        offered = {a.card for a in s.legal_actions()}
        assert offered == set(PM("1S 2S 3S QH")) | {P(f"T{n}") for n in range(2, 15)}

    def test_only_as_many_trumps_as_forced(self) -> None:
        s = discard_all(taken(TRUMPY, Bid.GARDE), "T13 T14")
        v = s.explain(Discard(P("T2")))
        assert not v.legal and v.code == BAD_DISCARD and "3♠" in v.message
        assert {a.card for a in s.legal_actions()} == set(PM("1S 2S 3S QH"))

    def test_trumps_may_go_after_the_plain_cards(self) -> None:
        s = discard_all(taken(TRUMPY, Bid.GARDE), "1S 2S 3S QH")
        assert s.explain(Discard(P("T5"))).legal
        assert "shown to everyone" in s.explain(Discard(P("T5"))).message

    def test_a_card_not_held(self) -> None:
        v = taken(TRUMPY, Bid.GARDE).explain(Discard(P("5D")))
        assert not v.legal and v.code == NOT_IN_HAND and "5♦" in v.message

    def test_a_card_instead_of_a_discard(self) -> None:
        v = taken(TRUMPY, Bid.GARDE).explain(P("1S"))
        assert (
            not v.legal
            and v.code == WRONG_PHASE
            and "making the discard: 6 more to set aside" in v.message
        )


class TestShownDiscards:
    def test_discarded_trumps_are_shown_plain_cards_are_not(self) -> None:
        s = discard_all(taken(TRUMPY, Bid.GARDE), "T13 1S T14 2S 3S QH")
        assert s.shown_discards == PM("T13 T14")
        other = s.observe(0)
        assert other.public["shown_discards"] == PM("T13 T14")
        assert set(PM("T13 T14")) <= other.known_cards
        assert "discard" not in other.public

    def test_the_taker_knows_the_discard(self) -> None:
        s = discard_all(taken(PLAIN, Bid.PRISE), "4D 5D 6D 7D 8D 9D")
        assert s.observe(1).public["discard"] == PM("4D 5D 6D 7D 8D 9D")


class TestWhoTheSixCardsCountFor:
    def test_prise_the_discard_counts_for_the_taker(self) -> None:
        s = discard_all(taken(PLAIN, Bid.PRISE), "4D 5D 6D 7D 8D 9D")
        assert s.set_aside == PM("4D 5D 6D 7D 8D 9D") and s.set_aside_team == 0

    def test_garde_sans_the_chien_is_unseen_and_counts_for_the_taker(self) -> None:
        s = taken(PLAIN, Bid.GARDE_SANS)
        assert s.set_aside == PM("4D 5D 6D 7D 8D 9D") and s.set_aside_team == 0
        for seat in range(4):
            assert s.observe(seat).public["chien"] is None
            assert not set(s.chien) & s.observe(seat).known_cards
        assert P("4D") not in s.hands[1]

    def test_garde_contre_the_chien_is_unseen_and_counts_for_the_defence(self) -> None:
        s = taken(PLAIN, Bid.GARDE_CONTRE)
        assert s.set_aside_team == 1 and s.phase == "chelem"
        assert not set(s.chien) & s.observe(1).known_cards
