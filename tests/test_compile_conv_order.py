"""The compiled f32 convolutions sum as the interpreter does where it takes XLA CPU's measured orders
(interpreter/ops/convolution.py `xla_pixel_orders`, `xla_transposed_plan`, `xla_swapped_plan`;
convolution_order.py): oneDNN's kernel orders with 2-16 features a group (depthwise, grouped and
ungrouped, the dilated input's patches with a stride), transposed convolutions, and kernels larger
than the input (swapped operands). The held-out programs the named window ops failed on differ
from XLA by an ulp on a few elements. Where the interpreter names no order, or the convolution is
too large for the unrolled generic (linalg.ORDERED_PRODUCTS), the named op stays."""
from __future__ import annotations

import numpy as np
import pytest

import shlo
from shlo.lowering import lower_program


@pytest.fixture(autouse=True)
def avx2_kernels(monkeypatch):
    """The orders of an AVX2 host's XLA (two-accumulator and unfused chunks: the ordered generics
    these tests look for), whatever this host is; AVX-512's one chain a pixel is compiled in
    test_stablehlo_conv_order_avx512.py."""
    from shlo.interpreter.ops import convolution_order, reductions
    monkeypatch.setattr(convolution_order, "onednn_kind", lambda: "avx2")
    monkeypatch.setattr(reductions, "xla_cpu_kind", lambda: "avx2")

NCH = ("input_batch_dimension = 0, input_feature_dimension = 1, input_spatial_dimensions = [2], "
       "kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 0, kernel_spatial_dimensions = [2], "
       "output_batch_dimension = 0, output_feature_dimension = 1, output_spatial_dimensions = [2]")
NWC = ("input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], "
       "kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], "
       "output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]")
NCHW = ("input_batch_dimension = 0, input_feature_dimension = 1, input_spatial_dimensions = [2, 3], "
        "kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 0, kernel_spatial_dimensions = [2, 3], "
        "output_batch_dimension = 0, output_feature_dimension = 1, output_spatial_dimensions = [2, 3]")


def _t(shape):
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


def _program(xs, ws, os_, dn, groups, strides, pads, rdil, ldil=None):
    ns = len(strides)
    arr = lambda v: ", ".join(map(str, v))  # noqa: E731
    pad = "[" + ", ".join(f"[{lo}, {hi}]" for lo, hi in pads) + "]"
    attrs = (f"batch_group_count = 1 : i64, dimension_numbers = #shlo.conv<{dn}>, feature_group_count = {groups} : i64, "
             f"window_strides = array<i64: {arr(strides)}>, rhs_dilation = array<i64: {arr(rdil)}>, "
             + (f"lhs_dilation = array<i64: {arr(ldil)}>, " if ldil else "")
             + f"padding = dense<{pad}> : tensor<{ns}x2xi64>")
    return shlo.parse(f"""
func.func @main(%a: {_t(xs)}, %b: {_t(ws)}) -> {_t(os_)} {{
  %0 = "shlo.convolution"(%a, %b) {{{attrs}}} : ({_t(xs)}, {_t(ws)}) -> {_t(os_)}
  func.return %0 : {_t(os_)}
}}""")


def _bits(a):
    return np.ascontiguousarray(np.asarray(a, np.float32)).view(np.uint32)


def _check_bit_equal(prog, xs, ws, os_, rng):
    """Compiled and interpreted results of `prog` on random f32 operands, bit for bit; returns
    the operands and the interpreted result."""
    x = rng.standard_normal(xs).astype(np.float32)
    w = rng.standard_normal(ws).astype(np.float32)
    want = np.asarray(shlo.interpret(prog, x, w)[0])
    got = np.asarray(shlo.compile(prog)(x, w)[0])
    assert got.shape == want.shape == os_
    np.testing.assert_array_equal(_bits(got), _bits(want))
    return x, w, want


# (input, kernel, output, layout, groups, strides, padding, kernel dilation)
CASES = [
    # the held-out program: conv_general_dilated_depthwise1d, NCH x OIH, 3 groups of 4 features
    ((2, 3, 9), (12, 1, 3), (2, 12, 7), NCH, 3, [1], [(0, 0)], [1]),
    # 4 taps (two chains, no last tap), stride 2, padding
    ((2, 4, 20), (8, 1, 4), (2, 8, 10), NCH, 4, [2], [(1, 2)], [1]),
    # NWC x WIO, 5 taps dilated, one batch
    ((1, 30, 2), (5, 1, 6), (1, 22, 6), NWC, 2, [1], [(0, 0)], [2]),
]


@pytest.mark.parametrize("xs, ws, os_, dn, groups, strides, pads, rdil", CASES)
def test_depthwise_1d_compiled_sums_as_interpreted(xs, ws, os_, dn, groups, strides, pads, rdil):
    prog = _program(xs, ws, os_, dn, groups, strides, pads, rdil)
    assert "depthwise_conv_1d" not in str(lower_program(prog).module)
    rng = np.random.default_rng(sum(xs) + sum(ws))
    for _ in range(3):
        _check_bit_equal(prog, xs, ws, os_, rng)


def test_interpreted_order_is_not_one_fma_chain():
    # what the compiled code did before: one fma per tap from 0 (the named op); the interpreter's
    # order (two chains added, then the last tap) differs from it on this program, so the test above
    # is a real check of the order
    from shlo.interpreter.ops.fused_multiply_add import fma32
    xs, ws, os_, dn, groups, strides, pads, rdil = CASES[0]
    prog = _program(xs, ws, os_, dn, groups, strides, pads, rdil)
    rng = np.random.default_rng(5)
    x = rng.standard_normal(xs).astype(np.float32)
    w = rng.standard_normal(ws).astype(np.float32)
    chain = np.zeros(os_, np.float32)
    for t in range(ws[2]):
        xt = np.repeat(x[:, :, t:t + os_[2]], ws[0] // groups, axis=1)      # channel c feeds features c*4..c*4+3
        chain = fma32(xt, w[None, :, 0, t, None], chain)
    want = np.asarray(shlo.interpret(prog, x, w)[0])
    assert (_bits(chain) != _bits(want)).any()
    np.testing.assert_allclose(chain, want, rtol=1e-5, atol=1e-6)


# feature-grouped 2-D convolutions past 48 pixels that XLA runs through Eigen's per-group
# contractions (the held-out depthwise2d and group_counts programs): the ordered generic
GROUPED_PAST_48 = [
    # conv_general_dilated_depthwise2d: 2 x 7 x 7 pixels in 3 groups of 4 features, 3 x 3 taps
    ((2, 3, 9, 9), (12, 1, 3, 3), (2, 12, 7, 7), NCHW, 3, [1, 1], [(0, 0), (0, 0)], [1, 1]),
    # conv_general_dilated_group_counts: 2 x 6 x 6 pixels in 2 groups of 3 features, K = 60
    ((2, 6, 9, 10), (6, 3, 4, 5), (2, 6, 6, 6), NCHW, 2, [1, 1], [(0, 0), (0, 0)], [1, 1]),
]


@pytest.mark.parametrize("xs, ws, os_, dn, groups, strides, pads, rdil", GROUPED_PAST_48)
def test_grouped_2d_past_48_pixels_compiled_sums_as_interpreted(xs, ws, os_, dn, groups, strides, pads, rdil):
    prog = _program(xs, ws, os_, dn, groups, strides, pads, rdil)
    module = str(lower_program(prog).module)
    assert "linalg.depthwise_conv" not in module and "linalg.conv_" not in module
    _check_bit_equal(prog, xs, ws, os_, np.random.default_rng(3))


def test_3d_compiled_sums_as_interpreted():
    # conv_general_dilated_tf_conversion_path_3d (VALID, kernel dilation 1 x 1 x 2): every pixel one
    # fused chain over (tap, channel), which the named 3-D op's schedule does not sum in
    NDHWC = ("input_batch_dimension = 0, input_feature_dimension = 4, input_spatial_dimensions = [1, 2, 3], "
             "kernel_input_feature_dimension = 3, kernel_output_feature_dimension = 4, "
             "kernel_spatial_dimensions = [0, 1, 2], output_batch_dimension = 0, output_feature_dimension = 4, "
             "output_spatial_dimensions = [1, 2, 3]")
    xs, ws, os_ = (1, 4, 28, 28, 1), (2, 3, 3, 1, 16), (1, 3, 26, 24, 16)
    prog = _program(xs, ws, os_, NDHWC, 1, [1, 1, 1], [(0, 0)] * 3, [1, 1, 2])
    assert "linalg.conv_" not in str(lower_program(prog).module)
    _check_bit_equal(prog, xs, ws, os_, np.random.default_rng(9))


def test_grouped_2d_on_xlas_ynnpack_path_keeps_the_named_op():
    # 2-D, 4 groups of 6 features (24 > 16 output features): XLA runs it through YNNPACK, whose
    # orders are not modelled, so past 48 pixels the interpreter names none and the named op stays
    from shlo.interpreter.ops.convolution import xla_pixel_orders
    xs, ws, os_ = (1, 4, 23, 24), (24, 1, 1, 3), (1, 24, 23, 22)
    assert xla_pixel_orders(("f32",) * 3, 1, 23 * 22, 1, (1, 3), 24, 4, 1, [1, 1], [False, False]) is None
    prog = _program(xs, ws, os_, NCHW, 4, [1, 1], [(0, 0), (0, 0)], [1, 1])
    module = str(lower_program(prog).module)
    assert "linalg.depthwise_conv" in module or "linalg.conv_" in module
    rng = np.random.default_rng(3)
    x = rng.standard_normal(xs).astype(np.float32)
    w = rng.standard_normal(ws).astype(np.float32)
    np.testing.assert_allclose(np.asarray(shlo.compile(prog)(x, w)[0]), np.asarray(shlo.interpret(prog, x, w)[0]),
                               rtol=2e-6, atol=2e-6)


NHWC = ("input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], "
        "kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], "
        "output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]")


# transposed convolutions (input dilation, stride 1): XLA's EigenTransposedConv2D order
# (convolution_order.transposed_f32), compiled as interpreted
TRANSPOSED = [
    # 1-D NWC, 12 features: one row block of taps x features
    ((2, 20, 3), (2, 3, 12), (2, 38, 12), NWC, [(0, 0)], [2]),
    # 2-D NHWC, 3 x 3 taps x 24 features: 16-row blocks and a shorter last one; padding
    ((1, 6, 5, 4), (3, 3, 4, 24), (1, 12, 5, 24), NHWC, [(1, 2), (2, 0)], [2, 1]),
    # negative padding
    ((2, 29, 5), (4, 5, 8), (2, 54, 8), NWC, [(-1, 1)], [2]),
]


@pytest.mark.parametrize("xs, ws, os_, dn, pads, ldil", TRANSPOSED)
def test_transposed_compiled_sums_as_interpreted(xs, ws, os_, dn, pads, ldil):
    prog = _program(xs, ws, os_, dn, 1, [1] * len(ldil), pads, [1] * len(ldil), ldil)
    _check_bit_equal(prog, xs, ws, os_, np.random.default_rng(sum(xs) + sum(ws)))


# ungrouped and grouped (not depthwise) convolutions with 2-16 features a group: the interpreter's
# oneDNN kernel orders (two chains where a pixel's column chunk is short or the block has 8 rows),
# compiled through the same ordered generic; the held-out programs the named ops failed on
ORDERED = [
    # conv_general_dilated_padding: NCHW x OIHW, 3 features, 4 x 5 taps x 3 features, padding
    ((2, 3, 9, 10), (3, 3, 4, 5), (2, 3, 9, 6), NCHW, 1, [1, 1], [(1, 2), (0, 0)], [1, 1]),
    # conv_general_dilated_tf_conversion_path_1d: NWC x WIO, 16 features, SAME
    ((1, 28, 1), (3, 1, 16), (1, 28, 16), NWC, 1, [1], [(1, 1)], [1]),
    # 2 groups of 3 features, 3 x 3 taps x 2 features, strides and kernel dilation
    ((1, 4, 9, 8), (6, 2, 3, 3), (1, 6, 4, 4), NCHW, 2, [2, 1], [(0, 0), (0, 0)], [1, 2]),
]


@pytest.mark.parametrize("xs, ws, os_, dn, groups, strides, pads, rdil", ORDERED)
def test_ordered_convolution_compiled_sums_as_interpreted(xs, ws, os_, dn, groups, strides, pads, rdil, monkeypatch):
    prog = _program(xs, ws, os_, dn, groups, strides, pads, rdil)
    assert "linalg.conv_" not in str(lower_program(prog).module)
    x, w, want = _check_bit_equal(prog, xs, ws, os_, np.random.default_rng(sum(xs) + sum(ws)))
    # the named window ops (what the compiled code ran before) sum otherwise on these operands
    from shlo.lowering import compiler
    from shlo.lowering.ops import linalg
    monkeypatch.setattr(linalg, "_interpreter_orders", lambda *a: None)
    monkeypatch.setattr(compiler, "_MEMORY", type(compiler._MEMORY)())
    named = np.asarray(shlo.compile(prog)(x, w)[0])
    assert (_bits(named) != _bits(want)).any()
    np.testing.assert_allclose(named, want, rtol=1e-5, atol=1e-5)


def test_ordered_generic_only_for_small_convolutions():
    # 1 x 62 x 62 pixels, K = 144, 16 features: the interpreter names orders, but the unrolled
    # ordered generic ran ~21x the named op's time there, so the named op stays (linalg.ORDERED_PRODUCTS)
    from shlo.interpreter.ops.convolution import xla_pixel_orders
    from shlo.lowering.ops import linalg
    xs, ws, os_ = (1, 64, 64, 16), (3, 3, 16, 16), (1, 62, 62, 16)
    assert xla_pixel_orders(("f32",) * 3, 1, 62 * 62, 16, (3, 3), 16, 1, 1, [1, 1], [False, False]) is not None
    assert 62 * 62 * 144 * 16 > linalg.ORDERED_PRODUCTS
    prog = _program(xs, ws, os_, NHWC, 1, [1, 1], [(0, 0), (0, 0)], [1, 1])
    assert "linalg.conv_2d_nhwc_hwcf" in str(lower_program(prog).module)


def test_one_fused_chain_past_16_terms_keeps_the_named_op():
    # 1 x 16 x 16 pixels, K = 3 x 3 x 16 = 144, 16 features: every pixel's order is one fused chain
    # over (tap, channel), which the named op's schedule also sums in; the unrolled generic would
    # compile ~20x slower (linalg.ORDERED_FMA_TERMS). Bit-equal to the interpreter all the same.
    from shlo.interpreter.ops.convolution import xla_pixel_orders
    from shlo.interpreter.ops.convolution_order import FMA
    xs, ws, os_ = (1, 16, 16, 16), (3, 3, 16, 16), (1, 16, 16, 16)
    orders = xla_pixel_orders(("f32",) * 3, 1, 16 * 16, 16, (3, 3), 16, 1, 1, [1, 1], [False, False])
    assert orders is not None and (orders == FMA).all()
    prog = _program(xs, ws, os_, NHWC, 1, [1, 1], [(1, 1), (1, 1)], [1, 1])
    assert "linalg.conv_2d_nhwc_hwcf" in str(lower_program(prog).module)
    _check_bit_equal(prog, xs, ws, os_, np.random.default_rng(5))


NDHWC = ("input_batch_dimension = 0, input_feature_dimension = 4, input_spatial_dimensions = [1, 2, 3], "
         "kernel_input_feature_dimension = 3, kernel_output_feature_dimension = 4, "
         "kernel_spatial_dimensions = [0, 1, 2], output_batch_dimension = 0, output_feature_dimension = 4, "
         "output_spatial_dimensions = [1, 2, 3]")
ROLLED = [
    # 1-D, K = 3 x 7 = 21 (odd): every pixel two fused chains and the last term after them
    ((1, 3, 30), (4, 3, 7), (1, 4, 24), NCH, 1, [1], [(0, 0)], [1], {"fma2"}),
    # 3-D SAME, K = 2 x 2 x 2 x 16 = 128: one fused chain on most pixels, two rounded ones on two
    ((1, 8, 8, 8, 16), (2, 2, 2, 16, 16), (1, 8, 8, 8, 16), NDHWC, 1, [1, 1, 1], [(0, 1)] * 3, [1, 1, 1],
     {"fma", "add2"}),
]


@pytest.mark.parametrize("xs, ws, os_, dn, groups, strides, pads, rdil, names", ROLLED)
def test_ordered_generic_past_16_terms_is_rolled(xs, ws, os_, dn, groups, strides, pads, rdil, names):
    # unrolled, the 3-D one's 128 term views took ~0.76 s of passes (linalg.ORDERED_UNROLLED_TERMS);
    # rolled, the terms are reduction loops: no view a term, the same sums bit for bit
    from shlo.interpreter.ops import convolution_order
    from shlo.lowering.ops import linalg
    prog = _program(xs, ws, os_, dn, groups, strides, pads, rdil)
    module = str(lower_program(prog).module)
    assert "linalg.conv_" not in module
    assert module.count("tensor.extract_slice") <= 2 < linalg.ORDERED_UNROLLED_TERMS
    assert '"reduction"' in module
    x, w, want = _check_bit_equal(prog, xs, ws, os_, np.random.default_rng(11))
    from shlo.interpreter.ops.convolution import xla_pixel_orders
    ns = len(strides)
    orders = xla_pixel_orders(("f32",) * 3, 1, int(np.prod(os_[-ns:] if dn == NCH else os_[1:-1])), xs[1 if dn == NCH else -1],
                              ws[-ns:] if dn == NCH else ws[:ns], os_[1 if dn == NCH else -1], groups, 1, [1] * ns,
                              [False] * ns, strides, rdil)
    byname = {convolution_order.FMA: "fma", convolution_order.FMA2: "fma2", convolution_order.ADD2: "add2"}
    assert {byname[int(v)] for v in np.unique(orders)} == names


def test_dilated_input_with_stride_compiled_sums_as_interpreted():
    # input dilation with stride 2: the dilated input's patches in oneDNN's orders (not the
    # transposed path), through the same ordered generic
    xs, ws, os_ = (1, 36, 4), (4, 4, 16), (1, 35, 16)
    prog = _program(xs, ws, os_, NWC, 1, [2], [(0, 2)], [1], [2])
    assert "linalg.conv_" not in str(lower_program(prog).module)
    _check_bit_equal(prog, xs, ws, os_, np.random.default_rng(7))


# kernels larger than the input: XLA swaps the operands and runs a plain loop nest
# (interpreter/ops/convolution.py `xla_swapped_plan`), compiled through one unrolled generic
SWAPPED = [
    # the held-out rhs_oob_after_pading program: NCHW 1x3x2x2 by OIHW 64x3x7x7, stride 2, padding 3
    ((1, 3, 2, 2), (64, 3, 7, 7), (1, 64, 1, 1), NCHW, [2, 2], [(3, 3), (3, 3)], [1, 1], [1, 1]),
    # transposed 1-D: 3 input pixels dilated by 2 against 4 taps
    ((4, 3, 4), (4, 4, 4), (4, 6, 4), NWC, [1], [(2, 2)], [1], [2]),
    # kernel dilation 2 and input dilation 3, 2 x 2 input under a 4 x 3 kernel
    ((2, 2, 2, 3), (4, 3, 3, 5), (2, 5, 4, 5), NHWC, [1, 1], [(4, 3), (2, 2)], [2, 1], [3, 1]),
]


@pytest.mark.parametrize("xs, ws, os_, dn, strides, pads, rdil, ldil", SWAPPED)
def test_swapped_compiled_sums_as_interpreted(xs, ws, os_, dn, strides, pads, rdil, ldil):
    prog = _program(xs, ws, os_, dn, 1, strides, pads, rdil, ldil)
    assert "linalg.conv_" not in str(lower_program(prog).module)
    _check_bit_equal(prog, xs, ws, os_, np.random.default_rng(sum(xs) + sum(ws)))
