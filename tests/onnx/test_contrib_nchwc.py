"""onnxruntime's com.microsoft.nchwc ops, in float CNNs that onnxruntime's session optimizer saved
at ORT_ENABLE_ALL on this machine (blocked Conv with fused activations (HardSwish, Relu, Sigmoid) and Sum, depthwise Conv,
BatchNormalization as a Conv, pools, nearest / linear Upsample, Concat and element-wise ops on
blocked values, NHWC ReorderInput / ReorderOutput, a dynamic batch), against onnxruntime running
the saved file; the block size is read off the file's channel counts, or given where the file
cannot tell it."""
from __future__ import annotations

import numpy as np
import pytest

ort = pytest.importorskip("onnxruntime")
torch = pytest.importorskip("torch")
onnx = pytest.importorskip("onnx")

import shlo  # noqa: E402
from shlo.importers.onnx.nchwc import Layout  # noqa: E402

F = torch.nn.functional


class Mixed(torch.nn.Module):
    """Channel counts 20 and 24 (not multiples of 16): the block size shows in the file."""

    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 20, 3, padding=1)
        self.c2 = torch.nn.Conv2d(20, 32, 3, stride=2, padding=1)
        self.dw = torch.nn.Conv2d(32, 32, 3, padding=1, groups=32)
        self.bn = torch.nn.BatchNorm2d(32)
        self.c3 = torch.nn.Conv2d(32, 24, 1)
        self.c4 = torch.nn.Conv2d(64, 16, 1)
        with torch.no_grad():
            self.bn.weight.uniform_(0.5, 1.5)
            self.bn.bias.uniform_(-0.5, 0.5)
            self.bn.running_mean.uniform_(-0.5, 0.5)
            self.bn.running_var.uniform_(0.5, 1.5)

    def forward(self, x):
        a = F.hardswish(self.c1(x))
        b = torch.relu(self.c2(a))
        c = F.avg_pool2d(self.dw(b), 3, stride=1, padding=1) + b
        d = torch.sigmoid(self.bn(c)) * c
        u = F.interpolate(self.c4(torch.cat([d, b], 1)), scale_factor=2, mode="nearest")
        g = F.max_pool2d(u, 2)
        return self.c3(torch.relu(d)), g, F.adaptive_max_pool2d(g, 1), F.adaptive_avg_pool2d(d, 1)


class ChannelsLast(torch.nn.Module):
    """An NHWC input and output around blocked convolutions, linear and nearest Upsample."""

    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(24, 40, 3, padding=1)
        self.c2 = torch.nn.Conv2d(40, 20, 1)

    def forward(self, x):
        a = torch.relu(self.c1(x.permute(0, 3, 1, 2)))
        u = F.interpolate(a, scale_factor=2, mode="bilinear", align_corners=False)
        return self.c2(u + F.interpolate(a, scale_factor=2, mode="nearest")).permute(0, 2, 3, 1)


class Sixteens(torch.nn.Module):
    """Every channel count a multiple of 16: blocks of 8 and of 16 both fit the file."""

    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 16, 3, padding=1)
        self.c2 = torch.nn.Conv2d(16, 32, 3, padding=1)
        self.c3 = torch.nn.Conv2d(32, 32, 1)

    def forward(self, x):
        y = torch.relu(self.c2(torch.relu(self.c1(x))))
        return F.adaptive_avg_pool2d(self.c3(y) + y, 1).flatten(1)


def _saved_all(tmp_path, module, shape, name):
    torch.manual_seed(0)
    net = module().eval()
    src, dst = str(tmp_path / f"{name}.onnx"), str(tmp_path / f"{name}_all.onnx")
    torch.onnx.export(net, (torch.randn(*shape),), src, dynamo=False, opset_version=17, input_names=["x"],
                      dynamic_axes={"x": {0: "batch"}})
    so = ort.SessionOptions()
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    so.optimized_model_filepath = dst
    ort.InferenceSession(src, so, providers=["CPUExecutionProvider"])
    m = onnx.load(dst)
    assert any(n.domain == "com.microsoft.nchwc" and n.op_type == "Conv" for n in m.graph.node)
    return dst


def _ort_run(path, x):
    so = ort.SessionOptions()
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    return ort.InferenceSession(path, so, providers=["CPUExecutionProvider"]).run(None, {"x": x})


def _outs(got):
    return [np.asarray(g) for g in (got if isinstance(got, (list, tuple)) else [got])]


def _check(prog, path, shape, compiled=False):
    x = np.random.default_rng(shape[0]).standard_normal(shape).astype(np.float32)
    want = _ort_run(path, x)
    runs = [_outs(shlo.interpret(prog, x))] + ([_outs(shlo.compile(prog)(x))] if compiled else [])
    for got in runs:
        assert len(got) == len(want)
        for g, w in zip(got, want):
            assert g.shape == w.shape
            np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("module,shape", [(Mixed, (1, 3, 16, 16)), (ChannelsLast, (2, 8, 8, 24))])
def test_nchwc_models_saved_by_onnxruntime(tmp_path, module, shape):
    path = _saved_all(tmp_path, module, shape, module.__name__)
    assert len(Layout(onnx.load(path).graph).sizes) == 1
    if module is Mixed:     # the fused activations it is there for
        acts = {a.s for n in onnx.load(path).graph.node if n.domain == "com.microsoft.nchwc" for a in n.attribute
                if a.name == "activation"}
        assert {b"HardSwish", b"Relu", b"Sigmoid"} <= acts, acts
    prog = shlo.from_onnx(path)
    _check(prog, path, shape, compiled=True)
    _check(prog, path, (3,) + shape[1:])              # the dynamic batch


def test_nchwc_block_size_the_file_cannot_tell(tmp_path):
    machine = Layout(onnx.load(_saved_all(tmp_path, Mixed, (1, 3, 16, 16), "mixed")).graph).sizes[0]
    path = _saved_all(tmp_path, Sixteens, (1, 3, 12, 12), "sixteens")
    assert Layout(onnx.load(path).graph).sizes == [8, 16]
    with pytest.raises(shlo.ImportError, match="cannot be told from it.*nchwc_block_size"):
        shlo.from_onnx(path)
    _check(shlo.from_onnx(path, nchwc_block_size=machine), path, (2, 3, 12, 12))
    other = 8 if machine == 16 else 16          # the weights read in the wrong blocks: other numbers
    x = np.random.default_rng(0).standard_normal((1, 3, 12, 12)).astype(np.float32)
    wrong = _outs(shlo.interpret(shlo.from_onnx(path, nchwc_block_size=other), x))[0]
    assert not np.allclose(wrong, _ort_run(path, x)[0], rtol=1e-3, atol=1e-3)


def test_nchwc_block_size_that_disagrees_with_the_file(tmp_path):
    path = _saved_all(tmp_path, Mixed, (1, 3, 16, 16), "mixed")
    machine = Layout(onnx.load(path).graph).sizes[0]
    with pytest.raises(shlo.ImportError, match=f"nchwc_block_size={24 - machine} disagrees"):
        shlo.from_onnx(path, nchwc_block_size=24 - machine)
