"""The fast random playout: one hand dealt and played by uniformly random legal actions
on the bitmask path of ``fast.py``, its figures in a ``PlayoutResult``."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutorial.engine.cards import TAROT_DECK, Card
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat
from tutorial.engine.tarot import fast
from tutorial.engine.tarot.actions import POIGNEE_SIZES, Bid
from tutorial.engine.tarot.cards import check_seat
from tutorial.engine.tarot.constants import NUM_PLAYERS
from tutorial.engine.tarot.options import (
    DISCARDS_FOUR_KINGS,
    EXCUSE_TO_OPPONENTS,
    get_ruleset,
    options_of,
)


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    """The figures of one random hand played by ``playout``.

    Cards are deck indices (``TAROT_DECK[i]``). ``deal`` is the deck order, top first, so
    ``new_hand(deal=result.deal_cards, dealer=result.dealer)`` deals the same hand.
    ``bids`` are ``Bid`` values in order; ``discard`` in the order laid aside;
    ``poignees`` ``(seat, level)`` pairs in the order shown; ``plays`` every card played.
    ``result`` is ``made``, ``failed``, ``petit_sec`` or ``all_passed``; ``totals`` the
    four seats' results (0 when not played).
    """

    ruleset: str
    dealer: Seat
    deal: tuple[int, ...]
    bids: tuple[int, ...]
    taker: Seat | None
    contract: int
    discard: tuple[int, ...]
    chelem_declared: bool
    poignees: tuple[tuple[Seat, str], ...]
    plays: tuple[int, ...]
    trick_winners: tuple[Seat, ...]
    taker_points: float
    defence_points: float
    bouts: int
    per_defender: float
    totals: tuple[float, float, float, float]
    result: str

    @property
    def deal_cards(self) -> tuple[Card, ...]:
        """The deck order as cards, top first."""
        return tuple(TAROT_DECK[i] for i in self.deal)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards played, in order."""
        return tuple(TAROT_DECK[i] for i in self.plays)

    @property
    def discard_cards(self) -> tuple[Card, ...]:
        """The taker's discards as cards, in order."""
        return tuple(TAROT_DECK[i] for i in self.discard)

    @property
    def bid_list(self) -> tuple[Bid, ...]:
        """The bids as ``Bid`` values."""
        return tuple(Bid(b) for b in self.bids)


_LEVELS = tuple(POIGNEE_SIZES)


def playout(
    rng: random.Random, ruleset: str | Ruleset = "default", *, dealer: Seat = 0
) -> PlayoutResult:
    """Deal with ``rng`` and play one hand by uniformly random legal actions, fast.

    The same rules as the state machine (same deal for the same seed as
    ``new_hand(rng=...)``), on a private bitmask representation.
    """
    rs = get_ruleset(ruleset)
    check_seat(dealer, "dealer")
    opts = options_of(rs)
    raw = fast.play_hand(
        rng,
        dealer,
        opts.excuse_last_trick == EXCUSE_TO_OPPONENTS,
        opts.poignee_discards == DISCARDS_FOUR_KINGS,
    )
    taker = raw.taker
    d = raw.per_defender
    totals = (
        (0.0,) * NUM_PLAYERS if taker < 0 else tuple(3 * d if s == taker else -d for s in range(4))
    )
    return PlayoutResult(
        rs.name,
        dealer,
        raw.deal,
        raw.bids,
        taker if taker >= 0 else None,
        raw.contract,
        raw.discard,
        raw.chelem,
        tuple((s, _LEVELS[lv]) for s, lv in raw.poignees),
        raw.plays,
        raw.winners,
        raw.half_points[0] / 2,
        raw.half_points[1] / 2,
        raw.bouts,
        d,
        (totals[0], totals[1], totals[2], totals[3]),
        raw.result,
    )
