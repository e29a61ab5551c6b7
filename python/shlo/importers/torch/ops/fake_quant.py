"""Fake quantization (quantization-aware training's observers and FakeQuantize modules): x
rounded to the integer grid of `scale` / `zero_point`, clamped to [quant_min, quant_max] and
mapped back, as PyTorch's CPU kernels compute it in f32: q = zero_point + round_half_even(x *
(1 / scale)); out = (clamp(q) - zero_point) * scale; the mask says which q were in range. A float
zero point (per channel) is added before rounding instead. Half-precision inputs are computed in
f32 and rounded once."""
from __future__ import annotations

from .. import dtypes
from ..registry import converts

F32 = "f32"


def _fake_quant(cx, x, scale, zero_point, quant_min, quant_max, float_zero_point=False):
    """(output, mask); scale and zero_point already broadcast to x's sizes (f32)."""
    element = cx.element(x)
    sizes = cx.sizes_of(x)
    work = F32 if element in ("f16", "bf16") else element
    xf = cx.convert(x, work)
    scale, zero_point = cx.convert(scale, work), cx.convert(zero_point, work)
    inv = cx.op("divide", cx.const(1, work, sizes), scale)
    scaled = cx.op("multiply", xf, inv)
    if float_zero_point:
        q = cx.op("round_nearest_even", cx.op("add", scaled, zero_point))
    else:
        q = cx.op("add", cx.op("round_nearest_even", scaled), zero_point)
    lo, hi = cx.const(quant_min, work, sizes), cx.const(quant_max, work, sizes)
    out = cx.op("multiply", cx.op("subtract", cx.op("clamp", lo, q, hi), zero_point), scale)
    inside = cx.op("and", cx.op("compare", lo, q, comparison_direction="LE"),
                   cx.op("compare", q, hi, comparison_direction="LE"))
    return cx.convert(out, element), inside


def _scalar(cx, v, sizes):
    """A one-element tensor qparam (shape [] or [1]) broadcast to `sizes`."""
    return cx.broadcast(cx.reshape(v, []), sizes)


@converts("fake_quantize_per_tensor_affine_cachemask")
def per_tensor(cx, x, scale, zero_point, quant_min, quant_max):
    sizes = cx.sizes_of(x)
    return _fake_quant(cx, x, cx.const(float(scale), F32, sizes), cx.const(int(zero_point), F32, sizes),
                       quant_min, quant_max)


@converts("_fake_quantize_per_tensor_affine_cachemask_tensor_qparams")
def per_tensor_tensor_qparams(cx, x, scale, zero_point, enabled, quant_min, quant_max):
    sizes = cx.sizes_of(x)
    out, mask = _fake_quant(cx, x, _scalar(cx, cx.convert(scale, F32), sizes),
                            _scalar(cx, cx.convert(zero_point, F32), sizes), quant_min, quant_max)
    on = cx.op("compare", _scalar(cx, cx.convert(enabled, "i64"), sizes), cx.const(0, "i64", sizes),
               comparison_direction="NE")
    # disabled: x passes through and every mask entry is true
    return cx.op("select", on, out, x), cx.op("or", mask, cx.op("not", on))


@converts("fake_quantize_per_channel_affine_cachemask")
def per_channel(cx, x, scale, zero_point, axis, quant_min, quant_max):
    sizes = cx.sizes_of(x)
    d = axis % cx.rank(x)
    float_zp = dtypes.is_float(cx.element(zero_point))
    return _fake_quant(cx, x, cx.broadcast(cx.convert(scale, F32), sizes, [d]),
                       cx.broadcast(cx.convert(zero_point, F32), sizes, [d]), quant_min, quant_max, float_zp)
