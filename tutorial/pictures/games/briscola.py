"""Briscola's own pictures: the story of a hand (its card points against the 61 to
win), the trick chart's words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutorial.engine import briscola
from tutorial.engine.contract import GameState
from tutorial.engine.outcomes import HandOutcome
from tutorial.language.i18n import t
from tutorial.pictures.charts import (
    ChartPart,
    number_text,
)
from tutorial.pictures.hand_story import (
    HandStory,
    Step,
    StoryPart,
    total_tricks,
    trick_steps,
    with_running,
)
from tutorial.pictures.table_view import TablePart, no_chien, no_contract_text


def _story(state: GameState, d: dict[str, Any]) -> HandStory:
    steps, _, won = trick_steps(state)
    first = total_tricks(state) - len(steps) + 1
    start = [float(v) for v in d["start"].values()]
    head = [Step("earlier", (start[0], start[1]), first - 1)] if first > 1 else []
    all_steps = (*head, *steps)
    return HandStory(
        game="briscola",
        steps=all_steps,
        running=with_running(all_steps),
        line=float(briscola.TARGET),
        line_side=None,
        tricks_won=(won[0], won[1]),
        first_trick=first,
        total_tricks=total_tricks(state),
    )


def _played(state: GameState, out: HandOutcome) -> HandStory:
    """Briscola's story: every hand is played out."""
    return _story(state, dict(out.details))


def _mark(story: HandStory, labels: Sequence[str]) -> dict[str, str]:
    """Briscola's mark: the points that win (61)."""
    assert story.line is not None
    return {"target": number_text(story.line)}


def _title(story: HandStory, d: dict[str, Any], labels: Sequence[str], contract: str) -> str:
    """Briscola's result: a draw, or the side that won and both scores."""
    a, b = story.totals
    if a == b:
        return t("charts.title.briscola_draw", a=number_text(a), b=number_text(b))
    w = 0 if a > b else 1
    return t(
        "charts.title.briscola_win",
        side=labels[w],
        high=number_text(max(a, b)),
        low=number_text(min(a, b)),
    )


def _contract_lines(hand: GameState, names: Sequence[str]) -> list[str]:
    """Briscola's contract: the card turned up for trump."""
    assert isinstance(hand, briscola.BriscolaState)  # Briscola's picture: its own fields
    card = hand.trump_card
    return [t("score.briscola_trump", card=card.label)] if card is not None else []


STORY = StoryPart(_played)
CHARTS = ChartPart("charts.mark.briscola", "charts.text.mark_briscola", _mark, _title, None)
TABLE = TablePart(no_contract_text, no_chien, _contract_lines)
