"""Sharded JAX programs written the way an outside JAX user writes them (issue 12's held-out
bar), independently of tests/sharding_cases.py: each builds its own mesh, inputs and
shardings with the public API only (jax.make_mesh, NamedSharding, jax.jit's in/out
shardings, with_sharding_constraint, jax.shard_map, jax.set_mesh, reshard, donation).

The programs are in tests/sharding_heldout_shard_map.py and tests/sharding_heldout_auto.py;
this module holds what they share and `HELDOUT`, where they register. tests/sharding_cases.py
runs them through every stage as long cases (SHLO_SHARDING_LONG=1); each function returns the
fields of its `Case`. JAX must already see 8 devices on import.
"""
from __future__ import annotations

import numpy as np

import jax
from jax.sharding import NamedSharding

HELDOUT = {}
Auto, Explicit = jax.sharding.AxisType.Auto, jax.sharding.AxisType.Explicit


def program(fn):
    HELDOUT["heldout_" + fn.__name__] = fn
    return fn


def user_mesh(shape, names, kind=Auto):
    return jax.make_mesh(shape, names, axis_types=(kind,) * len(shape))


def normal(seed, *shape, scale=1.0):
    return (np.random.default_rng(seed).standard_normal(shape) * scale).astype(np.float32)


def ints(seed, high, *shape):
    return np.random.default_rng(seed).integers(0, high, shape).astype(np.int32)


def case_fields(fn, args, specs, m, **extra):
    """The Case fields; `mesh=m` in `extra` runs every stage under `jax.set_mesh(m)`."""
    return dict(fn=fn, args=list(args), in_shardings=[NamedSharding(m, s) for s in specs], **extra)
