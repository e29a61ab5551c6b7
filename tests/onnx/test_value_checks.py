"""Run-time index checks (importers/onnx/checks.py): indices that onnxruntime rejects (outside
[-size, size - 1]) are a ShloError naming the node, interpreted and compiled, at the top level
and inside Loop / Scan / If bodies (the checks hoisted out of the shlo regions); indices known at
import time and in range get no check."""
from __future__ import annotations

import numpy as np
import pytest
from onnx import TensorProto, helper

import shlo
from shlo.importers.onnx.checks import checks_left_in_regions
from shlo.interpreter.ops.control import CheckFailure

F, I64, B = TensorProto.FLOAT, TensorProto.INT64, TensorProto.BOOL


def _vi(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def _model(nodes, inputs, outputs, initializers=(), opset=17):
    g = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers))
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])


def _ort(model, feeds):
    import onnxruntime as ort
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return sess.run(None, feeds)


def _agree(prog, run, model, feeds):
    want = _ort(model, feeds)
    args = [feeds[n] for n in prog.input_names]
    for got in (shlo.interpret(prog, *args), run(*args)):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            np.testing.assert_array_equal(np.asarray(g), w)


def _refused(prog, run, model, feeds, message):
    with pytest.raises(Exception, match="(?i)out of|invalid ind"):
        _ort(model, feeds)
    args = [feeds[n] for n in prog.input_names]
    for f in (lambda *a: shlo.interpret(prog, *a), run):
        with pytest.raises(shlo.ShloError, match=message):
            f(*args)


def _checks(prog):
    """The check.asserts of @main: the parent op names of the compiled ones (moved to the top
    level) and of the interpreter's copies left where the importer made them."""
    from mlir import ir

    from shlo import _shlo_ext
    from shlo.importers.run_time_checks import IN_PLACE
    moved, in_place = [], []
    for op in _shlo_ext.ops_named(prog.module.operation, ["shlo.custom_call"]):
        op = op.operation
        if ir.StringAttr(op.attributes["call_target_name"]).value == "check.assert":
            (in_place if IN_PLACE in op.attributes else moved).append(op.parent.name)
    return moved, in_place


def _loop_model():
    """A Loop whose body gathers x's elements by the outer `idx` and sums them into its state."""
    body = helper.make_graph(
        [helper.make_node("GatherElements", ["x", "idx"], ["g"], axis=1, name="ge"),
         helper.make_node("Add", ["acc", "g"], ["acc2"]), helper.make_node("Identity", ["c"], ["c2"])], "body",
        [_vi("it", I64, []), _vi("c", B, []), _vi("acc", F, [2, 2])], [_vi("c2", B, []), _vi("acc2", F, [2, 2])])
    return _model([helper.make_node("Loop", ["n", "", "a0"], ["out"], body=body)],
                  [_vi("n", I64, []), _vi("x", F, [2, 3]), _vi("idx", I64, [2, 2]), _vi("a0", F, [2, 2])],
                  [_vi("out", F, [2, 2])])


def test_check_inside_a_loop_body():
    m = _loop_model()
    prog = shlo.from_onnx(m)
    # moved after the loop for compiled code; its copy in the body for the interpreter
    assert _checks(prog) == (["func.func"], ["shlo.while"])
    run = shlo.compile(prog)
    x, a0 = np.arange(6, dtype=np.float32).reshape(2, 3), np.zeros((2, 2), np.float32)
    for n in (3, 0):
        _agree(prog, run, m, {"n": np.array(n), "x": x, "idx": np.array([[0, 2], [-3, -1]]), "a0": a0})
    bad = {"n": np.array(3), "x": x, "idx": np.array([[0, 1], [3, 1]]), "a0": a0}
    _refused(prog, run, m, bad, r"GatherElements \(opset 17\) node 'ge': indices must be in \[-3, 2\] along axis 1; "
                                r"found values from 0 to 3")
    # a loop that runs no iteration checks nothing, as onnxruntime runs no body
    _agree(prog, run, m, {**bad, "n": np.array(0)})


def _scan_if_model():
    """A Scan over rows of indices whose body, by the outer `c`, Gathers x by the row or GatherNDs
    x by its entries as index vectors: checks inside an If inside the Scan's while."""
    then = helper.make_graph([helper.make_node("Gather", ["x", "row"], ["t"], axis=0, name="ga")], "then", [],
                             [_vi("t", F, [2])])
    else_ = helper.make_graph(
        [helper.make_node("Unsqueeze", ["row", "one"], ["r2"]),
         helper.make_node("GatherND", ["x", "r2"], ["e"], name="gnd")], "else", [], [_vi("e", F, [2])])
    body = helper.make_graph([helper.make_node("If", ["c"], ["y"], then_branch=then, else_branch=else_)], "body",
                             [_vi("row", I64, [2])], [_vi("y", F, [2])])
    scan = helper.make_node("Scan", ["rows"], ["ys"], body=body, num_scan_inputs=1)
    one = helper.make_tensor("one", I64, [1], [1])
    return _model([scan], [_vi("c", B, []), _vi("x", F, [3]), _vi("rows", I64, ["n", 2])], [_vi("ys", F, ["n", 2])],
                  [one])


def test_checks_inside_if_branches_inside_a_scan():
    m = _scan_if_model()
    prog = shlo.from_onnx(m)
    assert _checks(prog) == (["func.func"] * 2, ["shlo.if"] * 2 + ["shlo.while"] * 2)
    run = shlo.compile(prog)
    x = np.array([10, 20, 30], np.float32)
    good, bad = np.array([[0, 2], [-1, -3], [1, 1]]), np.array([[0, 2], [1, -4], [3, 0]])
    for c in (True, False):
        _agree(prog, run, m, {"c": np.array(c), "x": x, "rows": good})
    # the first failing row's values: its least and greatest index (row 1: -4 .. 1)
    _refused(prog, run, m, {"c": np.array(True), "x": x, "rows": bad},
             r"Gather \(opset 17\) node 'ga': indices must be in \[-3, 2\] along axis 0; found values from -4 to 1")
    _refused(prog, run, m, {"c": np.array(False), "x": x, "rows": bad},
             r"GatherND \(opset 17\) node 'gnd': index vector entries must be in \[-size, size - 1\] for the sizes "
             r"3 of dimension 0; found entries from -4 to 1")


SCATTERS = {
    "Gather": (lambda: [np.array([[0, -3], [2, 3]])], [_vi("i", I64, [2, 2])], {"axis": 1},
               r"Gather \(opset 17\) node 'n': indices must be in \[-3, 2\] along axis 1; found values from -3 to 3"),
    "GatherND": (lambda: [np.array([[1, 2], [-3, 0]])], [_vi("i", I64, [2, 2])], {},
                 r"sizes \[2, 3\] of dimensions 0..1; found entries from \[-3, 0\] to \[1, 2\]"),
    "ScatterElements": (lambda: [np.array([[0, -4]]), np.ones((1, 2), np.float32)],
                        [_vi("i", I64, [1, 2]), _vi("u", F, [1, 2])], {"axis": 1},
                        r"ScatterElements \(opset 17\) node 'n': indices must be in \[-3, 2\] along axis 1"),
    "ScatterND": (lambda: [np.array([[1, 3]]), np.ones((1,), np.float32)], [_vi("i", I64, [1, 2]), _vi("u", F, [1])],
                  {}, r"ScatterND \(opset 17\) node 'n': .* for the sizes \[2, 3\] of dimensions 0..1; "
                      r"found entries from \[1, 3\] to \[1, 3\]"),
}


@pytest.mark.parametrize("op", sorted(SCATTERS))
def test_top_level_index_checks(op):
    """Out of range: onnxruntime fails, we raise naming the node (interpreted; compiled for one
    op); the same ops in range match it."""
    make, vis, attrs, message = SCATTERS[op]
    names = [v.name for v in vis]
    m = _model([helper.make_node(op, ["x"] + names, ["y"], name="n", **attrs)], [_vi("x", F, [2, 3])] + vis,
               [_vi("y", F, None)])
    prog = shlo.from_onnx(m)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    bad = dict(zip(["x"] + names, [x] + make()))
    good = {**bad, "i": np.where(bad["i"] >= 3, 2, np.where(bad["i"] < -3, -3, bad["i"]))}
    if op == "GatherND":
        bad["i"] = np.array([[1, 2], [-3, 0]])      # -3 is out of range in dimension 0 (size 2)
        good["i"] = np.array([[1, 2], [-2, 0]])
    run = shlo.compile(prog) if op == "ScatterND" else (lambda *a: shlo.interpret(prog, *a))
    _agree(prog, run, m, good)
    _refused(prog, run, m, bad, message)


def test_constant_indices_in_range_are_not_checked():
    x = _vi("x", F, [2, 3])
    ok = helper.make_tensor("i", I64, [2], [2, -3])
    m = _model([helper.make_node("Gather", ["x", "i"], ["y"], axis=1)], [x], [_vi("y", F, None)], [ok])
    assert "check.assert" not in str(shlo.from_onnx(m).module)
    # known and out of range: onnxruntime fails when the node runs, and so do we
    bad = helper.make_tensor("i", I64, [2], [2, 3])
    m = _model([helper.make_node("Gather", ["x", "i"], ["y"], axis=1, name="g")], [x], [_vi("y", F, None)], [bad])
    prog = shlo.from_onnx(m)
    _refused(prog, lambda *a: shlo.interpret(prog, *a), m, {"x": np.zeros((2, 3), np.float32)},
             r"node 'g': indices must be in \[-3, 2\] along axis 1; found values from 2 to 3")


def _until_model():
    """A Loop with no trip count: it runs while x[it] > 0, summing x[it]. x all positive, it reads
    past the end, where onnxruntime fails; a clamped read (x[2] > 0) would go on forever."""
    body = helper.make_graph(
        [helper.make_node("Gather", ["x", "it"], ["v"], axis=0, name="g"),
         helper.make_node("Greater", ["v", "zero"], ["c2"]), helper.make_node("Add", ["s", "v"], ["s2"])], "body",
        [_vi("it", I64, []), _vi("c", B, []), _vi("s", F, [])], [_vi("c2", B, []), _vi("s2", F, [])])
    return _model([helper.make_node("Loop", ["", "c0", "s0"], ["out"], body=body)],
                  [_vi("x", F, [3]), _vi("c0", B, []), _vi("s0", F, [])], [_vi("out", F, [])],
                  [helper.make_tensor("zero", F, [], [0.0])])


def test_condition_only_loop_ends_at_the_first_failed_check():
    m = _until_model()
    prog = shlo.from_onnx(m)
    # the while's condition reads the carried "every check held" flag (else the bad run below would not end)
    cond = str(prog.module).split("shlo.while")[1].split("} {")[0]
    assert "shlo.and" in cond, cond
    run = shlo.compile(prog)
    feeds = {"c0": np.array(True), "s0": np.array(0, np.float32)}
    _agree(prog, run, m, {**feeds, "x": np.array([1, 2, 0], np.float32)})
    _refused(prog, run, m, {**feeds, "x": np.array([1, 2, 3], np.float32)},
             r"Gather \(opset 17\) node 'g': indices must be in \[-3, 2\] along axis 0; found values from 3 to 3")


def test_loop_reports_the_check_that_failed_first():
    """Node 'a' (first in the body) reads x[2 * it] and fails at iteration 2; node 'b' reads x[it + 2]
    and fails at iteration 1. onnxruntime stops at 'b'; so does the loop, which ends after the
    iteration where a check first fails, before 'a' fails."""
    two = helper.make_tensor("two", I64, [], [2])
    body = helper.make_graph(
        [helper.make_node("Mul", ["it", "two"], ["ia"]), helper.make_node("Gather", ["x", "ia"], ["va"], name="a"),
         helper.make_node("Add", ["it", "two"], ["ib"]), helper.make_node("Gather", ["x", "ib"], ["vb"], name="b"),
         helper.make_node("Add", ["va", "vb"], ["v"]), helper.make_node("Add", ["s", "v"], ["s2"]),
         helper.make_node("Identity", ["c"], ["c2"])], "body",
        [_vi("it", I64, []), _vi("c", B, []), _vi("s", F, [])], [_vi("c2", B, []), _vi("s2", F, [])])
    m = _model([helper.make_node("Loop", ["n", "", "s0"], ["out"], body=body)],
               [_vi("n", I64, []), _vi("x", F, [3]), _vi("s0", F, [])], [_vi("out", F, [])], [two])
    prog = shlo.from_onnx(m)
    run = shlo.compile(prog)
    feeds = {"x": np.array([1, 2, 4], np.float32), "s0": np.array(0, np.float32)}
    _agree(prog, run, m, {**feeds, "n": np.array(1)})
    _refused(prog, run, m, {**feeds, "n": np.array(5)},
             r"Gather \(opset 17\) node 'b': indices must be in \[-3, 2\] along axis 0; found values from 3 to 3")


def test_shape_assertion_inside_a_loop_body_is_checked_like_a_value():
    """A Squeeze without axes over a `?` size inside a Loop body: its shape_assertion (that the size
    is not 1) reads a size made in the body, so it becomes a check hoisted out of the loop (it
    could not compile there: assertions are checked before the native code runs)."""
    body = helper.make_graph(
        [helper.make_node("Unsqueeze", ["xs", "ax"], ["u"]), helper.make_node("Squeeze", ["u"], ["q"], name="sq"),
         helper.make_node("ReduceSum", ["q"], ["r"], keepdims=0), helper.make_node("Add", ["s", "r"], ["s2"]),
         helper.make_node("Identity", ["c"], ["c2"])], "body",
        [_vi("it", I64, []), _vi("c", B, []), _vi("s", F, [])], [_vi("c2", B, []), _vi("s2", F, [])])
    m = _model([helper.make_node("Loop", ["n", "", "s0"], ["out"], body=body)],
               [_vi("n", I64, []), _vi("xs", F, ["k"]), _vi("s0", F, [])], [_vi("out", F, [])],
               [helper.make_tensor("ax", I64, [1], [1])])
    prog = shlo.from_onnx(m)
    text = str(prog.module)
    assert "shape_assertion" not in text and "shlo.return" in text.split("check.assert")[0]
    run = shlo.compile(prog)
    feeds = {"n": np.array(2), "s0": np.array(0, np.float32)}
    _agree(prog, run, m, {**feeds, "xs": np.array([1, 2, 3], np.float32)})
    # a size 1 would change the rank (onnxruntime drops it): a run-time error naming the node
    args = [{**feeds, "xs": np.array([5], np.float32)}[n] for n in prog.input_names]
    for f in (lambda *a: shlo.interpret(prog, *a), run):
        with pytest.raises(shlo.ShloError, match=r"Squeeze \(opset 17\) node 'sq': .* one is 1 \(dimension 0 = 1\)"):
            f(*args)


SIZE_CHECKS = {     # op, its inputs (x first), the bad feeds, the good ones, the message
    "Reshape": ([_vi("x", F, ["a"]), _vi("s", I64, [2])], {"x": np.zeros(6, np.float32), "s": np.array([4, 2])},
                {"s": np.array([3, -1])}, r"cannot reshape a tensor of shape 6 to the shape \[4, 2\]"),
    "Expand": ([_vi("x", F, ["a"]), _vi("s", I64, [2])], {"x": np.zeros(3, np.float32), "s": np.array([2, 4])},
               {"s": np.array([2, 1])}, r"Expand's input shape and shape input 3 and \[2, 4\] do not broadcast"),
    "Add": ([_vi("x", F, ["a"]), _vi("z", F, ["b"])], {"x": np.zeros(3, np.float32), "z": np.ones(4, np.float32)},
            {"z": np.ones(1, np.float32)}, r"the operands' shapes 3 and 4 do not broadcast"),
}


@pytest.mark.parametrize("op", sorted(SIZE_CHECKS))
def test_run_time_sizes_that_do_not_agree(op):
    """Reshape / Expand / broadcasting over `?` sizes that do not agree: onnxruntime refuses the
    node, and so do we, naming it (compiled code would read past its operand)."""
    vis, bad, good, message = SIZE_CHECKS[op]
    m = _model([helper.make_node(op, [v.name for v in vis], ["y"], name="n")], vis, [_vi("y", F, None)])
    prog = shlo.from_onnx(m)
    run = shlo.compile(prog)
    _agree(prog, run, m, {**bad, **good})
    with pytest.raises(Exception):
        _ort(m, bad)
    args = [bad[n] for n in prog.input_names]
    for f in (lambda *a: shlo.interpret(prog, *a), run):
        with pytest.raises(shlo.ShloError, match=rf"{op} \(opset 17\) node 'n': " + message):
            f(*args)


def test_reshape_inside_a_loop_body_to_a_run_time_shape():
    """A Loop body reshapes x by a shape read row by row: a row whose count differs ends the loop
    and raises naming the node (compiled, the check moved after the loop; interpreted, its copy
    in the body, before the reshape)."""
    body = helper.make_graph(
        [helper.make_node("Gather", ["shapes", "it"], ["s"], axis=0), helper.make_node("Reshape", ["x", "s"], ["r"], name="rs"),
         helper.make_node("ReduceSum", ["r"], ["t"], keepdims=0), helper.make_node("Add", ["acc", "t"], ["acc2"]),
         helper.make_node("Identity", ["c"], ["c2"])], "body",
        [_vi("it", I64, []), _vi("c", B, []), _vi("acc", F, [])], [_vi("c2", B, []), _vi("acc2", F, [])])
    m = _model([helper.make_node("Loop", ["n", "", "a0"], ["out"], body=body)],
               [_vi("n", I64, []), _vi("x", F, [6]), _vi("shapes", I64, [3, 2]), _vi("a0", F, [])], [_vi("out", F, [])])
    prog = shlo.from_onnx(m)
    run = shlo.compile(prog)
    feeds = {"n": np.array(3), "x": np.arange(6, dtype=np.float32), "a0": np.array(0, np.float32)}
    _agree(prog, run, m, {**feeds, "shapes": np.array([[2, 3], [3, -1], [6, 1]])})
    bad = {**feeds, "shapes": np.array([[2, 3], [4, 2], [6, 1]])}
    with pytest.raises(Exception):
        _ort(m, bad)
    args = [bad[n] for n in prog.input_names]
    for f in (lambda *a: shlo.interpret(prog, *a), run):
        with pytest.raises(CheckFailure, match=r"Reshape \(opset 17\) node 'rs': cannot reshape a tensor of shape 6 "
                                                   r"to the shape \[4, 2\]"):
            f(*args)


def test_condition_only_loop_inside_a_loop_ends_both():
    """An outer Loop over i whose body runs an inner Loop while x[i + j] > 0: at i = 3 the inner one
    reads past x (onnxruntime fails; clamped reads would never end). The check is hoisted out of
    both loops and each ends at the first failure."""
    inner = helper.make_graph(
        [helper.make_node("Add", ["i", "j"], ["ij"]), helper.make_node("Gather", ["x", "ij"], ["v"], axis=0, name="g"),
         helper.make_node("Greater", ["v", "zero"], ["c2"]), helper.make_node("Add", ["s", "v"], ["s2"])], "inner",
        [_vi("j", I64, []), _vi("c", B, []), _vi("s", F, [])], [_vi("c2", B, []), _vi("s2", F, [])])
    outer = helper.make_graph(
        [helper.make_node("Loop", ["", "t", "acc"], ["acc2"], body=inner), helper.make_node("Identity", ["c"], ["c2"])],
        "outer", [_vi("i", I64, []), _vi("c", B, []), _vi("acc", F, [])], [_vi("c2", B, []), _vi("acc2", F, [])])
    m = _model([helper.make_node("Loop", ["n", "", "a0"], ["out"], body=outer)],
               [_vi("n", I64, []), _vi("x", F, [5]), _vi("a0", F, [])], [_vi("out", F, [])],
               [helper.make_tensor("zero", F, [], [0.0]), helper.make_tensor("t", B, [], [True])])
    prog = shlo.from_onnx(m)
    assert _checks(prog) == (["func.func"], ["shlo.while"] * 2)
    run = shlo.compile(prog)
    feeds = {"a0": np.array(0, np.float32)}
    _agree(prog, run, m, {**feeds, "n": np.array(3), "x": np.array([1, 2, 0, 3, 0], np.float32)})
    _refused(prog, run, m, {**feeds, "n": np.array(4), "x": np.array([1, 2, 0, 3, 4], np.float32)},
             r"Gather \(opset 17\) node 'g': indices must be in \[-5, 4\] along axis 0; found values from 5 to 5")


def _seq_type():
    return helper.make_sequence_type_proto(helper.make_tensor_type_proto(F, None))


def _growing_loop():
    """A Loop carrying a tensor that grows by a row per iteration (a `?` size in the body), whose
    body Gathers x by the outer idx and appends it."""
    body = helper.make_graph(
        [helper.make_node("Gather", ["x", "idx"], ["g"], axis=0, name="ga"),
         helper.make_node("Concat", ["acc", "g"], ["acc2"], axis=0), helper.make_node("Identity", ["c"], ["c2"])],
        "body", [_vi("it", I64, []), _vi("c", B, []), _vi("acc", F, None)], [_vi("c2", B, []), _vi("acc2", F, None)])
    m = _model([helper.make_node("Loop", ["n", "", "a0"], ["out"], body=body)],
               [_vi("n", I64, []), _vi("x", F, [3]), _vi("idx", I64, [1]), _vi("a0", F, [0])], [_vi("out", F, None)])
    good = {"n": np.array(3), "x": np.array([1, 2, 3], np.float32), "idx": np.array([-3]), "a0": np.zeros(0, np.float32)}
    return m, good, {**good, "idx": np.array([3])}, r"Gather \(opset 17\) node 'ga': indices must be in \[-3, 2\]"


def _ragged_sequence_loop():
    """A Loop with a run-time trip count appending x[:it + 1] gathered by idx to a sequence (rows of
    a run-time length each): the index leaves the row's range when idx > 0 at iteration 0."""
    zero1 = helper.make_tensor("zero1", I64, [1], [0])
    body = helper.make_graph(
        [helper.make_node("Add", ["it", "one"], ["it1"]), helper.make_node("Unsqueeze", ["it1", "zero1"], ["e"]),
         helper.make_node("Slice", ["x", "zero1", "e"], ["xs"]),
         helper.make_node("Gather", ["xs", "idx"], ["g"], axis=0, name="gq"),
         helper.make_node("SequenceInsert", ["s", "g"], ["s2"]), helper.make_node("Identity", ["c"], ["c2"])], "body",
        [_vi("it", I64, []), _vi("c", B, []), helper.make_value_info("s", _seq_type())],
        [_vi("c2", B, []), helper.make_value_info("s2", _seq_type())],
        initializer=[helper.make_tensor("one", I64, [], [1])])
    m = _model([helper.make_node("SequenceEmpty", [], ["s0"], dtype=F),
                helper.make_node("Loop", ["n", "", "s0"], ["sq"], body=body),
                helper.make_node("ConcatFromSequence", ["sq"], ["y"], axis=0)],
               [_vi("n", I64, []), _vi("x", F, [4]), _vi("idx", I64, [1])], [_vi("y", F, None)], [zero1])
    good = {"n": np.array(3), "x": np.array([1, 2, 3, 4], np.float32), "idx": np.array([0])}
    return m, good, {**good, "idx": np.array([1])}, r"Gather \(opset 17\) node 'gq': indices must be in \[-1, 0\]"


def _sequence_map():
    """SequenceMap over the rows of x, Gathering each by the outer idx."""
    body = helper.make_graph([helper.make_node("Gather", ["t", "idx"], ["o"], axis=0, name="gm")], "m",
                             [_vi("t", F, ["k"])], [_vi("o", F, None)])
    m = _model([helper.make_node("SplitToSequence", ["x"], ["s"], axis=0, keepdims=0),
                helper.make_node("SequenceMap", ["s"], ["s2"], body=body),
                helper.make_node("ConcatFromSequence", ["s2"], ["y"], axis=0)],
               [_vi("x", F, [3, 4]), _vi("idx", I64, [1])], [_vi("y", F, None)])
    good = {"x": np.arange(12, dtype=np.float32).reshape(3, 4), "idx": np.array([-4])}
    return m, good, {**good, "idx": np.array([4])}, r"Gather \(opset 17\) node 'gm': indices must be in \[-4, 3\]"


def _nested_in_a_growing_loop(bad_branch):
    """A Loop carrying a growing tensor whose body has an If: its then-branch Expands that `?`-sized
    tensor to the outer shape `shp`; its else-branch runs an inner Loop Gathering it by the inner
    iteration number (out of range once it passes the tensor's length)."""
    zero1 = helper.make_tensor("zero1", I64, [1], [0])
    then = helper.make_graph([helper.make_node("Expand", ["acc", "shp"], ["t"], name="ex"),
                              helper.make_node("ReduceSum", ["t"], ["q"], keepdims=0),
                              helper.make_node("Unsqueeze", ["q", "zero1"], ["r"])], "then", [], [_vi("r", F, None)])
    inner = helper.make_graph([helper.make_node("Gather", ["acc", "j"], ["v"], axis=0, name="gi"),
                               helper.make_node("Add", ["t", "v"], ["t2"]), helper.make_node("Identity", ["c"], ["c2"])],
                              "inner", [_vi("j", I64, []), _vi("c", B, []), _vi("t", F, [])],
                              [_vi("c2", B, []), _vi("t2", F, [])])
    else_ = helper.make_graph([helper.make_node("Loop", ["m", "", "z"], ["w"], body=inner),
                               helper.make_node("Unsqueeze", ["w", "zero1"], ["r"])], "else", [], [_vi("r", F, None)])
    body = helper.make_graph(
        [helper.make_node("If", ["flag"], ["r"], then_branch=then, else_branch=else_),
         helper.make_node("Concat", ["acc", "r"], ["acc2"], axis=0), helper.make_node("Identity", ["c"], ["c2"])],
        "body", [_vi("it", I64, []), _vi("c", B, []), _vi("acc", F, None)], [_vi("c2", B, []), _vi("acc2", F, None)])
    m = _model([helper.make_node("Loop", ["n", "", "a0"], ["out"], body=body)],
               [_vi("n", I64, []), _vi("flag", B, []), _vi("m", I64, []), _vi("shp", I64, [2]), _vi("a0", F, [1])],
               [_vi("out", F, None)], [zero1, helper.make_tensor("z", F, [], [0.0])])
    good = {"n": np.array(3), "flag": np.array(bad_branch == "then"), "m": np.array(1), "shp": np.array([2, 1]),
            "a0": np.ones(1, np.float32)}
    if bad_branch == "then":
        return m, good, {**good, "shp": np.array([2, 3])}, \
            r"Expand \(opset 17\) node 'ex': Expand's input shape and shape input 2 and \[2, 3\] do not broadcast"
    return m, good, {**good, "m": np.array(2)}, r"Gather \(opset 17\) node 'gi': indices must be in \[-1, 0\]"


BODIES = {"growing_loop": _growing_loop, "ragged_sequence_loop": _ragged_sequence_loop,
          "sequence_map": _sequence_map, "expand_in_if_in_growing_loop": lambda: _nested_in_a_growing_loop("then"),
          "gather_in_loop_in_if_in_growing_loop": lambda: _nested_in_a_growing_loop("else")}


@pytest.mark.parametrize("case", sorted(BODIES))
def test_checks_in_bodies_with_run_time_sizes(case):
    """Checks in Loop / If bodies that carry or make `?`-sized values, nested, and in a sequence
    Loop or SequenceMap: every one is moved to @main's top level; valid inputs give onnxruntime's
    results (as many, interpreted and compiled); a bad index or size raises, interpreted and
    compiled, the check naming the node where onnxruntime fails."""
    m, good, bad, message = BODIES[case]()
    prog = shlo.from_onnx(m)
    moved, _ = _checks(prog)
    assert moved and set(moved) == {"func.func"} and checks_left_in_regions(prog) == 0
    run = shlo.compile(prog)
    _agree(prog, run, m, good)
    with pytest.raises(Exception, match="(?i)out of|invalid|bound"):
        _ort(m, bad)
    args = [bad[n] for n in prog.input_names]
    for f in (lambda *a: shlo.interpret(prog, *a), run):
        with pytest.raises(CheckFailure, match=message):
            f(*args)
