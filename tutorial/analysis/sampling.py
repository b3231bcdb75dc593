"""Dealing the cards the seat to move cannot see again, consistently with what it has
seen (pure: never imports streamlit).

:func:`sample_deal` places every hidden card where :func:`tutorial.analysis.knowledge.knowledge`
allows it (each place's capacity kept; augmenting paths when a greedy choice is stuck),
redraws a few times a deal the soft bidding rule finds implausible, and shuffles
Briscola's stock. The same ``random.Random`` gives the same deal: the judge draws its
deals from a seed of the position (``tutorial.analysis.judgement``).
"""

from __future__ import annotations

import random
from collections import deque

from tutorial.analysis.card_bits import deck_of
from tutorial.analysis.knowledge import OUT, Knowledge, knowledge
from tutorial.analysis.solver import UnsolvablePosition
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState

__all__ = ["BID_TRIES", "sample_deal"]

#: Deals redrawn at most to find one where the taker's hand fits its bid.
BID_TRIES = 6


def _assign(kn: Knowledge, rng: random.Random) -> dict[int, list[Card]]:
    """One random placement of the unknown cards that respects every place's capacity
    and every card's allowed places (augmenting paths when a greedy choice is stuck)."""
    cap = dict(kn.capacity)
    cards = list(kn.allowed)
    rng.shuffle(cards)
    cards.sort(key=lambda c: len(kn.allowed[c]))
    where: dict[Card, int] = {}
    held: dict[int, list[Card]] = {p: [] for p in cap}

    def put(c: Card, p: int) -> None:
        where[c] = p
        held[p].append(c)
        cap[p] -= 1

    for c in cards:
        free = [p for p in kn.allowed[c] if cap[p] > 0]
        if free:
            weights = [cap[p] for p in free]
            put(c, rng.choices(free, weights)[0])
            continue
        # Augmenting path: move cards along places until one has room.
        start = sorted(kn.allowed[c])
        prev: dict[int, tuple[int, Card] | None] = {p: None for p in start}
        queue = deque(start)
        goal: int | None = None
        while queue and goal is None:
            p = queue.popleft()
            for y in held[p]:
                for q in kn.allowed[y]:
                    if q not in prev:
                        prev[q] = (p, y)
                        if cap[q] > 0:
                            goal = q
                            break
                        queue.append(q)
                if goal is not None:
                    break
        if goal is None:
            raise UnsolvablePosition("no deal fits what the seat has seen")
        q = goal
        cap[q] -= 1
        while True:
            step = prev[q]
            if step is None:
                break
            p, y = step
            held[p].remove(y)
            held[q].append(y)
            where[y] = q
            q = p
        where[c] = q
        held[q].append(c)
    # A few random swaps between places, so that the order above leaves no trace.
    pool = list(where)
    size = len(pool)
    draw = rng.random
    for _ in range(2 * size):
        a, b = pool[int(draw() * size)], pool[int(draw() * size)]
        pa, pb = where[a], where[b]
        if pa != pb and pb in kn.allowed[a] and pa in kn.allowed[b]:
            held[pa][held[pa].index(a)] = b
            held[pb][held[pb].index(b)] = a
            where[a], where[b] = pb, pa
    return held


def sample_deal(state: GameState, rng: random.Random, kn: Knowledge | None = None) -> GameState:
    """``state`` with the cards its seat to move cannot see dealt again at random,
    consistently with what that seat has seen (Briscola: the stock shuffled too).

    Raises:
        UnsolvablePosition: not a card-play moment.
    """
    kn = kn or knowledge(state)
    deal = _assign(kn, rng)
    for _ in range(BID_TRIES):
        if kn.plausible is None or kn.plausible(deal):
            break
        deal = _assign(kn, rng)
    order = deck_of(state).index
    hands = tuple(
        tuple(state.hands[s])
        if s == kn.seat
        else (*sorted(kn.fixed[s], key=order), *deal.get(s, ()))
        for s in range(state.num_players)
    )
    if state.cards_to_draw:  # the stock is dealt again in a random order
        stock = list(deal.get(OUT, ()))
        rng.shuffle(stock)
        return state.with_hands(hands, tuple(stock))
    return state.with_hands(hands)
