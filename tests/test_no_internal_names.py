"""Nothing internal reaches the learner: every page, every scenario's first and last
step and every ruleset of the Rules page are rendered with AppTest, and the text on
screen (markdown, captions, buttons, menus, alerts, tables, chart titles) is searched
for identifiers: "team 0", "seat 2", "side A", "seed 000", ruleset and option keys,
"None". The same run of each page checks that it loads without an exception and has a
title (one run of each page serves both).

One AppTest serves all the scenarios (a deep link per step), so the test stays
affordable: about a second per scenario on a small machine.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from apptest_util import open_app
from streamlit.testing.v1 import AppTest

from tutorial.course.library import load_library
from tutorial.engine.games import GAMES
from tutorial.engine.rule_options import rulesets
from tutorial.webapp.navigation import PAGES as NAV_PAGES

APP = "../tutorial/app.py"  # relative to this file, as AppTest wants
#: Every page of the app, by its screen file's name (the navigation's table).
PAGES = [Path(page.file).stem for page in NAV_PAGES]


def _option_keys() -> dict[str, tuple[object, ...]]:
    """Every rule option's key, with its allowed values."""
    keys: dict[str, tuple[object, ...]] = {}
    for game in GAMES:
        for f in dataclasses.fields(rulesets(game)[0].options):
            keys[f.name] = tuple(f.metadata["choices"])
    return keys


def _forbidden() -> list[re.Pattern[str]]:
    """What must never be on screen."""
    words = [
        r"\bteams? [0-3]\b",
        r"\bseats? [0-3]\b",
        r"\bseats [0-3] and [0-3]\b",
        r"\b(side|team|player) [AB]\b",
        r"\bseeds? ?0\d\d\b",
        r"\bseed-0",
        r"\bdefault\+",
        r"\bNone\b",
        r"(^\w+: |· )default( ·|$)",  # a ruleset's raw name as an option or in a caption
    ]
    for game in GAMES:
        words += [re.escape(rs.name) for rs in rulesets(game) if "-" in rs.name]
    for key, choices in sorted(_option_keys().items()):
        if "_" in key:
            words.append(rf"\b{re.escape(key)}\b")
            continue
        # A plain word ("capot", "rounding") is fine, but not "capot=252", "rounding: tens"
        words.append(rf"\b{re.escape(key)}\s*=\s*\w")
        for c in choices:
            if not isinstance(c, int) or isinstance(c, bool):
                words.append(rf"\b{re.escape(key)}:\s*{re.escape(str(c))}\b")
    any_case = [  # "Seat 2" and "seat 2" alike
        re.compile(w, re.MULTILINE | re.IGNORECASE) for w in words if w.startswith(r"\bsee")
    ]
    any_case += [re.compile(r"\b(teams?|seats?) [0-3]\b", re.IGNORECASE)]
    return any_case + [re.compile(w, re.MULTILINE) for w in words]


FORBIDDEN = _forbidden()
#: A deep link shown to copy (``?scenario=belote/seed-000-...``) names a file, not a rule.
LINK = re.compile(r"\?scenario=[^\s`&]+(&step=\d+)?")


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def _element_texts(node: Any) -> Iterator[str]:
    """The visible text of one element."""
    kind = getattr(node, "type", "")
    if kind in ("text_area", "text_input", "code"):
        return  # what the learner typed, and the workshop's YAML for authors
    if kind == "arrow_data_frame":
        yield node.value.to_string()
        return
    if kind == "plotly_chart":
        spec = json.loads(node.proto.spec)
        yield from _strings(spec.get("layout", {}))
        for trace in spec.get("data", []):
            yield from (str(trace.get(k, "")) for k in ("name", "text", "x", "y"))
        return
    # A menu's value is the program's value; the learner reads its options (formatted).
    menu = kind in ("selectbox", "radio", "multiselect", "select_slider")
    for attr in (
        "label",
        "caption",
        "help",
        "placeholder",
        "options",
        *(() if menu else ("value",)),
    ):
        try:
            v = getattr(node, attr)
        except Exception:
            continue
        if isinstance(v, str):
            yield v
        elif isinstance(v, (list, tuple)):
            yield from (str(o) for o in v)
    proto = getattr(node, "proto", None)
    for attr in ("body", "caption"):  # markdown, images' captions
        v = getattr(proto, attr, None)
        if isinstance(v, str):
            yield v


def _texts(at: AppTest) -> list[str]:
    """Every piece of text on screen (main and sidebar), as ``type: text``."""
    out: list[str] = []

    def walk(node: Any) -> None:
        kind = getattr(node, "type", "block")
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            label = getattr(node, "label", None)  # expanders, tabs
            if isinstance(label, str):
                out.append(f"{kind}: {label}")
            for child in children.values():
                walk(child)
            return
        out.extend(f"{kind}: {LINK.sub('', text)}" for text in _element_texts(node) if text)

    walk(at._tree)
    return out


def _leaks(at: AppTest) -> list[str]:
    found = []
    for text in _texts(at):
        if "<style>" in text:
            continue
        for pattern in FORBIDDEN:
            m = pattern.search(text)
            if m:
                found.append(f"{m.group(0)!r} in {text[:160]!r}")
    return found


def _app(page: str = "home", **params: str) -> AppTest:
    return open_app(page, 120, **params)


@pytest.fixture
def _fresh_caches() -> Iterator[None]:
    """Caches of an earlier test do not leak in (the scenario tests share theirs)."""
    st.cache_data.clear()
    st.cache_resource.clear()
    yield


def test_the_patterns_catch_what_they_should() -> None:
    bad = [
        "A wins 64-56",  # no: this one needs context; the engine's phrasing is checked below
        "Contract made by team 0 (seats 0 and 2)",
        "This is seed 000's example",
        "(excuse_last_trick: goes_to_trick_winner)",
        "Ruleset seed-004",
        "contract_basis total_strict",
        "seat 1 9♣, Won by seat 0",
        "Belote · level 2 · default",
        "default",
        "rounding: tens",
        "player A (seat 0)",
        "value None",
    ]
    caught = [b for b in bad if any(p.search(f"markdown: {b}") for p in FORBIDDEN)]
    assert caught == bad[1:]
    fine = [
        "Capot: all eight tricks",
        "By default the taker leads.",
        "You & Partner win 90 to 72",
        "Open ?scenario=belote/seed-000-must-ruff&step=3 to share",
        "the target is 1000",
        "A side that wins all eight tricks makes capot: 250 points instead of 162",
    ]
    assert [
        f for f in fine if any(p.search(f"markdown: {LINK.sub('', f)}") for p in FORBIDDEN)
    ] == []


@pytest.mark.usefixtures("_fresh_caches")
@pytest.mark.parametrize("page", PAGES)
def test_every_page_loads_with_a_title_and_shows_no_internal_name(page: str) -> None:
    at = _app(page)
    assert not at.exception, [e.value for e in at.exception]
    assert at.title, "every page has a title"
    assert _texts(at), "the collector found no text"
    assert _leaks(at) == []


@pytest.mark.usefixtures("_fresh_caches")
def test_no_ruleset_on_the_rules_page_shows_an_internal_name() -> None:
    at = _app("rules")
    seen = 0
    for game in GAMES:
        radio = at.radio(key=f"rules_rs_{game}")
        for option in radio.options:
            radio.set_value(option).run()
            radio = at.radio(key=f"rules_rs_{game}")
            assert not at.exception
            assert _leaks(at) == [], (game, option)
            seen += 1
    assert seen == sum(len(rulesets(g)) for g in GAMES)


def _scenarios() -> list[tuple[str, int]]:
    lib = load_library()
    return [(sid, len(c.scenario.steps)) for sid, c in sorted(lib.scenarios.items())]


@pytest.fixture(scope="module")
def player() -> AppTest:
    """One app on the player page, reused for every deep link."""
    st.cache_data.clear()
    st.cache_resource.clear()
    return _app("play")


SCENARIOS = _scenarios()


@pytest.mark.parametrize(("sid", "steps"), SCENARIOS, ids=[s for s, _ in SCENARIOS])
def test_no_scenario_shows_an_internal_name(player: AppTest, sid: str, steps: int) -> None:
    leaks = []
    for step in (0, steps + 1):  # the start and the finished scenario
        player.query_params["scenario"] = sid
        player.query_params["step"] = str(step)
        player.run()
        assert not player.exception, [e.value for e in player.exception]
        shown = [e.value for kind in ("caption", "markdown", "code") for e in player.get(kind)]
        link = f"scenario={sid}&step="  # the player may move past opening narration
        assert any(link in str(v) for v in shown), f"the deep link {link} was not followed"
        leaks += [f"step {step}: {leak}" for leak in _leaks(player)]
    assert leaks == []
