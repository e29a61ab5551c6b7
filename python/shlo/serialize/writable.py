"""Refusing programs MLIR's bytecode writer cannot write.

From bytecode version 5 on, an op's attributes go into a properties record
that has no way to say "absent" for a required attribute; MLIR's writer then
dereferences the missing attribute and aborts the process. Only unverified
programs (parsed with verify=False, or built without checks) can get there,
so every writer path asks here first and raises SerializationError instead.
"""
from __future__ import annotations

from .. import _shlo_ext
from .._walk import op_name
from ..errors import SerializationError

# The first bytecode version with properties records (older ones use an attribute dictionary).
FIRST_PROPERTIES_VERSION = 5


def op_lacking_required_attribute(operation):
    """The first op under `operation` without a required attribute, or None."""
    return _shlo_ext.op_lacking_required_attribute(operation)


def absent_required(op) -> list[str]:
    """Names of the spec's required attributes that `op` lacks ([] for ops the spec does not know)."""
    from ..verify._spec_table import SIGNATURES
    name = op_name(op)
    sig = SIGNATURES.get(name[5:]) if name.startswith("shlo.") else None
    return [a["name"] for a in (sig["attributes"] if sig else []) if not a["optional"]
            and a["name"] not in op.attributes]


def check_writable(operation, bytecode_version: int | None, what: str) -> None:
    """Raises SerializationError when `operation` cannot be written as bytecode `bytecode_version`
    (None: MLIR's newest); `what` names the output in the message ("shlo 1.8.0", "MLIR bytecode")."""
    if bytecode_version is not None and bytecode_version < FIRST_PROPERTIES_VERSION:
        return
    op = op_lacking_required_attribute(operation)
    if op is None:
        return
    absent = absent_required(op)
    missing = (f"its required attribute{'s' if len(absent) > 1 else ''} {', '.join(absent)} "
               f"{'are' if len(absent) > 1 else 'is'} absent" if absent else "a required attribute is absent")
    version = "the newest bytecode version" if bytecode_version is None else f"bytecode version {bytecode_version}"
    raise SerializationError(
        f"{op.location}: cannot write {op_name(op)} for {what}: {missing}; {version} stores an op's "
        f"attributes in a record that cannot leave it out (verify the program first)")
