"""a * b + c rounded once, in jax.lax ops (shlo has no fused multiply-add op), for the LAPACK
decomposition bodies that follow OpenBLAS's AVX-512 kernels, whose C loops GCC contracts into
fused multiply-adds (interpreter/ops/openblas_order.py). The same arithmetic as the
interpreter's fused_multiply_add.py, written with array ops so that the body carries it:

* f32: the f64 product of two f32 values is exact; the f64 sum is rounded to odd (nudged to
  its odd neighbour where Knuth's two-sum shows it inexact), which rounds to f32 as the exact
  sum would.
* f64: Dekker's exact product uh + ul (Veltkamp's split), then Boldo and Melquiond's sums with
  the last one rounded to odd. Exact away from overflow and the denormals; elements outside
  (|a| or |b| >= 2^995, a product below 2^-960, infinities, NaN) take a * b + c rounded twice.
"""
from __future__ import annotations

from ..interpreter.ops.fused_multiply_add import two_sum_error, boldo_melquiond


def _round_to_odd(s, err):
    """s's odd neighbour towards s + err where s is even and err is not zero."""
    import jax.numpy as jnp
    from jax import lax
    bits = lax.bitcast_convert_type(s, jnp.int64)
    step = jnp.where((err > 0) == (s > 0), jnp.int64(1), jnp.int64(-1))     # away from 0 or towards it
    odd = lax.bitcast_convert_type(bits + step, s.dtype)
    nudge = (err != 0) & ((bits & 1) == 0) & jnp.isfinite(s)
    return jnp.where(nudge, odd, s)


def fma(a, b, c):
    """a * b + c rounded once; f32 or f64 arrays of one type (broadcast)."""
    import jax.numpy as jnp
    if c.dtype == jnp.float32:
        p = a.astype(jnp.float64) * b.astype(jnp.float64)
        c64 = c.astype(jnp.float64)
        s = p + c64
        return _round_to_odd(s, two_sum_error(p, c64, s)).astype(jnp.float32)
    out, exact = boldo_melquiond(jnp, a, b, c, _round_to_odd)
    return jnp.where(exact, out, a * b + c)
