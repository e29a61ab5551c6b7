"""Large f32 NHWC / HWCF convolutions as calls of shlo's direct convolution kernel
(jit/ShloConvKernel.inc, lowering/products.py claim_convolutions): strides, dilations, padding,
channel counts that leave partial register tiles or a partial vector, row tails, both thread
counts, and the convolutions left to generated code (the narrower instruction sets: test_compile_kernel.py)."""
import numpy as np
import pytest

import shlo

jax = pytest.importorskip("jax")


def _conv(stride, dilation, padding):
    def fn(x, k):
        return jax.lax.conv_general_dilated(x, k, stride, padding, rhs_dilation=dilation,
                                            dimension_numbers=("NHWC", "HWIO", "NHWC"))
    return fn


# (input NHWC, filter HWIO, stride, dilation, padding, claimed)
CASES = [
    ((2, 20, 20, 32), (3, 3, 32, 64), (1, 1), (1, 1), "SAME", True),     # full tiles, padded borders
    ((1, 17, 23, 24), (3, 3, 24, 48), (2, 2), (1, 1), "VALID", True),    # 3 vectors of channels; x tail
    ((2, 15, 13, 8), (3, 2, 8, 80), (1, 2), (2, 1), [(2, 1), (0, 3)], True),   # 5 vectors, dilation, uneven pads
    ((2, 16, 16, 16), (1, 1, 16, 32), (1, 1), (1, 1), "VALID", True),    # 1x1
    ((1, 12, 12, 16), (3, 3, 16, 24), (1, 1), (1, 1), "SAME", True),     # 24: 3 vectors (AVX2), 1 + a tail (AVX-512)
    ((1, 16, 16, 8), (3, 3, 8, 4), (1, 1), (1, 1), "SAME", True),        # 4 channels: the tail alone
    ((2, 9, 11, 6), (3, 3, 6, 20), (2, 1), (1, 1), [(1, 1), (2, 0)], True),  # vectors and a tail, uneven pads
    ((1, 6, 6, 4), (3, 3, 4, 4), (1, 1), (1, 1), "SAME", False),         # too small: generated code
]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("case", CASES, ids=lambda c: "x".join(map(str, c[0])) + "_f" + str(c[1][3]))
def test_convolution_kernel_matches_jax(case, threads, monkeypatch):
    monkeypatch.setenv("SHLO_MATMUL", "kernel")
    xs, ks, stride, dilation, padding, claimed = case
    rng = np.random.default_rng(len(xs) + ks[3])
    x = rng.standard_normal(xs).astype(np.float32)
    k = (rng.standard_normal(ks) / np.sqrt(ks[0] * ks[1] * ks[2])).astype(np.float32)
    fn = _conv(stride, dilation, padding)
    compiled = shlo.compile(shlo.from_jax(fn, x, k), threads=threads)
    assert compiled.timings["product_calls"] == (1 if claimed else 0)
    want = np.asarray(jax.jit(fn)(x, k), np.float64)
    np.testing.assert_allclose(np.asarray(compiled(x, k)[0]), want, rtol=1e-5, atol=1e-5)


def test_convolution_with_epilogue_and_a_second_convolution(monkeypatch):
    """The ResNet benchmark's shape in small: the epilogues (scale, shift, relu, residual) are
    scheduled on their own around the calls."""
    monkeypatch.setenv("SHLO_MATMUL", "kernel")
    rng = np.random.default_rng(5)
    x = rng.standard_normal((2, 14, 14, 32)).astype(np.float32)
    k1, k2 = (rng.standard_normal((3, 3, 32, 32)).astype(np.float32) * 0.1 for _ in range(2))
    s, t = rng.standard_normal(32).astype(np.float32), rng.standard_normal(32).astype(np.float32)
    conv = _conv((1, 1), (1, 1), "SAME")

    def fn(x, k1, k2, s, t):
        y = jax.nn.relu(conv(x, k1) * s + t)
        return jax.nn.relu(x + conv(y, k2) * s + t)
    compiled = shlo.compile(shlo.from_jax(fn, x, k1, k2, s, t))
    assert compiled.timings["product_calls"] == 2
    np.testing.assert_allclose(np.asarray(compiled(x, k1, k2, s, t)[0]), np.asarray(jax.jit(fn)(x, k1, k2, s, t)),
                               rtol=1e-5, atol=1e-5)
