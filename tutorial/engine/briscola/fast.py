"""Private fast path of Briscola: one random hand on bitmasks, no card objects.

Cards are deck indices 0..39 (``BRISCOLA_DECK`` order: suit-major, ten per suit); a hand
is an int with bit ``i`` set for card ``i``. ``cards.py`` owns the rules' data (rank
strength and points per ruleset) and ``playout.py`` builds the tables here; this module
only codes the trick winner (as a table) and the deal, play and draw sequence. Tested
against the plain state machine in ``tests/test_briscola_fast.py``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

_N = 40
_BIT = [1 << i for i in range(_N)]


def make_tables(suits: Sequence[int], strength: Sequence[int]) -> tuple[list[bool], ...]:
    """Per trump suit, ``table[w * 40 + c]``: does card ``c``, played later, beat ``w``?

    ``w`` is the card winning the trick so far: a trump, or else a card of the led suit.
    """
    tables = []
    for trump in range(4):
        table = [False] * (_N * _N)
        for w in range(_N):
            for c in range(_N):
                if suits[c] == trump:
                    # A trump beats any plain card; the higher trump beats the lower.
                    beats = suits[w] != trump or strength[c] > strength[w]
                else:
                    # A plain card wins only over a lower card of its own (the led) suit.
                    beats = suits[w] == suits[c] and strength[c] > strength[w]
                table[w * _N + c] = beats
        tables.append(table)
    return tuple(tables)


# A hot loop, measured by `python -m tutorial bench`: kept in one piece on purpose.
def play_two(
    rng: random.Random, beats_by_trump: Sequence[list[bool]], points: Sequence[int], dealer: int
) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """Deal and play a 2-player hand: (deal, plays, trick winners, trick points, seat points)."""
    rnd = rng.random
    deal = list(range(_N))
    # Fisher-Yates with rng.random(): cheaper than rng.shuffle's getrandbits loop.
    for i in range(_N - 1, 0, -1):
        j = int(rnd() * (i + 1))
        deal[i], deal[j] = deal[j], deal[i]
    bit = _BIT
    beats = beats_by_trump[deal[6] // 10]  # the face-up card names trump
    # `lead` and `follow` are the hands of the leader and of the other seat; they swap
    # when the follower wins. The seat after the dealer is dealt first and leads first.
    leader = 1 - dealer
    lead = bit[deal[0]] | bit[deal[2]] | bit[deal[4]]
    follow = bit[deal[1]] | bit[deal[3]] | bit[deal[5]]
    stock = deal[7:]
    stock.append(deal[6])  # the last draw takes the face-up trump card
    plays: list[int] = []
    winners: list[int] = []
    tpoints: list[int] = []
    play = plays.append
    win = winners.append
    score = tpoints.append
    seat_pts = [0, 0]
    pos = 0
    size = 3  # cards in each hand at the start of the trick
    for trick in range(20):
        # Each seat plays a uniformly random card of its hand (no obligation).
        if size == 1:
            low0 = lead
            low1 = follow
        else:
            m = lead
            j = int(rnd() * size)
            while j:
                m &= m - 1
                j -= 1
            low0 = m & -m
            m = follow
            j = int(rnd() * size)
            while j:
                m &= m - 1
                j -= 1
            low1 = m & -m
        lead ^= low0
        follow ^= low1
        c0 = low0.bit_length() - 1
        c1 = low1.bit_length() - 1
        play(c0)
        play(c1)
        p = points[c0] + points[c1]
        score(p)
        if beats[c0 * _N + c1]:
            leader ^= 1  # the follower wins and leads the next trick
            lead, follow = follow, lead
        win(leader)
        seat_pts[leader] += p
        if trick < 17:
            # The winner draws first, then the loser.
            lead |= bit[stock[pos]]
            follow |= bit[stock[pos + 1]]
            pos += 2
        else:
            size -= 1  # the last three tricks are played without drawing
    return deal, plays, winners, tpoints, seat_pts


# A hot loop, measured by `python -m tutorial bench`: kept in one piece on purpose.
def play_four(
    rng: random.Random, beats_by_trump: Sequence[list[bool]], points: Sequence[int], dealer: int
) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """Deal and play a 4-player hand: (deal, plays, trick winners, trick points, seat points)."""
    rnd = rng.random
    deal = list(range(_N))
    for i in range(_N - 1, 0, -1):
        j = int(rnd() * (i + 1))
        deal[i], deal[j] = deal[j], deal[i]
    bit = _BIT
    beats = beats_by_trump[deal[12] // 10]
    first = (dealer + 1) & 3
    hands = [0, 0, 0, 0]
    for i in range(12):
        hands[(first + i) & 3] |= bit[deal[i]]
    stock = deal[13:]
    stock.append(deal[12])
    plays: list[int] = []
    winners: list[int] = []
    tpoints: list[int] = []
    seat_pts = [0, 0, 0, 0]
    leader = first
    pos = 0
    size = 3
    for trick in range(10):
        winner = seat = leader
        best = -1
        p = 0
        for _ in range(4):
            m = hands[seat]
            if size == 1:
                low = m
            else:
                j = int(rnd() * size)
                while j:
                    m &= m - 1
                    j -= 1
                low = m & -m
            hands[seat] ^= low
            c = low.bit_length() - 1
            plays.append(c)
            p += points[c]
            if best < 0 or beats[best * _N + c]:
                best = c
                winner = seat
            seat = (seat + 1) & 3
        winners.append(winner)
        tpoints.append(p)
        seat_pts[winner] += p
        if trick < 7:
            # The winner draws first, then the others in playing order.
            hands[winner] |= bit[stock[pos]]
            hands[(winner + 1) & 3] |= bit[stock[pos + 1]]
            hands[(winner + 2) & 3] |= bit[stock[pos + 2]]
            hands[(winner + 3) & 3] |= bit[stock[pos + 3]]
            pos += 4
        else:
            size -= 1
        leader = winner
    return deal, plays, winners, tpoints, seat_pts
