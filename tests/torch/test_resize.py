"""Resampling, padding, fold and pairwise distances through from_torch: interpret and compile
against eager PyTorch. Ops that core decomposition rewrites (bicubic, nearest-exact, 1-D / 3-D
upsampling, reflection / replication pads, fold) are also imported undecomposed
(`decompose=False`), which exercises their own converters."""
from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F

import shlo


class Fn(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *args):
        return self.fn(*args)


def _check(fn, *args, rtol=1e-5, atol=1e-5, decompose=True):
    m = Fn(fn)
    prog = shlo.from_torch(m, args, decompose=decompose)
    want = m(*args).detach()
    half = want.dtype in (torch.bfloat16, torch.float16)
    want = want.float().numpy() if half else want.numpy()
    got = prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*args)))
    compiled = shlo.compile(prog)(*args)
    for g in (got, compiled):
        g = np.asarray(g).astype(np.float32) if half else np.asarray(g)
        assert g.shape == want.shape and g.dtype == want.dtype
        np.testing.assert_allclose(g, want, rtol=rtol, atol=atol)
    return prog


def _x(*shape):
    torch.manual_seed(0)
    return torch.randn(*shape)


INTERPOLATIONS = {
    "nearest_size": (dict(size=(7, 9), mode="nearest"), (2, 3, 5, 6), True),
    "nearest_scale2": (dict(scale_factor=2, mode="nearest"), (2, 3, 5, 6), True),
    "nearest_fractional_scales": (dict(scale_factor=(1.7, 0.6), mode="nearest"), (2, 3, 5, 6), True),
    "nearest_downsample": (dict(size=(3, 4), mode="nearest"), (1, 2, 7, 9), True),
    "bilinear": (dict(size=(8, 4), mode="bilinear"), (2, 3, 5, 6), True),
    "bilinear_align_corners": (dict(size=(8, 4), mode="bilinear", align_corners=True), (2, 3, 5, 6), True),
    "bilinear_scales": (dict(scale_factor=(1.5, 2.5), mode="bilinear"), (2, 3, 5, 6), True),
    "bicubic": (dict(size=(8, 4), mode="bicubic"), (2, 3, 5, 6), False),
    "bicubic_align_corners": (dict(size=(8, 11), mode="bicubic", align_corners=True), (2, 3, 5, 6), False),
    "bicubic_scale": (dict(scale_factor=1.5, mode="bicubic"), (1, 2, 5, 6), False),
    "nearest_exact": (dict(size=(8, 11), mode="nearest-exact"), (2, 3, 5, 6), False),
    "nearest1d": (dict(scale_factor=3, mode="nearest"), (1, 2, 5), False),
    "nearest3d": (dict(size=(3, 4, 5), mode="nearest"), (1, 2, 2, 3, 4), False),
    "linear1d": (dict(size=7, mode="linear"), (1, 2, 5), False),
    "trilinear_align_corners": (dict(size=(3, 4, 5), mode="trilinear", align_corners=True), (1, 2, 2, 3, 4), False),
}


@pytest.mark.parametrize("name", list(INTERPOLATIONS))
def test_interpolate(name):
    kwargs, shape, decompose = INTERPOLATIONS[name]
    _check(lambda x: F.interpolate(x, **kwargs), _x(*shape), decompose=decompose)


@pytest.mark.thin(2)
@pytest.mark.parametrize("decompose", [False, True])
def test_interpolate_and_pad_symbolic_image_sizes(decompose):
    # taps from the run-time sizes; decomposed, nearest-exact's scale is SymFloat arithmetic (as
    # is the arange's length: torch.sym_float, *, math.trunc)
    import math
    from torch_wrap import leaves, together
    fns = [lambda x: F.interpolate(x, scale_factor=1.5, mode="nearest-exact"),
           lambda x: F.interpolate(x, size=(5, 7), mode="bilinear", align_corners=True),
           lambda x: torch.arange(math.trunc(x.shape[2] * 1.5)) / (x.shape[3] / 2),
           lambda x: F.pad(x, (1, (8 - x.shape[3] % 8) % 8), value=-1.5)]     # widths from run-time sizes
    if not decompose:           # (decomposed, these are index arithmetic: slow to export, nothing new)
        fns += [lambda x: F.interpolate(x, scale_factor=2, mode="nearest"),
                lambda x: F.interpolate(x, scale_factor=1.7, mode="bicubic"),
                lambda x: F.interpolate(x[:, :, 0], scale_factor=3, mode="linear"),
                lambda x: F.pad(x, (3, 2, 1, 0), mode="reflect"),        # index pads: folded run-time iotas
                lambda x: F.pad(x, (1, 4, 0, 2), mode="replicate"),
                lambda x: F.pad(x, (2, 3, 1, 1), mode="circular"),
                lambda x: F.interpolate(x, size=(3, 5), mode="bilinear", antialias=True),     # weight matrices
                lambda x: F.interpolate(x, scale_factor=(0.5, 1.5), mode="bicubic", antialias=True)]
    fn = together(*fns)
    h, w = torch.export.Dim("h", min=4, max=40), torch.export.Dim("w", min=4, max=40)
    prog = shlo.from_torch(Fn(fn), (_x(1, 2, 6, 8),), dynamic_shapes=(({2: h, 3: w},),), decompose=decompose)
    for shape in ((1, 2, 5, 4), (1, 2, 11, 13)):
        x = _x(*shape)
        got, want = shlo.interpret(prog, x.numpy()), leaves(fn(x))
        assert len(got) == len(want)
        for g, w in zip(got, want):
            np.testing.assert_allclose(np.asarray(g), w.numpy(), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mode", ["bilinear", "nearest", "bicubic"])
@pytest.mark.parametrize("padding_mode", ["zeros", "border", "reflection"])
@pytest.mark.parametrize("align_corners", [False, True])
def test_grid_sample_2d(mode, padding_mode, align_corners):
    torch.manual_seed(1)
    grid = torch.rand(2, 4, 3, 2) * 2.6 - 1.3      # some points outside [-1, 1]
    _check(lambda x, g: F.grid_sample(x, g, mode=mode, padding_mode=padding_mode, align_corners=align_corners),
           _x(2, 3, 5, 6), grid)


def test_grid_sample_3d():
    torch.manual_seed(1)
    grid = torch.rand(1, 2, 3, 4, 3) * 3 - 1.5
    _check(lambda x, g: F.grid_sample(x, g, padding_mode="reflection", align_corners=False), _x(1, 2, 3, 4, 5), grid)
    _check(lambda x, g: F.grid_sample(x, g, mode="nearest", align_corners=True), _x(1, 2, 3, 4, 5), grid)


def test_grid_sample_symbolic_sizes():
    # batch, grid points, channels and image size symbolic (flow warping at any resolution): the
    # coordinate scales, reflections and clamps come from the run-time sizes; one import
    from torch_wrap import together
    b, c, h, w = (torch.export.Dim(n, min=1, max=16) for n in "bchw")
    fn = together(lambda x, g: F.grid_sample(x, g, mode="bilinear", padding_mode="border", align_corners=True),
                  lambda x, g: F.grid_sample(x, g, mode="nearest", padding_mode="reflection", align_corners=True),
                  lambda x, g: F.grid_sample(x, g, mode="bicubic", padding_mode="reflection", align_corners=False))
    prog = shlo.from_torch(Fn(fn), (_x(2, 2, 4, 5), torch.zeros(2, 3, 3, 2)),
                           dynamic_shapes=(({0: b, 1: c, 2: h, 3: w}, {0: b}),))
    for shape in ((3, 3, 6, 2), (1, 1, 1, 7)):     # a one-pixel height: reflection's empty span
        x, g = _x(*shape), torch.rand(shape[0], 3, 3, 2) * 2.4 - 1.2
        for got, want in zip(shlo.interpret(prog, x.numpy(), g.numpy()), fn(x, g)):
            np.testing.assert_allclose(np.asarray(got), want.numpy(), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_half_precision(dtype):
    """Interpolation computes in f32 as PyTorch does; grid_sampler in the tensor's own type, as
    PyTorch's CPU kernel does."""
    x = _x(2, 3, 5, 6).to(dtype)
    _check(lambda x: F.interpolate(x, size=(7, 5), mode="bilinear"), x, rtol=2e-2, atol=2e-2)
    grid = (torch.rand(2, 4, 3, 2) * 2 - 1).to(dtype)
    _check(lambda x, g: F.grid_sample(x, g, align_corners=False), x, grid, rtol=2e-2, atol=2e-2)


def test_dynamic_batch_interpolate():
    batch = torch.export.Dim("batch", min=1, max=64)
    for kwargs in (dict(size=(5, 7), mode="bilinear"), dict(scale_factor=2, mode="nearest"),
                   dict(size=(3, 4), mode="bilinear", antialias=True)):
        m = Fn(lambda x: F.interpolate(x, **kwargs))
        prog = shlo.from_torch(m, (_x(2, 3, 8, 9),), dynamic_shapes=(({0: batch},),))
        x5 = _x(5, 3, 8, 9)
        want = m(x5).numpy()
        np.testing.assert_allclose(shlo.interpret(prog, *prog.flatten_inputs(x5))[0], want, rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(np.asarray(shlo.compile(prog)(x5)), want, rtol=1e-5, atol=1e-5)


def test_constant_pad():
    _check(lambda x: F.pad(x, (1, 2, 2, 1), value=1.5), _x(2, 3, 5, 6))
    _check(lambda x: F.pad(x, (1, -2, 2, 1)), _x(2, 3, 5, 6))


@pytest.mark.parametrize("mode", ["reflect", "replicate", "circular"])
def test_index_pads(mode):
    _check(lambda x: F.pad(x, (1, 2), mode=mode), _x(2, 3, 5), decompose=False)
    _check(lambda x: F.pad(x, (1, 2, 3, 0), mode=mode), _x(2, 3, 5, 6), decompose=False)
    _check(lambda x: F.pad(x, (1, 2, 0, 1, 2, 1), mode=mode), _x(1, 2, 3, 4, 5), decompose=False)


def test_reflection_and_replication_pad_ops():
    _check(lambda x: torch.ops.aten.reflection_pad2d(x, [2, 1, 1, 3]), _x(1, 2, 5, 6), decompose=False)
    _check(lambda x: torch.ops.aten.replication_pad3d(x, [2, 1, 1, 0, 0, 2]), _x(1, 2, 3, 4, 5), decompose=False)


def test_fold_col2im():
    _check(lambda x: F.fold(x, (5, 6), (2, 3), dilation=(1, 2), padding=1, stride=(2, 1)), _x(2, 12, 12),
           decompose=False)
    _check(lambda x: F.fold(x, (4, 4), 2, stride=2), _x(8, 4), decompose=False)


@pytest.mark.parametrize("p", [2.0, 1.0, 0.0, 3.0, float("inf")])
def test_cdist(p):
    _check(lambda a, b: torch.cdist(a, b, p=p), _x(2, 5, 3), _x(2, 4, 3) + 0.5)
    _check(lambda a, b: torch.cdist(a, b, p=p), _x(2, 5, 3), _x(4, 3) + 0.5)


def test_cdist_forward_by_matrix_product():
    """Above 25 rows _cdist_forward computes p = 2 by a matrix product, as PyTorch does; with a
    symbolic row count too (the other side's 28 rows choose the product)."""
    _check(lambda a, b: torch.ops.aten._cdist_forward(a, b, 2.0, None), _x(30, 3), _x(28, 3) + 0.5, rtol=1e-4)
    from torch_wrap import together
    fn = together(lambda a, b: torch.cdist(a, b), lambda a, b: torch.cdist(a, b, p=1))
    b = _x(28, 3) + 0.5
    prog = shlo.from_torch(Fn(fn), (_x(4, 3), b), dynamic_shapes=(({0: torch.export.Dim("n", min=2, max=25)}, None),))
    for n in (3, 17):
        a = _x(n, 3)
        for got, want in zip(shlo.interpret(prog, a.numpy(), b.numpy()), fn(a, b)):
            np.testing.assert_allclose(np.asarray(got), want.numpy(), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("p", [2.0, 1.0, float("inf")])
def test_pdist(p):
    _check(lambda a: F.pdist(a, p=p), _x(6, 3))


@pytest.mark.parametrize("mode", ["bilinear", "bicubic"])
@pytest.mark.parametrize("size", [(3, 4), (7, 13)])
@pytest.mark.parametrize("align_corners", [False, True])
def test_antialiased_interpolate(mode, size, align_corners):
    _check(lambda x: F.interpolate(x, size=size, mode=mode, antialias=True, align_corners=align_corners),
           _x(1, 2, 8, 9))


def test_antialiased_interpolate_scale_factor():
    _check(lambda x: F.interpolate(x, scale_factor=0.35, mode="bilinear", antialias=True), _x(1, 2, 17, 9))


@pytest.mark.parametrize("mode", ["bilinear", "bicubic"])
def test_antialiased_interpolate_f64_keeps_f64_weights(mode):
    # f32 taps were 2e-6 off in f64 programs
    _check(lambda x: F.interpolate(x, size=(3, 5), mode=mode, antialias=True), _x(1, 2, 8, 9).double(),
           rtol=1e-10, atol=1e-12)
