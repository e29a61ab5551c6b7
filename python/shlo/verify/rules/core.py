"""Rules shared by several families: reducers, comparisons, dot products."""
from __future__ import annotations

from ...types import element_bits as _bits, element_class as _class
from .. import vocabulary as v


def reducer_signature_ok(body, init_values):
    """True when a reduction body takes (accumulators..., elements...) as rank-0 tensors of the init values' element types and returns one rank-0 tensor per init value."""
    return v.scalar_region(body, [v.element_type(i) for i in init_values])


def promotable(source, target):
    """True when element type `source` promotes to `target` as StableHLO's reduction bodies allow: the same type, or both integers (booleans included) or both complex with `target` at least as wide, or both floats of any widths."""
    if source == target:
        return True
    if source.startswith("!quant") or target.startswith("!quant"):
        return False
    a, b = _class(source), _class(target)
    families = ({"bool", "signed", "unsigned"}, {"float"}, {"complex"})
    if not any(a in f and b in f for f in families):
        return False
    return a == "float" or _bits(source) <= _bits(target)


def accumulator_types(body, init_values):
    """The element types a reduction body accumulates in: those of its first N arguments (N = number of init values), or the init values' own when the body does not take N rank-0 tensors first."""
    n = len(init_values)
    try:
        args = list(v.block_args(body))
    except Exception:  # noqa: BLE001 - a body not built yet (builders infer before adding it)
        args = []
    if len(args) >= n and all(v.is_tensor(a) and v.rank(a) == 0 for a in args[:n]):
        return [v.element_type(a) for a in args[:n]]
    return [v.element_type(i) for i in init_values]


def promoted_reducer_ok(body, init_values, inputs):
    """True when a reduction body takes (accumulators..., elements...) as rank-0 tensors and returns its accumulators' types, each accumulator and element of one element type E'_i that init_values[i]'s and inputs[i]'s element types promote to (E'_i = their own type, or since 1.5.0 a promoted one)."""
    elements = accumulator_types(body, init_values)
    if not v.scalar_region(body, elements):
        return False
    return all(promotable(v.element_type(i), e) and promotable(v.element_type(x), e)
               for i, x, e in zip(init_values, inputs, elements))


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


def is_known_dot_algorithm(algorithm):
    """True when a dot_general `algorithm` is one StableHLO's verifier knows (since 1.6.0; the list is in constraint C14)."""
    from ...dot_algorithm import is_known
    a = algorithm
    return is_known(str(a.lhs_precision_type), str(a.rhs_precision_type), str(a.accumulation_type),
                    int(a.lhs_component_count), int(a.rhs_component_count), int(a.num_primitive_operations),
                    bool(a.allow_imprecise_accumulation))
