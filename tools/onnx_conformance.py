#!/usr/bin/env python
"""ONNX's own conformance cases through `shlo.from_onnx` + `shlo.interpret` (and `shlo.compile`).

    .venv/bin/python tools/onnx_conformance.py                      # all node cases + the simple model cases
    .venv/bin/python tools/onnx_conformance.py --ops Conv,Gemm      # the cases of some op types
    .venv/bin/python tools/onnx_conformance.py --jobs 2 --report onnx-conformance.md --json results.json
    .venv/bin/python tools/onnx_conformance.py --light --no-node --no-model   # the light real models
    .venv/bin/python tools/onnx_conformance.py --compile -k conv    # also compiled; cases named like 'conv'

The cases are generated in-process by onnx (`onnx.backend.test.case.node.collect_testcases`,
1,884 node cases; `...case.model.collect_testcases`, 26 simple models + 9 "real" light models,
whose files ship only in the onnx sdist: tools/fetch_onnx_light_models.sh fetches them).

Each case is classified as
  pass          every output matches (np.testing.assert_allclose with the case's rtol / atol and
                equal_nan for floats, exact for integers and bools; dtype and shape must match;
                the few F64_REFERENCE_CASES against a float64 reference of the same inputs)
  fail          wrong numbers / shapes / dtypes (the max error is shown)
  import-error  shlo.from_onnx raised (the message is shown)
  error         interpret / compile raised, or the case ran past the time limit
  out-of-scope  ops of non-default domains, string tensors, element types shlo lacks, and the
                documented exceptions of OUT_OF_SCOPE_OPS / UNCHECKABLE_OPS / OUT_OF_SCOPE_CASES
                (each with its reason)
The pass rate is over the in-scope cases (every class but out-of-scope).
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import re
import signal
import sys
import time
import traceback
import warnings

import numpy as np

# Element types shlo has no counterpart for (TensorProto.DataType names).
OUT_OF_SCOPE_TYPES = {
    "STRING": "string tensors: shlo tensors hold numbers only",
    "FLOAT4E2M1": "FLOAT4E2M1 has no shlo element type",
    "FLOAT8E8M0": "FLOAT8E8M0 has no shlo element type",
    "UINT2": "2-bit integers have no shlo element type",
    "INT2": "2-bit integers have no shlo element type",
}

# Default-domain ops that are out of scope, with the reason.
OUT_OF_SCOPE_OPS = {
    "ImageDecoder": "decodes JPEG / PNG / BMP / WebP / TIFF files: an image codec, not a tensor computation",
    "StringNormalizer": "string tensors", "StringConcat": "string tensors", "StringSplit": "string tensors",
    "RegexFullMatch": "string tensors",
}

# Ops whose conformance cases cannot be checked (the op itself is in scope for tools/onnx_coverage.py).
UNCHECKABLE_OPS = {
    "Bernoulli": "the expected values are draws of numpy's random generator; no other generator reproduces them",
}

# Single cases that are out of scope, with the reason.
OUT_OF_SCOPE_CASES = {
    **{name: "training-mode Dropout: the expected mask is a draw of numpy's random generator"
       for name in ("test_training_dropout", "test_training_dropout_mask", "test_training_dropout_default",
                    "test_training_dropout_default_mask")},
    **{name: "Gradient (ai.onnx.preview.training) inside a model: training, not inference"
       for name in ("test_gradient_of_add", "test_gradient_of_add_and_mul")},
}

# Cases whose expected values are numpy's complex64 FFT (its f32 rounding noise, 1.9e-7 where the
# exact value is 0, is over the case's atol 1e-7): they are compared with a float64 reference
# computed by numpy from the same inputs, under the case's own rtol / atol. The shipped values
# were checked equal to np.fft.ifft in complex64 of the inputs (see docs/onnx.md).
F64_REFERENCE_CASES = ("test_dft_inverse", "test_dft_inverse_opset19")


def f64_reference(case, inputs):
    """The DFT case's output computed in complex128 (a complex input, no dft_length, not
    onesided, as these cases are), rounded once to the output's f32."""
    node = case.model.graph.node[0]
    attrs = {a.name: a for a in node.attribute}
    assert node.op_type == "DFT" and "dft_length" not in attrs and not (attrs.get("onesided") and attrs["onesided"].i)
    if len(node.input) > 2 and node.input[2]:       # opset 20: the axis is an input
        names = [i.name for i in case.model.graph.input]
        axis = int(np.asarray(inputs[names.index(node.input[2])]))
    else:
        axis = attrs["axis"].i if "axis" in attrs else 1
    x = np.asarray(inputs[0], np.float64)
    z = x[..., 0] + 1j * x[..., 1]
    inverse = "inverse" in attrs and attrs["inverse"].i
    y = np.fft.ifft(z, axis=axis) if inverse else np.fft.fft(z, axis=axis)
    return [np.stack([y.real, y.imag], -1).astype(np.asarray(inputs[0]).dtype)]


STATUSES = ("pass", "fail", "import-error", "error", "out-of-scope")
DEFAULT_LIGHT_DIR = os.path.expanduser(os.environ.get("SHLO_ONNX_LIGHT_DIR", "~/.cache/shlo/onnx-light"))


class CaseTimeout(BaseException):
    """Raised by SIGALRM; a BaseException so that no `except Exception` in the importer swallows it."""


# ------------------------------------------------------------------------------------------- cases

def collect(node=True, model=True, light=False, light_dir=DEFAULT_LIGHT_DIR):
    """[(case, op label)] of the chosen suites."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = []
        if node:
            from onnx.backend.test.case.node import collect_testcases
            cases = collect_testcases("")
            ops_of = {c.name: _op_label(c.model.graph.node[0]) for c in cases if len(c.model.graph.node) == 1}
            for c in cases:
                out.append((c, _node_case_label(c, ops_of)))
        if model or light:
            from onnx.backend.test.case.model import collect_testcases as collect_models
            for c in collect_models():
                if c.kind == "real":
                    if light:
                        out.append((c, "(light model)"))
                elif model:
                    out.append((c, "(model)"))
    return out


def _op_label(node) -> str:
    return node.op_type if node.domain in ("", "ai.onnx") else f"{node.domain}.{node.op_type}"


def _node_case_label(case, ops_of) -> str:
    """The op type a node case tests; '<op> (expanded)' for the function-body variants."""
    nodes = case.model.graph.node
    m = re.match(r"(.*)_expanded(_ver\d+)?$", case.name)
    if m:
        op = ops_of.get(m.group(1))
        if op is None:      # a few expanded names do not strip to their base case's name
            op = next((ops_of[n] for n in sorted(ops_of, key=len, reverse=True) if case.name.startswith(n)), "?")
        return f"{op} (expanded)"
    return _op_label(nodes[0]) if len(nodes) == 1 else "(graph)"


def out_of_scope(case, label) -> str | None:
    """The reason a case is out of scope, or None."""
    if case.name in OUT_OF_SCOPE_CASES:
        return OUT_OF_SCOPE_CASES[case.name]
    base = label.removesuffix(" (expanded)")
    reason = OUT_OF_SCOPE_OPS.get(base) or UNCHECKABLE_OPS.get(base)
    if reason:                  # the expanded variants too (e.g. Bernoulli's RandomUniformLike)
        return f"{base}: {reason}"
    if case.model is None:
        return None         # a light model (loaded later)
    import onnx
    for node, graph in _walk(case.model.graph):
        if node.domain not in ("", "ai.onnx"):
            return f"op of a non-default domain ({node.domain}.{node.op_type})"
        reason = OUT_OF_SCOPE_OPS.get(node.op_type) or UNCHECKABLE_OPS.get(node.op_type)
        if reason:
            return f"{node.op_type}: {reason}"
        for a in node.attribute:
            if a.name == "to" and a.type == onnx.AttributeProto.INT:
                r = _type_reason(a.i)
                if r:
                    return f"{node.op_type} to {r}"
            tensors = [a.t] if a.type == onnx.AttributeProto.TENSOR else list(a.tensors)
            for t in tensors:
                r = _type_reason(t.data_type)
                if r:
                    return r
    for graph in _graphs(case.model.graph):
        for t in graph.initializer:
            r = _type_reason(t.data_type)
            if r:
                return r
        for vi in list(graph.input) + list(graph.output) + list(graph.value_info):
            r = _value_type_reason(vi.type)
            if r:
                return r
    return None


def _type_reason(data_type: int) -> str | None:
    import onnx
    try:
        name = onnx.TensorProto.DataType.Name(data_type)
    except ValueError:
        return f"unknown element type {data_type}"
    return OUT_OF_SCOPE_TYPES.get(name)


def _value_type_reason(tp) -> str | None:
    kind = tp.WhichOneof("value")
    if kind == "tensor_type":
        return _type_reason(tp.tensor_type.elem_type)
    if kind == "sequence_type":
        return _value_type_reason(tp.sequence_type.elem_type)
    if kind == "optional_type":
        return _value_type_reason(tp.optional_type.elem_type)
    if kind == "map_type":
        return "map values (ai.onnx.ml)"
    return None


def _graphs(graph):
    yield graph
    for node in graph.node:
        for a in node.attribute:
            for g in ([a.g] if a.HasField("g") else []) + list(a.graphs):
                yield from _graphs(g)


def _walk(graph):
    for g in _graphs(graph):
        for node in g.node:
            yield node, g


# ------------------------------------------------------------------------------------------ running

def run_case(case, label, compile_too=False, time_limit=60, light_dir=DEFAULT_LIGHT_DIR) -> dict:
    """One case's result: {name, op, status, detail, max_error, seconds}; never raises."""
    t0 = time.perf_counter()
    result = {"name": case.name, "op": label, "status": "pass", "detail": "", "max_error": None}
    reason = out_of_scope(case, label)
    if reason:
        result.update(status="out-of-scope", detail=reason)
        return _timed(result, t0)
    old = signal.signal(signal.SIGALRM, _alarm) if time_limit else None
    if time_limit:
        signal.alarm(int(time_limit))
    try:
        _run(case, result, compile_too, light_dir)
    except CaseTimeout:
        result.update(status="error", detail=f"ran past the time limit ({time_limit} s)")
    except Exception as e:  # noqa: BLE001 - one case never stops the run
        result.update(status="error", detail=f"{type(e).__name__}: {_short(str(e))}")
    finally:
        if time_limit:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, old)
    return _timed(result, t0)


def _alarm(signum, frame):
    raise CaseTimeout()


def _timed(result, t0):
    result["seconds"] = round(time.perf_counter() - t0, 3)
    return result


def _run(case, result, compile_too, light_dir):
    import shlo
    model, data_sets = case.model, case.data_sets
    if case.kind == "real":
        model, data_sets = load_light(case, light_dir)
        if model is None:
            result.update(status="error", detail=data_sets)
            return
    structure = input_structure(model, data_sets[0][0]) if data_sets else {}
    try:
        prog = shlo.from_onnx(model, input_structure=structure or None)
    except CaseTimeout:
        raise
    except BaseException as e:  # noqa: BLE001 - ImporterError, or a bug of the importer
        kind = "" if isinstance(e, shlo.ImportError) else f"{type(e).__name__}: "
        result.update(status="import-error", detail=kind + _short(str(e)))
        return
    runners = [("interpret", lambda *xs: shlo.interpret(prog, *xs))]
    if compile_too:
        try:
            compiled = shlo.compile(prog)
        except Exception as e:  # noqa: BLE001
            result.update(status="error", detail=f"compile: {type(e).__name__}: {_short(str(e))}")
            return
        runners.append(("compiled", compiled))
    for how, run in runners:
        for inputs, expected in data_sets:
            try:
                if structure:           # sequences as lists, optionals as None or their value
                    if input_structure(model, inputs) != structure:
                        raise ValueError("the data sets' sequence lengths / optionals differ")
                    got = run(*prog.flatten_inputs(*[_nested_array(a) for a in inputs]))
                else:
                    got = run(*[_array(a) for a in inputs])
            except Exception as e:  # noqa: BLE001
                result.update(status="error", detail=f"{how}: {type(e).__name__}: {_short(str(e))}")
                return
            got = prog.unflatten_outputs(got)       # sequence outputs regrouped as lists
            if case.name in F64_REFERENCE_CASES:
                expected = f64_reference(case, [_array(a) for a in inputs])
                result["detail"] = "compared with a float64 reference (F64_REFERENCE_CASES)"
            problem, err = compare(got, [_array(a) for a in expected], case.rtol, case.atol)
            if problem:
                result.update(status="fail", detail=f"{how}: {problem}", max_error=err)
                return


def input_structure(model, inputs) -> dict:
    """from_onnx's input_structure for a model's sequence / optional inputs, read off one data
    set (a list per sequence, None for an empty optional)."""
    out = {}
    for vi, a in zip(model.graph.input, inputs):
        kind = vi.type.WhichOneof("value")
        if kind == "sequence_type":         # the tensors' shapes where the model gives no rank
            elem = vi.type.sequence_type.elem_type
            ranked = elem.WhichOneof("value") == "tensor_type" and elem.tensor_type.HasField("shape")
            out[vi.name] = len(a) if ranked else [tuple(np.shape(_array(x))) for x in a]
        elif kind == "optional_type":
            inner = vi.type.optional_type.elem_type.WhichOneof("value")
            out[vi.name] = None if a is None else len(a) if inner == "sequence_type" else True
    return out


def _nested_array(a):
    if a is None:
        return None
    if isinstance(a, list):
        return [_array(x) for x in a]
    return _array(a)


def load_light(case, light_dir):
    """(model, data sets) of a light model from the cache, with the input onnx's own runner uses
    (arange / n in the input's shape); (None, message) when the files are missing."""
    import onnx
    from onnx import numpy_helper
    path = os.path.join(light_dir, f"light_{case.model_name}.onnx")
    if not os.path.exists(path):
        return None, f"{path} missing: run tools/fetch_onnx_light_models.sh"
    model = onnx.load(path)
    inits = {t.name for t in model.graph.initializer}
    inputs = []
    for vi in model.graph.input:
        if vi.name in inits:
            continue
        shape = tuple(d.dim_value if d.HasField("dim_value") else 1 for d in vi.type.tensor_type.shape.dim)
        n = int(np.prod(shape))
        inputs.append((np.arange(n).reshape(shape) / n).astype(np.float32))
    outputs = []
    for i in range(len(model.graph.output)):
        t = onnx.TensorProto()
        with open(os.path.join(light_dir, f"light_{case.model_name}_output_{i}.pb"), "rb") as f:
            t.ParseFromString(f.read())
        outputs.append(numpy_helper.to_array(t))
    return model, [(inputs, outputs)]


def _array(a):
    """Data-set values: TensorProtos (types numpy lacks) as arrays; sequences as lists."""
    import onnx
    from onnx import numpy_helper
    if isinstance(a, onnx.TensorProto):
        return numpy_helper.to_array(a)
    if isinstance(a, list):
        return [_array(x) for x in a]
    return a


def compare(got, expected, rtol, atol):
    """(None, None) when the outputs match, else (what is wrong, max abs error or None)."""
    got = list(got) if isinstance(got, (list, tuple)) else [got]
    if len(got) != len(expected):
        return f"{len(got)} outputs, expected {len(expected)}", None
    for k, (g, w) in enumerate(zip(got, expected)):
        problem, err = _compare_one(g, w, rtol, atol)
        if problem:
            return f"output {k}: {problem}", err
    return None, None


def _compare_one(g, w, rtol, atol):
    if isinstance(w, list) or w is None:
        if w is None:
            return (None, None) if g is None else ("expected an empty optional", None)
        if not isinstance(g, (list, tuple)) or len(g) != len(w):
            return f"expected a sequence of {len(w)} tensors", None
        for x, y in zip(g, w):
            p, e = _compare_one(x, y, rtol, atol)
            if p:
                return p, e
        return None, None
    g, w = np.asarray(g), np.asarray(w)
    if g.dtype != w.dtype:
        return f"dtype {g.dtype}, expected {w.dtype}", None
    if g.shape != w.shape:
        return f"shape {g.shape}, expected {w.shape}", None
    if _is_float(w.dtype):
        gw, ww = g.astype(np.complex128 if w.dtype.kind == "c" else np.float64), \
            w.astype(np.complex128 if w.dtype.kind == "c" else np.float64)
        try:
            np.testing.assert_allclose(gw, ww, rtol=rtol, atol=atol, equal_nan=True)
        except AssertionError:
            finite = np.isfinite(gw) & np.isfinite(ww)
            nan_mismatch = int(np.sum(np.isnan(gw) != np.isnan(ww)) + np.sum(np.isinf(gw) != np.isinf(ww)))
            err = float(np.max(np.abs(gw - ww)[finite])) if finite.any() else float("nan")
            bad = ~np.isclose(gw, ww, rtol=rtol, atol=atol, equal_nan=True)
            note = f", {nan_mismatch} nan/inf mismatches" if nan_mismatch else ""
            return (f"{int(bad.sum())}/{w.size} elements differ, max abs error {err:.3g} "
                    f"(rtol {rtol:g}, atol {atol:g}){note}"), err
        return None, None
    if not np.array_equal(g, w):
        bad = g != w
        err = None
        if w.dtype.kind in "iu":
            err = float(np.max(np.abs(g.astype(np.float64) - w.astype(np.float64))))
        return f"{int(bad.sum())}/{w.size} elements differ (exact compare)" + \
            (f", max abs error {err:g}" if err is not None else ""), err
    return None, None


def _is_float(dtype) -> bool:
    return dtype.kind in "fc" or "float" in dtype.name


def _short(s: str, n: int = 400) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[:n] + " ..."


# --------------------------------------------------------------------------------------------- pool

_WORK = {}


def _init_worker(cases, compile_too, time_limit, light_dir):
    _WORK.update(cases=cases, compile_too=compile_too, time_limit=time_limit, light_dir=light_dir)
    warnings.simplefilter("ignore")


def _work(index):
    case, label = _WORK["cases"][index]
    return index, run_case(case, label, _WORK["compile_too"], _WORK["time_limit"], _WORK["light_dir"])


def run_all(cases, jobs=1, compile_too=False, time_limit=60, light_dir=DEFAULT_LIGHT_DIR, progress=None):
    """Results in case order. With jobs > 1 a forked pool shares the collected cases; a worker
    that crashes or hangs past the time limit leaves its case marked as an error."""
    results = [None] * len(cases)
    if jobs <= 1:
        for i, (case, label) in enumerate(cases):
            results[i] = run_case(case, label, compile_too, time_limit, light_dir)
            if progress:
                progress(results[i])
        return results
    import multiprocessing as mp
    ctx = mp.get_context("fork")        # the children inherit the cases: nothing large is pickled
    pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(cases, compile_too, time_limit, light_dir),
                    maxtasksperchild=200)
    try:
        it = pool.imap_unordered(_work, range(len(cases)), chunksize=1)
        for _ in range(len(cases)):
            try:
                i, r = it.next(timeout=(time_limit or 600) * 2 + 60)
            except mp.TimeoutError:
                break
            results[i] = r
            if progress:
                progress(r)
    finally:
        pool.terminate()
    for i, (case, label) in enumerate(cases):
        if results[i] is None:      # a lost result: once more, alone in a fresh process
            results[i] = _run_alone(ctx, cases, i, compile_too, time_limit, light_dir)
            if progress:
                progress(results[i])
    return results


def _run_alone(ctx, cases, i, compile_too, time_limit, light_dir):
    pool = ctx.Pool(1, initializer=_init_worker, initargs=(cases, compile_too, time_limit, light_dir))
    try:
        return pool.apply_async(_work, (i,)).get(timeout=(time_limit or 600) * 2 + 60)[1]
    except Exception as e:  # noqa: BLE001 - a crash or a hang, twice
        case, label = cases[i]
        return {"name": case.name, "op": label, "status": "error", "max_error": None, "seconds": None,
                "detail": f"the worker crashed or hung twice (no result: {type(e).__name__})"}
    finally:
        pool.terminate()


# ------------------------------------------------------------------------------------------ reports

def summarize(results) -> dict:
    by_op = collections.OrderedDict()
    for r in sorted(results, key=lambda r: r["op"].lower()):
        d = by_op.setdefault(r["op"], collections.Counter())
        d[r["status"]] += 1
    counts = collections.Counter(r["status"] for r in results)
    in_scope = sum(n for s, n in counts.items() if s != "out-of-scope")
    return {"cases": len(results), "counts": dict(counts), "in_scope": in_scope,
            "pass_rate": counts["pass"] / in_scope if in_scope else None,
            "by_op": {op: dict(c) for op, c in by_op.items()}}


def top_failing(summary, n=15):
    rows = [(sum(v for s, v in c.items() if s not in ("pass", "out-of-scope")), op) for op, c in summary["by_op"].items()]
    return [(op, k) for k, op in sorted(rows, key=lambda x: (-x[0], x[1])) if k][:n]


def print_summary(summary, out=sys.stdout):
    w = max([len(op) for op in summary["by_op"]] + [8])
    print(f"{'op type':<{w}}  pass / in-scope   (fail, import-error, error, out-of-scope)", file=out)
    for op, c in summary["by_op"].items():
        scope = sum(v for s, v in c.items() if s != "out-of-scope")
        print(f"{op:<{w}}  {c.get('pass', 0):4d} / {scope:<4d}      ({c.get('fail', 0)}, {c.get('import-error', 0)}, "
              f"{c.get('error', 0)}, {c.get('out-of-scope', 0)})", file=out)
    c = summary["counts"]
    rate = summary["pass_rate"]
    print(f"\n{summary['cases']} cases: " + ", ".join(f"{s} {c.get(s, 0)}" for s in STATUSES), file=out)
    if rate is not None:
        print(f"pass rate over in-scope cases: {c.get('pass', 0)}/{summary['in_scope']} = {100 * rate:.1f}%", file=out)
    top = top_failing(summary)
    if top:
        print("top failing op types: " + ", ".join(f"{op} ({k})" for op, k in top), file=out)


def write_report(path, results, summary, argv):
    c = summary["counts"]
    lines = ["# ONNX conformance of shlo.from_onnx", "",
             f"`tools/onnx_conformance.py {' '.join(argv)}`", ""]
    if summary["pass_rate"] is not None:
        lines.append(f"**{c.get('pass', 0)} / {summary['in_scope']} in-scope cases pass "
                     f"({100 * summary['pass_rate']:.1f}%)**; {summary['cases']} cases in all: "
                     + ", ".join(f"{s} {c.get(s, 0)}" for s in STATUSES) + ".")
    lines += ["", "## Per op type", "", "| op type | pass | in scope | fail | import-error | error | out of scope |",
              "|---|---|---|---|---|---|---|"]
    for op, d in summary["by_op"].items():
        scope = sum(v for s, v in d.items() if s != "out-of-scope")
        lines.append(f"| {op} | {d.get('pass', 0)} | {scope} | {d.get('fail', 0)} | {d.get('import-error', 0)} | "
                     f"{d.get('error', 0)} | {d.get('out-of-scope', 0)} |")
    failing = [r for r in results if r["status"] not in ("pass", "out-of-scope")]
    lines += ["", f"## Failing cases ({len(failing)})", ""]
    for r in sorted(failing, key=lambda r: (r["op"], r["name"])):
        lines.append(f"- `{r['name']}` ({r['op']}, {r['status']}): {_md(r['detail'])}")
    oos = collections.defaultdict(list)
    for r in results:
        if r["status"] == "out-of-scope":
            oos[r["detail"]].append(r["name"])
    lines += ["", f"## Out of scope ({sum(len(v) for v in oos.values())})", ""]
    for reason, names in sorted(oos.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"- {_md(reason)} ({len(names)}): " + ", ".join(f"`{n}`" for n in sorted(names)))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def _md(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


# --------------------------------------------------------------------------------------------- main

def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ops", help="only these op types (comma separated; 'Conv' also selects 'Conv (expanded)')")
    p.add_argument("-k", dest="pattern", help="only cases whose name matches this regular expression")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--compile", action="store_true", help="also compile each case and compare its outputs")
    p.add_argument("--time-limit", type=int, default=60, help="seconds per case (0: none)")
    p.add_argument("--no-node", action="store_true", help="leave out the node cases")
    p.add_argument("--no-model", action="store_true", help="leave out the simple model cases")
    p.add_argument("--light", action="store_true", help="also run the light real models (tools/fetch_onnx_light_models.sh)")
    p.add_argument("--light-dir", default=DEFAULT_LIGHT_DIR)
    p.add_argument("--report", help="write a markdown report (every failing case with its error) here")
    p.add_argument("--json", help="write the results as JSON here ('-' for stdout)")
    p.add_argument("-v", "--verbose", action="store_true", help="print each case's result as it comes")
    args = p.parse_args(argv)

    cases = collect(node=not args.no_node, model=not args.no_model, light=args.light, light_dir=args.light_dir)
    if args.ops:
        wanted = {o.strip() for o in args.ops.split(",") if o.strip()}
        cases = [(c, op) for c, op in cases if op.removesuffix(" (expanded)") in wanted]
    if args.pattern:
        rx = re.compile(args.pattern)
        cases = [(c, op) for c, op in cases if rx.search(c.name)]
    if not cases:
        print("no cases selected", file=sys.stderr)
        return 2

    def progress(r):
        if args.verbose:
            detail = f": {r['detail']}" if r["detail"] else ""
            print(f"{r['status']:<12} {r['name']} [{r['op']}]{detail}", flush=True)

    t0 = time.perf_counter()
    results = run_all(cases, jobs=args.jobs, compile_too=args.compile, time_limit=args.time_limit,
                      light_dir=args.light_dir, progress=progress)
    summary = summarize(results)
    summary["seconds"] = round(time.perf_counter() - t0, 1)
    out = sys.stderr if args.json == "-" else sys.stdout
    print_summary(summary, out=out)
    print(f"({summary['seconds']} s)", file=out)
    if args.report:
        write_report(args.report, results, summary, argv)
        print(f"report: {args.report}", file=out)
    if args.json:
        data = json.dumps({"summary": summary, "results": results}, indent=1)
        if args.json == "-":
            print(data)
        else:
            with open(args.json, "w") as f:
                f.write(data)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        traceback.print_exc()
        sys.exit(130)
