"""The exceptions shlo raises. Every one is a `ShloError`.

Errors name what was wrong and where: the op, its source location and, for
spec violations, the constraint id (`dot_general.C3`).
"""
from __future__ import annotations


class ShloError(Exception):
    """Base class of every error shlo raises on bad input."""


class ParseError(ShloError):
    """Text or bytecode is not a well-formed shlo program."""

    def __init__(self, message: str, diagnostics=()):
        super().__init__(message)
        self.diagnostics = list(diagnostics)


class VerificationError(ShloError):
    """A program violates the spec.

    `op` is the op name (`shlo.add`), `location` its source location, and
    `constraint` the violated spec constraint (`add.C1`; `mlir` for MLIR's
    structural checks). `errors` lists every violation found, first one first.
    """

    def __init__(self, message: str, op: str | None = None, location: str | None = None,
                 constraint: str | None = None, errors=()):
        super().__init__(message)
        self.op = op
        self.location = location
        self.constraint = constraint
        self.errors = list(errors)


class BuildError(ShloError):
    """A builder was called with arguments the spec does not allow."""


class PassError(ShloError):
    """A pass pipeline could not be parsed or failed while running."""


class DeserializationError(ShloError):
    """Bytes are not a readable shlo artifact."""


class SerializationError(ShloError):
    """A program cannot be written at the requested version."""


class ImporterError(ShloError):
    """A framework construct has no shlo translation (exported as `shlo.ImportError`)."""


class InterpreterError(ShloError):
    """A program cannot be run on the given inputs."""


class CompileError(ShloError):
    """A program cannot be lowered or compiled (names the op, its location and why)."""


class ExecutionError(ShloError):
    """A compiled function was called with arguments that do not fit its signature
    (names the argument), or could not run."""


class CudaError(ExecutionError):
    """The CUDA driver failed, or no GPU / driver is available (names the driver call)."""
