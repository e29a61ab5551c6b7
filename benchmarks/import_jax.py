#!/usr/bin/env python3
"""Import time of a 12-layer transformer: shlo.from_jax(fn, ...) against
jax.jit(fn).lower(...) alone (what any StableHLO consumer pays first), side
by side in one run; medians of several runs, printed as a ratio.

    .venv/bin/python benchmarks/import_jax.py [--layers 12] [--runs 5]
"""
from __future__ import annotations

import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

import shlo
from timing import median_time


def decoder(layers, x):
    T = x.shape[1]
    mask = jnp.tril(jnp.ones((T, T), bool))
    for p in layers:
        def ln(v):
            m = v.mean(-1, keepdims=True)
            return (v - m) * lax.rsqrt(((v - m) ** 2).mean(-1, keepdims=True) + 1e-5)
        h = ln(x)
        q, k, v = h @ p["wq"], h @ p["wk"], h @ p["wv"]
        s = jnp.where(mask[None], jnp.einsum("btd,bsd->bts", q, k) / np.sqrt(x.shape[-1]), -1e9)
        x = x + jnp.einsum("bts,bsd->btd", jax.nn.softmax(s, -1), v) @ p["wo"]
        x = x + jax.nn.gelu(ln(x) @ p["w1"]) @ p["w2"]
    return x


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--layers", type=int, default=12)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--d", type=int, default=256)
    args = ap.parse_args()
    d, rng = args.d, np.random.default_rng(0)
    w = lambda *s: (rng.standard_normal(s) / np.sqrt(s[0])).astype(np.float32)  # noqa: E731
    layers = [{"wq": w(d, d), "wk": w(d, d), "wv": w(d, d), "wo": w(d, d), "w1": w(d, 4 * d), "w2": w(4 * d, d)}
              for _ in range(args.layers)]
    x = rng.standard_normal((1, 128, d)).astype(np.float32)

    # JAX caches traces and lowerings across jit objects; start both cold.
    def lower():
        jax.clear_caches()
        return jax.jit(decoder).lower(layers, x)

    def import_():
        jax.clear_caches()
        return shlo.from_jax(decoder, layers, x)

    t_lower = median_time(lower, args.runs)
    t_import = median_time(import_, args.runs)
    prog = shlo.from_jax(decoder, layers, x)
    n = sum(1 for line in prog.text().splitlines() if " = shlo." in line or line.strip().startswith("shlo."))
    print(f"{args.layers}-layer transformer decoder, d={d}: {n} shlo ops; medians of {args.runs} runs")
    print(f"  jax.jit(fn).lower(...)   {t_lower * 1e3:9.1f} ms")
    print(f"  shlo.from_jax(fn, ...)   {t_import * 1e3:9.1f} ms   ratio {t_import / t_lower:.2f}")


if __name__ == "__main__":
    main()
