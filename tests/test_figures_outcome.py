"""Every chart agrees with the engine's outcome and with its own words.

For every scenario's final position, and for dealt hands of every game and ruleset (the
Score explainer), the figures are built by the function the pages use, read back from
their data, and checked against ``state.outcome()``: totals, signs, the amount per
defender, trick counts, every trick numbered as played; then every number quoted in the
chart's words is found in its data, with the same sign when the words give one.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tutorial.analysis.beginner import played_deal
from tutorial.course.library import load_library
from tutorial.engine.core import GameState, rulesets
from tutorial.engine.games import GAMES
from tutorial.language.i18n import t, tn
from tutorial.pictures.charts import Chart
from tutorial.pictures.hand_story import deal_table, total_tricks
from tutorial.scenarios import runtime
from tutorial.scenarios.position import Table
from tutorial.scenarios.sides import side_labels
from tutorial.webapp.score_view import outcome_and_charts

LIBRARY = load_library()
SCENARIOS = sorted(LIBRARY.scenarios)
DEALS = [(g, rs.name, n) for g in GAMES for rs in rulesets(g) for n in (1, 2, 3, 4)]


def _final(sid: str) -> tuple[GameState, Table]:
    checked = LIBRARY.scenarios[sid]
    run = runtime.start(checked.scenario, checked.table)
    for _ in range(500):
        if run.finished:
            break
        run = run.solve_current()
    assert run.finished
    return run.state, run.table


def _traces(chart: Chart) -> dict[str, dict[str, Any]]:
    spec = chart.figure.to_plotly_json()
    return {str(tr.get("meta")): tr for tr in spec["data"]}


def _title(chart: Chart) -> str:
    return str(chart.figure.to_plotly_json()["layout"]["title"]["text"])


# --- Reading numbers -------------------------------------------------------------------------

NUMBER = re.compile(r"(?<![\w.])([+-]?)(\d+(?:\.\d+)?)")


def _numbers_in(text: str) -> list[tuple[str, float]]:
    return [(sign, float(n)) for sign, n in NUMBER.findall(text)]


def _figure_numbers(chart: Chart) -> tuple[set[float], set[float]]:
    """(signed numbers in the data, magnitudes of every number shown anywhere)."""
    spec = chart.figure.to_plotly_json()
    signed: set[float] = set()
    shown: set[float] = set()

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, bool):
            return
        if isinstance(value, (int, float)):
            if key in ("x", "y", "base"):
                signed.add(float(value))
            shown.add(abs(float(value)))
        elif isinstance(value, str):
            for sign, n in _numbers_in(value):
                shown.add(n)
                if sign:
                    signed.add(-n if sign == "-" else n)
        elif isinstance(value, dict):
            for k, v in value.items():
                if k not in ("marker", "line", "font", "connector", "margin", "legend"):
                    walk(v, k)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v, key)

    for trace in spec["data"]:
        walk(trace)
        if trace.get("type") == "waterfall":  # the totals are drawn, not given
            run = 0.0
            for y, m in zip(trace["y"], trace["measure"], strict=True):
                run = float(y) if m == "total" else run + float(y)
                signed.add(run)
                shown.add(abs(run))
    walk(spec["layout"].get("title", {}))
    return signed, shown


def _words_match_data(chart: Chart) -> None:
    signed, shown = _figure_numbers(chart)
    for sign, n in _numbers_in(chart.text):
        if sign:
            value = -n if sign == "-" else n
            assert value in signed, f"{sign}{n:g} is said but not in the data: {chart.text}"
        else:
            assert n in shown or n == 0, f"{n:g} is said but not shown: {chart.text}"


# --- What each chart must show -------------------------------------------------------------


def _expected_totals(state: GameState) -> tuple[float, float]:
    d = state.outcome().details
    if state.game == "tarot":
        return float(d["points"]), float(d["defence_points"])
    if state.game == "belote":
        c = d["contract"]
        taking = int(d["taking_team"])
        figs = [0.0, 0.0]
        figs[taking], figs[1 - taking] = float(c["taker_figure"]), float(c["defence_figure"])
        return figs[0], figs[1]
    a, b = (float(v) for v in state.outcome().totals.values())
    return a, b


def _check_tricks_chart(chart: Chart, state: GameState, labels: list[str]) -> None:
    tr = _traces(chart)
    out = state.outcome()
    d = out.details
    bars = [tr["points-0"], tr["points-1"]]
    runs = [tr["running-0"], tr["running-1"]]
    xs = list(bars[0]["x"])
    assert xs == list(runs[0]["x"]) == list(bars[1]["x"])
    # Running totals stand on the same axis as the bars: base + points = running total.
    for side in (0, 1):
        ys, base, run = bars[side]["y"], bars[side]["base"], runs[side]["y"]
        assert "yaxis" not in runs[side] or runs[side]["yaxis"] == "y"
        for i in range(len(xs)):
            assert base[i] + ys[i] == pytest.approx(run[i])
            assert base[i] == pytest.approx(run[i - 1] if i else 0.0)
        assert sum(ys) == pytest.approx(run[-1])
    want = _expected_totals(state)
    assert (runs[0]["y"][-1], runs[1]["y"][-1]) == pytest.approx(want)
    # Every listed trick, numbered as played, ending on the hand's last trick.
    numbers = [int(x) for x in xs if str(x).isdigit()]
    n = total_tricks(state)
    assert numbers == list(range(n - len(state.tricks) + 1, n + 1))
    if state.game != "belote":  # Belote numbers tricks after captured ones from 1 (engine)
        assert numbers == [t_.index + 1 for t_ in state.tricks]
    if numbers and numbers[0] > 1:
        assert xs.index(str(numbers[0])) > 0, "points before the listed tricks: an opening bar"
        assert str(numbers[0] - 1) in str(xs[xs.index(str(numbers[0])) - 1])
    won = [0, 0]
    for trick in state.tricks:
        side = state.team_of(trick.winner)
        won[side] += 1
        i = xs.index(str(numbers[state.tricks.index(trick)]))
        has_excuse = any(c.code == "EXC" for c in trick.cards)
        if not has_excuse:
            assert bars[side]["y"][i] == pytest.approx(trick.points)
            assert bars[1 - side]["y"][i] == 0
    for side in (0, 1):
        assert tn("plural.tricks", won[side]) in bars[side]["name"]
    # The words quote the same figures: the totals, the opening bar, the tricks won.
    pts = [tn("plural.points", v) for v in want]
    assert t("charts.text.totals", a=labels[0], pa=pts[0], b=labels[1], pb=pts[1]) in chart.text
    if numbers[0] > 1:
        i = xs.index(str(numbers[0])) - 1
        said = t(
            "charts.text.earlier",
            first=numbers[0],
            a=labels[0],
            pa=tn("plural.points", bars[0]["y"][i]),
            b=labels[1],
            pb=tn("plural.points", bars[1]["y"][i]),
        )
        assert said in chart.text
    said = t(
        "charts.text.tricks",
        first=numbers[0],
        last=n,
        a=labels[0],
        na=tn("plural.tricks", won[0]),
        b=labels[1],
        nb=tn("plural.tricks", won[1]),
    )
    assert said in chart.text
    # The mark and what happened.
    title = _title(chart)
    assert chart.text.startswith(title)
    if state.game == "tarot":
        assert tr["mark"]["y"] == [pytest.approx(float(d["target"]))] * 2
        assert tn("plural.bouts", int(d["bouts"])) in tr["mark"]["name"]
        assert ("made" in title) == bool(d["made"]) and ("failed" in title) != bool(d["made"])
        assert f"by {abs(float(d['difference'])):g}" in title or float(d["difference"]) == 0
    elif state.game == "belote":
        taking = int(d["taking_team"])
        taker_total = runs[taking]["y"][-1]
        if d.get("capot") is None:
            needed = float(d["contract"]["needed"])
            assert tr["mark"]["y"] == [pytest.approx(needed)] * 2
            if d["dedans"]:
                assert taker_total < needed
                assert title.startswith("Dedans") and f"{taker_total:g}" in title
                assert labels[taking] in title and labels[taking] in tr["mark"]["name"]
                assert f"{needed:g}" in title
            elif d["made"]:
                assert taker_total >= needed or d["contract"]["basis"] != "total_strict"
                assert title.startswith("Contract made")
        else:
            assert "mark" not in tr and title.startswith("Capot")
    else:
        assert tr["mark"]["y"] == [61, 61]
        a, b = want
        assert ("draw" in title) == (a == b)
        if a != b:
            assert labels[0 if a > b else 1] in title


def _check_settlement(chart: Chart, state: GameState, names: tuple[str, ...]) -> None:
    out = state.outcome()
    d = out.details
    tr = _traces(chart)
    fall = tr["per_defender"]
    per = float(d["per_defender"])
    relative = sum(y for y, m in zip(fall["y"], fall["measure"], strict=True) if m == "relative")
    assert relative == pytest.approx(per)
    assert fall["measure"][-1] == "total" and fall["y"][-1] == pytest.approx(per)
    results = tr["results"]
    values = [float(v) for v in out.totals.values()]
    assert list(results["y"]) == pytest.approx(values)
    assert sum(results["y"]) == pytest.approx(0)
    taker = int(d["taker"])
    for seat, v in enumerate(results["y"]):
        assert v == pytest.approx(3 * per if seat == taker else -per)
        assert names[seat] in results["x"][seat]
        # the words give each player's result with its sign, as the bars do
        assert f"{results['x'][seat]} {v:+g}" in chart.text
    # The words give the amount per defender with the waterfall's sign, and each bonus.
    assert t("charts.text.settle_per_defender", points=f"{per:+g}") in chart.text
    for label, y in zip(fall["x"][3:], fall["y"][3:], strict=True):
        if label not in (t("charts.settle.base"), t("charts.settle.per_defender")):
            assert f": {y:+g} per defender" in chart.text
    key = "charts.text.settle_made" if d["made"] else "charts.text.settle_failed"
    diff, signed = abs(float(d["difference"])), float(d["base_signed"])
    # the formula's result with the sign the bars reach (-162 for a failed Garde by 2)
    words = t(key, difference=f"{diff:g}", multiplier=d["multiplier"], signed=f"{signed:+g}")
    assert words in chart.text
    title = _title(chart)
    assert ("pays the taker" in title) == (per >= 0)
    assert f"{abs(per):g}" in title


def _check_belote_score(chart: Chart, state: GameState, labels: list[str]) -> None:
    out = state.outcome()
    tr = _traces(chart)
    totals = [float(v) for v in out.totals.values()]
    stacked = [0.0, 0.0]
    for key, trace in tr.items():
        if key != "total":
            for i, x in enumerate(trace["x"]):
                stacked[i] += x
    assert stacked == pytest.approx(totals)
    assert list(tr["total"]["text"]) == [f"{v:g}" for v in totals]
    for label, total in zip(labels, totals, strict=True):
        assert f"{label}: " in chart.text or f"{label} score nothing" in chart.text
        if total:
            assert f"in all {total:g}" in chart.text


def _check_all(state: GameState, table: Table) -> list[Chart]:
    labels = side_labels(table)
    _, charts = outcome_and_charts(state, table)
    if not charts:
        d = state.outcome().details
        assert d.get("result") == "redeal" or (state.game == "tarot" and not d.get("contract"))
        return charts
    keys = [c.key for c in charts]
    assert (
        keys
        == {
            "belote": ["tricks", "score"],
            "tarot": ["tricks", "settlement"],
            "briscola": ["tricks"],
        }[state.game]
    )
    _check_tricks_chart(charts[0], state, labels)
    if state.game == "tarot":
        _check_settlement(charts[1], state, table.seat_names)
    if state.game == "belote":
        _check_belote_score(charts[1], state, labels)
    for chart in charts:
        _words_match_data(chart)
        assert "bout(s)" not in chart.text and " 1 tricks" not in chart.text
        assert not re.search(r"\b1 (tricks|points|bouts)\b", chart.text)
        assert "seat " not in chart.text and "team" not in chart.text
    return charts


@pytest.mark.parametrize("sid", SCENARIOS)
def test_scenario_final_charts(sid: str) -> None:
    state, table = _final(sid)
    if not state.is_terminal:
        # The scenario stops before the end of the hand: the hand goes on, and the
        # player draws no score for it.
        assert state.legal_actions()
        return
    _check_all(state, table)


@pytest.mark.parametrize(("game", "ruleset", "number"), DEALS)
def test_score_explainer_deal_charts(game: str, ruleset: str, number: int) -> None:
    used, hand = played_deal(game, ruleset, number)
    assert used >= number
    charts = _check_all(hand, deal_table(hand))
    assert charts, "the explainer deals only hands that were played"
    assert len(hand.tricks) == total_tricks(hand)  # the whole hand is listed


def test_the_excuse_kept_words_and_bars_agree() -> None:
    """The user-test report: the words said "Each defender: -26", the bars +26."""
    state, table = _final("tarot/seed-excuse-kept")
    _, charts = outcome_and_charts(state, table)
    settle = charts[1]
    assert "South +26, East +26, North +26" in settle.text
    assert f"{t('charts.settle.taker_seat', seat='West')} -78" in settle.text
    assert _traces(settle)["results"]["y"] == [-78, 26, 26, 26]
    assert _title(charts[0]).startswith("Prise failed by 1")
    assert "40 made" not in str(charts[0].figure.to_plotly_json())


def test_a_late_start_numbers_tricks_as_played() -> None:
    """Briscola 64-56: the four listed tricks are 17 to 20, after one opening bar."""
    state, table = _final("briscola/seed-last-three-tricks")
    _, charts = outcome_and_charts(state, table)
    xs = _traces(charts[0])["points-0"]["x"]
    assert list(xs) == [t("charts.step.earlier", last=16), "17", "18", "19", "20"]


def test_a_chelem_counts_the_whole_hand() -> None:
    state, table = _final("tarot/seed-excuse-chelem")
    _, charts = outcome_and_charts(state, table)
    run = _traces(charts[0])["running-0"]["y"]
    assert run[-1] == 91
    a, b = side_labels(table)
    assert f"{a} 91 points, {b} 0 points" in charts[0].text
