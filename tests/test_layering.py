"""The folders are the layers: each imports only the layers below it, and no module
imports itself back through others (no circle).

The layer order is :data:`LAYERS`, the one table of it (``ARCHITECTURE.md`` draws the
same table). Every import counts: at the top of a module, inside a function, and under
``if TYPE_CHECKING:``. The layers below the app never import streamlit.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "tutorial"

#: Bottom first: (layer, the module prefixes it holds). A module belongs to the row of
#: its longest matching prefix; it may import its own layer and every layer below.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("language", ("tutorial.language",)),
    ("engine", ("tutorial.engine",)),
    ("analysis", ("tutorial.analysis",)),
    ("scenarios", ("tutorial.scenarios",)),
    ("course", ("tutorial.course",)),
    ("classes", ("tutorial.classes",)),
    ("pictures", ("tutorial.pictures",)),
    ("app session and components", ("tutorial.webapp",)),
    ("app pages", ("tutorial.webapp.pages",)),
    ("tools", ("tutorial.tools",)),
    ("entry points", ("tutorial", "tutorial.app", "tutorial.__main__", "tutorial.screens")),
)

#: The layers that never import streamlit (the app's are the only ones that may).
NO_STREAMLIT = ("language", "engine", "analysis", "scenarios", "course", "classes", "pictures")


def module_name(path: Path, root: Path) -> str:
    """``tutorial/engine/cards.py`` -> ``tutorial.engine.cards`` (a package by its folder)."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def read_tree(root: Path) -> dict[str, str]:
    """Every module below ``root`` (a package folder) by its dotted name, with its source."""
    return {module_name(p, root): p.read_text(encoding="utf-8") for p in root.rglob("*.py")}


def imports_of(name: str, source: str, modules: Iterable[str]) -> set[str]:
    """The project modules that ``name`` imports anywhere in its source.

    ``from pkg import x`` names the module ``pkg.x`` when there is one, else ``pkg``.
    """
    known = set(modules)
    is_package = any(m.startswith(name + ".") for m in known)
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for a in node.names:
                sub = f"{base}.{a.name}"
                if sub in known:
                    out.add(sub)
                elif base in known:
                    out.add(base)
    out.discard(name)
    return out


def layer_of(module: str) -> int:
    """The index in :data:`LAYERS` of a module's layer (its longest matching prefix)."""
    best, best_len = -1, -1
    for i, (_, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if (module == p or module.startswith(p + ".")) and len(p) > best_len:
                best, best_len = i, len(p)
    if best < 0:
        raise AssertionError(f"{module} is in no layer: add its folder to LAYERS")
    return best


def upward_imports(graph: Mapping[str, set[str]]) -> list[str]:
    """Each import from a module to a module of a higher layer, as a sentence."""
    bad = []
    for mod, deps in sorted(graph.items()):
        for dep in sorted(deps):
            if layer_of(dep) > layer_of(mod):
                bad.append(
                    f"{mod} ({LAYERS[layer_of(mod)][0]}) imports {dep} ({LAYERS[layer_of(dep)][0]})"
                )
    return bad


#: The games' packages of the engine (a folder of ``tutorial/engine`` with an ``__init__.py``).
GAME_PACKAGES = tuple(sorted(p.parent.name for p in (PKG / "engine").glob("*/__init__.py")))


def game_package_imports(graph: Mapping[str, set[str]]) -> list[str]:
    """Above the engine, the imports of a game's package by a module other than that
    game's own part of its layer (``tutorial/<layer>/games/<game>.py``): everything else
    reads a game through the engine's contract (``games.game_info``, the state)."""
    out = []
    for mod, deps in sorted(graph.items()):
        if mod == "tutorial.engine" or mod.startswith("tutorial.engine."):
            continue
        for dep in sorted(deps):
            parts = dep.split(".")
            if len(parts) < 3 or parts[:2] != ["tutorial", "engine"]:
                continue
            game = parts[2]
            if game not in GAME_PACKAGES:
                continue
            own = mod.split(".")
            if len(own) >= 2 and own[-2:] == ["games", game]:
                continue
            out.append(
                f"{mod} imports {dep}: read the game through its GameInfo or the "
                f"state, or move this into a games/{game}.py part"
            )
    return out


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected groups of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def import_graph(tree: Mapping[str, str]) -> dict[str, set[str]]:
    """Module -> the project modules it imports."""
    return {m: imports_of(m, src, tree) for m, src in tree.items()}


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    tree = read_tree(PKG)
    assert len(tree) > 50, "the package was not found: the test would pass vacuously"
    return import_graph(tree)


def test_every_module_has_a_layer(graph: dict[str, set[str]]) -> None:
    for m in graph:
        layer_of(m)


def test_no_layer_imports_a_layer_above_it(graph: dict[str, set[str]]) -> None:
    assert upward_imports(graph) == []


def test_above_the_engine_only_a_games_part_imports_its_game(
    graph: dict[str, set[str]],
) -> None:
    assert len(GAME_PACKAGES) >= 3
    assert game_package_imports(graph) == []


def test_no_import_circle(graph: dict[str, set[str]]) -> None:
    assert circles(graph) == []


def test_no_module_lies_loose_at_the_top() -> None:
    loose = sorted(p.name for p in PKG.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py", "app.py"]


def test_the_layers_below_the_app_never_import_streamlit() -> None:
    tree = read_tree(PKG)
    offenders = []
    for mod, src in tree.items():
        if LAYERS[layer_of(mod)][0] not in NO_STREAMLIT:
            continue
        for node in ast.walk(ast.parse(src)):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(n == "streamlit" or n.startswith("streamlit.") for n in names):
                offenders.append(mod)
    assert offenders == []


# --- The checks catch what they are for: a planted upward import and a planted circle --


def _planted(files: dict[str, str], tmp_path: Path) -> dict[str, set[str]]:
    root = tmp_path / "tutorial"
    for rel, text in {"__init__.py": "", **files}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return import_graph(read_tree(root))


def test_a_planted_upward_import_is_found_even_inside_a_function(tmp_path: Path) -> None:
    graph = _planted(
        {
            "engine/__init__.py": "",
            "engine/contract.py": "def f():\n    from tutorial.pictures import charts\n",
            "pictures/__init__.py": "",
            "pictures/charts.py": "",
        },
        tmp_path,
    )
    assert upward_imports(graph) == [
        "tutorial.engine.contract (engine) imports tutorial.pictures.charts (pictures)"
    ]


def test_a_planted_type_checking_import_upward_is_found(tmp_path: Path) -> None:
    graph = _planted(
        {
            "scenarios/__init__.py": "",
            "scenarios/model.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from tutorial.webapp.state import Settings\n"
            ),
            "webapp/__init__.py": "",
            "webapp/state.py": "",
        },
        tmp_path,
    )
    assert upward_imports(graph) == [
        "tutorial.scenarios.model (scenarios) imports tutorial.webapp.state "
        "(app session and components)"
    ]


def test_a_planted_game_import_above_the_engine_is_found(tmp_path: Path) -> None:
    graph = _planted(
        {
            "engine/__init__.py": "",
            "engine/belote/__init__.py": "",
            "engine/tarot/__init__.py": "",
            "pictures/__init__.py": "",
            "pictures/charts.py": "from tutorial.engine import belote\n",
            "pictures/games/__init__.py": "",
            "pictures/games/belote.py": "from tutorial.engine.belote import x\n",
            "pictures/games/tarot.py": "from tutorial.engine import belote\n",
        },
        tmp_path,
    )
    found = [line.split(":")[0] for line in game_package_imports(graph)]
    assert found == [
        "tutorial.pictures.charts imports tutorial.engine.belote",
        "tutorial.pictures.games.tarot imports tutorial.engine.belote",
    ]


def test_a_planted_circle_is_found(tmp_path: Path) -> None:
    graph = _planted(
        {
            "engine/__init__.py": "",
            "engine/a.py": "from tutorial.engine import b\n",
            "engine/b.py": "from .c import x\n",
            "engine/c.py": "def g():\n    from tutorial.engine.a import y\n",
        },
        tmp_path,
    )
    assert upward_imports(graph) == []
    assert circles(graph) == [["tutorial.engine.a", "tutorial.engine.b", "tutorial.engine.c"]]
