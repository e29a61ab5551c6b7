"""?hetd2 (lower and upper, complex64) step for step as LAPACK 3.12 runs it inside jaxlib's
OpenBLAS on AVX-512 CPUs, so that a Hermitian matrix's tridiagonal form (and, with ?steqr and
?unm2r / ?unm2l, eigh's vectors) are XLA CPU's bits: the complex counterpart of
stablehlo_lapack_sytd2.

chetrd runs the unblocked chetd2 up to n = 32. Step i (0-based) takes x = a[i+1:, i], makes its
reflector by ?larfg (stablehlo_lapack_qr._larfg: clapy3, cladiv, cscal), e_i = beta, and with
tau != 0 updates the trailing block S (lower triangle, L = n - i - 1): w = tau S v (chemv 'L'),
alpha = (-1/2 tau) (w^H v) (cdotc; the product in gfortran's complex arithmetic, each product
rounded), w += alpha v (caxpy), S -= v w^H + w v^H (cher2 'L', alpha = -1, the diagonal kept
real); with tau = 0 only S's first diagonal entry is made real. The kernels' orders are in
stablehlo_openblas_order_c64.py. Upper (chetd2 'U'): step I = n-1 .. 1 takes column I above
the diagonal and updates the leading I x I block the same way with chemv 'U' / cher2 'U'.

Measured: numpy models of both loops equal scipy's chetrd 'L' / 'U' (the triangle, d, e, tau)
on 6 random matrices each of 1 x 1 to 25 x 25 (scratch ds3/t_hetd2.py, t_hetd2u.py); these
lax bodies, interpreted, equal jax's tridiagonal (n = 2-25) and jnp.linalg.eigh (lower and upper,
3 x 3 to 25 x 25, 2 x 20 x 20) bit for bit (scratch ds3/t_tri_c.py, t_eigh_c.py).
"""
from __future__ import annotations

_UNBLOCKED = 32               # ?hetrd's crossover: up to it the whole reduction is ?hetd2


def modelled(n: int, dtype) -> bool:
    import jax.numpy as jnp
    from ..interpreter.ops.openblas_order import kernels
    return kernels() == "avx512" and jnp.dtype(dtype) == jnp.complex64 and n <= _UNBLOCKED


def hetd2_lower(a):
    """(a with T and the reflectors in the lower triangle, d, e, tau, info) as chetd2 'L'."""
    import jax.numpy as jnp
    from jax import lax
    from . import stablehlo_openblas_order_c64 as ob
    from .stablehlo_lapack_carith import mul
    from .stablehlo_lapack_qr import _larfg
    from .stablehlo_lapack_sytd2 import _put
    n = a.shape[0]
    dt = a.dtype
    rdt = jnp.finfo(dt).dtype
    real = lambda z: jnp.real(z).astype(dt)
    rr = lax.broadcasted_iota(jnp.int32, a.shape, 0)
    cc = lax.broadcasted_iota(jnp.int32, a.shape, 1)
    a = jnp.where((rr == 0) & (cc == 0), real(a), a)              # A(1, 1) = REAL(A(1, 1))
    if n <= 1:
        return a, jnp.real(jnp.diagonal(a)), jnp.zeros((0,), rdt), jnp.zeros((0,), dt), jnp.int32(0)
    N = n - 1
    apad = jnp.pad(a, ((0, n), (0, n)))
    r = lax.iota(jnp.int32, N)
    first = (r[:, None] == 0) & (r[None, :] == 0)

    def step(i, carry):
        apad, e, taus = carry
        live = N - i
        x = lax.dynamic_slice(apad, (i + 1, i), (N, 1))[:, 0]
        s = lax.dynamic_slice(apad, (i + 1, i + 1), (N, N))
        v, tau, beta = _larfg(x, live)
        v = jnp.where(r < live, v, 0)
        w = ob.chemv_lower(s, v, tau, live)
        half = lax.complex(-0.5 * jnp.real(tau), -0.5 * jnp.imag(tau))
        alpha = mul(half, ob.cdotc(w, v, live))
        w = ob.caxpy(v, w, alpha, live)
        upd = ob.cher2_lower_minus(s, v, w, live)
        s = jnp.where(tau != 0, upd, jnp.where(first, real(s), s))
        ei = jnp.real(beta)
        col = jnp.where(r == 0, ei.astype(dt), jnp.where(r < live, v, x))
        apad = _put(apad, s, i + 1, i + 1)
        apad = _put(apad, col[:, None], i + 1, i)
        e = jnp.where(r == i, ei, e)
        taus = jnp.where(r == i, tau, taus)
        return apad, e, taus

    apad, e, taus = lax.fori_loop(jnp.int32(0), jnp.int32(N), step,
                                  (apad, jnp.zeros((N,), rdt), jnp.zeros((N,), dt)))
    out = apad[:n, :n]
    return out, jnp.real(jnp.diagonal(out)), e, taus, jnp.int32(0)


def hetd2_upper(a):
    """(a with T and the reflectors in the upper triangle, d, e, tau, info) as chetd2 'U': step
    I = n-1 .. 1 takes column I above the diagonal (alpha = a[I-1, I], x above it) and updates
    the leading I x I block the same way with chemv 'U' and cher2 'U'."""
    import jax.numpy as jnp
    from jax import lax
    from . import stablehlo_openblas_order_c64 as ob
    from .stablehlo_lapack_carith import mul
    from .stablehlo_lapack_qr import _larfg
    n = a.shape[0]
    dt = a.dtype
    rdt = jnp.finfo(dt).dtype
    real = lambda z: jnp.real(z).astype(dt)
    rr = lax.broadcasted_iota(jnp.int32, a.shape, 0)
    cc = lax.broadcasted_iota(jnp.int32, a.shape, 1)
    a = jnp.where((rr == n - 1) & (cc == n - 1), real(a), a)      # A(N, N) = REAL(A(N, N))
    if n <= 1:
        return a, jnp.real(jnp.diagonal(a)), jnp.zeros((0,), rdt), jnp.zeros((0,), dt), jnp.int32(0)
    N = n - 1
    r = lax.iota(jnp.int32, N)

    def step(t, carry):
        a, e, taus = carry
        live = N - t                              # LAPACK's I: the block A(1:I, 1:I)
        col = lax.dynamic_slice(a, (jnp.int32(0), live), (N, 1))[:, 0]
        alpha = lax.dynamic_index_in_dim(col, live - 1, 0, keepdims=False)
        u = jnp.where(r == 0, alpha, jnp.roll(col, 1))          # [alpha, x...] for ?larfg
        vu, tau, beta = _larfg(u, live)
        v = jnp.where(r == live - 1, 1, jnp.where(r < live - 1, jnp.roll(vu, -1), 0)).astype(dt)
        s = a[:N, :N]
        w = ob.chemv_upper(s, v, tau, live)
        half = lax.complex(-0.5 * jnp.real(tau), -0.5 * jnp.imag(tau))
        w = ob.caxpy(v, w, mul(half, ob.cdotc(w, v, live)), live)
        upd = ob.cher2_upper_minus(s, v, w, live)
        corner = (r[:, None] == live - 1) & (r[None, :] == live - 1)
        s = jnp.where(tau != 0, upd, jnp.where(corner, real(s), s))
        ei = jnp.real(beta)
        newcol = jnp.where(r == live - 1, ei.astype(dt), jnp.where(r < live - 1, v, col))
        a = jnp.concatenate([jnp.concatenate([s, a[:N, N:]], axis=1), a[N:]], axis=0)
        newfull = jnp.concatenate([newcol, a[N:, 0]])
        a = jnp.where((cc == live) & (rr < N), newfull[:, None], a)
        e = jnp.where(r == live - 1, ei, e)
        taus = jnp.where(r == live - 1, tau, taus)
        return a, e, taus

    out, e, taus = lax.fori_loop(jnp.int32(0), jnp.int32(N), step,
                                 (a, jnp.zeros((N,), rdt), jnp.zeros((N,), dt)))
    return out, jnp.real(jnp.diagonal(out)), e, taus, jnp.int32(0)
