"""Every chart agrees with the engine's outcome and with its own words.

For every scenario's final position, and for dealt hands of every game and ruleset (the
Score explainer), the figures are built by the function the pages use, read back from
their data, and checked against ``state.outcome()``: totals, signs, the amount per
defender, trick counts, every trick numbered as played; then every number quoted in the
chart's words is found in its data, with the same sign when the words give one. The
first chart, the one a learner sees, ends on the hand's score: Belote's and Briscola's
trick chart (the Belote one through the contract's figures), Tarot's settlement.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tutorial.analysis.beginner import played_deal
from tutorial.course.library import load_library
from tutorial.engine.contract import GameState
from tutorial.engine.games import GAMES
from tutorial.engine.rule_options import rulesets
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
    """Where the trick chart ends: Tarot's card points, the others' hand's score."""
    d = state.outcome().details
    if state.game == "tarot":
        return float(d["points"]), float(d["defence_points"])
    a, b = (float(v) for v in state.outcome().totals.values())
    return a, b


def _contract_figures(state: GameState) -> tuple[float, float]:
    """Belote: the figures the contract is judged on, per team (unrounded)."""
    d = state.outcome().details
    c = d["contract"]
    taking = int(d["taking_team"])
    figs = [0.0, 0.0]
    figs[taking], figs[1 - taking] = float(c["taker_figure"]), float(c["defence_figure"])
    if d["rounding"] == "tens_judged":  # the chart runs on the exact points
        raw = [float(x) for x in d["team_card_points"]]
        if c["basis"] == "total_strict":
            for tm in (0, 1):
                raw[tm] += float(d["declaration_points"][tm])
                raw[tm] += 20.0 if d["belote_team"] == tm else 0.0
        figs = raw
    return figs[0], figs[1]


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
    totals_key = "charts.text.score_totals" if state.game == "belote" else "charts.text.totals"
    said_totals = t(totals_key, a=labels[0], pa=pts[0], b=labels[1], pb=pts[1])
    assert said_totals in chart.text
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
        # The title is the hand's score; the contract's figures are a point on the way,
        # where the mark (the points needed) ends.
        a, b = want
        assert title.endswith(f"{labels[0]} {a:g}, {labels[1]} {b:g}"), title
        figures = _contract_figures(state)
        judged = [i for i in range(len(xs)) if (runs[0]["y"][i], runs[1]["y"][i]) == figures]
        assert judged, f"the contract's figures {figures} are no point of the chart"
        at = judged[-1]
        taker_figure = runs[taking]["y"][at]
        for i, x in enumerate(xs[at + 1 :], start=at + 1):
            assert not str(x).isdigit(), "only the result's steps follow the contract"
            step = bars[0]["y"][i], bars[1]["y"][i]
            assert any(step), f"a step that changes nothing: {x}"
        if at < len(xs) - 1:  # steps to the score: the words end on it
            assert chart.text.endswith(said_totals), chart.text
        if d.get("capot") is None:
            needed = float(d["contract"]["needed"])
            assert tr["mark"]["y"] == [pytest.approx(needed)] * 2
            assert tr["mark"]["x"] == [xs[0], xs[at]]
            if d["dedans"]:
                assert taker_figure < needed or d["rounding"] == "tens_judged"
                assert title.startswith("Dedans")
                assert labels[taking] in tr["mark"]["name"]
            elif d["made"]:
                assert taker_figure >= needed or d["contract"]["basis"] != "total_strict"
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
    # The first chart is the one that ends on the hand's score.
    assert (
        keys
        == {
            "belote": ["tricks", "score"],
            "tarot": ["settlement", "tricks"],
            "briscola": ["tricks"],
        }[state.game]
    )
    by_key = {c.key: c for c in charts}
    _check_tricks_chart(by_key["tricks"], state, labels)
    if state.game == "tarot":
        _check_settlement(by_key["settlement"], state, table.seat_names)
    if state.game == "belote":
        _check_belote_score(by_key["score"], state, labels)
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
    settle = charts[0]
    assert "South +26, East +26, North +26" in settle.text
    assert f"{t('charts.settle.taker_seat', seat='West')} -78" in settle.text
    assert _traces(settle)["results"]["y"] == [-78, 26, 26, 26]
    assert _title(settle).startswith("Prise failed by 1")
    assert _title(charts[1]).startswith("Prise failed by 1")
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
    tricks = next(c for c in charts if c.key == "tricks")
    run = _traces(tricks)["running-0"]["y"]
    assert run[-1] == 91
    a, b = side_labels(table)
    assert f"{a} 91 points, {b} 0 points" in tricks.text


# --- The first picture ends on the hand's score (Belote) ---------------------------------

BELOTE_RULES = [
    *(rs.name for rs in rulesets("belote")),
    "rounding=tens_judged",
    "dedans_declarations=defence_keeps_own,declarations_won=all",
]


def _belote_ruleset(spec: str) -> Any:
    from tutorial.engine.rule_options import find_ruleset

    if "=" not in spec:
        return spec
    options = dict(pair.split("=") for pair in spec.split(","))
    return find_ruleset("belote", "default").with_options(**options)


@pytest.mark.parametrize("spec", BELOTE_RULES)
def test_the_belote_trick_chart_ends_on_the_hand_score(spec: str) -> None:
    """Over random hands of every ruleset, litige points carried in or not: the trick
    chart's last point, its title and its words' last sentence are the engine's hand
    score, whatever the result (capot, dedans, litige, rounding, carried points)."""
    import random

    from tutorial.engine.games import random_hand
    from tutorial.pictures.charts import hand_charts

    seen: set[str] = set()
    for seed in range(120):
        carried = 81 if seed % 7 == 0 else 0
        hand = random_hand(
            "belote", random.Random(seed), _belote_ruleset(spec), carried_points=carried
        )
        out = hand.outcome()
        charts = hand_charts(hand, ["A", "B"], ["S", "E", "N", "W"], out)
        if not charts:
            continue
        chart = charts[0]
        assert chart.key == "tricks"
        tr = _traces(chart)
        a, b = (float(v) for v in out.totals.values())
        assert (tr["running-0"]["y"][-1], tr["running-1"]["y"][-1]) == (a, b)
        assert tr["running-0"]["text"][-1] == f"{a:g}" and tr["running-1"]["text"][-1] == f"{b:g}"
        assert _title(chart).endswith(f"A {a:g}, B {b:g}")
        pa, pb = tn("plural.points", a), tn("plural.points", b)
        assert t("charts.text.score_totals", a="A", pa=pa, b="B", pb=pb) in chart.text
        _words_match_data(chart)
        d = out.details
        seen.add("capot" if d["capot"] is not None else str(d["result"]))
        seen.update(str(x) for x in tr["points-0"]["x"] if not str(x)[0].isdigit())
    assert {"capot", "dedans", t("charts.step.carried")} <= seen, seen


def _last_point(state: GameState, table: Table) -> tuple[str, tuple[float, float], str]:
    """The first chart's title, last point and words, as the end of a scenario shows them."""
    _, charts = outcome_and_charts(state, table)
    tr = _traces(charts[0])
    return _title(charts[0]), (tr["running-0"]["y"][-1], tr["running-1"]["y"][-1]), charts[0].text


@pytest.mark.parametrize(
    ("sid", "score", "step", "title"),
    [
        ("belote/capot", (250, 0), "capot", "Capot: You & Partner 250, Right & Left 0"),
        (
            "belote/capot-by-the-defence",
            (320, 0),
            "capot",
            "Capot: You & Partner 320, Right & Left 0",
        ),
        ("belote/dedans", (182, 0), "dedans", "Dedans: You & Partner 182, Right & Left 0"),
        ("belote/litige", (0, 81), "litige", "Litige: You & Partner 0, Right & Left 81"),
    ],
)
def test_a_scenario_score_ends_on_the_hand_score(
    sid: str, score: tuple[int, int], step: str, title: str
) -> None:
    """The newcomers' report: the capot's chart stopped at 162 ("Total: you and your
    partner 162 points") where the hand scores 250; the defence's capot showed 162 to 50
    for 320 to 0; the dedans said 87 to 95 for 182 to 0. The step from the card points to
    the score is drawn and named."""
    state, table = _final(sid)
    assert tuple(state.outcome().totals.values()) == score
    said, last, words = _last_point(state, table)
    assert said == title
    assert last == score
    a, b = side_labels(table)
    pa, pb = (tn("plural.points", v) for v in score)
    assert words.endswith(t("charts.text.score_totals", a=a, pa=pa, b=b, pb=pb))
    _, charts = outcome_and_charts(state, table)
    xs = list(_traces(charts[0])["points-0"]["x"])
    assert xs[-1] == t(f"charts.step.{step}")
    from tutorial.scenarios.sides import result_text

    headline = result_text(table, state)
    assert f"{a} {score[0]}" in headline and f"{b} {score[1]}" in headline, headline
