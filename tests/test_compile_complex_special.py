"""Compiled complex sqrt / log / log_plus_one / exponential_minus_one / sign against the
interpreter on special values (zeros of both signs, +-1, the branch cut, huge and tiny parts,
infinities, NaN): written out from their parts in lowering/ops/elementwise_math.py, where the
complex dialect's lowering gave sqrt(-4) = -8.7e-8 + 2i, log1p(-1) = 0, sign(inf) = NaN + NaN i."""
import numpy as np
import pytest

import shlo

VALUES = [0.0, -0.0, 1.0, -1.0, -4.0, 2.5, -2.5, 1e-3, 0.1, 1e30, -1e30, np.inf, -np.inf, np.nan, 3e38, 1e-40]


def _close(got, want, tol):
    if np.isnan(want):
        return bool(np.isnan(got))
    if np.isinf(want) or np.isinf(got):
        return got == want
    return abs(got - want) <= tol * max(abs(want), 1e-30) or abs(got - want) < 1e-37


@pytest.mark.parametrize("op", ["sqrt", "log", "log_plus_one", "exponential_minus_one", "sign"])
@pytest.mark.parametrize("dtype, element", [(np.complex64, "complex<f32>"), (np.complex128, "complex<f64>")])
def test_special_values_match_the_interpreter(op, dtype, element):
    z = np.array([complex(a, b) for a in VALUES for b in VALUES], dtype)
    n = len(z)
    prog = shlo.parse(f"func.func @main(%a: tensor<{n}x{element}>) -> tensor<{n}x{element}> {{\n"
                      f"  %0 = shlo.{op} %a : tensor<{n}x{element}>\n  func.return %0 : tensor<{n}x{element}>\n}}")
    got, want = shlo.compile(prog)(z)[0], shlo.interpret(prog, z)[0]
    # numpy's complex log1p is log(1 + z), which loses digits near 0 (ours does not: 1e-13 there)
    tol = 1e-5 if dtype == np.complex64 else (1e-9 if op == "log_plus_one" else 1e-13)
    bad = [(v, g, w) for v, g, w in zip(z, got, want)
           if not (_close(g.real, w.real, tol) and _close(g.imag, w.imag, tol))]
    assert not bad, bad[:5]
    if op == "sqrt":
        assert got[list(z).index(-4 + 0j)] == 2j           # exactly, real part +0
