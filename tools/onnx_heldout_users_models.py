"""A third held-out-style set for tools/onnx_heldout.py (`-k ^users_`): ONNX files made the way
outside users make them, unlike the other sets' models:

  * torch.onnx.export (dynamo and TorchScript, opsets 11 to 24) of models written here: a
    MobileNetV3 (hardswish, hard-sigmoid squeeze-excite), a DETR-like CNN + encoder-decoder with
    learned queries and sine positions, a GRU -> LSTM seq2seq with attention and greedy decoding,
    a Conformer block (macaron FFNs, GLU, depthwise Conv1d), a YOLO-style detector (SPPF, FPN with
    Resize and Concat, grid decoding), a hand-written ViT, a Swin-like window attention (roll),
    a text model whose masks and positions come from its dynamic batch / sequence sizes, a
    log-mel front end (torch.stft), a diffusion resblock + cross-attention, KV-cache decoder steps
    (past length dynamic; SDPA -> ONNX Attention at opset 23), a point-cloud EdgeConv (topk, gather)
    and a GNN (index_add, scatter_reduce) over run-time sizes, a scripted while loop, a SqueezeNet
    with ceil_mode pools over a dynamic H, W, a topk of min(5, N), torch.chunk of a dynamic time
    axis, a spatial transformer with a dynamic batch, and exports with
    keep_initializers_as_inputs;
  * onnx.helper graphs at old opsets (attribute forms of Split / Squeeze / ReduceSum / Clip / Pad)
    and graphs lifted by onnx's version converter; a model-local function in its own domain;
    sparse initializers / sparse Constants; a tf2onnx-style NHWC graph with SAME padding over any
    image size; a uint8 preprocessing graph with an antialiased Resize
    over any image size; an onnxscript model; onnx.compose.merge_models and onnx.utils.extract_model
    outputs;
  * external data in one file per tensor, in a sub-folder, and a ModelProto loaded with it;
  * onnxruntime's session optimizer (ORT_ENABLE_EXTENDED) and its float16 converter run on the
    exports above;
  * onnxruntime.quantization on them: quantize_dynamic (MatMulInteger, ConvInteger,
    DynamicQuantizeLSTM, quantized Gather), quantize_static QOperator and QDQ with a calibration
    reader, per channel, int8 symmetric activations.
"""
from __future__ import annotations

import os
import tempfile
import warnings

import numpy as np
from onnx_heldout_models import Spec, _export, _model, _PathModel, _rng, _vi
from onnx_heldout_more_models import _spatial_transformer


def _nn():
    import torch
    return torch, torch.nn, torch.nn.functional


def _init_bn(net):
    import torch
    with torch.no_grad():
        for m in net.modules():
            if isinstance(m, (torch.nn.BatchNorm1d, torch.nn.BatchNorm2d)):
                m.running_mean.uniform_(-0.3, 0.3)
                m.running_var.uniform_(0.5, 1.5)
                m.weight.uniform_(0.5, 1.5)
                m.bias.uniform_(-0.2, 0.2)
    return net


# ------------------------------------------------------------------------------ modules

def _mobilenetv3():
    """MobileNetV3-small's layout: hardswish stem, inverted residuals with a hard-sigmoid
    squeeze-excite, ReLU / hardswish blocks, a hardswish classifier with dropout."""
    torch, nn, F = _nn()

    class SE(nn.Module):
        def __init__(self, c):
            super().__init__()
            self.fc1, self.fc2 = nn.Conv2d(c, max(8, c // 4), 1), nn.Conv2d(max(8, c // 4), c, 1)

        def forward(self, x):
            return x * F.hardsigmoid(self.fc2(F.relu(self.fc1(F.adaptive_avg_pool2d(x, 1)))))

    class IR(nn.Module):
        def __init__(self, cin, mid, cout, k, stride, se, act):
            super().__init__()
            a = nn.Hardswish if act == "hs" else nn.ReLU
            self.expand = nn.Sequential(nn.Conv2d(cin, mid, 1, bias=False), nn.BatchNorm2d(mid), a())
            self.dw = nn.Sequential(nn.Conv2d(mid, mid, k, stride, k // 2, groups=mid, bias=False),
                                    nn.BatchNorm2d(mid), a())
            self.se = SE(mid) if se else nn.Identity()
            self.proj = nn.Sequential(nn.Conv2d(mid, cout, 1, bias=False), nn.BatchNorm2d(cout))
            self.res = stride == 1 and cin == cout

        def forward(self, x):
            y = self.proj(self.se(self.dw(self.expand(x))))
            return x + y if self.res else y

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1, bias=False), nn.BatchNorm2d(16), nn.Hardswish())
            self.blocks = nn.Sequential(IR(16, 16, 16, 3, 2, True, "re"), IR(16, 48, 24, 3, 2, False, "re"),
                                        IR(24, 64, 24, 5, 1, True, "hs"), IR(24, 72, 32, 5, 2, True, "hs"))
            self.last = nn.Sequential(nn.Conv2d(32, 96, 1, bias=False), nn.BatchNorm2d(96), nn.Hardswish())
            self.head = nn.Sequential(nn.Linear(96, 64), nn.Hardswish(), nn.Dropout(0.2), nn.Linear(64, 10))

        def forward(self, x):
            return self.head(torch.flatten(F.adaptive_avg_pool2d(self.last(self.blocks(self.stem(x))), 1), 1))
    return _init_bn(Net())


def _detrish():
    """DETR's layout, tiny: a strided CNN backbone, a 1x1 projection, sine position embeddings
    computed from the feature map's size, nn.Transformer (encoder-decoder) with learned object
    queries, class logits and sigmoid boxes."""
    torch, nn, F = _nn()
    d = 32

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.backbone = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.BatchNorm2d(16), nn.ReLU(),
                                          nn.Conv2d(16, 32, 3, 2, 1), nn.BatchNorm2d(32), nn.ReLU())
            self.proj = nn.Conv2d(32, d, 1)
            self.tf = nn.Transformer(d, 4, 2, 2, 64, dropout=0.0, batch_first=True)
            self.queries = nn.Parameter(torch.randn(6, d))
            self.cls, self.box = nn.Linear(d, 5), nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, 4))

        def pos(self, h, w):
            y = torch.arange(h, dtype=torch.float32).unsqueeze(1).expand(h, w) / h * 6.2832
            x = torch.arange(w, dtype=torch.float32).unsqueeze(0).expand(h, w) / w * 6.2832
            freq = 10000 ** (torch.arange(d // 4, dtype=torch.float32) / (d // 4))
            py, px = y[..., None] / freq, x[..., None] / freq
            p = torch.cat([py.sin(), py.cos(), px.sin(), px.cos()], -1)
            return p.flatten(0, 1)

        def forward(self, img):
            f = self.proj(self.backbone(img))
            b, c, h, w = f.shape
            src = f.flatten(2).transpose(1, 2) + self.pos(h, w)
            tgt = self.queries.unsqueeze(0).expand(b, -1, -1)
            hs = self.tf(src, tgt)
            return self.cls(hs), self.box(hs).sigmoid()
    return _init_bn(Net())


def _seq2seq():
    """A GRU encoder (bidirectional, 2 layers) and an LSTM decoder with dot-product attention over
    the encoder states, decoding 4 steps greedily (argmax fed back through the embedding)."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb_in, self.emb_out = nn.Embedding(30, 12), nn.Embedding(20, 12)
            self.enc = nn.GRU(12, 8, num_layers=2, bidirectional=True, batch_first=True)
            self.bridge = nn.Linear(16, 16)
            self.dec = nn.LSTMCell(12 + 16, 16)
            self.out = nn.Linear(32, 20)

        def forward(self, src):
            mem, h = self.enc(self.emb_in(src))                       # (B, S, 16), (4, B, 8)
            hx = torch.tanh(self.bridge(torch.cat([h[-2], h[-1]], -1)))
            cx = torch.zeros_like(hx)
            tok = torch.zeros(src.shape[0], dtype=torch.long)
            ctx = mem.mean(1)
            logits = []
            for _ in range(4):
                hx, cx = self.dec(torch.cat([self.emb_out(tok), ctx], -1), (hx, cx))
                att = torch.softmax(torch.bmm(mem, hx.unsqueeze(2)).squeeze(2), -1)
                ctx = torch.bmm(att.unsqueeze(1), mem).squeeze(1)
                step = self.out(torch.cat([hx, ctx], -1))
                logits.append(step)
                tok = step.argmax(-1)
            return torch.stack(logits, 1)
    return Net()


def _conformer():
    """A Conformer block: half-step feed-forward modules (SiLU), multi-head self-attention, a
    convolution module (pointwise conv, GLU, depthwise Conv1d, BatchNorm1d, SiLU), final LayerNorm."""
    torch, nn, F = _nn()
    d = 24

    class FF(nn.Module):
        def __init__(self):
            super().__init__()
            self.net = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 4 * d), nn.SiLU(), nn.Dropout(0.1),
                                     nn.Linear(4 * d, d))

        def forward(self, x):
            return x + 0.5 * self.net(x)

    class ConvModule(nn.Module):
        def __init__(self):
            super().__init__()
            self.norm = nn.LayerNorm(d)
            self.pw1, self.dw = nn.Conv1d(d, 2 * d, 1), nn.Conv1d(d, d, 7, padding=3, groups=d)
            self.bn, self.pw2 = nn.BatchNorm1d(d), nn.Conv1d(d, d, 1)

        def forward(self, x):
            y = F.glu(self.pw1(self.norm(x).transpose(1, 2)), dim=1)
            y = self.pw2(F.silu(self.bn(self.dw(y))))
            return x + y.transpose(1, 2)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.inp = nn.Linear(10, d)
            self.ff1, self.ff2 = FF(), FF()
            self.norm_att = nn.LayerNorm(d)
            self.att = nn.MultiheadAttention(d, 4, batch_first=True)
            self.conv = ConvModule()
            self.out = nn.LayerNorm(d)

        def forward(self, feats):
            x = self.ff1(self.inp(feats))
            a = self.norm_att(x)
            x = x + self.att(a, a, a, need_weights=False)[0]
            return self.out(self.ff2(self.conv(x)))
    return _init_bn(Net())


def _yoloish():
    """A YOLO-style detector: Conv-BN-SiLU backbone, an SPPF block (three chained 5x5 max pools
    concatenated), a top-down FPN (nearest Upsample x2 + Concat), two heads decoded against their
    grid (sigmoid xy + grid offsets times stride, exp wh times anchors), levels concatenated."""
    torch, nn, F = _nn()

    def cbs(cin, cout, k=3, s=1):
        return nn.Sequential(nn.Conv2d(cin, cout, k, s, k // 2, bias=False), nn.BatchNorm2d(cout), nn.SiLU())

    class SPPF(nn.Module):
        def __init__(self, c):
            super().__init__()
            self.a, self.b, self.pool = cbs(c, c // 2, 1), cbs(2 * c, c, 1), nn.MaxPool2d(5, 1, 2)

        def forward(self, x):
            x = self.a(x)
            y1 = self.pool(x)
            y2 = self.pool(y1)
            return self.b(torch.cat([x, y1, y2, self.pool(y2)], 1))

    class Net(nn.Module):
        na, no = 2, 7                                             # anchors per cell, 4 box + obj + 2 classes

        def __init__(self):
            super().__init__()
            self.s1 = nn.Sequential(cbs(3, 8, 3, 2), cbs(8, 16, 3, 2))          # /4
            self.s2 = cbs(16, 24, 3, 2)                                         # /8
            self.sppf = SPPF(24)
            self.up = nn.Upsample(scale_factor=2, mode="nearest")
            self.lat = cbs(24 + 16, 16, 1)
            self.h4, self.h8 = nn.Conv2d(16, self.na * self.no, 1), nn.Conv2d(24, self.na * self.no, 1)
            self.register_buffer("anchors", torch.tensor([[[4.0, 5.0], [8.0, 6.0]], [[10.0, 12.0], [16.0, 20.0]]]))

        def decode(self, p, stride, anchors):
            b, _, h, w = p.shape
            p = p.view(b, self.na, self.no, h, w).permute(0, 1, 3, 4, 2).sigmoid()
            gy, gx = torch.meshgrid(torch.arange(h, dtype=torch.float32), torch.arange(w, dtype=torch.float32),
                                    indexing="ij")
            grid = torch.stack((gx, gy), -1).view(1, 1, h, w, 2)
            xy = (p[..., :2] * 2 - 0.5 + grid) * stride
            wh = (p[..., 2:4] * 2) ** 2 * anchors.view(1, self.na, 1, 1, 2)
            return torch.cat((xy, wh, p[..., 4:]), -1).view(b, -1, self.no)

        def forward(self, x):
            c4 = self.s1(x)
            c8 = self.sppf(self.s2(c4))
            p4 = self.lat(torch.cat([self.up(c8), c4], 1))
            return torch.cat([self.decode(self.h4(p4), 4.0, self.anchors[0]),
                              self.decode(self.h8(c8), 8.0, self.anchors[1])], 1)
    return _init_bn(Net())


def _vit_manual():
    """A ViT written out: patch embedding by a strided conv, a class token concatenated, learned
    positions, attention as q @ k^T * scale with softmax, tanh-approximated GELU, pre-norm blocks."""
    torch, nn, F = _nn()
    d, heads = 32, 4

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.n1, self.n2 = nn.LayerNorm(d, eps=1e-6), nn.LayerNorm(d, eps=1e-6)
            self.qkv, self.proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
            self.fc1, self.fc2 = nn.Linear(d, 2 * d), nn.Linear(2 * d, d)

        def forward(self, x):
            b, n, _ = x.shape
            q, k, v = self.qkv(self.n1(x)).reshape(b, n, 3, heads, d // heads).permute(2, 0, 3, 1, 4)
            a = (q @ k.transpose(-2, -1)) * (d // heads) ** -0.5
            x = x + self.proj((a.softmax(-1) @ v).transpose(1, 2).reshape(b, n, d))
            return x + self.fc2(F.gelu(self.fc1(self.n2(x)), approximate="tanh"))

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.patch = nn.Conv2d(3, d, 4, 4)
            self.cls_token = nn.Parameter(torch.randn(1, 1, d) * 0.02)
            self.pos = nn.Parameter(torch.randn(1, 17, d) * 0.02)
            self.blocks = nn.Sequential(Block(), Block())
            self.norm, self.head = nn.LayerNorm(d, eps=1e-6), nn.Linear(d, 10)

        def forward(self, x):
            x = self.patch(x).flatten(2).transpose(1, 2)
            x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], 1) + self.pos
            return self.head(self.norm(self.blocks(x))[:, 0])
    return Net()


def _swinish():
    """Swin's shifted-window attention, one stage: cyclic shift by torch.roll, window partition
    by view / permute, attention with a relative position bias gathered from a table, reverse."""
    torch, nn, F = _nn()
    d, ws, heads = 16, 4, 2

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = nn.Conv2d(3, d, 2, 2)
            self.norm = nn.LayerNorm(d)
            self.qkv, self.proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
            self.table = nn.Parameter(torch.randn((2 * ws - 1) ** 2, heads) * 0.1)
            c = torch.stack(torch.meshgrid(torch.arange(ws), torch.arange(ws), indexing="ij")).flatten(1)
            rel = (c[:, :, None] - c[:, None, :]).permute(1, 2, 0) + (ws - 1)
            self.register_buffer("index", rel[..., 0] * (2 * ws - 1) + rel[..., 1])
            self.head = nn.Linear(d, 6)

        def forward(self, x):
            x = self.embed(x).permute(0, 2, 3, 1)                  # (B, H, W, C)
            b, h, w, c = x.shape
            s = torch.roll(self.norm(x), (-ws // 2, -ws // 2), (1, 2))
            win = s.view(b, h // ws, ws, w // ws, ws, c).permute(0, 1, 3, 2, 4, 5).reshape(-1, ws * ws, c)
            q, k, v = self.qkv(win).reshape(win.shape[0], ws * ws, 3, heads, c // heads).permute(2, 0, 3, 1, 4)
            bias = self.table[self.index.view(-1)].view(ws * ws, ws * ws, heads).permute(2, 0, 1)
            a = (q @ k.transpose(-2, -1)) * (c // heads) ** -0.5 + bias
            o = self.proj((a.softmax(-1) @ v).transpose(1, 2).reshape(-1, ws * ws, c))
            o = o.view(b, h // ws, w // ws, ws, ws, c).permute(0, 1, 3, 2, 4, 5).reshape(b, h, w, c)
            x = x + torch.roll(o, (ws // 2, ws // 2), (1, 2))
            return self.head(x.mean((1, 2)))
    return Net()


def _masked_text():
    """A text encoder whose masks and positions come from the run-time batch / sequence sizes:
    padding mask from ids == 0, positions by arange(seq), a causal mask by triu, masked_fill with
    -inf, a masked mean pool and a per-token head."""
    torch, nn, F = _nn()
    d = 16

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.tok, self.pos = nn.Embedding(40, d, padding_idx=0), nn.Embedding(32, d)
            self.q, self.k, self.v = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, d)
            self.norm, self.cls, self.tag = nn.LayerNorm(d), nn.Linear(d, 3), nn.Linear(d, 5)

        def forward(self, ids):
            b, s = ids.shape
            pad = ids == 0
            x = self.tok(ids) + self.pos(torch.arange(s).unsqueeze(0).expand(b, s))
            causal = torch.triu(torch.ones(s, s, dtype=torch.bool), 1)
            scores = self.q(x) @ self.k(x).transpose(1, 2) / d ** 0.5
            scores = scores.masked_fill(causal.unsqueeze(0) | pad.unsqueeze(1), -1e9)
            h = self.norm(x + scores.softmax(-1) @ self.v(x))
            keep = (~pad).unsqueeze(-1).float()
            pooled = (h * keep).sum(1) / keep.sum(1).clamp(min=1.0)
            return self.cls(pooled), self.tag(h).argmax(-1)
    return Net()


def _logmel():
    """A Whisper-style log-mel front end: torch.stft (Hann window, centered reflect padding),
    power spectrum, a mel filter bank matmul, log10 clamped to 8 decades of the max, then a Conv1d."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("window", torch.hann_window(64))
            self.register_buffer("mel", torch.rand(33, 12))
            self.conv = nn.Conv1d(12, 8, 3, padding=1)

        def forward(self, wave):
            spec = torch.stft(wave, 64, 16, window=self.window, center=True, pad_mode="reflect",
                              return_complex=False)
            power = spec.pow(2).sum(-1)                                    # (B, 33, frames)
            mel = (power.transpose(1, 2) @ self.mel).clamp(min=1e-10).log10()
            mel = torch.maximum(mel, mel.amax((1, 2), keepdim=True) - 8.0)
            return self.conv(((mel + 4.0) / 4.0).transpose(1, 2))
    return Net()


def _diffusion_block(antialias=True):
    """A diffusion UNet's resblock + attention: sinusoidal timestep embedding, GroupNorm + SiLU,
    a time projection broadcast over H, W, a cross-attention over a context via
    F.scaled_dot_product_attention, a bicubic upsample and an antialiased downsample (the TorchScript
    exporter has no antialias: a plain bilinear one there)."""
    torch, nn, F = _nn()
    c = 16

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.n1, self.n2 = nn.GroupNorm(4, c), nn.GroupNorm(4, c)
            self.c1, self.c2 = nn.Conv2d(c, c, 3, padding=1), nn.Conv2d(c, c, 3, padding=1)
            self.t = nn.Linear(16, c)
            self.q, self.kv, self.o = nn.Linear(c, c), nn.Linear(12, 2 * c), nn.Linear(c, c)

        def forward(self, x, t, ctx):
            half = 8
            freqs = torch.exp(-9.21 * torch.arange(half, dtype=torch.float32) / half)
            emb = t[:, None] * freqs[None]
            emb = torch.cat([emb.cos(), emb.sin()], -1)
            h = self.c1(F.silu(self.n1(x))) + self.t(F.silu(emb))[:, :, None, None]
            h = x + self.c2(F.silu(self.n2(h)))
            b, _, hh, ww = h.shape
            seq = h.flatten(2).transpose(1, 2)
            k, v = self.kv(ctx).chunk(2, -1)
            split = (lambda z: z.view(b, -1, 2, c // 2).transpose(1, 2))
            a = F.scaled_dot_product_attention(split(self.q(seq)), split(k), split(v))
            h = h + self.o(a.transpose(1, 2).reshape(b, -1, c)).transpose(1, 2).reshape(b, c, hh, ww)
            up = F.interpolate(h, scale_factor=2, mode="bicubic", align_corners=False)
            return F.interpolate(up, size=(hh // 2, ww // 2), mode="bilinear", antialias=antialias)
    return Net()


def _op_mix(cdist=True):
    """Ops users reach for outside the usual nets: PixelUnshuffle, Unfold (im2col), PReLU, Mish,
    SELU, CELU, logsumexp, cumsum, one_hot, argsort, flip, scatter_add, cdist, cosine_similarity,
    det, a dynamic triu (the dynamo exporter has no cdist: a written-out distance there)."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.prelu = nn.PReLU(12)
            self.lin = nn.Linear(12 * 4, 6)

        def forward(self, x, idx):
            u = F.pixel_unshuffle(x, 2)                                      # (B, 12, 4, 4)
            u = self.prelu(u)
            cols = F.unfold(u, 2, stride=2)                                  # (B, 48, 4)
            h = self.lin(cols.transpose(1, 2))                               # (B, 4, 6)
            h = F.mish(h) + F.selu(h) - F.celu(h, 0.5)
            lse = torch.logsumexp(h, -1)
            cs = torch.cumsum(h, 1).flip(2)
            oh = F.one_hot(idx, 6).float()
            order = torch.argsort(lse, -1, descending=True)
            sc = torch.zeros(h.shape[0], 6).scatter_add(1, idx, h.sum(-1))
            dist = torch.cdist(h, h) if cdist else ((h[:, :, None] - h[:, None]) ** 2).sum(-1).clamp(min=0).sqrt()
            cos = F.cosine_similarity(h[:, :, None], h[:, None], dim=-1)
            det = torch.linalg.det(h[:, :, :4])
            tri = torch.triu(dist, diagonal=1)
            return cs + oh, order, sc, tri + cos, det
    return Net()


def _kv_cache_decoder():
    """A GPT-style decoder step exported with its KV cache as inputs and outputs (as users export
    generation models): past keys / values (B, H, P, D) with a dynamic past length, concatenated
    with the new ones, rotary-free learned positions offset by the past length, a causal mask over
    the total length built with arange comparisons."""
    torch, nn, F = _nn()
    d, heads = 16, 2

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb, self.pos = nn.Embedding(50, d), nn.Embedding(64, d)
            self.ln, self.qkv, self.o = nn.LayerNorm(d), nn.Linear(d, 3 * d), nn.Linear(d, d)
            self.lm = nn.Linear(d, 50)

        def forward(self, ids, past_k, past_v):
            b, s = ids.shape
            p = past_k.shape[2]
            x = self.emb(ids) + self.pos(torch.arange(p, p + s).unsqueeze(0))
            q, k, v = self.qkv(self.ln(x)).view(b, s, 3, heads, d // heads).permute(2, 0, 3, 1, 4)
            k, v = torch.cat([past_k, k], 2), torch.cat([past_v, v], 2)
            rows = torch.arange(s).unsqueeze(1) + p
            allowed = torch.arange(p + s).unsqueeze(0) <= rows
            att = (q @ k.transpose(-1, -2)) / (d // heads) ** 0.5
            att = att.masked_fill(~allowed, float("-inf")).softmax(-1)
            x = x + self.o((att @ v).transpose(1, 2).reshape(b, s, d))
            return self.lm(x), k, v
    return Net()


def _edgeconv():
    """A DGCNN EdgeConv layer over a point cloud with a run-time point count: pairwise distances,
    k nearest neighbours by topk, neighbour features by gather with an expanded index, an MLP on
    (x_i, x_j - x_i), max over the neighbours, a global max pool."""
    torch, nn, F = _nn()
    k = 4

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.mlp = nn.Sequential(nn.Linear(6, 16), nn.LeakyReLU(0.2), nn.Linear(16, 16))
            self.head = nn.Linear(16, 5)

        def forward(self, pts):                                         # (B, N, 3)
            d = (pts.unsqueeze(2) - pts.unsqueeze(1)).pow(2).sum(-1)     # (B, N, N)
            idx = d.topk(k, -1, largest=False).indices                  # (B, N, k)
            b, n, c = pts.shape
            nb = torch.gather(pts.unsqueeze(1).expand(b, n, n, c), 2, idx.unsqueeze(-1).expand(b, n, k, c))
            center = pts.unsqueeze(2).expand(b, n, k, c)
            h = self.mlp(torch.cat([center, nb - center], -1)).amax(2)   # (B, N, 16)
            return self.head(h.amax(1)), h
    return Net()


def _gnn():
    """Message passing on a graph given as an edge list: messages gathered by index_select,
    summed into nodes by index_add, max-aggregated by scatter_reduce (over zeros: the messages are
    ReLUs), degree normalization."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.msg, self.upd = nn.Linear(8, 8), nn.Linear(24, 8)

        def forward(self, x, edges):                                    # (N, 8), (2, E)
            src, dst = edges[0], edges[1]
            m = F.relu(self.msg(x.index_select(0, src)))
            summed = torch.zeros_like(x).index_add(0, dst, m)
            deg = torch.zeros(x.shape[0]).index_add(0, dst, torch.ones(dst.shape[0])).clamp(min=1.0)
            mx = torch.zeros_like(x).scatter_reduce(0, dst.unsqueeze(1).expand(-1, 8), m, "amax")
            return self.upd(torch.cat([x, summed / deg.unsqueeze(1), mx], 1))
    return Net()


def _converge():
    """torch.jit.script'ed iteration until convergence: a while loop whose condition is computed
    from the data (at most 30 steps), exported by the TorchScript exporter as a Loop with a
    run-time condition."""
    import torch

    class Net(torch.nn.Module):
        def forward(self, a, b):
            x = torch.zeros_like(b)
            i = 0
            delta = torch.tensor(1.0)
            while i < 30 and bool(delta > 1e-3):
                nx = 0.5 * x + 0.25 * torch.tanh(a @ x + b)
                delta = (nx - x).abs().max()
                x = nx
                i += 1
            return x, torch.tensor(i)
    return torch.jit.script(Net())


def _sdpa_cache_decoder():
    """The KV-cache decoder step with F.scaled_dot_product_attention and a boolean mask over the
    total length (the dynamo exporter at opset 23 writes ONNX's Attention for it)."""
    torch, nn, F = _nn()
    d, heads = 16, 2

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(50, d)
            self.ln, self.qkv, self.o, self.lm = nn.LayerNorm(d), nn.Linear(d, 3 * d), nn.Linear(d, d), nn.Linear(d, 50)

        def forward(self, ids, past_k, past_v):
            b, s = ids.shape
            p = past_k.shape[2]
            x = self.emb(ids)
            q, k, v = self.qkv(self.ln(x)).view(b, s, 3, heads, d // heads).permute(2, 0, 3, 1, 4)
            k, v = torch.cat([past_k, k], 2), torch.cat([past_v, v], 2)
            mask = torch.arange(p + s).unsqueeze(0) <= (torch.arange(s).unsqueeze(1) + p)
            a = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
            return self.lm(x + self.o(a.transpose(1, 2).reshape(b, s, d))), k, v
    return Net()


def _lstm_tagger():
    """A bidirectional nn.LSTM sequence tagger (exported as ONNX LSTM nodes) with a linear head."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(30, 12)
            self.lstm = nn.LSTM(12, 16, num_layers=2, bidirectional=True, batch_first=True)
            self.out = nn.Linear(32, 6)

        def forward(self, ids):
            return self.out(self.lstm(self.emb(ids))[0]).log_softmax(-1)
    return Net()


def _squeezenetish():
    """torchvision's SqueezeNet layout, narrow: ceil_mode max pools, Fire modules (squeeze 1x1,
    expand 1x1 and 3x3 concatenated), a 1x1 conv classifier and adaptive average pool."""
    torch, nn, F = _nn()

    class Fire(nn.Module):
        def __init__(self, cin, sq, ex):
            super().__init__()
            self.sq, self.e1, self.e3 = nn.Conv2d(cin, sq, 1), nn.Conv2d(sq, ex, 1), nn.Conv2d(sq, ex, 3, padding=1)

        def forward(self, x):
            s = F.relu(self.sq(x))
            return torch.cat([F.relu(self.e1(s)), F.relu(self.e3(s))], 1)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.features = nn.Sequential(nn.Conv2d(3, 16, 3, 2), nn.ReLU(), nn.MaxPool2d(3, 2, ceil_mode=True),
                                          Fire(16, 4, 8), Fire(16, 4, 8), nn.MaxPool2d(3, 2, ceil_mode=True),
                                          Fire(16, 8, 12), nn.AvgPool2d(3, 2, ceil_mode=True, count_include_pad=False))
            self.head = nn.Conv2d(24, 5, 1)

        def forward(self, x):
            return torch.flatten(F.adaptive_avg_pool2d(F.relu(self.head(self.features(x))), 1), 1)
    return Net()


def _topk_head():
    """A detection post-process keeping min(5, N) candidates of a run-time N: topk by score,
    boxes gathered by the indices, a score threshold count."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def forward(self, scores, boxes):
            s, i = scores.topk(min(5, scores.shape[1]), 1)
            b = torch.gather(boxes, 1, i.unsqueeze(-1).expand(-1, -1, 4))
            return s, b, (s > 0.0).sum(1)
    return Net()


def _chunked_gate():
    """A GLU-style gate over a dynamic sequence split by torch.chunk along time (two halves of a
    run-time length) and along features, recombined (the dynamo exporter fails on it: TorchScript)."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(6, 8)

        def forward(self, x):                           # (B, T, 6)
            a, b = self.proj(x).chunk(2, -1)
            h = a * torch.sigmoid(b)
            first, second = h.chunk(2, 1)
            return first.mean(1) - second.mean(1), torch.cat([second, first], 1)
    return Net()


# ------------------------------------------------------------------------------ exports

def _ids(rng, b, s, high):
    """Token ids with a padded tail on some rows (id 0)."""
    ids = rng.integers(1, high, (b, s)).astype(np.int64)
    for r in range(1, b):
        ids[r, s - r:] = 0
    return ids


def _torch(make, sets_fn, dynamo, opset, dynamic_axes=None, no_fastpath=False):
    """make() -> module; sets_fn(rng) -> input sets (the first is the export's)."""
    def build():
        import torch
        torch.manual_seed(0)
        module = make()
        sets = sets_fn(_rng(11))
        before = torch.backends.mha.get_fastpath_enabled()
        if no_fastpath:
            torch.backends.mha.set_fastpath_enabled(False)
        try:
            with torch.no_grad():
                model = _export(module, [torch.from_numpy(x) for x in sets[0]], dynamo, opset, dynamic_axes)
        finally:
            torch.backends.mha.set_fastpath_enabled(before)
        return model, sets
    return build


def _normal(*shapes_sets):
    return lambda rng: [[rng.standard_normal(s).astype(np.float32) for s in shapes] for shapes in shapes_sets]


def _tag(dynamo, opset):
    return f"{'dynamo' if dynamo else 'torchscript'}_opset{opset}"


# ------------------------------------------------------------------------------ onnx.helper graphs

def _old_opset_graph(opset):
    """A graph at opset 11 / 12 as older converters wrote it: Split with a `split` attribute,
    Squeeze / Unsqueeze / ReduceSum with `axes` attributes, Clip with min / max inputs, Pad with
    pads as an input, Resize with roi and scales, Gather + Shape + Concat shape arithmetic."""
    from onnx import TensorProto as T
    from onnx import helper, numpy_helper
    rng = _rng(21)
    w = numpy_helper.from_array((rng.standard_normal((8, 4, 3, 3)) * 0.3).astype(np.float32), "w")
    consts = {
        "lo": np.array(-1.0, np.float32), "hi": np.array(2.5, np.float32),
        "pads": np.array([0, 0, 1, 2, 0, 0, 1, 0], np.int64),
        "roi": np.array([], np.float32), "scales": np.array([1, 1, 2, 2], np.float32),
        "one": np.array([1], np.int64), "neg1": np.array([-1], np.int64)}
    inits = [w] + [numpy_helper.from_array(v, k) for k, v in consts.items()]
    nodes = [
        helper.make_node("Pad", ["x", "pads"], ["p"], mode="reflect"),
        helper.make_node("Conv", ["p", "w"], ["c"], pads=[1, 1, 1, 1]),
        helper.make_node("Clip", ["c", "lo", "hi"], ["cl"]),
        helper.make_node("Split", ["cl"], ["s0", "s1"], axis=1, split=[3, 5]),
        helper.make_node("ReduceSum", ["s1"], ["rs"], axes=[1], keepdims=1),
        helper.make_node("Mul", ["s0", "rs"], ["m"]),
        helper.make_node("Resize", ["m", "roi", "scales"], ["up"], mode="linear",
                         coordinate_transformation_mode="half_pixel"),
        helper.make_node("ReduceMean", ["up"], ["mean"], axes=[2, 3], keepdims=0),
        helper.make_node("Unsqueeze", ["mean"], ["u"], axes=[0]),
        helper.make_node("Squeeze", ["u"], ["sq"], axes=[0]),
        helper.make_node("Shape", ["s0"], ["shp"]),
        helper.make_node("Gather", ["shp", "one"], ["ch"], axis=0),
        helper.make_node("Concat", ["neg1", "ch"], ["newshape"], axis=0),
        helper.make_node("Reshape", ["sq", "newshape"], ["r"]),
        helper.make_node("ArgMax", ["r"], ["am"], axis=1, keepdims=0),
    ]
    outs = [_vi("up", T.FLOAT, ["N", 3, 18, 16]), _vi("r", T.FLOAT, ["N", 3]), _vi("am", T.INT64, ["N"])]
    model = _model(nodes, [_vi("x", T.FLOAT, ["N", 4, 7, 6])], outs, opset, inits)
    model.ir_version = 7
    sets = [[rng.standard_normal((2, 4, 7, 6)).astype(np.float32)], [rng.standard_normal((1, 4, 7, 6)).astype(np.float32)]]
    return model, sets


def _converted(src_opset, dst_opset):
    """The opset-11 graph above lifted by onnx's version converter (Split / Squeeze / ReduceSum
    axes become inputs, Resize's roi stays)."""
    def build():
        import onnx
        from onnx import version_converter
        model, sets = _old_opset_graph(src_opset)
        lifted = version_converter.convert_version(model, dst_opset)
        onnx.checker.check_model(lifted)
        return lifted, sets
    return build


def _mixed_domains():
    """A model-local function in its own domain (a gated residual written at opset 18: ReduceMean
    with axes as an input) called from a main graph that also uses ops of that opset, plus a
    second domain import the model never uses, as some exporters leave it."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(23)
        fn = helper.make_function(
            "user.blocks", "GatedResidual", ["x", "w"], ["y"],
            [helper.make_node("MatMul", ["x", "w"], ["h"]),
             helper.make_node("Sigmoid", ["h"], ["g"]),
             helper.make_node("Mul", ["h", "g"], ["hg"]),
             helper.make_node("Constant", [], ["ax"], value_ints=[-1]),
             helper.make_node("ReduceMean", ["hg", "ax"], ["mu"], keepdims=1),
             helper.make_node("Sub", ["hg", "mu"], ["c"]),
             helper.make_node("Add", ["x", "c"], ["y"])],
            [helper.make_opsetid("", 18)])
        w1 = numpy_helper.from_array((rng.standard_normal((8, 8)) * 0.4).astype(np.float32), "w1")
        w2 = numpy_helper.from_array((rng.standard_normal((8, 8)) * 0.4).astype(np.float32), "w2")
        axes = numpy_helper.from_array(np.array([1], np.int64), "axes")
        nodes = [helper.make_node("GatedResidual", ["x", "w1"], ["a"], domain="user.blocks"),
                 helper.make_node("GatedResidual", ["a", "w2"], ["b"], domain="user.blocks"),
                 helper.make_node("ReduceMax", ["b", "axes"], ["mx"], keepdims=0),
                 helper.make_node("LpNormalization", ["b"], ["n"], axis=-1, p=2)]
        graph = helper.make_graph(nodes, "g", [_vi("x", T.FLOAT, ["batch", 8])],
                                  [_vi("mx", T.FLOAT, None), _vi("n", T.FLOAT, None)], [w1, w2, axes])
        model = helper.make_model(graph, functions=[fn], opset_imports=[
            helper.make_opsetid("", 18), helper.make_opsetid("user.blocks", 1), helper.make_opsetid("ai.onnx.ml", 3)])
        return model, [[rng.standard_normal((3, 8)).astype(np.float32)], [rng.standard_normal((5, 8)).astype(np.float32)]]
    return build


def _sparse_and_preprocess():
    """Hand-written: a uint8 NHWC image of any size cast, transposed and scaled, an antialiased
    cubic Resize to a fixed size (a preprocessing graph prepended to a model), then a 1x1 Conv
    whose weight is a sparse initializer and a MatMul by a Constant's sparse_value."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(29)
        wv = rng.standard_normal(5).astype(np.float32)
        w = helper.make_sparse_tensor(numpy_helper.from_array(wv, "w"), numpy_helper.from_array(
            np.array([[0, 0, 0, 0], [1, 2, 0, 0], [2, 1, 0, 0], [3, 0, 0, 0], [3, 2, 0, 0]], np.int64), "wi"), [4, 3, 1, 1])
        m = helper.make_sparse_tensor(numpy_helper.from_array(np.array([0.5, -1.0, 2.0], np.float32), "m"),
                                      numpy_helper.from_array(np.array([0, 7, 10], np.int64), "mi"), [6, 2])
        nodes = [helper.make_node("Cast", ["img"], ["f"], to=T.FLOAT),
                 helper.make_node("Transpose", ["f"], ["t"], perm=[0, 3, 1, 2]),
                 helper.make_node("Div", ["t", "k255"], ["d"]),
                 helper.make_node("Resize", ["d", "", "", "size"], ["r"], mode="cubic", antialias=1, axes=[2, 3]),
                 helper.make_node("Conv", ["r", "w"], ["c"]),
                 helper.make_node("Constant", [], ["m"], sparse_value=m),
                 helper.make_node("MatMul", ["c", "m"], ["y"])]
        graph = helper.make_graph(nodes, "g", [_vi("img", T.UINT8, ["N", "H", "W", 3])], [_vi("y", T.FLOAT, None)],
                                  [numpy_helper.from_array(np.array(255.0, np.float32), "k255"),
                                   numpy_helper.from_array(np.array([5, 6], np.int64), "size")],
                                  sparse_initializer=[w])
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)])
        sets = [[rng.integers(0, 256, s).astype(np.uint8)] for s in ((1, 12, 9, 3), (2, 7, 15, 3))]
        return model, sets
    return build


# ------------------------------------------------------------------------------ external data

def _external(layout):
    """The MobileNetV3 export saved with its weights outside the model: one file per tensor
    ("per_tensor"), in a sub-folder ("subfolder"), or loaded back by onnx.load into a ModelProto
    ("loaded")."""
    def build():
        import onnx
        model, sets = _torch(_mobilenetv3, _normal([(2, 3, 32, 32)]), False, 17)()
        d = tempfile.mkdtemp(prefix="shlo-heldout-users-")
        path = os.path.join(d, "model.onnx")
        os.makedirs(os.path.join(d, "weights"))
        if layout == "per_tensor":
            onnx.save(model, path, save_as_external_data=True, all_tensors_to_one_file=False, size_threshold=64)
        else:
            onnx.save(model, path, save_as_external_data=True, all_tensors_to_one_file=True,
                      location=os.path.join("weights", "w.bin") if layout == "subfolder" else "w.bin",
                      size_threshold=128)
        assert len(os.listdir(d)) > 1, "no external data"
        if layout == "loaded":
            return onnx.load(path), sets
        return _PathModel(path), sets
    return build


# ------------------------------------------------------------------------------ onnxruntime's tools

def _ort_optimized(build_source):
    """build_source's model as onnxruntime's session optimizer saves it at ORT_ENABLE_EXTENDED."""
    def build():
        import onnx
        import onnxruntime as ort
        model, sets = build_source()
        with tempfile.TemporaryDirectory() as d:
            src, dst = os.path.join(d, "m.onnx"), os.path.join(d, "opt.onnx")
            onnx.save(model, src)
            so = ort.SessionOptions()
            so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED
            so.optimized_model_filepath = dst
            so.log_severity_level = 3
            ort.InferenceSession(src, so, providers=["CPUExecutionProvider"])
            return onnx.load(dst), sets
    return build


def _quantized(build_source, how, **options):
    """build_source's model quantized by onnxruntime.quantization: "dynamic" (quantize_dynamic),
    "qop" / "qdq" (quantize_static with a calibration reader over random inputs of the export's
    shapes)."""
    def build():
        import onnx
        from onnxruntime import quantization as q
        model, sets = build_source()
        for key in ("weight_type", "activation_type"):        # (named, so the set is listed without the import)
            if isinstance(options.get(key), str):
                options[key] = getattr(q.QuantType, options[key])
        # s8 weights within 7 bits (reduce_range): onnxruntime's u8 x s8 kernel on AVX2 without VNNI adds
        # products in pairs in int16 with saturation (vpmaddubsw), so full-range weights give
        # machine-dependent results there; shlo computes the exact int32 sums
        if options.get("weight_type") == q.QuantType.QInt8:
            options.setdefault("reduce_range", True)
        rng = _rng(31)
        with tempfile.TemporaryDirectory() as d:
            src, pre, dst = (os.path.join(d, n) for n in ("f.onnx", "p.onnx", "q.onnx"))
            onnx.save(model, src)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                q.quant_pre_process(src, pre, skip_symbolic_shape=True)
                if how == "dynamic":
                    q.quantize_dynamic(pre, dst, **options)
                else:
                    names = [i.name for i in model.graph.input]
                    calib = [{n: (rng.standard_normal(x.shape).astype(np.float32) if x.dtype.kind == "f" else x)
                              for n, x in zip(names, sets[0])} for _ in range(6)]

                    class Reader(q.CalibrationDataReader):
                        def __init__(self):
                            self.it = iter(calib)

                        def get_next(self):
                            return next(self.it, None)
                    fmt = q.QuantFormat.QOperator if how == "qop" else q.QuantFormat.QDQ
                    q.quantize_static(pre, dst, Reader(), quant_format=fmt, **options)
            return onnx.load(dst), sets
    return build


def _initializers_as_inputs(make, sets_fn, opset):
    """A TorchScript export with keep_initializers_as_inputs=True (the default of older torch
    releases and of exports meant for onnx-simplifier): every weight is also a graph input with
    its initializer as the default; only the real inputs are fed."""
    def build():
        import io

        import onnx
        import torch
        torch.manual_seed(0)
        module = make().eval()
        sets = sets_fn(_rng(12))
        f = io.BytesIO()
        before = torch.backends.mha.get_fastpath_enabled()
        torch.backends.mha.set_fastpath_enabled(False)          # (see _torch's no_fastpath)
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.onnx.export(module, tuple(torch.from_numpy(x) for x in sets[0]), f, dynamo=False,
                              opset_version=opset, keep_initializers_as_inputs=True,
                              input_names=[f"x{i}" for i in range(len(sets[0]))])
        torch.backends.mha.set_fastpath_enabled(before)
        model = onnx.load_from_string(f.getvalue())
        assert len(model.graph.input) > len(sets[0])
        return model, sets
    return build


def _float16(build_source):
    """build_source's model converted to float16 by onnxruntime's converter with its inputs and
    outputs kept float32 (Cast nodes at the edges), as users shrink models for deployment."""
    def build():
        from onnxruntime.transformers.float16 import convert_float_to_float16
        model, sets = build_source()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return convert_float_to_float16(model, keep_io_types=True), sets
    return build


def _onnxscript_model():
    """Written in onnxscript (a model-local function in its own domain, a for loop over a run-time
    count and an if on a reduction: Loop and If subgraphs), as its users write models."""
    def build():
        from onnx_heldout_users_onnxscript import main
        rng = _rng(41)
        w = rng.standard_normal((8, 8)).astype(np.float32)
        sets = [[rng.standard_normal((3, 8)).astype(np.float32), w, np.array(3, np.int64)],
                [rng.standard_normal((5, 8)).astype(np.float32), -w, np.array(6, np.int64)]]
        return main.to_model_proto(), sets
    return build


def _composed():
    """onnx.compose.merge_models: a uint8 NHWC preprocessing graph (Cast, Transpose, mean / std
    normalization) joined in front of the MobileNetV3 TorchScript export, names prefixed."""
    def build():
        from onnx import TensorProto as T
        from onnx import compose, helper, numpy_helper
        net, _ = _torch(_mobilenetv3, _normal([(2, 3, 32, 32)]), False, 17)()
        mean = numpy_helper.from_array(np.array([0.485, 0.456, 0.406], np.float32).reshape(1, 3, 1, 1) * 255, "mean")
        std = numpy_helper.from_array(np.array([0.229, 0.224, 0.225], np.float32).reshape(1, 3, 1, 1) * 255, "std")
        pre = helper.make_model(helper.make_graph(
            [helper.make_node("Cast", ["image"], ["f"], to=T.FLOAT),
             helper.make_node("Transpose", ["f"], ["t"], perm=[0, 3, 1, 2]),
             helper.make_node("Sub", ["t", "mean"], ["c"]),
             helper.make_node("Div", ["c", "std"], ["pixels"])], "pre",
            [_vi("image", T.UINT8, [2, 32, 32, 3])], [_vi("pixels", T.FLOAT, [2, 3, 32, 32])], [mean, std]),
            opset_imports=[helper.make_opsetid("", 17)])
        pre.ir_version = net.ir_version
        merged = compose.merge_models(pre, net, io_map=[("pixels", net.graph.input[0].name)],
                                      prefix1="pre/", prefix2="net/")
        rng = _rng(43)
        return merged, [[rng.integers(0, 256, (2, 32, 32, 3)).astype(np.uint8)]]
    return build


def _extracted():
    """onnx.utils.extract_model: the YOLO-style export cut at its FPN (the input to the last
    1x1 head conv and the SPPF's output), as users cut a backbone out of a detector."""
    def build():
        import onnx
        model, sets = _torch(_yoloish, _normal([(2, 3, 32, 32)]), False, 17, {"x0": {0: "batch"}})()
        convs = [n for n in model.graph.node if n.op_type == "Conv"]
        outs = [convs[-1].input[0], convs[-3].output[0]]
        with tempfile.TemporaryDirectory() as d:
            src, dst = os.path.join(d, "full.onnx"), os.path.join(d, "part.onnx")
            onnx.save(model, src)
            onnx.utils.extract_model(src, dst, [model.graph.input[0].name], outs)
            return onnx.load(dst), sets
    return build


def _same_padded_tf_style():
    """A tf2onnx-style NHWC graph with a run-time image size: Transpose to NCHW, SAME_UPPER
    strided Convs, a SAME_LOWER MaxPool, a SAME AveragePool, Transpose back."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(47)
        w1 = numpy_helper.from_array((rng.standard_normal((6, 3, 3, 3)) * 0.4).astype(np.float32), "w1")
        w2 = numpy_helper.from_array((rng.standard_normal((4, 6, 5, 5)) * 0.2).astype(np.float32), "w2")
        nodes = [helper.make_node("Transpose", ["x"], ["t"], perm=[0, 3, 1, 2]),
                 helper.make_node("Conv", ["t", "w1"], ["c1"], strides=[2, 2], auto_pad="SAME_UPPER"),
                 helper.make_node("Relu", ["c1"], ["r1"]),
                 helper.make_node("MaxPool", ["r1"], ["p1"], kernel_shape=[2, 3], strides=[2, 2], auto_pad="SAME_LOWER"),
                 helper.make_node("Conv", ["p1", "w2"], ["c2"], auto_pad="SAME_UPPER"),
                 helper.make_node("AveragePool", ["c2"], ["p2"], kernel_shape=[3, 3], strides=[2, 2],
                                  auto_pad="SAME_UPPER"),
                 helper.make_node("Transpose", ["p2"], ["y"], perm=[0, 2, 3, 1])]
        graph = helper.make_graph(nodes, "tf_style", [_vi("x", T.FLOAT, ["N", "H", "W", 3])], [_vi("y", T.FLOAT, None)],
                                  [w1, w2])
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
        sets = [[rng.standard_normal(s).astype(np.float32)] for s in ((1, 17, 23, 3), (2, 32, 12, 3))]
        return model, sets
    return build


# ------------------------------------------------------------------------------ the set

def _specs():
    img = _normal([(2, 3, 32, 32)])
    img_b = _normal([(2, 3, 32, 32)], [(3, 3, 32, 32)])
    batch = {"x0": {0: "batch"}}
    text_sets = (lambda rng: [[_ids(rng, 3, 9, 40)], [_ids(rng, 2, 5, 40)]])
    specs = []
    for dynamo, opset in ((False, 13), (True, 18), (False, 20)):
        specs.append(Spec(f"users_mobilenetv3_{_tag(dynamo, opset)}", _torch(_mobilenetv3, img, dynamo, opset)))
    specs.append(Spec("users_mobilenetv3_dynamic_batch_dynamo_opset20",
                      _torch(_mobilenetv3, img_b, True, 20, batch)))
    for dynamo, opset in ((True, 18), (False, 17)):
        specs.append(Spec(f"users_detr_{_tag(dynamo, opset)}",
                          _torch(_detrish, _normal([(2, 3, 32, 32)]), dynamo, opset, no_fastpath=True)))
    for dynamo, opset in ((False, 14), (True, 18)):
        specs.append(Spec(f"users_seq2seq_{_tag(dynamo, opset)}",
                          _torch(_seq2seq, lambda rng: [[rng.integers(0, 30, (3, 7)).astype(np.int64)]],
                                 dynamo, opset)))
    conf_sets = _normal([(2, 13, 10)], [(3, 6, 10)])
    time_axes = {"x0": {0: "batch", 1: "time"}}
    specs += [Spec("users_conformer_dynamic_dynamo_opset18", _torch(_conformer, conf_sets, True, 18, time_axes)),
              Spec("users_conformer_dynamic_dynamo_opset22", _torch(_conformer, conf_sets, True, 22, time_axes)),
              Spec("users_conformer_torchscript_opset17",
                   _torch(_conformer, _normal([(2, 13, 10)]), False, 17, no_fastpath=True))]
    for dynamo, opset in ((False, 11), (False, 13), (True, 18), (True, 20)):
        specs.append(Spec(f"users_yolo_dynamic_batch_{_tag(dynamo, opset)}", _torch(_yoloish, img_b, dynamo, opset, batch)))
    for dynamo, opset in ((False, 16), (True, 20)):
        specs.append(Spec(f"users_vit_dynamic_batch_{_tag(dynamo, opset)}", _torch(_vit_manual, _normal(
            [(2, 3, 16, 16)], [(4, 3, 16, 16)]), dynamo, opset, batch)))
    for dynamo, opset in ((False, 17), (True, 18)):
        specs.append(Spec(f"users_swin_window_{_tag(dynamo, opset)}",
                          _torch(_swinish, _normal([(2, 3, 16, 16)]), dynamo, opset)))
    text_axes = {"x0": {0: "batch", 1: "seq"}}
    for dynamo, opset in ((False, 17), (True, 18)):
        specs.append(Spec(f"users_masked_text_dynamic_{_tag(dynamo, opset)}",
                          _torch(_masked_text, text_sets, dynamo, opset, text_axes)))
    specs += [
        Spec("users_old_opset11_graph", lambda: _old_opset_graph(11)),
        Spec("users_old_opset11_graph_converted_to_17", _converted(11, 17)),
        Spec("users_old_opset12_graph_converted_to_19", _converted(12, 19)),
        Spec("users_local_function_mixed_domains", _mixed_domains()),
        Spec("users_sparse_weights_uint8_preprocess_dynamic_hw", _sparse_and_preprocess()),
        Spec("users_external_per_tensor_files", _external("per_tensor")),
        Spec("users_external_subfolder", _external("subfolder")),
        Spec("users_external_loaded_modelproto", _external("loaded")),
        Spec("users_ort_extended_mobilenetv3", _ort_optimized(_torch(_mobilenetv3, img, True, 18))),
        Spec("users_ort_extended_detr", _ort_optimized(_torch(_detrish, _normal([(2, 3, 32, 32)]), False, 17,
                                                              no_fastpath=True))),
        Spec("users_ort_extended_conformer_dynamic",
             _ort_optimized(_torch(_conformer, conf_sets, True, 18, time_axes))),
        Spec("users_ort_extended_yolo", _ort_optimized(_torch(_yoloish, img_b, False, 13, batch))),
        Spec("users_ort_extended_vit", _ort_optimized(_torch(_vit_manual, _normal([(2, 3, 16, 16)]), True, 18))),
    ]
    quant = [
        ("users_quantize_dynamic_seq2seq_lstm",
         _quantized(_torch(_seq2seq, lambda rng: [[rng.integers(0, 30, (3, 7)).astype(np.int64)]], False, 14),
                    "dynamic", weight_type="QInt8")),
        ("users_quantize_dynamic_conformer_conv",
         _quantized(_torch(_conformer, _normal([(2, 13, 10)]), False, 17, no_fastpath=True), "dynamic",
                    weight_type="QUInt8", op_types_to_quantize=["MatMul", "Conv", "Gemm"])),
        ("users_quantize_static_qop_mobilenetv3",
         _quantized(_torch(_mobilenetv3, img, False, 17), "qop", activation_type="QUInt8",
                    weight_type="QUInt8")),
        ("users_quantize_static_qdq_yolo_per_channel",
         _quantized(_torch(_yoloish, img, False, 13), "qdq", activation_type="QUInt8",
                    weight_type="QInt8", per_channel=True)),
        ("users_quantize_static_qdq_vit_int8_symmetric",
         _quantized(_torch(_vit_manual, _normal([(2, 3, 16, 16)]), False, 16), "qdq",
                    activation_type="QInt8", weight_type="QInt8",
                    extra_options={"ActivationSymmetric": True})),
    ]
    # integer arithmetic between the (de)quantizations: onnxruntime's values to float rounding,
    # an 8-bit step where a float op between Q / DQ pairs lands next to a rounding boundary
    specs += [Spec(n, b, rtol=1e-3, atol=1e-3) for n, b in quant]
    specs += _second_batch()
    specs += _third_batch()
    for s in specs:
        s.slow = True           # all with SHLO_ONNX_LIGHT=1 / tools/onnx_heldout.py -k ^users_
    return specs



def _second_batch():
    wave = _normal([(2, 800)], [(3, 1200)])
    diff = (lambda rng: [[rng.standard_normal((2, 16, 8, 8)).astype(np.float32),
                          rng.uniform(0, 999, 2).astype(np.float32),
                          rng.standard_normal((2, 5, 12)).astype(np.float32)]])
    mix = (lambda rng: [[rng.standard_normal((2, 3, 8, 8)).astype(np.float32),
                         rng.integers(0, 6, (2, 4)).astype(np.int64)]])

    def kv_sets(rng):
        return [[rng.integers(0, 50, (2, 3)).astype(np.int64), rng.standard_normal((2, 2, 5, 8)).astype(np.float32),
                 rng.standard_normal((2, 2, 5, 8)).astype(np.float32)],
                [rng.integers(0, 50, (1, 1)).astype(np.int64), rng.standard_normal((1, 2, 9, 8)).astype(np.float32),
                 rng.standard_normal((1, 2, 9, 8)).astype(np.float32)]]
    kv_axes = {"x0": {0: "batch", 1: "seq"}, "x1": {0: "batch", 2: "past"}, "x2": {0: "batch", 2: "past"}}
    conf_sets = _normal([(2, 13, 10)], [(3, 6, 10)])
    time_axes = {"x0": {0: "batch", 1: "time"}}
    return [
        Spec("users_logmel_stft_dynamic_dynamo_opset18", _torch(_logmel, wave, True, 18, {"x0": {0: "b", 1: "t"}})),
        Spec("users_logmel_stft_torchscript_opset17", _torch(_logmel, _normal([(2, 800)]), False, 17)),
        Spec("users_diffusion_block_dynamo_opset18", _torch(_diffusion_block, diff, True, 18), rtol=1e-3, atol=1e-4),
        Spec("users_diffusion_block_torchscript_opset17", _torch(lambda: _diffusion_block(False), diff, False, 17),
             rtol=1e-3, atol=1e-4),
        Spec("users_op_mix_dynamo_opset18", _torch(lambda: _op_mix(False), mix, True, 18)),
        Spec("users_op_mix_torchscript_opset17", _torch(_op_mix, mix, False, 17)),
        Spec("users_kv_cache_decoder_dynamic_dynamo_opset18", _torch(_kv_cache_decoder, kv_sets, True, 18, kv_axes)),
        Spec("users_kv_cache_decoder_dynamic_torchscript_opset17",
             _torch(_kv_cache_decoder, kv_sets, False, 17, kv_axes)),
        Spec("users_initializers_as_inputs_torchscript_opset11",
             _initializers_as_inputs(_yoloish, _normal([(2, 3, 32, 32)]), 11)),
        Spec("users_initializers_as_inputs_conformer_opset14",
             _initializers_as_inputs(_conformer, _normal([(2, 13, 10)]), 14)),
        Spec("users_float16_io_float32_conformer",
             _float16(_torch(_conformer, conf_sets, True, 18, time_axes)), rtol=2e-2, atol=5e-3),
        Spec("users_float16_io_float32_mobilenetv3",
             _float16(_torch(_mobilenetv3, _normal([(2, 3, 32, 32)]), False, 17)), rtol=2e-2, atol=5e-3),
        Spec("users_quantize_dynamic_gather_embedding_kv",
             _quantized(_torch(_kv_cache_decoder, kv_sets, False, 17, kv_axes), "dynamic",
                        weight_type="QInt8", op_types_to_quantize=["MatMul", "Gather"]),
             rtol=1e-3, atol=1e-3),
    ]



def _third_batch():
    def kv_sets(rng):
        return [[rng.integers(0, 50, (2, 3)).astype(np.int64), rng.standard_normal((2, 2, 5, 8)).astype(np.float32),
                 rng.standard_normal((2, 2, 5, 8)).astype(np.float32)],
                [rng.integers(0, 50, (1, 1)).astype(np.int64), rng.standard_normal((1, 2, 9, 8)).astype(np.float32),
                 rng.standard_normal((1, 2, 9, 8)).astype(np.float32)]]
    kv_axes = {"x0": {0: "batch", 1: "seq"}, "x1": {0: "batch", 2: "past"}, "x2": {0: "batch", 2: "past"}}
    pts = _normal([(2, 10, 3)], [(3, 7, 3)])

    def graph_sets(rng):
        return [[rng.standard_normal((n, 8)).astype(np.float32), rng.integers(0, n, (2, e)).astype(np.int64)]
                for n, e in ((6, 11), (9, 20))]

    def converge_sets(rng):
        return [[(rng.standard_normal((5, 5)) * 0.3).astype(np.float32), rng.standard_normal((5, 1)).astype(np.float32)],
                [(rng.standard_normal((5, 5)) * 0.1).astype(np.float32), rng.standard_normal((5, 1)).astype(np.float32)]]
    return [
        Spec("users_edgeconv_dynamic_points_dynamo_opset18",
             _torch(_edgeconv, pts, True, 18, {"x0": {0: "batch", 1: "points"}})),
        Spec("users_edgeconv_dynamic_points_torchscript_opset17",
             _torch(_edgeconv, pts, False, 17, {"x0": {0: "batch", 1: "points"}})),
        Spec("users_gnn_dynamic_graph_dynamo_opset18",
             _torch(_gnn, graph_sets, True, 18, {"x0": {0: "nodes"}, "x1": {1: "edges"}})),
        Spec("users_gnn_dynamic_graph_torchscript_opset16",
             _torch(_gnn, graph_sets, False, 16, {"x0": {0: "nodes"}, "x1": {1: "edges"}})),
        Spec("users_scripted_while_converge_torchscript_opset17", _torch(_converge, converge_sets, False, 17)),
        Spec("users_sdpa_kv_cache_dynamic_dynamo_opset23",
             _torch(_sdpa_cache_decoder, kv_sets, True, 23, kv_axes)),
        Spec("users_kv_cache_decoder_dynamic_dynamo_opset24",
             _torch(_kv_cache_decoder, kv_sets, True, 24, kv_axes)),
        Spec("users_onnxscript_function_loop_if", _onnxscript_model()),
        Spec("users_compose_merged_preprocess_mobilenetv3", _composed()),
        Spec("users_extract_model_yolo_fpn", _extracted()),
        Spec("users_quantize_dynamic_lstm_tagger_dynamic",
             _quantized(_torch(_lstm_tagger, lambda rng: [[rng.integers(0, 30, (2, 9)).astype(np.int64)],
                                                          [rng.integers(0, 30, (3, 5)).astype(np.int64)]],
                               False, 17, {"x0": {0: "batch", 1: "seq"}}),
                        "dynamic", weight_type="QInt8", op_types_to_quantize=["LSTM", "MatMul"]),
             rtol=1e-3, atol=1e-3),
        Spec("users_squeezenet_ceil_pools_dynamic_hw_dynamo_opset18",
             _torch(_squeezenetish, _normal([(1, 3, 37, 45)], [(2, 3, 50, 33)]), True, 18,
                    {"x0": {0: "batch", 2: "h", 3: "w"}})),
        Spec("users_squeezenet_ceil_pools_dynamic_hw_torchscript_opset13",
             _torch(_squeezenetish, _normal([(1, 3, 37, 45)], [(2, 3, 50, 33)]), False, 13,
                    {"x0": {0: "batch", 2: "h", 3: "w"}})),
        Spec("users_topk_min_k_dynamic_dynamo_opset18",
             _torch(_topk_head, lambda rng: [[rng.standard_normal((2, 9)).astype(np.float32),
                                              rng.standard_normal((2, 9, 4)).astype(np.float32)],
                                             [rng.standard_normal((3, 3)).astype(np.float32),
                                              rng.standard_normal((3, 3, 4)).astype(np.float32)]],
                    True, 18, {"x0": {0: "b", 1: "n"}, "x1": {0: "b", 1: "n"}})),
        Spec("users_tf_style_same_padding_dynamic_hw", _same_padded_tf_style()),
        Spec("users_chunk_dynamic_time_torchscript_opset17",
             _torch(_chunked_gate, _normal([(2, 8, 6)], [(3, 5, 6)]), False, 17, {"x0": {0: "b", 1: "t"}})),
        Spec("users_spatial_transformer_dynamic_batch_dynamo_opset20",
             _torch(_spatial_transformer, _normal([(2, 1, 16, 16)], [(3, 1, 16, 16)]), True, 20,
                    {"x0": {0: "batch"}})),
    ]


SPECS = _specs()
