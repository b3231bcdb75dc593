"""Tarot's part of the analysis (see :mod:`tutorial.analysis.games`): the taker's score
(``TarotGoal``), the poignées and the chien a seat has seen, the bids read by the
beginner's count, the beginner's bids, discard and announcements, its King leads, the
judge's and the review's sizes, and the Excuse led to the last trick."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tutorial.analysis.card_bits import CardBits
from tutorial.analysis.games import (
    AnalysisPart,
    BeginnerHabits,
    Judging,
    Review,
    SeatKnowledge,
    Shown,
)
from tutorial.analysis.goals import Goal
from tutorial.analysis.knowledge import OUT, all_plays
from tutorial.analysis.solver import SolveRoot
from tutorial.engine import tarot
from tutorial.engine.actions import Action
from tutorial.engine.cards import TAROT_DECK, Card, Deck
from tutorial.engine.contract import GameState
from tutorial.engine.seats import Seat

__all__ = [
    "PART",
    "TAROT_BIDS",
    "TAROT_PRISE",
    "TarotGoal",
    "tarot_bid",
    "tarot_bid_thresholds",
    "tarot_count",
    "tarot_count_parts",
]


# --- The goal: the mover's own score ------------------------------------------------------


class TarotGoal(Goal):
    """Tarot's score for the mover's side (see ``Goal``)."""

    def __init__(self, state: tarot.TarotState, bits: CardBits) -> None:
        super().__init__(state, bits)
        assert state.taker is not None and state.contract is not None
        tally = tarot.tally(state)
        self.set_team = state.set_aside_team
        self.done = list(tally.points)
        self.bouts = [len(b) for b in tally.bouts]
        for c in state.set_aside:  # its points and bouts are counted by difference
            self.done[self.set_team] -= tarot.card_points(c)
            self.bouts[self.set_team] -= c in tarot.BOUTS
        mult = state.contract.multiplier
        self.poignee = sum(p.bonus for _, p in state.poignees) / mult
        # The mover's own score: a defender's payment is the base times the contract's
        # multiplier; the taker's, that of every defender.
        taker_side = bits.team[state.taker]
        self.unit = float(mult * (bits.n - 1 if self.side == taker_side else 1))
        self.to_opponents = bits.to_opponents
        self.done_bouts_played = sum(self.bouts)

    def _tarot(self, taker_pts: float, taker_bouts: int, pab: int) -> float:
        diff = taker_pts - tarot.TARGETS[min(3, max(0, taker_bouts))]
        # Made from a margin of 0 (half-points: failed from -0.5): the 25 and the
        # poignées won or lost with the contract.
        sign = 1.0 if diff >= 0 else -1.0
        u = diff + sign * (25 + self.poignee)
        if pab >= 0:
            u += 10 if pab == tarot.TAKER_TEAM else -10
        u *= self.unit
        return u if self.side == tarot.TAKER_TEAM else -u

    def _set_aside_bouts(self, hands: Sequence[int], trick: Sequence[int]) -> int:
        """The bouts out of play in this deal (the discard or chien): the three bouts less
        those played, in a hand or in the current trick."""
        live = 0
        for h in hands:
            live |= h
        for c in trick:
            live |= 1 << c
        in_play = sum(1 for b in (56, 76, 77) if live >> b & 1)
        return 3 - self.done_bouts_played - in_play

    def of_playout(
        self,
        hands: Sequence[int],
        trick: Sequence[int],
        rest: Sequence[float],
        tricks: Sequence[int],
        bouts: Sequence[int],
        pab: int,
    ) -> float:
        """The hand's score once a playout is over (see ``Goal.of_playout``)."""
        st = self.set_team
        other = 1 - st
        final = [0.0, 0.0]
        final[other] = self.done[other] + rest[other]
        final[st] = 91.0 - final[other]
        tb = self.bouts[0] + bouts[0]
        if st == tarot.TAKER_TEAM:
            tb += self._set_aside_bouts(hands, trick)
        return self._tarot(final[tarot.TAKER_TEAM], tb, pab)

    def petit_bonus(self, hands: Sequence[int], trick: Sequence[int]) -> int:
        """What taking the Petit is worth to the taker beyond its points (the target it
        lowers), in the solver's half-points; 0 when the Petit is out of play."""
        live = 0
        for h in hands:
            live |= h
        for c in trick:
            live |= 1 << c
        if not live >> 56 & 1:
            return 0
        tb = self.taker_bouts_but_petit(hands, trick)
        return int(2 * (tarot.TARGETS[tb] - tarot.TARGETS[tb + 1]))

    def taker_bouts_but_petit(self, hands: Sequence[int], trick: Sequence[int]) -> int:
        """The taker's bouts at the end, the Petit left out: those won, the set-aside's,
        and the 21 and the Excuse when a taker's card (the 21 always wins its trick; the
        Excuse stays with its side, the last trick aside)."""
        tb = self.bouts[tarot.TAKER_TEAM]
        if self.set_team == tarot.TAKER_TEAM:
            tb += self._set_aside_bouts(hands, trick)
        bits = self.bits
        for s, h in enumerate(hands):
            if bits.team[s] == tarot.TAKER_TEAM:
                tb += (h >> 76 & 1) + (h >> 77 & 1)
        return min(2, max(0, tb))

    def solve_terms(self, root: SolveRoot) -> tuple[int, int]:
        """The Petit is searched as worth its points plus the target it lowers for the
        taker (``petit_bonus``), so the search fights for it as the score does."""
        tb = self.taker_bouts_but_petit(root.hands, root.trick)
        bonus = self.petit_bonus(root.hands, root.trick)
        if bonus:
            pts = list(root.rules.pts)
            pts[56] += bonus
            root.rules = root.rules.with_points(pts)
        return bonus, tb

    def of_solve(
        self,
        mine: float,
        total: float,
        bonus: float = 0.0,
        tb: int = 0,
        swept: int | None = None,
    ) -> float:
        """The hand's score from an exact value (see ``Goal.of_solve``)."""
        side = self.side
        rest = [0.0, 0.0]
        rest[side] = mine
        rest[1 - side] = total - mine
        st = self.set_team
        other = 1 - st
        # In points "as if" the Petit's bonus were card points of its taker.
        if st == tarot.TAKER_TEAM:
            taker = 91.0 + bonus - (self.done[other] + rest[other])
        else:
            taker = self.done[tarot.TAKER_TEAM] + rest[tarot.TAKER_TEAM]
        return self._tarot(taker, tb, -1)


# --- The beginner: its count, its bids, the discard, the announcements ------------------

#: Tarot hand counts for each contract (trumps + 3 a bout + 2 a king).
TAROT_BIDS = ((27, tarot.Bid.GARDE_CONTRE), (22, tarot.Bid.GARDE_SANS), (16, tarot.Bid.GARDE))
TAROT_PRISE = 11


def tarot_count_parts(hand: Sequence[Card]) -> tuple[int, int, int]:
    """What the hand's count is made of: (trumps, bouts, kings) held."""
    trumps = sum(1 for c in hand if tarot.is_trump(c))
    bouts = sum(1 for c in hand if tarot.is_bout(c))
    kings = sum(1 for c in hand if c.rank == "K" and not tarot.is_trump(c))
    return trumps, bouts, kings


def tarot_count(hand: Sequence[Card]) -> int:
    """The hand's count: one a trump, three more a bout, two a king."""
    trumps, bouts, kings = tarot_count_parts(hand)
    return trumps + 3 * bouts + 2 * kings


def tarot_bid_thresholds() -> dict[tarot.Bid, int]:
    """The least count for each contract, lowest contract first."""
    return {tarot.Bid.PRISE: TAROT_PRISE, **{bid: least for least, bid in reversed(TAROT_BIDS)}}


def tarot_bid(hand: Sequence[Card]) -> tarot.Bid:
    """The contract a hand is worth (``Bid.PASS`` when too weak)."""
    count = tarot_count(hand)
    for least, bid in TAROT_BIDS:
        if count >= least:
            return bid
    return tarot.Bid.PRISE if count >= TAROT_PRISE else tarot.Bid.PASS


def _outside_play(state: GameState, legal: Sequence[Action]) -> Action:
    """The bid by the count, no chelem, the taker's poignée when it holds one, and the
    discard: the richest card; between equals, the one of the shortest suit."""
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    if state.phase == "bidding":
        want = tarot_bid(hand)
        return want if want in legal else tarot.Bid.PASS
    if state.phase == "chelem":
        return tarot.NO_CHELEM
    if state.phase == "poignee":
        shows = [a for a in legal if isinstance(a, tarot.Poignee) and a.level != "none"]
        if shows and seat == state.taker:
            return max(shows, key=lambda p: p.size)
        return tarot.NO_POIGNEE
    # The discard: the richest card; between equals, the one of the shortest suit.
    discards = [a for a in legal if isinstance(a, tarot.Discard)]

    def length(card: Card) -> int:
        return sum(1 for c in hand if c.suit is card.suit)

    return max(
        discards,
        key=lambda d: (tarot.card_points(d.card), -length(d.card), -tarot.rank_value(d.card)),
    )


_KINGS = frozenset(c for c in TAROT_DECK if c.rank == "K" and not tarot.is_trump(c))


def _first_leads(state: GameState, seat: Seat) -> frozenset[Card]:
    """A King leads."""
    return _KINGS


# --- What a seat knows: the poignées, the chien, the bids ---------------------------------


def _shown(
    pub: Mapping[str, Any], me: Seat, played: list[Card], deck: Deck, fixed: list[set[Card]]
) -> Shown:
    """The poignées shown, and the chien when it was shown."""
    ambiguous: set[Card] = set()
    allowed_extra: dict[Card, frozenset[int]] = {}
    out_forbidden: set[Card] = set()
    taker = pub["taker"]
    gone = set(played)
    for s, _level, cards in pub["poignees"]:
        if s != me:
            fixed[s].update(c for c in cards if c not in gone)
    chien = pub["chien"]
    if chien is not None:
        # The chien went to the taker, who discarded: never a King, a trump or the
        # Excuse unseen (a trump discarded is shown).
        out_forbidden = {c for c in deck if c.rank == "K" or tarot.is_trump(c)}
        if taker != me:
            shown = set(pub["shown_discards"])
            for c in chien:
                if c not in gone and c not in shown and c not in fixed[taker]:
                    ambiguous.add(c)
                    allowed_extra[c] = frozenset({taker, OUT})
    return ambiguous, allowed_extra, out_forbidden


def _bid_rule(
    state: tarot.TarotState, me: Seat
) -> Callable[[Mapping[int, list[Card]]], bool] | None:
    """Each hidden seat's hand as dealt fits its bid by the beginner's count (the
    computer players bid by it): the taker's counts at least its contract's least count
    (the chien shown and taken is no part of the hand it bid on); a seat that passed
    holds no hand the count would have bid higher than the bids before its pass."""
    if state.taker is None:
        return None
    obs = state.observe(me)
    chien = obs.public["chien"]
    least = tarot_bid_thresholds()
    played: dict[Seat, list[Card]] = {}
    for _, p in all_plays(state):
        played.setdefault(p.seat, []).append(p.card)
    # Per hidden seat: (seat, cards of its hand as dealt seen so far, cards to take out,
    # the least count it holds or None, the highest bid its count may give or None).
    rules: list[tuple[Seat, list[Card], set[Card], int | None, tarot.Bid | None]] = []
    top = tarot.Bid.PASS
    for seat, bid in state.seated_bids():
        if seat != me and seat == state.taker and bid is not tarot.Bid.PASS:
            seen = [*played.get(seat, ()), *obs.public["shown_discards"]]
            taken = set(chien) if chien is not None else set()
            rules.append((seat, seen, taken, least[bid], None))
        elif seat != me and bid is tarot.Bid.PASS:
            rules.append((seat, played.get(seat, []), set(), None, top))
        top = max(top, bid)
    if not rules:
        return None

    def tarot_ok(deal: Mapping[int, list[Card]]) -> bool:
        for seat, seen, taken, need, cap in rules:
            hand = [c for c in (*seen, *deal.get(seat, ())) if c not in taken]
            if need is not None and tarot_count(hand) < need:
                return False
            if cap is not None and tarot_bid(hand) > cap:
                return False
        return True

    return tarot_ok


PART = AnalysisPart(
    goal=TarotGoal,
    knows=SeatKnowledge(shown=_shown, bid_rule=_bid_rule),
    beginner=BeginnerHabits(outside_play=_outside_play, first_leads=_first_leads),
    # Five tricks left; the playouts play the mover's side seeing the deal.
    judging=Judging(
        solve_cards=20, solve_draws=0, playouts_see_the_deal=True, values_with_draws=None
    ),
    # Tarot's nodes cost about twice Belote's.
    review=Review(node_budget=150_000, solve_cards=28),
    trick_sentences={tarot.EXCUSE_WINS_LAST_TRICK: "player.why.excuse_wins_last"},
)
