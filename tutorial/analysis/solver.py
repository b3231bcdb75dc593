"""Exact values of every legal card when every hand is known (double-dummy analysis).

The value of a card, for the seat to move, is the card points its side takes from the
tricks still to play (the current trick included) when every seat plays its best from
then on: Belote's dix de der (10 for the last trick) counts, Tarot's Excuse goes where the
engine sends it (kept by its owner's side with the 0.5 exchange before the last trick;
the last-trick rules and the chelem exception after), Briscola counts its card points.
Declarations, belote-rebelote, Tarot bonuses and the points already won are left out:
they do not depend on the cards still to play.

The search runs on the engine's compact form of the rules (``state.card_masks()``: each
game's ``card_masks.py``, over its fast path's tables; the nested loops below read its
tables and keep its legality inlined, checked by ``tests/test_solver.py``): each legal
card's exact value comes from null-window alpha-beta tests (galloping from the previous
card's value, the first card from a quick playout of the search's own move order, then
halving the bracket) that share a transposition table of bounds,
keyed at each trick's start on the cards still out, the leader and (Tarot) who has won
every trick so far; equivalent cards (adjacent in rank in one suit, with no card between
them still in play, and worth the same) are searched once; follows are ordered
cheapest-winner first; four seats in two alternating sides with a beats table (Belote,
Briscola with four players) search each trick from its start in nested loops
(``trick4``), leads master cards first after the lead that last cut off with as many
cards out (a killer move), the next trick's bounds read before calling it, and the sure
trumps' points (those above every trump of the other side) bounding each trick's start;
with two tricks to go (same games) one alpha-beta loop gives the exact value, memoized.
A node and time budget (``SearchBudget``:
a deadline on a clock, by default ``CLOCK``) raises ``SolverBudgetExceeded`` instead of
blocking.

Briscola is solved here once the stock is empty (every card is then known); earlier
positions raise ``UnsolvablePosition`` (``briscola_expect.solve_expected`` averages over
the stock's orders).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutorial.engine.card_masks import CardMasks, TableCardMasks
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.outcomes import Play

#: Nodes (a seat choosing a card) searched before giving up, by default (2-4 s of search here).
DEFAULT_NODE_BUDGET = 1_000_000
#: Seconds of search before giving up, by default.
DEFAULT_TIME_BUDGET = 5.0
#: The clock the searches' deadlines are read on, by default (seconds; the wall clock).
CLOCK: Callable[[], float] = time.perf_counter

_INF = 1 << 30


class SolverBudgetExceeded(Exception):
    """The search needed more nodes or time than its budget: the values are unknown."""


class UnsolvablePosition(ValueError):
    """The position is not one the solver handles (not in play, or cards still unknown)."""


@dataclass(frozen=True)
class SearchBudget:
    """How far a search may go: at most ``nodes`` nodes, and until ``deadline`` on ``clock``.

    One budget may be passed down through several searches (a solve, then best lines):
    they share its deadline, each counting its own nodes.
    """

    nodes: int
    deadline: float
    clock: Callable[[], float]

    @classmethod
    def of(
        cls, nodes: int, seconds: float, clock: Callable[[], float] | None = None
    ) -> SearchBudget:
        """``nodes`` nodes and ``seconds`` from now on ``clock`` (default: ``CLOCK``)."""
        clock = clock if clock is not None else CLOCK
        return cls(nodes, clock() + seconds, clock)

    @classmethod
    def nodes_only(cls, nodes: int) -> SearchBudget:
        """``nodes`` nodes and no deadline (the verdict never depends on the machine)."""
        return cls(nodes, math.inf, CLOCK)

    def expired(self) -> bool:
        """Whether the deadline has passed."""
        return self.clock() > self.deadline

    def seconds_left(self) -> float:
        """Seconds until the deadline (negative once past it)."""
        return self.deadline - self.clock()

    def until(self, seconds: float) -> SearchBudget:
        """The same budget, its deadline brought to ``seconds`` from now if that is sooner."""
        return SearchBudget(self.nodes, min(self.deadline, self.clock() + seconds), self.clock)


# --- The search --------------------------------------------------------------------------


class _Group:
    """One group of cards that compare with each other (a suit, the trumps, the Excuse),
    laid out contiguously in the deck, with its equivalent-card merging memoized."""

    __slots__ = ("full", "leads", "mask", "merge", "order", "pts", "shift", "width")

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
        self.leads: dict[int, tuple[tuple[int, int], ...]] = {}

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

    def lead_keys(self, live: int, hand: int) -> tuple[tuple[int, int], ...]:
        """The leads worth searching from ``hand`` (local masks, as ``reps``), each with
        its sort key (``_Solver.lead_moves``): the masters of the group first, richest and
        strongest first, then the others, cheapest and weakest first."""
        out = []
        place = {c: i for i, c in enumerate(self.order)}
        for card in self.reps(live, hand):
            i = place[card - self.shift]
            weight = -i - 2 * self.pts[i]
            above = 0
            for c in self.order[i + 1 :]:
                above |= 1 << c
            if above & live:
                out.append((self.pts[i] * 100 - weight, card))
            else:
                out.append((weight - 1000, card))
        keys = tuple(out)
        self.leads[live << self.width | hand] = keys
        return keys

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


def _groups(rules: CardMasks) -> tuple[_Group, ...]:
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
_FMEMO: dict[tuple[object, ...], dict[int, list[int]]] = {}


def _fmemo(rules: CardMasks) -> dict[int, list[int]]:
    """The memo of ordered follows for the rules' tables (shared between solves,
    emptied past ``_MEMO_LIMIT`` entries)."""
    beats = rules.beats
    key = (tuple(rules.pts), tuple(beats) if beats is not None else None, rules.must_follow,
           getattr(rules, "partner_free", None), getattr(rules, "undertrump", None))  # fmt: skip
    memo = _FMEMO.get(key)
    if memo is None or len(memo) > _MEMO_LIMIT:
        if len(_FMEMO) > 64:
            _FMEMO.clear()
        memo = _FMEMO[key] = {}
    return memo


def _beaten_by(beats: Sequence[bool] | None, size: int) -> list[int]:
    """Per card, the mask of the cards that would beat it (from the ``beats`` table;
    cached on the table)."""
    if beats is None:
        return []
    hit = _BEATEN.get(id(beats))
    if hit is not None and hit[0] is beats:
        return hit[1]
    out = [0] * size
    for w in range(size):
        row = w * size
        out[w] = sum(1 << c for c in range(size) if beats[row + c])
    if len(_BEATEN) > 64:
        _BEATEN.clear()
    _BEATEN[id(beats)] = (beats, out)
    return out


_BEATEN: dict[int, tuple[Sequence[bool], list[int]]] = {}
#: Tricks left from which the sure trumps bound ``trick4``'s tricks and a playout gives
#: the first guess (smaller searches gain less than those cost).
_SURE_FROM = 5
#: Memo entries per group past which the memo is emptied (bounds the memory used).
_MEMO_LIMIT = 200_000
#: Positions in a trick up to which the bounds are kept (0: at each trick's start only).
_TT_DEPTH = 1
_FAST4 = True


class _Solver:
    """Alpha-beta with null windows over one deal; the transposition table (bounds at
    each trick's start) lives as long as the object."""

    def __init__(self, rules: CardMasks, hands: list[int], budget: SearchBudget) -> None:
        self.rules = rules
        self.hands = hands
        # The hands at the start: a seat's hand in any later position is its cards in
        # this one that are still out (``trick4`` and ``two_tricks`` read them so).
        self.start_hands = tuple(hands)
        self.n = rules.n
        self.groups = _groups(rules)
        self.group_of = [self.groups[0]] * len(rules.pts)
        for g in self.groups:
            for c in range(g.shift, g.shift + g.width):
                self.group_of[c] = g
        for g in self.groups:
            if len(g.merge) > _MEMO_LIMIT:
                g.merge.clear()
            if len(g.leads) > _MEMO_LIMIT:
                g.leads.clear()
        # Per position (see ``play``'s key): (lower bound, upper bound, best card).
        self.ptt: dict[int, tuple[int, int, int]] = {}
        # Per trick's start (``trick4``): the bounds and the ordered leads, the best first.
        self.tt: dict[int, tuple[int, int, list[int]]] = {}
        self.two_tt: dict[int, int] = {}
        # Per number of cards out and leader (``trick4``): the lead that last cut off.
        self.killers = [-1] * (4 * (len(rules.pts) + 1))
        # The last trick's points for side 0, per cards (the deal says whose) and leader.
        self.last_tt: dict[int, int] = {}
        # Ordered follows, per live cards of the suits played from, legal cards, those
        # of them that win, and case.
        self.fmemo = _fmemo(rules)
        self.deck_bits = len(rules.pts)
        self.group_full = tuple(g.full for g in self.groups)
        # ``lead_moves``'s orders, per hand and the live cards of its groups.
        self.lead_memo: dict[int, list[int]] = {}
        self.tt_depth = _TT_DEPTH
        # The obligations to follow, trump and overtrump (``must_follow``), read by the
        # nested loops of ``trick4`` and ``two_tricks``: the tables of ``rules``.
        self.follows = rules.must_follow
        self.tmask = rules.trumps
        self.suit_mask: Sequence[int] = ()
        self.higher: Sequence[int] = ()
        self.free = self.undertrump = False
        if isinstance(rules, TableCardMasks):
            self.suit_mask, self.higher = rules.suit_mask, rules.higher
            self.free, self.undertrump = rules.partner_free, rules.undertrump
        self.team = rules.team
        self.pts = rules.pts
        self.bonus_last = rules.bonus_last
        self.beats: Sequence[bool] | None = rules.beats
        self.table = self.beats is not None
        self.size = rules.size if self.table else 0
        self.two = self.beats is not None and self.n == 4
        self.fast4 = (
            _FAST4 and self.two and self.team[0] == self.team[2] != self.team[1] == self.team[3]
        )
        self.nodes = 0  # seats choosing a card (as many as plain alpha-beta's nodes)
        self.starts = 0  # searches at a trick's start
        self.node_budget = budget.nodes
        self.budget = budget
        rank = rules.rank
        pts = rules.pts
        self.lead_weight = [-rank.get(c, 0) - 2 * pts[c] for c in range(len(pts))]
        # For ``trick4`` only, and past four tricks (its table costs more than it saves
        # in smaller searches).
        deep = sum(h.bit_count() for h in hands) >= _SURE_FROM * self.n
        self.sure = self.sure_trumps() if self.fast4 and deep else ([0], [0], 0, 0)
        self.beaten_by = _beaten_by(self.beats, self.size) if self.fast4 else []
        # What ``two_tricks`` reads, in one attribute.
        self.k2 = (
            self.start_hands, self.team, self.pts, self.beats, self.size, self.bonus_last,
            self.follows, self.tmask, self.higher, self.suit_mask, self.free, self.undertrump,
            self.last_tt,
        )  # fmt: skip
        # What ``trick4`` reads, in one attribute.
        self.k4 = (
            self.start_hands, self.team, self.pts, self.beats, self.size, self.moves,
            self.follow_order, self.follows, self.tmask, self.higher, self.suit_mask, self.free,
            self.undertrump, self.deck_bits, self.two_tt, self.fmemo, self.group_of,
            self.trick4, self.beaten_by, tuple(g.full for g in self.groups),
        )  # fmt: skip

    def sure_trumps(self) -> tuple[list[int], list[int], int, int]:
        """Per set of trumps still in the hands (as a mask of the trump group): the points
        of the trumps above every trump of the other side, for side 0 and for side 1.

        Such a trump's trick goes to its side whatever is played (the highest trump in a
        trick wins it, and every trump above this one is its side's), so a side takes at
        least those points: bounds on the value at a trick's start. Also the group's
        shift and mask (no trump group: no bound)."""
        group = next((g for g in self.groups if g.full == self.tmask), None)
        if group is None or not self.tmask:
            return [0], [0], 0, 0
        owner = [-1] * self.deck_bits
        for seat, h in enumerate(self.hands):
            for c in _bits(h):
                owner[c] = self.team[seat]
        sure: tuple[list[int], list[int]] = ([0] * (1 << group.width), [0] * (1 << group.width))
        held = 0
        for h in self.hands:
            held |= h >> group.shift & group.mask
        local = held
        while local:  # every set of the trumps out now
            side = -1
            total = 0
            for i in range(len(group.order) - 1, -1, -1):  # strongest first
                c = group.order[i]
                if not local >> c & 1 or owner[c + group.shift] < 0:
                    continue
                if side < 0:
                    side = owner[c + group.shift]
                elif owner[c + group.shift] != side:
                    break
                total += group.pts[i]
            if side >= 0:
                sure[side][local] = total
            local = (local - 1) & held
        return sure[0], sure[1], group.shift, group.mask

    def _over_budget(self) -> None:
        if self.nodes > self.node_budget or self.budget.expired():
            raise SolverBudgetExceeded(f"more than {self.nodes} nodes or the time budget")

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
        live = 0
        for hh in hands:
            live |= hh
        key = live << 5 | flags << 3 | leader
        if self.two and h.bit_count() == 2:
            # Two tricks to go: their exact value, computed once.
            v = self.two_tt.get(key)
            if v is None:
                v = self.two_tricks(leader, live)
                self.two_tt[key] = v
            return v
        if self.fast4:
            return self.trick4(leader, flags, alpha, beta, left, live, key)
        return self.play([], leader, flags, 0, alpha, beta, left, live, 0, key << self.deck_bits)

    def two_tricks(self, leader: int, live: int) -> int:
        """Side 0's exact points from the last two tricks (four seats, a ``beats``
        table: Belote, Briscola with four players), by alpha-beta in nested loops."""
        # A measured hot loop, kept whole on purpose (``python -m tutorial bench-solver``;
        # docs/engine.md, the solver's section).
        (hands, team, pts, beats, size, bonus, follows, tmask, higher, suit_mask, free,
         undertrump, last_tt) = self.k2  # fmt: skip
        assert beats is not None
        seats = (leader, (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3)
        h0, h1, h2, h3 = (hands[leader] & live, hands[seats[1]] & live,
                          hands[seats[2]] & live, hands[seats[3]] & live)  # fmt: skip
        max0 = team[leader] == 0  # the leader and the third seat are one side
        alpha, beta = -1, _INF
        best0 = -1 if max0 else _INF
        for b0 in (h0 & -h0, h0 & (h0 - 1)):
            c0 = b0.bit_length() - 1
            r0 = h0 ^ b0
            p0 = pts[c0]
            # The legal cards: an inlined copy of the rules' ``legal`` (``must_follow``),
            # as in ``trick4``.
            if follows:
                led_mask = suit_mask[c0]
                if led_mask == tmask:
                    tr = h1 & tmask
                    leg = (tr & higher[c0]) or tr or h1
                else:
                    leg = h1 & led_mask or h1 & tmask or h1
            else:
                leg = h1
            a1, b1 = alpha, beta
            best1 = _INF if max0 else -1
            for bb1 in (leg & -leg, leg & (leg - 1)) if leg & (leg - 1) else (leg,):
                c1 = bb1.bit_length() - 1
                r1 = h1 ^ bb1
                p1 = p0 + pts[c1]
                w1, wc1 = (1, c1) if beats[c0 * size + c1] else (0, c0)
                if follows:
                    if led_mask == tmask:
                        tr = h2 & tmask
                        leg = (tr & higher[wc1]) or tr or h2
                    else:
                        leg = h2 & led_mask
                        if not leg:
                            tr = h2 & tmask
                            if not tr:
                                leg = h2
                            elif w1 == 0:
                                leg = h2 if free else tr
                            elif tmask >> wc1 & 1:
                                leg = (tr & higher[wc1]) or (tr if undertrump else h2)
                            else:
                                leg = tr
                else:
                    leg = h2
                a2, b2 = a1, b1
                best2 = -1 if max0 else _INF
                for bb2 in (leg & -leg, leg & (leg - 1)) if leg & (leg - 1) else (leg,):
                    c2 = bb2.bit_length() - 1
                    r2 = h2 ^ bb2
                    p2 = p1 + pts[c2]
                    w2, wc2 = (2, c2) if beats[wc1 * size + c2] else (w1, wc1)
                    if follows:
                        if led_mask == tmask:
                            tr = h3 & tmask
                            leg = (tr & higher[wc2]) or tr or h3
                        else:
                            leg = h3 & led_mask
                            if not leg:
                                tr = h3 & tmask
                                if not tr:
                                    leg = h3
                                elif w2 == 1:
                                    leg = h3 if free else tr
                                elif tmask >> wc2 & 1:
                                    leg = (tr & higher[wc2]) or (tr if undertrump else h3)
                                else:
                                    leg = tr
                    else:
                        leg = h3
                    a3, b3 = a2, b2
                    best3 = _INF if max0 else -1
                    row2 = wc2 * size
                    rest3 = r0 | r1 | r2 | h3  # the last trick's cards, with both of h3
                    for bb3 in (leg & -leg, leg & (leg - 1)) if leg & (leg - 1) else (leg,):
                        c3 = bb3.bit_length() - 1
                        w3 = 3 if beats[row2 + c3] else w2
                        v = p2 + pts[c3] if team[seats[w3]] == 0 else 0
                        # The last trick, led by the winner: every card forced.
                        lk = (rest3 ^ bb3) << 2 | seats[w3]
                        g = last_tt.get(lk)
                        if g is None:
                            rest = (r0, r1, r2, h3 ^ bb3)
                            wc = rest[w3].bit_length() - 1
                            wi = w3
                            g = pts[wc] + bonus
                            for i in (1, 2, 3):
                                j = (w3 + i) & 3
                                c = rest[j].bit_length() - 1
                                g += pts[c]
                                if beats[wc * size + c]:
                                    wc, wi = c, j
                            if team[seats[wi]] != 0:
                                g = 0
                            last_tt[lk] = g
                        v += g
                        if max0:  # the fourth seat minimizes
                            if v < best3:
                                best3 = v
                                if v < b3:
                                    b3 = v
                                    if a3 >= b3:
                                        break
                        elif v > best3:
                            best3 = v
                            if v > a3:
                                a3 = v
                                if a3 >= b3:
                                    break
                    v = best3
                    if max0:
                        if v > best2:
                            best2 = v
                            if v > a2:
                                a2 = v
                                if a2 >= b2:
                                    break
                    elif v < best2:
                        best2 = v
                        if v < b2:
                            b2 = v
                            if a2 >= b2:
                                break
                v = best2
                if max0:
                    if v < best1:
                        best1 = v
                        if v < b1:
                            b1 = v
                            if a1 >= b1:
                                break
                elif v > best1:
                    best1 = v
                    if v > a1:
                        a1 = v
                        if a1 >= b1:
                            break
            v = best1
            if max0:
                if v > best0:
                    best0 = v
                    if v > alpha:
                        alpha = v
            elif v < best0:
                best0 = v
                if v < beta:
                    beta = v
        return best0

    def lead_moves(self, hand: int, live: int) -> list[int]:
        """The leads worth searching from ``hand``: the master cards of their group
        (richest and strongest first), then the others, cheapest and weakest first (the
        sort keys memoized per group, ``_Group.lead_keys``).

        The order is memoized per hand and the live cards of the hand's own groups (a
        card's rank among the live cards of its suit, and its points, are all it reads):
        the same list is returned on a hit, and is never changed by its callers."""
        span = 0
        for gf in self.group_full:
            if hand & gf:
                span |= gf
        mkey = (live & span) << self.deck_bits | hand
        memo = self.lead_memo
        hit = memo.get(mkey)
        if hit is not None:
            return hit
        keyed: list[tuple[int, int]] = []
        for g in self.groups:
            s, m = g.shift, g.mask
            lg = hand >> s & m
            if lg:
                lv = live >> s & m
                keys = g.leads.get(lv << g.width | lg)
                if keys is None:
                    keys = g.lead_keys(lv, lg)
                keyed.extend(keys)
        if len(keyed) > 1:
            keyed.sort()
        out = memo[mkey] = [c for _, c in keyed]
        return out

    def follow_order(
        self, moves: list[int], wins: int, partner_wins: bool, closing: bool
    ) -> list[int]:
        """Follows (a ``beats`` table; ``wins``: the mask of the cards that would win the
        trick so far): against the opponents, the cheapest winning card, else the cheapest
        card; to a partner winning, the cards that do not overtake (the richest when last
        to play, else the cheapest), overtaking last."""
        pts = self.pts
        keyed = []
        if partner_wins:
            for c in moves:
                if wins >> c & 1:
                    keyed.append((1000 + pts[c], c))
                else:
                    keyed.append((-pts[c] if closing else pts[c], c))
        else:
            for c in moves:
                keyed.append((pts[c] if wins >> c & 1 else 1000 + pts[c], c))
        keyed.sort()
        return [c for _, c in keyed]

    def trick4(self, leader: int, flags: int, alpha: int, beta: int, left: int, live: int,
               key: int) -> int:  # fmt: skip
        """``play`` for a whole trick from its start, for four seats in two alternating
        sides with a ``beats`` table (Belote, Briscola with four players): the four seats'
        choices in nested loops (alpha-beta at each), the next trick by ``search``. At
        least three cards in each hand."""
        # A measured hot loop, kept whole on purpose: one function call per trick instead
        # of one per card (``python -m tutorial bench-solver``; docs/engine.md, the
        # solver's section, says how it was measured and what was tried).
        tt = self.tt
        entry = tt.get(key)
        if entry is not None:
            lo, hi, leads = entry
            if lo >= beta:
                return lo
            if hi <= alpha or lo == hi:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
            moves0 = leads
        else:
            lo, hi = 0, left
            moves0 = leads = self.lead_moves(self.start_hands[leader] & live, live)
            k = self.killers[live.bit_count() << 2 | leader]
            if k >= 0 and leads[0] != k and k in leads:
                moves0 = leads = [k, *(c for c in leads if c != k)]
        self.starts += 1
        if not self.starts & 255 or self.nodes > self.node_budget:
            self._over_budget()
        a_in, b_in = alpha, beta
        (start_hands, team, pts, beats, size, moves_of, follow_order, follows, tmask, higher,
         suit_mask, free, undertrump, deck_bits, two_tt, fmemo, group_of, trick4,
         beaten_by, group_full) = self.k4  # fmt: skip
        sure0, sure1, tsh, tmk = self.sure
        assert beats is not None
        moves1: list[int] | None
        moves2: list[int] | None
        moves3: list[int] | None
        s1, s2, s3 = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
        h0, h1, h2, h3 = (start_hands[leader] & live, start_hands[s1] & live,
                          start_hands[s2] & live, start_hands[s3] & live)  # fmt: skip
        max0 = team[leader] == 0  # seats 0 and 2 of the trick are one side
        seat_at = (leader, s1, s2, s3)  # per place in the trick
        side0_at = (max0, not max0, max0, not max0)  # whether side 0 wins at that place
        fl3 = flags << 3
        nodes = 1
        killers = self.killers
        kslot = live.bit_count() << 2 | leader
        three = h0.bit_count() == 3
        best0 = -_INF if max0 else _INF
        bc0 = moves0[0]
        for c0 in moves0:
            p0 = pts[c0]
            row0 = c0 * size
            # Second seat (the other side). The legal cards of each seat here: an inlined
            # copy of the rules' ``legal`` (``must_follow``: ``BeloteCardMasks.legal``) on
            # its tables, kept for the measured speed (a call per seat makes Belote's
            # solves of 6-7 tricks about 10% slower).
            nodes += 1
            if follows:
                led_mask = suit_mask[c0]
                if led_mask == tmask:
                    tr = h1 & tmask
                    leg = (tr & higher[c0]) or tr or h1
                else:
                    leg = h1 & led_mask or h1 & tmask or h1
            else:
                leg = h1
            if not leg & (leg - 1):
                moves1 = [leg.bit_length() - 1]
            else:
                # Memoized on what the order depends on: the live cards of the groups
                # played from, the legal cards and those that win, the case.
                g = group_of[(leg & -leg).bit_length() - 1]
                bm = leg & beaten_by[c0]
                if leg & ~g.full:
                    span = 0
                    for gf in group_full:
                        if leg & gf:
                            span |= gf
                    okey = (((live & span) << deck_bits | leg) << deck_bits | bm) << 3 | 4
                else:
                    sh = g.shift
                    okey = (
                        ((live >> sh & g.mask) << 16 | leg >> sh) << 16 | bm >> sh
                    ) << 11 | sh << 3
                moves1 = fmemo.get(okey)
                if moves1 is None:
                    moves1 = fmemo[okey] = follow_order(moves_of(leg, live), bm, False, False)
            a1, b1 = alpha, beta
            best1 = _INF if max0 else -_INF
            for c1 in moves1:
                p1 = p0 + pts[c1]
                if beats[row0 + c1]:
                    w1, wc1 = 1, c1
                else:
                    w1, wc1 = 0, c0
                # Third seat (the leader's partner).
                nodes += 1
                if follows:
                    if led_mask == tmask:
                        tr = h2 & tmask
                        leg = (tr & higher[wc1]) or tr or h2
                    else:
                        leg = h2 & led_mask
                        if not leg:
                            tr = h2 & tmask
                            if not tr:
                                leg = h2
                            elif w1 == 0:
                                leg = h2 if free else tr
                            elif tmask >> wc1 & 1:
                                leg = (tr & higher[wc1]) or (tr if undertrump else h2)
                            else:
                                leg = tr
                else:
                    leg = h2
                if not leg & (leg - 1):
                    moves2 = [leg.bit_length() - 1]
                else:
                    g = group_of[(leg & -leg).bit_length() - 1]
                    bm = leg & beaten_by[wc1]
                    if leg & ~g.full:
                        span = 0
                        for gf in group_full:
                            if leg & gf:
                                span |= gf
                        okey = (((live & span) << deck_bits | leg) << deck_bits | bm) << 3 | (
                            6 if w1 == 0 else 4
                        )
                    else:
                        sh = g.shift
                        okey = (
                            (((live >> sh & g.mask) << 16 | leg >> sh) << 16 | bm >> sh) << 8 | sh
                        ) << 3 | (2 if w1 == 0 else 0)
                    moves2 = fmemo.get(okey)
                    if moves2 is None:
                        moves2 = fmemo[okey] = follow_order(moves_of(leg, live), bm, w1 == 0, False)
                a2, b2 = a1, b1
                best2 = -_INF if max0 else _INF
                for c2 in moves2:
                    p2 = p1 + pts[c2]
                    if beats[wc1 * size + c2]:
                        w2, wc2 = 2, c2
                    else:
                        w2, wc2 = w1, wc1
                    # Fourth seat (the second seat's partner): closes the trick.
                    nodes += 1
                    if follows:
                        if led_mask == tmask:
                            tr = h3 & tmask
                            leg = (tr & higher[wc2]) or tr or h3
                        else:
                            leg = h3 & led_mask
                            if not leg:
                                tr = h3 & tmask
                                if not tr:
                                    leg = h3
                                elif w2 == 1:
                                    leg = h3 if free else tr
                                elif tmask >> wc2 & 1:
                                    leg = (tr & higher[wc2]) or (tr if undertrump else h3)
                                else:
                                    leg = tr
                    else:
                        leg = h3
                    if not leg & (leg - 1):
                        moves3 = [leg.bit_length() - 1]
                    else:
                        g = group_of[(leg & -leg).bit_length() - 1]
                        bm = leg & beaten_by[wc2]
                        if leg & ~g.full:
                            span = 0
                            for gf in group_full:
                                if leg & gf:
                                    span |= gf
                            okey = (((live & span) << deck_bits | leg) << deck_bits | bm) << 3 | (
                                7 if w2 == 1 else 5
                            )
                        else:
                            sh = g.shift
                            okey = (
                                (((live >> sh & g.mask) << 16 | leg >> sh) << 16 | bm >> sh) << 8
                                | sh
                            ) << 3 | (3 if w2 == 1 else 1)
                        moves3 = fmemo.get(okey)
                        if moves3 is None:
                            moves3 = fmemo[okey] = follow_order(
                                moves_of(leg, live), bm, w2 == 1, True
                            )
                    a3, b3 = a2, b2
                    best3 = _INF if max0 else -_INF
                    lt2 = live ^ (1 << c0) ^ (1 << c1) ^ (1 << c2)
                    row2 = wc2 * size
                    for c3 in moves3:
                        taken = p2 + pts[c3]
                        w3 = 3 if beats[row2 + c3] else w2
                        ws = seat_at[w3]
                        g0 = taken if side0_at[w3] else 0
                        if three:
                            # Two tricks to go: their exact value, computed once.
                            nlive = lt2 ^ 1 << c3
                            k2 = nlive << 5 | fl3 | ws
                            t = two_tt.get(k2)
                            if t is None:
                                t = two_tt[k2] = self.two_tricks(ws, nlive)
                            v = g0 + t
                        else:
                            nl = left - taken
                            if nl <= a3 - g0:
                                v = g0 + nl
                            elif b3 <= g0:
                                v = g0
                            else:
                                nlive = lt2 ^ 1 << c3
                                # The sure trumps' points (``sure_trumps``) bound the rest.
                                tl = nlive >> tsh & tmk
                                u = nl - sure1[tl]
                                if u <= a3 - g0:
                                    v = g0 + u
                                elif sure0[tl] >= b3 - g0:
                                    v = g0 + sure0[tl]
                                else:
                                    # The next trick's bounds, read here (``trick4``'s own
                                    # first test) to save most calls.
                                    k2 = nlive << 5 | fl3 | ws
                                    e = tt.get(k2)
                                    if e is not None and e[0] >= b3 - g0:
                                        v = g0 + e[0]
                                    elif e is not None and (e[1] <= a3 - g0 or e[0] == e[1]):
                                        v = g0 + e[1]
                                    else:
                                        self.nodes += nodes
                                        nodes = 0
                                        v = g0 + trick4(ws, flags, a3 - g0, b3 - g0, nl, nlive, k2)
                        if max0:  # the fourth seat minimizes
                            if v < best3:
                                best3 = v
                                if v < b3:
                                    b3 = v
                                    if a3 >= b3:
                                        break
                        elif v > best3:
                            best3 = v
                            if v > a3:
                                a3 = v
                                if a3 >= b3:
                                    break
                    v = best3
                    if max0:  # the third seat maximizes
                        if v > best2:
                            best2 = v
                            if v > a2:
                                a2 = v
                                if a2 >= b2:
                                    break
                    elif v < best2:
                        best2 = v
                        if v < b2:
                            b2 = v
                            if a2 >= b2:
                                break
                v = best2
                if max0:  # the second seat minimizes
                    if v < best1:
                        best1 = v
                        if v < b1:
                            b1 = v
                            if a1 >= b1:
                                break
                elif v > best1:
                    best1 = v
                    if v > a1:
                        a1 = v
                        if a1 >= b1:
                            break
            v = best1
            if max0:
                if v > best0:
                    best0, bc0 = v, c0
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            killers[kslot] = c0
                            break
            elif v < best0:
                best0, bc0 = v, c0
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        killers[kslot] = c0
                        break
        self.nodes += nodes
        if best0 <= a_in:
            if best0 < hi:
                hi = best0
        elif best0 >= b_in:
            if best0 > lo:
                lo = best0
        else:
            lo = hi = best0
        if leads[0] != bc0:
            leads = [bc0, *(c for c in leads if c != bc0)]
        tt[key] = (lo, hi, leads)
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
        key: int,
    ) -> int:
        """The value (points for side 0 from this trick's start) with ``trick`` holding the
        cards played to it so far (``wpos`` the place of the one winning, ``tp`` their
        points); ``live`` is every card in the hands or in the trick (the same through a
        trick); ``key`` is the position's: the trick's start (cards out, leader, flags)
        shifted, with the trick's cards' bits."""
        pos = len(trick)
        tt = self.ptt
        stored = pos <= self.tt_depth
        hint = -1
        if stored:
            entry = tt.get(key)
            if entry is not None:
                lo, hi, hint = entry
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
        self.nodes += 1  # a node: a seat choosing a card
        a0, b0 = alpha, beta
        rules = self.rules
        hands = self.hands
        n = self.n
        team = self.team
        seat = (leader + pos) % n
        hand = hands[seat]
        legal = rules.legal(hand, trick, wpos)
        takes_over = rules.takes_over
        closing = pos + 1 == n
        beats = self.beats
        size = self.size
        pts = self.pts
        if legal & (legal - 1):
            moves = self.moves(legal, live)
            if len(moves) > 1:
                if pos == 0:
                    moves.sort(key=self.lead_weight.__getitem__)
                else:
                    # Against the opponents: the cheapest winning card, else the cheapest
                    # card. To a partner winning: not overtaking, the richest card last to
                    # play, else the cheapest; overtaking last.
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
                if hint >= 0 and moves[0] != hint and hint in moves:
                    moves.remove(hint)
                    moves.insert(0, hint)
        else:
            moves = [legal.bit_length() - 1]
        maximize = team[seat] == 0
        best = -_INF if maximize else _INF
        best_card = moves[0]
        table = self.table
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
                v = self.play(
                    trick, leader, flags, nw, alpha, beta, left, live, taken, key | 1 << c
                )
            else:
                last = not hands[seat]
                if table:  # ``TableCardMasks.judge_at``, inlined
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
        if stored:
            if best <= a0:
                if best < hi:
                    hi = best
            elif best >= b0:
                if best > lo:
                    lo = best
            else:
                lo = hi = best
            tt[key] = (lo, hi, best_card)
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
            tmask = 0
            for c in trick:
                tmask |= 1 << c
                tp += rules.pts[c]
            live |= tmask
            key = (live << 5 | flags << 3 | leader) << self.deck_bits | tmask
            return self.play(trick, leader, flags, wpos, alpha, beta, left, live, tp, key)
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
        ``guess``: steps growing by one (1, 2, 3, ...) in one direction until the value is
        bracketed, then halving the bracket; the transposition table keeps the bounds
        between tests (steps doubling took 3% more nodes on full Belote deals)."""
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
            step += 1
        return lo

    def playout(self, trick: list[int], leader: int, flags: int) -> int:
        """Side 0's points from this trick's start to the end when every seat plays the
        first card of the search's order (leads as ``lead_moves``, follows as ``order``):
        the first guess of a value."""
        rules = self.rules
        n = self.n
        hands = list(self.hands)
        trick = list(trick)
        total = 0
        while True:
            while len(trick) < n:
                pos = len(trick)
                seat = (leader + pos) % n
                wpos = rules.winner(trick) if trick else 0
                live = 0
                for h in hands:
                    live |= h
                for c in trick:
                    live |= 1 << c
                legal = rules.legal(hands[seat], trick, wpos)
                if pos:
                    moves = self.moves(legal, live)
                    self.order(moves, trick, seat, wpos)
                else:
                    moves = self.lead_moves(legal, live)
                hands[seat] ^= 1 << moves[0]
                trick.append(moves[0])
            last = not any(hands)
            leader, points, flags = rules.judge(trick, leader, last, flags)
            total += points
            if last:
                return total
            trick = []

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
        guess = -1
        deep = live.bit_count() >= _SURE_FROM * n
        for c in moves:
            hands[seat] = hand ^ (1 << c)
            trick.append(c)
            try:
                if guess < 0:
                    guess = self.playout(trick, leader, flags) if deep else left // 2
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


class SolveRoot:
    """A state turned into the solver's terms."""

    def __init__(self, state: GameState) -> None:
        if state.phase != "play" or state.to_move is None:
            raise UnsolvablePosition(f"the solver needs a position in play, not {state.phase!r}")
        if state.cards_to_draw:
            raise UnsolvablePosition(
                "Briscola is solved once the stock is empty (cards are still to be drawn)"
            )
        rules = state.card_masks()
        deck = rules.deck
        leader = state.trick_leader
        flags = rules.root_flags
        self.state = state
        self.rules = rules
        self.deck = deck
        self.leader = leader
        self.flags = flags
        self.hands = [deck.mask(h) for h in state.hands]
        self.trick = [deck.index(p.card) for p in state.current_trick]
        self.seat: int = state.to_move
        self.side = rules.team[self.seat]

    def solver(self, budget: SearchBudget) -> _Solver:
        """A search of this position within ``budget``."""
        return _Solver(self.rules, list(self.hands), budget)

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
    root = SolveRoot(state)
    return root.total() / root.rules.scale


def solve(
    state: GameState,
    *,
    node_budget: int = DEFAULT_NODE_BUDGET,
    time_budget: float = DEFAULT_TIME_BUDGET,
    budget: SearchBudget | None = None,
) -> dict[Card, float]:
    """Each legal card of the seat to move, valued by what its side takes with best play.

    The value is the card points the mover's side takes from the tricks still to play
    (the current trick included) when every seat plays its best afterwards (see the
    module's docstring and ``docs/engine.md``). ``budget``, when given, stands for
    ``node_budget`` and ``time_budget`` (those on ``CLOCK``).

    Raises:
        UnsolvablePosition: not a play-phase position with every card known.
        SolverBudgetExceeded: more than ``node_budget`` nodes or ``time_budget`` seconds;
            the values are then unknown.
    """
    root = SolveRoot(state)
    solver = root.solver(budget or SearchBudget.of(node_budget, time_budget))
    raw = solver.values(list(root.trick), root.leader, root.flags)
    total = root.total()
    return {root.deck[c]: root.for_side(v, total) for c, v in raw.items()}


def best_line(
    state: GameState,
    *,
    node_budget: int = DEFAULT_NODE_BUDGET,
    time_budget: float = DEFAULT_TIME_BUDGET,
    budget: SearchBudget | None = None,
) -> list[Play]:
    """One principal variation: the plays from ``state`` to the end of the hand, each a
    best card for its seat (ties broken by the engine's order of the legal cards).
    ``budget``, when given, stands for ``node_budget`` and ``time_budget``.

    Raises:
        UnsolvablePosition: as ``solve``.
        SolverBudgetExceeded: the budget (shared by the whole line) ran out.
    """
    root = SolveRoot(state)
    solver = root.solver(budget or SearchBudget.of(node_budget, time_budget))
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


def every_trick(state: GameState, *, budget: SearchBudget) -> dict[Card, tuple[bool, bool]]:
    """For each legal card of the seat to move: whether, after it, the mover's side can
    take every trick still to play (the current one included) whatever the opponents do,
    and whether the opponents can whatever the mover's side does (Belote's capot). Two
    null-window tests per card on the same rules with every card worth one point and no
    bonus for the last trick (each trick then worth as many points as seats).

    Raises:
        UnsolvablePosition: as ``solve``.
        SolverBudgetExceeded: the budget (shared by the tests) ran out.
    """
    root = SolveRoot(state)
    rules = root.rules.with_points([1] * len(root.rules.pts))
    rules.bonus_last = 0
    solver = _Solver(rules, list(root.hands), budget)
    trick = list(root.trick)
    cards = len(trick) + sum(h.bit_count() for h in root.hands)
    full = cards  # side 0's value when it takes every trick still to play
    seat = root.seat
    hands = solver.hands
    hand = hands[seat]
    wpos = rules.winner(trick) if trick else 0
    legal = rules.legal(hand, trick, wpos)
    mine = rules.team[seat] == 0
    out: dict[Card, tuple[bool, bool]] = {}
    for c in _bits(legal):
        hands[seat] = hand ^ (1 << c)
        trick.append(c)
        try:
            all0 = solver.after(trick, root.leader, root.flags, wpos, full - 1, full, full) >= full
            none0 = solver.after(trick, root.leader, root.flags, wpos, 0, 1, full) < 1
        finally:
            trick.pop()
            hands[seat] = hand
        out[root.deck[c]] = (all0, none0) if mine else (none0, all0)
    return out


__all__ = [
    "CLOCK",
    "DEFAULT_NODE_BUDGET",
    "DEFAULT_TIME_BUDGET",
    "SearchBudget",
    "SolverBudgetExceeded",
    "UnsolvablePosition",
    "best_line",
    "every_trick",
    "points_left",
    "solve",
]
