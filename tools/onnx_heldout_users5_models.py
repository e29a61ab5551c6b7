"""A seventh held-out-style set for tools/onnx_heldout.py (`-k ^users5_`), written for this set
without looking at the importer's converters: architectures and export paths the other sets do
not have.

  * `transformers` architectures beyond GPT-2 / BERT / T5 / ViT / Whisper, tiny random configs
    exported with dynamic batch and sequence axes: DistilBERT, RoBERTa (positions from the
    padding mask by cumsum), ALBERT (shared layers, factorized embeddings), BART (encoder-decoder
    with decoder ids), OPT and BLOOM (positions / ALiBi from the attention mask), GPT-Neo (local
    attention layers), Llama and Qwen2 (rotary, RMSNorm, grouped-query attention), DeBERTa-v2
    (disentangled relative attention with log buckets; four of them by the dynamo exporter too),
    MPNet, Funnel, Phi (partial rotary), GPT-J, Gemma, Mistral (sliding window), Wav2Vec2 (conv feature extractor, weight
    norm positional conv), WavLM (gated relative position bias), Segformer (reduced
    self-attention, Mix-FFN), ConvNeXt / ConvNeXt-V2 (GRN), Swin (shifted windows with roll and
    relative position bias), CLIP vision, DINOv2, BEiT, MobileViT (unfold / fold), LeViT;
  * PyTorch export paths: the TorchScript exporter's export_modules_as_functions (model-local
    functions), do_constant_folding=False (the shape computations left in the graph), the dynamo
    exporter with optimize=False (its graph before onnxscript's optimizer), a scripted
    list of tensors with two run-time sizes, STFT + mel spectrogram, a style-transfer net
    (reflection pad, InstanceNorm, nearest upsampling), a bidirectional two-layer nn.RNN;
  * onnx.helper graphs at opsets 7 to 12 with ops and attribute forms the other sets lack: RNN /
    GRU (linear_before_reset) / LSTM (peepholes) with sequence_lens at opset 7, LpNormalization /
    LpPool / GlobalLpPool / InstanceNormalization / Hardmax-1 / MaxRoiPool at 7-8, pools with
    dilations and ceil_mode and ConvTranspose output_shape / SAME padding at 10-11, Resize-11's
    tf_crop_and_resize / asymmetric floor / pytorch_half_pixel / cubic exclude_outside,
    SoftmaxCrossEntropyLoss / MaxUnpool / Unique with an axis / SpaceToDepth at 11-12, IsInf /
    IsNaN / Sign / Erf / hyperbolic functions / Where / fmod at 9-10, and at 13 shapes read from
    data inputs (Split sizes, a Compress mask, float Range bounds, Tile / Reshape / Pad / TopK);
    opset 7 forms of early converters (BatchNormalization spatial=0, Conv3D, Upsample-7 linear).
Each is compared with onnxruntime; models with dynamic sizes run at two sizes from one import.
"""
from __future__ import annotations

import numpy as np
from onnx_heldout_models import Spec, _export, _model, _rng, _vi
from onnx_heldout_users_models import _nn, _normal, _torch


def _t(a, name):
    from onnx import numpy_helper
    return numpy_helper.from_array(np.asarray(a), name)


# ------------------------------------------------------------------------------ transformers

def _hf_module(kind):
    """A tiny random `transformers` model wrapped to take tensors and return one."""
    torch, nn, F = _nn()
    import transformers as tf
    eager = dict(attn_implementation="eager")

    class Wrap(nn.Module):
        def __init__(self, inner, call):
            super().__init__()
            self.inner, self.call = inner, call

        def forward(self, x0, x1=None, x2=None):
            return self.call(self.inner, *[x for x in (x0, x1, x2) if x is not None])

    text = dict(vocab_size=97, max_position_embeddings=64)
    if kind == "distilbert":
        cfg = tf.DistilBertConfig(dim=32, n_layers=2, n_heads=4, hidden_dim=64, **text, **eager)
        return Wrap(tf.DistilBertModel(cfg), lambda m, i, a: m(input_ids=i, attention_mask=a).last_hidden_state)
    if kind == "roberta":
        cfg = tf.RobertaConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
                               pad_token_id=1, **text, **eager)
        return Wrap(tf.RobertaModel(cfg), lambda m, i, a: m(input_ids=i, attention_mask=a).pooler_output)
    if kind == "albert":
        cfg = tf.AlbertConfig(embedding_size=16, hidden_size=32, num_hidden_layers=3, num_attention_heads=4,
                              intermediate_size=64, **text, **eager)
        return Wrap(tf.AlbertModel(cfg), lambda m, i, a: m(input_ids=i, attention_mask=a).last_hidden_state)
    if kind == "bart":
        cfg = tf.BartConfig(d_model=32, encoder_layers=2, decoder_layers=2, encoder_attention_heads=4,
                            decoder_attention_heads=4, encoder_ffn_dim=64, decoder_ffn_dim=64, use_cache=False,
                            **text, **eager)
        return Wrap(tf.BartModel(cfg), lambda m, i, a, d: m(input_ids=i, attention_mask=a,
                                                            decoder_input_ids=d).last_hidden_state)
    if kind == "opt":
        cfg = tf.OPTConfig(hidden_size=32, num_hidden_layers=2, ffn_dim=64, num_attention_heads=4,
                           word_embed_proj_dim=32, use_cache=False, **text, **eager)
        return Wrap(tf.OPTForCausalLM(cfg), lambda m, i, a: m(input_ids=i, attention_mask=a).logits)
    if kind == "bloom":
        cfg = tf.BloomConfig(vocab_size=97, hidden_size=32, n_layer=2, n_head=4, use_cache=False, **eager)
        return Wrap(tf.BloomForCausalLM(cfg), lambda m, i, a: m(input_ids=i, attention_mask=a).logits)
    if kind == "gpt_neo":
        cfg = tf.GPTNeoConfig(vocab_size=97, max_position_embeddings=64, hidden_size=32, num_layers=2, num_heads=4,
                              attention_types=[[["global", "local"], 1]], window_size=4, use_cache=False, **eager)
        return Wrap(tf.GPTNeoForCausalLM(cfg), lambda m, i, a: m(input_ids=i, attention_mask=a).logits)
    if kind == "llama":
        cfg = tf.LlamaConfig(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4,
                             num_key_value_heads=2, use_cache=False, **text, **eager)
        return Wrap(tf.LlamaForCausalLM(cfg), lambda m, i, a: m(input_ids=i, attention_mask=a).logits)
    if kind == "qwen2":
        cfg = tf.Qwen2Config(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4,
                             num_key_value_heads=1, use_cache=False, **text, **eager)
        return Wrap(tf.Qwen2ForCausalLM(cfg), lambda m, i, a: m(input_ids=i, attention_mask=a).logits)
    if kind == "deberta_v2":
        cfg = tf.DebertaV2Config(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
                                 relative_attention=True, position_buckets=8, max_relative_positions=16,
                                 pos_att_type=["p2c", "c2p"], norm_rel_ebd="layer_norm", share_att_key=True,
                                 position_biased_input=False, **text, **eager)
        return Wrap(tf.DebertaV2Model(cfg), lambda m, i, a: m(input_ids=i, attention_mask=a).last_hidden_state)
    if kind == "wav2vec2":
        cfg = tf.Wav2Vec2Config(vocab_size=32, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                                intermediate_size=64, conv_dim=(16, 16), conv_stride=(5, 2), conv_kernel=(10, 3),
                                num_conv_pos_embeddings=8, num_conv_pos_embedding_groups=4,
                                feat_extract_norm="group", do_stable_layer_norm=False, **eager)
        return Wrap(tf.Wav2Vec2Model(cfg), lambda m, x: m(input_values=x).last_hidden_state)
    if kind == "segformer":
        cfg = tf.SegformerConfig(num_channels=3, num_encoder_blocks=2, depths=[1, 1], sr_ratios=[4, 2],
                                 hidden_sizes=[16, 32], patch_sizes=[7, 3], strides=[4, 2], num_attention_heads=[1, 2],
                                 mlp_ratios=[2, 2], decoder_hidden_size=32, num_labels=5)
        return Wrap(tf.SegformerForSemanticSegmentation(cfg), lambda m, x: m(pixel_values=x).logits)
    if kind == "convnext":
        cfg = tf.ConvNextConfig(num_channels=3, hidden_sizes=[8, 16], depths=[1, 1], num_stages=2, num_labels=4)
        return Wrap(tf.ConvNextForImageClassification(cfg), lambda m, x: m(pixel_values=x).logits)
    if kind == "swin":
        cfg = tf.SwinConfig(image_size=32, patch_size=2, num_channels=3, embed_dim=8, depths=[2, 1], num_heads=[2, 2],
                            window_size=4, **eager)
        return Wrap(tf.SwinModel(cfg), lambda m, x: m(pixel_values=x).last_hidden_state)
    if kind == "clip_vision":
        cfg = tf.CLIPVisionConfig(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4,
                                  image_size=32, patch_size=8, projection_dim=16, **eager)
        return Wrap(tf.CLIPVisionModelWithProjection(cfg), lambda m, x: m(pixel_values=x).image_embeds)
    if kind == "mpnet":
        cfg = tf.MPNetConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64, **text)
        return Wrap(tf.MPNetModel(cfg), lambda m, i, a: m(input_ids=i, attention_mask=a).last_hidden_state)
    if kind == "funnel":
        cfg = tf.FunnelConfig(vocab_size=97, block_sizes=[1, 1], d_model=32, n_head=4, d_head=8, d_inner=64)
        return Wrap(tf.FunnelModel(cfg), lambda m, i, a: m(input_ids=i, attention_mask=a).last_hidden_state)
    if kind == "phi":
        cfg = tf.PhiConfig(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4,
                           partial_rotary_factor=0.5, use_cache=False, **text, **eager)
        return Wrap(tf.PhiForCausalLM(cfg), lambda m, i, a: m(input_ids=i, attention_mask=a).logits)
    if kind == "gptj":
        cfg = tf.GPTJConfig(vocab_size=97, n_positions=64, n_embd=32, n_layer=2, n_head=4, rotary_dim=4,
                            use_cache=False, **eager)
        return Wrap(tf.GPTJForCausalLM(cfg), lambda m, i, a: m(input_ids=i, attention_mask=a).logits)
    if kind == "gemma":
        cfg = tf.GemmaConfig(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4,
                             num_key_value_heads=1, head_dim=8, use_cache=False, **text, **eager)
        return Wrap(tf.GemmaForCausalLM(cfg), lambda m, i, a: m(input_ids=i, attention_mask=a).logits)
    if kind == "mistral":
        cfg = tf.MistralConfig(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4,
                               num_key_value_heads=2, sliding_window=4, use_cache=False, **text, **eager)
        return Wrap(tf.MistralForCausalLM(cfg), lambda m, i, a: m(input_ids=i, attention_mask=a).logits)
    if kind == "dinov2":
        cfg = tf.Dinov2Config(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
                              image_size=32, patch_size=8, **eager)
        return Wrap(tf.Dinov2Model(cfg), lambda m, x: m(pixel_values=x).last_hidden_state)
    if kind == "beit":
        cfg = tf.BeitConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
                            image_size=32, patch_size=8, use_relative_position_bias=True, **eager)
        return Wrap(tf.BeitModel(cfg), lambda m, x: m(pixel_values=x).last_hidden_state)
    if kind == "mobilevit":
        cfg = tf.MobileViTConfig(image_size=32, hidden_sizes=[16, 24, 32], neck_hidden_sizes=[8, 8, 16, 16, 24, 24, 32],
                                 num_attention_heads=2)
        return Wrap(tf.MobileViTModel(cfg), lambda m, x: m(pixel_values=x).last_hidden_state)
    if kind == "wavlm":
        cfg = tf.WavLMConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
                             conv_dim=(16, 16), conv_stride=(5, 2), conv_kernel=(10, 3), num_conv_pos_embeddings=8,
                             num_conv_pos_embedding_groups=4, num_buckets=8, max_bucket_distance=20)
        return Wrap(tf.WavLMModel(cfg), lambda m, x: m(input_values=x).last_hidden_state)
    if kind == "levit":
        cfg = tf.LevitConfig(image_size=64, hidden_sizes=[16, 24, 32], num_attention_heads=[1, 2, 2], depths=[1, 1, 1],
                             key_dim=[8, 8, 8], drop_path_rate=0, mlp_ratio=[2, 2, 2], attention_ratio=[2, 2, 2])
        return Wrap(tf.LevitModel(cfg), lambda m, x: m(pixel_values=x).last_hidden_state)
    if kind == "convnextv2":
        cfg = tf.ConvNextV2Config(hidden_sizes=[8, 16], depths=[1, 1], num_stages=2)
        return Wrap(tf.ConvNextV2Model(cfg), lambda m, x: m(pixel_values=x).last_hidden_state)
    raise ValueError(kind)


def _hf_text(kind, dynamo, opset, sizes=((2, 9), (3, 5)), decoder=False):
    """(input_ids, attention_mask[, decoder_input_ids]) with the second row of each batch padded
    (mask 0 on its last two positions); dynamic batch and sequence axes."""
    def build():
        import torch
        torch.manual_seed(0)
        module = _hf_module(kind)
        rng = _rng(61)
        sets = []
        for b, s in sizes:
            ids = rng.integers(2, 97, (b, s)).astype(np.int64)
            mask = np.ones((b, s), np.int64)
            mask[1, s - 2:] = 0
            sets.append([ids, mask] + ([rng.integers(2, 97, (b, s - 1)).astype(np.int64)] if decoder else []))
        axes = {"x0": {0: "b", 1: "s"}, "x1": {0: "b", 1: "s"}}
        if decoder:
            axes["x2"] = {0: "b", 1: "t"}
        with torch.no_grad():
            model = _export(module, [torch.from_numpy(x) for x in sets[0]], dynamo, opset, axes)
        return model, sets
    return build


def _hf_dense(kind, dynamo, opset, shapes, axes):
    def build():
        import torch
        torch.manual_seed(0)
        module = _hf_module(kind)
        rng = _rng(62)
        sets = [[rng.standard_normal(s).astype(np.float32)] for s in shapes]
        with torch.no_grad():
            model = _export(module, [torch.from_numpy(sets[0][0])], dynamo, opset, {"x0": axes})
        return model, sets
    return build


# ------------------------------------------------------------------------------ PyTorch export paths

def _small_block():
    """A pre-norm attention + MLP block (LayerNorm, Linear, softmax attention, GELU)."""
    torch, nn, F = _nn()

    class Attn(nn.Module):
        def __init__(self):
            super().__init__()
            self.qkv, self.o = nn.Linear(16, 48), nn.Linear(16, 16)

        def forward(self, x):
            b, t, _ = x.shape
            q, k, v = self.qkv(x).reshape(b, t, 3, 2, 8).permute(2, 0, 3, 1, 4)
            a = torch.softmax(q @ k.transpose(-1, -2) / 8 ** 0.5, -1)
            return self.o((a @ v).transpose(1, 2).reshape(b, t, 16))

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.n1, self.n2, self.attn = nn.LayerNorm(16), nn.LayerNorm(16), Attn()
            self.mlp = nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.Linear(32, 16))

        def forward(self, x):
            x = x + self.attn(self.n1(x))
            return x + self.mlp(self.n2(x))

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.blocks = nn.Sequential(Block(), Block())

        def forward(self, x):
            return self.blocks(x)
    return M, Block, Attn


def _small_block_case(seed):
    """_small_block's model (eval, seeded weights), two input sets of dynamic batch and time, and
    its (Block, Attn) classes."""
    import torch
    M, Block, Attn = _small_block()
    torch.manual_seed(0)
    module = M().eval()
    rng = _rng(seed)
    return module, [[rng.standard_normal(s).astype(np.float32)] for s in ((2, 5, 16), (1, 7, 16))], (Block, Attn)


def _modules_as_functions(opset):
    """The TorchScript exporter's export_modules_as_functions: each Block / Attn / LayerNorm
    instance a call of a model-local function (domain and attributes of its own)."""
    def build():
        import io
        import warnings

        import onnx
        import torch
        module, sets, (Block, Attn) = _small_block_case(63)
        f = io.BytesIO()
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.onnx.export(module, (torch.from_numpy(sets[0][0]),), f, dynamo=False, opset_version=opset,
                              input_names=["x0"], dynamic_axes={"x0": {0: "b", 1: "t"}},
                              export_modules_as_functions={Block, Attn, torch.nn.LayerNorm})
        model = onnx.load_from_string(f.getvalue())
        assert model.functions
        return model, sets
    return build


def _no_constant_folding(opset):
    """A CNN exported with do_constant_folding=False: BatchNorm, the flatten's Shape / Gather /
    Unsqueeze / Concat / Reshape chain and weights behind Identity nodes stay in the graph."""
    def build():
        import io
        import warnings

        import onnx
        import torch
        torch, nn, F = _nn()

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.c1, self.b1 = nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8)
                self.c2 = nn.Conv2d(8, 8, 3, stride=2, padding=1, groups=2)
                self.fc = nn.Linear(8 * 4 * 4, 5)

            def forward(self, x):
                h = F.max_pool2d(F.relu(self.b1(self.c1(x))), 2)
                h = F.leaky_relu(self.c2(h), 0.1)
                return F.softmax(self.fc(h.reshape(h.shape[0], -1)), -1)
        torch.manual_seed(0)
        module = M().eval()
        with torch.no_grad():
            module.b1.running_mean.uniform_(-0.3, 0.3)
            module.b1.running_var.uniform_(0.5, 1.5)
        rng = _rng(64)
        sets = [[rng.standard_normal(s).astype(np.float32)] for s in ((2, 3, 16, 16), (3, 3, 16, 16))]
        f = io.BytesIO()
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.onnx.export(module, (torch.from_numpy(sets[0][0]),), f, dynamo=False, opset_version=opset,
                              input_names=["x0"], dynamic_axes={"x0": {0: "b"}}, do_constant_folding=False)
        model = onnx.load_from_string(f.getvalue())
        assert "BatchNormalization" in {n.op_type for n in model.graph.node}
        return model, sets
    return build


def _dynamo_unoptimized(opset):
    """The dynamo exporter with optimize=False: its graph as translated, before onnxscript's
    optimizer folds constants and removes the shape computations and casts."""
    def build():
        import warnings

        import torch
        module, sets, _ = _small_block_case(65)
        dim = torch.export.Dim.DYNAMIC
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            prog = torch.onnx.export(module, (torch.from_numpy(sets[0][0]),), dynamo=True, opset_version=opset,
                                     input_names=["x0"], dynamic_shapes=({0: dim, 1: dim},), optimize=False)
        return prog.model_proto, sets
    return build


def _scripted_two_size_list():
    """jit.script: windows x[:, :i + 1] of a [b, t] input appended to a list (two run-time sizes
    per tensor), joined along the time axis; and a list of x[:i + 1, :i + 1] squares whose last
    one is returned."""
    torch, nn, F = _nn()
    from typing import List

    class M(nn.Module):
        def forward(self, x):
            outs: List[torch.Tensor] = []
            sq: List[torch.Tensor] = []
            for i in range(x.shape[1]):
                outs.append(torch.tanh(x[:, : i + 1]) * float(i + 1))
                sq.append(x[: i + 1, : i + 1] - 1.0)
            return torch.cat(outs, 1), sq[-1], torch.tensor(len(sq))
    return torch.jit.script(M())


def _spectrogram():
    """torch.stft (Hann window, hop 8, onesided) -> power -> mel matrix -> log, over a run-time
    signal length and batch."""
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("window", torch.hann_window(32))
            self.register_buffer("mel", torch.rand(17, 6))

        def forward(self, x):
            spec = torch.stft(x, 32, hop_length=8, win_length=32, window=self.window, center=False,
                              return_complex=False)
            power = spec.pow(2).sum(-1)
            return torch.log(torch.matmul(power.transpose(1, 2), self.mel) + 1e-3)
    return M()


def _style_transfer():
    """A fast style-transfer net: reflection padding, InstanceNorm (affine), strided conv, a
    residual block, nearest x2 upsampling, tanh; dynamic batch and image size."""
    torch, nn, F = _nn()

    def conv(cin, cout, k, s):
        return nn.Sequential(nn.ReflectionPad2d(k // 2), nn.Conv2d(cin, cout, k, s))

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.c1, self.n1 = conv(3, 8, 5, 1), nn.InstanceNorm2d(8, affine=True)
            self.c2, self.n2 = conv(8, 16, 3, 2), nn.InstanceNorm2d(16, affine=True)
            self.r1, self.rn = conv(16, 16, 3, 1), nn.InstanceNorm2d(16, affine=True)
            self.c3, self.n3 = conv(16, 8, 3, 1), nn.InstanceNorm2d(8, affine=True)
            self.out = conv(8, 3, 5, 1)
            with torch.no_grad():
                for n in (self.n1, self.n2, self.rn, self.n3):
                    n.weight.uniform_(0.5, 1.5)
                    n.bias.uniform_(-0.3, 0.3)

        def forward(self, x):
            h = F.relu(self.n1(self.c1(x)))
            h = F.relu(self.n2(self.c2(h)))
            h = h + self.rn(self.r1(h))
            h = F.interpolate(h, scale_factor=2.0, mode="nearest")
            h = F.relu(self.n3(self.c3(h)))
            return torch.tanh(self.out(h))
    return M()


def _bi_rnn():
    """nn.RNN (tanh, two layers, bidirectional, batch_first) over embeddings, a linear head on
    each step and the final hidden states; dynamic batch and length."""
    torch, nn, F = _nn()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(30, 8)
            self.rnn = nn.RNN(8, 12, num_layers=2, bidirectional=True, batch_first=True)
            self.head = nn.Linear(24, 5)

        def forward(self, ids):
            out, h = self.rnn(self.emb(ids))
            return self.head(out), h.transpose(0, 1).reshape(ids.shape[0], -1)
    return M()


def _ids(vocab, *shapes):
    return lambda rng: [[rng.integers(0, vocab, s).astype(np.int64)] for s in shapes]


# ------------------------------------------------------------------------------ onnx.helper graphs

def _opset7_recurrent():
    """Opset 7: RNN with a Relu activation, GRU bidirectional with
    linear_before_reset=1 and an initial state, LSTM with peepholes (P), initial h / c and
    per-row sequence_lens (rows shorter than the sequence)."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(71)
        H, I = 4, 3
        inits = []
        for name, shape in (("rW", (1, H, I)), ("rR", (1, H, H)), ("rB", (1, 2 * H)), ("gW", (2, 3 * H, I)),
                            ("gR", (2, 3 * H, H)), ("gB", (2, 6 * H)), ("lW", (1, 4 * H, I)), ("lR", (1, 4 * H, H)),
                            ("lB", (1, 8 * H)), ("lP", (1, 3 * H))):
            inits.append(_t((rng.standard_normal(shape) * 0.4).astype(np.float32), name))
        nodes = [helper.make_node("RNN", ["x", "rW", "rR", "rB", "lens"], ["ry", "rh"], hidden_size=H,
                                  activations=["Relu"]),
                 helper.make_node("GRU", ["x", "gW", "gR", "gB", "", "g0"], ["gy", "gh"], hidden_size=H,
                                  direction="bidirectional", linear_before_reset=1),
                 helper.make_node("LSTM", ["x", "lW", "lR", "lB", "lens", "h0", "c0", "lP"], ["ly", "lh", "lc"],
                                  hidden_size=H)]
        model = _model(nodes, [_vi("x", T.FLOAT, [5, 3, I]), _vi("lens", T.INT32, [3]), _vi("g0", T.FLOAT, [2, 3, H]),
                               _vi("h0", T.FLOAT, [1, 3, H]), _vi("c0", T.FLOAT, [1, 3, H])],
                       [_vi(n, T.FLOAT, None) for n in ("ry", "rh", "gy", "gh", "ly", "lh", "lc")], 7, inits)
        sets = [[rng.standard_normal((5, 3, I)).astype(np.float32), np.array(lens, np.int32),
                 rng.standard_normal((2, 3, H)).astype(np.float32), rng.standard_normal((1, 3, H)).astype(np.float32),
                 rng.standard_normal((1, 3, H)).astype(np.float32)] for lens in ([5, 2, 4], [1, 5, 3])]
        return model, sets
    return build


def _opset8_norms_pools():
    """Opset 8: LpNormalization (p 1 and 2), LpPool (p 2), GlobalLpPool (p 3), InstanceNormalization,
    Hardmax-1 over a 3-D input (2-D coercion from the axis), MaxRoiPool, PRelu with a [C, 1, 1]
    slope, Selu / Elu / Softsign / Softplus, ReduceLogSumExp, Expand-8, Mean of three."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(72)
        inits = [_t(rng.uniform(0.5, 1.5, 3).astype(np.float32), "sc"), _t(rng.uniform(-0.3, 0.3, 3).astype(np.float32), "bi"),
                 _t(np.array([[0.1], [-0.2], [0.3]], np.float32).reshape(3, 1, 1), "slope"),
                 _t(np.array([[0, 0, 0, 5, 5], [0, 2, 1, 7, 6]], np.float32), "rois"),
                 _t(np.array([2, 3, 6, 6], np.int64), "eshape")]
        nodes = [helper.make_node("LpNormalization", ["x"], ["l2"], axis=1, p=2),
                 helper.make_node("LpNormalization", ["x"], ["l1"], axis=-1, p=1),
                 helper.make_node("LpPool", ["x"], ["lp"], kernel_shape=[2, 2], strides=[2, 2], p=2),
                 helper.make_node("GlobalLpPool", ["x"], ["glp"], p=3),
                 helper.make_node("InstanceNormalization", ["x", "sc", "bi"], ["inorm"], epsilon=1e-3),
                 helper.make_node("Hardmax", ["x"], ["hm"], axis=2),
                 helper.make_node("MaxRoiPool", ["x", "rois"], ["roi"], pooled_shape=[2, 3], spatial_scale=0.75),
                 helper.make_node("PRelu", ["x", "slope"], ["pr"]),
                 helper.make_node("Selu", ["x"], ["se"]), helper.make_node("Elu", ["x"], ["el"], alpha=0.5),
                 helper.make_node("Softsign", ["x"], ["ss"]), helper.make_node("Softplus", ["x"], ["sp"]),
                 helper.make_node("ReduceLogSumExp", ["x"], ["lse"], axes=[1, 3], keepdims=0),
                 helper.make_node("ReduceMean", ["x"], ["rm"], axes=[1], keepdims=1),
                 helper.make_node("Expand", ["rm", "eshape"], ["ex"]),
                 helper.make_node("Mean", ["se", "el", "pr"], ["mean3"])]
        outs = ["l2", "l1", "lp", "glp", "inorm", "hm", "roi", "sp", "ss", "lse", "ex", "mean3"]
        model = _model(nodes, [_vi("x", T.FLOAT, [2, 3, 6, 6])], [_vi(n, T.FLOAT, None) for n in outs], 8, inits)
        return model, [[rng.standard_normal((2, 3, 6, 6)).astype(np.float32)] for _ in range(2)]
    return build


def _opset10_pools_convtranspose():
    """Opset 10 / 11: MaxPool with dilations, ceil_mode and pads; AveragePool with ceil_mode and
    count_include_pad; ConvTranspose with output_shape, groups and dilations, and one with
    auto_pad SAME_UPPER and stride 2; Conv with auto_pad SAME_LOWER and stride 2;
    ThresholdedRelu; Mod with fmod over floats."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(73)
        inits = [_t((rng.standard_normal((4, 2, 3, 3)) * 0.3).astype(np.float32), "wt"),
                 _t((rng.standard_normal((4, 3, 3, 3)) * 0.3).astype(np.float32), "wt2"),
                 _t((rng.standard_normal((5, 4, 3, 3)) * 0.3).astype(np.float32), "wc"),
                 _t(rng.standard_normal(5).astype(np.float32), "bc"), _t(np.float32(0.7), "div")]
        nodes = [helper.make_node("MaxPool", ["x"], ["mp"], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 0, 1, 1],
                                  dilations=[2, 1], ceil_mode=1),
                 helper.make_node("AveragePool", ["x"], ["ap"], kernel_shape=[3, 2], strides=[2, 2], pads=[1, 1, 0, 1],
                                  ceil_mode=1, count_include_pad=1),
                 helper.make_node("ConvTranspose", ["x", "wt"], ["ct"], group=2, dilations=[2, 1], strides=[2, 2],
                                  output_shape=[16, 15]),
                 helper.make_node("ConvTranspose", ["x", "wt2"], ["ct2"], strides=[2, 2], auto_pad="SAME_UPPER"),
                 helper.make_node("Conv", ["x", "wc", "bc"], ["cv"], strides=[2, 2], auto_pad="SAME_LOWER"),
                 helper.make_node("ThresholdedRelu", ["cv"], ["tr"], alpha=0.4),
                 helper.make_node("Mod", ["x", "div"], ["md"], fmod=1)]
        model = _model(nodes, [_vi("x", T.FLOAT, [2, 4, 7, 7])],
                       [_vi(n, T.FLOAT, None) for n in ("mp", "ap", "ct", "ct2", "tr", "md")], 11, inits)
        return model, [[rng.standard_normal((2, 4, 7, 7)).astype(np.float32) * 2]]
    return build


def _opset11_resize_modes():
    """Resize-11's forms: tf_crop_and_resize (roi, extrapolation_value) to sizes, nearest with
    asymmetric / floor scales, linear with pytorch_half_pixel to sizes with a size-1 axis, cubic
    with cubic_coeff_a -0.5 and exclude_outside downsampling, nearest align_corners with
    round_prefer_ceil."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(74)
        inits = [_t(np.array([], np.float32), "noroi"), _t(np.array([], np.float32), "noscales"),
                 _t(np.array([0, 0, 0.2, 0.1, 1, 1, 0.9, 1.2], np.float32), "roi"),
                 _t(np.array([1, 2, 5, 4], np.int64), "crop_sizes"),
                 _t(np.array([1, 1, 2, 1.5], np.float32), "up"),
                 _t(np.array([1, 2, 1, 7], np.int64), "thin"),
                 _t(np.array([1, 1, 0.6, 0.8], np.float32), "down"),
                 _t(np.array([1, 1, 1.5, 1.6], np.float32), "odd")]
        nodes = [helper.make_node("Resize", ["x", "roi", "noscales", "crop_sizes"], ["crop"], mode="linear",
                                  coordinate_transformation_mode="tf_crop_and_resize", extrapolation_value=-1.0),
                 helper.make_node("Resize", ["x", "noroi", "up"], ["near"], mode="nearest",
                                  coordinate_transformation_mode="asymmetric", nearest_mode="floor"),
                 helper.make_node("Resize", ["x", "noroi", "noscales", "thin"], ["lin"], mode="linear",
                                  coordinate_transformation_mode="pytorch_half_pixel"),
                 helper.make_node("Resize", ["x", "noroi", "down"], ["cub"], mode="cubic", cubic_coeff_a=-0.5,
                                  exclude_outside=1),
                 helper.make_node("Resize", ["x", "noroi", "odd"], ["ac"], mode="nearest",
                                  coordinate_transformation_mode="align_corners", nearest_mode="round_prefer_ceil")]
        model = _model(nodes, [_vi("x", T.FLOAT, [1, 2, 6, 5])],
                       [_vi(n, T.FLOAT, None) for n in ("crop", "near", "lin", "cub", "ac")], 11, inits)
        return model, [[rng.standard_normal((1, 2, 6, 5)).astype(np.float32)]]
    return build


def _opset12_losses_unpool_unique():
    """Opset 11 / 12: SoftmaxCrossEntropyLoss with class weights and ignore_index over [N, C, d]
    (the loss and the log-probabilities), MaxPool's Indices into MaxUnpool with output_shape,
    Unique along axis 0 (rows, sorted, with indices / inverse / counts), SpaceToDepth,
    DepthToSpace DCR, ScatterElements with negative indices."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(75)
        inits = [_t(np.array([1.0, 0.5, 2.0, 1.5], np.float32), "cw"), _t(np.array([1, 1, 6, 6], np.int64), "ushape"),
                 _t(np.array([[-1, 0], [1, -3]], np.int64), "sidx"), _t(np.array([[9.0, 8.0], [7.0, 6.0]], np.float32), "supd")]
        nodes = [helper.make_node("SoftmaxCrossEntropyLoss", ["logits", "labels", "cw"], ["loss", "logp"],
                                  reduction="mean", ignore_index=3),
                 helper.make_node("MaxPool", ["img"], ["pooled", "where"], kernel_shape=[2, 2], strides=[2, 2]),
                 helper.make_node("MaxUnpool", ["pooled", "where", "ushape"], ["unpooled"], kernel_shape=[2, 2],
                                  strides=[2, 2]),
                 helper.make_node("Unique", ["rows"], ["uy", "ui", "uinv", "uc"], axis=0, sorted=1),
                 helper.make_node("SpaceToDepth", ["img"], ["s2d"], blocksize=2),
                 helper.make_node("DepthToSpace", ["s2d"], ["d2s"], blocksize=2, mode="DCR"),
                 helper.make_node("ScatterElements", ["m", "sidx", "supd"], ["sc"], axis=1)]
        model = _model(nodes, [_vi("logits", T.FLOAT, [3, 4, 2]), _vi("labels", T.INT64, [3, 2]),
                               _vi("img", T.FLOAT, [1, 1, 6, 6]), _vi("rows", T.INT64, [6, 2]), _vi("m", T.FLOAT, [2, 4])],
                       [_vi("loss", T.FLOAT, None), _vi("logp", T.FLOAT, None), _vi("unpooled", T.FLOAT, None),
                        _vi("uy", T.INT64, None), _vi("ui", T.INT64, None), _vi("uinv", T.INT64, None),
                        _vi("uc", T.INT64, None), _vi("d2s", T.FLOAT, None), _vi("sc", T.FLOAT, None)], 12, inits)
        rows = np.array([[3, 1], [0, 2], [3, 1], [0, 0], [0, 2], [5, -1]], np.int64)
        return model, [[rng.standard_normal((3, 4, 2)).astype(np.float32), np.array([[0, 3], [2, 1], [3, 3]], np.int64),
                        rng.permutation(36).reshape(1, 1, 6, 6).astype(np.float32), rows,
                        rng.standard_normal((2, 4)).astype(np.float32)]]
    return build


def _opset10_elementwise_specials():
    """Opset 9 / 10: IsNaN, IsInf (positive only), Sign, Erf, Sinh / Cosh / Asinh / Acosh /
    Atanh, Where broadcasting a [3, 1] condition, NonZero, MatMul of a 3-D by a 1-D tensor and a
    1-D by a 2-D one, Cast to int8 / uint16, over inputs with NaN and infinities."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(76)
        nodes = [helper.make_node("IsNaN", ["x"], ["nan"]),
                 helper.make_node("IsInf", ["x"], ["pinf"], detect_negative=0),
                 helper.make_node("Sign", ["x"], ["sg"]), helper.make_node("Erf", ["y"], ["erf"]),
                 helper.make_node("Sinh", ["y"], ["sh"]), helper.make_node("Cosh", ["y"], ["ch"]),
                 helper.make_node("Asinh", ["y"], ["ash"]), helper.make_node("Abs", ["y"], ["ay"]),
                 helper.make_node("Add", ["ay", "one"], ["ay1"]), helper.make_node("Acosh", ["ay1"], ["ach"]),
                 helper.make_node("Tanh", ["y"], ["ty"]), helper.make_node("Atanh", ["ty"], ["ath"]),
                 helper.make_node("Where", ["c", "y", "ach"], ["wh"]),
                 helper.make_node("NonZero", ["c"], ["nz"]),
                 helper.make_node("MatMul", ["b3", "v"], ["mv"]), helper.make_node("MatMul", ["v", "y4"], ["vm"]),
                 helper.make_node("Mul", ["y", "ten"], ["y10"]),
                 helper.make_node("Cast", ["y10"], ["i8"], to=T.INT8),
                 helper.make_node("Abs", ["y10"], ["ay10"]), helper.make_node("Cast", ["ay10"], ["u16"], to=T.UINT16)]
        inits = [_t(np.float32(1.0), "one"), _t(np.float32(10.0), "ten")]
        model = _model(nodes, [_vi("x", T.FLOAT, [6]), _vi("y", T.FLOAT, [3, 4]), _vi("c", T.BOOL, [3, 1]),
                               _vi("b3", T.FLOAT, [2, 3, 4]), _vi("v", T.FLOAT, [4]), _vi("y4", T.FLOAT, [4, 5])],
                       [_vi("nan", T.BOOL, None), _vi("pinf", T.BOOL, None), _vi("sg", T.FLOAT, None)]
                       + [_vi(n, T.FLOAT, None) for n in ("erf", "sh", "ch", "ash", "ath", "wh", "mv", "vm")]
                       + [_vi("nz", T.INT64, None), _vi("i8", T.INT8, None), _vi("u16", T.UINT16, None)], 10, inits)
        x = np.array([1.5, np.nan, -np.inf, np.inf, -0.0, -2.0], np.float32)
        return model, [[x, rng.uniform(-0.9, 0.9, (3, 4)).astype(np.float32), np.array([[True], [False], [True]]),
                        rng.standard_normal((2, 3, 4)).astype(np.float32), rng.standard_normal(4).astype(np.float32),
                        rng.standard_normal((4, 5)).astype(np.float32)]]
    return build


def _opset11_if_branch_sizes():
    """Opset 11: an If whose branches give tensors of different sizes (x's first two rows, or all
    of x doubled: the output's size is the branch's), a Loop whose condition is computed from
    data (runs while the norm exceeds a bound), and the If's output read after both."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        inits = [_t(np.array([0], np.int64), "z"), _t(np.array([2], np.int64), "two"), _t(np.float32(2.0), "f2"),
                 _t(np.float32(0.5), "half"), _t(np.float32(1.0), "bound"), _t(np.array(50, np.int64), "cap")]
        then_g = helper.make_graph([helper.make_node("Slice", ["x", "z", "two"], ["head"])], "then", [],
                                   [_vi("head", T.FLOAT, None)])
        else_g = helper.make_graph([helper.make_node("Mul", ["x", "f2"], ["dbl"])], "else", [],
                                   [_vi("dbl", T.FLOAT, None)])
        body = helper.make_graph(
            [helper.make_node("Mul", ["h", "half"], ["h2"]),
             helper.make_node("ReduceL2", ["h2"], ["nrm"], keepdims=0),
             helper.make_node("Greater", ["nrm", "bound"], ["go"])],
            "body", [_vi("i", T.INT64, []), _vi("c", T.BOOL, []), _vi("h", T.FLOAT, None)],
            [_vi("go", T.BOOL, []), _vi("h2", T.FLOAT, None)])
        nodes = [helper.make_node("If", ["flag"], ["picked"], then_branch=then_g, else_branch=else_g),
                 helper.make_node("ReduceL2", ["picked"], ["n0"], keepdims=0),
                 helper.make_node("Greater", ["n0", "bound"], ["start"]),
                 helper.make_node("Loop", ["cap", "start", "picked"], ["shrunk"], body=body),
                 helper.make_node("Shape", ["shrunk"], ["shp"])]
        model = _model(nodes, [_vi("flag", T.BOOL, []), _vi("x", T.FLOAT, [4, 3])],
                       [_vi("picked", T.FLOAT, None), _vi("shrunk", T.FLOAT, None), _vi("shp", T.INT64, None)], 11, inits)
        rng = _rng(77)
        x = (rng.standard_normal((4, 3)) * 3).astype(np.float32)
        return model, [[np.array(True), x], [np.array(False), x]]
    return build


def _opset13_run_time_shape_inputs():
    """Shapes read from data, not folded: Split by sizes given as an input, Compress by a mask
    input without a declared output size, Range of float bounds given as inputs, Tile / Expand /
    Reshape / ConstantOfShape / Pad to shapes given as inputs, TopK with k an input."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        nodes = [helper.make_node("Split", ["x", "sizes"], ["p0", "p1"], axis=1),
                 helper.make_node("Compress", ["x", "mask"], ["kept"], axis=0),
                 helper.make_node("Range", ["r0", "r1", "rd"], ["rng"]),
                 helper.make_node("Tile", ["p0", "reps"], ["tiled"]),
                 helper.make_node("Reshape", ["p1", "shape"], ["reshaped"]),
                 helper.make_node("ConstantOfShape", ["reps"], ["filled"], value=helper.make_tensor("", T.FLOAT, [1], [0.5])),
                 helper.make_node("Pad", ["kept", "pads"], ["padded"], mode="reflect"),
                 helper.make_node("TopK", ["x", "k"], ["tv", "ti"], axis=1)]
        model = _model(nodes, [_vi("x", T.FLOAT, [4, 6]), _vi("sizes", T.INT64, [2]), _vi("mask", T.BOOL, [4]),
                               _vi("r0", T.FLOAT, []), _vi("r1", T.FLOAT, []), _vi("rd", T.FLOAT, []),
                               _vi("reps", T.INT64, [2]), _vi("shape", T.INT64, [2]), _vi("pads", T.INT64, [4]),
                               _vi("k", T.INT64, [1])],
                       [_vi(n, T.FLOAT, None) for n in ("p0", "p1", "kept", "rng", "tiled", "reshaped", "filled",
                                                        "padded", "tv")] + [_vi("ti", T.INT64, None)], 13)
        rng = _rng(78)
        x = rng.standard_normal((4, 6)).astype(np.float32)
        f = lambda v: np.array(v, np.float32)   # noqa: E731
        i = lambda v: np.array(v, np.int64)     # noqa: E731
        return model, [[x, i([2, 4]), np.array([True, False, True, True]), f(1), f(-2.5), f(-0.7), i([2, 1]),
                        i([-1, 2]), i([0, 1, 1, 2]), i([3])],
                       [x, i([5, 1]), np.array([False, True, False, False]), f(0), f(2.9), f(0.3), i([1, 3]),
                        i([1, 4]), i([0, 2, 0, 0]), i([6])]]
    return build


def _opset7_legacy_cnn_forms():
    """Opset 7 as Caffe2 / early converters wrote it: BatchNormalization with spatial=0 (one
    statistic per activation, (C, H, W)), Softmax-1 over a 4-D input (2-D coercion), Squeeze
    without axes, Unsqueeze with unsorted axes, LRN, a grouped Conv3D with asymmetric pads,
    ConvTranspose-1D with output_padding and dilation, 1-D MaxPool and 3-D AveragePool with
    count_include_pad, Gemm with transA and a [1, N] C, bilinear Upsample-7."""
    def build():
        from onnx import TensorProto as T
        from onnx import helper
        rng = _rng(79)
        f = lambda *s: rng.standard_normal(s).astype(np.float32)     # noqa: E731
        inits = [_t(rng.uniform(0.5, 1.5, (3, 4, 4)).astype(np.float32), "bs"), _t(f(3, 4, 4), "bb"),
                 _t(f(3, 4, 4), "bm"), _t(rng.uniform(0.5, 1.5, (3, 4, 4)).astype(np.float32), "bv"),
                 _t(f(6, 2, 3, 3, 2) * 0.3, "w3"), _t(f(3, 4, 3) * 0.3, "wt"), _t(f(4), "bt"), _t(f(1, 5), "gc")]
        nodes = [helper.make_node("BatchNormalization", ["x", "bs", "bb", "bm", "bv"], ["bn"], spatial=0, epsilon=1e-3),
                 helper.make_node("Softmax", ["bn"], ["sm"]),
                 helper.make_node("LRN", ["bn"], ["lrn"], size=3, alpha=1e-2, beta=0.75, bias=1.5),
                 helper.make_node("Upsample", ["lrn"], ["up"], mode="linear", scales=[1.0, 1.0, 2.0, 1.5]),
                 helper.make_node("Squeeze", ["s1"], ["sq"]), helper.make_node("Unsqueeze", ["sq"], ["us"], axes=[3, 0]),
                 helper.make_node("Conv", ["v", "w3"], ["c3"], group=2, pads=[1, 0, 1, 0, 1, 0], strides=[1, 2, 1]),
                 helper.make_node("AveragePool", ["c3"], ["ap3"], kernel_shape=[2, 2, 2], count_include_pad=1,
                                  pads=[1, 0, 0, 0, 1, 1]),
                 helper.make_node("ConvTranspose", ["l", "wt", "bt"], ["ct"], strides=[3], output_padding=[2], pads=[1, 0],
                                  dilations=[2]),
                 helper.make_node("MaxPool", ["ct"], ["mp"], kernel_shape=[3], strides=[2], pads=[1, 1]),
                 helper.make_node("Gemm", ["a", "b", "gc"], ["gm"], transA=1, alpha=0.5, beta=2.0)]
        model = _model(nodes, [_vi("x", T.FLOAT, [2, 3, 4, 4]), _vi("s1", T.FLOAT, [1, 3, 1, 4]),
                               _vi("v", T.FLOAT, [1, 4, 5, 6, 5]), _vi("l", T.FLOAT, [2, 3, 7]), _vi("a", T.FLOAT, [4, 3]),
                               _vi("b", T.FLOAT, [4, 5])],
                       [_vi(n, T.FLOAT, None) for n in ("sm", "up", "us", "ap3", "mp", "gm")], 7, inits)
        return model, [[f(2, 3, 4, 4), f(1, 3, 1, 4), f(1, 4, 5, 6, 5), f(2, 3, 7), f(4, 3), f(4, 5)]]
    return build


def _scripted_lists_read_in_loops():
    """jit.script: a list of x[:i + 1, :t - i] (two run-time sizes) read by a second loop
    (`for t in outs`: SequenceLength + SequenceAt inside a Loop body), by index and len(), and a
    list comprehension of column sums joined along the varying axis."""
    torch, nn, F = _nn()
    from typing import List

    class M(nn.Module):
        def forward(self, x):
            outs: List[torch.Tensor] = []
            for i in range(x.shape[1]):
                outs.append(x[: i + 1, : x.shape[1] - i] * 2)
            acc = torch.zeros(1)
            for t in outs:
                acc = acc + t.sum() + t.shape[0]
            rows = [t.sum(0, keepdim=True) for t in outs]
            return acc, outs[1], torch.tensor(len(outs)), torch.cat(rows, 1)
    return torch.jit.script(M())


# ------------------------------------------------------------------------------ the set

def _specs():
    bs = {"x0": {0: "b", 1: "s"}}
    text = [("distilbert", False, 14), ("roberta", False, 14), ("albert", False, 13), ("opt", False, 14),
            ("bloom", False, 14), ("gpt_neo", False, 14), ("deberta_v2", False, 15), ("qwen2", False, 17),
            ("llama", True, 18), ("distilbert", True, 20), ("deberta_v2", True, 18), ("gpt_neo", True, 18),
            ("mpnet", False, 17), ("funnel", False, 17), ("phi", False, 17), ("gptj", False, 17), ("gemma", False, 17),
            ("mistral", False, 17)]
    specs = [Spec(f"users5_hf_{k}_dynamic_{'dynamo' if d else 'torchscript'}_opset{o}", _hf_text(k, d, o))
             for k, d, o in text]
    specs += [
        Spec("users5_hf_bart_encoder_decoder_dynamic_torchscript_opset14", _hf_text("bart", False, 14, decoder=True)),
        Spec("users5_hf_wav2vec2_dynamic_time_torchscript_opset14",
             _hf_dense("wav2vec2", False, 14, [(2, 400), (1, 560)], {0: "b", 1: "t"})),
        Spec("users5_hf_segformer_dynamic_hw_torchscript_opset14",
             _hf_dense("segformer", False, 14, [(1, 3, 32, 32), (2, 3, 48, 40)], {0: "b", 2: "h", 3: "w"})),
        Spec("users5_hf_convnext_dynamic_batch_dynamo_opset18",
             _hf_dense("convnext", True, 18, [(1, 3, 32, 32), (3, 3, 32, 32)], {0: "b"})),
        Spec("users5_hf_swin_shifted_windows_torchscript_opset14",
             _hf_dense("swin", False, 14, [(2, 3, 32, 32), (2, 3, 32, 32)], {0: "b"})),
        Spec("users5_hf_clip_vision_projection_dynamic_batch_torchscript_opset17",
             _hf_dense("clip_vision", False, 17, [(2, 3, 32, 32), (1, 3, 32, 32)], {0: "b"})),
        Spec("users5_hf_dinov2_dynamic_batch_torchscript_opset17",
             _hf_dense("dinov2", False, 17, [(2, 3, 32, 32), (1, 3, 32, 32)], {0: "b"})),
        Spec("users5_hf_beit_relative_position_bias_torchscript_opset17",
             _hf_dense("beit", False, 17, [(2, 3, 32, 32), (1, 3, 32, 32)], {0: "b"})),
        Spec("users5_hf_mobilevit_unfold_fold_torchscript_opset17",
             _hf_dense("mobilevit", False, 17, [(2, 3, 32, 32), (1, 3, 32, 32)], {0: "b"})),
        Spec("users5_hf_wavlm_gated_relative_bias_dynamic_time_torchscript_opset17",
             _hf_dense("wavlm", False, 17, [(2, 400), (1, 520)], {0: "b", 1: "t"})),
        Spec("users5_hf_levit_attention_bias_torchscript_opset17",
             _hf_dense("levit", False, 17, [(2, 3, 64, 64), (1, 3, 64, 64)], {0: "b"})),
        Spec("users5_hf_convnextv2_grn_torchscript_opset17",
             _hf_dense("convnextv2", False, 17, [(2, 3, 32, 32), (1, 3, 32, 32)], {0: "b"})),
        Spec("users5_export_modules_as_functions_torchscript_opset15", _modules_as_functions(15)),
        Spec("users5_no_constant_folding_cnn_dynamic_batch_torchscript_opset11", _no_constant_folding(11)),
        Spec("users5_scripted_list_two_run_time_sizes_torchscript_opset17",
             _torch(_scripted_two_size_list, _normal([(3, 4)], [(5, 2)]), False, 17, {"x0": {0: "b", 1: "t"}})),
        Spec("users5_stft_mel_spectrogram_dynamic_torchscript_opset17",
             _torch(_spectrogram, _normal([(2, 96)], [(1, 136)]), False, 17, {"x0": {0: "b", 1: "n"}}),
             rtol=1e-3, atol=1e-3),
        Spec("users5_style_transfer_instancenorm_reflect_dynamic_torchscript_opset11",
             _torch(_style_transfer, _normal([(1, 3, 12, 12)], [(2, 3, 10, 14)]), False, 11,
                    {"x0": {0: "b", 2: "h", 3: "w"}}), rtol=1e-3, atol=1e-3),
        Spec("users5_bidirectional_two_layer_rnn_dynamic_torchscript_opset14",
             _torch(_bi_rnn, _ids(30, (2, 7), (3, 4)), False, 14, bs)),
        Spec("users5_dynamo_unoptimized_attention_block_dynamic_opset18", _dynamo_unoptimized(18)),
        Spec("users5_opset7_rnn_gru_linear_before_reset_lstm_peepholes_seq_lens", _opset7_recurrent()),
        Spec("users5_opset8_lp_norm_pools_instancenorm_hardmax_maxroipool", _opset8_norms_pools()),
        Spec("users5_opset10_dilated_ceil_pools_convtranspose_output_shape_same", _opset10_pools_convtranspose()),
        Spec("users5_opset11_resize_crop_asymmetric_pytorch_half_pixel_cubic", _opset11_resize_modes()),
        Spec("users5_opset12_softmax_ce_loss_maxunpool_unique_axis_s2d", _opset12_losses_unpool_unique()),
        Spec("users5_opset10_isnan_isinf_sign_erf_hyperbolic_where_nonzero", _opset10_elementwise_specials()),
        Spec("users5_opset11_if_branches_of_other_sizes_data_dependent_loop", _opset11_if_branch_sizes()),
        Spec("users5_opset13_split_compress_range_tile_pad_from_run_time_inputs", _opset13_run_time_shape_inputs()),
        Spec("users5_opset7_legacy_bn_spatial0_conv3d_convtranspose1d_gemm_upsample", _opset7_legacy_cnn_forms()),
        Spec("users5_scripted_lists_read_in_loops_two_run_time_sizes_torchscript_opset17",
             _torch(_scripted_lists_read_in_loops, _normal([(3, 4)], [(5, 2)], [(4, 4)]), False, 17,
                    {"x0": {0: "b", 1: "t"}})),
    ]
    for s in specs:
        s.slow = True           # all with SHLO_ONNX_LIGHT=1 / tools/onnx_heldout.py -k ^users5_
    return specs


SPECS = _specs()
