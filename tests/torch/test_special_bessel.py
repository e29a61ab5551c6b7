"""Bessel J0 / J1 / Y0 / Y1, K0 / K1 (plain and exp-scaled) and spherical j0: f32 against eager
PyTorch, f64 against mpmath (PyTorch's own f64 J0 and Y1 are off by up to 6e-6 relative near
x = 5.5 in its OpInfo samples, ours by 1e-15), over both fitted ranges, their seam (8 for J/Y,
2 for K), 0 and negative x."""
from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest
import torch

import test_special as T

X = [-20.5, -8.0, -3.3, -1e-3, 0.0, 1e-6, 0.4, 1.9, 2.0, 2.1, 5.576, 7.999, 8.0, 8.001, 15.7, 60.0, 700.0]

CASES = {
    "bessel_j0": lambda x: mpmath.besselj(0, x),
    "bessel_j1": lambda x: mpmath.besselj(1, x),
    "bessel_y0": lambda x: mpmath.bessely(0, x) if x > 0 else (-math.inf if x == 0 else math.nan),
    "bessel_y1": lambda x: mpmath.bessely(1, x) if x > 0 else (-math.inf if x == 0 else math.nan),
    "modified_bessel_k0": lambda x: mpmath.besselk(0, x) if x > 0 else (math.inf if x == 0 else math.nan),
    "modified_bessel_k1": lambda x: mpmath.besselk(1, x) if x > 0 else (math.inf if x == 0 else math.nan),
    "scaled_modified_bessel_k0": lambda x: mpmath.besselk(0, x) * mpmath.exp(x) if x > 0 else
    (math.inf if x == 0 else math.nan),
    "scaled_modified_bessel_k1": lambda x: mpmath.besselk(1, x) * mpmath.exp(x) if x > 0 else
    (math.inf if x == 0 else math.nan),
    "spherical_bessel_j0": lambda x: mpmath.sin(x) / x if x != 0 else 1.0,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bessel_f32_against_eager(name):
    fn = getattr(torch.special, name)
    T.check(fn, torch.tensor(X, dtype=torch.float32), compile=name == "bessel_y1", rtol=2e-5, atol=2e-6)


@pytest.mark.parametrize("name", sorted(CASES))
def test_bessel_f64_against_mpmath(name):
    import shlo
    fn = getattr(torch.special, name)
    x = torch.tensor(X, dtype=torch.float64)
    prog = shlo.from_torch(T.Fn(fn), (x,))
    got = np.asarray(prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(x))), np.float64)
    want = np.array([float(CASES[name](mpmath.mpf(v))) for v in X])
    np.testing.assert_allclose(got, want, rtol=1e-13, atol=1e-15, equal_nan=True)
