"""torch.segment_reduce (lengths / offsets, every reduction, initial, empty segments, a
batched axis) against eager."""
from __future__ import annotations

import numpy as np
import pytest
import torch

import shlo
from torch_wrap import Fn as _Fn


def _check(fn, *xs):
    prog = shlo.from_torch(_Fn(fn), xs)
    (got,) = shlo.interpret(prog, *[x.numpy() for x in xs])
    np.testing.assert_allclose(np.asarray(got), fn(*xs).numpy(), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("reduce", ["max", "min", "sum", "mean", "prod"])
def test_lengths_with_empty_segments(reduce):
    data = torch.tensor([[1.0, -2.0], [3.0, 0.5], [float("nan"), 4.0], [2.0, -1.0], [0.25, 8.0]])
    lengths = torch.tensor([2, 0, 1, 2])
    _check(lambda d, ln: torch.segment_reduce(d, reduce, lengths=ln), data, lengths)
    _check(lambda d, ln: torch.segment_reduce(d, reduce, lengths=ln, initial=1.5), data, lengths)


def test_offsets_on_a_batched_axis():
    data = torch.arange(24.0).reshape(2, 4, 3) / 7
    offsets = torch.tensor([[0, 1, 1, 4], [0, 2, 3, 4]])
    for reduce in ("mean", "max"):
        _check(lambda d, o: torch.segment_reduce(d, reduce, offsets=o, axis=1, initial=0.5), data, offsets)


def test_half_sums_in_torch_order():
    # f16 partial sums rounded element by element, as torch's kernel: equal bits
    data = torch.linspace(-3, 5, 60, dtype=torch.float16).reshape(10, 6) / 3
    lengths = torch.tensor([1, 6, 0, 3])
    fn = lambda d, ln: torch.segment_reduce(d, "sum", lengths=ln, initial=0.1)  # noqa: E731
    prog = shlo.from_torch(_Fn(fn), (data, lengths))
    (got,) = shlo.interpret(prog, data.numpy(), lengths.numpy())
    np.testing.assert_array_equal(np.asarray(got), fn(data, lengths).numpy())
