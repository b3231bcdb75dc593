"""The class view's picture: a heatmap of learners × scenarios, with its words (pure).

:func:`class_heatmap` draws one measure of :class:`tutorial.course.classroom.ClassTable`
(done, stars or wrong tries) as a plotly heatmap, and says the same per learner in
words, as the Score charts do (:class:`tutorial.pictures.charts.Chart`): the numbers in the words
are the numbers in the cells (a test reads both back). Never imports streamlit.
"""

from __future__ import annotations

from typing import Literal

import plotly.graph_objects as go

from tutorial.course.classroom import ClassTable, unique_titles
from tutorial.course.progress import ScenarioRecord
from tutorial.language.i18n import t, tn
from tutorial.pictures.charts import FONT, Chart

Measure = Literal["done", "stars", "mistakes"]
MEASURES: tuple[Measure, ...] = ("done", "stars", "mistakes")
#: Each measure's name, as the page's choice and the chart's title say it.
MEASURE_KEYS: dict[str, str] = {
    "done": "teacher.measure_done",
    "stars": "teacher.measure_stars",
    "mistakes": "teacher.measure_mistakes",
}

_SCALES: dict[str, list[list[float | str]]] = {
    "done": [[0.0, "#eceff1"], [1.0, "#2e7d32"]],
    "stars": [[0.0, "#fff8e1"], [1.0, "#f9a825"]],
    "mistakes": [[0.0, "#fff5f5"], [1.0, "#c62828"]],
}


def cell_value(rec: ScenarioRecord | None, measure: Measure) -> int | None:
    """One cell's number: 1/0 for done, the stars, the wrong tries; None when the
    learner has no record of the scenario (a blank cell).

    >>> cell_value(ScenarioRecord(done=True, stars=2), "stars"), cell_value(None, "done")
    (2, None)
    """
    if rec is None:
        return None
    if measure == "done":
        return int(rec.done)
    if measure == "stars":
        return rec.stars
    return rec.mistakes


def plotly_text(text: str) -> str:
    """``text`` as plotly shows it as it is: plotly reads a few HTML tags in labels and
    hover texts (``<a href>``, ``<span style>``, ``<br>``, ``<b>``...), so a name's ``<``,
    ``>`` and ``&`` go in as entities, which plotly shows as the characters typed.

    >>> plotly_text('<a href="http://x">Bo</a> & Co')
    '&lt;a href="http://x"&gt;Bo&lt;/a&gt; &amp; Co'
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def class_heatmap(table: ClassTable, measure: Measure) -> Chart:
    """The learners × scenarios heatmap of one measure, and its words per learner.

    Rows are learners (in the order their codes were given, first on top), columns the
    scenarios by title; a learner without a record of a scenario has a blank cell. Names
    and titles are drawn as text (:func:`plotly_text`), never as plotly's markup.
    """
    names = [plotly_text(c.learner.name) for c in table.learners]
    titles = [plotly_text(x) for x in unique_titles(table.scenarios)]
    z = [[cell_value(rec, measure) for rec in row] for row in table.cells]
    top = {"done": 1, "stars": 3}.get(measure)
    if top is None:
        top = max([v for row in z for v in row if v is not None], default=0) or 1
    label = t(MEASURE_KEYS[measure])
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=titles,
            y=names,
            zmin=0,
            zmax=top,
            colorscale=_SCALES[measure],
            texttemplate="%{z}",
            hoverongaps=False,
            xgap=2,
            ygap=2,
            showscale=measure != "done",
            colorbar={"title": {"text": label}},
        )
    )
    fig.update_layout(
        title={"text": t("teacher.chart_title", measure=label), "x": 0.01, "font": {"size": 15}},
        height=max(260, 90 + 24 * len(names) + 8 * max((len(x) for x in titles), default=0)),
        margin={"l": 20, "r": 20, "t": 50, "b": 20},
        font=FONT,
        plot_bgcolor="white",
        paper_bgcolor="white",
        yaxis={"autorange": "reversed", "automargin": True},
        xaxis={"side": "bottom", "automargin": True, "tickangle": -30},
    )
    return Chart(f"class_{measure}", fig, _words(table, measure, len(titles)))


def _words(table: ClassTable, measure: Measure, total: int) -> str:
    """Per learner, the row's figure in a sentence (the same numbers as the cells)."""
    if not table.learners:
        return t("teacher.words_none")
    lines: list[str] = []
    for c in table.learners:
        if measure == "done":
            lines.append(tn("teacher.words_done", total, name=c.learner.name, done=c.done))
        elif measure == "stars":
            lines.append(tn("teacher.words_stars", 3 * total, name=c.learner.name, stars=c.stars))
        else:
            tries = tn("plural.wrong_tries", c.mistakes)
            lines.append(t("teacher.words_mistakes", name=c.learner.name, mistakes=tries))
    return "\n".join(lines)


__all__ = ["MEASURES", "MEASURE_KEYS", "Measure", "cell_value", "class_heatmap", "plotly_text"]
