"""The JAX programs the benchmarks share (no shlo import: benchmarks/gpu.py runs them where
there is no MLIR)."""
from __future__ import annotations

import numpy as np


def weights(rng, *shape, scale=None):
    scale = 1.0 / np.sqrt(shape[0]) if scale is None else scale
    return (rng.standard_normal(shape) * scale).astype(np.float32)


DECODER = dict(seq=256, width=512, heads=8, hidden=2048)


def decoder_block(rng):
    """The decoder block: (jax function, arguments, causal mask)."""
    import jax
    import jax.numpy as jnp
    seq, width, heads, hidden = (DECODER[k] for k in ("seq", "width", "heads", "hidden"))
    head = width // heads
    mask = np.tril(np.ones((seq, seq), bool))
    args = [weights(rng, seq, width, scale=1.0), weights(rng, width, 3 * width), weights(rng, width, width),
            weights(rng, width, hidden), weights(rng, hidden, width),
            1 + weights(rng, width, scale=0.1), weights(rng, width, scale=0.1),
            1 + weights(rng, width, scale=0.1), weights(rng, width, scale=0.1)]

    def norm(x, g, b):
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) * jax.lax.rsqrt(var + 1e-5) * g + b

    def heads_first(t):
        return t.reshape(seq, heads, head).transpose(1, 0, 2)

    def fn(x, w_qkv, w_out, w_up, w_down, g1, b1, g2, b2):
        q, k, v = (heads_first(t) for t in jnp.split(norm(x, g1, b1) @ w_qkv, 3, axis=-1))
        scores = jnp.where(mask, q @ k.transpose(0, 2, 1) / np.float32(np.sqrt(head)), np.float32(-1e9))
        attended = (jax.nn.softmax(scores, axis=-1) @ v).transpose(1, 0, 2).reshape(seq, width)
        x = x + attended @ w_out
        return x + jax.nn.gelu(norm(x, g2, b2) @ w_up, approximate=False) @ w_down
    return fn, args, mask


def decoder(rng):
    """The decoder block: (jax function, arguments, None)."""
    return decoder_block(rng)
