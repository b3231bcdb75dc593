"""How a live class's answers split (pure: no streamlit): :func:`split_chart` draws a bar
per answer given with its count, the best answers marked once revealed, and says the same
in words (no names: the board shows it to the room). The table at a live decision is
``tutorial.pictures.table_data.live_table_data``'s."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import plotly.graph_objects as go

from tutorial.language.i18n import t, tn
from tutorial.pictures.charts import FONT, Chart
from tutorial.pictures.class_charts import plotly_text

#: The split's bars: an answer counted right, any other, before the reveal.
BEST_COLOUR = "#2e7d32"
OTHER_COLOUR = "#c62828"
UNREVEALED_COLOUR = "#1565c0"


def split_chart(
    split: Mapping[str, int],
    labels: Mapping[str, str],
    best: Sequence[str] | None = None,
) -> Chart:
    """How the class answered: one bar per answer given (``split``: answer -> count, the
    most chosen first), labelled in the learner's words (``labels``, else the answer as
    kept); once revealed (``best`` given) the best answers are green and marked ✓, the
    others red; before, every bar is blue. No names: only counts.

    The words say the same: each answer with its count, and which are best.
    """
    answers = list(split)
    revealed = best is not None
    right = set(best or ())

    def shown(a: str) -> str:
        label = labels.get(a, a)
        return f"✓ {label}" if revealed and a in right else label

    names = [plotly_text(shown(a)) for a in answers]
    counts = [split[a] for a in answers]
    colours = [
        (BEST_COLOUR if a in right else OTHER_COLOUR) if revealed else UNREVEALED_COLOUR
        for a in answers
    ]
    fig = go.Figure(
        go.Bar(
            x=counts,
            y=names,
            orientation="h",
            marker={"color": colours},
            text=[str(n) for n in counts],
            textposition="outside",
            hoverinfo="skip",
        )
    )
    most = max(counts, default=0)
    fig.update_layout(
        font={**FONT, "size": 18},
        margin={"l": 10, "r": 40, "t": 10, "b": 30},
        height=80 + 48 * max(1, len(answers)),
        xaxis={"range": [0, most * 1.2 + 1], "dtick": 1 if most <= 10 else None, "title": None},
        yaxis={"autorange": "reversed", "title": None},
        showlegend=False,
        plot_bgcolor="white",
    )
    items = t("svg.list_separator").join(
        tn("live.split_item", split[a], answer=labels.get(a, a)) for a in answers
    )
    total = sum(counts)
    if not answers:
        text = t("live.split_none")
    elif revealed:
        shown_best = t("svg.list_separator").join(labels.get(a, a) for a in best or ())
        text = t(
            "live.split_revealed", total=tn("live.answers", total), items=items, best=shown_best
        )
    else:
        text = t("live.split_open", total=tn("live.answers", total), items=items)
    return Chart("live_split", fig, text)
