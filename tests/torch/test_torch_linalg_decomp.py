"""QR, eigh, SVD and what builds on them (pinv, svdvals, matrix_rank, spectral / nuclear norms,
cond, householder_product, ormqr) against eager PyTorch, interpreted and compiled.

Eigenvectors and singular vectors are compared up to sign: through reconstructions
(A V = V diag(w), U S Vh = A, Q R = A) and orthogonality; values as torch orders them."""
from __future__ import annotations

import math

import numpy as np
import pytest
import torch

import shlo
from test_special import check
from torch_wrap import Fn as _Fn, leaves, together

RNG = np.random.default_rng(11)
BATCHES = [(), (3,)]


def randn(dtype, shape):
    return torch.from_numpy(RNG.standard_normal(shape)).to(dtype)


def low_rank(dtype, batch, m, n, rank):
    a = RNG.standard_normal(batch + (m, rank)) @ RNG.standard_normal(batch + (rank, n))
    return torch.from_numpy(a).to(dtype)


def tol(dtype, scale=1.0):
    return {"rtol": 1e-4 * scale, "atol": 2e-5 * scale} if dtype == torch.float32 else \
        {"rtol": 1e-10 * scale, "atol": 1e-11 * scale}


def runs(fn, *xs):
    """The imported program's results, interpreted and compiled, each as a flat tuple of arrays."""
    prog = shlo.from_torch(_Fn(fn), xs)
    got = prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*xs)))
    return [tuple(np.asarray(x) for x in leaves(r)) for r in (got, shlo.compile(prog)(*xs))]


def mT(x):
    return np.swapaxes(x, -1, -2)


def assert_orthonormal_columns(q, dtype):
    k = q.shape[-1]
    np.testing.assert_allclose(mT(q) @ q, np.broadcast_to(np.eye(k), q.shape[:-2] + (k, k)), **tol(dtype, 10))


# ----------------------------------------------------------------------------- QR

@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("batch", BATCHES)
@pytest.mark.parametrize("shape", [(4, 4), (5, 3), (3, 5), (1, 1)])
def test_qr_matches_lapack(dtype, batch, shape):
    """Householder QR with LAPACK's reflector: the same Q and R as torch (not just up to sign)."""
    a = randn(dtype, batch + shape)
    modes = ("reduced", "complete", "r")
    want = [t.numpy() for mode in modes for t in torch.linalg.qr(a, mode=mode)] + [t.numpy() for t in torch.geqrf(a)]
    # one program for the three modes and geqrf: importing dominates the time of each
    for got in runs(lambda a: tuple(torch.linalg.qr(a, mode=mode) for mode in modes) + (torch.geqrf(a),), a):
        for g, w in zip(got, want, strict=True):
            assert g.shape == w.shape
            np.testing.assert_allclose(g, w, **tol(dtype))
        for q, r in (got[0:2], got[2:4]):
            np.testing.assert_allclose(q @ r, a.numpy(), **tol(dtype, 10))
            assert_orthonormal_columns(q, dtype)


def test_qr_rank_deficient():
    a = low_rank(torch.float64, (2,), 5, 4, 2)
    for q, r in runs(torch.linalg.qr, a):
        np.testing.assert_allclose(q @ r, a.numpy(), **tol(torch.float64, 10))
        assert_orthonormal_columns(q, torch.float64)
        assert np.allclose(np.tril(r, -1), 0)
    zero_col = torch.tensor([[0.0, 1.0], [0.0, 2.0], [0.0, 3.0]], dtype=torch.float64)   # trivial reflector
    check(lambda a: torch.linalg.qr(a, mode="complete"), zero_col, **tol(torch.float64))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_householder_product_and_ormqr(dtype):
    a = randn(dtype, (2, 5, 3))
    packed, tau = torch.geqrf(a)
    c = randn(dtype, (2, 5, 2))
    check(lambda p, t, t2, c, ct: (torch.linalg.householder_product(p, t), torch.linalg.householder_product(p, t2),
                                   *(torch.ormqr(p, t, c, left=True, transpose=tr) for tr in (False, True)),
                                   *(torch.ormqr(p, t, ct, left=False, transpose=tr) for tr in (False, True))),
          packed, tau, tau[..., :2].contiguous(), c, mT(c).contiguous(), **tol(dtype))


# ----------------------------------------------------------------------------- eigh

def check_eigh(a, dtype, uplos=("L",), eigvalsh=False):
    """eigh of `a` with each UPLO in one program (and eigvalsh with the first)."""
    x = a.numpy()
    got = runs(lambda a: tuple(torch.linalg.eigh(a, UPLO=u) for u in uplos)
               + ((torch.linalg.eigvalsh(a, uplos[0]),) if eigvalsh else ()), a)
    for i, uplo in enumerate(uplos):
        want_w, _ = torch.linalg.eigh(a, UPLO=uplo)
        lower = uplo == "L"
        tri = np.tril(x) if lower else np.triu(x)
        sym = tri + mT(np.tril(x, -1) if lower else np.triu(x, 1))
        scale = max(1.0, float(np.abs(sym).max())) if sym.size else 1.0
        for r in got:
            w, v = r[2 * i:2 * i + 2]
            np.testing.assert_allclose(w, want_w.numpy(), **tol(dtype, scale))
            np.testing.assert_allclose(sym @ v, v * w[..., None, :], **tol(dtype, 10 * scale))
            assert_orthonormal_columns(v, dtype)
            if i == 0 and eigvalsh:
                np.testing.assert_allclose(r[-1], want_w.numpy(), **tol(dtype, scale))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("batch", BATCHES)
@pytest.mark.parametrize("n", [1, 4, 5])
def test_eigh(dtype, batch, n):
    check_eigh(randn(dtype, batch + (n, n)), dtype, uplos=("L", "U"), eigvalsh=True)


def test_eigh_repeated_and_rank_deficient():
    a = torch.diag(torch.tensor([2.0, -1.0, 2.0, 2.0, 0.0], dtype=torch.float64))
    q, _ = torch.linalg.qr(randn(torch.float64, (5, 5)))
    check_eigh(q @ a @ q.T, torch.float64)                              # a triple eigenvalue, and 0
    s = low_rank(torch.float32, (2,), 6, 2, 2)
    check_eigh(s @ mT(s), torch.float32)                                # rank 2 of 6
    check_eigh(torch.zeros(2, 3, 3), torch.float32)                     # already diagonal: no sweep


# ----------------------------------------------------------------------------- SVD

def check_svd(a, dtype, fulls):
    """svd of `a` with each full_matrices in `fulls`, in one program."""
    want_s = torch.linalg.svdvals(a).numpy()
    x = a.numpy()
    m, n = x.shape[-2:]
    k = min(m, n)
    scale = max(1.0, float(np.abs(want_s).max())) if want_s.size else 1.0
    for got in runs(lambda a: tuple(torch.linalg.svd(a, full_matrices=f) for f in fulls), a):
        for i, full_matrices in enumerate(fulls):
            u, s, vh = got[3 * i:3 * i + 3]
            assert u.shape == x.shape[:-2] + ((m, m) if full_matrices else (m, k))
            assert vh.shape == x.shape[:-2] + ((n, n) if full_matrices else (k, n))
            np.testing.assert_allclose(s, want_s, **tol(dtype, scale))
            np.testing.assert_allclose((u[..., :k] * s[..., None, :]) @ vh[..., :k, :], x, **tol(dtype, 10 * scale))
            assert_orthonormal_columns(u, dtype)
            assert_orthonormal_columns(mT(vh), dtype)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("batch", BATCHES)
@pytest.mark.parametrize("shape", [(4, 4), (6, 3), (3, 5), (1, 1)])
def test_svd(dtype, batch, shape):
    check_svd(randn(dtype, batch + shape), dtype, fulls=(False, True))


def test_svd_rank_deficient():
    check_svd(low_rank(torch.float64, (2,), 6, 4, 2), torch.float64, fulls=(True,))
    check_svd(low_rank(torch.float32, (), 3, 5, 1), torch.float32, fulls=(False,))
    zero_col = torch.tensor([[1.0, 0.0, 2.0], [3.0, 0.0, 4.0], [5.0, 0.0, 6.0], [7.0, 0.0, 8.0]])
    check_svd(zero_col, torch.float32, fulls=(True,))                   # an exact zero singular value
    check_svd(torch.zeros(4, 3, dtype=torch.float64), torch.float64, fulls=(True,))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_svd_based_values(dtype):
    """Ops whose results do not depend on the vectors' signs: compared directly."""
    a = randn(dtype, (2, 5, 3))
    sq = randn(dtype, (2, 4, 4))
    # two programs (by tolerance) instead of one per op; compiled at f32 only (compiling the f64
    # SVDs again takes seconds and test_svd compiles SVD at both)
    compile = dtype == torch.float32
    check(lambda a, r3, r1: (torch.linalg.svdvals(a), torch.svd(a)[1], torch.linalg.matrix_norm(a, "nuc"),
                             torch.linalg.matrix_norm(a, 2), torch.linalg.matrix_norm(a, -2), torch.linalg.pinv(a),
                             torch.linalg.pinv(a, atol=0.5), torch.linalg.matrix_rank(r3),
                             torch.linalg.matrix_rank(r1, hermitian=True)),
          a, low_rank(dtype, (3,), 5, 4, 2), low_rank(dtype, (), 4, 4, 1), compile=compile, **tol(dtype, 10))
    check(lambda sq, h, r2: (torch.linalg.cond(sq), torch.linalg.pinv(h, hermitian=True), torch.linalg.pinv(r2)),
          sq, sq @ mT(sq), low_rank(dtype, (), 5, 4, 2), compile=compile, **tol(dtype, 100))


# ----------------------------------------------------------------------------- empty and bad input

@pytest.mark.parametrize("shape", [(0, 3), (3, 0), (0, 0), (2, 0, 0)])
def test_empty(shape):
    fns = [lambda a: torch.linalg.qr(a, mode="complete"), torch.linalg.qr,
           lambda a: torch.linalg.svd(a, full_matrices=True), lambda a: torch.linalg.svd(a, full_matrices=False),
           torch.linalg.pinv] + ([torch.linalg.eigh] if shape[-1] == shape[-2] else [])
    check(together(*fns), torch.zeros(shape))


def test_complex_input_is_named():
    a = torch.randn(3, 3, dtype=torch.complex64)
    for fn, name in [(torch.linalg.svd, "_linalg_svd"), (torch.linalg.eigh, "_linalg_eigh"),
                     (torch.linalg.qr, "linalg_qr")]:
        with pytest.raises(shlo.ShloError, match=rf"{name}.*real floating point"):
            shlo.from_torch(_Fn(fn), (a,))


class _Svd(torch.nn.Module):
    def forward(self, a):
        return torch.linalg.svd(a)


def test_dynamic_sizes_are_named():
    batch = torch.export.Dim("batch", min=2, max=8)
    with pytest.raises(shlo.ShloError, match=r"_linalg_svd.*dynamic sizes"):
        shlo.from_torch(_Svd(), (torch.randn(3, 4, 4),), dynamic_shapes={"a": {0: batch}})


def test_pinv_infinite_atol():
    """math.inf atol keeps nothing: pinv is all zeros."""
    a = randn(torch.float64, (3, 2))
    check(lambda a: torch.linalg.pinv(a, atol=math.inf), a)


@pytest.mark.parametrize("scale", [1e25, 1e-25])
def test_far_from_one(scale):
    """f32 entries whose squares overflow / underflow: norms and rotations work on scaled copies."""
    a = randn(torch.float32, (2, 5, 3)) * scale
    want_q, want_r = torch.linalg.qr(a)
    want_s = torch.linalg.svdvals(a)
    sym = a[..., :3, :] + mT(a[..., :3, :])
    want_w = torch.linalg.eigvalsh(sym)
    t = tol(torch.float32, 10)
    for q, r in runs(torch.linalg.qr, a):
        np.testing.assert_allclose(q, want_q.numpy(), **t)
        np.testing.assert_allclose(r / scale, want_r.numpy() / scale, **t)
    for (s,) in runs(torch.linalg.svdvals, a):
        np.testing.assert_allclose(s / scale, want_s.numpy() / scale, **t)
    for w, v in runs(torch.linalg.eigh, sym):
        np.testing.assert_allclose(w / scale, want_w.numpy() / scale, **t)
        np.testing.assert_allclose((sym.numpy() / scale) @ v, v * (w / scale)[..., None, :], **t)
