"""Tarot's trick rules in their compact form (see ``tutorial.engine.card_masks``).

Cards are ``TAROT_DECK`` indices: the plain suits 0-55 (14 per suit, a higher index a
higher card), the trumps 56-76 (T1 .. T21), the Excuse 77; the tables (``LED``,
``ABOVE``, ``PTS2``) are the fast playout's own, in ``fast``. Points are half-points.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial.engine.card_masks import CardMasks, power_orders
from tutorial.engine.cards import TAROT_DECK
from tutorial.engine.contract import GameState
from tutorial.engine.tarot.constants import NUM_PLAYERS
from tutorial.engine.tarot.fast import ABOVE, EXCUSE, LED, PTS2, TRUMPS, legal_led
from tutorial.engine.tarot.options import EXCUSE_TO_OPPONENTS, TarotOptions

_SIZE = len(TAROT_DECK)
#: Per card, its group: the four plain suits, the trumps, the Excuse.
GROUP_OF_CARD = tuple(min(c // 14, 4) if c < EXCUSE else 5 for c in range(_SIZE))
_ORDERS = power_orders(_SIZE, GROUP_OF_CARD, lambda w, c: c > w)


class TarotCardMasks(CardMasks):
    """Tarot's trick rules on ``TAROT_DECK`` indices, in half-points, for a state's taker,
    its Excuse option and (``root_flags``) the sides that have won every trick so far.

    ``unlisted_won``: per side, whether it won some trick the state does not list.
    """

    def __init__(self, state: GameState, unlisted_won: tuple[bool, bool] = (False, False)) -> None:
        opts = state.ruleset.options
        assert isinstance(opts, TarotOptions)
        self.n = NUM_PLAYERS
        self.deck = TAROT_DECK
        self.size = _SIZE
        self.team = tuple(state.team_of(s) for s in range(NUM_PLAYERS))
        self.pts = PTS2
        self.scale = 2
        self.bonus_last = 0
        self.trumps = TRUMPS
        self.excuse = EXCUSE
        self.excuse_to_opponents = opts.excuse_last_trick == EXCUSE_TO_OPPONENTS
        self.orders, self.group_masks = _ORDERS
        flags = 0
        for side in (0, 1):
            if not unlisted_won[1 - side] and all(
                self.team[t.winner] == side for t in state.tricks
            ):
                flags |= 1 << side
        self.root_flags = flags

    def legal(self, hand: int, trick: Sequence[int], wpos: int) -> int:
        """The cards of ``hand`` that may be played to ``trick`` (``wpos``: the place of
        the card winning it so far): ``fast.legal_led``, the fast playout's own."""
        if not trick:
            return hand
        led = LED[trick[0]]
        if not led:  # the Excuse led: the next card sets the suit
            if len(trick) == 1:
                return hand
            led = LED[trick[1]]
        w = trick[wpos]
        return legal_led(hand, led, ABOVE[w] if TRUMPS >> w & 1 else TRUMPS)

    def winner(self, trick: Sequence[int]) -> int:
        """The position in the (partial, non-empty) trick of the card winning it so far:
        the highest trump, else the highest card of the led suit; never the Excuse (the
        card after it sets the suit)."""
        best = -1
        wpos = 0
        trumped = False
        led = 0
        for pos, c in enumerate(trick):
            if c == EXCUSE:
                continue
            if c >= 56:
                if not trumped or c > best:
                    best, wpos, trumped = c, pos, True
            elif not trumped:
                if not led:
                    led = LED[c]
                    best, wpos = c, pos
                elif (1 << c) & led and c > best:
                    best, wpos = c, pos
        return wpos

    def takes_over(self, trick: Sequence[int], wpos: int, card: int) -> bool:
        """Whether ``card``, played now, would win the trick (``wpos``: winning so far)."""
        if card == EXCUSE:
            return False
        w = trick[wpos]
        if w == EXCUSE:  # only the Excuse was played: the next card sets the trick
            return True
        if card >= 56:
            return w < 56 or card > w
        return w < 56 and card > w and (1 << card) & LED[w] != 0

    def judge(
        self, trick: Sequence[int], leader: int, last: bool, flags: int
    ) -> tuple[int, int, int]:
        """(winner seat, half-points for side 0, new flags) of a complete trick.

        The Excuse stays with its side, which gives half a point for it, before the last
        trick; in the last trick it goes to the other side or to the trick's winner (the
        option), except when led by a side that has won every trick (its bit in
        ``flags``): it then wins the trick. The new flags keep the bit of the winning
        side only.
        """
        team = self.team
        pts = self.pts
        total = 0
        for c in trick:
            total += pts[c]
        exc_pos = trick.index(EXCUSE) if EXCUSE in trick else -1
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
                dest = 1 - owner if self.excuse_to_opponents else wt
                if dest != wt:
                    gain[wt] -= 9
                    gain[dest] += 9
        flags &= 1 << wt
        return w, gain[0], flags

    def judge_at(
        self, trick: Sequence[int], leader: int, wpos: int, last: bool, flags: int
    ) -> tuple[int, int, int]:
        """As ``judge`` (the Excuse's rules need the whole trick)."""
        return self.judge(trick, leader, last, flags)


__all__ = ["GROUP_OF_CARD", "TarotCardMasks"]
