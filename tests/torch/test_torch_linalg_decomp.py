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
from torch_wrap import Fn as _Fn

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
    """The imported program's results, interpreted and compiled, each as a tuple of arrays."""
    prog = shlo.from_torch(_Fn(fn), xs)
    got = prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*xs)))
    out = []
    for r in (got, shlo.compile(prog)(*xs)):
        r = r if isinstance(r, (tuple, list)) else (r,)
        out.append(tuple(np.asarray(x) for x in r))
    return out


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
    for mode in ("reduced", "complete", "r"):
        want_q, want_r = torch.linalg.qr(a, mode=mode)
        for q, r in runs(lambda a: torch.linalg.qr(a, mode=mode), a):
            assert q.shape == want_q.shape and r.shape == want_r.shape
            np.testing.assert_allclose(q, want_q.numpy(), **tol(dtype))
            np.testing.assert_allclose(r, want_r.numpy(), **tol(dtype))
            if mode != "r":
                np.testing.assert_allclose(q @ r, a.numpy(), **tol(dtype, 10))
                assert_orthonormal_columns(q, dtype)
    check(torch.geqrf, a, **tol(dtype))


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
    check(torch.linalg.householder_product, packed, tau, **tol(dtype))
    check(torch.linalg.householder_product, packed, tau[..., :2].contiguous(), **tol(dtype))
    c = randn(dtype, (2, 5, 2))
    for transpose in (False, True):
        check(lambda p, t, c: torch.ormqr(p, t, c, left=True, transpose=transpose), packed, tau, c, **tol(dtype))
        check(lambda p, t, c: torch.ormqr(p, t, c, left=False, transpose=transpose), packed, tau, mT(c).contiguous(),
              **tol(dtype))


# ----------------------------------------------------------------------------- eigh

def check_eigh(a, dtype, lower=True):
    want_w, _ = torch.linalg.eigh(a, UPLO="L" if lower else "U")
    x = a.numpy()
    tri = np.tril(x) if lower else np.triu(x)
    sym = tri + mT(np.tril(x, -1) if lower else np.triu(x, 1))
    scale = max(1.0, float(np.abs(sym).max())) if sym.size else 1.0
    for w, v in runs(lambda a: torch.linalg.eigh(a, UPLO="L" if lower else "U"), a):
        np.testing.assert_allclose(w, want_w.numpy(), **tol(dtype, scale))
        np.testing.assert_allclose(sym @ v, v * w[..., None, :], **tol(dtype, 10 * scale))
        assert_orthonormal_columns(v, dtype)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("batch", BATCHES)
@pytest.mark.parametrize("n", [1, 4, 5])
def test_eigh(dtype, batch, n):
    a = randn(dtype, batch + (n, n))
    check_eigh(a, dtype, lower=True)
    check_eigh(a, dtype, lower=False)
    check(torch.linalg.eigvalsh, a, **tol(dtype))


def test_eigh_repeated_and_rank_deficient():
    a = torch.diag(torch.tensor([2.0, -1.0, 2.0, 2.0, 0.0], dtype=torch.float64))
    q, _ = torch.linalg.qr(randn(torch.float64, (5, 5)))
    check_eigh(q @ a @ q.T, torch.float64)                              # a triple eigenvalue, and 0
    s = low_rank(torch.float32, (2,), 6, 2, 2)
    check_eigh(s @ mT(s), torch.float32)                                # rank 2 of 6
    check_eigh(torch.zeros(2, 3, 3), torch.float32)                     # already diagonal: no sweep


# ----------------------------------------------------------------------------- SVD

def check_svd(a, dtype, full_matrices):
    want_s = torch.linalg.svdvals(a).numpy()
    x = a.numpy()
    m, n = x.shape[-2:]
    k = min(m, n)
    scale = max(1.0, float(np.abs(want_s).max())) if want_s.size else 1.0
    for u, s, vh in runs(lambda a: torch.linalg.svd(a, full_matrices=full_matrices), a):
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
    a = randn(dtype, batch + shape)
    check_svd(a, dtype, full_matrices=False)
    check_svd(a, dtype, full_matrices=True)


def test_svd_rank_deficient():
    check_svd(low_rank(torch.float64, (2,), 6, 4, 2), torch.float64, full_matrices=True)
    check_svd(low_rank(torch.float32, (), 3, 5, 1), torch.float32, full_matrices=False)
    zero_col = torch.tensor([[1.0, 0.0, 2.0], [3.0, 0.0, 4.0], [5.0, 0.0, 6.0], [7.0, 0.0, 8.0]])
    check_svd(zero_col, torch.float32, full_matrices=True)              # an exact zero singular value
    check_svd(torch.zeros(4, 3, dtype=torch.float64), torch.float64, full_matrices=True)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_svd_based_values(dtype):
    """Ops whose results do not depend on the vectors' signs: compared directly."""
    a = randn(dtype, (2, 5, 3))
    sq = randn(dtype, (2, 4, 4))
    t = tol(dtype, 10)
    check(torch.linalg.svdvals, a, **t)
    check(lambda a: torch.svd(a)[1], a, **t)
    check(lambda a: torch.linalg.matrix_norm(a, "nuc"), a, **t)
    check(lambda a: torch.linalg.matrix_norm(a, 2), a, **t)
    check(lambda a: torch.linalg.matrix_norm(a, -2), a, **t)
    check(torch.linalg.cond, sq, **tol(dtype, 100))
    check(torch.linalg.pinv, a, **t)
    check(lambda a: torch.linalg.pinv(a, hermitian=True), sq @ mT(sq), **tol(dtype, 100))
    check(lambda a: torch.linalg.pinv(a, atol=0.5), a, **t)
    check(torch.linalg.matrix_rank, low_rank(dtype, (3,), 5, 4, 2))
    check(lambda a: torch.linalg.matrix_rank(a, hermitian=True), low_rank(dtype, (), 4, 4, 1))
    check(torch.linalg.pinv, low_rank(dtype, (), 5, 4, 2), **tol(dtype, 100))


# ----------------------------------------------------------------------------- empty and bad input

@pytest.mark.parametrize("shape", [(0, 3), (3, 0), (0, 0), (2, 0, 0)])
def test_empty(shape):
    a = torch.zeros(shape)
    check(lambda a: torch.linalg.qr(a, mode="complete"), a)
    check(torch.linalg.qr, a)
    check(lambda a: torch.linalg.svd(a, full_matrices=True), a)
    check(lambda a: torch.linalg.svd(a, full_matrices=False), a)
    check(torch.linalg.pinv, a)
    if shape[-1] == shape[-2]:
        check(torch.linalg.eigh, a)


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
