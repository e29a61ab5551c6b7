"""Ops whose result size is read from the data (nonzero, argwhere, masked_select, x[mask],
unique, unique_consecutive): the size is a run-time `?` dimension that later ops and the program's
results carry. One import per test; the values vary between interpreter runs (empty result,
all true, ties, -0, NaN) and are checked against eager PyTorch."""
from __future__ import annotations

import numpy as np
import pytest
import torch

import shlo
from torch_wrap import Fn, leaves, together

NAN = float("nan")


def _check_runs(fn, inputs_list, compiled=False):
    prog = shlo.from_torch(Fn(fn), inputs_list[0])
    run = shlo.compile(prog) if compiled else None
    for inputs in inputs_list:
        arrays = [x.numpy() for x in inputs]
        got = run(*arrays) if compiled else shlo.interpret(prog, *arrays)
        want = leaves(fn(*inputs))
        assert len(got) == len(want)
        for g, w in zip(got, want):
            np.testing.assert_array_equal(np.asarray(g), w.numpy())
    return prog


def test_nonzero_and_masked_select_sizes_follow_the_data():
    fn = together(
        lambda x, s: torch.nonzero(x) + 1,
        lambda x, s: torch.argwhere(x),
        lambda x, s: torch.masked_select(x, x > 1),
        lambda x, s: torch.masked_select(x, torch.tensor([True, False, True])),     # broadcast mask
        lambda x, s: torch.nonzero(x).sum(0) * torch.nonzero(x).shape[0],           # the size used later
        lambda x, s: torch.nonzero(s),                                              # rank 0: (count, 0)
        lambda x, s: x[x > 0] * 2,                                                  # a bool mask index
        lambda x, s: x[:, x[0] != 0],
    )
    prog = _check_runs(fn, [
        (torch.tensor([[1., 0, 2], [0, -0., 3]]), torch.tensor(5.)),
        (torch.zeros(2, 3), torch.tensor(0.)),                                       # nothing true
        (torch.full((2, 3), 2.), torch.tensor(-1.)),                                 # all true
        (torch.tensor([[NAN, 0, 0], [0, 0, 1]]), torch.tensor(NAN)),                 # NaN is nonzero
    ])
    assert "?x2xi64" in str(prog)


def test_unique_sorts_and_groups_as_torch():
    fn = together(
        lambda x: torch.unique(x.flatten(), return_inverse=True, return_counts=True),
        lambda x: torch.unique(x, sorted=False, return_inverse=True),               # CPU sorts anyway
        lambda x: torch.unique_consecutive(x.flatten(), return_inverse=True, return_counts=True),
        lambda x: torch.unique(x, dim=0, return_inverse=True, return_counts=True),
        lambda x: torch.unique_consecutive(x, dim=0, return_counts=True),
        lambda x: torch.unique(x)[:2] * 2,                                          # a size min(2, K)
    )
    _check_runs(fn, [(x,) for x in (
        torch.tensor([[2., 1], [2, 1], [-0., 0], [1, 2]]),
        torch.tensor([[1, NAN], [1, NAN], [0, 0], [2, 1]]),         # each NaN its own value
        torch.full((4, 2), 3.),                                      # one group
        torch.tensor([[0., -0.], [-0., 0.], [5, -1], [-1, 5]]),     # -0 equals 0, the first kept
    )])


def test_integer_and_bool_values_compiled():
    fn = together(
        lambda x, b: torch.unique(x, return_inverse=True, return_counts=True),
        lambda x, b: torch.ops.aten._unique(x, True, True),
        lambda x, b: torch.unique(b),
        lambda x, b: torch.nonzero(b),
        lambda x, b: torch.masked_select(x, b),
        lambda x, b: torch.bincount(x + 1),                                        # size max + 1
        lambda x, b: torch.bincount(x + 1, weights=b.to(torch.float64), minlength=7),   # minlength wins
    )
    _check_runs(fn, [
        (torch.tensor([3, -1, 3, 7, -1, 3]), torch.tensor([True, False, True, True, False, False])),
        (torch.tensor([4, 4, 4, 4, 4, 4]), torch.zeros(6, dtype=torch.bool)),
    ], compiled=True)
    empty = together(lambda x: torch.unique(x, return_inverse=True, return_counts=True),
                     lambda x: torch.unique_consecutive(x, dim=1, return_inverse=True, return_counts=True))
    _check_runs(empty, [(torch.zeros(2, 0),)])


def test_symbolic_input_sizes_are_refused():
    class Nonzero(torch.nn.Module):
        def forward(self, x):
            return torch.nonzero(x)
    dims = ({0: torch.export.Dim("n", min=2)},)
    with pytest.raises(shlo.ImporterError, match=r"nonzero\.default \(node nonzero.*symbolic sizes is not supported"):
        shlo.from_torch(Nonzero(), (torch.arange(6.0),), dynamic_shapes=dims)
