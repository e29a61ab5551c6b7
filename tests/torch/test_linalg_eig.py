"""torch.linalg.eig / eigvals through the shlo.linalg.eig composite: eigenpairs checked by the
residual A V = V diag(w) and against eager's values (order free: torch specifies none)."""
from __future__ import annotations

import numpy as np
import pytest
import torch

import shlo
from torch_wrap import Fn as _Fn

pytest.importorskip("jax")     # the composite's decomposition is lowered by JAX

RNG = np.random.default_rng(3)


def _same_set(got, want, tol):
    """Each of eager's eigenvalues has one of ours within tol (and the counts agree)."""
    got, want = list(np.asarray(got).reshape(-1)), list(np.asarray(want).reshape(-1))
    assert len(got) == len(want)
    for w in want:
        k = int(np.argmin([abs(g - w) for g in got]))
        assert abs(got[k] - w) <= tol * (1 + abs(w)), (got, want)
        got.pop(k)


@pytest.mark.parametrize("dtype,batch", [(torch.float32, ()), (torch.complex128, (2,))])
def test_eig_pairs(dtype, batch):
    a = torch.from_numpy(RNG.standard_normal(batch + (4, 4))).to(dtype)
    if dtype.is_complex:
        a = a + 1j * torch.from_numpy(RNG.standard_normal(batch + (4, 4))).to(dtype)
    prog = shlo.from_torch(_Fn(torch.linalg.eig), (a,))
    assert "shlo.linalg.eig" in str(prog.module)
    w, v = (np.asarray(x) for x in shlo.interpret(prog, a.numpy()))
    tol = 1e-4 if dtype == torch.float32 else 1e-10
    ew, _ = torch.linalg.eig(a)
    for i in np.ndindex(*batch):
        _same_set(w[i], ew[i].numpy(), tol)
        m = a[i].numpy().astype(np.complex128)
        assert np.abs(m @ v[i] - v[i] * w[i][None, :]).max() <= 10 * tol * np.abs(m).max()
        assert np.allclose(np.linalg.norm(v[i], axis=0), 1, atol=tol)


def test_eigvals_and_empty():
    a = torch.tensor([[0.0, -2.0], [2.0, 0.0]])          # eigenvalues +-2i
    prog = shlo.from_torch(_Fn(torch.linalg.eigvals), (a,))
    _same_set(shlo.interpret(prog, a.numpy())[0], np.array([2j, -2j]), 1e-6)
    e = torch.zeros(3, 0, 0, dtype=torch.float64)
    w, v = shlo.interpret(shlo.from_torch(_Fn(torch.linalg.eig), (e,)), e.numpy())
    assert np.asarray(w).shape == (3, 0) and np.asarray(v).shape == (3, 0, 0)
    assert np.asarray(w).dtype == np.complex128


def test_eig_without_jax_names_the_node(monkeypatch):
    from shlo.importers import stablehlo_lapack

    def no_jax(*args):
        raise ImportError("No module named 'jax'")
    monkeypatch.setattr(stablehlo_lapack, "_lowered", no_jax)
    a = torch.ones(3, 3, dtype=torch.float64)
    with pytest.raises(shlo.ShloError, match=r"linalg_eig.*needs JAX"):
        shlo.from_torch(_Fn(torch.linalg.eigvals), (a,))
