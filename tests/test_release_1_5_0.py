"""Release 1.5.0: more of what StableHLO's verifier accepts, shlo accepts (issue 11).

Each feature is one of StableHLO's own op tests (stablehlo_legalize_to_vhlo.mlir)
or a variant of it: the StableHLO form imports and verifies, runs in the
interpreter where it can run, exports back to text StableHLO's own parser and
verifier accept, round-trips through an artifact, and writing it for a release
before 1.5.0 fails with SerializationError naming the op and the feature (and
bytes that claim 1.4.0 but hold it are rejected)."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import shlo
from release_checks import release_checks, stablehlo_accepts

OLDER = ("1.0.0", "1.1.0", "1.2.0", "1.3.0", "1.4.0")


def _release_checks(prog, what: str, feature: str) -> None:
    release_checks(prog, what, feature, "1.5.0")


def _round_trips(prog) -> str:
    back = shlo.to_stablehlo(prog)
    stablehlo_accepts(back)
    assert str(shlo.from_stablehlo(back)) == str(shlo.from_stablehlo(back))   # deterministic re-import
    return back


# ----------------------------------------------------------------------------- f4 / f6 element types

MICROSCALING = {"f4E2M1FN": ml_dtypes.float4_e2m1fn, "f6E2M3FN": ml_dtypes.float6_e2m3fn,
                "f6E3M2FN": ml_dtypes.float6_e3m2fn}


@pytest.mark.parametrize("element", sorted(MICROSCALING))
def test_microscaling_element_types(element):
    dt = MICROSCALING[element]
    text = f'''func.func @main(%a: tensor<4x{element}>, %b: tensor<4x{element}>) -> (tensor<4x{element}>, tensor<4xf32>) {{
  %c = stablehlo.constant dense<[1.0, 2.0, -3.0, 0.5]> : tensor<4x{element}>
  %0 = stablehlo.add %a, %b : tensor<4x{element}>
  %1 = stablehlo.multiply %0, %c : tensor<4x{element}>
  %2 = stablehlo.convert %1 : (tensor<4x{element}>) -> tensor<4xf32>
  return %1, %2 : tensor<4x{element}>, tensor<4xf32>
}}'''
    stablehlo_accepts(text)
    prog = shlo.from_stablehlo(text)
    a = np.array([1, 2, 3, 4], np.float32).astype(dt)
    b = np.array([0.5, 1, -1, 6], np.float32).astype(dt)
    got, as_f32 = shlo.interpret(prog, a, b)
    s = (a.astype(np.float32) + b.astype(np.float32)).astype(dt)          # each op rounds its result
    want = (s.astype(np.float32) * np.array([1, 2, -3, 0.5], np.float32)).astype(dt)
    assert got.dtype == np.dtype(dt)
    np.testing.assert_array_equal(got.astype(np.float32), want.astype(np.float32))
    np.testing.assert_array_equal(as_f32, want.astype(np.float32))
    assert element in _round_trips(prog)
    _release_checks(prog, "shlo.constant", f"element type {element}, introduced in shlo 1.5.0")
    got_c, as_f32_c = shlo.compile(prog)(a, b)                            # compiled: the same bits
    assert np.asarray(got_c).dtype == np.dtype(dt)
    np.testing.assert_array_equal(np.asarray(got_c).view(np.uint8), want.view(np.uint8))
    np.testing.assert_array_equal(as_f32_c, want.astype(np.float32))


def test_microscaling_saturates_and_has_no_nan():
    prog = shlo.parse('''func.func @main(%x: tensor<4xf32>) -> tensor<4xf4E2M1FN> {
  %0 = shlo.convert %x : (tensor<4xf32>) -> tensor<4xf4E2M1FN>
  func.return %0 : tensor<4xf4E2M1FN>
}''')
    (got,) = shlo.interpret(prog, np.array([100, -np.inf, np.nan, 0.3], np.float32))
    np.testing.assert_array_equal(got.astype(np.float32), [6, -6, 0, 0.5])
    assert np.signbit(got.astype(np.float32)[2])        # NaN has no encoding: -0, as in ml_dtypes


def test_microscaling_in_a_function_signature_alone_is_refused_for_old_releases():
    prog = shlo.parse('''func.func @main(%s: tensor<2xf6E3M2FN>, %x: tensor<f32>) -> tensor<f32> {
  func.return %x : tensor<f32>
}''')
    with pytest.raises(shlo.SerializationError, match="function .*main.* element type f6E3M2FN, introduced in "
                                                      "shlo 1.5.0"):
        shlo.serialize(prog, target_version="1.4.0")


# ----------------------------------------------------------------------------- all_gather


def _all_gather(result: str, groups: str = "[[0], [1]]", shape: str = "2x1") -> str:
    return f'''func.func @main(%x: tensor<2x2xf32>) -> {result} {{
  %0 = "stablehlo.all_gather"(%x) {{all_gather_dim = 1 : i64, replica_groups = dense<{groups}> : tensor<{shape}xi64>}} : (tensor<2x2xf32>) -> {result}
  return %0 : {result}
}}'''


def test_all_gather_any_multiple_verifies_and_fails_when_run():
    """StableHLO's `default_all_gather`: groups of one process and a result twice the operand's
    size. StableHLO's verifier accepts it; running it cannot give that size."""
    text = _all_gather("tensor<2x4xf32>")
    stablehlo_accepts(text)
    prog = shlo.from_stablehlo(text)
    x = np.ones((2, 2), np.float32)
    with pytest.raises(shlo.InterpreterError, match="process group has 1 members"):
        shlo.interpret(prog, [[x], [x]], num_replicas=2)
    _round_trips(prog)
    _release_checks(prog, "shlo.all_gather", "a result of size 4 along all_gather_dim for groups of 1")


def test_all_gather_of_the_group_size_still_writes_for_old_releases():
    prog = shlo.from_stablehlo(_all_gather("tensor<2x4xf32>", "[[0, 1]]", "1x2"))
    x0, x1 = np.zeros((2, 2), np.float32), np.ones((2, 2), np.float32)
    (r0,), (r1,) = shlo.interpret(prog, [[x0], [x1]], num_replicas=2)
    np.testing.assert_array_equal(r0, np.concatenate([x0, x1], axis=1))
    for old in OLDER:
        assert str(shlo.deserialize(shlo.serialize(prog, target_version=old))) == str(prog)


def test_all_gather_still_rejects_what_stablehlo_rejects():
    for result in ("tensor<2x3xf32>", "tensor<4x4xf32>"):     # not a multiple; other dims differ
        with pytest.raises(shlo.VerificationError, match="all_gather.C6"):
            shlo.parse(_all_gather(result).replace("stablehlo.", "shlo.").replace("return %0", "func.return %0"))


# ----------------------------------------------------------------------------- custom_call


def test_custom_call_empty_tuple_result_with_no_layouts():
    """StableHLO's `op_custom_call_empty_result_layout`: a tuple<> result takes `result_layouts = []`."""
    text = '''func.func @main(%arg0: tensor<i64>) -> tensor<i64> {
  %0 = "stablehlo.custom_call"(%arg0) <{api_version = 2 : i32, call_target_name = "empty_output", has_side_effect = true, operand_layouts = [dense<> : tensor<0xindex>], result_layouts = []}> : (tensor<i64>) -> tuple<>
  return %arg0 : tensor<i64>
}'''
    stablehlo_accepts(text)
    prog = shlo.from_stablehlo(text)
    _round_trips(prog)
    _release_checks(prog, "shlo.custom_call", "0 result_layouts for the members of a tuple result")


def test_custom_call_layouts_per_tuple_member():
    text = '''func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.custom_call"(%x) {call_target_name = "pair", has_side_effect = true, operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tuple<tensor<2x3xf32>, tensor<2x3xf32>>
  return %x : tensor<2x3xf32>
}'''
    stablehlo_accepts(text)
    prog = shlo.from_stablehlo(text)
    _round_trips(prog)
    _release_checks(prog, "shlo.custom_call", "2 result_layouts for the members of a tuple result")
    bad = str(prog).replace("dense<[0, 1]> : tensor<2xindex>]", "dense<0> : tensor<1xindex>]")
    assert bad != str(prog)
    with pytest.raises(shlo.VerificationError, match="custom_call.C3"):
        shlo.parse(bad)


def test_custom_call_naming_a_function_the_module_lacks():
    """StableHLO's `op_custom_call`: `called_computations = [@foo]` with no @foo in the module."""
    text = '''func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.custom_call"(%arg0) {call_target_name = "foo", has_side_effect = true, backend_config = "\\08\\03\\1A\\02", api_version = 2 : i32, called_computations = [@foo], operand_layouts = [dense<> : tensor<0xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<> : tensor<0xindex>]} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}'''
    stablehlo_accepts(text)
    prog = shlo.from_stablehlo(text)
    assert "called_computations = [@foo]" in _round_trips(prog)
    _release_checks(prog, "shlo.custom_call", "called_computations naming @foo, not a function of the module")


# ----------------------------------------------------------------------------- reduce


PROMOTED_REDUCE = '''func.func @main(%arg0: tensor<4x4xf32>, %arg1: tensor<f32>) -> tensor<4xf64> {
  %0 = "stablehlo.reduce"(%arg0, %arg1) ({
  ^bb0(%arg2: tensor<f64>, %arg3: tensor<f64>):
    %1 = "stablehlo.add"(%arg2, %arg3) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "stablehlo.return"(%1) : (tensor<f64>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}'''


def test_reduce_with_a_promoted_accumulator():
    """StableHLO's `op_reduce_with_promotable_types`: f32 inputs summed in f64."""
    stablehlo_accepts(PROMOTED_REDUCE)
    prog = shlo.from_stablehlo(PROMOTED_REDUCE)
    x = (np.arange(16, dtype=np.float32).reshape(4, 4) * np.float32(1.1)) + np.float32(1e8)
    init = np.float32(0.5)
    want = x.astype(np.float64).sum(axis=0) + 0.5      # exact in f64; f32 sums would round
    (got,) = shlo.interpret(prog, x, init)
    assert got.dtype == np.float64
    np.testing.assert_allclose(got, want, rtol=1e-15)
    (compiled,) = shlo.compile(prog)(x, init)
    np.testing.assert_allclose(compiled, want, rtol=1e-15)
    _round_trips(prog)
    _release_checks(prog, "shlo.reduce", "a body accumulating in tensor<f64> for an init value of type tensor<f32>")


def _reduce(x: str, acc: str, result: str) -> str:
    return f'''func.func @main(%x: tensor<2x3x{x}>) -> tensor<2x{result}> {{
  %zero = shlo.constant {{value = dense<0> : tensor<{x}>}} : () -> tensor<{x}>
  %0 = shlo.reduce(%x), (%zero) {{dimensions = array<i64: 1>}} : (tensor<2x3x{x}>, tensor<{x}>) -> tensor<2x{result}> {{
  ^bb0(%acc: tensor<{acc}>, %e: tensor<{acc}>):
    %s = shlo.add %acc, %e : tensor<{acc}>
    shlo.return %s : tensor<{acc}>
  }}
  func.return %0 : tensor<2x{result}>
}}'''


def test_reduce_promotion_of_integers_and_what_stays_rejected():
    prog = shlo.parse(_reduce("i8", "i32", "i32"))
    x = np.array([[100, 100, 100], [-128, -128, 1]], np.int8)
    np.testing.assert_array_equal(shlo.interpret(prog, x)[0], [300, -255])      # no i8 wrap-around
    np.testing.assert_array_equal(shlo.compile(prog)(x)[0], [300, -255])
    for x_elem, acc, result, cid in (("i64", "i32", "i32", "C5"),      # narrower integer
                                     ("i8", "f32", "f32", "C5"),       # integer to float
                                     ("i8", "i32", "i8", "C6")):       # result not the accumulator's
        with pytest.raises(shlo.VerificationError, match=f"reduce.{cid}"):
            shlo.parse(_reduce(x_elem, acc, result))


# ----------------------------------------------------------------------------- infeed layout (importer only)


def test_infeed_default_layout_is_dropped_and_others_refused():
    """StableHLO's `op_infeed` writes `layout = [[]]` for a tensor<f32>: the only layout a rank-0
    tensor has. A default (row-major) layout says nothing the types do not; another is refused."""
    def text(layout):
        return f'''func.func @main(%arg0: !stablehlo.token) -> (tensor<2x3xf32>, !stablehlo.token) {{
  %0:2 = "stablehlo.infeed"(%arg0) {{infeed_config = "foo", layout = {layout}}} : (!stablehlo.token) -> (tensor<2x3xf32>, !stablehlo.token)
  return %0#0, %0#1 : tensor<2x3xf32>, !stablehlo.token
}}'''
    prog = shlo.from_stablehlo(text("[[1, 0]]"))
    assert "layout" not in str(prog)
    with pytest.raises(shlo.ImportError, match="layout = \\[\\[0, 1\\]\\] has no shlo counterpart"):
        shlo.from_stablehlo(text("[[0, 1]]"))
