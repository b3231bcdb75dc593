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
import streamlit as st
st.button("click", key="b")
"""


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def server_times(clicks: int = 50) -> dict[str, dict[str, float]]:
    """Milliseconds per click rerun: the player and an empty app."""
    from streamlit.testing.v1 import AppTest

    out: dict[str, dict[str, float]] = {}
    at = AppTest.from_file(str(ROOT / "tutorial" / "app.py"), default_timeout=120)
    at.query_params["scenario"] = "belote/overruff"
    at.run()
    at.switch_page("screens/play.py")
    at.run()
    times: list[float] = []
    keys = ["card_8H", "restart"]
    for i in range(clicks):
        key = keys[i % 2]
        btn = at.button(key=key)
        start = time.perf_counter()
        btn.click().run()
        times.append((time.perf_counter() - start) * 1000)
    out["player"] = {"median_ms": statistics.median(times), "p95_ms": _pct(times, 95)}
    empty = AppTest.from_string(EMPTY_APP, default_timeout=60)
    empty.run()
    times = []
    for _ in range(clicks):
        start = time.perf_counter()
        empty.button(key="b").click().run()
        times.append((time.perf_counter() - start) * 1000)
    out["empty"] = {"median_ms": statistics.median(times), "p95_ms": _pct(times, 95)}
    out["ratio_p95"] = {"player_over_empty": out["player"]["p95_ms"] / out["empty"]["p95_ms"]}
    return out


def browser_times(clicks: int = 20, port: int = 8599) -> dict[str, float] | None:
    """Click-to-feedback milliseconds in headless chromium, or None without chromium."""
    chromium = "/usr/bin/chromium"
    if not Path(chromium).exists():
        return None
    from playwright.sync_api import expect, sync_playwright

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
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(120):
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2):
                    break
            except OSError:
                time.sleep(0.5)
        times: list[float] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=chromium,
                args=[
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--no-first-run",
                ],
            )
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.goto(f"{url}/play?scenario=belote/overruff")
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
        return {"median_ms": statistics.median(times), "p95_ms": _pct(times, 95), "clicks": clicks}
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def main(argv: list[str]) -> int:
    """Print the figures (``--json`` for machine-readable; ``--no-browser``)."""
    figures: dict[str, object] = {"server": server_times()}
    if "--no-browser" not in argv:
        figures["browser"] = browser_times()
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
    return 0
