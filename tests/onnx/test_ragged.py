"""Ragged sequences (ops/ragged.py): sequences whose tensors differ in one size at run time, or
whose length is a run-time value, held as their tensors joined along that axis plus the lengths.
Each model runs against onnxruntime at two sizes from one import, interpreted and compiled; the
forms that stay out of reach are ImportErrors naming the node, op and opset."""
from __future__ import annotations

import io
import warnings

import numpy as np
import pytest
import onnx
from onnx import TensorProto, helper, numpy_helper

import shlo

F, I64, B = TensorProto.FLOAT, TensorProto.INT64, TensorProto.BOOL


def _vi(name, t, shape):
    return helper.make_tensor_value_info(name, t, shape)


def _seq_vi(name, t=F):
    return helper.make_tensor_sequence_value_info(name, t, None)


def _model(nodes, inputs, outputs, opset=17, initializers=()):
    g = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers))
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=8)


def _ort(model, feeds):
    import onnxruntime as ort
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return sess.run(None, feeds)


def _same(got, want, what):
    assert len(got) == len(want), what
    for g, w in zip(got, want):
        if isinstance(w, list):
            assert isinstance(g, list) and len(g) == len(w), f"{what}: {len(g)} tensors, want {len(w)}"
            _same(g, w, what)
            continue
        g = np.asarray(g)
        assert g.shape == w.shape, f"{what}: shape {g.shape}, want {w.shape}"
        np.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-6, err_msg=what)


def _check(model, feed_sets, compiled=True):
    """One import; every feed set interpreted (and compiled) against onnxruntime."""
    prog = shlo.from_onnx(model)
    fn = shlo.compile(prog) if compiled else None
    names = [i.name for i in model.graph.input]
    for feeds in feed_sets:
        want = _ort(model, feeds)
        args = [feeds[n] for n in names]
        _same(prog.unflatten_outputs(shlo.interpret(prog, *args)), want, f"interpret {feeds}")
        if fn is not None:
            _same(prog.unflatten_outputs(list(fn(*args))), want, f"compiled {feeds}")
    return prog


def test_repeat_interleave_with_run_time_repeats_torchscript_export():
    """torch.repeat_interleave(x, r) as the TorchScript exporter writes it: SplitToSequence of x
    and r in pieces of one row (a split of run-time length), then a Loop over the rows appending
    each row repeated r[i] times (rows of different lengths), joined by ConcatFromSequence."""
    import torch

    class M(torch.nn.Module):
        def forward(self, x, r):
            return torch.repeat_interleave(x, r, dim=0) * 2

    f = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(M(), (torch.randn(4, 3), torch.tensor([1, 0, 3, 2])), f, dynamo=False, opset_version=17,
                          input_names=["x", "r"], dynamic_axes={"x": {0: "n"}, "r": {0: "n"}})
    m = onnx.load_from_string(f.getvalue())
    assert {"SplitToSequence", "Loop", "ConcatFromSequence"} <= {n.op_type for n in m.graph.node}
    rng = np.random.default_rng(0)
    _check(m, [{"x": rng.standard_normal((4, 3), np.float32), "r": np.array([1, 0, 3, 2])},
               {"x": rng.standard_normal((6, 3), np.float32), "r": np.array([2, 2, 0, 1, 5, 1])}], compiled=False)


def _prefix_loop_model():
    """conformance's test_loop13_seq with a graph input: iteration i appends x[:i + 1] (a
    tensor one longer per iteration) over a run-time trip count; the sequence is a graph output
    and is read by ConcatFromSequence, SequenceAt (from the end), SequenceLength, and stacked
    with new_axis after a SequenceInsert at a run-time position."""
    body = helper.make_graph(
        [helper.make_node("Identity", ["cond"], ["cond_out"]),
         helper.make_node("Add", ["i", "one"], ["end"]),
         helper.make_node("Unsqueeze", ["end", "zero1"], ["ends"]),
         helper.make_node("Slice", ["x", "zero1", "ends"], ["piece"]),
         helper.make_node("SequenceInsert", ["seq", "piece"], ["seq_out"])],
        "body", [_vi("i", I64, []), _vi("cond", B, []), _seq_vi("seq")],
        [_vi("cond_out", B, []), _seq_vi("seq_out")])
    nodes = [helper.make_node("SequenceEmpty", [], ["empty"], dtype=F),
             helper.make_node("Loop", ["n", "", "empty"], ["seq"], body=body),
             helper.make_node("ConcatFromSequence", ["seq"], ["joined"], axis=0),
             helper.make_node("SequenceAt", ["seq", "minus2"], ["at"]),
             helper.make_node("SequenceLength", ["seq"], ["count"]),
             helper.make_node("SequenceErase", ["seq", "p"], ["erased"]),
             helper.make_node("SequenceInsert", ["seq", "x", "p"], ["inserted"])]
    inits = [numpy_helper.from_array(np.array(1, np.int64), "one"),
             numpy_helper.from_array(np.array([0], np.int64), "zero1"),
             numpy_helper.from_array(np.array(-2, np.int64), "minus2")]
    return _model(nodes, [_vi("n", I64, []), _vi("x", F, [6]), _vi("p", I64, [])],
                  [_seq_vi("seq"), _vi("joined", F, None), _vi("at", F, None), _vi("count", I64, []),
                   _seq_vi("erased"), _seq_vi("inserted")], initializers=inits)


def test_loop_appending_tensors_of_growing_length():
    m = _prefix_loop_model()
    x = np.arange(1, 7, dtype=np.float32)
    _check(m, [{"n": np.array(4, np.int64), "x": x, "p": np.array(1, np.int64)},
               {"n": np.array(6, np.int64), "x": -x, "p": np.array(-1, np.int64)}])


def test_split_to_sequence_into_a_run_time_number_of_pieces():
    """A run-time scalar split (pieces of c, the last one shorter: conformance's
    test_split_to_sequence_1), a 1-D split of run-time length (one piece per entry), and no split
    along a run-time size (pieces of one, squeezed)."""
    nodes = [helper.make_node("SplitToSequence", ["x", "c"], ["by_c"], axis=1),
             helper.make_node("SplitToSequence", ["x", "sizes"], ["by_sizes"], axis=1),
             helper.make_node("SequenceAt", ["by_sizes", "k"], ["piece"]),
             helper.make_node("SplitToSequence", ["x"], ["rows"], axis=1, keepdims=0),
             helper.make_node("SequenceLength", ["rows"], ["n_rows"])]
    m = _model(nodes, [_vi("x", F, [3, "w"]), _vi("c", I64, []), _vi("sizes", I64, ["k"]), _vi("k", I64, [])],
               [_seq_vi("by_c"), _seq_vi("by_sizes"), _vi("piece", F, None), _seq_vi("rows"),
                _vi("n_rows", I64, [])])
    x6, x9 = (np.arange(3 * w, dtype=np.float32).reshape(3, w) for w in (6, 9))
    _check(m, [{"x": x6, "c": np.array(4, np.int64), "sizes": np.array([1, 0, 5]), "k": np.array(2, np.int64)},
               {"x": x9, "c": np.array(3, np.int64), "sizes": np.array([2, 3, 1, 1, 2]), "k": np.array(0, np.int64)}])


def test_insert_and_erase_at_run_time_positions_among_tensors_of_different_sizes():
    """conformance's test_sequence_insert_at_front with the position an input: the result's
    tensors differ in size, so the sequence is held joined and spliced at run time."""
    nodes = [helper.make_node("SequenceConstruct", ["a", "b", "c"], ["s"]),
             helper.make_node("SequenceInsert", ["s", "t", "p"], ["ins"]),
             helper.make_node("SequenceErase", ["s", "p"], ["era"])]
    m = _model(nodes, [_vi("a", F, [2, 4]), _vi("b", F, [2, 3]), _vi("c", F, [2, 1]), _vi("t", F, [2, 2]),
                       _vi("p", I64, [])], [_seq_vi("ins"), _seq_vi("era")])
    rng = np.random.default_rng(1)
    xs = {n: rng.standard_normal(s, np.float32) for n, s in (("a", (2, 4)), ("b", (2, 3)), ("c", (2, 1)),
                                                                ("t", (2, 2)))}
    _check(m, [dict(xs, p=np.array(p, np.int64)) for p in (0, 2, -1)], compiled=True)


def test_stacking_rows_of_a_dynamic_batch():
    """Appended rows with one run-time size (a dynamic batch): held joined, then stacked with
    new_axis (every row has the same size, as ONNX requires there)."""
    body = helper.make_graph(
        [helper.make_node("Identity", ["cond"], ["cond_out"]), helper.make_node("Cast", ["i"], ["fi"], to=F),
         helper.make_node("Mul", ["x", "fi"], ["row"]), helper.make_node("SequenceInsert", ["seq", "row"], ["seq_out"])],
        "body", [_vi("i", I64, []), _vi("cond", B, []), _seq_vi("seq")], [_vi("cond_out", B, []), _seq_vi("seq_out")])
    nodes = [helper.make_node("SequenceEmpty", [], ["empty"], dtype=F),
             helper.make_node("Loop", ["n", "", "empty"], ["seq"], body=body),
             helper.make_node("ConcatFromSequence", ["seq"], ["stacked"], axis=1, new_axis=1),
             helper.make_node("ConcatFromSequence", ["seq"], ["joined"], axis=0)]
    m = _model(nodes, [_vi("n", I64, []), _vi("x", F, ["batch"])], [_vi("stacked", F, None), _vi("joined", F, None)])
    _check(m, [{"n": np.array(3, np.int64), "x": np.arange(2, dtype=np.float32)},
               {"n": np.array(5, np.int64), "x": np.arange(4, dtype=np.float32)}])


def test_ragged_forms_out_of_reach_are_import_errors():
    """A tensor of another rank appended to a ragged sequence, and a ragged sequence mapped by
    SequenceMap: ImportErrors that name the op, the opset, the node and the reason."""
    m = _prefix_loop_model()
    g = m.graph
    scalar = numpy_helper.from_array(np.array(5, np.float32), "scalar")
    g.initializer.append(scalar)
    g.node.append(helper.make_node("SequenceInsert", ["seq", "scalar"], ["bad"], name="append_scalar"))
    g.output.append(_seq_vi("bad"))
    with pytest.raises(shlo.ImportError, match=r"SequenceInsert \(opset 17\) node 'append_scalar'.*rank 0"):
        shlo.from_onnx(m)
    m = _prefix_loop_model()
    body = helper.make_graph([helper.make_node("Neg", ["t"], ["u"])], "map", [_vi("t", F, None)], [_vi("u", F, None)])
    m.graph.node.append(helper.make_node("SequenceMap", ["seq"], ["mapped"], body=body, name="map_it"))
    m.graph.output.append(_seq_vi("mapped"))
    with pytest.raises(shlo.ImportError, match=r"SequenceMap \(opset 17\) node 'map_it'.*run-time values"):
        shlo.from_onnx(m)


def _several_sizes_model():
    """A Loop of run-time length appending tensors with two run-time sizes (ops/shaped.py) to three
    sequences: a = x[:, :i + 1] (a dynamic batch and a growing width: the scripted
    `outs.append(x[:, :i + 1]); torch.cat(outs, 1)`), b = x[:i + 1, :i + 2] inserted at the front
    (position a body Constant 0: `outs.insert(0, ...)`), c = x * i (one run-time shape). Read by
    ConcatFromSequence along the growing axis (after one more append) and stacked, SequenceAt at
    a run-time position, SequenceLength, and b returned whole."""
    body = helper.make_graph(
        [helper.make_node("Identity", ["cond"], ["cond_out"]),
         helper.make_node("Add", ["i", "one"], ["i1"]), helper.make_node("Add", ["i", "two"], ["i2"]),
         helper.make_node("Unsqueeze", ["i1", "zero1"], ["e1"]), helper.make_node("Unsqueeze", ["i2", "zero1"], ["e2"]),
         helper.make_node("Concat", ["e1", "e2"], ["ends"], axis=0),
         helper.make_node("Slice", ["x", "zero1", "e1", "one1"], ["a_t"]),
         helper.make_node("Slice", ["x", "zero2", "ends", "axes01"], ["b_t"]),
         helper.make_node("Cast", ["i"], ["fi"], to=F), helper.make_node("Mul", ["x", "fi"], ["c_t"]),
         helper.make_node("Constant", [], ["front"], value=numpy_helper.from_array(np.array(0, np.int64))),
         helper.make_node("SequenceInsert", ["a", "a_t"], ["a_out"]),
         helper.make_node("SequenceInsert", ["b", "b_t", "front"], ["b_out"]),
         helper.make_node("SequenceInsert", ["c", "c_t"], ["c_out"])],
        "body", [_vi("i", I64, []), _vi("cond", B, []), _seq_vi("a"), _seq_vi("b"), _seq_vi("c")],
        [_vi("cond_out", B, []), _seq_vi("a_out"), _seq_vi("b_out"), _seq_vi("c_out")])
    nodes = [helper.make_node("SequenceEmpty", [], ["empty"], dtype=F),
             helper.make_node("Loop", ["n", "", "empty", "empty", "empty"], ["a", "b", "c"], body=body),
             helper.make_node("SequenceInsert", ["a", "x"], ["a2"]),
             helper.make_node("ConcatFromSequence", ["a2"], ["joined"], axis=-1),
             helper.make_node("ConcatFromSequence", ["c"], ["stacked"], axis=1, new_axis=1),
             helper.make_node("SequenceAt", ["b", "p"], ["picked"]),
             helper.make_node("SequenceLength", ["b"], ["count"])]
    inits = [numpy_helper.from_array(np.array(v, np.int64), name) for v, name in
             ((1, "one"), (2, "two"), ([0], "zero1"), ([1], "one1"), ([0, 0], "zero2"), ([0, 1], "axes01"))]
    return _model(nodes, [_vi("n", I64, []), _vi("x", F, ["rows", "cols"]), _vi("p", I64, [])],
                  [_vi("joined", F, None), _vi("stacked", F, None), _vi("picked", F, None), _vi("count", I64, []),
                   _seq_vi("b")], initializers=inits)


def test_appended_tensors_with_two_run_time_sizes():
    """Each sequence's tensors held flattened with a table of their shapes; one import, three
    sizes (an empty loop too), interpreted and compiled against onnxruntime."""
    m = _several_sizes_model()
    rng = np.random.default_rng(3)
    _check(m, [{"n": np.array(n, np.int64), "x": rng.standard_normal(shape, np.float32), "p": np.array(p, np.int64)}
               for n, shape, p in ((3, (4, 5), -1), (2, (2, 6), 0), (4, (5, 5), 2))])


def test_two_run_time_sizes_scripted_cat_torchscript_export():
    """The scripted `outs.append(x[:, :i + 1] * 2)` over x.shape[1], then torch.cat(outs, 1),
    with a dynamic batch (the rows are [b, i + 1]): an ImportError before ops/shaped.py."""
    import torch
    from typing import List

    class Grow(torch.nn.Module):
        def forward(self, x):
            outs: List[torch.Tensor] = []
            for i in range(x.shape[1]):
                outs.append(x[:, : i + 1] * 2)
            return torch.cat(outs, 1)

    f = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(torch.jit.script(Grow()), (torch.randn(2, 4),), f, dynamo=False, opset_version=17,
                          input_names=["x"], dynamic_axes={"x": {0: "b", 1: "t"}})
    m = onnx.load_from_string(f.getvalue())
    assert {"Loop", "ConcatFromSequence"} <= {n.op_type for n in m.graph.node}
    rng = np.random.default_rng(0)
    _check(m, [{"x": rng.standard_normal(s, np.float32)} for s in ((2, 4), (3, 2), (1, 1))])


def test_appended_tensors_with_two_run_time_sizes_spliced():
    """SequenceInsert and SequenceErase at a run-time position in the middle of such a sequence
    (an ImportError before): the tensor's elements and its shape row spliced in / cut out."""
    m = _several_sizes_model()
    m.graph.node.extend([helper.make_node("SequenceInsert", ["b", "x", "p"], ["spliced"], name="splice"),
                         helper.make_node("SequenceErase", ["spliced", "one"], ["erased"], name="erase"),
                         helper.make_node("SequenceErase", ["erased"], ["popped"], name="pop")])
    m.graph.output.extend([_seq_vi("spliced"), _seq_vi("popped")])
    rng = np.random.default_rng(4)
    _check(m, [{"n": np.array(n, np.int64), "x": rng.standard_normal(shape, np.float32), "p": np.array(p, np.int64)}
               for n, shape, p in ((3, (4, 5), 1), (2, (2, 6), -1), (4, (5, 5), 3))])


def _seeded_loop_model(head=("nx", "k")):
    """A Loop of run-time length appending x[:i + 1, :i + 2] (two run-time sizes) to a sequence
    that starts with known tensors (-x and a constant 2 x 3), then read by SequenceAt at a
    run-time position and SequenceLength, spliced by SequenceInsert at a run-time position q and
    SequenceErase at p, and returned whole."""
    body = helper.make_graph(
        [helper.make_node("Identity", ["cond"], ["cond_out"]),
         helper.make_node("Add", ["i", "one"], ["i1"]), helper.make_node("Add", ["i", "two"], ["i2"]),
         helper.make_node("Unsqueeze", ["i1", "zero1"], ["e1"]), helper.make_node("Unsqueeze", ["i2", "zero1"], ["e2"]),
         helper.make_node("Concat", ["e1", "e2"], ["ends"], axis=0),
         helper.make_node("Slice", ["x", "zero2", "ends", "axes01"], ["t"]),
         helper.make_node("SequenceInsert", ["s", "t"], ["s_out"])],
        "body", [_vi("i", I64, []), _vi("cond", B, []), _seq_vi("s")], [_vi("cond_out", B, []), _seq_vi("s_out")])
    nodes = [helper.make_node("Neg", ["x"], ["nx"]),
             helper.make_node("SequenceConstruct", list(head), ["start"]),
             helper.make_node("Loop", ["n", "", "start"], ["s"], body=body, name="grow"),
             helper.make_node("SequenceAt", ["s", "p"], ["picked"]),
             helper.make_node("SequenceLength", ["s"], ["count"]),
             helper.make_node("SequenceInsert", ["s", "k", "q"], ["ins"]),
             helper.make_node("SequenceErase", ["ins", "p"], ["era"])]
    inits = [numpy_helper.from_array(np.array(v, np.int64), name) for v, name in
             ((1, "one"), (2, "two"), ([0], "zero1"), ([0, 0], "zero2"), ([0, 1], "axes01"))]
    inits += [numpy_helper.from_array(np.arange(6, dtype=np.float32).reshape(2, 3), "k"),
              numpy_helper.from_array(np.arange(3, dtype=np.float32), "v")]
    return _model(nodes, [_vi("n", I64, []), _vi("x", F, ["rows", "cols"]), _vi("p", I64, []), _vi("q", I64, [])],
                  [_vi("picked", F, None), _vi("count", I64, []), _seq_vi("s"), _seq_vi("era")], initializers=inits)


def test_appending_two_run_time_sizes_to_known_tensors():
    """The known tensors flattened into the start of the carried values and shape table
    (ops/shaped.py; an ImportError before: the Loop was only unrolled); an empty loop too."""
    rng = np.random.default_rng(5)
    _check(_seeded_loop_model(), [{"n": np.array(n, np.int64), "x": rng.standard_normal(shape, np.float32),
                                   "p": np.array(p, np.int64), "q": np.array(q, np.int64)}
                                  for n, shape, p, q in ((3, (4, 5), -1, 1), (2, (2, 6), 0, -2), (4, (5, 5), 3, 3),
                                                         (0, (3, 3), 1, 0))])


def test_appending_two_run_time_sizes_to_tensors_of_another_rank_is_an_import_error():
    with pytest.raises(shlo.ImportError, match=r"Loop \(opset 17\) node 'grow'.*first tensors differ from them in "
                                               r"rank"):
        shlo.from_onnx(_seeded_loop_model(head=("nx", "v")))


def test_scripted_list_of_known_tensors_then_two_run_time_sizes_torchscript_export():
    """`outs = [x * 2, x[:1, :1]]; for i in range(t): outs.append(x[:i + 1, :t - i] + 1)`, then
    `outs.insert(1, ...)`, `del outs[2]` and a second loop over the list (TorchScript exporter;
    the Loop could not be converted before)."""
    import torch
    from typing import List

    class M(torch.nn.Module):
        def forward(self, x):
            outs: List[torch.Tensor] = [x * 2, x[:1, :1]]
            for i in range(x.shape[1]):
                outs.append(x[: i + 1, : x.shape[1] - i] + 1)
            outs.insert(1, x[:2, :3])
            del outs[2]
            acc = torch.zeros(1)
            for t in outs:
                acc = acc + t.sum() + t.shape[0] * 10 + t.shape[1]
            return acc, outs[-1], len(outs)

    f = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(torch.jit.script(M()), (torch.randn(3, 4),), f, dynamo=False, opset_version=17,
                          input_names=["x"], dynamic_axes={"x": {0: "b", 1: "t"}})
    m = onnx.load_from_string(f.getvalue())
    assert {"Loop", "SequenceInsert", "SequenceErase"} <= {n.op_type for n in m.graph.node}
    rng = np.random.default_rng(6)
    _check(m, [{"x": rng.standard_normal(s, np.float32)} for s in ((3, 4), (5, 2), (4, 4))])


def _headed_loop_model(tail_op="SequenceInsert"):
    """conformance's test_loop16_seq_none with a sequence graph input: a run-time number of
    x[:i + 1] appended to a sequence that starts with a scalar and a 3-vector (tensors of other
    ranks than the tail's), read by SequenceLength and SequenceAt at known positions in the
    head and in the tail, and returned whole."""
    step = {"SequenceInsert": [helper.make_node("SequenceInsert", ["seq", "piece"], ["seq_out"])],
            # the head changed, then appended to: refused
            "SequenceErase": [helper.make_node("SequenceErase", ["seq", "zero"], ["erased"]),
                              helper.make_node("SequenceInsert", ["erased", "piece"], ["seq_out"])],
            "SequenceConstruct": [helper.make_node("SequenceConstruct", ["piece"], ["fresh"]),
                                  helper.make_node("SequenceInsert", ["fresh", "piece"], ["seq_out"])]}[tail_op]
    body = helper.make_graph(
        [helper.make_node("Identity", ["cond"], ["cond_out"]),
         helper.make_node("Add", ["i", "one"], ["end"]),
         helper.make_node("Unsqueeze", ["end", "zero1"], ["ends"]),
         helper.make_node("Slice", ["x", "zero1", "ends"], ["piece"])] + step,
        "body", [_vi("i", I64, []), _vi("cond", B, []), _seq_vi("seq")],
        [_vi("cond_out", B, []), _seq_vi("seq_out")])
    nodes = [helper.make_node("Loop", ["n", "", "start"], ["seq"], body=body),
             helper.make_node("SequenceLength", ["seq"], ["count"]),
             helper.make_node("SequenceAt", ["seq", "one"], ["second"]),
             helper.make_node("SequenceAt", ["seq", "three"], ["fourth"])]
    inits = [numpy_helper.from_array(np.array(v, np.int64), name) for v, name in
             ((1, "one"), ([0], "zero1"), (0, "zero"), (3, "three"))]
    return _model(nodes, [_vi("n", I64, []), _vi("x", F, [6]), _seq_vi("start")],
                  [_seq_vi("seq"), _vi("count", I64, []), _vi("second", F, None), _vi("fourth", F, None)],
                  initializers=inits)


def test_loop_appending_to_a_sequence_with_a_head_of_other_ranks():
    m = _headed_loop_model()
    prog = shlo.from_onnx(m, input_structure={"start": [(), (3,)]})
    fn = shlo.compile(prog)
    x = np.arange(1, 7, dtype=np.float32)
    start = [np.array(7, np.float32), np.array([8, 9, 10], np.float32)]
    for n in (4, 2):
        feeds = {"n": np.array(n, np.int64), "x": x * n, "start": start}
        want = _ort(m, feeds)
        assert len(want[0]) == 2 + n
        args = prog.flatten_inputs(feeds["n"], feeds["x"], start)
        _same(prog.unflatten_outputs(shlo.interpret(prog, *args)), want, f"interpret n={n}")
        _same(prog.unflatten_outputs(list(fn(*args))), want, f"compiled n={n}")


def test_loop_changing_a_sequence_head_is_an_import_error():
    with pytest.raises(shlo.ImportError, match=r"SequenceErase.*a Loop appended to it"):
        shlo.from_onnx(_headed_loop_model("SequenceErase"), input_structure={"start": [(), (3,)]})
    with pytest.raises(shlo.ImportError, match=r"Loop.*may only append to the sequence it is given"):
        shlo.from_onnx(_headed_loop_model("SequenceConstruct"), input_structure={"start": [(), (3,)]})


def test_scripted_list_starting_with_the_state_stacked_and_joined():
    """`outs = [h]; for i in range(x.shape[0]): h = f(outs[-1], x[i]); outs.append(h)` then
    torch.stack / torch.cat (a scripted RNN's decoding loop, TorchScript exporter): a Loop over a
    run-time count appending to a sequence that starts with a tensor. The rows' ? batch is the
    one run-time size, so the sequence is headed (ragged.Headed); SequenceAt(-1) in the body reads
    head and tail as one ragged sequence; ConcatFromSequence joins the head and the tail, the tail
    cut at the head's size (right also when the loop runs no iteration)."""
    import torch
    from typing import List

    class M(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.w = torch.nn.Parameter(torch.randn(4, 4) * 0.5)

        def forward(self, x, h):
            outs: List[torch.Tensor] = [h]
            for i in range(x.shape[0]):
                h = torch.tanh(outs[-1] @ self.w + x[i])
                outs.append(h)
            return torch.stack(outs, 0), torch.cat(outs, 1)

    torch.manual_seed(0)
    f = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(torch.jit.script(M()), (torch.randn(3, 2, 4), torch.randn(2, 4)), f, dynamo=False,
                          opset_version=17, input_names=["x", "h"], dynamic_axes={"x": {0: "t", 1: "b"}, "h": {0: "b"}})
    m = onnx.load_from_string(f.getvalue())
    assert {"SequenceConstruct", "Loop", "ConcatFromSequence"} <= {n.op_type for n in m.graph.node}
    rng = np.random.default_rng(0)
    _check(m, [{"x": rng.standard_normal((t, b, 4)).astype(np.float32), "h": rng.standard_normal((b, 4)).astype(np.float32)}
               for t, b in ((3, 2), (0, 3))])


@pytest.mark.parametrize("ragged_rows", [False, True])
def test_loop_inserting_at_the_front(ragged_rows):
    """A scripted `outs.insert(0, t)` in a loop of run-time length (SequenceInsert at a position
    known to be 0): rows of one static shape are a scan output read in the other order; rows
    x[:i + 1] of growing length are joined with each new one first."""
    piece = (helper.make_node("Slice", ["x", "zero1", "ends"], ["piece"]) if ragged_rows
             else helper.make_node("Mul", ["x", "fi"], ["piece"]))
    body = helper.make_graph(
        [helper.make_node("Identity", ["cond"], ["cond_out"]),
         helper.make_node("Add", ["i", "one"], ["end"]),
         helper.make_node("Unsqueeze", ["end", "zero1"], ["ends"]),
         helper.make_node("Cast", ["end"], ["fi"], to=F), piece,
         helper.make_node("Constant", [], ["front"], value=numpy_helper.from_array(np.array(0, np.int64))),
         helper.make_node("SequenceInsert", ["seq", "piece", "front"], ["seq_out"])],
        "body", [_vi("i", I64, []), _vi("cond", B, []), _seq_vi("seq")],
        [_vi("cond_out", B, []), _seq_vi("seq_out")])
    nodes = [helper.make_node("SequenceEmpty", [], ["empty"], dtype=F),
             helper.make_node("Loop", ["n", "", "empty"], ["seq"], body=body),
             helper.make_node("ConcatFromSequence", ["seq"], ["joined"], axis=0)]
    inits = [numpy_helper.from_array(np.array(1, np.int64), "one"), numpy_helper.from_array(np.array([0], np.int64), "zero1")]
    m = _model(nodes, [_vi("n", I64, []), _vi("x", F, [6])], [_seq_vi("seq"), _vi("joined", F, None)], initializers=inits)
    x = np.arange(1, 7, dtype=np.float32)
    _check(m, [{"n": np.array(4, np.int64), "x": x}, {"n": np.array(2, np.int64), "x": -x}])
