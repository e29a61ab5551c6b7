"""Whole models through shlo.from_onnx, interpreted and compiled:

(a) models exported from PyTorch (torch.onnx.export: the dynamo exporter when onnxscript is
    installed, else the TorchScript one, dynamo=False), matched against onnxruntime: a small
    CNN, a 2-layer nn.TransformerEncoder, and models with dynamic batch and sequence axes run at
    two sizes from one import;
(b) ONNX's "light" real models (AlexNet, DenseNet-121, Inception v1/v2, ResNet-50, ShuffleNet,
    SqueezeNet, VGG-19, ZFNet-512) against their reference outputs: opt-in (SHLO_ONNX_LIGHT=1;
    tools/fetch_onnx_light_models.sh fetches them into ~/.cache/shlo/onnx-light, or
    $SHLO_ONNX_LIGHT_DIR, and is run here when they are missing).
"""
from __future__ import annotations

import importlib.util
import io
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

import shlo

torch = pytest.importorskip("torch")
ort = pytest.importorskip("onnxruntime")
onnx = pytest.importorskip("onnx")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
DYNAMO = importlib.util.find_spec("onnxscript") is not None      # the dynamo exporter needs onnxscript
RTOL, ATOL = 1e-4, 1e-5


def _export(module, args, dynamic_axes=None, dynamo=DYNAMO):
    """The module (eval mode) as an ONNX ModelProto; `dynamic_axes` {input / output name: {dim: name}}."""
    names_in = [f"x{i}" for i in range(len(args))]
    with warnings.catch_warnings():      # not under no_grad: eval + no_grad takes nn.Transformer's fused path,
        warnings.simplefilter("ignore")  # which the TorchScript exporter cannot export
        if dynamo:
            prog = torch.onnx.export(module.eval(), args, dynamo=True, input_names=names_in, output_names=["y"],
                                     dynamic_axes=dynamic_axes, verbose=False)
            return prog.model_proto
        f = io.BytesIO()
        torch.onnx.export(module.eval(), args, f, dynamo=False, input_names=names_in, output_names=["y"],
                          dynamic_axes=dynamic_axes, opset_version=17)
        return onnx.load_from_string(f.getvalue())


def _check(model, prog, compiled, *inputs):
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    want = sess.run(None, {i.name: x for i, x in zip(sess.get_inputs(), inputs)})
    for how, got in (("interpret", shlo.interpret(prog, *inputs)), ("compiled", compiled(*inputs))):
        assert len(got) == len(want), how
        for g, w in zip(got, want):
            assert np.asarray(g).shape == w.shape, how
            np.testing.assert_allclose(np.asarray(g), w, rtol=RTOL, atol=ATOL, err_msg=how)


def _run(module, *shapes, dynamic_axes=None, dynamo=DYNAMO):
    """Exports at the first shapes, imports once, checks at every set of shapes."""
    rng = np.random.default_rng(0)
    sets = [[rng.standard_normal(s).astype(np.float32) for s in shape_set] for shape_set in shapes]
    model = _export(module, tuple(torch.from_numpy(x) for x in sets[0]), dynamic_axes, dynamo)
    prog = shlo.from_onnx(model)
    compiled = shlo.compile(prog)
    for xs in sets:
        _check(model, prog, compiled, *xs)
    return prog


class SmallCNN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.features = torch.nn.Sequential(
            torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
            torch.nn.Conv2d(8, 16, 3, stride=2, padding=1, groups=2), torch.nn.ReLU(),
            torch.nn.AdaptiveAvgPool2d(1))
        self.head = torch.nn.Linear(16, 10)

    def forward(self, x):
        return torch.softmax(self.head(torch.flatten(self.features(x), 1)), -1)


def _encoder():
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, batch_first=True)
    return torch.nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)


class TokenMixer(torch.nn.Module):
    """Per-token MLP, layer norm and a softmax over the sequence: nothing that bakes a size in,
    so that both exporters keep the batch and sequence axes dynamic."""

    def __init__(self):
        super().__init__()
        self.up, self.down, self.norm = torch.nn.Linear(16, 32), torch.nn.Linear(32, 16), torch.nn.LayerNorm(16)

    def forward(self, x):
        h = self.norm(x + self.down(torch.nn.functional.gelu(self.up(x))))
        scores = torch.softmax(h @ h.transpose(1, 2) / 4.0, dim=-1)
        return scores @ h


def test_small_cnn():
    torch.manual_seed(0)
    m = SmallCNN()
    with torch.no_grad():          # non-trivial running statistics for BatchNormalization
        m.features[1].running_mean.uniform_(-0.5, 0.5)
        m.features[1].running_var.uniform_(0.5, 2.0)
    _run(m, [(2, 3, 16, 16)])


# the dynamo exports of the encoder (15-30 s each here) with SHLO_ONNX_LIGHT=1; the dynamo exporter
# stays in the default run through test_small_cnn
LONG = bool(os.environ.get("SHLO_ONNX_LIGHT"))


@pytest.mark.parametrize("dynamo", [False] + ([pytest.param(True, marks=pytest.mark.skipif(
    not LONG, reason="the dynamo export: SHLO_ONNX_LIGHT=1"))] if DYNAMO else []),
    ids=lambda d: "dynamo" if d else "torchscript")
def test_transformer_encoder(dynamo):
    _run(_encoder(), [(2, 5, 32)], dynamo=dynamo)


def test_dynamic_batch_and_sequence():
    prog = _run(TokenMixer(), [(2, 5, 16)], [(3, 9, 16)],
                dynamic_axes={"x0": {0: "batch", 1: "seq"}, "y": {0: "batch", 1: "seq"}}, dynamo=False)
    assert "?x?x16" in prog.text()          # one import, both sizes dynamic


@pytest.mark.skipif(not DYNAMO, reason="the dynamo exporter (onnxscript) keeps the encoder's axes dynamic")
@pytest.mark.skipif(not LONG, reason="the dynamo export: SHLO_ONNX_LIGHT=1 (test_dynamic_batch_and_sequence "
                    "runs two sizes by default)")
def test_dynamic_transformer_encoder():
    _run(_encoder(), [(2, 5, 32)], [(3, 7, 32)],
         dynamic_axes={"x0": {0: "batch", 1: "seq"}, "y": {0: "batch", 1: "seq"}})


def test_size_of_dynamic_dimension():
    """Shape -> Gather(scalar index): how TorchScript-exported models read a dynamic size."""
    from onnx import TensorProto, helper
    nodes = [helper.make_node("Shape", ["x"], ["s"]),
             helper.make_node("Constant", [], ["i"], value=helper.make_tensor("i", TensorProto.INT64, [], [0])),
             helper.make_node("Gather", ["s", "i"], ["y"], axis=0)]
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["b", 4])],
                              [helper.make_tensor_value_info("y", TensorProto.INT64, [])])
    prog = shlo.from_onnx(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))
    x = np.zeros((3, 4), np.float32)
    assert np.asarray(shlo.compile(prog)(x)[0]).shape == ()
    (got,) = shlo.interpret(prog, x)
    assert np.asarray(got).shape == () and int(got) == 3


# ------------------------------------------------------------------------------ light real models

LIGHT = ["bvlc_alexnet", "densenet121", "inception_v1", "inception_v2", "resnet50", "shufflenet", "squeezenet",
         "vgg19", "zfnet512"]
LIGHT_DIR = os.path.expanduser(os.environ.get("SHLO_ONNX_LIGHT_DIR", "~/.cache/shlo/onnx-light"))


@pytest.fixture(scope="module")
def light_dir():
    if not os.path.exists(os.path.join(LIGHT_DIR, "light_resnet50.onnx")):
        r = subprocess.run(["bash", os.path.join(ROOT, "tools", "fetch_onnx_light_models.sh"), LIGHT_DIR],
                           capture_output=True, text=True, env={**os.environ, "PYTHON": sys.executable})
        if r.returncode:
            pytest.skip(f"could not fetch the light models: {r.stderr[-500:]}")
    return LIGHT_DIR


@pytest.mark.skipif(not os.environ.get("SHLO_ONNX_LIGHT"), reason="large models: SHLO_ONNX_LIGHT=1")
@pytest.mark.parametrize("name", LIGHT)
def test_light_model(name, light_dir):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import onnx_conformance as conformance
    case = next(c for c, _ in conformance.collect(node=False, model=False, light=True) if c.model_name == name)
    model, data_sets = conformance.load_light(case, light_dir)
    assert model is not None, data_sets
    prog = shlo.from_onnx(model)
    compiled = shlo.compile(prog)
    for inputs, expected in data_sets:
        for how, got in (("interpret", shlo.interpret(prog, *inputs)), ("compiled", compiled(*inputs))):
            problem, err = conformance.compare(got, expected, case.rtol, case.atol)
            assert problem is None, f"{how}: {problem}"
