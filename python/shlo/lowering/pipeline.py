"""Pass pipelines from linalg on tensors to the LLVM dialect, as upstream pass strings.

Stages (each a string so that `shlo-opt -p` can run any of them by name):

  PREPARE    inline calls, fold, fuse chains of element-wise linalg.generics
  (then `schedules.apply`: the transform-dialect schedules (tiling,
             vectorization, threads), run between PREPARE and BUFFERIZE)
  BUFFERIZE  one-shot bufferization with function boundaries, deallocation
  TO_LLVM    loops, complex and math ops, everything to the LLVM dialect
"""
from __future__ import annotations

PREPARE = ("inline,canonicalize,cse,linalg-fuse-elementwise-ops,canonicalize,cse")
PREPARE_NO_FUSION = "inline,canonicalize,cse"

BUFFERIZE = ("eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops "
             "function-boundary-type-conversion=identity-layout-map},"
             "buffer-deallocation-pipeline,convert-bufferization-to-memref,shlo-widen-i1-memrefs,shlo-expand-memref-copy,"
             "shlo-scalarize-strided-gathers")


def to_llvm(threads: int = 1) -> str:
    """Loops to LLVM; with threads > 1, scf.forall loops become OpenMP parallel regions."""
    parts = ["convert-linalg-to-loops", "convert-vector-to-scf{full-unroll=true}", "canonicalize", "cse",
             "fold-memref-alias-ops", "expand-strided-metadata", "lower-affine",
             "loop-invariant-code-motion", "canonicalize", "cse",
             "convert-complex-to-standard"]
    if threads > 1:
        parts += ["scf-forall-to-parallel", f"convert-scf-to-openmp{{num-threads={threads}}}",
                  "finalize-memref-to-llvm"]
    else:
        parts += ["scf-forall-to-for"]
    parts += ["convert-scf-to-cf", "convert-math-to-llvm", "convert-math-to-libm", "convert-complex-to-llvm",
              "convert-vector-to-llvm", "convert-to-llvm"]
    if threads > 1:
        parts += ["convert-openmp-to-llvm"]
    # Folding the LLVM dialect (memref descriptors built and taken apart again, index arithmetic
    # by constants, trivial branches) before translation: LLVM's code generation then has a
    # quarter less to do, far more than the fold costs.
    parts += ["reconcile-unrealized-casts", "canonicalize"]
    return ",".join(parts)


def after_schedule(threads: int = 1) -> str:
    return "builtin.module(" + BUFFERIZE + "," + to_llvm(threads) + ")"
