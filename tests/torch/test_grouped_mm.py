"""Grouped matrix products (F.grouped_mm, and the `transformers::grouped_mm_fallback` custom op
that transformers' mixture-of-experts layers export with in f32): every layout, with an empty
group, interpreted against eager PyTorch (tools/torch_heldout.py's Mixtral also compiles them)."""
from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import shlo
from torch_wrap import Fn, leaves, together


def test_grouped_mm_layouts():
    pytest.importorskip("transformers")
    import transformers.integrations.moe  # noqa: F401  (registers the custom op)
    g = torch.Generator().manual_seed(0)
    r = lambda *s: torch.randn(*s, generator=g).to(torch.bfloat16)  # noqa: E731
    i32 = lambda *v: torch.tensor(v, dtype=torch.int32)  # noqa: E731
    fn = together(
        lambda a, w, a3, b2, a2, b, c: F.grouped_mm(a, w, offs=i32(2, 2, 6)),     # rows grouped, group 1 empty
        lambda a, w, a3, b2, a2, b, c: F.grouped_mm(a3, b2, offs=i32(8, 32)),     # columns of B grouped
        lambda a, w, a3, b2, a2, b, c: F.grouped_mm(a2, b, offs=i32(16, 16, 32)),  # the contraction grouped
        lambda a, w, a3, b2, a2, b, c: F.grouped_mm(a3, c),                        # batched
        lambda a, w, a3, b2, a2, b, c: torch.ops.transformers.grouped_mm_fallback(  # f32, rows grouped
            a.float(), w.float(), torch.tensor([3, 3, 5])),
    )
    args = (r(6, 8), r(3, 8, 16), r(2, 8, 16), r(16, 32), r(8, 32), r(32, 16), r(2, 16, 8))
    prog = shlo.from_torch(Fn(fn), args)
    got = leaves(prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*args))))
    want = leaves(fn(*args))
    assert len(got) == len(want) == 5
    for a, b in zip(got, want):       # (the fallback's row 5, past the last offset, is zero in both)
        np.testing.assert_allclose(np.asarray(a).astype(np.float32), b.float().numpy(), rtol=1e-2, atol=1e-2)
