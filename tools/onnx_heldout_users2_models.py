"""A fourth held-out-style set for tools/onnx_heldout.py (`-k ^users2_`): more ONNX files made the
way outside users make them, unlike the other sets' models:

  * a two-stage detector as torchvision writes one (backbone, RPN head over anchors sized by the
    feature map, top-k proposals, RoiAlign over those run-time ROIs through an autograd.Function
    with an ONNX symbolic, as torchvision's roi_align exports; box head, and a mask head with
    ConvTranspose), at the RoiAlign-16 and RoiAlign-10 signatures, dynamic image sizes;
  * a DeepLab-style segmentation head (dilated ASPP, image pooling upsampled to the feature
    map's run-time size, bilinear upsampling to the input's), both exporters, dynamic H, W;
  * a BERT and a GPT-2 written in code as HuggingFace's modeling files write them (extended
    attention mask, token types, pooler; Conv1D-style projections with past_key_values as inputs
    and presents as outputs), a Whisper-style Conv1d front end + encoder, dynamic axes;
  * torch.jit.script control flow (a data-dependent if, a loop over a run-time count that grows
    its state, a decoder appending to a Python list: a Loop carrying a sequence) exported by the
    TorchScript exporter (If / Loop);
  * onnx.helper graphs at opsets 7 to 10 with the old attribute forms (BatchNormalization's
    spatial, Upsample's scales attribute then input, opset-8 Scan with its batch axis, MaxPool's
    storage_order, Resize-10, Slice / TopK inputs);
  * float16 and bfloat16 exports (compared with onnxruntime on the float32 twin);
  * torch.unique / boolean indexing over a run-time length (Unique, NonZero), a CRNN with a
    bidirectional LSTM over a dynamic width, nn.EmbeddingBag over run-time id and bag counts (the
    dynamo exporter's Loop appending one row per bag), a dense mixture-of-experts router, cosine / cdist
    retrieval over a run-time gallery, a GroupNorm UNet block at opset 21, and a center-crop
    preprocessing graph over any image size (CenterCropPad).
The ai.onnx.ml domain (TreeEnsemble, LinearClassifier, ...) is out of scope for the importer
(only the default domain and onnxruntime's com.microsoft ops are imported), so no model here uses it.
"""
from __future__ import annotations

import numpy as np
from onnx_heldout_models import Spec, _export, _rng, _vi
from onnx_heldout_users_models import _init_bn, _nn, _normal, _torch


# ------------------------------------------------------------------------------ a two-stage detector

def _roi_align_fn(opset16, sampling_ratio):
    """torchvision.ops.roi_align's export, written as users write custom ops: an autograd.Function
    whose forward gives the right shape and whose symbolic emits ONNX RoiAlign."""
    torch, nn, F = _nn()

    class RoiAlign(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, rois, out, scale):
            # (shape only: onnxruntime is the oracle) the ROI's mean feature, broadcast over the cell
            k = rois.shape[0]
            return x.mean((0, 2, 3))[None, :, None, None].expand(k, x.shape[1], out, out).clone() * scale

        @staticmethod
        def symbolic(g, x, rois, out, scale):
            idx = g.op("Cast", g.op("Squeeze", g.op("Slice", rois, g.op("Constant", value_t=torch.tensor([0])),
                                                    g.op("Constant", value_t=torch.tensor([1])),
                                                    g.op("Constant", value_t=torch.tensor([1]))),
                                    g.op("Constant", value_t=torch.tensor([1]))), to_i=7)
            boxes = g.op("Slice", rois, g.op("Constant", value_t=torch.tensor([1])),
                         g.op("Constant", value_t=torch.tensor([5])), g.op("Constant", value_t=torch.tensor([1])))
            extra = {"coordinate_transformation_mode_s": "half_pixel"} if opset16 else {}
            return g.op("RoiAlign", x, boxes, idx, spatial_scale_f=scale, output_height_i=out, output_width_i=out,
                        sampling_ratio_i=sampling_ratio, **extra)
    return RoiAlign


_CUSTOM_OP = []


def _roi_align_custom_op():
    """The same op for the dynamo exporter, as its users add one: a torch.library custom op with a
    fake (shape) kernel, and an onnxscript translation given in custom_translation_table."""
    import torch
    if not _CUSTOM_OP:
        @torch.library.custom_op("heldout_users2::roi_align", mutates_args=(),
                                 schema="(Tensor x, Tensor rois, int out, float scale) -> Tensor")
        def roi_align(x, rois, out, scale):
            return x.mean((0, 2, 3))[None, :, None, None].expand(rois.shape[0], x.shape[1], out, out).clone()

        @roi_align.register_fake
        def _(x, rois, out, scale):
            return x.new_empty((rois.shape[0], x.shape[1], out, out))

        def translate(x, rois, out: int, scale: float):
            from onnxscript import opset18 as op
            c = lambda v: op.Constant(value_ints=v)  # noqa: E731
            idx = op.Cast(op.Squeeze(op.Slice(rois, c([0]), c([1]), c([1])), c([1])), to=7)
            boxes = op.Slice(rois, c([1]), c([5]), c([1]))
            return op.RoiAlign(x, boxes, idx, spatial_scale=scale, output_height=out, output_width=out,
                               sampling_ratio=2, coordinate_transformation_mode="half_pixel")
        _CUSTOM_OP.append((torch.ops.heldout_users2.roi_align.default, translate))
    return _CUSTOM_OP[0]


class _Apply:
    """roi.apply(...) for the custom op (the module's code stays one for both exporters)."""

    def __init__(self, op):
        self.apply = op


def _two_stage(opset16=True, sampling_ratio=2, mask_head=False, custom_op=False):
    """Faster / Mask R-CNN's layout, tiny: anchors over the feature map (its run-time size), RPN
    objectness + deltas, the top 6 proposals per image decoded and clipped, RoiAlign, box head."""
    torch, nn, F = _nn()
    roi = _Apply(_roi_align_custom_op()[0]) if custom_op else _roi_align_fn(opset16, sampling_ratio)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1), nn.BatchNorm2d(8), nn.ReLU(),
                                      nn.Conv2d(8, 16, 3, 2, 1), nn.BatchNorm2d(16), nn.ReLU())
            self.rpn = nn.Conv2d(16, 16, 3, 1, 1)
            self.obj, self.delta = nn.Conv2d(16, 3, 1), nn.Conv2d(16, 12, 1)
            self.fc = nn.Sequential(nn.Flatten(), nn.Linear(16 * 4 * 4, 32), nn.ReLU())
            self.cls, self.reg = nn.Linear(32, 4), nn.Linear(32, 16)
            self.mask = nn.Sequential(nn.ConvTranspose2d(16, 8, 2, 2), nn.ReLU(), nn.Conv2d(8, 4, 1))

        def forward(self, img):
            f = self.body(img)
            b, _, h, w = f.shape
            t = F.relu(self.rpn(f))
            obj = self.obj(t).permute(0, 2, 3, 1).reshape(b, -1)                      # (B, H*W*3)
            d = self.delta(t).permute(0, 2, 3, 1).reshape(b, -1, 4)
            ys = (torch.arange(h, dtype=torch.float32) + 0.5) * 4
            xs = (torch.arange(w, dtype=torch.float32) + 0.5) * 4
            cy, cx = ys[:, None].expand(h, w), xs[None, :].expand(h, w)
            sizes = torch.tensor([6.0, 10.0, 16.0])
            ctr = torch.stack([cx, cy], -1)[:, :, None, :].expand(h, w, 3, 2).reshape(-1, 2)
            wh = sizes[None, None, :, None].expand(h, w, 3, 2).reshape(-1, 2)
            k = 6
            score, top = obj.topk(k, dim=1)
            dd = torch.gather(d, 1, top[:, :, None].expand(b, k, 4))
            c = ctr[top] + dd[..., :2] * wh[top]
            s = wh[top] * torch.exp(dd[..., 2:].clamp(max=2.0))
            one = img.new_ones(())
            size = torch.stack([one * img.shape[3], one * img.shape[2]])
            boxes = torch.cat([c - s / 2, c + s / 2], -1).clamp(min=0)
            boxes = torch.min(boxes, torch.cat([size, size])[None, None, :])
            bidx = torch.arange(b, dtype=torch.float32)[:, None, None].expand(b, k, 1)
            rois = torch.cat([bidx, boxes], -1).reshape(-1, 5)
            pooled = roi.apply(f, rois, 4, 0.25)                                       # (B*k, 16, 4, 4)
            h2 = self.fc(pooled)
            out = [boxes, torch.sigmoid(score), F.softmax(self.cls(h2), -1), self.reg(h2)]
            if mask_head:
                out.append(torch.sigmoid(self.mask(pooled)))
            return tuple(out)
    return _init_bn(Net())


def _two_stage_dynamo(sets_fn, opset, dynamic_axes):
    """The detector through the dynamo exporter with the custom op's translation."""
    def build():
        import torch
        torch.manual_seed(0)
        module = _two_stage(True, 2, custom_op=True).eval()
        target, translate = _roi_align_custom_op()
        sets = sets_fn(_rng(11))
        shapes = ({d: torch.export.Dim.DYNAMIC for d in dynamic_axes["x0"]},)
        with torch.no_grad():
            prog = torch.onnx.export(module, (torch.from_numpy(sets[0][0]),), dynamo=True, input_names=["x0"],
                                     opset_version=opset, dynamic_shapes=shapes, verbose=False,
                                     custom_translation_table={target: translate})
        return prog.model_proto, sets
    return build


# ------------------------------------------------------------------------------ segmentation

def _deeplab():
    """DeepLabV3's head, tiny: ASPP (1x1, dilated 3x3s, image pooling upsampled to the feature
    map's size), projection, classifier, bilinear upsampling back to the input size."""
    torch, nn, F = _nn()

    class ASPP(nn.Module):
        def __init__(self, cin, c):
            super().__init__()
            self.b = nn.ModuleList([nn.Sequential(nn.Conv2d(cin, c, 1, bias=False), nn.BatchNorm2d(c), nn.ReLU())] +
                                   [nn.Sequential(nn.Conv2d(cin, c, 3, padding=r, dilation=r, bias=False),
                                                  nn.BatchNorm2d(c), nn.ReLU()) for r in (2, 3)])
            self.pool = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Conv2d(cin, c, 1), nn.ReLU())
            self.proj = nn.Sequential(nn.Conv2d(4 * c, c, 1, bias=False), nn.BatchNorm2d(c), nn.ReLU())

        def forward(self, x):
            p = F.interpolate(self.pool(x), size=x.shape[-2:], mode="bilinear", align_corners=False)
            return self.proj(torch.cat([m(x) for m in self.b] + [p], 1))

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Conv2d(3, 12, 3, 2, 1), nn.BatchNorm2d(12), nn.ReLU(),
                                      nn.Conv2d(12, 16, 3, 2, 1), nn.BatchNorm2d(16), nn.ReLU())
            self.aspp, self.cls = ASPP(16, 8), nn.Conv2d(8, 5, 1)

        def forward(self, x):
            y = self.cls(self.aspp(self.body(x)))
            return F.interpolate(y, size=x.shape[-2:], mode="bilinear", align_corners=False).argmax(1), y
    return _init_bn(Net())


# ------------------------------------------------------------------------------ transformers in code

def _bert_in_code():
    """BERT as HuggingFace's modeling_bert writes it: word + position + token-type embeddings,
    the extended attention mask (1 - mask) * finfo.min, erf GELU, post-LN layers, tanh pooler."""
    torch, nn, F = _nn()
    d, heads = 32, 4

    class Layer(nn.Module):
        def __init__(self):
            super().__init__()
            self.q, self.k, self.v, self.o = (nn.Linear(d, d) for _ in range(4))
            self.ln1, self.ln2 = nn.LayerNorm(d, eps=1e-12), nn.LayerNorm(d, eps=1e-12)
            self.ff1, self.ff2 = nn.Linear(d, 64), nn.Linear(64, d)

        def split(self, t):
            b, s, _ = t.size()
            return t.view(b, s, heads, d // heads).permute(0, 2, 1, 3)

        def forward(self, x, ext):
            q, k, v = self.split(self.q(x)), self.split(self.k(x)), self.split(self.v(x))
            scores = torch.matmul(q, k.transpose(-1, -2)) / ((d // heads) ** 0.5) + ext
            ctx = torch.matmul(F.softmax(scores, -1), v).permute(0, 2, 1, 3).contiguous()
            ctx = ctx.view(ctx.size(0), ctx.size(1), d)
            x = self.ln1(x + self.o(ctx))
            return self.ln2(x + self.ff2(F.gelu(self.ff1(x))))

    class Bert(nn.Module):
        def __init__(self):
            super().__init__()
            self.word, self.pos, self.tok = nn.Embedding(50, d), nn.Embedding(64, d), nn.Embedding(2, d)
            self.ln = nn.LayerNorm(d, eps=1e-12)
            self.layers = nn.ModuleList([Layer(), Layer()])
            self.pool = nn.Linear(d, d)
            self.register_buffer("position_ids", torch.arange(64).expand((1, -1)), persistent=False)

        def forward(self, ids, token_type, mask):
            s = ids.size(1)
            x = self.ln(self.word(ids) + self.pos(self.position_ids[:, :s]) + self.tok(token_type))
            ext = (1.0 - mask[:, None, None, :].to(x.dtype)) * torch.finfo(x.dtype).min
            for layer in self.layers:
                x = layer(x, ext)
            return x, torch.tanh(self.pool(x[:, 0]))
    return Bert()


def _gpt2_with_past():
    """GPT-2 as HuggingFace's modeling_gpt2 wrote it: Conv1D projections (addmm), the past keys and
    values of each layer as inputs, presents as outputs, a causal mask cut from a bias buffer at
    the past length, tied LM head."""
    torch, nn, F = _nn()
    d, heads, n_layers = 32, 4, 2

    class Conv1D(nn.Module):
        def __init__(self, nf, nx):
            super().__init__()
            self.weight = nn.Parameter(torch.randn(nx, nf) * 0.1)
            self.bias = nn.Parameter(torch.randn(nf) * 0.1)

        def forward(self, x):
            out = torch.addmm(self.bias, x.view(-1, x.size(-1)), self.weight)
            return out.view(x.size()[:-1] + (out.size(-1),))

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
            self.attn, self.proj = Conv1D(3 * d, d), Conv1D(d, d)
            self.fc, self.out = Conv1D(4 * d, d), Conv1D(d, 4 * d)
            self.register_buffer("bias", torch.tril(torch.ones(64, 64, dtype=torch.bool)).view(1, 1, 64, 64),
                                 persistent=False)

        def heads(self, t):
            return t.view(t.size()[:-1] + (heads, d // heads)).permute(0, 2, 1, 3)

        def forward(self, x, pk, pv):
            q, k, v = self.attn(self.ln1(x)).split(d, dim=2)
            q, k, v = self.heads(q), torch.cat([pk, self.heads(k)], -2), torch.cat([pv, self.heads(v)], -2)
            w = torch.matmul(q, k.transpose(-1, -2)) / (v.size(-1) ** 0.5)
            ql, kl = q.size(-2), k.size(-2)
            causal = self.bias[:, :, kl - ql:kl, :kl]
            w = torch.where(causal, w, torch.tensor(torch.finfo(w.dtype).min, dtype=w.dtype))
            a = torch.matmul(F.softmax(w, -1), v).permute(0, 2, 1, 3).contiguous()
            x = x + self.proj(a.view(a.size()[:-2] + (d,)))
            x = x + self.out(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))
            return x, k, v

    class GPT2(nn.Module):
        def __init__(self):
            super().__init__()
            self.wte, self.wpe = nn.Embedding(60, d), nn.Embedding(64, d)
            self.blocks = nn.ModuleList([Block() for _ in range(n_layers)])
            self.lnf = nn.LayerNorm(d)

        def forward(self, ids, pk0, pv0, pk1, pv1):
            past = pk0.size(-2)
            pos = torch.arange(past, past + ids.size(-1), dtype=torch.long).unsqueeze(0)
            x = self.wte(ids) + self.wpe(pos)
            presents = []
            for blk, (pk, pv) in zip(self.blocks, ((pk0, pv0), (pk1, pv1))):
                x, k, v = blk(x, pk, pv)
                presents += [k, v]
            return (torch.matmul(self.lnf(x), self.wte.weight.t()), *presents)
    return GPT2()


def _gpt2_sets(rng):
    def one(b, s, p):
        return [rng.integers(0, 60, (b, s)).astype(np.int64)] + [
            rng.standard_normal((b, 4, p, 8)).astype(np.float32) for _ in range(4)]
    return [one(2, 3, 5), one(1, 1, 9), one(3, 4, 2)]


def _whisperish():
    """Whisper's audio encoder layout, tiny: Conv1d + GELU, strided Conv1d + GELU over the mel
    frames, sinusoidal positions sliced to the (run-time) frame count, pre-LN layers, final LN."""
    torch, nn, F = _nn()
    d, mels = 24, 10

    class Layer(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
            self.qkv, self.o = nn.Linear(d, 3 * d), nn.Linear(d, d)
            self.ff = nn.Sequential(nn.Linear(d, 48), nn.GELU(), nn.Linear(48, d))

        def forward(self, x):
            b, t, _ = x.shape
            q, k, v = self.qkv(self.ln1(x)).reshape(b, t, 3, 4, d // 4).permute(2, 0, 3, 1, 4)
            a = F.softmax(q @ k.transpose(-1, -2) * (d // 4) ** -0.5, -1) @ v
            x = x + self.o(a.transpose(1, 2).reshape(b, t, d))
            return x + self.ff(self.ln2(x))

    class Enc(nn.Module):
        def __init__(self):
            super().__init__()
            self.c1, self.c2 = nn.Conv1d(mels, d, 3, padding=1), nn.Conv1d(d, d, 3, stride=2, padding=1)
            inv = torch.exp(-np.log(10000.0) / (d // 2 - 1) * torch.arange(d // 2))
            ang = torch.arange(100)[:, None] * inv[None, :]
            self.register_buffer("pos", torch.cat([torch.sin(ang), torch.cos(ang)], 1), persistent=False)
            self.layers = nn.ModuleList([Layer(), Layer()])
            self.ln = nn.LayerNorm(d)

        def forward(self, mel):
            x = F.gelu(self.c2(F.gelu(self.c1(mel)))).permute(0, 2, 1)
            x = x + self.pos[: x.shape[1]]
            for layer in self.layers:
                x = layer(x)
            return self.ln(x)
    return Enc()


# ------------------------------------------------------------------------------ scripted control flow

def _scripted_if_loop():
    """torch.jit.script control flow exported by the TorchScript exporter: an if on a reduction
    (If) and a for loop over a run-time count that appends rows to its state (Loop)."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(6, 6)

        def forward(self, x, steps):
            h = self.lin(x)
            if bool(h.sum() > 0):
                h = torch.tanh(h) * 2.0
            else:
                h = torch.sigmoid(h) - 0.5
            acc = h[:1]
            for i in range(int(steps)):
                acc = torch.cat([acc, torch.relu(self.lin(acc[-1:])) + float(i)], 0)
            return h, acc
    return torch.jit.script(Net())


def _scripted_decoder():
    """A scripted greedy decoder as users write one: a Python list appended to in a loop over a
    run-time step count, then torch.stack (a Loop carrying a sequence, ConcatFromSequence)."""
    torch, nn, F = _nn()
    from typing import List

    class Dec(nn.Module):
        def __init__(self):
            super().__init__()
            self.wx, self.wh, self.out = nn.Linear(5, 8), nn.Linear(8, 8), nn.Linear(8, 5)

        def forward(self, x, steps: int):
            h = torch.zeros(x.size(0), 8)
            inp = x
            outs: List[torch.Tensor] = []
            for _ in range(steps):
                h = torch.tanh(self.wx(inp) + self.wh(h))
                inp = F.softmax(self.out(h), -1)
                outs.append(inp)
            return torch.stack(outs, 1), h
    return torch.jit.script(Dec())


def _decoder_sets(rng):
    return [[rng.standard_normal((b, 5)).astype(np.float32), np.array(n, np.int64)] for b, n in ((2, 4), (3, 7))]


def _scripted_sets(rng):
    x = rng.standard_normal((3, 6)).astype(np.float32)
    return [[x, np.array(3, np.int64)], [-np.abs(x) * 4, np.array(5, np.int64)], [np.abs(x) * 4, np.array(0, np.int64)]]


# ------------------------------------------------------------------------------ old opsets (onnx.helper)

def _old_graph(opset):
    """A small CNN at opset 7 / 8 / 9 / 10 with that opset's attribute forms."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(60 + opset)
        arr = {"w": (rng.standard_normal((6, 3, 3, 3)) * 0.3), "scale": rng.uniform(0.5, 1.5, 6),
               "bias": rng.uniform(-0.2, 0.2, 6), "mean": rng.uniform(-0.3, 0.3, 6), "var": rng.uniform(0.5, 1.5, 6),
               "slope": rng.uniform(0.05, 0.3, (6, 1, 1)), "fc": rng.standard_normal((3 if opset == 10 else 6, 4)) * 0.3}
        inits = [numpy_helper.from_array(v.astype(np.float32), k) for k, v in arr.items()]
        bn = {"spatial": 1, "epsilon": 1e-3} if opset < 9 else {"epsilon": 1e-3}
        nodes = [helper.make_node("Conv", ["x", "w"], ["c"], pads=[1, 1, 1, 1]),
                 helper.make_node("BatchNormalization", ["c", "scale", "bias", "mean", "var"], ["bn"], **bn),
                 helper.make_node("PRelu", ["bn", "slope"], ["a"])]
        if opset == 7:
            nodes += [helper.make_node("Upsample", ["a"], ["u"], scales=[1.0, 1.0, 2.0, 2.0], mode="nearest"),
                      helper.make_node("Dropout", ["u"], ["dr"], ratio=0.3),
                      helper.make_node("MaxPool", ["dr"], ["p"], kernel_shape=[2, 2], strides=[2, 2])]
        elif opset == 8:
            nodes += [helper.make_node("MaxPool", ["a"], ["p", "pi"], kernel_shape=[3, 3], strides=[1, 1],
                                       pads=[1, 1, 1, 1], storage_order=1)]
        elif opset == 9:
            inits.append(numpy_helper.from_array(np.array([1, 1, 1.5, 2.0], np.float32), "sc"))
            nodes += [helper.make_node("Upsample", ["a", "sc"], ["u"], mode="linear"),
                      helper.make_node("Shrink", ["u"], ["sh"], lambd=0.1, bias=0.05),
                      helper.make_node("MaxPool", ["sh"], ["p"], kernel_shape=[2, 2], strides=[2, 2])]
        else:
            inits += [numpy_helper.from_array(np.array([1, 1, 0.5, 0.75], np.float32), "sc"),
                      numpy_helper.from_array(np.array([0, 1], np.int64), "st"),
                      numpy_helper.from_array(np.array([6, -1], np.int64), "en"),
                      numpy_helper.from_array(np.array([1, 3], np.int64), "ax"),
                      numpy_helper.from_array(np.array([2, 1], np.int64), "sp")]
            nodes += [helper.make_node("Resize", ["a", "sc"], ["u"], mode="linear"),
                      helper.make_node("Slice", ["u", "st", "en", "ax", "sp"], ["sl"]),
                      helper.make_node("ThresholdedRelu", ["sl"], ["tr"], alpha=0.2),
                      helper.make_node("MaxPool", ["tr"], ["p"], kernel_shape=[2, 2], strides=[2, 2], ceil_mode=1)]
        nodes += [helper.make_node("GlobalAveragePool", ["p"], ["g"]),
                  helper.make_node("Flatten", ["g"], ["f"]),
                  helper.make_node("MatMul", ["f", "fc"], ["logits"])]
        outs = [_vi("logits", T.FLOAT, None)]
        if opset == 8:
            outs.append(_vi("pi", T.INT64, None))
        if opset == 10:
            inits.append(numpy_helper.from_array(np.array([2], np.int64), "k"))
            nodes += [helper.make_node("TopK", ["logits", "k"], ["tv", "ti"], axis=1),
                      helper.make_node("Mod", ["ti", "k"], ["tm"])]
            outs += [_vi("tv", T.FLOAT, None), _vi("tm", T.INT64, None)]
        g = helper.make_graph(nodes, f"old{opset}", [_vi("x", T.FLOAT, [2, 3, 10, 12])], outs, inits)
        model = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
        model.ir_version = 3 if opset < 8 else 4 if opset < 10 else 5
        return model, [[rng.standard_normal((2, 3, 10, 12)).astype(np.float32)]]
    return build


def _scan8():
    """An opset-8 Scan (a batch axis first, then the scanned one; no sequence_lens): a running
    sum and an exponential moving average over each sequence, the averages as scan outputs."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        body = helper.make_graph(
            [helper.make_node("Add", ["s_in", "x_t"], ["s_out"]),
             helper.make_node("Mul", ["e_in", "k"], ["e_keep"]),
             helper.make_node("Mul", ["x_t", "k1"], ["e_new"]),
             helper.make_node("Add", ["e_keep", "e_new"], ["e_out"]),
             helper.make_node("Identity", ["e_out"], ["y_t"])],
            "body", [_vi("s_in", T.FLOAT, [4]), _vi("e_in", T.FLOAT, [4]), _vi("x_t", T.FLOAT, [4])],
            [_vi("s_out", T.FLOAT, [4]), _vi("e_out", T.FLOAT, [4]), _vi("y_t", T.FLOAT, [4])],
            [numpy_helper.from_array(np.array(0.8, np.float32), "k"),
             numpy_helper.from_array(np.array(0.2, np.float32), "k1")])
        node = helper.make_node("Scan", ["", "s0", "e0", "xs"], ["s", "e", "ys"], body=body, num_scan_inputs=1)
        g = helper.make_graph([node], "scan8", [_vi("s0", T.FLOAT, [2, 4]), _vi("e0", T.FLOAT, [2, 4]),
                                                _vi("xs", T.FLOAT, [2, 5, 4])],
                              [_vi("s", T.FLOAT, None), _vi("e", T.FLOAT, None), _vi("ys", T.FLOAT, None)])
        model = helper.make_model(g, opset_imports=[helper.make_opsetid("", 8)])
        model.ir_version = 4
        rng = _rng(68)
        return model, [[rng.standard_normal(s).astype(np.float32) for s in ((2, 4), (2, 4), (2, 5, 4))]]
    return build


def _center_crop_preprocess():
    """A preprocessing graph over any image size (opset 18): uint8 HWC -> float, CenterCropPad to
    24 x 20 (cropping or padding each side), HWC -> CHW, per-channel normalization, a 1x1 Conv."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(69)
        inits = [numpy_helper.from_array(np.array([24, 20], np.int64), "hw"),
                 numpy_helper.from_array(np.array([0.485, 0.456, 0.406], np.float32).reshape(3, 1, 1) * 255, "mu"),
                 numpy_helper.from_array(np.array([0.229, 0.224, 0.225], np.float32).reshape(3, 1, 1) * 255, "sd"),
                 numpy_helper.from_array((rng.standard_normal((4, 3, 1, 1)) * 0.5).astype(np.float32), "w")]
        nodes = [helper.make_node("Cast", ["img"], ["f"], to=T.FLOAT),
                 helper.make_node("CenterCropPad", ["f", "hw"], ["cc"], axes=[0, 1]),
                 helper.make_node("Transpose", ["cc"], ["chw"], perm=[2, 0, 1]),
                 helper.make_node("Sub", ["chw", "mu"], ["z"]),
                 helper.make_node("Div", ["z", "sd"], ["n"]),
                 helper.make_node("Unsqueeze", ["n", "zero"], ["b"]),
                 helper.make_node("Conv", ["b", "w"], ["y"])]
        inits.append(numpy_helper.from_array(np.array([0], np.int64), "zero"))
        g = helper.make_graph(nodes, "crop", [_vi("img", T.UINT8, ["H", "W", 3])], [_vi("y", T.FLOAT, None)], inits)
        model = helper.make_model(g, opset_imports=[helper.make_opsetid("", 18)])
        sets = [[rng.integers(0, 256, s).astype(np.uint8)] for s in ((31, 17, 3), (20, 25, 3), (24, 20, 3))]
        return model, sets
    return build


# ------------------------------------------------------------------------------ more user modules

def _unique_mask():
    """torch.unique (sorted, inverse, counts) and boolean-mask indexing over a run-time length."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def forward(self, tokens, x):
            u, inv, counts = torch.unique(tokens, sorted=True, return_inverse=True, return_counts=True)
            kept = x[x > 0]
            return u, inv, counts, kept * 2.0, torch.nonzero(tokens > 2)
    return Net()


def _embedding_bag():
    """A recommender's sparse features: nn.EmbeddingBag (mean over bags given by offsets; the dynamo
    exporter writes a Loop appending one row per bag, slicing its bounds out of the offsets) and
    a dense MLP on top, over run-time id and bag counts."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.bag = nn.EmbeddingBag(30, 8, mode="mean")
            self.mlp = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))

        def forward(self, ids, offsets):
            return torch.sigmoid(self.mlp(self.bag(ids, offsets)))
    return Net()


def _bag_sets(rng):
    return [[rng.integers(0, 30, 9).astype(np.int64), np.array([0, 3, 5], np.int64)],
            [rng.integers(0, 30, 14).astype(np.int64), np.array([0, 2, 7, 8, 11], np.int64)]]


def _unique_sets(rng):
    return [[rng.integers(0, 6, n).astype(np.int64), rng.standard_normal(n).astype(np.float32)] for n in (9, 14)]


def _crnn():
    """A CRNN text recognizer: a CNN over (B, 1, 16, W) images with a run-time width, height
    collapsed by a pool, a bidirectional LSTM over the columns, log-softmax, greedy argmax."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.cnn = nn.Sequential(nn.Conv2d(1, 8, 3, 1, 1), nn.ReLU(), nn.MaxPool2d(2),
                                     nn.Conv2d(8, 16, 3, 1, 1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d((2, 1)))
            self.rnn = nn.LSTM(16 * 4, 12, bidirectional=True, batch_first=True)
            self.out = nn.Linear(24, 7)

        def forward(self, x):
            f = self.cnn(x)
            b, c, h, w = f.shape
            seq = f.permute(0, 3, 1, 2).reshape(b, w, c * h)
            y = F.log_softmax(self.out(self.rnn(seq)[0]), -1)
            return y, y.argmax(-1)
    return _init_bn(Net())


def _moe():
    """A dense mixture-of-experts layer: softmax router, top-2 experts per token renormalized,
    each expert's output weighted by a one-hot scatter of the top-2 gates (dynamic batch, length)."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.router = nn.Linear(16, 4)
            self.w1 = nn.Parameter(torch.randn(4, 16, 24) * 0.2)
            self.w2 = nn.Parameter(torch.randn(4, 24, 16) * 0.2)

        def forward(self, x):
            gates = F.softmax(self.router(x), -1)
            top, idx = gates.topk(2, -1)
            top = top / top.sum(-1, keepdim=True)
            dense = torch.zeros_like(gates).scatter(-1, idx, top)                   # (B, S, E)
            h = F.silu(torch.einsum("bsd,edf->bsef", x, self.w1))
            y = torch.einsum("bsef,efd->bsed", h, self.w2)
            return (y * dense[..., None]).sum(2), idx
    return Net()


def _retrieval():
    """Embedding retrieval: L2-normalized embeddings, cosine scores and cdist against a gallery of
    run-time size, the nearest 3."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.enc = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 8))

        def forward(self, q, gallery):
            eq, eg = F.normalize(self.enc(q), dim=-1), F.normalize(self.enc(gallery), dim=-1)
            cos = eq @ eg.t()
            dist = torch.cdist(eq, eg)
            best, idx = (-dist).topk(3, -1)
            return cos, F.cosine_similarity(eq[:, None], eg[None], dim=-1), -best, idx
    return Net()


def _groupnorm_block():
    """A diffusion UNet block: GroupNorm + SiLU + Conv twice with a residual, nearest upsampling
    by 2, and a strided Conv back down."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.n1, self.n2 = nn.GroupNorm(4, 16), nn.GroupNorm(4, 16)
            self.c1, self.c2 = nn.Conv2d(16, 16, 3, 1, 1), nn.Conv2d(16, 16, 3, 1, 1)
            self.down = nn.Conv2d(16, 16, 3, 2, 1)
            with torch.no_grad():
                for n in (self.n1, self.n2):
                    n.weight.uniform_(0.5, 1.5)
                    n.bias.uniform_(-0.2, 0.2)

        def forward(self, x):
            h = x + self.c2(F.silu(self.n2(self.c1(F.silu(self.n1(x))))))
            return self.down(F.interpolate(h, scale_factor=2.0, mode="nearest"))
    return Net()


# ------------------------------------------------------------------------------ low precision

def _low_precision(make, sets_fn, dtype, dynamo, opset):
    """make()'s module exported in float16 / bfloat16 (inputs and weights of that type); the
    float32 export of the same weights is onnxruntime's reference (its CPU kernels lack most
    bf16 / many f16 ops)."""
    def build():
        import torch
        torch.manual_seed(0)
        module = make().eval()
        sets32 = sets_fn(_rng(11))
        t = {"float16": torch.float16, "bfloat16": torch.bfloat16}[dtype]
        with torch.no_grad():
            ref = _export(module, [torch.from_numpy(x) for x in sets32[0]], dynamo, opset)
            low = module.to(t)
            model = _export(low, [torch.from_numpy(x).to(t) for x in sets32[0]], dynamo, opset)
        if dtype == "float16":
            sets = [[x.astype(np.float16) for x in s] for s in sets32]
        else:
            import ml_dtypes
            sets = [[x.astype(ml_dtypes.bfloat16) for x in s] for s in sets32]
        return model, sets, ref
    return build


def _mlp_block():
    torch, nn, F = _nn()
    return nn.Sequential(nn.LayerNorm(16), nn.Linear(16, 32), nn.GELU(), nn.Linear(32, 16), nn.Softmax(-1))


def _small_cnn():
    torch, nn, F = _nn()
    return _init_bn(nn.Sequential(nn.Conv2d(3, 8, 3, 1, 1), nn.BatchNorm2d(8), nn.ReLU(), nn.MaxPool2d(2),
                                  nn.Conv2d(8, 8, 3, 1, 1), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 5)))


# ------------------------------------------------------------------------------ the set

def _specs():
    img = _normal([(2, 3, 32, 40)], [(1, 3, 48, 24)])
    hw = {"x0": {0: "b", 2: "h", 3: "w"}}
    text = {"x0": {0: "b", 1: "s"}, "x1": {0: "b", 1: "s"}, "x2": {0: "b", 1: "s"}}

    def bert_sets(rng):
        out = []
        for b, s in ((2, 7), (3, 4)):
            mask = np.ones((b, s), np.int64)
            mask[1:, s - 2:] = 0
            out.append([rng.integers(1, 50, (b, s)).astype(np.int64), rng.integers(0, 2, (b, s)).astype(np.int64),
                        mask])
        return out
    gpt_axes = {"x0": {0: "b", 1: "s"}, **{f"x{i}": {0: "b", 2: "p"} for i in range(1, 5)}}
    specs = [
        Spec("users2_two_stage_detector_roialign16_dynamic_hw_torchscript_opset16",
             _torch(lambda: _two_stage(True, 2), img, False, 16, hw)),
        Spec("users2_two_stage_detector_roialign10_adaptive_grid_torchscript_opset13",
             _torch(lambda: _two_stage(False, 0), img, False, 13, hw)),
        Spec("users2_mask_rcnn_head_adaptive_grid_dynamic_hw_torchscript_opset17",
             _torch(lambda: _two_stage(True, 0, True), img, False, 17, hw)),
        Spec("users2_two_stage_detector_custom_op_dynamic_hw_dynamo_opset18", _two_stage_dynamo(img, 18, hw)),
        Spec("users2_deeplab_dynamic_hw_torchscript_opset13", _torch(_deeplab, img, False, 13, hw)),
        Spec("users2_deeplab_dynamic_hw_dynamo_opset18", _torch(_deeplab, img, True, 18, hw)),
        Spec("users2_bert_in_code_dynamic_torchscript_opset14", _torch(_bert_in_code, bert_sets, False, 14, text)),
        Spec("users2_bert_in_code_dynamic_dynamo_opset18", _torch(_bert_in_code, bert_sets, True, 18, text)),
        Spec("users2_gpt2_past_key_values_dynamic_torchscript_opset14",
             _torch(_gpt2_with_past, _gpt2_sets, False, 14, gpt_axes)),
        Spec("users2_gpt2_past_key_values_dynamic_dynamo_opset18",
             _torch(_gpt2_with_past, _gpt2_sets, True, 18, gpt_axes)),
        Spec("users2_whisper_frontend_dynamic_time_torchscript_opset17",
             _torch(_whisperish, _normal([(2, 10, 30)], [(1, 10, 47)]), False, 17, {"x0": {0: "b", 2: "t"}})),
        Spec("users2_whisper_frontend_dynamic_time_dynamo_opset20",
             _torch(_whisperish, _normal([(2, 10, 30)], [(1, 10, 47)]), True, 20, {"x0": {0: "b", 2: "t"}})),
        Spec("users2_jit_script_if_loop_torchscript_opset15", _torch(_scripted_if_loop, _scripted_sets, False, 15)),
        Spec("users2_jit_script_list_append_decoder_dynamic_batch_torchscript_opset15",
             _torch(_scripted_decoder, _decoder_sets, False, 15, {"x0": {0: "b"}})),
        Spec("users2_opset7_bn_spatial_upsample_attr", _old_graph(7)),
        Spec("users2_opset8_maxpool_storage_order", _old_graph(8)),
        Spec("users2_opset8_scan_batch_axis", _scan8()),
        Spec("users2_opset9_upsample_input_shrink", _old_graph(9)),
        Spec("users2_opset10_resize_slice_steps_topk", _old_graph(10)),
        Spec("users2_center_crop_preprocess_any_size_opset18", _center_crop_preprocess()),
        Spec("users2_float16_cnn_torchscript_opset17",
             _low_precision(_small_cnn, _normal([(2, 3, 16, 16)]), "float16", False, 17), rtol=2e-2, atol=2e-2),
        Spec("users2_bfloat16_mlp_dynamo_opset18",
             _low_precision(_mlp_block, _normal([(3, 16)]), "bfloat16", True, 18), rtol=5e-2, atol=2e-2),
        Spec("users2_unique_mask_run_time_length_torchscript_opset11",
             _torch(_unique_mask, _unique_sets, False, 11, {"x0": {0: "n"}, "x1": {0: "n"}})),
        Spec("users2_embedding_bag_dynamic_torchscript_opset17",
             _torch(_embedding_bag, _bag_sets, False, 17, {"x0": {0: "n"}, "x1": {0: "b"}})),
        Spec("users2_embedding_bag_dynamic_dynamo_opset18",
             _torch(_embedding_bag, _bag_sets, True, 18, {"x0": {0: "n"}, "x1": {0: "b"}})),
        Spec("users2_crnn_bilstm_dynamic_width_torchscript_opset14",
             _torch(_crnn, _normal([(2, 1, 16, 24)], [(1, 1, 16, 40)]), False, 14, {"x0": {0: "b", 3: "w"}})),
        Spec("users2_crnn_bilstm_dynamic_width_dynamo_opset18",
             _torch(_crnn, _normal([(2, 1, 16, 24)], [(1, 1, 16, 40)]), True, 18, {"x0": {0: "b", 3: "w"}})),
        Spec("users2_moe_top2_dynamic_dynamo_opset18",
             _torch(_moe, _normal([(2, 5, 16)], [(1, 9, 16)]), True, 18, {"x0": {0: "b", 1: "s"}})),
        Spec("users2_retrieval_cdist_dynamic_gallery_torchscript_opset17",
             _torch(_retrieval, _normal([(2, 10), (7, 10)], [(3, 10), (12, 10)]), False, 17,
                    {"x0": {0: "q"}, "x1": {0: "g"}})),
        Spec("users2_groupnorm_unet_block_dynamic_hw_dynamo_opset21",
             _torch(_groupnorm_block, _normal([(1, 16, 8, 10)], [(2, 16, 6, 6)]), True, 21, hw)),
    ]
    for s in specs:
        s.slow = True           # all with SHLO_ONNX_LIGHT=1 / tools/onnx_heldout.py -k ^users2_
    return specs


SPECS = _specs()
