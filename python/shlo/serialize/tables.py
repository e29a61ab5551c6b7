"""Pre-checks of an MLIR bytecode payload's index tables, before MLIR's reader sees them.

MLIR's bytecode reader trusts a few counts and indices that crafted bytes (a
valid checksum around a damaged payload) can set to anything; it then
aborts the process on an assertion or a failed allocation instead of
reporting an error. These checks walk the tables those counts live in and
refuse such payloads with a DeserializationError:

- the string section: its count (the reader allocates one entry per string
  up front) and each string's length, which must be at least 1 (the
  reader drops a NUL terminator from every string: a length of 0 wraps
  around);
- the dialect section: its dialect and op-name counts (allocated up front),
  and every dialect and string index in it;
- the attribute/type offset section: its attribute and type counts
  (allocated up front), each dialect group's dialect index, and that the
  groups fill each table exactly (the reader fills the table group by group
  without checking that a group fits: an overrun writes past its end);
- the properties section's count (allocated up front);
- the IR section's top-level block: MLIR's reader defines its arguments
  before it has a scope to put values in (an assertion on an empty stack),
  and its writer never gives that block arguments.

The attributes and types themselves are read by MLIR's readers, checked by
dialect/ShloBytecodeGuard.cpp (a tensor of tensors, a dense array whose
bytes do not match its size, a dictionary with a key twice, ...).

A count is bounded by its section's length, since every entry takes at
least one byte. Layouts: mlir/Bytecode/Encoding.h and MLIR's
docs/BytecodeFormat.md.
"""
from __future__ import annotations

import re

from ..errors import DeserializationError

STRINGS, DIALECTS, ATTR_TYPE, ATTR_TYPE_OFFSETS, IR, PROPERTIES = 0, 1, 2, 3, 4, 8
_DIALECT_VERSIONING, _OP_COUNT, _REGISTERED_FLAG = 1, 4, 5   # bytecode versions that added each field


# A varint whose first byte is odd is that one byte: runs of them are skipped by
# searching for the next byte that is not (most entries of a table are one byte).
_MULTI_BYTE = re.compile(b"[" + b"".join(re.escape(bytes([b])) for b in range(0, 256, 2)) + b"]")
_MULTI_BYTE_OR_ZERO = re.compile(b"[\x01" + b"".join(re.escape(bytes([b])) for b in range(0, 256, 2)) + b"]")


class _Reader:
    """MLIR's prefix varints over one section; every read is bounds-checked."""

    __slots__ = ("buf", "pos", "what")

    def __init__(self, buf: bytes, what: str):
        self.buf, self.pos, self.what = buf, 0, what

    def fail(self, why: str):
        raise DeserializationError(f"bytecode {self.what}: {why}")

    def varint(self) -> int:
        buf, pos = self.buf, self.pos
        if pos >= len(buf):
            self.fail("truncated")
        first = buf[pos]
        if first & 1:
            self.pos = pos + 1
            return first >> 1
        extra = 8 if first == 0 else (first & -first).bit_length() - 1
        end = pos + extra + 1
        if end > len(buf):
            self.fail("truncated")
        self.pos = end
        if first == 0:
            return int.from_bytes(buf[pos + 1:end], "little")
        return int.from_bytes(buf[pos:end], "little") >> (extra + 1)

    def count(self, what: str) -> int:
        """A count of entries that each take at least one byte of what remains."""
        n = self.varint()
        if n > len(self.buf) - self.pos:
            self.fail(f"claims {n} {what} in {len(self.buf) - self.pos} bytes")
        return n

    def index(self, limit: int, what: str, flagged: bool = False) -> int:
        i = self.varint() >> int(flagged)
        if i >= limit:
            self.fail(f"{what} index {i} is past its table ({limit} entries)")
        return i

    def skip(self, n: int, stops=_MULTI_BYTE, check=None) -> None:
        """Reads n varints, giving `check` each one at a byte `stops` matches (the others are
        one-byte values it need not see)."""
        buf = self.buf
        while n:
            end = self.pos + n
            m = stops.search(buf, self.pos, end)
            if m is None:
                if end > len(buf):
                    self.fail("truncated")
                self.pos = end
                return
            n -= m.start() - self.pos
            self.pos = m.start()
            value = self.varint()
            n -= 1
            if check:
                check(value)

    def empty(self) -> bool:
        return self.pos >= len(self.buf)


def _strings(data: bytes) -> int:
    r = _Reader(data, "string section")
    n = r.count("strings")

    def nonzero(size):
        if size == 0:
            r.fail("a string of length 0 (every string ends in a NUL byte)")
    # The lengths' sum against the section is MLIR's own check.
    r.skip(n, _MULTI_BYTE_OR_ZERO, nonzero)
    return n


def _dialects(data: bytes, version: int, num_strings: int) -> int:
    r = _Reader(data, "dialect section")
    n = r.count("dialects")
    for _ in range(n):
        if version < _DIALECT_VERSIONING:
            r.index(num_strings, "dialect name string")
            continue
        has_version = r.varint()
        if has_version >> 1 >= num_strings:
            r.fail(f"dialect name string index {has_version >> 1} is past its table ({num_strings} entries)")
        if has_version & 1:     # a nested dialect-version section: id, length, bytes
            if r.empty():
                r.fail("truncated")
            sid = data[r.pos]
            r.pos += 1
            if sid & 0x80:      # MLIR's writer never aligns a dialect version
                r.fail("a dialect version section with alignment")
            length = r.varint()
            if length > len(data) - r.pos:
                r.fail(f"a dialect version of {length} bytes; {len(data) - r.pos} remain")
            r.pos += length
    if version >= _OP_COUNT:
        r.count("op names")
    flagged = version >= _REGISTERED_FLAG
    while not r.empty():
        r.index(n, "dialect")
        for _ in range(r.count("op names")):
            r.index(num_strings, "op name string", flagged)
    return n


def _attr_type_offsets(data: bytes, num_dialects: int) -> None:
    r = _Reader(data, "attribute/type offset section")
    tables = (("attributes", r.count("attributes")), ("types", r.count("types")))
    if tables[0][1] + tables[1][1] > len(data):
        r.fail(f"claims {tables[0][1]} attributes and {tables[1][1]} types in {len(data)} bytes")
    # The entries' sizes against the attribute/type section are MLIR's own check.
    for what, total in tables:
        filled = 0
        while filled < total:
            r.index(num_dialects, "dialect")
            group = r.varint()
            if group > total - filled:
                r.fail(f"a group of {group} {what} overruns the table ({total - filled} of {total} left)")
            r.skip(group)
            filled += group
    if not r.empty():
        r.fail("trailing bytes")


def _top_level_block(data: bytes) -> None:
    r = _Reader(data, "IR section")
    if r.varint() & 1:   # the block header: op count << 1 | has arguments
        r.fail("the top-level block has arguments")


def check_tables(sections: dict[int, bytes], version: int) -> None:
    """Checks the index tables of a payload whose sections (id -> bytes) are known."""
    num_strings = _strings(sections[STRINGS])
    num_dialects = _dialects(sections[DIALECTS], version, num_strings)
    _attr_type_offsets(sections[ATTR_TYPE_OFFSETS], num_dialects)
    _top_level_block(sections[IR])
    if PROPERTIES in sections and sections[PROPERTIES]:
        _Reader(sections[PROPERTIES], "properties section").count("properties")
