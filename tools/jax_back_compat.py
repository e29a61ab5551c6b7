"""Runs JAX's own backward-compatibility corpus through shlo.

jax ships, in `jax/_src/internal_test_util/export_back_compat_test_data/`, the programs its
export back-compat tests pin: real `jax.export` artifacts (StableHLO text and the serialized
portable artifact) of CPU, CUDA, ROCm and TPU programs, with their inputs and the outputs the
exporting platform computed. Each data set here is imported (from the text and from the
bytecode), interpreted, and checked against those outputs; with `--compile` also compiled for
the CPU; with `--xla` the programs of one device also go back out through `to_stablehlo` and run
in XLA on the CPU.

The check is JAX's: integers exactly, floats to a tolerance by width (another platform's
algorithm computed them), and results that are defined only up to a sign or phase
(eigenvectors, singular vectors, Schur vectors) by what defines them, against the matrix the
expected outputs define.

    .venv/bin/python tools/jax_back_compat.py [--compile] [--xla] [NAME_SUBSTRING...]

Prints one line per data set and the counts. Programs that call a device's own kernels (a
Pallas / Mosaic / Triton kernel, a TPU-only custom call) are counted apart: no portable consumer
can run them.
"""
from __future__ import annotations

import argparse
import glob
import importlib
import os
import sys
import time

import numpy as np

# custom-call targets that are a device's own compiled kernels: portable only as an opaque call
DEVICE_KERNELS = ("tpu_custom_call", "__gpu$xla.gpu.triton", "mosaic_gpu", "mosaic_gpu_v2")
# variadic reduce_window with a non-associative body: StableHLO leaves the schedule (and how many
# times init is applied) to the implementation; the expected values are the TPU's
IMPLEMENTATION_DEFINED = ("tpu_stablehlo_dynamic_reduce_window.data_variadic_2023_06_17",)


def data_sets(filters=()):
    """(name, data dict) for every data set of the corpus, in file order."""
    from jax._src.internal_test_util import export_back_compat_test_data as pkg
    root = os.path.dirname(pkg.__file__)
    paths = sorted(glob.glob(root + "/*.py")) + sorted(glob.glob(root + "/pallas/*.py"))
    for path in paths:
        rel = os.path.relpath(path, root)[:-3].replace("/", ".")
        if rel.endswith("__init__") or (filters and not any(f in rel for f in filters)):
            continue
        module = importlib.import_module(f"{pkg.__name__}.{rel}")
        for var, value in vars(module).items():
            if var == "data" or var.startswith("data_"):
                yield from _walk(f"{rel}.{var}", value)


def _walk(name, value):
    if isinstance(value, dict) and "mlir_module_text" in value:
        yield name, value
    elif isinstance(value, dict):
        for key, sub in value.items():
            yield from _walk(f"{name}[{key}]", sub)


def _tol(dtype) -> float:
    return 1e-10 if np.dtype(dtype) in (np.float64, np.complex128) else 1e-4


def _close(got, want, scale=None) -> float:
    """Largest difference over the expected values' magnitude (normwise): 0 when they agree."""
    got, want = np.asarray(got), np.asarray(want)
    if want.size == 0:
        return 0.0
    scale = scale if scale is not None else float(np.max(np.abs(want))) + 1.0
    return float(np.max(np.abs(got.astype(np.complex128) - want.astype(np.complex128)))) / scale


def _herm(x):
    return np.conj(np.swapaxes(x, -1, -2))


def _unitary_error(q) -> float:
    n = q.shape[-1]
    return _close(_herm(q) @ q, np.broadcast_to(np.eye(n), q.shape[:-2] + (n, n)), 1.0)


def _same_values(got, want) -> float:
    """Eigenvalues as multisets (their order is the algorithm's)."""
    g = np.sort_complex(np.asarray(got, np.complex128).reshape(-1, got.shape[-1]))
    w = np.sort_complex(np.asarray(want, np.complex128).reshape(-1, want.shape[-1]))
    return _close(g, w)


def _structural(kind, got, want) -> list:
    """(what, error) for results defined up to a sign / phase, against the expected ones."""
    if kind == "eigh":          # (v, w): A = V diag(w) V^H
        (v, w), (ve, we) = got, want
        a = (ve * we[..., None, :]) @ _herm(ve)
        return [("eigenvalues", _close(w, we)),
                ("A V = V diag(w)", _close(a @ v, v * w[..., None, :], np.abs(a).max() + 1)),
                ("V unitary", _unitary_error(v))]
    if kind == "eig":           # (w, vl, vr): A = Vr diag(w) Vr^-1
        (w, vl, vr), (we, vle, vre) = got, want
        a = (vre * we[..., None, :]) @ np.linalg.inv(vre)
        out = [("eigenvalues", _same_values(w, we))]
        if vr.size and vr.shape == vre.shape:
            out.append(("A Vr = Vr diag(w)", _close(a @ vr, vr * w[..., None, :], np.abs(a).max() + 1)))
        if vl.size and vl.shape == vle.shape:
            out.append(("Vl^H A = diag(w) Vl^H", _close(_herm(vl) @ a, w[..., :, None] * _herm(vl), np.abs(a).max() + 1)))
        return out
    if kind == "schur":         # (T, Q): A = Q T Q^H
        (t, q), (te, qe) = got, want
        a = qe @ te @ _herm(qe)
        return [("Q T Q^H = A", _close(q @ t @ _herm(q), a)), ("Q unitary", _unitary_error(q)),
                ("eigenvalues of T", _same_values(np.linalg.eigvals(t), np.linalg.eigvals(te)))]
    if kind == "svd":           # (u, s, vh): A = U diag(s) Vh
        (u, s, vh), (ue, se, vhe) = got, want
        k = se.shape[-1]
        a = (ue[..., :, :k] * se[..., None, :]) @ vhe[..., :k, :]
        return [("singular values", _close(s, se)),
                ("U diag(s) Vh = A", _close((u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :], a)),
                ("U unitary", _unitary_error(u)), ("Vh unitary", _unitary_error(_herm(vh)))]
    raise KeyError(kind)


def _kind(name: str, want: list):
    """Which results are defined up to a sign / phase, from the corpus module's name."""
    name = name.lower()
    if "eigh" in name and len(want) == 2 and want[0].ndim >= 2:
        return "eigh"
    if "eig_lapack_geev" in name and len(want) == 3:
        return "eig"
    if "schur" in name and len(want) == 2:
        return "schur"
    if "svd" in name and len(want) == 3 and want[1].ndim == want[0].ndim - 1:
        return "svd"
    return None


def check(name, got, want) -> list:
    """The checks that fail: [] when `got` matches `want` as JAX's test would accept."""
    got, want = [np.asarray(g) for g in got], [np.asarray(w) for w in want]
    if len(got) != len(want):
        return [f"{len(got)} results, expected {len(want)}"]
    bad = [f"result {i}: shape {g.shape} {g.dtype}, expected {w.shape} {w.dtype}"
           for i, (g, w) in enumerate(zip(got, want)) if g.shape != w.shape or g.dtype != w.dtype]
    if bad:
        return bad
    kind = _kind(name, want)
    if kind is not None:
        tol = _tol(want[0].dtype)
        return [f"{what}: {err:.3g}" for what, err in _structural(kind, got, want) if not err <= 10 * tol]
    for i, (g, w) in enumerate(zip(got, want)):
        if w.dtype.kind in "fc":
            err = _close(g, w)
            if not err <= _tol(w.dtype) or not np.array_equal(np.isnan(g), np.isnan(w)):
                bad.append(f"result {i} ({w.dtype}): {err:.3g}")
        elif not np.array_equal(g, w):
            bad.append(f"result {i} ({w.dtype}): {int(np.sum(g != w))} of {w.size} differ")
    return bad


def _refined(text: str, args) -> str:
    """`text` called with the inputs' shapes and refined as jax does before XLA sees a
    shape-polymorphic program (XLA compiles static shapes only): a new main of static argument
    types converts them to the old main's and calls it."""
    if "?" not in text:
        return text
    from jax._src.interpreters import mlir as jmlir
    from jaxlib.mlir import ir as jir
    from jaxlib.mlir.dialects import func, stablehlo
    with jmlir.make_ir_context(), jir.Location.unknown():
        module = jir.Module.parse(text)
        old = next(op for op in module.body.operations
                   if "sym_name" in op.attributes and jir.StringAttr(op.attributes["sym_name"]).value == "main")
        old.attributes["sym_name"] = jir.StringAttr.get("main_polymorphic")
        old.attributes["sym_visibility"] = jir.StringAttr.get("private")
        ftype = jir.FunctionType(jir.TypeAttr(old.attributes["function_type"]).value)
        inputs = [jir.RankedTensorType.get(np.shape(a), jir.RankedTensorType(t).element_type)
                  for a, t in zip(args, ftype.inputs)]
        with jir.InsertionPoint(module.body):
            main = func.FuncOp("main", jir.FunctionType.get(inputs, ftype.results))
            with jir.InsertionPoint(main.add_entry_block()):
                converted = [stablehlo.convert(t, a) for a, t in zip(main.arguments, ftype.inputs)]
                call = func.CallOp(ftype.results, "main_polymorphic", converted)
                func.return_(list(call.results))
        return str(jmlir.refine_polymorphic_shapes(module))


def _listed(x) -> list:
    return list(x) if isinstance(x, (list, tuple)) else [x]


def run_one(name: str, data: dict, compile_: bool, xla: bool) -> tuple[str, str]:
    """(status, detail): status is match / mismatch / fail / device / implementation-defined."""
    import shlo
    targets = data.get("custom_call_targets") or []
    device = [t for t in targets if t in DEVICE_KERNELS]
    want = _listed(data["expected_outputs"])
    args = _listed(data["inputs"])
    try:
        prog = shlo.from_stablehlo(data["mlir_module_text"])
        shlo.from_stablehlo(data["mlir_module_serialized"])
        got = _listed(shlo.interpret(prog, *args))
    except Exception as e:  # noqa: BLE001 - every failure is reported, one line each
        if device:
            return "device", f"{', '.join(device)}: {type(e).__name__}"
        return "fail", f"{type(e).__name__}: {str(e).splitlines()[0][:300]}"
    bad = check(name, got, want)
    if bad:
        if any(name.startswith(n) for n in IMPLEMENTATION_DEFINED):
            return "implementation-defined", "; ".join(bad)
        return "mismatch", "; ".join(bad)
    notes = []
    if compile_:
        try:
            compiled = _listed(shlo.compile(prog)(*args))
            bad = check(name, compiled, want)
            notes.append("compiled" + (" MISMATCH " + "; ".join(bad) if bad else " ok"))
        except Exception as e:  # noqa: BLE001
            if "shlo.compile compiles one device" in str(e):
                notes.append("compiled n/a (a mesh of several devices: shlo.compile compiles one)")
            else:
                notes.append(f"compiled FAIL {type(e).__name__}: {str(e).splitlines()[0][:200]}")
    if xla and data.get("nr_devices", 1) == 1:   # XLA here has one CPU device
        try:
            sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
            from test_jax_import import run_xla
            import jax
            with jax.enable_x64(True):   # device_put keeps f64 / c128 inputs as they are
                back = run_xla(_refined(shlo.to_stablehlo(shlo.deserialize(shlo.serialize(prog))), args), args)
            bad = check(name, back, want)
            notes.append("xla" + (" MISMATCH " + "; ".join(bad) if bad else " ok"))
        except Exception as e:  # noqa: BLE001
            notes.append(f"xla FAIL {type(e).__name__}: {str(e).splitlines()[0][:200]}")
    failed = any("MISMATCH" in n or "FAIL" in n for n in notes)
    return ("match" if not failed else "mismatch"), ", ".join(notes)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("filters", nargs="*", help="run only corpus modules whose name contains one of these")
    ap.add_argument("--compile", action="store_true", help="also compile each program for the CPU")
    ap.add_argument("--xla", action="store_true", help="also run the one-device programs' to_stablehlo in XLA")
    opts = ap.parse_args(argv)
    counts: dict = {}
    start = time.time()
    for name, data in data_sets(opts.filters):
        t0 = time.time()
        status, detail = run_one(name, data, opts.compile, opts.xla)
        counts[status] = counts.get(status, 0) + 1
        print(f"{status:8} {name} ({data.get('platform')}) {time.time() - t0:.1f}s {detail}", flush=True)
    total = sum(counts.values())
    portable = total - counts.get("device", 0) - counts.get("implementation-defined", 0)
    print(f"\n{total} data sets; {portable} portable (without a device's own kernel or an implementation-defined "
          f"result): {counts.get('match', 0)} import and match, {counts.get('mismatch', 0)} mismatch, "
          f"{counts.get('fail', 0)} fail; {counts.get('device', 0)} call a device's own kernel; "
          f"{counts.get('implementation-defined', 0)} implementation-defined; {time.time() - start:.0f} s")
    return 0 if counts.get("mismatch", 0) + counts.get("fail", 0) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
