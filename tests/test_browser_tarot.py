"""A real browser (Debian's headless chromium) follows French Tarot as a newcomer does.

- The Petit sec and the Garde contre settlement scenarios, in English and in 繁體中文:
  at every question the outcome (the result's sentence, the score panel's heading) is
  nowhere in the page's visible text; after the last answer it is.
- Nothing cut off on a phone (lesson 1, the discard scenario with its hand in rows) nor on
  a projector in presenter mode (a scenario's end with its "Back to the lesson" link, the
  discard): the page no wider than the screen, no text clipped, every card of the hand
  on the screen, the table picture at least its floor wide.

Screenshots go to ``artifacts/screens/tarot-*.png``. The server and the browser are
those of ``browser_util`` (one of each per test process).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_util import (
    SHOTS,
    VIEWPORTS,
    Sections,
    _card,
    _choose,
    _click,
    _close,
    _cut_off,
    _frames,
    _goto,
    _hand,
    _in_view,
    _open,
    _presenter_on,
    _settle,
    _table_picture_width,
    _to_top,
    _visible_text,
    browser,
    pytestmark,
    server,
)

from tutorial.course.library import in_language, load_library
from tutorial.language.i18n import speaking, t
from tutorial.scenarios.checker import Checked
from tutorial.scenarios.model import AskStep
from tutorial.scenarios.runtime import start
from tutorial.scenarios.sides import result_text

__all__ = ["browser", "pytestmark", "server"]  # fixtures and marks from browser_util

# --- The outcome waits for the questions ---------------------------------------------------

#: The two scenarios whose end answers their questions, and the cards played before them.
_SETTLED = {"tarot/petit-sec": (), "tarot/garde-contre-chien": ("C♥", "3♥")}


def _checked(sid: str, lang: str) -> Checked:
    """The scenario as the app serves it in ``lang`` (its translation merged)."""
    with speaking("en"):
        english = load_library()
    return in_language(english, lang).scenarios[sid]


def _answers(checked: Checked) -> list[int]:
    """The place of the right answer among the offered choices, question by question."""
    found = []
    for step in checked.scenario.steps:
        if isinstance(step, AskStep):
            choices = [str(c) for c in step.ask.choices or ()]
            if not choices and step.ask.kind == "contract_made":
                choices = ["yes", "no"]
            found.append(choices.index(str(step.ask.answer)))
    return found


def _outcome_words(checked: Checked, lang: str) -> list[str]:
    """What the end of the hand says on the page: the result's sentence and the score
    panel's heading, in ``lang``, as the app words them."""
    with speaking(lang):
        run = start(checked.scenario, checked.table)
        while not run.finished:
            run = run.solve_current()
        result = result_text(run.table, run.state)
        # the first sentence (the result itself; Tarot's count against the target follows)
        return [re.split(r"(?<=[.。])\s*", result)[0], t("play.score_title")]


def _walk(page: Any, server: str, sid: str, lang: str) -> list[str]:
    """One scenario to its end; a problem for every outcome text seen at a question, or
    missing once the last question is answered."""
    from playwright.sync_api import expect

    checked = _checked(sid, lang)
    words = _outcome_words(checked, lang)
    answers = _answers(checked)
    assert answers, f"{sid} asks no question"
    problems: list[str] = []
    _goto(page, f"{server}/play?scenario={sid}&lang={lang}")
    for name in _SETTLED[sid]:
        _click(page, name)
        expect(page.locator(".atout .fb.success")).to_have_count(1, timeout=30_000)
        _settle(page)
    prompts: list[str] = []
    for k, index in enumerate(answers):
        choices = page.locator(".atout .choices button")
        expect(choices.first).to_be_visible(timeout=30_000)
        _settle(page)
        prompt = page.locator(".atout .prompt").inner_text()
        assert prompt not in prompts, (sid, "the question did not change", prompt)
        prompts.append(prompt)
        text = _visible_text(page)
        problems += [f"{sid} at {prompt!r}: {w!r} on screen" for w in words if w in text]
        page.screenshot(path=str(SHOTS / f"tarot-{lang}-{sid.split('/')[1]}-question-{k + 1}.png"))
        _choose(page, choices.nth(index))
        expect(page.locator(".atout .prompt")).not_to_have_text(prompt, timeout=30_000)
    expect(page.get_by_text(words[1], exact=True)).to_be_visible(timeout=60_000)
    _settle(page)
    text = _visible_text(page)
    problems += [f"{sid} at its end: {w!r} missing" for w in words if w not in text]
    page.get_by_text(words[1], exact=True).scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"tarot-{lang}-{sid.split('/')[1]}-end.png"))
    return problems


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_the_outcome_waits_until_every_question_is_answered(
    server: str, browser: Any, lang: str
) -> None:
    """The Petit sec and the Garde contre settlement: no outcome text on screen while a
    question waits; the result and the score's heading once the last one is answered."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _open(browser, f"{server}/?lang={lang}", "laptop")
    problems: list[str] = []
    try:
        for sid in _SETTLED:
            problems += _walk(page, server, sid, lang)
    finally:
        _close(page)
    assert not problems, "\n".join(problems)


# --- Nothing cut off -------------------------------------------------------------------------


def _nothing_cut_off(page: Any, where: str) -> None:
    """The page no wider than the screen and no text clipped, in the main area."""
    width = page.evaluate("document.scrollingElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    assert width <= inner, (where, "the page is wider than the screen", width, inner)
    clipped = _cut_off(page)
    assert not clipped, (where, clipped)


def _hand_on_screen(page: Any, where: str, vertically: bool) -> None:
    """Every card of the hand wholly inside the screen's width (and its height, when
    asked: the page at its top, as when just loaded)."""
    cards = _hand(page)
    n = cards.count()
    assert n, (where, "no card in the hand")
    vp = page.viewport_size
    out = []
    for i in range(n):
        box = cards.nth(i).bounding_box()
        name = cards.nth(i).get_attribute("aria-label")
        if box is None or box["x"] < -0.5 or box["x"] + box["width"] > vp["width"] + 0.5:
            out.append(f"{name} across the side: {box}")
        elif vertically and box["y"] + box["height"] > vp["height"] + 0.5:
            out.append(f"{name} below the screen: {box}")
    assert not out, (where, out)


def _table_wide_enough(page: Any, where: str) -> None:
    size = _table_picture_width(page)
    assert size["drawn"] >= 320 - 0.5, (where, "the table picture is too narrow", size)


#: Scroll the page's scrolling box one screen down; whether it moved.
_SCROLL_DOWN = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  let box = document.scrollingElement;
  for (let e = main && main.firstElementChild; e; e = e.parentElement) {
    if (e.scrollHeight > e.clientHeight + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY)) {
      box = e; break;
    }
  }
  const before = box.scrollTop;
  box.scrollTop = before + box.clientHeight * 0.9;
  return box.scrollTop > before;
}"""


def _screens_down(page: Any, stem: str, most: int = 6) -> None:
    """Screenshots of the page from its top down, one screen at a time
    (``<stem>-1.png``...): the page scrolls inside a box, which a full-page shot misses."""
    for k in range(1, most + 1):
        page.screenshot(path=str(SHOTS / f"{stem}-{k}.png"))
        if not page.evaluate(_SCROLL_DOWN):
            break
        _frames(page)
    _to_top(page)


def _lesson(page: Any, server: str, viewport: str, sections: Sections) -> None:
    """Tarot lesson 1 (its points table, its quiz), looked at from top to bottom."""
    from playwright.sync_api import expect

    _goto(page, f"{server}/lessons?lesson=tarot/01")
    expect(
        page.get_by_role("heading", name="The deck, the bouts and the card points")
    ).to_be_visible(timeout=30_000)
    _settle(page)
    _screens_down(page, f"tarot-lesson-01-{viewport}")
    with sections.part(f"lesson 1, {viewport}"):
        _nothing_cut_off(page, f"lesson 1, {viewport}")


def _discard(page: Any, server: str, viewport: str, sections: Sections) -> None:
    """The discard scenario at its discard: the hand in rows, two cards chosen."""
    from playwright.sync_api import expect

    _goto(page, f"{server}/play?scenario=tarot/discard-kings-and-bouts&step=5")
    if VIEWPORTS[viewport][2]:
        _presenter_on(page)
    expect(page.locator(".atout .counter")).to_have_text("0 of 6 chosen", timeout=30_000)
    _settle(page)
    for name in ("2♠", "J♦"):
        _card(page, name).dispatch_event("click")
    expect(page.locator(".atout .hand .card.sel")).to_have_count(2)
    _settle(page)
    _to_top(page)
    page.screenshot(path=str(SHOTS / f"tarot-discard-{viewport}.png"))
    where = f"discard, {viewport}"
    with sections.part(f"{where}: cut off"):
        _nothing_cut_off(page, where)
    with sections.part(f"{where}: the hand"):
        _hand_on_screen(page, where, vertically=True)
    with sections.part(f"{where}: the table"):
        _table_wide_enough(page, where)
    with sections.part(f"{where}: the prompt"):
        _in_view(page, page.locator(".atout .prompt"))


def test_nothing_is_cut_off_on_a_phone(server: str, browser: Any) -> None:
    """390×844: Tarot lesson 1 and the discard scenario, whose hand takes rows."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    sections = Sections()
    page = _open(browser, f"{server}/lessons?lesson=tarot/01", "phone")
    try:
        _lesson(page, server, "phone", sections)
        _discard(page, server, "phone", sections)
    finally:
        _close(page)
    sections.done()


def test_nothing_is_cut_off_on_a_projector(server: str, browser: Any) -> None:
    """1920×1080 in presenter mode: a lesson scenario's end, with its "Back to the
    lesson" link, and the discard scenario."""
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    sections = Sections()
    page = _open(browser, f"{server}/play?scenario=tarot/petit-sec", "projector")
    try:
        for index in _answers(_checked("tarot/petit-sec", "en")):
            choices = page.locator(".atout .choices button")
            expect(choices.first).to_be_visible(timeout=30_000)
            _settle(page)
            prompt = page.locator(".atout .prompt").inner_text()
            _choose(page, choices.nth(index))
            expect(page.locator(".atout .prompt")).not_to_have_text(prompt, timeout=30_000)
        back = page.get_by_role(
            "link", name="Back to the lesson: Bids, multipliers and cancelled deals"
        )
        expect(back).to_be_visible(timeout=30_000)
        _settle(page)
        back.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "tarot-petit-sec-end-projector.png"))
        with sections.part("scenario's end, projector"):
            _nothing_cut_off(page, "scenario's end, projector")
        _discard(page, server, "projector", sections)
    finally:
        _close(page)
    sections.done()
