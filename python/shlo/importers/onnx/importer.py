"""`OnnxImporter`: one ONNX graph to one shlo function `@main`, node by node through the
dispatch table of `registry.py`.

Values known at import time (initializers imported as constants, Constant
nodes, and whatever is computed from them by small nodes: the Shape -> Gather
-> Concat chains that feed Reshape and friends) are kept as numpy arrays and
folded with onnx's own reference evaluator, so that shape operands become
static where the model allows; the ops that consume them are emitted with
static shapes. A known value becomes a `shlo.constant` only where an op uses it.
"""
from __future__ import annotations

import contextlib
import re

import numpy as np
from mlir import ir
from mlir.dialects import func

from ...context import make_context
from ...errors import BuildError, ImporterError, ShloError
from ...literals import (elements_to_numpy, is_resource, numpy_dtype, numpy_to_elements, numpy_to_resource,
                         resource_capable)
from ...program import Program
from ...types import tensor_type, type_info
from ...verify.engine import TypeInfos
from . import dtypes
from ..run_time_checks import hoist_checks
from .context import Context
from .registry import ORT_DEFAULT_DOMAIN, contrib_ops, lookup
from .wire import Weight

RESOURCE_BYTES = 256            # larger arrays go in as dense_resource blobs
FOLD_ELEMENTS = 4096            # known results up to this size are folded at import time
KNOWN_CONSTANT_ELEMENTS = 64    # converters' constants up to this size count as known values
# Ops never folded (their results depend on more than their inputs, or they have subgraphs).
NO_FOLD = {"RandomNormal", "RandomUniform", "RandomNormalLike", "RandomUniformLike", "Multinomial", "Bernoulli",
           "If", "Loop", "Scan", "SequenceMap",
           # sequences and optionals are Python objects in the importer (ops/control.py), not arrays
           "SequenceConstruct", "SequenceAt", "SequenceLength", "SequenceInsert", "SequenceErase", "SequenceEmpty",
           "SplitToSequence", "ConcatFromSequence", "Optional", "OptionalHasElement", "OptionalGetElement"}

# Elementwise ops (numpy broadcasting, or one input): an operand with leading size-1 dimensions
# added gives the same elements, so they take an If output whose rank is decided at run time
# (ops/control.py RankPadded).
RANK_BLIND_OPS = {"Add", "Sub", "Mul", "Div", "Pow", "Mod", "Max", "Min", "Sum", "Mean", "Where",
                  "Equal", "Less", "Greater", "LessOrEqual", "GreaterOrEqual", "And", "Or", "Xor", "BitShift",
                  "BitwiseAnd", "BitwiseOr", "BitwiseXor", "Identity", "Cast", "CastLike", "Neg", "Abs", "Not",
                  "Sqrt", "Exp", "Log", "Reciprocal", "Floor", "Ceil", "Round", "Sign", "Relu", "Sigmoid", "Tanh"}


class OnnxImporter:
    # ops are checked by the Program.verify() that from_onnx runs (once per distinct op), not
    # one by one as they are built: import time matters for large models
    defer_checks = True
    share_constants = True        # Emitter.const: one splat per value, sizes and block
    def __init__(self, model, weights=None, params: str = "constants", context: ir.Context | None = None,
                 input_structure: dict | None = None):
        """`weights`: the initializers (TensorProtos or wire.Weights read in place), by default
        the model's own. `input_structure`: what the model leaves open about its sequence- and
        optional-typed inputs, by input name: a sequence's length (an int), an optional's
        presence (None: empty; True: a tensor; an int: a sequence of that length); a list of
        shapes in place of a length also fixes the sequence's tensors' shapes."""
        self.input_structure = dict(input_structure or {})
        if params not in ("arguments", "constants"):
            raise ImporterError(f'params must be "arguments" or "constants", not {params!r}')
        self.model = model
        self.weights = model.graph.initializer if weights is None else weights
        self.params = params
        self.context = context or make_context()
        self.opset = _default_opset(model)
        self.values: dict = {}            # value name -> ir.Value
        self.dim_params: dict = {}        # value name -> [dim_param or None] (shape inference's)
        self.symbol_sources: dict = {}    # dim_param -> (ir.Value, dimension) it is read from
        self.dim_alias: dict = {}         # (ir.Value, dimension) -> the source of its symbolic size
        self.known: dict = {}             # value name -> np.ndarray (known at import time)
        self.types: dict = {}             # value name -> (shape or None, element) from shape inference
        self._materialized: dict = {}     # (name, block, id(array)) -> (constant made for it, array)
        self.constants_made = 0
        self.type_infos = TypeInfos()     # ir.Type -> TypeInfo (printing a type costs more than a lookup)

    # -- entry --------------------------------------------------------------------
    def run(self) -> Program:
        inputs = []
        graph = self.model.graph
        self._collect_types()
        initializers = {t.name: t for t in self.weights}
        sparse = {t.values.name: t for t in graph.sparse_initializer}     # densified: constants
        with self.context, ir.Location.unknown(self.context):
            self.module = ir.Module.create()
            inputs, params, self.parameter_names, self.parameter_arrays = [], [], [], []
            graph_inputs, groups = [], []       # graph inputs' names; their structure (None: a tensor)
            for vi in graph.input:
                if vi.name in initializers or vi.name in sparse:
                    continue        # an initializer listed as an input (IR < 4): its value is the default
                graph_inputs.append(vi.name)
                if vi.type.WhichOneof("value") in ("sequence_type", "optional_type"):
                    leaves, group = self._composite_input(vi.name, vi.type, self.input_structure.get(vi.name, ...))
                    inputs += leaves
                    groups.append(group)
                else:
                    inputs.append((vi.name, self._value_info_type(vi)))
                    groups.append(None)
            unknown = set(self.input_structure) - set(graph_inputs)
            if unknown:
                raise ImporterError(f"input_structure names {sorted(unknown)}, which are not graph inputs "
                                    f"(the model takes {graph_inputs})")
            sizing = _sizing_inputs(graph) if self.params == "arguments" else set()
            for name, t in initializers.items():
                array = t.array if isinstance(t, Weight) else tensor_to_numpy(t)
                if (self.params == "arguments" and array.dtype.kind in "fc" and array.size > 1
                        and name not in sizing):
                    self.parameter_names.append(name)
                    self.parameter_arrays.append(array)
                    params.append((name, tensor_type(array.shape, dtypes.element(t.data_type)).to_mlir(self.context)))
                else:
                    self.known[name] = array
            for name, t in sparse.items():
                self.known[name] = sparse_to_numpy(t)
            args = params + inputs          # parameters lead, as in the PyTorch importer
            with ir.InsertionPoint(self.module.body):
                self.func = func.FuncOp("main", ir.FunctionType.get([t for _, t in args], []))
                block = self.func.add_entry_block()
            arguments = list(block.arguments)
            for (name, _), a in zip(params, arguments):
                self.values[name] = a
            from .ops.control import _count, _unflatten
            leaves = arguments[len(params):]
            for name, group in zip(graph_inputs, groups):
                if group is None:
                    self.values[name] = leaves.pop(0)
                    self._alias_dims(name, self.values[name], source=True)
                else:                           # a Sequence / Optional of block arguments
                    (self.values[name],) = _unflatten(leaves, [group])
                    del leaves[:_count(group)]
            self.func.attributes["arg_attrs"] = ir.ArrayAttr.get(
                [ir.DictAttr.get({"shlo.name": ir.StringAttr.get(name)}) for name, _ in args])
            with ir.InsertionPoint(block):
                self.convert_nodes(graph.node)
                outs = self._graph_outputs(graph)
                func.ReturnOp(outs)
            self.func.attributes["function_type"] = ir.TypeAttr.get(
                ir.FunctionType.get([t for _, t in args], [v.type for v in outs]))
            # compiled code checks values at the top level only (this erases ops that `outs` holds);
            # the interpreter keeps each check where it stood too, to fail before the op it guards
            hoist_checks(self.func, in_place=True)
        prog = Program(self.module, self.context)
        prog.parameter_names = list(self.parameter_names)
        prog._parameter_arrays = list(self.parameter_arrays)
        prog.input_names = graph_inputs
        prog.input_groups = groups
        prog.output_names = [o.name for o in graph.output]
        prog.output_groups = self.output_groups
        return prog

    def _graph_outputs(self, graph) -> list:
        """The graph's outputs as @main's results: a sequence output (its length known here) becomes
        its tensors, recorded in `output_groups` (None for a tensor, else the length) so that
        the results can be regrouped; an optional output is its value."""
        from .ops.control import Optional, RankPadded, RuntimeOptional, Sequence
        from .ops.ragged import Headed, Ragged
        from .ops.shaped import Shaped
        from .ops.stacked import Stacked
        outs, self.output_groups = [], []
        for o in graph.output:
            v = self.value(o.name)
            if isinstance(v, RuntimeOptional):      # its presence flag, then its value (or zeros)
                if not isinstance(v.value, (ir.Value, Sequence)):
                    raise ImporterError(f"graph output {o.name} is an optional present at run time only whose "
                                        "value is not a tensor or a sequence of known length")
                items = list(v.value) if isinstance(v.value, Sequence) else [v.value]
                outs += [v.present] + [x if isinstance(x, ir.Value) else self.constant(x) for x in items]
                self.output_groups.append(("optional", len(items) if isinstance(v.value, Sequence) else None))
                continue
            if isinstance(v, Optional):
                if v.value is None:
                    raise ImporterError(f"graph output {o.name} is an empty optional (shlo results are tensors)")
                v = v.value
            if isinstance(v, RankPadded):
                raise ImporterError(f"graph output {o.name} has a rank decided at run time ({v.low} or "
                                    f"{len(self.type_infos[v.value.type].shape)}: an If's branches differ in rank)")
            if isinstance(v, Stacked) and v.loose:
                raise ImporterError(f"graph output {o.name} is a sequence of run-time length whose tensors' sizes "
                                    "are run-time sizes too (shlo results are tensors)")
            if isinstance(v, Stacked):          # its rows, stacked: one result, split into a list
                outs.append(v.value)
                self.output_groups.append(("stacked",))
                continue
            if isinstance(v, Headed):           # the head's tensors, then the tail's two results
                outs += [x if isinstance(x, ir.Value) else self.constant(x) for x in v.head]
                outs += [v.tail.value, v.tail.lengths]
                self.output_groups.append(("headed", len(v.head), v.tail.axis))
                continue
            if isinstance(v, Shaped):           # flattened tensors and their shapes: two results
                outs += [v.values, v.sizes]
                self.output_groups.append(("shaped",))
                continue
            if isinstance(v, Ragged):           # joined tensors and their lengths: two results
                outs += [v.value, v.lengths]
                self.output_groups.append(("ragged", v.axis))
                continue
            if isinstance(v, Sequence):
                outs += [x if isinstance(x, ir.Value) else self.constant(x) for x in v]
                self.output_groups.append(len(v))
            else:
                outs.append(v)
                self.output_groups.append(None)
        return outs

    def convert_nodes(self, nodes) -> None:
        for node in nodes:
            self.convert_node(node)

    # -- types ----------------------------------------------------------------------
    def _collect_types(self, graph=None) -> None:
        g = self.model.graph if graph is None else graph
        for vi in list(g.value_info) + list(g.output) + list(g.input):
            t = _type_of(vi.type)
            if t is not None:
                self.types[vi.name] = t
            if vi.type.HasField("tensor_type") and vi.type.tensor_type.HasField("shape"):
                params = [d.dim_param or None for d in vi.type.tensor_type.shape.dim]
                if any(params):
                    self.dim_params[vi.name] = params

    def _alias_dims(self, name: str, v, source: bool = False) -> None:
        """Dynamic sizes that shape inference names by a graph input's dim_param are read from
        that input (one get_dimension_size per symbol, so broadcasts to the same symbolic shape
        share their shape operands). Only @main's arguments are sources (they dominate all).
        Not inside an iterated body (see convert_graph)."""
        if self.__dict__.get("_iterated_depth", 0) and not source:
            return
        for i, p in enumerate(self.dim_params.get(name, ())):
            if p is None:
                continue
            if source:
                self.symbol_sources.setdefault(p, (v, i))
            src = self.symbol_sources.get(p)
            if src is not None and src[0] is not v:
                self.dim_alias[(v, i)] = src

    def inferred(self, name: str):
        return self.types.get(name)

    def inferred_type(self, name: str):
        t = self.types.get(name)
        if t is None or t[0] is None:
            return None
        return str(tensor_type(t[0], t[1]))

    def _composite_input(self, name, type_proto, given):
        """A sequence- or optional-typed graph input as (its tensors' (name, type) arguments, its
        structure in ops/control.py's form: ('seq', n, element) / ('opt', inner or 'empty'))."""
        kind = type_proto.WhichOneof("value")
        if given is ...:
            raise ImporterError(f"graph input {name} is a {kind.removesuffix('_type')}: its "
                                f"{'length' if kind == 'sequence_type' else 'presence'} is not in the model; "
                                f"give it with from_onnx(..., input_structure={{{name!r}: ...}})")
        if kind == "optional_type":
            if given is None:
                return [], ("opt", "empty")
            inner = type_proto.optional_type.elem_type
            if inner.WhichOneof("value") == "tensor_type":
                leaves = [(name, self._tensor_input_type(name, inner))]
                return leaves, ("opt", None)
            leaves, group = self._composite_input(name, inner, given)
            return leaves, ("opt", group)
        if kind != "sequence_type":
            raise ImporterError(f"graph input {name}: {kind} values are not supported")
        elem = type_proto.sequence_type.elem_type
        if elem.WhichOneof("value") != "tensor_type":
            raise ImporterError(f"graph input {name}: only sequences of tensors are supported")
        element = dtypes.element(elem.tensor_type.elem_type)
        if isinstance(given, (list, tuple)):        # the tensors' shapes (for a model that gives no rank)
            types = [tensor_type(list(shape), element).to_mlir(self.context) for shape in given]
        elif isinstance(given, bool) or not isinstance(given, int) or given < 0:
            raise ImporterError(f"graph input {name}: a sequence's structure is its length (an int >= 0) or "
                                f"its tensors' shapes (a list), not {given!r}")
        else:
            types = [self._tensor_input_type(name, elem)] * given
        return [(f"{name}[{i}]", t) for i, t in enumerate(types)], ("seq", len(types), element)

    def _tensor_input_type(self, name, type_proto) -> ir.Type:
        t = _type_of(type_proto)
        if t is None or t[0] is None:
            raise ImporterError(f"graph input {name}: its tensors' element type is not supported or their rank "
                                "is not in the model (for a sequence, give its tensors' shapes in input_structure)")
        return tensor_type(t[0], t[1]).to_mlir(self.context)

    def _value_info_type(self, vi) -> ir.Type:
        t = _type_of(vi.type)
        if t is None and vi.type.WhichOneof("value") == "tensor_type":     # an element type shlo lacks
            raise ImporterError(f"graph input {vi.name}: ONNX element type "
                                f"{dtypes.name_of(vi.type.tensor_type.elem_type)} has no shlo counterpart")
        if t is None:
            raise ImporterError(f"graph input {vi.name}: only tensor inputs are supported "
                                f"({vi.type.WhichOneof('value')})")
        if t[0] is None:
            raise ImporterError(f"graph input {vi.name}: its rank is unknown (shlo tensors are ranked)")
        return tensor_type(t[0], t[1]).to_mlir(self.context)

    # -- values ---------------------------------------------------------------------
    def value(self, name: str):
        """The ir.Value of an ONNX value name ('' is an omitted optional input: None)."""
        if not name:
            return None
        v = self.values.get(name)
        if v is not None:
            return v
        if name in self.known:
            block = ir.InsertionPoint.current.block
            key = (name, block, id(self.known[name]))    # a name shadowed in a scope is another value
            got = self._materialized.get(key)
            if got is None:
                arr = self.known[name]
                # the entry holds the array, so that its id is not reused while the entry lives
                got = self._materialized[key] = (self.constant(arr, self._known_element(name, arr), name=name), arr)
            return got[0]
        raise ImporterError(f"value {name!r} is used before it is defined")

    def _known_element(self, name, arr):
        t = self.types.get(name)
        if t is not None:
            return t[1]
        from ...literals import element_of_dtype
        return element_of_dtype(arr.dtype)

    def constant(self, array: np.ndarray, element: str | None = None, name: str | None = None):
        from ...builders import create
        from ...literals import element_of_dtype
        array = np.asarray(array)
        element = element or element_of_dtype(array.dtype)
        if array.nbytes > RESOURCE_BYTES and resource_capable(element):
            self.constants_made += 1
            key = re.sub(r"[^A-Za-z0-9_]", "_", name or f"constant{self.constants_made}")
            attr = numpy_to_resource(array, key, element, self.context)
        else:
            attr = numpy_to_elements(array, element, self.context)
        return create("constant", value=attr, check=not self.defer_checks).results[0]

    # -- nodes ------------------------------------------------------------------------
    def convert_node(self, node) -> None:
        default_domain = node.domain in ("", "ai.onnx")
        if default_domain and self._fold(node):
            return
        converter = lookup(node.op_type, self.opset if default_domain else self._domain_opset(node.domain),
                           node.domain)
        if converter is None:
            body = self._function_of(node)
            if body is not None:
                self._expand(node, body)
                return
            if default_domain:
                converter = lookup(node.op_type, 1, ORT_DEFAULT_DOMAIN)
        if converter is None:
            if node.domain == "com.microsoft":
                raise self.node_error(node, "this onnxruntime contrib op is not supported (covered: "
                                      + ", ".join(contrib_ops()) + ")")
            if node.domain == "com.microsoft.nchwc":
                raise self.node_error(node, "this onnxruntime NCHWc layout op is not supported (covered: "
                                      + ", ".join(contrib_ops("com.microsoft.nchwc")) + ")")
            if not default_domain:
                raise self.node_error(node, f"domain {node.domain!r} is not supported (only the default ONNX "
                                            "domain, onnxruntime's com.microsoft ops listed in the docs and "
                                            "the model's own functions)")
            raise self.node_error(node, "is not supported by the ONNX importer")
        if default_domain:
            self._check_arity(node)
        self._infer_missing_types(node)
        with _location(node, self.context):
            try:
                attrs = {a.name: attribute_value(a) for a in node.attribute}    # errors name the node
                inputs = [self.value(n) for n in node.input]
                inputs, low = self._unpad(node, inputs)
                out = converter(Context(self, node, node.input), *inputs, **attrs)
                if low is not None:
                    out = self._repad(node, out, low)
            except ImporterError as e:
                if str(e).startswith(_node_label(node, self.opset)):
                    raise
                raise self.node_error(node, str(e)) from None
            except (BuildError, ShloError, ValueError, TypeError, NotImplementedError, KeyError) as e:
                raise self.node_error(node, f"{type(e).__name__}: {e}") from None
        from .ops.control import Sequence
        # one output that is a sequence (a list itself: Identity of a sequence) is not several outputs
        outs = out if isinstance(out, (list, tuple)) and not isinstance(out, Sequence) else [out]
        for name, v in zip(node.output, outs):
            if name and v is not None:
                self.bind(name, v)

    def _check_arity(self, node) -> None:
        """More inputs than the op's schema at the model's opset takes (a converter would bind the
        extra one to an attribute's parameter and fail obscurely): an error naming the node."""
        cache = self.__dict__.setdefault("_max_inputs", {})
        most = cache.get(node.op_type, ...)
        if most is ...:
            import onnx
            try:
                most = cache[node.op_type] = onnx.defs.get_schema(node.op_type, self.opset, "").max_input
            except Exception:  # noqa: BLE001 - no schema (onnxruntime's own default-domain ops)
                most = cache[node.op_type] = None
        if most is not None and len(node.input) > most:
            raise self.node_error(node, f"has {len(node.input)} inputs; the op takes at most {most} at opset "
                                        f"{self.opset} (the model does not follow the op's schema)")

    def _unpad(self, node, inputs):
        """Inputs with RankPadded values (If outputs whose rank is decided at run time; see
        ops/control.py) unwrapped for the broadcasting elementwise ops, and the rank the result
        would have with the lower ranks (None when no input is one); any other op: an error."""
        from .ops.control import RankPadded
        padded = [v for v in inputs if isinstance(v, RankPadded)]
        if not padded:
            return inputs, None
        if node.op_type not in RANK_BLIND_OPS:
            raise self.node_error(node, "an input's rank is decided at run time (an If whose branches give "
                                        f"ranks {padded[0].low} and {len(self.type_infos[padded[0].value.type].shape)}), "
                                        "which only elementwise broadcasting ops can take")
        ranks = [v.low if isinstance(v, RankPadded) else len(self.type_infos[v.type].shape)
                 for v in inputs if isinstance(v, (RankPadded, ir.Value))]
        return [v.value if isinstance(v, RankPadded) else v for v in inputs], max(ranks)

    def _repad(self, node, out, low):
        """The result of a broadcasting op over a RankPadded input: a plain value when the other
        operands' ranks fix its rank, else RankPadded itself."""
        from .ops.control import RankPadded
        if isinstance(out, ir.Value) and len(self.type_infos[out.type].shape) > low:
            return RankPadded(out, low)
        if not isinstance(out, (ir.Value, np.ndarray)):
            raise self.node_error(node, "an input's rank is decided at run time, which this result cannot carry")
        return out

    def bind(self, name: str, v) -> None:
        """name := v: an ir.Value or importer object (sequence, optional), or a numpy array
        (a value known at import time)."""
        if isinstance(v, np.ndarray):
            self.known[name] = v
            self.values.pop(name, None)
            return
        self.values[name] = v
        self.known.pop(name, None)
        if isinstance(v, ir.Value):
            self._alias_dims(name, v)
        # a small shlo.constant a converter made (Size of a static shape, ...) is known too, so
        # that what is computed from it folds (e.g. an If condition decided at import time)
        if isinstance(v, ir.Value) and isinstance(v.owner, ir.Operation) and v.owner.name == "shlo.constant":
            attr = v.owner.attributes["value"]
            shape = self.type_infos[v.type].shape
            if not is_resource(attr) and None not in shape and int(np.prod(shape)) <= KNOWN_CONSTANT_ELEMENTS:
                try:
                    self.known[name] = elements_to_numpy(attr)
                except Exception:  # noqa: BLE001 - an element type numpy lacks: stays a value only
                    pass

    def lookup_raw(self, name: str):
        """What a name holds: its ir.Value / importer object, or its numpy array when known."""
        if name in self.values:
            return self.values[name]
        if name in self.known:
            return self.known[name]
        raise ImporterError(f"value {name!r} is used before it is defined")

    # -- subgraphs and scopes ------------------------------------------------------------
    @contextlib.contextmanager
    def scope(self):
        """Names defined inside (a subgraph, a function body) do not leak out; the enclosing
        graphs' names stay visible inside."""
        saved = self.values, self.known, self.types
        self.values, self.known, self.types = dict(self.values), dict(self.known), dict(self.types)
        try:
            yield
        finally:
            self.values, self.known, self.types = saved

    def convert_graph(self, graph, inputs, iterated=True) -> list:
        """A subgraph (If branch, Loop / Scan body) converted at the current insertion point with
        its inputs bound to `inputs` (ir.Values, importer objects or numpy arrays); its outputs,
        each an ir.Value, importer object or numpy array (known at import time).

        An iterated body (Loop, Scan, SequenceMap; not an If branch) and all nested in it take
        no dim_param aliases: exporters declare a carried value that grows per iteration with the
        outer input's symbols (the TorchScript exporter's greedy decoding loop carries ids
        [b, s] that gain a column per iteration), so such a symbol there is not the outer size."""
        depth = self.__dict__.get("_iterated_depth", 0)
        self._iterated_depth = depth + (1 if iterated else 0)
        try:
            return self._convert_graph(graph, inputs)
        finally:
            self._iterated_depth = depth

    def _convert_graph(self, graph, inputs) -> list:
        with self.scope():
            self._collect_types(graph)
            for t in graph.initializer:
                self.known[t.name] = tensor_to_numpy(t)
            for t in graph.sparse_initializer:
                self.known[t.values.name] = sparse_to_numpy(t)
            for vi, v in zip(graph.input, inputs):
                self.bind(vi.name, v)
            self.convert_nodes(graph.node)
            return [self.lookup_raw(o.name) for o in graph.output]

    # -- function-defined ops ------------------------------------------------------------
    def _function_of(self, node):
        """The FunctionProto that defines `node`'s op: a model-local function (domain-qualified),
        else the op schema's function body for the model's opset (context-dependent ones are
        built for the node's input types); None if there is none."""
        import onnx
        for f in self.model.functions:
            if f.name == node.op_type and f.domain == node.domain:
                return f
        try:
            schema = onnx.defs.get_schema(node.op_type, self.opset, node.domain)
        except Exception:  # noqa: BLE001 - no such op
            return None
        versions = [v for v in schema.function_opset_versions if v <= self.opset]
        if versions:
            return onnx.FunctionProto.FromString(schema.get_function_with_opset_version(max(versions)))
        versions = [v for v in schema.context_dependent_function_opset_versions if v <= self.opset]
        if versions:
            types = [self._type_proto(n).SerializeToString() for n in node.input]
            try:
                data = schema.get_context_dependent_function_with_opset_version(
                    max(versions), node.SerializeToString(), types)
            except Exception:  # noqa: BLE001 - the builder rejects these inputs
                return None
            return onnx.FunctionProto.FromString(data) if data else None
        return None

    def _expand(self, node, fn) -> None:
        """node's outputs from the body of `fn`, its formal inputs bound to the node's inputs and
        attribute references (ref_attr_name) to the node's attributes (or the function's
        defaults), converted in a scope of its own."""
        given = {a.name: a for a in node.attribute}
        defaults = {a.name: a for a in fn.attribute_proto}
        absent = {f for k, f in enumerate(fn.input) if k >= len(node.input) or not node.input[k]}
        with self.scope():
            for formal, actual in zip(fn.input, node.input):
                if actual:
                    self.bind(formal, self.lookup_raw(actual))
                    if actual in self.types:
                        self.types[formal] = self.types[actual]
            for inner in fn.node:
                self.convert_node(_bound_node(inner, given, defaults, absent))
            results = [self.lookup_raw(f) if f in self.values or f in self.known else None for f in fn.output]
        for name, v in zip(node.output, results):
            if name and v is not None:
                self.bind(name, v)

    def _type_proto(self, name: str):
        """The TypeProto of a tensor value (from its ir.Value's type, else shape inference's)."""
        import onnx
        from onnx import helper
        v = self.values.get(name) if name else None
        try:
            if isinstance(v, ir.Value):
                from ...types import type_info
                t = type_info(v.type)
                return helper.make_tensor_type_proto(dtypes.data_type(t.element), list(t.shape))
            if name in self.known:
                a = self.known[name]
                return helper.make_tensor_type_proto(helper.np_dtype_to_tensor_dtype(a.dtype), list(a.shape))
            t = self.types.get(name)
            if t is not None:
                return helper.make_tensor_type_proto(dtypes.data_type(t[1]), t[0])
        except (ImporterError, ValueError, KeyError, TypeError):
            pass
        return onnx.TypeProto()

    def _infer_missing_types(self, node) -> None:
        """Outputs shape inference did not type (inside subgraphs and function bodies): ONNX's
        inference of this one node from its inputs' types."""
        if all(not o or o in self.types for o in node.output):
            return
        import onnx
        try:
            schema = onnx.defs.get_schema(node.op_type, self.opset, node.domain)
            types = {n: self._type_proto(n) for n in node.input if n}
            data = {n: _tensor_proto(self.known[n]) for n in node.input
                    if n in self.known and self.known[n].size < 64}
            got = onnx.shape_inference.infer_node_outputs(
                schema, node, types, input_data=data, opset_imports=[onnx.helper.make_opsetid("", self.opset)])
        except Exception:  # noqa: BLE001 - no inference for this node: converters see None
            return
        for name, tp in got.items():
            t = _type_of(tp)
            if t is not None and name not in self.types:
                self.types[name] = t

    def _fold(self, node) -> bool:
        """Computes the node at import time when all its inputs are known and small."""
        if node.op_type in NO_FOLD or any(a.type in (5, 10) for a in node.attribute):   # GRAPH(S)
            return False
        if node.op_type == "Constant":
            from onnx import numpy_helper
            a = {x.name: x for x in node.attribute}
            value = _constant_value(a, numpy_helper)
            if value is None:
                return False
            self.known[node.output[0]] = value
            return True
        ins = [n for n in node.input if n]
        if not ins or not all(n in self.known for n in ins):
            return False
        if node.op_type == "Identity" and isinstance(self.known[ins[0]], np.ndarray):
            self.known[node.output[0]] = self.known[ins[0]]      # (exporters wrap weights in Identity)
            return True
        if sum(self.known[n].size for n in ins) > FOLD_ELEMENTS:
            return False
        try:
            results = _evaluate(node, [self.known.get(n) if n else None for n in node.input], self.opset)
        except Exception:  # noqa: BLE001 - not foldable here: convert it as an op instead
            return False
        if any(r is None or np.asarray(r).dtype == object or np.asarray(r).size > FOLD_ELEMENTS for r in results):
            return False
        for name, r in zip(node.output, results):
            if name:
                self.known[name] = np.asarray(r)
        return True

    def _domain_opset(self, domain: str) -> int:
        for o in self.model.opset_import:
            if o.domain == domain:
                return o.version
        return 1

    def node_error(self, node, message: str) -> ImporterError:
        return ImporterError(f"{_node_label(node, self.opset)}: {message}")


def _bound_node(inner, given: dict, defaults: dict, absent: set):
    """A function body's node with attribute references resolved and omitted formal inputs as ''."""
    import onnx
    n = onnx.NodeProto()
    n.CopyFrom(inner)
    if absent:
        del n.input[:]
        n.input.extend("" if i in absent else i for i in inner.input)
    if any(a.ref_attr_name for a in inner.attribute):
        del n.attribute[:]
        for a in inner.attribute:
            if not a.ref_attr_name:
                n.attribute.append(a)
                continue
            src = given.get(a.ref_attr_name) or defaults.get(a.ref_attr_name)
            if src is not None:
                b = onnx.AttributeProto()
                b.CopyFrom(src)
                b.name = a.name
                n.attribute.append(b)
    return n


def _tensor_proto(array):
    from onnx import numpy_helper
    return numpy_helper.from_array(np.asarray(array))


def _node_label(node, opset: int) -> str:
    name = f" {node.name!r}" if node.name else f" (output {node.output[0]!r})" if node.output else ""
    if node.domain not in ("", "ai.onnx"):
        return f"ONNX {node.domain}.{node.op_type} node{name}"
    return f"ONNX {node.op_type} (opset {opset}) node{name}"


def _location(node, context) -> ir.Location:
    label = node.name or (node.output[0] if node.output else node.op_type)
    return ir.Location.name(f"{node.op_type}:{label}", context=context)


def _default_opset(model) -> int:
    for o in model.opset_import:
        if o.domain in ("", "ai.onnx"):
            return o.version
    return 1


# Float inputs that set result sizes (so must stay known when params="arguments"): Resize's roi
# and scales, Upsample's scales, Range's start / limit / delta.
SIZING_INPUTS = {"Resize": (1, 2), "Upsample": (1,), "Range": (0, 1, 2)}


def _sizing_inputs(graph) -> set:
    """The names fed to SIZING_INPUTS anywhere in the graph (subgraphs included)."""
    names = set()
    for node in graph.node:
        for i in SIZING_INPUTS.get(node.op_type, ()):
            if i < len(node.input) and node.input[i]:
                names.add(node.input[i])
        for a in node.attribute:
            for g in ([a.g] if a.HasField("g") else []) + list(a.graphs):
                names |= _sizing_inputs(g)
    return names


def _type_of(type_proto):
    """(shape with None for unknown sizes, element) of a tensor TypeProto; (None, element)
    without a rank; None for non-tensors."""
    if type_proto.WhichOneof("value") != "tensor_type":
        return None
    tt = type_proto.tensor_type
    try:
        element = dtypes.element(tt.elem_type)
    except ImporterError:
        return None
    if not tt.HasField("shape"):
        return None, element
    dims = [d.dim_value if d.HasField("dim_value") else None for d in tt.shape.dim]
    return dims, element


def tensor_to_numpy(t) -> np.ndarray:
    """An initializer's array; raw data is read once (no per-element Python lists)."""
    from onnx import numpy_helper
    element = dtypes.element(t.data_type)
    if t.HasField("raw_data") and element not in ("i4", "ui4") and t.data_type not in (16,):
        dtype = numpy_dtype(element)
        return np.frombuffer(t.raw_data, dtype=dtype.newbyteorder("<")).reshape(tuple(t.dims))
    arr = numpy_helper.to_array(t)
    if t.data_type == 16 and arr.dtype != numpy_dtype("bf16"):      # bf16 arrives as raw bits
        arr = arr.astype(np.uint16).view(numpy_dtype("bf16")) if arr.dtype == np.uint16 else arr.astype(
            numpy_dtype("bf16"))
    return arr


def sparse_to_numpy(t) -> np.ndarray:
    """A SparseTensorProto as its dense array: `values` (NNZ) at `indices`, given as NNZ linear
    positions or as an (NNZ, rank) array of coordinates; zeros elsewhere."""
    values = tensor_to_numpy(t.values).reshape(-1)
    dims = tuple(int(d) for d in t.dims)
    dense = np.zeros(int(np.prod(dims, dtype=np.int64)), values.dtype)
    if values.size:
        idx = tensor_to_numpy(t.indices).astype(np.int64)
        if idx.ndim == 2:                       # coordinates -> linear positions
            idx = np.ravel_multi_index(tuple(idx.T), dims)
        dense[idx.reshape(-1)] = values
    return dense.reshape(dims)


def attribute_value(a):
    """An AttributeProto as a Python value."""
    import onnx
    from onnx import helper
    if a.type == onnx.AttributeProto.TENSOR:
        return tensor_to_numpy(a.t)
    if a.type == onnx.AttributeProto.TENSORS:
        return [tensor_to_numpy(t) for t in a.tensors]
    v = helper.get_attribute_value(a)
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    if isinstance(v, list) and v and isinstance(v[0], bytes):
        return [x.decode("utf-8", "replace") for x in v]
    return v


def _constant_value(a: dict, numpy_helper):
    if "value" in a:
        if a["value"].t.data_type == 8:          # STRING
            return None
        return tensor_to_numpy(a["value"].t)
    if "value_float" in a:
        return np.array(a["value_float"].f, np.float32)
    if "value_floats" in a:
        return np.array(list(a["value_floats"].floats), np.float32)
    if "value_int" in a:
        return np.array(a["value_int"].i, np.int64)
    if "value_ints" in a:
        return np.array(list(a["value_ints"].ints), np.int64)
    if "sparse_value" in a:
        return sparse_to_numpy(a["sparse_value"].sparse_tensor)
    return None          # string constants: the converter reports them


_EVALUATORS: dict = {}       # (op, attributes, opset, input dtypes and shapes) -> ReferenceEvaluator


def _evaluate(node, inputs, opset: int) -> list:
    """The node's outputs on known numpy inputs, by onnx's reference evaluator (one evaluator
    per kind of node: a model folds the same Shape -> Gather chain many times)."""
    import onnx
    from onnx import helper
    from onnx.reference import ReferenceEvaluator
    names = [f"i{k}" if n else "" for k, n in enumerate(node.input)]
    feeds = {nm: x for nm, x in zip(names, inputs) if nm}
    key = (node.op_type, node.domain, opset, len(node.output), tuple(a.SerializeToString() for a in node.attribute),
           tuple((nm, x.dtype.str, x.shape) for nm, x in feeds.items()), tuple(names))
    evaluator = _EVALUATORS.get(key)
    if evaluator is not None:
        return evaluator.run(None, feeds)
    outs = [f"o{k}" for k in range(len(node.output))]
    n = helper.make_node(node.op_type, names, outs, domain=node.domain)
    n.attribute.extend(node.attribute)
    graph_inputs = [helper.make_tensor_value_info(nm, helper.np_dtype_to_tensor_dtype(x.dtype), x.shape)
                    for nm, x in zip(names, inputs) if nm]
    graph = helper.make_graph([n], "fold", graph_inputs,
                              [helper.make_tensor_value_info(o, onnx.TensorProto.UNDEFINED, None) for o in outs])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    evaluator = ReferenceEvaluator(model)
    if len(_EVALUATORS) > 4096:
        _EVALUATORS.clear()
    _EVALUATORS[key] = evaluator
    return evaluator.run(None, feeds)
