"""Complex arithmetic as LAPACK's compiled Fortran does it (zlahqr and zlarfg in the eig body),
in jax.lax ops on real and imaginary parts, so that neither XLA's nor the interpreter's own
complex product, quotient, modulus or square root decides the rounding:

* a product of two complex numbers: re = ar br - ai bi, im = ar bi + ai br, each product
  rounded (gfortran without fused multiply-adds); a complex times or over a real: part by part;
* |z|: glibc's cabs / hypot, the f64 (f32 input) square root of the sum of squares, rounded once;
* sqrt(z): glibc's csqrt: d = |z|; x > 0: r = sqrt((d + x) / 2), s = y / (2 r), else
  s = sqrt((d - x) / 2), r = |y / (2 s)|; (r, copysign(s, y)) (numpy's complex64 sqrt gives
  the same bits on 1e5 random inputs, scratch cs4/csqrt_check.py);
* ?ladiv: LAPACK's robust complex division (Baudin and Smith), in its order;
* ?scal as OpenBLAS's kernel: the plain product above.
"""
from __future__ import annotations


def _j():
    import jax.numpy as jnp
    from jax import lax
    return jnp, lax


def cx(re, im):
    _, lax = _j()
    return lax.complex(re, im)


def mul(a, b):
    return cx(a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real)


def mul_real(a, s):
    return cx(a.real * s, a.imag * s)


def div_real(a, s):
    return cx(a.real / s, a.imag / s)


def cabs1(x):
    jnp, _ = _j()
    return jnp.abs(x.real) + jnp.abs(x.imag)


def wide_available() -> bool:
    """Whether float64 is there at trace time (the bodies are traced under jax's x64 mode; a
    direct jax.jit call without it falls back to plain f32 arithmetic)."""
    import numpy as np
    from jax import dtypes
    return dtypes.canonicalize_dtype(np.float64) == np.float64


def cabs(z):
    jnp, _ = _j()
    x, y = z.real, z.imag
    if x.dtype == jnp.float32 and wide_available():
        xw, yw = x.astype(jnp.float64), y.astype(jnp.float64)
        return jnp.sqrt(xw * xw + yw * yw).astype(x.dtype)
    return jnp.hypot(x, y)


def sqrt(z):
    jnp, _ = _j()
    x, y = z.real, z.imag
    d = cabs(z)
    pos = x > 0
    a = jnp.sqrt(0.5 * (d + x))
    b = jnp.sqrt(0.5 * (d - x))
    a1 = jnp.where(a > 0, a, 1)
    b1 = jnp.where(b > 0, b, 1)
    r = jnp.where(pos, a, jnp.abs(0.5 * (y / b1)))
    s = jnp.where(pos, 0.5 * (y / a1), b)
    # (a real y = 0: sqrt of x or of -x, as glibc's special case; x = y = 0: 0)
    r = jnp.where(y == 0, jnp.where(x < 0, 0, jnp.sqrt(jnp.maximum(x, 0))), jnp.where(d == 0, 0, r))
    s = jnp.where(y == 0, jnp.where(x < 0, jnp.sqrt(jnp.maximum(-x, 0)), 0), jnp.where(d == 0, 0, s))
    return cx(r, jnp.copysign(s, y))


def _ladiv2(a, b, c, d, r, t):
    jnp, _ = _j()
    br = b * r
    r1 = jnp.where(c != 0, c, 1)
    return jnp.where(r != 0, jnp.where(br != 0, (a + br) * t, a * t + (b * t) * r), (a + d * (b / r1)) * t)


def _ladiv1(a, b, c, d):
    c1 = _j()[0].where(c != 0, c, 1)
    r = d / c1
    t = 1 / (c + d * r)
    return _ladiv2(a, b, c, d, r, t), _ladiv2(b, -a, c, d, r, t)


def ladiv(x, y):
    """x / y as ?ladiv (no rescaling: the eig body's matrices are scaled into range)."""
    jnp, _ = _j()
    a, b, c, d = x.real, x.imag, y.real, y.imag
    p1, q1 = _ladiv1(a, b, c, d)
    p2, q2 = _ladiv1(b, a, d, c)
    small = jnp.abs(d) <= jnp.abs(c)
    return cx(jnp.where(small, p1, p2), jnp.where(small, q1, -q2))


def scal(da, x):
    """da * x as OpenBLAS's ?scal kernel: plain products (measured: scipy's cscal through ctypes,
    n = 1 to 20, strided too, 300 random problems each, bit-equal; scratch cs4/cscal_check.py)."""
    return mul(da, x)
