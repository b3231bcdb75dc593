"""``python -m tutorial check [PATH ...]``: one line per problem, a summary, exit 1 on any.

Besides the checker's problems, each file's accepted cards are judged with the solver
(:func:`tutorial.scenarios.checker.judge_answers`): an accepted card that loses more
points with best play than the step's ``accept_worse_by`` allows is reported as a
warning, and counts as a problem (so CI keeps scripted answers honest).

A translation file (``scenarios/zh-Hant/belote/overruff.yaml``) is checked as a
translation of its source (:mod:`tutorial.scenarios.translation`), not as a scenario.
"""

from __future__ import annotations

from pathlib import Path

from tutorial.engine.errors import ScenarioError
from tutorial.scenarios.checker import check_file, judge_answers, problems_of
from tutorial.scenarios.files import scenario_files
from tutorial.scenarios.translation import is_translation_path, load_translation, source_path


def check_translation(path: Path) -> list[str]:
    """Problems of a translation file: its source's, then its own against the source."""
    src = source_path(path)
    if not src.is_file():
        return [f"{path}:1:1: a translation of {src}, which does not exist"]
    try:
        source = check_file(src)
    except ScenarioError as e:
        return [f"{path}:1:1: its source does not pass the checker: {src}", *problems_of(e)]
    try:
        load_translation(path, source, str(path))
    except ScenarioError as e:
        return problems_of(e)
    return []


def main(argv: list[str]) -> int:
    """Check files or folders (default ``scenarios/``); exit 1 if any problem."""
    paths = argv or ["scenarios/"]
    files = scenario_files(paths, translations=True)
    bad_files = 0
    n_problems = 0
    for f in files:
        try:
            if is_translation_path(f):
                lines = check_translation(f)
            else:
                lines = [f"{w} (warning)" for w in map(str, judge_answers(check_file(f)))]
            if not lines:
                continue
        except ScenarioError as e:
            lines = problems_of(e)
        except Exception as e:  # check_file reports everything; this is a last guard
            lines = [f"{f}:1:1: the file could not be checked ({type(e).__name__})"]
        bad_files += 1
        n_problems += len(lines)
        for line in lines:
            print(line)
    if not files:
        print(f"no scenario files found in {' '.join(paths)}")
        return 1
    print(
        f"{len(files)} scenario files checked: {len(files) - bad_files} ok, {n_problems} problems in {bad_files} files"
    )
    return 1 if bad_files else 0
