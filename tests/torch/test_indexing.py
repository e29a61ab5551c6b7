"""Indexing ATen ops from PyTorch: gather / scatter family, advanced indexing, index_put,
index_select, embedding, *_scatter views, diagonal, as_strided, masked_scatter, nonzero;
interpreted and compiled, against eager PyTorch."""
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


def check(fn, *args, dynamic_shapes=None, more=()):
    """Imports fn(*args); interpret and compile agree with eager torch, also at `more` argument sets.
    fn may return nested tuples (several checks made `together`)."""
    m = Fn(fn)
    prog = shlo.from_torch(m, args, dynamic_shapes=None if dynamic_shapes is None else (dynamic_shapes,))
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
I2 = torch.tensor([[0, 3, 1], [2, 2, 0], [1, 0, 3]])


# ----------------------------------------------------------------------------- gather / scatter

@pytest.mark.parametrize("dtype", DTYPES)
def test_gather(dtype):
    check(lambda x, y, z, i, k: (torch.gather(x, 1, i), torch.gather(y, 0, i), torch.gather(z, -1, k)),
          _x(dtype, 3, 4), _x(dtype, 4, 5), _x(dtype, 2, 3, 4), I2, torch.tensor([[[0, 3], [1, 1]]]))


def test_gather_dynamic_batch():
    b = torch.export.Dim("b", min=2, max=32)
    check(lambda x, i: torch.gather(x, 1, i), _x(torch.float32, 4, 6), torch.randint(0, 6, (4, 3)),
          dynamic_shapes=({0: b}, {0: b}),
          more=[(_x(torch.float32, 7, 6, seed=1), torch.randint(0, 6, (7, 3)))])


U = torch.tensor([[0, 3], [2, 1], [1, 0]])   # unique per row: replacement is deterministic


@pytest.mark.parametrize("dtype", DTYPES)
def test_scatter_src_and_value(dtype):
    check(lambda x, y, i, s, t: (x.scatter(1, i, s), x.scatter(1, i, 1), y.scatter(0, i.t(), t)),
          _x(dtype, 3, 4), _x(dtype, 4, 3), U, _x(dtype, 3, 5, seed=1), _x(dtype, 2, 3, seed=1))


@pytest.mark.parametrize("dtype", [torch.float32, torch.int64])
def test_scatter_reduce_forms(dtype):
    x, s = _x(dtype, 3, 4), _x(dtype, 3, 3, seed=1)
    check(together(
        lambda x, i, s: x.scatter(1, i, s, reduce="add"),
        lambda x, i, s: x.scatter(1, i, s, reduce="multiply"),
        lambda x, i, s: x.scatter(1, i, 2, reduce="add"),
        lambda x, i, s: x.scatter(1, i, 3, reduce="multiply"),
        lambda x, i, s: x.scatter_add(1, i, s)), x, I2, s)


def test_scatter_add_bool():
    check(lambda x, i, s: x.scatter_add(0, i, s), _x(torch.bool, 5), torch.tensor([1, 1, 4]),
          torch.tensor([True, False, True]))


@pytest.mark.parametrize("include_self", [True, False])
@pytest.mark.parametrize("dtype", [torch.float32, torch.int64])
def test_scatter_reduce(include_self, dtype):
    x, s = _x(dtype, 3, 5), _x(dtype, 3, 3, seed=1)
    px, ps = (x % 7, s % 5) if dtype == torch.int64 else (x, s)      # int64 products that fit

    def reduce(how, x, i, s):
        return x.scatter_reduce(1, i, s, how, include_self=include_self)

    check(lambda x, i, s, px, ps: (reduce("sum", x, i, s), reduce("prod", px, i, ps), reduce("mean", x, i, s),
                                   reduce("amax", x, i, s), reduce("amin", x, i, s)), x, I2, s, px, ps)


def test_scatter_reduce_bool_amax():
    check(lambda x, i, s: x.scatter_reduce(0, i, s, "amax", include_self=False), _x(torch.bool, 5),
          torch.tensor([1, 1, 3]), torch.tensor([True, False, False]))


def test_scatter_and_index_reduce_of_0d_tensors():
    x, s, i = torch.tensor(2.5), torch.tensor(-4.0), torch.tensor(0)
    check(lambda x, i, s: x.scatter_reduce(0, i, s, "amin", include_self=True), x, i, s)
    check(lambda x, i, s: x.index_reduce(0, i.reshape(1), s, "mean", include_self=False), x, i, s)
    check(lambda x, i, s: (x.scatter_add(0, i, s), x.scatter(0, i, s)), x, i, s)    # (OpInfo scatter_add sample 6)


def test_reads_from_an_empty_tensor():
    """x with no element and no index (OpInfo take sample 6): an empty result, as eager's."""
    x, i = torch.zeros(0, 3), torch.zeros(0, dtype=torch.int64)
    check(lambda x, i: (x.reshape(-1)[i], torch.take(x, i), x[i], x[:, i.clamp(0, 2)], torch.index_select(x, 0, i),
                        torch.gather(x, 0, i.reshape(0, 1).expand(0, 3))), x, i)


# ----------------------------------------------------------------------------- advanced indexing

@pytest.mark.parametrize("dtype", DTYPES)
def test_index_tensor(dtype):
    x = _x(dtype, 4, 5, 6)
    i, j = torch.tensor([2, -1, 0]), torch.tensor([[1], [4]])
    check(together(
        lambda x, i, j: x[i],
        lambda x, i, j: x[:, i],
        lambda x, i, j: x[i, j],                                 # broadcast to 2x3, adjacent
        lambda x, i, j: x[:, i, j],                              # adjacent, after a slice
        lambda x, i, j: x[i, :, j],                              # separated: batch first
        lambda x, i, j: x[None, :, i],
        lambda x, i, j: x[..., i]), x, i, j)


def test_index_dynamic_batch():
    b = torch.export.Dim("b", min=2, max=32)
    check(lambda x, i: x[:, i], _x(torch.float32, 4, 6), torch.tensor([5, 0, -2]), dynamic_shapes=({0: b}, None),
          more=[(_x(torch.float32, 9, 6, seed=2), torch.tensor([1, 1, -1]))])


def test_index_put():
    x = _x(torch.float32, 4, 5)
    i = torch.tensor([2, 0])
    dup = torch.tensor([1, 1, 3, -1])
    check(lambda x, i, u, v, w, d, acc: (torch.ops.aten.index_put(x, [i], u),
                                         torch.ops.aten.index_put(x, [None, i], v),
                                         torch.ops.aten.index_put(x, [i, i], w),
                                         torch.ops.aten.index_put(x, [d], acc, accumulate=True)),
          x, i, _x(torch.float32, 2, 5, seed=1), _x(torch.float32, 4, 1, seed=1), _x(torch.float32, 2, seed=1), dup,
          _x(torch.float32, 4, 5, seed=1))
    check(lambda x, b, i, v: (torch.ops.aten.index_put(x, [i], torch.tensor(7), accumulate=True),
                              torch.ops.aten.index_put(b, [i], v, accumulate=True)),
          _x(torch.int64, 6), _x(torch.bool, 6), dup, torch.tensor([True, False, False, True]))


def test_setitem_patterns():
    def set_cols(x, i):
        y = x.clone()
        y[:, i] = 1.0
        return y

    def add_rows(x, i):
        y = x.clone()
        y[i, 1:] += 1.0
        return y

    def set_mask(x):
        y = x.clone()
        y[y > 0] = 0.5
        return y

    def set_mask_cols(x):
        y = x.clone()
        y[:, x[0] > 0] = torch.tensor(7.0)
        return y

    def set_mask_values(x, v):
        y = x.clone()
        y[x > 0] = v
        return y

    x = torch.tensor([[1.0, -2.0, 3.0], [-1.0, 0.5, -0.5]])
    check(lambda x, i, j, v: (set_cols(x, i), add_rows(x, j), set_mask(x), set_mask_cols(x), set_mask_values(x, v)),
          x, torch.tensor([0, 2]), torch.tensor([1]), torch.tensor([10.0, 20.0, 30.0]))

    def set_rows(x, m, v):
        y = x.clone()
        y[m] = v
        return y

    rows = torch.tensor([True, False, True, True])
    x4 = _x(torch.int64, 4, 3)
    check(lambda x, m, s, r, v, c: (set_rows(x, m, s),                         # scalar
                                    set_rows(x, m, r),                         # one row for every True
                                    set_rows(x, m, v),                         # a row per True
                                    torch.ops.aten.index_put(x, [m], c, accumulate=True)),
          x4, rows, torch.tensor(5), torch.tensor([1, 2, 3]), torch.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]]),
          torch.tensor([[1], [2], [3]]))


@pytest.mark.parametrize("dtype", DTYPES)
def test_index_select_and_embedding(dtype):
    check(lambda x, i, j, k: (x.index_select(1, i), x.index_select(0, j), torch.nn.functional.embedding(k, x)),
          _x(dtype, 4, 5), torch.tensor([4, 0, 0, 2]), torch.tensor(3), torch.tensor([[3, 0], [1, 1], [2, 3]]))


def test_index_select_and_embedding_dynamic():
    b = torch.export.Dim("b", min=2, max=32)
    check(lambda x, i: x.index_select(1, i), _x(torch.float32, 3, 5), torch.tensor([4, 0]),
          dynamic_shapes=({0: b}, None), more=[(_x(torch.float32, 8, 5, seed=3), torch.tensor([1, 2]))])
    emb = torch.nn.Embedding(10, 4, padding_idx=0, max_norm=1.5)     # max_norm: the named rows renormalized
    n = torch.export.Dim("n", min=2, max=64)
    prog = shlo.from_torch(emb, (torch.tensor([[1, 0, 9]]),), dynamic_shapes=({1: n},))
    i = torch.tensor([[5, 0, 3, 3, 9, 1]])
    _same(shlo.compile(prog)(i), emb(i))


def test_embedding_dense_backward():
    g = _x(torch.float32, 2, 3, 4)
    i = torch.tensor([[1, 3, 1], [0, 4, 1]])
    check(together(lambda g, i: torch.ops.aten.embedding_dense_backward(g, i, 6, 1, False),
                   lambda g, i: torch.ops.aten.embedding_dense_backward(g, i, 5, -1, True)), g, i)


# ----------------------------------------------------------------------------- views written back

@pytest.mark.parametrize("dtype", DTYPES)
def test_slice_select_diagonal_scatter(dtype):
    check(lambda x, s43, s26, s4, s6, s2: (torch.slice_scatter(x, s43, 1, 1, 4),
                                           torch.slice_scatter(x, s43, 1, 1, None, 2),
                                           torch.slice_scatter(x, s26, 0, -2),
                                           torch.select_scatter(x, s4, 1, -1),
                                           torch.ops.aten.select_scatter(x, s6, 0, 2),
                                           torch.diagonal_scatter(x, s4, 1),
                                           torch.diagonal_scatter(x, s2, -2)),
          _x(dtype, 4, 6), _x(dtype, 4, 3, seed=1), _x(dtype, 2, 6, seed=1), _x(dtype, 4, seed=1),
          _x(dtype, 6, seed=1), _x(dtype, 2, seed=1))


def test_slice_scatter_dynamic():
    b = torch.export.Dim("b", min=2, max=32)
    check(lambda x, s: torch.slice_scatter(x, s, 1, 2, 5), _x(torch.float32, 3, 6), _x(torch.float32, 3, 3),
          dynamic_shapes=({0: b}, {0: b}), more=[(_x(torch.float32, 5, 6, seed=1), _x(torch.float32, 5, 3))])


@pytest.mark.parametrize("dtype", DTYPES)
def test_diagonal(dtype):
    check(together(
        lambda x: torch.diagonal(x),
        lambda x: torch.diagonal(x, 2, 1, 2),
        lambda x: torch.diagonal(x, -1, 2, 0),
        lambda x: torch.diagonal(x, 7, 1, 2),                   # empty diagonal
        lambda x: torch.diag(x[0])), _x(dtype, 3, 4, 5))


def test_as_strided():
    x = _x(torch.float32, 3, 4)
    check(lambda x, s: (torch.as_strided(x, (2, 2), (1, 4), 1),
                        torch.as_strided(x, (3, 3), (4, 1)),
                        torch.as_strided(x, (4, 2), (1, 1), 2),         # overlapping reads
                        torch.as_strided_scatter(x, s, (2, 2), (1, 4), 1)), x, _x(torch.float32, 2, 2, seed=1))


def test_masked_scatter():
    x = _x(torch.float32, 3, 4)
    check(lambda x, s: x.masked_scatter(x > 0, s), x, torch.arange(12.0).reshape(3, 4))
    check(lambda x, m, s: x.masked_scatter(m, s), _x(torch.int64, 2, 3), torch.tensor([True, False, True]),
          torch.arange(10))


def test_nonzero():
    x = torch.tensor([[0.0, 1.0, 0.0], [2.0, 0.0, 3.0]])
    check(together(lambda x: torch.nonzero_static(x, size=4),
                   lambda x: torch.nonzero_static(x, size=2, fill_value=-5),
                   lambda x: torch.nonzero_static(x > 0.5, size=6)), x)


def test_scatter_family_dynamic_batch():
    b = torch.export.Dim("b", min=2, max=32)
    x, i, s = _x(torch.float32, 4, 5), torch.randint(0, 5, (4, 3)), _x(torch.float32, 4, 3, seed=1)
    more = [(_x(torch.float32, 7, 5, seed=2), torch.randint(0, 5, (7, 3)), _x(torch.float32, 7, 3, seed=3))]
    ds = ({0: b}, {0: b}, {0: b})
    check(together(lambda x, i, s: x.scatter_add(1, i, s),
                   lambda x, i, s: x.scatter_reduce(1, i, s, "mean", include_self=False),
                   lambda x, i, s: x.scatter(1, i[:, :1], s)), x, i, s, dynamic_shapes=ds, more=more)


def test_index_put_and_diagonal_dynamic_batch():
    b = torch.export.Dim("b", min=2, max=32)
    check(lambda x, i, v: torch.ops.aten.index_put(x, [None, i], v, accumulate=True), _x(torch.float32, 3, 5),
          torch.tensor([4, 0, 4]), _x(torch.float32, 3, 3, seed=1), dynamic_shapes=({0: b}, None, {0: b}),
          more=[(_x(torch.float32, 6, 5), torch.tensor([1, 2, 2]), _x(torch.float32, 6, 3, seed=4))])
    check(lambda x: torch.diagonal(x, 1, 1, 2), _x(torch.float32, 3, 4, 5), dynamic_shapes=({0: b},),
          more=[(_x(torch.float32, 6, 4, 5),)])
    check(lambda x: torch.diagonal(x, 0, 0, 1), _x(torch.float32, 3, 4), dynamic_shapes=({0: b},),
          more=[(_x(torch.float32, 6, 4),)])


def test_other_index_dtypes():
    x = _x(torch.bfloat16, 4, 5)
    i32 = torch.tensor([[3, 0], [1, 1]], dtype=torch.int32)
    prog = shlo.from_torch(Fn(lambda x, i: x[i]), (x, i32))
    np.testing.assert_array_equal(np.asarray(shlo.compile(prog)(x, i32)).astype(np.float32),
                                  x[i32].float().numpy())
    check(lambda x, i: x[:, i], _x(torch.float32, 4, 5), i32)
    check(lambda x: torch.ops.aten.index_put(x, [torch.tensor(1)], torch.tensor(2.0)), _x(torch.float32, 3, 2))


def test_unsupported_are_errors():
    with pytest.raises(shlo.ImportError, match="as_strided reads outside"):
        shlo.from_torch(Fn(lambda x: torch.as_strided(x, (3, 3), (4, 1), 4)), (torch.randn(3, 4),))


@pytest.mark.parametrize("dtype", [torch.float32, torch.int64])
def test_index_add_fill_copy_take(dtype):
    x = _x(dtype, 4, 5)
    i = torch.tensor([3, 0, 3])
    check(lambda x, i, s3, s2, t, a: (x.index_add(1, i, s3), x.index_fill(0, i, 2), x.index_copy(1, i[:2], s2),
                                      torch.take(x, t), torch.take_along_dim(x, a, 1)),
          x, i, _x(dtype, 4, 3, seed=1), _x(dtype, 4, 2, seed=1), torch.tensor([[19, 0], [-1, 7]]),
          torch.tensor([[4, 0], [1, 1], [2, 3], [0, 0]]))


# ----------------------------------------------------------------------------- put, histc, bilinear

def test_put_replaces_or_accumulates_at_flat_positions():
    x = torch.arange(12.0).reshape(3, 4)
    check(lambda x, i, s, j, t: (x.put(i, s), x.put(j, t, accumulate=True)),
          x, torch.tensor([[0, 5], [-1, 7]]), torch.tensor([10.0, 20.0, 30.0, 40.0]), torch.tensor([1, 1, -12]),
          torch.tensor([1.5, 2.0, 3.0]))


def test_histc_explicit_and_data_ranges():
    x = torch.tensor([[0.0, 1.0, 2.5, 10.0], [-1.0, 9.99, float("nan"), 5.0]])
    check(lambda x, y, z: (torch.histc(x, bins=4, min=0, max=10), torch.histc(y, bins=7),
                           torch.histc(z, bins=3)),                                      # z: empty range, +-1
          x, torch.tensor([3.0, -2.0, 0.5, 7.25, 3.0]), torch.full((5,), 2.0, dtype=torch.float64),
          dynamic_shapes=(None, {0: torch.export.Dim("n", min=2, max=64)}, None),    # y: a run-time length
          more=[(x, torch.tensor([1.0, 4.0, -3.0, 2.0, 2.0, 8.5, 0.0, 1.0]), torch.full((5,), 2.0, dtype=torch.float64))])


def test_bilinear_as_trilinear():
    a, b = torch.randn(6, 3), torch.randn(6, 4)
    w, bias = torch.randn(5, 3, 4), torch.randn(5)
    check(lambda a, b, w, bias: torch.nn.functional.bilinear(a, b, w, bias), a, b, w, bias)
    check(lambda a, b, w: torch.nn.functional.bilinear(a, b, w), a.double(), b.double(), w.double())
