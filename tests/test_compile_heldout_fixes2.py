"""The compiled code follows the interpreter where it reproduces XLA CPU for held-out programs:
complex64 exponential_minus_one / rsqrt / tanh in XLA's f32 steps (interpreter/ops/
xla_complex64.py; zeros, infinities and NaN keep the C99 results) and f32 / f64 triangular_solve
of one right-hand side on the left with 1, 2 or 4 unknowns in OpenBLAS's trsm order
(interpreter/ops/openblas_order.py, trsm_in_order). Both were the interpreter's only, so compiled
programs were more than 3 ulp from XLA's (the held-out check) where interpreted ones were not."""
import itertools

import numpy as np

import shlo

F32 = np.float32


def _same_bits(got, want):
    """Equal bit for bit per part, any NaN equal to any NaN."""
    for g, w in ((got.real, want.real), (got.imag, want.imag)) if got.dtype.kind == "c" else ((got, want),):
        g, w = np.ascontiguousarray(g), np.ascontiguousarray(w)
        nan = np.isnan(w)
        assert (np.isnan(g) == nan).all(), (g[np.isnan(g) != nan], w[np.isnan(g) != nan])
        bits = g.dtype.str.replace("f", "u")
        diff = (g.view(bits) != w.view(bits)) & ~nan
        assert not diff.any(), (np.flatnonzero(diff)[:5], g[diff][:5], w[diff][:5])


def _f(fn, *xs):
    return fn(*(np.asarray(x, np.float64) for x in xs)).astype(F32)


def _rounded_inner_math(monkeypatch):
    """The compiled code takes XLA's complex64 steps with exp / sin / cos / tanh / atan2 / rsqrt
    computed in f64 and rounded once; the interpreter has since taken XLA's own f32 functions
    there (xla_f32_math.py), which the CPU lowering does not follow yet. This puts the rounded
    ones back into xla_complex64 for the reference."""
    from shlo.interpreter.ops import xla_complex64
    monkeypatch.setattr(xla_complex64.xla_f32_math, "exp", lambda x: _f(np.exp, x))
    monkeypatch.setattr(xla_complex64.xla_f32_math, "tanh", lambda x: _f(np.tanh, x))
    libm = {"cosf": np.cos, "sinf": np.sin, "atan2f": np.arctan2}
    monkeypatch.setattr(xla_complex64, "_libm", lambda name, *xs: _f(libm[name], *xs))
    return xla_complex64


def _rsqrt_rounded(xc, z):
    # the compiled order: rsqrt(max) * rsqrt(sqrt(1 + (min/max)^2)), each 1 / sqrt rounded once
    x, y = xc._parts(z)
    big, small = np.maximum(np.abs(x), np.abs(y)), np.minimum(np.abs(x), np.abs(y))
    d = small / big
    r = (F32(1) / _f(np.sqrt, big)) * (F32(1) / _f(np.sqrt, _f(np.sqrt, xc._fma(d, d, F32(1)))))
    angle = _f(np.arctan2, y, x) * F32(-0.5)
    return xc._join(r * _f(np.cos, angle), r * _f(np.sin, angle))


def test_complex64_expm1_rsqrt_tanh_compiled_as_interpreted(monkeypatch):
    rng = np.random.RandomState(7)
    z = (rng.standard_normal(3000) * 3 + 1j * rng.standard_normal(3000) * 3).astype(np.complex64)
    # parts where XLA's formulas switch branch (|x| = 1/2, y^2 = 0.61685, overflowing exponentials),
    # tiny and huge parts, and the C99 cases: signed zeros, infinities, NaN
    edges = [0.0, -0.0, 0.5, -0.5, 0.25, 0.7853, 1e-30, -3e-39, 40.0, -60.0, 89.0, 3e38, np.inf, -np.inf, np.nan]
    pairs = np.array(list(itertools.product(edges, repeat=2)), F32)
    special = np.empty(len(pairs), np.complex64)
    special.real, special.imag = pairs[:, 0], pairs[:, 1]      # (1j * inf would make the real part NaN)
    z = np.concatenate([z, special])
    t = f"tensor<{z.size}xcomplex<f32>>"
    prog = shlo.parse(f"func.func @main(%a: {t}) -> ({t}, {t}, {t}) {{\n"
                      f"  %0 = shlo.exponential_minus_one %a : {t}\n  %1 = shlo.rsqrt %a : {t}\n"
                      f"  %2 = shlo.tanh %a : {t}\n  func.return %0, %1, %2 : {t}, {t}, {t}\n}}")
    want = [np.asarray(w) for w in shlo.interpret(prog, z)]
    got = shlo.compile(prog)(z)
    # finite nonzero operands: XLA's steps with the rounded inner functions; the rest (C99) as
    # the interpreter
    xc = _rounded_inner_math(monkeypatch)
    steps = np.isfinite(z.real) & np.isfinite(z.imag) & (z != 0)
    with np.errstate(all="ignore"):
        refs = [xc.expm1(z), _rsqrt_rounded(xc, z), xc.tanh(z)]
    for g, w, r in zip(got, want, refs):
        _same_bits(np.asarray(g), np.where(steps, r, w))


def test_complex128_keeps_its_own_path():
    # the XLA steps are complex<f32>'s only: complex<f64> results stay the correctly rounded ones
    z = np.array([-7 + 3j, 0.3 - 2j, 1e-3 + 1e-3j, -5.05 + 0.067j], np.complex128)
    t = f"tensor<{z.size}xcomplex<f64>>"
    prog = shlo.parse(f"func.func @main(%a: {t}) -> ({t}, {t}) {{\n  %0 = shlo.exponential_minus_one %a : {t}\n"
                      f"  %1 = shlo.tanh %a : {t}\n  func.return %0, %1 : {t}, {t}\n}}")
    e, th = (np.asarray(v) for v in shlo.compile(prog)(z))
    np.testing.assert_allclose(e, np.expm1(z), rtol=4e-16)
    np.testing.assert_allclose(th, np.tanh(z), rtol=4e-16)


def _solves_program(el, batch, sizes):
    """One func with a triangular_solve for every size x lower x unit x transpose_a."""
    args, body, results, kinds = [], [], [], []
    for n in sizes:
        ta, tb = f"tensor<{batch}x{n}x{n}x{el}>", f"tensor<{batch}x{n}x1x{el}>"
        args += [f"%a{n}: {ta}", f"%b{n}: {tb}"]
        for lower, unit, trans in itertools.product((True, False), repeat=3):
            k = len(results)
            body.append(f"  %{k} = shlo.triangular_solve %a{n}, %b{n} {{left_side = true, "
                        f"lower = {str(lower).lower()}, transpose_a = #shlo.transpose<"
                        f"{'TRANSPOSE' if trans else 'NO_TRANSPOSE'}>, unit_diagonal = {str(unit).lower()}}}"
                        f" : ({ta}, {tb}) -> {tb}")
            results.append((f"%{k}", tb))
            kinds.append((n, lower, unit, trans))
    text = (f"func.func @main({', '.join(args)}) -> ({', '.join(t for _, t in results)}) {{\n" + "\n".join(body)
            + f"\n  func.return {', '.join(r for r, _ in results)} : {', '.join(t for _, t in results)}\n}}")
    return shlo.parse(text), kinds


def test_small_triangular_solves_compiled_as_interpreted():
    # random well-conditioned systems; 1, 2, 4 unknowns take the trsm order, 3 the f64 one
    rng = np.random.RandomState(5)
    for dtype, el in ((np.float32, "f32"), (np.float64, "f64")):
        sizes = (1, 2, 4) if el == "f32" else (2, 4)
        prog, kinds = _solves_program(el, 30, sizes)
        inputs = []
        for n in sizes:
            inputs += [(rng.standard_normal((30, n, n)) + 3 * np.eye(n)).astype(dtype),
                       rng.standard_normal((30, n, 1)).astype(dtype)]
        want = shlo.interpret(prog, *inputs)
        got = shlo.compile(prog)(*inputs)
        for kind, g, w in zip(kinds, got, want):
            assert np.array_equal(np.asarray(g), np.asarray(w)), (el, kind)
