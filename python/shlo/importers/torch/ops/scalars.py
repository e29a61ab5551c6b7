"""Python-level nodes of an exported graph: tuple indexing and the arithmetic on symbolic
sizes (`operator.mul`, `sym_size`, ...), computed on rank-0 i64 values, and on SymFloats
(`torch.sym_float`, `/`, `math.trunc`: an interpolation's scale) as rank-0 f64 values."""
from __future__ import annotations

from mlir import ir

from ..registry import converts


@converts("operator.getitem")
def getitem(cx, seq, i):
    return seq[i]


@converts("sym_size")
def sym_size(cx, x, dim):
    return cx.dim(x, dim % cx.rank(x))


@converts("sym_numel")
def sym_numel(cx, x):
    n = 1
    for s in cx.sizes_of(x):
        n = _mul(cx, n, s)
    return n


@converts("sym_stride")
def sym_stride(cx, x, dim):
    sizes = cx.sizes_of(x)
    n = 1
    for s in sizes[dim % len(sizes) + 1:]:
        n = _mul(cx, n, s)
    return n


@converts("sym_storage_offset")
def sym_storage_offset(cx, x):
    return 0


def _is_float(cx, a) -> bool:
    return isinstance(a, float) or isinstance(a, ir.Value) and cx.element(a) == "f64"


def _float_value(cx, a):
    """A size or float as a rank-0 f64 value (Python's float arithmetic on SymFloats)."""
    if isinstance(a, ir.Value):
        return cx.convert(a, "f64")
    return cx.const(float(a), "f64")


def _lift(cx, a, b):
    if _is_float(cx, a) or _is_float(cx, b):       # a SymFloat operand: double arithmetic
        return _float_value(cx, a), _float_value(cx, b)
    return cx.size_value(a), cx.size_value(b)


def _mul(cx, a, b):
    if isinstance(a, int) and isinstance(b, int):
        return a * b
    return cx.op("multiply", *_lift(cx, a, b))


def _arith(name, py):
    def convert(cx, a, b):
        if not isinstance(a, ir.Value) and not isinstance(b, ir.Value):
            return py(a, b)
        return cx.op(name, *_lift(cx, a, b))
    return convert


import operator  # noqa: E402

converts("operator.add")(_arith("add", operator.add))
converts("operator.sub")(_arith("subtract", operator.sub))
converts("operator.mul")(_arith("multiply", operator.mul))


@converts("operator.truediv")
def truediv(cx, a, b):
    if not isinstance(a, ir.Value) and not isinstance(b, ir.Value):
        return a / b
    return cx.op("divide", _float_value(cx, a), _float_value(cx, b))


@converts("torch.sym_float")
def sym_float(cx, a):
    return float(a) if not isinstance(a, ir.Value) else _float_value(cx, a)


def _to_int(rounding, py):
    """A SymFloat rounded to a size (math.trunc / floor / ceil, torch.sym_int)."""
    def convert(cx, a):
        if not isinstance(a, ir.Value):
            return py(a)
        if cx.element(a) != "f64":
            return a
        if rounding == "trunc":      # toward zero: floor of |a|, sign restored
            r = cx.op("multiply", cx.op("sign", a), cx.op("floor", cx.op("abs", a)))
        else:
            r = cx.op(rounding, a)
        return cx.convert(r, "i64")
    return convert


import math  # noqa: E402

converts("math.trunc", "torch.sym_int")(_to_int("trunc", math.trunc))
converts("math.floor")(_to_int("floor", math.floor))
converts("math.ceil")(_to_int("ceil", math.ceil))


@converts("operator.floordiv")
def floordiv(cx, a, b):
    if not isinstance(a, ir.Value) and not isinstance(b, ir.Value):
        return a // b
    from ..importer import _floor_div
    return _floor_div(cx, *_lift(cx, a, b))


@converts("operator.mod")
def mod(cx, a, b):
    if not isinstance(a, ir.Value) and not isinstance(b, ir.Value):
        return a % b
    from ..importer import _floor_div
    a, b = _lift(cx, a, b)
    return cx.op("subtract", a, cx.op("multiply", _floor_div(cx, a, b), b))


@converts("operator.neg")
def neg(cx, a):
    return -a if not isinstance(a, ir.Value) else cx.op("negate", a)


@converts("sym_max", "torch.sym_max")
def sym_max(cx, a, b):
    return max(a, b) if not isinstance(a, ir.Value) and not isinstance(b, ir.Value) else cx.op(
        "maximum", *_lift(cx, a, b))


@converts("sym_min", "torch.sym_min")
def sym_min(cx, a, b):
    return min(a, b) if not isinstance(a, ir.Value) and not isinstance(b, ir.Value) else cx.op(
        "minimum", *_lift(cx, a, b))


def _compare(direction, py):
    """A comparison of sizes (e.g. torch.cond's predicate on a symbolic size): a Python bool, or
    a rank-0 i1 value."""
    def convert(cx, a, b):
        if not isinstance(a, ir.Value) and not isinstance(b, ir.Value):
            return py(a, b)
        return cx.op("compare", *_lift(cx, a, b), comparison_direction=direction)
    return convert


for _name, _dir in {"gt": "GT", "ge": "GE", "lt": "LT", "le": "LE", "eq": "EQ", "ne": "NE"}.items():
    converts(f"operator.{_name}")(_compare(_dir, getattr(operator, _name)))


@converts("torch.sym_ite")
def sym_ite(cx, cond, a, b):
    """`a if cond else b` on sizes (item() of a bool tensor makes one): Python values when the
    condition is known, else a select of rank-0 i64 values."""
    if not isinstance(cond, ir.Value):
        return a if cond else b
    return cx.op("select", cond, *_lift(cx, a, b))
