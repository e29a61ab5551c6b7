"""shlo-legalize-to-linalg: every shlo op of the module lowered to linalg / tensor / arith /
math / complex / scf on tensors (see shlo.lowering), in place.

Function names, visibility and signatures stay (tuples flattened, tokens
dropped); `check.*` custom_calls have no meaning outside `shlo.compile` and
are rejected. The named pipeline `shlo-lower-to-llvm` runs this pass and then
the upstream passes that `shlo.compile` runs, down to the LLVM dialect.
"""
from __future__ import annotations

from mlir import ir


class _ModuleView:
    """What the driver reads of a module: its body and context."""

    def __init__(self, module_op: ir.Operation):
        self.body = module_op.regions[0].blocks[0]
        self.context = module_op.context


def legalize_to_linalg(module_op: ir.Operation) -> None:
    from ..lowering.driver import lower_program
    lowered = lower_program(_ModuleView(module_op), entry=None, mode="pass")
    body = module_op.regions[0].blocks[0]
    for op in list(body.operations):
        op.operation.erase()
    for op in list(lowered.module.body.operations):
        body.append(op.operation)      # moves the op


def lower_to_llvm_pipeline(threads: int = 1) -> list:
    """The upstream pipeline elements that follow shlo-legalize-to-linalg."""
    from ..lowering.pipeline import BUFFERIZE, PREPARE, to_llvm
    return [PREPARE, BUFFERIZE, to_llvm(threads)]


def expand_memref_copies(module_op: ir.Operation) -> None:
    """Rewrites memref.copy ops that LLVM lowering would turn into a call of the `memrefCopy`
    runtime function (which the MLIR Python wheel does not ship): copies between
    non-contiguous memrefs become loops over rows, each row a contiguous rank-1 memref.copy
    (lowered to a memcpy), or an element loop nest where rows are not contiguous. Copies
    that are already one contiguous block stay (a memcpy)."""
    copies = [op for op in _ops_named(module_op, "memref.copy") if not _contiguous_block(op)]
    for op in copies:
        src, dst = op.operands[0], op.operands[1]
        with ir.InsertionPoint(op), op.location:
            if not _copy_rows(src, dst):
                _copy_elements(src, dst)
        op.erase()


def _contiguous_block(copy: ir.Operation) -> bool:
    for v in copy.operands:
        t = ir.MemRefType(v.type)
        if not t.has_static_shape:
            return False
        try:
            strides, _ = t.get_strides_and_offset()
        except Exception:  # noqa: BLE001
            return False
        expected = 1
        for size, stride in zip(reversed(t.shape), reversed(strides)):
            if size != 1 and stride != expected:
                return False
            expected *= size
    return True


def _copy_elements(src: ir.Value, dst: ir.Value) -> None:
    """A linalg.generic copying element by element (any layout)."""
    from mlir.dialects import linalg
    rank = ir.MemRefType(src.type).rank
    ident = ir.AffineMapAttr.get(ir.AffineMap.get_identity(rank))
    generic = linalg.GenericOp([], [src], [dst], ir.ArrayAttr.get([ident, ident]),
                               ir.ArrayAttr.get([ir.Attribute.parse("#linalg.iterator_type<parallel>")] * rank))
    block = generic.regions[0].blocks.append(ir.MemRefType(src.type).element_type,
                                             ir.MemRefType(dst.type).element_type)
    with ir.InsertionPoint(block):
        linalg.YieldOp([block.arguments[0]])


def _copy_rows(src: ir.Value, dst: ir.Value) -> bool:
    """Loops over the leading dimensions, copying each contiguous block of the trailing ones (at
    least the innermost row; more dimensions where both memrefs hold them contiguously, as a
    padded copy's interior rows of pixels x channels) with one memref.copy, which LLVM lowering
    turns into a memcpy; False when rows are not contiguous and static."""
    from mlir.dialects import arith, memref, scf
    st, dt = ir.MemRefType(src.type), ir.MemRefType(dst.type)
    if st.rank < 2 or st.is_dynamic_dim(st.rank - 1):
        return False
    try:
        s_strides, _ = st.get_strides_and_offset()
        d_strides, _ = dt.get_strides_and_offset()
    except Exception:  # noqa: BLE001 - a layout without strides
        return False
    if s_strides[-1] != 1 or d_strides[-1] != 1:
        return False
    inner = 1           # trailing dimensions copied as one block
    while inner < st.rank - 1:
        d = st.rank - 1 - inner
        if st.is_dynamic_dim(d) or st.is_dynamic_dim(d + 1) or \
                any(x[d] != x[d + 1] * st.shape[d + 1] for x in (s_strides, d_strides)):
            break
        inner += 1
    outer = st.rank - inner
    block = list(st.shape[outer:])
    dyn = ir.ShapedType.get_dynamic_size()
    row = lambda t, strides: ir.MemRefType.get(  # noqa: E731
        block, t.element_type, ir.StridedLayoutAttr.get(dyn, strides[outer:]), t.memory_space)
    index = ir.IndexType.get()
    c0, c1 = arith.constant(index, 0), arith.constant(index, 1)
    ivs = []
    for d in range(outer):
        upper = arith.constant(index, st.shape[d]) if not st.is_dynamic_dim(d) else memref.dim(src, arith.constant(index, d))
        loop = scf.ForOp(c0, upper, c1)
        ivs.append(loop.induction_variable)
        ip = ir.InsertionPoint(loop.body)
        ip.__enter__()
    sizes = [1] * outer + block
    ones = [1] * st.rank
    statics = [dyn] * outer + [0] * inner
    a = memref.SubViewOp(row(st, s_strides), src, ivs, [], [], statics, sizes, ones).result
    b = memref.SubViewOp(row(dt, d_strides), dst, ivs, [], [], statics, sizes, ones).result
    memref.CopyOp(a, b)
    for _ in range(outer):
        scf.YieldOp([])
        ir.InsertionPoint.current.__exit__(None, None, None)
    return True


def omp_dynamic_schedule(module_op: ir.Operation) -> None:
    """Gives every OpenMP worksharing loop a dynamic schedule: threads take the next chunk when
    they are done with theirs. With a static split, a thread that the OS delays (the machine's
    other work) holds up the whole loop; the CPU schedules cut thread-split loops into a few
    chunks per thread for this."""
    dynamic = ir.Attribute.parse("#omp<schedulekind dynamic>", context=module_op.context)
    for op in _ops_named(module_op, "omp.wsloop"):
        if "schedule_kind" not in op.attributes:
            op.attributes["schedule_kind"] = dynamic


def widen_i1_memrefs(module_op: ir.Operation) -> None:
    """Rewrites memrefs of i1 (the ownership flags that buffer deallocation keeps in memory)
    into memrefs of i8, with a trunci after each load and an extui before each store.

    MLIR 22.1.8 aborts (an assertion in MemRefToLLVM) when it lowers a load or store of a
    memref whose element type is narrower than a byte."""
    if not _may_hold_i1_memrefs(module_op):
        return
    with ir.Location.unknown(module_op.context):
        _widen_i1_memrefs(module_op)


# Ops that can give a memref a new element type; every other memref result (a view, a cast, a
# loop result) has the element type of a memref that one of these, or a function, made.
_MEMREF_ORIGINS = ("memref.alloc", "memref.alloca", "memref.get_global", "memref.view", "memref.realloc",
                   "bufferization.to_buffer", "func.call", "func.func")


def _may_hold_i1_memrefs(module_op: ir.Operation) -> bool:
    """Whether any memref of i1 can be in the module, found without a Python walk over every op:
    they come only from allocations (buffer deallocation's ownership flags), never from tensors."""
    def i1_memref(t) -> bool:
        return isinstance(t, ir.MemRefType) and isinstance(t.element_type, ir.IntegerType) \
            and ir.IntegerType(t.element_type).width == 1
    for op in _ops_named(module_op, *_MEMREF_ORIGINS):
        if op.name == "func.func":
            ftype = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
            types = list(ftype.inputs) + list(ftype.results)
        else:
            types = [r.type for r in op.results]
        if any(i1_memref(t) for t in types):
            return True
    return False


def _ops_named(module_op: ir.Operation, *names: str) -> list:
    """The ops with these names in the module, found natively (one Python object per match, not
    one per op of the module)."""
    from .. import _shlo_ext
    return _shlo_ext.ops_named(module_op, list(names))


def _widen_i1_memrefs(module_op: ir.Operation) -> None:
    from mlir.dialects import arith
    i1 = ir.IntegerType.get_signless(1, module_op.context)
    i8 = ir.IntegerType.get_signless(8, module_op.context)

    def widened(t: ir.Type):
        if isinstance(t, ir.MemRefType) and ir.MemRefType(t).element_type == i1:
            m = ir.MemRefType(t)
            return ir.MemRefType.get(m.shape, i8, m.layout, m.memory_space)
        return None

    loads, stores, funcs = [], [], []

    def walk(op):
        if op.name == "func.func":
            funcs.append(op)
        for region in op.regions:
            for block in region.blocks:
                for arg in block.arguments:
                    w = widened(arg.type)
                    if w is not None:
                        arg.set_type(w)
                for child in block.operations:
                    child = child.operation
                    for r in child.results:
                        w = widened(r.type)
                        if w is not None:
                            r.set_type(w)
                    if child.name == "memref.load" and child.results[0].type == i1:
                        loads.append(child)
                    elif child.name == "memref.store" and child.operands[0].type == i1:
                        stores.append(child)
                    walk(child)

    walk(module_op)
    for f in funcs:
        ftype = ir.FunctionType(ir.TypeAttr(f.attributes["function_type"]).value)
        ins = [widened(t) or t for t in ftype.inputs]
        outs = [widened(t) or t for t in ftype.results]
        if ins != list(ftype.inputs) or outs != list(ftype.results):
            f.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(ins, outs))
    for op in loads:
        result = op.results[0]
        result.set_type(i8)
        with ir.InsertionPoint.after(op), op.location:
            narrow = arith.trunci(i1, result)
        result.replace_all_uses_except(narrow, narrow.owner.operation if hasattr(narrow.owner, "operation") else narrow.owner)
    for op in stores:
        with ir.InsertionPoint(op), op.location:
            op.operands[0] = arith.extui(i8, op.operands[0])


def flatten_strided_gathers(module_op: ir.Operation) -> None:
    """Rewrites each vector.gather whose memref is not contiguous (a strided view: a sliced column,
    or a buffer that bufferization placed in part of a larger one) as a gather from the flat
    memory under it, at offsets that take the strides in.

    MLIR 22.1.8's vectorizer gathers from an n-D tensor at `base[0, ..., 0]` with linear
    row-major indices (row * columns + column), and its LLVM lowering adds those to the base
    pointer: right only while the buffer is contiguous. From a memref<2x1xi32, strided<[2, 1],
    offset: 1>> (a column of a 2x2 buffer) row 1 read element 2, not 3: wrong values, no error.
    It lowers none whose innermost stride is not 1."""
    gathers = [op for op in _ops_named(module_op, "vector.gather")
               if isinstance(op.operands[0].type, ir.MemRefType) and not _contiguous(ir.MemRefType(op.operands[0].type))]
    for op in gathers:
        with ir.InsertionPoint(op), op.location:
            result = _flat_gather(op)
        op.results[0].replace_all_uses_with(result)
        op.erase()


def _contiguous(t: ir.MemRefType) -> bool:
    """Whether the memref's elements lie in row-major order without gaps (static sizes and strides)."""
    try:
        strides, _ = t.get_strides_and_offset()
    except Exception:  # noqa: BLE001 - a layout without strides
        return False
    expected = 1
    for size, stride in zip(reversed(t.shape), reversed(strides)):
        if ir.ShapedType.is_dynamic_size(size):
            return False
        if size != 1 and stride != expected:     # a unit dimension's stride is never used
            return False
        expected *= size
    return True


def _flat_gather(op: ir.Operation) -> ir.Value:
    """The gather from a 1-D unit-stride view of the memory under `base`: each lane's linear index
    (the base indices' row-major position plus the lane's index) split into one index per
    dimension, each times its stride."""
    from mlir.dialects import arith, memref, vector
    base, *rest = op.operands
    mtype = ir.MemRefType(base.type)
    rank = mtype.rank
    offsets, index_vec, mask, pass_thru = rest[:rank], rest[rank], rest[rank + 1], rest[rank + 2]
    index = ir.IndexType.get()
    itype = ir.VectorType(index_vec.type)
    ivec = ir.VectorType.get(itype.shape, index)
    if itype.element_type != index:
        index_vec = arith.index_cast(ivec, index_vec)
    meta = memref.ExtractStridedMetadataOp(base)
    buffer, offset = meta.results[0], meta.results[1]
    sizes, strides = list(meta.results[2:2 + rank]), list(meta.results[2 + rank:2 + 2 * rank])
    one = arith.constant(index, 1)
    start = arith.constant(index, 0)
    for i, size in zip(offsets, sizes):          # the base indices' row-major position
        start = arith.addi(arith.muli(start, size), i)
    linear = arith.addi(vector.broadcast(ivec, start), index_vec)
    physical = None
    for d in reversed(range(rank)):
        if d > 0:
            size = vector.broadcast(ivec, arith.maxui(sizes[d], one))    # never a division by 0
            here, linear = arith.remui(linear, size), arith.divui(linear, size)
        else:
            here = linear       # what runs past the outermost dimension stays in it
        term = arith.muli(here, vector.broadcast(ivec, strides[d]))
        physical = term if physical is None else arith.addi(physical, term)
    span = one                  # 1 + the distance from the first element to the last
    for size, stride in zip(sizes, strides):
        span = arith.addi(span, arith.muli(arith.subi(arith.maxui(size, one), one), stride))
    dynamic = ir.ShapedType.get_dynamic_stride_or_offset()
    flat_type = ir.MemRefType.get([ir.ShapedType.get_dynamic_size()], mtype.element_type,
                                  ir.StridedLayoutAttr.get(dynamic, [1]), mtype.memory_space)
    flat = memref.ReinterpretCastOp(flat_type, buffer, [offset], [span], [], [dynamic],
                                    [ir.ShapedType.get_dynamic_size()], [1]).result
    zero = arith.constant(index, 0)
    return vector.GatherOp(op.results[0].type, flat, [zero], physical, mask, pass_thru).result
