"""The strong player's card for a learner, and why, with what the learner can know
(pure: never imports streamlit).

:func:`suggest` reads the position's judgement (``tutorial.analysis.judgement``: the one
the review reads afterwards, so the hinted card is never called costly there) and adds a
reason from facts the seat can see: who can still win the trick in play. A seat still to
play *may hold* a card when it is known to be in its hand or when the seat's plays and
the cards shown leave room for it there (``Knowledge.may_hold``: never a hidden card's
real place); a claim that nobody after the learner can beat a card is made only when no
card any of them may hold would (whatever suit it would have to follow), so it is true
on every deal the learner cannot rule out. When the learner plays last to the trick,
the points each card takes in it are known, and the rest is the judgement's average
over the deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutorial.analysis.card_bits import CardBits
from tutorial.analysis.judgement import Judgement, judge
from tutorial.analysis.knowledge import Knowledge, knowledge
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.reasons import CardOf, Points, Reason, SeatWord, figure, reason
from tutorial.engine.seats import Seat
from tutorial.language.i18n import t, tn

__all__ = ["Suggestion", "suggest", "visible_reason"]


@dataclass(frozen=True)
class Suggestion:
    """The judge's card for the seat to move, its figures and a visible reason.

    Attributes:
        judgement: the position's judgement (the review's too).
        why: a fact the seat can see that backs the card (None when none is sure).
    """

    judgement: Judgement
    why: Reason | None = None

    @property
    def seat(self) -> Seat:
        """The seat the suggestion is for."""
        return self.judgement.seat

    @property
    def card(self) -> Card:
        """The card the strong player would play (the judgement's best)."""
        return self.judgement.best

    @property
    def next_best(self) -> Card | None:
        """The best legal card after ``card`` (None with a single legal card)."""
        return self.judgement.next_best

    @property
    def margin(self) -> float:
        """What ``card`` keeps more than the next best card, on average (0 if alone)."""
        nxt = self.next_best
        return 0.0 if nxt is None else self.judgement.of(nxt).loss

    @property
    def clear(self) -> bool:
        """Whether the next best card is costly: ``card`` is better beyond the noise."""
        nxt = self.next_best
        return nxt is not None and self.judgement.costly(nxt)

    def sentence(self) -> str:
        """The suggestion in words: the card, what it keeps, then the visible reason."""
        card = self.card.label
        nxt = self.next_best
        if nxt is None:
            return t("player.suggest.only", card=card)
        if not self.clear:
            text = t("player.suggest.equal", card=card)
        elif self.judgement.complete:
            gain = figure(self.margin)
            text = tn("player.suggest.better_exact", gain, card=card, next=nxt.label)
        else:
            gain = float(round(self.margin))
            error = max(0.5, figure(self.judgement.of(nxt).error))
            text = tn("player.suggest.better", gain, card=card, next=nxt.label, error=f"{error:g}")
        if self.why is not None:
            text = t("player.suggest.with_reason", suggestion=text, why=self.why.sentence())
        return text

    def basis(self) -> str:
        """How the figures were reached, in words (exact, or over how many deals)."""
        if self.judgement.complete:
            return t("player.suggest.basis_known")
        return tn("player.suggest.basis_deals", self.judgement.deals)


def suggest(state: GameState) -> Suggestion:
    """The judge's card for the seat to move at a card-play moment, with a reason the
    seat can see when there is one (for a hint: ``Suggestion.sentence()``).

    Raises:
        UnsolvablePosition: not a card-play moment.
    """
    judged = judge(state)
    return Suggestion(judged, visible_reason(state, judged))


# --- What the seat can see of the trick in play -------------------------------------------


def _still_to_play(state: GameState) -> list[Seat]:
    """The seats that play to the current trick after the seat to move, in order."""
    seat = state.to_move
    assert seat is not None
    n = state.num_players
    after = n - len(state.current_trick) - 1
    return [(seat + k) % n for k in range(1, after + 1)]


def _may_take(bits: CardBits, trick: Sequence[int], seats: Sequence[Seat], kn: Knowledge) -> bool:
    """Whether one of ``seats`` may hold a card that would take over ``trick`` (its winner
    as it stands), whatever suit it would have to follow."""
    masks = bits.masks
    wpos = masks.winner(trick)
    deck = bits.deck
    return any(
        deck.index(card) != bits.excuse and masks.takes_over(trick, wpos, deck.index(card))
        for s in seats
        for card in kn.may_hold(s)
    )


def _trick_points(state: GameState, trick: Sequence[Card]) -> float:
    """The card points of the cards in a trick."""
    return float(sum(state.card_points(c) for c in trick))


def visible_reason(state: GameState, judged: Judgement) -> Reason | None:
    """A fact of the trick in play, sure on every deal the seat cannot rule out, that
    backs the judgement's best card (None when none holds):

    - ``hint_cannot_win``: an opponent wins the trick so far, no legal card of the seat
      takes it over and no partner still to play may: the best card gives it its points;
    - ``hint_partner_wins``: a partner wins the trick so far and no opponent still to play
      may take it over: the best card adds its points to it;
    - ``hint_sure_winner``: the best card takes the trick over and no seat still to play
      may take it back;
    - ``hint_takes_now``: the seat plays last to the trick and the best card takes more
      points in it than the next best card;
    - ``hint_now_or_later``: the seat plays last to the trick, the best card takes fewer
      points in it than the next best card, and more on average in the tricks to come.
    """
    seat = state.to_move
    if seat is None or state.phase != "play":
        return None
    bits = CardBits(state)
    deck = bits.deck
    kn = knowledge(state)
    side = bits.team[seat]
    later = _still_to_play(state)
    plays = state.current_trick
    trick = [deck.index(p.card) for p in plays]
    best = judged.best
    legal = list(judged.cards)
    if trick:
        win = plays[bits.masks.winner(trick)]
        ours = bits.team[win.seat] == side and win.card != _excuse(bits)
        takes = [
            c
            for c in legal
            if bits.masks.takes_over(trick, bits.masks.winner(trick), deck.index(c))
        ]
        partners = [s for s in later if bits.team[s] == side]
        opponents = [s for s in later if bits.team[s] != side]
        if not ours and not takes and not _may_take(bits, trick, partners, kn):
            return reason(
                "hint_cannot_win",
                taken_by=CardOf(win.seat, win.card),
                card=best,
                points=Points(state.card_points(best)),
            )
        sure = ours and win.seat != seat and not _may_take(bits, trick, opponents, kn)
        if sure and best not in takes:
            return reason(
                "hint_partner_wins",
                partner=SeatWord(win.seat),
                taken_by=CardOf(win.seat, win.card),
                card=best,
                points=Points(state.card_points(best)),
            )
    after = [*trick, deck.index(best)]
    if later and bits.masks.winner(after) == len(trick) and not _may_take(bits, after, later, kn):
        return reason("hint_sure_winner", card=best)
    nxt = judged.next_best
    if not later and trick and nxt is not None:
        return _now_or_later(state, judged, best, nxt)
    return None


def _excuse(bits: CardBits) -> Card | None:
    """The Excuse of this deck (None outside Tarot): it never wins a trick."""
    return bits.deck[bits.excuse] if bits.excuse >= 0 else None


def _now_or_later(state: GameState, judged: Judgement, best: Card, nxt: Card) -> Reason | None:
    """The seat plays last: what each card takes in this trick is known. The best card
    takes more points now than the next best card (``hint_takes_now``), or fewer now and
    more, on average, in the tricks to come (``hint_now_or_later``)."""
    seat = judged.seat
    bits = CardBits(state)
    deck = bits.deck
    trick = [deck.index(p.card) for p in state.current_trick]
    side = bits.team[seat]
    cards_now = [p.card for p in state.current_trick]

    def now(card: Card) -> float:
        after = [*trick, deck.index(card)]
        winner = state.current_trick[0].seat
        w = bits.masks.winner(after)
        who = (winner + w) % state.num_players
        return _trick_points(state, [*cards_now, card]) if bits.team[who] == side else 0.0

    best_now, next_now = now(best), now(nxt)
    if best_now > next_now:
        return reason(
            "hint_takes_now", card=best, now=Points(best_now), other=nxt, other_now=Points(next_now)
        )
    best_later = judged.of(best).points - best_now
    next_later = judged.of(nxt).points - next_now
    if best_now == next_now or best_later - next_later < 1:
        return None
    return reason(
        "hint_now_or_later",
        card=best,
        now=Points(best_now),
        other=nxt,
        other_now=Points(next_now),
        later=Points(round(best_later - next_later)),
    )
