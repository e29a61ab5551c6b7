"""Convolution and pooling through from_torch: interpret and compile against eager PyTorch."""
from __future__ import annotations

import os

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


class _Every(nn.Module):
    """Every layer applied to the input, their outputs in one flat tuple: one import and compile."""
    def __init__(self, layers):
        super().__init__()
        self.layers = layers

    def forward(self, x):
        outs = [m(x) for m in self.layers]
        return tuple(o for out in outs for o in (out if isinstance(out, tuple) else (out,)))


def _flat(out):
    return list(out) if isinstance(out, (tuple, list)) else [out]


def _check(m, *args, rtol=1e-4, atol=1e-5, dynamic_shapes=None, run_args=None):
    """The program's interpreted and compiled outputs match eager PyTorch (indices exactly)."""
    prog = shlo.from_torch(m, args, dynamic_shapes=dynamic_shapes)
    run_args = run_args or args
    want = _flat(m(*run_args))
    got = _flat(prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*run_args))))
    compiled = _flat(shlo.compile(prog)(*run_args))
    for outs in (got, compiled):
        assert len(outs) == len(want)
        for g, w in zip(outs, want):
            half = w.dtype in (torch.bfloat16, torch.float16)
            w = w.detach().float().numpy() if half else w.detach().numpy()
            g = np.asarray(g).astype(np.float32) if half else np.asarray(g)
            assert g.shape == w.shape and g.dtype == w.dtype
            if np.issubdtype(w.dtype, np.integer):
                np.testing.assert_array_equal(g, w)
            else:
                np.testing.assert_allclose(g, w, rtol=rtol, atol=atol)
    return prog


CONVS = {
    "conv1d_stride_dilation_groups": (lambda: nn.Conv1d(4, 6, 3, stride=2, dilation=2, groups=2), (2, 4, 11)),
    "conv2d_padding_bias": (lambda: nn.Conv2d(3, 4, 3, padding=1), (2, 3, 8, 8)),
    "conv2d_rect_stride_padding": (lambda: nn.Conv2d(3, 5, (2, 3), stride=(2, 1), padding=(0, 2)), (1, 3, 7, 6)),
    "conv2d_depthwise": (lambda: nn.Conv2d(4, 8, 3, groups=4, bias=False), (2, 4, 6, 6)),
    "conv2d_same": (lambda: nn.Conv2d(2, 3, 4, padding="same", dilation=2), (1, 2, 9, 8)),
    "conv3d": (lambda: nn.Conv3d(2, 4, 2, stride=(1, 2, 1), padding=1, bias=False), (1, 2, 5, 6, 4)),
    "conv_transpose1d_dilation": (lambda: nn.ConvTranspose1d(3, 2, 4, stride=3, padding=2, dilation=2), (1, 3, 7)),
    "conv_transpose2d_groups_output_padding": (
        lambda: nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, output_padding=1, groups=2), (2, 4, 5, 6)),
    "conv_transpose2d_large_padding": (lambda: nn.ConvTranspose2d(2, 3, 3, stride=1, padding=2), (1, 2, 6, 5)),
    "conv_transpose3d": (lambda: nn.ConvTranspose3d(2, 3, 2, stride=2, padding=(1, 0, 0)), (1, 2, 3, 4, 3)),
}


@pytest.mark.parametrize("name", list(CONVS))
def test_convolution(name):
    torch.manual_seed(0)
    make, shape = CONVS[name]
    _check(make(), torch.randn(*shape))


POOLS = {
    "max2d_indices_ceil": (lambda: nn.MaxPool2d(3, 2, padding=1, ceil_mode=True, return_indices=True), (2, 3, 8, 9)),
    "max2d_dilation": (lambda: nn.MaxPool2d((2, 3), (1, 2), padding=(1, 1), dilation=(2, 1)), (1, 2, 7, 8)),
    "max2d_values_only": (lambda: nn.MaxPool2d(2), (2, 3, 8, 9)),
    "max1d_indices": (lambda: nn.MaxPool1d(3, 2, ceil_mode=True, return_indices=True), (2, 3, 10)),
    "max3d_indices_ceil_dilation": (lambda: nn.MaxPool3d(2, dilation=2, ceil_mode=True, return_indices=True),
                                    (1, 2, 7, 6, 5)),
    "avg2d_ceil_exclude_pad": (lambda: nn.AvgPool2d(3, 2, padding=1, ceil_mode=True, count_include_pad=False),
                               (2, 3, 8, 9)),
    "avg2d_ceil_include_pad": (lambda: nn.AvgPool2d(3, 2, padding=1, ceil_mode=True), (2, 3, 8, 9)),
    "avg2d_divisor_override": (lambda: nn.AvgPool2d(3, 2, padding=1, divisor_override=5), (2, 3, 8, 9)),
    "avg1d": (lambda: nn.AvgPool1d(3, 2, padding=1), (2, 3, 10)),
    "avg3d": (lambda: nn.AvgPool3d((2, 3, 2), (1, 2, 2), padding=(1, 1, 0), count_include_pad=False),
              (1, 2, 4, 7, 5)),
    "adaptive_avg2d_3x5": (lambda: nn.AdaptiveAvgPool2d((3, 5)), (2, 3, 8, 9)),
    "adaptive_avg2d_divisible": (lambda: nn.AdaptiveAvgPool2d((4, 3)), (2, 3, 8, 9)),
    "adaptive_avg2d_upsampling": (lambda: nn.AdaptiveAvgPool2d((7, 2)), (1, 2, 4, 5)),
    "adaptive_avg1d": (lambda: nn.AdaptiveAvgPool1d(4), (2, 3, 10)),
    "adaptive_avg3d": (lambda: nn.AdaptiveAvgPool3d((2, 3, 2)), (1, 2, 5, 7, 4)),
    "adaptive_max2d_indices": (lambda: nn.AdaptiveMaxPool2d((3, 5), return_indices=True), (2, 3, 8, 9)),
    "adaptive_max3d": (lambda: nn.AdaptiveMaxPool3d((2, 3, 2)), (1, 2, 5, 7, 4)),
}


@pytest.mark.parametrize("name", list(POOLS))
def test_pooling(name):
    torch.manual_seed(0)
    make, shape = POOLS[name]
    _check(make(), torch.randn(*shape))


def test_max_pool_indices_follow_pytorch_on_ties_nan_and_inf():
    """Among equal values the first index, among NaNs the last; windows of -inf and padding
    point at their first real element."""
    nan, inf = float("nan"), float("inf")
    x = torch.tensor([[[[3.0, 1.0, 3.0, 2.0, nan, 1.0, nan, 0.0],
                        [-inf, -inf, -inf, -inf, 2.0, 2.0, 2.0, 2.0],
                        [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                        [1.0, nan, 1.0, 1.0, -inf, -inf, -inf, 5.0]]]])
    _check(nn.MaxPool2d(2, return_indices=True), x)
    _check(nn.MaxPool2d(3, 2, padding=1, ceil_mode=True, return_indices=True), x)
    _check(nn.AdaptiveMaxPool2d((3, 3), return_indices=True), x)
    _check(nn.MaxPool2d(2), x)              # values only: NaN propagates
    _check(nn.AdaptiveMaxPool2d((3, 3)), x)


def test_unbatched_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 8, 9)
    # one program (one export and compile) of every layer
    _check(_Every(nn.ModuleList([
        nn.Conv2d(3, 4, 3, padding=1), nn.ConvTranspose2d(3, 2, 3, stride=2),
        nn.MaxPool2d(3, 2, padding=1, ceil_mode=True, return_indices=True),
        nn.AvgPool2d(3, 2, padding=1, ceil_mode=True), nn.AdaptiveMaxPool2d((3, 5), return_indices=True)])), x)


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_half_precision_accumulates_in_f32(dtype):
    torch.manual_seed(0)
    x = torch.randn(2, 3, 8, 9, dtype=dtype)
    layers = [nn.Conv2d(3, 4, 3, padding=1), nn.ConvTranspose2d(3, 2, 3, stride=2), nn.AvgPool2d(3, 2, padding=1),
              nn.AdaptiveAvgPool2d((3, 5)), nn.MaxPool2d(3, 2, padding=1, return_indices=True)]
    # all in one program (one export and compile): the transposed convolution's dilated input
    # reads the shared f32 copy of x through a gather the vectorizer took for a contiguous read
    # (compiled values were up to 1.8 off); the full run also imports each layer alone
    _check(_Every(nn.ModuleList(layers)).to(dtype), x, rtol=2e-2, atol=2e-2)
    if os.environ.get("SHLO_FULL_TESTS"):
        for m in layers:
            _check(m.to(dtype), x, rtol=2e-2, atol=2e-2)


def test_dynamic_batch():
    torch.manual_seed(0)
    batch = torch.export.Dim("batch", min=1, max=64)
    x, x5 = torch.randn(2, 3, 8, 8), torch.randn(5, 3, 8, 8)

    layers = nn.ModuleList([nn.Conv2d(3, 4, 3, padding=1), nn.ConvTranspose2d(3, 2, 3, stride=2),
                            nn.MaxPool2d(2, return_indices=True), nn.AvgPool2d(3, 2, padding=1),
                            nn.AdaptiveAvgPool2d((3, 5))])
    prog = _check(_Every(layers), x, dynamic_shapes=({0: batch},), run_args=(x5,))
    assert str(prog).count("tensor<?x") >= 6
    # a derived Dim: the pooled height h is no input's size, it is solved from the input's 2 * h
    h = torch.export.Dim("h", min=2, max=32)
    prog = _check(nn.MaxPool2d(2), x, dynamic_shapes=({0: batch, 2: 2 * h},), run_args=(torch.randn(3, 3, 12, 8),))
    assert "tensor<?x3x?x8xf32>" in str(prog)


def test_adaptive_pooling_over_symbolic_image_sizes():
    # bins from the run-time sizes (any image size to a fixed grid), max pooling's indices too:
    # whole-number inputs tie inside the (overlapping) bins and two NaNs share one, so the picks
    # must follow torch's order (the first of equal values, the last NaN), exactly
    h, w = torch.export.Dim("h", min=3, max=64), torch.export.Dim("w", min=3, max=64)
    layers = _Every(nn.ModuleList([nn.AdaptiveAvgPool2d((3, 5)), nn.AdaptiveMaxPool2d((2, 3)),
                                   nn.AdaptiveMaxPool2d((3, 2), return_indices=True),
                                   nn.AdaptiveAvgPool2d((1, None))]))      # None: the run-time width kept
    torch.manual_seed(0)
    run = torch.randint(-2, 3, (1, 2, 13, 5)).float()
    run[0, 1, 0, 1] = run[0, 1, 3, 0] = float("nan")
    prog = _check(layers, torch.randn(1, 2, 8, 9), dynamic_shapes=({2: h, 3: w},), run_args=(run,))
    assert "tensor<1x2x3x2xi64>" in prog.text()


def test_pooling_over_run_time_image_sizes():
    # average pooling without the padding counted, ceil mode (its windows found at run time and the
    # result cut to torch's size) and max pooling's indices, over run-time image sizes; Dim.AUTO
    # because torch's ceil-mode guards (2 * ((w - 1) // 2) < w) do not hold for every size; the full
    # run adds the two forms combined (ceil mode without the padding counted) and a dilated window
    auto = torch.export.Dim.AUTO
    layers = [nn.AvgPool2d(3, 2, padding=1, count_include_pad=False), nn.AvgPool2d(3, 2, padding=1, ceil_mode=True),
              nn.MaxPool2d(3, 2, padding=1, ceil_mode=True, return_indices=True)]
    if os.environ.get("SHLO_FULL_TESTS"):
        layers += [nn.AvgPool2d(2, ceil_mode=True, count_include_pad=False), nn.MaxPool2d(2, 3, ceil_mode=True, dilation=2)]
    layers = _Every(nn.ModuleList(layers))
    torch.manual_seed(0)
    prog = _check(layers, torch.randn(1, 2, 9, 10), dynamic_shapes=({2: auto, 3: auto},),
                  run_args=(torch.randn(1, 2, 16, 7),))
    assert "tensor<1x2x?x?xf32>" in prog.text()
