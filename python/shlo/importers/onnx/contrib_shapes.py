"""Output types of onnxruntime's `com.microsoft` ops for ONNX shape inference, which knows no
schema for them: without these, every value after the first contrib op of a model would be
untyped (and the Shape -> Concat -> Reshape chains after it would lose their static sizes).

`annotate(model)` adds the types of contrib ops' outputs to model.graph.value_info once their
inputs are typed; from_onnx alternates it with ONNX shape inference until nothing changes. Dims
are kept as given (ints, dim_params), so symbolic sizes flow on."""
from __future__ import annotations

import onnx
from onnx import helper

from . import nchwc

F32 = onnx.TensorProto.FLOAT
I32 = onnx.TensorProto.INT32


def _dims(tp):
    """A TypeProto's (element type, [int | str | None]) or None when it has no rank."""
    if not tp.HasField("tensor_type") or not tp.tensor_type.HasField("shape"):
        return None
    dims = []
    for d in tp.tensor_type.shape.dim:
        dims.append(d.dim_value if d.HasField("dim_value") else d.dim_param if d.HasField("dim_param") else None)
    return tp.tensor_type.elem_type, dims


def _broadcast(a, b):
    n = max(len(a), len(b))
    a, b = [1] * (n - len(a)) + a, [1] * (n - len(b)) + b
    return [q if p == 1 else p if q == 1 or p == q or q is None else p for p, q in zip(a, b)]


def _matmul(a, b):
    if len(a) == 1:
        a = [1] + a
        squeeze_a = True
    else:
        squeeze_a = False
    if len(b) == 1:
        out = _broadcast(a[:-2], []) + a[-2:-1]
        return out[:-1] if squeeze_a else out
    out = _broadcast(a[:-2], b[:-2]) + [a[-2], b[-1]]
    return out[:-2] + out[-1:] if squeeze_a else out


def _swap(d):
    return d[:-2] + [d[-1], d[-2]] if len(d) >= 2 else d


def _fused_operand(d, trans, trans_batch):
    """FusedMatMul's operand sizes as its product reads them (see ops/contrib_fused.py)."""
    if trans_batch and len(d) > 2:
        return d[1:-1] + ([d[-1], d[0]] if trans else [d[0], d[-1]])
    return _swap(d) if trans else d


def _via(schema_op, node, types, inputs=None, drop=()):
    """Output types by ONNX's inference of a default-domain op of the same shapes."""
    ins = list(node.input if inputs is None else inputs)
    n = helper.make_node(schema_op, ins, [o for o in node.output[:1]])
    n.attribute.extend(a for a in node.attribute if a.name not in drop)
    try:
        schema = onnx.defs.get_schema(schema_op, 21, "")
        got = onnx.shape_inference.infer_node_outputs(schema, n, {k: types[k] for k in ins if k in types})
    except Exception:  # noqa: BLE001 - no inference: leave the outputs untyped
        return None
    t = got.get(node.output[0])
    return [_dims(t)] if t is not None else None


def _attr(node, name, default=None):
    for a in node.attribute:
        if a.name == name:
            return helper.get_attribute_value(a)
    return default


_SAME = {"Gelu", "BiasGelu", "FastGelu", "QuickGelu", "BiasAdd", "QLinearSigmoid", "QLinearLeakyRelu",
         "QLinearSoftmax", "RotaryEmbedding"}


def _rule(node, t, types):
    """[(element, dims)] per output (None: leave untyped) of one contrib node; t: its inputs'."""
    op = node.op_type
    x = t[0] if t else None
    if op in _SAME:
        return [x]
    if op in ("SkipLayerNormalization", "SkipSimplifiedLayerNormalization"):
        stat = (F32, x[1][:-1] + [1])
        return [x, stat, stat, x]
    if op == "FusedMatMul":
        a = _fused_operand(x[1], _attr(node, "transA", 0), _attr(node, "transBatchA", 0))
        b = _fused_operand(t[1][1], _attr(node, "transB", 0), _attr(node, "transBatchB", 0))
        return [(x[0], _matmul(a, b))]
    if op in ("DynamicQuantizeMatMul", "MatMulIntegerToFloat"):
        return [(F32, _matmul(x[1], t[1][1]))]
    if op == "MatMulInteger16":
        return [(I32, _matmul(x[1], t[1][1]))]
    if op == "MatMulNBits":
        return [(x[0], x[1][:-1] + [_attr(node, "N")])]
    if op == "FusedConv":
        return _via("Conv", node, types, node.input[:3], drop=("activation", "activation_params"))
    if op == "FusedGemm":
        return _via("Gemm", node, types, node.input[:3],
                    drop=("activation", "activation_alpha", "activation_beta", "activation_gamma"))
    if op in ("QLinearAdd", "QLinearMul"):
        return [(x[0], _broadcast(x[1], t[3][1]))]
    if op == "QLinearConcat":
        axis = _attr(node, "axis")
        parts = [t[k][1] for k in range(2, len(t), 3)]
        d = list(parts[0])
        axis %= len(d)
        sizes = [p[axis] for p in parts]
        d[axis] = sum(sizes) if all(isinstance(s, int) for s in sizes) else None
        return [(t[2][0], d)]
    if op == "QLinearGlobalAveragePool":
        d = x[1]
        if _attr(node, "channels_last", 0):
            return [(x[0], [d[0]] + [1] * (len(d) - 2) + [d[-1]])]
        return [(x[0], d[:2] + [1] * (len(d) - 2))]
    if op == "QLinearAveragePool":
        if _attr(node, "channels_last", 0):
            return None
        got = _via("AveragePool", node, types, node.input[:1], drop=("channels_last",))
        return [(x[0], got[0][1])] if got else None
    if op == "QLinearConv":
        if not _attr(node, "channels_last", 0):
            return _via("QLinearConv", node, types)
        d = x[1]
        nchw = helper.make_tensor_type_proto(x[0], [d[0], d[-1]] + d[1:-1])
        got = _via("QLinearConv", node, dict(types, **{node.input[0]: nchw}), drop=("channels_last",))
        if not got:
            return None
        e, y = got[0]
        return [(e, [y[0]] + y[2:] + [y[1]])]
    if op == "NhwcMaxPool":
        d = x[1]
        nchw = helper.make_tensor_type_proto(x[0], [d[0], d[-1]] + d[1:-1])
        got = _via("MaxPool", node, dict(types, **{node.input[0]: nchw}))
        if not got:
            return None
        e, y = got[0]
        return [(x[0], [y[0]] + y[2:] + [y[1]])]
    if op == "QGemm":
        a, b = x[1], t[3][1]
        m = a[1] if _attr(node, "transA", 0) else a[0]
        n = b[0] if _attr(node, "transB", 0) else b[1]
        out = t[8][0] if len(t) > 8 and t[8] is not None else F32
        return [(out, [m, n])]
    if op == "EmbedLayerNormalization":
        ids, word = x[1], t[2][1]
        y = (t[2][0], ids[:2] + [word[1]])
        return [y, (I32, ids[:1]), y]
    if op == "Attention":
        sizes = _attr(node, "qkv_hidden_sizes")
        hidden = sizes[2] if sizes else (t[1][1][1] // 3 if isinstance(t[1][1][1], int) else None)
        return [(x[0], x[1][:2] + [hidden])]
    if op == "QAttention":
        sizes = _attr(node, "qkv_hidden_sizes")
        hidden = sizes[2] if sizes else (t[1][1][1] // 3 if isinstance(t[1][1][1], int) else None)
        return [(F32, x[1][:2] + [hidden])]
    if op == "QEmbedLayerNormalization":
        ids, word = x[1], t[2][1]
        return [(F32, ids[:2] + [word[1]]), (I32, ids[:1])]
    if op == "QuantizeLinear":
        return [(t[2][0] if len(t) > 2 and t[2] is not None else onnx.TensorProto.UINT8, x[1])]
    if op == "DequantizeLinear":
        return [(t[1][0], x[1])]
    if op == "GroupQueryAttention":
        if len(t) > 1 and t[1] is not None:
            return [x]
        n, kvn = _attr(node, "num_heads", 1), _attr(node, "kv_num_heads", 1)
        w = x[1][2]
        return [(x[0], x[1][:2] + [w // (n + 2 * kvn) * n if isinstance(w, int) else None])]
    if op == "MultiHeadAttention":
        packed = x if len(x[1]) == 5 else (t[1] if len(t) > 1 and t[1] is not None and len(t[1][1]) == 5 else None)
        if packed is not None:          # packed QKV (B, S, N, 3, H) / KV (B, L, N, 2, H): v is N * H wide
            n_, h = packed[1][2], packed[1][4]
            return [(x[0], x[1][:2] + [n_ * h if isinstance(n_, int) and isinstance(h, int) else None])]
        v = t[2] if len(t) > 2 and t[2] is not None else None
        if v is None:
            return None
        n = _attr(node, "num_heads", 1)
        dv = v[1][-1] if len(v[1]) == 3 else (v[1][-1] * n if isinstance(v[1][-1], int) else None)
        return [(x[0], x[1][:2] + [dv])]
    return None


# onnxruntime's default-domain ops at opsets where ONNX has no schema for them
_ORT_DEFAULT = {"LayerNormalization": 17, "SimplifiedLayerNormalization": None}


def _ort_default(node, opset) -> bool:
    if node.domain not in ("", "ai.onnx") or node.op_type not in _ORT_DEFAULT:
        return False
    since = _ORT_DEFAULT[node.op_type]
    return since is None or opset < since


def _default_opset(model) -> int:
    return next((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), 1)


def needed(model) -> bool:
    """Whether the model has ops that ONNX's shape inference cannot type (see annotate)."""
    opset = _default_opset(model)
    return any(n.domain in _DOMAINS or _ort_default(n, opset) for n in model.graph.node)


_DOMAINS = ("com.microsoft", nchwc.DOMAIN)


def _nchwc_rule(node, t, types, block):
    """onnxruntime's NCHWc ops on blocked values kept as NCHW of the padded channel count."""
    op, x = node.op_type, t[0]
    d = x[1]
    if op == "ReorderInput":
        if block is None:
            return None
        if _attr(node, "channels_last", 0):
            d = [d[0], d[-1]] + d[1:-1]
        c = d[1]
        return [(x[0], [d[0], -(-c // block) * block if isinstance(c, int) else None] + d[2:])]
    if op == "ReorderOutput":
        y = [d[0], _attr(node, "channels")] + d[2:]
        return [(x[0], [y[0]] + y[2:] + [y[1]] if _attr(node, "channels_last", 0) else y)]
    if op == "Conv":
        w = t[1][1]
        group = _attr(node, "group", 1)
        kernel = w[2:]
        strides = _attr(node, "strides") or [1] * len(kernel)
        dil = _attr(node, "dilations") or [1] * len(kernel)
        pads = _attr(node, "pads") or [0] * (2 * len(kernel))
        if (_attr(node, "auto_pad", "NOTSET") or "NOTSET") not in ("NOTSET", b"NOTSET") or group not in (1, w[0]):
            return None
        n = len(kernel)
        sp = [(h + pads[i] + pads[i + n] - dil[i] * (kernel[i] - 1) - 1) // strides[i] + 1
              if isinstance(h, int) else None for i, h in enumerate(d[2:])]
        return [(x[0], [d[0], w[0]] + sp)]
    if op in ("MaxPool", "AveragePool", "GlobalMaxPool", "GlobalAveragePool"):
        return _via(op, node, types, node.input[:1])
    if op == "Upsample":
        scales = _attr(node, "scales")
        return [(x[0], [int(v * sc) if isinstance(v, int) else None for v, sc in zip(d, scales)])]
    return None


def _norm_rule(node, t):
    """LayerNormalization / SimplifiedLayerNormalization: y like x, statistics (f32) with the
    normalized dimensions kept as 1."""
    x = t[0]
    axis = _attr(node, "axis", -1) % len(x[1])
    stat = (F32, x[1][:axis] + [1] * (len(x[1]) - axis))
    return [x, stat, stat] if node.op_type == "LayerNormalization" else [x, stat]


def annotate(model) -> bool:
    """Types the outputs of com.microsoft nodes (and onnxruntime's own default-domain ops) whose
    inputs are typed and outputs are not (in model.graph.value_info); True if any was added."""
    g = model.graph
    types = {}
    for vi in list(g.input) + list(g.value_info) + list(g.output):
        if vi.type.HasField("tensor_type"):
            types[vi.name] = vi.type
    for init in g.initializer:
        types[init.name] = helper.make_tensor_type_proto(init.data_type, list(init.dims))
    added = False
    opset = _default_opset(model)
    block = nchwc.Layout(g).block_size() if nchwc.uses_nchwc(g) else None
    for node in g.node:
        ort_default = _ort_default(node, opset)
        if (node.domain not in _DOMAINS and not ort_default) or all(not o or o in types for o in node.output):
            continue
        ins = [(_dims(types[n]) if n in types else None) if n else None for n in node.input]
        if not ins or ins[0] is None:
            continue
        try:
            rule = _norm_rule(node, ins) if ort_default else \
                _nchwc_rule(node, ins, types, block) if node.domain == nchwc.DOMAIN else _rule(node, ins, types)
        except (TypeError, IndexError, ZeroDivisionError):        # inputs it needs are untyped
            rule = None
        for name, r in zip(node.output, rule or []):
            if not name or r is None or name in types:
                continue
            elem, dims = r
            tp = helper.make_tensor_type_proto(elem, [d if isinstance(d, (int, str)) else None for d in dims])
            g.value_info.append(helper.make_value_info(name, tp))
            types[name] = tp
            added = True
    return added
