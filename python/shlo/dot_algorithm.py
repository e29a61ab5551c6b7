"""dot_general's `algorithm` (since 1.6.0): which algorithms are valid, and what they compute.

The valid ones are those StableHLO's verifier knows (probed against jaxlib's
StableHLO; it rejects any other with "dot algorithm not known to be
supported on any hardware"). The interpreter computes an algorithm as the
spec says (spec/ops/dot_general.yaml): operands rounded to the precision
types, split into components for the x3 / x6 / x9 algorithms, partial
products summed and rounded to the accumulation type.
"""
from __future__ import annotations

import numpy as np

F8_TYPES = frozenset({"f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ", "f8E4M3B11FNUZ", "f8E4M3", "f8E3M4"})

# (lhs precision, rhs precision, accumulation) -> the allowed num_primitive_operations.
_KNOWN = {
    ("bf16", "bf16", "bf16"): (1,),
    ("bf16", "bf16", "f32"): (1, 3, 6, 9),
    ("f16", "f16", "f16"): (1,),
    ("f16", "f16", "f32"): (1,),
    ("tf32", "tf32", "f32"): (1, 3),
    ("f32", "f32", "f32"): (1,),
    ("f64", "f64", "f64"): (1,),
}

# Components each operand is split into, per num_primitive_operations.
_COMPONENTS = {1: 1, 3: 2, 6: 3, 9: 3}


def is_known(lhs: str, rhs: str, acc: str, lhs_count: int, rhs_count: int, ops: int, imprecise: bool) -> bool:
    """Whether StableHLO's verifier accepts this algorithm."""
    if lhs_count != 1 or rhs_count != 1:
        return False
    if lhs in F8_TYPES and rhs in F8_TYPES:
        return acc == "f32" and ops == 1
    return not imprecise and ops in _KNOWN.get((lhs, rhs, acc), ())


def _round_tf32(x: np.ndarray) -> np.ndarray:
    """float32 values rounded to 10 mantissa bits, to nearest even (inf and NaN kept)."""
    f = np.asarray(x, np.float32)
    bits = f.view(np.uint32)
    rounded = (bits + np.uint32(0x0FFF) + ((bits >> np.uint32(13)) & np.uint32(1))) & np.uint32(0xFFFFE000)
    return np.where(np.isfinite(f), rounded.view(np.float32), f)


def round_to(x: np.ndarray, element: str) -> np.ndarray:
    """Real float64 values rounded to element type `element` (a float type or tf32), as float64."""
    x = np.asarray(x, np.float64)
    with np.errstate(all="ignore"):
        if element == "f64":
            return x
        if element == "tf32":
            return _round_tf32(x.astype(np.float32)).astype(np.float64)
        from .literals import numpy_dtype
        return x.astype(numpy_dtype(element)).astype(np.float64)


def _round_any(x: np.ndarray, element: str) -> np.ndarray:
    if np.iscomplexobj(x):
        return round_to(x.real, element) + 1j * round_to(x.imag, element)
    return round_to(x, element)


def components(x: np.ndarray, element: str, count: int) -> list[np.ndarray]:
    """`x` as `count` values of element type `element` whose sum approaches it: the value
    rounded, then the rounded remainders."""
    out, rest = [], np.asarray(x)
    with np.errstate(all="ignore"):
        for _ in range(count):
            c = _round_any(rest, element)
            out.append(c)
            rest = rest - c
    return out


def pairs(ops: int) -> list[tuple[int, int]]:
    """The component pairs (i, j) whose products an algorithm adds: by i + j, then i."""
    n = _COMPONENTS.get(ops, 1)
    every = sorted(((i, j) for i in range(n) for j in range(n)), key=lambda p: (p[0] + p[1], p[0]))
    return every[:ops]


def component_count(ops: int) -> int:
    return _COMPONENTS.get(ops, 1)
