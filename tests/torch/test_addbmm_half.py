"""addbmm in f16 sums every batch's products in f32 and rounds once: the result is the exact
sum rounded (eager rounds per-batch products and is up to 4 f16 ulps off)."""
from __future__ import annotations

import numpy as np
import torch

import shlo


class _Addbmm(torch.nn.Module):
    def forward(self, bias, a, b):
        return torch.addbmm(bias, a, b, beta=0.5, alpha=2.0)


def test_addbmm_f16_rounds_once():
    g = torch.Generator().manual_seed(2)
    bias, a, b = (torch.randn(*s, generator=g).mul(4).half() for s in ((5, 10), (6, 5, 7), (6, 7, 10)))
    prog = shlo.from_torch(_Addbmm(), (bias, a, b))
    got = np.asarray(shlo.interpret(prog, bias.numpy(), a.numpy(), b.numpy())[0])
    exact = _Addbmm()(bias.double(), a.double(), b.double()).numpy()
    assert got.dtype == np.float16
    ulp = np.spacing(np.abs(exact).astype(np.float16)).astype(np.float64)
    assert (np.abs(got.astype(np.float64) - exact) <= ulp).all()       # within one ulp everywhere
    assert np.mean(got == exact.astype(np.float16)) > 0.9                # and mostly the rounded value
