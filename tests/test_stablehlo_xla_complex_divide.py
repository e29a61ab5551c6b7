"""complex64 divide follows XLA CPU's f32 steps: Smith's method with fused multiply-adds (interpreter/ops/xla_complex_divide.py). The spec
leaves complex division's rounding to the implementation; numpy's complex64 quotient was
bit-equal to XLA's on 37 % of random operands."""
import numpy as np
import pytest

import shlo
from shlo.interpreter.ops.control import ulp_difference

jax = pytest.importorskip("jax")
jnp = jax.numpy


def _program(op, n, arity):
    t = f"tensor<{n}xcomplex<f32>>"
    args = ", ".join(f"%a{i}: {t}" for i in range(arity))
    uses = ", ".join(f"%a{i}" for i in range(arity))
    return shlo.parse(f"func.func @main({args}) -> {t} {{\n  %0 = shlo.{op} {uses} : {t}\n  func.return %0 : {t}\n}}")


def _draw(rng, n, scale):
    return (rng.standard_normal(n) * scale + 1j * rng.standard_normal(n) * scale).astype(np.complex64)


def _ulps(a, b):
    return np.maximum(ulp_difference(np.ascontiguousarray(a.real), np.ascontiguousarray(b.real)),
                      ulp_difference(np.ascontiguousarray(a.imag), np.ascontiguousarray(b.imag)))


def test_divide_bit_equal_to_xla():
    rng = np.random.RandomState(3)
    n = 4000
    # parts of similar and of very different magnitudes (both branches of Smith's method)
    a = _draw(rng, n, 3) * np.exp(rng.uniform(-15, 15, n)).astype(np.float32)
    b = _draw(rng, n, 3) * np.exp(rng.uniform(-15, 15, n)).astype(np.float32)
    b[:50] = b[:50].real.astype(np.complex64)            # real divisors, imaginary divisors
    b[50:100] = (1j * b[50:100].imag).astype(np.complex64)
    want = np.asarray(jax.jit(jnp.divide)(a, b))
    got = np.asarray(shlo.interpret(_program("divide", n, 2), a, b)[0])
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32))
    # numpy's complex64 quotient (the interpreter's before) is not XLA's
    assert np.mean((a / b) == want) < 0.6


def test_divide_special_values_keep_numpy_quotient():
    vals = np.array([0, 1 + 2j, np.inf, complex(np.inf, 1), complex(np.nan, 0), complex(0, -np.inf),
                     3e38 + 3e38j, 1e-38 + 1e-38j], np.complex64)
    a, b = (v.ravel() for v in np.meshgrid(vals, vals))
    got = np.asarray(shlo.interpret(_program("divide", a.size, 2), a, b)[0])
    with np.errstate(all="ignore"):
        ref = a / b
    special = ~(np.isfinite(a) & np.isfinite(b)) | (b == 0)
    np.testing.assert_array_equal(got[special], ref[special])
    # where Smith's steps give NaN (inf / inf after an overflow) numpy's value is kept
    steps_nan = ~special & (np.isnan(got) != np.isnan(ref))
    assert not steps_nan.any(), list(zip(a[steps_nan], b[steps_nan], got[steps_nan], ref[steps_nan]))



def test_divide_of_rank_0_operands_keeps_rank_0():
    t = "tensor<complex<f32>>"
    prog = shlo.parse(f"func.func @main(%a: {t}, %b: {t}) -> {t} {{\n  %0 = shlo.divide %a, %b : {t}\n"
                      f"  func.return %0 : {t}\n}}")
    a, b = np.complex64(1 - 2.5j), np.complex64(3 + 0.5j)
    got = np.asarray(shlo.interpret(prog, np.asarray(a), np.asarray(b))[0])
    assert got.shape == ()
    assert got == np.asarray(jax.jit(jnp.divide)(a, b))
