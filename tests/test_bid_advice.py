"""What each bid is worth: the unseen cards dealt again, the hand played out per bid."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.analysis import beginner
from tutorial.analysis.bid_advice import advise, seat_score
from tutorial.engine.contract import GameState
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.games import new_hand
from tutorial.pictures.bid_chart import bid_chart


def _all_cards(state) -> Counter:  # type: ignore[no-untyped-def]
    cards = Counter(c for hand in state.hands for c in hand)
    cards.update(getattr(state, "stock", ()))
    cards.update(getattr(state, "chien", ()))
    return cards


@pytest.mark.parametrize("game", ["belote", "tarot"])
@pytest.mark.parametrize("seed", range(4))
def test_a_hand_dealt_again_keeps_what_the_seat_sees(game: str, seed: int) -> None:
    start = new_hand(game, "default", rng=random.Random(seed))
    seat = start.to_move
    assert seat is not None
    again = start.dealt_again(seat, random.Random(seed + 100))
    assert again.hands[seat] == start.hands[seat]
    assert _all_cards(again) == _all_cards(start)  # the same deck, every card once
    assert [len(h) for h in again.hands] == [len(h) for h in start.hands]
    assert again.face_up_card == start.face_up_card  # Belote's proposed card stays
    assert again.hands != start.hands  # the other seats' cards did move
    assert again.observe(seat).hand == start.observe(seat).hand


def test_only_a_bid_is_dealt_again() -> None:
    start = new_hand("belote", "default", rng=random.Random(1))
    seat = start.to_move
    assert seat is not None
    state = start
    while state.phase == "bidding":
        state = state.apply(beginner.choose(state))
    with pytest.raises(InvalidStateError, match="only at the bidding"):
        state.dealt_again(seat, random.Random(0))
    briscola = new_hand("briscola", "default", rng=random.Random(1))
    with pytest.raises(InvalidStateError, match="no bidding"):
        briscola.dealt_again(0, random.Random(0))
    with pytest.raises(InvalidStateError, match="no bid to advise on"):
        advise([briscola], [], random.Random(0))


@pytest.mark.parametrize("game", ["belote", "tarot"])
def test_each_open_bid_is_valued_on_the_same_deals(game: str) -> None:
    for seed in range(50):  # a deal whose first bid leaves the next seat a bid to make
        start = new_hand(game, "default", rng=random.Random(seed))
        if start.phase != "bidding":
            continue
        first = beginner.choose(start)
        now = start.apply(first)
        if now.phase == "bidding":
            break
    advice = advise([start, now], [first], random.Random(2), deals=6)
    assert {str(v.action) for v in advice.values} == {str(a) for a in now.legal_actions()}
    means = [v.mean for v in advice.values]
    assert means == sorted(means, reverse=True) and advice.best is advice.values[0]
    assert all(v.deals == 6 and v.error >= 0 for v in advice.values)
    assert 0 <= advice.checked <= 6
    # the same seed, the same advice (nothing depends on the clock)
    again = advise([start, now], [first], random.Random(2), deals=6)
    assert [(str(v.action), v.mean) for v in again.values] == [
        (str(v.action), v.mean) for v in advice.values
    ]


def test_passing_out_a_belote_hand_scores_nothing_for_anyone() -> None:
    rng = random.Random(3)
    state = new_hand("belote", "default", rng=rng)
    from tutorial.engine.belote import Pass

    while state.phase == "bidding":
        state = state.apply(Pass())
    assert state.is_terminal
    outcome = state.outcome()
    assert {seat_score(state, outcome, s) for s in range(4)} == {0.0}


@pytest.mark.parametrize("game", ["belote", "tarot"])
def test_the_chart_and_its_words_say_the_same_figures(game: str) -> None:
    start = new_hand(game, "default", rng=random.Random(8))
    advice = advise([start], [], random.Random(4), deals=5)
    chart = bid_chart(advice)
    (bars,) = chart.figure.to_dict()["data"]
    assert list(bars["y"]) == [round(v.mean) for v in advice.values]
    quoted = [int(n) for n in re.findall(r" ([+-]?\d+)(?:,|\.)", chart.text.split(": ", 1)[1])]
    assert quoted == list(bars["y"])  # every bid's figure, best first, signs included
    assert "5 deals" in chart.text
    assert all(e >= 0 for e in bars["error_y"]["array"])


def _at_the_discard(seed_from: int = 0):  # type: ignore[no-untyped-def]
    """A Tarot hand where seat 0 took a Prise and lays its discard (the others passed)."""
    from tutorial.engine import tarot

    for seed in range(seed_from, seed_from + 60):
        state = new_hand("tarot", "default", rng=random.Random(seed))
        while state.phase == "bidding":
            bid = tarot.Bid.PRISE if state.to_move == 0 else tarot.Bid.PASS
            if bid not in state.legal_actions():
                break
            state = state.apply(bid)
        if state.phase == "discard" and state.to_move == 0:
            return state
    raise AssertionError("no hand reached the discard")  # pragma: no cover


def test_a_hand_at_the_discard_is_dealt_again_around_the_taker() -> None:
    state = _at_the_discard()
    again = state.dealt_again(0, random.Random(3))
    assert again.hands[0] == state.hands[0] and again.chien == state.chien
    assert _all_cards(again) - Counter(again.chien) == _all_cards(state) - Counter(state.chien)
    assert again.hands[1:] != state.hands[1:]
    with pytest.raises(InvalidStateError, match="taker's discard"):
        state.dealt_again(1, random.Random(3))  # a defender at the taker's discard


def test_the_discards_weighed_and_the_learners_beside_the_best() -> None:
    from tutorial.analysis.bid_advice import advise_discard
    from tutorial.pictures.bid_chart import discard_chart

    state = _at_the_discard()
    advice = advise_discard(state, random.Random(1), deals=4)
    kinds = [v.kind for v in advice.values]
    assert "computer" in kinds and advice.chosen is None
    assert all(len(v.cards) == 6 and v.deals == 4 for v in advice.values)
    assert [v.mean for v in advice.values] == sorted((v.mean for v in advice.values), reverse=True)
    # the learner's six: weighed on the same deals, named as theirs
    legal = [a.card for a in state.legal_actions()]
    mine = legal[-6:]
    weighed = advise_discard(state, random.Random(1), chosen=mine, deals=4)
    assert weighed.chosen is not None and set(weighed.chosen.cards) == set(mine)
    chart = discard_chart(weighed)
    (bars,) = chart.figure.to_dict()["data"]
    assert list(bars["y"]) == [round(v.mean) for v in weighed.values]
    assert "yours" in chart.text and "4 deals" in chart.text
    if weighed.chosen is not weighed.best:
        gap = round(weighed.best.mean) - round(weighed.chosen.mean)
        assert f"Yours scores {gap} less than" in chart.text
    with pytest.raises(InvalidStateError, match="not a discard allowed here"):
        advise_discard(state, random.Random(1), chosen=[state.hands[1][0]] * 6, deals=1)


@pytest.mark.parametrize("game", ["belote", "tarot"])
def test_a_position_at_the_bidding_gives_back_its_hand_as_dealt_and_its_bids(game: str) -> None:
    from tutorial.analysis.bid_advice import advise_at, bidding_history

    found = 0
    for seed in range(30):
        start = new_hand(game, "default", rng=random.Random(seed))
        now, made = start, list[object]()
        while now.phase == "bidding" and len(made) < 2:
            bid = beginner.choose(now)
            made.append(bid)
            now = now.apply(bid)
        if now.phase != "bidding":
            continue
        history, earlier = bidding_history(now)
        assert history[0] == start and history[-1] == now and earlier == made
        assert len(history) == len(made) + 1
        # Advice on the position alone is the advice on its history, deal for deal.
        alone = advise_at(now, random.Random(5), deals=3)
        full = advise(history, earlier, random.Random(5), deals=3)
        assert [(str(v.action), v.mean) for v in alone.values] == [
            (str(v.action), v.mean) for v in full.values
        ]
        found += 1
        if found == 2:
            break
    assert found == 2
    first = new_hand(game, "default", rng=random.Random(1))
    assert bidding_history(first) == ([first], [])  # nobody has bid yet


def _step_by_step(state: GameState) -> GameState:
    """The hand played to its end one ``beginner.choose`` at a time (the habits read off
    the state each time)."""
    while not state.is_terminal:
        state = state.apply(beginner.choose(state))
    return state


@pytest.mark.parametrize(
    ("game", "players"), [("belote", 4), ("tarot", 4), ("briscola", 2), ("briscola", 4)]
)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_advices_playouts_are_the_beginners_hands(game: str, players: int, seed: int) -> None:
    # The playouts read the trick's winner on the compact rules: the same cards, the
    # same end, as the beginner choosing card by card.
    kw = {"players": players} if game == "briscola" else {}
    start = new_hand(game, "default", rng=random.Random(seed), **kw)
    assert beginner.play_out(start) == _step_by_step(start)


@pytest.mark.parametrize("game", ["belote", "tarot"])
def test_bids_sharing_a_playout_get_the_figures_of_their_own_playouts(game: str) -> None:
    # A Prise and a Garde taken by the same seat (a Garde sans and a Garde contre; a bid
    # overbid to the same contract) share one playout, scored with each bid's contract:
    # the same figures as playing every bid out.
    from tutorial.analysis.bid_advice import advise_at

    played = Counter[bool]()
    real = beginner.play_out

    def counted(state: GameState, share: bool) -> GameState:
        played[share] += 1
        return real(state)

    compared = 0
    for seed in range(6):
        state = new_hand(game, "default", rng=random.Random(seed))
        if state.phase != "bidding":
            continue
        runs = []
        for share in (False, True):
            with pytest.MonkeyPatch.context() as mp:
                mp.setattr(beginner, "play_out", lambda s, share=share: counted(s, share))
                runs.append(advise_at(state, random.Random(seed), deals=4, share=share))
        alone, both = runs
        assert [(str(v.action), v.mean, v.error) for v in both.values] == [
            (str(v.action), v.mean, v.error) for v in alone.values
        ]
        compared += 1
    assert compared >= 3
    if game == "tarot":  # five bids, and a Prise and a Garde always share their play
        assert played[True] < played[False]
