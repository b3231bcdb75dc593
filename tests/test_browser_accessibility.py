"""A real browser (Debian's headless chromium) checks every page for accessibility with
axe-core, the engine of the browsers' accessibility audits, at a phone's size and a
laptop's: no critical or serious violation on any page state, the table's included.

axe-core comes with the test dependency ``axe-playwright-python`` (its ``axe.min.js``,
installed by ``scripts/setup.sh --test`` from the package registry, nothing fetched at
run time); the test injects it into the page itself and runs it on the whole document,
the table component's shadow root included. Beside axe's rules, checks of our own for
what axe does not see: a folded sidebar keeps no invisible Tab stop, and the transcript
box that scrolls is a named Tab stop.

The server, the browser and the tab are those of ``browser_util``.
"""

from __future__ import annotations

import contextlib
from importlib import resources
from typing import Any

import pytest
from browser_util import (
    POLL_MS,
    _at_rest,
    _click,
    _close,
    _goto,
    _open,
    _resize,
    _settle,
    browser,
    pytestmark,
    screen_size,
    server,
)

__all__ = ["browser", "pytestmark", "server"]  # fixtures and marks from browser_util

#: Violations of these impacts fail the test (axe's "moderate" and "minor" are reported).
FAILING = ("critical", "serious")

#: The page states audited, each an address (and an action on it, see ``_reach``).
STATES = (
    ("home", "/", None),
    ("lessons", "/lessons", None),
    ("lessons in Traditional Chinese", "/lessons?lang=zh-Hant", None),
    ("a scenario's first step", "/play?scenario=belote/overruff", None),
    ("a card refused", "/play?scenario=belote/overruff", "refused"),
    ("a question after a card", "/play?scenario=belote/overruff", "question"),
    ("the Tarot discard", "/play?scenario=tarot/discard-kings-and-bouts&step=4", None),
    ("practice", "/practice", None),
    ("review", "/review", None),
    ("trainer", "/trainer", None),
    ("score", "/score", None),
    ("rules", "/rules", None),
    ("workshop", "/workshop", None),
    ("my class", "/my-class", None),
    ("teacher", "/teacher", None),
)


def _axe_script() -> str:
    """axe-core's script, from the installed test dependency."""
    try:
        import axe_playwright_python
    except ImportError:  # pragma: no cover - the check must not pass by skipping
        pytest.fail(
            "axe-core comes with the test dependency axe-playwright-python: "
            "scripts/setup.sh --test installs it"
        )
    return (resources.files(axe_playwright_python) / "axe.min.js").read_text(encoding="utf-8")


#: Watch the page while axe audits it: ``window.atoutMoved`` turns true if a run of the
#: app starts, an element turns stale (faded) or the main area's elements change.
_WATCH_JS = """() => {
  window.atoutMoved = false;
  if (window.atoutWatch) window.atoutWatch.disconnect();
  window.atoutWatch = new MutationObserver((changes) => {
    for (const m of changes) {
      const v = m.attributeName && m.target.getAttribute(m.attributeName);
      if (m.type === 'childList' || (m.attributeName === 'data-stale' && v === 'true')
          || (m.attributeName === 'data-test-script-state' && v !== 'notRunning')) {
        window.atoutMoved = true;
      }
    }
  });
  window.atoutWatch.observe(document.querySelector('[data-testid=stApp]'), {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ['data-stale', 'data-test-script-state'] });
}"""

#: Audits of one page state at most: one again whenever the page moved during the last
#: (a run of the app the browser's store asked for, which fades the page meanwhile).
_AUDITS = 4


def _violations(page: Any, script: str) -> list[str]:
    """axe's critical and serious violations on the page as it is, one line each: the
    page audited while it stood still (again when it moved meanwhile)."""
    page.evaluate(script)
    for _ in range(_AUDITS):
        _at_rest(page)
        _still(page)
        page.evaluate(_WATCH_JS)
        result: dict[str, Any] = page.evaluate(
            "() => axe.run(document, { resultTypes: ['violations'] })"
        )
        if not page.evaluate("() => window.atoutMoved"):
            break
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
        for v in result["violations"]
        if v["impact"] in FAILING
    ]


#: Tab stops inside a folded sidebar that the keyboard would still reach (the sidebar
#: is out of sight: its links and settings must be out of the Tab order too).
_HIDDEN_TAB_STOPS_JS = """() => {
  const bar = document.querySelector('[data-testid=stSidebar]');
  if (!bar || bar.getAttribute('data-collapsed') !== 'true') return [];
  const sel = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
  return [...bar.querySelectorAll(sel)]
    .filter((e) => !e.disabled && e.checkVisibility({ visibilityProperty: true }))
    .map((e) => e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30));
}"""

#: Every box of a height of its own (``st.container(height=...)``, which scrolls its
#: overflow) that is not a named Tab stop and has nothing focusable inside: what axe's
#: scrollable-region-focusable asks, for the boxes that scroll now and those that will
#: once their content grows.
_UNREACHABLE_SCROLLERS_JS = """() => {
  const focusable = 'a[href], button, input, select, textarea, [tabindex]';
  const out = [];
  for (const e of document.querySelectorAll('[data-testid=stVerticalBlock][height]')) {
    const s = getComputedStyle(e).overflowY;
    if (s !== 'auto' && s !== 'scroll') continue;
    if (!e.checkVisibility()) continue;
    const named = e.getAttribute('aria-label') || e.getAttribute('aria-labelledby');
    if (e.getAttribute('tabindex') === '0' && named) continue;
    if (!e.querySelector(focusable)) out.push(e.className);
  }
  return out;
}"""


#: The page is still: no element is stale (faded while a run redraws it), no transition
#: or finite animation runs (a fading text would be measured at its passing contrast),
#: (Streamlit's own endless spinners aside).
_STILL_JS = """() => {
  if (document.querySelector('[data-stale=true]')) return false;
  return document.getAnimations().every(
    (a) => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity);
}"""


def _still(page: Any) -> None:
    """Wait until the page is still (see ``_STILL_JS``), checked every ``POLL_MS``."""
    page.wait_for_function(_STILL_JS, timeout=30_000, polling=POLL_MS)


def _unreachable_scrollers(page: Any) -> list[str]:
    """The boxes of ``_UNREACHABLE_SCROLLERS_JS``, once a box drawn last has had the
    frame it takes to be given its Tab stop (``scroll_box``); the wait is a hang guard."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):  # reported below
        page.wait_for_function(
            f"() => ({_UNREACHABLE_SCROLLERS_JS})().length === 0", timeout=10_000, polling=POLL_MS
        )
    boxes: list[str] = page.evaluate(_UNREACHABLE_SCROLLERS_JS)
    return boxes


def _reach(page: Any, action: str | None) -> None:
    """The page state audited: a card refused, or the question after the right card."""
    from playwright.sync_api import expect

    if action in ("refused", "question"):
        _click(page, "8♥")
        expect(page.locator(".atout .fb.error")).to_have_count(1, timeout=30_000)
    if action == "question":
        _click(page, "9♥")
        expect(page.locator(".atout .choices button").first).to_be_visible(timeout=30_000)
    _settle(page)


def test_every_page_has_no_serious_accessibility_violation_on_a_phone_and_a_laptop(
    server: str, browser: Any
) -> None:
    """Each page state is loaded once, on a phone (the sidebar folded, as a phone opens
    it), audited, then widened to a laptop's size (the sidebar unfolds by itself) and
    audited again: the same state at both sizes for one page load (a load costs the
    browser about seven times a click's CPU)."""
    script = _axe_script()
    found: list[str] = []
    page = _open(browser, f"{server}/", "phone")
    try:
        for name, path, action in STATES:
            page.set_viewport_size(screen_size("phone"))
            _goto(page, f"{server}{path}")
            _resize(page, "phone")  # the sidebar folded, the page at its top
            _at_rest(page)
            _reach(page, action)
            for viewport in ("phone", "laptop"):
                if viewport == "laptop":
                    _resize(page, viewport)
                _still(page)
                where = f"{name} ({viewport})"
                boxes = _unreachable_scrollers(page)
                found += [f"{where}: a scrolling box out of keyboard reach: {c}" for c in boxes]
                found += [f"{where}: {v}" for v in _violations(page, script)]
                hidden = page.evaluate(_HIDDEN_TAB_STOPS_JS)
                found += [f"{where}: a folded sidebar's Tab stop {s!r}" for s in hidden]
    finally:
        _close(page)
    assert not found, "\n".join(found)


def test_the_transcript_box_is_a_named_tab_stop(server: str, browser: Any) -> None:
    """The transcript scrolls (a box of its own height): it is a Tab stop with a name, so
    the keyboard can scroll it and a screen reader says what it holds."""
    from playwright.sync_api import expect

    page = _open(browser, f"{server}/play?scenario=belote/overruff", "laptop")
    try:
        box = page.locator(".st-key-transcript")
        expect(box).to_have_attribute("tabindex", "0", timeout=30_000)
        expect(box).to_have_attribute("role", "region")
        expect(box).to_have_accessible_name("What happened")
        box.focus()
        expect(box).to_be_focused()
    finally:
        _close(page)
