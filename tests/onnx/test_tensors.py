"""ONNX tensor and shape ops (ops/tensors.py): ONNX's node conformance cases of these ops through
from_onnx + interpret (a few compiled), plus models built here for what the cases leave out
(older opsets, shapes known at import time, dynamic dims, errors), checked against onnxruntime."""
from __future__ import annotations

import os
import warnings

import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import shlo

RNG = np.random.default_rng(11)

OPS = {"Shape", "Size", "Reshape", "Flatten", "Transpose", "Squeeze", "Unsqueeze", "Concat", "Split", "Slice",
       "Gather", "GatherElements", "GatherND", "Scatter", "ScatterElements", "ScatterND", "Pad", "Tile", "Expand",
       "ConstantOfShape", "Range", "EyeLike", "OneHot", "Trilu", "DepthToSpace", "SpaceToDepth",
       "ReverseSequence", "Compress", "NonZero", "Unique", "CenterCropPad", "Col2Im"}

# NonZero's and Unique's cases take their input as a graph input: the result size is a run-time
# size (the count of nonzero entries / distinct rows). Compress's run-time condition is supported
# since the cases declare the output size.


def _cases():
    from onnx.backend.test.case.node import collect_testcases
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cases = collect_testcases("")
    return {c.name: c for c in cases if len(c.model.graph.node) == 1 and c.model.graph.node[0].op_type in OPS}


CASES = _cases()


def check_outputs(got, want, rtol, atol, name=""):
    assert len(got) == len(want), name
    for g, w in zip(got, want):
        g, w = np.asarray(g), np.asarray(w)
        assert g.shape == w.shape, f"{name}: shape {g.shape} != {w.shape}"
        if w.dtype.kind in "biu" or w.dtype == bool:
            np.testing.assert_array_equal(g, w, err_msg=name)
        else:
            np.testing.assert_allclose(g.astype(np.float64), w.astype(np.float64), rtol=rtol, atol=atol,
                                       equal_nan=True, err_msg=name)


def run_case(case, compiled=False):
    prog = shlo.from_onnx(case.model)
    run = shlo.compile(prog) if compiled else (lambda *a: shlo.interpret(prog, *a))
    for inputs, outputs in case.data_sets:
        got = run(*[np.asarray(x) for x in inputs])
        check_outputs(got, outputs, case.rtol, case.atol, case.name)


@pytest.mark.parametrize("name", sorted(CASES))
def test_node_conformance(name):
    run_case(CASES[name])


COMPILED = ["test_reshape_negative_dim", "test_slice_neg_steps", "test_gather_1", "test_scatternd_add", "test_col2im",
            "test_constant_pad_axes", "test_reflect_pad", "test_tile", "test_triu_neg", "test_depthtospace_crd_mode_example", "test_onehot_with_axis",
            "test_nonzero_example", "test_unique_sorted_with_axis_3d", "test_unique_not_sorted_without_axis"]


@pytest.mark.skipif(not os.environ.get("SHLO_ONNX_COMPILED"), reason="compiled conformance: SHLO_ONNX_COMPILED=1")
@pytest.mark.parametrize("name", COMPILED)
def test_node_conformance_compiled(name):
    run_case(CASES[name], compiled=True)


# ----------------------------------------------------------------------------- models built here

def _model(nodes, inputs, outputs, opset, initializers=()):
    g = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers))
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])


def _ort(model, feeds):
    import onnxruntime as ort
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return sess.run(None, feeds)


def _vi(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def against_ort(model, feeds, rtol=1e-6, compiled=False):
    prog = shlo.from_onnx(model)
    want = _ort(model, feeds)
    args = [feeds[n] for n in prog.input_names]
    got = shlo.interpret(prog, *args)
    check_outputs(got, want, rtol, 0, "interpret")
    if compiled:
        check_outputs(shlo.compile(prog)(*args), want, rtol, 0, "compile")
    return prog


F, I64 = TensorProto.FLOAT, TensorProto.INT64


def _x(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def test_old_opsets_attributes():
    """Slice-1, Pad-2, Squeeze-1 / Unsqueeze-1 and Split-2 take attributes, not inputs."""
    nodes = [helper.make_node("Slice", ["x"], ["s"], starts=[1, -3], ends=[100, -1], axes=[0, 2]),
             helper.make_node("Pad", ["s"], ["p"], pads=[0, 1, 0, 0, 2, 1], mode="reflect"),
             helper.make_node("Unsqueeze", ["p"], ["u"], axes=[0, 3]),
             helper.make_node("Squeeze", ["u"], ["q"], axes=[0]),
             helper.make_node("Split", ["q"], ["a", "b"], axis=1, split=[2, 5]),
             helper.make_node("Pad", ["x"], ["c"], pads=[1, 0, 0, 0, 0, 2], value=1.5)]
    model = _model(nodes, [_vi("x", F, [3, 4, 5])], [_vi(n, F, None) for n in ("q", "a", "b", "c")], 9)
    prog = against_ort(model, {"x": _x(3, 4, 5)})
    assert "dynamic" not in str(prog)


def test_known_shapes_give_static_ops():
    """Shape operands from initializers and folded Shape chains make static reshape / broadcast / pad."""
    init = [numpy_helper.from_array(np.array([0, -1], np.int64), "shape"),
            numpy_helper.from_array(np.array([1, 1, 1, 2], np.int64), "pads"),
            numpy_helper.from_array(np.array([2, 1], np.int64), "reps"),
            numpy_helper.from_array(np.array([3, 1, 1], np.int64), "big")]
    nodes = [helper.make_node("Reshape", ["x", "shape"], ["r"]),
             helper.make_node("Pad", ["r", "pads"], ["p"], mode="edge"),
             helper.make_node("Tile", ["p", "reps"], ["t"]),
             helper.make_node("Expand", ["t", "big"], ["e"]),
             helper.make_node("Shape", ["e"], ["sh"], start=1),
             helper.make_node("ConstantOfShape", ["sh"], ["z"], value=numpy_helper.from_array(np.array([7], np.int32)))]
    model = _model(nodes, [_vi("x", F, [2, 3, 4])], [_vi("e", F, None), _vi("z", TensorProto.INT32, None)], 18, init)
    prog = against_ort(model, {"x": _x(2, 3, 4)})
    assert "dynamic" not in str(prog)


def test_dynamic_dims():
    """dim_params: reshape / flatten / slice / gather / expand / shape over a ? batch."""
    init = [numpy_helper.from_array(np.array([0, 2, -1], np.int64), "shape"),
            numpy_helper.from_array(np.array([1], np.int64), "st"),
            numpy_helper.from_array(np.array([1000], np.int64), "en"),
            numpy_helper.from_array(np.array([0], np.int64), "ax"),
            numpy_helper.from_array(np.array([2, 0], np.int64), "idx"),
            numpy_helper.from_array(np.array([[[1.0, 2.0, 3.0]]], np.float32), "row"),
            numpy_helper.from_array(np.array([2], np.int64), "ax1")]
    nodes = [helper.make_node("Reshape", ["x", "shape"], ["r"]),
             helper.make_node("Flatten", ["r"], ["f"], axis=1),
             helper.make_node("Slice", ["f", "st", "en", "ax"], ["s"]),
             # a static axis of a value with a ? size keeps its other static sizes (they give
             # Attention its head count in a dynamo-exported q / k / v unbind)
             helper.make_node("Slice", ["x", "st", "en", "ax1"], ["s1"]),
             helper.make_node("Gather", ["x", "idx"], ["g"], axis=1),
             helper.make_node("Shape", ["x"], ["shp"]),
             helper.make_node("Expand", ["row", "shp"], ["e"]),
             helper.make_node("Transpose", ["r"], ["t"], perm=[2, 0, 1]),
             helper.make_node("Size", ["x"], ["n"])]
    model = _model(nodes, [_vi("x", F, ["N", 4, 3])],
                   [_vi(n, F, None) for n in ("s", "g", "e", "t", "s1")] + [_vi("n", I64, None)], 17, init)
    prog = shlo.from_onnx(model)
    assert "?x" in str(prog) and "-> tensor<?x4x2xf32>" in str(prog)
    for n in (2, 5):
        x = _x(n, 4, 3)
        want = _ort(model, {"x": x})
        check_outputs(shlo.interpret(prog, x), want, 1e-6, 0, "interpret")


def test_runtime_shape_operands_without_declared_types():
    """Reshape / Slice / Range / ConstantOfShape / Pad whose shape operands are graph inputs and
    whose output sizes are unknown: dynamic ops with sizes computed at run time."""
    nodes = [helper.make_node("Reshape", ["x", "shape"], ["r"]),
             helper.make_node("Slice", ["x", "st", "en", "ax", "sp"], ["s"]),
             helper.make_node("Range", ["a", "b", "d"], ["g"]),
             helper.make_node("ConstantOfShape", ["cs"], ["z"]),
             helper.make_node("Pad", ["x", "pads"], ["p"], mode="wrap"),
             helper.make_node("Pad", ["x", "pads"], ["c"]),
             # bounds whose length is a run-time size (the dynamo exporter's EmbeddingBag slices them
             # out of its offsets): entry k, where present, bounds dimension k
             helper.make_node("Slice", ["x", "st2", "en2"], ["s2"])]
    ins = [_vi("x", F, [4, 6]), _vi("shape", I64, [3]), _vi("st", I64, [2]), _vi("en", I64, [2]),
           _vi("ax", I64, [2]), _vi("sp", I64, [2]), _vi("a", I64, []), _vi("b", I64, []), _vi("d", I64, []),
           _vi("pads", I64, [4]), _vi("cs", I64, [2]), _vi("st2", I64, ["L"]), _vi("en2", I64, ["L"])]
    model = _model(nodes, ins, [_vi(n, F, None) for n in ("r", "s", "g", "z", "p", "c", "s2")], 18)
    model.graph.output[2].type.tensor_type.elem_type = I64
    prog = shlo.from_onnx(model)
    for shape, st, en, ax, sp, abd, pads in [([3, -1, 2], [3, -1], [-100, 0], [0, -1], [-1, -2], (1, 10, 3),
                                              [1, 2, 0, 3]),
                                             ([0, -1, 3], [1, 0], [3, 100], [1, 0], [1, 2], (5, -4, -2),
                                              [-1, 0, 2, -2])]:
        feeds = {"x": _x(4, 6), "shape": np.array(shape, np.int64), "st": np.array(st, np.int64),
                 "en": np.array(en, np.int64), "ax": np.array(ax, np.int64), "sp": np.array(sp, np.int64),
                 "a": np.array(abd[0], np.int64), "b": np.array(abd[1], np.int64), "d": np.array(abd[2], np.int64), "pads": np.array(pads, np.int64),
                 "cs": np.array(shape[1:], np.int64) % 5,
                 "st2": np.array([1, 2][:2 if pads[0] >= 0 else 1], np.int64),    # two bounds, then one
                 "en2": np.array([3, 5][:2 if pads[0] >= 0 else 1], np.int64)}
        check_outputs(shlo.interpret(prog, *[feeds[n] for n in prog.input_names]), _ort(model, feeds), 1e-6, 0)


def test_split_uneven_and_gather_nd_batch():
    init = [numpy_helper.from_array(np.array([[[1], [0]], [[2], [2]]], np.int64), "i")]
    nodes = [helper.make_node("Split", ["x"], ["a", "b", "c"], axis=2, num_outputs=3),
             helper.make_node("GatherND", ["x", "i"], ["g"], batch_dims=1)]
    model = _model(nodes, [_vi("x", F, [2, 3, 7])], [_vi(n, F, None) for n in ("a", "b", "c", "g")], 18, init)
    against_ort(model, {"x": _x(2, 3, 7)})


def test_compress_and_nonzero_known_at_import_time():
    cond = numpy_helper.from_array(np.array([True, False, True, True]), "cond")
    big = numpy_helper.from_array((RNG.random((80, 80)) > 0.5).astype(np.float32), "big")
    nodes = [helper.make_node("Compress", ["x", "cond"], ["c"], axis=-1),
             helper.make_node("Compress", ["x", "cond"], ["d"]),
             helper.make_node("NonZero", ["big"], ["nz"])]
    model = _model(nodes, [_vi("x", F, [3, 4])], [_vi("c", F, None), _vi("d", F, None), _vi("nz", I64, None)],
                   13, [cond, big])
    against_ort(model, {"x": _x(3, 4)})


def test_compress_run_time_condition():
    """A run-time condition: the declared output size where there is one, else the number of
    true entries as a run-time size (it was an ImportError), flattened and along an axis, the
    condition shorter than the axis; interpreted and compiled against onnxruntime."""
    nodes = [helper.make_node("Compress", ["x", "cond"], ["c"], axis=1)]
    model = _model(nodes, [_vi("x", F, [3, 5]), _vi("cond", TensorProto.BOOL, [4])], [_vi("c", F, [3, 2])], 13)
    x = _x(3, 5)
    for cond in ([False, True, False, True], [True, True, False, False], [False, False, True, True]):
        cond = np.array(cond)
        got = shlo.interpret(shlo.from_onnx(model), x, cond)
        np.testing.assert_array_equal(np.asarray(got[0]), np.compress(cond, x, axis=1))
    nodes = [helper.make_node("Compress", ["x", "cond"], ["c"], name="cp"),
             helper.make_node("Compress", ["x", "cond"], ["d"], axis=1)]
    model = _model(nodes, [_vi("x", F, [3, 5]), _vi("cond", TensorProto.BOOL, [4])],
                   [_vi("c", F, None), _vi("d", F, None)], 13)
    prog = shlo.from_onnx(model)
    fn = shlo.compile(prog)
    for cond in ([False, True, False, True], [False] * 4, [True] * 4):
        feeds = {"x": x, "cond": np.array(cond)}
        want = _ort(model, feeds)
        check_outputs(shlo.interpret(prog, x, feeds["cond"]), want, 0, 0, "interpret")
        check_outputs(fn(x, feeds["cond"]), want, 0, 0, "compiled")


def test_split_sizes_and_float_range_computed_at_run_time():
    """Split whose sizes are a run-time input (each piece a `?` size; it was an ImportError), and
    Range of run-time f32 bounds whose count rounds differently in f32: ceil(-3.5 / -0.7f) is 6
    with the quotient in f64 (onnxruntime, onnx's reference), 5 in f32."""
    nodes = [helper.make_node("Split", ["x", "sizes"], ["a", "b", "c"], axis=1),
             helper.make_node("Range", ["start", "limit", "delta"], ["r"])]
    scalar = [_vi(n, F, []) for n in ("start", "limit", "delta")]
    model = _model(nodes, [_vi("x", F, [2, 6]), _vi("sizes", I64, [3])] + scalar,
                   [_vi(n, F, None) for n in ("a", "b", "c", "r")], 13)
    prog = shlo.from_onnx(model)
    fn = shlo.compile(prog)
    x = _x(2, 6)
    for sizes, bounds in (([1, 3, 2], (1, -2.5, -0.7)), ([0, 6, 0], (0, 3, 1)), ([4, 0, 2], (0.5, 2.6, 0.3))):
        feeds = dict(x=x, sizes=np.array(sizes, np.int64),
                     **{n: np.array(v, np.float32) for n, v in zip(("start", "limit", "delta"), bounds)})
        want = _ort(model, feeds)
        args = [feeds[n] for n in prog.input_names]
        check_outputs(shlo.interpret(prog, *args), want, 1e-6, 0, "interpret")
        check_outputs(fn(*args), want, 1e-6, 0, "compiled")


def test_nonzero_and_unique_of_run_time_values():
    """Result sizes that are run-time sizes: NonZero's count, Unique's number of distinct values /
    rows (unsorted: in order of first occurrence; a 2-D input without axis is flattened), over an
    input whose row count is a run-time size too (a mask over a dynamic sequence), with
    CenterCropPad of that `?` size to a fixed and to a run-time target: one import, two sizes. (The
    static-shape cases: ONNX's conformance cases above.)"""
    outs = [_vi(o + sfx, F if o == "y" else I64, None) for sfx in ("", "_r") for o in ("y", "i", "inv", "n")]
    target = numpy_helper.from_array(np.array([4, 3], np.int64), "t")
    nodes = [helper.make_node("NonZero", ["x"], ["nz"]), helper.make_node("Unique", ["x"], ["y", "i", "inv", "n"],
                                                                          sorted=0),
             helper.make_node("Unique", ["x"], ["y_r", "i_r", "inv_r", "n_r"], axis=0, sorted=0),
             helper.make_node("CenterCropPad", ["x", "t"], ["c"]), helper.make_node("CenterCropPad", ["x", "s"], ["d"])]
    model = _model(nodes, [_vi("x", F, ["N", 2]), _vi("s", I64, [2])],
                   [_vi("nz", I64, None), _vi("c", F, None), _vi("d", F, None)] + outs, 18, [target])
    prog = shlo.from_onnx(model)
    for shape, s in (((3, 2), [6, 1]), ((9, 2), [5, 3])):
        x = RNG.integers(-1, 2, shape).astype(np.float32)          # zeros, repeated values and rows
        feeds = {"x": x, "s": np.array(s, np.int64)}
        check_outputs(shlo.interpret(prog, *feeds.values()), _ort(model, feeds), 0, 0)


def test_data_dependent_sizes_are_errors():
    nodes = [helper.make_node("NonZero", ["x"], ["y"], name="nz")]
    model = _model(nodes, [_vi("x", F, [])], [_vi("y", I64, None)], 13)
    with pytest.raises(shlo.ImportError, match=r"NonZero \(opset 13\) node 'nz'.*rank >= 1"):
        shlo.from_onnx(model)
    nodes = [helper.make_node("Squeeze", ["x", "axes"], ["y"])]
    model = _model(nodes, [_vi("x", F, [1, 4]), _vi("axes", I64, [1])], [_vi("y", F, None)], 13)
    with pytest.raises(shlo.ImportError, match="axes"):
        shlo.from_onnx(model)


@pytest.mark.parametrize("opset", [9, 11, 16])
def test_scatter_gather_elements_opsets(opset):
    op = "Scatter" if opset == 9 else "ScatterElements"
    init = [numpy_helper.from_array(np.array([[1, 0, 2], [0, 2, 1]], np.int64), "i")]
    extra = {"reduction": "add"} if opset >= 16 else {}
    nodes = [helper.make_node(op, ["x", "i", "u"], ["s"], axis=1, **extra),
             helper.make_node("GatherElements" if opset >= 11 else "Gather", ["x", "i"], ["g"], axis=1)]
    model = _model(nodes, [_vi("x", F, [2, 4]), _vi("u", F, [2, 3])], [_vi("s", F, None), _vi("g", F, None)],
                   opset, init)
    against_ort(model, {"x": _x(2, 4), "u": _x(2, 3)})


def test_compiled_dynamic_slice_and_reshape():
    """A few run-time paths through the compiler as well."""
    for name in ("test_slice_neg_steps", "test_reshape_negative_dim", "test_constant_pad_axes"):
        run_case(CASES[name], compiled=True)


@pytest.mark.parametrize("mode", ["constant", "reflect", "edge", "wrap"])
def test_pad_modes_with_negative_pads(mode):
    init = [numpy_helper.from_array(np.array([-1, 3, 2, -2], np.int64), "pads")]
    nodes = [helper.make_node("Pad", ["x", "pads"], ["y"], mode=mode)]
    model = _model(nodes, [_vi("x", F, [5, 6])], [_vi("y", F, None)], 13, init)
    prog = against_ort(model, {"x": _x(5, 6)})
    assert "dynamic" not in str(prog)


def test_static_shape_chain_folds():
    """Shape of a statically shaped value is known at import time: the Gather / Concat / Reshape
    chain over it folds to a static reshape, and Size to a constant."""
    init = [numpy_helper.from_array(np.array(1, np.int64), "one"),
            numpy_helper.from_array(np.array([-1], np.int64), "m1")]
    nodes = [helper.make_node("Relu", ["x"], ["h"]),
             helper.make_node("Shape", ["h"], ["s"]),
             helper.make_node("Gather", ["s", "one"], ["d1"]),            # scalar index
             helper.make_node("Unsqueeze", ["d1", "zero_axes"], ["d1v"]),
             helper.make_node("Concat", ["m1", "d1v"], ["target"], axis=0),
             helper.make_node("Reshape", ["x", "target"], ["y"]),
             helper.make_node("Size", ["x"], ["n"]),
             helper.make_node("Gather", ["x", "one"], ["row"], axis=0)]
    init.append(numpy_helper.from_array(np.array([0], np.int64), "zero_axes"))
    model = _model(nodes, [_vi("x", F, [2, 3, 4])], [_vi("y", F, None), _vi("n", I64, None), _vi("row", F, None)],
                   13, init)
    prog = against_ort(model, {"x": _x(2, 3, 4)})
    text = str(prog)
    assert "get_dimension_size" not in text and "dynamic" not in text and "tensor<8x3xf32>" in text


@pytest.mark.parametrize("opset,attrs,outs", [(18, {"num_outputs": 3}, 3), (13, {}, 2), (11, {}, 2)])
def test_equal_split_of_a_run_time_dimension(opset, attrs, outs):
    """An equal Split of a dim_param axis (torch.chunk of a dynamic sequence): pieces of
    ceil(T / n) with the last shorter (num_outputs, opset 18), else T / n; one import, two sizes."""
    node = helper.make_node("Split", ["x"], [f"y{i}" for i in range(outs)], axis=1, **attrs)
    model = _model([node], [_vi("x", F, ["N", "T"])], [_vi(f"y{i}", F, None) for i in range(outs)], opset)
    prog = shlo.from_onnx(model)
    for shape in ((2, 8), (3, 4)) if opset < 18 else ((2, 7), (3, 4)):
        x = _x(*shape)
        check_outputs(shlo.interpret(prog, x), _ort(model, {"x": x}), 0, 0)


def test_split_with_other_dims_dynamic():
    """Split (known sizes) of a value whose every size is known only at run time (a Reshape to a
    computed shape, as onnxruntime's GatherSliceToSplitFusion leaves in a saved Llama-style
    decoder): the pieces are gathered (it was an ImportError)."""
    import onnxruntime as ort
    vi = helper.make_tensor_value_info
    nodes = [helper.make_node("Reshape", ["x", "shape"], ["r"]),
             helper.make_node("Split", ["r", "parts"], ["a", "b"], axis=3)]
    g = helper.make_graph(nodes, "g", [vi("x", TensorProto.FLOAT, ["b", "s", 16]), vi("shape", TensorProto.INT64, [4])],
                          [vi("a", TensorProto.FLOAT, None), vi("b", TensorProto.FLOAT, None)],
                          [numpy_helper.from_array(np.array([3, 5], np.int64), "parts")])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 18)])
    prog = shlo.from_onnx(m)
    sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
    for b, s in ((2, 3), (1, 5)):
        x = RNG.standard_normal((b, s, 16)).astype(np.float32)
        shape = np.array([b, s, 2, 8], np.int64)
        check_outputs(shlo.interpret(prog, x, shape), sess.run(None, {"x": x, "shape": shape}), 0, 0)


def test_squeeze_without_axes_keeps_run_time_sizes_that_are_not_one():
    """Squeeze with no axes of an [n, 1, 3]: n stays (the result is [n, 3]), and n = 1, which ONNX
    would drop too (a result of another rank), is a run-time error naming the node, checked
    before compiled code runs."""
    nodes = [helper.make_node("Squeeze", ["x"], ["y"], name="sq")]
    model = _model(nodes, [_vi("x", F, ["n", 1, 3])], [_vi("y", F, None)], 13)
    prog = against_ort(model, {"x": _x(2, 1, 3)}, compiled=True)
    assert "shape_assertion" in str(prog.module)
    for run in (lambda x: shlo.interpret(prog, x), shlo.compile(prog)):
        with pytest.raises(shlo.ShloError, match=r"Squeeze \(opset 13\) node 'sq'.*dimension 0 = 1"):
            run(_x(1, 1, 3))


def test_gather_nd_slices_with_run_time_sizes():
    """GatherND whose gathered slices keep `?` sizes of the data (an ImportError before): index
    vectors shorter than the data's rank, with and without batch_dims, one import at two sizes,
    negative indices included; interpreted and compiled against onnxruntime."""
    plain = _model([helper.make_node("GatherND", ["x", "i"], ["y"])],
                   [_vi("x", F, ["a", "b", "c"]), _vi("i", I64, ["n", 1])], [_vi("y", F, None)], 13)
    batched = _model([helper.make_node("GatherND", ["x", "i"], ["y"], batch_dims=1)],
                     [_vi("x", F, ["a", "b", "c"]), _vi("i", I64, ["a", "n", 1])], [_vi("y", F, None)], 13)
    for m, feed_sets in ((plain, [(_x(2, 3, 4), [[1], [-2]]), (_x(3, 1, 2), [[2], [0], [-1]])]),
                         (batched, [(_x(2, 3, 4), [[[1], [2]], [[0], [-1]]]), (_x(3, 2, 5), [[[1]], [[0]], [[-1]]])])):
        prog = shlo.from_onnx(m)
        run = shlo.compile(prog)
        for x, i in feed_sets:
            i = np.array(i, np.int64)
            want = _ort(m, {"x": x, "i": i})
            check_outputs(shlo.interpret(prog, x, i), want, 0, 0, "interpret")
            check_outputs(run(x, i), want, 0, 0, "compile")


def _col2im_6x5_by_2x2(x_dims):
    """A Col2Im node 'c2i' into a 6 x 5 image of 2 x 2 blocks (dilations, pads, strides), its input
    `x` of sizes `x_dims` ('?' by name): the model, its import and the import compiled."""
    inits = [numpy_helper.from_array(np.array([6, 5], np.int64), "img"),
             numpy_helper.from_array(np.array([2, 2], np.int64), "blk")]
    nodes = [helper.make_node("Col2Im", ["x", "img", "blk"], ["y"], dilations=[1, 2], pads=[1, 0, 1, 1],
                              strides=[2, 1], name="c2i")]
    m = _model(nodes, [_vi("x", F, x_dims)], [_vi("y", F, None)], 18, inits)
    prog = shlo.from_onnx(m)
    return m, prog, shlo.compile(prog)


def _col2im_matches_ort(m, prog, run, shapes):
    for shape in shapes:
        x = _x(*shape)
        want = _ort(m, {"x": x})
        check_outputs(shlo.interpret(prog, x), want, 1e-5, 1e-5, "interpret")
        check_outputs(run(x), want, 1e-5, 1e-5, "compile")


def test_col2im_over_a_run_time_batch():
    """Col2Im with a `?` batch was an ImportError ('dynamic input sizes are not supported'): plain,
    and with dilations / pads / strides (the pads cut per axis), one import at two batch sizes,
    interpreted and compiled against onnxruntime."""
    m, prog, run = _col2im_6x5_by_2x2(["n", 12, 16])
    _col2im_matches_ort(m, prog, run, [(2, 12, 16), (1, 12, 16)])


def test_col2im_over_a_run_time_block_count():
    """Col2Im with `?` batch, channel x block size and block count (input size 2; an ImportError
    before): image and block shapes known, so the count is too; one import at two sizes matches
    onnxruntime, interpreted and compiled; another count, which onnxruntime refuses, is a
    shape-assertion error naming the node (compiled: before the native code runs)."""
    m, prog, run = _col2im_6x5_by_2x2(["n", "ck", "L"])
    _col2im_matches_ort(m, prog, run, [(2, 12, 16), (1, 4, 16)])
    x = _x(1, 4, 15)
    with pytest.raises(Exception, match="does not match the number of sliding blocks"):
        _ort(m, {"x": x})
    for f in (lambda a: shlo.interpret(prog, a), run):
        with pytest.raises(shlo.ShloError, match=r"Col2Im \(opset 18\) node 'c2i': input size 2 \(the block count\) "
                                                 r"is 15; the image and block shapes give 16 blocks"):
            f(x)


def test_col2im_run_time_block_shape_and_block_count():
    """Col2Im with block_shape an input and a `?` block count: matches onnxruntime interpreted and
    compiled; a block_shape that does not give the input's block count, which onnxruntime
    refuses, is a check.assert error naming the node."""
    inits = [numpy_helper.from_array(np.array([6, 5], np.int64), "img")]
    nodes = [helper.make_node("Col2Im", ["x", "img", "blk"], ["y"], dilations=[1, 2], pads=[1, 0, 1, 1],
                              strides=[2, 1], name="c2i")]
    m = _model(nodes, [_vi("x", F, [2, 12, "L"]), _vi("blk", I64, [2])], [_vi("y", F, [2, 3, 6, 5])], 18, inits)
    prog = shlo.from_onnx(m)
    run = shlo.compile(prog)
    x, blk = _x(2, 12, 16), np.array([2, 2], np.int64)
    want = _ort(m, {"x": x, "blk": blk})
    check_outputs(shlo.interpret(prog, x, blk), want, 1e-5, 1e-5, "interpret")
    check_outputs(run(x, blk), want, 1e-5, 1e-5, "compile")
    x, blk = _x(2, 12, 8), np.array([4, 1], np.int64)
    with pytest.raises(Exception, match="does not match the number of sliding blocks"):
        _ort(m, {"x": x, "blk": blk})
    for f in (lambda *a: shlo.interpret(prog, *a), run):
        with pytest.raises(shlo.ShloError, match=r"node 'c2i': the image and block shapes give a block size of 4 and 18 blocks; "
                                                 r"the input has a block size of 4 .* and 8 blocks"):
            f(x, blk)


def _col2im_refused(m, prog, run, feeds, ort_says, message):
    with pytest.raises(Exception, match=ort_says):
        _ort(m, feeds)
    args = [feeds[k] for k in prog.input_names]
    for f in (lambda *a: shlo.interpret(prog, *a), run):
        with pytest.raises(shlo.ShloError, match=r"Col2Im \(opset 18\) node 'c2i': " + message):
            f(*args)


@pytest.mark.parametrize("declared", [[2, 3, 6, 5], None])
def test_col2im_run_time_block_shape_and_channel_times_block_size(declared):
    """Col2Im with block_shape an input and `?` channel x block size and block count (an
    ImportError before): the block size is block_shape's product at run time, the channels the
    declared output's or that size's quotient. Several block shapes of one import match
    onnxruntime, interpreted and compiled; a channel x block size that is not the channels times
    the block size, which onnxruntime refuses, is a check.assert error naming the node."""
    img = numpy_helper.from_array(np.array([6, 5], np.int64), "img")
    nodes = [helper.make_node("Col2Im", ["x", "img", "blk"], ["y"], dilations=[1, 2], pads=[1, 0, 1, 1],
                              strides=[2, 1], name="c2i")]
    m = _model(nodes, [_vi("x", F, [2, "ck", "L"]), _vi("blk", I64, [2])], [_vi("y", F, declared)], 18, [img])
    prog = shlo.from_onnx(m)
    run = shlo.compile(prog)
    cases = [([4, 1], 12, 18), ([1, 2], 6, 16)] + ([([1, 2], 10, 16)] if declared is None else [])
    for blk, ck, length in cases:
        x, blk = _x(2, ck, length), np.array(blk, np.int64)
        want = _ort(m, {"x": x, "blk": blk})
        check_outputs(shlo.interpret(prog, x, blk), want, 1e-5, 1e-5, "interpret")
        check_outputs(run(x, blk), want, 1e-5, 1e-5, "compile")
    what = "3 output channels times" if declared else "a multiple of"
    _col2im_refused(m, prog, run, {"x": _x(2, 10, 16), "blk": np.array([2, 2], np.int64)}, "multiple of prod",
                    rf"input size 1 \(channels x block size\) is 10, not {what} the block size 4")


@pytest.mark.thin(2)
@pytest.mark.parametrize("blk_known", [True, False])
def test_col2im_run_time_image_shape(blk_known):
    """Col2Im with image_shape an input and the output's sizes unknown (an ImportError before):
    the padded image, the positions and the pads' cut computed at run time, block_shape a
    constant or an input. Two image sizes of one import match onnxruntime, interpreted and
    compiled; a block count the image does not give and an image size 0, which onnxruntime
    refuses, are check.assert errors naming the node. (block_shape an input: SHLO_FULL_TESTS=1.)"""
    inits = [numpy_helper.from_array(np.array([2, 2], np.int64), "blk")] if blk_known else []
    ins = [_vi("x", F, ["n", "ck", "L"]), _vi("img", I64, [2])] + ([] if blk_known else [_vi("blk", I64, [2])])
    nodes = [helper.make_node("Col2Im", ["x", "img", "blk"], ["y"], dilations=[1, 2], pads=[1, 0, 1, 1],
                              strides=[2, 1], name="c2i")]
    m = _model(nodes, ins, [_vi("y", F, None)], 18, inits)
    prog = shlo.from_onnx(m)
    run = shlo.compile(prog)
    blk = np.array([2, 2], np.int64)
    for img, n, ck, length in (([6, 5], 2, 12, 16), ([3, 3], 1, 4, 4)):
        feeds = {"x": _x(n, ck, length), "img": np.array(img, np.int64), "blk": blk}
        feeds = {k: feeds[k] for k in prog.input_names}
        want = _ort(m, feeds)
        check_outputs(shlo.interpret(prog, *feeds.values()), want, 1e-5, 1e-5, "interpret")
        check_outputs(run(*feeds.values()), want, 1e-5, 1e-5, "compile")
    refusals = [({"x": _x(1, 8, 12), "img": np.array([4, 7], np.int64)}, "number of sliding blocks",
                 r"the image and block shapes give a block size of 4 and 18 blocks; .* and 12 blocks"),
                ({"x": _x(1, 4, 4), "img": np.array([0, 5], np.int64)}, "must be positive",
                 r"image_shape \[0, 5\] has a size below 1")]
    for feeds, ort_says, message in refusals:
        feeds = {k: {**feeds, "blk": blk}[k] for k in prog.input_names}
        _col2im_refused(m, prog, run, feeds, ort_says, message)


def test_gather_elements_index_range_is_checked_at_run_time():
    """GatherElements over indices of a `?` size: in range (negative ones too) it matches onnxruntime
    interpreted and compiled; out of range, where onnxruntime fails and a gather would clamp, a
    check.assert (compiled: returned by the native code, checked before the results) raises an
    error naming the node, the bounds and the values found."""
    m = _model([helper.make_node("GatherElements", ["x", "i"], ["y"], axis=1, name="ge")],
               [_vi("x", F, [2, 3]), _vi("i", I64, [2, "k"])], [_vi("y", F, None)], 13)
    prog = shlo.from_onnx(m)
    assert "check.assert" in str(prog.module)
    run = shlo.compile(prog)
    x = _x(2, 3)
    for i in ([[0, 2, -1, -3], [1, 1, 2, 0]], [[2], [-2]]):
        i = np.array(i, np.int64)
        want = _ort(m, {"x": x, "i": i})
        check_outputs(shlo.interpret(prog, x, i), want, 0, 0, "interpret")
        check_outputs(run(x, i), want, 0, 0, "compile")
    for bad, lo, hi in (([[0, 3], [1, 1]], 0, 3), ([[-4, 0], [1, 2]], -4, 2)):
        bad = np.array(bad, np.int64)
        with pytest.raises(Exception, match="Out of range"):
            _ort(m, {"x": x, "i": bad})
        for f in (lambda *a: shlo.interpret(prog, *a), run):
            with pytest.raises(shlo.ShloError, match=rf"GatherElements \(opset 13\) node 'ge': indices must be in "
                                                     rf"\[-3, 2\] along axis 1; found values from {lo} to {hi}"):
                f(x, bad)


def test_col2im_over_a_run_time_channel_times_block_size():
    """Col2Im with a `?` channel x block size (input size 1; an ImportError before): one import at
    three sizes (C = 3, 1, 2, batch 2 and 1), interpreted and compiled against onnxruntime; a size
    the block size does not divide, which onnxruntime refuses, is a shape-assertion error naming
    the node (compiled: before the native code runs)."""
    m, prog, run = _col2im_6x5_by_2x2(["n", "ck", 16])
    _col2im_matches_ort(m, prog, run, [(2, 12, 16), (1, 4, 16), (1, 8, 16)])
    x = _x(1, 6, 16)
    with pytest.raises(Exception, match="multiple of prod"):
        _ort(m, {"x": x})
    for f in (lambda a: shlo.interpret(prog, a), run):
        with pytest.raises(shlo.ShloError, match=r"Col2Im \(opset 18\) node 'c2i': input size 1 .* is 6, not a "
                                                 r"multiple of the block size 4"):
            f(x)
