#!/bin/bash
# The GPU checks of issue 13 on a machine with an NVIDIA GPU, over artifacts built elsewhere
# (no MLIR needed there: numpy, and jax for the benchmark):
#
#   tools/gpu_check.sh BUNDLE OUT
#
# BUNDLE holds conf/ (tools/gpu_coverage.py --save), models/ (tools/gpu_models.py) and
# bench/ (benchmarks/gpu.py build); tools/gpu_bundle.sh builds all three here. Logs go to OUT;
# a summary is printed. ONLY=a,b runs only those benchmark programs (e.g.
# ONLY=matmul_bf16,matmul_bf16_regtiles for the contraction kernels). Each part stops after its
# limit in seconds (CONF_S, MODELS_S, BENCH_S; defaults fit one 10-minute device command), so a
# hung kernel costs one part, not the lease; each part's time is printed.
set -u
B=$1
O=$2
mkdir -p "$O"
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader | tee "$O/gpu.txt"
limit() { case $1 in conf) echo "${CONF_S:-300}";; models) echo "${MODELS_S:-100}";; esac; }
for part in conf models; do
    if [ -d "$B/$part" ]; then
        start=$SECONDS
        timeout "$(limit $part)" python3 tools/run_cuda_artifact.py "$B/$part"/* > "$O/$part.txt" 2>&1
        echo "$part: exit $? ($((SECONDS - start)) s; 124: stopped at its limit)"
        grep -v "^ok " "$O/$part.txt" | tail -25
    fi
done
if [ -d "$B/bench" ]; then
    start=$SECONDS
    PYTHONUNBUFFERED=1 timeout "${BENCH_S:-150}" python3 benchmarks/gpu.py run "$B/bench" --runs "${RUNS:-20}" \
        ${ONLY:+--only "$ONLY"} 2>&1 | grep -v "^{" | tee "$O/bench.txt"
    echo "bench: $((SECONDS - start)) s"
fi
