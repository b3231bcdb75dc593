"""The computer players of the Score explainer: legal, deterministic, sensible habits."""

from __future__ import annotations

import random

import pytest

from tutorial.analysis import beginner
from tutorial.analysis.beginner import played_deal
from tutorial.analysis.games import belote as belote_analysis
from tutorial.analysis.games import tarot as tarot_analysis
from tutorial.engine import belote, tarot
from tutorial.engine.cards import BELOTE_DECK, TAROT_DECK, Card, Suit
from tutorial.engine.games import GAMES, new_hand
from tutorial.engine.rule_options import rulesets
from tutorial.pictures.hand_story import auction

C = Card.parse


def _belote_position(current: str, hands: list[str]) -> belote.BeloteState:
    """A Belote position in the last two tricks: hearts trump, seat 0 took and led."""
    used = set(BELOTE_DECK.parse_many(current + " " + " ".join(hands)))
    rest = [c for c in BELOTE_DECK if c not in used]
    return belote.start_play(
        hands, "H", 0, tricks=(), current_trick=current, captured={0: rest}, leader=0, dealer=3
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_choice_is_legal_and_the_play_is_deterministic(game: str) -> None:
    for seed in range(3):
        state = new_hand(game, rng=random.Random(seed))
        while not state.is_terminal:
            action = beginner.choose(state)
            assert state.explain(action).legal
            state = state.apply(action)
        again = beginner.play_hand(game, rng=random.Random(seed))
        assert [tr.cards for tr in again.tricks] == [tr.cards for tr in state.tricks]


def test_win_the_trick_cheaply() -> None:
    state = _belote_position("7S", ["8C", "10S AS", "8S 9C", "JS 10C"])
    assert beginner.choose(state) == C("10S")  # the Ten wins as surely as the Ace here


def test_give_points_to_the_partner_who_wins_the_trick() -> None:
    state = _belote_position("7S AS 8S", ["8C", "9C", "10C", "KS QS"])
    assert beginner.choose(state) == C("KS")


def test_otherwise_throw_the_lowest_card() -> None:
    state = _belote_position("AS", ["8C", "7S KS", "8S 9C", "JS 10C"])
    assert beginner.choose(state) == C("7S")


def test_tarot_bids_follow_the_count_and_never_a_chelem() -> None:
    weak = TAROT_DECK.parse_many("1H 2H 3H 4H 5H 6H 7H 8H 9H 10H 1S 2S 3S 4S 5S 6S 7S 8S")
    strong = TAROT_DECK.parse_many("T1 T21 EXC T20 T19 T18 T17 T16 T15 T14 KH KS KD KC QH QS 1D 2D")
    assert tarot_analysis.tarot_bid(weak) is tarot.Bid.PASS
    assert tarot_analysis.tarot_count(strong) == 9 + 3 * 3 + 2 * 4  # 9 trumps, 3 bouts, 4 kings
    assert tarot_analysis.tarot_bid(strong) is tarot.Bid.GARDE_SANS
    for number in range(1, 6):
        _, hand = played_deal("tarot", "default", number)
        assert isinstance(hand, tarot.TarotState)
        assert not hand.chelem_declared
        bids = [b for _, b in auction(hand)]
        assert max(bids) is hand.contract


def test_belote_takes_only_with_the_jack_or_nine() -> None:
    hand = BELOTE_DECK.parse_many("7H 8H AS AD KC")
    assert belote_analysis.belote_bid(hand, Suit.HEARTS, C("AH")) == 0
    with_jack = BELOTE_DECK.parse_many("JH 8H AS 7D KC")
    assert belote_analysis.belote_bid(with_jack, Suit.HEARTS, C("QH")) == 3 + 1
    for name in (r.name for r in rulesets("belote")):
        _, hand_state = played_deal("belote", name, 2)
        taker = hand_state.taker  # type: ignore[attr-defined]
        trump = hand_state.trump  # type: ignore[attr-defined]
        dealt = [
            c for tr in hand_state.tricks for p in tr.plays if p.seat == taker for c in [p.card]
        ]
        assert any(c.suit is trump and c.rank in ("J", "9") for c in dealt)


def test_the_excuse_is_not_kept_for_the_last_trick() -> None:
    for number in range(1, 8):
        _, hand = played_deal("tarot", "default", number)
        last = hand.tricks[-1]
        assert Card.parse("EXC") not in last.cards or last.winner == last.leader


def test_the_tarot_count_is_made_of_trumps_bouts_and_kings() -> None:
    hand = [Card.parse(c) for c in ("T1", "T21", "EXC", "T5", "KH", "KS", "2C")]
    assert tarot_analysis.tarot_count_parts(hand) == (3, 3, 2)  # the Excuse is a bout, not a trump
    assert tarot_analysis.tarot_count(hand) == 3 + 3 * 3 + 2 * 2
    assert tarot_analysis.tarot_bid(hand) is tarot.Bid.GARDE  # 16 is a Garde's least count
    least = tarot_analysis.tarot_bid_thresholds()
    bids = [tarot.Bid.PRISE, tarot.Bid.GARDE, tarot.Bid.GARDE_SANS, tarot.Bid.GARDE_CONTRE]
    assert list(least) == bids
    assert list(least.values()) == sorted(least.values()) == [11, 16, 22, 27]


def test_the_discard_puts_away_the_richest_card_then_the_shortest_suit() -> None:
    """The rule the practice hint states: the richest other cards first; between cards
    worth the same, the one from the shorter suit."""
    seen = 0
    for seed in range(40):
        state = new_hand("tarot", rng=random.Random(seed))
        while not state.is_terminal and state.phase != "discard":
            state = state.apply(beginner.choose(state))
        while state.phase == "discard":
            hand = state.hands[state.taker]
            allowed = [a.card for a in state.legal_actions() if isinstance(a, tarot.Discard)]
            card = beginner.choose(state).card
            best = max(tarot.card_points(c) for c in allowed)
            assert tarot.card_points(card) == best
            length = sum(1 for c in hand if c.suit is card.suit)
            equal = [c for c in allowed if tarot.card_points(c) == best]
            assert length == min(sum(1 for c in hand if c.suit is e.suit) for e in equal)
            state = state.apply(tarot.Discard(card))
            seen += 1
    assert seen >= 12
