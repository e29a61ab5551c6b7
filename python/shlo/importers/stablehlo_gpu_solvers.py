"""Solver custom calls that JAX emits for NVIDIA and AMD GPUs, raised into portable shlo.

A JAX program exported on a GPU calls cuSOLVER / hipSOLVER / cuSPARSE and jaxlib's own GPU
kernels (`cusolver_getrf_ffi`, `cu_lu_pivots_to_permutation`, ...) where the CPU export calls
LAPACK. They are raised into the same portable ops and `shlo.linalg.*` composites as the LAPACK
targets (stablehlo_lapack.py), so a program exported on a GPU runs anywhere.
"""
from __future__ import annotations

# target name (quotes stripped) -> rule(imp, op, cfg) -> results, as stablehlo_lapack._RULES
RULES: dict = {}


def gpu_solver_rule(target: str):
    """The rule that raises `target`, or None when it is not a known GPU solver target."""
    return RULES.get(target.strip('"'))
