"""ONNX misc ops (ops/misc.py, misc_detection.py): LpNormalization, BitCast, TensorScatter,
TfIdfVectorizer, MaxRoiPool, DeformConv, NonMaxSuppression and the random generators.
ONNX's node conformance cases through from_onnx + interpret (a few compiled), onnx.helper-built
models against onnxruntime, and shapes / dtypes / ranges / statistics of the random ops (their
values cannot equal onnxruntime's draws)."""
from __future__ import annotations

import functools
import warnings

import numpy as np
import pytest
from onnx import TensorProto as TP
from onnx import helper, numpy_helper

import shlo

MY_OPS = {"LpNormalization", "BitCast", "TensorScatter", "TfIdfVectorizer", "NonMaxSuppression", "DeformConv"}


@functools.lru_cache(maxsize=None)
def _cases():
    from onnx.backend.test.case.node import collect_testcases
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cases = collect_testcases("")
    return {c.name: c for c in cases if len(c.model.graph.node) == 1 and c.model.graph.node[0].op_type in MY_OPS}


def _compare(got, want, rtol=1e-5, atol=1e-6):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    if want.dtype.kind in "fc":
        np.testing.assert_allclose(got.astype(want.dtype), want, rtol=rtol, atol=atol, equal_nan=True)
    else:
        assert got.dtype == want.dtype, (got.dtype, want.dtype)
        np.testing.assert_array_equal(got, want)


def _check(case, compiled=False):
    prog = shlo.from_onnx(case.model)
    run = shlo.compile(prog) if compiled else functools.partial(shlo.interpret, prog)
    for inputs, outputs in case.data_sets:
        got = run(*inputs)
        for g, w in zip(got, outputs):
            _compare(g, w, case.rtol, case.atol)


@pytest.mark.parametrize("name", sorted(_cases()))
def test_node_conformance(name):
    _check(_cases()[name])


@pytest.mark.parametrize("name", ["test_nonmaxsuppression_two_batches", "test_deform_conv_with_mask_bias",
                                  "test_tensorscatter_circular", "test_l1normalization_axis_1",
                                  "test_tfidfvectorizer_tf_batch_uniandbigrams_skip5", "test_bitcast_bool_to_uint8"])
def test_compiled_cases(name):
    _check(_cases()[name], compiled=True)


# ----------------------------------------------------------------------------- helpers

def _model(nodes, inputs, outputs, opset):
    graph = helper.make_graph(nodes if isinstance(nodes, list) else [nodes], "g", inputs, outputs)
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = 7 if opset <= 12 else 10
    return m


def _vi(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def _ort(model, feeds):
    ort = pytest.importorskip("onnxruntime")
    return ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, feeds)


RNG = np.random.default_rng(7)


# ----------------------------------------------------------------------------- against onnxruntime

@pytest.mark.parametrize("p,axis", [(1, 0), (2, -1), (1, 2)])
def test_lp_normalization_negative_values(p, axis):
    x = RNG.standard_normal((3, 4, 5)).astype(np.float32)
    x[1] = 0                                         # zero norms along some axes give 0
    m = _model(helper.make_node("LpNormalization", ["x"], ["y"], p=p, axis=axis), [_vi("x", TP.FLOAT, x.shape)],
               [_vi("y", TP.FLOAT, None)], 13)
    got = shlo.interpret(shlo.from_onnx(m), x)[0]
    norm = np.linalg.norm(x, ord=p, axis=axis, keepdims=True)
    want = np.where(norm == 0, 0, x / np.where(norm == 0, 1, norm))
    _compare(got, want)


def test_max_roi_pool():
    x = RNG.standard_normal((2, 3, 10, 12)).astype(np.float32)
    rois = np.array([[0, 1, 1, 9, 7], [1, 0, 0, 23, 19], [0, 5, 5, 5, 5], [1, -4, 3, 30, 40], [0, 3.3, 2.5, 13, 11]],
                    np.float32)
    m = _model(helper.make_node("MaxRoiPool", ["x", "r"], ["y"], pooled_shape=[3, 2], spatial_scale=0.5),
               [_vi("x", TP.FLOAT, x.shape), _vi("r", TP.FLOAT, rois.shape)], [_vi("y", TP.FLOAT, None)], 12)
    want = _ort(m, {"x": x, "r": rois})[0]
    prog = shlo.from_onnx(m)
    _compare(shlo.interpret(prog, x, rois)[0], want)
    _compare(shlo.compile(prog)(x, rois)[0], want)


def test_max_roi_pool_dynamic_sizes():
    # every size of X and the ROI count `?` (an ImportError before): one program at three sizes,
    # ROIs reaching past the image and reversed corners included
    m = _model(helper.make_node("MaxRoiPool", ["x", "r"], ["y"], pooled_shape=[3, 2], spatial_scale=0.5),
               [_vi("x", TP.FLOAT, ["n", "c", "h", "w"]), _vi("r", TP.FLOAT, ["k", 5])], [_vi("y", TP.FLOAT, None)], 12)
    prog = shlo.from_onnx(m)
    run = shlo.compile(prog)
    for n, c, h, w, k in [(2, 3, 10, 12, 5), (1, 2, 7, 5, 3), (3, 1, 16, 9, 1)]:
        x = RNG.standard_normal((n, c, h, w)).astype(np.float32)
        corners = RNG.uniform(-4, 2 * max(h, w) + 4, (k, 4))
        rois = np.concatenate([RNG.integers(0, n, (k, 1)), corners], 1).astype(np.float32)
        want = _ort(m, {"x": x, "r": rois})[0]
        assert want.shape == (k, c, 3, 2)
        _compare(shlo.interpret(prog, x, rois)[0], want)
        _compare(run(x, rois)[0], want)


def _nms_model(center_point_box, b, c, n):
    node = helper.make_node("NonMaxSuppression", ["b", "s", "m", "i", "t"], ["y"], center_point_box=center_point_box)
    return _model(node, [_vi("b", TP.FLOAT, [b, n, 4]), _vi("s", TP.FLOAT, [b, c, n]), _vi("m", TP.INT64, [1]),
                         _vi("i", TP.FLOAT, [1]), _vi("t", TP.FLOAT, [1])], [_vi("y", TP.INT64, None)], 11)


@pytest.mark.parametrize("center_point_box", [0, 1])
def test_nms_random_boxes(center_point_box):
    b, c, n = 2, 3, 40
    m = _nms_model(center_point_box, b, c, n)
    prog = shlo.from_onnx(m)
    for limit, iou, thr in [(7, 0.3, 0.2), (100, 0.5, 0.0), (0, 0.5, 0.0), (3, 0.0, 0.9)]:
        xy, wh = RNG.uniform(0, 10, (b, n, 2)), RNG.uniform(0.5, 4, (b, n, 2))
        boxes = np.concatenate([xy + wh, xy] if center_point_box == 0 else [xy, wh], -1).astype(np.float32)
        scores = RNG.uniform(0, 1, (b, c, n)).astype(np.float32)
        args = [boxes, scores, np.array([limit]), np.array([iou], np.float32), np.array([thr], np.float32)]
        want = _ort(m, dict(zip("bsmit", args)))[0]
        _compare(shlo.interpret(prog, *args)[0], want)


def test_nms_over_run_time_batch_class_and_box_counts():
    """NonMaxSuppression with a `?` batch size and class count (a detector exported with a dynamic
    batch) was an ImportError; one import at two sizes, interpreted and compiled."""
    node = helper.make_node("NonMaxSuppression", ["b", "s", "m", "i", "t"], ["y"])
    m = _model(node, [_vi("b", TP.FLOAT, ["n", "k", 4]), _vi("s", TP.FLOAT, ["n", "c", "k"]), _vi("m", TP.INT64, [1]),
                      _vi("i", TP.FLOAT, [1]), _vi("t", TP.FLOAT, [1])], [_vi("y", TP.INT64, None)], 11)
    prog = shlo.from_onnx(m)
    run = shlo.compile(prog)
    for b, c, n in ((2, 3, 12), (3, 1, 5)):
        xy, wh = RNG.uniform(0, 10, (b, n, 2)), RNG.uniform(0.5, 4, (b, n, 2))
        args = [np.concatenate([xy + wh, xy], -1).astype(np.float32), RNG.uniform(0, 1, (b, c, n)).astype(np.float32),
                np.array([4]), np.array([0.4], np.float32), np.array([0.2], np.float32)]
        want = _ort(m, dict(zip("bsmit", args)))[0]
        _compare(shlo.interpret(prog, *args)[0], want)
        _compare(run(*args)[0], want)


def test_nms_compiled():
    m = _nms_model(0, 1, 2, 16)
    xy, wh = RNG.uniform(0, 5, (1, 16, 2)), RNG.uniform(0.5, 3, (1, 16, 2))
    args = [np.concatenate([xy, xy + wh], -1).astype(np.float32), RNG.uniform(0, 1, (1, 2, 16)).astype(np.float32),
            np.array([5]), np.array([0.4], np.float32), np.array([0.1], np.float32)]
    _compare(shlo.compile(shlo.from_onnx(m))(*args)[0], _ort(m, dict(zip("bsmit", args)))[0])


def test_nms_run_time_box_count():
    """A box count that is a run-time size (anchors over an image of any size): one import run at
    two counts, interpreted and compiled, against onnxruntime."""
    m = _nms_model(1, 1, 2, "n")
    prog = shlo.from_onnx(m)
    fn = shlo.compile(prog)
    for n in (9, 23):
        xy, wh = RNG.uniform(0, 6, (1, n, 2)), RNG.uniform(0.5, 3, (1, n, 2))
        args = [np.concatenate([xy, wh], -1).astype(np.float32), RNG.uniform(0, 1, (1, 2, n)).astype(np.float32),
                np.array([4]), np.array([0.3], np.float32), np.array([0.2], np.float32)]
        want = _ort(m, dict(zip("bsmit", args)))[0]
        _compare(shlo.interpret(prog, *args)[0], want)
        _compare(fn(*args)[0], want)


def test_nms_optional_inputs_omitted():
    """No max_output_boxes_per_class: nothing is selected (its default is 0)."""
    node = helper.make_node("NonMaxSuppression", ["b", "s"], ["y"])
    m = _model(node, [_vi("b", TP.FLOAT, [1, 3, 4]), _vi("s", TP.FLOAT, [1, 1, 3])], [_vi("y", TP.INT64, None)], 11)
    boxes = np.array([[[0, 0, 1, 1], [0, 0, 1, 1.1], [5, 5, 6, 6]]], np.float32)
    got = shlo.interpret(shlo.from_onnx(m), boxes, np.array([[[0.5, 0.9, 0.1]]], np.float32))[0]
    assert np.asarray(got).shape == (0, 3)


def test_tfidf_against_onnxruntime():
    def grams(n, k):
        s = set()
        while len(s) < k:
            s.add(tuple(RNG.integers(0, 5, n)))
        return np.array(sorted(s)).reshape(-1)
    for trial in range(9):
        mode = ["TF", "IDF", "TFIDF"][trial % 3]
        lo = int(RNG.integers(1, 3))
        attrs = dict(mode=mode, min_gram_length=lo, max_gram_length=int(RNG.integers(lo, 4)),
                     max_skip_count=int(RNG.integers(0, 3)), ngram_counts=[0, 3, 9],
                     ngram_indexes=[int(v) for v in RNG.permutation(8)],
                     pool_int64s=[int(v) for v in np.concatenate([grams(1, 3), grams(2, 3), grams(3, 2)])])
        if trial % 2:
            attrs["weights"] = [float(v) for v in RNG.uniform(0.5, 2, 8)]
        shape = [3, 12] if trial % 4 < 2 else [12]
        m = _model(helper.make_node("TfIdfVectorizer", ["x"], ["y"], **attrs), [_vi("x", TP.INT32, shape)],
                   [_vi("y", TP.FLOAT, None)], 12)
        x = RNG.integers(0, 5, shape).astype(np.int32)
        _compare(shlo.interpret(shlo.from_onnx(m), x)[0], _ort(m, {"x": x})[0])


def test_tensor_scatter_linear_write_indices():
    past = RNG.standard_normal((2, 3, 6, 4)).astype(np.float32)
    upd = RNG.standard_normal((2, 3, 2, 4)).astype(np.float32)
    wi = np.array([1, 4], np.int64)
    m = _model(helper.make_node("TensorScatter", ["p", "u", "w"], ["y"], axis=2),
               [_vi("p", TP.FLOAT, past.shape), _vi("u", TP.FLOAT, upd.shape), _vi("w", TP.INT64, [2])],
               [_vi("y", TP.FLOAT, None)], 24)
    want = past.copy()
    for b in range(2):
        want[b, :, wi[b]:wi[b] + 2] = upd[b]
    _compare(shlo.interpret(shlo.from_onnx(m), past, upd, wi)[0], want)


# ----------------------------------------------------------------------------- random ops

def _run0(m, *args, compiled=False):
    prog = shlo.from_onnx(m)
    return np.asarray((shlo.compile(prog) if compiled else functools.partial(shlo.interpret, prog))(*args)[0])


def _gen(op, opset=22, inputs=(), **attrs):
    return _model(helper.make_node(op, [i.name for i in inputs], ["y"], **attrs), list(inputs),
                  [_vi("y", TP.UNDEFINED, None)], opset)


@pytest.mark.parametrize("dtype,np_dtype", [(TP.FLOAT, np.float32), (TP.DOUBLE, np.float64), (TP.FLOAT16, np.float16)])
def test_random_normal(dtype, np_dtype):
    y = _run0(_gen("RandomNormal", shape=[200, 150], dtype=dtype, mean=2.0, scale=3.0, seed=5.0))
    assert y.shape == (200, 150) and y.dtype == np_dtype
    assert abs(y.astype(np.float64).mean() - 2.0) < 0.1 and abs(y.astype(np.float64).std() - 3.0) < 0.1
    # roughly normal: ~68% within one standard deviation
    assert abs(np.mean(np.abs(y.astype(np.float64) - 2.0) < 3.0) - 0.6827) < 0.02


@pytest.mark.parametrize("dtype,np_dtype", [(TP.FLOAT, np.float32), (TP.DOUBLE, np.float64), (TP.BFLOAT16, None)])
def test_random_uniform(dtype, np_dtype):
    y = _run0(_gen("RandomUniform", shape=[30000], dtype=dtype, low=-2.0, high=5.0))
    if np_dtype is not None:
        assert y.dtype == np_dtype
    y = y.astype(np.float64)
    assert y.shape == (30000,) and y.min() >= -2.0 and y.max() <= 5.0
    assert abs(y.mean() - 1.5) < 0.06 and abs(y.var() - 49 / 12) < 0.15
    np.testing.assert_allclose(np.histogram(y, bins=7, range=(-2, 5))[0] / 30000, 1 / 7, atol=0.01)


def test_random_seeds():
    a = _run0(_gen("RandomUniform", shape=[64], seed=1.0))
    b = _run0(_gen("RandomUniform", shape=[64], seed=1.0))
    c = _run0(_gen("RandomUniform", shape=[64], seed=2.0))
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, c)
    # two unseeded nodes of one model draw different values
    nodes = [helper.make_node("RandomNormal", [], [o], shape=[16]) for o in ("y", "z")]
    m = _model(nodes, [], [_vi("y", TP.FLOAT, None), _vi("z", TP.FLOAT, None)], 13)
    y, z = shlo.interpret(shlo.from_onnx(m))
    assert not np.array_equal(np.asarray(y), np.asarray(z))


def test_random_compiled_matches_interpreted():
    m = _gen("RandomNormal", shape=[4, 5], seed=3.0)
    np.testing.assert_allclose(_run0(m, compiled=True), _run0(m), rtol=1e-5, atol=1e-6)


def test_random_like():
    x = np.zeros((3, 500, 20), np.float64)
    y = _run0(_gen("RandomNormalLike", inputs=[_vi("x", TP.DOUBLE, x.shape)], mean=-1.0, seed=1.0), x)
    assert y.shape == x.shape and y.dtype == np.float64 and abs(y.mean() + 1.0) < 0.05
    y = _run0(_gen("RandomUniformLike", inputs=[_vi("x", TP.INT32, [100, 100])], dtype=TP.FLOAT, high=2.0),
              np.zeros((100, 100), np.int32))
    assert y.dtype == np.float32 and y.min() >= 0 and y.max() < 2.0 and abs(y.mean() - 1.0) < 0.03


@pytest.mark.parametrize("dtype,np_dtype", [(None, np.float32), (TP.INT32, np.int32), (TP.BOOL, np.bool_)])
def test_bernoulli(dtype, np_dtype):
    attrs = {} if dtype is None else {"dtype": dtype}
    p = np.tile(np.array([0.0, 0.2, 0.7, 1.0], np.float32), (5000, 1))
    y = _run0(_gen("Bernoulli", inputs=[_vi("p", TP.FLOAT, p.shape)], opset=15, seed=4.0, **attrs), p)
    assert y.shape == p.shape and y.dtype == np_dtype
    np.testing.assert_allclose(y.astype(np.float64).mean(axis=0), [0.0, 0.2, 0.7, 1.0], atol=0.02)


def test_random_like_bernoulli_and_dropout_over_run_time_sizes():
    """RandomNormalLike / RandomUniformLike / Bernoulli / training Dropout over `?` sizes were
    ImportErrors (rng_bit_generator's result is static); the words are now a hash of each
    element's position and the key. One import at two sizes: shapes, statistics, neighbours
    uncorrelated, the compiled program drawing the very values the interpreter draws."""
    nodes = [helper.make_node("RandomNormalLike", ["x"], ["n"], mean=2.0, scale=3.0, seed=1.5),
             helper.make_node("RandomUniformLike", ["x"], ["u"], low=-1.0, high=3.0),
             helper.make_node("Bernoulli", ["p"], ["b"]),
             helper.make_node("Dropout", ["x", "r", "t"], ["d", "mask"])]
    inits = [helper.make_tensor("r", TP.FLOAT, [], [0.25]), helper.make_tensor("t", TP.BOOL, [], [True])]
    g = helper.make_graph(nodes, "g", [_vi("x", TP.FLOAT, ["a", "b"]), _vi("p", TP.FLOAT, ["a", "b"])],
                          [_vi(o, TP.UNDEFINED, None) for o in ("n", "u", "b", "d", "mask")], initializer=inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 15)])
    prog = shlo.from_onnx(m)
    run = shlo.compile(prog)
    for shape in ((200, 100), (7, 3000)):
        x, p = np.ones(shape, np.float32), np.full(shape, 0.3, np.float32)
        got = [np.asarray(v) for v in shlo.interpret(prog, x, p)]
        for a, b in zip(got, run(x, p)):
            np.testing.assert_allclose(np.asarray(b), a, rtol=1e-6, atol=1e-6)
        n, u, b, d, mask = got
        assert all(v.shape == shape for v in got) and mask.dtype == np.bool_
        assert abs(n.mean() - 2.0) < 0.1 and abs(n.std() - 3.0) < 0.1
        assert u.min() >= -1.0 and u.max() <= 3.0 and abs(u.mean() - 1.0) < 0.05 and abs(u.var() - 16 / 12) < 0.05
        assert abs(b.mean() - 0.3) < 0.02 and abs(mask.mean() - 0.75) < 0.02
        np.testing.assert_allclose(d, np.where(mask, x / 0.75, 0), rtol=1e-6)
        flat = n.reshape(-1)
        assert abs(np.corrcoef(flat[:-1], flat[1:])[0, 1]) < 0.03


def test_multinomial():
    probs = np.array([[0.2, 0.3, 0.5, 0.0], [0.7, 0.1, 0.1, 0.1]])
    with np.errstate(divide="ignore"):
        x = (np.log(probs) + 3.0).astype(np.float32)         # unnormalized; a -inf class is never drawn
    for dtype, np_dtype in [(None, np.int32), (TP.INT64, np.int64)]:
        attrs = {} if dtype is None else {"dtype": dtype}
        y = _run0(_gen("Multinomial", inputs=[_vi("x", TP.FLOAT, x.shape)], opset=7, sample_size=8000, **attrs), x)
        assert y.shape == (2, 8000) and y.dtype == np_dtype
        freq = np.stack([np.bincount(r, minlength=4) / 8000 for r in y])
        np.testing.assert_allclose(freq, probs, atol=0.02)


def test_multinomial_vocabulary_sized_compiled():
    x = RNG.standard_normal((2, 50000)).astype(np.float32)
    x[:, 123] = 40.0                                        # all but certain
    y = _run0(_gen("Multinomial", inputs=[_vi("x", TP.FLOAT, x.shape)], opset=7, sample_size=3, seed=1.0), x,
              compiled=True)
    assert y.shape == (2, 3) and (y == 123).all()


# ----------------------------------------------------------------------------- errors

def test_bitcast_different_widths_is_an_error():
    m = _model(helper.make_node("BitCast", ["x"], ["y"], to=TP.INT64), [_vi("x", TP.FLOAT, [3])],
               [_vi("y", TP.INT64, None)], 26)
    with pytest.raises(shlo.ImportError, match="same bit width"):
        shlo.from_onnx(m)


def test_tfidf_string_pool_is_an_error():
    node = helper.make_node("TfIdfVectorizer", ["x"], ["y"], mode="TF", min_gram_length=1, max_gram_length=1,
                            max_skip_count=0, ngram_counts=[0], ngram_indexes=[0], pool_strings=["a"])
    m = _model(node, [_vi("x", TP.STRING, [3])], [_vi("y", TP.FLOAT, None)], 12)
    with pytest.raises(shlo.ImportError, match="(?i)string"):
        shlo.from_onnx(m)


def test_deform_conv_over_a_run_time_batch():
    # DeformConv (opset 22) with a `?` batch was an ImportError ('needs static sizes'): groups and
    # offset groups, a mask, a bias, strides / pads / dilations; one import at two batch sizes,
    # interpreted and compiled, against onnxruntime
    w, b = RNG.standard_normal((4, 2, 3, 3)).astype(np.float32), RNG.standard_normal(4).astype(np.float32)
    node = helper.make_node("DeformConv", ["x", "w", "o", "b", "m"], ["y"], group=2, offset_group=2, strides=[2, 1],
                            pads=[1, 1, 1, 0], dilations=[1, 2])
    g = helper.make_graph([node], "g", [_vi("x", TP.FLOAT, ["n", 4, 6, 7]), _vi("o", TP.FLOAT, ["n", 36, 3, 4]),
                                        _vi("m", TP.FLOAT, ["n", 18, 3, 4])], [_vi("y", TP.FLOAT, None)],
                          initializer=[numpy_helper.from_array(w, "w"), numpy_helper.from_array(b, "b")])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 22)])
    m.ir_version = 10
    prog = shlo.from_onnx(m)
    run = shlo.compile(prog)
    for n in (2, 1):
        feeds = {"x": RNG.standard_normal((n, 4, 6, 7)).astype(np.float32),
                 "o": (RNG.standard_normal((n, 36, 3, 4)) * 1.5).astype(np.float32),
                 "m": RNG.random((n, 18, 3, 4)).astype(np.float32)}
        want = _ort(m, feeds)[0]
        for got in (shlo.interpret(prog, *feeds.values())[0], run(*feeds.values())[0]):
            assert np.asarray(got).shape == want.shape
            _compare(np.asarray(got), want, rtol=1e-4, atol=1e-4)


def test_deform_conv_over_run_time_spatial_sizes():
    # DeformConv (opset 22) with `?` spatial sizes was an ImportError ('needs static channel and
    # spatial sizes'): the output sizes and the image bounds of the bilinear taps are run-time
    # values; groups, offset groups, a mask, strides / pads / dilations; one import at two image
    # sizes, interpreted (and compiled with SHLO_FULL_TESTS=1: 10 s loaded), against onnxruntime
    import os
    w = RNG.standard_normal((4, 2, 3, 3)).astype(np.float32)
    node = helper.make_node("DeformConv", ["x", "w", "o", "", "m"], ["y"], group=2, offset_group=2, strides=[2, 1],
                            pads=[1, 1, 1, 0], dilations=[1, 2])
    g = helper.make_graph([node], "g", [_vi("x", TP.FLOAT, ["n", 4, "h", "w"]), _vi("o", TP.FLOAT, ["n", 36, "p", "q"]),
                                        _vi("m", TP.FLOAT, ["n", 18, "p", "q"])], [_vi("y", TP.FLOAT, None)],
                          initializer=[numpy_helper.from_array(w, "w")])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 22)])
    m.ir_version = 10
    prog = shlo.from_onnx(m)
    runs = [lambda *a: shlo.interpret(prog, *a)] + ([shlo.compile(prog)] if os.environ.get("SHLO_FULL_TESTS") else [])
    for n, h, wd in ((2, 6, 7), (1, 5, 9)):
        oh, ow = (h + 2 - 3) // 2 + 1, wd + 1 - 5 + 1
        feeds = {"x": RNG.standard_normal((n, 4, h, wd)).astype(np.float32),
                 "o": (RNG.standard_normal((n, 36, oh, ow)) * 1.5).astype(np.float32),
                 "m": RNG.random((n, 18, oh, ow)).astype(np.float32)}
        want = _ort(m, feeds)[0]
        for run in runs:
            got = run(*feeds.values())[0]
            assert np.asarray(got).shape == want.shape == (n, 4, oh, ow)
            _compare(np.asarray(got), want, rtol=1e-4, atol=1e-4)
