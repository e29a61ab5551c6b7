#!/usr/bin/env python3
"""Interpreter throughput: ops per second on (1) a chain of 1000 element-wise
ops and (2) a transformer block, side by side with the same computation
written directly in numpy (the floor any numpy-based interpreter pays).
Prints medians of several runs and the ratio interpreter / numpy.

    .venv/bin/python benchmarks/interpreter.py [--runs 5]
"""
from __future__ import annotations

import argparse

import numpy as np

import shlo
from shlo.builders import FunctionBuilder
from timing import median_time

DN = {"lhs_batching_dimensions": [], "rhs_batching_dimensions": [],
      "lhs_contracting_dimensions": [1], "rhs_contracting_dimensions": [0]}


def elementwise_chain(n_ops: int = 1000, size: int = 64):
    ops = ["add", "multiply", "subtract", "maximum"]
    with FunctionBuilder("main", [f"tensor<{size}xf32>", f"tensor<{size}xf32>"]) as fb:
        x, y = fb.arguments
        for i in range(n_ops):
            x = fb.op(ops[i % len(ops)], x, y)
        fb.ret(x)
    prog = fb.program()

    def numpy_ref(a, b):
        fns = [np.add, np.multiply, np.subtract, np.maximum]
        for i in range(n_ops):
            a = fns[i % 4](a, b)
        return a
    rng = np.random.default_rng(0)
    args = [rng.standard_normal(size).astype(np.float32), np.full(size, 0.999, np.float32)]
    return prog, n_ops, numpy_ref, args


def transformer_block(seq: int = 32, d: int = 64, ff: int = 128):
    """Pre-norm single-head attention + MLP; returns (program, op count, numpy version, inputs)."""
    t = lambda *s: f"tensor<{'x'.join(map(str, s))}xf32>"  # noqa: E731
    with FunctionBuilder("main", [t(seq, d), t(d, d), t(d, d), t(d, d), t(d, ff), t(ff, d)]) as fb:
        x, wq, wk, wv, w1, w2 = fb.arguments

        def bcast(v, shape, dims):
            return fb.op("broadcast_in_dim", v, broadcast_dimensions=dims, result_types=[t(*shape)])

        def reduce_last(v, kind):
            init = fb.constant(np.array(-np.inf if kind == "maximum" else 0.0, np.float32))
            op = shlo.builders.create("reduce", [v], [init], dimensions=[1], result_types=[t(seq)])
            block = op.regions[0].blocks.append(shlo.ir.RankedTensorType.get([], shlo.ir.F32Type.get()),
                                                shlo.ir.RankedTensorType.get([], shlo.ir.F32Type.get()))
            with shlo.ir.InsertionPoint(block):
                r = shlo.builders.create(kind, block.arguments[0], block.arguments[1])
                shlo.builders.create("return", [r.result], result_types=[])
            return op.result

        def layer_norm(v):
            mean = fb.op("divide", reduce_last(v, "add"), fb.constant(np.full(seq, d, np.float32)))
            c = fb.op("subtract", v, bcast(mean, (seq, d), [0]))
            var = fb.op("divide", reduce_last(fb.op("multiply", c, c), "add"), fb.constant(np.full(seq, d, np.float32)))
            inv = fb.op("rsqrt", fb.op("add", var, fb.constant(np.full(seq, 1e-5, np.float32))))
            return fb.op("multiply", c, bcast(inv, (seq, d), [0]))

        h = layer_norm(x)
        q, k, v = (fb.op("dot_general", h, w, dot_dimension_numbers=DN) for w in (wq, wk, wv))
        kt = fb.op("transpose", k, permutation=[1, 0])
        s = fb.op("dot_general", q, kt, dot_dimension_numbers=DN)
        s = fb.op("multiply", s, fb.constant(np.full((seq, seq), d ** -0.5, np.float32)))
        e = fb.op("exponential", fb.op("subtract", s, bcast(reduce_last(s, "maximum"), (seq, seq), [0])))
        p = fb.op("divide", e, bcast(reduce_last(e, "add"), (seq, seq), [0]))
        x = fb.op("add", x, fb.op("dot_general", p, v, dot_dimension_numbers=DN))
        m = fb.op("dot_general", layer_norm(x), w1, dot_dimension_numbers=DN)
        m = fb.op("multiply", m, fb.op("logistic", m))
        x = fb.op("add", x, fb.op("dot_general", m, w2, dot_dimension_numbers=DN))
        fb.ret(x)
    prog = fb.program()
    count = [0]
    prog.module.operation.walk(lambda o: count.__setitem__(0, count[0] + o.name.startswith("shlo."))
                               or shlo.ir.WalkResult.ADVANCE)

    def numpy_ref(x, wq, wk, wv, w1, w2):
        def ln(v):
            c = v - v.mean(1, keepdims=True)
            return c / np.sqrt((c * c).mean(1, keepdims=True) + 1e-5)
        h = ln(x)
        q, k, v = h @ wq, h @ wk, h @ wv
        s = (q @ k.T) * d ** -0.5
        e = np.exp(s - s.max(1, keepdims=True))
        x = x + (e / e.sum(1, keepdims=True)) @ v
        m = ln(x) @ w1
        m = m / (1 + np.exp(-m)) * 1.0
        return x + m @ w2
    rng = np.random.default_rng(0)
    shapes = [(seq, d), (d, d), (d, d), (d, d), (d, ff), (ff, d)]
    args = [(rng.standard_normal(s) * 0.1).astype(np.float32) for s in shapes]
    return prog, count[0], numpy_ref, args


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'program':<22}{'ops':>6}{'interp s':>11}{'ops/s':>10}{'numpy s':>10}{'ratio':>8}  max |diff|")
    for name, build in (("elementwise x1000", elementwise_chain), ("transformer block", transformer_block)):
        prog, n_ops, ref, inputs = build()
        shlo.interpret(prog, *inputs)  # compile the plan once, as a user running it twice would
        t_interp = median_time(lambda: shlo.interpret(prog, *inputs), args.runs)
        t_numpy = median_time(lambda: ref(*inputs), args.runs)
        diff = float(np.max(np.abs(shlo.interpret(prog, *inputs)[0].astype(np.float64) - ref(*inputs))))
        print(f"{name:<22}{n_ops:>6}{t_interp:>11.4f}{n_ops / t_interp:>10.0f}{t_numpy:>10.5f}"
              f"{t_interp / t_numpy:>8.1f}  {diff:.2e}")


if __name__ == "__main__":
    main()
