"""Exact values of every legal card when every hand is known (double-dummy analysis).

The value of a card, for the seat to move, is the card points its side takes from the
tricks still to play (the current trick included) when every seat plays its best from
then on: Belote's dix de der (10 for the last trick) counts, Tarot's Excuse goes where the
engine sends it (kept by its owner's side with the 0.5 exchange before the last trick;
the last-trick rules and the chelem exception after), Briscola counts its card points.
Declarations, belote-rebelote, Tarot bonuses and the points already won are left out:
they do not depend on the cards still to play.

The search is alpha-beta on the engine's private bitmask tables (``_fast_*.py``), with a
transposition table keyed at each trick's start on the cards still out, the leader and
(Tarot) who has won every trick so far; equivalent cards (adjacent in rank in one suit,
with no card between them still in play, and worth the same) are searched once; moves
are ordered cheapest-winner first. A node and time budget raises
``SolverBudgetExceeded`` instead of blocking.

Briscola is solved once the stock is empty (every card is then known); earlier
positions raise ``UnsolvablePosition``.
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

#: Nodes searched before giving up, by default (about 2 s of search on this machine).
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

    def legal(self, hand: int, trick: list[int]) -> int:
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

    def legal(self, hand: int, trick: list[int]) -> int:
        if not trick:
            return hand
        wpos = self.winner(trick)
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

    def legal(self, hand: int, trick: list[int]) -> int:
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

    def legal(self, hand: int, trick: list[int]) -> int:
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


class _Solver:
    """Alpha-beta over one deal; the transposition table lives as long as the object."""

    def __init__(
        self, rules: _Rules, hands: list[int], node_budget: int, time_budget: float
    ) -> None:
        self.rules = rules
        self.hands = hands
        self.tt: dict[tuple[int, int, int], tuple[int, int, int]] = {}
        self.nodes = 0
        self.history: dict[int, int] = {}
        self.node_budget = node_budget
        self.deadline = time.perf_counter() + time_budget

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_budget or (
            not self.nodes & 1023 and time.perf_counter() > self.deadline
        ):
            raise SolverBudgetExceeded(f"more than {self.nodes - 1} nodes or the time budget")

    def moves(self, hand: int, trick: list[int], live: int) -> list[tuple[int, int]]:
        """The legal cards worth searching, as (representative, mask of its equivalents)."""
        rules = self.rules
        legal = rules.legal(hand, trick)
        if not legal & (legal - 1):
            return [(legal.bit_length() - 1, legal)]
        pts = rules.pts
        out: list[tuple[int, int]] = []
        for g, gmask in enumerate(rules.group_masks):
            if not legal & gmask:
                continue
            prev = -1
            gap = True
            for c in rules.orders[g]:
                b = 1 << c
                if legal & b:
                    if not gap and pts[c] == pts[prev]:
                        rep, members = out[-1]
                        out[-1] = (rep, members | b)
                    else:
                        out.append((c, b))
                    prev = c
                    gap = False
                elif live & b:
                    gap = True
        return out

    def order(self, moves: list[tuple[int, int]], trick: list[int], seat: int) -> None:
        """Leads: those that caused cut-offs before, then high cards; follows: the cheapest
        winning card first against the opponents, the richest card to a partner."""
        if len(moves) < 2:
            return
        if not trick:
            rank = self.rules.rank
            pts = self.rules.pts
            hist = self.history
            moves.sort(key=lambda m: (-hist.get(m[0], 0), -rank[m[0]] - 2 * pts[m[0]]))
            return
        rules = self.rules
        pts = rules.pts
        wpos = rules.winner(trick)
        lead_seat = (seat - len(trick)) % rules.n
        partner_wins = rules.team[(lead_seat + wpos) % rules.n] == rules.team[seat]
        keys: list[tuple[int, int]] = []
        takes_over = rules.takes_over
        for m in moves:
            c = m[0]
            wins = takes_over(trick, wpos, c)
            if partner_wins:
                keys.append((1 if wins else 0, -pts[c]))
            else:
                keys.append((0 if wins else 1, pts[c]))
        order = sorted(range(len(moves)), key=keys.__getitem__)
        moves[:] = [moves[i] for i in order]

    def search(
        self, trick: list[int], leader: int, flags: int, alpha: int, beta: int, left: int
    ) -> int:
        """Points for side 0 from the current trick to the end under best play (fail-soft
        alpha-beta); ``left`` is every point still to be taken, so the value is in
        ``[0, left]``."""
        if left <= alpha:
            return left
        if beta <= 0:
            return 0
        self._tick()
        rules = self.rules
        hands = self.hands
        n = rules.n
        pos = len(trick)
        if pos == n:
            last = not any(hands)
            w, g0, flags = rules.judge(trick, leader, last, flags)
            if last:
                return g0
            pts = rules.pts
            taken = 0
            for c in trick:
                taken += pts[c]
            return g0 + self.search([], w, flags, alpha - g0, beta - g0, left - taken)
        seat = (leader + pos) % n
        if pos == 0 and not hands[leader] & (hands[leader] - 1):
            # The last trick: every card is forced.
            last_trick = [hands[(leader + i) % n].bit_length() - 1 for i in range(n)]
            return rules.judge(last_trick, leader, True, flags)[1]
        live = 0
        for h in hands:
            live |= h
        key: tuple[int, int, int] | None = None
        best_hint = -1
        if pos == 0:
            key = (live, leader, flags)
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi, best_hint = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha = max(alpha, lo)
                beta = min(beta, hi)
        for c in trick:
            live |= 1 << c
        a0, b0 = alpha, beta
        moves = self.moves(hands[seat], trick, live)
        self.order(moves, trick, seat)
        if best_hint >= 0:
            for i, m in enumerate(moves):
                if m[0] == best_hint:
                    moves.insert(0, moves.pop(i))
                    break
        maximize = rules.team[seat] == 0
        best = -_INF if maximize else _INF
        best_card = -1
        for c, _ in moves:
            b = 1 << c
            hands[seat] ^= b
            trick.append(c)
            try:
                v = self.search(trick, leader, flags, alpha, beta, left)
            finally:
                trick.pop()
                hands[seat] ^= b
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
                if pos == 0:
                    self.history[c] = self.history.get(c, 0) + 1
                break
        if key is not None:
            old = self.tt.get(key)
            lo, hi = (old[0], old[1]) if old is not None else (-_INF, _INF)
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[key] = (lo, hi, best_card)
        return best

    def values(self, trick: list[int], leader: int, flags: int) -> dict[int, int]:
        """Exact points for side 0 after each legal card of the seat to move."""
        hands = self.hands
        seat = (leader + len(trick)) % self.rules.n
        live = 0
        for h in hands:
            live |= h
        for c in trick:
            live |= 1 << c
        out: dict[int, int] = {}
        pts = self.rules.pts
        left = self.rules.bonus_last
        m = live
        while m:
            low = m & -m
            left += pts[low.bit_length() - 1]
            m ^= low
        for c, members in self.moves(hands[seat], trick, live):
            b = 1 << c
            hands[seat] ^= b
            trick.append(c)
            try:
                v = self.search(trick, leader, flags, -_INF, _INF, left)
            finally:
                trick.pop()
                hands[seat] ^= b
            m = members
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
