"""Element-wise ONNX ops (ops/elementwise.py): ONNX's node conformance cases of these ops through
from_onnx + interpret (a few compiled), plus models built here for what the cases leave out
(older opsets, more dtypes, broadcasting, errors), checked against onnxruntime."""
from __future__ import annotations

import os
import warnings

import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import shlo

RNG = np.random.default_rng(7)

OPS = set("""Add Sub Mul Div Mod Pow Neg Abs Reciprocal Sqrt Exp Log Floor Ceil Round Sign Erf Sin Cos Tan Asin
Acos Atan Sinh Cosh Asinh Acosh Atanh IsNaN IsInf Max Min Sum Mean Equal Less LessOrEqual Greater GreaterOrEqual
Not And Or Xor BitwiseAnd BitwiseOr BitwiseXor BitwiseNot BitShift Where Clip Cast CastLike Identity Relu
LeakyRelu PRelu Elu Selu Celu ThresholdedRelu Sigmoid HardSigmoid HardSwish Softplus Softsign Mish Gelu Tanh
Swish Shrink Constant""".split())

# Element types shlo does not have (2-bit integers, 4-bit and e8m0 floats, strings), and values that are not
# tensors (sequences, optionals): the importer reports these cases by design.
_NO_SHLO_TYPE = ("FLOAT4E2M1", "INT2", "UINT2", "FLOAT8E8M0", "e8m0", "STRING")
_NOT_TENSORS = {"test_identity_sequence", "test_identity_opt"}


def expected_error(name: str) -> bool:
    return name in _NOT_TENSORS or any(t.lower() in name.lower() for t in _NO_SHLO_TYPE)


def _cases():
    from onnx.backend.test.case.node import collect_testcases
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cases = collect_testcases("")
    return {c.name: c for c in cases if len(c.model.graph.node) == 1 and c.model.graph.node[0].op_type in OPS}


CASES = _cases()


def _array(x):
    return numpy_helper.to_array(x) if isinstance(x, TensorProto) else np.asarray(x)


def _comparable(a):
    """f8 / 4-bit arrays (ml_dtypes) as f64 or i64 for comparison."""
    if a.dtype.kind == "V" or a.dtype.name.startswith(("float8", "bfloat16", "int4", "uint4")):
        return a.astype(np.int64) if "int" in a.dtype.name else a.astype(np.float64)
    return a


def check_outputs(got, want, rtol, atol, name=""):
    assert len(got) == len(want), name
    for g, w in zip(got, want):
        g, w = _comparable(np.asarray(g)), _comparable(_array(w))
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
    if expected_error(name):
        with pytest.raises(shlo.ImportError):
            run_case(case)
        return
    run_case(case)


COMPILED = ["test_add_bcast", "test_mod_mixed_sign_int32", "test_pow_types_int32_float32", "test_clip",
            "test_cast_FLOAT_to_FLOAT16", "test_where_example", "test_gelu_tanh_2", "test_bitshift_right_int8",
            "test_max_example", "test_softplus", "test_atanh"]


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


def against_ort(model, feeds, rtol=1e-6, atol=0.0, compiled=False):
    prog = shlo.from_onnx(model)
    want = _ort(model, feeds)
    args = [feeds[n] for n in prog.input_names]
    check_outputs(shlo.interpret(prog, *args), want, rtol, atol, "interpret")
    if compiled:
        check_outputs(shlo.compile(prog)(*args), want, rtol, atol, "compile")
    return prog


_NP = {TensorProto.FLOAT: np.float32, TensorProto.DOUBLE: np.float64, TensorProto.FLOAT16: np.float16,
       TensorProto.INT8: np.int8, TensorProto.INT16: np.int16, TensorProto.INT32: np.int32,
       TensorProto.INT64: np.int64, TensorProto.UINT8: np.uint8, TensorProto.UINT16: np.uint16,
       TensorProto.UINT32: np.uint32, TensorProto.UINT64: np.uint64}


def _data(elem, shape, low=-5, high=5):
    dtype = _NP[elem]
    if np.issubdtype(dtype, np.floating):
        return RNG.uniform(low, high, shape).astype(dtype)
    info = np.iinfo(dtype)
    return RNG.integers(max(low, info.min), min(high, info.max) + 1, shape).astype(dtype)


@pytest.mark.parametrize("elem", [TensorProto.FLOAT, TensorProto.DOUBLE, TensorProto.FLOAT16, TensorProto.INT32,
                                  TensorProto.INT8, TensorProto.INT64, TensorProto.UINT8])
def test_arithmetic_model_dtypes(elem):
    """A small graph of broadcasting arithmetic, comparisons and Where, per dtype, against onnxruntime."""
    floating = elem in (TensorProto.FLOAT, TensorProto.DOUBLE, TensorProto.FLOAT16)
    nodes = [helper.make_node("Add", ["a", "b"], ["s"]),
             helper.make_node("Mul", ["s", "b"], ["p"]),
             helper.make_node("Sub", ["p", "a"], ["d"]),
             helper.make_node("Max", ["d", "a", "b"], ["m"]),
             helper.make_node("Min", ["d", "b"], ["n"]),
             helper.make_node("Sum" if floating else "Max", ["m", "n", "a"], ["t"]),     # Sum: floats only
             helper.make_node("Mod", ["t", "b"], ["r"]),
             helper.make_node("Less", ["a", "b"], ["lt"]),
             helper.make_node("Where", ["lt", "t", "r"], ["w"]),
             helper.make_node("Abs", ["w"], ["y"])]
    if floating:
        nodes[6] = helper.make_node("Mod", ["t", "b"], ["r"], fmod=1)
    a = _data(elem, (2, 3, 4), 1 if elem == TensorProto.UINT8 else -5, 5)
    b = _data(elem, (3, 1), 1, 4)
    model = _model(nodes, [_vi("a", elem, [2, 3, 4]), _vi("b", elem, [3, 1])], [_vi("y", elem, None)], 17)
    # f16: onnxruntime rounds some intermediates differently, and Mod magnifies that
    f16 = elem == TensorProto.FLOAT16
    against_ort(model, {"a": a, "b": b}, rtol=1e-2 if f16 else 1e-6, atol=2e-2 if f16 else 0.0)


def test_activations_model():
    names = [("Relu", {}), ("LeakyRelu", {"alpha": 0.1}), ("Elu", {"alpha": 0.7}), ("Selu", {}),
             ("Celu", {"alpha": 2.0}), ("ThresholdedRelu", {"alpha": 0.5}), ("Sigmoid", {}),
             ("HardSigmoid", {"alpha": 0.3, "beta": 0.4}), ("HardSwish", {}), ("Softplus", {}), ("Softsign", {}),
             ("Mish", {}), ("Tanh", {}), ("Shrink", {"lambd": 1.0, "bias": 0.5}), ("Erf", {}),
             ("Round", {}), ("Sign", {}), ("Floor", {}), ("Ceil", {}), ("Neg", {}), ("Exp", {}), ("Sin", {}),
             ("Cos", {}), ("Atan", {}), ("Sinh", {}), ("Cosh", {}), ("Asinh", {})]
    nodes = [helper.make_node(op, ["x"], [f"y{i}"], **attrs) for i, (op, attrs) in enumerate(names)]
    outs = [_vi(f"y{i}", TensorProto.FLOAT, None) for i in range(len(names))]
    x = RNG.uniform(-4, 4, (3, 5)).astype(np.float32)
    x[0, :3] = [2.5, -0.5, 1.5]             # Round ties go to even
    model = _model(nodes, [_vi("x", TensorProto.FLOAT, [3, 5])], outs, 18)
    against_ort(model, {"x": x}, rtol=1e-5, atol=1e-6, compiled=bool(os.environ.get("SHLO_ONNX_COMPILED")))


def test_gelu_prelu_opset20():
    nodes = [helper.make_node("Gelu", ["x"], ["g"]), helper.make_node("Gelu", ["x"], ["t"], approximate="tanh"),
             helper.make_node("PRelu", ["x", "slope"], ["p"])]
    x = RNG.standard_normal((2, 3, 4)).astype(np.float32)
    slope = RNG.uniform(0, 1, (3, 1)).astype(np.float32)
    model = _model(nodes, [_vi("x", TensorProto.FLOAT, [2, 3, 4]), _vi("slope", TensorProto.FLOAT, [3, 1])],
                   [_vi(n, TensorProto.FLOAT, None) for n in "gtp"], 20)
    against_ort(model, {"x": x, "slope": slope}, rtol=1e-5, atol=1e-6)


def test_max_min_nan_like_onnxruntime():
    nodes = [helper.make_node("Max", ["a", "b"], ["m"]), helper.make_node("Min", ["a", "b"], ["n"])]
    a = np.array([1.0, np.nan, 3.0, np.nan], np.float32)
    b = np.array([np.nan, 2.0, 1.0, np.nan], np.float32)
    model = _model(nodes, [_vi("a", TensorProto.FLOAT, [4]), _vi("b", TensorProto.FLOAT, [4])],
                   [_vi("m", TensorProto.FLOAT, None), _vi("n", TensorProto.FLOAT, None)], 13)
    against_ort(model, {"a": a, "b": b})


def test_clip_opsets():
    x = RNG.uniform(-3, 3, (4, 5)).astype(np.float32)
    m6 = _model([helper.make_node("Clip", ["x"], ["y"], min=-1.0, max=0.5)],
                [_vi("x", TensorProto.FLOAT, [4, 5])], [_vi("y", TensorProto.FLOAT, None)], 7)
    against_ort(m6, {"x": x})
    m6b = _model([helper.make_node("Clip", ["x"], ["y"], max=0.5)],
                 [_vi("x", TensorProto.FLOAT, [4, 5])], [_vi("y", TensorProto.FLOAT, None)], 9)
    against_ort(m6b, {"x": x})
    lo = numpy_helper.from_array(np.array(-1.0, np.float32), "lo")
    m11 = _model([helper.make_node("Clip", ["x", "lo", ""], ["y"])],
                 [_vi("x", TensorProto.FLOAT, [4, 5])], [_vi("y", TensorProto.FLOAT, None)], 11, [lo])
    against_ort(m11, {"x": x})
    xi = RNG.integers(-100, 100, (6,)).astype(np.int32)
    m12 = _model([helper.make_node("Clip", ["x", "lo", "hi"], ["y"])],
                 [_vi("x", TensorProto.INT32, [6]), _vi("lo", TensorProto.INT32, []), _vi("hi", TensorProto.INT32, [])],
                 [_vi("y", TensorProto.INT32, None)], 12)
    against_ort(m12, {"x": xi, "lo": np.array(-10, np.int32), "hi": np.array(20, np.int32)})


def test_old_opset_ops():
    """Opset 7 Add/Pow/And, opset 9 Less/Where/Sign/IsNaN, opset 10 IsInf / Mod."""
    x = np.array([[1.5, -2.0, np.inf], [np.nan, 0.0, -np.inf]], np.float32)
    y = np.array([2.0, 0.5, 1.0], np.float32)
    nodes = [helper.make_node("Add", ["x", "y"], ["s"]), helper.make_node("Pow", ["y", "y"], ["p"]),
             helper.make_node("Less", ["x", "y"], ["l"]), helper.make_node("Greater", ["x", "y"], ["g"]),
             helper.make_node("And", ["l", "g"], ["a"]), helper.make_node("Or", ["l", "g"], ["o"]),
             helper.make_node("Xor", ["l", "g"], ["xr"]), helper.make_node("Not", ["l"], ["nl"]),
             helper.make_node("IsNaN", ["x"], ["nan"]), helper.make_node("Where", ["l", "x", "y"], ["w"]),
             helper.make_node("IsInf", ["x"], ["inf"], detect_negative=0),
             helper.make_node("Mod", ["y", "y"], ["md"], fmod=1)]
    outs = {"s": TensorProto.FLOAT, "p": TensorProto.FLOAT, "a": TensorProto.BOOL, "o": TensorProto.BOOL,
            "xr": TensorProto.BOOL, "nl": TensorProto.BOOL, "nan": TensorProto.BOOL, "w": TensorProto.FLOAT,
            "inf": TensorProto.BOOL, "md": TensorProto.FLOAT}
    model = _model(nodes, [_vi("x", TensorProto.FLOAT, [2, 3]), _vi("y", TensorProto.FLOAT, [3])],
                   [_vi(n, t, None) for n, t in outs.items()], 10)
    against_ort(model, {"x": x, "y": y})


def test_mod_float_python_sign_and_pow_mixed():
    a = np.array([5.5, -5.5, 5.5, -5.5, 0.0, -0.0, 3.0], np.float32)
    b = np.array([2.0, 2.0, -2.0, -2.0, -3.0, 3.0, np.inf], np.float32)
    model = _model([helper.make_node("Mod", ["a", "b"], ["r"])],
                   [_vi("a", TensorProto.FLOAT, [7]), _vi("b", TensorProto.FLOAT, [7])],
                   [_vi("r", TensorProto.FLOAT, None)], 28)
    got = shlo.interpret(shlo.from_onnx(model), a, b)[0]
    want = np.mod(a, b)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(want))
    # integer base, float exponent: the result keeps the base's type
    base = np.array([2, 3, 4, -2], np.int32)
    exp = np.array([0.5, 2.0, -1.0, 3.0], np.float32)
    model = _model([helper.make_node("Pow", ["b", "e"], ["y"])],
                   [_vi("b", TensorProto.INT32, [4]), _vi("e", TensorProto.FLOAT, [4])],
                   [_vi("y", TensorProto.INT32, None)], 15)
    against_ort(model, {"b": base, "e": exp})


def test_bitwise_ops():
    a = RNG.integers(0, 255, (3, 4)).astype(np.uint8)
    b = RNG.integers(0, 255, (4,)).astype(np.uint8)
    s = RNG.integers(0, 8, (3, 4)).astype(np.uint8)
    nodes = [helper.make_node("BitwiseAnd", ["a", "b"], ["y0"]), helper.make_node("BitwiseOr", ["a", "b"], ["y1"]),
             helper.make_node("BitwiseXor", ["a", "b"], ["y2"]), helper.make_node("BitwiseNot", ["a"], ["y3"]),
             helper.make_node("BitShift", ["a", "s"], ["y4"], direction="LEFT"),
             helper.make_node("BitShift", ["a", "s"], ["y5"], direction="RIGHT")]
    model = _model(nodes, [_vi("a", TensorProto.UINT8, [3, 4]), _vi("b", TensorProto.UINT8, [4]),
                           _vi("s", TensorProto.UINT8, [3, 4])],
                   [_vi(f"y{i}", TensorProto.UINT8, None) for i in range(6)], 18)
    against_ort(model, {"a": a, "b": b, "s": s})


_CAST_TYPES = [TensorProto.FLOAT, TensorProto.DOUBLE, TensorProto.FLOAT16, TensorProto.BOOL,
               TensorProto.INT8, TensorProto.INT16, TensorProto.INT32, TensorProto.INT64, TensorProto.UINT8,
               TensorProto.UINT16, TensorProto.UINT32, TensorProto.UINT64]


def _cast_input(src):
    from shlo.literals import numpy_dtype
    from shlo.importers.onnx import dtypes
    values = np.array([0, 1, -3, 7.75, -0.5, 100, 2.25, 42], np.float64)
    if src in (TensorProto.UINT8, TensorProto.UINT16, TensorProto.UINT32, TensorProto.UINT64):
        values = np.abs(values)
    if src in (TensorProto.INT8, TensorProto.INT16, TensorProto.INT32, TensorProto.INT64, TensorProto.UINT8,
               TensorProto.UINT16, TensorProto.UINT32, TensorProto.UINT64):
        values = np.trunc(values)
    if src == TensorProto.BOOL:
        return values != 0
    return values.astype(numpy_dtype(dtypes.element(src)))


def _cast_model(src, targets):
    nodes = [helper.make_node("Cast", ["x"], [f"y{i}"], to=dst) for i, dst in enumerate(targets)]
    outs = [_vi(f"y{i}", dst, None) for i, dst in enumerate(targets)]
    return _model(nodes, [_vi("x", src, [8])], outs, 19)


@pytest.mark.parametrize("src", _CAST_TYPES, ids=lambda t: TensorProto.DataType.Name(t))
def test_cast_pairs(src):
    """Every pair of the common element types, one model per source type, against onnxruntime."""
    against_ort(_cast_model(src, _CAST_TYPES), {"x": _cast_input(src)})


def test_cast_bf16_pairs():
    """bf16 to and from every common type, against onnx's reference (onnxruntime's Python API has no bf16)."""
    from onnx.reference import ReferenceEvaluator
    from shlo.literals import numpy_dtype
    for src in _CAST_TYPES:
        model = _cast_model(src, [TensorProto.BFLOAT16])
        x = _cast_input(src)
        check_outputs(shlo.interpret(shlo.from_onnx(model), x), ReferenceEvaluator(model).run(None, {"x": x}),
                      0, 0, f"{src} -> bf16")
    x = _cast_input(TensorProto.FLOAT).astype(numpy_dtype("bf16"))
    model = _cast_model(TensorProto.BFLOAT16, _CAST_TYPES)
    check_outputs(shlo.interpret(shlo.from_onnx(model), x), ReferenceEvaluator(model).run(None, {"x": x}),
                  0, 0, "bf16 -> all")


def test_cast_f8_saturate_and_int4():
    from shlo.literals import numpy_dtype
    x = np.array([0.0, 1.0, -3.5, 500.0, -1e6, np.inf, -np.inf, np.nan, 0.3], np.float32)
    for sat in (1, 0):
        for to in (TensorProto.FLOAT8E4M3FN, TensorProto.FLOAT8E4M3FNUZ, TensorProto.FLOAT8E5M2,
                   TensorProto.FLOAT8E5M2FNUZ):
            model = _model([helper.make_node("Cast", ["x"], ["y"], to=to, saturate=sat)],
                           [_vi("x", TensorProto.FLOAT, [9])], [_vi("y", to, None)], 19)
            from onnx.reference import ReferenceEvaluator
            want = ReferenceEvaluator(model).run(None, {"x": x})[0]
            got = shlo.interpret(shlo.from_onnx(model), x)[0]
            assert got.dtype == numpy_dtype(shlo.importers.onnx.dtypes.element(to))
            np.testing.assert_array_equal(got.astype(np.float32), want.astype(np.float32), err_msg=f"{to} {sat}")
    xi = np.array([-9.0, -8.0, 7.9, 8.0, 15.0, 16.5, -1.5], np.float32)
    for to in (TensorProto.INT4, TensorProto.UINT4):
        model = _model([helper.make_node("Cast", ["x"], ["y"], to=to)], [_vi("x", TensorProto.FLOAT, [7])],
                       [_vi("y", to, None)], 21)
        from onnx.reference import ReferenceEvaluator
        want = ReferenceEvaluator(model).run(None, {"x": xi})[0]
        got = shlo.interpret(shlo.from_onnx(model), xi)[0]
        np.testing.assert_array_equal(got.astype(np.int64), want.astype(np.int64))


def test_castlike_and_dynamic_dims():
    nodes = [helper.make_node("Add", ["a", "b"], ["s"]), helper.make_node("CastLike", ["s", "like"], ["y"]),
             helper.make_node("Relu", ["s"], ["r"])]
    model = _model(nodes, [_vi("a", TensorProto.FLOAT, ["n", 3]), _vi("b", TensorProto.FLOAT, [3]),
                           _vi("like", TensorProto.INT64, [1])],
                   [_vi("y", TensorProto.INT64, None), _vi("r", TensorProto.FLOAT, None)], 15)
    feeds = {"a": RNG.uniform(-9, 9, (5, 3)).astype(np.float32), "b": RNG.uniform(-9, 9, (3,)).astype(np.float32),
             "like": np.array([0], np.int64)}
    against_ort(model, feeds)


def test_errors():
    with pytest.raises(shlo.ImportError, match="Cast.*string"):
        shlo.from_onnx(_model([helper.make_node("Cast", ["x"], ["y"], to=TensorProto.STRING)],
                              [_vi("x", TensorProto.FLOAT, [2])], [_vi("y", TensorProto.STRING, None)], 13))
    # (a Constant's sparse_value is densified: test_importer_core.test_sparse_tensors_become_dense_constants)
    with pytest.raises(shlo.ImportError, match="Constant.*value_strings"):
        shlo.from_onnx(_model([helper.make_node("Constant", [], ["y"], value_strings=["a"])], [],
                              [_vi("y", TensorProto.STRING, [1])], 13))
    string = helper.make_tensor("v", TensorProto.STRING, [1], [b"a"])
    with pytest.raises(shlo.ImportError, match="Constant.*STRING"):
        shlo.from_onnx(_model([helper.make_node("Constant", [], ["y"], value=string)], [],
                              [_vi("y", TensorProto.STRING, [1])], 13))
    with pytest.raises(shlo.ImportError, match="graph input x: ONNX element type STRING"):
        shlo.from_onnx(_model([helper.make_node("Cast", ["x"], ["y"], to=TensorProto.FLOAT)],
                              [_vi("x", TensorProto.STRING, [2])], [_vi("y", TensorProto.FLOAT, None)], 13))


def test_opset7_model():
    """Opset 7: Max / Min / Sum / Mean before broadcasting (opset 6 forms), Clip with attributes, PRelu."""
    names = ["mx", "mn", "s", "m", "c", "p", "e", "q"]
    nodes = [helper.make_node("Max", ["a", "b"], ["mx"]), helper.make_node("Min", ["a", "b"], ["mn"]),
             helper.make_node("Sum", ["a", "b", "a"], ["s"]), helper.make_node("Mean", ["a", "b"], ["m"]),
             helper.make_node("Clip", ["a"], ["c"], min=-0.5, max=0.5), helper.make_node("PRelu", ["a", "sl"], ["p"]),
             helper.make_node("Equal", ["ai", "bi"], ["e"]), helper.make_node("Div", ["ai", "bi"], ["q"])]
    types = [TensorProto.FLOAT] * 6 + [TensorProto.BOOL, TensorProto.INT32]
    a, b = RNG.standard_normal((2, 3)).astype(np.float32), RNG.standard_normal((2, 3)).astype(np.float32)
    ai = np.array([[7, -7, 3], [0, 5, -9]], np.int32)
    bi = np.array([[2, 2, 3], [1, -5, 4]], np.int32)
    model = _model(nodes, [_vi("a", TensorProto.FLOAT, [2, 3]), _vi("b", TensorProto.FLOAT, [2, 3]),
                           _vi("sl", TensorProto.FLOAT, [3]), _vi("ai", TensorProto.INT32, [2, 3]),
                           _vi("bi", TensorProto.INT32, [2, 3])],
                   [_vi(n, t, None) for n, t in zip(names, types)], 7)
    against_ort(model, {"a": a, "b": b, "sl": np.array([0.1, 0.2, 0.3], np.float32), "ai": ai, "bi": bi})


def test_chlo_decomposed_functions_over_run_time_sizes():
    """Asin ... Atanh come from the CHLO decompositions, which build on static types: over `?`
    sizes they were an ImportError; now each runs per element as the body of a shlo.map. One
    model with the eight, at two sizes, f32 and f16 (NaN, infinities, 0 and +-1 included)."""
    ops = ["Asin", "Acos", "Atan", "Sinh", "Cosh", "Asinh", "Acosh", "Atanh"]
    for elem, dtype, tol in ((TensorProto.FLOAT, np.float32, 1e-6), (TensorProto.FLOAT16, np.float16, 2e-3)):
        m = _model([helper.make_node(op, ["x"], [op.lower()]) for op in ops], [_vi("x", elem, ["n", "m"])],
                   [_vi(op.lower(), elem, ["n", "m"]) for op in ops], 13)
        prog = shlo.from_onnx(m)
        run = shlo.compile(prog)
        for shape in ((4, 5), (3, 7)):
            x = (RNG.standard_normal(shape) * 2).astype(dtype)
            x.reshape(-1)[:6] = [np.nan, np.inf, -np.inf, 0.0, 1.0, -1.0]
            want = _ort(m, {"x": x})
            check_outputs(shlo.interpret(prog, x), want, tol, tol, f"interpret {shape}")
            check_outputs(run(x), want, tol, tol, f"compile {shape}")


def test_broadcast_of_two_run_time_sizes():
    """Mul of a [n] and a [m] input (two dim_params) where either is 1 at run time: the result took
    the first operand's size, so a = [x], b = [x, y, z] failed ('operand dimension 0 has size 3, not
    1 or the result size 1'); LinearAttention's delta rules without past_state hit it. Now the size
    is picked at run time. One import, both orders and equal sizes, interpreted and compiled,
    against onnxruntime."""
    import onnxruntime as ort
    g = helper.make_graph([helper.make_node("Mul", ["a", "b"], ["y"])], "g",
                          [helper.make_tensor_value_info("a", TensorProto.FLOAT, ["n", 2]),
                           helper.make_tensor_value_info("b", TensorProto.FLOAT, ["m", 2])],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)], ir_version=8)
    prog = shlo.from_onnx(m)
    run = shlo.compile(prog)
    sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
    for n, k in ((1, 3), (3, 1), (4, 4)):
        a, b = RNG.standard_normal((n, 2)).astype(np.float32), RNG.standard_normal((k, 2)).astype(np.float32)
        want = sess.run(None, {"a": a, "b": b})[0]
        for got in (shlo.interpret(prog, a, b)[0], run(a, b)[0]):
            np.testing.assert_allclose(np.asarray(got), want, rtol=1e-6)
