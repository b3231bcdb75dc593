"""Plotly pictures of a finished hand, each with a text twin that says the same in words.

:func:`hand_charts` is the one entry point (the pages and the tests use it): from a
finished state it builds

- every game: the whole hand trick by trick (:func:`tricks_chart`), tricks numbered as
  played, points won before the listed tricks in one opening bar, each step's points
  as a bar standing on its side's running total, the running totals as lines on the
  same axis, and the mark the contract is judged by (Tarot target, Belote points
  needed, Briscola 61); Belote's goes on from the contract's figures to the hand's
  score (capot, dedans, litige, declarations, rounding: the engine's score lines);
- each game's own count after the tricks, drawn in its module of
  ``tutorial/pictures/games`` (:class:`ChartPart`): Belote's score of each team by kind
  of points; Tarot's settlement, the amount per defender built up step by step, counted
  for the taker, then the four players' results.

The first chart is the one that ends on the hand's score: the tricks for Belote and
Briscola, whose score is counted in card points, Tarot's settlement (its card points are
the second chart). The numbers in a chart's words are the numbers in its data, signs
included (a test reads both back). Every sentence comes from the catalogue (``[charts]``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import plotly.graph_objects as go

from tutorial.engine.contract import GameState
from tutorial.engine.game_parts import GameParts
from tutorial.engine.outcomes import HandOutcome
from tutorial.language.i18n import font_stack, sentences, t, tn
from tutorial.pictures.hand_story import HandStory, Step, hand_story
from tutorial.scenarios import actions

__all__ = [
    "CHART_PARTS",
    "Chart",
    "ChartPart",
    "as_sentence",
    "figure",
    "hand_charts",
    "number_text",
    "points_text",
    "signed_text",
    "tricks_chart",
]

#: The sides' colours: the learner's side ("You") first on every page, whatever its index
#: (:func:`learner_side_first`), the other side second.
SIDE_COLOURS = ("#1565c0", "#c62828")
LINE_COLOUR = "#1a1a1a"
FONT = {"family": "DejaVu Sans, Arial, sans-serif", "size": 13}


def font() -> dict[str, Any]:
    """The figures' font: :data:`FONT` with the system CJK fonts of the page's language
    after the Latin ones (Chinese titles, axes and legends)."""
    return {**FONT, "family": font_stack(("DejaVu Sans", "Arial"))}


#: Figures are static pictures (no zoom or mode bar): quicker to draw, nothing to fiddle.
CONFIG: dict[str, Any] = {"displayModeBar": False, "staticPlot": True}


@dataclass(frozen=True)
class Chart:
    """One picture and its words. ``key`` names the kind: ``tricks``, ``score``,
    ``settlement``."""

    key: str
    figure: go.Figure
    text: str


def learner_side_first(chart: Chart, learner_side: int | None) -> Chart:
    """The chart with the learner's side in the first colour: the sides' colours swapped
    when the learner is on side 1 (a scenario's South may be), as they are not otherwise."""
    if learner_side != 1:
        return chart
    swap = {SIDE_COLOURS[0]: SIDE_COLOURS[1], SIDE_COLOURS[1]: SIDE_COLOURS[0]}
    fig = go.Figure(chart.figure)
    for trace in fig.data:
        for part in ("marker", "line"):
            style = getattr(trace, part, None)
            colour = getattr(style, "color", None)
            if style is not None and isinstance(colour, str) and colour in swap:
                style.color = swap[colour]
    return Chart(chart.key, fig, chart.text)


def number_text(x: float) -> str:
    """A number as the charts print it: 40, 40.5, -26."""
    return f"{x:g}"


def signed_text(x: float) -> str:
    """A signed number: +26, -78, 0."""
    return f"{x:+g}" if x else "0"


def points_text(x: float) -> str:
    return tn("plural.points", x)


def as_sentence(text: str) -> str:
    return t("charts.sentence", text=text)


def figure(data: list[dict[str, Any]], title: str, height: int, **layout: Any) -> go.Figure:
    """One figure from plain trace dictionaries, with the shared look."""
    base: dict[str, Any] = {
        "title": {"text": title, "x": 0.01, "font": {"size": 15}},
        "height": height,
        "margin": {"l": 50, "r": 20, "t": 50, "b": 40},
        "font": font(),
        "paper_bgcolor": "rgba(0,0,0,0)",
        "plot_bgcolor": "#fbfaf5",
        "legend": {"orientation": "h", "y": -0.18, "yanchor": "top", "x": 0},
        "hovermode": "closest",
        # No Plotly template: 7 kB less per figure to send and to apply (the app's theme
        # and the settings here give the look).
        "template": "none",
        "xaxis": {"showgrid": False},
        "yaxis": {"gridcolor": "#e6e3da", "zerolinecolor": "#9e9e9e"},
    }
    for key, value in layout.items():
        if key in ("xaxis", "yaxis") and isinstance(value, dict):
            base[key] = {**base[key], **value}
        else:
            base[key] = value
    return go.Figure({"data": data, "layout": base})


# --- The whole hand, trick by trick ------------------------------------------------------


def _step_label(step: Step, story: HandStory) -> str:
    if step.kind == "trick":
        return str(step.number)
    if step.kind == "earlier":
        return t("charts.step.earlier", last=step.number)
    keys = {
        "discard": "charts.step.discard",
        "chien": "charts.step.chien",
        "dix_de_der": "charts.step.dix_de_der",
        "declarations": "charts.step.declarations",
        "belote": "charts.step.belote",
        "capot": "charts.step.capot",
        "dedans": "charts.step.dedans",
        "litige": "charts.step.litige",
        "declarations_scored": "charts.step.declarations",
        "belote_scored": "charts.step.belote",
        "rounding": "charts.step.rounding",
        "carried": "charts.step.carried",
    }
    return t(keys[step.kind])


def _tricks_legend(story: HandStory, side: int, label: str) -> str:
    won = tn("plural.tricks", story.tricks_won[side])
    if story.first_trick > 1:
        return t(
            "charts.legend.tricks_listed",
            side=label,
            tricks=won,
            first=story.first_trick,
            last=story.total_tricks,
        )
    return t("charts.legend.tricks", side=label, tricks=won)


@dataclass(frozen=True)
class ChartPart:
    """What a game's charts say of its own hand (``tutorial/pictures/games/<game>.py``
    sets it as ``CHARTS``): the trick chart's mark and result, and the chart of the
    game's own count after the tricks (Belote's score sheet, Tarot's settlement; None
    when the tricks are the whole count)."""

    mark: str  # catalogue key of the mark's name in the legend
    mark_text: str  # catalogue key of the mark in the chart's words
    mark_values: Callable[[HandStory, Sequence[str]], dict[str, str]]
    title: Callable[[HandStory, dict[str, Any], Sequence[str], str], str]
    count_chart: (
        Callable[[HandOutcome, dict[str, Any], Sequence[str], Sequence[str], str], Chart] | None
    )


#: Each game's chart words and count chart, from its module of ``tutorial/pictures/games``.
CHART_PARTS = GameParts("tutorial.pictures.games", ChartPart, "CHARTS")


def _mark_name(story: HandStory, labels: Sequence[str]) -> str:
    """The mark's name in the legend."""
    words = CHART_PARTS.of(story.game)
    return t(words.mark, **words.mark_values(story, labels))


def _mark_text(story: HandStory, labels: Sequence[str]) -> str:
    """The mark in the chart's words."""
    words = CHART_PARTS.of(story.game)
    return t(words.mark_text, **words.mark_values(story, labels))


def _tricks_title(story: HandStory, d: dict[str, Any], labels: Sequence[str], contract: str) -> str:
    """The trick chart's title: the hand's result in the game's words."""
    return CHART_PARTS.of(story.game).title(story, d, labels, contract)


def tricks_chart(
    story: HandStory,
    details: dict[str, Any],
    labels: Sequence[str],
    names: Sequence[str],
    contract: str = "",
) -> Chart:
    """The whole hand step by step: bars on the running totals, the mark as a line."""
    xs = [_step_label(s, story) for s in story.steps]
    before = [(0.0, 0.0), *story.running[:-1]]
    data: list[dict[str, Any]] = []
    for side in (0, 1):
        data.append(
            {
                "type": "bar",
                "meta": f"points-{side}",
                "name": _tricks_legend(story, side, labels[side]),
                "x": xs,
                "y": [s.points[side] for s in story.steps],
                "base": [b[side] for b in before],
                "marker": {"color": SIDE_COLOURS[side]},
                "opacity": 0.5,
                "hovertemplate": "%{x}: %{y:+}<extra>" + labels[side] + "</extra>",
            }
        )
    final = story.totals
    for side in (0, 1):
        run = [r[side] for r in story.running]
        higher = final[side] >= final[1 - side]
        data.append(
            {
                "type": "scatter",
                "meta": f"running-{side}",
                "mode": "lines+markers+text",
                "name": t("charts.legend.running", side=labels[side]),
                "x": xs,
                "y": run,
                "text": ["" for _ in run[:-1]] + [number_text(run[-1])] if run else [],
                "textposition": "top left" if higher else "bottom left",
                "line": {"color": SIDE_COLOURS[side], "width": 2.5},
                "marker": {"size": 6},
                "hovertemplate": "%{x}: %{y}<extra>" + labels[side] + "</extra>",
            }
        )
    if story.line is not None:
        data.append(
            {
                "type": "scatter",
                "meta": "mark",
                "mode": "lines",
                "name": _mark_name(story, labels),
                # drawn over the steps the contract is judged on, not the result's steps
                "x": [xs[0], xs[story.judged_steps - 1]],
                "y": [story.line, story.line],
                "line": {
                    "color": LINE_COLOUR
                    if story.line_side is None
                    else SIDE_COLOURS[story.line_side],
                    "dash": "dash",
                    "width": 1.5,
                },
                "hoverinfo": "name",
            }
        )
    top = max([*(max(r) for r in story.running), story.line or 0.0])
    fig = figure(
        data,
        _tricks_title(story, details, labels, contract),
        380 if len(xs) <= 8 else 410,
        # many steps: their labels turn upright, so the legend goes lower
        margin={"l": 50, "r": 20, "t": 50, "b": 100 if len(xs) <= 8 else 130},
        legend={"orientation": "h", "y": -0.16 if len(xs) <= 8 else -0.3, "yanchor": "top", "x": 0},
        barmode="group",
        bargap=0.25,
        xaxis={"type": "category"},
        yaxis={"title": {"text": t("charts.axis.points")}, "range": [0, top * 1.12 + 1]},
    )
    return Chart("tricks", fig, _tricks_text(story, details, labels, names, contract))


def _tricks_text(
    story: HandStory,
    d: dict[str, Any],
    labels: Sequence[str],
    names: Sequence[str],
    contract: str,
) -> str:
    parts = [as_sentence(_tricks_title(story, d, labels, contract))]
    a, b = labels[0], labels[1]

    def both(points: Sequence[float]) -> dict[str, str]:
        """The two sides and their points, as the messages name them."""
        return {"a": a, "pa": points_text(points[0]), "b": b, "pb": points_text(points[1])}

    for step in story.steps:
        if step.kind in ("discard", "chien", "dix_de_der", "belote"):
            side = 0 if step.points[0] else 1
            key = {
                "discard": "charts.text.discard",
                "chien": "charts.text.chien",
                "dix_de_der": "charts.text.dix_de_der",
                "belote": "charts.text.belote",
            }[step.kind]
            parts.append(t(key, side=labels[side], points=points_text(step.points[side])))
        elif step.kind == "earlier":
            parts.append(
                t(
                    "charts.text.earlier",
                    first=story.first_trick,
                    **both(step.points),
                )
            )
        elif step.kind == "declarations":
            parts.append(
                t(
                    "charts.text.declarations",
                    **both(step.points),
                )
            )
        elif step.kind == "trick" and step.number == story.first_trick:
            parts.append(
                t(
                    "charts.text.tricks",
                    first=story.first_trick,
                    last=story.total_tricks,
                    a=a,
                    na=tn("plural.tricks", story.tricks_won[0]),
                    b=b,
                    nb=tn("plural.tricks", story.tricks_won[1]),
                )
            )
    for step in story.tricks:
        if step.points[0] and step.points[1]:
            parts.append(_excuse_split_text(story, d, step, labels, both(step.points)))
    if story.tricks:
        best = max(story.tricks, key=lambda s: max(s.points))
        if max(best.points) > 0 and best.winner is not None:
            parts.append(
                t(
                    "charts.text.richest",
                    trick=best.number,
                    points=points_text(max(best.points)),
                    seat=names[best.winner],
                )
            )
    if story.score_steps:
        # the figures the contract is judged on, then the steps to the hand's score
        parts.append(t("charts.text.figures", **both(story.figures)))
        if story.line is not None:
            parts.append(_mark_text(story, labels))
        parts += [_score_step_text(step, d, labels) for step in story.score_steps]
    # A story that goes on to the hand's score (Belote's) ends by naming it so.
    totals = "charts.text.totals" if story.judged is None else "charts.text.score_totals"
    parts.append(t(totals, **both(story.totals)))
    if story.line is not None and not story.score_steps:
        parts.append(_mark_text(story, labels))
    return sentences(parts)


def _changes(step: Step, labels: Sequence[str]) -> str:
    """What a step changes, side by side, signed: ``You & Partner +88``."""
    return t("charts.list_separator").join(
        t("charts.text.change", side=labels[side], points=signed_text(step.points[side]))
        for side in (0, 1)
        if step.points[side]
    )


def _score_step_text(step: Step, d: dict[str, Any], labels: Sequence[str]) -> str:
    """A step from the contract's figures to the hand's score, in words (Belote's)."""
    if step.kind in ("belote_scored", "carried"):
        side = 0 if step.points[0] else 1
        key = "charts.text.belote_scored" if step.kind == "belote_scored" else "charts.text.carried"
        return t(key, side=labels[side], points=points_text(step.points[side]))
    if step.kind == "declarations_scored":
        a, b = step.points
        return t(
            "charts.text.declarations_scored",
            a=labels[0],
            pa=points_text(a),
            b=labels[1],
            pb=points_text(b),
        )
    taking = int(d["taking_team"])
    # On a dedans the defence scores every declaration, or by option only its own.
    own = d.get("dedans_declarations", "all") != "all"
    if step.kind == "capot":
        capot = int(d["capot"])
        key = (
            "charts.text.capot"
            if capot == taking
            else "charts.text.capot_defence_own"
            if own
            else "charts.text.capot_defence"
        )
        return t(key, side=labels[capot], changes=_changes(step, labels))
    key = {
        "dedans": "charts.text.dedans_own" if own else "charts.text.dedans",
        "litige": "charts.text.litige",
        "rounding": "charts.text.rounding",
    }[step.kind]
    return t(key, takers=labels[taking], side=labels[1 - taking], changes=_changes(step, labels))


def _excuse_split_text(
    story: HandStory, d: dict[str, Any], step: Step, labels: Sequence[str], both: dict[str, str]
) -> str:
    """A trick whose points went to both sides: the Excuse kept by its side, or, played in
    the last trick, gone to the side that did not win the trick (as the score line says)."""
    if step.number == story.total_tricks and step.winner is not None and "taker" in d:
        winner_side = 0 if step.winner == int(d["taker"]) else 1
        side = labels[1 - winner_side]
        named = {"side_a": both["a"], "pa": both["pa"], "side_b": both["b"], "pb": both["pb"]}
        return t("charts.text.excuse_last", trick=step.number, side=side, **named)
    return t("charts.text.excuse_split", trick=step.number, **both)


# --- All of a hand's charts ---------------------------------------------------------------


def hand_charts(
    state: GameState,
    labels: Sequence[str],
    names: Sequence[str],
    outcome: HandOutcome | None = None,
) -> list[Chart]:
    """The pictures of a finished hand with their words, for any game (the pages' entry).

    ``labels`` name the two sides (:func:`tutorial.scenarios.sides.side_labels`),
    ``names`` the seats. A hand that was not played (a redeal, all passed) has none.
    """
    out = outcome if outcome is not None else state.outcome()
    story = hand_story(state, out)
    if story is None:
        return []
    d: dict[str, Any] = dict(out.details)
    bid = state.contract  # only Tarot names a contract's level
    contract = actions.label(bid) if bid is not None else ""
    tricks = tricks_chart(story, d, labels, names, contract)
    count_chart = CHART_PARTS.of(state.game).count_chart
    if count_chart is None:
        return [tricks]
    count = count_chart(out, d, labels, names, contract)
    # The first picture ends on the hand's score: the tricks when they do (their last
    # point is each side's score), else the game's own count (Tarot's settlement).
    return [tricks, count] if _ends_on_score(story, out) else [count, tricks]


def _ends_on_score(story: HandStory, out: HandOutcome) -> bool:
    """Whether the trick chart's last point is the hand's score of each side."""
    totals = [float(v) for v in out.totals.values()]
    return len(totals) == 2 and tuple(totals) == story.totals
