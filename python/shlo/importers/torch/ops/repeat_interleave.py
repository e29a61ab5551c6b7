"""repeat_interleave with a tensor of repeats (aten.repeat_interleave.Tensor): the indices
0, 0, 1, 2, 2, ... that index_select then gathers with. Its length is sum(repeats), a
data-dependent size when `output_size` is not given: it is computed from the repeats and
bound to torch.export's unbacked symbol, so the result has a run-time length."""
from __future__ import annotations

from ..registry import converts
from .dynamic_sizes import bind_size
from .reductions import iota, reduce1
from .scans import _scan_window


@converts("repeat_interleave.Tensor")
def repeat_interleave(cx, repeats, output_size=None):
    element = cx.out_element()
    r = cx.convert(repeats, element)
    ends = _scan_window(cx, [r], [cx.const(0, element)], 0,
                        lambda a, b: [cx.op("add", a[0], b[0])])[0]      # ends[k] = r[0] + .. + r[k]
    count = cx.dim(r, 0)
    if not isinstance(count, int):
        raise cx.error("repeat_interleave with a dynamic number of repeats is not supported")
    if output_size is None:
        # sum(repeats), read from the data: torch.export's unbacked symbol stands for it
        output_size = cx.convert(reduce1(cx, r, [0], "add", 0), "i64") if count else 0
        bind_size(cx, cx.val.shape[0], output_size)
    # output j belongs to the first k with j < ends[k]: the number of ends <= j
    j = iota(cx, [output_size, count], 0, element)
    passed = cx.op("compare", cx.broadcast(ends, [output_size, count], [1]), j, comparison_direction="LE")
    return reduce1(cx, cx.convert(passed, element), [1], "add", 0)
