"""Indexing: gather, scatter / scatter_add / scatter_reduce, index / index_put, index_select, embedding, select_scatter / slice_scatter, masked ops, diagonal, as_strided."""
from __future__ import annotations

from ..registry import converts  # noqa: F401
