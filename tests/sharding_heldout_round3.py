"""Held-out-style sharded programs, a third round (tests/sharding_heldout_cases.py): training
steps, FSDP, ring attention with an online softmax, halo exchanges, ZeRO-style updates,
distributed solvers, tuple-of-axes specs, layouts, explicit sharding and partly automatic
shard_map, each written as a JAX user writes it (no flax, no optax)."""
from __future__ import annotations

import functools

import numpy as np

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from sharding_heldout_cases import Explicit, case_fields, ints, normal, program, user_mesh


def _mlp_params(seed, sizes):
    return {f"layer{i}": {"w": normal(seed + i, a, b, scale=1 / np.sqrt(a)), "b": normal(seed + 50 + i, b, scale=0.1)}
            for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))}


def _forward(params, x):
    *hidden, last = sorted(params)
    for name in hidden:
        x = jax.nn.gelu(x @ params[name]["w"] + params[name]["b"])
    return x @ params[last]["w"] + params[last]["b"]


@program
def mlp_sgd_train_step_data_and_model_parallel():
    """An MLP's SGD step: params a dict pytree, batch over "data", hidden units over "model"."""
    m = user_mesh((2, 4), ("data", "model"))
    params = _mlp_params(200, [16, 32, 32, 8])
    spec = {"layer0": {"w": P(None, "model"), "b": P("model")},
            "layer1": {"w": P("model", None), "b": P()},
            "layer2": {"w": P(None, None), "b": P()}}
    p_shard = jax.tree.map(lambda s: NamedSharding(m, s), spec, is_leaf=lambda s: isinstance(s, P))
    batch = NamedSharding(m, P("data", None))

    def loss_fn(params, x, y):
        logits = _forward(params, x)
        return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))

    @functools.partial(jax.jit, in_shardings=(p_shard, batch, batch),
                       out_shardings=(p_shard, NamedSharding(m, P())))
    def train_step(params, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads), loss

    x, labels = normal(210, 16, 16), ints(211, 8, 16)
    y = np.eye(8, dtype=np.float32)[labels]
    leaves, treedef = jax.tree.flatten(params)
    flat_spec = treedef.flatten_up_to(spec)

    def step(*a):
        return train_step(jax.tree.unflatten(treedef, a[:-2]), a[-2], a[-1])
    step = jax.jit(step)
    return case_fields(step, leaves + [x, y], flat_spec + [P("data", None)] * 2, m, tol=1e-3)


@program
def fsdp_params_gathered_by_constraints():
    """FSDP by annotation: weights stored split over "fsdp", gathered inside the step by a
    with_sharding_constraint, the gradient constrained back to the stored layout."""
    m = user_mesh((8,), ("fsdp",))
    stored, whole = NamedSharding(m, P("fsdp", None)), NamedSharding(m, P())
    act = NamedSharding(m, P("fsdp", None))

    def step(w1, w2, x):
        def loss(w1, w2):
            a, b = (jax.lax.with_sharding_constraint(w, whole) for w in (w1, w2))
            h = jax.lax.with_sharding_constraint(jnp.tanh(x @ a), act)
            return jnp.mean((h @ b) ** 2)
        g1, g2 = jax.grad(loss, argnums=(0, 1))(w1, w2)
        g1, g2 = (jax.lax.with_sharding_constraint(g, stored) for g in (g1, g2))
        return w1 - 0.05 * g1, w2 - 0.05 * g2

    f = jax.jit(step, out_shardings=(stored, stored))
    return case_fields(f, [normal(220, 16, 24, scale=0.3), normal(221, 24, 16, scale=0.3), normal(222, 32, 16)],
                       [P("fsdp", None), P("fsdp", None), P("fsdp", None)], m, tol=1e-3)


@program
def ring_attention_online_softmax():
    """Blockwise attention: key / value blocks travel a ppermute ring; the softmax is kept as a
    running max and sum (flash-attention style), the loop unrolled in Python."""
    m = user_mesh((4,), ("seq",))
    n = 4

    def attend(q, k, v):
        scale = 1.0 / np.sqrt(q.shape[-1])
        ring = [(i, (i + 1) % n) for i in range(n)]
        acc = jnp.zeros_like(q)
        row_max = jnp.full(q.shape[:-1], -jnp.inf, q.dtype)
        row_sum = jnp.zeros(q.shape[:-1], q.dtype)
        for _ in range(n):
            s = jnp.einsum("hqd,hkd->hqk", q, k) * scale
            new_max = jnp.maximum(row_max, s.max(-1))
            p = jnp.exp(s - new_max[..., None])
            fix = jnp.exp(row_max - new_max)
            acc = acc * fix[..., None] + jnp.einsum("hqk,hkd->hqd", p, v)
            row_sum = row_sum * fix + p.sum(-1)
            row_max = new_max
            k, v = jax.lax.ppermute(k, "seq", ring), jax.lax.ppermute(v, "seq", ring)
        return acc / row_sum[..., None]

    spec = P(None, "seq", None)
    f = jax.jit(jax.shard_map(attend, mesh=m, in_specs=(spec,) * 3, out_specs=spec))
    return case_fields(f, [normal(230 + i, 2, 16, 8) for i in range(3)], [spec] * 3, m)


@program
def zero2_reduce_scatter_update_all_gather():
    """ZeRO-2 by hand: per-device gradients reduce-scattered, each device updates its slice of the
    weights, the new weights all-gathered (tiled) for the next step."""
    m = user_mesh((8,), ("dp",))

    def step(w, x, y):
        g = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
        g_part = jax.lax.psum_scatter(g, "dp", scatter_dimension=0, tiled=True) / 8
        me = jax.lax.axis_index("dp")
        rows = w.shape[0] // 8
        w_part = jax.lax.dynamic_slice_in_dim(w, me * rows, rows, axis=0) - 0.1 * g_part
        return jax.lax.all_gather(w_part, "dp", axis=0, tiled=True)

    f = jax.jit(jax.shard_map(step, mesh=m, in_specs=(P(), P("dp"), P("dp")), out_specs=P(), check_vma=False))
    return case_fields(f, [normal(240, 16, 4), normal(241, 32, 16), normal(242, 32, 4)], [P(), P("dp"), P("dp")], m,
                       tol=1e-3)


@program
def distributed_transpose_all_to_all():
    """A row-sharded matrix transposed so that it is row-sharded again: all_to_all (split columns,
    concatenate rows) and a local transpose."""
    m = user_mesh((4,), ("p",))

    def transpose(a):                     # a: (N/4, N) rows of this device
        blocks = jax.lax.all_to_all(a, "p", split_axis=1, concat_axis=0, tiled=True)   # (N, N/4)
        return blocks.T

    f = jax.jit(jax.shard_map(transpose, mesh=m, in_specs=P("p", None), out_specs=P("p", None)))
    return case_fields(f, [normal(250, 12, 12)], [P("p", None)], m)


@program
def rotary_positions_from_axis_index():
    """Sequence-sharded rotary embeddings: each device computes its global positions from
    axis_index."""
    m = user_mesh((2, 4), ("batch", "seq"))

    def rope(x):                          # (b, s_local, d)
        s_local, d = x.shape[1], x.shape[2]
        pos = jax.lax.axis_index("seq") * s_local + jnp.arange(s_local)
        freqs = 1.0 / (10000 ** (jnp.arange(0, d, 2) / d))
        ang = pos[:, None].astype(jnp.float32) * freqs[None, :]
        x1, x2 = x[..., ::2], x[..., 1::2]
        c, s = jnp.cos(ang), jnp.sin(ang)
        return jnp.stack([x1 * c - x2 * s, x1 * s + x2 * c], axis=-1).reshape(x.shape)

    spec = P("batch", "seq", None)
    f = jax.jit(jax.shard_map(rope, mesh=m, in_specs=spec, out_specs=spec))
    return case_fields(f, [normal(260, 4, 16, 8)], [spec], m)


@program
def data_parallel_step_with_pmean_grads():
    """The classic data-parallel step: per-device loss and gradients, pmean over the batch axis,
    the same update on every device."""
    m = user_mesh((8,), ("batch",))

    def step(params, x, y):
        def loss(p):
            return jnp.mean((jnp.tanh(x @ p["w"] + p["b"]) - y) ** 2)
        l, g = jax.value_and_grad(loss)(params)
        g = jax.lax.pmean(g, "batch")
        return jax.tree.map(lambda p, g: p - 0.1 * g, params, g), jax.lax.pmean(l, "batch")

    sm = jax.shard_map(step, mesh=m, in_specs=({"w": P(), "b": P()}, P("batch"), P("batch")),
                       out_specs=({"w": P(), "b": P()}, P()))
    f = jax.jit(lambda w, b, x, y: sm({"w": w, "b": b}, x, y))
    return case_fields(f, [normal(270, 6, 3), normal(271, 3), normal(272, 32, 6), normal(273, 32, 3)],
                       [P(), P(), P("batch"), P("batch")], m, tol=1e-3)


@program
def scan_over_stacked_layers_sharded_carry():
    """Stacked layer weights (layers, d, d) split over "model"; lax.scan over the layer axis with
    the activations (the carry) constrained to the batch axis each step."""
    m = user_mesh((2, 4), ("data", "model"))
    carry_s = NamedSharding(m, P("data", None))

    def net(ws, bs, x):
        def layer(h, wb):
            w, b = wb
            h = jax.nn.relu(h @ w + b) + h
            return jax.lax.with_sharding_constraint(h, carry_s), jnp.mean(h)
        h, means = jax.lax.scan(layer, x, (ws, bs))
        return h, means

    f = jax.jit(net, out_shardings=(carry_s, NamedSharding(m, P())))
    return case_fields(f, [normal(280, 5, 16, 16, scale=0.2), normal(281, 5, 16, scale=0.1), normal(282, 8, 16)],
                       [P(None, None, "model"), P(None, "model"), P("data", None)], m, tol=1e-3)


@program
def vmap_inside_shard_map():
    """Per-example work vmapped inside each device's shard: a per-row least-squares fit through
    jnp.linalg.solve, then a psum of the residuals."""
    m = user_mesh((4,), ("b",))

    def fit(xs, ys):
        def one(x, y):                    # x: (6, 3), y: (6,)
            coef = jnp.linalg.solve(x.T @ x + 0.1 * jnp.eye(3), x.T @ y)
            return coef, jnp.sum((x @ coef - y) ** 2)
        coef, res = jax.vmap(one)(xs, ys)
        return coef, jax.lax.psum(res.sum(), "b")

    f = jax.jit(jax.shard_map(fit, mesh=m, in_specs=(P("b"), P("b")), out_specs=(P("b"), P())))
    return case_fields(f, [normal(290, 8, 6, 3), normal(291, 8, 6)], [P("b"), P("b")], m, tol=1e-3)


@program
def donated_ring_buffer_update():
    """A replay-buffer write: the buffer (sharded over rows) donated, a batch written at a dynamic
    offset, the write pointer returned."""
    m = user_mesh((4, 2), ("rows", "cols"))
    buf_s = NamedSharding(m, P("rows", "cols"))

    @functools.partial(jax.jit, donate_argnums=(0,), out_shardings=(buf_s, NamedSharding(m, P())))
    def write(buf, batch, ptr):
        n = buf.shape[0]
        idx = (ptr + jnp.arange(batch.shape[0])) % n
        return buf.at[idx].set(batch), (ptr + batch.shape[0]) % n

    return case_fields(write, [normal(300, 16, 4), normal(301, 6, 4), np.array(13, np.int32)],
                       [P("rows", "cols"), P(), P()], m)


@program
def partial_auto_shard_map_pipeline_with_tensor_parallel():
    """shard_map manual over "pipe" only (axis_names=): inside, "tensor" stays automatic and the
    user places the hidden activations on it with a constraint."""
    m = user_mesh((2, 4), ("pipe", "tensor"))

    def stage(x, w1, w2):                 # this stage's weights: (1, d, h), (1, h, d)
        h = jax.nn.relu(x @ w1[0])
        h = jax.lax.with_sharding_constraint(h, P(None, "tensor"))
        out = h @ w2[0]
        return jax.lax.psum(out, "pipe")

    sm = jax.shard_map(stage, mesh=m, in_specs=(P(), P("pipe"), P("pipe")), out_specs=P(),
                       axis_names={"pipe"})
    f = jax.jit(sm)
    return case_fields(f, [normal(310, 8, 8), normal(311, 2, 8, 16, scale=0.3), normal(312, 2, 16, 8, scale=0.3)],
                       [P(), P("pipe", None, "tensor"), P("pipe", "tensor", None)], m, mesh=m)


@program
def tuple_of_axes_in_partition_specs():
    """Dimensions split over two mesh axes at once, in both orders: P(("x", "y")) and P(("y", "x"))."""
    m = user_mesh((2, 4), ("x", "y"))
    s = functools.partial(NamedSharding, m)

    @functools.partial(jax.jit, out_shardings=(s(P(("y", "x"), None)), s(P(None, ("x", "y")))))
    def f(a, b):
        c = a @ b
        return c * 2.0, jnp.cumsum(c.T, axis=0)

    return case_fields(f, [normal(320, 16, 8), normal(321, 8, 16)], [P(("x", "y"), None), P(None, ("y", "x"))], m)


@program
def uneven_shapes_with_explicit_padding():
    """A user who pads to a multiple of the mesh by hand (13 rows over 8 devices), computes on the
    padded array and slices the padding off; and an odd-sized intermediate (11 rows over 8) that
    a constraint places, so the partitioner pads it (jit's own out_shardings must divide)."""
    m = user_mesh((8,), ("d",))
    s = NamedSharding(m, P("d", None))

    @functools.partial(jax.jit, out_shardings=(NamedSharding(m, P()), NamedSharding(m, P(None, None))))
    def f(x):
        pad = (-x.shape[0]) % 8
        xp = jax.lax.with_sharding_constraint(jnp.pad(x, ((0, pad), (0, 0))), s)
        mask = (jnp.arange(xp.shape[0]) < x.shape[0])[:, None]
        mean = jnp.sum(jnp.where(mask, xp, 0.0), axis=0) / x.shape[0]
        odd = jax.lax.with_sharding_constraint(jnp.exp(x[:11] - mean), s)
        return mean, odd.cumsum(axis=0)

    return case_fields(f, [normal(330, 13, 5)], [P()], m)


@program
def formats_with_layouts_on_jit_boundaries():
    """jax.experimental.layout: jit's in / out shardings given as Formats (a layout with a
    sharding), one of them column-major; the callee keeps them as mhlo.layout_mode attributes.
    (jax.export refuses with_layout_constraint, whose LayoutConstraint custom call has no
    compatibility guarantee, so a program using it cannot be exported at all.)"""
    from jax.experimental.layout import Format, Layout
    m = user_mesh((4, 2), ("x", "y"))
    s = functools.partial(NamedSharding, m)

    f = jax.jit(lambda a, b: (jnp.sin(a) @ b, a.T * 2.0),
                in_shardings=(Format(Layout(major_to_minor=(0, 1)), s(P("x", "y"))), s(P("y", None))),
                out_shardings=(Format(Layout(major_to_minor=(0, 1)), s(P("x", None))), s(P(None, "x"))))
    return case_fields(f, [normal(340, 8, 6), normal(341, 6, 4)], [P("x", "y"), P("y", None)], m)


@program
def out_shardings_transposed_from_inputs():
    """Inputs over ("x", "y"), results asked for over ("y", "x") and over one axis only: XLA moves them."""
    m = user_mesh((2, 4), ("x", "y"))
    s = functools.partial(NamedSharding, m)

    @functools.partial(jax.jit, in_shardings=(s(P("x", "y")),),
                       out_shardings=(s(P("y", "x")), s(P(None, "x")), s(P("y"))))
    def f(a):
        return a * 3.0, jnp.tanh(a).T, a.sum(axis=1)

    return case_fields(f, [normal(350, 8, 8)], [P("x", "y")], m)


@program
def device_put_then_plain_jit():
    """Arrays placed with jax.device_put, then a jit with no shardings: it follows the arguments'."""
    m = user_mesh((4, 2), ("a", "b"))

    @jax.jit
    def f(x, w):
        h = x @ w
        return jax.nn.softmax(h, axis=-1), h.max()

    return case_fields(f, [normal(360, 8, 6), normal(361, 6, 10)], [P("a", None), P(None, "b")], m)


@program
def explicit_mode_reshard_and_typeof():
    """Explicit axes: a user reads the sharding from jax.typeof and reshards a value half way."""
    m = user_mesh((2, 4), ("x", "y"), Explicit)

    def f(a, b):
        c = a * 2.0 + 1.0
        spec = jax.typeof(c).sharding.spec            # P("x", "y") from the argument
        c = jax.sharding.reshard(c, P(spec[1], spec[0]))
        d = jnp.einsum("ij,jk->ik", c, b, out_sharding=P("y", None))
        return d, jnp.sum(c, axis=0)

    return case_fields(jax.jit(f), [normal(370, 8, 8), normal(371, 8, 4)], [P("x", "y"), P(None, None)], m, mesh=m)


@program
def explicit_mode_training_step():
    """A linear model trained in explicit mode: the batch over "data", the gradient resharded to
    the weights' sharding before the update."""
    m = user_mesh((4, 2), ("data", "model"), Explicit)

    def step(w, x, y):
        def loss(w):
            pred = jnp.einsum("bi,io->bo", x, w, out_sharding=P("data", "model"))
            return jnp.mean((pred - y) ** 2)
        l, g = jax.value_and_grad(loss)(w)
        g = jax.sharding.reshard(g, jax.typeof(w).sharding.spec)
        return w - 0.1 * g, l

    return case_fields(jax.jit(step), [normal(380, 6, 4), normal(381, 16, 6), normal(382, 16, 4)],
                       [P(None, "model"), P("data", None), P("data", "model")], m, mesh=m, tol=1e-3)


@program
def halo_exchange_stencil():
    """A 1D three-point stencil on a sequence split over 8 devices: each device sends its edge
    values to its neighbours with ppermute (no wrap-around; the ends see zeros)."""
    m = user_mesh((8,), ("x",))

    def smooth(u):                        # (rows, n_local)
        left = jax.lax.ppermute(u[:, -1:], "x", [(i, i + 1) for i in range(7)])
        right = jax.lax.ppermute(u[:, :1], "x", [(i + 1, i) for i in range(7)])
        padded = jnp.concatenate([left, u, right], axis=1)
        return 0.25 * padded[:, :-2] + 0.5 * padded[:, 1:-1] + 0.25 * padded[:, 2:]

    f = jax.jit(jax.shard_map(smooth, mesh=m, in_specs=P(None, "x"), out_specs=P(None, "x")))
    return case_fields(f, [normal(390, 3, 32)], [P(None, "x")], m)


@program
def conjugate_gradient_with_psum_dots():
    """Conjugate gradient for a block-diagonally dominant system, rows over 4 devices: the
    matrix-vector product gathers the vector, the dot products are psums; fori_loop for 12 steps."""
    m = user_mesh((4,), ("r",))

    def cg(a_rows, b):
        def dot(u, v):
            return jax.lax.psum(jnp.vdot(u, v), "r")

        def matvec(v):
            return a_rows @ jax.lax.all_gather(v, "r", tiled=True)

        def body(_, s):
            x, r, p, rr = s
            ap = matvec(p)
            alpha = rr / dot(p, ap)
            x, r = x + alpha * p, r - alpha * ap
            rr_new = dot(r, r)
            return x, r, r + (rr_new / rr) * p, rr_new

        x0 = jnp.zeros_like(b)
        x, _, _, rr = jax.lax.fori_loop(0, 12, body, (x0, b, b, dot(b, b)))
        return x, jnp.sqrt(rr)

    rng = np.random.default_rng(400)
    q = rng.standard_normal((16, 16)).astype(np.float32)
    a = (q @ q.T / 16 + 4 * np.eye(16)).astype(np.float32)
    f = jax.jit(jax.shard_map(cg, mesh=m, in_specs=(P("r", None), P("r")), out_specs=(P("r"), P())))
    return case_fields(f, [a, normal(401, 16)], [P("r", None), P("r")], m, tol=1e-3)


@program
def untiled_all_gather_and_stacked_reduce():
    """all_gather without tiling (a new leading axis of devices), a weighted sum over it, and the
    device's own row picked back with axis_index."""
    m = user_mesh((2, 4), ("i", "j"))

    def f(x):                             # (2, 3) per device
        every = jax.lax.all_gather(x, "j")                      # (4, 2, 3)
        weights = jnp.arange(1, 5, dtype=x.dtype)[:, None, None]
        mine = every[jax.lax.axis_index("j")]
        return jnp.sum(every * weights, axis=0), mine - x

    sm = jax.shard_map(f, mesh=m, in_specs=P("i", "j"), out_specs=(P("i", None), P("i", "j")), check_vma=False)
    return case_fields(jax.jit(sm), [normal(410, 4, 12)], [P("i", "j")], m)


@program
def collectives_over_axis_tuples():
    """psum, pmax and a tiled all_gather over both mesh axes at once (the axis name a tuple)."""
    m = user_mesh((2, 4), ("a", "b"))

    def f(x):
        total = jax.lax.psum(x.sum(), ("a", "b"))
        biggest = jax.lax.pmax(jnp.abs(x).max(), ("b", "a"))
        everything = jax.lax.all_gather(x, ("a", "b"), axis=0, tiled=True)
        return x / total, biggest, everything

    sm = jax.shard_map(f, mesh=m, in_specs=P(("a", "b")), out_specs=(P(("a", "b")), P(), P()), check_vma=False)
    return case_fields(jax.jit(sm), [np.abs(normal(420, 16, 3)) + 0.5], [P(("a", "b"))], m)


@program
def grouped_query_attention_heads_sharded():
    """A decoder block with grouped-query attention (8 query heads, 2 key / value heads) under
    jit, heads over "tp" by constraints, batch over "dp", a causal mask and an MLP."""
    m = user_mesh((2, 4), ("dp", "tp"))
    heads = NamedSharding(m, P("dp", None, "tp", None))

    def block(x, wq, wk, wv, wo, w_up, w_down):
        b, t, d = x.shape
        q = jax.lax.with_sharding_constraint(jnp.einsum("btd,dhk->bthk", x, wq), heads)
        k = jnp.einsum("btd,dgk->btgk", x, wk)
        v = jnp.einsum("btd,dgk->btgk", x, wv)
        k, v = (jnp.repeat(u, 4, axis=2) for u in (k, v))
        s = jnp.einsum("bthk,bshk->bhts", q, k) / np.sqrt(q.shape[-1])
        s = jnp.where(jnp.tril(jnp.ones((t, t), bool)), s, -1e9)
        o = jnp.einsum("bhts,bshk->bthk", jax.nn.softmax(s, axis=-1), v)
        x = x + jnp.einsum("bthk,hkd->btd", jax.lax.with_sharding_constraint(o, heads), wo)
        return x + jax.nn.silu(x @ w_up) @ w_down

    args = [normal(430, 4, 6, 16), normal(431, 16, 8, 4, scale=0.25), normal(432, 16, 2, 4, scale=0.25),
            normal(433, 16, 2, 4, scale=0.25), normal(434, 8, 4, 16, scale=0.25), normal(435, 16, 32, scale=0.25),
            normal(436, 32, 16, scale=0.2)]
    specs = [P("dp", None, None), P(None, "tp", None), P(), P(), P("tp", None, None), P(None, "tp"), P("tp", None)]
    return case_fields(jax.jit(block), args, specs, m, tol=1e-3)


@program
def remat_policy_in_sharded_grad():
    """jax.checkpoint with a save-only-dots policy around each layer, gradients of a batch-sharded loss."""
    m = user_mesh((4, 2), ("data", "model"))

    @functools.partial(jax.checkpoint, policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
    def layer(h, w):
        return jnp.sin(h @ w) + h

    def loss(ws, x):
        for w in ws:
            x = layer(x, w)
        return jnp.mean(x ** 2)

    f = jax.jit(lambda w0, w1, w2, x: jax.grad(loss)((w0, w1, w2), x))
    args = [normal(440 + i, 8, 8, scale=0.3) for i in range(3)] + [normal(443, 16, 8)]
    return case_fields(f, args, [P(None, "model")] * 3 + [P("data", None)], m, tol=1e-3)


@program
def global_norm_gradient_clipping():
    """Gradients of a pytree of params sharded in different ways, clipped by their global norm."""
    m = user_mesh((2, 4), ("x", "y"))

    def step(emb, proj, bias, ids, target):
        def loss(p):
            e, w, b = p
            h = jnp.take(e, ids, axis=0).mean(axis=1)
            return jnp.mean((h @ w + b - target) ** 2)
        g = jax.grad(loss)((emb, proj, bias))
        norm = jnp.sqrt(sum(jnp.sum(x * x) for x in jax.tree.leaves(g)))
        scale = jnp.minimum(1.0, 0.5 / (norm + 1e-6))
        return tuple(p - 0.1 * scale * d for p, d in zip((emb, proj, bias), g)) + (norm,)

    args = [normal(450, 32, 8), normal(451, 8, 4), normal(452, 4), ints(453, 32, 8, 5), normal(454, 8, 4)]
    return case_fields(jax.jit(step), args, [P("y", None), P(None, "x"), P(), P("x", None), P("x", None)], m,
                       tol=1e-3)


@program
def mixed_precision_master_weights():
    """bf16 compute, f32 master weights: the step casts down, computes the gradient in bf16 and
    updates the f32 copy; weights over "model", batch over "data"."""
    m = user_mesh((2, 4), ("data", "model"))
    w_s = NamedSharding(m, P(None, "model"))

    @functools.partial(jax.jit, out_shardings=(w_s, NamedSharding(m, P())))
    def step(master, x, y):
        def loss(w16):
            out = jnp.dot(x.astype(jnp.bfloat16), w16, preferred_element_type=jnp.float32)
            return jnp.mean((out - y) ** 2)
        l, g = jax.value_and_grad(loss)(master.astype(jnp.bfloat16))
        return master - 0.01 * g.astype(jnp.float32), l

    return case_fields(step, [normal(460, 16, 8), normal(461, 8, 16), normal(462, 8, 8)],
                       [P(None, "model"), P("data", None), P("data", "model")], m, tol=2e-2)


@program
def shard_map_dict_inputs_and_psum_scatter_untiled():
    """A dict of arrays into shard_map (specs as a matching dict), and psum_scatter without tiling
    (the scattered axis disappears)."""
    m = user_mesh((4,), ("k",))

    def f(d):
        s = d["a"] * d["scale"]                                      # (4, 5) per device
        part = jax.lax.psum_scatter(s, "k", scatter_dimension=0)     # (5,): row `me` summed over devices
        return {"part": part, "total": jax.lax.psum(d["a"].sum(), "k")}

    sm = jax.shard_map(f, mesh=m, in_specs=({"a": P("k"), "scale": P()},),
                       out_specs={"part": P("k"), "total": P()})
    g = jax.jit(lambda a, scale: sm({"a": a, "scale": scale}))
    return case_fields(g, [normal(470, 16, 5), normal(471, 4, 5)], [P("k"), P()], m)


@program
def smap_over_one_axis():
    """jax.smap (shard_map over a single axis, the others automatic) of a per-device row
    normalisation whose statistics are pmeans."""
    if not hasattr(jax, "smap"):
        raise RuntimeError("this JAX has no jax.smap")
    m = user_mesh((4, 2), ("rows", "cols"))

    def norm(x):
        mu = jax.lax.pmean(x.mean(axis=0), "rows")
        var = jax.lax.pmean(((x - mu) ** 2).mean(axis=0), "rows")
        return (x - mu) / jnp.sqrt(var + 1e-5)

    f = jax.jit(jax.smap(norm, in_axes=0, out_axes=0, axis_name="rows"))
    return case_fields(f, [normal(480, 16, 6)], [P("rows", None)], m, mesh=m)
