"""`shlo.from_onnx`: an ONNX model as a shlo Program.

    prog = shlo.from_onnx("model.onnx")                 # a path (external data beside it), bytes or ModelProto
    outs = shlo.interpret(prog, x)                       # inputs in the graph's input order
    outs = shlo.compile(prog)(x)
    prog = shlo.from_onnx(model, params="arguments")     # float initializers become leading arguments
    outs = shlo.interpret(prog, *prog.parameters(), x)

ONNX shape inference runs first (on a copy without the large weights, so the
weights are never copied for it); then `OnnxImporter` (importer.py) converts
the graph node by node through the dispatch table of registry.py, keyed by
op type and opset range; converters live in `ops/<family>.py`.

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

from ...errors import ImporterError
from . import ops  # noqa: F401  (registers the converters)
from .importer import OnnxImporter

__all__ = ["from_onnx", "load_model"]

LIGHT_BYTES = 1024      # initializers larger than this are left out of shape inference's copy


def from_onnx(model, params: str = "constants", context=None, verify: bool = True):
    """Imports an ONNX model (ModelProto, path or bytes) as a shlo Program."""
    model = load_model(model)
    typed = _with_inferred_types(model)
    prog = OnnxImporter(typed, weights=model.graph.initializer, params=params, context=context).run()
    prog.trees = _OnnxTrees(prog)
    if verify:
        prog.verify()
    return prog


def load_model(model):
    import onnx
    if isinstance(model, onnx.ModelProto):
        return model
    if isinstance(model, (bytes, bytearray, memoryview)):
        try:
            return onnx.load_from_string(bytes(model))
        except Exception as e:  # noqa: BLE001
            raise ImporterError(f"not an ONNX model ({type(e).__name__}: {e})") from None
    if isinstance(model, (str, os.PathLike)):
        path = os.fspath(model)
        if not os.path.isfile(path):
            raise ImporterError(f"{path}: no such file")
        try:
            return onnx.load(path, load_external_data=True)
        except Exception as e:  # noqa: BLE001
            raise ImporterError(f"{path}: not an ONNX model ({type(e).__name__}: {e})") from None
    raise ImporterError(f"from_onnx takes a ModelProto, a path or bytes, not {type(model).__name__}")


def _with_inferred_types(model):
    """A copy of the model without its large initializers (they become typed graph inputs),
    annotated by ONNX shape inference; the importer walks it and reads the weights from the
    original, so they are never copied for inference."""
    import onnx
    light = onnx.ModelProto()
    _copy_without_weights(model, light)
    try:
        return onnx.shape_inference.infer_shapes(light, check_type=False, strict_mode=False, data_prop=True)
    except Exception as e:  # noqa: BLE001 - a model onnx itself rejects
        raise ImporterError(f"ONNX shape inference failed: {type(e).__name__}: {e}") from None


def _copy_without_weights(model, light) -> None:
    """light := model, with every initializer over LIGHT_BYTES replaced by a typed graph input."""
    from onnx import helper
    light.ir_version = model.ir_version
    light.producer_name = model.producer_name
    light.opset_import.extend(model.opset_import)
    light.functions.extend(model.functions)
    g = light.graph
    g.name = model.graph.name
    g.node.extend(model.graph.node)
    g.input.extend(model.graph.input)
    g.output.extend(model.graph.output)
    g.value_info.extend(model.graph.value_info)
    names = {vi.name for vi in model.graph.input}
    for t in model.graph.initializer:
        if len(t.raw_data) > LIGHT_BYTES:
            if t.name not in names:
                g.input.append(helper.make_tensor_value_info(t.name, t.data_type, list(t.dims)))
        else:
            g.initializer.append(t)


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
        return list(self.prog.parameters()) + [np.asarray(a) for a in args]

    def unflatten(self, results):
        """Flat results; a sequence output (see OnnxImporter._graph_outputs) as a list."""
        results, out = list(results), []
        for n in getattr(self.prog, "output_groups", None) or [None] * len(results):
            out.append(results.pop(0) if n is None else [results.pop(0) for _ in range(n)])
        return out
