"""A real browser runs a live class: the teacher makes a class and starts a live session
of a Belote scenario, the board is on a projector, three learners on phones (each a
browser of their own) choose at each of its three decisions; then one decision of a
practice deal. Answers arrive on the board, the split chart's words match the answers, the
reveal shows the engine's reason on every screen, a learner who reloads lands on the
current step, one learner's refused card is explained and not counted, and the class's
record afterwards holds each learner's choices (its CSV, downloaded).

Every wait ends on what the app draws (Playwright's ``expect``): the pages follow the
session by fragments read every second, so a change shows within a few of them.
"""

from __future__ import annotations

import contextlib
import csv
import io
import re
from typing import Any

from browser_util import (
    SHOTS,
    _choose,
    _click,
    _close,
    _goto,
    _open,
    _page_state,
    _run_done,
    _select,
    _settle,
    browser,
    launch_app,
    pytestmark,
    server,
    stop_app,
)
from db_util import drop_postgres_database, new_postgres_database
from test_browser_classes import _join, _make_class

__all__ = ["browser", "pytestmark", "server"]  # the fixture and marks from browser_util

#: Three decisions: a card (all but 8♥ refused: the learner must undertrump), who wins the
#: trick (Left), the trick's card points (21).
SCENARIO_TITLE = "Belote · Undertrump when you cannot overtrump"
#: A practice deal's link query: Briscola for two, its first decision a card.
DEAL = "deal=3&game=briscola&players=2&rules=default&level=beginner"
NAMES = ("Ana", "Bo", "Cy")
#: How long a change may take to reach a screen (the fragments read every second; the
#: machine may be busy): a hang guard, not a figure.
SEEN = 60_000


#: The opacity of the board's answer counts once marked stale, as Streamlit marks an
#: element about to be replaced, with its fade (opacity .33 after half a second) inline.
_FADED_OPACITY_JS = """() => {
  const box = document.querySelector('.st-key-live_counts');
  box.setAttribute('data-stale', 'true');
  box.style.transition = 'none';
  box.style.opacity = '0.33';
  const seen = getComputedStyle(box).opacity;
  box.removeAttribute('data-stale');
  box.style.opacity = '';
  box.style.transition = '';
  return seen;
}"""


def _expect_board(board: Any, part: Any, text: str) -> None:
    """``part`` of the board says ``text`` within :data:`SEEN`; else the failure says what
    the board's page was doing (its runs, its state, its store), to tell a board that
    stood still from one that was slow."""
    from playwright.sync_api import expect

    try:
        expect(part).to_contain_text(text, timeout=SEEN)
    except AssertionError as e:
        raise AssertionError(f"the board never said {text!r}: {_page_state(board)}") from e


def _teacher_click(page: Any, label: str) -> None:
    from playwright.sync_api import expect

    button = page.locator(".st-key-live_controls").first.get_by_role("button", name=label)
    expect(button).to_be_visible(timeout=SEEN)
    button.click()


def _prompt(page: Any) -> Any:
    return page.locator(".atout .prompt").first


def _feedback(page: Any) -> Any:
    return page.locator(".atout .fb").first


def _answer_choice(page: Any, label: str) -> None:
    from playwright.sync_api import expect

    button = page.locator(".atout .choices button", has_text=label).first
    expect(button).to_be_visible(timeout=SEEN)
    _choose(page, button)
    expect(_feedback(page)).to_contain_text(f"Your answer: {label}.", timeout=SEEN)


def _start(teacher: Any, kind: str = "A scenario") -> None:
    """Start a live class of the scenario, or (``kind``) of the practice deal."""
    from playwright.sync_api import expect

    form = teacher.locator(".st-key-live_start_form")
    expect(form).to_be_visible(timeout=SEEN)
    choice = form.get_by_role("radio", name=kind)
    if not choice.is_checked():  # a form drawn anew starts on "A scenario"
        _run_done(teacher, form.get_by_text(kind, exact=True).click, timeout=SEEN)
    if kind == "A scenario":
        _select(teacher, form.get_by_role("combobox"), SCENARIO_TITLE)
    else:
        field = form.get_by_label("A practice deal's link")
        expect(field).to_be_visible(timeout=SEEN)
        field.fill(f"{teacher.url.split('/live')[0]}/practice?{DEAL}")
        _run_done(teacher, lambda: field.press("Enter"), timeout=SEEN)
    _settle(teacher)
    teacher.get_by_role("button", name="Start the live class").click()
    expect(teacher.locator(".st-key-live_controls").first).to_be_visible(timeout=SEEN)


def _expect_split_words(board: Any, words: str) -> None:
    """The board's split chart says ``words`` beside it (waited for: while the board's
    column is drawn again, the element can still hold what was there before)."""
    from playwright.sync_api import expect

    caption = board.locator(".st-key-live_split [data-testid='stCaptionContainer']").first
    expect(caption).to_have_text(words, timeout=SEEN)


def test_a_live_class_on_a_projector_and_three_phones(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    teacher = _open(browser, f"{server}/teacher", "laptop", fresh=True)
    phones: list[Any] = []
    board = None
    try:
        code = _make_class(teacher)
        for name in NAMES:
            phone = _open(browser, f"{server}/my-class", "phone", fresh=True)
            _join(phone, code, name)
            phones.append(phone)
        _goto(teacher, f"{server}/live")
        # First, one decision of a practice deal.
        _start(teacher, kind="A practice deal")
        _teacher_click(teacher, "Open the question")
        for phone in phones:
            _goto(phone, f"{server}/live")
            expect(_prompt(phone)).to_have_text("Which card would you play?", timeout=SEEN)
            first = phone.locator(".atout .hand [role='button']").first
            name = str(first.get_attribute("aria-label") or first.inner_text()).strip()
            _click(phone, name)
            expect(_feedback(phone)).to_contain_text("Your answer:", timeout=SEEN)
        _teacher_click(teacher, "Reveal")
        for phone in phones:
            expect(_feedback(phone)).to_contain_text("best", timeout=SEEN)
        phones[0].screenshot(path=str(SHOTS / "live-phone-practice.png"))
        _teacher_click_end(teacher)
        for phone in phones:
            expect(phone.get_by_text("This live class has ended")).to_be_visible(timeout=SEEN)
        # Then three decisions of a Belote scenario.
        _start(teacher)
        link = teacher.locator(".st-key-live_board_link code").first
        expect(link).to_contain_text("/live?board=", timeout=SEEN)
        board_url = str(link.inner_text()).strip()
        assert "teach" not in board_url
        board = _open(browser, board_url, "projector", fresh=True)
        expect(board.locator(".st-key-live_heading").first).to_contain_text(
            "Undertrump", timeout=SEEN
        )
        # Ana taps "Live now" on My class; Bo and Cy open the Live class page.
        ana, bo, cy = phones
        _goto(ana, f"{server}/my-class")
        live_now = ana.get_by_role("link", name="Join the live class")
        expect(live_now).to_be_visible(timeout=SEEN)
        live_now.click()
        for phone in (bo, cy):
            _goto(phone, f"{server}/live")
        for phone in phones:
            expect(_prompt(phone)).to_contain_text("opens the question", timeout=SEEN)
        expect(board.locator(".st-key-live_counts").first).to_contain_text(
            "3 in the class", timeout=SEEN
        )

        # Decision 1: a card. Ana first taps a card the rules refuse.
        _teacher_click(teacher, "Open the question")
        for phone in phones:
            expect(_prompt(phone)).to_have_text("Which card would you play?", timeout=SEEN)
        _click(ana, "7♦")
        expect(ana.locator(".atout .fb.error").first).to_contain_text(
            "You cannot overtrump", timeout=SEEN
        )
        counts = board.locator(".st-key-live_counts").first
        expect(counts).to_contain_text("0 answers")
        ana.screenshot(path=str(SHOTS / "live-phone-refused.png"))
        for phone in phones:
            _click(phone, "8♥")
            expect(_feedback(phone)).to_contain_text("Your answer: 8♥.", timeout=SEEN)
        _expect_board(board, counts, "3 answers")
        _teacher_click(teacher, "Show the answers so far")
        _expect_split_words(board, "3 answers so far: 8♥ 3.")
        _teacher_click(teacher, "Reveal")
        for phone in phones:
            expect(_feedback(phone)).to_contain_text(
                "Your answer, 8♥, is a best answer.", timeout=SEEN
            )
        reveal = board.locator(".st-key-live_reveal").first
        expect(reveal).to_contain_text("The best answer: 8♥.", timeout=SEEN)
        expect(reveal).to_contain_text("undertrump", timeout=SEEN)
        board.screenshot(path=str(SHOTS / "live-board-revealed.png"))
        # A redraw that outlasts half a second dims nothing on the board: an element marked
        # stale, with Streamlit's fade given inline (stronger than its own class), stays
        # fully drawn.
        assert board.evaluate(_FADED_OPACITY_JS) == "1"

        # Decision 2: who wins the trick; the split differs.
        _teacher_click(teacher, "Next decision")
        _teacher_click(teacher, "Open the question")
        for phone, label in zip(phones, ("Left", "Right", "Left"), strict=True):
            expect(_prompt(phone)).to_have_text("Who wins this trick?", timeout=SEEN)
            _answer_choice(phone, label)
        _expect_board(board, counts, "3 answers")
        _teacher_click(teacher, "Reveal")
        _expect_split_words(board, "3 answers: Left 2, Right 1. Best: Left.")
        expect(_feedback(bo)).to_contain_text("is not the best: the best is Left", timeout=SEEN)
        expect(_feedback(ana)).to_contain_text("is a best answer", timeout=SEEN)
        bo.screenshot(path=str(SHOTS / "live-phone-wrong.png"))
        # Bo reloads: the same step, the same verdict.
        _goto(bo, f"{server}/live")
        expect(_feedback(bo)).to_contain_text("is not the best: the best is Left", timeout=SEEN)

        # Decision 3: the trick's points.
        _teacher_click(teacher, "Next decision")
        _teacher_click(teacher, "Open the question")
        for phone in phones:
            expect(_prompt(phone)).to_contain_text("card points", timeout=SEEN)
            _answer_choice(phone, "21")
        _teacher_click(teacher, "Reveal")
        for phone in phones:
            expect(_feedback(phone)).to_contain_text("is a best answer", timeout=SEEN)
        _teacher_click_end(teacher)
        for phone in phones:
            expect(phone.get_by_text("This live class has ended")).to_be_visible(timeout=SEEN)
        # The record: the scenario's session, as CSV.
        _goto(teacher, f"{server}/teacher")
        pick = teacher.locator(".st-key-live_results_pick")
        expect(pick.get_by_role("combobox")).to_have_value(  # the newest session first
            re.compile("Undertrump"), timeout=SEEN
        )
        with teacher.expect_download() as download:
            teacher.get_by_role("button", name="Download this live class (CSV)").click()
        text = download.value.path().read_text(encoding="utf-8-sig")
        rows = list(csv.reader(io.StringIO(text)))
        answers = {(r[0], r[2]): (r[3], r[4]) for r in rows[1:]}
        assert answers[("Ana", "1")] == ("8♥", "yes")
        assert answers[("Bo", "2")] == ("Right", "no")
        assert answers[("Cy", "3")] == ("21", "yes")
        assert len(rows) == 1 + 9  # 7♦ refused: never counted
        teacher.screenshot(path=str(SHOTS / "live-record.png"))
    finally:
        for page in (*phones, board, teacher):
            if page is not None:
                _close(page)


def _teacher_click_end(teacher: Any) -> None:
    """End the session from the teacher's controls, once the start form is back. A click
    on "End it now" is tried again while the button is still there: the controls redraw
    every half second, and on a loaded machine (two clean clones side by side, load 24)
    one click was lost, the session still running a minute later."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect

    teacher.get_by_text("End the live class").first.click()
    end = teacher.get_by_role("button", name="End it now")
    expect(end).to_be_visible(timeout=SEEN)
    started = teacher.locator(".st-key-live_start_form")
    for _ in range(6):  # a hang guard of six clicks, ten seconds each
        with contextlib.suppress(PlaywrightTimeout):
            if end.count():
                end.first.click(timeout=10_000)
        with contextlib.suppress(AssertionError):
            expect(started).to_be_visible(timeout=10_000)
            return
    expect(started).to_be_visible(timeout=SEEN)


def test_two_servers_on_one_postgresql_serve_one_live_class(
    browser: Any, postgres_server: Any
) -> None:
    """The teacher and the board on different app servers, a learner on each: the session
    lives in the database, so every screen follows it whichever server draws it."""
    from playwright.sync_api import expect

    database = new_postgres_database(postgres_server)
    first, first_proc = launch_app(database)
    second, second_proc = launch_app(database)
    pages: list[Any] = []
    try:
        teacher = _open(browser, f"{first}/teacher", "laptop", fresh=True)
        pages.append(teacher)
        code = _make_class(teacher)
        ana = _open(browser, f"{second}/my-class", "phone", fresh=True)
        bo = _open(browser, f"{first}/my-class", "phone", fresh=True)
        pages += [ana, bo]
        _join(ana, code, "Ana")
        _join(bo, code, "Bo")
        _goto(teacher, f"{first}/live")
        _start(teacher)
        link = teacher.locator(".st-key-live_board_link code").first
        expect(link).to_contain_text("/live?board=", timeout=SEEN)
        board_path = str(link.inner_text()).strip().split("/live?", 1)[1]
        board = _open(browser, f"{second}/live?{board_path}", "projector", fresh=True)
        pages.append(board)
        for phone, server_url in ((ana, second), (bo, first)):
            _goto(phone, f"{server_url}/live")
            expect(_prompt(phone)).to_contain_text("opens the question", timeout=SEEN)
        _teacher_click(teacher, "Open the question")
        for phone in (ana, bo):
            expect(_prompt(phone)).to_have_text("Which card would you play?", timeout=SEEN)
            _click(phone, "8♥")
            expect(_feedback(phone)).to_contain_text("Your answer: 8♥.", timeout=SEEN)
        expect(board.locator(".st-key-live_counts").first).to_contain_text(
            "2 answers", timeout=SEEN
        )
        expect(teacher.locator(".st-key-live_counts").first).to_contain_text(
            "2 answers", timeout=SEEN
        )
        _teacher_click(teacher, "Reveal")
        for phone in (ana, bo):
            expect(_feedback(phone)).to_contain_text("is a best answer", timeout=SEEN)
        expect(board.locator(".st-key-live_reveal").first).to_contain_text(
            "The best answer: 8♥.", timeout=SEEN
        )
    finally:
        for page in pages:
            _close(page)
        stop_app(first_proc)
        stop_app(second_proc)
        drop_postgres_database(postgres_server, database.rsplit("/", 1)[1])
