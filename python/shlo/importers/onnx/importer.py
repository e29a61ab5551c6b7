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

import re

import numpy as np
from mlir import ir
from mlir.dialects import func

from ...context import make_context
from ...errors import BuildError, ImporterError, ShloError
from ...literals import numpy_dtype, numpy_to_elements, numpy_to_resource, resource_capable
from ...program import Program
from ...types import tensor_type
from . import dtypes
from .context import Context
from .registry import lookup

RESOURCE_BYTES = 256            # larger arrays go in as dense_resource blobs
FOLD_ELEMENTS = 4096            # known results up to this size are folded at import time
# Ops never folded (their results depend on more than their inputs, or they have subgraphs).
NO_FOLD = {"RandomNormal", "RandomUniform", "RandomNormalLike", "RandomUniformLike", "Multinomial", "Bernoulli",
           "If", "Loop", "Scan", "SequenceMap"}


class OnnxImporter:
    def __init__(self, model, weights=None, params: str = "constants", context: ir.Context | None = None):
        if params not in ("arguments", "constants"):
            raise ImporterError(f'params must be "arguments" or "constants", not {params!r}')
        self.model = model
        self.weights = model.graph.initializer if weights is None else weights
        self.params = params
        self.context = context or make_context()
        self.opset = _default_opset(model)
        self.values: dict = {}            # value name -> ir.Value
        self.known: dict = {}             # value name -> np.ndarray (known at import time)
        self.types: dict = {}             # value name -> (shape or None, element) from shape inference
        self._materialized: dict = {}     # (value name, block) -> constant made for a known value
        self.constants_made = 0

    # -- entry --------------------------------------------------------------------
    def run(self) -> Program:
        inputs = []
        graph = self.model.graph
        self._collect_types()
        initializers = {t.name: t for t in self.weights}
        with self.context, ir.Location.unknown(self.context):
            self.module = ir.Module.create()
            inputs, params, self.parameter_names, self.parameter_arrays = [], [], [], []
            for vi in graph.input:
                if vi.name in initializers:
                    continue        # an initializer listed as an input (IR < 4): its value is the default
                inputs.append((vi.name, self._value_info_type(vi)))
            for name, t in initializers.items():
                array = tensor_to_numpy(t)
                if self.params == "arguments" and array.dtype.kind in "fc" and array.size > 1:
                    self.parameter_names.append(name)
                    self.parameter_arrays.append(array)
                    params.append((name, tensor_type(array.shape, dtypes.element(t.data_type)).to_mlir(self.context)))
                else:
                    self.known[name] = array
            args = params + inputs          # parameters lead, as in the PyTorch importer
            with ir.InsertionPoint(self.module.body):
                self.func = func.FuncOp("main", ir.FunctionType.get([t for _, t in args], []))
                block = self.func.add_entry_block()
            for (name, _), a in zip(args, block.arguments):
                self.values[name] = a
            self.func.attributes["arg_attrs"] = ir.ArrayAttr.get(
                [ir.DictAttr.get({"shlo.name": ir.StringAttr.get(name)}) for name, _ in args])
            with ir.InsertionPoint(block):
                self.convert_nodes(graph.node)
                outs = [self.value(o.name) for o in graph.output]
                func.ReturnOp(outs)
            self.func.attributes["function_type"] = ir.TypeAttr.get(
                ir.FunctionType.get([t for _, t in args], [v.type for v in outs]))
        prog = Program(self.module, self.context)
        prog.parameter_names = list(self.parameter_names)
        prog._parameter_arrays = list(self.parameter_arrays)
        prog.input_names = [n for n, _ in inputs]
        prog.output_names = [o.name for o in graph.output]
        return prog

    def convert_nodes(self, nodes) -> None:
        for node in nodes:
            self.convert_node(node)

    # -- types ----------------------------------------------------------------------
    def _collect_types(self) -> None:
        g = self.model.graph
        for vi in list(g.value_info) + list(g.output) + list(g.input):
            t = _type_of(vi.type)
            if t is not None:
                self.types[vi.name] = t

    def inferred(self, name: str):
        return self.types.get(name)

    def inferred_type(self, name: str):
        t = self.types.get(name)
        if t is None or t[0] is None:
            return None
        return str(tensor_type(t[0], t[1]))

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
            key = (name, block)
            c = self._materialized.get(key)
            if c is None:
                arr = self.known[name]
                c = self._materialized[key] = self.constant(arr, self._known_element(name, arr), name=name)
            return c
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
        return create("constant", value=attr).results[0]

    # -- nodes ------------------------------------------------------------------------
    def convert_node(self, node) -> None:
        if node.domain not in ("", "ai.onnx"):
            raise self.node_error(node, f"domain {node.domain!r} is not supported (only the default ONNX domain)")
        if self._fold(node):
            return
        converter = lookup(node.op_type, self.opset)
        if converter is None:
            raise self.node_error(node, "is not supported by the ONNX importer")
        with _location(node, self.context):
            try:
                attrs = {a.name: attribute_value(a) for a in node.attribute}    # errors name the node
                inputs = [self.value(n) for n in node.input]
                out = converter(Context(self, node, node.input), *inputs, **attrs)
            except ImporterError as e:
                if str(e).startswith(_node_label(node, self.opset)):
                    raise
                raise self.node_error(node, str(e)) from None
            except (BuildError, ShloError, ValueError, TypeError, NotImplementedError, KeyError) as e:
                raise self.node_error(node, f"{type(e).__name__}: {e}") from None
        outs = out if isinstance(out, (list, tuple)) else [out]
        for name, v in zip(node.output, outs):
            if name and v is not None:
                self.values[name] = v

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

    def node_error(self, node, message: str) -> ImporterError:
        return ImporterError(f"{_node_label(node, self.opset)}: {message}")


def _node_label(node, opset: int) -> str:
    name = f" {node.name!r}" if node.name else f" (output {node.output[0]!r})" if node.output else ""
    return f"ONNX {node.op_type} (opset {opset}) node{name}"


def _location(node, context) -> ir.Location:
    label = node.name or (node.output[0] if node.output else node.op_type)
    return ir.Location.name(f"{node.op_type}:{label}", context=context)


def _default_opset(model) -> int:
    for o in model.opset_import:
        if o.domain in ("", "ai.onnx"):
            return o.version
    return 1


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
    return None          # sparse / string constants: the converter reports them


def _evaluate(node, inputs, opset: int) -> list:
    """The node's outputs on known numpy inputs, by onnx's reference evaluator."""
    import onnx
    from onnx import helper
    from onnx.reference import ReferenceEvaluator
    names = [f"i{k}" if n else "" for k, n in enumerate(node.input)]
    outs = [f"o{k}" for k in range(len(node.output))]
    n = helper.make_node(node.op_type, names, outs, domain=node.domain)
    n.attribute.extend(node.attribute)
    graph_inputs = [helper.make_tensor_value_info(nm, helper.np_dtype_to_tensor_dtype(x.dtype), x.shape)
                    for nm, x in zip(names, inputs) if nm]
    graph = helper.make_graph([n], "fold", graph_inputs,
                              [helper.make_tensor_value_info(o, onnx.TensorProto.UNDEFINED, None) for o in outs])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    feeds = {nm: x for nm, x in zip(names, inputs) if nm}
    return ReferenceEvaluator(model).run(None, feeds)
