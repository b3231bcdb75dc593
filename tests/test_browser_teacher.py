"""A real browser drives the Teacher page: 30 progress codes pasted, the counts read back."""

from __future__ import annotations

from typing import Any

from browser_util import SHOTS, _close, _open, browser, pytestmark, server

from tutorial.course.progress import Progress, ScenarioRecord, encode

__all__ = ["browser", "pytestmark", "server"]  # fixtures and marks from browser_util

A, B = "belote/overruff", "belote/dix-de-der"


def class_codes(n: int = 30) -> tuple[list[str], dict[str, int]]:
    """``n`` learners' codes and what the page must count from them.

    Learner i finished the overruff unless i is a multiple of 3, made a mistake in it
    when i is even (a wrong 8♥ each time), and tried the dix de der when i is a multiple
    of 5 (one mistake, not finished).
    """
    codes: list[str] = []
    want = {"a_done": 0, "a_missed": 0, "b_missed": 0}
    for i in range(1, n + 1):
        scen: dict[str, ScenarioRecord] = {}
        done = i % 3 != 0
        wrong = {"8H": 1} if i % 2 == 0 else {}
        scen[A] = ScenarioRecord(
            done=done, stars=(2 if wrong else 3) if done else 0, mistakes=len(wrong), wrong=wrong
        )
        want["a_done"] += done
        want["a_missed"] += bool(wrong)
        if i % 5 == 0:
            scen[B] = ScenarioRecord(mistakes=1, wrong={"7S": 1})
            want["b_missed"] += 1
        codes.append(encode(Progress(learner=f"Pupil {i:02d}", date="2026-12-01", scenarios=scen)))
    return codes, want


def test_thirty_codes_pasted_give_the_right_counts(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    codes, want = class_codes(30)
    assert (want["a_done"], want["a_missed"], want["b_missed"]) == (20, 15, 6)
    text = "\n".join([*codes[:10], "not a code", *codes[10:]])
    page = _open(browser, f"{server}/teacher", "laptop")
    try:
        box = page.get_by_label("Progress codes, one per line")
        expect(box).to_be_visible(timeout=30_000)
        box.fill(text)
        box.press("Control+Enter")
        summary = page.locator(".st-key-teacher_summary")
        expect(summary).to_contain_text("30 codes read, 1 refused.", timeout=60_000)
        expect(page.get_by_text("Line 11: a progress code starts with ATOUT1-")).to_be_visible()
        words = page.locator(".st-key-teacher_words")
        expect(words).to_contain_text("Pupil 01: 1 of 2 scenarios done.", timeout=30_000)
        expect(words).to_contain_text("Pupil 03: 0 of 2 scenarios done.")
        expect(words).to_contain_text("Pupil 30: 0 of 2 scenarios done.")
        missed = page.locator(".st-key-teacher_missed")
        expect(missed).to_contain_text(
            f"{want['a_missed']} of 30 learners made a mistake (15 wrong tries in all); "
            f"{want['a_done']} of the 30 who tried it finished it."
        )
        expect(missed).to_contain_text(
            "6 of 30 learners made a mistake (6 wrong tries in all); 0 of the 6 who tried it"
        )
        wrong = page.locator(".st-key-teacher_wrong")
        expect(wrong).to_contain_text("8♥")
        expect(wrong).to_contain_text("played 15 times, by 15 learners")
        for internal in ("belote/", "seat ", "8H"):
            assert internal not in page.locator("[data-testid='stMain']").inner_text()
        page.screenshot(path=str(SHOTS / "teacher-laptop.png"))
        words.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "teacher-laptop-heatmap.png"))
        missed.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "teacher-laptop-missed.png"))
        page.locator(".st-key-teacher_measure").get_by_text("Wrong tries", exact=True).click()
        expect(words).to_contain_text("Pupil 02: 1 wrong try.", timeout=30_000)
        expect(words).to_contain_text("Pupil 01: 0 wrong tries.")
    finally:
        _close(page)
