"""A game's rule options and the named rulesets that set them.

Each game declares its options as a frozen dataclass of :func:`option` fields and
registers its presets (:func:`register_ruleset`) as it is imported; :func:`find_ruleset`
looks one up by name or alias, with options changed (:meth:`Ruleset.with_options`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutorial.engine.errors import UnknownRulesetError


@dataclass(frozen=True)
class Ruleset:
    """A named set of rule options for one game, plus any per-option overrides.

    ``name`` reads like ``default`` or ``seed-004`` or ``default+capot=252``; every
    result carries it so a learner knows which rules produced it.
    """

    game: str
    name: str
    options: Any  # the game's frozen options dataclass
    description: str = ""

    def __str__(self) -> str:
        return f"{self.game}/{self.name}"

    def with_options(self, **overrides: Any) -> Ruleset:
        """This ruleset with some options changed (validated, named in the result)."""
        return _apply_overrides(self, overrides)


@dataclass(frozen=True)
class _Preset:
    ruleset: Ruleset
    aliases: tuple[str, ...]


_REGISTRY: dict[str, dict[str, _Preset]] = {}
_ALIASES: dict[str, dict[str, str]] = {}


def option(
    default: Any,
    help: str,
    choices: Sequence[Any] | None = None,
    accepts: Callable[[Any], bool] | None = None,
) -> Any:
    """Declare a rule option field: its default, a one-line help and allowed values.

    ``accepts``, when given, also allows values outside ``choices`` that pass it
    (``choices`` then lists the usual values, for pickers and texts); its docstring
    says what it accepts in the refusal message.
    """
    meta: dict[str, Any] = {"help": help}
    if choices is not None:
        meta["choices"] = tuple(choices)
    if accepts is not None:
        meta["accepts"] = accepts
    return field(default=default, metadata=meta)


def positive_whole_number(value: object) -> bool:
    """any positive whole number

    >>> positive_whole_number(2000), positive_whole_number(0), positive_whole_number(True)
    (True, False, False)
    """
    return type(value) is int and value > 0


def register_ruleset(
    game: str, name: str, options: Any, description: str, aliases: Sequence[str] = ()
) -> Ruleset:
    """Add a named preset for a game (called by each game module at import)."""
    rs = Ruleset(game=game, name=name, options=options, description=description)
    _REGISTRY.setdefault(game, {})[name] = _Preset(rs, tuple(aliases))
    table = _ALIASES.setdefault(game, {})
    for a in (name, *aliases):
        table[a.lower()] = name
    return rs


def rulesets(game: str) -> list[Ruleset]:
    """The named presets of a game, default first."""
    if game not in _REGISTRY:
        raise UnknownRulesetError(f"unknown game {game!r}; games: {', '.join(sorted(_REGISTRY))}")
    return [p.ruleset for p in _REGISTRY[game].values()]


def find_ruleset(game: str, name: str = "default", **overrides: Any) -> Ruleset:
    """Look a ruleset up by name or alias (case-insensitive), with option overrides.

    Raises:
        UnknownRulesetError: unknown game, ruleset, option, or a value not allowed.
    """
    if game not in _REGISTRY:
        raise UnknownRulesetError(f"unknown game {game!r}; games: {', '.join(sorted(_REGISTRY))}")
    key = _ALIASES[game].get(str(name).lower())
    if key is None:
        names = ", ".join(_REGISTRY[game])
        raise UnknownRulesetError(f"unknown {game} ruleset {name!r}; rulesets: {names}")
    rs = _REGISTRY[game][key].ruleset
    return _apply_overrides(rs, overrides) if overrides else rs


def resolve_ruleset(
    game: str, ruleset: str | Ruleset, options_type: type, **overrides: Any
) -> Ruleset:
    """A game's ruleset from a name/alias or a ``Ruleset``, with option overrides.

    Raises:
        UnknownRulesetError: an unknown name or option, a value not allowed, or a
            ruleset of another game.
    """
    if isinstance(ruleset, Ruleset):
        if ruleset.game != game or not isinstance(ruleset.options, options_type):
            title = {"tarot": "Tarot", "belote": "Belote", "briscola": "Briscola"}.get(game, game)
            raise UnknownRulesetError(f"{ruleset} is not a {title} ruleset")
        return ruleset.with_options(**overrides) if overrides else ruleset
    return find_ruleset(game, ruleset, **overrides)


def option_help(ruleset: Ruleset) -> list[tuple[str, Any, str, tuple[Any, ...] | None]]:
    """(name, value, help, choices) for every option of a ruleset, for the rules page."""
    out = []
    for f in dataclasses.fields(ruleset.options):
        out.append(
            (
                f.name,
                getattr(ruleset.options, f.name),
                f.metadata.get("help", ""),
                f.metadata.get("choices"),
            )
        )
    return out


def _apply_overrides(rs: Ruleset, overrides: Mapping[str, Any]) -> Ruleset:
    fields = {f.name: f for f in dataclasses.fields(rs.options)}
    clean: dict[str, Any] = {}
    for k, v in overrides.items():
        if k not in fields:
            raise UnknownRulesetError(
                f"unknown {rs.game} rule option {k!r}; options: {', '.join(fields)}"
            )
        current = getattr(rs.options, k)
        choices = fields[k].metadata.get("choices")
        accepts = fields[k].metadata.get("accepts")
        if choices is not None and v not in choices and not (accepts and accepts(v)):
            allowed = ", ".join(repr(c) for c in choices)
            if accepts is not None and accepts.__doc__:
                allowed += f", or {accepts.__doc__.splitlines()[0]}"
            raise UnknownRulesetError(
                f"{rs.game} option {k}={v!r} is not allowed; choose {allowed}"
            )
        if type(v) is not type(current) and not (isinstance(current, float) and type(v) is int):
            raise UnknownRulesetError(
                f"{rs.game} option {k} takes a {type(current).__name__}, not {v!r}"
            )
        clean[k] = v
    if not clean:
        return rs
    opts = dataclasses.replace(rs.options, **clean)
    suffix = ",".join(f"{k}={v}" for k, v in clean.items())
    return Ruleset(rs.game, f"{rs.name}+{suffix}", opts, rs.description)
