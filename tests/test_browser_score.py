"""A real browser (Debian's headless chromium): the first score picture is the hand's score.

A newcomer's report: at the end of a capot the first chart stopped at 162 ("Total: you
and your partner 162 points") where the hand scores 250, the answer the page had just
accepted; a capot by the defence showed 162 to 50 for 320 to 0; a dedans said 87 to 95,
its 182 to 0 only on the second tab. Each scenario is opened at its end (its last step in
the address) on a phone and on a projector: the page's headline, the first chart's title
and its words end on the hand's score, and the step from the card points to it is drawn.
The server and browser fixtures are those of ``browser_util``.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_util import _close, _open, browser, pytestmark, server

__all__ = ["browser", "pytestmark", "server"]  # fixtures and marks from browser_util

#: scenario, its steps (opened at the end), the first chart's title, the step it ends on.
ENDS = [
    ("belote/capot", 8, "Capot: You & Partner 250, Right & Left 0", "capot"),
    ("belote/capot-by-the-defence", 8, "Capot: You & Partner 320, Right & Left 0", "capot"),
    ("belote/dedans", 10, "Dedans: You & Partner 182, Right & Left 0", "dedans"),
    ("belote/litige", 9, "Litige: You & Partner 0, Right & Left 81", "litige"),
]


@pytest.mark.parametrize("viewport", ["phone", "projector"])
def test_the_first_score_picture_ends_on_the_hand_score(
    server: str, browser: Any, viewport: str
) -> None:
    from playwright.sync_api import expect

    page = _open(browser, f"{server}/play?scenario={ENDS[0][0]}&step={ENDS[0][1] + 1}", viewport)
    try:
        for k, (sid, steps, title, step) in enumerate(ENDS):
            if k:
                page.goto(f"{server}/play?scenario={sid}&step={steps + 1}")
            chart = page.locator(".stPlotlyChart .js-plotly-plot").first
            expect(chart).to_be_visible(timeout=60_000)
            chart.scroll_into_view_if_needed()
            expect(chart.locator(".gtitle")).to_have_text(title, timeout=30_000)
            score = title.split(": ", 1)[1]  # "You & Partner 250, Right & Left 0"
            # the headline above the chart says the same score
            body = page.locator("[data-testid='stMainBlockContainer']").inner_text()
            a, b = score.split(", ")
            assert a in body and b in body, (sid, body[:2000])
            # the step from the card points to the score is on the chart's axis
            ticks = chart.locator(".xtick text").evaluate_all("ts => ts.map(t => t.textContent)")
            assert ticks and ticks[-1] == step, (sid, ticks)
            # and the words beside it end on the score
            words = page.locator("[data-testid='stText']", has_text=title.split(":")[0]).first
            words = words.inner_text()
            assert words.rstrip().endswith(f"The hand's score: {_points(score)}."), (sid, words)
    finally:
        _close(page)


def _points(score: str) -> str:
    """``You & Partner 250, Right & Left 0`` as the words say it, with "points"."""
    parts = []
    for part in score.split(", "):
        side, n = part.rsplit(" ", 1)
        parts.append(f"{side} {n} {'point' if n == '1' else 'points'}")
    return ", ".join(parts)
