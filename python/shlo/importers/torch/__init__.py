"""`shlo.from_torch`: a `torch.export` program as a shlo Program.

    prog = shlo.from_torch(model, (x,))                       # nn.Module + example args
    prog = shlo.from_torch(exported_program)                   # or an ExportedProgram
    prog.parameter_names                                       # state_dict keys, argument order
    outs = shlo.interpret(prog, *prog.parameters(), x)         # flat call: parameters first
    out = shlo.compile(prog)(x)                                # tree call: the module's own output structure

The program is exported (`torch.export.export`, with `dynamic_shapes` as
torch takes them), decomposed to the core ATen op set
(`run_decompositions()`), and converted node by node by `TorchImporter`
(importer.py) through the dispatch table of registry.py; the converters live
in `ops/<family>.py`, so an ATen op's rule is found by its name there.

* `params="arguments"` (default): parameters and buffers are the leading
  function arguments, named by a `shlo.name` argument attribute;
  `prog.parameters()` returns their arrays in order. `params="constants"`
  inlines them. Arrays over 256 bytes become `dense_resource` blobs made from
  the tensor's buffer.
* Buffer mutations (batch norm's running statistics) become extra leading
  results; `prog.mutations` lists `(result index, kind, target)`.
* `torch.export.Dim` dimensions are `?` dimensions; size arithmetic becomes
  shlo integer ops over `get_dimension_size`, so one program runs at any
  allowed size. Export's guards on input sizes (`ep._guards_code`, also over
  leaves of tuple / list / dict / namedtuple inputs) become shape_assertions
  (guards.py); its in-graph assertions are not kept (the Dim ranges state
  them; violating them is undefined behavior).
* An index out of range where eager raises (gather, scatter*, index_select,
  embedding, embedding_bag, `x[i]`, index_put, put) fails a run-time
  `check.assert` naming the node, also inside cond / while_loop / map / scan
  bodies (checks.py).
* An unsupported node raises `shlo.ImportError` naming the ATen op, the fx
  node and the user's source line.
"""
from __future__ import annotations

import contextlib

from ...errors import ImporterError
from . import ops  # noqa: F401  (registers the converters)
from .importer import TorchImporter

__all__ = ["from_torch", "load_exported"]


def from_torch(module_or_exported, args=(), kwargs=None, dynamic_shapes=None, params: str = "arguments",
               context=None, verify: bool = True, decompose: bool = True):
    """Exports (if given an nn.Module), decomposes and imports a PyTorch program."""
    import torch
    ep = module_or_exported
    if not isinstance(ep, torch.export.ExportedProgram):
        if not isinstance(ep, torch.nn.Module):
            raise ImporterError(f"from_torch takes an nn.Module or a torch.export.ExportedProgram, "
                                f"not {type(ep).__name__}")
        if not isinstance(args, tuple):
            args = (args,)
        try:
            ep = torch.export.export(ep, args, kwargs or {}, dynamic_shapes=dynamic_shapes)
        except Exception as e:  # noqa: BLE001 - export's own errors, reported as an import error
            raise ImporterError(f"torch.export.export failed: {type(e).__name__}: {e}"
                                f"{_var_keyword_note(ep, kwargs, dynamic_shapes)}") from None
    if decompose:
        guards = list(getattr(ep, "_guards_code", None) or [])
        ep = _decompose(ep)
        # a loaded program (torch.export.load) loses its guards when it is retraced here: the
        # new graph's shape environment no longer knows the inputs' sources; they still hold
        ep._guards_code = guards + [g for g in getattr(ep, "_guards_code", None) or [] if g not in guards]
    prog = TorchImporter(ep, params=params, context=context).run()
    _describe(prog, ep, params)
    if verify:
        prog.verify()
    return prog


def _var_keyword_note(module, kwargs, dynamic_shapes) -> str:
    """Why export failed, where forward's `**kwargs` receives tensors and dynamic_shapes is given:
    torch 2.13's export cannot match dynamic_shapes to those entries (an AssertionError deep in its
    dynamic-shape matching, 'Must provide a tree_name', even for static ones), so no size of theirs
    can be dynamic or guarded; named keyword parameters work."""
    import inspect
    try:
        params = inspect.signature(module.forward).parameters.values()
    except (TypeError, ValueError):
        return ""
    var = [p.name for p in params if p.kind is inspect.Parameter.VAR_KEYWORD]
    named = {p.name for p in params if p.kind is not inspect.Parameter.VAR_KEYWORD}
    extra = [k for k in (kwargs or {}) if k not in named]
    if not var or not extra or dynamic_shapes is None:
        return ""
    return (f" (forward's **{var[0]} receives {', '.join(map(repr, extra))}: torch.export takes no "
            f"dynamic_shapes for such entries; make them named keyword parameters of forward)")


def load_exported(path: str):
    """An ExportedProgram saved with `torch.export.save` (a .pt2 file)."""
    import os
    import torch
    if not os.path.isfile(path):
        raise ImporterError(f"{path}: no such file")
    try:
        return torch.export.load(path)
    except Exception as e:  # noqa: BLE001
        raise ImporterError(f"{path}: not a torch.export program ({type(e).__name__}: {e})") from None


def _decompose(ep):
    """ep.run_decompositions(), with the ops of `ops.eager_rounding.KEPT_WHOLE` kept whole (their
    converters round 16-bit floats as eager's kernels do, the decompositions do not); where that
    fails, again with scaled_dot_product_attention kept whole too (ops/attention.py converts it):
    with symbolic sizes its decomposed form can give strides that make a later `view` of the
    model invalid."""
    table = _decomposition_table()
    with _autograd_decompositions_lifted():
        try:
            return ep.run_decompositions(table)
        except Exception as first:  # noqa: BLE001 - torch's own errors, reported as an import error
            for op in list(table):
                if "scaled_dot_product" in str(op):
                    del table[op]
            try:
                return ep.run_decompositions(table)
            except Exception:  # noqa: BLE001
                raise ImporterError(f"torch's run_decompositions failed: {type(first).__name__}: {first}") from None


@contextlib.contextmanager
def _autograd_decompositions_lifted():
    """The Python kernels torch registers on the Autograd key for the ops of
    `ops.eager_rounding.AUTOGRAD_DECOMPOSED` (softshrink: torch/_refs/nn/functional) taken off
    while run_decompositions retraces, so that they stay whole as the table asks; put back after."""
    import torch
    from torch._C import DispatchKey
    from .ops.eager_rounding import AUTOGRAD_DECOMPOSED
    lifted = {}
    for name in AUTOGRAD_DECOMPOSED:
        packet, overload = name.split(".")
        op = getattr(getattr(torch.ops.aten, packet), overload)
        if DispatchKey.Autograd in op.py_kernels:
            lifted[op] = op.py_kernels.pop(DispatchKey.Autograd)
            op._dispatch_cache.clear()
    try:
        yield
    finally:
        for op, kernel in lifted.items():
            op.py_kernels[DispatchKey.Autograd] = kernel
            op._dispatch_cache.clear()


def _decomposition_table() -> dict:
    """torch.export's default decompositions less the overloads converted whole, as a plain dict:
    run_decompositions copies a table it is given with dict(), which sees none of the entries of
    the CustomDecompTable that default_decompositions() returns (torch 2.13)."""
    import torch
    from .ops.eager_rounding import KEPT_WHOLE
    table = torch.export.default_decompositions().materialize()
    for name in KEPT_WHOLE:
        packet, overload = name.split(".")
        table.pop(getattr(getattr(torch.ops.aten, packet), overload), None)
    return table


def _describe(prog, ep, params: str) -> None:
    """Records parameters, mutations and the input/output pytrees on the Program."""
    sig = ep.graph_signature
    prog.mutations = []
    returned = [s for s in sig.output_specs if s.kind.name != "TOKEN"]   # effect tokens are not returned
    for i, spec in enumerate(returned):
        if spec.kind.name != "USER_OUTPUT":
            prog.mutations.append((i, spec.kind.name, spec.target))
    user = [s for s in returned if s.kind.name == "USER_OUTPUT"]
    # a None output has no result (the importer drops it): unflatten puts it back
    nones = [i for i, s in enumerate(user) if s.arg.__class__.__name__ == "ConstantArgument" and s.arg.value is None]
    prog.trees = _TorchTrees(ep.call_spec.in_spec, ep.call_spec.out_spec, prog, len(prog.mutations), nones)
    prog.exported = ep


class _TorchTrees:
    """Flattens the module's (args, kwargs) and rebuilds its outputs, as torch's pytree does."""

    def __init__(self, in_spec, out_spec, prog, n_mutations: int, nones=()):
        self.in_spec, self.out_spec, self.prog, self.n_mutations = in_spec, out_spec, prog, n_mutations
        self.nones = list(nones)

    def flatten(self, args, kwargs) -> list:
        import numpy as np
        import torch.utils._pytree as pytree
        leaves, spec = pytree.tree_flatten((tuple(args), dict(kwargs)))
        if self.in_spec is not None and spec != self.in_spec:
            raise ImporterError(f"arguments have structure {spec}, the program expects {self.in_spec}")
        from .dtypes import to_numpy
        flat = [to_numpy(x) if hasattr(x, "detach") else np.asarray(x) for x in leaves]
        return list(self.prog.parameters()) + flat

    def unflatten(self, results):
        import torch.utils._pytree as pytree
        user = list(results)[self.n_mutations:]
        for i in self.nones:
            user.insert(i, None)
        return pytree.tree_unflatten(user, self.out_spec) if self.out_spec is not None else user
