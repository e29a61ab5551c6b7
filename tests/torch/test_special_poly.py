"""torch.special's orthogonal polynomials against eager PyTorch, over arguments that reach each
branch: the ends of [-1, 1] (and 0, 1 for the shifted kinds), |x| < 1 at large n (the
trigonometric forms), the recurrence, negative and non-finite orders, and Hermite's n limit."""
from __future__ import annotations

import pytest
import torch

import test_special as T

KINDS = [f"chebyshev_polynomial_{k}" for k in "tuvw"] + [f"shifted_chebyshev_polynomial_{k}" for k in "tuvw"] \
    + ["hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l", "legendre_polynomial_p"]

X = [-1.0, 1.0, 0.0, 0.5, -0.3, 0.99, 1.7, -2.2, 0.25]
N = [-2.0, 0.0, 1.0, 2.0, 3.9, 7.0, 9.0, 12.0, float("nan"), 5.0]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_polynomial_branches(kind, dtype):
    fn = getattr(torch.special, kind)
    x = torch.tensor(X, dtype=dtype).reshape(-1, 1)
    n = torch.tensor(N, dtype=dtype)                     # every order at every argument
    T.check(lambda x, n: fn(x, n), x, n, rtol=1e-4 if dtype == torch.float32 else None, compile=False)


@pytest.mark.parametrize("kind", ["chebyshev_polynomial_t", "hermite_polynomial_h", "legendre_polynomial_p"])
def test_polynomial_scalar_order_int_argument_compiled(kind):
    fn = getattr(torch.special, kind)
    x = torch.arange(-3, 4)                              # int64 argument: a float32 result
    T.check(lambda x: fn(x, 4), x)
    T.check(lambda x: fn(x, torch.tensor(3)), x, compile=False)


def test_hermite_beyond_its_limit_is_nan():
    x = torch.tensor([0.5, 1.0], dtype=torch.float32)
    n = torch.tensor([129.0, 128.0])
    T.check(lambda x, n: torch.special.hermite_polynomial_he(x, n), x, n, compile=False, rtol=1e-4)
