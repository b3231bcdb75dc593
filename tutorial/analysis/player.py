"""Computer players, hints and the per-card review (pure: never imports streamlit).

Two levels (``LEVELS``):

- ``"beginner"``: the rule-based habits of ``tutorial.analysis.beginner`` (``beginner.choose``).
- ``"strong"``: for card play, a *sampling* player (perfect-information Monte Carlo).
  It deals the cards it cannot see at random, consistently with everything the seat to
  move has seen (``state.observe(seat)``): its own hand, the cards played, the suits a
  seat has shown it lacks by not following, not trumping or not overtrumping (worked
  out by the engine's own legality rules: a card is never given to a seat if holding it
  would have made one of that seat's plays illegal), the cards known to be in a hand
  (Belote: the proposed card taken, belote announced, declarations shown; Tarot:
  poignées shown; Briscola: the face-up trump once drawn), the chien when it was shown
  (its cards are in the taker's hand or discard; a discard holds no King, trump or
  Excuse), and the bids (a soft rule, by the computer players' bidding rule: a deal
  where the taker holds a hand it would not have bid on, or in Tarot a seat that
  passed holds one it would have bid on, is redrawn a few times). Each deal is then
  valued, one card of each class of cards that play alike (``equivalent_cards``):

  * **exactly** with ``tutorial.analysis.solve`` under a node and time budget when few
    cards are left (``SOLVE_CARDS``: Belote and Tarot with at most 5 tricks to play;
    Briscola with at most ``STOCK_SOLVE_CARDS`` cards to draw, through the draw search
    of ``solve_expected`` on the sampled stock's order);
  * otherwise (and when a solve runs out of budget) by a **greedy playout**: the card,
    then the opponents play exactly the beginner's habits (``bots``: its leads, win
    cheaply, give points to a winning partner, else throw the cheapest card) to the end
    of the hand on bitmasks, and so does the mover's side, except in Tarot, where it
    plays seeing the sampled deal (``SEEING_SIDE_GAMES``: richest card into a trick its
    side holds safe, cheapest safe winner, else cheapest card); Briscola's playouts
    draw from the sampled stock.

  Each valued deal is turned into the **hand's score** for the mover's side (``_Goal``:
  Belote's contract and capot, Tarot's contract with its bouts and the Petit au bout,
  the 25 of a contract made or lost spread over a few points either side of its mark:
  ``TAROT_MARGIN_RAMP``; Briscola's card points), and the card with the best average
  score is played. Deals are drawn until ``time_budget`` seconds (default 0.2, on
  ``CLOCK``) or ``samples`` deals (default 40), whichever comes first, so the player
  never blocks; at least one deal is always valued. The bids are the bidding advice's
  best (``strong_bid``: ``bid_advice.advise_at``), and so is the Tarot discard
  (``strong_discard``: the best six of ``bid_advice.advise_discard``, laid one card at
  a time); announcements and declarations reuse the beginner's rules.

``suggest`` gives the strong player's card for the learner with the averaged value of
each legal card; ``review_card`` judges one card a seat played in two views (``CardCost``):
with what the seat could know (the strong player's valuation, in card points, over
``REVIEW_DEALS`` deals of the cards it could not see: the mean cost against the card best
on average) and with every card shown (the exact solver within ``REVIEW_NODE_BUDGET``
nodes, Briscola's averaged over orders of the stock, else greedy playouts), bounded by
node budgets and deal counts only; ``review`` does it for every card of a hand;
``why_trick`` says in one sentence why a trick's winner won it.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutorial.analysis import beginner, bid_advice
from tutorial.analysis.briscola_expect import solve_expected
from tutorial.analysis.solver import (
    SearchBudget,
    SolverBudgetExceeded,
    SolveRoot,
    UnsolvablePosition,
    solve,
)
from tutorial.engine import belote, tarot
from tutorial.engine.cards import EXCUSE, PETIT, Card, Deck
from tutorial.engine.core import GameState, Play, Seat, TrickResult, seat_possessive
from tutorial.language.i18n import t, tn

__all__ = [
    "KNOWN",
    "LEVELS",
    "REVIEW_DEALS",
    "SHOWN",
    "CardCost",
    "CardReview",
    "Knowledge",
    "Suggestion",
    "choose",
    "costliest_first",
    "equivalent_cards",
    "knowledge",
    "played_cards",
    "replay",
    "review",
    "review_card",
    "sample_deal",
    "solve_with_stock",
    "strong_bid",
    "strong_discard",
    "strong_values",
    "suggest",
    "why_trick",
]

#: The levels of computer player, weakest first.
LEVELS: tuple[str, ...] = ("beginner", "strong")

#: Hands are valued exactly when at most this many cards are left in the hands (Belote
#: and Tarot: 5 tricks; Briscola: whenever the stock is empty).
SOLVE_CARDS = {"belote": 20, "tarot": 20, "briscola": 40}
#: Briscola deals are valued exactly (with the sampled stock's order) from this many
#: cards left to draw, per number of players.
STOCK_SOLVE_CARDS = {2: 4, 4: 4}
#: Deals valued per move at most, and seconds spent per move at most (the strong level).
#: ``$ATOUT_STRONG_SAMPLES`` sets fewer deals (the browser tests' server: they check the
#: page, not the strength of the play, and pay for every deal in CPU).
DEFAULT_SAMPLES = max(1, int(os.environ.get("ATOUT_STRONG_SAMPLES", "40") or 40))
DEFAULT_MOVE_TIME = 0.2
#: The clock of the move's time budget (the wall clock; a bench on a loaded machine may
#: set ``time.process_time`` to play as the player would on a quiet one).
CLOCK: Callable[[], float] = time.perf_counter
#: What the strong player maximises: ``"score"`` (the hand's score for its side, see
#: ``_Goal``) or ``"points"`` (card points only; kept for measurements).
OBJECTIVE = "score"
#: Points either side of a Tarot contract's mark over which the strong player's goal
#: goes from the contract lost to the contract made (see ``_TarotGoal``): a deal valued by
#: a greedy playout, or over cards it could not see, is not sure to the half-point, so a
#: card that makes the contract by a point in one deal and fails it by a point in the next
#: is worth about its points, not a flip of 50. 0.25 is the score's own step.
TAROT_MARGIN_RAMP = 5.0
#: Budget of one exact solve inside a move (larger positions fall back to a playout).
SAMPLE_NODE_BUDGET = 20_000
#: Deals of the unseen cards each card is valued on, with what its seat could know
#: (``$ATOUT_REVIEW_DEALS`` sets fewer: the browser tests' server, as for the samples).
REVIEW_DEALS = max(1, int(os.environ.get("ATOUT_REVIEW_DEALS", "20") or 20))
#: Nodes of the exact solve of one position with every card shown, per game (Briscola:
#: shared by the stock's orders; Tarot's nodes cost about twice Belote's); a larger solve
#: falls back to greedy playouts. ``$ATOUT_REVIEW_NODES`` caps them (the browser tests'
#: server, whose two lanes share two cores with the review worker: they check that every
#: card is reviewed in both views, not the figures).
_REVIEW_NODES_CAP = int(os.environ.get("ATOUT_REVIEW_NODES", "0") or 0)
REVIEW_NODE_BUDGET = {
    game: min(nodes, _REVIEW_NODES_CAP) if _REVIEW_NODES_CAP > 0 else nodes
    for game, nodes in {"belote": 300_000, "tarot": 150_000, "briscola": 300_000}.items()
}
#: The exact solve with every card shown is tried with at most this many cards still to
#: play (in the hands and the stock); more go to the greedy playouts at once (the solve
#: would exceed its node budget: measured in ``docs/decisions.md``).
REVIEW_SOLVE_CARDS = {"belote": 32, "tarot": 32, "briscola": 20}
#: Orders of Briscola's face-down stock averaged with every card shown.
REVIEW_STOCK_ORDERS = 20
#: Deals of the unseen cards the strong player's bid is weighed on (``strong_bid``).
BID_DEALS = bid_advice.DEFAULT_DEALS
#: Deals of the defenders' cards the strong player's Tarot discard is weighed on
#: (``strong_discard``).
DISCARD_DEALS = bid_advice.DEFAULT_DEALS
#: The discards planned at their first card, by the hand they start from (``strong_discard``
#: lays the rest of the same six), the latest few.
_DISCARD_PLANS: OrderedDict[tuple[Any, ...], tuple[Card, ...]] = OrderedDict()
_DISCARD_PLANS_KEPT = 32
#: The app's sessions play in threads of one server: the plans are read and kept under it.
_DISCARD_PLANS_LOCK = threading.Lock()
#: Deals redrawn at most to find one where the taker's hand fits its bid.
_BID_TRIES = 6

_OUT = -1  # the place of cards out of play: Tarot's discard/chien, Briscola's stock


# --- What the seat to move knows ---------------------------------------------------------


@dataclass(frozen=True)
class Knowledge:
    """Where the cards the seat to move cannot see may be.

    Attributes:
        seat: the seat to move (whose knowledge this is).
        fixed: per seat, cards known to be in that hand (the mover's whole hand).
        capacity: per place (a hidden seat, or ``-1`` for cards out of play: Tarot's
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


def _deck(state: GameState) -> Deck:
    """The deck of a position in play (card ``i`` of the compact form is ``deck[i]``)."""
    return state.card_masks().deck


def _indices(mask: int) -> list[int]:
    """The indices of the bits set in ``mask``, lowest first."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Bits:
    """One hand's play rules on card indices (bit ``i``: ``deck[i]``): the engine's
    compact form (``state.card_masks()``: legal cards, the trick's winner, points,
    sides), with what the greedy playouts add: each card's power in its suit (trumps
    above every plain card) and Tarot's Petit, kept back while a later seat could take it.

    The legality feeds what a seat's plays show (``tests/test_card_masks.py`` checks it
    against ``legal_plays()``); the rest feeds the greedy playouts.
    """

    def __init__(self, state: GameState) -> None:
        masks = self.masks = state.card_masks()
        self.deck = masks.deck
        size = self.size = masks.size
        self.n = masks.n
        self.team = masks.team
        self.pts = masks.pts
        self.scale = masks.scale
        self.trumps = masks.trumps
        self.excuse = masks.excuse
        self.to_opponents = masks.excuse_to_opponents
        #: The flags ``judge`` starts from (the sides that have won every trick so far).
        self.flags = masks.root_flags
        self.petit = self.deck.index(PETIT) if PETIT in self.deck else -1
        rank, trumps = masks.rank, self.trumps
        self.power = [rank[c] + (100 if trumps >> c & 1 else 0) for c in range(size)]

    def winner(self, trick: Sequence[int]) -> int:
        """The position in the (partial) trick of the card winning it so far."""
        return self.masks.winner(trick)

    def legal(self, hand: int, trick: Sequence[int]) -> int:
        """The cards of ``hand`` (a mask) that may be played to ``trick``."""
        if not trick:
            return hand
        masks = self.masks
        return masks.legal(hand, trick, masks.winner(trick))

    def takes_over(self, trick: Sequence[int], card: int) -> bool:
        """Whether ``card``, played now, would win the trick."""
        masks = self.masks
        return masks.takes_over(trick, masks.winner(trick), card)

    def judge(
        self, trick: Sequence[int], leader: int, last: bool, flags: int
    ) -> tuple[int, list[int], int]:
        """(winner seat, points per side, new flags) of a complete trick, in this
        object's unit (the engine's ``judge``)."""
        w, g0, flags = self.masks.judge(trick, leader, last, flags)
        return w, [g0, self.masks.trick_points(trick, last) - g0], flags


def _all_plays(state: GameState) -> list[tuple[tuple[Card, ...], Play]]:
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
    deck = _deck(state)
    played = [p.card for _, p in _all_plays(state)]
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
        capacity[_OUT] = out_cap
    places = frozenset(capacity)
    allowed: dict[Card, frozenset[int]] = {}
    for c in pool:
        where = allowed_extra.get(c, places)
        if c in out_forbidden:
            where = where - {_OUT}
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
                    allowed_extra[c] = frozenset({taker, _OUT})
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
    rules = _Bits(state)
    deck = rules.deck
    plays = _all_plays(state)
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
    played = {p.card for _, p in _all_plays(state) if p.seat == taker}
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
    for _, p in _all_plays(state):
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


# --- Dealing the hidden cards -----------------------------------------------------------


def _assign(kn: Knowledge, rng: random.Random) -> dict[int, list[Card]]:
    """One random placement of the unknown cards that respects every place's capacity
    and every card's allowed places (augmenting paths when a greedy choice is stuck)."""
    cap = dict(kn.capacity)
    cards = list(kn.allowed)
    rng.shuffle(cards)
    cards.sort(key=lambda c: len(kn.allowed[c]))
    where: dict[Card, int] = {}
    held: dict[int, list[Card]] = {p: [] for p in cap}

    def put(c: Card, p: int) -> None:
        where[c] = p
        held[p].append(c)
        cap[p] -= 1

    for c in cards:
        free = [p for p in kn.allowed[c] if cap[p] > 0]
        if free:
            weights = [cap[p] for p in free]
            put(c, rng.choices(free, weights)[0])
            continue
        # Augmenting path: move cards along places until one has room.
        start = sorted(kn.allowed[c])
        prev: dict[int, tuple[int, Card] | None] = {p: None for p in start}
        queue = deque(start)
        goal: int | None = None
        while queue and goal is None:
            p = queue.popleft()
            for y in held[p]:
                for q in kn.allowed[y]:
                    if q not in prev:
                        prev[q] = (p, y)
                        if cap[q] > 0:
                            goal = q
                            break
                        queue.append(q)
                if goal is not None:
                    break
        if goal is None:
            raise UnsolvablePosition("no deal fits what the seat has seen")
        q = goal
        cap[q] -= 1
        while True:
            step = prev[q]
            if step is None:
                break
            p, y = step
            held[p].remove(y)
            held[q].append(y)
            where[y] = q
            q = p
        where[c] = q
        held[q].append(c)
    # A few random swaps between places, so that the order above leaves no trace.
    pool = list(where)
    size = len(pool)
    draw = rng.random
    for _ in range(2 * size):
        a, b = pool[int(draw() * size)], pool[int(draw() * size)]
        pa, pb = where[a], where[b]
        if pa != pb and pb in kn.allowed[a] and pa in kn.allowed[b]:
            held[pa][held[pa].index(a)] = b
            held[pb][held[pb].index(b)] = a
            where[a], where[b] = pb, pa
    return held


def sample_deal(state: GameState, rng: random.Random, kn: Knowledge | None = None) -> GameState:
    """``state`` with the cards its seat to move cannot see dealt again at random,
    consistently with what that seat has seen (Briscola: the stock shuffled too).

    Raises:
        UnsolvablePosition: not a card-play moment.
    """
    kn = kn or knowledge(state)
    deal = _assign(kn, rng)
    for _ in range(_BID_TRIES):
        if kn.plausible is None or kn.plausible(deal):
            break
        deal = _assign(kn, rng)
    order = _deck(state).index
    hands = tuple(
        tuple(state.hands[s])
        if s == kn.seat
        else (*sorted(kn.fixed[s], key=order), *deal.get(s, ()))
        for s in range(state.num_players)
    )
    if state.cards_to_draw:  # the stock is dealt again in a random order
        stock = list(deal.get(_OUT, ()))
        rng.shuffle(stock)
        return state.with_hands(hands, tuple(stock))
    return state.with_hands(hands)


# --- Valuing the legal cards --------------------------------------------------------------


class _Goal:
    """What the mover's side plays for: its score for the hand, in card-point units.

    A deal valued to the end of the hand gives each side's card points from here on
    (and, from a playout, the tricks each side won, where the bouts went and who took
    the Petit in the last trick); each game's goal turns them into the score the hand
    would give (``_GOAL_OF_GAME``):

    - Belote: the mover's side's own score: its card points when the contract is made
      (the taker's side needs more than the defence), 0 for the takers and 162 for the
      defence on a dedans, 250 for a capot (declarations and belote are left out).
    - Tarot: the per-defender score divided by the contract's multiplier, signed for
      the mover's side: ±(25 + |points − target|) + ±10 for the Petit au bout + the
      poignées; the target depends on the taker's bouts. The taker's own discard or the
      chien go to the side the contract gives them; a defender counts the cards it
      cannot place (the discard) by difference from 91.
    - Briscola: the card points (this base class).

    ``_Goal(state, bits)`` makes the goal of the state's game.
    """

    def __new__(cls, state: GameState, bits: _Bits) -> _Goal:
        """The goal of ``state``'s game (``_GOAL_OF_GAME``; this class for card points)."""
        if cls is _Goal:
            cls = _GOAL_OF_GAME.get(state.game, _Goal)
        return object.__new__(cls)

    def __init__(self, state: GameState, bits: _Bits) -> None:
        self.bits = bits
        me = state.to_move
        assert me is not None
        self.side = bits.team[me]
        self.done = [0.0, 0.0]  # card points each side has already won
        self.tricks = [0, 0]  # tricks each side has already won
        for tr in state.tricks:
            self.tricks[bits.team[tr.winner]] += 1

    def of_playout(
        self,
        hands: Sequence[int],
        trick: Sequence[int],
        rest: Sequence[float],
        tricks: Sequence[int],
        bouts: Sequence[int],
        pab: int,
    ) -> float:
        """The score for the mover's side once a playout is over (``rest``: card points
        per side from here on; ``tricks``, ``bouts``: per side, won from here on;
        ``pab``: the side that took the Petit in the last trick, or -1); ``hands`` and
        ``trick`` are the deal's before the playout."""
        return rest[self.side]

    def solve_terms(self, root: SolveRoot) -> tuple[int, int]:
        """(the bonus the search adds to a card, in the solver's unit; the taker's bouts
        at the end, the Petit left out) for an exact solve of ``root``: none here."""
        return 0, 0

    def of_solve(self, mine: float, total: float, bonus: float = 0.0, tb: int = 0) -> float:
        """The score for the mover's side from an exact value: ``mine`` its card points
        from here on (Tarot: with ``bonus`` when it takes the Petit), ``total`` every
        point still to take (the bonus included when the Petit is in play); ``tb``: the
        taker's bouts at the end, the Petit left out (Tarot)."""
        return mine


class _BeloteGoal(_Goal):
    """Belote's score for the mover's side (see ``_Goal``)."""

    def __init__(self, state: belote.BeloteState, bits: _Bits) -> None:
        super().__init__(state, bits)
        assert state.trump is not None and state.taker is not None
        for tr in state.tricks:
            self.done[tr.winner % 2] += tr.points
        for team, cards in enumerate(state.captured):
            self.done[team] += belote.trick_points(cards, state.trump)
            self.tricks[team] += len(cards) // 4
        self.taker_team = state.taker % 2

    def of_playout(
        self,
        hands: Sequence[int],
        trick: Sequence[int],
        rest: Sequence[float],
        tricks: Sequence[int],
        bouts: Sequence[int],
        pab: int,
    ) -> float:
        """The hand's score once a playout is over (see ``_Goal.of_playout``)."""
        side = self.side
        pts = [self.done[0] + rest[0], self.done[1] + rest[1]]
        won = [self.tricks[0] + tricks[0], self.tricks[1] + tricks[1]]
        if won[1 - side] == 0:
            return 250.0
        if won[side] == 0:
            return 0.0
        tk = self.taker_team
        made = pts[tk] > pts[1 - tk]
        if made:
            return pts[side]
        return 162.0 if side != tk else 0.0

    def of_solve(self, mine: float, total: float, bonus: float = 0.0, tb: int = 0) -> float:
        """The hand's score from an exact value (see ``_Goal.of_solve``)."""
        side = self.side
        rest = [0.0, 0.0]
        rest[side] = mine
        rest[1 - side] = total - mine
        pts = [self.done[0] + rest[0], self.done[1] + rest[1]]
        tk = self.taker_team
        if pts[tk] > pts[1 - tk]:
            return pts[side]
        return 162.0 if side != tk else 0.0


class _TarotGoal(_Goal):
    """Tarot's score for the mover's side (see ``_Goal``)."""

    def __init__(self, state: tarot.TarotState, bits: _Bits) -> None:
        super().__init__(state, bits)
        assert state.taker is not None and state.contract is not None
        tally = tarot.tally(state)
        self.set_team = state.set_aside_team
        self.done = list(tally.points)
        self.bouts = [len(b) for b in tally.bouts]
        for c in state.set_aside:  # its points and bouts are counted by difference
            self.done[self.set_team] -= tarot.card_points(c)
            self.bouts[self.set_team] -= c in tarot.BOUTS
        mult = state.contract.multiplier
        self.poignee = sum(p.bonus for _, p in state.poignees) / mult
        self.to_opponents = bits.to_opponents
        self.done_bouts_played = sum(self.bouts)

    def _tarot(self, taker_pts: float, taker_bouts: int, pab: int) -> float:
        diff = taker_pts - tarot.TARGETS[min(3, max(0, taker_bouts))]
        # Made from a margin of 0 (half-points: failed from -0.5): the 25 and the poignées
        # won or lost, on a ramp of ``TAROT_MARGIN_RAMP`` points either side of the mark.
        ramp = max(0.25, TAROT_MARGIN_RAMP)
        sign = min(1.0, max(-1.0, (diff + 0.25) / ramp))
        u = diff + sign * (25 + self.poignee)
        if pab >= 0:
            u += 10 if pab == tarot.TAKER_TEAM else -10
        return u if self.side == tarot.TAKER_TEAM else -u

    def _set_aside_bouts(self, hands: Sequence[int], trick: Sequence[int]) -> int:
        """The bouts out of play in this deal (the discard or chien): the three bouts less
        those played, in a hand or in the current trick."""
        live = 0
        for h in hands:
            live |= h
        for c in trick:
            live |= 1 << c
        in_play = sum(1 for b in (56, 76, 77) if live >> b & 1)
        return 3 - self.done_bouts_played - in_play

    def of_playout(
        self,
        hands: Sequence[int],
        trick: Sequence[int],
        rest: Sequence[float],
        tricks: Sequence[int],
        bouts: Sequence[int],
        pab: int,
    ) -> float:
        """The hand's score once a playout is over (see ``_Goal.of_playout``)."""
        st = self.set_team
        other = 1 - st
        final = [0.0, 0.0]
        final[other] = self.done[other] + rest[other]
        final[st] = 91.0 - final[other]
        tb = self.bouts[0] + bouts[0]
        if st == tarot.TAKER_TEAM:
            tb += self._set_aside_bouts(hands, trick)
        return self._tarot(final[tarot.TAKER_TEAM], tb, pab)

    def petit_bonus(self, hands: Sequence[int], trick: Sequence[int]) -> int:
        """What taking the Petit is worth to the taker beyond its points (the target it
        lowers), in the solver's half-points; 0 when the Petit is out of play."""
        live = 0
        for h in hands:
            live |= h
        for c in trick:
            live |= 1 << c
        if not live >> 56 & 1:
            return 0
        tb = self.taker_bouts_but_petit(hands, trick)
        return int(2 * (tarot.TARGETS[tb] - tarot.TARGETS[tb + 1]))

    def taker_bouts_but_petit(self, hands: Sequence[int], trick: Sequence[int]) -> int:
        """The taker's bouts at the end, the Petit left out: those won, the set-aside's,
        and the 21 and the Excuse when a taker's card (the 21 always wins its trick; the
        Excuse stays with its side, the last trick aside)."""
        tb = self.bouts[tarot.TAKER_TEAM]
        if self.set_team == tarot.TAKER_TEAM:
            tb += self._set_aside_bouts(hands, trick)
        bits = self.bits
        for s, h in enumerate(hands):
            if bits.team[s] == tarot.TAKER_TEAM:
                tb += (h >> 76 & 1) + (h >> 77 & 1)
        return min(2, max(0, tb))

    def solve_terms(self, root: SolveRoot) -> tuple[int, int]:
        """The Petit is searched as worth its points plus the target it lowers for the
        taker (``petit_bonus``), so the search fights for it as the score does."""
        tb = self.taker_bouts_but_petit(root.hands, root.trick)
        bonus = self.petit_bonus(root.hands, root.trick)
        if bonus:
            pts = list(root.rules.pts)
            pts[56] += bonus
            root.rules = root.rules.with_points(pts)
        return bonus, tb

    def of_solve(self, mine: float, total: float, bonus: float = 0.0, tb: int = 0) -> float:
        """The hand's score from an exact value (see ``_Goal.of_solve``)."""
        side = self.side
        rest = [0.0, 0.0]
        rest[side] = mine
        rest[1 - side] = total - mine
        st = self.set_team
        other = 1 - st
        # In points "as if" the Petit's bonus were card points of its taker.
        if st == tarot.TAKER_TEAM:
            taker = 91.0 + bonus - (self.done[other] + rest[other])
        else:
            taker = self.done[tarot.TAKER_TEAM] + rest[tarot.TAKER_TEAM]
        return self._tarot(taker, tb, -1)


#: Each game's goal (a game not listed plays for its card points: ``_Goal``).
_GOAL_OF_GAME: dict[str, type[_Goal]] = {"belote": _BeloteGoal, "tarot": _TarotGoal}


#: Games whose playouts play the mover's side by ``_Playout.pick_seeing`` (every hand of
#: the deal in view) rather than the beginner's habits: measured stronger in Tarot, where
#: the beginner's partners give points only as the trick's last card (``docs/strength.md``).
SEEING_SIDE_GAMES = frozenset({"tarot"})


class _Playout:
    """Greedy playouts to the end of the hand on bitmasks (see ``_Bits``): the opponents
    of the mover's side play the beginner's habits (``bots``), the lead included (Belote:
    the taking side leads the Jack of trumps; Tarot: a King; the Petit kept back while a
    later seat could take it); so does the mover's side, except in ``SEEING_SIDE_GAMES``
    (or with ``seeing=False``), where it plays ``pick_seeing``."""

    def __init__(self, state: GameState, *, seeing: bool | None = None) -> None:
        self.seeing = state.game in SEEING_SIDE_GAMES if seeing is None else seeing
        bits = self.bits = _Bits(state)
        deck = bits.deck
        size = bits.size
        self.seat: int = state.to_move  # type: ignore[assignment]
        self.side = bits.team[self.seat]
        self.trick = [deck.index(p.card) for p in state.current_trick]
        self.leader = (self.seat - len(self.trick)) % bits.n
        trumps, pts, power = bits.trumps, bits.pts, bits.power
        # Keys: the cheapest card to throw away; the cheapest winner; a gift to a partner.
        self.cost = [pts[c] * 10_000 + power[c] for c in range(size)]
        if bits.excuse >= 0:
            self.cost[bits.excuse] = 15_000  # kept by its side: cheap, but not a nothing
        # A gift: not a trump, the most points, the first in the hand's order on a tie.
        self.gift = [
            (0 if trumps >> c & 1 else 1_000_000) + pts[c] * 1_000 - c for c in range(size)
        ]
        # The beginner's leads: the Jack of trumps for Belote's taking side, a King in Tarot.
        self.lead_first = [deck.mask(beginner.first_leads(state, s)) for s in range(bits.n)]
        self.petit = bits.petit
        # A gift seen safe: a plain card's points (or the Petit's: a bout saved), else the
        # lowest trump; the Excuse last.
        self.gift_seeing = [
            pts[c] * 1_000 - power[c] if not trumps >> c & 1 or c == bits.petit else -power[c]
            for c in range(size)
        ]
        if bits.excuse >= 0:
            self.gift_seeing[bits.excuse] = -1_000_000
        self.goal = _Goal(state, bits)

    def pick(self, hand: int, trick: list[int], leader: int) -> int:
        """The beginner's habit on bitmasks (``beginner._card``)."""
        bits = self.bits
        masks = bits.masks
        wpos = masks.winner(trick) if trick else 0
        legal = masks.legal(hand, trick, wpos)
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        excuse = bits.excuse
        if excuse >= 0 and hand.bit_count() == 2 and legal >> excuse & 1:
            return excuse  # never keep the Excuse for the last trick
        cards = _indices(legal)
        cost = self.cost
        n = bits.n
        seat = (leader + len(trick)) % n
        if not trick:
            first = legal & self.lead_first[seat]
            if first:
                return (first & -first).bit_length() - 1  # the first in the hand's order
            plain = [c for c in cards if not bits.trumps >> c & 1 and c != excuse]
            return min(plain or cards, key=cost.__getitem__)
        if n == 4 and trick[wpos] != excuse and bits.team[(leader + wpos) % n] == bits.team[seat]:
            if len(trick) == n - 1:
                return max(cards, key=self.gift.__getitem__)
            return min(cards, key=cost.__getitem__)
        winners = [c for c in cards if c != excuse and masks.takes_over(trick, wpos, c)]
        if self.petit >= 0 and len(trick) < n - 1 and len(winners) > 1:
            winners = [c for c in winners if c != self.petit]
        if winners:
            return min(winners, key=bits.power.__getitem__)
        return min(cards, key=cost.__getitem__)

    def _safe(
        self, hands: Sequence[int], trick: list[int], wpos: int, seat: int, leader: int
    ) -> bool:
        """Whether no opponent of ``seat`` still to play to ``trick`` (its card at ``wpos``
        winning so far) holds a card that would take it over."""
        bits = self.bits
        masks = bits.masks
        n = bits.n
        team = bits.team
        mine = team[seat]
        for k in range(len(trick), n):
            s = (leader + k) % n
            if team[s] == mine:
                continue
            legal = masks.legal(hands[s], trick, wpos)
            while legal:
                low = legal & -legal
                if masks.takes_over(trick, wpos, low.bit_length() - 1):
                    return False
                legal ^= low
        return True

    def pick_seeing(self, hands: Sequence[int], seat: int, trick: list[int], leader: int) -> int:
        """A greedy card for the mover's side that sees every hand of the deal: a trick
        its side holds safe (no opponent still to play can take it over) gets the
        richest card (``gift``: a plain card's points or the Petit's, else the lowest
        trump); else the cheapest card that wins it safe; else the cheapest card. A lead
        no opponent can take over is the richest such card; else the cheapest plain
        card."""
        bits = self.bits
        masks = bits.masks
        hand = hands[seat]
        wpos = masks.winner(trick) if trick else 0
        legal = masks.legal(hand, trick, wpos)
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        excuse = bits.excuse
        if excuse >= 0 and hand.bit_count() == 2 and legal >> excuse & 1:
            return excuse  # never keep the Excuse for the last trick
        cards = _indices(legal)
        cost = self.cost
        if not trick:
            sure = []
            for c in cards:
                if c == excuse:
                    continue
                trick.append(c)
                if self._safe(hands, trick, 0, seat, seat):
                    sure.append(c)
                trick.pop()
            if sure:
                return max(sure, key=self.gift_seeing.__getitem__)
            plain = [c for c in cards if not bits.trumps >> c & 1 and c != excuse]
            return min(plain or cards, key=cost.__getitem__)
        ours = trick[wpos] != excuse and bits.team[(leader + wpos) % bits.n] == bits.team[seat]
        if ours and self._safe(hands, trick, wpos, seat, leader):
            return max(cards, key=self.gift_seeing.__getitem__)
        safe_winners = []
        for c in cards:
            if c == excuse or not masks.takes_over(trick, wpos, c):
                continue
            trick.append(c)
            if self._safe(hands, trick, len(trick) - 1, seat, leader):
                safe_winners.append(c)
            trick.pop()
        if safe_winners:
            return min(safe_winners, key=bits.power.__getitem__)
        return min(cards, key=cost.__getitem__)

    def run(self, world: GameState, card: Card) -> tuple[float, float]:
        """(card points the mover's side takes from here on, the hand's score for that
        side: see ``_Goal``) after ``card``, then the beginner's habits for every seat."""
        bits = self.bits
        deck = bits.deck
        hands = [deck.mask(h) for h in world.hands]
        start_hands = list(hands)
        trick = list(self.trick)
        stock = [deck.index(c) for c in world.draw_pile]
        leader, n, side = self.leader, bits.n, self.side
        team = bits.team
        rest = [0, 0]
        tricks = [0, 0]
        bouts = [0, 0]
        pab = -1
        tarot_game = self.petit >= 0
        seeing = self.seeing
        flags = bits.flags
        c = deck.index(card)
        seat = self.seat
        while True:
            hands[seat] ^= 1 << c
            trick.append(c)
            if len(trick) == n:
                last = not stock and not any(hands)
                first = leader
                leader, gain, flags = bits.judge(trick, leader, last, flags)
                rest[0] += gain[0]
                rest[1] += gain[1]
                wt = team[leader]
                tricks[wt] += 1
                if tarot_game:
                    for pos, x in enumerate(trick):
                        if x == 56 or x == 76:
                            bouts[wt] += 1
                            if x == 56 and last:
                                pab = wt
                        elif x == 77:
                            owner = team[(first + pos) % n]
                            # Led to the last trick and winning it (the side had won
                            # every trick), the Excuse stays with its side.
                            if last and not (pos == 0 and leader == first):
                                bouts[1 - owner if bits.to_opponents else wt] += 1
                            else:
                                bouts[owner] += 1
                if last:
                    break
                trick = []
                for i in range(n):
                    if stock:
                        hands[(leader + i) % n] |= 1 << stock.pop(0)
            seat = (leader + len(trick)) % n
            if seeing and team[seat] == side:
                c = self.pick_seeing(hands, seat, trick, leader)
            else:
                c = self.pick(hands[seat], trick, leader)
        scale = bits.scale
        pts = [rest[0] / scale, rest[1] / scale]
        score = self.goal.of_playout(start_hands, self.trick, pts, tricks, bouts, pab)
        return pts[side], score


def solve_with_stock(
    state: GameState,
    *,
    node_budget: int = 400_000,
    time_budget: float = 1.0,
    budget: SearchBudget | None = None,
) -> dict[Card, float]:
    """Briscola with cards still to draw, every card and the stock's order known (the
    real position once the hand is over, or a sampled deal): each legal card valued by
    the card points the mover's side takes from here on with best play (alpha-beta with
    a table at each trick's start). Other positions go to ``solve``. ``budget``, when
    given, stands for ``node_budget`` and ``time_budget`` (a deadline on its own clock).

    Raises:
        SolverBudgetExceeded: more than ``node_budget`` nodes or ``time_budget`` seconds.
    """
    if budget is None:
        budget = SearchBudget.of(node_budget, time_budget)
    if not state.cards_to_draw:
        return solve(state, budget=budget)
    bits = _Bits(state)
    deck = bits.deck
    n = bits.n
    pts = bits.pts
    stock = [deck.index(c) for c in state.draw_pile]
    hands = [deck.mask(h) for h in state.hands]
    me = state.to_move
    assert me is not None
    side = bits.team[me]
    table: dict[tuple[int, ...], int] = {}
    nodes = 0
    most = budget.nodes
    expired = budget.expired

    def search(trick: list[int], leader: int, drawn: int, alpha: int, beta: int) -> int:
        """Points for the mover's side from here on (alpha-beta, fail-hard)."""
        nonlocal nodes
        nodes += 1
        if nodes > most or (not nodes & 1023 and expired()):
            raise SolverBudgetExceeded(f"more than {nodes - 1} nodes or the time budget")
        if len(trick) == n:
            w = (leader + bits.winner(trick)) % n
            got = sum(pts[c] for c in trick)
            gain = got if bits.team[w] == side else 0
            added: list[tuple[int, int]] = []
            for i in range(n):
                if drawn < len(stock):
                    seat = (w + i) % n
                    hands[seat] |= 1 << stock[drawn]
                    added.append((seat, stock[drawn]))
                    drawn += 1
            try:
                if not any(hands):
                    return gain
                return gain + search([], w, drawn, alpha - gain, beta - gain)
            finally:
                for seat, c in added:
                    hands[seat] &= ~(1 << c)
        key: tuple[int, ...] | None = None
        if not trick:
            key = (*hands, leader, drawn)
            hit = table.get(key)
            if hit is not None:
                return hit
        seat = (leader + len(trick)) % n
        maximize = bits.team[seat] == side
        best = -1 if maximize else 1 << 30
        h = hands[seat]
        a0, b0 = alpha, beta
        for c in range(h.bit_length()):
            if not h >> c & 1:
                continue
            hands[seat] ^= 1 << c
            trick.append(c)
            try:
                v = search(trick, leader, drawn, alpha, beta)
            finally:
                trick.pop()
                hands[seat] ^= 1 << c
            if maximize:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None and a0 < best < b0:
            table[key] = best  # exact values only
        return best

    trick = [deck.index(p.card) for p in state.current_trick]
    leader = state.trick_leader
    out: dict[Card, float] = {}
    for card in state.legal_plays():
        c = deck.index(card)
        hands[me] ^= 1 << c
        trick.append(c)
        try:
            out[card] = float(search(trick, leader, 0, -1, 1 << 30))
        finally:
            trick.pop()
            hands[me] ^= 1 << c
    return out


def _exact(
    world: GameState,
    goal: _Goal,
    rng: random.Random,
    *,
    budget: SearchBudget,
) -> dict[Card, tuple[float, float]]:
    """Each legal card of a deal with every card known: (card points the mover's side
    takes from here on with best play, the hand's score for that side: ``_Goal``).

    Tarot: the Petit is searched as worth its points plus the target it lowers for the
    taker (``_TarotGoal.petit_bonus``), so the search fights for it as the score does; its
    card points then count that bonus when the side takes the Petit.

    Raises:
        SolverBudgetExceeded: more than ``budget`` allows.
    """
    if world.cards_to_draw:
        # One order of the face-down stock (the deal's is already a random one).
        exp = solve_expected(world, rng=rng, max_orders=1, budget=budget)
        return {c: (v, v) for c, v in exp.values.items()}
    root = SolveRoot(world)
    bonus, tb = goal.solve_terms(root)
    solver = root.solver(budget)
    raw = solver.values(list(root.trick), root.leader, root.flags)
    total = root.total()
    scale = root.rules.scale
    out: dict[Card, tuple[float, float]] = {}
    for c, v in raw.items():
        mine = root.for_side(v, total)
        out[root.deck[c]] = (mine, goal.of_solve(mine, total / scale, bonus / scale, tb))
    return out


@dataclass(frozen=True)
class Valuation:
    """The averaged value of each legal card and how it was reached.

    Attributes:
        values: per legal card, the average score of the hand for the mover's side, in
            card points (see ``_Goal``: Briscola's card points; Belote's score without
            declarations; Tarot's score per defender over the contract's multiplier).
        points: per legal card, the average card points the mover's side takes from
            the tricks still to play (the current trick included).
        samples: how many deals of the hidden cards were valued.
        exact: how many of them were solved exactly (the rest: greedy playouts).
    """

    values: dict[Card, float]
    points: dict[Card, float]
    samples: int
    exact: int


def strong_values(
    state: GameState,
    rng: random.Random,
    *,
    samples: int = DEFAULT_SAMPLES,
    time_budget: float = DEFAULT_MOVE_TIME,
) -> Valuation:
    """Each legal card of the seat to move, valued by the strong player (averaged over
    deals of the hidden cards; see the module's docstring).

    Raises:
        UnsolvablePosition: not a card-play moment.
    """
    legal = state.legal_plays()
    if not legal:
        raise UnsolvablePosition(f"no card to play in the {state.phase!r} phase")
    clock = CLOCK
    deadline = clock() + time_budget
    kn = knowledge(state)
    in_hands = sum(len(h) for h in state.hands)
    stock = state.cards_to_draw
    exactable = in_hands <= SOLVE_CARDS[state.game] and stock <= STOCK_SOLVE_CARDS.get(
        state.num_players, 0
    )
    playout = _Playout(state)
    by_score = OBJECTIVE == "score"
    classes = equivalent_cards(state)
    valued = [cls[0] for cls in classes]  # one card of each class is played out
    totals = dict.fromkeys(valued, 0.0)
    points = dict.fromkeys(valued, 0.0)
    done = exact = 0
    while done < max(1, samples):
        world = sample_deal(state, rng, kn) if kn.allowed else state
        vals: Mapping[Card, tuple[float, float]] | None = None
        if exactable:
            now = clock()
            left = max(0.001, deadline - now)
            if clock is not time.perf_counter:
                left = max(left, 1.0)  # another clock: the node budget bounds the solve
            try:
                budget = SearchBudget(SAMPLE_NODE_BUDGET, now + left, clock)
                vals = _exact(world, playout.goal, rng, budget=budget)
                exact += 1
            except SolverBudgetExceeded:
                vals = None
        if vals is None:
            vals = {c: playout.run(world, c) for c in valued}
        for c in valued:
            pts, score = vals[c]
            points[c] += pts
            totals[c] += score if by_score else pts
        done += 1
        if kn.determined and exact:
            break  # a single possible deal: one exact solve is the answer
        if clock() >= deadline:
            break
    lead = {c: cls[0] for cls in classes for c in cls}
    return Valuation(
        {c: totals[lead[c]] / done for c in legal},
        {c: points[lead[c]] / done for c in legal},
        done,
        exact,
    )


def equivalent_cards(state: GameState) -> list[list[Card]]:
    """The legal cards of the seat to move in classes that play alike: the same suit (or
    trumps) and points, with no card between them in that suit's order but the mover's
    own and those of finished tricks (whichever is played, the tricks go the same way),
    each class in the legal cards' order."""
    legal = state.legal_plays()
    seat = state.to_move
    if seat is None or len(legal) < 2:
        return [[c] for c in legal]
    bits = _Bits(state)
    deck = bits.deck
    mine = deck.mask(state.hands[seat])
    for tr in state.tricks:
        mine |= deck.mask(p.card for p in tr.plays)
    outside = ((1 << bits.size) - 1) & ~mine  # in another hand, unseen, or on the table
    power, pts, trumps = bits.power, bits.pts, bits.trumps

    def group(c: int) -> tuple[bool, object]:
        return bool(trumps >> c & 1), deck[c].suit

    by_group: dict[tuple[bool, object], list[int]] = {}
    for c in range(bits.size):
        if outside >> c & 1 and c != bits.excuse:
            by_group.setdefault(group(c), []).append(power[c])
    classes: list[list[Card]] = []
    index = {card: deck.index(card) for card in legal}
    for card in legal:
        c = index[card]
        for cls in classes:
            d = index[cls[0]]
            if c == bits.excuse or d == bits.excuse or group(c) != group(d) or pts[c] != pts[d]:
                continue
            lo, hi = sorted((power[c], power[d]))
            if not any(lo < w < hi for w in by_group.get(group(c), ())):
                cls.append(card)
                break
        else:
            classes.append([card])
    return classes


def _best(values: Mapping[Card, float], order: Sequence[Card]) -> Card:
    """The card of highest value (ties: the first in ``order``)."""
    return max(order, key=lambda c: values[c])


def strong_bid(state: GameState, rng: random.Random, *, deals: int | None = None) -> Any:
    """The strong player's bid: the one of highest expected score by the bidding advice
    (``bid_advice.advise_at``, over ``deals`` deals, by default ``BID_DEALS``); the only
    bid when there is one.

    Raises:
        InvalidStateError: not a bid.
    """
    legal = state.legal_actions()
    if state.phase == "bidding" and len(legal) == 1:
        return legal[0]
    advice = bid_advice.advise_at(state, rng, deals=deals if deals is not None else BID_DEALS)
    return advice.best.action


def _discard_key(state: GameState) -> tuple[Any, ...]:
    """The position a discard starts from, the cards laid aside so far taken back: the
    taker's whole hand with the chien, the other hands, the contract."""
    seat = state.to_move
    assert seat is not None
    laid = state.discard
    whole = frozenset((*state.hands[seat], *laid))
    others = tuple(h for s, h in enumerate(state.hands) if s != seat)
    return (state.ruleset.name, seat, whole, others, state.contract)


def strong_discard(state: GameState, rng: random.Random, *, deals: int | None = None) -> Any:
    """The strong player's next card to lay aside at the Tarot discard: a card of the
    discard of highest expected score by the discard advice (``bid_advice.advise_discard``
    over ``deals`` deals, by default ``DISCARD_DEALS``).

    The advice is asked at the discard's first card (or when the cards laid so far are not
    those of the plan, e.g. laid by someone else: then for the cards still to lay); the
    next cards follow the same six (``_DISCARD_PLANS``), so one discard is weighed once.
    Each card is one of ``legal_actions()``: never a King or a bout, a trump only when the
    plain cards run out (the engine's rules).

    Raises:
        InvalidStateError: not the taker's discard.
    """
    laid = state.discard
    key = _discard_key(state) if state.phase == "discard" and state.to_move is not None else ()
    with _DISCARD_PLANS_LOCK:
        plan = _DISCARD_PLANS.get(key) if laid else None
        if plan is not None:
            _DISCARD_PLANS.move_to_end(key)
    if plan is None or not set(laid) <= set(plan):
        advice = bid_advice.advise_discard(
            state, rng, deals=deals if deals is not None else DISCARD_DEALS
        )
        plan = (*laid, *advice.best.cards)
        with _DISCARD_PLANS_LOCK:
            _DISCARD_PLANS[key] = plan
            while len(_DISCARD_PLANS) > _DISCARD_PLANS_KEPT:
                _DISCARD_PLANS.popitem(last=False)
    legal = {getattr(a, "card", None): a for a in state.legal_actions()}
    for card in plan:
        if card not in laid and card in legal:
            return legal[card]
    return beginner.choose(state)  # pragma: no cover - the plan's cards are legal ones


def choose(
    state: GameState,
    level: str = "strong",
    rng: random.Random | None = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    time_budget: float = DEFAULT_MOVE_TIME,
    bid_deals: int | None = None,
    discard_deals: int | None = None,
) -> Any:
    """The action a computer player of ``level`` takes for the seat to move: a bid, a
    discard, an announcement, a declaration or a card (one of ``legal_actions()``).

    ``"beginner"`` is ``beginner.choose``. ``"strong"`` plays cards by sampling and solving
    (see the module's docstring; at most ``samples`` deals or ``time_budget`` seconds),
    bids by the bidding advice (``strong_bid``, over ``bid_deals`` deals, by default
    ``BID_DEALS``), lays the Tarot discard by the discard advice (``strong_discard``, over
    ``discard_deals`` deals, by default ``DISCARD_DEALS``) and uses the beginner's rules
    for everything else.

    Raises:
        ValueError: an unknown level, or the hand is over.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    if level == "strong" and state.phase == "bidding":
        return strong_bid(state, rng or random.Random(), deals=bid_deals)
    if level == "strong" and state.phase == "discard":
        return strong_discard(state, rng or random.Random(), deals=discard_deals)
    if level == "beginner" or state.phase != "play":
        return beginner.choose(state)
    legal = state.legal_plays()
    if not legal:
        return beginner.choose(state)
    if len(legal) == 1:
        return legal[0]
    val = strong_values(state, rng or random.Random(), samples=samples, time_budget=time_budget)
    return _best(val.values, legal)


# --- Hints ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Suggestion:
    """The strong player's card for the seat to move, with the figures behind it.

    Attributes:
        seat: the seat the suggestion is for.
        card: the card the strong player would play.
        values: per legal card, the averaged points its side takes from here on.
        samples: deals of the hidden cards valued (1 when every card is known).
        exact: how many of them were solved exactly.
        known: every card was known (the values are exact, not averaged).
    """

    seat: Seat
    card: Card
    values: dict[Card, float]
    samples: int
    exact: int
    known: bool

    @property
    def next_best(self) -> Card | None:
        """The best legal card after ``card`` (None with a single legal card)."""
        others = [c for c in self.values if c != self.card]
        return max(others, key=lambda c: self.values[c]) if others else None

    @property
    def margin(self) -> float:
        """How many points ``card`` keeps more than the next best card (0 if alone)."""
        nxt = self.next_best
        return 0.0 if nxt is None else self.values[self.card] - self.values[nxt]

    def sentence(self) -> str:
        """The suggestion in words, from the catalogue."""
        nxt = self.next_best
        card = self.card.label
        if nxt is None:
            return t("player.suggest.only", card=card)
        gain = round(self.margin)
        if gain < 1:
            return t("player.suggest.equal", card=card)
        key = "player.suggest.better_exact" if self.known else "player.suggest.better"
        return tn(key, gain, card=card, next=nxt.label)

    def basis(self) -> str:
        """How the figures were reached, in words (exact, or over how many deals)."""
        if self.known:
            return t("player.suggest.basis_known")
        return tn("player.suggest.basis_deals", self.samples)


def suggest(
    state: GameState,
    rng: random.Random | None = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    time_budget: float = DEFAULT_MOVE_TIME,
) -> Suggestion:
    """The strong player's card for the seat to move at a card-play moment, with the
    averaged value of every legal card (for a hint: ``Suggestion.sentence()``).

    Raises:
        UnsolvablePosition: not a card-play moment.
    """
    val = strong_values(state, rng or random.Random(), samples=samples, time_budget=time_budget)
    legal = state.legal_plays()
    seat = state.to_move
    assert seat is not None
    known = knowledge(state).determined and val.exact > 0
    return Suggestion(seat, _best(val.values, legal), val.values, val.samples, val.exact, known)


# --- The per-card review ------------------------------------------------------------------

#: The two views of a card's review: with what its seat could know when it played it, and
#: with every card shown.
KNOWN = "known"
SHOWN = "shown"
#: How a view's values were reached (``CardCost.method``).
DEALS = "deals"  # known: averaged over deals of the unseen cards (the strong player's valuation)
EXACT = "exact"  # shown: the exact solver
ORDERS = "orders"  # shown, Briscola with cards to draw: exact, averaged over the stock's orders
PLAYOUT = "playout"  # shown: greedy playouts (too many cards left for the exact solve)


@dataclass(frozen=True)
class CardCost:
    """One view's judgement of a card played: each legal card's value beside the best.

    Attributes:
        view: ``KNOWN`` (over deals of the cards the seat could not see, consistent with
            everything it had seen) or ``SHOWN`` (every card shown).
        method: ``DEALS`` (view ``KNOWN``), ``EXACT``, ``ORDERS`` or ``PLAYOUT`` (see the
            constants).
        values: per legal card, the card points its side takes from here on (averaged
            over the deals or the stock's orders).
        played: the card played.
        deals: the deals (``DEALS``) or the stock's orders (``ORDERS``, and ``PLAYOUT`` with
            cards to draw) averaged; 1 otherwise.
        exact: how many of the deals were solved exactly (the rest: greedy playouts).
        complete: ``DEALS``: every card was known (a single deal was possible);
            ``ORDERS``: every order of the stock was averaged.
    """

    view: str
    method: str
    values: Mapping[Card, float]
    played: Card
    deals: int = 1
    exact: int = 0
    complete: bool = False

    @property
    def best_value(self) -> float:
        """The value of the best card."""
        return max(self.values.values())

    @property
    def played_value(self) -> float:
        """The value of the card played."""
        return self.values[self.played]

    @property
    def lost(self) -> float:
        """The points the card played lost against the best card (>= 0)."""
        return max(0.0, self.best_value - self.played_value)

    @property
    def best(self) -> tuple[Card, ...]:
        """The best cards (those within a hundredth of a point of the best value)."""
        top = self.best_value
        return tuple(c for c, v in self.values.items() if v >= top - 0.01)

    def basis(self) -> str:
        """How the values were reached, in words (the sentence's parenthesis)."""
        if self.method == DEALS:
            if self.complete:
                return t("player.review.basis_all_known")
            return tn("player.review.basis_deals", self.deals)
        if self.method == EXACT:
            return t("player.review.basis_exact")
        if self.method == ORDERS:
            if self.complete:
                return t("player.review.basis_every_order")
            return tn("player.review.basis_orders", self.deals)
        if self.deals > 1:
            return tn("player.review.basis_playout_orders", self.deals)
        return t("player.review.basis_playout")

    def sentence(self, trick: int) -> str:
        """The view's judgement in words, from the catalogue (it names the view)."""
        card = self.played.label
        basis = self.basis()
        lost = round(self.lost, 1)
        known = self.view == KNOWN
        if lost <= 0:
            key = "player.review.known_best" if known else "player.review.shown_best"
            return t(key, trick=trick, card=card, basis=basis)
        best = " / ".join(c.label for c in self.best)
        key = "player.review.known_lost" if known else "player.review.shown_lost"
        return tn(key, lost, trick=trick, card=card, basis=basis, best=best)


@dataclass(frozen=True)
class CardReview:
    """One card a seat played, judged in both views (``CardCost``).

    Attributes:
        move: the index of the position in the history given to ``review``.
        trick: the trick's number (1 for the first).
        state: the position the card was played in.
        played: the card played.
        known: its cost with what the seat could know then.
        shown: its cost with every card shown.
    """

    move: int
    trick: int
    state: GameState = field(repr=False)
    played: Card
    known: CardCost
    shown: CardCost

    @property
    def lost(self) -> float:
        """The points lost with what the seat could know (the fair judgement of the card)."""
        return self.known.lost

    def sentences(self) -> tuple[str, str]:
        """The card's review in words: with what the seat could know, with all cards shown."""
        return self.known.sentence(self.trick), self.shown.sentence(self.trick)


def replay(start: GameState, actions: Sequence[Any]) -> list[GameState]:
    """The states of a hand: ``start``, then after each action (through ``apply``)."""
    states = [start]
    for a in actions:
        states.append(states[-1].apply(a))
    return states


def _trick_number(state: GameState) -> int:
    number = getattr(state, "trick_number", None)
    if isinstance(number, int):
        return number
    return len(state.tricks) + 1


def _known_cost(state: GameState, played: Card, rng: random.Random, deals: int) -> CardCost:
    """The ``KNOWN`` view: each legal card valued, as the strong player values it (exactly
    with few cards left, else by a greedy playout), on ``deals`` deals of the cards the
    seat could not see, in card points."""
    legal = state.legal_plays()
    kn = knowledge(state)
    in_hands = sum(len(h) for h in state.hands)
    exactable = in_hands <= SOLVE_CARDS[state.game] and state.cards_to_draw <= (
        STOCK_SOLVE_CARDS.get(state.num_players, 0)
    )
    playout = _Playout(state)
    totals = dict.fromkeys(legal, 0.0)
    done = exact = 0
    while done < max(1, deals):
        world = sample_deal(state, rng, kn) if kn.allowed else state
        vals: Mapping[Card, float] | None = None
        if exactable:
            try:
                vals = solve_with_stock(world, budget=SearchBudget.nodes_only(SAMPLE_NODE_BUDGET))
                exact += 1
            except SolverBudgetExceeded:
                vals = None
        if vals is None:
            vals = {c: playout.run(world, c)[0] for c in legal}
        for c in legal:
            totals[c] += vals[c]
        done += 1
        if kn.determined and exact:
            break  # a single possible deal: one exact solve is the answer
    values = {c: v / done for c, v in totals.items()}
    complete = kn.determined and exact > 0
    return CardCost(KNOWN, DEALS, values, played, done, exact, complete)


def _shown_cost(state: GameState, played: Card, rng: random.Random, node_budget: int) -> CardCost:
    """The ``SHOWN`` view: each legal card solved exactly with every hand known (Briscola
    with cards to draw: averaged over orders of the stock), or valued by greedy playouts
    when the solve would exceed ``node_budget``."""
    left = sum(len(h) for h in state.hands) + state.cards_to_draw
    if left <= REVIEW_SOLVE_CARDS[state.game]:
        budget = SearchBudget.nodes_only(node_budget)
        try:
            if state.cards_to_draw:
                exp = solve_expected(state, rng=rng, max_orders=REVIEW_STOCK_ORDERS, budget=budget)
                return CardCost(SHOWN, ORDERS, exp.values, played, exp.orders, 0, exp.exact)
            return CardCost(SHOWN, EXACT, solve(state, budget=budget), played)
        except SolverBudgetExceeded:
            pass
    legal = state.legal_plays()
    playout = _Playout(state)
    if not state.cards_to_draw:
        values = {c: playout.run(state, c)[0] for c in legal}
        return CardCost(SHOWN, PLAYOUT, values, played)
    totals = dict.fromkeys(legal, 0.0)
    for _ in range(REVIEW_STOCK_ORDERS):
        stock = list(state.draw_pile[: state.stock_count or 0])  # the face-down cards
        rng.shuffle(stock)
        world = state.with_hands(tuple(tuple(h) for h in state.hands), tuple(stock))
        for c in legal:
            totals[c] += playout.run(world, c)[0]
    values = {c: v / REVIEW_STOCK_ORDERS for c, v in totals.items()}
    return CardCost(SHOWN, PLAYOUT, values, played, REVIEW_STOCK_ORDERS)


def review_card(
    state: GameState,
    played: Card,
    *,
    move: int = 0,
    deals: int | None = None,
    node_budget: int | None = None,
    seed: int = 0,
) -> CardReview:
    """The card ``played`` in ``state`` (at index ``move`` of its hand's history), judged
    with what its seat could know (``deals`` deals of the unseen cards, by default
    ``REVIEW_DEALS``) and with every card shown (exact within ``node_budget`` nodes, by
    default the game's ``REVIEW_NODE_BUDGET``, else greedy playouts). Bounded by node
    budgets and deal counts only; the same ``seed`` gives the same review.

    Raises:
        UnsolvablePosition: not a card-play moment, or ``played`` is not a legal card.
    """
    if played not in state.legal_plays():
        raise UnsolvablePosition(f"{played.label} is not a legal card here")
    rng = random.Random(seed)
    known = _known_cost(state, played, rng, deals if deals is not None else REVIEW_DEALS)
    nodes = node_budget if node_budget is not None else REVIEW_NODE_BUDGET[state.game]
    shown = _shown_cost(state, played, rng, nodes)
    return CardReview(move, _trick_number(state), state, played, known, shown)


def played_cards(history: Sequence[GameState], seat: Seat) -> list[tuple[int, Card]]:
    """(index in ``history``, card) of every card ``seat`` played, in playing order."""
    out: list[tuple[int, Card]] = []
    for i in range(len(history) - 1):
        st = history[i]
        if st.phase != "play" or st.to_move != seat:
            continue
        card = _card_played(st, history[i + 1])
        if card is not None:
            out.append((i, card))
    return out


def costliest_first(reviews: Sequence[CardReview]) -> list[CardReview]:
    """``reviews`` sorted costliest first with what the seat could know, then with every
    card shown; ties in playing order."""
    return sorted(reviews, key=lambda r: (-round(r.lost, 1), -round(r.shown.lost, 1), r.move))


def review(
    history: Sequence[GameState],
    seat: Seat,
    *,
    deals: int | None = None,
    node_budget: int | None = None,
    seed: int = 0,
) -> list[CardReview]:
    """Every card ``seat`` played in ``history`` (the states of a hand in order, as
    ``replay`` gives them), judged in both views (``review_card``; the card at index
    ``i`` with the seed ``seed * 1000 + i``). Sorted costliest first
    (``costliest_first``).
    """
    out = [
        review_card(
            history[i], card, move=i, deals=deals, node_budget=node_budget, seed=seed * 1000 + i
        )
        for i, card in played_cards(history, seat)
    ]
    return costliest_first(out)


def _card_played(before: GameState, after: GameState) -> Card | None:
    """The card the seat to move played between two consecutive states."""
    seat = before.to_move
    assert seat is not None
    gone = set(before.hands[seat]) - set(after.hands[seat])
    if len(gone) == 1:
        return gone.pop()
    return None


# --- Why a trick was won -------------------------------------------------------------------


def why_trick(result: TrickResult, state: GameState) -> str:
    """One sentence saying why the winner of a finished trick won it, from the catalogue
    (seats named as the table names them: see ``core.seat_names``).

    ``state`` is any state of the same hand (for the trump); the sentence adds a word on
    the Excuse when it was played (it never wins a trick, except led to the last trick by
    a side that won all the others).
    """
    win = result.winning_play()
    who = seat_possessive(win.seat, start=True)
    card = win.card.label
    if result.reason == tarot.EXCUSE_WINS_LAST_TRICK:
        return t("player.why.excuse_wins_last", who=who)
    trumps = [p.card for p in result.plays if p.card != EXCUSE and state.is_trump(p.card)]
    if trumps and state.is_trump(win.card):
        game = state.game
        word = t(f"term.trump.{game}")  # the game's own word (王牌 / 將牌)
        if len(trumps) == 1:
            text = t("player.why.only_trump", who=who, card=card, trump_word=word)
        else:
            text = t("player.why.highest_trump", who=who, card=card, trump_word=word)
    else:
        text = t("player.why.highest_of_led_suit", who=who, card=card)
    excuse = next((p for p in result.plays if p.card == EXCUSE), None)
    if excuse is not None:
        text = t("player.why.with_excuse", why=text, owner=seat_possessive(excuse.seat, start=True))
    return text
