"""LAPACK / BLAS / FFT custom calls of JAX exports made before jaxlib's FFI kernels, raised into
portable shlo.

Programs JAX exported until 2024 call `lapack_spotrf`, `blas_strsm`, `ducc_fft`, ... (no `_ffi`
suffix): `api_version = 2`, the problem sizes and flags passed as leading scalar operands, and the
layouts in `operand_layouts`. They are raised into the same portable ops and `shlo.linalg.*`
composites as the FFI targets (stablehlo_lapack.py).
"""
from __future__ import annotations

# target name (quotes stripped) -> rule(imp, op, cfg) -> results, as stablehlo_lapack._RULES
RULES: dict = {}


def legacy_rule(target: str):
    """The rule that raises `target`, or None when it is not a known legacy target."""
    return RULES.get(target.strip('"'))
