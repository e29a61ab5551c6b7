"""Portable shlo artifacts: versioned MLIR bytecode in a checked envelope.

    data = shlo.serialize(prog)                        # at shlo.current_version()
    data = shlo.serialize(prog, target_version="1.0.0")  # for an older consumer
    prog = shlo.deserialize(data)                      # upgraded, verified

Policy and format: spec/compatibility.md. Writing at the current version is a
plain bytecode write (no op is rewritten). Writing at an older version
downgrades what changed since (`rules.py`) on a copy, or raises
SerializationError naming the op and what the target lacks. Reading checks
the envelope (`envelope.py`) before MLIR sees the bytes, parses, rejects ops
and attributes newer than the artifact's version, upgrades legacy ops, and
verifies; every failure is a DeserializationError.
"""
from __future__ import annotations

import os

from .. import _shlo_ext
from ..errors import DeserializationError, ParseError, SerializationError, VerificationError
from ..verify._spec_table import MINIMUM_VERSION, RELEASES
from . import envelope, rules
from .writable import check_writable

__all__ = ["serialize", "deserialize", "current_version", "minimum_version", "released_versions",
           "artifact_version"]


def _key(v: str) -> tuple:
    return tuple(int(x) for x in v.split("."))


def released_versions() -> list[str]:
    """Every released op-set version, oldest first."""
    return sorted(RELEASES, key=_key)


def current_version() -> str:
    """The newest op-set version: what `serialize` targets by default."""
    return released_versions()[-1]


def minimum_version() -> str:
    """The oldest version whose artifacts this release still reads."""
    return MINIMUM_VERSION


def _check_target(version: str) -> str:
    try:
        key = _key(version)
    except (ValueError, AttributeError):
        raise SerializationError(f"target version {version!r} is not MAJOR.MINOR.PATCH") from None
    if version not in RELEASES:
        newest = current_version()
        why = (f"newer than this shlo ({newest})" if key > _key(newest)
               else f"older than the oldest supported version ({minimum_version()})"
               if key < _key(minimum_version()) else "not a released version")
        raise SerializationError(f"cannot target shlo {version}: {why}; released: {', '.join(released_versions())}")
    if key < _key(minimum_version()):
        raise SerializationError(f"cannot target shlo {version}: older than the oldest supported "
                                 f"version ({minimum_version()})")
    return version


def serialize(prog, target_version: str | None = None) -> bytes:
    """The artifact of `prog` readable by shlo `target_version` (default: current) and newer.

    Deterministic: the same program and target give the same bytes.
    Raises SerializationError when the program uses something the target lacks.
    """
    from ..program import Program
    if not isinstance(prog, Program):
        raise TypeError(f"serialize() takes a shlo.Program, not {type(prog).__name__}")
    target = _check_target(target_version or current_version())
    if target != current_version() and not rules.rewrites_nothing(target, current_version()):
        prog = rules.downgrade(prog, target, current_version())
    release = RELEASES[target]
    bc = release["bytecode_version"]
    payload = _shlo_ext.write_bytecode(prog.module.operation, bc, release["attribute_encoding"], f"shlo {target}")
    if payload is None:
        check_writable(prog.module.operation, bc, f"shlo {target}")
        raise SerializationError(f"this MLIR cannot write bytecode version {bc} (pinned by shlo {target})")
    return envelope.wrap(tuple(int(x) for x in target.split(".")), bc, payload, release["envelope_format"])


def artifact_version(data: bytes) -> str:
    """The shlo version an artifact targets (envelope checked, payload not parsed)."""
    return ".".join(map(str, envelope.check(data).version))


def _check_version(data: bytes) -> tuple[str, bytes]:
    version_t, bc, fmt, payload = envelope.check(data)
    version = ".".join(map(str, version_t))
    if version_t > _key(current_version()):
        raise DeserializationError(
            f"artifact targets shlo {version}, newer than this reader (shlo {current_version()}); "
            f"read it with a newer shlo or ask the producer for target_version={current_version()!r}")
    if version_t < _key(minimum_version()):
        raise DeserializationError(
            f"artifact targets shlo {version}, older than the oldest version this reader supports "
            f"({minimum_version()}); compatibility window: spec/compatibility.md")
    if version not in RELEASES:
        raise DeserializationError(f"artifact targets shlo {version}, which was never released "
                                   f"(released: {', '.join(released_versions())})")
    if fmt != RELEASES[version]["envelope_format"]:
        raise DeserializationError(f"artifact of shlo {version} uses envelope format {fmt}; "
                                   f"shlo {version} artifacts use {RELEASES[version]['envelope_format']}")
    pinned = RELEASES[version]["bytecode_version"]
    if bc != pinned:
        raise DeserializationError(f"artifact of shlo {version} declares bytecode version {bc}; "
                                   f"shlo {version} artifacts use {pinned}")
    inner, start, end = envelope.producer_offsets(payload)
    if inner != pinned:
        raise DeserializationError(f"payload bytecode version {inner} differs from the envelope's {pinned}")
    producer = payload[start:end].decode("utf-8", "replace")
    if producer != f"shlo {version}":
        raise DeserializationError(f"bytecode producer {producer!r} does not match the envelope (shlo {version})")
    envelope.check_sections(payload, end + 1)
    return version, payload


def deserialize(data: bytes, *, context=None, verify: bool = True, isolated: bool = False,
                timeout_s: float | None = None):
    """The Program in an artifact, upgraded to the current version and verified.

    Raises DeserializationError (with a message) for anything that is not a
    readable artifact: bad magic, truncation, corruption, a version outside
    [minimum_version(), current_version()], ops the artifact's version does
    not have, or a program that violates the spec. The envelope's checksum
    keeps corrupted bytes away from MLIR's reader; for untrusted input, where
    bytes may be crafted to carry a valid checksum, pass `isolated=True` to
    read them in a separate reader process first (see isolation.py): a crash
    or a loop in MLIR's reader there becomes a DeserializationError, a read
    taking longer than `timeout_s` seconds (default: $SHLO_ISOLATED_READ_TIMEOUT_S,
    else 5) is refused. Policy and trade-offs: spec/compatibility.md.
    """
    from ..program import parse
    version, payload = _check_version(data)
    if isolated:
        from .isolation import probe
        probe(data, "artifact", verify=verify, timeout_s=timeout_s)
    try:
        prog = parse(payload, context=context, verify=False, name=f"<artifact shlo {version}>")
    except ParseError as e:
        raise DeserializationError(f"artifact payload does not parse: {e}") from e
    except (UnicodeDecodeError, ValueError, RuntimeError) as e:  # e.g. undecodable diagnostics
        raise DeserializationError(f"artifact payload does not parse: {type(e).__name__}: {e}") from e
    rules.check_version_claim(prog, version)
    if version != current_version():
        rules.upgrade(prog, version, current_version())
    if verify:
        try:
            # The C++ checks, the Python verifier's message for what they flag
            # (SHLO_VERIFY_NATIVE=0: the Python verifier alone).
            prog.verify(native=os.environ.get("SHLO_VERIFY_NATIVE", "1") != "0")
        except VerificationError as e:
            raise DeserializationError(f"artifact (shlo {version}) violates the spec: {e}") from e
    return prog
