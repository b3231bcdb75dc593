#!/usr/bin/env bash
# One command: set up (if needed) and start the app on http://localhost:8501
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/streamlit run tutorial/app.py "$@"
