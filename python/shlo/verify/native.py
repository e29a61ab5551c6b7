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


def verify_read(root: ir.Operation, stop_at_first: bool = False) -> list[VerificationError]:
    """What `engine.verify_operation` returns, with the C++ checks doing the work.

    The verified read's fast path: the C++ translation of every op constraint
    checks the first op of each distinct signature (plus the ops whose
    constraints look beyond it), then the module-level sharding rules run in
    Python as before. Anything the C++ side flags, or cannot judge (a shlo op
    without C++ checks, an op name that is not text), is verified again by the
    Python verifier, whose errors (class, constraint id, message) stand.
    """
    from . import engine
    fast = getattr(_shlo_ext, "verify_spec_distinct", None)   # None: an extension built before it
    judged, violated, shardings = fast(root, engine.unmemoizable_ops()) if fast else (False, None, True)
    if not judged or violated is not None:
        return engine.verify_operation(root, stop_at_first)
    if not shardings:   # no mesh, no sharded function argument or result: nothing for C1-C5
        return []
    from .shardings import check_module   # sharding.C1-C5: not op constraints, Python only
    return check_module(root)
