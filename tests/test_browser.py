"""A real browser (Debian's headless chromium) drives the app: the overruff lesson."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts"
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    port = _free_port()
    env = {**os.environ, "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false"}
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
    try:
        for _ in range(120):
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                    if r.read().decode().strip() == "ok":
                        break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("the app did not answer on /_stcore/health")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_overruff_in_a_real_browser(server: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1100})
            page.goto(f"{server}/play?scenario=belote/overruff")
            idle = page.locator("[data-test-script-state='notRunning']")
            expect(idle).to_have_count(1, timeout=60_000)
            hand = page.locator(".st-key-card_8H button[data-testid^=stBaseButton]").first
            expect(hand).to_be_visible(timeout=60_000)
            # An illegal card: the engine's reason, the forcing card marked.
            hand.click()
            alert = page.get_by_text("You must overtrump", exact=False)
            expect(alert).to_be_visible(timeout=30_000)
            forcing = page.locator(
                ".st-key-card_9H_forcing button[data-testid^=stBaseButton]"
            ).first
            expect(forcing).to_be_visible()
            # The right card: success and the question.
            forcing.click()
            expect(page.get_by_text("Right!", exact=False)).to_be_visible(timeout=30_000)
            expect(page.get_by_text("Who wins this trick?", exact=False)).to_be_visible()
            page.screenshot(path=str(ARTIFACTS / "overruff.png"), full_page=True)
        finally:
            browser.close()


def test_keyboard_alone_and_phone_width(server: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(f"{server}/play?scenario=belote/overruff")
            idle = page.locator("[data-test-script-state='notRunning']")
            expect(idle).to_have_count(1, timeout=60_000)
            box = page.get_by_label("Or type a card", exact=False)
            expect(box).to_be_visible(timeout=60_000)
            # Nothing wider than a phone: no sideways scrolling.
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 392, width
            # Keyboard only: type a card and press Enter.
            box.focus()
            page.keyboard.type("8H")
            page.keyboard.press("Enter")
            expect(page.get_by_text("You must overtrump", exact=False)).to_be_visible(
                timeout=30_000
            )
            # Tab reaches the card buttons, Enter plays the focused one.
            expect(idle).to_have_count(1, timeout=30_000)
            card = page.locator(
                ".st-key-card_9H_forcing button[data-testid^=stBaseButton]:visible"
            ).first
            expect(card).to_be_visible()
            card.focus()
            expect(card).to_be_focused()
            page.keyboard.press("Enter")
            expect(page.get_by_text("Right!", exact=False)).to_be_visible(timeout=30_000)
            page.screenshot(path=str(ARTIFACTS / "overruff-phone.png"), full_page=True)
        finally:
            browser.close()
