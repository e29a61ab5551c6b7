"""F.linear_cross_entropy's chunked path (torch_nn ops) against eager: mean / sum / none, class
weights, ignore_index, a bias, f16 input."""
from __future__ import annotations

import numpy as np
import torch
import torch.nn.functional as F

import shlo
from torch_wrap import Fn as _Fn


def test_linear_cross_entropy_chunked():
    g = torch.Generator().manual_seed(4)
    x, w = torch.randn(6, 5, generator=g), torch.randn(7, 5, generator=g)
    t = torch.tensor([0, 3, 6, 2, 2, 1])
    cw, bias = torch.rand(7, generator=g) + 0.5, torch.randn(7, generator=g)
    opts = torch.nn.LinearCrossEntropyOptions(batch_chunk_size=2)
    for dtype, tol in ((torch.float32, 1e-5), (torch.float16, 2e-3)):
        for kw in (dict(reduction="mean", weight=cw, ignore_index=2), dict(reduction="sum", linear_bias=bias),
                   dict(reduction="none", ignore_index=3)):
            fn = lambda x, w, t: F.linear_cross_entropy(x, w, t, options=opts, **kw)  # noqa: E731
            args = (x.to(dtype), w.to(dtype), t)
            prog = shlo.from_torch(_Fn(fn), args)
            assert "torch_nn" in str(torch.export.export(_Fn(fn), args).graph_module.code)
            got = np.asarray(shlo.interpret(prog, *[a.numpy() for a in args])[0])
            np.testing.assert_allclose(got.astype(np.float64), fn(*args).double().numpy(), rtol=tol, atol=tol)
