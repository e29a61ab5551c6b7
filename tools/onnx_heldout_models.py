"""The models of tools/onnx_heldout.py: each SPEC names a builder that returns the ONNX model, the
input sets to run it on and the tolerance. The models come from outside the importer: PyTorch's
two exporters (tiny `transformers` configs and small nets written here), onnx.helper graphs
written from the ONNX operator documentation, and onnxruntime's quantization tools."""
from __future__ import annotations

import dataclasses
import io
import warnings

import numpy as np


@dataclasses.dataclass
class Spec:
    name: str
    build: object          # () -> (model, [input sets]) or (model, [input sets], f32 reference model)
    slow: bool = False     # left out of the default test run (SHLO_ONNX_LIGHT=1 runs it)
    rtol: float = 1e-4
    atol: float = 1e-4


@dataclasses.dataclass
class Case:
    name: str
    model: object
    inputs: list
    rtol: float
    atol: float
    reference_model: object = None


def build(spec: Spec) -> Case:
    got = spec.build()
    model, inputs = got[0], got[1]
    ref = got[2] if len(got) > 2 else None
    return Case(spec.name, model, inputs, spec.rtol, spec.atol, ref)


def _rng(seed=0):
    return np.random.default_rng(seed)


# ------------------------------------------------------------------------------ PyTorch exports

def _export(module, args, dynamo, opset, dynamic_axes=None, input_names=None):
    import onnx
    import torch
    names = input_names or [f"x{i}" for i in range(len(args))]
    module = module.eval()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if dynamo:      # torch.export's dynamic shapes: {input position: {dim: DYNAMIC}}
            shapes = None if not dynamic_axes else tuple(
                {d: torch.export.Dim.DYNAMIC for d in dynamic_axes.get(n, {})} or None for n in names)
            prog = torch.onnx.export(module, tuple(args), dynamo=True, input_names=names, opset_version=opset,
                                     dynamic_shapes=shapes, verbose=False)
            return prog.model_proto
        f = io.BytesIO()
        torch.onnx.export(module, tuple(args), f, dynamo=False, input_names=names, opset_version=opset,
                          dynamic_axes=dynamic_axes)
        return onnx.load_from_string(f.getvalue())


def _torch_case(make, shapes_sets, dynamo, opset, dynamic_axes=None, dtypes=None, int_high=None):
    """make() -> module; shapes_sets: [[shape per input]] (the first is the export's); inputs are
    float normals, or ints below int_high[i] where given."""
    import torch

    def build():
        torch.manual_seed(0)
        module = make()
        rng = _rng(1)
        sets = []
        for shapes in shapes_sets:
            xs = []
            for i, s in enumerate(shapes):
                if int_high and int_high[i]:
                    xs.append(rng.integers(0, int_high[i], s).astype(np.int64))
                else:
                    xs.append(rng.standard_normal(s).astype((dtypes or {}).get(i, np.float32)))
            sets.append(xs)
        with torch.no_grad():
            model = _export(module, [torch.from_numpy(x) for x in sets[0]], dynamo, opset, dynamic_axes)
        return model, sets
    return build


def _hf(kind):
    import torch
    import transformers as tf

    class Wrap(torch.nn.Module):
        def __init__(self, inner, call):
            super().__init__()
            self.inner, self.call = inner, call

        def forward(self, x0, x1=None):      # named inputs (torch.export's dynamic_shapes match them)
            return self.call(self.inner, x0) if x1 is None else self.call(self.inner, x0, x1)

    common = dict(attn_implementation="eager")
    if kind == "gpt2":
        cfg = tf.GPT2Config(vocab_size=97, n_positions=64, n_embd=32, n_layer=2, n_head=4, use_cache=False,
                            bos_token_id=0, eos_token_id=0, **common)
        return Wrap(tf.GPT2LMHeadModel(cfg), lambda m, ids, mask: m(input_ids=ids, attention_mask=mask).logits)
    if kind == "bert":
        cfg = tf.BertConfig(vocab_size=97, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                            intermediate_size=64, max_position_embeddings=64, **common)
        return Wrap(tf.BertModel(cfg, add_pooling_layer=True),
                    lambda m, ids, mask: m(input_ids=ids, attention_mask=mask).last_hidden_state)
    if kind == "t5":
        cfg = tf.T5Config(vocab_size=97, d_model=32, d_kv=8, d_ff=64, num_layers=2, num_heads=4,
                          relative_attention_num_buckets=8, **common)
        return Wrap(tf.T5EncoderModel(cfg), lambda m, ids: m(input_ids=ids).last_hidden_state)
    if kind == "vit":
        cfg = tf.ViTConfig(image_size=32, patch_size=8, num_channels=3, hidden_size=32, num_hidden_layers=2,
                           num_attention_heads=4, intermediate_size=64, **common)
        return Wrap(tf.ViTModel(cfg), lambda m, px: m(pixel_values=px).last_hidden_state)
    if kind == "whisper":
        cfg = tf.WhisperConfig(vocab_size=97, num_mel_bins=16, encoder_layers=2, encoder_attention_heads=4,
                               decoder_layers=1, decoder_attention_heads=4, d_model=32, encoder_ffn_dim=64,
                               decoder_ffn_dim=64, max_source_positions=16, max_target_positions=16,
                               pad_token_id=0, bos_token_id=0, eos_token_id=0, decoder_start_token_id=0, **common)
        return Wrap(tf.WhisperModel(cfg).get_encoder(), lambda m, feats: m(input_features=feats).last_hidden_state)
    raise ValueError(kind)


def _mobilenet():
    import torch
    nn = torch.nn

    class SqueezeExcite(nn.Module):
        def __init__(self, c):
            super().__init__()
            self.fc1, self.fc2 = nn.Conv2d(c, c // 4, 1), nn.Conv2d(c // 4, c, 1)

        def forward(self, x):
            s = x.mean((2, 3), keepdim=True)
            return x * nn.functional.hardsigmoid(self.fc2(nn.functional.relu(self.fc1(s))))

    def block(cin, cout, stride, expand):
        mid = cin * expand
        return nn.Sequential(nn.Conv2d(cin, mid, 1, bias=False), nn.BatchNorm2d(mid), nn.Hardswish(),
                             nn.Conv2d(mid, mid, 3, stride, 1, groups=mid, bias=False), nn.BatchNorm2d(mid),
                             nn.ReLU6(), SqueezeExcite(mid), nn.Conv2d(mid, cout, 1, bias=False), nn.BatchNorm2d(cout))

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1), nn.BatchNorm2d(8), nn.Hardswish())
            self.b1, self.b2, self.b3 = block(8, 8, 1, 2), block(8, 16, 2, 3), block(16, 16, 1, 2)
            self.head = nn.Linear(16, 10)

        def forward(self, x):
            x = self.stem(x)
            x = x + self.b1(x)
            x = self.b2(x)
            x = x + self.b3(x)
            return torch.log_softmax(self.head(nn.functional.adaptive_avg_pool2d(x, 1).flatten(1)), -1)

    net = Net()
    with torch.no_grad():
        for m in net.modules():
            if isinstance(m, nn.BatchNorm2d):
                m.running_mean.uniform_(-0.3, 0.3)
                m.running_var.uniform_(0.5, 1.5)
    return net


def _unet(mode):
    import torch
    nn = torch.nn

    def conv(cin, cout):
        return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.GroupNorm(2, cout), nn.SiLU())

    class UNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.d1, self.d2, self.mid = conv(3, 8), conv(8, 16), conv(16, 16)
            self.up1 = nn.ConvTranspose2d(16, 16, 2, stride=2)
            self.u1 = conv(32, 8)
            self.u2 = conv(16, 8)
            self.out = nn.Conv2d(8, 2, 1)

        def forward(self, x):
            a = self.d1(x)
            b = self.d2(nn.functional.max_pool2d(a, 2))
            m = self.mid(nn.functional.avg_pool2d(b, 2))
            u = self.u1(torch.cat([self.up1(m), b], 1))
            if mode == "nearest":
                u = nn.functional.interpolate(u, scale_factor=2.0, mode="nearest")
            else:
                u = nn.functional.interpolate(u, scale_factor=2.0, mode="bilinear", align_corners=mode == "corners")
            return torch.sigmoid(self.out(self.u2(torch.cat([u, a], 1))))
    return UNet()


def _seq_model(kind):
    import torch
    nn = torch.nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(50, 16)
            if kind == "lstm":
                self.rnn = nn.LSTM(16, 12, num_layers=2, batch_first=True, bidirectional=True)
            else:
                self.rnn = nn.GRU(16, 12, num_layers=1, batch_first=True, bidirectional=True)
            self.out = nn.Linear(24, 5)

        def forward(self, ids):
            h, _ = self.rnn(self.emb(ids))
            return self.out(h)
    return Net()


def _detect_head():
    import torch
    nn = torch.nn

    class Head(nn.Module):
        """Per-anchor scores and boxes; the best 8 by score (TopK), boxes decoded and clipped."""

        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1), nn.ReLU(), nn.Conv2d(8, 8, 3, 2, 1), nn.ReLU())
            self.cls = nn.Conv2d(8, 3, 1)
            self.box = nn.Conv2d(8, 4, 1)

        def forward(self, x):
            f = self.body(x)
            scores = torch.sigmoid(self.cls(f)).flatten(1)              # (N, 3 * H * W)
            deltas = self.box(f).flatten(2).transpose(1, 2)            # (N, H * W, 4)
            top, idx = torch.topk(scores, 8, dim=1)
            anchor = idx % deltas.shape[1]
            picked = torch.gather(deltas, 1, anchor.unsqueeze(-1).expand(-1, -1, 4))
            boxes = torch.clamp(picked.exp() * 4.0, 0.0, 16.0)
            return top, boxes
    return Head()


_TEXT_DYNAMIC = {"x0": {0: "batch", 1: "seq"}, "x1": {0: "batch", 1: "seq"}}


def _decoder():
    """A TransformerDecoder (self attention with a causal mask, cross attention on a memory)."""
    import torch
    nn = torch.nn

    class Dec(nn.Module):
        def __init__(self):
            super().__init__()
            layer = nn.TransformerDecoderLayer(16, 2, 32, dropout=0.0, batch_first=True, norm_first=True)
            self.dec = nn.TransformerDecoder(layer, 2)

        def forward(self, tgt, memory):
            n = tgt.shape[1]
            causal = torch.triu(torch.full((n, n), float("-inf")), diagonal=1)
            return self.dec(tgt, memory, tgt_mask=causal, tgt_is_causal=True)
    return Dec()


def _cond():
    """torch.cond on a run-time predicate (the dynamo exporter makes an If)."""
    import torch

    class Branchy(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.a, self.b = torch.nn.Linear(6, 6), torch.nn.Linear(6, 6)

        def forward(self, x):
            return torch.cond(x.sum() > 0, lambda t: torch.relu(self.a(t)), lambda t: torch.tanh(self.b(t)), (x,))
    return Branchy()


def _scripted_loop():
    """A scripted loop whose trip count is an input's size and whose body has a data-dependent
    branch: the TorchScript exporter makes a Loop with an If inside."""
    import torch

    class Looper(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = torch.nn.Linear(4, 4)

        def forward(self, x):
            h = torch.zeros_like(x[0])
            for i in range(x.shape[0]):
                h = torch.tanh(self.lin(h) + x[i])
                if bool(h.sum() > 0):
                    h = h * 0.5
            return h
    return torch.jit.script(Looper())


def _image_ops(unpool=True):
    """PixelShuffle (DepthToSpace), reflect padding, InstanceNorm, grid_sample, interpolation to a
    given size (bicubic) and a max-pool with indices unpooled (not traceable by the TorchScript
    exporter in torch 2.13: its output-size check fails on traced sizes)."""
    import torch
    nn = torch.nn
    F = nn.functional

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(3, 12, 3)
            self.norm = nn.InstanceNorm2d(3, affine=True)

        def forward(self, x, grid):
            y = self.conv(F.pad(x, (1, 1, 1, 1), mode="reflect"))
            y = F.pixel_shuffle(y, 2)                                      # (N, 3, 2H, 2W)
            y = self.norm(y)
            y = F.grid_sample(y, grid, mode="bilinear", padding_mode="border", align_corners=False)
            if unpool:
                p, idx = F.max_pool2d(y, 2, return_indices=True)
                y = F.max_unpool2d(p, idx, 2)
            return F.interpolate(y, size=(7, 9), mode="bicubic", align_corners=False)
    return Net()


def _resnet_like():
    import torch
    nn = torch.nn

    class Block(nn.Module):
        def __init__(self, cin, cout, stride):
            super().__init__()
            self.c1, self.b1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout)
            self.c2, self.b2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout)
            self.skip = (nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))
                         if stride != 1 or cin != cout else nn.Identity())

        def forward(self, x):
            return torch.relu(self.b2(self.c2(torch.relu(self.b1(self.c1(x))))) + self.skip(x))

    return nn.Sequential(nn.Conv2d(3, 8, 3, 1, 1), nn.ReLU(), nn.MaxPool2d(3, 2, 1), Block(8, 8, 1), Block(8, 16, 2),
                         nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10))


def _half_mlp():
    """A LayerNorm / GELU / Linear block in f16 (exported and run by onnxruntime in f16)."""
    import torch
    nn = torch.nn
    return nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.LayerNorm(32), nn.Linear(32, 8), nn.Softmax(-1)).half()


def _packed_lstm():
    """A bidirectional LSTM over padded sequences of different lengths (pack_padded_sequence; the
    TorchScript exporter only: torch.export cannot trace packing)."""
    import torch
    nn = torch.nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.rnn = nn.LSTM(6, 5, batch_first=True, bidirectional=True)

        def forward(self, x, lengths):
            packed = nn.utils.rnn.pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
            out, (h, c) = self.rnn(packed)
            y, _ = nn.utils.rnn.pad_packed_sequence(out, batch_first=True, total_length=x.shape[1])
            return y, h
    return Net()


def _einsum_attention():
    """Multi-head attention written with torch.einsum and a key padding mask from lengths."""
    import torch
    nn = torch.nn

    class Att(nn.Module):
        def __init__(self):
            super().__init__()
            self.qkv, self.out = nn.Linear(16, 48), nn.Linear(16, 16)

        def forward(self, x):
            b, t, _ = x.shape
            q, k, v = self.qkv(x).reshape(b, t, 3, 4, 4).unbind(2)
            s = torch.einsum("bqhd,bkhd->bhqk", q, k) / 2.0
            keep = torch.arange(t)[None, :] <= torch.arange(t)[:, None]
            s = s.masked_fill(~keep, float("-inf"))
            return self.out(torch.einsum("bhqk,bkhd->bqhd", s.softmax(-1), v).reshape(b, t, 16))
    return Att()


def _tensor_ops(native_rms=True):
    """Indexing and tensor ops exporters map one by one: sort / argsort, roll, flip, scatter_add,
    index_select, gather, bucketize, masked_fill, unfold (Im2Col-like), F.fold, repeat_interleave,
    clamp with tensor bounds, RMSNorm (written out for the TorchScript exporter, which lacks it),
    SDPA with a causal flag."""
    import torch
    nn = torch.nn
    F = nn.functional

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.norm = nn.RMSNorm(8)
            self.register_buffer("edges", torch.tensor([-1.0, 0.0, 0.5, 1.0]))

        def forward(self, x, idx):
            # x (2, 4, 8); idx (2, 4) int64 in [0, 8)
            s, order = torch.sort(x, dim=-1, descending=True)
            r = torch.roll(x, shifts=2, dims=1).flip(-1)
            sc = torch.zeros(2, 4, 8).scatter_add(2, idx.unsqueeze(-1).expand(-1, -1, 8) % 8, x)
            g = torch.gather(x, 2, idx.unsqueeze(-1))
            sel = torch.index_select(x, 1, torch.tensor([3, 0, 2]))
            b = torch.bucketize(x, self.edges).to(torch.float32)
            m = x.masked_fill(x > 0.8, -2.0).clamp(min=x.mean(), max=x.max())
            n = self.norm(x) if native_rms else x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)
            q = x.reshape(2, 4, 2, 4).transpose(1, 2)
            att = F.scaled_dot_product_attention(q, q, q, is_causal=True).transpose(1, 2).reshape(2, 4, 8)
            img = x.reshape(2, 1, 4, 8)
            cols = F.unfold(img, kernel_size=(2, 3), padding=1, stride=(1, 2))
            back = F.fold(cols, output_size=(4, 8), kernel_size=(2, 3), padding=1, stride=(1, 2))
            rep = torch.repeat_interleave(x[:, :2], 2, dim=1)
            return (s + order.to(torch.float32), r + sc + b + m + n + att + back.reshape(2, 4, 8) + rep, g, sel)
    return Net()


def _torch_specs():
    specs = []
    exporters = [("dynamo", True, 18), ("dynamo", True, 20), ("torchscript", False, 13), ("torchscript", False, 17)]
    for tag, dynamo, opset in exporters:
        suffix = f"{tag}_opset{opset}"
        specs += [
            Spec(f"mobilenet_{suffix}", _torch_case(_mobilenet, [[(2, 3, 32, 32)]], dynamo, opset)),
            Spec(f"unet_bilinear_{suffix}", _torch_case(lambda: _unet("bilinear"), [[(1, 3, 16, 16)]], dynamo, opset)),
            Spec(f"lstm_{suffix}", _torch_case(lambda: _seq_model("lstm"), [[(2, 7)]], dynamo, opset, int_high=[50])),
            Spec(f"gpt2_{suffix}", _text_case("gpt2", dynamo, opset), slow=True),
            Spec(f"bert_{suffix}", _text_case("bert", dynamo, opset), slow=True),
        ]
    specs += [
        Spec("unet_nearest_dynamo_opset21", _torch_case(lambda: _unet("nearest"), [[(1, 3, 16, 16)]], True, 21)),
        Spec("unet_align_corners_torchscript_opset16",
             _torch_case(lambda: _unet("corners"), [[(1, 3, 16, 16)]], False, 16)),
        Spec("gru_torchscript_opset14", _torch_case(lambda: _seq_model("gru"), [[(3, 5)]], False, 14, int_high=[50])),
        Spec("gru_dynamo_opset19", _torch_case(lambda: _seq_model("gru"), [[(3, 5)]], True, 19, int_high=[50])),
        Spec("detect_head_dynamo_opset18", _torch_case(_detect_head, [[(2, 3, 16, 16)]], True, 18)),
        Spec("detect_head_torchscript_opset15", _torch_case(_detect_head, [[(2, 3, 16, 16)]], False, 15)),
        Spec("lstm_dynamic_torchscript_opset17",
             _torch_case(lambda: _seq_model("lstm"), [[(2, 7)], [(3, 4)]], False, 17, int_high=[50],
                         dynamic_axes={"x0": {0: "batch", 1: "seq"}})),
        Spec("mobilenet_dynamic_batch_dynamo_opset18",
             _torch_case(_mobilenet, [[(2, 3, 32, 32)], [(3, 3, 32, 32)]], True, 18,
                         dynamic_axes={"x0": {0: "batch"}})),
        Spec("gpt2_dynamic_dynamo_opset18",
             _text_case("gpt2", True, 18, [(2, 9), (3, 13)], _TEXT_DYNAMIC), slow=True),
        Spec("gpt2_dynamic_torchscript_opset14",
             _text_case("gpt2", False, 14, [(2, 9), (3, 13)], _TEXT_DYNAMIC), slow=True),
        Spec("bert_dynamic_dynamo_opset18",
             _text_case("bert", True, 18, [(2, 9), (3, 13)], _TEXT_DYNAMIC), slow=True),
        Spec("decoder_dynamo_opset18", _torch_case(_decoder, [[(2, 5, 16), (2, 7, 16)]], True, 18)),
        Spec("decoder_torchscript_opset17", _torch_case(_decoder, [[(2, 5, 16), (2, 7, 16)]], False, 17)),
        Spec("cond_dynamo_opset18", _torch_case(_cond, [[(3, 6)]], True, 18)),
        Spec("scripted_loop_torchscript_opset17", _torch_case(_scripted_loop, [[(5, 4)], [(2, 4)]], False, 17,
                                                                  dynamic_axes={"x0": {0: "steps"}})),
        Spec("image_ops_dynamo_opset18", _torch_case(_image_ops, [[(1, 3, 6, 6), (1, 8, 10, 2)]], True, 18)),
        Spec("image_ops_torchscript_opset16",
             _torch_case(lambda: _image_ops(False), [[(1, 3, 6, 6), (1, 8, 10, 2)]], False, 16)),
        Spec("resnet_like_dynamic_batch_torchscript_opset13",
             _torch_case(_resnet_like, [[(2, 3, 16, 16)], [(5, 3, 16, 16)]], False, 13,
                         dynamic_axes={"x0": {0: "batch"}})),
        Spec("resnet_like_dynamo_opset21", _torch_case(_resnet_like, [[(2, 3, 16, 16)]], True, 21)),
        Spec("f16_mlp_torchscript_opset17", _torch_case(_half_mlp, [[(4, 16)]], False, 17, dtypes={0: np.float16}),
             rtol=1e-2, atol=2e-3),
        Spec("f16_mlp_dynamo_opset18", _torch_case(_half_mlp, [[(4, 16)]], True, 18, dtypes={0: np.float16}),
             rtol=1e-2, atol=2e-3),
        Spec("unet_dynamic_hw_torchscript_opset17",
             _torch_case(lambda: _unet("bilinear"), [[(1, 3, 16, 16)], [(2, 3, 8, 24)]], False, 17,
                         dynamic_axes={"x0": {0: "batch", 2: "h", 3: "w"}})),
        Spec("unet_dynamic_hw_dynamo_opset18",
             _torch_case(lambda: _unet("nearest"), [[(1, 3, 16, 16)], [(2, 3, 8, 24)]], True, 18,
                         dynamic_axes={"x0": {0: "batch", 2: "h", 3: "w"}})),
        Spec("detect_head_dynamic_batch_torchscript_opset17",
             _torch_case(_detect_head, [[(2, 3, 16, 16)], [(3, 3, 16, 16)]], False, 17,
                         dynamic_axes={"x0": {0: "batch"}})),
        Spec("lstm_dynamic_dynamo_opset18",
             _torch_case(lambda: _seq_model("lstm"), [[(2, 7)], [(3, 4)]], True, 18, int_high=[50],
                         dynamic_axes={"x0": {0: "batch", 1: "seq"}})),
        Spec("decoder_dynamic_dynamo_opset18",      # (TorchScript bakes the head reshapes' sizes in)
             _torch_case(_decoder, [[(2, 5, 16), (2, 7, 16)], [(3, 4, 16), (3, 6, 16)]], True, 18,
                         dynamic_axes={"x0": {0: "batch", 1: "t"}, "x1": {0: "batch", 1: "s"}})),
        Spec("f16_mlp_dynamic_batch_torchscript_opset17",
             _torch_case(_half_mlp, [[(4, 16)], [(7, 16)]], False, 17, dtypes={0: np.float16},
                         dynamic_axes={"x0": {0: "batch"}}), rtol=1e-2, atol=2e-3),
        Spec("mobilenet_dynamic_hw_torchscript_opset17",
             _torch_case(_mobilenet, [[(1, 3, 32, 32)], [(2, 3, 24, 40)]], False, 17,
                         dynamic_axes={"x0": {0: "batch", 2: "h", 3: "w"}})),
        Spec("einsum_attention_dynamic_dynamo_opset18",
             _torch_case(_einsum_attention, [[(2, 5, 16)], [(3, 8, 16)]], True, 18,
                         dynamic_axes={"x0": {0: "batch", 1: "t"}})),
        Spec("einsum_attention_torchscript_opset15", _torch_case(_einsum_attention, [[(2, 5, 16)]], False, 15)),
        Spec("packed_lstm_torchscript_opset17", _packed_lstm_case(False, 17)),
        Spec("gpt2_dynamic_dynamo_opset21",
             _text_case("gpt2", True, 21, [(2, 9), (3, 13)], _TEXT_DYNAMIC), slow=True),
        Spec("bert_dynamic_torchscript_opset13",
             _text_case("bert", False, 13, [(2, 9), (3, 13)], _TEXT_DYNAMIC), slow=True),
        Spec("whisper_encoder_dynamic_batch_dynamo_opset18",
             _torch_case(lambda: _hf("whisper"), [[(1, 16, 32)], [(3, 16, 32)]], True, 18,
                         dynamic_axes={"x0": {0: "batch"}}), slow=True),
        Spec("tensor_ops_dynamo_opset18", _torch_case(_tensor_ops, [[(2, 4, 8), (2, 4)]], True, 18, int_high=[0, 8])),
        Spec("tensor_ops_dynamo_opset23", _torch_case(_tensor_ops, [[(2, 4, 8), (2, 4)]], True, 23, int_high=[0, 8])),
        Spec("tensor_ops_torchscript_opset18",
             _torch_case(lambda: _tensor_ops(False), [[(2, 4, 8), (2, 4)]], False, 18, int_high=[0, 8])),
        Spec("bert_dynamic_torchscript_opset17",
             _text_case("bert", False, 17, [(2, 9), (3, 13)], _TEXT_DYNAMIC), slow=True),
        Spec("t5_encoder_dynamic_dynamo_opset18",
             _torch_case(lambda: _hf("t5"), [[(2, 11)], [(3, 6)]], True, 18, int_high=[97],
                         dynamic_axes={"x0": {0: "batch", 1: "seq"}}), slow=True),
        Spec("t5_encoder_dynamic_torchscript_opset17",
             _torch_case(lambda: _hf("t5"), [[(2, 11)], [(3, 6)]], False, 17, int_high=[97],
                         dynamic_axes={"x0": {0: "batch", 1: "seq"}}), slow=True),
        Spec("vit_dynamic_batch_dynamo_opset18",
             _torch_case(lambda: _hf("vit"), [[(2, 3, 32, 32)], [(3, 3, 32, 32)]], True, 18,
                         dynamic_axes={"x0": {0: "batch"}}), slow=True),
        Spec("t5_encoder_dynamo_opset18", _torch_case(lambda: _hf("t5"), [[(2, 11)]], True, 18, int_high=[97]),
             slow=True),
        Spec("t5_encoder_torchscript_opset17",
             _torch_case(lambda: _hf("t5"), [[(2, 11)]], False, 17, int_high=[97]), slow=True),
        Spec("vit_dynamo_opset18", _torch_case(lambda: _hf("vit"), [[(2, 3, 32, 32)]], True, 18), slow=True),
        Spec("vit_torchscript_opset17", _torch_case(lambda: _hf("vit"), [[(2, 3, 32, 32)]], False, 17), slow=True),
        Spec("whisper_encoder_dynamo_opset18",
             _torch_case(lambda: _hf("whisper"), [[(1, 16, 32)]], True, 18), slow=True),
        Spec("whisper_encoder_torchscript_opset17",
             _torch_case(lambda: _hf("whisper"), [[(1, 16, 32)]], False, 17), slow=True),
    ]
    for s in specs:
        s.slow = s.slow or s.name in LIGHT_ONLY
    return specs


# Dynamo exports left to SHLO_ONNX_LIGHT=1 for the default suite's time (each 5-60 s on a loaded
# 2-core machine, most of it the export): every module keeps its TorchScript exports there, and
# the dynamo exporter keeps gru, unet_nearest, resnet_like, cond, tensor_ops (opset 23) and, with
# dynamic axes, einsum_attention_dynamic.
LIGHT_ONLY = {"mobilenet_dynamo_opset18", "mobilenet_dynamo_opset20", "mobilenet_dynamic_batch_dynamo_opset18",
              "unet_bilinear_dynamo_opset18", "unet_bilinear_dynamo_opset20", "unet_dynamic_hw_dynamo_opset18",
              "lstm_dynamo_opset18", "lstm_dynamo_opset20", "lstm_dynamic_dynamo_opset18", "decoder_dynamo_opset18",
              "decoder_dynamic_dynamo_opset18", "tensor_ops_dynamo_opset18", "detect_head_dynamo_opset18",
              "image_ops_dynamo_opset18", "f16_mlp_dynamo_opset18"}


def _packed_lstm_case(dynamo, opset):
    import torch

    def build():
        torch.manual_seed(0)
        rng = _rng(15)
        x = rng.standard_normal((3, 6, 6)).astype(np.float32)
        lengths = np.array([6, 2, 4], np.int64)
        with torch.no_grad():
            model = _export(_packed_lstm(), [torch.from_numpy(x), torch.from_numpy(lengths)], dynamo, opset)
        return model, [[x, lengths]]
    return build


def _text_case(kind, dynamo, opset, sizes=((2, 10),), dynamic_axes=None):
    """A transformers text model taking (input_ids, attention_mask); the second sequence of each
    batch is padded (mask 0 on its last positions). `sizes`: (batch, seq) per input set."""
    import torch

    def build():
        torch.manual_seed(0)
        module = _hf(kind)
        rng = _rng(2)
        sets = []
        for batch, seq in sizes:
            ids = rng.integers(0, 97, (batch, seq)).astype(np.int64)
            mask = np.ones((batch, seq), np.int64)
            if batch > 1:
                mask[1, seq - 3:] = 0
            sets.append([ids, mask])
        with torch.no_grad():
            model = _export(module, [torch.from_numpy(x) for x in sets[0]], dynamo, opset, dynamic_axes)
        return model, sets
    return build


# ------------------------------------------------------------------------------ onnx.helper graphs

def _model(nodes, inputs, outputs, opset, initializers=(), name="g"):
    from onnx import helper
    graph = helper.make_graph(nodes, name, inputs, outputs, initializer=list(initializers))
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def _vi(name, elem, shape):
    from onnx import helper
    return helper.make_tensor_value_info(name, elem, shape)


def _loop_scan(opset):
    """A running sum and product over the rows of x, the sums as a scan output; the trip count
    is an input, so the scan output's length is known only at run time."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        body = helper.make_graph(
            [helper.make_node("Gather", ["x", "i"], ["row"], axis=0),
             helper.make_node("Add", ["s_in", "row"], ["s_out"]),
             helper.make_node("Mul", ["p_in", "row"], ["p_mul"]),
             helper.make_node("Tanh", ["p_mul"], ["p_out"]),
             helper.make_node("Identity", ["c_in"], ["c_out"]),
             helper.make_node("ReduceSum", ["s_out"], ["scan"], keepdims=0)],
            "body", [_vi("i", T.INT64, []), _vi("c_in", T.BOOL, []), _vi("s_in", T.FLOAT, [4]),
                     _vi("p_in", T.FLOAT, [4])],
            [_vi("c_out", T.BOOL, []), _vi("s_out", T.FLOAT, [4]), _vi("p_out", T.FLOAT, [4]),
             _vi("scan", T.FLOAT, [])])
        nodes = [helper.make_node("Loop", ["n", "", "s0", "p0"], ["s", "p", "sums"], body=body)]
        model = _model(nodes, [_vi("x", T.FLOAT, [6, 4]), _vi("n", T.INT64, []), _vi("s0", T.FLOAT, [4]),
                               _vi("p0", T.FLOAT, [4])],
                       [_vi("s", T.FLOAT, [4]), _vi("p", T.FLOAT, [4]), _vi("sums", T.FLOAT, ["k"])], opset)
        rng = _rng(3)
        sets = [[rng.standard_normal((6, 4)).astype(np.float32), np.array(n, np.int64),
                 rng.standard_normal(4).astype(np.float32), np.ones(4, np.float32)] for n in (6, 3)]
        return model, sets
    return build


def _if_in_loop(opset):
    """A while-style Loop (condition computed by the body) whose body branches with If on the
    parity of the iteration: halves x when even, adds 1 when odd; stops once the sum passes 50."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        two = helper.make_tensor("two", T.INT64, [], [2])
        zero = helper.make_tensor("zero", T.INT64, [], [0])
        then_g = helper.make_graph([helper.make_node("Mul", ["x_in", "half"], ["t_out"])], "then", [],
                                   [_vi("t_out", T.FLOAT, [3])])
        else_g = helper.make_graph([helper.make_node("Add", ["x_in", "one"], ["e_out"])], "else", [],
                                   [_vi("e_out", T.FLOAT, [3])])
        body = helper.make_graph(
            [helper.make_node("Constant", [], ["two_c"], value=two),
             helper.make_node("Constant", [], ["zero_c"], value=zero),
             helper.make_node("Mod", ["i", "two_c"], ["r"]),
             helper.make_node("Equal", ["r", "zero_c"], ["even"]),
             helper.make_node("If", ["even"], ["y"], then_branch=then_g, else_branch=else_g),
             helper.make_node("Mul", ["y", "growth"], ["x_out"]),
             helper.make_node("ReduceSum", ["x_out"], ["total"], keepdims=0),
             helper.make_node("Less", ["total", "limit"], ["c_out"]),
             helper.make_node("Identity", ["total"], ["scan"])],
            "body", [_vi("i", T.INT64, []), _vi("c_in", T.BOOL, []), _vi("x_in", T.FLOAT, [3])],
            [_vi("c_out", T.BOOL, []), _vi("x_out", T.FLOAT, [3]), _vi("scan", T.FLOAT, [])])
        inits = [helper.make_tensor("half", T.FLOAT, [], [0.5]), helper.make_tensor("one", T.FLOAT, [], [1.0]),
                 helper.make_tensor("limit", T.FLOAT, [], [50.0]), helper.make_tensor("trips", T.INT64, [], [40]),
                 helper.make_tensor("go", T.BOOL, [], [True])]
        nodes = [helper.make_node("Loop", ["trips", "go", "x"], ["x_final", "totals"], body=body)]
        model = _model(nodes, [_vi("x", T.FLOAT, [3]), _vi("growth", T.FLOAT, [3])],
                       [_vi("x_final", T.FLOAT, [3]), _vi("totals", T.FLOAT, ["k"])], opset, inits)
        sets = [[np.array([1.0, 2.0, 3.0], np.float32), np.array([3.0, 2.5, 2.0], np.float32)],
                [np.array([0.5, 0.1, 0.2], np.float32), np.array([1.5, 1.6, 1.7], np.float32)]]
        return model, sets
    return build


def _sequences(opset):
    """SplitToSequence (known split), SequenceInsert / SequenceErase / SequenceAt, a Loop over
    the sequence's length, ConcatFromSequence with a new axis."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        inits = [helper.make_tensor("split", T.INT64, [3], [1, 2, 3]), helper.make_tensor("pos", T.INT64, [], [1]),
                 helper.make_tensor("last", T.INT64, [], [-1])]
        nodes = [helper.make_node("SplitToSequence", ["x", "split"], ["parts"], axis=0),
                 helper.make_node("SequenceAt", ["parts", "last"], ["tail"]),
                 helper.make_node("ReduceMean", ["tail"], ["m"], keepdims=1, axes=[0]) if opset < 18 else
                 helper.make_node("ReduceMean", ["tail", "axes0"], ["m"], keepdims=1),
                 helper.make_node("SplitToSequence", ["x"], ["rows"], axis=0, keepdims=0),
                 helper.make_node("SequenceInsert", ["rows", "y", "pos"], ["rows2"]),
                 helper.make_node("SequenceErase", ["rows2"], ["rows3"]),
                 helper.make_node("SequenceLength", ["rows3"], ["n"]),
                 helper.make_node("ConcatFromSequence", ["rows3"], ["stacked"], axis=0, new_axis=1),
                 helper.make_node("Add", ["stacked", "m"], ["out"])]
        if opset >= 18:
            inits.append(helper.make_tensor("axes0", T.INT64, [1], [0]))
        model = _model(nodes, [_vi("x", T.FLOAT, [6, 4]), _vi("y", T.FLOAT, [4])],
                       [_vi("out", T.FLOAT, [6, 4]), _vi("n", T.INT64, [])], opset, inits)
        rng = _rng(4)
        return model, [[rng.standard_normal((6, 4)).astype(np.float32), rng.standard_normal(4).astype(np.float32)]]
    return build


def _detection_post(opset):
    """Detection post-processing: TopK over scores, NonMaxSuppression on the boxes, RoiAlign of
    the feature map over the top boxes."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        inits = [helper.make_tensor("k", T.INT64, [1], [6]), helper.make_tensor("max_out", T.INT64, [], [3]),
                 helper.make_tensor("iou", T.FLOAT, [], [0.4]), helper.make_tensor("thr", T.FLOAT, [], [0.1]),
                 helper.make_tensor("zeros", T.INT64, [6], [0] * 6), helper.make_tensor("sq", T.INT64, [1], [0])]
        nodes = [helper.make_node("TopK", ["scores1", "k"], ["top", "idx"], axis=0),
                 helper.make_node("Gather", ["boxes1", "idx"], ["top_boxes"], axis=0),
                 helper.make_node("Unsqueeze", ["boxes1", "sq"], ["boxes3"]) if opset >= 13 else
                 helper.make_node("Unsqueeze", ["boxes1"], ["boxes3"], axes=[0]),
                 helper.make_node("Unsqueeze", ["scores1", "sq"], ["s2"]) if opset >= 13 else
                 helper.make_node("Unsqueeze", ["scores1"], ["s2"], axes=[0]),
                 helper.make_node("Unsqueeze", ["s2", "sq"], ["s3"]) if opset >= 13 else
                 helper.make_node("Unsqueeze", ["s2"], ["s3"], axes=[0]),
                 helper.make_node("NonMaxSuppression", ["boxes3", "s3", "max_out", "iou", "thr"], ["selected"]),
                 helper.make_node("RoiAlign", ["feat", "top_boxes", "zeros"], ["pooled"], output_height=2,
                                  output_width=2, sampling_ratio=2, spatial_scale=0.5, mode="avg")]
        model = _model(nodes, [_vi("scores1", T.FLOAT, [10]), _vi("boxes1", T.FLOAT, [10, 4]),
                               _vi("feat", T.FLOAT, [1, 2, 8, 8])],
                       [_vi("top", T.FLOAT, [6]), _vi("selected", T.INT64, ["n", 3]),
                        _vi("pooled", T.FLOAT, [6, 2, 2, 2])], opset, inits)
        rng = _rng(5)
        xy = rng.uniform(0, 10, (10, 2))
        wh = rng.uniform(2, 6, (10, 2))
        boxes = np.concatenate([xy, xy + wh], 1).astype(np.float32)
        scores = rng.permutation(np.linspace(0.05, 0.95, 10)).astype(np.float32)
        return model, [[scores, boxes, rng.standard_normal((1, 2, 8, 8)).astype(np.float32)]]
    return build


def _dynamic_mlp(opset):
    """An MLP with LayerNormalization and Softmax over a (batch, seq) of dim_params, run at two sizes."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(6)
        w1 = numpy_helper.from_array(rng.standard_normal((8, 16)).astype(np.float32), "w1")
        b1 = numpy_helper.from_array(rng.standard_normal(16).astype(np.float32), "b1")
        w2 = numpy_helper.from_array(rng.standard_normal((16, 8)).astype(np.float32), "w2")
        g = numpy_helper.from_array(np.ones(8, np.float32), "g")
        nodes = [helper.make_node("MatMul", ["x", "w1"], ["h"]), helper.make_node("Add", ["h", "b1"], ["hb"]),
                 helper.make_node("Relu", ["hb"], ["r"]), helper.make_node("MatMul", ["r", "w2"], ["o"]),
                 helper.make_node("LayerNormalization", ["o", "g"], ["n"], axis=-1),
                 helper.make_node("Softmax", ["n"], ["y"], axis=1),
                 helper.make_node("Shape", ["x"], ["shape"]),
                 helper.make_node("ReduceMax", ["y"], ["mx"], keepdims=0)]
        model = _model(nodes, [_vi("x", T.FLOAT, ["batch", "seq", 8])],
                       [_vi("y", T.FLOAT, ["batch", "seq", 8]), _vi("shape", T.INT64, [3]),
                        _vi("mx", T.FLOAT, [])], opset, [w1, b1, w2, g])
        return model, [[rng.standard_normal((2, 5, 8)).astype(np.float32)],
                       [rng.standard_normal((3, 2, 8)).astype(np.float32)]]
    return build


def _low_precision(elem):
    """A conv -> relu -> pool -> matmul -> softmax net in f16 (onnxruntime runs it in f16) or bf16
    (compared with onnxruntime on the f32 twin of the graph)."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        import ml_dtypes
        rng = _rng(7)
        np_t = {T.FLOAT16: np.float16, T.BFLOAT16: ml_dtypes.bfloat16, T.FLOAT: np.float32}

        def graph(e):
            w = numpy_helper.from_array((rng_w.standard_normal((4, 2, 3, 3)) * 0.3).astype(np_t[T.FLOAT]), "w")
            m = numpy_helper.from_array((rng_w.standard_normal((16, 5)) * 0.3).astype(np_t[T.FLOAT]), "m")
            inits = [w, m]
            if e != T.FLOAT:
                inits = [helper.make_tensor(t.name, e, t.dims,
                                            numpy_helper.to_array(t).astype(np_t[e]).tobytes(), raw=True)
                         for t in inits]
            nodes = [helper.make_node("Conv", ["x", "w"], ["c"], pads=[1, 1, 1, 1]),
                     helper.make_node("Relu", ["c"], ["r"]),
                     helper.make_node("MaxPool", ["r"], ["p"], kernel_shape=[2, 2], strides=[2, 2]),
                     helper.make_node("Flatten", ["p"], ["f"], axis=1),
                     helper.make_node("MatMul", ["f", "m"], ["z"]),
                     helper.make_node("Softmax", ["z"], ["y"], axis=-1)]
            return _model(nodes, [_vi("x", e, [2, 2, 4, 4])], [_vi("y", e, [2, 5])], 17, inits)
        rng_w = _rng(8)
        model = graph(elem)
        x = rng.standard_normal((2, 2, 4, 4)).astype(np_t[elem])
        if elem == T.BFLOAT16:
            rng_w = _rng(8)
            return model, [[x]], graph(T.FLOAT)
        return model, [[x]]
    return build


def _scan_model(opset):
    """Scan with two scan inputs (the second read in reverse), a running state, and scan outputs
    along axis 1."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        body = helper.make_graph(
            [helper.make_node("Add", ["s_in", "a"], ["t"]), helper.make_node("Mul", ["t", "b"], ["s_out"]),
             helper.make_node("Sigmoid", ["s_out"], ["y"])],
            "body", [_vi("s_in", T.FLOAT, [3]), _vi("a", T.FLOAT, [3]), _vi("b", T.FLOAT, [3])],
            [_vi("s_out", T.FLOAT, [3]), _vi("y", T.FLOAT, [3])])
        nodes = [helper.make_node("Scan", ["s0", "xa", "xb"], ["s", "ys"], body=body, num_scan_inputs=2,
                                  scan_input_directions=[0, 1], scan_output_axes=[1])]
        model = _model(nodes, [_vi("s0", T.FLOAT, [3]), _vi("xa", T.FLOAT, [5, 3]), _vi("xb", T.FLOAT, [5, 3])],
                       [_vi("s", T.FLOAT, [3]), _vi("ys", T.FLOAT, [3, 5])], opset)
        rng = _rng(10)
        return model, [[rng.standard_normal(3).astype(np.float32), rng.standard_normal((5, 3)).astype(np.float32),
                        rng.uniform(0.5, 1.5, (5, 3)).astype(np.float32)]]
    return build


def _local_function():
    """A model-local function (its own domain) called twice."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        fn = helper.make_function(
            "local", "ScaledGelu", ["x"], ["y"],
            [helper.make_node("Constant", [], ["k"], value_float=1.702),
             helper.make_node("Mul", ["x", "k"], ["kx"]), helper.make_node("Sigmoid", ["kx"], ["s"]),
             helper.make_node("Mul", ["x", "s"], ["g"]), helper.make_node("Identity", ["g"], ["y"])],
            opset_imports=[helper.make_opsetid("", 17)])
        nodes = [helper.make_node("ScaledGelu", ["x"], ["h"], domain="local"),
                 helper.make_node("MatMul", ["h", "w"], ["z"]),
                 helper.make_node("ScaledGelu", ["z"], ["y"], domain="local")]
        rng = _rng(11)
        from onnx import numpy_helper
        w = numpy_helper.from_array(rng.standard_normal((4, 4)).astype(np.float32), "w")
        graph = helper.make_graph(nodes, "g", [_vi("x", T.FLOAT, [2, 4])], [_vi("y", T.FLOAT, [2, 4])],
                                  initializer=[w])
        model = helper.make_model(graph, functions=[fn], opset_imports=[helper.make_opsetid("", 17),
                                                                          helper.make_opsetid("local", 1)])
        return model, [[rng.standard_normal((2, 4)).astype(np.float32)]]
    return build


def _shape_arith(opset):
    """Shape computations on a dynamic input: positions from Range over Shape, a CumSum, an Einsum,
    a Where over a comparison, Expand to a computed shape, and integer ops (Mod, Cast, BitShift)."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        inits = [helper.make_tensor("one", T.INT64, [], [1]), helper.make_tensor("zero", T.INT64, [], [0]),
                 helper.make_tensor("i1", T.INT64, [1], [1]), helper.make_tensor("ax", T.INT64, [], [1]),
                 helper.make_tensor("three", T.UINT8, [], [3]), helper.make_tensor("m7", T.INT64, [], [7])]
        nodes = [helper.make_node("Shape", ["x"], ["sh"]),
                 helper.make_node("Gather", ["sh", "one"], ["n"], axis=0),
                 helper.make_node("Range", ["zero", "n", "one"], ["pos"]),
                 helper.make_node("CumSum", ["x", "ax"], ["cs"]),
                 helper.make_node("Einsum", ["cs", "x"], ["gram"], equation="bij,bkj->bik"),
                 helper.make_node("Cast", ["pos"], ["posf"], to=T.FLOAT),
                 helper.make_node("Less", ["gram", "posf"], ["lt"]),
                 helper.make_node("Where", ["lt", "gram", "posf"], ["w"]),
                 helper.make_node("Mod", ["pos", "m7"], ["pm"]),
                 helper.make_node("Cast", ["pm"], ["pu8"], to=T.UINT8),
                 helper.make_node("BitShift", ["pu8", "three"], ["shifted"], direction="LEFT"),
                 helper.make_node("Concat", ["i1", "sh"], ["sh2"], axis=0),
                 helper.make_node("Expand", ["x", "sh2"], ["big"])]
        model = _model(nodes, [_vi("x", T.FLOAT, ["b", "n", 3])],
                       [_vi("w", T.FLOAT, ["b", "n", "n"]), _vi("shifted", T.UINT8, ["n"]),
                        _vi("big", T.FLOAT, [1, "b", "n", 3])], opset, inits)
        rng = _rng(12)
        return model, [[rng.standard_normal((2, 5, 3)).astype(np.float32)],
                       [rng.standard_normal((1, 9, 3)).astype(np.float32)]]
    return build


def _external_data():
    """A model whose weights sit in an external data file beside it, imported from its path."""
    def build():
        import os
        import tempfile

        import onnx
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(13)
        w = numpy_helper.from_array(rng.standard_normal((64, 32)).astype(np.float32), "w")
        b = numpy_helper.from_array(rng.standard_normal(32).astype(np.float32), "b")
        model = _model([helper.make_node("Gemm", ["x", "w", "b"], ["y"])], [_vi("x", T.FLOAT, [3, 64])],
                       [_vi("y", T.FLOAT, [3, 32])], 17, [w, b])
        d = tempfile.mkdtemp(prefix="shlo-heldout-")
        path = os.path.join(d, "m.onnx")
        onnx.save(model, path, save_as_external_data=True, all_tensors_to_one_file=True, location="m.data",
                  size_threshold=0)
        return _PathModel(path), [[rng.standard_normal((3, 64)).astype(np.float32)]]
    return build


class _PathModel(str):
    """A model given by its path (from_onnx loads it, external data included)."""

    def SerializeToString(self):                                # for onnxruntime
        import onnx
        return onnx.load(str(self)).SerializeToString()


def _nms_multiclass(opset):
    """NonMaxSuppression over two batches and three classes, with center-point boxes."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        inits = [helper.make_tensor("max_out", T.INT64, [1], [2]), helper.make_tensor("iou", T.FLOAT, [1], [0.3]),
                 helper.make_tensor("thr", T.FLOAT, [1], [0.2])]
        nodes = [helper.make_node("NonMaxSuppression", ["boxes", "scores", "max_out", "iou", "thr"], ["sel"],
                                  center_point_box=1)]
        model = _model(nodes, [_vi("boxes", T.FLOAT, [2, 12, 4]), _vi("scores", T.FLOAT, [2, 3, 12])],
                       [_vi("sel", T.INT64, ["n", 3])], opset, inits)
        rng = _rng(14)
        boxes = np.concatenate([rng.uniform(0, 8, (2, 12, 2)), rng.uniform(1, 4, (2, 12, 2))], -1).astype(np.float32)
        scores = rng.permutation(np.linspace(0.01, 0.99, 72)).reshape(2, 3, 12).astype(np.float32)
        return model, [[boxes, scores]]
    return build


def _legacy_cnn(opset):
    """Old-opset forms (7 to 12): Upsample with scales, Pad / Slice / Split / ReduceSum / Squeeze
    with attributes, BatchNormalization, Softmax / LogSoftmax over a 4-D input with axis=1 (before
    opset 13 they coerce the input to 2-D at the axis: one softmax over C*H*W), Gemm, Flatten."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(16)
        arr = lambda name, a: numpy_helper.from_array(np.asarray(a, np.float32), name)  # noqa: E731
        inits = [arr("w", rng.standard_normal((4, 2, 3, 3)) * 0.4), arr("scale", rng.uniform(0.5, 1.5, 4)),
                 arr("bias", rng.standard_normal(4) * 0.1), arr("mean", rng.standard_normal(4) * 0.1),
                 arr("var", rng.uniform(0.5, 1.5, 4)), arr("g", rng.standard_normal((5, 28)) * 0.2),
                 arr("gb", rng.standard_normal(5) * 0.1)]
        up = [helper.make_node("Upsample", ["bn"], ["up"], mode="nearest", scales=[1.0, 1.0, 2.0, 2.0])]
        if opset >= 9:
            inits.append(arr("ups", [1.0, 1.0, 2.0, 2.0]))
            up = [helper.make_node("Upsample", ["bn", "ups"], ["up"], mode="nearest")]
        nodes = [helper.make_node("Pad", ["x"], ["xp"], pads=[0, 0, 1, 1, 0, 0, 1, 1], mode="reflect"),
                 helper.make_node("Conv", ["xp", "w"], ["c"]),
                 helper.make_node("BatchNormalization", ["c", "scale", "bias", "mean", "var"], ["bn"], epsilon=1e-3),
                 *up,
                 helper.make_node("Slice", ["up"], ["sl"], starts=[1, 1], ends=[7, 1000], axes=[2, 3]),
                 helper.make_node("Split", ["sl"], ["a", "b"], axis=2, split=[2, 4]),
                 helper.make_node("ReduceSum", ["b"], ["rs"], axes=[2], keepdims=0),
                 helper.make_node("Softmax", ["a"], ["sm"], axis=1),
                 helper.make_node("LogSoftmax", ["a"], ["lsm"], axis=2),
                 helper.make_node("Flatten", ["rs"], ["f"], axis=1),
                 helper.make_node("Gemm", ["f", "g"], ["y"], transB=1, alpha=0.5, beta=2.0),
                 helper.make_node("Gemm", ["f", "g", "gb"], ["y2"], transB=1)]
        model = _model(nodes, [_vi("x", T.FLOAT, [2, 2, 4, 4])],
                       [_vi("y", T.FLOAT, None), _vi("y2", T.FLOAT, None), _vi("sm", T.FLOAT, None),
                        _vi("lsm", T.FLOAT, None)], opset, inits + [arr("zero_bias", np.zeros(5))])
        # Gemm's C is optional from opset 11: older opsets get an explicit zero bias
        if opset < 11:
            model.graph.node[-2].input.append("zero_bias")
        return model, [[rng.standard_normal((2, 2, 4, 4)).astype(np.float32)]]
    return build


def _growing_loop_and_dynamic_scan(opset):
    """A Loop whose carried tensor grows by a row per iteration (Concat), an If whose branches give
    different lengths (Slice vs the whole), and a Scan over a dim_param length."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        body = helper.make_graph(
            [helper.make_node("Cast", ["i"], ["fi"], to=T.FLOAT),
             helper.make_node("Add", ["row", "fi"], ["new_row"]),
             helper.make_node("Concat", ["acc_in", "new_row"], ["acc_out"], axis=0),
             helper.make_node("Identity", ["c_in"], ["c_out"])],
            "grow", [_vi("i", T.INT64, []), _vi("c_in", T.BOOL, []), _vi("acc_in", T.FLOAT, ["r", 3])],
            [_vi("c_out", T.BOOL, []), _vi("acc_out", T.FLOAT, ["r2", 3])])
        scan_body = helper.make_graph(
            [helper.make_node("Add", ["s_in", "xt"], ["s_out"]), helper.make_node("Relu", ["s_out"], ["yt"])],
            "scan", [_vi("s_in", T.FLOAT, [3]), _vi("xt", T.FLOAT, [3])],
            [_vi("s_out", T.FLOAT, [3]), _vi("yt", T.FLOAT, [3])])
        starts, ends = helper.make_tensor("st", T.INT64, [1], [1]), helper.make_tensor("en", T.INT64, [1], [3])
        then_g = helper.make_graph([helper.make_node("Slice", ["grown", "st", "en"], ["t_out"])], "then", [],
                                   [_vi("t_out", T.FLOAT, [2, 3])])
        else_g = helper.make_graph([helper.make_node("Identity", ["grown"], ["e_out"])], "else", [],
                                   [_vi("e_out", T.FLOAT, ["r", 3])])
        nodes = [helper.make_node("Loop", ["n", "", "row0"], ["grown"], body=body),
                 helper.make_node("ReduceSum", ["grown"], ["tot"], keepdims=0),
                 helper.make_node("Greater", ["tot", "zero"], ["pos"]),
                 helper.make_node("If", ["pos"], ["picked"], then_branch=then_g, else_branch=else_g),
                 helper.make_node("Scan", ["s0", "xs"], ["s_final", "ys"], body=scan_body, num_scan_inputs=1)]
        inits = [helper.make_tensor("row", T.FLOAT, [1, 3], [1.0, -2.0, 0.5]),
                 helper.make_tensor("zero", T.FLOAT, [], [0.0]), starts, ends]
        model = _model(nodes, [_vi("n", T.INT64, []), _vi("row0", T.FLOAT, [1, 3]), _vi("s0", T.FLOAT, [3]),
                               _vi("xs", T.FLOAT, ["len", 3])],
                       [_vi("grown", T.FLOAT, None), _vi("picked", T.FLOAT, None), _vi("s_final", T.FLOAT, [3]),
                        _vi("ys", T.FLOAT, ["len", 3])], opset, inits)
        rng = _rng(17)
        sets = [[np.array(n, np.int64), rng.standard_normal((1, 3)).astype(np.float32) * k,
                 rng.standard_normal(3).astype(np.float32), rng.standard_normal((m, 3)).astype(np.float32)]
                for n, k, m in ((4, 1.0, 5), (2, -10.0, 2))]
        return model, sets
    return build


def _low_bit_weights(kind):
    """Weights stored in 4 bits (int4, blocked scales along the input axis: opset 21's
    DequantizeLinear with block_size) or in float8 e4m3fn (per-channel scales), dequantized and
    multiplied; activations quantized / dequantized through uint8 (QDQ)."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper, numpy_helper
        rng = _rng(18)
        k, n, block = 16, 6, 8
        if kind == "int4":
            q = rng.integers(-8, 8, (k, n))
            w = helper.make_tensor("wq", T.INT4, [k, n], q.reshape(-1).tolist())
            scale = numpy_helper.from_array(rng.uniform(0.01, 0.1, (k // block, n)).astype(np.float32), "ws")
            deq = helper.make_node("DequantizeLinear", ["wq", "ws"], ["w"], axis=0, block_size=block)
        else:
            import ml_dtypes
            q = rng.standard_normal((k, n)).astype(ml_dtypes.float8_e4m3fn)
            w = helper.make_tensor("wq", T.FLOAT8E4M3FN, [k, n], q.view(np.uint8).tobytes(), raw=True)
            scale = numpy_helper.from_array(rng.uniform(0.05, 0.2, n).astype(np.float32), "ws")
            deq = helper.make_node("DequantizeLinear", ["wq", "ws"], ["w"], axis=1)
        inits = [w, scale, numpy_helper.from_array(np.array(0.02, np.float32), "xs"),
                 numpy_helper.from_array(np.array(128, np.uint8), "xz")]
        nodes = [deq, helper.make_node("QuantizeLinear", ["x", "xs", "xz"], ["xq"]),
                 helper.make_node("DequantizeLinear", ["xq", "xs", "xz"], ["xd"]),
                 helper.make_node("MatMul", ["xd", "w"], ["y"])]
        model = _model(nodes, [_vi("x", T.FLOAT, [3, k])], [_vi("y", T.FLOAT, [3, n])], 21, inits)
        return model, [[rng.uniform(-2, 2, (3, k)).astype(np.float32)]]
    return build


def _helper_specs():
    from onnx import TensorProto as T
    return [
        Spec("loop_scan_outputs_opset13", _loop_scan(13)),
        Spec("loop_scan_outputs_opset21", _loop_scan(21)),
        Spec("if_in_loop_opset16", _if_in_loop(16)),
        Spec("if_in_loop_opset11", _if_in_loop(11)),
        Spec("sequences_opset17", _sequences(17)),
        Spec("sequences_opset18", _sequences(18)),
        Spec("detection_post_opset16", _detection_post(16)),
        Spec("detection_post_opset12", _detection_post(12)),
        Spec("dynamic_mlp_two_sizes_opset17", _dynamic_mlp(17)),
        Spec("scan_two_inputs_reverse_opset16", _scan_model(16)),
        Spec("scan_two_inputs_reverse_opset11", _scan_model(11)),
        Spec("local_function_called_twice", _local_function()),
        Spec("shape_arithmetic_two_sizes_opset17", _shape_arith(17)),
        Spec("shape_arithmetic_two_sizes_opset13", _shape_arith(13)),
        Spec("external_data_from_path", _external_data()),
        Spec("nms_multiclass_center_boxes_opset13", _nms_multiclass(13)),
        Spec("growing_loop_if_dynamic_scan_opset16", _growing_loop_and_dynamic_scan(16)),
        Spec("int4_blocked_weights_qdq_opset21", _low_bit_weights("int4"), rtol=1e-5, atol=1e-5),
        Spec("float8_weights_qdq_opset21", _low_bit_weights("float8"), rtol=1e-5, atol=1e-5),
        Spec("legacy_cnn_opset7", _legacy_cnn(7)),
        Spec("legacy_cnn_opset9", _legacy_cnn(9)),
        Spec("f16_convnet", _low_precision(T.FLOAT16), rtol=1e-2, atol=2e-3),
        Spec("bf16_convnet", _low_precision(T.BFLOAT16), rtol=5e-2, atol=2e-2),
    ]


# ------------------------------------------------------------------------------ quantized

def _quantized(kind):
    """A small float model quantized by onnxruntime.quantization: dynamic (DynamicQuantizeLinear
    + MatMulInteger), static in QOperator format (QLinearConv / QLinearMatMul) or QDQ format."""
    def build():
        import os
        import tempfile

        import onnx
        from onnxruntime import quantization as q
        rng = _rng(9)
        if kind == "dynamic":
            import torch
            torch.manual_seed(0)
            net = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4))
            x = rng.standard_normal((3, 16)).astype(np.float32)
            float_model = _export(net, [torch.from_numpy(x)], False, 17)
        else:
            # QOperator: MaxPool, not GlobalAveragePool (which it makes a com.microsoft QLinearGlobalAveragePool)
            float_model, x = _small_convnet(rng, "MaxPool" if kind == "static_qop" else "GlobalAveragePool")
        with tempfile.TemporaryDirectory() as d:
            src, dst = os.path.join(d, "f.onnx"), os.path.join(d, "q.onnx")
            onnx.save(float_model, src)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                if kind == "dynamic":
                    q.quantize_dynamic(src, dst, weight_type=q.QuantType.QUInt8)
                else:
                    calib = [rng.standard_normal(x.shape).astype(np.float32) for _ in range(4)]

                    class Reader(q.CalibrationDataReader):
                        def __init__(self):
                            self.it = iter([{"x": c} for c in calib])

                        def get_next(self):
                            return next(self.it, None)
                    fmt = q.QuantFormat.QOperator if kind == "static_qop" else q.QuantFormat.QDQ
                    # reduce_range (QDQ's s8 weights within 7 bits): onnxruntime's u8 x s8 kernel on AVX2
                    # without VNNI adds products in pairs in int16 with saturation (vpmaddubsw), so
                    # full-range weights give machine-dependent results there (the ort_*_qdq_convnet
                    # models of onnx_heldout_ort_models.py run this one through its integer kernels)
                    q.quantize_static(src, dst, Reader(), quant_format=fmt, activation_type=q.QuantType.QUInt8,
                                      weight_type=q.QuantType.QUInt8 if fmt == q.QuantFormat.QOperator
                                      else q.QuantType.QInt8, reduce_range=fmt == q.QuantFormat.QDQ)
            model = onnx.load(dst)
        return model, [[x]]
    return build


def _small_convnet(rng, pool):
    from onnx import TensorProto as T
    from onnx import helper, numpy_helper
    w = numpy_helper.from_array((rng.standard_normal((6, 3, 3, 3)) * 0.4).astype(np.float32), "w")
    b = numpy_helper.from_array((rng.standard_normal(6) * 0.1).astype(np.float32), "b")
    w2 = numpy_helper.from_array((rng.standard_normal((6, 6, 3, 3)) * 0.3).astype(np.float32), "w2")
    m = numpy_helper.from_array((rng.standard_normal((6, 4)) * 0.3).astype(np.float32), "m")
    nodes = [helper.make_node("Conv", ["x", "w", "b"], ["c"], pads=[1, 1, 1, 1]),
             helper.make_node("Relu", ["c"], ["r"]),
             helper.make_node("Conv", ["r", "w2"], ["c2"], pads=[1, 1, 1, 1], strides=[2, 2]),
             helper.make_node("Relu", ["c2"], ["r2"]),
             helper.make_node("GlobalAveragePool", ["r2"], ["g"]) if pool == "GlobalAveragePool" else
             helper.make_node("MaxPool", ["r2"], ["g"], kernel_shape=[4, 4]),
             helper.make_node("Flatten", ["g"], ["f"]),
             helper.make_node("MatMul", ["f", "m"], ["y"])]
    model = _model(nodes, [_vi("x", T.FLOAT, [2, 3, 8, 8])], [_vi("y", T.FLOAT, [2, 4])], 17, [w, b, w2, m])
    return model, rng.standard_normal((2, 3, 8, 8)).astype(np.float32)


def _quant_specs():
    # integer arithmetic between the (de)quantizations: onnxruntime's values, to float rounding
    return [Spec("quantize_dynamic_mlp", _quantized("dynamic"), rtol=1e-5, atol=1e-6),
            Spec("quantize_static_qoperator_convnet", _quantized("static_qop"), rtol=1e-5, atol=1e-6),
            Spec("quantize_static_qdq_convnet", _quantized("static_qdq"), rtol=1e-5, atol=1e-6)]


SPECS = _helper_specs() + _quant_specs() + _torch_specs()
