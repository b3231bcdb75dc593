"""The same hand under other rules: replayed from its first position under every ruleset."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.analysis.rule_variants import compare, other_rulesets, replay_under
from tutorial.engine import belote, tarot
from tutorial.engine.cards import Card
from tutorial.engine.contract import GameState
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.games import new_hand
from tutorial.engine.rule_options import find_ruleset

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
GAMES = [("belote", {}), ("tarot", {}), ("briscola", {"players": 2}), ("briscola", {"players": 4})]


def random_hand(
    game: str, seed: int, keep: Any = None, **kw: Any
) -> tuple[GameState, list[Any], GameState]:
    """(first position, actions, last position) of a hand played by random legal actions
    (``keep``: a card its holder plays only when nothing else is legal)."""
    rng = random.Random(seed)
    start = state = new_hand(game, "default", rng=rng, **kw)
    actions = []
    while not state.is_terminal:
        legal = state.legal_actions()
        legal = [a for a in legal if a != keep] or legal
        action = legal[rng.randrange(len(legal))]
        actions.append(action)
        state = state.apply(action)
    return start, actions, state


def test_each_game_is_compared_with_its_other_rules() -> None:
    names = {g: [rs.name for rs in other_rulesets(find_ruleset(g))] for g, _ in GAMES}
    assert names["belote"] == ["seed-004", "seed-000", "contree-discard"]
    assert names["briscola"] == ["queen-jack-swap"]
    # a single named ruleset: each option set otherwise, one at a time
    assert names["tarot"] == [
        "default+excuse_last_trick=goes_to_trick_winner",
        "default+poignee_discards=never",
    ]


@pytest.mark.parametrize(("game", "kw"), GAMES, ids=lambda v: str(v))
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_a_replay_under_its_own_rules_is_the_hand_itself(
    game: str, kw: dict[str, Any], seed: int
) -> None:
    start, actions, end = random_hand(game, seed, **kw)
    compared = compare(start, actions)
    played = compared[0]
    assert played.played and played.replay.outcome == end.outcome()
    assert [c.ruleset.name for c in compared[1:]] == [
        rs.name for rs in other_rulesets(start.ruleset)
    ]
    for other in compared[1:]:
        keys = {key for key, _, _ in other.differing}
        assert set(other.causes) <= keys and keys
        replay = other.replay
        if replay.refused_at is not None:
            # the action refused really is illegal there, and the sentence says why
            assert replay.outcome is None and replay.refusal
            before = _state_after(start, actions[: replay.refused_at], other.ruleset)
            assert replay.refused_action not in before.legal_actions()
            assert other.causes, "a refusal is always caused by some option alone"
        elif not replay.differs_from(played.replay):
            assert replay.outcome is not None


def _state_after(start: GameState, actions: list[Any], ruleset: Any) -> GameState:
    import dataclasses

    state = dataclasses.replace(start, ruleset=ruleset)  # type: ignore[type-var]
    for action in actions:
        state = state.apply(action)
    return state


def test_a_belote_discard_beside_a_winning_partner_is_refused_where_it_must_trump() -> None:
    """Classic lets a player discard while the partner wins; the Belote app's rules make
    them trump: the same play is refused there, with the rule and the cards."""
    for seed in range(400):
        start, actions, _ = random_hand("belote", seed)
        compared = {c.ruleset.name: c for c in compare(start, actions)}
        app = compared["seed-004"]
        if app.replay.refused_at is not None and "partner_winning" in app.causes:
            assert "partner" in app.replay.refusal.lower()
            break
    else:  # pragma: no cover - 400 random hands always hold one
        pytest.fail("no hand discarded beside a winning partner")


def test_the_contract_basis_changes_the_belote_mark_it_causes() -> None:
    """A hand scored under Classic and under the Belote app's rules: where the totals
    differ, the options that cause it are named, and each one alone does change them."""
    found = False
    for seed in range(200):
        start, actions, _ = random_hand("belote", seed)
        for other in compare(start, actions)[1:]:
            if other.replay.finished and other.replay.differs_from(
                compare(start, actions)[0].replay
            ):
                assert other.causes
                for key in other.causes:
                    value = dict((k, v) for k, v, _ in other.differing)[key]
                    single = start.ruleset.with_options(**{key: value})
                    alone = replay_under(start, actions, single)
                    assert alone.differs_from(replay_under(start, actions, start.ruleset))
                found = True
        if found:
            break
    assert found


def test_the_excuse_in_the_last_trick_goes_where_the_option_says() -> None:
    for seed in range(300):
        start, actions, end = random_hand("tarot", seed, keep=tarot.EXCUSE)
        last = end.tricks[-1] if end.tricks else None
        if last is None or tarot.EXCUSE not in [p.card for p in last.plays]:
            continue
        compared = {c.ruleset.name: c for c in compare(start, actions)}
        variant = compared["default+excuse_last_trick=goes_to_trick_winner"]
        if variant.replay.differs_from(compared["default"].replay):
            assert variant.causes == ("excuse_last_trick",)
            return
    pytest.fail("no hand ended with the Excuse changing sides")


def test_bad_input_is_refused_with_the_engines_error() -> None:
    start, actions, _ = random_hand("belote", 3)
    with pytest.raises(InvalidStateError, match="tarot ruleset cannot score a belote hand"):
        replay_under(start, actions, find_ruleset("tarot"))
    with pytest.raises(InvalidStateError, match="not over"):
        compare(start, actions[:5])
    with pytest.raises(InvalidStateError, match="refused under the rules it was played by"):
        compare(start, [*actions[:-1], Card.parse("7S")] if actions else [])
    assert belote.GAME == "belote"


@pytest.mark.parametrize(("game", "kw"), GAMES, ids=lambda v: str(v))
@pytest.mark.parametrize("seed", [3, 11, 27])
def test_the_chart_draws_each_total_and_its_words_quote_the_bars(
    game: str, kw: dict[str, Any], seed: int
) -> None:
    import re

    from tutorial.pictures.rules_chart import rules_chart

    start, actions, _ = random_hand(game, seed, **kw)
    compared = compare(start, actions)
    chart = rules_chart(compared, lambda side: f"Side[{side}]")
    bars = chart.figure.to_dict()["data"]
    sides = list(compared[0].replay.outcome.totals)  # type: ignore[union-attr]
    assert [b["name"] for b in bars] == [f"Side[{s}]" for s in sides]
    drawn: set[float] = set()
    for bar, side in zip(bars, sides, strict=True):
        for under, value in zip(compared, bar["y"], strict=True):
            outcome = under.replay.outcome
            # a bar for each ruleset that scores the hand, none where a play is refused
            assert value == (None if outcome is None else outcome.totals[side])
            if value is not None:
                drawn.add(float(value))
    # every "Side[X] n" in the words is a bar's value, sign included
    quoted = [float(n) for n in re.findall(r"Side\[[^]]+\] (-?\d+(?:\.\d+)?)", chart.text)]
    assert quoted and set(quoted) <= drawn
    assert chart.text.count(".") >= len(compared)  # a sentence per ruleset at least


def test_every_finished_scenario_replays_to_its_own_end_under_its_rules() -> None:
    """A scenario's run keeps every action from its table's first position: replayed under
    its own rules they reach the same score; under the others each gets a result."""
    from tutorial.course.library import load_library
    from tutorial.scenarios import runtime

    library = load_library()
    finished = 0
    for sid in sorted(library.scenarios):
        checked = library.scenarios[sid]
        run = runtime.start(checked.scenario, checked.table)
        for _ in range(500):
            if run.finished:
                break
            run = run.solve_current()
        if not run.state.is_terminal:
            continue
        compared = compare(checked.table.state, run.actions)
        assert compared[0].replay.outcome == run.state.outcome(), sid
        finished += 1
    assert finished >= 20


@pytest.mark.parametrize(("game", "kw"), GAMES, ids=lambda v: str(v))
def test_the_chart_keeps_the_rulesets_names_level_above_its_legend(
    game: str, kw: dict[str, Any]
) -> None:
    """The rulesets' names under the bars stay level, on short lines, and the legend sits
    at the figure's foot below them: names turned upright overlapped the legend."""
    from tutorial.language.i18n import speaking
    from tutorial.pictures.rules_chart import rules_chart

    start, actions, _ = random_hand(game, 3, **kw)
    with speaking("zh-Hans"):
        layout = rules_chart(compare(start, actions), str).figure.to_dict()["layout"]
        bars = rules_chart(compare(start, actions), str).figure.to_dict()["data"]
    assert layout["xaxis"]["tickangle"] == 0
    assert layout["legend"]["yref"] == "container" and layout["legend"]["y"] == 0
    for name in bars[0]["x"]:
        for line in name.split("<br>"):
            assert sum(2 if ord(c) > 0x2E7F else 1 for c in line) <= 18, name
    assert layout["margin"]["b"] >= 34 + 17 * max(n.count("<br>") + 1 for n in bars[0]["x"])


def test_a_refusal_names_the_seat_that_was_refused() -> None:
    """A newcomer's report: the sentence said "you" and "in your hand" for a card another
    player was refused. It names that seat now, and quotes the rule as told to it; the
    learner's own refusal is said to the learner."""
    from tutorial.language.i18n import speaking
    from tutorial.pictures.rules_chart import rules_chart
    from tutorial.scenarios.sides import name_seats

    names = ["You", "Right", "Partner", "Left"]
    seen: set[bool] = set()
    for seed in range(400):
        start, actions, _ = random_hand("belote", seed)
        compared = compare(start, actions)
        refused = [u for u in compared if u.replay.refused_at is not None]
        if not refused:
            continue
        replay = refused[0].replay
        seat = replay.refused_seat
        before = _state_after(start, actions[: replay.refused_at], refused[0].ruleset)
        assert seat == before.to_move
        for learner in (seat, (seat + 1) % 4):
            named = [*names[learner:], *names[:learner]]  # "You" at the learner's seat
            for lang in ("en", "zh-Hans", "zh-Hant"):
                with speaking(lang):
                    text = name_seats(rules_chart(compared, str, learner).text, named)
                    told = {"en": "would be told", "zh-Hans": "告诉", "zh-Hant": "告訴"}[lang]
                    if learner == seat:  # said to the learner: "you must..."
                        assert told not in text, text
                    else:
                        assert f"{named[seat]}" in text and told in text, text
        seen.add(seat == 0)
        if len(seen) == 2:
            break
    assert seen, "no hand had a play refused under another ruleset"
