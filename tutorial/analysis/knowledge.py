"""What the seat to move knows of the cards it cannot see (pure: never imports streamlit).

:func:`knowledge` reads a card-play position from its seat's side (``state.observe``):
its own hand, the cards played, the suits a seat has shown it lacks by not following, not
trumping or not overtrumping (worked out by the engine's own legality rules: a card is
never given to a seat if holding it would have made one of that seat's plays illegal),
the cards known to be in a hand (Belote: the proposed card taken, belote announced,
declarations shown; Tarot: poignées shown; Briscola: the face-up trump once drawn), the
chien when it was shown (its cards are in the taker's hand or discard; a discard holds no
King, trump or Excuse), and the bids (a soft rule, by the computer players' bidding
rule: the taker holds a hand it would have bid on, and in Tarot a seat that passed holds
none it would have bid on). :mod:`tutorial.analysis.sampling` deals the hidden cards
from it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from tutorial.analysis.card_bits import CardBits, deck_of
from tutorial.analysis.errors import UnsolvablePosition
from tutorial.analysis.games import PARTS
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.outcomes import Play
from tutorial.engine.seats import Seat

__all__ = ["OUT", "Knowledge", "all_plays", "knowledge"]

#: The place of cards out of play: Tarot's discard or chien, Briscola's stock.
OUT = -1


@dataclass(frozen=True)
class Knowledge:
    """Where the cards the seat to move cannot see may be.

    Attributes:
        seat: the seat to move (whose knowledge this is).
        fixed: per seat, cards known to be in that hand (the mover's whole hand).
        capacity: per place (a hidden seat, or ``OUT`` for cards out of play: Tarot's
            discard or unseen chien, Briscola's stock), how many unknown cards it gets.
        allowed: per unknown card, the places it may be in.
        plausible: a soft rule a deal should meet (the taker's hand fits its bid).
    """

    seat: Seat
    fixed: tuple[frozenset[Card], ...]
    capacity: Mapping[int, int]
    allowed: Mapping[Card, frozenset[int]]
    plausible: Callable[[Mapping[int, list[Card]]], bool] | None = None

    @property
    def determined(self) -> bool:
        """Whether there is a single deal (every hidden card's place is known)."""
        open_places = [p for p, n in self.capacity.items() if n > 0]
        return len(open_places) <= 1 or all(len(a) == 1 for a in self.allowed.values())

    def may_hold(self, seat: Seat) -> frozenset[Card]:
        """Every card ``seat`` may hold as far as the mover knows: the cards known to be
        in its hand and the hidden cards that may be there (the mover's own: its hand)."""
        return self.fixed[seat] | frozenset(c for c, where in self.allowed.items() if seat in where)


def all_plays(state: GameState) -> list[tuple[tuple[Card, ...], Play]]:
    """Every play of the hand so far, each with the cards of its trick before it."""
    out: list[tuple[tuple[Card, ...], Play]] = []
    for trick in (*(tr.plays for tr in state.tricks), state.current_trick):
        for i, p in enumerate(trick):
            out.append((tuple(q.card for q in trick[:i]), p))
    return out


def knowledge(state: GameState) -> Knowledge:
    """What the seat to move knows of the hidden cards (see the module's docstring).

    Raises:
        UnsolvablePosition: the state is not a card-play moment.
    """
    if state.phase != "play" or state.to_move is None:
        raise UnsolvablePosition(f"no card to play in the {state.phase!r} phase")
    me = state.to_move
    n = state.num_players
    obs = state.observe(me)
    deck = deck_of(state)
    played = [p.card for _, p in all_plays(state)]
    fixed: list[set[Card]] = [set() for _ in range(n)]
    fixed[me] = set(obs.hand)
    # The game's public facts: cards known in a hand (into ``fixed``), known cards whose
    # place is still open (Tarot's chien) and their places, cards never out of play.
    knows = PARTS.of(state.game).knows
    ambiguous, allowed_extra, out_forbidden = knows.shown(obs.public, me, played, deck, fixed)
    known = set(obs.known_cards) - ambiguous
    pool = [c for c in deck if c not in known and not any(c in f for f in fixed)]
    hidden = [s for s in range(n) if s != me]
    capacity: dict[int, int] = {s: obs.hand_sizes[s] - len(fixed[s]) for s in hidden}
    out_cap = len(pool) - sum(capacity.values())
    if out_cap < 0 or any(v < 0 for v in capacity.values()):
        raise UnsolvablePosition("the hidden cards do not add up")  # pragma: no cover
    if out_cap:
        capacity[OUT] = out_cap
    places = frozenset(capacity)
    allowed: dict[Card, frozenset[int]] = {}
    for c in pool:
        where = allowed_extra.get(c, places)
        if c in out_forbidden:
            where = where - {OUT}
        allowed[c] = where
    _forbid_by_plays(state, me, fixed, allowed)
    return Knowledge(
        seat=me,
        fixed=tuple(frozenset(f) for f in fixed),
        capacity=capacity,
        allowed=allowed,
        plausible=knows.bid_rule(state, me) if knows.bid_rule is not None else None,
    )


def _forbid_by_plays(
    state: GameState, me: Seat, fixed: list[set[Card]], allowed: dict[Card, frozenset[int]]
) -> None:
    """Take a seat out of a card's places when holding that card would have made one of
    the seat's plays illegal (it showed a void, or no higher trump)."""
    if state.any_card_playable or not allowed:
        return  # any card may be played (Briscola): plays show nothing
    rules = CardBits(state)
    deck = rules.deck
    plays = all_plays(state)
    later: dict[Seat, int] = {}  # per seat, the mask of its cards played from here on
    for before, p in reversed(plays):
        s = p.seat
        later[s] = later.get(s, 0) | (1 << deck.index(p.card))
        if s == me:
            continue
        held = later[s] | deck.mask(fixed[s])
        trick = [deck.index(c) for c in before]
        bit = 1 << deck.index(p.card)
        for c, where in allowed.items():
            if s in where and not rules.legal(held | (1 << deck.index(c)), trick) & bit:
                allowed[c] = where - {s}
