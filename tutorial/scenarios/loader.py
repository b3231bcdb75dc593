"""Parse a scenario file into the model, with ``file:line:col: message`` errors."""

from __future__ import annotations

import dataclasses
import difflib
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from tutorial.engine.errors import ScenarioError
from tutorial.scenarios.model import MAX_STEPS, MAX_VARIANTS, STEP_KEYS, Scenario
from tutorial.scenarios.yamlsafe import Located, load_bytes, load_file, load_text

MAX_ERRORS = 50  # problems listed per file; a last line counts the others


@dataclasses.dataclass(frozen=True)
class Problem:
    """One problem found in a file: where and what."""

    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


class ScenarioProblems(ScenarioError):
    """One or more problems in one scenario file (the message lists them).

    At most :data:`MAX_ERRORS` are kept; a last line says how many more there were.
    """

    def __init__(self, problems: list[Problem]) -> None:
        if len(problems) > MAX_ERRORS:
            more = len(problems) - MAX_ERRORS
            first = problems[0]
            problems = [
                *problems[:MAX_ERRORS],
                Problem(
                    first.file,
                    first.line,
                    first.column,
                    f"only the first {MAX_ERRORS} problems are listed; "
                    f"problems not listed: {more:,}",
                ),
            ]
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


def _problem(doc: Located, loc: tuple[Any, ...], message: str) -> Problem:
    line, col = doc.position(loc)
    return Problem(doc.file, line, col, message)


def _field_path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _clean_loc(
    doc: Located, prefix: tuple[Any, ...], loc: tuple[Any, ...], missing: bool
) -> tuple[Any, ...]:
    # pydantic puts union member names ('str', 'constrained-str', 'list[str]') in
    # locations: keep only the parts that are places in the document.
    full = list(prefix)
    for i, part in enumerate(loc):
        candidate = (*full, part)
        last = i == len(loc) - 1
        if candidate in doc.positions or (missing and last and isinstance(part, str)):
            full.append(part)
    return tuple(full)


def suggest(word: str, allowed: list[str]) -> str | None:
    """The allowed key closest to a mistyped one, if any is close enough.

    >>> suggest("sumary", ["summary", "title"]), suggest("accept_worse", ["accept_worse_by"])
    ('summary', 'accept_worse_by')
    >>> suggest("xyz", ["summary", "title"]) is None
    True
    """
    low = word.strip().lower()
    by_low = {a.lower(): a for a in allowed}
    if low in by_low:
        return by_low[low]
    close = difflib.get_close_matches(low, list(by_low), n=1, cutoff=0.6)
    if close:
        return by_low[close[0]]
    starts = [a for a in allowed if len(low) >= 3 and (a.startswith(low) or low.startswith(a))]
    return starts[0] if len(starts) == 1 else None


def _pydantic_problems(
    doc: Located, err: ValidationError, prefix: tuple[Any, ...] = ()
) -> list[Problem]:
    by_loc: dict[tuple[Any, ...], list[str]] = {}
    at_key: set[tuple[Any, ...]] = set()
    suggested: set[tuple[Any, ...]] = set()  # required keys an unknown key may be meant as
    for e in err.errors(include_url=False):
        kind = e["type"]
        loc = _clean_loc(doc, prefix, tuple(e["loc"]), kind == "missing")
        field = _field_path(loc)
        if kind == "extra_forbidden":
            at_key.add(loc)
            msg = f"unknown key {loc[-1]!r}"
            allowed = _allowed_keys(doc, loc)
            close = suggest(str(loc[-1]), allowed)
            if close:
                msg += f"; did you mean {close!r}?"
                suggested.add((*loc[:-1], close))
            elif allowed:
                msg += f" (allowed here: {', '.join(allowed)})"
        elif kind == "missing":
            msg = f"{field}: this key is required"
        else:
            got = e.get("input")
            shown = repr(got) if not isinstance(got, (dict, list)) else type(got).__name__
            if len(shown) > 60:
                shown = shown[:57] + "..."
            msg = f"{field}: {e['msg']} (got {shown})"
        msgs = by_loc.setdefault(loc, [])
        if msg not in msgs:
            msgs.append(msg)
    problems = []
    for loc, msgs in by_loc.items():
        if loc in suggested and all(m.endswith("this key is required") for m in msgs):
            continue  # the misspelt key's line says it ("did you mean 'accept'?")
        if len(msgs) > 1:  # a union: one sentence with the alternatives
            field = _field_path(loc)
            alts = [m.split(": ", 1)[-1] for m in msgs]
            msgs = [f"{field}: " + "; or ".join(alts)]
        if loc in at_key:
            line, col = doc.key_position(loc)
            problems.append(Problem(doc.file, line, col, msgs[0]))
        else:
            problems.append(_problem(doc, loc, msgs[0]))
    return problems


def _model_of(annotation: Any) -> type[BaseModel] | None:
    """The pydantic model inside an annotation (``Variant``, ``list[Variant]``, ``X | None``)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = _model_of(arg)
        if found is not None:
            return found
    return None


def _allowed_keys(doc: Located, loc: tuple[Any, ...]) -> list[str]:
    model: type[BaseModel] | None = Scenario
    path = list(loc[:-1])
    if path and path[0] == "steps" and len(path) >= 3:
        model = STEP_KEYS.get(str(path[2]))
        path = path[2:]
        if model is not None:
            # descend into the step's inner model
            model = _model_of(model.model_fields[str(path[0])].annotation)
            path = path[1:]
    for part in path:
        if model is None or isinstance(part, int):
            continue
        f = model.model_fields.get(str(part))
        model = _model_of(f.annotation) if f else None
    return sorted(model.model_fields) if model else []


def parse(doc: Located) -> Scenario:
    """Validate loaded YAML against the scenario model.

    Raises:
        ScenarioProblems: every problem found, each ``file:line:col: message``.
    """
    data = doc.data
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else f"a {type(data).__name__}"
        raise ScenarioProblems(
            [
                _problem(
                    doc,
                    (),
                    f"a scenario is a YAML mapping (title:, game:, hands:, steps: ...), not {kind}",
                )
            ]
        )
    problems: list[Problem] = []
    for key, cap in (("steps", MAX_STEPS), ("variants", MAX_VARIANTS)):
        items = data.get(key)
        if isinstance(items, list) and len(items) > cap:
            raise ScenarioProblems(
                [
                    _problem(
                        doc,
                        (key, cap),
                        f"{key}: a scenario has at most {cap} {key}; this one has "
                        f"{len(items):,} (split it into several scenarios)",
                    )
                ]
            )
    steps = data.get("steps")
    if isinstance(steps, list):
        for i, step in enumerate(steps):
            if not isinstance(step, dict) or len(step) != 1:
                problems.append(
                    _problem(
                        doc,
                        ("steps", i),
                        f"steps[{i}] must be a mapping with exactly one key: "
                        + ", ".join(STEP_KEYS),
                    )
                )
                continue
            (key,) = step
            model = STEP_KEYS.get(key)
            if model is None:
                close = suggest(str(key), list(STEP_KEYS))
                line, col = doc.key_position(("steps", i, key))
                problems.append(
                    Problem(
                        doc.file,
                        line,
                        col,
                        f"steps[{i}]: unknown step {key!r}; "
                        + (f"did you mean {close!r}? " if close else "")
                        + "a step is one of "
                        + ", ".join(STEP_KEYS),
                    )
                )
                continue
            try:
                model.model_validate(step)
            except ValidationError as e:
                problems.extend(_pydantic_problems(doc, e, ("steps", i)))
    # The steps were checked one by one above; check the rest with a stand-in for them.
    rest = {**data, "steps": [{"say": "."}]} if problems else data
    try:
        scenario = Scenario.model_validate(rest)
    except ValidationError as e:
        problems.extend(_pydantic_problems(doc, e))
    if problems:
        problems.sort(key=lambda p: (p.line, p.column))
        raise ScenarioProblems(problems)
    return scenario


def parse_file(path: str | Path, display_name: str | None = None) -> tuple[Scenario, Located]:
    """Load and validate one file (structure only; see ``checker`` for the rules)."""
    doc = load_file(path, display_name)
    return parse(doc), doc


def parse_text(text: str, name: str = "<pasted>") -> tuple[Scenario, Located]:
    """Load and validate scenario text (the workshop's paste box)."""
    doc = load_text(text, name)
    return parse(doc), doc


def parse_bytes(raw: bytes, name: str) -> tuple[Scenario, Located]:
    """Load and validate an uploaded file's bytes."""
    doc = load_bytes(raw, name)
    return parse(doc), doc
