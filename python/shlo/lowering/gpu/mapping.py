"""The GPU mapping of a bufferized entry function: which code runs where, on how many threads.

After bufferization and `convert-linalg-to-parallel-loops`, the entry function is a straight
line of allocations, views and loop nests. Three rewrites, all on that function's top level:

* `parallel_dims_first` (before the loops are made): a linalg.generic's parallel dimensions
  move outermost, so that its loop nest is one scf.parallel over every parallel dimension with
  the reductions as sequential loops inside (each thread reduces its own output element).
* `map_loops`: each top-level scf.parallel becomes a two-level nest over the flattened
  iteration space, `blocks x THREADS`, the outer mapped to `block_x` and the inner to
  `thread_x` (the `#gpu.loop_dim_map` attributes `convert-parallel-loops-to-gpu` reads), with
  a bound check for the partial last block. Every other top-level op that touches memory (a
  sequential loop nest, a while loop, a copy) runs in a kernel of one block of one thread: a
  correct schedule for code with no parallel loop, not a fast one.
* views (subviews, reshapes, casts) that a kernel reads are cloned into it, so that kernels
  only receive whole buffers (arguments, allocations, constants) and the host side stays a
  plain list of launches (see plan.py).

Before `convert-parallel-loops-to-gpu` the mapped form is ordinary scf and runs on the CPU:
`compiler.cpu_check` does that to test this mapping against the interpreter without a GPU.
"""
from __future__ import annotations

import re

from mlir import ir

from ...errors import CompileError
from .loops import _inside
from .irop import operation_of as _op

THREADS = 256

# Ops that stay on the host: they allocate, name constants, or compute views and sizes
# without touching memory. Everything else at the top level runs in a kernel.
HOST_OPS = {"memref.alloc", "memref.alloca", "memref.get_global", "memref.dealloc", "func.return",
            "arith.constant", "memref.dim"}
VIEW_OPS = {"memref.subview", "memref.collapse_shape", "memref.expand_shape", "memref.reinterpret_cast",
            "memref.cast", "memref.transpose", "memref.view", "memref.extract_strided_metadata"}
PURE_SCALAR_DIALECTS = ("arith.", "index.", "math.", "complex.", "affine.apply", "affine.min", "affine.max")



# ----------------------------------------------------------------------------- distinct results

def distinct_results(func: ir.Operation) -> int:
    """A buffer returned twice gets a copy for each repeat: `buffer-results-to-out-params`
    (hoisting static allocations) crashes MLIR 22.1.8 on a function returning one allocation
    twice. Returns how many copies were made."""
    from mlir.dialects import memref
    n = 0
    for block in func.regions[0].blocks:
        ret = _op(list(block.operations)[-1])
        if ret.name != "func.return":
            continue
        seen = []
        for i, v in enumerate(list(ret.operands)):
            if not isinstance(v.type, ir.MemRefType) or not any(v == w for w in seen):
                seen.append(v)
                continue
            t = ir.MemRefType(v.type)
            with ir.InsertionPoint(ret), ret.location:
                fresh = memref.AllocOp(ir.MemRefType.get(t.shape, t.element_type), [], []).result
                memref.CopyOp(v, fresh)
            ret.operands[i] = fresh
            n += 1
    return n


# ----------------------------------------------------------------------------- copies

def copies_to_linalg(func: ir.Operation) -> int:
    """Every memref.copy becomes a linalg.copy, so that it is made a parallel loop like any
    other linalg op (a memref.copy left alone would be one thread's memcpy)."""
    from mlir.dialects import linalg
    n = 0
    for op in _walk_ops(func):
        if op.name == "memref.copy":
            with ir.InsertionPoint(op), op.location:
                linalg.copy(op.operands[0], outs=[op.operands[1]])
            op.erase()
            n += 1
    return n


def _walk_ops(op: ir.Operation) -> list:
    out = []
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                inner = _op(inner)
                out.append(inner)
                out += _walk_ops(inner)
    return out


# ----------------------------------------------------------------------------- parallel first

def parallel_dims_first(func: ir.Operation) -> int:
    """Permutes the loops of every linalg.generic in `func` so its parallel dimensions come
    first (in their order), then its reductions. Returns how many ops changed."""
    changed = 0
    for block in func.regions[0].blocks:
        for op in list(block.operations):
            op = _op(op)
            changed += _walk_generics(op)
    return changed


def _walk_generics(op: ir.Operation) -> int:
    n = 0
    if op.name == "linalg.generic":
        n += _interchange(op)
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                n += _walk_generics(_op(inner))
    return n


def _iterator_kinds(op: ir.Operation) -> list:
    return ["parallel" if "parallel" in str(a) else "reduction" for a in ir.ArrayAttr(op.attributes["iterator_types"])]


def _interchange(op: ir.Operation) -> int:
    kinds = _iterator_kinds(op)
    order = [i for i, k in enumerate(kinds) if k == "parallel"] + [i for i, k in enumerate(kinds) if k != "parallel"]
    if order == list(range(len(kinds))):
        return 0
    new_of_old = {old: new for new, old in enumerate(order)}
    maps = []
    for m in ir.ArrayAttr(op.attributes["indexing_maps"]):
        text = str(ir.AffineMapAttr(m).value)
        lhs, rhs = text.split("->", 1)
        rhs = re.sub(r"\bd(\d+)\b", lambda mt: f"D{new_of_old[int(mt.group(1))]}", rhs).replace("D", "d")
        maps.append(f"affine_map<{lhs}->{rhs}>")
    op.attributes["indexing_maps"] = ir.Attribute.parse("[" + ", ".join(maps) + "]")
    op.attributes["iterator_types"] = ir.Attribute.parse(
        "[" + ", ".join(f"#linalg.iterator_type<{kinds[old]}>" for old in order) + "]")
    i64 = ir.IntegerType.get_signless(64)

    def remap_index(o: ir.Operation):
        if o.name == "linalg.index":
            o.attributes["dim"] = ir.IntegerAttr.get(i64, new_of_old[ir.IntegerAttr(o.attributes["dim"]).value])
        for region in o.regions:
            for block in region.blocks:
                for inner in block.operations:
                    remap_index(_op(inner))
    for block in op.regions[0].blocks:
        for inner in block.operations:
            remap_index(_op(inner))
    return 1


# ----------------------------------------------------------------------------- loops to blocks/threads

def _loop_map(processor: str) -> ir.Attribute:
    return ir.Attribute.parse(f"[#gpu.loop_dim_map<processor = {processor}, map = (d0) -> (d0), "
                              f"bound = (d0) -> (d0)>]")


def _index_const(value: int) -> ir.Value:
    from mlir.dialects import arith
    return arith.ConstantOp(ir.IndexType.get(), value).result


def _parallel(lb: ir.Value, ub: ir.Value, step: ir.Value, processor: str) -> tuple:
    """An scf.parallel over one dimension mapped to `processor`; returns (op, iv, terminator)."""
    op = ir.Operation.create("scf.parallel", results=[], operands=[lb, ub, step],
                             attributes={"operandSegmentSizes": ir.DenseI32ArrayAttr.get([1, 1, 1, 0]),
                                         "mapping": _loop_map(processor)}, regions=1)
    block = op.regions[0].blocks.append(ir.IndexType.get())
    with ir.InsertionPoint(block):
        term = ir.Operation.create("scf.reduce", results=[], operands=[],
                                   attributes={}, regions=0)
    return op, block.arguments[0], term


def _static_trip_counts(op: ir.Operation, n: int):
    """Trip counts of the loop's dimensions as ints where static, else Values (computed here)."""
    from mlir.dialects import arith
    lbs, ubs, steps = list(op.operands[:n]), list(op.operands[n:2 * n]), list(op.operands[2 * n:3 * n])
    counts = []
    for lb, ub, st in zip(lbs, ubs, steps):
        c = [_const_int(v) for v in (lb, ub, st)]
        if None not in c:
            counts.append(max(0, -(-(c[1] - c[0]) // c[2])))
        else:
            span = arith.SubIOp(ub, lb).result
            counts.append(arith.CeilDivUIOp(span, st).result)
    return lbs, steps, counts


def _const_int(v: ir.Value):
    owner = v.owner
    if isinstance(owner, ir.Block):
        return None
    owner = _op(owner)
    if owner.name != "arith.constant":
        return None
    try:
        return ir.IntegerAttr(owner.attributes["value"]).value
    except (ValueError, TypeError):
        return None


def _as_value(x) -> ir.Value:
    return _index_const(x) if isinstance(x, int) else x


def map_parallel(op: ir.Operation, threads: int = THREADS) -> None:
    """Rewrites top-level scf.parallel `op` (no reductions, no results) into blocks x threads
    over its flattened iteration space."""
    from mlir.dialects import arith, scf
    n = len(list(op.regions[0].blocks[0].arguments))
    with ir.InsertionPoint(op), op.location:
        lbs, steps, counts = _static_trip_counts(op, n)
        if all(isinstance(c, int) for c in counts):
            total = 1
            for c in counts:
                total *= c
            nthreads = min(threads, max(1, -(-total // 32) * 32))
            nblocks = -(-total // nthreads)
            total_v = _index_const(total)
            blocks_v = _index_const(nblocks)
        else:
            nthreads = threads
            total_v = _as_value(counts[0])
            for c in counts[1:]:
                total_v = arith.MulIOp(total_v, _as_value(c)).result
            blocks_v = arith.CeilDivUIOp(total_v, _index_const(nthreads)).result
        zero, one = _index_const(0), _index_const(1)
        outer, bid, outer_term = _parallel(zero, blocks_v, one, "block_x")
    with ir.InsertionPoint(outer_term), op.location:
        inner, tid, inner_term = _parallel(zero, _index_const(nthreads), one, "thread_x")
    with ir.InsertionPoint(inner_term), op.location:
        flat = arith.AddIOp(arith.MulIOp(bid, _index_const(nthreads)).result, tid).result
        inside = arith.CmpIOp(arith.CmpIPredicate.ult, flat, total_v).result
        guard = scf.IfOp(inside)
    with ir.InsertionPoint(guard.then_block), op.location:
        yield_ = scf.YieldOp([])
    with ir.InsertionPoint(yield_), op.location:
        rest, ivs = flat, [None] * n
        for k in reversed(range(n)):
            c = _as_value(counts[k])
            idx = arith.RemUIOp(rest, c).result if k else rest
            if k:
                rest = arith.DivUIOp(rest, c).result
            iv = arith.AddIOp(_as_value(lbs[k]) if not isinstance(lbs[k], ir.Value) else lbs[k],
                              arith.MulIOp(idx, steps[k]).result).result
            ivs[k] = iv
    body = op.regions[0].blocks[0]
    for old, new in zip(body.arguments, ivs):
        old.replace_all_uses_with(new)
    for inner_op in list(body.operations):
        inner_op = _op(inner_op)
        if inner_op.name == "scf.reduce":
            continue
        inner_op.move_before(_op(yield_))
    op.erase()


def wrap_serial(ops: list) -> None:
    """Moves `ops` (top-level ops, in order) into a kernel of one block of one thread placed
    where the last of them was: host ops between them (allocations) then come before it."""
    last = ops[-1]
    with ir.InsertionPoint.after(last), last.location:
        zero, one = _index_const(0), _index_const(1)
        outer, _, outer_term = _parallel(zero, one, one, "block_x")
    with ir.InsertionPoint(outer_term), last.location:
        inner, _, inner_term = _parallel(zero, one, one, "thread_x")
    for o in ops:
        o.move_before(inner_term)
        if o.name == "scf.parallel" and not o.results:
            o = _parallel_to_for(o)
        _sequential_inside(o)


def _sequential_inside(op: ir.Operation) -> None:
    """Parallel loops inside a one-thread kernel (a branch's element-wise op) become
    sequential scf.for nests: `convert-parallel-loops-to-gpu` maps no loop nested after an op
    with side effects, even one marked sequential."""
    for region in op.regions:
        for block in region.blocks:
            for inner in list(block.operations):
                inner = _op(inner)
                if inner.name == "scf.parallel" and not inner.results:
                    inner = _parallel_to_for(inner)
                _sequential_inside(inner)


def _parallel_to_for(par: ir.Operation) -> ir.Operation:
    """scf.parallel (no reductions) -> the same iterations as nested scf.for; returns the
    outermost for."""
    from mlir.dialects import scf
    n = len(list(par.regions[0].blocks[0].arguments))
    lbs, ubs, steps = list(par.operands[:n]), list(par.operands[n:2 * n]), list(par.operands[2 * n:3 * n])
    ivs, outer, point = [], None, ir.InsertionPoint(par)
    for k in range(n):
        with point, par.location:
            loop = scf.ForOp(lbs[k], ubs[k], steps[k])
            with ir.InsertionPoint(loop.body):
                scf.YieldOp([])
        outer = outer or loop
        ivs.append(loop.induction_variable)
        point = ir.InsertionPoint(_op(list(loop.body.operations)[-1]))
    body = par.regions[0].blocks[0]
    for old, new in zip(body.arguments, ivs):
        old.replace_all_uses_with(new)
    target = _op(list(loop.body.operations)[-1])
    for o in list(body.operations):
        o = _op(o)
        if o.name != "scf.reduce":
            o.move_before(target)
    par.erase()
    return _op(outer)


# ----------------------------------------------------------------------------- the whole function

def _touches_memory_or_loops(op: ir.Operation) -> bool:
    if op.name in HOST_OPS or op.name in VIEW_OPS:
        return False
    if op.name.startswith(PURE_SCALAR_DIALECTS) and not op.regions:
        return False
    return True


def map_function(func: ir.Operation, threads: int = THREADS) -> dict:
    """Maps every top-level op of `func` to GPU blocks / threads (see the module docstring).
    Returns counts: parallel loops mapped, serial kernels made.

    Serial ops gather into one one-thread kernel until a parallel loop comes; a scalar or view
    op that uses a value computed in the pending kernel joins it (it cannot run on the host),
    other host ops stay where they are."""
    block = func.regions[0].blocks[0]
    stats = {"parallel": 0, "serial": 0}
    pending: list = []

    def flush():
        if pending:
            _own_views(block, pending)
            shared.extend(_spill_escaping(pending))
            wrap_serial(list(pending))
            stats["serial"] += 1
            pending.clear()

    shared = []
    for op in list(block.operations):
        op = _op(op)
        if op.name in ("gpu.launch", "scf.forall"):      # scheduled already (schedules.py)
            flush()
        elif _shareable(op, shared):
            shared.append(op)
        elif pending and _uses_buffer_of(op, pending):
            pending.append(op)          # a buffer made on the device (a branch's result) cannot leave it
        elif op.name == "scf.parallel" and not op.results and _reduce_is_empty(op):
            flush()
            map_parallel(op, threads)
            stats["parallel"] += 1
        elif _touches_memory_or_loops(op):
            pending.append(op)
        elif op.name not in VIEW_OPS and op.name != "func.return" and pending and _uses_any(op, pending):
            pending.append(op)
    flush()
    for op in reversed(_sinkable(block, shared)):
        _sink_into_kernels(op)
    for op in list(block.operations):
        op = _op(op)
        if op.name in ("scf.parallel", "gpu.launch", "scf.forall"):
            stats["registers"] = stats.get("registers", 0) + _promote_accumulators(op)
    return stats


# ----------------------------------------------------------------------------- accumulators in registers

def _promote_accumulators(op: ir.Operation) -> int:
    """Every reduction loop in `op` (innermost first) that loads and stores one element at
    indices fixed for the loop (a thread's output element: C[i, j] of a matmul) carries it in a
    register instead: one load before the loop, one store after. Without this each iteration
    goes to global memory twice, and LLVM cannot tell the output from the inputs."""
    n = 0
    for region in op.regions:
        for block in region.blocks:
            for inner in list(block.operations):
                n += _promote_accumulators(_op(inner))
    if op.name == "scf.for":
        while True:
            pair = _accumulator(op)
            if pair is None:
                break
            op = _carry(op, *pair)
            n += 1
    return n


def _accumulator(loop: ir.Operation):
    """(load, store) of one element the loop body reads, updates and writes back, or None."""
    body = loop.regions[0].blocks[0]
    ops = [_op(o) for o in body.operations]
    for load in ops:
        if load.name != "memref.load":
            continue
        mem, idx = load.operands[0], list(load.operands[1:])
        if not all(_defined_outside(v, loop) for v in [mem] + idx):
            continue
        stores = [o for o in ops if o.name == "memref.store" and o.operands[1] == mem]
        if len(stores) != 1 or not load.is_before_in_block(stores[0]):
            continue
        store = stores[0]
        if len(list(store.operands[2:])) != len(idx) or any(a != b for a, b in zip(store.operands[2:], idx)):
            continue
        if _other_uses_inside(mem, loop, (load, store)):
            continue
        return load, store
    return None


def _defined_outside(v: ir.Value, loop: ir.Operation) -> bool:
    owner = v.owner
    if isinstance(owner, ir.Block):
        return not _inside(_op(owner.owner), loop) if owner.owner is not None else True
    return not _inside(_op(owner), loop)


def _other_uses_inside(mem: ir.Value, loop: ir.Operation, allowed) -> bool:
    for use in mem.uses:
        user = _op(use.owner)
        if _inside(user, loop) and not any(user == a for a in allowed):
            return True
    return False


def _carry(loop: ir.Operation, load: ir.Operation, store: ir.Operation) -> ir.Operation:
    """`loop` rebuilt with the element as one more iter_arg; returns the new loop."""
    from mlir.dialects import memref, scf
    body = loop.regions[0].blocks[0]
    lb, ub, step = loop.operands[0], loop.operands[1], loop.operands[2]
    inits = list(loop.operands[3:])
    mem, idx = load.operands[0], list(load.operands[1:])
    with ir.InsertionPoint(loop), loop.location:
        first = memref.LoadOp(mem, idx).result
        new = scf.ForOp(lb, ub, step, inits + [first])
    new_body = new.body
    old_args = list(body.arguments)
    new_args = list(new_body.arguments)
    for old, fresh in zip(old_args, new_args[:len(old_args)]):
        old.replace_all_uses_with(fresh)
    load.results[0].replace_all_uses_with(new_args[-1])
    value = store.operands[0]
    old_yield = _op(list(body.operations)[-1])
    yielded = list(old_yield.operands)
    # Move the remaining ops (in order) into the new body, then yield.
    moving = [_op(o) for o in body.operations if not (_op(o) == old_yield or _op(o) == load or _op(o) == store)]
    for o in moving:
        o.detach_from_parent()
        new_body.append(o)
    with ir.InsertionPoint(new_body), loop.location:
        scf.YieldOp(yielded + [value])
    for old_r, new_r in zip(loop.results, list(new.results)[:-1]):
        old_r.replace_all_uses_with(new_r)
    with ir.InsertionPoint.after(_op(new)), loop.location:
        memref.StoreOp(list(new.results)[-1], mem, idx)
    store.erase()
    load.erase()
    loop.erase()
    return _op(new)


def _sinkable(block: ir.Block, shared: list) -> list:
    """The top-level ops each kernel that uses them computes for itself, in order: the shared
    scalars, pure scalar ops of them, and views whose offsets or sizes are such scalars."""
    out = list(shared)
    for op in block.operations:
        op = _op(op)
        if any(op == s for s in shared):
            continue
        scalars = [v for v in op.operands if not isinstance(v.type, ir.MemRefType)]
        if op.name in VIEW_OPS and scalars and all(_is_shared(v, out) or _const_int(v) is not None for v in scalars) \
                and any(_is_shared(v, out) for v in scalars):
            out.append(op)
        elif op.name.startswith(PURE_SCALAR_DIALECTS) and not op.regions and op.results and op.operands \
                and all(_is_shared(v, out) for v in op.operands):
            out.append(op)
    order = {}
    for i, op in enumerate(block.operations):
        order[i] = _op(op)
    return sorted(out, key=lambda o: next(i for i, x in order.items() if x == o))


def _shareable(op: ir.Operation, shared: list) -> bool:
    """A scalar that every kernel using it may compute for itself: a load from a buffer no
    kernel writes (an input argument, a constant) or a pure scalar op of such values. Loaded
    once per kernel rather than passed from one kernel to another, which the host cannot do."""
    if op.name == "memref.load":
        src = op.operands[0]
        owner = src.owner
        if isinstance(owner, ir.Block):
            func = _op(owner.owner)
            attrs = ir.ArrayAttr(func.attributes["arg_attrs"]) if "arg_attrs" in func.attributes else None
            if attrs is not None and "bufferize.result" in str(attrs[src.arg_number]):
                return False
            return all(_defined_outside_or_shared(v, shared) for v in op.operands[1:])
        return _op(owner).name == "memref.get_global" and \
            all(_defined_outside_or_shared(v, shared) for v in op.operands[1:])
    if op.name.startswith(PURE_SCALAR_DIALECTS) and not op.regions and op.results:
        return all(_is_shared(v, shared) for v in op.operands)
    return False


def _is_shared(v: ir.Value, shared: list) -> bool:
    owner = v.owner
    return not isinstance(owner, ir.Block) and any(_op(owner) == s for s in shared)


def _defined_outside_or_shared(v: ir.Value, shared: list) -> bool:
    """Index operands of a shareable load: constants, host scalars, or shared values. A pure
    scalar op counts only when its own operands do: one of a value loaded inside a one-thread
    kernel (from a buffer a kernel wrote) must stay in that kernel with the load using it."""
    todo, seen = [v], []
    while todo:
        v = todo.pop()
        owner = v.owner
        if isinstance(owner, ir.Block):
            continue
        o = _op(owner)
        if o.name == "arith.constant" or _is_shared(v, shared) or any(o == s for s in seen):
            continue
        if not (o.name.startswith(PURE_SCALAR_DIALECTS) and not o.regions):
            return False
        seen.append(o)
        todo.extend(o.operands)
    return True


def _sink_into_kernels(op: ir.Operation) -> None:
    """Clones top-level `op` into each kernel (outer scf.parallel) that uses it, once per kernel;
    erases it when no use is left. (A constant has thousands of uses in deep loop nests: one
    clone per use, each followed by a walk over all uses, made this quadratic.)"""
    kernels = []            # [(kernel, [(user, operand number, result index)])], in first-use order
    for i, r in enumerate(op.results):
        for use in list(r.uses):
            user = _op(use.owner)
            top = user
            while top.parent is not None and _op(top.parent).name != "func.func":
                top = _op(top.parent)
            if top.name != "scf.parallel" or top == op:
                continue
            entry = next((e for e in kernels if e[0] == top), None)
            if entry is None:
                entry = (top, [])
                kernels.append(entry)
            entry[1].append((user, use.operand_number, i))
    for top, uses in kernels:
        inner = _op(list(top.regions[0].blocks[0].operations)[0])
        target = inner.regions[0].blocks[0] if inner.name == "scf.parallel" else top.regions[0].blocks[0]
        clone = op.clone(ir.InsertionPoint(_op(list(target.operations)[0])))
        for user, number, i in uses:
            user.operands[number] = clone.results[i]
    if all(not list(r.uses) for r in op.results):
        op.erase()


def _uses_buffer_of(op: ir.Operation, ops: list) -> bool:
    """Whether `op` (or an op nested in it) uses a memref that one of `ops` results in."""
    made = [r for o in ops for r in o.results if isinstance(r.type, ir.MemRefType)]
    if not made:
        return False

    def visit(o: ir.Operation) -> bool:
        if any(v == m for v in o.operands for m in made):
            return True
        return any(visit(_op(inner)) for region in o.regions for block in region.blocks
                   for inner in block.operations)
    return visit(op)


def _uses_any(op: ir.Operation, ops: list) -> bool:
    for v in op.operands:
        owner = v.owner
        if isinstance(owner, ir.Block):
            continue
        if any(_op(owner) == o for o in ops):
            return True
    return False


def _reduce_is_empty(op: ir.Operation) -> bool:
    term = _op(list(op.regions[0].blocks[0].operations)[-1])
    return term.name == "scf.reduce" and not term.operands


def _own_views(block: ir.Block, ops: list) -> None:
    """A view at the top level whose offsets or sizes one-thread kernel `ops` computes (an
    scf.while's result) and that the kernel itself reads gets a copy inside the kernel, made from
    the values computed there. The view left outside reads them back from memory once the
    kernel has stored them (_spill_escaping), which is after the kernel: without the copy, the
    kernel would read a view of a value not yet loaded (invalid IR)."""
    inside, between, copies = list(ops), False, []     # copies: [(original, copy)], block order
    for o in list(block.operations):
        o = _op(o)
        if o == ops[0]:
            between = True
        if not between:
            continue
        if o == ops[-1]:
            break
        if o.name not in VIEW_OPS or any(o == x for x in inside):
            continue
        from_kernel = [v for v in o.operands if not isinstance(v.owner, ir.Block)
                       and (any(_op(v.owner) == x for x in inside) or any(_op(v.owner) == c[0] for c in copies))]
        if not from_kernel:
            continue
        copy = o.clone(ir.InsertionPoint(o))
        for i, v in enumerate(list(copy.operands)):
            owner = v.owner
            if isinstance(owner, ir.Block):
                continue
            mate = next((c for orig, c in copies if _op(owner) == orig), None)
            if mate is not None:
                copy.operands[i] = mate.results[list(_op(owner).results).index(v)]
        copies.append((o, copy))
    for orig, copy in copies:
        for k, r in enumerate(orig.results):
            for use in list(r.uses):
                if _within(_op(use.owner), ops):
                    _op(use.owner).operands[use.operand_number] = copy.results[k]
    for orig, copy in reversed(copies):          # copies no op of the kernel reads are dropped
        if all(not list(r.uses) for r in copy.results):
            copy.erase()
            continue
        at = sum(1 for x in ops if x.is_before_in_block(copy))
        ops.insert(at, copy)
    anchor = ops[-1]
    for orig, _ in copies:      # after the kernel, where the values are read back, so _sinkable
        if all(not list(r.uses) for r in orig.results):         # meets them first
            continue
        orig.move_after(anchor)
        anchor = orig
    for orig, _ in reversed(copies):
        if all(not list(r.uses) for r in orig.results):
            orig.erase()


def _spill_escaping(ops: list) -> list:
    """Scalars that one-thread kernel `ops` computes and later code uses go through memory: a
    one-element buffer allocated on the host, stored in the kernel, and loaded again by each
    kernel that uses the value (the loads are returned, to be sunk like shared values). Other
    values cannot leave a kernel: refuse them by name."""
    from mlir.dialects import memref
    spills = []
    for o in list(ops):
        for r in o.results:
            outside = [u for u in r.uses if not _within(_op(u.owner), ops)]
            if not outside:
                continue
            if not _is_scalar(r.type):
                user = _op(outside[0].owner)
                raise CompileError(f"target 'cuda': the value of {o.name} ({o.location}) is made on the device "
                                   f"and used outside its kernel (by {user.name}); not supported yet")
            with ir.InsertionPoint(ops[0]), o.location:
                cell = memref.AllocOp(ir.MemRefType.get([], r.type), [], []).result
            with ir.InsertionPoint.after(o), o.location:
                store = memref.StoreOp(r, cell, [])
            ops.insert(ops.index(o) + 1, _op(store))
            spills.append((r, cell, outside))
    loads = []
    for r, cell, outside in spills:
        with ir.InsertionPoint.after(ops[-1]), r.owner.location:
            load = memref.LoadOp(cell, [])
        for u in outside:
            _op(u.owner).operands[u.operand_number] = load.result
        loads.append(_op(load))
    return loads


def _is_scalar(t: ir.Type) -> bool:
    return isinstance(t, (ir.IntegerType, ir.IndexType, ir.F16Type, ir.BF16Type, ir.F32Type, ir.F64Type,
                          ir.ComplexType)) or str(t).startswith("f8")


def _within(op: ir.Operation, ops: list) -> bool:
    while op is not None:
        if any(op == o for o in ops):
            return True
        parent = op.parent
        op = _op(parent) if parent is not None else None
    return False
