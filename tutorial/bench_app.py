"""``python -m tutorial bench-app``: how fast a click gets its answer. Prints, never asserts.

1. Server time of one click's rerun (AppTest runs the script in-process, as the server
   does): 50 clicks on a card in the overruff scenario, against 50 clicks of a button
   in an empty Streamlit app. Median and p95.
2. In a real browser (Debian's chromium, when present): click-to-feedback time, from
   the click on an illegal card to the engine's reason on screen, 20 times.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EMPTY_APP = """
import time
import streamlit as st
_started = time.perf_counter()
st.button("click", key="b")
st.session_state.setdefault("_timing", []).append(time.perf_counter() - _started)
"""


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
    keys = ["card_8H", "restart"]
    at.session_state["_timing"] = []
    for i in range(clicks):
        at.button(key=keys[i % 2]).click().run()
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


def browser_times(clicks: int = 20, port: int = 8599) -> dict[str, float] | None:
    """Click-to-feedback milliseconds in headless chromium, or None without chromium."""
    if not Path(CHROMIUM).exists():
        return None
    from playwright.sync_api import expect, sync_playwright

    proc = _serve("tutorial/app.py", port)
    try:
        times: list[float] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH)
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.goto(f"http://127.0.0.1:{port}/play?scenario=belote/overruff")
            idle = page.locator("[data-test-script-state='notRunning']")
            expect(idle).to_have_count(1, timeout=60_000)
            reason = page.get_by_text("You must overtrump", exact=False)
            for _ in range(clicks):
                card = page.locator(".st-key-card_8H button[data-testid^=stBaseButton]").first
                expect(card).to_be_visible(timeout=30_000)
                start = time.perf_counter()
                card.click()
                expect(reason).to_be_visible(timeout=30_000)
                times.append((time.perf_counter() - start) * 1000)
                page.locator(".st-key-restart button[data-testid^=stBaseButton]").first.click()
                expect(reason).to_have_count(0, timeout=30_000)
                expect(idle).to_have_count(1, timeout=30_000)
            browser.close()
        return _summary(times)
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
                    start = time.perf_counter()
                    button.click()
                    expect(page.get_by_text(f"clicked {i}")).to_be_visible(timeout=30_000)
                    times.append((time.perf_counter() - start) * 1000)
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
            f"server rerun per click, player:  median {s['player']['median_ms']:.1f} ms, p95 {s['player']['p95_ms']:.1f} ms"
        )
        print(
            f"server rerun per click, empty:   median {s['empty']['median_ms']:.1f} ms, p95 {s['empty']['p95_ms']:.1f} ms"
        )
        print(f"p95 ratio player / empty: {s['ratio_p95']['player_over_empty']:.2f}")
        b = figures.get("browser")
        if isinstance(b, dict):
            print(
                f"browser click-to-feedback: median {b['median_ms']:.0f} ms, p95 {b['p95_ms']:.0f} ms over {b['clicks']} clicks"
            )
        elif "browser" in figures:
            print("browser: chromium not installed, not measured")
        e = figures.get("browser_empty")
        if isinstance(e, dict) and isinstance(b, dict):
            print(
                f"browser click-to-update, empty app: median {e['median_ms']:.0f} ms, p95 {e['p95_ms']:.0f} ms"
            )
            print(f"browser p95 ratio player / empty: {b['p95_ms'] / e['p95_ms']:.2f}")
    return 0
