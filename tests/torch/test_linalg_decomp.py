"""Cholesky, triangular solves and the LU family against eager PyTorch (f32, f64, batched),
with_effects error checks dropped."""
from __future__ import annotations

import numpy as np
import pytest
import torch

import shlo
from test_special import check
from torch_wrap import Fn as _Fn

RNG = np.random.default_rng(7)
FLOATS = [torch.float32, torch.float64]
BATCHES = [(), (3,), (2, 2)]


def randn(dtype, shape):
    return torch.from_numpy(RNG.standard_normal(shape)).to(dtype)


def spd(dtype, batch, n=4):
    a = randn(torch.float64, batch + (n, n))
    return (a @ a.mT + n * torch.eye(n, dtype=torch.float64)).to(dtype)


def tol(dtype):
    return {"rtol": 1e-4, "atol": 1e-5} if dtype == torch.float32 else {"rtol": 1e-9, "atol": 1e-11}


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("batch", BATCHES)
def test_cholesky(dtype, batch):
    a = spd(dtype, batch)
    b = randn(dtype, batch + (4, 2))
    # one program for all: importing dominates the time of each
    check(lambda a, lo, up, b: (torch.linalg.cholesky(a),                # with_effects check dropped
                                torch.linalg.cholesky(a, upper=True),
                                torch.linalg.cholesky_ex(a),
                                torch.cholesky(a),                       # deprecated spelling
                                torch.cholesky_solve(b, lo),
                                torch.cholesky_solve(b, up, upper=True)),
          a, torch.linalg.cholesky(a), torch.linalg.cholesky(a, upper=True), b, **tol(dtype))


def test_cholesky_inverse_and_info():
    a = spd(torch.float64, ())
    check(torch.cholesky_inverse, torch.linalg.cholesky(a), **tol(torch.float64))
    bad = torch.tensor([[[1.0, 2.0], [2.0, 1.0]], [[2.0, 0.0], [0.0, 3.0]]])   # first not PD
    prog = shlo.from_torch(_Fn(torch.linalg.cholesky_ex), (bad,))
    info = np.asarray(shlo.interpret(prog, bad)[1])
    assert info[0] != 0 and info[1] == 0


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("upper", [True, False])
@pytest.mark.parametrize("left", [True, False])
@pytest.mark.parametrize("unit", [True, False])
def test_solve_triangular(dtype, upper, left, unit):
    a = randn(dtype, (2, 4, 4)) + 4 * torch.eye(4, dtype=dtype)
    b = randn(dtype, (2, 4, 3) if left else (2, 3, 4))
    check(lambda a, a0, b: (torch.linalg.solve_triangular(a, b, upper=upper, left=left, unitriangular=unit),
                            torch.linalg.solve_triangular(a0, b, upper=upper, left=left)), a, a[0], b, **tol(dtype))


@pytest.mark.parametrize("transpose", [True, False])
def test_triangular_solve(transpose):
    a = randn(torch.float64, (4, 4)) + 4 * torch.eye(4, dtype=torch.float64)
    b = randn(torch.float64, (2, 4, 3))
    check(lambda b, a: torch.triangular_solve(b, a, upper=False, transpose=transpose), b, a, **tol(torch.float64))


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("batch", BATCHES)
@pytest.mark.parametrize("shape", [(4, 4), (5, 3), (3, 5), (1, 1)])
def test_lu(dtype, batch, shape):
    a = randn(dtype, batch + shape)
    lu, piv = torch.linalg.lu_factor(a)
    check(lambda a, lu, piv: (torch.linalg.lu_factor_ex(a), torch.linalg.lu(a), torch.lu_unpack(lu, piv)),
          a, lu, piv, **tol(dtype))


def test_lu_ties_and_singular():
    a = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 2.0, 0.0], [1.0, 0.0, 1.0]])     # equal |a| in column 0
    check(torch.linalg.lu_factor_ex, a)
    s = torch.tensor([[[0.0, 0.0], [0.0, 1.0]], [[1.0, 2.0], [2.0, 4.0]]], dtype=torch.float64)
    check(lambda s: (torch.linalg.lu_factor_ex(s), torch.linalg.det(s)), s)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("batch", BATCHES)
def test_solve_inv_det(dtype, batch):
    a = randn(dtype, batch + (4, 4))
    b = randn(dtype, batch + (4, 2))
    check(lambda a, b, bt, v, s: (torch.linalg.solve(a, b),
                                  torch.linalg.solve(a, bt, left=False),
                                  torch.linalg.solve(a, v),                  # vector right-hand side
                                  torch.linalg.solve_ex(a, b),
                                  torch.linalg.inv(a),
                                  torch.linalg.inv_ex(a),
                                  torch.linalg.det(a),
                                  torch.linalg.slogdet(a),
                                  torch.logdet(s)),
          a, b, b.mT.contiguous(), b[..., 0].contiguous(), spd(dtype, batch), **tol(dtype))


@pytest.mark.parametrize("left", [True, False])
@pytest.mark.parametrize("adjoint", [True, False])
def test_lu_solve(left, adjoint):
    a = randn(torch.float64, (2, 4, 4))
    b = randn(torch.float64, (2, 4, 3) if left else (2, 3, 4))
    lu, piv = torch.linalg.lu_factor(a)
    check(lambda lu, piv, b: torch.linalg.lu_solve(lu, piv, b, left=left, adjoint=adjoint), lu, piv, b,
          **tol(torch.float64))


def test_broadcast_batches():
    a = randn(torch.float64, (4, 4))
    b = randn(torch.float64, (3, 4, 2))
    check(torch.linalg.solve, a, b, **tol(torch.float64))


def test_unsupported_says_why():
    # (linalg.eig converts since shlo.linalg.eig; complex LDL does not)
    x = torch.randn(3, 3, dtype=torch.complex64, generator=torch.Generator().manual_seed(0))
    with pytest.raises(shlo.ImporterError, match="linalg_ldl_factor_ex of complex<f32> is not supported"):
        shlo.from_torch(_Fn(lambda a: torch.linalg.ldl_factor(a)[0]), (x + x.mH,))
