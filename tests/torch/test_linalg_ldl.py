"""torch.linalg.ldl_factor_ex / ldl_solve (Bunch-Kaufman, LAPACK's sytf2 / sytrs) against eager:
indefinite matrices that need 2 x 2 pivots and interchanges, batches whose elements step
differently, a zero column (info), and solves with broadcast batches."""
from __future__ import annotations

import numpy as np
import torch

import shlo
from torch_wrap import Fn as _Fn

RNG = np.random.default_rng(11)


def _run(fn, *xs):
    prog = shlo.from_torch(_Fn(fn), xs)
    return [np.asarray(v) for v in shlo.interpret(prog, *[x.numpy() for x in xs])]


def _symmetric(shape, dtype=torch.float64):
    a = RNG.standard_normal(shape)
    return torch.from_numpy(a + np.swapaxes(a, -1, -2)).to(dtype)


def test_factor_indefinite_batch():
    a = _symmetric((4, 6, 6))
    a[1] = torch.tensor([[0.0, 1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [0, 0, 0, 2, 0, 0],
                         [0, 0, 2, 0, 0, 0], [0, 0, 0, 0, 1, 3], [0, 0, 0, 0, 3, 1]])    # 2 x 2 pivots only
    a[2, :, 2] = a[2, 2, :] = 0                                                       # a zero column
    ld, piv, info = _run(torch.linalg.ldl_factor_ex, a)
    want = torch.linalg.ldl_factor_ex(a)
    assert (piv < 0).any() and (piv != np.arange(1, 7)).any()      # the test does pivot
    np.testing.assert_array_equal(piv, want.pivots.numpy())
    np.testing.assert_array_equal(info, want.info.numpy())
    assert info[2] != 0 and info[0] == 0
    np.testing.assert_allclose(ld, want.LD.numpy(), rtol=1e-10, atol=1e-12)


def test_factor_reads_lower_triangle_f32():
    a = _symmetric((5, 5), torch.float32)
    a_upper_garbage = a + torch.triu(torch.full((5, 5), 7.0), 1)
    ld, piv = _run(torch.linalg.ldl_factor, a_upper_garbage)
    want = torch.linalg.ldl_factor(a)
    np.testing.assert_array_equal(piv, want.pivots.numpy())
    np.testing.assert_allclose(ld, want.LD.numpy(), rtol=1e-4, atol=1e-5)


def test_solve_broadcast():
    a = _symmetric((3, 5, 5))
    ld, piv = torch.linalg.ldl_factor(a)
    b = torch.from_numpy(RNG.standard_normal((5, 2)))
    (x,) = _run(torch.linalg.ldl_solve, ld, piv, b)
    np.testing.assert_allclose(x, torch.linalg.ldl_solve(ld, piv, b).numpy(), rtol=1e-9, atol=1e-10)
    np.testing.assert_allclose(a.numpy() @ x, np.broadcast_to(b.numpy(), (3, 5, 2)), atol=1e-9)
