"""Sharding ops on one device (since 1.4.0): shardings are placement only, so
sharding_constraint is its operand, and a mesh declares nothing to compute.
manual_computation (a body per device with collectives) is not compiled."""
from __future__ import annotations

from ..registry import OpContext, lowers


@lowers("sharding_constraint", quant_aware=True)
def sharding_constraint(ctx: OpContext, value):
    return value


@lowers("mesh")
def mesh(ctx: OpContext):
    return []
