"""repeat_interleave with a tensor of repeats (aten.repeat_interleave.Tensor): the indices
0, 0, 1, 2, 2, ... that index_select then gathers with. Its length is sum(repeats), a
data-dependent size, so only the form with a static `output_size` converts; without it the
node is refused with what to write instead."""
from __future__ import annotations

from ..registry import converts
from .reductions import iota, reduce1
from .scans import _scan_window


@converts("repeat_interleave.Tensor")
def repeat_interleave(cx, repeats, output_size=None):
    if not isinstance(output_size, int):
        raise cx.error("the output size of repeat_interleave with a tensor of repeats is sum(repeats), a "
                       "data-dependent size, which a shlo program cannot have; pass output_size=<int> (or "
                       "repeats as a Python int / list)")
    element = cx.out_element()
    r = cx.convert(repeats, element)
    ends = _scan_window(cx, [r], [cx.const(0, element)], 0,
                        lambda a, b: [cx.op("add", a[0], b[0])])[0]      # ends[k] = r[0] + .. + r[k]
    count = cx.dim(r, 0)
    if not isinstance(count, int):
        raise cx.error("repeat_interleave with a dynamic number of repeats is not supported")
    # output j belongs to the first k with j < ends[k]: the number of ends <= j
    j = iota(cx, [output_size, count], 0, element)
    passed = cx.op("compare", cx.broadcast(ends, [output_size, count], [1]), j, comparison_direction="LE")
    return reduce1(cx, cx.convert(passed, element), [1], "add", 0)
