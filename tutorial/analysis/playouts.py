"""Greedy playouts to the end of the hand on bitmasks (pure: never imports streamlit).

A :class:`Playout` plays a deal out from the mover's card: the opponents of the mover's
side play exactly the beginner's habits (``tutorial.analysis.beginner``: its leads, win
cheaply, give points to a winning partner, else throw the cheapest card), and so does
the mover's side, except in ``SEEING_SIDE_GAMES`` (Tarot), where it plays seeing the
deal (richest card into a trick its side holds safe, cheapest safe winner, else cheapest
card); Briscola's playouts draw from the deal's stock. The judge values a deal so when
it is too big to solve exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial.analysis import beginner
from tutorial.analysis.card_bits import CardBits, indices
from tutorial.analysis.goals import Goal
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.outcomes import Play

__all__ = ["SEEING_SIDE_GAMES", "Playout"]

#: Games whose playouts play the mover's side by ``Playout.pick_seeing`` (every hand of
#: the deal in view) rather than the beginner's habits: measured stronger in Tarot, where
#: the beginner's partners give points only as the trick's last card (``docs/strength.md``).
SEEING_SIDE_GAMES = frozenset({"tarot"})


class Playout:
    """Greedy playouts to the end of the hand on bitmasks (see ``CardBits``): the opponents
    of the mover's side play the beginner's habits (``bots``), the lead included (Belote:
    the taking side leads the Jack of trumps; Tarot: a King; the Petit kept back while a
    later seat could take it); so does the mover's side, except in ``SEEING_SIDE_GAMES``
    (or with ``seeing=False``), where it plays ``pick_seeing``."""

    def __init__(self, state: GameState, *, seeing: bool | None = None) -> None:
        self.seeing = state.game in SEEING_SIDE_GAMES if seeing is None else seeing
        bits = self.bits = CardBits(state)
        deck = bits.deck
        size = bits.size
        self.seat: int = state.to_move  # type: ignore[assignment]
        self.side = bits.team[self.seat]
        self.trick = [deck.index(p.card) for p in state.current_trick]
        self.leader = (self.seat - len(self.trick)) % bits.n
        trumps, pts, power = bits.trumps, bits.pts, bits.power
        # Keys: the cheapest card to throw away; the cheapest winner; a gift to a partner.
        self.cost = [pts[c] * 10_000 + power[c] for c in range(size)]
        if bits.excuse >= 0:
            self.cost[bits.excuse] = 15_000  # kept by its side: cheap, but not a nothing
        # A gift: not a trump, the most points, the first in the hand's order on a tie.
        self.gift = [
            (0 if trumps >> c & 1 else 1_000_000) + pts[c] * 1_000 - c for c in range(size)
        ]
        # The beginner's leads: the Jack of trumps for Belote's taking side, a King in Tarot.
        self.lead_first = [deck.mask(beginner.first_leads(state, s)) for s in range(bits.n)]
        self.petit = bits.petit
        # A gift seen safe: a plain card's points (or the Petit's: a bout saved), else the
        # lowest trump; the Excuse last.
        self.gift_seeing = [
            pts[c] * 1_000 - power[c] if not trumps >> c & 1 or c == bits.petit else -power[c]
            for c in range(size)
        ]
        if bits.excuse >= 0:
            self.gift_seeing[bits.excuse] = -1_000_000
        self.goal = Goal(state, bits)
        self._world_goal: tuple[GameState, Goal] | None = None

    def _legal(self, hand: int, trick: list[int]) -> tuple[int, int, int]:
        """(the winning card's place in ``trick``, ``hand``'s legal cards as a mask, the
        card it must play or -1): the only legal card, or the Excuse among the last two
        cards (never kept for the last trick, where it would be lost)."""
        bits = self.bits
        masks = bits.masks
        wpos = masks.winner(trick) if trick else 0
        legal = masks.legal(hand, trick, wpos)
        if not legal & (legal - 1):
            return wpos, legal, legal.bit_length() - 1
        excuse = bits.excuse
        if excuse >= 0 and hand.bit_count() == 2 and legal >> excuse & 1:
            return wpos, legal, excuse
        return wpos, legal, -1

    def pick(self, hand: int, trick: list[int], leader: int) -> int:
        """The beginner's habit on bitmasks (``beginner._card``)."""
        bits = self.bits
        masks = bits.masks
        wpos, legal, forced = self._legal(hand, trick)
        if forced >= 0:
            return forced
        excuse = bits.excuse
        cards = indices(legal)
        cost = self.cost
        n = bits.n
        seat = (leader + len(trick)) % n
        if not trick:
            first = legal & self.lead_first[seat]
            if first:
                return (first & -first).bit_length() - 1  # the first in the hand's order
            plain = [c for c in cards if not bits.trumps >> c & 1 and c != excuse]
            return min(plain or cards, key=cost.__getitem__)
        if n == 4 and trick[wpos] != excuse and bits.team[(leader + wpos) % n] == bits.team[seat]:
            if len(trick) == n - 1:
                return max(cards, key=self.gift.__getitem__)
            return min(cards, key=cost.__getitem__)
        winners = [c for c in cards if c != excuse and masks.takes_over(trick, wpos, c)]
        if self.petit >= 0 and len(trick) < n - 1 and len(winners) > 1:
            winners = [c for c in winners if c != self.petit]
        if winners:
            return min(winners, key=bits.power.__getitem__)
        return min(cards, key=cost.__getitem__)

    def _safe(
        self, hands: Sequence[int], trick: list[int], wpos: int, seat: int, leader: int
    ) -> bool:
        """Whether no opponent of ``seat`` still to play to ``trick`` (its card at ``wpos``
        winning so far) holds a card that would take it over."""
        bits = self.bits
        masks = bits.masks
        n = bits.n
        team = bits.team
        mine = team[seat]
        for k in range(len(trick), n):
            s = (leader + k) % n
            if team[s] == mine:
                continue
            legal = masks.legal(hands[s], trick, wpos)
            while legal:
                low = legal & -legal
                if masks.takes_over(trick, wpos, low.bit_length() - 1):
                    return False
                legal ^= low
        return True

    def pick_seeing(self, hands: Sequence[int], seat: int, trick: list[int], leader: int) -> int:
        """A greedy card for the mover's side that sees every hand of the deal: a trick
        its side holds safe (no opponent still to play can take it over) gets the
        richest card (``gift``: a plain card's points or the Petit's, else the lowest
        trump); else the cheapest card that wins it safe; else the cheapest card. A lead
        no opponent can take over is the richest such card; else the cheapest plain
        card."""
        bits = self.bits
        masks = bits.masks
        wpos, legal, forced = self._legal(hands[seat], trick)
        if forced >= 0:
            return forced
        excuse = bits.excuse
        cards = indices(legal)
        cost = self.cost
        if not trick:
            sure = []
            for c in cards:
                if c == excuse:
                    continue
                trick.append(c)
                if self._safe(hands, trick, 0, seat, seat):
                    sure.append(c)
                trick.pop()
            if sure:
                return max(sure, key=self.gift_seeing.__getitem__)
            plain = [c for c in cards if not bits.trumps >> c & 1 and c != excuse]
            return min(plain or cards, key=cost.__getitem__)
        ours = trick[wpos] != excuse and bits.team[(leader + wpos) % bits.n] == bits.team[seat]
        if ours and self._safe(hands, trick, wpos, seat, leader):
            return max(cards, key=self.gift_seeing.__getitem__)
        safe_winners = []
        for c in cards:
            if c == excuse or not masks.takes_over(trick, wpos, c):
                continue
            trick.append(c)
            if self._safe(hands, trick, len(trick) - 1, seat, leader):
                safe_winners.append(c)
            trick.pop()
        if safe_winners:
            return min(safe_winners, key=bits.power.__getitem__)
        return min(cards, key=cost.__getitem__)

    def run(
        self, world: GameState, card: Card, line: list[Play] | None = None
    ) -> tuple[float, float]:
        """(card points the mover's side takes from here on, the hand's score for that
        side: see ``Goal``) after ``card``, then the beginner's habits for every seat;
        ``line``, when given, receives every play from ``card`` on."""
        bits = self.bits
        deck = bits.deck
        hands = [deck.mask(h) for h in world.hands]
        start_hands = list(hands)
        trick = list(self.trick)
        stock = [deck.index(c) for c in world.draw_pile]
        leader, n, side = self.leader, bits.n, self.side
        team = bits.team
        rest = [0, 0]
        tricks = [0, 0]
        bouts = [0, 0]
        pab = -1
        tarot_game = self.petit >= 0
        seeing = self.seeing
        flags = bits.flags
        c = deck.index(card)
        seat = self.seat
        while True:
            hands[seat] ^= 1 << c
            trick.append(c)
            if line is not None:
                line.append(Play(seat, deck[c]))
            if len(trick) == n:
                last = not stock and not any(hands)
                first = leader
                leader, gain, flags = bits.judge(trick, leader, last, flags)
                rest[0] += gain[0]
                rest[1] += gain[1]
                wt = team[leader]
                tricks[wt] += 1
                if tarot_game:
                    for pos, x in enumerate(trick):
                        if x == 56 or x == 76:
                            bouts[wt] += 1
                            if x == 56 and last:
                                pab = wt
                        elif x == 77:
                            owner = team[(first + pos) % n]
                            # Led to the last trick and winning it (the side had won
                            # every trick), the Excuse stays with its side.
                            if last and not (pos == 0 and leader == first):
                                bouts[1 - owner if bits.to_opponents else wt] += 1
                            else:
                                bouts[owner] += 1
                if last:
                    break
                trick = []
                for i in range(n):
                    if stock:
                        hands[(leader + i) % n] |= 1 << stock.pop(0)
            seat = (leader + len(trick)) % n
            if seeing and team[seat] == side:
                c = self.pick_seeing(hands, seat, trick, leader)
            else:
                c = self.pick(hands[seat], trick, leader)
        scale = bits.scale
        pts = [rest[0] / scale, rest[1] / scale]
        score = self._goal_of(world).of_playout(start_hands, self.trick, pts, tricks, bouts, pab)
        return pts[side], score

    def _goal_of(self, world: GameState) -> Goal:
        """The goal on ``world`` (``Goal.for_world``), kept for the next card on it."""
        kept = self._world_goal
        if kept is None or kept[0] is not world:
            kept = self._world_goal = (world, self.goal.for_world(world))
        return kept[1]
