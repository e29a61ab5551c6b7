"""from_torch reductions against eager PyTorch: sum / mean / prod, amax / amin, max / min with
indices, argmax / argmin (ties, NaN), any / all, var / std, cumsum / cumprod, logsumexp and
softmax; over dtypes, keepdim, rank 0 and a dynamic batch. Each program runs in the
interpreter and compiled."""
from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.utils._pytree as pytree

import shlo
from torch_wrap import Fn

NAN, INF = float("nan"), float("inf")


def _np(t):
    t = t.detach()
    return t.float().numpy() if t.dtype == torch.bfloat16 else t.numpy()


def _same(got, want, rtol, atol):
    want = _np(want) if hasattr(want, "detach") else np.asarray(want)
    got = got.detach() if hasattr(got, "detach") else got
    got = np.asarray(got.float() if hasattr(got, "dtype") and got.dtype == torch.bfloat16 else got)
    assert got.shape == want.shape, (got.shape, want.shape)
    if want.dtype.kind in "biu":
        assert got.dtype == want.dtype, (got.dtype, want.dtype)
        np.testing.assert_array_equal(got, want)
    else:
        np.testing.assert_allclose(got.astype(np.float64), want.astype(np.float64), rtol=rtol, atol=atol)


def check(fn, *args, rtol=1e-5, atol=1e-6, dynamic_shapes=None, runs=()):
    """Exports fn over args, then compares the interpreter and the compiled program with eager
    PyTorch on args and on each extra argument tuple in `runs`."""
    m = Fn(fn)
    prog = shlo.from_torch(m, args, dynamic_shapes=dynamic_shapes)
    compiled = shlo.compile(prog)
    for a in (args, *runs):
        want = pytree.tree_leaves(m(*a))
        interpreted = pytree.tree_leaves(prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*a))))
        native = pytree.tree_leaves(compiled(*a))
        assert len(interpreted) == len(native) == len(want)
        for g, n, w in zip(interpreted, native, want):
            _same(g, w, rtol, atol)
            _same(n, w, rtol, atol)
    return prog


def _x(*shape, dtype=torch.float32, seed=0):
    g = torch.Generator().manual_seed(seed)
    if dtype.is_floating_point:
        return torch.randn(*shape, generator=g).to(dtype)
    if dtype == torch.bool:
        return torch.randint(0, 2, shape, generator=g).bool()
    lo = 0 if dtype == torch.uint8 else -4
    return torch.randint(lo, 5, shape, generator=g).to(dtype)


# ----------------------------------------------------------------------------- sum, mean, prod

@pytest.mark.parametrize("dim,keepdim", [(None, False), (1, False), (1, True), ((0, 2), False), ((0, 2), True),
                                         (-1, True)])
def test_sum_mean_prod_amax_amin_over_dims(dim, keepdim):
    def fn(a):
        if dim is None:
            return a.sum(), a.mean(), a.prod(), a.amax(), a.amin()
        return (a.sum(dim, keepdim=keepdim), a.mean(dim, keepdim=keepdim), a.amax(dim, keepdim=keepdim),
                a.amin(dim, keepdim=keepdim), a.nansum(dim, keepdim=keepdim))
    check(fn, _x(2, 3, 4))


@pytest.mark.parametrize("dtype", [torch.int32, torch.int64, torch.uint8, torch.int8, torch.bool])
def test_integer_and_bool_reductions_are_exact(dtype):
    def fn(a):
        out = [a.sum(), a.sum(1), a.prod(0), a.amax(1), a.amin(), a.max(), a.min(1), a.cumsum(1),
               a.sum(1, dtype=torch.float64), a.any(1), a.all()]
        if dtype != torch.bool:
            out += [a.argmax(1), a.argmin(), a.cumprod(0), a.mean(1, dtype=torch.float32)]
        return out
    check(fn, _x(3, 5, dtype=dtype))


def test_prod_dim_keepdim_and_dtype():
    check(lambda a: (a.prod(1, keepdim=True), a.prod(0, dtype=torch.float64), a.prod()), _x(3, 4) * 0.5 + 1)


@pytest.mark.parametrize("dtype,tol", [(torch.float16, 2e-3), (torch.bfloat16, 1.6e-2)])
def test_low_precision_floats_accumulate_in_f32(dtype, tol):
    # 256 values: an f16 accumulator would drift visibly; PyTorch (and we) accumulate in f32.
    x = _x(4, 256, dtype=dtype)
    check(lambda a: (a.sum(1), a.mean(), a.mean(0, keepdim=True), a.var(1), a.std(0), a.cumsum(1),
                     a.logsumexp(1), a.softmax(1), a.log_softmax(0), a.softmax(1, dtype=torch.float32),
                     a.amax(1), a.argmax(1), a.max(0)),
          x, rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_16_bit_prod_rounds_each_product_like_eager(dtype):
    """Eager's CPU prod of f16 / bf16 multiplies in that type (unlike sum or cumprod), one after
    the other in a short row: bit-equal over rows of 10 and 16, interpreted and compiled (in
    f32: about 1 in 2 of these 600 products 1 ulp off)."""
    g = torch.Generator().manual_seed(5)
    xs = [(1 + torch.randn(300, n, generator=g) * 0.05).to(dtype) for n in (10, 16)]

    def fn(a, b):
        return a.prod(1), b.prod(-1)
    want = fn(*xs)
    prog = shlo.from_torch(Fn(fn), tuple(xs))
    for outs in (prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*xs))), shlo.compile(prog)(*xs)):
        for got, w in zip(outs, want):
            got = np.asarray(got.float() if hasattr(got, "dtype") and got.dtype == torch.bfloat16 else got)
            np.testing.assert_array_equal(got.astype(np.float32), _np(w).astype(np.float32))


def test_float64():
    check(lambda a: (a.sum(1), a.mean(), a.prod(0), a.var(0), a.std(1, keepdim=True), a.cumsum(0),
                     a.cumprod(1), a.softmax(0), a.logsumexp(1), a.argmin(1)),
          _x(3, 4, dtype=torch.float64), rtol=1e-12, atol=1e-12)


def test_rank0():
    check(lambda a: (a.sum(), a.mean(), a.argmax(), a.argmin(0, keepdim=True), a.max(0), a.amax(), a.softmax(0),
                     a.log_softmax(-1), a.cumsum(0), a.logsumexp(0), a.any(), a.var(correction=0)),
          torch.tensor(2.5))


# ----------------------------------------------------------------------------- max / min / argmax / argmin

def test_max_min_dim_values_and_indices_ties_and_nan():
    x = torch.tensor([[1.0, 3.0, NAN, 3.0, NAN],      # NaN wins, first NaN's index
                      [2.0, 2.0, 1.0, 2.0, 0.0],      # ties: the first index
                      [-INF, -INF, -INF, -INF, -INF],  # all at the init value: index 0
                      [INF, 0.0, INF, -0.0, 5.0]])
    check(lambda a: (a.max(1), a.min(1), a.max(0, keepdim=True), a.min(-1, keepdim=True),
                     a.argmax(1), a.argmin(1), a.argmax(0, keepdim=True), a.argmin(0),
                     a.amax(1), a.amin(0), a.max(), a.min()), x)


@pytest.mark.parametrize("keepdim", [False, True])
def test_argmax_argmin_without_dim_flatten(keepdim):
    x = torch.tensor([[3, 7, 1], [7, 0, 1]])
    check(lambda a: (torch.argmax(a, keepdim=keepdim), torch.argmin(a, keepdim=keepdim),
                     torch.argmax(a.float(), keepdim=keepdim)), x)


def test_max_dim_bool_values():
    check(lambda a: (a.max(1), a.min(0, keepdim=True)), torch.tensor([[False, True, True], [False, False, False]]))


# ----------------------------------------------------------------------------- any / all

@pytest.mark.parametrize("dtype", [torch.bool, torch.float32, torch.uint8, torch.int64])
def test_any_all_dim_dims_default(dtype):
    x = (_x(3, 4, 2, dtype=torch.int64) > 0).to(dtype) if dtype != torch.float32 else \
        torch.tensor([[0.0, NAN], [0.0, 0.0], [-0.0, 2.0]])
    if dtype == torch.float32:
        fn = lambda a: (a.any(), a.all(), a.any(1), a.all(0, keepdim=True), a.any((0, 1)))  # noqa: E731
    else:
        fn = lambda a: (a.any(), a.all(), a.any(1), a.all(2, keepdim=True), a.any((0, 2)),  # noqa: E731
                        a.all((0, 1), keepdim=True))
    check(fn, x)


# ----------------------------------------------------------------------------- variance

@pytest.mark.parametrize("correction", [0, 1, 2])
@pytest.mark.parametrize("keepdim", [False, True])
def test_var_std_var_mean_corrections(correction, keepdim):
    x = _x(3, 4, 5)
    check(lambda a: (torch.var(a, 1, correction=correction, keepdim=keepdim),
                     torch.std(a, (0, 2), correction=correction, keepdim=keepdim),
                     torch.var_mean(a, -1, correction=correction, keepdim=keepdim),
                     torch.std_mean(a, None, correction=correction, keepdim=keepdim)), x)


def test_var_default_and_degenerate_sizes():
    # one element and correction 1: n - correction = 0 gives inf/nan as in PyTorch
    check(lambda a: (a.var(), a.std(0, unbiased=False), a.var(1), a[:, :1].var(1)), _x(3, 4))


# ----------------------------------------------------------------------------- cumulative

@pytest.mark.parametrize("dim", [0, 1, -1])
def test_cumsum_cumprod_dims_and_dtype(dim):
    x = _x(3, 4, 5) * 0.5 + 1
    check(lambda a: (a.cumsum(dim), a.cumprod(dim), a.cumsum(dim, dtype=torch.float64),
                     a.cumprod(dim, dtype=torch.float64), (a > 1).cumsum(dim), a.int().cumsum(dim),
                     a.int().cumprod(dim, dtype=torch.int64)), x)


def test_cumsum_of_length_one_dim():
    check(lambda a: (a.cumsum(1), a.cumprod(0)), _x(1, 1, 3))


# ----------------------------------------------------------------------------- logsumexp, softmax

def test_logsumexp_with_infinities():
    x = torch.tensor([[-INF, -INF, -INF], [1.0, INF, 2.0], [1.0, 2.0, 3.0], [1000.0, 1000.0, -5.0]])
    check(lambda a: (a.logsumexp(1), a.logsumexp(0, keepdim=True), a.logsumexp((0, 1)),
                     a[2:].int().logsumexp(1)), x)


@pytest.mark.parametrize("dim", [0, 1, 2, -1])
def test_softmax_log_softmax_over_dims(dim):
    x = _x(2, 3, 4) * 10
    check(lambda a: (torch.softmax(a, dim), torch.log_softmax(a, dim), torch.nn.functional.softmin(a, dim)), x)


def test_softmax_rows_of_minus_inf_and_large_values():
    x = torch.tensor([[-INF, -INF], [1e4, -1e4], [0.0, -INF]])
    check(lambda a: (a.softmax(1), a.log_softmax(1)), x)


def test_softmax_half_to_float():
    x = _x(3, 8, dtype=torch.float16)
    prog = shlo.from_torch(Fn(lambda a: (torch.ops.aten._softmax(a, 1, True),
                                         torch.ops.aten._log_softmax(a, 0, True))), (x,))
    got = shlo.interpret(prog, *prog.flatten_inputs(x))
    assert [g.dtype for g in got] == [np.float32, np.float32]
    np.testing.assert_allclose(got[0], x.float().softmax(1).numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(got[1], x.float().log_softmax(0).numpy(), rtol=1e-5, atol=1e-6)
    native = shlo.compile(prog)(x)
    np.testing.assert_allclose(np.asarray(native[0]), x.float().softmax(1).numpy(), rtol=1e-5, atol=1e-6)



@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_16_bit_log_softmax_and_softmax_match_eager_bits(dtype):
    """Eager's last-dimension log_softmax of a 16-bit tensor rounds the sum and its log to the
    16-bit type; over another dimension, and softmax over the last, it keeps them in f32.
    Bit-equal, interpreted and compiled (the sum in f32 everywhere: 1 in 15 last-dimension
    elements 1 ulp off). Not softmax over another dimension: eager's columns left over by its
    vector width and thread split round exp(x - max) first, so its bits depend on the thread count."""
    x = (torch.randn(30, 100, generator=torch.Generator().manual_seed(4)) * 3).to(dtype)

    def fn(a):
        return a.log_softmax(1), a.log_softmax(0), a.softmax(1)
    want = fn(x)
    prog = shlo.from_torch(Fn(fn), (x,))
    for outs in (prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(x))), shlo.compile(prog)(x)):
        for k, (got, w) in enumerate(zip(outs, want)):
            got = np.asarray(got.float() if hasattr(got, "dtype") and got.dtype == torch.bfloat16 else got)
            np.testing.assert_array_equal(got.astype(np.float32), _np(w).astype(np.float32), err_msg=str(k))

# ----------------------------------------------------------------------------- dynamic batch

def test_dynamic_batch():
    batch = torch.export.Dim("batch", min=2, max=64)

    def fn(a):
        return (a.sum(0), a.sum(), a.mean(1, keepdim=True), a.mean(0), a.softmax(0), a.log_softmax(1),
                a.var(0), torch.std_mean(a, 0), a.argmax(0), a.argmax(), a.max(1), a.amin(0), a.cumsum(1), a.logsumexp(0),
                a.any(0), a.cumsum(0), a.cumprod(0))      # scans along the dynamic dim: a triangle mask
    prog = check(fn, _x(3, 5), dynamic_shapes=(({0: batch},),), runs=((_x(7, 5, seed=1),), (_x(2, 5, seed=2),)))
    assert "?x5" in str(prog)


def test_complex_sum_mean_prod_cumsum_var():
    x = torch.randn(3, 4, dtype=torch.complex64, generator=torch.Generator().manual_seed(0))
    check(lambda a: (a.sum(1), a.mean(0), a.prod(1), a.cumsum(1), torch.var(a, 1), torch.var_mean(a, 0)), x,
          rtol=1e-5, atol=1e-5)
