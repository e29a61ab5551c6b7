"""Loops that carry buffers carry host buffers, and loop bodies allocate nothing on the device.

Bufferized `scf.while` / `scf.for` loops may yield a buffer other than the one they were given
(one allocated in the body, one from outside, or another carried buffer: a threefry round
passes its state words around), so their results are known only where the loop ran: in a GPU
kernel (sequential code runs in one-thread kernels). The host cannot hand such a buffer to the
next kernel. `stable_loop_buffers` gives each carried buffer a home the host allocates before
the loop: the loop starts from a copy of its initial value there, every `scf.condition` /
`scf.yield` copies the buffers it passes on into the homes, and the loop's results are the
homes. The copies at a terminator are one parallel assignment: a source that may read a home
(a carried buffer, a view of one, or anything not known to be a fresh buffer) is first copied
into a temporary, so that no home is overwritten before it is read (the carried state of a
rotation). A home of a dynamic shape is sized on the host from the loop's initial value (a
carried buffer keeps its sizes from iteration to iteration, as the while loops of JAX and
PyTorch exports do); the body's sizes of carried buffers become the homes' sizes. A while
loop whose condition passes on other values than it carries gets homes for both sides. Loops whose
carried buffers have layouts a home cannot be cast to are left as they are.

`hoist_allocations` then moves allocations out of loops and branches to the host (the plan's
temporaries) where their sizes are known before the loop or branch (with the size arithmetic):
in a kernel they would be device-side `malloc`s nobody frees. `free_kernel_allocations` frees
those that stay (sizes computed in the loop) at the end of the block that made them.
Only buffers that no loop carries to its next iteration are moved (one buffer serves every
iteration), and none from parallel loops (each thread needs its own).
"""
from __future__ import annotations

from mlir import ir
from .irop import operation_of as _op

VIEW_OPS = {"memref.cast", "memref.subview", "memref.collapse_shape", "memref.expand_shape",
            "memref.reinterpret_cast", "memref.transpose", "memref.view"}
FRESH_OPS = {"memref.alloc", "memref.alloca", "memref.get_global"}
BRANCH_OPS = {"scf.if", "scf.index_switch", "scf.execute_region"}
PARALLEL_OPS = {"scf.forall", "scf.parallel", "gpu.launch"}
DYNAMIC = -(2 ** 63)



def _is_memref(t: ir.Type) -> bool:
    return isinstance(t, ir.MemRefType)


def stable_loop_buffers(func: ir.Operation) -> int:
    """Rewrites the top-level while and for loops of `func`; returns how many were rewritten."""
    n = 0
    for op in [_op(o) for o in func.regions[0].blocks[0].operations]:
        if op.name == "scf.while" and _while(op):
            n += 1
        elif op.name == "scf.for" and _for(op):
            n += 1
    return n


# ----------------------------------------------------------------------------- types

def _identity(t: ir.MemRefType) -> ir.MemRefType:
    return ir.MemRefType.get(list(t.shape), t.element_type, memory_space=t.memory_space)


def _castable_from_identity(t: ir.MemRefType, home: ir.MemRefType) -> bool:
    """Whether memref.cast may turn the identity-layout `home` into `t`: same shape and element
    type, and each stride and the offset either dynamic or the identity layout's own."""
    if list(t.shape) != list(home.shape) or t.element_type != home.element_type:
        return False
    try:
        strides, offset = t.get_strides_and_offset()
    except Exception:  # noqa: BLE001 - a layout that is no strided form
        return False
    want, step = [], 1
    for size in reversed(list(t.shape)):
        want.append(step)
        step *= size
    want.reverse()
    return offset in (0, DYNAMIC) and all(s in (w, DYNAMIC) for s, w in zip(strides, want))


def _carried(types_per_position: list) -> list | None:
    """The home's type at each memref position (None for other positions), or None when a
    position cannot have one (dynamic shape, incompatible layouts, a memref beside a
    non-memref)."""
    homes = []
    for types in types_per_position:
        memrefs = [_is_memref(t) for t in types]
        if not any(memrefs):
            homes.append(None)
            continue
        if not all(memrefs):
            return None
        home = _identity(ir.MemRefType(types[0]))
        if not all(_castable_from_identity(ir.MemRefType(t), home) for t in types):
            return None
        homes.append(home)
    return homes if any(h is not None for h in homes) else None


# ----------------------------------------------------------------------------- building blocks

def _alloc(t: ir.MemRefType, like: ir.Value | None = None) -> ir.Value:
    """An allocation of type `t`; its dynamic sizes are those of buffer `like`."""
    sizes = []
    for d in range(t.rank):
        if t.is_dynamic_dim(d):
            from mlir.dialects import arith
            index = arith.ConstantOp(ir.IndexType.get(), d).result
            sizes.append(ir.Operation.create("memref.dim", results=[ir.IndexType.get()], operands=[like, index]).result)
    return ir.Operation.create("memref.alloc", results=[t], operands=sizes,
                               attributes={"operandSegmentSizes": ir.DenseI32ArrayAttr.get([len(sizes), 0])}).result


def _copy(source: ir.Value, target: ir.Value) -> None:
    ir.Operation.create("memref.copy", operands=[source, target])


def _as(value: ir.Value, t: ir.Type) -> ir.Value:
    if value.type == t:
        return value
    return ir.Operation.create("memref.cast", results=[t], operands=[value]).result


def _root(v: ir.Value) -> ir.Value:
    """The buffer that `v` is a view of."""
    while not isinstance(v.owner, ir.Block) and _op(v.owner).name in VIEW_OPS:
        v = _op(v.owner).operands[0]
    return v


def _strip_casts(v: ir.Value) -> ir.Value:
    while not isinstance(v.owner, ir.Block) and _op(v.owner).name == "memref.cast":
        v = _op(v.owner).operands[0]
    return v


def _fresh_or_outside(v: ir.Value, loop: ir.Operation) -> bool:
    """Whether buffer `v` certainly is no home: an allocation or constant, or a value from
    outside the loop (homes are new buffers nothing outside sees)."""
    v = _root(v)
    if isinstance(v.owner, ir.Block):
        return not _inside(_op(v.owner.owner), loop)
    owner = _op(v.owner)
    return owner.name in FRESH_OPS or not _inside(owner, loop)


def _inside(op: ir.Operation, ancestor: ir.Operation) -> bool:
    while op is not None:
        if op == ancestor:
            return True
        op = _op(op.parent) if op.parent is not None else None
    return False


def _assign(loop: ir.Operation, terminator: ir.Operation, first: int, homes: list, args: list,
            stage: bool = True) -> None:
    """Makes `terminator` pass the homes: copies each memref operand at first + i into homes[i]
    (as one parallel assignment), then passes homes[i] itself. `args` are the block's arguments,
    which hold the homes while the loop runs (None where they hold other buffers). `stage`
    False: no source can read one of these homes, so no temporaries are needed."""
    moves = []
    for i, home in enumerate(homes):
        if home is None:
            continue
        source = terminator.operands[first + i]
        whole = _strip_casts(source)
        own = whole == home or (args[i] is not None and whole == args[i])
        moves.append((i, None if own else source))   # None: its own home
    with ir.InsertionPoint(terminator), terminator.location:
        staged = []
        for i, source in moves:
            if stage and source is not None and not _fresh_or_outside(source, loop):
                with ir.InsertionPoint(loop), loop.location:
                    temp = _alloc(ir.MemRefType(homes[i].type), homes[i])
                _copy(source, temp)
                source = temp
            staged.append((i, source))
        for i, source in staged:
            if source is not None:
                _copy(source, homes[i])
            terminator.operands[first + i] = _as(homes[i], terminator.operands[first + i].type)


def _make_homes(loop: ir.Operation, inits: list, types: list) -> list:
    """A host buffer for each carried position, holding a copy of the loop's initial value."""
    homes = []
    with ir.InsertionPoint(loop), loop.location:
        for init, t in zip(inits, types):
            if t is None:
                homes.append(None)
                continue
            home = _alloc(t, init)
            _copy(init, home)
            homes.append(home)
    return homes


def _results_are_homes(loop: ir.Operation, homes: list) -> None:
    for r, home in zip(loop.results, homes):
        if home is None:
            continue
        with ir.InsertionPoint(loop), loop.location:
            value = _as(home, r.type)
        r.replace_all_uses_with(value)


def _while(op: ir.Operation) -> bool:
    inits = list(op.operands)
    before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
    condition = _op(list(before.operations)[-1])
    yield_op = _op(list(after.operations)[-1])
    bargs, aargs = list(before.arguments), list(after.arguments)
    if len(bargs) != len(inits) or len(aargs) != len(op.results):
        return False
    types = None
    if len(inits) == len(op.results):
        types = _carried([[v.type, r.type, b.type, a.type] for v, r, b, a in zip(inits, op.results, bargs, aargs)])
    if types is None:
        return _while_two_homes(op, inits, bargs, aargs, condition, yield_op)
    homes = _make_homes(op, inits, types)
    for i, home in enumerate(homes):
        if home is not None:
            with ir.InsertionPoint(op), op.location:
                op.operands[i] = _as(home, inits[i].type)
    _assign(op, condition, 1, homes, bargs)
    _assign(op, yield_op, 0, homes, aargs)
    _results_are_homes(op, homes)
    _sizes_of_homes(bargs, homes)
    _sizes_of_homes(aargs, homes)
    return True


def _while_two_homes(op: ir.Operation, inits: list, bargs: list, aargs: list, condition: ir.Operation,
                     yield_op: ir.Operation) -> bool:
    """A while loop whose condition passes on other values than the before block holds (a
    flag that only the condition reads is dropped: jax.scipy's qdwh): the before block's
    buffers and the after block's (the loop's results) get homes of their own. Neither block
    can see the other's homes, so the copies at each terminator need no temporaries. The
    after block's homes are sized on the host only where their shapes are static."""
    before = _carried([[v.type, b.type, y.type] for v, b, y in zip(inits, bargs, yield_op.operands)])
    after = _carried([[c.type, a.type, r.type] for c, a, r in zip(list(condition.operands)[1:], aargs, op.results)])
    if before is None and after is None:
        return False
    if after is not None and any(t is not None and not t.has_static_shape for t in after):
        return False
    homes_b = _make_homes(op, inits, before) if before is not None else []
    for i, home in enumerate(homes_b):
        if home is not None:
            with ir.InsertionPoint(op), op.location:
                op.operands[i] = _as(home, inits[i].type)
    homes_a = []
    if after is not None:
        with ir.InsertionPoint(op), op.location:
            homes_a = [None if t is None else _alloc(t) for t in after]
        _assign(op, condition, 1, homes_a, [None] * len(homes_a), stage=False)
        _results_are_homes(op, homes_a)
        _sizes_of_homes(aargs, homes_a)
    if before is not None:
        _assign(op, yield_op, 0, homes_b, [None] * len(homes_b), stage=False)
        _sizes_of_homes(bargs, homes_b)
    return True


def _for(op: ir.Operation) -> bool:
    inits = list(op.operands)[3:]
    body = op.regions[0].blocks[0]
    carried = list(body.arguments)[1:]
    yield_op = _op(list(body.operations)[-1])
    if len(carried) != len(inits) or len(op.results) != len(inits):
        return False
    types = _carried([[v.type, r.type, a.type] for v, r, a in zip(inits, op.results, carried)])
    if types is None:
        return False
    homes = _make_homes(op, inits, types)
    for i, home in enumerate(homes):
        if home is not None:
            with ir.InsertionPoint(op), op.location:
                op.operands[3 + i] = _as(home, inits[i].type)
    _assign(op, yield_op, 0, homes, carried)
    _results_are_homes(op, homes)
    _sizes_of_homes(carried, homes)
    return True


def _sizes_of_homes(args: list, homes: list) -> None:
    """The sizes of a carried buffer are its home's: known before the loop (allocations sized
    by them can then move to the host)."""
    for arg, home in zip(args, homes):
        if home is None:
            continue
        for use in list(arg.uses):
            user = _op(use.owner)
            if user.name == "memref.dim" and use.operand_number == 0:
                user.operands[0] = home


# ----------------------------------------------------------------------------- allocations

def hoist_allocations(func: ir.Operation) -> int:
    """Moves each allocation nested in a top-level op of `func` before that op (to the host)
    when its sizes are known there, no loop carries the buffer into its next iteration and no
    parallel loop holds it. Returns how many were moved."""
    n = 0
    for top in [_op(o) for o in func.regions[0].blocks[0].operations]:
        if top.name in PARALLEL_OPS or not top.regions:
            continue
        for alloc in _nested_allocs(top):
            if _hoistable(alloc) and all(_size_before(v, top) for v in alloc.operands):
                for v in alloc.operands:
                    _move_size_before(v, top)
                alloc.move_before(top)
                n += 1
    return n


def _nested_allocs(op: ir.Operation) -> list:
    out = []
    for region in op.regions:
        for block in region.blocks:
            for o in block.operations:
                o = _op(o)
                if o.name == "memref.alloc":
                    out.append(o)
                elif o.name not in PARALLEL_OPS:
                    out.extend(_nested_allocs(o))
    return out


def _size_before(v: ir.Value, top: ir.Operation, depth: int = 0) -> bool:
    """Whether size `v` is known before `top` runs: defined outside it, or a constant, the
    size of a buffer from outside, or arithmetic on such sizes."""
    if _defined_outside(v, top):
        return True
    if depth > 32 or isinstance(v.owner, ir.Block):
        return False
    op = _op(v.owner)
    if op.name == "memref.dim":
        return _defined_outside(op.operands[0], top) and _size_before(op.operands[1], top, depth + 1)
    if op.name == "arith.constant" or (op.name.startswith(("arith.", "index.")) and not op.regions):
        return all(_size_before(x, top, depth + 1) for x in op.operands)
    return False


def _move_size_before(v: ir.Value, top: ir.Operation) -> None:
    """Moves the ops computing size `v` (see _size_before) before `top`, operands first."""
    if _defined_outside(v, top):
        return
    op = _op(v.owner)
    for x in op.operands:
        _move_size_before(x, top)
    op.move_before(top)


def _defined_outside(v: ir.Value, top: ir.Operation) -> bool:
    """Whether a size of an allocation in `top` is known before `top` runs."""
    owner = v.owner
    if isinstance(owner, ir.Block):
        return not _inside(_op(owner.owner), top)
    return not _inside(_op(owner), top)


def _hoistable(alloc: ir.Operation) -> bool:
    seen, work = [], [alloc.result]
    while work:
        v = work.pop()
        if any(v == s for s in seen):
            continue
        seen.append(v)
        for use in v.uses:
            user = _op(use.owner)
            if user.name in VIEW_OPS:
                work.extend(user.results)
            elif user.name == "scf.yield" and _op(user.parent).name in BRANCH_OPS:
                branch = _op(user.parent)
                if branch.name == "scf.if" and not host_scalar(branch.operands[0]):
                    return False    # canonicalize would pick between outside buffers by data, on the host
                work.append(branch.results[use.operand_number])
            elif user.name in ("scf.yield", "scf.condition", "scf.for", "scf.while"):
                return False        # carried to the next iteration (or a nested loop's start)
    return True


def host_scalar(v: ir.Value, depth: int = 0) -> bool:
    """Whether scalar `v` is computed from constants and buffer sizes only (no data)."""
    if depth > 64 or isinstance(v.owner, ir.Block):
        return False
    op = _op(v.owner)
    if op.name == "memref.dim":
        return host_scalar(op.operands[1], depth + 1)
    if not op.name.startswith(("arith.", "index.")) or op.regions:
        return False
    return all(host_scalar(x, depth + 1) for x in op.operands if not isinstance(x.type, ir.MemRefType))


def free_kernel_allocations(func: ir.Operation) -> int:
    """Frees each allocation left in a loop or branch (its size is computed there, so it stays
    a device-side malloc) at the end of the block that made it, where nothing outside that
    block can see it. Returns how many."""
    n = 0
    for top in [_op(o) for o in func.regions[0].blocks[0].operations]:
        if top.name in PARALLEL_OPS or not top.regions:
            continue
        for alloc in _nested_allocs(top):
            if _stays_in_block(alloc):
                terminator = _op(list(alloc.block.operations)[-1])
                with ir.InsertionPoint(terminator), alloc.location:
                    ir.Operation.create("memref.dealloc", operands=[alloc.result])
                n += 1
    return n


def _stays_in_block(alloc: ir.Operation) -> bool:
    """Whether every use of the buffer (through views) is an op that reads or writes it in
    place, none that passes it on (a terminator, a loop's start, a call)."""
    work, seen = [alloc.result], []
    while work:
        v = work.pop()
        if any(v == s for s in seen):
            continue
        seen.append(v)
        for use in v.uses:
            user = _op(use.owner)
            if user.name in VIEW_OPS:
                work.extend(user.results)
            elif user.name.startswith(("scf.", "func.", "memref.dealloc")) and user.name not in (
                    "scf.if", "scf.index_switch"):
                return False
    return True
