"""More held-out-style models for tools/onnx_heldout.py, as people ship them: torchvision-like and
transformer-like modules written here, exported by torch.onnx.export with the dynamo exporter and
the TorchScript one at opsets 13 / 17 / 18 / 21, some with dynamic axes (run at two sizes), some
saved with their weights in an external data file and imported from the path."""
from __future__ import annotations

import os
import tempfile
import warnings

import numpy as np
from onnx_heldout_models import Spec, _export, _PathModel, _rng, _torch_case


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


def _resnet18ish():
    """torchvision's ResNet layout, narrow: stem conv 7x7 / 2 + max pool, basic blocks with a
    strided 1x1 downsample, global average pool, a linear classifier."""
    torch, nn, F = _nn()

    class Block(nn.Module):
        def __init__(self, cin, cout, stride):
            super().__init__()
            self.c1, self.b1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout)
            self.c2, self.b2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout)
            self.down = None if stride == 1 and cin == cout else nn.Sequential(
                nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

        def forward(self, x):
            y = self.b2(self.c2(F.relu(self.b1(self.c1(x)))))
            return F.relu(y + (x if self.down is None else self.down(x)))

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Sequential(nn.Conv2d(3, 16, 7, 2, 3, bias=False), nn.BatchNorm2d(16), nn.ReLU(),
                                      nn.MaxPool2d(3, 2, 1))
            self.layers = nn.Sequential(Block(16, 16, 1), Block(16, 16, 1), Block(16, 32, 2), Block(32, 32, 1))
            self.fc = nn.Linear(32, 10)

        def forward(self, x):
            return self.fc(torch.flatten(F.adaptive_avg_pool2d(self.layers(self.stem(x)), (1, 1)), 1))
    return _init_bn(Net())


def _efficientnetish():
    """MBConv blocks: 1x1 expansion, depthwise 3x3 / 5x5 (strided), squeeze-excite with SiLU and
    sigmoid gates, a projection, residuals, dropout (eval)."""
    torch, nn, F = _nn()

    class MBConv(nn.Module):
        def __init__(self, cin, cout, k, stride, expand):
            super().__init__()
            mid = cin * expand
            self.expand = nn.Sequential(nn.Conv2d(cin, mid, 1, bias=False), nn.BatchNorm2d(mid), nn.SiLU())
            self.dw = nn.Sequential(nn.Conv2d(mid, mid, k, stride, k // 2, groups=mid, bias=False),
                                    nn.BatchNorm2d(mid), nn.SiLU())
            self.se1, self.se2 = nn.Conv2d(mid, max(1, cin // 4), 1), nn.Conv2d(max(1, cin // 4), mid, 1)
            self.proj = nn.Sequential(nn.Conv2d(mid, cout, 1, bias=False), nn.BatchNorm2d(cout))
            self.res = stride == 1 and cin == cout

        def forward(self, x):
            h = self.dw(self.expand(x))
            s = torch.sigmoid(self.se2(F.silu(self.se1(F.adaptive_avg_pool2d(h, 1)))))
            y = self.proj(h * s)
            return x + y if self.res else y

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1, bias=False), nn.BatchNorm2d(8), nn.SiLU())
            self.blocks = nn.Sequential(MBConv(8, 8, 3, 1, 1), MBConv(8, 12, 5, 2, 4), MBConv(12, 12, 5, 1, 4))
            self.drop, self.fc = nn.Dropout(0.2), nn.Linear(12, 7)

        def forward(self, x):
            return self.fc(self.drop(self.blocks(self.stem(x)).mean((2, 3))))
    return _init_bn(Net())


def _convnextish():
    """ConvNeXt blocks: depthwise 7x7, LayerNorm over channels (permuted to channels-last), 4x
    Linear with GELU, a layer-scale parameter, residual; a LayerNorm2d + strided-conv downsample."""
    torch, nn, F = _nn()

    class LayerNorm2d(nn.LayerNorm):
        def forward(self, x):
            return super().forward(x.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)

    class Block(nn.Module):
        def __init__(self, c):
            super().__init__()
            self.dw = nn.Conv2d(c, c, 7, padding=3, groups=c)
            self.norm = nn.LayerNorm(c, eps=1e-6)
            self.pw1, self.pw2 = nn.Linear(c, 4 * c), nn.Linear(4 * c, c)
            self.gamma = nn.Parameter(torch.full((c,), 0.5))

        def forward(self, x):
            y = self.norm(self.dw(x).permute(0, 2, 3, 1))
            y = self.gamma * self.pw2(F.gelu(self.pw1(y)))
            return x + y.permute(0, 3, 1, 2)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Sequential(nn.Conv2d(3, 16, 4, 4), LayerNorm2d(16, eps=1e-6))
            self.s1 = Block(16)
            self.down = nn.Sequential(LayerNorm2d(16, eps=1e-6), nn.Conv2d(16, 24, 2, 2))
            self.s2 = Block(24)
            self.head = nn.Sequential(nn.LayerNorm(24), nn.Linear(24, 5))

        def forward(self, x):
            return self.head(self.s2(self.down(self.s1(self.stem(x)))).mean((2, 3)))
    return Net()


def _llamaish():
    """A Llama-style decoder: RMSNorm, rotary embeddings computed from positions, grouped-query
    attention (keys / values repeated), F.scaled_dot_product_attention with a causal mask, a
    SwiGLU MLP, a tied-free LM head."""
    torch, nn, F = _nn()
    d, heads, kv_heads, hd = 32, 4, 2, 8

    class RMSNorm(nn.Module):
        def __init__(self, n):
            super().__init__()
            self.w = nn.Parameter(torch.linspace(0.5, 1.5, n))

        def forward(self, x):
            return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * self.w

    def rotate(x, cos, sin):
        x1, x2 = x[..., : hd // 2], x[..., hd // 2:]
        return x * cos + torch.cat([-x2, x1], -1) * sin

    class Layer(nn.Module):
        def __init__(self):
            super().__init__()
            self.n1, self.n2 = RMSNorm(d), RMSNorm(d)
            self.q = nn.Linear(d, heads * hd, bias=False)
            self.kv = nn.Linear(d, 2 * kv_heads * hd, bias=False)
            self.o = nn.Linear(heads * hd, d, bias=False)
            self.gate, self.up, self.down = nn.Linear(d, 48, bias=False), nn.Linear(d, 48, bias=False), \
                nn.Linear(48, d, bias=False)

        def forward(self, x, cos, sin):
            b, s, _ = x.shape
            h = self.n1(x)
            q = self.q(h).view(b, s, heads, hd).transpose(1, 2)
            k, v = self.kv(h).view(b, s, 2, kv_heads, hd).permute(2, 0, 3, 1, 4)
            q, k = rotate(q, cos, sin), rotate(k, cos, sin)
            k, v = k.repeat_interleave(heads // kv_heads, 1), v.repeat_interleave(heads // kv_heads, 1)
            a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + self.o(a.transpose(1, 2).reshape(b, s, heads * hd))
            h = self.n2(x)
            return x + self.down(F.silu(self.gate(h)) * self.up(h))

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(64, d)
            self.layers = nn.ModuleList([Layer(), Layer()])
            self.norm, self.head = RMSNorm(d), nn.Linear(d, 64, bias=False)

        def forward(self, ids):
            s = ids.shape[1]
            pos = torch.arange(s, dtype=torch.float32)
            inv = 1.0 / (10000.0 ** (torch.arange(0, hd, 2, dtype=torch.float32) / hd))
            ang = pos[:, None] * inv[None, :]
            ang = torch.cat([ang, ang], -1)
            cos, sin = ang.cos(), ang.sin()
            x = self.emb(ids)
            for layer in self.layers:
                x = layer(x, cos, sin)
            return self.head(self.norm(x))
    return Net()


def _vit_encoder():
    """A ViT: patch-embedding conv, class token, learned positions, nn.TransformerEncoder
    (pre-norm, GELU), the class token's LayerNorm and head."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.patch = nn.Conv2d(3, 32, 8, 8)
            self.cls = nn.Parameter(torch.randn(1, 1, 32) * 0.1)
            self.pos = nn.Parameter(torch.randn(1, 17, 32) * 0.1)
            layer = nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, activation="gelu", batch_first=True,
                                               norm_first=True)
            self.enc = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
            self.norm, self.head = nn.LayerNorm(32), nn.Linear(32, 6)

        def forward(self, x):
            p = self.patch(x).flatten(2).transpose(1, 2)
            p = torch.cat([self.cls.expand(p.shape[0], -1, -1), p], 1) + self.pos
            return self.head(self.norm(self.enc(p)[:, 0]))
    return Net()


def _padded_text_classifier():
    """Token ids and per-row lengths: a key padding mask built in the graph (arange < length),
    nn.MultiheadAttention with it, a masked mean pool, logits, their argmax and top-2."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(40, 16)
            self.att = nn.MultiheadAttention(16, 2, batch_first=True)
            self.out = nn.Linear(16, 5)

        def forward(self, ids, lengths):
            pad = torch.arange(ids.shape[1])[None, :] >= lengths[:, None]
            x = self.emb(ids)
            h, _ = self.att(x, x, x, key_padding_mask=pad, need_weights=False)
            keep = (~pad).unsqueeze(-1).to(h.dtype)
            pooled = (h * keep).sum(1) / keep.sum(1)
            logits = self.out(pooled)
            return logits, logits.argmax(-1), torch.topk(logits, 2, -1).indices
    return Net()


def _shufflenetish():
    """ShuffleNet v2 units: a channel split (chunk), grouped 1x1 convolutions, a channel shuffle
    (view / transpose / view), depthwise 3x3, concatenation."""
    torch, nn, F = _nn()

    def shuffle(x, groups):
        b, c, h, w = x.shape
        return x.view(b, groups, c // groups, h, w).transpose(1, 2).reshape(b, c, h, w)

    class Unit(nn.Module):
        def __init__(self, c):
            super().__init__()
            half = c // 2
            self.branch = nn.Sequential(nn.Conv2d(half, half, 1, groups=2, bias=False), nn.BatchNorm2d(half),
                                        nn.ReLU(), nn.Conv2d(half, half, 3, 1, 1, groups=half, bias=False),
                                        nn.BatchNorm2d(half), nn.Conv2d(half, half, 1, bias=False),
                                        nn.BatchNorm2d(half), nn.ReLU())

        def forward(self, x):
            a, b = x.chunk(2, dim=1)
            return shuffle(torch.cat([a, self.branch(b)], 1), 2)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1, bias=False), nn.BatchNorm2d(16), nn.ReLU())
            self.units = nn.Sequential(Unit(16), Unit(16))
            self.fc = nn.Linear(16, 4)

        def forward(self, x):
            return self.fc(self.units(self.stem(x)).mean((2, 3)))
    return _init_bn(Net())


def _super_resolution():
    """ESPCN-style: convolutions with tanh, pixel_shuffle (DepthToSpace) up by 2, and a
    pixel_unshuffle (SpaceToDepth) branch back down."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.c1, self.c2, self.c3 = nn.Conv2d(1, 16, 5, padding=2), nn.Conv2d(16, 8, 3, padding=1), \
                nn.Conv2d(8, 4, 3, padding=1)

        def forward(self, x):
            y = F.pixel_shuffle(self.c3(torch.tanh(self.c2(torch.tanh(self.c1(x))))), 2)
            return torch.sigmoid(y), F.pixel_unshuffle(y, 2).mean(1)
    return Net()


def _audio_frontend():
    """A wav2vec-style feature encoder: strided Conv1d layers (GroupNorm on the first, GELU), then
    channels-last LayerNorm and a projection; the time axis dynamic."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.c1, self.gn = nn.Conv1d(1, 16, 10, 5, bias=False), nn.GroupNorm(16, 16)
            self.c2, self.c3 = nn.Conv1d(16, 16, 3, 2, bias=False), nn.Conv1d(16, 16, 2, 2, bias=False)
            self.norm, self.proj = nn.LayerNorm(16), nn.Linear(16, 24)

        def forward(self, wav):
            x = F.gelu(self.gn(self.c1(wav.unsqueeze(1))))
            x = F.gelu(self.c3(F.gelu(self.c2(x))))
            return self.proj(self.norm(x.transpose(1, 2)))
    return Net()


def _spatial_transformer():
    """A spatial transformer: a localisation net predicting an affine matrix (initialised near
    identity), affine_grid and bilinear grid_sample, then a classifier."""
    torch, nn, F = _nn()

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.loc = nn.Sequential(nn.Conv2d(1, 4, 3, 2, 1), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 8 * 8, 6))
            with torch.no_grad():
                self.loc[-1].weight.mul_(0.01)
                self.loc[-1].bias.copy_(torch.tensor([0.9, 0.1, 0.05, -0.1, 1.1, 0.0]))
            self.cls = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.AvgPool2d(8),
                                     nn.Flatten(), nn.Linear(16, 3))

        def forward(self, x):
            theta = self.loc(x).view(-1, 2, 3)
            grid = F.affine_grid(theta, list(x.shape), align_corners=False)
            return self.cls(F.grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=False))
    return Net()


# ------------------------------------------------------------------------------ external data

def _external_export(make, shape, dynamo, opset, dynamic_axes=None):
    """The export saved with its weights in a data file beside the model (the dynamo exporter
    writes it itself; the TorchScript one's model is re-saved by onnx), imported from the path."""
    def build():
        import onnx
        import torch
        torch.manual_seed(0)
        module = make().eval()
        x = _rng(3).standard_normal(shape).astype(np.float32)
        d = tempfile.mkdtemp(prefix="shlo-heldout-ext-")
        path = os.path.join(d, "model.onnx")
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if dynamo:
                shapes = ({0: torch.export.Dim.DYNAMIC},) if dynamic_axes else None
                torch.onnx.export(module, (torch.from_numpy(x),), path, dynamo=True, input_names=["x0"],
                                  opset_version=opset, dynamic_shapes=shapes, external_data=True, verbose=False)
            else:
                model = _export(module, [torch.from_numpy(x)], False, opset, dynamic_axes)
                onnx.save(model, path, save_as_external_data=True, all_tensors_to_one_file=True,
                          location="model.onnx.data", size_threshold=256)
        assert any(n.startswith("model.onnx") and n != "model.onnx" for n in os.listdir(d)), "no external data"
        sets = [[x]]
        if dynamic_axes:
            sets.append([_rng(4).standard_normal((shape[0] + 1,) + tuple(shape[1:])).astype(np.float32)])
        return _PathModel(path), sets
    return build


def _specs():
    img = [[(2, 3, 32, 32)]]
    batch = {"x0": {0: "batch"}}
    text = {"x0": {0: "batch", 1: "seq"}}
    specs = []
    # (the dynamo exporter writes opset 18 and converts down to 13 / 17 with onnx's version converter)
    for dynamo, opset in ((True, 18), (False, 13), (False, 17), (True, 21), (True, 13), (True, 17)):
        tag = f"{'dynamo' if dynamo else 'torchscript'}_opset{opset}"
        specs += [
            Spec(f"resnet18ish_{tag}", _torch_case(_resnet18ish, img, dynamo, opset)),
            Spec(f"efficientnetish_{tag}", _torch_case(_efficientnetish, img, dynamo, opset)),
        ]
    # SDPA: opset 14 on; the dynamo exporter writes ONNX's Attention and RMSNormalization at 23
    for dynamo, opset in ((True, 18), (False, 14), (False, 17), (True, 21), (True, 17), (True, 23)):
        tag = f"{'dynamo' if dynamo else 'torchscript'}_opset{opset}"
        specs.append(Spec(f"llamaish_dynamic_{tag}", _torch_case(_llamaish, [[(2, 7)], [(1, 11)]], dynamo, opset,
                                                                 dynamic_axes=text, int_high=[64])))
    for dynamo, opset in ((True, 18), (False, 17)):
        tag = f"{'dynamo' if dynamo else 'torchscript'}_opset{opset}"
        specs += [
            Spec(f"convnextish_dynamic_batch_{tag}",
                 _torch_case(_convnextish, [[(2, 3, 32, 32)], [(3, 3, 32, 32)]], dynamo, opset, dynamic_axes=batch)),
            Spec(f"vit_encoder_dynamic_batch_{tag}", _no_fastpath(
                 _torch_case(_vit_encoder, [[(2, 3, 32, 32)], [(1, 3, 32, 32)]], dynamo, opset, dynamic_axes=batch))),
            Spec(f"padded_text_classifier_{tag}", _no_fastpath(_text_with_lengths(dynamo, opset))),
            Spec(f"shufflenetish_{tag}", _torch_case(_shufflenetish, img, dynamo, opset)),
            Spec(f"super_resolution_{tag}", _torch_case(_super_resolution, [[(1, 1, 12, 12)]], dynamo, opset)),
            Spec(f"audio_frontend_dynamic_time_{tag}",
                 _torch_case(_audio_frontend, [[(2, 400)], [(2, 640)]], dynamo, opset,
                             dynamic_axes={"x0": {1: "time"}})),
        ]
    for dynamo, opset in ((True, 18), (False, 20)):            # affine_grid: opset 20 on for TorchScript
        tag = f"{'dynamo' if dynamo else 'torchscript'}_opset{opset}"
        specs.append(Spec(f"spatial_transformer_{tag}",
                          _torch_case(_spatial_transformer, [[(2, 1, 16, 16)]], dynamo, opset)))
    specs += [
        Spec("resnet18ish_external_data_dynamo_opset18",
             _external_export(_resnet18ish, (2, 3, 32, 32), True, 18, dynamic_axes=batch)),
        Spec("convnextish_external_data_torchscript_opset17",
             _external_export(_convnextish, (2, 3, 32, 32), False, 17, dynamic_axes=batch)),
    ]
    for s in specs:         # one export of each module in the default test run, the others with SHLO_ONNX_LIGHT=1
        s.slow = s.name not in QUICK
    return specs


# TorchScript exports where a module has one (a dynamo export costs 10-35 s here, TorchScript 1-3 s);
# the dynamo exporter's representative is resnet18ish_external_data (compiled).
QUICK = {"resnet18ish_torchscript_opset13", "efficientnetish_torchscript_opset13",
         "llamaish_dynamic_torchscript_opset17", "convnextish_dynamic_batch_torchscript_opset17",
         "vit_encoder_dynamic_batch_torchscript_opset17", "padded_text_classifier_torchscript_opset17",
         "shufflenetish_torchscript_opset17", "super_resolution_torchscript_opset17",
         "audio_frontend_dynamic_time_torchscript_opset17", "spatial_transformer_torchscript_opset20",
         "resnet18ish_external_data_dynamo_opset18"}


def _no_fastpath(build):
    """The TorchScript exporter cannot export the fused eval-mode kernels of nn.MultiheadAttention /
    nn.TransformerEncoderLayer (torch's "fast path"); exports turn it off, as their users do."""
    def wrapped():
        import torch
        before = torch.backends.mha.get_fastpath_enabled()
        torch.backends.mha.set_fastpath_enabled(False)
        try:
            return build()
        finally:
            torch.backends.mha.set_fastpath_enabled(before)
    return wrapped


def _text_with_lengths(dynamo, opset):
    """_padded_text_classifier with its ids and lengths, batch and sequence dynamic."""
    def build():
        import torch
        torch.manual_seed(0)
        module = _padded_text_classifier()
        rng = _rng(5)
        sets = []
        # (the TorchScript exporter bakes batch and sequence sizes into the attention's head
        # reshapes, onnxruntime fails on other sizes too: its export runs two length sets of one size)
        for b, s in ((3, 6), (2, 9) if dynamo else (3, 6)):
            sets.append([rng.integers(0, 40, (b, s)).astype(np.int64), rng.integers(1, s + 1, b).astype(np.int64)])
        axes = {"x0": {0: "batch", 1: "seq"}, "x1": {0: "batch"}}
        with torch.no_grad():
            model = _export(module, [torch.from_numpy(x) for x in sets[0]], dynamo, opset, axes)
        return model, sets
    return build


SPECS = _specs()
