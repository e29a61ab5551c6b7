#!/usr/bin/env bash
# Regenerates from spec/ and rebuilds the dialect into the dev venv (editable
# install). Serialized with a lock so that parallel workers do not collide.
# Exits non-zero (and says so) when generation or the build fails.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/shlo-dev-build.lock
flock 9
. .venv/bin/activate
python tools/gen_spec.py
log=$(mktemp)
if ! pip install --no-build-isolation -q -e . >"$log" 2>&1; then
  grep -E "error|Error" "$log" | head -n 40
  echo "dev build FAILED (full log: $log)"
  exit 1
fi
python -c "import shlo, shlo.dialects.shlo" && echo "dev build ok"
