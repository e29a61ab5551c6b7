#!/usr/bin/env python3
"""The main job on built-in examples, end to end:

1. a JAX model (a small transformer block with an MLP head, weights made in
   code) imported with `shlo.from_jax`, verified, serialized to a portable
   artifact and reloaded, run by the reference interpreter and compiled for
   this CPU with `shlo.compile`; prints whether compiled and interpreted
   outputs agree (and agree with JAX), and the time of each step;
2. a PyTorch CNN (convolutions, batch norm, pooling; a dynamic batch) exported
   with `torch.export` and imported with `shlo.from_torch`, its weights as
   resource blobs: serialized, reloaded, interpreted and compiled, run at two
   batch sizes and compared with eager PyTorch;
3. an ONNX model written with `onnx.helper` (Gemm, LayerNormalization, Erf-GELU,
   Softmax over a symbolic batch) imported with `shlo.from_onnx`, interpreted
   and compiled, and compared with onnxruntime;
4. the bundled `examples/mlp.mlir`: parsed, verified, round-tripped through
   generic text, bytecode and shlo-opt, compiled and run; a broken variant is
   rejected with its spec constraint id.
"""
from __future__ import annotations

import collections
import pathlib
import subprocess
import sys
import tempfile
import time

import numpy as np

import shlo

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "mlp.mlir"
OPT = pathlib.Path(sys.executable).parent / "shlo-opt"


def transformer_block():
    """A pre-norm transformer block (causal attention, 4 heads, GELU MLP) and a linear head."""
    import jax
    import jax.numpy as jnp
    rng = np.random.default_rng(0)
    seq, width, heads, hidden = 32, 64, 4, 128

    def w(*shape):
        return (rng.standard_normal(shape) / np.sqrt(shape[0])).astype(np.float32)

    params = {"qkv": w(width, 3 * width), "out": w(width, width), "up": w(width, hidden),
              "down": w(hidden, width), "head": w(width, 10),
              "g1": np.ones(width, np.float32), "g2": np.ones(width, np.float32)}

    def norm(x, g):
        mu = x.mean(-1, keepdims=True)
        return (x - mu) * jax.lax.rsqrt(((x - mu) ** 2).mean(-1, keepdims=True) + 1e-5) * g

    def model(p, x):
        q, k, v = jnp.split(norm(x, p["g1"]) @ p["qkv"], 3, axis=-1)
        split = lambda t: t.reshape(seq, heads, width // heads).transpose(1, 0, 2)  # noqa: E731
        q, k, v = split(q), split(k), split(v)
        scores = q @ k.transpose(0, 2, 1) / np.sqrt(width // heads)
        scores = jnp.where(jnp.tril(jnp.ones((seq, seq), bool)), scores, -1e9)
        att = jax.nn.softmax(scores, axis=-1) @ v
        x = x + att.transpose(1, 0, 2).reshape(seq, width) @ p["out"]
        x = x + jax.nn.gelu(norm(x, p["g2"]) @ p["up"]) @ p["down"]
        return jax.nn.log_softmax(x.mean(0) @ p["head"])

    x = rng.standard_normal((seq, width)).astype(np.float32)
    return model, params, x


def timed(fn, repeat: int = 1):
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return out, best


def jax_flow() -> int:
    import jax
    model, params, x = transformer_block()
    prog, t_import = timed(lambda: shlo.from_jax(model, params, x))
    n_ops = sum(1 for line in str(prog).splitlines() if " = shlo." in line or '"shlo.' in line)
    print(f"imported the JAX transformer block with shlo.from_jax: {n_ops} shlo ops, verified "
          f"({t_import * 1e3:.0f} ms)")
    data, t_ser = timed(lambda: shlo.serialize(prog))
    back, t_de = timed(lambda: shlo.deserialize(data))
    print(f"portable artifact for shlo {shlo.current_version()}: {len(data)} bytes; written in "
          f"{t_ser * 1e3:.1f} ms, read back and verified in {t_de * 1e3:.1f} ms")
    args = jax.tree.leaves(((params, x), {}))
    interpreted, t_interp = timed(lambda: shlo.interpret(back, *args))
    fn, t_compile = timed(lambda: shlo.compile(back))
    compiled, t_run = timed(lambda: fn(*args), repeat=20)
    expected = np.asarray(jax.jit(model)(params, x))
    agree = np.allclose(compiled[0], interpreted[0], rtol=1e-4, atol=1e-5)
    agree_jax = np.allclose(compiled[0], expected, rtol=1e-4, atol=1e-5)
    print(f"interpreted in {t_interp * 1e3:.1f} ms; compiled in {t_compile * 1e3:.0f} ms "
          f"(lower {fn.timings.get('lower', 0) * 1e3:.0f}, passes {fn.timings.get('passes', 0) * 1e3:.0f}, "
          f"JIT {fn.timings.get('jit', 0) * 1e3:.0f}); compiled run {t_run * 1e3:.2f} ms "
          f"({t_interp / t_run:.0f}x faster than the interpreter)")
    print(f"compiled and interpreted outputs agree: {'yes' if agree else 'NO'} "
          f"(max difference {np.max(np.abs(compiled[0] - interpreted[0])):.2e}); "
          f"agree with JAX: {'yes' if agree_jax else 'NO'}")
    return 0 if agree and agree_jax else 1


def torch_cnn():
    """A small CNN classifier in eval mode (batch norm uses its running statistics)."""
    import torch
    import torch.nn.functional as F
    torch.manual_seed(0)

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1, self.bn1 = torch.nn.Conv2d(3, 16, 3, padding=1), torch.nn.BatchNorm2d(16)
            self.conv2, self.bn2 = torch.nn.Conv2d(16, 32, 3, stride=2, padding=1), torch.nn.BatchNorm2d(32)
            self.head = torch.nn.Linear(32, 10)

        def forward(self, x):
            x = F.max_pool2d(F.relu(self.bn1(self.conv1(x))), 2)
            x = F.relu(self.bn2(self.conv2(x)))
            return F.log_softmax(self.head(x.mean((2, 3))), -1)

    net = Net().eval()
    for bn in (net.bn1, net.bn2):       # running statistics that are not the identity
        bn.running_mean.uniform_(-0.5, 0.5)
        bn.running_var.uniform_(0.5, 2.0)
    return net


def torch_flow() -> int:
    import torch
    net = torch_cnn()
    x = torch.randn(4, 3, 32, 32)
    batch = torch.export.Dim("batch", min=1, max=256)
    prog, t_import = timed(lambda: shlo.from_torch(net, (x,), dynamic_shapes=({0: batch},), params="constants"))
    print(f"imported the PyTorch CNN with shlo.from_torch (torch.export, batch dimension dynamic), "
          f"verified ({t_import * 1e3:.0f} ms)")
    back = shlo.deserialize(shlo.serialize(prog))
    fn, t_compile = timed(lambda: shlo.compile(back))
    ok = True
    for n in (4, 7):
        xs = torch.randn(n, 3, 32, 32)
        with torch.no_grad():
            want = net(xs).numpy()
        interpreted, t_interp = timed(lambda: shlo.interpret(back, xs.numpy()))
        compiled, t_run = timed(lambda: fn(xs.numpy()), repeat=10)
        diff = max(float(np.max(np.abs(compiled[0] - want))), float(np.max(np.abs(interpreted[0] - want))))
        same = np.allclose(compiled[0], want, rtol=1e-4, atol=1e-5) and \
            np.allclose(interpreted[0], want, rtol=1e-4, atol=1e-5)
        ok = ok and same
        print(f"batch {n}: interpreted {t_interp * 1e3:.1f} ms, compiled {t_run * 1e3:.2f} ms; "
              f"interpreted and compiled agree with eager PyTorch: {'yes' if same else 'NO'} "
              f"(max difference {diff:.2e})")
    batches = ", ".join(str(sizes[0][0]) for sizes in fn.specializations)
    print(f"(reloaded from a {len(shlo.serialize(prog))}-byte artifact; compiled once in {t_compile * 1e3:.0f} ms "
          f"for every batch size, and made static for batch {batches} when those sizes came again)")
    return 0 if ok else 1


def onnx_model():
    """Gemm -> LayerNormalization -> GELU (written with Erf) -> MatMul -> Softmax, batch 'N'."""
    from onnx import TensorProto, helper, numpy_helper
    rng = np.random.default_rng(2)
    width, hidden, classes = 32, 64, 5
    weights = {"w1": rng.standard_normal((width, hidden)) / np.sqrt(width), "b1": rng.standard_normal(hidden) * 0.1,
               "gamma": 1 + rng.standard_normal(hidden) * 0.1, "beta": rng.standard_normal(hidden) * 0.1,
               "w2": rng.standard_normal((hidden, classes)) / np.sqrt(hidden),
               "half": np.array(0.5), "one": np.array(1.0), "rsqrt2": np.array(1 / np.sqrt(2))}
    inits = [numpy_helper.from_array(np.asarray(v, np.float32), k) for k, v in weights.items()]
    nodes = [helper.make_node("Gemm", ["x", "w1", "b1"], ["h"]),
             helper.make_node("LayerNormalization", ["h", "gamma", "beta"], ["n"], axis=-1, epsilon=1e-5),
             helper.make_node("Mul", ["n", "rsqrt2"], ["s"]), helper.make_node("Erf", ["s"], ["e"]),
             helper.make_node("Add", ["e", "one"], ["e1"]), helper.make_node("Mul", ["n", "e1"], ["g0"]),
             helper.make_node("Mul", ["g0", "half"], ["g"]),
             helper.make_node("MatMul", ["g", "w2"], ["logits"]),
             helper.make_node("Softmax", ["logits"], ["y"], axis=-1)]
    graph = helper.make_graph(nodes, "demo", [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", width])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", classes])], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def onnx_flow() -> int:
    import onnxruntime as ort
    model = onnx_model()
    prog, t_import = timed(lambda: shlo.from_onnx(model))
    fn = shlo.compile(prog)
    session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    x = np.random.default_rng(3).standard_normal((6, 32)).astype(np.float32)
    want = session.run(None, {"x": x})[0]
    interpreted, compiled = shlo.interpret(prog, x)[0], fn(x)[0]
    same = np.allclose(compiled, want, rtol=1e-4, atol=1e-6) and np.allclose(interpreted, want, rtol=1e-4, atol=1e-6)
    print(f"imported the ONNX model with shlo.from_onnx ({t_import * 1e3:.0f} ms, batch 'N' dynamic); "
          f"interpreted and compiled agree with onnxruntime: {'yes' if same else 'NO'} "
          f"(max difference {np.max(np.abs(compiled - want)):.2e})")
    return 0 if same else 1


def mlir_flow() -> int:
    prog = shlo.parse(EXAMPLE.read_text(), name=str(EXAMPLE))
    ops = collections.Counter()
    prog.module.operation.walk(lambda op: ops.update([op.name]) or shlo.ir.WalkResult.ADVANCE)
    print(f"parsed and verified {EXAMPLE.relative_to(ROOT)}: "
          + ", ".join(f"{n} x{c}" for n, c in sorted(ops.items()) if n.startswith("shlo.")))
    pretty = prog.text()
    for form, data in (("generic text", prog.text(generic=True)), ("bytecode", prog.bytecode())):
        again = shlo.parse(data).text()
        print(f"round trip through {form}: {'identical' if again == pretty else 'DIFFERENT'}")
        if again != pretty:
            return 1
    with tempfile.TemporaryDirectory() as tmp:
        bc = pathlib.Path(tmp) / "mlp.mlirbc"
        subprocess.run([str(OPT), str(EXAMPLE), "--emit-bytecode", "-o", str(bc)], check=True)
        out = subprocess.run([str(OPT), str(bc), "-p", "builtin.module(shlo-verify,shlo-simplify,canonicalize,cse)"],
                             check=True, capture_output=True, text=True).stdout
        print(f"shlo-opt: {bc.stat().st_size} bytes of bytecode; after shlo-simplify,canonicalize,cse "
              f"{out.count(' = shlo.')} shlo ops remain")
    rng = np.random.default_rng(1)
    args = [rng.standard_normal(s).astype(np.float32) for s in ((5, 4), (4, 8), (8,), (8, 3), (3,))]
    same = np.allclose(shlo.compile(prog)(*args)[0], shlo.interpret(prog, *args)[0], rtol=1e-5, atol=1e-6)
    print(f"mlp.mlir compiled and run on a batch of 5 (dynamic size): matches the interpreter: "
          f"{'yes' if same else 'NO'}")
    # Contract the second layer over rhs dimension 1 (size 3) instead of 0 (size 8).
    needle = "rhs_contracting_dimensions = [0]>} : (tensor<?x8xf32>"
    assert needle in EXAMPLE.read_text()
    bad = EXAMPLE.read_text().replace(needle, "rhs_contracting_dimensions = [1]>} : (tensor<?x8xf32>")
    try:
        shlo.parse(bad, name="mlp-broken.mlir")
        print("a broken program was accepted")
        return 1
    except shlo.VerificationError as e:
        print(f"broken variant rejected: {e.constraint} at {e.location}")
    return 0 if same else 1


def main() -> int:
    status = 0
    for flow in (jax_flow, torch_flow, onnx_flow, mlir_flow):
        status = flow() or status
        print()
    return status


if __name__ == "__main__":
    sys.exit(main())
