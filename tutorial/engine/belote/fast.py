"""Private fast path of Belote: one random hand on bitmasks, no card objects in the loop.

Cards are ``BELOTE_DECK`` indices: ``suit * 8 + n`` with suits S H D C and ``n`` the
natural rank 7 8 9 10 J Q K A (0..7); a hand is an int with bit ``i`` set for card ``i``.
The package's ``cards`` and ``declarations`` own the rules' data (rank orders, points);
``playout`` turns it into tables per trump suit once, with ``make_tables``. This module
codes the deal, a random bidding, the declarations, the 32 plays with every obligation,
and the score, exactly as the state machine does; ``tests/test_belote_fast.py`` replays
its hands through ``new_hand`` and ``apply`` to prove it. The tables are also those of
the trick rules' compact form, ``card_masks.BeloteCardMasks``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence

from tutorial.engine.cards import BELOTE_RANKS

_N = 32
_BIT = tuple(1 << i for i in range(_N))
SUIT_MASK = (0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24)
_NAT = BELOTE_RANKS  # 7 8 9 10 J Q K A


class Tables:
    """Everything the hot loop looks up, per trump suit (index 0-3: S H D C)."""

    __slots__ = ("beats", "carres", "higher", "kq", "points")

    def __init__(
        self,
        points: tuple[tuple[int, ...], ...],
        beats: tuple[tuple[bool, ...], ...],
        higher: tuple[tuple[int, ...], ...],
        carres: tuple[tuple[int, int, int], ...],
        kq: tuple[int, ...],
    ) -> None:
        self.points = points
        self.beats = beats
        self.higher = higher
        self.carres = carres
        self.kq = kq


def make_tables(
    trump_order: Sequence[str],
    plain_order: Sequence[str],
    trump_points: Mapping[str, int],
    plain_points: Mapping[str, int],
    carre_points: Mapping[str, int],
    carre_order: Mapping[str, int],
) -> Tables:
    """Per trump suit: card points, ``beats[w * 32 + c]``, higher trumps; carrés; K+Q masks.

    Orders are lowest first; points and carré tables are keyed by rank.
    """
    points = []
    beats = []
    higher = []
    trump_rank = [trump_order.index(r) for r in _NAT]
    plain_rank = [plain_order.index(r) for r in _NAT]
    for t in range(4):
        pts = []
        for i in range(_N):
            table = trump_points if i >> 3 == t else plain_points
            pts.append(table[_NAT[i & 7]])
        points.append(tuple(pts))
        # Rule 5: a trump beats any plain card and a lower trump; a plain card beats only
        # a lower card of its own suit (the winning card is always a trump or of the led
        # suit).
        bt = [False] * (_N * _N)
        for w in range(_N):
            for c in range(_N):
                if c >> 3 == t:
                    b = w >> 3 != t or trump_rank[c & 7] > trump_rank[w & 7]
                else:
                    b = w >> 3 == c >> 3 and plain_rank[c & 7] > plain_rank[w & 7]
                bt[w * _N + c] = b
        beats.append(tuple(bt))
        hi = []
        for w in range(_N):
            m = 0
            if w >> 3 == t:
                for n in range(8):
                    if trump_rank[n] > trump_rank[w & 7]:
                        m |= _BIT[t * 8 + n]
            hi.append(m)
        higher.append(tuple(hi))
    carres = tuple(
        (sum(_BIT[s * 8 + n] for s in range(4)), carre_points[_NAT[n]], carre_order[_NAT[n]])
        for n in range(8)
        if _NAT[n] in carre_points
    )
    k, q = _NAT.index("K"), _NAT.index("Q")
    kq = tuple(_BIT[t * 8 + k] | _BIT[t * 8 + q] for t in range(4))
    return Tables(tuple(points), tuple(beats), tuple(higher), carres, kq)


def _build_runs() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each 8-bit suit pattern: the maximal runs of 3+ cards as (first, length)."""
    out = []
    for pattern in range(256):
        runs = []
        n = 0
        while n < 8:
            if pattern >> n & 1:
                start = n
                while n < 8 and pattern >> n & 1:
                    n += 1
                if n - start >= 3:
                    runs.append((start, n - start))
            else:
                n += 1
        out.append(tuple(runs))
    return tuple(out)


_RUNS = _build_runs()
_SEQ_POINTS = (0, 0, 0, 20, 50, 100, 100, 100, 100)


def _seq_key(length: int, top: int, is_trump: int) -> int:
    # Sequences: longer (6+ count as 5), then higher top card, then the trump suit.
    return min(length, 5) * 1000 + top * 10 + is_trump


def _carre_key(points: int, order: int) -> int:
    # Carrés beat every sequence; then value, then rank (A > 10 > K > Q).
    return 1_000_000 + points * 100 + order * 10


def declarations(
    hand: int, trump: int, reuse: bool, carre_table: Sequence[tuple[int, int, int]]
) -> tuple[int, int]:
    """(points, strength of the best one) of the combinations a hand declares; (0, 0): none.

    Mirrors ``declarations.best_declarations``: every carré and at most one sequence per run;
    without ``reuse`` the non-overlapping set of most points, then strongest.
    """
    carres = [(m, p, _carre_key(p, o)) for m, p, o in carre_table if hand & m == m]
    runs = []  # (mask, suit, first, length)
    for s in range(4):
        for first, length in _RUNS[hand >> (8 * s) & 0xFF]:
            runs.append((((1 << length) - 1) << (8 * s + first), s, first, length))
    if not carres and not runs:
        return 0, 0
    overlap = any(m & r[0] for m, _, _ in carres for r in runs)
    if reuse or not overlap:
        pts = sum(p for _, p, _ in carres)
        keys = [k for _, _, k in carres]
        for _, s, first, length in runs:
            pts += _SEQ_POINTS[length]
            keys.append(_seq_key(length, first + length - 1, int(s == trump)))
        return pts, max(keys)
    # Rare: a carré shares cards with a run; try every carré subset and run window.
    choices: list[list[tuple[int, int, int] | None]] = []
    for _, s, first, length in runs:
        opts: list[tuple[int, int, int] | None] = [None]
        for a in range(length):
            for e in range(a + 3, length + 1):
                mask = ((1 << (e - a)) - 1) << (8 * s + first + a)
                key = _seq_key(e - a, first + e - 1, int(s == trump))
                opts.append((mask, _SEQ_POINTS[e - a], key))
        choices.append(opts)
    best: tuple[int, tuple[int, ...]] = (0, ())
    for keep in itertools.product((False, True), repeat=len(carres)):
        base = [c for c, k in zip(carres, keep, strict=True) if k]
        used = 0
        for m, _, _ in base:
            used |= m
        for pick in itertools.product(*choices):
            seqs = [w for w in pick if w is not None]
            if any(w[0] & used for w in seqs):
                continue
            items = base + seqs
            cand = (sum(i[1] for i in items), tuple(sorted((i[2] for i in items), reverse=True)))
            if cand > best:
                best = cand
    return best[0], (best[1][0] if best[1] else 0)


#: The rule options the fast path needs, as yes-or-no flags (see ``play_hand``).
Flags = tuple[bool, bool, bool, bool, bool, bool, bool, bool, bool, bool, bool]

# The figures of one hand, in the order belote.playout unpacks them.
Figures = tuple[
    tuple[int, ...],  # deal
    tuple[int, ...],  # bids: -1 pass, else the suit index taken
    tuple[bool, ...],  # declared, per seat
    int,  # taker (-1: all passed)
    int,  # trump (-1: all passed)
    list[int],  # plays
    list[int],  # trick winners
    list[int],  # trick points
    list[int],  # player points
    list[int],  # team card points with dix de der
    list[int],  # team totals
    str,  # result
    int,  # capot team (-1: none)
    int,  # declaration team (-1: none)
    int,  # belote team (-1: none)
    int,  # points held for the next hand
]


def play_hand(
    rng: random.Random,
    tables: Tables,
    dealer: int,
    carried: int,
    flags: Flags,
    capot_total: int,
) -> Figures:
    """Deal, bid, declare, play and score one hand by random legal choices.

    ``flags``: partner winning frees, undertrump forced, contract on totals strictly,
    a tie succeeds, a tie is a dedans (else a litige), round to tens, judge the contract
    on the rounded figures, declarations on, card reuse, the best team takes every
    declaration (000), a dedans gives the defence every declaration (else only its own
    best ones: 004).
    """
    # A hot loop, measured by ``python -m tutorial bench``: kept whole, on locals, on
    # purpose (a function call per step costs hands per second).
    (
        free, undertrump, strict, tie_ok, tie_dedans, tens, tens_judged, with_decl, reuse,
        take_all, dedans_all,
    ) = flags  # fmt: skip
    rnd = rng.random
    bit = _BIT
    deal = list(range(_N))
    # Fisher-Yates with rng.random(): cheaper than rng.shuffle.
    for i in range(_N - 1, 0, -1):
        j = int(rnd() * (i + 1))
        deal[i], deal[j] = deal[j], deal[i]
    first = (dealer + 1) & 3
    order = [(dealer + k) & 3 for k in (1, 2, 3, 4)]
    hands = [0, 0, 0, 0]
    p = 0
    for seat in order:  # 3 cards each, then 2 each
        hands[seat] = bit[deal[p]] | bit[deal[p + 1]] | bit[deal[p + 2]]
        p += 3
    for seat in order:
        hands[seat] |= bit[deal[p]] | bit[deal[p + 1]]
        p += 2
    proposed = deal[20]
    psuit = proposed >> 3

    # Bidding: round 1 take or pass (1 in 2); round 2 pass or one of the 3 other suits.
    bids: list[int] = []
    taker = -1
    trump = -1
    for seat in order:
        if rnd() < 0.5:
            bids.append(-1)
        else:
            taker, trump = seat, psuit
            bids.append(psuit)
            break
    if taker < 0:
        others = [s for s in range(4) if s != psuit]
        for seat in order:
            k = int(rnd() * 4)
            if k == 0:
                bids.append(-1)
            else:
                taker, trump = seat, others[k - 1]
                bids.append(trump)
                break
    if taker < 0:
        return (
            tuple(deal), tuple(bids), (False,) * 4, -1, -1, [], [], [], [0, 0, 0, 0],
            [0, 0], [0, 0], "redeal", -1, -1, -1, carried,
        )  # fmt: skip
    # The taker gets the proposed card plus 2, the others 3, in order.
    hands[taker] |= bit[proposed]
    p = 21
    for seat in order:
        if seat == taker:
            hands[seat] |= bit[deal[p]] | bit[deal[p + 1]]
            p += 2
        else:
            hands[seat] |= bit[deal[p]] | bit[deal[p + 1]] | bit[deal[p + 2]]
            p += 3

    # Declarations at the first trick: each seat holding some declares or not (1 in 2).
    declared = [False, False, False, False]
    best_key = 0
    decl_team = -1
    decl_pts = [0, 0]
    own_pts = [0, 0]  # each team's own declarations
    all_decl = 0  # every declaration made, both teams' (a dedans gives them all away)
    if with_decl:
        seat_pts = [0, 0, 0, 0]
        for k, seat in enumerate(order):
            pts, key = declarations(hands[seat], trump, reuse, tables.carres)
            if pts and rnd() < 0.5:
                declared[seat] = True
                seat_pts[seat] = pts
                full = key * 4 + 3 - k  # equal: the first from the dealer's next player
                if full > best_key:
                    best_key, decl_team = full, seat & 1
        all_decl = seat_pts[0] + seat_pts[1] + seat_pts[2] + seat_pts[3]
        own_pts = [seat_pts[0] + seat_pts[2], seat_pts[1] + seat_pts[3]]
        if decl_team >= 0:
            if take_all:  # 000: the best team scores the beaten declarations too
                decl_pts[decl_team] = seat_pts[0] + seat_pts[1] + seat_pts[2] + seat_pts[3]
            else:
                decl_pts[decl_team] = seat_pts[decl_team] + seat_pts[decl_team + 2]
    kq = tables.kq[trump]
    belote_team = -1
    for seat in range(4):
        if hands[seat] & kq == kq:
            belote_team = seat & 1

    # Play: 8 tricks, every obligation of rules 1-5.
    tmask = SUIT_MASK[trump]
    beats = tables.beats[trump]
    higher = tables.higher[trump]
    pts_of = tables.points[trump]
    plays: list[int] = []
    winners: list[int] = []
    tpoints: list[int] = []
    player = [0, 0, 0, 0]
    leader = first
    for trick in range(8):
        m = hands[leader]
        k = int(rnd() * (8 - trick))
        while k:
            m &= m - 1
            k -= 1
        low = m & -m
        hands[leader] ^= low
        w = low.bit_length() - 1
        plays.append(w)
        wpos = 0
        tp = pts_of[w]
        led = w >> 3
        lmask = SUIT_MASK[led]
        seat = leader
        for pos in (1, 2, 3):
            seat = (seat + 1) & 3
            h = hands[seat]
            # The legal cards: an inlined copy of ``card_masks.BeloteCardMasks.legal`` on
            # the same tables, kept for the measured speed (calling it costs 9% of the
            # hands per second, the leanest call 6%); ``tests/test_card_masks.py`` checks
            # that the two agree on every play of many random hands.
            if led == trump:
                # Rule 4: trump led -> a higher trump if possible, even over the partner.
                tr = h & tmask
                legal = (tr & higher[w]) or tr or h
            else:
                legal = h & lmask  # rule 1: follow suit
                if not legal:
                    tr = h & tmask
                    if not tr:
                        legal = h
                    elif wpos == pos - 2:  # rule 2: partner winning
                        legal = h if free else tr
                    elif w >> 3 == trump:  # rule 3: overtrump, else undertrump
                        legal = (tr & higher[w]) or (tr if undertrump else h)
                    else:
                        legal = tr
            if legal & (legal - 1):
                k = int(rnd() * legal.bit_count())
                while k:
                    legal &= legal - 1
                    k -= 1
            low = legal & -legal
            hands[seat] ^= low
            c = low.bit_length() - 1
            plays.append(c)
            tp += pts_of[c]
            if beats[w * 32 + c]:
                w = c
                wpos = pos
        leader = (leader + wpos) & 3
        winners.append(leader)
        tpoints.append(tp)
        player[leader] += tp

    # Score.
    tteam = taker & 1
    dteam = 1 - tteam
    raw = [player[0] + player[2], player[1] + player[3]]
    raw[leader & 1] += 10  # dix de der
    won0 = sum(1 for x in winners if not x & 1)
    capot = 0 if won0 == 8 else (1 if won0 == 0 else -1)
    bel = [0, 0]
    if belote_team >= 0:
        bel[belote_team] = 20
    if strict:
        fig_t = raw[tteam] + decl_pts[tteam] + bel[tteam]
        fig_d = raw[dteam] + decl_pts[dteam] + bel[dteam]
    else:
        fig_t, fig_d = raw[tteam], raw[dteam]
    if tens_judged:  # the contract on the rounded figures
        fig_t, fig_d = (fig_t + 5) // 10 * 10, (fig_d + 5) // 10 * 10
    litige = False
    if capot >= 0:
        made = capot == tteam
    elif fig_t != fig_d:
        made = fig_t > fig_d
    else:
        made = not strict or tie_ok
        litige = not made and not tie_dedans
    tot = [0, 0]
    held = 0
    best_decl = decl_pts[decl_team] if decl_team >= 0 else 0
    # On a dedans the defence scores every declaration, or (004) only its own best ones.
    defence_decl = all_decl if dedans_all else (own_pts[dteam] if decl_team == dteam else 0)
    if capot >= 0:
        tot[capot] = capot_total + bel[capot]
        if made:  # the takers' capot: their declarations if they were the best
            if decl_team == capot:
                tot[capot] += best_decl
        else:  # a capot won by the defence is a dedans
            tot[capot] += defence_decl
        tot[1 - capot] = bel[1 - capot]
        result = "made" if made else "dedans"
    elif made:
        tot = [raw[0] + decl_pts[0] + bel[0], raw[1] + decl_pts[1] + bel[1]]
        result = "made"
    elif litige:
        tot[dteam] = raw[dteam] + decl_pts[dteam] + bel[dteam]
        tot[tteam] = bel[tteam]
        held = raw[tteam] + decl_pts[tteam]
        if tens:  # to the nearest ten, halves up
            held = (held + 5) // 10 * 10
        result = "litige"
    else:
        # Dedans: the defence scores 162 plus all declarations (000 §11, 003 §4).
        tot[dteam] = 162 + defence_decl + bel[dteam]
        tot[tteam] = bel[tteam]
        result = "dedans"
    if tens:
        tot = [(tot[0] + 5) // 10 * 10, (tot[1] + 5) // 10 * 10]
    if carried:
        if litige:
            held += carried
        else:
            tot[tteam if made else dteam] += carried
    return (
        tuple(deal), tuple(bids), tuple(declared), taker, trump, plays, winners, tpoints,
        player, raw, tot, result, capot, decl_team, belote_team, held,
    )  # fmt: skip
