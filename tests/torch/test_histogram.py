"""torch.histogram / histogramdd against eager: bin counts with and without range (an empty
range widened), weights, density, edge tensors (unsorted ones follow torch's binary search)."""
from __future__ import annotations

import numpy as np
import torch

import shlo
from torch_wrap import Fn as _Fn


def _check(fn, *xs):
    prog = shlo.from_torch(_Fn(fn), xs)
    got = shlo.interpret(prog, *[x.numpy() for x in xs])
    want = torch.utils._pytree.tree_leaves(fn(*xs))
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_allclose(np.asarray(g), w.numpy(), rtol=1e-6, atol=1e-6)


X = torch.tensor([[0.5, -1.0, 2.0], [2.0, 3.5, 0.75], [1.0, 1.0, -0.25]])
NAN = torch.tensor([0.5, float("nan"), 2.0, 1.0])


def test_histogram_counts_and_edges():
    w = torch.arange(9.0).reshape(3, 3)
    _check(lambda x: torch.histogram(x, 4), X)
    _check(lambda x: torch.histogram(x, 4, range=(0.0, 2.0)), NAN)                # NaN dropped
    _check(lambda x, w: torch.histogram(x, 3, range=(0.0, 2.0), weight=w, density=True), X, w)
    _check(lambda x: torch.histogram(x, 2, range=(1.0, 1.0)), X)                  # widened by 0.5
    _check(lambda x, b: torch.histogram(x, b), X, torch.tensor([-1.0, 1.0, -0.5, 3.0]))   # unsorted edges


def test_histogramdd():
    pts = torch.tensor([[0.0, 1.0], [0.5, 2.0], [1.0, 1.5], [0.2, 9.0]])
    _check(lambda p: torch.histogramdd(p, [2, 3]), pts)
    _check(lambda p, w: torch.histogramdd(p, [2, 2], range=[0.0, 1.0, 1.0, 2.0], weight=w, density=True),
           pts, torch.tensor([1.0, 2.0, 0.5, 4.0]))
    _check(lambda p, a, b: torch.histogramdd(p, [a, b]), pts, torch.tensor([0.0, 0.6, 0.1]),
           torch.tensor([1.0, 1.6, 9.0]))
