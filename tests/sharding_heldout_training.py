"""Held-out-style sharded training programs (tests/sharding_heldout_cases.py): whole steps as
users write them, where the gradients go back through collectives (the transposes of
all_gather, psum_scatter, all_to_all and ppermute), remat inside shard_map, a Megatron-style
tensor-parallel block, a pipelined backward pass and an AdamW transformer step with donation."""
from __future__ import annotations

import functools

import numpy as np

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from sharding_heldout_cases import case_fields, ints, normal, program, user_mesh


def _layer_norm(x, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    return (x - mu) * jax.lax.rsqrt(((x - mu) ** 2).mean(-1, keepdims=True) + eps)


@program
def transformer_adamw_step_donated():
    """A one-layer transformer language model trained with AdamW written by hand: params and both
    moments donated, weights over "model", batch over "data", activations constrained."""
    m = user_mesh((2, 4), ("data", "model"))
    s = functools.partial(NamedSharding, m)
    vocab, d, heads, t = 16, 16, 4, 8
    pspec = {"emb": P(None, "model"), "qkv": P(None, "model"), "out": P("model", None),
             "up": P(None, "model"), "down": P("model", None)}

    def model(p, tokens):
        x = p["emb"][tokens]                                                    # (b, t, d)
        x = jax.lax.with_sharding_constraint(x, s(P("data", None, None)))
        q, k, v = jnp.split(_layer_norm(x) @ p["qkv"], 3, axis=-1)
        split = lambda u: u.reshape(*u.shape[:2], heads, -1)                   # noqa: E731
        q, k, v = split(q), split(k), split(v)
        att = jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(d // heads)
        att = jnp.where(jnp.tril(jnp.ones((t, t), bool)), att, -1e9)
        o = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(att, -1), v).reshape(x.shape)
        x = x + o @ p["out"]
        x = x + jax.nn.gelu(_layer_norm(x) @ p["up"]) @ p["down"]
        return x @ p["emb"].T

    def loss_fn(p, tokens):
        logits = model(p, tokens[:, :-1])
        logp = jax.nn.log_softmax(logits)
        return -jnp.take_along_axis(logp, tokens[:, 1:, None], -1).mean()

    def step(p, mu, nu, tokens, count):
        loss, g = jax.value_and_grad(loss_fn)(p, tokens)
        mu = jax.tree.map(lambda a, b: 0.9 * a + 0.1 * b, mu, g)
        nu = jax.tree.map(lambda a, b: 0.99 * a + 0.01 * b * b, nu, g)
        c = count + 1
        def upd(w, m_, v_):
            mhat, vhat = m_ / (1 - 0.9 ** c), v_ / (1 - 0.99 ** c)
            return w - 1e-2 * (mhat / (jnp.sqrt(vhat) + 1e-8) + 0.01 * w)
        return jax.tree.map(upd, p, mu, nu), mu, nu, loss, c

    keys = sorted(pspec)
    shapes = {"emb": (vocab, d), "qkv": (d, 3 * d), "out": (d, d), "up": (d, 2 * d), "down": (2 * d, d)}
    params = [normal(600 + i, *shapes[k], scale=0.2) for i, k in enumerate(keys)]
    zeros = [np.zeros(shapes[k], np.float32) for k in keys]
    ps = [s(pspec[k]) for k in keys]

    @functools.partial(jax.jit, donate_argnums=tuple(range(15)),
                       out_shardings=(ps, ps, ps, s(P()), s(P())))
    def flat_step(*a):
        tree = lambda xs: dict(zip(keys, xs))                                  # noqa: E731
        p, mu, nu, *_ = step(tree(a[:5]), tree(a[5:10]), tree(a[10:15]), a[15], a[16])
        return [p[k] for k in keys], [mu[k] for k in keys], [nu[k] for k in keys], *_

    args = params + zeros + zeros + [ints(610, vocab, 4, t + 1), np.array(0, np.int32)]
    specs = [pspec[k] for k in keys] * 3 + [P("data", None), P()]
    return case_fields(flat_step, args, specs, m, tol=2e-3)


@program
def megatron_tensor_parallel_block_grads():
    """Megatron-style MLP in shard_map: column-parallel then row-parallel weights, one psum in the
    forward pass; jax.grad through the shard_map gives the weight gradients per shard."""
    m = user_mesh((4,), ("tp",))

    def block(x, w1, w2):
        return jax.lax.psum(jax.nn.relu(x @ w1) @ w2, "tp")

    sm = jax.shard_map(block, mesh=m, in_specs=(P(), P(None, "tp"), P("tp", None)), out_specs=P())

    def loss(w1, w2, x, y):
        return jnp.mean((sm(x, w1, w2) - y) ** 2)

    f = jax.jit(jax.value_and_grad(loss, argnums=(0, 1)))
    return case_fields(f, [normal(620, 8, 16, scale=0.3), normal(621, 16, 8, scale=0.3), normal(622, 6, 8),
                           normal(623, 6, 8)], [P(None, "tp"), P("tp", None), P(), P()], m, tol=1e-3)


@program
def grads_through_all_gather_psum_scatter_all_to_all():
    """The gradient of a shard_map chaining a tiled all_gather, a psum_scatter and an all_to_all
    (JAX transposes each into another collective)."""
    m = user_mesh((4,), ("d",))

    def body(x, w):
        full = jax.lax.all_gather(x, "d", axis=0, tiled=True)                  # (16, 4)
        h = jnp.tanh(full @ w)                                                 # (16, 8)
        part = jax.lax.psum_scatter(h, "d", scatter_dimension=0, tiled=True)   # (4, 8)
        moved = jax.lax.all_to_all(part, "d", 1, 0, tiled=True)                # (16, 2)
        return jnp.sum(moved ** 2)[None]

    sm = jax.shard_map(body, mesh=m, in_specs=(P("d"), P()), out_specs=P("d"))
    f = jax.jit(jax.grad(lambda x, w: sm(x, w).sum(), argnums=(0, 1)))
    return case_fields(f, [normal(630, 16, 4), normal(631, 4, 8, scale=0.5)], [P("d"), P()], m, tol=1e-3)


@program
def remat_inside_shard_map_with_collectives():
    """jax.checkpoint around a per-device layer that holds a psum and a ppermute; gradients recompute it."""
    m = user_mesh((4,), ("r",))

    @jax.checkpoint
    def layer(h, w):
        h = jnp.sin(h @ w)
        h = h - jax.lax.pmean(h.mean(0), "r")
        return h + jax.lax.ppermute(h, "r", [(i, (i + 1) % 4) for i in range(4)])

    def net(x, ws):
        for i in range(ws.shape[0]):
            x = layer(x, ws[i])
        return jax.lax.psum(jnp.sum(x ** 2), "r")

    sm = jax.shard_map(net, mesh=m, in_specs=(P("r"), P()), out_specs=P())
    f = jax.jit(jax.value_and_grad(sm, argnums=1))
    return case_fields(f, [normal(640, 8, 4), normal(641, 3, 4, 4, scale=0.5)], [P("r"), P()], m, tol=1e-3)


@program
def pipeline_forward_backward_with_scan():
    """A 4-stage pipeline in shard_map, lax.scan over ticks with ppermute between stages, and
    jax.grad of the last stage's loss with respect to every stage's weights."""
    m = user_mesh((4,), ("pp",))
    stages, micro = 4, 3

    def forward(w, xs):
        me = jax.lax.axis_index("pp")

        def tick(carry, t):
            state, loss = carry
            state = jnp.where(me == 0, xs[jnp.minimum(t, micro - 1)], state)
            state = jnp.tanh(state @ w[0])
            done = (me == stages - 1) & (t >= stages - 1)
            loss = loss + jnp.where(done, jnp.sum(state ** 2), 0.0)
            return (jax.lax.ppermute(state, "pp", [(i, (i + 1) % stages) for i in range(stages)]), loss), None

        (_, loss), _ = jax.lax.scan(tick, (jnp.zeros_like(xs[0]), 0.0), jnp.arange(micro + stages - 1))
        return jax.lax.psum(loss, "pp")

    sm = jax.shard_map(forward, mesh=m, in_specs=(P("pp"), P()), out_specs=P(), check_vma=False)
    f = jax.jit(jax.value_and_grad(sm))
    return case_fields(f, [normal(650, stages, 6, 6, scale=0.4), normal(651, micro, 2, 6)], [P("pp"), P()], m,
                       tol=1e-3)


@program
def data_parallel_step_with_grad_accumulation():
    """Gradient accumulation over microbatches with lax.scan under jit, batch over "dp", the mean
    gradient applied once; the microbatch axis unsharded."""
    m = user_mesh((8,), ("dp",))

    @functools.partial(jax.jit, out_shardings=(NamedSharding(m, P()), NamedSharding(m, P())))
    def step(w, xs, ys):                  # xs: (micro, batch, d)
        def acc(g, xy):
            x, y = xy
            return g + jax.grad(lambda w: jnp.mean((jnp.tanh(x @ w) - y) ** 2))(w), None
        g, _ = jax.lax.scan(acc, jnp.zeros_like(w), (xs, ys))
        return w - 0.1 * g / xs.shape[0], jnp.linalg.norm(g)

    return case_fields(step, [normal(660, 6, 3), normal(661, 4, 16, 6), normal(662, 4, 16, 3)],
                       [P(), P(None, "dp"), P(None, "dp")], m, tol=1e-3)


@program
def contrastive_loss_all_gather_embeddings():
    """CLIP-style contrastive loss: each device gathers every device's embeddings (all_gather,
    untiled), computes its rows of the similarity matrix, labels from axis_index; with gradients."""
    m = user_mesh((4,), ("b",))

    def loss(img, txt):
        img = img / jnp.linalg.norm(img, axis=-1, keepdims=True)
        txt = txt / jnp.linalg.norm(txt, axis=-1, keepdims=True)
        all_txt = jax.lax.all_gather(txt, "b", tiled=True)                    # (B, d)
        logits = img @ all_txt.T * 10.0                                        # (b_local, B)
        labels = jax.lax.axis_index("b") * img.shape[0] + jnp.arange(img.shape[0])
        logp = jax.nn.log_softmax(logits, -1)
        return jax.lax.pmean(-jnp.take_along_axis(logp, labels[:, None], -1).mean(), "b")

    sm = jax.shard_map(loss, mesh=m, in_specs=(P("b"), P("b")), out_specs=P())
    f = jax.jit(jax.value_and_grad(sm, argnums=(0, 1)))
    return case_fields(f, [normal(670, 8, 5), normal(671, 8, 5)], [P("b"), P("b")], m, tol=1e-3)


@program
def batchnorm_training_with_pmean_statistics():
    """Sync batch norm: per-device batch statistics combined with pmean, running averages updated,
    the gradient taken through the pmeans."""
    m = user_mesh((2, 4), ("replica", "batch"))

    def bn_loss(scale, x, running):
        mean = jax.lax.pmean(x.mean(0), ("replica", "batch"))
        var = jax.lax.pmean(((x - mean) ** 2).mean(0), ("replica", "batch"))
        y = (x - mean) / jnp.sqrt(var + 1e-5) * scale
        return jax.lax.pmean(jnp.mean(jnp.tanh(y) ** 2), ("replica", "batch")), 0.9 * running + 0.1 * mean

    sm = jax.shard_map(bn_loss, mesh=m, in_specs=(P(), P(("replica", "batch")), P()), out_specs=(P(), P()))
    f = jax.jit(jax.value_and_grad(sm, has_aux=True))
    return case_fields(f, [normal(680, 5) + 1.0, normal(681, 32, 5), np.zeros(5, np.float32)],
                       [P(), P(("replica", "batch")), P()], m, tol=1e-3)
