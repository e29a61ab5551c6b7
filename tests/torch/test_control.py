"""from_torch's higher-order control flow: torch.cond -> shlo if, while_loop -> shlo while, map and scan ->
a while over the leading dimension, and the inlined wrappers (wrap_with_set_grad_enabled,
wrap_with_autocast), against eager PyTorch, interpreted and compiled."""
from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.utils._pytree as pytree
from torch._higher_order_ops.map import map as torch_map
from torch._higher_order_ops.scan import scan
from torch._higher_order_ops.while_loop import while_loop

import shlo


def _check(m, *args, dynamic_shapes=None, decompose=True, rtol=1e-5):
    prog = shlo.from_torch(m, args, dynamic_shapes=dynamic_shapes, decompose=decompose)
    want = [w.detach().numpy() for w in pytree.tree_leaves(m(*args))]
    interp = prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*args)))
    comp = shlo.compile(prog)(*args)
    for outs in (interp, comp):
        outs = [np.asarray(a) for a in pytree.tree_leaves(outs)]
        assert len(outs) == len(want)
        for got, w in zip(outs, want):
            assert got.dtype == w.dtype and got.shape == w.shape
            np.testing.assert_allclose(got, w, rtol=rtol, atol=1e-6)
    return prog


class Cond(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)

    def forward(self, p, x):
        def yes(x):
            return self.lin(x).sin() + x.shape[0], x[0] * 2

        def no(x):
            return x.cos(), x[1] * 3

        return torch.cond(p[0] > 0, yes, no, (x,))


@pytest.mark.parametrize("p", [1.0, -1.0])
def test_cond_both_branches(p):
    torch.manual_seed(0)
    prog = _check(Cond(), torch.tensor([p]), torch.randn(4, 3))
    assert "shlo.if" in str(prog)


def test_cond_runtime_predicate_picks_branch():
    m = Cond()
    x = torch.randn(4, 3)
    prog = shlo.from_torch(m, (torch.tensor([1.0]), x))
    for p in (2.0, -2.0):   # one program, both branches
        got = prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(torch.tensor([p]), x)))
        for g, w in zip(got, m(torch.tensor([p]), x)):
            np.testing.assert_allclose(np.asarray(g), w.detach().numpy(), rtol=1e-5, atol=1e-6)


class NestedCond(torch.nn.Module):
    def forward(self, a, b, x):
        def inner_yes(x):
            return (x + 1,)

        def inner_no(x):
            return (x - 1,)

        def outer_yes(b, x):
            return torch.cond(b, inner_yes, inner_no, (x * 2,))

        def outer_no(b, x):
            return (x * 0 + 5,)

        return torch.cond(a, outer_yes, outer_no, (b, x))


@pytest.mark.parametrize("a,b", [(True, True), (True, False), (False, True)])
def test_nested_cond_names_do_not_collide(a, b):
    _check(NestedCond(), torch.tensor(a), torch.tensor(b), torch.randn(3))


class CondDynamic(torch.nn.Module):
    def forward(self, x):
        return torch.cond(x.shape[0] > 4, lambda x: (x * 2,), lambda x: (x.sin(),), (x,))


def test_cond_on_a_symbolic_size():
    m = CondDynamic()
    prog = shlo.from_torch(m, (torch.randn(6, 2),), dynamic_shapes=({0: torch.export.Dim("n", min=2, max=64)},))
    for n in (3, 6):
        x = torch.randn(n, 2)
        got = prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(x)))
        np.testing.assert_allclose(np.asarray(got[0]), m(x)[0].numpy(), rtol=1e-6)
        np.testing.assert_allclose(np.asarray(shlo.compile(prog)(x)[0]), m(x)[0].numpy(), rtol=1e-6)


class Loop(torch.nn.Module):
    def forward(self, x, n, scale):
        def cond(i, x):
            return i < n

        def body(i, x):
            return i + 1, x * scale + 1

        return while_loop(cond, body, (torch.tensor(0), x))


@pytest.mark.parametrize("n", [0, 1, 4])
def test_while_loop(n):
    prog = _check(Loop(), torch.randn(3), torch.tensor(n), torch.tensor(0.5))
    assert "shlo.while" in str(prog)


class Collatz(torch.nn.Module):
    def forward(self, v):
        def cond(v, steps):
            return v != 1

        def body(v, steps):
            return torch.where(v % 2 == 0, v // 2, 3 * v + 1), steps + 1

        return while_loop(cond, body, (v, torch.zeros((), dtype=torch.int64)))


def test_while_loop_data_dependent_trip_count():
    _check(Collatz(), torch.tensor(27))


class Mapped(torch.nn.Module):
    def forward(self, xs, y):
        return torch_map(lambda x, y: (x * y + 1, x[0] - y[1]), xs, y)


def test_map():
    prog = _check(Mapped(), torch.randn(5, 3), torch.randn(3))
    assert "shlo.while" in str(prog)


class NoGrad(torch.nn.Module):
    def forward(self, x):
        with torch.no_grad():
            y = x.sin() * 2
        return y + 1


class Autocast(torch.nn.Module):
    def forward(self, x):
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=False):
            y = x @ x
        return y + 1


@pytest.mark.parametrize("m", [NoGrad(), Autocast()], ids=["set_grad_enabled", "autocast"])
def test_wrappers_are_inlined(m):
    """The wrappers survive only without decomposition (decompose=False)."""
    ep = torch.export.export(m, (torch.randn(3, 3),))
    assert any("wrap_with" in str(n.target) for n in ep.graph.nodes)
    _check(m, torch.randn(3, 3), decompose=False)


class Scan(torch.nn.Module):
    def forward(self, init, xs, w):
        def step(c, x):
            n = c * w + x
            return n, n * 2

        return scan(step, init, xs)


class ScanReverse(torch.nn.Module):
    def forward(self, init, xs):
        return scan(lambda c, x: (c + x, c.clone()), init, xs, dim=1, reverse=True)


@pytest.mark.parametrize("m,args", [
    (Scan(), (torch.zeros(3), torch.randn(5, 3), torch.randn(3))),
    (ScanReverse(), (torch.ones(2), torch.randn(2, 4))),
], ids=["scan", "reverse_dim1"])
def test_scan(m, args):
    prog = _check(m, *args)
    assert "shlo.while" in str(prog)


class RandomLoop(torch.nn.Module):
    def forward(self, x):
        def cond(i, acc):
            return i < 4

        def body(i, acc):
            return i + 1, torch.cat([acc[1:], torch.rand(1, 8)])

        return while_loop(cond, body, (torch.tensor(0), x))[1], torch_map(lambda r: r + torch.rand(8), x)


def test_random_ops_in_loops_draw_new_numbers_every_iteration():
    prog = shlo.from_torch(RandomLoop(), (torch.zeros(4, 8),))
    for rows in (shlo.interpret(prog, np.zeros((4, 8), np.float32)), shlo.compile(prog)(torch.zeros(4, 8))):
        for r in rows:
            r = np.asarray(r)
            assert r.shape == (4, 8) and r.min() >= 0 and r.max() < 1
            assert len({tuple(row) for row in r.tolist()}) == 4    # every iteration its own numbers
