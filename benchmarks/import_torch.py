#!/usr/bin/env python3
"""Import time and peak memory of GPT-2 (12 layers, width 768, sequence 128, weights inlined):
shlo.from_torch(ep, params="constants") against torch-mlir's
torch_mlir.fx.export_and_import(ep, output_type="stablehlo"), on the same ExportedProgram.

    .venv/bin/python benchmarks/import_torch.py [--runs 3] [--layers 12] [--model hf|code]

The model is built from a transformers GPT2Config with random weights (no download; --model
code, or no transformers installed, builds an equivalent GPT-2-style decoder here), exported
once and saved (torch.export.save). Each import runs in a child process that loads that
program, so its peak RSS (native memory included, from os.wait4's rusage) is its own; the
child also reports the peak it had reached before importing, so the import's own growth is
shown apart from the loaded program. Runs alternate between the two importers; medians are
printed with ratios ours / torch-mlir. Both importers decompose the program themselves
(from_torch to the core ATen set; export_and_import with torch-mlir's table).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


# -- the model ------------------------------------------------------------------------------------
def gpt2_hf(layers: int, width: int, heads: int, vocab: int):
    import transformers as T
    import torch
    cfg = T.GPT2Config(n_layer=layers, n_embd=width, n_head=heads, vocab_size=vocab, n_positions=1024,
                       bos_token_id=0, eos_token_id=0)
    model = T.GPT2LMHeadModel(cfg).eval()

    class Logits(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.model = model

        def forward(self, ids):
            return self.model(ids, use_cache=False, return_dict=False)[0]

    return Logits().eval()


def gpt2_code(layers: int, width: int, heads: int, vocab: int):
    """GPT-2's decoder written out: learned positions, pre-norm blocks, causal attention, tied head."""
    import torch
    from torch import nn

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln1, self.ln2 = nn.LayerNorm(width), nn.LayerNorm(width)
            self.qkv, self.proj = nn.Linear(width, 3 * width), nn.Linear(width, width)
            self.fc, self.out = nn.Linear(width, 4 * width), nn.Linear(4 * width, width)

        def forward(self, x):
            b, t, d = x.shape
            q, k, v = self.qkv(self.ln1(x)).split(d, -1)
            q, k, v = (z.view(b, t, heads, d // heads).transpose(1, 2) for z in (q, k, v))
            a = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + self.proj(a.transpose(1, 2).reshape(b, t, d))
            return x + self.out(nn.functional.gelu(self.fc(self.ln2(x)), approximate="tanh"))

    class GPT(nn.Module):
        def __init__(self):
            super().__init__()
            self.wte, self.wpe = nn.Embedding(vocab, width), nn.Embedding(1024, width)
            self.blocks = nn.ModuleList(Block() for _ in range(layers))
            self.ln = nn.LayerNorm(width)

        def forward(self, ids):
            x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
            for blk in self.blocks:
                x = blk(x)
            return self.ln(x) @ self.wte.weight.T

    return GPT().eval()


def export(args, path: str) -> str:
    import torch
    torch.manual_seed(0)
    kind = args.model
    if kind == "hf":
        try:
            import transformers  # noqa: F401
        except ImportError:
            print("transformers is not installed: using the GPT-2-style decoder written here")
            kind = "code"
    build = gpt2_hf if kind == "hf" else gpt2_code
    model = build(args.layers, args.width, args.heads, args.vocab)
    ids = torch.randint(0, args.vocab, (1, args.seq))
    with torch.no_grad():
        ep = torch.export.export(model, (ids,))
    torch.export.save(ep, path)
    n = sum(p.numel() for p in model.parameters())
    return f"GPT-2 ({kind}): {args.layers} layers, width {args.width}, sequence {args.seq}, {n / 1e6:.0f}M parameters"


# -- one import, in a child process ------------------------------------------------------------------
def child(which: str, path: str) -> None:
    import time
    import warnings
    warnings.simplefilter("ignore")
    import torch
    ep = torch.export.load(path)
    if which == "shlo":
        sys.path.insert(0, os.path.join(HERE, "..", "python"))
        import shlo
        importer = lambda: shlo.from_torch(ep, params="constants")  # noqa: E731
    else:
        from torch_mlir import fx
        importer = lambda: fx.export_and_import(ep, output_type="stablehlo")  # noqa: E731
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    out = importer()
    seconds = time.perf_counter() - t0
    # the peak of the import itself: read before anything prints the module (printing a module
    # writes its weights as hex text, gigabytes for GPT-2, in either importer)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    module = out.module if which == "shlo" else out
    print(json.dumps({"seconds": seconds, "rss_before_kb": before, "import_peak_kb": peak,
                      "ops": _count_ops(module.operation)}))


def _count_ops(op) -> int:
    """Ops of the program's dialect (shlo. / stablehlo.), by walking regions (no printing)."""
    n = 0
    for region in op.regions:
        for block in region.blocks:
            for child in block.operations:
                child = child.operation if hasattr(child, "operation") else child
                n += child.name.startswith(("shlo.", "stablehlo.")) + _count_ops(child)
    return n


def run_child(which: str, path: str) -> dict:
    """One import in a fresh process; its peak RSS from wait4's rusage (that child's own)."""
    with tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--child", which, path],
                                stdout=subprocess.PIPE, stderr=err, text=True)
        out = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)   # reaped here, not by Popen
        if proc.returncode != 0:
            err.seek(0)
            raise SystemExit(f"{which} import failed:\n{err.read()[-3000:]}")
    result = json.loads(out.strip().splitlines()[-1])
    result["peak_kb"] = usage.ru_maxrss
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3, help="imports per importer (interleaved)")
    ap.add_argument("--layers", type=int, default=12)
    ap.add_argument("--width", type=int, default=768)
    ap.add_argument("--heads", type=int, default=12)
    ap.add_argument("--vocab", type=int, default=50257)
    ap.add_argument("--seq", type=int, default=128)
    ap.add_argument("--model", choices=["hf", "code"], default="hf")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(*args.child)
        return
    try:
        import torch_mlir  # noqa: F401
    except ImportError:
        raise SystemExit("torch-mlir is not installed (the `bench` extra: pip install torch-mlir)")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "gpt2.pt2")
        print(export(args, path) + f"; medians of {args.runs} interleaved runs per importer")
        results = {"shlo": [], "torch-mlir": []}
        for _ in range(args.runs):
            for which in results:
                results[which].append(run_child(which, path))
    med = {w: {k: statistics.median(r[k] for r in rs) for k in ("seconds", "peak_kb", "rss_before_kb")}
           for w, rs in results.items()}
    ops = {w: rs[0]["ops"] for w, rs in results.items()}
    print(f"{'':28s}{'import s':>10s}{'peak RSS MB':>13s}{'import growth MB':>18s}{'ops':>8s}")
    for w, label in (("shlo", "shlo.from_torch"), ("torch-mlir", "torch_mlir export_and_import")):
        m = med[w]
        print(f"{label:28s}{m['seconds']:10.2f}{m['peak_kb'] / 1024:13.0f}"
              f"{(m['peak_kb'] - m['rss_before_kb']) / 1024:18.0f}{ops[w]:8d}")
    a, b = med["shlo"], med["torch-mlir"]
    print(f"ratios ours / torch-mlir: time {a['seconds'] / b['seconds']:.2f}, peak RSS {a['peak_kb'] / b['peak_kb']:.2f}, "
          f"import growth {(a['peak_kb'] - a['rss_before_kb']) / max(b['peak_kb'] - b['rss_before_kb'], 1):.2f}")


if __name__ == "__main__":
    main()
