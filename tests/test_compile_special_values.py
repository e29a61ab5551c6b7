"""Compiled element-wise arithmetic against the interpreter, bit for bit, on the special inputs
where tools/compiled_diff_sweep.py found them apart: bf16 results that are denormal (LLVM's
f32 -> bf16 instruction flushed them to zero), complex products (XLA's, one fused multiply-add
a part; complex.mul gave NaN where the fused form keeps inf) and complex quotients (complex.div scales
differently from the interpreter's Smith division)."""
import ml_dtypes
import numpy as np
import pytest

import shlo

BF16 = ml_dtypes.bfloat16


def _program(op: str, element: str, n: int):
    t = f"tensor<{n}x{element}>"
    return shlo.parse(f"func.func @main(%a: {t}, %b: {t}) -> {t} {{\n"
                      f"  %0 = shlo.{op} %a, %b : {t}\n  func.return %0 : {t}\n}}")


def _bits(x: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(x).view(f"u{x.dtype.itemsize}")


def _same(got: np.ndarray, want: np.ndarray) -> np.ndarray:
    """Elementwise: the same bits, or NaN on both sides (per part for complex)."""
    if want.dtype.kind == "c":
        return _same(got.real.copy(), want.real.copy()) & _same(got.imag.copy(), want.imag.copy())
    with np.errstate(invalid="ignore"):
        nan = np.isnan(got.astype(np.float64)) & np.isnan(want.astype(np.float64))
    return (_bits(got) == _bits(want)) | nan


def _run_both(op, element, a, b):
    prog = _program(op, element, len(a))
    return shlo.compile(prog)(a, b)[0], shlo.interpret(prog, a, b)[0]


@pytest.mark.parametrize("op", ["add", "subtract", "multiply", "divide", "remainder"])
def test_bf16_denormal_results_are_kept(op):
    tiny = float(ml_dtypes.finfo(BF16).smallest_subnormal)
    small = [0.0, -0.0, tiny, -tiny, 3 * tiny, 1.1754944e-38, -1.1754944e-38, 0.0078125, 1.5, 3.0, 88.0, -0.1, 1e-6]
    a, b = (x.ravel().astype(BF16) for x in np.meshgrid(np.array(small), np.array(small)))
    got, want = _run_both(op, "bf16", a, b)
    ok = _same(got, want)
    assert ok.all(), list(zip(a[~ok][:4], b[~ok][:4], got[~ok][:4], want[~ok][:4]))
    assert np.count_nonzero(np.abs(want.astype(np.float32)) < 1.1754944e-38) > 0   # denormals were produced


def test_bf16_add_of_two_denormals_is_their_sum():
    tiny = ml_dtypes.finfo(BF16).smallest_subnormal
    a = np.array([tiny, -tiny], BF16)
    got = _run_both("add", "bf16", a, a)[0]
    assert got.astype(np.float32).tolist() == [2 * float(tiny), -2 * float(tiny)]


_PARTS = [0.0, -0.0, 1.0, -2.5, np.pi, 100.0, 1e30, -1e30, 1e-45, 1e-300, 3.4028235e38, 1.7976931348623157e308,
          np.inf, -np.inf, np.nan]


@pytest.mark.parametrize("op", ["multiply", "divide", "remainder"])
@pytest.mark.parametrize("dtype, element", [(np.complex64, "complex<f32>"), (np.complex128, "complex<f64>")])
def test_complex_arithmetic_on_special_values_matches_the_interpreter(op, dtype, element):
    with np.errstate(all="ignore"):
        z = np.array([complex(p, q) for p in _PARTS[::2] for q in _PARTS[1::2]], dtype)
    a, b = (x.ravel() for x in np.meshgrid(z, z))
    got, want = _run_both(op, element, a, b)
    ok = _same(got, want)
    assert ok.all(), list(zip(a[~ok][:4], b[~ok][:4], got[~ok][:4], want[~ok][:4]))


# XLA CPU's complex products (jaxlib 0.10.2) as bit patterns a.re, a.im, b.re, b.im, product.re,
# product.im: one fused multiply-add a part, re = fma(ar, br, -(ai bi)), im = fma(ai, br, ar bi);
# numpy's product differs in the last bit on each
_XLA_PRODUCTS = {
    np.complex64: [["0xbfb18748", "0xbe89e07a", "0x3fe1355a", "0xc01d78e4", "0xc04694c9", "0x403c14d7"],
                   ["0xbfe30bb6", "0xc01456f9", "0xc094be80", "0xc125f1fd", "0xc17cb563", "0x41e95dd6"]],
    np.complex128: [["0xc0032ef4ae2c0409", "0xc01b0f74a9c1e600", "0xc0193f13387fabee", "0x4010c458907f94f8",
                     "0x4045bf0373e79d2d", "0x404052d24e813d74"],
                    ["0x400d85f27d892507", "0x4006f825ab45fac0", "0x40163c20bf43507f", "0xc014919efe79e818",
                     "0x4041a39714805ecc", "0xc00822741c9945f9"]],
}


def test_complex_multiply_is_xlas_and_keeps_an_infinite_part():
    """Compiled and interpreted (one program, both types): XLA's product bit for bit, and a part
    that overflows in one product and not in the other stays infinite ((max + max i)(-2.5 - 2.5i)
    = inf - inf i)."""
    args, wants = [], []
    for dtype in (np.complex64, np.complex128):
        part = np.dtype(dtype(0).real.dtype)
        bits = np.array([[int(h, 16) for h in row] for row in _XLA_PRODUCTS[dtype]], f"u{part.itemsize}").view(part)
        big = float(np.finfo(part).max)
        args += [np.concatenate([bits[:, 0] + 1j * bits[:, 1], [complex(big, big)]]).astype(dtype),
                 np.concatenate([bits[:, 2] + 1j * bits[:, 3], [-2.5 - 2.5j]]).astype(dtype)]
        wants.append((bits[:, 4] + 1j * bits[:, 5]).astype(dtype))
        assert (args[-2][:2] * args[-1][:2] != wants[-1]).all()          # numpy's product is another one
    t, u = "tensor<3xcomplex<f32>>", "tensor<3xcomplex<f64>>"
    prog = shlo.parse(f"func.func @main(%a: {t}, %b: {t}, %c: {u}, %d: {u}) -> ({t}, {u}) {{\n"
                      f"  %0 = shlo.multiply %a, %b : {t}\n  %1 = shlo.multiply %c, %d : {u}\n"
                      f"  func.return %0, %1 : {t}, {u}\n}}")
    for results in (shlo.compile(prog)(*args), shlo.interpret(prog, *args)):
        for got, want in zip(results, wants):
            assert (_bits(got[:2].real.copy()) == _bits(want.real.copy())).all(), (got, want)
            assert (_bits(got[:2].imag.copy()) == _bits(want.imag.copy())).all(), (got, want)
            assert got[2].real == np.inf and got[2].imag == -np.inf


def test_complex_divide_by_a_tiny_divisor_is_the_interpreters():
    """Smith's steps divide by the divisor itself, not by its reciprocal (which overflows to
    inf for 1e-45): 1e-45 / 1e-45 = 1, and only the part that must overflow does."""
    a = np.array([1e-45 + 0j, 3.4028235e38j], np.complex64)
    b = np.array([1e-45 + 0j, 1e-45 + 0j], np.complex64)
    got, want = _run_both("divide", "complex<f32>", a, b)
    assert _same(got, want).all(), (got, want)
    assert got[0] == 1 and got[1].real == 0 and got[1].imag == np.inf


def _unary_both(op, element, a):
    t = f"tensor<{len(a)}x{element}>"
    r = {"abs": t.replace("complex<f32>", "f32").replace("complex<f64>", "f64")}.get(op, t)
    prog = shlo.parse(f"func.func @main(%a: {t}) -> {r} {{\n  %0 = shlo.{op} %a : ({t}) -> {r}\n"
                      f"  func.return %0 : {r}\n}}")
    return shlo.compile(prog)(a)[0], shlo.interpret(prog, a)[0]


@pytest.mark.parametrize("op", ["abs", "sign"])
@pytest.mark.parametrize("dtype, element", [(np.complex64, "complex<f32>"), (np.complex128, "complex<f64>")])
def test_complex_modulus_is_rounded_as_the_interpreter(op, dtype, element):
    # complex.abs was 1 ulp off on a quarter of these (|3.14 + 0.5i| in f32, |-2.5 + 1i| in f64)
    rng = np.random.default_rng(0)
    with np.errstate(all="ignore"):
        specials = np.array([complex(p, q) for p in _PARTS for q in _PARTS], dtype)
        z = np.concatenate([specials, (rng.standard_normal(500) * np.exp(rng.uniform(-5, 5, 500))
                                       + 1j * rng.standard_normal(500)).astype(dtype)])
    got, want = _unary_both(op, element, z)
    ok = _same(got, want)
    assert ok.all(), list(zip(z[~ok][:4], got[~ok][:4], want[~ok][:4]))


@pytest.mark.parametrize("dtype, element", [(np.float64, "f64"), (np.complex128, "complex<f64>")])
def test_f64_expm1_near_zero_is_accurate(dtype, element):
    # math-to-llvm lowers math.expm1 to exp(x) - 1: expm1(1e-6) was 4e-11 off
    x = np.array([1e-6, 1e-3, 0.1, -1e-9, 5e-324, -0.0, 40.5, 700.0, 710.0, -800.0, np.inf, -np.inf, np.nan], dtype)
    got, want = _unary_both("exponential_minus_one", element, x)
    parts = (lambda v: [v.real, v.imag]) if dtype == np.complex128 else (lambda v: [v])
    for g, w in zip(parts(got), parts(want)):
        with np.errstate(invalid="ignore"):
            close = np.isclose(g, w, rtol=4e-16, atol=0) | (np.isnan(g) & np.isnan(w)) | (g == w)
        assert close.all(), list(zip(x[~close], g[~close], w[~close]))


@pytest.mark.parametrize("element", ["f8E4M3FN", "f8E4M3FNUZ", "f8E3M4"])
def test_f8_reduce_precision_goes_through_f16_like_the_interpreter(element):
    # compiled reduce_precision on f8 worked on f32 bits and kept the reduced format's denormals
    # (2^-9 with e4m3) and f8E4M3FN's 448, which the interpreter (and XLA) flush to 0 / overflow to NaN
    from shlo.literals import numpy_dtype
    dt = numpy_dtype(element)
    x = np.array([2.0 ** -9, -2.0 ** -9, 2.0 ** -10, 0.09375, 448.0, 240.0, 1.5, -3.0, 0.0], np.float32).astype(dt)
    t = f"tensor<{len(x)}x{element}>"
    prog = shlo.parse(f"func.func @main(%a: {t}) -> {t} {{\n  %0 = shlo.reduce_precision %a "
                      f"{{exponent_bits = 4 : i32, mantissa_bits = 3 : i32}} : {t}\n  func.return %0 : {t}\n}}")
    got, want = shlo.compile(prog)(x)[0], shlo.interpret(prog, x)[0]
    assert _same(got, want).all(), list(zip(x, got, want))


def test_complex_sqrt_of_tiny_and_huge_parts():
    # half of 5e-324 underflowed (sqrt(5e-324 + 0i) was 0 / 0 = NaN i) and |max + max i| overflowed
    # (inf + 0i); the importer's asin / acos / asinh / acosh use this sqrt and were NaN there too
    big = 1.7976931348623157e308
    z = np.array([5e-324 + 0j, 1 + 5e-324j, complex(big, big), complex(-big, 1.0), 5e-324 - 5e-324j], np.complex128)
    got, want = _unary_both("sqrt", "complex<f64>", z)
    assert np.isfinite(got.real).all() and np.isfinite(got.imag).all(), got
    np.testing.assert_allclose(got.real, want.real, rtol=1e-15)
    np.testing.assert_allclose(got.imag, want.imag, rtol=1e-15)


@pytest.mark.parametrize("op", ["tanh", "tan", "sine", "cosine"])
@pytest.mark.parametrize("dtype, element", [(np.complex64, "complex<f32>"), (np.complex128, "complex<f64>")])
def test_complex_trigonometric_keep_tiny_parts_and_special_values(op, dtype, element):
    # complex.tanh flushed a tiny real part (tanh(2.2e-308 + i) had real part 0); complex.tan /
    # sin gave NaN + NaN i for tan(inf + 0i), sin(inf + 0i), where the interpreter (C's) has NaN + 0i
    tiny = float(np.finfo(dtype(0).real.dtype).tiny)
    parts = [0.0, -0.0, tiny, -tiny, 0.1, 1.0, -2.5, 30.0, 100.0, np.inf, -np.inf, np.nan]
    z = np.array([complex(p, q) for p in parts for q in parts], dtype)
    got, want = _unary_both(op, element, z)
    tol = 4 * np.finfo(dtype(0).real.dtype).eps
    for g, w in ((got.real, want.real), (got.imag, want.imag)):
        with np.errstate(invalid="ignore"):
            ok = (np.isnan(g) & np.isnan(w)) | (g == w) | (np.abs(g - w) <= tol * np.abs(w))
        assert ok.all(), list(zip(z[~ok][:4], got[~ok][:4], want[~ok][:4]))


@pytest.mark.parametrize("op", ["rsqrt", "cbrt"])
@pytest.mark.parametrize("dtype, element", [(np.complex64, "complex<f32>"), (np.complex128, "complex<f64>")])
def test_complex_rsqrt_and_cbrt_at_the_extremes(op, dtype, element):
    # cbrt(inf + 0i) was NaN + NaN i (interpreter inf + NaN i), cbrt(max + max i) inf + NaN i, and
    # cbrt(5e-324 + 5e-324i) 10% off (|z| rounded to one denormal); rsqrt is 1 / sqrt(z) as Smith divides
    fi = np.finfo(dtype(0).real.dtype)
    m, d = float(fi.max), float(fi.smallest_subnormal)
    z = np.array([complex(np.inf, 0), complex(-np.inf, 1), complex(m, m), complex(d, d), complex(-2.5, 0.5),
                  complex(1, 1), complex(0.1, -3), complex(np.nan, 1), complex(1e30, -1e-30)], dtype)
    got, want = _unary_both(op, element, z)
    for g, w in ((got.real, want.real), (got.imag, want.imag)):
        with np.errstate(invalid="ignore"):
            ok = (np.isnan(g) & np.isnan(w)) | (g == w) | (np.abs(g - w) <= 1e-12 * np.abs(w)) \
                | ((dtype == np.complex64) & (np.abs(g - w) <= 4 * float(fi.eps) * np.abs(w)))
        assert ok.all(), list(zip(z[~ok], got[~ok], want[~ok]))


@pytest.mark.parametrize("dtype, element", [(np.complex64, "complex<f32>"), (np.complex128, "complex<f64>")])
def test_complex_logistic_divides_as_the_interpreter(dtype, element):
    # complex.div lost the real part of 1 / (1 + e^(-pi i)) (0 where the interpreter has 0.49)
    z = np.array([np.pi * 1j, -np.pi * 1j, 0.5 - 39.9j, -0.0007 + 1938.6j, 1 + 1j, -800 + 1j, 800 - 1j, 0j], dtype)
    got, want = _unary_both("logistic", element, z)
    tol = 4 * float(np.finfo(dtype(0).real.dtype).eps)
    for g, w in ((got.real, want.real), (got.imag, want.imag)):
        ok = (g == w) | (np.abs(g - w) <= tol * np.abs(w))
        assert ok.all(), list(zip(z[~ok], got[~ok], want[~ok]))


def test_complex_power_and_atan2_as_the_interpreter():
    # complex.pow gave NaN + NaN i for 0^(max + 100i) (interpreter 0 - 0i) and (-inf - 2.5i)^(max + 100i)
    # (inf + NaN i); complex atan2(1 + i, 1 + i) had imaginary part 6e-8 in f32 (interpreter 8.9e-17)
    m = float(np.finfo(np.float32).max)
    a = np.array([0j, complex(-np.inf, -2.5), complex(np.inf, -2.5), 1 + 1j, -2.5 + 0.5j], np.complex64)
    b = np.array([complex(m, 100), complex(m, 100), complex(-2.5, -1), 1 + 1j, 0.5 - 2j], np.complex64)
    got, want = _run_both("power", "complex<f32>", a, b)
    assert _same(got[:3], want[:3]).all(), (got, want)
    np.testing.assert_allclose(got[3:], want[3:], rtol=1e-6)
    got, want = _run_both("atan2", "complex<f32>", a[3:], b[3:])
    np.testing.assert_allclose(got.real, want.real, rtol=1e-6)
    np.testing.assert_allclose(got.imag, want.imag, rtol=1e-6, atol=1e-15)


@pytest.mark.parametrize("element", ["f16", "f8E4M3FN"])
def test_narrow_logistic_rounds_each_step_to_f16(element):
    # the interpreter (as XLA CPU) computes f16 logistic in f16 steps: exp(14.66) overflows, so 0
    from shlo.literals import numpy_dtype
    x = np.array([-14.66, -13.64, -10.0, -1.0, 0.0, 0.5, 3.0, 12.0], np.float32).astype(numpy_dtype(element))
    t = f"tensor<{len(x)}x{element}>"
    prog = shlo.parse(f"func.func @main(%a: {t}) -> {t} {{\n  %0 = shlo.logistic %a : {t}\n  func.return %0 : {t}\n}}")
    got, want = shlo.compile(prog)(x)[0], shlo.interpret(prog, x)[0]
    assert _same(got, want).all(), list(zip(x, got, want))


def test_bf16_clamp_and_maximum_compile_and_keep_denormals():
    # LLVM aborted the process on clamp's vector bf16 maximum ("Do not know how to soft promote this
    # operator's operand") and flushed bf16 maximum / minimum results that are denormal
    tiny = float(ml_dtypes.finfo(BF16).smallest_subnormal)
    x = np.array([tiny, -tiny, 3 * tiny, 0.0, -0.0, 1.5, -1e-38, np.nan] * 8, np.float32).astype(BF16)
    lo, hi = np.full_like(x, -tiny), np.full_like(x, 2 * tiny)
    t = f"tensor<{len(x)}xbf16>"
    prog = shlo.parse(f"func.func @main(%l: {t}, %x: {t}, %h: {t}) -> {t} {{\n"
                      f"  %0 = shlo.clamp %l, %x, %h : {t}\n  func.return %0 : {t}\n}}")
    got, want = shlo.compile(prog)(lo, x, hi)[0], shlo.interpret(prog, lo, x, hi)[0]
    assert _same(got, want).all(), list(zip(x, got, want))
    got, want = _run_both("maximum", "bf16", x, lo)
    assert _same(got, want).all(), list(zip(x, got, want))


def test_complex64_divide_of_finite_operands_is_the_interpreters():
    """Finite complex64 quotients take XLA CPU's Smith steps with fused multiply-adds, compiled as
    interpreted (interpreter/ops/xla_complex_divide.py): bit-equal on both branches (|re b| below
    and above |im b|) and over a wide exponent range."""
    rng = np.random.default_rng(3)
    parts = rng.standard_normal((4, 2000)) * np.exp(rng.uniform(-20, 20, (4, 2000)))
    a = (parts[0] + 1j * parts[1]).astype(np.complex64)
    b = (parts[2] + 1j * parts[3]).astype(np.complex64)
    got, want = _run_both("divide", "complex<f32>", a, b)
    assert _same(got, want).all()
    with np.errstate(all="ignore"):
        assert not _same(got, a / b).all()      # not numpy's quotient (a reciprocal multiply)
