"""Plotly figure builders for the scoring pictures: pure ``data -> go.Figure`` functions.

Each figure has a text twin (``*_text``) that says the same in words, shown beside it
for screen readers and for anyone who prefers reading.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from tutorial.engine.core import HandOutcome
from tutorial.scenarios.sides import name_seats

SIDE_COLOURS = ("#1565c0", "#c62828")
FONT = {"family": "DejaVu Sans, Arial, sans-serif", "size": 14}


def _layout(fig: go.Figure, title: str, height: int = 360) -> go.Figure:
    fig.update_layout(
        title={"text": title, "x": 0.01, "font": {"size": 16}},
        height=height,
        margin={"l": 50, "r": 20, "t": 60, "b": 90},
        font=FONT,
        paper_bgcolor="rgba(0,0,0,0)",
        plot_bgcolor="#fbfaf5",
        legend={"orientation": "h", "y": -0.3, "yanchor": "top"},
    )
    return fig


# --- per trick -----------------------------------------------------------------------


def tricks_figure(
    trick_points: Sequence[float], trick_sides: Sequence[int], side_labels: Sequence[str]
) -> go.Figure:
    """Points of each trick (bar coloured by the side that won it) and running totals."""
    fig = go.Figure()
    xs = list(range(1, len(trick_points) + 1))
    for side, label in enumerate(side_labels[:2]):
        ys = [p if s == side else 0 for p, s in zip(trick_points, trick_sides, strict=True)]
        fig.add_bar(
            x=xs, y=ys, name=f"{label}: trick points", marker_color=SIDE_COLOURS[side], opacity=0.55
        )
    for side, label in enumerate(side_labels[:2]):
        total = 0.0
        run: list[float] = []
        for p, s in zip(trick_points, trick_sides, strict=True):
            total += p if s == side else 0
            run.append(total)
        fig.add_scatter(
            x=xs,
            y=run,
            mode="lines+markers",
            name=f"{label}: running total",
            line={"color": SIDE_COLOURS[side], "width": 3},
            yaxis="y2",
        )
    fig.update_layout(
        barmode="overlay",
        xaxis={"title": "trick", "dtick": 1},
        yaxis={"title": "points in the trick", "rangemode": "tozero"},
        yaxis2={
            "title": "running total",
            "overlaying": "y",
            "side": "right",
            "showgrid": False,
            "rangemode": "tozero",
        },
    )
    return _layout(fig, "Points trick by trick")


def tricks_text(
    trick_points: Sequence[float], trick_sides: Sequence[int], side_labels: Sequence[str]
) -> str:
    """The trick-by-trick picture in words."""
    totals = [0.0, 0.0]
    for p, s in zip(trick_points, trick_sides, strict=True):
        totals[s] += p
    best = max(range(len(trick_points)), key=lambda i: trick_points[i]) if trick_points else None
    parts = [
        f"{side_labels[i]} won {sum(1 for s in trick_sides if s == i)} tricks for {totals[i]:g} points."
        for i in range(2)
    ]
    if best is not None:
        parts.append(f"The richest trick was trick {best + 1}, worth {trick_points[best]:g}.")
    return " ".join(parts)


# --- Belote --------------------------------------------------------------------------

_BELOTE_KINDS = (
    ("card_points", "card points"),
    ("dix_de_der", "dix de der"),
    ("declaration", "declarations"),
    ("belote", "belote"),
    ("capot", "capot"),
    ("dedans", "dedans"),
    ("litige", "litige"),
    ("rounding", "rounding"),
)
_KIND_COLOURS = (
    "#5d4037",
    "#8d6e63",
    "#f9a825",
    "#6a1b9a",
    "#2e7d32",
    "#c62828",
    "#757575",
    "#9e9e9e",
)


def belote_figure(outcome: HandOutcome, side_labels: Sequence[str]) -> go.Figure:
    """Each team's points stacked by line kind, against the contract line."""
    sides = list(outcome.totals)
    fig = go.Figure()
    for (kind, name), colour in zip(_BELOTE_KINDS, _KIND_COLOURS, strict=True):
        xs = [
            sum(line.points for line in outcome.lines if line.side == side and line.kind == kind)
            for side in sides
        ]
        if any(xs):
            fig.add_bar(
                y=list(side_labels[: len(sides)]),
                x=xs,
                name=name,
                orientation="h",
                marker_color=colour,
            )
    d = outcome.details
    contract = d.get("contract") or {}
    needed = contract.get("needed")
    if needed is not None:
        fig.add_vline(
            x=needed,
            line_dash="dash",
            line_color="#1a1a1a",
            annotation_text=f"taker needs {needed}",
            annotation_position="top",
        )
    fig.update_layout(barmode="relative", xaxis={"title": "points"})
    verdict = str(d.get("result", "")).replace("_", " ")
    if d.get("capot"):
        verdict += ", capot"
    return _layout(fig, f"The hand: {verdict}", height=300)


def belote_text(outcome: HandOutcome, side_labels: Sequence[str]) -> str:
    """The Belote score in words."""
    d = outcome.details
    contract = d.get("contract") or {}
    parts = [outcome.result]
    if contract:
        parts.append(
            f"Contract rule: {contract.get('description', '')}. The taking team's figure is "
            f"{contract.get('taker_figure')}, the defence's {contract.get('defence_figure')}."
        )
    for side, label in zip(outcome.totals, side_labels, strict=False):
        bits = [
            f"{line.label} {line.points:g}"
            for line in outcome.lines
            if line.side == side and line.points
        ]
        parts.append(f"{label}: {' + '.join(bits) if bits else '0'} = {outcome.totals[side]:g}.")
    return " ".join(parts)


# --- Tarot ---------------------------------------------------------------------------

TAROT_TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}


def tarot_target_figure(points: float, bouts: int) -> go.Figure:
    """The target for each number of bouts, the taker's bouts marked, and the points made."""
    fig = go.Figure()
    xs = [f"{b} bout{'s' if b != 1 else ''}" for b in TAROT_TARGETS]
    colours = ["#1565c0" if b == bouts else "#b0bec5" for b in TAROT_TARGETS]
    fig.add_bar(
        x=xs,
        y=list(TAROT_TARGETS.values()),
        marker_color=colours,
        name="target",
        text=list(TAROT_TARGETS.values()),
        textposition="outside",
    )
    fig.add_scatter(
        x=[xs[bouts]],
        y=[points],
        mode="markers+text",
        marker={"size": 16, "symbol": "diamond", "color": "#c62828"},
        text=[f"{points:g} made"],
        textposition="middle right",
        name="taker's points",
    )
    fig.update_layout(yaxis={"title": "card points (of 91)", "range": [0, 91]})
    return _layout(fig, "Target by bouts", height=320)


def tarot_waterfall(outcome: HandOutcome) -> go.Figure:
    """The settlement as a waterfall: 25 + difference, × multiplier, bonuses, per defender."""
    d = outcome.details
    diff = abs(float(d.get("difference", 0)))
    mult = int(d.get("multiplier", 1))
    made = bool(d.get("made"))
    sign = 1 if made else -1  # from the taker's side: what each defender pays (+) or gets
    steps: list[tuple[str, float, str]] = [
        ("25", 25.0, "relative"),
        (f"+ difference {diff:g}", diff, "relative"),
        (f"× {mult}", (25 + diff) * (mult - 1), "relative"),
    ]
    for key, label in (
        ("petit_au_bout", "petit au bout"),
        ("poignee", "poignée"),
        ("chelem", "chelem"),
    ):
        v = float(d.get(key) or 0)
        if v:
            steps.append((label, sign * v, "relative"))
    per = float(d.get("per_defender", 0))
    steps.append(("per defender", abs(per), "total"))
    fig = go.Figure(
        go.Waterfall(
            x=[s[0] for s in steps],
            y=[s[1] for s in steps],
            measure=[s[2] for s in steps],
            connector={"line": {"color": "#9e9e9e"}},
            increasing={"marker": {"color": "#2e7d32"}},
            decreasing={"marker": {"color": "#c62828"}},
            totals={"marker": {"color": "#1565c0"}},
            text=[f"{s[1]:+g}" if s[2] == "relative" else f"{s[1]:g}" for s in steps],
            textposition="outside",
        )
    )
    who = "each defender pays the taker" if made else "the taker pays each defender"
    return _layout(fig, f"Settlement: {who}", height=360)


def tarot_results_figure(outcome: HandOutcome, names: Sequence[str]) -> go.Figure:
    """The four players' results (they add up to 0)."""
    keys = list(outcome.totals)
    vals = [float(outcome.totals[k]) for k in keys]
    labels = [name_seats(k, names) for k in keys]
    fig = go.Figure(
        go.Bar(
            x=labels,
            y=vals,
            marker_color=["#2e7d32" if v >= 0 else "#c62828" for v in vals],
            text=[f"{v:+g}" for v in vals],
            textposition="outside",
        )
    )
    fig.update_layout(yaxis={"title": "result", "zeroline": True})
    return _layout(fig, "Results (the four add up to 0)", height=300)


def tarot_text(outcome: HandOutcome, names: Sequence[str]) -> str:
    """The Tarot settlement in words."""
    d = outcome.details
    if not d.get("contract"):
        return outcome.result
    parts = [
        f"{d['contract']} (×{d['multiplier']}): the taker's side made {d['points']:g} points with "
        f"{d['bouts']} bout(s), so the target was {d['target']:g}; difference {d['difference']:+g}: "
        f"{'made' if d['made'] else 'failed'}.",
        f"Base: (25 + {abs(d['difference']):g}) × {d['multiplier']} = {d['base']:g}.",
    ]
    for key, label in (
        ("petit_au_bout", "Petit au bout"),
        ("poignee", "Poignée"),
        ("chelem", "Chelem"),
    ):
        if d.get(key):
            parts.append(f"{label}: {d[key]:+g}.")
    res = ", ".join(f"{name_seats(k, names)} {v:+g}" for k, v in outcome.totals.items())
    parts.append(f"Each defender: {d['per_defender']:+g}. Results: {res}.")
    return " ".join(parts)


# --- Briscola ------------------------------------------------------------------------


def briscola_figure(outcome: HandOutcome, side_labels: Sequence[str]) -> go.Figure:
    """The 120 points split between the sides, against the 61 line."""
    fig = go.Figure()
    for i, side in enumerate(outcome.totals):
        v = float(outcome.totals[side])
        fig.add_bar(
            y=["120 points"],
            x=[v],
            name=f"{side_labels[i]}: {v:g}",
            orientation="h",
            marker_color=SIDE_COLOURS[i],
            text=[f"{v:g}"],
            textposition="inside",
        )
    fig.add_vline(x=61, line_dash="dash", line_color="#1a1a1a", annotation_text="61 wins")
    fig.update_layout(barmode="stack", xaxis={"range": [0, 120], "title": "card points"})
    return _layout(fig, outcome.result, height=220)


def briscola_text(outcome: HandOutcome, side_labels: Sequence[str]) -> str:
    """The Briscola result in words."""
    vals = [f"{side_labels[i]} {float(v):g}" for i, v in enumerate(outcome.totals.values())]
    return f"{outcome.result}. Points: {', '.join(vals)} (120 in all; 61 or more wins, 60-60 is a draw)."


def figures(
    outcome: HandOutcome, side_labels: Sequence[str], names: Sequence[str]
) -> list[tuple[go.Figure, str]]:
    """The pictures of a finished hand with their text twins, for any game."""
    d: dict[str, Any] = dict(outcome.details)
    out: list[tuple[go.Figure, str]] = []
    pts = [float(p) for p in d.get("trick_points", ())]
    winners = list(d.get("trick_winners", ()))
    if outcome.game == "belote":
        out.append((belote_figure(outcome, side_labels), belote_text(outcome, side_labels)))
        sides = [w % 2 for w in winners]
    elif outcome.game == "tarot":
        if not d.get("contract"):
            return [(go.Figure(), outcome.result)]
        out.append(
            (tarot_target_figure(float(d["points"]), int(d["bouts"])), tarot_text(outcome, names))
        )
        out.append((tarot_waterfall(outcome), ""))
        out.append((tarot_results_figure(outcome, names), ""))
        taker = int(d["taker"])
        sides = [0 if w == taker else 1 for w in winners]
    else:
        out.append((briscola_figure(outcome, side_labels), briscola_text(outcome, side_labels)))
        n = int(d.get("players", 2))
        sides = [(w if isinstance(w, int) else 0) % 2 for w in winners] if n else []
    if pts and len(pts) == len(sides):
        out.append((tricks_figure(pts, sides, side_labels), tricks_text(pts, sides, side_labels)))
    return out
