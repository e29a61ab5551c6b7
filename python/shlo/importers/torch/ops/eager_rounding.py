"""ATen ops kept out of torch's decompositions (`KEPT_WHOLE`) because eager's CPU kernels round a
16-bit float result's intermediates otherwise than the decomposed graph does; converted here as
those kernels compute, so that f16 / bf16 results match eager's bits (f32 / f64 results are the
decompositions' formulas, with nothing to round).

Measured over 3000 elements against eager (`/work/scratch/torch20/probe.py`): the decomposed
xlogy / xlog1py differed in 750-790 f16 / bf16 elements (eager rounds log(y) to 16 bits before
the product), logit in 240-280 (eager rounds 1 - x and the quotient), addcmul / addcdiv with a 0-d
f32 tensor operand in 10-590 (eager casts it to the 16-bit common dtype, the graph multiplies by
it unrounded); addcmul of f32 in 455 (eager's is an FMA); softshrink in 160-390 (the graph rounds
lambda to 16 bits, eager compares and subtracts in f32 with lambda unrounded); mvlgamma in
300-1000 (`/work/scratch/torch20/mvlgamma_formula.py`: eager runs its ops in the 16-bit type);
lerp in 650-760 f32 elements (eager's is an FMA, `/work/scratch/torch20/fma_f32.py`).
"""
from __future__ import annotations

import math

from ..registry import converts
from .elementwise import _in_f32, fma, k, operands, rounded_to

# the overloads run_decompositions leaves whole (see importers/torch/__init__.py's _decompose)
KEPT_WHOLE = ("xlogy.Tensor", "xlogy.Scalar_Self", "xlogy.Scalar_Other",
              "special_xlog1py.default", "special_xlog1py.self_scalar", "special_xlog1py.other_scalar",
              "logit.default", "addcmul.default", "addcdiv.default", "softshrink.default",
              "mvlgamma.default", "lerp.Scalar", "lerp.Tensor")

# of those, the ones torch also decomposes by a Python kernel on the Autograd key (torch/_refs),
# which export's retracing runs whatever the table says: _decompose lifts it for the retrace
AUTOGRAD_DECOMPOSED = ("softshrink.default",)


@converts("xlogy", "special_xlog1py")
def xlogy(cx, x, y):
    """x * log(y) (log1p(y)): 0 where x == 0, NaN where y is NaN. Eager's kernel rounds the log
    to the 16-bit type (c10's log of a Half is a Half), then the product."""
    out = cx.out_element()
    wide = _in_f32(cx, out)
    x, y = (cx.convert(v, wide) for v in operands(cx, x, y))
    log = "log" if cx.node.target.__name__.startswith("xlogy") else "log_plus_one"
    product = cx.op("multiply", x, rounded_to(cx, cx.op(log, y), out))
    r = cx.op("select", cx.op("compare", x, k(cx, 0, x), comparison_direction="EQ"), k(cx, 0, x), product)
    r = cx.op("select", cx.op("compare", y, y, comparison_direction="NE"), k(cx, math.nan, y), r)
    return cx.convert(r, out)


@converts("logit")
def logit(cx, x, eps=None):
    """log(x / (1 - x)), x clamped to [eps, 1 - eps] when eps is given and not 0. Eager's 16-bit
    kernel clamps to eps and 1 - eps rounded to the type, and rounds 1 - x and the quotient."""
    out = cx.out_element()
    wide = _in_f32(cx, out)
    (x,) = operands(cx, x)
    if eps is not None and eps != 0:
        lo = cx.const(eps, out, cx.sizes_of(x))
        hi = cx.convert(cx.op("subtract", k(cx, 1, lo), lo), out)
        # x < lo ? lo : (x > hi ? hi : x), as eager: NaN stays NaN
        x = cx.op("select", cx.op("compare", x, hi, comparison_direction="GT"), hi, x)
        x = cx.op("select", cx.op("compare", x, lo, comparison_direction="LT"), lo, x)
    x = cx.convert(x, wide)
    one_minus = rounded_to(cx, cx.op("subtract", k(cx, 1, x), x), out)
    return cx.convert(cx.op("log", rounded_to(cx, cx.op("divide", x, one_minus), out)), out)


@converts("softshrink")
def softshrink(cx, x, lambd=0.5):
    """x - lambd above lambd, x + lambd below -lambd, else x * 0 (NaN stays NaN); eager's 16-bit
    kernel compares and subtracts in f32 with lambd unrounded."""
    out = cx.out_element()
    (x,) = operands(cx, x)
    x = cx.convert(x, _in_f32(cx, out))
    lam = k(cx, lambd, x)
    above = cx.op("compare", x, lam, comparison_direction="GT")
    below = cx.op("compare", x, cx.op("negate", lam), comparison_direction="LT")
    r = cx.op("select", above, cx.op("subtract", x, lam),
              cx.op("select", below, cx.op("add", x, lam), cx.op("multiply", x, k(cx, 0, x))))
    return cx.convert(r, out)


@converts("addcmul", "addcdiv")
def addcmul_addcdiv(cx, x, t1, t2, value=1):
    """x + value * t1 * t2 (/ t2): every operand cast to the result's type first (a 0-d f32 tensor
    too, as eager's TensorIterator does), then computed in f32 for f16 / bf16 and rounded once.
    Eager's f16 / bf16 / f32 addcmul is one FMA, x + (value * t1) * t2 rounded once (its kernels
    are built with FP contraction): made here in f64, where the f32 product is exact (the sum's
    f64 rounding then f32's is a double rounding, off only on an f32 midpoint). Without it 455 of
    3000 f32 elements and 1 in 3000 bf16 ones differed from eager."""
    out = cx.out_element()
    wide = _in_f32(cx, out)
    x, t1, t2 = (cx.convert(v, wide) for v in operands(cx, x, t1, t2))
    if value != 1:         # an integer result takes value truncated, as eager's value.to<int64_t>()
        t1 = cx.op("multiply", k(cx, value, t1), t1)
    if cx.node.target.__name__.startswith("addcdiv"):
        return cx.convert(cx.op("add", x, cx.op("divide", t1, t2)), out)
    return cx.convert(fma(cx, t1, t2, x), out)


@converts("mvlgamma")
def mvlgamma(cx, x, p):
    """sum over i < p of lgamma(x + (i + 1 - p) / 2), plus p (p - 1) log(pi) / 4, as eager's
    composite computes it: each step an op of x's type (x + c rounded, lgamma computed in f32 and
    rounded, the sum accumulated in f32 and rounded, then the constant, rounded to the type, added
    in f32 and rounded)."""
    from ...chlo import elementwise
    out = cx.out_element()
    wide = _in_f32(cx, out)
    (x,) = operands(cx, x)
    total = None
    for i in range(p):
        shifted = rounded_to(cx, cx.op("add", cx.convert(x, wide), k(cx, (i + 1 - p) / 2, cx.convert(x, wide))), out)
        term = rounded_to(cx, elementwise(cx, "lgamma", shifted), out)
        total = term if total is None else cx.op("add", total, term)
    total = rounded_to(cx, total, out)
    constant = cx.convert(cx.const(p * (p - 1) * math.log(math.pi) / 4, out, cx.sizes_of(total)), wide)
    return cx.convert(cx.op("add", total, constant), out)


@converts("lerp")
def lerp(cx, start, end, weight):
    """start + weight * (end - start) as eager's vectorized kernel: one FMA, coeff * (end - start)
    + base, with (coeff, base) = (weight, start) where |weight| < 0.5, else (weight - 1, end); in
    f32 for f16 / bf16, a number weight unrounded (a tensor one is of the 16-bit type)."""
    out = cx.out_element()
    wide = _in_f32(cx, out)
    start, end = (cx.convert(v, wide) for v in operands(cx, start, end))
    if isinstance(weight, (int, float)):
        weight = cx.const(weight, wide, cx.out_sizes())
    else:
        weight = cx.convert(cx.tensor(weight, out, cx.out_sizes()), wide)
    size = cx.op("abs", weight)                         # real, also for a complex weight
    small = cx.op("compare", size, k(cx, 0.5, size), comparison_direction="LT")
    coeff = cx.op("select", small, weight, cx.op("subtract", weight, k(cx, 1, weight)))
    base = cx.op("select", small, start, end)
    return cx.convert(fma(cx, coeff, cx.op("subtract", end, start), base), out)
