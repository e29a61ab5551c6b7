"""shlo-verify: the spec verifier as a pass."""
from __future__ import annotations

from mlir import ir

from ..errors import VerificationError
from ..verify.engine import verify_operation


def run(module_op: ir.Operation) -> None:
    errors = verify_operation(module_op)
    if errors:
        first = errors[0]
        raise VerificationError(str(first), first.op, first.location, first.constraint, errors)
