"""Recording a scenario from any position: the Score explainer's hand, a played
scenario, and ``points_so_far`` (an end-of-hand position without its earlier cards)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.apptest_util import open_app
from tests.test_export import NODES, random_moment
from tutorial.__main__ import main as cli
from tutorial.analysis import beginner
from tutorial.analysis.beginner import played_deal
from tutorial.engine.cards import BELOTE_DECK, Card
from tutorial.pictures.hand_story import deal_table
from tutorial.scenarios.checker import ScenarioProblems, check_text
from tutorial.scenarios.earlier_tricks import split
from tutorial.scenarios.export import deal_moments, scenario_yaml

LAST_TRICK = """\
title: Last trick
game: belote
trump: H
taker: South
leader: South
hands:
  South: AS
  East: 7S
  North: 8S
  West: 9S
points_so_far:
  {so_far}
steps:
  - expect:
      points: {{South: {south}, East: {east}}}
  - play:
      accept: [AS]
  - auto: 7S 8S 9S
  - expect:
      points: {{South: {after}, East: {east}}}
"""


def _last_trick(so_far: str, south: float, east: float) -> str:
    return LAST_TRICK.format(so_far=so_far, south=south, east=east, after=south + 11)


# --- points_so_far -----------------------------------------------------------------------


def test_an_end_of_hand_position_needs_no_earlier_card() -> None:
    checked = check_text(_last_trick("South: 100", 100, 41), "last.yaml")
    state = checked.table.state
    assert state.points_won() == (100.0, 41.0)
    # Every card has a place: the 28 earlier cards are split into whole tricks.
    piles = state.captured  # type: ignore[attr-defined]
    assert len(piles[0]) + len(piles[1]) == 28
    assert len(piles[0]) % 4 == 0 and len(piles[1]) % 4 == 0


def test_both_sides_may_be_given_if_they_add_up() -> None:
    check_text(_last_trick("{South: 60, East: 81}", 60, 81), "both.yaml")
    with pytest.raises(
        ScenarioProblems, match="add to 150, but the cards won so far are worth 141"
    ):
        check_text(_last_trick("{South: 60, East: 90}", 60, 90), "sum.yaml")


def test_the_checker_verifies_answers_with_the_points_given() -> None:
    # A wrong figure in the scenario is still caught: the position is real.
    with pytest.raises(ScenarioProblems, match="South has 100 points, not 101"):
        check_text(_last_trick("South: 100", 101, 40), "wrong.yaml")


def test_a_side_given_zero_has_won_no_trick() -> None:
    checked = check_text(_last_trick("East: 0", 141, 0), "zero.yaml")
    assert checked.table.state.captured[1] == ()  # type: ignore[attr-defined]


def test_unknown_cards_and_carried_points_are_refused_with_points_so_far() -> None:
    text = _last_trick("South: 100", 100, 41).replace("  West: 9S\n", "  West: '?'\n")
    with pytest.raises(ScenarioProblems, match="give every hand in full"):
        check_text(text, "unknown.yaml")
    tarot = """\
title: Tarot last trick
game: tarot
contract: garde
taker: South
leader: South
discard: 2S 3S 4S 5S 6S 7S
hands: {South: T10, East: 1H, North: 2H, West: 3H}
points_so_far: {taker: 50}
steps:
  - play: {accept: [T10]}
"""
    with pytest.raises(ScenarioProblems, match="place EXC, T1, T21 in 'captured'"):
        check_text(tarot, "bouts.yaml")
    placed = tarot.replace(
        "points_so_far:", "captured: {taker: T1 T21, defence: EXC}\npoints_so_far:"
    )
    state = check_text(placed, "placed.yaml").table.state
    # 91 card points less the discard's 3, less the last trick's 2: the defence has the rest.
    assert state.points_won() == (50.0, 36.0)
    both = placed.replace("points_so_far:", "carried_points: {taker: 1}\npoints_so_far:")
    with pytest.raises(ScenarioProblems, match="not both"):
        check_text(both, "both.yaml")


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(list(BELOTE_DECK)), min_size=4, max_size=16, unique=True))
def test_split_gives_exactly_the_points_asked(cards: list[Card]) -> None:
    cards = cards[: len(cards) - len(cards) % 4]

    def value(c: Card) -> int:
        return {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}.get(c.rank, 0)

    # A split that exists (the first whole tricks to side 0) must be found, and any
    # split found must be exact and in whole tricks.
    want = sum(value(c) for c in cards[:4])
    found = split(cards, value, want, pile=0, whole=4, empty_if_zero=(False, False))
    assert found is not None
    mine, rest = found
    assert sum(value(c) for c in mine) == want
    assert len(mine) % 4 == 0 and len(rest) % 4 == 0
    assert sorted(mine + rest, key=lambda c: c.code) == sorted(cards, key=lambda c: c.code)
    total = sum(value(c) for c in cards)
    assert split(cards, value, total + 1, pile=0, whole=4, empty_if_zero=(False, False)) is None


# --- saving with earlier tricks as points --------------------------------------------------


@pytest.mark.parametrize(("game", "players"), [("belote", 4), ("tarot", 4), ("briscola", 2)])
@pytest.mark.parametrize("seed", range(3))
def test_a_position_saved_with_points_so_far_passes_the_checker(
    game: str, players: int, seed: int
) -> None:
    state = random_moment(game, players, seed)
    text = scenario_yaml(state, title="Saved", node_budget=NODES, earlier="points")
    data = yaml.safe_load(text)
    assert "tricks" not in data and "carried_points" not in data
    assert data["points_so_far"]
    checked = check_text(text, "points.yaml")
    rebuilt = checked.table.state
    assert rebuilt.to_move == state.to_move
    assert set(rebuilt.legal_plays()) == set(state.legal_plays())
    assert [p.card for p in rebuilt.current_trick] == [p.card for p in state.current_trick]


# --- the Score explainer's hand -------------------------------------------------------------


@pytest.mark.parametrize(("game", "number"), [("belote", 1), ("tarot", 2), ("briscola", 3)])
def test_deal_moments_replay_the_explainers_hand(game: str, number: int) -> None:
    _, final = played_deal(game, "default", number)
    moments = deal_moments(game, "default", number)
    assert len(moments) == sum(len(t.plays) for t in final.tricks)  # one per card played
    after = moments[-1].apply(beginner.choose(moments[-1]))
    assert after.is_terminal
    assert [(t.winner, t.points) for t in after.tricks] == [
        (t.winner, t.points) for t in final.tricks
    ]


@pytest.mark.parametrize("earlier", ["tricks", "points"])
def test_a_recorded_scenario_from_the_score_explainer_passes_check(
    earlier: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, final = played_deal("belote", "default", 1)
    table = deal_table(final)
    moments = deal_moments("belote", "default", 1)
    moment = moments[len(moments) - 12]  # trick 6, first card
    text = scenario_yaml(
        moment,
        title="Belote: deal 1, trick 6",
        seat_names=table.seat_names,
        earlier=earlier,  # type: ignore[arg-type]
    )
    path = tmp_path / f"recorded-{earlier}.yaml"
    path.write_text(text, encoding="utf-8")
    # ``python -m tutorial check`` in this process: its budget on the tests' clock.
    code = cli(["check", str(path)])
    out = capsys.readouterr()
    assert code == 0, out.out + out.err
    assert "1 ok" in out.out
    data = yaml.safe_load(text)
    assert data["seats"] == ["South", "East", "North", "West"]
    assert data["steps"][1]["play"]["accept"] != "any"  # the solver judged it


def test_the_score_explainer_offers_to_save_a_moment() -> None:
    at = open_app("score")
    assert not at.exception
    slider = at.select_slider(key="record_moment_belote_default_1")
    assert slider.value == len(deal_moments("belote", "default", 1)) - 12
    labels = list(slider.options)  # the labels as the slider shows them
    assert labels[0].startswith("Trick 1, card 1: ")
    assert all("seat" not in x for x in labels)
    at.radio(key="record_earlier").set_value("points").run()
    assert not at.exception


def test_random_seed_for_moments_is_the_explainers(monkeypatch: pytest.MonkeyPatch) -> None:
    # deal_moments uses the deal number played_deal used (a passed-out deal is skipped).
    used, _ = played_deal("belote", "default", 0)
    a = deal_moments("belote", "default", 0)
    b = deal_moments("belote", "default", used)
    assert [s.hands for s in a] == [s.hands for s in b]
    assert random.Random(used).random() == random.Random(used).random()


# --- a played scenario's position -----------------------------------------------------------


def _known_scenario() -> tuple[str, object]:
    """A library scenario whose first position shows every hand (so it may be saved)."""
    from tutorial.course.library import load_library
    from tutorial.scenarios.runtime import start
    from tutorial.webapp.record import can_save

    lib = load_library()
    for sid, checked in sorted(lib.scenarios.items()):
        run = start(checked.scenario, checked.table)
        if checked.scenario.game == "belote" and can_save(run.state) and run.position_known:
            return sid, run
    raise AssertionError("no Belote scenario with every hand known")


def test_a_played_scenarios_position_saves_as_a_valid_scenario() -> None:
    from tutorial.scenarios.runtime import Run

    sid, run = _known_scenario()
    assert isinstance(run, Run)
    text = scenario_yaml(
        run.state, title=f"{run.scenario.title}: from step 1", seat_names=run.table.seat_names
    )
    checked = check_text(text, "played.yaml")
    assert checked.table.seat_names == run.table.seat_names
    assert checked.table.learner == run.state.to_move
    at = open_app("play", scenario=sid)
    assert not at.exception
    assert [b.proto.label for b in at.get("download_button")] == ["Save as scenario"]
    hidden = open_app("play", scenario="belote/overruff")  # other hands unknown: not offered
    assert not hidden.get("download_button")
