"""The compiled f32 depthwise convolution sums each output pixel's taps in the order the interpreter
takes from XLA CPU's measured kernel orders (interpreter/ops/convolution.py `xla_pixel_orders`,
convolution_order.py): the held-out depthwise 1-D program was the last compiled-only failure, the
named window op's one fma chain over the taps differing from XLA by an ulp on 1 of 168 elements.
Where the interpreter names no order the named op stays."""
from __future__ import annotations

import numpy as np
import pytest

import shlo
from shlo.lowering import lower_program

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
    """Compiled and interpreted results of `prog` on random f32 operands, bit for bit."""
    x = rng.standard_normal(xs).astype(np.float32)
    w = rng.standard_normal(ws).astype(np.float32)
    want = np.asarray(shlo.interpret(prog, x, w)[0])
    got = np.asarray(shlo.compile(prog)(x, w)[0])
    assert got.shape == want.shape == os_
    np.testing.assert_array_equal(_bits(got), _bits(want))


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


def test_depthwise_2d_past_the_measured_pixels_keeps_the_named_op():
    # 2 x 7 x 7 pixels in 3 groups: the interpreter names no order (more than 48 pixels)
    xs, ws, os_ = (2, 3, 9, 9), (12, 1, 3, 3), (2, 12, 7, 7)
    prog = _program(xs, ws, os_, NCHW, 3, [1, 1], [(0, 0), (0, 0)], [1, 1])
    assert "linalg.depthwise_conv_2d_nhwc_hwcm" in str(lower_program(prog).module)
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
