"""Release 1.8.0 (issue 15): artifacts in MLIR bytecode version 6, whose native properties
encoding stores an op's attributes as a record laid out by the op's definition instead of a
dictionary keyed by name. Same op set as 1.7.0; older targets write the bytes they wrote."""
from __future__ import annotations

import pathlib

import pytest

import shlo
from shlo import _shlo_ext
from shlo.serialize import envelope

ROOT = pathlib.Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "compat_tests"

DOT = """func.func @main(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = shlo.dot_general %a, %b {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = shlo.broadcast_in_dim %0 {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  func.return %1 : tensor<2x3x5xf32>
}"""


def _sections(payload: bytes) -> dict[int, bytes]:
    """Section id -> contents of an MLIR bytecode buffer (its layout: envelope.check_sections)."""
    _, _, end = envelope.producer_offsets(payload)
    pos, out = end + 1, {}
    while pos < len(payload):
        byte = payload[pos]
        length, pos = envelope._varint(payload, pos + 1, "length")
        if byte >> 7:
            alignment, pos = envelope._varint(payload, pos, "alignment")
            pos += -pos % alignment
        out[byte & 0x7F] = payload[pos:pos + length]
        pos += length
    return out


PROPERTIES = 8


def test_1_8_0_writes_bytecode_6_without_attribute_names():
    prog = shlo.parse(DOT)
    new, old = shlo.serialize(prog), shlo.serialize(prog, target_version="1.7.0")
    assert envelope.check(new).version == (1, 8, 0) and envelope.check(new).bytecode_version == 6
    assert envelope.check(old).bytecode_version == 4
    assert PROPERTIES in _sections(envelope.payload_of(new))
    assert PROPERTIES not in _sections(envelope.payload_of(old))
    for name in (b"dot_dimension_numbers", b"broadcast_dimensions", b"function_type", b"sym_name"):
        assert name in old and name not in new
    assert len(new) < len(old)
    back = shlo.deserialize(new)
    assert str(back) == str(prog) and shlo.serialize(back) == new


def test_1_8_0_goldens_are_smaller_than_1_7_0s():
    """The same programs (1.8.0 has 1.7.0's op set): never larger, 10% smaller in all."""
    pairs = [(p, GOLDEN / "1.7.0" / p.name) for p in sorted((GOLDEN / "1.8.0").glob("*.shlo"))]
    assert len(pairs) > 250 and all(old.exists() for _, old in pairs)
    larger = [p.name for p, old in pairs if len(p.read_bytes()) > len(old.read_bytes())]
    assert larger == []
    new = sum(len(p.read_bytes()) for p, _ in pairs)
    old = sum(len(o.read_bytes()) for _, o in pairs)
    assert new < 0.9 * old


def test_bytecode_6_bytes_claiming_1_7_0_are_refused():
    """1.7.0 pins bytecode version 4; its artifacts are never read as version 6."""
    payload = envelope.set_producer(envelope.payload_of(shlo.serialize(shlo.parse(DOT))), "shlo 1.7.0")
    with pytest.raises(shlo.DeserializationError, match="shlo 1.7.0 artifacts use 4"):
        shlo.deserialize(envelope.wrap((1, 7, 0), 6, payload, 2))


def test_a_program_lacking_a_required_attribute_is_refused_not_a_crash():
    """An unverified invalid program: a properties record cannot leave a required attribute
    out (MLIR's writer would dereference it), a 1.7.0 dictionary can, and the reader rejects it."""
    text = """func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "shlo.reduce_precision"(%a) {mantissa_bits = 10 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}"""
    prog = shlo.parse(text, verify=False)
    assert _shlo_ext.op_lacking_required_attribute(prog.module.operation).name == "shlo.reduce_precision"
    assert _shlo_ext.write_bytecode(prog.module.operation, 6, 1, "shlo 1.8.0") is None
    with pytest.raises(shlo.SerializationError,
                       match=r"shlo\.reduce_precision for shlo 1\.8\.0: its required attribute exponent_bits "
                             r"is absent"):
        shlo.serialize(prog)
    old = shlo.serialize(prog, target_version="1.7.0")
    with pytest.raises(shlo.DeserializationError, match="violates reduce_precision.A1"):
        shlo.deserialize(old)
    assert _shlo_ext.op_lacking_required_attribute(shlo.parse(DOT).module.operation) is None


def test_an_op_with_absent_attributes_still_writes_a_properties_record():
    """Why compat.py calls any attribute added after 1.8.0 legacy: at bytecode 6 an op whose
    definition has attributes writes a record even when all are absent (exponential's
    result_accuracy here), which an op defined without attributes could not read."""
    def records(text: str) -> int:
        payload = _shlo_ext.write_bytecode(shlo.parse(text).module.operation, 6, 1, "shlo 1.8.0")
        return envelope._varint(_sections(payload)[PROPERTIES], 0, "count")[0]
    body = """func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = shlo.OP %a : tensor<3xf32>
  func.return %0 : tensor<3xf32>
}"""
    # func.func's record in both; exponential adds one, negate (no attributes) none
    assert records(body.replace("OP", "exponential")) == records(body.replace("OP", "negate")) + 1


def test_smaller_than_stablehlo_portable_artifacts():
    """Issue 15's bar on two small JAX programs (benchmarks/serialize.py measures the big ones):
    a convolution stack, and a program lowered with 64-bit types (i64 iota, compare, select)."""
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp
    from jaxlib.mlir.dialects import stablehlo

    def cnn(x, ws):
        for w in ws:
            x = jax.nn.relu(jax.lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                                         dimension_numbers=("NHWC", "HWIO", "NHWC")))
        return jnp.mean(x, axis=(1, 2))

    def masked(x):
        pos = jnp.arange(x.shape[0])
        return jnp.where(pos[:, None] >= pos[None, :], x, -1e9).sum(axis=-1)

    f32 = jnp.float32
    lowerings = [jax.jit(cnn).lower(jax.ShapeDtypeStruct((2, 8, 8, 4), f32),
                                    [jax.ShapeDtypeStruct((3, 3, 4, 4), f32)] * 3)]
    was = jax.config.jax_enable_x64
    jax.config.update("jax_enable_x64", True)
    try:
        lowerings.append(jax.jit(masked).lower(jax.ShapeDtypeStruct((16, 16), f32)))
    finally:
        jax.config.update("jax_enable_x64", was)
    for lowered in lowerings:
        jmod = lowered.compiler_ir("stablehlo")
        ours = shlo.serialize(shlo.from_stablehlo(jmod.operation.get_asm(enable_debug_info=True)))
        theirs = stablehlo.serialize_portable_artifact(jmod, stablehlo.get_current_version())
        assert len(ours) <= len(theirs), (len(ours), len(theirs))


def test_writing_for_1_7_0_needs_no_downgrade_pass(monkeypatch):
    """1.8.0 changed only the format: a 1.7.0 artifact is the program in 1.7.0's pins, with no
    copy and no walk of the program (the older releases still take the downgrade)."""
    from shlo.serialize import rules
    prog = shlo.parse(DOT)
    want = shlo.serialize(prog, target_version="1.7.0")
    assert rules.rewrites_nothing("1.7.0", "1.8.0") and not rules.rewrites_nothing("1.6.0", "1.8.0")

    def no_downgrade(*args):
        raise AssertionError("downgrade pass run")
    monkeypatch.setattr(rules, "downgrade", no_downgrade)
    assert shlo.serialize(prog, target_version="1.7.0") == want
    assert want == envelope.wrap((1, 7, 0), 4, _shlo_ext.write_bytecode(prog.module.operation, 4, 1, "shlo 1.7.0"), 2)
    with pytest.raises(AssertionError, match="downgrade pass run"):
        shlo.serialize(prog, target_version="1.6.0")
