"""Practice hands on a chosen deal in a real browser (Debian's headless chromium): the
deal's link opens it, a defender sees the chien of a computer player's Prise, and a
finished hand played again from trick 3 ends with both results side by side.

The deal is named in the address (``/practice?deal=…&game=…``), as a learner's shared
link names it, so the test knows the cards: the hand is dealt here too, by the same pure
model the page uses. The table's own helpers come from ``test_browser``.
"""

from __future__ import annotations

import re
from typing import Any

from browser_util import SHOTS, _close, _open, _select, browser, pytestmark, server
from test_browser import (
    _IDLE_MS,
    _practice_card,
    _practice_choose,
    _practice_idle,
    _practice_press,
    _practice_prompt,
    _practice_rerun,
    _practice_table,
)

from tutorial.course import practice
from tutorial.engine import tarot
from tutorial.engine.hand_order import sort_hand

__all__ = ["browser", "pytestmark", "server"]  # fixtures and marks from browser_util


def _defending_deal() -> tuple[int, list[str], str]:
    """A Tarot deal where the learner passes and a computer player (the beginners) takes
    a Prise: its number, the chien's cards in the order the table lays them out, the taker's name."""
    for seed in range(60):
        hand = practice.deal("tarot", seed=seed)
        while not hand.finished and hand.state.phase == "bidding" and hand.learner_to_move:
            hand, _ = practice.advance(practice.try_action(hand, "pass"))
        state = hand.state
        if state.contract == tarot.Bid.PRISE and state.taker != hand.learner:
            labels = [c.label for c in sort_hand(list(state.chien), state)]
            return seed, labels, hand.table.seat_names[state.taker]
    raise AssertionError("no computer Prise in 60 deals")


def test_a_defender_sees_the_chien_of_a_computer_players_prise(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    seed, chien, taker = _defending_deal()
    page = _open(browser, f"{server}/practice?deal={seed}&game=tarot&level=beginner", "laptop")
    try:
        prompt = page.locator(".atout .prompt")
        expect(prompt).to_have_text("Your turn to bid.", timeout=_IDLE_MS)
        link = page.get_by_role("link", name="Link to this deal")
        expect(link).to_have_attribute("href", re.compile(rf"deal={seed}&game=tarot&"))
        _practice_press(page, page.locator(".atout .menu button[data-action='pass']"))
        # the Prise is made, the taker lays six cards aside: the chien stays on the table
        shown = page.locator(".atout .chien .mini")
        expect(shown).to_have_count(6, timeout=_IDLE_MS)
        labels = [shown.nth(i).get_attribute("aria-label") for i in range(6)]
        assert labels == chien, (labels, chien)
        for label in chien:  # none of them is in the defender's hand
            expect(page.locator(f".atout .hand .card[aria-label='{label}']")).to_have_count(0)
        story = page.locator(".st-key-practice_story")
        expect(story).to_contain_text(f"{taker}: Prise")
        expect(story).to_contain_text(
            "The chien is turned face up for everyone to see: " + ", ".join(chien[:-1])
        )
        expect(prompt).to_have_text("Your turn: choose a card.")
        page.screenshot(path=str(SHOTS / "practice-tarot-defender-chien.png"))
    finally:
        _close(page)


def _play_to_the_end(page: Any, last: bool) -> int:
    """Play the hand to its end with the cards the page marks as playable (the first one,
    or the ``last`` one), the first choice accepted at every bid; returns the cards played."""
    from playwright.sync_api import expect

    cards = 0
    for _ in range(120):
        if _practice_prompt(page).startswith("The hand is over"):
            return cards
        if page.locator(".atout .menu button").count():
            _practice_choose(page)
            continue
        switch = page.get_by_role("switch", name="Mark the cards I may play")
        if not switch.is_checked():
            _practice_rerun(page, page.get_by_text("Mark the cards I may play").click)
            expect(switch).to_be_checked()
            _practice_idle(page)
        marked = page.locator(".atout .hand .card[data-mark='legal']")
        expect(marked.first).to_be_visible(timeout=_IDLE_MS)
        card = marked.last if last else marked.first
        _practice_card(page, str(card.get_attribute("aria-label")))
        cards += 1
    raise AssertionError("the hand did not end")


def test_a_finished_hand_played_again_from_trick_3_shows_both_results(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _open(browser, f"{server}/practice?deal=5&game=belote&level=beginner", "laptop")
    try:
        expect(page.locator(".atout .prompt")).to_be_visible(timeout=_IDLE_MS)
        assert _play_to_the_end(page, last=False) == 8
        # the end of the hand: play this deal again, from trick 3
        choice = page.get_by_role("combobox", name="Start from")
        expect(choice).to_be_visible(timeout=_IDLE_MS)
        _select(page, choice, "Trick 3", timeout=_IDLE_MS)
        expect(choice).to_have_value("Trick 3")
        page.screenshot(path=str(SHOTS / "practice-belote-replay-choice.png"))
        before = _practice_table(page).get_attribute("data-key")
        _practice_rerun(page, page.get_by_role("button", name="Play this deal again").click)
        expect(_practice_table(page)).not_to_have_attribute("data-key", str(before))
        _practice_idle(page)
        news = page.locator(".atout .fb")
        expect(news).to_contain_text("The same deal again, from trick 3")
        expect(page.locator(".atout .hand .card")).to_have_count(6)  # two tricks replayed
        expect(page).to_have_url(re.compile(r"deal=5&game=belote"))  # the same deal's link
        # the rest played otherwise (the last playable card each time), to the end
        assert _play_to_the_end(page, last=True) == 6
        heading = page.get_by_role("heading", name="Both results side by side")
        expect(heading).to_be_visible(timeout=_IDLE_MS)
        compare = page.locator(".st-key-practice_compare")
        first = compare.get_by_text("The first time", exact=True)
        again = compare.get_by_text("Played again from trick 3", exact=True)
        expect(first).to_be_visible()
        expect(again).to_be_visible()
        left, right = first.bounding_box(), again.bounding_box()
        assert left is not None and right is not None
        assert abs(left["y"] - right["y"]) < 2 and right["x"] > left["x"] + left["width"], (
            left,
            right,
        )  # side by side
        # the engine's review of each result, once the background review is done
        refresh = page.get_by_role("button", name="Show the finished review")
        for _ in range(200):  # each a rerun: the review worker answers in its own time
            if not compare.get_by_text("still being worked out").count():
                break
            _practice_rerun(page, refresh.last.click)
        else:
            raise AssertionError("the review of the two results did not finish")
        columns = compare.locator("[data-testid='stColumn']")
        expect(columns).to_have_count(2)
        for i in range(2):
            text = columns.nth(i).inner_text()
            assert re.search(r"Contract (made|failed)", text), text
            assert re.search(r"You & Partner: \d+", text) and re.search(r"Right & Left: \d+", text)
            assert re.search(r"Your side (won|lost) this hand|Neither side won", text), text
            assert "Your 8 cards, reviewed:" in text, text
        heading.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "practice-belote-replay-compared.png"))
        body = page.locator("[data-testid='stMain']").inner_text()
        assert not re.search(r"\bseat \d|\bteam ?\d|seed-\d", body), body[:400]
    finally:
        _close(page)
