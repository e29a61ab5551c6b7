#!/usr/bin/env python3
"""How often shlo.linalg.eig's decomposition (real input) gives jaxlib's (LAPACK dgeev's)
eigenvectors, and how often jaxlib's own vectors change when one input entry moves by one ulp.

    .venv/bin/python tools/stablehlo_eig_signs.py                  # 40 random 6 x 6, f32
    .venv/bin/python tools/stablehlo_eig_signs.py --n 5 --count 100 --dtype float64

The decomposition (stablehlo_lapack_eig.eig_real, left and right vectors) runs under jax.jit.
A matrix counts as matching when its eigenvalues are in jaxlib's order and every left and
right vector is equal to jaxlib's (atol 1e-4 for f32, 1e-9 for f64); vectors that differ are
counted by kind (real eigenvalue / conjugate pair) and whether they are negated. The second
count nudges a[n-1, 0] up by one ulp and compares jaxlib with itself: a vector's sign comes
from the Schur basis of its block, which rounding decides.
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import numpy as np  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=6)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--dtype", default="float32", choices=["float32", "float64"])
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    import jax
    jax.config.update("jax_enable_x64", True)
    from shlo.importers.stablehlo_lapack_eig import eig_real
    n, dt = args.n, args.dtype
    tol = 1e-4 if dt == "float32" else 1e-9
    ours = jax.jit(lambda a: eig_real(a, True, True))
    lapack = jax.jit(lambda a: jax.lax.linalg.eig(a, compute_left_eigenvectors=True,
                                                  compute_right_eigenvectors=True))
    rng = np.random.RandomState(args.seed)
    st = dict(order_differs=0, sets_equal=0, real_differ=0, pair_differ=0, pair_negated=0,
              pairs=0, reals=0, nudge_pair_changed=0, nudge_sets_changed=0)
    for _ in range(args.count):
        a = rng.randn(n, n).astype(dt)
        wr, wi, vl, vr, _info = (np.asarray(x) for x in ours(a))
        w, jvl, jvr = (np.asarray(x) for x in lapack(a))
        b = a.copy()
        b[n - 1, 0] = np.nextafter(b[n - 1, 0], np.inf, dtype=b.dtype)
        w2, jvl2, jvr2 = (np.asarray(x) for x in lapack(b))
        nudged = False
        for v, v2 in ((jvl, jvl2), (jvr, jvr2)):
            for j in range(n):
                if w[j].imag > 0 and not np.allclose(v[:, j], v2[:, j], atol=10 * tol):
                    st["nudge_pair_changed"] += 1
                    nudged = True
        st["nudge_sets_changed"] += nudged
        if not np.allclose(wr + 1j * wi, w, rtol=10 * tol):
            st["order_differs"] += 1
            continue
        equal = True
        for v, jv in ((vl, jvl), (vr, jvr)):
            for j in range(n):
                kind = "real" if w[j].imag == 0 else "pair"
                st[kind + "s"] += 1
                if not np.allclose(v[:, j], jv[:, j], atol=tol):
                    equal = False
                    st[kind + "_differ"] += 1
                    st["pair_negated"] += kind == "pair" and np.allclose(v[:, j], -jv[:, j], atol=tol)
        st["sets_equal"] += equal
    print(f"{args.count} random {n} x {n} {dt}: eigenvalue order differs in {st['order_differs']}; "
          f"all vectors equal in {st['sets_equal']}; real-eigenvalue vectors differing {st['real_differ']} "
          f"of {st['reals']}; pair vectors differing {st['pair_differ']} of {st['pairs']} "
          f"({st['pair_negated']} negated)")
    print(f"jaxlib against itself, a[{n - 1}, 0] one ulp up: {st['nudge_pair_changed']} pair vectors changed "
          f"in {st['nudge_sets_changed']} matrices")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
