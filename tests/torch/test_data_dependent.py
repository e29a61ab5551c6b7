"""Sizes read from tensor values: split points given as a tensor import (run-time slice lengths);
sparse inputs are refused with an ImporterError naming the input; item() of a bool tensor
(torch.sym_ite) imports. (nonzero, masked_select, unique and bincount import: test_dynamic_sizes.py)"""
from __future__ import annotations

import warnings

import numpy as np
import pytest
import torch

import shlo
from torch_wrap import Fn as _Fn


def test_item_of_bool():
    x = torch.tensor(True)
    prog = shlo.from_torch(_Fn(lambda t: torch.ops.aten._local_scalar_dense(t)), (x,))
    assert bool(np.asarray(shlo.interpret(prog, x.numpy())[0])) is True


def test_constant_masks_are_folded():
    # masked_select whose mask is built from sizes only (torch.combinations' r = 1 form, a
    # triangle): evaluated at import time, so the result size is known
    x = torch.arange(9.0).reshape(3, 3)
    fns = (lambda t: torch.combinations(t[0], 1),
           lambda t: torch.masked_select(t, torch.ones(3, 3, dtype=torch.bool).tril()))
    for fn in fns:
        prog = shlo.from_torch(_Fn(fn), (x,))
        np.testing.assert_array_equal(np.asarray(shlo.interpret(prog, x.numpy())[0]), fn(x).numpy())


def test_split_points_given_as_a_tensor():
    # tensor_split at a tensor of split points: slice lengths are unbacked symbols, computed
    # from the points (clamped, negative ones wrapped) at run time; one import, two point sets
    x, points = torch.arange(6.0), torch.tensor([2, 5])
    fn = lambda x, p: torch.tensor_split(x, p)  # noqa: E731
    prog = shlo.from_torch(_Fn(fn), (x, points))
    for p in (points, torch.tensor([-2, 9])):
        got = shlo.interpret(prog, x.numpy(), p.numpy())
        assert [np.asarray(g).tolist() for g in got] == [w.tolist() for w in fn(x, p)]


def test_sparse_inputs_are_named():
    with warnings.catch_warnings():     # "Sparse CSR tensor support is in beta state"
        warnings.simplefilter("ignore")
        x = torch.eye(3).to_sparse_csr()
    with pytest.raises(shlo.ImporterError, match=r"sparse tensor \(torch.sparse_csr\).*to_dense"):
        shlo.from_torch(_Fn(lambda s, d: torch.sparse.mm(s, d, "sum")), (x, torch.ones(3, 2)))


def test_resize_keeps_the_leading_elements():
    x = torch.arange(12.0).reshape(3, 4)
    fn = lambda t: torch.ops.aten.resize(t, [2, 5])  # noqa: E731
    prog = shlo.from_torch(_Fn(fn), (x,))
    np.testing.assert_array_equal(np.asarray(shlo.interpret(prog, x.numpy())[0]), fn(x).numpy())
