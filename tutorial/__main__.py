"""Command line: ``python -m tutorial bench``, ``check [PATH ...]``, ``schema`` and more."""

from __future__ import annotations

import sys

USAGE = """usage: python -m tutorial COMMAND
  bench [--json] [--seconds N]   hands per second of each game's engine
  bench-app [--json] [--no-browser]  click-to-answer times of the app (server and browser)
  bench-solver [--json] [--positions N] [--seed S]
                                 time to solve random positions exactly, per game
  bench-players [--hands N] [--json] [--game G] [--moves N]
                                 the strong computer player against the beginner and
                                 random play, per game; time per move
  bench-coach [--hands N] [--learners N] [--pace S] [--workers N] [--json]
                                 the hint, the bid advice and the review of a hand, per
                                 game; a class of N learners finishing in one minute
  bench-classes [--url URL] [--learners N] [--syncs N] [--json]
                                 the class storage's sync latency and size per learner
  bench-classes --live [--url URL] [--learners N] [--rounds N] [--every-ms MS] [--json]
                                 a live class: the poll, answers at once, open/answer/
                                 reveal to every page when pages poll every MS
  bench-live [--url URL] [--learners N] [--rounds N] [--every-ms MS] [--json]
                                 a live class with the learners' pages as app sessions
  check [PATH ...]               validate scenario files or folders (default scenarios/)
  coverage                       regenerate the coverage table in lessons/README.md
  schema [FILE]                  write the scenario JSON Schema (default scenarios/scenario.schema.json)
  reference [FILE]               write the scenario author's reference (default scenarios/REFERENCE.md)
  locales [--check]              write the zh-Hans catalogues from zh-Hant (OpenCC + checked words)
"""


def main(argv: list[str] | None = None) -> int:
    """Dispatch a sub-command; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    cmd, rest = args[0], args[1:]
    if cmd in ("reference", "schema"):
        refused = _refused_file_arguments(cmd, rest)
        if refused is not None:
            return refused
    elif "-h" in rest or "--help" in rest:
        lines = command_usage(cmd)
        if lines:  # the command's forms and what they do, none of it run
            print("usage:")
            for line in lines:
                print(f"  {line}" if line.startswith(" ") else f"  python -m tutorial {line}")
            return 0
    if cmd == "bench":
        from tutorial.tools import bench_engine

        return bench_engine.main(rest)
    if cmd == "bench-app":
        from tutorial.tools import bench_app

        return bench_app.main(rest)
    if cmd == "bench-solver":
        from tutorial.tools import bench_solver

        return bench_solver.main(rest)
    if cmd == "bench-players":
        from tutorial.tools import bench_players

        return bench_players.main(rest)
    if cmd == "bench-coach":
        from tutorial.tools import bench_coach

        return bench_coach.main(rest)
    if cmd == "bench-live":
        from tutorial.tools import bench_live_app

        return bench_live_app.main(rest)
    if cmd == "bench-classes":
        from tutorial.tools import bench_classes

        return bench_classes.main(rest)
    if cmd == "check":
        from tutorial.tools import check

        return check.main(rest)
    if cmd == "coverage":
        from tutorial.course import lessons
        from tutorial.course.library import scenarios_root

        root = lessons.lessons_root()
        table = lessons.coverage_table(
            lessons.load_lessons("en"),
            lessons.load_rules(),
            lessons.scenario_teaches(scenarios_root()),
        )
        readme = root / "README.md"
        old = readme.read_text("utf-8") if readme.exists() else ""
        readme.write_text(lessons.render_readme(old, table), "utf-8")
        print(f"wrote {readme}")
        return 0
    if cmd == "locales":
        from tutorial.language import zh_convert

        return zh_convert.main(rest)
    if cmd == "reference":
        from tutorial.tools import reference

        return reference.main(rest)
    if cmd == "schema":
        import json
        from pathlib import Path

        from tutorial.scenarios.model import json_schema

        target = Path(rest[0] if rest else "scenarios/scenario.schema.json")
        target.write_text(json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n", "utf-8")
        print(f"wrote {target}")
        return 0
    print(f"unknown command {cmd!r}\n{USAGE}", file=sys.stderr)
    return 2


def command_usage(cmd: str) -> list[str]:
    """The usage lines of ``cmd`` (each of its forms with their description), left-aligned;
    empty for a command the usage does not list."""
    found: list[str] = []
    taking = False
    for line in USAGE.splitlines()[1:]:
        if not line.startswith("   "):  # a command's line (two spaces), not a continuation
            taking = line.strip() == cmd or line.strip().startswith(f"{cmd} ")
        if taking:
            found.append(line[2:])
    return found


def _refused_file_arguments(cmd: str, rest: list[str]) -> int | None:
    """The exit code for arguments a ``COMMAND [FILE]`` command must not take (an option,
    which would be written as a file named ``--help``, or more than one file), after its
    usage line; None when they are fine."""
    if not rest or (len(rest) == 1 and not rest[0].startswith("-")):
        return None
    print(f"usage: python -m tutorial {command_usage(cmd)[0]}")
    if rest == ["-h"] or rest == ["--help"]:
        return 0
    print(f"{cmd} takes at most one file name, not {' '.join(rest)!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
