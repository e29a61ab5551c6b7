"""Held-out-style sharded programs, a fourth round (tests/sharding_heldout_cases.py): the older
and less common spellings users still write (Mesh built from a device array, jax.experimental.shard_map
and pjit, bare PartitionSpecs under set_mesh, shard_map taking its mesh from the context),
collectives in cond branches and scans, and ops whose partitioning is
unusual (FFT, eigh, argsort, depthwise convolutions, int8 dots, max pooling with halos).

Not here: jax.experimental.custom_partitioning, whose partitioner is a Python callback that
jax.export cannot serialize ("serialization of host_callbacks is not yet implemented"), so
such a program has no portable form to import."""
from __future__ import annotations

import functools
import warnings

import numpy as np

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from sharding_heldout_cases import case_fields, ints, normal, program, user_mesh


def _device_grid_mesh(shape, names):
    """The mesh as older tutorials build it: Mesh over a reshaped device array."""
    return Mesh(np.array(jax.devices()[:int(np.prod(shape))]).reshape(shape), names)


@program
def mesh_from_device_array_with_bare_specs_under_set_mesh():
    """Mesh(np.array(devices).reshape(...)), jit given bare PartitionSpecs under jax.set_mesh,
    with_sharding_constraint with a bare spec too."""
    m = _device_grid_mesh((2, 4), ("data", "model"))

    @functools.partial(jax.jit, in_shardings=(P("data", None), P(None, "model")), out_shardings=P("data", None))
    def f(x, w):
        h = jax.lax.with_sharding_constraint(jnp.tanh(x @ w), P("data", "model"))
        return h @ w.T

    return case_fields(f, [normal(500, 8, 16), normal(501, 16, 8)], [P("data", None), P(None, "model")], m, mesh=m)


@program
def experimental_shard_map_with_check_rep():
    """The older jax.experimental.shard_map.shard_map (check_rep=False) with psum and all_gather."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from jax.experimental.shard_map import shard_map
    m = _device_grid_mesh((4, 2), ("x", "y"))

    def f(a, b):
        c = jax.lax.psum(a @ b, "y")
        return jax.lax.all_gather(c, "x", tiled=True)

    sm = shard_map(f, mesh=m, in_specs=(P("x", "y"), P("y", None)), out_specs=P(None, None), check_rep=False)
    return case_fields(jax.jit(sm), [normal(502, 8, 6), normal(503, 6, 5)], [P("x", "y"), P("y", None)], m)


@program
def experimental_pjit_with_shardings():
    """jax.experimental.pjit.pjit (now jit) with in / out shardings and a static argument."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from jax.experimental.pjit import pjit
    m = user_mesh((8,), ("b",))
    s = NamedSharding(m, P("b"))
    f = pjit(lambda x, y: (jnp.maximum(x, y), jnp.minimum(x, y).sum()), in_shardings=(s, s),
             out_shardings=(s, NamedSharding(m, P())))
    return case_fields(f, [normal(504, 16, 2), normal(505, 16, 2)], [P("b"), P("b")], m)


@program
def collectives_inside_cond_branches():
    """lax.cond on a global (psum'd) flag inside shard_map, each branch with its own collective."""
    m = user_mesh((4,), ("d",))

    def f(x):
        flag = jax.lax.psum(jnp.sum(x), "d") > 0
        return jax.lax.cond(flag, lambda v: jax.lax.pmax(v, "d"), lambda v: jax.lax.psum(v, "d") / 4.0, x)

    sm = jax.shard_map(f, mesh=m, in_specs=P("d"), out_specs=P(), check_vma=False)
    return case_fields(jax.jit(lambda a, b: (sm(a), sm(b))), [normal(506, 8, 3) + 1.0, normal(507, 8, 3) - 1.0],
                       [P("d"), P("d")], m)


@program
def scan_with_ppermute_and_unroll():
    """A lax.scan (unroll=2) whose step shifts a value around the ring and accumulates it: every
    device ends with the sum of all pieces."""
    m = user_mesh((8,), ("r",))

    def f(x):
        def step(carry, _):
            moving, total = carry
            moving = jax.lax.ppermute(moving, "r", [(i, (i + 1) % 8) for i in range(8)])
            return (moving, total + moving), moving[0]
        (_, total), firsts = jax.lax.scan(step, (x, x), None, length=7, unroll=2)
        return total, firsts

    sm = jax.shard_map(f, mesh=m, in_specs=P("r"), out_specs=(P("r"), P("r")))
    return case_fields(jax.jit(sm), [normal(508, 16, 3)], [P("r")], m)


@program
def axis_size_and_constant_psum():
    """psum(1, axis) and axis_size as the device count, used to average by hand."""
    m = user_mesh((2, 4), ("a", "b"))

    def f(x):
        n = jax.lax.psum(1, ("a", "b"))
        mean = jax.lax.psum(x.sum(axis=0), ("a", "b")) / (n * x.shape[0])
        return x - mean, jnp.full((1,), jax.lax.axis_size("b"), jnp.int32) * n

    sm = jax.shard_map(f, mesh=m, in_specs=P(("a", "b")), out_specs=(P(("a", "b")), P()), check_vma=False)
    return case_fields(jax.jit(sm), [normal(509, 16, 3)], [P(("a", "b"))], m)


@program
def pcast_to_varying_before_ppermute():
    """With replication checking on (check_vma), a replicated value made per-device with
    jax.lax.pcast before it is mixed with device-varying ones."""
    m = user_mesh((4,), ("i",))

    def f(x, w):
        w = jax.lax.pcast(w, "i", to="varying")
        y = x * w + jax.lax.axis_index("i").astype(x.dtype)
        return jax.lax.ppermute(y, "i", [(0, 3), (3, 0), (1, 2), (2, 1)])

    sm = jax.shard_map(f, mesh=m, in_specs=(P("i"), P()), out_specs=P("i"))
    return case_fields(jax.jit(sm), [normal(510, 8, 4), normal(511, 4)], [P("i"), P()], m)


@program
def fft_along_replicated_axis_of_sharded_batch():
    """rfft / irfft / fft along the unsharded axis of a batch-sharded signal. (Masking the spectrum
    before the irfft, `irfft(rfft(x) * (arange(9) < 5))`, crashes XLA:CPU in JAX's own sharded run:
    "RET_CHECK failure ... fft_thunk.cc:168 LayoutUtil::IsMonotonicWithDim0Major"; unsharded it
    runs. There is no reference for that one.)"""
    m = user_mesh((4, 2), ("b", "c"))

    def f(x):
        spec = jnp.fft.rfft(x, axis=-1)
        power = jnp.abs(spec) ** 2
        filtered = jnp.fft.irfft(spec, n=x.shape[-1], axis=-1)
        return power, filtered, jnp.abs(jnp.fft.fft(x[:, 0], axis=-1))

    return case_fields(jax.jit(f), [normal(513, 8, 2, 16)], [P("b", "c", None)], m, tol=1e-3)


@program
def eigh_and_argsort_on_sharded_batch():
    """Symmetric eigendecompositions of a batch split over 8 devices and an argsort along a sharded axis."""
    m = user_mesh((8,), ("b",))

    def f(a, v):
        sym = a + jnp.swapaxes(a, -1, -2)
        w = jnp.linalg.eigvalsh(sym)
        return w, jnp.argsort(v, axis=0), jnp.sort(v, axis=0)[::-1]

    return case_fields(jax.jit(f), [normal(514, 16, 4, 4), normal(515, 16, 3)], [P("b"), P("b")], m, tol=1e-3)


@program
def depthwise_conv_channels_sharded():
    """A depthwise 2D convolution (feature_group_count = channels), channels over "c", batch over "n"."""
    m = user_mesh((2, 4), ("n", "c"))

    def f(x, k):                          # x NHWC, k HWIO with I = 1
        return jax.lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"),
                                            feature_group_count=x.shape[-1])

    return case_fields(jax.jit(f), [normal(516, 4, 6, 6, 8), normal(517, 3, 3, 1, 8)],
                       [P("n", None, None, "c"), P(None, None, None, "c")], m, tol=1e-3)


@program
def max_pool_over_sharded_spatial_axis():
    """reduce_window max pooling (window 3, stride 2) along a height axis split over 4 devices:
    the partitioner exchanges halos."""
    m = user_mesh((4, 2), ("h", "w"))

    def f(x):
        pooled = jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
        return pooled, jax.lax.reduce_window(x, 0.0, jax.lax.add, (1, 2, 1, 1), (1, 1, 1, 1), "VALID")

    return case_fields(jax.jit(f), [normal(518, 2, 16, 8, 3)], [P(None, "h", "w", None)], m)


@program
def int8_dot_int32_accumulate_contracting_sharded():
    """int8 x int8 -> int32 dot whose contracting dimension is split over "k" (the partitioner
    adds the partial sums exactly)."""
    m = user_mesh((2, 4), ("m", "k"))

    def f(a, b):
        return jax.lax.dot(a, b, preferred_element_type=jnp.int32)

    rng = np.random.default_rng(519)
    a = rng.integers(-128, 128, (8, 32)).astype(np.int8)
    b = rng.integers(-128, 128, (32, 6)).astype(np.int8)
    return case_fields(jax.jit(f), [a, b], [P("m", "k"), P("k", None)], m)


@program
def dot_general_batch_dims_sharded_differently():
    """A batched dot_general where lhs is split over the batch and rhs over its free dimension."""
    m = user_mesh((4, 2), ("b", "n"))

    def f(x, y):
        return jax.lax.dot_general(x, y, (((2,), (1,)), ((0,), (0,)))), jnp.einsum("bij,bjk,kl->bil", x, y, y[0].T)

    return case_fields(jax.jit(f), [normal(520, 8, 3, 5), normal(521, 8, 5, 4)],
                       [P("b", None, None), P(None, None, "n")], m, tol=1e-3)


@program
def random_normal_with_sharded_out():
    """jax.random inside a jit whose result is sharded (partitionable threefry): the values do not
    depend on the layout."""
    m = user_mesh((2, 4), ("x", "y"))

    @functools.partial(jax.jit, out_shardings=(NamedSharding(m, P("x", "y")), NamedSharding(m, P("y"))))
    def f(seed, scale):
        key = jax.random.key(seed)
        k1, k2 = jax.random.split(key)
        return jax.random.normal(k1, (8, 8)) * scale, jax.random.randint(k2, (16,), 0, 100)

    return case_fields(f, [np.array(7, np.uint32), np.array(1.5, np.float32)], [P(), P()], m)


@program
def device_put_inside_jit_changes_sharding():
    """jax.device_put inside jit as the user's way of moving a value to another sharding."""
    m = user_mesh((4, 2), ("r", "c"))

    def f(x):
        y = jax.device_put(x * 2.0, NamedSharding(m, P(None, "r")))
        return jnp.cumsum(y, axis=0), jax.device_put(y.sum(0), NamedSharding(m, P("c")))

    return case_fields(jax.jit(f), [normal(522, 8, 8)], [P("r", "c")], m)


@program
def shard_map_mesh_from_context():
    """jax.shard_map without mesh=: the mesh comes from jax.set_mesh, specs over both axes."""
    m = user_mesh((2, 4), ("p", "q"))

    def f(a):
        local = jnp.sort(a, axis=1)
        return jax.lax.all_gather(local, "q", axis=1, tiled=True), jax.lax.pmin(a.min(), ("p", "q"))

    sm = jax.shard_map(f, in_specs=P("p", "q"), out_specs=(P("p", None), P()), check_vma=False)
    return case_fields(jax.jit(sm), [normal(523, 4, 16)], [P("p", "q")], m, mesh=m)


@program
def take_along_axis_and_one_hot_on_sharded_rows():
    """Gathering per-row entries (cross-entropy style) with take_along_axis on row-sharded logits."""
    m = user_mesh((8,), ("rows",))

    def f(logits, labels):
        logp = jax.nn.log_softmax(logits, axis=-1)
        picked = jnp.take_along_axis(logp, labels[:, None], axis=-1)[:, 0]
        hits = jnp.argmax(logits, -1) == labels
        return -picked.mean(), hits.astype(jnp.float32).mean(), jax.nn.one_hot(labels, 10) * logp

    return case_fields(jax.jit(f), [normal(524, 16, 10), ints(525, 10, 16)], [P("rows"), P("rows")], m)


@program
def complex_matmul_sharded():
    """complex64 matrices, a dot over a sharded contraction and a conjugate transpose."""
    m = user_mesh((4, 2), ("a", "b"))
    a = (normal(526, 8, 8) + 1j * normal(527, 8, 8)).astype(np.complex64)
    b = (normal(528, 8, 4) + 1j * normal(529, 8, 4)).astype(np.complex64)

    def f(x, y):
        z = x @ y
        return z, jnp.conj(z).T @ z

    return case_fields(jax.jit(f), [a, b], [P("a", "b"), P("b", None)], m, tol=1e-3)


@program
def while_loop_data_dependent_with_sharded_carry():
    """A while loop that halves a sharded vector until its global norm falls below a bound."""
    m = user_mesh((8,), ("v",))
    s = NamedSharding(m, P("v"))

    def f(x):
        def cond(c):
            v, i = c
            return (jnp.linalg.norm(v) > 0.5) & (i < 50)

        def body(c):
            v, i = c
            return jax.lax.with_sharding_constraint(v * 0.5, s), i + 1
        return jax.lax.while_loop(cond, body, (x, 0))

    return case_fields(jax.jit(f), [normal(530, 32)], [P("v")], m)


@program
def all_to_all_bf16_untiled_over_two_axes():
    """An untiled bf16 all_to_all over both mesh axes at once (split a new size-8 axis)."""
    m = user_mesh((2, 4), ("a", "b"))

    def f(x):                             # (8, 3) per device
        return jax.lax.all_to_all(x, ("a", "b"), 0, 0)

    sm = jax.shard_map(f, mesh=m, in_specs=P(("a", "b")), out_specs=P(("a", "b")))
    x = normal(531, 64, 3).astype(jnp.bfloat16)
    return case_fields(jax.jit(sm), [np.asarray(x)], [P(("a", "b"))], m)


@program
def shard_map_without_inputs_and_unused_arguments():
    """A shard_map body that reads no input (device ids from axis_index) next to one whose second
    argument is unused and whose results repeat one value."""
    m = user_mesh((2, 4), ("x", "y"))
    ids = jax.shard_map(lambda: (jax.lax.axis_index("x") * 4 + jax.lax.axis_index("y")).reshape(1, 1),
                        mesh=m, in_specs=(), out_specs=P("x", "y"))

    def twice(a, unused):
        b = a * 2
        return b, b

    sm = jax.shard_map(twice, mesh=m, in_specs=(P("y"), P()), out_specs=(P("y"), P("y")), check_vma=False)
    f = jax.jit(lambda a, u: (ids(),) + sm(a, u))
    return case_fields(f, [normal(540, 8, 2), normal(541, 3)], [P("y"), P()], m)


@program
def all_gather_with_axis_index_groups_and_int_collectives():
    """all_gather within groups of two devices and integer pmin / psum / bool-as-int collectives."""
    m = user_mesh((4,), ("g",))

    def f(x, n):
        pairs = jax.lax.all_gather(x, "g", axis_index_groups=[[0, 1], [2, 3]], tiled=True)
        return pairs, jax.lax.pmin(n, "g"), jax.lax.psum((n > 3).astype(jnp.int32), "g")

    sm = jax.shard_map(f, mesh=m, in_specs=(P("g"), P("g")), out_specs=(P("g"), P(), P()), check_vma=False)
    return case_fields(jax.jit(sm), [normal(542, 8, 2), ints(543, 10, 4)], [P("g"), P("g")], m)


@program
def psum_scatter_tiled_along_second_axis_bf16():
    """psum_scatter of bf16 values along dimension 1 (tiled) over a 4-device axis, then a local
    matmul in f32: a row-parallel layer's reduce-scatter."""
    m = user_mesh((2, 4), ("dp", "tp"))

    def f(x, w):                          # x: (b, k/tp), w: (k/tp, n)
        partial = (x.astype(jnp.bfloat16) @ w.astype(jnp.bfloat16))
        out = jax.lax.psum_scatter(partial, "tp", scatter_dimension=1, tiled=True)
        return out.astype(jnp.float32)

    sm = jax.shard_map(f, mesh=m, in_specs=(P("dp", "tp"), P("tp", None)), out_specs=P("dp", "tp"))
    x = np.asarray(jnp.asarray(normal(544, 4, 16)).astype(jnp.bfloat16).astype(jnp.float32))
    w = np.asarray(jnp.asarray(normal(545, 16, 8)).astype(jnp.bfloat16).astype(jnp.float32))
    return case_fields(jax.jit(sm), [x, w], [P("dp", "tp"), P("tp", None)], m, tol=5e-2)


@program
def shard_map_under_vmap_with_spmd_axis_name():
    """vmap over a leading axis that is itself sharded (spmd_axis_name) of a shard_map over another axis."""
    m = user_mesh((2, 4), ("v", "s"))

    def inner(x):
        return x - jax.lax.pmean(x.mean(), "s")

    sm = jax.shard_map(inner, mesh=m, in_specs=P("s"), out_specs=P("s"))
    f = jax.jit(jax.vmap(sm, spmd_axis_name="v"))
    return case_fields(f, [normal(546, 4, 16)], [P("v", "s")], m)


@program
def linalg_inverse_and_logdet_inside_shard_map():
    """A per-device batch of small matrices inverted with jnp.linalg.inv and a psum of slogdets."""
    m = user_mesh((4,), ("b",))

    def f(a):
        a = a + 3.0 * jnp.eye(a.shape[-1])
        sign, logdet = jnp.linalg.slogdet(a)
        return jnp.linalg.inv(a), jax.lax.psum(jnp.sum(sign * logdet), "b")

    sm = jax.shard_map(f, mesh=m, in_specs=P("b"), out_specs=(P("b"), P()))
    return case_fields(jax.jit(sm), [normal(547, 8, 3, 3)], [P("b")], m, tol=1e-3)


@program
def shard_map_partial_specs_on_2d_mesh():
    """in_specs naming one of two mesh axes (the input replicated over the other), an out_spec over
    the other axis only: a reduction across "r" and a broadcast along "c"."""
    m = user_mesh((4, 2), ("r", "c"))

    def f(x, col_bias):                   # x: (rows/4, 6) replicated over c; col_bias: (1,) per c
        s = jax.lax.psum(x.sum(axis=0), "r")
        return (s + col_bias)[None]

    sm = jax.shard_map(f, mesh=m, in_specs=(P("r"), P("c")), out_specs=P("c"), check_vma=False)
    return case_fields(jax.jit(sm), [normal(548, 8, 6), normal(549, 2)], [P("r"), P("c")], m)


@program
def ppermute_bool_and_int_values():
    """ppermute of bool masks and int32 indices along a ring (a reversed ring)."""
    m = user_mesh((8,), ("d",))

    def f(mask, idx):
        back = [(i, (i - 1) % 8) for i in range(8)]
        return jax.lax.ppermute(mask, "d", back), jax.lax.ppermute(idx * 2, "d", back)

    sm = jax.shard_map(f, mesh=m, in_specs=(P("d"), P("d")), out_specs=(P("d"), P("d")))
    mask = np.random.default_rng(550).random((16, 3)) > 0.5
    return case_fields(jax.jit(sm), [mask, ints(551, 100, 16, 3)], [P("d"), P("d")], m)


@program
def offload_remat_policy():
    """Remat that offloads a named activation to pinned host memory
    (save_and_offload_only_these_names), gradients of a sharded two-layer net."""
    from jax.ad_checkpoint import checkpoint_name
    m = user_mesh((4, 2), ("d", "m"))
    policy = jax.checkpoint_policies.save_and_offload_only_these_names(
        names_which_can_be_saved=[], names_which_can_be_offloaded=["h"], offload_src="device",
        offload_dst="pinned_host")

    @functools.partial(jax.checkpoint, policy=policy)
    def layer(x, w):
        return jnp.sin(checkpoint_name(x @ w, "h"))

    f = jax.jit(jax.grad(lambda w, x: jnp.sum(layer(layer(x, w), w) ** 2)))
    return case_fields(f, [normal(552, 8, 8), normal(553, 16, 8)], [P(None, "m"), P("d", None)], m, tol=1e-3)


@program
def optimization_barrier_and_named_call():
    """lax.optimization_barrier on sharded values, jax.named_call and jax.named_scope."""
    m = user_mesh((8,), ("d",))

    @jax.named_call
    def inner(a, b):
        return a * b + 1

    def f(x, y):
        x, y = jax.lax.optimization_barrier((x, y))
        with jax.named_scope("block"):
            z = inner(x, y)
        return z, jax.lax.optimization_barrier(z.sum())

    return case_fields(jax.jit(f), [normal(554, 16, 4), normal(555, 16, 4)], [P("d"), P("d")], m)


@program
def device_put_to_host_inside_jit():
    """A value moved to pinned host memory and back inside jit (jax.device_put with memory kinds)."""
    m = user_mesh((4, 2), ("a", "b"))
    s = NamedSharding(m, P("a", "b"))

    def f(x):
        h = jax.device_put(x * 2, s.with_memory_kind("pinned_host"))
        return jax.device_put(h, s.with_memory_kind("device")) + 1

    return case_fields(jax.jit(f), [normal(556, 8, 4)], [P("a", "b")], m)


@program
def jit_inline_false_sharded_calls():
    """Nested jits with inline=False (func.call of private functions) on sharded values, one of
    them constraining its result."""
    m = user_mesh((2, 4), ("x", "y"))
    g = jax.jit(lambda a: jnp.tanh(a) @ a.T, inline=False)
    h = jax.jit(lambda a: jax.lax.with_sharding_constraint(a * 3, NamedSharding(m, P("y", "x"))), inline=False)
    f = jax.jit(lambda a: (g(a), h(g(a)), g(a * 2)))
    return case_fields(f, [normal(557, 8, 8)], [P("x", "y")], m)


@program
def symbolic_batch_mlp_exported_once():
    """jax.export at a symbolic batch ("2*b" rows over "data"): one export for every batch size,
    run at 6 rows; weights over "model", the hidden layer constrained."""
    m = user_mesh((2, 4), ("data", "model"))
    b, = jax.export.symbolic_shape("b")

    def mlp(x, w1, w2):
        h = jax.lax.with_sharding_constraint(jax.nn.relu(x @ w1), NamedSharding(m, P("data", "model")))
        return h @ w2, jnp.mean(h, axis=0)

    return case_fields(jax.jit(mlp), [normal(558, 6, 8), normal(559, 8, 16), normal(560, 16, 4)],
                       [P("data", None), P(None, "model"), P("model", None)], m,
                       shapes=[(2 * b, 8), (8, 16), (16, 4)])


@program
def symbolic_length_shard_map():
    """A shard_map exported with a symbolic sequence length (a multiple of the 4 devices it is
    split over) whose results have static shapes: per-row global mean and root mean square from
    psums. (JAX itself cannot run a shard_map whose results keep the symbolic dimension: its
    Exported.call fails in shape refinement, "Error refining shapes", or segfaults in jaxlib's
    refine_polymorphic_shapes when the body holds a cumsum.)"""
    m = user_mesh((4,), ("s",))
    n, = jax.export.symbolic_shape("n")

    def body(x):                          # (rows, length / 4)
        total = jax.lax.psum(x.shape[1], "s")
        mean = jax.lax.psum(x.sum(axis=1), "s") / total
        rms = jnp.sqrt(jax.lax.psum((x * x).sum(axis=1), "s") / total)
        return jnp.stack([mean, rms], axis=1)

    f = jax.jit(jax.shard_map(body, mesh=m, in_specs=P(None, "s"), out_specs=P()))
    return case_fields(f, [normal(561, 3, 20)], [P(None, "s")], m, shapes=[(3, 4 * n)])
