"""The scoring pictures: built from outcomes, their numbers match the engine's."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tutorial.engine.games import random_hand
from tutorial.engine.outcomes import HandOutcome
from tutorial.language.i18n import catalogue, t
from tutorial.pictures import charts
from tutorial.pictures.games import belote as belote_pictures
from tutorial.pictures.games import tarot as tarot_pictures
from tutorial.pictures.hand_story import HandStory, Step

ROOT = Path(__file__).resolve().parent.parent


def _played(game: str, ruleset: str = "default") -> HandOutcome:
    for seed in range(200):
        s = random_hand(game, random.Random(seed), ruleset)
        d = s.outcome().details
        if (game != "tarot" or d.get("contract")) and d.get("result") != "redeal":
            return s.outcome()
    raise AssertionError("no played hand")


def _story() -> HandStory:
    steps = (
        Step("earlier", (30.0, 20.0), 6),
        Step("trick", (10.0, 0.0), 7, 0),
        Step("trick", (0.0, 25.0), 8, 1),
        Step("dix_de_der", (0.0, 10.0)),
    )
    return HandStory(
        game="belote",
        steps=steps,
        running=((30.0, 20.0), (40.0, 20.0), (40.0, 45.0), (40.0, 55.0)),
        line=56.0,
        line_side=0,
        tricks_won=(1, 1),
        first_trick=7,
        total_tricks=8,
    )


def _details() -> dict[str, object]:
    return {"taking_team": 0, "capot": None, "litige": False, "dedans": True}


def test_tricks_chart_bars_stand_on_the_running_totals_on_one_axis() -> None:
    chart = charts.tricks_chart(_story(), _details(), ["A", "B"], ["S", "E", "N", "W"])
    spec = chart.figure.to_plotly_json()
    by = {tr["meta"]: tr for tr in spec["data"]}
    assert by["points-0"]["base"] == [0.0, 30.0, 40.0, 40.0]
    assert by["points-1"]["y"] == [20.0, 0.0, 25.0, 10.0]
    assert by["running-1"]["y"] == [20.0, 20.0, 45.0, 55.0]
    assert all("yaxis" not in tr or tr["yaxis"] == "y" for tr in spec["data"])
    assert "yaxis2" not in spec["layout"]
    assert by["points-0"]["x"] == [t("charts.step.earlier", last=6), "7", "8", "dix de der"]
    assert by["mark"]["y"] == [56.0, 56.0]


def test_tricks_words_use_plural_forms_and_real_trick_numbers() -> None:
    chart = charts.tricks_chart(_story(), _details(), ["A", "B"], ["S", "E", "N", "W"])
    assert "In tricks 7 to 8: A won 1 trick, B won 1 trick." in chart.text
    assert "Before trick 7, in the earlier tricks: A 30 points, B 20 points." in chart.text
    assert "The richest trick was trick 8: 25 points to E." in chart.text
    assert chart.text.startswith("Dedans: A 40, B 55.")  # the title: the result, the score
    assert "1 tricks" not in chart.text and "1 points" not in chart.text


def test_belote_score_stacks_to_the_totals() -> None:
    out = _played("belote")
    chart = belote_pictures.score_chart(out, ["A", "B"])
    spec = chart.figure.to_plotly_json()
    stacked = [0.0, 0.0]
    for trace in spec["data"]:
        if trace["meta"] != "total":
            for i, x in enumerate(trace["x"]):
                stacked[i] += x
    assert stacked == pytest.approx([float(v) for v in out.totals.values()])


def test_tarot_settlement_signs_agree_with_the_results() -> None:
    out = _played("tarot")
    chart = tarot_pictures.settlement_chart(
        out, ["S", "E", "N", "W"], int(out.details["taker"]), "Garde"
    )
    by = {tr["meta"]: tr for tr in chart.figure.to_plotly_json()["data"]}
    fall = by["per_defender"]
    relative = sum(y for y, m in zip(fall["y"], fall["measure"], strict=True) if m == "relative")
    per = float(out.details["per_defender"])
    assert relative == pytest.approx(per)
    assert sum(by["results"]["y"]) == pytest.approx(0)
    defender = next(
        i for i in range(4) if i != out.details["taker"]
    )  # a defender's bar is minus the amount per defender
    assert by["results"]["y"][defender] == pytest.approx(-per)
    assert f"{['S', 'E', 'N', 'W'][defender]} {-per:+g}" in chart.text


def test_every_charts_key_is_in_the_catalogue() -> None:
    source = (ROOT / "tutorial" / "pictures" / "charts.py").read_text(encoding="utf-8")
    keys = set(re.findall(r'"(charts\.[a-z_.]+)"', source))
    assert len(keys) > 30
    cat = catalogue("en")
    assert sorted(k for k in keys if k not in cat) == []


def test_no_english_sentence_is_built_in_charts() -> None:
    source = (ROOT / "tutorial" / "pictures" / "charts.py").read_text(encoding="utf-8")
    # f-strings only format numbers or trace keys, never words for the learner
    for fstring in re.findall(r'\bf"([^"]*)"', source):
        words = re.sub(r"\{[^}]*\}", "", fstring)
        assert not re.search(r"[A-Za-z]{3,} [A-Za-z]{2,}", words), fstring


def test_tarot_settlement_labels_read_as_the_formula_signs_included() -> None:
    """Each bar is labelled with the total it reaches: -25, -(25 + d), -(25 + d) x m for a
    failed contract, the same figures the sentence gives."""
    for seed in range(200):
        out = random_hand("tarot", random.Random(seed)).outcome()
        d = out.details
        if d.get("contract") and not d["made"] and int(d["multiplier"]) > 1:
            break
    else:
        raise AssertionError("no failed Garde in 200 deals")
    chart = tarot_pictures.settlement_chart(out, ["S", "E", "N", "W"], int(d["taker"]), "Garde")
    fall = {tr["meta"]: tr for tr in chart.figure.to_plotly_json()["data"]}["per_defender"]
    diff, mult = abs(float(d["difference"])), int(d["multiplier"])
    base = (25 + diff) * mult
    assert fall["text"][:3] == [f"{-25:+g}", f"{-(25 + diff):+g}", f"{-base:+g}"]
    assert f"-(25 + {diff:g}) × {mult} = {-base:+g} per defender" in chart.text
    assert fall["text"][-1] == f"{float(d['per_defender']):+g}"
    # the difference is the card points against the target, both named
    assert fall["x"][1] == f"difference {float(d['points']):g} − {float(d['target']):g}"
    title = chart.figure.to_plotly_json()["layout"]["title"]["text"]
    assert title.startswith(f"Garde failed by {diff:g}: the taker pays each defender")
