"""Deprecated and legacy StableHLO ops, rewritten into shlo ops with the same meaning.

StableHLO still parses (and its VHLO keeps) a few ops that its spec has
deprecated or never specified: `dot`, `broadcast`, `create_token`,
`cross-replica-sum`, `einsum`, `unary_einsum`, `torch_index_select`,
`real_dynamic_slice` and `set_dimension_size`. shlo has no such ops; the
StableHLO importer rewrites each into the shlo ops that compute the same
values. `REWRITES` maps the op name without the ``stablehlo.`` prefix to
``fn(b, operands, attrs, result_types) -> list[ir.Value]``, with the same
arguments as the CHLO decompositions (`shlo.importers.chlo`): ``b`` builds
shlo ops, ``attrs`` maps attribute names to their text as jaxlib prints it
(``"array<i64: 16>"``, ``"\\"ab,bc->ac\\""``, ``"0 : i64"``), and
``result_types`` are the op's result types as shlo type strings.

A rewrite that cannot keep the meaning (a run-time size where shlo needs a
static one, an einsum form with a diagonal, ...) raises `LegacyError`, which
the importer reports as `shlo.ImportError` naming the op and its location.
Each rule's docstring says what it produces and why that is the same.
"""
from __future__ import annotations

import re
from typing import Callable

import numpy as np
from mlir import ir

from ..types import element_bits, element_class, type_info

__all__ = ["REWRITES", "LegacyError"]


class LegacyError(Exception):
    """A legacy op whose meaning cannot be written in shlo ops."""


# ----------------------------------------------------------------------------
# small helpers
# ----------------------------------------------------------------------------

def _info(v):
    return type_info(v.type if isinstance(v, ir.Value) else ir.Type.parse(str(v)))


def _static_shape(v, what) -> tuple:
    info = _info(v)
    if info.shape is None or any(d is None for d in info.shape):
        raise LegacyError(f"{what} needs a static shape, got {v.type if isinstance(v, ir.Value) else v}")
    return tuple(info.shape)


def _elem(v) -> str:
    return _info(v).element


def _ttype(shape, element) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def _attr_ints(text: str) -> list:
    """`array<i64: 1, 2>`, `dense<[1, 2]> : tensor<2xi64>` or `3 : i64` -> ints."""
    text = text.strip()
    m = re.fullmatch(r"array<i\d+(?::(.*))?>", text, re.S)
    if m:
        return [int(x) for x in (m.group(1) or "").split(",") if x.strip()]
    m = re.fullmatch(r"dense<(.*)>\s*:.*", text, re.S)
    if m:
        return [int(x) for x in re.findall(r"-?\d+", m.group(1))]
    return [int(re.match(r"-?\d+", text).group(0))]


def _attr_int(attrs, name, default=None):
    if name not in attrs:
        if default is None:
            raise LegacyError(f"missing attribute {name}")
        return default
    return _attr_ints(attrs[name])[0]


def _attr_str(attrs, name) -> str:
    text = attrs[name].strip()
    if not (text.startswith('"') and text.endswith('"')):
        raise LegacyError(f"attribute {name} = {text} is not a string")
    return text[1:-1].encode().decode("unicode_escape")


def _owner_op(v):
    """The operation that defines `v`, or None for a block argument."""
    owner = v.owner
    if not isinstance(owner, ir.Operation) and hasattr(owner, "operation"):
        owner = owner.operation
    return owner if isinstance(owner, ir.Operation) else None


def _constant_value(v):
    """The numpy value of `v` when a `shlo.constant` defines it, else None."""
    owner = _owner_op(v)
    if owner is None or owner.name != "shlo.constant":
        return None
    from ..literals import elements_to_numpy
    return elements_to_numpy(owner.attributes["value"])


def _add_body(op, element, region=0):
    """Fills `op`'s region `region` with `return(add(a, b))` over scalars of `element`."""
    from ..builders import create
    scalar = ir.Type.parse(f"tensor<{element}>")
    block = op.regions[region].blocks.append(scalar, scalar)
    with ir.InsertionPoint(block):
        s = create("add", block.arguments[0], block.arguments[1])
        create("return", [s.result], result_types=[])


def _reduce_sum(b, v, dims):
    """Sum of `v` over `dims` (a `shlo.reduce` with an add body and a zero init)."""
    from ..builders import create
    if not dims:
        return v
    shape, element = _static_shape(v, "a reduction"), _elem(v)
    zero = b.constant(np.zeros((), _numpy_dtype(element)), element=element)
    out_shape = [d for i, d in enumerate(shape) if i not in dims]
    op = create("reduce", [v], [zero], dimensions=sorted(dims), result_types=[_ttype(out_shape, element)],
                loc=b.loc)
    _add_body(op, element)
    return op.results[0]


def _numpy_dtype(element):
    from ..literals import numpy_dtype
    return numpy_dtype(element)


def _transpose_to(b, v, labels, out_labels):
    if list(labels) == list(out_labels):
        return v
    perm = [labels.index(c) for c in out_labels]
    return b.op("transpose", v, permutation=perm)


def _convert_to(b, v, element):
    if _elem(v) == element:
        return v
    return b.op("convert", v, result_types=[_ttype(_static_shape(v, "convert"), element)])


# ----------------------------------------------------------------------------
# the rules
# ----------------------------------------------------------------------------

def _dot(b, operands, attrs, result_types):
    """`dot(lhs, rhs)` -> `dot_general` contracting lhs's last dimension with rhs's first.

    StableHLO's (deprecated) dot takes rank-1 or rank-2 operands and contracts
    `lhs[..., k]` with `rhs[k, ...]` (vector.vector, matrix.vector,
    vector.matrix, matrix.matrix); dot_general with
    `lhs_contracting_dimensions = [rank(lhs) - 1]`, `rhs_contracting_dimensions = [0]`
    and no batch dimensions computes exactly that, with the result dimensions in
    the same order (lhs's free dimension, then rhs's). `precision_config` is kept
    (dropped when all DEFAULT, as for dot_general)."""
    lhs, rhs = operands
    lr, rr = len(_info(lhs).shape), len(_info(rhs).shape)
    if lr not in (1, 2) or rr not in (1, 2):
        raise LegacyError(f"dot takes rank-1 or rank-2 operands, got ranks {lr} and {rr}")
    kw = {}
    if "precision_config" in attrs:
        from .stablehlo import attr_to_shlo
        text = attr_to_shlo("precision_config", attrs["precision_config"])
        if set(re.findall(r"#shlo\.precision<(\w+)>", text)) - {"DEFAULT"}:
            kw["precision_config"] = ir.Attribute.parse(text)
    unknown = set(attrs) - {"precision_config"}
    if unknown:
        raise LegacyError(f"attributes {sorted(unknown)} have no shlo counterpart")
    return [b.op("dot_general", lhs, rhs, result_types=[result_types[0]],
                 dot_dimension_numbers={"lhs_contracting_dimensions": [lr - 1],
                                        "rhs_contracting_dimensions": [0]}, **kw)]


def _broadcast(b, operands, attrs, result_types):
    """`broadcast(x, broadcast_sizes = s)` -> `broadcast_in_dim` into `s ++ shape(x)`.

    The legacy broadcast prepends the dimensions `broadcast_sizes` and keeps the
    operand's own dimensions last; broadcast_in_dim with
    `broadcast_dimensions = [len(s), ..., len(s) + rank(x) - 1]` does the same."""
    (x,) = operands
    sizes = _attr_ints(attrs["broadcast_sizes"])
    rank = len(_static_shape(x, "broadcast"))
    dims = list(range(len(sizes), len(sizes) + rank))
    return [b.op("broadcast_in_dim", x, broadcast_dimensions=dims, result_types=[result_types[0]])]


def _create_token(b, operands, attrs, result_types):
    """`create_token()` -> `after_all()` with no inputs.

    Both produce a fresh token that depends on nothing (StableHLO's own
    legalizations make the same replacement)."""
    return [b.op("after_all", [], result_types=["!shlo.token"])]


def _cross_replica_sum(b, operands, attrs, result_types):
    """`cross-replica-sum(x, replica_groups = g)` -> `all_reduce(x)` with an add body and the same groups.

    cross-replica-sum is XLA's old name for an all-reduce whose reduction is a
    sum; it has no channel, so the all_reduce has none either (cross-replica
    mode)."""
    from ..builders import create
    from .stablehlo import attr_to_shlo
    (x,) = operands
    unknown = set(attrs) - {"replica_groups"}
    if unknown:
        raise LegacyError(f"attributes {sorted(unknown)} have no shlo counterpart")
    groups = ir.Attribute.parse(attr_to_shlo(None, attrs["replica_groups"]))
    op = create("all_reduce", [x], replica_groups=groups, result_types=[result_types[0]], loc=b.loc)
    _add_body(op, _elem(x))
    return [op.results[0]]


def _parse_einsum(config: str, n_operands: int):
    config = config.replace(" ", "")
    if "..." in config:
        raise LegacyError(f"einsum_config {config!r}: ellipses are not supported")
    if "->" not in config:
        raise LegacyError(f"einsum_config {config!r} has no '->'")
    ins, out = config.split("->")
    parts = ins.split(",")
    if n_operands == 1 and len(parts) == 2 and parts[0] == "":
        parts = parts[1:]           # mhlo's unary form ",ab->a"
    if len(parts) != n_operands or not all(re.fullmatch(r"[A-Za-z]*", p) for p in parts + [out]):
        raise LegacyError(f"einsum_config {config!r} does not describe {n_operands} operand(s)")
    for p in parts + [out]:
        if len(set(p)) != len(p):
            raise LegacyError(f"einsum_config {config!r}: a label repeated in one term (a diagonal) "
                              "is not supported")
    if set(out) - set("".join(parts)):
        raise LegacyError(f"einsum_config {config!r}: output labels {sorted(set(out) - set(''.join(parts)))} "
                          "appear in no input")
    return parts, out


def _einsum(b, operands, attrs, result_types):
    """`einsum(lhs, rhs, einsum_config = "ab,bc->ac")` -> `reduce` + `dot_general` + `transpose`.

    The config names each dimension with a letter. A label in both inputs and the
    output is a batch dimension, in both inputs but not the output a contracting
    dimension (summed), in one input and the output a free dimension; a label in
    one input only is summed away first by a `reduce` (add). dot_general then
    returns `batch..., lhs free..., rhs free...` and a `transpose` puts them in
    the output's order. Labels repeated within one term (diagonals) and
    ellipses raise. The element type is the op's result element type."""
    lhs, rhs = operands
    (lp, rp), out = _parse_einsum(_attr_str(attrs, "einsum_config"), 2)
    element = type_info(ir.Type.parse(result_types[0])).element
    lhs, rhs = _convert_to(b, lhs, element), _convert_to(b, rhs, element)
    if len(lp) != len(_static_shape(lhs, "einsum")) or len(rp) != len(_static_shape(rhs, "einsum")):
        raise LegacyError(f"einsum_config terms {lp!r}, {rp!r} do not match the operand ranks")
    # labels only in one operand (and not in the output) are summed away first
    l_only = [i for i, c in enumerate(lp) if c not in rp and c not in out]
    r_only = [i for i, c in enumerate(rp) if c not in lp and c not in out]
    lhs, rhs = _reduce_sum(b, lhs, l_only), _reduce_sum(b, rhs, r_only)
    lp = "".join(c for i, c in enumerate(lp) if i not in l_only)
    rp = "".join(c for i, c in enumerate(rp) if i not in r_only)
    batch = [c for c in lp if c in rp and c in out]
    contract = [c for c in lp if c in rp and c not in out]
    lfree = [c for c in lp if c not in rp]
    rfree = [c for c in rp if c not in lp]
    dnums = {"lhs_batching_dimensions": [lp.index(c) for c in batch],
             "rhs_batching_dimensions": [rp.index(c) for c in batch],
             "lhs_contracting_dimensions": [lp.index(c) for c in contract],
             "rhs_contracting_dimensions": [rp.index(c) for c in contract]}
    v = b.op("dot_general", lhs, rhs, dot_dimension_numbers=dnums)
    return [_transpose_to(b, v, batch + lfree + rfree, list(out))]


def _unary_einsum(b, operands, attrs, result_types):
    """`unary_einsum(x, einsum_config = "ab->a")` -> `reduce` (add) over the labels missing from the
    output, then `transpose` into the output's label order (same rules as einsum)."""
    (x,) = operands
    (p,), out = _parse_einsum(_attr_str(attrs, "einsum_config"), 1)
    element = type_info(ir.Type.parse(result_types[0])).element
    x = _convert_to(b, x, element)
    if len(p) != len(_static_shape(x, "unary_einsum")):
        raise LegacyError(f"einsum_config term {p!r} does not match the operand rank")
    summed = [i for i, c in enumerate(p) if c not in out]
    v = _reduce_sum(b, x, summed)
    kept = [c for i, c in enumerate(p) if i not in summed]
    return [_transpose_to(b, v, kept, list(out))]


def _torch_index_select(b, operands, attrs, result_types):
    """`torch_index_select(x, index, dim = d, batch_dims = n)` -> `gather`.

    torch.index_select: `result[i_0..i_{d-1}, j..., k...] = x[i..., index[i_0..i_{n-1}, j...], k...]`,
    where the first `n` dimensions of `index` and `x` are shared batch
    dimensions; the result shape is `x.shape[:d] ++ index.shape[n:] ++ x.shape[d+1:]`.
    As a gather: every element of `index` is a one-number start index into
    dimension `d` (`index_vector_dim = rank(index)`, `start_index_map = [d]`,
    `collapsed_slice_dims = [d]`, slice size 1 there and full elsewhere), the
    batch dimensions pair up through `operand_batching_dims` /
    `start_indices_batching_dims = [0, ..., n-1]`, and the remaining dimensions
    of `x` are offset dimensions around the index dimensions."""
    x, index = operands
    shape, ishape = _static_shape(x, "torch_index_select"), _static_shape(index, "torch_index_select")
    rank, irank = len(shape), len(ishape)
    d = _attr_int(attrs, "dim")
    n = _attr_int(attrs, "batch_dims", 0)
    d = d + rank if d < 0 else d
    n = n + irank if n < 0 else n
    if not (0 <= n <= d < rank) or n > irank:
        raise LegacyError(f"torch_index_select: dim = {d}, batch_dims = {n} do not fit ranks {rank} and {irank}")
    out_rank = rank - 1 + irank - n
    offset_dims = list(range(n, d)) + list(range(d + irank - n, out_rank))
    sizes = list(shape)
    sizes[d] = 1
    for i in range(n):
        sizes[i] = 1
    dnums = {"offset_dims": offset_dims, "collapsed_slice_dims": [d],
             "operand_batching_dims": list(range(n)), "start_indices_batching_dims": list(range(n)),
             "start_index_map": [d], "index_vector_dim": irank}
    return [b.op("gather", x, index, dimension_numbers=dnums, slice_sizes=sizes,
                 result_types=[result_types[0]])]


def _scalar_parts(b, v, rank):
    """The `rank` elements of a rank-1 tensor `v` as rank-0 tensors."""
    element = _elem(v)
    return [b.op("reshape", b.op("slice", v, start_indices=[i], limit_indices=[i + 1], strides=[1]),
                 result_types=[_ttype((), element)]) for i in range(rank)]


def _dimension_numbers(b, v, rank: int) -> list:
    """The `rank` numbers of a rank-1 dimension tensor `v` as rank-0 i64 tensors.

    An `index` tensor (StableHLO's dimension tensors) cannot be read as data by
    any shlo op, as in StableHLO: only shape operands take it. So it becomes a
    shape: a `dynamic_broadcast_in_dim` of one i1 to the shape `v` names, whose
    `get_dimension_size`s are the numbers (the numbers must be sizes, i.e. at
    least 0, which real_dynamic_slice's start, limit and stride are; the
    broadcast holds prod(v) bytes when it runs)."""
    if _elem(v) != "index":
        return [_convert_to(b, part, "i64") for part in _scalar_parts(b, v, rank)]
    flag = b.constant(np.zeros((), np.bool_), element="i1")
    shaped = b.op("dynamic_broadcast_in_dim", flag, v, broadcast_dimensions=[],
                  result_types=[_ttype(["?"] * rank, "i1")])
    return [b.op("convert", b.op("get_dimension_size", shaped, dimension=d), result_types=["tensor<i64>"])
            for d in range(rank)]


def _offset_from(limit, start):
    """`w` when `limit` is `add(start, w)` or `add(w, start)`, else None.

    JAX writes a dynamic_slice whose sizes are symbolic as `real_dynamic_slice(x, s, s + w, 1)`.
    StableHLO's shape refinement (what XLA runs on a symbolic export) folds `w` to constants
    once the dimension variables are known, but not `(s + w) - s` with a run-time `s`; so the
    sizes are taken from `w` itself."""
    owner = _owner_op(limit)
    if owner is None or owner.name != "shlo.add":
        return None
    a, c = owner.operands
    if a == start:
        return c
    if c == start:
        return a
    return None


# Ops whose value depends on their operands and attributes only: two such ops with the same name,
# attributes, result type and (recursively) operands compute the same value.
_PURE = frozenset("shlo." + n for n in (
    "constant", "add", "subtract", "multiply", "negate", "divide", "remainder", "maximum", "minimum", "clamp",
    "select", "compare", "convert", "reshape", "broadcast_in_dim", "concatenate", "slice", "get_dimension_size",
    "abs", "and", "or", "xor", "not", "iota", "sign", "shift_left", "shift_right_arithmetic",
    "shift_right_logical", "dynamic_slice", "dynamic_broadcast_in_dim", "dynamic_reshape", "transpose"))
_DEPTH = 48   # deeper chains are taken as they are (a start or limit is a handful of ops)


def _size(v) -> int:
    shape = _info(v).shape
    return 1 << 62 if shape is None or any(d is None for d in shape) else int(np.prod(shape, dtype=np.int64))


class _Terms:
    """Elements of small integer tensors as `constant + sum(coefficient * atom)`, modulo
    2^bits, the ring their add / subtract / negate / multiply-by-constant compute in (same-width
    converts only keep it). An atom is an element (flat index) of a value this does not look
    into: a function argument, a dimension size, a clamp, ...; atoms whose ops compute the
    same value (`_PURE`, compared by structure) are one atom. Used for `limit - start`, in
    which the atoms of both cancel, whatever the ops that wrote them."""

    def __init__(self, bits: int):
        self.bits, self.keys, self.atoms = bits, {}, {}

    def key(self, v, depth=0):
        k = self.keys.get(v)
        if k is None:
            owner = _owner_op(v)
            if (owner is None or owner.name not in _PURE or len(owner.regions) or depth > _DEPTH
                    or any(_size(r) > 64 for r in owner.results)):   # no large constants as text
                k = ("value", v)
            else:
                named = (owner.attributes[j] for j in range(len(owner.attributes)))
                attrs = tuple(sorted((str(a.name), str(a.attr)) for a in named))
                number = ir.OpResult(v).result_number
                k = (owner.name, attrs, number, str(v.type), tuple(self.key(o, depth + 1) for o in owner.operands))
            self.keys[v] = k
        return k

    def of(self, v, i: int, depth=0):
        """Element `i` of `v` as (constant, {atom key: coefficient}), or None where `v` is no
        integer tensor of static shape and this width."""
        info = _info(v)
        if (element_class(info.element) not in ("signed", "unsigned") or element_bits(info.element) != self.bits
                or info.shape is None or any(d is None for d in info.shape)):
            return None
        owner = _owner_op(v)
        name = owner.name if owner is not None and depth <= _DEPTH else None
        ops = list(owner.operands) if name else []
        sub = lambda u, j: self.of(u, j, depth + 1)  # noqa: E731
        if name == "shlo.constant":
            flat = np.asarray(_constant_value(v)).reshape(-1)
            return int(flat[0] if flat.size == 1 else flat[i]), {}
        if name in ("shlo.add", "shlo.subtract"):
            a, c = sub(ops[0], i), sub(ops[1], i)
            if a is not None and c is not None:
                return self._sum(a, c, 1 if name == "shlo.add" else -1)
        elif name == "shlo.negate":
            a = sub(ops[0], i)
            if a is not None:
                return self._sum((0, {}), a, -1)
        elif name == "shlo.multiply":
            a, c = sub(ops[0], i), sub(ops[1], i)
            if a is not None and c is not None and (not a[1] or not c[1]):
                k, t = (a[0], c) if not a[1] else (c[0], a)
                return k * t[0], {key: k * n for key, n in t[1].items()}
        elif name in ("shlo.convert", "shlo.reshape"):    # same width; reshape keeps the flat order
            t = sub(ops[0], i)
            if t is not None:
                return t
        elif name == "shlo.broadcast_in_dim" and int(np.prod(_info(ops[0]).shape or [0])) == 1:
            t = sub(ops[0], 0)
            if t is not None:
                return t
        elif name == "shlo.slice" and len(info.shape) == 1:
            first = _attr_ints(str(owner.attributes["start_indices"]))[0]
            step = _attr_ints(str(owner.attributes["strides"]))[0]
            t = sub(ops[0], first + i * step)
            if t is not None:
                return t
        elif name == "shlo.concatenate" and len(info.shape) == 1:
            j = i
            for u in ops:
                n = _info(u).shape[0]
                if j < n:
                    t = sub(u, j)
                    if t is not None:
                        return t
                    break
                j -= n
        key = (self.key(v), i)
        self.atoms.setdefault(key, (v, i))
        return 0, {key: 1}

    def _sum(self, a, c, sign):
        mod = 1 << self.bits
        terms = dict(a[1])
        for key, n in c[1].items():
            terms[key] = (terms.get(key, 0) + sign * n) % mod
        return (a[0] + sign * c[0]) % mod, {key: n for key, n in terms.items() if n % mod}

    def build(self, b, t):
        """The i64 scalar of terms `t`, computed in the signed integer type of this width (exact
        modulo 2^bits; a slice's `limit - start` lies within +-its operand's size)."""
        element, mod = f"i{self.bits}", 1 << self.bits

        def number(n):
            n %= mod
            return b.constant(np.asarray(n - mod if n >= mod // 2 else n, f"int{self.bits}"), element=element)
        acc = None
        for key, n in t[1].items():
            v, i = self.atoms[key]
            shape = _info(v).shape
            if len(shape) != 0:
                flat = b.op("reshape", v, result_types=[_ttype([int(np.prod(shape))], _elem(v))])
                v = b.op("reshape", b.op("slice", flat, start_indices=[i], limit_indices=[i + 1], strides=[1]),
                         result_types=[_ttype((), _elem(v))])
            v = _convert_to(b, v, element)
            term = v if n == 1 else b.op("negate", v) if n == mod - 1 else b.op("multiply", v, number(n))
            acc = term if acc is None else b.op("add", acc, term)
        if t[0] % mod or acc is None:
            acc = number(t[0]) if acc is None else b.op("add", acc, number(t[0]))
        return _convert_to(b, acc, "i64")


def _differences(b, start, limit, rank):
    """`limit[d] - start[d]` as i64 scalars with what both have in common cancelled
    (`_Terms`), or None when nothing cancels or the operands are not integers of one width.

    A limit not written as `start + w` (a start clamped once more for the limit, `(s + 5) + (w - 5)`,
    `s + n - 3` beside `s` and `n - 3`) still differs from its start by terms that do not involve
    the start; the sizes are then computed from those terms alone, which StableHLO's shape
    refinement folds once the dimension sizes are known."""
    element = _elem(start)
    # signed only: 0 <= start, limit < 2^(bits-1), so the difference fits the type; an unsigned
    # one may not, and the exact i64 subtraction stays
    if element_class(element) != "signed" or _elem(limit) != element:
        return None
    terms = _Terms(element_bits(element))
    out, cancelled = [], False
    for d in range(rank):
        lo, hi = terms.of(start, d), terms.of(limit, d)
        if lo is None or hi is None:
            return None
        t = terms._sum(hi, lo, -1)
        cancelled |= len(t[1]) < len(lo[1]) + len(hi[1])
        out.append(t)
    return [terms.build(b, t) for t in out] if cancelled else None


def _real_dynamic_slice_dynamic(b, x, start, limit, strides, result_type):
    """real_dynamic_slice whose sizes are known only at run time (a dynamic result, or `index`
    operands): the sizes `max(0, ceil((limit - start) / stride))` are computed as i64 scalars, the
    index grid `start + iota * stride` is built at that run-time shape (dynamic_iota,
    dynamic_broadcast_in_dim) and a `gather` takes one element per grid point. When `limit` is
    `start + w` (JAX's form), `limit - start` is `w` (`_offset_from`); otherwise, when the start's
    terms cancel from the limit's (`_differences`), the sizes are built from what is left. Either
    way they depend on `w` only, which XLA's shape refinement folds to constants once the
    dimension sizes are known (not `(s + w) - s` with a run-time `s`). A difference that depends
    on data stays a run-time size: shlo runs it, XLA has no static shape for it. Constant strides
    must be positive (a zero stride would divide by zero)."""
    rank = len(_info(x).shape)
    steps = _constant_value(strides)
    if steps is not None and any(int(k) < 1 for k in np.asarray(steps).reshape(-1)):
        raise LegacyError(f"strides {[int(k) for k in np.asarray(steps).reshape(-1)]} must be positive")
    s = _dimension_numbers(b, start, rank)
    width = _offset_from(limit, start)
    if width is not None:
        w = _dimension_numbers(b, width, rank)
    else:
        w = _differences(b, start, limit, rank) or [
            b.op("subtract", lim, s0) for lim, s0 in zip(_dimension_numbers(b, limit, rank), s)]
    st = _dimension_numbers(b, strides, rank)
    one = b.constant(np.ones((), np.int64), element="i64")
    zero = b.constant(np.zeros((), np.int64), element="i64")
    sizes = []
    for d in range(rank):
        span = b.op("subtract", b.op("add", w[d], st[d]), one)
        n = b.op("maximum", b.op("divide", span, st[d]), zero)
        sizes.append(b.op("reshape", n, result_types=["tensor<1xi64>"]))
    sizes.append(b.op("reshape", one, result_types=["tensor<1xi64>"]))      # the index vector's dimension
    grid_shape = b.op("concatenate", sizes, dimension=0, result_types=[_ttype([rank + 1], "i64")])
    grid = _ttype(["?"] * rank + [1], "i64")
    cols = []
    for d in range(rank):
        iota = b.op("dynamic_iota", grid_shape, iota_dimension=d, result_types=[grid])
        s0 = b.op("dynamic_broadcast_in_dim", s[d], grid_shape, broadcast_dimensions=[], result_types=[grid])
        k = b.op("dynamic_broadcast_in_dim", st[d], grid_shape, broadcast_dimensions=[], result_types=[grid])
        cols.append(b.op("add", s0, b.op("multiply", iota, k)))
    idx = cols[0] if rank == 1 else b.op(
        "concatenate", cols, dimension=rank, result_types=[_ttype(["?"] * rank + [rank], "i64")])
    dnums = {"offset_dims": [], "collapsed_slice_dims": list(range(rank)), "start_index_map": list(range(rank)),
             "index_vector_dim": rank}
    return [b.op("gather", x, idx, dimension_numbers=dnums, slice_sizes=[1] * rank, result_types=[result_type])]


def _is_static(v) -> bool:
    shape = _info(v).shape
    return shape is not None and all(d is not None for d in shape)


def _real_dynamic_slice(b, operands, attrs, result_types):
    """`real_dynamic_slice(x, start, limit, strides)` -> `slice`, `dynamic_slice` (+ `slice`), or `gather`.

    The result is `x[start[d] : limit[d] : strides[d]]` in every dimension `d`
    (start, limit and strides are rank-1 tensors). When the sizes are known
    only at run time (a dynamic operand or result, or `index` operands that no
    shlo op reads as data), `_real_dynamic_slice_dynamic` computes them and
    gathers the index grid at that run-time shape. Otherwise, for the static
    result type `r`:

    * all three operands constant: `slice` with those numbers;
    * strides constant: `dynamic_slice` of a window of `(r[d] - 1) * strides[d] + 1`
      elements from `start`, then a constant-stride `slice` when some stride is not 1;
    * strides known only at run time: `gather` of the index grid
      `start[d] + iota_d * strides[d]`, one element per result element.

    Starts whose window would leave the operand are undefined behaviour in
    StableHLO; the dynamic_slice form clamps them (its own semantics) and the
    gather form clamps each index."""
    x, start, limit, strides = operands
    run_time = [v for v in (start, limit, strides) if _constant_value(v) is None]
    if (not _is_static(x) or not _is_static(result_types[0])
            or any(_elem(v) == "index" for v in run_time)):
        return _real_dynamic_slice_dynamic(b, x, start, limit, strides, result_types[0])
    rshape = _static_shape(result_types[0], "real_dynamic_slice with a dynamic result shape")
    shape = _static_shape(x, "real_dynamic_slice")
    rank = len(shape)
    cs, cl, cst = _constant_value(start), _constant_value(limit), _constant_value(strides)
    if cs is not None and cl is not None and cst is not None:
        return [b.op("slice", x, start_indices=[int(v) for v in cs], limit_indices=[int(v) for v in cl],
                     strides=[int(v) for v in cst], result_types=[result_types[0]])]
    if cst is not None:
        steps = [int(v) for v in cst]
        if any(s < 1 for s in steps):
            raise LegacyError(f"strides {steps} must be positive")
        window = [(r - 1) * s + 1 if r > 0 else 0 for r, s in zip(rshape, steps)]
        v = b.op("dynamic_slice", x, _scalar_parts(b, start, rank), slice_sizes=window,
                 result_types=[_ttype(window, _elem(x))])
        if any(s != 1 for s in steps):
            v = b.op("slice", v, start_indices=[0] * rank, limit_indices=window, strides=steps,
                     result_types=[result_types[0]])
        return [v]
    # run-time strides: gather one element per result element
    ielt = _elem(start)
    st = _convert_to(b, strides, ielt) if _elem(strides) != ielt else strides
    starts, steps = _scalar_parts(b, start, rank), _scalar_parts(b, st, rank)
    grid = list(rshape)
    cols = []
    for d in range(rank):
        iota = b.op("iota", iota_dimension=d, result_types=[_ttype(grid, ielt)])
        s0 = b.op("broadcast_in_dim", starts[d], broadcast_dimensions=[], result_types=[_ttype(grid, ielt)])
        k = b.op("broadcast_in_dim", steps[d], broadcast_dimensions=[], result_types=[_ttype(grid, ielt)])
        col = b.op("add", s0, b.op("multiply", iota, k))
        cols.append(b.op("reshape", col, result_types=[_ttype(grid + [1], ielt)]))
    idx = cols[0] if rank == 1 else b.op("concatenate", cols, dimension=rank)
    dnums = {"offset_dims": [], "collapsed_slice_dims": list(range(rank)), "start_index_map": list(range(rank)),
             "index_vector_dim": rank}
    return [b.op("gather", x, idx, dimension_numbers=dnums, slice_sizes=[1] * rank,
                 result_types=[result_types[0]])]


def _set_dimension_size(b, operands, attrs, result_types):
    """`set_dimension_size(x, size, dimension = d)`: dimension `d` of the result has `size` elements.

    In XLA the op marks the valid prefix of a (bounded) dynamic dimension; the
    data is not moved. shlo has only static shapes here, so for a static operand
    and result:

    * `size` a constant equal to the static size of `d` (operand and result):
      the op changes nothing, the operand is the result;
    * `size` a constant `k` smaller than the operand's dimension, with a result
      type of static size `k` there: the valid prefix is the result, a `slice`
      of the first `k` elements (what a consumer of the dynamic dimension sees);
    * anything else (a size only known at run time, a size that contradicts the
      result type, a dynamic operand) raises: a run-time size would make the
      shape dynamic, which shlo cannot express, and silently ignoring the size
      would change the meaning."""
    x, size = operands
    d = _attr_int(attrs, "dimension")
    shape = _static_shape(x, "set_dimension_size")
    rshape = _static_shape(result_types[0], "set_dimension_size")
    k = _constant_value(size)
    if k is None:
        raise LegacyError(f"the size of dimension {d} is known only at run time; shlo has no "
                          "dynamically sized dimensions (bounded dynamism)")
    k = int(np.asarray(k).reshape(()))
    if not 0 <= d < len(shape):
        raise LegacyError(f"dimension {d} out of range for rank {len(shape)}")
    if k == shape[d] and tuple(rshape) == tuple(shape):
        return [x]
    expected = list(shape)
    expected[d] = k
    if 0 <= k < shape[d] and list(rshape) == expected:
        return [b.op("slice", x, start_indices=[0] * len(shape), limit_indices=expected,
                     strides=[1] * len(shape), result_types=[result_types[0]])]
    raise LegacyError(f"size {k} for dimension {d} of {_ttype(shape, _elem(x))} does not match the "
                      f"result type {result_types[0]}")


REWRITES: dict[str, Callable] = {
    "dot": _dot,
    "broadcast": _broadcast,
    "create_token": _create_token,
    "cross-replica-sum": _cross_replica_sum,
    "einsum": _einsum,
    "unary_einsum": _unary_einsum,
    "torch_index_select": _torch_index_select,
    "real_dynamic_slice": _real_dynamic_slice,
    "set_dimension_size": _set_dimension_size,
}
