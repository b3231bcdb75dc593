"""The fast playout follows the same rules as the state machine (replayed and compared)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.engine import tarot
from tutorial.engine.cards import EXCUSE, TAROT_DECK, Card
from tutorial.engine.rule_options import Ruleset, rulesets
from tutorial.engine.tarot import CHELEM, NO_CHELEM, NO_POIGNEE, Discard, Poignee, TarotState

RULESETS: list[Ruleset] = [
    *rulesets("tarot"),
    tarot.get_ruleset("default", excuse_last_trick="goes_to_trick_winner"),
    tarot.get_ruleset("default", poignee_discards="never"),
]
IDS = [rs.name for rs in RULESETS]


def replay_from_the_deal(r: tarot.PlayoutResult, rs: Ruleset) -> TarotState:
    """Every action of the playout, applied to ``new_hand(deal=...)``; each must be legal."""
    s = tarot.new_hand(rs, deal=r.deal_cards, dealer=r.dealer)
    for bid in r.bid_list:
        s = s.apply(bid)
    for card in r.discard_cards:
        s = s.apply(Discard(card))
    if s.phase == "chelem":
        s = s.apply(CHELEM if r.chelem_declared else NO_CHELEM)
    shown = dict(r.poignees)
    asked = []
    for card in r.cards:
        while s.phase == "poignee":
            seat = s.to_move
            assert seat is not None
            asked.append(seat)
            level = shown.get(seat)
            offers = [a for a in s.legal_actions() if isinstance(a, Poignee)]
            [choice] = [a for a in offers if a.level == (level or "none")]
            s = s.apply(choice if level else NO_POIGNEE)
        s = s.apply(card)
    assert set(shown) <= set(asked)
    assert s.is_terminal
    return s


def replay_from_start_play(r: tarot.PlayoutResult, rs: Ruleset, first: TarotState) -> TarotState:
    """The card sequence, from ``start_play`` with the hands at trick 1 (``first`` ended)."""
    assert first.taker is not None and first.contract is not None
    s = tarot.start_play(
        _hands_at_trick_one(first),
        first.taker,
        first.contract,
        dealer=r.dealer,
        ruleset=rs,
        chien=first.chien,
        discard=first.discard if first.chien_shown else None,
        poignees=first.poignees,
        chelem_declared=first.chelem_declared,
    )
    for card in r.cards:
        s = s.apply(card)
    return s


def _hands_at_trick_one(end: TarotState) -> list[list[Card]]:
    """Each seat's hand at trick 1: the cards it played."""
    hands: list[list[Card]] = [[], [], [], []]
    for t in end.tricks:
        for p in t.plays:
            hands[p.seat].append(p.card)
    return hands


def agree(r: tarot.PlayoutResult, end: TarotState) -> None:
    out = end.outcome()
    assert out.details["result"] == r.result
    assert tuple(out.totals[tarot.seat_key(s)] for s in range(4)) == r.totals
    if r.result in ("petit_sec", "all_passed"):
        return
    d = out.details
    assert d["trick_winners"] == r.trick_winners
    assert (d["points"], d["defence_points"]) == (r.taker_points, r.defence_points)
    assert d["bouts"] == r.bouts
    assert d["per_defender"] == r.per_defender
    assert tuple(c for t in end.tricks for c in t.cards) == r.cards


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_the_playout_replays_through_the_state_machine(rs: Ruleset, seed: int) -> None:
    r = tarot.playout(random.Random(seed), rs, dealer=seed % 4)
    assert r.ruleset == rs.name
    end = replay_from_the_deal(r, rs)
    agree(r, end)
    if end.cancelled is None:
        agree(r, replay_from_start_play(r, rs, end))


def test_many_seeds_agree() -> None:
    rs = tarot.get_ruleset()
    for seed in range(300):
        r = tarot.playout(random.Random(seed), rs)
        agree(r, replay_from_the_deal(r, rs))


def test_the_figures_of_a_playout() -> None:
    r = tarot.playout(random.Random(2024))
    assert len(r.deal) == 78 and sorted(r.deal) == list(range(78))
    if r.result in ("made", "failed"):
        assert r.taker_points + r.defence_points == 91.0
        assert len(r.plays) == 72 and len(r.trick_winners) == 18
        assert sum(r.totals) == 0
    assert all(isinstance(c, Card) for c in r.cards)
    assert r.deal_cards[0] == TAROT_DECK[r.deal[0]]


def test_same_seed_same_playout() -> None:
    assert tarot.playout(random.Random(9)) == tarot.playout(random.Random(9))


def test_special_cases_occur() -> None:
    """Over many seeds the playout meets the rare branches the replay checks."""
    rs = tarot.get_ruleset()
    results = [tarot.playout(random.Random(seed), rs) for seed in range(2000)]
    kinds = {r.result for r in results}
    assert kinds == {"made", "failed", "petit_sec", "all_passed"}
    assert any(r.poignees for r in results)
    assert any(r.chelem_declared for r in results)
    assert any(TAROT_DECK.index(EXCUSE) in r.plays[-4:] for r in results if r.plays)


class _RiggedDeal(random.Random):
    """Lays out a given deck order and scripts the first draws (the playout's four bids:
    Garde by seat 1, then three passes); every later draw is random."""

    def __init__(self, seed: int, order: list[int]) -> None:
        super().__init__(seed)
        self.order = order
        self.script = [0.5, 0.0, 0.0, 0.0]

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        x[:] = [x[i] for i in self.order]  # x comes in deck order (cards or indices)

    def random(self) -> float:
        return self.script.pop(0) if self.script else super().random()


def _order_for(hands: tuple[tuple[Card, ...], ...], chien: tuple[Card, ...]) -> list[int]:
    """The deck order (top first) that ``deal_from_order`` with dealer 0 turns into these."""
    queues = [list(h) for h in hands]
    order = [queues[(1 + i // 3) % 4].pop(0) for i in range(72)]
    return [TAROT_DECK.index(c) for c in (*order, *chien)]


# Seat 1 holds the four Kings; with the chien it must discard two trumps (shown).
FOUR_KINGS = tarot.complete_deal(
    {
        0: "T15 T16 T17",
        1: "KS KH KD KC T1 T21 EXC T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12",
        2: "T18 T19",
        3: "T20",
    },
    chien="1S 2S 3S QH T13 T14",
)


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_the_four_kings_triple_poignee_agrees(rs: Ruleset) -> None:
    order = _order_for(*FOUR_KINGS)
    assert tarot.new_hand(deal=[TAROT_DECK[i] for i in order]).hands == tuple(
        tarot.sort_cards(h) for h in FOUR_KINGS[0]
    )
    triples = 0
    for seed in range(40):
        r = tarot.playout(_RiggedDeal(seed, order), rs)
        assert (r.taker, r.contract) == (1, tarot.Bid.GARDE)
        agree(r, replay_from_the_deal(r, rs))
        triples += (1, "triple") in r.poignees
    assert (triples > 0) == (rs.options.poignee_discards == "four_kings")
