"""onnxruntime's `com.microsoft.nchwc` layout: what a model saved at ORT_ENABLE_ALL leaves to be
worked out from the file.

onnxruntime's NCHWc transformer rewrites float convolutions and pools to work on tensors whose
channels are grouped in blocks of B (8 with AVX2, 16 with AVX-512: the machine that saved the
file; the file does not record it). A blocked value holds its channels rounded up to a multiple
of B (zeros past the real ones); its weights are stored reordered (OIHWBiBo, or OIHWBo for a
convolution that reads an NCHW input or is depthwise) under their padded OIHW dims.

The importer keeps blocked values as plain NCHW tensors of the padded channel count (element-
wise ops, Concat and pools are the same on them) and puts the weights back in OIHW order, which
needs B. B is taken from the channel counts the file does record: every padded count is a
multiple of B, and a ReorderOutput's `channels` rounded up to B is the padded count it reads.
When both 8 and 16 fit (every channel count a multiple of 16), the file cannot tell them apart
and the caller must say (`from_onnx(..., nchwc_block_size=...)`)."""
from __future__ import annotations

from onnx import helper

DOMAIN = "com.microsoft.nchwc"
CANDIDATES = (8, 16)
# ops that keep their first input's padded channel count (pools, resampling, element-wise)
_PASS = {"MaxPool", "AveragePool", "GlobalMaxPool", "GlobalAveragePool", "Upsample"}


class Layout:
    """The blocked values of a graph, the padded channel count of each where the file records
    it, and the block sizes consistent with them (`sizes`)."""

    def __init__(self, graph):
        dims = {}
        for vi in list(graph.input) + list(graph.value_info) + list(graph.output):
            t = vi.type.tensor_type
            if t.HasField("shape"):
                dims[vi.name] = [d.dim_value if d.HasField("dim_value") else None for d in t.shape.dim]
        for init in graph.initializer:
            dims[init.name] = list(init.dims)
        self.blocked: set = set()
        self.direct: set = set()            # nchwc Convs that read an NCHW input (OIHWBo weights)
        padded: dict = {}                   # blocked value -> padded channels (int) or ("up", C)
        multiples: list = []                # padded counts (each a multiple of B)
        pairs: list = []                    # (channels, padded): padded == roundup(channels, B)
        for node in graph.node:
            ins = [n for n in node.input if n]
            if node.domain == DOMAIN:
                op = node.op_type
                if op == "ReorderOutput":
                    p = padded.get(node.input[0])
                    if isinstance(p, int):
                        pairs.append((_attr(node, "channels"), p))
                    continue
                out = None
                if op == "ReorderInput":
                    d = dims.get(node.input[0])
                    if d:
                        c = d[-1] if _attr(node, "channels_last", 0) else d[1]
                        out = ("up", c) if c else None
                elif op == "Conv":
                    w = dims.get(node.input[1])
                    if node.input[0] not in self.blocked:
                        self.direct.add(node.output[0])
                    if w:
                        out = w[0]
                        multiples.append(w[0])
                        if node.input[0] in self.blocked and _attr(node, "group", 1) == 1:
                            multiples.append(w[1])
                            p = padded.get(node.input[0])
                            if isinstance(p, tuple):        # a ReorderInput's C channels, padded to w[1]
                                pairs.append((p[1], w[1]))
                elif op in _PASS:
                    out = padded.get(node.input[0])
                for o in node.output[:1]:
                    self.blocked.add(o)
                    if out is not None:
                        padded[o] = out
            elif any(n in self.blocked for n in ins):
                # element-wise ops and Concat that onnxruntime leaves on blocked values
                src = [padded.get(n) for n in ins if n in self.blocked]
                if node.op_type == "Concat" and all(isinstance(p, int) for p in src):
                    out = sum(src)
                else:
                    out = src[0] if src else None
                for o in node.output:
                    self.blocked.add(o)
                    if out is not None:
                        padded[o] = out
        self.padded = padded
        self._multiples, self._pairs = multiples, pairs
        self.sizes = [b for b in CANDIDATES if self.fits(b)]

    def fits(self, b: int) -> bool:
        """Whether block size b agrees with every channel count the file records."""
        return (all(m % b == 0 for m in self._multiples if isinstance(m, int) and m)
                and all(_round_up(c, b) == p for c, p in self._pairs if c))

    def block_size(self, chosen=None) -> int | None:
        """B: `chosen` where the file agrees with it, else the one size the file allows; None
        when it allows none or several (or disagrees with `chosen`)."""
        if chosen is not None:
            return chosen if self.fits(chosen) else None
        return self.sizes[0] if len(self.sizes) == 1 else None


def _round_up(c: int, b: int) -> int:
    return -(-c // b) * b


def _attr(node, name, default=None):
    for a in node.attribute:
        if a.name == name:
            return helper.get_attribute_value(a)
    return default


def uses_nchwc(graph) -> bool:
    return any(n.domain == DOMAIN for n in graph.node)
