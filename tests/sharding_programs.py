"""The registry of the sharded JAX programs that tests/sharding_cases.py runs through every
stage: `Case` (a jitted function, its inputs and their shardings), the `case` / `case_long`
decorators the program lists (tests/sharding_programs_auto.py, _shard_map.py, _explicit.py)
register with, and the mesh and input helpers they share. JAX must already see 8 devices
when a program is built.
"""
from __future__ import annotations

import dataclasses
import os

import numpy as np

import jax
from jax.sharding import NamedSharding, PartitionSpec as P

AUTO, E = jax.sharding.AxisType.Auto, jax.sharding.AxisType.Explicit


def mesh(shape, names):
    return jax.make_mesh(shape, names, axis_types=(AUTO,) * len(shape))


def explicit_mesh(shape, names):
    return jax.make_mesh(shape, names, axis_types=(E,) * len(shape))


def named(m):
    return lambda *s: NamedSharding(m, P(*s))


def rand(shape, seed):
    return np.random.RandomState(seed).standard_normal(shape).astype(np.float32)


@dataclasses.dataclass
class Case:
    fn: object            # the jitted function
    args: list            # numpy inputs
    in_shardings: list    # NamedSharding per input
    mesh: object = None   # a mesh every stage runs under (`with jax.set_mesh(mesh)`), as users of
                          # explicit sharding write programs with bare PartitionSpecs
    tol: float = 1e-4     # relative and absolute tolerance of the value comparisons
    shapes: list = None   # the shapes it is exported at, where they are not the inputs' (symbolic
                          # dimensions, jax.export.symbolic_shape): XLA runs it through jax.export


CASES = {}
# Programs run only with SHLO_SHARDING_LONG=1 (tests/test_sharding.py then runs them too): more
# of the same API, kept out of the default run to hold its time.
LONG = bool(os.environ.get("SHLO_SHARDING_LONG"))
LONG_CASES = set()


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def case_long(fn):
    LONG_CASES.add(fn.__name__)
    return case(fn)
