"""A real browser (Debian's headless chromium) checks presenter mode on a projector and
the app on a phone: presenter mode makes the table and its trick cards larger than the
normal page does at 1920×1080, the table picture's labels never overlap, ``?presenter=1``
keeps presenter mode across a reload and a link, "Next lesson" and "Next scenario" open
at the page's top on a phone, and a narrow table never breaks a column's heading inside
a word.

The server, the browser and the tab are those of ``browser_util``.
"""

from __future__ import annotations

import re
from typing import Any

from browser_util import (
    SHOTS,
    Sections,
    _all_cards_in_view,
    _at_rest,
    _choose,
    _click,
    _close,
    _font_size,
    _goto,
    _hand,
    _open,
    _presenter_on,
    _settle,
    _to_top,
    browser,
    pytestmark,
    server,
)

__all__ = ["browser", "pytestmark", "server"]  # fixtures and marks from browser_util

#: The table picture's drawn width and its trick cards' (the narrowest: the winning
#: card's frame makes its box wider).
_SIZES_JS = """() => {
  const host = [...document.querySelectorAll('*')].find(
    (e) => e.shadowRoot && e.shadowRoot.querySelector('.atout'));
  const root = host.shadowRoot.querySelector('.atout');
  const svg = root.querySelector('.felt svg');
  const trick = [...svg.querySelectorAll('.trick-card')].map((e) => e.getBoundingClientRect().width);
  return { table: svg.getBoundingClientRect().width, trick: Math.min(...trick) };
}"""

#: Every pair of the table picture's labels (the plates' names, figures and tags, the
#: trump and contract panel, the captions under the trump card and the stock) whose
#: drawn boxes overlap.
_OVERLAPS_JS = """() => {
  const host = [...document.querySelectorAll('*')].find(
    (e) => e.shadowRoot && e.shadowRoot.querySelector('.atout'));
  const svg = host.shadowRoot.querySelector('.atout .felt svg');
  const texts = [...svg.querySelectorAll(':scope > g.stock > text, g.labels text, g.seat text')];
  const boxes = texts.map((e) => [e.textContent, e.getBoundingClientRect()]).filter(([, r]) => r.width);
  const found = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, r] = boxes[i], [b, s] = boxes[j];
    if (r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1)
      found.push(`${a} / ${b}`);
  }
  return { count: boxes.length, found };
}"""

#: How far the page is scrolled: the window and every element above the main area.
_SCROLLED_JS = """() => {
  let most = window.scrollY;
  const main = document.querySelector('[data-testid="stMain"]');
  for (let n = main; n; n = n.parentElement) most = Math.max(most, n.scrollTop);
  for (const n of main.querySelectorAll('*')) most = Math.max(most, n.scrollTop);
  return most;
}"""

#: Each visible column heading of a table: its text, the room inside it and the drawn
#: width of its longest word (the words of a Chinese heading are the runs between its
#: spaces and brackets).
_HEADINGS_JS = """() => [...document.querySelectorAll(
    '[data-testid=stTable] th, [data-testid=stMarkdownContainer] th')]
  .filter((e) => e.checkVisibility() && e.innerText.trim())
  .map((e) => {
    const p = e.querySelector('p') || e;
    const s = getComputedStyle(p);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const words = e.innerText.split(/[\\s（）()，,、：:]+/).filter(Boolean);
    const longest = Math.max(0, ...words.map((w) => ctx.measureText(w).width));
    const es = getComputedStyle(e);
    const room = e.clientWidth - parseFloat(es.paddingLeft) - parseFloat(es.paddingRight);
    return [e.innerText.trim(), room, longest];
  })"""


def _sizes(page: Any) -> dict[str, float]:
    sizes: dict[str, float] = page.evaluate(_SIZES_JS)
    return sizes


def test_presenter_mode_enlarges_the_table_and_keeps_its_labels_apart(
    server: str, browser: Any
) -> None:
    """At 1920×1080 presenter mode draws the table and its trick cards larger than the
    normal page does ("large cards for a projector"), and on a Briscola table with the
    trump card and the stock no two labels overlap ("TrumpStock 1")."""
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _open(browser, f"{server}/play?scenario=belote/overruff", "laptop")
    try:
        page.set_viewport_size({"width": 1920, "height": 1080})
        expect(_hand(page)).to_have_count(8, timeout=30_000)
        _settle(page)
        normal = _sizes(page)
        _presenter_on(page)
        _settle(page)
        big = _sizes(page)
        page.screenshot(path=str(SHOTS / "presenter-belote-projector.png"))
        assert big["table"] > 1.1 * normal["table"], (normal, big)
        assert big["trick"] > 1.1 * normal["trick"], (normal, big)
        _goto(page, f"{server}/play?scenario=briscola/last-draw-face-up")
        expect(_hand(page)).to_have_count(3, timeout=30_000)
        _presenter_on(page)
        _settle(page)
        page.screenshot(path=str(SHOTS / "presenter-briscola-projector.png"))
        labels = page.evaluate(_OVERLAPS_JS)
        assert labels["count"] >= 6, labels  # the plates' lines and both captions
        assert not labels["found"], labels["found"]
    finally:
        _close(page)


def test_presenter_mode_survives_a_reload_and_a_link(server: str, browser: Any) -> None:
    """Presenter mode switched on is written in the address (``?presenter=1``): a reload
    keeps it, and so does a page opened from the sidebar's links."""
    from playwright.sync_api import expect

    page = _open(browser, f"{server}/play?scenario=belote/overruff", "laptop")
    try:
        page.set_viewport_size({"width": 1920, "height": 1080})
        _presenter_on(page)
        expect(page).to_have_url(re.compile(r"[?&]presenter=1(&|$)"), timeout=30_000)
        page.reload()
        _at_rest(page, timeout=60_000)
        expect(page.locator(".atout.big")).to_have_count(1, timeout=30_000)
        expect(page.get_by_role("switch", name="Presenter mode")).to_be_checked()
        page.get_by_test_id("stSidebarNav").get_by_role("link", name="Lessons").click()
        expect(page).to_have_url(re.compile(r"/lessons\?(.+&)?presenter=1(&|$)"), timeout=30_000)
        _settle(page)
        assert _font_size(page, "h1") >= 48  # the presenter's style sheet
        page.reload()
        _at_rest(page, timeout=60_000)
        assert _font_size(page, "h1") >= 48
    finally:
        _close(page)


def _scrolled(page: Any) -> float:
    most: float = page.evaluate(_SCROLLED_JS)
    return most


def test_next_lesson_and_next_scenario_open_at_their_top_on_a_phone(
    server: str, browser: Any
) -> None:
    """On a phone "Next lesson", at the bottom of a lesson, opens the next lesson at the
    page's top (not at its quiz), and "Next scenario" at the end of a scenario opens the
    next one at the top."""
    from playwright.sync_api import expect

    sections = Sections()
    page = _open(browser, f"{server}/lessons?lesson=belote/03", "phone")
    try:
        with sections.part("Next lesson"):
            button = page.get_by_role("button", name=re.compile(r"^Next lesson"))
            expect(button).to_be_visible(timeout=30_000)
            before = page.url
            button.scroll_into_view_if_needed()
            assert _scrolled(page) > 400
            button.click()
            expect(page).not_to_have_url(before, timeout=30_000)
            _settle(page)
            _settle(page)
            assert _scrolled(page) <= 1, _scrolled(page)
        with sections.part("Next scenario"):
            _goto(page, f"{server}/play?scenario=belote/overruff")
            _click(page, "9♥")
            expect(page.locator(".atout .fb.success")).to_have_count(1, timeout=30_000)
            _settle(page)
            _choose(page, page.locator(".atout .choices button", has_text="You").first)
            title = page.locator("h1").first
            before = title.inner_text()
            nxt = page.get_by_role("button", name="Next scenario")
            expect(nxt).to_be_visible(timeout=30_000)
            _settle(page)
            nxt.scroll_into_view_if_needed()
            assert _scrolled(page) > 200
            nxt.click()
            expect(title).not_to_have_text(before, timeout=30_000)
            _settle(page)
            _settle(page)
            assert _scrolled(page) <= 1, _scrolled(page)
    finally:
        _close(page)
    sections.done()


def test_no_column_heading_is_broken_inside_a_word_on_a_phone(server: str, browser: Any) -> None:
    """390 px wide, in Chinese: the trick history's headings (先出牌, 赢家, 分数...) and a
    lesson's card-value table each keep their words whole (a narrow table broke "先出牌"
    into one character a line)."""
    from playwright.sync_api import expect

    page = _open(browser, f"{server}/play?scenario=belote/overruff&lang=zh-Hans", "phone")
    try:
        _click(page, "9♥")
        expect(page.locator(".atout .fb.success")).to_have_count(1, timeout=30_000)
        _settle(page)
        _choose(page, page.locator(".atout .choices button", has_text="你").first)
        history = page.get_by_test_id("stExpander").filter(has_text="每一墩")
        history.locator("summary").click()
        expect(history.locator("th").first).to_be_visible(timeout=30_000)
        _settle(page)
        _goto_lesson = f"{server}/lessons?lesson=belote/01&lang=zh-Hans"
        found = page.evaluate(_HEADINGS_JS)
        assert len(found) >= 5, found
        broken = [(text, room, word) for text, room, word in found if room < word - 1]
        assert not broken, broken
        _goto(page, _goto_lesson)
        expect(page.locator("[data-testid=stMarkdownContainer] th").first).to_be_visible(
            timeout=30_000
        )
        _settle(page)
        found = page.evaluate(_HEADINGS_JS)
        broken = [(text, room, word) for text, room, word in found if room < word - 1]
        assert not broken, broken
    finally:
        _close(page)


def test_a_scenario_on_a_phone_keeps_the_hand_in_view(server: str, browser: Any) -> None:
    """390×844: the story is above the table, a hint asked for leaves the table and the
    whole hand on the screen (hints above the table pushed the hand to its bottom edge),
    and the sidebar opened to choose another page folds away once it is chosen."""
    from playwright.sync_api import expect

    sections = Sections()
    page = _open(browser, f"{server}/play?scenario=belote/overruff", "phone")
    try:
        expect(_hand(page)).to_have_count(8, timeout=30_000)
        _settle(page)
        with sections.part("the story above the table"):
            story = page.locator(".st-key-play_story").bounding_box()
            felt = page.locator(".atout .felt").bounding_box()
            assert story is not None and felt is not None
            assert story["y"] + story["height"] <= felt["y"] + 1, (story, felt)
        with sections.part("a hint leaves the hand in view"):
            hint = page.get_by_role("button", name="Hint", exact=True)
            for _ in range(2):  # two tiers of hints
                if hint.count():
                    hint.click()
                    _settle(page)
            expect(page.get_by_test_id("stAlertContentInfo").first).to_be_attached()
            _to_top(page)
            page.screenshot(path=str(SHOTS / "phone-overruff-hint.png"))
            _all_cards_in_view(page)
        with sections.part("the sidebar folds once a page is chosen"):
            page.get_by_test_id("stExpandSidebarButton").click()
            sidebar = page.get_by_test_id("stSidebar")
            expect(sidebar).to_be_in_viewport(timeout=30_000)
            page.get_by_test_id("stSidebarNav").get_by_role("link", name="Lessons").click()
            expect(page).to_have_url(re.compile(r"/lessons"), timeout=30_000)
            _settle(page)
            expect(sidebar).not_to_be_in_viewport(timeout=30_000)
    finally:
        _close(page)
    sections.done()
