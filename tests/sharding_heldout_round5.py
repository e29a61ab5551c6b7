"""Held-out-style sharded programs, a fifth round (tests/sharding_heldout_cases.py): the less
used collectives (pswapaxes, axis_index over two axes), meshes built with
mesh_utils.create_device_mesh, one-device programs on a device other than 0, scans over a
sharded leading axis, size-bounded nonzero / unique, typed keys as data, pmap variants and
dot_product_attention with heads over a mesh axis.

Not here: lax.pbroadcast, which JAX does not lower for CPU ("MLIR translation rule for
primitive 'pbroadcast' not found for platform cpu"), so there is no program to export."""
from __future__ import annotations

import functools

import numpy as np

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from sharding_heldout_cases import case_fields, ints, normal, program, user_mesh


@program
def pswapaxes_transpose_blocks():
    """lax.pswapaxes: the mapped axis swapped with a local axis of the same size."""
    m = user_mesh((4,), ("p",))

    def f(x):                             # (1, 4, 3) per device
        return jax.lax.pswapaxes(x, "p", axis=1)

    sm = jax.shard_map(f, mesh=m, in_specs=P("p"), out_specs=P("p"))
    return case_fields(jax.jit(sm), [normal(801, 4, 4, 3)], [P("p")], m)


@program
def axis_index_over_two_axes():
    """axis_index of the pair ("x", "y") (the flattened position), used as a per-device offset."""
    m = user_mesh((2, 4), ("x", "y"))

    def f(v):
        return v + jax.lax.axis_index(("x", "y")).astype(v.dtype) * 100

    sm = jax.shard_map(f, mesh=m, in_specs=P(("x", "y")), out_specs=P(("x", "y")))
    return case_fields(jax.jit(sm), [normal(802, 16, 2)], [P(("x", "y"))], m)


@program
def create_device_mesh_from_mesh_utils():
    """The mesh as many tutorials make it: mesh_utils.create_device_mesh then Mesh."""
    from jax.experimental import mesh_utils
    m = Mesh(mesh_utils.create_device_mesh((4, 2)), ("batch", "hidden"))

    @functools.partial(jax.jit, out_shardings=NamedSharding(m, P("batch", "hidden")))
    def f(x, w):
        return jax.nn.gelu(x @ w)

    return case_fields(f, [normal(803, 8, 6), normal(804, 6, 4)], [P("batch", None), P(None, "hidden")], m)


@program
def scan_over_sharded_leading_axis():
    """lax.scan over a leading axis that is split over the devices (the partitioner must gather or
    slice per step), with a replicated carry."""
    m = user_mesh((4, 2), ("t", "f"))

    def f(xs, h0):
        def step(h, x):
            h = jnp.tanh(h * 0.5 + x)
            return h, h.sum()
        return jax.lax.scan(step, h0, xs)

    return case_fields(jax.jit(f), [normal(805, 8, 6), normal(806, 6)], [P("t", "f"), P()], m)


@program
def nonzero_and_unique_with_size_on_sharded_input():
    """jnp.nonzero(size=) and jnp.unique(size=) on a row-sharded input (sorts and scatters under
    the partitioner)."""
    m = user_mesh((8,), ("r",))

    def f(x, labels):
        idx = jnp.nonzero(x > 0.5, size=10, fill_value=-1)[0]
        values = jnp.unique(labels, size=6, fill_value=-1)
        return idx, values, jnp.bincount(labels, length=6)

    return case_fields(jax.jit(f), [normal(807, 16), ints(808, 6, 16)], [P("r"), P("r")], m)


@program
def typed_key_data_round_trip_sharded():
    """Raw key data (uint32) sharded over the batch, wrapped into typed keys inside jit, one
    uniform draw per row."""
    m = user_mesh((4,), ("b",))

    def f(raw):
        keys = jax.random.wrap_key_data(raw)
        return jax.vmap(lambda k: jax.random.uniform(k, (3,)))(keys)

    raw = np.asarray(jax.random.key_data(jax.random.split(jax.random.key(3), 8)))
    return case_fields(jax.jit(f), [raw], [P("b")], m)


@program
def pmap_with_static_broadcasted_and_pmean():
    """jax.pmap over 8 devices with a static broadcasted argument, pmean and an axis_index."""
    m = user_mesh((8,), ("i",))   # pmap's own placement; the mesh only places the inputs

    f = jax.pmap(lambda x, scale: jax.lax.pmean(x * scale, "i") + jax.lax.axis_index("i"),
                 axis_name="i", static_broadcasted_argnums=1)
    g = jax.jit(lambda x: f(x, 3.0))
    return case_fields(g, [normal(809, 8, 4)], [P("i")], m)


@program
def dot_product_attention_heads_sharded_auto():
    """jax.nn.dot_product_attention (XLA implementation) under jit, batch over "dp", heads over
    "tp", causal, with a key padding mask."""
    m = user_mesh((2, 4), ("dp", "tp"))
    s = NamedSharding(m, P("dp", None, "tp", None))

    def f(q, k, v, lengths):
        mask = (jnp.arange(k.shape[1])[None, :] < lengths[:, None])[:, None, None, :]
        out = jax.nn.dot_product_attention(q, k, v, mask=mask, is_causal=True, implementation="xla")
        return jax.lax.with_sharding_constraint(out, s)

    qkv = [normal(810 + i, 4, 6, 8, 2) for i in range(3)]
    return case_fields(jax.jit(f), qkv + [np.array([6, 3, 5, 1], np.int32)],
                       [P("dp", None, "tp", None)] * 3 + [P("dp")], m, tol=1e-3)


@program
def program_on_a_single_device_other_than_zero():
    """A whole program placed on device 3 only (SingleDeviceSharding), as after jax.device_put(x, device)."""
    d = jax.devices()[3]
    m = Mesh(np.array([d]), ("one",))

    def f(a, b):
        return jnp.linalg.solve(a @ a.T + 4 * jnp.eye(4), b), jnp.cumprod(b, axis=0)

    return dict(fn=jax.jit(f), args=[normal(814, 4, 4), normal(815, 4, 2)],
                in_shardings=[jax.sharding.SingleDeviceSharding(d)] * 2, tol=1e-3)
