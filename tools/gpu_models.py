#!/usr/bin/env python3
"""The importers' models compiled for the GPU and saved, with their inputs and the framework's
own outputs, for tools/run_cuda_artifact.py on a GPU machine.

    .venv/bin/python tools/gpu_models.py DIR [--arch sm_90] [--cpu-check]

Models (the ones tests/torch/test_models.py checks on the CPU, built in code with random
weights): an MLP, a ResNet-18-style CNN, LSTM, GRU, nn.TransformerEncoder, and tiny GPT-2,
BERT, Llama and ViT from transformers; and two programs with dynamic sizes (examples/mlp.mlir,
a TransformerEncoder with dynamic batch and sequence), each saved once per input size. Each
is imported (torch: parameters as arguments), compiled with target="cuda", and saved as
DIR/<model>/. With --cpu-check the
GPU-mapped loops also run on the CPU against eager PyTorch here.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "python"))
sys.path.insert(0, str(ROOT / "tests" / "torch"))

TOLERANCE = {"rtol": 1e-3, "atol": 1e-4}


def models() -> dict:
    """name -> (module, example args)."""
    import torch
    from torch import nn
    import test_models as tm
    torch.manual_seed(0)
    out = {"mlp": (tm.MLP(), (torch.randn(4, 16),))}
    resnet = tm.ResNet18()
    tm._randomize_bn(resnet)
    out["resnet18_style"] = (resnet, (torch.randn(1, 3, 32, 32),))
    out["lstm"] = (tm.LSTM(), (torch.randn(2, 5, 8),))
    out["gru"] = (tm.GRU(), (torch.randn(2, 5, 8),))
    layer = nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, batch_first=True)
    out["transformer_encoder"] = (nn.TransformerEncoder(layer, 2, enable_nested_tensor=False),
                                  (torch.randn(2, 7, 32),))
    try:
        import transformers as T
    except ImportError:
        return out
    ids = tm._ids()
    out["gpt2_tiny"] = (tm.Logits(T.GPT2LMHeadModel(T.GPT2Config(
        n_layer=2, n_embd=32, n_head=2, vocab_size=100, n_positions=64, bos_token_id=0, eos_token_id=0)),
        use_cache=False), (ids,))
    out["bert_tiny"] = (tm.Logits(T.BertModel(T.BertConfig(
        vocab_size=100, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
        max_position_embeddings=64), add_pooling_layer=False)), (ids,))
    out["llama_tiny"] = (tm.Logits(T.LlamaForCausalLM(T.LlamaConfig(
        vocab_size=100, hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4,
        num_key_value_heads=2, max_position_embeddings=64, bos_token_id=0, eos_token_id=0, pad_token_id=0)),
        use_cache=False), (ids,))
    out["vit_tiny"] = (tm.Logits(T.ViTModel(T.ViTConfig(
        image_size=32, patch_size=8, num_channels=3, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
        intermediate_size=64), add_pooling_layer=False)), (torch.randn(1, 3, 32, 32),))
    return out


def dynamic_cases() -> list:
    """(name, program, input sets, expected output sets) compiled once with dynamic sizes and
    saved once per input set: examples/mlp.mlir (dynamic batch) and a TransformerEncoder
    exported with a dynamic batch and sequence."""
    import torch
    from torch import nn
    import shlo
    rng = np.random.default_rng(0)
    prog = shlo.parse((ROOT / "examples" / "mlp.mlir").read_text())
    weights = [rng.standard_normal(s).astype(np.float32) for s in ((4, 8), (8,), (8, 3), (3,))]
    sets = [[rng.standard_normal((n, 4)).astype(np.float32)] + weights for n in (5, 700)]
    cases = [("dyn_mlp", prog, sets, [[np.asarray(x) for x in shlo.interpret(prog, *a)] for a in sets])]
    torch.manual_seed(0)
    layer = nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, batch_first=True)
    m = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False).eval()
    b, t = torch.export.Dim("b", min=2, max=16), torch.export.Dim("t", min=2, max=64)
    prog = shlo.from_torch(m, (torch.randn(3, 5, 32),), dynamic_shapes=({0: b, 1: t},))
    sets, want = [], []
    for shape in ((2, 7, 32), (5, 19, 32)):
        x = torch.randn(*shape)
        with torch.no_grad():
            want.append([m(x).numpy()])
        sets.append([np.asarray(a) for a in prog.flatten_inputs(x)])
    cases.append(("dyn_transformer_encoder", prog, sets, want))
    return cases


def main(argv=None) -> int:
    import torch
    import torch.utils._pytree as pytree
    import shlo
    from shlo.lowering.gpu import compiler as gpu
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("directory", type=Path)
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--cpu-check", action="store_true")
    args = ap.parse_args(argv)
    failed = 0
    for name, prog, sets, wants in dynamic_cases():
        try:
            art = shlo.compile(prog, target="cuda", arch=args.arch)
            for n, (inputs, want) in enumerate(zip(sets, wants)):
                art.save(args.directory / f"{name}_{n}", inputs=inputs, expected=want, tolerance=TOLERANCE)
                if args.cpu_check:
                    got = gpu.cpu_check(prog)(*inputs)
                    ok = all(np.allclose(g, w, **TOLERANCE) for g, w in zip(got, want))
                    failed += not ok
                    print(f"{name}_{n}: mapped on CPU: {'ok' if ok else 'MISMATCH'}")
            print(f"{name:20s} saved for {len(sets)} input sizes: {len(art.kernels)} launches", flush=True)
        except Exception as e:  # noqa: BLE001 - report each model, keep going
            failed += 1
            print(f"{name:20s} FAILED: {type(e).__name__}: {str(e).splitlines()[0][:300]}", flush=True)
    for name, (model, example) in models().items():
        t0 = time.perf_counter()
        try:
            model = model.eval()
            with torch.no_grad():
                want = [t.detach().numpy() for t in pytree.tree_flatten(model(*example))[0]]
            prog = shlo.from_torch(model, example)
            flat = [np.asarray(a) for a in prog.flatten_inputs(*example)]
            art = shlo.compile(prog, target="cuda", arch=args.arch)
            art.save(args.directory / name, inputs=flat, expected=want, tolerance=TOLERANCE)
            note = ""
            if args.cpu_check:
                got = gpu.cpu_check(prog)(*flat)
                err = max(float(np.max(np.abs(np.asarray(g, np.float64) - w))) for g, w in zip(got, want))
                ok = all(np.allclose(g, w, **TOLERANCE) for g, w in zip(got, want))
                failed += not ok
                note = f"  mapped on CPU: {'ok' if ok else 'MISMATCH'} (max abs err {err:.2e})"
            print(f"{name:20s} saved: {len(art.kernels)} launches, compiled in {time.perf_counter() - t0:.1f} s{note}",
                  flush=True)
        except Exception as e:  # noqa: BLE001 - report each model, keep going
            failed += 1
            print(f"{name:20s} FAILED: {type(e).__name__}: {str(e).splitlines()[0][:300]}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
