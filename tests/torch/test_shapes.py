"""Shape ATen ops from PyTorch: view / squeeze / unsqueeze / expand edge cases (0-d, size 0),
slice / narrow / split / unbind / cat / stack, flip / roll / repeat, tril / triu, padding,
unfold; static and dynamic batch sizes; interpreted and compiled, against eager PyTorch."""
from __future__ import annotations

import numpy as np
import pytest
import torch

import shlo
from torch_wrap import Fn, leaves, together


def _same(got, want):
    want = want.detach()
    got = np.asarray(got)
    assert got.shape == tuple(want.shape), (got.shape, want.shape)
    if want.dtype.is_floating_point:
        np.testing.assert_allclose(got, want.numpy(), rtol=1e-5, atol=1e-6)
    else:
        np.testing.assert_array_equal(got, want.numpy())


def check(fn, *args, dynamic_shapes=None, more=(), decompose=True):
    """Imports fn(*args); interpret and compile agree with eager torch, also at `more` argument sets.
    fn may return nested tuples (several checks made `together`)."""
    m = Fn(fn)
    ds = None if dynamic_shapes is None else (dynamic_shapes,)
    if decompose:
        prog = shlo.from_torch(m, args, dynamic_shapes=ds)
    else:
        prog = shlo.from_torch(torch.export.export(m, args, dynamic_shapes=ds), decompose=False)
    assert (dynamic_shapes is None) == ("?x" not in str(prog))
    compiled = shlo.compile(prog)
    for a in (args, *more):
        wants = leaves(m(*a))
        got_i = leaves(prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*a))))
        got_c = leaves(compiled(*a))
        assert len(got_i) == len(got_c) == len(wants)
        for w, gi, gc in zip(wants, got_i, got_c):
            _same(gi, w)
            _same(gc, w)
    return prog


def _x(dtype, *shape, seed=0):
    g = torch.Generator().manual_seed(seed)
    if dtype == torch.bool:
        return torch.rand(*shape, generator=g) > 0.5
    if dtype.is_floating_point:
        return torch.randn(*shape, generator=g).to(dtype)
    return torch.randint(-50, 50, shape, generator=g).to(dtype)


DTYPES = [torch.float32, torch.int64, torch.bool]


def _batch():
    return torch.export.Dim("b", min=3, max=32)


# ----------------------------------------------------------------------------- views, 0-d, size 0

@pytest.mark.parametrize("dtype", DTYPES)
def test_views_of_0d_and_empty(dtype):
    check(together(
        lambda x: x[1, 2].unsqueeze(0).unsqueeze(-1),               # 0-d -> (1, 1)
        lambda x: x[1, 2].view(1, 1, 1).squeeze(),                  # back to 0-d
        lambda x: x[0, 0].reshape(-1),
        lambda x: x[:0].view(-1, 2),                                # size-0
        lambda x: x[:0].expand(2, 0, 4),
        lambda x: x[:, None, :, None].squeeze(1),
        lambda x: x[:, :0].unsqueeze(1).squeeze(1).to(torch.float32) * 2,
        lambda x: torch.ops.aten.alias(x),
        lambda x: x.t().contiguous().view(2, 6)), _x(dtype, 3, 4))


def test_returned_empty_slice_compiles():
    check(lambda x: x[:, :0], _x(torch.float32, 3, 4))


def test_view_dynamic():
    check(lambda x: x.view(-1, 2, 2).flatten(1), _x(torch.float32, 3, 4), dynamic_shapes=({0: _batch()},),
          more=[(_x(torch.float32, 6, 4),)])


# ----------------------------------------------------------------------------- slicing and splitting

@pytest.mark.parametrize("dtype", DTYPES)
def test_slice_narrow(dtype):
    check(together(
        lambda x: x[1:-1, ::3],
        lambda x: x[-100:100, 5:2],
        lambda x: x.narrow(1, 2, 3),
        lambda x: x.narrow(0, -2, 2),
        lambda x: x.narrow_copy(1, 1, 4),
        lambda x: x[2]), _x(dtype, 5, 7))


def test_slice_dynamic():
    more = [(_x(torch.float32, 9, 6, seed=1),), (_x(torch.float32, 3, 6, seed=2),)]
    check(together(
        lambda x: x[1:, 1:5:2],
        lambda x: x.narrow(1, 2, 3),
        lambda x: x[-1]), _x(torch.float32, 4, 6), dynamic_shapes=({0: _batch()},), more=more)
    check(lambda x: x[:-1:2], _x(torch.float32, 4, 6), dynamic_shapes=({0: torch.export.Dim("b", min=4, max=32)},),
          more=more[:1])


@pytest.mark.parametrize("dtype", DTYPES)
def test_split_chunk_unbind(dtype):
    check(together(
        lambda x: torch.split(x, 3, 1),
        lambda x: torch.split(x, [1, 0, 6], 1),
        lambda x: torch.chunk(x, 2, 0),
        lambda x: torch.tensor_split(x, [2, 5], 1),
        lambda x: torch.unbind(x, 0),
        lambda x: torch.unbind(x, -1)[3]), _x(dtype, 4, 7))


def test_split_dynamic():
    more = [(_x(torch.float32, 9, 6, seed=1),)]
    check(together(lambda x: torch.split(x, [2, 4], 1), lambda x: torch.split(x, 4, 1)), _x(torch.float32, 4, 6),
          dynamic_shapes=({0: _batch()},), more=more)
    check(lambda x: torch.unbind(x, 1), _x(torch.float32, 4, 3), dynamic_shapes=({0: _batch()},),
          more=[(_x(torch.float32, 7, 3),)])


def test_split_along_dynamic_dim():
    # split sizes derived from the symbolic size: x[:, :n//2] style halves of a dynamic dim
    b = torch.export.Dim("b", min=1, max=16)
    check(lambda x: torch.split(x, [x.shape[0] // 2, x.shape[0] // 2], 0), _x(torch.float32, 6, 3),
          dynamic_shapes=({0: 2 * b},), more=[(_x(torch.float32, 10, 3),)])


@pytest.mark.parametrize("dtype", DTYPES)
def test_cat_stack(dtype):
    check(together(
        lambda x, y: torch.cat([x, y, x], 1),
        lambda x, y: torch.cat([x, torch.zeros(0, dtype=x.dtype), y]),
        lambda x, y: torch.stack([x, y], 1),
        lambda x, y: torch.stack([x, y], -1),
        lambda x, y: torch.hstack([x, y])), _x(dtype, 2, 3), _x(dtype, 2, 3, seed=1))


def test_cat_promotes():
    check(lambda x, y: torch.cat([x, y]), _x(torch.int64, 2, 3), _x(torch.float32, 1, 3))


def test_cat_dynamic():
    b = _batch()
    check(lambda x, y: torch.cat([x, y], 0), _x(torch.float32, 3, 4), _x(torch.float32, 2, 4),
          dynamic_shapes=({0: b}, None), more=[(_x(torch.float32, 7, 4), _x(torch.float32, 2, 4))])
    check(lambda x, y: torch.cat([x, y * 2], 1), _x(torch.float32, 3, 4), _x(torch.float32, 3, 2),
          dynamic_shapes=({0: b}, {0: b}), more=[(_x(torch.float32, 7, 4), _x(torch.float32, 7, 2))])


# ----------------------------------------------------------------------------- reordering, tiling

@pytest.mark.parametrize("dtype", DTYPES)
def test_flip_roll_repeat(dtype):
    check(together(
        lambda x: torch.flip(x, [0, -1]),
        lambda x: torch.rot90(x),
        lambda x: torch.roll(x, 1, 1),
        lambda x: torch.roll(x, (-5, 2), (0, 1)),
        lambda x: torch.roll(x, 7),
        lambda x: x.repeat(2, 1, 3),
        lambda x: x.tile(2),
        lambda x: x.repeat_interleave(2, 0),
        lambda x: torch.movedim(x.unsqueeze(0), 0, 2)), _x(dtype, 3, 4))


def test_flip_roll_repeat_dynamic():
    more = [(_x(torch.float32, 7, 4, seed=1),)]
    check(together(lambda x: torch.flip(x, [0]), lambda x: torch.roll(x, 2, 1), lambda x: x.repeat(2, 3)),
          _x(torch.float32, 3, 4), dynamic_shapes=({0: _batch()},), more=more)


@pytest.mark.parametrize("dtype", DTYPES)
def test_tril_triu(dtype):
    check(together(lambda x: torch.tril(x), lambda x: torch.tril(x, -1), lambda x: torch.triu(x, 2)),
          _x(dtype, 2, 4, 5))


def test_ops_that_core_decomposition_removes():
    """stack / unbind / roll / tril / select_scatter / split.Tensor have converters of their own
    for programs imported without decomposition."""
    x = _x(torch.float32, 3, 4)
    check(together(
        lambda x: torch.stack([x, x * 2], 1),
        lambda x: torch.unbind(x, 1),
        lambda x: torch.roll(x, (1, -1), (0, 1)),
        lambda x: torch.roll(x, 5),
        lambda x: torch.tril(x, 1),
        lambda x: torch.triu(x),
        lambda x: torch.split(x, 3, 1),
        lambda x: torch.select_scatter(x, x[0] * 0, 0, 1)), x, decompose=False)
    more = [(_x(torch.float32, 7, 4, seed=1),)]
    check(together(lambda x: torch.roll(x, -4, 0), lambda x: torch.tril(x, -1)), x, decompose=False,
          dynamic_shapes=({0: _batch()},), more=more)


# ----------------------------------------------------------------------------- padding, windows

@pytest.mark.parametrize("dtype", DTYPES)
def test_constant_pad(dtype):
    check(together(lambda x: torch.nn.functional.pad(x, (1, 2)),
                   lambda x: torch.nn.functional.pad(x, (1, -1, -2, 3), value=1)), _x(dtype, 3, 4))


def test_constant_pad_dynamic():
    check(lambda x: torch.nn.functional.pad(x, (1, -2), value=0.5), _x(torch.float32, 3, 4),
          dynamic_shapes=({0: _batch()},), more=[(_x(torch.float32, 6, 4),)])


@pytest.mark.parametrize("dtype", DTYPES)
def test_unfold(dtype):
    check(together(lambda x: x.unfold(1, 3, 2), lambda x: x.unfold(0, 2, 1), lambda x: x.unfold(-1, 8, 1)),
          _x(dtype, 3, 8))


def test_unfold_dynamic():
    check(lambda x: x.unfold(1, 3, 2), _x(torch.float32, 3, 8), dynamic_shapes=({0: _batch()},),
          more=[(_x(torch.float32, 5, 8),)])
