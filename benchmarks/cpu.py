#!/usr/bin/env python3
"""CPU speed of shlo.compile against its peers, side by side in one process.

    .venv/bin/python benchmarks/cpu.py [--quick] [--runs N] [--programs mlp,decoder,resnet,matmul] [--json PATH]

Programs (f32, fixed random weights from a seeded numpy RNG), each defined once
as a JAX function; every system runs that function's program:

  mlp      4-layer MLP, batch 64, width 1024, relu between layers (x @ W + b)
  decoder  transformer decoder block, batch 1: sequence 256, width 512, 8 heads,
           causal mask, layer norms, GELU (erf) MLP of width 2048, residuals
  resnet   ResNet-style block: batch 8, 56x56x64 NHWC, two 3x3 convolutions
           (SAME, 64->64, HWIO), batch norm folded to per-channel scale and
           shift, relu, residual add
  matmul   1024x1024 @ 1024x1024

Systems (weights are run-time arguments for all of them):

  ours         shlo.compile(shlo.from_jax(fn, *args))
  XLA          jax.jit(fn), inputs already on the device, block_until_ready
  onnxruntime  the same program written with onnx.helper (opset 20), CPU
               execution provider, default threads; ONNX convolutions are
               NCHW/OIHW, so the resnet graph transposes in and out
  IREE         iree.compiler.compile_str on shlo.to_stablehlo(prog) (llvm-cpu,
               host CPU), run with iree.runtime's local-task driver. IREE's
               compiler bindings bring their own MLIR, which cannot be loaded in
               a process that has shlo's: compile_str runs in a child Python
               (its own time is measured there, without the child's start-up);
               the compiled module runs in this process
  interpreter  shlo.interpret, once (--quick) or three times: it is slow

Every output is first checked against XLA's (allclose, rtol 1e-3, atol 1e-3
times the largest magnitude of the result); a mismatch is printed loudly.
Then, after a warm-up, the systems run interleaved (round-robin, the starting
system rotating per repetition, a short pause between calls so that one
system's spinning worker threads do not slow the next): the wall time of one
call with its inputs in memory. Medians are printed with min and max (the
machine is shared and noisy), and ratios ours / peer: below 1, shlo is faster.
Compile times: ours is shlo.compile on a program not compiled before in the
process (no disk cache); XLA jit(fn).lower(*args).compile(), which includes JAX's
tracing and lowering (ours starts from the imported program: the repeated fresh
compiles also print XLA's compile of its lowered module alone, and the ratio
against it, the like-for-like one); IREE compile_str;
onnxruntime InferenceSession creation. Ours and XLA are then compiled again,
--compile-runs times each, interleaved (the first of the two alternating), with
every cache off: shlo's memory cache holds no entries here
(SHLO_COMPILE_CACHE_ENTRIES=0, no cache_dir) and JAX's caches are cleared before
each XLA compile (its tracing, lowering and executable caches would hand back the
first compile). Medians are printed, ours per stage (lower, prepare, schedule,
share, to_llvm, jit), and the ratio of the medians ours / XLA. A system that cannot
compile or run a program is reported ("not compiled (reason)") and the others go
on.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

os.environ.setdefault("SHLO_COMPILE_CACHE_ENTRIES", "0")     # before shlo reads it: fresh compiles only
import shlo  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from programs import DECODER, decoder_block, weights  # noqa: E402
from timing import SETTLE_S, time_interleaved  # noqa: E402

SEED = 0
RTOL = ATOL = 1e-3
ONNX_OPSET = 20      # LayerNormalization (17), Split num_outputs (18), Gelu (20)
SYSTEMS = ("ours", "XLA", "onnxruntime", "IREE")
STAGES = ("lower", "prepare", "schedule", "share", "to_llvm", "jit")     # shlo.compile's timings


_weights = weights


# ----------------------------------------------------------------------------- the programs (JAX)

def mlp(rng):
    import jax
    layers = 4
    args = [_weights(rng, 64, 1024, scale=1.0)]
    for _ in range(layers):
        args += [_weights(rng, 1024, 1024), _weights(rng, 1024, scale=0.1)]

    def fn(x, *params):
        for i in range(layers):
            x = x @ params[2 * i] + params[2 * i + 1]
            if i < layers - 1:
                x = jax.nn.relu(x)
        return x
    return fn, args, lambda: onnx_mlp(layers)


def decoder(rng):
    fn, args, mask = decoder_block(rng)
    return fn, args, lambda: onnx_decoder(mask)


def resnet(rng):
    import jax
    args = [_weights(rng, 8, 56, 56, 64, scale=1.0)]
    for _ in range(2):
        args += [_weights(rng, 3, 3, 64, 64, scale=0.05), 1 + _weights(rng, 64, scale=0.5), _weights(rng, 64, scale=0.1)]

    def conv(x, k):
        return jax.lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))

    def fn(x, k1, s1, t1, k2, s2, t2):
        y = jax.nn.relu(conv(x, k1) * s1 + t1)
        return jax.nn.relu(x + conv(y, k2) * s2 + t2)
    return fn, args, onnx_resnet


def matmul(rng):
    def fn(a, b):
        return a @ b
    return fn, [_weights(rng, 1024, 1024, scale=1.0), _weights(rng, 1024, 1024)], onnx_matmul


PROGRAMS = {"mlp": mlp, "decoder": decoder, "resnet": resnet, "matmul": matmul}


# ----------------------------------------------------------------------------- the same programs in ONNX

def _node(op, inputs, outputs, **attrs):
    from onnx import helper
    return helper.make_node(op, inputs, outputs, **attrs)


def _const(name, value):
    from onnx import numpy_helper
    return _node("Constant", [], [name], value=numpy_helper.from_array(np.asarray(value), name))


def _model(nodes, inputs, output, output_shape):
    """An ONNX model whose inputs are f32 tensors named and shaped as `inputs` (the JAX arguments)."""
    import onnx
    from onnx import TensorProto, helper
    graph = helper.make_graph(nodes, "bench",
                              [helper.make_tensor_value_info(n, TensorProto.FLOAT, s) for n, s in inputs],
                              [helper.make_tensor_value_info(output, TensorProto.FLOAT, output_shape)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", ONNX_OPSET)])
    onnx.checker.check_model(model)
    return model


def onnx_mlp(layers):
    nodes, inputs, prev = [], [("x", [64, 1024])], "x"
    for i in range(layers):
        inputs += [(f"w{i}", [1024, 1024]), (f"b{i}", [1024])]
        nodes.append(_node("Gemm", [prev, f"w{i}", f"b{i}"], [f"h{i}"]))
        prev = f"h{i}"
        if i < layers - 1:
            nodes.append(_node("Relu", [prev], [f"r{i}"]))
            prev = f"r{i}"
    return _model(nodes, inputs, prev, [64, 1024])


def onnx_decoder(mask):
    seq, width, heads, hidden = (DECODER[k] for k in ("seq", "width", "heads", "hidden"))
    head = width // heads
    nodes = [_const("heads_shape", np.array([seq, heads, head], np.int64)),
             _const("flat_shape", np.array([seq, width], np.int64)),
             _const("scale", np.array(1 / np.sqrt(head), np.float32)),
             _const("mask_add", np.where(mask, 0.0, -1e9).astype(np.float32)),
             _node("LayerNormalization", ["x", "g1", "b1"], ["n1"], axis=-1, epsilon=1e-5),
             _node("MatMul", ["n1", "w_qkv"], ["qkv"]),
             _node("Split", ["qkv"], ["q0", "k0", "v0"], axis=-1, num_outputs=3)]
    for t in "qkv":
        nodes += [_node("Reshape", [f"{t}0", "heads_shape"], [f"{t}1"]),
                  _node("Transpose", [f"{t}1"], [t], perm=[1, 0, 2])]
    nodes += [_node("Transpose", ["k"], ["kt"], perm=[0, 2, 1]), _node("MatMul", ["q", "kt"], ["s0"]),
              _node("Mul", ["s0", "scale"], ["s1"]), _node("Add", ["s1", "mask_add"], ["s2"]),
              _node("Softmax", ["s2"], ["p"], axis=-1), _node("MatMul", ["p", "v"], ["a0"]),
              _node("Transpose", ["a0"], ["a1"], perm=[1, 0, 2]), _node("Reshape", ["a1", "flat_shape"], ["a2"]),
              _node("MatMul", ["a2", "w_out"], ["a3"]), _node("Add", ["x", "a3"], ["x2"]),
              _node("LayerNormalization", ["x2", "g2", "b2"], ["n2"], axis=-1, epsilon=1e-5),
              _node("MatMul", ["n2", "w_up"], ["u0"]), _node("Gelu", ["u0"], ["u1"]),
              _node("MatMul", ["u1", "w_down"], ["u2"]), _node("Add", ["x2", "u2"], ["y"])]
    inputs = [("x", [seq, width]), ("w_qkv", [width, 3 * width]), ("w_out", [width, width]),
              ("w_up", [width, hidden]), ("w_down", [hidden, width])] + \
        [(n, [width]) for n in ("g1", "b1", "g2", "b2")]
    return _model(nodes, inputs, "y", [seq, width])


def onnx_resnet():
    nodes = [_const("channel_axes", np.array([1, 2], np.int64)),
             _node("Transpose", ["x"], ["xc"], perm=[0, 3, 1, 2])]            # NHWC -> NCHW
    prev = "xc"
    for i in (1, 2):
        nodes += [_node("Transpose", [f"k{i}"], [f"ko{i}"], perm=[3, 2, 0, 1]),  # HWIO -> OIHW
                  _node("Unsqueeze", [f"s{i}", "channel_axes"], [f"sc{i}"]),     # (64,) -> (64, 1, 1)
                  _node("Unsqueeze", [f"t{i}", "channel_axes"], [f"tc{i}"]),
                  _node("Conv", [prev, f"ko{i}"], [f"c{i}"], pads=[1, 1, 1, 1]),
                  _node("Mul", [f"c{i}", f"sc{i}"], [f"m{i}"]), _node("Add", [f"m{i}", f"tc{i}"], [f"a{i}"])]
        prev = f"a{i}"
        if i == 1:
            nodes.append(_node("Relu", [prev], ["r1"]))
            prev = "r1"
    nodes += [_node("Add", ["xc", prev], ["sum"]), _node("Relu", ["sum"], ["yc"]),
              _node("Transpose", ["yc"], ["y"], perm=[0, 2, 3, 1])]             # NCHW -> NHWC
    inputs = [("x", [8, 56, 56, 64])] + \
        [item for i in (1, 2) for item in ((f"k{i}", [3, 3, 64, 64]), (f"s{i}", [64]), (f"t{i}", [64]))]
    return _model(nodes, inputs, "y", [8, 56, 56, 64])


def onnx_matmul():
    return _model([_node("MatMul", ["a", "b"], ["y"])], [("a", [1024, 1024]), ("b", [1024, 1024])], "y", [1024, 1024])


# ----------------------------------------------------------------------------- the systems
# Each builder returns (call, compile seconds): call() runs the program once on inputs already in memory.

def build_ours(prog, args):
    t0 = time.perf_counter()
    compiled = shlo.compile(prog)
    seconds = time.perf_counter() - t0
    if compiled.timings.get("cached"):
        print(f"  note: ours was found in shlo's {compiled.timings['cached']} cache; its compile time is not fresh")
    return (lambda: compiled(*args)[0]), seconds


def build_xla(fn, args):
    import jax
    t0 = time.perf_counter()
    exe = jax.jit(fn).lower(*args).compile()
    seconds = time.perf_counter() - t0
    on_device = [jax.device_put(a) for a in args]
    return (lambda: exe(*on_device).block_until_ready()), seconds


def build_onnxruntime(make_model, args):
    import onnxruntime
    serialized = make_model().SerializeToString()
    t0 = time.perf_counter()
    session = onnxruntime.InferenceSession(serialized, providers=["CPUExecutionProvider"])
    seconds = time.perf_counter() - t0
    feed = {i.name: a for i, a in zip(session.get_inputs(), args)}
    return (lambda: session.run(None, feed)[0]), seconds


IREE_CHILD = """
import sys, time
import iree.compiler
text = open(sys.argv[1]).read()
t0 = time.perf_counter()
try:
    blob = iree.compiler.compile_str(text, target_backends=["llvm-cpu"], input_type="stablehlo",
                                     extra_args=["--iree-llvmcpu-target-cpu=host"])
except Exception as e:
    lines = [l.strip() for l in str(e).splitlines() if l.strip()]
    sys.exit(next((l for l in lines if "error:" in l), lines[0] if lines else type(e).__name__))
seconds = time.perf_counter() - t0
open(sys.argv[2], "wb").write(blob)
print(seconds)
"""


def build_iree(prog, args):
    import iree.runtime
    with tempfile.TemporaryDirectory() as tmp:
        source, target = os.path.join(tmp, "program.mlir"), os.path.join(tmp, "program.vmfb")
        with open(source, "w") as f:
            f.write(shlo.to_stablehlo(prog))
        child = subprocess.run([sys.executable, "-c", IREE_CHILD, source, target], capture_output=True, text=True)
        if child.returncode != 0:
            raise RuntimeError(child.stderr.strip().splitlines()[-1] if child.stderr.strip() else "iree-compile failed")
        seconds = float(child.stdout.split()[-1])
        with open(target, "rb") as f:
            module = iree.runtime.load_vm_flatbuffer(f.read(), driver="local-task")
    device = iree.runtime.get_driver("local-task").create_default_device()
    on_device = [iree.runtime.asdevicearray(device, a) for a in args]
    return (lambda: module.main(*on_device)), seconds


def as_numpy(value):
    if hasattr(value, "to_host"):        # an IREE device array
        return value.to_host()
    return np.asarray(value)


def first_line(error: BaseException) -> str:
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[0][:240] if lines else type(error).__name__


def mismatch(got, want) -> str | None:
    """None if `got` agrees with XLA's `want`, else what differs."""
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    if got.shape != want.shape:
        return f"shape {got.shape}, XLA's is {want.shape}"
    atol = ATOL * max(1.0, float(np.abs(want).max()))
    if np.allclose(got, want, rtol=RTOL, atol=atol):
        return None
    err = np.abs(got - want)
    return (f"max abs error {err.max():.3g} (XLA's largest magnitude {np.abs(want).max():.3g}), "
            f"{int((err > atol + RTOL * np.abs(want)).sum())} of {want.size} elements out of tolerance")


# ----------------------------------------------------------------------------- one program

def setup(name):
    """The program's systems as {name: call}, compile seconds, failures, the shlo program, the arguments and
    the JAX function."""
    fn, args, make_onnx = PROGRAMS[name](np.random.default_rng(SEED))
    calls, compile_s, failed = {}, {}, {}

    def build(system, builder):
        try:
            calls[system], compile_s[system] = builder()
        except Exception as e:  # noqa: BLE001 - a system that cannot compile this program is reported
            failed[system] = f"not compiled ({first_line(e)})"
    build("XLA", lambda: build_xla(fn, args))  # first: JAX's tracing caches must not favour it
    prog = None
    try:
        prog = shlo.from_jax(fn, *args)
    except Exception as e:  # noqa: BLE001 - reported, the peers go on
        failed["ours"] = failed["IREE"] = f"not compiled (from_jax: {first_line(e)})"
    if prog is not None:
        build("ours", lambda: build_ours(prog, args))
    build("onnxruntime", lambda: build_onnxruntime(make_onnx, args))
    if prog is not None:
        build("IREE", lambda: build_iree(prog, args))
    calls = {s: calls[s] for s in SYSTEMS if s in calls}  # report order
    return calls, compile_s, failed, prog, args, fn


def check(calls, failed) -> dict:
    """Each system's disagreement with XLA (None: agrees); a system that fails to run is moved to `failed`."""
    want = as_numpy(calls["XLA"]())
    differences = {}
    for system in list(calls):
        try:
            differences[system] = mismatch(as_numpy(calls[system]()), want)
        except Exception as e:  # noqa: BLE001
            failed[system] = f"failed to run ({first_line(e)})"
            del calls[system]
            continue
        if differences[system]:
            print(f"  !!! MISMATCH: {system}'s output differs from XLA's: {differences[system]}")
    return differences


def time_interpreter(prog, args, runs: int, want) -> dict:
    times, out = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        out = shlo.interpret(prog, *args)[0]
        times.append(time.perf_counter() - t0)
    difference = mismatch(out, want)
    if difference:
        print(f"  !!! MISMATCH: the interpreter's output differs from XLA's: {difference}")
    return {"times_s": times, "mismatch": difference}


def _matmul_kernel() -> str:
    """Which kernel compiled products call (lowering/products.py's SHLO_MATMUL)."""
    from shlo import _shlo_jit
    from shlo.lowering import products
    mode = products.mode()
    return {"kernel": f"matmul / convolution kernels ({_shlo_jit.gemm_isa()})",
            "blas": "OpenBLAS (products) / convolution kernel",
            "generated": "kernels (none: SHLO_MATMUL=generated)"}[mode]


def time_compiles(fn, args, prog, runs: int) -> dict | None:
    """Fresh compiles of ours and XLA's, interleaved, every cache off (see the module docstring)."""
    import jax
    if runs <= 0 or prog is None:
        return None
    times, stages, product_calls = {"ours": [], "XLA": [], "XLA compile": []}, {k: [] for k in STAGES}, 0
    for rep in range(runs):
        for system in ("ours", "XLA") if rep % 2 == 0 else ("XLA", "ours"):
            time.sleep(SETTLE_S)
            if system == "ours":
                t0 = time.perf_counter()
                compiled = shlo.compile(prog)
                times["ours"].append(time.perf_counter() - t0)
                if compiled.timings.get("cached"):
                    print(f"  note: ours was found in shlo's {compiled.timings['cached']} cache")
                for k in STAGES:
                    stages[k].append(compiled.timings.get(k, 0.0))
                product_calls = compiled.timings.get("product_calls", 0)
            else:
                jax.clear_caches()
                t0 = time.perf_counter()
                lowered = jax.jit(fn).lower(*args)
                t1 = time.perf_counter()
                lowered.compile()
                t2 = time.perf_counter()
                times["XLA"].append(t2 - t0)
                times["XLA compile"].append(t2 - t1)
    ours, xla = statistics.median(times["ours"]), statistics.median(times["XLA"])
    alone = statistics.median(times["XLA compile"])
    return {"runs": runs, "ours_s": times["ours"], "xla_s": times["XLA"], "xla_compile_s": times["XLA compile"],
            "ours_median_s": ours, "xla_median_s": xla, "xla_compile_median_s": alone, "ratio": ours / xla,
            "ratio_compile_alone": ours / alone,
            "stages_median_s": {k: statistics.median(v) for k, v in stages.items()}, "product_calls": product_calls}


def bench(name: str, runs: int, interpreter_runs: int, compile_runs: int = 0) -> dict:
    print(f"\n== {name}  (compiling, checking against XLA, timing ...)", flush=True)
    calls, compile_s, failed, prog, args, fn = setup(name)
    if "XLA" not in calls:
        return {"program": name, "runs": runs, "failed": failed, "systems": {}, "interpreter": None, "compile": None}
    differences = check(calls, failed)
    times = time_interleaved(calls, runs)
    interpreter = None
    if prog is not None and interpreter_runs:
        try:
            interpreter = time_interpreter(prog, args, interpreter_runs, as_numpy(calls["XLA"]()))
        except Exception as e:  # noqa: BLE001
            failed["interpreter"] = f"failed ({first_line(e)})"
    systems = {s: {"median_s": statistics.median(t), "min_s": min(t), "max_s": max(t), "runs": len(t),
                   "compile_s": compile_s[s], "mismatch": differences.get(s)} for s, t in times.items()}
    compiles = time_compiles(fn, args, prog, compile_runs) if "ours" in calls else None
    return {"program": name, "runs": runs, "systems": systems, "failed": failed, "interpreter": interpreter,
            "compile": compiles}


# ----------------------------------------------------------------------------- report

def ratios(result: dict) -> dict:
    """ours / peer, for run and compile time (below 1: ours is faster)."""
    systems, out = result["systems"], {}
    ours = systems.get("ours")
    for peer, s in systems.items():
        if ours and peer != "ours":
            out[peer] = {"run": ours["median_s"] / s["median_s"], "compile": ours["compile_s"] / max(s["compile_s"], 1e-9)}
    if result.get("compile") and "XLA" in out:
        out["XLA"]["compile"] = result["compile"]["ratio"]      # medians of the repeated fresh compiles
    return out


def report(result: dict) -> None:
    print(f"  ms per call: median of {result['runs']} interleaved runs (min..max); compile time")
    for system, s in result["systems"].items():
        flag = "   OUTPUT MISMATCH" if s["mismatch"] else ""
        spread = f"({s['min_s'] * 1e3:.2f}..{s['max_s'] * 1e3:.2f})"
        print(f"  {system:12s} {s['median_s'] * 1e3:9.2f}  {spread:19s}  compile {s['compile_s'] * 1e3:8.1f} ms{flag}")
    interp = result["interpreter"]
    if interp:
        t = interp["times_s"]
        flag = "   OUTPUT MISMATCH" if interp["mismatch"] else ""
        spread = f"({min(t) * 1e3:.2f}..{max(t) * 1e3:.2f})"
        print(f"  {'interpreter':12s} {statistics.median(t) * 1e3:9.2f}  {spread:19s}  "
              f"{len(t)} run{'s' if len(t) > 1 else ''}{flag}")
    for system, reason in result["failed"].items():
        print(f"  {system}: {reason}")
    comp = result.get("compile")
    if comp:
        st = comp["stages_median_s"]
        print(f"  compile, median of {comp['runs']} fresh interleaved: ours {comp['ours_median_s'] * 1e3:.1f} ms "
              f"({', '.join(f'{k} {st[k] * 1e3:.0f}' for k in STAGES)}), XLA {comp['xla_median_s'] * 1e3:.1f} ms "
              f"(of which {comp['xla_compile_median_s'] * 1e3:.1f} ms compiling its lowered module), "
              f"ours/XLA {comp['ratio']:.2f} (against the compile alone {comp['ratio_compile_alone']:.2f}); "
              f"ours calls its {_matmul_kernel()} {comp['product_calls']} time(s)")
    for peer, r in ratios(result).items():
        print(f"  ours/{peer:12s} run {r['run']:6.2f}   compile {r['compile']:6.2f}")
    if interp and "ours" in result["systems"]:
        gain = statistics.median(interp["times_s"]) / result["systems"]["ours"]["median_s"]
        print(f"  ours is {gain:.0f}x faster than the interpreter")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="5 runs and one interpreter run")
    ap.add_argument("--runs", type=int, default=None, help="timed runs per system (default 15, --quick 5)")
    ap.add_argument("--programs", default=",".join(PROGRAMS), help="comma-separated: " + ", ".join(PROGRAMS))
    ap.add_argument("--compile-runs", type=int, default=None,
                    help="fresh compiles of ours and XLA, interleaved (default 7, --quick 3; 0: none)")
    ap.add_argument("--json", default=None, metavar="PATH", help="also write the numbers as JSON")
    opts = ap.parse_args(argv)
    names = [n.strip() for n in opts.programs.split(",") if n.strip()]
    unknown = [n for n in names if n not in PROGRAMS]
    if unknown:
        ap.error(f"unknown program(s) {', '.join(unknown)} (have {', '.join(PROGRAMS)})")
    runs = opts.runs or (5 if opts.quick else 15)
    compile_runs = opts.compile_runs if opts.compile_runs is not None else (3 if opts.quick else 7)
    results = []
    for name in names:
        result = bench(name, runs, interpreter_runs=1 if opts.quick else 3, compile_runs=compile_runs)
        report(result)
        result["ratios"] = ratios(result)
        results.append(result)
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump({"runs": runs, "programs": results}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
