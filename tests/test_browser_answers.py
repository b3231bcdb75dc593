"""A real browser (Debian's headless chromium) plays a sample of scenarios, on a laptop and
on a projector in presenter mode: at every question, nothing the page shows states its
answer (the rule of ``answers_on_screen``, read over the page's visible text less the
choices offered), and the table marks no seat to move.

Screenshots go to ``artifacts/screens/answers-*.png``. The server and the browser are
those of ``browser_util`` (one of each per test process).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from answers_on_screen import Screen, library, problems, screens
from browser_util import (
    SHOTS,
    _click,
    _close,
    _goto,
    _open,
    _presenter_on,
    _resize,
    _settle,
    _visible_text,
    browser,
    pytestmark,
    server,
)

from tutorial.engine.cards import Card
from tutorial.scenarios.model import AskStep, PlayStep

__all__ = ["browser", "pytestmark", "server"]  # fixtures and marks from browser_util

#: Scenarios whose texts stated an answer beside its question (a trick's points in the
#: summary or the step before's correct text, the trick's winner), and one whose table
#: marked the seat a question asks for.
_SAMPLE = (
    "briscola/seed-king-three",
    "briscola/ace-beats-three",
    "briscola/higher-trump-wins",
    "briscola/drawing-order",
    "tarot/from-belote-ten-below-the-jack",
)

#: The table picture's turn frames, inside the table component's shadow root.
_TURN_FRAMES_JS = """() => {
  let n = 0;
  for (const e of document.querySelectorAll('*')) {
    if (e.shadowRoot) n += e.shadowRoot.querySelectorAll('.atout .felt svg .to-move').length;
  }
  return n;
}"""


def _moves(sid: str, lang: str) -> list[tuple[str, Any]]:
    """The learner's steps along the scenario's own answers: ("play", the card's label) or
    ("ask", the screen at the question, from ``answers_on_screen``)."""
    checked = library(lang).scenarios[sid]
    at_questions = iter(screens(sid, checked, lang))
    out: list[tuple[str, Any]] = []
    for step in checked.scenario.steps:
        if isinstance(step, PlayStep):
            assert step.play.accept != "any"
            out.append(("play", Card.parse(str(step.play.accept[0])).label))
        elif isinstance(step, AskStep):
            out.append(("ask", next(at_questions)))
    return out


#: An address on the page (the step's link to copy): its numbers are no answer.
_ADDRESS = re.compile(r"\S*(?:https?://|[?&](?:scenario|step)=)\S*")


def _walk(page: Any, server: str, sid: str, lang: str, mode: str) -> list[str]:
    """One scenario to its end; a problem for every answer on show at a question."""
    from playwright.sync_api import expect

    found: list[str] = []
    _goto(page, f"{server}/play?scenario={sid}&lang={lang}")
    expect(page.locator(".atout")).to_have_count(1, timeout=30_000)
    _settle(page)
    if mode == "presenter" and not page.locator(".atout.big").count():
        _presenter_on(page, lang)  # a page loaded afresh, if the setting did not stay
    asked = 0
    for kind, what in _moves(sid, lang):
        if kind == "play":
            _click(page, what)
            expect(page.locator(".atout .fb.success")).to_have_count(1, timeout=30_000)
            _settle(page)
            continue
        screen: Screen = what
        choices = page.locator(".atout .choices button")
        expect(choices.first).to_be_visible(timeout=30_000)
        _settle(page)
        offered = [choices.nth(i).inner_text().strip() for i in range(choices.count())]
        # (an address shown to copy, "...?scenario=...&step=5", counts steps, not points)
        lines = [
            _ADDRESS.sub("", ln)
            for ln in _visible_text(page).splitlines()
            if ln.strip() not in offered
        ]
        on_page = dataclasses.replace(screen, texts=(("page", "\n".join(lines)),), svgs=())
        found += [f"[{mode}] {p}" for p in problems(on_page)]
        if page.evaluate(_TURN_FRAMES_JS):
            found.append(f"[{mode}] {sid} at {screen.question!r}: a seat is marked to move")
        asked += 1
        name = f"answers-{lang}-{mode}-{sid.replace('/', '-')}-{asked}.png"
        page.screenshot(path=str(SHOTS / name))
        prompt = page.locator(".atout .prompt").inner_text()
        answer = str(screen.answer)
        offered_exact = [str(c) for c in offered]
        assert answer in offered_exact, (sid, answer, offered_exact)
        choices.nth(offered_exact.index(answer)).click()
        expect(page.locator(".atout .prompt")).not_to_have_text(prompt, timeout=30_000)
        _settle(page)
    assert asked, f"{sid} asks no question"
    return found


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_no_answer_on_the_page_before_its_question_on_a_laptop_and_a_projector(
    server: str, browser: Any, lang: str
) -> None:
    """The sample, played on a laptop, then on a projector in presenter mode (the summary
    and the table in large type): no answer stated, no seat marked, at any question."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    found: list[str] = []
    for viewport, mode in (("laptop", "normal"), ("projector", "presenter")):
        # (the projector's size without the English-only toggle of ``_open``)
        page = _open(browser, f"{server}/play?scenario={_SAMPLE[0]}&lang={lang}", "laptop")
        try:
            if mode == "presenter":
                _resize(page, viewport)
                _presenter_on(page, lang)
            for sid in _SAMPLE:
                found += _walk(page, server, sid, lang, mode)
        finally:
            _close(page)
    assert not found, "\n".join(found)
