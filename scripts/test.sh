#!/usr/bin/env bash
# One command: set up (if needed) and run the whole test suite, in parallel on every core
# (pytest-xdist; ATOUT_TEST_WORKERS=N for another count, 0 for one process). Arguments go
# to pytest: `scripts/test.sh tests/test_app.py -x`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
exec .venv/bin/python -m pytest -n "${ATOUT_TEST_WORKERS:-auto}" --dist worksteal "$@"
