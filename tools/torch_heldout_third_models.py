"""A third held-out-style set for tools/torch_heldout.py (names start with `third_`), written apart
from the first two the way outside users write these architectures: MobileViT, a BERT encoder with
token types and a padding mask, a masked bidirectional GRU, DenseNet, ResNeXt, Conv-TasNet, HRNet
fusion, PixelCNN masked convolutions, AdaIN style transfer, NeRF volume rendering, a CRF Viterbi
decode, linear and retention attention, ViT position-embedding resizing, DCN-v2 cross layers, a
mixture density head, a dense GCN, a point transformer's kNN gather, BiFPN weighted fusion,
CoordConv and a temporal shift module. Random weights, nothing downloaded; most take a dynamic
batch, length or image size."""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import nn
from torch.export import Dim

from torch_heldout_models import Case

CASES = {}


def case(fn):
    CASES["third_" + fn.__name__] = fn
    return fn


def _batch(max_=32):
    return Dim("batch", min=1, max=max_)


# -- MobileViT block: local conv, unfold into patches by reshape, transformer, fold back -------------
class MobileViTBlock(nn.Module):
    def __init__(self, c=8, d=16, patch=2):
        super().__init__()
        self.p = patch
        self.local = nn.Sequential(nn.Conv2d(c, c, 3, padding=1), nn.BatchNorm2d(c), nn.SiLU(), nn.Conv2d(c, d, 1))
        self.tr = nn.TransformerEncoderLayer(d, 2, 32, dropout=0.0, batch_first=True, activation="gelu")
        self.proj = nn.Conv2d(d, c, 1)
        self.fuse = nn.Conv2d(2 * c, c, 3, padding=1)

    def forward(self, x):
        b, _, h, w = x.shape
        y = self.local(x)
        d, p = y.shape[1], self.p
        nh, nw = h // p, w // p
        # (B, d, nh, p, nw, p) -> (B * p * p, nh * nw, d): attention across patches per pixel offset
        t = y.reshape(b, d, nh, p, nw, p).permute(0, 3, 5, 2, 4, 1).reshape(b * p * p, nh * nw, d)
        t = self.tr(t)
        y = t.reshape(b, p, p, nh, nw, d).permute(0, 5, 3, 1, 4, 2).reshape(b, d, h, w)
        return self.fuse(torch.cat([x, self.proj(y)], 1))


@case
def mobilevit_block_dynamic_batch():
    torch.manual_seed(301)
    m = MobileViTBlock()
    return Case(m, [(torch.randn(2, 8, 8, 12),), (torch.randn(3, 8, 8, 12),)], dynamic_shapes=({0: _batch()},))


# -- BERT encoder written by hand: word + position + token_type embeddings, extended mask ------------
class BertLayer(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.h, self.dh = heads, d // heads
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)
        self.ln1, self.ln2 = nn.LayerNorm(d, eps=1e-12), nn.LayerNorm(d, eps=1e-12)
        self.ff = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(approximate="tanh"), nn.Linear(4 * d, d))

    def forward(self, x, ext_mask):
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.h, self.dh).permute(2, 0, 3, 1, 4)
        s = q @ k.transpose(-1, -2) / math.sqrt(self.dh) + ext_mask
        a = (s.softmax(-1) @ v).transpose(1, 2).reshape(b, n, d)
        x = self.ln1(x + self.o(a))
        return self.ln2(x + self.ff(x))


class Bert(nn.Module):
    def __init__(self, vocab=50, d=32, heads=4, layers=2, max_pos=64):
        super().__init__()
        self.word = nn.Embedding(vocab, d, padding_idx=0)
        self.pos = nn.Embedding(max_pos, d)
        self.tok = nn.Embedding(2, d)
        self.ln = nn.LayerNorm(d, eps=1e-12)
        self.layers = nn.ModuleList(BertLayer(d, heads) for _ in range(layers))
        self.pool = nn.Linear(d, d)
        self.register_buffer("position_ids", torch.arange(max_pos).unsqueeze(0), persistent=False)

    def forward(self, input_ids, token_type_ids, attention_mask):
        n = input_ids.shape[1]
        x = self.word(input_ids) + self.tok(token_type_ids) + self.pos(self.position_ids[:, :n])
        x = self.ln(x)
        ext = (1.0 - attention_mask[:, None, None, :].to(x.dtype)) * torch.finfo(x.dtype).min
        for layer in self.layers:
            x = layer(x, ext)
        return x, torch.tanh(self.pool(x[:, 0]))


def _bert_inputs(b, n, g):
    ids = torch.randint(1, 50, (b, n), generator=g)
    lengths = torch.randint(n // 2, n + 1, (b,), generator=g)
    mask = (torch.arange(n)[None] < lengths[:, None]).long()
    ids = ids * mask
    split = torch.randint(1, n // 2 + 1, (b, 1), generator=g)
    types = (torch.arange(n)[None] >= split).long() * mask
    return ids, types, mask


@case
def bert_token_types_padding_mask_dynamic():
    torch.manual_seed(302)
    g = torch.Generator().manual_seed(302)
    b, n = _batch(), Dim("seq", min=2, max=64)
    return Case(Bert(), [_bert_inputs(2, 9, g), _bert_inputs(4, 16, g)],
                dynamic_shapes=({0: b, 1: n}, {0: b, 1: n}, {0: b, 1: n}))


# -- bidirectional GRU over padded batches without pack_padded: masks and per-row reversal -----------
class MaskedBiGRU(nn.Module):
    def __init__(self, d_in=6, d=8, classes=4):
        super().__init__()
        self.fw, self.bw = nn.GRUCell(d_in, d), nn.GRUCell(d_in, d)
        self.out = nn.Linear(2 * d, classes)
        self.d = d

    @staticmethod
    def reverse_padded(x, lengths):
        # row i: x[i, L_i - 1 - t] for t < L_i, padding stays where it is
        t = torch.arange(x.shape[1])[None]
        idx = torch.where(t < lengths[:, None], lengths[:, None] - 1 - t, t)
        return x.gather(1, idx[:, :, None].expand(-1, -1, x.shape[2]))

    def run(self, cell, x, mask):
        h = x.new_zeros(x.shape[0], self.d)
        outs = []
        for t in range(x.shape[1]):
            h_new = cell(x[:, t], h)
            m = mask[:, t, None]
            h = torch.where(m, h_new, h)            # padded steps keep the last state
            outs.append(h_new * m)
        return torch.stack(outs, 1), h

    def forward(self, x, lengths):
        mask = torch.arange(x.shape[1])[None] < lengths[:, None]
        of, hf = self.run(self.fw, x, mask)
        ob, hb = self.run(self.bw, self.reverse_padded(x, lengths), mask)
        ob = self.reverse_padded(ob, lengths)
        return self.out(torch.cat([of, ob], -1)), torch.cat([hf, hb], -1)


@case
def masked_bigru_lengths_dynamic_batch():
    torch.manual_seed(303)
    sets = [(torch.randn(3, 7, 6), torch.tensor([7, 4, 1])), (torch.randn(5, 7, 6), torch.tensor([2, 7, 5, 3, 6]))]
    b = _batch()
    return Case(MaskedBiGRU(), sets, dynamic_shapes=({0: b}, {0: b}))


# -- DenseNet: dense blocks with concatenated growth, transition with avg pool ----------------------
class DenseLayer(nn.Module):
    def __init__(self, cin, growth):
        super().__init__()
        self.f = nn.Sequential(nn.BatchNorm2d(cin), nn.ReLU(), nn.Conv2d(cin, 4 * growth, 1, bias=False),
                               nn.BatchNorm2d(4 * growth), nn.ReLU(), nn.Conv2d(4 * growth, growth, 3, padding=1,
                                                                                bias=False))

    def forward(self, feats):
        return self.f(torch.cat(feats, 1))


class DenseNet(nn.Module):
    def __init__(self, growth=4, layers=3, classes=5):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, padding=1)
        c = 8
        self.block = nn.ModuleList()
        for _ in range(layers):
            self.block.append(DenseLayer(c, growth))
            c += growth
        self.trans = nn.Sequential(nn.BatchNorm2d(c), nn.ReLU(), nn.Conv2d(c, c // 2, 1), nn.AvgPool2d(2, 2))
        self.head = nn.Linear(c // 2, classes)

    def forward(self, x):
        feats = [self.stem(x)]
        for layer in self.block:
            feats.append(layer(feats))
        y = self.trans(torch.cat(feats, 1))
        return self.head(F.adaptive_avg_pool2d(y, 1).flatten(1))


def _random_bn(m):
    for mod in m.modules():
        if isinstance(mod, nn.BatchNorm2d):
            mod.running_mean.uniform_(-0.5, 0.5)
            mod.running_var.uniform_(0.5, 1.5)
    return m


@case
def densenet_block_dynamic_image():
    torch.manual_seed(304)
    h, w = Dim("h2", min=2, max=32), Dim("w2", min=2, max=32)
    return Case(_random_bn(DenseNet()), [(torch.randn(2, 3, 8, 10),), (torch.randn(2, 3, 12, 6),)],
                dynamic_shapes=({2: 2 * h, 3: 2 * w},))


# -- ResNeXt bottleneck: grouped 3x3 convolution (cardinality) with squeeze-excitation -------------------
class ResNeXtBlock(nn.Module):
    def __init__(self, cin=16, width=16, groups=4, stride=2):
        super().__init__()
        self.a = nn.Sequential(nn.Conv2d(cin, width, 1, bias=False), nn.BatchNorm2d(width), nn.ReLU(inplace=True))
        self.b = nn.Sequential(nn.Conv2d(width, width, 3, stride, 1, groups=groups, bias=False), nn.BatchNorm2d(width),
                               nn.ReLU(inplace=True))
        self.c = nn.Sequential(nn.Conv2d(width, 2 * cin, 1, bias=False), nn.BatchNorm2d(2 * cin))
        self.se = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Conv2d(2 * cin, cin // 4, 1), nn.ReLU(),
                                nn.Conv2d(cin // 4, 2 * cin, 1), nn.Sigmoid())
        self.down = nn.Sequential(nn.Conv2d(cin, 2 * cin, 1, stride, bias=False), nn.BatchNorm2d(2 * cin))

    def forward(self, x):
        y = self.c(self.b(self.a(x)))
        return F.relu(y * self.se(y) + self.down(x))


@case
def resnext_grouped_se_dynamic():
    torch.manual_seed(305)
    b, h, w = _batch(), Dim("h", min=4, max=64), Dim("w", min=4, max=64)
    return Case(_random_bn(ResNeXtBlock()), [(torch.randn(2, 16, 9, 12),), (torch.randn(1, 16, 16, 7),)],
                dynamic_shapes=({0: b, 2: h, 3: w},))


# -- Conv-TasNet: encoder conv, TCN of depthwise convs with PReLU + global layer norm, masks -----------
class GlobalLayerNorm(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.g, self.b = nn.Parameter(torch.ones(1, c, 1)), nn.Parameter(torch.zeros(1, c, 1))

    def forward(self, x):
        mean = x.mean(dim=(1, 2), keepdim=True)
        var = ((x - mean) ** 2).mean(dim=(1, 2), keepdim=True)
        return self.g * (x - mean) / torch.sqrt(var + 1e-8) + self.b


class TCNBlock(nn.Module):
    def __init__(self, c, h, dilation):
        super().__init__()
        self.inp = nn.Conv1d(c, h, 1)
        self.p1, self.n1 = nn.PReLU(), GlobalLayerNorm(h)
        self.dw = nn.Conv1d(h, h, 3, padding=dilation, dilation=dilation, groups=h)
        self.p2, self.n2 = nn.PReLU(), GlobalLayerNorm(h)
        self.res, self.skip = nn.Conv1d(h, c, 1), nn.Conv1d(h, c, 1)

    def forward(self, x):
        y = self.n2(self.p2(self.dw(self.n1(self.p1(self.inp(x))))))
        return x + self.res(y), self.skip(y)


class ConvTasNet(nn.Module):
    def __init__(self, n=16, c=8, h=16, speakers=2, kernel=8):
        super().__init__()
        self.spk = speakers
        self.enc = nn.Conv1d(1, n, kernel, stride=kernel // 2, bias=False)
        self.bottleneck = nn.Conv1d(n, c, 1)
        self.blocks = nn.ModuleList(TCNBlock(c, h, 2 ** i) for i in range(3))
        self.mask = nn.Conv1d(c, speakers * n, 1)
        self.dec = nn.ConvTranspose1d(n, 1, kernel, stride=kernel // 2, bias=False)

    def forward(self, wav):                  # (B, T)
        w = F.relu(self.enc(wav.unsqueeze(1)))
        x, skips = self.bottleneck(w), 0
        for blk in self.blocks:
            x, s = blk(x)
            skips = skips + s
        m = torch.sigmoid(self.mask(F.prelu(skips, torch.tensor([0.25])))).view(wav.shape[0], self.spk, w.shape[1], -1)
        est = (w.unsqueeze(1) * m).flatten(0, 1)
        return self.dec(est).view(wav.shape[0], self.spk, -1)


@case
def conv_tasnet_dynamic_length():
    torch.manual_seed(306)
    t = Dim("frames", min=2, max=500)
    return Case(ConvTasNet(), [(torch.randn(2, 84),), (torch.randn(2, 200),)], dynamic_shapes=({1: 4 * t + 4},))


# -- HRNet fusion: branches at three resolutions exchanging by strided convs and bilinear upsampling ---
class HRFuse(nn.Module):
    def __init__(self, cs=(8, 16, 32)):
        super().__init__()
        self.cs = cs
        self.stem = nn.Conv2d(3, cs[0], 3, padding=1)
        self.down = nn.ModuleList([nn.Conv2d(cs[0], cs[1], 3, 2, 1), nn.Conv2d(cs[1], cs[2], 3, 2, 1)])
        self.lat = nn.ModuleDict({f"{i}{j}": nn.Conv2d(cs[j], cs[i], 1) for i in range(3) for j in range(3) if j > i})
        self.dn = nn.ModuleDict({f"{i}{j}": nn.Conv2d(cs[j], cs[i], 3, 2 ** (i - j), 1) for i in range(3)
                                 for j in range(3) if j < i})

    def forward(self, x):
        b0 = F.relu(self.stem(x))
        b1 = F.relu(self.down[0](b0))
        b2 = F.relu(self.down[1](b1))
        bs = [b0, b1, b2]
        out = []
        for i in range(3):
            acc = bs[i]
            for j in range(3):
                if j > i:
                    acc = acc + F.interpolate(self.lat[f"{i}{j}"](bs[j]), size=bs[i].shape[-2:], mode="bilinear",
                                              align_corners=True)
                elif j < i:
                    acc = acc + self.dn[f"{i}{j}"](bs[j])
            out.append(F.relu(acc))
        return out


@case
def hrnet_multires_fusion_dynamic_image():
    torch.manual_seed(307)
    h, w = Dim("h4", min=1, max=16), Dim("w4", min=1, max=16)
    return Case(HRFuse(), [(torch.randn(1, 3, 16, 12),), (torch.randn(1, 3, 8, 20),)],
                dynamic_shapes=({2: 4 * h, 3: 4 * w},))


# -- PixelCNN: masked convolutions (mask A / B as buffers), gated activation ---------------------------
class MaskedConv2d(nn.Conv2d):
    def __init__(self, kind, *args, **kwargs):
        super().__init__(*args, **kwargs)
        kh, kw = self.kernel_size
        mask = torch.ones_like(self.weight)
        mask[:, :, kh // 2, kw // 2 + (kind == "B"):] = 0
        mask[:, :, kh // 2 + 1:] = 0
        self.register_buffer("mask", mask)

    def forward(self, x):
        return F.conv2d(x, self.weight * self.mask, self.bias, self.stride, self.padding)


class PixelCNN(nn.Module):
    def __init__(self, c=8, levels=4):
        super().__init__()
        self.a = MaskedConv2d("A", 1, 2 * c, 5, padding=2)
        self.bs = nn.ModuleList(MaskedConv2d("B", c, 2 * c, 3, padding=1) for _ in range(2))
        self.out = nn.Conv2d(c, levels, 1)

    @staticmethod
    def gate(y):
        a, b = y.chunk(2, 1)
        return torch.tanh(a) * torch.sigmoid(b)

    def forward(self, x):
        h = self.gate(self.a(x))
        for conv in self.bs:
            h = h + self.gate(conv(h))
        return F.log_softmax(self.out(h), 1)


@case
def pixelcnn_masked_gated_dynamic():
    torch.manual_seed(308)
    b, h, w = _batch(), Dim("h", min=3, max=32), Dim("w", min=3, max=32)
    return Case(PixelCNN(), [(torch.rand(2, 1, 7, 7),), (torch.rand(3, 1, 5, 9),)], dynamic_shapes=({0: b, 2: h, 3: w},))


# -- AdaIN style transfer: instance statistics of content and style, reflect pad, nearest upsampling ----
def adain(content, style, eps=1e-5):
    b, c = content.shape[:2]
    cm = content.view(b, c, -1).mean(-1).view(b, c, 1, 1)
    cs = (content.view(b, c, -1).var(-1) + eps).sqrt().view(b, c, 1, 1)
    sm = style.view(b, c, -1).mean(-1).view(b, c, 1, 1)
    ss = (style.view(b, c, -1).var(-1) + eps).sqrt().view(b, c, 1, 1)
    return (content - cm) / cs * ss + sm


class StyleNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(3, 8, 3), nn.ReLU(), nn.MaxPool2d(2),
                                 nn.ReflectionPad2d(1), nn.Conv2d(8, 16, 3), nn.ReLU())
        self.dec = nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(16, 8, 3), nn.ReLU(),
                                 nn.Upsample(scale_factor=2, mode="nearest"), nn.ReflectionPad2d(1), nn.Conv2d(8, 3, 3))
        self.inorm = nn.InstanceNorm2d(3, affine=True)

    def forward(self, content, style, alpha: float = 0.7):
        fc, fs = self.enc(content), self.enc(style)
        t = alpha * adain(fc, fs) + (1 - alpha) * fc
        return self.inorm(self.dec(t))


@case
def adain_style_transfer_dynamic_image():
    torch.manual_seed(309)
    h, w = Dim("h2", min=2, max=32), Dim("w2", min=2, max=32)
    sh, sw = Dim("sh2", min=2, max=32), Dim("sw2", min=2, max=32)
    return Case(StyleNet(), [(torch.rand(1, 3, 12, 16), torch.rand(1, 3, 8, 8)),
                             (torch.rand(1, 3, 10, 6), torch.rand(1, 3, 14, 10))],
                dynamic_shapes=({2: 2 * h, 3: 2 * w}, {2: 2 * sh, 3: 2 * sw}))


# -- NeRF: positional encoding, MLP with a skip, volume rendering with an exclusive cumprod ------------
class TinyNeRF(nn.Module):
    def __init__(self, freqs=4, d=32):
        super().__init__()
        self.register_buffer("bands", 2.0 ** torch.arange(freqs) * math.pi)
        din = 3 + 3 * 2 * freqs
        self.l1, self.l2 = nn.Linear(din, d), nn.Linear(d, d)
        self.l3 = nn.Linear(d + din, d)
        self.sigma, self.rgb = nn.Linear(d, 1), nn.Linear(d, 3)

    def encode(self, p):
        x = p[..., None] * self.bands                       # (..., 3, F)
        return torch.cat([p, torch.sin(x).flatten(-2), torch.cos(x).flatten(-2)], -1)

    def forward(self, origins, dirs, t_vals):
        pts = origins[:, None] + dirs[:, None] * t_vals[None, :, None]      # (R, S, 3)
        e = self.encode(pts)
        h = F.relu(self.l2(F.relu(self.l1(e))))
        h = F.relu(self.l3(torch.cat([h, e], -1)))
        sigma, rgb = F.softplus(self.sigma(h)).squeeze(-1), torch.sigmoid(self.rgb(h))
        delta = torch.cat([t_vals[1:] - t_vals[:-1], torch.full((1,), 1e10)])
        alpha = 1 - torch.exp(-sigma * delta * dirs.norm(dim=-1, keepdim=True))
        trans = torch.cumprod(torch.cat([torch.ones_like(alpha[:, :1]), 1 - alpha + 1e-10], -1), -1)[:, :-1]
        wts = alpha * trans
        return (wts[..., None] * rgb).sum(1), (wts * t_vals).sum(-1), wts.sum(-1)


@case
def nerf_volume_render_dynamic_rays():
    torch.manual_seed(310)
    r = Dim("rays", min=1, max=4096)
    t = torch.linspace(2.0, 6.0, 12)
    return Case(TinyNeRF(), [(torch.randn(5, 3), torch.randn(5, 3), t), (torch.randn(17, 3), torch.randn(17, 3), t)],
                dynamic_shapes=({0: r}, {0: r}, None), rtol=1e-3, atol=1e-4)


# -- CRF Viterbi decode: max over previous tags per step, backtrack through saved argmaxes -------------
class CRFTagger(nn.Module):
    def __init__(self, vocab=30, d=12, tags=5):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.lstm = nn.LSTM(d, d, batch_first=True, bidirectional=True)
        self.emit = nn.Linear(2 * d, tags)
        self.trans = nn.Parameter(torch.randn(tags, tags))
        self.start, self.end = nn.Parameter(torch.randn(tags)), nn.Parameter(torch.randn(tags))

    def forward(self, tokens):
        e = self.emit(self.lstm(self.emb(tokens))[0])              # (B, T, K)
        score = self.start + e[:, 0]
        back = []
        for t in range(1, tokens.shape[1]):
            s = score[:, :, None] + self.trans[None] + e[:, t, None, :]
            score, idx = s.max(1)
            back.append(idx)
        score = score + self.end
        best, last = score.max(-1)
        path = [last]
        for idx in reversed(back):
            last = idx.gather(1, last[:, None]).squeeze(1)
            path.append(last)
        return best, torch.stack(path[::-1], 1)


@case
def crf_viterbi_decode_dynamic_batch():
    torch.manual_seed(311)
    return Case(CRFTagger(), [(torch.randint(0, 30, (2, 6)),), (torch.randint(0, 30, (4, 6)),)],
                dynamic_shapes=({0: _batch()},))


# -- causal linear attention (elu + 1 features, cumulative sums) and RetNet-style decayed retention -----
class LinearAndRetention(nn.Module):
    def __init__(self, d=16, heads=2):
        super().__init__()
        self.h, self.dh = heads, d // heads
        self.qkv = nn.Linear(d, 3 * d)
        self.qkv2 = nn.Linear(d, 3 * d)
        self.register_buffer("gamma", 1 - 2.0 ** (-5 - torch.arange(heads, dtype=torch.float32)))
        self.out = nn.Linear(2 * d, d)
        self.gn = nn.GroupNorm(heads, d)

    def split(self, x, proj):
        b, n, _ = x.shape
        return proj(x).view(b, n, 3, self.h, self.dh).permute(2, 0, 3, 1, 4)

    def forward(self, x):
        b, n, d = x.shape
        q, k, v = self.split(x, self.qkv)
        q, k = F.elu(q) + 1, F.elu(k) + 1
        kv = torch.cumsum(k[..., :, None] * v[..., None, :], dim=2)          # (B, H, N, dh, dh)
        z = torch.cumsum(k, dim=2)
        lin = (q[..., None, :] @ kv).squeeze(-2) / ((q * z).sum(-1, keepdim=True) + 1e-6)
        q2, k2, v2 = self.split(x, self.qkv2)
        i = torch.arange(n, dtype=torch.float32)
        diff = i[:, None] - i[None, :]
        decay = torch.where(diff >= 0, self.gamma[:, None, None] ** diff.clamp(min=0), torch.zeros(()))
        ret = (q2 @ k2.transpose(-1, -2) * decay) @ v2
        ret = self.gn(ret.transpose(1, 2).reshape(b * n, d)).view(b, n, d)
        return self.out(torch.cat([lin.transpose(1, 2).reshape(b, n, d), ret], -1))


@case
def linear_attention_retention_dynamic_length():
    torch.manual_seed(312)
    n = Dim("n", min=2, max=128)
    return Case(LinearAndRetention(), [(torch.randn(2, 7, 16),), (torch.randn(2, 19, 16),)],
                dynamic_shapes=({1: n},), rtol=1e-3, atol=1e-4)


# -- ViT at any image size: bicubic resizing of the learned position grid to the patch grid -----------
class ResizablePosViT(nn.Module):
    def __init__(self, d=24, patch=4, grid=4):
        super().__init__()
        self.p, self.grid = patch, grid
        self.embed = nn.Conv2d(3, d, patch, patch)
        self.cls = nn.Parameter(torch.randn(1, 1, d) * 0.02)
        self.pos = nn.Parameter(torch.randn(1, 1 + grid * grid, d) * 0.5)
        self.enc = nn.TransformerEncoderLayer(d, 3, 48, dropout=0.0, batch_first=True, norm_first=True)
        self.head = nn.Linear(d, 3)

    def forward(self, img):
        x = self.embed(img)
        b, d, gh, gw = x.shape
        grid = self.pos[:, 1:].reshape(1, self.grid, self.grid, d).permute(0, 3, 1, 2)
        grid = F.interpolate(grid, size=(gh, gw), mode="bicubic", align_corners=False)
        pos = torch.cat([self.pos[:, :1], grid.flatten(2).transpose(1, 2)], 1)
        x = torch.cat([self.cls.expand(b, -1, -1), x.flatten(2).transpose(1, 2)], 1) + pos
        return self.head(self.enc(x)[:, 0])


@case
def vit_interpolated_pos_embed_dynamic_image():
    torch.manual_seed(313)
    h, w = Dim("gh", min=1, max=16), Dim("gw", min=1, max=16)
    return Case(ResizablePosViT(), [(torch.randn(2, 3, 16, 16),), (torch.randn(2, 3, 24, 12),)],
                dynamic_shapes=({2: 4 * h, 3: 4 * w},), rtol=1e-3, atol=1e-4)


# -- DCN-v2: categorical field embeddings + dense features, cross layers x0 * (W x + b) + x -------------
class DCNv2(nn.Module):
    def __init__(self, cards=(7, 11, 5), d=4, dense=3, layers=2):
        super().__init__()
        self.embs = nn.ModuleList(nn.Embedding(c, d) for c in cards)
        width = d * len(cards) + dense
        self.cross = nn.ModuleList(nn.Linear(width, width) for _ in range(layers))
        self.deep = nn.Sequential(nn.Linear(width, 16), nn.ReLU(), nn.Linear(16, 8), nn.ReLU())
        self.out = nn.Linear(width + 8, 1)

    def forward(self, cats, dense):
        x0 = torch.cat([emb(cats[:, i]) for i, emb in enumerate(self.embs)] + [torch.log1p(dense.clamp(min=0))], 1)
        x = x0
        for layer in self.cross:
            x = x0 * layer(x) + x
        return torch.sigmoid(self.out(torch.cat([x, self.deep(x0)], 1))).squeeze(1)


@case
def dcn_v2_cross_tabular_dynamic_batch():
    torch.manual_seed(314)

    def inputs(b):
        cats = torch.stack([torch.randint(0, c, (b,)) for c in (7, 11, 5)], 1)
        return cats, torch.rand(b, 3) * 10 - 1
    b = _batch(1024)
    return Case(DCNv2(), [inputs(6), inputs(33)], dynamic_shapes=({0: b}, {0: b}))


# -- mixture density network: mixture weights, means and scales; negative log-likelihood --------------
class MDN(nn.Module):
    def __init__(self, din=4, k=3, dout=2):
        super().__init__()
        self.k, self.dout = k, dout
        self.body = nn.Sequential(nn.Linear(din, 24), nn.Tanh())
        self.pi, self.mu, self.sigma = nn.Linear(24, k), nn.Linear(24, k * dout), nn.Linear(24, k * dout)

    def forward(self, x, y):
        h = self.body(x)
        log_pi = F.log_softmax(self.pi(h), -1)
        mu = self.mu(h).view(-1, self.k, self.dout)
        sigma = F.elu(self.sigma(h)).view(-1, self.k, self.dout) + 1 + 1e-4
        dist = torch.distributions.Normal(mu, sigma, validate_args=False)     # (its checks read values)
        log_prob = dist.log_prob(y[:, None]).sum(-1)
        nll = -torch.logsumexp(log_pi + log_prob, -1)
        mode = mu.gather(1, log_pi.argmax(-1)[:, None, None].expand(-1, 1, self.dout)).squeeze(1)
        return nll.mean(), mode


@case
def mixture_density_head_dynamic_batch():
    torch.manual_seed(315)
    b = _batch(256)
    return Case(MDN(), [(torch.randn(5, 4), torch.randn(5, 2)), (torch.randn(40, 4), torch.randn(40, 2))],
                dynamic_shapes=({0: b}, {0: b}))


# -- dense GCN: symmetric normalization D^-1/2 (A + I) D^-1/2 over a run-time number of nodes ----------
class DenseGCN(nn.Module):
    def __init__(self, din=5, d=12, classes=3):
        super().__init__()
        self.w1, self.w2 = nn.Linear(din, d), nn.Linear(d, classes)

    def forward(self, x, adj):
        a = adj + torch.eye(adj.shape[0])
        dinv = a.sum(1).pow(-0.5)
        dinv = torch.where(torch.isinf(dinv), torch.zeros_like(dinv), dinv)
        norm = dinv[:, None] * a * dinv[None, :]
        h = F.relu(norm @ self.w1(x))
        return F.log_softmax(norm @ self.w2(h), -1)


def _graph(n, g):
    a = (torch.rand(n, n, generator=g) < 0.3).float()
    return torch.randn(n, 5, generator=g), ((a + a.T) > 0).float().fill_diagonal_(0)


@case
def dense_gcn_normalized_adjacency_dynamic_nodes():
    torch.manual_seed(316)
    g = torch.Generator().manual_seed(316)
    n = Dim("nodes", min=2, max=512)
    return Case(DenseGCN(), [_graph(6, g), _graph(23, g)], dynamic_shapes=({0: n}, {0: n, 1: n}))


# -- point transformer layer: kNN by topk over distances, gather neighbours, vector attention ---------
class PointTransformerLayer(nn.Module):
    def __init__(self, d=16, k=4):
        super().__init__()
        self.k = k
        self.q, self.kk, self.v = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, d)
        self.pos = nn.Sequential(nn.Linear(3, d), nn.ReLU(), nn.Linear(d, d))
        self.attn = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, d))

    def forward(self, xyz, feats):                      # (B, N, 3), (B, N, d)
        dist = torch.cdist(xyz, xyz)
        idx = dist.topk(self.k, dim=-1, largest=False).indices            # (B, N, k)
        b, n, d = feats.shape

        def gather(t):
            return t.gather(1, idx.reshape(b, n * self.k, 1).expand(-1, -1, t.shape[-1])).view(b, n, self.k, -1)
        rel = xyz[:, :, None] - gather(xyz)
        pe = self.pos(rel)
        w = self.attn(self.q(feats)[:, :, None] - gather(self.kk(feats)) + pe).softmax(2)
        return (w * (gather(self.v(feats)) + pe)).sum(2)


@case
def point_transformer_knn_dynamic_points():
    torch.manual_seed(317)
    n = Dim("points", min=4, max=25)        # torch's cdist takes another path over 25 points
    # well separated random points, so the neighbour order has no near ties
    return Case(PointTransformerLayer(), [(torch.randn(2, 10, 3), torch.randn(2, 10, 16)),
                                          (torch.randn(2, 25, 3), torch.randn(2, 25, 16))],
                dynamic_shapes=({1: n}, {1: n}), rtol=1e-3, atol=1e-4)


# -- BiFPN: fast normalized weighted fusion of resampled levels ----------------------------------------
class BiFPNNode(nn.Module):
    def __init__(self, c, n_in):
        super().__init__()
        self.w = nn.Parameter(torch.ones(n_in) + torch.rand(n_in))
        self.conv = nn.Sequential(nn.Conv2d(c, c, 3, padding=1, groups=c), nn.Conv2d(c, c, 1), nn.BatchNorm2d(c))

    def forward(self, *xs):
        w = F.relu(self.w)
        w = w / (w.sum() + 1e-4)
        return self.conv(F.silu(sum(wi * x for wi, x in zip(w, xs))))


class BiFPN(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.p4_td, self.p3_out, self.p4_out, self.p5_out = BiFPNNode(c, 2), BiFPNNode(c, 2), BiFPNNode(c, 3), \
            BiFPNNode(c, 2)

    def forward(self, p3, p4, p5):
        p4_td = self.p4_td(p4, F.interpolate(p5, size=p4.shape[-2:], mode="nearest"))
        p3_out = self.p3_out(p3, F.interpolate(p4_td, size=p3.shape[-2:], mode="nearest"))
        p4_out = self.p4_out(p4, p4_td, F.max_pool2d(p3_out, 3, 2, 1))
        p5_out = self.p5_out(p5, F.max_pool2d(p4_out, 3, 2, 1))
        return p3_out, p4_out, p5_out


@case
def bifpn_weighted_fusion_dynamic_image():
    torch.manual_seed(318)
    h, w = Dim("h", min=1, max=16), Dim("w", min=1, max=16)

    def levels(hh, ww):
        return torch.randn(1, 8, 4 * hh, 4 * ww), torch.randn(1, 8, 2 * hh, 2 * ww), torch.randn(1, 8, hh, ww)
    return Case(_random_bn(BiFPN()), [levels(3, 4), levels(2, 5)],
                dynamic_shapes=({2: 4 * h, 3: 4 * w}, {2: 2 * h, 3: 2 * w}, {2: h, 3: w}))


# -- CoordConv: coordinate channels in [-1, 1] appended at the run-time image size -------------------
class CoordConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3 + 2, 8, 3, padding=1)
        self.c2 = nn.Conv2d(8 + 2, 4, 3, padding=1)

    @staticmethod
    def add_coords(x):
        # linspace(-1, 1, h) written with arange: torch.export specializes linspace's step count
        b, _, h, w = x.shape
        ys = (torch.arange(h, dtype=x.dtype) * (2.0 / (h - 1)) - 1).view(1, 1, h, 1).expand(b, 1, h, w)
        xs = (torch.arange(w, dtype=x.dtype) * (2.0 / (w - 1)) - 1).view(1, 1, 1, w).expand(b, 1, h, w)
        return torch.cat([x, ys, xs], 1)

    def forward(self, x):
        return self.c2(self.add_coords(F.gelu(self.c1(self.add_coords(x)))))


@case
def coordconv_linspace_dynamic_image():
    torch.manual_seed(319)
    b, h, w = _batch(), Dim("h", min=2, max=64), Dim("w", min=2, max=64)
    return Case(CoordConvNet(), [(torch.randn(2, 3, 5, 9),), (torch.randn(1, 3, 11, 4),)],
                dynamic_shapes=({0: b, 2: h, 3: w},))


# -- temporal shift module over a video batch (N*T frames), 3-D stem and adaptive 3-D pooling -----------
class TSMNet(nn.Module):
    def __init__(self, t=4, c=8, classes=5):
        super().__init__()
        self.t = t
        self.stem = nn.Conv3d(3, c, (1, 3, 3), padding=(0, 1, 1))
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.pool = nn.MaxPool3d((1, 2, 2))
        self.head = nn.Linear(c, classes)

    def shift(self, x):                                   # (N*T, C, H, W)
        nt, c, h, w = x.shape
        x = x.view(nt // self.t, self.t, c, h, w)
        fold = c // 4
        out = torch.zeros_like(x)
        out[:, :-1, :fold] = x[:, 1:, :fold]                         # shift left in time
        out[:, 1:, fold:2 * fold] = x[:, :-1, fold:2 * fold]         # shift right
        out[:, :, 2 * fold:] = x[:, :, 2 * fold:]
        return out.view(nt, c, h, w)

    def forward(self, video):                             # (N, 3, T, H, W)
        n, _, t, h, w = video.shape
        x = self.pool(F.relu(self.stem(video)))           # (N, C, T, H/2, W/2)
        x = x.transpose(1, 2).flatten(0, 1)
        x = F.relu(x + self.conv(self.shift(x)))
        x = x.view(n, t, *x.shape[1:]).transpose(1, 2)
        return self.head(F.adaptive_avg_pool3d(x, 1).flatten(1))


@case
def temporal_shift_video_dynamic_batch():
    torch.manual_seed(320)
    return Case(TSMNet(), [(torch.randn(2, 3, 4, 8, 8),), (torch.randn(3, 3, 4, 8, 8),)],
                dynamic_shapes=({0: _batch()},))
