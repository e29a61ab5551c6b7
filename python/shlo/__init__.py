"""shlo: a versioned, formally specified op set for portable ML programs.

    prog = shlo.parse(text_or_bytes)     # -> shlo.Program
    prog.verify()                        # raises shlo.VerificationError
    str(prog), prog.module               # MLIR text, the mlir.ir.Module
    outs = shlo.interpret(prog, *arrays) # reference semantics on numpy
    data = shlo.serialize(prog)          # portable artifact (bytes); shlo.deserialize(data)
"""
from __future__ import annotations

from .errors import (BuildError, DeserializationError, ImporterError, InterpreterError,
                     ParseError, PassError, SerializationError, ShloError, VerificationError)
from . import ir  # mlir.ir, re-exported for convenience
from .context import default_context, make_context
from .program import Program, parse
from .interpreter import Host, interpret
from .serialize import current_version, deserialize, minimum_version, serialize

ImportError = ImporterError  # noqa: A001 - the public name the design gives it

__version__ = "0.1.0"

__all__ = [
    "BuildError", "DeserializationError", "ImportError", "ImporterError", "InterpreterError",
    "ParseError", "PassError", "Program", "SerializationError", "ShloError", "VerificationError",
    "Host", "current_version", "default_context", "deserialize", "interpret", "make_context",
    "minimum_version", "parse", "serialize",
]
