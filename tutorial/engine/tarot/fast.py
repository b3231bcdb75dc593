"""Private fast path of ``tarot.playout``: one random hand on bitmasks, no Card objects.

Card ``i`` is ``TAROT_DECK[i]``: the plain suits are 0-55 (14 per suit, the one .. the
King in rising order, so a higher index is a higher card), the trumps 56-76 (T1 .. T21)
and the Excuse 77. A hand is an int with bit ``i`` set for each card held. Points are
counted in half-points (ints) and turned into the engine's halves at the end.

The rules are those of ``tarot.TarotState`` (``state.py`` and the rule modules beside
it); ``tests/test_tarot_fast.py`` replays every playout through the state machine and
compares the figures. Its caller is ``playout.py``. The tables here and ``legal_led`` are
also the trick rules' compact form, ``card_masks.TarotCardMasks``.
"""

from __future__ import annotations

import random
from typing import NamedTuple

_PLAIN = (1 << 56) - 1
TRUMPS = ((1 << 21) - 1) << 56
_PETIT = 56
_T21 = 76
EXCUSE = 77
_PETIT_BIT = 1 << _PETIT
_T21_BIT = 1 << _T21
_EXC_BIT = 1 << EXCUSE
_KINGS = sum(1 << (14 * s + 13) for s in range(4))
_DISCARD_PLAIN = _PLAIN & ~_KINGS  # Rule: never a King or a bout in the discard
_DISCARD_TRUMPS = TRUMPS & ~_PETIT_BIT & ~_T21_BIT
_BIT = tuple(1 << i for i in range(78))
#: The suit a card sets when it leads (mask), 0 for the Excuse.
LED = tuple([((1 << 14) - 1) << (14 * (i // 14)) for i in range(56)] + [TRUMPS] * 21 + [0])
#: The trumps that beat trump ``i``.
ABOVE = tuple([0] * 56 + [TRUMPS & ~((1 << (i + 1)) - 1) for i in range(56, 77)] + [0])


def _half_points(i: int) -> int:
    if i >= 56:
        return 9 if i in (_PETIT, _T21, EXCUSE) else 1
    return {13: 9, 12: 7, 11: 5, 10: 3}.get(i % 14, 1)  # K Q C J, the rest 0.5


PTS2 = tuple(_half_points(i) for i in range(78))
_MULT = (0, 1, 2, 4, 6)
_TARGET2 = (112, 102, 82, 72)  # 56, 51, 41, 36 in half-points
_POIGNEE = ((10, 20), (13, 30), (15, 40))  # (cards, bonus): simple, double, triple
_RANGE78 = tuple(range(78))


class Raw(NamedTuple):
    """The figures of one hand, in the compact form (see ``tarot.PlayoutResult``)."""

    deal: tuple[int, ...]
    bids: tuple[int, ...]
    taker: int  # -1: no taker
    contract: int
    discard: tuple[int, ...]  # in the order laid aside
    chelem: bool
    poignees: tuple[tuple[int, int], ...]  # (seat, level index)
    plays: tuple[int, ...]
    winners: tuple[int, ...]
    half_points: tuple[int, int]  # the taker's side, the defence
    bouts: int  # of the taker's side
    per_defender: float  # what each defender pays the taker
    result: str


def legal_led(hand: int, led: int, above: int) -> int:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led`` (a
    mask; 0 before any card but the Excuse) and whose highest trump is below ``above``
    (the trumps that beat it; every trump when none is down): follow suit (a trump
    led: higher if possible), else trump, higher if possible; the Excuse any time.

    The legality of ``card_masks.TarotCardMasks`` and of ``play_hand``'s loop.
    """
    if not led:
        return hand
    f = hand & led
    if f:
        if led == TRUMPS:
            g = f & above
            if g:
                f = g
        return f | (hand & _EXC_BIT)
    f = hand & TRUMPS
    if f:
        g = f & above
        return (g or f) | (hand & _EXC_BIT)
    return hand


def _pick(mask: int, r: float) -> int:
    """The bit of ``mask`` chosen by ``r`` in [0, 1) (uniform over the set bits)."""
    k = int(r * mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return mask & -mask


def play_hand(
    rng: random.Random, dealer: int, excuse_to_opponents: bool, discards_count: bool
) -> Raw:
    """Deal with ``rng`` and play one hand by uniformly random legal actions."""
    # A hot loop, measured by ``python -m tutorial bench``: one function on purpose, with
    # its tables in locals (the legal cards by ``legal_led``, the rules' compact form);
    # split it only if the bench says the split costs nothing.
    rand = rng.random
    order = list(_RANGE78)
    rng.shuffle(order)  # the same draws as new_hand(rng=...) shuffling the deck
    deal = tuple(order)
    bit = _BIT
    hands = [0, 0, 0, 0]
    first = dealer + 1
    for k in range(24):  # 3 cards at a time from the seat after the dealer
        j = 3 * k
        hands[(first + k) & 3] |= bit[order[j]] | bit[order[j + 1]] | bit[order[j + 2]]
    chien = 0
    for c in order[72:]:
        chien |= bit[c]
    for h in hands:
        if h & TRUMPS == _PETIT_BIT and not h & _EXC_BIT:  # Rule: Petit sec
            return Raw(deal, (), -1, 0, (), False, (), (), (), (0, 0), 0, 0.0, "petit_sec")

    # Bidding: once each, pass or higher.
    bids = []
    contract = 0
    taker = -1
    for i in range(4):
        k = int(rand() * (5 - contract))
        if k:
            contract += k
            taker = (first + i) & 3
        bids.append(contract if k else 0)
    if contract == 0:
        return Raw(deal, tuple(bids), -1, 0, (), False, (), (), (), (0, 0), 0, 0.0, "all_passed")

    # Chien and discard (Prise/Garde), one card at a time.
    discard: list[int] = []
    if contract <= 2:
        th = hands[taker] | chien
        aside = 0
        for left in range(6, 0, -1):
            plain = th & _DISCARD_PLAIN
            cand = plain if plain.bit_count() >= left else plain | (th & _DISCARD_TRUMPS)
            b = _pick(cand, rand())
            th ^= b
            aside |= b
            discard.append(b.bit_length() - 1)
        hands[taker] = th
    else:
        aside = chien
    aside_team = 1 if contract == 4 else 0

    chelem = rand() < 0.5
    leader = taker if chelem else first & 3

    # Poignées, asked in playing order before each seat's first card.
    poignees = []
    shown_discards = (aside & TRUMPS).bit_count() if contract <= 2 else 0
    four_kings = discards_count and hands[taker] & _KINGS == _KINGS and shown_discards > 0
    for i in range(4):
        seat = (leader + i) & 3
        h = hands[seat]
        n_trumps = (h & TRUMPS).bit_count()
        special = seat == taker and four_kings
        if n_trumps < 9 and not special:
            continue
        has_exc = bool(h & _EXC_BIT)
        levels = []
        for lv in range(3):
            size = _POIGNEE[lv][0]
            n = n_trumps + shown_discards if (lv == 2 and special) else n_trumps
            if n >= size or (n == size - 1 and has_exc):
                levels.append(lv)
        if levels:
            k = int(rand() * (len(levels) + 1))
            if k:
                poignees.append((seat, levels[k - 1]))

    # Play: follow suit; else trump, beating the highest trump if possible; Excuse any time.
    team = [1, 1, 1, 1]
    team[taker] = 0
    pts2 = [0, 0]
    plays: list[int] = []
    push = plays.append
    winners: list[int] = []
    wpush = winners.append
    pts = PTS2
    led_of = LED
    above_of = ABOVE
    trumps = TRUMPS
    legal_of = legal_led  # the rules' own legality (a call costs ~3% of hands per second)
    exc_seat = exc_t = petit_t = t21_t = -1
    exception = False
    for t in range(18):
        seat = leader
        led = 0
        above = trumps
        best = -1
        win = seat
        tp = 0
        for _ in range(4):
            hand = hands[seat]
            legal = legal_of(hand, led, above)
            n = legal.bit_count()
            if n > 1:
                k = int(rand() * n)
                while k:
                    legal &= legal - 1
                    k -= 1
            b = legal & -legal
            c = b.bit_length() - 1
            hands[seat] = hand ^ b
            push(c)
            tp += pts[c]
            if c < 56:
                if not led:
                    led = led_of[c]
                    best = c
                    win = seat
                elif above == trumps and c > best and b & led:
                    best = c
                    win = seat
            elif c < 77:
                if not led:
                    led = trumps
                if b & above:
                    above = above_of[c]
                    win = seat
                if c == 56:
                    petit_t = t
                elif c == 76:
                    t21_t = t
            else:
                exc_seat = seat
                exc_t = t
            seat = (seat + 1) & 3
        if t == 17 and exc_t == 17 and exc_seat == leader:
            # Rule: the Excuse led to the last trick after 17 tricks won wins it.
            taker_won = winners.count(taker)
            if taker_won == (17 if team[leader] == 0 else 0):
                win = leader
                exception = True
        pts2[team[win]] += tp
        wpush(win)
        leader = win

    # The Excuse: kept by its team (0.5 exchange) before the last trick; then it moves.
    exc_team = aside_team
    if exc_t >= 0:
        wt = team[winners[exc_t]]
        owner = team[exc_seat]
        if exc_t < 17:
            if owner != wt:
                pts2[wt] -= 8  # gives back the Excuse (9) but receives 1 in exchange
                pts2[owner] += 8
            exc_team = owner
        elif exception:
            exc_team = owner
        else:
            exc_team = 1 - owner if excuse_to_opponents else wt
            if exc_team != wt:
                pts2[wt] -= 9
                pts2[exc_team] += 9
    a = aside
    while a:
        b = a & -a
        pts2[aside_team] += pts[b.bit_length() - 1]
        a ^= b
    bouts = 0
    if exc_team == 0:
        bouts += 1
    for bt, bb in ((petit_t, _PETIT_BIT), (t21_t, _T21_BIT)):
        if (aside_team if aside & bb else team[winners[bt]]) == 0:
            bouts += 1

    # Settlement.
    mult = _MULT[contract]
    diff2 = pts2[0] - _TARGET2[bouts]
    made = diff2 >= 0
    sign = 1 if made else -1
    base = (25 + abs(diff2) / 2) * mult
    pab = 0.0
    pab_t = 16 if exception else 17
    if petit_t == pab_t:
        pab = 10.0 * mult * (1 if team[winners[pab_t]] == 0 else -1)
    poignee = float(sum(_POIGNEE[lv][1] for _, lv in poignees)) * sign
    taker_won = winners.count(taker)
    if chelem:
        chelem_pts = 400.0 if taker_won == 18 else -200.0
    elif taker_won == 18:
        chelem_pts = 200.0
    elif taker_won == 0:
        chelem_pts = -200.0
    else:
        chelem_pts = 0.0
    per_defender = sign * base + pab + poignee + chelem_pts
    return Raw(
        deal,
        tuple(bids),
        taker,
        contract,
        tuple(discard),
        chelem,
        tuple(poignees),
        tuple(plays),
        tuple(winners),
        (pts2[0], pts2[1]),
        bouts,
        per_defender,
        "made" if made else "failed",
    )
