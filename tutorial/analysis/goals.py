"""What the mover's side plays for: the hand's score, from a deal valued to its end (pure:
never imports streamlit).

A deal valued by a greedy playout (``tutorial.analysis.playouts``) or by the exact solver
gives each side's card points from here on; each game's :class:`Goal` turns them into the
score the hand would give the mover's side (see :class:`Goal`). The judge
(``tutorial.analysis.judgement``) averages it over deals.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial.analysis.card_bits import CardBits
from tutorial.analysis.games import PARTS
from tutorial.analysis.solver import SolveRoot
from tutorial.engine.contract import GameState

__all__ = ["Goal"]


class Goal:
    """What the mover's side plays for: its score for the hand, in points.

    A deal valued to the end of the hand gives each side's card points from here on
    (and, from a playout, the tricks each side won, where the bouts went and who took
    the Petit in the last trick); each game's goal (named by its analysis part,
    ``tutorial/analysis/games/<game>.py``) turns them into the score the hand would give,
    in points of the mover's own score:

    - Belote: the mover's side's total for the hand as the engine scores it
      (``BeloteGoal``, over the engine's ``hand_totals``): its points when the contract
      is made, 0 for the takers and 162 for the defence on a dedans, the capot, the
      declarations (the seats still to declare declaring their best, as the computer
      players do) and belote.
    - Tarot: the mover's own score (``TarotGoal``): a defender's is minus the taker's
      per-defender score, (25 + |points − target| ± 10 for the Petit au bout) times the
      contract's multiplier, the poignées added, signed by the contract made or lost;
      the taker's is three times a defender's, the other way. The target depends on
      the taker's bouts. The taker's own discard or the
      chien go to the side the contract gives them; a defender counts the cards it
      cannot place (the discard) by difference from 91.
    - Briscola: the card points (this base class).

    ``Goal(state, bits)`` makes the goal of the state's game.
    """

    def __new__(cls, state: GameState, bits: CardBits) -> Goal:
        """The goal of ``state``'s game (its analysis part's: this class for card points)."""
        if cls is Goal:
            found = PARTS.of(state.game).goal
            assert issubclass(found, Goal)
            cls = found
        return object.__new__(cls)

    def __init__(self, state: GameState, bits: CardBits) -> None:
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

    def for_world(self, world: GameState) -> Goal:
        """The goal on ``world``, another deal of this position's hidden cards (what the
        deal itself settles for the score: Belote's declarations and belote)."""
        return self

    @property
    def sweep_matters(self) -> bool:
        """Whether a side taking every trick still to play changes the score beyond its
        points (Belote's capot): then an exact solve asks who can (``solver.every_trick``)."""
        return False

    def of_solve(
        self,
        mine: float,
        total: float,
        bonus: float = 0.0,
        tb: int = 0,
        swept: int | None = None,
    ) -> float:
        """The score for the mover's side from an exact value: ``mine`` its card points
        from here on (Tarot: with ``bonus`` when it takes the Petit), ``total`` every
        point still to take (the bonus included when the Petit is in play); ``tb``: the
        taker's bouts at the end, the Petit left out (Tarot); ``swept``: the side that
        can take every trick still to play with best play, if one can."""
        return mine
