"""Rulesets and rule options in a player's words (pure: no Streamlit).

The engine names its rulesets and options by identifiers (``seed-004``,
``contract_basis=total_strict``, ``default+capot=252``); these stay in the engine and
in scenario files. Everything the learner reads comes from the message catalogue:

- ``[rulesets.<game>.<name>]`` ``title`` and ``blurb`` for every named ruleset;
- ``[options.<game>.<key>]`` ``title`` (what the option is about) and one sentence
  per allowed value (``true`` / ``false`` for yes-or-no options, the number for
  numbers).

A test checks that every ruleset and every allowed value of every game has its text.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from tutorial.engine.rule_options import Ruleset, find_ruleset
from tutorial.language.i18n import DEFAULT_LANGUAGE, catalogue, sentences, t, tn

__all__ = [
    "changed_options",
    "option_sentence",
    "option_title",
    "option_value_key",
    "ruleset_blurb",
    "ruleset_title",
]


def option_value_key(value: object) -> str:
    """The catalogue key of an option value: ``true``/``false``, a number, or the text.

    >>> option_value_key(True), option_value_key(252), option_value_key("tens")
    ('true', '252', 'tens')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _split(game: str, name: str) -> tuple[Ruleset, Ruleset]:
    """(the named preset, the full ruleset) of a name that may carry ``+key=value``."""
    base_name = name.split("+", 1)[0]
    base = find_ruleset(game, base_name)
    if "+" not in name:
        return base, base
    overrides: dict[str, Any] = {}
    fields = {f.name: f for f in dataclasses.fields(base.options)}
    for part in name.split("+", 1)[1].split(","):
        key, _, raw = part.partition("=")
        choices = fields[key].metadata.get("choices", ()) if key in fields else ()
        value: object = next((c for c in choices if str(c) == raw), raw)
        if value == raw and key in fields and _whole_number(fields[key].default):
            # a number beyond the usual choices (any positive game target)
            value = int(raw) if raw.isascii() and raw.isdigit() else raw
        overrides[key] = value
    return base, find_ruleset(game, base.name, **overrides)


def changed_options(game: str, name: str) -> list[tuple[str, Any]]:
    """The options (key, value) of ruleset ``name`` that differ from its named preset."""
    base, full = _split(game, name)
    return [
        (f.name, getattr(full.options, f.name))
        for f in dataclasses.fields(full.options)
        if getattr(full.options, f.name) != getattr(base.options, f.name)
    ]


def ruleset_title(game: str, name: str) -> str:
    """A ruleset's readable name: ``seed-004`` -> "Belote app rules".

    A name with option overrides (``default+capot=252``) reads as its preset's title
    with a remark that one or more rules were changed.

    >>> ruleset_title("belote", "default"), ruleset_title("belote", "seed-004")
    ('Classic', 'Belote app rules')

    Raises:
        UnknownRulesetError: the game or the preset does not exist.
    """
    base, _ = _split(game, name)
    key = f"rulesets.{game}.{base.name}"
    title = t(key + ".title")
    changes = changed_options(game, name)
    if not changes:
        return title
    return tn("rulesets.changed", len(changes), base=title)


def ruleset_blurb(game: str, name: str) -> str:
    """One line about a ruleset that a player understands (with any changed rules)."""
    base, _ = _split(game, name)
    key = f"rulesets.{game}.{base.name}"
    blurb = t(key + ".blurb")
    changes = [option_sentence(game, k, v) for k, v in changed_options(game, name)]
    return sentences([blurb, *changes])


def option_title(game: str, key: str) -> str:
    """What an option is about, in a few words: ``capot`` -> "Capot (all eight tricks)"."""
    ckey = f"options.{game}.{key}"
    return t(ckey + ".title")


def option_sentence(game: str, key: str, value: object) -> str:
    """An option's value as a sentence.

    A number without a sentence of its own (an option that accepts any positive
    number, like Belote's game target) reads through the option's ``any`` sentence.

    >>> option_sentence("tarot", "excuse_last_trick", "goes_to_trick_winner")
    'When the Excuse is played to the last trick, it goes to the side that wins that trick.'
    >>> option_sentence("belote", "target", 1500)
    'The match is played to 1500 points.'
    """
    ckey = f"options.{game}.{key}.{option_value_key(value)}"
    if _whole_number(value) and ckey not in catalogue(DEFAULT_LANGUAGE):
        any_key = f"options.{game}.{key}.any"  # "The match is played to {value} points."
        return t(any_key, value=value)
    return t(ckey)


def _whole_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
