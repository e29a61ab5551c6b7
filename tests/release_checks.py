"""Checks every release test makes of a feature new in that release (tests/test_release_*.py):
StableHLO's own parser and verifier accept the exported text, the artifact round-trips, and
writing it for an older release fails naming the op and the feature, as do bytes that claim
the previous release but hold it."""
from __future__ import annotations

import re

import pytest

import shlo
from shlo import _shlo_ext
from shlo.serialize import envelope
from shlo.verify._spec_table import RELEASES as PINNED

RELEASES = ("1.0.0", "1.1.0", "1.2.0", "1.3.0", "1.4.0", "1.5.0", "1.6.0", "1.7.0", "1.8.0")


def stablehlo_accepts(text: str) -> None:
    from jaxlib.mlir import ir as jir
    from shlo.importers.stablehlo import jaxlib_context
    with jaxlib_context():
        assert jir.Module.parse(text).operation.verify()


def forged(prog, version: str) -> bytes:
    """`prog` written in `version`'s pinned bytecode, attribute encoding and envelope, as if
    for `version` but without the downgrade's refusals (checksum valid)."""
    pins = PINNED[version]
    payload = _shlo_ext.write_bytecode(prog.module.operation, pins["bytecode_version"],
                                       pins["attribute_encoding"], f"shlo {version}")
    return envelope.wrap(tuple(map(int, version.split("."))), pins["bytecode_version"], payload,
                         pins["envelope_format"])


def release_checks(prog, what: str, feature: str, release: str) -> None:
    """`what` (a regex naming the op) and `feature` are what the refusals must say; `release`
    is the release that introduced the feature."""
    data = shlo.serialize(prog)
    assert str(shlo.deserialize(data)) == str(prog)
    older = RELEASES[:RELEASES.index(release)]
    for old in older:
        with pytest.raises(shlo.SerializationError, match=rf"{what} for shlo {old}: .*{feature}"):
            shlo.serialize(prog, target_version=old)
    previous = older[-1]
    claim = re.escape(f"claims shlo {previous} but")
    with pytest.raises(shlo.DeserializationError, match=rf"{claim} .*{feature}"):
        shlo.deserialize(forged(prog, previous))
