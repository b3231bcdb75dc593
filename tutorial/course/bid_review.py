"""A practice hand's bids and Tarot discard, reviewed like its cards (pure: never
imports streamlit).

A learner's bid is judged against the bidding advice at its position
(``analysis.bid_advice``: each bid's expected score over deals of the cards the bidder
cannot see, the rest of the hand played by the computer players' habits), the discard
against the best discard the discard advice found. Both advices come from the position's
own seed (``bid_advice.advise_bid``, ``advise_discard_from``), so the hint at that
decision and this review read the same figures. As for a card
(``analysis.card_review``), one verdict and one figure: costly only when it loses at
least ``judgement.LEAST_LOSS`` points and more than ``judgement.NOISE_ERRORS`` standard
errors of the difference (the deals are shared, so the difference is paired); otherwise
as good as the best within what the deals show. The reason is a fact of the hand the
engine checks: the trumps a Belote take would hold, a Tarot hand's trumps, bouts and
Kings (``reasons.bid_fact``); the points a discard lays aside and the suits it empties.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tutorial.analysis.bid_advice import (
    BidAdvice,
    DiscardAdvice,
    DiscardValue,
    advise_bid,
    advise_discard_from,
    paired_error,
)
from tutorial.analysis.card_review import BEST, WRONG
from tutorial.analysis.judgement import LEAST_LOSS, NOISE_ERRORS
from tutorial.engine.actions import Action
from tutorial.engine.cards import Card, Suit, describe_cards
from tutorial.engine.contract import GameState
from tutorial.engine.reasons import Points, Reason, Suits, bid_fact, figure, reason
from tutorial.language.i18n import t, tn
from tutorial.scenarios import actions

__all__ = ["BidReview", "DiscardReview", "review_bid", "review_discard"]


def _verdict(loss: float, error: float) -> str:
    """``WRONG`` when ``loss`` is at least a point and beyond the noise, else ``BEST``."""
    return WRONG if loss >= LEAST_LOSS and loss > NOISE_ERRORS * error else BEST


class _Decision:
    """What a reviewed bid and a reviewed discard share: costly or not, their words."""

    verdict: str
    reasons: tuple[Reason, ...]

    @property
    def costly(self) -> bool:
        """Whether the decision is costly (``WRONG``)."""
        return self.verdict == WRONG

    def sentence(self) -> str:
        """The verdict in words (each decision its own)."""
        raise NotImplementedError

    def sentences(self) -> list[str]:
        """The verdict, then its reason (when it has one)."""
        why = t("reasons.separator").join(r.sentence() for r in self.reasons)
        return [self.sentence(), why] if why else [self.sentence()]


@dataclass(frozen=True)
class BidReview(_Decision):
    """A bid the learner made, judged against the bidding advice.

    Attributes:
        move: the index of the position in the hand's history.
        action: the bid.
        advice: every bid's expected score there (the hint's figures).
        verdict: ``BEST`` or ``WRONG`` (costly beyond the noise).
        better: the advice's best bid (None when the bid is as good).
        lost: the figure: whole points below ``better`` (0 when as good).
        error: its standard error (the difference on the same deals).
        reasons: a fact of the hand behind the bid (or the better bid), when the game
            has one to say.
    """

    move: int
    action: Action
    advice: BidAdvice = field(repr=False)
    verdict: str
    better: Action | None = None
    lost: float = 0.0
    error: float = 0.0
    reasons: tuple[Reason, ...] = ()

    def sentence(self) -> str:
        """The verdict in words."""
        bid = actions.label(self.action)
        deals = tn("bid_review.deals", self.advice.deals)
        if self.better is None:
            return t("bid_review.bid_best", bid=bid, deals=deals)
        return tn(
            "bid_review.bid_wrong",
            self.lost,
            bid=bid,
            better=actions.label(self.better),
            error=f"{self.error:g}",
            deals=deals,
        )


def review_bid(
    history: Sequence[GameState], earlier: Sequence[Action], bid: Action, move: int
) -> BidReview:
    """``bid``, made at ``history[-1]`` (``history`` from the deal to it, ``earlier`` the
    actions since the deal; at index ``move`` of the hand's history), judged against the
    bidding advice there.

    Raises:
        InvalidStateError: ``history[-1]`` is not a bid.
    """
    state = history[-1]
    advice = advise_bid(history, earlier)
    values = {repr(v.action): v for v in advice.values}
    mine, best = values[repr(bid)], advice.best
    loss = best.mean - mine.mean
    error = paired_error(best.scores, mine.scores)
    verdict = _verdict(loss, error)
    if verdict == BEST:
        fact = bid_fact(state, bid)
        return BidReview(move, bid, advice, BEST, reasons=(fact,) if fact else ())
    fact = bid_fact(state, bid) or bid_fact(state, best.action)
    return BidReview(
        move,
        bid,
        advice,
        WRONG,
        best.action,
        float(round(loss)),
        max(0.5, figure(error)),
        (fact,) if fact is not None else (),
    )


@dataclass(frozen=True)
class DiscardReview(_Decision):
    """The Tarot discard the learner laid, judged against the best discard found.

    Attributes:
        move: the index in the hand's history of the discard's first card.
        cards: the six cards laid aside.
        advice: the discards weighed there, the learner's among them.
        verdict: ``BEST`` or ``WRONG``.
        better: the best discard found (None when the learner's is as good).
        lost, error: the figure and its standard error.
        reasons: what each discard lays aside and empties.
    """

    move: int
    cards: tuple[Card, ...]
    advice: DiscardAdvice = field(repr=False)
    verdict: str
    better: tuple[Card, ...] | None = None
    lost: float = 0.0
    error: float = 0.0
    reasons: tuple[Reason, ...] = ()

    def sentence(self) -> str:
        """The verdict in words."""
        cards = describe_cards(self.cards)
        deals = tn("bid_review.deals", self.advice.values[0].deals)
        if self.better is None:
            return t("bid_review.discard_best", cards=cards, deals=deals)
        return tn(
            "bid_review.discard_wrong",
            self.lost,
            cards=cards,
            better=describe_cards(self.better),
            error=f"{self.error:g}",
            deals=deals,
        )


def _discard_fact(state: GameState, mine: DiscardValue, other: DiscardValue | None) -> Reason:
    """What the learner's discard lays aside and empties (and the better one's)."""
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]

    def laid(cards: Sequence[Card]) -> tuple[Points, Suits]:
        points = Points(sum(state.card_points(c) for c in cards))
        kept = [c for c in hand if c not in cards]
        emptied = tuple(
            s
            for s in dict.fromkeys(c.suit for c in cards)
            if s not in (Suit.TRUMP, Suit.EXCUSE) and not any(c.suit is s for c in kept)
        )
        return points, Suits(emptied)

    points, emptied = laid(mine.cards)
    if other is None:
        return reason("discard_laid", points=points, emptied=emptied)
    better_points, better_emptied = laid(other.cards)
    return reason(
        "discard_laid_both",
        points=points,
        emptied=emptied,
        better_points=better_points,
        better_emptied=better_emptied,
    )


def review_discard(state: GameState, cards: Sequence[Card], move: int) -> DiscardReview:
    """The six cards laid aside from ``state`` (the discard's first card; at index
    ``move`` of the hand's history), judged against the discards the advice weighs.

    Raises:
        InvalidStateError: ``state`` is not the taker's discard, or ``cards`` not a
            discard allowed there.
    """
    advice = advise_discard_from(state, chosen=list(cards))
    mine = advice.chosen
    assert mine is not None
    best = advice.best
    loss = best.mean - mine.mean
    error = paired_error(best.scores, mine.scores) if best is not mine else 0.0
    if best is mine or _verdict(loss, error) == BEST:
        fact = _discard_fact(state, mine, None)
        return DiscardReview(move, tuple(cards), advice, BEST, reasons=(fact,))
    return DiscardReview(
        move,
        tuple(cards),
        advice,
        WRONG,
        tuple(best.cards),
        float(round(loss)),
        max(0.5, figure(error)),
        (_discard_fact(state, mine, best),),
    )
