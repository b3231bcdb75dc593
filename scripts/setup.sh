#!/usr/bin/env bash
# Set up the project on a fresh machine: a virtual environment in .venv with the
# package and (with --test) the test tools, and Debian's chromium for browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
if [ "${1:-}" = "--test" ]; then
    .venv/bin/python -m pip install -q -e '.[test]'
    if [ ! -x /usr/bin/chromium ]; then
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            echo "installing Debian's chromium for the browser tests..."
            (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium) >/dev/null
        else
            echo "note: /usr/bin/chromium is missing and cannot be installed here: browser tests will be skipped" >&2
        fi
    fi
else
    .venv/bin/python -m pip install -q -r requirements.txt
fi
