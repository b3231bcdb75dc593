"""The fast random playout: one whole hand by uniformly random cards, over ``fast.py``.

Same rules as the state machine (``state.py``), on the bitmask representation of
``fast.py`` with the tables of ``card_masks.fast_tables`` (built from the card rules of
``cards.py``); this module turns the figures back into a ``PlayoutResult``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutorial.engine.briscola import fast
from tutorial.engine.briscola.card_masks import fast_tables
from tutorial.engine.briscola.constants import HAND_SIZE, SIDES
from tutorial.engine.briscola.options import BriscolaOptions, get_ruleset
from tutorial.engine.briscola.setup import check_players
from tutorial.engine.cards import BRISCOLA_DECK, Card, Suit
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    """The figures of one random hand played by ``playout``.

    Cards are deck indices (``BRISCOLA_DECK[i]``); ``deal`` is the deck order, top first,
    so ``new_hand(deal=result.deal_cards, players=..., dealer=...)`` replays it.
    """

    ruleset: str
    players: int
    dealer: Seat
    deal: tuple[int, ...]
    plays: tuple[int, ...]  # every card in playing order
    trick_winners: tuple[Seat, ...]
    trick_points: tuple[int, ...]
    seat_points: tuple[int, ...]
    side_points: tuple[int, int]

    @property
    def deal_cards(self) -> tuple[Card, ...]:
        """The deal as cards, top first."""
        return tuple(BRISCOLA_DECK[i] for i in self.deal)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in playing order."""
        return tuple(BRISCOLA_DECK[i] for i in self.plays)

    @property
    def trump_suit(self) -> Suit:
        """The trump suit of the deal."""
        return BRISCOLA_DECK[self.deal[HAND_SIZE * self.players]].suit

    @property
    def winner(self) -> str | None:
        """``"A"`` or ``"B"``, or ``None`` for a 60-60 draw."""
        a, b = self.side_points
        return None if a == b else (SIDES[0] if a > b else SIDES[1])


_PLAYOUT_SETUP: dict[str | Ruleset, tuple[str, tuple[list[bool], ...], list[int]]] = {}


def playout(
    rng: random.Random,
    ruleset: str | Ruleset = "default",
    *,
    players: int = 2,
    dealer: Seat = 0,
) -> PlayoutResult:
    """Deal with ``rng`` and play one full hand by uniformly random legal cards, fast.

    Same rules as the state machine, on a private bitmask representation.
    """
    setup = _PLAYOUT_SETUP.get(ruleset)
    if setup is None:
        rs = get_ruleset(ruleset)
        opts = rs.options
        assert isinstance(opts, BriscolaOptions)
        setup = (rs.name, *fast_tables(opts))
        _PLAYOUT_SETUP[ruleset] = setup
    name, beats, points = setup
    check_players(players, dealer)
    if players == 2:
        deal, plays, winners, tpoints, seat_pts = fast.play_two(rng, beats, points, dealer)
        sides = (seat_pts[0], seat_pts[1])
    else:
        deal, plays, winners, tpoints, seat_pts = fast.play_four(rng, beats, points, dealer)
        sides = (seat_pts[0] + seat_pts[2], seat_pts[1] + seat_pts[3])
    return PlayoutResult(
        name,
        players,
        dealer,
        tuple(deal),
        tuple(plays),
        tuple(winners),
        tuple(tpoints),
        tuple(seat_pts),
        sides,
    )
