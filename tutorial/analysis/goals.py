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
from tutorial.analysis.solver import SolveRoot
from tutorial.engine import belote, tarot
from tutorial.engine.contract import GameState

__all__ = ["GOAL_OF_GAME", "BeloteGoal", "Goal", "TarotGoal"]


class Goal:
    """What the mover's side plays for: its score for the hand, in points.

    A deal valued to the end of the hand gives each side's card points from here on
    (and, from a playout, the tricks each side won, where the bouts went and who took
    the Petit in the last trick); each game's goal turns them into the score the hand
    would give (``GOAL_OF_GAME``), in points of the mover's own score:

    - Belote: the mover's side's total for the hand as the engine scores it
      (``belote.hand_totals``): its points when the contract is made, 0 for the takers
      and 162 for the defence on a dedans, the capot, the declarations (the seats still
      to declare declaring their best, as the computer players do) and belote.
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
        """The goal of ``state``'s game (``GOAL_OF_GAME``; this class for card points)."""
        if cls is Goal:
            cls = GOAL_OF_GAME.get(state.game, Goal)
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


class BeloteGoal(Goal):
    """Belote's score for the mover's side (see ``Goal``): the engine's own total for the
    hand (``belote.hand_totals``: the contract made, failed or in litige, the capot, the
    declarations and belote of the deal valued, rounding by the rules)."""

    def __init__(self, state: belote.BeloteState, bits: CardBits) -> None:
        super().__init__(state, bits)
        assert state.trump is not None and state.taker is not None
        for tr in state.tricks:
            self.done[tr.winner % 2] += tr.points
        for team, cards in enumerate(state.captured):
            self.done[team] += belote.trick_points(cards, state.trump)
            self.tricks[team] += len(cards) // 4
        self.hand = state.projected()

    def for_world(self, world: GameState) -> Goal:
        """The goal on another deal of the hidden cards: its own declarations to come
        and its own belote holder."""
        assert isinstance(world, belote.BeloteState)
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.hand = world.projected()
        return other

    def _score(self, raw: Sequence[float], capot: int | None) -> float:
        """The mover's side's total for the hand when its tricks end so."""
        points = [round(raw[0]), round(raw[1])]
        return float(belote.hand_totals(self.hand, points, capot)[self.side])

    @property
    def sweep_matters(self) -> bool:
        """A capot is still possible: a side has won every trick so far."""
        return self.tricks[0] == 0 or self.tricks[1] == 0

    def of_playout(
        self,
        hands: Sequence[int],
        trick: Sequence[int],
        rest: Sequence[float],
        tricks: Sequence[int],
        bouts: Sequence[int],
        pab: int,
    ) -> float:
        """The hand's score once a playout is over (see ``Goal.of_playout``)."""
        raw = [self.done[0] + rest[0], self.done[1] + rest[1]]
        won = [self.tricks[0] + tricks[0], self.tricks[1] + tricks[1]]
        capot = next((tm for tm in (0, 1) if won[1 - tm] == 0), None)
        return self._score(raw, capot)

    def of_solve(
        self,
        mine: float,
        total: float,
        bonus: float = 0.0,
        tb: int = 0,
        swept: int | None = None,
    ) -> float:
        """The hand's score from an exact value (see ``Goal.of_solve``): a capot when a
        side that has won every trick so far can take every one still to play."""
        side = self.side
        capot = swept if swept is not None and self.tricks[1 - swept] == 0 else None
        rest = [0.0, 0.0]
        rest[side] = mine
        rest[1 - side] = total - mine
        return self._score([self.done[0] + rest[0], self.done[1] + rest[1]], capot)


class TarotGoal(Goal):
    """Tarot's score for the mover's side (see ``Goal``)."""

    def __init__(self, state: tarot.TarotState, bits: CardBits) -> None:
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
        # The mover's own score: a defender's payment is the base times the contract's
        # multiplier; the taker's, that of every defender.
        taker_side = bits.team[state.taker]
        self.unit = float(mult * (bits.n - 1 if self.side == taker_side else 1))
        self.to_opponents = bits.to_opponents
        self.done_bouts_played = sum(self.bouts)

    def _tarot(self, taker_pts: float, taker_bouts: int, pab: int) -> float:
        diff = taker_pts - tarot.TARGETS[min(3, max(0, taker_bouts))]
        # Made from a margin of 0 (half-points: failed from -0.5): the 25 and the
        # poignées won or lost with the contract.
        sign = 1.0 if diff >= 0 else -1.0
        u = diff + sign * (25 + self.poignee)
        if pab >= 0:
            u += 10 if pab == tarot.TAKER_TEAM else -10
        u *= self.unit
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
        """The hand's score once a playout is over (see ``Goal.of_playout``)."""
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

    def of_solve(
        self,
        mine: float,
        total: float,
        bonus: float = 0.0,
        tb: int = 0,
        swept: int | None = None,
    ) -> float:
        """The hand's score from an exact value (see ``Goal.of_solve``)."""
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


#: Each game's goal (a game not listed plays for its card points: ``Goal``).
GOAL_OF_GAME: dict[str, type[Goal]] = {"belote": BeloteGoal, "tarot": TarotGoal}
