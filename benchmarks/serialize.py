#!/usr/bin/env python3
"""Portable-artifact benchmark: shlo.serialize/deserialize vs StableHLO's
serialize_portable_artifact/deserialize_portable_artifact (jaxlib) on the
same programs: a 12-layer transformer (the issue's benchmark), as a small
program an 8-layer CNN, a 12-layer decoder (width 512) lowered with JAX's
64-bit types enabled, and a PyTorch model (nn.TransformerEncoder) imported with
`shlo.from_torch`.

Both sides start from the same StableHLO module: for JAX programs the module
JAX produced, for the PyTorch model the StableHLO text of the imported program
(`shlo.to_stablehlo`) parsed by jaxlib. StableHLO serializes that module; shlo
imports it with `shlo.from_stablehlo` (the real importer: same ops,
locations, function and result attributes) and serializes the result. Needs
jax (`pip install jax jaxlib`) and, for the last program, torch; the test
suite does not.

    .venv/bin/python benchmarks/serialize.py [--layers 12] [--runs 7] [--only NAME]
"""
from __future__ import annotations

import argparse
import sys

from timing import median_time


def transformer(layers: int, d: int, heads: int, seq: int, ff: int):
    import jax
    import jax.numpy as jnp

    def layer_norm(x):
        m = jnp.mean(x, axis=-1, keepdims=True)
        v = jnp.mean((x - m) * (x - m), axis=-1, keepdims=True)
        return (x - m) * jax.lax.rsqrt(v + 1e-5)

    def model(x, params):
        for (wq, wk, wv, wo, w1, b1, w2, b2) in params:
            h = layer_norm(x)
            q = (h @ wq).reshape(seq, heads, d // heads).transpose(1, 0, 2)
            k = (h @ wk).reshape(seq, heads, d // heads).transpose(1, 0, 2)
            v = (h @ wv).reshape(seq, heads, d // heads).transpose(1, 0, 2)
            s = jnp.einsum("hqd,hkd->hqk", q, k) / jnp.sqrt(float(d // heads))
            s = jnp.exp(s - jnp.max(s, axis=-1, keepdims=True))
            p = s / jnp.sum(s, axis=-1, keepdims=True)
            a = jnp.einsum("hqk,hkd->hqd", p, v).transpose(1, 0, 2).reshape(seq, d)
            x = x + a @ wo
            h = layer_norm(x)
            h = h @ w1 + b1
            h = 0.5 * h * (1.0 + jnp.tanh(0.7978845608 * (h + 0.044715 * h * h * h)))
            x = x + h @ w2 + b2
        return layer_norm(x)

    f32 = jnp.float32
    shapes = [((d, d),) * 4 + ((d, ff), (ff,), (ff, d), (d,))] * layers
    params = [tuple(jax.ShapeDtypeStruct(s, f32) for s in layer) for layer in shapes]
    x = jax.ShapeDtypeStruct((seq, d), f32)
    return jax.jit(model).lower(x, params)


def cnn(layers: int):
    import jax
    import jax.numpy as jnp

    def model(x, ws):
        for w in ws:
            x = jax.lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
            x = jax.nn.relu(x)
        return jnp.mean(x, axis=(1, 2))

    ws = [jax.ShapeDtypeStruct((3, 3, 16, 16), jnp.float32)] * layers
    return jax.jit(model).lower(jax.ShapeDtypeStruct((4, 32, 32, 16), jnp.float32), ws)


def decoder(layers: int, d: int, heads: int, seq: int, vocab: int):
    """A causal decoder from token ids, lowered with 64-bit types on (i64 ids, iota and mask)."""
    import jax
    import jax.numpy as jnp

    def layer_norm(x):
        m = jnp.mean(x, axis=-1, keepdims=True)
        v = jnp.mean((x - m) * (x - m), axis=-1, keepdims=True)
        return (x - m) * jax.lax.rsqrt(v + 1e-5)

    def model(ids, emb, params):
        x = emb[ids]
        pos = jnp.arange(seq)
        mask = pos[:, None] >= pos[None, :]
        for (wqkv, wo, w1, w2) in params:
            h = layer_norm(x)
            q, k, v = jnp.split(h @ wqkv, 3, axis=-1)
            q, k, v = (t.reshape(seq, heads, d // heads).transpose(1, 0, 2) for t in (q, k, v))
            s = jnp.einsum("hqd,hkd->hqk", q, k) / jnp.sqrt(float(d // heads))
            s = jnp.where(mask, s, -1e9)
            a = jnp.einsum("hqk,hkd->hqd", jax.nn.softmax(s, axis=-1), v).transpose(1, 0, 2).reshape(seq, d)
            x = x + a @ wo
            x = x + jax.nn.gelu(layer_norm(x) @ w1) @ w2
        return layer_norm(x) @ emb.T

    f32 = jnp.float32
    was = jax.config.jax_enable_x64
    jax.config.update("jax_enable_x64", True)
    try:
        params = [tuple(jax.ShapeDtypeStruct(s, f32) for s in ((d, 3 * d), (d, d), (d, 4 * d), (4 * d, d)))] * layers
        return jax.jit(model).lower(jax.ShapeDtypeStruct((seq,), jnp.int64), jax.ShapeDtypeStruct((vocab, d), f32),
                                    params)
    finally:
        jax.config.update("jax_enable_x64", was)


def torch_encoder_stablehlo(layers: int, d: int, heads: int, seq: int):
    """StableHLO text of a PyTorch nn.TransformerEncoder imported by shlo.from_torch."""
    import torch
    import shlo
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(d, heads, dim_feedforward=4 * d, dropout=0.0, batch_first=True)
    model = torch.nn.TransformerEncoder(layer, layers, enable_nested_tensor=False).eval()
    return shlo.to_stablehlo(shlo.from_torch(model, (torch.randn(1, seq, d),)))


def _cold(deserialize, art, context):
    """A verified read as a fresh process does it: without checks remembered from earlier runs."""
    from shlo.verify import engine
    engine.forget_passed_checks()
    return deserialize(art, context=context)


def _count(op, prefix):
    n = 0

    def walk(o):
        nonlocal n
        for region in o.regions:
            for block in region.blocks:
                for inner in block.operations:
                    if inner.operation.name.startswith(prefix):
                        n += 1
                    walk(inner.operation)
    walk(op)
    return n


def compare(title: str, lowered, runs: int) -> None:
    """`lowered`: a JAX lowering, or StableHLO text (parsed into a JAX context)."""
    import shlo
    from jaxlib.mlir.dialects import stablehlo

    if isinstance(lowered, str):
        from jax._src.interpreters import mlir as jax_mlir
        from jaxlib.mlir import ir as jax_ir
        jmod = jax_ir.Module.parse(lowered, context=jax_mlir.make_ir_context())
    else:
        jmod = lowered.compiler_ir("stablehlo")
    target = stablehlo.get_current_version()
    prog = shlo.from_stablehlo(jmod.operation.get_asm(enable_debug_info=True))
    n_ours = _count(prog.module.operation, "shlo.")
    n_theirs = _count(jmod.operation, "stablehlo.")

    # StableHLO serializes from the in-memory module (its API takes the module
    # or its text; the module form avoids a text parse) and deserializes into a context.
    def s_ser():
        return stablehlo.serialize_portable_artifact(jmod, target)
    s_art = s_ser()
    ctx = jmod.context

    def s_de():
        return stablehlo.deserialize_portable_artifact(ctx, s_art)
    o_art = shlo.serialize(prog)
    s_de_time = median_time(s_de, runs)
    rows = [
        ("serialize", median_time(lambda: shlo.serialize(prog), runs), median_time(s_ser, runs)),
        ("deserialize (verified)", median_time(lambda: _cold(shlo.deserialize, o_art, prog.context), runs),
         s_de_time),
        ("deserialize (no verify)", median_time(lambda: shlo.deserialize(o_art, context=prog.context, verify=False),
                                                 runs), s_de_time),
    ]
    old = shlo.serialize(prog, target_version="1.0.0")
    print(f"{title}; ops: shlo {n_ours}, stablehlo {n_theirs}; StableHLO target {target}; medians of {runs} runs")
    print(f"{'':26}{'shlo':>12}{'StableHLO':>12}{'ratio':>8}")
    for name, ours, theirs in rows:
        print(f"{name:26}{ours * 1e3:>10.2f}ms{theirs * 1e3:>10.2f}ms{ours / theirs:>8.2f}")
    print(f"{'artifact size':26}{len(o_art):>11}B{len(s_art):>11}B{len(o_art) / len(s_art):>8.3f}")
    print(f"{'serialize at 1.0.0':26}{median_time(lambda: shlo.serialize(prog, target_version='1.0.0'), runs) * 1e3:>10.2f}ms"
          f"  ({len(old)} B)")
    print(f"{'deserialize 1.0.0 (verif.)':26}"
          f"{median_time(lambda: _cold(shlo.deserialize, old, prog.context), runs) * 1e3:>10.2f}ms")
    print()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--layers", type=int, default=12)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--d", type=int, default=256)
    ap.add_argument("--only", choices=["transformer", "cnn", "decoder-x64", "torch-encoder"], default=None)
    args = ap.parse_args(argv)
    try:
        import jaxlib.mlir.dialects.stablehlo  # noqa: F401
    except ImportError:
        print("needs jax: .venv/bin/pip install jax jaxlib", file=sys.stderr)
        return 2
    programs = {
        "transformer": (f"transformer: {args.layers} layers, d={args.d}",
                        lambda: transformer(args.layers, args.d, 8, 128, 4 * args.d)),
        "cnn": ("cnn: 8 conv layers, 32x32x16", lambda: cnn(8)),
        "decoder-x64": ("decoder: 12 layers, d=512, JAX with 64-bit types", lambda: decoder(12, 512, 8, 128, 1024)),
        "torch-encoder": ("PyTorch nn.TransformerEncoder: 6 layers, d=256 (shlo.from_torch)",
                          lambda: torch_encoder_stablehlo(6, 256, 8, 128)),
    }
    for name, (title, make) in programs.items():
        if args.only in (None, name):
            compare(title, make(), args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
