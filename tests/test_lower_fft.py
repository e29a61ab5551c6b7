"""The compiled fft in XLA CPU's arithmetic (lowering/ops/fft.py, fft_plan.py).

The interpreter computes fft with numpy's pocketfft kernels, pass by pass in the operand's
precision, which gives XLA's values (interpreter/ops/fft_passes.py). The compiled FFT / IFFT
must give the same bits: checked here against the interpreter, and fft_plan's description of
pocketfft against numpy's kernels directly.
"""
from __future__ import annotations

import os

import numpy as np
import pytest
from numpy.fft import _pocketfft_umath as pfu

import shlo
from shlo.lowering.ops import fft_plan
from test_lower_numerics import fft_program     # the fft op's program text, shared with the older fft tests

RNG = np.random.default_rng(5)


def bits(a: np.ndarray) -> np.ndarray:
    a = np.ascontiguousarray(a)
    return a.view(a.real.dtype)


def complex_normal(shape, dtype):
    return (RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)).astype(dtype)


def tensor_type(shape, et: str) -> str:
    return "tensor<" + "".join(("?" if s is None else str(s)) + "x" for s in shape) + et + ">"


# lengths: radix 8, 4, 2 (swapped first), 3, 5, 7, 11, generic primes (13 .. 67, 97), Bluestein's (89, 101, ...)
LENGTHS = list(range(1, 70)) + [89, 96, 97, 100, 101, 121, 128, 143, 210, 211, 221, 256, 289, 360, 512, 1000, 4096, 4106]


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_plan_equals_numpys_pocketfft_kernels(dtype):
    real = np.float32 if dtype == np.complex64 else np.float64
    checked = 0
    for n in LENGTHS:
        if fft_plan.method(n) is None:
            continue
        x = complex_normal((2, n), dtype)
        for bwd, kernel in ((False, pfu.fft), (True, pfu.ifft)):
            fct = real(1.0 / n) if bwd else real(1)
            want = np.empty_like(x)
            kernel(x, fct, axes=[(1,), (), (1,)], out=want)
            got = fft_plan.transform(x, bwd, fct)
            assert np.array_equal(bits(got), bits(want)), (n, bwd)
        checked += 1
    assert checked > 70


def test_plan_methods():
    assert fft_plan.method(101) == "bluestein" and fft_plan.method(4106) == "bluestein"  # pocketfft's cost model
    assert fft_plan.method(97) == "passes" and fft_plan.factors(97) == [97]   # the generic radix, as loops
    assert fft_plan.factors(1517) == [37, 41] and fft_plan.method(0) is None
    assert fft_plan.factors(221) == [13, 17]      # two generic radices: the first has twiddles
    assert fft_plan.factors(96) == [8, 4, 3]      # 8s, then 4s, odd primes last
    assert fft_plan.factors(384) == [2, 8, 8, 3]  # a lone 2 swapped to the front
    assert fft_plan.factors(4096) == [8, 8, 8, 8]


C64, C128 = np.complex64, np.complex128
CASES = [((8,), (8,), C64), ((3, 17), (17,), C64), ((2, 15), (15,), C128), ((4, 16, 17), (16, 17), C64),
         ((2, 3, 5, 6, 7), (5, 6, 7), C128), ((3, 1, 4), (1, 4), C64), ((2, 96), (96,), C128),
         ((221,), (221,), C64), ((2, 12, 22), (12, 22), C128), ((2, 101), (101,), C64),
         ((3, 4, 89), (4, 89), C128),
         ((2, 97), (97,), C64), ((3, 74), (74,), C128), ((41, 3), (41, 3), C64),    # generic radices as loops
         ((1, 1517), (1517,), C64)]                                                 # 37 (twiddled), then 41


@pytest.mark.parametrize("shape,lengths,dtype", CASES)
def test_compiled_fft_and_ifft_equal_the_interpreter_bit_for_bit(shape, lengths, dtype):
    et = "complex<f32>" if dtype == np.complex64 else "complex<f64>"
    t = tensor_type(shape, et)
    x = complex_normal(shape, dtype)
    for fft_type in ("FFT", "IFFT"):
        prog = shlo.parse(fft_program(fft_type, lengths, t, t))
        got, = shlo.compile(prog)(x)
        want, = shlo.interpret(prog, x)
        assert got.dtype == dtype
        assert np.array_equal(bits(got), bits(want)), (fft_type, np.max(np.abs(got - want)))


def test_compiled_fft_with_dynamic_batch_dimensions_equals_the_interpreter():
    text = fft_program("IFFT", [12, 10], "tensor<?x2x?x12x10xcomplex<f32>>", "tensor<?x2x?x12x10xcomplex<f32>>")
    fn = shlo.compile(shlo.parse(text))
    for shape in ((2, 2, 3, 12, 10), (0, 2, 1, 12, 10)):
        text_static = fft_program("IFFT", [12, 10], tensor_type(shape, "complex<f32>"),
                                  tensor_type(shape, "complex<f32>"))
        x = complex_normal(shape, np.complex64)
        got, = fn(x)
        want, = shlo.interpret(shlo.parse(text_static), x)
        assert got.shape == shape
        assert np.array_equal(bits(got), bits(want))


_FULL = pytest.mark.skipif(not os.environ.get("SHLO_FULL_TESTS"), reason="long case: SHLO_FULL_TESTS=1")
REAL_CASES = [((8,), (8,), np.float32), ((3, 15), (15,), np.float64), ((2, 32), (32,), np.float32),
              ((1,), (1,), np.float64), ((4, 16, 30), (16, 30), np.float32), ((2, 3, 5, 6, 20), (5, 6, 20), np.float64),
              ((2, 17, 8), (17, 8), np.float32),
              ((3, 17), (17,), np.float64), ((2, 4, 28), (4, 28), np.float32),   # rfftp's generic radix
              ((2, 22), (22,), np.float32), ((2, 98), (98,), np.float64),   # generic radices with twiddles (ido > 1)
              ((2, 194), (194,), np.float32), ((3, 37), (37,), np.float64),   # large primes (run-time loops)
              pytest.param((2, 191), (191,), np.float32, marks=_FULL),     # Bluestein's (forward_r / backward_r):
              pytest.param((3, 4, 211), (4, 211), np.float64, marks=_FULL)]   # ~3.5 s each at load 13; see below


@pytest.mark.parametrize("shape,lengths,dtype", REAL_CASES)
def test_compiled_rfft_and_irfft_equal_the_interpreter_bit_for_bit(shape, lengths, dtype):
    ft, ct = ("f32", "complex<f32>") if dtype == np.float32 else ("f64", "complex<f64>")
    cdtype = np.complex64 if dtype == np.float32 else np.complex128
    half = tuple(shape[:-1]) + (shape[-1] // 2 + 1,)
    x = RNG.standard_normal(shape).astype(dtype)
    prog = shlo.parse(fft_program("RFFT", lengths, tensor_type(shape, ft), tensor_type(half, ct)))
    got, = shlo.compile(prog)(x)
    want, = shlo.interpret(prog, x)
    assert got.dtype == cdtype and np.array_equal(bits(got), bits(want))
    z = complex_normal(half, cdtype)
    prog = shlo.parse(fft_program("IRFFT", lengths, tensor_type(half, ct), tensor_type(shape, ft)))
    got, = shlo.compile(prog)(z)
    want, = shlo.interpret(prog, z)
    assert got.dtype == dtype and np.array_equal(bits(got), bits(want))


def test_compiled_rfft_then_irfft_of_a_bluestein_length_equals_the_interpreter():
    # 191, the shortest length pocketfft_r transforms by Bluestein's algorithm; both directions
    # in one program (one compile: the default run's representative of the cases above)
    t, h = "tensor<2x191xf32>", "tensor<2x96xcomplex<f32>>"
    text = f"""func.func @main(%x: {t}) -> ({h}, {t}) {{
      %0 = "shlo.fft"(%x) {{fft_type = #shlo.fft_type<RFFT>, fft_length = array<i64: 191>}} : ({t}) -> {h}
      %1 = "shlo.fft"(%0) {{fft_type = #shlo.fft_type<IRFFT>, fft_length = array<i64: 191>}} : ({h}) -> {t}
      func.return %0, %1 : {h}, {t} }}"""
    prog = shlo.parse(text)
    x = RNG.standard_normal((2, 191)).astype(np.float32)
    got, want = shlo.compile(prog)(x), shlo.interpret(prog, x)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and np.array_equal(bits(g), bits(w))


def test_real_plans_cover_generic_factors_anywhere():
    from shlo.lowering.ops import fft_real
    assert fft_real.factors(98) == [2, 7, 7] and fft_real.factors(194) == [2, 97]
    assert fft_real.supported(97) and fft_real.supported(101)
    assert fft_real._uses_bluestein(211) and fft_real.supported(211)   # pocketfft_r's Bluestein
    assert not fft_real._uses_bluestein(422)      # 2 x 211: rfftp, 211 as the generic radix


def test_compiled_rfft_with_a_dynamic_batch_dimension_equals_the_interpreter():
    fn = shlo.compile(shlo.parse(fft_program("RFFT", [6, 10], "tensor<?x6x10xf32>", "tensor<?x6x6xcomplex<f32>>")))
    for rows in (3, 0):
        x = RNG.standard_normal((rows, 6, 10)).astype(np.float32)
        got, = fn(x)
        want, = shlo.interpret(shlo.parse(fft_program("RFFT", [6, 10], tensor_type((rows, 6, 10), "f32"),
                                                      tensor_type((rows, 6, 6), "complex<f32>"))), x)
        assert got.shape == (rows, 6, 6) and np.array_equal(bits(got), bits(want))


def test_compiled_rfft_and_irfft_with_two_dynamic_batch_dimensions_equal_the_interpreter():
    """Two run-time sizes ahead of the transformed one: the rows come back through a gather, since
    an expand_shape with two run-time sizes in one group aborted MLIR (ONNX's dynamic log-mel STFT)."""
    for fft_type, length, (in_et, out_et), (n_in, n_out) in (
            ("RFFT", 10, ("f32", "complex<f32>"), (10, 6)), ("IRFFT", 10, ("complex<f64>", "f64"), (6, 10))):
        fn = shlo.compile(shlo.parse(fft_program(fft_type, [length], f"tensor<?x?x{n_in}x{in_et}>",
                                                 f"tensor<?x?x{n_out}x{out_et}>")), specialize=False)
        for lead in ((2, 3), (1, 0)):
            x = (RNG.standard_normal(lead + (n_in,)).astype(np.float32) if in_et == "f32"
                 else complex_normal(lead + (n_in,), np.complex128))
            got, = fn(x)
            want, = shlo.interpret(shlo.parse(fft_program(fft_type, [length], tensor_type(lead + (n_in,), in_et),
                                                          tensor_type(lead + (n_out,), out_et))), x)
            assert got.shape == lead + (n_out,) and np.array_equal(bits(got), bits(want)), (fft_type, lead)
