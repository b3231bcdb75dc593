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

import math
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tutorial.engine.errors import ScenarioError

MAX_BYTES = 256 * 1024  # a scenario is a page of text; 256 KB is generous
MAX_NODES = 50_000  # after alias expansion
MAX_DEPTH = 40
MAX_DIGITS = 15  # digits in a number: scores and counts are small; 10**4300 breaks str()
MAX_NUMBER = 10.0**MAX_DIGITS  # and no float beyond it (1e308 overflows the arithmetic)

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
    """Read and load one YAML file.

    Only a regular file is read (a device such as ``/dev/zero`` or a FIFO is refused
    before reading, and a FIFO is opened without waiting for a writer), and the size cap
    is enforced while reading, whatever the file system says the size is.
    """
    name = display_name or str(path)
    nonblock = getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, os.O_RDONLY | nonblock | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise ScenarioError(f"{name}:1:1: cannot read the file ({e.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise ScenarioError(f"{name}:1:1: cannot read the file: it is {what}")
        if info.st_size > MAX_BYTES:
            raise _too_big(name, info.st_size)
        chunks: list[bytes] = []
        total = 0
        while total <= MAX_BYTES:
            chunk = os.read(fd, min(65536, MAX_BYTES + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as e:
        raise ScenarioError(f"{name}:1:1: cannot read the file ({e.strerror})") from None
    finally:
        os.close(fd)
    if total > MAX_BYTES:
        raise ScenarioError(
            f"{name}:1:1: the file is more than {MAX_BYTES:,} bytes; "
            f"a scenario may be at most {MAX_BYTES:,} bytes"
        )
    return load_bytes(b"".join(chunks), name)


def load_bytes(raw: bytes, name: str) -> Located:
    """Load YAML from bytes (UTF-8), with the size cap."""
    if len(raw) > MAX_BYTES:
        raise _too_big(name, len(raw))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line, col = _byte_position(raw, e.start)
        raise ScenarioError(
            f"{name}:{line}:{col}: the file is not UTF-8 text (byte {e.start} cannot be read)"
        ) from None
    return load_text(text, name)


def _byte_position(raw: bytes, offset: int) -> tuple[int, int]:
    """(line, column), 1-based, of byte ``offset``; the column counts characters.

    >>> _byte_position(b"ab\\ncd\\xff", 5)
    (2, 3)
    """
    line_start = raw.rfind(b"\n", 0, offset) + 1
    line = raw.count(b"\n", 0, offset) + 1
    before = raw[line_start:offset].decode("utf-8", errors="replace")
    return line, len(before) + 1


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
_NUMBER_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
_TAG_WORDS = {
    "tag:yaml.org,2002:int": "a whole number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:bool": "true or false",
    "tag:yaml.org,2002:null": "empty (null)",
    "tag:yaml.org,2002:str": "text",
}


def _scalar(node: yaml.Node, name: str) -> Any:
    """A scalar's value, built by PyYAML's safe constructor, with numbers checked.

    A tag that does not fit the text (``!!int abc``, ``!!bool maybe``), a number with
    more than :data:`MAX_DIGITS` digits, and a number that is not finite are refused
    with the place they were found.
    """
    line, col = node.start_mark.line + 1, node.start_mark.column + 1
    if node.tag not in _STD_TAGS or not isinstance(node, yaml.ScalarNode):
        raise ScenarioError(
            f"{name}:{line}:{col}: the tag {node.tag!r} is not allowed in a scenario"
        )
    text = str(node.value)
    shown = text if len(text) <= 30 else text[:27] + "..."
    if node.tag in _NUMBER_TAGS:
        digits = sum(ch.isdigit() for ch in text)
        if digits > MAX_DIGITS or len(text) > 4 * MAX_DIGITS:
            raise ScenarioError(
                f"{name}:{line}:{col}: this number has {digits:,} digits; "
                f"numbers in a scenario have at most {MAX_DIGITS}"
            )
    try:
        value = _CTOR.construct_object(node)
    except (ValueError, KeyError, IndexError, TypeError, ArithmeticError, yaml.YAMLError):
        want = _TAG_WORDS.get(node.tag, "a plain value")
        tag = "!!" + node.tag.rsplit(":", 1)[-1]
        raise ScenarioError(
            f"{name}:{line}:{col}: {shown!r} does not fit the tag {tag}: it is not {want}"
        ) from None
    finally:
        _CTOR.constructed_objects.clear()
    if isinstance(value, float) and not (math.isfinite(value) and abs(value) < MAX_NUMBER):
        raise ScenarioError(
            f"{name}:{line}:{col}: {shown!r} is not a usable number; numbers in a scenario "
            f"are finite and smaller than 10^{MAX_DIGITS}"
        )
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= MAX_NUMBER:
        raise ScenarioError(
            f"{name}:{line}:{col}: {shown!r} is too large; numbers in a scenario "
            f"are smaller than 10^{MAX_DIGITS}"
        )
    return value
