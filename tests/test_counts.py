"""A hand's counts (tutorial/engine/counts.py) against the engine, on random hands.

The points still in play are checked against the cards themselves (those in the hands,
in the trick under way and in a stock, and the last trick's bonus while it is to be
won); each side's count at the end against the score's own figures; the winning mark
against the hand's result: a side whose count at the end reaches the mark wins the
hand, and a side that ends below it does not, whatever happens in between, for every
preset ruleset and the options that move the mark (Belote's contract basis, ties and
rounding).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.engine.contract import GameState
from tutorial.engine.counts import points_in_play, points_needed
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.games import new_hand
from tutorial.engine.outcomes import MARK_RULES
from tutorial.engine.rule_options import Ruleset, find_ruleset, rulesets
from tutorial.engine.tarot import start_play as tarot_start_play

#: Every preset of each game, and the Belote options that change what wins the hand.
RULESETS: list[tuple[Ruleset, int]] = [
    *((rs, 4) for rs in rulesets("belote")),
    (find_ruleset("belote", "default", tie_81="dedans"), 4),
    (find_ruleset("belote", "default", tie_81="taker_succeeds", rounding="tens_judged"), 4),
    (find_ruleset("belote", "default", tie_81="dedans", rounding="tens_judged"), 4),
    (find_ruleset("belote", "default", contract_basis="tricks_at_least_81"), 4),
    (find_ruleset("belote", "default", declarations_won="all", declarations=True), 4),
    *((rs, 4) for rs in rulesets("tarot")),
    *((rs, n) for rs in rulesets("briscola") for n in (2, 4)),
]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def _ids(case: tuple[Ruleset, int]) -> str:
    """A case's name: the game, the ruleset with its overrides, the players."""
    rs, players = case
    return f"{rs.game}-{rs.name}-{players}"


def hand(ruleset: Ruleset, players: int, seed: int) -> list[GameState]:
    """Every state of one hand dealt by ``seed`` and played by random legal actions."""
    rng = random.Random(seed)
    kw: dict[str, Any] = {"players": players} if ruleset.game == "briscola" else {}
    state = new_hand(ruleset.game, ruleset, rng=rng, **kw)
    out = [state]
    while not state.is_terminal:
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
        out.append(state)
    return out


def counted(states: list[GameState]) -> Iterator[GameState]:
    """The states whose counts exist: the bidding over, the hand played for a score."""
    end = states[-1]
    if not end.played_for_a_score():
        return
    for state in states:
        try:
            points_in_play(state)
        except InvalidStateError:
            continue
        yield state


def still_out(state: GameState) -> float:
    """The points of the cards not yet won, counted card by card, and the last trick's
    bonus while the last trick is still to be played."""
    cards = [c for h in state.hands for c in h]
    cards += [p.card for p in state.current_trick]
    cards += list(state.draw_pile)
    bonus = state.last_trick_bonus if not state.is_terminal else 0.0
    return sum(state.card_points(c) for c in cards) + bonus


def winner(end: GameState) -> int | None:
    """The side that won the finished hand (None: nobody, a draw or a litige)."""
    d = end.outcome().details
    if end.game == "belote":
        won: int | None = d["hand_winner"]
        return won
    if end.game == "tarot":
        return 0 if d["made"] else 1
    w = d["winner"]
    return None if w is None else ("A", "B").index(w)


@pytest.mark.parametrize("case", RULESETS, ids=_ids)
class TestRandomHands:
    @settings(max_examples=25, deadline=None)
    @given(seed=SEEDS)
    def test_points_in_play_are_the_cards_not_yet_won(
        self, case: tuple[Ruleset, int], seed: int
    ) -> None:
        for state in counted(hand(*case, seed)):
            count = points_in_play(state)
            assert count.points == pytest.approx(still_out(state))
            assert count.total == pytest.approx(sum(count.settled) + count.points)
            on_table = sum(state.card_points(p.card) for p in state.current_trick)
            assert count.on_table == pytest.approx(on_table)
            assert count.bonus_pending == (state.last_trick_bonus > 0 and not state.is_terminal)

    @settings(max_examples=25, deadline=None)
    @given(seed=SEEDS)
    def test_each_side_counts_at_the_end_what_the_score_counts(
        self, case: tuple[Ruleset, int], seed: int
    ) -> None:
        end = hand(*case, seed)[-1]
        if not end.played_for_a_score():
            return
        settled = end.points_settled()
        d = end.outcome().details
        if end.game == "belote":
            want = tuple(float(x) for x in d["team_card_points"])
        elif end.game == "tarot":
            want = (float(d["points"]), float(d["defence_points"]))
        else:
            want = tuple(float(v) for v in end.outcome().totals.values())
        assert settled == pytest.approx(want)
        assert points_in_play(end).points == 0

    @settings(max_examples=25, deadline=None)
    @given(seed=SEEDS)
    def test_the_winning_mark_decides_the_hand(self, case: tuple[Ruleset, int], seed: int) -> None:
        states = hand(*case, seed)
        end = states[-1]
        if not end.played_for_a_score():
            return
        final = end.points_settled()
        won_by = winner(end)
        for state in counted(states):
            for side in (0, 1):
                needed = points_needed(state, side)
                if needed is None:
                    continue
                mark = needed.mark
                assert mark.rule in MARK_RULES
                # A side that reaches the mark wins; one that ends below it does not.
                assert (final[side] >= mark.points - 1e-9) == (won_by == side), (state, side)
                assert needed.points == max(0.0, mark.points - state.points_settled()[side])
                _check_tie(mark.rule, mark.points, mark.tie, mark.total, state.point_unit)


def _check_tie(rule: str, points: float, tie: float | None, total: float, unit: float) -> None:
    """The level count sits where the rule says: just below the mark, or on it."""
    if tie is None:
        return
    if rule == "as_many_as_other":
        assert points == tie
    elif rule == "below_target":
        assert points == tie + unit  # the taker exactly on its target makes the contract
    else:
        assert points == tie + unit  # level is not enough: one point more
    assert 0 <= tie <= total


def test_briscola_needs_61_of_120_and_60_is_a_draw() -> None:
    for players in (2, 4):
        state = hand(find_ruleset("briscola", "default"), players, 7)[5]
        for side in (0, 1):
            needed = points_needed(state, side)
            assert needed is not None
            assert (needed.mark.points, needed.mark.tie, needed.mark.total) == (61, 60, 120)
            assert needed.mark.rule == "reach"


def test_belote_mark_follows_the_contract_options() -> None:
    """82 of 162 for the takers by default (81 is a litige); 81 where a tie makes the
    contract; the defence needs 82 unless a tie is its dedans."""
    cases = {
        (): (82, "more_than_other", 82, "more_than_other"),
        (("tie_81", "taker_succeeds"),): (81, "as_many_as_other", 82, "more_than_other"),
        (("tie_81", "dedans"),): (82, "more_than_other", 81, "as_many_as_other"),
        (("contract_basis", "tricks_at_least_81"),): (
            81,
            "as_many_as_other",
            82,
            "more_than_other",
        ),
    }
    for options, (takers, takers_rule, defence, defence_rule) in cases.items():
        ruleset = find_ruleset("belote", "default", declarations=False, **dict(options))
        for seed in range(40):
            state = next(
                (s for s in hand(ruleset, 4, seed) if s.phase == "play" and s.tricks), None
            )
            if state is None or state.taker is None:
                continue
            if state.belote_holder is not None:
                continue  # belote-rebelote moves the mark by 10
            taking = state.team_of(state.taker)
            mine = points_needed(state, taking)
            theirs = points_needed(state, 1 - taking)
            assert mine is not None and theirs is not None
            assert (mine.mark.points, mine.mark.rule) == (takers, takers_rule)
            assert (theirs.mark.points, theirs.mark.rule) == (defence, defence_rule)
            break
        else:  # pragma: no cover
            raise AssertionError(f"no Belote hand in play for {options}")


def test_belote_declarations_move_the_mark() -> None:
    """A quarte of 50 for the takers: their figure is card points + 50 against the
    defence's, so 57 card points are enough (57 + 50 > 105); the defence needs 107."""
    ruleset = find_ruleset("belote", "default")
    for seed in range(200):
        for state in hand(ruleset, 4, seed):
            if state.phase != "play" or len(state.tricks) != 1 or state.taker is None:
                continue
            declared = [d for d in state.declarations if d]
            taking = state.team_of(state.taker)
            needed = points_needed(state, taking)
            assert needed is not None
            own, other = needed.mark.extras
            if not declared or state.belote_holder is not None or not own or other:
                break
            assert needed.mark.points == (162 - own) // 2 + 1
            return
    raise AssertionError("no hand with declarations for the takers only")  # pragma: no cover


def test_belote_has_no_mark_while_a_declaration_is_to_come() -> None:
    ruleset = find_ruleset("belote", "default")
    for seed in range(200):
        for state in hand(ruleset, 4, seed):
            if state.phase in ("play", "declare") and any(d is None for d in state.declarations):
                assert points_needed(state, 0) is None
                return
    raise AssertionError("no first trick with a declaration to come")  # pragma: no cover


def test_tarot_mark_waits_for_every_bout() -> None:
    """A bout still in a hand: no mark; all three settled: the taker's target for its
    bouts, and for the defence half a point more than the rest."""
    ruleset = find_ruleset("tarot", "default")
    seen_open = seen_settled = False
    for seed in range(60):
        states = hand(ruleset, 4, seed)
        for state in counted(states):
            in_hands = {c for h in state.hands for c in h} | {p.card for p in state.current_trick}
            needed = points_needed(state, 0)
            bouts_out = any(c.code in ("T1", "T21", "EXC") for c in in_hands)
            if bouts_out:
                assert needed is None
                seen_open = True
            elif not state.is_terminal:
                assert needed is not None
                target = needed.mark.target
                assert target == (56, 51, 41, 36)[needed.mark.bouts or 0]
                assert needed.mark.points == target
                defence = points_needed(state, 1)
                assert defence is not None
                assert defence.mark.points == 91 - target + 0.5
                seen_settled = True
    assert seen_open and seen_settled


def test_tarot_counts_the_chien_for_its_side() -> None:
    """Garde contre: the unseen chien counts for the defence from the start, so it is not
    in play."""
    rng = random.Random(3)
    deck_hand = new_hand("tarot", "default", rng=rng)
    hands = deck_hand.hands
    chien = deck_hand.chien
    state = tarot_start_play(hands, contract="garde_contre", taker=1, chien=chien, dealer=0)
    count = points_in_play(state)
    chien_points = sum(state.card_points(c) for c in chien)
    assert count.settled == (0.0, chien_points)
    assert count.points == pytest.approx(91 - chien_points)


def test_no_count_before_the_bidding_is_over() -> None:
    for game in ("belote", "tarot"):
        state = new_hand(game, rng=random.Random(1))
        with pytest.raises(InvalidStateError):
            points_in_play(state)
        with pytest.raises(InvalidStateError):
            points_needed(state, 0)
