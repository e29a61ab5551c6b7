"""Held-out-style sharded programs, a sixth round (tests/sharding_heldout_cases.py): pipeline
parallelism written as users write it (a GPipe schedule in fori_loop, a circular pipeline in a
scan, pytree activations), ZeRO-1 / ZeRO-3 optimizer sharding, hand-written distributed
algorithms (SUMMA, Cannon, prefix sums, two-stage top-k, argmax), shard_map with
check_vma=False, per-device random bits, meshes with Explicit and Auto axes mixed, partial
replication on 2-D and 3-D meshes, spatially partitioned convolutions, sparse matrix-vector
products and out-of-bounds gathers on sharded operands; a collective matmul, explicit-mode
reshapes of a dimension split over two axes, a constraint inside a partly manual body,
untiled psum_scatter over an axis pair, out_shardings pytree prefixes with None, roll / reflect
pad / run-time dynamic slices along a sharded axis, lax.map over a symbolic batch;
jax.sharding.auto_axes / explicit_axes islands, lax.platform_dependent and ragged_dot_general.

Not here: a lax.cond whose branches constrain their results to different shardings, which
JAX's own compilation refuses ("Inconsistent conditional sharding among instructions", XLA's
HLO verifier); lax.psend / lax.precv ("psend is currently only implemented on GPU");
lax.ragged_all_to_all, which XLA:CPU does not run ("HLO opcode `ragged-all-to-all`
is not supported by XLA:CPU ThunkEmitter"), so JAX gives no reference values."""
from __future__ import annotations

import functools

import numpy as np

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from sharding_heldout_cases import Auto, Explicit, case_fields, ints, normal, program, user_mesh


@program
def gpipe_schedule_in_fori_loop():
    """A GPipe forward over 4 stages (one layer per device along "pp", data parallel along "dp"):
    M + S - 1 ticks of a fori_loop; stage 0 feeds microbatch t, every stage applies its layer and
    ppermutes its output to the next; the last stage's outputs are collected and psum'd out."""
    m = user_mesh((2, 4), ("dp", "pp"))
    n_stages, n_micro = 4, 6

    def stage(w, xs):                       # w: (1, d, d) this stage's layer; xs: (M, mb/2, d)
        idx = jax.lax.axis_index("pp")
        w = w[0]

        def tick(t, carry):
            state, outs = carry
            feed = jax.lax.dynamic_index_in_dim(xs, jnp.minimum(t, n_micro - 1), 0, keepdims=False)
            state = jnp.where(idx == 0, feed, state)
            state = jnp.tanh(state @ w)
            slot = t - (n_stages - 1)
            done = (idx == n_stages - 1) & (slot >= 0)
            outs = jax.lax.dynamic_update_index_in_dim(
                outs, jnp.where(done, state, jax.lax.dynamic_index_in_dim(outs, jnp.maximum(slot, 0), 0,
                                                                          keepdims=False)),
                jnp.maximum(slot, 0), 0)
            state = jax.lax.ppermute(state, "pp", [(i, i + 1) for i in range(n_stages - 1)])
            return state, outs

        state0 = jax.lax.pcast(jnp.zeros(xs.shape[1:], xs.dtype), ("dp", "pp"), to="varying")
        outs0 = jax.lax.pcast(jnp.zeros_like(xs), ("pp",), to="varying")
        _, outs = jax.lax.fori_loop(0, n_micro + n_stages - 1, tick, (state0, outs0))
        return jax.lax.psum(outs, "pp")

    sm = jax.shard_map(stage, mesh=m, in_specs=(P("pp"), P(None, "dp")), out_specs=P(None, "dp"))
    return case_fields(jax.jit(sm), [normal(900, 4, 5, 5, scale=0.5), normal(901, 6, 4, 5)],
                       [P("pp"), P(None, "dp")], m)


@program
def circular_pipeline_scan_with_pytree_ppermute():
    """A circular pipeline: 2 layers per stage over 4 stages, the activations (an f32 tensor and a
    bf16 residual, a pytree) go round the ring twice in a scan; each step picks the layer of the
    current round."""
    m = user_mesh((4,), ("stage",))

    def run(ws, x):                         # ws: (2, d, d) per device (layer r of stage s); x: (b, d)
        idx = jax.lax.axis_index("stage")
        ring = [(i, (i + 1) % 4) for i in range(4)]

        def step(carry, t):
            h, res = carry
            r = t // 4
            active = (t % 4) == idx
            w = jax.lax.dynamic_index_in_dim(ws, r, 0, keepdims=False)
            nh = jnp.tanh(h @ w) + res.astype(jnp.float32)
            h = jnp.where(active, nh, h)
            res = jnp.where(active, (nh * 0.5).astype(jnp.bfloat16), res)
            h, res = jax.lax.ppermute((h, res), "stage", ring)
            return (h, res), jnp.where(active, h.sum(), 0.0)

        init = (jnp.where(idx == 0, x, 0.0), jax.lax.pcast(jnp.zeros(x.shape, jnp.bfloat16), ("stage",), to="varying"))
        (h, _), trace = jax.lax.scan(step, init, jnp.arange(8))
        return jax.lax.psum(jnp.where(idx == 0, h, 0.0), "stage"), jax.lax.psum(trace, "stage")

    sm = jax.shard_map(run, mesh=m, in_specs=(P("stage"), P()), out_specs=(P(), P()))
    return case_fields(jax.jit(sm), [normal(902, 8, 6, 6, scale=0.4), normal(903, 3, 6)], [P("stage"), P()], m,
                       tol=2e-2)


@program
def zero3_layerwise_all_gather_adam_step():
    """ZeRO-3: every parameter is split over "fsdp" (8); the forward all_gathers each layer's
    weights just before use inside shard_map, jax.grad turns that into reduce-scatters, and an Adam
    step updates the shards where they live (outside the shard_map, in auto mode)."""
    m = user_mesh((8,), ("fsdp",))

    def loss_local(params, x, y):
        h = x
        for w in params:
            full = jax.lax.all_gather(w, "fsdp", axis=0, tiled=True)
            h = jax.nn.relu(h @ full)
        return jax.lax.pmean(jnp.mean((h - y) ** 2), "fsdp")

    loss = jax.shard_map(loss_local, mesh=m, in_specs=(P("fsdp"), P("fsdp"), P("fsdp")), out_specs=P())

    def train_step(params, mu, nu, x, y):
        l, g = jax.value_and_grad(loss)(params, x, y)
        mu = [0.9 * a + 0.1 * b for a, b in zip(mu, g)]
        nu = [0.999 * a + 0.001 * b * b for a, b in zip(nu, g)]
        params = [p - 1e-2 * a / (jnp.sqrt(b) + 1e-8) for p, a, b in zip(params, mu, nu)]
        return l, params, mu, nu

    ps = [normal(904, 8, 8, scale=0.4), normal(905, 8, 8, scale=0.4)]
    zeros = [np.zeros((8, 8), np.float32)] * 2

    def f(p0, p1, m0, m1, v0, v1, x, y):
        l, p, mu, nu = train_step([p0, p1], [m0, m1], [v0, v1], x, y)
        return (l, *p, *mu, *nu)

    args = ps + zeros + zeros + [normal(906, 16, 8), normal(907, 16, 8)]
    return case_fields(jax.jit(f), args, [P("fsdp")] * 8, m)


@program
def zero1_optimizer_state_sharded_by_constraints():
    """ZeRO-1 in auto mode: parameters and gradients replicated over "data" (a data-parallel
    loss), the momentum held split over "data" by constraints; the update is computed on the
    shards and the new parameters are constrained back to replicated."""
    m = user_mesh((4, 2), ("data", "model"))
    shard = NamedSharding(m, P("data", None))
    repl = NamedSharding(m, P())

    def step(w, mom, x, y):
        g = jax.grad(lambda w: jnp.mean((jnp.tanh(x @ w) - y) ** 2))(w)
        g = jax.lax.with_sharding_constraint(g, shard)
        mom = jax.lax.with_sharding_constraint(0.9 * mom + g, shard)
        w = jax.lax.with_sharding_constraint(w - 0.05 * mom, repl)
        return w, mom

    return case_fields(jax.jit(step, donate_argnums=(1,)),
                       [normal(908, 8, 6), np.zeros((8, 6), np.float32), normal(909, 16, 8), normal(910, 16, 6)],
                       [P(), P("data", None), P("data", None), P("data", None)], m)


@program
def explicit_data_axis_with_auto_model_axis():
    """A mesh with one Explicit axis ("data") and one Auto axis ("model"): the batch sharding is
    part of the values' types, the model split is left to the partitioner (a constraint on the
    auto axis in the middle)."""
    m = jax.make_mesh((2, 4), ("data", "model"), axis_types=(Explicit, Auto))

    def f(x, w1, w2):
        h = jax.nn.gelu(x @ w1)
        h = jax.lax.with_sharding_constraint(h, P(P.UNCONSTRAINED, "model"))
        return h @ w2, jnp.sum(h, axis=0)

    return case_fields(jax.jit(f), [normal(911, 8, 6), normal(912, 6, 16), normal(913, 16, 4)],
                       [P("data", None), P(None, "model"), P("model", None)], m, mesh=m)


@program
def explicit_einsum_out_sharding_partly_replicated():
    """Explicit mode on 2x4: an einsum whose out_sharding keeps only "x" (replicated over "y"),
    then a reshard that moves the value onto "y" alone."""
    m = user_mesh((2, 4), ("x", "y"), Explicit)

    def f(a, b):
        c = jnp.einsum("ik,kj->ij", a, b, out_sharding=P("x", None))
        d = jax.sharding.reshard(c * 2.0, P(None, "y"))
        return c, d

    return case_fields(jax.jit(f), [normal(914, 4, 8), normal(915, 8, 8)], [P("x", "y"), P("y", None)], m, mesh=m)


@program
def three_axis_mesh_partial_replication_outputs():
    """A 2x2x2 mesh: inputs over pairs of axes, results replicated over different subsets
    (out_shardings over "a" alone, over ("b", "c"), and fully replicated)."""
    m = user_mesh((2, 2, 2), ("a", "b", "c"))

    @functools.partial(jax.jit, out_shardings=(NamedSharding(m, P("a", None)), NamedSharding(m, P(None, ("b", "c"))),
                                               NamedSharding(m, P())))
    def f(x, y):
        z = x @ y
        return z + 1.0, jnp.tanh(z), z.sum()

    return case_fields(f, [normal(916, 8, 4), normal(917, 4, 8)], [P(("a", "b"), "c"), P("c", ("a", "b"))], m)


@program
def shard_map_check_vma_false_axis_index_scale():
    """shard_map with check_vma=False (JAX does not track which values vary per device): a
    per-device scale from axis_index, then psums that make the results replicated."""
    m = user_mesh((2, 4), ("x", "y"))

    def f(v):
        s = (jax.lax.axis_index("y") + 1).astype(v.dtype) * (1 + jax.lax.axis_index("x")).astype(v.dtype)
        local = jnp.sum(v * s, axis=0, keepdims=True)
        return jax.lax.psum(local, ("x", "y")), jax.lax.psum(v * 0 + s, "y")

    sm = jax.shard_map(f, mesh=m, in_specs=P("x", "y"), out_specs=(P(), P("x", None)), check_vma=False)
    return case_fields(jax.jit(sm), [normal(918, 4, 8)], [P("x", "y")], m)


@program
def summa_matmul_all_gather_panels():
    """SUMMA on a 2x4 grid: A and B both split over ("x", "y"); each device all_gathers its row
    panel of A over "y" and its column panel of B over "x" and multiplies them."""
    m = user_mesh((2, 4), ("x", "y"))

    def f(a, b):                            # a: (m/2, k/4), b: (k/2, n/4)
        arow = jax.lax.all_gather(a, "y", axis=1, tiled=True)       # (m/2, k)
        bcol = jax.lax.all_gather(b, "x", axis=0, tiled=True)       # (k, n/4)
        return arow @ bcol

    sm = jax.shard_map(f, mesh=m, in_specs=(P("x", "y"), P("x", "y")), out_specs=P("x", "y"))
    return case_fields(jax.jit(sm), [normal(919, 4, 8), normal(920, 8, 8)], [P("x", "y"), P("x", "y")], m)


@program
def cannon_matmul_shifts_on_2x2_grid():
    """Cannon's algorithm on a 2x2 grid: skew A left by its row and B up by its column, then two
    rounds of multiply-accumulate with single-step ppermute shifts along both axes."""
    m = user_mesh((2, 2), ("r", "c"))
    q = 2

    def shift(v, axis, k):                  # v moves k positions back along `axis` (cyclic)
        return jax.lax.ppermute(v, axis, [(i, (i - k) % q) for i in range(q)])

    def f(a, b):
        i, j = jax.lax.axis_index("r"), jax.lax.axis_index("c")
        a = jnp.where(i == 1, shift(a, "c", 1), a)
        b = jnp.where(j == 1, shift(b, "r", 1), b)

        def round_(_, carry):
            a, b, acc = carry
            acc = acc + a @ b
            return shift(a, "c", 1), shift(b, "r", 1), acc

        acc0 = jax.lax.pcast(jnp.zeros((a.shape[0], b.shape[1]), a.dtype), ("r", "c"), to="varying")
        _, _, acc = jax.lax.fori_loop(0, q, round_, (a, b, acc0))
        return acc

    sm = jax.shard_map(f, mesh=m, in_specs=(P("r", "c"), P("r", "c")), out_specs=P("r", "c"))
    return case_fields(jax.jit(sm), [normal(921, 4, 6), normal(922, 6, 4)], [P("r", "c"), P("r", "c")], m)


@program
def distributed_prefix_sum_over_devices():
    """An inclusive cumsum of a vector split over 8 devices: local cumsums, the local totals
    all_gathered, and each device adds the totals of the devices before it."""
    m = user_mesh((8,), ("i",))

    def f(v):
        local = jnp.cumsum(v)
        totals = jax.lax.all_gather(local[-1], "i")                 # (8,)
        before = jnp.sum(jnp.where(jnp.arange(8) < jax.lax.axis_index("i"), totals, 0.0))
        return local + before

    sm = jax.shard_map(f, mesh=m, in_specs=P("i"), out_specs=P("i"))
    return case_fields(jax.jit(sm), [normal(923, 32)], [P("i")], m)


@program
def two_stage_top_k_across_devices():
    """Top-k of a vector split over 8 devices: each device's local top_k (values and global
    indices from axis_index), all_gathered, then a global top_k on every device (the same on
    each, which JAX cannot infer after all_gather: check_vma=False)."""
    m = user_mesh((8,), ("s",))
    k = 3

    def f(v):
        vals, idx = jax.lax.top_k(v, k)
        idx = idx + jax.lax.axis_index("s") * v.shape[0]
        vals, idx = jax.lax.all_gather(vals, "s", tiled=True), jax.lax.all_gather(idx, "s", tiled=True)
        best, where = jax.lax.top_k(vals, k)
        return best, idx[where]

    sm = jax.shard_map(f, mesh=m, in_specs=P("s"), out_specs=(P(), P()), check_vma=False)
    return case_fields(jax.jit(sm), [normal(924, 64)], [P("s")], m)


@program
def argmax_across_devices_pmax_pmin():
    """A global argmax of rows split over "d" (4): the local max and argmax, pmax of the values and
    pmin of the global indices that reach it (the lowest index wins ties, as jnp.argmax)."""
    m = user_mesh((4, 2), ("d", "b"))

    def f(x):                               # x: (n/4, batch/2): argmax over axis 0
        local_max = x.max(axis=0)
        local_arg = jnp.argmax(x, axis=0) + jax.lax.axis_index("d") * x.shape[0]
        best = jax.lax.pmax(local_max, "d")
        arg = jax.lax.pmin(jnp.where(local_max == best, local_arg, jnp.iinfo(jnp.int32).max), "d")
        return best, arg

    x = np.round(normal(925, 16, 6), 1)     # rounded: ties across devices
    sm = jax.shard_map(f, mesh=m, in_specs=P("d", "b"), out_specs=(P("b"), P("b")))
    return case_fields(jax.jit(sm), [x], [P("d", "b")], m)


@program
def per_device_dropout_keys_from_fold_in():
    """Dropout inside shard_map with a different key per device: the replicated key is folded
    with axis_index, then random.bernoulli makes the mask."""
    m = user_mesh((2, 4), ("dp", "tp"))

    def f(key, x):
        key = jax.random.fold_in(jax.random.wrap_key_data(key), jax.lax.axis_index(("dp", "tp")))
        keep = jax.random.bernoulli(key, 0.7, x.shape)
        return jnp.where(keep, x / 0.7, 0.0)

    key = np.asarray(jax.random.key_data(jax.random.key(7)))
    sm = jax.shard_map(f, mesh=m, in_specs=(P(), P("dp", "tp")), out_specs=P("dp", "tp"))
    return case_fields(jax.jit(sm), [key, normal(926, 4, 8)], [P(), P("dp", "tp")], m)


@program
def sparse_matvec_coo_nonzeros_sharded():
    """y = A @ x for a sparse A in COO form whose nonzeros are split over 8 devices: the values
    times the gathered x entries, summed into rows by segment_sum (the partitioner combines the
    per-device partial sums)."""
    m = user_mesh((8,), ("nnz",))

    def f(vals, rows, cols, x):
        return jax.ops.segment_sum(vals * x[cols], rows, num_segments=10)

    return case_fields(jax.jit(f), [normal(927, 40), ints(928, 10, 40), ints(929, 12, 40), normal(930, 12)],
                       [P("nnz"), P("nnz"), P("nnz"), P()], m)


@program
def gather_fill_mode_out_of_bounds_on_sharded_table():
    """Lookups into a row-sharded table with some indices out of range: .at[].get(mode="fill")
    gives -1 there, jnp.take(mode="clip") clamps."""
    m = user_mesh((4, 2), ("rows", "cols"))

    def f(table, idx):
        a = table.at[idx].get(mode="fill", fill_value=-1.0)
        b = jnp.take(table, idx, axis=0, mode="clip")
        return a, b

    idx = np.array([0, 3, 11, 12, -1, 40, 7, 5], np.int32)
    return case_fields(jax.jit(f), [normal(931, 12, 4), idx], [P("rows", "cols"), P()], m)


@program
def key_value_sort_and_stable_argsort_batch_sharded():
    """A multi-operand lax.sort (int keys with float payloads, one sort key) along rows whose
    batch is split, and a stable descending argsort."""
    m = user_mesh((8,), ("batch",))

    def f(keys, vals):
        k, v = jax.lax.sort((keys, vals), dimension=1, num_keys=1)
        order = jnp.argsort(-keys, axis=1, stable=True)
        return k, v, order

    return case_fields(jax.jit(f), [ints(932, 5, 8, 12), normal(933, 8, 12)], [P("batch"), P("batch")], m)


@program
def switch_on_argmax_with_constraint_after():
    """lax.switch with three branches, picked by the argmax of a global statistic of a sharded
    input; the result is constrained to columns over "y" after the switch."""
    m = user_mesh((2, 4), ("x", "y"))

    def f(a):
        branches = [lambda v: v * 2.0, jnp.sin, lambda v: v @ v.T]
        i = jnp.argmax(jnp.stack([a.mean(), a.max() - 2.0, a.min() + 2.5]))
        r = jax.lax.switch(i, branches, a)
        return jax.lax.with_sharding_constraint(r, NamedSharding(m, P(None, "y"))), i

    return case_fields(jax.jit(f), [normal(934, 8, 8) + 0.5], [P("x", "y")], m)


@program
def custom_jvp_activation_data_parallel_grad():
    """A user activation with jax.custom_jvp (a numerically safe softplus), differentiated in a
    data-parallel loss over "dp" with weights over "mp"."""
    m = user_mesh((4, 2), ("dp", "mp"))

    @jax.custom_jvp
    def softplus(x):
        return jnp.logaddexp(x, 0.0)

    @softplus.defjvp
    def softplus_jvp(primals, tangents):
        x, = primals
        t, = tangents
        return softplus(x), t * jax.nn.sigmoid(x)

    def loss(w, x):
        return jnp.mean(softplus(x @ w) ** 2)

    return case_fields(jax.jit(jax.value_and_grad(loss)), [normal(935, 6, 8), normal(936, 16, 6)],
                       [P(None, "mp"), P("dp", None)], m)


@program
def spatially_partitioned_conv_nhwc():
    """A 3x3 convolution with the image height split over "h" (4) and the batch over "b" (2): the
    partitioner exchanges halos; a strided second convolution follows."""
    m = user_mesh((2, 4), ("b", "h"))

    def f(x, k1, k2):
        dn = ("NHWC", "HWIO", "NHWC")
        y = jax.lax.conv_general_dilated(x, k1, (1, 1), "SAME", dimension_numbers=dn)
        y = jax.nn.relu(y)
        return jax.lax.conv_general_dilated(y, k2, (2, 2), "VALID", dimension_numbers=dn)

    return case_fields(jax.jit(f), [normal(937, 2, 16, 8, 3), normal(938, 3, 3, 3, 4, scale=0.3),
                                    normal(939, 2, 2, 4, 2, scale=0.3)],
                       [P("b", "h", None, None), P(), P()], m)


@program
def nan_aware_reductions_on_sharded_rows():
    """nanmean / nanmax / where-masked statistics over a sharded axis holding NaNs."""
    m = user_mesh((8,), ("r",))

    def f(x):
        return jnp.nanmean(x, axis=0), jnp.nanmax(x, axis=0), jnp.sum(jnp.isnan(x), axis=0)

    x = normal(940, 16, 5)
    x[np.random.default_rng(941).random(x.shape) < 0.3] = np.nan
    return case_fields(jax.jit(f), [x], [P("r", None)], m)


@program
def explicit_reshape_splitting_a_two_axis_dimension():
    """Explicit mode: rows split over ("x", "y") reshaped into (x-blocks, y-blocks, ...) with the
    out_sharding naming one axis per new dimension, and back (Shardy may write sub-axes)."""
    m = user_mesh((2, 4), ("x", "y"), Explicit)

    def f(v):
        w = jnp.reshape(v, (2, 8, 3), out_sharding=P("x", "y", None))
        w = jnp.sin(w) * 2.0
        return jnp.reshape(w, (16, 3), out_sharding=P(("x", "y"), None)), w.sum(axis=1)

    return case_fields(jax.jit(f), [normal(942, 16, 3)], [P(("x", "y"), None)], m, mesh=m)


@program
def partly_manual_body_constrains_its_auto_axis():
    """A shard_map manual over "dp" only (under jax.set_mesh); inside the body a
    with_sharding_constraint with a bare spec places a value over the remaining auto axis "tp"
    before a psum over "dp"."""
    m = user_mesh((2, 4), ("dp", "tp"))

    def body(x, w):
        h = jnp.tanh(x @ w)
        h = jax.lax.with_sharding_constraint(h, P(None, "tp"))
        return jax.lax.psum(h.sum(axis=0, keepdims=True), "dp")

    sm = jax.shard_map(body, mesh=m, in_specs=(P("dp", None), P()), out_specs=P(), axis_names={"dp"})
    return case_fields(jax.jit(sm), [normal(943, 8, 6), normal(944, 6, 8)], [P("dp", None), P(None, "tp")], m,
                       mesh=m)


@program
def collective_matmul_all_gather_overlapped_with_ppermute():
    """An all-gather matmul written as a collective matmul: each of 4 steps multiplies the block of
    rows it holds, writes it at its source position with dynamic_update_slice, and passes the
    block on round the ring."""
    m = user_mesh((4,), ("tp",))

    def f(x, w):                            # x: (n/4, k) rows; w: (k, m/4) columns
        idx = jax.lax.axis_index("tp")
        rows = x.shape[0]

        def step(i, carry):
            blk, out = carry
            src = (idx + i) % 4
            out = jax.lax.dynamic_update_slice_in_dim(out, blk @ w, src * rows, 0)
            blk = jax.lax.ppermute(blk, "tp", [(j, (j - 1) % 4) for j in range(4)])
            return blk, out

        out0 = jax.lax.pcast(jnp.zeros((4 * rows, w.shape[1]), x.dtype), ("tp",), to="varying")
        _, out = jax.lax.fori_loop(0, 4, step, (x, out0))
        return out

    sm = jax.shard_map(f, mesh=m, in_specs=(P("tp", None), P(None, "tp")), out_specs=P(None, "tp"))
    return case_fields(jax.jit(sm), [normal(945, 8, 5), normal(946, 5, 8)], [P("tp", None), P(None, "tp")], m)


@program
def psum_scatter_untiled_second_dimension_over_axis_pair():
    """psum_scatter over the pair ("x", "y") (8 devices) along dimension 1, untiled (the scattered
    dimension disappears), then an all_gather that restores it."""
    m = user_mesh((2, 4), ("x", "y"))

    def f(v):                               # v: (3, 8) per device
        s = jax.lax.psum_scatter(v, ("x", "y"), scatter_dimension=1, tiled=False)      # (3,)
        return s[None], jax.lax.all_gather(s, ("x", "y"), axis=1)

    sm = jax.shard_map(f, mesh=m, in_specs=P(("x", "y")), out_specs=(P(("x", "y")), P(("x", "y"))))
    return case_fields(jax.jit(sm), [normal(947, 24, 8)], [P(("x", "y"))], m)


@program
def out_shardings_pytree_prefix_with_none_leaves():
    """jit's out_shardings as a pytree prefix: a dict whose "params" entry is one sharding for a
    whole sub-tree and whose "stats" entry is None (left to the partitioner)."""
    m = user_mesh((4, 2), ("a", "b"))
    outs = {"params": NamedSharding(m, P("a", None)), "stats": None}

    @functools.partial(jax.jit, out_shardings=outs)
    def f(w1, w2, x):
        h = x @ w1
        return {"params": (w1 * 0.5, w2 + 1.0), "stats": {"mean": h.mean(axis=0), "max": h.max()}}

    return case_fields(f, [normal(948, 8, 4), normal(949, 8, 2), normal(950, 6, 8)],
                       [P("a", None), P(None, "b"), P(None, "a")], m)


@program
def roll_and_reflect_pad_along_sharded_axis():
    """jnp.roll and a reflect-mode jnp.pad along an axis split over 8 devices (slices and
    concatenations across shard boundaries)."""
    m = user_mesh((8,), ("s",))

    def f(v):
        return jnp.roll(v, 3, axis=0), jnp.pad(v, ((2, 2), (0, 0)), mode="reflect")

    return case_fields(jax.jit(f), [normal(951, 16, 3)], [P("s", None)], m)


@program
def dynamic_slice_and_update_at_run_time_offsets_on_sharded_axis():
    """lax.dynamic_slice and dynamic_update_slice at run-time offsets along an axis split over
    "x" (the partitioner gathers or masks), with an offset that is clamped."""
    m = user_mesh((4, 2), ("x", "y"))

    def f(buf, upd, i, j):
        win = jax.lax.dynamic_slice(buf, (i, 0), (5, 4))
        buf = jax.lax.dynamic_update_slice(buf, upd, (j, 0))
        return win * 2.0, buf

    return case_fields(jax.jit(f), [normal(952, 16, 4), normal(953, 3, 4), np.int32(6), np.int32(14)],
                       [P("x", "y"), P(None, "y"), P(), P()], m)


@program
def symbolic_batch_lax_map_over_rows():
    """lax.map (a scan) over the rows of a symbolic batch split over "b": the scan's length is
    symbolic, each step a static slice; exported once, run at the inputs' size."""
    m = user_mesh((8,), ("b",))
    n, = jax.export.symbolic_shape("n")

    def f(x, w):
        return jax.lax.map(lambda r: jnp.tanh(r @ w).sum(), x)

    return case_fields(jax.jit(f), [normal(954, 16, 4), normal(955, 4, 3)], [P("b", None), P()], m,
                       shapes=[(8 * n, 4), (4, 3)])


@program
def auto_axes_island_in_explicit_program():
    """Explicit mode with a jax.sharding.auto_axes island: inside it the partitioner places the
    values (a constraint over the now-auto axis), and its out_sharding returns to explicit
    types."""
    m = user_mesh((2, 4), ("x", "y"), Explicit)

    @functools.partial(jax.sharding.auto_axes, out_sharding=P("x", None))
    def mixed(a, b):
        c = a @ b
        return jax.lax.with_sharding_constraint(jnp.tanh(c), P(None, "y")) * 2.0

    def f(a, b):
        return mixed(a, b) + 1.0

    return case_fields(jax.jit(f), [normal(956, 8, 8), normal(957, 8, 8)], [P("x", None), P(None, "y")], m, mesh=m)


@program
def explicit_axes_island_in_auto_program():
    """An auto-mode program with a jax.sharding.explicit_axes island: its in_sharding gives the
    operands explicit types, an einsum inside names its out_sharding."""
    m = user_mesh((2, 4), ("x", "y"))

    @functools.partial(jax.sharding.explicit_axes, in_sharding=(P("x", None), P(None, "y")))
    def island(a, b):
        return jnp.einsum("ij,jk->ik", a, b, out_sharding=P("x", "y"))

    def f(a, b):
        return jnp.sin(island(a * 2.0, b)).sum(axis=0)

    return case_fields(jax.jit(f), [normal(958, 8, 6), normal(959, 6, 8)], [P("x", None), P(None, "y")], m, mesh=m)


@program
def platform_dependent_branch_in_sharded_program():
    """lax.platform_dependent (one branch for CPU, another default) over a row-sharded input."""
    m = user_mesh((8,), ("r",))

    def f(x):
        y = jax.lax.platform_dependent(x, cpu=lambda v: jnp.tanh(v) * 2.0, default=lambda v: v * 3.0)
        return y.sum(axis=1)

    return case_fields(jax.jit(f), [normal(960, 16, 4)], [P("r", None)], m)


@program
def ragged_dot_general_groups_over_experts_axis():
    """lax.ragged_dot_general with the group sizes of a ragged MoE layer, tokens split over
    "data" and the expert weights over "model" along their output features."""
    m = user_mesh((2, 4), ("data", "model"))

    def f(x, w, sizes):
        dn = jax.lax.RaggedDotDimensionNumbers(
            dot_dimension_numbers=(((1,), (1,)), ((), ())), lhs_ragged_dimensions=[0], rhs_group_dimensions=[0])
        return jax.lax.ragged_dot_general(x, w, sizes, dn)

    sizes = np.array([5, 0, 7, 4], np.int32)
    return case_fields(jax.jit(f), [normal(961, 16, 6), normal(962, 4, 6, 8), sizes],
                       [P("data", None), P(None, None, "model"), P()], m)
