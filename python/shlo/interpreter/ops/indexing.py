"""Indexing and windowed ops: gather, dynamic_gather, scatter, select_and_scatter, reduce_window.

Index arithmetic is vectorized with numpy; the ops with regions call their
region once per combined element, in row-major order of the update/source/
window positions, so the results are deterministic.
"""
from __future__ import annotations

import itertools

import numpy as np

from ...literals import numpy_dtype
from ..registry import implements
from .shapes import check_shape, common_shape, index_array, index_values, pad_array


def _scalar(x, dtype=None) -> np.ndarray:
    """A rank-0 numpy array (what regions take)."""
    return np.array(x, dtype=dtype) if dtype is not None else np.array(x)


def _index_vectors(indices: np.ndarray, index_vector_dim: int):
    """(index vectors with the index dimension last, batch dimension numbers of `indices`)."""
    idx = index_array(indices)
    if index_vector_dim == idx.ndim:
        idx = idx[..., None]
    elif not 0 <= index_vector_dim < idx.ndim:
        raise ValueError(f"index_vector_dim {index_vector_dim} is out of range for indices of rank {idx.ndim}")
    batch_dims = [d for d in range(idx.ndim) if d != index_vector_dim]
    return np.moveaxis(idx, index_vector_dim, -1), batch_dims


# ----------------------------------------------------------------- gather


def gather_array(operand, start_indices, dn, slice_sizes) -> np.ndarray:
    x = np.asarray(operand)
    rank = x.ndim
    slice_sizes = [int(s) for s in slice_sizes]
    if len(slice_sizes) != rank:
        raise ValueError(f"slice_sizes has {len(slice_sizes)} entries for an operand of rank {rank}")
    for d, (k, n) in enumerate(zip(slice_sizes, x.shape)):
        if not 0 <= k <= n:
            raise ValueError(f"slice size {k} of dimension {d} is outside [0, {n}]")
    collapsed = list(dn.collapsed_slice_dims)
    obatch = list(dn.operand_batching_dims or [])
    ibatch = list(dn.start_indices_batching_dims or [])
    start_index_map = list(dn.start_index_map)
    offset_dims = list(dn.offset_dims)
    for d in collapsed + obatch:
        if slice_sizes[d] > 1:
            raise ValueError(f"slice size of collapsed or batching dimension {d} must be at most 1")

    iv, batch_dims = _index_vectors(start_indices, dn.index_vector_dim)
    batch_shape = iv.shape[:-1]
    if iv.shape[-1] != len(start_index_map):
        raise ValueError(f"index vectors have {iv.shape[-1]} entries, start_index_map {len(start_index_map)}")
    nb = len(batch_shape)
    offset_operand_dims = [d for d in range(rank) if d not in collapsed and d not in obatch]
    if len(offset_operand_dims) != len(offset_dims):
        raise ValueError("offset_dims does not match the non-collapsed, non-batching operand dimensions")
    offset_shape = [slice_sizes[d] for d in offset_operand_dims]
    no = len(offset_shape)
    batch_coords = np.indices(batch_shape, dtype=np.int64) if nb else np.zeros((0,), np.int64)

    # start[d] over the batch, clamped so that the slice lies inside the operand
    starts = [np.zeros(batch_shape, np.int64) for _ in range(rank)]
    for k, d in enumerate(start_index_map):
        starts[d] = iv[..., k]
    for od, idim in zip(obatch, ibatch):
        starts[od] = batch_coords[batch_dims.index(idim)]
    full = []
    for d in range(rank):
        s = np.clip(starts[d], 0, x.shape[d] - slice_sizes[d]).reshape(tuple(batch_shape) + (1,) * no)
        if d in offset_operand_dims:
            k = offset_operand_dims.index(d)
            view = [1] * (nb + no)
            view[nb + k] = offset_shape[k]
            s = s + np.arange(offset_shape[k], dtype=np.int64).reshape(view)
        full.append(s)
    shape = tuple(batch_shape) + tuple(offset_shape)
    full = [np.broadcast_to(a, shape) for a in full]
    if x.size == 0 or int(np.prod(shape, dtype=np.int64)) == 0:
        gathered = np.zeros(shape, dtype=x.dtype)
    else:
        gathered = x[tuple(full)] if rank else np.broadcast_to(x, shape).copy()
    # batch axes fill the result dimensions that are not offset dims, in order
    result_rank = nb + no
    perm, next_batch = [], 0
    for r in range(result_rank):
        if r in offset_dims:
            perm.append(nb + offset_dims.index(r))
        else:
            perm.append(next_batch)
            next_batch += 1
    out = np.transpose(gathered, perm)
    return out if out.ndim == 0 else np.ascontiguousarray(out)   # (it would make a 0-d array 1-d)


@implements("gather")
def gather(ctx, operand, start_indices):
    out = gather_array(operand, start_indices, ctx.attrs["dimension_numbers"], ctx.attrs["slice_sizes"])
    check_shape(ctx, out.shape)
    return out


@implements("dynamic_gather")
def dynamic_gather(ctx, operand, start_indices, slice_sizes):
    out = gather_array(operand, start_indices, ctx.attrs["dimension_numbers"], index_values(slice_sizes))
    check_shape(ctx, out.shape)
    return out


# ----------------------------------------------------------------- scatter


@implements("scatter")
def scatter(ctx, *operands):
    if len(operands) < 3 or len(operands) % 2 == 0:
        raise ValueError(f"scatter takes N inputs, indices and N updates; got {len(operands)} operands")
    n = (len(operands) - 1) // 2
    inputs = [np.asarray(x) for x in operands[:n]]
    indices = operands[n]
    updates = [np.asarray(u) for u in operands[n + 1:]]
    dn = ctx.attrs["scatter_dimension_numbers"]
    body = ctx.regions[0]
    dtypes = [numpy_dtype(t.element) for t in ctx.result_types]
    results = [x.astype(dt, copy=True) for x, dt in zip(inputs, dtypes)]
    updates = [u.astype(dt, copy=False) for u, dt in zip(updates, dtypes)]
    shape = inputs[0].shape
    rank = len(shape)
    ushape = updates[0].shape
    if any(x.shape != shape for x in inputs):
        common_shape(inputs, ctx, "C2")
    if any(u.shape != ushape for u in updates):
        common_shape(updates, ctx, "C3")

    window_dims = list(dn.update_window_dims)
    inserted = list(dn.inserted_window_dims)
    ibatch = list(dn.input_batching_dims or [])
    sbatch = list(dn.scatter_indices_batching_dims or [])
    to_operand = list(dn.scatter_dims_to_operand_dims)
    scatter_dims = [d for d in range(len(ushape)) if d not in window_dims]
    window_operand_dims = [d for d in range(rank) if d not in inserted and d not in ibatch]
    if len(window_operand_dims) != len(window_dims):
        raise ValueError("update_window_dims does not match the input dimensions that are not inserted or batching")

    iv, batch_dims = _index_vectors(indices, dn.index_vector_dim)
    if iv.shape[-1] != len(to_operand):
        raise ValueError(f"index vectors have {iv.shape[-1]} entries, "
                         f"scatter_dims_to_operand_dims {len(to_operand)}")
    if tuple(iv.shape[:-1]) != tuple(ushape[d] for d in scatter_dims):
        raise ValueError(f"update scatter dimensions {[ushape[d] for d in scatter_dims]} do not match "
                         f"the index batch {list(iv.shape[:-1])}")

    for u_index in itertools.product(*(range(s) for s in ushape)):
        b = tuple(u_index[d] for d in scatter_dims)
        vec = iv[b]
        target = [0] * rank
        for k, d in enumerate(to_operand):
            target[d] += int(vec[k])
        for od, sd in zip(ibatch, sbatch):
            target[od] += b[batch_dims.index(sd)]
        for od, ud in zip(window_operand_dims, window_dims):
            target[od] += u_index[ud]
        if not all(0 <= t < s for t, s in zip(target, shape)):
            continue
        t = tuple(target)
        args = [_scalar(r[t]) for r in results] + [_scalar(u[u_index]) for u in updates]
        outs = body(*args)
        if len(outs) != n:
            raise ValueError(f"update_computation returned {len(outs)} values, expected {n}")
        for r, v in zip(results, outs):
            r[t] = v
    return results


# ----------------------------------------------------------------- windows

# Regions made only of these ops compute element by element, so running them
# once on whole arrays gives, element for element, what running them once
# per element would: the window ops then fold over window taps with arrays.
_ELEMENTWISE = frozenset("""add subtract multiply divide remainder maximum minimum clamp compare select
    and or xor not abs negate sign convert constant""".split())


def _elementwise_region(region) -> bool:
    """True when `region` (a callable from the evaluator) only runs element-wise shlo ops."""
    return region.steps_only(_ELEMENTWISE)


def _full(values, shape, dtypes) -> list:
    return [np.broadcast_to(np.asarray(v), shape).astype(dt) for v, dt in zip(values, dtypes)]



def _window_attrs(ctx, rank: int):
    dims = list(ctx.attrs["window_dimensions"])
    strides = list(ctx.attr("window_strides", [1] * rank))
    base = list(ctx.attr("base_dilations", [1] * rank))
    wdil = list(ctx.attr("window_dilations", [1] * rank))
    padding = ctx.attrs.get("padding")
    if padding is None:
        lo, hi = [0] * rank, [0] * rank
    else:
        p = np.asarray(padding.array() if hasattr(padding, "array") else padding, dtype=np.int64).reshape(-1, 2)
        lo, hi = [int(v) for v in p[:, 0]], [int(v) for v in p[:, 1]]
    for name, v in (("window_dimensions", dims), ("window_strides", strides), ("base_dilations", base),
                    ("window_dilations", wdil), ("padding", lo)):
        if len(v) != rank:
            raise ValueError(f"{name} has {len(v)} entries for inputs of rank {rank}")
    if any(v <= 0 for v in dims + strides + base + wdil):
        raise ValueError("window dimensions, strides and dilations must be positive")
    return dims, strides, base, wdil, lo, hi


def _window_count(padded: int, window: int, dilation: int, stride: int) -> int:
    span = (window - 1) * dilation + 1
    return 0 if padded < span else (padded - span) // stride + 1


def xla_tap_order(dims, strides, base, wdil, lo, shape, out_shape) -> list:
    """The window's taps in the order the body folds them in: row-major, except where XLA CPU's
    reduce-window emitter (jaxlib 0.10.2) peels a padded dimension's last tap. It loops the taps
    every window has in bounds as one block and the last tap, which some window has out of
    bounds, after it: all taps with that dimension's index below W - 1 row-major, then those at
    W - 1 (the most minor such dimension; with W = 2 also where only the first tap is out of
    bounds). Measured against jax.jit on f32 add / mul windows (scratch s40/rw*.py: no random
    configuration where row-major matched and this does not; other configurations with strides
    and two-sided padding are other orders, not modelled). Without dilations only; the spec leaves
    the schedule to the implementation."""
    taps = list(itertools.product(*(range(w) for w in dims)))
    if any(b != 1 for b in base) or any(d != 1 for d in wdil) or 0 in out_shape:
        return taps
    for d in reversed(range(len(dims))):
        w = dims[d]
        if w < 2:
            continue
        # a tap is in bounds for every window along d: its first and last windows' positions
        inside = [0 <= t - lo[d] and (out_shape[d] - 1) * strides[d] + t - lo[d] < shape[d] for t in range(w)]
        if (all(inside[:-1]) and not inside[-1]) or (w == 2 and inside[1] and not inside[0]):
            return [t for t in taps if t[d] != w - 1] + [t for t in taps if t[d] == w - 1]
    return taps


def _f16_pair_tree(ctx, body, dims, lo, hi, base, wdil) -> bool:
    """Whether XLA CPU folds this reduce_window's four taps as a tree: an f16 add or multiply
    over a 2 x 2 window (two window dimensions of 2, the rest 1), no padding or dilation. Its
    reassociable f16 adds / multiplies are vectorized by LLVM into ((init . x00) . x01) .
    (x10 . x11), each op rounded to f16 (measured against jax.jit, scratch s40/rw16f.py: 0 of
    15-3393 elements differ on 2-D and 3-D, stride 1 and 2, init 0 and 1; row-major differs on
    up to a third). bf16, f32 and other windows are folded in order."""
    return (len(ctx.result_types) == 1 and ctx.result_types[0].element == "f16"
            and sorted(dims, reverse=True)[:3] == [2, 2] + ([1] if len(dims) > 2 else [])
            and not any(lo) and not any(hi) and all(b == 1 for b in base) and all(d == 1 for d in wdil)
            and len(body.plan.steps) == 1 and (body.steps_only({"add"}) or body.steps_only({"multiply"})))


@implements("reduce_window")
def reduce_window(ctx, *operands):
    if len(operands) < 2 or len(operands) % 2:
        raise ValueError(f"reduce_window takes N inputs and N init values; got {len(operands)} operands")
    n = len(operands) // 2
    dtypes = [numpy_dtype(t.element) for t in ctx.result_types]
    inputs = [np.asarray(x).astype(dt, copy=False) for x, dt in zip(operands[:n], dtypes)]
    inits = [np.asarray(v).astype(dt) for v, dt in zip(operands[n:], dtypes)]
    shape = common_shape(inputs, ctx, "C2")
    rank = len(shape)
    dims, strides, base, wdil, lo, hi = _window_attrs(ctx, rank)
    padded = [pad_array(x, v, lo, hi, [b - 1 for b in base]) for x, v in zip(inputs, inits)]
    pshape = padded[0].shape
    out_shape = tuple(_window_count(p, w, d, s) for p, w, d, s in zip(pshape, dims, wdil, strides))
    check_shape(ctx, out_shape)
    taps = xla_tap_order(dims, strides, base, wdil, lo, shape, out_shape)
    body = ctx.regions[0]
    if _elementwise_region(body):
        # fold over the taps, all windows at once: same order as per element
        acc = _full(inits, out_shape, dtypes)
        if 0 in out_shape:
            return acc
        if _f16_pair_tree(ctx, body, dims, lo, hi, base, wdil):
            # ((init . x00) . x01) . (x10 . x11), each rounded to f16
            views = [tuple(slice(t * d, t * d + (o - 1) * s + 1, s) for t, d, o, s in zip(tap, wdil, out_shape, strides))
                     for tap in taps]
            first = body(*body(*acc, padded[0][views[0]]), padded[0][views[1]])
            return _full(body(*first, *body(padded[0][views[2]], padded[0][views[3]])), out_shape, dtypes)
        for tap in taps:
            view = tuple(slice(t * d, t * d + (o - 1) * s + 1, s) for t, d, o, s in zip(tap, wdil, out_shape, strides))
            outs = body(*acc, *[p[view] for p in padded])
            if len(outs) != n:
                raise ValueError(f"body returned {len(outs)} values, expected {n}")
            acc = _full(outs, out_shape, dtypes)
        return acc
    results = [np.empty(out_shape, dtype=dt) for dt in dtypes]
    for r_index in itertools.product(*(range(s) for s in out_shape)):
        acc = [_scalar(v) for v in inits]
        for tap in taps:
            pos = tuple(r * s + t * d for r, s, t, d in zip(r_index, strides, tap, wdil))
            acc = body(*acc, *[_scalar(p[pos]) for p in padded])
            if len(acc) != n:
                raise ValueError(f"body returned {len(acc)} values, expected {n}")
        for res, v in zip(results, acc):
            res[r_index] = v
    return results


@implements("select_and_scatter")
def select_and_scatter(ctx, operand, source, init_value):
    x = np.asarray(operand)
    src = np.asarray(source)
    dtype = numpy_dtype(ctx.result_types[0].element)
    rank = x.ndim
    dims, strides, _base, _wdil, lo, hi = _window_attrs(ctx, rank)
    pshape = [n + l + h for n, l, h in zip(x.shape, lo, hi)]
    windows = tuple(_window_count(p, w, 1, s) for p, w, s in zip(pshape, dims, strides))
    if windows != src.shape:
        raise ValueError(f"source has shape {src.shape}, but there are {windows} windows")
    select, combine = ctx.regions[0], ctx.regions[1]
    result = np.full(x.shape, np.asarray(init_value).astype(dtype), dtype=dtype)
    src = src.astype(dtype, copy=False)
    taps = list(itertools.product(*(range(w) for w in dims)))
    if _elementwise_region(select) and x.size and src.size:
        _select_and_scatter_fast(x, src, result, select, combine, taps, windows, strides, lo)
        return result
    for s_index in itertools.product(*(range(k) for k in windows)):
        chosen = None
        for tap in taps:
            pos = tuple(i * st + t - l for i, st, t, l in zip(s_index, strides, tap, lo))
            if not all(0 <= p < n for p, n in zip(pos, x.shape)):
                continue
            if chosen is None:
                chosen = pos
                continue
            keep = select(_scalar(x[chosen]), _scalar(x[pos]))[0]
            if not bool(np.asarray(keep)):
                chosen = pos
        if chosen is None:
            continue
        result[chosen] = combine(_scalar(result[chosen]), _scalar(src[s_index]))[0]
    return result


def _select_and_scatter_fast(x, src, result, select, combine, taps, windows, strides, lo):
    """select_and_scatter with `select` run on all windows at once, one tap after the other."""
    rank = x.ndim
    grid = np.indices(windows, dtype=np.int64)              # window index per dimension
    has = np.zeros(windows, bool)
    cur_pos = np.zeros((rank,) + tuple(windows), np.int64)
    cur_val = np.zeros(windows, x.dtype)
    for tap in taps:
        pos = np.stack([grid[d] * strides[d] + tap[d] - lo[d] for d in range(rank)])
        inside = np.ones(windows, bool)
        for d in range(rank):
            inside &= (pos[d] >= 0) & (pos[d] < x.shape[d])
        if not inside.any():
            continue
        clipped = tuple(np.clip(pos[d], 0, x.shape[d] - 1) for d in range(rank))
        cand = x[clipped]
        keep = np.broadcast_to(np.asarray(select(cur_val, cand)[0], bool), windows)
        replace = inside & (~has | ~keep)
        cur_val = np.where(replace, cand, cur_val)
        cur_pos = np.where(replace[None], pos, cur_pos)
        has |= inside
    for s_index in itertools.product(*(range(k) for k in windows)):
        if not has[s_index]:
            continue
        chosen = tuple(int(cur_pos[(d,) + s_index]) for d in range(rank))
        result[chosen] = combine(_scalar(result[chosen]), _scalar(src[s_index]))[0]
