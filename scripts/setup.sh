#!/usr/bin/env bash
# Set up the project on a fresh machine: a virtual environment in .venv with the
# package and (with --test) the test tools, Debian's chromium for browser tests and
# Debian's PostgreSQL for the class storage's tests.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
# The versions CI last passed with (constraints.txt, written by scripts/pin.sh);
# ATOUT_UNPINNED=1 installs the newest releases the project's ranges allow instead.
pins=(-c constraints.txt)
if [ -n "${ATOUT_UNPINNED:-}" ]; then
    pins=()
fi
if [ "${1:-}" = "--test" ]; then
    .venv/bin/python -m pip install -q "${pins[@]}" -e '.[test]'
    # Debian's chromium, and CJK fonts so the Chinese pages' screenshots show characters
    # (the 繁體中文/简体中文 browser tests), not boxes.
    missing=""
    [ -x /usr/bin/chromium ] || missing="chromium"
    # PostgreSQL's server, for the class storage's tests (they also run on SQLite).
    command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$missing postgresql"
    # (grep reads fc-list to its end: with -q it would stop early, and the SIGPIPE that
    # fc-list then gets fails the pipeline under pipefail, as if the fonts were missing.)
    [ -d /usr/share/fonts/opentype/noto ] && fc-list 2>/dev/null | grep "Noto Sans CJK" >/dev/null || missing="$missing fonts-noto-cjk"
    if [ -n "$missing" ]; then
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            echo "installing Debian's$missing for the browser and database tests..."
            # shellcheck disable=SC2086  # a list of package names
            (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing) >/dev/null
        else
            echo "note:$missing missing and cannot be installed here: browser or PostgreSQL tests may be skipped, Chinese may show as boxes" >&2
        fi
    fi
else
    .venv/bin/python -m pip install -q "${pins[@]}" -r requirements.txt
fi
