#!/usr/bin/env python3
"""Which summation order XLA CPU's f32 convolution uses, case by case, and whether the
interpreter's convolution gives XLA's bits there.

    .venv/bin/python tools/xla_conv_order.py                    # the proxy's failing conv shapes
    .venv/bin/python tools/xla_conv_order.py --only depthwise --trials 20
    .venv/bin/python tools/xla_conv_order.py --grid               # 2-D NHWC shapes: the rule's check
    .venv/bin/python tools/xla_conv_order.py --onednn 60          # 2-16 features a group: random shapes
    .venv/bin/python tools/xla_conv_order.py --onednn 60 --grouped  # 2-4 groups of 2-8 features
    .venv/bin/python tools/xla_conv_order.py --transposed 60 --seed 31  # input dilation, stride 1
    .venv/bin/python tools/xla_conv_order.py --dilated 40 --seed 41     # input dilation, strides > 1
    .venv/bin/python tools/xla_conv_order.py --dilated 40 --kernel-dilated  # input and kernel dilation
    .venv/bin/python tools/xla_conv_order.py --swapped 40 --seed 51     # kernels larger than the input

Each output element is a sum of products x * w, one per kernel tap and input feature (in its
group). For every case (lax.conv_general_dilated under jax.jit, random normal f32 operands) the
products are formed exactly (float64) and summed in candidate orders: every order of the
(tap axes..., feature) axes, each axis forwards or reversed, as a sequential fused multiply-add
from 0 ('fma') or a sequential sum of rounded products ('seq'); and the float64 sum rounded once
('f64'). It prints the orders with no element different from XLA's (up to the first few) and the
interpreter's count of differing elements.

With --grid it runs 2-D NHWC x HWIO convolutions over a grid of batch / size / features /
kernels / dilations and prints, per shape, the elements where XLA differs from the sequential fma
over (taps, feature) ('fma'), the interpreter's differing elements, and whether the interpreter's
rule (`convolution._xla_sequential_conv_f32`) takes the fma there; it ends with the number of
shapes where the rule takes the fma and XLA does not (exit 1 if any).

With --onednn N it runs N random 1-D / 2-D convolutions (seeded; 2-16 output features a group,
feature groups, strides, padding, kernel dilation) and prints, per shape, whether
`convolution_order.orders` names each pixel's order and how many elements of the interpreter's
result differ from XLA's; it ends with the number of shapes where it names them and the
interpreter differs (exit 1 if any).

With --transposed N the same for N random transposed convolutions (input dilation 1-3, stride 1;
`convolution_order.transposed_f32`). With --dilated N: input dilation with a window stride above 1
(--kernel-dilated: stride 1 and kernel dilation above 1), where XLA takes the dilated input's
patches (`convolution.xla_pixel_orders`). With --swapped N: kernels larger than the input, whose
operands XLA swaps (`convolution.xla_swapped_plan`).
"""
from __future__ import annotations

import argparse
import itertools
import types

import numpy as np

# name: (lhs shape, rhs shape, strides, padding, lhs_dilation, rhs_dilation, dimension numbers, groups)
CASES = {
    "depthwise1d": ((2, 3, 9), (12, 1, 3), (1,), [(0, 0)], (1,), (1,), ("NCH", "OIH", "NCH"), 3),
    "transpose2d": ((1, 16, 16, 2), (2, 3, 2, 2), (1, 1), [(1, 1), (2, 2)], (2, 2), (1, 1),
                    ("NHWC", "HWIO", "NHWC"), 1),
    "tf2d": ((1, 1, 28, 28), (3, 3, 1, 16), (1, 1), "SAME", (1, 1), (1, 1), ("NCHW", "HWIO", "NCHW"), 1),
    "tf1d": ((1, 28, 1), (3, 1, 16), (1,), "VALID", (1,), (1,), ("NWC", "WIO", "NWC"), 1),
}


def _conv_fn(case):
    import jax
    from jax import lax
    _, _, strides, padding, ldil, rdil, dn, groups = case

    def f(x, w):
        return lax.conv_general_dilated(x, w, strides, padding, lhs_dilation=ldil, rhs_dilation=rdil,
                                        dimension_numbers=dn, feature_group_count=groups)
    return jax.jit(f)


def _terms(fn, x, w, dn):
    """Each product term of every output element: {(tap..., feature): float64 array}."""
    import jax
    kspec = dn[1]
    o_ax, i_ax = kspec.index("O"), kspec.index("I")
    sp_ax = [d for d in range(w.ndim) if d not in (o_ax, i_ax)]
    ksizes = [w.shape[d] for d in sp_ax]
    out = {}
    with jax.enable_x64(True):
        x64 = x.astype(np.float64)
        for tap in itertools.product(*(range(k) for k in ksizes)):
            for c in range(w.shape[i_ax]):
                m = np.zeros_like(w, dtype=np.float64)
                idx = [slice(None)] * w.ndim
                for d, t in zip(sp_ax, tap):
                    idx[d] = t
                idx[i_ax] = c
                m[tuple(idx)] = w[tuple(idx)]
                out[tap + (c,)] = np.asarray(fn(x64, m))   # one nonzero product: exact in f64
    return out, len(ksizes) + 1


def _round_once(t, acc):
    """(t + acc) rounded once to f32, t an exact product in float64: what fma(x, w, acc) gives."""
    from shlo.interpreter.ops.fused_multiply_add import _round_to_odd, _two_sum_error
    with np.errstate(all="ignore"):
        c = acc.astype(np.float64)
        s = t + c
        return _round_to_odd(np.atleast_1d(s), np.atleast_1d(_two_sum_error(t, c, s))).reshape(s.shape).astype(np.float32)


def _order_sums(terms, naxes):
    """{order name: f32 result} over the candidate orders."""
    keys = sorted(terms)
    sizes = [max(k[a] for k in keys) + 1 for a in range(naxes)]
    res = {"f64": sum(terms[k] for k in keys).astype(np.float32)}
    for perm in itertools.permutations(range(naxes)):
        for rev in itertools.product((False, True), repeat=naxes):
            def key_of(pos, perm=perm, rev=rev):
                k = [0] * naxes
                for a, p in zip(perm, pos):
                    k[a] = sizes[a] - 1 - p if rev[a] else p
                return tuple(k)
            seq = [key_of(pos) for pos in itertools.product(*(range(sizes[a]) for a in perm))]
            name = "".join(("-" if rev[a] else "") + ("c" if a == naxes - 1 else "k%d" % a) + " " for a in perm)
            acc_f = np.zeros(terms[keys[0]].shape, np.float32)
            acc_s = np.zeros(terms[keys[0]].shape, np.float32)
            for k in seq:
                t = terms[k]
                # t = x * w exactly: fma(x, w, acc) is (t + acc) rounded once
                acc_f = _round_once(t, acc_f)
                acc_s = (acc_s + t.astype(np.float32)).astype(np.float32)
            res["fma " + name.strip()] = acc_f
            res["seq " + name.strip()] = acc_s
    return res


def _fma_reference(x, w, pads, rd, strides):
    """NHWC x HWIO: one fma per term over (kh, kw, c) from 0."""
    from shlo.interpreter.ops.fused_multiply_add import fma32
    xp = np.pad(x, ((0, 0), tuple(pads[0]), tuple(pads[1]), (0, 0)))
    kh, kw, c, o = w.shape
    ho = (xp.shape[1] - (kh - 1) * rd[0] - 1) // strides[0] + 1
    wo = (xp.shape[2] - (kw - 1) * rd[1] - 1) // strides[1] + 1
    acc = np.zeros((x.shape[0], ho, wo, o), np.float32)
    for i, j, k in itertools.product(range(kh), range(kw), range(c)):
        t = xp[:, i * rd[0]:i * rd[0] + (ho - 1) * strides[0] + 1:strides[0],
               j * rd[1]:j * rd[1] + (wo - 1) * strides[1] + 1:strides[1], k, None]
        acc = fma32(t, w[i, j, k], acc)
    return acc


def _grid(trials: int) -> int:
    import jax
    from jax import lax
    import shlo
    from shlo.interpreter.ops.convolution import _xla_sequential_conv_f32
    rng = np.random.RandomState(0)
    shapes = []
    for o in (8, 16, 32, 48, 64, 128):
        for n, h, w_, c, kh, kw, s, rd in [(1, 28, 28, 1, 3, 3, 1, (1, 1)), (2, 8, 8, 3, 3, 3, 1, (1, 1)),
                                           (1, 4, 12, 7, 3, 3, 1, (1, 1)), (1, 10, 10, 8, 1, 1, 1, (1, 1)),
                                           (1, 12, 12, 16, 3, 3, 2, (1, 1)), (1, 9, 9, 3, 3, 3, 1, (1, 1)),
                                           (1, 14, 14, 2, 3, 3, 1, (1, 2)), (4, 10, 10, 4, 3, 3, 1, (1, 1)),
                                           (1, 1, 34, 3, 1, 3, 1, (1, 1)), (1, 6, 6, 64, 3, 3, 1, (1, 1))]:
            shapes.append((n, h, w_, c, kh, kw, o, s, rd))
    bad = 0
    for n, h, w_, c, kh, kw, o, s, rd in shapes:
        pads = [((kh - 1) * rd[0] // 2,) * 2, ((kw - 1) * rd[1] // 2,) * 2]
        f = jax.jit(lambda a, b: lax.conv_general_dilated(a, b, (s, s), pads, rhs_dilation=rd,
                                                          dimension_numbers=("NHWC", "HWIO", "NHWC")))
        d_fma = d_int = count = 0
        prog = None
        for _ in range(trials):
            x = rng.randn(n, h, w_, c).astype(np.float32)
            w = rng.randn(kh, kw, c, o).astype(np.float32)
            want = np.asarray(f(x, w))
            count += want.size
            d_fma += int((_fma_reference(x, w, pads, rd, (s, s)) != want).sum())
            prog = prog or shlo.from_jax(f, x, w)
            d_int += int((np.asarray(shlo.interpret(prog, x, w)[0]) != want).sum())
        m = want.shape[0] * want.shape[1] * want.shape[2]
        claim = _xla_sequential_conv_f32(("f32",) * 3, 1, (1, 1), (False, False), 2, m, kh * kw * c, o)
        bad += claim and d_fma > 0
        print(f"N{n} H{h} W{w_} C{c} K{kh}x{kw} O{o} stride {s} dilation {rd} (M {m}, K {kh * kw * c}, {count}"
              f" elements): fma {d_fma}; interp {d_int}{' (fma)' if claim else ''}", flush=True)
    print(f"shapes where the interpreter takes the sequential fma and XLA does not: {bad}")
    return 1 if bad else 0


def _onednn(count: int, trials: int, seed: int = 11, grouped: bool = False) -> int:
    import jax
    from jax import lax
    from shlo.interpreter.ops import convolution_order
    from shlo.interpreter.ops.convolution import _eigen_groups
    rng = np.random.RandomState(seed)
    claimed = bad = 0
    for _ in range(count):
        nd = int(rng.choice([1, 2]))
        g = int(rng.choice([2, 3, 4] if grouped else [1, 1, 2, 3, 4]))
        og = int(rng.randint(2, 9 if grouped else 17))
        cin = g * int(rng.randint(1, 9 if g == 1 else 4))
        ks = tuple(int(v) for v in rng.randint(1, 5, nd))
        # --grouped: sizes past the 48 pixels where grouped orders are named (scratch rule checks)
        sp = tuple(int(v) for v in rng.randint(max(ks) + 1, (31 if nd == 2 else 80) + (10 if grouped else 0), nd))
        n = int(rng.randint(1, 4))
        st = tuple(int(v) for v in rng.randint(1, 3, nd))
        rd = tuple(int(v) for v in rng.randint(1, 3, nd)) if rng.rand() < 0.3 else (1,) * nd
        pads = [tuple(int(v) for v in rng.randint(0, 3, 2)) for _ in range(nd)]
        dn = ("NHWC", "HWIO", "NHWC") if nd == 2 else ("NWC", "WIO", "NWC")
        xs, ws = (n,) + sp + (cin,), ks + (cin // g, og * g)
        f = jax.jit(lambda a, b: lax.conv_general_dilated(a, b, st, pads, rhs_dilation=rd, dimension_numbers=dn,
                                                          feature_group_count=g))
        diff, count_el, shape = _interpreted_against_jit(f, xs, ws, trials, rng)
        m = int(np.prod(shape[:-1]))
        k = int(np.prod(ws[:-1]))
        # as convolution.xla_pixel_orders asks (grouped past 48 pixels only on XLA's Eigen path)
        claim = int(np.prod(ks)) > 1 and convolution_order.orders(
            og, m, k, g, eigen_groups=_eigen_groups(nd, cin, og * g)) is not None
        claimed += claim
        bad += claim and diff > 0
        print(f"x{xs} w{ws} groups {g} strides {st} pads {pads} dilation {rd} (M {m}, K {k}, {og} features a group,"
              f" {count_el} elements): interp {diff}{' (orders named)' if claim else ''}", flush=True)
    print(f"shapes where the orders are named: {claimed} of {count}; named and XLA differs: {bad}")
    return 1 if bad else 0


def _interpreted_against_jit(f, xs, ws, trials: int, rng):
    """(elements where shlo.interpret of f's program differs from jax.jit, elements compared,
    the result's shape) over `trials` random f32 operand pairs of shapes xs, ws."""
    import shlo
    diff = count_el = 0
    prog = shape = None
    for _ in range(trials):
        x = rng.randn(*xs).astype(np.float32)
        w = rng.randn(*ws).astype(np.float32)
        want = np.asarray(f(x, w))
        shape = want.shape
        if want.size == 0:
            break
        prog = prog or shlo.from_jax(f, x, w)
        diff += int((np.asarray(shlo.interpret(prog, x, w)[0]) != want).sum())
        count_el += want.size
    return diff, count_el, shape


def _transposed(count: int, trials: int, seed: int = 31) -> int:
    """Random transposed convolutions (input dilation 1-3, stride 1, padding -1 to 3, 1-32 output
    features, 1-8 input features, 1-D / 2-D, inputs no smaller than the kernel): the interpreter (shlo.interpret of the JAX program)
    against jax.jit, per shape, with whether `xla_transposed_plan` names the order."""
    import jax
    from jax import lax
    from shlo.interpreter.ops.convolution import xla_transposed_plan
    rng = np.random.RandomState(seed)
    claimed = bad = 0
    for _ in range(count):
        nd = int(rng.choice([1, 2]))
        F = int(rng.choice([1, 2, 3, 4, 5, 8, 12, 16, 24, 32]))
        ld = tuple(int(v) for v in rng.randint(1, 4, nd))
        if max(ld) == 1:
            ld = (2,) * nd
        C = int(rng.randint(1, 9))
        ks = tuple(int(v) for v in rng.randint(1, 5, nd))
        # every input axis at least the kernel's (smaller ones: XLA swaps the operands, another
        # path, and jaxlib 0.10.2 aborts on some of them)
        sp = tuple(int(v) for v in rng.randint(max(ks), 12 if nd == 2 else 40, nd))
        n = int(rng.randint(1, 3))
        low = -1 if rng.rand() < 0.15 else 0
        pads = [tuple(int(v) for v in rng.randint(low, 4, 2)) for _ in range(nd)]
        dn = ("NHWC", "HWIO", "NHWC") if nd == 2 else ("NWC", "WIO", "NWC")
        xs, ws = (n,) + sp + (C,), ks + (C, F)
        f = jax.jit(lambda a, b: lax.conv_general_dilated(a, b, (1,) * nd, pads, lhs_dilation=ld,
                                                          dimension_numbers=dn))
        plan = xla_transposed_plan(("f32",) * 3, (n, C) + sp, (F, C) + ks, 1, 1, (1,) * nd, pads, ld,
                                   (1,) * nd, (False,) * nd)
        diff, count_el, _ = _interpreted_against_jit(f, xs, ws, trials, rng)
        claim = plan is not None and count_el > 0
        claimed += claim
        bad += claim and diff > 0
        print(f"x{xs} w{ws} pads {pads} lhs dilation {ld} ({count_el} elements): interp {diff}"
              f"{' (order named)' if claim else ''}", flush=True)
    print(f"transposed shapes where the order is named: {claimed} of {count}; named and XLA differs: {bad}")
    return 1 if bad else 0


def _dilated(count: int, trials: int, seed: int = 41, kernel: bool = False) -> int:
    """Random convolutions with input dilation 1-3 and window strides 1-3 (at least one above 1) or,
    `kernel`, stride 1 and kernel dilation 1-3 (at least one above 1); 2-16 output features, 1-8
    input features, padding 0-3, 1-D / 2-D, one group: the interpreter against jax.jit, per shape,
    with whether `xla_pixel_orders` names the orders (the dilated input's patches)."""
    import jax
    from jax import lax
    from shlo.interpreter.ops.convolution import xla_pixel_orders
    rng = np.random.RandomState(seed)
    claimed = bad = 0

    def above_one(nd):
        v = tuple(int(x) for x in rng.randint(1, 4, nd))
        return v if max(v) > 1 else (2,) * nd

    for _ in range(count):
        nd = int(rng.choice([1, 2]))
        F = int(rng.choice([2, 3, 4, 5, 8, 12, 16]))
        ld = above_one(nd)
        C = int(rng.randint(1, 9))
        ks = tuple(int(v) for v in rng.randint(1, 5, nd))
        sp = tuple(int(v) for v in rng.randint(max(ks), 12 if nd == 2 else 40, nd))
        n = int(rng.randint(1, 3))
        pads = [tuple(int(v) for v in rng.randint(0, 4, 2)) for _ in range(nd)]
        st, rd = ((1,) * nd, above_one(nd)) if kernel else (above_one(nd), (1,) * nd)
        dn = ("NHWC", "HWIO", "NHWC") if nd == 2 else ("NWC", "WIO", "NWC")
        xs, ws = (n,) + sp + (C,), ks + (C, F)
        f = jax.jit(lambda a, b: lax.conv_general_dilated(a, b, st, pads, lhs_dilation=ld, rhs_dilation=rd,
                                                          dimension_numbers=dn))
        diff, count_el, shape = _interpreted_against_jit(f, xs, ws, trials, rng)
        P = int(np.prod(shape[1:-1])) if shape else 0
        claim = count_el > 0 and xla_pixel_orders(("f32",) * 3, n, P, C, ks, F, 1, 1, ld, (False,) * nd, st,
                                                  rd) is not None
        claimed += claim
        bad += claim and diff > 0
        print(f"x{xs} w{ws} strides {st} pads {pads} lhs dilation {ld} rhs dilation {rd} ({count_el} elements): "
              f"interp {diff}{' (orders named)' if claim else ''}", flush=True)
    print(f"dilated shapes where the orders are named: {claimed} of {count}; named and XLA differs: {bad}")
    return 1 if bad else 0


def _swapped(count: int, trials: int, seed: int = 51) -> int:
    """Random convolutions whose operands XLA swaps (the kernel larger than the input; input
    dilation, strides, kernel dilation, padding 0 to the kernel size; 1-16 batch, 1-32 features,
    1-D / 2-D): the interpreter against jax.jit, per shape, with whether `xla_swapped_plan` names
    the order."""
    import jax
    from jax import lax
    from shlo.interpreter.ops.convolution import xla_swapped_plan
    from shlo.interpreter.ops.convolution_order import swapped_dims
    rng = np.random.RandomState(seed)
    tried = claimed = bad = 0
    while tried < count:
        nd = int(rng.choice([1, 2]))
        n = int(rng.choice([1, 2, 3, 4, 8, 16]))
        F = int(rng.choice([1, 2, 3, 5, 8, 16, 32]))
        C = int(rng.randint(1, 6))
        ld = tuple(int(v) for v in rng.randint(1, 4, nd)) if rng.rand() < 0.5 else (1,) * nd
        rd = tuple(int(v) for v in rng.randint(1, 3, nd)) if rng.rand() < 0.3 else (1,) * nd
        st = tuple(int(v) for v in rng.randint(1, 3, nd)) if rng.rand() < 0.3 else (1,) * nd
        ks = tuple(int(v) for v in rng.randint(2, 8, nd))
        sp = tuple(int(v) for v in rng.randint(1, max(ks) + 1, nd))
        pads = [tuple(int(v) for v in rng.randint(0, k + 1, 2)) for k in ks]
        if swapped_dims(sp, ks, st, pads, ld, rd) is None:
            continue
        tried += 1
        dn = ("NHWC", "HWIO", "NHWC") if nd == 2 else ("NWC", "WIO", "NWC")
        xs, ws = (n,) + sp + (C,), ks + (C, F)
        f = jax.jit(lambda a, b: lax.conv_general_dilated(a, b, st, pads, lhs_dilation=ld, rhs_dilation=rd,
                                                          dimension_numbers=dn))
        diff, count_el, _ = _interpreted_against_jit(f, xs, ws, trials, rng)
        claim = count_el > 0 and xla_swapped_plan(("f32",) * 3, (n, C) + sp, (F, C) + ks, 1, 1, st, pads, ld, rd,
                                                  (False,) * nd) is not None
        claimed += claim
        bad += claim and diff > 0
        print(f"x{xs} w{ws} strides {st} pads {pads} lhs dilation {ld} rhs dilation {rd} ({count_el} elements): "
              f"interp {diff}{' (order named)' if claim else ''}", flush=True)
    print(f"swapped shapes where the order is named: {claimed} of {count}; named and XLA differs: {bad}")
    return 1 if bad else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="", help="comma-separated case names (default: all)")
    ap.add_argument("--trials", type=int, default=4)
    ap.add_argument("--grid", action="store_true", help="the 2-D grid that checks the interpreter's rule")
    ap.add_argument("--onednn", type=int, default=0, metavar="N",
                    help="N random shapes with 2-16 features a group: the convolution_order check")
    ap.add_argument("--seed", type=int, default=11, help="the --onednn shapes' seed")
    ap.add_argument("--grouped", action="store_true", help="--onednn shapes of 2-4 groups of 2-8 features only")
    ap.add_argument("--transposed", type=int, default=0, metavar="N",
                    help="N random transposed convolutions (input dilation, stride 1): the transposed order's check")
    ap.add_argument("--dilated", type=int, default=0, metavar="N",
                    help="N random convolutions with input dilation and strides > 1: the patch orders' check")
    ap.add_argument("--kernel-dilated", action="store_true", help="--dilated shapes with kernel dilation, stride 1")
    ap.add_argument("--swapped", type=int, default=0, metavar="N",
                    help="N random convolutions with a kernel larger than the input: the swapped order's check")
    args = ap.parse_args(argv)
    if args.swapped:
        return _swapped(args.swapped, min(args.trials, 2), args.seed)
    if args.dilated:
        return _dilated(args.dilated, min(args.trials, 2), args.seed, args.kernel_dilated)
    if args.transposed:
        return _transposed(args.transposed, min(args.trials, 2), args.seed)
    if args.onednn:
        return _onednn(args.onednn, min(args.trials, 2), args.seed, args.grouped)
    if args.grid:
        return _grid(min(args.trials, 2))
    import shlo
    rng = np.random.RandomState(0)
    for name, case in CASES.items():
        if args.only and name not in args.only.split(","):
            continue
        fn = _conv_fn(case)
        diff, count, interp = {}, 0, 0
        prog = None
        for _ in range(args.trials):
            x = rng.randn(*case[0]).astype(np.float32)
            w = rng.randn(*case[1]).astype(np.float32)
            want = np.asarray(fn(x, w))
            count += want.size
            terms, naxes = _terms(fn, x, w, case[6])
            for order, v in _order_sums(terms, naxes).items():
                diff[order] = diff.get(order, 0) + int((v != want).sum())
            if prog is None:
                prog = shlo.from_jax(fn, x, w)
            interp += int((np.asarray(shlo.interpret(prog, x, w)[0]) != want).sum())
        best = sorted(diff.items(), key=lambda kv: kv[1])
        exact = [o for o, d in best if d == 0]
        print(f"{name} ({count} elements): " + (f"orders with no difference: {', '.join(exact[:6])}"
              + (f" (+{len(exact) - 6})" if len(exact) > 6 else "") if exact else
              "no order matches; closest: " + ", ".join(f"{o} {d}" for o, d in best[:4]))
              + f"; f64 {diff['f64']}; interp {interp}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
