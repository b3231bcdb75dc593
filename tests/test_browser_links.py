"""A real browser (Debian's headless chromium): a playlist link played through, and a
problem report's code reopening the exact step in a browser profile with nothing stored.

The server and browser fixtures are those of ``browser_util`` (one of each per test
process, shared by every browser test module), and so is the tab (``_open``).
"""

from __future__ import annotations

import re
from typing import Any

from browser_util import SHOTS, _choose, _click, _close, _open, _settle, browser, pytestmark, server

__all__ = ["browser", "pytestmark", "server"]  # fixtures and marks from browser_util


def _answer(page: Any, label: str) -> None:
    _choose(page, page.locator(".atout .choices button", has_text=label).first)


def test_a_playlist_link_plays_two_scenarios_in_order(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    url = f"{server}/play?playlist=briscola/ace-beats-three,belote/overruff&title=Class+set"
    page = _open(browser, url, "laptop")
    try:
        panel = page.locator(".st-key-playlist_panel")
        expect(panel).to_contain_text("Class set", timeout=30_000)
        expect(panel).to_contain_text("0 of 2 done")
        expect(page.locator("h1")).to_have_text("Only the Ace beats a 3")
        _click(page, "A♦")
        expect(page.locator(".atout .prompt")).to_contain_text("How many points", timeout=30_000)
        _answer(page, "21")
        nxt = page.get_by_role("button", name="Next in the playlist")
        expect(nxt).to_be_visible(timeout=30_000)
        expect(panel).to_contain_text("1 of 2 done")
        _settle(page)
        page.screenshot(path=str(SHOTS / "playlist-first-done.png"))
        nxt.click()
        expect(page.locator("h1")).to_have_text("Overtrump the opponent's ruff", timeout=30_000)
        _click(page, "9♥")
        expect(page.locator(".atout .prompt")).to_have_text("Who wins this trick?", timeout=30_000)
        _answer(page, "You")
        expect(page.get_by_text("You have played the whole playlist: Class set.")).to_be_visible(
            timeout=30_000
        )
        expect(panel).to_contain_text("2 of 2 done")
        expect(page.get_by_role("button", name="Next in the playlist")).to_have_count(0)
        _settle(page)
        page.screenshot(path=str(SHOTS / "playlist-finished.png"))
    finally:
        _close(page)


def test_a_report_code_reopens_the_exact_step_in_a_fresh_profile(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    page = _open(browser, f"{server}/play?scenario=belote/seed-000-must-ruff", "laptop")
    try:
        _click(page, "A♦")  # refused: an opponent is winning, you must trump
        refused = page.locator(".atout .fb.error")
        expect(refused).to_contain_text("trump", timeout=30_000)
        seen = refused.inner_text()
        _settle(page)
        page.get_by_text("Report a problem").click()
        box = page.get_by_label("What went wrong?")
        expect(box).to_be_visible(timeout=30_000)
        box.fill("The ace should be allowed.")
        box.press("Control+Enter")
        block = page.locator("[data-testid='stCode']", has_text="Problem report from Atout")
        expect(block).to_contain_text("The ace should be allowed.", timeout=30_000)
        text = block.inner_text()
        assert "step 3 of 5" in text
        m = re.search(r"ATR1\.[A-Za-z0-9_-]+", text)
        assert m, text
        code = m.group(0)
    finally:
        _close(page)

    fresh = _open(browser, f"{server}/play?report={code}", "laptop")
    try:
        expect(fresh.locator("h1")).to_have_text(
            "Trump when you cannot follow suit", timeout=30_000
        )
        expect(fresh.get_by_text("Reopened from a problem report")).to_be_visible(timeout=30_000)
        again = fresh.locator(".atout .fb.error")
        expect(again).to_contain_text("trump", timeout=30_000)
        assert again.inner_text() == seen
        # the same hand, the same trick on the table
        for card in ("9♥", "7♥", "A♦"):
            expect(fresh.get_by_role("button", name=card, exact=True)).to_be_visible()
        expect(fresh).to_have_url(
            re.compile(r"scenario=belote%2Fseed-000-must-ruff|scenario=belote/seed-000-must-ruff")
        )
        _settle(fresh)
        fresh.screenshot(path=str(SHOTS / "report-reopened.png"))
    finally:
        _close(fresh)
