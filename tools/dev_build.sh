#!/usr/bin/env bash
# Regenerates from spec/ and rebuilds the dialect into the dev venv (editable
# install). Serialized with a lock so that parallel workers do not collide.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/shlo-dev-build.lock
flock 9
. .venv/bin/activate
python tools/gen_spec.py
pip install --no-build-isolation -q -e . 2>&1 | grep -vE '^\s*$' | tail -n 30 || true
python -c "import shlo, shlo.dialects.shlo" && echo "dev build ok"
