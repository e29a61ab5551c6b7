"""Special functions and vector norms (non-core ATen ops that survive decomposition) against
eager PyTorch: linalg_vector_norm, erfc / erfcx, ndtri, i0 / i0e / i1 / i1e, polygamma, zeta."""
from __future__ import annotations

import math

import numpy as np
import pytest
import torch

import shlo
from torch_wrap import Fn, leaves

RNG = np.random.default_rng(11)
FLOATS = [torch.float32, torch.float64]


def check(fn, *xs, rtol=None, atol=None, compile=True):
    """fn(*xs) imported, interpreted (and compiled) against eager; fn may return nested tuples
    (several checks made `together`)."""
    wants = leaves(fn(*xs))
    prog = shlo.from_torch(Fn(fn), xs)
    got = prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*xs)))
    runs = [got] + ([shlo.compile(prog)(*xs)] if compile else [])
    for r in runs:
        for g, w in zip(leaves(r), wants, strict=True):
            g, w = np.asarray(g), w.float().numpy() if w.dtype in (torch.float16, torch.bfloat16) else w.numpy()
            if w.dtype.kind in "biu":
                np.testing.assert_array_equal(g, w)
                continue
            lo = w.dtype == np.float32
            np.testing.assert_allclose(g.astype(w.dtype), w, rtol=rtol or (2e-5 if lo else 1e-10),
                                       atol=atol or (1e-6 if lo else 1e-12), equal_nan=True)


def randn(dtype, shape=(3, 5), scale=3.0):
    return torch.from_numpy(RNG.standard_normal(shape) * scale).to(dtype)


# ----------------------------------------------------------------------------- norms

@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("ord", [2, 1, 0, 3, 0.5, -1, math.inf, -math.inf])
def test_vector_norm(dtype, ord):
    x = randn(dtype, (2, 3, 4))
    x[0, 1, 2] = 0
    check(lambda x: (torch.linalg.vector_norm(x, ord), torch.linalg.vector_norm(x, ord, dim=(0, 2), keepdim=True),
                     torch.linalg.vector_norm(x, ord, dim=-1)), x)


def test_vector_norm_dtype_and_matrix_norms():
    x = randn(torch.float32, (2, 3, 4))
    check(lambda x: torch.linalg.vector_norm(x, 2, dim=1, dtype=torch.float64), x)
    check(lambda x: torch.norm(x), x)
    check(lambda x: torch.linalg.matrix_norm(x), x)                 # Frobenius
    check(lambda x: torch.linalg.matrix_norm(x, ord=1), x)
    check(lambda x: torch.linalg.matrix_norm(x, ord=-math.inf), x)
    check(lambda x: torch.nn.functional.normalize(x, dim=-1), x)


def test_vector_norm_complex():
    x = torch.complex(randn(torch.float32, (3, 4)), randn(torch.float32, (3, 4)))
    check(lambda x: torch.linalg.vector_norm(x, 2, dim=1), x, compile=False)


# ----------------------------------------------------------------------------- element-wise

@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", ["erfc", "special.erfcx", "i0", "special.i0e", "special.i1", "special.i1e",
                                  "special.log_ndtr", "special.ndtr"])
def test_unary(dtype, name):
    fn = {"erfc": torch.erfc, "i0": torch.i0}.get(name) or getattr(torch.special, name.split(".")[1])
    x = torch.cat([randn(dtype, (40,)), torch.tensor([0.0, 1e-3, -1e-3, 7.99, 8.0, 8.01, -8.5, 20.0, -20.0, 40.0,
                                                     300.0, -0.5, 1e-30], dtype=dtype)])
    if name in ("i0", "special.i1"):      # exp(|x|) overflows past ~88 in f32 / ~709 in f64 alike
        x = x[x.abs() < 80]
    if name == "special.log_ndtr":        # log1p(-tiny) for large x: compiled log_plus_one is log(1 + x)
        x = x[x < 5]
    rtol = {torch.float32: 3e-6 if name != "erfc" else 2e-5, torch.float64: 1e-12}[dtype]
    check(fn, x, rtol=rtol, atol=1e-30)


@pytest.mark.parametrize("dtype", FLOATS)
def test_erfcx_tails(dtype):
    x = torch.tensor([-30.0, -10.0, -1.0, 1e5, 1e20, math.inf, -math.inf, math.nan], dtype=dtype)
    check(torch.special.erfcx, x, rtol=3e-6 if dtype == torch.float32 else 1e-12, atol=0)


@pytest.mark.parametrize("dtype", FLOATS)
def test_ndtri(dtype):
    p = torch.cat([torch.from_numpy(RNG.random(50)).to(dtype),
                   torch.tensor([0.0, 1.0, 0.5, 1e-6, 1 - 1e-6, 1e-12, -0.1, 1.1], dtype=dtype)])
    check(torch.special.ndtri, p, rtol=5e-6 if dtype == torch.float32 else 1e-12, atol=1e-12)


def test_unary_ints_and_halfs():
    check(torch.erfc, torch.arange(-3, 4))
    check(torch.special.i0e, randn(torch.float16), rtol=2e-3, atol=1e-3)
    check(torch.special.i1, randn(torch.bfloat16), rtol=2e-2, atol=1e-2)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_polygamma(dtype, n):
    x = torch.from_numpy(RNG.uniform(-12, 8, (4, 5))).to(dtype)     # negative x: shifted up
    check(lambda x: (torch.polygamma(n, x), torch.special.polygamma(n, x)), x,
          rtol=1e-4 if dtype == torch.float32 else 1e-9)


@pytest.mark.parametrize("dtype", FLOATS)
def test_zeta(dtype):
    x = torch.from_numpy(RNG.uniform(1.1, 6, (4, 5))).to(dtype)
    q = torch.from_numpy(RNG.uniform(0.2, 5, (5,))).to(dtype)
    tol = 1e-4 if dtype == torch.float32 else 1e-9
    check(lambda x, q: (torch.special.zeta(x, q), torch.special.zeta(x, 2.0), torch.special.zeta(3.0, q)), x, q,
          rtol=tol)


@pytest.mark.parametrize("dtype", FLOATS)
def test_decomposed_neighbours(dtype):
    """Ops PyTorch decomposes onto the ones above (and core ops)."""
    x = torch.from_numpy(RNG.uniform(0.05, 0.95, (3, 4))).to(dtype)
    y = randn(dtype, (3, 4))
    check(lambda y, x: (torch.xlogy(y, x), torch.special.xlog1py(y, x), torch.sinc(y), torch.logit(x, 0.1),
                        torch.special.entr(x), torch.mvlgamma(x + 2, 3)), y, x)


def test_digamma_pole_at_zero():
    x = torch.tensor([0.0, -0.0, -2.0, 1.0, 0.5])
    check(lambda x: (torch.digamma(x), torch.polygamma(0, x), torch.special.digamma(x.long())), x, compile=False)
