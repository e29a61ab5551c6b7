"""`TorchImporter`: one `torch.export.ExportedProgram` (after core ATen decomposition) to one
shlo function `@main`, node by node through the dispatch table of `registry.py`."""
from __future__ import annotations

import operator
import re

import numpy as np
from mlir import ir
from mlir.dialects import func

from ...context import make_context
from ...errors import BuildError, ImporterError, ShloError
from ...literals import numpy_to_elements, numpy_to_resource, resource_capable
from ...program import Program
from ...types import tensor_type
from . import dtypes, guards
from ..run_time_checks import hoist_checks
from .context import Context
from .registry import lookup

# Arrays larger than this go in as dense_resource blobs (weights), smaller ones as readable literals.
RESOURCE_BYTES = 256

# Nodes that only assert facts about symbolic sizes that export already checked for the example
# inputs and that `torch.export.Dim` ranges state; they compute nothing.
_ASSERTIONS = {"_assert_scalar", "_assert_tensor_metadata", "sym_constrain_range", "sym_constrain_range_for_size",
               "_assert_async", "_print"}


class TorchImporter:
    def __init__(self, exported, params: str = "arguments", context: ir.Context | None = None):
        if params not in ("arguments", "constants"):
            raise ImporterError(f'params must be "arguments" or "constants", not {params!r}')
        self.ep = exported
        self.params = params
        self.context = context or make_context()
        self.values: dict = {}            # fx node name -> value(s)
        self.symbols: dict = {}           # sympy symbol -> (argument value, dimension)
        self.sym_cache: dict = {}         # sympy expression -> rank-0 i64 value
        self.constants_made = 0

    # -- entry ------------------------------------------------------------------
    def run(self) -> Program:
        ep = self.ep
        graph = ep.graph_module.graph
        placeholders = [n for n in graph.nodes if n.op == "placeholder"]
        specs = {s.arg.name: s for s in ep.graph_signature.input_specs}
        loc = ir.Location.unknown(self.context)
        with self.context, loc:
            self.module = ir.Module.create()
            arg_nodes, self.parameter_names, self.parameter_arrays = [], [], []
            for n in placeholders:
                kind, target = self._input_kind(specs.get(n.name))
                if kind in ("PARAMETER", "BUFFER") and self.params == "arguments" or kind == "USER_INPUT":
                    arg_nodes.append(n)
                    if kind != "USER_INPUT":
                        self.parameter_names.append(target)
                        self.parameter_arrays.append(dtypes.to_numpy(self._state(kind, target)))
            arg_types = [self._placeholder_type(n) for n in arg_nodes]
            with ir.InsertionPoint(self.module.body):
                self.func = func.FuncOp("main", ir.FunctionType.get(arg_types, []))
                block = self.func.add_entry_block()
            for n, a in zip(arg_nodes, block.arguments):
                self.values[n.name] = a
                for d, s in enumerate(n.meta["val"].shape):
                    expr = _expr(s)
                    if expr is not None and expr.is_Symbol and expr not in self.symbols:
                        self.symbols[expr] = (a, d)
            for n, a in zip(arg_nodes, block.arguments):     # derived Dims (2 * h): h solved from the size
                for d, s in enumerate(n.meta["val"].shape):
                    self._solve_derived(_expr(s), a, d)
            self._name_arguments(arg_nodes, specs)
            with ir.InsertionPoint(block):
                user = [self.values[n.name] for n in arg_nodes
                        if self._input_kind(specs.get(n.name))[0] == "USER_INPUT"]
                guards.assert_guards(self, user)
                for n in placeholders:
                    if n.name not in self.values:
                        kind, target = self._input_kind(specs.get(n.name))
                        if kind == "TOKEN":   # orders side effects (with_effects); no data
                            self.values[n.name] = None
                            continue
                        self.values[n.name] = self.constant(dtypes.to_numpy(self._state(kind, target)),
                                                            name=target)
                for node in graph.nodes:
                    if node.op == "call_function":
                        self._convert(node)
                    elif node.op == "output":
                        self._return(node)
                    elif node.op == "get_attr":
                        self.values[node.name] = getattr(ep.graph_module, node.target)
            # compiled code checks values at the top level only: index checks in cond / loop bodies
            # move out of their if / while (checks.py)
            hoist_checks(self.func)
        prog = Program(self.module, self.context)
        prog.parameter_names = list(self.parameter_names)
        prog._parameter_arrays = list(self.parameter_arrays)
        return prog

    def _input_kind(self, spec):
        if spec is None:
            return "USER_INPUT", None
        return spec.kind.name, spec.target

    def _state(self, kind: str, target: str):
        ep = self.ep
        if target in ep.state_dict:
            return ep.state_dict[target]
        if target in ep.constants:
            c = ep.constants[target]
            if hasattr(c, "detach"):
                return c
        raise ImporterError(f"{kind.lower()} {target}: no tensor value in the exported program")

    def _placeholder_type(self, node) -> ir.Type:
        val = node.meta.get("val")
        if not hasattr(val, "dtype"):
            raise ImporterError(f"input {node.name}: only tensor inputs are supported (got {type(val).__name__} "
                                f"{val!r}); close over Python values instead")
        layout = getattr(val, "layout", None)
        if layout is not None and "sparse" in str(layout):
            # torch.sparse.mm(..., reduce=) and the like take the stored entries only, which a
            # dense shlo argument cannot say (explicitly stored zeros count)
            raise ImporterError(f"input {node.name}: a sparse tensor ({layout}) is not supported; shlo programs "
                                "take dense tensors: pass x.to_dense() and write the op densely")
        shape = [s if isinstance(s, int) else None for s in val.shape]
        return tensor_type(shape, dtypes.element(val.dtype)).to_mlir(self.context)

    def _name_arguments(self, arg_nodes, specs) -> None:
        """Each argument carries `shlo.name` (the parameter's state_dict key or the input's name)."""
        attrs = []
        for n in arg_nodes:
            kind, target = self._input_kind(specs.get(n.name))
            name = target if kind != "USER_INPUT" else n.name
            attrs.append(ir.DictAttr.get({"shlo.name": ir.StringAttr.get(name)}))
        if attrs:
            self.func.attributes["arg_attrs"] = ir.ArrayAttr.get(attrs)

    # -- values -------------------------------------------------------------------
    def constant(self, array: np.ndarray, element: str | None = None, name: str | None = None):
        from ...literals import element_of_dtype
        from ...builders import create
        array = np.asarray(array)
        element = element or element_of_dtype(array.dtype)
        if array.nbytes > RESOURCE_BYTES and resource_capable(element):
            self.constants_made += 1
            key = re.sub(r"[^A-Za-z0-9_]", "_", name or f"constant{self.constants_made}")
            attr = numpy_to_resource(array, key, element, self.context)
        else:
            attr = numpy_to_elements(array, element, self.context)
        return create("constant", value=attr).results[0]

    def size(self, s):
        """A torch size (int or SymInt) as an int or a rank-0 i64 value."""
        if isinstance(s, int):
            return s
        expr = _expr(s)
        if expr is None or expr.is_Integer:
            return int(s)
        return self.sym_value(expr)

    def _solve_derived(self, expr, arg, d):
        """An input size `scale * s + offset` (torch.export's derived Dim) makes its root symbol
        `s` known, when no input has `s` itself as a size."""
        if expr is None or expr.is_Symbol or expr.is_Integer or len(expr.free_symbols) != 1:
            return
        (sym,) = expr.free_symbols
        if sym in self.symbols:
            return
        import sympy
        try:
            poly = sympy.Poly(expr, sym)
        except sympy.PolynomialError:
            return
        coeffs = poly.all_coeffs()
        if poly.degree() == 1 and all(c.is_Integer for c in coeffs) and coeffs[0] > 0:
            self.symbols[sym] = (arg, d, int(coeffs[0]), int(coeffs[1]))

    def sym_value(self, expr):
        """A sympy expression over the input sizes' symbols, computed with shlo ops."""
        cached = self.sym_cache.get(expr)
        if cached is not None:
            return cached
        cx = Context(self, None)
        if expr.is_Integer:
            v = cx.const(int(expr), "i64")
        elif expr.is_Symbol:
            if expr not in self.symbols:
                if str(expr).startswith("u"):    # torch.export's unbacked symbols: sizes read from data
                    raise ImporterError(f"size {expr} is computed from tensor values at run time (a data-dependent "
                                        "size, e.g. from item(), nonzero or split points given as a tensor), "
                                        "which a shlo program cannot have; pass such sizes as Python ints")
                raise ImporterError(f"symbolic size {expr} is not the size of any input")
            arg, d, scale, offset = (*self.symbols[expr], 1, 0)[:4]
            v = cx.convert(cx.op("get_dimension_size", arg, dimension=d), "i64")
            if offset:
                v = cx.op("subtract", v, cx.const(offset, "i64"))
            if scale != 1:
                v = cx.op("divide", v, cx.const(scale, "i64"))      # exact: torch.export checked it
        elif expr.is_Float or expr.is_Rational:             # a SymFloat's constant (1.5 * ToFloat(s0))
            v = cx.const(float(expr), "f64")
        elif type(expr).__name__ == "ToFloat":
            v = cx.convert(self.sym_value(expr.args[0]), "f64")
        elif type(expr).__name__ in ("TruncToInt", "FloorToInt", "CeilToInt"):
            f = cx.convert(self.sym_value(expr.args[0]), "f64")
            if type(expr).__name__ == "TruncToInt":
                f = cx.op("multiply", cx.op("sign", f), cx.op("floor", cx.op("abs", f)))
            else:
                f = cx.op("floor" if type(expr).__name__ == "FloorToInt" else "ceil", f)
            v = cx.convert(f, "i64")
        elif type(expr).__name__ == "FloatTrueDiv":
            a, b = (cx.convert(self.sym_value(x), "f64") for x in expr.args)
            v = cx.op("divide", a, b)
        elif expr.is_Add or expr.is_Mul:
            name = "add" if expr.is_Add else "multiply"
            parts = [self.sym_value(a) for a in expr.args]
            if any(cx.element(p) == "f64" for p in parts):  # float arithmetic when one term is
                parts = [cx.convert(p, "f64") for p in parts]
            v = parts[0]
            for p in parts[1:]:
                v = cx.op(name, v, p)
        elif type(expr).__name__ in ("Max", "Min"):     # sympy's, or torch's own (sizes read from data)
            parts = [self.sym_value(a) for a in expr.args]
            v = parts[0]
            for p in parts[1:]:
                v = cx.op("maximum" if type(expr).__name__ == "Max" else "minimum", v, p)
        elif type(expr).__name__ in ("FloorDiv", "CleanDiv", "IntTrueDiv"):
            a, b = (self.sym_value(x) for x in expr.args)
            v = _floor_div(cx, a, b)
        elif type(expr).__name__ in ("Mod", "PythonMod"):
            a, b = (self.sym_value(x) for x in expr.args)
            v = cx.op("subtract", a, cx.op("multiply", _floor_div(cx, a, b), b))
        elif expr.is_Pow and expr.exp.is_Integer and int(expr.exp) > 0:
            base = self.sym_value(expr.base)
            v = base
            for _ in range(int(expr.exp) - 1):
                v = cx.op("multiply", v, base)
        else:
            raise ImporterError(f"symbolic size expression {expr} ({type(expr).__name__}) is not supported")
        self.sym_cache[expr] = v
        return v

    def arg(self, a):
        """An fx argument converted for a converter (see registry.py)."""
        import torch
        from torch import fx
        if isinstance(a, fx.Node):
            return self.values[a.name]
        if isinstance(a, (list, tuple)):
            return type(a)(self.arg(x) for x in a)
        if isinstance(a, (torch.SymInt, torch.SymFloat, torch.SymBool)):
            return self.size(a)
        return a

    # -- nodes ----------------------------------------------------------------------
    def _convert(self, node) -> None:
        target = node.target
        packet, overload = _target_name(target)
        if packet.split(".")[-1] in _ASSERTIONS:
            self.values[node.name] = None
            return
        converter = lookup(packet, overload)
        if converter is None:
            raise self.node_error(node, "is not supported by the PyTorch importer")
        args = [self.arg(a) for a in node.args]
        kwargs = {k: self.arg(v) for k, v in node.kwargs.items()}
        with _location(node, packet, overload, self.context):
            try:
                out = converter(Context(self, node), *args, **kwargs)
            except ImporterError as e:
                if str(e).startswith(_node_label(node)):
                    raise
                raise self.node_error(node, str(e)) from None
            except (BuildError, ShloError, ValueError, TypeError, NotImplementedError) as e:
                raise self.node_error(node, f"{type(e).__name__}: {e}") from None
        self.values[node.name] = out

    def _return(self, node) -> None:
        outs = []
        cx = Context(self, node)
        for a in node.args[0]:
            v = self.arg(a)
            if v is None:
                continue
            if not isinstance(v, ir.Value):
                v = cx.const(v, "i64" if isinstance(v, (int, np.integer)) and not isinstance(v, bool)
                             else "i1" if isinstance(v, bool) else "f32")
            outs.append(v)
        func.ReturnOp(outs)
        self.func.attributes["function_type"] = ir.TypeAttr.get(
            ir.FunctionType.get(list(self.func.type.inputs), [v.type for v in outs]))

    def convert_graph(self, gm, inputs) -> list:
        """The nodes of a sub-GraphModule (a cond branch, a loop body) converted at the current
        insertion point, its placeholders bound to `inputs`; returns its outputs as converted
        arguments (values, or Python numbers). Node names and cached size values are scoped to
        the subgraph: its names may repeat the outer graph's, and its values do not dominate
        the code after the enclosing region."""
        saved = self.values, self.sym_cache
        self.values, self.sym_cache = {}, dict(self.sym_cache)
        try:
            placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
            if len(placeholders) != len(inputs):
                raise ImporterError(f"subgraph takes {len(placeholders)} inputs, got {len(inputs)}")
            for n, v in zip(placeholders, inputs):
                self.values[n.name] = v
            outs = []
            for node in gm.graph.nodes:
                if node.op == "call_function":
                    self._convert(node)
                elif node.op == "get_attr":
                    self.values[node.name] = getattr(gm, node.target)
                elif node.op == "output":
                    result = node.args[0]
                    outs = [self.arg(a) for a in (result if isinstance(result, (list, tuple)) else [result])]
            return outs
        finally:
            self.values, self.sym_cache = saved

    def node_error(self, node, message: str) -> ImporterError:
        return ImporterError(f"{_node_label(node)}: {message}")


def _node_label(node) -> str:
    if node is None:
        return "torch program"
    packet, overload = _target_name(node.target) if node.op == "call_function" else (node.op, "")
    where = _source_line(node)
    return f"{packet}{'.' + overload if overload else ''} (node {node.name}{', ' + where if where else ''})"


def _target_name(target) -> tuple[str, str]:
    """("add", "Tensor") for aten.add.Tensor; ("operator.mul", "") for Python callables."""
    import torch
    if isinstance(target, torch._ops.OpOverload):
        ns = target.namespace
        packet = target._schema.name.split("::")[-1]
        packet = packet if ns == "aten" else f"{ns}.{packet}"
        return packet, target._overloadname
    if isinstance(target, torch._ops.HigherOrderOperator):
        return f"higher_order.{target.name()}", ""
    module = getattr(target, "__module__", None) or ""
    name = getattr(target, "__name__", str(target))
    if module in ("_operator", "operator"):
        module = "operator"
    return (f"{module}.{name}" if module else name), ""


_FRAME = re.compile(r'File "([^"]+)", line (\d+)')


def _user_frame(node):
    """(file, line) of the user's code that made the node: the innermost frame of its stack
    trace outside torch itself (torch.nn's modules are not the user's code) and outside fx's generated
    code (`<eval_with_key>.N`, the frames of a cond branch or loop body's graph)."""
    frames = _FRAME.findall(node.meta.get("stack_trace") or "")
    for path, line in reversed(frames):
        if not path.startswith("<eval_with_key>") and \
                not any(part in path for part in ("/site-packages/torch/", "/torch/nn/", "/shlo/importers/")):
            return path, line
    return frames[-1] if frames else None


def _source_line(node) -> str:
    frame = _user_frame(node)
    return f"{frame[0]}:{frame[1]}" if frame else ""


def _location(node, packet: str, overload: str, context: ir.Context) -> ir.Location:
    frame = _user_frame(node)
    name = f"aten.{packet}.{overload}" if overload else packet
    if frame:
        path, line = frame
        return ir.Location.name(name, childLoc=ir.Location.file(path, int(line), 0, context=context),
                                context=context)
    return ir.Location.name(name, context=context)


def _expr(s):
    """The sympy expression of a SymInt, or None for a plain int."""
    if isinstance(s, int):
        return None
    node = getattr(s, "node", None)
    return getattr(node, "expr", None)


def _floor_div(cx, a, b):
    """Python's floor division of i64 values (sizes are non-negative: truncation is enough
    except for negative operands, handled anyway)."""
    q = cx.op("divide", a, b)
    r = cx.op("subtract", a, cx.op("multiply", q, b))
    zero = cx.const(0, "i64")
    adjust = cx.op("and", cx.op("compare", r, zero, comparison_direction="NE"),
                   cx.op("compare", cx.op("compare", r, zero, comparison_direction="LT"),
                         cx.op("compare", b, zero, comparison_direction="LT"), comparison_direction="NE"))
    return cx.op("subtract", q, cx.convert(adjust, "i64"))


_ = operator  # the operator module's names appear as converter keys ("operator.mul")
