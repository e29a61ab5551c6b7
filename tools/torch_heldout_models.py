"""Held-out-style PyTorch models for tools/torch_heldout.py: small nets written the way an outside
user writes them (plain nn.Module code, F.* calls, in-place index ops, loops over time steps),
deliberately unlike tests/torch/test_models.py's. Each CASES entry builds (model, input sets,
dynamic_shapes, tolerance); random weights, nothing downloaded.

A case is a function returning a Case; the input sets after the first are run on the same import
(they differ in size only where the case gives dynamic_shapes)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn
from torch.export import Dim


@dataclass
class Case:
    model: nn.Module
    inputs: list                      # input sets: each a tuple of positional args
    dynamic_shapes: object = None
    rtol: float = 1e-4
    atol: float = 1e-4
    kwargs: dict = field(default_factory=dict)


CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


# -- 1. U-Net: ConvTranspose up-sampling, interpolate, cat skips -------------------------------------
class DoubleConv(nn.Sequential):
    def __init__(self, cin, cout):
        super().__init__(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
                         nn.Conv2d(cout, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class UNet(nn.Module):
    def __init__(self, c=3, k=2, w=8):
        super().__init__()
        self.d1, self.d2, self.d3 = DoubleConv(c, w), DoubleConv(w, 2 * w), DoubleConv(2 * w, 4 * w)
        self.pool = nn.MaxPool2d(2)
        self.up2 = nn.ConvTranspose2d(4 * w, 2 * w, 2, stride=2)
        self.u2 = DoubleConv(4 * w, 2 * w)
        self.u1 = DoubleConv(2 * w + w, w)
        self.head = nn.Conv2d(w, k, 1)

    def forward(self, x):
        a = self.d1(x)
        b = self.d2(self.pool(a))
        c = self.d3(self.pool(b))
        y = self.u2(torch.cat([self.up2(c), b], dim=1))
        y = F.interpolate(y, scale_factor=2, mode="bilinear", align_corners=False)
        y = self.u1(torch.cat([y, a], dim=1))
        return torch.sigmoid(self.head(y))


@case
def unet():
    torch.manual_seed(1)
    return Case(UNet(), [(torch.randn(2, 3, 32, 32),)])


# -- 2. Conformer block: FFN halves, MHSA, depthwise conv module with GLU ----------------------------
class ConvModule(nn.Module):
    def __init__(self, d, k=7):
        super().__init__()
        self.ln = nn.LayerNorm(d)
        self.pw1 = nn.Conv1d(d, 2 * d, 1)
        self.dw = nn.Conv1d(d, d, k, padding=k // 2, groups=d)
        self.bn = nn.BatchNorm1d(d)
        self.pw2 = nn.Conv1d(d, d, 1)

    def forward(self, x):
        y = self.ln(x).transpose(1, 2)
        y = F.glu(self.pw1(y), dim=1)
        y = F.silu(self.bn(self.dw(y)))
        return self.pw2(y).transpose(1, 2)


class Conformer(nn.Module):
    def __init__(self, d=32, heads=4):
        super().__init__()
        ff = lambda: nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 4 * d), nn.SiLU(), nn.Dropout(0.1),
                                   nn.Linear(4 * d, d))
        self.ff1, self.ff2 = ff(), ff()
        self.ln_att = nn.LayerNorm(d)
        self.att = nn.MultiheadAttention(d, heads, batch_first=True)
        self.conv = ConvModule(d)
        self.ln_out = nn.LayerNorm(d)

    def forward(self, x, pad_mask):
        x = x + 0.5 * self.ff1(x)
        h = self.ln_att(x)
        x = x + self.att(h, h, h, key_padding_mask=pad_mask, need_weights=False)[0]
        x = x + self.conv(x)
        x = x + 0.5 * self.ff2(x)
        return self.ln_out(x)


@case
def conformer():
    torch.manual_seed(2)
    mask = torch.zeros(2, 20, dtype=torch.bool)
    mask[1, 15:] = True
    return Case(Conformer(), [(torch.randn(2, 20, 32), mask)])


# -- 3. Mixtral-style MoE: top-k routing, per-expert loop with where + index_add_ -------------------
class Expert(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.w1, self.w2, self.w3 = nn.Linear(d, h, bias=False), nn.Linear(h, d, bias=False), nn.Linear(d, h, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class SparseMoE(nn.Module):
    """Mixtral's routing as its reference code writes it: tokens per expert found with torch.where."""
    def __init__(self, d=16, h=32, n=4, k=2):
        super().__init__()
        self.k = k
        self.gate = nn.Linear(d, n, bias=False)
        self.experts = nn.ModuleList(Expert(d, h) for _ in range(n))

    def forward(self, x):
        b, t, d = x.shape
        x = x.view(-1, d)
        logits = self.gate(x)
        weights = F.softmax(logits, dim=1, dtype=torch.float)
        weights, chosen = torch.topk(weights, self.k, dim=-1)
        weights = weights / weights.sum(dim=-1, keepdim=True)
        out = torch.zeros_like(x)
        mask = F.one_hot(chosen, num_classes=len(self.experts)).permute(2, 1, 0)
        for e, expert in enumerate(self.experts):
            slot, token = torch.where(mask[e])
            y = expert(x[token]) * weights[token, slot, None]
            out.index_add_(0, token, y.to(x.dtype))
        return out.view(b, t, d), logits


@case
def moe_sparse_where():
    torch.manual_seed(3)
    return Case(SparseMoE(), [(torch.randn(2, 6, 16),)])


class DenseMoE(nn.Module):
    """The export-friendly variant: every expert runs, the top-k weights are scattered into a dense gate."""
    def __init__(self, d=16, h=32, n=4, k=2):
        super().__init__()
        self.k = k
        self.gate = nn.Linear(d, n)
        self.experts = nn.ModuleList(Expert(d, h) for _ in range(n))

    def forward(self, x):
        probs = self.gate(x).softmax(-1)
        top_p, top_i = probs.topk(self.k, dim=-1)
        dense = torch.zeros_like(probs).scatter(-1, top_i, top_p / top_p.sum(-1, keepdim=True))
        ys = torch.stack([e(x) for e in self.experts], dim=-2)          # b t n d
        return (dense.unsqueeze(-1) * ys).sum(-2)


@case
def moe_dense_scatter():
    torch.manual_seed(4)
    return Case(DenseMoE(), [(torch.randn(3, 5, 16),)])


# -- 4. T5 relative position bias -------------------------------------------------------------------
class T5RelBias(nn.Module):
    def __init__(self, heads=4, buckets=32, max_distance=128, d=32):
        super().__init__()
        self.heads, self.buckets, self.max_distance = heads, buckets, max_distance
        self.bias = nn.Embedding(buckets, heads)
        self.q, self.k, self.v = (nn.Linear(d, d, bias=False) for _ in range(3))

    def bucket(self, rel):
        n = self.buckets // 2
        out = (rel > 0).to(torch.long) * n
        rel = torch.abs(rel)
        exact = n // 2
        small = rel < exact
        large = exact + (torch.log(rel.float() / exact) / math.log(self.max_distance / exact)
                         * (n - exact)).to(torch.long)
        large = torch.min(large, torch.full_like(large, n - 1))
        return out + torch.where(small, rel, large)

    def forward(self, x):
        b, t, d = x.shape
        ctx = torch.arange(t, dtype=torch.long)[:, None]
        mem = torch.arange(t, dtype=torch.long)[None, :]
        bias = self.bias(self.bucket(mem - ctx)).permute(2, 0, 1).unsqueeze(0)
        sh = lambda y: y.view(b, t, self.heads, -1).transpose(1, 2)
        q, k, v = sh(self.q(x)), sh(self.k(x)), sh(self.v(x))
        att = (q @ k.transpose(-1, -2) + bias).softmax(-1)
        return (att @ v).transpose(1, 2).reshape(b, t, d)


@case
def t5_relative_bias():
    torch.manual_seed(5)
    return Case(T5RelBias(), [(torch.randn(2, 40, 32),)])


# -- 5. Swin window attention with shifted windows (torch.roll) and the shift mask ------------------
def window_partition(x, w):
    b, h, wd, c = x.shape
    x = x.view(b, h // w, w, wd // w, w, c)
    return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, w * w, c)


def window_reverse(win, w, h, wd):
    b = win.shape[0] // ((h // w) * (wd // w))
    x = win.view(b, h // w, wd // w, w, w, -1)
    return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(b, h, wd, -1)


class SwinBlock(nn.Module):
    def __init__(self, dim=16, heads=2, window=4, shift=2, res=8):
        super().__init__()
        self.w, self.shift, self.heads = window, shift, heads
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.qkv, self.proj = nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)
        self.rel_table = nn.Parameter(torch.randn((2 * window - 1) ** 2, heads) * 0.02)
        coords = torch.stack(torch.meshgrid(torch.arange(window), torch.arange(window), indexing="ij")).flatten(1)
        rel = (coords[:, :, None] - coords[:, None, :]).permute(1, 2, 0) + (window - 1)
        self.register_buffer("rel_index", rel[..., 0] * (2 * window - 1) + rel[..., 1], persistent=False)
        img = torch.zeros(1, res, res, 1)
        cnt = 0
        for hs in (slice(0, -window), slice(-window, -shift), slice(-shift, None)):
            for ws in (slice(0, -window), slice(-window, -shift), slice(-shift, None)):
                img[:, hs, ws, :] = cnt
                cnt += 1
        mw = window_partition(img, window).squeeze(-1)
        m = mw[:, None, :] - mw[:, :, None]
        self.register_buffer("attn_mask", m.masked_fill(m != 0, -100.0).masked_fill(m == 0, 0.0))
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        b, h, w, c = x.shape
        y = torch.roll(self.norm1(x), shifts=(-self.shift, -self.shift), dims=(1, 2))
        win = window_partition(y, self.w)
        n = win.shape[1]
        qkv = self.qkv(win).reshape(-1, n, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        att = (q * (c // self.heads) ** -0.5) @ k.transpose(-2, -1)
        att = att + self.rel_table[self.rel_index.view(-1)].view(n, n, -1).permute(2, 0, 1).unsqueeze(0)
        nw = self.attn_mask.shape[0]
        att = att.view(-1, nw, self.heads, n, n) + self.attn_mask.unsqueeze(1).unsqueeze(0)
        att = att.view(-1, self.heads, n, n).softmax(-1)
        win = self.proj((att @ v).transpose(1, 2).reshape(-1, n, c))
        y = torch.roll(window_reverse(win, self.w, h, w), shifts=(self.shift, self.shift), dims=(1, 2))
        x = x + y
        return x + self.mlp(self.norm2(x))


@case
def swin_window_attention():
    torch.manual_seed(6)
    return Case(SwinBlock(), [(torch.randn(2, 8, 8, 16),)])


# -- 6. ESPCN-style super-resolution with PixelShuffle --------------------------------------------
class ESPCN(nn.Module):
    def __init__(self, scale=3):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(1, 16, 5, padding=2), nn.Tanh(), nn.Conv2d(16, 8, 3, padding=1),
                                  nn.Tanh(), nn.Conv2d(8, scale * scale, 3, padding=1))
        self.shuffle = nn.PixelShuffle(scale)

    def forward(self, x):
        return torch.clamp(self.shuffle(self.body(x)), 0.0, 1.0)


@case
def espcn_pixel_shuffle():
    torch.manual_seed(7)
    return Case(ESPCN(), [(torch.rand(2, 1, 12, 12),)])


class PixelUnshuffleNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(12, 12, 3, padding=1, padding_mode="reflect")

    def forward(self, x):
        return F.pixel_shuffle(self.conv(F.pixel_unshuffle(x, 2)), 2) + x


@case
def pixel_unshuffle_reflect_pad():
    torch.manual_seed(8)
    return Case(PixelUnshuffleNet(), [(torch.randn(1, 3, 10, 14),)])


# -- 7. Recurrent nets written as Python loops over time --------------------------------------------
class CharRNN(nn.Module):
    def __init__(self, vocab=20, d=16, h=24):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.cell = nn.GRUCell(d, h)
        self.cell2 = nn.LSTMCell(h, h)
        self.out = nn.Linear(h, vocab)

    def forward(self, tokens):
        b, t = tokens.shape
        x = self.emb(tokens)
        h = x.new_zeros(b, self.cell.hidden_size)
        h2 = c2 = x.new_zeros(b, self.cell2.hidden_size)
        logits = []
        for i in range(t):
            h = self.cell(x[:, i], h)
            h2, c2 = self.cell2(h, (h2, c2))
            logits.append(self.out(h2))
        return torch.stack(logits, 1).log_softmax(-1)


@case
def rnn_cell_loop():
    torch.manual_seed(9)
    return Case(CharRNN(), [(torch.randint(0, 20, (3, 7)),)])


class ElmanManual(nn.Module):
    def __init__(self, d=8, h=12):
        super().__init__()
        self.wx, self.wh = nn.Parameter(torch.randn(d, h) * 0.3), nn.Parameter(torch.randn(h, h) * 0.3)
        self.b = nn.Parameter(torch.zeros(h))
        self.rnn = nn.RNN(d, h, num_layers=2, nonlinearity="relu", batch_first=True, bidirectional=True)

    def forward(self, x):
        h = torch.zeros(x.shape[0], self.wh.shape[0])
        for step in x.unbind(1):
            h = torch.tanh(step @ self.wx + h @ self.wh + self.b)
        seq, hn = self.rnn(x)
        return h, seq, hn


@case
def rnn_manual_and_bidirectional():
    torch.manual_seed(10)
    return Case(ElmanManual(), [(torch.randn(2, 5, 8),)])


class BiLSTMTagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(10, 16, num_layers=2, batch_first=True, bidirectional=True, proj_size=0)
        self.fc = nn.Linear(32, 5)

    def forward(self, x, h0, c0):
        y, (h, c) = self.lstm(x, (h0, c0))
        return self.fc(y).argmax(-1), h, c


@case
def bilstm_tagger_initial_state():
    torch.manual_seed(11)
    return Case(BiLSTMTagger(), [(torch.randn(2, 6, 10), torch.randn(4, 2, 16), torch.randn(4, 2, 16))])


# -- 8. Norm variants ------------------------------------------------------------------------------
class RMSNormHand(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps, self.weight = eps, nn.Parameter(torch.ones(d) + 0.1 * torch.randn(d))

    def forward(self, x):
        xf = x.float()
        return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + self.eps)).type_as(x) * self.weight


class Norms(nn.Module):
    def __init__(self):
        super().__init__()
        self.gn = nn.GroupNorm(4, 16)
        self.inorm = nn.InstanceNorm2d(16, affine=True, track_running_stats=False)
        self.ln_noaffine = nn.LayerNorm([16, 6, 6], elementwise_affine=False)
        self.rms = nn.RMSNorm(6)
        self.rms_hand = RMSNormHand(6)
        self.ln_nobias = nn.LayerNorm(6, bias=False)
        self.bn_eval = nn.BatchNorm2d(16)
        with torch.no_grad():
            self.bn_eval.running_mean.uniform_(-1, 1)
            self.bn_eval.running_var.uniform_(0.5, 2)

    def forward(self, x):
        a = self.gn(x)
        b = self.inorm(x)
        c = self.ln_noaffine(x)
        d = self.rms(x) + self.rms_hand(x) + self.ln_nobias(x)
        e = F.normalize(x, p=2, dim=1)
        f = F.local_response_norm(x, 3)
        return a + b + c + d + e + f + self.bn_eval(x)


@case
def norm_variants():
    torch.manual_seed(12)
    return Case(Norms(), [(torch.randn(2, 16, 6, 6),)])


class RMSNormHalf(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = RMSNormHand(32)
        self.fc = nn.Linear(32, 32)

    def forward(self, x):
        return self.fc(self.norm(x))


@case
def rmsnorm_bf16():
    torch.manual_seed(13)
    return Case(RMSNormHalf().to(torch.bfloat16), [(torch.randn(4, 32).to(torch.bfloat16),)], rtol=2e-2, atol=2e-2)


# -- 9. einsum-heavy ------------------------------------------------------------------------------
class EinsumNet(nn.Module):
    def __init__(self, d=8, heads=2):
        super().__init__()
        self.wq = nn.Parameter(torch.randn(heads, d, d) * 0.2)
        self.wk = nn.Parameter(torch.randn(heads, d, d) * 0.2)
        self.bil = nn.Parameter(torch.randn(d, d, 4) * 0.2)

    def forward(self, x, y):
        q = torch.einsum("btd,hde->bhte", x, self.wq)
        k = torch.einsum("bsd,hde->bhse", y, self.wk)
        att = torch.einsum("bhte,bhse->bhts", q, k).softmax(-1)
        ctx = torch.einsum("bhts,bsd->btd", att, y)
        bil = torch.einsum("btd,de,bte->bt", x, self.bil.sum(-1), ctx)
        outer = torch.einsum("bi,bj->bij", x.mean(1), y.mean(1))
        tr = torch.einsum("bii->b", outer)
        diag = torch.einsum("bii->bi", outer)
        return ctx, bil, tr, diag, torch.einsum("...d,d->...", ctx, self.bil[:, 0, 0])


@case
def einsum_heavy():
    torch.manual_seed(14)
    return Case(EinsumNet(), [(torch.randn(2, 5, 8), torch.randn(2, 7, 8))])


# -- 10. F.scaled_dot_product_attention with masks and is_causal ------------------------------------
class SDPA(nn.Module):
    def __init__(self, d=32, heads=4):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)

    def forward(self, x, bool_mask, float_mask):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.h, d // self.h).permute(2, 0, 3, 1, 4)
        causal = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        masked = F.scaled_dot_product_attention(q, k, v, attn_mask=bool_mask[:, None, None, :])
        biased = F.scaled_dot_product_attention(q, k, v, attn_mask=float_mask, scale=0.3)
        gqa = F.scaled_dot_product_attention(q, k[:, :2], v[:, :2], enable_gqa=True, is_causal=True)
        y = (causal + masked + biased + gqa).transpose(1, 2).reshape(b, t, d)
        return self.o(y)


@case
def sdpa_masks_causal_gqa():
    torch.manual_seed(15)
    bm = torch.ones(2, 9, dtype=torch.bool)
    bm[0, 6:] = False
    return Case(SDPA(), [(torch.randn(2, 9, 32), bm, torch.randn(9, 9))])


# -- 11. cumsum / sort / topk / gather in the forward ---------------------------------------------
class Sampler(nn.Module):
    """Nucleus (top-p) filtering over logits, as generation code writes it."""
    def __init__(self, vocab=50, d=16):
        super().__init__()
        self.lm = nn.Linear(d, vocab)

    def forward(self, h, top_p: float = 0.8):
        logits = self.lm(h)
        sorted_logits, idx = torch.sort(logits, descending=True, dim=-1)
        cum = torch.cumsum(F.softmax(sorted_logits, dim=-1), dim=-1)
        remove = cum > top_p
        remove[..., 1:] = remove[..., :-1].clone()
        remove[..., 0] = False
        remove = remove.scatter(-1, idx, remove)
        filtered = logits.masked_fill(remove, float("-inf"))
        top5 = torch.topk(filtered, 5, dim=-1)
        ranks = torch.argsort(idx, dim=-1)
        picked = torch.gather(logits, -1, top5.indices)
        return filtered.softmax(-1), top5.values, ranks, picked, torch.cumprod(torch.sigmoid(picked), -1)


@case
def topp_sort_cumsum_gather():
    torch.manual_seed(16)
    return Case(Sampler(), [(torch.randn(3, 16),)])


# -- 12. dynamic batch (and length) via Dim -------------------------------------------------------
class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.f = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.BatchNorm2d(8), nn.ReLU6(),
                               nn.Conv2d(8, 8, 3, padding=1, groups=8), nn.Hardswish(),
                               nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 4))

    def forward(self, x):
        return self.f(x)


@case
def cnn_dynamic_batch():
    torch.manual_seed(17)
    return Case(SmallCNN(), [(torch.randn(3, 3, 16, 16),), (torch.randn(7, 3, 16, 16),), (torch.randn(1, 3, 16, 16),)],
                dynamic_shapes=({0: Dim("batch", min=1, max=64)},))


class TinyGPT(nn.Module):
    def __init__(self, vocab=40, d=32, heads=4, layers=2, max_len=64):
        super().__init__()
        self.tok, self.pos = nn.Embedding(vocab, d), nn.Embedding(max_len, d)
        layer = nn.TransformerEncoderLayer(d, heads, 64, dropout=0.0, batch_first=True, norm_first=True,
                                           activation="gelu")
        self.blocks = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)
        self.head = nn.Linear(d, vocab, bias=False)

    def forward(self, ids):
        t = ids.shape[1]
        pos = torch.arange(t, device=ids.device)
        mask = torch.triu(torch.full((t, t), float("-inf")), diagonal=1)
        x = self.tok(ids) + self.pos(pos)[None]
        return self.head(self.blocks(x, mask=mask, is_causal=True))


@case
def gpt_dynamic_batch_and_length():
    torch.manual_seed(18)
    b, t = Dim("b", min=1, max=16), Dim("t", min=2, max=64)
    return Case(TinyGPT(), [(torch.randint(0, 40, (2, 10)),), (torch.randint(0, 40, (5, 23)),)],
                dynamic_shapes=({0: b, 1: t},))


# -- 13. MobileNetV2 inverted residual + squeeze-excite ----------------------------------------------
class SE(nn.Module):
    def __init__(self, c, r=4):
        super().__init__()
        self.fc1, self.fc2 = nn.Conv2d(c, c // r, 1), nn.Conv2d(c // r, c, 1)

    def forward(self, x):
        s = F.adaptive_avg_pool2d(x, 1)
        return x * F.hardsigmoid(self.fc2(F.relu(self.fc1(s))))


class InvertedResidual(nn.Module):
    def __init__(self, c, expand=4):
        super().__init__()
        h = c * expand
        self.block = nn.Sequential(nn.Conv2d(c, h, 1, bias=False), nn.BatchNorm2d(h), nn.ReLU6(inplace=True),
                                   nn.Conv2d(h, h, 3, padding=1, groups=h, bias=False), nn.BatchNorm2d(h),
                                   nn.ReLU6(inplace=True), SE(h), nn.Conv2d(h, c, 1, bias=False), nn.BatchNorm2d(c))

    def forward(self, x):
        return x + self.block(x)


class MobileNetish(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1), nn.BatchNorm2d(8), nn.SiLU())
        self.blocks = nn.Sequential(InvertedResidual(8), InvertedResidual(8))
        self.pool = nn.AvgPool2d(3, stride=2, ceil_mode=True, count_include_pad=False)
        self.cls = nn.Linear(8, 10)

    def forward(self, x):
        y = self.pool(self.blocks(self.stem(x)))
        return self.cls(torch.flatten(F.adaptive_max_pool2d(y, (1, 1)), 1))


@case
def mobilenet_se():
    torch.manual_seed(19)
    for m in (b for b in MobileNetish().modules()):
        pass
    model = MobileNetish()
    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, nn.BatchNorm2d):
                m.running_mean.uniform_(-0.2, 0.2)
                m.running_var.uniform_(0.5, 1.5)
    return Case(model, [(torch.randn(2, 3, 27, 27),)])


# -- 14. Spatial transformer: affine_grid + grid_sample ------------------------------------------
class STN(nn.Module):
    def __init__(self):
        super().__init__()
        self.loc = nn.Sequential(nn.Conv2d(1, 4, 5), nn.MaxPool2d(2), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 6 * 6, 6))
        with torch.no_grad():
            self.loc[-1].weight.mul_(0.01)
            self.loc[-1].bias.copy_(torch.tensor([1.0, 0.1, 0.0, -0.1, 0.9, 0.05]))

    def forward(self, x):
        theta = self.loc(x).view(-1, 2, 3)
        grid = F.affine_grid(theta, x.size(), align_corners=False)
        a = F.grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=False)
        b = F.grid_sample(x, grid, mode="nearest", padding_mode="border", align_corners=True)
        return a, b


@case
def spatial_transformer_grid_sample():
    torch.manual_seed(20)
    return Case(STN(), [(torch.randn(2, 1, 16, 16),)], rtol=1e-3, atol=1e-4)


# -- 15. Rotary embeddings: the real cos/sin form and the complex (view_as_complex) form ---------------
def rope_real(x, cos, sin):
    x1, x2 = x.chunk(2, dim=-1)
    return x * cos + torch.cat((-x2, x1), dim=-1) * sin


class RoPEAttention(nn.Module):
    def __init__(self, d=32, heads=4, theta=10000.0):
        super().__init__()
        self.h, hd = heads, d // heads
        self.wq, self.wk = nn.Linear(d, d, bias=False), nn.Linear(d, d, bias=False)
        inv = 1.0 / theta ** (torch.arange(0, hd, 2).float() / hd)
        self.register_buffer("inv_freq", inv, persistent=False)

    def forward(self, x):
        b, t, d = x.shape
        q = self.wq(x).view(b, t, self.h, -1)
        k = self.wk(x).view(b, t, self.h, -1)
        freqs = torch.outer(torch.arange(t, dtype=torch.float32), self.inv_freq)
        emb = torch.cat((freqs, freqs), -1)[None, :, None, :]
        q1, k1 = rope_real(q, emb.cos(), emb.sin()), rope_real(k, emb.cos(), emb.sin())
        cis = torch.polar(torch.ones_like(freqs), freqs)[None, :, None, :]
        qc = torch.view_as_real(torch.view_as_complex(q.float().reshape(b, t, self.h, -1, 2)) * cis).flatten(3)
        return (q1 @ k1.transpose(-1, -2)).softmax(-1), qc


@case
def rope_real_and_complex():
    torch.manual_seed(21)
    return Case(RoPEAttention(), [(torch.randn(2, 6, 32),)])


# -- 16. Losses computed in the forward --------------------------------------------------------------
class WithLosses(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(12, 5)

    def forward(self, x, target, soft):
        logits = self.fc(x)
        ce = F.cross_entropy(logits, target, label_smoothing=0.1)
        ce_ignore = F.cross_entropy(logits, target, ignore_index=2, reduction="sum")
        p = torch.sigmoid(logits)
        onehot = F.one_hot(target, 5).float()
        bce = F.binary_cross_entropy_with_logits(logits, onehot, pos_weight=torch.full((5,), 2.0))
        pt = torch.where(onehot > 0, p, 1 - p)
        focal = (-(1 - pt) ** 2 * torch.log(pt.clamp_min(1e-6))).mean()
        kl = F.kl_div(F.log_softmax(logits, -1), soft, reduction="batchmean")
        hub = F.smooth_l1_loss(logits, soft, beta=0.5) + F.huber_loss(logits, soft) + F.mse_loss(p, soft)
        return ce, ce_ignore, bce, focal, kl, hub


@case
def losses_in_forward():
    torch.manual_seed(22)
    return Case(WithLosses(), [(torch.randn(6, 12), torch.tensor([0, 2, 4, 1, 2, 3]), torch.rand(6, 5).softmax(-1))])


# -- 17. Dilated causal TCN with F.pad, weight norm, and Conv3d video stem ------------------------------
class TCN(nn.Module):
    def __init__(self, c=6, k=3):
        super().__init__()
        self.k = k
        self.convs = nn.ModuleList(nn.utils.parametrizations.weight_norm(nn.Conv1d(c, c, k, dilation=d))
                                   for d in (1, 2, 4))
        self.video = nn.Conv3d(2, 4, (3, 3, 3), stride=(1, 2, 2), padding=(1, 1, 1))
        self.pool3 = nn.MaxPool3d((1, 2, 2))

    def forward(self, x, v):
        for conv in self.convs:
            pad = (self.k - 1) * conv.dilation[0]
            x = x + F.leaky_relu(conv(F.pad(x, (pad, 0))), 0.1)
        return x, self.pool3(F.elu(self.video(v)))


@case
def tcn_weightnorm_conv3d():
    torch.manual_seed(23)
    return Case(TCN(), [(torch.randn(2, 6, 20), torch.randn(1, 2, 4, 8, 8))])


# -- 18. Transformer decoder with nn.Transformer masks ------------------------------------------------
class Seq2Seq(nn.Module):
    def __init__(self, d=32):
        super().__init__()
        self.t = nn.Transformer(d, 4, 1, 1, 64, dropout=0.0, batch_first=True)

    def forward(self, src, tgt, src_pad):
        mask = nn.Transformer.generate_square_subsequent_mask(tgt.shape[1])
        return self.t(src, tgt, tgt_mask=mask, src_key_padding_mask=src_pad, memory_key_padding_mask=src_pad,
                      tgt_is_causal=True)


@case
def seq2seq_transformer():
    torch.manual_seed(24)
    pad = torch.zeros(2, 7, dtype=torch.bool)
    pad[0, 5:] = True
    return Case(Seq2Seq(), [(torch.randn(2, 7, 32), torch.randn(2, 4, 32), pad)], rtol=1e-3, atol=1e-4)


# -- 19. Masked mean pooling / embedding with padding_idx / EmbeddingBag -------------------------------
class TextClassifier(nn.Module):
    def __init__(self, vocab=30, d=12):
        super().__init__()
        self.emb = nn.Embedding(vocab, d, padding_idx=0)
        self.bag = nn.EmbeddingBag(vocab, d, mode="mean")
        self.fc = nn.Linear(2 * d, 3)

    def forward(self, ids, offsets):
        mask = (ids != 0).unsqueeze(-1).float()
        mean = (self.emb(ids) * mask).sum(1) / mask.sum(1).clamp(min=1)
        maxp = self.emb(ids).masked_fill(mask == 0, -1e4).amax(1)
        bag = self.bag(ids.flatten(), offsets)
        return self.fc(torch.cat([mean + bag, maxp], -1)).log_softmax(-1)


@case
def text_masked_pool_embeddingbag():
    torch.manual_seed(25)
    ids = torch.tensor([[3, 5, 7, 0, 0], [9, 1, 2, 4, 8]])
    return Case(TextClassifier(), [(ids, torch.tensor([0, 5]))])


# -- 20. Interpolate variants, unfold/fold, activations zoo -----------------------------------------
class Resampler(nn.Module):
    def forward(self, x):
        a = F.interpolate(x, size=(11, 7), mode="nearest")
        b = F.interpolate(x, scale_factor=1.5, mode="bicubic", align_corners=True)
        c = F.interpolate(x, size=(5, 9), mode="bilinear", antialias=False)
        d = nn.Upsample(scale_factor=2, mode="nearest-exact")(x)
        patches = F.unfold(x, kernel_size=2, stride=2)
        back = F.fold(patches * 2, output_size=x.shape[-2:], kernel_size=2, stride=2)
        return a, b, c, d, back


@case
def interpolate_unfold_fold():
    torch.manual_seed(26)
    return Case(Resampler(), [(torch.randn(1, 2, 6, 8),)], rtol=1e-4, atol=1e-4)


class Activations(nn.Module):
    def __init__(self):
        super().__init__()
        self.prelu = nn.PReLU(4)
        self.acts = nn.ModuleList([nn.Mish(), nn.SELU(), nn.CELU(0.5), nn.Softplus(beta=2, threshold=5),
                                   nn.Hardtanh(-0.5, 0.5), nn.LogSigmoid(), nn.Softsign(), nn.Tanhshrink(),
                                   nn.Softshrink(0.3), nn.Hardshrink(0.3), nn.GELU(approximate="tanh"),
                                   nn.Threshold(0.1, -1.0), nn.RReLU(), nn.Softmin(-1)])

    def forward(self, x):
        return torch.stack([a(x) for a in self.acts] + [self.prelu(x)], 0)


@case
def activations_zoo():
    torch.manual_seed(27)
    return Case(Activations(), [(torch.randn(2, 4, 5) * 2,)])


# -- 21. Structured inputs / outputs: dict in, dict out, kwargs -----------------------------------------
class MultiHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Linear(8, 16)
        self.cls, self.box = nn.Linear(16, 3), nn.Linear(16, 4)

    def forward(self, batch, scale=None):
        h = F.relu(self.trunk(batch["x"] + batch["extra"][0]))
        out = {"logits": self.cls(h), "boxes": self.box(h).sigmoid() * scale}
        return out, [h.mean(), (h > 0).sum(-1)]


@case
def dict_io_kwargs():
    torch.manual_seed(28)
    batch = {"x": torch.randn(4, 8), "extra": (torch.randn(8),)}
    return Case(MultiHead(), [(batch,)], kwargs={"scale": torch.tensor(2.0)})


# -- 22. Integer / boolean logic in the forward ------------------------------------------------------
class Bucketizer(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("edges", torch.tensor([-1.0, -0.2, 0.0, 0.5, 1.5]))
        self.emb = nn.Embedding(6, 4)

    def forward(self, x, ids):
        b = torch.bucketize(x, self.edges)
        s = torch.searchsorted(self.edges, x.contiguous())
        parity = (ids % 3 == 0) | (ids > 5) & ~(ids == 7)
        shifted = (ids << 1) ^ (ids >> 1)
        return self.emb(b).sum(-1), s, parity, shifted, torch.div(ids, 4, rounding_mode="floor"), ids.float().mean()


@case
def bucketize_int_logic():
    torch.manual_seed(29)
    return Case(Bucketizer(), [(torch.randn(3, 5), torch.randint(-10, 10, (3, 5)))])


# -- 23. Mixed precision: f16 conv net / autocast-style dtype casts ----------------------------------
class HalfNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        y = F.gelu(self.conv(x.half()).float()).to(torch.float16)
        return self.fc(y.mean((2, 3)).float())


@case
def mixed_precision_casts():
    torch.manual_seed(30)
    m = HalfNet()
    m.conv.half()
    return Case(m, [(torch.randn(2, 3, 8, 8),)], rtol=5e-3, atol=5e-3)


# -- 24. Vision transformer with class token, patch embed by conv and dynamic batch ---------------------
class ViTish(nn.Module):
    def __init__(self, img=16, p=4, d=24, heads=3):
        super().__init__()
        n = (img // p) ** 2
        self.patch = nn.Conv2d(3, d, p, p)
        self.cls = nn.Parameter(torch.zeros(1, 1, d))
        self.pos = nn.Parameter(torch.randn(1, n + 1, d) * 0.02)
        self.att = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ln = nn.LayerNorm(d)
        self.head = nn.Linear(d, 5)

    def forward(self, x):
        y = self.patch(x).flatten(2).transpose(1, 2)
        y = torch.cat([self.cls.expand(y.shape[0], -1, -1), y], 1) + self.pos
        h = self.ln(y)
        a, w = self.att(h, h, h, need_weights=True, average_attn_weights=True)
        return self.head((y + a)[:, 0]), w


@case
def vit_cls_token_dynamic_batch():
    torch.manual_seed(31)
    return Case(ViTish(), [(torch.randn(2, 3, 16, 16),), (torch.randn(5, 3, 16, 16),)],
                dynamic_shapes=({0: Dim("b", min=1, max=32)},))


# -- 25. Graph-style message passing with scatter_add / index_add / scatter_reduce ----------------------
class GNN(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.msg, self.upd = nn.Linear(2 * d, d), nn.GRUCell(d, d)

    def forward(self, x, edge_index):
        src, dst = edge_index
        m = F.relu(self.msg(torch.cat([x[src], x[dst]], -1)))
        agg = torch.zeros_like(x).index_add_(0, dst, m)
        deg = torch.zeros(x.shape[0]).scatter_add_(0, dst, torch.ones_like(dst, dtype=torch.float))
        mx = torch.zeros_like(x).scatter_reduce(0, dst[:, None].expand_as(m), m, reduce="amax", include_self=False)
        return self.upd(agg / deg.clamp(min=1)[:, None], x) + mx


@case
def gnn_scatter_index_add():
    torch.manual_seed(32)
    edges = torch.tensor([[0, 1, 2, 3, 4, 0, 2], [1, 2, 3, 4, 0, 3, 3]])
    return Case(GNN(), [(torch.randn(5, 8), edges)])


# -- 26. Detection post-processing: box decoding, IoU matrix, argmax matching ------------------------
class BoxHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.reg = nn.Linear(6, 4)

    def forward(self, feats, anchors, gt):
        d = self.reg(feats)
        wh = anchors[:, 2:] - anchors[:, :2]
        ctr = anchors[:, :2] + 0.5 * wh
        c = ctr + d[:, :2] * wh
        s = wh * torch.exp(d[:, 2:].clamp(max=math.log(1000 / 16)))
        boxes = torch.cat([c - 0.5 * s, c + 0.5 * s], -1)
        lt = torch.max(boxes[:, None, :2], gt[None, :, :2])
        rb = torch.min(boxes[:, None, 2:], gt[None, :, 2:])
        inter = (rb - lt).clamp(min=0).prod(-1)
        area = lambda b: (b[..., 2] - b[..., 0]) * (b[..., 3] - b[..., 1])
        iou = inter / (area(boxes)[:, None] + area(gt)[None] - inter)
        best, which = iou.max(dim=1)
        return boxes, iou, best, which, torch.argmax(iou, 0)


@case
def box_decode_iou():
    torch.manual_seed(33)
    anchors = torch.tensor([[0, 0, 4, 4], [2, 2, 8, 6], [5, 1, 9, 9], [1, 3, 3, 9.0]])
    gt = torch.tensor([[1, 1, 5, 5], [4, 2, 9, 8.0]])
    return Case(BoxHead(), [(torch.randn(4, 6) * 0.2, anchors, gt)])


# -- 27. KV-cache decode step: cache update with index_copy / slice assignment --------------------------
class DecodeStep(nn.Module):
    def __init__(self, d=16, heads=2, max_len=12):
        super().__init__()
        self.h, self.qkv, self.o = heads, nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.register_buffer("k_cache", torch.zeros(1, heads, max_len, d // heads))
        self.register_buffer("v_cache", torch.zeros(1, heads, max_len, d // heads))

    def forward(self, x, pos):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.h, -1).permute(2, 0, 3, 1, 4)
        self.k_cache.index_copy_(2, pos, k)
        self.v_cache[:, :, pos] = v
        keys, vals = self.k_cache, self.v_cache
        valid = torch.arange(keys.shape[2]) <= pos.max()
        y = F.scaled_dot_product_attention(q, keys, vals, attn_mask=valid[None, None, None, :])
        return self.o(y.transpose(1, 2).reshape(b, t, d))


@case
def kv_cache_decode_step():
    torch.manual_seed(34)
    return Case(DecodeStep(), [(torch.randn(1, 1, 16), torch.tensor([3]))])


# -- 28. Dynamic spatial sizes: a fully convolutional net run at several image sizes ---------------------
class FCN(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.GroupNorm(2, 8), nn.GELU(), nn.MaxPool2d(2))
        self.dec = nn.ConvTranspose2d(8, 4, 4, stride=2, padding=1)

    def forward(self, x):
        y = self.dec(self.enc(x))
        return y, y.mean(1, keepdim=True), F.adaptive_avg_pool2d(y, 1).flatten(1)


@case
def fcn_dynamic_height_width():
    torch.manual_seed(35)
    h, w = Dim("h2", min=2, max=64), Dim("w2", min=2, max=64)
    return Case(FCN(), [(torch.randn(2, 3, 16, 12),), (torch.randn(1, 3, 10, 22),), (torch.randn(3, 3, 8, 8),)],
                dynamic_shapes=({0: Dim("n", min=1, max=8), 2: 2 * h, 3: 2 * w},))


class PadToMultiple(nn.Module):
    """Right-pads the sequence to a multiple of the window, attends inside windows, crops back."""
    def __init__(self, d=16, win=4):
        super().__init__()
        self.win, self.proj = win, nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.shape
        n = (t + self.win - 1) // self.win
        y = F.pad(x, (0, 0, 0, n * self.win - t))
        y = y.view(b, n, self.win, d)
        att = (y @ y.transpose(-1, -2) / math.sqrt(d)).softmax(-1) @ y
        return self.proj(att.reshape(b, -1, d)[:, :t])


@case
def pad_to_window_dynamic_batch():
    torch.manual_seed(36)
    # (a dynamic length fails torch.export's guards on the padded view: only the batch is dynamic)
    return Case(PadToMultiple(), [(torch.randn(2, 9, 16),), (torch.randn(5, 9, 16),)],
                dynamic_shapes=({0: Dim("b", max=8)},))


# -- 29. Training mode: dropout off by p=0 but batch norm updating its running statistics ----------------
class TrainBN(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(6)
        self.fc = nn.Linear(6, 3)
        self.register_buffer("steps", torch.zeros((), dtype=torch.long))

    def forward(self, x):
        self.steps += 1
        return self.fc(self.bn(x)), self.bn.running_mean * 1.0, self.steps * 1


@case
def batchnorm_train_mode_buffers():
    torch.manual_seed(37)
    m = TrainBN()
    m.train()
    c = Case(m, [(torch.randn(8, 6),)])
    c.train = True
    return c


# -- 30-37. Tiny `transformers` configs beyond tests/torch's (GPT-2, BERT, Llama, ViT) ----------------------
def _hf(cls_name, config_name, **cfg):
    import transformers
    config = getattr(transformers, config_name)(**cfg)
    config._attn_implementation = "eager" if cfg.pop("_eager", False) else config._attn_implementation
    model = getattr(transformers, cls_name)(config)
    return model.eval()


class _Logits(nn.Module):
    def __init__(self, model, key="logits"):
        super().__init__()
        self.model, self.key = model, key

    def forward(self, *args):
        out = self.model(*args)
        return out[self.key] if self.key else out[0]


@case
def hf_t5_small():
    torch.manual_seed(38)
    m = _hf("T5ForConditionalGeneration", "T5Config", vocab_size=64, d_model=32, d_kv=8, d_ff=64, num_layers=2,
            num_decoder_layers=2, num_heads=4, relative_attention_num_buckets=8, decoder_start_token_id=0)

    class T5(nn.Module):
        def __init__(self):
            super().__init__()
            self.m = m

        def forward(self, ids, dec):
            return self.m(input_ids=ids, decoder_input_ids=dec).logits
    return Case(T5(), [(torch.randint(0, 64, (2, 9)), torch.randint(0, 64, (2, 5)))], atol=2e-4)


@case
def hf_mixtral_tiny():
    torch.manual_seed(39)
    m = _hf("MixtralForCausalLM", "MixtralConfig", vocab_size=64, hidden_size=32, intermediate_size=48,
            num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, num_local_experts=4,
            num_experts_per_tok=2, max_position_embeddings=64)
    return Case(_Logits(m), [(torch.randint(0, 64, (2, 7)),)], atol=2e-4)


@case
def hf_qwen2_tiny():
    torch.manual_seed(40)
    m = _hf("Qwen2ForCausalLM", "Qwen2Config", vocab_size=64, hidden_size=32, intermediate_size=48,
            num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64)
    return Case(_Logits(m), [(torch.randint(0, 64, (1, 8)),)], atol=2e-4)


@case
def hf_bart_tiny():
    torch.manual_seed(41)
    m = _hf("BartForConditionalGeneration", "BartConfig", vocab_size=64, d_model=32, encoder_layers=1,
            decoder_layers=1, encoder_attention_heads=4, decoder_attention_heads=4, encoder_ffn_dim=64,
            decoder_ffn_dim=64, max_position_embeddings=64)
    return Case(_Logits(m), [(torch.randint(3, 64, (2, 8)),)], atol=2e-4)


@case
def hf_whisper_encoder_tiny():
    torch.manual_seed(42)
    import transformers
    cfg = transformers.WhisperConfig(num_mel_bins=16, d_model=32, encoder_layers=1, decoder_layers=1,
                                     encoder_attention_heads=4, decoder_attention_heads=4, encoder_ffn_dim=64,
                                     decoder_ffn_dim=64, max_source_positions=20, vocab_size=64,
                                     pad_token_id=0, bos_token_id=1, eos_token_id=2, decoder_start_token_id=1)
    enc = transformers.WhisperModel(cfg).eval().encoder
    return Case(_Logits(enc, "last_hidden_state"), [(torch.randn(1, 16, 40),)], atol=2e-4)


@case
def hf_convnext_tiny():
    torch.manual_seed(43)
    m = _hf("ConvNextForImageClassification", "ConvNextConfig", num_channels=3, hidden_sizes=[8, 16],
            depths=[1, 1], num_stages=2, num_labels=4, image_size=32)
    return Case(_Logits(m), [(torch.randn(2, 3, 32, 32),)], atol=2e-4)


@case
def hf_swin_tiny():
    torch.manual_seed(44)
    m = _hf("SwinForImageClassification", "SwinConfig", image_size=32, patch_size=4, embed_dim=16, depths=[1, 1],
            num_heads=[2, 2], window_size=4, num_labels=3)
    return Case(_Logits(m), [(torch.randn(1, 3, 32, 32),)], atol=2e-4)


@case
def hf_wav2vec2_tiny():
    torch.manual_seed(45)
    m = _hf("Wav2Vec2Model", "Wav2Vec2Config", hidden_size=32, num_hidden_layers=1, num_attention_heads=4,
            intermediate_size=64, conv_dim=(16, 16), conv_stride=(5, 2), conv_kernel=(10, 3),
            num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=4, do_stable_layer_norm=True)
    return Case(_Logits(m, "last_hidden_state"), [(torch.randn(1, 400),)], atol=2e-4)


@case
def hf_distilbert_dynamic():
    torch.manual_seed(46)
    m = _hf("DistilBertForSequenceClassification", "DistilBertConfig", vocab_size=64, dim=32, n_layers=2,
            n_heads=4, hidden_dim=64, max_position_embeddings=64)
    return Case(_Logits(m), [(torch.randint(0, 64, (2, 10)), torch.ones(2, 10, dtype=torch.long)),
                             (torch.randint(0, 64, (3, 17)), torch.ones(3, 17, dtype=torch.long))],
                dynamic_shapes=(({0: Dim("b", max=16), 1: Dim("t", min=2, max=64)},
                                 {0: Dim("b", max=16), 1: Dim("t", min=2, max=64)}),), atol=2e-4)


@case
def hf_clip_text_tiny():
    torch.manual_seed(47)
    m = _hf("CLIPTextModel", "CLIPTextConfig", vocab_size=64, hidden_size=32, intermediate_size=64,
            num_hidden_layers=2, num_attention_heads=4, max_position_embeddings=16)
    return Case(_Logits(m, "pooler_output"), [(torch.randint(0, 64, (2, 9)),)], atol=2e-4)


@case
def hf_gpt_neox_tiny():
    torch.manual_seed(48)
    m = _hf("GPTNeoXForCausalLM", "GPTNeoXConfig", vocab_size=64, hidden_size=32, intermediate_size=64,
            num_hidden_layers=2, num_attention_heads=4, rotary_pct=0.5, max_position_embeddings=64)
    return Case(_Logits(m), [(torch.randint(0, 64, (2, 6)),)], atol=2e-4)


# -- 38+. More feature areas: control flow, audio front ends, f64, geometry, recurrent with dynamic length --
class CondNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.a, self.b = nn.Linear(4, 4), nn.Linear(4, 4)

    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda v: self.a(v).relu(), lambda v: self.b(v).tanh(), (x,))


@case
def torch_cond_branches():
    torch.manual_seed(50)
    return Case(CondNet(), [(torch.randn(3, 4) + 1,), (torch.randn(3, 4) - 1,)])


class Spectrogram(nn.Module):
    def __init__(self, n_fft=32, hop=8, mels=6):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft))
        self.register_buffer("fb", torch.rand(n_fft // 2 + 1, mels))
        self.conv = nn.Conv1d(mels, 4, 3, padding=1)

    def forward(self, wav):
        spec = torch.stft(wav, self.n_fft, self.hop, window=self.window, center=True, pad_mode="reflect",
                          return_complex=True)
        power = spec.abs().pow(2)
        mel = torch.log(torch.matmul(power.transpose(1, 2), self.fb).clamp(min=1e-5)).transpose(1, 2)
        return self.conv(mel), torch.fft.irfft(torch.fft.rfft(wav) * 0.5, n=wav.shape[-1])


@case
def stft_mel_frontend():
    torch.manual_seed(51)
    return Case(Spectrogram(), [(torch.randn(2, 128),)], rtol=1e-3, atol=1e-4)


class Float64Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(5, 3).double()

    def forward(self, x):
        y = self.fc(x)
        return torch.logsumexp(y, -1), torch.special.expit(y), torch.nan_to_num(torch.log(y), nan=0.0, neginf=-9.0)


@case
def float64_logsumexp_nan_to_num():
    torch.manual_seed(52)
    return Case(Float64Net(), [(torch.randn(4, 5, dtype=torch.float64),)], rtol=1e-10, atol=1e-10)


class PointNet(nn.Module):
    """kNN grouping with cdist + topk, shared MLP with Conv1d, max pooling over points."""
    def __init__(self, k=4):
        super().__init__()
        self.k = k
        self.mlp = nn.Sequential(nn.Conv1d(6, 16, 1), nn.BatchNorm1d(16), nn.ReLU(), nn.Conv1d(16, 32, 1))
        self.head = nn.Linear(32, 5)

    def forward(self, pts):
        d = torch.cdist(pts, pts)
        idx = d.topk(self.k, dim=-1, largest=False).indices                       # b n k
        b, n, _ = pts.shape
        nbr = torch.gather(pts.unsqueeze(1).expand(b, n, n, 3), 2, idx.unsqueeze(-1).expand(b, n, self.k, 3))
        feat = torch.cat([nbr - pts.unsqueeze(2), pts.unsqueeze(2).expand_as(nbr)], -1)   # b n k 6
        f = self.mlp(feat.reshape(b, n * self.k, 6).transpose(1, 2))
        return self.head(f.max(-1).values), torch.linalg.vector_norm(pts, dim=-1)


@case
def pointnet_knn_cdist():
    torch.manual_seed(53)
    return Case(PointNet(), [(torch.randn(2, 10, 3),)], rtol=1e-3, atol=1e-4)


class LSTMDynamic(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(30, 8)
        self.lstm = nn.LSTM(8, 12, batch_first=True)
        self.gru = nn.GRU(12, 6, batch_first=True)

    def forward(self, ids):
        y, _ = self.lstm(self.emb(ids))
        z, h = self.gru(y)
        return z[:, -1], h


@case
def lstm_gru_dynamic_batch():
    torch.manual_seed(54)
    # (nn.LSTM / nn.GRU specialize the sequence length under torch.export: only the batch is dynamic)
    return Case(LSTMDynamic(), [(torch.randint(0, 30, (2, 5)),), (torch.randint(0, 30, (3, 5)),)],
                dynamic_shapes=({0: Dim("b", max=16)},))


class AudioCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Conv1d(1, 8, 9, stride=4, padding=4), nn.BatchNorm1d(8), nn.GELU(),
                                 nn.Conv1d(8, 8, 3, padding=2, dilation=2), nn.AdaptiveAvgPool1d(1))

    def forward(self, wav):
        return self.net(wav.unsqueeze(1)).squeeze(-1)


@case
def audio_cnn_dynamic_length():
    torch.manual_seed(55)
    return Case(AudioCNN(), [(torch.randn(2, 160),), (torch.randn(2, 333),)],
                dynamic_shapes=({1: Dim("n", min=16, max=4000)},))


class Geometry(nn.Module):
    def forward(self, x):
        return (torch.flip(x, [-1]), torch.rot90(x, 1, [-2, -1]), x.tril(-1) + x.triu(1).mT,
                torch.diag_embed(x.diagonal(dim1=-2, dim2=-1)), x.repeat(1, 2, 1), torch.tile(x, (2,)),
                x.roll(1, 0), torch.kron(x[0], torch.eye(2)), x.cumsum(-1).flip(0).cummax(-1).values)


@case
def geometry_flip_rot_tril():
    torch.manual_seed(56)
    return Case(Geometry(), [(torch.randn(2, 4, 4),)])


class MHACross(nn.Module):
    def __init__(self):
        super().__init__()
        self.att = nn.MultiheadAttention(16, 2, kdim=10, vdim=6, batch_first=True)

    def forward(self, q, k, v, mask):
        y, w = self.att(q, k, v, attn_mask=mask, average_attn_weights=False)
        return y, w


@case
def mha_cross_kdim_vdim_float_mask():
    torch.manual_seed(57)
    return Case(MHACross(), [(torch.randn(2, 5, 16), torch.randn(2, 7, 10), torch.randn(2, 7, 6),
                              torch.randn(4, 5, 7))])


class FakeQuant(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        w = torch.fake_quantize_per_channel_affine(self.fc.weight, torch.full((8,), 0.02), torch.zeros(8, dtype=torch.int32),
                                                   0, -128, 127)
        xq = torch.fake_quantize_per_tensor_affine(x, 0.05, 3, 0, 255)
        return F.linear(xq, w, self.fc.bias), torch.round(x * 10) / 10


@case
def fake_quant_linear():
    torch.manual_seed(58)
    return Case(FakeQuant(), [(torch.randn(3, 8),)])


class UNetDynamic(UNet):
    pass


@case
def unet_dynamic_batch():
    torch.manual_seed(59)
    return Case(UNetDynamic(), [(torch.randn(2, 3, 16, 16),), (torch.randn(3, 3, 16, 16),)],
                dynamic_shapes=({0: Dim("b", max=8)},))


@case
def unet_dynamic_image_size():
    torch.manual_seed(60)
    return Case(UNetDynamic(), [(torch.randn(1, 3, 16, 16),), (torch.randn(1, 3, 24, 32),)],
                dynamic_shapes=({2: 4 * Dim("h", min=2, max=32), 3: 4 * Dim("w", min=2, max=32)},))


class EmbeddingMaxNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.pos = nn.Parameter(torch.randn(1, 32, 8) * 0.02)
        self.emb = nn.Embedding(20, 8, scale_grad_by_freq=True)

    def forward(self, ids):
        t = ids.shape[1]
        x = self.emb(ids) + self.pos[:, :t]
        return F.layer_norm(x, (8,)), x.new_ones(x.shape[:2]).cumsum(1) * (ids > 0)


@case
def embedding_pos_slice_dynamic_length():
    torch.manual_seed(62)
    return Case(EmbeddingMaxNorm(), [(torch.randint(0, 20, (2, 6)),), (torch.randint(0, 20, (2, 17)),)],
                dynamic_shapes=({1: Dim("t", min=2, max=32)},))


# -- 51+. Program-structure corners: input mutation, constant attributes, non-tensor outputs -------------
class MutatesInput(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.table = torch.tensor([[1.0, -1.0, 0.5, 2.0]])     # a plain tensor attribute: a lifted constant

    def forward(self, x, acc):
        acc.add_(x.sum(0))                  # in-place on a user input
        y = self.fc(x) * self.table
        return y, {"count": x.shape[0], "none": None, "scale": 0.5}, acc * 2


@case
def input_mutation_constant_attribute():
    torch.manual_seed(63)
    return Case(MutatesInput(), [(torch.randn(3, 4), torch.zeros(4))])


class SDPADropoutEval(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.qkv, self.p = nn.Linear(d, 3 * d), 0.1

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, -1)
        y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.p if self.training else 0.0, is_causal=True)
        return F.dropout(y, 0.2, self.training) + F.alpha_dropout(y, 0.1, self.training)


@case
def sdpa_dropout_eval_mode():
    torch.manual_seed(64)
    return Case(SDPADropoutEval(), [(torch.randn(2, 6, 16),)])


class ChannelsLast(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 6, 3, padding=1).to(memory_format=torch.channels_last)
        self.bn = nn.BatchNorm2d(6)

    def forward(self, x):
        y = self.bn(self.conv(x.contiguous(memory_format=torch.channels_last)))
        return y.permute(0, 2, 3, 1).reshape(x.shape[0], -1, 6).softmax(-1)


@case
def channels_last_conv():
    torch.manual_seed(66)
    return Case(ChannelsLast(), [(torch.randn(2, 3, 6, 6),)])


class STNDynamic(STN):
    pass


@case
def grid_sample_dynamic_batch():
    torch.manual_seed(67)
    return Case(STNDynamic(), [(torch.randn(2, 1, 16, 16),), (torch.randn(3, 1, 16, 16),)],
                dynamic_shapes=({0: Dim("b", max=8)},), rtol=1e-3, atol=1e-4)


# -- 66+. Dynamic lengths through audio front ends and HF models with attention masks -------------------
class VocoderBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre = nn.Conv1d(1, 8, 7, padding=3, padding_mode="reflect")
        self.res = nn.Conv1d(8, 8, 3, padding=1, padding_mode="replicate")
        self.up = nn.ConvTranspose1d(8, 4, 4, stride=2, padding=1)

    def forward(self, x):
        y = F.leaky_relu(self.pre(x), 0.1)
        return torch.tanh(self.up(y + self.res(y)))


@case
def vocoder_reflect_pad_dynamic_length():
    torch.manual_seed(68)
    return Case(VocoderBlock(), [(torch.randn(2, 1, 50),), (torch.randn(3, 1, 77),)],
                dynamic_shapes=({0: Dim("b", max=4), 2: Dim("n", min=8, max=4000)},))


@case
def stft_dynamic_length():
    torch.manual_seed(69)
    # (the irfft branch needs n known: dropped by taking the first output only)
    class First(nn.Module):
        def __init__(self):
            super().__init__()
            self.s = Spectrogram()

        def forward(self, wav):
            return self.s(wav)[0]
    return Case(First(), [(torch.randn(2, 128),), (torch.randn(2, 200),)],
                dynamic_shapes=({1: 8 * Dim("frames", min=5, max=500)},), rtol=1e-3, atol=1e-4)


@case
def hf_gpt2_attention_mask_dynamic():
    torch.manual_seed(70)
    m = _hf("GPT2LMHeadModel", "GPT2Config", vocab_size=64, n_embd=32, n_layer=2, n_head=4, n_positions=64)

    class G(nn.Module):
        def __init__(self):
            super().__init__()
            self.m = m

        def forward(self, ids, mask):
            return self.m(input_ids=ids, attention_mask=mask).logits
    mask = torch.ones(2, 9, dtype=torch.long)
    mask[1, :3] = 0                                         # left padding
    mask2 = torch.ones(3, 14, dtype=torch.long)
    mask2[0, :5] = 0
    b, t = Dim("b", max=16), Dim("t", min=2, max=64)
    return Case(G(), [(torch.randint(0, 64, (2, 9)), mask), (torch.randint(0, 64, (3, 14)), mask2)],
                dynamic_shapes=({0: b, 1: t}, {0: b, 1: t}), atol=2e-4)


@case
def hf_roberta_padding_positions_dynamic():
    torch.manual_seed(71)
    m = _hf("RobertaModel", "RobertaConfig", vocab_size=64, hidden_size=32, num_hidden_layers=2,
            num_attention_heads=4, intermediate_size=64, max_position_embeddings=80, pad_token_id=1)

    class R(nn.Module):
        def __init__(self):
            super().__init__()
            self.m = m

        def forward(self, ids, mask):
            return self.m(input_ids=ids, attention_mask=mask).last_hidden_state
    ids = torch.randint(2, 64, (2, 10))
    ids[0, 7:] = 1
    mask = (ids != 1).long()
    ids2 = torch.randint(2, 64, (3, 21))
    ids2[2, 15:] = 1
    b, t = Dim("b", max=16), Dim("t", min=2, max=64)
    return Case(R(), [(ids, mask), (ids2, (ids2 != 1).long())], dynamic_shapes=({0: b, 1: t}, {0: b, 1: t}),
                atol=2e-4)


@case
def hf_llama_dynamic_length():
    torch.manual_seed(72)
    m = _hf("LlamaForCausalLM", "LlamaConfig", vocab_size=64, hidden_size=32, intermediate_size=48,
            num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64)
    return Case(_Logits(m), [(torch.randint(0, 64, (1, 8)),), (torch.randint(0, 64, (1, 19)),)],
                dynamic_shapes=(({1: Dim("t", min=2, max=64)},),), atol=2e-4)


# -- 71+. A sweep of tiny `transformers` architectures (text: ids in, logits / hidden states out) ----------
_TEXT = dict(vocab_size=64, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
             max_position_embeddings=64)
_HF_SWEEP = {
    "albert": ("AlbertModel", "AlbertConfig", dict(_TEXT, embedding_size=16), "last_hidden_state"),
    "deberta_v2": ("DebertaV2Model", "DebertaV2Config", dict(_TEXT, relative_attention=True, position_buckets=8,
                                                             pos_att_type=["p2c", "c2p"]), "last_hidden_state"),
    "electra": ("ElectraForMaskedLM", "ElectraConfig", dict(_TEXT, embedding_size=16), "logits"),
    "mpnet": ("MPNetModel", "MPNetConfig", dict(_TEXT), "last_hidden_state"),
    "bloom": ("BloomForCausalLM", "BloomConfig", dict(vocab_size=64, hidden_size=32, n_layer=2, n_head=4), "logits"),
    "opt": ("OPTForCausalLM", "OPTConfig", dict(vocab_size=64, hidden_size=32, num_hidden_layers=2, ffn_dim=64,
                                                num_attention_heads=4, max_position_embeddings=64,
                                                word_embed_proj_dim=32), "logits"),
    "gptj": ("GPTJForCausalLM", "GPTJConfig", dict(vocab_size=64, n_embd=32, n_layer=2, n_head=4, rotary_dim=4,
                                                   n_positions=64), "logits"),
    "falcon": ("FalconForCausalLM", "FalconConfig", dict(vocab_size=64, hidden_size=32, num_hidden_layers=2,
                                                         num_attention_heads=4), "logits"),
    "phi": ("PhiForCausalLM", "PhiConfig", dict(_TEXT), "logits"),
    "phi3": ("Phi3ForCausalLM", "Phi3Config", dict(_TEXT, num_key_value_heads=2, pad_token_id=0), "logits"),
    "gemma": ("GemmaForCausalLM", "GemmaConfig", dict(_TEXT, num_key_value_heads=1, head_dim=8), "logits"),
    "gemma2": ("Gemma2ForCausalLM", "Gemma2Config", dict(_TEXT, num_key_value_heads=2, head_dim=8,
                                                         sliding_window=4), "logits"),
    "mistral_sliding": ("MistralForCausalLM", "MistralConfig", dict(_TEXT, num_key_value_heads=2, sliding_window=4),
                        "logits"),
    "stablelm": ("StableLmForCausalLM", "StableLmConfig", dict(_TEXT, num_key_value_heads=2), "logits"),
    "starcoder2": ("Starcoder2ForCausalLM", "Starcoder2Config", dict(_TEXT, num_key_value_heads=2), "logits"),
    "qwen2_moe": ("Qwen2MoeForCausalLM", "Qwen2MoeConfig", dict(_TEXT, num_key_value_heads=2, num_experts=4,
                                                               num_experts_per_tok=2, moe_intermediate_size=16,
                                                               shared_expert_intermediate_size=16), "logits"),
    "olmoe": ("OlmoeForCausalLM", "OlmoeConfig", dict(_TEXT, num_experts=4, num_experts_per_tok=2), "logits"),
    "mamba": ("MambaForCausalLM", "MambaConfig", dict(vocab_size=64, hidden_size=32, num_hidden_layers=2,
                                                      state_size=4, expand=2, conv_kernel=4), "logits"),
}


def _hf_sweep_case(key):
    cls, cfg, kwargs, out = _HF_SWEEP[key]

    def build():
        torch.manual_seed(80)
        m = _hf(cls, cfg, **kwargs)
        return Case(_Logits(m, out), [(torch.randint(3, 64, (2, 9)),)], atol=3e-4, rtol=1e-3)
    build.__name__ = f"hf_{key}"
    return build


for _key in _HF_SWEEP:
    case(_hf_sweep_case(_key))


class _Images(nn.Module):
    def __init__(self, model, key):
        super().__init__()
        self.model, self.key = model, key

    def forward(self, x):
        return self.model(pixel_values=x)[self.key]


_HF_VISION = {
    "resnet": ("ResNetForImageClassification", "ResNetConfig", dict(embedding_size=8, hidden_sizes=[8, 16],
                                                                     depths=[1, 1], num_labels=3), 32),
    "mobilevit": ("MobileViTForImageClassification", "MobileViTConfig",
                  dict(image_size=32, patch_size=2, hidden_sizes=[16, 16, 16], neck_hidden_sizes=[8, 8, 16, 16, 16, 16, 32],
                       num_attention_heads=2, num_labels=3), 32),
    "segformer": ("SegformerForSemanticSegmentation", "SegformerConfig",
                  dict(num_encoder_blocks=2, depths=[1, 1], sr_ratios=[2, 1], hidden_sizes=[8, 16], patch_sizes=[7, 3],
                       strides=[4, 2], num_attention_heads=[1, 2], mlp_ratios=[2, 2], decoder_hidden_size=16,
                       num_labels=3), 32),
    "dinov2": ("Dinov2Model", "Dinov2Config", dict(hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                                                   intermediate_size=64, image_size=28, patch_size=7), 28),
}


def _hf_vision_case(key):
    cls, cfg, kwargs, size = _HF_VISION[key]

    def build():
        torch.manual_seed(81)
        m = _hf(cls, cfg, **kwargs)
        out = "logits" if ("Classification" in cls or "Segmentation" in cls) else "last_hidden_state"
        return Case(_Images(m, out), [(torch.randn(2, 3, size, size),)], atol=3e-4, rtol=1e-3)
    build.__name__ = f"hf_{key}"
    return build


for _key in _HF_VISION:
    case(_hf_vision_case(_key))


# -- Dynamic batch and length through some of the sweep (MoE routing, ALiBi, relative positions) --------
def _dynamic_text_case(key):
    def build():
        c = CASES[key]()
        b, t = Dim("b", min=1, max=16), Dim("t", min=2, max=48)
        c.dynamic_shapes = (({0: b, 1: t},),)
        c.inputs = [c.inputs[0], (torch.randint(3, 60, (3, 13)),)]
        return c
    build.__name__ = f"{key}_dynamic"
    return build


for _key in ("hf_qwen2_moe", "hf_olmoe", "hf_mixtral_tiny", "hf_bloom", "hf_deberta_v2", "hf_gemma", "hf_phi"):
    case(_dynamic_text_case(_key))
