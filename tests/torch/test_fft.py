"""torch.fft through from_torch (_fft_r2c / _fft_c2r / _fft_c2c): interpret and compile against eager."""
from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn as nn

import shlo


class Fn(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *args):
        return self.fn(*args)


def _check(fn, *args, rtol=1e-4, atol=1e-4, dynamic_shapes=None, run_args=None):
    m = Fn(fn)
    prog = shlo.from_torch(m, args, dynamic_shapes=dynamic_shapes)
    run_args = run_args or args
    want = m(*run_args).resolve_conj().numpy()
    got = prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*run_args)))
    compiled = shlo.compile(prog)(*run_args)
    for g in (got, compiled):
        g = np.asarray(g)
        assert g.shape == want.shape and g.dtype == want.dtype
        np.testing.assert_allclose(g, want, rtol=rtol, atol=atol)
    return prog


F = torch.fft
FNS = {
    "fft": lambda x, norm: F.fft(x, norm=norm),
    "fft_n_dim0": lambda x, norm: F.fft(x, n=7, dim=0, norm=norm),
    "ifft": lambda x, norm: F.ifft(x, norm=norm),
    "ifft_n": lambda x, norm: F.ifft(x, n=4, norm=norm),
    "fft2": lambda x, norm: F.fft2(x, norm=norm),
    "fftn": lambda x, norm: F.fftn(x, norm=norm),
    "ifftn_dims": lambda x, norm: F.ifftn(x, dim=(2, 0), norm=norm),
}
REAL_FNS = {
    "rfft": lambda x, norm: F.rfft(x, norm=norm),
    "rfft_dim0": lambda x, norm: F.rfft(x, dim=0, norm=norm),
    "rfftn": lambda x, norm: F.rfftn(x, norm=norm),
    "rfft2_dims": lambda x, norm: F.rfft2(x, dim=(2, 0), norm=norm),
    "irfft": lambda x, norm: F.irfft(x, norm=norm),
    "irfft_n_odd": lambda x, norm: F.irfft(x, n=7, norm=norm),
    "irfftn": lambda x, norm: F.irfftn(x, norm=norm),
    "irfft2_pad": lambda x, norm: F.irfft2(x, s=(3, 12), norm=norm),
    "hfft": lambda x, norm: F.hfft(x, norm=norm),
    "ihfft": lambda x, norm: F.ihfft(x, norm=norm),
}
NORMS = ["backward", "forward", "ortho"]


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("name", list(FNS))
@pytest.mark.parametrize("dtype", [torch.float32, torch.complex64])
def test_complex_fft(name, norm, dtype):
    torch.manual_seed(0)
    x = torch.randn(3, 4, 6, dtype=dtype)
    _check(lambda x: FNS[name](x, norm), x)


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("name", list(REAL_FNS))
def test_real_fft(name, norm):
    torch.manual_seed(0)
    dtype = torch.float32 if name.startswith(("rfft", "ihfft")) else torch.complex64
    x = torch.randn(3, 4, 6, dtype=dtype)
    _check(lambda x: REAL_FNS[name](x, norm), x)


def test_fft_four_dims():
    """More dims than one shlo fft takes (3): split into separable transforms."""
    torch.manual_seed(0)
    x = torch.randn(2, 3, 4, 5, 2)
    _check(lambda x: F.fftn(x, dim=(0, 1, 2, 3)), x.to(torch.complex64))
    _check(lambda x: F.rfftn(x, dim=(0, 1, 2, 4)), x)
    _check(lambda x: F.irfftn(x, dim=(0, 1, 2, 3)), x.to(torch.complex64) * 1j + x)


def test_fft_f64_and_round_trip():
    torch.manual_seed(0)
    x = torch.randn(4, 10, dtype=torch.float64)
    _check(lambda x: F.irfft(F.rfft(x), n=10), x, rtol=1e-10, atol=1e-10)
    _check(lambda x: F.fft(x, dim=-1, norm="ortho"), x.to(torch.complex128), rtol=1e-10, atol=1e-10)


def test_fft_dynamic_batch():
    torch.manual_seed(0)
    batch = torch.export.Dim("batch", min=2)
    x = torch.randn(3, 8)
    _check(lambda x: F.rfft(x, norm="ortho"), x, dynamic_shapes=(({0: batch},),), run_args=(torch.randn(5, 8),))


def test_stft_magnitude():
    torch.manual_seed(0)
    x = torch.randn(2, 64)
    window = torch.hann_window(16)
    _check(lambda x: torch.stft(x, 16, hop_length=4, window=window, return_complex=True).abs(), x)
