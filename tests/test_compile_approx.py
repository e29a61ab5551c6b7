"""Accuracy of the vectorizable f32 math (shlo/lowering/approx.py) against float64 references.

Inputs: every 2^9-th f32 bit pattern of the whole range (positive and negative, 2^24
values), dense sweeps of the interesting ranges, and the special values. The error is
measured in units in the last place of the correctly rounded f32 result.
"""
from __future__ import annotations

import math

import numpy as np
import pytest

import shlo

ERF = np.vectorize(math.erf, otypes=[np.float64])


def _inputs(lo, hi):
    patterns = np.arange(0, 1 << 31, 1 << 9, dtype=np.uint64).astype(np.uint32)
    every = np.concatenate([patterns, patterns | np.uint32(1 << 31)]).view(np.float32)
    dense = np.linspace(lo, hi, 1 << 18, dtype=np.float32)
    tiny = np.geomspace(1e-38, 1e-3, 1 << 14).astype(np.float32)
    x = np.concatenate([every, dense, tiny, -tiny])
    return x[np.isfinite(x)]


def _ulp_error(got: np.ndarray, want64: np.ndarray) -> np.ndarray:
    want = want64.astype(np.float32)
    finite = np.isfinite(want) & np.isfinite(got)
    spacing = np.spacing(np.abs(want).astype(np.float32)).astype(np.float64)
    err = np.abs(got.astype(np.float64) - want64) / spacing
    return np.where(finite, err, 0.0)


def _compile(op: str):
    prog = shlo.parse(f"""func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {{
      %0 = "shlo.{op}"(%x) : (tensor<?xf32>) -> tensor<?xf32>
      func.return %0 : tensor<?xf32> }}""")
    return shlo.compile(prog)


CASES = {   # op: (float64 reference, sweep range, max ulp)
    "exponential": (np.exp, (-104, 89), 2),
    "exponential_minus_one": (np.expm1, (-20, 20), 3),
    "log": (np.log, (1e-3, 100), 2),
    "log_plus_one": (np.log1p, (-0.99, 10), 3),
    "tanh": (np.tanh, (-10, 10), 3),
    "logistic": (lambda v: 1 / (1 + np.exp(-v)), (-90, 90), 3),
    "erf": (ERF, (-5, 5), 3),
}


@pytest.mark.parametrize("op", sorted(CASES))
def test_max_ulp_error(op):
    ref, (lo, hi), bound = CASES[op]
    x = _inputs(lo, hi)
    if op == "log":
        x = np.abs(x)
    if op == "log_plus_one":
        x = x[x > -1]
    with np.errstate(all="ignore"):
        want = ref(x.astype(np.float64))
    got = _compile(op)(x)[0]
    err = _ulp_error(got, want)
    worst = int(np.argmax(err))
    print(f"{op}: max {err.max():.2f} ulp")
    assert err.max() <= bound, f"{op}: {err.max():.2f} ulp at x={x[worst]!r}: {got[worst]!r} vs {want[worst]!r}"
    # the non-finite results agree too (overflow to inf, NaN domain errors)
    want32 = want.astype(np.float32)
    both = ~np.isfinite(want32) | ~np.isfinite(got)
    np.testing.assert_array_equal(got[both], want32[both])


@pytest.mark.parametrize("op", sorted(CASES))
def test_special_values(op):
    ref = CASES[op][0]
    x = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1e-30, 88.0, -88.0, 1e30, -1e30,
                  3.4e38, -3.4e38], np.float32)
    if op in ("log", "log_plus_one"):
        x = np.concatenate([x, np.array([-1.0, -0.5, 1.0], np.float32)])
    with np.errstate(all="ignore"):
        want = ref(x.astype(np.float64)).astype(np.float32)
    got = _compile(op)(x)[0]
    same = (got == want) | (np.isnan(got) & np.isnan(want)) | (np.abs(got - want) <= 4 * np.spacing(
        np.abs(want).astype(np.float32)))
    assert same.all(), f"{op}: {x[~same]} -> {got[~same]}, expected {want[~same]}"
    assert (np.signbit(got[x == 0]) == np.signbit(want[x == 0])).all() or op in ("logistic", "exponential")


def test_libm_path_stays_selectable(monkeypatch):
    monkeypatch.setenv("SHLO_LIBM_MATH", "1")
    from shlo.lowering.registry import SCALARS
    assert "exponential" in SCALARS
    x = np.linspace(-5, 5, 101, dtype=np.float32)
    prog = shlo.parse("""func.func @main(%x: tensor<101xf32>) -> tensor<101xf32> {
      %0 = "shlo.exponential"(%x) : (tensor<101xf32>) -> tensor<101xf32>
      func.return %0 : tensor<101xf32> }""")
    np.testing.assert_allclose(shlo.compile(prog)(x)[0], np.exp(x), rtol=2e-7)
