"""Rules shared by several families: reducers, comparisons, dot products."""
from __future__ import annotations

from .. import vocabulary as v


def reducer_signature_ok(body, init_values):
    """True when a reduction body takes (accumulators..., elements...) as rank-0 tensors of the init values' element types and returns one rank-0 tensor per init value."""
    return v.scalar_region(body, [v.element_type(i) for i in init_values])


def allowed_comparison_types(x):
    """The comparison types that fit the element type of a tensor."""
    if v.is_quantized(x):
        return ("FLOAT", "TOTALORDER")
    if v.is_float(x) or v.is_complex(x):
        return ("FLOAT", "TOTALORDER")
    if v.is_signed(x):
        return ("SIGNED",)
    return ("UNSIGNED",)


def dot_general_shape(lhs, rhs, dnums):
    """The result shape of dot_general: batch dims, then free lhs dims, then free rhs dims."""
    lb, rb = dnums.lhs_batching_dimensions, dnums.rhs_batching_dimensions
    lc, rc = dnums.lhs_contracting_dimensions, dnums.rhs_contracting_dimensions
    ls, rs = v.shape(lhs), v.shape(rhs)
    batch = tuple(ls[d] if ls[d] is not None else rs[e] for d, e in zip(lb, rb))
    lfree = tuple(ls[d] for d in range(len(ls)) if d not in lb and d not in lc)
    rfree = tuple(rs[d] for d in range(len(rs)) if d not in rb and d not in rc)
    return batch + lfree + rfree
