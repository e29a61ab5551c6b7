"""igamma / igammac (regularized incomplete gamma P and Q) against eager PyTorch on both sides of
x = a + 1 (series / continued fraction), large a near x = a, and PyTorch's special values."""
from __future__ import annotations

import math

import pytest
import torch

import test_special as T

A = [0.5, 3.0, 25.0, 100.0, 0.0, -1.0, math.inf, 2.0, math.nan]
X = [0.0, 0.1, 2.0, 24.0, 30.0, 99.0, 150.0, math.inf, -0.5]


@pytest.mark.parametrize("dtype", [torch.float64, torch.float32])
def test_incomplete_gamma(dtype):
    a = torch.tensor(A, dtype=dtype).reshape(-1, 1)
    x = torch.tensor(X, dtype=dtype)
    lo = dtype == torch.float32
    # f32 at a = 100, x = 99: the prefactor's exponent a log x - x - lgamma(a + 1) sums terms of
    # ~460, whose f32 rounding is 3e-5 of the result (PyTorch uses Temme's expansion there)
    # P and Q in one program: one import
    T.check(lambda a, x: (torch.special.gammainc(a, x), torch.special.gammaincc(a, x)), a, x,
            rtol=5e-5 if lo else 1e-8, atol=1e-6 if lo else 1e-13, compile=False)
