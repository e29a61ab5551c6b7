"""Graphs whose nodes are not in topological order (onnxruntime runs them; its tools and hand
edits write them): the importer sorts them (toposort.py), keeping the file's order where it is
valid, and refuses cycles and values nothing defines by naming the node and the value."""
from __future__ import annotations

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper, numpy_helper

import shlo
from shlo.importers.onnx import _with_inferred_types

RNG = np.random.default_rng(11)


def _f32(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def _model(nodes, inputs, outputs, initializers=(), opset=17, functions=()):
    g = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers))
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)] +
                             [helper.make_opsetid(f.domain, 1) for f in functions], functions=list(functions))


def _shuffled(model, seed):
    """The model with its main graph's nodes in a random order that is not a valid one."""
    nodes = list(model.graph.node)
    order = np.random.default_rng(seed).permutation(len(nodes))
    assert list(order) != sorted(order)
    out = onnx.ModelProto()
    out.CopyFrom(model)
    del out.graph.node[:]
    out.graph.node.extend(nodes[i] for i in order)
    return out


def _ort(model, *xs):
    import onnxruntime as ort
    s = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return s.run(None, {i.name: x for i, x in zip(s.get_inputs(), xs)})


def _tensor(name, shape, t=TensorProto.FLOAT):
    return helper.make_tensor_value_info(name, t, shape)


def _names(model):
    return [n.name for n in model.graph.node]


def _mlp():
    nodes = [helper.make_node("MatMul", ["x", "w1"], ["h1"], name="mm1"),
             helper.make_node("Add", ["h1", "b1"], ["a1"], name="add1"),
             helper.make_node("Relu", ["a1"], ["r1"], name="relu1"),
             helper.make_node("MatMul", ["r1", "w2"], ["h2"], name="mm2"),
             helper.make_node("Add", ["h2", "b2"], ["a2"], name="add2"),
             helper.make_node("Softmax", ["a2"], ["y"], name="softmax", axis=-1)]
    inits = [numpy_helper.from_array(a, n) for n, a in
             (("w1", _f32(16, 32)), ("b1", _f32(32)), ("w2", _f32(32, 10)), ("b2", _f32(10)))]
    return _model(nodes, [_tensor("x", ["N", 16])], [_tensor("y", ["N", 10])], inits)


def test_shuffled_mlp_matches_onnxruntime():
    model = _shuffled(_mlp(), seed=3)
    before = _names(model)
    prog = shlo.from_onnx(model.SerializeToString())
    assert "tensor<?x16xf32>" in str(prog)
    for n in (1, 5):
        x = _f32(n, 16)
        np.testing.assert_allclose(shlo.interpret(prog, x)[0], _ort(model, x)[0], rtol=1e-5, atol=1e-6)
    shlo.from_onnx(model)
    assert _names(model) == before                     # the caller's ModelProto keeps its order


def _attention(d=8, heads=2):
    """One self-attention block over dynamic batch and sequence axes, its head reshapes' target
    shapes computed from Shape(x)."""
    dh = d // heads
    c = numpy_helper.from_array
    inits = [c(_f32(d, d), "wq"), c(_f32(d, d), "wk"), c(_f32(d, d), "wv"), c(_f32(d, d), "wo"),
             c(np.array([heads, dh], np.int64), "heads"), c(np.array([d], np.int64), "width"),
             c(np.array([0], np.int64), "zero"), c(np.array([2], np.int64), "two"),
             c(np.array(np.sqrt(dh), np.float32), "scale"), c(np.ones(d, np.float32), "gamma"),
             c(np.zeros(d, np.float32), "beta")]
    mk = helper.make_node
    nodes = [mk("Shape", ["x"], ["xs"], name="shape"),
             mk("Slice", ["xs", "zero", "two"], ["bs"], name="batch_seq"),
             mk("Concat", ["bs", "heads"], ["split_shape"], name="split_shape", axis=0),
             mk("Concat", ["bs", "width"], ["merge_shape"], name="merge_shape", axis=0)]
    for p in "qkv":
        nodes += [mk("MatMul", ["x", f"w{p}"], [f"{p}0"], name=f"proj_{p}"),
                  mk("Reshape", [f"{p}0", "split_shape"], [f"{p}1"], name=f"split_{p}"),
                  mk("Transpose", [f"{p}1"], [f"{p}2"], name=f"heads_{p}",
                     perm=[0, 2, 3, 1] if p == "k" else [0, 2, 1, 3])]
    nodes += [mk("MatMul", ["q2", "k2"], ["s0"], name="scores"),
              mk("Div", ["s0", "scale"], ["s1"], name="scaled"),
              mk("Softmax", ["s1"], ["p"], name="softmax", axis=-1),
              mk("MatMul", ["p", "v2"], ["o0"], name="mix"),
              mk("Transpose", ["o0"], ["o1"], name="unheads", perm=[0, 2, 1, 3]),
              mk("Reshape", ["o1", "merge_shape"], ["o2"], name="merge"),
              mk("MatMul", ["o2", "wo"], ["o3"], name="out_proj"),
              mk("Add", ["o3", "x"], ["res"], name="residual"),
              mk("LayerNormalization", ["res", "gamma", "beta"], ["y"], name="norm", axis=-1)]
    return _model(nodes, [_tensor("x", ["B", "S", d])], [_tensor("y", ["B", "S", d])], inits)


def test_shuffled_attention_block_matches_onnxruntime():
    model = _shuffled(_attention(), seed=7)
    prog = shlo.from_onnx(model)
    assert "tensor<?x?x8xf32>" in str(prog)
    for b, s in ((1, 3), (2, 5)):
        x = _f32(b, s, 8)
        np.testing.assert_allclose(shlo.interpret(prog, x)[0], _ort(model, x)[0], rtol=1e-4, atol=1e-5)


def test_file_order_is_kept_where_valid():
    mk = helper.make_node
    # c reads d, which comes after it: only c moves, to just after d
    nodes = [mk("Neg", ["x"], ["a"], name="a"), mk("Add", ["a", "d"], ["c"], name="c"),
             mk("Abs", ["x"], ["b"], name="b"), mk("Relu", ["b"], ["d"], name="d"),
             mk("Exp", ["x"], ["e"], name="e")]
    model = _model(nodes, [_tensor("x", [3])], [_tensor("c", [3]), _tensor("e", [3])])
    assert _names(_with_inferred_types(model)) == ["a", "b", "d", "c", "e"]
    x = _f32(3)
    got = shlo.interpret(shlo.from_onnx(model), x)
    np.testing.assert_allclose(got[0], -x + np.maximum(np.abs(x), 0), rtol=1e-6)
    # a valid order (independent branches interleaved) is left exactly as it is
    nodes = [mk("Neg", ["x"], ["p"], name="p"), mk("Abs", ["x"], ["q"], name="q"),
             mk("Exp", ["q"], ["r"], name="r"), mk("Add", ["p", "r"], ["s"], name="s")]
    model = _model(nodes, [_tensor("x", [3])], [_tensor("s", [3])])
    assert _names(_with_inferred_types(model)) == ["p", "q", "r", "s"]


def _if_model(then_nodes):
    """If (first in the file) whose branches read the outer `h`, made by a node after it."""
    then_g = helper.make_graph(then_nodes, "then", [], [_tensor("t2", [4])])
    else_g = helper.make_graph([helper.make_node("Neg", ["h"], ["e0"], name="else_neg")], "else", [],
                               [_tensor("e0", [4])])
    nodes = [helper.make_node("If", ["cond"], ["y"], name="branch", then_branch=then_g, else_branch=else_g),
             helper.make_node("Abs", ["x"], ["h"], name="make_h")]
    return _model(nodes, [_tensor("cond", [], TensorProto.BOOL), _tensor("x", [4])], [_tensor("y", [4])])


def test_subgraph_nodes_and_outer_reads_are_sorted():
    mk = helper.make_node
    then_nodes = [mk("Exp", ["h"], ["t1"], name="then_exp"), mk("Mul", ["t1", "h"], ["t2"], name="then_mul")]
    # onnxruntime sorts the main graph (the If before make_h) but refuses unsorted subgraphs:
    # it runs the model with the branch in order, shlo imports it with the branch reversed too
    sorted_branch, reversed_branch = _if_model(then_nodes), _if_model(then_nodes[::-1])
    x = _f32(4)
    for cond in (True, False):
        c = np.array(cond)
        want = _ort(sorted_branch, c, x)[0]
        np.testing.assert_allclose(want, np.exp(np.abs(x)) * np.abs(x) if cond else -np.abs(x), rtol=1e-6)
        for model in (sorted_branch, reversed_branch):
            np.testing.assert_allclose(shlo.interpret(shlo.from_onnx(model), c, x)[0], want, rtol=1e-6)


def _softplus_twice(body):
    fn = helper.make_function("local", "SoftplusTwice", ["a"], ["c"], body, opset_imports=[helper.make_opsetid("", 17)])
    return _model([helper.make_node("SoftplusTwice", ["x"], ["y"], domain="local", name="twice")],
                  [_tensor("x", [5])], [_tensor("y", [5])], functions=[fn])


def test_function_body_is_sorted():
    body = [helper.make_node("Softplus", ["a"], ["b"]), helper.make_node("Softplus", ["b"], ["c"])]
    x = _f32(5)
    want = _ort(_softplus_twice(body), x)[0]           # (onnxruntime refuses the body unsorted)
    np.testing.assert_allclose(want, np.log1p(np.exp(np.log1p(np.exp(x)))), rtol=1e-5)
    got = shlo.interpret(shlo.from_onnx(_softplus_twice(body[::-1])), x)[0]
    np.testing.assert_allclose(got, want, rtol=1e-5)


def test_cycles_are_refused_naming_nodes_and_values():
    mk = helper.make_node
    nodes = [mk("Add", ["x", "c"], ["a"], name="first"), mk("Relu", ["a"], ["b"], name="second"),
             mk("Neg", ["b"], ["c"], name="third"), mk("Exp", ["x"], ["y"], name="free")]
    model = _model(nodes, [_tensor("x", [2])], [_tensor("y", [2]), _tensor("c", [2])])
    with pytest.raises(shlo.ImportError, match=r"ONNX main graph has a cycle: Add node 'first' reads 'c' from "
                       r"Neg node 'third', which reads 'b' from Relu node 'second', which reads 'a' from "
                       r"Add node 'first'"):
        shlo.from_onnx(model)
    model = _model([mk("Mul", ["x", "m"], ["m"], name="self")], [_tensor("x", [2])], [_tensor("m", [2])])
    with pytest.raises(shlo.ImportError, match=r"cycle: Mul node 'self' reads 'm' from Mul node 'self'"):
        shlo.from_onnx(model)
    # a cycle through a subgraph's outer read: the If reads h, which is made from the If's result
    model = _if_model([mk("Exp", ["h"], ["t2"], name="then_exp")])
    model.graph.node[1].input[0] = "y"
    with pytest.raises(shlo.ImportError, match=r"cycle: If node 'branch' reads 'h' from Abs node 'make_h', "
                       r"which reads 'y' from If node 'branch'"):
        shlo.from_onnx(model)


def test_values_nothing_defines_are_refused():
    mk = helper.make_node
    model = _model([mk("Add", ["x", "ghost"], ["y"], name="adder")], [_tensor("x", [2])], [_tensor("y", [2])])
    with pytest.raises(shlo.ImportError, match=r"ONNX main graph: Add node 'adder' uses value 'ghost', which no "
                       "node, graph input or initializer defines"):
        shlo.from_onnx(model)
    model = _if_model([mk("Mul", ["h", "phantom"], ["t2"], name="then_mul")])
    with pytest.raises(shlo.ImportError, match=r"ONNX subgraph of If node 'branch': Mul node 'then_mul' uses "
                       r"value 'phantom'"):
        shlo.from_onnx(model)
    fn = helper.make_function("local", "Broken", ["a"], ["c"], [mk("Add", ["a", "nope"], ["c"], name="inner")],
                              opset_imports=[helper.make_opsetid("", 17)])
    model = _model([mk("Broken", ["x"], ["y"], domain="local")], [_tensor("x", [2])], [_tensor("y", [2])],
                   functions=[fn])
    with pytest.raises(shlo.ImportError, match=r"body of function local.Broken: Add node 'inner' uses value 'nope'"):
        shlo.from_onnx(model)
