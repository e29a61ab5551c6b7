"""Compiled dot_general, convolution and dynamic_conv (python/shlo/lowering/ops/linalg.py).

Expected values are computed with numpy (exact integer / float64 / complex128
arithmetic, then converted to the result type), independently of the
compiler; results are also compared with the reference interpreter.
"""
from __future__ import annotations

import itertools

import ml_dtypes
import numpy as np
import pytest

import shlo
from shlo.literals import numpy_dtype
from shlo.lowering import lower_program

RNG = np.random.default_rng(1234)


# ----------------------------------------------------------------------------- helpers

def ttype(shape, element: str) -> str:
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in shape) + element + ">"


def random_array(shape, element: str) -> np.ndarray:
    dt = numpy_dtype(element)
    if element == "i1":
        return RNG.random(shape) < 0.5
    if element.startswith("complex"):
        return (RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)).astype(dt)
    if element in ("i2", "i4", "ui2", "ui4"):
        info = ml_dtypes.iinfo(dt)
        return RNG.integers(int(info.min), int(info.max) + 1, size=shape).astype(dt)
    if np.issubdtype(np.dtype(dt), np.integer):
        info = np.iinfo(dt)
        return RNG.integers(int(info.min), int(info.max), size=shape, endpoint=True, dtype=dt)
    return RNG.standard_normal(shape).astype(np.float32).astype(dt)


def exact(x: np.ndarray, element: str) -> np.ndarray:
    """Values in the exact accumulation dtype numpy computes with."""
    if element == "i1":
        return np.asarray(x).astype(np.int64)
    if element.startswith("complex"):
        return np.asarray(x).astype(np.complex128)
    if element.startswith("ui"):
        return np.asarray(x).astype(np.uint64)
    if element.startswith("i"):
        return np.asarray(x).astype(np.int64)
    return np.asarray(x).astype(np.float64)


def to_element(acc: np.ndarray, element: str) -> np.ndarray:
    """Accumulated values as `element`: bool = any, integers wrap modulo 2^N."""
    dt = numpy_dtype(element)
    if element == "i1":
        return acc != 0
    if element in ("i2", "i4", "ui2", "ui4"):
        bits = int(element.lstrip("ui"))
        v = np.asarray(acc).astype(np.int64) & ((1 << bits) - 1)
        if element.startswith("i"):
            v = np.where(v >= 1 << (bits - 1), v - (1 << bits), v)
        return v.astype(dt)
    with np.errstate(all="ignore"):
        return np.asarray(acc).astype(dt)


TOLERANCE = {"f64": 1e-12, "f32": 1e-5, "f16": 2e-3, "bf16": 2e-2, "complex<f32>": 1e-5,
             "complex<f64>": 1e-12, "f8E4M3FN": 0.13}


def assert_result(got, want, element: str):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    if element in TOLERANCE:
        tol = TOLERANCE[element]
        a, b = got.astype(np.complex128), want.astype(np.complex128)
        scale = max(1.0, float(np.max(np.abs(b)))) if b.size else 1.0
        np.testing.assert_allclose(a, b, rtol=tol, atol=tol * scale)
    else:
        np.testing.assert_array_equal(got, want)


def run_both(text: str, *args):
    prog = shlo.parse(text)
    compiled = shlo.compile(prog)(*args)
    interpreted = shlo.interpret(prog, *args)
    return prog, compiled[0], interpreted[0]


def lowered_text(prog) -> str:
    return str(lower_program(prog).module)


# ----------------------------------------------------------------------------- dot_general

def dot_program(lshape, rshape, oshape, lel, oel, lb=(), rb=(), lc=(), rc=(), rel=None, precision=""):
    rel = rel or lel
    dn = (f"#shlo.dot<lhs_batching_dimensions = {list(lb)}, rhs_batching_dimensions = {list(rb)}, "
          f"lhs_contracting_dimensions = {list(lc)}, rhs_contracting_dimensions = {list(rc)}>")
    lt, rt, ot = ttype(lshape, lel), ttype(rshape, rel), ttype(oshape, oel)
    return f"""
func.func @main(%a: {lt}, %b: {rt}) -> {ot} {{
  %0 = "shlo.dot_general"(%a, %b) {{dot_dimension_numbers = {dn}{precision}}} : ({lt}, {rt}) -> {ot}
  func.return %0 : {ot}
}}
"""


def dot_reference(a, b, lb, rb, lc, rc, lel, rel, oel):
    lf = [d for d in range(a.ndim) if d not in lb and d not in lc]
    rf = [d for d in range(b.ndim) if d not in rb and d not in rc]
    bshape = [a.shape[d] for d in lb]
    mshape, nshape = [a.shape[d] for d in lf], [b.shape[d] for d in rf]
    B, M, N = (int(np.prod(s, dtype=np.int64)) for s in (bshape, mshape, nshape))
    K = int(np.prod([a.shape[d] for d in lc], dtype=np.int64))
    x = exact(a, lel).transpose(list(lb) + lf + list(lc)).reshape(B, M, K)
    y = exact(b, rel).transpose(list(rb) + list(rc) + rf).reshape(B, K, N)
    if oel.startswith("f") or oel.startswith("bf") or oel.startswith("complex"):
        x = x.astype(np.complex128 if oel.startswith("complex") else np.float64)
        y = y.astype(x.dtype)
    with np.errstate(all="ignore"):
        acc = np.matmul(x, y)
    return to_element(acc.reshape(bshape + mshape + nshape), oel)


def check_dot(lshape, rshape, lel, oel, lb=(), rb=(), lc=(), rc=(), rel=None, dynamic=(), args=None):
    rel = rel or lel
    a = random_array(lshape, lel) if args is None else args[0]
    b = random_array(rshape, rel) if args is None else args[1]
    want = dot_reference(a, b, list(lb), list(rb), list(lc), list(rc), lel, rel, oel)
    lt = [None if ("l", i) in dynamic else d for i, d in enumerate(lshape)]
    rt = [None if ("r", i) in dynamic else d for i, d in enumerate(rshape)]
    ot = [None if ("o", i) in dynamic else d for i, d in enumerate(want.shape)]
    prog, got, interp = run_both(dot_program(lt, rt, ot, lel, oel, lb, rb, lc, rc, rel), a, b)
    assert_result(got, want, oel)
    assert_result(got, interp, oel)
    return prog


def test_matmul_is_a_named_matmul(monkeypatch):
    from shlo.interpreter.ops import reductions   # (AVX2 rules: no XLA order to sum this 3 x 4 x 5 in)
    monkeypatch.setattr(reductions, "xla_cpu_kind", lambda: "avx2")
    prog = check_dot((3, 4), (4, 5), "f32", "f32", lc=[1], rc=[0])
    text = lowered_text(prog)
    assert "linalg.matmul" in text and "linalg.generic" not in text


def test_batch_dims_anywhere_become_batch_matmul():
    # lhs (K, B, M), rhs (N, B, K)
    prog = check_dot((3, 2, 4), (5, 2, 3), "f32", "f32", lb=[1], rb=[1], lc=[0], rc=[2])
    assert "linalg.batch_matmul" in lowered_text(prog)


def test_several_batch_and_contracting_dims_in_any_order():
    # lhs (K1, B1, M, B0, K0), rhs (B0, K0, N1, B1, K1, N2)
    check_dot((3, 2, 4, 5, 2), (5, 2, 3, 2, 3, 2), "f32", "f32",
              lb=[3, 1], rb=[0, 3], lc=[4, 0], rc=[1, 4])


def test_contracting_order_matters():
    a = random_array((2, 3, 4), "i32")
    b = random_array((4, 3, 5), "i32")
    check_dot((2, 3, 4), (4, 3, 5), "i32", "i32", lc=[1, 2], rc=[1, 0], args=(a, b))


@pytest.mark.parametrize("element", ["i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64", "i4", "ui4"])
def test_integers_wrap(element):
    check_dot((3, 7), (7, 4), element, element, lc=[1], rc=[0])


@pytest.mark.parametrize("lel, oel", [("i8", "i32"), ("ui8", "i32"), ("ui8", "ui32"), ("i16", "i64"),
                                      ("i4", "i32"), ("ui4", "i8"), ("i32", "i8"), ("ui16", "i8"),
                                      ("i1", "i32"), ("i8", "f32"), ("ui8", "f32")])
def test_integer_accumulation_types(lel, oel):
    prog = check_dot((4, 9), (9, 3), lel, oel, lc=[1], rc=[0])
    if lel in ("i8", "ui8") and oel in ("i32", "ui32"):
        text = lowered_text(prog)
        assert "linalg.matmul" in text
        assert ("cast_unsigned" in text) == lel.startswith("u")


def test_i8_products_do_not_wrap_in_i32():
    a = np.full((1, 4), -128, np.int8)
    b = np.full((4, 1), -128, np.int8)
    check_dot((1, 4), (4, 1), "i8", "i32", lc=[1], rc=[0], args=(a, b))
    a = np.full((1, 4), 255, np.uint8)
    check_dot((1, 4), (4, 1), "ui8", "ui32", lc=[1], rc=[0], args=(a, a.T.copy()))


def test_bool_is_and_or():
    a = np.array([[True, False, True], [False, False, False]])
    b = np.array([[False, True], [False, True], [True, False]])
    check_dot((2, 3), (3, 2), "i1", "i1", lc=[1], rc=[0], args=(a, b))
    check_dot((2, 5, 64), (2, 64, 3), "i1", "i1", lb=[0], rb=[0], lc=[2], rc=[1])
    # 256 true products must not wrap to false
    ones = np.ones((1, 256), bool)
    check_dot((1, 256), (256, 1), "i1", "i1", lc=[1], rc=[0], args=(ones, ones.T.copy()))


@pytest.mark.parametrize("lel, oel", [("f32", "f32"), ("f64", "f64"), ("f16", "f16"), ("bf16", "bf16"),
                                      ("bf16", "f32"), ("f16", "f32"), ("f32", "f64"), ("f64", "f32"),
                                      ("complex<f32>", "complex<f32>"), ("complex<f64>", "complex<f64>"),
                                      ("f8E4M3FN", "f8E4M3FN"), ("f8E4M3FN", "f32")])
def test_float_and_complex(lel, oel):
    check_dot((2, 3, 6), (2, 6, 5), lel, oel, lb=[0], rb=[0], lc=[2], rc=[1])


def test_bf16_to_f32_reads_operands_in_the_matmul():
    prog = check_dot((4, 8), (8, 2), "bf16", "f32", lc=[1], rc=[0])
    text = lowered_text(prog)
    assert "linalg.matmul" in text and "tensor<4x8xbf16>" in text


def test_precision_config_is_a_hint():
    text = dot_program((2, 3), (3, 2), (2, 2), "f32", "f32", lc=[1], rc=[0],
                       precision=", precision_config = [#shlo.precision<HIGHEST>, #shlo.precision<DEFAULT>]")
    a, b = random_array((2, 3), "f32"), random_array((3, 2), "f32")
    _, got, _ = run_both(text, a, b)
    assert_result(got, dot_reference(a, b, [], [], [1], [0], "f32", "f32", "f32"), "f32")


@pytest.mark.parametrize("rows", [0, 1, 5])
def test_dynamic_dims(rows):
    text = dot_program((None, 3), (3, None), (None, None), "f32", "f32", lc=[1], rc=[0])
    prog = shlo.parse(text)
    fn = shlo.compile(prog)
    for cols in (0, 2):
        a, b = random_array((rows, 3), "f32"), random_array((3, cols), "f32")
        got = fn(a, b)[0]
        assert_result(got, dot_reference(a, b, [], [], [1], [0], "f32", "f32", "f32"), "f32")


def test_dynamic_batch_and_contracting_dims():
    for n, k in ((2, 3), (1, 0), (3, 5)):
        a, b = random_array((n, 4, k), "i32"), random_array((n, k, 2), "i32")
        check_dot((n, 4, k), (n, k, 2), "i32", "i32", lb=[0], rb=[0], lc=[2], rc=[1],
                  dynamic={("l", 0), ("l", 2), ("r", 0), ("r", 1), ("o", 0)}, args=(a, b))


def test_dynamic_dims_collapsed_together():
    a, b = random_array((2, 3, 4), "f32"), random_array((4, 5), "f32")
    check_dot((2, 3, 4), (4, 5), "f32", "f32", lc=[2], rc=[0],
              dynamic={("l", 0), ("l", 1), ("o", 0), ("o", 1)}, args=(a, b))


def test_vector_forms():
    check_dot((5,), (5,), "f32", "f32", lc=[0], rc=[0])                      # dot -> rank 0
    check_dot((3, 5), (5,), "i32", "i32", lc=[1], rc=[0])                   # matvec
    check_dot((5,), (5, 4), "i32", "i32", lc=[0], rc=[0])                   # vecmat
    check_dot((2, 5), (2, 5), "f32", "f32", lb=[0], rb=[0], lc=[1], rc=[1])  # batched dot


def test_outer_products():
    prog = check_dot((2, 3), (4,), "f32", "f32")
    assert "linalg.matmul" not in lowered_text(prog)
    check_dot((2, 3), (2, 4), "i8", "i32", lb=[0], rb=[0])
    check_dot((), (), "f32", "f32")
    check_dot((3,), (2,), "i1", "i1")


def test_empty_contraction_gives_zeros():
    check_dot((3, 0), (0, 2), "f32", "f32", lc=[1], rc=[0])
    check_dot((3, 0), (0, 2), "i1", "i1", lc=[1], rc=[0])


def test_quantized_operands_go_through_float():
    text = """
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %qa = "shlo.uniform_quantize"(%a) : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32, 0.1>>
  %qb = "shlo.uniform_quantize"(%b) : (tensor<3x2xf32>) -> tensor<3x2x!quant.uniform<i8:f32, 0.05:3>>
  %0 = "shlo.dot_general"(%qa, %qb) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.1>>, tensor<3x2x!quant.uniform<i8:f32, 0.05:3>>) -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}
"""
    a, b = random_array((2, 3), "f32"), random_array((3, 2), "f32")
    try:
        prog, got, interp = run_both(text, a, b)
    except shlo.ShloError as e:                    # the quantized form may not verify
        pytest.skip(f"quantized dot_general not accepted: {e}")
    assert_result(got, interp, "f32")


def test_complex_operands_with_real_result_are_rejected():
    text = dot_program((2, 3), (3, 2), (2, 2), "complex<f32>", "f32", lc=[1], rc=[0])
    with pytest.raises(shlo.CompileError, match="not supported"):
        shlo.compile(shlo.parse(text))


# ----------------------------------------------------------------------------- convolution

def conv_dn(ib, if_, isp, ko, ki, ksp, ob, of, osp) -> str:
    return (f"#shlo.conv<input_batch_dimension = {ib}, input_feature_dimension = {if_}, "
            f"input_spatial_dimensions = {list(isp)}, kernel_input_feature_dimension = {ki}, "
            f"kernel_output_feature_dimension = {ko}, kernel_spatial_dimensions = {list(ksp)}, "
            f"output_batch_dimension = {ob}, output_feature_dimension = {of}, "
            f"output_spatial_dimensions = {list(osp)}>")


def i64_array(values) -> str:
    return "array<i64: " + ", ".join(str(int(v)) for v in values) + ">"


def conv_attrs(dn, strides=None, pads=None, ldil=None, rdil=None, rev=None, groups=1, batch_groups=1,
               with_padding=True) -> str:
    parts = [f"batch_group_count = {batch_groups} : i64", f"dimension_numbers = {conv_dn(*dn)}",
             f"feature_group_count = {groups} : i64"]
    if strides is not None:
        parts.append(f"window_strides = {i64_array(strides)}")
    if pads is not None and with_padding:
        parts.append(f"padding = dense<{[list(p) for p in pads]}> : tensor<{len(pads)}x2xi64>")
    if ldil is not None:
        parts.append(f"lhs_dilation = {i64_array(ldil)}")
    if rdil is not None:
        parts.append(f"rhs_dilation = {i64_array(rdil)}")
    if rev is not None:
        parts.append("window_reversal = array<i1: " + ", ".join("true" if r else "false" for r in rev) + ">")
    return "{" + ", ".join(parts) + "}"


def conv_reference(lhs, rhs, dn, strides, pads, ldil, rdil, rev, groups, batch_groups, lel, rel, oel):
    """A direct loop over output positions, with operands first converted to the result type."""
    ib, if_, isp, ko, ki, ksp, ob, of, osp = dn
    ns = lhs.ndim - 2
    strides = strides or [1] * ns
    pads = pads or [(0, 0)] * ns
    ldil, rdil, rev = ldil or [1] * ns, rdil or [1] * ns, rev or [False] * ns
    if oel != lel:
        lhs = to_element(exact(lhs, lel), oel) if not oel.startswith(("f", "bf", "c")) else lhs.astype(numpy_dtype(oel))
    if oel != rel:
        rhs = to_element(exact(rhs, rel), oel) if not oel.startswith(("f", "bf", "c")) else rhs.astype(numpy_dtype(oel))
    x = exact(lhs, oel).transpose([ib, if_] + list(isp))
    w = exact(rhs, oel).transpose([ko, ki] + list(ksp))
    if oel.startswith(("f", "bf")):
        x, w = x.astype(np.float64), w.astype(np.float64)
    # dilate, then pad (negative: crop)
    dil_shape = list(x.shape[:2]) + [(s - 1) * d + 1 if s else 0 for s, d in zip(x.shape[2:], ldil)]
    xd = np.zeros(dil_shape, x.dtype)
    xd[(slice(None), slice(None)) + tuple(slice(None, None, d) for d in ldil)] = x
    xp = np.pad(xd, [(0, 0), (0, 0)] + [(max(lo, 0), max(hi, 0)) for lo, hi in pads])
    xp = xp[(slice(None), slice(None)) + tuple(
        slice(max(-lo, 0), xp.shape[2 + i] - max(-hi, 0)) for i, (lo, hi) in enumerate(pads))]
    for i, r in enumerate(rev):
        if r:
            w = np.flip(w, axis=2 + i)
    B, C = xp.shape[:2]
    O, I = w.shape[:2]
    G, BG = groups, batch_groups
    spans = [(k - 1) * d + 1 for k, d in zip(w.shape[2:], rdil)]
    out_sp = [max((p - s) // st + 1, 0) if p >= s else 0 for p, s, st in zip(xp.shape[2:], spans, strides)]
    Bo, Og = B // BG, O // (G * BG)
    out = np.zeros([Bo, O] + out_sp, x.dtype)
    taps = int(np.prod(w.shape[2:], dtype=np.int64))
    w = w.reshape(O, I, taps)
    for pos in itertools.product(*(range(n) for n in out_sp)):
        window = xp[(slice(None), slice(None)) + tuple(
            slice(p * st, p * st + sp, d) for p, st, sp, d in zip(pos, strides, spans, rdil))]
        window = window.reshape(B, C, taps)
        with np.errstate(all="ignore"):
            if BG > 1:
                wb = window.reshape((BG, Bo) + window.shape[1:])
                for g in range(BG):
                    out[(slice(None), slice(g * Og, (g + 1) * Og)) + pos] = np.einsum(
                        "nck,ock->no", wb[g], w[g * Og:(g + 1) * Og])
            else:
                for g in range(G):
                    out[(slice(None), slice(g * Og, (g + 1) * Og)) + pos] = np.einsum(
                        "nck,ock->no", window[:, g * I:(g + 1) * I], w[g * Og:(g + 1) * Og])
    canonical = [ob, of] + list(osp)
    perm = [canonical.index(r) for r in range(lhs.ndim)]
    return to_element(out.transpose(perm), oel)


def conv_program(lt, rt, ot, attrs, op="convolution", pt=None):
    if op == "dynamic_conv":
        return f"""
func.func @main(%a: {lt}, %b: {rt}, %p: {pt}) -> {ot} {{
  %0 = "shlo.dynamic_conv"(%a, %b, %p) {attrs} : ({lt}, {rt}, {pt}) -> {ot}
  func.return %0 : {ot}
}}
"""
    return f"""
func.func @main(%a: {lt}, %b: {rt}) -> {ot} {{
  %0 = "shlo.convolution"(%a, %b) {attrs} : ({lt}, {rt}) -> {ot}
  func.return %0 : {ot}
}}
"""


NHWC = (0, 3, [1, 2], 3, 2, [0, 1], 0, 3, [1, 2])          # input NHWC, kernel HWIO, output NHWC
NCHW = (0, 1, [2, 3], 0, 1, [2, 3], 0, 1, [2, 3])          # input NCHW, kernel OIHW, output NCHW


def check_conv(lshape, rshape, dn, lel="f32", oel=None, rel=None, strides=None, pads=None, ldil=None, rdil=None,
               rev=None, groups=1, batch_groups=1, dynamic=(), op="convolution", pad_element="i64", args=None):
    oel = oel or lel
    rel = rel or lel
    a = random_array(lshape, lel) if args is None else args[0]
    b = random_array(rshape, rel) if args is None else args[1]
    want = conv_reference(a, b, dn, strides, pads, ldil, rdil, rev, groups, batch_groups, lel, rel, oel)
    lt = ttype([None if ("l", i) in dynamic else d for i, d in enumerate(lshape)], lel)
    rt = ttype([None if ("r", i) in dynamic else d for i, d in enumerate(rshape)], rel)
    ot = ttype([None if ("o", i) in dynamic else d for i, d in enumerate(want.shape)], oel)
    attrs = conv_attrs(dn, strides, pads, ldil, rdil, rev, groups, batch_groups, with_padding=op == "convolution")
    ns = len(lshape) - 2
    inputs = [a, b]
    pt = None
    if op == "dynamic_conv":
        pt = ttype((ns, 2), pad_element)
        inputs.append(np.asarray(pads or [(0, 0)] * ns, dtype=numpy_dtype(pad_element)).reshape(ns, 2))
    prog, got, interp = run_both(conv_program(lt, rt, ot, attrs, op, pt), *inputs)
    assert_result(got, want, oel)
    assert_result(got, interp, oel)
    return prog


# (f64 where a named op is asserted: small f32 convolutions with 2-16 features a group are summed
# in XLA CPU's kernel orders through an unrolled generic, test_compile_conv_order.py)
def test_conv_2d_nhwc_is_named_op():
    prog = check_conv((2, 6, 5, 3), (3, 2, 3, 4), NHWC, "f64", strides=[2, 1], pads=[(1, 1), (0, 2)], rdil=[1, 2])
    text = lowered_text(prog)
    assert "linalg.conv_2d_nhwc_hwcf" in text


def test_conv_nchw_layouts():
    prog = check_conv((2, 3, 6, 5), (4, 3, 3, 2), NCHW, "f64", strides=[1, 2], pads=[(2, 0), (1, 1)])
    assert "linalg.conv_2d_nhwc_hwcf" in lowered_text(prog)


def test_conv_odd_layouts():
    # input (W, C, H, N), kernel (I, H, O, W), output (H, O, N, W)
    dn = (3, 1, [2, 0], 2, 0, [1, 3], 2, 1, [0, 3])
    check_conv((5, 2, 6, 2), (2, 3, 4, 2), dn, strides=[2, 1], pads=[(0, 1), (1, 0)])


def test_conv_1d_and_3d():
    p1 = check_conv((2, 7, 3), (3, 3, 2), (0, 2, [1], 2, 1, [0], 0, 2, [1]), "f64", strides=[2], pads=[(1, 2)])
    assert "linalg.conv_1d_nwc_wcf" in lowered_text(p1)
    dn3 = (0, 4, [1, 2, 3], 4, 3, [0, 1, 2], 0, 4, [1, 2, 3])
    p3 = check_conv((1, 4, 5, 3, 2), (2, 2, 2, 2, 3), dn3, "f64", strides=[1, 2, 1], rdil=[1, 1, 2])
    assert "linalg.conv_3d_ndhwc_dhwcf" in lowered_text(p3)


def test_conv_rank_2_is_a_matmul():
    prog = check_conv((3, 4), (4, 5), (0, 1, [], 1, 0, [], 0, 1, []))
    assert "linalg.matmul" in lowered_text(prog)


def test_conv_4_spatial_dims():
    dn = (0, 5, [1, 2, 3, 4], 5, 4, [0, 1, 2, 3], 0, 5, [1, 2, 3, 4])
    check_conv((1, 3, 3, 2, 3, 2), (2, 1, 2, 2, 2, 3), dn, strides=[1, 1, 1, 2], pads=[(0, 0), (1, 0), (0, 1), (0, 0)])


def test_negative_padding_and_lhs_dilation():
    check_conv((1, 7, 6, 2), (2, 2, 2, 3), NHWC, pads=[(-2, 1), (1, -3)])
    check_conv((1, 4, 3, 2), (3, 2, 2, 3), NHWC, ldil=[2, 3], pads=[(2, 2), (-1, 1)], strides=[1, 2])
    check_conv((2, 5, 1), (2, 1, 1), (0, 2, [1], 2, 1, [0], 0, 2, [1]), ldil=[3], pads=[(-2, -1)])


def test_window_reversal():
    check_conv((1, 5, 4, 2), (3, 2, 2, 2), NHWC, rev=[True, False], pads=[(1, 1), (0, 0)])
    check_conv((1, 5, 4, 2), (3, 2, 2, 2), NHWC, rev=[True, True], ldil=[2, 1])


def test_depthwise_uses_the_depthwise_named_op():
    prog = check_conv((2, 5, 5, 4), (3, 3, 1, 8), NHWC, "f64", groups=4, pads=[(1, 1), (1, 1)])
    assert "linalg.depthwise_conv_2d_nhwc_hwcm" in lowered_text(prog)
    check_conv((2, 6, 3), (2, 1, 6), (0, 2, [1], 2, 1, [0], 0, 2, [1]), groups=3, strides=[2])


def test_grouped_2d_uses_the_grouped_named_op():
    prog = check_conv((1, 5, 4, 6), (2, 2, 3, 4), NHWC, "f64", groups=2, strides=[1, 2])
    assert "linalg.conv_2d_nhwgc_gfhwc" in lowered_text(prog)
    check_conv((2, 6, 5, 4), (4, 3, 3, 2), NCHW, groups=2, pads=[(1, 0), (0, 1)])


def test_grouped_1d_and_3d_use_a_generic():
    check_conv((2, 5, 6), (2, 3, 4), (0, 2, [1], 2, 1, [0], 0, 2, [1]), groups=2, pads=[(1, 1)])
    dn3 = (0, 4, [1, 2, 3], 4, 3, [0, 1, 2], 0, 4, [1, 2, 3])
    check_conv((1, 3, 3, 3, 4), (2, 2, 1, 2, 6), dn3, groups=2)


def test_batch_groups():
    check_conv((4, 5, 5, 3), (2, 2, 3, 6), NHWC, batch_groups=2)
    check_conv((6, 5, 1), (2, 1, 3), (0, 2, [1], 2, 1, [0], 0, 2, [1]), batch_groups=3)   # depthwise form
    check_conv((4, 3, 5, 5), (4, 3, 2, 2), NCHW, batch_groups=4, strides=[2, 1])


@pytest.mark.parametrize("element", ["i8", "ui8", "i32", "i64", "ui16", "i4", "i1", "f16", "bf16", "f64",
                                     "complex<f32>", "f8E4M3FN"])
def test_conv_element_types(element):
    check_conv((2, 4, 4, 3), (2, 2, 3, 2), NHWC, lel=element, pads=[(1, 0), (0, 1)])


@pytest.mark.parametrize("lel, oel", [("i8", "i32"), ("ui8", "i32"), ("i32", "i8"), ("bf16", "f32"),
                                      ("i1", "i32"), ("f32", "bf16"), ("i8", "f32")])
def test_conv_converts_operands_to_the_result_type(lel, oel):
    check_conv((1, 4, 4, 8), (2, 2, 8, 3), NHWC, lel=lel, oel=oel)


def test_conv_dynamic_batch_and_spatial_dims():
    check_conv((3, 6, 5, 2), (3, 2, 2, 4), NHWC, strides=[2, 1], pads=[(1, 1), (0, 1)],
               dynamic={("l", 0), ("l", 1), ("l", 2), ("o", 0), ("o", 1), ("o", 2)})
    check_conv((2, 7, 2), (3, 2, 2), (0, 2, [1], 2, 1, [0], 0, 2, [1]), ldil=[2], pads=[(-1, 2)],
               dynamic={("l", 1), ("o", 1)})


def test_conv_empty_batch():
    text = conv_program(ttype((None, 4, 4, 2), "f32"), ttype((2, 2, 2, 3), "f32"), ttype((None, 3, 3, 3), "f32"),
                        conv_attrs(NHWC))
    fn = shlo.compile(shlo.parse(text))
    got = fn(np.zeros((0, 4, 4, 2), np.float32), random_array((2, 2, 2, 3), "f32"))[0]
    assert got.shape == (0, 3, 3, 3)


# ----------------------------------------------------------------------------- scheduled convolutions

def _block_program(xshape, kshape, strides, pads, residual: bool) -> str:
    """relu(conv(x, k1) * s1 + t1), and with `residual` a second convolution of that:
    relu(x + conv(y, k2) * s2 + t2) (the benchmark's ResNet block; both convolutions share
    one zero fill after CSE)."""
    n, h, w, c = xshape
    kh, kw, _, f = kshape
    oh = (h + sum(pads[0]) - kh) // strides[0] + 1
    ow = (w + sum(pads[1]) - kw) // strides[1] + 1
    xt, kt, vt = ttype(xshape, "f32"), ttype(kshape, "f32"), ttype((f,), "f32")
    ot = ttype((n, oh, ow, f), "f32")
    attrs = conv_attrs(NHWC, strides=strides, pads=pads)

    def layer(i, src, src_t, residual=False):
        pre = f"%a{i}"
        add_x = f"""
  %r{i} = "shlo.add"(%x, %a{i}) : ({xt}, {ot}) -> {ot}""" if residual else ""
        if residual:
            pre = f"%r{i}"
        return f"""
  %c{i} = "shlo.convolution"({src}, %k{i}) {attrs} : ({src_t}, {kt}) -> {ot}
  %sb{i} = "shlo.broadcast_in_dim"(%s{i}) {{broadcast_dimensions = array<i64: 3>}} : ({vt}) -> {ot}
  %tb{i} = "shlo.broadcast_in_dim"(%t{i}) {{broadcast_dimensions = array<i64: 3>}} : ({vt}) -> {ot}
  %m{i} = "shlo.multiply"(%c{i}, %sb{i}) : ({ot}, {ot}) -> {ot}
  %a{i} = "shlo.add"(%m{i}, %tb{i}) : ({ot}, {ot}) -> {ot}{add_x}
  %y{i} = "shlo.maximum"({pre}, %zero) : ({ot}, {ot}) -> {ot}"""

    body, out = layer(1, "%x", xt), "%y1"
    params = f"%k1: {kt}, %s1: {vt}, %t1: {vt}"
    if residual:
        params += f", %k2: {kt}, %s2: {vt}, %t2: {vt}"
        body += layer(2, "%y1", ot, residual=True)
        out = "%y2"
    return f"""
func.func @main(%x: {xt}, {params}) -> {ot} {{
  %z = shlo.constant {{value = dense<0.0> : tensor<f32>}} : () -> tensor<f32>
  %zero = "shlo.broadcast_in_dim"(%z) {{broadcast_dimensions = array<i64>}} : (tensor<f32>) -> {ot}{body}
  func.return {out} : {ot}
}}
"""


def _block_reference(x, layers, strides, pads, residual):
    y = x.astype(np.float64)
    for i, (k, s, t) in enumerate(layers):
        c = conv_reference(y.astype(np.float32), k, NHWC, strides, pads, None, None, None, 1, 1, "f32", "f32", "f64")
        a = c * s + t
        if residual and i == 1:
            a = x + a
        y = np.maximum(a, 0)
    return y.astype(np.float32)


@pytest.mark.parametrize("xshape, f, strides, residual, threads", [
    ((2, 8, 8, 64), 64, [1, 1], True, 2),        # the benchmark's block, small: register tiles 1x1x4x64
    ((2, 8, 8, 64), 64, [1, 1], True, 1),
    ((2, 32, 32, 64), 64, [1, 1], True, 2),      # padded inputs large enough for a scheduled fill
    ((1, 6, 6, 16), 48, [1, 1], False, 2),       # tiles 1x1x3x48
    ((2, 9, 9, 8), 32, [2, 2], False, 2),        # strided, tiles 1x1x1x32
])
def test_conv_scheduled_with_fused_epilogue(xshape, f, strides, residual, threads):
    """At sizes the CPU schedules tile, each convolution's fill and element-wise epilogue are
    fused into its register tiles: the accumulator never goes to memory, so the buffers left are
    the padded inputs and the result; the padding is a vectorized fill."""
    from shlo.lowering import pipeline, schedules
    pads = [(1, 1), (1, 1)]
    c = xshape[3]
    k1 = random_array((3, 3, c, f), "f32") * np.float32(0.2)
    layers = [(k1, random_array((f,), "f32"), random_array((f,), "f32"))]
    if residual:
        layers.append((random_array((3, 3, f, f), "f32") * np.float32(0.2), random_array((f,), "f32"),
                       random_array((f,), "f32")))
    x = random_array(xshape, "f32")
    prog = shlo.parse(_block_program(xshape, (3, 3, c, f), strides, pads, residual))
    args = [x] + [a for layer in layers for a in layer]
    got = shlo.compile(prog, threads=threads)(*args)[0]
    want = _block_reference(x, layers, strides, pads, residual)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4 * float(np.abs(want).max()))
    np.testing.assert_allclose(got, shlo.interpret(prog, *args)[0], rtol=1e-4, atol=1e-4 * float(np.abs(want).max()))

    module = lower_program(prog, mode="compile").module
    pipeline.run(module, pipeline.prepare(module))
    assert schedules.apply(module, threads=threads)
    text = str(module)
    assert "linalg.conv_2d_nhwc_hwcf" not in text and "linalg.generic" not in text
    assert "linalg.fill" not in text      # the convolutions' own are fused away, large pads' scheduled
    large = np.prod((xshape[0], xshape[1] + 2, xshape[2] + 2, xshape[3])) >= schedules.PARALLEL_ELEMENTS
    bufferize, _ = pipeline.after_schedule_parts(threads, **pipeline.needs(module))
    pipeline.run(module, bufferize, verify_after=False)
    text = str(module)
    assert text.count("memref.alloc(") == (2 if residual else 1) + 1, text
    if large:
        # the padded buffers are filled by vector stores, and the first block's epilogue writes
        # into the second convolution's padded input: the only copy left is x into its own
        assert text.count("memref.copy") == 1 and "linalg.map" not in text, text
        # one copy per image row: pixels x channels are contiguous in both buffers
        copy = next(line for line in text.splitlines() if "memref.copy" in line)
        assert f"memref<{xshape[2]}x{xshape[3]}xf32" in copy, copy


# ----------------------------------------------------------------------------- dynamic_conv

@pytest.mark.parametrize("pads", [[(0, 0), (0, 0)], [(1, 2), (2, 0)], [(-1, 1), (0, -2)]])
def test_dynamic_conv_padding_operand(pads):
    check_conv((1, 6, 5, 2), (3, 2, 2, 3), NHWC, pads=pads, op="dynamic_conv")


def test_dynamic_conv_with_dilation_and_i32_padding():
    check_conv((2, 4, 3, 2), (2, 2, 2, 3), NHWC, pads=[(1, -1), (2, 1)], ldil=[2, 1], strides=[1, 2],
               op="dynamic_conv", pad_element="i32")
    check_conv((2, 5, 2), (2, 2, 3), (0, 2, [1], 2, 1, [0], 0, 2, [1]), pads=[(2, 1)], rev=[True],
               op="dynamic_conv", lel="i32", dynamic={("o", 1)})


def test_dynamic_conv_result_larger_than_the_windows_stays_in_bounds():
    # undefined behaviour by the spec, but it must not read outside the input
    lt, rt, ot = ttype((1, 4, 1), "f32"), ttype((2, 1, 1), "f32"), ttype((1, 6, 1), "f32")
    attrs = conv_attrs((0, 2, [1], 2, 1, [0], 0, 2, [1]), with_padding=False)
    prog = shlo.parse(conv_program(lt, rt, ot, attrs, "dynamic_conv", ttype((1, 2), "i64")))
    got = shlo.compile(prog)(np.ones((1, 4, 1), np.float32), np.ones((2, 1, 1), np.float32),
                             np.zeros((1, 2), np.int64))[0]
    np.testing.assert_array_equal(got.reshape(-1), [2, 2, 2, 1, 0, 0])


def test_static_empty_shapes():
    check_dot((0, 3), (3, 2), "f32", "f32", lc=[1], rc=[0])
    check_dot((2, 0, 3), (2, 3, 4), "i8", "i32", lb=[0], rb=[0], lc=[2], rc=[1])
    check_conv((0, 4, 4, 2), (2, 2, 2, 3), NHWC)
    check_conv((2, 4, 4, 2), (2, 2, 2, 0), NHWC)
    check_conv((2, 4, 4, 0), (2, 2, 0, 3), NHWC, lel="i32")      # no input features: zeros


def test_empty_kernel_window_gives_zeros():
    try:
        check_conv((1, 4, 2), (0, 2, 3), (0, 2, [1], 2, 1, [0], 0, 2, [1]), strides=[2])
    except shlo.VerificationError as e:                 # the verifier may refuse an empty window
        pytest.skip(f"empty kernel window not accepted: {e}")
