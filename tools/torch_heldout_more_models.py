"""More held-out-style PyTorch models for tools/torch_heldout.py (names start with `more_`): a
second set written apart from torch_heldout_models.py's, the way outside users write them
(Perceiver, VAE, DeepLab ASPP, MBConv, WaveNet, PointNet, CLIP, a LLaMA block with a KV cache,
a Mamba-style scan, nn.Transformer pieces, index arithmetic, in-place updates of buffers, ...).
Random weights, nothing downloaded; several take a dynamic batch or length."""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import nn
from torch.export import Dim

from torch_heldout_models import Case

CASES = {}


def case(fn):
    CASES["more_" + fn.__name__] = fn
    return fn


def _batch(max_=32):
    return Dim("batch", min=1, max=max_)


# -- Perceiver: learned latents cross-attend to a long input, then self-attend ----------------------
class Perceiver(nn.Module):
    def __init__(self, d_in=12, d=32, n_latents=6, classes=5):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(n_latents, d) * 0.2)
        self.proj = nn.Linear(d_in, d)
        self.cross = nn.MultiheadAttention(d, 4, batch_first=True)
        self.self_attn = nn.TransformerEncoderLayer(d, 4, 64, dropout=0.0, batch_first=True, norm_first=True)
        self.ln = nn.LayerNorm(d)
        self.head = nn.Linear(d, classes)

    def forward(self, x):
        kv = self.proj(x)
        lat = self.latents.unsqueeze(0).expand(x.shape[0], -1, -1)
        lat = lat + self.cross(self.ln(lat), kv, kv, need_weights=False)[0]
        lat = self.self_attn(lat)
        return self.head(lat.mean(dim=1))


@case
def perceiver_cross_attention():
    torch.manual_seed(101)
    b, n = _batch(), Dim("n", min=2, max=64)
    return Case(Perceiver(), [(torch.randn(2, 20, 12),), (torch.randn(3, 7, 12),)],
                dynamic_shapes=({0: b, 1: n},))


# -- VAE with the reparameterization trick (the noise is an input drawn with a fixed seed) ----------
class VAE(nn.Module):
    def __init__(self, d=24, h=32, z=6):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(d, h), nn.LeakyReLU(0.2), nn.Linear(h, 2 * z))
        self.dec = nn.Sequential(nn.Linear(z, h), nn.ReLU(), nn.Linear(h, d))

    def forward(self, x, eps):
        mu, logvar = self.enc(x).chunk(2, dim=-1)
        z = mu + torch.exp(0.5 * logvar) * eps
        recon = torch.sigmoid(self.dec(z))
        kl = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp(), dim=1).mean()
        bce = F.binary_cross_entropy(recon, x, reduction="sum") / x.shape[0]
        return recon, mu, logvar, bce + kl


@case
def vae_reparameterization():
    torch.manual_seed(102)
    g = torch.Generator().manual_seed(7)
    sets = [(torch.rand(b, 24), torch.randn(b, 6, generator=g)) for b in (4, 9)]
    b = _batch()
    return Case(VAE(), sets, dynamic_shapes=({0: b}, {0: b}))


# -- DeepLab ASPP: dilated convs, image pooling, bilinear upsampling ---------------------------------
class ASPP(nn.Module):
    def __init__(self, cin, cout, rates=(1, 2, 3)):
        super().__init__()
        self.branches = nn.ModuleList(
            [nn.Sequential(nn.Conv2d(cin, cout, 1 if r == 1 else 3, padding=0 if r == 1 else r, dilation=r,
                                     bias=False), nn.BatchNorm2d(cout), nn.ReLU()) for r in rates])
        self.pool = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Conv2d(cin, cout, 1, bias=False), nn.ReLU())
        self.project = nn.Sequential(nn.Conv2d(cout * (len(rates) + 1), cout, 1, bias=False),
                                     nn.BatchNorm2d(cout), nn.ReLU(), nn.Dropout(0.5))

    def forward(self, x):
        outs = [b(x) for b in self.branches]
        p = self.pool(x)
        outs.append(F.interpolate(p, size=x.shape[-2:], mode="bilinear", align_corners=False))
        return self.project(torch.cat(outs, dim=1))


class DeepLab(nn.Module):
    def __init__(self, classes=4):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.BatchNorm2d(16), nn.ReLU(),
                                      nn.Conv2d(16, 24, 3, 2, 1), nn.BatchNorm2d(24), nn.ReLU())
        self.aspp = ASPP(24, 16)
        self.cls = nn.Conv2d(16, classes, 1)

    def forward(self, x):
        y = self.cls(self.aspp(self.backbone(x)))
        return F.interpolate(y, size=x.shape[-2:], mode="bilinear", align_corners=False)


def _randomize_bn(model):
    for m in model.modules():
        if isinstance(m, nn.modules.batchnorm._BatchNorm):
            m.running_mean.uniform_(-0.2, 0.2)
            m.running_var.uniform_(0.5, 1.5)
    return model


@case
def deeplab_aspp_dynamic_batch():
    torch.manual_seed(103)
    return Case(_randomize_bn(DeepLab()), [(torch.randn(2, 3, 32, 32),), (torch.randn(3, 3, 32, 32),)],
                dynamic_shapes=({0: _batch()},))


# -- EfficientNet MBConv: SiLU, squeeze-excitation, stochastic depth (identity in eval) ----------------
class MBConv(nn.Module):
    def __init__(self, cin, cout, expand=4, stride=1, se_ratio=0.25, p_drop=0.2):
        super().__init__()
        mid = cin * expand
        self.use_res = stride == 1 and cin == cout
        self.expand = nn.Sequential(nn.Conv2d(cin, mid, 1, bias=False), nn.BatchNorm2d(mid), nn.SiLU())
        self.dw = nn.Sequential(nn.Conv2d(mid, mid, 3, stride, 1, groups=mid, bias=False), nn.BatchNorm2d(mid),
                                nn.SiLU())
        sq = max(1, int(cin * se_ratio))
        self.se_reduce, self.se_expand = nn.Conv2d(mid, sq, 1), nn.Conv2d(sq, mid, 1)
        self.project = nn.Sequential(nn.Conv2d(mid, cout, 1, bias=False), nn.BatchNorm2d(cout))
        self.p_drop = p_drop

    def forward(self, x):
        y = self.dw(self.expand(x))
        s = F.adaptive_avg_pool2d(y, 1)
        y = y * torch.sigmoid(self.se_expand(F.silu(self.se_reduce(s))))
        y = self.project(y)
        if self.use_res:
            if self.training and self.p_drop > 0:       # stochastic depth: per-sample keep mask
                keep = torch.rand(x.shape[0], 1, 1, 1) >= self.p_drop
                y = y * keep / (1 - self.p_drop)
            y = y + x
        return y


class EfficientNetish(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1, bias=False), nn.BatchNorm2d(8), nn.SiLU())
        self.blocks = nn.Sequential(MBConv(8, 8), MBConv(8, 16, stride=2), MBConv(16, 16))
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.3), nn.Linear(16, 10))

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)))


@case
def efficientnet_mbconv_se():
    torch.manual_seed(104)
    return Case(_randomize_bn(EfficientNetish()), [(torch.randn(2, 3, 32, 32),), (torch.randn(5, 3, 32, 32),)],
                dynamic_shapes=({0: _batch()},))


# -- WaveNet: causal dilated conv1d (left pad), gated activations, residual and skip paths ------------
class WaveNet(nn.Module):
    def __init__(self, ch=16, skip=16, dilations=(1, 2, 4, 8), classes=8):
        super().__init__()
        self.inp = nn.Conv1d(1, ch, 1)
        self.dil = nn.ModuleList([nn.Conv1d(ch, 2 * ch, 2, dilation=d) for d in dilations])
        self.res = nn.ModuleList([nn.Conv1d(ch, ch, 1) for _ in dilations])
        self.skp = nn.ModuleList([nn.Conv1d(ch, skip, 1) for _ in dilations])
        self.out = nn.Sequential(nn.ReLU(), nn.Conv1d(skip, skip, 1), nn.ReLU(), nn.Conv1d(skip, classes, 1))
        self.dilations = dilations

    def forward(self, audio):
        x = self.inp(audio)
        skips = 0
        for d, dil, res, skp in zip(self.dilations, self.dil, self.res, self.skp):
            h = dil(F.pad(x, (d, 0)))                   # causal: only the past
            a, b = h.chunk(2, dim=1)
            h = torch.tanh(a) * torch.sigmoid(b)
            skips = skips + skp(h)
            x = x + res(h)
        return F.log_softmax(self.out(skips), dim=1)


@case
def wavenet_causal_dilated_dynamic_length():
    torch.manual_seed(105)
    t = Dim("t", min=4, max=256)
    return Case(WaveNet(), [(torch.randn(2, 1, 50),), (torch.randn(2, 1, 17),)], dynamic_shapes=({2: t},))


# -- PointNet: shared MLP as conv1d, max over points, a T-net-style 3x3 transform ---------------------
class PointNet(nn.Module):
    def __init__(self, classes=6):
        super().__init__()
        self.tnet = nn.Sequential(nn.Conv1d(3, 16, 1), nn.BatchNorm1d(16), nn.ReLU(), nn.Conv1d(16, 32, 1), nn.ReLU())
        self.tfc = nn.Linear(32, 9)
        self.mlp = nn.Sequential(nn.Conv1d(3, 16, 1), nn.BatchNorm1d(16), nn.ReLU(),
                                 nn.Conv1d(16, 64, 1), nn.BatchNorm1d(64), nn.ReLU())
        self.fc = nn.Sequential(nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, classes))

    def forward(self, pts):                         # (B, N, 3)
        x = pts.transpose(1, 2)
        t = self.tfc(torch.max(self.tnet(x), 2, keepdim=False)[0]).view(-1, 3, 3)
        t = t + torch.eye(3, device=pts.device).unsqueeze(0)
        x = torch.bmm(pts, t).transpose(1, 2)
        feat, idx = self.mlp(x).max(dim=2)
        return self.fc(feat), idx


@case
def pointnet_max_over_points():
    torch.manual_seed(106)
    b, n = _batch(), Dim("n", min=2, max=512)
    return Case(_randomize_bn(PointNet()), [(torch.randn(2, 40, 3),), (torch.randn(3, 13, 3),)],
                dynamic_shapes=({0: b, 1: n},))


# -- CLIP-style dual encoder: normalized embeddings and a learned logit scale ------------------------
class CLIPish(nn.Module):
    def __init__(self, vocab=50, d=32, e=16):
        super().__init__()
        self.img = nn.Sequential(nn.Conv2d(3, 16, 4, 4), nn.GELU(), nn.Flatten(2))
        self.img_proj = nn.Linear(16, e, bias=False)
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Parameter(torch.randn(16, d) * 0.02)
        self.txt = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 2, 64, 0.0, batch_first=True), 1,
                                         enable_nested_tensor=False)
        self.txt_proj = nn.Linear(d, e, bias=False)
        self.logit_scale = nn.Parameter(torch.tensor(math.log(1 / 0.07)))

    def forward(self, image, text):
        i = self.img_proj(self.img(image).mean(-1))
        t = self.tok(text) + self.pos[: text.shape[1]]
        t = self.txt(t)
        eot = text.argmax(dim=-1)                    # the end token has the largest id
        t = self.txt_proj(t[torch.arange(t.shape[0]), eot])
        i, t = F.normalize(i, dim=-1), t / t.norm(dim=-1, keepdim=True)
        logits = self.logit_scale.exp().clamp(max=100) * i @ t.t()
        labels = torch.arange(logits.shape[0])
        loss = (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2
        return logits, logits.t(), loss


@case
def clip_dual_encoder():
    torch.manual_seed(107)
    b = _batch()
    sets = [(torch.randn(n, 3, 16, 16), torch.randint(0, 50, (n, 7))) for n in (3, 5)]
    return Case(CLIPish(), sets, dynamic_shapes=({0: b}, {0: b}), atol=2e-4)


# -- LLaMA block: RMSNorm, GQA, RoPE, SwiGLU, a KV cache written with index_copy_ ---------------------
class LlamaBlock(nn.Module):
    def __init__(self, d=32, heads=4, kv_heads=2, max_len=16, batch=2):
        super().__init__()
        self.h, self.kv, self.hd = heads, kv_heads, d // heads
        self.wq = nn.Linear(d, d, bias=False)
        self.wk = nn.Linear(d, kv_heads * self.hd, bias=False)
        self.wv = nn.Linear(d, kv_heads * self.hd, bias=False)
        self.wo = nn.Linear(d, d, bias=False)
        self.w1, self.w3 = nn.Linear(d, 64, bias=False), nn.Linear(d, 64, bias=False)
        self.w2 = nn.Linear(64, d, bias=False)
        self.n1, self.n2 = nn.Parameter(torch.rand(d) + 0.5), nn.Parameter(torch.rand(d) + 0.5)
        inv = 1.0 / (10000 ** (torch.arange(0, self.hd, 2).float() / self.hd))
        ang = torch.outer(torch.arange(max_len).float(), inv)
        self.register_buffer("cos", ang.cos(), persistent=False)
        self.register_buffer("sin", ang.sin(), persistent=False)
        self.register_buffer("k_cache", torch.zeros(batch, kv_heads, max_len, self.hd))
        self.register_buffer("v_cache", torch.zeros(batch, kv_heads, max_len, self.hd))

    @staticmethod
    def rms(x, w, eps=1e-6):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * w

    def rope(self, x, pos):                  # x: (B, H, T, hd), interleaved pairs
        cos, sin = self.cos[pos][None, None], self.sin[pos][None, None]
        x1, x2 = x[..., 0::2], x[..., 1::2]
        return torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1).flatten(-2)

    def forward(self, x, input_pos):
        b, t, _ = x.shape
        h = self.rms(x, self.n1)
        q = self.wq(h).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.wk(h).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.wv(h).view(b, t, self.kv, self.hd).transpose(1, 2)
        q, k = self.rope(q, input_pos), self.rope(k, input_pos)
        self.k_cache.index_copy_(2, input_pos, k)
        self.v_cache.index_copy_(2, input_pos, v)
        keys = self.k_cache.repeat_interleave(self.h // self.kv, dim=1)
        vals = self.v_cache.repeat_interleave(self.h // self.kv, dim=1)
        mask = torch.arange(self.k_cache.shape[2])[None, :] <= input_pos[:, None]
        a = F.scaled_dot_product_attention(q, keys, vals, attn_mask=mask)
        x = x + self.wo(a.transpose(1, 2).reshape(b, t, -1))
        h = self.rms(x, self.n2)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


@case
def llama_block_gqa_rope_kv_cache():
    torch.manual_seed(108)
    return Case(LlamaBlock(), [(torch.randn(2, 5, 32), torch.arange(5)),
                               (torch.randn(2, 5, 32), torch.arange(3, 8))])


@case
def llama_block_decode_step_dynamic_length():
    torch.manual_seed(109)
    t = Dim("t", min=1, max=16)
    return Case(LlamaBlock(), [(torch.randn(2, 4, 32), torch.arange(2, 6)), (torch.randn(2, 1, 32), torch.tensor([9]))],
                dynamic_shapes=({1: t}, {0: t}))


# -- Mamba-style selective scan written with a Python loop over time ----------------------------------
class MambaBlock(nn.Module):
    def __init__(self, d=16, e=32, n=4, conv=4):
        super().__init__()
        self.in_proj = nn.Linear(d, 2 * e)
        self.conv = nn.Conv1d(e, e, conv, groups=e, padding=conv - 1)
        self.x_proj = nn.Linear(e, 1 + 2 * n, bias=False)
        self.dt_proj = nn.Linear(1, e)
        self.A_log = nn.Parameter(torch.log(torch.arange(1, n + 1).float()).repeat(e, 1))
        self.D = nn.Parameter(torch.ones(e))
        self.out = nn.Linear(e, d)
        self.n = n

    def forward(self, x):
        b, L, _ = x.shape
        xz = self.in_proj(x)
        u, z = xz.chunk(2, dim=-1)
        u = F.silu(self.conv(u.transpose(1, 2))[..., :L].transpose(1, 2))
        dt, B, C = torch.split(self.x_proj(u), [1, self.n, self.n], dim=-1)
        dt = F.softplus(self.dt_proj(dt))                        # (b, L, e)
        A = -torch.exp(self.A_log)                                # (e, n)
        h = torch.zeros(b, u.shape[-1], self.n)
        ys = []
        for i in range(L):
            dA = torch.exp(dt[:, i, :, None] * A)
            h = dA * h + (dt[:, i] * u[:, i])[..., None] * B[:, i, None, :]
            ys.append((h * C[:, i, None, :]).sum(-1))
        y = torch.stack(ys, dim=1) + u * self.D
        return self.out(y * F.silu(z))


@case
def mamba_selective_scan_loop():
    torch.manual_seed(110)
    return Case(MambaBlock(), [(torch.randn(2, 8, 16),)])


# -- nn.MultiheadAttention with a key padding mask and averaged weights -------------------------------
class PaddedMHA(nn.Module):
    def __init__(self, d=32):
        super().__init__()
        self.mha = nn.MultiheadAttention(d, 4, batch_first=True, bias=True, add_bias_kv=False)
        self.ff = nn.Linear(d, 3)

    def forward(self, x, lengths):
        pad = torch.arange(x.shape[1])[None, :] >= lengths[:, None]
        y, w = self.mha(x, x, x, key_padding_mask=pad, need_weights=True, average_attn_weights=True)
        y = y.masked_fill(pad[..., None], 0.0)
        pooled = y.sum(1) / lengths[:, None].clamp(min=1).to(y.dtype)
        return self.ff(pooled), w


@case
def mha_key_padding_mask_dynamic():
    torch.manual_seed(111)
    b, t = _batch(), Dim("t", min=2, max=64)
    return Case(PaddedMHA(), [(torch.randn(3, 9, 32), torch.tensor([9, 4, 1])),
                              (torch.randn(2, 5, 32), torch.tensor([2, 5]))],
                dynamic_shapes=({0: b, 1: t}, {0: b}))


# -- nn.TransformerDecoder: causal target mask, memory padding mask -----------------------------------
class Decoder(nn.Module):
    def __init__(self, vocab=40, d=32):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        layer = nn.TransformerDecoderLayer(d, 4, 64, dropout=0.1, batch_first=True, activation="gelu")
        self.dec = nn.TransformerDecoder(layer, 2, norm=nn.LayerNorm(d))
        self.lm = nn.Linear(d, vocab)

    def forward(self, tokens, memory, memory_pad):
        t = tokens.shape[1]
        causal = nn.Transformer.generate_square_subsequent_mask(t)
        y = self.dec(self.emb(tokens) * math.sqrt(32), memory, tgt_mask=causal, tgt_is_causal=True,
                     memory_key_padding_mask=memory_pad)
        return self.lm(y)


@case
def transformer_decoder_masks():
    torch.manual_seed(112)
    pad = torch.tensor([[False] * 6 + [True] * 2, [False] * 8])
    return Case(Decoder(), [(torch.randint(0, 40, (2, 5)), torch.randn(2, 8, 32), pad)], atol=2e-4)


# -- torch.where masks, F.one_hot, bool logic ----------------------------------------------------------
class MaskLogic(nn.Module):
    def __init__(self, classes=7):
        super().__init__()
        self.classes = classes
        self.w = nn.Linear(classes, 4)

    def forward(self, labels, scores):
        oh = F.one_hot(labels.clamp(0, self.classes - 1), self.classes).float()
        valid = (labels >= 0) & (labels < self.classes)
        oh = torch.where(valid[..., None], oh, torch.zeros_like(oh))
        big = scores > scores.mean(dim=-1, keepdim=True)
        either = big ^ valid
        s = torch.where(big, scores, -scores).masked_fill(~valid, float("-inf"))
        best = s.max(dim=-1).values
        best = torch.where(torch.isinf(best), torch.zeros_like(best), best)
        return self.w(oh).sum(1), either.sum(-1), best, valid.any(-1), valid.all(-1)


@case
def where_onehot_bool_masks_dynamic():
    torch.manual_seed(113)
    b = _batch()
    sets = [(torch.randint(-2, 9, (n, 6)), torch.randn(n, 6)) for n in (4, 7)]
    return Case(MaskLogic(), sets, dynamic_shapes=({0: b}, {0: b}))


# -- bucketize / searchsorted: piecewise-linear calibration and binned embeddings ---------------------
class Calibrator(nn.Module):
    def __init__(self, bins=8, d=6):
        super().__init__()
        self.register_buffer("edges", torch.linspace(-2, 2, bins + 1))
        self.emb = nn.Embedding(bins + 2, d)
        self.values = nn.Parameter(torch.randn(bins + 1).cumsum(0))

    def forward(self, x, table):
        ids = torch.bucketize(x, self.edges, right=False)
        e = self.emb(ids)
        j = torch.searchsorted(self.edges, x.contiguous(), right=True).clamp(1, self.edges.numel() - 1)
        x0, x1 = self.edges[j - 1], self.edges[j]
        y0, y1 = self.values[j - 1], self.values[j]
        t = ((x - x0) / (x1 - x0)).clamp(0, 1)
        pos = torch.searchsorted(table, x, side="left")      # a sorted row per sample
        return e.mean(-1), torch.lerp(y0, y1, t), pos


@case
def bucketize_searchsorted_calibration():
    torch.manual_seed(114)
    b = _batch()
    sets = [(torch.randn(n, 5) * 1.5, torch.sort(torch.randn(n, 9), dim=-1).values) for n in (3, 6)]
    return Case(Calibrator(), sets, dynamic_shapes=({0: b}, {0: b}))


# -- prototypes: cdist, soft-min with logsumexp, norm variants -----------------------------------------
class ProtoNet(nn.Module):
    def __init__(self, d=8, protos=5):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(12, 16), nn.Tanh(), nn.Linear(16, d))
        self.protos = nn.Parameter(torch.randn(protos, d))

    def forward(self, x):
        z = self.enc(x)
        d2 = torch.cdist(z, self.protos) ** 2
        d1 = torch.cdist(z, self.protos, p=1)
        soft_min = -torch.logsumexp(-d2, dim=-1)
        n_inf = torch.linalg.vector_norm(z, ord=float("inf"), dim=-1)
        n_1 = torch.linalg.norm(z, ord=1, dim=-1)
        fro = torch.norm(self.protos, p="fro")
        nuc = torch.linalg.matrix_norm(self.protos[:, :5], ord=2)
        return F.log_softmax(-d2, dim=-1), d1, soft_min, n_inf + n_1, fro, nuc


@case
def cdist_logsumexp_norms_dynamic():
    torch.manual_seed(115)
    # cdist picks its algorithm by size (the mm form past 25 rows): export guards the batch to 2..25
    return Case(ProtoNet(), [(torch.randn(4, 12),), (torch.randn(11, 12),)],
                dynamic_shapes=({0: Dim("batch", min=2, max=25)},), atol=2e-4)


# -- spectral features without complex outputs: rfft magnitudes, phase-free filtering -----------------
class Spectral(nn.Module):
    def __init__(self, n=32, bins=17, d=8):
        super().__init__()
        self.register_buffer("window", torch.hann_window(n))
        self.fc = nn.Linear(bins, d)
        self.gain = nn.Parameter(torch.rand(bins) + 0.5)

    def forward(self, x):                                   # (B, n)
        spec = torch.fft.rfft(x * self.window, dim=-1)
        mag = spec.abs()
        power = spec.real ** 2 + spec.imag ** 2
        filtered = torch.fft.irfft(spec * self.gain, n=x.shape[-1], dim=-1)
        return self.fc(torch.log1p(mag)), power.sum(-1), filtered


@case
def rfft_magnitude_irfft_filter():
    torch.manual_seed(116)
    return Case(Spectral(), [(torch.randn(3, 32),)], atol=2e-4)


# -- int64 index arithmetic: flat <-> (row, col), floor division, cumsum positions --------------------
class IndexMath(nn.Module):
    def forward(self, scores, mask):
        b, h, w = scores.shape
        flat = scores.flatten(1).argmax(dim=1)
        row = torch.div(flat, w, rounding_mode="floor")
        col = flat % w
        pos = torch.cumsum(mask.long(), dim=1) - 1
        pos = torch.where(mask, pos, torch.full_like(pos, -1))
        packed = (row << 8) | col
        picked = scores.flatten(1).gather(1, (row * w + col)[:, None]).squeeze(1)
        rev = torch.flip(pos, dims=[1]).max(dim=1).values
        return row, col, pos, packed, picked, rev, (flat // 3) * 3 + torch.remainder(-flat, 3)


@case
def int64_index_arithmetic_dynamic():
    torch.manual_seed(117)
    b = _batch()
    sets = [(torch.randn(n, 4, 6), torch.rand(n, 7) > 0.4) for n in (2, 5)]
    return Case(IndexMath(), sets, dynamic_shapes=({0: b}, {0: b}))


# -- buffers updated in forward, in-place ops ------------------------------------------------------
class RunningStats(nn.Module):
    def __init__(self, d=6):
        super().__init__()
        self.register_buffer("ema", torch.zeros(d))
        self.register_buffer("count", torch.zeros((), dtype=torch.long))
        self.register_buffer("peak", torch.full((d,), -1e9))
        self.lin = nn.Linear(d, d)

    def forward(self, x):
        self.count += 1
        self.ema.mul_(0.9).add_(0.1 * x.mean(0))
        torch.maximum(self.peak, x.amax(0), out=self.peak)
        y = self.lin(x)
        y.relu_()
        y.clamp_(max=1.5)
        y[:, 0] = self.count.float()
        y.add_(self.ema)
        return y, self.peak.clone()


@case
def buffers_updated_inplace_ops():
    torch.manual_seed(118)
    return Case(RunningStats(), [(torch.randn(4, 6),), (torch.randn(4, 6) * 3,)])


# -- seq2seq decoder loop: GRUCell with additive (Bahdanau) attention, greedy feedback --------------
class AttnDecoder(nn.Module):
    def __init__(self, vocab=20, d=16, steps=4):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.enc = nn.GRU(d, d, batch_first=True)
        self.cell = nn.GRUCell(2 * d, d)
        self.wa, self.ua, self.va = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, 1, bias=False)
        self.out = nn.Linear(d, vocab)
        self.steps = steps

    def forward(self, src):
        mem, h = self.enc(self.emb(src))
        h = h[0]
        tok = torch.zeros(src.shape[0], dtype=torch.long)
        logits = []
        for _ in range(self.steps):
            e = self.va(torch.tanh(self.wa(h)[:, None] + self.ua(mem))).squeeze(-1)
            ctx = (F.softmax(e, dim=1)[..., None] * mem).sum(1)
            h = self.cell(torch.cat([self.emb(tok), ctx], dim=-1), h)
            lg = self.out(h)
            logits.append(lg)
            tok = lg.argmax(-1)
        return torch.stack(logits, 1)


@case
def gru_attention_greedy_decoder():
    torch.manual_seed(119)
    return Case(AttnDecoder(), [(torch.randint(0, 20, (3, 6)),)])


# -- YOLO-style head decode: meshgrid, sigmoid / exp with anchors ---------------------------------------
class YoloHead(nn.Module):
    def __init__(self, classes=3, anchors=((10, 13), (16, 30))):
        super().__init__()
        self.na, self.nc = len(anchors), classes
        self.conv = nn.Conv2d(8, self.na * (5 + classes), 1)
        self.register_buffer("anchors", torch.tensor(anchors, dtype=torch.float32))
        self.stride = 8

    def forward(self, feat):
        b, _, h, w = feat.shape
        p = self.conv(feat).view(b, self.na, 5 + self.nc, h, w).permute(0, 1, 3, 4, 2)
        gy, gx = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
        grid = torch.stack((gx, gy), -1).view(1, 1, h, w, 2).float()
        xy = (p[..., :2].sigmoid() * 2 - 0.5 + grid) * self.stride
        wh = (p[..., 2:4].sigmoid() * 2) ** 2 * self.anchors.view(1, self.na, 1, 1, 2)
        conf = p[..., 4:].sigmoid()
        return torch.cat([xy, wh, conf], -1).view(b, -1, 5 + self.nc)


@case
def yolo_head_decode_dynamic():
    torch.manual_seed(120)
    b, h, w = _batch(), Dim("h", min=2, max=32), Dim("w", min=2, max=32)
    return Case(YoloHead(), [(torch.randn(2, 8, 4, 5),), (torch.randn(1, 8, 7, 3),)],
                dynamic_shapes=({0: b, 2: h, 3: w},))


# -- capsule network: dynamic routing iterations with squash ------------------------------------------
def squash(s, dim=-1):
    n2 = (s ** 2).sum(dim=dim, keepdim=True)
    return n2 / (1 + n2) * s / torch.sqrt(n2 + 1e-8)


class Capsules(nn.Module):
    def __init__(self, n_in=8, d_in=4, n_out=3, d_out=6, iters=3):
        super().__init__()
        self.W = nn.Parameter(torch.randn(1, n_in, n_out, d_out, d_in) * 0.3)
        self.iters = iters

    def forward(self, u):                      # (B, n_in, d_in)
        u_hat = (self.W @ u[:, :, None, :, None]).squeeze(-1)          # (B, n_in, n_out, d_out)
        logits = torch.zeros(u_hat.shape[:3])
        for i in range(self.iters):
            c = logits.softmax(dim=2)
            v = squash((c[..., None] * u_hat).sum(1))
            if i < self.iters - 1:
                logits = logits + (u_hat * v[:, None]).sum(-1)
        return v, v.norm(dim=-1)


@case
def capsule_dynamic_routing():
    torch.manual_seed(121)
    return Case(Capsules(), [(torch.randn(2, 8, 4),), (torch.randn(5, 8, 4),)], dynamic_shapes=({0: _batch()},))


# -- losses users write inline: focal loss, label smoothing, ignore_index ---------------------------
class Losses(nn.Module):
    def __init__(self, d=10, classes=5):
        super().__init__()
        self.fc = nn.Linear(d, classes)

    def forward(self, x, target):
        logits = self.fc(x)
        ce = F.cross_entropy(logits, target, ignore_index=-100, label_smoothing=0.1)
        logp = F.log_softmax(logits, -1)
        safe = target.clamp(min=0)
        pt = logp.gather(1, safe[:, None]).squeeze(1).exp()
        focal = -((1 - pt) ** 2) * torch.log(pt.clamp(min=1e-6))
        focal = (focal * (target != -100)).sum() / (target != -100).sum().clamp(min=1)
        nll = F.nll_loss(logp, target, ignore_index=-100, reduction="none")
        kl = F.kl_div(logp, F.softmax(logits.detach() * 0.5, -1), reduction="batchmean")
        return ce, focal, nll, kl


@case
def focal_label_smoothing_losses():
    torch.manual_seed(122)
    return Case(Losses(), [(torch.randn(6, 10), torch.tensor([0, 4, -100, 2, 1, -100]))])


# -- tabular: categorical embeddings, batch norm over numeric columns, dynamic batch ---------------------
class Tabular(nn.Module):
    def __init__(self, cards=(5, 9, 3), d=4, numeric=6):
        super().__init__()
        self.embs = nn.ModuleList([nn.Embedding(c, d) for c in cards])
        self.bn = nn.BatchNorm1d(numeric)
        self.mlp = nn.Sequential(nn.Linear(len(cards) * d + numeric, 16), nn.Mish(), nn.Dropout(0.1),
                                 nn.Linear(16, 1))

    def forward(self, cats, nums):
        e = [emb(cats[:, i]) for i, emb in enumerate(self.embs)]
        x = torch.cat(e + [self.bn(torch.nan_to_num(nums, nan=0.0))], dim=1)
        return self.mlp(x).squeeze(-1)


@case
def tabular_embeddings_batchnorm_dynamic():
    torch.manual_seed(123)
    b = _batch()

    def inputs(n):
        cats = torch.stack([torch.randint(0, c, (n,)) for c in (5, 9, 3)], 1)
        nums = torch.randn(n, 6)
        nums[0, 2] = float("nan")
        return cats, nums
    return Case(_randomize_bn(Tabular()), [inputs(4), inputs(10)], dynamic_shapes=({0: b}, {0: b}))


# -- MLP-Mixer: token mixing over transposes ------------------------------------------------------------
class MixerBlock(nn.Module):
    def __init__(self, tokens, d, t_hidden=16, c_hidden=32):
        super().__init__()
        self.n1, self.n2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.tok = nn.Sequential(nn.Linear(tokens, t_hidden), nn.GELU(), nn.Linear(t_hidden, tokens))
        self.ch = nn.Sequential(nn.Linear(d, c_hidden), nn.GELU(approximate="tanh"), nn.Linear(c_hidden, d))

    def forward(self, x):
        x = x + self.tok(self.n1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.ch(self.n2(x))


class Mixer(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch = nn.Conv2d(3, 16, 4, 4)
        self.blocks = nn.Sequential(MixerBlock(16, 16), MixerBlock(16, 16))
        self.head = nn.Linear(16, 10)

    def forward(self, x):
        x = self.patch(x).flatten(2).transpose(1, 2)
        return self.head(self.blocks(x).mean(1))


@case
def mlp_mixer_dynamic_batch():
    torch.manual_seed(124)
    return Case(Mixer(), [(torch.randn(2, 3, 16, 16),), (torch.randn(4, 3, 16, 16),)],
                dynamic_shapes=({0: _batch()},))


# -- ConvNeXt block written by hand: depthwise 7x7, channels-last LayerNorm, layer scale, drop path ------
class ConvNeXtBlock(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.dw = nn.Conv2d(d, d, 7, padding=3, groups=d)
        self.norm = nn.LayerNorm(d, eps=1e-6)
        self.pw1, self.pw2 = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)
        self.gamma = nn.Parameter(torch.full((d,), 0.5))

    def forward(self, x):
        y = self.dw(x).permute(0, 2, 3, 1)
        y = self.gamma * self.pw2(F.gelu(self.pw1(self.norm(y))))
        return x + y.permute(0, 3, 1, 2)


@case
def convnext_block_dynamic_image():
    torch.manual_seed(125)
    b, h = _batch(), Dim("h", min=7, max=64)
    model = nn.Sequential(nn.Conv2d(3, 16, 2, 2), ConvNeXtBlock(), ConvNeXtBlock())
    return Case(model, [(torch.randn(2, 3, 16, 20),), (torch.randn(1, 3, 22, 20),)],
                dynamic_shapes=({0: b, 2: 2 * h},))


# -- Sinkhorn iterations in log space (optimal transport) ----------------------------------------------
class Sinkhorn(nn.Module):
    def __init__(self, iters=5, eps=0.1):
        super().__init__()
        self.iters, self.eps = iters, eps

    def forward(self, x, y):
        cost = torch.cdist(x, y) ** 2
        log_k = -cost / self.eps
        n, m = cost.shape[-2:]
        log_a = torch.full((x.shape[0], n), -math.log(n))
        log_b = torch.full((x.shape[0], m), -math.log(m))
        u, v = torch.zeros_like(log_a), torch.zeros_like(log_b)
        for _ in range(self.iters):
            u = log_a - torch.logsumexp(log_k + v[:, None, :], dim=2)
            v = log_b - torch.logsumexp(log_k + u[:, :, None], dim=1)
        plan = torch.exp(log_k + u[:, :, None] + v[:, None, :])
        return plan, (plan * cost).sum((1, 2))


@case
def sinkhorn_log_domain():
    torch.manual_seed(126)
    return Case(Sinkhorn(), [(torch.randn(2, 6, 3), torch.randn(2, 5, 3))], atol=2e-4)


# -- ALiBi attention: slopes from powers, causal mask from triu, dynamic length -------------------------
class ALiBi(nn.Module):
    def __init__(self, d=32, heads=4):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)
        self.register_buffer("slopes", torch.tensor([2 ** (-8 * (i + 1) / heads) for i in range(heads)]))

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.h, d // self.h).permute(2, 0, 3, 1, 4)
        pos = torch.arange(t)
        bias = -(pos[None, :] - pos[:, None]).abs().float() * self.slopes[:, None, None]
        causal = torch.triu(torch.ones(t, t, dtype=torch.bool), diagonal=1)
        s = (q @ k.transpose(-1, -2)) / math.sqrt(d // self.h) + bias
        s = s.masked_fill(causal, float("-inf"))
        y = s.softmax(-1) @ v
        return self.o(y.transpose(1, 2).reshape(b, t, d))


@case
def alibi_causal_attention_dynamic_length():
    torch.manual_seed(127)
    t = Dim("t", min=2, max=64)
    return Case(ALiBi(), [(torch.randn(2, 9, 32),), (torch.randn(2, 4, 32),)], dynamic_shapes=({1: t},))


# -- Gumbel-softmax with the noise as an input; straight-through hard one-hot via scatter ---------------
class GumbelST(nn.Module):
    def __init__(self, d=8, k=6, tau=0.7):
        super().__init__()
        self.fc = nn.Linear(d, k)
        self.codebook = nn.Parameter(torch.randn(k, 4))
        self.tau = tau

    def forward(self, x, u):
        g = -torch.log(-torch.log(u.clamp(1e-6, 1 - 1e-6)))
        y = F.softmax((self.fc(x) + g) / self.tau, dim=-1)
        idx = y.argmax(-1, keepdim=True)
        hard = torch.zeros_like(y).scatter_(-1, idx, 1.0)
        st = hard - y.detach() + y
        return st @ self.codebook, idx.squeeze(-1)


@case
def gumbel_straight_through_scatter():
    torch.manual_seed(128)
    g = torch.Generator().manual_seed(3)
    return Case(GumbelST(), [(torch.randn(5, 8), torch.rand(5, 6, generator=g))])


# -- beam search step: topk over flattened beams, // and % back to (beam, token) -------------------------
class BeamStep(nn.Module):
    def __init__(self, vocab=11, d=8, beams=3):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.lm = nn.Linear(d, vocab)
        self.k, self.v = beams, vocab

    def forward(self, last_tokens, beam_scores, history):      # (B, k), (B, k), (B, k, T)
        logp = F.log_softmax(self.lm(self.emb(last_tokens)), -1)          # (B, k, V)
        total = (beam_scores[..., None] + logp).view(last_tokens.shape[0], -1)
        scores, flat = total.topk(self.k, dim=-1)
        beam = flat // self.v
        token = flat % self.v
        hist = history.gather(1, beam[..., None].expand(-1, -1, history.shape[-1]))
        return scores, torch.cat([hist, token[..., None]], -1)


@case
def beam_search_step():
    torch.manual_seed(129)
    return Case(BeamStep(), [(torch.randint(0, 11, (2, 3)), torch.randn(2, 3), torch.randint(0, 11, (2, 3, 4)))])


# -- SegNet: max pooling with indices, max_unpool2d back up ---------------------------------------------
class SegNet(nn.Module):
    def __init__(self, classes=3):
        super().__init__()
        self.e1 = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU())
        self.e2 = nn.Sequential(nn.Conv2d(8, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU())
        self.d2 = nn.Sequential(nn.Conv2d(16, 8, 3, padding=1), nn.ReLU())
        self.d1 = nn.Conv2d(8, classes, 3, padding=1)

    def forward(self, x):
        a, i1 = F.max_pool2d(self.e1(x), 2, 2, return_indices=True)
        b, i2 = F.max_pool2d(self.e2(a), 2, 2, return_indices=True)
        y = F.max_unpool2d(b, i2, 2, 2, output_size=a.shape[-2:])
        y = F.max_unpool2d(self.d2(y), i1, 2, 2, output_size=x.shape[-2:])
        return self.d1(y)


@case
def segnet_max_unpool():
    torch.manual_seed(130)
    return Case(_randomize_bn(SegNet()), [(torch.randn(2, 3, 16, 12),)])


# -- Fourier neural operator layer: rfft2, complex weights on the low modes, irfft2 ---------------------
class SpectralConv2d(nn.Module):
    def __init__(self, cin=4, cout=4, m1=3, m2=3):
        super().__init__()
        scale = 1 / (cin * cout)
        self.w1 = nn.Parameter(scale * torch.rand(cin, cout, m1, m2, dtype=torch.cfloat))
        self.w2 = nn.Parameter(scale * torch.rand(cin, cout, m1, m2, dtype=torch.cfloat))
        self.m1, self.m2, self.cout = m1, m2, cout
        self.skip = nn.Conv2d(cin, cout, 1)

    def forward(self, x):
        b, _, h, w = x.shape
        x_ft = torch.fft.rfft2(x)
        out = torch.zeros(b, self.cout, h, w // 2 + 1, dtype=torch.cfloat)
        out[:, :, :self.m1, :self.m2] = torch.einsum("bixy,ioxy->boxy", x_ft[:, :, :self.m1, :self.m2], self.w1)
        out[:, :, -self.m1:, :self.m2] = torch.einsum("bixy,ioxy->boxy", x_ft[:, :, -self.m1:, :self.m2], self.w2)
        return F.gelu(torch.fft.irfft2(out, s=(h, w)) + self.skip(x))


@case
def fno_spectral_conv_complex_weights():
    torch.manual_seed(131)
    return Case(SpectralConv2d(), [(torch.randn(2, 4, 12, 10),)], atol=2e-4)


# -- VQ-VAE quantizer: argmin over codebook distances, straight-through, commitment loss ----------------
class VectorQuantizer(nn.Module):
    def __init__(self, codes=16, d=8, beta=0.25):
        super().__init__()
        self.codebook = nn.Embedding(codes, d)
        self.codebook.weight.data.uniform_(-1 / codes, 1 / codes)
        self.enc = nn.Conv2d(3, d, 4, 4)
        self.beta = beta

    def forward(self, x):
        z = self.enc(x).permute(0, 2, 3, 1)
        flat = z.reshape(-1, z.shape[-1])
        d = (flat.pow(2).sum(1, keepdim=True) - 2 * flat @ self.codebook.weight.t()
             + self.codebook.weight.pow(2).sum(1)[None])
        idx = d.argmin(1)
        q = self.codebook(idx).view_as(z)
        loss = F.mse_loss(q.detach(), z) * self.beta + F.mse_loss(q, z.detach())
        q = z + (q - z).detach()
        counts = torch.bincount(idx, minlength=self.codebook.num_embeddings).float()
        probs = counts / counts.sum()
        perplexity = torch.exp(-(probs * torch.log(probs + 1e-10)).sum())
        return q.permute(0, 3, 1, 2), idx.view(z.shape[:3]), loss, perplexity


@case
def vqvae_quantizer_bincount():
    torch.manual_seed(132)
    return Case(VectorQuantizer(), [(torch.randn(2, 3, 16, 16),)])


# -- GAT layer: attention over edges, softmax per target node with scatter_reduce amax / index_add ------
class GATLayer(nn.Module):
    def __init__(self, din=6, dout=8, heads=2):
        super().__init__()
        self.h, self.d = heads, dout
        self.lin = nn.Linear(din, heads * dout, bias=False)
        self.a_src = nn.Parameter(torch.randn(heads, dout) * 0.3)
        self.a_dst = nn.Parameter(torch.randn(heads, dout) * 0.3)

    def forward(self, x, edge_index):
        n = x.shape[0]
        src, dst = edge_index
        h = self.lin(x).view(n, self.h, self.d)
        e = F.leaky_relu((h * self.a_src).sum(-1)[src] + (h * self.a_dst).sum(-1)[dst], 0.2)   # (E, H)
        m = torch.full((n, self.h), float("-inf")).scatter_reduce(0, dst[:, None].expand(-1, self.h), e, "amax",
                                                                 include_self=True)
        w = torch.exp(e - m[dst])
        den = torch.zeros(n, self.h).index_add_(0, dst, w)
        alpha = w / den[dst]
        out = torch.zeros(n, self.h, self.d).index_add_(0, dst, alpha[..., None] * h[src])
        return F.elu(out.mean(1))


@case
def gat_scatter_softmax():
    torch.manual_seed(133)
    n = 7
    edges = torch.randint(0, n, (2, 20))
    edges = torch.cat([edges, torch.arange(n).repeat(2, 1)], 1)     # self loops: every node has an edge
    return Case(GATLayer(), [(torch.randn(n, 6), edges)])


# -- diffusion UNet block: sinusoidal timestep embedding, GroupNorm, SiLU, self-attention ---------------
def timestep_embedding(t, dim, max_period=10000):
    half = dim // 2
    freqs = torch.exp(-math.log(max_period) * torch.arange(half, dtype=torch.float32) / half)
    args = t[:, None].float() * freqs[None]
    return torch.cat([torch.cos(args), torch.sin(args)], dim=-1)


class ResAttnBlock(nn.Module):
    def __init__(self, c=16, temb=32):
        super().__init__()
        self.n1, self.n2 = nn.GroupNorm(4, c), nn.GroupNorm(4, c)
        self.c1, self.c2 = nn.Conv2d(c, c, 3, padding=1), nn.Conv2d(c, c, 3, padding=1)
        self.t = nn.Linear(temb, c)
        self.na = nn.GroupNorm(4, c)
        self.qkv = nn.Conv2d(c, 3 * c, 1)
        self.proj = nn.Conv2d(c, c, 1)

    def forward(self, x, temb):
        h = self.c1(F.silu(self.n1(x))) + self.t(F.silu(temb))[:, :, None, None]
        x = x + self.c2(F.silu(self.n2(h)))
        b, c, hh, ww = x.shape
        q, k, v = self.qkv(self.na(x)).reshape(b, 3, c, hh * ww).unbind(1)
        a = torch.softmax(q.transpose(1, 2) @ k / math.sqrt(c), dim=-1)
        return x + self.proj((v @ a.transpose(1, 2)).reshape(b, c, hh, ww))


class TinyDiffusion(nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = nn.Conv2d(3, 16, 3, padding=1)
        self.temb = nn.Sequential(nn.Linear(32, 32), nn.SiLU(), nn.Linear(32, 32))
        self.block = ResAttnBlock()
        self.down = nn.Conv2d(16, 16, 3, 2, 1)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.out = nn.Conv2d(32, 3, 3, padding=1)

    def forward(self, x, t):
        temb = self.temb(timestep_embedding(t, 32))
        h = self.inp(x)
        d = self.block(self.down(h), temb)
        return self.out(torch.cat([h, self.up(d)], 1))


@case
def diffusion_unet_timestep_dynamic_batch():
    torch.manual_seed(134)
    b = _batch()
    sets = [(torch.randn(n, 3, 8, 8), torch.randint(0, 1000, (n,))) for n in (2, 3)]
    return Case(TinyDiffusion(), sets, dynamic_shapes=({0: b}, {0: b}), atol=2e-4)


# -- recurrent variants: LSTM with proj_size, 2-layer bidirectional GRU, dynamic length ----------------
class Recurrent(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(6, 12, num_layers=2, proj_size=5, batch_first=True, dropout=0.2)
        self.gru = nn.GRU(5, 7, num_layers=2, bidirectional=True, batch_first=True)
        self.rnn = nn.RNN(14, 4, nonlinearity="relu", batch_first=True)

    def forward(self, x):
        y, (h, c) = self.lstm(x)
        z, hg = self.gru(y)
        r, hr = self.rnn(z)
        return r, h, c, hg, hr


@case
def lstm_proj_bigru_relu_rnn():
    torch.manual_seed(135)
    # (a dynamic length: torch.export specializes the projected LSTM's length itself)
    return Case(Recurrent(), [(torch.randn(2, 7, 6),), (torch.randn(2, 7, 6) * 2,)])


# -- 1-D conv stack with padding="same", ConvTranspose1d output_padding, ceil-mode pooling --------------
class Conv1dStack(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv1d(4, 8, 5, padding="same", dilation=2, padding_mode="reflect")
        self.pool = nn.MaxPool1d(3, 2, padding=1, ceil_mode=True)
        self.avg = nn.AvgPool1d(3, 2, padding=1, count_include_pad=False, ceil_mode=True)
        self.up = nn.ConvTranspose1d(8, 4, 4, stride=2, padding=1, output_padding=1)
        self.lrn = nn.LocalResponseNorm(3)

    def forward(self, x):
        y = F.hardswish(self.c1(x))
        a, b = self.pool(y), self.avg(y)
        return self.up(self.lrn((a + b)[:, :, None]).squeeze(2)), torch.diff(x, dim=-1)


@case
def conv1d_same_reflect_ceil_pools():
    torch.manual_seed(136)
    return Case(Conv1dStack(), [(torch.randn(2, 4, 21),)])


# -- sliding windows with Tensor.unfold over a dynamic length, cummax / logcumsumexp --------------------
class Windows(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(5, 3)

    def forward(self, x):                                  # (B, T)
        w = x.unfold(1, 5, 2)                              # (B, n, 5)
        peak, where = torch.cummax(x, dim=1)
        return self.fc(w).amax(1), peak, where, torch.logcumsumexp(x, dim=1), torch.roll(x, 2, 1)


@case
def unfold_windows_cummax_dynamic_length():
    torch.manual_seed(137)
    k = Dim("k", min=1, max=60)          # lengths 2k + 5: whole windows (export guards odd lengths)
    return Case(Windows(), [(torch.randn(3, 17),), (torch.randn(3, 9),)], dynamic_shapes=({1: 2 * k + 5},))


# -- ArcFace head: normalized weights, cos(theta + m) with acos, one-hot target margin --------------------
class ArcFace(nn.Module):
    def __init__(self, d=8, classes=6, s=30.0, m=0.5):
        super().__init__()
        self.W = nn.Parameter(torch.randn(classes, d))
        self.s, self.m = s, m
        self.emb = nn.Sequential(nn.Linear(10, d), nn.BatchNorm1d(d))

    def forward(self, x, labels):
        cos = F.linear(F.normalize(self.emb(x)), F.normalize(self.W)).clamp(-1 + 1e-7, 1 - 1e-7)
        theta = torch.acos(cos)
        target = torch.cos(theta + self.m)
        oh = torch.zeros_like(cos).scatter(1, labels.view(-1, 1), 1.0)
        logits = self.s * (oh * target + (1 - oh) * cos)
        return logits, F.cross_entropy(logits, labels)


@case
def arcface_margin_head():
    torch.manual_seed(138)
    return Case(_randomize_bn(ArcFace()), [(torch.randn(5, 10), torch.tensor([0, 3, 5, 1, 3]))], atol=5e-4)


# -- hand-written int8 fake quantization: round, clamp, int8 casts, per-channel scales -------------------
class Int8Linear(nn.Module):
    def __init__(self, din=12, dout=6):
        super().__init__()
        w = torch.randn(dout, din)
        scale = w.abs().amax(1, keepdim=True) / 127
        self.register_buffer("qweight", torch.round(w / scale).clamp(-128, 127).to(torch.int8))
        self.register_buffer("scale", scale)
        self.bias = nn.Parameter(torch.randn(dout))

    def forward(self, x):
        xs = x.abs().amax(-1, keepdim=True).clamp(min=1e-8) / 127
        qx = torch.round(x / xs).clamp(-128, 127).to(torch.int8)
        acc = qx.to(torch.int32) @ self.qweight.to(torch.int32).t()
        y = acc.float() * xs * self.scale.t() + self.bias
        packed = (qx.to(torch.uint8) >> 4) & 0x0F
        return y, acc, packed


@case
def int8_linear_by_hand():
    torch.manual_seed(139)
    return Case(Int8Linear(), [(torch.randn(4, 12),)], atol=1e-3)


# -- Gaussian-process-style head: Cholesky, triangular solve, log-determinant -----------------------------
class GPHead(nn.Module):
    def __init__(self, d=4, m=6):
        super().__init__()
        self.inducing = nn.Parameter(torch.randn(m, d))
        self.log_ls = nn.Parameter(torch.tensor(0.3))

    def kernel(self, a, b):
        return torch.exp(-0.5 * torch.cdist(a, b).pow(2) / self.log_ls.exp() ** 2)

    def forward(self, x, y):
        kuu = self.kernel(self.inducing, self.inducing) + 1e-3 * torch.eye(self.inducing.shape[0])
        kxu = self.kernel(x, self.inducing)
        L = torch.linalg.cholesky(kuu)
        a = torch.linalg.solve_triangular(L, kxu.t(), upper=False)
        mean = a.t() @ torch.linalg.solve(kuu, kxu.t() @ y) * 0 + kxu @ torch.cholesky_solve(kxu.t() @ y, L)
        logdet = 2 * torch.log(torch.diagonal(L)).sum()
        return mean, (a * a).sum(0), logdet, torch.linalg.inv(kuu).trace()


@case
def gp_cholesky_solve_logdet():
    torch.manual_seed(140)
    return Case(GPHead(), [(torch.randn(5, 4), torch.randn(5, 2))], rtol=1e-3, atol=1e-3)


# -- ShuffleNet unit: channel shuffle by view / transpose, split, depthwise conv, dynamic batch ----------
class ShuffleUnit(nn.Module):
    def __init__(self, c=16):
        super().__init__()
        h = c // 2
        self.branch = nn.Sequential(nn.Conv2d(h, h, 1, bias=False), nn.BatchNorm2d(h), nn.ReLU(),
                                    nn.Conv2d(h, h, 3, 1, 1, groups=h, bias=False), nn.BatchNorm2d(h),
                                    nn.Conv2d(h, h, 1, bias=False), nn.BatchNorm2d(h), nn.ReLU())

    def forward(self, x):
        a, b = x.chunk(2, dim=1)
        y = torch.cat([a, self.branch(b)], 1)
        n, c, h, w = y.shape
        return y.view(n, 2, c // 2, h, w).transpose(1, 2).contiguous().view(n, c, h, w)


@case
def shufflenet_channel_shuffle_dynamic():
    torch.manual_seed(141)
    model = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), ShuffleUnit(), ShuffleUnit(), nn.AdaptiveMaxPool2d((3, 2)))
    return Case(_randomize_bn(model), [(torch.randn(2, 3, 20, 14),), (torch.randn(1, 3, 20, 14),)],
                dynamic_shapes=({0: _batch()},))


# -- quantiles, median, mode, kthvalue over features ------------------------------------------------------
class RobustStats(nn.Module):
    def forward(self, x):
        q = torch.quantile(x, torch.tensor([0.1, 0.5, 0.9]), dim=1, interpolation="linear")
        med, med_i = x.median(dim=1)
        kth = x.kthvalue(3, dim=1).values
        ints = (x * 2).round().long()
        mode = ints.mode(dim=1).values
        return q, med, med_i, kth, mode, torch.nanmean(torch.where(x > 1, float("nan"), x), dim=1)


@case
def quantile_median_mode_kthvalue():
    torch.manual_seed(142)
    return Case(RobustStats(), [(torch.randn(4, 9),)])


# -- DETR-style box head: cxcywh -> xyxy, pairwise generalized IoU, sigmoid classes ----------------------
def box_cxcywh_to_xyxy(b):
    cx, cy, w, h = b.unbind(-1)
    return torch.stack([cx - 0.5 * w, cy - 0.5 * h, cx + 0.5 * w, cy + 0.5 * h], -1)


def generalized_iou(a, b):
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    lt, rb = torch.max(a[:, None, :2], b[:, :2]), torch.min(a[:, None, 2:], b[:, 2:])
    inter = (rb - lt).clamp(min=0).prod(-1)
    union = area_a[:, None] + area_b - inter
    iou = inter / union
    lt2, rb2 = torch.min(a[:, None, :2], b[:, :2]), torch.max(a[:, None, 2:], b[:, 2:])
    hull = (rb2 - lt2).clamp(min=0).prod(-1)
    return iou - (hull - union) / hull


class DETRHead(nn.Module):
    def __init__(self, d=16, queries=5, classes=4):
        super().__init__()
        self.q = nn.Embedding(queries, d)
        self.dec = nn.TransformerDecoderLayer(d, 2, 32, 0.0, batch_first=True)
        self.cls, self.box = nn.Linear(d, classes + 1), nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, 4))

    def forward(self, memory, gt_boxes):
        q = self.q.weight.unsqueeze(0).repeat(memory.shape[0], 1, 1)
        h = self.dec(q, memory)
        boxes = self.box(h).sigmoid()
        giou = generalized_iou(box_cxcywh_to_xyxy(boxes[0]), box_cxcywh_to_xyxy(gt_boxes))
        cost = -giou + torch.cdist(boxes[0], gt_boxes, p=1) - self.cls(h)[0].softmax(-1)[:, :1]
        return self.cls(h), boxes, cost, cost.argmin(0)


@case
def detr_head_giou_cost():
    torch.manual_seed(143)
    gt = torch.tensor([[0.5, 0.5, 0.2, 0.3], [0.3, 0.6, 0.4, 0.2], [0.7, 0.2, 0.1, 0.1]])
    return Case(DETRHead(), [(torch.randn(1, 10, 16), gt)], atol=2e-4)


# -- embedding with max_norm (renormalizes the looked-up rows of its weight in place) --------------------
class MaxNormEmbed(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4, max_norm=1.0, padding_idx=0)
        self.bag = nn.EmbeddingBag(10, 4, mode="max")

    def forward(self, ids, offsets):
        return self.emb(ids).sum(1), self.bag(ids.flatten(), offsets)


@case
def embedding_max_norm_bag_max():
    torch.manual_seed(144)
    return Case(MaxNormEmbed(), [(torch.tensor([[1, 2, 0], [3, 3, 9]]), torch.tensor([0, 2, 5]))])


# -- a no_grad block and an autocast block inside forward (EMA teacher, bf16 matmul region) -------------
class TeacherStudent(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.student = nn.Sequential(nn.Linear(d, 16), nn.GELU(), nn.Linear(16, 4))
        self.teacher = nn.Sequential(nn.Linear(d, 16), nn.GELU(), nn.Linear(16, 4))

    def forward(self, x):
        with torch.no_grad():
            target = F.softmax(self.teacher(x) / 0.5, dim=-1)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            logits = self.student(x)
        return logits.float(), -(target * F.log_softmax(logits.float(), -1)).sum(-1).mean()


@case
def no_grad_and_autocast_regions():
    torch.manual_seed(145)
    return Case(TeacherStudent(), [(torch.randn(4, 8),)], rtol=2e-2, atol=2e-2)


# -- NamedTuple output, torch.distributions log-probs and entropies ---------------------------------------
from typing import NamedTuple  # noqa: E402


class PolicyOut(NamedTuple):
    action_logp: torch.Tensor
    entropy: torch.Tensor
    value: torch.Tensor
    gauss_logp: torch.Tensor


class ActorCritic(nn.Module):
    def __init__(self, d=6, actions=4):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d, 16), nn.Tanh())
        self.pi, self.v = nn.Linear(16, actions), nn.Linear(16, 1)
        self.mu, self.log_std = nn.Linear(16, 2), nn.Parameter(torch.full((2,), -0.5))

    def forward(self, obs, action, cont_action):
        h = self.body(obs)
        # validate_args=False: the argument checks read tensor values, which torch.export refuses
        dist = torch.distributions.Categorical(logits=self.pi(h), validate_args=False)
        gauss = torch.distributions.Normal(self.mu(h), self.log_std.exp(), validate_args=False)
        return PolicyOut(dist.log_prob(action), dist.entropy(), self.v(h).squeeze(-1),
                         gauss.log_prob(cont_action).sum(-1))


@case
def actor_critic_distributions_namedtuple():
    torch.manual_seed(146)
    b = _batch()
    sets = [(torch.randn(n, 6), torch.randint(0, 4, (n,)), torch.randn(n, 2)) for n in (3, 8)]
    return Case(ActorCritic(), sets, dynamic_shapes=({0: b}, {0: b}, {0: b}))


# -- parametrizations: weight_norm and spectral_norm (eval: the stored power-iteration vectors) ---------
class Parametrized(nn.Module):
    def __init__(self):
        super().__init__()
        from torch.nn.utils import parametrizations as P
        self.a = P.weight_norm(nn.Linear(6, 8))
        self.b = P.spectral_norm(nn.Linear(8, 4))
        self.c = P.orthogonal(nn.Linear(4, 4))

    def forward(self, x):
        return self.c(self.b(F.relu(self.a(x))))


@case
def weight_spectral_orthogonal_parametrizations():
    torch.manual_seed(147)
    m = Parametrized()
    m.train()
    for _ in range(3):                  # a few power iterations so eval reads settled u, v
        m(torch.randn(2, 6))
    return Case(m.eval(), [(torch.randn(5, 6),)], atol=2e-4)


# -- a whole bf16 CNN (conv, batch norm, pooling, linear in bf16) and a float64 MLP ---------------------
@case
def whole_model_bf16_cnn():
    torch.manual_seed(148)
    m = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), nn.MaxPool2d(2),
                      nn.Conv2d(8, 8, 3, padding=1, groups=2), nn.GELU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
                      nn.Linear(8, 5))
    m = _randomize_bn(m).to(torch.bfloat16)
    return Case(m, [(torch.randn(2, 3, 12, 12, dtype=torch.bfloat16),)], rtol=3e-2, atol=3e-2)


@case
def whole_model_float64_mlp():
    torch.manual_seed(149)
    m = nn.Sequential(nn.Linear(5, 32), nn.Softplus(), nn.LayerNorm(32), nn.Linear(32, 32), nn.ELU(),
                      nn.Linear(32, 1)).double()
    return Case(m, [(torch.randn(7, 5, dtype=torch.float64),)], rtol=1e-10, atol=1e-10)


# -- uint8 images in, normalization inside the model, int outputs ----------------------------------------
class Preprocess(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1))
        self.net = nn.Sequential(nn.Conv2d(3, 4, 3, 2), nn.ReLU(), nn.AdaptiveAvgPool2d(2), nn.Flatten(),
                                 nn.Linear(16, 3))

    def forward(self, img):                       # (B, H, W, 3) uint8, channels last as decoded
        x = img.permute(0, 3, 1, 2).float().div(255)
        x = (x - self.mean) / self.std
        logits = self.net(x)
        return logits, logits.argmax(-1).to(torch.int32), (img.float().mean((1, 2)) > 127).to(torch.uint8)


@case
def uint8_image_preprocess_dynamic():
    torch.manual_seed(150)
    b, h, w = _batch(), Dim("h", min=5, max=64), Dim("w", min=5, max=64)   # conv output > 1 (pool guard)
    sets = [(torch.randint(0, 256, (2, 9, 11, 3), dtype=torch.uint8),),
            (torch.randint(0, 256, (1, 16, 6, 3), dtype=torch.uint8),)]
    return Case(Preprocess(), sets, dynamic_shapes=({0: b, 1: h, 2: w},))


# -- index_fill / masked_scatter / take / put / index_reduce: less common indexing ops ------------------
class OddIndexing(nn.Module):
    def forward(self, x, idx, mask):
        a = x.index_fill(1, idx, -1.0)
        b = x.masked_scatter(mask, torch.arange(x.numel(), dtype=x.dtype).view_as(x) * 0.5)
        c = torch.take(x, idx * 3)
        d = x.clone().put_(idx, torch.ones(idx.shape), accumulate=True)
        e = torch.zeros(x.shape[0], 3).index_reduce_(1, idx % 3, x[:, :idx.shape[0]], "amax", include_self=False)
        return a, b, c, d, e


@case
def index_fill_masked_scatter_take_put():
    torch.manual_seed(151)
    x = torch.randn(4, 5)
    mask = torch.rand(4, 5) > 0.5
    return Case(OddIndexing(), [(x, torch.tensor([0, 3, 4]), mask)])


# -- SDPA with enable_gqa and an explicit scale, dynamic length -----------------------------------------
class GQASDPA(nn.Module):
    def __init__(self, d=32, heads=8, kv=2):
        super().__init__()
        self.h, self.kv, self.hd = heads, kv, d // heads
        self.q, self.k, self.v = nn.Linear(d, d), nn.Linear(d, kv * self.hd), nn.Linear(d, kv * self.hd)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.k(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.v(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=0.3, enable_gqa=True)
        return y.transpose(1, 2).reshape(b, t, -1)


@case
def sdpa_enable_gqa_scale_dynamic_length():
    torch.manual_seed(152)
    t = Dim("t", min=2, max=64)
    return Case(GQASDPA(), [(torch.randn(2, 6, 32),), (torch.randn(2, 11, 32),)], dynamic_shapes=({1: t},))


# -- flex_attention with a causal score_mod ---------------------------------------------------------------
class Flex(nn.Module):
    def forward(self, q, k, v):
        from torch.nn.attention.flex_attention import flex_attention

        def causal_bias(score, b, h, q_idx, kv_idx):
            return torch.where(q_idx >= kv_idx, score - 0.1 * (q_idx - kv_idx), -float("inf"))
        return flex_attention(q, k, v, score_mod=causal_bias)


@case
def flex_attention_score_mod():
    torch.manual_seed(153)
    return Case(Flex(), [tuple(torch.randn(1, 2, 8, 4) for _ in range(3))])


# -- antialiased downscaling to a fixed size from any input size -------------------------------------------
class Thumbnail(nn.Module):
    def forward(self, img):
        small = F.interpolate(img, size=(6, 5), mode="bilinear", antialias=True, align_corners=False)
        half = F.interpolate(img, scale_factor=0.5, mode="bicubic", antialias=True)
        return small, half.mean((2, 3))


@case
def antialias_resize_dynamic_image():
    torch.manual_seed(154)
    h, w = Dim("h", min=8, max=64), Dim("w", min=8, max=64)
    return Case(Thumbnail(), [(torch.randn(1, 3, 20, 17),), (torch.randn(1, 3, 12, 30),)],
                dynamic_shapes=({2: h, 3: w},))


# -- CRNN text recognizer: conv stack, AdaptiveAvgPool2d((1, None)) over a dynamic width, BiLSTM --------
class CRNN(nn.Module):
    def __init__(self, classes=12):
        super().__init__()
        self.cnn = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), nn.MaxPool2d(2),
                                 nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d((2, 1)))
        self.squeeze = nn.AdaptiveAvgPool2d((1, None))
        self.rnn = nn.LSTM(16, 12, bidirectional=True, batch_first=True)
        self.fc = nn.Linear(24, classes)

    def forward(self, img):
        f = self.squeeze(self.cnn(img)).squeeze(2).permute(0, 2, 1)        # (B, W', C)
        y, _ = self.rnn(f)
        return F.log_softmax(self.fc(y), dim=-1).permute(1, 0, 2)           # (T, B, classes) for CTC


@case
def crnn_adaptive_width_dynamic_batch():
    # (not a dynamic width: torch.export unrolls the LSTM over the example's length and guards the
    # width to it, img.size()[3] // 2 == 20, which the ExportedProgram itself enforces)
    torch.manual_seed(155)
    return Case(_randomize_bn(CRNN()), [(torch.randn(2, 1, 16, 40),), (torch.randn(3, 1, 16, 40),)],
                dynamic_shapes=({0: _batch()},))


# -- tied input / output embeddings, forward hooks, ParameterList -----------------------------------------
class TiedLM(nn.Module):
    def __init__(self, vocab=30, d=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.mix = nn.ParameterList([nn.Parameter(torch.randn(d, d) * 0.2) for _ in range(2)])
        self.norm = nn.LayerNorm(d)
        self.lm = nn.Linear(d, vocab, bias=False)
        self.lm.weight = self.emb.weight                    # tied
        self.norm.register_forward_hook(lambda mod, inp, out: out * 2.0)
        self.register_forward_pre_hook(lambda mod, args: (args[0].clamp(max=29),))

    def forward(self, tokens):
        h = self.emb(tokens)
        for w in self.mix:
            h = h + torch.tanh(h @ w)
        return self.lm(self.norm(h))


@case
def tied_embeddings_hooks_parameterlist():
    torch.manual_seed(156)
    t = Dim("t", min=1, max=64)
    return Case(TiedLM(), [(torch.randint(0, 35, (2, 7)),), (torch.randint(0, 30, (2, 3)),)],
                dynamic_shapes=({1: t},))


# -- feature pyramid: nearest upsampling to the lateral map's size, dynamic image size ---------------------
class FPN(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.c1, self.c2, self.c3 = nn.Conv2d(3, c, 3, 2, 1), nn.Conv2d(c, 2 * c, 3, 2, 1), nn.Conv2d(2 * c, 4 * c, 3, 2, 1)
        self.l1, self.l2, self.l3 = nn.Conv2d(c, c, 1), nn.Conv2d(2 * c, c, 1), nn.Conv2d(4 * c, c, 1)
        self.smooth = nn.Conv2d(c, c, 3, padding=1)

    def forward(self, x):
        a = F.relu(self.c1(x))
        b = F.relu(self.c2(a))
        c = F.relu(self.c3(b))
        p3 = self.l3(c)
        p2 = self.l2(b) + F.interpolate(p3, size=b.shape[-2:], mode="nearest")
        p1 = self.l1(a) + F.interpolate(p2, size=a.shape[-2:], mode="nearest")
        return self.smooth(p1), p2, p3


@case
def fpn_nearest_to_lateral_dynamic():
    torch.manual_seed(157)
    h, w = Dim("h", min=2, max=16), Dim("w", min=2, max=16)
    return Case(FPN(), [(torch.randn(1, 3, 32, 24),), (torch.randn(1, 3, 16, 40),)],
                dynamic_shapes=({2: 8 * h, 3: 8 * w},))


# -- a list of variable-length sequences padded inside the model ---------------------------------------
class PadSeqs(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)

    def forward(self, seqs):
        padded = nn.utils.rnn.pad_sequence(seqs, batch_first=True, padding_value=0.0)
        lengths = torch.tensor([s.shape[0] for s in seqs])
        mask = torch.arange(padded.shape[1])[None] < lengths[:, None]
        return (self.fc(padded) * mask[..., None]).sum(1) / lengths[:, None]


@case
def pad_sequence_list_input():
    torch.manual_seed(158)
    return Case(PadSeqs(), [([torch.randn(4, 3), torch.randn(2, 3), torch.randn(5, 3)],)])


# -- optical-flow warping: a base grid from meshgrid over a dynamic image, grid_sample --------------------
class FlowWarp(nn.Module):
    def __init__(self):
        super().__init__()
        self.flow = nn.Conv2d(6, 2, 3, padding=1)

    def forward(self, img1, img2):
        b, _, h, w = img1.shape
        flow = torch.tanh(self.flow(torch.cat([img1, img2], 1))) * 2
        ys, xs = torch.meshgrid(torch.arange(h, dtype=img1.dtype), torch.arange(w, dtype=img1.dtype), indexing="ij")
        gx = 2 * (xs[None] + flow[:, 0]) / (w - 1) - 1
        gy = 2 * (ys[None] + flow[:, 1]) / (h - 1) - 1
        warped = F.grid_sample(img2, torch.stack([gx, gy], -1), mode="bilinear", padding_mode="border",
                               align_corners=True)
        return warped, (warped - img1).abs().mean((1, 2, 3))


@case
def flow_warp_grid_sample_dynamic_image():
    torch.manual_seed(159)
    b, h, w = _batch(), Dim("h", min=2, max=64), Dim("w", min=2, max=64)
    sets = [(torch.randn(2, 3, 9, 12), torch.randn(2, 3, 9, 12)), (torch.randn(1, 3, 14, 6), torch.randn(1, 3, 14, 6))]
    return Case(FlowWarp(), sets, dynamic_shapes=({0: b, 2: h, 3: w}, {0: b, 2: h, 3: w}))


# -- nn.Transformer (encoder and decoder) with padding masks, dynamic source and target lengths ----------
class Translator(nn.Module):
    def __init__(self, vocab=24, d=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, d, padding_idx=0)
        self.tf = nn.Transformer(d, 2, 1, 1, 32, dropout=0.0, batch_first=True)
        self.out = nn.Linear(d, vocab)

    def forward(self, src, tgt):
        causal = self.tf.generate_square_subsequent_mask(tgt.shape[1])
        # tgt_is_causal: else nn.Transformer compares the mask's values with a causal one, which
        # torch.export refuses (a data-dependent guard)
        y = self.tf(self.emb(src), self.emb(tgt), tgt_mask=causal, tgt_is_causal=True, src_key_padding_mask=src == 0,
                    memory_key_padding_mask=src == 0)
        return self.out(y)


@case
def nn_transformer_padding_masks_dynamic():
    torch.manual_seed(160)
    s, t = Dim("s", min=2, max=32), Dim("t", min=2, max=32)
    src1 = torch.tensor([[5, 6, 7, 0, 0], [3, 4, 5, 6, 7]])
    src2 = torch.tensor([[5, 6, 0], [9, 9, 9]])
    return Case(Translator(), [(src1, torch.randint(1, 24, (2, 4))), (src2, torch.randint(1, 24, (2, 6)))],
                dynamic_shapes=({1: s}, {1: t}), atol=2e-4)


# -- attention written with baddbmm and a finfo.min additive mask ---------------------------------------
class BaddbmmAttention(nn.Module):
    def __init__(self, d=16, heads=2):
        super().__init__()
        self.h, self.hd = heads, d // heads
        self.qkv = nn.Linear(d, 3 * d)

    def forward(self, x, mask):
        b, t, d = x.shape
        q, k, v = self.qkv(x).chunk(3, -1)
        q, k, v = (z.reshape(b, t, self.h, self.hd).transpose(1, 2).reshape(b * self.h, t, self.hd) for z in (q, k, v))
        bias = (1.0 - mask[:, None, None, :].to(x.dtype)) * torch.finfo(x.dtype).min
        bias = bias.expand(b, self.h, t, t).reshape(b * self.h, t, t)
        s = torch.baddbmm(bias, q, k.transpose(1, 2), beta=1.0, alpha=self.hd ** -0.5)
        p = s.softmax(-1)
        return torch.bmm(p, v).view(b, self.h, t, self.hd).transpose(1, 2).reshape(b, t, d)


@case
def baddbmm_finfo_min_mask_dynamic():
    torch.manual_seed(161)
    b, t = _batch(), Dim("t", min=2, max=32)
    sets = [(torch.randn(2, 5, 16), torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]])),
            (torch.randn(3, 3, 16), torch.tensor([[1, 0, 0], [1, 1, 0], [1, 1, 1]]))]
    return Case(BaddbmmAttention(), sets, dynamic_shapes=({0: b, 1: t}, {0: b, 1: t}))


# -- interpolate with recompute_scale_factor and a scale tuple over a dynamic image ----------------------
class Rescale(nn.Module):
    def forward(self, x):
        a = F.interpolate(x, scale_factor=(0.75, 1.5), mode="bilinear", recompute_scale_factor=True)
        b = F.interpolate(x, scale_factor=2.0, mode="nearest-exact")
        return a, b.sum((2, 3))


@case
def interpolate_recompute_scale_dynamic():
    torch.manual_seed(162)
    h, w = Dim("h", min=4, max=64), Dim("w", min=4, max=64)
    return Case(Rescale(), [(torch.randn(1, 2, 8, 6),), (torch.randn(1, 2, 13, 9),)], dynamic_shapes=({2: h, 3: w},))
