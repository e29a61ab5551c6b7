"""f32 convolutions in XLA CPU's order on an AVX-512 host (interpreter/ops/convolution_order.py:
oneDNN's AVX-512 sgemm sums each element as one fused multiply-add chain over k = tap * features +
feature, from 0). The rules are checked on every host; the held-out programs' shapes are compared
with jax.jit bit for bit where this host's XLA runs those kernels (AVX-512, at most 2 cores: Eigen's
thread split was measured there). The AVX2 host's orders: test_stablehlo_conv_order.py."""
from __future__ import annotations

import os

import jax
import numpy as np
import pytest
from jax import lax

import shlo
from shlo.interpreter.ops import convolution_order

RNG = np.random.default_rng(17)
HOST_RUNS_AVX512 = convolution_order.onednn_kind() == "avx512" and (os.cpu_count() or 0) <= 2


@pytest.fixture(autouse=True)
def avx512_kernels(monkeypatch):
    """The interpreter's orders of an AVX-512 host's XLA, whatever this host is."""
    from shlo.interpreter.ops import reductions
    monkeypatch.setattr(convolution_order, "onednn_kind", lambda: "avx512")
    monkeypatch.setattr(reductions, "xla_cpu_kind", lambda: "avx512")


# (lhs, rhs, strides, padding, dimension numbers, feature groups, lhs dilation)
CASES = {
    # the held-out dtype_precision / preferred programs: 3 features, K = 60, 72 pixels
    "nchw_3_features": ((2, 3, 9, 10), (3, 3, 4, 5), (1, 1), [(0, 0), (0, 0)], ("NCHW", "OIHW", "NCHW"), 1, None),
    "nhwc_hwio": ((2, 9, 10, 3), (4, 5, 3, 3), (1, 1), [(0, 0), (0, 0)], ("NHWC", "HWIO", "NHWC"), 1, None),
    "padding_strides": ((2, 3, 9, 10), (3, 3, 4, 5), (2, 1), [(1, 2), (2, 1)], ("NCHW", "OIHW", "NCHW"), 1, None),
    "group_counts": ((2, 6, 9, 10), (6, 3, 4, 5), (1, 1), [(0, 0), (0, 0)], ("NCHW", "OIHW", "NCHW"), 2, None),
    "depthwise_2d": ((2, 3, 9, 9), (12, 1, 3, 3), (1, 1), [(0, 0), (0, 0)], ("NCHW", "OIHW", "NCHW"), 3, None),
    "conv1d": ((2, 3, 10), (3, 3, 5), (1,), [(0, 0)], ("NCH", "OIH", "NCH"), 1, None),
    # 40 features (past AVX2's 16-row kernel block; 1-D: XLA's Eigen path), K = 30
    "1d_40_features": ((2, 60, 10), (3, 10, 40), (1,), [(1, 1)], ("NWC", "WIO", "NWC"), 1, None),
    # 3-D, 2 groups of 5 features
    "3d_grouped": ((2, 5, 6, 7, 4), (2, 2, 3, 2, 10), (1, 2, 1), [(1, 0), (0, 1), (1, 1)],
                   ("NDHWC", "DHWIO", "NDHWC"), 2, None),
    # 3-D SAME, 8 features, K = 108, 512 pixels: two threads even at the cost estimate 15 % low, and
    # two threads do not split K (one thread would)
    "3d_two_threads": ((1, 8, 8, 8, 4), (3, 3, 3, 4, 8), (1, 1, 1), [(1, 1)] * 3, ("NDHWC", "DHWIO", "NDHWC"), 1,
                       None),
    # transposed (input dilation 2 x 1): 3 x 3 taps x 24 features = 216 kernel rows, C = 4
    "transposed_216": ((1, 6, 5, 4), (3, 3, 4, 24), (1, 1), [(1, 2), (2, 0)], ("NHWC", "HWIO", "NHWC"), 1, (2, 1)),
}


def _fn(case):
    _, _, st, pad, dn, g, ld = case
    return lambda a, b: lax.conv_general_dilated(a, b, st, pad, lhs_dilation=ld, dimension_numbers=dn,
                                                 feature_group_count=g)


@pytest.mark.parametrize("name", sorted(CASES))
def test_avx512_orders_equal_xla(name, monkeypatch):
    case = CASES[name]
    fn = _fn(case)
    x = RNG.standard_normal(case[0]).astype(np.float32)
    w = RNG.standard_normal(case[1]).astype(np.float32)
    prog = shlo.from_jax(fn, x, w)
    got = np.asarray(shlo.interpret(prog, x, w)[0])
    if HOST_RUNS_AVX512:
        np.testing.assert_array_equal(got, np.asarray(jax.jit(fn)(x, w)))
    np.testing.assert_array_equal(np.asarray(shlo.compile(prog)(x, w)[0]), got)      # the compiled path too
    monkeypatch.setattr(convolution_order, "orders", lambda *a, **k: None)
    monkeypatch.setattr(convolution_order, "transposed_row_orders", lambda *a: None)
    plain = np.asarray(shlo.interpret(prog, x, w)[0])
    np.testing.assert_allclose(got, plain, rtol=1e-5, atol=1e-5)
    assert (got != plain).any(), "the order must be what is checked"


def test_avx512_k_split_between_threads(monkeypatch):
    """1-D, 5 features, 516 pixels, K = 256: Eigen shards K between its two threads (128 + 128),
    each block one fma chain, the second added to the first; the compiled path keeps the named op."""
    from shlo.interpreter.ops.convolution_order import FMA_K2, k_split_blocks, orders
    assert k_split_blocks(256) == [(0, 128), (128, 256)] and k_split_blocks(90) == [(0, 90)]
    assert (orders(5, 516, 256, eigen_groups=True) == FMA_K2).all()
    fn = _fn(((1, 517, 128), (2, 128, 5), (1,), [(0, 0)], ("NWC", "WIO", "NWC"), 1, None))
    x = RNG.standard_normal((1, 517, 128)).astype(np.float32)
    w = RNG.standard_normal((2, 128, 5)).astype(np.float32)
    prog = shlo.from_jax(fn, x, w)
    got = np.asarray(shlo.interpret(prog, x, w)[0])
    if HOST_RUNS_AVX512:
        np.testing.assert_array_equal(got, np.asarray(jax.jit(fn)(x, w)))
    np.testing.assert_allclose(np.asarray(shlo.compile(prog)(x, w)[0]), got, rtol=1e-5, atol=1e-5)
    monkeypatch.setattr(convolution_order, "k_split_blocks", lambda k: [(0, k)])    # one chain instead
    one_chain = np.asarray(shlo.interpret(prog, x, w)[0])
    assert (got != one_chain).any(), "the split must be what is checked"


def test_avx512_16_bit_operands_take_the_f32_order():
    # the held-out conv_general_dilated_preferred programs (f16 / bf16 in, f32 out)
    import jax.numpy as jnp

    def fn(a, b):
        return lax.conv_general_dilated(a, b, (1, 1), [(0, 0), (0, 0)], dimension_numbers=("NCHW", "OIHW", "NCHW"),
                                        preferred_element_type=jnp.float32)
    x = RNG.standard_normal((2, 3, 9, 10)).astype(jnp.bfloat16)
    w = RNG.standard_normal((3, 3, 4, 5)).astype(jnp.bfloat16)
    prog = shlo.from_jax(fn, x, w)
    got = np.asarray(shlo.interpret(prog, x, w)[0])
    if HOST_RUNS_AVX512:
        np.testing.assert_array_equal(got, np.asarray(jax.jit(fn)(x, w)))
    np.testing.assert_array_equal(np.asarray(shlo.compile(prog)(x, w)[0]), got)


def test_avx512_rule():
    from shlo.interpreter.ops.convolution import _xla_sequential_conv_f32, xla_pixel_orders
    from shlo.interpreter.ops.convolution_order import FMA, orders
    assert (orders(3, 72, 60, eigen_groups=True) == FMA).all() and (orders(40, 100, 30, eigen_groups=True) == FMA).all()
    assert (orders(4, 98, 9, groups=3, eigen_groups=True) == FMA).all()
    assert orders(1, 50, 9, eigen_groups=True) is None                    # one feature: a matrix-vector product
    assert orders(4, 300, 400, eigen_groups=True) is None                 # K past the driver's 384-deep block
    # Eigen splits K between the threads (XLA: halves at 128, added)
    assert (orders(5, 516, 256, eigen_groups=True) == convolution_order.FMA_K2).all()
    # one thread splits K at some cost scales and not at others: not named
    assert orders(3, 109, 160, groups=3, eigen_groups=True) is None
    # 2-D with more than 16 features: XLA's YNNPACK fusion, its orders not one chain
    f32 = ("f32",) * 3
    assert xla_pixel_orders(f32, 1, 100, 32, (3, 2), 4, 1, 1, [1, 1], [False, False]) is None
    assert xla_pixel_orders(f32, 1, 100, 8, (3, 2), 4, 1, 1, [1, 1], [False, False]) is not None
    assert not _xla_sequential_conv_f32(f32, 1, (1, 1), (False, False), 2, 100, 63, 32)


def test_onednn_kind_follows_the_isa_cap(monkeypatch):
    monkeypatch.undo()          # the real one, not the fixture's
    kind = convolution_order.onednn_kind
    try:
        with open("/proc/cpuinfo") as f:
            flags = set(next(line.split(":", 1)[1].split() for line in f if line.startswith("flags")))
    except (OSError, StopIteration):
        pytest.skip("no /proc/cpuinfo flags to read")
    try:
        monkeypatch.setenv("ONEDNN_MAX_CPU_ISA", "SSE41")
        kind.cache_clear()
        assert kind() == "other"
        monkeypatch.setenv("ONEDNN_MAX_CPU_ISA", "AVX2")
        kind.cache_clear()
        assert kind() == ("avx2" if {"avx2", "fma"} <= flags else "other")
        monkeypatch.delenv("ONEDNN_MAX_CPU_ISA")
        monkeypatch.delenv("DNNL_MAX_CPU_ISA", raising=False)
        kind.cache_clear()
        wide = {"avx512f", "avx512bw", "avx512vl", "avx512dq"} <= flags
        assert kind() == ("avx512" if wide else "avx2" if {"avx2", "fma"} <= flags else "other")
    finally:
        monkeypatch.undo()
        kind.cache_clear()
