"""linalg.matrix_exp (scaling and squaring with Pade 13) against eager PyTorch: a batch whose
matrices need different numbers of squarings (none, a few, many), a zero matrix, f32 / f64 /
bf16, interpreted and compiled."""
from __future__ import annotations

import numpy as np
import pytest
import torch

import shlo
import test_special as T


def _batch(dtype):
    rng = np.random.default_rng(5)
    a = rng.standard_normal((4, 5, 5))
    a[0] *= 0.01                     # s = 0
    a[1] *= 3.0                      # a few squarings
    a[2] *= 40.0                     # many (norm ~ 400)
    a[3] = 0.0                       # exp(0) = I
    return torch.from_numpy(a).to(dtype)


def test_matrix_exp_f64_against_eager_f64():
    x = _batch(torch.float64)
    T.check(torch.linalg.matrix_exp, x[:2], rtol=1e-11, atol=1e-12)
    # norms of ~400 give entries up to 1e170: compare relative to each matrix's largest entry
    prog = shlo.from_torch(T.Fn(torch.linalg.matrix_exp), (x,))
    got = np.asarray(prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(x))))
    want = torch.linalg.matrix_exp(x).numpy()
    scale = np.abs(want).max(axis=(1, 2), keepdims=True)
    assert np.all(np.abs(got - want) <= 1e-9 * scale)
    np.testing.assert_array_equal(got[3], np.eye(5))


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_matrix_exp_low_precision_rounds_the_f64_result(dtype):
    x = _batch(dtype)[:2]
    prog = shlo.from_torch(T.Fn(torch.linalg.matrix_exp), (x,))
    got = np.asarray(shlo.compile(prog)(x)).astype(np.float64)
    want = torch.linalg.matrix_exp(x.double()).to(dtype).double().numpy()
    ulp = 2.0 ** -23 if dtype == torch.float32 else 2.0 ** -7      # at most one rounding step apart
    np.testing.assert_allclose(got, want, rtol=ulp, atol=0)
