"""The engine, the scenario loader and the chart builders never import streamlit."""

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "tutorial"
PURE = ["engine", "scenarios"]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_pure_layers_do_not_import_streamlit() -> None:
    files = [f for sub in PURE for f in (PKG / sub).rglob("*.py")]
    assert files, "no files found: the test would pass vacuously"
    offenders = [str(f.relative_to(PKG)) for f in files if "streamlit" in _imports(f)]
    assert offenders == []
