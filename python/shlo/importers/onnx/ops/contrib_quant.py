"""onnxruntime's quantized `com.microsoft` ops (onnxruntime.quantization writes them in QOperator
format, its graph optimizers fuse dynamic quantization into them; MatMulNBits comes from its 4-bit
weight quantizer): QLinearAdd / QLinearMul, QLinearSigmoid / QLinearLeakyRelu, QLinearConcat,
QLinearGlobalAveragePool / QLinearAveragePool, QGemm, QLinearSoftmax, DynamicQuantizeMatMul,
MatMulIntegerToFloat, MatMulInteger16, MatMulNBits.

The arithmetic is onnxruntime's CPU kernels' (MLAS): integer products in i32, requantization in
f32 as round-half-even(value / or * scale) + zero point, saturated; element-wise ops on
dequantized f32 values, the output zero point added before rounding where onnxruntime does;
QLinearSoftmax through onnxruntime's exp table, whose output scale is floor(1 / y_scale) and which
ignores the input zero point (softmax does not depend on it)."""
from __future__ import annotations

import numpy as np

from ..registry import converts
from .nn import bin_op, dot, keep, matmul, norm_axis, reduce1
from .nn_quant import _centered, _saturate_int, dynamic_quantize_linear
from .tensors import gather

MS = "com.microsoft"
F32 = "f32"


def _scalar(cx, v, element=F32):
    """A per-tensor scale / zero point as a rank-0 value of element."""
    v = cx.convert(v, element)
    return cx.reshape(v, []) if cx.rank(v) else v


def _dequant(cx, x, scale, zp):
    """(x - zp) * scale in f32 (per tensor)."""
    xf = cx.convert(x, F32)
    sizes = cx.sizes_of(xf)
    if zp is not None:
        xf = cx.op("subtract", xf, cx.broadcast(_scalar(cx, zp), sizes, dims=[]))
    return cx.op("multiply", xf, cx.broadcast(_scalar(cx, scale), sizes, dims=[]))


def _quant(cx, v, scale, zp, element):
    """round(v / scale) + zp saturated to element (MLAS's QuantizeLinear)."""
    sizes = cx.sizes_of(v)
    q = cx.op("round_nearest_even", cx.op("divide", v, cx.broadcast(_scalar(cx, scale), sizes, dims=[])))
    if zp is not None:
        q = cx.op("add", q, cx.broadcast(_scalar(cx, zp), sizes, dims=[]))
    return _saturate_int(cx, q, element)


def _out_element(cx, zp, like):
    return cx.element(zp) if zp is not None else cx.element(like)


def _round_shifted(cx, v, zp, element):
    """round(v + zp) saturated: onnxruntime's QLinearAdd / QLinearMul add the output zero point
    before rounding (so ties fall by the shifted value's parity)."""
    if zp is not None:
        v = cx.op("add", v, cx.broadcast(_scalar(cx, zp), cx.sizes_of(v), dims=[]))
    return _saturate_int(cx, v, element)


@converts("QLinearAdd", domain=MS)
def qlinear_add(cx, a, a_scale, a_zp, b, b_scale, b_zp, c_scale, c_zp=None):
    # (a - za) * (sa / sc) + (b - zb) * (sb / sc) + zc, rounded
    ra = cx.op("divide", _scalar(cx, a_scale), _scalar(cx, c_scale))
    rb = cx.op("divide", _scalar(cx, b_scale), _scalar(cx, c_scale))
    y = bin_op(cx, "add", _dequant(cx, a, ra, a_zp), _dequant(cx, b, rb, b_zp))
    return _round_shifted(cx, y, c_zp, _out_element(cx, c_zp, a))


@converts("QLinearMul", domain=MS)
def qlinear_mul(cx, a, a_scale, a_zp, b, b_scale, b_zp, c_scale, c_zp=None):
    # (a - za) (b - zb) * (sa sb / sc) + zc, rounded
    m = cx.op("divide", cx.op("multiply", _scalar(cx, a_scale), _scalar(cx, b_scale)), _scalar(cx, c_scale))
    one = cx.const(1, F32)
    y = bin_op(cx, "multiply", _dequant(cx, a, one, a_zp), _dequant(cx, b, one, b_zp))
    y = cx.op("multiply", y, cx.broadcast(m, cx.sizes_of(y), dims=[]))
    return _round_shifted(cx, y, c_zp, _out_element(cx, c_zp, a))


def _unary(fn):
    """An element-wise op on 8-bit values (onnxruntime tabulates it): dequantize, fn, quantize."""
    def convert(cx, x, x_scale, x_zp=None, y_scale=None, y_zp=None, **attrs):
        y = fn(cx, _dequant(cx, x, x_scale, x_zp), **attrs)
        return _quant(cx, y, y_scale, y_zp, _out_element(cx, y_zp, x))
    return convert


def _sigmoid(cx, v):
    return cx.op("logistic", v)


def _leaky_relu(cx, v, alpha=0.01):
    sizes = cx.sizes_of(v)
    neg = cx.op("compare", v, cx.const(0, F32, sizes), comparison_direction="LT")
    return cx.op("select", neg, cx.op("multiply", v, cx.const(alpha, F32, sizes)), v)


converts("QLinearSigmoid", domain=MS)(_unary(_sigmoid))
converts("QLinearLeakyRelu", domain=MS)(_unary(_leaky_relu))


@converts("QLinearConcat", domain=MS)
def qlinear_concat(cx, y_scale, y_zp, *triples, axis):
    if len(triples) % 3:
        raise cx.error("inputs after Y_scale, Y_zero_point come in (X, X_scale, X_zero_point) triples")
    element = _out_element(cx, y_zp, triples[0])
    parts = [_quant(cx, _dequant(cx, x, s, z), y_scale, y_zp, element)
             for x, s, z in zip(triples[0::3], triples[1::3], triples[2::3])]
    return cx.op("concatenate", parts, dimension=norm_axis(cx, axis, cx.rank(parts[0])))


def _requant(cx, acc, multiplier, zp, element):
    """round(f32(acc) * multiplier) + zp saturated (MLAS's RequantizeOutput)."""
    v = cx.convert(acc, F32)
    v = bin_op(cx, "multiply", v, multiplier)
    v = cx.op("round_nearest_even", v)
    if zp is not None:
        v = cx.op("add", v, cx.broadcast(_scalar(cx, zp), cx.sizes_of(v), dims=[]))
    return _saturate_int(cx, v, element)


@converts("QLinearGlobalAveragePool", domain=MS)
def qlinear_global_average_pool(cx, x, x_scale, x_zp, y_scale, y_zp=None, channels_last=0):
    rank = cx.rank(x)
    dims = list(range(1, rank - 1)) if channels_last else list(range(2, rank))
    sizes = cx.sizes_of(x)
    if not all(isinstance(sizes[d], int) for d in dims):
        raise cx.error("QLinearGlobalAveragePool needs static spatial sizes")
    n = int(np.prod([sizes[d] for d in dims]))
    acc = reduce1(cx, _centered(cx, x, x_zp), dims, "add", 0)     # sum(x) - zp * N in i32
    scale = cx.op("divide", _scalar(cx, x_scale), cx.op("multiply", _scalar(cx, y_scale), cx.const(float(n), F32)))
    y = _requant(cx, acc, scale, y_zp, _out_element(cx, y_zp, x))
    kept = [sizes[d] if d not in dims else 1 for d in range(rank)]
    return cx.reshape(y, kept)


@converts("QLinearAveragePool", domain=MS)
def qlinear_average_pool(cx, x, x_scale, x_zp, y_scale, y_zp=None, kernel_shape=None, count_include_pad=0,
                         channels_last=0, **kw):
    from .nn import average_pool
    xf = _dequant(cx, x, x_scale, x_zp)
    rank = cx.rank(x)
    if channels_last:           # (N, spatial..., C) -> (N, C, spatial...) and back
        xf = cx.op("transpose", xf, permutation=[0, rank - 1] + list(range(1, rank - 1)))
    y = average_pool(cx, xf, kernel_shape, count_include_pad=count_include_pad, **kw)
    if channels_last:
        y = cx.op("transpose", y, permutation=[0] + list(range(2, rank)) + [1])
    return _quant(cx, y, y_scale, y_zp, _out_element(cx, y_zp, x))


@converts("QGemm", domain=MS)
def qgemm(cx, a, a_scale, a_zp, b, b_scale, b_zp, c=None, y_scale=None, y_zp=None, alpha=1.0, transA=0, transB=0):
    from .nn import dot
    if transA:
        a = cx.op("transpose", a, permutation=[1, 0])
    acc = dot(cx, _centered(cx, a, a_zp), _centered(cx, b, b_zp, 0 if transB else 1), [1], [1 if transB else 0])
    if c is not None:
        acc = bin_op(cx, "add", acc, cx.convert(c, "i32"))
    # alpha * a_scale * b_scale (b_scale per tensor or per output column)
    m = cx.op("multiply", cx.const(float(alpha), F32), _scalar(cx, a_scale))
    bs = cx.convert(b_scale, F32)
    m = bin_op(cx, "multiply", bs, m) if cx.rank(bs) and cx.info(bs).shape != [1] else \
        cx.op("multiply", m, _scalar(cx, bs))
    if y_scale is None:
        return bin_op(cx, "multiply", cx.convert(acc, F32), m)
    m = bin_op(cx, "divide", m, _scalar(cx, y_scale))
    return _requant(cx, acc, m, y_zp, _out_element(cx, y_zp, a))


def _sum_in_order(cx, x, dims):
    """The sum over dims added element by element in index order, as onnxruntime's row loop (f32
    rounding makes the order matter at the output's rounding ties); a plain reduce over long rows."""
    sizes = cx.sizes_of(x)
    kept = [d for d in range(len(sizes)) if d not in dims]
    n = int(np.prod([sizes[d] for d in dims]))
    if n > 256 or not all(isinstance(sizes[d], int) for d in kept):
        return reduce1(cx, x, dims, "add", 0)
    t = cx.op("transpose", x, permutation=kept + dims) if kept + dims != list(range(len(sizes))) else x
    t = cx.reshape(t, [sizes[d] for d in kept] + [n])
    r = len(kept)
    cols = [cx.reshape(cx.op("slice", t, start_indices=[0] * r + [i], limit_indices=[sizes[d] for d in kept] + [i + 1],
                             strides=[1] * (r + 1)), [sizes[d] for d in kept]) for i in range(n)]
    acc = cols[0]
    for c in cols[1:]:
        acc = cx.op("add", acc, c)
    return acc


@converts("QLinearSoftmax", domain=MS)
def qlinear_softmax(cx, x, x_scale, x_zp=None, y_scale=None, y_zp=None, axis=None, opset=13):
    rank = cx.rank(x)
    if axis is None:
        axis = 1 if opset < 13 else -1
    a = norm_axis(cx, axis, rank)
    dims = list(range(a, rank)) if opset < 13 else [a]
    sizes = cx.sizes_of(x)
    if not all(isinstance(sizes[d], int) for d in dims):
        raise cx.error("QLinearSoftmax needs static sizes along its axis")
    n = int(np.prod([sizes[d] for d in dims]))
    # onnxruntime's table: entry d (= max - x) is f32(exp((shift - d) * x_scale)) computed in f64,
    # shift keeping the row sums within f32's range
    xs = cx.convert(_scalar(cx, x_scale), "f64")
    shift = max(0.0, float(np.log(np.float64(np.finfo(np.float32).max / np.float32(n)))) - 5.0)
    xi = cx.convert(x, "i32")
    xmax = keep(cx, reduce1(cx, xi, dims, "maximum", np.iinfo(np.int32).min), xi, dims)
    d = cx.convert(cx.op("subtract", xmax, xi), "f64")
    full = cx.sizes_of(d)
    arg = cx.op("subtract", cx.op("divide", cx.const(shift, "f64", full), cx.broadcast(xs, full, dims=[])), d)
    e = cx.convert(cx.op("exponential", cx.op("multiply", arg, cx.broadcast(xs, full, dims=[]))), F32)
    total = keep(cx, _sum_in_order(cx, e, dims), e, dims)
    inv = cx.op("floor", cx.op("divide", cx.const(1, F32), _scalar(cx, y_scale)))
    q = cx.op("round_nearest_even", cx.op("divide", cx.op("multiply", e, cx.broadcast(inv, full, dims=[])), total))
    element = _out_element(cx, y_zp, x)
    q = cx.convert(q, "i32")
    if y_zp is not None:
        q = cx.op("add", q, cx.broadcast(_scalar(cx, y_zp, "i32"), full, dims=[]))
    lo, hi = (-128, 127) if element == "i8" else (0, 255)
    q = cx.op("clamp", cx.const(lo, "i32", full), q, cx.const(hi, "i32", full))
    return cx.convert(q, element)


# ----------------------------------------------------------------------------- integer matmuls

def _per_column(cx, v, acc):
    """A scale / zero point per tensor or per output column (acc's last dimension), as f32 of acc's sizes."""
    v = cx.convert(v, F32)
    sizes = cx.sizes_of(acc)
    if cx.rank(v) == 0 or cx.info(v).shape == [1]:
        return cx.broadcast(cx.reshape(v, []), sizes, dims=[])
    return cx.broadcast(v, sizes, dims=[len(sizes) - 1])


def _scaled_float(cx, acc, a_scale, b_scale, bias):
    y = cx.convert(acc, F32)
    m = cx.op("multiply", _per_column(cx, b_scale, y), cx.broadcast(_scalar(cx, a_scale), cx.sizes_of(y), dims=[]))
    y = cx.op("multiply", y, m)
    return y if bias is None else bin_op(cx, "add", y, cx.convert(bias, F32))


@converts("DynamicQuantizeMatMul", domain=MS)
def dynamic_quantize_matmul(cx, a, b, b_scale, b_zp=None, bias=None):
    qa, a_scale, a_zp = dynamic_quantize_linear(cx, a)
    acc = matmul(cx, _centered(cx, qa, a_zp), _centered(cx, b, b_zp, -1))
    return _scaled_float(cx, acc, a_scale, b_scale, bias)


@converts("DynamicQuantizeLSTM", domain=MS)
def dynamic_quantize_lstm(cx, x, w, r, b=None, sequence_lens=None, initial_h=None, initial_c=None, p=None,
                          w_scale=None, w_zp=None, r_scale=None, r_zp=None, **attrs):
    """onnxruntime's quantize_dynamic form of LSTM: W (D, I, 4H) and R (D, H, 4H) are 8-bit with
    per-direction or per-column scales. As its CPU kernel: the inputs of all steps are quantized as
    one block (DynamicQuantizeLinear's rule), each step's hidden state (B, H) as another; each
    product is integer, times a_scale * w_scale in f32; the gates as LSTM's."""
    from .nn_rnn import _rnn

    def per_direction(t, d):        # t[d]: the weights, or a direction's scale / zero point
        sizes = cx.sizes_of(t)
        one = cx.op("slice", t, start_indices=[d] + [0] * (len(sizes) - 1), limit_indices=[d + 1] + sizes[1:],
                    strides=[1] * len(sizes))
        return cx.reshape(one, sizes[1:])

    def product(a, wq, scale, zp):
        qa, a_scale, a_zp = dynamic_quantize_linear(cx, a)
        last = cx.rank(a) - 1
        acc = dot(cx, _centered(cx, qa, a_zp), _centered(cx, wq, zp, -1), [last], [0])
        y = cx.convert(acc, F32)
        m = cx.op("multiply", cx.broadcast(_scalar(cx, a_scale), cx.sizes_of(scale), dims=[]), scale)
        return cx.op("multiply", y, cx.broadcast(m, cx.sizes_of(y), dims=[] if cx.rank(m) == 0 else [last]))

    def products(d):
        wd, rd = per_direction(w, d), per_direction(r, d)
        ws, wz = per_direction(cx.convert(w_scale, F32), d), per_direction(w_zp, d)
        rs, rz = per_direction(cx.convert(r_scale, F32), d), per_direction(r_zp, d)
        return (lambda xs: product(xs, wd, ws, wz)), (lambda h: product(h, rd, rs, rz))
    if any(v is None for v in (w_scale, w_zp, r_scale, r_zp)):
        raise cx.error("needs W_scale, W_zero_point, R_scale and R_zero_point")
    return _rnn(cx, "LSTM", x, w, r, b, sequence_lens, initial_h, initial_c, p, products=products, **attrs)


@converts("MatMulIntegerToFloat", domain=MS)
def matmul_integer_to_float(cx, a, b, a_scale, b_scale, a_zp=None, b_zp=None, bias=None):
    acc = matmul(cx, _centered(cx, a, a_zp), _centered(cx, b, b_zp, -1))
    return _scaled_float(cx, acc, a_scale, b_scale, bias)


@converts("MatMulInteger16", domain=MS)
def matmul_integer16(cx, a, b):
    return matmul(cx, cx.convert(a, "i32"), cx.convert(b, "i32"))


@converts("MatMulNBits", domain=MS)
def matmul_nbits(cx, a, b, scales, zero_points=None, g_idx=None, bias=None, K=None, N=None, bits=4,
                 block_size=None, accuracy_level=0):
    if bits not in (2, 4, 8):
        raise cx.error(f"bits={bits} is not supported (2, 4 or 8)")
    n_, blocks, blob = cx.info(b).shape
    if None in (n_, blocks, blob):
        raise cx.error("MatMulNBits needs static weight sizes")
    per = 8 // bits
    # unpack B's bytes (low bits first) to (N, blocks * block_size) values
    bi = cx.convert(b, "i32")
    parts = []
    for j in range(per):
        v = cx.op("shift_right_logical", bi, cx.const(j * bits, "i32", [n_, blocks, blob])) if j else bi
        parts.append(cx.reshape(cx.op("and", v, cx.const((1 << bits) - 1, "i32", [n_, blocks, blob])),
                                [n_, blocks, blob, 1]))
    q = cx.reshape(cx.op("concatenate", parts, dimension=3) if per > 1 else parts[0], [n_, blocks, blob * per])
    q = cx.convert(q, F32)
    s = cx.reshape(cx.convert(scales, F32), [n_, blocks, 1])
    if zero_points is None:
        zp = cx.const(float(1 << (bits - 1)), F32, [n_, blocks, 1])
    elif cx.element(zero_points) == "ui8":          # packed like B, per row of N
        zn = int(np.prod(cx.info(zero_points).shape)) // n_       # (N * bytes) or (N, bytes)
        zi = cx.reshape(cx.convert(zero_points, "i32"), [n_, zn])
        zs = []
        for j in range(per):
            v = cx.op("shift_right_logical", zi, cx.const(j * bits, "i32", [n_, zn])) if j else zi
            zs.append(cx.reshape(cx.op("and", v, cx.const((1 << bits) - 1, "i32", [n_, zn])), [n_, zn, 1]))
        zp = cx.reshape(cx.op("concatenate", zs, dimension=2) if per > 1 else zs[0], [n_, zn * per])
        zp = cx.op("slice", zp, start_indices=[0, 0], limit_indices=[n_, blocks], strides=[1, 1])
        zp = cx.reshape(cx.convert(zp, F32), [n_, blocks, 1])
    else:                                           # unpacked, in A's float type
        zp = cx.reshape(cx.convert(zero_points, F32), [n_, blocks, 1])
    if g_idx is None:
        w = cx.op("multiply", cx.op("subtract", q, cx.broadcast(zp, [n_, blocks, blob * per])),
                  cx.broadcast(s, [n_, blocks, blob * per]))
        w = cx.reshape(w, [n_, blocks * blob * per])
        if blocks * blob * per != K:
            w = cx.op("slice", w, start_indices=[0, 0], limit_indices=[n_, K], strides=[1, 1])
    else:                       # act-order: row k of B takes the scale / zero point of block g_idx[k]
        q = cx.reshape(q, [n_, blocks * blob * per])
        if blocks * blob * per != K:
            q = cx.op("slice", q, start_indices=[0, 0], limit_indices=[n_, K], strides=[1, 1])
        g = cx.convert(g_idx, "i64")
        s, zp = (gather(cx, cx.reshape(v, [n_, blocks]), g, axis=1) for v in (s, zp))
        w = cx.op("multiply", cx.op("subtract", q, zp), s)
    w = cx.convert(w, cx.element(a))
    y = matmul(cx, a, cx.op("transpose", w, permutation=[1, 0]))
    return y if bias is None else bin_op(cx, "add", y, bias)


@converts("QLinearConv", domain=MS)
def ms_qlinear_conv(cx, x, x_scale, x_zp, w, w_scale, w_zp, y_scale, y_zp, bias=None, channels_last=0, **attrs):
    """onnxruntime's layout-transformed QLinearConv: x and y channels-last when asked (w stays (M, C, k...))."""
    from .nn_quant import qlinear_conv
    if not channels_last:
        return qlinear_conv(cx, x, x_scale, x_zp, w, w_scale, w_zp, y_scale, y_zp, bias, **attrs)
    rank = cx.rank(x)
    x = cx.op("transpose", x, permutation=[0, rank - 1] + list(range(1, rank - 1)))
    y = qlinear_conv(cx, x, x_scale, x_zp, w, w_scale, w_zp, y_scale, y_zp, bias, **attrs)
    return cx.op("transpose", y, permutation=[0] + list(range(2, rank)) + [1])


# ----------------------------------------------------------------------------- quantized transformer ops

@converts("QAttention", domain=MS)
def qattention(cx, x, weight, bias, input_scale, weight_scale, mask_index=None, x_zp=None, w_zp=None, past=None,
               num_heads=1, unidirectional=0, qkv_hidden_sizes=None, mask_filter_value=-10000.0, scale=0.0,
               do_rotary=0, past_present_share_buffer=0, **_ignored):
    """Attention whose input projection is an integer product (quantize_dynamic of an optimized
    BERT): (x - zx)(w - zw) * input_scale * weight_scale (per tensor or per column) + bias."""
    from .contrib_transformer import attention_from_projection
    acc = matmul(cx, _centered(cx, x, x_zp), _centered(cx, weight, w_zp, -1))
    proj = _scaled_float(cx, acc, input_scale, weight_scale, bias)
    return attention_from_projection(cx, proj, cx.sizes_of(weight)[1], mask_index, past, None, num_heads,
                                     unidirectional, qkv_hidden_sizes, mask_filter_value, scale, do_rotary,
                                     past_present_share_buffer)


@converts("QEmbedLayerNormalization", domain=MS)
def qembed_layer_norm(cx, input_ids, segment_ids, word_q, position_q, segment_q, gamma_q, beta_q, mask=None,
                      word_scale=None, position_scale=None, segment_scale=None, gamma_scale=None, beta_scale=None,
                      word_zp=None, position_zp=None, segment_zp=None, gamma_zp=None, beta_zp=None, epsilon=1e-12):
    """EmbedLayerNormalization over 8-bit tables, each dequantized ((q - zp) * scale) first."""
    from .contrib_transformer import embed_layer_norm
    deq = lambda q, s, z: None if q is None else _dequant(cx, q, s, z)  # noqa: E731
    y, mask_index, _ = embed_layer_norm(
        cx, input_ids, segment_ids, deq(word_q, word_scale, word_zp), deq(position_q, position_scale, position_zp),
        deq(segment_q, segment_scale, segment_zp), deq(gamma_q, gamma_scale, gamma_zp),
        deq(beta_q, beta_scale, beta_zp),
        mask, epsilon=epsilon)
    return [y, mask_index]


@converts("QuantizeLinear", domain=MS)
def ms_quantize_linear(cx, x, y_scale, y_zp=None, axis=1, **_ignored):
    """onnxruntime's QuantizeLinear (the quantizer writes it for 16-bit and 4-bit QDQ): ONNX's."""
    from .nn_quant import quantize_linear
    return quantize_linear(cx, x, y_scale, y_zp, axis=axis)


@converts("DequantizeLinear", domain=MS)
def ms_dequantize_linear(cx, x, x_scale, x_zp=None, axis=1, **_ignored):
    from .nn_quant import dequantize_linear
    return dequantize_linear(cx, x, x_scale, x_zp, axis=axis)


@converts("NhwcMaxPool", domain=MS)
def nhwc_max_pool(cx, x, kernel_shape=None, **attrs):
    """onnxruntime's channels-last MaxPool of 8-bit values (its layout pass writes it with the
    channels-last QLinearConv)."""
    from .nn import Pool, _pool_kwargs, lowest
    rank = cx.rank(x)
    x = cx.op("transpose", x, permutation=[0, rank - 1] + list(range(1, rank - 1)))
    element = cx.element(x)
    p = Pool(cx, x, kernel_shape, **_pool_kwargs(attrs))
    (y,) = p.run(cx, [x], [cx.const(lowest(element), element)], lambda a, e: [cx.op("maximum", a[0], e[0])])
    return cx.op("transpose", y, permutation=[0] + list(range(2, rank)) + [1])
