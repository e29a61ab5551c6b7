"""Converters from ATen ops to shlo, one module per op family; importing a module registers
its converters in `registry.ATEN`."""
from . import elementwise, linalg, scalars, shapes  # noqa: F401
