"""Command line: ``python -m tutorial bench`` and ``python -m tutorial check [PATH ...]``."""

from __future__ import annotations

import sys

USAGE = """usage: python -m tutorial COMMAND
  bench [--json] [--seconds N]   hands per second of each game's engine
  bench-app [--json] [--no-browser]  click-to-answer times of the app (server and browser)
  check [PATH ...]               validate scenario files or folders (default scenarios/)
  coverage                       regenerate the coverage table in lessons/README.md
  schema [FILE]                  write the scenario JSON Schema (default scenarios/scenario.schema.json)
"""


def main(argv: list[str] | None = None) -> int:
    """Dispatch a sub-command; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    cmd, rest = args[0], args[1:]
    if cmd == "bench":
        from tutorial import bench

        return bench.main(rest)
    if cmd == "bench-app":
        from tutorial import bench_app

        return bench_app.main(rest)
    if cmd == "check":
        from tutorial.scenarios import check_cli

        return check_cli.main(rest)
    if cmd == "coverage":
        from tutorial import lessons
        from tutorial.library import scenarios_root

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


if __name__ == "__main__":
    raise SystemExit(main())
