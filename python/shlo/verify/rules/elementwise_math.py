"""Rules for the element-wise math and conversion family (bitcast_convert and friends)."""
from __future__ import annotations

from .. import vocabulary as v


def bitcast_convert_shape_ok(operand, result):
    """True when the result shape of bitcast_convert fits the operand shape and the bit widths of both element types (storage types for quantized tensors)."""
    ebits = v.bitwidth(operand)
    rbits = v.bitwidth(result)
    ins, outs = tuple(v.shape(operand)), tuple(v.shape(result))
    r = len(ins)
    if rbits == ebits:
        return v.compatible_shape(outs, ins)
    if rbits < ebits:
        # Each operand element splits into a trailing dimension of narrower elements.
        if len(outs) != r + 1 or not v.compatible_dims(outs[:r], ins):
            return False
        return ebits % rbits == 0 and v.compatible_dim(outs[r], ebits // rbits)
    # A trailing operand dimension of narrower elements fuses into one result element.
    if r == 0 or len(outs) != r - 1 or not v.compatible_dims(outs, ins[:r - 1]):
        return False
    return rbits % ebits == 0 and v.compatible_dim(ins[r - 1], rbits // ebits)

