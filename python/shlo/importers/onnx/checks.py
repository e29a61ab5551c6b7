"""ONNX's run-time value checks (the mechanism, and how checks leave loop and branch bodies:
`importers/run_time_checks.py`): indices onnxruntime rejects (Gather, GatherElements, GatherND,
ScatterElements, ScatterND) and `?` sizes that Reshape / Expand / broadcasting do not accept.

Indices known at import time and in range get no check (no run-time cost); known ones out of
range keep theirs (onnxruntime fails when the node runs, which may be in a branch never taken).
"""
from __future__ import annotations

import numpy as np

from ..emitter import I64, reduce1
from ..run_time_checks import check_assert
from ..run_time_checks import compare as _cmp


def _known_in_range(known, sizes) -> bool:
    """Indices known at import time (`known`, last axis the index vector's entries when `sizes`
    has several) all in [-size, size - 1] of the static sizes; False when a size is a run-time one."""
    if known is None or not all(isinstance(s, int) for s in sizes):
        return False
    k = np.asarray(known).astype(np.int64).reshape(-1, len(sizes))
    n = np.asarray(sizes, np.int64)
    return bool(np.all((k >= -n) & (k < n)))


def check_indices(cx, idx, size, axis: int, known=None) -> None:
    """Indices (i64, any shape) into a dimension of `size` (an int or a rank-0 i64 value) must be in
    [-size, size - 1]: checked at run time on their least and greatest values."""
    if _known_in_range(known, [size]):
        return
    sizes = cx.sizes_of(idx)
    dims = list(range(len(sizes)))
    n = cx.size_value(size)
    lo = reduce1(cx, idx, dims, "minimum", np.iinfo(np.int64).max) if dims else idx
    hi = reduce1(cx, idx, dims, "maximum", np.iinfo(np.int64).min) if dims else idx
    ok = cx.op("and", _cmp(cx, lo, cx.op("negate", n), "GE"), _cmp(cx, hi, n, "LT"))
    ok = cx.op("or", ok, _cmp(cx, lo, hi, "GT"))       # no indices: the reductions' initial values
    top = cx.op("subtract", n, cx.const(1, I64))
    check_assert(cx, ok, [n, top, lo, hi],
                 f"indices must be in [-{{0}}, {{1}}] along axis {axis}; found values from {{2}} to {{3}}")


def check_index_vectors(cx, idx, dims, first: int, known=None) -> None:
    """Index vectors (i64, the last dimension their k entries) into dimensions first..first+k-1 of
    sizes `dims` (ints or rank-0 i64 values): entry j must be in [-dims[j], dims[j] - 1]; checked
    at run time on each entry's least and greatest values (vectors of k)."""
    k = len(dims)
    if k == 0 or _known_in_range(known, dims):
        return
    sizes = cx.sizes_of(idx)
    batch = list(range(len(sizes) - 1))
    lo = reduce1(cx, idx, batch, "minimum", np.iinfo(np.int64).max) if batch else idx
    hi = reduce1(cx, idx, batch, "maximum", np.iinfo(np.int64).min) if batch else idx
    n = cx.shape_tensor(dims)
    ok = cx.op("and", _cmp(cx, lo, cx.op("negate", n), "GE"), _cmp(cx, hi, n, "LT"))
    ok = cx.op("or", ok, _cmp(cx, lo, hi, "GT"))
    ok = reduce1(cx, ok, [0], "and", True)
    where = f"dimensions {first}..{first + k - 1}" if k > 1 else f"dimension {first}"
    check_assert(cx, ok, [n, lo, hi], f"index vector entries must be in [-size, size - 1] for the sizes {{0}} of "
                                      f"{where}; found entries from {{1}} to {{2}}")


# Sizes known only at run time that an op requires to agree (onnxruntime refuses the node
# otherwise): a shlo dynamic_reshape / dynamic_broadcast_in_dim given sizes that do not agree has
# no defined result (compiled code reads past its operand), so each such node gets a check.

def _same(a, b) -> bool:
    """Sizes (ints or rank-0 values) known at import time to be equal."""
    if isinstance(a, int) or isinstance(b, int):
        return isinstance(a, int) and isinstance(b, int) and a == b
    return a == b


def check_broadcast(cx, operand_sizes, sizes, what: str) -> None:
    """Each operand's sizes (lists of ints / rank-0 values, aligned to the trailing dimensions of
    `sizes`, the result's) must broadcast to `sizes`: a size is 1 or the result's. One check for
    the node, on the sizes it found; none where every size is known to agree."""
    pred = None
    for own in operand_sizes:
        for s, r in zip(own, sizes[len(sizes) - len(own):]):
            if isinstance(s, int) and (s == 1 or isinstance(r, int)) or _same(s, r):
                continue
            ok = _cmp(cx, cx.size_value(r), cx.size_value(s), "EQ")
            if not isinstance(s, int):
                ok = cx.op("or", _cmp(cx, cx.size_value(s), cx.const(1, I64), "EQ"), ok)
            pred = ok if pred is None else cx.op("and", pred, ok)
    if pred is None:
        return
    shapes = [cx.shape_tensor(own) if own else cx.const(np.zeros(0, np.int64), I64, (0,)) for own in operand_sizes]
    found = " and ".join(f"{{{k}}}" for k in range(len(shapes)))
    check_assert(cx, pred, shapes, f"{what} {found} do not broadcast (each size must be 1 or the common size)")


def _counts_agree(a, b) -> bool:
    """Element counts of sizes `a` and `b` known equal at import time: their ints' products equal
    once the run-time sizes they share are set aside."""
    rest = [s for s in b if not isinstance(s, int)]
    for s in a:
        if isinstance(s, int):
            continue
        hit = next((k for k, t in enumerate(rest) if t == s), None)
        if hit is None:
            return False
        rest.pop(hit)
    return not rest and int(np.prod([s for s in a if isinstance(s, int)])) == \
        int(np.prod([s for s in b if isinstance(s, int)]))


def check_reshape(cx, in_sizes, out_sizes, requested=None) -> None:
    """A reshape from `in_sizes` to `out_sizes` (ints / rank-0 values) must keep the element count
    and give no negative size; `requested` (a 1-D i64 value: the shape input) is shown when it
    fails. No check where the counts agree at import time."""
    if _counts_agree(in_sizes, out_sizes):
        return
    n_in, n_out = cx.size_value(cx.element_count(in_sizes)), cx.size_value(cx.element_count(out_sizes))
    pred = _cmp(cx, n_in, n_out, "EQ")
    for s in out_sizes:
        if not isinstance(s, int):
            pred = cx.op("and", pred, _cmp(cx, cx.size_value(s), cx.const(0, I64), "GE"))
    shown = cx.shape_tensor(in_sizes) if in_sizes else cx.const(np.zeros(0, np.int64), I64, (0,))
    values = [shown, requested if requested is not None else cx.shape_tensor(out_sizes)]
    check_assert(cx, pred, values, "cannot reshape a tensor of shape {0} to the shape {1} (element counts differ)")


def checks_left_in_regions(prog) -> int:
    """How many check.asserts of `prog` that compiled code must evaluate stand inside a region
    (hoist_checks could not move them; shlo.compile refuses them): 0 for every graph the
    importer makes today. The held-out tool counts them per model."""
    from mlir import ir

    from ... import _shlo_ext
    from ..run_time_checks import IN_PLACE, TARGET
    n = 0
    for op in _shlo_ext.ops_named(prog.module.operation, ["shlo.custom_call"]):
        op = op.operation
        if ir.StringAttr(op.attributes["call_target_name"]).value == TARGET and IN_PLACE not in op.attributes \
                and op.parent.name != "func.func":
            n += 1
    return n
