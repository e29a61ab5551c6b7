#!/usr/bin/env python3
"""A differential sweep of the interpreter against XLA (CPU, through jaxlib): each op of the spec
that XLA runs, over many element types and special inputs (NaN, +-inf, -0, denormals, the
largest and smallest numbers, integer min / max, shift amounts at and past the width), written
as a one-op StableHLO module, run by XLA and by `shlo.interpret(shlo.from_stablehlo(text))`,
and compared element by element.

    .venv/bin/python tools/xla_diff_sweep.py                  # every op and type; summary
    .venv/bin/python tools/xla_diff_sweep.py add convert -v   # only these ops, with examples
    .venv/bin/python tools/xla_diff_sweep.py --types f16,bf16 # only these element types

Comparison (TOLERANCE below, per op): integers and booleans bit-exact; floats exact (same
value, +0 and -0 distinct, any NaN equal to any NaN) for the ops whose result the spec
defines exactly (arithmetic, conversions, rounding, comparisons, data movement); within a
number of units in the last place for the transcendental ones, whose accuracy the spec leaves
to the implementation (XLA computes f16 / bf16 / f8 in f32 with its own approximations, so a
last-bit difference after rounding is expected there). Complex results are compared per part.

XLA's CPU code runs with denormals flushed to zero (inputs read as zero, results written as
zero, sign kept): where the interpreter (IEEE, as the spec) differs from XLA on an element,
the element still matches when the interpreter run on the inputs with their denormals
flushed, and its denormal results flushed, gives XLA's value. Those elements are counted
apart ("denormal-flush matches").

Besides the element-wise ops, conversions and single reductions here, the sweep runs
CHLO's element-wise ops (erf ... zeta, the complex inverse functions; within 4 ulp or 1e-5
of max(1, |XLA's value|): their expansions cancel) and, from tools/xla_sweep_structured.py,
control flow, fft, rng_bit_generator, cholesky, triangular_solve, select_and_scatter,
batch_norm_*, 2-D dynamic_slice / dynamic_update_slice with every index type, pad with
negative and interior padding, data movement on every type, clamp bounds, grouped / dilated
/ reversed convolutions, dilated reduce_window, argmax-style variadic reduce and the
collectives on one device. Results whose accuracy depends on the algorithm (fft,
factorizations, batch statistics) are compared within `rtol` times the largest magnitude of
XLA's result.

A case XLA cannot compile or run (f8 arithmetic, say) is counted as skipped with XLA's reason;
one the interpreter refuses or fails on is a mismatch. Prints one line per failing case and
the totals: cases run, cases matching, elements compared, elements differing.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from dataclasses import dataclass, field

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import jax                      # noqa: E402
import ml_dtypes                # noqa: E402
import numpy as np              # noqa: E402

import shlo                     # noqa: E402
from shlo.literals import ELEMENT_TYPES, numpy_dtype   # noqa: E402
from xla_sweep_structured import structured_ops          # noqa: E402

jax.config.update("jax_enable_x64", True)
RNG = np.random.default_rng(0)

INTS = ["i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64"]
FLOATS = ["f16", "bf16", "f32", "f64"]
F8 = ["f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ", "f8E4M3B11FNUZ", "f8E3M4", "f8E4M3"]
NARROW = ["i4", "ui4", "f4E2M1FN", "f6E2M3FN", "f6E3M2FN", "f8E8M0FNU"]      # conversions only
COMPLEX = ["complex<f32>", "complex<f64>"]
TYPES = ["i1"] + INTS + FLOATS + F8 + COMPLEX + NARROW


def kind(e: str) -> str:
    return ELEMENT_TYPES[e][0]


# ----------------------------------------------------------------------------- inputs

def _float_specials(e: str) -> np.ndarray:
    dt = numpy_dtype(e)
    fi = ml_dtypes.finfo(dt)
    vals = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.0, 0.1, -0.1, 2.0, 10.0, -7.25, 100.0,
            np.pi, -np.pi / 2, 1e4, -3e4, 1e-3, 1e-6, 88.0, -88.0, 710.0, 1e30, -1e30, 1e-30,
            float(fi.max), -float(fi.max), float(fi.tiny), -float(fi.tiny),
            float(fi.smallest_subnormal), -float(fi.smallest_subnormal), 3 * float(fi.smallest_subnormal),
            float(fi.eps), 1 + float(fi.eps), 1 - float(fi.epsneg), float(fi.max) / 2]
    with np.errstate(all="ignore"):
        out = np.array(vals, np.float64).astype(dt)
    if _has_inf(dt):
        out = np.concatenate([out, np.array([np.inf, -np.inf], np.float64).astype(dt)])
    if _has_nan(dt):
        out = np.concatenate([out, np.array([np.nan], np.float64).astype(dt)])
        if _signed_nan(dt):
            out = np.concatenate([out, -np.array([np.nan], np.float64).astype(dt)])
    return out


def _has_inf(dt) -> bool:
    with np.errstate(all="ignore"):
        return bool(np.isinf(np.array(np.inf).astype(dt).astype(np.float64)))


def _has_nan(dt) -> bool:
    with np.errstate(all="ignore"):
        return bool(np.isnan(np.array(np.nan).astype(dt).astype(np.float64)))


def _signed_nan(dt) -> bool:
    """Whether -NaN has its own encoding (not the FNUZ types, whose only NaN is 0x80)."""
    with np.errstate(all="ignore"):
        a = np.array([np.nan, -np.nan]).astype(dt)
    return a[:1].tobytes() != a[1:].tobytes()


def specials(e: str) -> np.ndarray:
    dt = numpy_dtype(e)
    k = kind(e)
    if k == "bool":
        return np.array([False, True])
    if k in ("signed", "unsigned"):
        info = ml_dtypes.iinfo(dt)
        n = np.dtype(dt).itemsize * 8
        vals = {0, 1, 2, 3, 5, 7, 8, n - 1, n, n + 1, 100, info.max, info.max - 1, info.max // 2,
                info.min, info.min + 1, -1, -2, -3, -7, -8, -(n - 1), -100, info.min // 2}
        vals = sorted(v for v in vals if int(info.min) <= v <= int(info.max))
        return np.array([int(v) for v in vals], dtype=np.int64 if k == "signed" else np.uint64).astype(dt)
    if k == "complex":
        p = _float_specials("f32" if e == "complex<f32>" else "f64")
        sel = p[[0, 1, 2, 3, 4, 9, 11, 16, 17, 27, 29, 31, 33, 40, 41, 42]]
        re, im = np.meshgrid(sel, sel)
        return (re.ravel() + 1j * im.ravel()).astype(dt)
    return _float_specials(e)


def randoms(e: str, n: int) -> np.ndarray:
    dt = numpy_dtype(e)
    k = kind(e)
    if k == "bool":
        return RNG.random(n) < 0.5
    if k in ("signed", "unsigned"):
        info = ml_dtypes.iinfo(dt)
        small = RNG.integers(max(-100, int(info.min)), min(100, int(info.max)), n)
        big = RNG.integers(int(info.min), int(info.max), n, endpoint=True,
                           dtype=np.int64 if k == "signed" else np.uint64)
        return np.where(RNG.random(n) < 0.5, small, big).astype(dt)
    scale = np.exp(RNG.uniform(-8, 8, n))
    x = RNG.standard_normal(n) * scale
    if k == "complex":
        x = x + 1j * RNG.standard_normal(n) * np.exp(RNG.uniform(-8, 8, n))
    with np.errstate(all="ignore"):
        return x.astype(dt)


def unary_inputs(e: str) -> list:
    s = specials(e)
    return [np.concatenate([s, randoms(e, 64)])]


def binary_inputs(e: str) -> list:
    s = specials(e)
    if len(s) > 40:
        s = s[RNG.choice(len(s), 40, replace=False)]
    a, b = (x.ravel() for x in np.meshgrid(s, s))
    return [np.concatenate([a, randoms(e, 128)]), np.concatenate([b, randoms(e, 128)])]


def ternary_inputs(e: str) -> list:
    s = specials(e)
    if len(s) > 12:
        s = s[RNG.choice(len(s), 12, replace=False)]
    a, b, c = (x.ravel() for x in np.meshgrid(s, s, s))
    return [a, b, c]


# ----------------------------------------------------------------------------- ops

EXACT = 0


@dataclass
class Op:
    name: str
    arity: int
    kinds: tuple                      # element kinds the op takes
    ulps: int = EXACT                 # float tolerance in units in the last place
    attrs: str = ""                   # attribute dictionary text
    result: object = None             # element -> result element (same if None)
    stablehlo: str = ""               # op name in StableHLO (name if empty)
    types: tuple = ()                 # restrict to these element types
    narrow: bool = False              # also the NARROW types
    build: object = None              # (op, element) -> (text, inputs) for non-element-wise ops
    extra: dict = field(default_factory=dict)
    rtol: float = 0.0                 # if set: floats within rtol * the largest magnitude of XLA's result
    eltol: float = 0.0                # if set: also floats within eltol * max(1, |XLA's value|) each

    def result_element(self, e: str) -> str:
        return self.result(e) if self.result else e


FLOATY = ("float", "complex")
NUM = ("signed", "unsigned", "float", "complex")
INTEGER = ("signed", "unsigned")
INTBOOL = ("bool", "signed", "unsigned")


def _part(e: str) -> str:
    return {"complex<f32>": "f32", "complex<f64>": "f64"}.get(e, e)


def _cx(e: str) -> str:
    return {"f32": "complex<f32>", "f64": "complex<f64>"}[e]


# ulps for transcendental functions: XLA's f32 / f64 approximations against the interpreter's
# numpy (correctly rounded to within about 1 ulp); narrow types are computed in f32 by XLA and
# rounded, so after rounding they agree to the last bit except next to a rounding boundary
TRANSCENDENTAL = 4

OPS = [
    Op("abs", 1, ("signed", "float", "complex"), result=_part),
    Op("negate", 1, NUM),
    Op("sign", 1, ("signed", "float", "complex")),
    Op("sqrt", 1, FLOATY, ulps=1),
    Op("rsqrt", 1, FLOATY, ulps=2),
    Op("cbrt", 1, FLOATY, ulps=TRANSCENDENTAL),
    Op("exponential", 1, FLOATY, ulps=TRANSCENDENTAL),
    Op("exponential_minus_one", 1, FLOATY, ulps=TRANSCENDENTAL),
    Op("log", 1, FLOATY, ulps=TRANSCENDENTAL),
    Op("log_plus_one", 1, FLOATY, ulps=TRANSCENDENTAL),
    Op("logistic", 1, FLOATY, ulps=TRANSCENDENTAL),
    Op("sine", 1, FLOATY, ulps=TRANSCENDENTAL),
    Op("cosine", 1, FLOATY, ulps=TRANSCENDENTAL),
    Op("tan", 1, FLOATY, ulps=TRANSCENDENTAL),
    Op("tanh", 1, FLOATY, ulps=TRANSCENDENTAL),
    Op("floor", 1, ("float",)),
    Op("ceil", 1, ("float",)),
    Op("round_nearest_afz", 1, ("float",)),
    Op("round_nearest_even", 1, ("float",)),
    Op("is_finite", 1, ("float",), result=lambda e: "i1"),
    Op("real", 1, ("complex",), result=_part),
    Op("imag", 1, ("complex",), result=_part),
    Op("not", 1, INTBOOL),
    Op("popcnt", 1, INTEGER),
    Op("count_leading_zeros", 1, INTEGER),
    Op("add", 2, ("bool",) + NUM),
    Op("subtract", 2, NUM),
    Op("multiply", 2, ("bool",) + NUM),
    Op("divide", 2, NUM),
    Op("remainder", 2, ("signed", "unsigned", "float")),
    Op("power", 2, NUM, ulps=TRANSCENDENTAL),
    Op("maximum", 2, ("bool",) + NUM),
    Op("minimum", 2, ("bool",) + NUM),
    Op("atan2", 2, FLOATY, ulps=TRANSCENDENTAL),
    Op("and", 2, INTBOOL),
    Op("or", 2, INTBOOL),
    Op("xor", 2, INTBOOL),
    Op("shift_left", 2, INTEGER),
    Op("shift_right_logical", 2, INTEGER),
    Op("shift_right_arithmetic", 2, INTEGER),
    Op("complex", 2, ("float",), result=_cx, types=("f32", "f64")),
    Op("clamp", 3, ("bool",) + NUM[:-1]),
    Op("select", 3, ("bool",) + NUM),
]
for _d in ("EQ", "NE", "LT", "LE", "GT", "GE"):
    OPS.append(Op(f"compare_{_d}", 2, ("bool",) + NUM, stablehlo="compare", result=lambda e: "i1",
                  attrs=f"comparison_direction = #stablehlo<comparison_direction {_d}>"))
    OPS.append(Op(f"compare_{_d}_TOTALORDER", 2, ("float",), stablehlo="compare", result=lambda e: "i1",
                  attrs=f"comparison_direction = #stablehlo<comparison_direction {_d}>, "
                        f"compare_type = #stablehlo<comparison_type TOTALORDER>"))
# CHLO's element-wise ops (JAX emits them; the importer decomposes them into shlo ops, XLA
# legalizes them with its own expansions)
for _name, _arity, _kinds in (("erf", 1, ("float",)), ("erfc", 1, ("float",)), ("erf_inv", 1, ("float",)),
                              ("lgamma", 1, ("float",)), ("digamma", 1, ("float",)),
                              ("bessel_i1e", 1, ("float",)), ("asin", 1, FLOATY), ("acos", 1, FLOATY),
                              ("atan", 1, FLOATY), ("asinh", 1, FLOATY), ("acosh", 1, FLOATY),
                              ("atanh", 1, FLOATY), ("sinh", 1, FLOATY), ("cosh", 1, FLOATY),
                              ("tan", 1, FLOATY), ("square", 1, NUM), ("conj", 1, ("complex",)),
                              ("next_after", 2, ("float",)), ("polygamma", 2, ("float",)),
                              ("zeta", 2, ("float",))):
    OPS.append(Op(f"chlo_{_name}", _arity, _kinds, stablehlo=f"chlo.{_name}",
                  ulps=EXACT if _name in ("square", "conj", "next_after") else TRANSCENDENTAL,
                  eltol=0.0 if _name in ("square", "conj", "next_after") else 1e-5))
for _name in ("is_inf", "is_pos_inf", "is_neg_inf"):
    OPS.append(Op(f"chlo_{_name}", 1, ("float",), stablehlo=f"chlo.{_name}", result=lambda e: "i1"))
for _dst in TYPES:
    OPS.append(Op(f"convert_to_{_dst}", 1, ("bool",) + NUM, stablehlo="convert", result=lambda e, d=_dst: d,
                  narrow=True))
    OPS.append(Op(f"bitcast_convert_to_{_dst}", 1, ("bool",) + NUM, stablehlo="bitcast_convert",
                  result=lambda e, d=_dst: d, narrow=True,
                  extra={"same_width": True}))
for _eb, _mb in ((5, 10), (8, 7), (8, 23), (4, 3), (5, 2), (11, 52), (3, 4), (1, 1), (6, 15)):
    OPS.append(Op(f"reduce_precision_e{_eb}m{_mb}", 1, ("float",), stablehlo="reduce_precision",
                  attrs=f"exponent_bits = {_eb} : i32, mantissa_bits = {_mb} : i32"))


# ----------------------------------------------------------------------------- non-element-wise ops

ROWS, ROW = 48, 8


def _rows_of(e: str, rows: int = ROWS, k: int = ROW) -> np.ndarray:
    """rows x k elements: half the rows drawn from the special values, half random."""
    s = specials(e)
    special = s[RNG.integers(0, len(s), (rows // 2, k))]
    rand = randoms(e, (rows - rows // 2) * k).reshape(-1, k)
    return np.concatenate([special, rand]).astype(numpy_dtype(e))


def _region(body_ops: str, e: str, nargs: int = 2) -> str:
    t = f"tensor<{e}>"
    args = ", ".join(f"%x{i}: {t}" for i in range(nargs))
    return f"({{\n  ^bb0({args}):\n{body_ops}  }})"


def _scalar_op(op: str, e: str, a: str = "%x0", b: str = "%x1", attrs: str = "", out: str | None = None) -> str:
    t = f"tensor<{e}>"
    attr = f" {{{attrs}}}" if attrs else ""
    return f"    %r = \"stablehlo.{op}\"({a}, {b}){attr} : ({t}, {t}) -> {out or t}\n"


def _body_region(op: str, e: str) -> str:
    """The region of a reduction-style op whose body is one binary `op` on two scalars."""
    return _region(_scalar_op(op, e) + f"    \"stablehlo.return\"(%r) : (tensor<{e}>) -> ()\n", e)


def _extreme(e: str, high: bool):
    dt = numpy_dtype(e)
    k = kind(e)
    if k == "bool":
        return np.array(high, dt)
    if k in ("signed", "unsigned"):
        info = ml_dtypes.iinfo(dt)
        return np.array(int(info.max if high else info.min)).astype(dt)
    with np.errstate(all="ignore"):
        inf = np.array(np.inf if high else -np.inf).astype(dt)
    if np.isinf(inf.astype(np.float64)):
        return inf
    m = float(ml_dtypes.finfo(dt).max)
    return np.array(m if high else -m).astype(dt)


REDUCERS = {   # name: (body op, init)
    "add": ("add", lambda e: np.zeros((), numpy_dtype(e))),
    "multiply": ("multiply", lambda e: np.ones((), numpy_dtype(e))),
    "maximum": ("maximum", lambda e: _extreme(e, False)),
    "minimum": ("minimum", lambda e: _extreme(e, True)),
    "and": ("and", lambda e: _extreme(e, True) if kind(e) != "unsigned" else np.array(-1).astype(numpy_dtype(e))),
    "or": ("or", lambda e: np.zeros((), numpy_dtype(e))),
}


def reduce_case(op: Op, e: str):
    body, init = REDUCERS[op.extra["reducer"]]
    row = op.extra.get("row", ROW)
    x = _rows_of(e, ROWS, row)
    t_in, t_out, t = f"tensor<{ROWS}x{row}x{e}>", f"tensor<{ROWS}x{e}>", f"tensor<{e}>"
    region = _body_region(body, e)
    text = (f"func.func public @main(%a: {t_in}, %i: {t}) -> {t_out} {{\n"
            f"  %0 = \"stablehlo.reduce\"(%a, %i) {region} {{dimensions = array<i64: 1>}} : ({t_in}, {t}) -> {t_out}\n"
            f"  return %0 : {t_out}\n}}\n")
    return text, [x, np.asarray(init(e)).astype(numpy_dtype(e))]


def dot_case(op: Op, e: str):
    """(ROWS x ROW) . (ROW x 4): integers over their whole range (wrapping), floats as small
    integers (exact products; sums past the type's integer range show how it accumulates)."""
    dt = numpy_dtype(e)
    if kind(e) in ("signed", "unsigned"):
        a, b = _rows_of(e), _rows_of(e, ROW, 4)
    elif op.extra.get("random"):
        a = RNG.standard_normal((ROWS, ROW)).astype(dt)
        b = RNG.standard_normal((ROW, 4)).astype(dt)
    else:
        with np.errstate(all="ignore"):
            a = RNG.integers(-12, 13, (ROWS, ROW)).astype(dt)
            b = RNG.integers(-12, 13, (ROW, 4)).astype(dt)
            if kind(e) == "complex":
                a = a + 1j * RNG.integers(-12, 13, (ROWS, ROW)).astype(dt)
    ta, tb, tr = f"tensor<{ROWS}x{ROW}x{e}>", f"tensor<{ROW}x4x{e}>", f"tensor<{ROWS}x4x{e}>"
    dims = ("#stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>")
    text = (f"func.func public @main(%a: {ta}, %b: {tb}) -> {tr} {{\n"
            f"  %0 = \"stablehlo.dot_general\"(%a, %b) {{dot_dimension_numbers = {dims}}} : ({ta}, {tb}) -> {tr}\n"
            f"  return %0 : {tr}\n}}\n")
    return text, [a, b]


def conv_case(op: Op, e: str):
    """A 1-D convolution, NWC x WIO -> NWC: window 3, stride 2, padding 1, lhs dilation 1,
    rhs dilation 2, 3 input and 2 output features; values as dot_case's."""
    dt = numpy_dtype(e)
    shapes = ((4, 9, 3), (3, 3, 2))
    if kind(e) in ("signed", "unsigned"):
        a, b = (_rows_of(e, s[0], int(np.prod(s[1:]))).reshape(s) for s in shapes)
    elif op.extra.get("random"):
        a, b = (RNG.standard_normal(s).astype(dt) for s in shapes)
    else:
        with np.errstate(all="ignore"):
            a, b = (RNG.integers(-12, 13, s).astype(dt) for s in shapes)
    ta, tb, tr = f"tensor<4x9x3x{e}>", f"tensor<3x3x2x{e}>", f"tensor<4x4x2x{e}>"
    attrs = ("dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, window_strides = array<i64: 2>, "
             "padding = dense<[[1, 1]]> : tensor<1x2xi64>, rhs_dilation = array<i64: 2>, "
             "feature_group_count = 1 : i64, batch_group_count = 1 : i64")
    text = (f"func.func public @main(%a: {ta}, %b: {tb}) -> {tr} {{\n"
            f"  %0 = \"stablehlo.convolution\"(%a, %b) {{{attrs}}} : ({ta}, {tb}) -> {tr}\n"
            f"  return %0 : {tr}\n}}\n")
    return text, [a, b]


def _index_values(n: int) -> np.ndarray:
    """Start indices around and far outside [0, 16): negative, past the end, int32 extremes."""
    special = np.array([0, 1, 11, 12, 13, 15, 16, 17, -1, -2, -100, 100, 2 ** 31 - 1, -2 ** 31], np.int64)
    return np.concatenate([special, RNG.integers(-20, 40, n - len(special))]).astype(np.int32)


def indexing_case(op: Op, e: str):
    """Out-of-bounds starts on a 16-element operand: dynamic_slice and dynamic_update_slice
    (4 elements, starts clamped), gather (slices of 3, starts clamped) and scatter (one element
    per index, out-of-bounds updates skipped); one program per start for the dynamic ones."""
    x = _rows_of(e, 1, 16).reshape(16)
    kind_ = op.extra["indexing"]
    t, t3 = f"tensor<16x{e}>", f"tensor<3x{e}>"
    if kind_ in ("dynamic_slice", "dynamic_update_slice"):
        starts = _index_values(24)
        body = [f"func.func public @main(%a: {t}, %u: tensor<4x{e}>, %i: tensor<24xi32>) -> tensor<24x16x{e}> {{"]
        pieces = []
        for j in range(24):
            body.append(f"  %s{j} = \"stablehlo.slice\"(%i) {{start_indices = array<i64: {j}>, limit_indices = "
                        f"array<i64: {j + 1}>, strides = array<i64: 1>}} : (tensor<24xi32>) -> tensor<1xi32>")
            body.append(f"  %k{j} = \"stablehlo.reshape\"(%s{j}) : (tensor<1xi32>) -> tensor<i32>")
            if kind_ == "dynamic_slice":
                body.append(f"  %d{j} = \"stablehlo.dynamic_slice\"(%a, %k{j}) {{slice_sizes = array<i64: 4>}} : "
                            f"({t}, tensor<i32>) -> tensor<4x{e}>")
                body.append(f"  %p{j} = \"stablehlo.pad\"(%d{j}, %z) {{edge_padding_low = array<i64: 0>, "
                            f"edge_padding_high = array<i64: 12>, interior_padding = array<i64: 0>}} : "
                            f"(tensor<4x{e}>, tensor<{e}>) -> {t}")
            else:
                body.append(f"  %p{j} = \"stablehlo.dynamic_update_slice\"(%a, %u, %k{j}) : "
                            f"({t}, tensor<4x{e}>, tensor<i32>) -> {t}")
            body.append(f"  %r{j} = \"stablehlo.reshape\"(%p{j}) : ({t}) -> tensor<1x16x{e}>")
            pieces.append(f"%r{j}")
        if kind_ == "dynamic_slice":
            body.insert(1, f"  %z = \"stablehlo.slice\"(%a) {{start_indices = array<i64: 0>, limit_indices = "
                           f"array<i64: 1>, strides = array<i64: 1>}} : ({t}) -> tensor<1x{e}>")
            body.insert(2, f"  %z = \"stablehlo.reshape\"(%z0) : (tensor<1x{e}>) -> tensor<{e}>".replace("%z =", "%z ="))
            body[1] = body[1].replace("%z =", "%z0 =")
        body.append(f"  %c = \"stablehlo.concatenate\"({', '.join(pieces)}) {{dimension = 0 : i64}} : "
                    f"({', '.join([f'tensor<1x16x{e}>'] * 24)}) -> tensor<24x16x{e}>")
        body.append(f"  return %c : tensor<24x16x{e}>\n}}\n")
        return "\n".join(body), [x, _rows_of(e, 1, 4).reshape(4), starts]
    idx = _index_values(32).reshape(32, 1)
    if kind_ == "gather":
        dims = ("#stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>")
        text = (f"func.func public @main(%a: {t}, %i: tensor<32x1xi32>) -> tensor<32x3x{e}> {{\n"
                f"  %0 = \"stablehlo.gather\"(%a, %i) {{dimension_numbers = {dims}, slice_sizes = array<i64: 3>}} : "
                f"({t}, tensor<32x1xi32>) -> tensor<32x3x{e}>\n  return %0 : tensor<32x3x{e}>\n}}\n")
        return text, [x, idx]
    upd = _rows_of(e, 1, 32).reshape(32)
    region = _region(f"    \"stablehlo.return\"(%x1) : (tensor<{e}>) -> ()\n", e)
    dims = ("#stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], "
            "index_vector_dim = 1>")
    text = (f"func.func public @main(%a: {t}, %i: tensor<32x1xi32>, %u: tensor<32x{e}>) -> {t} {{\n"
            f"  %0 = \"stablehlo.scatter\"(%a, %i, %u) {region} {{scatter_dimension_numbers = {dims}, "
            f"unique_indices = false}} : ({t}, tensor<32x1xi32>, tensor<32x{e}>) -> {t}\n"
            f"  return %0 : {t}\n}}\n")
    return text, [x, idx, upd]


def sort_case(op: Op, e: str):
    """A stable sort of each row by `compare LT` (TOTALORDER for floats), carrying the column
    index; the result compared is the permutation."""
    x = _rows_of(e, ROWS, 12)
    idx = np.broadcast_to(np.arange(12, dtype=np.int32), x.shape).copy()
    t_in, t_i = f"tensor<{ROWS}x12x{e}>", f"tensor<{ROWS}x12xi32>"
    ctype = ", compare_type = #stablehlo<comparison_type TOTALORDER>" if kind(e) == "float" else ""
    cmp = _scalar_op("compare", e, attrs=f"comparison_direction = #stablehlo<comparison_direction LT>{ctype}",
                     out="tensor<i1>")
    region = (f"({{\n  ^bb0(%x0: tensor<{e}>, %x1: tensor<{e}>, %y0: tensor<i32>, %y1: tensor<i32>):\n{cmp}"
              f"    \"stablehlo.return\"(%r) : (tensor<i1>) -> ()\n  }})")
    text = (f"func.func public @main(%a: {t_in}, %b: {t_i}) -> {t_i} {{\n"
            f"  %0:2 = \"stablehlo.sort\"(%a, %b) {region} {{dimension = 1 : i64, is_stable = true}} : "
            f"({t_in}, {t_i}) -> ({t_in}, {t_i})\n"
            f"  return %0#1 : {t_i}\n}}\n")
    return text, [x, idx]


def reduce_window_case(op: Op, e: str):
    """Windows of 3 (stride 1, one padding element each side) and of the whole row (a running
    fold, as cumulative sums: padding ROW - 1 before) along each row."""
    body, init = REDUCERS[op.extra["reducer"]]
    x = _rows_of(e)
    w = op.extra["window"]
    lo, hi = (1, 1) if w == 3 else (ROW - 1, 0)
    out_w = ROW + lo + hi - w + 1
    t_in, t_out, t = f"tensor<{ROWS}x{ROW}x{e}>", f"tensor<{ROWS}x{out_w}x{e}>", f"tensor<{e}>"
    region = _body_region(body, e)
    attrs = (f"window_dimensions = array<i64: 1, {w}>, window_strides = array<i64: 1, 1>, "
             f"padding = dense<[[0, 0], [{lo}, {hi}]]> : tensor<2x2xi64>")
    text = (f"func.func public @main(%a: {t_in}, %i: {t}) -> {t_out} {{\n"
            f"  %0 = \"stablehlo.reduce_window\"(%a, %i) {region} {{{attrs}}} : ({t_in}, {t}) -> {t_out}\n"
            f"  return %0 : {t_out}\n}}\n")
    return text, [x, np.asarray(init(e)).astype(numpy_dtype(e))]


def scatter_case(op: Op, e: str):
    """Scatter with the body's op into ROWS elements from 4 * ROWS updates, many to one index
    (the order the updates are combined in shows where the body rounds)."""
    body, _ = REDUCERS[op.extra["reducer"]]
    base = _rows_of(e, ROWS, 1).reshape(ROWS)
    upd = _rows_of(e, 4 * ROWS // ROW, ROW).reshape(-1)
    idx = RNG.integers(0, ROWS // 4, (4 * ROWS, 1)).astype(np.int32)
    t_b, t_u, t_i = f"tensor<{ROWS}x{e}>", f"tensor<{4 * ROWS}x{e}>", f"tensor<{4 * ROWS}x1xi32>"
    region = _body_region(body, e)
    dims = ("#stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], "
            "index_vector_dim = 1>")
    text = (f"func.func public @main(%a: {t_b}, %i: {t_i}, %u: {t_u}) -> {t_b} {{\n"
            f"  %0 = \"stablehlo.scatter\"(%a, %i, %u) {region} {{scatter_dimension_numbers = {dims}}} : "
            f"({t_b}, {t_i}, {t_u}) -> {t_b}\n"
            f"  return %0 : {t_b}\n}}\n")
    return text, [base, idx, upd]


for _name in REDUCERS:
    OPS.append(Op(f"reduce_{_name}", 0, ("bool",) + NUM if _name not in ("and", "or") else INTBOOL,
                  build=reduce_case, stablehlo="reduce", extra={"reducer": _name},
                  ulps=4 if _name in ("add", "multiply") else EXACT))
for _name in ("add", "maximum", "minimum", "multiply"):
    for _w in (3, ROW):
        OPS.append(Op(f"reduce_window_{_name}_{_w}", 0, ("bool",) + NUM, build=reduce_window_case,
                      stablehlo="reduce_window", extra={"reducer": _name, "window": _w},
                      ulps=4 if _name in ("add", "multiply") else EXACT))
    OPS.append(Op(f"scatter_{_name}", 0, ("bool",) + NUM, build=scatter_case, stablehlo="scatter",
                  extra={"reducer": _name}, ulps=4 if _name in ("add", "multiply") else EXACT))
# rows longer than XLA's 32-element reduction window (XLA reduces them as a tree of windows)
OPS.append(Op("reduce_add_long", 0, NUM, build=reduce_case, stablehlo="reduce", ulps=4,
              extra={"reducer": "add", "row": 100}))
for _k in ("dynamic_slice", "dynamic_update_slice", "gather", "scatter"):
    OPS.append(Op(f"{_k}_out_of_bounds", 0, ("bool",) + NUM, build=indexing_case, stablehlo=_k,
                  types=("i1", "i8", "ui32", "f16", "f32", "complex<f64>"), extra={"indexing": _k}))
OPS.append(Op("dot_general", 0, NUM, build=dot_case))
# random values in types narrower than f32: XLA sums in f32 and rounds once, so within an ulp
OPS.append(Op("dot_general_random", 0, ("float",), build=dot_case, stablehlo="dot_general", ulps=1,
              types=tuple(["f16", "bf16"] + F8), extra={"random": True}))
OPS.append(Op("convolution", 0, NUM, build=lambda op, e: conv_case(op, e)))
OPS.append(Op("convolution_random", 0, ("float",), build=lambda op, e: conv_case(op, e), stablehlo="convolution",
              ulps=1, types=tuple(["f16", "bf16"] + F8), extra={"random": True}))
OPS.append(Op("sort", 0, ("bool",) + NUM[:-1], build=sort_case))
# control flow, fft, rng_bit_generator, linear algebra, select_and_scatter, batch norm, pad,
# data movement on every type, collectives on one device (tools/xla_sweep_structured.py)
OPS.extend(structured_ops(sys.modules[__name__]))


# ----------------------------------------------------------------------------- programs

def ttype(e: str, n: int) -> str:
    return f"tensor<{n}x{e}>"


def program(opname: str, attrs: str, in_elems: list, out_elem: str, n: int) -> str:
    args = ", ".join(f"%a{i}: {ttype(e, n)}" for i, e in enumerate(in_elems))
    operands = ", ".join(f"%a{i}" for i in range(len(in_elems)))
    in_types = ", ".join(ttype(e, n) for e in in_elems)
    attr = f" {{{attrs}}}" if attrs else ""
    return (f"func.func public @main({args}) -> {ttype(out_elem, n)} {{\n"
            f"  %0 = \"{opname if '.' in opname else 'stablehlo.' + opname}\"({operands}){attr} : ({in_types}) -> {ttype(out_elem, n)}\n"
            f"  return %0 : {ttype(out_elem, n)}\n}}\n")


_CLIENT = None


def run_xla(text: str, args: list) -> np.ndarray:
    global _CLIENT
    import jax
    from jax._src import compiler
    from jax._src.lib import xla_client as xc
    dev = jax.devices("cpu")[0]
    opts = compiler.get_compile_options(num_replicas=1, num_partitions=1)
    exe = dev.client.compile_and_load(text, xc.DeviceList((dev,)), opts)
    bufs = [jax.device_put(np.asarray(a), dev) for a in args]
    res = exe.execute_sharded(bufs)
    return np.asarray(res.disassemble_into_single_device_arrays()[0][0])


def run_shlo(text: str, args: list) -> np.ndarray:
    prog = shlo.from_stablehlo(text)
    (out,) = shlo.interpret(prog, *args)
    return np.asarray(out)


# ----------------------------------------------------------------------------- comparison

def _bits(x: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(x).view(f"u{x.dtype.itemsize}").astype(np.uint64)


def _order_key(x: np.ndarray) -> np.ndarray:
    """Sign-magnitude float bits as a signed position on the number line (+0 and -0 both 0),
    as Python ints (f64 positions do not fit int64 differences)."""
    bits = _bits(x)
    w = x.dtype.itemsize * 8
    sign = np.uint64(1 << (w - 1))
    mag = (bits & ~sign).astype(object)
    return np.where((bits & sign) != 0, -mag, mag)


def differing(got: np.ndarray, want: np.ndarray, ulps: int) -> tuple[np.ndarray, int]:
    """(mask of differing elements, largest ulp distance among the float ones compared by ulps)."""
    if want.dtype.kind == "c":
        m1, u1 = differing(np.real(got).copy(), np.real(want).copy(), ulps)
        m2, u2 = differing(np.imag(got).copy(), np.imag(want).copy(), ulps)
        return m1 | m2, max(u1, u2)
    if want.dtype.kind in "biu":
        return got != want, 0
    with np.errstate(all="ignore"):
        gn, wn = np.isnan(got.astype(np.float64)), np.isnan(want.astype(np.float64))
    same_bits = _bits(got) == _bits(want)
    if ulps == EXACT:
        return ~(same_bits | (gn & wn)), 0
    dist = np.abs(_order_key(got) - _order_key(want))
    dist = np.where(gn | wn, 0, dist)
    bad = ~(same_bits | (gn & wn)) & ((gn != wn) | (dist > ulps))
    return bad, int(max(dist.max(initial=0), 0))


def differing_relative(got: np.ndarray, want: np.ndarray, rtol: float) -> np.ndarray:
    """Elements farther than rtol times XLA's largest finite magnitude (for results whose
    accuracy depends on the algorithm: fft, factorizations, batch statistics); NaN only
    where XLA has NaN, infinities equal."""
    if want.dtype.kind in "biu":
        return got != want
    g, w = got.astype(np.complex128 if want.dtype.kind == "c" else np.float64), \
        want.astype(np.complex128 if want.dtype.kind == "c" else np.float64)
    with np.errstate(all="ignore"):
        fin = np.isfinite(w)
        scale = np.abs(w[fin]).max(initial=0.0) or 1.0
        close = np.abs(g - w) <= rtol * scale
        same = (g == w) | (np.isnan(g) & np.isnan(w))
        if want.dtype.kind == "c":
            same = same | (np.isnan(g.real) | np.isnan(g.imag)) & (np.isnan(w.real) | np.isnan(w.imag))
    return ~(same | (close & fin))


def op_differing(op: Op, got: np.ndarray, want: np.ndarray, eltol: bool = True) -> tuple[np.ndarray, int]:
    """(mask of elements of `got` that differ from `want` under op's tolerance: rtol, or ulps and
    (with eltol) the per-element eltol; largest ulp distance where ulps are compared)."""
    if op.rtol:
        return differing_relative(got, want, op.rtol), 0
    bad, max_ulp = differing(got, want, op.ulps)
    if eltol and op.eltol:
        bad &= ~close_elements(got, want, op.eltol)
    return bad, max_ulp


def close_elements(got: np.ndarray, want: np.ndarray, eltol: float) -> np.ndarray:
    """Finite elements within eltol * max(1, |XLA's value|): for the CHLO expansions, whose
    cancellations turn an ulp of difference in an intermediate log or sine into several in
    the result (absolute near a zero of the function, relative elsewhere)."""
    if want.dtype.kind == "c":
        return close_elements(np.real(got).copy(), np.real(want).copy(), eltol) & \
            close_elements(np.imag(got).copy(), np.imag(want).copy(), eltol)
    if want.dtype.kind in "biu":
        return got == want
    with np.errstate(all="ignore"):
        g, w = got.astype(np.float64), want.astype(np.float64)
        return np.isfinite(w) & (np.abs(g - w) <= eltol * np.maximum(1.0, np.abs(w)))


def _tiny(dt) -> float:
    return float(ml_dtypes.finfo(dt).tiny)


def _has_denormals(x: np.ndarray) -> bool:
    if x.dtype.kind == "c":
        return _has_denormals(np.real(x)) or _has_denormals(np.imag(x))
    if x.dtype.kind in "biu" or x.dtype.itemsize == 1:
        return False
    with np.errstate(all="ignore"):
        a = np.abs(x.astype(np.float64))
    return bool(((a > 0) & (a < _tiny(x.dtype))).any())


def _tiny_results(got: np.ndarray, bad: np.ndarray) -> bool:
    if got.dtype.kind not in "fcV" or got.dtype.itemsize == 1 or not bad.any():
        return False
    parts = [np.real(got), np.imag(got)] if got.dtype.kind == "c" else [got]
    return any(bool((np.abs(p[bad].astype(np.float64)) == _tiny(p.dtype)).any()) for p in parts)


def flush(x: np.ndarray, results: bool = False) -> np.ndarray:
    """Denormals replaced by zeros of their sign (f16 and wider: XLA computes f8 in f32). For
    results, the smallest normal number too: x86 detects tininess before rounding, so a result
    that rounds up to it from below is flushed."""
    if x.dtype.kind == "c":
        return (flush(np.real(x).copy(), results) + 1j * flush(np.imag(x).copy(), results)).astype(x.dtype)
    if x.dtype.kind in "biu" or x.dtype.itemsize == 1:
        return x
    with np.errstate(all="ignore"):
        a = np.abs(x.astype(np.float64))
        sub = (a > 0) & ((a <= _tiny(x.dtype)) if results else (a < _tiny(x.dtype)))
    return np.where(sub, np.copysign(np.zeros_like(x), x), x).astype(x.dtype)


# ----------------------------------------------------------------------------- the sweep

@dataclass
class Result:
    name: str
    elem: str
    n: int = 0
    bad: int = 0
    flushed: int = 0
    max_ulp: int = 0
    skipped: str = ""
    error: str = ""
    examples: list = field(default_factory=list)


def run_case(op: Op, e: str, verbose: bool) -> Result:
    r = Result(op.name, e)
    if op.build is not None:
        text, inputs = op.build(op, e)
    else:
        text, inputs = _elementwise_case(op, e)
    try:
        want = run_xla(text, inputs)
    except Exception as ex:                      # noqa: BLE001  (XLA's reasons vary)
        r.skipped = f"{type(ex).__name__}: {str(ex).splitlines()[0][:160]}"
        return r
    r.n = want.size
    try:
        got = run_shlo(text, inputs)
    except Exception as ex:                      # noqa: BLE001
        r.error = f"{type(ex).__name__}: {str(ex).splitlines()[0][:200]}"
        r.bad = r.n
        return r
    if op.extra.get("bits") and got.dtype != want.dtype and got.dtype.itemsize == want.dtype.itemsize:
        got = got.view(want.dtype)      # XLA hands rng_bit_generator's signed / float bits back unsigned
    if got.dtype != want.dtype or got.shape != want.shape:
        r.error = f"result {got.dtype}{got.shape}, XLA {want.dtype}{want.shape}"
        r.bad = r.n
        return r
    got, want = got.reshape(-1), want.reshape(-1)
    bad, r.max_ulp = op_differing(op, got, want)
    if bad.any() and any(_has_denormals(a) for a in inputs + [got, want]) or _tiny_results(got, bad):
        try:
            on_flushed = run_shlo(text, [flush(a) for a in inputs]).reshape(-1)
        except Exception:                        # noqa: BLE001
            on_flushed = None
        if on_flushed is not None:
            still = bad.copy()
            for g in (on_flushed, flush(on_flushed), flush(on_flushed, results=True)):
                still &= op_differing(op, g, want, eltol=False)[0]
            r.flushed = int((bad & ~still).sum())
            bad = still
    r.bad = int(bad.sum())
    for i in np.flatnonzero(bad)[:8 if verbose else 3]:
        r.examples.append((tuple(_input_of(a, i, want.size) for a in inputs), want[i], got[i]))
    return r


def _input_of(a: np.ndarray, i: int, n: int):
    """The inputs that made result element i: the element, or the row of a reduction."""
    if a.size == n:
        return a.reshape(-1)[i]
    if a.ndim >= 1 and a.shape[0] == n:
        row = a[i].reshape(-1)
        shown = row[:8].tolist() if a.dtype.itemsize > 1 or a.dtype.kind != "V" else row[:8]
        return shown if row.size <= 8 else f"{shown} ... ({row.size} elements)"
    return f"<{a.shape}>"


def _elementwise_case(op: Op, e: str):
    inputs = {1: unary_inputs, 2: binary_inputs, 3: ternary_inputs}[op.arity](e)
    if op.name == "select":
        inputs = [inputs[0].astype(bool) if kind(e) == "bool" else (RNG.random(len(inputs[0])) < 0.5)] + inputs[1:]
        in_elems = ["i1", e, e]
    elif op.name == "clamp":
        in_elems = [e, e, e]
    else:
        in_elems = [e] * op.arity
    inputs = [np.ascontiguousarray(a).astype(numpy_dtype(t)) for a, t in zip(inputs, in_elems)]
    n = len(inputs[0])
    out_elem = op.result_element(e)
    return program(op.stablehlo or op.name, op.attrs, in_elems, out_elem, n), inputs


def cases(op_names: list, types: list):
    for op in OPS:
        if op_names and op.name not in op_names and (op.stablehlo or op.name) not in op_names:
            continue
        for e in types:
            if kind(e) not in op.kinds or (op.types and e not in op.types):
                continue
            if (e in NARROW or op.result_element(e) in NARROW) and not op.narrow:
                continue
            if op.extra.get("same_width") and (ELEMENT_TYPES[e][1] != ELEMENT_TYPES[op.result_element(e)][1]
                                               or "i1" in (e, op.result_element(e))):
                continue
            yield op, e


def tolerance_text(op: Op) -> str:
    return f"rtol {op.rtol}" if op.rtol else "exact" if op.ulps == EXACT else f"<= {op.ulps} ulp"


@dataclass
class Tally:
    ran: int = 0
    matched: int = 0
    skipped: int = 0
    n: int = 0
    bad: int = 0
    results: list = field(default_factory=list)      # of the cases run


def sweep(pairs, run, verbose: bool, detail, example) -> Tally:
    """Runs `run(op, element)` on each pair (a result with n, bad, skipped, error, examples) and
    counts; prints a `skip` line per skipped case (verbose) and, per case that differs, a FAIL
    line (`detail(result)` in its parentheses) and `example(e)` for each of its examples. Shared
    with tools/compiled_diff_sweep.py."""
    t = Tally()
    for op, e in pairs:
        r = run(op, e)
        if r.skipped:
            t.skipped += 1
            if verbose:
                print(f"skip {op.name} {e}: {r.skipped}")
            continue
        t.ran += 1
        t.n += r.n
        t.bad += r.bad
        t.results.append(r)
        if r.bad == 0:
            t.matched += 1
            continue
        print(f"FAIL {op.name} {e}: {r.bad}/{r.n} differ ({tolerance_text(op)}; {detail(r)}) {r.error}", flush=True)
        for ex in r.examples:
            print(f"     {example(ex)}")
    return t


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ops", nargs="*", help="op names (all if none)")
    ap.add_argument("--types", default=",".join(TYPES), help="comma-separated element types")
    ap.add_argument("-v", "--verbose", action="store_true", help="more examples, and skipped cases")
    ap.add_argument("--strict", action="store_true", help="every float compared exactly (no ulp tolerance)")
    args = ap.parse_args(argv)
    types = [t for t in args.types.split(",") if t]
    pairs = ((dataclasses.replace(op, ulps=EXACT) if args.strict else op, e) for op, e in cases(args.ops, types))
    t = sweep(pairs, lambda op, e: run_case(op, e, args.verbose), args.verbose,
              lambda r: f"max ulp {r.max_ulp}", lambda ex: f"{ex[0]!r}: XLA {ex[1]!r}, shlo {ex[2]!r}")
    flushed = sum(r.flushed for r in t.results)
    print(f"{t.ran} cases run ({t.skipped} skipped: XLA does not run them); {t.matched} match XLA; "
          f"{t.n - t.bad}/{t.n} elements match ({flushed} of them as XLA's denormal flush)")
    return 0 if t.matched == t.ran else 1


if __name__ == "__main__":
    sys.exit(main())
