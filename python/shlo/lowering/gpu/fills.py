"""One linalg.fill for each op that starts from it, before bufferization.

The CPU lowering's CSE leaves one `linalg.fill` of zeros feeding several reductions and
contractions of the same shape (a layer norm's two row sums, two projections' accumulators).
Bufferized, the first user writes the filled buffer in place and every other one gets a copy
of it taken before: on the GPU a launch for the copy and a pass over the buffer more, and the
contraction kernels (contraction.py) see C added into instead of zero-filled just before, so
they neither overwrite it nor fuse the element-wise op after them. Filling again right before
each user costs one launch, the copy's, and lets a contraction drop it.
"""
from __future__ import annotations

from mlir import ir


def _op(x) -> ir.Operation:
    return x.operation if hasattr(x, "operation") else x


def untie_fills(entry: ir.Operation) -> int:
    """Each top-level `linalg.fill` on tensors of `entry` with several users in the same block
    gets a copy right before each user but the first; returns how many copies were made."""
    made = 0
    block = entry.regions[0].blocks[0]
    for op in [_op(o) for o in block.operations]:
        if op.name != "linalg.fill" or len(op.results) != 1 or \
                not isinstance(op.results[0].type, ir.RankedTensorType):
            continue
        users = []
        for use in op.results[0].uses:
            owner = _op(use.owner)
            if owner.block == block and all(owner != u for u, _ in users):
                users.append((owner, use.operand_number))
        if len(users) < 2:
            continue
        users.sort(key=lambda u: _position(block, u[0]))
        for user, _ in users[1:]:
            copy = op.clone(ip=ir.InsertionPoint(user))
            for i, v in enumerate(list(user.operands)):
                if v == op.results[0]:
                    user.operands[i] = copy.results[0]
            made += 1
    return made


def _position(block, op) -> int:
    for i, o in enumerate(block.operations):
        if _op(o) == op:
            return i
    return -1


def enabled() -> bool:
    """On unless SHLO_GPU_UNTIE_FILLS=0."""
    import os
    return os.environ.get("SHLO_GPU_UNTIE_FILLS", "1") != "0"
