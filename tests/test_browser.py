"""A real browser (Debian's headless chromium) drives the app: scenarios by mouse and by
keyboard at every screen size, the Tarot discard, progress kept in the browser, the cost
of a wrong card, and whole Practice hands.

The server, the browser and the tab are those of ``browser_util`` (one of each per test
process; each test loads its page in the tab with nothing stored).
A test that checks one page at several sizes loads it once, at the first size, and
resizes it for the next ones; the scenario then starts over (its Restart button), so
that the table is drawn afresh at that size, as a page loaded at that size draws it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_util import (
    NOT_RUNNING,
    POLL_MS,
    SHOTS,
    VIEWPORTS,
    Sections,
    _all_cards_in_view,
    _at_rest,
    _card,
    _choose,
    _click,
    _close,
    _font_size,
    _goto,
    _hand,
    _in_view,
    _open,
    _presenter_on,
    _resize,
    _restart,
    _run_done,
    _select,
    _settle,
    browser,
    pytestmark,
    server,
)

__all__ = ["browser", "pytestmark", "server"]  # fixtures and marks from browser_util


def _size_up(page: Any, viewport: str, cards: int) -> None:
    """The open scenario at another size (presenter mode on for the projector), started over."""
    _resize(page, viewport)
    if VIEWPORTS[viewport][2]:
        _presenter_on(page)
    _restart(page, cards)


def _mouse_plays_overruff(page: Any, viewport: str) -> None:
    """The overruff lesson by mouse: an illegal card refused, the right one, the question."""
    from playwright.sync_api import expect

    expect(_card(page, "8♥")).to_be_visible(timeout=30_000)
    _settle(page)
    # Nothing wider than the screen, and the table, the prompt and the whole hand in view.
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[viewport][0] + 2
    _all_cards_in_view(page)
    _in_view(page, page.locator(".atout .felt"))
    page.screenshot(path=str(SHOTS / f"overruff-{viewport}-start.png"))
    # An illegal card: the engine's reason, with the forcing card marked in the hand.
    _click(page, "8♥")
    expect(page.locator(".atout .fb.error")).to_contain_text("You must overtrump", timeout=30_000)
    _settle(page)
    expect(page.locator(".atout .card[data-mark='forcing']")).to_have_count(1)
    _all_cards_in_view(page)
    _in_view(page, page.locator(".atout .fb"))
    page.screenshot(path=str(SHOTS / f"overruff-{viewport}-illegal.png"))
    if VIEWPORTS[viewport][2]:  # presenter: every text readable from the back of a room
        for sel in (".atout .prompt", ".atout .fb", ".st-key-transcript p", "h1"):
            size = _font_size(page, sel)
            assert size >= 28, (sel, size)
    # The right card: "Correct", then the question, answered with a click.
    _click(page, "9♥")
    expect(page.locator(".atout .fb.success")).to_contain_text("Correct", timeout=30_000)
    expect(page.locator(".atout .prompt")).to_have_text("Who wins this trick?")
    _settle(page)
    page.screenshot(path=str(SHOTS / f"overruff-{viewport}-question.png"))
    if VIEWPORTS[viewport][2]:  # the plays listed in the transcript too
        size = _font_size(page, ".st-key-transcript [data-testid=stText]")
        assert size >= 28, size
    _choose(page, page.locator(".atout .choices button", has_text="You").first)
    # One wrong try: two stars of three.
    expect(page.get_by_text("★★☆").first).to_be_visible(timeout=30_000)
    _settle(page)
    page.screenshot(path=str(SHOTS / f"overruff-{viewport}-end.png"))


def _focused(page: Any) -> str | None:
    """The accessible name of the focused element inside the table component."""
    name: str | None = page.evaluate(
        """() => {
          const host = [...document.querySelectorAll('*')].find(
            (e) => e.shadowRoot && e.shadowRoot.querySelector('.atout'));
          const a = host && host.shadowRoot.activeElement;
          return a ? a.getAttribute('aria-label') : null;
        }"""
    )
    return name


#: The table's state for a keyboard and a screen reader: whether the page's focus is on
#: its body (lost), the name of the element focused in the table, whether the table's
#: live region is the one marked by ``_LIVE_MARK_JS`` (kept across draws), what it says
#: and how many live regions the table has.
_TABLE_A11Y_JS = """() => {
  const host = [...document.querySelectorAll('*')].find(
    (e) => e.shadowRoot && e.shadowRoot.querySelector('.atout'));
  const root = host.shadowRoot.querySelector('.atout');
  const live = root.querySelectorAll('[aria-live], [role=status], [role=alert]');
  const a = host.shadowRoot.activeElement;
  return {
    lost: document.activeElement === document.body || document.activeElement === null,
    focused: a ? (a.getAttribute('aria-label') || a.textContent.trim()) : null,
    card: !!(a && a.classList.contains('card')),
    kept: live.length === 1 && live[0]._markedByTest === true,
    said: live.length ? live[0].textContent.trim() : '',
    regions: live.length,
  };
}"""
_LIVE_MARK_JS = """() => {
  const host = [...document.querySelectorAll('*')].find(
    (e) => e.shadowRoot && e.shadowRoot.querySelector('.atout'));
  const live = host.shadowRoot.querySelectorAll('.atout [aria-live], .atout [role=status]');
  live.forEach((e) => { e._markedByTest = true; });
  return live.length;
}"""


def _a11y(page: Any) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(_TABLE_A11Y_JS)
    return state


def _mark_live_region(page: Any) -> None:
    """Mark the table's live region (a property of the element, which a region made
    anew would not have): ``_a11y`` then says whether it is still the same one."""
    assert page.evaluate(_LIVE_MARK_JS) == 1, "the table has one live region"


def _kept_and_said(page: Any, words: str) -> None:
    """After an action: the focus is still in the table (not lost to the page's body),
    and the table's one live region, the same element as before, says ``words``."""
    state = _a11y(page)
    assert not state["lost"] and state["focused"], state
    assert state["kept"] and state["regions"] == 1, state
    assert words in state["said"], state


def _ring_on_top(page: Any) -> None:
    """The focused card is drawn above every other card of the hand: none covers its
    focus ring."""
    z = page.evaluate(
        """() => {
          const host = [...document.querySelectorAll('*')].find(
            (e) => e.shadowRoot && e.shadowRoot.querySelector('.atout'));
          const a = host.shadowRoot.activeElement;
          const others = [...host.shadowRoot.querySelectorAll('.atout .card')].filter((c) => c !== a);
          const zi = (e) => Number(getComputedStyle(e).zIndex) || 0;
          return [zi(a), Math.max(0, ...others.map(zi))];
        }"""
    )
    assert z[0] > z[1], z


def _keyboard_focus_after_a_refusal(page: Any) -> None:
    """A card refused from the keyboard: the table is redrawn and the focus comes back;
    the refusal and then "Correct" are spoken by the table's one live region, and the
    card that forced the refusal says so in its description."""
    from playwright.sync_api import expect

    card = _card(page, "8♥")
    expect(card).to_be_visible(timeout=30_000)
    _settle(page)
    _mark_live_region(page)
    card.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".atout .fb.error")).to_contain_text("overtrump", timeout=30_000)
    _settle(page)
    assert _focused(page) == "8♥"  # the table was redrawn; the focus came back
    _kept_and_said(page, "Not allowed")
    _kept_and_said(page, "overtrump")
    expect(_card(page, "9♥")).to_have_accessible_description("forces your play")
    page.keyboard.press("ArrowRight")
    assert _focused(page) == "9♥"
    _ring_on_top(page)
    page.keyboard.press("Enter")
    expect(page.locator(".atout .fb.success")).to_have_count(1, timeout=30_000)
    _settle(page)
    _kept_and_said(page, "Correct")


def test_mouse_plays_a_scenario_at_every_size(server: str, browser: Any) -> None:
    """The overruff lesson by mouse on a phone, a laptop and a projector (presenter mode);
    on the laptop also the keyboard's focus kept on the hand after a refusal."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    sections = Sections()
    page = _open(browser, f"{server}/play?scenario=belote/overruff", "phone")
    try:
        with sections.part("mouse, phone"):
            _mouse_plays_overruff(page, "phone")
        with sections.part("mouse, laptop"):
            _size_up(page, "laptop", cards=8)
            _mouse_plays_overruff(page, "laptop")
        with sections.part("keyboard focus after a refusal, laptop"):
            _restart(page, cards=8)
            _keyboard_focus_after_a_refusal(page)
        with sections.part("mouse, projector"):
            _size_up(page, "projector", cards=8)
            _mouse_plays_overruff(page, "projector")
    finally:
        _close(page)
    sections.done()


def _keyboard_plays_ace_beats_three(page: Any, viewport: str) -> None:
    """The Briscola lesson with the keyboard alone: arrows to the card, Enter, the answer."""
    from playwright.sync_api import expect

    first = _hand(page).first
    expect(first).to_be_visible(timeout=30_000)
    _settle(page)
    _all_cards_in_view(page)
    # The hand in the game's order: clubs, then diamonds by strength (K below A).
    names = [_hand(page).nth(i).get_attribute("aria-label") for i in range(3)]
    assert names == ["6♣", "K♦", "A♦"], names
    _mark_live_region(page)
    # From the page's top, Tab alone reaches the hand: one Tab stop, its first card.
    assert _tab_to(page, lambda s: s["card"]) == "6♣"
    page.keyboard.press("Tab")  # the next Tab leaves the hand
    assert not _a11y(page)["card"], _a11y(page)
    page.keyboard.press("Shift+Tab")  # and comes back to the card it left
    expect(_card(page, "6♣")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(_card(page, "K♦")).to_be_focused()
    _ring_on_top(page)
    page.keyboard.press("ArrowRight")
    expect(_card(page, "A♦")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".atout .prompt")).to_contain_text("How many points", timeout=30_000)
    _settle(page)
    # The focus stayed in the table (on the first answer); "Correct" and the question
    # are spoken by the same live region.
    _kept_and_said(page, "Correct")
    _kept_and_said(page, "How many points")
    page.screenshot(path=str(SHOTS / f"keyboard-{viewport}-question.png"))
    assert _tab_to(page, lambda s: s["focused"] == "21", first=False) == "21"
    page.keyboard.press("Enter")
    expect(page.get_by_text("★★★").first).to_be_visible(timeout=30_000)
    _settle(page)
    _kept_and_said(page, "Correct")
    page.screenshot(path=str(SHOTS / f"keyboard-{viewport}-end.png"))


#: Tab presses before a test gives up looking for an element (a hang guard).
_TAB_LIMIT = 60


def _tab_to(page: Any, found: Any, first: bool = True) -> str:
    """Press Tab (from the page's top when ``first``, else from the focus) until the
    table's focused element is one ``found`` accepts; its name."""
    if first:
        page.evaluate(
            "() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }"
        )
    for _ in range(_TAB_LIMIT):
        page.keyboard.press("Tab")
        state = _a11y(page)
        if state["focused"] and found(state):
            return str(state["focused"])
    raise AssertionError(f"no such element in {_TAB_LIMIT} Tab presses: {_a11y(page)}")


def test_keyboard_alone_plays_a_scenario_at_every_size(server: str, browser: Any) -> None:
    """The Briscola lesson from the keyboard alone on a phone, a laptop and a projector:
    Tab reaches the hand (one Tab stop), the arrows move along it, Enter plays; after
    each action the focus is still in the table and the same live region speaks."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    sections = Sections()
    page = _open(browser, f"{server}/play?scenario=briscola/ace-beats-three", "phone")
    try:
        with sections.part("phone"):
            _keyboard_plays_ace_beats_three(page, "phone")
        for viewport in ("laptop", "projector"):
            with sections.part(viewport):
                _size_up(page, viewport, cards=3)
                _keyboard_plays_ace_beats_three(page, viewport)
    finally:
        _close(page)
    sections.done()


def test_tarot_discard_is_chosen_on_the_hand(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _open(browser, f"{server}/play?scenario=tarot/discard-kings-and-bouts&step=5", "laptop")
    try:
        expect(page.locator(".atout .counter")).to_have_text("0 of 6 chosen", timeout=30_000)
        _settle(page)
        expect(page.locator(".atout .chien .mini")).to_have_count(6)
        _all_cards_in_view(page)
        for name in ("2♠", "5♠", "3♥", "8♥", "4♣"):
            _click(page, name)
        expect(page.locator(".atout .counter")).to_have_text("5 of 6 chosen")
        confirm = page.locator(".atout button[data-confirm]")
        expect(confirm).to_be_disabled()
        _click(page, "K♣")  # a King: the engine refuses it on confirm
        expect(confirm).to_be_enabled()
        page.screenshot(path=str(SHOTS / "discard-laptop-chosen.png"))
        confirm.click()
        expect(page.locator(".atout .fb.error")).to_contain_text("King", timeout=30_000)
        _settle(page)
        # the five plain cards went aside; one more to choose
        expect(page.locator(".atout .counter")).to_have_text("0 of 1 chosen")
        page.screenshot(path=str(SHOTS / "discard-laptop-refused.png"))
    finally:
        _close(page)


def test_progress_survives_a_reload_and_a_new_tab(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    page = _open(browser, f"{server}/play?scenario=belote/overruff", "laptop")
    try:
        _click(page, "9♥")
        _choose(page, page.locator(".atout .choices button", has_text="You").first)
        expect(page.get_by_text("★★★").first).to_be_visible(timeout=30_000)
        _settle(page)
        # The browser has written the progress (the store component writes it once the
        # run's data reaches it): only then is a reload a test of what was kept.
        page.wait_for_function(
            "() => (window.localStorage.getItem('atout.progress.v1') || '').startsWith('ATOUT1-')",
            timeout=30_000,
        )
        _goto(page, server)  # a reload of the app: a new server session
        expect(page.get_by_text(re.compile(r"^1 of \d+ scenarios done"))).to_be_visible(
            timeout=30_000
        )
        expect(page.get_by_text(re.compile(r"^★ 3 of \d+ stars"))).to_be_visible()
        page.screenshot(path=str(SHOTS / "home-after-reload.png"))
        # A teacher's deep link opened in a new tab of the same browser keeps it too.
        tab = page.context.new_page()
        _goto(tab, f"{server}/play?scenario=briscola/ace-beats-three")
        expect(tab.locator(".atout .hand .card").first).to_be_visible(timeout=60_000)
        tab.get_by_role("link", name="Home").click()
        expect(tab.get_by_text(re.compile(r"^1 of \d+ scenarios done"))).to_be_visible(
            timeout=30_000
        )
        # Another tab's progress reaches this one as it is written (the browser's storage
        # event): Home in ``tab`` counts a Briscola scenario finished in ``page`` beside
        # the Belote one (each game's line "1 of N scenarios done"), without a reload, and
        # the page holds one storage listener however often its store was drawn.
        _goto(page, f"{server}/play?scenario=briscola/ace-beats-three")
        _click(page, "A♦")
        _choose(page, page.locator(".atout .choices").get_by_role("button", name="21", exact=True))
        expect(page.get_by_text("★★★").first).to_be_visible(timeout=30_000)
        expect(tab.get_by_text(re.compile(r"^1 of \d+ scenarios done"))).to_have_count(
            2, timeout=30_000
        )
        assert _storage_listeners(tab) == 1
        # A broken stored value is set aside with a notice, never a crash (the other tab
        # is closed first: an open tab would hear of the change and write its own back).
        page.close()
        _settle(tab)  # the tab's own run has written its progress: nothing overwrites ours
        tab.evaluate("window.localStorage.setItem('atout.progress.v1', 'ATOUT1-garbage!')")
        _goto(tab, server)
        expect(tab.get_by_text("could not be read")).to_be_visible(timeout=30_000)
        expect(tab.get_by_text(re.compile(r"^0 of \d+ scenarios done")).first).to_be_visible()
        # set aside by the store component, which may run just after the notice is drawn
        tab.wait_for_function(
            "() => window.localStorage.getItem('atout.progress.v1.broken')", timeout=30_000
        )
    finally:
        _close(page)


def _storage_listeners(page: Any) -> int:
    """How many ``storage`` event listeners the page's window holds (the browser's own
    count, through its debugging protocol)."""
    cdp = page.context.new_cdp_session(page)
    try:
        window = cdp.send("Runtime.evaluate", {"expression": "window"})["result"]["objectId"]
        found = cdp.send("DOMDebugger.getEventListeners", {"objectId": window})["listeners"]
        return sum(1 for listener in found if listener["type"] == "storage")
    finally:
        cdp.detach()


def test_each_test_opens_its_page_with_nothing_stored(server: str, browser: Any) -> None:
    """The lane's tab, loaded again for the next test (``browser_util._open``), keeps
    nothing the last test stored: the app there sees a newcomer, not a broken progress."""
    from playwright.sync_api import expect

    page = _open(browser, f"{server}/play?scenario=belote/overruff", "laptop")
    try:
        page.evaluate("window.localStorage.setItem('atout.progress.v1', 'ATOUT1-garbage!')")
        page.evaluate("window.localStorage.setItem('atout.language.v1', 'zh-Hans')")
    finally:
        _close(page)
    again = _open(browser, server, "laptop")
    try:
        assert again is page, "the next test's page is the same tab, loaded again"
        expect(again.get_by_text(re.compile(r"^0 of \d+ scenarios done")).first).to_be_visible(
            timeout=30_000
        )
        assert again.evaluate("document.documentElement.lang") == "en"
        expect(again.get_by_text("could not be read")).to_have_count(0)
        stored = again.evaluate("window.localStorage.getItem('atout.progress.v1')")
        assert "garbage" not in (stored or ""), stored
    finally:
        _close(again)


# --- Practice: whole hands against the strong computer players ---------------------------
#
# No sleeps: the table component says when it is idle (``data-busy="0"``: the app has
# answered the last action and the computer players' cards have arrived; the test
# server runs with ``ATOUT_ANIMATION=fast``) and which position it draws (``data-key``).
# Cards and the table's buttons are clicked through the component's own handler (a
# click event on the element, resolved and sent in one step: a redraw cannot detach it
# in between); Streamlit's own widgets are clicked with the mouse, then the test waits
# for what the click changes.

#: Choices the learner tries in order when the table offers buttons (the menu also holds
#: refused choices: a refusal shows the reason and the next one is tried).
_PRACTICE_CHOICES = ("take", "garde", "prise", "no declaration", "no chelem", "no poignee", "pass")
_IDLE_MS = 60_000  # a ceiling only: the strong players think on a loaded machine


def _practice_table(page: Any) -> Any:
    return page.locator(".atout")


def _practice_idle(page: Any) -> None:
    """The table has drawn the app's answer to the last action and the run is over."""
    from playwright.sync_api import expect

    _at_rest(page, timeout=_IDLE_MS)
    expect(_practice_table(page)).to_have_count(1)


def _practice_press(page: Any, locator: Any) -> None:
    """An action on the table (a card, a bid, the discard's confirmation), answered."""
    from playwright.sync_api import expect

    expect(locator).to_have_count(1, timeout=_IDLE_MS)
    locator.dispatch_event("click")  # the component's handler marks the table busy at once
    _practice_idle(page)


def _practice_rerun(page: Any, click: Any) -> None:
    """``click()`` on a Streamlit widget, then wait until the run it starts has finished.

    Right after a click the page may still say "not running" from the run before, and a
    short run may never show "running" at all (the page draws its two states as one). So
    the run's start and end are heard on the page's connection to the app, and the runs
    it leads to waited for too (``_run_done``).
    """
    from playwright.sync_api import expect

    _run_done(page, click, timeout=_IDLE_MS)
    expect(page.locator(NOT_RUNNING)).to_have_count(1)


def _practice_prompt(page: Any) -> str:
    return str(page.locator(".atout .prompt").inner_text(timeout=_IDLE_MS))


def _practice_setup(page: Any) -> None:
    """The game picker in view (folded under "Another game or level" while playing)."""
    from playwright.sync_api import expect

    game = page.get_by_role("combobox", name="Game")
    folded = page.locator("[data-testid='stExpander'] summary")
    folded = folded.filter(has_text="Another game or level")
    # The page may still be drawing its first run (its state says "not running" then too).
    expect(game.or_(folded).first).to_be_visible(timeout=_IDLE_MS)
    if not game.is_visible():
        folded.click()
    expect(game).to_be_visible(timeout=_IDLE_MS)


def _practice_deal(page: Any, variant_title: str) -> None:
    """Choose the game and the strong players, then deal."""
    from playwright.sync_api import expect

    _practice_setup(page)
    game = page.get_by_role("combobox", name="Game")
    if game.input_value() != variant_title:
        _select(page, game, variant_title, timeout=_IDLE_MS)
    expect(game).to_have_value(variant_title)
    strong = page.get_by_test_id("stRadioGroup").get_by_role("radio", name="Strong players")
    if not strong.is_checked():
        label = page.get_by_test_id("stRadioGroup").get_by_text("Strong players")
        _practice_rerun(page, label.click)
    expect(strong).to_be_checked()
    table = _practice_table(page)
    before = table.get_attribute("data-key") if table.count() else None
    deal = page.get_by_role("button", name=re.compile(r"^Deal( again)?$")).first
    _run_done(page, deal.click, timeout=_IDLE_MS)
    if before is None:
        expect(table).to_have_attribute("data-key", re.compile(r"^practice\|"), timeout=_IDLE_MS)
    else:
        expect(table).not_to_have_attribute("data-key", before, timeout=_IDLE_MS)
    _practice_idle(page)
    expect(page.locator(".atout .prompt")).to_be_visible()


def _practice_choose(page: Any) -> None:
    """Click the first offered choice the engine accepts (in the order above)."""
    buttons = page.locator(".atout .menu button")
    codes = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
    key = _practice_table(page).get_attribute("data-key")
    for wanted in _PRACTICE_CHOICES:
        for code in codes:
            if code and code.startswith(wanted):
                _practice_press(page, page.locator(f".atout .menu button[data-action='{code}']"))
                refused = page.locator(".atout .fb.error").count() > 0
                if not refused or _practice_table(page).get_attribute("data-key") != key:
                    return
    raise AssertionError(f"no choice accepted among {codes}")


def _practice_hint(page: Any, tier: int, tiers: int = 3) -> None:
    from playwright.sync_api import expect

    button = page.get_by_role("button", name=f"Hint {tier} of {tiers}")
    _run_done(page, button.click, timeout=_IDLE_MS)
    hints = page.locator("[data-testid='stAlertContentInfo']")
    expect(hints).to_have_count(tier, timeout=_IDLE_MS)
    _practice_idle(page)


def _practice_card(page: Any, code: str) -> None:
    """Play (or, in the discard, pick) the card with this label, seen on the screen."""
    from playwright.sync_api import expect

    card = page.locator(f".atout .hand .card[aria-label='{code}']")
    expect(card).to_be_visible(timeout=_IDLE_MS)
    _in_view(page, card)
    _practice_press(page, card)


def _practice_play(page: Any, name: str, shots: bool) -> int:
    """Play the hand to the end: the three hints on the first card, then the cards the
    page marks as playable (its "Mark the cards I may play" setting), the first one each
    time."""
    from playwright.sync_api import expect

    turns = 0
    marking = False
    for _ in range(300):
        prompt = _practice_prompt(page)
        if prompt.startswith("The hand is over"):
            return turns
        if prompt.startswith("Every player passed"):
            before = _practice_table(page).get_attribute("data-key")
            _run_done(page, page.get_by_role("button", name="Deal again").first.click, _IDLE_MS)
            expect(_practice_table(page)).not_to_have_attribute(
                "data-key", str(before), timeout=_IDLE_MS
            )
            _practice_idle(page)
            continue
        if page.locator(".atout .menu button").count():
            _practice_choose(page)
            continue
        discarding = page.locator(".atout .counter").count() > 0
        if not marking and not discarding:
            # the first card: the rule, the legal cards marked, the strong player's card
            # (Briscola: no tier marks the legal cards, every card in hand may be played)
            tiers = 2 if name.startswith("briscola") else 3
            for tier in range(1, tiers + 1):
                _practice_hint(page, tier, tiers)
            expect(page.get_by_text("The computer would play").first).to_be_visible()
            if shots:
                page.screenshot(path=str(SHOTS / f"practice-{name}-hints.png"))
            switch = page.get_by_role("switch", name="Mark the cards I may play")
            _practice_rerun(page, page.get_by_text("Mark the cards I may play").click)
            expect(switch).to_be_checked()
            _practice_idle(page)
            marking = True
        elif not marking:  # the Tarot discard comes before any card: hint 2 marks it
            _practice_hint(page, 1)
            _practice_hint(page, 2)
        marked = page.locator(".atout .hand .card[data-mark='legal']")
        if discarding:  # the Tarot discard, on the hand
            need = int(page.locator(".atout .counter").inner_text().split()[-2])
            codes = [marked.nth(i).get_attribute("aria-label") for i in range(need)]
            for code in codes:
                _practice_card(page, str(code))
            expect(page.locator(".atout .hand .card.sel")).to_have_count(need)
            if shots:
                page.screenshot(path=str(SHOTS / f"practice-{name}-discard.png"))
            _practice_press(page, page.locator(".atout button[data-confirm]"))
        else:
            expect(marked.first).to_be_visible(timeout=_IDLE_MS)
            _practice_card(page, str(marked.first.get_attribute("aria-label")))
        turns += 1
        if shots and turns == 4:
            page.screenshot(path=str(SHOTS / f"practice-{name}-trick.png"))
    raise AssertionError("the hand did not end")


#: Tricks in a whole hand, and seats at the table, per practice game.
_TRICKS = {"belote": 8, "tarot": 18, "briscola2": 20, "briscola4": 10}
_SEATS = {"belote": 4, "tarot": 4, "briscola2": 2, "briscola4": 4}

_PRACTICE_GAMES = {  # file name: the game as the page names it
    "belote": "Belote",
    "tarot": "French Tarot",
    "briscola2": "Briscola, two players",
    "briscola4": "Briscola, four players",
}


@pytest.mark.parametrize("game", list(_PRACTICE_GAMES))
def test_practice_hand_to_the_end_with_hints(server: str, browser: Any, game: str) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _open(browser, f"{server}/practice", "laptop")
    try:
        _practice_deal(page, _PRACTICE_GAMES[game])
        _all_cards_in_view(page)
        _in_view(page, page.locator(".atout .felt"))
        page.screenshot(path=str(SHOTS / f"practice-{game}-laptop-start.png"))
        turns = _practice_play(page, f"{game}-laptop", shots=True)
        assert turns >= 3
        # the end: the score's charts, the review of the learner's cards, another deal
        expect(page.get_by_text("Your cards, reviewed")).to_be_visible(timeout=_IDLE_MS)
        expect(page.get_by_role("button", name="Deal again").first).to_be_visible()
        expect(page.locator(".js-plotly-plot").first).to_be_visible(timeout=_IDLE_MS)
        page.screenshot(path=str(SHOTS / f"practice-{game}-laptop-end.png"))
        page.get_by_text("Your cards, reviewed").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"practice-{game}-laptop-review.png"))
        # Every finished trick stays readable once the hand has moved on: one row per
        # trick, each with every seat's card.
        title = "Every trick so far: who led, every card, who won and why"
        history = page.get_by_text(title)
        history.first.click()
        expander = page.locator("[data-testid='stExpander']").filter(has_text=title)
        rows = expander.locator("[data-testid='stTable'] tbody tr")
        expect(rows).to_have_count(_TRICKS[game], timeout=_IDLE_MS)
        first = rows.first.inner_text()
        assert len(re.findall(r"(?:10|[2-9JQKA1CV])[♠♥♦♣]|T\d+|Excuse", first)) >= _SEATS[game], (
            first
        )
        # every card reviewed: a verdict each, a figure and a reason for each costly card
        _every_card_reviewed(page, _TRICKS[game], game)
        body = page.locator("[data-testid='stMain']").inner_text()
        assert not re.search(r"\bseat \d|\bteam ?\d|seed-\d", body), body[:400]
        if game == "belote":  # the next deal on a projector, in presenter mode
            _practice_presenter(page)
    finally:
        _close(page)


def _practice_presenter(page: Any) -> None:
    """At 1920×1080, a new deal, then presenter mode switched on with the table there:
    the table grows, the whole hand and the prompt in view, the prompt at 28 px or more."""
    from playwright.sync_api import expect

    _resize(page, "projector")
    _practice_deal(page, _PRACTICE_GAMES["belote"])
    page.get_by_text("Presenter mode").click()  # the table is there: it grows
    expect(page.locator(".atout.big")).to_have_count(1, timeout=30_000)
    _practice_idle(page)
    _all_cards_in_view(page)
    size = _font_size(page, ".atout .prompt")
    assert size >= 28, size
    page.screenshot(path=str(SHOTS / "practice-belote-projector-start.png"))


#: Reruns asked for at most while the background review works (a hang guard: each rerun
#: is answered before the next is asked, so this counts the page's answers, not time).
_REVIEW_RERUNS = 600

#: One card's review: its verdict, naming the trick and the card (``card_review.*``),
#: then on the next line the reasons of a costly or unlucky card.
_REVIEW_LINE = re.compile(r"^Trick (\d+): (\S+?):? (?:cost|was|as good).+$", re.MULTILINE)
#: A costly card's verdict: one figure (whole, or to the half point), ± its noise or exact.
_COSTLY_LINE = re.compile(
    r"^Trick \d+: \S+ cost (?:about )?\d+(?:\.5)? points? (?:\(± [\d.]+\) )?against \S+",
    re.MULTILINE,
)


def _every_card_reviewed(page: Any, cards: int, game: str) -> None:
    """Once the background review is finished (the page asked again, with its "Show the
    finished review" button, while it says cards are still being worked out), "Every
    card you played" holds a verdict for each of the learner's ``cards`` cards, one per
    trick, and each costly card shows one figure and a reason on the line below."""
    from playwright.sync_api import expect

    pending = page.get_by_text(re.compile(r"cards? (is|are) still being worked out"))
    refresh = page.get_by_role("button", name="Show the finished review")
    for _ in range(_REVIEW_RERUNS):
        if not pending.count():
            break
        _practice_rerun(page, refresh.first.click)
    else:
        raise AssertionError("the review of the learner's cards did not finish")
    expect(refresh).to_have_count(0)
    every = page.locator("[data-testid='stExpander']").filter(has_text="Every card you played")
    every.get_by_text("Every card you played").click()
    lines = every.locator("[data-testid='stExpanderDetails']")
    expect(lines).to_be_visible(timeout=_IDLE_MS)
    text = lines.inner_text()
    found = _REVIEW_LINE.findall(text)
    tricks = [int(trick) for trick, _ in found]
    assert tricks == list(range(1, cards + 1)), found
    assert len({card for _, card in found}) == cards, found
    rows = [row for row in text.splitlines() if row.strip()]
    for i, row in enumerate(rows):
        if _COSTLY_LINE.match(row):  # its reason follows: a paragraph of its own
            assert i + 1 < len(rows) and not _REVIEW_LINE.match(rows[i + 1]), row
            assert rows[i + 1].startswith(("With every card shown", "With the cards as they lay"))
    lines.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"practice-{game}-laptop-every-card.png"))
    # "Show me": a costly or unlucky card's better line, played on the table card by card.
    show = lines.get_by_role("button", name="Show me")
    if show.count():
        _practice_rerun(page, show.first.click)
        box = page.locator(".st-key-practice_show_me")
        expect(box).to_contain_text("Before the card:", timeout=_IDLE_MS)
        expect(box.locator("img")).to_be_visible(timeout=_IDLE_MS)
        _practice_rerun(page, box.get_by_role("button", name="Next card").click)
        expect(box).to_contain_text(re.compile(r"Card 1 of \d+: you \S+\."))
        expect(box.locator("table")).to_be_visible()
        box.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"practice-{game}-laptop-show-me.png"))


def test_practice_on_a_phone(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _open(browser, f"{server}/practice", "phone")
    try:
        for game in ("tarot", "briscola4", "briscola2", "belote"):
            # dealt from the setup, which folds again: the table, the prompt and the hand
            # on one screen
            _practice_deal(page, _PRACTICE_GAMES[game])
            assert page.evaluate("document.documentElement.scrollWidth") <= 392
            expect(page.get_by_role("combobox", name="Game")).to_be_hidden()
            _all_cards_in_view(page)
            page.screenshot(path=str(SHOTS / f"practice-{game}-phone-start.png"))
        # Belote, the last dealt, played to the end on the phone, its bidding included
        # (its 8 tricks, not Briscola's 20 at two: every game is played to its end at
        # laptop size by test_practice_hand_to_the_end_with_hints)
        _practice_play(page, "belote-phone", shots=True)
        expect(page.get_by_text("Your cards, reviewed")).to_be_visible(timeout=_IDLE_MS)
        expect(page.locator(".js-plotly-plot").first).to_be_visible(timeout=_IDLE_MS)
        page.screenshot(path=str(SHOTS / "practice-belote-phone-end.png"))
        page.get_by_text("Your cards, reviewed").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "practice-belote-phone-review.png"))
    finally:
        _close(page)


def test_a_scenario_step_shows_a_computed_cost_and_the_best_play(server: str, browser: Any) -> None:
    """A wrong legal card gets its exact cost with best play, in the hand's score and
    with its reasons (a lost capot costs the capot, not the trick's points); "Show the
    best play" then plays the best line on the table, one card at a time, from the
    keyboard."""
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _open(browser, f"{server}/play?scenario=belote/capot", "laptop")
    try:
        expect(_card(page, "A♠")).to_be_visible(timeout=30_000)
        _settle(page)
        _click(page, "A♠")
        fb = page.locator(".atout .fb")
        expect(fb).to_contain_text("this costs 99 points", timeout=30_000)
        expect(fb).to_contain_text("In this trick your side takes 20 points fewer")
        expect(fb).to_contain_text("a capot worth 250 points")
        expect(fb).to_contain_text("Legal, but Left has no spade")
        assert fb.inner_text().count("Legal, but") == 1  # no heading repeating the author
        _settle(page)
        page.screenshot(path=str(SHOTS / "cost-laptop-wrong.png"))
        show = page.get_by_role("button", name="Show the best play")
        show.focus()
        page.keyboard.press("Enter")
        expect(fb).to_contain_text("Best play from here, card 1 of 8: you J♥.", timeout=30_000)
        expect(_hand(page)).to_have_count(1)
        nxt = page.get_by_role("button", name="Next card")
        nxt.focus()
        page.keyboard.press("Enter")
        expect(fb).to_contain_text("card 2 of 8: Right", timeout=30_000)
        _settle(page)
        page.screenshot(path=str(SHOTS / "cost-laptop-best-play.png"))
        page.get_by_role("button", name="Back to the step").click()
        expect(_card(page, "J♥")).to_be_visible(timeout=30_000)
        expect(_hand(page)).to_have_count(2)
        _click(page, "J♥")
        expect(page.locator(".atout .fb.success")).to_contain_text("Correct", timeout=30_000)
    finally:
        _close(page)


# --- The Tarot discard after a refusal, and the table's size -------------------------------

_TABLE_ROOT = """() => [...document.querySelectorAll('*')].find(
    (e) => e.shadowRoot && e.shadowRoot.querySelector('.atout')).shadowRoot"""


def _chosen(page: Any) -> Any:
    return page.locator(".atout .hand .card.sel")


def test_every_click_after_a_refused_discard_is_taken(server: str, browser: Any) -> None:
    """A discard refused at its King (the card before it goes aside): the cards clicked at
    once, while the app answers, are each chosen and stay chosen after the refusal; a
    click never lays a card aside, Confirm alone does, with every card chosen."""
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _open(browser, f"{server}/play?scenario=tarot/discard-kings-and-bouts&step=5", "laptop")
    try:
        counter = page.locator(".atout .counter")
        confirm = page.locator(".atout button[data-confirm]")
        expect(counter).to_have_text("0 of 6 chosen", timeout=30_000)
        _settle(page)
        for name in ("2♠", "K♣", "5♠", "3♥", "8♥", "4♣"):
            _click(page, name)
        expect(counter).to_have_text("6 of 6 chosen")
        expect(_hand(page)).to_have_count(24)  # chosen, none laid aside
        confirm.click()
        # At once, the answer on its way or just drawn: every click is a choice.
        for k, name in enumerate(("7♣", "J♦", "Q♠"), start=1):
            _card(page, name).dispatch_event("click")
            expect(_chosen(page)).to_have_count(k)
            expect(counter).to_have_text(re.compile(rf"^{k} of [56] chosen$"))
        expect(page.locator(".atout .fb.error")).to_contain_text("King", timeout=30_000)
        _settle(page)
        # 2♠ went aside, K♣ was refused and stays in the hand, the three clicks are kept
        expect(_hand(page)).to_have_count(23)
        expect(counter).to_have_text("3 of 5 chosen")
        expect(_chosen(page)).to_have_count(3)
        expect(confirm).to_be_disabled()
        for k, name in enumerate(("5♠", "3♥"), start=4):
            _click(page, name)
            expect(counter).to_have_text(f"{k} of 5 chosen")
            expect(_hand(page)).to_have_count(23)
        page.screenshot(path=str(SHOTS / "discard-after-refusal-laptop.png"))
        confirm.click()
        expect(page.locator(".atout .prompt")).to_have_text(
            "Which cards may never be discarded?", timeout=30_000
        )
        expect(_hand(page)).to_have_count(18)
    finally:
        _close(page)


def _table_width(page: Any) -> dict[str, float]:
    """The table picture's drawn width (the picture keeps its proportions inside its box)
    and the width the element gives it."""
    size: dict[str, float] = page.evaluate(
        f"""() => {{
          const root = ({_TABLE_ROOT})();
          const felt = root.querySelector('.atout .felt');
          const svg = felt.querySelector('svg');
          const box = svg.getBoundingClientRect();
          const vb = svg.viewBox.baseVal;
          const drawn = Math.min(box.width, box.height * vb.width / vb.height);
          return {{ drawn: drawn, room: felt.clientWidth }};
        }}"""
    )
    return size


def _uncovered_marks(page: Any) -> list[str]:
    """The chosen cards whose mark is covered (the element at the mark's centre, or at
    points inside it, is neither the mark nor its card)."""
    covered: list[str] = page.evaluate(
        f"""() => {{
          const root = ({_TABLE_ROOT})();
          const bad = [];
          for (const card of root.querySelectorAll('.atout .hand .card.sel')) {{
            const tick = card.querySelector('.tick');
            if (!tick) {{ bad.push(card.dataset.code + ': no mark'); continue; }}
            const b = tick.getBoundingClientRect();
            for (const [fx, fy] of [[.5, .5], [.3, .3], [.7, .3], [.3, .7], [.7, .7]]) {{
              const x = b.left + fx * b.width, y = b.top + fy * b.height;
              const hit = root.elementFromPoint(x, y);
              if (!hit || (hit !== tick && hit.closest('.card') !== card)) {{
                bad.push(`${{card.dataset.code}} at ${{fx}},${{fy}}: ${{hit ? hit.className : 'nothing'}}`);
                break;
              }}
            }}
          }}
          return bad;
        }}"""
    )
    return covered


def _walk_the_discard_scenario(page: Any, viewport: str) -> list[float]:
    """The discard lesson from its discard to its end; the table's width at each step,
    the chosen marks seen on every chosen card."""
    from browser_util import _to_top
    from playwright.sync_api import expect

    from tutorial.webapp.table_component import TABLE_FLOOR_PX

    widths: list[float] = []

    def measure(step: str) -> None:
        _settle(page)
        # The picture sized by the component (its width set): on a busy machine the
        # first step was once measured before it.
        page.wait_for_function(
            f"""() => ({_TABLE_ROOT})().querySelector('.atout').style.getPropertyValue('--tw')""",
            timeout=30_000,
            polling=POLL_MS,
        )
        size = _table_width(page)
        floor = min(TABLE_FLOOR_PX, size["room"])
        assert size["drawn"] >= floor - 0.5, (viewport, step, size, floor)
        widths.append(size["drawn"])

    expect(page.locator(".atout .counter")).to_have_text("0 of 6 chosen", timeout=30_000)
    measure("discard")
    # chosen cards in both rows of the hand: the upper row overlapped by the lower one
    for name in ("2♠", "9♠", "8♥", "4♣", "6♦", "J♦"):
        card = _card(page, name)
        card.dispatch_event("click")
    expect(_chosen(page)).to_have_count(6)
    measure("chosen")
    for name in ("2♠", "9♠", "8♥", "4♣", "6♦", "J♦"):
        page.locator(
            f".atout .hand .card.sel[aria-label='{name}'] .tick"
        ).scroll_into_view_if_needed()
        _settle(page)
        covered = _uncovered_marks(page)
        assert not covered, (viewport, covered)
    _to_top(page)
    page.screenshot(path=str(SHOTS / f"discard-marks-{viewport}.png"))
    page.locator(".atout button[data-confirm]").dispatch_event("click")
    expect(page.locator(".atout .prompt")).to_have_text(
        "Which cards may never be discarded?", timeout=30_000
    )
    measure("first question")
    page.locator(".atout .choices button", has_text="Kings and bouts").dispatch_event("click")
    expect(page.locator(".atout .prompt")).to_contain_text("Who counts", timeout=30_000)
    measure("second question")
    page.locator(".atout .choices button", has_text="The taker").dispatch_event("click")
    expect(page.get_by_text("★★★").first).to_be_visible(timeout=30_000)
    measure("end")
    page.screenshot(path=str(SHOTS / f"discard-end-{viewport}.png"))
    return widths


def test_the_table_keeps_a_readable_size_through_a_scenario(server: str, browser: Any) -> None:
    """The discard lesson on a laptop and a phone: the table picture never narrower than
    its floor, the same size at every step, and every chosen card's mark in sight."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    sections = Sections()
    for viewport in ("laptop", "phone"):
        url = f"{server}/play?scenario=tarot/discard-kings-and-bouts&step=5"
        page = _open(browser, url, viewport)
        try:
            with sections.part(viewport):
                widths = _walk_the_discard_scenario(page, viewport)
                assert max(widths) - min(widths) <= 2, (viewport, widths)
        finally:
            _close(page)
    sections.done()


_CONTRAST = """() => {
  const lum = (rgb) => {
    const [r, g, b] = rgb.match(/\\d+/g).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
  const page = getComputedStyle(document.querySelector('[data-testid="stApp"]')).backgroundColor;
  const found = [];
  const sel = '[data-testid="stMain"] [data-testid="stCaptionContainer"]';
  for (const el of document.querySelectorAll(`${sel}, ${sel} a`)) {
    let faded = 1;
    for (let e = el; e; e = e.parentElement) faded *= Number(getComputedStyle(e).opacity);
    found.push([el.tagName, ratio(getComputedStyle(el).color, page), faded]);
  }
  return found;
}"""


def test_captions_and_their_links_are_readable(server: str, browser: Any) -> None:
    # WCAG AA: 4.5:1 for text of a caption's size, the links in a caption included, and
    # no opacity that would fade them below what their colour says.
    page = _open(browser, f"{server}/play?scenario=belote/dix-de-der", "laptop")
    try:
        _at_rest(page)
        found = page.evaluate(_CONTRAST)
        assert any(tag == "A" for tag, _, _ in found), "a caption with a link on this page"
        for tag, ratio, faded in found:
            assert ratio >= 4.5 and faded == 1, (tag, ratio, faded)
    finally:
        _close(page)


def test_each_page_has_its_own_title(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    page = _open(browser, f"{server}/lessons", "laptop")
    try:
        _at_rest(page)
        expect(page).to_have_title("Lessons · Atout")
        _goto(page, f"{server}/trainer?lang=zh-Hans")
        _at_rest(page)
        expect(page).to_have_title("算分练习 · Atout")
        _goto(page, f"{server}/")
        _at_rest(page)
        expect(page).to_have_title("Atout")  # Home: the app's name alone
    finally:
        _close(page)
