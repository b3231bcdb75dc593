"""The scoring pictures: built from outcomes, their numbers match the engine's."""

from __future__ import annotations

import json
import random

import pytest

from tutorial import charts
from tutorial.engine.games import random_hand


def _played(game: str, ruleset: str = "default"):  # type: ignore[no-untyped-def]
    for seed in range(200):
        s = random_hand(game, random.Random(seed), ruleset)
        d = s.outcome().details
        if (game != "tarot" or d.get("contract")) and d.get("result") != "redeal":
            return s.outcome()
    raise AssertionError("no played hand")


def test_belote_figure_has_the_contract_line_and_the_totals() -> None:
    out = _played("belote")
    fig = charts.belote_figure(out, ["A", "B"])
    spec = json.loads(fig.to_json())
    shapes = spec["layout"].get("shapes", [])
    assert any(
        s.get("type") == "line" and s["x0"] == out.details["contract"]["needed"] for s in shapes
    )
    stacked = {}
    for trace in spec["data"]:
        for label, x in zip(trace["y"], trace["x"], strict=True):
            stacked[label] = stacked.get(label, 0) + x
    assert sorted(stacked.values()) == sorted(float(v) for v in out.totals.values())


@pytest.mark.parametrize(("ruleset", "needed"), [("default", None), ("seed-004", 81)])
def test_belote_contract_line_follows_the_option(ruleset: str, needed: int | None) -> None:
    out = _played("belote", ruleset)
    line = out.details["contract"]["needed"]
    if needed is not None:
        assert line == needed
    else:
        assert line == out.details["contract"]["defence_figure"] + 1


def test_tarot_waterfall_ends_on_the_amount_per_defender() -> None:
    out = _played("tarot")
    fig = charts.tarot_waterfall(out)
    trace = json.loads(fig.to_json())["data"][0]
    assert trace["measure"][-1] == "total"
    relative = sum(y for y, m in zip(trace["y"], trace["measure"], strict=True) if m == "relative")
    assert relative == pytest.approx(abs(out.details["per_defender"]))
    assert trace["y"][-1] == pytest.approx(abs(out.details["per_defender"]))


def test_tarot_results_add_up_to_zero() -> None:
    out = _played("tarot")
    trace = json.loads(charts.tarot_results_figure(out, ["S", "E", "N", "W"]).to_json())["data"][0]
    assert sum(trace["y"]) == pytest.approx(0)
    text = charts.tarot_text(out, ["S", "E", "N", "W"])
    assert f"target was {out.details['target']:g}" in text


def test_briscola_split_against_61() -> None:
    out = _played("briscola")
    spec = json.loads(charts.briscola_figure(out, ["You", "Opponent"]).to_json())
    assert sum(t["x"][0] for t in spec["data"]) == 120
    assert any(s["x0"] == 61 for s in spec["layout"]["shapes"])
    assert "61 or more wins" in charts.briscola_text(out, ["You", "Opponent"])


def test_tricks_figure_running_totals() -> None:
    fig = charts.tricks_figure([10, 20, 5], [0, 1, 0], ["A", "B"])
    lines = [t for t in json.loads(fig.to_json())["data"] if t["type"] == "scatter"]
    assert lines[0]["y"] == [10, 10, 15] and lines[1]["y"] == [0, 20, 20]
    assert "A won 2 tricks for 15 points" in charts.tricks_text([10, 20, 5], [0, 1, 0], ["A", "B"])
