#!/usr/bin/env python3
"""Generates the conformance suite: self-checking shlo programs in conformance/<op>/<case>.mlir.

Each program is a `func.func @main()` without arguments: it builds its inputs
with `shlo.constant`, applies the op under test and checks every result with a
`check.expect_eq_const` / `check.expect_close_const` custom_call whose
`expected` literal comes from an INDEPENDENT oracle: JAX (jax.lax, whose ops map
one-to-one onto StableHLO ops) on CPU, or plain numpy where JAX has no
counterpart (structural ops, total-order compares, quantization, collectives
on one process). Nothing here imports the shlo interpreter; only shlo.literals
is used, to print dense literals exactly.

    gen_conformance.py            regenerate conformance/ (removes stale programs)
    gen_conformance.py --check    regenerate in memory; exit 1 if conformance/ differs

Needs jax (CPU) in the environment; the tests that run the programs do not.
Deterministic: fixed seeds, sorted output. Programs that found interpreter bugs
are listed in EXCLUDED (and in conformance/README.md) and not written.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import ml_dtypes  # noqa: E402
import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "python"))

import jax  # noqa: E402

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402

from shlo.context import default_context  # noqa: E402
from shlo.literals import numpy_dtype, numpy_to_elements  # noqa: E402

OUT = ROOT / "conformance"

# Programs that the interpreter fails although the oracle is right: kept out of
# the checked-in suite (the suite must pass) and listed in README.md. Key: "op/case".
EXCLUDED: dict[str, str] = {}

# (op, case, reason) for cases the oracle cannot produce; reported in README.md.
SKIPPED: list[tuple[str, str, str]] = []

# ----------------------------------------------------------------------------- types

SINT = ["i8", "i16", "i32", "i64"]
UINT = ["ui8", "ui16", "ui32", "ui64"]
INT4 = ["i4", "ui4"]
FLOAT = ["bf16", "f16", "f32", "f64"]
F8 = ["f8E4M3FN", "f8E5M2"]
CPLX = ["complex<f32>", "complex<f64>"]
BOOL = ["i1"]


WIDE = {"bf16": "f32", "f8E4M3FN": "f32", "f8E5M2": "f32", "i4": "i8", "ui4": "ui8"}


def is_float(e):
    return e in FLOAT or e in F8


def is_int(e):
    return e in SINT or e in UINT or e in INT4


def is_signed(e):
    return e in SINT or e == "i4"


def is_cplx(e):
    return e in CPLX


def bits(e):
    return {"i1": 1, "i4": 4, "ui4": 4, "bf16": 16, "f16": 16, "f32": 32, "f64": 64, "f8E4M3FN": 8,
            "f8E5M2": 8, "complex<f32>": 64, "complex<f64>": 128}.get(e) or int(e.lstrip("ui"))


def bits_int(e):
    """The signed integer type of the same width as float type e."""
    return f"i{bits(e)}"


def dt(e):
    return numpy_dtype(e)


def tname(e):
    return e.replace("<", "").replace(">", "")


def ttype(shape, e):
    return "tensor<" + "".join(f"{d}x" for d in shape) + e + ">"


def fn(shape, e):  # short alias
    return ttype(tuple(shape), e)


# ----------------------------------------------------------------------------- literals

_CTX = default_context()


def literal(arr, e) -> str:
    arr = np.asarray(arr)
    if arr.size == 0:
        return f"dense<> : {ttype(arr.shape, e)}"
    if e == "i1":
        arr = arr.astype(bool)

        def nest(a):
            return ("true" if a else "false") if a.ndim == 0 else "[" + ", ".join(nest(x) for x in a) + "]"
        return f"dense<{nest(arr)}> : {ttype(arr.shape, e)}"
    with _CTX:
        return str(numpy_to_elements(np.asarray(arr).astype(dt(e)), e, context=_CTX))


# ----------------------------------------------------------------------------- programs

def default_tol(e):
    base = e[8:-1] if is_cplx(e) else e
    return {"f64": (1e-12, 1e-14), "f32": (2e-6, 1e-7), "f16": (2e-3, 1e-4), "bf16": (1e-2, 1e-3),
            "f8E4M3FN": (0.13, 1e-2), "f8E5M2": (0.26, 1e-2)}.get(base, (1e-6, 0.0))


class P:
    """A self-checking program under construction."""

    def __init__(self):
        self.lines, self.n, self.funcs = [], 0, []

    def fresh(self, p="v"):
        self.n += 1
        return f"%{p}{self.n}"

    def const(self, arr, e):
        arr = np.asarray(arr)
        t = ttype(arr.shape, e)
        if is_cplx(e):
            # complex constants are built from their parts (see README: verifier bug on complex literals)
            part = "f32" if e == "complex<f32>" else "f64"
            arr = arr.astype(dt(e))
            re_, im_ = self.const(arr.real, part), self.const(arr.imag, part)
            tp = ttype(arr.shape, part)
            return self.op(f'"shlo.complex"({re_}, {im_}) : ({tp}, {tp}) -> {t}')
        if e in WIDE and arr.size > 100:
            # MLIR prints big literals as a hex blob, which shlo.literals cannot read back for
            # these types (see README): build them from an exactly representable wider constant.
            w = self.const(arr.astype(dt(e)).astype(dt(WIDE[e])), WIDE[e])
            return self.op(f'"shlo.convert"({w}) : ({ttype(arr.shape, WIDE[e])}) -> {t}')
        name = self.fresh("c")
        self.lines.append(f"{name} = shlo.constant {{value = {literal(arr, e)}}} : () -> {t}")
        return name

    def op(self, text, nres=1):
        """`text` is everything right of '='; returns the result name(s)."""
        name = self.fresh()
        if nres == 1:
            self.lines.append(f"{name} = {text}")
            return name
        self.lines.append(f"{name}:{nres} = {text}")
        return [f"{name}#{i}" for i in range(nres)]

    def raw(self, text):
        self.lines.append(text)

    def check(self, name, expected, e, close=False, tol=None):
        expected = np.asarray(expected)
        if is_cplx(e):
            # complex literals in backend_config crash the verifier (see README): check the parts
            part = "f32" if e == "complex<f32>" else "f64"
            t, tp = ttype(expected.shape, e), ttype(expected.shape, part)
            re_ = self.op(f'"shlo.real"({name}) : ({t}) -> {tp}')
            im_ = self.op(f'"shlo.imag"({name}) : ({t}) -> {tp}')
            ex = expected.astype(dt(e))
            self.check(re_, ex.real, part, close, tol or (default_tol(e) if close else None))
            return self.check(im_, ex.imag, part, close, tol or (default_tol(e) if close else None))
        if e in WIDE and expected.size > 100:
            wide = self.op(f'"shlo.convert"({name}) : ({ttype(expected.shape, e)}) -> {ttype(expected.shape, WIDE[e])}')
            if close and tol is None:
                tol = default_tol(e)
            return self.check(wide, expected.astype(dt(e)).astype(dt(WIDE[e])), WIDE[e], close, tol)
        t = ttype(expected.shape, e)
        cfg = f"expected = {literal(expected, e)}"
        target = "check.expect_eq_const"
        if close:
            rtol, atol = tol or default_tol(e)
            cfg += f", rtol = {rtol:.3e} : f64, atol = {atol:.3e} : f64"
            target = "check.expect_close_const"
        self.lines.append(
            f'"shlo.custom_call"({name}) {{call_target_name = "{target}", has_side_effect = true, '
            f"api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, "
            f"backend_config = {{{cfg}}}}} : ({t}) -> ()")

    def check_signs(self, name, expected, e):
        """Checks the sign bits of a float result (-0.0 vs 0.0), except where the result is NaN."""
        expected = np.asarray(expected)
        if not is_float(e):
            return
        f64 = expected.astype(np.float64)
        if not np.any(f64 == 0):
            return  # only worth it where signed zeros occur
        shape, it = expected.shape, bits_int(e)
        t, ti, tb = ttype(shape, e), ttype(shape, it), ttype(shape, "i1")
        b = self.op(f'"shlo.bitcast_convert"({name}) : ({t}) -> {ti}')
        k = self.const(np.full(shape, bits(e) - 1), it)
        s = self.op(f'"shlo.shift_right_logical"({b}, {k}) : ({ti}, {ti}) -> {ti}')
        ok = self.op(f'"shlo.compare"({name}, {name}) {{comparison_direction = #shlo.comparison_direction<EQ>}} '
                     f": ({t}, {t}) -> {tb}")
        z = self.const(np.zeros(shape), it)
        sel = self.op(f'"shlo.select"({ok}, {s}, {z}) : ({tb}, {ti}, {ti}) -> {ti}')
        signs = np.where(np.isnan(f64), 0, np.signbit(f64).astype(np.int64))
        self.check(sel, signs, it)

    def text(self):
        body = "\n".join("  " + ln for ln in self.lines)
        out = f"func.func @main() {{\n{body}\n  func.return\n}}\n"
        for f in self.funcs:
            out += f
        return out


PROGRAMS: dict[str, dict[str, str]] = {}


def emit(op, case, prog: P, header=""):
    key = f"{op}/{case}"
    if key in EXCLUDED:
        return
    assert case not in PROGRAMS.setdefault(op, {}), key
    head = f"// {op}: {header}\n" if header else ""
    PROGRAMS[op][case] = head + prog.text()


# ----------------------------------------------------------------------------- data

RNG = np.random.default_rng(20240611)


def sample(e, shape, kind="normal", rng=None):
    """Deterministic sample values of element type e."""
    rng = rng or RNG
    n = int(np.prod(shape))
    if e == "i1":
        return rng.integers(0, 2, n).astype(bool).reshape(shape)
    if is_int(e):
        info = ml_dtypes.iinfo(dt(e)) if e in INT4 else np.iinfo(dt(e))
        if kind == "small":
            lo, hi = (max(info.min, -9), min(info.max, 9))
        elif kind == "pos":
            lo, hi = 1, min(info.max, 9)
        else:
            lo, hi = int(info.min), int(info.max)
        return rng.integers(lo, hi, n, endpoint=True, dtype=np.int64 if e != "ui64" else np.uint64) \
            .astype(dt(e)).reshape(shape)
    if is_cplx(e):
        re = rng.normal(size=n) * 2
        im = rng.normal(size=n) * 2
        return (re + 1j * im).astype(dt(e)).reshape(shape)
    if kind == "pos":
        v = rng.uniform(0.1, 4.0, n)
    elif kind == "unit":
        v = rng.uniform(-0.9, 0.9, n)
    else:
        v = rng.normal(size=n) * 3
    return v.astype(dt(e)).reshape(shape)


def specials(e):
    """Edge values of a float type: signed zeros, infinities, NaN, extremes, halves."""
    if is_cplx(e):
        return None
    fi = ml_dtypes.finfo(dt(e))
    vals = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.5, -2.5, float(fi.max), -float(fi.max), 1.5,
            np.inf, -np.inf, np.nan, 3.0, -3.0]
    # no subnormals: XLA on CPU flushes them to zero (see README)
    return np.array(vals, np.float64).astype(dt(e))


def int_specials(e):
    if e == "i1":
        return np.array([False, True, True, False])
    info = ml_dtypes.iinfo(dt(e)) if e in INT4 else np.iinfo(dt(e))
    vals = [0, 1, 2, 3, int(info.max), int(info.max) - 1, int(info.min), int(info.min) + 1]
    if is_signed(e):
        vals += [-1, -2, -3, 5]
    else:
        vals += [4, 5, 6, 7]
    return np.array(vals, dtype=object).astype(dt(e))


# ----------------------------------------------------------------------------- oracle

def jx(fn_, *args):
    """Runs fn_ on JAX (CPU) and returns numpy results of the same dtypes JAX produced."""
    args = [jnp.asarray(a) for a in args]
    out = fn_(*args)  # eager: op-by-op compilation is cached across cases
    if isinstance(out, (tuple, list)):
        return [np.asarray(o) for o in out]
    return np.asarray(out)


# ============================================================================= elementwise

UNARY = {
    # op: (jax fn, element types, close?, kinds)
    "abs": (lax.abs, SINT + FLOAT + F8 + CPLX + ["i4"], False),
    "negate": (lax.neg, SINT + UINT + FLOAT + F8 + CPLX + INT4, False),
    "ceil": (lax.ceil, FLOAT + F8, False),
    "floor": (lax.floor, FLOAT + F8, False),
    "round_nearest_even": (lambda x: lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN), FLOAT + F8, False),
    "round_nearest_afz": (lambda x: lax.round(x, lax.RoundingMethod.AWAY_FROM_ZERO), FLOAT + F8, False),
    "sign": (lax.sign, SINT + FLOAT + F8 + CPLX, False),  # complex sign (x/|x|) compared with tolerance
    "sqrt": (lax.sqrt, FLOAT + CPLX, True),
    "rsqrt": (lax.rsqrt, FLOAT + CPLX, True),
    "cbrt": (lax.cbrt, FLOAT, True),
    "exponential": (lax.exp, FLOAT + CPLX, True),
    "exponential_minus_one": (lax.expm1, FLOAT + CPLX, True),
    "log": (lax.log, FLOAT + CPLX, True),
    "log_plus_one": (lax.log1p, FLOAT + CPLX, True),
    "logistic": (lax.logistic, FLOAT + CPLX, True),
    "sine": (lax.sin, FLOAT + CPLX, True),
    "cosine": (lax.cos, FLOAT + CPLX, True),
    "tan": (lax.tan, FLOAT + CPLX, True),
    "tanh": (lax.tanh, FLOAT + CPLX, True),
    "erf": (lax.erf, FLOAT, True),
    "not": (lax.bitwise_not, BOOL + SINT + UINT + INT4, False),
    "popcnt": (lax.population_count, SINT + UINT + ["ui4"], False),  # i4: JAX counts 8 storage bits
    "count_leading_zeros": (lax.clz, SINT + UINT + INT4, False),
    "is_finite": (lax.is_finite, FLOAT + F8, False),
}

# Domain of the sample inputs per op (keeps the oracle away from branch cuts
# and overflow where implementations legitimately differ in the last ulps).
UNARY_KIND = {"sqrt": "pos", "rsqrt": "pos", "log": "pos", "log_plus_one": "pos", "tan": "unit",
              "exponential": "unit", "exponential_minus_one": "unit"}
# Unary ops whose special-value behaviour (NaN, inf, -0) is pinned and exact.
EXACT_SPECIAL = {"abs", "negate", "ceil", "floor", "round_nearest_even", "round_nearest_afz", "sign",
                 "is_finite", "sqrt"}
CLOSE_SPECIAL = {"cbrt", "exponential", "exponential_minus_one", "log", "log_plus_one", "logistic",
                 "sine", "cosine", "tan", "tanh", "erf", "rsqrt"}


def result_elem(op, e):
    if op in ("abs",) and is_cplx(e):
        return "f32" if e == "complex<f32>" else "f64"
    if op == "is_finite":
        return "i1"
    return e


def gen_unary():
    for op, (f, elems, close) in UNARY.items():
        for e in elems:
            shape = (2, 3) if e != "i1" else (4,)
            kind = UNARY_KIND.get(op, "normal")
            if op in ("popcnt", "count_leading_zeros", "not", "negate", "abs") and is_int(e):
                x = np.concatenate([int_specials(e), sample(e, (4,))]).reshape(4, 4)
            else:
                x = sample(e, shape, kind)
            emit_unary(op, f, e, x, close, f"{tname(e)}")
            if is_float(e) and (op in EXACT_SPECIAL or op in CLOSE_SPECIAL):
                x = specials(e)
                emit_unary(op, f, e, x, op in CLOSE_SPECIAL, f"{tname(e)}_special")


def emit_unary(op, f, e, x, close, case):
    try:
        y = jx(f, x)
    except Exception as ex:  # noqa: BLE001
        SKIPPED.append((op, case, f"JAX on CPU does not support it ({type(ex).__name__})"))
        return
    re = result_elem(op, e)
    p = P()
    a = p.const(x, e)
    r = p.op(f'"shlo.{op}"({a}) : ({ttype(x.shape, e)}) -> {ttype(x.shape, re)}')
    p.check(r, y, re, close=(close or (op in ("abs", "sign") and is_cplx(e))) and not is_int(re) and re != "i1")
    if not close:
        p.check_signs(r, y, re)
    emit(op, case, p, f"oracle jax.lax ({f.__name__ if hasattr(f, '__name__') else op})")


BINARY = {
    "add": (lax.add, BOOL + SINT + UINT + INT4 + FLOAT + F8 + CPLX, False),
    "subtract": (lax.sub, SINT + UINT + INT4 + FLOAT + F8 + CPLX, False),
    "multiply": (lax.mul, BOOL + SINT + UINT + INT4 + FLOAT + F8 + CPLX, False),
    "divide": (lax.div, SINT + UINT + INT4 + FLOAT + F8 + CPLX, False),
    "remainder": (lax.rem, SINT + UINT + INT4 + FLOAT, False),
    "maximum": (lax.max, BOOL + SINT + UINT + INT4 + FLOAT + F8, False),
    "minimum": (lax.min, BOOL + SINT + UINT + INT4 + FLOAT + F8, False),
    "power": (lax.pow, SINT + UINT + FLOAT + CPLX, True),
    "atan2": (lax.atan2, FLOAT + CPLX, True),
    "and": (lax.bitwise_and, BOOL + SINT + UINT + INT4, False),
    "or": (lax.bitwise_or, BOOL + SINT + UINT + INT4, False),
    "xor": (lax.bitwise_xor, BOOL + SINT + UINT + INT4, False),
    "shift_left": (lax.shift_left, SINT + UINT + INT4, False),
    "shift_right_arithmetic": (lax.shift_right_arithmetic, SINT + UINT + INT4, False),
    "shift_right_logical": (lax.shift_right_logical, SINT + UINT + INT4, False),
}


NP_BINARY = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide}


def emit_binary(op, f, e, x, y, close, case, tol=None, note=""):
    if is_float(e) and op in NP_BINARY:
        # XLA on CPU flushes subnormal results to zero; IEEE (and shlo) does not. Replace the input
        # pairs whose exact result is subnormal (README: known oracle deviations).
        with np.errstate(all="ignore"):
            exact = NP_BINARY[op](x.astype(np.float64), y.astype(np.float64))
        sub = (exact != 0) & (np.abs(exact) < float(ml_dtypes.finfo(dt(e)).tiny))
        if sub.any():
            x, y = x.copy(), y.copy()
            x[sub], y[sub] = 1, 1
    if is_cplx(e) and op in ("multiply", "divide"):
        close = True
    try:
        z = jx(f, x, y)
    except Exception as ex:  # noqa: BLE001
        SKIPPED.append((op, case, f"JAX on CPU does not support it ({type(ex).__name__})"))
        return
    p = P()
    a, b = p.const(x, e), p.const(y, e)
    t = ttype(x.shape, e)
    r = p.op(f'"shlo.{op}"({a}, {b}) : ({t}, {t}) -> {t}')
    p.check(r, z, e, close=close and not is_int(e) and e != "i1", tol=tol)
    if not close:
        p.check_signs(r, z, e)
    emit(op, case, p, note or "oracle jax.lax")


def gen_binary():
    for op, (f, elems, close) in BINARY.items():
        for e in elems:
            shape = (2, 3) if e != "i1" else (2, 2)
            if e == "i1":
                x = np.array([[False, False], [True, True]])
                y = np.array([[False, True], [False, True]])
            elif op.startswith("shift"):
                x = sample(e, shape)
                y = np.arange(6).reshape(shape).astype(dt(e)) * (1 if bits(e) > 4 else 1)
                y = (y % bits(e)).astype(dt(e))
            elif op == "power" and is_int(e):
                x = sample(e, shape, "small")
                y = (np.arange(6).reshape(shape) % 5).astype(dt(e))
            elif op == "power":
                x = sample(e, shape, "pos")
                y = sample(e, shape, "unit")
            elif op in ("divide", "remainder") and is_int(e):
                x = sample(e, shape)
                y = sample(e, shape, "pos")
                if is_signed(e):
                    y = (y.astype(np.int64) * np.array([1, -1, 1, -1, 1, -1]).reshape(shape)).astype(dt(e))
            else:
                x, y = sample(e, shape), sample(e, shape)
                if op in ("divide",) and is_float(e):
                    y = np.where(np.abs(y.astype(np.float64)) < 0.1, 1.0, y.astype(np.float64)).astype(dt(e))
            tol = None
            if is_cplx(e) and op in ("atan2", "power"):
                tol = (2e-5, 2e-5) if e == "complex<f32>" else (1e-11, 1e-11)
            emit_binary(op, f, e, x, y, close and not is_int(e), tname(e), tol=tol)
    # ---- edge cases
    for e in FLOAT + F8:
        s = specials(e)
        n = len(s)
        xs = np.repeat(s, n)
        ys = np.tile(s, n)
        for op in ("add", "subtract", "multiply", "divide", "maximum", "minimum") + \
                (("remainder",) if e in FLOAT else ()):
            emit_binary(op, BINARY[op][0], e, xs.reshape(n, n), ys.reshape(n, n), False,
                        f"{tname(e)}_special", note="oracle jax.lax; all pairs of NaN, +-inf, +-0, extremes")
        if e in FLOAT:
            emit_binary("atan2", lax.atan2, e, xs.reshape(n, n), ys.reshape(n, n), True, f"{tname(e)}_special")
            emit_binary("power", lax.pow, e, xs.reshape(n, n), ys.reshape(n, n), True, f"{tname(e)}_special",
                        note="oracle jax.lax.pow; IEEE pow special cases")
    for e in SINT + UINT + INT4:
        s = int_specials(e)
        n = len(s)
        xs, ys = np.repeat(s, n).reshape(n, n), np.tile(s, n).reshape(n, n)
        for op in ("add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "and", "or",
                   "xor"):
            emit_binary(op, BINARY[op][0], e, xs, ys, False, f"{tname(e)}_edge",
                        note="oracle jax.lax; wraparound, x/0 (all bits set), INT_MIN/-1, x%0 = x "
                             "(XLA semantics, which the shlo spec adopts)")
        # shifts by amounts at and past the bit width, and negative amounts
        x = sample(e, (8,))
        x[0] = s[6]  # min
        amts = np.array([0, 1, bits(e) - 1, bits(e), bits(e) + 1, 2 * bits(e), 3, 2], dtype=object)
        if is_signed(e):
            amts[7] = -1
        amts = amts.astype(dt(e)) if bits(e) + 1 <= int((ml_dtypes.iinfo(dt(e)) if e in INT4 else np.iinfo(dt(e))).max) \
            else np.array([0, 1, bits(e) - 1, bits(e) - 1, 2, 3, 3, 2]).astype(dt(e))
        for op in ("shift_left", "shift_right_arithmetic", "shift_right_logical"):
            emit_binary(op, BINARY[op][0], e, x, amts, False, f"{tname(e)}_past_width",
                        note="oracle jax.lax; shift amounts >= bit width (or negative) give 0 / sign fill")
        if e in SINT + UINT:
            b = sample(e, (8,), "small")
            pw = np.array([0, 1, 2, 3, 7, 31, 62, 63]).astype(dt(e)) if e in UINT else \
                np.array([0, 1, 2, 3, -1, -2, 7, 63]).astype(dt(e))
            b[:3] = np.array([-1, 1, 0] if is_signed(e) else [1, 2, 0]).astype(dt(e))
            emit_binary("power", lax.pow, e, b, pw, False, f"{tname(e)}_edge",
                        note="oracle jax.lax.pow; integer power wraps; negative exponents")


def gen_compare():
    dirs = ["EQ", "NE", "LT", "LE", "GT", "GE"]
    fns = {"EQ": lax.eq, "NE": lax.ne, "LT": lax.lt, "LE": lax.le, "GT": lax.gt, "GE": lax.ge}
    for e in BOOL + SINT + UINT + INT4 + FLOAT + F8 + CPLX:
        if e == "i1":
            x = np.array([False, False, True, True])
            y = np.array([False, True, False, True])
        elif is_float(e):
            s = specials(e)
            x = np.repeat(s, len(s))
            y = np.tile(s, len(s))
        elif is_int(e):
            s = int_specials(e)
            x, y = np.repeat(s, len(s)), np.tile(s, len(s))
        else:
            x = sample(e, (6,))
            y = x.copy()
            y[::2] = sample(e, (3,))
        ctype = ("FLOAT" if is_float(e) or is_cplx(e) else "SIGNED" if is_signed(e) else "UNSIGNED")
        dlist = ["EQ", "NE"] if is_cplx(e) else dirs
        for d in dlist:
            z = jx(fns[d], x, y)
            p = P()
            a, b = p.const(x, e), p.const(y, e)
            t, tb = ttype(x.shape, e), ttype(x.shape, "i1")
            r = p.op(f'"shlo.compare"({a}, {b}) {{comparison_direction = #shlo.comparison_direction<{d}>, '
                     f"compare_type = #shlo.comparison_type<{ctype}>}} : ({t}, {t}) -> {tb}")
            p.check(r, z, "i1")
            emit("compare", f"{tname(e)}_{d}", p, f"oracle jax.lax.{fns[d].__name__}")
        if e in FLOAT:
            # TOTALORDER: numpy oracle on the sign-magnitude integer key of the bit pattern
            ib = np.dtype(f"i{bits(e) // 8}")
            bx, by = x.view(ib).astype(np.int64), y.view(ib).astype(np.int64)
            m = (1 << (bits(e) - 1)) - 1
            kx = np.where(bx < 0, -(bx & m) - 1, bx)
            ky = np.where(by < 0, -(by & m) - 1, by)
            for d in dirs:
                z = {"EQ": kx == ky, "NE": kx != ky, "LT": kx < ky, "LE": kx <= ky, "GT": kx > ky,
                     "GE": kx >= ky}[d]
                p = P()
                a, b = p.const(x, e), p.const(y, e)
                t, tb = ttype(x.shape, e), ttype(x.shape, "i1")
                r = p.op(f'"shlo.compare"({a}, {b}) {{comparison_direction = #shlo.comparison_direction<{d}>, '
                         f"compare_type = #shlo.comparison_type<TOTALORDER>}} : ({t}, {t}) -> {tb}")
                p.check(r, z, "i1")
                emit("compare", f"{tname(e)}_totalorder_{d}", p,
                     "oracle numpy: IEEE-754 totalOrder on the sign-magnitude bit pattern")


def gen_misc_elementwise():
    # clamp
    for e in SINT + UINT + FLOAT + F8 + INT4:
        x = sample(e, (6,))
        lo = np.sort(np.stack([sample(e, (6,)), sample(e, (6,))]), axis=0)
        mn, mx = lo[0].astype(dt(e)), lo[1].astype(dt(e))
        z = jx(lax.clamp, mn, x, mx)
        p = P()
        a, b, c = p.const(mn, e), p.const(x, e), p.const(mx, e)
        t = ttype((6,), e)
        r = p.op(f'"shlo.clamp"({a}, {b}, {c}) : ({t}, {t}, {t}) -> {t}')
        p.check(r, z, e)
        emit("clamp", tname(e), p, "oracle jax.lax.clamp")
        # scalar bounds broadcast
        smn, smx = np.sort(sample(e, (2,)).astype(np.float64 if not is_int(e) else np.int64)).astype(dt(e))
        z = jx(lambda a_, b_, c_: lax.clamp(a_, b_, c_), smn, x, smx)
        p = P()
        a, b, c = p.const(smn, e), p.const(x, e), p.const(smx, e)
        ts = ttype((), e)
        r = p.op(f'"shlo.clamp"({a}, {b}, {c}) : ({ts}, {t}, {ts}) -> {t}')
        p.check(r, z, e)
        emit("clamp", f"{tname(e)}_scalar_bounds", p, "oracle jax.lax.clamp")
    for e in FLOAT:
        s = specials(e)
        mn = np.full(s.shape, -1.0).astype(dt(e))
        mx = np.full(s.shape, 2.0).astype(dt(e))
        z = jx(lax.clamp, mn, s, mx)
        p = P()
        a, b, c = p.const(mn, e), p.const(s, e), p.const(mx, e)
        t = ttype(s.shape, e)
        r = p.op(f'"shlo.clamp"({a}, {b}, {c}) : ({t}, {t}, {t}) -> {t}')
        p.check(r, z, e)
        p.check_signs(r, z, e)
        emit("clamp", f"{tname(e)}_special", p, "oracle jax.lax.clamp; NaN propagates, -0 kept")
    # select
    for e in BOOL + SINT + UINT + INT4 + FLOAT + F8 + CPLX:
        pr = sample("i1", (2, 3))
        x, y = sample(e, (2, 3)), sample(e, (2, 3))
        z = jx(lax.select, pr, x, y)
        p = P()
        a, b, c = p.const(pr, "i1"), p.const(x, e), p.const(y, e)
        t, tb = ttype((2, 3), e), ttype((2, 3), "i1")
        r = p.op(f'"shlo.select"({a}, {b}, {c}) : ({tb}, {t}, {t}) -> {t}')
        p.check(r, z, e)
        emit("select", tname(e), p, "oracle jax.lax.select")
        if e in ("f32", "i32"):
            p = P()
            a, b, c = p.const(np.array(True), "i1"), p.const(x, e), p.const(y, e)
            r = p.op(f'"shlo.select"({a}, {b}, {c}) : ({ttype((), "i1")}, {t}, {t}) -> {t}')
            p.check(r, x, e)
            emit("select", f"{tname(e)}_scalar_pred", p, "oracle numpy: scalar pred selects whole tensor")
    # complex / real / imag
    for e, c in (("f32", "complex<f32>"), ("f64", "complex<f64>")):
        x, y = sample(e, (2, 3)), sample(e, (2, 3))
        z = jx(lax.complex, x, y)
        p = P()
        a, b = p.const(x, e), p.const(y, e)
        r = p.op(f'"shlo.complex"({a}, {b}) : ({ttype((2, 3), e)}, {ttype((2, 3), e)}) -> {ttype((2, 3), c)}')
        p.check(r, z, c)
        emit("complex", tname(c), p, "oracle jax.lax.complex")
        w = sample(c, (2, 3))
        for op, f in (("real", lax.real), ("imag", lax.imag)):
            z = jx(f, w)
            p = P()
            a = p.const(w, c)
            r = p.op(f'"shlo.{op}"({a}) : ({ttype((2, 3), c)}) -> {ttype((2, 3), e)}')
            p.check(r, z, e)
            emit(op, tname(c), p, f"oracle jax.lax.{op}")
    for e in FLOAT:
        x = specials(e)
        for op, z in (("real", x), ("imag", np.zeros_like(x))):
            p = P()
            a = p.const(x, e)
            r = p.op(f'"shlo.{op}"({a}) : ({ttype(x.shape, e)}) -> {ttype(x.shape, e)}')
            p.check(r, z, e)
            emit(op, tname(e), p, "oracle numpy: real of a float is itself, imag is zero")


# ============================================================================= conversions

def gen_convert():
    pairs = []
    allt = BOOL + SINT + UINT + FLOAT + F8 + CPLX + INT4
    for s in allt:
        for d in allt:
            if s == d:
                continue
            if is_cplx(s) and not is_cplx(d):
                continue  # complex -> real is not allowed in shlo
            hub = {"f32", "i32", "i1", "f64"}
            if s in hub or d in hub or (not is_int(s) and not is_int(d) and s != "i1" and d != "i1"):
                pairs.append((s, d))  # every type to/from the hub types, and all float/complex pairs
    for s, d in pairs:
        if is_float(s):
            x = sample(s, (6,))
            if is_int(d) or d == "i1":
                # keep in range: out-of-range float->int is implementation-defined
                info = ml_dtypes.iinfo(dt(d)) if d in INT4 else (np.iinfo(dt(d)) if d != "i1" else None)
                if info is not None:
                    lo, hi = max(float(info.min), -100.0), min(float(info.max), 100.0)
                    x = np.clip(x.astype(np.float64), lo, hi).astype(dt(s))
                    x = np.clip(x.astype(np.float64), lo, hi).astype(dt(s))
        elif is_int(s):
            x = int_specials(s)
            if is_float(d) or is_cplx(d):
                x = sample(s, (6,), "small")
        else:
            x = sample(s, (6,))
        try:
            z = jx(lambda v: lax.convert_element_type(v, dt(d)), x)
        except Exception as ex:  # noqa: BLE001
            SKIPPED.append(("convert", f"{s}->{d}", f"JAX on CPU does not support it ({type(ex).__name__})"))
            continue
        if d.startswith("f8") and s.startswith("f8"):
            pass
        p = P()
        a = p.const(x, s)
        r = p.op(f'"shlo.convert"({a}) : ({ttype(x.shape, s)}) -> {ttype(x.shape, d)}')
        p.check(r, z, d)
        emit("convert", f"{tname(s)}_to_{tname(d)}", p, "oracle jax.lax.convert_element_type")
    # float specials narrowing / widening
    for s, d in (("f32", "f16"), ("f32", "bf16"), ("f64", "f32"), ("f16", "f32"), ("bf16", "f32"),
                 ("f32", "f64"), ("f32", "f8E5M2"), ("f16", "f8E5M2"), ("f32", "f8E4M3FN"), ("bf16", "f16")):
        x = specials(s)
        if d == "f8E4M3FN":
            x = x[np.isfinite(x.astype(np.float64)) & (np.abs(x.astype(np.float64)) <= 448)]
            x = np.concatenate([x, np.array([np.nan, 1.0625, 1.1875, 17.0], dt(s))])
        else:
            x = np.concatenate([x, np.array([1.00048828125, 65520.0, 1e-8], np.float64).astype(dt(s))])
        z = jx(lambda v: lax.convert_element_type(v, dt(d)), x)
        p = P()
        a = p.const(x, s)
        r = p.op(f'"shlo.convert"({a}) : ({ttype(x.shape, s)}) -> {ttype(x.shape, d)}')
        p.check(r, z, d)
        p.check_signs(r, z, d)
        emit("convert", f"{tname(s)}_to_{tname(d)}_special", p,
             "oracle jax.lax.convert_element_type; round-to-nearest-even, overflow to inf, NaN kept")


def gen_bitcast():
    same = [("f32", "i32"), ("i32", "f32"), ("f64", "i64"), ("i64", "f64"), ("f16", "i16"), ("bf16", "ui16"),
            ("ui16", "f16"), ("f32", "ui32"), ("ui64", "f64"), ("f8E4M3FN", "i8"), ("ui8", "f8E5M2"),
            ("i8", "ui8"), ("i16", "ui16"), ("f16", "bf16")]
    for s, d in same:
        x = specials(s) if is_float(s) else int_specials(s)
        if is_float(s):
            x = x[~np.isnan(x.astype(np.float64))]  # NaN payload printing is not the point here
        z = jx(lambda v: lax.bitcast_convert_type(v, dt(d)), x)
        p = P()
        a = p.const(x, s)
        r = p.op(f'"shlo.bitcast_convert"({a}) : ({ttype(x.shape, s)}) -> {ttype(x.shape, d)}')
        if is_float(d):
            # compare bit patterns (NaNs produced from integer bits keep payloads)
            b = p.op(f'"shlo.bitcast_convert"({r}) : ({ttype(x.shape, d)}) -> {ttype(x.shape, bits_int(d))}')
            p.check(b, z.view(np.dtype(f"i{bits(d) // 8}")), bits_int(d))
            p.check(r, z, d)
        else:
            p.check(r, z, d)
        emit("bitcast_convert", f"{tname(s)}_to_{tname(d)}", p, "oracle jax.lax.bitcast_convert_type")
    # width-changing
    for s, d, shp_in, shp_out in (("f32", "ui8", (3,), (3, 4)), ("ui8", "f32", (2, 4), (2,)),
                                  ("i64", "i32", (2,), (2, 2)), ("i16", "f32", (3, 2), (3,)),
                                  ("f64", "ui16", (2,), (2, 4))):
        x = sample(s, shp_in)
        z = jx(lambda v: lax.bitcast_convert_type(v, dt(d)), x)
        p = P()
        a = p.const(x, s)
        r = p.op(f'"shlo.bitcast_convert"({a}) : ({ttype(shp_in, s)}) -> {ttype(z.shape, d)}')
        if is_float(d):
            z = np.where(np.isnan(z), 0, z).astype(z.dtype) if False else z
        p.check(r, z, d)
        emit("bitcast_convert", f"{tname(s)}_to_{tname(d)}", p,
             "oracle jax.lax.bitcast_convert_type; little-endian element order")


def gen_reduce_precision():
    for e in ("f32", "f64", "f16", "bf16"):
        x = np.concatenate([specials(e), sample(e, (8,)),
                            np.array([1.00390625, 1.0078125, 1.01171875, 65504.0, 70000.0, 1e-6], np.float64)
                            .astype(dt(e))])
        for eb, mb in ((8, 7), (5, 10), (5, 2), (4, 3), (3, 1), (8, 23), (11, 52)):
            if mb > {"f32": 23, "f64": 52, "f16": 10, "bf16": 7}[e] or eb > {"f32": 8, "f64": 11, "f16": 5,
                                                                            "bf16": 8}[e]:
                continue
            z = jx(lambda v: lax.reduce_precision(v, exponent_bits=eb, mantissa_bits=mb), x)
            p = P()
            a = p.const(x, e)
            t = ttype(x.shape, e)
            r = p.op(f'"shlo.reduce_precision"({a}) {{exponent_bits = {eb} : i32, mantissa_bits = {mb} : i32}}'
                     f" : ({t}) -> {t}")
            p.check(r, z, e)
            p.check_signs(r, z, e)
            emit("reduce_precision", f"{tname(e)}_e{eb}m{mb}", p, "oracle jax.lax.reduce_precision")


# ============================================================================= shapes

SHAPE_TYPES = ["i1", "i8", "ui32", "i64", "bf16", "f32", "f64", "complex<f32>", "i4", "f8E5M2"]


def gen_shapes():
    for e in SHAPE_TYPES:
        x = sample(e, (2, 3, 4))
        tn = tname(e)
        tx = ttype(x.shape, e)
        # transpose
        for perm in ((1, 0, 2), (2, 0, 1)):
            z = jx(lambda v: lax.transpose(v, perm), x)
            p = P()
            a = p.const(x, e)
            r = p.op(f'"shlo.transpose"({a}) {{permutation = array<i64: {", ".join(map(str, perm))}>}} : '
                     f"({tx}) -> {ttype(z.shape, e)}")
            p.check(r, z, e)
            emit("transpose", f"{tn}_{''.join(map(str, perm))}", p, "oracle jax.lax.transpose")
        # reshape
        for shp in ((6, 4), (24,), (4, 1, 6)):
            z = jx(lambda v: lax.reshape(v, shp), x)
            p = P()
            a = p.const(x, e)
            r = p.op(f'"shlo.reshape"({a}) : ({tx}) -> {ttype(shp, e)}')
            p.check(r, z, e)
            emit("reshape", f"{tn}_{'x'.join(map(str, shp))}", p, "oracle jax.lax.reshape")
        # reverse
        for dims in ((0,), (1, 2)):
            z = jx(lambda v: lax.rev(v, dims), x)
            p = P()
            a = p.const(x, e)
            r = p.op(f'"shlo.reverse"({a}) {{dimensions = array<i64: {", ".join(map(str, dims))}>}} : '
                     f"({tx}) -> {tx}")
            p.check(r, z, e)
            emit("reverse", f"{tn}_{''.join(map(str, dims))}", p, "oracle jax.lax.rev")
        # broadcast_in_dim
        y = sample(e, (3, 1))
        for shp, bd in (((2, 3, 4), (1, 2)), ((3, 5), (0, 1)), ((4, 3, 2), (1, 0))):
            yy = y
            # jax.lax.broadcast_in_dim requires dims of size 1 or equal
            z = jx(lambda v: lax.broadcast_in_dim(v, shp, bd), yy)
            p = P()
            a = p.const(yy, e)
            r = p.op(f'"shlo.broadcast_in_dim"({a}) {{broadcast_dimensions = array<i64: {", ".join(map(str, bd))}>}}'
                     f" : ({ttype(yy.shape, e)}) -> {ttype(shp, e)}")
            p.check(r, z, e)
            emit("broadcast_in_dim", f"{tn}_{'x'.join(map(str, shp))}", p, "oracle jax.lax.broadcast_in_dim")
        # concatenate
        for dim in (0, 2):
            parts = [sample(e, tuple(k if i == dim else s for i, s in enumerate(x.shape))) for k in (1, 2, 3)]
            z = jx(lambda *v: lax.concatenate(v, dim), *parts)
            p = P()
            names = [p.const(q, e) for q in parts]
            r = p.op(f'"shlo.concatenate"({", ".join(names)}) {{dimension = {dim} : i64}} : '
                     f'({", ".join(ttype(q.shape, e) for q in parts)}) -> {ttype(z.shape, e)}')
            p.check(r, z, e)
            emit("concatenate", f"{tn}_dim{dim}", p, "oracle jax.lax.concatenate")
        # slice
        for st, lim, strd in (((0, 1, 0), (2, 3, 4), (1, 1, 2)), ((1, 0, 1), (2, 3, 4), (1, 2, 3)),
                              ((0, 0, 0), (0, 3, 4), (1, 1, 1))):
            z = jx(lambda v: lax.slice(v, st, lim, strd), x)
            p = P()
            a = p.const(x, e)
            j = lambda v: ", ".join(map(str, v))  # noqa: E731
            r = p.op(f'"shlo.slice"({a}) {{start_indices = array<i64: {j(st)}>, limit_indices = array<i64: {j(lim)}>, '
                     f"strides = array<i64: {j(strd)}>}} : ({tx}) -> {ttype(z.shape, e)}")
            p.check(r, z, e)
            emit("slice", f"{tn}_{j(st).replace(', ', '')}_{j(strd).replace(', ', '')}", p, "oracle jax.lax.slice")
        # pad
        pv = sample(e, ())
        x2 = sample(e, (2, 3))
        for lo, hi, it in (((0, 1), (2, 1), (1, 1)), ((-1, 2), (1, -2), (0, 2)), ((0, 0), (0, 0), (0, 0))):
            z = jx(lambda v, q: lax.pad(v, q, list(zip(lo, hi, it))), x2, pv)
            p = P()
            a, b = p.const(x2, e), p.const(pv, e)
            j = lambda v: ", ".join(map(str, v))  # noqa: E731
            r = p.op(f'"shlo.pad"({a}, {b}) {{edge_padding_low = array<i64: {j(lo)}>, edge_padding_high = '
                     f"array<i64: {j(hi)}>, interior_padding = array<i64: {j(it)}>}} : "
                     f"({ttype((2, 3), e)}, {ttype((), e)}) -> {ttype(z.shape, e)}")
            p.check(r, z, e)
            cname = "neg" if min(lo + hi) < 0 else ("interior" if max(it) else "none")
            emit("pad", f"{tn}_{cname}", p, "oracle jax.lax.pad (negative padding crops)")
    # iota
    for e in SINT + UINT + FLOAT + CPLX:
        for shp, d in (((5,), 0), ((2, 3), 1), ((3, 2, 2), 0)):
            z = jx(lambda: lax.broadcasted_iota(dt(e), shp, d))
            p = P()
            r = p.op(f'"shlo.iota"() {{iota_dimension = {d} : i64}} : () -> {ttype(shp, e)}')
            p.check(r, z, e)
            emit("iota", f"{tname(e)}_{'x'.join(map(str, shp))}_d{d}", p, "oracle jax.lax.broadcasted_iota")


def gen_dynamic_slicing():
    for e in ("i32", "f32", "i1", "bf16", "ui8", "complex<f64>", "i64"):
        x = sample(e, (4, 5))
        tx = ttype(x.shape, e)
        for it in ("i32", "i64", "ui32", "i8"):
            starts = [(1, 2), (3, 4), (-1, 7), (0, 0)]
            if it.startswith("u"):
                starts = [(1, 2), (3, 4), (9, 200), (0, 0)]
            if it == "i8" and e not in ("i32", "f32"):
                continue
            if it == "ui32" and e not in ("i32", "f32"):
                continue
            for k, (i0, i1) in enumerate(starts):
                z = jx(lambda v, a_, b_: lax.dynamic_slice(v, (a_, b_), (2, 3), allow_negative_indices=False), x,
                       np.array(i0, dt(it)), np.array(i1, dt(it)))
                p = P()
                a = p.const(x, e)
                b, c = p.const(np.array(i0), it), p.const(np.array(i1), it)
                ti = ttype((), it)
                r = p.op(f'"shlo.dynamic_slice"({a}, {b}, {c}) {{slice_sizes = array<i64: 2, 3>}} : '
                         f"({tx}, {ti}, {ti}) -> {ttype((2, 3), e)}")
                p.check(r, z, e)
                emit("dynamic_slice", f"{tname(e)}_{it}_{k}", p,
                     "oracle jax.lax.dynamic_slice(allow_negative_indices=False): StableHLO clamps, no Python-style wrap")
                u = sample(e, (2, 3))
                z = jx(lambda v, w, a_, b_: lax.dynamic_update_slice(v, w, (a_, b_), allow_negative_indices=False), x, u,
                       np.array(i0, dt(it)), np.array(i1, dt(it)))
                p = P()
                a, w = p.const(x, e), p.const(u, e)
                b, c = p.const(np.array(i0), it), p.const(np.array(i1), it)
                r = p.op(f'"shlo.dynamic_update_slice"({a}, {w}, {b}, {c}) : '
                         f"({tx}, {ttype((2, 3), e)}, {ti}, {ti}) -> {tx}")
                p.check(r, z, e)
                emit("dynamic_update_slice", f"{tname(e)}_{it}_{k}", p,
                     "oracle jax.lax.dynamic_update_slice; start indices clamped")


# ============================================================================= regions

def body(opname, e, nargs=2):
    t = ttype((), e)
    if opname in ("add", "multiply", "maximum", "minimum", "and", "or", "xor"):
        return (f"^bb0(%a0: {t}, %b0: {t}):\n"
                f'    %s0 = "shlo.{opname}"(%a0, %b0) : ({t}, {t}) -> {t}\n'
                f'    "shlo.return"(%s0) : ({t}) -> ()')
    raise ValueError(opname)


RED = {"add": (lax.add, lambda e: 0), "multiply": (lax.mul, lambda e: 1),
       "maximum": (lax.max, lambda e: low(e)), "minimum": (lax.min, lambda e: high(e)),
       "and": (lax.bitwise_and, lambda e: True if e == "i1" else -1),
       "or": (lax.bitwise_or, lambda e: 0), "xor": (lax.bitwise_xor, lambda e: 0)}


def low(e):
    if e == "i1":
        return False
    if is_int(e):
        return int((ml_dtypes.iinfo(dt(e)) if e in INT4 else np.iinfo(dt(e))).min)
    return -np.inf


def high(e):
    if e == "i1":
        return True
    if is_int(e):
        return int((ml_dtypes.iinfo(dt(e)) if e in INT4 else np.iinfo(dt(e))).max)
    return np.inf


def red_ops(e):
    if e == "i1":
        return ["and", "or", "xor", "maximum"]
    if is_int(e):
        return ["add", "multiply", "maximum", "minimum", "xor"]
    if is_cplx(e):
        return ["add", "multiply"]
    return ["add", "maximum", "minimum", "multiply"]


def red_tol(e, op):
    return (not is_int(e) and e != "i1" and op in ("add", "multiply"))


def gen_reduce():
    for e in BOOL + SINT + UINT + FLOAT + CPLX + ["f8E4M3FN", "i4"]:
        x = sample(e, (2, 3, 4), "small" if is_int(e) else ("unit" if not is_cplx(e) else "normal"))
        if e in FLOAT:
            x = x.astype(np.float64)
            x[0, 0, 0] = -0.0
            x = x.astype(dt(e))
        for op in red_ops(e):
            f, init = RED[op]
            iv = np.array(init(e)).astype(dt(e))
            for dims in ((0, 2), (0, 1, 2)):
                try:
                    z = jx(lambda v, i_: lax.reduce(v, i_, f, dims), x, iv)
                except Exception as ex:  # noqa: BLE001
                    SKIPPED.append(("reduce", f"{tname(e)}_{op}", f"JAX on CPU does not support it ({type(ex).__name__})"))
                    continue
                p = P()
                a, b = p.const(x, e), p.const(iv, e)
                ts = ttype((), e)
                r = p.op(f'"shlo.reduce"({a}, {b}) ({{\n  {body(op, e)}\n  }}) {{operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: '
                         f'{", ".join(map(str, dims))}>}} : ({ttype(x.shape, e)}, {ts}) -> {ttype(z.shape, e)}')
                if e.startswith("f8") and op in ("add", "multiply"):
                    SKIPPED.append(("reduce", f"{tname(e)}_{op}_{''.join(map(str, dims))}",
                                    "f8 accumulation precision is implementation-defined (XLA accumulates wider)"))
                    continue
                p.check(r, z, e, close=red_tol(e, op),
                        tol=(3e-2, 3e-2) if e == "bf16" else (4e-3, 4e-3) if e == "f16" else None)
                emit("reduce", f"{tname(e)}_{op}_{''.join(map(str, dims))}", p,
                     "oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)")
    # variadic reduce: argmax-style (value, index)
    for e in ("f32", "i32"):
        x = sample(e, (3, 5))
        idx = np.broadcast_to(np.arange(5, dtype=np.int32), (3, 5)).copy()

        def argmax_body(a_, b_):
            (va, ia), (vb, ib) = a_, b_
            take_a = (va > vb) | ((va == vb) & (ia < ib))
            return (lax.select(take_a, va, vb), lax.select(take_a, ia, ib))
        iv = np.array(low(e)).astype(dt(e))
        z = jx(lambda v, i_, a0, b0: lax.reduce((v, i_), (a0, b0), argmax_body, (1,)), x, idx, iv,
               np.array(0, np.int32))
        p = P()
        a, b, c, d = p.const(x, e), p.const(idx, "i32"), p.const(iv, e), p.const(np.array(0), "i32")
        te, ti, tb = ttype((), e), ttype((), "i32"), ttype((), "i1")
        region = (f"^bb0(%va: {te}, %ia: {ti}, %vb: {te}, %ib: {ti}):\n"
                  f'    %gt = "shlo.compare"(%va, %vb) {{comparison_direction = #shlo.comparison_direction<GT>}} : ({te}, {te}) -> {tb}\n'
                  f'    %eq = "shlo.compare"(%va, %vb) {{comparison_direction = #shlo.comparison_direction<EQ>}} : ({te}, {te}) -> {tb}\n'
                  f'    %lt = "shlo.compare"(%ia, %ib) {{comparison_direction = #shlo.comparison_direction<LT>}} : ({ti}, {ti}) -> {tb}\n'
                  f'    %el = "shlo.and"(%eq, %lt) : ({tb}, {tb}) -> {tb}\n'
                  f'    %ta = "shlo.or"(%gt, %el) : ({tb}, {tb}) -> {tb}\n'
                  f'    %v = "shlo.select"(%ta, %va, %vb) : ({tb}, {te}, {te}) -> {te}\n'
                  f'    %i = "shlo.select"(%ta, %ia, %ib) : ({tb}, {ti}, {ti}) -> {ti}\n'
                  f'    "shlo.return"(%v, %i) : ({te}, {ti}) -> ()')
        r = p.op(f'"shlo.reduce"({a}, {b}, {c}, {d}) ({{\n  {region}\n  }}) {{operandSegmentSizes = array<i32: 2, 2>, dimensions = array<i64: 1>}} : '
                 f'({ttype((3, 5), e)}, {ttype((3, 5), "i32")}, {te}, {ti}) -> ({ttype((3,), e)}, {ttype((3,), "i32")})',
                 nres=2)
        p.check(r[0], z[0], e)
        p.check(r[1], z[1], "i32")
        emit("reduce", f"{tname(e)}_variadic_argmax", p, "oracle jax.lax.reduce with a 2-operand region")


def gen_reduce_window():
    cfgs = [  # window, strides, base_dil, win_dil, padding
        ((2, 2), (1, 1), (1, 1), (1, 1), ((0, 0), (0, 0))),
        ((2, 3), (2, 1), (1, 1), (1, 1), ((1, 0), (0, 2))),
        ((3, 2), (1, 2), (2, 1), (1, 1), ((0, 0), (1, 1))),
        ((2, 2), (1, 1), (1, 1), (2, 2), ((0, 1), (1, 0))),
    ]
    for e in ("i32", "f32", "f64", "bf16", "ui8", "i1", "f16", "i64"):
        x = sample(e, (4, 5), "small" if is_int(e) else "unit")
        for op in red_ops(e)[:2]:
            f, init = RED[op]
            iv = np.array(init(e)).astype(dt(e))
            for k, (w, s, bd, wd, pad) in enumerate(cfgs):
                z = jx(lambda v, i_: lax.reduce_window(v, i_, f, w, s, pad, bd, wd), x, iv)
                p = P()
                a, b = p.const(x, e), p.const(iv, e)
                j = lambda v: ", ".join(map(str, v))  # noqa: E731
                padl = literal(np.array(pad, np.int64), "i64")
                r = p.op(f'"shlo.reduce_window"({a}, {b}) ({{\n  {body(op, e)}\n  }}) {{operandSegmentSizes = array<i32: 1, 1>, window_dimensions = array<i64: {j(w)}>, '
                         f"window_strides = array<i64: {j(s)}>, base_dilations = array<i64: {j(bd)}>, "
                         f"window_dilations = array<i64: {j(wd)}>, padding = {padl}}} : "
                         f"({ttype(x.shape, e)}, {ttype((), e)}) -> {ttype(z.shape, e)}")
                p.check(r, z, e, close=red_tol(e, op),
                        tol=(3e-2, 3e-2) if e == "bf16" else (4e-3, 4e-3) if e == "f16" else None)
                emit("reduce_window", f"{tname(e)}_{op}_{k}", p, "oracle jax.lax.reduce_window")


def gen_select_and_scatter():
    for e in ("f32", "i32", "f64", "bf16"):
        x = sample(e, (4, 6), "small" if is_int(e) else "unit")
        for k, (w, s, pad) in enumerate((((2, 2), (2, 2), ((0, 0), (0, 0))), ((2, 3), (1, 2), ((0, 0), (0, 1))),
                                         ((3, 3), (2, 2), ((1, 1), (1, 1))))):
            # source shape from the window count
            outs = [(x.shape[i] + sum(pad[i]) - w[i]) // s[i] + 1 for i in range(2)]
            src = sample(e, tuple(outs), "small" if is_int(e) else "unit")
            init = np.array(0).astype(dt(e))

            # oracle: jax's internal select_and_scatter_add (ge select, add scatter)
            from jax._src.lax.windowed_reductions import _select_and_scatter_add
            z = jx(lambda s_, o_: _select_and_scatter_add(s_, o_, lax.ge_p, w, s, pad), src, x)
            p = P()
            a, b, c = p.const(x, e), p.const(src, e), p.const(init, e)
            te, tb = ttype((), e), ttype((), "i1")
            j = lambda v: ", ".join(map(str, v))  # noqa: E731
            sel = (f"^bb0(%p: {te}, %q: {te}):\n"
                   f'    %c = "shlo.compare"(%p, %q) {{comparison_direction = #shlo.comparison_direction<GE>}} : ({te}, {te}) -> {tb}\n'
                   f'    "shlo.return"(%c) : ({tb}) -> ()')
            r = p.op(f'"shlo.select_and_scatter"({a}, {b}, {c}) ({{\n  {sel}\n  }}, {{\n  {body("add", e)}\n  }}) '
                     f"{{window_dimensions = array<i64: {j(w)}>, window_strides = array<i64: {j(s)}>, "
                     f"padding = {literal(np.array(pad, np.int64), 'i64')}}} : "
                     f"({ttype(x.shape, e)}, {ttype(src.shape, e)}, {te}) -> {ttype(x.shape, e)}")
            p.check(r, z, e, close=not is_int(e))
            emit("select_and_scatter", f"{tname(e)}_{k}", p,
                 "oracle jax _select_and_scatter_add (the StableHLO select_and_scatter with GE/add)")


def gen_sort():
    for e in BOOL + SINT + UINT + FLOAT + ["f8E5M2", "i4"]:
        x = sample(e, (3, 5), "small" if is_int(e) else "normal")
        if is_float(e):
            x = x.astype(np.float64)
            x[0, :] = [np.nan, 1.0, -0.0, 0.0, -np.inf]
            x = x.astype(dt(e))
        for d, direction in ((1, "LT"), (0, "GT")):
            # comparator with TOTALORDER compare for floats (the total order lax.sort uses)
            ct = "TOTALORDER" if is_float(e) else ("SIGNED" if is_signed(e) else "UNSIGNED")
            if e == "i1":
                ct = "UNSIGNED"
            z = jx(lambda v: lax.sort(v, dimension=d, is_stable=True), x)
            if direction == "GT":
                z = jx(lambda v: lax.rev(lax.sort(lax.rev(v, (d,)), dimension=d, is_stable=True), (d,)), x)
            p = P()
            a = p.const(x, e)
            te, tb = ttype((), e), ttype((), "i1")
            region = (f"^bb0(%k0: {te}, %k1: {te}):\n"
                      f'    %c = "shlo.compare"(%k0, %k1) {{comparison_direction = #shlo.comparison_direction<{direction}>, '
                      f"compare_type = #shlo.comparison_type<{ct}>}} : ({te}, {te}) -> {tb}\n"
                      f'    "shlo.return"(%c) : ({tb}) -> ()')
            r = p.op(f'"shlo.sort"({a}) ({{\n  {region}\n  }}) {{dimension = {d} : i64, is_stable = true}} : '
                     f"({ttype(x.shape, e)}) -> {ttype(x.shape, e)}")
            p.check(r, z, e)
            p.check_signs(r, z, e)
            emit("sort", f"{tname(e)}_d{d}_{direction}", p,
                 "oracle jax.lax.sort (total order for floats); descending via reversed stable sort")
    # key/value stable sort
    for ke, ve in (("i32", "f32"), ("f32", "i64"), ("ui8", "complex<f32>")):
        k = sample(ke, (8,), "small")
        if is_int(ke):
            k = (k.astype(np.int64) % 3).astype(dt(ke))
        else:
            k = np.round(k.astype(np.float64)).astype(dt(ke))
        v = sample(ve, (8,))
        z = jx(lambda a_, b_: lax.sort((a_, b_), dimension=0, is_stable=True, num_keys=1), k, v)
        p = P()
        a, b = p.const(k, ke), p.const(v, ve)
        tk, tv, tb = ttype((), ke), ttype((), ve), ttype((), "i1")
        ct = "TOTALORDER" if is_float(ke) else ("SIGNED" if is_signed(ke) else "UNSIGNED")
        region = (f"^bb0(%k0: {tk}, %k1: {tk}, %v0: {tv}, %v1: {tv}):\n"
                  f'    %c = "shlo.compare"(%k0, %k1) {{comparison_direction = #shlo.comparison_direction<LT>, '
                  f"compare_type = #shlo.comparison_type<{ct}>}} : ({tk}, {tk}) -> {tb}\n"
                  f'    "shlo.return"(%c) : ({tb}) -> ()')
        r = p.op(f'"shlo.sort"({a}, {b}) ({{\n  {region}\n  }}) {{dimension = 0 : i64, is_stable = true}} : '
                 f"({ttype((8,), ke)}, {ttype((8,), ve)}) -> ({ttype((8,), ke)}, {ttype((8,), ve)})", nres=2)
        p.check(r[0], z[0], ke)
        p.check(r[1], z[1], ve)
        emit("sort", f"{tname(ke)}_keys_{tname(ve)}_values_stable", p, "oracle jax.lax.sort(num_keys=1, stable)")


def gen_map():
    for e in ("i32", "f32", "f64", "ui16", "i1", "bf16", "complex<f32>"):
        x, y = sample(e, (2, 3)), sample(e, (2, 3))
        op = "and" if e == "i1" else "multiply"
        f = RED[op][0]
        z = jx(f, x, y)
        p = P()
        a, b = p.const(x, e), p.const(y, e)
        t = ttype((2, 3), e)
        close = is_cplx(e)
        r = p.op(f'"shlo.map"({a}, {b}) ({{\n  {body(op, e)}\n  }}) {{dimensions = array<i64: 0, 1>}} : '
                 f"({t}, {t}) -> {t}")
        p.check(r, z, e, close=close)
        emit("map", f"{tname(e)}_{op}", p, "oracle jax.lax elementwise op applied by map")


# ============================================================================= linear algebra

def gen_dot_general():
    cases = [  # lhs shape, rhs shape, (lb, rb, lc, rc)
        ((3, 4), (4, 5), ((), (), (1,), (0,))),
        ((2, 3, 4), (2, 4, 2), ((0,), (0,), (2,), (1,))),
        ((4,), (4,), ((), (), (0,), (0,))),
        ((2, 3), (4,), ((), (), (), ())),
        ((2, 3, 4), (4, 3, 2), ((), (), (1, 2), (1, 0))),
    ]
    for e in BOOL + SINT + UINT + FLOAT + CPLX + ["i4", "f8E4M3FN"]:
        for k, (ls, rs, (lb, rb, lc, rc)) in enumerate(cases):
            x, y = sample(e, ls, "small" if is_int(e) else "unit"), sample(e, rs, "small" if is_int(e) else "unit")
            try:
                z = jx(lambda a_, b_: lax.dot_general(a_, b_, ((lc, rc), (lb, rb)), preferred_element_type=dt(e)),
                       x, y)
            except Exception as ex:  # noqa: BLE001
                SKIPPED.append(("dot_general", f"{e} {k}", f"JAX on CPU does not support it ({type(ex).__name__})"))
                continue
            p = P()
            a, b = p.const(x, e), p.const(y, e)
            j = lambda v: ", ".join(map(str, v))  # noqa: E731
            r = p.op(f'"shlo.dot_general"({a}, {b}) {{dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [{j(lb)}], '
                     f"rhs_batching_dimensions = [{j(rb)}], lhs_contracting_dimensions = [{j(lc)}], "
                     f"rhs_contracting_dimensions = [{j(rc)}]>}} : ({ttype(ls, e)}, {ttype(rs, e)}) -> {ttype(z.shape, e)}")
            tol = {"bf16": (2e-2, 2e-2), "f16": (4e-3, 4e-3), "f8E4M3FN": (0.13, 0.07)}.get(e)
            p.check(r, z, e, close=not is_int(e) and e != "i1", tol=tol or (default_tol(e)[0] * 4, default_tol(e)[0]))
            emit("dot_general", f"{tname(e)}_{k}", p, "oracle jax.lax.dot_general")
    # (mixed precision, e.g. i8 x i8 -> i32, is not allowed by shlo's dot_general C11: none generated)
    for ein, eout in ():
        x, y = sample(ein, (3, 4), "normal" if ein == "i8" else "unit"), sample(ein, (4, 2), "normal" if ein == "i8" else "unit")
        z = jx(lambda a_, b_: lax.dot_general(a_, b_, (((1,), (0,)), ((), ())), preferred_element_type=dt(eout)), x, y)
        p = P()
        a, b = p.const(x, ein), p.const(y, ein)
        r = p.op(f'"shlo.dot_general"({a}, {b}) {{dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], '
                 f"rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}} : "
                 f"({ttype((3, 4), ein)}, {ttype((4, 2), ein)}) -> {ttype((3, 2), eout)}")
        p.check(r, z, eout, close=eout != "i32", tol=(1e-5, 1e-6))
        emit("dot_general", f"{tname(ein)}_to_{tname(eout)}", p,
             "oracle jax.lax.dot_general(preferred_element_type=...)")


def gen_convolution():
    cfgs = [
        # lhs NWC-ish shapes, padding, strides, lhs_dil, rhs_dil, fgc, bgc
        dict(x=(1, 5, 5, 2), w=(3, 3, 2, 3), stride=(1, 1), pad=((0, 0), (0, 0)), ld=(1, 1), rd=(1, 1), fg=1, bg=1),
        dict(x=(2, 6, 5, 2), w=(2, 3, 2, 2), stride=(2, 1), pad=((1, 1), (0, 2)), ld=(1, 1), rd=(1, 1), fg=1, bg=1),
        dict(x=(1, 4, 4, 1), w=(2, 2, 1, 1), stride=(1, 1), pad=((1, 1), (1, 1)), ld=(2, 2), rd=(1, 1), fg=1, bg=1),
        dict(x=(1, 6, 6, 2), w=(2, 2, 2, 2), stride=(1, 1), pad=((0, 0), (0, 0)), ld=(1, 1), rd=(2, 2), fg=1, bg=1),
        dict(x=(1, 4, 4, 4), w=(2, 2, 2, 4), stride=(1, 1), pad=((0, 0), (0, 0)), ld=(1, 1), rd=(1, 1), fg=2, bg=1),
        dict(x=(4, 4, 4, 2), w=(2, 2, 2, 4), stride=(1, 1), pad=((0, 0), (0, 0)), ld=(1, 1), rd=(1, 1), fg=1, bg=2),
    ]
    for e in ("f32", "f64", "i32", "bf16", "f16", "i8", "complex<f32>", "i1", "ui16"):
        for k, c in enumerate(cfgs):
            if e in ("i1",) and k > 1:
                continue
            x = sample(e, c["x"], "small" if is_int(e) else "unit")
            w = sample(e, c["w"], "small" if is_int(e) else "unit")
            dn = ("NHWC", "HWIO", "NHWC")
            try:
                z = jx(lambda a_, b_: lax.conv_general_dilated(a_, b_, c["stride"], c["pad"], c["ld"], c["rd"], dn,
                                                               c["fg"], c["bg"], preferred_element_type=dt(e)), x, w)
            except Exception as ex:  # noqa: BLE001
                SKIPPED.append(("convolution", f"{e} {k}", f"JAX on CPU does not support it ({type(ex).__name__})"))
                continue
            p = P()
            a, b = p.const(x, e), p.const(w, e)
            j = lambda v: ", ".join(map(str, v))  # noqa: E731
            r = p.op(f'"shlo.convolution"({a}, {b}) {{batch_group_count = {c["bg"]} : i64, dimension_numbers = #shlo.conv<'
                     f"input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], "
                     f"kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], "
                     f"output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, "
                     f"feature_group_count = {c['fg']} : i64, window_strides = array<i64: {j(c['stride'])}>, "
                     f"padding = {literal(np.array(c['pad'], np.int64), 'i64')}, lhs_dilation = array<i64: {j(c['ld'])}>, "
                     f"rhs_dilation = array<i64: {j(c['rd'])}>}} : ({ttype(x.shape, e)}, {ttype(w.shape, e)}) -> {ttype(z.shape, e)}")
            tol = {"bf16": (2e-2, 3e-2), "f16": (4e-3, 4e-3)}.get(e, (default_tol(e)[0] * 10, default_tol(e)[0] * 10))
            p.check(r, z, e, close=not is_int(e) and e != "i1", tol=tol)
            emit("convolution", f"{tname(e)}_{k}", p, "oracle jax.lax.conv_general_dilated (NHWC/HWIO/NHWC)")


def gen_fft():
    for e, c in (("f32", "complex<f32>"), ("f64", "complex<f64>")):
        for shp, ln in (((8,), (8,)), ((2, 4, 6), (4, 6)), ((3, 5), (5,))):
            x = sample(c, shp)
            for ft, f in (("FFT", lambda v: jnp.fft.fftn(v, axes=tuple(range(-len(ln), 0)))),
                          ("IFFT", lambda v: jnp.fft.ifftn(v, axes=tuple(range(-len(ln), 0))))):
                z = jx(lambda v: lax.fft(v, ft, ln), x)
                p = P()
                a = p.const(x, c)
                r = p.op(f'"shlo.fft"({a}) {{fft_type = #shlo.fft_type<{ft}>, fft_length = array<i64: {", ".join(map(str, ln))}>}}'
                         f" : ({ttype(shp, c)}) -> {ttype(shp, c)}")
                p.check(r, z.astype(dt(c)), c, close=True, tol=(1e-5, 1e-5) if e == "f32" else (1e-12, 1e-12))
                emit("fft", f"{tname(c)}_{ft}_{'x'.join(map(str, shp))}", p, "oracle jax.lax.fft")
            xr = sample(e, shp)
            z = jx(lambda v: lax.fft(v, "RFFT", ln), xr)
            p = P()
            a = p.const(xr, e)
            r = p.op(f'"shlo.fft"({a}) {{fft_type = #shlo.fft_type<RFFT>, fft_length = array<i64: {", ".join(map(str, ln))}>}}'
                     f" : ({ttype(shp, e)}) -> {ttype(z.shape, c)}")
            p.check(r, z, c, close=True, tol=(1e-5, 1e-5) if e == "f32" else (1e-12, 1e-12))
            emit("fft", f"{tname(e)}_RFFT_{'x'.join(map(str, shp))}", p, "oracle jax.lax.fft")
            zi = jx(lambda v: lax.fft(v, "IRFFT", ln), z)
            p = P()
            a = p.const(z, c)
            r = p.op(f'"shlo.fft"({a}) {{fft_type = #shlo.fft_type<IRFFT>, fft_length = array<i64: {", ".join(map(str, ln))}>}}'
                     f" : ({ttype(z.shape, c)}) -> {ttype(zi.shape, e)}")
            p.check(r, zi, e, close=True, tol=(1e-5, 1e-5) if e == "f32" else (1e-12, 1e-12))
            emit("fft", f"{tname(c)}_IRFFT_{'x'.join(map(str, shp))}", p, "oracle jax.lax.fft")


def spd(e, n, batch=()):
    m = sample(e, batch + (n, n), "unit").astype(np.complex128 if is_cplx(e) else np.float64)
    a = m @ np.conj(np.swapaxes(m, -1, -2)) + n * np.eye(n)
    return a.astype(dt(e))


def gen_linalg():
    for e in ("f32", "f64", "complex<f32>", "complex<f64>"):
        for batch, n in (((), 3), ((2,), 4)):
            a = spd(e, n, batch)
            for lower in (True, False):
                z = jx(lambda v: lax.linalg.cholesky(v, symmetrize_input=False) if lower else
                       jnp.conj(jnp.swapaxes(lax.linalg.cholesky(v, symmetrize_input=False), -1, -2)), a)
                p = P()
                x = p.const(a, e)
                r = p.op(f'"shlo.cholesky"({x}) {{lower = {str(lower).lower()}}} : ({ttype(a.shape, e)}) -> {ttype(a.shape, e)}')
                # the other triangle is implementation-defined: compare only the named one (mask it out)
                mask = np.tril(np.ones((n, n), bool)) if lower else np.triu(np.ones((n, n), bool))
                m = p.const(np.broadcast_to(mask, a.shape), "i1")
                zero = p.const(np.zeros(a.shape), e)
                tm = ttype(a.shape, "i1")
                s = p.op(f'"shlo.select"({m}, {r}, {zero}) : ({tm}, {ttype(a.shape, e)}, {ttype(a.shape, e)}) -> {ttype(a.shape, e)}')
                zz = np.where(np.broadcast_to(mask, a.shape), z, 0).astype(dt(e))
                p.check(s, zz, e, close=True, tol=(1e-5, 1e-5) if "f32" in e else (1e-12, 1e-12))
                emit("cholesky", f"{tname(e)}_{'x'.join(map(str, a.shape))}_{'lower' if lower else 'upper'}", p,
                     "oracle jax.lax.linalg.cholesky; only the selected triangle is compared (other is unspecified)")
        # triangular_solve
        for k, (left, lower, unit, trans) in enumerate(((True, True, False, "NO_TRANSPOSE"),
                                                       (False, True, False, "NO_TRANSPOSE"),
                                                       (True, False, True, "TRANSPOSE"),
                                                       (True, True, False, "ADJOINT"),
                                                       (False, False, False, "TRANSPOSE"))):
            n = 3
            a = spd(e, n)
            b = sample(e, (n, 2) if left else (2, n))
            tri = np.tril(a) if lower else np.triu(a)
            z = jx(lambda a_, b_: lax.linalg.triangular_solve(a_, b_, left_side=left, lower=lower,
                                                              transpose_a=trans != "NO_TRANSPOSE",
                                                              conjugate_a=trans == "ADJOINT", unit_diagonal=unit),
                   tri, b)
            p = P()
            x, y = p.const(a, e), p.const(b, e)  # full matrix: the unused triangle must be ignored
            r = p.op(f'"shlo.triangular_solve"({x}, {y}) {{left_side = {str(left).lower()}, lower = {str(lower).lower()}, '
                     f"unit_diagonal = {str(unit).lower()}, transpose_a = #shlo.transpose<{trans}>}} : "
                     f"({ttype(a.shape, e)}, {ttype(b.shape, e)}) -> {ttype(b.shape, e)}")
            p.check(r, z, e, close=True, tol=(1e-5, 1e-5) if "f32" in e else (1e-12, 1e-12))
            emit("triangular_solve", f"{tname(e)}_{k}_{trans.lower()}", p,
                 "oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)")


def gen_batch_norm():
    for e in ("f32", "f64", "bf16", "f16"):
        x = sample(e, (3, 2, 4))
        fi = 1
        scale, offset = sample(e, (2,), "pos"), sample(e, (2,))
        eps = 0.25
        xf = x.astype(np.float64)
        sf, of = scale.astype(np.float64), offset.astype(np.float64)
        axes = (0, 2)
        mean = xf.mean(axis=axes)
        var = xf.var(axis=axes)
        bc = lambda v: v.reshape(1, 2, 1)  # noqa: E731
        norm = (xf - bc(mean)) / np.sqrt(bc(var) + eps) * bc(sf) + bc(of)
        tol = {"bf16": (3e-2, 3e-2), "f16": (4e-3, 4e-3), "f32": (1e-5, 1e-5), "f64": (1e-12, 1e-12)}[e]
        t3, t1 = ttype(x.shape, e), ttype((2,), e)
        p = P()
        a, b, c = p.const(x, e), p.const(scale, e), p.const(offset, e)
        r = p.op(f'"shlo.batch_norm_training"({a}, {b}, {c}) {{epsilon = {eps} : f32, feature_index = {fi} : i64}} : '
                 f"({t3}, {t1}, {t1}) -> ({t3}, {t1}, {t1})", nres=3)
        p.check(r[0], norm.astype(dt(e)), e, close=True, tol=tol)
        p.check(r[1], mean.astype(dt(e)), e, close=True, tol=tol)
        p.check(r[2], var.astype(dt(e)), e, close=True, tol=tol)
        emit("batch_norm_training", tname(e), p, "oracle numpy float64 (no lax op): biased variance")
        m2, v2 = sample(e, (2,)), sample(e, (2,), "pos")
        mf, vf = m2.astype(np.float64), v2.astype(np.float64)
        inf_ = (xf - bc(mf)) / np.sqrt(bc(vf) + eps) * bc(sf) + bc(of)
        p = P()
        a, b, c, d, f_ = p.const(x, e), p.const(scale, e), p.const(offset, e), p.const(m2, e), p.const(v2, e)
        r = p.op(f'"shlo.batch_norm_inference"({a}, {b}, {c}, {d}, {f_}) {{epsilon = {eps} : f32, feature_index = {fi} : i64}} : '
                 f"({t3}, {t1}, {t1}, {t1}, {t1}) -> {t3}")
        p.check(r, inf_.astype(dt(e)), e, close=True, tol=tol)
        emit("batch_norm_inference", tname(e), p, "oracle numpy float64 (no lax op)")
        # grad, via JAX autodiff of the training formula
        g = sample(e, x.shape)

        def fwd(xx, ss):
            mu = jnp.mean(xx, axis=axes)
            vv = jnp.mean((xx - mu.reshape(1, 2, 1)) ** 2, axis=axes)
            return (xx - mu.reshape(1, 2, 1)) / jnp.sqrt(vv.reshape(1, 2, 1) + eps) * ss.reshape(1, 2, 1)
        xx64, ss64, gg64 = xf, sf, g.astype(np.float64)
        _, vjp = jax.vjp(fwd, jnp.asarray(xx64), jnp.asarray(ss64))
        gx, gs = vjp(jnp.asarray(gg64))
        gb = gg64.sum(axis=axes)
        p = P()
        a, b, c, d, f_ = (p.const(x, e), p.const(scale, e), p.const(mean.astype(dt(e)), e),
                          p.const(var.astype(dt(e)), e), p.const(g, e))
        r = p.op(f'"shlo.batch_norm_grad"({a}, {b}, {c}, {d}, {f_}) {{epsilon = {eps} : f32, feature_index = {fi} : i64}} : '
                 f"({t3}, {t1}, {t1}, {t1}, {t3}) -> ({t3}, {t1}, {t1})", nres=3)
        gtol = {"bf16": (6e-2, 6e-2), "f16": (1e-2, 1e-2), "f32": (1e-4, 1e-4), "f64": (1e-10, 1e-10)}[e]
        p.check(r[0], np.asarray(gx).astype(dt(e)), e, close=True, tol=gtol)
        p.check(r[1], np.asarray(gs).astype(dt(e)), e, close=True, tol=gtol)
        p.check(r[2], gb.astype(dt(e)), e, close=True, tol=gtol)
        emit("batch_norm_grad", tname(e), p,
             "oracle jax.vjp of the batch-norm training formula in float64 (mean/variance given = batch statistics)")


# ============================================================================= indexing

GDN = "#shlo.gather<offset_dims = [{od}], collapsed_slice_dims = [{cs}], operand_batching_dims = [{ob}], " \
      "start_indices_batching_dims = [{sb}], start_index_map = [{sim}], index_vector_dim = {ivd}>"


def j_(v):
    return ", ".join(map(str, v))


def gen_gather():
    cases = [
        # operand shape, indices, offset_dims, collapsed, start_index_map, ivd, slice_sizes, ob, sb
        ((5, 4), np.array([[0], [2], [4]]), (1,), (0,), (0,), 1, (1, 4), (), ()),
        ((5, 4), np.array([[1, 1], [4, 3], [-1, 9]]), (1,), (0,), (0, 1), 1, (1, 2), (), ()),  # clamped
        ((3, 4, 2), np.array([[0, 1], [2, 0]]), (1, 2), (0,), (0, 1), 1, (1, 2, 2), (), ()),
        ((5, 4), np.array([3, 0, 1]), (1,), (0,), (0,), 1, (1, 3), (), ()),
        ((2, 5, 3), np.array([[1], [3]]), (1,), (1,), (1,), 1, (1, 1, 3), (0,), (0,)),  # batching dims
    ]
    for e in ("i32", "f32", "f64", "i1", "bf16", "ui8", "complex<f32>", "i64"):
        for k, (shp, idx, od, cs, sim, ivd, ss, ob, sb) in enumerate(cases):
            x = sample(e, shp)
            idx2 = idx if idx.ndim == 2 else idx.reshape(-1, 1)
            ivd_ = 1
            try:
                dn = lax.GatherDimensionNumbers(offset_dims=od, collapsed_slice_dims=cs, start_index_map=sim,
                                                operand_batching_dims=ob, start_indices_batching_dims=sb)
                z = jx(lambda v, i_: lax.gather(v, i_, dn, ss, mode=lax.GatherScatterMode.CLIP), x, idx2.astype(np.int32))
            except Exception as ex:  # noqa: BLE001
                SKIPPED.append(("gather", f"{e} {k}", f"JAX on CPU does not support it ({type(ex).__name__})"))
                continue
            for it in (("i32", "i64") if e in ("i32", "f32") else ("i32",)):
                p = P()
                a, b = p.const(x, e), p.const(idx2, it)
                dns = GDN.format(od=j_(od), cs=j_(cs), ob=j_(ob), sb=j_(sb), sim=j_(sim), ivd=ivd_)
                r = p.op(f'"shlo.gather"({a}, {b}) {{dimension_numbers = {dns}, indices_are_sorted = false, '
                         f"slice_sizes = array<i64: {j_(ss)}>}} : ({ttype(shp, e)}, {ttype(idx2.shape, it)}) -> {ttype(z.shape, e)}")
                p.check(r, z, e)
                emit("gather", f"{tname(e)}_{it}_{k}", p, "oracle jax.lax.gather (mode CLIP: start indices clamped)")
                if k == 1 and e in ("f32", "i32"):
                    # same via dynamic_gather
                    p = P()
                    a, b, c = p.const(x, e), p.const(idx2, it), p.const(np.array(ss), "i64")
                    r = p.op(f'"shlo.dynamic_gather"({a}, {b}, {c}) {{dimension_numbers = {dns}, indices_are_sorted = false}} : '
                             f"({ttype(shp, e)}, {ttype(idx2.shape, it)}, {ttype((len(ss),), 'i64')}) -> {ttype(z.shape, e)}")
                    p.check(r, z, e)
                    emit("dynamic_gather", f"{tname(e)}_{it}_{k}", p, "oracle jax.lax.gather (CLIP)")


def gen_scatter():
    cases = [
        # operand shape, indices (N,1 or N,2), updates shape, uwd, iwd, sdod, ib, sib
        ((6,), np.array([[0], [2], [2], [5]]), (4,), (), (0,), (0,), (), ()),
        ((5, 3), np.array([[1], [3], [1]]), (3, 3), (1,), (0,), (0,), (), ()),
        ((4, 4), np.array([[0, 0], [3, 3], [1, 2]]), (3,), (), (0, 1), (0, 1), (), ()),
        ((5, 3), np.array([[4], [7], [-1]]), (3, 3), (1,), (0,), (0,), (), ()),  # out of bounds: skipped
        ((2, 5), np.array([[1], [3]]), (2,), (), (1,), (1,), (0,), (0,)),  # batching dims
    ]
    for e in ("i32", "f32", "f64", "ui16", "i1", "bf16", "complex<f64>", "i8"):
        for mode_name, combiner in (("add", lax.scatter_add), ("replace", lax.scatter), ("max", lax.scatter_max)):
            if e == "i1" and mode_name == "add":
                continue
            if is_cplx(e) and mode_name == "max":
                continue
            for k, (shp, idx, ushp, uwd, iwd, sd, ib, sib) in enumerate(cases):
                if mode_name == "replace" and k in (0,):
                    idx = np.array([[0], [2], [3], [5]])  # unique indices: replace with duplicates is unspecified
                x = sample(e, shp, "small" if is_int(e) else "unit")
                u = sample(e, ushp, "small" if is_int(e) else "unit")
                dn = lax.ScatterDimensionNumbers(update_window_dims=uwd, inserted_window_dims=iwd,
                                                 scatter_dims_to_operand_dims=sd, operand_batching_dims=ib,
                                                 scatter_indices_batching_dims=sib)
                try:
                    z = jx(lambda v, i_, w: combiner(v, i_, w, dn, mode=lax.GatherScatterMode.FILL_OR_DROP),
                           x, idx.astype(np.int32), u)
                except Exception as ex:  # noqa: BLE001
                    SKIPPED.append(("scatter", f"{e} {k}", f"JAX on CPU does not support it ({type(ex).__name__})"))
                    continue
                p = P()
                a, b, c = p.const(x, e), p.const(idx, "i32"), p.const(u, e)
                te = ttype((), e)
                if mode_name == "replace":
                    region = f"^bb0(%a0: {te}, %b0: {te}):\n    \"shlo.return\"(%b0) : ({te}) -> ()"
                else:
                    region = body({"add": "add", "max": "maximum"}[mode_name] if e != "i1" else "or", e)
                dns = (f"#shlo.scatter<update_window_dims = [{j_(uwd)}], inserted_window_dims = [{j_(iwd)}], "
                       f"input_batching_dims = [{j_(ib)}], scatter_indices_batching_dims = [{j_(sib)}], "
                       f"scatter_dims_to_operand_dims = [{j_(sd)}], index_vector_dim = 1>")
                r = p.op(f'"shlo.scatter"({a}, {b}, {c}) ({{\n  {region}\n  }}) {{operandSegmentSizes = array<i32: 1, 1, 1>, '
                         f"scatter_dimension_numbers = {dns}, indices_are_sorted = false, unique_indices = false}} : "
                         f"({ttype(shp, e)}, {ttype(idx.shape, 'i32')}, {ttype(ushp, e)}) -> {ttype(shp, e)}")
                p.check(r, z, e, close=(mode_name == "add" and not is_int(e)))
                emit("scatter", f"{tname(e)}_{mode_name}_{k}", p,
                     "oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)")


# ============================================================================= control flow / structure

def gen_control():
    # while: sum 1..n and fibonacci (i64 / f32 / ui32)
    for e in ("i64", "i32", "f32", "ui32", "f64"):
        for n in (0, 1, 5, 10):
            z = jx(lambda: lax.while_loop(lambda s: s[0] < n, lambda s: (s[0] + 1, s[1] + (s[0] + 1).astype(dt(e)) * 2),
                                          (jnp.int32(0), jnp.zeros((), dt(e))))[1])
            p = P()
            zero_i, zero = p.const(np.array(0), "i32"), p.const(np.array(0), e)
            one, two, nn = p.const(np.array(1), "i32"), p.const(np.array(2), e), p.const(np.array(n), "i32")
            ti, te, tb = ttype((), "i32"), ttype((), e), ttype((), "i1")
            r = p.op(f'"shlo.while"({zero_i}, {zero}) ({{\n'
                     f"  ^bb0(%i: {ti}, %s: {te}):\n"
                     f'    %c = "shlo.compare"(%i, {nn}) {{comparison_direction = #shlo.comparison_direction<LT>}} : ({ti}, {ti}) -> {tb}\n'
                     f'    "shlo.return"(%c) : ({tb}) -> ()\n'
                     f"  }}, {{\n"
                     f"  ^bb0(%i: {ti}, %s: {te}):\n"
                     f'    %i1 = "shlo.add"(%i, {one}) : ({ti}, {ti}) -> {ti}\n'
                     f'    %f = "shlo.convert"(%i1) : ({ti}) -> {te}\n'
                     f'    %g = "shlo.multiply"(%f, {two}) : ({te}, {te}) -> {te}\n'
                     f'    %s1 = "shlo.add"(%s, %g) : ({te}, {te}) -> {te}\n'
                     f'    "shlo.return"(%i1, %s1) : ({ti}, {te}) -> ()\n'
                     f"  }}) : ({ti}, {te}) -> ({ti}, {te})", nres=2)
            p.check(r[1], z, e)
            p.check(r[0], np.array(max(n, 0)), "i32")
            emit("while", f"{tname(e)}_n{n}", p, "oracle jax.lax.while_loop")
    # if
    for pred in (True, False):
        for e in ("i32", "f32", "complex<f32>", "i1"):
            x = sample(e, (3,))
            z = jx(lambda pp, v: lax.cond(pp, lambda q: lax.add(q, q) if e != "i1" else lax.bitwise_not(q),
                                          lambda q: q, v), np.array(pred), x)
            p = P()
            pp, a = p.const(np.array(pred), "i1"), p.const(x, e)
            t = ttype((3,), e)
            tb = ttype((), "i1")
            dbl = f'"shlo.add"({a}, {a}) : ({t}, {t}) -> {t}' if e != "i1" else f'"shlo.not"({a}) : ({t}) -> {t}'
            r = p.op(f'"shlo.if"({pp}) ({{\n    %d = {dbl}\n    "shlo.return"(%d) : ({t}) -> ()\n  }}, {{\n'
                     f'    "shlo.return"({a}) : ({t}) -> ()\n  }}) : ({tb}) -> {t}')
            p.check(r, z, e)
            emit("if", f"{tname(e)}_{str(pred).lower()}", p, "oracle jax.lax.cond")
    # case (index out of range selects the last branch: lax.switch clamps, so for index > n-1 both agree;
    # for negative indices lax.switch clamps to 0 while StableHLO picks the last branch -> numpy oracle)
    for idx in (0, 1, 2, 5, -1):
        x = sample("f32", (3,))
        branches = [lambda v: v, lambda v: v + v, lambda v: v * v]
        if idx >= 0:
            z = jx(lambda i_, v: lax.switch(i_, branches, v), np.array(idx, np.int32), x)
            note = "oracle jax.lax.switch (clamps index > n-1 to the last branch)"
        else:
            z = x * x
            note = "oracle numpy: StableHLO runs the last branch for a negative index (lax.switch would clamp to 0)"
        p = P()
        ii, a = p.const(np.array(idx), "i32"), p.const(x, "f32")
        t = ttype((3,), "f32")
        r = p.op(f'"shlo.case"({ii}) ({{\n    "shlo.return"({a}) : ({t}) -> ()\n  }}, {{\n'
                 f'    %d = "shlo.add"({a}, {a}) : ({t}, {t}) -> {t}\n    "shlo.return"(%d) : ({t}) -> ()\n  }}, {{\n'
                 f'    %m = "shlo.multiply"({a}, {a}) : ({t}, {t}) -> {t}\n    "shlo.return"(%m) : ({t}) -> ()\n  }})'
                 f" : ({ttype((), 'i32')}) -> {t}")
        p.check(r, z, "f32")
        emit("case", f"index_{idx}".replace("-", "neg"), p, note)


def gen_structure():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    y = np.array(7, np.int32)
    # tuple / get_tuple_element
    for k, e in enumerate(("f32", "i64", "i1", "complex<f64>", "bf16")):
        xv = sample(e, (2, 3))
        p = P()
        a, b = p.const(xv, e), p.const(y, "i32")
        tx, ty = ttype((2, 3), e), ttype((), "i32")
        tt = f"tuple<{ty}, tuple<{tx}>>"
        inner = p.op(f'"shlo.tuple"({a}) : ({tx}) -> tuple<{tx}>')
        outer = p.op(f'"shlo.tuple"({b}, {inner}) : ({ty}, tuple<{tx}>) -> {tt}')
        g0 = p.op(f'"shlo.get_tuple_element"({outer}) {{index = 0 : i32}} : ({tt}) -> {ty}')
        g1 = p.op(f'"shlo.get_tuple_element"({outer}) {{index = 1 : i32}} : ({tt}) -> tuple<{tx}>')
        g2 = p.op(f'"shlo.get_tuple_element"({g1}) {{index = 0 : i32}} : (tuple<{tx}>) -> {tx}')
        p.check(g0, y, "i32")
        p.check(g2, xv, e)
        emit("tuple", f"nested_{tname(e)}", p, "oracle numpy: identity round trip")
        emit("get_tuple_element", f"nested_{tname(e)}", p, "oracle numpy: identity round trip")
    # optimization_barrier
    for e in ("f32", "i8", "complex<f32>"):
        xv = sample(e, (4,))
        p = P()
        a, b = p.const(xv, e), p.const(y, "i32")
        r = p.op(f'"shlo.optimization_barrier"({a}, {b}) : ({ttype((4,), e)}, {ttype((), "i32")}) -> '
                 f'({ttype((4,), e)}, {ttype((), "i32")})', nres=2)
        p.check(r[0], xv, e)
        p.check(r[1], y, "i32")
        emit("optimization_barrier", tname(e), p, "oracle numpy: identity")
    # after_all with tokens + checks passing tokens
    p = P()
    t1 = p.op('"shlo.after_all"() : () -> !shlo.token')
    t2 = p.op(f'"shlo.after_all"({t1}, {t1}) : (!shlo.token, !shlo.token) -> !shlo.token')
    a = p.const(x, "f32")
    p.raw(f'%tk = "shlo.custom_call"({a}, {t2}) {{call_target_name = "check.expect_eq_const", has_side_effect = true, '
          f"api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = "
          f"{{expected = {literal(x, 'f32')}}}}} : ({ttype((2, 3), 'f32')}, !shlo.token) -> !shlo.token")
    emit("after_all", "tokens", p, "oracle numpy: a token threads through; the value is unchanged")
    # composite and async
    for e in ("f32", "i32"):
        xv, yv = sample(e, (3,)), sample(e, (3,))
        z = jx(lambda a_, b_: a_ + a_ + b_, xv, yv)
        t = ttype((3,), e)
        p = P()
        a, b = p.const(xv, e), p.const(yv, e)
        r = p.op(f'"shlo.composite"({a}, {b}) {{name = "example.double_add", composite_attributes = {{note = "x + x + y"}}, '
                 f"decomposition = @double_add, version = 1 : i32}} : ({t}, {t}) -> {t}")
        p.check(r, z, e)
        p.funcs.append(f"func.func private @double_add(%a: {t}, %b: {t}) -> {t} {{\n"
                       f'  %0 = "shlo.add"(%a, %a) : ({t}, {t}) -> {t}\n  %1 = "shlo.add"(%0, %b) : ({t}, {t}) -> {t}\n'
                       f"  func.return %1 : {t}\n}}\n")
        emit("composite", tname(e), p, "oracle jax: x + x + y (the decomposition)")
        p = P()
        a = p.const(xv, e)
        f_ = p.op(f'"shlo.async_start"({a}) {{called_computation = @double, execution_thread = "main"}} : ({t}) -> !shlo.future<{t}>')
        r = p.op(f'"shlo.async_done"({f_}) : (!shlo.future<{t}>) -> {t}')
        p.check(r, jx(lambda v: v + v, xv), e)
        p.funcs.append(f"func.func private @double(%a: {t}) -> {t} {{\n"
                       f'  %0 = "shlo.add"(%a, %a) : ({t}, {t}) -> {t}\n  func.return %0 : {t}\n}}\n')
        emit("async_start", tname(e), p, "oracle jax: x + x (the called computation)")
        emit("async_done", tname(e), p, "oracle jax: x + x (the called computation)")
    # replica_id / partition_id on a single process
    for op in ("replica_id", "partition_id"):
        p = P()
        r = p.op(f'"shlo.{op}"() : () -> {ttype((), "ui32")}')
        p.check(r, np.array(0, np.uint32), "ui32")
        emit(op, "single_process", p, "oracle: 0 on the only process")
    # get_dimension_size (static)
    for d in (0, 1):
        p = P()
        a = p.const(sample("f32", (4, 7)), "f32")
        r = p.op(f'"shlo.get_dimension_size"({a}) {{dimension = {d} : i64}} : ({ttype((4, 7), "f32")}) -> {ttype((), "i32")}')
        p.check(r, np.array((4, 7)[d]), "i32")
        emit("get_dimension_size", f"static_d{d}", p, "oracle numpy: shape")


def gen_dynamic_shapes():
    for e in ("f32", "i32", "i1"):
        x = sample(e, (3,))
        for it in ("i32", "i64"):
            # dynamic_broadcast_in_dim with static result
            z = jx(lambda v: lax.broadcast_in_dim(v, (2, 3), (1,)), x)
            p = P()
            a, s = p.const(x, e), p.const(np.array([2, 3]), it)
            r = p.op(f'"shlo.dynamic_broadcast_in_dim"({a}, {s}) {{broadcast_dimensions = array<i64: 1>}} : '
                     f"({ttype((3,), e)}, {ttype((2,), it)}) -> {ttype((2, 3), e)}")
            p.check(r, z, e)
            emit("dynamic_broadcast_in_dim", f"{tname(e)}_{it}", p, "oracle jax.lax.broadcast_in_dim")
            # dynamic_reshape
            xx = sample(e, (2, 3))
            p = P()
            a, s = p.const(xx, e), p.const(np.array([3, 2]), it)
            r = p.op(f'"shlo.dynamic_reshape"({a}, {s}) : ({ttype((2, 3), e)}, {ttype((2,), it)}) -> {ttype((3, 2), e)}')
            p.check(r, jx(lambda v: lax.reshape(v, (3, 2)), xx), e)
            emit("dynamic_reshape", f"{tname(e)}_{it}", p, "oracle jax.lax.reshape")
            # dynamic_iota
            p = P()
            s = p.const(np.array([2, 4]), it)
            r = p.op(f'"shlo.dynamic_iota"({s}) {{iota_dimension = 1 : i64}} : ({ttype((2,), it)}) -> {ttype((2, 4), "i32" if e == "i1" else e)}')
            ee = "i32" if e == "i1" else e
            p.check(r, jx(lambda: lax.broadcasted_iota(dt(ee), (2, 4), 1)), ee)
            emit("dynamic_iota", f"{tname(ee)}_{it}" + ("_b" if e == "i1" else ""), p, "oracle jax.lax.broadcasted_iota")
            # dynamic_pad
            pv = sample(e, ())
            z = jx(lambda v, q: lax.pad(v, q, [(1, 2, 1)]), x, pv)
            p = P()
            a, b = p.const(x, e), p.const(pv, e)
            lo, hi, inn = p.const(np.array([1]), it), p.const(np.array([2]), it), p.const(np.array([1]), it)
            t1 = ttype((1,), it)
            r = p.op(f'"shlo.dynamic_pad"({a}, {b}, {lo}, {hi}, {inn}) : ({ttype((3,), e)}, {ttype((), e)}, {t1}, {t1}, {t1}) -> {ttype(z.shape, e)}')
            p.check(r, z, e)
            emit("dynamic_pad", f"{tname(e)}_{it}", p, "oracle jax.lax.pad")
    # dynamic_conv
    for e in ("f32", "i32"):
        x, w = sample(e, (1, 6, 2), "small" if is_int(e) else "unit"), sample(e, (3, 2, 2), "small" if is_int(e) else "unit")
        for pad in (((0, 0),), ((1, 2),)):
            z = jx(lambda a_, b_: lax.conv_general_dilated(a_, b_, (2,), pad, dimension_numbers=("NWC", "WIO", "NWC"),
                                                           preferred_element_type=dt(e)), x, w)
            p = P()
            a, b, c = p.const(x, e), p.const(w, e), p.const(np.array(pad), "i64")
            r = p.op(f'"shlo.dynamic_conv"({a}, {b}, {c}) {{batch_group_count = 1 : i64, dimension_numbers = #shlo.conv<'
                     f"input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], "
                     f"kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], "
                     f"output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>, "
                     f"feature_group_count = 1 : i64, window_strides = array<i64: 2>}} : "
                     f"({ttype(x.shape, e)}, {ttype(w.shape, e)}, {ttype((1, 2), 'i64')}) -> {ttype(z.shape, e)}")
            p.check(r, z, e, close=not is_int(e), tol=(1e-5, 1e-6))
            emit("dynamic_conv", f"{tname(e)}_pad{pad[0][0]}{pad[0][1]}", p, "oracle jax.lax.conv_general_dilated")


def gen_collectives():
    """Collectives on one process (one replica, one partition): each is an identity (or a trivial reshuffle)."""
    groups = "replica_groups = dense<[[0]]> : tensor<1x1xi64>"
    for e in ("f32", "i32", "complex<f32>"):
        x = sample(e, (2, 3))
        t = ttype((2, 3), e)
        add = f' ({{\n  {body("add", e)}\n  }})'
        # (op, region, attributes, expected, case, oracle)
        cases = [
            ("all_reduce", add, groups, jx(lambda v: v, x), "single",
             "oracle: identity on one replica (jax psum over one device)"),
            ("all_gather", "", f"all_gather_dim = 1 : i64, {groups}", x, "single", "oracle: identity on one replica"),
            ("reduce_scatter", add, f"scatter_dimension = 1 : i64, {groups}", x, "single",
             "oracle: identity on one replica"),
            ("all_to_all", "", f"split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 1 : i64, "
             f"{groups}", x, "single", "oracle: identity on one replica"),
            ("collective_broadcast", "", groups, x, "single", "oracle: identity on one replica"),
            ("collective_permute", "", "source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>", x, "self",
             "oracle: identity for the pair (0, 0)"),
            ("collective_permute", "", "source_target_pairs = dense<> : tensor<0x2xi64>", np.zeros_like(x),
             "no_source", "oracle numpy: a process no pair sends to gets zeros"),
        ]
        for name, region, attrs, expected, case, oracle in cases:
            p = P()
            a = p.const(x, e)
            r = p.op(f'"shlo.{name}"({a}){region} {{{attrs}}} : ({t}) -> {t}')
            p.check(r, expected, e)
            emit(name, f"{tname(e)}_{case}", p, oracle)


def gen_quant():
    for st, scale, zp in (("i8", 0.5, -1), ("i8", 0.1, 3), ("ui8", 0.25, 128), ("i16", 0.01, 0), ("i4", 0.5, 0)):
        qt = f"!quant.uniform<{st}:f32, {scale!r}:{zp}>"
        info = ml_dtypes.iinfo(dt(st)) if st in INT4 else np.iinfo(dt(st))
        x = np.concatenate([sample("f32", (8,)), np.array([0.0, -0.0, 1e6, -1e6, 0.125, 0.375, -0.125, 0.625],
                                                           np.float32)]).astype(np.float32)
        # quantize: round(x / scale) (half to even) + zp, clamped to the storage range; numpy oracle
        q = np.clip(np.round((x.astype(np.float32) / np.float32(scale))).astype(np.float64) + zp,
                    int(info.min), int(info.max)).astype(np.int64)
        deq = ((q - zp).astype(np.float32) * np.float32(scale)).astype(np.float32)
        p = P()
        a = p.const(x, "f32")
        tq = ttype(x.shape, qt)
        r = p.op(f'"shlo.uniform_quantize"({a}) : ({ttype(x.shape, "f32")}) -> {tq}')
        d = p.op(f'"shlo.uniform_dequantize"({r}) : ({tq}) -> {ttype(x.shape, "f32")}')
        p.check(d, deq, "f32", close=True, tol=(1e-6, 1e-7))
        emit("uniform_quantize", f"{st}_s{str(scale).replace('.', 'p')}_z{zp}".replace("-", "m"), p,
             "oracle numpy: q = clamp(round_half_even(x / scale) + zp); checked through dequantize")
        p = P()
        # dequantize from known storage: bitcast via storage constant is not expressible; quantize exact grid points
        grid = ((np.arange(int(info.min), int(info.max) + 1, max(1, (int(info.max) - int(info.min)) // 12)) - zp)
                * scale).astype(np.float32)
        a = p.const(grid, "f32")
        tq = ttype(grid.shape, qt)
        r = p.op(f'"shlo.uniform_quantize"({a}) : ({ttype(grid.shape, "f32")}) -> {tq}')
        d = p.op(f'"shlo.uniform_dequantize"({r}) : ({tq}) -> {ttype(grid.shape, "f32")}')
        gq = np.round(grid / np.float32(scale)).astype(np.float64) + zp
        p.check(d, ((gq - zp) * scale).astype(np.float32), "f32", close=True, tol=(1e-6, 1e-6))
        emit("uniform_dequantize", f"{st}_grid".replace("-", "m") + f"_z{zp}".replace("-", "m"), p,
             "oracle numpy: (q - zp) * scale on every representable grid point")


def gen_rng_bit_generator():
    for alg in ("THREE_FRY", "PHILOX"):
        for st_shape, out_shape, oe in (((2,), (2, 3), "ui32"), ((2,), (4,), "ui64"), ((3,), (5,), "ui32"),
                                        ((2,), (3, 2), "ui8"), ((2,), (7,), "i32")):
            if alg == "THREE_FRY" and st_shape != (2,):
                continue
            if alg == "PHILOX" and st_shape == (2,) and oe == "ui8":
                continue
            state = np.array([0x12345678, 42, 7][:st_shape[0]], np.uint64)
            try:
                ns, bits_ = jx(lambda s: lax.rng_bit_generator(s, out_shape, dtype=dt(oe),
                                                               algorithm=getattr(lax.RandomAlgorithm, f"RNG_{alg}")),
                               state)
            except Exception as ex:  # noqa: BLE001
                SKIPPED.append(("rng_bit_generator", f"{alg}", f"JAX on CPU does not support it ({type(ex).__name__})"))
                continue
            p = P()
            a = p.const(state, "ui64")
            r = p.op(f'"shlo.rng_bit_generator"({a}) {{rng_algorithm = #shlo.rng_algorithm<{alg}>}} : '
                     f'({ttype(st_shape, "ui64")}) -> ({ttype(st_shape, "ui64")}, {ttype(out_shape, oe)})', nres=2)
            p.check(r[0], ns, "ui64")
            p.check(r[1], bits_, oe)
            emit("rng_bit_generator", f"{alg.lower()}_{'x'.join(map(str, st_shape))}_{'x'.join(map(str, out_shape))}{tname(oe)}",
                 p, "oracle jax.lax.rng_bit_generator on CPU (XLA's bit-exact THREE_FRY / PHILOX)")



README_HEAD = """# shlo conformance suite

Self-checking shlo programs, one directory per op: `conformance/<op>/<case>.mlir`.
Each program is a `func.func @main()` without arguments. It builds its inputs
with `shlo.constant`, applies the op under test, and checks every result with
`shlo.custom_call @check.expect_eq_const` (exact; NaN matches NaN) or
`@check.expect_close_const` (`rtol`/`atol` in the `backend_config`
dictionary), whose `expected = dense<...>` literal was computed by an
**independent oracle**, never by the shlo interpreter.

* Generated by `tools/gen_conformance.py` (needs `jax` on CPU, x64 enabled;
  fixed seeds, deterministic). `tools/gen_conformance.py --check` regenerates
  in memory and fails when the checked-in files (or this README) differ.
  THIS FILE IS GENERATED: edit the generator, not this file.
* Run by `tests/test_conformance.py` (no JAX needed), or one program at a time
  with `shlo-translate --interpret conformance/add/f32.mlir` (exit status 1
  and a readable diff on a failed check).
* Signed zeros: `expect_eq` treats -0.0 == 0.0, so float programs whose
  expected values contain zeros also check the sign bits
  (bitcast_convert + shift_right_logical, NaN positions masked out).

## Oracle per op family

| family | ops | oracle |
|---|---|---|
| elementwise | abs ... xor, compare, clamp, select, complex/real/imag | `jax.lax.<op>` (1:1 with StableHLO); compare TOTALORDER and real/imag of floats: numpy |
| conversions | convert, bitcast_convert, reduce_precision | `lax.convert_element_type`, `lax.bitcast_convert_type`, `lax.reduce_precision` |
| shapes | broadcast_in_dim, concatenate, iota, pad, reshape, reverse, slice, transpose, dynamic_* | `lax.broadcast_in_dim`, `lax.concatenate`, `lax.broadcasted_iota`, `lax.pad`, `lax.reshape`, `lax.rev`, `lax.slice`, `lax.transpose`, `lax.dynamic_slice/dynamic_update_slice(allow_negative_indices=False)` |
| indexing | gather, dynamic_gather, scatter | `lax.gather(mode=CLIP)`, `lax.scatter/scatter_add/scatter_max(mode=FILL_OR_DROP)` |
| reductions | reduce, reduce_window, select_and_scatter, sort, map | `lax.reduce`, `lax.reduce_window`, jax's `_select_and_scatter_add`, `lax.sort` (stable, total order), elementwise lax op |
| linear algebra | dot_general, convolution, dynamic_conv, fft, cholesky, triangular_solve | `lax.dot_general`, `lax.conv_general_dilated`, `lax.fft`, `lax.linalg.cholesky`, `lax.linalg.triangular_solve` |
| batch norm | batch_norm_training / inference / grad | numpy float64 formulas; grad via `jax.vjp` of the training formula |
| control flow | while, if, case | `lax.while_loop`, `lax.cond`, `lax.switch` (negative case index: numpy, see below) |
| structure | tuple, get_tuple_element, optimization_barrier, after_all, composite, async_start/async_done, get_dimension_size | numpy identities / the decomposition evaluated with JAX |
| quantization | uniform_quantize, uniform_dequantize | numpy: `clamp(round_half_even(x / scale) + zp)`, `(q - zp) * scale` |
| random | rng_bit_generator | `lax.rng_bit_generator` on CPU (XLA's bit-exact THREE_FRY / PHILOX) |
| collectives | all_reduce, all_gather, all_to_all, collective_broadcast, collective_permute, reduce_scatter, replica_id, partition_id | one process: identity (or zeros for a process nobody sends to), ids 0 |

Tolerances (close checks): f64 rtol 1e-12, f32 2e-6, f16 2e-3, bf16 1e-2,
f8E4M3FN 0.13, f8E5M2 0.26; loosened for sums (reduce, dot_general,
convolution, batch norms) whose accumulation order is unspecified.

## Not covered (single-process semantics cannot be checked deterministically)

* `infeed`, `outfeed`, `send`, `recv`: host / channel I/O; their results depend
  on the host attached to the interpreter, not on the op.
* `custom_call`: semantics are those of the target; the suite uses it for the
  checks themselves, so every program exercises it.
* `rng`: its distribution is implementation-defined (only the range is pinned).
* `return` is exercised by every region; `constant` by every program.
* Multi-process collectives (more than one replica/partition) are not
  generated: the suite runs each program on one process.

## Known oracle deviations (cases left out, not hard-coded either way)

* Subnormals: XLA on CPU flushes subnormal inputs/results to zero; IEEE-754 and
  shlo do not. No subnormal inputs are generated, and in the special-value
  grids of add/subtract/multiply/divide the pairs whose exact result is
  subnormal are replaced by (1, 1).
* `dynamic_slice` / `dynamic_update_slice`: `lax.dynamic_slice` wraps negative
  start indices Python-style by default; the oracle runs with
  `allow_negative_indices=False` so that StableHLO clamping is what is checked.
* `case` with a negative index: StableHLO (and shlo) run the last branch,
  `lax.switch` clamps to branch 0, so that case uses a numpy oracle.
* Integer `divide`/`remainder` by zero and `INT_MIN / -1`: the shlo spec pins
  XLA's results (all bits set; `INT_MIN`; `x % 0 = x`; `INT_MIN % -1 = 0`), so JAX's CPU results
  are the spec's; they are checked in `<op>/<type>_edge.mlir`.
* Shifts by amounts >= the bit width (or negative): XLA gives 0
  (`shift_left`, `shift_right_logical`) or the sign fill
  (`shift_right_arithmetic`), as the shlo spec pins; checked in
  `<shift op>/<type>_past_width.mlir`.
* `popcnt` on `i4`: JAX counts the bits of the 8-bit storage of a negative
  int4 (gives 5..7); not generated.
* Out-of-range float->int `convert`: implementation-defined; inputs are kept in range.
* Accumulation in f8 `reduce` (add/multiply): XLA accumulates wider; left out.
* Mixed-precision `dot_general` (i8 x i8 -> i32): not allowed by shlo's C11.
* `cholesky`: only the selected triangle is compared (the other is unspecified).
* `scatter` with `replace` and duplicate indices: order unspecified; only unique indices.
"""

# ============================================================================= driver

GENERATORS = [gen_unary, gen_binary, gen_compare, gen_misc_elementwise, gen_convert, gen_bitcast,
              gen_reduce_precision, gen_shapes, gen_dynamic_slicing, gen_reduce, gen_reduce_window,
              gen_select_and_scatter, gen_sort, gen_map, gen_dot_general, gen_convolution, gen_fft, gen_linalg,
              gen_batch_norm, gen_gather, gen_scatter, gen_control, gen_structure, gen_dynamic_shapes,
              gen_collectives, gen_quant, gen_rng_bit_generator]


def generate() -> dict[str, str]:
    """{relative path: text} of the whole suite."""
    global RNG
    PROGRAMS.clear()
    SKIPPED.clear()
    files = {}
    only = os.environ.get("GEN_ONLY")
    for g in GENERATORS:
        if only and g.__name__ not in only.split(","):
            continue
        RNG = np.random.default_rng(sum(map(ord, g.__name__)))  # fixed seed per family
        g()
    for op in sorted(PROGRAMS):
        for case in sorted(PROGRAMS[op]):
            files[f"{op}/{case}.mlir"] = PROGRAMS[op][case]
    files["README.md"] = readme(files)
    return files


def readme(files) -> str:
    counts: dict[str, int] = {}
    for k in files:
        counts[k.split("/")[0]] = counts.get(k.split("/")[0], 0) + 1
    out = README_HEAD
    out += f"\n## Counts\n\n{sum(counts.values())} programs for {len(counts)} ops.\n\n| op | programs |\n|---|---|\n"
    out += "".join(f"| {op} | {n} |\n" for op, n in sorted(counts.items()))
    out += "\n## Interpreter / library bugs found by this suite\n\n"
    out += ("Found while building the suite and since fixed; the generator keeps its workarounds, "
            "which exercise more ops:\n\n")
    out += ("* Complex dense literals (`shlo.constant`, custom_call configs) could not be read: the "
            "upstream Python bindings cannot create objects for them. shlo now reads them through its "
            "own extension. The suite still builds complex constants with `shlo.complex` from their "
            "parts and checks complex results through `shlo.real` / `shlo.imag`.\n")
    out += ("* bf16 / f8 / i4 / ui4 literals printed as a hex blob (over 100 elements) or as `dense<>` "
            "(empty) could not be read by `shlo.literals`; both forms are read now. The suite still "
            "builds large such constants from a wider type with `shlo.convert`.\n")
    if EXCLUDED:
        out += "\nLeft out (the interpreter fails although the oracle is right):\n\n"
    for key, why in sorted(EXCLUDED.items()):
        out += f"* `{key}.mlir` (not generated): {why}\n"
    if SKIPPED:
        out += "\n## Cases the oracle cannot produce (skipped)\n\n"
        for op, case, why in sorted(set(SKIPPED)):
            out += f"* {op} / {case}: {why}\n"
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="fail if conformance/ differs from a regeneration")
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args(argv)
    out = Path(args.out)
    files = generate()
    existing = {str(p.relative_to(out)): p for p in out.rglob("*.mlir")} if out.exists() else {}
    if (out / "README.md").exists():
        existing["README.md"] = out / "README.md"
    if args.check:
        bad = [k for k in files if k not in existing or existing[k].read_text() != files[k]]
        stale = [k for k in existing if k not in files]
        for k in bad[:20]:
            print(f"differs or missing: conformance/{k}", file=sys.stderr)
        for k in stale[:20]:
            print(f"stale: conformance/{k}", file=sys.stderr)
        if bad or stale:
            print(f"{len(bad)} differing/missing, {len(stale)} stale; run tools/gen_conformance.py", file=sys.stderr)
            return 1
        print(f"conformance/ is up to date ({len(files)} programs)")
        return 0
    for k, p in existing.items():
        if k not in files:
            p.unlink()
    for k, text in files.items():
        path = out / k
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
    for d in sorted(out.iterdir()):
        if d.is_dir() and not any(d.iterdir()):
            d.rmdir()
    ops = sorted({k.split("/")[0] for k in files if "/" in k})
    print(f"wrote {len(files) - 1} programs for {len(ops)} ops to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
