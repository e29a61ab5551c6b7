"""A sixth held-out-style set for tools/onnx_heldout.py (`-k ^users4_`), written for this set
without looking at the importer's converters: small models of the kinds users export.

  * torch.onnx.export of common layers with dynamic axes (TorchScript and dynamo exporters):
    a BiGRU tagger, a conv + MultiheadAttention hybrid with a key padding mask, a GroupNorm / SiLU
    UNet block with nearest upsampling, a PixelShuffle super-resolution net, a causal attention
    whose mask is built from the run-time length, rotary embeddings, scatter_add / index_select /
    gather, sort / topk / cumsum, an FPN-style upsample to another input's size, an LSTM with
    initial states, einsum + Bilinear, a CTC head with log_softmax, a scripted If / while loop;
  * onnx.helper graphs at opsets 7 to 11 with the semantics of their time (Softmax coercing to 2-D
    before 13, BatchNormalization's spatial attribute, MaxPool's Indices output with
    storage_order, variadic Max / Mean with broadcasting at 8, Scatter-9, Upsample-9's scales
    input, Slice-10 without steps, Resize-10, DepthToSpace CRD at 11, exclusive reverse CumSum);
  * If / Loop / Scan bodies reading outer values: a while loop with no trip count (its condition
    computed), Scan-11 with reversed directions and axes reading a main-graph weight, an If nested
    in a Scan body;
  * quantized QDQ graphs (per-channel int8 weights, uint8 activations, the pattern
    quantize_static writes) and a QuantizeLinear / DequantizeLinear round trip at opset 10;
  * mixed dtypes (a uint8 image normalized in the graph, f16 in and out around f32 work, int32
    indices, bool masks);
  * shape arithmetic on dynamic dims (Shape with start / end, Size, Range, Tile / Expand to shapes
    computed from other inputs, Reshape with 0 / -1, Slice to computed ends).
Each is compared with onnxruntime; models with dynamic sizes run at two sizes from one import.
"""
from __future__ import annotations

import numpy as np
from onnx_heldout_models import Spec, _model, _rng, _vi
from onnx_heldout_users_models import _nn, _normal, _torch


# ------------------------------------------------------------------------------ PyTorch modules

def _bigru_tagger():
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(50, 16)
            self.gru = nn.GRU(16, 12, num_layers=2, batch_first=True, bidirectional=True)
            self.out = nn.Linear(24, 7)

        def forward(self, ids):
            h, _ = self.gru(self.emb(ids))
            return F.log_softmax(self.out(h), -1)
    return M()


def _ids_sets(vocab, shapes, extra=None):
    def sets(rng):
        out = []
        for s in shapes:
            row = [rng.integers(0, vocab, s).astype(np.int64)]
            if extra:
                row += extra(rng, s)
            out.append(row)
        return out
    return sets


def _conv_attention_hybrid():
    """A 1-D conv front end, then nn.MultiheadAttention over the frames with a key padding mask
    made from per-row lengths (arange < length), masked mean pooling."""
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv1d(6, 16, 3, padding=1)
            self.attn = nn.MultiheadAttention(16, 4, batch_first=True)
            self.norm = nn.LayerNorm(16)

        def forward(self, x, lengths):
            h = F.gelu(self.conv(x)).transpose(1, 2)            # (b, t, 16)
            t = h.shape[1]
            pad = torch.arange(t, device=x.device)[None, :] >= lengths[:, None]
            a, _ = self.attn(h, h, h, key_padding_mask=pad, need_weights=False)
            h = self.norm(h + a)
            keep = (~pad).unsqueeze(-1).to(h.dtype)
            return (h * keep).sum(1) / keep.sum(1).clamp(min=1.0)
    return M()


def _hybrid_sets(rng):
    return [[rng.standard_normal((2, 6, 9)).astype(np.float32), np.array([9, 4], np.int64)],
            [rng.standard_normal((3, 6, 13)).astype(np.float32), np.array([13, 1, 7], np.int64)]]


def _unet_block():
    """A diffusion-style UNet block: GroupNorm + SiLU + conv, a residual, nearest 2x upsampling,
    a skip concatenation and a 1x1 conv, over dynamic height and width."""
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.n1, self.c1 = nn.GroupNorm(4, 8), nn.Conv2d(8, 8, 3, padding=1)
            self.n2, self.c2 = nn.GroupNorm(2, 8), nn.Conv2d(8, 8, 3, padding=1)
            self.down = nn.Conv2d(8, 8, 3, stride=2, padding=1)
            self.fuse = nn.Conv2d(16, 4, 1)

        def forward(self, x):
            h = self.c1(F.silu(self.n1(x)))
            h = x + self.c2(F.silu(self.n2(h)))
            d = self.down(h)
            u = F.interpolate(d, scale_factor=2.0, mode="nearest")
            u = u[:, :, :h.shape[2], :h.shape[3]]
            return self.fuse(torch.cat([u, h], 1))
    return M()


def _pixel_shuffle_sr():
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Conv2d(3, 16, 5, padding=2), nn.PReLU(16), nn.Conv2d(16, 12, 3, padding=1))
            self.ps = nn.PixelShuffle(2)

        def forward(self, x):
            up = F.interpolate(x, scale_factor=2.0, mode="bilinear", align_corners=False)
            return torch.clamp(self.ps(self.body(x)) + up, 0.0, 1.0)
    return M()


def _causal_rotary_attention():
    """A decoder layer written by hand: rotary position embeddings computed from the run-time
    length (arange, outer product, cos / sin, rotate_half), a causal mask from torch.triu of a
    (t, t) matrix of -inf, softmax attention, an RMSNorm."""
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.qkv = nn.Linear(16, 48)
            self.o = nn.Linear(16, 16)
            self.w = nn.Parameter(torch.ones(16) * 1.1)

        def forward(self, x):
            b, t, _ = x.shape
            q, k, v = self.qkv(x).view(b, t, 3, 2, 8).permute(2, 0, 3, 1, 4)
            inv = 1.0 / (10000 ** (torch.arange(0, 8, 2, dtype=torch.float32) / 8))
            ang = torch.arange(t, dtype=torch.float32)[:, None] * inv[None, :]
            cos, sin = torch.cat([ang.cos(), ang.cos()], -1), torch.cat([ang.sin(), ang.sin()], -1)

            def rot(z):
                z1, z2 = z[..., :4], z[..., 4:]
                return z * cos + torch.cat([-z2, z1], -1) * sin
            q, k = rot(q), rot(k)
            mask = torch.triu(torch.full((t, t), float("-inf")), diagonal=1)
            att = torch.softmax(q @ k.transpose(-1, -2) / 8 ** 0.5 + mask, -1)
            y = (att @ v).transpose(1, 2).reshape(b, t, 16)
            y = x + self.o(y)
            return y * torch.rsqrt(y.pow(2).mean(-1, keepdim=True) + 1e-6) * self.w
    return M()


def _scatter_gather():
    """Segment sums with scatter_add over run-time segment ids, index_select of rows, a gather
    along the last axis by argsort, a one-hot from F.one_hot."""
    torch, nn, F = _nn()

    class M(nn.Module):
        def forward(self, x, seg, pick):
            sums = torch.zeros(4, x.shape[1]).scatter_add(0, seg[:, None].expand(-1, x.shape[1]), x)
            rows = torch.index_select(x, 0, pick)
            order = torch.argsort(x, dim=1, descending=True)
            ranked = torch.gather(x, 1, order)
            hot = F.one_hot(seg, 4).to(x.dtype)
            return sums, rows * 2, ranked, hot @ sums
    return M()


def _scatter_sets(rng):
    out = []
    for n in (5, 8):
        out.append([rng.standard_normal((n, 3)).astype(np.float32), rng.integers(0, 4, n).astype(np.int64),
                    np.array([n - 1, 0, 2], np.int64)])
    return out


def _sort_topk_cumsum():
    torch, nn, F = _nn()

    class M(nn.Module):
        def forward(self, x):
            vals, idx = torch.sort(x, dim=-1)
            top, ti = torch.topk(x, 3, dim=-1, largest=False)
            c = torch.cumsum(vals, dim=-1)
            rev = torch.flip(x, dims=[-1])
            return c, idx, top, ti, rev * c
    return M()


def _fpn_upsample_add():
    """FPN's top-down path: a coarse map upsampled bilinearly to the size of a finer map given
    as another input (F.interpolate(size=y.shape[-2:])), added, then a 3x3 conv."""
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.lat = nn.Conv2d(4, 8, 1)
            self.top = nn.Conv2d(6, 8, 1)
            self.smooth = nn.Conv2d(8, 8, 3, padding=1)

        def forward(self, fine, coarse):
            c = self.top(coarse)
            up = F.interpolate(c, size=fine.shape[-2:], mode="bilinear", align_corners=False)
            return self.smooth(self.lat(fine) + up)
    return M()


def _lstm_with_states():
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.lstm = nn.LSTM(5, 7, num_layers=1, batch_first=False)
            self.head = nn.Linear(7, 3)

        def forward(self, x, h0, c0):
            y, (h, c) = self.lstm(x, (h0, c0))
            return self.head(y), h, c
    return M()


def _lstm_sets(rng):
    return [[rng.standard_normal((t, b, 5)).astype(np.float32), rng.standard_normal((1, b, 7)).astype(np.float32),
             rng.standard_normal((1, b, 7)).astype(np.float32)] for t, b in ((4, 2), (7, 3))]


def _einsum_bilinear():
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.bil = nn.Bilinear(4, 5, 3)

        def forward(self, a, b):
            g = torch.einsum("bij,bkj->bik", a, a)
            s = torch.einsum("bii->b", g)
            return self.bil(a.mean(1), b) * s[:, None]
    return M()


def _ctc_head():
    """A speech CTC head: two strided 1-D convs over a dynamic time axis, a linear layer over
    (time, batch, classes) and log_softmax, with the output lengths computed from the input's."""
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.c1 = nn.Conv1d(8, 12, 5, stride=2, padding=2)
            self.c2 = nn.Conv1d(12, 12, 3, stride=2, padding=1)
            self.fc = nn.Linear(12, 10)

        def forward(self, x):
            h = F.relu(self.c2(F.relu(self.c1(x))))
            return F.log_softmax(self.fc(h.permute(2, 0, 1)), -1)
    return M()


def _scripted_control():
    """jit.script: a data-dependent If (x.sum() > 0) and a while loop halving until small."""
    torch, nn, F = _nn()

    class M(nn.Module):
        def forward(self, x):
            if bool(x.sum() > 0):
                y = x * 2.0
            else:
                y = -x
            n = 0
            while bool(y.abs().max() > 1.0) and n < 20:
                y = y * 0.5
                n += 1
            return y, torch.tensor(n)
    return torch.jit.script(M())


# ------------------------------------------------------------------------------ onnx.helper graphs

def _t(a, name):
    from onnx import numpy_helper
    return numpy_helper.from_array(np.asarray(a), name)


def _opset7_softmax_bn():
    """Opset 7: Softmax over a 3-D input with axis=1 (before 13 it flattens to 2-D from the
    axis: one softmax over dims 1 and 2 together), BatchNormalization with spatial=1 and an
    epsilon, LRN, a Gemm with transB, LogSoftmax with the default axis."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(41)
        c = 4
        inits = [_t(rng.standard_normal((c, 3, 3, 3)).astype(np.float32) * 0.4, "w"),
                 _t((rng.random(c) + 0.5).astype(np.float32), "scale"), _t(rng.standard_normal(c).astype(np.float32), "bb"),
                 _t(rng.standard_normal(c).astype(np.float32) * 0.2, "mean"),
                 _t((rng.random(c) + 0.5).astype(np.float32), "var"),
                 _t(rng.standard_normal((5, c * 36)).astype(np.float32) * 0.1, "fc"),
                 _t(rng.standard_normal(5).astype(np.float32), "fcb"), _t(np.array([2, 4, 36], np.int64), "s3"),
                 _t(np.array([2, -1], np.int64), "s2")]
        nodes = [helper.make_node("Conv", ["x", "w"], ["cv"], pads=[1, 1, 1, 1]),
                 helper.make_node("BatchNormalization", ["cv", "scale", "bb", "mean", "var"], ["bn"], epsilon=1e-3,
                                  spatial=1),
                 helper.make_node("LRN", ["bn"], ["lrn"], size=3, alpha=1e-3, beta=0.75, bias=1.5),
                 helper.make_node("Reshape", ["lrn", "s3"], ["r3"]),
                 helper.make_node("Softmax", ["r3"], ["sm"], axis=1),
                 helper.make_node("Reshape", ["sm", "s2"], ["flat"]),
                 helper.make_node("Gemm", ["flat", "fc", "fcb"], ["g"], transB=1, alpha=3.0),
                 helper.make_node("LogSoftmax", ["g"], ["y"])]
        model = _model(nodes, [_vi("x", T.FLOAT, [2, 3, 6, 6])], [_vi("sm", T.FLOAT, None), _vi("y", T.FLOAT, None)],
                       7, inits)
        return model, [[rng.standard_normal((2, 3, 6, 6)).astype(np.float32)]]
    return build


def _opset8_maxpool_indices():
    """Opset 8: MaxPool's Indices output (row-major, then storage_order=1: column-major),
    variadic Max / Mean / Sum with multidirectional broadcasting (new at 8), Expand."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(42)
        inits = [_t(rng.standard_normal((1, 3, 1, 1)).astype(np.float32), "chan"),
                 _t(rng.standard_normal(3).astype(np.float32), "col"), _t(np.array([2, 3, 3, 3], np.int64), "shape")]
        nodes = [helper.make_node("MaxPool", ["x"], ["mp", "ix"], kernel_shape=[2, 2], strides=[2, 2]),
                 helper.make_node("MaxPool", ["x"], ["mp2", "ix2"], kernel_shape=[3, 3], strides=[1, 1],
                                  storage_order=1),
                 helper.make_node("Max", ["mp", "chan", "col"], ["mx"]),
                 helper.make_node("Mean", ["mp", "chan"], ["mn"]),
                 helper.make_node("Sum", ["mx", "mn", "col"], ["sm"]),
                 helper.make_node("Expand", ["col", "shape"], ["ex"]),
                 helper.make_node("Mul", ["sm", "ex"], ["y"])]
        model = _model(nodes, [_vi("x", T.FLOAT, [2, 3, 6, 6])],
                       [_vi("y", T.FLOAT, None), _vi("ix", T.INT64, None), _vi("mp2", T.FLOAT, None),
                        _vi("ix2", T.INT64, None)], 8, inits)
        x = rng.permutation(2 * 3 * 36).reshape(2, 3, 6, 6).astype(np.float32)      # no ties
        return model, [[x]]
    return build


def _opset9_misc():
    """Opset 9: Scatter (deprecated later), OneHot with a values pair, Where, Shrink, EyeLike
    with k, Compress along an axis, Upsample with a scales input, IsNaN, Sign, Erf."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(43)
        inits = [_t(np.array([[1, 0, 2], [0, 2, 1]], np.int64), "sidx"),
                 _t(np.array([[9., 8., 7.], [6., 5., 4.]], np.float32), "supd"),
                 _t(np.array(5, np.int64), "depth"), _t(np.array([-1.0, 3.0], np.float32), "onoff"),
                 _t(np.array([True, False, True], bool), "keep"), _t(np.array([1, 1, 2, 3], np.float32), "scales")]
        nodes = [helper.make_node("Scatter", ["x", "sidx", "supd"], ["sc"], axis=1),
                 helper.make_node("OneHot", ["ids", "depth", "onoff"], ["oh"], axis=-1),
                 helper.make_node("Erf", ["sc"], ["er"]),
                 helper.make_node("Shrink", ["er"], ["sh"], lambd=0.3, bias=0.1),
                 helper.make_node("IsNaN", ["sh"], ["nan"]),
                 helper.make_node("Sign", ["sc"], ["sg"]),
                 helper.make_node("Where", ["nan", "sg", "sh"], ["wh"]),
                 helper.make_node("EyeLike", ["sq"], ["eye"], k=1),
                 helper.make_node("Compress", ["wh", "keep"], ["cp"], axis=1),
                 helper.make_node("Upsample", ["img", "scales"], ["up"], mode="nearest")]
        model = _model(nodes, [_vi("x", T.FLOAT, [2, 3]), _vi("ids", T.INT64, [4]), _vi("sq", T.FLOAT, [3, 4]),
                               _vi("img", T.FLOAT, [1, 2, 2, 3])],
                       [_vi("oh", T.FLOAT, None), _vi("eye", T.FLOAT, None), _vi("cp", T.FLOAT, None),
                        _vi("up", T.FLOAT, None)], 9, inits)
        return model, [[rng.standard_normal((2, 3)).astype(np.float32), np.array([0, 4, -1, 2], np.int64),
                        rng.standard_normal((3, 4)).astype(np.float32), rng.standard_normal((1, 2, 2, 3)).astype(np.float32)]]
    return build


def _opset10_resize_qdq():
    """Opset 10: Resize (nearest, a scales input only), Slice with inputs but no steps, a
    QuantizeLinear / DequantizeLinear round trip (uint8 with a zero point), Mod with fmod=1,
    ThresholdedRelu, IsInf, ReverseSequence, TopK with k an input, over a dynamic batch."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(44)
        inits = [_t(np.array([1, 1, 2, 1.5], np.float32), "scales"),
                 _t(np.array([0, 1], np.int64), "starts"), _t(np.array([2, 100], np.int64), "ends"),
                 _t(np.array([1, 3], np.int64), "axes"), _t(np.float32(0.05), "qs"), _t(np.uint8(120), "qz"),
                 _t(np.float32(0.7), "div"), _t(np.array([2], np.int64), "k")]
        nodes = [helper.make_node("Resize", ["x", "scales"], ["r"], mode="nearest"),
                 helper.make_node("Slice", ["r", "starts", "ends", "axes"], ["s"]),
                 helper.make_node("QuantizeLinear", ["s", "qs", "qz"], ["q"]),
                 helper.make_node("DequantizeLinear", ["q", "qs", "qz"], ["dq"]),
                 helper.make_node("Mod", ["dq", "div"], ["m"], fmod=1),
                 helper.make_node("ThresholdedRelu", ["m"], ["tr"], alpha=0.2),
                 helper.make_node("IsInf", ["x"], ["inf"], detect_negative=0),
                 helper.make_node("ReverseSequence", ["seq", "lens"], ["rs"], batch_axis=1, time_axis=0),
                 helper.make_node("TopK", ["tr", "k"], ["tv", "ti"], axis=3)]
        model = _model(nodes, [_vi("x", T.FLOAT, ["n", 2, 3, 4]), _vi("seq", T.FLOAT, [5, "n", 2]),
                               _vi("lens", T.INT64, ["n"])],
                       [_vi("q", T.UINT8, None), _vi("tr", T.FLOAT, None), _vi("inf", T.BOOL, None),
                        _vi("rs", T.FLOAT, None), _vi("tv", T.FLOAT, None), _vi("ti", T.INT64, None)], 10, inits)
        sets = []
        for n in (1, 3):
            x = (rng.standard_normal((n, 2, 3, 4)) * 3).astype(np.float32)
            x[0, 0, 0, 0] = np.inf
            x[0, 1, 0, 0] = -np.inf
            sets.append([x, rng.standard_normal((5, n, 2)).astype(np.float32),
                         rng.integers(1, 6, n).astype(np.int64)])
        return model, sets
    return build


def _opset11_scatternd_cumsum():
    """Opset 11: ScatterND / GatherND, ScatterElements with negative indices, CumSum exclusive
    and reverse, DepthToSpace in CRD mode, Round (halves to even), Range over a run-time limit,
    Det, a Gather with negative indices."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(45)
        inits = [_t(np.array([[0, 1], [2, 0]], np.int64), "ndi"), _t(np.array([5.5, -2.5], np.float32), "ndu"),
                 _t(np.array([[-1, 0]], np.int64), "sei"), _t(np.array([[10., 20.]], np.float32), "seu"),
                 _t(np.array(1, np.int32), "ax1"), _t(np.float32(0.5), "step"), _t(np.float32(0), "zero"),
                 _t(np.array([-1, 0], np.int64), "gi")]
        nodes = [helper.make_node("ScatterND", ["x", "ndi", "ndu"], ["snd"]),
                 helper.make_node("GatherND", ["snd", "ndi"], ["gnd"]),
                 helper.make_node("ScatterElements", ["snd", "sei", "seu"], ["sel"], axis=1),
                 helper.make_node("CumSum", ["sel", "ax1"], ["cs"], exclusive=1, reverse=1),
                 helper.make_node("Round", ["cs"], ["rd"]),
                 helper.make_node("DepthToSpace", ["img"], ["d2s"], blocksize=2, mode="CRD"),
                 helper.make_node("Range", ["zero", "lim", "step"], ["rg"]),
                 helper.make_node("Det", ["mats"], ["det"]),
                 helper.make_node("Gather", ["x", "gi"], ["gx"], axis=0)]
        model = _model(nodes, [_vi("x", T.FLOAT, [3, 4]), _vi("img", T.FLOAT, [1, 8, 2, 3]), _vi("lim", T.FLOAT, []),
                               _vi("mats", T.FLOAT, [2, 3, 3])],
                       [_vi("gnd", T.FLOAT, None), _vi("rd", T.FLOAT, None), _vi("d2s", T.FLOAT, None),
                        _vi("rg", T.FLOAT, None), _vi("det", T.FLOAT, None), _vi("gx", T.FLOAT, None)], 11, inits)
        sets = []
        for lim in (3.2, 5.0):
            x = np.round(rng.standard_normal((3, 4)) * 4) / 2
            sets.append([x.astype(np.float32), rng.standard_normal((1, 8, 2, 3)).astype(np.float32),
                         np.float32(lim), rng.standard_normal((2, 3, 3)).astype(np.float32)])
        return model, sets
    return build


def _while_no_trip_count():
    """A Loop without a trip count (M empty): a Newton iteration for sqrt(a) carried until the
    step is below a tolerance read from the main graph, with a scan output of every iterate (its
    length known at run time only) and the iteration count; the body reads `a` from outside."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        inits = [_t(np.float32(1e-4), "tol"), _t(np.float32(0.5), "half")]
        body = helper.make_graph(
            [helper.make_node("Div", ["a", "g"], ["ag"]), helper.make_node("Add", ["g", "ag"], ["s"]),
             helper.make_node("Mul", ["s", "half"], ["g1"]), helper.make_node("Sub", ["g1", "g"], ["d"]),
             helper.make_node("Abs", ["d"], ["ad"]), helper.make_node("ReduceMax", ["ad"], ["md"], keepdims=0),
             helper.make_node("Greater", ["md", "tol"], ["go"]),
             helper.make_node("Identity", ["g1"], ["row"])],
            "body", [_vi("i", T.INT64, []), _vi("c", T.BOOL, []), _vi("g", T.FLOAT, [3])],
            [_vi("go", T.BOOL, []), _vi("g1", T.FLOAT, [3]), _vi("row", T.FLOAT, [3])])
        nodes = [helper.make_node("Loop", ["", "start", "g0"], ["root", "rows"], body=body),
                 helper.make_node("Shape", ["rows"], ["n"], start=0, end=1)]
        model = _model(nodes, [_vi("a", T.FLOAT, [3]), _vi("g0", T.FLOAT, [3]), _vi("start", T.BOOL, [])],
                       [_vi("root", T.FLOAT, [3]), _vi("rows", T.FLOAT, None), _vi("n", T.INT64, None)], 15, inits)
        return model, [[np.array([2, 9, 30], np.float32), np.ones(3, np.float32), np.array(True)],
                       [np.array([0.5, 100, 1e4], np.float32), np.full(3, 3, np.float32), np.array(True)],
                       [np.array([4, 4, 4], np.float32), np.ones(3, np.float32), np.array(False)]]
    return build


def _scan11_reverse_captures():
    """Scan (opset 11): two scan inputs, one scanned along axis 1 in reverse, a state, a scan
    output written along axis 1 in reverse; the body reads a main-graph weight and holds an If
    on the state's sign that reads another main-graph value."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(46)
        inits = [_t(rng.standard_normal((3, 3)).astype(np.float32) * 0.6, "w"), _t(np.float32(0.25), "leak")]
        pos = helper.make_graph([helper.make_node("Identity", ["h1"], ["o"])], "pos", [], [_vi("o", T.FLOAT, [3])])
        neg = helper.make_graph([helper.make_node("Mul", ["h1", "leak"], ["o2"])], "neg", [], [_vi("o2", T.FLOAT, [3])])
        body = helper.make_graph(
            [helper.make_node("MatMul", ["h", "w"], ["hw"]), helper.make_node("Add", ["hw", "xa"], ["p"]),
             helper.make_node("Mul", ["p", "xb"], ["h1"]),
             helper.make_node("ReduceSum", ["h1"], ["tot"], keepdims=0),
             helper.make_node("Greater", ["tot", "zero"], ["up"]),
             helper.make_node("If", ["up"], ["h2"], then_branch=pos, else_branch=neg),
             helper.make_node("Tanh", ["h2"], ["y"])],
            "body", [_vi("h", T.FLOAT, [3]), _vi("xa", T.FLOAT, [3]), _vi("xb", T.FLOAT, [3])],
            [_vi("h2", T.FLOAT, [3]), _vi("y", T.FLOAT, [3])])
        inits.append(_t(np.float32(0), "zero"))
        nodes = [helper.make_node("Scan", ["h0", "xs", "ys"], ["hT", "out"], body=body, num_scan_inputs=2,
                                  scan_input_axes=[0, 1], scan_input_directions=[0, 1],
                                  scan_output_axes=[1], scan_output_directions=[1])]
        model = _model(nodes, [_vi("h0", T.FLOAT, [3]), _vi("xs", T.FLOAT, ["t", 3]), _vi("ys", T.FLOAT, [3, "t"])],
                       [_vi("hT", T.FLOAT, [3]), _vi("out", T.FLOAT, None)], 11, inits)
        return model, [[rng.standard_normal(3).astype(np.float32), rng.standard_normal((t, 3)).astype(np.float32),
                        rng.standard_normal((3, t)).astype(np.float32)] for t in (4, 7)]
    return build


def _qdq_conv_matmul():
    """The QDQ format quantize_static writes, by hand: uint8 activations (QuantizeLinear then
    DequantizeLinear around each op), int8 per-channel conv weights stored quantized and
    dequantized along axis 0, an int32 bias dequantized with scale = x_scale * w_scale, a Relu,
    a global average pool, a per-tensor quantized MatMul; the output dequantized."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(47)
        xs, wsc = 0.02, (rng.random(4) * 0.01 + 0.005).astype(np.float32)
        wq = rng.integers(-60, 61, (4, 2, 3, 3)).astype(np.int8)
        bq = rng.integers(-500, 500, 4).astype(np.int32)
        mw = rng.integers(-60, 61, (4, 5)).astype(np.int8)
        inits = [_t(np.float32(xs), "xs"), _t(np.uint8(128), "xz"), _t(wq, "wq"), _t(wsc, "wsc"),
                 _t(np.zeros(4, np.int8), "wz"), _t(bq, "bq"), _t((wsc * xs).astype(np.float32), "bsc"),
                 _t(np.zeros(4, np.int32), "bz"), _t(np.float32(0.03), "as"), _t(np.uint8(0), "az"),
                 _t(mw, "mw"), _t(np.float32(0.01), "ms"), _t(np.int8(0), "mz"),
                 _t(np.float32(0.05), "ys"), _t(np.uint8(100), "yz")]
        nodes = [helper.make_node("QuantizeLinear", ["x", "xs", "xz"], ["xq"]),
                 helper.make_node("DequantizeLinear", ["xq", "xs", "xz"], ["xd"]),
                 helper.make_node("DequantizeLinear", ["wq", "wsc", "wz"], ["wd"], axis=0),
                 helper.make_node("DequantizeLinear", ["bq", "bsc", "bz"], ["bd"], axis=0),
                 helper.make_node("Conv", ["xd", "wd", "bd"], ["c"], pads=[1, 1, 1, 1]),
                 helper.make_node("Relu", ["c"], ["r"]),
                 helper.make_node("QuantizeLinear", ["r", "as", "az"], ["rq"]),
                 helper.make_node("DequantizeLinear", ["rq", "as", "az"], ["rd"]),
                 helper.make_node("GlobalAveragePool", ["rd"], ["gp"]),
                 helper.make_node("Flatten", ["gp"], ["f"]),
                 helper.make_node("QuantizeLinear", ["f", "as", "az"], ["fq"]),
                 helper.make_node("DequantizeLinear", ["fq", "as", "az"], ["fd"]),
                 helper.make_node("DequantizeLinear", ["mw", "ms", "mz"], ["md"]),
                 helper.make_node("MatMul", ["fd", "md"], ["mm"]),
                 helper.make_node("QuantizeLinear", ["mm", "ys", "yz"], ["yq"]),
                 helper.make_node("DequantizeLinear", ["yq", "ys", "yz"], ["y"])]
        model = _model(nodes, [_vi("x", T.FLOAT, ["n", 2, 6, 6])], [_vi("y", T.FLOAT, None)], 13, inits)
        return model, [[(rng.random((n, 2, 6, 6)) * 4 - 2).astype(np.float32)] for n in (1, 3)]
    return build


def _uint8_image_mixed_dtypes():
    """Mixed dtypes: a uint8 NHWC image cast and normalized in the graph, a conv, argmax as int64
    cast to int32, a bool mask from a threshold used by Where, an f16 input cast up, used, and the
    result cast back to f16; integer arithmetic on int32."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(48)
        inits = [_t(np.array([123.7, 116.3, 103.5], np.float32).reshape(1, 3, 1, 1), "mean"),
                 _t(np.array([58.4, 57.1, 57.4], np.float32).reshape(1, 3, 1, 1), "std"),
                 _t(rng.standard_normal((4, 3, 3, 3)).astype(np.float32) * 0.3, "w"),
                 _t(np.float32(0.1), "thr"), _t(np.int32(3), "three"), _t(np.float32(0), "zf")]
        nodes = [helper.make_node("Transpose", ["img"], ["nchw"], perm=[0, 3, 1, 2]),
                 helper.make_node("Cast", ["nchw"], ["f"], to=T.FLOAT),
                 helper.make_node("Sub", ["f", "mean"], ["c0"]), helper.make_node("Div", ["c0", "std"], ["nrm"]),
                 helper.make_node("Conv", ["nrm", "w"], ["cv"], pads=[1, 1, 1, 1]),
                 helper.make_node("ArgMax", ["cv"], ["am"], axis=1, keepdims=0),
                 helper.make_node("Cast", ["am"], ["am32"], to=T.INT32),
                 helper.make_node("Mul", ["am32", "three"], ["am3"]),
                 helper.make_node("Greater", ["cv", "thr"], ["mask"]),
                 helper.make_node("Where", ["mask", "cv", "zf"], ["relu"]),
                 helper.make_node("Cast", ["h"], ["h32"], to=T.FLOAT),
                 helper.make_node("ReduceMean", ["relu"], ["rm"], axes=[2, 3], keepdims=0),
                 helper.make_node("Add", ["rm", "h32"], ["mix"]),
                 helper.make_node("Cast", ["mix"], ["out16"], to=T.FLOAT16),
                 helper.make_node("Cast", ["mask"], ["mi"], to=T.UINT8)]
        model = _model(nodes, [_vi("img", T.UINT8, ["n", 5, 6, 3]), _vi("h", T.FLOAT16, ["n", 4])],
                       [_vi("am3", T.INT32, None), _vi("out16", T.FLOAT16, None), _vi("mi", T.UINT8, None)], 13, inits)
        return model, [[rng.integers(0, 256, (n, 5, 6, 3)).astype(np.uint8),
                        rng.standard_normal((n, 4)).astype(np.float16)] for n in (1, 2)]
    return build


def _shape_arithmetic():
    """Shape arithmetic on dynamic dims: Shape with start / end (opset 15), Size, heads split by
    a Reshape to [0, 0, 2, -1] (0: copy), a Range over a run-time length, Tile with repeats and
    Expand to a shape both computed from another input's shape, Slice to a computed end (the
    first half), ConstantOfShape of a computed shape."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        inits = [_t(np.array([0, 0, 2, -1], np.int64), "heads"), _t(np.array(2, np.int64), "two"),
                 _t(np.array([0], np.int64), "z1"), _t(np.array([1], np.int64), "ax1"),
                 _t(np.array(0, np.int64), "z"), _t(np.array(1, np.int64), "one"),
                 _t(np.array([1, 1], np.int64), "ones2")]
        nodes = [helper.make_node("Shape", ["x"], ["bt"], start=0, end=2),
                 helper.make_node("Shape", ["x"], ["last"], start=-1),
                 helper.make_node("Size", ["x"], ["numel"]),
                 helper.make_node("Reshape", ["x", "heads"], ["xh"]),
                 helper.make_node("Transpose", ["xh"], ["xt"], perm=[0, 2, 1, 3]),
                 helper.make_node("Gather", ["bt", "one"], ["t"], axis=0),
                 helper.make_node("Range", ["z", "t", "one"], ["pos"]),
                 helper.make_node("Cast", ["pos"], ["posf"], to=T.FLOAT),
                 helper.make_node("Div", ["t", "two"], ["half"]),
                 helper.make_node("Unsqueeze", ["half", "z1"], ["half1"]),
                 helper.make_node("Slice", ["x", "z1", "half1", "ax1"], ["first"]),
                 helper.make_node("Shape", ["y"], ["ys"]),
                 helper.make_node("Shape", ["y"], ["p"], end=1),
                 helper.make_node("Concat", ["p", "ones2"], ["reps"], axis=0),
                 helper.make_node("Unsqueeze", ["posf", "z1"], ["pos2"]),
                 helper.make_node("Unsqueeze", ["pos2", "z1"], ["pos3"]),
                 helper.make_node("Tile", ["pos3", "reps"], ["tiled"]),
                 helper.make_node("Concat", ["bt", "last"], ["full"], axis=0),
                 helper.make_node("ConstantOfShape", ["full"], ["ones"], value=helper.make_tensor("", T.FLOAT, [1], [1.5])),
                 helper.make_node("Cast", ["numel"], ["nf"], to=T.FLOAT),
                 helper.make_node("Div", ["ones", "nf"], ["scaled"]),
                 helper.make_node("Expand", ["posf", "ys"], ["ex"])]
        model = _model(nodes, [_vi("x", T.FLOAT, ["b", "t", 4]), _vi("y", T.FLOAT, ["p", "q"])],
                       [_vi("xt", T.FLOAT, None), _vi("first", T.FLOAT, None), _vi("tiled", T.FLOAT, None),
                        _vi("scaled", T.FLOAT, None), _vi("ex", T.FLOAT, None)], 15, inits)
        rng = _rng(49)
        return model, [[rng.standard_normal((2, 6, 4)).astype(np.float32), rng.standard_normal((3, 6)).astype(np.float32)],
                       [rng.standard_normal((1, 5, 4)).astype(np.float32), rng.standard_normal((2, 5)).astype(np.float32)]]
    return build


def _reshape_allowzero_trilu():
    """Opset 14: Reshape with allowzero=1 of an empty tensor, Trilu with k as an input (upper and
    lower), Squeeze / Unsqueeze with axes as inputs at dynamic dims, Flatten at axis 2 over
    dynamic sizes."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        inits = [_t(np.array([0, 4], np.int64), "zshape"), _t(np.array(1, np.int64), "k"),
                 _t(np.array(-1, np.int64), "km"), _t(np.array([0, 3], np.int64), "uax"), _t(np.array([0], np.int64), "sax")]
        nodes = [helper.make_node("Reshape", ["empty", "zshape"], ["ez"], allowzero=1),
                 helper.make_node("Trilu", ["m", "k"], ["up"], upper=1),
                 helper.make_node("Trilu", ["m", "km"], ["lo"], upper=0),
                 helper.make_node("Unsqueeze", ["up", "uax"], ["u4"]),
                 helper.make_node("Squeeze", ["u4", "sax"], ["s3"]),
                 helper.make_node("Flatten", ["u4"], ["fl"], axis=2),
                 helper.make_node("Add", ["lo", "fl"], ["y"])]
        model = _model(nodes, [_vi("empty", T.FLOAT, [0, 4]), _vi("m", T.FLOAT, ["r", "c"])],
                       [_vi("ez", T.FLOAT, None), _vi("y", T.FLOAT, None), _vi("s3", T.FLOAT, None)], 14, inits)
        rng = _rng(50)
        return model, [[np.zeros((0, 4), np.float32), rng.standard_normal((r, c)).astype(np.float32)]
                       for r, c in ((3, 5), (6, 2))]
    return build


def _nested_if_in_loop_scan_out():
    """A Loop with a run-time trip count whose body holds an If whose branches each hold
    another If, all reading the iteration number, the loop state and main-graph tensors; the
    scan output's rows and the final state."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(51)
        inits = [_t(rng.standard_normal((3, 3)).astype(np.float32) * 0.5, "w"), _t(np.array(2, np.int64), "two"),
                 _t(np.array(0, np.int64), "zero"), _t(np.array(3, np.int64), "three")]
        a = helper.make_graph([helper.make_node("MatMul", ["h", "w"], ["oa"])], "a", [], [_vi("oa", T.FLOAT, [3])])
        b = helper.make_graph([helper.make_node("Neg", ["h"], ["ob"])], "b", [], [_vi("ob", T.FLOAT, [3])])
        c = helper.make_graph([helper.make_node("Sin", ["h"], ["oc"])], "c", [], [_vi("oc", T.FLOAT, [3])])
        d = helper.make_graph([helper.make_node("Add", ["h", "x"], ["od"])], "d", [], [_vi("od", T.FLOAT, [3])])
        even = helper.make_graph([helper.make_node("Less", ["i", "three"], ["early"]),
                                  helper.make_node("If", ["early"], ["e_out"], then_branch=a, else_branch=b)],
                                 "even", [], [_vi("e_out", T.FLOAT, [3])])
        odd = helper.make_graph([helper.make_node("ReduceSum", ["h"], ["hs"], keepdims=0),
                                 helper.make_node("Cast", ["zero"], ["zf"], to=T.FLOAT),
                                 helper.make_node("Greater", ["hs", "zf"], ["pos"]),
                                 helper.make_node("If", ["pos"], ["o_out"], then_branch=c, else_branch=d)],
                                "odd", [], [_vi("o_out", T.FLOAT, [3])])
        body = helper.make_graph(
            [helper.make_node("Mod", ["i", "two"], ["r"]), helper.make_node("Equal", ["r", "zero"], ["is_even"]),
             helper.make_node("If", ["is_even"], ["h1"], then_branch=even, else_branch=odd),
             helper.make_node("Identity", ["cond"], ["cond_out"]), helper.make_node("Identity", ["h1"], ["row"])],
            "body", [_vi("i", T.INT64, []), _vi("cond", T.BOOL, []), _vi("h", T.FLOAT, [3])],
            [_vi("cond_out", T.BOOL, []), _vi("h1", T.FLOAT, [3]), _vi("row", T.FLOAT, [3])])
        nodes = [helper.make_node("Loop", ["n", "", "x"], ["hT", "rows"], body=body)]
        model = _model(nodes, [_vi("n", T.INT64, []), _vi("x", T.FLOAT, [3])],
                       [_vi("hT", T.FLOAT, [3]), _vi("rows", T.FLOAT, None)], 13, inits)
        return model, [[np.array(n, np.int64), rng.standard_normal(3).astype(np.float32)] for n in (5, 8)]
    return build


def _grid_sample_warp():
    """A spatial transformer: affine_grid from predicted parameters, grid_sample (bilinear,
    zero padding) of the input, over a dynamic batch."""
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.loc = nn.Linear(2 * 6 * 6, 6)
            with torch.no_grad():
                self.loc.weight.mul_(0.05)
                self.loc.bias.copy_(torch.tensor([0.9, 0.1, 0.05, -0.1, 1.1, -0.05]))

        def forward(self, x):
            theta = self.loc(x.flatten(1)).view(-1, 2, 3)
            grid = F.affine_grid(theta, [x.shape[0], 2, 5, 7], align_corners=False)
            return F.grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=False)
    return M()


def _sdpa_block():
    """A pre-norm transformer block with F.scaled_dot_product_attention (is_causal) and a SwiGLU
    feed-forward, dynamic batch and sequence."""
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.n1, self.n2 = nn.LayerNorm(16), nn.LayerNorm(16)
            self.qkv, self.o = nn.Linear(16, 48), nn.Linear(16, 16)
            self.up, self.gate, self.down = nn.Linear(16, 24), nn.Linear(16, 24), nn.Linear(24, 16)

        def forward(self, x):
            b, t, _ = x.shape
            q, k, v = self.qkv(self.n1(x)).view(b, t, 3, 4, 4).unbind(2)
            a = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True)
            x = x + self.o(a.transpose(1, 2).reshape(b, t, 16))
            h = self.n2(x)
            return x + self.down(F.silu(self.gate(h)) * self.up(h))
    return M()


def _opset12_misc():
    """Opset 12: ArgMax / ArgMin with select_last_index over ties, Celu, Einsum written by hand,
    GatherElements with negative indices, Clip with only a max (min omitted), Pow with an int
    exponent tensor, BitShift on uint8, Max over int32, LessOrEqual, NegativeLogLikelihoodLoss
    with ignore_index (a function op)."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        inits = [_t(np.float32(0.5), "hi"), _t(np.array([[-1, 0], [1, -2]], np.int64), "gei"),
                 _t(np.array(2, np.int32), "e2"), _t(np.array([1, 2, 3], np.uint8), "sh")]
        nodes = [helper.make_node("ArgMax", ["x"], ["amx"], axis=1, select_last_index=1),
                 helper.make_node("ArgMin", ["x"], ["amn"], axis=0, keepdims=0, select_last_index=1),
                 helper.make_node("Celu", ["x"], ["ce"], alpha=0.7),
                 helper.make_node("Einsum", ["x", "x"], ["es"], equation="ij,kj->ik"),
                 helper.make_node("GatherElements", ["x", "gei"], ["ge"], axis=1),
                 helper.make_node("Clip", ["ce", "", "hi"], ["cl"]),
                 helper.make_node("Pow", ["cl", "e2"], ["pw"]),
                 helper.make_node("BitShift", ["u", "sh"], ["bs"], direction="LEFT"),
                 helper.make_node("Max", ["i32", "e2"], ["mx"]),
                 helper.make_node("LessOrEqual", ["x", "hi"], ["le"]),
                 helper.make_node("NegativeLogLikelihoodLoss", ["logp", "tgt"], ["nll"], ignore_index=2,
                                  reduction="mean")]
        model = _model(nodes, [_vi("x", T.FLOAT, [2, 4]), _vi("u", T.UINT8, [3]), _vi("i32", T.INT32, [3]),
                               _vi("logp", T.FLOAT, [3, 4]), _vi("tgt", T.INT64, [3])],
                       [_vi(n, t, None) for n, t in (("amx", T.INT64), ("amn", T.INT64), ("es", T.FLOAT), ("ge", T.FLOAT),
                                                     ("pw", T.FLOAT), ("bs", T.UINT8), ("mx", T.INT32), ("le", T.BOOL),
                                                     ("nll", T.FLOAT))], 12, inits)
        x = np.array([[1, 3, 3, 0], [2, 2, -1, 2]], np.float32)
        rng = _rng(52)
        logp = np.log(rng.dirichlet(np.ones(4), 3)).astype(np.float32)
        return model, [[x, np.array([1, 100, 37], np.uint8), np.array([-5, 2, 9], np.int32), logp,
                        np.array([0, 2, 3], np.int64)]]
    return build


def _opset18_axes_inputs():
    """Opset 18: ReduceMax / ReduceL2 with axes as an input (and noop_with_empty_axes with no
    axes), Pad with an axes input, Split with num_outputs over a dynamic size (uneven last
    piece), Resize with antialias-free cubic mode and keep_aspect_ratio_policy over sizes,
    CenterCropPad (a function op) to a fixed size over dynamic dims."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        inits = [_t(np.array([-1], np.int64), "lastax"), _t(np.array([1, 2], np.int64), "pads"),
                 _t(np.array([2], np.int64), "padax"), _t(np.array([4, 6], np.int64), "crop"),
                 _t(np.array([5, 5], np.int64), "sizes")]
        nodes = [helper.make_node("ReduceMax", ["x", "lastax"], ["rmax"], keepdims=0),
                 helper.make_node("ReduceL2", ["x"], ["rl2"], noop_with_empty_axes=1),
                 helper.make_node("Pad", ["x", "pads", "", "padax"], ["pd"], mode="edge"),
                 helper.make_node("Split", ["pd"], ["s0", "s1", "s2"], axis=2, num_outputs=3),
                 helper.make_node("CenterCropPad", ["x", "crop"], ["cc"], axes=[1, 2]),
                 helper.make_node("Resize", ["img", "", "", "sizes"], ["rs"], mode="cubic",
                                  keep_aspect_ratio_policy="not_larger", axes=[2, 3])]
        model = _model(nodes, [_vi("x", T.FLOAT, [2, "h", "w"]), _vi("img", T.FLOAT, [1, 1, 4, 6])],
                       [_vi(n, T.FLOAT, None) for n in ("rmax", "rl2", "s0", "s1", "s2", "cc", "rs")], 18, inits)
        rng = _rng(53)
        return model, [[rng.standard_normal((2, h, w)).astype(np.float32), rng.standard_normal((1, 1, 4, 6)).astype(np.float32)]
                       for h, w in ((3, 8), (6, 4))]
    return build


def _window_partition_pad_dynamic():
    """Swin's window partition over a dynamic height / width: pad to a multiple of the window
    (pads computed as (w - n % w) % w from Shape), reshape into (b, h/w, w, w/w, w, c) windows,
    transpose, flatten to (b * nw, w * w, c), a per-window softmax attention score, and back."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        inits = [_t(np.array(4, np.int64), "win"), _t(np.array([1], np.int64), "i1"), _t(np.array([2], np.int64), "i2"),
                 _t(np.array([0], np.int64), "z1"), _t(np.array([0, 0], np.int64), "z2"),
                 _t(np.array([-1, 16, 3], np.int64), "wshape"), _t(np.array([4], np.int64), "w1"),
                 _t(np.array([-1], np.int64), "m1")]
        nodes = [helper.make_node("Shape", ["x"], ["s"]),
                 helper.make_node("Gather", ["s", "i1"], ["h"], axis=0),
                 helper.make_node("Gather", ["s", "i2"], ["w"], axis=0),
                 helper.make_node("Mod", ["h", "win"], ["hm"]), helper.make_node("Sub", ["win", "hm"], ["hp0"]),
                 helper.make_node("Mod", ["hp0", "win"], ["hp"]),
                 helper.make_node("Mod", ["w", "win"], ["wm"]), helper.make_node("Sub", ["win", "wm"], ["wp0"]),
                 helper.make_node("Mod", ["wp0", "win"], ["wp"]),
                 # pads for (b, h, w, c): begins 0 0 0 0, ends 0 hp wp 0
                 helper.make_node("Concat", ["z2", "z2", "z1", "hp", "wp", "z1"], ["pads"], axis=0),
                 helper.make_node("Pad", ["x", "pads"], ["xp"], mode="constant"),
                 helper.make_node("Shape", ["xp"], ["ps"]),
                 helper.make_node("Gather", ["ps", "i1"], ["hh"], axis=0),
                 helper.make_node("Gather", ["ps", "i2"], ["ww"], axis=0),
                 helper.make_node("Div", ["hh", "win"], ["nh"]), helper.make_node("Div", ["ww", "win"], ["nw"]),
                 helper.make_node("Concat", ["m1", "nh", "w1", "nw", "w1", "c3"], ["six"], axis=0),
                 helper.make_node("Reshape", ["xp", "six"], ["x6"]),
                 helper.make_node("Transpose", ["x6"], ["xt"], perm=[0, 1, 3, 2, 4, 5]),
                 helper.make_node("Reshape", ["xt", "wshape"], ["wins"]),
                 helper.make_node("Transpose", ["wins"], ["wt"], perm=[0, 2, 1]),
                 helper.make_node("MatMul", ["wins", "wt"], ["score"]),
                 helper.make_node("Softmax", ["score"], ["att"], axis=-1),
                 helper.make_node("MatMul", ["att", "wins"], ["y"])]
        inits.append(_t(np.array([3], np.int64), "c3"))
        model = _model(nodes, [_vi("x", T.FLOAT, ["b", "h", "w", 3])], [_vi("xp", T.FLOAT, None), _vi("y", T.FLOAT, None)],
                       13, inits)
        rng = _rng(54)
        return model, [[rng.standard_normal((b, h, w, 3)).astype(np.float32) * 0.5] for b, h, w in ((1, 6, 9), (2, 8, 5))]
    return build


def _topk_from_shape_nonzero():
    """Detection-style selection: TopK with k = min(5, n) computed from the run-time box count,
    NonZero of a score threshold and GatherND of the kept rows, GatherND with batch_dims=1, Mod of
    negative int64 (Python's sign rule) and Cast of negative floats to int32 (truncation)."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        inits = [_t(np.array([5], np.int64), "five"), _t(np.array([1], np.int64), "i1"), _t(np.float32(0.3), "thr"),
                 _t(np.array(3, np.int64), "three")]
        nodes = [helper.make_node("Shape", ["scores"], ["s"]),
                 helper.make_node("Gather", ["s", "i1"], ["n"], axis=0),
                 helper.make_node("Min", ["n", "five"], ["k"]),
                 helper.make_node("TopK", ["scores", "k"], ["tv", "ti"], axis=1),
                 helper.make_node("Unsqueeze", ["ti", "m1"], ["ti3"]),
                 helper.make_node("GatherND", ["boxes", "ti3"], ["tb"], batch_dims=1),
                 helper.make_node("Greater", ["scores", "thr"], ["keep"]),
                 helper.make_node("NonZero", ["keep"], ["nz"]),
                 helper.make_node("Transpose", ["nz"], ["nzt"], perm=[1, 0]),
                 helper.make_node("GatherND", ["boxes", "nzt"], ["kept"]),
                 helper.make_node("Mod", ["ti", "three"], ["tm"]),
                 helper.make_node("Neg", ["tm"], ["ntm"]),
                 helper.make_node("Mod", ["ntm", "three"], ["nm"]),
                 helper.make_node("Mul", ["tv", "mten"], ["tv10"]),
                 helper.make_node("Cast", ["tv10"], ["tvi"], to=T.INT32)]
        inits += [_t(np.array([-1], np.int64), "m1"), _t(np.float32(-10), "mten")]
        model = _model(nodes, [_vi("scores", T.FLOAT, [2, "n"]), _vi("boxes", T.FLOAT, [2, "n", 4])],
                       [_vi("tb", T.FLOAT, None), _vi("kept", T.FLOAT, None), _vi("nm", T.INT64, None),
                        _vi("tvi", T.INT32, None)], 13, inits)
        rng = _rng(55)
        sets = []
        for n in (3, 9):
            sc = rng.permutation(2 * n).reshape(2, n).astype(np.float32) / (2 * n)
            sets.append([sc, rng.standard_normal((2, n, 4)).astype(np.float32)])
        return model, sets
    return build


def _resize_to_other_where_bcast():
    """Resize (linear, half_pixel) to the spatial size of another input, read with Shape and
    Slice and given as `sizes`; Where broadcasting a (b, 1, t) mask against (1, t, 1) values and a
    scalar; Expand of a (1, t) row to (b, t) from a Shape."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        inits = [_t(np.array([v], np.int64), f"i{v}") for v in (0, 1, 2, 4)] + [_t(np.float32(-1), "neg")]
        nodes = [helper.make_node("Shape", ["ref"], ["rs"]),
                 helper.make_node("Slice", ["rs", "i2", "i4"], ["hw"]),
                 helper.make_node("Shape", ["x"], ["xs"]),
                 helper.make_node("Slice", ["xs", "i0", "i2"], ["bc"]),
                 helper.make_node("Concat", ["bc", "hw"], ["sizes"], axis=0),
                 helper.make_node("Resize", ["x", "", "", "sizes"], ["up"], mode="linear",
                                  coordinate_transformation_mode="half_pixel"),
                 helper.make_node("Add", ["up", "ref"], ["y"]),
                 helper.make_node("Where", ["mask", "vals", "neg"], ["wh"]),
                 helper.make_node("Shape", ["mask"], ["ms"], end=1),
                 helper.make_node("Shape", ["row"], ["tt"], start=1),
                 helper.make_node("Concat", ["ms", "tt"], ["bt"], axis=0),
                 helper.make_node("Expand", ["row", "bt"], ["ex"])]
        model = _model(nodes, [_vi("x", T.FLOAT, ["b", 2, "h", "w"]), _vi("ref", T.FLOAT, ["b", 2, "H", "W"]),
                               _vi("mask", T.BOOL, ["b", 1, "t"]), _vi("vals", T.FLOAT, [1, "t", 1]),
                               _vi("row", T.FLOAT, [1, "t"])],
                       [_vi("y", T.FLOAT, None), _vi("wh", T.FLOAT, None), _vi("ex", T.FLOAT, None)], 15, inits)
        rng = _rng(56)
        sets = []
        for b, h, w, H, W, t in ((1, 3, 4, 6, 9, 5), (2, 5, 2, 7, 4, 3)):
            sets.append([rng.standard_normal((b, 2, h, w)).astype(np.float32), rng.standard_normal((b, 2, H, W)).astype(np.float32),
                         rng.random((b, 1, t)) > 0.5, rng.standard_normal((1, t, 1)).astype(np.float32),
                         rng.standard_normal((1, t)).astype(np.float32)])
        return model, sets
    return build


# ------------------------------------------------------------------------------ the set

def _specs():
    b_s = {"x0": {0: "b", 1: "s"}}
    hw = {"x0": {0: "b", 2: "h", 3: "w"}}
    specs = [
        Spec("users4_bigru_tagger_dynamic_torchscript_opset14",
             _torch(_bigru_tagger, _ids_sets(50, [(2, 7), (3, 4)]), False, 14, b_s)),
        Spec("users4_conv_mha_padding_mask_dynamic_dynamo_opset18",
             _torch(_conv_attention_hybrid, _hybrid_sets, True, 18, {"x0": {0: "b", 2: "t"}, "x1": {0: "b"}},
                    no_fastpath=True)),
        Spec("users4_groupnorm_silu_unet_block_dynamic_hw_torchscript_opset17",
             _torch(_unet_block, _normal([(1, 8, 8, 10)], [(2, 8, 6, 12)]), False, 17, hw)),
        Spec("users4_groupnorm_silu_unet_block_dynamic_hw_dynamo_opset18",
             _torch(_unet_block, _normal([(1, 8, 8, 10)], [(2, 8, 6, 12)]), True, 18, hw)),
        Spec("users4_pixel_shuffle_superres_dynamic_hw_torchscript_opset13",
             _torch(_pixel_shuffle_sr, lambda rng: [[rng.random((1, 3, 6, 7)).astype(np.float32)],
                                                    [rng.random((2, 3, 9, 5)).astype(np.float32)]], False, 13, hw)),
        Spec("users4_causal_rotary_attention_dynamic_torchscript_opset17",
             _torch(_causal_rotary_attention, _normal([(2, 5, 16)], [(1, 9, 16)]), False, 17, b_s)),
        Spec("users4_causal_rotary_attention_dynamic_dynamo_opset18",
             _torch(_causal_rotary_attention, _normal([(2, 5, 16)], [(1, 9, 16)]), True, 18, b_s)),
        Spec("users4_scatter_add_index_select_gather_onehot_torchscript_opset16",
             _torch(_scatter_gather, _scatter_sets, False, 16, {"x0": {0: "n"}, "x1": {0: "n"}})),
        Spec("users4_sort_topk_cumsum_flip_dynamic_torchscript_opset15",
             _torch(_sort_topk_cumsum, lambda rng: [[rng.permutation(24).reshape(4, 6).astype(np.float32) / 7],
                                                   [rng.permutation(27).reshape(3, 9).astype(np.float32) / 9]],
                    False, 15, {"x0": {0: "r", 1: "c"}})),
        Spec("users4_fpn_upsample_to_other_input_size_torchscript_opset11",
             _torch(_fpn_upsample_add, _normal([(1, 4, 8, 10), (1, 6, 4, 5)], [(2, 4, 7, 9), (2, 6, 3, 4)]), False, 11,
                    {"x0": {0: "b", 2: "h", 3: "w"}, "x1": {0: "b", 2: "h2", 3: "w2"}})),
        Spec("users4_lstm_initial_states_dynamic_torchscript_opset14",
             _torch(_lstm_with_states, _lstm_sets, False, 14, {"x0": {0: "t", 1: "b"}, "x1": {1: "b"}, "x2": {1: "b"}})),
        Spec("users4_einsum_trace_bilinear_dynamo_opset18",
             _torch(_einsum_bilinear, _normal([(2, 3, 4), (2, 5)], [(4, 3, 4), (4, 5)]), True, 18,
                    {"x0": {0: "b"}, "x1": {0: "b"}})),
        Spec("users4_ctc_head_dynamic_time_dynamo_opset18",
             _torch(_ctc_head, _normal([(2, 8, 20)], [(1, 8, 33)]), True, 18, {"x0": {0: "b", 2: "t"}})),
        Spec("users4_jit_script_if_while_torchscript_opset13",
             _torch(_scripted_control, lambda rng: [[rng.standard_normal((2, 3)).astype(np.float32) * 9],
                                                    [-np.abs(rng.standard_normal((2, 3))).astype(np.float32) * 0.5]],
                    False, 13, {"x0": {0: "n"}})),
        Spec("users4_opset7_softmax_2d_coercion_bn_spatial_lrn", _opset7_softmax_bn()),
        Spec("users4_opset8_maxpool_indices_storage_order_variadic_bcast", _opset8_maxpool_indices()),
        Spec("users4_opset9_scatter_onehot_shrink_eyelike_compress_upsample", _opset9_misc()),
        Spec("users4_opset10_resize_slice_qdq_mod_reverse_sequence_dynamic", _opset10_resize_qdq()),
        Spec("users4_opset11_scatternd_cumsum_d2s_crd_range_det", _opset11_scatternd_cumsum()),
        Spec("users4_while_loop_no_trip_count_newton_opset15", _while_no_trip_count()),
        Spec("users4_scan11_reverse_axes_if_outer_captures", _scan11_reverse_captures()),
        Spec("users4_nested_if_in_loop_outer_captures_opset13", _nested_if_in_loop_scan_out()),
        Spec("users4_qdq_per_channel_conv_matmul_opset13", _qdq_conv_matmul(), rtol=0, atol=0.051),
        Spec("users4_uint8_image_f16_int32_bool_mixed_dtypes_opset13", _uint8_image_mixed_dtypes(), rtol=1e-3, atol=1e-3),
        Spec("users4_shape_arithmetic_dynamic_dims_opset15", _shape_arithmetic()),
        Spec("users4_reshape_allowzero_trilu_squeeze_inputs_opset14", _reshape_allowzero_trilu()),
        Spec("users4_affine_grid_sample_warp_dynamic_torchscript_opset20",
             _torch(_grid_sample_warp, _normal([(1, 2, 6, 6)], [(3, 2, 6, 6)]), False, 20, {"x0": {0: "b"}})),
        Spec("users4_sdpa_causal_swiglu_block_dynamic_dynamo_opset18",
             _torch(_sdpa_block, _normal([(2, 5, 16)], [(1, 11, 16)]), True, 18, b_s)),
        Spec("users4_opset12_argmax_last_index_celu_einsum_bitshift_nll", _opset12_misc()),
        Spec("users4_swin_window_partition_pad_to_multiple_dynamic_opset13", _window_partition_pad_dynamic()),
        Spec("users4_topk_k_from_shape_nonzero_gathernd_batch_dims_opset13", _topk_from_shape_nonzero()),
        Spec("users4_resize_to_other_input_sizes_where_bcast_expand_opset15", _resize_to_other_where_bcast()),
        Spec("users4_opset18_axes_inputs_split_num_outputs_center_crop_dynamic", _opset18_axes_inputs()),
    ]
    for s in specs:
        s.slow = True           # all with SHLO_ONNX_LIGHT=1 / tools/onnx_heldout.py -k ^users4_
    return specs


SPECS = _specs()
