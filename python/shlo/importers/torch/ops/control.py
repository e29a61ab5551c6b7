"""Higher-order control flow: torch.cond -> shlo `if`, while_loop -> shlo `while`, map (map_impl)
and scan -> a `while` over the leading dimension, and the pass-through wrappers
(wrap_with_set_grad_enabled, wrap_with_autocast) whose subgraph is inlined.

Branch and body graphs arrive as torch.fx.GraphModules; `TorchImporter.convert_graph` converts
their nodes into the current block with the same converters. shlo regions may use values
defined outside them, so closed-over operands are bound directly (cond) and only a loop's state
becomes block arguments.
"""
from __future__ import annotations

import contextlib

from mlir import ir

from ...run_time_checks import contains_checks
from ..checks import collected, emit_check, unchecked
from ..registry import converts
from .creation import has_random_ops
from .elementwise import to_element


def _as_tensor(cx, v, element=None):
    """A subgraph output as a tensor (Python numbers become constants), converted to
    `element` when given."""
    if not isinstance(v, ir.Value):
        v = cx.const(v, "i1" if isinstance(v, bool) else "i64" if isinstance(v, int) else "f32")
    return v if element is None else to_element(cx, v, element)


def _out_types(cx):
    """The node's result types, one per output of its tuple."""
    val = cx.val
    return [cx.out_type(i) for i in range(len(val))]


def _fill_branch(cx, region, gm, inputs, elements, types=None):
    """`types`: the if's result types; a branch result of other (static) sizes than a `?` size of
    its type (torch.cond's branches may differ in size) is recast to it."""
    block = region.blocks.append()
    with ir.InsertionPoint(block):
        outs = cx.importer.convert_graph(gm, list(inputs))
        outs = [_as_tensor(cx, v, e) for v, e in zip(outs, elements)]
        if types is not None:
            outs = [_recast(cx, v, t) for v, t in zip(outs, types)]
        cx.op("return", outs, result_types=[])


def _recast(cx, v, t: str):
    if str(v.type) == t:
        return v
    return cx.op("dynamic_reshape", v, cx.shape_tensor(cx.sizes_of(v)), result_types=[t])


def _pred(cx, pred):
    """cond's predicate as a rank-0 i1 tensor."""
    if cx.rank(pred):
        pred = cx.reshape(pred, [])
    return to_element(cx, pred, "i1")


@converts("higher_order.cond")
def cond(cx, pred, true_gm, false_gm, operands=()):
    operands = list(operands)
    if not isinstance(pred, ir.Value):   # decided at export time: inline the branch taken
        return tuple(cx.importer.convert_graph(true_gm if pred else false_gm, operands))
    elements = [cx.out_element(i) for i in range(len(cx.val))]
    types = _out_types(cx)
    op = cx.region_op("if", _pred(cx, pred), result_types=types)
    _fill_branch(cx, op.regions[0], true_gm, operands, elements, types)
    _fill_branch(cx, op.regions[1], false_gm, operands, elements, types)
    return tuple(op.results)


def _loop_state(cx, values):
    """Loop state values as tensors: symbolic / Python ints become rank-0 i64 tensors."""
    return [_as_tensor(cx, v) for v in values]


@converts("higher_order.while_loop")
def while_loop(cx, cond_gm, body_gm, carried, additional=()):
    """A body that draws random numbers gets an iteration counter as an extra loop state (see
    creation._iteration_state). Index checks of the cond function (checks.py) are evaluated
    before the loop and at the end of the body, on the state the cond block sees next; their
    predicates and values are the last loop state, the cond block requires the predicates, and
    they are checked after the loop. Checks in regions of the cond function (a torch.cond in it)
    are emitted there, in the evaluations before the loop and in the body, and hoist_checks moves
    them out (the body's ones as the while's own state, also required by its cond block)."""
    carried, additional = _loop_state(cx, list(carried)), list(additional)
    counted = has_random_ops(body_gm)
    elements = [cx.element(v) for v in carried]
    n = len(carried)

    def cond_checks(state):
        with collected(cx.importer) as found:
            cx.importer.convert_graph(cond_gm, list(state) + additional)
        return found

    checked = _cond_has_checks(cx, carried, cond_checks)
    first = cond_checks(carried) if checked else []
    m = n + counted
    state = carried + ([cx.const(0, "i64")] if counted else []) + _check_state(first)

    def going(*args):
        with unchecked(cx.importer):      # a check cannot leave a while's cond block (checks.py)
            (c,) = cx.importer.convert_graph(cond_gm, list(args[:n]) + additional)
        go = _pred(cx, _as_tensor(cx, c))
        for k in range(len(first)):
            go = cx.op("and", go, args[_check_slot(first, k, m)])
        return go

    def step(*args):
        args = list(args)
        with _iteration(cx, args[n] if counted else None):
            outs = cx.importer.convert_graph(body_gm, args[:n] + additional)
        outs = [_as_tensor(cx, v, e) for v, e in zip(outs, elements)]
        if counted:
            outs.append(cx.op("add", args[n], cx.const(1, "i64")))
        if checked:
            outs += _check_state(cond_checks(outs[:n]))
        return outs
    results = cx.while_loop(state, going, step)
    for k, c in enumerate(first):
        at = _check_slot(first, k, m)
        emit_check(cx, c._replace(pred=results[at], values=results[at + 1:at + 1 + len(c.values)]))
    return tuple(results[:n])


def _cond_has_checks(cx, carried, cond_checks) -> bool:
    """Whether the cond function makes any index check (collected, or emitted in a region of it),
    found by converting it in a scratch block that is thrown away (most cond functions compare a
    counter: no check, no copy)."""
    scratch = cx.region_op("while", [])
    block = scratch.regions[0].blocks.append(*[v.type for v in carried])
    with cx.throwaway_blocks(), ir.InsertionPoint(block):
        found = cond_checks(block.arguments)
    nested = contains_checks(scratch)
    scratch.erase()
    return bool(found) or nested


def _check_state(checks) -> list:
    return [v for c in checks for v in (c.pred, *c.values)]


def _check_slot(checks, k: int, start: int) -> int:
    """The loop state index of check k's predicate (its values follow it)."""
    return start + sum(1 + len(c.values) for c in checks[:k])


@contextlib.contextmanager
def _iteration(cx, i):
    """Random ops converted inside see the loop's iteration number `i` (None: no loop)."""
    if i is None:
        yield
        return
    stack = getattr(cx.importer, "loop_iterations", [])
    cx.importer.loop_iterations = stack + [i]
    try:
        yield
    finally:
        cx.importer.loop_iterations = stack


def _row_loop(cx, gm, carries, xs, args, first_y):
    """A while loop over the rows of xs: step i runs gm(*carries, *xs[i], *args), whose outputs
    are the next carries and then one row of each stacked output (the node's outputs from
    `first_y` on). The state is the counter, the carries and the stacked buffers (zeros, one
    row written per step). Returns the final carries and the buffers."""
    n = cx.sizes_of(xs[0])[0]
    if not isinstance(n, int) or not all(isinstance(s, int) for v in xs for s in cx.sizes_of(v)):
        raise cx.error("looping over tensors with symbolic sizes is not supported")
    ys = range(first_y, len(cx.val))
    y_sizes = [cx.out_sizes(i) for i in ys]
    if not all(isinstance(s, int) for sizes in y_sizes for s in sizes):
        raise cx.error("stacked results with symbolic sizes are not supported")
    carries = [_as_tensor(cx, c) for c in carries]
    buffers = [cx.const(0, cx.out_element(i), sizes) for i, sizes in zip(ys, y_sizes)]
    state = [cx.const(0, "i64")] + carries + buffers

    def step(*state_args):
        state_args = list(state_args)
        i, cs, bufs = state_args[0], state_args[1:1 + len(carries)], state_args[1 + len(carries):]
        with _iteration(cx, i):
            outs = cx.importer.convert_graph(gm, cs + [_row(cx, x, i) for x in xs] + list(args))
        new_carries = [_as_tensor(cx, v, cx.element(c)) for v, c in zip(outs, carries)]
        zero = cx.const(0, "i64")
        new_bufs = []
        for buf, out, sizes in zip(bufs, outs[len(carries):], y_sizes):
            out = _as_tensor(cx, out, cx.element(buf))
            row = cx.reshape(cx.broadcast(out, sizes[1:]), [1] + sizes[1:])
            new_bufs.append(cx.op("dynamic_update_slice", buf, row, [i] + [zero] * (len(sizes) - 1)))
        return [cx.op("add", i, cx.const(1, "i64"))] + new_carries + new_bufs
    return tuple(cx.while_loop(
        state, lambda i, *_: cx.op("compare", i, cx.const(n, "i64"), comparison_direction="LT"), step)[1:])


@converts("higher_order.map_impl")
def map_impl(cx, body_gm, xs, args):
    """body applied to every row xs[i], the results stacked."""
    return _row_loop(cx, body_gm, [], list(xs), list(args), 0)


@converts("higher_order.scan")
def scan(cx, combine_gm, init, xs, additional_inputs=()):
    """combine(carry, xs[i]) -> (carry, y_i) over the rows (torch's wrapper has already moved
    the scanned dimension first and flipped xs for reverse=True): the final carry and the
    stacked ys."""
    init = list(init)
    return _row_loop(cx, combine_gm, init, list(xs), list(additional_inputs), len(init))


def _row(cx, x, i):
    """x[i] (i a rank-0 i64 value)."""
    sizes = cx.sizes_of(x)
    zero = cx.const(0, "i64")
    s = cx.op("dynamic_slice", x, [i] + [zero] * (len(sizes) - 1), slice_sizes=[1] + sizes[1:])
    return cx.reshape(s, sizes[1:])


@converts("higher_order.wrap_with_set_grad_enabled")
def wrap_with_set_grad_enabled(cx, enabled, gm, *args):
    """Gradient mode changes nothing in a forward program: the subgraph inline."""
    return tuple(cx.importer.convert_graph(gm, list(args)))


@converts("higher_order.wrap_with_autocast")
def wrap_with_autocast(cx, device_type, dtype, enabled, cache_enabled, gm, *args):
    """The subgraph inline, its results converted to the dtypes autocast gave them. The casts
    autocast inserts inside the region are not replayed (the decomposed program, the default,
    has them explicitly and no wrapper): the region computes in its inputs' precision."""
    outs = cx.importer.convert_graph(gm, list(args))
    return tuple(_as_tensor(cx, v, cx.out_element(i)) if hasattr(cx.val[i], "dtype") else v
                 for i, v in enumerate(outs))

