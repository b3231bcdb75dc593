"""Which cards the solver's search tries, and in what order.

Cards that compare with each other (a suit, the trumps, the Excuse) form a group laid out
contiguously in the deck. Of cards adjacent in a group's order among the cards still out
and worth the same, one stands for all (:meth:`MoveOrder.moves`, :meth:`MoveOrder.members`);
leads go master cards first (:meth:`MoveOrder.lead_moves`), follows cheapest winner first
against the opponents and richest to a partner (:meth:`MoveOrder.order`,
:meth:`MoveOrder.follow_order`). Each group memoizes its merges and lead keys, shared
between searches of the same rules. The base of
:class:`~tutorial.analysis.deal_search.DealSearch` (a method found on a base class costs
its callers nothing, measured: ``docs/decisions.md``).
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial.engine.card_masks import CardMasks

#: Memo entries per group (and per table of follows) past which a memo is emptied
#: (bounds the memory used).
MEMO_LIMIT = 200_000


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
        its sort key (``MoveOrder.lead_moves``): the masters of the group first, richest and
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


_GROUPS: dict[tuple[object, ...], tuple[_Group, ...]] = {}


class MoveOrder:
    """The moves of one search of the rules ``rules``: the legal cards worth searching and
    their order, with the memo of each hand's order of leads."""

    def __init__(self, rules: CardMasks) -> None:
        self.rules = rules
        self.n = rules.n
        self.pts = rules.pts
        self.groups = _groups(rules)
        self.group_of = [self.groups[0]] * len(rules.pts)
        for g in self.groups:
            for c in range(g.shift, g.shift + g.width):
                self.group_of[c] = g
        for g in self.groups:
            if len(g.merge) > MEMO_LIMIT:
                g.merge.clear()
            if len(g.leads) > MEMO_LIMIT:
                g.leads.clear()
        self.deck_bits = len(rules.pts)
        self.group_full = tuple(g.full for g in self.groups)
        # ``lead_moves``'s orders, per hand and the live cards of its groups.
        self.lead_memo: dict[int, list[int]] = {}

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
