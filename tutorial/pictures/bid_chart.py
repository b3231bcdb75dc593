"""What each bid is worth, as a picture and its words.

From :func:`tutorial.analysis.bid_advice.advise`: one bar per bid, its expected score for
the learner's side over the deals drawn, with an error bar of two standard errors; the
words give the same figures, best first, and how many deals they come from. The numbers
in the words are the bars' values, signs included (a test reads both back).
"""

from __future__ import annotations

from tutorial.analysis.bid_advice import BidAdvice, DiscardAdvice
from tutorial.engine.cards import describe_cards
from tutorial.language.i18n import t, tn
from tutorial.pictures.charts import SIDE_COLOURS, Chart, figure
from tutorial.scenarios import actions

__all__ = ["bid_chart", "discard_chart"]


def _num(x: float) -> str:
    """A score as the chart prints it: whole points (+34, -12, 0)."""
    value = round(x)
    return f"{value:+d}" if value else "0"


def _bars(labels: list[str], means: list[int], errors: list[float], title: str) -> Chart:
    """The bar figure shared by bids and discards (the best first, in the side's colour)."""
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
        data, title, height=280, yaxis={"title": {"text": t("bid_advice.axis")}, "zeroline": True}
    )
    return Chart("bars", fig, "")


def bid_chart(advice: BidAdvice) -> Chart:
    """The bids' expected scores, best first, and the sentence that says them."""
    labels = [actions.label(v.action) for v in advice.values]
    means = [round(v.mean) for v in advice.values]
    errors = [round(2 * v.error, 1) for v in advice.values]
    fig = _bars(labels, means, errors, t("bid_advice.title")).figure
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


#: The words for each kind of discard weighed.
_KIND_KEYS = {
    "yours": "discard_advice.kind.yours",
    "computer": "discard_advice.kind.computer",
    "shortest": "discard_advice.kind.shortest",
    "lowest": "discard_advice.kind.lowest",
}


def discard_chart(advice: DiscardAdvice) -> Chart:
    """The discards weighed (the learner's, the computer's, two habits), best first, with
    the six cards of each in the words."""
    labels = [t(_KIND_KEYS[v.kind]) for v in advice.values]
    means = [round(v.mean) for v in advice.values]
    errors = [round(2 * v.error, 1) for v in advice.values]
    fig = _bars(labels, means, errors, t("discard_advice.title")).figure
    items = t("charts.list_separator").join(
        t("discard_advice.item", kind=label, cards=describe_cards(v.cards), score=_num(mean))
        for label, v, mean in zip(labels, advice.values, means, strict=True)
    )
    deals = tn("plural.deals", advice.values[0].deals)
    text = t("discard_advice.text", deals=deals, items=items, best=labels[0])
    if advice.chosen is not None and advice.chosen is not advice.best:
        gap = round(advice.best.mean) - round(advice.chosen.mean)
        text += " " + t("discard_advice.yours_behind", points=gap, best=labels[0])
    return Chart("discards", fig, text)
