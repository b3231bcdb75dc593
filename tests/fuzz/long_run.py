"""The long fuzz run, from a checkout: ``python tests/fuzz/long_run.py --inputs 1000000``.

Feeds the targets of ``fuzz_targets.py`` seeded random bytes through hypothesis's
``fuzz_one_input`` (hypothesis is a test dependency: ``scripts/test.sh`` installs it),
one process, reproducible from ``--seed``; crashes are written to ``tests/fuzz/crashes/``
without stopping the run. The test suite runs a short pass of the same targets
(``test_fuzz.py``). It lives here, not in the package, because the targets are
hypothesis strategies over the repository's scenario files: nothing an installed
Atout has.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import fuzz_targets

HERE = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    """Run the fuzz targets; exit 1 when a crash was found."""
    parser = argparse.ArgumentParser(prog="python tests/fuzz/long_run.py")
    parser.add_argument("--inputs", type=int, default=1_000_000, help="inputs in total")
    parser.add_argument("--seed", type=int, default=0, help="the run's random seed")
    parser.add_argument(
        "--targets",
        default="",
        help=f"comma-separated, of {', '.join(fuzz_targets.TARGETS)}; default all",
    )
    args = parser.parse_args(argv)
    targets = [x for x in args.targets.split(",") if x] or None
    unknown = sorted(set(targets or ()) - set(fuzz_targets.TARGETS))
    if unknown:
        parser.error(f"unknown targets: {', '.join(unknown)}")
    began = time.perf_counter()
    figures, found = fuzz_targets.run(args.inputs, targets, args.seed, HERE / "crashes")
    total = sum(n for n, _ in figures.values())
    secs = time.perf_counter() - began
    print(f"total: {total:,} inputs in {secs:,.0f} s ({total / max(secs, 1e-9):,.0f}/s)")
    for name, stats in fuzz_targets.STATS.items():
        if stats.slow:
            print(
                f"{name}: {len(stats.slow)} checks over {fuzz_targets.SLOW_SECONDS:g} s: "
                f"{stats.slow[:5]}"
            )
    print(f"crashes: {len(found)}")
    for f in found[:20]:
        print(f"  {f.target}: {f.message[:200]}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
