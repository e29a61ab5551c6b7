"""signbit, copysign, frexp, ldexp, nextafter, hypot, angle, polar, view_as_complex and dist
against eager PyTorch, at the values where a naive formula goes wrong (-0.0, NaN signs,
subnormals, overflowing squares)."""
from __future__ import annotations

import math

import pytest
import torch

import test_special as T

EDGES = [0.0, -0.0, 1.5, -3.25, math.inf, -math.inf, 1e-40, -2e-45, 3e38, -7.0, 0.75]


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.float16, torch.bfloat16])
def test_signbit_copysign_frexp(dtype):
    x = torch.tensor(EDGES, dtype=torch.float32).to(dtype)
    y = torch.tensor(list(reversed(EDGES)), dtype=torch.float32).to(dtype)
    T.check(torch.signbit, x, compile=dtype == torch.float32)
    T.check(torch.copysign, x, y, compile=False)
    T.check(torch.frexp, x, compile=dtype == torch.float64)


def test_signbit_copysign_integers_and_nan_signs():
    T.check(torch.signbit, torch.tensor([-3, 0, 5]), compile=False)
    T.check(torch.signbit, torch.tensor([float("nan"), -float("nan")]), compile=False)
    T.check(lambda a, b: torch.copysign(a, b), torch.tensor([1, -2, 3]), torch.tensor([-1, 0, 2]), compile=False)
    T.check(lambda a: torch.copysign(a, -0.0), torch.tensor([1.0, -2.0]), compile=False)


def test_ldexp_nextafter_hypot():
    x = torch.tensor([0.75, -3.0, 1e-30, 5.0])
    T.check(torch.ldexp, x, torch.tensor([3, -2, 100, 0]), compile=False)
    T.check(torch.nextafter, x, torch.tensor([1.0, -4.0, 0.0, 5.0]), compile=False)
    a = torch.tensor([3.0, 3e30, 1e-30, 0.0, math.inf, math.nan, -4.0])
    b = torch.tensor([4.0, 4e30, 1e-30, 0.0, math.nan, 1.0, 3.0])
    T.check(torch.hypot, a, b)


def test_angle_polar_view_as_complex_dist():
    x = torch.tensor([-2.0, 0.0, 3.0, math.nan, -0.0])
    T.check(torch.angle, x, compile=False)
    T.check(torch.angle, torch.tensor([-2, 0, 3]), compile=False)
    z = torch.tensor([1 + 1j, -2j, -3.0 + 0j], dtype=torch.complex64)
    T.check(torch.angle, z, compile=False)
    T.check(torch.polar, torch.tensor([1.0, 2.0, 0.5]), torch.tensor([0.0, 1.0, -2.0]), compile=False)
    T.check(torch.view_as_complex, torch.arange(12.0).reshape(2, 3, 2), compile=False)
    a, b = T.randn(torch.float32, (3, 4)), T.randn(torch.float32, (4,))
    for p in (2, 1, 0, 3.5, math.inf):
        T.check(lambda a, b, p=p: torch.dist(a, b, p), a, b, compile=False)


def test_hash_tensor_xors_64_bit_patterns():
    T.check(torch.hash_tensor, torch.tensor([1.0, 2.0, -0.0]), compile=False)
    T.check(lambda x: torch.hash_tensor(x, dim=1, keepdim=True), torch.tensor([[1, -2], [3, 4]], dtype=torch.int8))
    T.check(torch.hash_tensor, torch.tensor([True, False, True]), compile=False)
