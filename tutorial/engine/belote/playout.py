"""Fast random playouts of Belote: one whole hand dealt and played by random legal
choices on the bitmasks of ``fast``, for the benches and the statistics.

``FAST_TABLES`` are the rules' data (rank orders, card and declaration points) turned
into the fast path's tables once; the state reads them too, to tell quickly whether a
hand holds a declaration.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutorial.engine.belote import fast
from tutorial.engine.belote.cards import (
    PLAIN_ORDER,
    PLAIN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
    check_seat,
)
from tutorial.engine.belote.declarations import CARRE_ORDER, CARRE_POINTS
from tutorial.engine.belote.options import BeloteOptions, resolve
from tutorial.engine.cards import BELOTE_DECK, PLAIN_SUITS, Card, Suit
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    """The figures of one random hand played by ``playout``.

    Cards are deck indices (``BELOTE_DECK[i]``); ``deal`` is the deck order, top first,
    so ``new_hand(deal=result.deal_cards, dealer=result.dealer)`` replays it. ``bids``
    holds -1 for a pass, else the index in ``PLAIN_SUITS`` of the suit taken;
    ``declared[s]`` says whether seat ``s`` declared when offered. Teams are indexed 0
    and 1; ``None`` means none (no taker after a redeal, no capot...).
    """

    ruleset: str
    dealer: Seat
    deal: tuple[int, ...]
    bids: tuple[int, ...]
    declared: tuple[bool, ...]
    taker: Seat | None
    trump: Suit | None
    plays: tuple[int, ...]  # every card in playing order
    trick_winners: tuple[Seat, ...]
    trick_points: tuple[int, ...]
    player_points: tuple[int, ...]  # card points won in tricks, per seat
    team_card_points: tuple[int, int]  # with the dix de der: 162 in all
    team_points: tuple[int, int]  # the hand's score per team
    result: str  # "made", "dedans", "litige" or "redeal"
    capot: int | None
    declaration_team: int | None
    belote_team: int | None
    held_for_next: int

    @property
    def deal_cards(self) -> tuple[Card, ...]:
        """The deal as cards, top first."""
        return tuple(BELOTE_DECK[i] for i in self.deal)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in playing order."""
        return tuple(BELOTE_DECK[i] for i in self.plays)


FAST_TABLES = fast.make_tables(
    TRUMP_ORDER, PLAIN_ORDER, TRUMP_POINTS, PLAIN_POINTS, CARRE_POINTS, CARRE_ORDER
)
_FAST_CONFIG: dict[BeloteOptions, tuple[fast.Flags, int]] = {}


def _fast_config(opts: BeloteOptions) -> tuple[fast.Flags, int]:
    """The fast path's flags for these options (kept per options: they are looked up per hand)."""
    cfg = _FAST_CONFIG.get(opts)
    if cfg is None:
        flags = (
            opts.partner_winning == "free",
            opts.cannot_overtrump == "must_trump",
            opts.contract_basis == "total_strict",
            opts.tie_81 == "taker_succeeds",
            opts.tie_81 == "dedans",
            opts.rounding != "none",
            opts.rounding == "tens_judged",
            opts.declarations,
            opts.declaration_card_reuse,
            opts.declarations_won == "all",
            opts.dedans_declarations == "all",
        )
        cfg = _FAST_CONFIG[opts] = (flags, opts.capot)
    return cfg


def playout(
    rng: random.Random,
    ruleset: str | Ruleset = "default",
    *,
    dealer: Seat = 0,
    carried_points: int = 0,
) -> PlayoutResult:
    """Deal with ``rng`` and play one hand by random legal choices, fast.

    Bids, declarations and cards are chosen uniformly among the legal actions; the
    same rules as the state machine run on a private bitmask representation.
    """
    rs = resolve(ruleset)
    check_seat(dealer, "dealer seat")
    flags, capot_total = _fast_config(rs.options)
    (
        deal, bids, declared, taker, trump, plays, winners, tpoints, player, raw, tot,
        result, capot, decl_team, belote_team, held,
    ) = fast.play_hand(
        rng, FAST_TABLES, dealer, carried_points, flags, capot_total
    )  # fmt: skip
    return PlayoutResult(
        rs.name,
        dealer,
        deal,
        bids,
        declared,
        None if taker < 0 else taker,
        None if trump < 0 else PLAIN_SUITS[trump],
        tuple(plays),
        tuple(winners),
        tuple(tpoints),
        tuple(player),
        (raw[0], raw[1]),
        (tot[0], tot[1]),
        result,
        None if capot < 0 else capot,
        None if decl_team < 0 else decl_team,
        None if belote_team < 0 else belote_team,
        held,
    )
