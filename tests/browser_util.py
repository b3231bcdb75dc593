"""What the browser tests share: one app server and one headless chromium per test process,
the screen sizes, and the helpers that wait on the page's state and check what is drawn.

The ``server`` and ``browser`` fixtures are session-scoped and backed by one process-wide
instance each, so every browser test module of a worker (an xdist "lane", see
``conftest.pytest_xdist_make_scheduler``) uses the same server and the same browser,
started by the first browser test and stopped when the session ends. Each test module
imports the two fixtures (``from browser_util import browser, server``). Meanwhile
Playwright's driver holds an event loop in the process: no test of the suite runs an
asyncio loop of its own (``asyncio.run`` would refuse to start beside it).

The tests of a lane also share one tab (``_open``): each test loads its page in it with
nothing stored, as a newcomer's browser, and the app's scripts stay compiled from one
test to the next (a page load is most of a browser test's cost: the browser's CPU, not
the server's). A test that needs a second profile open beside it asks for a context of
its own (``_open(..., fresh=True)``).

No helper waits on the clock: each waits on the page's state, what the app said last
(``_at_rest``: the app's own messages that a run started and ended, the table component's
``data-busy="0"``, the store's mark that the app answered its values, the page's
``data-test-script-state='notRunning'``) or Playwright's retrying ``expect``; timeouts are
hang guards only. A click on a Streamlit widget waits for the run it asks for
(``_run_done``), so the next action never lands on a page that a run is still drawing.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from db_util import memory_folder
from judge_settings import TEST_DEALS, TEST_REVIEW_NODES

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts"
SHOTS = ARTIFACTS / "screens"
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed"),
]

VIEWPORTS = {  # name: (width, height, presenter mode)
    "phone": (390, 844, False),
    "laptop": (1280, 800, False),
    "projector": (1920, 1080, True),
}

NOT_RUNNING = "[data-test-script-state='notRunning']"

#: How often a wait on the page checks it (ms): about once a frame. On a timer, not on
#: the page's animation frames (Playwright's ``polling="raf"``): a wait polling on frames
#: asks the browser for a frame 60 times a second all the wait long: test_browser_tarot.py
#: and test_browser_score.py took a tenth more CPU so (57 s against 52 s, the processes
#: of the app's server and the browser counted), for no earlier answer.
POLL_MS = 20

# --- One server and one browser per test process ------------------------------------------

_SHARED: dict[str, Any] = {}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start_server() -> str:
    """``streamlit run tutorial/app.py`` on a free port, once it answers its health check;
    its classes in a SQLite file of its own, in a folder deleted when the server stops (in
    memory where the machine has it, as the tests' own databases)."""
    classes = _SHARED["server_dir"] = tempfile.TemporaryDirectory(
        prefix="atout-classes-", dir=memory_folder(), ignore_cleanup_errors=True
    )
    url, proc = launch_app(f"sqlite:///{classes.name}/classes.db")
    _SHARED["server_proc"] = proc
    return url


def launch_app(classes_url: str) -> tuple[str, subprocess.Popen[bytes]]:
    """A server of the app on a free port with its classes at ``classes_url``, once it
    answers its health check: its address and its process (``stop_app`` ends it)."""
    port = _free_port()
    env = {
        **os.environ,
        "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false",
        "ATOUT_ANIMATION": "fast",  # the Practice table's computer cards: see table_component
        # The judge's deals per position (the strong player's, the hint's, the review's)
        # and the review's exact solves' nodes: the test processes' own (judge_settings).
        "ATOUT_JUDGE_DEALS": str(TEST_DEALS),
        "ATOUT_ADVICE_DEALS": str(TEST_DEALS),
        "ATOUT_REVIEW_PROCESSES": "1",  # one review process per lane's server
        "ATOUT_REVIEW_NODES": str(TEST_REVIEW_NODES),
        "ATOUT_TEST_CLOCK": "1",  # ?today=YYYY-MM-DD sets the review deck's day: see webapp.state
        # classes where the test says, never the checkout's .streamlit/
        "ATOUT_CLASSES_URL": classes_url,
    }
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            "tutorial/app.py",
            "--server.headless",
            "true",
            "--server.port",
            str(port),
            "--server.address",
            "127.0.0.1",
            "--server.fileWatcherType",
            "none",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(120):  # a hang guard: the server answers within seconds
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                if r.read().decode().strip() == "ok":
                    return url, proc
        except OSError:
            time.sleep(0.5)
    stop_app(proc)
    pytest.fail("the app did not answer on /_stcore/health")


def stop_app(proc: subprocess.Popen[bytes]) -> None:
    """End a server of the app (``launch_app``)."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


def _stop_server() -> None:
    proc = _SHARED.pop("server_proc", None)
    _SHARED.pop("server_url", None)
    if proc is None:
        return
    stop_app(proc)
    folder = _SHARED.pop("server_dir", None)
    if folder is not None:
        folder.cleanup()


def _start_browser() -> Any:
    from playwright.sync_api import sync_playwright

    driver = sync_playwright().start()
    _SHARED["driver"] = driver
    return driver.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)


def _stop_browser() -> None:
    _SHARED.pop("tab", None)  # closed with the browser
    chromium = _SHARED.pop("browser", None)
    driver = _SHARED.pop("driver", None)
    try:
        if chromium is not None:
            chromium.close()
    finally:
        if driver is not None:
            driver.stop()


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The app's address: one server for every browser test of this process."""
    if "server_url" not in _SHARED:
        _SHARED["server_url"] = _start_server()
    try:
        yield str(_SHARED["server_url"])
    finally:  # each module's copy of the fixture ends with the session: the first stops it
        _stop_server()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's headless chromium: one for every browser test of this process."""
    if "browser" not in _SHARED:
        _SHARED["browser"] = _start_browser()
    try:
        yield _SHARED["browser"]
    finally:
        _stop_browser()


# --- Pages ---------------------------------------------------------------------------------


#: The app's runs as the page's connection to it tells them, kept in the page
#: (``window.__atoutRuns``), read by every wait (``_AT_REST_JS``): each request for a run
#: the page sends (a ``rerun_script`` message: a click on a widget, a component's value,
#: a timer), each run the app starts (``new_session``) and each end of a run it says
#: (``script_finished``; "finished early for a rerun" is no end: another run follows). The
#: page's runs are over when the last run started after the last request and has ended:
#: the run that answers the last click has finished, whatever the page showed meanwhile
#: (right after a click it still says "not running" from the run before). Every socket
#: the page opens is counted (a reconnection included). The messages are read at their
#: top level only (protobuf: ``ForwardMsg`` fields 4 and 6, ``BackMsg`` field 11).
_RUNS_JS = """(() => {
  if (window.__atoutRuns) return;
  const runs = window.__atoutRuns = { seq: 0, sent: 0, started: 0, requests: 0, running: false };
  const bytes = (d) => d instanceof ArrayBuffer ? new Uint8Array(d)
    : ArrayBuffer.isView(d) ? new Uint8Array(d.buffer, d.byteOffset, d.byteLength) : null;
  const fields = (b) => {  // [field number, varint value or null] at the message's top level
    const out = [];
    let i = 0;
    const varint = () => { let v = 0, m = 1, c; do { c = b[i++]; v += (c & 127) * m; m *= 128; } while (c & 128 && i < b.length); return v; };
    while (i < b.length) {
      const tag = varint(), kind = tag % 8, field = Math.floor(tag / 8);
      if (kind === 0) out.push([field, varint()]);
      else if (kind === 2) { const n = varint(); i += n; out.push([field, null]); }
      else if (kind === 1) { i += 8; out.push([field, null]); }
      else if (kind === 5) { i += 4; out.push([field, null]); }
      else break;
    }
    return out;
  };
  const Base = window.WebSocket;
  class Counted extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        const b = bytes(e.data);
        if (!b) return;
        for (const [field, value] of fields(b)) {
          if (field === 4) { runs.seq += 1; runs.started = runs.seq; runs.running = true; }
          else if (field === 6 && value !== 2) runs.running = false;
        }
      });
    }
    send(data) {
      const b = bytes(data);
      if (b && fields(b).some(([field]) => field === 11)) {
        runs.seq += 1; runs.sent = runs.seq; runs.requests += 1;
      }
      return super.send(data);
    }
  }
  window.WebSocket = Counted;
})();"""


def _context(browser: Any, **options: Any) -> Any:
    """A new browser context whose pages count the app's runs (``_RUNS_JS``)."""
    context = browser.new_context(**options)
    context.add_init_script(_RUNS_JS)
    return context


def _requests(page: Any) -> int:
    """How many runs the page has asked the app for so far."""
    return int(page.evaluate("() => (window.__atoutRuns || {}).requests || 0"))


def _run_done(page: Any, action: Any, timeout: float) -> None:
    """``action()`` (a click on a Streamlit widget, which asks the app for a run), then
    the page at rest (``_at_rest``) once it has asked for that run: the run has started
    after the request and ended, and every run it led to (a component's values) too."""
    before = _requests(page)
    action()
    _at_rest(page, timeout=timeout, after=before)


#: The lane's tab starts its next document with nothing stored (see ``_open``): the flag
#: is the tab's ``window.name``, which a same-origin navigation keeps.
_FRESH_FLAG = "atout-fresh-profile"
_FRESH_PROFILE_JS = f"""if (window.top === window && window.name === '{_FRESH_FLAG}') {{
  window.name = '';
  try {{ window.localStorage.clear(); window.sessionStorage.clear(); }} catch (e) {{}}
}}"""


def _lane_tab(browser: Any) -> Any:
    """The lane's own tab (one browser context of the default locale), made on first use
    and made again if a test closed it."""
    page = _SHARED.get("tab")
    if page is None or page.is_closed():
        context = _context(browser, viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.add_init_script(_FRESH_PROFILE_JS)
        _SHARED["tab"] = page
    return page


def _open(browser: Any, url: str, viewport: str, fresh: bool = False) -> Any:
    """A browser tab at ``url`` with nothing stored in it, as a new browser profile has,
    at the screen size ``viewport`` (presenter mode on when it asks). Close it with
    ``_close``.

    The tab is the lane's own one, loaded again: it keeps the app's scripts compiled from
    one test to the next (a new context compiles them afresh, about twice the CPU of a
    load in the same tab), while the next document starts with the origin's storage
    cleared (before any script of the app runs) and without cookies, so that the app sees
    a newcomer. ``fresh`` asks for a tab of a browser context of its own instead: for a
    second profile open at the same time as the lane's tab."""
    presenter = VIEWPORTS[viewport][2]
    if fresh:
        page = _context(browser, viewport=screen_size(viewport)).new_page()
    else:
        page = _lane_tab(browser)
        page.context.clear_cookies()
        page.set_viewport_size(screen_size(viewport))
        origin = "/".join(url.split("/", 3)[:3])
        if page.url != "about:blank":  # a blank tab of a new context has nothing stored
            if not page.url.startswith(origin + "/"):
                page.goto(f"{origin}/_stcore/health")  # the app's origin, no app running
            page.evaluate(f"window.name = '{_FRESH_FLAG}'")
    _goto(page, url)
    if presenter:
        _presenter_on(page)
    return page


def _close(page: Any) -> None:
    """The end of a test's tab: a tab of its own context closes with it; the lane's tab
    stays open for the next test, every other tab of its context closed."""
    if page is _SHARED.get("tab") or page.context is getattr(_SHARED.get("tab"), "context", None):
        for other in page.context.pages:
            if other is not _SHARED.get("tab"):
                other.close()
        if _SHARED["tab"].is_closed():
            _SHARED.pop("tab").context.close()
        return
    page.context.close()


def _goto(page: Any, url: str) -> None:
    """Load ``url`` in the tab (a new app session) and wait for the end of the app's
    first run, checked every ``POLL_MS`` (the page's run state is ``initial`` until
    then)."""
    page.goto(url)
    _at_rest(page, timeout=60_000, after=0)


def _presenter_on(page: Any, lang: str = "en") -> None:
    """Presenter mode switched on in the sidebar, in the page's language: the table grows."""
    from playwright.sync_api import expect

    from tutorial.language.i18n import speaking, t

    with speaking(lang):
        label = t("app.presenter")
    toggle = page.get_by_text(label, exact=True)
    expect(toggle).to_be_visible(timeout=30_000)
    _run_done(page, toggle.click, timeout=30_000)
    expect(page.locator(".atout.big")).to_have_count(1, timeout=30_000)
    page.keyboard.press("Escape")


def _frames(page: Any) -> None:
    """Two animation frames drawn: what the last answer changed is laid out on the screen."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


#: The page at rest: the app's runs over (``_RUNS_JS``: the last one started after the
#: page's last request and has ended; ``after``: and the page has asked for more runs than
#: that) and the page showing it (``data-test-script-state``), no table component busy
#: (``data-busy`` other than ``"0"``, the shadow roots searched), no store that sent values
#: no run has answered yet (``tutorial/webapp/store.py``: its element's mark of the mount,
#: and the mark the app handed back; a store just drawn whose script has not marked it
#: yet counts as waiting), and every font in (a font that arrives late moves what follows
#: it: the table fits itself again), and no animation of the page running but endless ones
#: (an expander opening: a select box in it clicked meanwhile lost its list as the
#: animation ended).
_AT_REST_JS = """(after) => {
  const runs = window.__atoutRuns;
  if (runs && (runs.running || runs.started < runs.sent || runs.requests <= after)) return false;
  if (!document.querySelector("[data-test-script-state='notRunning']")) return false;
  if (document.fonts && document.fonts.status !== 'loaded') return false;
  for (const a of document.getAnimations()) {
    if (a.playState === 'running' && a.effect && isFinite(a.effect.getComputedTiming().endTime)) return false;
  }
  for (const box of document.querySelectorAll('.st-key-atout_store')) {
    const host = box.querySelector("[data-testid='stBidiComponentIsolated']");
    if (!host || !host.dataset.atoutSent || host.dataset.atoutSent !== host.dataset.atoutHeard) return false;
  }
  for (const e of document.querySelectorAll('*')) {
    const t = e.shadowRoot && e.shadowRoot.querySelector('.atout');
    if (t && t.dataset.busy !== '0') return false;
  }
  return true;
}"""


def _at_rest(page: Any, timeout: float = 30_000, after: int = -1) -> None:
    """Wait until the page is at rest (see ``_AT_REST_JS``; ``after``: once it has asked
    for more than that many runs), checked every ``POLL_MS``: the wait ends about the
    frame the page gets there (Playwright's ``expect`` checks at growing intervals, up to
    a second apart, and every action of a test waits so)."""
    from playwright.sync_api import Error

    try:
        page.wait_for_function(_AT_REST_JS, arg=after, timeout=timeout, polling=POLL_MS)
    except Error as e:
        raise AssertionError(f"the page never came to rest: {_page_state(page)}") from e


def _page_state(page: Any) -> str:
    """What a failed wait reports of the page (see ``_PAGE_STATE_JS``)."""
    try:
        return str(page.evaluate(_PAGE_STATE_JS))
    except Exception as e:  # the page itself gone
        return f"unreadable ({e})"


def _settle(page: Any) -> None:
    """The page at rest: the table (if any) has drawn the app's answer to the last action
    on it, the run is over and the layout that follows it is drawn."""
    _at_rest(page)
    _frames(page)


def screen_size(viewport: str) -> dict[str, int]:
    """A screen size of :data:`VIEWPORTS` as Playwright takes it."""
    width, height, _ = VIEWPORTS[viewport]
    return {"width": width, "height": height}


def _resize(page: Any, viewport: str) -> None:
    """The same page at another screen size, once the sidebar has folded (on a phone) or
    unfolded (wider) as it does by itself at that size, scrolled to its top."""
    from playwright.sync_api import expect

    page.set_viewport_size(screen_size(viewport))
    sidebar = page.get_by_test_id("stSidebar")
    if VIEWPORTS[viewport][0] < 640:
        expect(sidebar).not_to_be_in_viewport(timeout=30_000)
    else:
        expect(sidebar).to_be_in_viewport(ratio=1, timeout=30_000)
    _to_top(page)


def _to_top(page: Any) -> None:
    """The page scrolled to its top, as a page just loaded is."""
    page.evaluate(
        """() => { window.scrollTo(0, 0);
          for (const e of document.querySelectorAll('*')) if (e.scrollTop) e.scrollTop = 0; }"""
    )
    _frames(page)


def _restart(page: Any, cards: int, label: str = "Restart") -> None:
    """The scenario started over from the keyboard (its Restart button): the table is
    drawn again, at the page's present size, with the learner's ``cards`` cards, and the
    page is back at its top (the button's focus scrolled it down), as when just loaded."""
    from playwright.sync_api import expect

    button = page.get_by_role("button", name=label, exact=True)
    expect(button).to_be_visible(timeout=30_000)
    button.focus()
    _run_done(page, lambda: page.keyboard.press("Enter"), timeout=30_000)
    expect(_hand(page)).to_have_count(cards, timeout=30_000)
    expect(page.locator(".atout .fb")).to_have_count(0, timeout=30_000)
    _settle(page)
    _to_top(page)


# --- What is drawn --------------------------------------------------------------------------


def _in_view(page: Any, locator: Any) -> None:
    """The element is wholly inside the viewport, without scrolling."""
    box = locator.bounding_box()
    vp = page.viewport_size
    assert box is not None, "not drawn"
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= vp["width"] + 0.5, (box, vp)
    assert box["y"] + box["height"] <= vp["height"] + 0.5, (box, vp)


def _hand(page: Any) -> Any:
    return page.locator(".atout .hand .card")


def _all_cards_in_view(page: Any) -> None:
    cards = _hand(page)
    n = cards.count()
    assert n > 0, "no card in the hand"
    for i in range(n):
        _in_view(page, cards.nth(i))
    _in_view(page, page.locator(".atout .prompt"))


def _card(page: Any, name: str) -> Any:
    return page.get_by_role("button", name=name, exact=True)


def _click(page: Any, name: str) -> None:
    """Click a card where a player would: on its visible corner (the next card may overlap
    it), then wait until the table has drawn the app's answer."""
    from playwright.sync_api import expect

    card = _card(page, name)
    expect(card).to_be_visible(timeout=30_000)  # the table may be redrawing
    _in_view(page, card)
    box = card.bounding_box()
    card.click(position={"x": 6, "y": min(30, box["height"] / 3)})
    # The table is busy from the click until the app's answer is drawn (a card chosen
    # for a discard is drawn at once): what the test looks at next is there.
    _at_rest(page)


def _choose(page: Any, button: Any) -> None:
    """Click one of the table's buttons (an answer, a choice), then wait until the table
    has drawn the app's answer (it is busy from the click until then)."""
    button.click()
    _at_rest(page)


def _select(page: Any, box: Any, name: str, timeout: float = 30_000) -> None:
    """Choose the option ``name`` of the select box ``box`` (its combobox), from the
    keyboard, and wait for the run the choice asks for (``_run_done``).

    Once the page is at rest (no run under way or still to come would draw the box
    again), the name is typed into the box, which opens its list on that one option,
    and Enter chooses it once the list has marked it as the one to choose. The mouse would need the list to stay open between two steps
    (open, then click the option): a list that closes meanwhile (the focus moving as the
    page settles) left the click waiting on an option gone from the page."""
    from playwright.sync_api import expect

    _at_rest(page)
    box.fill(name)
    # The option listed and marked as the one Enter chooses (react-aria's ``data-focused``,
    # set a moment after the list is drawn: an Enter before it chooses nothing).
    option = page.get_by_role("option", name=name, exact=True)
    try:
        expect(option).to_have_attribute("data-focused", "true", timeout=timeout)
    except AssertionError as e:
        raise AssertionError(f"option {name!r} not offered: {_page_state(page)}") from e
    _run_done(page, lambda: page.keyboard.press("Enter"), timeout=timeout)


#: What a failed wait reports of the page: the app's runs, the run state, each store's
#: marks, the focus, the options listed.
_PAGE_STATE_JS = """() => JSON.stringify({
  runs: window.__atoutRuns,
  state: (document.querySelector('[data-test-script-state]') || {dataset: {}}).dataset.testScriptState,
  stores: [...document.querySelectorAll('.st-key-atout_store')].map((b) => {
    const h = b.querySelector("[data-testid='stBidiComponentIsolated']");
    return h ? [h.dataset.atoutSent, h.dataset.atoutHeard] : null;
  }),
  busy: [...document.querySelectorAll('*')].filter((e) => e.shadowRoot && e.shadowRoot.querySelector('.atout'))
    .map((e) => e.shadowRoot.querySelector('.atout').dataset.busy),
  fonts: document.fonts ? document.fonts.status : null,
  focus: document.activeElement ? document.activeElement.outerHTML.slice(0, 80) : null,
  options: [...document.querySelectorAll('[role=option]')].map((o) => o.innerText).slice(0, 8),
})"""


def _font_size(page: Any, selector: str) -> float:
    """The computed font size (px) of the first element matching ``selector``."""
    size: float = page.locator(selector).first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    return size


# --- Several checks in one test -----------------------------------------------------------


class Sections:
    """Parts of one test that each check one thing: a part that fails is noted with its
    name and the test goes on to the next part; ``done()`` then fails with every note."""

    def __init__(self) -> None:
        self.failures: list[str] = []

    @contextlib.contextmanager
    def part(self, name: str) -> Iterator[None]:
        """Run one part; its failure (an assertion or a Playwright error) is kept."""
        from playwright.sync_api import Error as PlaywrightError

        try:
            yield
        except (AssertionError, PlaywrightError) as e:
            self.failures.append(f"{name}: {type(e).__name__}: {e}")

    def done(self) -> None:
        """Fail with every part's failure, if any."""
        assert not self.failures, "\n\n".join(self.failures)


# --- What is on the screen, and what is cut off --------------------------------------------

#: The page's visible text: the page itself and every visible shadow root (the table
#: component's), style sheets left out.
_VISIBLE_TEXT_JS = """() => {
  const parts = [document.body.innerText];
  for (const e of document.querySelectorAll('*')) {
    if (e.shadowRoot && e.checkVisibility()) {
      for (const c of e.shadowRoot.children) {
        if (c.tagName !== 'STYLE' && c.innerText) parts.push(c.innerText);
      }
    }
  }
  return parts.join('\\n');
}"""


def _visible_text(page: Any) -> str:
    """Every text the page shows (hidden parts left out), the table component's included."""
    return str(page.evaluate(_VISIBLE_TEXT_JS))


#: Every text of the main area drawn partly outside the screen's width or outside a box
#: that clips it (an ancestor, across the table component's shadow root, whose overflow is
#: not ``visible``: hidden, or scrolled out of sight); every label of the table picture
#: outside the picture; every button, label or heading whose text is wider than its box
#: while the box hides what overflows (an ellipsis). One line per problem.
_CUT_OFF_JS = """() => {
  const main = document.querySelector('[data-testid="stMain"]') || document.body;
  const vw = window.innerWidth;
  const roots = [main];
  for (const e of main.querySelectorAll('*')) if (e.shadowRoot) roots.push(e.shadowRoot);
  const up = (n) => n.parentNode instanceof ShadowRoot ? n.parentNode.host : n.parentNode;
  const name = (e) => e.tagName.toLowerCase()
    + (e.dataset && e.dataset.testid ? `[${e.dataset.testid}]` : '')
    + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).slice(0, 2).join('.') : '');
  const skip = 'style, script, noscript, svg, .sr, .st-key-chart_warm_up, [data-testid="stSidebar"]';
  const bad = [];
  const seen = new Set();
  const note = (text, what) => {
    const line = `"${text.trim().slice(0, 50)}": ${what}`;
    if (!seen.has(line)) { seen.add(line); bad.push(line); }
  };
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.data.trim()) continue;
      const p = n.parentElement;
      if (!p || p.closest(skip) || !p.checkVisibility({ visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
      if (!rects.length) continue;
      const left = Math.min(...rects.map((r) => r.left));
      const right = Math.max(...rects.map((r) => r.right));
      if (left < -0.5 || right > vw + 0.5) {
        note(n.data, `off the screen (${Math.round(left)} to ${Math.round(right)} of ${vw})`);
        continue;
      }
      for (let a = up(p); a instanceof Element; a = up(a)) {
        const ox = getComputedStyle(a).overflowX;
        if (ox === 'visible') continue;
        const b = a.getBoundingClientRect();
        if (left < b.left - 1 || right > b.right + 1) {
          note(n.data, `${ox === 'hidden' || ox === 'clip' ? 'clipped' : 'scrolled out of sight'} by ${name(a)}`
            + ` (${Math.round(left)} to ${Math.round(right)}, the box ${Math.round(b.left)} to ${Math.round(b.right)})`);
          break;
        }
      }
    }
    // The table picture's labels: inside the picture.
    for (const svg of root.querySelectorAll('.atout .felt svg')) {
      const box = svg.getBoundingClientRect();
      for (const tx of svg.querySelectorAll('text')) {
        const r = tx.getBoundingClientRect();
        if (!r.width) continue;
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
          note(tx.textContent, 'outside the table picture');
      }
    }
    // Boxes that hide their overflow: their text must fit.
    for (const e of root.querySelectorAll('button, label, h1, h2, h3, h4, a, summary, p, .prompt, .counter')) {
      if (e.closest(skip) || !e.checkVisibility({ visibilityProperty: true })) continue;
      const s = getComputedStyle(e);
      if (s.overflowX === 'visible' && s.textOverflow !== 'ellipsis') continue;
      if (e.scrollWidth > e.clientWidth + 1) note(e.innerText || e.textContent, `wider than its box ${name(e)}`);
    }
  }
  return bad;
}"""


def _cut_off(page: Any) -> list[str]:
    """What the main area shows cut off (see ``_CUT_OFF_JS``): empty when nothing is."""
    found: list[str] = page.evaluate(_CUT_OFF_JS)
    return found


def _table_picture_width(page: Any) -> dict[str, float]:
    """The table picture's drawn width (the picture keeps its proportions inside its box)
    and the width its element gives it."""
    size: dict[str, float] = page.evaluate(
        """() => {
          const host = [...document.querySelectorAll('*')].find(
            (e) => e.shadowRoot && e.shadowRoot.querySelector('.atout'));
          const felt = host.shadowRoot.querySelector('.atout .felt');
          const svg = felt.querySelector('svg');
          const box = svg.getBoundingClientRect();
          const vb = svg.viewBox.baseVal;
          return { drawn: Math.min(box.width, box.height * vb.width / vb.height),
                   room: felt.clientWidth };
        }"""
    )
    return size
