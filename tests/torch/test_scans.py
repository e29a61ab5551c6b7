"""cummax / cummin (values and indices), logcumsumexp and index_reduce against eager PyTorch."""
from __future__ import annotations

import math

import numpy as np
import pytest
import torch

from test_special import check

RNG = np.random.default_rng(5)


def sample(dtype, shape):
    if dtype == torch.bool:
        return torch.from_numpy(RNG.random(shape) > 0.5)
    if dtype.is_floating_point:
        return torch.from_numpy(RNG.standard_normal(shape) * 3).to(dtype)
    return torch.from_numpy(RNG.integers(-4, 4, shape)).to(dtype)   # small range: many ties


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.int64, torch.int32, torch.bool])
@pytest.mark.parametrize("op", ["cummax", "cummin"])
@pytest.mark.parametrize("dim", [0, 1, -1])
def test_cum_extreme(dtype, op, dim):
    x = sample(dtype, (4, 7, 3))
    check(lambda x: getattr(torch, op)(x, dim), x)


@pytest.mark.parametrize("op", ["cummax", "cummin"])
def test_cum_extreme_nan_and_ties(op):
    x = torch.tensor([[1.0, 1.0, math.nan, 2.0, math.nan, 0.0, -math.inf],
                      [math.inf, 3.0, 3.0, -1.0, -1.0, math.inf, 5.0]])
    check(lambda x: getattr(torch, op)(x, 1), x)
    check(lambda x: getattr(torch, op)(x, 0), torch.tensor(2.5))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("dim", [0, 1])
def test_logcumsumexp(dtype, dim):
    x = sample(dtype, (5, 6))
    x[1, 2] = -math.inf
    x[:, 0] = -math.inf
    check(lambda x: torch.logcumsumexp(x, dim), x)
    big = x * 100
    check(lambda x: torch.logcumsumexp(x, dim), big)


def test_logcumsumexp_half_and_infinities():
    check(lambda x: torch.logcumsumexp(x, 0), sample(torch.float16, (6,)), rtol=2e-3, atol=2e-3)
    x = torch.tensor([-math.inf, -math.inf, 0.0, math.inf, 1.0, math.nan, 2.0])
    check(lambda x: torch.logcumsumexp(x, 0), x)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.int64])
@pytest.mark.parametrize("reduce", ["prod", "mean", "amax", "amin"])
@pytest.mark.parametrize("include_self", [True, False])
def test_index_reduce(dtype, reduce, include_self):
    x = sample(dtype, (5, 3))
    src = sample(dtype, (4, 3))
    idx = torch.tensor([0, 4, 0, 2])
    check(lambda x, s: x.index_reduce(0, idx, s, reduce, include_self=include_self), x, src)
    x1 = sample(dtype, (3, 5))
    check(lambda x, s: x.index_reduce(1, idx, s, reduce, include_self=include_self), x1, src.T.contiguous())


def test_scans_along_a_dynamic_dimension():
    # (a reduce_window needs a static window: a dynamic length scans by a triangle mask; cumsum:
    # test_reductions.py)
    import shlo
    from torch_wrap import Fn, leaves, together
    fn = together(lambda x, m: torch.cummin(m, 1), lambda x, m: torch.cummax(x, 1), lambda x, m: x.logcumsumexp(1))
    t = torch.export.Dim("t", min=2, max=64)
    prog = shlo.from_torch(Fn(fn), (sample(torch.float32, (3, 5)), sample(torch.int64, (3, 5))),
                           dynamic_shapes=(({1: t}, {1: t}),))
    for n in (4, 9):
        x, m = sample(torch.float32, (3, n)), sample(torch.int64, (3, n))
        x[1, 2] = math.nan
        got, want = shlo.interpret(prog, x.numpy(), m.numpy()), leaves(fn(x, m))
        assert len(got) == len(want)
        for g, w in zip(got, want):
            np.testing.assert_allclose(np.asarray(g), w.numpy(), rtol=1e-5, atol=1e-5)
