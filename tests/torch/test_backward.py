"""Backward ATen ops (convolution_backward, pooling / norm backward, ...) through from_torch: programs that
compute gradients with torch.autograd.grad, interpreted and compiled against eager; and the 1-d pooling
forms (avg_pool1d / adaptive_avg_pool1d / max_pool1d) that export decomposes unless told not to."""
from __future__ import annotations

import os

import numpy as np
import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.fx.experimental.proxy_tensor import make_fx

import shlo

aten = torch.ops.aten


class Fn(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *args):
        return self.fn(*args)


def _grad_fn(fn, n_grad):
    """The gradients of a scalar loss of fn(*args) with respect to its first n_grad arguments."""
    def g(*args):
        with torch.enable_grad():
            leaves = [a.detach().requires_grad_() for a in args[:n_grad]]
            out = fn(*leaves, *args[n_grad:])
            loss = (out * torch.linspace(-1, 2, out.numel()).reshape(out.shape).to(out.dtype)).sum()
            return torch.autograd.grad(loss, leaves)
    return g


def _export(fn, args):
    """torch.export of a module computing fn; where export cannot trace autograd through an op that
    saves its outputs ("fake tensor in the constants"), of the make_fx graph of fn (same ATen ops)."""
    try:
        return torch.export.export(Fn(fn), args)
    except RuntimeError as e:
        if "fake tensor" not in str(e):
            raise
    return torch.export.export(make_fx(fn)(*args), args)


def _run(ep, args, want, rtol, atol, compile=True):
    prog = shlo.from_torch(ep, decompose=False)
    runs = [prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*args)))]
    if compile:
        runs.append(shlo.compile(prog)(*args))
    want = list(want) if isinstance(want, (tuple, list)) else [want]
    for outs in runs:
        outs = list(outs) if isinstance(outs, (tuple, list)) else [outs]
        assert len(outs) == len(want)
        for g, w in zip(outs, want):
            half = w.dtype in (torch.bfloat16, torch.float16)
            w = w.detach().float().numpy() if half else w.detach().numpy()
            g = np.asarray(g).astype(np.float32) if half else np.asarray(g)
            assert g.shape == w.shape and g.dtype == w.dtype
            np.testing.assert_allclose(g, w, rtol=rtol, atol=atol)
    return prog


def _check(fn, n_grad, args, op, keep=(), rtol=1e-4, atol=1e-5, is_grad=True):
    """Exports fn's gradients (or fn itself when not is_grad), decomposes all but `keep`, checks that
    `op` is in the graph and that the imported program matches eager."""
    f = _grad_fn(fn, n_grad) if is_grad else fn
    ep = _export(f, args)
    table = torch.export.default_decompositions()
    for o in keep:
        table.pop(o, None)
    ep = ep.run_decompositions(table)
    assert op in {n.target for n in ep.graph.nodes}, ep.graph
    return _run(ep, args, f(*args), rtol, atol)


def _r(*shape, dtype=torch.float32):
    return torch.randn(*shape, dtype=dtype)


CONV = aten.convolution_backward.default
CONVS = {
    "conv2d_stride_pad_bias": (lambda x, w, b: F.conv2d(x, w, b, 2, 1), 3, lambda: (_r(2, 3, 8, 8), _r(4, 3, 3, 3), _r(4))),
    "conv2d_unused_tail": (lambda x, w: F.conv2d(x, w, None, 2, 0), 2, lambda: (_r(1, 2, 10, 9), _r(3, 2, 3, 2))),
    "conv1d_groups_dilation": (lambda x, w: F.conv1d(x, w, groups=2, dilation=2), 2, lambda: (_r(2, 4, 9), _r(6, 2, 3))),
    "conv2d_depthwise_stride": (lambda x, w: F.conv2d(x, w, None, (2, 1), (1, 2), groups=4), 2,
                                lambda: (_r(2, 4, 7, 6), _r(8, 1, 3, 3))),
    "conv2d_big_padding": (lambda x, w: F.conv2d(x, w, None, 1, 3), 2, lambda: (_r(1, 2, 5, 5), _r(2, 2, 3, 3))),
    "conv3d": (lambda x, w, b: F.conv3d(x, w, b, (1, 2, 1), 1), 3, lambda: (_r(1, 2, 5, 6, 4), _r(4, 2, 2, 3, 2), _r(4))),
    "conv2d_input_only": (lambda x, w: F.conv2d(x, w, None, 1, 1), 1, lambda: (_r(2, 3, 6, 6), _r(4, 3, 3, 3))),
    "conv2d_weight_only": (lambda w, x: F.conv2d(x, w, None, 2, 1, 2), 1, lambda: (_r(4, 3, 3, 3), _r(2, 3, 9, 9))),
    "conv_transpose2d_groups_output_padding": (
        lambda x, w, b: F.conv_transpose2d(x, w, b, 2, 1, 1, groups=2), 3, lambda: (_r(2, 4, 5, 6), _r(4, 3, 3, 3), _r(6))),
    "conv_transpose1d_dilation": (lambda x, w: F.conv_transpose1d(x, w, None, 3, 2, dilation=2), 2,
                                  lambda: (_r(1, 3, 7), _r(3, 2, 4))),
}


@pytest.mark.parametrize("name", list(CONVS))
def test_convolution_backward(name):
    torch.manual_seed(0)
    fn, n, make = CONVS[name]
    _check(fn, n, make(), CONV)


def test_convolution_backward_bf16():
    torch.manual_seed(0)
    args = (_r(1, 2, 6, 6, dtype=torch.bfloat16), _r(3, 2, 3, 3, dtype=torch.bfloat16))
    _check(lambda x, w: F.conv2d(x, w, None, 1, 1), 2, args, CONV, rtol=2e-2, atol=5e-2)


POOLS = {
    "max2d_overlap_ceil": (lambda x: F.max_pool2d(x, 3, 2, 1, ceil_mode=True), (2, 3, 8, 9),
                           aten.max_pool2d_with_indices_backward.default),
    "max2d_dilation": (lambda x: F.max_pool2d(x, (2, 3), (1, 2), 1, dilation=(2, 1)), (1, 2, 7, 8),
                       aten.max_pool2d_with_indices_backward.default),
    "max2d_unbatched": (lambda x: F.max_pool2d(x, 2), (3, 6, 6), aten.max_pool2d_with_indices_backward.default),
    "max1d": (lambda x: F.max_pool1d(x, 3, 2), (2, 3, 11), aten.max_pool2d_with_indices_backward.default),
    "max3d": (lambda x: F.max_pool3d(x, 2, 1), (1, 2, 4, 5, 4), aten.max_pool3d_with_indices_backward.default),
    "adaptive_max2d": (lambda x: F.adaptive_max_pool2d(x, (3, 4)), (2, 2, 8, 9), aten.adaptive_max_pool2d_backward.default),
    "adaptive_max3d": (lambda x: F.adaptive_max_pool3d(x, 2), (1, 2, 4, 5, 3), aten.adaptive_max_pool3d_backward.default),
    "avg2d_ceil_exclude_pad": (lambda x: F.avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False), (2, 3, 8, 9),
                               aten.avg_pool2d_backward.default),
    "avg2d_include_pad": (lambda x: F.avg_pool2d(x, 3, 2, 1), (2, 3, 8, 9), aten.avg_pool2d_backward.default),
    "avg2d_divisor_override": (lambda x: F.avg_pool2d(x, (2, 3), (1, 2), divisor_override=5), (1, 2, 7, 8),
                               aten.avg_pool2d_backward.default),
    "avg2d_unused_tail": (lambda x: F.avg_pool2d(x, 2, 3), (1, 2, 8, 7), aten.avg_pool2d_backward.default),
    "avg1d": (lambda x: F.avg_pool1d(x, 3, 2, 1), (2, 3, 10), aten.avg_pool2d_backward.default),
    "avg3d": (lambda x: F.avg_pool3d(x, 2, (1, 2, 1), 1), (1, 2, 4, 5, 4), aten.avg_pool3d_backward.default),
    "adaptive_avg2d_overlap": (lambda x: F.adaptive_avg_pool2d(x, (3, 5)), (2, 3, 8, 7),
                               aten._adaptive_avg_pool2d_backward.default),
    "adaptive_avg3d": (lambda x: F.adaptive_avg_pool3d(x, (2, 3, 2)), (1, 2, 5, 4, 4),
                       aten._adaptive_avg_pool3d_backward.default),
}


@pytest.mark.parametrize("name", list(POOLS))
def test_pooling_backward(name):
    torch.manual_seed(0)
    fn, shape, op = POOLS[name]
    _check(fn, 1, (_r(*shape),), op)


NORMS = {
    "layer_norm_affine": (lambda x, w, b: F.layer_norm(x, (8,), w, b), 3, lambda: (_r(2, 3, 8), _r(8), _r(8)),
                          aten.native_layer_norm_backward.default),
    "layer_norm_2d_plain": (lambda x: F.layer_norm(x, (3, 4)), 1, lambda: (_r(2, 3, 4),),
                            aten.native_layer_norm_backward.default),
    "layer_norm_weight_no_input": (lambda w, x: F.layer_norm(x, (5,), w), 1, lambda: (_r(5), _r(4, 5)),
                                   aten.native_layer_norm_backward.default),
    "group_norm_affine": (lambda x, w, b: F.group_norm(x, 2, w, b), 3, lambda: (_r(2, 4, 5, 3), _r(4), _r(4)),
                          aten.native_group_norm_backward.default),
    "group_norm_plain_1d": (lambda x: F.group_norm(x, 3), 1, lambda: (_r(2, 6, 7),),
                            aten.native_group_norm_backward.default),
}


@pytest.mark.parametrize("name", list(NORMS))
def test_norm_backward(name):
    torch.manual_seed(0)
    fn, n, make, op = NORMS[name]
    _check(fn, n, make(), op, keep=[op])


@pytest.mark.parametrize("padding_idx,scale", [(None, False), (2, False), (None, True), (2, True)])
def test_embedding_dense_backward(padding_idx, scale):
    torch.manual_seed(0)
    w = _r(10, 4)
    idx = torch.tensor([[1, 2, 2, 5], [2, 9, 0, 2]])
    op = aten.embedding_dense_backward.default
    _check(lambda w, i: F.embedding(i, w, padding_idx=padding_idx, scale_grad_by_freq=scale), 1, (w, idx), op,
           keep=[op])


def test_training_step_gradients():
    """A small CNN's parameter gradients, as a training step computes them. Interpreted; compiled too
    under SHLO_FULL_TESTS=1 (the other backward tests compile the same ATen ops one by one)."""
    torch.manual_seed(0)
    net = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.GroupNorm(2, 4), nn.ReLU(), nn.MaxPool2d(2),
                        nn.Conv2d(4, 4, 3, stride=2), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.LayerNorm(4))
    params = list(net.parameters())

    def step(x, *ps):
        out = torch.func.functional_call(net, dict(zip(dict(net.named_parameters()), ps)), (x,))
        return out
    f = _grad_fn(lambda *ps_x: step(ps_x[-1], *ps_x[:-1]), len(params))
    args = (*[p.detach() for p in params], _r(2, 3, 8, 8))
    # torch.export refuses this autograd graph ("fake tensor in the constants"): _export's fallback
    ep = torch.export.export(make_fx(f)(*args), args)
    ep = ep.run_decompositions()
    targets = {n.target for n in ep.graph.nodes}
    assert CONV in targets and aten.max_pool2d_with_indices_backward.default in targets
    _run(ep, args, f(*args), 1e-4, 1e-5, compile=bool(os.environ.get("SHLO_FULL_TESTS")))


# ----------------------------------------------------------------------------- 1-d pooling forms

ONE_D = {
    "avg_pool1d": (lambda x: F.avg_pool1d(x, 3, 2, 1), aten.avg_pool1d.default),
    "avg_pool1d_ceil_exclude": (lambda x: F.avg_pool1d(x, 4, 3, 1, ceil_mode=True, count_include_pad=False),
                                aten.avg_pool1d.default),
    "adaptive_avg_pool1d": (lambda x: F.adaptive_avg_pool1d(x, 4), aten.adaptive_avg_pool1d.default),
    "max_pool1d": (lambda x: F.max_pool1d(x, 3, 2, 1, ceil_mode=True), aten.max_pool1d.default),
}


@pytest.mark.parametrize("name", list(ONE_D))
def test_pool1d_forms(name):
    torch.manual_seed(0)
    fn, op = ONE_D[name]
    _check(fn, 0, (_r(2, 3, 11),), op, keep=[op], is_grad=False)


def test_sym_is_contiguous():
    from shlo.importers.torch.registry import lookup
    assert lookup("sym_is_contiguous", "default")(None, None) is True


@pytest.mark.parametrize("mode,padding_idx,psw", [("sum", None, False), ("sum", 2, False), ("sum", None, True),
                                                   ("mean", None, False), ("mean", 2, False), ("max", None, False),
                                                   ("max", 4, False)])
def test_embedding_bag_backward(mode, padding_idx, psw, scale=False):
    torch.manual_seed(0)
    idx = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9, 7])
    offsets = torch.tensor([0, 2, 2, 5])
    args = (_r(10, 3), idx, offsets) + ((_r(9),) if psw else ())
    fn = lambda w, i, o, *p: F.embedding_bag(i, w, o, mode=mode, padding_idx=padding_idx,  # noqa: E731
                                             scale_grad_by_freq=scale, per_sample_weights=p[0] if p else None)
    _check(fn, 1, args, aten._embedding_bag_backward.default)


def test_embedding_bag_backward_scale_grad_by_freq_is_an_error():
    args = (_r(10, 3), torch.tensor([1, 2, 4, 2]), torch.tensor([0, 2]))
    fn = lambda w, i, o: F.embedding_bag(i, w, o, scale_grad_by_freq=True)  # noqa: E731
    ep = _export(_grad_fn(fn, 1), args).run_decompositions()
    with pytest.raises(shlo.errors.ImporterError, match="scale_grad_by_freq"):
        shlo.from_torch(ep, decompose=False)
