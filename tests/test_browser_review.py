"""The review deck in Chromium: a wrong try in a scenario comes back the next (simulated)
day, answered right at the table it is scheduled later, and the deck survives a reload
and an export and import of the progress code.

The day is set with ``?today=YYYY-MM-DD``, honoured because the test server runs with
``ATOUT_TEST_CLOCK=1`` (``browser_util``); each ``page.goto`` is a new app session.
"""

from __future__ import annotations

import re
from typing import Any

from browser_util import (
    SHOTS,
    _card,
    _click,
    _open,
    _settle,
    browser,
    pytestmark,
    server,
)

__all__ = ["browser", "pytestmark", "server"]  # fixtures and marks from browser_util

_STORED = "() => (window.localStorage.getItem('atout.progress.v1') || '').length > 0"


def _deck_line(page: Any, when: str) -> Any:
    """The line of the deck's list for the overruff card (the list opened first)."""
    from playwright.sync_api import expect

    opener = page.get_by_text(re.compile(r"^Your deck: 1 card$"))
    expect(opener).to_be_visible(timeout=30_000)
    opener.click()
    line = page.get_by_text(re.compile(rf"Overtrump the opponent's ruff, step \d+ · {when}"))
    expect(line).to_be_visible(timeout=30_000)
    return line


def test_a_wrong_try_comes_back_the_next_day_and_is_scheduled_later(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _open(browser, f"{server}/play?scenario=belote/overruff&today=2030-03-01", "laptop")
    try:
        # Day 1: one wrong try (refused: you must overtrump), then the right card.
        expect(_card(page, "8♥")).to_be_visible(timeout=30_000)
        _settle(page)
        _click(page, "8♥")
        expect(page.locator(".atout .fb.error")).to_contain_text("trump", timeout=30_000)
        _settle(page)
        _click(page, "9♥")
        page.locator(".atout .choices button", has_text="You").first.click()
        expect(page.get_by_text("★★").first).to_be_visible(timeout=30_000)
        page.wait_for_function(_STORED, timeout=30_000)

        # Still day 1: nothing due yet, the card waits for tomorrow.
        page.goto(f"{server}/review?today=2030-03-01")
        expect(page.get_by_text("Nothing to review today.")).to_be_visible(timeout=30_000)
        _deck_line(page, "in 1 day")

        # Day 2: the card is due, on Home beside Belote and on the Review page.
        page.goto(f"{server}/?today=2030-03-02")
        due_link = page.get_by_role("link", name="Review: 1 due")
        expect(due_link).to_be_visible(timeout=30_000)
        due_link.click()
        expect(page.get_by_text("Last time you tried 8♥.")).to_be_visible(timeout=30_000)
        page.screenshot(path=str(SHOTS / "review-laptop-due.png"))
        page.get_by_role("button", name="Play it at the table").click()

        # At the table, at the step of the mistake: answered right first time.
        expect(page.get_by_text("Review: play this position again.")).to_be_visible(timeout=30_000)
        expect(page.locator("h1")).to_have_text("Overtrump the opponent's ruff")
        expect(_card(page, "9♥")).to_be_visible(timeout=30_000)
        _settle(page)
        _click(page, "9♥")
        expect(page.get_by_text("It comes back in 2 days.")).to_be_visible(timeout=30_000)
        page.screenshot(path=str(SHOTS / "review-laptop-rated.png"))
        page.get_by_role("link", name="Back to Review").click()
        expect(page.get_by_text("Nothing to review today.")).to_be_visible(timeout=30_000)
        page.wait_for_function(_STORED, timeout=30_000)

        # A reload (a new session) keeps the schedule: not due on day 3, due on day 4.
        page.goto(f"{server}/review?today=2030-03-03")
        expect(page.get_by_text("Nothing to review today.")).to_be_visible(timeout=30_000)
        _deck_line(page, "in 1 day")
        page.goto(f"{server}/review?today=2030-03-04")
        expect(page.get_by_role("button", name="Play it at the table")).to_be_visible(
            timeout=30_000
        )

        # The progress code carries the deck.
        page.goto(f"{server}/?today=2030-03-02")
        page.get_by_text("Save or move your progress").click()
        block = page.locator("[data-testid='stCode']", has_text="ATOUT1-")
        expect(block).to_be_visible(timeout=30_000)
        code = block.inner_text().strip()
    finally:
        page.context.close()

    # Another browser (nothing stored): import the code, the card keeps its schedule.
    fresh = _open(browser, f"{server}/?today=2030-03-02", "laptop")
    try:
        expect(fresh.get_by_role("link", name=re.compile("^Review:"))).to_have_count(0)
        fresh.get_by_text("Save or move your progress").click()
        box = fresh.get_by_label("Paste a progress code")
        expect(box).to_be_visible(timeout=30_000)
        box.fill(code)
        box.press("Enter")
        fresh.get_by_role("button", name="Load progress", exact=True).click()
        expect(fresh.get_by_text(re.compile("^Progress merged"))).to_be_visible(timeout=30_000)
        fresh.locator("[data-testid='stSidebarNavLink']", has_text="Review").click()
        expect(fresh.get_by_text("Nothing to review today.")).to_be_visible(timeout=30_000)
        _deck_line(fresh, "in 2 days")
        _settle(fresh)
        fresh.screenshot(path=str(SHOTS / "review-laptop-imported.png"))
    finally:
        fresh.context.close()
