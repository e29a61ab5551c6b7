"""f32 convolution in XLA CPU's summation order where it was measured (tools/xla_conv_order.py,
interpreter/ops/convolution.py `_xla_sequential_conv_f32`): one fused multiply-add per term over
(kernel taps, input feature) from 0, bit-equal to jax.jit's result; elsewhere the interpreter keeps
the f64 sum rounded once."""
from __future__ import annotations

import itertools
import os

import jax
import numpy as np
import pytest
from jax import lax

import shlo
from shlo.interpreter.ops.fused_multiply_add import fma32

from test_stablehlo_dot_order import _host_is_measured_kind

RNG = np.random.default_rng(13)


@pytest.fixture(autouse=True)
def avx2_kernels(monkeypatch):
    """These are the orders of an AVX2 host's XLA (oneDNN's AVX2 sgemm, no YNNPACK orders), whatever
    this host is: they are compared with jax.jit only on such a host (`_host_is_measured_kind`).
    AVX-512's orders: test_stablehlo_conv_order_avx512.py."""
    from shlo.interpreter.ops import convolution_order, reductions
    monkeypatch.setattr(convolution_order, "onednn_kind", lambda: "avx2")
    monkeypatch.setattr(reductions, "xla_cpu_kind", lambda: "avx2")


def _conv(x, w, pad, rd=(1, 1)):
    return lax.conv_general_dilated(x, w, (1, 1), pad, rhs_dilation=rd, dimension_numbers=("NHWC", "HWIO", "NHWC"))


def _reference(x, w, pad, rd=(1, 1), fma=True):
    """NHWC x HWIO, stride 1, kernel dilation rd: the terms in (kh, kw, c) order, each fma rounded
    once (fma32 on one element pair at a time), or the float64 sum rounded once."""
    xp = np.pad(x, ((0, 0), pad[0], pad[1], (0, 0)))
    kh, kw, c, o = w.shape
    ho, wo = xp.shape[1] - (kh - 1) * rd[0], xp.shape[2] - (kw - 1) * rd[1]
    acc = np.zeros((x.shape[0], ho, wo, o), np.float32 if fma else np.float64)
    for i, j, k in itertools.product(range(kh), range(kw), range(c)):
        t = xp[:, i * rd[0]:i * rd[0] + ho, j * rd[1]:j * rd[1] + wo, k, None]
        acc = fma32(t, w[i, j, k], acc) if fma else acc + t.astype(np.float64) * w[i, j, k]
    return acc.astype(np.float32)


@pytest.mark.parametrize("xs, ws, pad, rd", [((1, 4, 6, 7), (3, 3, 7, 32), ((1, 1), (1, 1)), (1, 1)),
                                             ((2, 3, 4, 3), (2, 2, 3, 64), ((0, 0), (0, 0)), (1, 1)),
                                             ((1, 8, 10, 1), (3, 3, 1, 16), ((1, 1), (2, 2)), (1, 2))])
def test_measured_shapes_take_xlas_order(xs, ws, pad, rd):
    x = RNG.standard_normal(xs).astype(np.float32)
    w = RNG.standard_normal(ws).astype(np.float32)
    prog = shlo.from_jax(lambda a, b: _conv(a, b, pad, rd), x, w)
    got = np.asarray(shlo.interpret(prog, x, w)[0])
    want = _reference(x, w, pad, rd)
    np.testing.assert_array_equal(got, want)
    assert (want != _reference(x, w, pad, rd, fma=False)).any(), "the order must be what is checked"
    if _host_is_measured_kind() and (os.cpu_count() or 0) <= 2:   # (Eigen's thread split: measured on 2 cores)
        np.testing.assert_array_equal(got, np.asarray(jax.jit(lambda a, b: _conv(a, b, pad, rd))(x, w)))


def test_unmeasured_shapes_keep_the_f64_sum():
    """16 output features with K = 180: past what was measured for them (not one order)."""
    x = RNG.standard_normal((1, 4, 6, 20)).astype(np.float32)
    w = RNG.standard_normal((3, 3, 20, 16)).astype(np.float32)
    pad = ((1, 1), (1, 1))
    got = np.asarray(shlo.interpret(shlo.from_jax(lambda a, b: _conv(a, b, pad), x, w), x, w)[0])
    np.testing.assert_array_equal(got, _reference(x, w, pad, fma=False))


# 2-16 features a group: oneDNN's kernel orders (interpreter/ops/convolution_order.py)
FEW = {
    # the proxy's depthwise 1-D program: 3 groups of 4 features, 14 pixels, K = 3
    "depthwise_1d": ((2, 3, 9), (12, 1, 3), (1,), [(0, 0)], ("NCH", "OIH", "NCH"), 3),
    # 16 features, 26 pixels (M % 4 != 0: the last 2 pixels are sums without fma)
    "tf_1d_16": ((1, 28, 1), (3, 1, 16), (1,), [(0, 0)], ("NWC", "WIO", "NWC"), 1),
    # 5 features (two accumulators), strides and padding
    "five_features": ((2, 9, 10, 3), (3, 3, 3, 5), (2, 1), [(1, 0), (0, 2)], ("NHWC", "HWIO", "NHWC"), 1),
    # 8 features, 784 pixels: one thread, no split
    "eight_features": ((1, 28, 28, 1), (3, 3, 1, 8), (1, 1), [(1, 1), (1, 1)], ("NHWC", "HWIO", "NHWC"), 1),
}


def _few(case):
    xs, ws, st, pad, dn, g = case
    return lambda a, b: lax.conv_general_dilated(a, b, st, pad, dimension_numbers=dn, feature_group_count=g)


@pytest.mark.parametrize("name", sorted(FEW))
def test_few_features_take_onednns_orders(name, monkeypatch):
    from shlo.interpreter.ops import convolution_order
    case = FEW[name]
    _takes_xlas_order(_few(case), case[0], case[1],
                      lambda: monkeypatch.setattr(convolution_order, "orders", lambda *a, **k: None))


def _takes_xlas_order(fn, xs, ws, rule_off):
    """The interpreter equals jax.jit bit for bit on random operands (on the measured host kind with
    at most 2 cores: Eigen's thread split was measured there), and differs with `rule_off()`."""
    x = RNG.standard_normal(xs).astype(np.float32)
    w = RNG.standard_normal(ws).astype(np.float32)
    prog = shlo.from_jax(fn, x, w)
    got = np.asarray(shlo.interpret(prog, x, w)[0])
    if _host_is_measured_kind() and (os.cpu_count() or 0) <= 2:
        np.testing.assert_array_equal(got, np.asarray(jax.jit(fn)(x, w)))
    rule_off()
    plain = np.asarray(shlo.interpret(prog, x, w)[0])
    assert (got != plain).any(), "the order must be what is checked"


def test_kernel_orders_by_chunk():
    """Pixels in chunks of 6 per driver block (48 wide; 73-95 halved); 16-row blocks fuse one
    accumulator from 4 columns, two from 3, sum rounded products below; 8-row blocks always
    keep two accumulators."""
    from shlo.interpreter.ops.convolution_order import ADD2, FMA, FMA2, orders
    np.testing.assert_array_equal(orders(16, 26, 3), [FMA] * 24 + [ADD2] * 2)
    np.testing.assert_array_equal(orders(12, 15, 9), [FMA] * 12 + [FMA2] * 3)
    np.testing.assert_array_equal(orders(8, 14, 9), [FMA2] * 12 + [ADD2] * 2)
    np.testing.assert_array_equal(orders(16, 87, 9), ([FMA] * 42 + [ADD2] * 2) + ([FMA] * 42 + [ADD2]))
    assert orders(1, 26, 3) is None and orders(16, 26, 200) is None and orders(4, 300, 100) is None
    assert orders(4, 100, 9, groups=3) is None and orders(4, 14, 3, groups=3) is not None
    # past 48 pixels, only on XLA's Eigen path and where one / two threads' blocks agree
    np.testing.assert_array_equal(orders(4, 98, 9, groups=3, eigen_groups=True), [FMA2] * 96 + [ADD2] * 2)
    assert orders(2, 507, 36, groups=4, eigen_groups=True) is None     # 192- vs 264-wide blocks


# Feature-grouped 2-D convolutions past 48 pixels on XLA's Eigen path (at most 16 input and output
# features; convolution._eigen_groups): the held-out depthwise2d and group_counts programs
GROUPED = {
    "depthwise_2d": ((2, 3, 9, 9), (12, 1, 3, 3), (1, 1), [(0, 0), (0, 0)], ("NCHW", "OIHW", "NCHW"), 3),
    "group_counts": ((2, 6, 9, 10), (6, 3, 4, 5), (1, 1), [(0, 0), (0, 0)], ("NCHW", "OIHW", "NCHW"), 2),
}


@pytest.mark.parametrize("name", sorted(GROUPED))
def test_grouped_past_48_pixels_take_onednns_orders(name, monkeypatch):
    import shlo.interpreter.ops.convolution as conv
    case = GROUPED[name]
    _takes_xlas_order(_few(case), case[0], case[1],
                      lambda: monkeypatch.setattr(conv, "_eigen_groups", lambda *a: False))


# 3-D convolutions (XLA's EigenConv3D): the held-out tf_conversion_path_3d programs
VOLUME = {
    "3d_valid_dilated": ((1, 4, 28, 28, 1), (2, 3, 3, 1, 16), (1, 1, 1), [(0, 0)] * 3, ("NDHWC", "DHWIO", "NDHWC"), 1,
                         (1, 1, 2)),
    "3d_grouped": ((2, 5, 6, 7, 4), (2, 2, 3, 2, 10), (1, 2, 1), [(1, 0), (0, 1), (1, 1)], ("NDHWC", "DHWIO", "NDHWC"), 2,
                   (1, 1, 1)),
}


@pytest.mark.parametrize("name", sorted(VOLUME))
def test_3d_take_onednns_orders(name, monkeypatch):
    from shlo.interpreter.ops import convolution_order
    xs, ws, st, pad, dn, g, rd = VOLUME[name]

    def fn(a, b):
        return lax.conv_general_dilated(a, b, st, pad, rhs_dilation=rd, dimension_numbers=dn, feature_group_count=g)
    _takes_xlas_order(fn, xs, ws, lambda: monkeypatch.setattr(convolution_order, "_volume_orders", lambda *a: None))


def test_3d_orders_only_where_the_thread_count_is_known():
    from shlo.interpreter.ops.convolution_order import FMA, orders
    # the 2-D cost estimate picks two threads even 15 % low: two threads' 1584-wide blocks
    assert (orders(16, 3136, 18, volume=True) == FMA).all()
    # the 2-D estimate picks one thread (blocks of 210), but XLA split the columns for two (120)
    assert orders(9, 210, 36) is not None and orders(9, 210, 36, volume=True) is None


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_16_bit_operands_with_an_f32_result_take_the_f32_orders(dtype, monkeypatch):
    # the held-out conv_general_dilated_preferred programs: XLA converts the operands to f32 (exact)
    # and runs the f32 convolution, here 3 features, K = 60 ('fma2')
    import jax.numpy as jnp

    import shlo.interpreter.ops.convolution as conv

    def fn(a, b):
        return lax.conv_general_dilated(a, b, (1, 1), [(0, 0), (0, 0)], dimension_numbers=("NCHW", "OIHW", "NCHW"),
                                        preferred_element_type=jnp.float32)
    x = RNG.standard_normal((2, 3, 9, 10)).astype(getattr(jnp, dtype))
    w = RNG.standard_normal((3, 3, 4, 5)).astype(getattr(jnp, dtype))
    prog = shlo.from_jax(fn, x, w)
    got = np.asarray(shlo.interpret(prog, x, w)[0])
    assert got.dtype == np.float32
    if _host_is_measured_kind() and (os.cpu_count() or 0) <= 2:
        np.testing.assert_array_equal(got, np.asarray(jax.jit(fn)(x, w)))
    np.testing.assert_array_equal(np.asarray(shlo.compile(prog)(x, w)[0]), got)
    monkeypatch.setattr(conv, "_f32_conv", lambda e: tuple(e) == ("f32",) * 3)
    plain = np.asarray(shlo.interpret(prog, x, w)[0])
    assert (got != plain).any(), "the order must be what is checked"


def test_grouped_orders_not_named_on_xlas_ynnpack_path():
    from shlo.interpreter.ops.convolution import _eigen_groups, xla_pixel_orders
    assert _eigen_groups(1, 64, 64) and _eigen_groups(2, 16, 16) and not _eigen_groups(2, 4, 24)
    # 4 groups of 6 features, 460 pixels, 2-D: XLA's YNNPACK fusion (sums without fma there)
    assert xla_pixel_orders(("f32",) * 3, 1, 460, 1, (1, 3), 24, 4, 1, [1, 1], [False, False]) is None
    assert xla_pixel_orders(("f32",) * 3, 1, 460, 1, (3,), 24, 4, 1, [1], [False]) is not None


# Transposed convolutions (input dilation, stride 1): XLA's EigenTransposedConv2D
# (interpreter/ops/convolution_order.py `transposed_f32`)
TRANSPOSED = {
    # 1-D, 12 features (one 12-row block), each output one real term or two
    "1d_12": ((2, 20, 3), (2, 3, 12), [(0, 0)], (2,)),
    # 2-D, 3 x 3 kernel x 24 features (16-row blocks and the rest), padding, dilation 2 x 1
    "2d_216": ((1, 6, 5, 4), (3, 3, 4, 24), [(1, 2), (2, 0)], (2, 1)),
    # 2-D, 5 features, dilation 3 x 2
    "2d_5": ((2, 4, 5, 6), (2, 3, 6, 5), [(1, 1), (0, 2)], (3, 2)),
}


@pytest.mark.parametrize("name", sorted(TRANSPOSED))
def test_transposed_convolutions_take_xlas_order(name, monkeypatch):
    import shlo.interpreter.ops.convolution as conv
    xs, ws, pad, ld = TRANSPOSED[name]
    dn = ("NHWC", "HWIO", "NHWC") if len(xs) == 4 else ("NWC", "WIO", "NWC")

    def fn(a, b):
        return lax.conv_general_dilated(a, b, (1,) * (len(xs) - 2), pad, lhs_dilation=ld, dimension_numbers=dn)

    x = RNG.standard_normal(xs).astype(np.float32)
    w = RNG.standard_normal(ws).astype(np.float32)
    prog = shlo.from_jax(fn, x, w)
    got = np.asarray(shlo.interpret(prog, x, w)[0])
    if _host_is_measured_kind() and (os.cpu_count() or 0) <= 2:   # (Eigen's thread split: measured on 2 cores)
        np.testing.assert_array_equal(got, np.asarray(jax.jit(fn)(x, w)))
    monkeypatch.setattr(conv, "xla_transposed_plan", lambda *a: None)
    plain = np.asarray(shlo.interpret(prog, x, w)[0])
    np.testing.assert_allclose(got, plain, rtol=1e-5, atol=1e-5)
    assert (got != plain).any(), "the order must be what is checked"


def test_transposed_order_only_where_measured():
    from shlo.interpreter.ops.convolution import xla_transposed_plan
    f32 = ("f32",) * 3
    args = dict(G=1, BG=1, strides=(1, 1), pads=[(0, 0), (0, 0)], ldil=(2, 2), rdil=(1, 1), rev=(False, False))
    assert xla_transposed_plan(f32, (1, 3, 6, 6), (8, 3, 3, 3), **args) is not None
    assert xla_transposed_plan(f32, (1, 3, 2, 6), (8, 3, 3, 3), **args) is None            # input < kernel
    assert xla_transposed_plan(f32, (1, 3, 6, 6), (8, 3, 3, 3), **{**args, "strides": (2, 1)}) is None
    assert xla_transposed_plan(f32, (1, 3, 6, 6), (8, 3, 3, 3), **{**args, "rdil": (1, 2)}) is None
    assert xla_transposed_plan(f32, (1, 4, 6, 6), (8, 2, 3, 3), **{**args, "G": 2}) is None
    assert xla_transposed_plan(("f64",) * 3, (1, 3, 6, 6), (8, 3, 3, 3), **args) is None
    assert xla_transposed_plan(f32, (1, 3, 6, 6), (8, 3, 3, 3), **{**args, "ldil": (1, 1)}) is None


# Input dilation with a window stride or kernel dilation above 1 is not XLA's transposed path: it
# takes the dilated, padded input's patches, the inserted zeros K terms, in oneDNN's orders
# (convolution.xla_pixel_orders; tools/xla_conv_order.py --dilated)
DILATED = {
    # 2-D, 5 features, input dilation 2 x 2, strides 2 x 1, padding
    "stride_2d": ((1, 9, 11, 8), (2, 4, 8, 5), (2, 1), [(0, 1), (0, 3)], (2, 2), (1, 1)),
    # 1-D, 16 features, input dilation 2, stride 2 on the dilated axis
    "stride_1d": ((1, 36, 4), (4, 4, 16), (2,), [(0, 2)], (2,), (1,)),
    # 1-D, 8 features, input dilation 3 and kernel dilation 3, stride 1
    "kernel_dilated_1d": ((2, 31, 5), (2, 5, 8), (1,), [(2, 3)], (3,), (3,)),
}


@pytest.mark.parametrize("name", sorted(DILATED))
def test_dilated_input_with_stride_or_kernel_dilation_takes_the_patch_orders(name, monkeypatch):
    import shlo.interpreter.ops.convolution as conv
    orig = conv.xla_pixel_orders
    _order_is_what_differs(DILATED[name], _host_is_measured_kind() and (os.cpu_count() or 0) <= 2,
                           # (Eigen's thread split: measured on 2 cores)
                           lambda: monkeypatch.setattr(conv, "xla_pixel_orders",
                                                       lambda *a: orig(*a[:10])))   # without strides / kernel dilation


def _order_is_what_differs(case, against_jit: bool, plain_order):
    """The interpreted convolution `case` (input, kernel, strides, padding, input and kernel
    dilations; NHWC / NWC) equals jax.jit bit for bit where `against_jit`, and differs from the
    same program summed after `plain_order()` (which switches the order off) within 1e-5."""
    xs, ws, st, pad, ld, rd = case
    dn = ("NHWC", "HWIO", "NHWC") if len(xs) == 4 else ("NWC", "WIO", "NWC")

    def fn(a, b):
        return lax.conv_general_dilated(a, b, st, pad, lhs_dilation=ld, rhs_dilation=rd, dimension_numbers=dn)

    x = RNG.standard_normal(xs).astype(np.float32)
    w = RNG.standard_normal(ws).astype(np.float32)
    prog = shlo.from_jax(fn, x, w)
    got = np.asarray(shlo.interpret(prog, x, w)[0])
    if against_jit:
        np.testing.assert_array_equal(got, np.asarray(jax.jit(fn)(x, w)))
    plain_order()
    plain = np.asarray(shlo.interpret(prog, x, w)[0])
    np.testing.assert_allclose(got, plain, rtol=1e-5, atol=1e-5)
    assert (got != plain).any(), "the order must be what is checked"


def test_dilated_patch_orders_only_with_stride_or_kernel_dilation():
    from shlo.interpreter.ops.convolution import xla_pixel_orders
    f32 = ("f32",) * 3
    args = (f32, 1, 40, 4, (3,), 8, 1, 1, (2,), (False,))
    assert xla_pixel_orders(*args, (2,), (1,)) is not None
    assert xla_pixel_orders(*args, (1,), (2,)) is not None
    assert xla_pixel_orders(*args, (1,), (1,)) is None             # stride 1: the transposed path
    assert xla_pixel_orders(f32, 1, 40, 2, (3,), 8, 2, 1, (2,), (False,), (2,), (1,)) is None   # groups


# A kernel larger than the input: XLA swaps the operands and runs a plain loop nest, one fma per
# term over the input's pixels in reversed row-major order, then its features
# (convolution_order.swapped_f32; tools/xla_conv_order.py --swapped)
SWAPPED = {
    # transposed 1-D (input dilation 2), 3 input pixels against 4 taps: parity14's open case
    "transposed_1d": ((4, 3, 4), (4, 4, 4), (1,), [(2, 2)], (2,), (1,)),
    # transposed 2-D, 1 x 4 input against a 2 x 6 kernel
    "transposed_2d": ((3, 1, 4, 3), (2, 6, 3, 3), (1, 1), [(0, 2), (2, 0)], (2, 2), (1, 1)),
    # no dilation: a 2 x 2 input padded under a 5 x 3 kernel with 32 features, one batch
    "padded_2d": ((1, 2, 2, 3), (5, 3, 3, 32), (1, 1), [(3, 2), (1, 1)], (1, 1), (1, 1)),
    # stride 2, 16 batch rows, 1 output feature
    "strided_1d": ((16, 2, 5), (7, 5, 1), (2,), [(3, 6)], (1,), (1,)),
}


@pytest.mark.parametrize("name", sorted(SWAPPED))
def test_kernels_larger_than_the_input_take_xlas_swapped_order(name, monkeypatch):
    import shlo.interpreter.ops.convolution as conv
    _order_is_what_differs(SWAPPED[name], True,       # a loop nest: no thread split
                           lambda: monkeypatch.setattr(conv, "xla_swapped_plan", lambda *a: None))


def test_swap_rule():
    from shlo.interpreter.ops.convolution_order import swapped_dims
    one = [(0, 0)]
    assert swapped_dims([3], [4], [1], one, [1], [1]) == [True]              # kernel larger
    assert swapped_dims([4], [4], [1], one, [1], [1]) is None                # a plain contraction: kept
    assert swapped_dims([4], [4], [1], [(1, 0)], [1], [1]) is None           # equal sizes: not swapped
    # a size-1 input padded by kernel - 1 on both sides counts as the kernel's size
    assert swapped_dims([1], [3], [1], [(2, 2)], [1], [1]) is None
    assert swapped_dims([1], [3], [1], [(2, 1)], [1], [1]) == [True]
    # 2-D: a contraction dimension does not count, the other decides
    assert swapped_dims([4, 2], [4, 3], [1, 1], [(0, 0), (1, 1)], [1, 1], [1, 1]) == [False, True]
