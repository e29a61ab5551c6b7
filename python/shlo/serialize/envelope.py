"""The shlo artifact envelope, and the checks that run before MLIR sees a byte.

Format 2 (since shlo 1.2.0):

    offset  size  field
    0       8     magic  89 'SHLO' 0D 0A 1A   (binary-mode and 7-bit-transfer damage show here)
    8       1     envelope format, 2
    9       8     BLAKE2b-64 of bytes 0..8 followed by the payload
    17      n     payload: MLIR bytecode whose producer string is "shlo X.Y.Z"

The shlo version and the MLIR bytecode version are read from the payload's
own header (magic, version varint, producer string), which is plain bytes
at fixed places and needs no MLIR. A truncated or extended copy fails the
checksum like a flipped bit does.

Format 1 (shlo 1.0.0 and 1.1.0) repeated both versions in fixed fields and
carried the payload length and a SHA-256:

    0 magic (8) | 8 format 1 (1) | 9 version: major, minor, patch (u16 LE each, 6)
    | 15 bytecode version (1) | 16 payload length (u64 LE, 8) | 24 SHA-256 of bytes
    0..23 and the payload (32) | 56 payload

The checksum guards against accidental damage; 64 bits make an undetected
accident vanishingly unlikely, and no checksum stops deliberately crafted
bytes, so format 2 spends 8 bytes on it where format 1 spent 32, and 17
bytes on the whole envelope instead of 56.

MLIR's bytecode reader trusts its input (a corrupt file can crash the
process), so `check` rejects anything whose checksum, header or section
structure is wrong before the payload is handed to MLIR.
"""
from __future__ import annotations

import hashlib
import re
import struct
from typing import NamedTuple

from ..errors import DeserializationError
from ..verify._spec_table import RELEASES
from . import tables

MAGIC = b"\x89SHLO\r\n\x1a"
_HEAD1 = struct.Struct("<8sBHHHBQ")  # format 1's fixed fields
_HEADER_SIZES = {1: _HEAD1.size + 32, 2: len(MAGIC) + 1 + 8}
LATEST_FORMAT = max(_HEADER_SIZES)
MLIR_MAGIC = b"ML\xefR"
_PRODUCER_RE = re.compile(rb"shlo (\d{1,5})\.(\d{1,5})\.(\d{1,5})")
# MLIR bytecode sections (mlir/Bytecode/Encoding.h): string, dialect,
# attr/type, attr/type offsets, IR, resource, resource offsets, dialect
# versions, properties. The first five are always present.
_SECTIONS = 9
_REQUIRED_SECTIONS = {0, 1, 2, 3, 4}


class Envelope(NamedTuple):
    version: tuple[int, int, int]
    bytecode_version: int
    format: int
    payload: bytes


def _blake64(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=8).digest()


def header_size(fmt: int) -> int:
    return _HEADER_SIZES[fmt]


def format_for(version: tuple[int, int, int]) -> int:
    """The envelope format pinned for a released version (the latest for any other)."""
    release = RELEASES.get(".".join(map(str, version)))
    return release["envelope_format"] if release else LATEST_FORMAT


def wrap(version: tuple[int, int, int], bytecode_version: int, payload: bytes, fmt: int | None = None) -> bytes:
    """An artifact around `payload`. Format 2 takes both versions from the payload itself."""
    fmt = format_for(version) if fmt is None else fmt
    if fmt == 1:
        head = _HEAD1.pack(MAGIC, 1, *version, bytecode_version, len(payload))
        return head + hashlib.sha256(head + payload).digest() + payload
    head = MAGIC + bytes([fmt])
    return head + _blake64(head + payload) + payload


def payload_of(data: bytes) -> bytes:
    """The payload of a well-formed artifact (no checks; `check` is the reader's way in)."""
    return data[header_size(data[8]):]


def _varint(buf: bytes, pos: int, what: str) -> tuple[int, int]:
    """MLIR's prefix varint: the count of trailing zero bits of the first byte gives the extra bytes."""
    if pos >= len(buf):
        raise DeserializationError(f"bytecode truncated while reading {what}")
    first = buf[pos]
    if first & 1:
        return first >> 1, pos + 1
    if first == 0:
        if pos + 9 > len(buf):
            raise DeserializationError(f"bytecode truncated while reading {what}")
        return int.from_bytes(buf[pos + 1:pos + 9], "little"), pos + 9
    extra = (first & -first).bit_length() - 1
    end = pos + extra + 1
    if end > len(buf):
        raise DeserializationError(f"bytecode truncated while reading {what}")
    return int.from_bytes(buf[pos:end], "little") >> (extra + 1), end


def producer_offsets(payload: bytes) -> tuple[int, int, int]:
    """(bytecode version, start, end) of the producer string in an MLIR bytecode buffer."""
    if not payload.startswith(MLIR_MAGIC):
        raise DeserializationError("payload is not MLIR bytecode (bad MLIR magic)")
    version, pos = _varint(payload, 4, "the bytecode version")
    end = payload.find(b"\0", pos)
    if end < 0:
        raise DeserializationError("bytecode producer string is not terminated")
    return version, pos, end


def set_producer(payload: bytes, producer: str) -> bytes:
    _, start, end = producer_offsets(payload)
    return payload[:start] + producer.encode() + payload[end:]


def check_sections(payload: bytes, end_of_header: int) -> None:
    """Walks the section table (known ids, each once, lengths inside the buffer), then the
    index tables inside the sections (tables.py)."""
    pos, seen, sections = end_of_header, set(), {}
    while pos < len(payload):
        byte = payload[pos]
        sid, aligned = byte & 0x7F, byte >> 7
        if sid >= _SECTIONS:
            raise DeserializationError(f"bytecode has an unknown section id {sid} at offset {pos}")
        if sid in seen:
            raise DeserializationError(f"bytecode repeats section {sid}")
        seen.add(sid)
        length, pos = _varint(payload, pos + 1, f"the length of section {sid}")
        if aligned:
            alignment, pos = _varint(payload, pos, f"the alignment of section {sid}")
            if alignment == 0 or alignment & (alignment - 1) or alignment > 4096:
                raise DeserializationError(f"bytecode section {sid} has a bad alignment {alignment}")
            while pos % alignment:
                if pos >= len(payload) or payload[pos] != 0xCB:
                    raise DeserializationError(f"bytecode section {sid} has bad alignment padding")
                pos += 1
        if length > len(payload) - pos:
            raise DeserializationError(f"bytecode section {sid} claims {length} bytes; "
                                       f"only {len(payload) - pos} remain")
        sections[sid] = payload[pos:pos + length]
        pos += length
    missing = _REQUIRED_SECTIONS - seen
    if missing:
        raise DeserializationError(f"bytecode lacks required sections {sorted(missing)}")
    # The counts and indices MLIR's reader would trust (tables.py).
    tables.check_tables(sections, _varint(payload, 4, "the bytecode version")[0])


def check(data: bytes) -> Envelope:
    """Validates an artifact's envelope; returns its fields and payload."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise DeserializationError(f"an artifact is bytes, not {type(data).__name__}")
    data = bytes(data)
    if data.startswith(MLIR_MAGIC):
        raise DeserializationError("this is plain MLIR bytecode, not a shlo artifact (no shlo envelope; "
                                   "use shlo.parse for bytecode, shlo.serialize to make an artifact)")
    if len(data) < 8 or data[:8] != MAGIC:
        raise DeserializationError("not a shlo artifact: bad magic (expected 89 'SHLO' 0D 0A 1A)")
    if len(data) < 9:
        raise DeserializationError("truncated shlo artifact: it ends after the magic")
    fmt = data[8]
    if fmt not in _HEADER_SIZES:
        raise DeserializationError(f"unknown shlo envelope format {fmt} (this reader knows "
                                   f"{', '.join(map(str, _HEADER_SIZES))})")
    size = header_size(fmt)
    if len(data) < size:
        raise DeserializationError(f"truncated shlo artifact: {len(data)} bytes, the header alone is {size}")
    payload = data[size:]
    if fmt == 1:
        _, _, major, minor, patch, bc_version, length = _HEAD1.unpack_from(data)
        if length != len(payload):
            kind = "truncated" if length > len(payload) else "trailing bytes after"
            raise DeserializationError(f"{kind} shlo artifact: header says {length} payload bytes, "
                                       f"found {len(payload)}")
        if hashlib.sha256(data[:_HEAD1.size] + payload).digest() != data[_HEAD1.size:size]:
            raise DeserializationError("corrupt shlo artifact: checksum mismatch")
        return Envelope((major, minor, patch), bc_version, fmt, payload)
    if _blake64(data[:9] + payload) != data[9:size]:
        raise DeserializationError("shlo artifact is corrupt, truncated or has trailing bytes: checksum mismatch")
    bc_version, start, end = producer_offsets(payload)
    m = _PRODUCER_RE.fullmatch(payload[start:end])
    if not m:
        raise DeserializationError(f"bytecode producer {payload[start:end][:80]!r} does not name a shlo "
                                   f"version (expected 'shlo X.Y.Z')")
    return Envelope(tuple(int(x) for x in m.groups()), bc_version, fmt, payload)
