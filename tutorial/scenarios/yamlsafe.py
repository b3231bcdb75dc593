"""Load untrusted YAML safely, keeping the line and column of every value.

Only plain data comes out (mappings with string keys, lists, strings, numbers,
booleans, null). Hostile input ends quickly with a ``file:line:col: message`` error:
a file over the size cap, an alias bomb (the expanded document is capped in nodes),
very deep nesting, a Python object tag, a duplicate key.

>>> doc = load_text("a: 1\\nb:\\n  - x\\n", "demo.yaml")
>>> doc.data
{'a': 1, 'b': ['x']}
>>> doc.where(("b", 0))
'demo.yaml:3:5'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tutorial.engine.errors import ScenarioError

MAX_BYTES = 256 * 1024  # a scenario is a page of text; 256 KB is generous
MAX_NODES = 50_000  # after alias expansion
MAX_DEPTH = 40

Loc = tuple[str | int, ...]

_STD_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:map",
}

try:  # the C loader is faster; both compose the same node tree
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the libyaml build
    _Loader = yaml.SafeLoader


@dataclass(frozen=True)
class Located:
    """A loaded document and where each value of it came from."""

    data: Any
    file: str
    positions: dict[Loc, tuple[int, int]]

    def position(self, loc: Sequence[str | int]) -> tuple[int, int]:
        """(line, column), 1-based, of the value at ``loc`` or its nearest parent."""
        path = tuple(loc)
        while path:
            if path in self.positions:
                return self.positions[path]
            path = path[:-1]
        return self.positions.get((), (1, 1))

    def where(self, loc: Sequence[str | int]) -> str:
        """``file:line:col`` of the value at ``loc`` (or its nearest parent)."""
        line, col = self.position(loc)
        return f"{self.file}:{line}:{col}"

    def error(self, loc: Sequence[str | int], message: str) -> ScenarioError:
        """A ScenarioError located at ``loc``."""
        return ScenarioError(f"{self.where(loc)}: {message}")


def _too_big(name: str, size: int, unit: str = "bytes") -> ScenarioError:
    return ScenarioError(
        f"{name}:1:1: the file is {size:,} {unit}; a scenario may be at most {MAX_BYTES:,} {unit}"
    )


def load_file(path: str | Path, display_name: str | None = None) -> Located:
    """Read and load one YAML file (size-capped before reading it whole)."""
    p = Path(path)
    name = display_name or str(path)
    try:
        size = p.stat().st_size
    except OSError as e:
        raise ScenarioError(f"{name}:1:1: cannot read the file ({e.strerror})") from None
    if size > MAX_BYTES:
        raise _too_big(name, size)
    try:
        raw = p.read_bytes()
    except OSError as e:
        raise ScenarioError(f"{name}:1:1: cannot read the file ({e.strerror})") from None
    return load_bytes(raw, name)


def load_bytes(raw: bytes, name: str) -> Located:
    """Load YAML from bytes (UTF-8), with the size cap."""
    if len(raw) > MAX_BYTES:
        raise _too_big(name, len(raw))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ScenarioError(f"{name}:1:1: the file is not UTF-8 text (byte {e.start})") from None
    return load_text(text, name)


def load_text(text: str, name: str) -> Located:
    """Load YAML text into plain data with positions; raise ScenarioError on anything odd."""
    if len(text) > MAX_BYTES:
        raise _too_big(name, len(text), "characters")
    _check_depth(text, name)
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = e.problem or e.context or "invalid YAML"
        raise ScenarioError(f"{name}:{line}:{col}: not valid YAML: {problem}") from None
    except yaml.YAMLError as e:
        raise ScenarioError(f"{name}:1:1: not valid YAML: {e}") from None
    except RecursionError:
        raise ScenarioError(f"{name}:1:1: the YAML is nested too deeply") from None
    if node is None:
        raise ScenarioError(f"{name}:1:1: the file is empty; a scenario is a YAML mapping")
    positions: dict[Loc, tuple[int, int]] = {}
    budget = [MAX_NODES]
    data = _convert(node, (), positions, budget, name, 0)
    return Located(data, name, positions)


def _check_depth(text: str, name: str) -> None:
    """Refuse absurd nesting before the recursive composer sees it."""
    depth = 0
    worst = 0
    line = 1
    for ch in text:
        if ch in "[{":
            depth += 1
            if depth > worst:
                worst = depth
                if worst > MAX_DEPTH:
                    raise ScenarioError(
                        f"{name}:{line}:1: the YAML is nested more than {MAX_DEPTH} levels deep"
                    )
        elif ch in "]}":
            depth = max(0, depth - 1)
        elif ch == "\n":
            line += 1


def _convert(
    node: yaml.Node,
    loc: Loc,
    positions: dict[Loc, tuple[int, int]],
    budget: list[int],
    name: str,
    depth: int,
) -> Any:
    budget[0] -= 1
    line, col = node.start_mark.line + 1, node.start_mark.column + 1
    if budget[0] < 0:
        raise ScenarioError(
            f"{name}:{line}:{col}: the document expands to more than {MAX_NODES:,} values "
            "(too many aliases?)"
        )
    if depth > MAX_DEPTH:
        raise ScenarioError(
            f"{name}:{line}:{col}: the YAML is nested more than {MAX_DEPTH} levels deep"
        )
    if node.tag not in _STD_TAGS:
        raise ScenarioError(
            f"{name}:{line}:{col}: the tag {node.tag!r} is not allowed in a scenario"
        )
    positions.setdefault(loc, (line, col))
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for knode, vnode in node.value:
            if not isinstance(knode, yaml.ScalarNode):
                kl, kc = knode.start_mark.line + 1, knode.start_mark.column + 1
                raise ScenarioError(f"{name}:{kl}:{kc}: a key must be plain text")
            if knode.tag == "tag:yaml.org,2002:merge" or knode.value == "<<":
                kl, kc = knode.start_mark.line + 1, knode.start_mark.column + 1
                raise ScenarioError(f"{name}:{kl}:{kc}: merge keys (<<) are not supported")
            key = str(_scalar(knode, name))
            if key in out:
                kl, kc = knode.start_mark.line + 1, knode.start_mark.column + 1
                raise ScenarioError(f"{name}:{kl}:{kc}: the key {key!r} appears twice")
            sub = (*loc, key)
            positions[sub] = (vnode.start_mark.line + 1, vnode.start_mark.column + 1)
            out[key] = _convert(vnode, sub, positions, budget, name, depth + 1)
        return out
    if isinstance(node, yaml.SequenceNode):
        items = []
        for i, item in enumerate(node.value):
            items.append(_convert(item, (*loc, i), positions, budget, name, depth + 1))
        return items
    return _scalar(node, name)


_CTOR = yaml.constructor.SafeConstructor()


def _scalar(node: yaml.Node, name: str) -> Any:
    # Resolve a plain scalar with PyYAML's own safe constructor (object tags never get here).
    if node.tag not in _STD_TAGS:
        line, col = node.start_mark.line + 1, node.start_mark.column + 1
        raise ScenarioError(
            f"{name}:{line}:{col}: the tag {node.tag!r} is not allowed in a scenario"
        )
    try:
        return _CTOR.construct_object(node)
    finally:
        _CTOR.constructed_objects.clear()
