"""The trick rules of one hand in their compact form: card indices and bitmasks.

The state machines (each game's ``state.py`` and ``play_rules.py``) are the clear form
of the rules, with a sentence for every verdict. This is the other one, for the code
that plays thousands of cards a second: card ``i`` is ``deck[i]`` of the game's deck, a
hand or a set of cards is an int with bit ``i`` set for card ``i``, a trick is the list
of its card indices in playing order. Each game's package holds its class (``Belote``,
``Tarot`` and ``Briscola`` ``CardMasks`` in ``<game>/card_masks.py``); a state gives its
own with ``state.card_masks()``, so the analysis never names a game.
``tests/test_card_masks.py`` holds the two forms together on many random hands.

Points are ints in the class's unit (``scale`` of them per card point: Tarot counts
half-points); sides are 0 and 1 (``team[seat]``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tutorial.engine.cards import Deck


class CardMasks:
    """One hand's trick rules on card indices: legal cards, trick winner, points, sides.

    Attributes:
        deck: the game's deck (card ``i`` is ``deck[i]``).
        n: seats at the table.
        size: cards in the deck (card indices are ``0 .. size - 1``).
        team: per seat, its side (0 or 1).
        pts: per card, its points in this object's unit.
        scale: units per card point (2 for Tarot's half-points, else 1).
        bonus_last: what the last trick adds to its winner's points (Belote's dix de der).
        trumps: the mask of the trumps.
        orders: per group of cards that compare with each other (a suit, the trumps, the
            Excuse), its cards weakest first; the groups are contiguous in the deck.
        group_masks: per group, the mask of its cards.
        root_flags: the flags ``judge`` starts from at this position (Tarot: per side, a
            bit set when that side has won every trick so far).
        excuse: the card that never wins a trick and stays with its side (-1: none).
        excuse_to_opponents: where that card goes when it is played to the last trick:
            to the other side (True) or to the trick's winner (False).
        beats: ``beats[w * size + c]``, whether card ``c`` played later beats card ``w``
            winning the trick so far, or ``None`` when the winner is not a table look-up.
        must_follow: whether the legal cards follow Belote's obligations (follow suit,
            else trump, overtrump, the partner rule: ``legal``); False with ``beats``
            means any card of the hand may be played.
    """

    deck: Deck
    n: int
    size: int
    team: tuple[int, ...]
    pts: Sequence[int]
    scale: int = 1
    bonus_last: int = 0
    trumps: int = 0
    orders: tuple[tuple[int, ...], ...]
    group_masks: tuple[int, ...]
    root_flags: int = 0
    excuse: int = -1
    excuse_to_opponents: bool = False
    beats: Sequence[bool] | None = None
    must_follow: bool = False

    @property
    def rank(self) -> dict[int, int]:
        """Each card's place in its group, weakest 0 (computed once)."""
        cached: dict[int, int] | None = self.__dict__.get("_rank")
        if cached is None:
            cached = {c: i for order in self.orders for i, c in enumerate(order)}
            self.__dict__["_rank"] = cached
        return cached

    def legal(self, hand: int, trick: Sequence[int], wpos: int) -> int:
        """The cards of ``hand`` that may be played to ``trick`` (``wpos``: the place of
        the card winning it so far, 0 for an empty trick)."""
        raise NotImplementedError

    def legality_options(self) -> tuple[bool, ...]:
        """The ruleset's switches that decide the legal cards beside the tables and
        ``must_follow`` (a memo of legal cards is kept per value): none here."""
        return ()

    def winner(self, trick: Sequence[int]) -> int:
        """The position in the (partial, non-empty) trick of the card winning it so far."""
        raise NotImplementedError

    def takes_over(self, trick: Sequence[int], wpos: int, card: int) -> bool:
        """Whether ``card``, played now, would win the trick (``wpos``: winning so far)."""
        return self.winner([*trick, card]) == len(trick)

    def judge(
        self, trick: Sequence[int], leader: int, last: bool, flags: int
    ) -> tuple[int, int, int]:
        """(winner seat, points for side 0, new flags) of a complete trick led by
        ``leader``; ``last``: it is the hand's last trick (its bonus, the Excuse's rule)."""
        return self.judge_at(trick, leader, self.winner(trick), last, flags)

    def judge_at(
        self, trick: Sequence[int], leader: int, wpos: int, last: bool, flags: int
    ) -> tuple[int, int, int]:
        """As ``judge``, knowing the place ``wpos`` of the card that wins by rank."""
        w = (leader + wpos) % self.n
        pts = self.pts
        total = self.bonus_last if last else 0
        for c in trick:
            total += pts[c]
        return w, total if self.team[w] == 0 else 0, flags

    def trick_points(self, trick: Sequence[int], last: bool) -> int:
        """Every point a complete trick hands out, both sides together (its bonus too)."""
        pts = self.pts
        total = self.bonus_last if last else 0
        for c in trick:
            total += pts[c]
        return total

    def with_points(self, pts: Sequence[int]) -> CardMasks:
        """The same rules with other points per card (a search valuing a card more)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.pts = tuple(pts)
        return other


class TableCardMasks(CardMasks):
    """Rules whose trick winner comes from the ``beats[winner * size + card]`` table.

    With ``must_follow`` (Belote), the obligations read: ``suit_mask`` (per card, its
    suit's mask), ``higher`` (per trump, the trumps above it), ``partner_free`` (a
    partner winning frees the player who cannot follow) and ``undertrump`` (a player
    who cannot overtrump must still play a trump).
    """

    beats: Sequence[bool]
    suit_mask: Sequence[int] = ()
    higher: Sequence[int] = ()
    partner_free: bool = False
    undertrump: bool = False

    def legality_options(self) -> tuple[bool, ...]:
        """The switches that decide the legal cards beside the tables and ``must_follow``:
        ``partner_free`` and ``undertrump``."""
        return (self.partner_free, self.undertrump)

    def winner(self, trick: Sequence[int]) -> int:
        """The position in the (partial, non-empty) trick of the card winning it so far."""
        beats, size = self.beats, self.size
        w = trick[0]
        wpos = 0
        for pos in range(1, len(trick)):
            c = trick[pos]
            if beats[w * size + c]:
                w = c
                wpos = pos
        return wpos

    def takes_over(self, trick: Sequence[int], wpos: int, card: int) -> bool:
        """Whether ``card``, played now, would win the trick (``wpos``: winning so far)."""
        return bool(self.beats[trick[wpos] * self.size + card])


def power_orders(
    size: int, group_of: Sequence[int], beats: Callable[[int, int], bool]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Per group (by ``group_of[card]``), its cards weakest first (by how many of their
    group they beat: ``beats(w, c)``, whether ``c`` beats ``w``), and its mask."""
    groups: dict[int, list[int]] = {}
    for c in range(size):
        groups.setdefault(group_of[c], []).append(c)
    orders = []
    masks = []
    for g in sorted(groups):
        members = groups[g]
        # (A copy: ``list.sort`` empties the list it sorts while it runs.)
        group = tuple(members)
        members.sort(key=lambda c: sum(1 for x in group if x != c and beats(x, c)))
        orders.append(tuple(members))
        m = 0
        for c in members:
            m |= 1 << c
        masks.append(m)
    return tuple(orders), tuple(masks)


__all__ = ["CardMasks", "TableCardMasks", "power_orders"]
