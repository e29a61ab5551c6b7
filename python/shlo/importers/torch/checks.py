"""Run-time index checks: eager PyTorch raises on an index out of range (gather, scatter,
scatter_add / scatter_reduce, index_select, embedding, `x[i]`, index_put), where a shlo gather
clamps it and a scatter drops the update, so without a check a bad index gives wrong numbers
silently. Each such op gets a `check.assert` (emitted with `check_assert`, in
`importers/run_time_checks.py`) on the least and greatest index, with a message naming the node.

The interpreter evaluates a check where it stands; compiled code checks them at the top level of
the entry only, so after import `hoist_checks` (shared with the ONNX importer) moves those inside cond /
while_loop / map / scan bodies out of the shlo `if` / `while` that holds them: a bad index inside a
body then fails after that op, interpreted and compiled alike, with the same message.

A while_loop's cond function is evaluated in the shlo while's cond block, which returns one
flag only, so no check can leave it: there its index ops are converted `unchecked`, and the
while_loop converter (ops/control.py) evaluates the checks of the cond function instead on the
initial state before the loop and on each new state at the end of the body (`collected`: the
checks returned, not emitted), carries their predicates and values as extra loop state, requires
the predicates in the cond block, and checks them after the loop. So the loop stops before the
cond evaluation that reads a bad index, and that check raises.

Indices known at import time and in range get no check. The unchecked forms torch's own
decompositions emit (`_unsafe_index`, `_unsafe_index_put`) get none either."""
from __future__ import annotations

import contextlib
from typing import NamedTuple

import numpy as np
from mlir import ir

from ..emitter import I64, reduce1
from ..run_time_checks import check_assert_text
from ..run_time_checks import compare as _cmp


def check_index_range(cx, idx, size, dim: int, wraps: bool, source=None) -> None:
    """Indices `idx` (any integer element, any shape) into dimension `dim` of size `size` (an int
    or a rank-0 value) must be in [0, size - 1], or in [-size, size - 1] when torch wraps negative
    ones (`x[i]`, index_put). `source`: the fx node `idx` was converted from (see `arg_node`), whose
    value is known when it depends on constants only (the positions torch's decompositions of
    interpolation or padding compute from sizes)."""
    if getattr(cx.importer, "unchecked", False):
        return
    # a collected check keeps its slot even where this state's index is a known constant: the
    # same checks must come out of each evaluation of a while_loop's cond function
    known = None if _collecting(cx) is not None else _known(idx)
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
    emit_check(cx, Check(ok, [n, top, lo, hi], str(cx.error(
        f"index out of range: indices into dimension {dim} (size {{0}}) must be in {bounds}; "
        f"found values from {{2}} to {{3}}"))))


class Check(NamedTuple):
    """A check.assert's operands and its full message (naming the node)."""
    pred: object
    values: list
    text: str


def emit_check(cx, check: Check) -> None:
    """`check` as a check.assert here, or, inside `collected` and in its block, added to its list."""
    found = _collecting(cx)
    if found is not None:
        found.append(check)
    else:
        check_assert_text(cx, check.pred, check.values, check.text)


@contextlib.contextmanager
def collected(importer):
    """The checks of the nodes converted inside, in the current block, returned in a list (in
    order) instead of emitted; those in nested regions (a torch.cond inside) are emitted there."""
    before = getattr(importer, "collecting", None)
    found: list = []
    importer.collecting = (ir.InsertionPoint.current.block, found)
    try:
        yield found
    finally:
        importer.collecting = before


def _collecting(cx):
    """The list `collected` adds checks made at the current insertion point to, or None."""
    collecting = getattr(cx.importer, "collecting", None)
    if collecting is None or collecting[0] != ir.InsertionPoint.current.block:
        return None
    return collecting[1]


@contextlib.contextmanager
def unchecked(importer):
    """No index checks for the nodes converted inside (a while_loop's cond function, in its cond
    block)."""
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
