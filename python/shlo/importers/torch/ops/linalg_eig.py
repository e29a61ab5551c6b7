"""`linalg_eig` (and `linalg_eigvals`, which decomposes onto it): the general eigenproblem as the
`shlo.linalg.eig` composite that the JAX importer raises LAPACK geev into.

The composite has geev's operands and results, as in `importers/stablehlo_lapack.py`: real
input -> (wr, wi, vl, vr, info), complex input -> (w, vl, vr, info), vectors complex. Its
decomposition (Hessenberg reduction, shifted QR to the Schur form, back substitution; see
`stablehlo_lapack_eig.py`) is written with `jax.lax` and lowered by JAX once per signature, so
this converter needs the `jax` extra; without it the node is refused with a message naming it.
torch.linalg.eig calls geev and normalizes as LAPACK does (unit 2-norm, largest component
real), as the decomposition does, so values and vectors compare directly; the order of the
eigenvalues is the order they leave the Schur form in, as LAPACK's (equal up to rounding
only where the QR sweeps converge alike).
"""
from __future__ import annotations

import re

from mlir import ir

from ..registry import converts

EIG = "shlo.linalg.eig"


def _jax_decomposition(cx, name: str, key, fn, nbatch: int, in_types: list) -> str:
    """The symbol of a private function of the module computing `fn` (a jax.lax function of one
    problem, vmapped over `nbatch` leading dimensions), made once per `key` and module."""
    from ...stablehlo import StableHLOImporter, jaxlib_context
    from ...stablehlo_lapack import _lowered
    from ...stablehlo_sharding import ShardingImport
    imp = cx.importer
    cache = imp.__dict__.setdefault("_composite_funcs", {})
    fname = cache.get(key)
    if fname is not None:
        return fname
    fname = f"{name.replace('.', '_')}_{len(cache)}"
    try:
        text = _lowered(fn, nbatch, in_types, key)
    except ImportError as e:
        raise cx.error(f"{name} needs JAX to build its decomposition (pip install shlo[jax]): {e}") from None
    names = re.findall(r"func\.func (?:public |private )?@([\w$.]+)", text)
    mapping = {n: (fname if n == "main" else f"{fname}__{n}") for n in names}
    text = re.sub(r"@([\w$.]+)", lambda m: "@" + mapping.get(m.group(1), m.group(1)), text)
    from jaxlib.mlir import ir as jir
    jctx = imp.__dict__.get("_jax_context")
    if jctx is None:
        jctx = imp._jax_context = jaxlib_context()
    jmod = jir.Module.parse(text, jctx)
    reader = StableHLOImporter(context=imp.context)
    reader.sharding = ShardingImport(reader, jmod)
    imp.__dict__.setdefault("_jax_modules", []).append((jmod, reader))   # keep jax values alive
    body = imp.module.body
    with ir.InsertionPoint(body):
        for fop in jmod.body.operations:
            reader.func(fop.operation)
            new = body.operations[len(body.operations) - 1]
            for a in ("arg_attrs", "res_attrs"):
                if a in new.attributes:
                    del new.attributes[a]
            new.attributes["sym_visibility"] = ir.StringAttr.get("private")
    cache[key] = fname
    return fname


def _attr_text(attrs: dict) -> str:
    return "{" + ", ".join(f"{k} = {'true' if v else 'false'}" for k, v in sorted(attrs.items())) + "}"


def eig_composite(cx, a, left: bool, right: bool) -> list:
    """geev's results for `a` [..., n, n] through the `shlo.linalg.eig` composite."""
    from ... import stablehlo_lapack_eig as eig
    from ...stablehlo_lapack import VERSION, _shape_elem
    from ....builders import create
    from ....types import tensor_type
    shape = cx.sizes_of(a)
    if any(not isinstance(s, int) for s in shape):
        raise cx.error("linalg_eig needs static sizes")
    if len(shape) < 2 or shape[-1] != shape[-2]:
        raise cx.error(f"linalg_eig needs square matrices, got shape {shape}")
    el = cx.element(a)
    real = not el.startswith("complex")
    if el not in ("f32", "f64", "complex<f32>", "complex<f64>"):
        raise cx.error(f"linalg_eig of {el} is not supported (f32 / f64 / complex64 / complex128)")
    cel = {"f32": "complex<f32>", "f64": "complex<f64>"}.get(el, el)
    rel = {"complex<f32>": "f32", "complex<f64>": "f64"}.get(el, el)
    *batch, n, _ = shape
    vec = str(tensor_type(shape, cel))
    info = str(tensor_type(batch, "i32"))
    if real:
        outs = [str(tensor_type(batch + [n], rel))] * 2 + [vec, vec, info]
        fn = lambda m: eig.eig_real(m, left, right)  # noqa: E731
    else:
        outs = [str(tensor_type(batch + [n], cel)), vec, vec, info]
        fn = lambda m: eig.eig_complex(m, left, right)  # noqa: E731
    if 0 in shape:      # nothing to decompose (and the lowering slices 1 x 1 entries)
        return [cx.const(0, _shape_elem(t)[1], list(_shape_elem(t)[0])) for t in outs]
    in_type = str(tensor_type(shape, el))
    attrs = {"compute_left_eigenvectors": left, "compute_right_eigenvectors": right}
    key = (EIG, (in_type,), tuple(outs), tuple(sorted(attrs.items())))
    fname = _jax_decomposition(cx, EIG, key, fn, len(batch), [in_type])
    op = create("composite", [a], name=EIG, composite_attributes=ir.Attribute.parse(_attr_text(attrs)),
                decomposition=ir.FlatSymbolRefAttr.get(fname), version=VERSION, result_types=outs)
    return list(op.results)


@converts("linalg_eig")
def linalg_eig(cx, a):
    res = eig_composite(cx, a, left=False, right=True)
    if cx.element(a).startswith("complex"):
        w, _, vr, _ = res
    else:
        wr, wi, _, vr, _ = res
        w = cx.op("complex", wr, wi)
    return w, vr
