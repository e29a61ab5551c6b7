"""scaled_dot_product_attention kept whole (ops/attention.py): converted directly when
decompose=False, and by from_torch when torch's decomposition of it fails (symbolic sizes whose
decomposed strides break a later view); flex_attention (ops/flex_attention.py); checked against eager PyTorch."""
from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import shlo
from torch_wrap import Fn, leaves, together


def test_sdpa_masks_causal_gqa_and_fully_masked_rows():
    g = torch.Generator().manual_seed(0)
    q, k, v = (torch.randn(2, 4, 5, 8, generator=g) for _ in range(3))
    bool_mask = torch.rand(5, 5, generator=g) > 0.3
    bool_mask[2] = False                                   # a fully masked row: zeros, not NaN
    float_mask = torch.randn(2, 1, 5, 5, generator=g)
    fn = together(lambda q, k, v: F.scaled_dot_product_attention(q, k, v, is_causal=True),
                  lambda q, k, v: F.scaled_dot_product_attention(q, k, v, attn_mask=bool_mask),
                  lambda q, k, v: F.scaled_dot_product_attention(q, k, v, attn_mask=float_mask, scale=0.2),
                  lambda q, k, v: F.scaled_dot_product_attention(q, k[:, :2], v[:, :2], enable_gqa=True),
                  lambda q, k, v: F.scaled_dot_product_attention(q.half(), k.half(), v.half()).float())
    prog = shlo.from_torch(Fn(fn), (q, k, v), decompose=False)
    assert "scaled_dot_product" not in str(prog)
    got, want = shlo.interpret(prog, q.numpy(), k.numpy(), v.numpy()), leaves(fn(q, k, v))
    assert len(got) == len(want)
    for i, (a, b) in enumerate(zip(got, want)):
        tol = 2e-3 if i == 4 else 1e-5
        np.testing.assert_allclose(np.asarray(a), b.numpy(), rtol=tol, atol=tol)


def test_sdpa_kept_whole_where_its_decomposition_fails():
    def fn(q, k, v):
        b, h, t, e = q.shape
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(b, t, h * e)
        return y.view(-1, h * e)
    b, t = torch.export.Dim("b", min=2, max=8), torch.export.Dim("t", min=2, max=32)
    prog = shlo.from_torch(Fn(fn), tuple(torch.randn(2, 4, 5, 8) for _ in range(3)),
                           dynamic_shapes=(({0: b, 2: t},) * 3,))
    x = [torch.randn(3, 4, 7, 8) for _ in range(3)]
    np.testing.assert_allclose(np.asarray(shlo.interpret(prog, *[a.numpy() for a in x])[0]), fn(*x).numpy(),
                               rtol=1e-5, atol=1e-5)


@pytest.mark.thin(2)
@pytest.mark.parametrize("with_block_mask", [False, True])
def test_flex_attention(with_block_mask):
    # score_mod with a captured bias table and -inf entries, grouped-query heads, the logsumexp
    # output; the block mask case (causal + sliding window) is the slow one: torch's
    # create_block_mask takes seconds, so the default run leaves it out
    from torch.nn.attention.flex_attention import create_block_mask, flex_attention
    g = torch.Generator().manual_seed(1)
    q = torch.randn(2, 4, 6, 8, generator=g)
    k, v = (torch.randn(2, 2, 6, 8, generator=g) for _ in range(2))
    table = torch.randn(11, generator=g)

    def rel_bias(score, b, h, qi, ki):
        return torch.where(qi >= ki, score + table[qi - ki + 5] * (h + 1), -float("inf"))

    def window(b, h, qi, ki):
        return (qi >= ki) & (qi - ki < 3)
    mask = create_block_mask(window, None, None, 6, 6, device="cpu") if with_block_mask else None
    fn = together(lambda q, k, v: flex_attention(q, k, v, score_mod=rel_bias, block_mask=mask, enable_gqa=True,
                                                 return_lse=True),
                  lambda q, k, v: flex_attention(q, k.repeat(1, 2, 1, 1), v.repeat(1, 2, 1, 1), scale=0.3))
    prog = shlo.from_torch(Fn(fn), (q, k, v))
    got, want = shlo.interpret(prog, q.numpy(), k.numpy(), v.numpy()), leaves(fn(q, k, v))
    assert len(got) == len(want) == 3
    for a, b in zip(got, want):
        np.testing.assert_allclose(np.asarray(a), b.numpy(), rtol=1e-5, atol=1e-5)
