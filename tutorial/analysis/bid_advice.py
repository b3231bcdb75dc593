"""What each bid (and each Tarot discard) is worth for the hand held: the expected score
over deals like this one.

At a bid, the seat to move knows its own cards (and Belote's face-up card) and the bids
so far. :func:`advise` deals the cards it cannot see again at random
(``state.dealt_again``), keeps only deals where every earlier bid is the one the
computer players' bidding rule would have made with those cards (the bids carry what
they tell: an opponent who passed holds no taking hand), then for each bid open to the
seat plays the hand out to its end and scores it for the seat: everyone after the bid
(the seat included) bids, discards and plays by the beginner's rules, the same rules the
computer opponents bid by. A deal is shared by every bid, so the figures compare bids on
the same cards (paired), and each figure comes with its standard error and the number
of deals. So is a playout: bids whose auctions end in the same position for the play
(Tarot: a Prise and a Garde taken by the same seat, a Garde sans and a Garde contre)
are played out once and scored each with its own contract (``_bid_scores``), and the
beginner's cards are chosen on the compact rules (``beginner.play_out``): the same
figures as before, about 0.12 s of CPU for a Tarot bid with five bids open (was 0.21 s).

The playouts use the beginner's card play, not the strong player's: a whole hand per deal
and per bid by the strong player would cost seconds; what is compared is the bids, and
a bid's worth under plain play ranks hands the way the bidding rules of the sources do
(counted points, bouts and trumps). ``docs/decisions.md`` says so.
"""

from __future__ import annotations

import dataclasses
import math
import os
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tutorial.analysis import beginner
from tutorial.analysis.judgement import position_key
from tutorial.engine.actions import Action, GameAction, card_of
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.outcomes import HandOutcome

__all__ = [
    "BidAdvice",
    "BidValue",
    "DiscardAdvice",
    "DiscardValue",
    "advise",
    "advise_at",
    "advise_bid",
    "advise_discard",
    "advise_discard_from",
    "bidding_history",
    "paired_error",
    "position_rng",
    "seat_score",
]

#: Deals valued per bid at most (a hint: about an eighth of a second of CPU in Tarot).
DEFAULT_DEALS = 24
#: Deals of the advice a learner reads at a bid or the discard, and of their review
#: (``advise_bid``, ``advise_discard_from``; ``$ATOUT_ADVICE_DEALS`` sets another number:
#: the browser tests' server).
POSITION_DEALS = max(1, int(os.environ.get("ATOUT_ADVICE_DEALS", "24") or 24))
#: Deals drawn at most per deal kept (the earlier bids refuse some): past that, the last
#: deals are kept without the check, and the advice says how many were checked.
TRIES_PER_DEAL = 12


@dataclass(frozen=True)
class BidValue:
    """One bid's expected score for the seat, over ``deals`` deals (``error``: the
    standard error of the mean; ``scores``: the score on each deal, the same deals for
    every bid, in order)."""

    action: Action
    mean: float
    error: float
    deals: int
    scores: tuple[float, ...] = field(default=(), repr=False, compare=False)


@dataclass(frozen=True)
class BidAdvice:
    """Every bid open to ``seat``, best first, and how the deals were drawn."""

    seat: int
    values: tuple[BidValue, ...]
    deals: int
    checked: int  # deals that agree with every earlier bid (the rest were not checked)

    @property
    def best(self) -> BidValue:
        """The bid with the highest expected score."""
        return self.values[0]


def seat_score(end: GameState, outcome: HandOutcome, seat: int) -> float:
    """The score of ``seat`` in a finished hand: its own total (Tarot) or its side's."""
    keys = list(outcome.totals)
    if end.scores_by_seat:
        return float(outcome.totals[keys[seat]])
    return float(outcome.totals[keys[end.team_of(seat)]])


def _agrees(start: GameState, earlier: Sequence[Action], seat: int) -> GameState | None:
    """The state after ``earlier`` from ``start`` if each other seat's action is the one
    the bidding rule gives with these cards (the seat's own are taken as they were)."""
    state = start
    for action in earlier:
        if state.is_terminal:  # a deal the hand did not have (a Petit sec called off)
            return None
        if state.to_move != seat and beginner.choose(state) != action:
            return None
        state = state.apply(action)
    return None if state.is_terminal or state.to_move != seat else state


def advise(
    history: Sequence[GameState],
    earlier: Sequence[Action],
    rng: random.Random,
    *,
    deals: int = DEFAULT_DEALS,
    share: bool = True,
) -> BidAdvice:
    """The expected score of each bid open to the seat to move at ``history[-1]``.

    ``history[0]`` is the hand as dealt and ``earlier`` the actions taken since (so that
    ``history[-1]`` is ``history[0]`` with them applied). ``share``: bids that end the
    auction in the same position for the play share its playout (``_bid_scores``; the
    same figures, fewer playouts: ``share=False`` plays each bid out, for the tests).

    Raises:
        InvalidStateError: the position is not a bid (or its hand cannot be dealt again).
    """
    now = history[-1]
    seat = now.to_move
    if now.phase != "bidding" or seat is None:
        raise InvalidStateError(f"there is no bid to advise on in the {now.phase!r} phase")
    bids = now.legal_actions()
    scores: dict[int, list[float]] = {i: [] for i in range(len(bids))}
    checked = 0
    for _ in range(deals):
        position = None
        for _ in range(TRIES_PER_DEAL):
            position = _agrees(history[0].dealt_again(seat, rng), earlier, seat)
            if position is not None:
                checked += 1
                break
        if position is None:  # the bids so far are rare under the rule: take any deal
            position = now.dealt_again(seat, rng)
            if position.legal_actions() != bids:  # pragma: no cover - a called-off deal
                position = now
        for i, score in enumerate(_bid_scores(position, bids, seat, share=share)):
            scores[i].append(score)
    values = [
        BidValue(bids[i], *_mean_error(scores[i]), deals, tuple(scores[i]))
        for i in range(len(bids))
    ]
    values.sort(key=lambda v: -v.mean)
    return BidAdvice(seat, tuple(values), deals, checked)


def _play_key(state: GameState) -> tuple[Any, ...] | None:
    """What the play after the auction depends on: every field of the position but its
    :meth:`~tutorial.engine.contract.GameState.auction_record`; None when it cannot be told."""
    if not dataclasses.is_dataclass(state):
        return None
    record = state.auction_record()
    key = tuple(getattr(state, f.name) for f in dataclasses.fields(state) if f.name not in record)
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _bid_scores(
    position: GameState, bids: Sequence[Action], seat: int, *, share: bool
) -> list[float]:
    """The seat's score for each of ``bids`` from ``position``, the rest of the auction,
    the discard and the play by the beginner's rules. With ``share``, the bids whose
    auctions end in the same position but for its record (Tarot: a Prise and a Garde both
    taken by the same seat, a Garde sans and a Garde contre; any bid another seat
    overbids to the same contract) are played out once: the hand as played is scored
    again with each bid's own auction and contract."""
    ends: dict[tuple[Any, ...], GameState] = {}
    out: list[float] = []
    for bid in bids:
        after = position.apply(bid)
        while after.phase == "bidding" and not after.is_terminal:
            after = after.apply(beginner.choose(after))
        key = _play_key(after) if share and not after.is_terminal else None
        end = ends.get(key) if key is not None else None
        if end is None:
            end = beginner.play_out(after)
            if key is not None:
                ends[key] = end
        else:
            end = end.with_auction_record(after.auction_record())
        out.append(seat_score(end, end.outcome(), seat))
    return out


def bidding_history(state: GameState) -> tuple[list[GameState], list[GameAction]]:
    """``(history, earlier)`` for :func:`advise` from a position at the bidding alone: the
    hand as dealt (the position with its bids taken back, the first bidder to move) and
    the bids made since, as ``state.seated_bids()`` lists them. When taking the bids back
    does not lead to the same position again, the position itself with no earlier bids
    (the advice then does not read what the earlier bids tell)."""
    made = [bid for _, bid in state.seated_bids()]
    if not made or not dataclasses.is_dataclass(state):
        return [state], []
    names = {f.name for f in dataclasses.fields(state)}
    back: dict[str, Any] = {"bids": ()}
    if "to_move" in names:
        back["to_move"] = state.seated_bids()[0][0]
    try:
        start = dataclasses.replace(state, **back)
        again: GameState = start
        history = [start]
        for bid in made:
            again = again.apply(bid)
            history.append(again)
    except (InvalidStateError, TypeError, ValueError):
        return [state], []
    if again != state:
        return [state], []
    return history, made


def advise_at(
    state: GameState, rng: random.Random, *, deals: int = DEFAULT_DEALS, share: bool = True
) -> BidAdvice:
    """:func:`advise` for a position at the bidding given alone (``bidding_history``).

    Raises:
        InvalidStateError: the position is not a bid.
    """
    history, earlier = bidding_history(state)
    return advise(history, earlier, rng, deals=deals, share=share)


def position_rng(state: GameState, salt: str) -> random.Random:
    """The random source of an advice at ``state``: a seed worked out from the position
    as its seat sees it (``judgement.position_key``), so the same decision gets the same
    advice on every page, in the hint and in the review."""
    return random.Random(f"{position_key(state)}|{salt}")


def advise_bid(history: Sequence[GameState], earlier: Sequence[Action]) -> BidAdvice:
    """:func:`advise` at ``history[-1]`` from the position's own seed (``position_rng``),
    over ``POSITION_DEALS`` deals: the hint's and the review's figures."""
    rng = position_rng(history[-1], "bid")
    return advise(history, earlier, rng, deals=POSITION_DEALS)


def advise_discard_from(state: GameState, chosen: Sequence[Card] | None = None) -> DiscardAdvice:
    """:func:`advise_discard` at ``state`` (the discard's first card) from the position's
    own seed (``position_rng``), over ``POSITION_DEALS`` deals, with the learner's six
    cards when ``chosen``."""
    rng = position_rng(state, "discard")
    return advise_discard(state, rng, chosen=chosen, deals=POSITION_DEALS)


def paired_error(a: Sequence[float], b: Sequence[float]) -> float:
    """The standard error of the mean of ``a[i] - b[i]`` (two figures on the same deals)."""
    return _mean_error([x - y for x, y in zip(a, b, strict=True)])[1] if a else 0.0


def _mean_error(xs: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, 0.0
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, math.sqrt(var / n)


# --- The Tarot discard ------------------------------------------------------------------


@dataclass(frozen=True)
class DiscardValue:
    """One discard (its six cards) and its expected score for the taker, over ``deals``
    deals (``error``: the standard error of the mean). ``kind`` says whose or which
    habit it is: ``yours``, ``computer``, ``shortest``, ``lowest``."""

    kind: str
    cards: tuple[Card, ...]
    mean: float
    error: float
    deals: int
    scores: tuple[float, ...] = field(default=(), repr=False, compare=False)


@dataclass(frozen=True)
class DiscardAdvice:
    """The discards weighed, best first: the learner's (when given), the computer's, and
    the other candidates; ``chosen`` is the learner's among them, if given."""

    seat: int
    values: tuple[DiscardValue, ...]
    chosen: DiscardValue | None

    @property
    def best(self) -> DiscardValue:
        """The discard with the highest expected score."""
        return self.values[0]


def _lay(state: GameState, cards: Sequence[Card]) -> GameState:
    """``state`` after the taker lays ``cards`` aside, one by one (legal ones)."""
    for card in cards:
        state = state.apply(next(a for a in state.legal_actions() if card_of(a) == card))
    return state


def _candidates(state: GameState) -> list[tuple[str, tuple[Card, ...]]]:
    """Discards worth weighing: the computer's (the richest cards first), and two habits
    the sources teach: the shortest suits emptied first, and the lowest cards kept out
    of the defenders' tricks (each within the cards the rules allow)."""
    seat = state.to_move
    assert seat is not None
    need = 6 - len(state.discard)
    computer: list[Card] = []
    s = state
    for _ in range(need):
        action = beginner.choose(s)
        laid = card_of(action)
        assert laid is not None  # each action of the discard lays a card aside
        computer.append(laid)
        s = s.apply(action)
    allowed = [c for a in state.legal_actions() if (c := card_of(a)) is not None]
    hand = state.hands[seat]
    length = {c: sum(1 for x in hand if x.suit == c.suit) for c in allowed}
    points = {c: state.card_points(c) for c in allowed}
    shortest = sorted(allowed, key=lambda c: (length[c], -points[c]))[:need]
    lowest = sorted(allowed, key=lambda c: (points[c], length[c]))[:need]
    out: list[tuple[str, tuple[Card, ...]]] = []
    for kind, cards in (("computer", computer), ("shortest", shortest), ("lowest", lowest)):
        if not any(_same(cards, o) for _, o in out):
            out.append((kind, tuple(cards)))
    return out


def _same(a: Sequence[Card], b: Sequence[Card]) -> bool:
    """Whether two discards hold the same cards, in any order."""
    return set(a) == set(b)


def advise_discard(
    state: GameState,
    rng: random.Random,
    *,
    chosen: Sequence[Card] | None = None,
    deals: int = DEFAULT_DEALS,
) -> DiscardAdvice:
    """The expected score of the learner's discard (``chosen``, six cards) beside the
    computer's and the other candidates, on the same deals of the defenders' cards,
    each hand played out by the beginner's rules.

    Raises:
        InvalidStateError: not the taker's discard, or ``chosen`` is not six cards the
            rules allow from this hand.
    """
    seat = state.to_move
    if state.phase != "discard" or seat is None:
        raise InvalidStateError(f"there is no discard to advise on in the {state.phase!r} phase")
    candidates = _candidates(state)
    mine: tuple[Card, ...] | None = None
    if chosen is not None:
        mine = tuple(chosen)
        try:
            _lay(state, mine)
        except (StopIteration, InvalidStateError, ValueError) as bad:
            raise InvalidStateError(f"{list(mine)} is not a discard allowed here") from bad
        same = [i for i, (_, cards) in enumerate(candidates) if _same(cards, mine)]
        if same:  # the learner chose as one of the habits: named as theirs
            candidates[same[0]] = ("yours", mine)
        else:
            candidates.insert(0, ("yours", mine))
    scores: list[list[float]] = [[] for _ in candidates]
    for _ in range(deals):
        position = state.dealt_again(seat, rng)
        for i, (_, cards) in enumerate(candidates):
            end = beginner.play_out(_lay(position, cards))
            scores[i].append(seat_score(end, end.outcome(), seat))
    values = [
        DiscardValue(kind, cards, *_mean_error(scores[i]), deals, tuple(scores[i]))
        for i, (kind, cards) in enumerate(candidates)
    ]
    chosen_value = next((v for v in values if v.kind == "yours"), None)
    values.sort(key=lambda v: -v.mean)
    return DiscardAdvice(seat, tuple(values), chosen_value)
