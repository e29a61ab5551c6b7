"""`fractional_max_pool2d` / `fractional_max_pool3d` with their `random_samples` operand (in
[0, 1), one per plane and spatial dimension: W, H for 2-D; T, H, W for 3-D, as ATen's kernels).

The window starts along a dimension follow ATen's generate_intervals, in the input's dtype:
alpha = (in - k) / (out - 1), start_i = int((i + u) * alpha) - int(u * alpha), the last window
at in - k. Each of the k_1 x ... x k_d window offsets is one gather of x at (start + offset);
the max keeps the first largest value in row-major window order (a NaN wins, as in ATen), and
the index is the position in the plane (h * W + w, or (t * H + h) * W + w).

torch.nn.functional draws random_samples with torch.rand inside the exported program when none
are passed: shlo's generator is not torch's, so only calls that pass `_random_samples` give
eager's numbers (the OpInfo samples draw: their shapes and dtypes are compared, not values).
"""
from __future__ import annotations

import math

from ....types import tensor_type
from ..registry import converts
from .indexing import _gather_points


def _starts(cx, u, size_in, size_out, k):
    """[N, C, out] window starts from samples u [N, C] (the input's float type)."""
    el = cx.element(u)
    n, c = cx.sizes_of(u)
    grid = [n, c, size_out]
    last = cx.const(size_in - k, "i64", grid)
    if size_out <= 1:
        return last
    alpha = cx.op("divide", cx.const(size_in - k, el, grid), cx.const(size_out - 1, el, grid))   # in x's dtype, as ATen
    i = cx.op("iota", iota_dimension=2, result_types=[tensor_type(grid, el)])
    ub = cx.broadcast(u, grid, dims=[0, 1])
    a = cx.convert(cx.op("multiply", cx.op("add", i, ub), alpha), "i32")
    b = cx.convert(cx.op("multiply", ub, alpha), "i32")
    start = cx.convert(cx.op("subtract", a, b), "i64")
    is_last = cx.op("compare", cx.op("iota", iota_dimension=2, result_types=[tensor_type(grid, "i64")]),
                    cx.const(size_out - 1, "i64", grid), comparison_direction="EQ")
    return cx.op("select", is_last, last, start)


def _pool(cx, x, kernel, output_size, samples, dims: int):
    el = cx.element(x)
    sizes = cx.sizes_of(x)
    if any(not isinstance(s, int) for s in sizes):
        raise cx.error(f"fractional_max_pool{dims}d needs static sizes")
    unbatched = len(sizes) == dims + 1
    if unbatched:
        x = cx.reshape(x, [1] + sizes)
        sizes = [1] + sizes
    n, c, *spatial = sizes
    out = list(output_size)
    if 0 in sizes or 0 in out:                        # nothing to pool
        shape = ([] if unbatched else [n]) + [c] + out
        return cx.const(0, el, shape), cx.const(0, "i64", shape)
    u = cx.convert(samples, el)
    # the samples' last dimension lists W, H (2-D) or T, H, W (3-D)
    order = [1, 0] if dims == 2 else [0, 1, 2]
    starts = []
    for d in range(dims):
        j = order[d]
        ud = cx.reshape(cx.op("slice", u, start_indices=[0, 0, j], limit_indices=[n, c, j + 1], strides=[1, 1, 1]),
                        [n, c])
        starts.append(_starts(cx, ud, spatial[d], out[d], kernel[d]))
    grid = [n, c] + out
    rank = 2 + dims
    base = [cx.op("iota", iota_dimension=0, result_types=[tensor_type(grid, "i64")]),
            cx.op("iota", iota_dimension=1, result_types=[tensor_type(grid, "i64")])]
    pos = [cx.broadcast(s, grid, dims=[0, 1, 2 + d]) for d, s in enumerate(starts)]
    best = best_index = None
    for offset in _offsets(kernel):
        coord = [cx.op("add", p, cx.const(o, "i64", grid)) for p, o in zip(pos, offset)]
        coords = cx.op("concatenate", [cx.reshape(v, grid + [1]) for v in base + coord], dimension=rank)
        val = _gather_points(cx, x, coords)
        flat = coord[0]
        for d in range(1, dims):
            flat = cx.op("add", cx.op("multiply", flat, cx.const(spatial[d], "i64", grid)), coord[d])
        if best is None:
            best, best_index = val, flat
            continue
        take = cx.op("or", cx.op("compare", val, best, comparison_direction="GT"),
                     cx.op("compare", val, val, comparison_direction="NE"))
        best = cx.op("select", take, val, best)
        best_index = cx.op("select", take, flat, best_index)
    if unbatched:
        best, best_index = cx.reshape(best, grid[1:]), cx.reshape(best_index, grid[1:])
    return best, best_index


def _offsets(kernel):
    total = math.prod(kernel)
    for flat in range(total):
        out, rest = [], flat
        for k in reversed(kernel):
            out.append(rest % k)
            rest //= k
        yield list(reversed(out))


@converts("fractional_max_pool2d")
def fractional_max_pool2d(cx, x, kernel_size, output_size, random_samples):
    return _pool(cx, x, list(kernel_size), output_size, random_samples, 2)


@converts("fractional_max_pool3d")
def fractional_max_pool3d(cx, x, kernel_size, output_size, random_samples):
    return _pool(cx, x, list(kernel_size), output_size, random_samples, 3)
