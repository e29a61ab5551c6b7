"""Interpreter: reduce, dot_general, convolution, dynamic_conv, sort and map.

Expected values are computed independently with numpy: np.einsum, a direct
per-output-element convolution loop written from the spec's formulas,
np.argsort(kind="stable"), np.argmax, np.sum/np.max.
"""
import itertools

import numpy as np
import pytest

import shlo
from shlo.interpreter import interpret

RNG = np.random.default_rng(4321)


def run(text, *inputs):
    return interpret(shlo.parse(text), *inputs)


def ty(shape, el):
    return "tensor<" + "".join(f"{d}x" for d in shape) + el + ">"


def arr(values):
    return "array<i64" + (": " + ", ".join(str(int(v)) for v in values) if len(values) else "") + ">"


def lst(values):
    return "[" + ", ".join(str(int(v)) for v in values) + "]"


# ----------------------------------------------------------------- dot_general


def dot(lhs, rhs, el, out_shape, lb, rb, lc, rc):
    return run(f"""
    func.func @main(%a: {ty(lhs.shape, el)}, %b: {ty(rhs.shape, el)}) -> {ty(out_shape, el)} {{
      %0 = "shlo.dot_general"(%a, %b) {{dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = {lst(lb)}, rhs_batching_dimensions = {lst(rb)}, lhs_contracting_dimensions = {lst(lc)}, rhs_contracting_dimensions = {lst(rc)}>}} : ({ty(lhs.shape, el)}, {ty(rhs.shape, el)}) -> {ty(out_shape, el)}
      func.return %0 : {ty(out_shape, el)}
    }}""", lhs, rhs)[0]


def test_batch_matmul_int8_wraps():
    a = RNG.integers(-128, 128, (3, 4, 6)).astype(np.int8)
    b = RNG.integers(-128, 128, (3, 6, 5)).astype(np.int8)
    out = dot(a, b, "i8", (3, 4, 5), [0], [0], [2], [1])
    wide = np.einsum("bmk,bkn->bmn", a.astype(np.int64), b.astype(np.int64))
    expected = (((wide + 128) % 256) - 128).astype(np.int8)     # two's complement modulo 2^8
    assert out.dtype == np.int8
    assert (np.abs(wide) > 127).any()                             # the test does wrap
    np.testing.assert_array_equal(out, expected)


def test_dot_general_uint32_wraps():
    a = RNG.integers(0, 2**32, (2, 3), dtype=np.uint64).astype(np.uint32)
    b = RNG.integers(0, 2**32, (3, 2), dtype=np.uint64).astype(np.uint32)
    out = dot(a, b, "ui32", (2, 2), [], [], [1], [0])
    expected = np.array([[sum(int(a[i, k]) * int(b[k, j]) for k in range(3)) % 2**32 for j in range(2)]
                         for i in range(2)], dtype=np.uint32)
    np.testing.assert_array_equal(out, expected)


def test_dot_general_permuted_batch_and_contracting_dims(monkeypatch):
    from shlo.interpreter.ops import reductions   # (AVX2 rules: this 3 x 20 x 6 dot is the f64 sum there)
    monkeypatch.setattr(reductions, "xla_cpu_kind", lambda: "avx2")
    a = RNG.standard_normal((4, 2, 3, 5)).astype(np.float32)      # k1, b, m, k2
    b = RNG.standard_normal((5, 6, 2, 4)).astype(np.float32)      # k2, n, b, k1
    out = dot(a, b, "f32", (2, 3, 6), [1], [2], [0, 3], [3, 0])
    expected = np.einsum("pbmq,qnbp->bmn", a.astype(np.float64), b.astype(np.float64)).astype(np.float32)
    assert out.dtype == np.float32
    np.testing.assert_array_equal(out, expected)                  # float64 sum, rounded once


def test_dot_general_bool_is_and_or():
    a = RNG.random((3, 4)) < 0.3
    b = RNG.random((4, 2)) < 0.3
    out = dot(a, b, "i1", (3, 2), [], [], [1], [0])
    expected = np.array([[any(a[i, k] and b[k, j] for k in range(4)) for j in range(2)] for i in range(3)])
    np.testing.assert_array_equal(out, expected)


def test_dot_general_complex_and_f16():
    a = (RNG.standard_normal((2, 3)) + 1j * RNG.standard_normal((2, 3))).astype(np.complex64)
    b = (RNG.standard_normal((3, 2)) + 1j * RNG.standard_normal((3, 2))).astype(np.complex64)
    out = dot(a, b, "complex<f32>", (2, 2), [], [], [1], [0])
    np.testing.assert_allclose(out, a.astype(np.complex128) @ b.astype(np.complex128), rtol=1e-6)
    h = RNG.standard_normal((5, 7)).astype(np.float16)
    g = RNG.standard_normal((7,)).astype(np.float16)
    out = dot(h, g, "f16", (5,), [], [], [1], [0])
    np.testing.assert_array_equal(out, (h.astype(np.float64) @ g.astype(np.float64)).astype(np.float16))


# ----------------------------------------------------------------- convolution


def conv_reference(x, w, *, strides, lo, hi, ldil, rdil, rev, G, BG, dtype):
    """NHWC input, HWIO kernel, NHWC output; every output element by the spec's formula."""
    B, *S, C = x.shape
    *K, I, O = w.shape
    ns = len(S)
    dil_size = [(s - 1) * d + 1 if s else 0 for s, d in zip(S, ldil)]
    padded = [l + n + h for l, n, h in zip(lo, dil_size, hi)]
    span = [(k - 1) * d + 1 for k, d in zip(K, rdil)]
    out_sp = [0 if p < sp else (p - sp) // st + 1 for p, sp, st in zip(padded, span, strides)]
    Bo = B // BG
    Og = O // (G * BG)
    out = np.zeros([Bo] + out_sp + [O], dtype=np.float64 if dtype.kind in "fc" else np.int64)

    def lhs_at(b, c, q):
        idx = []
        for dim in range(ns):
            t = q[dim] - lo[dim]                   # position in the dilated, unpadded input
            if t < 0 or t % ldil[dim] or t // ldil[dim] >= S[dim]:
                return 0
            idx.append(t // ldil[dim])
        return x[(b, *idx, c)].item()     # Python numbers: no overflow

    for bo in range(Bo):
        for o in range(O):
            grp = o // Og
            for pos in itertools.product(*(range(n) for n in out_sp)):
                total = 0
                for tap in itertools.product(*(range(k) for k in K)):
                    q = [p * st + t * d for p, st, t, d in zip(pos, strides, tap, rdil)]
                    ktap = tuple(k - 1 - t if r else t for k, t, r in zip(K, tap, rev))
                    for i in range(I):
                        if G > 1:
                            b, c = bo, grp * I + i
                        else:
                            b, c = grp * Bo + bo, i
                        total += lhs_at(b, c, q) * w[ktap + (i, o)].item()
                out[(bo, *pos, o)] = total
    return out


CONV_CASES = [
    # strides, (lo, hi), lhs dilation, rhs dilation, reversal, feature groups, batch groups
    dict(strides=[1, 1], lo=[0, 0], hi=[0, 0], ldil=[1, 1], rdil=[1, 1], rev=[False, False], G=1, BG=1),
    dict(strides=[2, 1], lo=[1, 2], hi=[1, 0], ldil=[1, 1], rdil=[1, 1], rev=[False, False], G=1, BG=1),
    dict(strides=[1, 2], lo=[0, 1], hi=[2, 1], ldil=[1, 1], rdil=[2, 2], rev=[False, False], G=2, BG=1),
    dict(strides=[2, 2], lo=[1, -1], hi=[0, 2], ldil=[2, 1], rdil=[1, 2], rev=[True, False], G=1, BG=1),
    dict(strides=[1, 3], lo=[2, 0], hi=[1, 1], ldil=[1, 3], rdil=[2, 1], rev=[False, True], G=1, BG=2),
    dict(strides=[3, 1], lo=[-1, 1], hi=[2, -1], ldil=[2, 2], rdil=[1, 1], rev=[True, True], G=3, BG=1),
]


def conv_program(xs, ws, os, el, c, dynamic=False):
    pad = "[" + ", ".join(f"[{l}, {h}]" for l, h in zip(c["lo"], c["hi"])) + "]"
    rev = "array<i1: " + ", ".join("true" if r else "false" for r in c["rev"]) + ">"
    dnums = ("#shlo.conv<input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], "
             "kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], "
             "output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>")
    attrs = (f"batch_group_count = {c['BG']} : i64, dimension_numbers = {dnums}, feature_group_count = {c['G']} : i64, "
             f"lhs_dilation = {arr(c['ldil'])}, rhs_dilation = {arr(c['rdil'])}, window_reversal = {rev}, "
             f"window_strides = {arr(c['strides'])}")
    if dynamic:
        return f"""
        func.func @main(%x: {ty(xs, el)}, %w: {ty(ws, el)}, %p: tensor<2x2xi64>) -> {ty(os, el)} {{
          %0 = "shlo.dynamic_conv"(%x, %w, %p) {{{attrs}}} : ({ty(xs, el)}, {ty(ws, el)}, tensor<2x2xi64>) -> {ty(os, el)}
          func.return %0 : {ty(os, el)}
        }}"""
    return f"""
    func.func @main(%x: {ty(xs, el)}, %w: {ty(ws, el)}) -> {ty(os, el)} {{
      %0 = "shlo.convolution"(%x, %w) {{{attrs}, padding = dense<{pad}> : tensor<2x2xi64>}} : ({ty(xs, el)}, {ty(ws, el)}) -> {ty(os, el)}
      func.return %0 : {ty(os, el)}
    }}"""


@pytest.mark.parametrize("case", CONV_CASES)
@pytest.mark.parametrize("el", ["i32", "f32"])
def test_convolution_nhwc_hwio_matches_direct_loop(case, el):
    G, BG = case["G"], case["BG"]
    B, C, I = 2 * BG, 2 * G, 2
    O = 2 * G * BG
    xs, ws = (B, 5, 6, C), (3, 2, I, O)
    dtype = np.dtype(np.int32 if el == "i32" else np.float32)
    if el == "i32":
        x = RNG.integers(-5, 6, xs).astype(dtype)
        w = RNG.integers(-5, 6, ws).astype(dtype)
    else:
        x = RNG.standard_normal(xs).astype(dtype)
        w = RNG.standard_normal(ws).astype(dtype)
    expected = conv_reference(x, w, dtype=dtype, **case).astype(dtype)
    out = run(conv_program(xs, ws, expected.shape, el, case), x, w)[0]
    assert out.dtype == dtype and out.shape == expected.shape
    if el == "i32":
        np.testing.assert_array_equal(out, expected)
    else:
        np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-5)
    dyn = run(conv_program(xs, ws, expected.shape, el, case, dynamic=True), x, w,
              np.array([case["lo"], case["hi"]], dtype=np.int64).T.copy())[0]
    np.testing.assert_array_equal(dyn, out)


def test_convolution_nchw_oihw_layout_int8_wraps():
    x = RNG.integers(-128, 128, (1, 3, 4, 4)).astype(np.int8)      # NCHW
    w = RNG.integers(-128, 128, (2, 3, 2, 2)).astype(np.int8)      # OIHW
    out = run("""
    func.func @main(%x: tensor<1x3x4x4xi8>, %w: tensor<2x3x2x2xi8>) -> tensor<1x2x3x3xi8> {
      %0 = "shlo.convolution"(%x, %w) {batch_group_count = 1 : i64, dimension_numbers = #shlo.conv<input_batch_dimension = 0, input_feature_dimension = 1, input_spatial_dimensions = [2, 3], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 0, kernel_spatial_dimensions = [2, 3], output_batch_dimension = 0, output_feature_dimension = 1, output_spatial_dimensions = [2, 3]>, feature_group_count = 1 : i64} : (tensor<1x3x4x4xi8>, tensor<2x3x2x2xi8>) -> tensor<1x2x3x3xi8>
      func.return %0 : tensor<1x2x3x3xi8>
    }""", x, w)[0]
    ref = conv_reference(x.transpose(0, 2, 3, 1), w.transpose(2, 3, 1, 0), strides=[1, 1], lo=[0, 0], hi=[0, 0],
                         ldil=[1, 1], rdil=[1, 1], rev=[False, False], G=1, BG=1, dtype=np.dtype(np.int8))
    expected = (((ref + 128) % 256) - 128).astype(np.int8).transpose(0, 3, 1, 2)
    np.testing.assert_array_equal(out, expected)


# ----------------------------------------------------------------- reduce


def test_reduce_argmax_two_operands():
    x = RNG.integers(-3, 4, (4, 7)).astype(np.float32)            # many ties: first index wins
    idx = np.broadcast_to(np.arange(7, dtype=np.int32), (4, 7)).copy()
    vals, ids = run("""
    func.func @main(%x: tensor<4x7xf32>, %i: tensor<4x7xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
      %ninf = shlo.constant {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
      %zero = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
      %0:2 = "shlo.reduce"(%x, %i, %ninf, %zero) ({
      ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %bv: tensor<f32>, %bi: tensor<i32>):
        %gt = "shlo.compare"(%av, %bv) {comparison_direction = #shlo.comparison_direction<GT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %eq = "shlo.compare"(%av, %bv) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %lt = "shlo.compare"(%ai, %bi) {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %tie = "shlo.and"(%eq, %lt) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        %pick = "shlo.or"(%gt, %tie) : (tensor<i1>, tensor<i1>) -> tensor<i1>
        %v = "shlo.select"(%pick, %av, %bv) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
        %j = "shlo.select"(%pick, %ai, %bi) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
        "shlo.return"(%v, %j) : (tensor<f32>, tensor<i32>) -> ()
      }) {dimensions = array<i64: 1>, operandSegmentSizes = array<i32: 2, 2>} : (tensor<4x7xf32>, tensor<4x7xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
      func.return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
    }""", x, idx)
    np.testing.assert_array_equal(ids, np.argmax(x, axis=1).astype(np.int32))
    np.testing.assert_array_equal(vals, np.max(x, axis=1))


REDUCE_BODY = """
    func.func @f(%a: {e}, %b: {e}) -> {e} {{
      %s = "shlo.{op}"(%a, %b) : ({e}, {e}, ) -> {e}
      func.return %s : {e}
    }}
"""


def reduce_program(op, shape, dims, el, via_call):
    e = f"tensor<{el}>"
    out = [s for d, s in enumerate(shape) if d not in dims]
    if via_call:   # a body that calls a function is not element-wise: one call per element
        body = f'%s = func.call @f(%a, %b) : ({e}, {e}) -> {e}'
        head = REDUCE_BODY.format(e=e, op=op).replace(", )", ")")
    else:
        body = f'%s = "shlo.{op}"(%a, %b) : ({e}, {e}) -> {e}'
        head = ""
    return head + f"""
    func.func @main(%x: {ty(shape, el)}, %z: {e}) -> {ty(out, el)} {{
      %0 = "shlo.reduce"(%x, %z) ({{
      ^bb0(%a: {e}, %b: {e}):
        {body}
        "shlo.return"(%s) : ({e}) -> ()
      }}) {{dimensions = {arr(dims)}, operandSegmentSizes = array<i32: 1, 1>}} : ({ty(shape, el)}, {e}) -> {ty(out, el)}
      func.return %0 : {ty(out, el)}
    }}"""


@pytest.mark.parametrize("via_call", [False, True])
def test_reduce_sum_int8_wraps(via_call):
    x = RNG.integers(-128, 128, (3, 5, 4)).astype(np.int8)
    out = run(reduce_program("add", x.shape, [0, 2], "i8", via_call), x, np.int8(100))[0]
    wide = x.astype(np.int64).sum(axis=(0, 2)) + 100
    np.testing.assert_array_equal(out, (((wide + 128) % 256) - 128).astype(np.int8))


@pytest.mark.parametrize("via_call", [False, True])
def test_reduce_max_propagates_nan(via_call):
    x = RNG.standard_normal((4, 6)).astype(np.float32)
    x[1, 3] = np.nan
    out = run(reduce_program("maximum", x.shape, [1], "f32", via_call), x, np.float32(-np.inf))[0]
    np.testing.assert_array_equal(out, np.max(x, axis=1))       # np.max propagates NaN too
    assert np.isnan(out[1]) and not np.isnan(out[[0, 2, 3]]).any()


def test_reduce_float_sum_and_empty():
    x = RNG.standard_normal((5, 9)).astype(np.float64)
    out = run(reduce_program("add", x.shape, [0, 1], "f64", False), x, np.float64(0.5))[0]
    np.testing.assert_allclose(out, x.sum() + 0.5, rtol=1e-12)
    e = np.zeros((3, 0), np.float32)
    out = run(reduce_program("add", e.shape, [1], "f32", False), e, np.float32(-0.0))[0]
    assert out.shape == (3,) and np.all(out == 0) and np.all(np.signbit(out))   # init unchanged


@pytest.mark.parametrize("via_call", [False, True])
def test_reduce_folds_left_to_right_from_init_as_xla(via_call):
    """f16 sums round at each step, so the order shows: XLA folds init, x0, x1, ... (found by
    tools/xla_diff_sweep.py; the element-wise path had summed a pairwise tree: -14.25 here)."""
    row = np.array([422.25, -59.34375, -12.0078125, -2.98e-07, -0.000265, 11.1484375, 179.0, -555.5], np.float16)
    x = np.stack([row, row[::-1]])
    out = run(reduce_program("add", x.shape, [1], "f16", via_call), x, np.float16(0.0))[0]
    want = []
    for r in x:
        acc = np.float16(0.0)
        for v in r:
            acc = np.float16(acc + v)
        want.append(acc)
    assert out.tolist() == [-14.5, float(want[1])] and want[0] == -14.5
    # the init value comes first: 2048 + 1 rounds back to 2048 at each step in f16
    ones = np.ones((1, 4), np.float16)
    out = run(reduce_program("add", ones.shape, [1], "f16", via_call), ones, np.float16(2048.0))[0]
    assert out.tolist() == [2048.0]


@pytest.mark.parametrize("shape, dims", [((3, 100), (1,)), ((2, 5000), (1,)), ((40, 40), (0, 1)), ((70, 3, 5), (0, 2))])
@pytest.mark.parametrize("el, dtype", [("f16", np.float16), ("bf16", "bfloat16")])
def test_long_reductions_take_xla_tree_order(shape, dims, el, dtype):
    """A reduced dimension longer than 32: XLA's tree reduction (windows of 32 padded with the
    init value, folded, then reduced again), bit for bit against XLA itself (lax.reduce keeps the
    f16 / bf16 sums, whose every step rounds)."""
    jax = pytest.importorskip("jax")
    import ml_dtypes
    dt = np.dtype(getattr(ml_dtypes, dtype)) if isinstance(dtype, str) else np.dtype(dtype)
    x = (RNG.standard_normal(shape) * 3).astype(dt)
    want = np.asarray(jax.jit(lambda v: jax.lax.reduce(v, np.zeros((), dt), jax.lax.add, dims))(x))
    got = run(reduce_program("add", shape, list(dims), el, False), x, np.zeros((), dt))[0]
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got.astype(np.float32), want.astype(np.float32))


def test_long_reduction_applies_a_non_identity_init_once():
    """XLA's tree pads with the init value and starts each window from it; with an init that is
    not the body's identity the interpreter folds once from init instead (so 0.5 is added once,
    as compiled code and the spec's fold do)."""
    x = np.arange(100, dtype=np.float64).reshape(1, 100)
    out = run(reduce_program("add", x.shape, [1], "f64", False), x, np.float64(0.5))[0]
    assert out.tolist() == [4950.5]
    zeros = np.zeros((2, 70), np.float32)
    zeros[1, 3] = -0.0
    out = run(reduce_program("add", zeros.shape, [1], "f32", False), zeros, np.float32(0.0))[0]
    assert out.tolist() == [0.0, 0.0]


# ----------------------------------------------------------------- sort


def sort_program(shape, dim, via_call, stable=True):
    t = ty(shape, "i32"), ty(shape, "f32")
    cmp = '%r = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<GT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>'
    head = ""
    if via_call:
        head = """
    func.func @gt(%a: tensor<i32>, %b: tensor<i32>) -> tensor<i1> {
      %c = "shlo.compare"(%a, %b) {comparison_direction = #shlo.comparison_direction<GT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      func.return %c : tensor<i1>
    }"""
        cmp = "%r = func.call @gt(%k0, %k1) : (tensor<i32>, tensor<i32>) -> tensor<i1>"
    return head + f"""
    func.func @main(%k: {t[0]}, %v: {t[1]}) -> ({t[0]}, {t[1]}) {{
      %0:2 = "shlo.sort"(%k, %v) ({{
      ^bb0(%k0: tensor<i32>, %k1: tensor<i32>, %v0: tensor<f32>, %v1: tensor<f32>):
        {cmp}
        "shlo.return"(%r) : (tensor<i1>) -> ()
      }}) {{dimension = {dim} : i64, is_stable = {"true" if stable else "false"}}} : ({t[0]}, {t[1]}) -> ({t[0]}, {t[1]})
      func.return %0#0, %0#1 : {t[0]}, {t[1]}
    }}"""


@pytest.mark.parametrize("via_call", [False, True])
@pytest.mark.parametrize("shape,dim", [((37,), 0), ((4, 13), -1), ((11, 3, 2), 0), ((3, 16), 1)])
def test_sort_descending_stable_key_value(shape, dim, via_call):
    keys = RNG.integers(0, 5, shape).astype(np.int32)            # many equal keys
    vals = RNG.standard_normal(shape).astype(np.float32)
    ks, vs = run(sort_program(shape, dim, via_call), keys, vals)
    order = np.argsort(-keys.astype(np.int64), axis=dim, kind="stable")
    np.testing.assert_array_equal(ks, np.take_along_axis(keys, order, axis=dim))
    np.testing.assert_array_equal(vs, np.take_along_axis(vals, order, axis=dim))


def test_sort_unstable_is_sorted_permutation():
    keys = RNG.integers(-1000, 1000, (5, 64)).astype(np.int32)
    vals = keys.astype(np.float32) * 2
    ks, vs = run(sort_program(keys.shape, 1, False, stable=False), keys, vals)
    np.testing.assert_array_equal(ks, -np.sort(-keys, axis=1))
    np.testing.assert_array_equal(vs, ks.astype(np.float32) * 2)  # values travelled with their keys


# XLA CPU's order (jaxlib 0.10.2, lax.sort(is_stable=False)) of values 0..39 by keys (7 i) mod 5:
# std::sort's, not the stable one
_XLA_UNSTABLE = [10, 20, 25, 15, 30, 35, 5, 0, 33, 8, 28, 13, 3, 38, 23, 18, 31, 1, 36, 26, 21, 6, 16, 11,
                 39, 19, 4, 34, 9, 29, 14, 24, 12, 27, 32, 7, 17, 37, 2, 22]


@pytest.mark.parametrize("stable", [False, True])
def test_sort_ties_where_xla_leaves_them(stable):
    keys = np.array([(i * 7) % 5 for i in range(40)], np.int32)
    t = "tensor<40xi32>"
    ks, vs = run(f"""
    func.func @main(%k: {t}, %v: {t}) -> ({t}, {t}) {{
      %0:2 = "shlo.sort"(%k, %v) ({{
      ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
        %r = "shlo.compare"(%a, %b) {{comparison_direction = #shlo.comparison_direction<LT>}} : (tensor<i32>, tensor<i32>) -> tensor<i1>
        "shlo.return"(%r) : (tensor<i1>) -> ()
      }}) {{dimension = 0 : i64, is_stable = {str(stable).lower()}}} : ({t}, {t}) -> ({t}, {t})
      func.return %0#0, %0#1 : {t}, {t}
    }}""", keys, np.arange(40, dtype=np.int32))
    np.testing.assert_array_equal(ks, np.sort(keys))
    want = np.argsort(keys, kind="stable") if stable else _XLA_UNSTABLE
    np.testing.assert_array_equal(vs, want)


# ----------------------------------------------------------------- map


@pytest.mark.parametrize("via_call", [False, True])
def test_map_fused_multiply_add(via_call):
    a = RNG.standard_normal((3, 4)).astype(np.float32)
    b = RNG.standard_normal((3, 4)).astype(np.float32)
    e = "tensor<f32>"
    head, body = "", f'%m = "shlo.multiply"(%x, %y) : ({e}, {e}) -> {e}'
    if via_call:
        head = f"""
    func.func @mul(%p: {e}, %q: {e}) -> {e} {{
      %r = "shlo.multiply"(%p, %q) : ({e}, {e}) -> {e}
      func.return %r : {e}
    }}"""
        body = f"%m = func.call @mul(%x, %y) : ({e}, {e}) -> {e}"
    out = run(head + f"""
    func.func @main(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {{
      %0 = "shlo.map"(%a, %b) ({{
      ^bb0(%x: {e}, %y: {e}):
        {body}
        %one = "shlo.constant"() {{value = dense<1.0> : {e}}} : () -> {e}
        %s = "shlo.add"(%m, %one) : ({e}, {e}) -> {e}
        "shlo.return"(%s) : ({e}) -> ()
      }}) {{dimensions = array<i64: 0, 1>}} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
      func.return %0 : tensor<3x4xf32>
    }}""", a, b)[0]
    np.testing.assert_array_equal(out, a * b + np.float32(1))


def test_map_constant_body_broadcasts():
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    out = run("""
    func.func @main(%a: tensor<2x3xi32>) -> tensor<2x3xi1> {
      %0 = "shlo.map"(%a) ({
      ^bb0(%x: tensor<i32>):
        %t = "shlo.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
        "shlo.return"(%t) : (tensor<i1>) -> ()
      }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xi32>) -> tensor<2x3xi1>
      func.return %0 : tensor<2x3xi1>
    }""", a)[0]
    np.testing.assert_array_equal(out, np.ones((2, 3), bool))
