"""Held-out-style ONNX models that come out of onnxruntime's own tools, so they carry its
`com.microsoft` contrib ops (tools/onnx_heldout.py runs them with the others):

  * graph optimization level ORT_ENABLE_EXTENDED (and ORT_ENABLE_ALL for quantized models), saved
    with SessionOptions.optimized_model_filepath: FusedConv, FusedMatMul, BiasGelu, QuickGelu,
    SkipLayerNormalization, LayerNormalization at opset 13, DynamicQuantizeMatMul,
    MatMulIntegerToFloat, channels-last QLinearConv and NhwcMaxPool, QDQ groups run as QLinear ops;
  * onnxruntime.transformers.optimizer.optimize_model on tiny `transformers` exports (GPT-2, BERT
    with Attention / MultiHeadAttention / EmbedLayerNormalization, ViT, T5, Whisper), also
    converted to float16 by its convert_float_to_float16;
  * onnxruntime.quantization: quantize_static in QOperator format (QLinearAdd / Mul / Sigmoid /
    LeakyRelu / Concat / AveragePool / GlobalAveragePool, QGemm, QLinearSoftmax) with uint8 and
    int8 activations, QDQ with its own QuantizeLinear / DequantizeLinear, quantize_dynamic after the
    transformers optimizer (QAttention, QEmbedLayerNormalization), and the 4-bit weight quantizer
    (MatMulNBits).

The small graphs written here with onnx.helper run in the default test run; the transformers ones
are slow (SHLO_ONNX_LIGHT=1), as in onnx_heldout_models.py.
"""
from __future__ import annotations

import math
import os
import tempfile
import warnings

import numpy as np

import onnx_heldout_models as base
from onnx_heldout_models import Spec


MS = "com.microsoft"


def _rng(seed):
    return np.random.default_rng(seed)


def _ort_optimized(model, level="extended"):
    """The model as onnxruntime's session optimizer writes it (optimized_model_filepath)."""
    import onnx
    import onnxruntime as ort
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, "m.onnx"), os.path.join(d, "opt.onnx")
        onnx.save(model, src)
        so = ort.SessionOptions()
        so.graph_optimization_level = {"extended": ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED,
                                       "all": ort.GraphOptimizationLevel.ORT_ENABLE_ALL}[level]
        so.optimized_model_filepath = dst
        so.log_severity_level = 3
        ort.InferenceSession(src, so, providers=["CPUExecutionProvider"])
        return onnx.load(dst)


def _model(nodes, inputs, outputs, opset, inits):
    from onnx import helper
    m = helper.make_model(helper.make_graph(nodes, "g", inputs, outputs, inits),
                          opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = 8
    return m


def _weights(rng, **shapes):
    from onnx import numpy_helper
    out = []
    for name, (shape, scale) in shapes.items():
        out.append(numpy_helper.from_array((rng.standard_normal(shape) * scale).astype(np.float32), name))
    return out


def _consts(**values):
    from onnx import numpy_helper
    return [numpy_helper.from_array(np.asarray(v, np.float32), k) for k, v in values.items()]


# ------------------------------------------------------------------------------ ORT_ENABLE_EXTENDED

def _fused_convnet():
    """Conv + Relu, Conv + residual Add + Relu, Conv + Clip (ReLU6), Conv + LeakyRelu, Conv + Sigmoid:
    FusedConv with each activation (the residual as its Z input)."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(11)
        N = helper.make_node
        inits = _weights(rng, w1=((8, 3, 3, 3), 0.4), b1=((8,), 0.1), w2=((8, 8, 3, 3), 0.2), b2=((8,), 0.1),
                         w3=((8, 8, 1, 1), 0.3), w4=((8, 8, 3, 3), 0.2), b4=((8,), 0.1), w5=((4, 8, 1, 1), 0.3))
        inits += _consts(lo=0.0, hi=6.0)
        nodes = [N("Conv", ["x", "w1", "b1"], ["c1"], pads=[1, 1, 1, 1]), N("Relu", ["c1"], ["r1"]),
                 N("Conv", ["r1", "w2", "b2"], ["c2"], pads=[1, 1, 1, 1]), N("Add", ["c2", "r1"], ["s2"]),
                 N("Relu", ["s2"], ["r2"]),
                 N("Conv", ["r2", "w3"], ["c3"]), N("Clip", ["c3", "lo", "hi"], ["r3"]),
                 N("Conv", ["r3", "w4", "b4"], ["c4"], pads=[1, 1, 1, 1], strides=[2, 2]),
                 N("LeakyRelu", ["c4"], ["r4"], alpha=0.2),
                 N("Conv", ["r4", "w5"], ["c5"]), N("Sigmoid", ["c5"], ["y"])]
        m = _model(nodes, [helper.make_tensor_value_info("x", T.FLOAT, ["n", 3, 10, 10])],
                   [helper.make_tensor_value_info("y", T.FLOAT, ["n", 4, 5, 5])], 17, inits)
        sets = [[_rng(s).standard_normal((n, 3, 10, 10)).astype(np.float32)] for s, n in ((1, 2), (2, 3))]
        return _ort_optimized(m), sets
    return build


def _fused_mlp(skip: bool):
    """An opset-13 MLP block written out op by op: erf GELU with its bias (BiasGelu), x * sigmoid(1.702 x)
    (QuickGelu), a scaled product with a transposed weight (FusedMatMul), and a layer norm spelled
    with ReduceMean / Pow / Sqrt, after a residual Add (SkipLayerNormalization) or alone
    (onnxruntime's LayerNormalization in the default domain, at an opset where ONNX has none)."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(12)
        N = helper.make_node
        inits = _weights(rng, w1=((16, 32), 0.3), b1=((32,), 0.1), w2=((32, 32), 0.2), w3=((32, 16), 0.3),
                         g=((16,), 1.0), be=((16,), 0.1))
        inits += _consts(half=0.5, one=1.0, sqrt2=math.sqrt(2), qa=1.702, eps=1e-5, two=2.0, alpha=0.25)
        nodes = [N("MatMul", ["x", "w1"], ["m1"]), N("Add", ["m1", "b1"], ["a1"]),
                 N("Div", ["a1", "sqrt2"], ["d1"]), N("Erf", ["d1"], ["e1"]), N("Add", ["e1", "one"], ["e2"]),
                 N("Mul", ["a1", "e2"], ["e3"]), N("Mul", ["e3", "half"], ["g1"]),
                 N("Mul", ["g1", "qa"], ["q1"]), N("Sigmoid", ["q1"], ["q2"]), N("Mul", ["g1", "q2"], ["g2"]),
                 N("Transpose", ["w2"], ["w2t"], perm=[1, 0]), N("MatMul", ["g2", "w2t"], ["m2"]),
                 N("Mul", ["m2", "alpha"], ["m2s"]), N("MatMul", ["m2s", "w3"], ["m3"])]
        if skip:
            nodes.append(N("Add", ["m3", "x"], ["s1"]))
        ln_in = "s1" if skip else "m3"
        nodes += [N("ReduceMean", [ln_in], ["mu"], axes=[-1]), N("Sub", [ln_in, "mu"], ["dd"]),
                  N("Pow", ["dd", "two"], ["dd2"]), N("ReduceMean", ["dd2"], ["var"], axes=[-1]),
                  N("Add", ["var", "eps"], ["ve"]), N("Sqrt", ["ve"], ["sd"]), N("Div", ["dd", "sd"], ["nn"]),
                  N("Mul", ["nn", "g"], ["n2"]), N("Add", ["n2", "be"], ["y"])]
        m = _model(nodes, [helper.make_tensor_value_info("x", T.FLOAT, ["b", "s", 16])],
                   [helper.make_tensor_value_info("y", T.FLOAT, ["b", "s", 16])], 13, inits)
        sets = [[_rng(s).standard_normal(shape).astype(np.float32)] for s, shape in ((1, (2, 5, 16)), (2, (3, 7, 16)))]
        return _ort_optimized(m), sets
    return build


def _dynamic_quant_mlp(shared_input: bool):
    """quantize_dynamic on an MLP, then ORT_ENABLE_EXTENDED: DynamicQuantizeMatMul, or with two
    MatMuls reading one input (its DynamicQuantizeLinear shared) MatMulIntegerToFloat."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        from onnxruntime import quantization as q
        import onnx
        rng = _rng(13)
        N = helper.make_node
        inits = _weights(rng, w1=((16, 32), 0.3), b1=((32,), 0.1), w2=((32, 8), 0.3), w3=((16, 8), 0.3))
        nodes = [N("MatMul", ["x", "w1"], ["m1"]), N("Add", ["m1", "b1"], ["a1"]), N("Relu", ["a1"], ["r1"]),
                 N("MatMul", ["r1", "w2"], ["y0"])]
        if shared_input:
            nodes += [N("MatMul", ["x", "w3"], ["m3"]), N("Add", ["y0", "m3"], ["y"])]
        else:
            nodes[-1].output[0] = "y"
        m = _model(nodes, [helper.make_tensor_value_info("x", T.FLOAT, ["b", 16])],
                   [helper.make_tensor_value_info("y", T.FLOAT, ["b", 8])], 17, inits)
        with tempfile.TemporaryDirectory() as d:
            src, dst = os.path.join(d, "f.onnx"), os.path.join(d, "q.onnx")
            onnx.save(m, src)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                # reduce_range: 7-bit s8 weights. onnxruntime's u8 x s8 kernel on AVX2 without VNNI adds
                # products in pairs in int16 with saturation (vpmaddubsw), so full-range weights give
                # machine-dependent results there; shlo computes the exact int32 sums
                q.quantize_dynamic(src, dst, weight_type=q.QuantType.QInt8, reduce_range=True)
            qm = onnx.load(dst)
        sets = [[_rng(s).standard_normal((n, 16)).astype(np.float32)] for s, n in ((1, 3), (2, 5))]
        return _ort_optimized(qm), sets
    return build


# ------------------------------------------------------------------------------ QOperator quantization

def _qoperator_convnet(activation: str, level: str | None, source_only=False):
    """quantize_static (QOperator) of a convnet using every op it has a QLinear form for: LeakyRelu,
    Sigmoid, Add, Mul, AveragePool, Concat, GlobalAveragePool, Gemm, Softmax. level 'all' then
    has onnxruntime's layout pass make the convolutions channels-last com.microsoft QLinearConv."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        from onnxruntime import quantization as q
        import onnx
        rng = _rng(14)
        N = helper.make_node
        inits = _weights(rng, w=((6, 3, 3, 3), 0.3), b=((6,), 0.1), w2=((6, 6, 3, 3), 0.3), gw=((12, 5), 0.3),
                         gb=((5,), 0.1), mul=((1, 6, 1, 1), 0.3))
        nodes = [N("Conv", ["x", "w", "b"], ["c"], pads=[1, 1, 1, 1]), N("LeakyRelu", ["c"], ["r"], alpha=0.1),
                 N("Conv", ["r", "w2"], ["c2"], pads=[1, 1, 1, 1]), N("Sigmoid", ["c2"], ["s"]),
                 N("Add", ["s", "r"], ["a"]), N("Mul", ["a", "mul"], ["m"]),
                 N("AveragePool", ["m"], ["ap"], kernel_shape=[2, 2], strides=[2, 2]),
                 N("Concat", ["ap", "ap"], ["cc"], axis=1), N("GlobalAveragePool", ["cc"], ["g"]),
                 N("Flatten", ["g"], ["f"]), N("Gemm", ["f", "gw", "gb"], ["y0"]), N("Softmax", ["y0"], ["y"], axis=-1)]
        m = _model(nodes, [helper.make_tensor_value_info("x", T.FLOAT, [2, 3, 8, 8])],
                   [helper.make_tensor_value_info("y", T.FLOAT, [2, 5])], 17, inits)
        sets = [[_rng(s).standard_normal((2, 3, 8, 8)).astype(np.float32)] for s in (1, 2, 3)]
        if source_only:
            return m, sets
        calib = [rng.standard_normal((2, 3, 8, 8)).astype(np.float32) for _ in range(4)]

        class Reader(q.CalibrationDataReader):
            def __init__(self):
                self.it = iter([{"x": c} for c in calib])

            def get_next(self):
                return next(self.it, None)
        kind = q.QuantType.QUInt8 if activation == "uint8" else q.QuantType.QInt8
        with tempfile.TemporaryDirectory() as d:
            src, dst = os.path.join(d, "f.onnx"), os.path.join(d, "q.onnx")
            onnx.save(m, src)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                q.quantize_static(src, dst, Reader(), quant_format=q.QuantFormat.QOperator, activation_type=kind,
                                  weight_type=kind)
            qm = onnx.load(dst)
        if level:
            qm = _ort_optimized(qm, level)
        return qm, sets
    return build


def _optimized_base(name: str, level: str):
    """A model of onnx_heldout_models.py as onnxruntime's session optimizer saves it."""
    def build():
        case = base.build({s.name: s for s in base.SPECS}[name])
        return _ort_optimized(case.model, level), case.inputs
    return build


def _nbits_mlp(symmetric: bool, block: int):
    """MatMulNBitsQuantizer (4-bit weights, blocked scales, with or without zero points) on an MLP."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        from onnxruntime.quantization.matmul_nbits_quantizer import MatMulNBitsQuantizer
        rng = _rng(15)
        N = helper.make_node
        inits = _weights(rng, w1=((64, 48), 0.2), b1=((48,), 0.1), w2=((48, 8), 0.2))
        nodes = [N("MatMul", ["x", "w1"], ["m1"]), N("Add", ["m1", "b1"], ["a1"]), N("Relu", ["a1"], ["r1"]),
                 N("MatMul", ["r1", "w2"], ["y"])]
        m = _model(nodes, [helper.make_tensor_value_info("x", T.FLOAT, ["b", 64])],
                   [helper.make_tensor_value_info("y", T.FLOAT, ["b", 8])], 17, inits)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            quant = MatMulNBitsQuantizer(m, block_size=block, is_symmetric=symmetric)
            quant.process()
        sets = [[_rng(s).standard_normal((n, 64)).astype(np.float32)] for s, n in ((1, 3), (2, 6))]
        return quant.model.model, sets
    return build


def _genai_decoder_layer():
    """A decoder layer as onnxruntime's GenAI model builder writes one: SimplifiedLayerNormalization,
    q / k / v / o and MLP projections as 4-bit MatMulNBits (its quantizer), GroupQueryAttention with
    rotary inside and a KV cache of symbolic length, SkipSimplifiedLayerNormalization, SiLU MLP;
    run as a padded prompt (empty past) and as a decode step."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        from onnxruntime.quantization.matmul_nbits_quantizer import MatMulNBitsQuantizer
        rng = _rng(17)
        d, n, kvn, h, ff = 64, 4, 2, 16, 128
        N = helper.make_node
        inits = _weights(rng, wq=((d, n * h), 0.15), wk=((d, kvn * h), 0.15), wv=((d, kvn * h), 0.15),
                         wo=((n * h, d), 0.15), wg=((d, ff), 0.15), wu=((d, ff), 0.15), wd=((ff, d), 0.1),
                         g1=((d,), 1.0), g2=((d,), 1.0))
        angles = np.arange(64)[:, None] * (1.0 / 10000 ** (np.arange(h // 2) / (h // 2)))[None, :]
        inits += [numpy_helper.from_array(np.cos(angles).astype(np.float32), "cos"),
                  numpy_helper.from_array(np.sin(angles).astype(np.float32), "sin")]
        nodes = [N("SimplifiedLayerNormalization", ["x", "g1"], ["n1"], epsilon=1e-6, axis=-1),
                 N("MatMul", ["n1", "wq"], ["q"]), N("MatMul", ["n1", "wk"], ["k"]), N("MatMul", ["n1", "wv"], ["v"]),
                 N("GroupQueryAttention", ["q", "k", "v", "past_key", "past_value", "seqlens_k", "total_len", "cos",
                                           "sin"], ["attn", "present_key", "present_value"], domain="com.microsoft",
                   num_heads=n, kv_num_heads=kvn, do_rotary=1),
                 N("MatMul", ["attn", "wo"], ["o"]),
                 N("SkipSimplifiedLayerNormalization", ["o", "x", "g2"], ["n2", "", "", "res"], domain="com.microsoft",
                   epsilon=1e-6),
                 N("MatMul", ["n2", "wg"], ["gate"]), N("Sigmoid", ["gate"], ["sg"]),
                 N("Mul", ["gate", "sg"], ["silu"]), N("MatMul", ["n2", "wu"], ["up"]),
                 N("Mul", ["silu", "up"], ["act"]), N("MatMul", ["act", "wd"], ["down"]),
                 N("Add", ["down", "res"], ["y"])]
        vi = helper.make_tensor_value_info
        inputs = [vi("x", T.FLOAT, ["b", "s", d]), vi("past_key", T.FLOAT, ["b", kvn, "p", h]),
                  vi("past_value", T.FLOAT, ["b", kvn, "p", h]), vi("seqlens_k", T.INT32, ["b"]),
                  vi("total_len", T.INT32, [])]
        outputs = [vi("y", T.FLOAT, ["b", "s", d]), vi("present_key", T.FLOAT, ["b", kvn, "t", h]),
                   vi("present_value", T.FLOAT, ["b", kvn, "t", h])]
        m = helper.make_model(helper.make_graph(nodes, "layer", inputs, outputs, inits),
                              opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)])
        m.ir_version = 8
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            quant = MatMulNBitsQuantizer(m, block_size=32, is_symmetric=False)
            quant.process()
        sets = []
        for b, s_, p, seqlens in ((2, 6, 0, [5, 3]), (2, 1, 6, [6, 4])):
            r = _rng(18 + p)
            sets.append([r.standard_normal((b, s_, d)).astype(np.float32),
                         r.standard_normal((b, kvn, p, h)).astype(np.float32),
                         r.standard_normal((b, kvn, p, h)).astype(np.float32),
                         np.array(seqlens, np.int32), np.array(p + s_, np.int32)])
        return quant.model.model, sets
    return build


# ------------------------------------------------------------------------------ transformers optimizer

_TEXT_DYNAMIC = {"x0": {0: "batch", 1: "seq"}, "x1": {0: "batch", 1: "seq"}}


def _qdq_contrib_convnet():
    """quantize_static in QDQ format with UseQDQContribOps: com.microsoft QuantizeLinear / DequantizeLinear."""
    def build():
        from onnxruntime import quantization as q
        import onnx
        model, sets = _qoperator_convnet("uint8", None, source_only=True)()
        rng = _rng(16)
        calib = [rng.standard_normal((2, 3, 8, 8)).astype(np.float32) for _ in range(4)]

        class Reader(q.CalibrationDataReader):
            def __init__(self):
                self.it = iter([{"x": c} for c in calib])

            def get_next(self):
                return next(self.it, None)
        with tempfile.TemporaryDirectory() as d:
            src, dst = os.path.join(d, "f.onnx"), os.path.join(d, "q.onnx")
            onnx.save(model, src)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                q.quantize_static(src, dst, Reader(), quant_format=q.QuantFormat.QDQ,
                                  activation_type=q.QuantType.QUInt8, weight_type=q.QuantType.QInt8,
                                  reduce_range=True, extra_options={"UseQDQContribOps": True})
            return onnx.load(dst), sets
    return build


def _transformers_optimized(kind, model_type, level=None, nbits=False, quantize=False, fp16=False, **options):
    """A tiny transformers model exported by TorchScript (opset 17), through optimize_model with
    the given FusionOptions; level: then also onnxruntime's session optimizer."""
    def build():
        import logging
        from onnxruntime.transformers.fusion_options import FusionOptions
        from onnxruntime.transformers.optimizer import optimize_model
        import onnx
        if kind in ("gpt2", "bert"):
            model, sets = base._text_case(kind, False, 17, [(2, 9), (3, 13)], _TEXT_DYNAMIC)()
        else:
            spec = {s.name: s for s in base.SPECS}[f"{kind}_torchscript_opset17"]
            case = base.build(spec)
            model, sets = case.model, case.inputs
        opts = FusionOptions(model_type)
        for k, v in options.items():
            setattr(opts, k, v)
        logging.disable(logging.WARNING)
        with tempfile.TemporaryDirectory() as d:
            src = os.path.join(d, "m.onnx")
            onnx.save(model, src)
            opt = optimize_model(src, model_type=model_type, num_heads=4, hidden_size=32, optimization_options=opts,
                                 opt_level=0).model
        if fp16:                # the optimizer's own f16 conversion (inputs and outputs stay f32)
            from onnxruntime.transformers.onnx_model import OnnxModel
            wrapped = OnnxModel(opt)
            wrapped.convert_float_to_float16(keep_io_types=True)
            opt = wrapped.model
        if level:
            opt = _ort_optimized(opt, level)
        if quantize:            # quantize_dynamic after the fusions: QAttention, QEmbedLayerNormalization
            from onnx import helper
            from onnxruntime import quantization as q
            if not any(o.domain == "com.microsoft" for o in opt.opset_import):     # (the quantizer needs it)
                opt.opset_import.append(helper.make_opsetid("com.microsoft", 1))
            with tempfile.TemporaryDirectory() as d:
                src, dst = os.path.join(d, "o.onnx"), os.path.join(d, "q.onnx")
                onnx.save(opt, src)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    q.quantize_dynamic(src, dst, weight_type=q.QuantType.QInt8, reduce_range=True,
                                       extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT})
                opt = onnx.load(dst)
        if nbits:
            from onnxruntime.quantization.matmul_nbits_quantizer import MatMulNBitsQuantizer
            quant = MatMulNBitsQuantizer(opt, block_size=16, is_symmetric=False)
            quant.process()
            opt = quant.model.model
        return opt, sets
    return build


def _nchwc_convnet():
    """A float CNN saved at ORT_ENABLE_ALL: onnxruntime's NCHWc ops (blocked Conv with fused
    activations and Sum, depthwise Conv, pools, Upsample, Concat on blocked values); channel
    counts of 20 and 24 let the block size be read off the file; a dynamic batch."""
    def build():
        import torch
        nn, F = torch.nn, torch.nn.functional

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.c1, self.c2 = nn.Conv2d(3, 20, 3, padding=1), nn.Conv2d(20, 32, 3, stride=2, padding=1)
                self.dw, self.bn = nn.Conv2d(32, 32, 3, padding=1, groups=32), nn.BatchNorm2d(32)
                self.c3, self.c4 = nn.Conv2d(32, 24, 1), nn.Conv2d(64, 16, 1)

            def forward(self, x):
                a = F.relu(self.c1(x))
                b = F.relu(self.c2(a))
                c = F.avg_pool2d(self.dw(b), 3, stride=1, padding=1) + b
                d = torch.sigmoid(self.bn(c)) * c
                u = F.interpolate(self.c4(torch.cat([d, b], 1)), scale_factor=2, mode="nearest")
                return self.c3(F.relu(d)), F.max_pool2d(u, 2), F.adaptive_avg_pool2d(d, 1)
        torch.manual_seed(0)
        net = Net().eval()
        with torch.no_grad():
            net.bn.running_mean.uniform_(-0.3, 0.3)
            net.bn.running_var.uniform_(0.5, 1.5)
        rng = _rng(21)
        sets = [[rng.standard_normal((b, 3, 16, 16)).astype(np.float32)] for b in (1, 3)]
        with torch.no_grad():
            model = base._export(net, [torch.from_numpy(sets[0][0])], False, 17, {"x0": {0: "batch"}})
        return _ort_optimized(model, "all"), sets
    return build


def _unet_cross_attention():
    """A diffusers-style transformer block (self and cross attention as head_to_batch_dim / bmm /
    softmax) through onnxruntime's transformers optimizer for model_type "unet": the cross
    attention becomes MultiHeadAttention with a packed (B, L, N, 2, H) key-value input, which
    onnxruntime runs on CUDA only; compared with onnxruntime on the model before the optimizer."""
    def build():
        import logging

        import onnx
        import torch
        from onnxruntime.transformers.fusion_options import FusionOptions
        from onnxruntime.transformers.optimizer import optimize_model
        nn = torch.nn

        class Attention(nn.Module):
            def __init__(self, d=32, heads=4):
                super().__init__()
                self.heads, self.scale = heads, (d // heads) ** -0.5
                self.to_q, self.to_k, self.to_v = (nn.Linear(d, d, bias=False) for _ in range(3))
                self.to_out = nn.Linear(d, d)

            def split(self, x):
                b, n, d = x.shape
                return x.reshape(b, n, self.heads, d // self.heads).permute(0, 2, 1, 3).reshape(
                    b * self.heads, n, d // self.heads)

            def merge(self, x):
                bh, n, hd = x.shape
                return x.reshape(bh // self.heads, self.heads, n, hd).permute(0, 2, 1, 3).reshape(
                    bh // self.heads, n, hd * self.heads)

            def forward(self, x, ctx=None):
                ctx = x if ctx is None else ctx
                q, k, v = self.split(self.to_q(x)), self.split(self.to_k(ctx)), self.split(self.to_v(ctx))
                p = torch.softmax(torch.bmm(q, k.transpose(-1, -2)) * self.scale, -1)
                return self.to_out(self.merge(torch.bmm(p, v)))

        class Block(nn.Module):
            def __init__(self):
                super().__init__()
                self.n1, self.n2 = nn.LayerNorm(32), nn.LayerNorm(32)
                self.self_attn, self.cross_attn = Attention(), Attention()

            def forward(self, x, ctx):
                x = x + self.self_attn(self.n1(x))
                return x + self.cross_attn(self.n2(x), ctx)
        torch.manual_seed(0)
        rng = _rng(22)
        x, ctx = rng.standard_normal((2, 16, 32)).astype(np.float32), rng.standard_normal((2, 7, 32)).astype(np.float32)
        with torch.no_grad():
            model = base._export(Block().eval(), [torch.from_numpy(x), torch.from_numpy(ctx)], False, 17)
        logging.disable(logging.WARNING)
        with tempfile.TemporaryDirectory() as d:
            src = os.path.join(d, "m.onnx")
            onnx.save(model, src)
            opt = optimize_model(src, model_type="unet", num_heads=4, hidden_size=32,
                                 optimization_options=FusionOptions("unet"), opt_level=0).model
        return opt, [[x, ctx]], model
    return build


def _gqa_from_mha():
    """Q / K / V projections, RotaryEmbedding and MultiHeadAttention with a KV cache, rewritten by
    onnxruntime's own replace_mha_with_gqa (convert_generation.py): one packed QKV MatMul into
    GroupQueryAttention with rotary inside, seqlens_k (B, 1) and total_sequence_length computed from
    the attention mask. Symbolic sizes; run as a decode step into a shared 8-long past / present
    buffer (the mask as long as the buffer), a decode step with separate buffers (present = past +
    1), and a 4-token prompt into the shared buffer."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        from onnxruntime.transformers.convert_generation import replace_mha_with_gqa
        from onnxruntime.transformers.onnx_model import OnnxModel
        rng = _rng(23)
        d, n, h = 64, 4, 16             # (onnxruntime's kernel wants head sizes in multiples of 16)
        inits = [numpy_helper.from_array((rng.standard_normal((d, d)) * 0.2).astype(np.float32), k)
                 for k in ("wq", "wk", "wv", "wo")]
        angles = np.arange(16)[:, None] * (0.2 / (1 + np.arange(h // 2)))[None, :]
        inits += [numpy_helper.from_array(np.cos(angles).astype(np.float32), "cos"),
                  numpy_helper.from_array(np.sin(angles).astype(np.float32), "sin")]
        N = helper.make_node
        nodes = [N("MatMul", ["x", "wq"], ["q"]), N("MatMul", ["x", "wk"], ["k"]), N("MatMul", ["x", "wv"], ["v"]),
                 N("RotaryEmbedding", ["q", "pos", "cos", "sin"], ["qr"], domain=MS),
                 N("RotaryEmbedding", ["k", "pos", "cos", "sin"], ["kr"], domain=MS),
                 N("MultiHeadAttention", ["qr", "kr", "v", "", "", "", "past_key", "past_value"],
                   ["att", "present_key", "present_value"], domain=MS, num_heads=n, name="MultiHeadAttention_0"),
                 N("MatMul", ["att", "wo"], ["y"])]
        vi = helper.make_tensor_value_info
        g = helper.make_graph(nodes, "g", [vi("x", T.FLOAT, ["b", "s", d]), vi("pos", T.INT64, ["b", "s"]),
                                           vi("attention_mask", T.INT64, ["b", "t"]),
                                           vi("past_key", T.FLOAT, ["b", n, "p", h]),
                                           vi("past_value", T.FLOAT, ["b", n, "p", h])],
                              [vi("y", T.FLOAT, None), vi("present_key", T.FLOAT, None),
                               vi("present_value", T.FLOAT, None)], inits)
        m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid(MS, 1)])
        m.ir_version = 8
        wrapped = OnnxModel(m)
        replace_mha_with_gqa(wrapped, "attention_mask")     # (its graph is left unsorted, as the tool writes
        # it: the MatMul that reads the attention comes before it; onnxruntime and the importer sort it)
        wrapped.prune_graph()
        m = wrapped.model
        used = {i for nd in m.graph.node for i in nd.input}
        for gi in [gi for gi in m.graph.input if gi.name not in used]:      # the rotary positions it replaced
            m.graph.input.remove(gi)
        sets = []
        for b, s, p, lens, t in ((2, 1, 8, [6, 4], 8), (2, 1, 5, [6, 6], 6), (1, 4, 8, [4], 8)):
            mask = np.zeros((b, t), np.int64)
            for i, length in enumerate(lens):
                mask[i, :length] = 1
            sets.append([rng.standard_normal((b, s, d)).astype(np.float32), mask,
                         rng.standard_normal((b, n, p, h)).astype(np.float32),
                         rng.standard_normal((b, n, p, h)).astype(np.float32)])
        return m, sets
    return build


def _specs():
    exact = dict(rtol=1e-5, atol=1e-6)       # integer arithmetic between the (de)quantizations
    return [
        Spec("ort_extended_fused_convnet", _fused_convnet()),
        Spec("ort_extended_mlp_skip_layernorm_opset13", _fused_mlp(True)),
        Spec("ort_extended_mlp_layernorm_opset13", _fused_mlp(False)),
        Spec("ort_extended_dynamic_quantize_matmul", _dynamic_quant_mlp(False), **exact),
        Spec("ort_extended_matmul_integer_to_float", _dynamic_quant_mlp(True), **exact),
        Spec("ort_qoperator_convnet_uint8", _qoperator_convnet("uint8", None), **exact),
        Spec("ort_qoperator_convnet_int8", _qoperator_convnet("int8", None), **exact),
        Spec("ort_qoperator_convnet_uint8_all_nhwc", _qoperator_convnet("uint8", "all"), **exact),
        Spec("ort_qoperator_convnet_int8_extended", _qoperator_convnet("int8", "extended"), **exact),
        # float ops between QDQ pairs (Sigmoid, Softmax), and onnxruntime's integer kernels for QDQ groups,
        # can put a value next to a rounding boundary on either side: within one output step (about 0.004)
        # seq-first attention: FusedMatMul with transBatchA / transBatchB (a folded Transpose)
        Spec("ort_extended_transformer_decoder", _optimized_base("decoder_torchscript_opset17", "extended")),
        # (a dynamo export, 35 s here: SHLO_ONNX_LIGHT=1; FusedConv and QuickGelu have quicker models)
        Spec("ort_extended_unet_dynamic_hw", _optimized_base("unet_dynamic_hw_dynamo_opset18", "extended"), slow=True),
        # QOperator with MaxPool at ALL: channels-last QLinearConv and NhwcMaxPool
        Spec("ort_all_qoperator_maxpool_nhwc", _optimized_base("quantize_static_qoperator_convnet", "all"), **exact),
        # QDQ at EXTENDED / ALL: the QDQ groups become QLinearGlobalAveragePool (and QLinearConv)
        Spec("ort_extended_qdq_convnet", _optimized_base("quantize_static_qdq_convnet", "extended"), **exact),
        Spec("ort_all_qdq_convnet", _optimized_base("quantize_static_qdq_convnet", "all"), **exact),
        Spec("ort_qdq_contrib_quantize_ops_convnet", _qdq_contrib_convnet(), rtol=0, atol=5e-3),
        Spec("ort_genai_style_decoder_layer", _genai_decoder_layer()),
        Spec("ort_all_nchwc_convnet_dynamic_batch", _nchwc_convnet()),
        Spec("ort_transformers_unet_packed_kv_attention", _unet_cross_attention()),
        # (15-30 s here, mostly importing onnxruntime.transformers: SHLO_ONNX_LIGHT=1; the shared
        # buffer itself is checked node by node in tests/onnx/test_contrib_more.py)
        Spec("ort_mha_to_gqa_shared_buffer", _gqa_from_mha(), slow=True),
        Spec("ort_matmul_nbits_asymmetric_block16", _nbits_mlp(False, 16)),
        Spec("ort_matmul_nbits_symmetric_block32", _nbits_mlp(True, 32)),
        Spec("ort_transformers_gpt2", _transformers_optimized("gpt2", "gpt2"), slow=True),
        Spec("ort_transformers_gpt2_extended", _transformers_optimized("gpt2", "gpt2", level="extended"), slow=True),
        Spec("ort_transformers_gpt2_nbits", _transformers_optimized("gpt2", "gpt2", nbits=True), slow=True),
        Spec("ort_transformers_bert_attention", _transformers_optimized("bert", "bert"), slow=True),
        Spec("ort_transformers_bert_multihead_attention",
             _transformers_optimized("bert", "bert", use_multi_head_attention=True), slow=True),
        Spec("ort_transformers_bert_raw_mask_fast_gelu",
             _transformers_optimized("bert", "bert", attention_mask_format=2, enable_gelu_approximation=True,
                                     enable_embed_layer_norm=False), slow=True),
        Spec("ort_transformers_bert_quantize_dynamic", _transformers_optimized("bert", "bert", quantize=True),
             rtol=1e-4, atol=1e-4, slow=True),
        Spec("ort_transformers_gpt2_quantize_dynamic", _transformers_optimized("gpt2", "gpt2", quantize=True),
             rtol=1e-4, atol=1e-4, slow=True),
        # LayerNormalization at opset 14 (onnxruntime's own, no ONNX schema): the shapes after it
        Spec("ort_extended_gpt2_dynamic_opset14", _optimized_base("gpt2_dynamic_torchscript_opset14", "extended"),
             slow=True),
        Spec("ort_transformers_gpt2_float16", _transformers_optimized("gpt2", "gpt2", fp16=True), rtol=1e-2, atol=1e-2,
             slow=True),
        Spec("ort_transformers_bert_float16", _transformers_optimized("bert", "bert", fp16=True), rtol=1e-2, atol=1e-2,
             slow=True),
        Spec("ort_transformers_bert_extended", _transformers_optimized("bert", "bert", level="extended"), slow=True),
        Spec("ort_transformers_vit", _transformers_optimized("vit", "vit"), slow=True),
        Spec("ort_transformers_t5_encoder", _transformers_optimized("t5_encoder", "t5"), slow=True),
        Spec("ort_transformers_whisper_encoder", _transformers_optimized("whisper_encoder", "bert"), slow=True),
    ]


SPECS = _specs()
