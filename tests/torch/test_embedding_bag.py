"""_embedding_bag through from_torch (nn.EmbeddingBag / F.embedding_bag and the op's four outputs):
interpret and compile against eager."""
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


def _check(m, *args, rtol=1e-5, atol=1e-6):
    prog = shlo.from_torch(m, args)
    want = m(*args)
    want = list(want) if isinstance(want, (tuple, list)) else [want]
    got = prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*args)))
    compiled = shlo.compile(prog)(*args)
    for outs in (got, compiled):
        outs = list(outs) if isinstance(outs, (tuple, list)) else [outs]
        assert len(outs) == len(want)
        for g, w in zip(outs, want):
            w = w.detach().numpy()
            g = np.asarray(g)
            assert g.shape == w.shape and g.dtype == w.dtype
            if np.issubdtype(w.dtype, np.integer):
                np.testing.assert_array_equal(g, w)
            else:
                np.testing.assert_allclose(g, w, rtol=rtol, atol=atol)
    return prog


IDX = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9, 7])
OFFSETS = torch.tensor([0, 2, 2, 5])      # bag 1 is empty


@pytest.mark.parametrize("padding_idx", [None, 2])
@pytest.mark.parametrize("mode", ["sum", "mean", "max"])
def test_embedding_bag_offsets(mode, padding_idx):
    torch.manual_seed(0)
    m = nn.EmbeddingBag(10, 3, mode=mode, padding_idx=padding_idx)
    _check(m, IDX, OFFSETS)


@pytest.mark.parametrize("mode", ["sum", "mean", "max"])
def test_embedding_bag_2d_input(mode):
    torch.manual_seed(0)
    m = nn.EmbeddingBag(10, 4, mode=mode)
    _check(m, torch.tensor([[1, 2, 4], [5, 4, 3], [2, 9, 9]]))


@pytest.mark.parametrize("mode", ["sum", "mean", "max"])
def test_embedding_bag_include_last_offset(mode):
    torch.manual_seed(0)
    m = nn.EmbeddingBag(10, 3, mode=mode, include_last_offset=True)
    _check(m, IDX, torch.tensor([0, 2, 2, 9]))


@pytest.mark.parametrize("padding_idx", [None, 4])
def test_embedding_bag_per_sample_weights(padding_idx):
    torch.manual_seed(0)
    m = nn.EmbeddingBag(10, 3, mode="sum", padding_idx=padding_idx)
    _check(m, IDX, OFFSETS, torch.randn(9))


ATEN_CASES = [(0, -1, False, False), (0, 2, False, False), (0, -1, True, True), (1, -1, False, False),
              (1, 2, True, False), (2, -1, False, False), (2, 2, False, False), (2, 2, True, False),
              (0, 2, False, True)]


@pytest.mark.parametrize("mode,padding_idx,include_last,psw", ATEN_CASES)
def test_embedding_bag_all_outputs(mode, padding_idx, include_last, psw):
    """The op's (result, offset2bag, bag_size, max_indices), as PyTorch's CPU kernel gives them."""
    torch.manual_seed(0)
    w = torch.randn(10, 3)
    weights = torch.randn(9) if psw else None

    def fn(w, i, o, *p):
        return torch.ops.aten._embedding_bag(w, i, o, False, mode, False, p[0] if p else None, include_last,
                                             padding_idx)
    _check(Fn(fn), w, IDX, OFFSETS, *([weights] if psw else []))


def test_embedding_bag_max_ties_and_f64():
    """Equal values in a bag: max_indices names the first position's row."""
    w = torch.tensor([[1.0, 2.0], [1.0, 3.0], [0.5, 3.0], [1.0, 3.0]], dtype=torch.float64)
    _check(Fn(lambda w, i, o: torch.ops.aten._embedding_bag(w, i, o, False, 2)), w,
           torch.tensor([2, 1, 3, 0, 3, 1]), torch.tensor([0, 4]))


def test_embedding_bag_functional_int32():
    torch.manual_seed(0)
    w = torch.randn(6, 5)
    _check(Fn(lambda w, i, o: F.embedding_bag(i, w, o, mode="mean")), w,
           torch.tensor([0, 5, 5, 1], dtype=torch.int32), torch.tensor([0, 1], dtype=torch.int32))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_embedding_bag_last_offset_short_of_the_end(dtype):
    """include_last_offset with a last offset before the end: the fast f32 sum path stops there,
    the other paths run the last bag to the end of the indices."""
    torch.manual_seed(0)
    w = torch.randn(10, 3, dtype=dtype)
    fn = lambda w, i, o: torch.ops.aten._embedding_bag(w, i, o, False, 0, False, None, True)  # noqa: E731
    _check(Fn(fn), w, IDX, OFFSETS, rtol=1e-6)
