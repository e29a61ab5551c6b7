"""from_torch's program structure: parameters as arguments or constants, pytrees, buffer
mutations, dynamic sizes, locations and errors."""
from __future__ import annotations

import os

import numpy as np
import pytest
import torch

import shlo


class Small(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 3)
        self.register_buffer("scale", torch.full((3,), 2.0))

    def forward(self, x, shift):
        y = self.lin(x) * self.scale
        return {"y": torch.where(y > 0, y, y * 0.1) + shift, "none": None,
                "parts": (y.exp().clamp(max=3.0), x[:, 1:3])}


def _close(got, want):
    np.testing.assert_allclose(np.asarray(got), want.detach().numpy(), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("params", ["arguments", "constants"])
def test_parameters_pytrees_interpret_and_compile(params):
    torch.manual_seed(0)
    m = Small()
    x, shift = torch.randn(5, 4), torch.tensor(0.5)
    prog = shlo.from_torch(m, (x, shift), params=params)
    want = m(x, shift)
    if params == "arguments":
        assert prog.parameter_names == ["lin.weight", "lin.bias", "scale"]
        assert [a.shape for a in prog.parameters()] == [(3, 4), (3,), (3,)]
        assert 'shlo.name = "lin.weight"' in str(prog)
    else:
        assert prog.parameters() == [] and "dense_resource" not in str(prog)   # all small
    got = prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(x, shift)))
    _close(got["y"], want["y"])
    _close(got["parts"][0], want["parts"][0])
    assert got["none"] is None                   # a None output has no result: put back
    compiled = shlo.compile(prog)(x, shift)      # a tree call: torch tensors in, the dict out
    _close(compiled["y"], want["y"])
    assert compiled["none"] is None
    _close(compiled["parts"][1], want["parts"][1])


def test_large_weights_are_resource_blobs_and_survive_serialization():
    m = torch.nn.Linear(64, 32)
    x = torch.randn(2, 64)
    prog = shlo.from_torch(m, (x,), params="constants")
    assert "dense_resource<weight" in str(prog)
    back = shlo.deserialize(shlo.serialize(prog))
    _close(shlo.interpret(back, x.numpy())[0], m(x))


class Counting(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("calls", torch.zeros((), dtype=torch.int64))
        self.register_buffer("total", torch.zeros(3))

    def forward(self, x):
        self.calls.add_(1)
        self.total.add_(x.sum(0) if False else x[0])
        return x * 2


def test_buffer_mutations_are_leading_results_and_trees_drop_them():
    m = Counting()
    x = torch.randn(4, 3)
    prog = shlo.from_torch(m, (x,))
    assert [(i, k, t) for i, k, t in prog.mutations] == [(0, "BUFFER_MUTATION", "calls"),
                                                         (1, "BUFFER_MUTATION", "total")]
    flat = shlo.interpret(prog, *prog.flatten_inputs(x))
    assert int(flat[0]) == 1
    np.testing.assert_allclose(flat[1], x[0].numpy())
    _close(prog.unflatten_outputs(flat), x * 2)


def test_dynamic_batch_runs_at_two_sizes_from_one_import():
    m = Small()
    b = torch.export.Dim("b", min=2, max=64)
    prog = shlo.from_torch(m, (torch.randn(5, 4), torch.tensor(0.0)), dynamic_shapes=({0: b}, None))
    assert "tensor<?x4xf32>" in str(prog)
    compiled = shlo.compile(prog)
    for n in (3, 17):
        x = torch.randn(n, 4)
        want = m(x, torch.tensor(0.0))
        got = compiled(x, torch.tensor(0.0))
        _close(got["y"], want["y"])
        _close(got["parts"][1], want["parts"][1])
        _close(prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(x, torch.tensor(0.0))))["y"],
               want["y"])


class EveryOther(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(20, 4)

    def forward(self, x):
        return self.lin(x[:, :, ::2])          # needs (w + 1) // 2 == 20 and an even w


def test_export_guards_on_input_sizes_are_checked_when_the_program_runs():
    # Dim.AUTO keeps the width `?` but torch.export records guards (even, (w + 1) // 2 == 20) that
    # the graph relies on; torch refuses other widths, and so must the program, not return a result
    # of the wrong shape (importers/torch/guards.py)
    ep = torch.export.export(EveryOther(), (torch.randn(2, 3, 40),),
                             dynamic_shapes={"x": {0: torch.export.Dim.AUTO, 2: torch.export.Dim.AUTO}})
    prog = shlo.from_torch(ep)
    assert "shape_assertion" in prog.text() and "tensor<?x3x?xf32>" in prog.text()
    compiled = shlo.compile(prog)
    x = torch.randn(5, 3, 40)
    _close(compiled(x), ep.module()(x))
    for w in (41, 64):
        x = np.zeros((2, 3, w), np.float32)
        with pytest.raises(shlo.ShloError, match="guard"):
            compiled(x)
        with pytest.raises(shlo.ShloError, match="guard"):
            shlo.interpret(prog, *prog.flatten_inputs(x))


class PytreeEveryOther(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(20, 4)

    def forward(self, pair, d):
        # needs (w + 1) // 2 == 20 of pair[1]'s width and (v + 2) // 3 == 20 of d["k"]'s
        return self.lin(pair[1][:, ::2]) + self.lin(d["k"][:, ::3]) + pair[0].sum()


def test_export_guards_on_pytree_inputs_are_checked(tmp_path):
    # the guards name leaves of the tuple / dict inputs (L['pair'][1], L['d']['k']); they are
    # matched to the flattened arguments through the input pytree
    A = torch.export.Dim.AUTO
    ep = torch.export.export(PytreeEveryOther(), ((torch.randn(3), torch.randn(2, 40)), {"k": torch.randn(2, 60)}),
                             dynamic_shapes=((None, {1: A}), {"k": {1: A}}))
    assert any("L['pair'][1]" in g for g in ep._guards_code) and any("L['d']['k']" in g for g in ep._guards_code)
    prog = shlo.from_torch(ep)
    assert prog.text().count("shape_assertion") >= 2
    # compiled code checks shape_assertions as the interpreter does (the test above); compiling
    # this program too is for the full run
    run = [lambda *a: prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*a)))]
    if os.environ.get("SHLO_FULL_TESTS"):
        run.append(shlo.compile(prog))
    for w, v in ((40, 60), (39, 58)):
        args = ((torch.randn(3), torch.randn(2, w)), {"k": torch.randn(2, v)})
        for fn in run:
            _close(fn(*args), ep.module()(*args))
    for w, v in ((41, 60), (40, 61)):
        args = ((np.zeros(3, np.float32), np.zeros((2, w), np.float32)), {"k": np.zeros((2, v), np.float32)})
        for fn in run:
            with pytest.raises(shlo.ShloError, match="guard"):
                fn(*args)
    # a saved program keeps them (torch drops them when it retraces a loaded one for decomposition)
    torch.export.save(ep, tmp_path / "m.pt2")
    loaded = shlo.from_torch(torch.export.load(tmp_path / "m.pt2"))
    assert loaded.text().count("shape_assertion") == prog.text().count("shape_assertion")
    with pytest.raises(shlo.ShloError, match="guard"):
        shlo.interpret(loaded, *loaded.flatten_inputs(*args))


class KeywordEveryOther(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(20, 4)

    def forward(self, x, *, y, **rest):
        # needs (w + 1) // 2 == 20 of the keyword argument y's width
        return self.lin(y[:, ::2]) + x.sum() + sum(v.sum() for v in rest.values())


def test_export_guards_on_keyword_inputs_are_checked():
    # a guard on a keyword argument (L['y']) is checked like a positional one's
    A = torch.export.Dim.AUTO
    ep = torch.export.export(KeywordEveryOther(), (torch.randn(3),), {"y": torch.randn(2, 40)},
                             dynamic_shapes={"x": None, "y": {1: A}})
    assert any("L['y']" in g for g in ep._guards_code)
    prog = shlo.from_torch(ep)
    assert prog.text().count("shape_assertion") >= 1
    for w in (40, 39):
        args, kw = (torch.randn(3),), {"y": torch.randn(2, w)}
        _close(prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*args, **kw))),
               ep.module()(*args, **kw))
    with pytest.raises(shlo.ShloError, match="guard"):
        shlo.interpret(prog, *prog.flatten_inputs(torch.randn(3), y=torch.zeros(2, 41)))
    # torch 2.13's export takes no dynamic_shapes for entries of **rest (an AssertionError inside
    # torch), so they can have no guards; the import error says so
    with pytest.raises(shlo.ImportError, match=r"torch.export.export failed.*forward's \*\*rest receives 'z'"):
        shlo.from_torch(KeywordEveryOther(), (torch.randn(3),), {"y": torch.randn(2, 40), "z": torch.randn(3)},
                        dynamic_shapes={"x": None, "y": {1: A}, "rest": {"z": {0: A}}})


def test_locations_name_the_aten_op_and_source_line():
    prog = shlo.from_torch(Small(), (torch.randn(2, 4), torch.tensor(0.0)))
    text = prog.text(debug_info=True)
    assert '"aten.addmm.default"' in text and "test_importer_core.py" in text


class Unsupported(torch.nn.Module):
    def forward(self, x):
        return torch.ops.aten._fft_r2c(x, [0], 0, True)


def test_unsupported_op_names_op_node_and_source_line(monkeypatch):
    from shlo.importers.torch import registry
    monkeypatch.delitem(registry.ATEN, "exp")

    class UsesExp(torch.nn.Module):
        def forward(self, x):
            return x.exp()

    with pytest.raises(shlo.ImportError, match=r"exp\.default \(node exp, .*test_importer_core\.py:\d+\): is not "
                                               r"supported"):
        shlo.from_torch(UsesExp(), (torch.randn(3),))


def test_bad_arguments():
    with pytest.raises(shlo.ImportError, match="nn.Module or a torch.export.ExportedProgram"):
        shlo.from_torch(lambda x: x, (torch.randn(2),))
    with pytest.raises(shlo.ImportError, match="params"):
        shlo.from_torch(Small(), (torch.randn(2, 4), torch.tensor(0.0)), params="inline")
    prog = shlo.from_torch(Small(), (torch.randn(2, 4), torch.tensor(0.0)))
    with pytest.raises(shlo.ShloError, match="structure"):
        shlo.compile(prog)(torch.randn(2, 4), torch.tensor(0.0), torch.tensor(1.0))
