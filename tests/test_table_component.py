"""The table component's Python side: the animation's pace (``ATOUT_ANIMATION``) and the
JS default it must agree with. The idle signal (``data-busy``) is exercised by the
Practice browser tests, which wait on it at every action."""

from __future__ import annotations

import re

import pytest

from tutorial.webapp import table_component


@pytest.mark.parametrize("value", [None, "", "normal", "slow", "FAST-ish"])
def test_the_learner_pace_is_the_default(
    monkeypatch: pytest.MonkeyPatch, value: str | None
) -> None:
    if value is None:
        monkeypatch.delenv("ATOUT_ANIMATION", raising=False)
    else:
        monkeypatch.setenv("ATOUT_ANIMATION", value)
    assert table_component.animation_pace() == {"card_ms": 380, "hold_ms": 1100, "hold_click": 0}
    # the learner's setting keeps a finished trick until Continue, at the same pace
    assert table_component.animation_pace(keep_tricks=True)["hold_click"] == 1


@pytest.mark.parametrize("value", ["fast", " Fast ", "FAST"])
def test_the_test_server_turns_the_pace_down(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("ATOUT_ANIMATION", value)
    pace = table_component.animation_pace()
    normal = table_component.PACES["normal"]
    assert set(pace) == {*normal, "hold_click"} and pace["hold_click"] == 0
    assert all(0 < pace[k] < normal[k] / 4 for k in normal), pace


def test_the_pace_is_a_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ATOUT_ANIMATION", raising=False)
    table_component.animation_pace()["card_ms"] = 1
    assert table_component.animation_pace()["card_ms"] == 380


def test_the_script_default_is_the_learner_pace() -> None:
    """The JS falls back on its own pace when the data carries none: the same figures."""
    found = re.search(
        r"const PACE = \{ card_ms: (\d+), hold_ms: (\d+), hold_click: (\d+) \}", table_component.JS
    )
    assert found is not None
    card, hold, click = (int(x) for x in found.groups())
    assert {"card_ms": card, "hold_ms": hold} == table_component.PACES["normal"] and click == 0


def test_the_script_says_when_it_is_idle() -> None:
    """The attributes the browser tests wait on are set by the script."""
    js = table_component.JS
    assert "root.dataset.busy" in js and "root.dataset.key" in js
    assert "ack: null" in js  # the action counter alone never redraws the table


def test_the_script_floor_is_the_documented_floor() -> None:
    """The table's narrowest width: the script's constant is the module's."""
    found = re.search(r"const FLOOR_PX = (\d+);", table_component.JS)
    assert found is not None
    assert int(found.group(1)) == table_component.TABLE_FLOOR_PX >= 300


def test_the_script_lays_out_again_when_the_window_changes_size() -> None:
    js = table_component.JS
    assert "addEventListener('resize'" in js and "new ResizeObserver" in js
    # the card's own size is read again (not the width the last layout set)
    assert "cards[0].style.width = ''" in js


def test_the_chosen_mark_is_an_element_the_next_card_does_not_cover() -> None:
    """The mark of a chosen card is an element of its own (tests find it and check that
    it is not covered), on the card's left, where the next card in the row never is."""
    assert 'class="tick"' in table_component.JS
    rule = re.search(r"\.atout \.card \.tick \{([^}]*)\}", table_component.CSS)
    assert rule is not None and "left:" in rule.group(1) and "right:" not in rule.group(1)
