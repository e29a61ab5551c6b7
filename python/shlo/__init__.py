"""shlo: a versioned, formally specified op set for portable ML programs.

    prog = shlo.parse(text_or_bytes)     # -> shlo.Program
    prog.verify()                        # raises shlo.VerificationError
    str(prog), prog.module               # MLIR text, the mlir.ir.Module
    outs = shlo.interpret(prog, *arrays) # reference semantics on numpy
    data = shlo.serialize(prog)          # portable artifact (bytes); shlo.deserialize(data)
"""
from __future__ import annotations

from .errors import (BuildError, CompileError, CudaError, DeserializationError, ExecutionError, ImporterError,
                     InterpreterError, ParseError, PassError, SerializationError, ShloError, VerificationError)
from . import ir  # mlir.ir, re-exported for convenience
from .context import default_context, make_context
from .program import Program, parse
from .interpreter import Host, interpret
from .serialize import current_version, deserialize, minimum_version, serialize



def compile(prog, target: str = "cpu", opt_level: int = 2, cache_dir=None, **options):
    """A native callable of the program's entry (see shlo.lowering.compiler)."""
    from .lowering.compiler import compile as _compile
    return _compile(prog, target=target, opt_level=opt_level, cache_dir=cache_dir, **options)


def from_jax(fn, *example_args, **example_kwargs) -> Program:
    """A JAX function lowered by JAX and converted to shlo (see shlo.importers.jax)."""
    from .importers.jax import from_jax as _from_jax
    return _from_jax(fn, *example_args, **example_kwargs)


def from_torch(module_or_exported, args=(), kwargs=None, dynamic_shapes=None, params: str = "arguments",
               **options) -> Program:
    """A PyTorch nn.Module (exported with torch.export) or ExportedProgram as a shlo Program."""
    from .importers.torch import from_torch as _from_torch
    return _from_torch(module_or_exported, args, kwargs, dynamic_shapes, params, **options)


def from_onnx(model, params: str = "constants", **options) -> Program:
    """An ONNX model (ModelProto, path or bytes) as a shlo Program."""
    from .importers.onnx import from_onnx as _from_onnx
    return _from_onnx(model, params, **options)


def from_stablehlo(source, **kwargs) -> Program:
    """StableHLO text, bytecode or portable artifact as a shlo Program (see shlo.importers.stablehlo)."""
    from .importers.stablehlo import from_stablehlo as _from_stablehlo
    return _from_stablehlo(source, **kwargs)


def to_stablehlo(prog, **kwargs) -> str:
    """StableHLO text of a shlo Program that jaxlib's MLIR parses and XLA runs."""
    from .importers.stablehlo import to_stablehlo as _to_stablehlo
    return _to_stablehlo(prog, **kwargs)


ImportError = ImporterError  # noqa: A001 - the public name the design gives it

__version__ = "0.1.0"

__all__ = [
    "BuildError", "CompileError", "CudaError", "DeserializationError", "ExecutionError", "ImportError", "ImporterError", "InterpreterError",
    "ParseError", "PassError", "Program", "SerializationError", "ShloError", "VerificationError",
    "Host", "compile", "current_version", "default_context", "deserialize", "from_jax", "from_onnx", "from_stablehlo", "from_torch", "to_stablehlo", "interpret", "make_context",
    "minimum_version", "parse", "serialize",
]
