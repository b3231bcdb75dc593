"""What each bid is worth, as a picture and its words.

From :func:`tutorial.analysis.bid_advice.advise`: one bar per bid, its expected score for
the learner's side over the deals drawn, with an error bar of two standard errors; the
words give the same figures, best first, and how many deals they come from. The numbers
in the words are the bars' values, signs included (a test reads both back).
"""

from __future__ import annotations

from tutorial.analysis.bid_advice import BidAdvice
from tutorial.language.i18n import t, tn
from tutorial.pictures.charts import SIDE_COLOURS, Chart, figure
from tutorial.scenarios import actions

__all__ = ["bid_chart"]


def _num(x: float) -> str:
    """A score as the chart prints it: whole points (+34, -12, 0)."""
    value = round(x)
    return f"{value:+d}" if value else "0"


def bid_chart(advice: BidAdvice) -> Chart:
    """The bids' expected scores, best first, and the sentence that says them."""
    labels = [actions.label(v.action) for v in advice.values]
    means = [round(v.mean) for v in advice.values]
    errors = [round(2 * v.error, 1) for v in advice.values]
    colours = [SIDE_COLOURS[0] if i == 0 else "#90a4ae" for i in range(len(labels))]
    data = [
        {
            "type": "bar",
            "x": labels,
            "y": means,
            "marker": {"color": colours},
            "error_y": {"type": "data", "array": errors, "visible": True, "color": "#455a64"},
            "text": [_num(m) for m in means],
            "textposition": "outside",
            "hovertemplate": "%{x}: %{y}<extra></extra>",
            "showlegend": False,
        }
    ]
    fig = figure(
        data,
        t("bid_advice.title"),
        height=280,
        yaxis={"title": {"text": t("bid_advice.axis")}, "zeroline": True},
    )
    items = t("charts.list_separator").join(
        t("bid_advice.item", bid=label, score=_num(mean))
        for label, mean in zip(labels, means, strict=True)
    )
    text = t(
        "bid_advice.text",
        deals=tn("plural.deals", advice.deals),
        items=items,
        best=labels[0],
    )
    if advice.checked < advice.deals:
        text += " " + t("bid_advice.unchecked", count=advice.deals - advice.checked)
    return Chart("bids", fig, text)
