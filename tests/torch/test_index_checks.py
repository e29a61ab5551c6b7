"""Run-time index checks of the torch importer (importers/torch/checks.py): an index out of range,
which eager PyTorch raises on, fails a check.assert naming the node, interpreted and compiled, at
the top level and inside torch.cond / while_loop / map bodies (whose checks move out of the shlo
`if` / `while`); in-range indices still match eager."""
from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.utils._pytree as pytree
from torch._higher_order_ops.map import map as torch_map
from torch._higher_order_ops.while_loop import while_loop

import shlo


def _run_both(prog, fn, *args):
    """The program's flat outputs, interpreted and, with `fn` (its compiled form), compiled."""
    runs = [shlo.interpret(prog, *prog.flatten_inputs(*args))]
    if fn is not None:
        runs.append(pytree.tree_leaves(fn(*args)))
    return [[np.asarray(o) for o in outs] for outs in runs]


def _matches_eager(m, prog, fn, *args):
    want = [w.detach().numpy() for w in pytree.tree_leaves(m(*args))]
    for outs in _run_both(prog, fn, *args):
        assert len(outs) == len(want)
        for got, w in zip(outs, want):
            np.testing.assert_allclose(got, w, rtol=1e-6)


def _fails_like_eager(m, prog, fn, args, message):
    with pytest.raises((IndexError, RuntimeError)):
        m(*args)
    with pytest.raises(shlo.ShloError, match=message):
        shlo.interpret(prog, *prog.flatten_inputs(*args))
    if fn is not None:
        with pytest.raises(shlo.ShloError, match=message):
            fn(*args)


class Ops(torch.nn.Module):
    """index_select, gather, x[i] and scatter_add on one index tensor."""
    def forward(self, x, i):
        return (torch.index_select(x, 0, i), torch.gather(x, 0, i.reshape(-1, 1).expand(-1, 3)),
                x[i], torch.zeros(4, 3).scatter_add(0, i.reshape(-1, 1).expand(-1, 3), x[:2]))


def test_top_level_index_checks_name_the_node():
    m, x = Ops(), torch.randn(4, 3)
    prog = shlo.from_torch(m, (x, torch.tensor([0, 1])))
    assert str(prog).count("check.assert") == 4
    _matches_eager(m, prog, None, x, torch.tensor([3, 0]))
    # index_select's check fails first: it runs first (interpreted; compiled below, after hoisting)
    _fails_like_eager(m, prog, None, (x, torch.tensor([0, 4])),
                      r"index_select\.default \(node index_select, .*test_index_checks\.py:\d+\): index out of "
                      r"range: indices into dimension 0 \(size 4\) must be in \[0, 3\]; found values from 0 to 4")


class Wrapping(torch.nn.Module):
    def forward(self, x, i, v):
        return x[i], torch.index_put(x, (i,), v)


def test_wrapping_forms_take_negative_indices():
    """x[i] and index_put count negative indices from the end, as eager does: -4 of 4 is in range."""
    m, x, v = Wrapping(), torch.randn(4, 3), torch.randn(2, 3)
    prog = shlo.from_torch(m, (x, torch.tensor([0, 1]), v))
    _matches_eager(m, prog, None, x, torch.tensor([-4, 3]), v)
    _fails_like_eager(m, prog, None, (x, torch.tensor([-5, 0]), v),
                      r"index\.Tensor \(node index.*must be in \[-4, 3\]; found values from -5 to 0")


class Embed(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(5, 2)

    def forward(self, ids):
        return self.emb(ids)


def test_embedding_rejects_ids_past_the_table():
    torch.manual_seed(0)
    m = Embed()
    prog = shlo.from_torch(m, (torch.tensor([[0, 4]]),))
    with pytest.raises(shlo.ShloError, match=r"embedding\.default .*must be in \[0, 4\]; found values from -1 to 2"):
        shlo.interpret(prog, *prog.flatten_inputs(torch.tensor([[2, -1]])))


class Known(torch.nn.Module):
    def forward(self, x):
        return (torch.index_select(x, 0, torch.tensor([0, 3])),
                torch.nn.functional.interpolate(x[None, None], scale_factor=2, mode="nearest"),
                torch.nn.functional.pad(x[None], (2, 2), mode="reflect"), torch.roll(x, 1, 1))


def test_known_and_unsafe_indices_get_no_check():
    """Constant indices in range, the `_unsafe_index` of torch's nearest upsample, and the positions
    reflection padding and roll compute from sizes (checked `index`es, folded at import): no check."""
    prog = shlo.from_torch(Known(), (torch.randn(4, 3),))
    assert "check.assert" not in str(prog)


class InCond(torch.nn.Module):
    def forward(self, p, x, i):
        return torch.cond(p[0] > 0, lambda x, i: (torch.index_select(x, 0, i) * 2,),
                          lambda x, i: (x[:1] * 3,), (x, i))


def test_check_in_a_cond_branch_is_hoisted():
    """The branches return other sizes (2x3 and 1x3): the if's result is ?x3."""
    m, x = InCond(), torch.randn(4, 3)
    prog = shlo.from_torch(m, (torch.tensor([1.0]), x, torch.tensor([0, 1])))
    text = str(prog)
    assert text.count("check.assert") == 1 and "check.assert" in text.split("shlo.if")[-1].split("})")[-1]
    fn = shlo.compile(prog)
    _matches_eager(m, prog, fn, torch.tensor([1.0]), x, torch.tensor([3, 1]))
    bad = torch.tensor([0, 9])
    _matches_eager(m, prog, fn, torch.tensor([-1.0]), x, bad)      # the branch not taken: no error
    _fails_like_eager(m, prog, fn, (torch.tensor([1.0]), x, bad),
                      r"index_select\.default \(node index_select, .*test_index_checks\.py:\d+\): .*"
                      r"found values from 0 to 9")


class InWhile(torch.nn.Module):
    def forward(self, x, i):
        def body(k, acc):
            return k + 1, acc + torch.gather(x, 0, i + k)
        return while_loop(lambda k, acc: k < 3, body, (torch.tensor(0), torch.zeros(2)))


def test_check_in_a_while_body_reports_the_first_failure():
    """i + k passes the end at the third iteration (k = 2): the values of that failure are reported."""
    m, x = InWhile(), torch.randn(5)
    prog = shlo.from_torch(m, (x, torch.tensor([0, 1])))
    fn = shlo.compile(prog)
    _matches_eager(m, prog, fn, x, torch.tensor([2, 0]))
    _fails_like_eager(m, prog, fn, (x, torch.tensor([0, 3])),
                      r"gather\.default \(node gather.*must be in \[0, 4\]; found values from 2 to 5")


class InMap(torch.nn.Module):
    def forward(self, xs, i):
        return torch_map(lambda x, i: x[i], xs, i)


def test_check_in_a_map_body():
    m, xs = InMap(), torch.randn(3, 4)
    prog = shlo.from_torch(m, (xs, torch.tensor([0, 1])))
    assert "check.assert" in str(prog).split("shlo.while")[-1].split("})")[-1]
    fn = shlo.compile(prog)
    _matches_eager(m, prog, fn, xs, torch.tensor([-1, 2]))
    _fails_like_eager(m, prog, fn, (xs, torch.tensor([0, 6])), r"index\.Tensor .*found values from 0 to 6")


class IndexInWhileCond(torch.nn.Module):
    def forward(self, x, i):
        return while_loop(lambda k, acc: torch.index_select(x, 0, i + k).sum() < 3, lambda k, acc: (k + 1, acc + 1),
                          (torch.tensor(0), torch.zeros(2)))


def test_index_in_a_while_cond_is_checked_before_each_evaluation():
    """The cond function's check is made on the initial state and on each new one; the loop stops
    before the evaluation that would read past the end, and the check after it raises."""
    m, x = IndexInWhileCond(), torch.arange(5.0)
    prog = shlo.from_torch(m, (x, torch.tensor([0])))
    text = str(prog)
    assert text.count("check.assert") == 1 and "check.assert" in text.split("shlo.while")[-1].split("})")[-1]
    fn = shlo.compile(prog)
    _matches_eager(m, prog, fn, x, torch.tensor([0]))       # x[0] .. x[3]: stops at k = 3
    _matches_eager(m, prog, fn, x, torch.tensor([4]))       # the last row, not run
    message = r"index_select\.default \(node index_select, .*test_index_checks\.py:\d+\): .*found values from {0} to {0}"
    _fails_like_eager(m, prog, fn, (x, torch.tensor([5])), message.format(5))     # the first evaluation
    _fails_like_eager(m, prog, fn, (x, torch.tensor([-1])), message.format(-1))


class IndexInWhileCondLater(torch.nn.Module):
    def forward(self, x, i):
        return while_loop(lambda k, acc: (x[i + k] + acc).sum() < 100, lambda k, acc: (k + 1, acc + x[i + k]),
                          (torch.tensor(0), torch.zeros(1)))


def test_while_cond_check_fails_at_a_later_evaluation():
    """x[i + k] passes the end at k = 3 for i = 2: the cond's evaluations at k = 0..2 (and the body's
    x[i + k], checked too) are in range, the fourth cond evaluation is not."""
    m, x = IndexInWhileCondLater(), torch.arange(5.0)
    prog = shlo.from_torch(m, (x, torch.tensor([0])))
    assert str(prog).count("check.assert") == 2
    fn = shlo.compile(prog)
    _fails_like_eager(m, prog, fn, (x, torch.tensor([2])),
                      r"index\.Tensor \(node index, .*must be in \[-5, 4\]; found values from 5 to 5")
    _fails_like_eager(m, prog, fn, (x, torch.tensor([-6])), r"index\.Tensor \(node index, .*found values from -6 to -6")
    _matches_eager(m, prog, fn, torch.full((5,), 60.0), torch.tensor([-5]))    # one iteration


def test_while_cond_without_index_ops_keeps_its_state():
    """A cond function that only compares adds no loop state and no check."""
    prog = shlo.from_torch(InWhile(), (torch.randn(5), torch.tensor([0, 1])))
    text = str(prog)
    assert text.count("check.assert") == 1 and ":7 = shlo.while" in text      # 2 + the body check's 5


class WhileCondInCondBranch(torch.nn.Module):
    def forward(self, p, x, i):
        def taken(x, i):
            return while_loop(lambda k, acc: torch.index_select(x, 0, i + k).sum() < 3,
                              lambda k, acc: (k + 1, acc + torch.gather(x, 0, i + k)), (i.sum() * 0, x[:1] * 0))
        return torch.cond(p[0] > 0, taken, lambda x, i: (i.sum() * 0 + 7, x[:1] * 2), (x, i))


def test_while_cond_check_inside_a_cond_branch_is_hoisted():
    """The check made after the loop is in the branch: hoist_checks moves it out of the `if` too."""
    m, x = WhileCondInCondBranch(), torch.arange(5.0)
    prog = shlo.from_torch(m, (torch.tensor([1.0]), x, torch.tensor([0])))
    top = prog.module.body.operations[0].regions[0].blocks[0].operations
    assert str(prog).count("check.assert") == 2 and sum(op.name == "shlo.custom_call" for op in top) == 2
    fn = shlo.compile(prog)
    _matches_eager(m, prog, fn, torch.tensor([1.0]), x, torch.tensor([0]))
    _matches_eager(m, prog, fn, torch.tensor([-1.0]), x, torch.tensor([5]))     # the branch not taken
    _fails_like_eager(m, prog, fn, (torch.tensor([1.0]), x, torch.tensor([5])),
                      r"index_select\.default \(node index_select, .*found values from 5 to 5")


class CondInWhileCond(torch.nn.Module):
    """The while's cond function reads x[i + k] in a torch.cond branch (a shlo `if` in the cond)."""
    def forward(self, p, x, i):
        def going(k, acc):
            v = torch.cond(p[0] > 0, lambda x, i, k: torch.index_select(x, 0, i + k).sum(),
                           lambda x, i, k: k.float(), (x, i, k))
            return v < 3
        return while_loop(going, lambda k, acc: (k + 1, acc + 1), (torch.tensor(0), torch.zeros(2)))


class MapInWhileCond(torch.nn.Module):
    """The same read in a map over i's rows (a shlo `while` in the cond); p is not used."""
    def forward(self, p, x, i):
        def going(k, acc):
            return torch_map(lambda r, x, k: torch.index_select(x, 0, r + k).sum(), i.reshape(1, 1), x, k).sum() < 3
        return while_loop(going, lambda k, acc: (k + 1, acc + 1), (torch.tensor(0), torch.zeros(2)))


@pytest.mark.parametrize("model", [CondInWhileCond, MapInWhileCond])
def test_check_in_a_region_of_a_while_cond_is_carried(model):
    """The region's check is made on the initial state and at the end of each body (moved out of
    the `if` / `while` and carried by the outer while): the loop stops before the cond evaluation
    past the end."""
    m, p = model(), torch.tensor([1.0])
    prog = shlo.from_torch(m, (p, torch.arange(5.0), torch.tensor([0])))
    text = str(prog)
    assert text.count("check.assert") == 2 and "check.assert" in text.split("shlo.while")[-1].split("})")[-1]
    fn = shlo.compile(prog)
    message = r"index_select\.default \(node index_select, .*test_index_checks\.py:\d+\): .*found values from {0} to {0}"
    _matches_eager(m, prog, fn, p, torch.arange(5.0), torch.tensor([0]))    # x[0] .. x[3]: stops at k = 3
    _fails_like_eager(m, prog, fn, (p, torch.arange(5.0), torch.tensor([5])), message.format(5))   # the first
    _fails_like_eager(m, prog, fn, (p, torch.zeros(5), torch.tensor([3])), message.format(5))      # the third
    if model is CondInWhileCond:
        _matches_eager(m, prog, fn, -p, torch.arange(5.0), torch.tensor([9]))   # the branch not taken
