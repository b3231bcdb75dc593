"""Exact values of every legal card when every hand is known (double-dummy analysis).

The value of a card, for the seat to move, is the card points its side takes from the
tricks still to play (the current trick included) when every seat plays its best from
then on: Belote's dix de der (10 for the last trick) counts, Tarot's Excuse goes where the
engine sends it (kept by its owner's side with the 0.5 exchange before the last trick;
the last-trick rules and the chelem exception after), Briscola counts its card points.
Declarations, belote-rebelote, Tarot bonuses and the points already won are left out:
they do not depend on the cards still to play.

The search runs on the engine's private bitmask tables (``_fast_*.py``): each legal
card's exact value comes from null-window alpha-beta tests (galloping from the previous
card's value, then halving the bracket) that share a transposition table of bounds,
keyed at each trick's start on the cards still out, the leader and (Tarot) who has won
every trick so far; equivalent cards (adjacent in rank in one suit, with no card between
them still in play, and worth the same) are searched once; follows are ordered
cheapest-winner first; with two tricks to go (four seats, a beats table) one loop gives
the exact value, memoized. A node and time budget raises ``SolverBudgetExceeded``
instead of blocking.

Briscola is solved here once the stock is empty (every card is then known); earlier
positions raise ``UnsolvablePosition`` (``briscola_expect.solve_expected`` averages over
the stock's orders).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from tutorial.engine import belote, briscola, tarot
from tutorial.engine._fast_belote import _SUIT_MASK as _BELOTE_SUIT_MASK
from tutorial.engine._fast_tarot import _ABOVE, _EXCUSE, _LED, _PTS2, _TRUMPS
from tutorial.engine.cards import (
    BELOTE_DECK,
    BRISCOLA_DECK,
    PLAIN_SUITS,
    TAROT_DECK,
    Card,
    Deck,
)
from tutorial.engine.core import GameState, Play

#: Nodes (a seat choosing a card) searched before giving up, by default (2-4 s of search here).
DEFAULT_NODE_BUDGET = 1_000_000
#: Seconds of search before giving up, by default.
DEFAULT_TIME_BUDGET = 5.0

_INF = 1 << 30


class SolverBudgetExceeded(Exception):
    """The search needed more nodes or time than its budget: the values are unknown."""


class UnsolvablePosition(ValueError):
    """The position is not one the solver handles (not in play, or cards still unknown)."""


# --- The rules of each game on bitmasks ------------------------------------------------


class _Rules:
    """One game's play rules on card indices: legal cards, trick winner, points, sides."""

    n: int
    team: tuple[int, ...]
    pts: Sequence[int]  # per card index, in the solver's unit
    scale: int  # solver units per card point (2 for Tarot's half-points)
    bonus_last: int  # Belote's dix de der
    orders: tuple[tuple[int, ...], ...]  # per suit group: card indices, weakest first
    group_masks: tuple[int, ...]

    @property
    def rank(self) -> dict[int, int]:
        """Each card's place in its group, weakest 0 (computed once)."""
        cached: dict[int, int] | None = getattr(self, "_rank", None)
        if cached is None:
            cached = {c: i for order in self.orders for i, c in enumerate(order)}
            self._rank = cached
        return cached

    def legal(self, hand: int, trick: list[int], wpos: int) -> int:
        """The cards of ``hand`` that may be played to ``trick`` (``wpos``: winning so far)."""
        raise NotImplementedError

    def winner(self, trick: list[int]) -> int:
        """The position in the (partial) trick of the card winning it so far."""
        raise NotImplementedError

    def takes_over(self, trick: list[int], wpos: int, card: int) -> bool:
        """Whether ``card``, played now, would win the trick (``wpos``: winning so far)."""
        trick.append(card)
        try:
            return self.winner(trick) == len(trick) - 1
        finally:
            trick.pop()

    def judge(self, trick: list[int], leader: int, last: bool, flags: int) -> tuple[int, int, int]:
        """(winner seat, points for side 0, new flags) of a complete trick."""
        w = (leader + self.winner(trick)) % self.n
        pts = self.pts
        total = 0
        for c in trick:
            total += pts[c]
        if last:
            total += self.bonus_last
        return w, total if self.team[w] == 0 else 0, flags

    def judge_at(
        self, trick: list[int], leader: int, wpos: int, last: bool, flags: int
    ) -> tuple[int, int, int]:
        """As ``judge``, knowing the place ``wpos`` of the card that wins by rank."""
        return self.judge(trick, leader, last, flags)


def _power_orders(
    cards: int, group_of: Sequence[int], beats: Any
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Per group, the cards weakest first (by how many of their group they beat)."""
    groups: dict[int, list[int]] = {}
    for c in range(cards):
        groups.setdefault(group_of[c], []).append(c)
    orders = []
    masks = []
    for g in sorted(groups):
        members = groups[g]
        members.sort(key=lambda c: sum(1 for x in members if x != c and beats(x, c)))
        orders.append(tuple(members))
        m = 0
        for c in members:
            m |= 1 << c
        masks.append(m)
    return tuple(orders), tuple(masks)


class _TableRules(_Rules):
    """Rules whose trick winner comes from a ``beats[winner * size + card]`` table."""

    size: int
    beats: Sequence[bool]

    def winner(self, trick: list[int]) -> int:
        beats, size = self.beats, self.size
        w = trick[0]
        wpos = 0
        for pos in range(1, len(trick)):
            c = trick[pos]
            if beats[w * size + c]:
                w = c
                wpos = pos
        return wpos

    def takes_over(self, trick: list[int], wpos: int, card: int) -> bool:
        return bool(self.beats[trick[wpos] * self.size + card])

    def judge_at(
        self, trick: list[int], leader: int, wpos: int, last: bool, flags: int
    ) -> tuple[int, int, int]:
        w = (leader + wpos) % self.n
        pts = self.pts
        total = self.bonus_last if last else 0
        for c in trick:
            total += pts[c]
        return w, total if self.team[w] == 0 else 0, flags


class _BeloteRules(_TableRules):
    def __init__(self, state: belote.BeloteState) -> None:
        assert state.trump is not None
        trump = PLAIN_SUITS.index(state.trump)
        tables = belote._FAST_TABLES
        self.n = 4
        self.size = 32
        self.team = (0, 1, 0, 1)
        self.beats = tables.beats[trump]
        self.higher = tables.higher[trump]
        self.pts = tables.points[trump]
        self.scale = 1
        self.bonus_last = belote.DIX_DE_DER
        self.tmask = _BELOTE_SUIT_MASK[trump]
        self.trump = trump
        opts = state.options
        self.free = opts.partner_winning == "free"
        self.undertrump = opts.cannot_overtrump == "must_trump"
        beats = self.beats
        self.orders, self.group_masks = _power_orders(
            32, [c >> 3 for c in range(32)], lambda w, c: beats[w * 32 + c]
        )

    def legal(self, hand: int, trick: list[int], wpos: int) -> int:
        if not trick:
            return hand
        w = trick[wpos]
        led = trick[0] >> 3
        tmask = self.tmask
        if led == self.trump:
            tr = hand & tmask
            return (tr & self.higher[w]) or tr or hand
        legal = hand & _BELOTE_SUIT_MASK[led]
        if legal:
            return legal
        tr = hand & tmask
        if not tr:
            return hand
        if wpos == len(trick) - 2:
            return hand if self.free else tr
        if w >> 3 == self.trump:
            return (tr & self.higher[w]) or (tr if self.undertrump else hand)
        return tr


class _BriscolaRules(_TableRules):
    def __init__(self, state: briscola.BriscolaState) -> None:
        opts = state.ruleset.options
        assert isinstance(opts, briscola.BriscolaOptions)
        tables, points = briscola._fast_tables(opts)
        trump = PLAIN_SUITS.index(state.trump_suit)
        self.n = state.num_players
        self.size = 40
        self.team = tuple(state.team_of(s) if self.n == 4 else s for s in range(self.n))
        self.beats = tables[trump]
        self.pts = points
        self.scale = 1
        self.bonus_last = 0
        beats = self.beats
        self.orders, self.group_masks = _power_orders(
            40, [c // 10 for c in range(40)], lambda w, c: beats[w * 40 + c]
        )

    def legal(self, hand: int, trick: list[int], wpos: int) -> int:
        return hand


_EXC_BIT = 1 << _EXCUSE


class _TarotRules(_Rules):
    def __init__(self, state: tarot.TarotState) -> None:
        assert state.taker is not None
        self.n = 4
        self.team = tuple(state.team_of(s) for s in range(4))
        self.pts = _PTS2
        self.scale = 2
        self.bonus_last = 0
        opts = state.ruleset.options
        assert isinstance(opts, tarot.TarotOptions)
        self.to_opponents = opts.excuse_last_trick == tarot.EXCUSE_TO_OPPONENTS

        def beats(w: int, c: int) -> bool:
            return c > w  # within one group a higher index is a higher card

        self.orders, self.group_masks = _power_orders(
            78, [min(c // 14, 4) if c < 77 else 5 for c in range(78)], beats
        )

    def _led_above(self, trick: list[int]) -> tuple[int, int]:
        led = 0
        top = -1
        for c in trick:
            if not led:
                led = _LED[c]
            if 56 <= c < 77 and c > top:
                top = c
        return led, (_ABOVE[top] if top >= 0 else _TRUMPS)

    def winner(self, trick: list[int]) -> int:
        best = -1
        wpos = 0
        trumped = False
        led = 0
        for pos, c in enumerate(trick):
            if c == _EXCUSE:
                continue
            if c >= 56:
                if not trumped or c > best:
                    best, wpos, trumped = c, pos, True
            elif not trumped:
                if not led:
                    led = _LED[c]
                    best, wpos = c, pos
                elif (1 << c) & led and c > best:
                    best, wpos = c, pos
        return wpos

    def takes_over(self, trick: list[int], wpos: int, card: int) -> bool:
        if card == _EXCUSE:
            return False
        w = trick[wpos]
        if w == _EXCUSE:  # only the Excuse was played: the next card sets the trick
            return True
        if card >= 56:
            return w < 56 or card > w
        return w < 56 and card > w and (1 << card) & _LED[w] != 0

    def legal(self, hand: int, trick: list[int], wpos: int) -> int:
        led, above = self._led_above(trick)
        if not led:
            return hand
        f = hand & led
        if f:
            if led == _TRUMPS:
                g = f & above
                if g:
                    f = g
            return f | (hand & _EXC_BIT)
        f = hand & _TRUMPS
        if f:
            g = f & above
            return (g or f) | (hand & _EXC_BIT)
        return hand

    def judge(self, trick: list[int], leader: int, last: bool, flags: int) -> tuple[int, int, int]:
        team = self.team
        pts = self.pts
        total = 0
        for c in trick:
            total += pts[c]
        exc_pos = trick.index(_EXCUSE) if _EXCUSE in trick else -1
        # Rule: the Excuse led to the last trick by a side that won every trick wins it.
        exception = last and exc_pos == 0 and bool(flags >> team[leader] & 1)
        w = leader if exception else (leader + self.winner(trick)) % 4
        wt = team[w]
        gain = [0, 0]
        gain[wt] = total
        if exc_pos >= 0 and not exception:
            owner = team[(leader + exc_pos) % 4]
            if not last:
                if owner != wt:  # the owner keeps the Excuse and gives half a point
                    gain[wt] -= 8
                    gain[owner] += 8
            else:
                dest = 1 - owner if self.to_opponents else wt
                if dest != wt:
                    gain[wt] -= 9
                    gain[dest] += 9
        # Who has won every trick so far (bit per side).
        flags &= 1 << wt
        return w, gain[0], flags


# --- The search --------------------------------------------------------------------------


class _Group:
    """One group of cards that compare with each other (a suit, the trumps, the Excuse),
    laid out contiguously in the deck, with its equivalent-card merging memoized."""

    __slots__ = ("full", "mask", "merge", "order", "pts", "shift", "width")

    def __init__(self, order: Sequence[int], pts: Sequence[int]) -> None:
        self.shift = min(order)
        self.width = max(order) - self.shift + 1
        if self.width != len(order):  # pragma: no cover - every deck is laid out by group
            raise ValueError("a group of cards must be contiguous in the deck")
        self.mask = (1 << self.width) - 1
        self.full = self.mask << self.shift  # the group's cards in the deck
        self.order = tuple(c - self.shift for c in order)  # local indices, weakest first
        self.pts = tuple(pts[c] for c in order)  # by place in the order
        self.merge: dict[int, tuple[int, ...]] = {}

    def reps(self, live: int, legal: int) -> tuple[int, ...]:
        """The legal cards worth searching (deck indices), weakest first: of cards
        adjacent in the order among ``live`` (no live card between them) and worth the
        same, only the weakest."""
        out: list[int] = []
        gap = True
        prev_pts = -1
        order, pts = self.order, self.pts
        for i, c in enumerate(order):
            b = 1 << c
            if legal & b:
                if gap or pts[i] != prev_pts:
                    out.append(c + self.shift)
                prev_pts = pts[i]
                gap = False
            elif live & b:
                gap = True
        reps = tuple(out)
        self.merge[live << self.width | legal] = reps
        return reps

    def members(self, live: int, legal: int, rep: int) -> int:
        """The local mask of the legal cards that ``rep`` stands for (see ``reps``)."""
        order, pts = self.order, self.pts
        out = 0
        inside = False
        p = 0
        for i, c in enumerate(order):
            b = 1 << c
            if c == rep:
                inside, out, p = True, b, pts[i]
            elif inside:
                if legal & b and pts[i] == p:
                    out |= b
                elif legal & b or live & b:
                    break
        return out


def _groups(rules: _Rules) -> tuple[_Group, ...]:
    """The rules' card groups (cached on the rules' tables, shared between solves)."""
    key = (rules.orders, tuple(rules.pts))
    groups = _GROUPS.get(key)
    if groups is None:
        if len(_GROUPS) > 64:
            _GROUPS.clear()
        groups = tuple(_Group(order, rules.pts) for order in rules.orders)
        _GROUPS[key] = groups
    return groups


def _bits(mask: int) -> list[int]:
    """The card indices in ``mask``."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_GROUPS: dict[tuple[object, ...], tuple[_Group, ...]] = {}
#: Memo entries per group past which the memo is emptied (bounds the memory used).
_MEMO_LIMIT = 200_000


class _Solver:
    """Alpha-beta with null windows over one deal; the transposition table (bounds at
    each trick's start) lives as long as the object."""

    def __init__(
        self, rules: _Rules, hands: list[int], node_budget: int, time_budget: float
    ) -> None:
        self.rules = rules
        self.hands = hands
        self.n = rules.n
        self.groups = _groups(rules)
        self.group_of = [self.groups[0]] * len(rules.pts)
        for g in self.groups:
            for c in range(g.shift, g.shift + g.width):
                self.group_of[c] = g
        for g in self.groups:
            if len(g.merge) > _MEMO_LIMIT:
                g.merge.clear()
        self.tt: dict[tuple[int, int], tuple[int, int]] = {}
        self.hint: dict[tuple[int, int], int] = {}
        self.two_tt: dict[tuple[int, int], int] = {}
        self.team = rules.team
        self.pts = rules.pts
        self.bonus_last = rules.bonus_last
        self.table = isinstance(rules, _TableRules)
        self.beats: Sequence[bool] | None = None
        self.size = 0
        if isinstance(rules, _TableRules):
            self.beats = rules.beats
            self.size = rules.size
        self.two = self.beats is not None and self.n == 4
        self.nodes = 0  # seats choosing a card (as many as plain alpha-beta's nodes)
        self.starts = 0  # searches at a trick's start
        self.node_budget = node_budget
        self.deadline = time.perf_counter() + time_budget
        rank = rules.rank
        pts = rules.pts
        self.lead_weight = [-rank.get(c, 0) - 2 * pts[c] for c in range(len(pts))]

    def _over_budget(self) -> None:
        if self.nodes > self.node_budget or time.perf_counter() > self.deadline:
            raise SolverBudgetExceeded(f"more than {self.nodes} nodes or the time budget")

    def key(self, leader: int, flags: int) -> tuple[int, int]:
        """The position at a trick's start: the cards still out (the deal says whose they
        are), the leader and the flags."""
        live = 0
        for h in self.hands:
            live |= h
        return live, leader | flags << 3

    def moves(self, legal: int, live: int) -> list[int]:
        """The legal cards worth searching (one per set of equivalent cards)."""
        if not legal & (legal - 1):
            return [legal.bit_length() - 1]
        g = self.group_of[(legal & -legal).bit_length() - 1]
        if not legal & ~g.full:  # one group (following suit): the common case
            s, m = g.shift, g.mask
            lg = legal >> s
            lv = live >> s & m
            reps = g.merge.get(lv << g.width | lg)
            if reps is None:
                reps = g.reps(lv, lg)
            return list(reps)
        out: list[int] = []
        for g in self.groups:
            s, m = g.shift, g.mask
            lg = legal >> s & m
            if lg:
                lv = live >> s & m
                reps = g.merge.get(lv << g.width | lg)
                if reps is None:
                    reps = g.reps(lv, lg)
                out.extend(reps)
        return out

    def members(self, card: int, legal: int, live: int) -> int:
        """The legal cards equivalent to ``card`` (``card`` included), as a mask."""
        for g in self.groups:
            s = g.shift
            if s <= card < s + g.width:
                local = g.members(live >> s & g.mask, legal >> s & g.mask, card - s)
                return local << s
        raise AssertionError(card)  # pragma: no cover

    def search(self, leader: int, flags: int, alpha: int, beta: int, left: int) -> int:
        """Points for side 0 from this trick's start to the end under best play
        (fail-soft alpha-beta); ``left`` is every point still to be taken, so the value
        is in ``[0, left]``."""
        if left <= alpha:
            return left
        if beta <= 0:
            return 0
        self.starts += 1
        if not self.starts & 255 or self.nodes > self.node_budget:
            self._over_budget()
        hands = self.hands
        n = self.n
        h = hands[leader]
        if not h & (h - 1):
            # The last trick: every card is forced.
            last_trick = [hands[(leader + i) % n].bit_length() - 1 for i in range(n)]
            return self.rules.judge(last_trick, leader, True, flags)[1]
        key = self.key(leader, flags)
        if self.two and h.bit_count() == 2:
            # Two tricks to go: their exact value, computed once.
            v = self.two_tt.get(key)
            if v is None:
                v = self.two_tricks(leader)
                self.two_tt[key] = v
            return v
        entry = self.tt.get(key)
        if entry is not None:
            lo, hi = entry
            if lo >= beta:
                return lo
            if hi <= alpha or lo == hi:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi = 0, left
        v = self.play([], leader, flags, 0, alpha, beta, left, key[0], 0, key)
        if v <= alpha:
            if v < hi:
                hi = v
        elif v >= beta:
            if v > lo:
                lo = v
        else:
            lo = hi = v
        self.tt[key] = (lo, hi)
        return v

    def two_tricks(self, leader: int) -> int:
        """Side 0's exact points from the last two tricks (four seats, a ``beats``
        table: Belote, Briscola with four players), by a plain minimax without calls."""
        hands = self.hands
        team = self.team
        pts = self.pts
        beats = self.beats
        assert beats is not None
        size = self.size
        legal_of = self.rules.legal
        bonus = self.bonus_last
        s0, s1, s2, s3 = leader, (leader + 1) % 4, (leader + 2) % 4, (leader + 3) % 4
        h0, h1, h2, h3 = hands[s0], hands[s1], hands[s2], hands[s3]
        max0, max1, max2, max3 = (team[s] == 0 for s in (s0, s1, s2, s3))
        seats = (s0, s1, s2, s3)
        best0 = -1 if max0 else _INF
        m0 = h0
        while m0:
            b0 = m0 & -m0
            m0 ^= b0
            c0 = b0.bit_length() - 1
            r0 = h0 ^ b0
            best1 = -1 if max1 else _INF
            m1 = legal_of(h1, [c0], 0)
            while m1:
                b1 = m1 & -m1
                m1 ^= b1
                c1 = b1.bit_length() - 1
                w1, wc1 = (1, c1) if beats[c0 * size + c1] else (0, c0)
                best2 = -1 if max2 else _INF
                m2 = legal_of(h2, [c0, c1], w1)
                while m2:
                    b2 = m2 & -m2
                    m2 ^= b2
                    c2 = b2.bit_length() - 1
                    w2, wc2 = (2, c2) if beats[wc1 * size + c2] else (w1, wc1)
                    best3 = -1 if max3 else _INF
                    m3 = legal_of(h3, [c0, c1, c2], w2)
                    rest = (r0, h1 ^ b1, h2 ^ b2)
                    for c3 in _bits(m3):
                        w3 = 3 if beats[wc2 * size + c3] else w2
                        ws = seats[w3]
                        g = pts[c0] + pts[c1] + pts[c2] + pts[c3]
                        v = g if team[ws] == 0 else 0
                        # The last trick, led by ``ws``: every card forced.
                        last = (*rest, h3 ^ (1 << c3))
                        lead_i = w3
                        wc = last[lead_i].bit_length() - 1
                        wl = ws
                        g = pts[wc] + bonus
                        for i in (1, 2, 3):
                            c = last[(lead_i + i) % 4].bit_length() - 1
                            g += pts[c]
                            if beats[wc * size + c]:
                                wc, wl = c, (ws + i) % 4
                        if team[wl] == 0:
                            v += g
                        if (v > best3) if max3 else (v < best3):
                            best3 = v
                    if (best3 > best2) if max2 else (best3 < best2):
                        best2 = best3
                if (best2 > best1) if max1 else (best2 < best1):
                    best1 = best2
            if (best1 > best0) if max0 else (best1 < best0):
                best0 = best1
        return best0

    def play(
        self,
        trick: list[int],
        leader: int,
        flags: int,
        wpos: int,
        alpha: int,
        beta: int,
        left: int,
        live: int,
        tp: int,
        key: tuple[int, int] | None = None,
    ) -> int:
        """Like ``search``, inside a trick: ``trick`` holds the cards played to it so far
        (``wpos`` the place of the one winning, ``tp`` their points); ``live`` is every
        card in the hands or in the trick (the same through a trick)."""
        self.nodes += 1  # a node: a seat choosing a card
        rules = self.rules
        hands = self.hands
        n = self.n
        team = self.team
        pos = len(trick)
        seat = (leader + pos) % n
        hand = hands[seat]
        legal = rules.legal(hand, trick, wpos)
        takes_over = rules.takes_over
        closing = pos + 1 == n
        beats = self.beats
        size = self.size
        if legal & (legal - 1):
            moves = self.moves(legal, live)
            if len(moves) > 1:
                if pos == 0:
                    moves.sort(key=self.lead_weight.__getitem__)
                    if key is not None:
                        hint = self.hint.get(key, -1)
                        if hint >= 0 and hint in moves:
                            moves.remove(hint)
                            moves.insert(0, hint)
                else:
                    # Against the opponents: the cheapest winning card, else the cheapest
                    # card. To a partner winning: not overtaking, the richest card last to
                    # play, else the cheapest; overtaking last.
                    pts = self.pts
                    partner_wins = team[(leader + wpos) % n] == team[seat]
                    keyed = []
                    for c in moves:
                        if (
                            beats[trick[wpos] * size + c]
                            if beats is not None
                            else takes_over(trick, wpos, c)
                        ):
                            keyed.append((1000 + pts[c] if partner_wins else pts[c], c))
                        else:
                            keyed.append(
                                (
                                    (-pts[c] if closing else pts[c])
                                    if partner_wins
                                    else 1000 + pts[c],
                                    c,
                                )
                            )
                    keyed.sort()
                    moves = [c for _, c in keyed]
        else:
            moves = [legal.bit_length() - 1]
        maximize = team[seat] == 0
        best = -_INF if maximize else _INF
        best_card = moves[0]
        table = self.table
        pts = self.pts
        for c in moves:
            hands[seat] = hand ^ (1 << c)
            trick.append(c)
            if not pos:
                nw = 0
            elif beats is not None:
                nw = pos if beats[trick[wpos] * size + c] else wpos
            else:
                nw = pos if takes_over(trick, wpos, c) else wpos
            taken = tp + pts[c]
            if not closing:
                v = self.play(trick, leader, flags, nw, alpha, beta, left, live, taken)
            else:
                last = not hands[seat]
                if table:
                    w = (leader + nw) % n
                    g0 = (taken + (self.bonus_last if last else 0)) if team[w] == 0 else 0
                    f2 = flags
                else:
                    w, g0, f2 = rules.judge(trick, leader, last, flags)
                v = g0 if last else g0 + self.search(w, f2, alpha - g0, beta - g0, left - taken)
            trick.pop()
            hands[seat] = hand
            if maximize:
                if v > best:
                    best, best_card = v, c
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_card = v, c
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if key is not None:
            self.hint[key] = best_card
        return best

    def after(
        self, trick: list[int], leader: int, flags: int, wpos: int, alpha: int, beta: int,
        left: int,
    ) -> int:  # fmt: skip
        """The value once the card ``trick[-1]`` has been played (``wpos``: the place
        winning before it)."""
        rules = self.rules
        pos = len(trick) - 1
        if pos and rules.takes_over(trick, wpos, trick[-1]):
            wpos = pos
        if pos + 1 < self.n:
            live = 0
            for h in self.hands:
                live |= h
            tp = 0
            for c in trick:
                live |= 1 << c
                tp += rules.pts[c]
            return self.play(trick, leader, flags, wpos, alpha, beta, left, live, tp)
        last = not any(self.hands)
        w, g0, flags = rules.judge_at(trick, leader, wpos, last, flags)
        if last:
            return g0
        pts = rules.pts
        taken = 0
        for c in trick:
            taken += pts[c]
        return g0 + self.search(w, flags, alpha - g0, beta - g0, left - taken)

    def order(self, moves: list[int], trick: list[int], seat: int, wpos: int) -> None:
        """Follows: the cheapest winning card first against the opponents, the richest
        card to a partner; when it cannot win, the cheapest card."""
        rules = self.rules
        pts = rules.pts
        n = self.n
        lead_seat = (seat - len(trick)) % n
        partner_wins = rules.team[(lead_seat + wpos) % n] == rules.team[seat]
        takes_over = rules.takes_over
        keys: dict[int, tuple[int, int]] = {}
        for c in moves:
            wins = takes_over(trick, wpos, c)
            if partner_wins:
                keys[c] = (1 if wins else 0, -pts[c])
            else:
                keys[c] = (0 if wins else 1, pts[c])
        moves.sort(key=keys.__getitem__)

    def exact(
        self, trick: list[int], leader: int, flags: int, wpos: int, left: int, guess: int
    ) -> int:
        """The exact value once ``trick[-1]`` has been played, by null-window tests from
        ``guess``: steps doubling in one direction until the value is bracketed, then
        halving the bracket; the transposition table keeps the bounds between tests."""
        lo, hi = 0, left
        g = guess
        step = 1
        up = down = False
        while lo < hi:
            beta = min(max(g, lo + 1), hi)
            v = self.after(trick, leader, flags, wpos, beta - 1, beta, left)
            if v >= beta:
                lo = v
                up = True
                g = v + step if not down else (lo + hi + 1) // 2
            else:
                hi = v
                down = True
                g = v - step + 1 if not up else (lo + hi + 1) // 2
            step *= 2
        return lo

    def values(self, trick: list[int], leader: int, flags: int) -> dict[int, int]:
        """Exact points for side 0 after each legal card of the seat to move."""
        rules = self.rules
        hands = self.hands
        n = self.n
        pos = len(trick)
        seat = (leader + pos) % n
        wpos = rules.winner(trick) if trick else 0
        live = 0
        for h in hands:
            live |= h
        for c in trick:
            live |= 1 << c
        pts = rules.pts
        left = rules.bonus_last
        m = live
        while m:
            low = m & -m
            left += pts[low.bit_length() - 1]
            m ^= low
        hand = hands[seat]
        legal = rules.legal(hand, trick, wpos)
        moves = self.moves(legal, live)
        if pos:
            self.order(moves, trick, seat, wpos)
        out: dict[int, int] = {}
        guess = left // 2
        for c in moves:
            hands[seat] = hand ^ (1 << c)
            trick.append(c)
            try:
                v = self.exact(trick, leader, flags, wpos, left, guess)
            finally:
                trick.pop()
                hands[seat] = hand
            guess = v
            m = self.members(c, legal, live)
            while m:
                low = m & -m
                out[low.bit_length() - 1] = v
                m ^= low
        return out


# --- From a state to the search ---------------------------------------------------------


class _Root:
    """A state turned into the solver's terms."""

    def __init__(self, state: GameState) -> None:
        if state.phase != "play" or state.to_move is None:
            raise UnsolvablePosition(f"the solver needs a position in play, not {state.phase!r}")
        game = state.game
        rules: _Rules
        deck: Deck
        flags = 0
        if isinstance(state, belote.BeloteState):
            rules, deck = _BeloteRules(state), BELOTE_DECK
            leader = state.trick_leader
        elif isinstance(state, tarot.TarotState):
            rules, deck = _TarotRules(state), TAROT_DECK
            leader = state.leader
            for side in (0, 1):
                if not state.unlisted_won[1 - side] and all(
                    rules.team[t.winner] == side for t in state.tricks
                ):
                    flags |= 1 << side
        elif isinstance(state, briscola.BriscolaState):
            if state.cards_to_draw:
                raise UnsolvablePosition(
                    "Briscola is solved once the stock is empty (cards are still to be drawn)"
                )
            rules, deck = _BriscolaRules(state), BRISCOLA_DECK
            leader = state.leader
        else:  # pragma: no cover - the three games are the whole list
            raise UnsolvablePosition(f"no solver for the game {game!r}")
        self.state = state
        self.rules = rules
        self.deck = deck
        self.leader = leader
        self.flags = flags
        self.hands = [deck.mask(h) for h in state.hands]
        self.trick = [deck.index(p.card) for p in state.current_trick]
        self.seat: int = state.to_move
        self.side = rules.team[self.seat]

    def solver(self, node_budget: int, time_budget: float) -> _Solver:
        return _Solver(self.rules, list(self.hands), node_budget, time_budget)

    def for_side(self, v0: int, total: int) -> float:
        """Side 0's points ``v0`` as the points of the mover's side, in card points."""
        v = v0 if self.side == 0 else total - v0
        return v / self.rules.scale

    def total(self) -> int:
        """Every point still to be taken, in the solver's unit."""
        rules = self.rules
        total = rules.bonus_last
        cards = list(self.trick)
        for h in self.hands:
            m = h
            while m:
                low = m & -m
                cards.append(low.bit_length() - 1)
                m ^= low
        return total + sum(rules.pts[c] for c in cards)


def points_left(state: GameState) -> float:
    """The card points still to be taken in ``state`` (current trick and hands, dix de der
    included), as the solver counts them: the two sides' values always add up to this."""
    root = _Root(state)
    return root.total() / root.rules.scale


def solve(
    state: GameState,
    *,
    node_budget: int = DEFAULT_NODE_BUDGET,
    time_budget: float = DEFAULT_TIME_BUDGET,
) -> dict[Card, float]:
    """Each legal card of the seat to move, valued by what its side takes with best play.

    The value is the card points the mover's side takes from the tricks still to play
    (the current trick included) when every seat plays its best afterwards (see the
    module's docstring and ``docs/engine.md``).

    Raises:
        UnsolvablePosition: not a play-phase position with every card known.
        SolverBudgetExceeded: more than ``node_budget`` nodes or ``time_budget`` seconds;
            the values are then unknown.
    """
    root = _Root(state)
    solver = root.solver(node_budget, time_budget)
    raw = solver.values(list(root.trick), root.leader, root.flags)
    total = root.total()
    return {root.deck[c]: root.for_side(v, total) for c, v in raw.items()}


def best_line(
    state: GameState,
    *,
    node_budget: int = DEFAULT_NODE_BUDGET,
    time_budget: float = DEFAULT_TIME_BUDGET,
) -> list[Play]:
    """One principal variation: the plays from ``state`` to the end of the hand, each a
    best card for its seat (ties broken by the engine's order of the legal cards).

    Raises:
        UnsolvablePosition: as ``solve``.
        SolverBudgetExceeded: the budget (shared by the whole line) ran out.
    """
    root = _Root(state)
    solver = root.solver(node_budget, time_budget)
    rules = root.rules
    trick = list(root.trick)
    leader = root.leader
    flags = root.flags
    hands = solver.hands
    line: list[Play] = []
    while any(hands):
        seat = (leader + len(trick)) % rules.n
        vals = solver.values(trick, leader, flags)
        maximize = rules.team[seat] == 0
        card = (max if maximize else min)(sorted(vals), key=vals.__getitem__)
        hands[seat] ^= 1 << card
        trick.append(card)
        line.append(Play(seat, root.deck[card]))
        if len(trick) == rules.n:
            leader, _, flags = rules.judge(trick, leader, not any(hands), flags)
            trick = []
    return line


__all__ = [
    "DEFAULT_NODE_BUDGET",
    "DEFAULT_TIME_BUDGET",
    "SolverBudgetExceeded",
    "UnsolvablePosition",
    "best_line",
    "points_left",
    "solve",
]
