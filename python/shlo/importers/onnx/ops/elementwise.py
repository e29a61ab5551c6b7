"""Element-wise ONNX ops: arithmetic, math functions, comparisons, logic, bit ops, casts,
activations.

ONNX element-wise ops take operands of one element type with numpy broadcasting
(opset >= 7); operands are broadcast to the common shape before the shlo op.
Where later opsets only widened the type constraints the converter of the first
version in range serves them all; where the semantics changed (Clip's bounds
became inputs, Pow took mixed types) the converter branches or a later `since`
takes over. The special-value rules that later opsets spelled out (Mod's float
cases, BitShift's large shift amounts) are followed for every opset: earlier
versions left those cases undefined.
"""
from __future__ import annotations

import math

from .. import dtypes
from ..checks import check_broadcast
from ..registry import converts

# Largest finite value of the f8 types, what a saturating Cast clamps to.
F8_MAX = {"f8E4M3FN": 448.0, "f8E4M3FNUZ": 240.0, "f8E5M2": 57344.0, "f8E5M2FNUZ": 57344.0}
NO_INF = {"f8E4M3FN", "f8E4M3FNUZ", "f8E5M2FNUZ"}          # float types without infinities


# ----------------------------------------------------------------------------- helpers

def broadcast_all(cx, *xs):
    """The operands broadcast to their common (numpy) shape."""
    sizes = cx.broadcast_sizes(*xs)
    check_broadcast(cx, [cx.sizes_of(x) for x in xs], sizes, "the operands' shapes")
    return [cx.broadcast(x, sizes) for x in xs]


def k(cx, value, like):
    """A constant of like's element type, splatted to like's sizes."""
    return cx.const(value, cx.element(like), cx.sizes_of(like))


def cmp(cx, a, b, direction):
    return cx.op("compare", a, b, comparison_direction=direction)


def select(cx, p, a, b):
    return cx.op("select", p, a, b)


def is_float(cx, x) -> bool:
    return dtypes.is_float(cx.element(x))


def is_unsigned(cx, x) -> bool:
    return dtypes.is_unsigned(cx.element(x))


def _binary(shlo_name):
    def convert(cx, a, b):
        return cx.op(shlo_name, *broadcast_all(cx, a, b))
    return convert


def _unary(shlo_name):
    def convert(cx, x):
        return cx.op(shlo_name, x)
    return convert


def _chlo(name):
    """A CHLO decomposition (shared with the JAX importer: f16/bf16 are computed in f32); over
    `?` sizes per element (chlo.elementwise)."""
    def convert(cx, x):
        from ...chlo import elementwise
        return elementwise(cx, name, x)
    return convert


# ----------------------------------------------------------------------------- arithmetic

for _onnx, _shlo in {"Add": "add", "Sub": "subtract", "Mul": "multiply"}.items():
    converts(_onnx, since=7)(_binary(_shlo))


@converts("Div", since=7)
def div(cx, a, b):
    # integer division truncates in ONNX (as in C), as shlo.divide does
    return cx.op("divide", *broadcast_all(cx, a, b))


@converts("Mod", since=10)
def mod(cx, a, b, fmod=0):
    a, b = broadcast_all(cx, a, b)
    r = cx.op("remainder", a, b)          # C's fmod: the sign of the dividend
    if fmod:
        return r
    if is_unsigned(cx, r):
        return r
    zero = k(cx, 0, r)
    # a nonzero remainder whose sign differs from the divisor's moves by one divisor
    fix = cx.op("and", cmp(cx, r, zero, "NE"),
                cmp(cx, cmp(cx, r, zero, "LT"), cmp(cx, b, zero, "LT"), "NE"))
    out = select(cx, fix, cx.op("add", r, b), r)
    if is_float(cx, r):
        # a zero result takes the divisor's sign (as numpy / Python: 0.0 % -5 is -0.0)
        signed_zero = cx.op("multiply", zero, cx.op("sign", b))
        out = select(cx, cmp(cx, r, zero, "EQ"), signed_zero, out)
    return out


@converts("Pow", since=7)
def pow_(cx, base, exponent):
    """The result has the base's type (mixed types from opset 12): an integer base with a
    float exponent is raised in f64 and truncated back, as onnxruntime does."""
    base, exponent = broadcast_all(cx, base, exponent)
    eb, ee = cx.element(base), cx.element(exponent)
    if eb == ee:
        return cx.op("power", base, exponent)
    if dtypes.is_float(eb):
        return cx.op("power", base, cx.convert(exponent, eb))
    if dtypes.is_float(ee):
        r = cx.op("power", cx.convert(base, "f64"), cx.convert(exponent, "f64"))
        return cx.convert(r, eb)
    return cx.op("power", base, cx.convert(exponent, eb))


@converts("Neg", since=6)
def neg(cx, x):
    return cx.op("negate", x)


@converts("Abs", since=6)
def abs_(cx, x):
    return x if is_unsigned(cx, x) else cx.op("abs", x)


@converts("Reciprocal", since=6)
def reciprocal(cx, x):
    return cx.op("divide", k(cx, 1, x), x)


@converts("Sign", since=9)
def sign(cx, x):
    if is_unsigned(cx, x):
        return cx.convert(cmp(cx, x, k(cx, 0, x), "NE"), cx.element(x))
    return cx.op("sign", x)


@converts("Floor", "Ceil", since=6)
def floor_ceil(cx, x):
    return cx.op(cx.node.op_type.lower(), x)


@converts("Round", since=11)
def round_(cx, x):
    return cx.op("round_nearest_even", x)


for _onnx, _shlo in {"Exp": "exponential", "Log": "log", "Sqrt": "sqrt", "Tanh": "tanh",
                     "Sigmoid": "logistic"}.items():
    converts(_onnx, since=6)(_unary(_shlo))

for _onnx, _shlo in {"Sin": "sine", "Cos": "cosine", "Tan": "tan"}.items():
    converts(_onnx, since=7)(_unary(_shlo))

converts("Erf", since=9)(_unary("erf"))

for _onnx in ("Asin", "Acos", "Atan"):
    converts(_onnx, since=7)(_chlo(_onnx.lower()))
for _onnx in ("Sinh", "Cosh", "Asinh", "Acosh", "Atanh"):
    converts(_onnx, since=9)(_chlo(_onnx.lower()))


# ----------------------------------------------------------------------------- variadic

def _variadic(cx, name, xs):
    xs = [x for x in xs if x is not None]
    if not xs:
        raise cx.error("needs at least one input")
    xs = broadcast_all(cx, *xs)
    out = xs[0]
    for x in xs[1:]:
        out = cx.op(name, out, x)
    return out


@converts("Max", since=6)
def max_(cx, *xs):
    # shlo.maximum propagates NaN, as onnxruntime's Max does
    return _variadic(cx, "maximum", xs)


@converts("Min", since=6)
def min_(cx, *xs):
    return _variadic(cx, "minimum", xs)


@converts("Sum", since=6)
def sum_(cx, *xs):
    return _variadic(cx, "add", xs)


@converts("Mean", since=6)
def mean(cx, *xs):
    total = _variadic(cx, "add", xs)
    n = len([x for x in xs if x is not None])
    return cx.op("divide", total, k(cx, n, total))


# ----------------------------------------------------------------------------- comparisons, logic, bits

def _compare(direction):
    def convert(cx, a, b):
        a, b = broadcast_all(cx, a, b)
        return cmp(cx, a, b, direction)
    return convert


converts("Equal", since=7)(_compare("EQ"))
converts("Less", since=7)(_compare("LT"))
converts("Greater", since=7)(_compare("GT"))
converts("LessOrEqual", since=12)(_compare("LE"))
converts("GreaterOrEqual", since=12)(_compare("GE"))


@converts("Not", since=1)
def not_(cx, x):
    return cx.op("not", x)


@converts("BitwiseNot", since=18)
def bitwise_not(cx, x):
    return cx.op("not", x)


for _onnx, _shlo in {"And": "and", "Or": "or", "Xor": "xor"}.items():
    converts(_onnx, since=7)(_binary(_shlo))
for _onnx, _shlo in {"BitwiseAnd": "and", "BitwiseOr": "or", "BitwiseXor": "xor"}.items():
    converts(_onnx, since=18)(_binary(_shlo))


@converts("BitShift", since=11)
def bit_shift(cx, x, y, direction=""):
    # shlo reads the amount as unsigned, so negative and too large amounts shift every bit
    # out (0, or the sign fill to the right), as ONNX (opset 28) specifies
    x, y = broadcast_all(cx, x, y)
    if direction == "LEFT":
        return cx.op("shift_left", x, y)
    if direction == "RIGHT":
        return cx.op("shift_right_logical" if is_unsigned(cx, x) else "shift_right_arithmetic", x, y)
    raise cx.error(f'direction must be "LEFT" or "RIGHT", not {direction!r}')


@converts("Where", since=9)
def where(cx, cond, a, b):
    cond, a, b = broadcast_all(cx, cond, a, b)
    return select(cx, cond, a, b)


@converts("IsNaN", since=9)
def isnan(cx, x):
    return cmp(cx, x, x, "NE")


@converts("IsInf", since=10)
def isinf(cx, x, detect_negative=1, detect_positive=1):
    if cx.element(x) in NO_INF or not (detect_negative or detect_positive):
        return cx.const(False, "i1", cx.sizes_of(x))
    if detect_negative and detect_positive:
        return cmp(cx, cx.op("abs", x), k(cx, math.inf, x), "EQ")
    return cmp(cx, x, k(cx, math.inf if detect_positive else -math.inf, x), "EQ")


# ----------------------------------------------------------------------------- clip

def _clamp(cx, x, lo, hi):
    """max(x, lo) then min(.., hi): numpy's clip, so lo > hi gives hi everywhere."""
    if lo is not None:
        x = cx.op("maximum", x, cx.broadcast(cx.convert(lo, cx.element(x)), cx.sizes_of(x)))
    if hi is not None:
        x = cx.op("minimum", x, cx.broadcast(cx.convert(hi, cx.element(x)), cx.sizes_of(x)))
    return x


@converts("Clip", since=6)
def clip_6(cx, x, min=None, max=None):      # noqa: A002 - the ONNX attribute names
    lo = None if min is None else k(cx, min, x)
    hi = None if max is None else k(cx, max, x)
    return _clamp(cx, x, lo, hi)


@converts("Clip", since=11)
def clip_11(cx, x, lo=None, hi=None):
    return _clamp(cx, x, lo, hi)


# ----------------------------------------------------------------------------- casts

def cast_to(cx, x, to: str, saturate=1):
    """x converted to element `to` with ONNX's Cast rules."""
    src = cx.element(x)
    if src == to:
        return x
    if to in F8_MAX and saturate and src != "i1":
        # saturating f8 cast: out-of-range values and infinities go to the largest finite value
        if not dtypes.is_float(src) or src in F8_MAX:
            x = cx.convert(x, "f32")
        m = F8_MAX[to]
        x = select(cx, cmp(cx, x, k(cx, m, x), "GT"), k(cx, m, x), x)
        x = select(cx, cmp(cx, x, k(cx, -m, x), "LT"), k(cx, -m, x), x)
        return cx.convert(x, to)
    if dtypes.is_int(to) and to != "i64" and dtypes.is_float(src):
        # out of the target's range: truncate to i64, then keep the low bits, as onnxruntime
        # (-3.0 to uint8 gives 253) and the reference for 4-bit types (-9.0 to int4 gives 7) do
        x = cx.convert(x, "i64")
    if src in F8_MAX and to in F8_MAX:
        x = cx.convert(x, "f32")
    return cx.convert(x, to)


def _target(cx, to: int) -> str:
    import onnx
    if to == onnx.TensorProto.STRING:
        raise cx.error("casts to strings are not supported (shlo has no string tensors)")
    return dtypes.element(to)


@converts("Cast", since=6)
def cast(cx, x, to=None, saturate=1, round_mode="up"):
    if to is None:
        raise cx.error("needs the `to` attribute")
    return cast_to(cx, x, _target(cx, to), saturate)


@converts("CastLike", since=15)
def cast_like(cx, x, like, saturate=1, round_mode="up"):
    return cast_to(cx, x, cx.element(like), saturate)


@converts("Identity", since=1)
def identity(cx, x):
    if x is None:
        raise cx.error("only tensor inputs are supported (not sequences or optionals)")
    return x


@converts("Constant", since=1)
def constant(cx, **attrs):
    # dense constants are folded by the importer; what reaches here has no shlo form
    kind = next(iter(attrs), "no value")
    raise cx.error(f"a Constant with {kind} is not supported (no string tensors in shlo)")


# ----------------------------------------------------------------------------- activations

@converts("Relu", since=6)
def relu(cx, x):
    return cx.op("maximum", x, k(cx, 0, x))


@converts("LeakyRelu", since=6)
def leaky_relu(cx, x, alpha=0.01):
    return select(cx, cmp(cx, x, k(cx, 0, x), "GE"), x, cx.op("multiply", x, k(cx, alpha, x)))


@converts("PRelu", since=6)
def prelu(cx, x, slope):
    # slope broadcasts to X (unidirectionally, numpy-aligned)
    slope = cx.broadcast(slope, cx.sizes_of(x))
    return select(cx, cmp(cx, x, k(cx, 0, x), "GE"), x, cx.op("multiply", x, slope))


def _elu_negative(cx, x, alpha):
    """alpha * (exp(x) - 1)."""
    return cx.op("multiply", k(cx, alpha, x), cx.op("exponential_minus_one", x))


@converts("Elu", since=6)
def elu(cx, x, alpha=1.0):
    return select(cx, cmp(cx, x, k(cx, 0, x), "GE"), x, _elu_negative(cx, x, alpha))


@converts("Selu", since=6)
def selu(cx, x, alpha=1.67326319217681884765625, gamma=1.05070102214813232421875):
    r = select(cx, cmp(cx, x, k(cx, 0, x), "GT"), x, _elu_negative(cx, x, alpha))
    return cx.op("multiply", k(cx, gamma, x), r)


@converts("Celu", since=12)
def celu(cx, x, alpha=1.0):
    neg = _elu_negative(cx, cx.op("divide", x, k(cx, alpha, x)), alpha)
    return select(cx, cmp(cx, x, k(cx, 0, x), "GE"), x, neg)


@converts("ThresholdedRelu", since=10)
def thresholded_relu(cx, x, alpha=1.0):
    return select(cx, cmp(cx, x, k(cx, alpha, x), "GT"), x, k(cx, 0, x))


def _hard_sigmoid(cx, x, alpha, beta):
    y = cx.op("add", cx.op("multiply", x, k(cx, alpha, x)), k(cx, beta, x))
    return cx.op("minimum", cx.op("maximum", y, k(cx, 0, x)), k(cx, 1, x))


@converts("HardSigmoid", since=6)
def hard_sigmoid(cx, x, alpha=0.2, beta=0.5):
    return _hard_sigmoid(cx, x, alpha, beta)


@converts("HardSwish", since=14)
def hard_swish(cx, x):
    return cx.op("multiply", x, _hard_sigmoid(cx, x, 1.0 / 6.0, 0.5))


def _softplus(cx, x):
    """log(1 + exp(x)) without overflow: max(x, 0) + log1p(exp(-|x|))."""
    tail = cx.op("log_plus_one", cx.op("exponential", cx.op("negate", cx.op("abs", x))))
    return cx.op("add", cx.op("maximum", x, k(cx, 0, x)), tail)


@converts("Softplus", since=1)
def softplus(cx, x):
    return _softplus(cx, x)


@converts("Softsign", since=1)
def softsign(cx, x):
    return cx.op("divide", x, cx.op("add", k(cx, 1, x), cx.op("abs", x)))


@converts("Mish", since=18)
def mish(cx, x):
    return cx.op("multiply", x, cx.op("tanh", _softplus(cx, x)))


@converts("Gelu", since=20)
def gelu(cx, x, approximate="none"):
    half_x = cx.op("multiply", k(cx, 0.5, x), x)
    if approximate == "tanh":
        cube = cx.op("multiply", cx.op("multiply", x, x), x)
        inner = cx.op("multiply", k(cx, math.sqrt(2.0 / math.pi), x),
                      cx.op("add", x, cx.op("multiply", k(cx, 0.044715, x), cube)))
        t = cx.op("tanh", inner)
    elif approximate == "none":
        t = cx.op("erf", cx.op("multiply", x, k(cx, 1.0 / math.sqrt(2.0), x)))
    else:
        raise cx.error(f'approximate must be "none" or "tanh", not {approximate!r}')
    return cx.op("multiply", half_x, cx.op("add", k(cx, 1, x), t))


@converts("Swish", since=24)
def swish(cx, x, alpha=1.0):
    return cx.op("multiply", x, cx.op("logistic", cx.op("multiply", x, k(cx, alpha, x))))


@converts("Shrink", since=9)
def shrink(cx, x, bias=0.0, lambd=0.5):
    # thresholds compare as floats (integer inputs too, as the reference does)
    xf = x if is_float(cx, x) else cx.convert(x, "f64")
    below = cmp(cx, xf, k(cx, -lambd, xf), "LT")
    above = cmp(cx, xf, k(cx, lambd, xf), "GT")
    b = cx.convert(k(cx, bias, xf), cx.element(x))
    return select(cx, below, cx.op("add", x, b), select(cx, above, cx.op("subtract", x, b), k(cx, 0, x)))

