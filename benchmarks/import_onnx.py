#!/usr/bin/env python3
"""Import cost of an ONNX ResNet-50 (random weights, ~25.6M parameters, ~100 MB file):
shlo.from_onnx(path) against onnxruntime.InferenceSession(path) creation, each in a fresh
child process (time of the call alone, after the imports; peak RSS from /proc/self/status
VmHWM), medians of interleaved runs, printed as ratios ours / onnxruntime, with the spread and
the median seconds of from_onnx's stages (load, shape inference, convert, verify).

    .venv/bin/python benchmarks/import_onnx.py [--runs 5] [--model FILE.onnx] [--external]

--external saves the ResNet-50's weights in an external data file beside the model (as large
models are shipped); the model size counts the data files.

Goals: import time <= 1.0x session creation; peak memory <= model size + 300 MB.
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

CHILD = r"""
import json, sys, time
def status(key):
    for line in open("/proc/self/status"):
        if line.startswith(key + ":"):
            return int(line.split()[1]) / 1024.0          # kB -> MB
which, path = sys.argv[1], sys.argv[2]
if which == "shlo":
    import shlo
    import shlo.importers.onnx                              # converters registered before timing
    run = lambda: shlo.from_onnx(path)
else:
    import onnxruntime as ort
    opts = ort.SessionOptions()
    run = lambda: ort.InferenceSession(path, opts, providers=["CPUExecutionProvider"])
before = status("VmRSS")
t0 = time.perf_counter()
result = run()
seconds = time.perf_counter() - t0
stages = dict(shlo.importers.onnx.last_stage_seconds) if which == "shlo" else {}
print(json.dumps({"seconds": seconds, "peak_mb": status("VmHWM"), "before_mb": before, "stages": stages}))
"""


def resnet50():
    """torchvision's ResNet-50 layout (bottleneck blocks 3-4-6-3), written out in torch."""
    import torch
    from torch import nn

    class Bottleneck(nn.Module):
        def __init__(self, cin, width, stride):
            super().__init__()
            cout = width * 4
            self.conv1, self.bn1 = nn.Conv2d(cin, width, 1, bias=False), nn.BatchNorm2d(width)
            self.conv2, self.bn2 = nn.Conv2d(width, width, 3, stride, 1, bias=False), nn.BatchNorm2d(width)
            self.conv3, self.bn3 = nn.Conv2d(width, cout, 1, bias=False), nn.BatchNorm2d(cout)
            self.down = None
            if stride != 1 or cin != cout:
                self.down = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

        def forward(self, x):
            y = torch.relu(self.bn1(self.conv1(x)))
            y = torch.relu(self.bn2(self.conv2(y)))
            y = self.bn3(self.conv3(y))
            return torch.relu(y + (x if self.down is None else self.down(x)))

    layers, cin = [], 64
    for width, blocks, stride in ((64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)):
        for b in range(blocks):
            layers.append(Bottleneck(cin, width, stride if b == 0 else 1))
            cin = width * 4
    return nn.Sequential(nn.Conv2d(3, 64, 7, 2, 3, bias=False), nn.BatchNorm2d(64), nn.ReLU(),
                         nn.MaxPool2d(3, 2, 1), *layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(2048, 1000))


def export_resnet50(path: str) -> int:
    import warnings

    import torch
    torch.manual_seed(0)
    model = resnet50().eval()
    params = sum(p.numel() for p in model.parameters())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(model, (torch.randn(1, 3, 224, 224),), path, dynamo=False, opset_version=17,
                          input_names=["x"], output_names=["y"], dynamic_axes={"x": {0: "batch"}, "y": {0: "batch"}})
    return params


def save_external(path: str, out: str) -> None:
    """The model at `path` saved at `out` with its weights in one data file beside it."""
    import onnx
    onnx.save_model(onnx.load(path), out, save_as_external_data=True, all_tensors_to_one_file=True,
                    location=os.path.basename(out) + ".data", size_threshold=1024)


def model_bytes(path: str) -> int:
    """The model file's size plus that of the external data files it names."""
    import onnx
    model = onnx.load(path, load_external_data=False)
    files = {e.value for t in model.graph.initializer for e in t.external_data
             if e.key == "location"}
    return os.path.getsize(path) + sum(os.path.getsize(os.path.join(os.path.dirname(path), f)) for f in files)


def child(which: str, path: str) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, which, path], capture_output=True, text=True, check=False)
    if out.returncode:
        raise SystemExit(f"{which} child failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--model", help="an ONNX file to use instead of the generated ResNet-50")
    ap.add_argument("--external", action="store_true", help="weights in an external data file beside the model")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = args.model
        if path is None:
            path = os.path.join(tmp, "resnet50.onnx")
            t0 = time.perf_counter()
            params = export_resnet50(path)
            print(f"ResNet-50: {params / 1e6:.1f}M parameters, exported in {time.perf_counter() - t0:.1f} s")
        if args.external:
            os.makedirs(os.path.join(tmp, "external"))
            save_external(path, os.path.join(tmp, "external", "model.onnx"))
            path = os.path.join(tmp, "external", "model.onnx")
        size_mb = model_bytes(path) / 2**20
        external_mb = size_mb - os.path.getsize(path) / 2**20
        print(f"model: {size_mb:.1f} MB" + (f" ({external_mb:.1f} MB of it in external data)" if external_mb else ""))
        runs = {"shlo": [], "ort": []}
        for r in range(args.runs):
            order = ("shlo", "ort") if r % 2 == 0 else ("ort", "shlo")     # interleaved
            for which in order:
                runs[which].append(child(which, path))
    med = {w: {k: statistics.median(x[k] for x in rs) for k in ("seconds", "peak_mb", "before_mb")}
           for w, rs in runs.items()}
    s, o = med["shlo"], med["ort"]
    spread = {w: (min(x["seconds"] for x in rs), max(x["seconds"] for x in rs)) for w, rs in runs.items()}
    print(f"{'':<28}{'shlo.from_onnx':>16}{'ort session':>14}{'ratio':>9}")
    print(f"{'time (s, median)':<28}{s['seconds']:>16.3f}{o['seconds']:>14.3f}{s['seconds'] / o['seconds']:>8.2f}x")
    lo_hi = {w: f"{a:.3f} .. {b:.3f}" for w, (a, b) in spread.items()}
    print(f"{'time (s, min .. max)':<28}{lo_hi['shlo']:>16}  {lo_hi['ort']:>12}")
    print(f"{'peak RSS (MB, VmHWM)':<28}{s['peak_mb']:>16.0f}{o['peak_mb']:>14.0f}{s['peak_mb'] / o['peak_mb']:>8.2f}x")
    print(f"{'RSS before the call (MB)':<28}{s['before_mb']:>16.0f}{o['before_mb']:>14.0f}")
    stages = {k: statistics.median(x["stages"][k] for x in runs["shlo"]) for k in runs["shlo"][0]["stages"]}
    print("shlo.from_onnx stages (s, median): " + ", ".join(f"{k} {v:.3f}" for k, v in stages.items()))
    grow = s["peak_mb"] - s["before_mb"]
    print(f"shlo peak growth over the imports: {grow:.0f} MB (goal: <= model {size_mb:.0f} MB + 300 MB = "
          f"{size_mb + 300:.0f} MB); whole-process peak {s['peak_mb']:.0f} MB")
    print(f"time goal (<= 1.0x): {'met' if s['seconds'] <= o['seconds'] else 'not met'}; memory goal: "
          f"{'met' if grow <= size_mb + 300 else 'not met'} (growth), "
          f"{'met' if s['peak_mb'] <= size_mb + 300 else 'not met'} (whole process)")


if __name__ == "__main__":
    main()
