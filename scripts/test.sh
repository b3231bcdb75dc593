#!/usr/bin/env bash
# One command: set up (if needed) and run the whole test suite in parallel (pytest-xdist).
# Workers: one more than the cores, since the browser tests spend most of their time
# waiting on the app's server and the browser; ATOUT_TEST_WORKERS=N for another count,
# 0 for one process. Arguments go to pytest: `scripts/test.sh tests/test_app.py -x`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
# Bytecode is written even where the environment says not to (this machine and CI set
# PYTHONDONTWRITEBYTECODE): pytest keeps its rewritten test modules as bytecode, and
# without it every worker rewrites all of them again on every run (3.4 of the 6.7 s a
# worker takes to collect); the app's servers that the browser tests start reuse it too.
unset PYTHONDONTWRITEBYTECODE
workers="${ATOUT_TEST_WORKERS:-$(($(nproc) + 1))}"
exec .venv/bin/python -m pytest -n "$workers" --dist loadgroup "$@"
