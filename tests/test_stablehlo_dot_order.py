"""f32 dot_general in XLA CPU's summation order where it was measured (tools/xla_dot_order.py):
a sequential fused multiply-add over the contracting index, bit-equal to jax.jit's result;
elsewhere the interpreter keeps the f64 sum rounded once."""
from __future__ import annotations

from fractions import Fraction

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import shlo

RNG = np.random.default_rng(5)


def _host_is_measured_kind() -> bool:
    """The rule was measured with jaxlib 0.10.2 on an x86-64 host with AVX2 and FMA and no AVX-512;
    XLA's order on another instruction set may differ (wider vectors), so only such a host is asked
    to reproduce XLA's bits. Every host checks the order itself against an exact reference."""
    try:
        flags = set(open("/proc/cpuinfo").read().split())
    except OSError:
        return False
    return {"avx2", "fma"} <= flags and "avx512f" not in flags


@pytest.fixture
def avx2_rules(monkeypatch):
    """The interpreter's f32 dot orders of an AVX2 host, whatever this host is."""
    from shlo.interpreter.ops import reductions
    monkeypatch.setattr(reductions, "xla_cpu_kind", lambda: "avx2")


@pytest.fixture
def avx512_rules(monkeypatch):
    """The interpreter's f32 dot orders of an AVX-512 host, whatever this host is."""
    from shlo.interpreter.ops import reductions
    monkeypatch.setattr(reductions, "xla_cpu_kind", lambda: "avx512")


def _host_is_avx512() -> bool:
    try:
        flags = set(open("/proc/cpuinfo").read().split())
    except OSError:
        return False
    return {"avx512f", "fma"} <= flags


def _round_f32(exact: Fraction) -> np.float32:
    """exact rounded to the nearest f32, ties to even (float() rounds to f64 first, so the
    neighbours of that candidate are compared exactly: no double rounding)."""
    c = np.float32(float(exact))
    cands = [np.nextafter(c, np.float32(-np.inf)), c, np.nextafter(c, np.float32(np.inf))]
    return min(cands, key=lambda v: (abs(Fraction(float(v)) - exact), int(v.view(np.uint32)) & 1))


def _sequential_fma_reference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(M, K) x (K, N), f32: acc = fma(a[m, k], b[k, n], acc) for k = 0 .. K-1, each fma rounded once
    (exact rationals, independent of the interpreter's fma32)."""
    m, k = a.shape
    out = np.zeros((m, b.shape[1]), np.float32)
    for i in range(m):
        for j in range(b.shape[1]):
            acc = np.float32(0)
            for t in range(k):
                acc = _round_f32(Fraction(float(acc)) + Fraction(float(a[i, t])) * Fraction(float(b[t, j])))
            out[i, j] = acc
    return out


def _run(fn, *args):
    prog = shlo.from_jax(fn, *args)
    out = shlo.interpret(prog, *args)
    return np.asarray(out[0] if isinstance(out, (list, tuple)) else out)


def _check_order(got, want, eq, fn, a, b, wide, narrow):
    """`got` is the order's result `want`, which the wide sum rounded once is not (so the order
    is what the test checks), and on the host kind where the rule was measured also XLA's."""
    np.testing.assert_array_equal(got, want)
    once = np.einsum(eq, a.astype(wide), b.astype(wide)).astype(narrow)
    assert not np.array_equal(once, want)
    if _host_is_measured_kind():
        np.testing.assert_array_equal(got, np.asarray(jax.jit(fn)(a, b)))


@pytest.mark.parametrize("lhs, rhs, eq", [
    ((8, 40), (40, 5), "mk,kn->mn"),            # M % 8 == 0
    ((16, 300), (300, 2), "mk,kn->mn"),
    ((7, 3), (3, 5), "mk,kn->mn"),              # K <= 3, N <= 6, 2 <= M <= 8
    ((3, 6), (6, 2), "mk,kn->mn"),              # K <= 7, M <= 3, N <= 3
    ((5, 100), (100, 17), "mk,kn->mn"),         # 16 <= N <= 64, K <= 512
    ((3, 16, 40), (3, 40, 5), "bmk,bkn->bmn"),  # batched: each batch element as a dot
    ((2, 8, 40), (40, 5), "pqk,kn->pqn"),       # two lhs free dimensions: M = 16
])
def test_xla_sequential_fma_order(lhs, rhs, eq, avx2_rules):
    rng = np.random.default_rng(sum(lhs) + 7 * sum(rhs))     # (the same operands in any test order)
    a = rng.standard_normal(lhs).astype(np.float32)
    b = rng.standard_normal(rhs).astype(np.float32)
    fn = lambda x, y: jnp.einsum(eq, x, y)  # noqa: E731
    got = _run(fn, a, b)
    # the order itself, per dot of the (flattened) batch: lhs rows x contracting, contracting x rhs columns
    k = a.shape[-1]
    if eq.startswith("b"):
        want = np.stack([_sequential_fma_reference(x, y) for x, y in zip(a, b)])
    else:
        want = _sequential_fma_reference(a.reshape(-1, k), b).reshape(got.shape)
    # (the f64 sum rounded once differs here: the order matters in these shapes)
    _check_order(got, want, eq, fn, a, b, np.float64, np.float32)


def test_other_shapes_keep_the_f64_sum(avx2_rules):
    """9 x 8 x 3: XLA sums without fma there; the interpreter keeps its f64 sum rounded once."""
    a = RNG.standard_normal((9, 8)).astype(np.float32)
    b = RNG.standard_normal((8, 3)).astype(np.float32)
    got = _run(jnp.matmul, a, b)
    np.testing.assert_array_equal(got, (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32))


def test_non_finite_and_overflow():
    """The fma order keeps IEEE results: inf * 0 is NaN, an overflowing sum is inf."""
    a = np.ones((8, 3), np.float32)
    b = np.ones((3, 2), np.float32)
    a[0, 0], b[0, 0] = np.inf, 0.0
    a[1] = 3e38
    got = _run(jnp.matmul, a, b)
    assert np.isnan(got[0, 0]) and got[0, 1] == np.inf
    assert np.all(got[1] == np.inf) and np.all(got[2:] == [2, 3])


def _complex64_reference(a: np.ndarray, b: np.ndarray, order: str) -> np.ndarray:
    """(M, K) x (K, N) complex64 one element at a time with f32 scalars (each product and sum
    rounded to f32, no fma): 'products' adds each k's product (ar br - ai bi, ar bi + ai br),
    'real_dots' sums the four real dots apart and combines them at the end."""
    f = np.float32
    m, k = a.shape
    out = np.zeros((m, b.shape[1]), np.complex64)
    for i in range(m):
        for j in range(b.shape[1]):
            x = [(f(a[i, t].real), f(a[i, t].imag), f(b[t, j].real), f(b[t, j].imag)) for t in range(k)]
            if order == "products":
                re = im = f(0)
                for xr, xi, yr, yi in x:
                    re = f(re + f(f(xr * yr) - f(xi * yi)))
                    im = f(im + f(f(xr * yi) + f(xi * yr)))
            else:
                rr = ii = ri = ir = f(0)
                for xr, xi, yr, yi in x:
                    rr, ii = f(rr + f(xr * yr)), f(ii + f(xi * yi))
                    ri, ir = f(ri + f(xr * yi)), f(ir + f(xi * yr))
                re, im = f(rr - ii), f(ri + ir)
            out[i, j] = np.complex64(complex(re, im))
    return out


@pytest.mark.parametrize("lhs, rhs, eq, order", [
    ((1, 16), (16, 6), "mk,kn->mn", "products"),          # M = 1, N >= 2
    ((7, 3, 4), (7, 4), "bmk,bk->bm", "products"),       # 2 <= M <= 3, N = 1 (batched)
    ((4, 3), (3, 6), "mk,kn->mn", "real_dots"),          # N even, K <= 7
    ((3, 40), (40, 2), "mk,kn->mn", "real_dots"),        # N even, M <= 3
    ((9, 33), (33, 16), "mk,kn->mn", "real_dots"),       # N % 8 == 0
    ((5, 200), (200, 8), "mk,kn->mn", "real_dots"),      # N % 8 == 0, K from 101 to 320
])
def test_xla_complex64_orders(lhs, rhs, eq, order):
    """complex64 dots in XLA CPU's orders (tools/xla_dot_order.py --complex): f32 products and
    sums without fma, not the complex128 sum rounded once."""
    rng = np.random.default_rng(sum(lhs) + 7 * sum(rhs))
    a = (rng.standard_normal(lhs) + 1j * rng.standard_normal(lhs)).astype(np.complex64)
    b = (rng.standard_normal(rhs) + 1j * rng.standard_normal(rhs)).astype(np.complex64)
    fn = lambda x, y: jnp.einsum(eq, x, y)  # noqa: E731
    got = _run(fn, a, b)
    if eq.startswith("b"):
        want = np.stack([_complex64_reference(x, y[:, None], order)[:, 0] for x, y in zip(a, b)])
    else:
        want = _complex64_reference(a, b, order)
    _check_order(got, want, eq, fn, a, b, np.complex128, np.complex64)


@pytest.mark.parametrize("m, k, n, order, blocks", [
    (3, 336, 2, "real_dots", [(0, 336)]),                      # the last K in one block
    (2, 400, 8, "real_dots", [(0, 208), (208, 400)]),          # Eigen's K blocks from 337 on
    (3, 500, 1, "products", [(0, 256), (256, 500)]),
])
def test_xla_complex64_orders_in_k_blocks(m, k, n, order, blocks, monkeypatch):
    """Past K = 336 XLA's complex64 dot sums each of Eigen's K blocks in the order from 0, then
    adds it to the result so far (measured up to K = 672; the AVX2 host's 32 KiB L1)."""
    from shlo.interpreter.ops import reductions
    monkeypatch.setattr(reductions, "eigen_l1_bytes", lambda: 32768)
    assert reductions._c64_k_blocks(k) == blocks
    rng = np.random.default_rng(k + m)
    a = (rng.standard_normal((m, k)) + 1j * rng.standard_normal((m, k))).astype(np.complex64)
    b = (rng.standard_normal((k, n)) + 1j * rng.standard_normal((k, n))).astype(np.complex64)
    want = None
    for k0, k1 in blocks:
        part = _complex64_reference(a[:, k0:k1], b[k0:k1], order)
        want = part if want is None else (want.real + part.real) + 1j * (want.imag + part.imag)
    want = want.astype(np.complex64)
    _check_order(_run(jnp.matmul, a, b), want, "mk,kn->mn", jnp.matmul, a, b, np.complex128, np.complex64)


def _host_is_avx512_with_48k_l1() -> bool:
    from shlo.interpreter.ops import reductions
    return reductions.xla_cpu_kind() == "avx512" and reductions.eigen_l1_bytes() == 49152


HOST_IS_AVX512_48K = _host_is_avx512_with_48k_l1()


HOST_IS_AVX512 = _host_is_avx512()


@pytest.mark.parametrize("m, k, n, order, blocks", [
    (3, 4, 3, "mixed", [(0, 4)]),                  # the held-out 1 x 3 x 4 . 1 x 4 x 3 dot_general (HIGH)
    (2, 50, 5, "mixed", [(0, 50)]),                # N odd, M <= 3: real_dots, the last column products
    (3, 400, 2, "real_dots", [(0, 400)]),          # one block up to K = 504 with a 48 KiB L1
    (2, 600, 8, "real_dots", [(0, 304), (304, 600)]),
])
def test_xla_complex64_orders_on_avx512(m, k, n, order, blocks, monkeypatch):
    """An AVX-512 host with a 48 KiB L1 (tools/xla_dot_order.py --complex there): Eigen's depth
    block is 504, and N odd with 2 <= M <= 3 sums the first N - 1 columns as 'real_dots', the last
    as 'products'. Compared with jax.jit on such a host."""
    from shlo.interpreter.ops import reductions
    monkeypatch.setattr(reductions, "xla_cpu_kind", lambda: "avx512")
    monkeypatch.setattr(reductions, "eigen_l1_bytes", lambda: 49152)
    assert reductions.c64_order_kc() == 504 and reductions._c64_k_blocks(k) == blocks
    rng = np.random.default_rng(k + m + n)
    a = (rng.standard_normal((m, k)) + 1j * rng.standard_normal((m, k))).astype(np.complex64)
    b = (rng.standard_normal((k, n)) + 1j * rng.standard_normal((k, n))).astype(np.complex64)

    def reference(x, y):
        if order == "mixed":
            return np.concatenate([_complex64_reference(x, y[:, :-1], "real_dots"),
                                   _complex64_reference(x, y[:, -1:], "products")], axis=1)
        return _complex64_reference(x, y, order)
    want = None
    for k0, k1 in blocks:
        part = reference(a[:, k0:k1], b[k0:k1])
        want = part if want is None else (want.real + part.real) + 1j * (want.imag + part.imag)
    want = want.astype(np.complex64)
    got = _run(jnp.matmul, a, b)
    np.testing.assert_array_equal(got, want)
    assert not np.array_equal((a.astype(np.complex128) @ b).astype(np.complex64), want)
    if HOST_IS_AVX512_48K:
        np.testing.assert_array_equal(got, np.asarray(jax.jit(jnp.matmul)(a, b)))


def _vector_reference(a: np.ndarray, b: np.ndarray) -> np.complex64:
    """One complex dot, k by k with f32 scalars: re += fma(ar, br, -(ai bi)), im = fma(ai, br,
    fma(ar, bi, im)); each fma exact then rounded once (Fraction)."""
    f = np.float32

    def fma(x, y, z):
        return f(float(Fraction(float(x)) * Fraction(float(y)) + Fraction(float(z))))
    re = im = f(0)
    for x, y in zip(a, b):
        re = f(re + fma(x.real, y.real, -f(x.imag * y.imag)))
        im = fma(x.imag, y.real, fma(x.real, y.imag, im))
    return np.complex64(complex(re, im))


@pytest.mark.parametrize("case", ["vector_12", "vector_32", "held_out_batched"])
def test_xla_complex64_one_dot_on_avx512(case, monkeypatch):
    """One complex64 dot (M = N = 1, K <= 32) on an AVX-512 host: the real part adds each k's
    fma(ar, br, -(ai bi)), the imaginary part is one fused chain. The held-out 1 x 3 x 4 . 1 x 4 x 3
    dot_general contracting [2, 1] with [1, 2] (precision HIGH) runs k as the lhs lists them."""
    from jax import lax
    from shlo.interpreter.ops import reductions
    monkeypatch.setattr(reductions, "xla_cpu_kind", lambda: "avx512")
    rng = np.random.default_rng(len(case))

    def c(shape):
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)
    for _ in range(20):         # operands whose complex128 sum rounds otherwise (so the order is checked)
        if case == "held_out_batched":
            a, b = c((1, 3, 4)), c((1, 4, 3))
            fn = lambda x, y: lax.dot_general(x, y, (([2, 1], [1, 2]), ([0], [0])),  # noqa: E731
                                              precision=lax.Precision.HIGH)
            want = np.array([_vector_reference(a[0].T.reshape(-1), b[0].reshape(-1))])
        else:
            k = int(case.split("_")[1])
            a, b = c((k,)), c((k,))
            fn = jnp.dot
            want = np.array(_vector_reference(a, b))
        if not np.array_equal(want, _c128_dot(a, b, case).astype(np.complex64)):
            break
    got = _run(fn, a, b)
    np.testing.assert_array_equal(got, want)
    assert not np.array_equal(got, _c128_dot(a, b, case).astype(np.complex64))
    if HOST_IS_AVX512:
        np.testing.assert_array_equal(got, np.asarray(jax.jit(fn)(a, b)))


def _c128_dot(a, b, case):
    if case == "held_out_batched":
        return np.array([np.dot(a[0].T.reshape(-1).astype(np.complex128), b[0].reshape(-1).astype(np.complex128))])
    return np.dot(a.astype(np.complex128), b.astype(np.complex128))


def test_xla_complex64_one_dot_rule(monkeypatch):
    from shlo.interpreter.ops import reductions
    monkeypatch.setattr(reductions, "xla_cpu_kind", lambda: "avx512")
    order = reductions._xla_complex64_order
    assert order(1, [], [0], [], [0], 1, 1, 32, 1) == "vector"
    assert order(1, [], [0], [], [0], 1, 1, 33, 1) is None              # another order from K = 33
    assert order(3, [0], [1, 2], [0], [2, 1], 1, 1, 12, 1) is None      # the rhs's dimensions out of order
    monkeypatch.setattr(reductions, "xla_cpu_kind", lambda: "avx2")
    assert order(1, [], [0], [], [0], 1, 1, 12, 1) is None              # not measured on AVX2


def test_complex64_mixed_operands_and_other_shapes():
    """An f16 operand is converted to complex64 first (exactly), as XLA does; 4 x 16 x 3 (N odd,
    M >= 4, K >= 8: no order found) and 1 x 150 x 4 keep the complex128 sum rounded once."""
    a = RNG.standard_normal((4, 3)).astype(np.float16)
    b = (RNG.standard_normal((3, 6)) + 1j * RNG.standard_normal((3, 6))).astype(np.complex64)
    prog = shlo.from_stablehlo(jax.jit(lambda x, y: jax.lax.dot_general(
        x, y, (([1], [0]), ([], [])), preferred_element_type=jnp.complex64)).lower(a, b).as_text())
    got = np.asarray(shlo.interpret(prog, a, b)[0])
    np.testing.assert_array_equal(got, _complex64_reference(a.astype(np.complex64), b, "real_dots"))
    c = (RNG.standard_normal((4, 16)) + 1j * RNG.standard_normal((4, 16))).astype(np.complex64)
    d = (RNG.standard_normal((16, 3)) + 1j * RNG.standard_normal((16, 3))).astype(np.complex64)
    got = _run(jnp.matmul, c, d)
    np.testing.assert_array_equal(got, (c.astype(np.complex128) @ d.astype(np.complex128)).astype(np.complex64))
    # M = 1 past K = 127 is another order than 'products' (measured at K 128 - 384)
    e = (RNG.standard_normal((1, 150)) + 1j * RNG.standard_normal((1, 150))).astype(np.complex64)
    g = (RNG.standard_normal((150, 4)) + 1j * RNG.standard_normal((150, 4))).astype(np.complex64)
    got = _run(jnp.matmul, e, g)
    np.testing.assert_array_equal(got, (e.astype(np.complex128) @ g.astype(np.complex128)).astype(np.complex64))


@pytest.mark.parametrize("m, k, n", [(2, 300, 16), (9, 7, 48)])
def test_xla_sequential_fma_order_rhs_transposed(m, k, n, avx2_rules):
    """[M, K] x [N, K] contracting both last dimensions (x @ w.T as one dot_general, as a torch
    linear layer imports) with N a multiple of 16: the same sequential fma
    (tools/xla_dot_order.py --rhs-transposed)."""
    rng = np.random.default_rng(m + k + n)
    a = rng.standard_normal((m, k)).astype(np.float32)
    w = rng.standard_normal((n, k)).astype(np.float32)
    fn = lambda x, y: jax.lax.dot_general(x, y, (([1], [1]), ([], [])))  # noqa: E731
    prog = shlo.from_jax(fn, a, w)
    assert "contracting_dims = [1] x [1]" in prog.text() or "rhs_contracting_dimensions = [1]" in prog.text()
    got = np.asarray(shlo.interpret(prog, a, w)[0])
    want = _sequential_fma_reference(a, np.ascontiguousarray(w.T))
    np.testing.assert_array_equal(got, want)
    assert not np.array_equal((a.astype(np.float64) @ w.T.astype(np.float64)).astype(np.float32), want)
    if _host_is_measured_kind():
        np.testing.assert_array_equal(got, np.asarray(jax.jit(fn)(a, w)))


def _four_chains_reference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(M, K) x (K, N), f32, one element at a time: four fma chains over k mod 4 for the first
    K - K % 4 terms, combined (c0 + c1) + (c2 + c3), plus the last K % 4 products rounded and
    summed in order without fma (exact rationals, each operation rounded once)."""
    m, k = a.shape
    whole = k - k % 4
    out = np.zeros((m, b.shape[1]), np.float32)
    F = lambda v: Fraction(float(v))  # noqa: E731
    for i in range(m):
        for j in range(b.shape[1]):
            c = [np.float32(0)] * 4
            for t in range(whole):
                c[t % 4] = _round_f32(F(c[t % 4]) + F(a[i, t]) * F(b[t, j]))
            acc = _round_f32(F(_round_f32(F(c[0]) + F(c[1]))) + F(_round_f32(F(c[2]) + F(c[3]))))
            if whole < k:
                tail = _round_f32(F(a[i, whole]) * F(b[whole, j]))
                for t in range(whole + 1, k):
                    tail = _round_f32(F(tail) + F(_round_f32(F(a[i, t]) * F(b[t, j]))))
                acc = _round_f32(F(acc) + F(tail))
            out[i, j] = acc
    return out


@pytest.mark.parametrize("lhs, rhs, dn, order", [
    # the held-out program: batch dimensions (0, 1) / (1, 0), contracting (4, 3) / (3, 2), K = 12
    ((8, 4, 3, 3, 4), (4, 8, 3, 4, 2), (((4, 3), (3, 2)), ((0, 1), (1, 0))), "chains4"),
    ((3, 13), (13, 2), (((1,), (0,)), ((), ())), "chains4"),          # K % 4 == 1: one product added
    ((2, 5, 14), (2, 14, 7), (((2,), (1,)), ((0,), (0,))), "chains4"),  # K % 4 == 2
    ((4, 31), (3, 31), (((1,), (1,)), ((), ())), "chains4"),          # K % 4 == 3, rhs transposed
    ((9, 6), (6, 3), (((1,), (0,)), ((), ())), "chains4"),            # K < 8 with M >= 8
    ((5, 12), (12, 9), (((1,), (0,)), ((), ())), "chains4"),          # 9 <= N <= 16, K % 4 == 0
    ((5, 13), (13, 9), (((1,), (0,)), ((), ())), "seqfma"),           # 9 <= N <= 16, K = 13
    ((3, 6), (6, 4), (((1,), (0,)), ((), ())), "seqfma"),             # K < 8, M <= 7
    ((8, 40), (40, 20), (((1,), (0,)), ((), ())), "seqfma"),          # 17 <= N <= 64
    ((1, 20), (20, 3), (((1,), (0,)), ((), ())), "seqfma"),           # M = 1, N % 8 != 1
    ((1, 300), (300, 12), (((1,), (0,)), ((), ())), "seqfma"),
    ((40,), (40, 24), (((0,), (0,)), ((), ())), "seqfma"),            # a vector times a matrix
    ((1, 30), (30, 1), (((1,), (0,)), ((), ())), "seqfma"),           # M = N = 1, K <= 32
])
def test_xla_f32_orders_avx512(lhs, rhs, dn, order, avx512_rules):
    """f32 dot_general in XLA CPU's orders on an AVX-512 host (jaxlib 0.10.2): the four fma chains
    with the K % 4 tail summed apart, or the sequential fma (reductions._xla_f32_order_avx512);
    compared with jax.jit's bits where this host is one."""
    rng = np.random.default_rng(sum(lhs) + 7 * sum(rhs))
    a = rng.standard_normal(lhs).astype(np.float32)
    b = rng.standard_normal(rhs).astype(np.float32)
    fn = lambda x, y: jax.lax.dot_general(x, y, dn)  # noqa: E731
    got = _run(fn, a, b)
    (lc, rc), (lb, rb) = dn
    lf = [d for d in range(a.ndim) if d not in lb + lc]
    rf = [d for d in range(b.ndim) if d not in rb + rc]
    size = lambda x, ds: int(np.prod([x.shape[d] for d in ds]))  # noqa: E731
    x = a.transpose(list(lb) + lf + list(lc)).reshape(size(a, lb), size(a, lf), size(a, lc))
    y = b.transpose(list(rb) + list(rc) + rf).reshape(size(b, rb), size(b, rc), size(b, rf))
    reference = _four_chains_reference if order == "chains4" else _sequential_fma_reference
    want = np.stack([reference(p, q) for p, q in zip(x, y)]).reshape(got.shape)
    np.testing.assert_array_equal(got, want)
    once = np.einsum("bmk,bkn->bmn", x.astype(np.float64), y.astype(np.float64)).astype(np.float32)
    assert not np.array_equal(once.reshape(got.shape), want)
    if _host_is_avx512():
        np.testing.assert_array_equal(got, np.asarray(jax.jit(fn)(a, b)))


def test_avx512_other_shapes_keep_the_f64_sum(avx512_rules):
    """M = 1 with N % 8 == 1 or the rhs as [N, K], and an lhs contracting its first dimension: no
    order found on AVX-512."""
    a = RNG.standard_normal((1, 20)).astype(np.float32)
    b = RNG.standard_normal((20, 9)).astype(np.float32)
    got = _run(jnp.matmul, a, b)
    np.testing.assert_array_equal(got, (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32))
    bt = RNG.standard_normal((4, 20)).astype(np.float32)
    got = _run(lambda x, y: jax.lax.dot_general(x, y, (((1,), (1,)), ((), ()))), a, bt)
    np.testing.assert_array_equal(got, (a.astype(np.float64) @ bt.T.astype(np.float64)).astype(np.float32))
    c = RNG.standard_normal((12, 5)).astype(np.float32)
    d = RNG.standard_normal((12, 3)).astype(np.float32)
    got = _run(lambda x, y: jax.lax.dot_general(x, y, (((0,), (0,)), ((), ()))), c, d)
    np.testing.assert_array_equal(got, (c.T.astype(np.float64) @ d.astype(np.float64)).astype(np.float32))



@pytest.mark.parametrize("lhs, rhs, dn, orders", [
    ((8, 4, 3, 3, 4), (4, 8, 3, 4, 2), (((4, 3), (3, 2)), ((0, 1), (1, 0))), (None, "chains4")),
    ((2, 5, 14), (2, 14, 7), (((2,), (1,)), ((0,), (0,))), (None, "chains4")),     # K % 4 == 2
    ((3, 16, 40), (3, 40, 5), (((2,), (1,)), ((0,), (0,))), ("seqfma", "chains4")),
    ((5, 13), (13, 9), (((1,), (0,)), ((), ())), (None, "seqfma")),
])
@pytest.mark.parametrize("kind", ["avx2", "avx512"])
def test_compiled_dot_in_the_interpreters_order(lhs, rhs, dn, orders, kind, monkeypatch):
    """shlo.compile sums small f32 dots in the order the interpreter takes (linalg._dot_in_order):
    bit-equal to it under either host kind's rules, and to jax.jit under this host's."""
    from shlo.interpreter.ops import reductions
    from shlo.lowering import compiler
    monkeypatch.setattr(reductions, "xla_cpu_kind", lambda: kind)
    monkeypatch.setattr(compiler, "_MEMORY", type(compiler._MEMORY)())   # (its key has no rule kind)
    rng = np.random.default_rng(sum(lhs) + 3 * sum(rhs))
    a = rng.standard_normal(lhs).astype(np.float32)
    b = rng.standard_normal(rhs).astype(np.float32)
    fn = lambda x, y: jax.lax.dot_general(x, y, dn)  # noqa: E731
    prog = shlo.from_jax(fn, a, b)
    (lc, rc), (lb, rb) = dn
    bsz = int(np.prod([lhs[d] for d in lb]))
    m = int(np.prod([s for d, s in enumerate(lhs) if d not in lb + lc]))
    n = int(np.prod([s for d, s in enumerate(rhs) if d not in rb + rc]))
    k = int(np.prod([lhs[d] for d in lc]))
    order = reductions._xla_f32_order(len(lhs), len(rhs), list(lb), list(lc), list(rb), list(rc), bsz, m, k, n)
    assert order == orders[kind == "avx512"]
    got = np.asarray(shlo.compile(prog)(a, b)[0])
    if order is None:
        return      # (a named matmul: in no order of XLA's)
    np.testing.assert_array_equal(got, np.asarray(shlo.interpret(prog, a, b)[0]))
    if kind == "avx512" and _host_is_avx512() or kind == "avx2" and _host_is_measured_kind():
        np.testing.assert_array_equal(got, np.asarray(jax.jit(fn)(a, b)))
