"""The command line refuses what it cannot do with a message and writes nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tutorial.__main__ import main


@pytest.mark.parametrize("cmd", ["reference", "schema"])
def test_a_file_command_prints_its_usage_and_writes_no_option_file(
    cmd: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main([cmd, "--help"]) == 0
    assert f"usage: python -m tutorial {cmd} [FILE]" in capsys.readouterr().out
    assert main([cmd, "--force"]) == 2
    assert "at most one file name" in capsys.readouterr().err
    assert main([cmd, "a.md", "b.md"]) == 2
    assert os.listdir(tmp_path) == []


def test_a_file_command_writes_the_file_it_is_given(tmp_path: Path) -> None:
    target = tmp_path / "schema.json"
    assert main(["schema", str(target)]) == 0
    assert target.read_text("utf-8").startswith("{")


def test_an_unknown_command_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["no-such-command"]) == 2
    assert "unknown command" in capsys.readouterr().err


@pytest.mark.parametrize(
    "cmd", ["bench", "bench-app", "bench-live", "bench-classes", "check", "locales"]
)
def test_help_after_a_command_prints_its_usage_and_runs_nothing(
    cmd: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``bench --help`` once ran the whole bench; each command now says how to call it."""
    assert main([cmd, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage:\n"), out
    assert f"  python -m tutorial {cmd}" in out
    assert "hands/s" not in out and "wrote" not in out
