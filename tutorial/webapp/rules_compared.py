"""The same hand under other rules, at the end of a scenario or a practice hand.

A switch under the score; once on, the chart of :mod:`tutorial.pictures.rules_chart`
with its words beside it. Nothing is computed or drawn while the switch is off, so the
last card's answer costs no more than before.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import streamlit as st

from tutorial.analysis.rule_variants import compare
from tutorial.engine.actions import Action
from tutorial.engine.contract import GameState
from tutorial.engine.errors import TutorialError
from tutorial.language.i18n import t
from tutorial.pictures.charts import CONFIG
from tutorial.pictures.rules_chart import rules_chart
from tutorial.scenarios.position import Table
from tutorial.scenarios.sides import name_seats, side_labels
from tutorial.webapp import common
from tutorial.webapp.score_view import side_namer


def show_other_rules(
    start: GameState, actions: Sequence[Action], end: GameState, table: Table, key_prefix: str
) -> None:
    """The switch, and when it is on the hand from ``start`` with ``actions`` (ending at
    ``end``, a finished state) under every other ruleset of its game."""
    if not end.is_terminal or not actions:
        return
    if not st.toggle(t("variants.heading"), key=f"{key_prefix}_other_rules"):
        return
    try:
        compared = compare(start, actions)
    except TutorialError:  # the actions do not end the hand: nothing to compare
        return
    first = compared[0].replay.outcome
    assert first is not None
    labels = side_labels(dataclasses.replace(table, state=end))  # the sides as they ended
    chart = rules_chart(compared, side_namer(end, first, labels, table.seat_names), table.learner)
    st.caption(t("variants.intro"))
    left, right = st.columns([3, 2], gap="medium")
    with left:
        st.plotly_chart(
            common.chart_figure(chart.figure),
            width="stretch",
            config=CONFIG,
            key=f"{key_prefix}_rules",
        )
    with right:
        st.text(name_seats(chart.text, table.seat_names))
