"""The vocabulary that spec constraints and `infer` expressions are written in.

Arguments named `x` accept a TypeInfo (what an operand or result evaluates to
in a constraint). Shapes are tuples whose dynamic sizes are `None`. Op-family
helpers (e.g. result-shape rules) live in `rules/`; their public functions
join this vocabulary. The generated docs list every function with the first
line of its docstring, so keep that line a complete sentence.
"""
from __future__ import annotations

from ..types import TypeInfo, element_class, element_bits, tensor_type as _tensor_type

# ----------------------------------------------------------------- shapes


def type(x):  # noqa: A001 - the spec's word for it
    """The type of a value (values already are types in constraints)."""
    return x


def shape(x):
    """The shape of a tensor: a tuple of sizes, `None` for a dynamic size."""
    _need_tensor(x)
    return x.shape


def rank(x):
    """The rank of a tensor (or the length of a shape)."""
    if isinstance(x, tuple):
        return len(x)
    _need_tensor(x)
    return len(x.shape)


def dim(x, i):
    """Size `i` of a tensor's shape, `None` when dynamic."""
    return shape(x)[i]


def dims(x, indices):
    """The sizes of a tensor at the given dimension indices, as a tuple."""
    s = shape(x)
    return tuple(s[i] for i in indices)


def size(x):
    """The number of entries of a list, or of elements of a static tensor."""
    if isinstance(x, TypeInfo):
        total = 1
        for d in shape(x):
            if d is None:
                return None
            total *= d
        return total
    return len(x)


def product(values):
    """The product of a list of sizes; `None` if any is dynamic."""
    total = 1
    for v in values:
        if v is None:
            return None
        total *= v
    return total


def is_static(x):
    """True when a tensor (or shape) has no dynamic size."""
    s = x if isinstance(x, tuple) else shape(x)
    return all(d is not None for d in s)


def compatible_dim(a, b):
    """True when two sizes are equal or either is dynamic."""
    return a is None or b is None or a == b


def compatible_dims(a, b):
    """True when two lists of sizes have equal length and pairwise compatible sizes."""
    return len(a) == len(b) and all(compatible_dim(x, y) for x, y in zip(a, b))


def compatible_shape(a, b):
    """True when two shapes (tuples) have the same rank and compatible sizes."""
    return compatible_dims(tuple(a), tuple(b))


def compatible_shapes(*xs):
    """True when all tensors have pairwise compatible shapes."""
    shapes = [shape(x) for x in xs]
    return all(compatible_shape(shapes[0], s) for s in shapes[1:])


def compatible_types(*xs):
    """True when all values are tensors with compatible shapes and equal element types, or equal non-tensor types."""
    if all(x.kind == "tensor" for x in xs):
        return compatible_shapes(*xs) and same_element_type(*xs)
    if all(x.kind in ("tuple", "future") and x.kind == xs[0].kind for x in xs):
        return all(len(x.members) == len(xs[0].members) for x in xs) and all(
            compatible_types(*ms) for ms in zip(*(x.members for x in xs)))
    return all(x == xs[0] for x in xs)


def same_type(*xs):
    """True when all values have exactly the same type."""
    return all(x == xs[0] for x in xs)


def merge_shapes(a, b):
    """The most precise shape compatible with both shapes (a dynamic size yields to a static one)."""
    return tuple(y if x is None else x for x, y in zip(a, b))


def drop_dims(s, indices):
    """A shape without the sizes at the given indices."""
    drop = set(indices)
    return tuple(d for i, d in enumerate(s) if i not in drop)


def permute(values, permutation):
    """`values` reordered so that entry i is `values[permutation[i]]`."""
    return tuple(values[p] for p in permutation)


def is_unique(values):
    """True when a list has no repeated entry."""
    values = list(values)
    return len(set(values)) == len(values)


def is_sorted(values):
    """True when a list is in non-decreasing order."""
    values = list(values)
    return all(a <= b for a, b in zip(values, values[1:]))


def is_permutation(values, n):
    """True when a list is a permutation of `range(n)`."""
    return sorted(values) == list(range(n))


def tensor_type(shape_, element):
    """A tensor type with the given shape (tuple; `None` for dynamic) and element type name."""
    if isinstance(element, TypeInfo):
        return _tensor_type(shape_, element.element, element.quant)
    return _tensor_type(shape_, element)


def rank0(element):
    """The rank-0 tensor type of an element type (or of a tensor's element type)."""
    return tensor_type((), element if isinstance(element, str) else element_type(element))


# ---------------------------------------------------------- element types


def element_type(x):
    """The element type name of a tensor (`f32`, `i8`, `complex<f32>`, or a quantized spelling)."""
    _need_tensor(x)
    return x.element


def same_element_type(*xs):
    """True when all tensors have the same element type."""
    return all(element_type(x) == element_type(xs[0]) for x in xs)


def is_tensor(x):
    """True when a value is a ranked tensor."""
    return isinstance(x, TypeInfo) and x.kind == "tensor"


def is_token(x):
    """True when a value is a `!shlo.token`."""
    return isinstance(x, TypeInfo) and x.kind == "token"


def is_tuple(x):
    """True when a value is a tuple."""
    return isinstance(x, TypeInfo) and x.kind == "tuple"


def tuple_members(x):
    """The member types of a tuple or future."""
    return list(x.members)


def _class(x):
    return element_class(x if isinstance(x, str) else element_type(x))


def is_bool(x):
    """True for `i1` elements (x: a tensor or an element type name)."""
    return _class(x) == "bool"


def is_signed(x):
    """True for signed integer elements."""
    return _class(x) == "signed"


def is_unsigned(x):
    """True for unsigned integer elements."""
    return _class(x) == "unsigned"


def is_integer(x):
    """True for signed or unsigned integer elements (not `i1`)."""
    return _class(x) in ("signed", "unsigned")


def is_float(x):
    """True for floating-point elements."""
    return _class(x) == "float"


def is_complex(x):
    """True for complex elements."""
    return _class(x) == "complex"


def is_quantized(x):
    """True for a tensor with uniform-quantized elements."""
    return is_tensor(x) and x.quant is not None


def is_per_axis_quantized(x):
    """True for a tensor quantized per axis."""
    return is_quantized(x) and x.quant.per_axis


def is_per_tensor_quantized(x):
    """True for a tensor quantized per tensor."""
    return is_quantized(x) and not x.quant.per_axis


def any_quantized(*xs):
    """True when at least one tensor is quantized."""
    return any(is_quantized(x) for x in xs)


def all_quantized(*xs):
    """True when every tensor is quantized."""
    return all(is_quantized(x) for x in xs)


def bitwidth(x):
    """The bit width of an element type (x: a tensor or an element type name)."""
    e = x if isinstance(x, str) else element_type(x)
    q = x.quant if isinstance(x, TypeInfo) else None
    return element_bits(q.storage if q else e)


def storage_type(x):
    """The storage type name of a quantized tensor."""
    return x.quant.storage


def expressed_type(x):
    """The expressed type name of a quantized tensor."""
    return x.quant.expressed


def quantization_dimension(x):
    """The quantization axis of a per-axis quantized tensor."""
    return x.quant.axis


def scales(x):
    """The scales of a quantized tensor (one for per-tensor)."""
    return list(x.quant.scales)


def zero_points(x):
    """The zero points of a quantized tensor (one for per-tensor)."""
    return list(x.quant.zero_points)


def baseline_element_type(x):
    """The element type, with quantization reduced to (storage, expressed) so that scales do not matter."""
    if is_quantized(x):
        return ("quant", x.quant.storage, x.quant.expressed, x.quant.storage_min, x.quant.storage_max)
    return element_type(x)


def same_baseline_element_type(*xs):
    """True when all tensors have the same baseline element type."""
    return all(baseline_element_type(x) == baseline_element_type(xs[0]) for x in xs)


def same_quantization_base(*xs):
    """True when quantized tensors share storage type, range and expressed type."""
    return same_baseline_element_type(*xs)


def complex_of(element):
    """The complex element type whose parts are the given float type (`f32` -> `complex<f32>`)."""
    return f"complex<{element}>"


def complex_part(element):
    """The float type of the parts of a complex element type (`complex<f64>` -> `f64`)."""
    if element.startswith("complex<"):
        return element[len("complex<"):-1]
    return element


# ------------------------------------------------------------- regions


def block_args(region):
    """The argument types of a region's entry block."""
    return region.args


def returns(region):
    """The operand types of the terminator of a region's entry block."""
    return region.returns


def num_blocks(region):
    """The number of blocks in a region."""
    return region.num_blocks


def scalar_region(region, elements):
    """True when a region takes two rank-0 tensors per element type (in order: all accumulators, then all elements) and returns one per element type."""
    want = [rank0(e) for e in elements]
    return (num_blocks(region) == 1 and [a.text for a in block_args(region)] == [w.text for w in want * 2]
            and [r.text for r in returns(region)] == [w.text for w in want])


def region_signature(region):
    """A region's (argument types, result types), as two lists of TypeInfo."""
    return list(region.args), list(region.returns)


def parent_is_shlo_op(op):
    """True when an op sits directly in a region of a shlo op."""
    parent = op.parent
    return parent is not None and parent.name.startswith("shlo.")


def function_type(op, symbol):
    """The (argument types, result types) of the function `symbol` in the module enclosing `op`, or None if there is none."""
    from mlir import ir
    from ..types import type_info as _ti
    parent = op.parent
    while parent is not None and parent.name != "builtin.module":
        parent = parent.parent
    if parent is None:
        return None
    for f in parent.regions[0].blocks[0].operations:
        if (f.operation.name == "func.func" and "sym_name" in f.attributes and "function_type" in f.attributes
                and str(f.attributes["sym_name"]) == f'"{symbol}"'):
            ft = f.attributes["function_type"].value
            if not isinstance(ft, ir.FunctionType):
                return None     # not a function type: func.func's verifier reports it
            return [_ti(t) for t in ft.inputs], [_ti(t) for t in ft.results]
    return None


def _need_tensor(x):
    if not (isinstance(x, TypeInfo) and x.kind == "tensor"):
        raise TypeError(f"expected a ranked tensor, got {x}")
