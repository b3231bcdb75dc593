"""The small contract every game follows: :class:`GameState`, and what a seat may see.

Shaped like OpenSpiel's state API: a state says whose turn it is (``to_move``), its
``phase``, its ``legal_actions()``, it ``explain``s any action (legal, or why not),
``apply`` returns the next state (the state itself never changes), ``is_terminal`` and
``outcome()`` give the itemised score, and ``observe(seat)`` is what one seat may see.

The values it speaks in live beside it: seats (ints in playing order) in
:mod:`tutorial.engine.seats`, the :class:`~tutorial.engine.verdicts.Verdict` in
:mod:`tutorial.engine.verdicts`, plays, tricks and scores in
:mod:`tutorial.engine.outcomes`, the ruleset in :mod:`tutorial.engine.rule_options`, an
action (a card or a :class:`~tutorial.engine.actions.GameAction`) in
:mod:`tutorial.engine.actions`.
Below the protocol, the bases and helpers the games' states share.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, runtime_checkable

from tutorial.engine.actions import Action, GameAction
from tutorial.engine.cards import Card, Suit
from tutorial.engine.outcomes import HandOutcome, Play, TrickResult, WinningMark
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat
from tutorial.engine.verdicts import Verdict

if TYPE_CHECKING:
    from tutorial.engine.card_masks import CardMasks

_S = TypeVar("_S")


@dataclass(frozen=True)
class Observation:
    """What one seat may see: its own hand and everything public, nothing else.

    ``public`` holds game-specific public facts (trump, contract, shown cards, trick
    history...); ``hand_sizes`` the number of cards each seat holds.
    """

    seat: Seat
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    current_trick: tuple[Play, ...]
    tricks: tuple[TrickResult, ...]
    public: Mapping[str, Any]
    known_cards: frozenset[Card]  # every card this seat can see or knows the place of

    def visible_cards(self) -> frozenset[Card]:
        """Every card this observation shows."""
        return self.known_cards


@runtime_checkable
class GameState(Protocol):
    """What every game's state offers (Belote, Tarot, Briscola)."""

    @property
    def game(self) -> str: ...
    @property
    def ruleset(self) -> Ruleset: ...
    @property
    def num_players(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_move(self) -> Seat | None: ...
    @property
    def is_terminal(self) -> bool: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def tricks(self) -> tuple[TrickResult, ...]: ...
    @property
    def current_trick(self) -> tuple[Play, ...]: ...

    def legal_actions(self) -> Sequence[Action]: ...
    def legal_plays(self) -> list[Card]: ...
    def explain(self, action: Action | Play) -> Verdict: ...
    def apply(self, action: Action | Play) -> GameState: ...
    def outcome(self) -> HandOutcome: ...
    def observe(self, seat: Seat) -> Observation: ...
    def team_of(self, seat: Seat) -> int: ...
    def card_points(self, card: Card) -> float: ...
    def hidden_cards(self, seat: Seat) -> frozenset[Card]: ...
    @property
    def trump_suit(self) -> Suit | None: ...
    @property
    def total_tricks(self) -> int: ...
    @property
    def last_trick_bonus(self) -> float: ...
    @property
    def point_unit(self) -> float: ...
    @property
    def scores_by_seat(self) -> bool: ...
    def score_key(self, side: int) -> str | None: ...
    def points_won(self) -> tuple[float, float]: ...
    def earlier_tricks(self) -> tuple[int | None, int | None]: ...
    def piles_after_tricks(self) -> tuple[tuple[float, float], ...]: ...
    @property
    def hand_points(self) -> float: ...
    def points_settled(self) -> tuple[float, float]: ...
    def winning_mark(self, side: int) -> WinningMark | None: ...
    def seated_bids(self) -> Sequence[tuple[Seat, GameAction]]: ...
    def is_trump(self, card: Card) -> bool: ...
    def card_power(self, card: Card) -> int: ...
    def winning_position(self, cards: Sequence[Card]) -> int | None: ...
    def card_masks(self) -> CardMasks: ...
    @property
    def any_card_playable(self) -> bool: ...
    @property
    def cards_to_draw(self) -> int: ...
    @property
    def draw_pile(self) -> tuple[Card, ...]: ...
    def with_hands(
        self, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...] | None = None
    ) -> GameState: ...
    @property
    def sides_known(self) -> bool: ...
    def played_for_a_score(self) -> bool: ...
    @property
    def bidding_makes_sides(self) -> bool: ...
    @property
    def trick_leader(self) -> Seat: ...
    @property
    def face_up_card(self) -> Card | None: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def taker(self) -> Seat | None: ...
    @property
    def discard(self) -> tuple[Card, ...]: ...
    @property
    def chien_turned_up(self) -> tuple[Card, ...]: ...
    @property
    def contract(self) -> GameAction | None: ...
    @property
    def stock_count(self) -> int | None: ...
    @property
    def names_free_play_rule(self) -> bool: ...
    def bid_choices(self) -> Sequence[GameAction]: ...
    def dealt_again(self, seat: Seat, rng: random.Random) -> GameState: ...
    def auction_record(self) -> dict[str, object]: ...
    def with_auction_record(self, record: Mapping[str, object]) -> GameState: ...


def deal_hidden_again(
    hands: Sequence[tuple[Card, ...]], seat: Seat, aside: Sequence[Card], rng: random.Random
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Every hand but ``seat``'s and the ``aside`` cards (undealt, a chien) shuffled and
    dealt again, each hand keeping its size: (the hands, the cards left aside)."""
    hidden = [c for s, hand in enumerate(hands) if s != seat for c in hand]
    hidden += aside
    rng.shuffle(hidden)
    dealt = []
    for s, hand in enumerate(hands):
        if s == seat:
            dealt.append(hand)
        else:
            dealt.append(tuple(hidden[: len(hand)]))
            del hidden[: len(hand)]
    return tuple(dealt), tuple(hidden)


class KeepsTheAuction:
    """The auction's record of a dataclass state (``auction_record``): the fields named
    by its class's ``AUCTION_FIELDS``, which record the auction and the contract's level
    and which the play after the auction never reads (its cards follow the hands, the
    taker and the trump); the scoring does. Two auctions that end in positions differing
    only there lead to the same play. A base of every game's state class."""

    AUCTION_FIELDS: ClassVar[tuple[str, ...]] = ()

    def auction_record(self) -> dict[str, object]:
        """The auction's record, by field name (empty in a game with no bidding)."""
        return {name: getattr(self, name) for name in self.AUCTION_FIELDS}

    def with_auction_record(self: _S, record: Mapping[str, object]) -> _S:
        """This position with another's :meth:`auction_record`."""
        return dataclasses.replace(self, **record)  # type: ignore[type-var]


class WithoutChien:
    """The contract's answers for a game with no chien (Belote, Briscola): no contract's
    level named by the bidding (Belote's contract is the trump taken, Briscola has no
    bidding) and nothing laid aside by a taker. A base of their state classes."""

    @property
    def contract(self) -> None:
        """The contract's level named by the bidding (Tarot's bid): none."""
        return None

    @property
    def discard(self) -> tuple[Card, ...]:
        """The cards the taker laid aside (Tarot's discard): none."""
        return ()

    @property
    def chien_turned_up(self) -> tuple[Card, ...]:
        """The cards set aside that the bidding turned face up for every seat (Tarot's
        chien of a Prise or a Garde): none."""
        return ()


class WithoutStock:
    """The contract's answers for a game dealt in full, with no stock drawn from between
    tricks and a duty to follow (Belote, Tarot): a base of their state classes."""

    @property
    def any_card_playable(self) -> bool:
        """Whether any card in hand may always be played: no, suit and trumps bind."""
        return False

    @property
    def cards_to_draw(self) -> int:
        """Cards the seats still draw between tricks: none."""
        return 0

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """The cards still to be drawn between tricks, in drawing order: none."""
        return ()

    @property
    def stock_count(self) -> int | None:
        """How many cards are left in a stock drawn from between tricks: there is none."""
        return None


def evolve(state: _S, changes: Mapping[str, object], caches: Sequence[str] = ()) -> _S:
    """A copy of a frozen (non-slots) dataclass state with some fields changed, fast.

    For the engine's own ``apply``: no ``__init__`` and no validation (the values are the
    engine's), the dict of fields copied in one go; the attributes named in ``caches``
    (values derived from the old fields) are left behind. Others' code keeps using
    ``dataclasses.replace``.
    """
    new = object.__new__(state.__class__)
    d = state.__dict__.copy()
    for name in caches:
        if name in d:
            del d[name]
    d.update(changes)
    object.__setattr__(new, "__dict__", d)
    return new
