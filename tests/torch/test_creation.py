"""from_torch's creation and random ops: arange, full / zeros / ones / empty and their _like /
new_ forms, linspace / logspace, eye (exactly as eager PyTorch, interpreted and compiled), and
the random ops (shapes, dtypes, ranges and statistics; the numbers are shlo's own, see the seed
rule in ops/creation.py)."""
from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.utils._pytree as pytree

import shlo
from torch_wrap import Fn


def _run(fn, *args, dynamic_shapes=None, train=False):
    """(interpreted, compiled) outputs of fn exported with args, as lists of numpy arrays."""
    m = Fn(fn).train(train)
    prog = shlo.from_torch(m, args, dynamic_shapes=dynamic_shapes)
    got = prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*args)))
    comp = shlo.compile(prog)(*args)
    return ([np.asarray(a) for a in pytree.tree_leaves(got)], [np.asarray(a) for a in pytree.tree_leaves(comp)])


def _check(fn, *args, dynamic_shapes=None, rtol=1e-6):
    want = [w.numpy() for w in pytree.tree_leaves(fn(*args))]
    for outs in _run(fn, *args, dynamic_shapes=dynamic_shapes):
        assert len(outs) == len(want)
        for got, w in zip(outs, want):
            assert got.dtype == w.dtype and got.shape == w.shape
            if w.dtype.kind in "iub":
                np.testing.assert_array_equal(got, w)
            else:
                np.testing.assert_allclose(got, w, rtol=rtol, atol=1e-6)


X = torch.randn(3, 4)


@pytest.mark.parametrize("fn", [
    lambda x: torch.arange(4) + x.long(),
    lambda x: torch.arange(2, 11, 3),
    lambda x: torch.arange(10, 0, -3),
    lambda x: torch.arange(0.5, 3.0, 0.25),
    lambda x: torch.arange(-1.0, 1.0, 0.1),
    lambda x: torch.arange(4, dtype=torch.float32),
    lambda x: torch.arange(1, 7, 2, dtype=torch.int32),
    lambda x: torch.arange(x.shape[1]) * x,
], ids=["default", "start_step", "negative_step", "float", "float_tenth", "dtype", "int32", "from_size"])
def test_arange(fn):
    _check(fn, X)


@pytest.mark.parametrize("fn", [
    lambda x: torch.full((2, 3), 1.5),
    lambda x: torch.full((2,), 7, dtype=torch.int64),
    lambda x: torch.full((2, 2), True),
    lambda x: torch.full_like(x, 2),
    lambda x: torch.full_like(x, 3, dtype=torch.int32),
    lambda x: (torch.zeros(2, 3), torch.ones(4, dtype=torch.int32), torch.zeros_like(x), torch.ones_like(x)),
    lambda x: (x.new_full((2,), 3.0), x.new_zeros((2, 1)), x.new_ones((3,))),
    lambda x: torch.scalar_tensor(3.0) + x,
], ids=["full", "full_int", "full_bool", "full_like", "full_like_dtype", "zeros_ones", "new", "scalar_tensor"])
def test_full(fn):
    _check(fn, X)


@pytest.mark.parametrize("fn", [
    lambda x: torch.empty(2, 3),
    lambda x: torch.empty_like(x),
    lambda x: torch.empty_strided((2, 3), (3, 1)),
    lambda x: torch.empty_permuted((2, 3), (1, 0)),
    lambda x: x.new_empty((4,)),
    lambda x: x.new_empty_strided((2, 2), (2, 1), dtype=torch.int32),
], ids=["empty", "empty_like", "empty_strided", "empty_permuted", "new_empty", "new_empty_strided"])
def test_empty_has_the_shape_and_dtype(fn):
    want = fn(X)
    for outs in _run(fn, X):
        assert outs[0].shape == tuple(want.shape) and outs[0].dtype == want.numpy().dtype


@pytest.mark.parametrize("fn", [
    lambda x: torch.linspace(-1, 2, 7),
    lambda x: torch.linspace(0, 1, 1),
    lambda x: torch.linspace(3, -3, 10, dtype=torch.float64),
    lambda x: torch.linspace(0, 10, 4, dtype=torch.int64),
    lambda x: torch.logspace(0, 2, 5),
    lambda x: torch.logspace(-1, 1, 3, base=2.0),
    lambda x: torch.eye(3),
    lambda x: torch.eye(2, 4, dtype=torch.int32),
], ids=["linspace", "linspace_one", "linspace_f64", "linspace_int", "logspace", "logspace_base2", "eye", "eye_rect"])
def test_linspace_logspace_eye(fn):
    _check(fn, X, rtol=1e-5)


def test_undecomposed_creation_ops():
    """With decompose=False linspace, eye and zeros reach their own converters."""
    fn = lambda x: (torch.linspace(-1, 2, 7), torch.eye(3), torch.zeros(2, dtype=torch.int32) + 1)  # noqa: E731
    prog = shlo.from_torch(Fn(fn), (X,), decompose=False)
    got = prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(X)))
    for g, w in zip(pytree.tree_leaves(got), pytree.tree_leaves(fn(X))):
        np.testing.assert_allclose(np.asarray(g), w.numpy(), rtol=1e-6)


def test_dynamic_sizes():
    fn = lambda x: (torch.arange(x.shape[0]) * 2 + 1, torch.full((x.shape[0], 2), 3.0), torch.zeros_like(x))  # noqa: E731
    m = Fn(fn)
    prog = shlo.from_torch(m, (X,), dynamic_shapes=(({0: torch.export.Dim("n", min=2, max=64)},),))
    for x in (X, torch.randn(9, 4)):
        got = prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(x)))
        comp = shlo.compile(prog)(x)
        for g, c, w in zip(pytree.tree_leaves(got), pytree.tree_leaves(comp), pytree.tree_leaves(fn(x))):
            np.testing.assert_array_equal(np.asarray(g), w.numpy())
            np.testing.assert_array_equal(np.asarray(c), w.numpy())


# ----------------------------------------------------------------------------- random


def _random(fn, *args, train=False):
    """The interpreted outputs, after checking that compile draws the same numbers."""
    interp, comp = _run(fn, *args, train=train)
    for a, b in zip(interp, comp):
        assert a.dtype == b.dtype and a.shape == b.shape
        if a.dtype.kind in "iub":
            np.testing.assert_array_equal(a, b)
        else:
            np.testing.assert_allclose(a.astype(np.float64), b.astype(np.float64), rtol=1e-4, atol=1e-5)
    return interp


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.float16, torch.bfloat16])
def test_rand_is_uniform_in_0_1(dtype):
    (u, like) = _random(lambda x: (torch.rand(200, 50, dtype=dtype), torch.rand_like(x, dtype=dtype)), X)
    assert u.shape == (200, 50) and like.shape == (3, 4)
    assert u.dtype == torch.empty(0, dtype=dtype).numpy().dtype if dtype != torch.bfloat16 else True
    u = u.astype(np.float64)
    assert u.min() >= 0.0 and u.max() < 1.0
    assert abs(u.mean() - 0.5) < 0.02 and abs(u.std() - 0.2887) < 0.02


def test_randn_normal_uniform_exponential_statistics():
    z, zl, n, un, e, nt = _random(lambda x: (
        torch.randn(100, 100), torch.randn_like(x), torch.empty(10000).normal_(1.0, 2.0),
        torch.empty(10000).uniform_(-2.0, 3.0), torch.empty(10000).exponential_(2.0),
        torch.normal(torch.full((10000,), 5.0), 0.5)), X)
    assert z.shape == (100, 100) and zl.shape == (3, 4) and z.dtype == np.float32
    assert abs(z.mean()) < 0.05 and abs(z.std() - 1.0) < 0.05
    assert abs(n.mean() - 1.0) < 0.1 and abs(n.std() - 2.0) < 0.1
    assert un.min() >= -2.0 and un.max() < 3.0 and abs(un.mean() - 0.5) < 0.1
    assert e.min() >= 0.0 and abs(e.mean() - 0.5) < 0.03
    assert abs(nt.mean() - 5.0) < 0.03 and abs(nt.std() - 0.5) < 0.03


def test_cauchy_log_normal_geometric_rrelu_draws():
    c, ln, g, gi, r, noise = _random(lambda x: (
        torch.empty(20000).cauchy_(1.0, 0.5), torch.empty(10000).log_normal_(0.5, 0.25),
        torch.empty(10000).geometric_(0.25), torch.zeros(1000, dtype=torch.int32).geometric_(0.5),
        torch.ops.aten.rrelu_with_noise_functional(torch.full((1000,), -2.0), torch.zeros(1000), 0.1, 0.3, True)), X)
    assert abs(np.median(c) - 1.0) < 0.05 and abs(np.median(np.abs(c - 1.0)) - 0.5) < 0.05
    assert ln.min() > 0 and abs(np.log(ln).mean() - 0.5) < 0.02 and abs(np.log(ln).std() - 0.25) < 0.02
    assert g.min() >= 1 and np.all(g == np.round(g)) and abs(g.mean() - 4.0) < 0.2
    assert gi.dtype == np.int32 and gi.min() >= 1 and abs(gi.mean() - 2.0) < 0.15
    assert np.all((r >= -0.6) & (r <= -0.2)) and np.allclose(r, -2.0 * noise) and abs(noise.mean() - 0.2) < 0.01


def test_rrelu_outside_training_is_leaky_relu():
    x = torch.linspace(-3, 3, 13)
    _check(lambda x: torch.ops.aten.rrelu_with_noise_functional(x, torch.zeros(13), 0.1, 0.3, False), x)


def test_randint_randperm():
    r, r32, rl, p = _random(lambda x: (torch.randint(3, 9, (2000,)), torch.randint(5, (50,), dtype=torch.int32),
                                       torch.randint_like(x, 2, 4), torch.randperm(37)), X)
    assert r.dtype == np.int64 and r32.dtype == np.int32 and rl.dtype == np.float32
    assert set(np.unique(r)) == set(range(3, 9))
    assert r32.min() >= 0 and r32.max() < 5
    assert set(np.unique(rl)) <= {2.0, 3.0}
    assert p.dtype == np.int64 and sorted(p.tolist()) == list(range(37)) and p.tolist() != list(range(37))


def test_bernoulli_and_dropout():
    x = torch.randn(100, 100)
    b, bt, keep_out, mask = _random(lambda x: (x.bernoulli(0.3), torch.bernoulli(torch.full_like(x, 0.8)),
                                               *torch.native_dropout(x, 0.25, True)), x)
    assert set(np.unique(b)) == {0.0, 1.0} and abs(b.mean() - 0.3) < 0.02
    assert abs(bt.mean() - 0.8) < 0.02
    assert mask.dtype == np.bool_ and abs(mask.mean() - 0.75) < 0.02
    np.testing.assert_allclose(keep_out, np.where(mask, x.numpy() / 0.75, 0.0), rtol=1e-6)


def test_dropout_in_a_training_module():
    m = torch.nn.Sequential(torch.nn.Dropout(0.5)).train()
    x = torch.ones(50, 40)
    prog = shlo.from_torch(m, (x,))
    y = np.asarray(shlo.interpret(prog, *prog.flatten_inputs(x))[0])
    assert set(np.unique(y)) == {0.0, 2.0} and abs((y == 0).mean() - 0.5) < 0.05
    m.eval()
    prog = shlo.from_torch(m, (x,))
    np.testing.assert_array_equal(np.asarray(shlo.interpret(prog, *prog.flatten_inputs(x))[0]), x.numpy())


def test_seed_rule():
    """Deterministic per program; every random op its own stream; torch.manual_seed picks another program.
    The seed is read at import, so one export (decomposed once) is imported three times."""
    fn = lambda x: (torch.rand(8), torch.rand(8))  # noqa: E731
    ep = torch.export.export(Fn(fn), (X,)).run_decompositions()

    def draw(compile=False):
        prog = shlo.from_torch(ep, decompose=False)
        got = [np.asarray(a) for a in shlo.interpret(prog, *prog.flatten_inputs(X))]
        if compile:   # the compiled program draws the same numbers
            for g, c in zip(got, pytree.tree_leaves(shlo.compile(prog)(X))):
                np.testing.assert_allclose(np.asarray(c), g, rtol=1e-6)
        return got
    torch.manual_seed(1)
    a1, a2 = draw(compile=True)
    b1, b2 = draw()
    assert not np.array_equal(a1, a2)
    np.testing.assert_array_equal(a1, b1)
    np.testing.assert_array_equal(a2, b2)
    torch.manual_seed(2)
    c1, _ = draw()
    assert not np.array_equal(a1, c1)


def test_random_with_symbolic_sizes_is_an_error():
    fn = lambda x: torch.rand_like(x)  # noqa: E731
    with pytest.raises(shlo.ImportError, match="symbolic sizes"):
        shlo.from_torch(Fn(fn), (X,), dynamic_shapes=(({0: torch.export.Dim("n", min=2, max=64)},),))


@pytest.mark.parametrize("replacement", [False, True])
def test_multinomial(replacement):
    weights = torch.tensor([[1.0, 0.0, 3.0, 6.0], [0.0, 5.0, 5.0, 0.0]])
    if replacement:
        (s,) = _random(lambda w: (torch.multinomial(w, 4000, replacement=True),), weights)
        assert s.shape == (2, 4000) and s.dtype == np.int64
        freq = np.stack([np.bincount(r, minlength=4) / 4000 for r in s])
        np.testing.assert_allclose(freq, (weights / weights.sum(1, keepdim=True)).numpy(), atol=0.03)
    else:
        (s, one) = _random(lambda w: (torch.multinomial(w, 2), torch.multinomial(w[0], 3)), weights)
        assert s.shape == (2, 2) and one.shape == (3,)
        assert sorted(s[1].tolist()) == [1, 2] and sorted(one.tolist()) == [0, 2, 3]
        # the first draw follows the weights: over many rows, category 3 comes first about 60% of the time
        many = torch.tensor([[1.0, 0.0, 3.0, 6.0]]).repeat(3000, 1)
        (first,) = _random(lambda w: (torch.multinomial(w, 1),), many)
        assert abs((first == 3).mean() - 0.6) < 0.03 and (first == 1).sum() == 0


@pytest.mark.parametrize("fn", [
    lambda x: torch.tril_indices(4, 3),
    lambda x: torch.triu_indices(3, 5, offset=1),
    lambda x: torch.tril_indices(5, 4, offset=-2, dtype=torch.int32),
    lambda x: torch.triu_indices(0, 3),
])
def test_tril_triu_indices(fn):
    _check(fn, X)
