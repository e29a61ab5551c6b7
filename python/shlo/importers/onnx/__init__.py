"""`shlo.from_onnx`: an ONNX model as a shlo Program.

    prog = shlo.from_onnx("model.onnx")                 # a path (external data beside it), bytes or ModelProto
    outs = shlo.interpret(prog, x)                       # inputs in the graph's input order
    outs = shlo.compile(prog)(x)
    prog = shlo.from_onnx(model, params="arguments")     # float initializers become leading arguments
    outs = shlo.interpret(prog, *prog.parameters(), x)

A file or bytes is walked (wire.py): only the model without its large
initializers is parsed by protobuf, and each large weight is read once into an
aligned numpy array (the dense_resource blob's memory). ONNX shape
inference runs on the model without the large weights (so they are never
copied for it); then `OnnxImporter` (importer.py) converts the graph node by
node through the dispatch table of registry.py, keyed by op type and opset
range; converters live in `ops/<family>.py`.

* Initializers become constants (`dense_resource` blobs over the raw bytes
  when larger than 256 bytes), or with `params="arguments"` the float ones
  become named leading arguments (`prog.parameters()` holds their arrays).
* `dim_param` and unknown dimensions are `?` dimensions.
* Values known at import time (constants and shape computations over them)
  are folded with onnx's reference evaluator, so shapes are static where the
  model allows.
* Unsupported ops, domains, element types (strings) raise `shlo.ImportError`
  naming the op type, opset and node.
"""
from __future__ import annotations

import os
import time

import onnx
import onnx.external_data_helper
import onnx.shape_inference

from ...errors import ImporterError
from . import contrib_shapes, ops, toposort, wire  # noqa: F401  (ops registers the converters)
from . import external as external_data
from .importer import OnnxImporter

__all__ = ["from_onnx", "load_model"]

LIGHT_BYTES = 1024      # initializers larger than this are left out of shape inference's copy


def from_onnx(model, params: str = "constants", context=None, verify: bool = True, input_structure=None,
              nchwc_block_size: int | None = None):
    """Imports an ONNX model (ModelProto, path or bytes) as a shlo Program. `input_structure`
    {input name: ...} gives what the model leaves open about sequence / optional inputs: a
    sequence's length (an int; it is then passed as a list of that many arrays), an optional's
    presence (None: empty, passed as None; True: a tensor; an int: a sequence of that length);
    a list of shapes in place of a sequence's length also fixes its tensors' shapes.
    `nchwc_block_size` (8 or 16): the channel block of onnxruntime's NCHWc ops in a model it
    saved at ORT_ENABLE_ALL, where the file cannot tell (importers/onnx/nchwc.py)."""
    clock = _Stages()
    light, weights = _load_split(model)
    clock("load")
    typed = _with_inferred_types(light, weights)
    clock("shape inference")
    importer = OnnxImporter(typed, weights=weights, params=params, context=context,
                            input_structure=input_structure)
    importer.nchwc_block_size = nchwc_block_size
    prog = importer.run()
    prog.trees = _OnnxTrees(prog)
    clock("convert")
    if verify:
        prog.verify()
        clock("verify")
    return prog


# Seconds per stage of the latest from_onnx call (benchmarks/import_onnx.py prints them).
last_stage_seconds: dict = {}


class _Stages:
    def __init__(self):
        last_stage_seconds.clear()
        self.t = time.perf_counter()

    def __call__(self, stage: str) -> None:
        now = time.perf_counter()
        last_stage_seconds[stage] = now - self.t
        self.t = now


def load_model(model):
    """The ModelProto of a ModelProto, bytes or a path (with its external data)."""
    if isinstance(model, onnx.ModelProto):
        return model
    if isinstance(model, (bytes, bytearray, memoryview)):
        return _parse(bytes(model))
    return _parse(_read(model), os.fspath(model))


def _load_split(model):
    """(the model without its large initializers, its initializers in order: TensorProtos or
    wire.Weights). A file or bytes is walked (wire.py): the large weights are read once into
    aligned arrays, never parsed into protobuf; a ModelProto's weights stay in it."""
    if isinstance(model, onnx.ModelProto):
        return model, list(model.graph.initializer)
    if isinstance(model, (bytes, bytearray, memoryview)):
        return _split(memoryview(model).cast("B"), None)
    if not isinstance(model, (str, os.PathLike)):
        raise ImporterError(f"from_onnx takes a ModelProto, a path or bytes, not {type(model).__name__}")
    path = os.fspath(model)
    if not os.path.isfile(path):
        raise ImporterError(f"{path}: no such file")
    with open(path, "rb") as f:
        return _split(wire.FileBytes(f), path)


def _split(buf, path):
    external = {}       # light.graph.initializer index -> Weight read from an external data file
    try:
        small, large = wire.split_model(buf, LIGHT_BYTES)
        light = onnx.ModelProto.FromString(small)
        wire.read_weights(buf, [w for _, w in large])
    except Exception:  # noqa: BLE001 - not walked: protobuf parses it (and reports what is wrong)
        light, large = _parse(bytes(buf[0:len(buf)]), path), []
    else:
        if path is not None:
            external = _read_external(light, path)
            _load_external_data(light, path)        # what external.py left (it reports errors)
    weights, rest = [], iter(enumerate(light.graph.initializer))
    by_index = dict(large)
    for k in range(len(light.graph.initializer) + len(large)):
        if k in by_index:
            weights.append(by_index[k])
            continue
        j, t = next(rest)
        weights.append(external.get(j, t))
    return light, weights


def _read_external(light, path: str) -> dict:
    try:
        return external_data.read_external(light, os.path.dirname(path))
    except (OSError, ValueError) as e:       # (wire.WireError: a data file changed while read)
        raise ImporterError(f"{path}: its external data cannot be read ({type(e).__name__}: {e})") from None


def _read(model) -> bytes:
    if not isinstance(model, (str, os.PathLike)):
        raise ImporterError(f"from_onnx takes a ModelProto, a path or bytes, not {type(model).__name__}")
    path = os.fspath(model)
    if not os.path.isfile(path):
        raise ImporterError(f"{path}: no such file")
    with open(path, "rb") as f:
        return f.read()


def _parse(data: bytes, path: str | None = None):
    try:
        model = onnx.load_from_string(data)
    except Exception as e:  # noqa: BLE001
        where = f"{path}: " if path is not None else ""
        raise ImporterError(f"{where}not an ONNX model ({type(e).__name__}: {e})") from None
    if path is not None:
        _load_external_data(model, path)
    return model


def _load_external_data(model, path: str) -> None:
    """The data of tensors stored in files beside the model, read into the model (as onnx.load)."""
    try:
        onnx.external_data_helper.load_external_data_for_model(model, os.path.dirname(path))
    except Exception as e:  # noqa: BLE001 - a missing or short data file
        raise ImporterError(f"{path}: its external data cannot be read ({type(e).__name__}: {e})") from None


def _with_inferred_types(model, weights=None):
    """A copy of the model without its large initializers (they become typed graph inputs),
    annotated by ONNX shape inference; the importer walks it and reads the weights from
    `weights` (by default the model's initializers), so they are never copied for inference."""
    light = onnx.ModelProto()
    _copy_without_weights(model, model.graph.initializer if weights is None else weights, light)
    try:
        typed = onnx.shape_inference.infer_shapes(light, check_type=False, strict_mode=False, data_prop=True)
        # onnxruntime's contrib ops have no ONNX schema: their outputs are typed here, and inference
        # runs again from them (as often as contrib ops follow one another)
        while contrib_shapes.needed(typed) and contrib_shapes.annotate(typed):
            typed = onnx.shape_inference.infer_shapes(typed, check_type=False, strict_mode=False, data_prop=True)
        return typed
    except Exception as e:  # noqa: BLE001 - a model onnx itself rejects
        raise ImporterError(f"ONNX shape inference failed: {type(e).__name__}: {e}") from None


def _copy_without_weights(model, weights, light) -> None:
    """light := model, with every initializer over LIGHT_BYTES replaced by a typed graph input,
    its graphs' nodes in topological order (toposort.py)."""
    from onnx import helper
    light.ir_version = model.ir_version
    light.producer_name = model.producer_name
    light.opset_import.extend(model.opset_import)
    # onnxruntime runs (and its transformers optimizer writes) models that use com.microsoft ops
    # without importing the domain; ONNX's inference refuses those
    imported = {o.domain for o in model.opset_import}
    for domain in sorted({n.domain for n in model.graph.node} - imported - {"", "ai.onnx"}):
        light.opset_import.append(helper.make_opsetid(domain, 1))
    light.functions.extend(model.functions)
    g = light.graph
    g.name = model.graph.name
    g.node.extend(model.graph.node)
    g.input.extend(model.graph.input)
    g.output.extend(model.graph.output)
    g.value_info.extend(model.graph.value_info)
    names = {vi.name for vi in model.graph.input}
    for t in weights:
        if isinstance(t, wire.Weight) or _raw_bytes(t) > LIGHT_BYTES:
            if t.name not in names:
                g.input.append(helper.make_tensor_value_info(t.name, t.data_type, list(t.dims)))
        else:
            g.initializer.append(t)
    g.sparse_initializer.extend(model.graph.sparse_initializer)
    toposort.sort_model(light)       # the copy's nodes: the caller's model keeps its order


def _raw_bytes(t) -> int:
    """The size of a TensorProto's raw data, from its shape (reading raw_data would copy it)."""
    if not t.HasField("raw_data"):
        return 0
    size = 1
    for d in t.dims:
        size *= d
    try:
        itemsize = onnx.helper.tensor_dtype_to_np_dtype(t.data_type).itemsize
    except Exception:  # noqa: BLE001 - strings, unknown types: counted as bytes
        itemsize = 1
    return size * itemsize


class _OnnxTrees:
    """Calls by input name (keywords) or in input order; parameters are prepended."""

    def __init__(self, prog):
        self.prog = prog

    def flatten(self, args, kwargs) -> list:
        import numpy as np
        names = self.prog.input_names
        if kwargs:
            missing = [n for n in names[len(args):] if n not in kwargs]
            if missing:
                raise ImporterError(f"missing inputs {missing} (the model takes {names})")
            args = list(args) + [kwargs[n] for n in names[len(args):]]
        if len(args) != len(names):
            raise ImporterError(f"the model takes {len(names)} inputs ({names}), got {len(args)}")
        flat = []
        for name, a, group in zip(names, args, getattr(self.prog, "input_groups", None) or [None] * len(args)):
            flat += _flatten_input(name, a, group)
        return list(self.prog.parameters()) + flat

    def unflatten(self, results):
        """Flat results; a sequence output (see OnnxImporter._graph_outputs) as a list."""
        import numpy as np
        results, out = list(results), []
        for n in getattr(self.prog, "output_groups", None) or [None] * len(results):
            if isinstance(n, tuple) and n[0] == "stacked":      # a sequence of run-time length
                out.append(list(np.asarray(results.pop(0))))
            elif isinstance(n, tuple) and n[0] == "optional":   # present at run time only: flag, value
                present = bool(np.asarray(results.pop(0)))
                value = results.pop(0) if n[1] is None else [results.pop(0) for _ in range(n[1])]
                out.append(value if present else None)
            elif isinstance(n, tuple) and n[0] == "headed":     # ("headed", n, axis): n tensors, then a ragged tail
                head = [results.pop(0) for _ in range(n[1])]
                value, lengths = np.asarray(results.pop(0)), np.asarray(results.pop(0))
                out.append(head + (np.split(value, np.cumsum(lengths)[:-1], axis=n[2]) if len(lengths) else []))
            elif isinstance(n, tuple) and n[0] == "shaped":     # flattened tensors, then their shapes
                values, sizes = np.asarray(results.pop(0)), np.asarray(results.pop(0))
                ends = np.cumsum(np.prod(sizes, axis=1, dtype=np.int64)) if len(sizes) else []
                out.append([values[e - int(np.prod(r)):e].reshape(r) for e, r in zip(ends, sizes)])
            elif isinstance(n, tuple):      # ("ragged", axis): joined tensors, cut at their lengths
                value, lengths = np.asarray(results.pop(0)), np.asarray(results.pop(0))
                out.append(np.split(value, np.cumsum(lengths)[:-1], axis=n[1]) if len(lengths) else [])
            else:
                out.append(results.pop(0) if n is None else [results.pop(0) for _ in range(n)])
        return out


def _flatten_input(name, a, group) -> list:
    """One input's arrays: a tensor; a sequence (a list of its length); an optional (None when
    imported as empty)."""
    import numpy as np
    if group is None:
        return [np.asarray(a)]
    if group[0] == "seq":
        if not isinstance(a, (list, tuple)) or len(a) != group[1]:
            got = f"{len(a)} items" if isinstance(a, (list, tuple)) else type(a).__name__
            raise ImporterError(f"input {name} was imported as a sequence of {group[1]} tensors, got {got}")
        return [np.asarray(x) for x in a]
    if group[1] == "empty":
        if a is not None:
            raise ImporterError(f"input {name} was imported as an empty optional: pass None")
        return []
    if a is None:
        raise ImporterError(f"input {name} was imported as a present optional: pass its value")
    return _flatten_input(name, a, group[1])
