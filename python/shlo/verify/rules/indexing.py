"""Rules for gather/scatter, windowed reductions and convolutions.

Shapes are tuples whose dynamic sizes are `None`; every rule here treats a
`None` size as unknown (it yields `None` where the result depends on it and
is compatible with any size when compared).
"""
from __future__ import annotations

from ...types import element_class, element_bits
from .. import vocabulary as v


# ---------------------------------------------------------------- helpers


def _floor_div(a, b):
    return None if a is None or b is None else a // b


def _elements_list(attr):
    """A tensor-literal attribute's values as nested Python lists."""
    return attr.array().tolist()


# ------------------------------------------------------------ attributes


def window_attr_or(values, n, default):
    """`values` when given, else a list of `n` copies of `default` (how optional window attributes default)."""
    return list(values) if values is not None else [default] * n


def padding_pairs(padding, n):
    """The (low, high) pairs of a padding attribute (an Nx2 i64 tensor literal), or `n` zero pairs when it is absent."""
    if padding is None:
        return [(0, 0)] * n
    return [tuple(int(x) for x in row) for row in _elements_list(padding)]


def padding_shape_ok(padding, n):
    """True when a padding attribute is absent or is a tensor literal of shape `n`x2."""
    return padding is None or tuple(padding.type.shape) == (n, 2)


def index_vector_size(indices, index_vector_dim):
    """How many index components each index holds: the size of `index_vector_dim` of `indices`, or 1 when that dim is the rank (implicit trailing dim)."""
    if index_vector_dim < v.rank(indices):
        return v.dim(indices, index_vector_dim)
    return 1


def index_batch_sizes(indices, index_vector_dim):
    """The sizes of `indices` without its index vector dimension (the batch of indices)."""
    s = v.shape(indices)
    return tuple(d for i, d in enumerate(s) if i != index_vector_dim)


def all_in_range(values, n):
    """True when every entry of a list is in `[0, n)`."""
    return all(0 <= x < n for x in values)


# ------------------------------------------------------------------ gather


def gather_shape(operand, start_indices, dnums, slice_sizes):
    """The result shape of gather: offset sizes (slice_sizes less collapsed and batching dims) placed at `offset_dims`, batch sizes of `start_indices` elsewhere; `slice_sizes` may hold `None` for sizes known only at run time."""
    batch = list(index_batch_sizes(start_indices, dnums.index_vector_dim))
    dropped = set(dnums.collapsed_slice_dims) | set(dnums.operand_batching_dims)
    offsets = [s for i, s in enumerate(slice_sizes) if i not in dropped]
    rank = len(batch) + len(offsets)
    out, b, o = [], 0, 0
    offset_dims = set(dnums.offset_dims)
    for d in range(rank):
        if d in offset_dims:
            out.append(offsets[o])
            o += 1
        else:
            out.append(batch[b])
            b += 1
    return tuple(out)


def slice_sizes_fit(operand, slice_sizes):
    """True when every slice size is non-negative and at most the operand's size there (dynamic sizes fit)."""
    return len(slice_sizes) == v.rank(operand) and all(
        s >= 0 and (d is None or s <= d) for s, d in zip(slice_sizes, v.shape(operand)))


# ----------------------------------------------------------------- scatter


def scatter_updates_shape_ok(input_, scatter_indices, update, dnums):
    """True when an update tensor has the index batch sizes at its scatter dims and, at `update_window_dims`, window sizes no larger than the input's non-inserted, non-batching sizes."""
    batch = index_batch_sizes(scatter_indices, dnums.index_vector_dim)
    window = set(dnums.update_window_dims)
    us = v.shape(update)
    if len(us) != len(window) + len(batch):
        return False
    scatter_sizes = tuple(d for i, d in enumerate(us) if i not in window)
    if not v.compatible_dims(scatter_sizes, batch):
        return False
    dropped = set(dnums.inserted_window_dims) | set(dnums.input_batching_dims)
    bounds = [d for i, d in enumerate(v.shape(input_)) if i not in dropped]
    sizes = [us[i] for i in sorted(window)]
    if len(bounds) != len(sizes):
        return False
    return all(s is None or b is None or s <= b for s, b in zip(sizes, bounds))


# ------------------------------------------------------------- promotion


def is_promotable_element(source, target):
    """True when element type `target` equals `source` or widens it within the same class (integers keep their signedness, floats stay floats)."""
    if source == target:
        return True
    if source.startswith("!quant") or target.startswith("!quant"):
        return False
    cs, ct = element_class(source), element_class(target)
    if cs != ct or cs in ("bool",):
        return False
    if cs == "complex":
        return element_bits(v.complex_part(target)) >= element_bits(v.complex_part(source))
    return element_bits(target) >= element_bits(source)


def promoted_region_ok(region, values):
    """True when a region takes 2N rank-0 tensors (types `tensor<E_i>` twice over) and returns N with the same types, each `E_i` promotable from the element type of `values[i]`."""
    n = len(values)
    args, rets = list(v.block_args(region)), list(v.returns(region))
    if v.num_blocks(region) != 1 or len(args) != 2 * n or len(rets) != n:
        return False
    for i, x in enumerate(values):
        a, b, r = args[i], args[n + i], rets[i]
        if not all(v.is_tensor(t) and v.rank(t) == 0 for t in (a, b, r)):
            return False
        if not (a.text == b.text == r.text):
            return False
        if x.quant is not None or a.quant is not None:
            if not v.same_quantization_base(x, a):
                return False
        elif not is_promotable_element(v.element_type(x), v.element_type(a)):
            return False
    return True


def region_return_elements(region):
    """The element types of the values a region returns, in order."""
    return [v.element_type(t) for t in v.returns(region)]


def region_return_types(region):
    """The types of the values a region returns, in order."""
    return list(v.returns(region))


def predicate_region_ok(region, element):
    """True when a region takes two `tensor<element>` values and returns one `tensor<i1>`."""
    want = v.rank0(element)
    return (v.num_blocks(region) == 1
            and [a.text for a in v.block_args(region)] == [want.text, want.text]
            and [r.text for r in v.returns(region)] == ["tensor<i1>"])


# ----------------------------------------------------------------- windows


def num_windows(size, window, stride, base_dilation, window_dilation, low, high):
    """How many window positions fit along one dimension after base dilation and padding (0 for an empty window); `None` if `size` is dynamic."""
    if size is None or window is None:
        return None
    dilated = 0 if size == 0 else (size - 1) * base_dilation + 1
    padded = low + dilated + high
    win = 0 if window == 0 else (window - 1) * window_dilation + 1
    if padded <= 0 or win > padded:
        return 0
    return (padded - win) // stride + 1


def reduce_window_shape(input_, window_dimensions, window_strides=None, base_dilations=None,
                        window_dilations=None, padding=None):
    """The result shape of reduce_window (and the `source` shape of select_and_scatter): the number of windows per dimension."""
    n = v.rank(input_)
    strides = window_attr_or(window_strides, n, 1)
    bdil = window_attr_or(base_dilations, n, 1)
    wdil = window_attr_or(window_dilations, n, 1)
    pads = padding_pairs(padding, n)
    return tuple(num_windows(s, w, st, bd, wd, lo, hi)
                 for s, w, st, bd, wd, (lo, hi) in zip(v.shape(input_), window_dimensions, strides, bdil, wdil, pads))


# ------------------------------------------------------------ convolution


def conv_input_dims(dnums):
    """The input batch, spatial and feature dimensions of convolution's `lhs`, as one list."""
    return [dnums.input_batch_dimension, *dnums.input_spatial_dimensions, dnums.input_feature_dimension]


def conv_kernel_dims(dnums):
    """The kernel input-feature, output-feature and spatial dimensions of convolution's `rhs`, as one list."""
    return [dnums.kernel_input_feature_dimension, dnums.kernel_output_feature_dimension,
            *dnums.kernel_spatial_dimensions]


def conv_output_dims(dnums):
    """The output batch, spatial and feature dimensions of convolution's result, as one list."""
    return [dnums.output_batch_dimension, *dnums.output_spatial_dimensions, dnums.output_feature_dimension]


def dims_ok(dims, n):
    """True when a list of dimensions is unique and each is in `[0, n)`."""
    return v.is_unique(dims) and all_in_range(dims, n)


def divisible(size, count):
    """True when a (possibly dynamic) size is a multiple of `count`."""
    return size is None or size % count == 0


def conv_shape(lhs, rhs, dnums, window_strides, padding, lhs_dilation, rhs_dilation, batch_group_count):
    """The result shape of a convolution; `padding` is a list of (low, high) pairs, or `None` when it is known only at run time (spatial sizes then are dynamic)."""
    n = v.rank(lhs) - 2
    strides = window_attr_or(window_strides, n, 1)
    ldil = window_attr_or(lhs_dilation, n, 1)
    rdil = window_attr_or(rhs_dilation, n, 1)
    out = [None] * v.rank(lhs)
    out[dnums.output_batch_dimension] = _floor_div(v.dim(lhs, dnums.input_batch_dimension), batch_group_count)
    out[dnums.output_feature_dimension] = v.dim(rhs, dnums.kernel_output_feature_dimension)
    for i in range(n):
        size = v.dim(lhs, dnums.input_spatial_dimensions[i])
        window = v.dim(rhs, dnums.kernel_spatial_dimensions[i])
        if padding is None:
            out[dnums.output_spatial_dimensions[i]] = None
        else:
            lo, hi = padding[i]
            out[dnums.output_spatial_dimensions[i]] = num_windows(size, window, strides[i], ldil[i], rdil[i], lo, hi)
    return tuple(out)


def conv_quantization_ok(lhs, rhs, result, dnums):
    """True when a quantized convolution has a quantized `rhs` whose storage type matches a quantized `lhs`, and any per-axis quantization runs along the kernel (resp. output) feature dimension."""
    if not v.is_quantized(rhs):
        return False
    if v.is_quantized(lhs) and v.storage_type(lhs) != v.storage_type(rhs):
        return False
    if v.is_per_axis_quantized(rhs) and v.quantization_dimension(rhs) != dnums.kernel_output_feature_dimension:
        return False
    if v.is_per_axis_quantized(result) and v.quantization_dimension(result) != dnums.output_feature_dimension:
        return False
    return True


def dim_if_valid(x, d):
    """Size `d` of a tensor, or `None` (unknown) when `d` is not a dimension of it, leaving range errors to the constraint that checks them."""
    if isinstance(d, int) and 0 <= d < v.rank(x):
        return v.dim(x, d)
    return None


def size_quotient(size, count):
    """A (possibly dynamic) size divided by `count`, rounding down; `None` when the size is dynamic."""
    return _floor_div(size, count)
