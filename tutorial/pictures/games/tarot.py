"""Tarot's own pictures: the story of a hand played out (its card points; the
settlement is a chart of its own), the trick chart's words, the settlement chart, the
contract on the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutorial.engine import tarot
from tutorial.engine.cards import EXCUSE, Card
from tutorial.engine.contract import GameState
from tutorial.engine.outcomes import HandOutcome
from tutorial.language.i18n import sentences, t, tn
from tutorial.pictures.charts import (
    Chart,
    ChartPart,
    as_sentence,
    figure,
    number_text,
    points_text,
    signed_text,
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
from tutorial.pictures.table_view import TablePart, cards_text
from tutorial.scenarios import actions


def _story(state: GameState, d: dict[str, Any]) -> HandStory:
    """The Tarot hand step by step: its card points (the settlement is a chart of its own)."""
    assert isinstance(state, tarot.TarotState)  # the Tarot picture: its own fields
    steps, sums, won = trick_steps(state)
    first = total_tricks(state) - len(steps) + 1
    before = [state.carried[i] + tarot.points_of(state.captured[i]) for i in (0, 1)]
    aside_pts = tarot.points_of(state.set_aside)
    aside = to_side(state.set_aside_team, aside_pts) if state.set_aside else None
    # The Excuse may stay with its owner's side (half a point coming back in exchange),
    # so a trick's own points may leave it out: what each side misses was won in the
    # trick the Excuse was played in.
    want = (float(d["points"]), float(d["defence_points"]))
    missing = [
        half_points(want[i] - before[i] - sums[i] - (aside[i] if aside else 0.0)) for i in (0, 1)
    ]
    if any(missing):
        for k, s in enumerate(steps):
            if s.number is not None and _has_excuse(state, s.number - first):
                pts = (half_points(s.points[0] + missing[0]), half_points(s.points[1] + missing[1]))
                steps[k] = Step("trick", pts, s.number, s.winner)
                break
    head: list[Step] = []
    tail: list[Step] = []
    if aside is not None:
        (head if state.chien_shown else tail).append(
            Step("discard" if state.chien_shown else "chien", aside)
        )
    if first > 1:
        head.append(Step("earlier", (before[0], before[1]), first - 1))
    all_steps = (*head, *steps, *tail)
    return HandStory(
        game="tarot",
        steps=all_steps,
        running=with_running(all_steps),
        line=float(d["target"]),
        line_side=tarot.TAKER_TEAM,
        tricks_won=(won[0], won[1]),
        first_trick=first,
        total_tricks=total_tricks(state),
        bouts=int(d["bouts"]),
    )


def _has_excuse(state: GameState, i: int) -> bool:
    return 0 <= i < len(state.tricks) and EXCUSE in state.tricks[i].cards


def _played(state: GameState, out: HandOutcome) -> HandStory | None:
    """Tarot's story of a hand played out (none when all passed)."""
    d: dict[str, Any] = dict(out.details)
    return _story(state, d) if d.get("contract") else None


def _mark(story: HandStory, labels: Sequence[str]) -> dict[str, str]:
    """Tarot's mark: the taker's target for the bouts won."""
    assert story.line is not None
    return {"bouts": tn("plural.bouts", story.bouts or 0), "target": number_text(story.line)}


def _title(story: HandStory, d: dict[str, Any], labels: Sequence[str], contract: str) -> str:
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
        margin=number_text(abs(diff)),
        points=points_text(a),
        target=number_text(float(d["target"])),
        bouts=tn("plural.bouts", story.bouts or 0),
    )


# --- Tarot: the settlement ---------------------------------------------------------------


def settlement_chart(
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
                points=number_text(float(d["points"])),
                target=number_text(float(d["target"])),
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
            "text": [signed_text(r) for r in reached],
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
            "text": [signed_text(v) for v in values],
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
        margin=number_text(diff),
    )
    title = (
        t("charts.title.settle_paid", result=result, amount=number_text(abs(per)))
        if per >= 0
        else t("charts.title.settle_received", result=result, amount=number_text(abs(per)))
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
        as_sentence(title),
        t(
            "charts.text.settle_points",
            points=points_text(float(d["points"])),
            target=number_text(float(d["target"])),
        ),
        t(key, difference=number_text(diff), multiplier=mult, signed=signed_text(base)),
    ]
    for _, sentence, v in extra:
        parts.append(t(sentence, points=signed_text(v)))
    parts.append(t("charts.text.settle_per_defender", points=signed_text(per)))
    results = t("charts.list_separator").join(
        t("charts.text.result_item", seat=s, points=signed_text(v))
        for s, v in zip(seats, values, strict=True)
    )
    parts.append(t("charts.text.settle_results", results=results))
    return Chart("settlement", fig, sentences(parts))


def _count_chart(
    out: HandOutcome, d: dict[str, Any], labels: Sequence[str], names: Sequence[str], contract: str
) -> Chart:
    """Tarot's settlement between the taker and each defender."""
    return settlement_chart(out, names, int(d["taker"]), contract)


def _contract_text(state: GameState, names: Sequence[str], asking: bool) -> str:
    """Tarot's contract on the table: the bid and its multiplier, and who took (while a
    question waits, without the multiplier: the question may ask it)."""
    taker = state.taker
    if taker is None:
        return ""
    contract = state.contract
    if not isinstance(contract, tarot.Bid):  # none named yet
        return t("table.taker", name=names[taker])
    label, mult = contract.label, contract.multiplier
    if mult and asking:
        return t("table.contract_plain", contract=label, name=names[taker])
    if mult:
        return t("table.contract", contract=label, mult=mult, name=names[taker])
    return t("table.taker", name=names[taker])


def _face_up_chien(state: GameState, learner: int) -> list[Card]:
    """The chien of a Prise or a Garde, turned face up for every seat: while the taker
    discards, and for a defender until the first trick is over (the defender has not
    seen the table since the bidding)."""
    assert isinstance(state, tarot.TarotState)  # Tarot's picture: its own fields
    if not state.chien_turned_up:
        return []
    if state.phase != "discard":
        defender = learner != state.taker
        if not defender or state.is_terminal or state.trick_number != 1:
            return []
    return list(state.chien_turned_up)


def _contract_lines(hand: GameState, names: Sequence[str]) -> list[str]:
    """Tarot's contract: the taker's bid, the chien, the taker's discard."""
    taker = hand.taker
    contract = hand.contract
    if taker is None or contract is None:
        return []
    lines = [t("score.tarot_contract", seat=names[taker], contract=actions.label(contract))]
    assert isinstance(hand, tarot.TarotState)  # Tarot's picture: its own fields
    chien = hand.chien
    if chien:
        lines.append(t("score.tarot_chien", cards=cards_text(chien)))
    discard = hand.discard
    if discard:
        lines.append(t("score.tarot_discard", seat=names[taker], cards=cards_text(discard)))
    return lines


STORY = StoryPart(_played)
CHARTS = ChartPart("charts.mark.tarot", "charts.text.mark_tarot", _mark, _title, _count_chart)
TABLE = TablePart(_contract_text, _face_up_chien, _contract_lines)
