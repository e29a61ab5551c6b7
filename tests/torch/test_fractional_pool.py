"""fractional_max_pool2d / 3d with the random samples passed in (_random_samples): values and
indices equal to eager's, batched and unbatched, f32 and f16 (window starts in the input dtype)."""
from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import shlo
from torch_wrap import Fn as _Fn


G = torch.Generator().manual_seed(5)
CASES = [
    (F.fractional_max_pool2d, torch.randn(2, 3, 9, 8, generator=G), dict(kernel_size=3, output_size=(4, 3)),
     torch.rand(2, 3, 2, generator=G)),
    (F.fractional_max_pool2d, torch.randn(3, 7, 7, generator=G).half(), dict(kernel_size=(2, 3), output_size=(3, 3)),
     torch.rand(1, 3, 2, generator=G).half()),
    (F.fractional_max_pool3d, torch.randn(1, 2, 6, 7, 8, generator=G), dict(kernel_size=2, output_size=(3, 4, 2)),
     torch.rand(1, 2, 3, generator=G)),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_fractional_max_pool_with_samples(case):
    pool, x, kw, u = CASES[case]
    x[..., 0, 1] = float("nan")                      # a NaN wins its windows, as in ATen
    fn = lambda x, u: pool(x, return_indices=True, _random_samples=u, **kw)  # noqa: E731
    prog = shlo.from_torch(_Fn(fn), (x, u))
    got = shlo.interpret(prog, x.numpy(), u.numpy())
    want = fn(x, u)
    np.testing.assert_array_equal(np.asarray(got[0]), want[0].numpy())
    np.testing.assert_array_equal(np.asarray(got[1]), want[1].numpy())
