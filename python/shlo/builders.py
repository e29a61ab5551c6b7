"""Building shlo ops from Python, with result types inferred from the spec.

    with shlo.builders.FunctionBuilder("main", ["tensor<2x3xf32>", "tensor<3x4xf32>"]) as fb:
        x, y = fb.arguments
        z = fb.op("dot_general", x, y, dot_dimension_numbers={
            "lhs_contracting_dimensions": [1], "rhs_contracting_dimensions": [0]})
        fb.ret(z)
    prog = fb.program()

`op()` takes operands in spec order (a list for a variadic group) and
attributes by spec name as plain Python values; when the spec has an `infer`
rule the result types are computed from it, so importers never work out
result shapes by hand. Ops whose result type is a free choice (reshape,
convert, iota, ...) take `result_types=`.
"""
from __future__ import annotations

from mlir import ir
from mlir.dialects import func

from . import attributes as _attrs
from .context import make_context
from .errors import BuildError
from .program import Program
from .types import TypeInfo, type_info
from .verify import engine
from .verify._spec_table import OPS


def _as_type(t, context) -> ir.Type:
    if isinstance(t, ir.Type):
        return t
    return ir.Type.parse(str(t), context)


def infer_result_types(op_name: str, operand_types: dict, attributes: dict) -> list[TypeInfo]:
    """Result types of `op_name` from its operand TypeInfos and Python attribute values."""
    entry = OPS[op_name]
    if not entry["infer"]:
        raise BuildError(f"shlo.{op_name}: the spec gives no rule for the result types; pass result_types=")
    env = dict(engine.base_namespace())
    for name, _kind, optional in entry["attributes"]:
        env[name] = attributes.get(name)
    for name, _variadic in entry.get("regions", ()):
        env[name] = None            # regions are added after the op is built: rules fall back without them
    env.update(operand_types)
    try:
        return list(engine.evaluate(entry["infer"], env))
    except Exception as e:  # noqa: BLE001 - bad operands surface as a BuildError
        raise BuildError(f"shlo.{op_name}: cannot infer result types ({type(e).__name__}: {e})") from None


def create(op_name: str, *operands, result_types=None, regions: int | None = None,
           loc: ir.Location | None = None, check: bool = True, type_infos=None, **attributes) -> ir.Operation:
    """Creates `shlo.<op_name>` at the current insertion point and returns the operation.
    `check=False` leaves the op's spec constraints to a later `Program.verify()` (which checks
    each distinct op once): for importers that build thousands of alike ops. `type_infos`: an
    importer's cache of operand TypeInfos by ir.Type (verify.engine.TypeInfos)."""
    entry = OPS.get(op_name)
    if entry is None:
        raise BuildError(f"unknown op shlo.{op_name}")
    decls = entry["operands"]
    if len(operands) != len(decls):
        raise BuildError(f"shlo.{op_name} takes {len(decls)} operand group(s) "
                         f"({', '.join(d[0] for d in decls)}), got {len(operands)}")
    flat, sizes, by_name = [], [], {}
    for decl, value in zip(decls, operands):
        group = list(value) if decl[4] else [value]
        flat += group
        sizes.append(len(group))
        types = [type_info(v.type) if type_infos is None else type_infos[v.type] for v in group]
        by_name[decl[0]] = types if decl[4] else types[0]
    known = {a[0]: a for a in entry["attributes"]}
    unknown = set(attributes) - set(known)
    if unknown:
        raise BuildError(f"shlo.{op_name} has no attribute(s) {sorted(unknown)}")
    ctx = ir.Context.current if loc is None else loc.context
    mlir_attrs, py_attrs = {}, {}
    for name, value in attributes.items():
        if value is None:
            continue
        kind = known[name][1]
        attr = _attrs.from_python(value, kind, ctx)
        mlir_attrs[name] = attr
        py_attrs[name] = (_attrs.Elements(type_info(attr.type), attr=attr) if kind in ("elements", "i64_elements")
                          else _attrs.to_python(attr, kind))
    for name, kind, optional in entry["attributes"]:
        if not optional and name not in mlir_attrs:
            raise BuildError(f"shlo.{op_name} needs attribute {name} ({kind})")
    if sum(1 for d in decls if d[4]) > 1:
        mlir_attrs["operandSegmentSizes"] = ir.DenseI32ArrayAttr.get(sizes)
    if result_types is None:
        result_types = infer_result_types(op_name, by_name, py_attrs)
    results = [_as_type(t, ctx) for t in result_types]
    # A variadic region list (case's branches, composite's composite_regions) starts empty unless
    # `regions` says how many; every other region is made, for the caller to fill.
    n_regions = sum(1 for _name, variadic in entry["regions"] if not variadic) if regions is None else regions
    op = ir.Operation.create(f"shlo.{op_name}", results=results, operands=flat,
                             attributes=mlir_attrs, regions=n_regions, loc=loc)
    if check and not n_regions:  # ops with regions are checked once their regions are filled
        try:
            engine.check_op(op, entry)
        except engine.Violation as v:
            op.erase()
            raise BuildError(f"shlo.{op_name} violates {op_name}.{v.constraint}: {v.text} {v.detail}".rstrip()) from None
    return op


class FunctionBuilder:
    """Builds one `func.func` in a fresh module; use as a context manager."""

    def __init__(self, name: str, arg_types, result_types=None, context: ir.Context | None = None):
        self.context = context or make_context()
        self._loc = ir.Location.unknown(self.context)
        self.module = ir.Module.create(self._loc)
        self._name = name
        self._arg_types = [_as_type(t, self.context) for t in arg_types]
        self._result_types = result_types
        with self.context, self._loc, ir.InsertionPoint(self.module.body):
            ftype = ir.FunctionType.get(self._arg_types, [])
            self.func = func.FuncOp(name, ftype)
            self.block = self.func.add_entry_block()
        self._ip = None

    def __enter__(self):
        self._ctx_mgrs = [self.context, self._loc, ir.InsertionPoint(self.block)]
        for m in self._ctx_mgrs:
            m.__enter__()
        return self

    def __exit__(self, *exc):
        for m in reversed(self._ctx_mgrs):
            m.__exit__(*exc)
        return False

    @property
    def arguments(self) -> list:
        return list(self.block.arguments)

    def op(self, op_name: str, *operands, result_types=None, **attributes):
        """Creates a shlo op; returns its single result, or the list of results."""
        op = create(op_name, *operands, result_types=result_types, **attributes)
        results = list(op.results)
        return results[0] if len(results) == 1 else results

    def constant(self, array, element: str | None = None):
        """A `shlo.constant` holding a numpy array (or nested list)."""
        from .literals import numpy_to_elements
        value = numpy_to_elements(array, element, self.context)
        return self.op("constant", value=value)

    def ret(self, *values) -> None:
        """Ends the function with `func.return`, fixing the function's result types."""
        func.ReturnOp(list(values))
        self.func.attributes["function_type"] = ir.TypeAttr.get(
            ir.FunctionType.get(self._arg_types, [v.type for v in values]))

    def program(self, verify: bool = True) -> Program:
        prog = Program(self.module, self.context)
        return prog.verify() if verify else prog
