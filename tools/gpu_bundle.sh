#!/bin/bash
# Builds, here (MLIR and ptxas, no GPU), what tools/gpu_check.sh runs on a GPU machine:
#
#   tools/gpu_bundle.sh BUNDLE [conf] [models] [bench]     (all three when none is named)
#
# conf/: every conformance program that maps and assembles (tools/gpu_coverage.py --save; the
# longest part, about 1000 s on a 2-core machine), models/: the importers' models
# (tools/gpu_models.py), bench/: benchmarks/gpu.py build (PTX only: inputs are made again
# there). Prints each part's time and size: everything carried to the device machine travels
# with the working tree, 64 MiB at most, so put BUNDLE in a folder .git/info/exclude ignores
# and name it in the run's carry.
set -u
B=$1
shift
parts=${*:-conf models bench}
PY=${PY:-.venv/bin/python}
mkdir -p "$B"
for part in $parts; do
    start=$SECONDS
    case $part in
        conf) $PY tools/gpu_coverage.py --save "$B/conf" > "$B/conf.log" 2>&1 ;;
        models) $PY tools/gpu_models.py "$B/models" > "$B/models.log" 2>&1 ;;
        bench) $PY benchmarks/gpu.py build "$B/bench" > "$B/bench.log" 2>&1 ;;
        *) echo "unknown part $part (conf, models, bench)"; exit 2 ;;
    esac
    echo "$part: exit $? in $((SECONDS - start)) s, $(du -sh "$B/$part" 2>/dev/null | cut -f1); log $B/$part.log"
    tail -3 "$B/$part.log"
done
du -sh "$B"
