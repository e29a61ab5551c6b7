"""Fixes found by running tools/torch_opinfo.py past each OpInfo's first sample (samples 1 to 3)."""
from __future__ import annotations

import numpy as np
import pytest
import torch

import shlo
from torch_wrap import Fn


def _run(fn, *xs):
    prog = shlo.from_torch(Fn(fn), xs)
    return [np.asarray(r) for r in shlo.interpret(prog, *[x.numpy() for x in xs])]


def test_item_of_a_rank_1_tensor_is_a_scalar():
    x = torch.tensor([-8.478373527526855])
    (got,) = _run(lambda t: t.item(), x)
    assert got.shape == () and got == np.float32(x.item())


def test_searchsorted_with_a_sorter_on_empty_tensors():
    # the sorter's sort of an empty sequence: the interpreter's sort reshaped (0,) to (-1, 0)
    seq, x = torch.empty(0), torch.empty(0)
    sorter = torch.empty(0, dtype=torch.int64)
    (got,) = _run(lambda s, v, o: torch.searchsorted(s, v, sorter=o), seq, x, sorter)
    assert got.shape == (0,) and got.dtype == np.int64


def test_repeat_interleave_with_tensor_repeats_and_output_size():
    x, r = torch.arange(24.0).reshape(2, 3, 4), torch.tensor([0, 1, 2])
    fn = lambda t, rep: torch.repeat_interleave(t, rep, dim=1, output_size=3)  # noqa: E731
    (got,) = _run(fn, x, r)
    np.testing.assert_array_equal(got, fn(x, r).numpy())


def test_repeat_interleave_with_tensor_repeats_alone():
    # no output_size: the length is sum(repeats), read from the data; one import, two lengths
    x = torch.arange(24.0).reshape(2, 3, 4)
    fn = lambda t, rep: torch.repeat_interleave(t, rep, dim=1)  # noqa: E731
    prog = shlo.from_torch(Fn(fn), (x, torch.tensor([0, 1, 2])))
    for r in (torch.tensor([0, 1, 2]), torch.tensor([3, 0, 1])):
        (got,) = shlo.interpret(prog, x.numpy(), r.numpy())
        np.testing.assert_array_equal(np.asarray(got), fn(x, r).numpy())


def test_polygamma_pole_at_zero():
    # OpInfo polygamma on bool inputs (False is 0): PyTorch's pole is (-1)^(n+1) inf at +-0
    x = torch.tensor([0.0, -0.0, 1.0, 2.5])
    for n in (1, 2, 3, 4):
        (got,) = _run(lambda t, n=n: torch.polygamma(n, t), x)
        np.testing.assert_allclose(got, torch.polygamma(n, x).numpy(), rtol=1e-5)


def test_zeta_special_values_in_pytorch_order():
    # OpInfo special.zeta on bool inputs: zeta(0, 0) is NaN (x < 1 first), not the pole's inf
    x = torch.tensor([0.0, 0.0, 1.0, 2.0, 1.5, 3.0, -2.0, 0.0, 2.0, 2.5])
    q = torch.tensor([0.0, 1.0, 0.0, 0.0, -1.0, -2.0, -3.0, -1.0, -1.5, -2.5])
    (got,) = _run(torch.special.zeta, x, q)
    np.testing.assert_allclose(got, torch.special.zeta(x, q).numpy(), rtol=1e-5)


def test_bilinear_f64_taps_in_f64():
    # align_corners scale 4 / 3 is inexact: f32 taps were 1e-6 off eager's f64 kernel
    x = torch.linspace(-3, 3, 2 * 3 * 4 * 5, dtype=torch.float64).reshape(2, 3, 4, 5)
    fn = lambda t: torch.nn.functional.interpolate(t, size=(3, 4), mode="bilinear", align_corners=True)  # noqa: E731
    (got,) = _run(fn, x)
    np.testing.assert_allclose(got, fn(x).numpy(), rtol=1e-12, atol=1e-12)
