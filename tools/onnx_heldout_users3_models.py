"""A fifth held-out-style set for tools/onnx_heldout.py (`-k ^users3_`): ONNX files of kinds the
other sets do not have, made as outside users make them:

  * ragged sequences: torch.repeat_interleave with run-time repeats (TorchScript, along dim 0 and
    dim 1, dynamic sizes; FastSpeech's length regulator), a scripted loop appending prefixes
    x[:i + 1] of growing length then torch.cat, a scripted torch.split by a run-time chunk size,
    sequence ops on pieces of run-time sizes by hand with the sequence as a graph output;
  * onnx.helper graphs at opsets 7 to 11 with the attribute forms of their time (Pad / Clip /
    Slice / TopK / ReduceSum / Squeeze / Split attributes that later became inputs, Dropout's
    ratio, Upsample-7's scales, opset-7 broadcasting);
  * quantized graphs written by hand: QLinearConv with per-channel weight scales + QLinearMatMul,
    DynamicQuantizeLinear + MatMulInteger + ConvInteger (what quantize_dynamic writes for Conv);
  * NonMaxSuppression post-processing: per-class NMS over a run-time box count, the selected
    boxes and scores gathered, score thresholds;
  * If / Loop reading outer-scope values: a Loop whose body reads main-graph tensors and holds an
    If that reads both the body's and the main graph's values; If branches giving different sizes;
  * external data: Constant nodes' tensors stored externally too (convert_attribute=True).
Each is compared with onnxruntime; models with dynamic sizes run at two sizes from one import.
"""
from __future__ import annotations

import numpy as np
from onnx_heldout_models import Spec, _model, _PathModel, _rng, _vi
from onnx_heldout_users_models import _nn, _torch


# ------------------------------------------------------------------------------ ragged sequences (TorchScript)

def _repeat_interleave(dim):
    torch, nn, F = _nn()

    class M(nn.Module):
        def forward(self, x, r):
            y = torch.repeat_interleave(x, r, dim=dim)
            return torch.tanh(y) + y.sum()
    return M()


def _ri_sets(dim):
    def sets(rng):
        out = []
        for n, r in ((4, [1, 0, 3, 2]), (6, [2, 2, 0, 1, 5, 1])):
            shape = (n, 3) if dim == 0 else (2, n)
            out.append([rng.standard_normal(shape).astype(np.float32), np.array(r, np.int64)])
        return out
    return sets


def _prefix_cat():
    """A scripted loop appending x[: i + 1] (one row longer per iteration) to a list, then cat."""
    torch, nn, F = _nn()
    from typing import List

    class M(nn.Module):
        def forward(self, x, n: int):
            outs: List[torch.Tensor] = []
            for i in range(n):
                outs.append(x[: i + 1] * (i + 1))
            return torch.cat(outs, 0)
    return torch.jit.script(M())


def _prefix_sets(rng):
    return [[rng.standard_normal((6, 4)).astype(np.float32), np.array(n, np.int64)] for n in (3, 5)]


def _chunked_sum():
    """torch.split by a run-time chunk size (SplitToSequence with a scalar split) in script, each
    piece reduced, stacked."""
    torch, nn, F = _nn()
    from typing import List

    class M(nn.Module):
        def forward(self, x, c: int):
            parts: List[torch.Tensor] = []
            for p in torch.split(x, c, 1):
                parts.append(p.sum(1))
            return torch.stack(parts, 1)
    return torch.jit.script(M())


def _chunk_sets(rng):
    return [[rng.standard_normal((2, w)).astype(np.float32), np.array(c, np.int64)] for w, c in ((10, 4), (9, 3))]


# ------------------------------------------------------------------------------ old-opset graphs

def _opset7_graph():
    """Opset 7: Upsample with a scales attribute, Gemm / Add broadcasting without the old broadcast
    attribute, Dropout (is_test gone), AveragePool with count_include_pad."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(31)
        w = numpy_helper.from_array(rng.standard_normal((4, 2, 3, 3)).astype(np.float32) * 0.5, "w")
        fc = numpy_helper.from_array(rng.standard_normal((4 * 4 * 4, 5)).astype(np.float32) * 0.2, "fc")
        b = numpy_helper.from_array(rng.standard_normal(5).astype(np.float32), "b")
        bias = numpy_helper.from_array(rng.standard_normal((4, 1, 1)).astype(np.float32), "bias")
        shape = numpy_helper.from_array(np.array([2, -1], np.int64), "shape")
        nodes = [helper.make_node("Conv", ["x", "w"], ["c"], pads=[1, 1, 1, 1]),
                 helper.make_node("Add", ["c", "bias"], ["cb"]),
                 helper.make_node("Dropout", ["cb"], ["d"], ratio=0.3),
                 helper.make_node("AveragePool", ["d"], ["p"], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1],
                                  count_include_pad=1),
                 helper.make_node("Upsample", ["p"], ["u"], scales=[1.0, 1.0, 2.0, 2.0], mode="nearest"),
                 helper.make_node("MaxPool", ["u"], ["m"], kernel_shape=[2, 2], strides=[2, 2]),
                 helper.make_node("Reshape", ["m", "shape"], ["f"]),
                 helper.make_node("Gemm", ["f", "fc", "b"], ["y"], alpha=0.5, beta=2.0)]
        model = _model(nodes, [_vi("x", T.FLOAT, [2, 2, 8, 8])], [_vi("y", T.FLOAT, [2, 5])], 7, [w, fc, b, bias, shape])
        return model, [[rng.standard_normal((2, 2, 8, 8)).astype(np.float32)]]
    return build


def _opset10_attrs():
    """Opset 10: Pad with pads / value attributes, Clip with min / max attributes (inputs from 11),
    Slice with inputs and steps, TopK's k as an input, ReduceSum / Squeeze / Unsqueeze axes as
    attributes, Split's split attribute, reflect padding."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(32)
        inits = [numpy_helper.from_array(np.array(v, np.int64), n) for n, v in
                 (("starts", [1, 0]), ("ends", [100, -1]), ("axes", [1, 2]), ("steps", [2, 1]), ("k", [3]))]
        nodes = [helper.make_node("Pad", ["x"], ["p"], pads=[0, 1, 2, 0, 1, 0], mode="reflect"),
                 helper.make_node("Clip", ["p"], ["c"], min=-0.5, max=0.8),
                 helper.make_node("Slice", ["c", "starts", "ends", "axes", "steps"], ["s"]),
                 helper.make_node("ReduceSum", ["s"], ["r"], axes=[2], keepdims=1),
                 helper.make_node("Squeeze", ["r"], ["q"], axes=[2]),
                 helper.make_node("TopK", ["q", "k"], ["top", "idx"], axis=1),
                 helper.make_node("Split", ["x"], ["a", "b2"], axis=2, split=[1, 4]),
                 helper.make_node("Pad", ["a"], ["ap"], pads=[0, 0, 0, 0, 0, 3], mode="constant", value=1.5),
                 helper.make_node("Sub", ["b2", "ap"], ["d"]),
                 helper.make_node("Unsqueeze", ["d"], ["y"], axes=[0])]
        model = _model(nodes, [_vi("x", T.FLOAT, [2, 6, 5])],
                       [_vi("top", T.FLOAT, None), _vi("idx", T.INT64, None), _vi("y", T.FLOAT, None)], 10, inits)
        return model, [[rng.standard_normal((2, 6, 5)).astype(np.float32)]]
    return build


def _opset9_rnn_attrs():
    """Opset 9: an LSTM with a sequence length input and direction=bidirectional, Upsample's scales
    as an input, Scan-9 with axes attributes (scan_input_axes), Shrink, MeanVarianceNormalization."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(33)
        hidden, inp = 4, 3
        W = numpy_helper.from_array(rng.standard_normal((2, 4 * hidden, inp)).astype(np.float32) * 0.4, "W")
        R = numpy_helper.from_array(rng.standard_normal((2, 4 * hidden, hidden)).astype(np.float32) * 0.4, "R")
        B = numpy_helper.from_array(rng.standard_normal((2, 8 * hidden)).astype(np.float32) * 0.1, "B")
        scales = numpy_helper.from_array(np.array([1, 1, 2, 1], np.float32), "scales")
        body = helper.make_graph([helper.make_node("Add", ["acc", "row"], ["acc2"]),
                                  helper.make_node("Mul", ["acc2", "row"], ["out"])], "scan_body",
                                 [_vi("acc", T.FLOAT, [2 * hidden]), _vi("row", T.FLOAT, [2 * hidden])],
                                 [_vi("acc2", T.FLOAT, [2 * hidden]), _vi("out", T.FLOAT, [2 * hidden])])
        zeros = numpy_helper.from_array(np.zeros(2 * hidden, np.float32), "zeros")
        shape = numpy_helper.from_array(np.array([5, 2 * hidden], np.int64), "shape2")
        perm_nodes = [helper.make_node("Transpose", ["Y"], ["Yt"], perm=[0, 2, 1, 3]),     # (T, B, dirs, H)
                      helper.make_node("Slice", ["Yt"], ["Y0"], starts=[0], ends=[1], axes=[1]),
                      helper.make_node("Reshape", ["Y0", "shape2"], ["rows"])]
        nodes = [helper.make_node("LSTM", ["x", "W", "R", "B", "lens"], ["Y", "Yh"], hidden_size=hidden,
                                  direction="bidirectional")] + perm_nodes + [
                 helper.make_node("Scan", ["zeros", "rows"], ["final", "outs"], body=body, num_scan_inputs=1,
                                  scan_input_axes=[0]),
                 helper.make_node("Shrink", ["outs"], ["sh"], bias=0.01, lambd=0.02),
                 helper.make_node("Unsqueeze", ["sh"], ["sh4"], axes=[0, 1]),
                 helper.make_node("Upsample", ["sh4", "scales"], ["up"], mode="linear"),
                 helper.make_node("MeanVarianceNormalization", ["up"], ["y"], axes=[0, 2, 3])]
        model = _model(nodes, [_vi("x", T.FLOAT, [5, 2, inp]), _vi("lens", T.INT32, [2])],
                       [_vi("final", T.FLOAT, None), _vi("y", T.FLOAT, None), _vi("Yh", T.FLOAT, None)], 9,
                       [W, R, B, scales, zeros, shape])
        x = rng.standard_normal((5, 2, inp)).astype(np.float32)
        # (inputs that Shrink would zero entirely are avoided: MVN of all zeros is 0 by ONNX's function
        # body, which adds 1e-9 to the deviation, and NaN in onnxruntime, which does not)
        return model, [[x, np.array([5, 3], np.int32)], [x * 2, np.array([2, 5], np.int32)]]
    return build


def _opset11_era():
    """Opset 11: Resize with roi / scales inputs and align_corners, Range, a Loop over Range's
    length, DepthToSpace CRD, Gather with negative indices, ReduceMax with axes attribute,
    Round, CumSum with exclusive and reverse."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(34)
        inits = [numpy_helper.from_array(np.array([], np.float32), "roi"),
                 numpy_helper.from_array(np.array([1, 1, 1.5, 1.5], np.float32), "scales"),
                 numpy_helper.from_array(np.array([-1, 0], np.int64), "gi"),
                 numpy_helper.from_array(np.array(1, np.int64), "ax")]
        nodes = [helper.make_node("DepthToSpace", ["x"], ["d"], blocksize=2, mode="CRD"),
                 helper.make_node("Resize", ["d", "roi", "scales"], ["r"], mode="linear",
                                  coordinate_transformation_mode="align_corners"),
                 helper.make_node("Gather", ["r", "gi"], ["g"], axis=2),
                 helper.make_node("ReduceMax", ["g"], ["m"], axes=[1], keepdims=0),
                 helper.make_node("Round", ["m"], ["rd"]),
                 helper.make_node("CumSum", ["m", "ax"], ["cs"], exclusive=1, reverse=1)]
        model = _model(nodes, [_vi("x", T.FLOAT, [1, 8, 4, "w"])], [_vi("rd", T.FLOAT, None), _vi("cs", T.FLOAT, None)],
                       11, inits)
        return model, [[rng.standard_normal((1, 8, 4, w)).astype(np.float32) * 3] for w in (4, 6)]
    return build


# ------------------------------------------------------------------------------ quantized graphs by hand

def _qlinear_per_channel():
    """QLinearConv with per-output-channel int8 weight scales, then QLinearMatMul (uint8), as a
    converter writes a QOperator model; DequantizeLinear at the end."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(35)
        # s8 weights within 7 bits: onnxruntime's u8 x s8 kernel on AVX2 without VNNI adds products in
        # pairs in int16 with saturation (vpmaddubsw); 255 * 64 * 2 still fits, so its sums are exact
        wq = rng.integers(-64, 64, (4, 2, 3, 3)).astype(np.int8)
        mq = rng.integers(0, 255, (4 * 3 * 3, 3)).astype(np.uint8)
        t = numpy_helper.from_array
        inits = [t(np.float32(0.02), "x_s"), t(np.uint8(128), "x_z"), t(wq, "w"),
                 t(np.array([0.01, 0.02, 0.005, 0.03], np.float32), "w_s"), t(np.zeros(4, np.int8), "w_z"),
                 t(np.float32(0.05), "c_s"), t(np.uint8(10), "c_z"),
                 t(rng.integers(-500, 500, 4).astype(np.int32), "bias"),
                 t(np.array([2, -1], np.int64), "shape"), t(mq, "m"), t(np.float32(0.004), "m_s"), t(np.uint8(120), "m_z"),
                 t(np.float32(0.1), "y_s"), t(np.uint8(100), "y_z")]
        nodes = [helper.make_node("QuantizeLinear", ["x", "x_s", "x_z"], ["xq"]),
                 helper.make_node("QLinearConv", ["xq", "x_s", "x_z", "w", "w_s", "w_z", "c_s", "c_z", "bias"], ["c"],
                                  pads=[1, 1, 1, 1], strides=[2, 2]),
                 helper.make_node("Reshape", ["c", "shape"], ["f"]),
                 helper.make_node("QLinearMatMul", ["f", "c_s", "c_z", "m", "m_s", "m_z", "y_s", "y_z"], ["yq"]),
                 helper.make_node("DequantizeLinear", ["yq", "y_s", "y_z"], ["y"])]
        model = _model(nodes, [_vi("x", T.FLOAT, [2, 2, 6, 6])], [_vi("y", T.FLOAT, [2, 3]), _vi("yq", T.UINT8, [2, 3])],
                       13, inits)
        return model, [[rng.standard_normal((2, 2, 6, 6)).astype(np.float32)]]
    return build


def _dynamic_quant_by_hand():
    """What quantize_dynamic writes, by hand: DynamicQuantizeLinear of the activations, then
    MatMulInteger and ConvInteger with uint8 weights and zero points, rescaled in float."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(36)
        t = numpy_helper.from_array
        inits = [t(rng.integers(0, 255, (8, 5)).astype(np.uint8), "wm"), t(np.uint8(131), "wm_z"),
                 t(np.float32(0.01), "wm_s"),
                 t(rng.integers(0, 255, (3, 1, 3, 3)).astype(np.uint8), "wc"), t(np.uint8(120), "wc_z"),
                 t(np.float32(0.02), "wc_s")]
        nodes = [helper.make_node("DynamicQuantizeLinear", ["x"], ["xq", "xs", "xz"]),
                 helper.make_node("MatMulInteger", ["xq", "wm", "xz", "wm_z"], ["mi"]),
                 helper.make_node("Cast", ["mi"], ["mf"], to=T.FLOAT),
                 helper.make_node("Mul", ["xs", "wm_s"], ["ms"]),
                 helper.make_node("Mul", ["mf", "ms"], ["y"]),
                 helper.make_node("DynamicQuantizeLinear", ["img"], ["iq", "is_", "iz"]),
                 helper.make_node("ConvInteger", ["iq", "wc", "iz", "wc_z"], ["ci"], pads=[1, 1, 1, 1]),
                 helper.make_node("Cast", ["ci"], ["cf"], to=T.FLOAT),
                 helper.make_node("Mul", ["is_", "wc_s"], ["cs"]),
                 helper.make_node("Mul", ["cf", "cs"], ["z"])]
        model = _model(nodes, [_vi("x", T.FLOAT, ["n", 8]), _vi("img", T.FLOAT, [1, 1, "h", 5])],
                       [_vi("y", T.FLOAT, None), _vi("z", T.FLOAT, None)], 13, inits)
        return model, [[rng.standard_normal((n, 8)).astype(np.float32), rng.standard_normal((1, 1, h, 5)).astype(np.float32)]
                       for n, h in ((3, 4), (5, 7))]
    return build


# ------------------------------------------------------------------------------ NMS post-processing

def _nms_postprocess(opset):
    """Detection post-processing as SSD-style exports write it: sigmoid scores, per-class
    NonMaxSuppression over a run-time box count with IoU / score thresholds (center-point boxes),
    the selected (batch, class, box) triples split, the boxes and scores gathered by them."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        t = numpy_helper.from_array
        inits = [t(np.array([5], np.int64), "max_out"), t(np.array([0.4], np.float32), "iou"),
                 t(np.array([0.3], np.float32), "score_th"), t(np.array([2], np.int64), "two"),
                 t(np.array([1], np.int64), "one"), t(np.array([3], np.int64), "three"),
                 t(np.array([1], np.int64), "ax1")]
        def sq(op, x, y, axis):         # axes an attribute before opset 13, an input from 13
            if opset >= 13:
                return helper.make_node(op, [x, "zero" if axis == 0 else "ax1"], [y])
            return helper.make_node(op, [x], [y], axes=[axis])
        nodes = [helper.make_node("Sigmoid", ["logits"], ["scores"]),
                 helper.make_node("NonMaxSuppression", ["boxes", "scores", "max_out", "iou", "score_th"], ["sel"],
                                  center_point_box=1),
                 helper.make_node("Slice", ["sel", "two", "three", "ax1"], ["box_idx2"]),
                 helper.make_node("Slice", ["sel", "one", "two", "ax1"], ["cls_idx2"]),
                 sq("Squeeze", "box_idx2", "box_idx", 1), sq("Squeeze", "cls_idx2", "cls_idx", 1),
                 sq("Squeeze", "boxes", "boxes0", 0),
                 helper.make_node("Gather", ["boxes0", "box_idx"], ["picked"], axis=0),
                 sq("Squeeze", "scores", "scores0", 0),
                 sq("Unsqueeze", "box_idx", "bi", 1), sq("Unsqueeze", "cls_idx", "ci", 1),
                 helper.make_node("Concat", ["ci", "bi"], ["pairs"], axis=1),
                 helper.make_node("GatherND", ["scores0", "pairs"], ["picked_scores"])]
        inits.append(t(np.array([0], np.int64), "zero"))
        model = _model(nodes, [_vi("boxes", T.FLOAT, [1, "n", 4]), _vi("logits", T.FLOAT, [1, 3, "n"])],
                       [_vi("sel", T.INT64, None), _vi("picked", T.FLOAT, None), _vi("picked_scores", T.FLOAT, None)],
                       opset, inits)
        rng = _rng(37)
        sets = []
        for n in (12, 20):
            centers = rng.uniform(0, 10, (1, n, 2)).astype(np.float32)
            sizes = rng.uniform(1, 4, (1, n, 2)).astype(np.float32)
            sets.append([np.concatenate([centers, sizes], 2), rng.standard_normal((1, 3, n)).astype(np.float32) * 2])
        return model, sets
    return build


# ------------------------------------------------------------------------------ outer-scope captures

def _loop_if_captures():
    """A Loop with a run-time trip count whose body reads main-graph tensors (w, bias) and holds
    an If reading the body's state, the iteration number and a main-graph value (limit); its scan
    output and carried state; and a main-graph If whose branches give different sizes."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(38)
        t = numpy_helper.from_array
        inits = [t(rng.standard_normal((4, 4)).astype(np.float32) * 0.5, "w"), t(np.float32(1.5), "limit"),
                 t(rng.standard_normal(4).astype(np.float32), "bias"), t(np.array([2], np.int64), "cut")]
        then_g = helper.make_graph([helper.make_node("Mul", ["h1", "limit"], ["t_out"])], "then", [],
                                   [_vi("t_out", T.FLOAT, [4])])
        else_g = helper.make_graph([helper.make_node("Add", ["h1", "bias"], ["e_out"])], "else", [],
                                   [_vi("e_out", T.FLOAT, [4])])
        body = helper.make_graph(
            [helper.make_node("MatMul", ["h", "w"], ["hw"]), helper.make_node("Tanh", ["hw"], ["h1"]),
             helper.make_node("ReduceSum", ["h1"], ["s"], keepdims=0),
             helper.make_node("Cast", ["i"], ["fi"], to=T.FLOAT),
             helper.make_node("Sub", ["s", "fi"], ["sf"]),
             helper.make_node("Less", ["sf", "limit"], ["small"]),
             helper.make_node("If", ["small"], ["h2"], then_branch=then_g, else_branch=else_g),
             helper.make_node("Identity", ["cond"], ["cond_out"]),
             helper.make_node("Mul", ["h2", "fi"], ["row"])],
            "body", [_vi("i", T.INT64, []), _vi("cond", T.BOOL, []), _vi("h", T.FLOAT, [4])],
            [_vi("cond_out", T.BOOL, []), _vi("h2", T.FLOAT, [4]), _vi("row", T.FLOAT, [4])])
        big = helper.make_graph([helper.make_node("Identity", ["hT"], ["o1"])], "big", [], [_vi("o1", T.FLOAT, [4])])
        small = helper.make_graph([helper.make_node("Slice", ["hT", "zero", "cut"], ["o2"])], "small", [],
                                  [_vi("o2", T.FLOAT, [2])])
        inits.append(t(np.array([0], np.int64), "zero"))
        nodes = [helper.make_node("Loop", ["n", "", "h0"], ["hT", "rows"], body=body),
                 helper.make_node("ReduceMean", ["hT"], ["mean"], keepdims=0),
                 helper.make_node("Greater", ["mean", "limit"], ["gt"]),
                 helper.make_node("If", ["gt"], ["picked"], then_branch=big, else_branch=small)]
        model = _model(nodes, [_vi("n", T.INT64, []), _vi("h0", T.FLOAT, [4])],
                       [_vi("hT", T.FLOAT, [4]), _vi("rows", T.FLOAT, None), _vi("picked", T.FLOAT, None)], 16, inits)
        h0 = rng.standard_normal(4).astype(np.float32)
        return model, [[np.array(3, np.int64), h0], [np.array(6, np.int64), h0 * 2]]
    return build


# ------------------------------------------------------------------------------ external data

def _external_constants():
    """Weights in initializers and in Constant nodes, both saved as external data (onnx's
    convert_attribute=True), imported from the path."""
    def build():
        import os
        import tempfile

        import onnx
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(39)
        w = numpy_helper.from_array(rng.standard_normal((32, 16)).astype(np.float32), "w")
        k = rng.standard_normal((16, 8)).astype(np.float32)
        nodes = [helper.make_node("Constant", [], ["k"], value=numpy_helper.from_array(k, "k")),
                 helper.make_node("MatMul", ["x", "w"], ["h"]), helper.make_node("Relu", ["h"], ["r"]),
                 helper.make_node("MatMul", ["r", "k"], ["y"])]
        model = _model(nodes, [_vi("x", T.FLOAT, ["n", 32])], [_vi("y", T.FLOAT, None)], 17, [w])
        d = tempfile.mkdtemp(prefix="shlo-heldout-")
        path = os.path.join(d, "m.onnx")
        onnx.save(model, path, save_as_external_data=True, all_tensors_to_one_file=True, location="weights.bin",
                  size_threshold=0, convert_attribute=True)
        return _PathModel(path), [[rng.standard_normal((n, 32)).astype(np.float32)] for n in (2, 5)]
    return build


# ------------------------------------------------------------------------------ more exports

def _masked_pool_text():
    """A text encoder written in code: embedding, padding mask from per-row lengths built with
    arange < lengths over the run-time sequence length, masked mean / max pooling, both exporters."""
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(30, 8)
            self.proj = nn.Linear(8, 8)

        def forward(self, ids, lengths):
            h = torch.relu(self.proj(self.emb(ids)))
            mask = torch.arange(ids.shape[1])[None, :] < lengths[:, None]
            m = mask[..., None].to(h.dtype)
            mean = (h * m).sum(1) / m.sum(1).clamp(min=1)
            mx = h.masked_fill(~mask[..., None], float("-inf")).amax(1)
            return mean, mx
    return M()


def _text_sets(rng):
    return [[rng.integers(0, 30, (b, s)).astype(np.int64), rng.integers(1, s + 1, b).astype(np.int64)]
            for b, s in ((2, 5), (3, 9))]


def _reflect_pad_conv1d():
    """A 1-D conv stack with reflect / replicate padding and a dilated conv over a dynamic time
    axis, then a cumulative sum and a sort over it (argsort of the time axis)."""
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.c1 = nn.Conv1d(2, 4, 3)
            self.c2 = nn.Conv1d(4, 4, 3, dilation=2)

        def forward(self, x):
            h = torch.relu(self.c1(F.pad(x, (1, 1), mode="reflect")))
            h = self.c2(F.pad(h, (2, 2), mode="replicate"))
            c = torch.cumsum(h, -1)
            return c, torch.sort(h, -1, descending=True)[0]
    return M()


def _length_regulator():
    """FastSpeech's length regulator: each phoneme's hidden state repeated by its predicted
    duration (rounded, clamped at 0), a run-time total length, then a Conv1d over the frames."""
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.dur = nn.Linear(8, 1)
            self.conv = nn.Conv1d(8, 4, 3, padding=1)

        def forward(self, h):
            d = torch.clamp(torch.round(torch.exp(self.dur(h[0])).squeeze(-1)), min=0).long()
            frames = torch.repeat_interleave(h[0], d, dim=0)
            return self.conv(frames.t()[None]), d
    return M()


def _phoneme_sets(rng):
    return [[rng.standard_normal((1, t, 8)).astype(np.float32)] for t in (5, 9)]


def _ragged_sequence_ops():
    """Sequence ops on pieces of run-time sizes by hand: SplitToSequence by run-time lengths, an
    erase and an insert at run-time positions, the count, the pieces joined, and the sequence
    itself as a graph output."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        nodes = [helper.make_node("SplitToSequence", ["x", "lens"], ["s"], axis=0),
                 helper.make_node("SequenceErase", ["s", "p"], ["s2"]),
                 helper.make_node("SequenceInsert", ["s2", "extra", "q"], ["s3"]),
                 helper.make_node("SequenceLength", ["s3"], ["count"]),
                 helper.make_node("ConcatFromSequence", ["s3"], ["joined"], axis=0)]
        model = _model(nodes, [_vi("x", T.FLOAT, ["n", 3]), _vi("lens", T.INT64, ["k"]), _vi("p", T.INT64, []),
                               _vi("extra", T.FLOAT, ["e", 3]), _vi("q", T.INT64, [])],
                       [helper.make_tensor_sequence_value_info("s3", T.FLOAT, None), _vi("count", T.INT64, []),
                        _vi("joined", T.FLOAT, None)], 17)
        rng = _rng(40)
        sets = [[rng.standard_normal((7, 3)).astype(np.float32), np.array([2, 0, 4, 1]), np.array(1),
                 rng.standard_normal((2, 3)).astype(np.float32), np.array(-1)],
                [rng.standard_normal((10, 3)).astype(np.float32), np.array([3, 3, 1, 1, 2]), np.array(-2),
                 rng.standard_normal((5, 3)).astype(np.float32), np.array(0)]]
        return model, sets
    return build


def _specs():
    from onnx_heldout_users_models import _normal
    ri0, ri1 = {"x0": {0: "n"}, "x1": {0: "n"}}, {"x0": {1: "n"}, "x1": {0: "n"}}
    text = {"x0": {0: "b", 1: "s"}, "x1": {0: "b"}}
    time_ax = {"x0": {2: "t"}}
    specs = [
        Spec("users3_repeat_interleave_run_time_repeats_dim0_torchscript_opset17",
             _torch(lambda: _repeat_interleave(0), _ri_sets(0), False, 17, ri0)),
        Spec("users3_repeat_interleave_run_time_repeats_dim1_torchscript_opset13",
             _torch(lambda: _repeat_interleave(1), _ri_sets(1), False, 13, ri1)),
        Spec("users3_jit_script_prefix_cat_torchscript_opset15", _torch(_prefix_cat, _prefix_sets, False, 15)),
        Spec("users3_jit_script_split_by_run_time_chunk_torchscript_opset15",
             _torch(_chunked_sum, _chunk_sets, False, 15, {"x0": {1: "w"}})),
        Spec("users3_length_regulator_repeat_interleave_dynamic_torchscript_opset17",
             _torch(_length_regulator, _phoneme_sets, False, 17, {"x0": {1: "t"}})),
        Spec("users3_ragged_sequence_ops_run_time_sizes_opset17", _ragged_sequence_ops()),
        Spec("users3_opset7_upsample_attr_gemm_dropout", _opset7_graph()),
        Spec("users3_opset9_bilstm_lens_scan_upsample_input", _opset9_rnn_attrs()),
        Spec("users3_opset10_pad_clip_attrs_slice_steps_topk", _opset10_attrs()),
        Spec("users3_opset11_resize_align_corners_cumsum_dynamic_w", _opset11_era()),
        Spec("users3_qlinearconv_per_channel_qlinearmatmul_opset13", _qlinear_per_channel(), rtol=0, atol=0),
        Spec("users3_dynamic_quantize_matmul_conv_integer_opset13", _dynamic_quant_by_hand(), rtol=1e-5, atol=1e-5),
        Spec("users3_nms_postprocess_center_boxes_opset11", _nms_postprocess(11)),
        Spec("users3_nms_postprocess_center_boxes_opset19", _nms_postprocess(19)),
        Spec("users3_loop_if_outer_scope_captures_opset16", _loop_if_captures()),
        Spec("users3_external_data_constant_nodes", _external_constants()),
        Spec("users3_masked_pool_text_dynamic_torchscript_opset14", _torch(_masked_pool_text, _text_sets, False, 14, text)),
        Spec("users3_masked_pool_text_dynamic_dynamo_opset18", _torch(_masked_pool_text, _text_sets, True, 18, text)),
        Spec("users3_reflect_pad_conv1d_dynamic_time_torchscript_opset17",
             _torch(_reflect_pad_conv1d, _normal([(2, 2, 16)], [(2, 2, 23)]), False, 17, time_ax)),
        Spec("users3_reflect_pad_conv1d_dynamic_time_dynamo_opset18",
             _torch(_reflect_pad_conv1d, _normal([(2, 2, 16)], [(2, 2, 23)]), True, 18, time_ax)),
    ]
    for s in specs:
        s.slow = True           # all with SHLO_ONNX_LIGHT=1 / tools/onnx_heldout.py -k ^users3_
    return specs


SPECS = _specs()
