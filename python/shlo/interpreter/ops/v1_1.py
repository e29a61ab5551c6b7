"""Ops and attributes new in shlo 1.1.0: `erf`, and exponential's `result_accuracy`.

`erf` is evaluated in float64 with math.erf (correctly rounded to within an
ulp of float64 on every platform CPython supports) and rounded once to the
result type. exponential's `result_accuracy` needs nothing here: the
interpreter already evaluates exp in float64 and rounds once, which meets
HIGHEST for every float type narrower than f64.
"""
from __future__ import annotations

import math

import numpy as np

from .elementwise import finish, kind, op, to_f64

_erf = np.frompyfunc(math.erf, 1, 1)


@op("erf")
def erf(ctx, operand):
    e, r = ctx.operand_types[0].element, ctx.result_types[0].element
    if kind(e) != "float":
        raise TypeError(f"shlo.erf takes floats, not {e}")
    x = to_f64(operand)
    return finish(np.asarray(_erf(x), dtype=np.float64).reshape(np.shape(x)), r)
