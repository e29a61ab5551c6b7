"""Rules for meshes and shardings (mesh, sharding_constraint, manual_computation and
the `shlo.sharding` attributes of function arguments and results)."""
from __future__ import annotations

from ...sharding import Mesh, find_mesh, local_shape
from ...types import tensor_type


def is_top_level(op):
    """True when an op sits directly in the body of the module."""
    parent = op.parent
    return parent is not None and parent.name == "builtin.module"


def sharding_mesh(op, sharding):
    """The Mesh that `sharding` names, looked up among the `shlo.mesh` ops of the module of `op`; None if there is none."""
    return find_mesh(op, sharding.mesh)


def unknown_axes(op, sharding):
    """The axes `sharding` names that its mesh does not have (all of them when the mesh is unknown)."""
    mesh = sharding_mesh(op, sharding)
    known = mesh.sizes if mesh is not None else {}
    return [a for a in sharding.axes() if a not in known]


def repeated_axes(sharding):
    """The axes `sharding` names more than once (over all dimensions and `replicated`)."""
    seen, twice = set(), []
    for a in sharding.axes():
        if a in seen and a not in twice:
            twice.append(a)
        seen.add(a)
    return twice


def sharding_fields_ok(sharding, x):
    """True when `sharding` has one entry per dimension of `x`, its `open` dimensions are distinct and in range, and its `priorities` are empty or one per dimension, each -1 (none) or more."""
    n = len(x.shape)
    return (len(sharding.dims) == n and len(set(sharding.open)) == len(sharding.open)
            and all(0 <= d < n for d in sharding.open)
            and (not sharding.priorities or (len(sharding.priorities) == n
                                             and all(p >= -1 for p in sharding.priorities))))


def same_mesh(op, shardings):
    """The Mesh that every sharding of the list names (one mesh of the module), or None."""
    names = {s.mesh for s in shardings}
    if len(names) != 1:
        return None
    return find_mesh(op, names.pop())


def manual_axes_known(op, shardings, manual_axes):
    """True when the manual axes are distinct axes of the mesh that the shardings name."""
    mesh = same_mesh(op, shardings) if shardings else None
    return (mesh is not None and len(set(manual_axes)) == len(manual_axes)
            and all(a in mesh.sizes for a in manual_axes))


def manual_divides(op, sharding, x, manual_axes):
    """True when every static dimension of `x` is a multiple of the product of the sizes of the manual axes sharding it."""
    mesh: Mesh | None = sharding_mesh(op, sharding)
    if mesh is None:
        return False
    sizes = mesh.sizes
    for d, n in enumerate(x.shape):
        k = 1
        for a in (sharding.dims[d] if d < len(sharding.dims) else ()):
            if a in manual_axes:
                k *= sizes.get(a, 1)
        if n is not None and n % k:
            return False
    return True


def manual_axes_major(sharding, manual_axes):
    """True when, in every dimension of `sharding`, the manual axes come before the other axes."""
    for d in sharding.dims:
        flags = [a in manual_axes for a in d]
        if flags != sorted(flags, reverse=True):
            return False
    return True


def local_type(op, sharding, x, manual_axes):
    """The type of one device's piece of `x` under `sharding`: each dimension divided by the sizes of its manual axes."""
    mesh = sharding_mesh(op, sharding)
    return tensor_type(local_shape(x.shape, sharding, mesh, set(manual_axes)), x.element, x.quant)
