"""Plotly pictures of a finished hand, each with a text twin that says the same in words.

:func:`hand_charts` is the one entry point (the pages and the tests use it): from a
finished state it builds

- every game: the whole hand trick by trick (:func:`tricks_chart`), tricks numbered as
  played, points won before the listed tricks in one opening bar, each step's points
  as a bar standing on its side's running total, the running totals as lines on the
  same axis, and the mark the contract is judged by (Tarot target, Belote points
  needed, Briscola 61); Belote's goes on from the contract's figures to the hand's
  score (capot, dedans, litige, declarations, rounding: the engine's score lines);
- Belote: the score of each team by kind of points (:func:`belote_score_chart`);
- Tarot: the settlement (:func:`tarot_settlement_chart`): the amount per defender built
  up step by step, counted for the taker, then the four players' results.

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

from tutorial.engine import belote
from tutorial.engine.contract import GameState
from tutorial.engine.outcomes import HandOutcome
from tutorial.language.i18n import font_stack, sentences, t, tn
from tutorial.pictures.hand_story import HandStory, Step, hand_story
from tutorial.scenarios import actions

__all__ = [
    "Chart",
    "belote_score_chart",
    "figure",
    "hand_charts",
    "tarot_settlement_chart",
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


def _num(x: float) -> str:
    """A number as the charts print it: 40, 40.5, -26."""
    return f"{x:g}"


def _signed(x: float) -> str:
    """A signed number: +26, -78, 0."""
    return f"{x:+g}" if x else "0"


def _pts(x: float) -> str:
    return tn("plural.points", x)


def _sentence(text: str) -> str:
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


def _tarot_mark(story: HandStory, labels: Sequence[str]) -> dict[str, str]:
    """Tarot's mark: the taker's target for the bouts won."""
    assert story.line is not None
    return {"bouts": tn("plural.bouts", story.bouts or 0), "target": _num(story.line)}


def _belote_mark(story: HandStory, labels: Sequence[str]) -> dict[str, str]:
    """Belote's mark: the points the taking team needs."""
    assert story.line is not None
    return {"side": labels[story.line_side or 0], "needed": _num(story.line)}


def _briscola_mark(story: HandStory, labels: Sequence[str]) -> dict[str, str]:
    """Briscola's mark: the points that win (61)."""
    assert story.line is not None
    return {"target": _num(story.line)}


def _tarot_title(story: HandStory, d: dict[str, Any], labels: Sequence[str], contract: str) -> str:
    """Tarot's result: the contract made exactly, made or failed, and by how much."""
    a, _ = story.totals
    diff = float(d["difference"])
    key = (
        "charts.title.tarot_exact"
        if diff == 0
        else "charts.title.tarot_made"
        if diff > 0
        else "charts.title.tarot_failed"
    )
    return t(
        key,
        contract=contract,
        margin=_num(abs(diff)),
        points=_pts(a),
        target=_num(float(d["target"])),
        bouts=tn("plural.bouts", story.bouts or 0),
    )


#: The first chart's title by the hand's result (``belote.sheet_result``).
_BELOTE_TITLES = {
    "capot": "charts.title.belote_capot",
    "litige": "charts.title.belote_litige",
    "dedans": "charts.title.belote_dedans",
    "made": "charts.title.belote_made",
}


def _belote_title(story: HandStory, d: dict[str, Any], labels: Sequence[str], contract: str) -> str:
    """Belote's result (capot, litige, dedans or the contract made) and the hand's score."""
    key = _BELOTE_TITLES.get(belote.sheet_result(d), "charts.title.belote_made")
    a, b = story.totals
    return t(key, a=labels[0], pa=_num(a), b=labels[1], pb=_num(b))


def _briscola_title(
    story: HandStory, d: dict[str, Any], labels: Sequence[str], contract: str
) -> str:
    """Briscola's result: a draw, or the side that won and both scores."""
    a, b = story.totals
    if a == b:
        return t("charts.title.briscola_draw", a=_num(a), b=_num(b))
    w = 0 if a > b else 1
    return t(
        "charts.title.briscola_win",
        side=labels[w],
        high=_num(max(a, b)),
        low=_num(min(a, b)),
    )


@dataclass(frozen=True)
class _GameWords:
    """What the trick chart says of one game's hand: its mark and its result."""

    mark: str  # catalogue key of the mark's name in the legend
    mark_text: str  # catalogue key of the mark in the chart's words
    mark_values: Callable[[HandStory, Sequence[str]], dict[str, str]]
    title: Callable[[HandStory, dict[str, Any], Sequence[str], str], str]


#: Each game's words for the trick chart, by the game's name (one game's picture each).
_GAME_WORDS: dict[str, _GameWords] = {
    "tarot": _GameWords("charts.mark.tarot", "charts.text.mark_tarot", _tarot_mark, _tarot_title),
    "belote": _GameWords(
        "charts.mark.belote", "charts.text.mark_belote", _belote_mark, _belote_title
    ),
    "briscola": _GameWords(
        "charts.mark.briscola", "charts.text.mark_briscola", _briscola_mark, _briscola_title
    ),
}


def _mark_name(story: HandStory, labels: Sequence[str]) -> str:
    """The mark's name in the legend."""
    words = _GAME_WORDS[story.game]
    return t(words.mark, **words.mark_values(story, labels))


def _mark_text(story: HandStory, labels: Sequence[str]) -> str:
    """The mark in the chart's words."""
    words = _GAME_WORDS[story.game]
    return t(words.mark_text, **words.mark_values(story, labels))


def _tricks_title(story: HandStory, d: dict[str, Any], labels: Sequence[str], contract: str) -> str:
    """The trick chart's title: the hand's result in the game's words."""
    return _GAME_WORDS[story.game].title(story, d, labels, contract)


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
                "text": ["" for _ in run[:-1]] + [_num(run[-1])] if run else [],
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
    parts = [_sentence(_tricks_title(story, d, labels, contract))]
    a, b = labels[0], labels[1]

    def both(points: Sequence[float]) -> dict[str, str]:
        """The two sides and their points, as the messages name them."""
        return {"a": a, "pa": _pts(points[0]), "b": b, "pb": _pts(points[1])}

    for step in story.steps:
        if step.kind in ("discard", "chien", "dix_de_der", "belote"):
            side = 0 if step.points[0] else 1
            key = {
                "discard": "charts.text.discard",
                "chien": "charts.text.chien",
                "dix_de_der": "charts.text.dix_de_der",
                "belote": "charts.text.belote",
            }[step.kind]
            parts.append(t(key, side=labels[side], points=_pts(step.points[side])))
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
                    points=_pts(max(best.points)),
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
        t("charts.text.change", side=labels[side], points=_signed(step.points[side]))
        for side in (0, 1)
        if step.points[side]
    )


def _score_step_text(step: Step, d: dict[str, Any], labels: Sequence[str]) -> str:
    """A step from the contract's figures to the hand's score, in words (Belote's)."""
    if step.kind in ("belote_scored", "carried"):
        side = 0 if step.points[0] else 1
        key = "charts.text.belote_scored" if step.kind == "belote_scored" else "charts.text.carried"
        return t(key, side=labels[side], points=_pts(step.points[side]))
    if step.kind == "declarations_scored":
        a, b = step.points
        return t(
            "charts.text.declarations_scored",
            a=labels[0],
            pa=_pts(a),
            b=labels[1],
            pb=_pts(b),
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


# --- Belote: the score by kind ---------------------------------------------------------

_BELOTE_KINDS = (
    ("card_points", "charts.kind.card_points", "#5d4037"),
    ("dix_de_der", "charts.kind.dix_de_der", "#8d6e63"),
    ("declaration", "charts.kind.declaration", "#f9a825"),
    ("belote", "charts.kind.belote", "#6a1b9a"),
    ("capot", "charts.kind.capot", "#2e7d32"),
    ("dedans", "charts.kind.dedans", "#c62828"),
    ("litige", "charts.kind.litige", "#757575"),
    ("rounding", "charts.kind.rounding", "#9e9e9e"),
)


def belote_score_chart(outcome: HandOutcome, labels: Sequence[str]) -> Chart:
    """Each team's score stacked by kind of points, its total at the end of the bar."""
    sides = list(outcome.totals)
    rows = [labels[i] for i in range(len(sides))]
    data: list[dict[str, Any]] = []
    per_side: list[list[tuple[str, float]]] = [[] for _ in sides]
    for kind, key, colour in _BELOTE_KINDS:
        xs = [
            float(
                sum(line.points for line in outcome.lines if line.side == s and line.kind == kind)
            )
            for s in sides
        ]
        if any(xs):
            name = t(key)
            data.append(
                {
                    "type": "bar",
                    "meta": kind,
                    "orientation": "h",
                    "name": name,
                    "x": xs,
                    "y": rows,
                    "marker": {"color": colour},
                    "hovertemplate": "%{y}: %{x}<extra>" + name + "</extra>",
                }
            )
            for i, x in enumerate(xs):
                if x:
                    per_side[i].append((name, x))
    totals = [float(outcome.totals[s]) for s in sides]
    data.append(
        {
            "type": "scatter",
            "meta": "total",
            "mode": "text",
            "name": t("charts.legend.total"),
            "x": [max(v, 0.0) for v in totals],
            "y": rows,
            "text": [_num(v) for v in totals],
            "textposition": "middle right",
            "showlegend": False,
            "hoverinfo": "skip",
        }
    )
    title = t(
        "charts.title.belote_score", a=rows[0], pa=_num(totals[0]), b=rows[1], pb=_num(totals[1])
    )
    top = max([*totals, 1.0])
    fig = figure(
        data,
        title,
        230,
        barmode="relative",
        xaxis={"range": [0, top * 1.15]},
        yaxis={"autorange": "reversed"},
        margin={"l": 140, "r": 20, "t": 50, "b": 40},
        legend={"orientation": "h", "y": -0.25, "yanchor": "top", "x": 0},
    )
    parts = [_sentence(title)]
    for i, row in enumerate(rows):
        if per_side[i]:
            items = t("charts.list_separator").join(
                t("charts.text.item", kind=k, points=_num(v)) for k, v in per_side[i]
            )
            parts.append(t("charts.text.belote_side", side=row, items=items, total=_num(totals[i])))
        else:
            parts.append(t("charts.text.belote_side_nothing", side=row))
    return Chart("score", fig, sentences(parts))


# --- Tarot: the settlement ---------------------------------------------------------------


def tarot_settlement_chart(
    outcome: HandOutcome, names: Sequence[str], taker: int, contract: str
) -> Chart:
    """Per defender, counted for the taker: 25, the difference between the card points and
    the target, the multiplier, the bonuses, then the total; beside it, the four results
    (they add up to 0): the hand's score. ``contract`` names the bid (``Garde``)."""
    d = outcome.details
    diff = abs(float(d["difference"]))
    mult = int(d["multiplier"])
    made = bool(d["made"])
    sign = 1.0 if made else -1.0
    base = float(d["base_signed"])
    per = float(d["per_defender"])
    steps: list[tuple[str, float, str]] = [
        (t("charts.settle.start"), sign * 25, "relative"),
        (
            t(
                "charts.settle.difference",
                points=_num(float(d["points"])),
                target=_num(float(d["target"])),
            ),
            sign * diff,
            "relative",
        ),
        (
            t("charts.settle.multiplier", multiplier=mult),
            sign * (25 + diff) * (mult - 1),
            "relative",
        ),
    ]
    bonuses = [  # (detail, picture label, sentence)
        ("petit_au_bout", "charts.settle.petit_au_bout", "charts.text.settle_petit_au_bout"),
        ("poignee", "charts.settle.poignee", "charts.text.settle_poignee"),
        ("chelem", "charts.settle.chelem", "charts.text.settle_chelem"),
    ]
    extra = [
        (t(label), sentence, float(d.get(k) or 0))
        for k, label, sentence in bonuses
        if float(d.get(k) or 0)
    ]
    if extra:
        steps.append((t("charts.settle.base"), base, "total"))
        steps += [(label, v, "relative") for label, _, v in extra]
    steps.append((t("charts.settle.per_defender"), per, "total"))
    # Each bar is labelled with the running total it reaches, so the labels read as the
    # formula does: 25, then 25 + difference, then (25 + difference) x multiplier.
    reached: list[float] = []
    for _, v, measure in steps:
        reached.append(v if measure == "total" else (reached[-1] if reached else 0.0) + v)
    values = [float(v) for v in outcome.totals.values()]
    seats = [
        t("charts.settle.taker_seat", seat=names[i]) if i == taker else names[i]
        for i in range(len(values))
    ]
    data: list[dict[str, Any]] = [
        {
            "type": "waterfall",
            "meta": "per_defender",
            "name": t("charts.legend.per_defender"),
            "x": [s[0] for s in steps],
            "y": [s[1] for s in steps],
            "measure": [s[2] for s in steps],
            "text": [_signed(r) for r in reached],
            "textposition": "outside",
            "connector": {"line": {"color": "#9e9e9e"}},
            "increasing": {"marker": {"color": "#2e7d32"}},
            "decreasing": {"marker": {"color": "#c62828"}},
            "totals": {"marker": {"color": "#1565c0"}},
        },
        {
            "type": "bar",
            "meta": "results",
            "name": t("charts.legend.results"),
            "x": seats,
            "y": values,
            "text": [_signed(v) for v in values],
            "textposition": "outside",
            "marker": {"color": ["#2e7d32" if v >= 0 else "#c62828" for v in values]},
        },
    ]
    result = t(
        "charts.settle.result_exact"
        if diff == 0
        else "charts.settle.result_made"
        if made
        else "charts.settle.result_failed",
        contract=contract,
        margin=_num(diff),
    )
    title = (
        t("charts.title.settle_paid", result=result, amount=_num(abs(per)))
        if per >= 0
        else t("charts.title.settle_received", result=result, amount=_num(abs(per)))
    )
    span = [0.0]
    running = 0.0
    for _, v, measure in steps:
        running = v if measure == "total" else running + v
        span.append(running)
    span += values
    lo, hi = min(span), max(span)
    pad = (hi - lo) * 0.15 + 5
    fig = figure(
        data,
        title,
        340,
        barmode="overlay",
        showlegend=False,
        xaxis={
            "type": "category",
            "categoryorder": "array",
            "categoryarray": [*(s[0] for s in steps), " ", *seats],
        },
        yaxis={
            "title": {"text": t("charts.axis.settlement")},
            "zeroline": True,
            "zerolinecolor": "#616161",
            "range": [lo - pad, hi + pad],
        },
    )
    key = "charts.text.settle_made" if made else "charts.text.settle_failed"
    parts = [
        _sentence(title),
        t(
            "charts.text.settle_points",
            points=_pts(float(d["points"])),
            target=_num(float(d["target"])),
        ),
        t(key, difference=_num(diff), multiplier=mult, signed=_signed(base)),
    ]
    for _, sentence, v in extra:
        parts.append(t(sentence, points=_signed(v)))
    parts.append(t("charts.text.settle_per_defender", points=_signed(per)))
    results = t("charts.list_separator").join(
        t("charts.text.result_item", seat=s, points=_signed(v))
        for s, v in zip(seats, values, strict=True)
    )
    parts.append(t("charts.text.settle_results", results=results))
    return Chart("settlement", fig, sentences(parts))


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
    count_chart = _COUNT_CHARTS.get(state.game)
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


def _belote_count_chart(
    out: HandOutcome, d: dict[str, Any], labels: Sequence[str], names: Sequence[str], contract: str
) -> Chart:
    """Belote's score sheet after the tricks."""
    return belote_score_chart(out, labels)


def _tarot_count_chart(
    out: HandOutcome, d: dict[str, Any], labels: Sequence[str], names: Sequence[str], contract: str
) -> Chart:
    """Tarot's settlement between the taker and each defender."""
    return tarot_settlement_chart(out, names, int(d["taker"]), contract)


#: The chart of a game's own count after the tricks, by the game's name (Briscola: none).
_COUNT_CHARTS = {"belote": _belote_count_chart, "tarot": _tarot_count_chart}
