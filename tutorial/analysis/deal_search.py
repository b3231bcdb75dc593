"""The solver's search: alpha-beta over one deal whose every hand is known.

:class:`DealSearch` holds one deal and gives side 0's exact points after each legal card
(``values``) or from any position of it; :mod:`tutorial.analysis.solver` turns a state
into its terms and its values back into card points. It is told its budget (a node count, and
whether the deadline has passed) and raises ``SolverBudgetExceeded`` past either.

The search runs on the engine's compact form of the rules (``state.card_masks()``: each
game's ``card_masks.py``, over its fast path's tables; the nested loops here read its
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

Its hot loops (``trick4``, ``two_tricks``, ``play``) are written for speed, measured
with ``python -m tutorial bench-solver`` (``docs/decisions.md``, "Solver: what makes a
full Belote deal fast"): keep them as they are unless a measure says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tutorial.analysis.card_bits import indices
from tutorial.analysis.errors import SolverBudgetExceeded
from tutorial.analysis.move_order import MEMO_LIMIT, MoveOrder
from tutorial.engine.card_masks import CardMasks, TableCardMasks

_INF = 1 << 30


_FMEMO: dict[tuple[object, ...], dict[int, list[int]]] = {}


def _fmemo(rules: CardMasks) -> dict[int, list[int]]:
    """The memo of ordered follows for the rules' tables (shared between solves,
    emptied past ``MEMO_LIMIT`` entries)."""
    beats = rules.beats
    key = (tuple(rules.pts), tuple(beats) if beats is not None else None, rules.must_follow,
           rules.legality_options())  # fmt: skip
    memo = _FMEMO.get(key)
    if memo is None or len(memo) > MEMO_LIMIT:
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
#: Positions in a trick up to which the bounds are kept (0: at each trick's start only).
_TT_DEPTH = 1
_FAST4 = True


class DealSearch(MoveOrder):
    """Alpha-beta with null windows over one deal; the transposition table (bounds at
    each trick's start) lives as long as the object. Which cards it tries, and in what
    order, is its base's (:class:`~tutorial.analysis.move_order.MoveOrder`)."""

    def __init__(
        self, rules: CardMasks, hands: list[int], nodes: int, expired: Callable[[], bool]
    ) -> None:
        super().__init__(rules)
        self.hands = hands
        # The hands at the start: a seat's hand in any later position is its cards in
        # this one that are still out (``trick4`` and ``two_tricks`` read them so).
        self.start_hands = tuple(hands)
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
        self.node_budget = nodes
        self.expired = expired  # whether the deadline has passed
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
            for c in indices(h):
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
        if self.nodes > self.node_budget or self.expired():
            raise SolverBudgetExceeded(f"more than {self.nodes} nodes or the time budget")

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
