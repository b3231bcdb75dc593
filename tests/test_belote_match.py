"""Belote: a match to the target (docs/rules.md §1.8; 000 sections 7, 8, 12; 003; 004).

Hands follow each other, the deal passes to the next seat, a double pass redeals (same
dealer or next, by option), litige points go to the next hand's winner, and the match
ends at the target (both over: the higher score wins).
"""

import dataclasses
import random

import pytest
from belote_positions import DEDANS_52_110, LAST, MADE_102_60, TIE_81_81, P

from tutorial.engine.belote import BeloteMatch, BeloteState, Pass, start_play
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.rule_options import find_ruleset


def played(match: BeloteMatch, captured: tuple[str, str], taker: int = 0) -> BeloteState:
    """A finished hand dealt by the match's dealer, with its carried litige points."""
    state = start_play(
        LAST,
        "H",
        taker=taker,
        dealer=match.dealer,
        ruleset=match.ruleset,
        captured={0: captured[0], 1: captured[1]},
        carried_points=match.carried_points,
        leader=0,
    )
    for card in LAST:
        state = state.apply(P(card))
    return state


def passed_out(match: BeloteMatch) -> BeloteState:
    state = match.new_hand(rng=random.Random(1))
    for _ in range(8):
        state = state.apply(Pass())
    return state


class TestSequence:
    def test_start(self) -> None:
        match = BeloteMatch.start(dealer=2)
        assert (match.scores, match.dealer, match.target, match.is_over) == ((0, 0), 2, 1000, False)
        assert BeloteMatch.start("seed-004").target == 1001

    def test_scores_add_and_the_deal_passes_on(self) -> None:
        match = BeloteMatch.start()
        match = match.record(played(match, MADE_102_60))
        assert (match.scores, match.dealer) == ((102, 60), 1)
        match = match.record(played(match, DEDANS_52_110))
        assert (match.scores, match.dealer) == ((102, 222), 2)
        assert len(match.history) == 2

    def test_new_hand_is_dealt_by_the_matchs_dealer(self) -> None:
        match = BeloteMatch.start().record(played(BeloteMatch.start(), MADE_102_60))
        state = match.new_hand(rng=random.Random(3))
        assert state.dealer == 1 and state.to_move == 2


class TestRedeal:
    def test_default_same_dealer_redeals(self) -> None:
        match = BeloteMatch.start(dealer=3)
        after = match.record(passed_out(match))
        assert (after.scores, after.dealer) == ((0, 0), 3)

    def test_option_next_dealer(self) -> None:
        match = BeloteMatch.start("seed-000", dealer=3)
        after = match.record(passed_out(match))
        assert (after.scores, after.dealer) == ((0, 0), 0)


class TestLitige:
    def test_held_points_go_to_the_next_hands_winner(self) -> None:
        match = BeloteMatch.start()
        match = match.record(played(match, TIE_81_81))
        assert (match.scores, match.carried_points) == ((0, 81), 81)
        assert match.new_hand(rng=random.Random(2)).carried_points == 81
        match = match.record(played(match, MADE_102_60))
        assert (match.scores, match.carried_points) == ((183, 141), 0)

    def test_a_redeal_keeps_them_waiting(self) -> None:
        match = BeloteMatch.start()
        match = match.record(played(match, TIE_81_81))
        match = match.record(passed_out(match))
        assert match.carried_points == 81

    def test_a_hand_with_other_carried_points_is_refused(self) -> None:
        match = BeloteMatch.start()
        match = match.record(played(match, TIE_81_81))
        stale = played(BeloteMatch(match.ruleset, dealer=match.dealer), MADE_102_60)
        with pytest.raises(InvalidStateError, match="carried 0 litige points"):
            match.record(stale)


class TestEnd:
    def test_reaching_the_target_wins(self) -> None:
        match = dataclasses.replace(BeloteMatch.start(), scores=(900, 0))
        match = match.record(played(match, MADE_102_60))
        assert match.is_over and match.winner == 0
        with pytest.raises(InvalidStateError, match="over"):
            match.new_hand(rng=random.Random(1))
        with pytest.raises(InvalidStateError, match="over"):
            match.record(played(match, MADE_102_60))

    def test_option_target(self) -> None:
        # The same hands: 400 + 102 ends a game to 500, not a game to 1000.
        for target, over in ((500, True), (1000, False), (501, True), (701, False)):
            rs = find_ruleset("belote", "default", target=target)
            match = dataclasses.replace(BeloteMatch.start(rs), scores=(400, 0))
            assert match.record(played(match, MADE_102_60)).is_over is over

    def test_both_over_the_higher_wins(self) -> None:
        match = dataclasses.replace(BeloteMatch.start(), scores=(950, 990))
        match = match.record(played(match, MADE_102_60))
        assert match.scores == (1052, 1050) and match.winner == 0

    def test_both_over_and_equal_play_on(self) -> None:
        match = dataclasses.replace(BeloteMatch.start(), scores=(948, 990))
        match = match.record(played(match, MADE_102_60))
        assert match.scores == (1050, 1050) and not match.is_over

    def test_hand_from_another_dealer_is_refused(self) -> None:
        match = BeloteMatch.start(dealer=1)
        with pytest.raises(InvalidStateError, match="dealt by seat 0"):
            match.record(played(BeloteMatch.start(dealer=0), MADE_102_60))


class TestRandomMatch:
    @pytest.mark.parametrize("seed", [1, 2])
    def test_plays_to_the_end(self, seed: int) -> None:
        rng = random.Random(seed)
        match = BeloteMatch.start(find_ruleset("belote", "default", target=500), dealer=seed % 4)
        dealers = []
        while not match.is_over:
            state = match.new_hand(rng=rng)
            dealers.append(state.dealer)
            while not state.is_terminal:
                actions = state.legal_actions()
                state = state.apply(actions[rng.randrange(len(actions))])
            match = match.record(state)
        totals = [sum(h.totals[side] for h in match.history) for side in ("team0", "team1")]
        assert list(match.scores) == totals
        assert max(match.scores) >= 500 and match.winner == match.scores.index(max(match.scores))
        assert dealers[:2] == [seed % 4, (seed + 1) % 4] or dealers[0] == dealers[1]
