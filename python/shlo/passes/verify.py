"""shlo-verify and shlo-verify-spec: the spec verifier (Python) and its C++ translation as passes."""
from __future__ import annotations

from mlir import ir

from ..errors import VerificationError
from ..verify import native
from ..verify.engine import verify_operation


def run(module_op: ir.Operation) -> None:
    errors = verify_operation(module_op)
    if errors:
        first = errors[0]
        raise VerificationError(str(first), first.op, first.location, first.constraint, errors)


def run_native(module_op: ir.Operation) -> None:
    """The constraints translated to C++ (dialect/ShloSpecVerify.cpp); the rest are left to shlo-verify."""
    errors = native.verify_operation(module_op)
    if errors:
        first = errors[0]
        raise VerificationError(str(first), first.op, first.location, first.constraint, errors)
