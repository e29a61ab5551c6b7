#!/usr/bin/env python3
"""CPU speed of shlo.compile against its peers, side by side in one process.

    .venv/bin/python benchmarks/cpu.py [--runs 15] [--programs mlp,decoder,resnet,matmul] [--json out.json]

Peers (optional; missing ones are reported and skipped):
  XLA          jax.jit on the CPU (the program's own definition)
  onnxruntime  the same program written with onnx.helper, CPU execution provider
  IREE         iree-base-compiler on the StableHLO text shlo.to_stablehlo writes
               (llvm-cpu, host CPU), run with iree-base-runtime's local-task driver
and the shlo reference interpreter, so that the gain is visible.

Programs (f32, fixed random weights): a 4-layer MLP (batch 64, width 1024,
relu); a transformer decoder block (sequence 256, width 512, 8 heads, causal
mask, layer norms, GELU MLP of width 2048); a ResNet-style block (batch 8,
56x56x64 NHWC, two 3x3 convolutions, batch norm folded as scale and shift,
relu, residual); a 1024^3 matmul. Every system's output is checked against
XLA's first. Runs are interleaved round-robin (the machine is shared and
noisy); medians are printed with min/max, and ratios ours / peer (below 1:
shlo is faster). Compile times are measured on fresh programs (no caches).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import numpy as np

import shlo

RNG = np.random.default_rng(0)
SETTLE_S = 0.25


def w(*shape, scale=None):
    s = scale if scale is not None else 1.0 / np.sqrt(shape[0])
    return (RNG.standard_normal(shape) * s).astype(np.float32)


# ----------------------------------------------------------------------------- programs

def mlp_program():
    import jax
    ws = [w(1024, 1024) for _ in range(4)]
    bs = [w(1024, scale=0.1) for _ in range(4)]

    def fn(x, *params):
        for i in range(4):
            x = x @ params[2 * i] + params[2 * i + 1]
            if i < 3:
                x = jax.nn.relu(x)
        return x

    args = [w(64, 1024, scale=1.0)] + [p for pair in zip(ws, bs) for p in pair]
    return fn, args, lambda: _onnx_mlp(ws, bs)


def decoder_program():
    import jax
    import jax.numpy as jnp
    seq, width, heads, hidden = 256, 512, 8, 2048
    p = {"qkv": w(width, 3 * width), "out": w(width, width), "up": w(width, hidden), "down": w(hidden, width),
         "g1": np.ones(width, np.float32), "b1": np.zeros(width, np.float32),
         "g2": np.ones(width, np.float32), "b2": np.zeros(width, np.float32)}
    mask = np.tril(np.ones((seq, seq), bool))

    def norm(x, g, b):
        mu = x.mean(-1, keepdims=True)
        var = ((x - mu) ** 2).mean(-1, keepdims=True)
        return (x - mu) * jax.lax.rsqrt(var + 1e-5) * g + b

    def fn(x, qkv, out, up, down, g1, b1, g2, b2):
        q, k, v = jnp.split(norm(x, g1, b1) @ qkv, 3, axis=-1)
        split = lambda t: t.reshape(seq, heads, width // heads).transpose(1, 0, 2)  # noqa: E731
        q, k, v = split(q), split(k), split(v)
        s = q @ k.transpose(0, 2, 1) / np.float32(np.sqrt(width // heads))
        s = jnp.where(mask, s, np.float32(-1e9))
        a = jax.nn.softmax(s, axis=-1) @ v
        x = x + a.transpose(1, 0, 2).reshape(seq, width) @ out
        return x + jax.nn.gelu(norm(x, g2, b2) @ up, approximate=False) @ down

    order = ["qkv", "out", "up", "down", "g1", "b1", "g2", "b2"]
    args = [w(seq, width, scale=1.0)] + [p[k] for k in order]
    return fn, args, lambda: _onnx_decoder(p, seq, width, heads, mask)


def resnet_program():
    import jax
    k1, k2 = w(3, 3, 64, 64, scale=0.05), w(3, 3, 64, 64, scale=0.05)
    s1, t1, s2, t2 = w(64, scale=0.5) + 1, w(64, scale=0.1), w(64, scale=0.5) + 1, w(64, scale=0.1)

    def conv(x, k):
        return jax.lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))

    def fn(x, k1, s1, t1, k2, s2, t2):
        y = jax.nn.relu(conv(x, k1) * s1 + t1)
        y = conv(y, k2) * s2 + t2
        return jax.nn.relu(x + y)

    args = [w(8, 56, 56, 64, scale=1.0), k1, s1, t1, k2, s2, t2]
    return fn, args, lambda: _onnx_resnet(k1, s1, t1, k2, s2, t2)


def matmul_program():
    def fn(a, b):
        return a @ b
    args = [w(1024, 1024, scale=1.0), w(1024, 1024)]
    return fn, args, lambda: _onnx_matmul()


PROGRAMS = {"mlp": mlp_program, "decoder": decoder_program, "resnet": resnet_program, "matmul": matmul_program}


# ----------------------------------------------------------------------------- the same programs in ONNX

def _model(nodes, inputs, outputs, inits=()):
    import onnx
    from onnx import TensorProto, helper, numpy_helper
    graph = helper.make_graph(nodes, "bench",
                              [helper.make_tensor_value_info(n, TensorProto.FLOAT, s) for n, s in inputs],
                              [helper.make_tensor_value_info(n, TensorProto.FLOAT, s) for n, s in outputs],
                              [numpy_helper.from_array(np.asarray(a), n) for n, a in inits])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])
    onnx.checker.check_model(model)
    return model


def _onnx_mlp(ws, bs):
    from onnx import helper
    nodes, prev = [], "x"
    inputs = [("x", [64, 1024])]
    for i in range(4):
        inputs += [(f"w{i}", [1024, 1024]), (f"b{i}", [1024])]
        nodes += [helper.make_node("MatMul", [prev, f"w{i}"], [f"m{i}"]),
                  helper.make_node("Add", [f"m{i}", f"b{i}"], [f"a{i}"])]
        prev = f"a{i}"
        if i < 3:
            nodes.append(helper.make_node("Relu", [prev], [f"r{i}"]))
            prev = f"r{i}"
    return _model(nodes, inputs, [(prev, [64, 1024])])


def _onnx_decoder(p, seq, width, heads, mask):
    from onnx import helper
    hd = width // heads
    n = helper.make_node
    c = lambda name, value: n("Constant", [], [name], value=helper.make_tensor(  # noqa: E731
        name, 7 if np.asarray(value).dtype == np.int64 else 1, np.shape(value), np.asarray(value).reshape(-1)))
    nodes = [c("shape3", np.array([seq, heads, hd], np.int64)), c("shape2", np.array([seq, width], np.int64)),
             c("scale", np.array(1 / np.sqrt(hd), np.float32)),
             c("maskadd", np.where(mask, 0.0, -1e9).astype(np.float32)),
             n("LayerNormalization", ["x", "g1", "b1"], ["n1"], axis=-1, epsilon=1e-5),
             n("MatMul", ["n1", "qkv"], ["qkvo"]),
             n("Split", ["qkvo"], ["q0", "k0", "v0"], axis=-1, num_outputs=3)]
    for t in "qkv":
        nodes += [n("Reshape", [f"{t}0", "shape3"], [f"{t}1"]), n("Transpose", [f"{t}1"], [f"{t}2"], perm=[1, 0, 2])]
    nodes += [n("Transpose", ["k2"], ["kt"], perm=[0, 2, 1]), n("MatMul", ["q2", "kt"], ["s0"]),
              n("Mul", ["s0", "scale"], ["s1"]), n("Add", ["s1", "maskadd"], ["s2"]),
              n("Softmax", ["s2"], ["pr"], axis=-1), n("MatMul", ["pr", "v2"], ["att"]),
              n("Transpose", ["att"], ["att2"], perm=[1, 0, 2]), n("Reshape", ["att2", "shape2"], ["att3"]),
              n("MatMul", ["att3", "out"], ["proj"]), n("Add", ["x", "proj"], ["x2"]),
              n("LayerNormalization", ["x2", "g2", "b2"], ["n2"], axis=-1, epsilon=1e-5),
              n("MatMul", ["n2", "up"], ["h0"]), n("Gelu", ["h0"], ["h1"]),
              n("MatMul", ["h1", "down"], ["h2"]), n("Add", ["x2", "h2"], ["y"])]
    inputs = [("x", [seq, width]), ("qkv", [width, 3 * width]), ("out", [width, width]), ("up", [width, 2048]),
              ("down", [2048, width]), ("g1", [width]), ("b1", [width]), ("g2", [width]), ("b2", [width])]
    return _model(nodes, inputs, [("y", [seq, width])])


def _onnx_resnet(k1, s1, t1, k2, s2, t2):
    from onnx import helper
    n = helper.make_node
    nodes = [n("Transpose", ["x"], ["xc"], perm=[0, 3, 1, 2])]
    prev = "xc"
    for i in (1, 2):
        nodes += [n("Conv", [prev, f"k{i}"], [f"c{i}"], pads=[1, 1, 1, 1]),
                  n("Mul", [f"c{i}", f"s{i}"], [f"m{i}"]), n("Add", [f"m{i}", f"t{i}"], [f"a{i}"])]
        prev = f"a{i}"
        if i == 1:
            nodes.append(n("Relu", [prev], ["r1"]))
            prev = "r1"
    nodes += [n("Add", ["xc", prev], ["sum"]), n("Relu", ["sum"], ["yc"]), n("Transpose", ["yc"], ["y"],
                                                                              perm=[0, 2, 3, 1])]
    inits = [("k1", k1.transpose(3, 2, 0, 1)), ("k2", k2.transpose(3, 2, 0, 1))] + \
        [(name, v.reshape(64, 1, 1)) for name, v in (("s1", s1), ("t1", t1), ("s2", s2), ("t2", t2))]
    return _model(nodes, [("x", [8, 56, 56, 64])], [("y", [8, 56, 56, 64])], inits), ["x"]


def _onnx_matmul():
    from onnx import helper
    return _model([helper.make_node("MatMul", ["a", "b"], ["y"])], [("a", [1024, 1024]), ("b", [1024, 1024])],
                  [("y", [1024, 1024])])


# ----------------------------------------------------------------------------- systems

class System:
    def __init__(self, name: str, run, compile_s: float):
        self.name, self.run, self.compile_s, self.times = name, run, compile_s, []


def build_ours(fn, args):
    t0 = time.perf_counter()
    prog = shlo.from_jax(fn, *args)
    t1 = time.perf_counter()
    compiled = shlo.compile(prog)
    t2 = time.perf_counter()
    return prog, System("shlo", lambda: compiled(*args)[0], t2 - t1), t1 - t0


def build_xla(fn, args):
    import jax
    t0 = time.perf_counter()
    exe = jax.jit(fn).lower(*args).compile()
    dt = time.perf_counter() - t0
    dev = [jax.device_put(a) for a in args]
    return System("XLA", lambda: exe(*dev).block_until_ready(), dt)


def build_ort(onnx_builder, args):
    import onnxruntime as ort
    built = onnx_builder()
    model, names = (built if isinstance(built, tuple) else (built, None))
    t0 = time.perf_counter()
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    dt = time.perf_counter() - t0
    input_names = [i.name for i in sess.get_inputs()]
    feed = dict(zip(input_names, args[:len(input_names)]))
    return System("onnxruntime", lambda: sess.run(None, feed)[0], dt)


def build_iree(prog, args):
    # IREE's compiler bindings carry their own MLIR, which cannot share a process with the
    # MLIR that shlo runs on: the compiler runs as its command-line tool (the compile time
    # includes starting it), the compiled module in this process.
    import os
    import subprocess
    import tempfile
    import iree.runtime as ir_rt
    text = shlo.to_stablehlo(prog)
    exe = os.path.join(os.path.dirname(sys.executable), "iree-compile")
    with tempfile.TemporaryDirectory() as tmp:
        src, out = os.path.join(tmp, "p.mlir"), os.path.join(tmp, "p.vmfb")
        with open(src, "w") as f:
            f.write(text)
        t0 = time.perf_counter()
        subprocess.run([exe, src, "-o", out, "--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
                        "--iree-input-type=stablehlo", "--iree-llvmcpu-target-cpu=host"],
                       check=True, capture_output=True, text=True)
        dt = time.perf_counter() - t0
        with open(out, "rb") as f:
            blob = f.read()
    module = ir_rt.load_vm_flatbuffer(blob, driver="local-task")
    main = module.main
    config = ir_rt.Config("local-task")
    dev_args = [ir_rt.asdevicearray(config.device, a) for a in args]
    return System("IREE", lambda: np.asarray(main(*dev_args)), dt)


def _agree(got, want) -> bool:
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    scale = max(1.0, float(np.abs(want).max()))
    return got.shape == want.shape and bool(np.allclose(got, want, rtol=2e-3, atol=2e-3 * scale))


def bench_program(name: str, runs: int) -> dict:
    fn, args, onnx_builder = PROGRAMS[name]()
    systems, notes = [], []
    xla = build_xla(fn, args)
    reference = np.asarray(xla.run())
    systems.append(xla)
    prog = None
    try:
        prog, ours, import_s = build_ours(fn, args)
        systems.insert(0, ours)
    except shlo.ShloError as e:
        notes.append(f"shlo: not compiled ({str(e).splitlines()[0][:200]})")
    for builder in (lambda: build_ort(onnx_builder, args), lambda: build_iree(prog, args)):
        try:
            if prog is None and builder.__code__.co_names.count("build_iree"):
                continue
            systems.append(builder())
        except Exception as e:  # noqa: BLE001 - a peer that cannot run this program is reported
            detail = getattr(e, "stderr", None) or str(e)
            notes.append(f"{type(e).__name__}: {detail.strip().splitlines()[-1][:300] if detail else ''}")
    for s in systems:
        ok = _agree(s.run(), reference)
        if not ok:
            notes.append(f"{s.name}: OUTPUT DIFFERS FROM XLA")
    for s in systems:                       # warm up
        s.run()
    for _ in range(runs):                   # interleaved
        for s in systems:
            time.sleep(SETTLE_S)            # let the previous system's worker threads stop spinning
            t0 = time.perf_counter()
            s.run()
            s.times.append(time.perf_counter() - t0)
    interp = None
    if prog is not None:
        t0 = time.perf_counter()
        shlo.interpret(prog, *args)
        interp = time.perf_counter() - t0
    return {"program": name, "notes": notes, "interpreter_s": interp,
            "systems": {s.name: {"median_s": statistics.median(s.times), "min_s": min(s.times),
                                 "max_s": max(s.times), "compile_s": s.compile_s} for s in systems}}


def report(r: dict) -> None:
    print(f"\n== {r['program']}")
    res = r["systems"]
    for name, s in res.items():
        print(f"  {name:12s} {s['median_s'] * 1e3:9.2f} ms  (min {s['min_s'] * 1e3:.2f}, max {s['max_s'] * 1e3:.2f})"
              f"   compile {s['compile_s']:.2f} s")
    if r["interpreter_s"] is not None:
        print(f"  {'interpreter':12s} {r['interpreter_s'] * 1e3:9.2f} ms  (one run)")
    ours = res.get("shlo")
    if ours:
        for name, s in res.items():
            if name != "shlo":
                print(f"  ratio shlo/{name}: run {ours['median_s'] / s['median_s']:.2f}, "
                      f"compile {ours['compile_s'] / s['compile_s']:.2f}")
        if r["interpreter_s"]:
            print(f"  compiled is {r['interpreter_s'] / ours['median_s']:.0f}x faster than the interpreter")
    for note in r["notes"]:
        print(f"  note: {note}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--programs", default=",".join(PROGRAMS))
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    results = []
    for name in args.programs.split(","):
        r = bench_program(name, args.runs)
        report(r)
        results.append(r)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
