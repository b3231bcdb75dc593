"""Show a finished hand's score: the pictures, their text twins and the score lines.

The pictures are built once per final state and language (a small cache keyed on the
state object), so reruns after the last card only send them again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from tutorial.engine.contract import GameState
from tutorial.engine.errors import InvalidStateError
from tutorial.engine.outcomes import HandOutcome
from tutorial.engine.ruleset_titles import ruleset_title
from tutorial.language.i18n import language, t
from tutorial.pictures.charts import CONFIG, Chart, hand_charts, learner_side_first
from tutorial.scenarios.position import Table
from tutorial.scenarios.sides import name_seats, result_text, side_labels
from tutorial.webapp import common

_CACHE: OrderedDict[tuple[int, str, tuple[str, ...]], tuple[GameState, HandOutcome, list[Chart]]]
_CACHE = OrderedDict()
_CACHE_SIZE = 32
_LOCK = threading.Lock()


def outcome_and_charts(state: GameState, table: Table) -> tuple[HandOutcome, list[Chart]]:
    """The outcome and the charts of a finished state, built once per state and language."""
    labels = side_labels(table)
    key = (id(state), language(), (*labels, *table.seat_names, str(table.learner)))
    with _LOCK:
        hit = _CACHE.get(key)
        if hit is not None and hit[0] is state:
            _CACHE.move_to_end(key)
            return hit[1], hit[2]
    outcome = state.outcome()
    try:
        mine: int | None = state.team_of(table.learner)
    except InvalidStateError:  # no sides: nobody took (Tarot)
        mine = None
    # "You" in one colour on every page (a scenario's learner may sit on side 1).
    charts = [
        learner_side_first(c, mine) for c in hand_charts(state, labels, table.seat_names, outcome)
    ]
    with _LOCK:
        _CACHE[key] = (state, outcome, charts)  # the state is kept: its id stays unique
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return outcome, charts


def show_outcome(
    state: GameState, table: Table, key_prefix: str, *, every_chart: bool = False
) -> None:
    """Charts with their words beside them, then the itemised lines.

    At the end of a scenario or a practice hand one chart is drawn at a time, the others a
    switch away (drawing a second plotly chart was most of the last click's time); the
    Score explainer, whose page the count is, passes ``every_chart`` and draws them all.
    """
    outcome, charts = outcome_and_charts(state, table)
    names = table.seat_names
    labels = side_labels(table)
    rules = ruleset_title(state.game, outcome.ruleset)
    st.markdown(f"**{_escape(result_text(table, state))}** · {_escape(rules)}")
    shown = charts if every_chart else chosen_charts(charts, key_prefix)
    for chart in shown:
        left, right = st.columns([3, 2], gap="medium")
        with left:
            st.plotly_chart(
                common.chart_figure(chart.figure),
                width="stretch",
                config=CONFIG,
                key=f"{key_prefix}_fig_{chart.key}",
            )
        with right:
            st.markdown(f"**{t('score.summary')}**")
            st.text(chart.text)
    side_name = side_namer(state, outcome, labels, names)
    rows: list[dict[str, Any]] = [
        {
            t("score.col_line"): name_seats(line.label, names),
            t("score.col_side"): side_name(line.side),
            # a step of the count (Tarot's target, a result) moves no points: no figure
            t("score.col_points"): points_text(line.points) if line.counted else "",
            t("score.col_why"): name_seats(line.note, names),
        }
        for line in outcome.lines
    ]
    if not rows:  # nothing scored (Belote's redeal): no table, whose placeholder is English
        return
    st.markdown(f"**{t('score.lines')}**")
    st.table(rows)  # a plain table: light to draw (the data grid cost the last click)


#: The name of each kind of chart on the switch (``Chart.key`` to its message).
CHART_NAMES = {
    "tricks": "score.chart_tricks",
    "score": "score.chart_score",
    "settlement": "score.chart_settlement",
}


def chosen_charts(charts: Sequence[Chart], key_prefix: str) -> list[Chart]:
    """The chart the learner chose to see (the first until they choose another)."""
    if len(charts) < 2:
        return list(charts)
    by_key = {chart.key: chart for chart in charts}
    choice = st.segmented_control(
        t("score.chart_choice"),
        list(by_key),
        default=charts[0].key,
        format_func=lambda key: t(CHART_NAMES.get(key, "score.summary")),
        key=f"{key_prefix}_chart_choice",
        label_visibility="collapsed",
    )
    return [by_key.get(str(choice), charts[0])]


def side_namer(
    state: GameState, outcome: HandOutcome, labels: Sequence[str], names: Sequence[str]
) -> Callable[[str], str]:
    """How the score names a side of ``outcome``: a team by its label (in the totals'
    order), a seat's own score (Tarot) by the seat's name."""
    by_side = dict(zip(outcome.totals, labels, strict=False)) if not state.scores_by_seat else {}
    return lambda side: by_side.get(side, name_seats(side, names))


def points_text(value: float) -> str:
    """A score line's points as a learner reads them: ``-384``, ``40.5``, never ``0.0000``.

    >>> points_text(-384.0), points_text(40.5), points_text(0)
    ('-384', '40.5', '0')
    """
    number = float(value)
    if number.is_integer():
        return str(int(number))
    return f"{number:.2f}".rstrip("0")


def _escape(text: str) -> str:
    """Text shown through markdown without its markup characters acting."""
    for ch in "\\*_`[]#<>|~":
        text = text.replace(ch, "\\" + ch)
    return text
