"""Release 1.6.0: StableHLO's send/recv `source_target_pairs`, dot_general `algorithm` and
composite `composite_regions` (issue 11).

Each feature is written as StableHLO's own op tests write it (stablehlo_legalize_to_vhlo.mlir:
default_send, op_recv_with_source_target_pairs, dot_general_algorithm, composite_regions):
the StableHLO form imports and verifies, runs in the interpreter, exports back to text that
StableHLO's own parser and verifier accept, round-trips through an artifact, and writing it
for a release before 1.6.0 fails with SerializationError naming the op and the feature (and
bytes that claim 1.5.0 but hold it are rejected)."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import shlo
from release_checks import release_checks, stablehlo_accepts


def _release_checks(prog, what: str, feature: str) -> None:
    release_checks(prog, what, feature, "1.6.0")


def _round_trips(prog) -> str:
    back = shlo.to_stablehlo(prog)
    stablehlo_accepts(back)
    assert str(shlo.from_stablehlo(back)) == str(prog)
    return back


# ----------------------------------------------------------------------------- send / recv pairs

PAIRED = '''
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %t = "stablehlo.create_token"() : () -> !stablehlo.token
  %0 = "stablehlo.send"(%x, %t) {
    channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>,
    source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>
  } : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %1:2 = "stablehlo.recv"(%0) {
    channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>,
    source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>
  } : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return %1#0 : tensor<2xf32>
}'''


def test_send_recv_source_target_pairs():
    stablehlo_accepts(PAIRED)
    prog = shlo.from_stablehlo(PAIRED)
    assert "source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>" in str(prog)
    xs = [np.array([1, 2], np.float32) * (i + 1) for i in range(3)]
    outs = shlo.interpret(prog, [[x] for x in xs], num_partitions=3)
    # 0 -> 1 and 1 -> 2; process 0 is the target of no pair and gets zeros.
    np.testing.assert_array_equal(outs[0][0], [0, 0])
    np.testing.assert_array_equal(outs[1][0], xs[0])
    np.testing.assert_array_equal(outs[2][0], xs[1])
    _round_trips(prog)
    _release_checks(prog, "shlo.send", "attribute source_target_pairs")


RECV_ONLY = '''
func.func @main(%t: !stablehlo.token) -> (tensor<f32>, !stablehlo.token) {
  %0:2 = "stablehlo.recv"(%t) {
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 1>,
    source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>
  } : (!stablehlo.token) -> (tensor<f32>, !stablehlo.token)
  return %0#0, %0#1 : tensor<f32>, !stablehlo.token
}'''


def test_recv_pairs_alone_refused_for_old_releases():
    prog = shlo.from_stablehlo(RECV_ONLY)
    _round_trips(prog)
    _release_checks(prog, "shlo.recv", "attribute source_target_pairs")


def test_pairs_of_any_i64_shape_verify_and_fail_when_run():
    """StableHLO's verifier checks only the element type, so shlo's does too; pairs that are
    not (source, target) rows fail in the interpreter, naming the op."""
    text = RECV_ONLY.replace("dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>", "dense<[0, 1, 2]> : tensor<3xi64>")
    stablehlo_accepts(text)
    prog = shlo.from_stablehlo(text)
    with pytest.raises(shlo.InterpreterError, match=r"shlo.recv: source_target_pairs of shape \(3,\)"):
        shlo.interpret(prog, shlo.interpreter.TOKEN)
    dup = RECV_ONLY.replace("[[0, 1], [1, 2]]", "[[0, 1], [0, 2]]")
    with pytest.raises(shlo.InterpreterError, match="source of two source_target_pairs"):
        shlo.interpret(shlo.from_stablehlo(dup), shlo.interpreter.TOKEN)


# ----------------------------------------------------------------------------- dot_general algorithm

def _dot(lhs_t: str, rhs_t: str, acc: str, ops: int, shape=("2x3", "3x2", "2x2"), element="f32",
         precision: str = "") -> str:
    return f'''
func.func @main(%a: tensor<{shape[0]}x{element}>, %b: tensor<{shape[1]}x{element}>) -> tensor<{shape[2]}x{element}> {{
  %0 = "stablehlo.dot_general"(%a, %b) {{
    dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>,{precision}
    algorithm = #stablehlo.dot_algorithm<lhs_precision_type = {lhs_t}, rhs_precision_type = {rhs_t},
      accumulation_type = {acc}, lhs_component_count = 1, rhs_component_count = 1,
      num_primitive_operations = {ops}, allow_imprecise_accumulation = false>
  }} : (tensor<{shape[0]}x{element}>, tensor<{shape[1]}x{element}>) -> tensor<{shape[2]}x{element}>
  return %0 : tensor<{shape[2]}x{element}>
}}'''


def _tf32(x: np.ndarray) -> np.ndarray:
    bits = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    bits = (bits + 0xFFF + ((bits >> 13) & 1)) & 0xFFFFE000
    return bits.astype(np.uint32).view(np.float32)


RNG = np.random.default_rng(7)
A = (RNG.standard_normal((2, 3)) * 3).astype(np.float32)
B = (RNG.standard_normal((3, 2)) * 3).astype(np.float32)
EXACT = A.astype(np.float64) @ B.astype(np.float64)


def test_dot_algorithm_tf32_rounds_the_operands():
    """StableHLO's `dot_general_algorithm` form (tf32 x tf32 in f32)."""
    text = _dot("tf32", "tf32", "f32", 1)
    stablehlo_accepts(text)
    prog = shlo.from_stablehlo(text)
    (got,) = shlo.interpret(prog, A, B)
    want = (_tf32(A).astype(np.float64) @ _tf32(B).astype(np.float64)).astype(np.float32)
    np.testing.assert_array_equal(got, want)
    assert not np.array_equal(got, EXACT.astype(np.float32))    # the rounding is visible
    # The CPU compiler computes in at least the algorithm's precision (here f32).
    (compiled,) = shlo.compile(prog)(A, B)
    np.testing.assert_allclose(compiled, EXACT, rtol=1e-6, atol=1e-6)
    _round_trips(prog)
    _release_checks(prog, "shlo.dot_general", "attribute algorithm")


@pytest.mark.parametrize("ops,bits", [(1, 8), (3, 16), (6, 24), (9, 24)])
def test_dot_algorithm_bf16_components(ops, bits):
    """bf16 x1 / x3 / x6 / x9: more components, more of f32's precision."""
    text = _dot("bf16", "bf16", "f32", ops)
    stablehlo_accepts(text)
    (got,) = shlo.interpret(shlo.from_stablehlo(text), A, B)
    err = np.abs(got.astype(np.float64) - EXACT) / np.abs(EXACT).max()
    assert err.max() < 2.0 ** -(bits - 3)
    if ops == 1:
        a16 = A.astype(ml_dtypes.bfloat16).astype(np.float64)
        b16 = B.astype(ml_dtypes.bfloat16).astype(np.float64)
        np.testing.assert_array_equal(got, (a16 @ b16).astype(np.float32))


def test_dot_algorithm_f16_accumulation_and_complex_operands():
    (got,) = shlo.interpret(shlo.from_stablehlo(_dot("f16", "f16", "f16", 1)), A, B)
    a16, b16 = A.astype(np.float16).astype(np.float64), B.astype(np.float16).astype(np.float64)
    np.testing.assert_array_equal(got, (a16 @ b16).astype(np.float16).astype(np.float32))
    text = _dot("tf32", "tf32", "f32", 1, element="complex<f32>")
    stablehlo_accepts(text)
    ca, cb = (A + 1j * A[::-1]).astype(np.complex64), (B - 2j * B).astype(np.complex64)
    (got,) = shlo.interpret(shlo.from_stablehlo(text), ca, cb)
    ra = _tf32(ca.real) + 1j * _tf32(ca.imag).astype(np.float64)
    rb = _tf32(cb.real) + 1j * _tf32(cb.imag).astype(np.float64)
    np.testing.assert_allclose(got, ra @ rb, rtol=1e-6)


def test_dot_algorithm_integers_are_exact():
    text = _dot("f32", "f32", "f32", 1, element="i32")
    stablehlo_accepts(text)
    a, b = np.array([[1 << 24, 1, 0]] * 2, np.int32), np.array([[1, 0], [1, 0], [0, 0]], np.int32)
    (got,) = shlo.interpret(shlo.from_stablehlo(text), a, b)
    np.testing.assert_array_equal(got, a.astype(np.int64) @ b)


@pytest.mark.parametrize("lhs_t,rhs_t,acc,ops,extra,what", [
    ("bf16", "bf16", "f32", 4, "", "C14"),
    ("tf32", "tf32", "bf16", 1, "", "C14"),
    ("f32", "f32", "f64", 1, "", "C14"),
    ("f32", "f32", "f32", 1, "precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision HIGH>],", "C12"),
])
def test_dot_algorithm_rejects_what_stablehlo_rejects(lhs_t, rhs_t, acc, ops, extra, what):
    text = _dot(lhs_t, rhs_t, acc, ops, precision=extra)
    with pytest.raises(Exception):
        stablehlo_accepts(text)
    shlo_text = (text.replace("stablehlo.dot_general", "shlo.dot_general").replace("#stablehlo.dot<", "#shlo.dot<")
                 .replace("#stablehlo.dot_algorithm<", "#shlo.dot_algorithm<")
                 .replace("#stablehlo<precision HIGH>", "#shlo.precision<HIGH>")
                 .replace("lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]",
                          "lhs_batching_dimensions = [], rhs_batching_dimensions = [], "
                          "lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]")
                 .replace("return %0", "func.return %0"))
    with pytest.raises(shlo.VerificationError, match=f"dot_general.{what}"):
        shlo.parse(shlo_text).verify()


def test_dot_algorithm_known_list_matches_stablehlo():
    """Every (precision, accumulation, operations) combination over a few types: shlo's C14
    accepts exactly what jaxlib's StableHLO verifier accepts."""
    from jaxlib.mlir import ir as jir
    from shlo.dot_algorithm import is_known
    from shlo.importers.stablehlo import jaxlib_context
    types = ["f8E4M3FN", "f8E5M2", "bf16", "f16", "f32", "f64", "tf32"]
    ctx = jaxlib_context()
    for lhs_t in types:
        for rhs_t in types:
            for acc in ("bf16", "f16", "f32", "f64"):
                for ops in (1, 3, 6):
                    try:
                        jir.Module.parse(_dot(lhs_t, rhs_t, acc, ops), ctx)
                        theirs = True
                    except Exception:  # noqa: BLE001 - rejected by StableHLO
                        theirs = False
                    assert is_known(lhs_t, rhs_t, acc, 1, 1, ops, False) == theirs, (lhs_t, rhs_t, acc, ops)


# ----------------------------------------------------------------------------- composite regions

COMPOSITE = '''
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.composite"(%x) ({
    ^bb0(%a: tensor<2xf32>):
      %n = "stablehlo.negate"(%a) : (tensor<2xf32>) -> tensor<2xf32>
      "stablehlo.return"(%n) : (tensor<2xf32>) -> ()
  }) {name = "example.twice", decomposition = @twice, version = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func private @twice(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}'''


def test_composite_regions_are_carried_and_never_run():
    stablehlo_accepts(COMPOSITE)
    prog = shlo.from_stablehlo(COMPOSITE)
    assert "shlo.negate" in str(prog)
    x = np.array([1.5, -2.0], np.float32)
    (got,) = shlo.interpret(prog, x)
    np.testing.assert_array_equal(got, 2 * x)          # the decomposition, not the region
    back = _round_trips(prog)
    assert "stablehlo.negate" in back
    _release_checks(prog, "shlo.composite", "1 composite_regions")


def test_composite_without_regions_still_writes_for_old_releases():
    prog = shlo.from_stablehlo(COMPOSITE.replace('''({
    ^bb0(%a: tensor<2xf32>):
      %n = "stablehlo.negate"(%a) : (tensor<2xf32>) -> tensor<2xf32>
      "stablehlo.return"(%n) : (tensor<2xf32>) -> ()
  }) ''', ""))
    for v in ("1.0.0", "1.5.0"):
        assert str(shlo.deserialize(shlo.serialize(prog, target_version=v))) == str(prog)


def test_built_composite_has_no_regions():
    """shlo.builders.create makes a variadic region list empty (the LAPACK raisings build
    composites this way): such a composite still writes for every older release."""
    from mlir import ir
    from shlo.builders import create
    prog = shlo.from_stablehlo(COMPOSITE)
    main = [op for op in prog.module.body.operations if str(op.attributes["sym_name"]) == '"main"'][0]
    arg = main.regions[0].blocks[0].arguments[0]
    with prog.context, ir.Location.unknown(), ir.InsertionPoint.at_block_begin(main.regions[0].blocks[0]):
        op = create("composite", [arg], name="example.twice", decomposition=ir.FlatSymbolRefAttr.get("twice"),
                    result_types=["tensor<2xf32>"])
    assert len(op.regions) == 0
    op.operation.erase()


def test_jax_dot_algorithm_presets():
    """jax.lax.dot(..., precision=DotAlgorithmPreset.BF16_BF16_F32[_X3|_X6]) comes in through
    from_jax; the interpreter rounds as the algorithm says, XLA's CPU computes in f32 (more
    precision than asked, which the spec allows), so both are within the algorithm's error."""
    import jax
    for preset, bits in (("BF16_BF16_F32", 8), ("BF16_BF16_F32_X3", 16), ("BF16_BF16_F32_X6", 24)):
        def f(x, y, preset=preset):
            return jax.lax.dot(x, y, precision=getattr(jax.lax.DotAlgorithmPreset, preset))
        prog = shlo.from_jax(f, A, B)
        assert "#shlo.dot_algorithm<lhs_precision_type = bf16" in str(prog)
        (got,) = shlo.interpret(prog, A, B)
        xla = np.asarray(jax.jit(f)(A, B))
        scale = np.abs(EXACT).max()
        assert np.abs(got - EXACT).max() / scale < 2.0 ** -(bits - 3)
        assert np.abs(xla - EXACT).max() / scale < 2.0 ** -(bits - 3)


def test_dot_algorithm_f8_fast_accumulation():
    """Two different f8 precision types with allow_imprecise_accumulation (StableHLO's
    ANY_F8_ANY_F8_F32_FAST_ACCUM): the operands are rounded to their f8 types."""
    text = _dot("f8E4M3FN", "f8E5M2", "f32", 1).replace("allow_imprecise_accumulation = false",
                                                         "allow_imprecise_accumulation = true")
    stablehlo_accepts(text)
    prog = shlo.from_stablehlo(text)
    (got,) = shlo.interpret(prog, A, B)
    want = A.astype(ml_dtypes.float8_e4m3fn).astype(np.float64) @ B.astype(ml_dtypes.float8_e5m2).astype(np.float64)
    np.testing.assert_array_equal(got, want.astype(np.float32))
    _round_trips(prog)
