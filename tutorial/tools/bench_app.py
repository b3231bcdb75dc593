"""``python -m tutorial bench-app``: how fast a click gets its answer. Prints, never asserts.

1. Server time of one whole run of the app (AppTest runs the script in-process, as the
   server does, but always the whole app): 50 plays in the overruff scenario (through
   the same controller as a click on the table), against 50 clicks of a button in an
   empty Streamlit app. Median and p95. In the browser a click on the table reruns the
   play's fragment alone: what that costs the server is measured there (below).
2. In a real browser (Debian's chromium, when present), timed in the page itself by
   :data:`STOPWATCH`: from the click's ``pointerdown`` to the first animation frame after
   the DOM shows the answer (Playwright's own waits poll at 100, 250, 500 ms: they would
   round every figure up to its next poll):
   - click-to-feedback: from the click on an illegal card of the table to the engine's
     reason on screen, 20 times, with the server's CPU for each (from /proc);
   - the end of a scenario: the card that ends the hand to its answer and the question
     after it, and the last answer to the score charts drawn (the score waits for the
     questions), 20 times (a p95 of 10 would be the slowest one alone);
   - the page's own CPU per click (main-thread time in a Chromium trace, which waiting
     for a core does not inflate): an illegal card and a scenario's last answer;
   - first paint of Home: from opening the address to the games on screen, 5 times;
   - memory: the server's resident memory with 1 session and with 30 more.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
EMPTY_APP = """
import time
import streamlit as st
_started = time.perf_counter()
st.button("click", key="b")
st.session_state.setdefault("_timing", []).append(time.perf_counter() - _started)
"""


#: A stopwatch in the page: ``arm(test)`` starts it at the next ``pointerdown`` and stops
#: it at the first animation frame after ``test(all)`` holds, ``all(selector)`` finding
#: elements in the document and in the open shadow roots of the elements drawn (the table
#: component draws in one). The DOM is watched with a ``MutationObserver``.
STOPWATCH = """
() => {
  if (window.__stopwatch) return;
  const sw = {start: null, end: null, test: null, roots: [document]};
  const options = {subtree: true, childList: true, attributes: true, characterData: true};
  const all = (sel) => sw.roots.flatMap((root) => [...root.querySelectorAll(sel)]);
  const check = () => {
    if (sw.start === null || sw.end !== null || sw.pending || !sw.test || !sw.test(all)) return;
    sw.pending = true;
    requestAnimationFrame(() => { sw.end = performance.now(); sw.pending = false; });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, options);
  sw.watchShadows = () => {
    for (const host of document.querySelectorAll('*')) {
      if (host.shadowRoot && !sw.roots.includes(host.shadowRoot)) {
        sw.roots.push(host.shadowRoot);
        observer.observe(host.shadowRoot, options);
      }
    }
  };
  sw.arm = (source) => {
    sw.watchShadows();
    sw.test = new Function('all', 'return (' + source + ');');
    sw.start = null; sw.end = null; sw.pending = false;
  };
  document.addEventListener('pointerdown', () => {
    if (sw.test && sw.start === null) sw.start = performance.now();
  }, true);
  window.__stopwatch = sw;
}
"""


def _arm(page: Any, test: str) -> None:
    """Start the page's stopwatch at the next click; stop it when the JS ``test`` holds."""
    page.evaluate(STOPWATCH)
    page.evaluate("source => window.__stopwatch.arm(source)", test)


def _stopwatch_ms(page: Any) -> float:
    """The armed click's milliseconds, once the page has drawn its answer."""
    page.wait_for_function(
        "() => window.__stopwatch.end !== null && window.__stopwatch.start !== null",
        timeout=60_000,
    )
    return float(page.evaluate("() => window.__stopwatch.end - window.__stopwatch.start"))


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def server_times(clicks: int = 50) -> dict[str, dict[str, float]]:
    """Milliseconds per click rerun: the player and an empty app.

    Each script times its own run (``ATOUT_TIMING``): AppTest's polling would otherwise
    add its own sleeps to the figure.
    """
    import os

    from streamlit.testing.v1 import AppTest

    os.environ["ATOUT_TIMING"] = "1"

    out: dict[str, dict[str, float]] = {}
    at = AppTest.from_file(str(ROOT / "tutorial" / "app.py"), default_timeout=120)
    at.query_params["scenario"] = "belote/overruff"
    at.run()
    at.switch_page("screens/play.py")
    at.run()
    at.session_state["_timing"] = []
    for i in range(clicks):
        if i % 2 == 0:
            at.text_input(key="typed_card").input("8H").run()
        else:
            at.button(key="restart").click().run()
    times = [x * 1000 for x in at.session_state["_timing"]]
    out["player"] = {"median_ms": statistics.median(times), "p95_ms": _pct(times, 95)}
    empty = AppTest.from_string(EMPTY_APP, default_timeout=60)
    empty.run()
    empty.session_state["_timing"] = []
    for _ in range(clicks):
        empty.button(key="b").click().run()
    times = [x * 1000 for x in empty.session_state["_timing"]]
    out["empty"] = {"median_ms": statistics.median(times), "p95_ms": _pct(times, 95)}
    out["ratio_p95"] = {"player_over_empty": out["player"]["p95_ms"] / out["empty"]["p95_ms"]}
    return out


EMPTY_BROWSER_APP = """
import streamlit as st
st.session_state.setdefault("n", 0)
if st.button("click", key="b"):
    st.session_state["n"] += 1
st.write(f"clicked {st.session_state['n']}")
"""
CHROMIUM = "/usr/bin/chromium"
LAUNCH = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _serve(script: str, port: int) -> subprocess.Popen[bytes]:
    """Start ``streamlit run script`` on 127.0.0.1:port and wait for its health check."""
    cmd = [sys.executable, "-m", "streamlit", "run", script, "--server.headless", "true"]
    cmd += ["--server.port", str(port), "--server.address", "127.0.0.1"]
    cmd += ["--server.fileWatcherType", "none"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(120):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2):
                return proc
        except OSError:
            time.sleep(0.5)
    return proc


def _summary(times: list[float]) -> dict[str, float]:
    return {"median_ms": statistics.median(times), "p95_ms": _pct(times, 95), "clicks": len(times)}


def _idle(page: Any) -> None:
    from playwright.sync_api import expect

    expect(page.locator("[data-test-script-state='notRunning']")).to_have_count(1, timeout=60_000)


def _click_card(page: Any, name: str) -> None:
    card = page.get_by_role("button", name=name, exact=True)
    card.wait_for(timeout=60_000)
    card.click(position={"x": 6, "y": 20})


def _rss_kb(pid: int) -> int:
    """Resident memory of a process and its children (kB), from /proc."""
    total = 0
    pids = [pid]
    try:
        kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        pids += [int(k) for k in kids]
    except OSError:
        pass
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total


def _cpu_ms(pid: int) -> float:
    """CPU time (user and system, ms) a process has used so far, from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


#: The trace categories that give each task of the page's main thread its thread time.
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline"]


def _renderer_cpu_ms(browser: Any, page: Any, x: float, y: float, settle_s: float = 2.0) -> float:
    """The page's main-thread CPU time (milliseconds) from a click at ``x, y`` (straight
    to the page, so that no test tool runs in it meanwhile) until ``settle_s`` later: the sum of its tasks' thread times in a Chromium trace. Unlike the stopwatch it
    barely moves when other work shares the machine (time waiting for a core is not
    counted)."""
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    page.mouse.click(x, y)
    time.sleep(settle_s)
    events = json.loads(browser.stop_tracing())["traceEvents"]
    mains = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M"
        and e.get("name") == "thread_name"
        and e.get("args", {}).get("name") == "CrRendererMain"
    }
    return sum(
        float(e["tdur"]) / 1000
        for e in events
        if (e.get("pid"), e.get("tid")) in mains and e.get("name") == "RunTask" and "tdur" in e
    )


def renderer_cpu(browser: Any, base: str, clicks: int = 5) -> dict[str, float]:
    """Median main-thread CPU of the page per click: an illegal card, and the last answer
    of a scenario (its score drawn)."""
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{base}/play?scenario=belote/overruff")
    _idle(page)
    illegal: list[float] = []
    for _ in range(clicks):
        box = page.get_by_role("button", name="8♥", exact=True).bounding_box()
        _idle(page)
        illegal.append(_renderer_cpu_ms(browser, page, box["x"] + 6, box["y"] + 20))
        expect(page.locator(".atout .fb.error")).to_contain_text("overtrump", timeout=30_000)
        page.locator(".st-key-restart button").first.click()
        expect(page.locator(".atout .fb.error")).to_have_count(0, timeout=30_000)
    page.goto(f"{base}/play?scenario=belote/dix-de-der")
    _idle(page)
    choices = page.locator(".atout .choices button")
    last: list[float] = []
    for _ in range(clicks):
        _click_card(page, "7♠")
        expect(choices.first).to_be_visible(timeout=30_000)
        _idle(page)
        choices.filter(has_text="87").first.click()
        expect(choices.filter(has_text="87")).to_have_count(0, timeout=30_000)
        _idle(page)
        box = choices.first.bounding_box()
        last.append(_renderer_cpu_ms(browser, page, box["x"] + 5, box["y"] + 5))
        expect(page.locator(".stPlotlyChart .js-plotly-plot").first).to_be_visible(timeout=30_000)
        _idle(page)
        page.locator(".st-key-restart button").first.click()
        expect(page.locator(".stPlotlyChart .js-plotly-plot")).to_have_count(1, timeout=30_000)
    page.close()
    return {
        "illegal_card_ms": statistics.median(illegal),
        "last_answer_ms": statistics.median(last),
        "clicks": clicks,
    }


def browser_times(clicks: int = 20, port: int = 8599) -> dict[str, Any] | None:
    """Click-to-screen milliseconds in headless chromium, or None without chromium."""
    if not Path(CHROMIUM).exists():
        return None
    from playwright.sync_api import expect, sync_playwright

    proc = _serve("tutorial/app.py", port)
    base = f"http://127.0.0.1:{port}"
    out: dict[str, Any] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH)
            # 1. An illegal card: the reason on screen.
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(f"{base}/play?scenario=belote/overruff")
            _idle(page)
            reason = page.locator(".atout .fb.error")
            times: list[float] = []
            server_cpu: list[float] = []  # what the click's rerun cost the app's server
            for _ in range(clicks):
                card = page.get_by_role("button", name="8♥", exact=True)
                expect(card).to_be_visible(timeout=30_000)
                _idle(page)
                _arm(
                    page,
                    "all('.atout .fb.error').some((e) => e.textContent.includes('overtrump'))",
                )
                used = _cpu_ms(proc.pid)
                card.click(position={"x": 6, "y": 20})
                times.append(_stopwatch_ms(page))
                expect(reason).to_contain_text("overtrump", timeout=30_000)
                _idle(page)
                server_cpu.append(_cpu_ms(proc.pid) - used)
                page.locator(".st-key-restart button").first.click()
                expect(reason).to_have_count(0, timeout=30_000)
                _idle(page)
            out["illegal_card"] = _summary(times)
            out["server_cpu_illegal_card_ms"] = statistics.median(server_cpu)
            # 2. The end of a scenario: the last card (its answer and the first question
            # after it), then the last answer, which brings the score charts (they wait
            # until every question is answered). One page, as a learner plays on; Restart
            # between tries. The first try in a page also loads the code of the elements
            # the end shows for the first time: reported apart.
            times = []
            last_card: list[float] = []
            page.goto(f"{base}/play?scenario=belote/dix-de-der")
            _idle(page)
            choices = page.locator(".atout .choices button")
            for i in range(max(3, clicks) + 1):
                card = page.get_by_role("button", name="7♠", exact=True)
                card.wait_for(timeout=60_000)
                # A learner thinks before each click: the chart library has loaded by
                # then (the page's hidden warm-up chart); the click is what is measured.
                warm = page.locator(".st-key-chart_warm_up .js-plotly-plot")
                expect(warm).to_have_count(1, timeout=60_000)
                _idle(page)
                _arm(page, "all('.atout .choices button').length > 0")
                _click_card(page, "7♠")
                last_card.append(_stopwatch_ms(page))
                expect(choices.first).to_be_visible(timeout=30_000)
                _idle(page)
                choices.filter(has_text="87").first.click()  # how many points: 87
                expect(choices.filter(has_text="87")).to_have_count(0, timeout=30_000)
                _idle(page)
                page.wait_for_timeout(300)
                # The score's chart (one is drawn, the other a switch away), drawn and
                # not the hidden warm-up chart.
                _arm(
                    page,
                    "all('.stPlotlyChart .js-plotly-plot').filter((p) => p.querySelector("
                    "'.main-svg') && !p.closest('.st-key-chart_warm_up')).length >= 1",
                )
                choices.first.click()  # the contract is made: the last answer
                elapsed = _stopwatch_ms(page)
                expect(page.locator(".st-key-chart_warm_up")).to_have_count(0, timeout=30_000)
                expect(page.locator(".stPlotlyChart .js-plotly-plot").first).to_be_visible(
                    timeout=30_000
                )
                _idle(page)
                if i == 0:
                    out["end_of_scenario_first_in_page_ms"] = elapsed
                else:
                    times.append(elapsed)
                page.locator(".st-key-restart button").first.click()
                expect(page.locator(".stPlotlyChart .js-plotly-plot")).to_have_count(
                    1, timeout=30_000
                )
            out["last_card"] = _summary(last_card)
            out["end_of_scenario"] = _summary(times)
            out["renderer_cpu"] = renderer_cpu(browser, base)
            # 3. First paint of Home in a new browser profile.
            times = []
            for _ in range(5):
                ctx = browser.new_context(viewport={"width": 1280, "height": 800})
                tab = ctx.new_page()
                start = time.perf_counter()
                tab.goto(base)
                expect(tab.get_by_text("The three games")).to_be_visible(timeout=60_000)
                times.append((time.perf_counter() - start) * 1000)
                ctx.close()
            out["home_first_paint"] = _summary(times)
            # 4. Memory: 30 more sessions, each with a scenario open.
            page.goto(base)
            _idle(page)
            time.sleep(1)
            before = _rss_kb(proc.pid)
            contexts = []
            for i in range(30):
                ctx = browser.new_context()
                tab = ctx.new_page()
                tab.goto(f"{base}/play?scenario=belote/overruff&step={i % 3 + 1}")
                contexts.append(ctx)
            for ctx in contexts:
                _idle(ctx.pages[0])
            time.sleep(2)
            after = _rss_kb(proc.pid)
            out["memory"] = {
                "rss_one_session_mb": before / 1024,
                "rss_31_sessions_mb": after / 1024,
                "per_extra_session_mb": (after - before) / 1024 / 30,
            }
            for ctx in contexts:
                ctx.close()
            browser.close()
        return out
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def empty_browser_times(clicks: int = 20, port: int = 8598) -> dict[str, float] | None:
    """Click-to-update milliseconds of an empty app in the same browser, for comparison."""
    if not Path(CHROMIUM).exists():
        return None
    import tempfile

    from playwright.sync_api import expect, sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "empty_app.py"
        script.write_text(EMPTY_BROWSER_APP, encoding="utf-8")
        proc = _serve(str(script), port)
        try:
            times: list[float] = []
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH)
                page = browser.new_page()
                page.goto(f"http://127.0.0.1:{port}")
                expect(page.get_by_text("clicked 0")).to_be_visible(timeout=60_000)
                button = page.locator(".st-key-b button").first
                for i in range(1, clicks + 1):
                    _arm(
                        page,
                        f"all('[data-testid=stMarkdownContainer]')"
                        f".some((e) => e.textContent.trim() === 'clicked {i}')",
                    )
                    button.click()
                    times.append(_stopwatch_ms(page))
                    expect(page.get_by_text(f"clicked {i}")).to_be_visible(timeout=30_000)
                browser.close()
            return _summary(times)
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def main(argv: list[str]) -> int:
    """Print the figures (``--json`` for machine-readable; ``--no-browser``)."""
    figures: dict[str, object] = {"server": server_times()}
    if "--no-browser" not in argv:
        figures["browser"] = browser_times()
        figures["browser_empty"] = empty_browser_times()
    if "--json" in argv:
        print(json.dumps(figures, indent=2))
    else:
        s = figures["server"]
        assert isinstance(s, dict)
        print(
            f"server whole run of the app, player: median {s['player']['median_ms']:.1f} ms, p95 {s['player']['p95_ms']:.1f} ms"
        )
        print(
            f"server whole run of the app, empty:  median {s['empty']['median_ms']:.1f} ms, p95 {s['empty']['p95_ms']:.1f} ms"
        )
        print(f"p95 ratio player / empty: {s['ratio_p95']['player_over_empty']:.2f}")
        b = figures.get("browser")
        e = figures.get("browser_empty")
        if isinstance(b, dict):
            for name, label in (
                ("illegal_card", "browser click-to-feedback (illegal card)"),
                ("last_card", "browser last card to its answer and question"),
                ("end_of_scenario", "browser last answer to score charts"),
                ("home_first_paint", "browser first paint of Home"),
            ):
                f = b[name]
                print(
                    f"{label}: median {f['median_ms']:.0f} ms, p95 {f['p95_ms']:.0f} ms over {f['clicks']}"
                )
            print(
                f"browser last answer to score charts, first time in a page: {b['end_of_scenario_first_in_page_ms']:.0f} ms"
            )
            print(
                "server CPU per illegal card in the browser (the play's fragment rerun, "
                f"median): {b['server_cpu_illegal_card_ms']:.0f} ms"
            )
            c = b["renderer_cpu"]
            print(
                f"page main-thread CPU per click (median of {c['clicks']}): illegal card "
                f"{c['illegal_card_ms']:.0f} ms, last answer to score charts {c['last_answer_ms']:.0f} ms"
            )
            m = b["memory"]
            print(
                f"server memory: {m['rss_one_session_mb']:.0f} MB with 1 session, "
                f"{m['rss_31_sessions_mb']:.0f} MB with 31: {m['per_extra_session_mb']:.2f} MB per extra session"
            )
        elif "browser" in figures:
            print("browser: chromium not installed, not measured")
        if isinstance(e, dict):
            print(
                f"browser click-to-update, empty app: median {e['median_ms']:.0f} ms, p95 {e['p95_ms']:.0f} ms"
            )
    return 0
