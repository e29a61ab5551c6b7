"""Held-out-style sharded programs, a seventh round (tests/sharding_heldout_cases.py): shard_map
with psum_scatter / all_gather variants (reduce-scatter then all-gather as an all-reduce, untiled
and tiled forms along other dimensions and over axis pairs), pipelines with ppermute rings (both
directions, a ring all-reduce, microbatches in a scan), expert-parallel MoE with all_to_all (top-1
routing with a capacity, on a 1-D and a 2-D mesh), 2-D FSDP + tensor parallel transformer blocks
(jit with shardings and constraints, the same by hand in shard_map, a training step), and named-axis
collectives inside scan, cond, switch and while_loop.

Not here: shard_map bodies over a symbolic dimension that is not the one split over the mesh.
JAX 0.10.2's own export of them does not run: `a * 2` leaves a dynamic_broadcast_in_dim that
its shape refinement cannot make static ("Module has dynamic shapes"). A scan with a psum, or a
symbolic-width dynamic_slice followed by an all_gather, crashes the process (a segmentation
fault in refine_polymorphic_shapes). So JAX gives no reference values for them."""
from __future__ import annotations

import numpy as np

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from sharding_heldout_cases import case_fields, ints, normal, program, user_mesh


# ------------------------------------------------------------------ psum_scatter / all_gather

@program
def reduce_scatter_then_all_gather_is_psum():
    """The bandwidth-optimal all-reduce: psum_scatter (tiled) then all_gather (tiled); also the
    psum itself."""
    m = user_mesh((8,), ("x",))

    def body(a):
        rs = jax.lax.psum_scatter(a, "x", scatter_dimension=0, tiled=True)
        return jax.lax.all_gather(rs * 1.0, "x", axis=0, tiled=True), jax.lax.psum(a, "x")

    # all_gather's result is typed as varying over "x" (all_gather_invariant would say otherwise)
    sm = jax.shard_map(body, mesh=m, in_specs=P("x"), out_specs=(P(), P()), check_vma=False)
    return case_fields(jax.jit(sm), [normal(1000, 64, 3)], [P("x")], m)


@program
def psum_scatter_untiled_over_columns_2d_mesh():
    """Untiled psum_scatter along dimension 1 over "y" (the dimension is the axis size and goes away)."""
    m = user_mesh((2, 4), ("x", "y"))

    def body(a):                            # a: (4, 4) local
        return jax.lax.psum_scatter(a, "y", scatter_dimension=1, tiled=False)[:, None]

    sm = jax.shard_map(body, mesh=m, in_specs=P("x", None), out_specs=P("x", "y"))
    return case_fields(jax.jit(sm), [normal(1001, 8, 4)], [P("x", None)], m)


@program
def all_gather_tiled_axis1_over_axis_pair():
    """all_gather over ("x", "y") along dimension 1, tiled: every device holds the whole matrix."""
    m = user_mesh((2, 4), ("x", "y"))

    def body(a):
        g = jax.lax.all_gather(a, ("x", "y"), axis=1, tiled=True)
        return g @ g.T

    sm = jax.shard_map(body, mesh=m, in_specs=P(None, ("x", "y")), out_specs=P(), check_vma=False)
    return case_fields(jax.jit(sm), [normal(1002, 4, 16)], [P(None, ("x", "y"))], m)


@program
def all_gather_untiled_then_weighted_sum():
    """all_gather untiled (a new leading axis of size 4), weighted by the device index."""
    m = user_mesh((4, 2), ("d", "r"))

    def body(a):
        g = jax.lax.all_gather(a, "d")                   # (4, 2, 3)
        w = jnp.arange(1.0, 5.0)[:, None, None]
        return (g * w).sum(0) + jax.lax.axis_index("d").astype(jnp.float32)

    sm = jax.shard_map(body, mesh=m, in_specs=P("d"), out_specs=P("d"))
    return case_fields(jax.jit(sm), [normal(1003, 8, 3)], [P("d")], m)


@program
def psum_scatter_over_axis_pair_dim1():
    """psum_scatter tiled over ("y", "x") (minor first) along dimension 1."""
    m = user_mesh((2, 4), ("x", "y"))

    def body(a):                            # a: (2, 16) replicated
        v = jax.lax.pcast(a, ("y",), to="varying") * (1.0 + jax.lax.axis_index("x"))
        return jax.lax.psum_scatter(v, ("y", "x"), scatter_dimension=1, tiled=True)

    sm = jax.shard_map(body, mesh=m, in_specs=P(), out_specs=P(None, ("y", "x")))
    return case_fields(jax.jit(sm), [normal(1004, 2, 16)], [P()], m)


# ------------------------------------------------------------------ ppermute rings

@program
def bidirectional_ring_in_fori_loop():
    """Halves of the local block go round the ring in both directions for 3 steps, summed."""
    m = user_mesh((8,), ("ring",))
    fwd = [(i, (i + 1) % 8) for i in range(8)]
    bwd = [(i, (i - 1) % 8) for i in range(8)]

    def body(a):
        def step(_, c):
            left, right, acc = c
            left = jax.lax.ppermute(left, "ring", fwd)
            right = jax.lax.ppermute(right, "ring", bwd)
            return left, right, acc + left - right
        _, _, acc = jax.lax.fori_loop(0, 3, step, (a, a * 2, a))
        return acc

    sm = jax.shard_map(body, mesh=m, in_specs=P("ring"), out_specs=P("ring"))
    return case_fields(jax.jit(sm), [normal(1010, 16, 5)], [P("ring")], m)


@program
def ring_all_reduce_by_ppermute_scan():
    """A ring all-reduce written by hand: 7 ppermute steps in a scan, each adding the neighbour's
    running sum; compared on device with psum."""
    m = user_mesh((8,), ("d",))
    ring = [(i, (i + 1) % 8) for i in range(8)]

    def body(a):
        def step(c, _):
            send, total = c
            send = jax.lax.ppermute(send, "d", ring)
            return (send, total + send), None
        (_, total), _ = jax.lax.scan(step, (a, a), None, length=7)
        return total, jax.lax.psum(a, "d")

    sm = jax.shard_map(body, mesh=m, in_specs=P("d"), out_specs=(P("d"), P()))
    return case_fields(jax.jit(sm), [normal(1011, 8, 4)], [P("d")], m, tol=1e-5)


@program
def pipeline_microbatches_in_scan():
    """4 pipeline stages on a ring along "pp", 2-way data parallel along "dp": a scan over
    microbatch ticks, stage 0 reads microbatch t, each stage applies its weight and sends on;
    the last stage's outputs are summed out over "pp"."""
    m = user_mesh((2, 4), ("dp", "pp"))
    n_micro, n_stages = 5, 4

    def stage(w, xs):                       # w: (1, d, d); xs: (M, b, d)
        idx = jax.lax.axis_index("pp")

        def tick(state, t):
            feed = xs[jnp.minimum(t, n_micro - 1)]
            state = jnp.where(idx == 0, feed, state)
            out = jnp.maximum(state @ w[0], 0.0)
            last = jnp.where(idx == n_stages - 1, out, jnp.zeros_like(out))
            return jax.lax.ppermute(out, "pp", [(i, (i + 1) % n_stages) for i in range(n_stages)]), last

        state0 = jax.lax.pcast(jnp.zeros(xs.shape[1:], xs.dtype), ("dp", "pp"), to="varying")
        _, lasts = jax.lax.scan(tick, state0, jnp.arange(n_micro + n_stages - 1))
        return jax.lax.psum(lasts[n_stages - 1:], "pp")

    sm = jax.shard_map(stage, mesh=m, in_specs=(P("pp"), P(None, "dp")), out_specs=P(None, "dp"))
    return case_fields(jax.jit(sm), [normal(1012, 4, 6, 6, scale=0.4), normal(1013, 5, 4, 6)],
                       [P("pp"), P(None, "dp")], m)


# ------------------------------------------------------------------ expert-parallel MoE

def _moe_layer(axis, n_exp, cap):
    """Top-1 routing with a capacity, dispatch by one-hot einsum, all_to_all to the experts'
    devices (one expert per device along `axis`), a ReLU FFN, all_to_all back, combine."""
    def layer(x, wg, w1, w2):               # x: (t, d) local tokens; w1: (1, d, f); w2: (1, f, d)
        logits = x @ wg
        probs = jax.nn.softmax(logits, axis=-1)
        expert = jnp.argmax(probs, axis=-1)
        gate = jnp.max(probs, axis=-1)
        onehot = jax.nn.one_hot(expert, n_exp, dtype=x.dtype)           # (t, E)
        pos = (jnp.cumsum(onehot, axis=0) - 1.0) * onehot               # slot of each token
        keep = (pos < cap) * onehot
        slots = jax.nn.one_hot(jnp.sum(pos * keep, -1).astype(jnp.int32), cap, dtype=x.dtype)
        dispatch = keep[:, :, None] * slots[:, None, :]                 # (t, E, C)
        buf = jnp.einsum("tec,td->ecd", dispatch, x)                    # (E, C, d)
        buf = jax.lax.all_to_all(buf, axis, 0, 0, tiled=True)           # (E*C rows of my expert)
        h = jnp.maximum(jnp.einsum("ecd,df->ecf", buf, w1[0]), 0.0)
        y = jnp.einsum("ecf,fd->ecd", h, w2[0])
        y = jax.lax.all_to_all(y, axis, 0, 0, tiled=True)
        return jnp.einsum("tec,ecd->td", dispatch, y) * gate[:, None]
    return layer


@program
def moe_top1_capacity_all_to_all():
    m = user_mesh((4,), ("ep",))
    d, f = 6, 8
    sm = jax.shard_map(_moe_layer("ep", 4, 3), mesh=m, in_specs=(P("ep"), P(), P("ep"), P("ep")),
                       out_specs=P("ep"))
    args = [normal(1020, 32, d), normal(1021, d, 4), normal(1022, 4, d, f, scale=0.5),
            normal(1023, 4, f, d, scale=0.5)]
    return case_fields(jax.jit(sm), args, [P("ep"), P(), P("ep"), P("ep")], m)


@program
def moe_on_dp_by_ep_mesh_with_aux_loss():
    """The same layer on a (dp=2, ep=4) mesh (tokens over both axes, experts over "ep", replicated
    over "dp"), plus a load-balancing loss pmean'd over both axes."""
    m = user_mesh((2, 4), ("dp", "ep"))
    d, f = 4, 6
    layer = _moe_layer("ep", 4, 2)

    def body(x, wg, w1, w2):
        y = layer(x, wg, w1, w2)
        frac = jax.nn.one_hot(jnp.argmax(x @ wg, -1), 4).mean(0)
        aux = jax.lax.pmean((frac * jax.nn.softmax(x @ wg, -1).mean(0)).sum() * 4, ("dp", "ep"))
        return y, aux

    specs = (P(("dp", "ep")), P(), P("ep"), P("ep"))
    sm = jax.shard_map(body, mesh=m, in_specs=specs, out_specs=(P(("dp", "ep")), P()))
    args = [normal(1024, 32, d), normal(1025, d, 4), normal(1026, 4, d, f, scale=0.5),
            normal(1027, 4, f, d, scale=0.5)]
    return case_fields(jax.jit(sm), args, list(specs), m)


# ------------------------------------------------------------------ 2-D FSDP + TP

def _block_params(seed, d=8, h=4, f=16):
    return [normal(seed, d, 3 * d, scale=0.3), normal(seed + 1, d, d, scale=0.3),
            normal(seed + 2, d, f, scale=0.3), normal(seed + 3, f, d, scale=0.3)], h


def _block(x, wqkv, wo, w1, w2, heads, constrain):
    """A pre-norm transformer block; `constrain(v, spec)` places activations."""
    b, s, d = x.shape
    y = (x - x.mean(-1, keepdims=True)) * jax.lax.rsqrt(x.var(-1, keepdims=True) + 1e-5)
    q, k, v = jnp.split(y @ wqkv, 3, axis=-1)
    split = lambda t: constrain(t.reshape(b, s, heads, d // heads), P("fsdp", None, "tp", None))  # noqa: E731
    q, k, v = split(q), split(k), split(v)
    att = jax.nn.softmax(jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(d // heads), axis=-1)
    o = jnp.einsum("bhqk,bkhd->bqhd", att, v).reshape(b, s, d)
    x = x + constrain(o @ wo, P("fsdp", None, None))
    hdn = constrain(jax.nn.gelu(x @ w1), P("fsdp", None, "tp"))
    return x + hdn @ w2


@program
def fsdp_tp_transformer_block_jit():
    """Weights sharded over both axes (FSDP along "fsdp" on the input dimension, TP along "tp" on
    the output one), activations constrained: XLA gathers what each matmul needs."""
    m = user_mesh((2, 4), ("fsdp", "tp"))
    params, heads = _block_params(1030)
    wsc = lambda t, s: jax.lax.with_sharding_constraint(t, jax.sharding.NamedSharding(m, s))  # noqa: E731
    fn = jax.jit(lambda x, *w: _block(x, *w, heads, wsc))
    specs = [P("fsdp", None, None), P("fsdp", "tp"), P("tp", "fsdp"), P("fsdp", "tp"), P("tp", "fsdp")]
    return case_fields(fn, [normal(1034, 4, 6, 8)] + params, specs, m, tol=2e-4)


@program
def fsdp_tp_mlp_by_hand_in_shard_map():
    """The MLP half of the block by hand: all_gather the FSDP shards of each weight, column-parallel
    first matmul, row-parallel second one, psum over "tp"."""
    m = user_mesh((2, 4), ("fsdp", "tp"))

    def mlp(x, w1, w2):                     # x: (b/2, d); w1: (d/2, f/4); w2: (f/4, d/2)
        w1 = jax.lax.all_gather(w1, "fsdp", axis=0, tiled=True)        # (d, f/4)
        w2 = jax.lax.all_gather(w2, "fsdp", axis=1, tiled=True)        # (f/4, d)
        return jax.lax.psum(jax.nn.gelu(x @ w1) @ w2, "tp")

    specs = (P("fsdp", None), P("fsdp", "tp"), P("tp", "fsdp"))
    sm = jax.shard_map(mlp, mesh=m, in_specs=specs, out_specs=P("fsdp", None))
    args = [normal(1040, 8, 8), normal(1041, 8, 16, scale=0.3), normal(1042, 16, 8, scale=0.3)]
    return case_fields(jax.jit(sm), args, list(specs), m, tol=2e-4)


@program
def fsdp_tp_block_train_step():
    """value_and_grad of the block's squared output and an SGD update; params keep their 2-D
    shardings (out_shardings), the loss is replicated."""
    m = user_mesh((2, 4), ("fsdp", "tp"))
    params, heads = _block_params(1050)
    ns = lambda s: jax.sharding.NamedSharding(m, s)  # noqa: E731
    wsc = lambda t, s: jax.lax.with_sharding_constraint(t, ns(s))  # noqa: E731
    specs = [P("fsdp", "tp"), P("tp", "fsdp"), P("fsdp", "tp"), P("tp", "fsdp")]

    def step(x, *w):
        loss, g = jax.value_and_grad(lambda w: jnp.mean(_block(x, *w, heads, wsc) ** 2))(list(w))
        return loss, [p - 0.1 * gp for p, gp in zip(w, g)]

    fn = jax.jit(step, out_shardings=(ns(P()), [ns(s) for s in specs]))
    return case_fields(fn, [normal(1054, 4, 6, 8)] + params, [P("fsdp", None, None)] + specs, m, tol=2e-4)


# ------------------------------------------------------------------ collectives in control flow

@program
def psum_and_all_gather_in_cond_branches():
    """A cond on a psum'd (so uniform) predicate: one branch psums, the other all_gathers and sums."""
    m = user_mesh((4, 2), ("x", "y"))

    def body(a):
        pred = jax.lax.psum(a.sum(), ("x", "y")) > 0
        return jax.lax.cond(pred, lambda v: jax.lax.psum(v, "x") * 2.0,
                            lambda v: jax.lax.all_gather(v, "x").sum(0) - 1.0, a)

    sm = jax.shard_map(body, mesh=m, in_specs=P("x", "y"), out_specs=P(None, "y"), check_vma=False)
    return case_fields(jax.jit(sm), [normal(1060, 8, 4)], [P("x", "y")], m)


@program
def all_gather_and_ppermute_inside_scan():
    """Each scan step all_gathers the carry over "x", mixes it into the carry and passes a message
    one device on along "y"."""
    m = user_mesh((4, 2), ("x", "y"))

    def body(c0, xs):                       # c0: (2, 3) local; xs: (T, 2, 3)
        def step(c, x):
            g = jax.lax.all_gather(c, "x", axis=0, tiled=True)       # (8, 3)
            c = jnp.tanh(c + x + g.mean(0))
            return jax.lax.ppermute(c, "y", [(0, 1), (1, 0)]), c.sum()[None]
        return jax.lax.scan(step, c0, xs)

    sm = jax.shard_map(body, mesh=m, in_specs=(P("x", "y"), P(None, "x", "y")),
                       out_specs=(P("x", "y"), P(None, ("x", "y"))))
    return case_fields(jax.jit(sm), [normal(1061, 8, 6), normal(1062, 4, 8, 6)],
                       [P("x", "y"), P(None, "x", "y")], m)


@program
def switch_with_collectives_per_branch():
    """lax.switch on an index every device agrees on (pmax of a data value): pmax, pmin or psum."""
    m = user_mesh((8,), ("d",))

    def body(a, k):
        i = jax.lax.pmax(k[0], "d") % 3
        return jax.lax.switch(i, [lambda v: jax.lax.pmax(v, "d"), lambda v: jax.lax.pmin(v, "d"),
                                  lambda v: jax.lax.psum(v, "d")], a)

    sm = jax.shard_map(body, mesh=m, in_specs=(P("d"), P("d")), out_specs=P())
    return case_fields(jax.jit(sm), [normal(1063, 16, 2), ints(1064, 10, 8)], [P("d"), P("d")], m)


@program
def while_loop_until_global_norm_small():
    """Power-style iteration until the psum'd norm is below a bound (a uniform loop condition),
    at most 20 steps."""
    m = user_mesh((8,), ("d",))

    def body(a):
        def cond(c):
            v, i = c
            return (jnp.sqrt(jax.lax.psum(jnp.sum(v * v), "d")) > 0.05) & (i < 20)

        def step(c):
            v, i = c
            return v * 0.5 + 0.01 * jax.lax.pmean(v, "d"), i + 1
        v, i = jax.lax.while_loop(cond, step, (a, 0))
        return v, i

    sm = jax.shard_map(body, mesh=m, in_specs=P("d"), out_specs=(P("d"), P()))
    return case_fields(jax.jit(sm), [normal(1065, 16, 3)], [P("d")], m)


@program
def grad_accumulation_scan_with_psum_scatter():
    """ZeRO-2-style: a scan over microbatches accumulates local gradients, then psum_scatter gives
    each device its shard of the summed gradient and the owner updates its shard of the weight."""
    m = user_mesh((8,), ("d",))

    def body(w_shard, w_full, xs, ys):      # xs: (M, b/8, k); w_full replicated (k, n)
        def acc(g, xy):
            x, y = xy
            gw = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w_full)
            return g + gw, None
        g, _ = jax.lax.scan(acc, jnp.zeros_like(w_full), (xs, ys))
        g = jax.lax.psum_scatter(g, "d", scatter_dimension=0, tiled=True)
        return w_shard - 0.05 * g

    specs = (P("d"), P(), P(None, "d"), P(None, "d"))
    sm = jax.shard_map(body, mesh=m, in_specs=specs, out_specs=P("d"))
    w = normal(1066, 16, 4)
    args = [w, w, normal(1067, 3, 16, 16), normal(1068, 3, 16, 4)]
    return case_fields(jax.jit(sm), args, list(specs), m)


@program
def cond_inside_scan_with_all_to_all():
    """A scan whose step all_to_alls on odd steps only (a cond on the step counter, uniform)."""
    m = user_mesh((4,), ("e",))

    def body(a):                            # a: (4, 3) local
        def step(c, t):
            c = jax.lax.cond(t % 2 == 1, lambda v: jax.lax.all_to_all(v, "e", 0, 0, tiled=True),
                             lambda v: v * 1.5, c)
            return c, c[0]
        return jax.lax.scan(step, a, jnp.arange(4))

    sm = jax.shard_map(body, mesh=m, in_specs=P("e"), out_specs=(P("e"), P(None, "e")))
    return case_fields(jax.jit(sm), [normal(1069, 16, 3)], [P("e")], m)


@program
def moe_top2_all_to_all_split1_concat0():
    """Top-2 routing: each token's two experts' buffers (tokens, E, C, d) go out with all_to_all
    splitting the expert axis (1) and concatenating on the token axis (0), and back."""
    m = user_mesh((4,), ("ep",))
    E, C = 4, 2

    def layer(x, wg, w):                    # x: (t, d); w: (1, d, d) this device's expert
        probs = jax.nn.softmax(x @ wg, -1)
        top, idx = jax.lax.top_k(probs, 2)                              # (t, 2)
        hot = jax.nn.one_hot(idx, E, dtype=x.dtype)                     # (t, 2, E)
        pos = (jnp.cumsum(hot.sum(1), axis=0) - 1.0)[:, None, :] * hot  # slot per choice
        keep = hot * (pos < C)
        slot = jax.nn.one_hot(jnp.sum(pos * keep, -1).astype(jnp.int32), C, dtype=x.dtype)   # (t, 2, C)
        dispatch = jnp.einsum("tke,tkc->tec", keep, slot)                # (t, E, C)
        buf = jnp.einsum("tec,td->tecd", dispatch, x)                   # (t, E, C, d)
        buf = jax.lax.all_to_all(buf, "ep", 1, 0, tiled=True)          # (4t, 1, C, d)
        y = jnp.tanh(jnp.einsum("tecd,df->tecf", buf, w[0]))
        y = jax.lax.all_to_all(y, "ep", 0, 1, tiled=True)              # (t, E, C, d)
        combine = jnp.einsum("tke,tkc,tk->tec", keep, slot, top)
        return jnp.einsum("tecd,tec->td", y, combine)

    specs = (P("ep"), P(), P("ep"))
    sm = jax.shard_map(layer, mesh=m, in_specs=specs, out_specs=P("ep"))
    args = [normal(1070, 16, 6), normal(1071, 6, E), normal(1072, E, 6, 6, scale=0.5)]
    return case_fields(jax.jit(sm), args, list(specs), m)


@program
def pipeline_bubble_cond_in_fori_loop():
    """Each stage computes only when it holds a microbatch (a cond on the tick and the stage index,
    which differs per device and has no collective inside); the ppermute stays outside the cond."""
    m = user_mesh((4,), ("pp",))
    n_micro = 3

    def stage(w, xs):                       # w: (1, d, d); xs: (M, b, d) replicated
        idx = jax.lax.axis_index("pp")

        def tick(t, c):
            state, out = c
            state = jnp.where(idx == 0, xs[jnp.minimum(t, n_micro - 1)], state)
            busy = (t - idx >= 0) & (t - idx < n_micro)
            state = jax.lax.cond(busy, lambda s: jnp.sin(s @ w[0]), lambda s: s, state)
            slot = jnp.clip(t - 3, 0, n_micro - 1)
            out = jnp.where((idx == 3) & (t >= 3), out.at[slot].set(state), out)
            return jax.lax.ppermute(state, "pp", [(i, i + 1) for i in range(3)]), out

        z = jax.lax.pcast(jnp.zeros(xs.shape[1:], xs.dtype), ("pp",), to="varying")
        _, out = jax.lax.fori_loop(0, n_micro + 3, tick, (z, jax.lax.pcast(jnp.zeros_like(xs), ("pp",),
                                                                               to="varying")))
        return jax.lax.psum(out, "pp")

    sm = jax.shard_map(stage, mesh=m, in_specs=(P("pp"), P()), out_specs=P())
    return case_fields(jax.jit(sm), [normal(1073, 4, 5, 5, scale=0.5), normal(1074, 3, 2, 5)],
                       [P("pp"), P()], m)


@program
def all_to_all_inside_while_loop():
    """A while_loop that exchanges column blocks with all_to_all (split and concatenate on dimension
    1) a fixed, uniform number of times."""
    m = user_mesh((2, 4), ("x", "y"))

    def body(a):                            # a: (4, 8) local
        def step(c):
            v, i = c
            return jax.lax.all_to_all(v, "y", 1, 1, tiled=True) * 0.9 + 0.1, i + 1
        v, _ = jax.lax.while_loop(lambda c: c[1] < 3, step, (a, 0))
        return v

    sm = jax.shard_map(body, mesh=m, in_specs=P("x", "y"), out_specs=P("x", "y"))
    return case_fields(jax.jit(sm), [normal(1075, 8, 32)], [P("x", "y")], m)


@program
def custom_vjp_psum_inside_shard_map_grad():
    """A custom_vjp whose forward psums over "d" and whose backward rule is written by hand; grad of
    a loss through it, inside shard_map."""
    m = user_mesh((8,), ("d",))

    @jax.custom_vjp
    def allsum(v):
        return jax.lax.psum(v, "d")

    def fwd(v):
        return allsum(v), None

    def bwd(_, g):
        return (g,)
    allsum.defvjp(fwd, bwd)

    def body(w, x):
        return jax.grad(lambda w: jnp.sum(allsum(jnp.tanh(x @ w)) ** 2))(w)

    sm = jax.shard_map(body, mesh=m, in_specs=(P(), P("d")), out_specs=P(), check_vma=False)
    return case_fields(jax.jit(sm), [normal(1076, 4, 3), normal(1077, 16, 4)], [P(), P("d")], m)


@program
def scan_unrolled_ppermute_and_psum_bf16():
    """A scan with unroll=2 over bf16 carries: ppermute one way, psum over the other axis each step."""
    m = user_mesh((4, 2), ("x", "y"))

    def body(a):
        def step(c, _):
            c = jax.lax.ppermute(c, "x", [(i, (i + 1) % 4) for i in range(4)])
            return c, jax.lax.psum(c.astype(jnp.float32).sum(0, keepdims=True), "y")
        return jax.lax.scan(step, a.astype(jnp.bfloat16), None, length=4, unroll=2)

    sm = jax.shard_map(body, mesh=m, in_specs=P("x", "y"), out_specs=(P("x", "y"), P(None, "x")))
    return case_fields(jax.jit(sm), [normal(1078, 8, 4)], [P("x", "y")], m, tol=2e-2)

