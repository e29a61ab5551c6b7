"""from_torch's sorting and selection ops (sort, argsort, topk, kthvalue, median, nanmedian,
searchsorted, bucketize) against eager PyTorch, interpreted and compiled: values and indices,
NaNs and ties included."""
from __future__ import annotations

import os

import numpy as np
import pytest
import torch
import torch.utils._pytree as pytree

import shlo
from torch_wrap import Fn


def _check(fn, x, dynamic_shapes=None):
    prog = shlo.from_torch(Fn(fn), (x,), dynamic_shapes=dynamic_shapes)
    want = [w.numpy() for w in pytree.tree_leaves(fn(x))]
    interp = prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(x)))
    comp = shlo.compile(prog)(x)
    for outs in (interp, comp):
        outs = [np.asarray(a) for a in pytree.tree_leaves(outs)]
        assert len(outs) == len(want)
        for got, w in zip(outs, want):
            assert got.dtype == w.dtype and got.shape == w.shape
            np.testing.assert_array_equal(got, w)   # selections are exact, NaN included


def _with_ties_and_nans():
    x = torch.tensor([[3.0, 1.0, float("nan"), 1.0, -2.0, 3.0],
                      [0.5, -0.5, 0.5, float("nan"), float("nan"), 2.0],
                      [4.0, 4.0, 4.0, -1.0, 0.0, 7.0]])
    return x


X = _with_ties_and_nans()
R = torch.randn(4, 5, 6)


@pytest.mark.parametrize("fn", [
    lambda x: torch.sort(x),
    lambda x: torch.sort(x, descending=True),
    lambda x: torch.sort(x, dim=0),
    lambda x: torch.sort(x, dim=0, descending=True),
    lambda x: torch.sort(x, stable=True, descending=True),
    lambda x: torch.argsort(x, dim=1),
    lambda x: torch.argsort(x, stable=True),
    lambda x: torch.msort(x),
], ids=["ascending", "descending", "dim0", "dim0_descending", "stable_descending", "argsort", "argsort_stable",
        "msort"])
def test_sort_nans_last_and_ties_stable(fn):
    _check(fn, X)


@pytest.mark.parametrize("dtype", [torch.int32, torch.int64, torch.uint8, torch.bool, torch.float16, torch.float64])
def test_sort_dtypes(dtype):
    x = torch.tensor([[3, 1, 0, 1, 2, 3], [0, 5, 5, 1, 0, 2]]).to(dtype)
    _check(lambda x: (torch.sort(x, dim=1), torch.sort(x, dim=1, descending=True)), x)


def test_sort_3d_middle_dim():
    _check(lambda x: torch.sort(x, dim=1, descending=True), R)


@pytest.mark.parametrize("fn", [
    lambda x: torch.topk(x, 3),
    lambda x: torch.topk(x, 2, largest=False),
    lambda x: torch.topk(x, 2, dim=0),
    lambda x: torch.topk(x, 4, dim=1, sorted=True),
], ids=["largest", "smallest", "dim0", "dim1"])
def test_topk(fn):
    _check(fn, R)


def test_topk_nan_is_largest():
    x = torch.tensor([1.0, float("nan"), 3.0, -1.0])
    _check(lambda x: (torch.topk(x, 2), torch.topk(x, 2, largest=False)), x)


@pytest.mark.parametrize("fn", [
    lambda x: torch.kthvalue(x, 2),
    lambda x: torch.kthvalue(x, 3, dim=0, keepdim=True),
    lambda x: torch.median(x),
    lambda x: torch.median(x, dim=2),
    lambda x: torch.median(x, dim=0, keepdim=True),
    lambda x: torch.nanmedian(x, dim=1),
    lambda x: torch.nanmedian(x),
], ids=["kth", "kth_dim0_keepdim", "median", "median_dim", "median_keepdim", "nanmedian_dim", "nanmedian"])
def test_kthvalue_median(fn):
    _check(fn, R)


def test_median_with_nans():
    x = torch.tensor([[1.0, float("nan"), 3.0, 2.0], [4.0, 2.0, 3.0, 1.0],
                      [float("nan"), float("nan"), 5.0, -1.0], [float("nan")] * 4])
    _check(lambda x: (torch.median(x, dim=1), torch.nanmedian(x, dim=1).values, torch.median(x),
                      torch.nanmedian(x)), x)


def test_median_int():
    x = torch.tensor([[5, 1, 4, 2], [3, 3, 0, 9]])
    _check(lambda x: (torch.median(x, dim=1), torch.median(x)), x)


BOUNDS = torch.tensor([-1.0, 0.0, 0.0, 1.0, 2.5])


@pytest.mark.parametrize("fn", [
    lambda x: torch.searchsorted(BOUNDS, x),
    lambda x: torch.searchsorted(BOUNDS, x, right=True),
    lambda x: torch.searchsorted(BOUNDS, x, side="right", out_int32=True),
    lambda x: torch.searchsorted(torch.sort(x, dim=-1).values, x[..., :3] + 0.25),
    lambda x: torch.searchsorted(BOUNDS.flip(0), x, sorter=torch.arange(4, -1, -1)),
    lambda x: torch.bucketize(x, BOUNDS),
    lambda x: torch.bucketize(x, BOUNDS, right=True, out_int32=True),
], ids=["left", "right", "side_int32", "batched_sequence", "sorter", "bucketize", "bucketize_right"])
def test_searchsorted_bucketize(fn):
    x = torch.tensor([[-3.0, -1.0, 0.0, 0.5, 1.0, 2.5, 9.0, float("nan")]] * 2)
    x[1] = x[1] * 0.5
    _check(fn, x)


def test_sort_dynamic_dim():
    # (topk / kthvalue along a static dim of a tensor with a symbolic one: MoE routing per token)
    _check(lambda x: (torch.sort(x, dim=0, descending=True), torch.topk(x, 2, dim=1), torch.kthvalue(x, 2, dim=1)),
           torch.randn(7, 3), dynamic_shapes=(({0: torch.export.Dim("n", min=2, max=64)},),))


def test_topk_along_symbolic_dim():
    # the k nearest of a run-time number of points: static k taken from a sort along the `?` dim
    # (the full run adds a topk along the other `?` dim)
    full = bool(os.environ.get("SHLO_FULL_TESTS"))

    def fn(x):
        return (torch.topk(x, 3, dim=1, largest=False), torch.kthvalue(x, 2, dim=1)) + \
            ((torch.topk(x, 2, dim=0),) if full else ())
    prog = shlo.from_torch(Fn(fn), (torch.randn(4, 7),),
                           dynamic_shapes=(({0: torch.export.Dim("m", min=2), 1: torch.export.Dim("n", min=3)},),))
    compiled = shlo.compile(prog)
    for shape in ((4, 7), (2, 12)):
        x = torch.randn(*shape)
        want = [w.numpy() for w in pytree.tree_leaves(fn(x))]
        for outs in (prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(x))), compiled(x)):
            outs = [np.asarray(a) for a in pytree.tree_leaves(outs)]
            assert len(outs) == len(want)
            for got, w in zip(outs, want):
                np.testing.assert_array_equal(got, w)


@pytest.mark.parametrize("fn", [
    lambda x: torch.mode(x),
    lambda x: torch.mode(x, 0),
    lambda x: torch.mode(x, 1, keepdim=True),
], ids=["last", "dim0", "keepdim"])
def test_mode(fn):
    """Ties between values pick the smallest; the index is the value's last occurrence."""
    x = torch.tensor([[3.0, 1.0, 3.0, 1.0, 2.0], [5.0, 5.0, 2.0, 2.0, 7.0], [1.0, 2.0, 3.0, 4.0, 5.0],
                      [2.0, 9.0, 2.0, 9.0, 0.0]])
    _check(fn, x)
    _check(fn, x.to(torch.int32))
