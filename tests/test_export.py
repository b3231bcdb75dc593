"""Saving a position as a scenario (tutorial/scenarios/export.py): the file passes the checker."""

from __future__ import annotations

import random

import pytest
import yaml
from clocks import Jumping

from tutorial.analysis import solve
from tutorial.engine.contract import GameState
from tutorial.engine.games import new_hand
from tutorial.scenarios.checker import check_text
from tutorial.scenarios.export import ExportError, scenario_data, scenario_yaml
from tutorial.tools.bench_solver import random_position

GAMES = [("belote", 4), ("tarot", 4), ("briscola", 2), ("briscola", 4)]
SEEDS = range(12)
#: The solver's nodes for an exported answer and its line: late moments are judged, early
#: ones left to the teacher (the clock never moves in the tests: see conftest.py).
NODES = 30_000


def random_moment(game: str, players: int, seed: int) -> GameState:
    """A play-phase moment of a hand reached by random legal play (bids, discard,
    declarations and poignées included), at a random card of the play."""
    rng = random.Random(seed)
    kw = {"players": players} if game == "briscola" else {}
    while True:
        state = new_hand(game, "default", rng=rng, **kw)
        moments = []
        while not state.is_terminal:
            if state.phase == "play":
                moments.append(state)
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
        if moments:
            # Late moments more often (they are the ones the solver can judge quickly).
            return moments[max(rng.randrange(len(moments)), rng.randrange(len(moments)))]


def _same_position(a: GameState, b: GameState) -> None:
    assert a.to_move == b.to_move
    assert [sorted(h, key=lambda c: c.code) for h in a.hands] == [
        sorted(h, key=lambda c: c.code) for h in b.hands
    ]
    assert [p.card for p in a.current_trick] == [p.card for p in b.current_trick]
    assert [(t.winner, t.points) for t in a.tricks] == [(t.winner, t.points) for t in b.tricks]
    assert set(a.legal_plays()) == set(b.legal_plays())


@pytest.mark.parametrize(("game", "players"), GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_saved_position_passes_the_checker(game: str, players: int, seed: int) -> None:
    state = random_moment(game, players, seed)
    text = scenario_yaml(state, title="Saved position", node_budget=NODES)
    checked = check_text(text, "saved.yaml")  # raises with the checker's problems
    table_state = checked.table.state
    _same_position(state, table_state)
    assert checked.table.learner == state.to_move
    assert not checked.table.unknown
    step = checked.scenario.steps[-1]
    accept = step.play.accept  # type: ignore[union-attr]
    if accept != "any":
        values = solve(state)
        top = max(values.values())
        assert set(accept) == {c.code for c, v in values.items() if v == top}
        assert step.play.explain  # type: ignore[union-attr]
    else:
        assert "# " in text.splitlines()[1]  # the comment asking for the answer


def test_the_file_reads_as_an_author_writes_it() -> None:
    state = random_moment("belote", 4, 3)
    text = scenario_yaml(
        state, title="A saved moment", summary="Play the last cards.", node_budget=NODES
    )
    assert text.startswith("# yaml-language-server: $schema=../scenario.schema.json\n")
    data = yaml.safe_load(text)
    assert data["title"] == "A saved moment"
    assert data["learner"] == "South"  # the learner sits South by default
    assert data["steps"][0]["expect"]["to_move"] == "South"
    for word in ("seat 0", "seat 1", "team 0", "side A"):
        assert word not in text


def test_seat_names_and_options_are_kept() -> None:
    state = random_moment("belote", 4, 7)
    names = ["Ann", "Bob", "Cleo", "Dan"]
    data, _ = scenario_data(state, title="t", seat_names=names, node_budget=NODES)
    assert data["seats"] == names
    assert data["learner"] == names[state.to_move or 0]
    assert "options" not in data  # the default ruleset, unchanged


def test_changed_options_are_written() -> None:
    from tutorial.engine.rule_options import find_ruleset

    rs = find_ruleset("belote", "default", partner_winning="must_trump_may_undertrump")
    rng = random.Random(2)
    state = new_hand("belote", rs, rng=rng)
    while state.phase != "play" or len(state.tricks) < 6:
        acts = state.legal_actions()
        state = state.apply(acts[rng.randrange(len(acts))])
        if state.is_terminal:
            state = new_hand("belote", rs, rng=rng)
    data, judged = scenario_data(state, title="t", node_budget=NODES)
    assert data["options"] == {"partner_winning": "must_trump_may_undertrump"}
    assert judged
    check_text(scenario_yaml(state, title="t"), "opts.yaml")


def test_past_the_deadline_the_answer_is_left_to_the_teacher() -> None:
    # A clock that moves a second at each read: the solver gives up at once, whatever
    # its node budget, and the file asks for the answer.
    state = random_position("belote", random.Random(5), 8, in_trick=False)  # a full deal
    clock = Jumping(1.0)
    text = scenario_yaml(state, title="t", seconds=2.0, node_budget=10**9, clock=clock)
    assert clock.reads <= 5
    data = yaml.safe_load(text)
    assert data["steps"][1]["play"]["accept"] == "any"
    assert "# " in text.splitlines()[1]  # the comment asking for the answer


def test_not_a_play_moment_is_refused() -> None:
    state = new_hand("belote", "default", rng=random.Random(1))
    assert state.phase == "bidding"
    with pytest.raises(ExportError):
        scenario_yaml(state, title="t")
    moment = random_moment("briscola", 2, 1)
    other = 1 - (moment.to_move or 0)
    with pytest.raises(ExportError, match="not to play"):
        scenario_yaml(moment, title="t", seat=other)
