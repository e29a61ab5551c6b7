"""`shlo.from_jax(fn, *example_args, **example_kwargs)`: a JAX function as a shlo Program.

The function is lowered with JAX's public API (`jax.export.export(jax.jit(fn))`,
for the CPU platform) and the resulting StableHLO is translated op by op by
`shlo.importers.stablehlo` (see its docstring for the rules: CHLO ops are
decomposed by `shlo.importers.chlo`, custom_calls are kept, sharding/layout
annotations are kept verbatim as discardable attributes, anything without a
shlo counterpart raises `shlo.ImportError` naming the op and its location).

Example arguments may be arrays, `jax.ShapeDtypeStruct`s (whose shapes may
come from `jax.export.symbolic_shape`, giving dynamic `?` dimensions in shlo)
or pytrees of them. The Program keeps the pytree structure:

    prog = shlo.from_jax(f, {"w": w, "b": b}, x)
    prog.in_tree    # PyTreeDef of ((args...), {kwargs})
    prog.out_tree   # PyTreeDef of the result
    outs = shlo.interpret(prog, *jax.tree.leaves(((params, x), {})))
    result = prog.unflatten_outputs(outs)   # same structure as fn's result

With symbolic shapes JAX adds `custom_call @shape_assertion` ops that check
the dimension variables at run time; they are kept (as every custom_call is).
The interpreter runs them, and a compiled function checks them before its
native code runs (lowering/assertions.py); a failing one names the dimension
variable and the size found. Pass `shape_assertions=False` to leave them out
(the only ops the importer ever drops, and only when asked).
The keywords `platform`, `shape_assertions`, `context` and `verify` belong to
`from_jax`; every other keyword is an example keyword argument of `fn`.

Static (non-array) Python arguments are not supported; close over them
(`functools.partial`) instead.
"""
from __future__ import annotations

from ..errors import ImporterError


def lower(fn, *example_args, platform: str = "cpu", **example_kwargs):
    """`jax.export.Exported` of `fn` at the example arguments."""
    import jax
    from jax import export as jexport
    # keep_unused: the Program takes every flattened argument, used or not
    jitted = jax.jit(fn, keep_unused=True)
    # jaxlib kernels that jax.export does not list as stable, but that the StableHLO importer
    # raises into portable shlo ops (stablehlo_lapack.py): the program keeps no call to them
    raised = [jexport.DisabledSafetyCheck.custom_call(t) for t in ("tridiagonal_solve_perturbed_ffi",)]
    try:
        return jexport.export(jitted, platforms=[platform], disabled_checks=raised)(
            *example_args, **example_kwargs)
    except NotImplementedError as e:
        # jax.export refuses what a serialized program cannot hold (host callbacks: jax.debug.print,
        # pure_callback, io_callback); errors of the function's own code pass through unchanged
        raise ImporterError(f"jax.export cannot serialize this function: {e}") from e


def from_jax(fn, *example_args, platform: str = "cpu", shape_assertions: bool = True, context=None,
             verify: bool = True, **example_kwargs):
    """Lowers `fn` with JAX and converts it to a shlo Program (see the module docstring)."""
    from .stablehlo import import_module, parse_stablehlo
    exp = lower(fn, *example_args, platform=platform, **example_kwargs)
    jmodule, jctx = parse_stablehlo(exp.mlir_module_serialized)
    prog = import_module(jmodule, context, drop_shape_assertions=not shape_assertions)
    if exp.ordered_effects or exp.unordered_effects:
        pass  # effects appear as tokens / custom_calls in the module and are translated like any op
    prog.in_tree = exp.in_tree
    prog.out_tree = exp.out_tree
    prog.in_avals = tuple(exp.in_avals)
    prog.out_avals = tuple(exp.out_avals)
    prog.exported = exp
    prog.trees = _JaxTrees(exp.in_tree, exp.out_tree, x64=bool(jax_x64()))
    if verify:
        prog.verify()
    return prog


def flatten_inputs(prog, *args, **kwargs) -> list:
    """The flat list of arrays for `shlo.interpret(prog, ...)` from fn-style arguments."""
    import jax
    import numpy as np
    leaves, tree = jax.tree_util.tree_flatten((args, kwargs))
    if getattr(prog, "in_tree", None) is not None and tree != prog.in_tree:
        raise ImporterError(f"arguments have structure {tree}, the program expects {prog.in_tree}")
    return [np.asarray(x) for x in leaves]


def unflatten_outputs(prog, outs):
    import jax
    return jax.tree_util.tree_unflatten(prog.out_tree, list(outs))


def jax_x64() -> bool:
    import jax
    return bool(jax.config.jax_enable_x64)


# What JAX makes of 64-bit inputs with jax_enable_x64 off (np.random.randn's float64, Python ints)
_NARROWED = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}


class _JaxTrees:
    """The function's (args, kwargs) flattened and its results rebuilt, as jax.tree_util does."""

    def __init__(self, in_tree, out_tree, x64: bool = True):
        self.in_tree, self.out_tree = in_tree, out_tree
        self.x64 = x64

    def argument(self, value, dtype):
        """`value` narrowed as jax.jit would narrow it for a parameter of `dtype` (a float64 array
        for a float32 parameter, with x64 off at import), else unchanged for the usual checks."""
        import numpy as np
        if self.x64 or isinstance(value, (list, tuple)):
            return value
        if isinstance(value, (bool, int, float, complex)):
            value = np.asarray(value)
        got = getattr(value, "dtype", None)
        if got is not None and _NARROWED.get(str(got)) == str(dtype):
            return np.asarray(value).astype(dtype)
        return value

    def flatten(self, args, kwargs) -> list:
        import jax
        leaves, tree = jax.tree_util.tree_flatten((tuple(args), dict(kwargs)))
        if tree != self.in_tree:
            raise ImporterError(f"arguments have structure {tree}, the program expects {self.in_tree}")
        return leaves

    def unflatten(self, results):
        import jax
        return jax.tree_util.tree_unflatten(self.out_tree, list(results))
