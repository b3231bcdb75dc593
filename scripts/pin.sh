#!/usr/bin/env bash
# Write constraints.txt: the versions installed in .venv now, which scripts/setup.sh then
# installs on every machine (so a clean checkout tests what CI passed, not whatever was
# released since). To move to newer releases:
#   rm -rf .venv && ATOUT_UNPINNED=1 bash scripts/setup.sh --test && .ci/run && bash scripts/pin.sh
set -euo pipefail
cd "$(dirname "$0")/.."
{
    echo "# The versions CI last passed with; scripts/setup.sh installs within them."
    echo "# Written by scripts/pin.sh (it says how to move to newer releases)."
    .venv/bin/python -m pip freeze --exclude-editable
} > constraints.txt
echo "constraints.txt: $(grep -vc '^#' constraints.txt) pinned packages"
