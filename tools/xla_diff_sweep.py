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

A case XLA cannot compile or run (f8 arithmetic, say) is counted as skipped with XLA's reason;
one the interpreter refuses or fails on is a mismatch. Prints one line per failing case and
the totals: cases run, cases matching, elements compared, elements differing.
"""
from __future__ import annotations

import argparse
import itertools
import os
import sys
from dataclasses import dataclass, field

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import jax                      # noqa: E402
import ml_dtypes                # noqa: E402
import numpy as np              # noqa: E402

import shlo                     # noqa: E402
from shlo.literals import ELEMENT_TYPES, numpy_dtype   # noqa: E402

jax.config.update("jax_enable_x64", True)
RNG = np.random.default_rng(0)

INTS = ["i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64"]
FLOATS = ["f16", "bf16", "f32", "f64"]
F8 = ["f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ", "f8E4M3B11FNUZ", "f8E3M4", "f8E4M3"]
COMPLEX = ["complex<f32>", "complex<f64>"]
TYPES = ["i1"] + INTS + FLOATS + F8 + COMPLEX


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
        info = np.iinfo(dt)
        n = np.dtype(dt).itemsize * 8
        vals = {0, 1, 2, 3, 5, 7, 8, n - 1, n, n + 1, 100, info.max, info.max - 1, info.max // 2,
                info.min, info.min + 1, -1, -2, -3, -7, -8, -(n - 1), -100, info.min // 2}
        vals = sorted(v for v in vals if info.min <= v <= info.max)
        return np.array(vals, dtype=np.int64 if k == "signed" else np.uint64).astype(dt)
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
        info = np.iinfo(dt)
        small = RNG.integers(-100 if k == "signed" else 0, 100, n)
        big = RNG.integers(info.min, info.max, n, endpoint=True, dtype=np.int64 if k == "signed" else np.uint64)
        return np.where(RNG.random(n) < 0.5, small.astype(dt), big.astype(dt))
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
    extra: dict = field(default_factory=dict)

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
for _eb, _mb in ((5, 10), (8, 7), (8, 23), (4, 3), (5, 2), (11, 52), (3, 4), (1, 1), (6, 15)):
    OPS.append(Op(f"reduce_precision_e{_eb}m{_mb}", 1, ("float",), stablehlo="reduce_precision",
                  attrs=f"exponent_bits = {_eb} : i32, mantissa_bits = {_mb} : i32"))


# ----------------------------------------------------------------------------- programs

def ttype(e: str, n: int) -> str:
    return f"tensor<{n}x{e}>"


def program(opname: str, attrs: str, in_elems: list, out_elem: str, n: int) -> str:
    args = ", ".join(f"%a{i}: {ttype(e, n)}" for i, e in enumerate(in_elems))
    operands = ", ".join(f"%a{i}" for i in range(len(in_elems)))
    in_types = ", ".join(ttype(e, n) for e in in_elems)
    attr = f" {{{attrs}}}" if attrs else ""
    return (f"func.func public @main({args}) -> {ttype(out_elem, n)} {{\n"
            f"  %0 = \"stablehlo.{opname}\"({operands}){attr} : ({in_types}) -> {ttype(out_elem, n)}\n"
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
    text = program(op.stablehlo or op.name, op.attrs, in_elems, out_elem, n)
    try:
        want = run_xla(text, inputs)
    except Exception as ex:                      # noqa: BLE001  (XLA's reasons vary)
        r.skipped = f"{type(ex).__name__}: {str(ex).splitlines()[0][:160]}"
        return r
    r.n = n
    try:
        got = run_shlo(text, inputs)
    except Exception as ex:                      # noqa: BLE001
        r.error = f"{type(ex).__name__}: {str(ex).splitlines()[0][:200]}"
        r.bad = n
        return r
    if got.dtype != want.dtype or got.shape != want.shape:
        r.error = f"result {got.dtype}{got.shape}, XLA {want.dtype}{want.shape}"
        r.bad = n
        return r
    bad, r.max_ulp = differing(got, want, op.ulps)
    if bad.any() and any(_has_denormals(a) for a in inputs + [got, want]) or _tiny_results(got, bad):
        try:
            on_flushed = run_shlo(text, [flush(a) for a in inputs])
        except Exception:                        # noqa: BLE001
            on_flushed = None
        if on_flushed is not None:
            still = bad.copy()
            for g in (on_flushed, flush(on_flushed), flush(on_flushed, results=True)):
                still &= differing(g, want, op.ulps)[0]
            r.flushed = int((bad & ~still).sum())
            bad = still
    r.bad = int(bad.sum())
    for i in np.flatnonzero(bad)[:8 if verbose else 3]:
        r.examples.append((tuple(a[i] for a in inputs), want[i], got[i]))
    return r


def cases(op_names: list, types: list):
    for op in OPS:
        if op_names and op.name not in op_names and (op.stablehlo or op.name) not in op_names:
            continue
        for e in types:
            if kind(e) not in op.kinds or (op.types and e not in op.types):
                continue
            yield op, e


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ops", nargs="*", help="op names (all if none)")
    ap.add_argument("--types", default=",".join(TYPES), help="comma-separated element types")
    ap.add_argument("-v", "--verbose", action="store_true", help="more examples, and skipped cases")
    args = ap.parse_args(argv)
    types = [t for t in args.types.split(",") if t]
    total = Result("all", "")
    ran = matched = skipped = 0
    for op, e in cases(args.ops, types):
        r = run_case(op, e, args.verbose)
        if r.skipped:
            skipped += 1
            if args.verbose:
                print(f"skip {op.name} {e}: {r.skipped}")
            continue
        ran += 1
        total.n += r.n
        total.bad += r.bad
        total.flushed += r.flushed
        if r.bad == 0:
            matched += 1
            continue
        tol = "exact" if op.ulps == EXACT else f"<= {op.ulps} ulp"
        print(f"FAIL {op.name} {e}: {r.bad}/{r.n} differ ({tol}; max ulp {r.max_ulp}) {r.error}")
        for ins, w, g in r.examples:
            print(f"     {ins!r}: XLA {w!r}, shlo {g!r}")
    print(f"{ran} cases run ({skipped} skipped: XLA does not run them); {matched} match XLA; "
          f"{total.n - total.bad}/{total.n} elements match ({total.flushed} of them as XLA's denormal flush)")
    return 0 if matched == ran else 1


if __name__ == "__main__":
    sys.exit(main())
