"""A real browser (Debian's headless chromium) in 繁體中文 and 简体中文.

Home, a lesson, a scenario to its end (an illegal card, a hint, the right card and the
question), a scenario whose end draws the score charts, the Counting trainer and the
Rules page, in each Chinese language at 1280×800 and 390×844; a screenshot of each to
``artifacts/screens/zh-<Hant|Hans>-<laptop|phone>-<page>.png``. On every page: the page's ``lang`` attribute, no card
label split across two lines, and less than 5 % Latin letters in the visible text
outside card codes, links, proper names and the glossary's kept names. Every page is
visited and photographed before the test says what it found (one failure lists them all;
the figures are written to ``artifacts/screens/zh-latin.json``).

Each page is loaded once, in 繁體中文, and looked at in both sizes (the page resized in
between), then switched to 简体中文 in place (the sidebar's choice, a rerun of the same
page) and looked at in both sizes again; a scenario is played at the first size, then
started over and played again at the second (and so again in 简体中文), so that the
table is drawn afresh at each size and in each language. The server and browser
fixtures are those of ``browser_util``.
"""

from __future__ import annotations

import contextlib
import functools
import json
import re
from typing import Any

from browser_util import (
    SHOTS,
    _choose,
    _click,
    _close,
    _context,
    _font_size,
    _goto,
    _open,
    _resize,
    _restart,
    _select,
    _settle,
    _to_top,
    browser,
    pytestmark,
    server,
)
from test_i18n import latin_share

from tutorial.language.i18n import NAMES, catalogue

__all__ = ["browser", "pytestmark", "server"]  # fixtures and marks from browser_util

#: Every text the learner sees: the page, the table component's shadow DOM, the charts.
_VISIBLE_TEXT = """() => {
  const parts = [document.body.innerText];
  for (const e of document.querySelectorAll('*')) {
    if (e.shadowRoot && e.checkVisibility()) {
      for (const c of e.shadowRoot.children) {
        if (c.tagName !== 'STYLE' && c.innerText) parts.push(c.innerText);
      }
    }
  }
  for (const t of document.querySelectorAll('.js-plotly-plot text')) parts.push(t.textContent);
  // Icons are ligatures of their names ("home", "flag"): drawn as pictures, not words.
  const icons = [...document.querySelectorAll('span, i')]
    .filter(e => getComputedStyle(e).fontFamily.includes('Material'))
    .map(e => e.textContent.trim());
  return {text: parts.join('\\n'), icons: icons};
}"""

#: Streamlit's own link for keyboard users, off screen until focused, and the live region
#: its choice boxes keep for screen readers once one was used ("3 options available."):
#: not ours to translate.
STREAMLIT_TEXT = ("Skip to main content",)
STREAMLIT_LIVE = re.compile(r"^\d+ options? available\.$")


def visible_text(page: Any) -> str:
    """The page's visible text, icons' ligature names and Streamlit's own text left out."""
    found = page.evaluate(_VISIBLE_TEXT)
    lines = str(found["text"]).split("\n")
    icons = set(found["icons"])
    kept = [
        ln
        for ln in lines
        if ln.strip() not in icons
        and ln.strip() not in STREAMLIT_TEXT
        and not STREAMLIT_LIVE.match(ln.strip())
    ]
    return "\n".join(kept)


#: Card labels drawn over two lines (the rank on one, the suit on the next), if any.
_SPLIT_CARDS = """() => {
  const re = /(?:10|[2-9AKQJ])[\\u2660\\u2665\\u2666\\u2663]/g;
  const roots = [document];
  for (const e of document.querySelectorAll('*')) if (e.shadowRoot) roots.push(e.shadowRoot);
  const split = [];
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.parentElement && n.parentElement.closest('svg')) continue;
      for (const m of n.data.matchAll(re)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
        if (tops.size > 1) split.push(m[0] + ' in "' + n.data.slice(0, 60) + '"');
      }
    }
  }
  return split;
}"""

VIEWPORTS = ("laptop", "phone")
LANGS = ("zh-Hant", "zh-Hans")


class Visit:
    """What one language at one size found, page by page."""

    def __init__(self, lang: str, viewport: str) -> None:
        self.lang, self.viewport = lang, viewport
        self.found: dict[str, dict[str, Any]] = {}
        self.problems: list[str] = []

    def look(self, page: Any, name: str) -> None:
        """Photograph the page and measure its text (problems are kept, not raised)."""
        _settle(page)
        # The store sets it at the end of the page's run: the page is complete (when it
        # never comes, the problem is said below, after the screenshot).
        with contextlib.suppress(Exception):
            page.wait_for_function(
                f"() => document.documentElement.lang === '{self.lang}'", timeout=30_000
            )
        shot = SHOTS / f"{self.lang}-{self.viewport}-{name}.png"
        page.screenshot(path=str(shot), full_page=True)
        text = visible_text(page)
        share, words = latin_share(text)
        english = [ln[:120] for ln in text.split("\n") if latin_share(ln)[0] > 0.3]
        split = list(page.evaluate(_SPLIT_CARDS))
        html_lang = page.evaluate("document.documentElement.lang")
        self.found[name] = {
            "latin": round(share, 4),
            "words": words[:30],
            "lines": english[:40],
            "split": split,
        }
        if share >= 0.05:
            self.problems.append(f"{name}: {share:.1%} Latin letters: {words[:15]}")
        if split:
            self.problems.append(f"{name}: card labels split over two lines: {split[:5]}")
        if html_lang != self.lang:
            self.problems.append(f"{name}: <html lang={html_lang!r}>")

    def record(self) -> None:
        path = SHOTS / "zh-latin.json"
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            data = {}
        data[f"{self.lang}-{self.viewport}"] = self.found
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1), "utf-8")


def _choice(page: Any, index: int) -> None:
    _choose(page, page.locator(".atout .choices button").nth(index))


def _in_both_sizes(page: Any, visits: dict[str, Visit], name: str, replay: Any = None) -> str:
    """The page looked at in the size it is in, then resized to the other one and looked
    at again, after ``replay()`` when given (the scenario played again, the part looked
    at scrolled into view again). Returns the size the page is left in."""
    first = "phone" if page.viewport_size["width"] < 640 else "laptop"
    second = "laptop" if first == "phone" else "phone"
    visits[first].look(page, name)
    _resize(page, second)
    if replay is not None:
        replay()
    visits[second].look(page, name)
    return second


def _switch_language(page: Any, lang: str) -> None:
    """The sidebar's language choice set to ``lang`` on the page on show (at laptop size,
    where the sidebar is open), the page redrawn in it."""
    if page.viewport_size["width"] < 640:
        _resize(page, "laptop")
    shown = catalogue(str(page.evaluate("document.documentElement.lang")))
    _select(page, page.get_by_role("combobox", name=shown["language.label"]), NAMES[lang])
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'", timeout=30_000)
    _settle(page)


def test_the_tutor_in_chinese(server: str, browser: Any) -> None:
    """Every page in 繁體中文 at both sizes, then switched in place to 简体中文 and looked
    at in both sizes again (the scenarios played again in it)."""
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    cats = {lang: catalogue(lang) for lang in LANGS}
    visits = {lang: {size: Visit(lang, size) for size in VIEWPORTS} for lang in LANGS}
    first_lang = LANGS[0]
    page = _open(browser, f"{server}/?lang={first_lang}", "laptop")

    def each_language(name: str, ready: Any, replay: Any = None, again: Any = None) -> None:
        """The page on show in the first language in both sizes, then in the next ones
        (switched in place; ``again()`` first, then as in ``_in_both_sizes``)."""
        for k, lang in enumerate(LANGS):
            if k:
                _switch_language(page, lang)
                if again is not None:
                    again(cats[lang])
            ready(cats[lang])
            again_here = functools.partial(replay, cats[lang]) if replay else None
            _in_both_sizes(page, visits[lang], name, replay=again_here)

    try:
        each_language(
            "home",
            lambda cat: expect(page.get_by_text(cat["app.nav_home"]).first).to_be_attached(
                timeout=30_000
            ),
        )

        _goto(page, f"{server}/lessons?lesson=belote/01&lang={first_lang}")
        each_language("lesson", lambda cat: None)

        # A scenario to its end: an illegal card, a hint, the right card, the question.
        def illegal() -> None:
            _click(page, "8♥")
            expect(page.locator(".atout .fb.error")).to_be_visible(timeout=30_000)

        def hint(cat: dict[str, str]) -> None:
            page.get_by_role("button", name=cat["play.hint"]).click()
            expect(page.get_by_test_id("stAlertContentInfo").first).to_be_visible(timeout=30_000)

        def end() -> None:
            _click(page, "9♥")
            expect(page.locator(".atout .fb.success")).to_be_visible(timeout=30_000)
            _settle(page)
            _choice(page, 0)  # "You": the seats are listed from the learner's
            expect(page.get_by_text("★★☆").first).to_be_visible(timeout=30_000)

        _goto(page, f"{server}/play?scenario=belote/overruff&lang={first_lang}")
        for k, lang in enumerate(LANGS):
            cat = cats[lang]
            if k:
                _switch_language(page, lang)
            first = "phone" if page.viewport_size["width"] < 640 else "laptop"
            second = "laptop" if first == "phone" else "phone"
            for size in (first, second):
                if size == second:
                    _resize(page, second)
                if size == second or k:
                    _restart(page, cards=8, label=cat["play.restart"])
                illegal()
                visits[lang][size].look(page, "scenario-illegal")
                hint(cat)
                visits[lang][size].look(page, "scenario-hint")
                end()
                visits[lang][size].look(page, "scenario-end")

        # A hand played out: the score charts at its end (after the two counts the
        # scenario asks first: the points still in play, the points needed).
        def charts() -> None:
            for count in ("45", "36"):
                _choose(page, page.locator(".atout .choices button", has_text=count))
                _settle(page)
            _click(page, "7♠")
            expect(page.locator(".atout .fb.success")).to_be_visible(timeout=30_000)
            _settle(page)
            _choose(page, page.locator(".atout .choices button", has_text="87"))
            _settle(page)
            _choice(page, 0)  # the contract is made
            expect(page.get_by_text("★★★").first).to_be_visible(timeout=30_000)
            # The hidden warm-up chart goes once the score is drawn: wait for it, so the
            # chart taken below is the score's, not the one being removed.
            expect(page.locator(".st-key-chart_warm_up")).to_have_count(0, timeout=30_000)
            _settle(page)
            chart = page.locator(".stPlotlyChart .js-plotly-plot").first
            expect(chart).to_be_visible(timeout=60_000)
            chart.scroll_into_view_if_needed()

        def charts_again(cat: dict[str, str]) -> None:
            _restart(page, cards=2, label=cat["play.restart"])
            charts()

        _goto(page, f"{server}/play?scenario=belote/dix-de-der&lang={first_lang}")
        charts()
        each_language("scenario-charts", lambda cat: None, replay=charts_again, again=charts_again)

        _goto(page, f"{server}/trainer?lang={first_lang}")
        each_language(
            "trainer",
            lambda cat: expect(
                page.get_by_role("heading", name=cat["trainer.title"])
            ).to_be_visible(timeout=30_000),
        )

        _goto(page, f"{server}/rules?lang={first_lang}")

        def glossary(cat: dict[str, str]) -> Any:
            return page.get_by_text(cat["glossary.title"]).first

        for k, lang in enumerate(LANGS):
            if k:
                _switch_language(page, lang)
            title = glossary(cats[lang])
            expect(title).to_be_attached(timeout=30_000)
            # the page's top in both sizes, then its glossary in both (back in the first size)
            _to_top(page)
            _in_both_sizes(page, visits[lang], "rules")
            title.scroll_into_view_if_needed()
            _in_both_sizes(
                page, visits[lang], "rules-glossary", replay=title.scroll_into_view_if_needed
            )
    finally:
        for by_size in visits.values():
            for visit in by_size.values():
                visit.record()
        _close(page)
    problems = [
        f"{lang}-{size}: {p}"
        for lang, by_size in visits.items()
        for size, visit in by_size.items()
        for p in visit.problems
    ]
    assert not problems, "\n".join(problems)


def test_presenter_mode_in_chinese_is_readable(server: str, browser: Any) -> None:
    """1920×1080 with presenter mode on: the table's and the page's text at 28 px or more."""
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    cat = catalogue("zh-Hant")
    page = _open(browser, f"{server}/play?scenario=belote/overruff&lang=zh-Hant", "laptop")
    try:
        page.set_viewport_size({"width": 1920, "height": 1080})
        toggle = page.get_by_text(cat["app.presenter"])
        expect(toggle).to_be_visible(timeout=30_000)
        toggle.click()
        expect(page.locator(".atout.big")).to_have_count(1, timeout=30_000)
        page.keyboard.press("Escape")
        # The run presenter mode asked for is over (only its table was awaited): the card
        # is measured and clicked on the page as that run leaves it.
        _settle(page)
        _click(page, "8♥")
        expect(page.locator(".atout .fb.error")).to_be_visible(timeout=30_000)
        _settle(page)
        page.screenshot(path=str(SHOTS / "zh-Hant-presenter-illegal.png"))
        for sel in (".atout .prompt", ".atout .fb", "h1"):
            size = _font_size(page, sel)
            assert size >= 28, (sel, size)
        assert page.evaluate("document.documentElement.lang") == "zh-Hant"
    finally:
        _close(page)


def test_the_browser_language_chooses_first_then_the_choice_is_kept(
    server: str, browser: Any
) -> None:
    """A browser set to Taiwanese Chinese opens the app in 繁體中文 without any ?lang=;
    choosing 简体中文 in the sidebar is kept in the browser: the next visit opens in it."""
    from playwright.sync_api import expect

    context = _context(browser, locale="zh-TW", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        _goto(page, server)
        page.wait_for_function("() => document.documentElement.lang === 'zh-Hant'", timeout=60_000)
        hant, hans = catalogue("zh-Hant"), catalogue("zh-Hans")
        expect(page.get_by_text(hant["app.nav_rules"]).first).to_be_visible(timeout=30_000)
        _select(page, page.get_by_role("combobox", name=hant["language.label"]), "简体中文")
        page.wait_for_function("() => document.documentElement.lang === 'zh-Hans'", timeout=30_000)
        assert "lang=zh-Hans" in page.url
        page.wait_for_function(
            "() => window.localStorage.getItem('atout.language.v1') === 'zh-Hans'", timeout=30_000
        )
        _goto(page, server)  # a new visit, no ?lang=: the kept choice beats the browser's
        page.wait_for_function("() => document.documentElement.lang === 'zh-Hans'", timeout=60_000)
        expect(page.get_by_text(hans["app.nav_rules"]).first).to_be_visible(timeout=30_000)
        page.screenshot(path=str(SHOTS / "zh-Hans-laptop-kept-choice.png"))
        # The Play and Practice pages draw their table in a part of their own (a click
        # reruns it alone), which is where the kept language arrives: the heading and the
        # sidebar follow it as well.
        for address, heading in (
            (f"{server}/practice?deal=2&game=tarot", hans["practice.title"]),
            (f"{server}/play?scenario=belote/overruff", None),
        ):
            _goto(page, address)
            page.wait_for_function(
                "() => document.documentElement.lang === 'zh-Hans'", timeout=60_000
            )
            expect(page.get_by_text(hans["app.nav_rules"]).first).to_be_visible(timeout=30_000)
            h1 = page.locator("h1").first
            if heading is not None:
                expect(h1).to_have_text(heading, timeout=30_000)
            else:
                expect(h1).not_to_have_text("Overtrump the opponent's ruff", timeout=30_000)
                assert latin_share(h1.inner_text())[0] < 0.5, h1.inner_text()
        # A link's language wins over the kept choice, for that visit.
        _goto(page, f"{server}/rules?lang=en")
        page.wait_for_function("() => document.documentElement.lang === 'en'", timeout=60_000)
        expect(page.get_by_role("heading", name="Rules").first).to_be_visible(timeout=30_000)
    finally:
        context.close()
