"""addbmm in f16 sums every batch's products in f32 and rounds once: the result is the exact
sum rounded (eager rounds per-batch products and is up to 4 f16 ulps off)."""
from __future__ import annotations

import numpy as np
import pytest
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


class _Added(torch.nn.Module):
    def forward(self, bias, a, b, v, bias3, a3, b3):
        return (torch.addmm(bias, a, b), torch.addmm(bias, a, b, beta=0.5, alpha=0.3), torch.addmv(bias[:8], a, v),
                torch.baddbmm(bias3, a3, b3, alpha=0.7))


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_addmm_addmv_baddbmm_round_once_like_eager(dtype):
    """eager's CPU addmm / addmv / baddbmm compute beta * bias + alpha * (a @ b) in f32 and round
    once; the factors here are multiples of 1/8 (exact products and sums in f32, whatever the
    order), the bias not: bit-equal to eager, interpreted and compiled."""
    g = torch.Generator().manual_seed(3)
    eighths = lambda *s: torch.randint(-32, 33, s, generator=g).to(dtype) / 8
    args = ((torch.randn(16, generator=g) * 30).to(dtype), eighths(8, 16), eighths(16, 16), eighths(16),
            (torch.randn(2, 8, 16, generator=g) * 30).to(dtype), eighths(2, 8, 16), eighths(2, 16, 16))
    want = _Added()(*args)
    prog = shlo.from_torch(_Added(), args)
    for outs in (prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*args))), shlo.compile(prog)(*args)):
        for k, (got, w) in enumerate(zip(outs, want)):
            got = got.float() if isinstance(got, torch.Tensor) else torch.from_numpy(np.asarray(got).astype(np.float32))
            assert torch.equal(got, w.float()), k
