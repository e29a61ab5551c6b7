"""Element-wise ATen ops: arithmetic, math functions, comparisons, logic, bit ops, where,
dtype conversion.

PyTorch's type promotion is made explicit: operands are converted to the
node's output dtype (arithmetic) or to the promoted dtype of the operands
(comparisons, whose output is bool), and broadcast to the output's sizes, so
every shlo op sees operands of one type and shape.
"""
from __future__ import annotations

import math

import numpy as np
from mlir import ir

from .. import dtypes
from ..registry import converts


# ----------------------------------------------------------------------------- helpers

def result_element(cx, *xs) -> str:
    """torch.result_type of tensors (values) and Python numbers, as a shlo element type."""
    import torch
    stand_ins = []
    for x in xs:
        if isinstance(x, ir.Value):
            rank = cx.rank(x)
            stand_ins.append(torch.empty((0,) if rank else (), dtype=dtypes.torch_dtype(cx.element(x))))
        elif x is not None:
            stand_ins.append(x)
    r = stand_ins[0] if isinstance(stand_ins[0], torch.Tensor) else torch.tensor(stand_ins[0])
    for x in stand_ins[1:]:
        r = torch.empty((0,) if r.dim() else (), dtype=torch.result_type(r, x)) if isinstance(x, torch.Tensor) \
            else torch.empty((0,) if r.dim() else (), dtype=torch.result_type(r, x))
    return dtypes.element(r.dtype)


def operands(cx, *xs, element=None):
    """Every operand converted to `element` (default: the output's) and broadcast to the
    output's sizes."""
    element = element or cx.out_element()
    sizes = cx.out_sizes()
    return [cx.tensor(x, element, sizes) for x in xs]


def same(cx, x, element=None):
    """x (a value) converted to `element` (default: the output's)."""
    return cx.tensor(x, element or cx.out_element())


def k(cx, value, like):
    """A constant of like's element type, broadcast to like's sizes."""
    return cx.const(value, cx.element(like), cx.sizes_of(like))


def _unary(shlo_name):
    """One shlo math op; f16 / bf16 computed in f32 and rounded once, as eager's CPU kernels do
    (shlo's f16 logistic and expm1 are XLA's f16 formulas, each step rounded: 1 in 3 and 1 in 4
    elements of sigmoid / expm1 differed from eager; rsqrt rounded its sqrt)."""
    def convert(cx, x):
        x = same(cx, x)
        element = cx.element(x)
        return cx.convert(cx.op(shlo_name, cx.convert(x, _in_f32(cx, element))), element)
    return convert


def _chlo(name):
    """A CHLO decomposition (shared with the JAX importer) on the output's element type; over
    `?` sizes per element (chlo.elementwise: an ImportError before)."""
    def convert(cx, x):
        from ...chlo import elementwise
        return elementwise(cx, name, same(cx, x))
    return convert


# ----------------------------------------------------------------------------- arithmetic

def rounded_to(cx, v, element: str):
    """v rounded to `element` and back in its own type: an eager kernel's intermediate stored in a
    narrower type (scalar_t) before the next step reads it."""
    return cx.convert(cx.convert(v, element), cx.element(v))


def _in_f32(cx, element: str) -> str:
    """The element eager's CPU kernels compute `element` in for math functions and where a scalar
    factor is involved (alpha, a slope): f32 for f16 / bf16, rounded once at the end (each step
    rounded to f16 instead, 1 in 10 to 1 in 4 elements of leaky_relu(x, 0.3), x + 0.3 * y, gelu
    or log2 differed from eager)."""
    return "f32" if element in ("f16", "bf16") else element


def fma(cx, a, b, c):
    """a * b + c rounded once, as eager's vectorized kernels (fmadd, or FP contraction) compute in
    f32: made in f64, where the product of two f32 is exact (the f64 sum rounded again to f32 is
    a double rounding, off only on an f32 midpoint). Other types: a multiply and an add."""
    if cx.element(a) != "f32":
        return cx.op("add", cx.op("multiply", a, b), c)
    a, b, c = (cx.convert(v, "f64") for v in (a, b, c))
    return cx.convert(cx.op("add", cx.op("multiply", a, b), c), "f32")


@converts("add")
def add(cx, a, b, alpha=1):
    out = cx.out_element()
    if out == "i1":
        a, b = operands(cx, a, b)
        return cx.op("or", a, b) if alpha else a        # a + False * b is a
    if alpha == 1:
        return cx.op("add", *operands(cx, a, b))
    # eager's add is fmadd(b, alpha, a): one rounding in f32 (a product rounded first: 564 of
    # 3000 f32 elements of x + 0.3 * y differed)
    a, b = _rounded_then_in_f32(cx, a, b, out)
    return cx.convert(fma(cx, b, _alpha(cx, alpha, b, out), a), out)


@converts("sub", "rsub")
def sub(cx, a, b, alpha=1):
    if cx.node.target.__name__.startswith("rsub"):
        a, b = b, a
        alpha_on_first = True
    else:
        alpha_on_first = False
    out = cx.out_element()
    if alpha == 1:
        return cx.op("subtract", *operands(cx, a, b))
    # eager's sub is add(a, b, -alpha): fmadd(b, -alpha, a), as add
    a, b = _rounded_then_in_f32(cx, a, b, out)
    if alpha_on_first:
        return cx.convert(fma(cx, a, cx.op("negate", _alpha(cx, alpha, a, out)), b), out)
    return cx.convert(fma(cx, b, cx.op("negate", _alpha(cx, alpha, b, out)), a), out)


def _rounded_then_in_f32(cx, a, b, out: str):
    """add / sub's operands with an alpha: each rounded to the result's dtype (eager casts a 0-d
    f32 tensor to it, as any operand), then in f32 for f16 / bf16 (x + 0.3 * t, t a 0-d f32
    tensor, differed from eager in 255 of 3000 f16 elements with t unrounded)."""
    return [cx.convert(v, _in_f32(cx, out)) for v in operands(cx, a, b)]


def _alpha(cx, alpha, like, out: str):
    """add / sub's alpha: eager rounds it to the result's dtype (then computes in f32 for f16 /
    bf16: `like` is f32 there)."""
    return cx.convert(cx.const(alpha, out, cx.sizes_of(like)), cx.element(like))


def _by_f32_scalar(cx, b) -> bool:
    """Whether eager computes `a * b` / `a / b` in f32 and rounds once: a 16-bit float result and
    a scalar b (a Python number or a 0-d f32 / f64 tensor), which eager's CPU kernels take as an
    f32 number. With b rounded to f16 first, 1 in 6 elements of x * 0.7071 is 1 ulp off eager."""
    if cx.out_element() not in ("f16", "bf16") or isinstance(b, bool):
        return False
    if isinstance(b, (int, float)):
        return True
    return isinstance(b, ir.Value) and cx.rank(b) == 0 and cx.element(b) in ("f32", "f64")


@converts("mul")
def mul(cx, a, b):
    if _by_f32_scalar(cx, b):
        return cx.convert(cx.op("multiply", *operands(cx, a, b, element="f32")), cx.out_element())
    a, b = operands(cx, a, b)
    return cx.op("and" if cx.out_element() == "i1" else "multiply", a, b)


@converts("div")
def div(cx, a, b, rounding_mode=None):
    element = cx.out_element()
    if _by_f32_scalar(cx, b):
        a, b = operands(cx, a, b, element="f32")
        q = cx.op("divide", a, b) if rounding_mode is None else \
            trunc_value(cx, cx.op("divide", a, b)) if rounding_mode == "trunc" else _float_floor_divide(cx, a, b)
        return cx.convert(q, element)
    a, b = operands(cx, a, b)
    if rounding_mode is None:
        return cx.op("divide", a, b)
    if dtypes.is_int(element):
        q = cx.op("divide", a, b)
        return q if rounding_mode == "trunc" else _floor_adjust(cx, a, b, q)
    if rounding_mode == "trunc":
        return trunc_value(cx, cx.op("divide", a, b))
    return _float_floor_divide(cx, a, b)


@converts("floor_divide")
def floor_divide(cx, a, b):
    return div(cx, a, b, rounding_mode="floor")


def _floor_adjust(cx, a, b, q):
    """Integer q = trunc(a / b) made floor(a / b)."""
    zero = k(cx, 0, q)
    r = cx.op("subtract", a, cx.op("multiply", q, b))
    signs_differ = cx.op("compare", cx.op("compare", r, zero, comparison_direction="LT"),
                         cx.op("compare", b, zero, comparison_direction="LT"), comparison_direction="NE")
    fix = cx.op("and", cx.op("compare", r, zero, comparison_direction="NE"), signs_differ)
    return cx.op("subtract", q, cx.convert(fix, cx.element(q)))


def _float_floor_divide(cx, a, b):
    """PyTorch's float floor division: through fmod, so that a == b * q + r holds as in Python."""
    mod = cx.op("remainder", a, b)
    div = cx.op("divide", cx.op("subtract", a, mod), b)
    zero = k(cx, 0.0, a)
    fix = cx.op("and", cx.op("compare", mod, zero, comparison_direction="NE"),
                cx.op("compare", cx.op("compare", b, zero, comparison_direction="LT"),
                      cx.op("compare", mod, zero, comparison_direction="LT"), comparison_direction="NE"))
    div = cx.op("select", fix, cx.op("subtract", div, k(cx, 1.0, div)), div)
    floored = cx.op("floor", div)
    up = cx.op("compare", cx.op("subtract", div, floored), k(cx, 0.5, div), comparison_direction="GT")
    floored = cx.op("select", up, cx.op("add", floored, k(cx, 1.0, div)), floored)
    # b == 0: a / b (inf or nan), as PyTorch
    return cx.op("select", cx.op("compare", b, zero, comparison_direction="EQ"), cx.op("divide", a, b), floored)


@converts("remainder")
def remainder(cx, a, b):
    """Python's modulo: the result has the divisor's sign."""
    a, b = operands(cx, a, b)
    r = cx.op("remainder", a, b)
    zero = k(cx, 0, r)
    fix = cx.op("and", cx.op("compare", r, zero, comparison_direction="NE"),
                cx.op("compare", cx.op("compare", r, zero, comparison_direction="LT"),
                      cx.op("compare", b, zero, comparison_direction="LT"), comparison_direction="NE"))
    return cx.op("select", fix, cx.op("add", r, b), r)


@converts("fmod")
def fmod(cx, a, b):
    return cx.op("remainder", *operands(cx, a, b))


@converts("pow")
def pow_(cx, a, b):
    element = cx.out_element()
    a, b = operands(cx, a, b)
    if dtypes.is_float(element) or dtypes.is_complex(element):
        return cx.op("power", a, b)
    return cx.op("power", a, b)


@converts("neg")
def neg(cx, x):
    return cx.op("negate", same(cx, x))


@converts("abs")
def abs_(cx, x):
    if cx.element(x) == "i1":
        return x
    return cx.op("abs", x)


@converts("reciprocal")
def reciprocal(cx, x):
    x = same(cx, x)
    return cx.op("divide", k(cx, 1, x), x)


@converts("maximum", "fmax")
def maximum(cx, a, b):
    return _minmax(cx, "maximum", a, b)


@converts("minimum", "fmin")
def minimum(cx, a, b):
    return _minmax(cx, "minimum", a, b)


def _minmax(cx, name, a, b):
    a, b = operands(cx, a, b)
    if cx.out_element() == "i1":
        return cx.op("or" if name == "maximum" else "and", a, b)
    r = cx.op(name, a, b)
    if cx.node.target.__name__.startswith(("fmax", "fmin")):   # NaN only when both are NaN
        r = cx.op("select", cx.op("compare", a, a, comparison_direction="NE"), b,
                  cx.op("select", cx.op("compare", b, b, comparison_direction="NE"), a, r))
    return r


@converts("clamp", "clamp_min", "clamp_max", "hardtanh")
def clamp(cx, x, lo=None, hi=None):
    name = cx.node.target.__name__
    if name.startswith("clamp_max"):
        lo, hi = None, lo
    element = cx.out_element()
    sizes = cx.out_sizes()          # tensor bounds may broadcast x to a larger shape
    x = cx.tensor(x, element, sizes)
    # bools order False < True: max is or, min is and (eager clamps bool tensors by tensors)
    larger, smaller = ("or", "and") if element == "i1" else ("maximum", "minimum")
    if lo is not None:
        x = cx.op(larger, x, cx.tensor(lo, element, sizes))
    if hi is not None:
        x = cx.op(smaller, x, cx.tensor(hi, element, sizes))
    return x


# ----------------------------------------------------------------------------- math functions

for _aten, _shlo in {"exp": "exponential", "expm1": "exponential_minus_one", "log": "log",
                     "log1p": "log_plus_one", "sqrt": "sqrt", "rsqrt": "rsqrt", "sin": "sine",
                     "cos": "cosine", "tan": "tan", "tanh": "tanh", "sigmoid": "logistic",
                     "erf": "erf"}.items():
    converts(_aten)(_unary(_shlo))

for _aten in ("asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh", "erfinv", "lgamma"):
    converts(_aten)(_chlo({"erfinv": "erf_inv"}.get(_aten, _aten)))


@converts("exp2")
def exp2(cx, x):
    x = same(cx, x)
    return cx.op("power", k(cx, 2.0, x), x)


@converts("log2", "log10")
def log_base(cx, x):
    x = same(cx, x)
    element = cx.element(x)
    x = cx.convert(x, _in_f32(cx, element))
    base = 2.0 if cx.node.target.__name__.startswith("log2") else 10.0
    return cx.convert(cx.op("divide", cx.op("log", x), k(cx, math.log(base), x)), element)


@converts("atan2")
def atan2(cx, a, b):
    return cx.op("atan2", *operands(cx, a, b))


@converts("sign", "sgn")
def sign(cx, x):
    if cx.element(x) == "i1":
        return x
    s = cx.op("sign", x)
    if dtypes.is_float(cx.element(x)):      # torch.sign(nan) is 0
        s = cx.op("select", cx.op("compare", x, x, comparison_direction="NE"), k(cx, 0, x), s)
    return s


@converts("floor", "ceil")
def floor_ceil(cx, x):
    if not dtypes.is_float(cx.element(x)):
        return x
    return cx.op("floor" if cx.node.target.__name__.startswith("floor") else "ceil", x)


def trunc_value(cx, x):
    return cx.op("select", cx.op("compare", x, k(cx, 0.0, x), comparison_direction="LT"),
                 cx.op("ceil", x), cx.op("floor", x))


@converts("trunc", "fix")
def trunc(cx, x):
    return trunc_value(cx, x) if dtypes.is_float(cx.element(x)) else x


@converts("frac")
def frac(cx, x):
    return cx.op("subtract", x, trunc_value(cx, x))


@converts("round")
def round_(cx, x, decimals=0):
    if not dtypes.is_float(cx.element(x)):
        return x
    if decimals == 0:
        return cx.op("round_nearest_even", x)
    # f16 / bf16 in f32, rounded once, as eager (each step rounded: 1 in 10 f16 elements of
    # round(x, decimals=2) off, and x * 100 could overflow)
    element = cx.element(x)
    x = cx.convert(x, _in_f32(cx, element))
    scale = k(cx, 10.0 ** abs(decimals), x)
    if decimals > 0:
        r = cx.op("divide", cx.op("round_nearest_even", cx.op("multiply", x, scale)), scale)
    else:
        r = cx.op("multiply", cx.op("round_nearest_even", cx.op("divide", x, scale)), scale)
    return cx.convert(r, element)


@converts("relu")
def relu(cx, x):
    return cx.op("maximum", x, k(cx, 0, x))


@converts("leaky_relu")
def leaky_relu(cx, x, negative_slope=0.01):
    element = cx.element(x)
    x = cx.convert(x, _in_f32(cx, element))
    pos = cx.op("compare", x, k(cx, 0, x), comparison_direction="GT")
    return cx.convert(cx.op("select", pos, x, cx.op("multiply", x, k(cx, negative_slope, x))), element)


@converts("elu")
def elu(cx, x, alpha=1.0, scale=1.0, input_scale=1.0):
    element = cx.element(x)
    x = cx.convert(x, _in_f32(cx, element))
    pos = cx.op("compare", x, k(cx, 0, x), comparison_direction="GT")
    neg = cx.op("multiply", k(cx, alpha * scale, x),
                cx.op("exponential_minus_one", cx.op("multiply", x, k(cx, input_scale, x))))
    return cx.convert(cx.op("select", pos, cx.op("multiply", x, k(cx, scale, x)), neg), element)


@converts("gelu")
def gelu(cx, x, approximate="none"):
    element = cx.element(x)
    x = cx.convert(x, _in_f32(cx, element))
    half = k(cx, 0.5, x)
    one = k(cx, 1.0, x)
    if approximate == "tanh":
        cube = cx.op("multiply", cx.op("multiply", x, x), x)
        inner = cx.op("multiply", k(cx, math.sqrt(2.0 / math.pi), x),
                      cx.op("add", x, cx.op("multiply", k(cx, 0.044715, x), cube)))
        r = cx.op("multiply", cx.op("multiply", half, x), cx.op("add", one, cx.op("tanh", inner)))
    else:
        t = cx.op("erf", cx.op("multiply", x, k(cx, 1.0 / math.sqrt(2.0), x)))
        r = cx.op("multiply", cx.op("multiply", half, x), cx.op("add", one, t))
    return cx.convert(r, element)


@converts("silu")
def silu(cx, x):
    return cx.op("multiply", x, cx.op("logistic", x))


# ----------------------------------------------------------------------------- comparisons and logic

def _compare(direction):
    def convert(cx, a, b):
        element = result_element(cx, a, b)
        a, b = operands(cx, a, b, element=element)
        if element == "i1" and direction not in ("EQ", "NE"):
            a, b = cx.convert(a, "ui8"), cx.convert(b, "ui8")
        return cx.op("compare", a, b, comparison_direction=direction)
    return convert


for _aten, _dir in {"eq": "EQ", "ne": "NE", "lt": "LT", "le": "LE", "gt": "GT", "ge": "GE"}.items():
    converts(_aten)(_compare(_dir))


def truth(cx, x, sizes=None):
    """x != 0 as a bool tensor."""
    if isinstance(x, ir.Value):
        if cx.element(x) == "i1":
            return x if sizes is None else cx.broadcast(x, sizes)
        z = k(cx, 0, x)
        t = cx.op("compare", x, z, comparison_direction="NE")
        return t if sizes is None else cx.broadcast(t, sizes)
    return cx.const(bool(x), "i1", sizes or ())


def _logical(name):
    def convert(cx, a, b):
        sizes = cx.out_sizes()
        r = cx.op(name, truth(cx, a, sizes), truth(cx, b, sizes))
        return cx.convert(r, cx.out_element())
    return convert


for _aten, _op in {"logical_and": "and", "logical_or": "or", "logical_xor": "xor"}.items():
    converts(_aten)(_logical(_op))


@converts("logical_not")
def logical_not(cx, x):
    return cx.convert(cx.op("not", truth(cx, x)), cx.out_element())


for _aten, _op in {"bitwise_and": "and", "bitwise_or": "or", "bitwise_xor": "xor"}.items():
    converts(_aten)(lambda cx, a, b, _op=_op: cx.op(_op, *operands(cx, a, b)))


@converts("bitwise_not")
def bitwise_not(cx, x):
    return cx.op("not", x)


@converts("bitwise_left_shift", "__lshift__")
def shift_left(cx, a, b):
    return cx.op("shift_left", *operands(cx, a, b))


@converts("bitwise_right_shift", "__rshift__")
def shift_right(cx, a, b):
    a, b = operands(cx, a, b)
    name = "shift_right_logical" if dtypes.is_unsigned(cx.element(a)) else "shift_right_arithmetic"
    return cx.op(name, a, b)


@converts("isnan")
def isnan(cx, x):
    if not (dtypes.is_float(cx.element(x)) or dtypes.is_complex(cx.element(x))):
        return cx.const(False, "i1", cx.sizes_of(x))
    return cx.op("compare", x, x, comparison_direction="NE")


@converts("isinf")
def isinf(cx, x):
    if not dtypes.is_float(cx.element(x)):
        return cx.const(False, "i1", cx.sizes_of(x))
    return cx.op("compare", cx.op("abs", x), k(cx, math.inf, x), comparison_direction="EQ")


@converts("isfinite")
def isfinite(cx, x):
    if not dtypes.is_float(cx.element(x)):
        return cx.const(True, "i1", cx.sizes_of(x))
    return cx.op("is_finite", x)


@converts("where")
def where(cx, cond, a, b):
    sizes = cx.out_sizes()
    a, b = operands(cx, a, b)
    return cx.op("select", truth(cx, cond, sizes), a, b)


# ----------------------------------------------------------------------------- conversion and copies

def to_element(cx, x, element: str):
    """x converted to `element` with PyTorch's rules (to bool: x != 0)."""
    if cx.element(x) == element:
        return x
    if element == "i1":
        return truth(cx, x)
    if dtypes.is_complex(cx.element(x)) and not dtypes.is_complex(element):
        x = cx.op("real", x)
    return cx.convert(x, element)


@converts("_to_copy", "to", "type_as", "_to_dtype", "convert_element_type", "prims.convert_element_type")
def to_copy(cx, x, *args, **kwargs):
    return to_element(cx, x, cx.out_element())


@converts("clone", "alias", "lift_fresh_copy", "detach", "contiguous", "_assert_tensor_metadata_noop")
def identity(cx, x, *args, **kwargs):
    return x


@converts("copy")
def copy(cx, dst, src, non_blocking=False):
    return cx.broadcast(to_element(cx, src, cx.element(dst)), cx.sizes_of(dst))


@converts("fill")
def fill(cx, x, value):
    return cx.tensor(value, cx.out_element(), cx.out_sizes())


@converts("scalar_tensor")
def scalar_tensor(cx, value, **kwargs):
    return cx.const(value, cx.out_element())


@converts("_local_scalar_dense", "item")
def local_scalar_dense(cx, x):
    # item() of a one-element tensor of any rank is a scalar
    return cx.reshape(x, []) if cx.rank(x) else x


@converts("real")
def real(cx, x):
    return cx.op("real", x) if dtypes.is_complex(cx.element(x)) else x


@converts("imag")
def imag(cx, x):
    return cx.op("imag", x)


@converts("conj_physical", "_conj_physical", "conj", "_conj", "resolve_conj", "resolve_neg")
def conj(cx, x):
    if not dtypes.is_complex(cx.element(x)):
        return x
    return cx.op("complex", cx.op("real", x), cx.op("negate", cx.op("imag", x)))


@converts("complex")
def complex_(cx, re, im):
    return cx.op("complex", *operands(cx, re, im, element=cx.element(re)))


@converts("view_as_real")
def view_as_real(cx, x):
    parts = [cx.op(n, x) for n in ("real", "imag")]
    sizes = cx.sizes_of(x) + [1]
    return cx.op("concatenate", [cx.reshape(p, sizes) for p in parts], dimension=len(sizes) - 1)


_ = np
