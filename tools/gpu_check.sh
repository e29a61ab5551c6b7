#!/bin/bash
# The GPU checks of issue 13 on a machine with an NVIDIA GPU, over artifacts built elsewhere
# (no MLIR needed there: numpy, and jax for the benchmark):
#
#   tools/gpu_check.sh BUNDLE OUT
#
# BUNDLE holds conf/ (tools/gpu_coverage.py --save), models/ (tools/gpu_models.py) and
# bench/ (benchmarks/gpu.py build). Logs go to OUT; a summary is printed. ONLY=a,b runs only
# those benchmark programs (e.g. ONLY=matmul_bf16,matmul_bf16_regtiles for the contraction kernels).
set -u
B=$1
O=$2
mkdir -p "$O"
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader | tee "$O/gpu.txt"
for part in conf models; do
    if [ -d "$B/$part" ]; then
        python3 tools/run_cuda_artifact.py "$B/$part"/* > "$O/$part.txt" 2>&1
        echo "$part: exit $?"
        grep -v "^ok " "$O/$part.txt" | tail -25
    fi
done
if [ -d "$B/bench" ]; then
    PYTHONUNBUFFERED=1 python3 benchmarks/gpu.py run "$B/bench" --runs "${RUNS:-20}" ${ONLY:+--only "$ONLY"} 2>&1 | grep -v "^{" | tee "$O/bench.txt"
fi
