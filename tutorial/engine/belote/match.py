"""A Belote match (docs/rules.md §1.8; 000 section 12): hands in sequence to the
target score, the deal passing on and litige points carried to the next hand's winner."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutorial.engine.belote.cards import GAME, SIDES, TEAM_LABELS, CardsLike, check_seat
from tutorial.engine.belote.options import BeloteOptions, resolve
from tutorial.engine.belote.setup import new_hand
from tutorial.engine.belote.state import BeloteState
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.outcomes import HandOutcome
from tutorial.engine.rule_options import Ruleset
from tutorial.engine.seats import Seat


@dataclass(frozen=True)
class BeloteMatch:
    """A game to the target score: hands in sequence, the dealer passing on.

    ``record`` adds a finished hand: its totals, the next dealer (after a redeal by the
    ``redeal_dealer`` option) and any litige points held for the next hand's winner.
    The match ends when a team reaches the target; if both do, the higher score wins;
    equal scores at or over the target play another hand (004).
    """

    ruleset: Ruleset
    scores: tuple[int, int] = (0, 0)
    dealer: Seat = 0
    carried_points: int = 0
    history: tuple[HandOutcome, ...] = ()

    @staticmethod
    def start(ruleset: str | Ruleset = "default", dealer: Seat = 0) -> BeloteMatch:
        """A new match with ``dealer`` dealing the first hand."""
        check_seat(dealer, "dealer seat")
        return BeloteMatch(resolve(ruleset), dealer=dealer)

    @property
    def target(self) -> int:
        """The score that ends the match."""
        opts: BeloteOptions = self.ruleset.options
        return opts.target

    @property
    def winner(self) -> int | None:
        """The winning team once the match is over, else ``None`` (also for a draw)."""
        a, b = self.scores
        if max(a, b) < self.target or a == b:
            return None
        return 0 if a > b else 1

    @property
    def is_draw(self) -> bool:
        """Equal scores at or over the target, where the option makes that a draw (000)."""
        a, b = self.scores
        opts: BeloteOptions = self.ruleset.options
        return a == b and a >= self.target and opts.tie_at_target == "draw"

    @property
    def is_over(self) -> bool:
        """Whether a team has won, or the match is drawn."""
        return self.winner is not None or self.is_draw

    def new_hand(
        self, *, rng: random.Random | None = None, deal: CardsLike | None = None
    ) -> BeloteState:
        """The next hand, dealt by the match's dealer, with any litige points carried in.

        Raises:
            InvalidStateError: the match is over.
        """
        if self.is_draw:
            raise InvalidStateError("the match is over: a draw at the target")
        if self.is_over:
            raise InvalidStateError(f"the match is over: {TEAM_LABELS[self.winner or 0]} won")
        return new_hand(
            self.ruleset, rng=rng, deal=deal, dealer=self.dealer, carried_points=self.carried_points
        )

    def record(self, hand: HandOutcome | BeloteState) -> BeloteMatch:
        """The match after a finished hand (a redeal scores nothing and moves the deal by option).

        Raises:
            InvalidStateError: the match is over, the hand is not finished, or it was not
                dealt by this match's dealer with this match's carried points.
        """
        outcome = hand.outcome() if isinstance(hand, BeloteState) else hand
        if self.is_over:
            raise InvalidStateError("the match is over: no more hands")
        d = outcome.details
        if outcome.game != GAME or d.get("dealer") != self.dealer:
            raise InvalidStateError(
                f"this hand was dealt by seat {d.get('dealer')}, but seat {self.dealer} deals "
                "this hand of the match"
            )
        if d.get("carried_in") != self.carried_points:
            raise InvalidStateError(
                f"this hand carried {d.get('carried_in')} litige points in, the match holds "
                f"{self.carried_points}"
            )
        scores = (
            self.scores[0] + int(outcome.totals[SIDES[0]]),
            self.scores[1] + int(outcome.totals[SIDES[1]]),
        )
        return BeloteMatch(
            self.ruleset,
            scores,
            int(d["next_dealer"]),
            int(d["held_for_next"]),
            (*self.history, outcome),
        )
