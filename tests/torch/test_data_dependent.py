"""Sizes read from tensor values that shlo does not express (tensor-valued split points) are
refused with an ImporterError that names the ATen op and the node; item() of a bool tensor
(torch.sym_ite) imports. (nonzero, masked_select, unique and bincount import: test_dynamic_sizes.py)"""
from __future__ import annotations

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


def test_sizes_read_from_data_are_named():
    # tensor_split at split points given as a tensor: slice sizes are unbacked symbols
    x, points = torch.arange(6.0), torch.tensor([2, 5])
    with pytest.raises(shlo.ImporterError, match=r"slice\.Tensor \(node .*computed from tensor values"):
        shlo.from_torch(_Fn(lambda x, p: torch.tensor_split(x, p)), (x, points))


def test_resize_keeps_the_leading_elements():
    x = torch.arange(12.0).reshape(3, 4)
    fn = lambda t: torch.ops.aten.resize(t, [2, 5])  # noqa: E731
    prog = shlo.from_torch(_Fn(fn), (x,))
    np.testing.assert_array_equal(np.asarray(shlo.interpret(prog, x.numpy())[0]), fn(x).numpy())
