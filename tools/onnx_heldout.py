#!/usr/bin/env python
"""A held-out-style set of ONNX models, written independently of the importer's converters, through
`shlo.from_onnx` + `shlo.interpret` (optionally `shlo.compile`) and matched against onnxruntime.

    .venv/bin/python tools/onnx_heldout.py                 # every model, prints each result and the pass rate
    .venv/bin/python tools/onnx_heldout.py -k gpt2 -v      # models whose name matches; tracebacks of failures
    .venv/bin/python tools/onnx_heldout.py --fast          # only the quick ones (those of the default test run)
    .venv/bin/python tools/onnx_heldout.py --compile       # also compiled

The models (onnx_heldout_models.py builds them):
  * exported by torch.onnx.export, the dynamo exporter and the TorchScript one, opsets 13 to 21:
    tiny `transformers` configs (GPT-2, BERT, T5 encoder, ViT, Whisper encoder) and nets written
    here (MobileNet-like depthwise convolutions, a UNet with ConvTranspose and Resize, LSTM / GRU
    sequence models, a detection head with TopK), some with dynamic axes run at two sizes;
  * written with onnx.helper: Loop with scan outputs, If inside a Loop, sequences, a detection
    post-processing graph (TopK, NonMaxSuppression, RoiAlign), f16 and bf16 models;
  * quantized by onnxruntime.quantization (quantize_dynamic: DynamicQuantizeLinear / MatMulInteger;
    quantize_static: QLinearConv / QDQ);
  * written by onnxruntime's own tools, with its com.microsoft contrib ops (onnx_heldout_ort_models.py:
    its session optimizer's saved graphs, its transformers optimizer, QOperator quantization, 4-bit
    MatMulNBits);
  * made the way outside users make them (onnx_heldout_users_models.py, `-k ^users_`): more
    exports at opsets 11 to 22, old-opset and version-converted graphs, external data layouts,
    the session optimizer and the quantizers run on those exports;
  * more of those (onnx_heldout_users2_models.py, `-k ^users2_`): a two-stage detector with
    RoiAlign over run-time proposals, segmentation, BERT / GPT-2 (past_key_values) / Whisper
    written in code, jit.script If / Loop, opsets 7 to 10, float16 / bfloat16 exports;
  * and more (onnx_heldout_users3_models.py, `-k ^users3_`): ragged sequences (repeat_interleave
    with run-time repeats, scripted lists of growing tensors), opset 7-11 attribute forms, QLinear /
    integer quantized graphs by hand, NonMaxSuppression post-processing, Loop / If reading outer
    values, Constant nodes in external data;
  * and more (onnx_heldout_users4_models.py, `-k ^users4_`): common layers exported with dynamic
    axes (GRU / LSTM / MultiheadAttention with a padding mask / GroupNorm UNet block / PixelShuffle /
    rotary causal attention / scatter and sort ops), opset 7-11 semantics (Softmax's 2-D coercion,
    MaxPool indices, Scatter-9, Resize-10), a while loop without a trip count, Scan-11 with
    reversed axes, nested Ifs in a Loop, a QDQ graph, mixed dtypes, shape arithmetic on ? dims;
  * and more (onnx_heldout_users5_models.py, `-k ^users5_`): transformers architectures beyond
    the five above (DistilBERT, RoBERTa, ALBERT, BART, OPT, BLOOM, GPT-Neo, DeBERTa-v2, Qwen2,
    Llama, Wav2Vec2, Segformer, ConvNeXt, Swin, CLIP vision), export_modules_as_functions,
    do_constant_folding=False, a scripted list of tensors with two run-time sizes, STFT, opset 7-12
    graphs (RNN / GRU / LSTM attribute forms, Lp ops, MaxRoiPool, Resize-11 modes, MaxUnpool,
    SoftmaxCrossEntropyLoss, If branches of other sizes).

A model passes when every input set gives onnxruntime's outputs (shape, dtype class and values
within the model's tolerance) and no run-time check is left inside a loop or branch body. bf16
models are compared with onnxruntime on the same graph in f32 (onnxruntime's CPU provider lacks
most bf16 kernels), with a bf16 tolerance.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import time
import traceback
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def compare(got, want, rtol, atol) -> str | None:
    """None when `got` matches onnxruntime's outputs `want`, else what differs."""
    if len(got) != len(want):
        return f"{len(got)} outputs, onnxruntime gives {len(want)}"
    for i, (g, w) in enumerate(zip(got, want)):
        if isinstance(w, list):             # a sequence output: its tensors in turn
            problem = compare(g, w, rtol, atol) if isinstance(g, list) else "not a sequence"
            if problem:
                return f"output {i} (a sequence): {problem}"
            continue
        g, w = np.asarray(g), np.asarray(w)
        if g.shape != w.shape:
            return f"output {i}: shape {g.shape}, onnxruntime {w.shape}"
        if w.dtype.kind in "fc" or w.dtype.name == "bfloat16":
            g64, w64 = g.astype(np.float64), w.astype(np.float64)
            bad = ~np.isclose(g64, w64, rtol=rtol, atol=atol, equal_nan=True)
            if bad.any():
                err = np.nanmax(np.abs(g64 - w64))
                return f"output {i}: {int(bad.sum())}/{bad.size} elements differ, max abs error {err:.3g}"
        elif g.dtype != w.dtype and not (g.dtype.kind == w.dtype.kind and g.dtype.itemsize == w.dtype.itemsize):
            return f"output {i}: dtype {g.dtype}, onnxruntime {w.dtype}"
        elif not np.array_equal(g, w):
            return f"output {i}: {int((g != w).sum())}/{g.size} elements differ"
    return None


def reference(case, inputs):
    """onnxruntime's outputs for one input set (on the f32 twin for bf16 models, and for f16 ones
    that name a twin)."""
    import onnxruntime as ort
    model = case.reference_model or case.model
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    sess = ort.InferenceSession(model.SerializeToString(), opts, providers=["CPUExecutionProvider"])
    feed = {}
    for i, x in zip(sess.get_inputs(), inputs):
        x = np.asarray(x)
        low = x.dtype.name == "bfloat16" or (case.reference_model is not None and x.dtype == np.float16)
        feed[i.name] = x.astype(np.float32) if low else x
    return sess.run(None, feed)


def run_case(case, compile_too=False) -> dict:
    """{name, status ('pass' / 'fail' / 'import-error' / 'error'), detail, seconds}; never raises."""
    import shlo
    t0 = time.perf_counter()
    out = {"name": case.name, "status": "pass", "detail": ""}
    try:
        prog = shlo.from_onnx(case.model)
    except Exception as e:  # noqa: BLE001 - reported per model
        out.update(status="import-error", detail=f"{type(e).__name__}: {e}", trace=traceback.format_exc())
        out["seconds"] = time.perf_counter() - t0
        return out
    from shlo.importers.onnx.checks import checks_left_in_regions
    left = checks_left_in_regions(prog)
    if left:        # (compiled code would refuse them; interpreted they would still run)
        out.update(status="fail", detail=f"{left} check.assert(s) left inside a region", seconds=time.perf_counter() - t0)
        return out
    try:
        # (sequence outputs come back as lists, as onnxruntime gives them)
        runs = [("interpret", lambda *xs: prog.unflatten_outputs(shlo.interpret(prog, *xs)))]
        if compile_too:
            compiled = shlo.compile(prog)
            runs.append(("compiled", lambda *xs: prog.unflatten_outputs(list(compiled(*xs)))))
        for k, inputs in enumerate(case.inputs):
            want = reference(case, inputs)
            for how, fn in runs:
                problem = compare(fn(*inputs), want, case.rtol, case.atol)
                if problem:
                    out.update(status="fail", detail=f"{how}, input set {k}: {problem}")
                    break
            if out["status"] != "pass":
                break
    except Exception as e:  # noqa: BLE001
        out.update(status="error", detail=f"{type(e).__name__}: {str(e)[:500]}", trace=traceback.format_exc())
    out["seconds"] = time.perf_counter() - t0
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("-k", dest="pattern", help="only models whose name matches this regular expression")
    p.add_argument("--fast", action="store_true", help="only the models of the default test run")
    p.add_argument("--compile", action="store_true", help="also compile each model")
    p.add_argument("-v", "--verbose", action="store_true", help="print the traceback of each failure")
    args = p.parse_args(argv)
    warnings.simplefilter("ignore")
    import logging
    logging.disable(logging.WARNING)      # the exporters' and quantizer's notes ("torchvision is not installed", ...)
    import onnx_heldout_models as models

    import onnx_heldout_more_models as more_models
    import onnx_heldout_ort_models as ort_models
    import onnx_heldout_users2_models as users2_models
    import onnx_heldout_users3_models as users3_models
    import onnx_heldout_users4_models as users4_models
    import onnx_heldout_users5_models as users5_models
    import onnx_heldout_users_models as users_models

    every = (models.SPECS + more_models.SPECS + ort_models.SPECS + users_models.SPECS + users2_models.SPECS
             + users3_models.SPECS + users4_models.SPECS + users5_models.SPECS)
    specs = [s for s in every if (not args.fast or not s.slow)
             and (not args.pattern or re.search(args.pattern, s.name))]
    from heldout_report import Report
    report = Report(("not-built",), "built", args.verbose)
    for spec in specs:
        try:
            case = models.build(spec)
        except Exception as e:  # noqa: BLE001 - a model the exporter cannot make is not counted
            print(f"{'not-built':12} {spec.name}: {type(e).__name__}: {str(e)[:300]}", flush=True)
            report.counts["not-built"] = report.counts.get("not-built", 0) + 1
            continue
        report.add(run_case(case, args.compile))
    return report.finish(len(specs))


if __name__ == "__main__":
    sys.exit(main())
