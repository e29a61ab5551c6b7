"""Reductions (ops/reductions.py): ONNX's node conformance cases of Reduce*, ArgMax / ArgMin,
CumSum, TopK and Det through from_onnx + interpret (a few compiled), plus models built here
for older opsets and the cases the conformance set leaves out, checked against onnxruntime."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import shlo

OPS = set("""ReduceSum ReduceMean ReduceMax ReduceMin ReduceProd ReduceL1 ReduceL2 ReduceLogSum ReduceLogSumExp
ReduceSumSquare ArgMax ArgMin CumSum TopK Det""".split())

# reason for every case expected to raise an ImportError
EXPECTED_ERRORS: dict = {}


def _cases():
    from onnx.backend.test.case.node import collect_testcases
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cases = collect_testcases("")
    return {c.name: c for c in cases if len(c.model.graph.node) == 1 and c.model.graph.node[0].op_type in OPS}


CASES = _cases()


def _array(x):
    return numpy_helper.to_array(x) if isinstance(x, TensorProto) else np.asarray(x)


def check_outputs(got, want, rtol, atol, name=""):
    assert len(got) == len(want), name
    for g, w in zip(got, want):
        g, w = np.asarray(g), _array(w)
        assert g.shape == w.shape, f"{name}: shape {g.shape} != {w.shape}"
        if w.dtype.kind in "biu":
            np.testing.assert_array_equal(g, w, err_msg=name)
        else:
            np.testing.assert_allclose(g.astype(np.float64), w.astype(np.float64), rtol=rtol, atol=atol,
                                       equal_nan=True, err_msg=name)


def run_case(case, compiled=False):
    prog = shlo.from_onnx(case.model)
    run = shlo.compile(prog) if compiled else (lambda *a: shlo.interpret(prog, *a))
    for inputs, outputs in case.data_sets:
        got = run(*[_array(x) for x in inputs])
        check_outputs(got, outputs, case.rtol, case.atol, case.name)


@pytest.mark.parametrize("name", sorted(CASES))
def test_node_conformance(name):
    case = CASES[name]
    if name in EXPECTED_ERRORS:
        with pytest.raises(shlo.ImportError):
            run_case(case)
        return
    run_case(case)


# ----------------------------------------------------------------------------- models built here

F, F16, I32, I64 = TensorProto.FLOAT, TensorProto.FLOAT16, TensorProto.INT32, TensorProto.INT64
RNG = np.random.default_rng(3)


def _model(nodes, inputs, outputs, opset, initializers=()):
    g = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers))
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], ir_version=8)


def _vi(name, t, shape):
    return helper.make_tensor_value_info(name, t, shape)


def _ort(model, *inputs):
    import onnxruntime as ort
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return sess.run(None, {i.name: x for i, x in zip(model.graph.input, inputs)})


def _check(model, *inputs, rtol=1e-5, atol=1e-6, compiled=False):
    prog = shlo.from_onnx(model)
    want = _ort(model, *inputs)
    check_outputs(shlo.interpret(prog, *inputs), want, rtol, atol)
    if compiled:
        check_outputs(shlo.compile(prog)(*inputs), want, rtol, atol)


REDUCE_OPS = ["ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1", "ReduceL2",
              "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare"]


@pytest.mark.parametrize("opset", [7, 11, 13, 18])
@pytest.mark.parametrize("op", REDUCE_OPS)
def test_reduce_axes_attribute_or_input(op, opset):
    """Axes as an attribute before 13 (ReduceSum) / 18 (the others), as a constant input after."""
    as_input = opset >= (13 if op == "ReduceSum" else 18)
    inits = [numpy_helper.from_array(np.array([0, -1], np.int64), "axes")] if as_input else []
    node = (helper.make_node(op, ["x", "axes"], ["y"], keepdims=0) if as_input
            else helper.make_node(op, ["x"], ["y"], axes=[0, -1], keepdims=0))
    m = _model([node], [_vi("x", F, [2, 3, 4])], [_vi("y", F, [3])], opset, inits)
    x = RNG.uniform(0.5, 2, (2, 3, 4)).astype(np.float32)
    _check(m, x, rtol=1e-4)


@pytest.mark.parametrize("op", ["ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceMean"])
@pytest.mark.parametrize("t,dtype", [(I32, np.int32), (I64, np.int64), (F16, np.float16)])
def test_reduce_types_default_axes_keepdims(op, t, dtype):
    m = _model([helper.make_node(op, ["x"], ["y"])], [_vi("x", t, [3, 4])], [_vi("y", t, [1, 1])], 13)
    x = RNG.integers(-3, 4, (3, 4)).astype(dtype)
    _check(m, x, rtol=1e-3, atol=1e-3)


def test_reduce_noop_with_empty_axes():
    m = _model([helper.make_node("ReduceSumSquare", ["x"], ["y"], noop_with_empty_axes=1)],
               [_vi("x", F, [2, 3])], [_vi("y", F, [2, 3])], 18)
    _check(m, RNG.standard_normal((2, 3)).astype(np.float32))


def test_reduce_runtime_axes_selected_at_run_time():
    """(3, 3) -> (3,): axis 0 or 1 cannot be told from the shapes; both are computed."""
    m = _model([helper.make_node("ReduceMax", ["x", "axes"], ["y"], keepdims=0)],
               [_vi("x", F, [3, 3]), _vi("axes", I64, [1])], [_vi("y", F, [3])], 18)
    x = RNG.standard_normal((3, 3)).astype(np.float32)
    for a in (0, 1, -1, -2):
        _check(m, x, np.array([a], np.int64))


@pytest.mark.parametrize("op", ["ArgMax", "ArgMin"])
@pytest.mark.parametrize("last", [0, 1])
@pytest.mark.parametrize("keepdims", [0, 1])
def test_arg_ties_and_keepdims(op, last, keepdims):
    x = np.array([[1, 3, 3, 0], [2, 2, 0, 0], [5, 1, 5, 1]], np.float32)
    out = [3, 1] if keepdims else [3]
    m = _model([helper.make_node(op, ["x"], ["y"], axis=1, keepdims=keepdims, select_last_index=last)],
               [_vi("x", F, [3, 4])], [_vi("y", I64, out)], 13)
    _check(m, x)
    if not last:        # opset 7: no select_last_index
        m = _model([helper.make_node(op, ["x"], ["y"], axis=-1 + 2, keepdims=keepdims)],
                   [_vi("x", F, [3, 4])], [_vi("y", I64, out)], 7)
        _check(m, x)


@pytest.mark.parametrize("opset", [7, 10, 11])
def test_topk_opsets(opset):
    x = np.array([[3, 1, 3, 2, 5], [0, 0, 1, 1, 1]], np.float32)
    if opset < 10:
        node = helper.make_node("TopK", ["x"], ["v", "i"], k=3, axis=1)
        inits = []
    else:
        kw = {"largest": 0} if opset >= 11 else {}
        node = helper.make_node("TopK", ["x", "k"], ["v", "i"], axis=-1, **kw)
        inits = [numpy_helper.from_array(np.array([3], np.int64), "k")]
    m = _model([node], [_vi("x", F, [2, 5])], [_vi("v", F, [2, 3]), _vi("i", I64, [2, 3])], opset, inits)
    _check(m, x, compiled=opset == 11)


@pytest.mark.parametrize("exclusive,reverse", [(0, 0), (1, 0), (0, 1), (1, 1)])
def test_cumsum_known_axis(exclusive, reverse):
    axis = numpy_helper.from_array(np.array(1, np.int32), "axis")
    m = _model([helper.make_node("CumSum", ["x", "axis"], ["y"], exclusive=exclusive, reverse=reverse)],
               [_vi("x", F, [2, 5])], [_vi("y", F, [2, 5])], 14, [axis])
    _check(m, RNG.standard_normal((2, 5)).astype(np.float32), compiled=exclusive == reverse == 1)


def test_cumprod():
    """CumProd (opset 26), checked against numpy (onnxruntime may lack it)."""
    axis = numpy_helper.from_array(np.array(0, np.int64), "axis")
    m = _model([helper.make_node("CumProd", ["x", "axis"], ["y"], exclusive=1, reverse=1)],
               [_vi("x", F, [4, 2])], [_vi("y", F, [4, 2])], 26, [axis])
    x = RNG.uniform(0.5, 2, (4, 2)).astype(np.float32)
    want = np.concatenate([np.cumprod(x[::-1], 0)[::-1][1:], np.ones((1, 2), np.float32)])
    np.testing.assert_allclose(shlo.interpret(shlo.from_onnx(m), x)[0], want, rtol=1e-5)


@pytest.mark.parametrize("shape", [(1, 1), (3, 3), (2, 4, 4), (2, 2, 5, 5)])
def test_det(shape):
    x = RNG.standard_normal(shape).astype(np.float32)
    m = _model([helper.make_node("Det", ["x"], ["y"])], [_vi("x", F, list(shape))], [_vi("y", F, list(shape[:-2]))],
               11)
    _check(m, x, rtol=1e-4, atol=1e-5)


def test_det_singular_and_swaps():
    x = np.array([[[0, 1, 2], [1, 0, 3], [4, -3, 8]], [[1, 2, 3], [2, 4, 6], [1, 0, 1]]], np.float32)
    m = _model([helper.make_node("Det", ["x"], ["y"])], [_vi("x", F, [2, 3, 3])], [_vi("y", F, [2])], 22)
    _check(m, x, atol=1e-5)


def test_det_over_run_time_batch_sizes():
    """Det with `?` batch sizes was an ImportError: the column and pivot picks are gathers there.
    One import at two batch shapes (a singular matrix too), interpreted and compiled."""
    m = _model([helper.make_node("Det", ["x"], ["y"])], [_vi("x", F, ["a", "b", 3, 3])], [_vi("y", F, None)], 11)
    prog = shlo.from_onnx(m)
    run = shlo.compile(prog)
    for shape in ((2, 2, 3, 3), (1, 3, 3, 3)):
        x = RNG.standard_normal(shape).astype(np.float32)
        x[0, 0, 2] = x[0, 0, 0]
        want = _ort(m, x)
        check_outputs(shlo.interpret(prog, x), want, 1e-4, 1e-5)
        check_outputs(run(x), want, 1e-4, 1e-5)


@pytest.mark.parametrize("name", ["test_reduce_sum_keepdims_random", "test_reduce_log_sum_exp_empty_set",
                                  "test_argmax_keepdims_random_select_last_index", "test_top_k_smallest",
                                  "test_cumsum_2d_negative_axis", "test_det_nd", "test_reduce_max_bool_inputs"])
def test_conformance_compiled(name):
    run_case(CASES[name], compiled=True)


@pytest.mark.parametrize("keepdims", [0, 1])
@pytest.mark.parametrize("op", ["ReduceSum", "ReduceMean", "ReduceMax", "ReduceLogSumExp", "ReduceL2"])
def test_reduce_runtime_axes_unknown_output_shape(op, keepdims):
    """Run-time axes and no output shape to read them from: reduced where named, cut at run time."""
    m = _model([helper.make_node(op, ["x", "axes"], ["r"], keepdims=keepdims), helper.make_node("Neg", ["r"], ["y"])],
               [_vi("x", F, [2, 3, 4]), _vi("axes", I64, [2])], [_vi("y", F, None)], 18)
    x = RNG.uniform(0.5, 2, (2, 3, 4)).astype(np.float32)
    for axes in ([0, 2], [-1, 1], [1, 0]):
        _check(m, x, np.array(axes, np.int64), rtol=1e-5, compiled=op == "ReduceSum" and axes[0] == 0)


@pytest.mark.parametrize("keepdims", [0, 1])
def test_reduce_runtime_axes_over_run_time_sizes(keepdims):
    """Run-time axes over `?` input sizes were an ImportError ('need static input sizes'): each
    dimension is reduced where the axes name it, the counts and cuts read the run-time sizes.
    ReduceMean (the count) and ReduceMax, one import at three shapes, interpreted and compiled."""
    nodes = [helper.make_node("ReduceMean", ["x", "axes"], ["m"], keepdims=keepdims),
             helper.make_node("ReduceMax", ["x", "axes"], ["M"], keepdims=keepdims)]
    m = _model(nodes, [_vi("x", F, ["a", "b", "c"]), _vi("axes", I64, [1])], [_vi("m", F, None), _vi("M", F, None)], 18)
    prog = shlo.from_onnx(m)
    run = shlo.compile(prog)
    for shape, axis in (((2, 3, 4), 1), ((3, 2, 5), -1), ((1, 4, 2), 0)):
        x, axes = RNG.standard_normal(shape).astype(np.float32), np.array([axis], np.int64)
        want = _ort(m, x, axes)
        check_outputs(shlo.interpret(prog, x, axes), want, 1e-5, 1e-6)
        check_outputs(run(x, axes), want, 1e-5, 1e-6)


def test_dynamic_batch():
    """A dim_param batch: reductions, ArgMax and CumSum over the static axis."""
    axes = numpy_helper.from_array(np.array([1], np.int64), "axes")
    axis = numpy_helper.from_array(np.array(1, np.int64), "axis")
    nodes = [helper.make_node("ReduceMean", ["x", "axes"], ["m"]),
             helper.make_node("ArgMax", ["x"], ["a"], axis=1, keepdims=0),
             helper.make_node("ReduceLogSumExp", ["x"], ["l"], keepdims=0),
             helper.make_node("CumSum", ["x", "axis"], ["c"], reverse=1)]
    m = _model(nodes, [_vi("x", F, ["N", 4])], [_vi("m", F, None), _vi("a", I64, None), _vi("l", F, None),
                                                 _vi("c", F, None)], 18, [axes, axis])
    prog = shlo.from_onnx(m)
    for n in (1, 3):
        x = RNG.standard_normal((n, 4)).astype(np.float32)
        check_outputs(shlo.interpret(prog, x), _ort(m, x), 1e-5, 1e-6)


@pytest.mark.parametrize("elem", [F, I64])
def test_cumsum_along_dynamic_dimension(elem):
    """CumSum over a dim_param axis (position ids from an attention mask in exported LLMs), every
    exclusive / reverse combination, at two sizes from one import, interpreted and compiled."""
    axis = numpy_helper.from_array(np.array(1, np.int64), "axis")
    nodes = [helper.make_node("CumSum", ["x", "axis"], [f"c{e}{r}"], exclusive=e, reverse=r)
             for e in (0, 1) for r in (0, 1)]
    m = _model(nodes, [_vi("x", elem, [2, "seq"])], [_vi(n.output[0], elem, None) for n in nodes], 18, [axis])
    prog = shlo.from_onnx(m)
    compiled = shlo.compile(prog)
    for n in (5, 2):
        x = RNG.integers(-4, 5, (2, n)).astype(np.float32 if elem == F else np.int64)
        check_outputs(shlo.interpret(prog, x), _ort(m, x), 1e-5, 1e-6)
        check_outputs(compiled(x), _ort(m, x), 1e-5, 1e-6)


@pytest.mark.parametrize("elem", [F, I64])
def test_cumprod_along_dynamic_dimension(elem):
    """CumProd (opset 26) over a dim_param axis, and exclusive over a `?` batch, were ImportErrors
    (a reduce_window's window must be static): now rounds of a `while` doubling the span. Every
    exclusive / reverse combination at three sizes (an empty axis included) from one import,
    interpreted and compiled, against onnxruntime."""
    ax1, ax0 = (numpy_helper.from_array(np.array(a, np.int64), f"a{a}") for a in (1, 0))
    nodes = [helper.make_node("CumProd", ["x", "a1"], [f"c{e}{r}"], exclusive=e, reverse=r)
             for e in (0, 1) for r in (0, 1)] + [helper.make_node("CumProd", ["x", "a0"], ["b"], exclusive=1)]
    outs = [n.output[0] for n in nodes]
    m = _model(nodes, [_vi("x", elem, ["n", "seq"])], [_vi(o, elem, None) for o in outs], 26, [ax1, ax0])
    prog = shlo.from_onnx(m)
    compiled = shlo.compile(prog)
    for n, t in ((2, 7), (3, 1), (1, 0)):
        x = (RNG.uniform(0.5, 1.5, (n, t)) * RNG.choice([-1, 1], (n, t))).astype(np.float32) if elem == F \
            else RNG.integers(-3, 4, (n, t)).astype(np.int64)
        want = _ort(m, x)
        check_outputs(shlo.interpret(prog, x), want, 1e-5, 1e-6)
        check_outputs(compiled(x), want, 1e-5, 1e-6)


@pytest.mark.parametrize("k_form", ["constant", "min_of_size"])
def test_topk_of_dynamic_batch(k_form):
    """TopK over a static axis of a tensor with a dim_param batch (a detection head exported with
    a dynamic batch), largest and smallest, at two batch sizes; and k = min(5, M) of a dynamic
    axis M (what `scores.topk(min(5, scores.shape[1]))` exports to): the result's size is read at
    run time."""
    if k_form == "constant":
        inits, k_nodes, dims = [numpy_helper.from_array(np.array([3], np.int64), "k")], [], ["N", 7]
    else:
        inits = [numpy_helper.from_array(np.array([5], np.int64), "five"),
                 numpy_helper.from_array(np.array([1], np.int64), "one")]
        k_nodes = [helper.make_node("Shape", ["x"], ["shp"]), helper.make_node("Gather", ["shp", "one"], ["m"]),
                   helper.make_node("Min", ["m", "five"], ["k"])]
        dims = ["N", "M"]
    nodes = k_nodes + [helper.make_node("TopK", ["x", "k"], ["v", "i"], axis=1),
                       helper.make_node("TopK", ["x", "k"], ["v2", "i2"], axis=-1, largest=0)]
    m = _model(nodes, [_vi("x", F, dims)], [_vi(n, t, None) for n, t in (("v", F), ("i", I64), ("v2", F),
                                                                        ("i2", I64))], 18, inits)
    prog = shlo.from_onnx(m)
    for n, cols in ((2, 7), (5, 7)) if k_form == "constant" else ((2, 7), (3, 3)):
        x = RNG.permutation(np.arange(n * cols, dtype=np.float32)).reshape(n, cols)
        check_outputs(shlo.interpret(prog, x), _ort(m, x), 0, 0)
