"""The order XLA CPU leaves equal elements in when a sort is not stable, compiled.

XLA CPU sorts with std::sort (libstdc++'s introsort); the interpreter replays it on the
elements' ranks (interpreter/ops/std_sort.py). The compiled sort does the same, per row, in
`scf` loops: the stable order (reductions.py's merge sort) gives each element its rank (equal
elements share one: the comparator is asked once per neighbouring pair, as the interpreter asks
it), and introsort then permutes the elements by rank. Ranks are integers, so the replay never
calls the comparator again: a comparator that is not a strict weak order cannot send
introsort's unguarded scans out of the row, and interpreter and compiled code agree on any
comparator whose stable orders agree.

An element of the row being sorted is one i64, its rank in the high 32 bits and its index in
the low 32 (rows up to 2^31 elements), so that moving an element moves both. Introsort's
recursion becomes a stack of (first, last, depth) segments: the segments it leaves for later
are disjoint, so the order they are taken in does not change the result, and their depths
strictly decrease from the bottom of the stack to its top, so 2 log2(n) + 1 <= 127 entries
suffice. libstdc++'s final insertion sort (guarded over the first 16 elements, unguarded after)
moves elements exactly as a guarded insertion sort of the whole row does, which is emitted.

When the comparator is recognizably a strict weak order (`is_strict_weak`: a total-order compare
of the same function of either element, or JAX's lexicographic chains of them), ranks change no
answer, so the same introsort runs on the row's indices with the comparator itself
(`std_sort_direct`) and the stable merge sort is skipped: about half the work.
"""
from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, scf, tensor

from ..element import const, index_const

THRESHOLD = 16          # libstdc++'s _S_threshold
STACK = 128             # segments: more than 2 * 62 + 1
_LOW = 0xFFFFFFFF


def _i64() -> ir.Type:
    return ir.IntegerType.get_signless(64)


def _idx() -> ir.Type:
    return ir.IndexType.get()


def _c(v: int) -> ir.Value:
    return index_const(v)


def _while(inits: list, cond, body) -> list:
    """scf.while over `inits`: `cond(*values)` builds the i1 to go on, `body(*values)` the next
    values."""
    types = [v.type for v in inits]
    w = scf.WhileOp(types, inits)
    before = w.before.blocks.append(*types)
    with ir.InsertionPoint(before):
        scf.ConditionOp(cond(*before.arguments), list(before.arguments))
    after = w.after.blocks.append(*types)
    with ir.InsertionPoint(after):
        scf.YieldOp(list(body(*after.arguments)))
    return list(w.results)


def _for(lo, hi, inits: list, body) -> list:
    """scf.for k in [lo, hi) over `inits`: `body(k, *values)` returns the next values."""
    loop = scf.ForOp(lo, hi, _c(1), inits)
    with ir.InsertionPoint(loop.body):
        scf.YieldOp(list(body(loop.induction_variable, *loop.inner_iter_args)))
    return list(loop.results)


def _if(cond, types: list, then, otherwise) -> list:
    branch = scf.IfOp(cond, types, has_else=True)
    with ir.InsertionPoint(branch.then_block):
        scf.YieldOp(list(then()))
    with ir.InsertionPoint(branch.else_block):
        scf.YieldOp(list(otherwise()))
    return list(branch.results)


def _rank_lt(x, y) -> ir.Value:
    """x sorts before y: its rank (high half) is lower."""
    s = const(32, _i64())
    return arith.cmpi(arith.CmpIPredicate.slt, arith.shrsi(x, s), arith.shrsi(y, s))


def _get(a, i):
    return tensor.extract(a, [i])


def _set(a, i, v):
    return tensor.insert(v, a, [i])


def _slt(x, y):
    return arith.cmpi(arith.CmpIPredicate.slt, x, y)


def _move_median_to_first(lt, a, result, i, j, m):
    x, y, z = _get(a, i), _get(a, j), _get(a, m)
    xy, yz, xz = lt(x, y), lt(y, z), lt(x, z)
    if_xy = arith.select(yz, j, arith.select(xz, m, i))
    if_not = arith.select(xz, i, arith.select(yz, m, j))
    pick = arith.select(xy, if_xy, if_not)
    r, p = _get(a, result), _get(a, pick)
    return _set(_set(a, result, p), pick, r)


def _unguarded_partition(lt, a, first, last, pivot):
    """libstdc++'s __unguarded_partition around a[pivot] (outside [first, last)); returns
    (cut, a)."""
    pv = _get(a, pivot)
    types = [first.type, last.type, a.type]
    w = scf.WhileOp(types, [first, last, a])
    before = w.before.blocks.append(*types)
    with ir.InsertionPoint(before):
        f, l, cur = before.arguments
        f = _while([f], lambda f: lt(_get(cur, f), pv), lambda f: [arith.addi(f, _c(1))])[0]
        l = _while([arith.subi(l, _c(1))], lambda l: lt(pv, _get(cur, l)), lambda l: [arith.subi(l, _c(1))])[0]
        # the scanned positions go on to the swap, or out as the result once they have met
        scf.ConditionOp(_slt(f, l), [f, l, cur])
    after = w.after.blocks.append(*types)
    with ir.InsertionPoint(after):
        f, l, cur = after.arguments
        vf, vl = _get(cur, f), _get(cur, l)
        cur = _set(_set(cur, f, vl), l, vf)
        scf.YieldOp([arith.addi(f, _c(1)), l, cur])
    return w.results[0], w.results[2]


def _adjust_heap(lt, a, first, hole, length, value):
    """libstdc++'s __adjust_heap (sift the hole down to a leaf, then push `value` up)."""
    top = hole
    half = arith.divsi(arith.subi(length, _c(1)), _c(2))

    def down(hole, child, a):
        child = arith.muli(_c(2), arith.addi(child, _c(1)))
        right = _get(a, arith.addi(first, child))
        left = _get(a, arith.subi(arith.addi(first, child), _c(1)))
        child = arith.select(lt(right, left), arith.subi(child, _c(1)), child)
        a = _set(a, arith.addi(first, hole), _get(a, arith.addi(first, child)))
        return [child, child, a]

    hole, child, a = _while([hole, hole, a], lambda h, c, a: _slt(c, half), down)
    even = arith.cmpi(arith.CmpIPredicate.eq, arith.andi(length, _c(1)), _c(0))
    last_parent = arith.divsi(arith.subi(length, _c(2)), _c(2))
    lone = arith.andi(even, arith.cmpi(arith.CmpIPredicate.eq, child, last_parent))

    def take_lone():
        c = arith.muli(_c(2), arith.addi(child, _c(1)))
        moved = _set(a, arith.addi(first, hole), _get(a, arith.subi(arith.addi(first, c), _c(1))))
        return [arith.subi(c, _c(1)), moved]

    hole, a = _if(lone, [hole.type, a.type], take_lone, lambda: [hole, a])

    def parent_of(h):       # (h - 1) / 2 truncated as C++ does: 0 for the root, read but not used
        return arith.divsi(arith.subi(h, _c(1)), _c(2))

    def up_cond(h, a):
        return arith.andi(_slt(top, h), lt(_get(a, arith.addi(first, parent_of(h))), value))

    def up(h, a):
        p = parent_of(h)
        return [p, _set(a, arith.addi(first, h), _get(a, arith.addi(first, p)))]

    hole, a = _while([hole, a], up_cond, up)
    return _set(a, arith.addi(first, hole), value)


def _heap_sort(lt, a, first, last):
    """libstdc++'s partial_sort(first, last, last): make_heap, then pop_heap down to one."""
    length = arith.subi(last, first)
    start = arith.divsi(arith.subi(length, _c(2)), _c(2))

    def make(k, a):
        parent = arith.subi(start, k)
        return [_adjust_heap(lt, a, first, parent, length, _get(a, arith.addi(first, parent)))]

    a = _for(_c(0), arith.addi(start, _c(1)), [a], make)[0]

    def pop(k, a):
        end = arith.subi(arith.subi(last, _c(1)), k)
        value = _get(a, end)
        a = _set(a, end, _get(a, first))
        return [_adjust_heap(lt, a, first, _c(0), arith.subi(end, first), value)]

    return _for(_c(0), arith.subi(length, _c(1)), [a], pop)[0]


def _floor_log2(n):
    return _while([n, _c(0)], lambda m, k: _slt(_c(1), m),
                  lambda m, k: [arith.shrui(m, _c(1)), arith.addi(k, _c(1))])[1]


def _introsort(lt, a, stack, n):
    """introsort_loop(0, n, 2 floor(log2 n)) with the recursion on a stack of segments; returns
    (a, stack)."""
    def push(stack, sp, f, l, d):
        base = arith.muli(sp, _c(3))
        for k, v in enumerate((f, l, d)):
            stack = _set(stack, arith.addi(base, _c(k)), arith.index_cast(_i64(), v))
        return stack

    depth = arith.muli(_floor_log2(n), _c(2))
    stack = push(stack, _c(0), _c(0), n, depth)

    def segment(sp, a, stack):
        sp = arith.subi(sp, _c(1))
        base = arith.muli(sp, _c(3))
        f, l, d = (arith.index_cast(_idx(), _get(stack, arith.addi(base, _c(k)))) for k in range(3))

        def more(f, l, d, a, stack, sp):
            return _slt(_c(THRESHOLD), arith.subi(l, f))

        def step(f, l, d, a, stack, sp):
            def heap():
                return [f, f, d, _heap_sort(lt, a, f, l), stack, sp]     # done with this segment

            def split():
                d1 = arith.subi(d, _c(1))
                mid = arith.addi(f, arith.divsi(arith.subi(l, f), _c(2)))
                b = _move_median_to_first(lt, a, f, arith.addi(f, _c(1)), mid, arith.subi(l, _c(1)))
                cut, b = _unguarded_partition(lt, b, arith.addi(f, _c(1)), l, f)
                # [cut, l) is left for later (introsort recurses into it), [f, cut) goes on here
                return [f, cut, d1, b, push(stack, sp, cut, l, d1), arith.addi(sp, _c(1))]

            at_limit = arith.cmpi(arith.CmpIPredicate.eq, d, _c(0))
            return _if(at_limit, [f.type, l.type, d.type, a.type, stack.type, sp.type], heap, split)

        out = _while([f, l, d, a, stack, sp], more, step)
        return [out[5], out[3], out[4]]

    return _while([_c(1), a, stack], lambda sp, a, stack: _slt(_c(0), sp), segment)[1:]


def _insertion_sort(lt, a, n):
    def insert(i, a):
        val = _get(a, i)

        def cond(j, a):     # j > 0 and val < a[j - 1] (a[0] read when j = 0, not used)
            prev = _get(a, arith.maxsi(arith.subi(j, _c(1)), _c(0)))
            return arith.andi(_slt(_c(0), j), lt(val, prev))

        def shift(j, a):
            p = arith.subi(j, _c(1))
            return [p, _set(a, j, _get(a, p))]

        j, a = _while([i, a], cond, shift)
        return [_set(a, j, val)]

    return _for(_c(1), n, [a], insert)[0]


def std_sort_order(less_between, ordered: ir.Value, scratch: ir.Value, stack: ir.Value, n: ir.Value):
    """The permutation XLA CPU's std::sort gives one row, from its stable order `ordered` (element
    indices, i64) and `less_between(i, j)` (an i1: element i sorts strictly before element j,
    indices as index values); `scratch` (n i64) and `stack` (3 * STACK i64) are work space.
    Returns (order, scratch, stack); a row without equal neighbours keeps `ordered`."""
    types = [ordered.type, scratch.type, stack.type]

    def replay():
        first = _get(ordered, _c(0))
        a = _set(scratch, arith.index_cast(_idx(), first), first)

        def rank(p, r, ties, a):
            prev, cur = _get(ordered, arith.subi(p, _c(1))), _get(ordered, p)
            less = less_between(arith.index_cast(_idx(), prev), arith.index_cast(_idx(), cur))
            r = arith.addi(r, arith.extui(_i64(), less))
            ties = arith.ori(ties, arith.xori(less, const(1, ir.IntegerType.get_signless(1))))
            keyed = arith.ori(arith.shli(r, const(32, _i64())), cur)
            return [r, ties, _set(a, arith.index_cast(_idx(), cur), keyed)]

        _, ties, a = _for(_c(1), n, [const(0, _i64()), const(0, ir.IntegerType.get_signless(1)), a], rank)

        def sort_ranks():
            b, st = _introsort(_rank_lt, a, stack, n)
            b = _insertion_sort(_rank_lt, b, n)
            low = const(_LOW, _i64())
            b = _for(_c(0), n, [b], lambda i, b: [_set(b, i, arith.andi(_get(b, i), low))])[0]
            return [b, b, st]

        return _if(ties, types, sort_ranks, lambda: [ordered, a, stack])

    return _if(_slt(_c(1), n), types, replay, lambda: [ordered, scratch, stack])


def std_sort_direct(lt, a: ir.Value, stack: ir.Value, n: ir.Value):
    """std::sort of the row's elements `a` (n i64: indices, or a key and an index as
    `pack_key` makes them) by `lt(x, y)`, an i1: element x sorts strictly before element y. For a
    comparator that is a strict weak order (`is_strict_weak`) it asks the same questions, with
    the same answers, as the replay on ranks does, so the permutation is the same, without the
    stable order first. `stack` (3 * STACK i64) is work space; returns (elements, stack)."""
    def run():
        b, st = _introsort(lt, a, stack, n)
        return [_insertion_sort(lt, b, n), st]

    return _if(_slt(_c(1), n), [a.type, stack.type], run, lambda: [a, stack])


def packable(element: ir.Type) -> bool:
    """Keys of this type fit the high half of an element beside their index (`pack_key`)."""
    if isinstance(element, ir.IntegerType):
        return element.width <= 32
    return any(isinstance(element, t) for t in (ir.F32Type, ir.F16Type, ir.BF16Type)) or \
        ("f8" in str(element).lower() and ir.FloatType(element).width == 8)


def pack_key(key: ir.Value, index: ir.Value) -> ir.Value:
    """An i64 element: the key's bits in the high half, its index (index value) in the low half.
    Sorting such elements reads the keys in place: a comparator that looked them up by index
    would wait on a cache miss at most comparisons of a long row."""
    bits = key
    if not isinstance(key.type, ir.IntegerType):
        bits = arith.bitcast(ir.IntegerType.get_signless(ir.FloatType(key.type).width), key)
    high = arith.shli(arith.extui(_i64(), bits), const(32, _i64()))
    return arith.ori(high, arith.index_cast(_i64(), index))


def unpack_key(element: ir.Value, key_type: ir.Type) -> ir.Value:
    width = ir.IntegerType(key_type).width if isinstance(key_type, ir.IntegerType) else ir.FloatType(key_type).width
    bits = arith.trunci(ir.IntegerType.get_signless(width), arith.shrui(element, const(32, _i64())))
    return bits if isinstance(key_type, ir.IntegerType) else arith.bitcast(key_type, bits)


def unpack_index(element: ir.Value) -> ir.Value:
    return arith.andi(element, const(_LOW, _i64()))


# ----------------------------------------------------------------------------- strict weak orders
# Comparators recognized as strict weak orders: compare LT / GT of f(x) and f(y) in a total order
# (integers, booleans, floats with TOTALORDER), where f(y) is f(x)'s expression with every
# operand of the first element (block argument 2k) replaced by the second's (2k + 1); and
# lexicographic chains of such keys, or(lt(a, b), and(eq(a, b), rest)) as JAX writes them for
# num_keys > 1; and the torch / ONNX importers' float comparators, NaN after every number
# (`_nan_last`). Pulled back through any function, a strict total order is a strict weak order.
# Plain FLOAT comparisons are not one (NaN is unordered against everything): those keep the replay.
_NOT_PURE = {"shlo.rng", "shlo.rng_bit_generator", "shlo.custom_call"}


def is_strict_weak(block: ir.Block) -> bool:
    ops = list(block.operations)
    if not ops or ops[-1].operation.name not in ("shlo.return", "func.return") or \
            len(ops[-1].operation.operands) != 1:
        return False
    inside = {id_of(op.operation) for op in ops}
    return _swo(ops[-1].operation.operands[0], block, inside, {})


def id_of(op) -> int:
    return hash(op)


def _defining(v: ir.Value, inside: set):
    """The op in the comparator's block that makes v, or None (a block argument, or a value from
    outside the region)."""
    owner = v.owner
    if isinstance(owner, ir.Block):
        return None
    op = owner.operation if hasattr(owner, "operation") else owner
    return op if id_of(op) in inside else None


def _compare(v: ir.Value, inside: set, directions: tuple):
    op = _defining(v, inside)
    if op is None or op.name != "shlo.compare":
        return None
    direction = str(op.attributes["comparison_direction"])
    if not any(f"<{d}>" in direction for d in directions):
        return None
    element = ir.RankedTensorType(op.operands[0].type).element_type
    if isinstance(element, ir.IntegerType):
        return op
    if isinstance(element, (ir.F16Type, ir.F32Type, ir.F64Type, ir.BF16Type)) or "f8" in str(element).lower():
        kind = op.attributes["compare_type"] if "compare_type" in op.attributes else None
        return op if kind is not None and "TOTALORDER" in str(kind) else None
    return None


def _swo(v: ir.Value, block: ir.Block, inside: set, memo: dict) -> bool:
    key = _compare(v, inside, ("LT", "GT"))
    if key is not None:
        return _mirrored(key.operands[0], key.operands[1], block, inside, memo)
    op = _defining(v, inside)
    if op is None or op.name != "shlo.or" or len(op.operands) != 2:
        return False
    if _nan_last(op, block, inside, memo):
        return True
    for first, second in ((0, 1), (1, 0)):
        lt = _compare(op.operands[first], inside, ("LT", "GT"))
        both = _defining(op.operands[second], inside)
        if lt is None or both is None or both.name != "shlo.and" or len(both.operands) != 2:
            continue
        for e, rest in ((0, 1), (1, 0)):
            eq = _compare(both.operands[e], inside, ("EQ",))
            if eq is None or str(eq.attributes["compare_type"] if "compare_type" in eq.attributes else "") != \
                    str(lt.attributes["compare_type"] if "compare_type" in lt.attributes else ""):
                continue
            same = {(eq.operands[0], eq.operands[1]), (eq.operands[1], eq.operands[0])}
            if (lt.operands[0], lt.operands[1]) in same and \
                    _mirrored(lt.operands[0], lt.operands[1], block, inside, memo) and \
                    _swo(both.operands[rest], block, inside, memo):
                return True
    return False


def _is_nan(v: ir.Value, inside: set):
    """The value x that v tests as x != x, or None."""
    op = _defining(v, inside)
    if op is None or op.name != "shlo.compare" or "<NE>" not in str(op.attributes["comparison_direction"]):
        return None
    return op.operands[0] if op.operands[0] == op.operands[1] else None


def _nan_last(op, block: ir.Block, inside: set, memo: dict) -> bool:
    """or(a < b, and(b != b, not(a != a))) as the torch and ONNX importers write a float
    comparator (NaN after every number, NaNs equal to each other): the order of (isnan(a), a),
    a strict weak order when a and b are f(x) and f(y), ascending, or f(y) and f(x), descending."""
    for first, second in ((0, 1), (1, 0)):
        lt = _defining(op.operands[first], inside)
        both = _defining(op.operands[second], inside)
        if lt is None or lt.name != "shlo.compare" or "<LT>" not in str(lt.attributes["comparison_direction"]) \
                or both is None or both.name != "shlo.and" or len(both.operands) != 2:
            continue
        a, b = lt.operands[0], lt.operands[1]
        if not isinstance(ir.RankedTensorType(a.type).element_type, ir.FloatType):
            continue
        for n, m in ((0, 1), (1, 0)):
            negated = _defining(both.operands[m], inside)
            tested = _is_nan(both.operands[n], inside)
            if tested is None or tested != b or negated is None or negated.name != "shlo.not":
                continue
            tested = _is_nan(negated.operands[0], inside)
            if tested is not None and tested == a and \
                    (_mirrored(a, b, block, inside, memo) or _mirrored(b, a, block, inside, memo)):
                return True
    return False


def _mirrored(a: ir.Value, b: ir.Value, block: ir.Block, inside: set, memo: dict) -> bool:
    """a computes from the first element what b computes from the second."""
    if isinstance(a.owner, ir.Block) or isinstance(b.owner, ir.Block):
        if not (isinstance(a.owner, ir.Block) and isinstance(b.owner, ir.Block)):
            return False
        if a.owner == block and b.owner == block:
            return a.arg_number % 2 == 0 and b.arg_number == a.arg_number + 1
        return a == b and a.owner != block
    pa, pb = _defining(a, inside), _defining(b, inside)
    if pa is None or pb is None:
        return pa is None and pb is None and a == b        # one value from outside the region
    memo_key = (hash(a), hash(b))
    if memo_key in memo:
        return memo[memo_key]
    ok = (pa.name == pb.name and pa.name not in _NOT_PURE and not len(pa.regions) and not len(pb.regions)
          and _result_number(a) == _result_number(b) and len(pa.operands) == len(pb.operands)
          and _attributes(pa) == _attributes(pb)
          and [str(r.type) for r in pa.results] == [str(r.type) for r in pb.results]
          and all(_mirrored(x, y, block, inside, memo) for x, y in zip(pa.operands, pb.operands)))
    memo[memo_key] = ok
    return ok


def _result_number(v: ir.Value) -> int:
    return ir.OpResult(v).result_number


def _attributes(op) -> list:
    attrs = op.attributes
    return sorted((attrs[k].name, str(attrs[k].attr)) for k in range(len(attrs)))
