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
from typing import Any

from tutorial.analysis import beginner
from tutorial.analysis.card_bits import CardBits, deck_of
from tutorial.analysis.solver import UnsolvablePosition
from tutorial.engine import belote, tarot
from tutorial.engine.cards import Card, Deck
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
    ambiguous: set[Card] = set()  # known cards whose place is still open (Tarot's chien)
    allowed_extra: dict[Card, frozenset[int]] = {}
    out_forbidden: set[Card] = set()
    shown_by_game = _SHOWN_OF_GAME.get(state.game)
    if shown_by_game is not None:
        shown = shown_by_game(obs.public, me, played, deck, fixed)
        ambiguous, allowed_extra, out_forbidden = shown
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
        plausible=_bid_rule(state, me),
    )


#: What one game's public facts show of the hidden hands: cards known in a hand go to
#: ``fixed``; the answer is (known cards whose place is open, their places, cards never
#: out of play).
_Shown = tuple[set[Card], dict[Card, frozenset[int]], set[Card]]


def _belote_shown(
    pub: Mapping[str, Any], me: Seat, played: list[Card], deck: Deck, fixed: list[set[Card]]
) -> _Shown:
    """Belote: the proposed card taken, belote announced, declarations shown."""
    for s, cards in pub["known_in_hands"].items():
        if s != me:
            fixed[s].update(cards)
    return set(), {}, set()


def _tarot_shown(
    pub: Mapping[str, Any], me: Seat, played: list[Card], deck: Deck, fixed: list[set[Card]]
) -> _Shown:
    """Tarot: the poignées shown, and the chien when it was shown."""
    ambiguous: set[Card] = set()
    allowed_extra: dict[Card, frozenset[int]] = {}
    out_forbidden: set[Card] = set()
    taker = pub["taker"]
    gone = set(played)
    for s, _level, cards in pub["poignees"]:
        if s != me:
            fixed[s].update(c for c in cards if c not in gone)
    chien = pub["chien"]
    if chien is not None:
        # The chien went to the taker, who discarded: never a King, a trump or the
        # Excuse unseen (a trump discarded is shown).
        out_forbidden = {c for c in deck if c.rank == "K" or tarot.is_trump(c)}
        if taker != me:
            shown = set(pub["shown_discards"])
            for c in chien:
                if c not in gone and c not in shown and c not in fixed[taker]:
                    ambiguous.add(c)
                    allowed_extra[c] = frozenset({taker, OUT})
    return ambiguous, allowed_extra, out_forbidden


def _briscola_shown(
    pub: Mapping[str, Any], me: Seat, played: list[Card], deck: Deck, fixed: list[set[Card]]
) -> _Shown:
    """Briscola: the face-up trump card, once drawn."""
    holder = pub["trump_card_holder"]
    card = pub["trump_card"]
    if holder is not None and holder != me and card not in played:
        fixed[holder].add(card)
    return set(), {}, set()


#: Each game's reading of its public facts (see ``_Shown``).
_SHOWN_OF_GAME: dict[
    str, Callable[[Mapping[str, Any], Seat, list[Card], Deck, list[set[Card]]], _Shown]
] = {
    "belote": _belote_shown,
    "tarot": _tarot_shown,
    "briscola": _briscola_shown,
}


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


def _belote_bid_rule(
    state: belote.BeloteState, me: Seat
) -> Callable[[Mapping[int, list[Card]]], bool] | None:
    """Belote: the beginner takes with the Jack or the Nine of the suit."""
    b_taker, trump = state.taker, state.trump
    if b_taker is None or b_taker == me or trump is None:
        return None
    taker: Seat = b_taker
    played = {p.card for _, p in all_plays(state) if p.seat == taker}
    shown = set(state.observe(me).public["known_in_hands"].get(taker, ()))

    def belote_ok(deal: Mapping[int, list[Card]]) -> bool:
        # The beginner takes with the Jack or the Nine of the suit.
        cards = played | shown | set(deal.get(taker, ()))
        return any(c.suit is trump and c.rank in ("J", "9") for c in cards)

    return belote_ok


def _tarot_bid_rule(
    state: tarot.TarotState, me: Seat
) -> Callable[[Mapping[int, list[Card]]], bool] | None:
    """Tarot: each hidden seat's hand as dealt fits its bid by the beginner's count (the
    computer players bid by it): the taker's counts at least its contract's least count
    (the chien shown and taken is no part of the hand it bid on); a seat that passed
    holds no hand the count would have bid higher than the bids before its pass."""
    if state.taker is None:
        return None
    obs = state.observe(me)
    chien = obs.public["chien"]
    least = beginner.tarot_bid_thresholds()
    played: dict[Seat, list[Card]] = {}
    for _, p in all_plays(state):
        played.setdefault(p.seat, []).append(p.card)
    # Per hidden seat: (seat, cards of its hand as dealt seen so far, cards to take out,
    # the least count it holds or None, the highest bid its count may give or None).
    rules: list[tuple[Seat, list[Card], set[Card], int | None, tarot.Bid | None]] = []
    top = tarot.Bid.PASS
    for seat, bid in state.seated_bids():
        if seat != me and seat == state.taker and bid is not tarot.Bid.PASS:
            seen = [*played.get(seat, ()), *obs.public["shown_discards"]]
            taken = set(chien) if chien is not None else set()
            rules.append((seat, seen, taken, least[bid], None))
        elif seat != me and bid is tarot.Bid.PASS:
            rules.append((seat, played.get(seat, []), set(), None, top))
        top = max(top, bid)
    if not rules:
        return None

    def tarot_ok(deal: Mapping[int, list[Card]]) -> bool:
        for seat, seen, taken, need, cap in rules:
            hand = [c for c in (*seen, *deal.get(seat, ())) if c not in taken]
            if need is not None and beginner.tarot_count(hand) < need:
                return False
            if cap is not None and beginner.tarot_bid(hand) > cap:
                return False
        return True

    return tarot_ok


#: Each game's soft rule on a hidden taker's hand (a game not listed has no bidding).
_BID_RULE_OF_GAME: dict[
    str, Callable[[Any, Seat], Callable[[Mapping[int, list[Card]]], bool] | None]
] = {
    "belote": _belote_bid_rule,
    "tarot": _tarot_bid_rule,
}


def _bid_rule(state: GameState, me: Seat) -> Callable[[Mapping[int, list[Card]]], bool] | None:
    """A soft rule on the taker's hand, when the taker is hidden (see the docstring)."""
    rule = _BID_RULE_OF_GAME.get(state.game)
    return rule(state, me) if rule is not None else None
