"""Tensor and shape ops: Reshape, Flatten, Transpose, (Un)Squeeze, Concat, Split, Slice, Gather*, Scatter*, Pad, Tile, Expand, Shape, Size, ConstantOfShape, Range, OneHot, Trilu, DepthToSpace / SpaceToDepth, ..."""
from __future__ import annotations

from ..registry import converts  # noqa: F401
