"""StableHLO text written before StableHLO's 2024 attribute changes, rewritten into today's form.

In early 2024 StableHLO (and CHLO) changed the attributes that hold a list of dimension
indices, sizes or flags from dense elements (`I64ElementsAttr`, `BoolElementsAttr`) to dense
arrays (`DenseI64ArrayAttr`, `DenseBoolArrayAttr`). The printed form changed with them:

    slice_sizes = dense<[1, 3]> : tensor<2xi64>      ->  slice_sizes = array<i64: 1, 3>
    window_reversal = dense<false> : tensor<2xi1>    ->  window_reversal = array<i1: false, false>

Text printed before (JAX's `.as_text()` of 2023, StableHLO's interpreter test data of that
time) no longer parses: jaxlib's parser wants the array. Bytecode and portable artifacts do
not need this (StableHLO's VHLO upgrades them); text does. `upgrade_text` rewrites, for exactly
the (op, attribute) pairs that changed (`ARRAY_ATTRIBUTES`, the attributes jaxlib's StableHLO
and CHLO declare as dense arrays), the old dense form into the array form, in the attribute
dictionary of the op, generic (`"stablehlo.slice"(%x) {...}`) or pretty
(`chlo.broadcast_add %a, %b {...}`). Values that are still dense elements (reduce_window's and
convolution's `padding`, collectives' `replica_groups`) are left alone, as is anything the
rewrite does not recognise: the parser then reports it as before.

The other printed forms a 2023 text uses (enum spellings, `#stablehlo.type_extensions`,
convolution's `reverse = [0, 1]` window, custom_call's `api_version`) still parse as they were.
"""
from __future__ import annotations

import re

import numpy as np

__all__ = ["ARRAY_ATTRIBUTES", "upgrade_text"]

_I64, _I1 = "i64", "i1"
_CONV = {"window_strides": _I64, "lhs_dilation": _I64, "rhs_dilation": _I64, "window_reversal": _I1}
_BROADCASTING_CHLO = (
    "add", "and", "atan2", "compare", "complex", "divide", "maximum", "minimum", "multiply",
    "next_after", "or", "polygamma", "power", "remainder", "shift_left",
    "shift_right_arithmetic", "shift_right_logical", "subtract", "xor", "zeta")

# op name -> {attribute name: the array's element type}: the attributes that were dense elements
# and are dense arrays now (the ones jaxlib 0.10's StableHLO / CHLO ODS declare as arrays)
ARRAY_ATTRIBUTES: dict[str, dict[str, str]] = {
    "stablehlo.broadcast": {"broadcast_sizes": _I64},
    "stablehlo.broadcast_in_dim": {"broadcast_dimensions": _I64},
    "stablehlo.dynamic_broadcast_in_dim": {
        "broadcast_dimensions": _I64, "known_expanding_dimensions": _I64,
        "known_nonexpanding_dimensions": _I64},
    "stablehlo.convolution": _CONV,
    "stablehlo.dynamic_conv": _CONV,
    "stablehlo.dynamic_slice": {"slice_sizes": _I64},
    "stablehlo.gather": {"slice_sizes": _I64},
    "stablehlo.fft": {"fft_length": _I64},
    "stablehlo.map": {"dimensions": _I64},
    "stablehlo.reduce": {"dimensions": _I64},
    "stablehlo.reverse": {"dimensions": _I64},
    "stablehlo.transpose": {"permutation": _I64},
    "stablehlo.pad": {"edge_padding_low": _I64, "edge_padding_high": _I64, "interior_padding": _I64},
    "stablehlo.reduce_window": {
        "window_dimensions": _I64, "window_strides": _I64, "base_dilations": _I64,
        "window_dilations": _I64},
    "stablehlo.select_and_scatter": {"window_dimensions": _I64, "window_strides": _I64},
    "stablehlo.slice": {"start_indices": _I64, "limit_indices": _I64, "strides": _I64},
    **{f"chlo.broadcast_{name}": {"broadcast_dimensions": _I64} for name in _BROADCASTING_CHLO},
}

_OPENING = {"(": ")", "[": "]", "{": "}"}
_ENTRY_BEFORE = re.compile(r"\b(?:" + "|".join(sorted({a for attrs in ARRAY_ATTRIBUTES.values()
                                                      for a in attrs})) + r")\s*=\s*\Z")
_OP_NAME = re.compile(r'"((?:stablehlo|chlo)\.\w+)"|(?<![\w.%@#$"])((?:stablehlo|chlo)\.\w+)\b')
_DENSE = re.compile(r"dense<(?P<value>[^<>]*)>\s*:\s*tensor<(?P<shape>(?:\d+x)*)(?P<type>i\d+)>")


def upgrade_text(text: str) -> str | None:
    """`text` with every old dense form of an attribute in `ARRAY_ATTRIBUTES` written as today's
    dense array; None when there is none to rewrite."""
    if not _has_old_entry(text):            # cheap: most refused texts are refused for another reason
        return None
    code = _Code(text)
    edits = []                      # (start, end, replacement), disjoint
    for m in _OP_NAME.finditer(text):
        quoted = m.group(1) is not None
        if not (code.is_string_start(m.start()) if quoted else code.is_code(m.start())):
            continue
        op = m.group(1) or m.group(2)
        attributes = ARRAY_ATTRIBUTES.get(op)
        if attributes is None:
            continue
        for start, end in (code.generic_dictionaries(m.end()) if quoted
                           else code.pretty_dictionary(m.end())):
            edits.extend(_dictionary_edits(text, code, start, end, attributes))
    if not edits:
        return None
    pieces, last = [], 0
    for start, end, new in sorted(edits):
        pieces += [text[last:start], new]
        last = end
    return "".join(pieces) + text[last:]


def _has_old_entry(text: str) -> bool:
    """Whether some `dense<` follows `name =` of an attribute in `ARRAY_ATTRIBUTES`."""
    i = text.find("dense<")
    while i >= 0:
        if _ENTRY_BEFORE.search(text[max(0, i - 64):i]):
            return True
        i = text.find("dense<", i + 6)
    return False


def _dictionary_edits(text, code, start, end, attributes):
    """Edits of the entries `name = dense<..> : tensor<..>` at the top level of the attribute
    dictionary text[start:end] (its braces excluded) whose name is one of `attributes`."""
    entry = re.compile(r"(?<![\w$.\-])(" + "|".join(map(re.escape, attributes))
                       + r")\s*=\s*(?=dense<)")
    for m in entry.finditer(text, start, end):
        if code.depth[m.start()] != code.depth[start] or not code.is_code(m.start()):
            continue
        dense = _DENSE.match(text, m.end(), end)
        if dense is None:
            continue
        array = _array_text(dense, attributes[m.group(1)])
        if array is not None:
            yield m.end(), dense.end(), array


def _array_text(dense: re.Match, element: str) -> str | None:
    """`array<..>` with the values of the dense elements `dense` matched; None when they are
    not a 1-D list of integers (or booleans for an i1 array) it can read."""
    shape = [int(d) for d in dense["shape"].split("x") if d]
    if len(shape) != 1 or (element == _I1) != (dense["type"] == "i1"):
        return None
    values = _values(dense["value"].strip(), shape[0], int(dense["type"][1:]))
    if values is None:
        return None
    if element == _I1:
        words = ["true" if v else "false" for v in values]
    else:
        words = [str(v) for v in values]
    return f"array<{element}: {', '.join(words)}>" if words else f"array<{element}>"


def _values(value: str, count: int, bits: int) -> list[int] | None:
    if value.startswith('"0x'):             # MLIR's hex form: little-endian raw data
        raw = bytes.fromhex(value[3:-1])
        width = max(bits // 8, 1)
        data = np.frombuffer(raw, dtype=f"<i{width}").tolist()
        data = data * count if len(data) == 1 else data
        return data if len(data) == count else None
    if value.startswith("["):
        words = [w.strip() for w in value.strip("[]").split(",") if w.strip()]
    elif value:
        words = [value] * count             # a splat
    else:
        words = []
    try:
        data = [{"true": 1, "false": 0}.get(w, None) if w in ("true", "false") else int(w, 0)
                for w in words]
    except ValueError:
        return None
    return data if len(data) == count else None


class _Code:
    """Where the string literals and comments of an MLIR text are, and its bracket structure."""

    def __init__(self, text: str):
        self.text = text
        n = len(text)
        self.kind = bytearray(n)                 # 0 code, 1 string literal, 2 comment
        self.depth = [0] * (n + 1)               # bracket depth before each character
        self.match: dict[int, int] = {}          # opening bracket -> its closing bracket
        self.string_starts: set[int] = set()
        stack, depth, i = [], 0, 0
        while i < n:
            ch = text[i]
            self.depth[i] = depth
            if ch == '"':
                self.string_starts.add(i)
                j = i + 1
                while j < n and text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
                self.kind[i:j + 1] = b"\x01" * (min(j, n - 1) - i + 1)
                for k in range(i + 1, min(j + 1, n)):
                    self.depth[k] = depth
                i = j + 1
                continue
            if ch == "/" and text.startswith("//", i):
                j = text.find("\n", i)
                j = n if j < 0 else j
                self.kind[i:j] = b"\x02" * (j - i)
                for k in range(i + 1, j):
                    self.depth[k] = depth
                i = j
                continue
            if ch in _OPENING:
                stack.append(i)
                depth += 1
            elif ch in ")]}" and stack and _OPENING[text[stack[-1]]] == ch:
                self.match[stack.pop()] = i
                depth -= 1
                self.depth[i] = depth
            i += 1
        self.depth[n] = depth

    def is_code(self, i: int) -> bool:
        return self.kind[i] == 0

    def is_string_start(self, i: int) -> bool:
        return i in self.string_starts

    def _skip_space(self, i: int) -> int:
        while i < len(self.text) and self.text[i].isspace():
            i += 1
        return i

    def generic_dictionaries(self, i: int):
        """Spans (inside the braces) of the property and attribute dictionaries of the generic
        op whose quoted name ends before i: `(operands) <{props}>? [succ]? (regions)? {attrs}?`."""
        i = self._skip_space(i)
        if i >= len(self.text) or self.text[i] != "(" or i not in self.match:
            return
        i = self._skip_space(self.match[i] + 1)
        if self.text.startswith("<{", i) and i + 1 in self.match:
            yield i + 2, self.match[i + 1]
            i = self._skip_space(self.match[i + 1] + 2)
        for opening in "[(":
            if i < len(self.text) and self.text[i] == opening and i in self.match:
                i = self._skip_space(self.match[i] + 1)
        if i < len(self.text) and self.text[i] == "{" and i in self.match:
            yield i + 1, self.match[i]

    def pretty_dictionary(self, i: int):
        """The span (inside the braces) of the attribute dictionary of the pretty op whose name
        ends before i: the first `{` at the op's bracket depth on its line."""
        depth = self.depth[i]
        while i < len(self.text):
            ch = self.text[i]
            if self.kind[i] == 0 and self.depth[i] < depth:    # the op's region or list closed
                return
            if self.kind[i] == 0 and self.depth[i] == depth:
                if ch == "\n":
                    return
                if ch == "{" and i in self.match:
                    yield i + 1, self.match[i]
                    return
            i += 1
