"""torch.special.airy_ai against eager over [-30, 110] (f64; f32 at the OpInfo tolerance: torch's f32
phases at large negative x are off by ~2e-6), infinities and NaN, and
against scipy on (-4, -2.09), where torch's own f64 approximation is off by up to 3e-6."""
from __future__ import annotations

import numpy as np
import torch

import shlo


class _Airy(torch.nn.Module):
    def forward(self, x):
        return torch.special.airy_ai(x)


def _run(x):
    prog = shlo.from_torch(_Airy(), (x,))
    return np.asarray(shlo.interpret(prog, x.numpy())[0])


def test_airy_ai_against_eager():
    grid = np.concatenate([np.linspace(-30, 12, 106), [-2.09, 2.09, 8.3203353, 103.0, 104.0, np.inf, -np.inf, np.nan]])
    for dtype, tol in ((torch.float64, 1e-9), (torch.float32, 1e-5)):
        x = torch.tensor(grid, dtype=dtype)
        want = torch.special.airy_ai(x).numpy()
        got = _run(x)
        trusted = ~((grid > -4) & (grid < -2.09))          # torch's f64 is off there, see below
        np.testing.assert_allclose(got[trusted], want[trusted], rtol=tol, atol=tol)
    x = torch.tensor([True, False])
    np.testing.assert_allclose(_run(x), torch.special.airy_ai(x).numpy(), rtol=1e-6)


def test_airy_ai_where_torch_is_inaccurate():
    import scipy.special
    x = torch.linspace(-3.99, -2.1, 12, dtype=torch.float64)
    np.testing.assert_allclose(_run(x), scipy.special.airy(x.numpy())[0], rtol=1e-12, atol=1e-14)
