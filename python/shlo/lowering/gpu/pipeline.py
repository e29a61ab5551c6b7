"""Pass pipelines of the GPU back end, as upstream pass strings (`shlo-opt -p` runs them).

  PREPARE     the CPU back end's (inline, fold, fuse element-wise ops)
  BUFFERIZE   one-shot bufferization; results become out-parameters written by the kernels
              (the host allocates them); no deallocation: the host driver owns every buffer
  TO_LOOPS    named linalg ops generalized, then loop nests of scf.parallel (mapping.py maps
              them to blocks and threads between TO_LOOPS and TO_KERNELS)
  TO_KERNELS  scf.parallel -> gpu.launch, views expanded, kernels outlined into a gpu.module
  TO_NVVM     the gpu.module to NVVM and to PTX (`gpu-module-to-binary{format=isa}`)
  CPU_CHECK   the mapped loops (before TO_KERNELS) to the LLVM dialect for the CPU, which
              runs the GPU mapping without a GPU
"""
from __future__ import annotations

import os
import shutil

BUFFERIZE = ("eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops "
             "function-boundary-type-conversion=identity-layout-map},"
             "convert-bufferization-to-memref,shlo-widen-i1-memrefs,canonicalize,cse")
OUT_PARAMS = "shlo-gpu-distinct-results,buffer-results-to-out-params{hoist-static-allocs modify-public-functions add-result-attr}"
TO_LOOPS = ("shlo-gpu-copies-to-linalg,linalg-generalize-named-ops,shlo-gpu-parallel-dims-first,"
            "convert-linalg-to-parallel-loops,canonicalize,cse")
TO_KERNELS = ("convert-parallel-loops-to-gpu,canonicalize,cse,fold-memref-alias-ops,expand-strided-metadata,"
              "lower-affine,gpu-launch-sink-index-computations,gpu-kernel-outlining,canonicalize,cse")
CPU_CHECK = ("scf-forall-to-for,convert-vector-to-scf{full-unroll=true},canonicalize,fold-memref-alias-ops,expand-strided-metadata,lower-affine,convert-complex-to-standard,"
             "convert-scf-to-cf,convert-math-to-llvm{approximate-log1p=false},convert-math-to-libm,"
             "convert-complex-to-llvm,convert-vector-to-llvm,convert-to-llvm,reconcile-unrealized-casts,canonicalize")

ARCHES = ("sm_80", "sm_86", "sm_89", "sm_90")
PTX_FEATURES = {"sm_80": "+ptx70", "sm_86": "+ptx71", "sm_89": "+ptx78", "sm_90": "+ptx80"}
# Kernel parameters past 4352 bytes (a one-thread kernel running a whole loop that touches ~80
# buffers, each a memref descriptor) need PTX ISA 8.1 and a CUDA 12.1 driver; up to 32764 bytes.
SMALL_PARAMS_BYTES = 4352
WIDE_PARAMS_PTX = 81


def libdevice() -> str | None:
    """CUDA's libdevice bitcode (math functions for NVVM), from the toolkit that holds ptxas."""
    roots = [os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"]
    ptxas = shutil.which("ptxas")
    if ptxas:
        roots.append(os.path.dirname(os.path.dirname(os.path.realpath(ptxas))))
    for root in roots:
        if root:
            path = os.path.join(root, "nvvm", "libdevice", "libdevice.10.bc")
            if os.path.exists(path):
                return path
    return None


def ptx_features(arch: str, param_bytes: int = 0) -> str:
    """The PTX ISA version for `arch`: the oldest the chip takes, or 8.1 where a kernel's
    parameters need more than 4352 bytes."""
    version = int(PTX_FEATURES[arch][len("+ptx"):])
    if param_bytes > SMALL_PARAMS_BYTES:
        version = max(version, WIDE_PARAMS_PTX)
    return f"+ptx{version}"


def to_nvvm(arch: str, param_bytes: int = 0) -> str:
    """The gpu.module to PTX for `arch` (`param_bytes`: the largest kernel's parameters);
    math functions from libdevice where the toolkit has it."""
    lib = libdevice()
    link = f" l={lib}" if lib else ""
    return (f"nvvm-attach-target{{chip={arch} features={ptx_features(arch, param_bytes)} O=3{link}}},"
            "gpu.module(convert-vector-to-scf{full-unroll=true},lower-affine,convert-complex-to-standard,convert-scf-to-cf,convert-nvgpu-to-nvvm,convert-gpu-to-nvvm,convert-math-to-llvm,"
            "convert-complex-to-llvm,convert-vector-to-llvm,convert-to-llvm,canonicalize,cse,reconcile-unrealized-casts),"
            "gpu-module-to-binary{format=isa}")
