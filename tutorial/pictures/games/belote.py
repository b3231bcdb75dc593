"""Belote's own pictures: the story of a hand played out (its score sheet's steps),
the trick chart's words, the score chart, the contract on the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutorial.engine import belote
from tutorial.engine.contract import GameState
from tutorial.engine.outcomes import HandOutcome
from tutorial.language.i18n import sentences, t
from tutorial.pictures.charts import (
    Chart,
    ChartPart,
    as_sentence,
    figure,
    number_text,
)
from tutorial.pictures.hand_story import (
    HandStory,
    Step,
    StoryPart,
    half_points,
    to_side,
    total_tricks,
    trick_steps,
    with_running,
)
from tutorial.pictures.table_view import TablePart, no_chien


def _story(state: GameState, out: HandOutcome) -> HandStory:
    d: dict[str, Any] = dict(out.details)
    steps, sums, won = trick_steps(state)
    card = [float(x) for x in d["card_points"]]
    earlier = (card[0] - sums[0], card[1] - sums[1])
    first = total_tricks(state) - len(steps) + 1
    head: list[Step] = []
    if first > 1:
        head.append(Step("earlier", earlier, first - 1))
    tail = [Step("dix_de_der", to_side(int(d["dix_de_der_team"]), belote.DIX_DE_DER))]
    contract = d["contract"]
    counted = contract["basis"] == "total_strict"  # declarations and belote judged too
    if counted:
        decl = [float(x) for x in d["declaration_points"]]
        if any(decl):
            tail.append(Step("declarations", (decl[0], decl[1])))
        if d.get("belote_team") is not None:
            tail.append(Step("belote", to_side(int(d["belote_team"]), belote.BELOTE_POINTS)))
    judged = (*head, *steps, *tail)
    all_steps = (*judged, *_belote_score_steps(state, out, with_running(judged)[-1], counted))
    capot = d.get("capot") is not None
    return HandStory(
        game="belote",
        steps=all_steps,
        running=with_running(all_steps),
        line=None if capot else float(contract["needed"]),
        line_side=None if capot else int(d["taking_team"]),
        tricks_won=(won[0], won[1]),
        first_trick=first,
        total_tricks=total_tricks(state),
        judged=len(judged),
    )


def _belote_score_steps(
    state: GameState, out: HandOutcome, figures: tuple[float, float], counted: bool
) -> list[Step]:
    """From the figures the contract is judged on to the hand's score, as the engine's
    score lines write it: what the result does to the points counted (capot, dedans,
    litige), the declarations and belote when the contract did not count them, the
    rounding, the litige points carried in from an earlier hand."""
    d: dict[str, Any] = dict(out.details)
    keys = [state.score_key(side) for side in (0, 1)]

    def lines(*kinds: str) -> tuple[float, float]:
        got = [
            float(sum(line.points for line in out.lines if line.kind in kinds and line.side == k))
            for k in keys
        ]
        return got[0], got[1]

    carried = (0.0, 0.0)
    if d.get("carried_to") is not None and d.get("carried_in"):
        carried = to_side(int(d["carried_to"]), float(d["carried_in"]))
    # The result's step: every point the contract counted, as the sheet finally writes it.
    kept = lines("card_points", "dix_de_der", "capot", "dedans", "litige")
    kept = (kept[0] - carried[0], kept[1] - carried[1])
    if counted:
        extra = lines("declaration", "belote")
        kept = (kept[0] + extra[0], kept[1] + extra[1])
    result = (half_points(kept[0] - figures[0]), half_points(kept[1] - figures[1]))
    sheet = belote.sheet_result(d)
    kind = sheet if sheet in ("capot", "dedans", "litige") else None
    out_steps: list[Step] = []
    if kind is not None and any(result):
        out_steps.append(Step(kind, result))
    if not counted:
        for step_kind, line_kind in (
            ("declarations_scored", "declaration"),
            ("belote_scored", "belote"),
        ):
            points = lines(line_kind)
            if any(points):
                out_steps.append(Step(step_kind, points))
    rounding = lines("rounding")
    if any(rounding):
        out_steps.append(Step("rounding", rounding))
    if any(carried):
        out_steps.append(Step("carried", carried))
    return out_steps


def _played(state: GameState, out: HandOutcome) -> HandStory | None:
    """Belote's story of a hand played out (none for a redeal)."""
    played = out.details.get("result") in ("made", "dedans", "litige")
    return _story(state, out) if played else None


def _mark(story: HandStory, labels: Sequence[str]) -> dict[str, str]:
    """Belote's mark: the points the taking team needs."""
    assert story.line is not None
    return {"side": labels[story.line_side or 0], "needed": number_text(story.line)}


#: The trick chart's title by the hand's result (``belote.sheet_result``).
_BELOTE_TITLES = {
    "capot": "charts.title.belote_capot",
    "litige": "charts.title.belote_litige",
    "dedans": "charts.title.belote_dedans",
    "made": "charts.title.belote_made",
}


def _title(story: HandStory, d: dict[str, Any], labels: Sequence[str], contract: str) -> str:
    """Belote's result (capot, litige, dedans or the contract made) and the hand's score."""
    key = _BELOTE_TITLES.get(belote.sheet_result(d), "charts.title.belote_made")
    a, b = story.totals
    return t(key, a=labels[0], pa=number_text(a), b=labels[1], pb=number_text(b))


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


def score_chart(outcome: HandOutcome, labels: Sequence[str]) -> Chart:
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
            "text": [number_text(v) for v in totals],
            "textposition": "middle right",
            "showlegend": False,
            "hoverinfo": "skip",
        }
    )
    title = t(
        "charts.title.belote_score",
        a=rows[0],
        pa=number_text(totals[0]),
        b=rows[1],
        pb=number_text(totals[1]),
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
    parts = [as_sentence(title)]
    for i, row in enumerate(rows):
        if per_side[i]:
            items = t("charts.list_separator").join(
                t("charts.text.item", kind=k, points=number_text(v)) for k, v in per_side[i]
            )
            parts.append(
                t("charts.text.belote_side", side=row, items=items, total=number_text(totals[i]))
            )
        else:
            parts.append(t("charts.text.belote_side_nothing", side=row))
    return Chart("score", fig, sentences(parts))


def _count_chart(
    out: HandOutcome, d: dict[str, Any], labels: Sequence[str], names: Sequence[str], contract: str
) -> Chart:
    """Belote's score sheet after the tricks."""
    return score_chart(out, labels)


def _contract_text(state: GameState, names: Sequence[str], asking: bool) -> str:
    """Belote's contract on the table: who took."""
    taker = state.taker
    return "" if taker is None else t("table.taker", name=names[taker])


def _contract_lines(hand: GameState, names: Sequence[str]) -> list[str]:
    """Belote's contract: who took which trump, and the card turned up."""
    taker = hand.taker
    trump = hand.trump_suit
    assert isinstance(hand, belote.BeloteState)  # Belote's picture: its own fields
    proposed = hand.proposed
    if taker is None or trump is None:
        return []
    lines = [t("score.belote_contract", seat=names[taker], suit=trump.symbol)]
    if proposed is not None:
        lines.append(t("score.belote_proposed", card=proposed.label))
    return lines


STORY = StoryPart(_played)
CHARTS = ChartPart("charts.mark.belote", "charts.text.mark_belote", _mark, _title, _count_chart)
TABLE = TablePart(_contract_text, no_chien, _contract_lines)
