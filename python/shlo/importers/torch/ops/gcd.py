"""gcd and lcm of integers, as eager computes them: Euclid's algorithm on |a| and |b| (one shlo
`while` over the whole tensor that runs until every element's divisor is 0; at most ~92 steps
for i64, Fibonacci's bound), and lcm = |a / gcd * b| (0 where gcd is 0). Exact for every integer
type with eager's wrap-around: |INT_MIN| stays INT_MIN, so gcd(INT_MIN, 0) is INT_MIN, and lcm's
product wraps; types narrower than 32 bits take lcm's product and |.| in i32 and wrap once after
(C++ promotes them to int there: int8 lcm(6, 25) is -106, not |-106|)."""
from __future__ import annotations

from .. import dtypes
from ..registry import converts
from .elementwise import k, operands
from .reductions import reduce1


def _abs(cx, x):
    return x if dtypes.is_unsigned(cx.element(x)) else cx.op("abs", x)


def _euclid(cx, a, b):
    """gcd(|a|, |b|) element-wise: while a != 0 anywhere, (a, b) <- (b % a, a) where a != 0."""
    state = [_abs(cx, a), _abs(cx, b)]

    def going(x, _):
        return reduce1(cx, cx.op("compare", x, k(cx, 0, x), comparison_direction="NE"),
                       list(range(cx.rank(x))), "or", False)

    def step(x, y):
        zero = cx.op("compare", x, k(cx, 0, x), comparison_direction="EQ")
        safe = cx.op("select", zero, k(cx, 1, x), x)          # finished elements divide by 1, unused
        rest = cx.op("remainder", y, safe)
        return [cx.op("select", zero, x, rest), cx.op("select", zero, y, x)]
    return cx.while_loop(state, going, step)[1]


def _integer_operands(cx, a, b, name):
    element = cx.out_element()
    if not dtypes.is_int(element):
        raise cx.error(f"{name} is defined on integer tensors only, not {element}")
    return operands(cx, a, b)


@converts("gcd")
def gcd(cx, a, b):
    a, b = _integer_operands(cx, a, b, "gcd")
    return _euclid(cx, a, b)


@converts("lcm")
def lcm(cx, a, b):
    a, b = _integer_operands(cx, a, b, "lcm")
    g = _euclid(cx, a, b)
    zero = cx.op("compare", g, k(cx, 0, g), comparison_direction="EQ")
    # gcd is -1 for some pairs with INT_MIN (|INT_MIN| < 0), where INT_MIN / -1 overflows (eager's
    # int32 kernel traps); a / -1 is -a, which wraps to INT_MIN
    minus_one = cx.op("compare", g, k(cx, -1, g), comparison_direction="EQ") \
        if not dtypes.is_unsigned(cx.element(g)) else None
    unsafe = zero if minus_one is None else cx.op("or", zero, minus_one)
    q = cx.op("divide", a, cx.op("select", unsafe, k(cx, 1, g), g))
    if minus_one is not None:
        q = cx.op("select", minus_one, cx.op("negate", a), q)
    element = cx.element(g)
    if int(element.lstrip("ui")) < 32:
        q, b = cx.convert(q, "i32"), cx.convert(b, "i32")
    product = cx.convert(_abs(cx, cx.op("multiply", q, b)), element)
    return cx.op("select", zero, k(cx, 0, g), product)
