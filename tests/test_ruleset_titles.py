"""Rulesets and options in a player's words: every one has its text, none leaks an id."""

from __future__ import annotations

import dataclasses
import re

import pytest

from tutorial.engine.errors import UnknownRulesetError
from tutorial.engine.games import GAMES
from tutorial.engine.rule_options import rulesets
from tutorial.engine.ruleset_titles import (
    changed_options,
    option_sentence,
    option_title,
    ruleset_blurb,
    ruleset_title,
)

#: Words that betray an identifier or a source document.
INTERNAL = re.compile(r"seed|\b00\d\b|default|_|\w\+|\w=", re.IGNORECASE)


def _presets() -> list[tuple[str, str]]:
    return [(g, rs.name) for g in GAMES for rs in rulesets(g)]


def _values() -> list[tuple[str, str, object]]:
    out = []
    for game in GAMES:
        opts = rulesets(game)[0].options
        for f in dataclasses.fields(opts):
            for value in f.metadata["choices"]:
                out.append((game, f.name, value))
    return out


@pytest.mark.parametrize(("game", "name"), _presets())
def test_every_ruleset_has_a_title_and_a_blurb(game: str, name: str) -> None:
    title, blurb = ruleset_title(game, name), ruleset_blurb(game, name)
    assert title and blurb.endswith(".")
    assert not INTERNAL.search(title), title
    assert not INTERNAL.search(blurb), blurb


def test_titles_differ_within_a_game() -> None:
    for game in GAMES:
        titles = [ruleset_title(game, rs.name) for rs in rulesets(game)]
        assert len(set(titles)) == len(titles), titles


@pytest.mark.parametrize(("game", "key", "value"), _values())
def test_every_option_value_is_a_sentence(game: str, key: str, value: object) -> None:
    sentence = option_sentence(game, key, value)
    assert sentence[0].isupper() and sentence.endswith("."), sentence
    assert not INTERNAL.search(sentence), sentence
    assert not INTERNAL.search(option_title(game, key))


def test_the_values_of_one_option_read_differently() -> None:
    for game in GAMES:
        opts = rulesets(game)[0].options
        for f in dataclasses.fields(opts):
            sentences = {option_sentence(game, f.name, v) for v in f.metadata["choices"]}
            assert len(sentences) == len(f.metadata["choices"]), f.name


def test_chosen_names() -> None:
    assert ruleset_title("belote", "default") == "Classic"
    assert ruleset_title("belote", "seed-004") == "Belote app rules"
    assert ruleset_title("belote", "seed-000") == "Chinese blog rules"
    assert ruleset_title("belote", "contree-discard") == "Contrée style"
    assert ruleset_title("belote", "004") == "Belote app rules"  # an alias
    assert option_sentence("belote", "capot", 252).startswith("Winning all eight tricks")


def test_a_ruleset_with_overrides_names_its_preset_and_the_changes() -> None:
    name = "default+capot=252,declarations=False"
    assert changed_options("belote", name) == [("capot", 252), ("declarations", False)]
    assert ruleset_title("belote", name) == "Classic, with 2 rules changed"
    assert ruleset_title("belote", "default+capot=252") == "Classic, with one rule changed"
    blurb = ruleset_blurb("belote", name)
    assert "162 + 90 = 252" in blurb and "No sequences or carrés" in blurb
    # an override equal to the preset's value changes nothing
    assert ruleset_title("tarot", "default") == "Federation rules"


def test_an_unknown_ruleset_is_an_error() -> None:
    with pytest.raises(UnknownRulesetError):
        ruleset_title("belote", "nope")
