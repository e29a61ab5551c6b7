"""Helpers shared by test_contrib.py and test_contrib_more.py: a one-node model of an onnxruntime
op, run through onnxruntime's CPU kernel and through shlo, the outputs compared; the inputs of
the ops checked in both files (GroupQueryAttention, MatMulNBits)."""
from __future__ import annotations

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto as T
from onnx import helper, numpy_helper

import shlo

MS = "com.microsoft"
GQA_HEADS = (4, 2, 16)                  # num_heads, kv_num_heads, head size of the GroupQueryAttention checks


def node_model(op, inputs, consts=None, n_out=1, attrs=None, opset=17, domain=MS, out_names=None):
    """One `op` node: `inputs` (name -> array, or None for an omitted optional input) in the node's
    order; those in `consts` (name -> array) are initializers, the others graph inputs.
    Returns (model, the graph inputs' arrays)."""
    consts = consts or {}
    node_inputs = [n if (a is not None or n in consts) else "" for n, a in inputs.items()]
    outs = out_names or [f"y{i}" for i in range(n_out)]
    node = helper.make_node(op, node_inputs, outs, domain=domain, **(attrs or {}))
    graph_inputs = [helper.make_tensor_value_info(n, helper.np_dtype_to_tensor_dtype(a.dtype), a.shape)
                    for n, a in inputs.items() if a is not None and n not in consts]
    inits = [numpy_helper.from_array(a, n) for n, a in consts.items()]
    g = helper.make_graph([node], "g", graph_inputs, [helper.make_value_info(o, onnx.TypeProto()) for o in outs if o],
                          inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset), helper.make_opsetid(MS, 1)])
    m.ir_version = 8
    feeds = [a for n, a in inputs.items() if a is not None and n not in consts]
    return m, feeds


def run_ort(m, feeds):
    """onnxruntime's CPU kernels, one thread, no graph rewrites."""
    so = ort.SessionOptions()
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    so.intra_op_num_threads = 1
    sess = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])
    return sess.run(None, {i.name: x for i, x in zip(sess.get_inputs(), feeds)})


def run_shlo(m, feeds, prog=None) -> list:
    got = shlo.interpret(prog or shlo.from_onnx(m), *feeds)
    return [np.asarray(g) for g in (got if isinstance(got, (list, tuple)) else [got])]


def assert_outputs_match(got, want, rtol=1e-5, atol=1e-5):
    """Same count, shapes and (for integers, exactly) values."""
    assert len(got) == len(want), (len(got), len(want))
    for i, (g, w) in enumerate(zip(got, want)):
        g = np.asarray(g)
        assert g.shape == w.shape, (i, g.shape, w.shape)
        if w.dtype.kind == "f":
            np.testing.assert_allclose(g, w, rtol=rtol, atol=atol, err_msg=f"output {i}")
        else:
            assert g.dtype == w.dtype, (i, g.dtype, w.dtype)
            np.testing.assert_array_equal(g, w, err_msg=f"output {i}")


def check(op, inputs, consts=None, n_out=1, attrs=None, rtol=1e-5, atol=1e-5, opset=17, domain=MS):
    """One node through shlo against onnxruntime."""
    m, feeds = node_model(op, inputs, consts, n_out, attrs, opset, domain)
    assert_outputs_match(run_shlo(m, feeds), run_ort(m, feeds), rtol, atol)


def rand(*shape, seed=0, scale=1.0):
    return (np.random.default_rng(seed).standard_normal(shape) * scale).astype(np.float32)


def ints(*shape, dtype=np.uint8, seed=0):
    info = np.iinfo(dtype)
    return np.random.default_rng(seed).integers(info.min, info.max + 1, shape).astype(dtype)


def f32(v):
    return np.asarray(v, np.float32)


def rotary_caches(h=GQA_HEADS[2], positions=32):
    angles = np.arange(positions)[:, None] * (0.1 / (1 + np.arange(h // 2)))[None, :]
    return {"cos": f32(np.cos(angles)), "sin": f32(np.sin(angles))}


def gqa(b, s, p, seqlens, total=None, rotary=False, pos=None, sink=None, bias=None, total_const=False, qk_output=0,
        **attrs):
    """GroupQueryAttention against onnxruntime: batch b, s new tokens, a past of length p (0: none),
    seqlens_k, total_sequence_length (p + s unless given; a constant with total_const), rotary
    inside, position_ids, head_sink, attention_bias, output_qk with qk_output."""
    n, kvn, h = GQA_HEADS
    total = p + s if total is None else total
    ins = {"q": rand(b, s, n * h, seed=1), "k": rand(b, s, kvn * h, seed=2), "v": rand(b, s, kvn * h, seed=3),
           "past_key": rand(b, kvn, p, h, seed=4) if p else None,
           "past_value": rand(b, kvn, p, h, seed=5) if p else None,
           "seqlens_k": np.array(seqlens, np.int32), "total": np.array(total, np.int32)}
    c = rotary_caches() if rotary else {"cos": None, "sin": None}
    ins.update(c, pos=pos, attention_bias=bias, sink=sink)
    consts = {name: v for name, v in c.items() if v is not None}
    if total_const:
        consts["total"] = ins["total"]
    if qk_output:
        attrs["qk_output"] = qk_output
    check("GroupQueryAttention", ins, consts=consts, n_out=4 if qk_output else 3, rtol=1e-4, atol=1e-5,
          attrs=dict(num_heads=n, kv_num_heads=kvn, do_rotary=int(rotary), **attrs))


def gqa_dynamic_model(qk_output=0):
    """A GroupQueryAttention model with symbolic batch, sequence and past lengths and a run-time
    total (as GenAI models declare them), rotary inside."""
    n, kvn, h = GQA_HEADS
    vi = helper.make_tensor_value_info
    caches = [numpy_helper.from_array(v, name) for name, v in rotary_caches().items()]
    outs = ["y", "present_k", "present_v"] + (["qk"] if qk_output else [])
    node = helper.make_node("GroupQueryAttention", ["q", "k", "v", "pk", "pv", "seqlens", "total", "cos", "sin"],
                            outs, domain=MS, num_heads=n, kv_num_heads=kvn, do_rotary=1,
                            **({"qk_output": qk_output} if qk_output else {}))
    g = helper.make_graph([node], "g", [vi("q", T.FLOAT, ["b", "s", n * h]), vi("k", T.FLOAT, ["b", "s", kvn * h]),
                                        vi("v", T.FLOAT, ["b", "s", kvn * h]), vi("pk", T.FLOAT, ["b", kvn, "p", h]),
                                        vi("pv", T.FLOAT, ["b", kvn, "p", h]), vi("seqlens", T.INT32, ["b"]),
                                        vi("total", T.INT32, [])],
                          [vi(o, T.FLOAT, None) for o in outs], caches)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid(MS, 1)])
    m.ir_version = 8
    return m


def gqa_dynamic_feeds(b, s, p, seqlens, total):
    n, kvn, h = GQA_HEADS
    return [rand(b, s, n * h, seed=1), rand(b, s, kvn * h, seed=2), rand(b, s, kvn * h, seed=3),
            rand(b, kvn, p, h, seed=4), rand(b, kvn, p, h, seed=5), np.array(seqlens, np.int32),
            np.array(total, np.int32)]


def nbits_weights(k, n, block, bits=4, seed=0, zero_points="packed"):
    """MatMulNBits' B (N, blocks, block * bits / 8), scales (N * blocks) and zero points:
    packed bytes, floats, or None ('none')."""
    blocks = (k + block - 1) // block
    rng = np.random.default_rng(seed)
    c = {"b": rng.integers(0, 256, (n, blocks, block * bits // 8)).astype(np.uint8),
         "scales": f32(rng.random(n * blocks) * 0.1 + 0.01)}
    if zero_points == "packed":
        c["zp"] = rng.integers(0, 256, n * ((blocks * bits + 7) // 8)).astype(np.uint8)
    elif zero_points == "float":
        c["zp"] = f32(rng.random(n * blocks) * 15)
    return c
