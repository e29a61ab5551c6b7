"""renorm of f16 decomposes through prims.convert_element_type (the norm taken in f32)."""
from __future__ import annotations

import numpy as np
import torch

import shlo


class _Renorm(torch.nn.Module):
    def forward(self, x):
        return torch.renorm(x, p=2, dim=0, maxnorm=1.5)


def test_renorm_f16():
    x = torch.linspace(-2, 3, 12).reshape(3, 4).half()
    prog = shlo.from_torch(_Renorm(), (x,))
    got = np.asarray(shlo.interpret(prog, x.numpy())[0])
    np.testing.assert_allclose(got.astype(np.float32), _Renorm()(x).numpy().astype(np.float32), rtol=2e-3, atol=2e-3)
