#!/usr/bin/env python3
"""Which summation order XLA CPU's f32 dot uses, shape by shape, and whether the interpreter's
dot_general gives XLA's bits there.

    .venv/bin/python tools/xla_dot_order.py                       # the default grid
    .venv/bin/python tools/xla_dot_order.py --m 5,8 --k 3,300 --n 2,16 --trials 8
    .venv/bin/python tools/xla_dot_order.py --complex              # complex64 dots
    .venv/bin/python tools/xla_dot_order.py --rhs-transposed       # x @ w.T, w [N, K]

For each M x K x N (row-major [M, K] x [K, N], jnp.matmul under jax.jit) it counts, over random
normal operands, the result elements that differ from four orders: a sequential fused
multiply-add over k from 0 ('seqfma'), AVX-512's four fused chains over k mod 4 ('chains4'), a
sequential multiply then add ('seq'), and the f64 sum rounded once ('f64'); the orders with no
difference are printed after '->', then the interpreter's count of differing elements ('interp')
and the order it takes where `reductions._xla_f32_order` (this host's kind) names one; it ends
with the number of shapes where that order is not XLA's.

With --complex the operands are complex64 and the orders are: each k's product rounded part by
part (ar br - ai bi, ar bi + ai br, no fma) added to the sum ('products'), four real dots each a
sequential sum of rounded products combined at the end (rr - ii, ri + ir: 'real_dots'), each
per K block of Eigen's (from K = 337; 505 with a 48 KiB L1), 'real_dots' with the last column
'products' ('mixed'), one complex dot's order ('vector': re += fma(ar, br, -ai bi), im a fused
chain), and the complex128 sum rounded once ('c128'); the
interpreter takes the order that `reductions._xla_complex64_order` names.
"""
from __future__ import annotations

import argparse
import itertools
import types

import numpy as np


def _orders(a, b):
    from shlo.interpreter.ops.fused_multiply_add import fma32
    m, k = a.shape
    n = b.shape[1]
    seq = np.zeros((m, n), np.float32)
    seqf = np.zeros((m, n), np.float32)
    for i in range(k):
        seq = (seq + np.outer(a[:, i], b[i]).astype(np.float32)).astype(np.float32)
        seqf = fma32(a[:, i][:, None], b[i][None, :], seqf)
    from shlo.interpreter.ops.reductions import _four_chains_fma
    return {"f64": (a.astype(np.float64) @ b).astype(np.float32), "seqfma": seqf, "seq": seq,
            "chains4": _four_chains_fma(a[None], b[None])[0]}


def _complex_orders(a, b):
    """The orders below summed per K block of Eigen's (`reductions._c64_k_blocks`: one block up to
    K = 336 with a 32 KiB L1, 504 with 48 KiB), each block's sum added to the result so far."""
    from shlo.interpreter.ops.reductions import _c64_k_blocks
    out = None
    for k0, k1 in _c64_k_blocks(a.shape[1]):
        part = _complex_orders_block(a[:, k0:k1], b[k0:k1])
        out = part if out is None else {n: (out[n].real + part[n].real) + 1j * (out[n].imag + part[n].imag)
                                        for n in part}
    out = {n: v.astype(np.complex64) for n, v in out.items()}
    out["c128"] = (a.astype(np.complex128) @ b).astype(np.complex64)
    return out


def _complex_orders_block(a, b):
    f32 = np.float32
    ar, ai, br, bi = a.real, a.imag, b.real, b.imag
    m, k = a.shape
    n = b.shape[1]

    def dot(x, y):
        acc = np.zeros((m, n), f32)
        for i in range(k):
            acc = (acc + np.outer(x[:, i], y[i])).astype(f32)
        return acc
    re, im = np.zeros((m, n), f32), np.zeros((m, n), f32)
    for i in range(k):
        xr, xi, yr, yi = ar[:, i, None], ai[:, i, None], br[None, i], bi[None, i]
        re = (re + ((xr * yr).astype(f32) - (xi * yi).astype(f32))).astype(f32)
        im = (im + ((xr * yi).astype(f32) + (xi * yr).astype(f32))).astype(f32)
    products = (re + 1j * im).astype(np.complex64)
    real_dots = ((dot(ar, br) - dot(ai, bi)) + 1j * (dot(ar, bi) + dot(ai, br))).astype(np.complex64)
    mixed = np.concatenate([real_dots[:, :-1], products[:, -1:]], axis=1)   # real_dots, the last column products
    from shlo.interpreter.ops.fused_multiply_add import fma32
    vre, vim = np.zeros((m, n), f32), np.zeros((m, n), f32)     # 'vector': re += fma(ar, br, -ai bi); im fused
    for i in range(k):
        xr, xi, yr, yi = ar[:, i, None], ai[:, i, None], br[None, i], bi[None, i]
        vre = (vre + fma32(xr, yr, -(xi * yi).astype(f32))).astype(f32)
        vim = fma32(xi, yr, fma32(xr, yi, vim))
    return {"c128": (a.astype(np.complex128) @ b).astype(np.complex64), "products": products,
            "real_dots": real_dots, "mixed": mixed, "vector": (vre + 1j * vim).astype(np.complex64)}


def _complex_main(args, ints) -> int:
    import jax
    import jax.numpy as jnp
    from shlo.interpreter.ops.reductions import _xla_complex64_order, dot_general_array
    dn = types.SimpleNamespace(lhs_batching_dimensions=[], rhs_batching_dimensions=[],
                               lhs_contracting_dimensions=[1], rhs_contracting_dimensions=[0])
    rng = np.random.RandomState(0)
    mm = jax.jit(jnp.matmul)
    bad = 0
    for m, k, n in itertools.product(ints(args.m), ints(args.k), ints(args.n)):
        diff = {"c128": 0, "products": 0, "real_dots": 0, "mixed": 0, "vector": 0, "interp": 0}
        claim = _xla_complex64_order(2, [], [1], [], [0], 1, m, k, n)
        count = 0
        for _ in range(args.trials):
            a = (rng.randn(m, k) + 1j * rng.randn(m, k)).astype(np.complex64)
            b = (rng.randn(k, n) + 1j * rng.randn(k, n)).astype(np.complex64)
            x = np.asarray(mm(a, b))
            count += x.size
            for name, v in _complex_orders(a, b).items():
                diff[name] += int((v != x).sum())
            got = dot_general_array(a, b, dn, "complex<f32>", "complex<f32>", "complex<f32>")
            diff["interp"] += int((got != x).sum())
        same = [o for o in ("products", "real_dots", "mixed", "vector", "c128") if diff[o] == 0]
        print(f"{m}x{k}x{n} of {count}: products {diff['products']} real_dots {diff['real_dots']} mixed {diff['mixed']}"
              f" vector {diff['vector']} c128 {diff['c128']}"
              f" -> {'/'.join(same) or 'none'}; interp {diff['interp']}{f' ({claim})' if claim else ''}", flush=True)
        bad += claim is not None and diff[claim] > 0
    print(f"shapes where the interpreter takes an order XLA does not use: {bad}")
    return 1 if bad else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--m", default="1,2,3,4,5,7,8,9,12,13,16,24")
    ap.add_argument("--k", default="2,3,4,5,8,16,100,300")
    ap.add_argument("--n", default="1,2,3,5,8,16,17,33")
    ap.add_argument("--trials", type=int, default=4)
    ap.add_argument("--complex", action="store_true", help="complex64 operands (the orders above)")
    ap.add_argument("--rhs-transposed", action="store_true",
                    help="[M, K] x [N, K] contracting both last dimensions (x @ w.T)")
    args = ap.parse_args(argv)
    if args.complex:
        return _complex_main(args, lambda s: [int(v) for v in s.split(",")])
    import jax
    import jax.numpy as jnp
    from shlo.interpreter.ops.reductions import _xla_f32_order, dot_general_array
    tr = args.rhs_transposed
    dn = types.SimpleNamespace(lhs_batching_dimensions=[], rhs_batching_dimensions=[],
                               lhs_contracting_dimensions=[1], rhs_contracting_dimensions=[1 if tr else 0])
    rng = np.random.RandomState(0)
    mm = jax.jit(lambda a, w: jax.lax.dot_general(a, w, (([1], [1]), ([], [])))) if tr else jax.jit(jnp.matmul)
    ints = lambda s: [int(v) for v in s.split(",")]  # noqa: E731
    bad = 0
    for m, k, n in itertools.product(ints(args.m), ints(args.k), ints(args.n)):
        diff = {"f64": 0, "seqfma": 0, "seq": 0, "chains4": 0, "interp": 0}
        # the interpreter's rule for this host's kind (reductions.xla_cpu_kind)
        claim = _xla_f32_order(2, 2, [], [1], [], [1] if tr else [0], 1, m, k, n)
        count = 0
        for _ in range(args.trials):
            a = rng.randn(m, k).astype(np.float32)
            b = rng.randn(k, n).astype(np.float32)
            held = np.ascontiguousarray(b.T) if tr else b       # the rhs as the program holds it
            x = np.asarray(mm(a, held))
            count += x.size
            orders = _orders(a, b)
            for name, v in orders.items():
                diff[name] += int((v != x).sum())
            got = dot_general_array(a, held, dn, "f32", "f32", "f32")
            diff["interp"] += int((got != x).sum())
        same = [o for o in ("seqfma", "chains4", "seq", "f64") if diff[o] == 0]
        print(f"{m}x{k}x{n} of {count}: seqfma {diff['seqfma']} chains4 {diff['chains4']} seq {diff['seq']}"
              f" f64 {diff['f64']} -> {'/'.join(same) or 'none'}; interp {diff['interp']}"
              + (f" ({claim})" if claim else ""), flush=True)
        bad += claim is not None and diff[claim] > 0         # (it claims XLA's order where that is not it)
    print(f"shapes where the interpreter takes an order XLA does not use: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
