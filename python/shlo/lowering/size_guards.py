"""The IR that run-time size checks (size_checks.py) add to a lowered function.

A guard keeps native code in bounds while sizes disagree: an scf.if runs the op's lowering when
they agree, else yields zeros. A flag collects the verdicts of checks below the entry's top level
(in regions, in called functions): a memref<i8> alloca'd where it dominates them, ANDed into by
each check, read once after the op (or returned by the function) that holds them.
"""
from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, memref, scf
from mlir.dialects import tensor as tensor_d

from . import emit


def _i1() -> ir.Type:
    return ir.IntegerType.get_signless(1)


def _i8() -> ir.Type:
    return ir.IntegerType.get_signless(8)


# ----------------------------------------------------------------------------- flags

def flag() -> ir.Value:
    """A memref<i8> holding 1 (true), at the insertion point. (i8: memref-to-llvm stores no i1,
    and only the CPU pipeline widens i1 memrefs: the GPU pipeline aborted on an i1 store.)"""
    f = memref.alloca(ir.MemRefType.get([], _i8()), [], [])
    memref.store(arith.constant(_i8(), 1), f, [])
    return f


def flag_and(f: ir.Value, predicate: ir.Value) -> None:
    """f &= predicate (an i1, or a rank-0 tensor of it: the GPU path's checks)."""
    memref.store(arith.andi(memref.load(f, []), arith.extui(_i8(), as_i1(predicate))), f, [])


def flag_value(f: ir.Value) -> ir.Value:
    """The i1 a flag holds."""
    return as_i1(memref.load(f, []))


def as_i1(predicate: ir.Value) -> ir.Value:
    """An i1 of an i1, or of a rank-0 tensor of it (stored as i8), or of an i8."""
    if isinstance(predicate.type, ir.RankedTensorType):
        predicate = tensor_d.extract(predicate, [])
    if predicate.type != _i1():
        predicate = arith.cmpi(arith.CmpIPredicate.ne, predicate, arith.constant(predicate.type, 0))
    return predicate


def all_of(predicates: list) -> ir.Value:
    verdict = arith.constant(_i1(), 1)
    for p in predicates:
        verdict = arith.andi(verdict, as_i1(p))
    return verdict


# ----------------------------------------------------------------------------- guards

def when(ok: ir.Value, types: list, lower, otherwise, narrowed: list | None = None) -> list:
    """scf.if `ok`: the values `lower()` makes, else those `otherwise()` makes, cast to `types`.
    With `narrowed` (a list), a ? size of `lower()`'s values cast to a static one of `types` is
    guarded too (`narrowing_cast`), and the i1 that every such size agreed is appended to it
    (through a flag alloca'd before the scf.if; nothing where no size is narrowed)."""
    branch = scf.IfOp(ok, types, has_else=True)
    with ir.InsertionPoint(branch.then_block):
        results = lower()
        results = results if isinstance(results, list) else [results]
        out, agreed = [], []
        for v, t in zip(results, types):
            if narrowed is None:
                out.append(emit.cast_to(v, t))
                continue
            v, agree = narrowing_cast(v, t)
            out.append(v)
            agreed += [agree] if agree is not None else []
        if agreed:
            with ir.InsertionPoint(branch):
                f = flag()
            flag_and(f, all_of(agreed))
        scf.YieldOp(out)
    with ir.InsertionPoint(branch.else_block):
        scf.YieldOp([emit.cast_to(v, t) for v, t in zip(otherwise(), types)])
    if agreed:
        narrowed.append(flag_value(f))
    return list(branch.results)


def zeros(t: ir.RankedTensorType, sizes: list | None = None) -> ir.Value:
    """Zeros of tensor type `t`: of `sizes`, or of its static sizes with ? sizes 0."""
    if sizes is None:
        sizes = [0 if t.is_dynamic_dim(d) else t.shape[d] for d in range(t.rank)]
    return emit.fill(emit.zero_scalar(t.element_type), sizes)


def pairs_agree(operands: list, pairs: list) -> ir.Value:
    """The i1 that every pair of size_checks.paired_sizes holds (sizes of `operands`)."""
    padding = []

    def pad(p):
        """A padding amount: an int, or dynamic_conv's operand 2 (p[3] rows) at row p[1], column p[2], read
        from zeros of its static shape while its shape differs (nothing read past it)."""
        if isinstance(p, int):
            return p
        if not padding:
            v = operands[2]
            rows = p[3]     # (N - 2 rows of 2)
            fits = arith.andi(arith.cmpi(arith.CmpIPredicate.eq, emit.as_index(emit.dim(v, 0)), emit.as_index(rows)),
                              arith.cmpi(arith.CmpIPredicate.eq, emit.as_index(emit.dim(v, 1)), emit.as_index(2)))
            scratch = emit.fill(emit.zero_scalar(ir.RankedTensorType(v.type).element_type), [rows, 2])
            padding.append(arith.select(fits, v, emit.cast_to(scratch, v.type)))
        x = tensor_d.extract(padding[0], [emit.as_index(p[1]), emit.as_index(p[2])])
        return arith.index_cast(ir.IndexType.get(), x)

    def size(a):
        if isinstance(a, int):
            return emit.as_index(a)
        if a[0] == "windows":       # (the windows of size w, stride s along the padded size)
            _, d, w, s, lo, hi, *dilations = a
            base, wdil = dilations or (1, 1)
            padded = padded_size(emit.dim(operands[0], d), pad(lo), pad(hi), base - 1)
            if isinstance(w, tuple):    # (a window of ? size: operand w[0]'s size w[1], at least 1)
                n = arith.maxsi(emit.as_index(emit.dim(operands[w[0]], w[1])), emit.as_index(1))
                span = arith.addi(arith.muli(arith.subi(n, emit.as_index(1)), emit.as_index(wdil)), emit.as_index(1))
            else:
                span = (w - 1) * wdil + 1
            fits = arith.cmpi(arith.CmpIPredicate.sge, padded, emit.as_index(span))
            count = arith.addi(arith.divsi(arith.subi(padded, emit.as_index(span)), emit.as_index(s)),
                               emit.as_index(1))
            return arith.select(fits, count, emit.as_index(0))
        if a[0] == "padded":
            _, d, lo, hi, interior = a
            return padded_size(emit.dim(operands[0], d), lo, hi, interior)
        if a[0] == "sum":
            total = emit.as_index(0)
            for v in operands:
                total = arith.addi(total, emit.as_index(emit.dim(v, a[1])))
            return total
        return emit.as_index(emit.dim(operands[a[0]], a[1]))

    ok = arith.constant(_i1(), 1)
    for pair in pairs:
        relation = arith.CmpIPredicate.ule if pair[2:] == ("le",) else arith.CmpIPredicate.eq
        ok = arith.andi(ok, arith.cmpi(relation, size(pair[0]), size(pair[1])))
    return ok


def padded_size(n, lo, hi, interior: int) -> ir.Value:
    """The size (an index) of `n` elements padded by lo, hi and interior (pad's rule)."""
    if isinstance(lo, int) and isinstance(hi, int):
        padded = arith.addi(emit.as_index(n), emit.as_index(lo + hi))
    else:
        padded = arith.addi(arith.addi(emit.as_index(n), emit.as_index(lo)), emit.as_index(hi))
    if interior:
        gaps = arith.maxsi(arith.subi(emit.as_index(n), emit.as_index(1)), emit.as_index(0))
        padded = arith.addi(padded, arith.muli(gaps, emit.as_index(interior)))
    return padded


def narrowing_cast(v: ir.Value, target: ir.RankedTensorType):
    """tensor.cast of `v` to `target`; where a ? size of `v` becomes static, guarded: zeros of
    the target's sizes while they differ. Returns (the value, the guard's i1 predicate or None)."""
    if v.type == target:
        return v, None
    vt = ir.RankedTensorType(v.type)
    narrowed = [d for d in range(vt.rank) if vt.is_dynamic_dim(d) and not target.is_dynamic_dim(d)]
    if not narrowed:
        return emit.cast_to(v, target), None
    ok = arith.constant(_i1(), 1)
    for d in narrowed:
        ok = arith.andi(ok, arith.cmpi(arith.CmpIPredicate.eq, emit.dim(v, d), emit.as_index(target.shape[d])))
    sizes = lambda: [emit.dim(v, d) if target.is_dynamic_dim(d) else target.shape[d]  # noqa: E731
                     for d in range(target.rank)]
    return when(ok, [target], lambda: [v], lambda: [zeros(target, sizes())])[0], ok
