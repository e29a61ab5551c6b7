"""`Program`: a shlo module with the operations users need, and `parse`."""
from __future__ import annotations

import io

from mlir import ir

from . import _shlo_ext
from .context import make_context
from .errors import ParseError, VerificationError
from .verify.engine import verify_operation


class Program:
    """A shlo program: an `mlir.ir.Module` whose ops are `shlo.*` plus func/builtin."""

    # Set by importers: the framework's input/output structure (`trees`, with flatten(args,
    # kwargs) -> flat arrays and unflatten(flat results)), and parameters passed as arguments.
    trees = None
    parameter_names: list = []
    _parameter_arrays: list = []

    def __init__(self, module: ir.Module, context: ir.Context | None = None):
        self.module = module
        self.context = context or module.context

    def parameters(self) -> list:
        """The arrays of the parameters that are leading arguments (an importer's
        `params="arguments"`), in argument order."""
        return list(self._parameter_arrays)

    def flatten_inputs(self, *args, **kwargs) -> list:
        """The flat argument list of `@main` from a call in the framework's own structure
        (parameters included)."""
        if self.trees is None:
            from .errors import ExecutionError
            raise ExecutionError("this program records no input structure; pass its flat arguments")
        return self.trees.flatten(args, kwargs)

    def unflatten_outputs(self, results):
        """Flat results rebuilt into the framework's output structure."""
        return self.trees.unflatten(results) if self.trees is not None else results

    # -- checks ------------------------------------------------------------
    def verify(self, *, native: bool = False) -> "Program":
        """Checks every spec constraint, then MLIR's structural rules.

        Raises VerificationError naming the op, location and constraint id.
        `native`: the spec's C++ translation checks the ops (the verified
        read's fast path); what it flags or cannot judge is checked again by
        the Python verifier, whose error stands.
        """
        if native:
            from .verify.native import verify_read
            errors = verify_read(self.module.operation)
        else:
            errors = verify_operation(self.module.operation)
        if errors:
            first = errors[0]
            more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
            raise VerificationError(str(first) + more, first.op, first.location, first.constraint, errors)
        ok, diags = _shlo_ext.verify_operation(self.module.operation)
        diags = _decode(diags)
        if not ok:
            errs = [d for d in diags if d[0] == 2] or diags
            sev, loc, msg = errs[0]
            op = msg.split("'")[1] if msg.count("'") >= 2 else None
            raise VerificationError(f"{loc}: {msg} (mlir)", op, loc, "mlir",
                                    [VerificationError(f"{l}: {m}", None, l, "mlir") for _, l, m in errs])
        return self

    # -- views -------------------------------------------------------------
    def __str__(self) -> str:
        return str(self.module)

    def text(self, generic: bool = False, debug_info: bool = False) -> str:
        """The program as MLIR text (pretty unless `generic`)."""
        return self.module.operation.get_asm(print_generic_op_form=generic, enable_debug_info=debug_info)

    def bytecode(self, desired_version: int | None = None) -> bytes:
        """Plain MLIR bytecode of the module (the artifact format adds versioning on top).

        Raises SerializationError for an unverified program with an op lacking a required
        attribute, which bytecode 5 and later cannot hold (MLIR's writer would abort)."""
        from .serialize.writable import check_writable
        check_writable(self.module.operation, desired_version, "MLIR bytecode")
        buf = io.BytesIO()
        self.module.operation.write_bytecode(buf, desired_version=desired_version)
        return buf.getvalue()

    def functions(self) -> dict:
        """The module's functions by symbol name."""
        out = {}
        for op in self.module.body.operations:
            if op.operation.name == "func.func":
                out[ir.StringAttr(op.attributes["sym_name"]).value] = op
        return out

    def clone(self) -> "Program":
        return Program(ir.Module.parse(self.text(generic=True), self.context), self.context)

    def __repr__(self) -> str:
        return f"<shlo.Program with {len(self.functions())} function(s)>"


def _decode(diags) -> list:
    """Diagnostics from the native side arrive as bytes (they may quote corrupt input)."""
    return [(sev, loc.decode("utf-8", "replace"), msg.decode("utf-8", "replace")) for sev, loc, msg in diags]


def parse(source, *, context: ir.Context | None = None, verify: bool = True,
          name: str = "<input>") -> Program:
    """Parses shlo text (pretty or generic) or MLIR bytecode into a Program.

    Parsing does not run MLIR's verifier first, so that spec violations are
    reported by `verify()` with their constraint ids. Raises ParseError for
    malformed input and VerificationError (when `verify`) for invalid programs.
    """
    if isinstance(source, Program):
        # Bytecode is the quick copy; generic text also holds an op lacking a required
        # attribute (bytecode cannot), so verify() can then name the constraint.
        from .serialize.writable import op_lacking_required_attribute
        lacking = op_lacking_required_attribute(source.module.operation) is not None
        source = source.text(generic=True, debug_info=True) if lacking else source.bytecode()
    if isinstance(source, str):
        data = source.encode()
    elif isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
    else:
        raise TypeError(f"parse() takes str or bytes, not {type(source).__name__}")
    if not data.startswith(b"ML\xefR"):
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ParseError(f"{name}: neither MLIR bytecode nor UTF-8 text ({e})") from None
        if b"\x00" in data:
            raise ParseError(f"{name}: text contains NUL bytes; not an MLIR program")
    ctx = context or make_context()
    module, diags = _shlo_ext.parse_module(ctx, data, name)
    diags = _decode(diags)
    if module is None:
        errs = [d for d in diags if d[0] == 2] or diags or [(2, name, "could not parse input")]
        raise ParseError("; ".join(f"{loc}: {msg}" for _, loc, msg in errs), errs)
    shape = _module_shape_error(module)
    if shape:
        raise ParseError(f"{name}: {shape}", [(2, name, shape)])
    prog = Program(module, ctx)
    if verify:
        prog.verify()
    return prog


def _module_shape_error(module: ir.Module) -> str | None:
    """Why the top-level module is not one region with one block (corrupt bytecode can say so),
    or None. Checked before anything reads `module.body`, which MLIR asserts on and aborts."""
    op = module.operation
    regions = len(op.regions)
    if regions != 1:
        return f"the top-level builtin.module has {regions} regions; a module has exactly one"
    blocks = len(op.regions[0].blocks)
    if blocks != 1:
        return f"the top-level builtin.module's region has {blocks} blocks; a module has exactly one"
    return None
