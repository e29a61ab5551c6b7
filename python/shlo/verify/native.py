"""The spec's constraints checked in C++ (dialect/ShloSpecVerify.cpp, generated
from spec/ by tools/gen_spec.py).

It covers the constraints that tools/gen_spec_cpp.py could translate (the
generated file lists the rest), and the declarations (I<n>, O<n>, A<n>) of
every op; the Python verifier (engine.py) stays the reference and checks
everything, module-level sharding rules included.
"""
from __future__ import annotations

from mlir import ir

from .. import _shlo_ext
from ..errors import VerificationError


def verify_operation(root: ir.Operation, stop_at_first: bool = False) -> list[VerificationError]:
    """Checks every shlo op nested in `root` in C++; one error per violating op (children first)."""
    errors = []
    for op, loc, cid, text, detail in _shlo_ext.verify_spec(root, stop_at_first):
        location = loc.decode("utf-8", "replace")
        name = _shlo_ext.op_name_bytes(op).decode("utf-8", "replace")
        msg = f"{location}: '{name}' violates {cid}: {text.decode('utf-8', 'replace')}"
        if detail:
            msg += " " + detail.decode("utf-8", "replace")
        errors.append(VerificationError(msg, name, location, cid))
    return errors
