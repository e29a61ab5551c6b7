"""Run-time index checks: eager PyTorch raises on an index out of range (gather, scatter,
scatter_add / scatter_reduce, index_select, embedding, `x[i]`, index_put), where a shlo gather
clamps it and a scatter drops the update, so without a check a bad index gives wrong numbers
silently. Each such op gets a `check.assert` (emitted with `check_assert`, in
`importers/run_time_checks.py`) on the least and greatest index, with a message naming the node.

The interpreter evaluates a check where it stands; compiled code checks them at the top level of
the entry only, so after import `hoist_checks` (shared with the ONNX importer) moves those inside cond /
while_loop / map / scan bodies out of the shlo `if` / `while` that holds them: a bad index inside a
body then fails after that op, interpreted and compiled alike, with the same message.

Indices known at import time and in range get no check. The unchecked forms torch's own
decompositions emit (`_unsafe_index`, `_unsafe_index_put`) get none either, and neither do index
ops in a while_loop's cond function: `hoist_checks` moves checks out of a while's body only, and
compiled code refuses a check left inside a region, so there indices stay unchecked (`unchecked`)."""
from __future__ import annotations

import contextlib

import numpy as np
from mlir import ir

from ..emitter import I64, reduce1
from ..run_time_checks import check_assert
from ..run_time_checks import compare as _cmp


def check_index_range(cx, idx, size, dim: int, wraps: bool, source=None) -> None:
    """Indices `idx` (any integer element, any shape) into dimension `dim` of size `size` (an int
    or a rank-0 value) must be in [0, size - 1], or in [-size, size - 1] when torch wraps negative
    ones (`x[i]`, index_put). `source`: the fx node `idx` was converted from (see `arg_node`), whose
    value is known when it depends on constants only (the positions torch's decompositions of
    interpolation or padding compute from sizes)."""
    if getattr(cx.importer, "unchecked", False):
        return
    known = _known(idx)
    if known is None and source is not None and isinstance(size, int):
        known = _folded(source)
    if known is not None and isinstance(size, int):
        low = -size if wraps else 0
        if known.size == 0 or (int(known.min()) >= low and int(known.max()) < size):
            return
    idx = cx.convert(idx, I64)
    dims = list(range(cx.rank(idx)))
    lo = reduce1(cx, idx, dims, "minimum", np.iinfo(np.int64).max) if dims else idx
    hi = reduce1(cx, idx, dims, "maximum", np.iinfo(np.int64).min) if dims else idx
    n = cx.size_value(size)
    low = cx.op("negate", n) if wraps else cx.const(0, I64)
    ok = cx.op("and", _cmp(cx, lo, low, "GE"), _cmp(cx, hi, n, "LT"))
    ok = cx.op("or", ok, _cmp(cx, lo, hi, "GT"))       # no indices: the reductions' initial values
    top = cx.op("subtract", n, cx.const(1, I64))
    bounds = "[-{0}, {1}]" if wraps else "[0, {1}]"
    check_assert(cx, ok, [n, top, lo, hi],
                 f"index out of range: indices into dimension {dim} (size {{0}}) must be in {bounds}; "
                 f"found values from {{2}} to {{3}}")


@contextlib.contextmanager
def unchecked(importer):
    """No index checks for the nodes converted inside (a while_loop's cond function)."""
    before = getattr(importer, "unchecked", False)
    importer.unchecked = True
    try:
        yield
    finally:
        importer.unchecked = before


def arg_node(cx, names, pos: int, item: int | None = None):
    """The fx node of argument `pos` (its entry `item` when a list) of the node being converted,
    if that node is one of the ATen ops `names` (a converter may also be called for another node's
    derived values); else None."""
    node = cx.node
    target = getattr(node, "target", None)
    schema = getattr(target, "_schema", None)
    if schema is None or schema.name.split("::")[-1] not in names or len(node.args) <= pos:
        return None
    a = node.args[pos]
    if item is not None:
        a = a[item] if isinstance(a, (list, tuple)) and item < len(a) else None
    return a if type(a).__name__ == "Node" else None


def _folded(node):
    import torch

    from .ops.constant_fold import constant_value
    v = constant_value(node)
    return v.numpy() if isinstance(v, torch.Tensor) and not v.is_floating_point() and not v.is_complex() else None


def _known(v):
    """The value of `v` when it is a readable shlo constant, else None."""
    owner = getattr(v, "owner", None)
    if owner is None or not isinstance(owner, ir.Operation) and not hasattr(owner, "name"):
        return None
    if owner.name != "shlo.constant":
        return None
    try:
        attr = ir.DenseElementsAttr(owner.attributes["value"])
    except (ValueError, TypeError):
        return None                      # a dense_resource blob: checked at run time
    t = ir.RankedTensorType(attr.type)
    if attr.is_splat:
        return np.asarray([int(ir.IntegerAttr(attr.get_splat_value()).value)]) if _ints(t) else None
    try:
        return np.asarray(attr) if _ints(t) else None
    except (ValueError, TypeError, RuntimeError):
        return None


def _ints(t) -> bool:
    return isinstance(t.element_type, ir.IntegerType)
