"""Rules for element-wise arithmetic, logical and bit-counting ops.

These cover the cases where an element-wise op changes the element type
(`abs` of complex numbers) or lets an operand be a rank-0 tensor that applies
to every element (`clamp`, `select`).
"""
from __future__ import annotations

from .. import vocabulary as v


def abs_element_type(x):
    """The baseline element type that `abs` yields for tensor `x`: the part type for complex elements, else the baseline element type of `x`."""
    if v.is_complex(x):
        return v.complex_part(v.element_type(x))
    return v.baseline_element_type(x)


def abs_result_type(x):
    """The result type of `abs` for tensor `x`: same shape, complex elements replaced by their part type."""
    if v.is_complex(x):
        return v.tensor_type(v.shape(x), v.complex_part(v.element_type(x)))
    return x


def part_result_type(x):
    """The result type of `real`/`imag` for tensor `x`: same shape, element type the part type of a complex element (a float element stays)."""
    return v.tensor_type(v.shape(x), v.complex_part(v.element_type(x)))


def scalar_or_compatible(x, like):
    """True when tensor `x` has rank 0 or a shape compatible with the shape of tensor `like`."""
    return v.rank(x) == 0 or v.compatible_shape(v.shape(x), v.shape(like))
