"""A contraction over several dimensions as one linalg.matmul, before tiling.

The lowering writes a dot_general with several contracting dimensions (a decoder's output
projection: the heads' outputs (seq, heads, head) times the weights viewed (heads, head, width))
as a linalg.generic with as many reduction loops; the GPU mapping gives it one thread an output
walking K alone from global memory (31 us of the decoder's ~500 in ncu on an H200). Where the
dimensions of each operand come in matmul order (A: M dims then K dims, B: K dims then N dims,
C: M dims then N dims, each group in one order everywhere) the operands collapse into matrices
without a copy, and contraction.py's shared-memory kernels take the matmul. Sums run over K in
the same order (the K dims row-major, as the generic's nested loops). SHLO_GPU_MULTI_K=0 turns
it off.
"""
from __future__ import annotations

import math
import os

from mlir import ir
from .irop import operation_of as _op


def enabled() -> bool:
    return os.environ.get("SHLO_GPU_MULTI_K", "1") != "0"



def _dims(m) -> list | None:
    out = []
    for e in ir.AffineMapAttr(m).value.results:
        text = str(e)
        if not text.startswith("d") or not text[1:].isdigit():
            return None
        out.append(int(text[1:]))
    return out


def _groups(op) -> tuple | None:
    """(m, n, k) dims of a generic whose maps read A[m..., k...], B[k..., n...], C[m..., n...]
    with a multiply-add body, or None."""
    if op.name != "linalg.generic" or len(op.operands) != 3 or len(op.results) != 1:
        return None
    types = [v.type for v in op.operands]
    if not all(isinstance(t, ir.RankedTensorType) and ir.RankedTensorType(t).has_static_shape for t in types):
        return None
    els = {str(ir.RankedTensorType(t).element_type) for t in types}
    if els != {"f32"} and els != {"f64"}:
        return None
    kinds = ["reduction" in str(a) for a in ir.ArrayAttr(op.attributes["iterator_types"])]
    maps = [_dims(m) for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
    if any(m is None for m in maps):
        return None
    a, b, c = maps
    k = [d for d in a if d in b]
    m = [d for d in a if d not in b]
    n = [d for d in b if d not in a]
    if len(k) < 2 or not m or not n or a != m + k or b != k + n or c != m + n:
        return None       # one K dim is a matmul already; batch dims (in all three) not taken
    if sorted(m + n + k) != list(range(len(kinds))) or any(kinds[d] for d in m + n) or \
            not all(kinds[d] for d in k):
        return None
    body = [_op(o) for o in op.regions[0].blocks[0].operations]
    args = list(op.regions[0].blocks[0].arguments)
    if [o.name for o in body] != [_mul_name(els), _add_name(els), "linalg.yield"]:
        return None
    mul, add, yld = body
    if {id_of(v, args) for v in mul.operands} != {0, 1} or \
            sorted(id_of(v, args) if id_of(v, args) is not None else (3 if v == mul.results[0] else -1)
                   for v in add.operands) != [2, 3] or yld.operands[0] != add.results[0]:
        return None
    return m, n, k


def _mul_name(els) -> str:
    return "arith.mulf"


def _add_name(els) -> str:
    return "arith.addf"


def id_of(v, args):
    for i, a in enumerate(args):
        if a == v:
            return i
    return None


def collapse_contractions(entry: ir.Operation) -> int:
    """Each top-level generic of `entry` that `_groups` takes becomes collapse_shapes of its
    operands, a linalg.matmul (the generic's attributes it knows kept: the f32 product mark) and
    an expand_shape of the result back; returns how many."""
    done = 0
    for op in [_op(o) for o in entry.regions[0].blocks[0].operations]:
        groups = _groups(op)
        if groups is None:
            continue
        m, n, k = groups
        a_t, b_t, c_t = (ir.RankedTensorType(v.type) for v in op.operands)
        el = str(a_t.element_type)
        size = {}
        for v, dims in ((a_t, m + k), (b_t, k + n)):
            for d, s in zip(dims, v.shape):
                size[d] = s
        mm, nn, kk = (math.prod(size[d] for d in g) for g in (m, n, k))

        def collapse(name, t, first, rest, rows, cols):
            shape = "x".join(str(s) for s in t.shape)
            if len(t.shape) == 2:
                return [], name
            groups_text = f"[{list(range(first))}, {list(range(first, first + rest))}]".replace(" ", "")
            groups_text = groups_text.replace(",", ", ")
            return [f"%{name[1:]}2 = tensor.collapse_shape {name} {groups_text} : tensor<{shape}x{el}> "
                    f"into tensor<{rows}x{cols}x{el}>"], f"%{name[1:]}2"
        lines = []
        more, a2 = collapse("%a", a_t, len(m), len(k), mm, kk)
        lines += more
        more, b2 = collapse("%b", b_t, len(k), len(n), kk, nn)
        lines += more
        more, c2 = collapse("%c", c_t, len(m), len(n), mm, nn)
        lines += more
        mark = ""
        if "shlo.f32_product" in op.attributes:
            mark = f" {{shlo.f32_product = {op.attributes['shlo.f32_product']}}}"
        lines.append(f"%r = linalg.matmul{mark} ins({a2}, {b2} : tensor<{mm}x{kk}x{el}>, tensor<{kk}x{nn}x{el}>) "
                     f"outs({c2} : tensor<{mm}x{nn}x{el}>) -> tensor<{mm}x{nn}x{el}>")
        result = "%r"
        c_shape = "x".join(str(s) for s in c_t.shape)
        if len(c_t.shape) != 2:
            groups_text = f"[{list(range(len(m)))}, {list(range(len(m), len(m) + len(n)))}]".replace(" ", "")
            lines.append(f"%r2 = tensor.expand_shape %r {groups_text.replace(',', ', ')} output_shape "
                         f"[{', '.join(str(s) for s in c_t.shape)}] : tensor<{mm}x{nn}x{el}> into tensor<{c_shape}x{el}>")
            result = "%r2"
        text = (f"func.func private @shlo_multi_k(%a: {a_t}, %b: {b_t}, %c: {c_t}) -> {c_t} {{\n  "
                + "\n  ".join(lines) + f"\n  return {result} : {c_t}\n}}")
        fn = ir.Operation.parse(text, context=op.context)
        block = fn.regions[0].blocks[0]
        for arg, value in zip(block.arguments, list(op.operands)):
            arg.replace_all_uses_with(value)
        new_result = None
        for inner in list(block.operations):
            inner = _op(inner)
            if inner.name == "func.return":
                new_result = inner.operands[0]
                break
            if inner.name == "linalg.matmul" and "indexing_maps" in inner.attributes:
                del inner.attributes["indexing_maps"]      # the default maps, as the lowering's
            inner.move_before(op)
        op.results[0].replace_all_uses_with(new_result)
        fn.erase()
        op.erase()
        done += 1
    return done

