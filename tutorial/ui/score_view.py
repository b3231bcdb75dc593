"""Show a finished hand's score: the pictures, their text twins and the score lines."""

from __future__ import annotations

import streamlit as st

from tutorial.charts import figures
from tutorial.engine.core import GameState
from tutorial.i18n import t
from tutorial.scenarios.position import Table
from tutorial.scenarios.sides import name_seats, side_labels


def show_outcome(state: GameState, table: Table, key_prefix: str) -> None:
    """Charts with their words beside them, then the itemised lines."""
    outcome = state.outcome()
    labels = side_labels(table)
    names = table.seat_names
    st.markdown(f"**{name_seats(outcome.result, names)}** · ruleset `{outcome.ruleset}`")
    for i, (fig, text) in enumerate(figures(outcome, labels, names)):
        chart, words = st.columns([3, 2], gap="medium")
        with chart:
            st.plotly_chart(fig, width="stretch", key=f"{key_prefix}_fig_{i}")
        with words:
            if text:
                st.markdown(f"**{t('score.summary')}**")
                st.text(name_seats(text, names))
    side_names = dict(zip(outcome.totals, labels, strict=False)) if state.game != "tarot" else {}
    rows = [
        {
            "line": name_seats(line.label, names),
            "side": side_names.get(line.side, name_seats(line.side, names)),
            "points": line.points,
            "why": name_seats(line.note, names),
        }
        for line in outcome.lines
    ]
    st.markdown(f"**{t('score.lines')}**")
    st.dataframe(rows, hide_index=True, width="stretch", key=f"{key_prefix}_lines")
