"""Release 1.3.0: what StableHLO's verifier accepts, shlo accepts (issue 11).

Each feature: the StableHLO form imports and verifies, runs in the interpreter,
exports back to text StableHLO's own parser and verifier accept, round-trips
through an artifact, and writing it for a release before 1.3.0 fails with
SerializationError naming the op and the feature (and bytes that claim an
older release but hold it are rejected)."""
from __future__ import annotations

import numpy as np
import pytest

import shlo
from release_checks import release_checks, stablehlo_accepts


def _release_checks(prog, op: str, feature: str) -> None:
    release_checks(prog, rf"shlo\.{op}", feature, "1.3.0")


# ----------------------------------------------------------------------------- index


INDEX_OPS = {
    "dynamic_broadcast_in_dim": (
        '''func.func @main(%x: tensor<3xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}''', [np.array([1, 2, 3], np.float32), np.array([2, 3])], [np.array([[1, 2, 3], [1, 2, 3]], np.float32)]),
    "dynamic_iota": (
        '''func.func @main(%s: tensor<1xindex>) -> tensor<?xi32> {
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xindex>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}''', [np.array([4])], [np.arange(4, dtype=np.int32)]),
    "dynamic_reshape": (
        '''func.func @main(%x: tensor<6xi32>, %s: tensor<2xindex>) -> tensor<?x?xi32> {
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xi32>, tensor<2xindex>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}''', [np.arange(6, dtype=np.int32), np.array([3, 2])], [np.arange(6, dtype=np.int32).reshape(3, 2)]),
    "dynamic_pad": (
        '''func.func @main(%x: tensor<3xi32>, %p: tensor<i32>, %lo: tensor<1xindex>, %hi: tensor<1xindex>, %in: tensor<1xindex>) -> tensor<?xi32> {
  %0 = stablehlo.dynamic_pad %x, %p, %lo, %hi, %in : (tensor<3xi32>, tensor<i32>, tensor<1xindex>, tensor<1xindex>, tensor<1xindex>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}''', [np.array([1, 2, 3], np.int32), np.array(0, np.int32), np.array([1]), np.array([0]), np.array([1])],
        [np.array([0, 1, 0, 2, 0, 3], np.int32)]),
}


@pytest.mark.parametrize("op", sorted(INDEX_OPS))
def test_index_shape_operands(op):
    text, inputs, expected = INDEX_OPS[op]
    stablehlo_accepts(text)
    prog = shlo.from_stablehlo(text)
    assert "xindex>" in str(prog)
    for got, want in zip(shlo.interpret(prog, *inputs), expected):
        np.testing.assert_array_equal(got, want)
    back = shlo.to_stablehlo(prog)
    assert "xindex>" in back
    stablehlo_accepts(back)
    _release_checks(prog, op, "element type index")


def test_index_rng_shape_imports():
    text = '''func.func @main(%a: tensor<f32>, %b: tensor<f32>, %s: tensor<2xindex>) -> tensor<2x3xf32> {
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xindex>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}'''
    prog = shlo.from_stablehlo(text)
    (out,) = shlo.interpret(prog, np.float32(0), np.float32(1), np.array([2, 3]))
    assert out.shape == (2, 3) and ((0 <= out) & (out < 1)).all()
    _release_checks(prog, "rng", "element type index")


def test_index_only_where_stablehlo_allows_it():
    """StableHLO rejects index start indices, gather indices and element-wise index tensors;
    so does shlo (1.3.0 widened only the shape operands)."""
    for text in ['''func.func @main(%x: tensor<4xf32>, %i: tensor<index>) -> tensor<2xf32> {
  %0 = "shlo.dynamic_slice"(%x, %i) {slice_sizes = array<i64: 2>} : (tensor<4xf32>, tensor<index>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}''', '''func.func @main(%x: tensor<2xindex>) -> tensor<2xindex> {
  %0 = shlo.add %x, %x : tensor<2xindex>
  func.return %0 : tensor<2xindex>
}''']:
        with pytest.raises(shlo.VerificationError, match="element type index"):
            shlo.parse(text)


def test_index_in_a_function_signature_alone_is_refused_for_old_releases():
    prog = shlo.parse('''func.func @main(%s: tensor<2xindex>, %x: tensor<f32>) -> tensor<f32> {
  func.return %x : tensor<f32>
}''')
    assert shlo.deserialize(shlo.serialize(prog)) is not None
    with pytest.raises(shlo.SerializationError, match="function .*main.* element type index, introduced in shlo 1.3.0"):
        shlo.serialize(prog, target_version="1.2.0")


# ----------------------------------------------------------------------------- compare_type


@pytest.mark.parametrize("ctype,element,a,b,want", [
    ("SIGNED", "f32", [-1.0, 2.0, np.nan], [1.0, -2.0, 1.0], [True, False, False]),
    ("UNSIGNED", "f32", [-1.0, 2.0, np.nan], [1.0, -2.0, 1.0], [True, False, False]),
    ("FLOAT", "i32", [-1, 2, 0], [1, -2, 0], [True, False, False]),
    ("UNSIGNED", "i8", [-1, 2, 0], [1, -2, 0], [True, False, False]),   # not read as 255 < 1
    ("SIGNED", "ui8", [255, 2, 0], [1, 254, 0], [False, True, False]),  # not read as -1 < 1
])
def test_compare_type_any_combination(ctype, element, a, b, want):
    text = f'''func.func @main(%a: tensor<3x{element}>, %b: tensor<3x{element}>) -> tensor<3xi1> {{
  %0 = stablehlo.compare LT, %a, %b, {ctype} : (tensor<3x{element}>, tensor<3x{element}>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}}'''
    stablehlo_accepts(text)
    prog = shlo.from_stablehlo(text)
    dtype = shlo.literals.numpy_dtype(element)
    (got,) = shlo.interpret(prog, np.array(a, dtype), np.array(b, dtype))
    np.testing.assert_array_equal(got, want)
    back = shlo.to_stablehlo(prog)
    assert ctype in back
    stablehlo_accepts(back)
    _release_checks(prog, "compare", f"compare_type {ctype} on element type {element}")


def test_fitting_compare_types_still_write_for_old_releases():
    prog = shlo.parse('''func.func @main(%a: tensor<2xf32>) -> tensor<2xi1> {
  %0 = "shlo.compare"(%a, %a) {comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<TOTALORDER>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  func.return %0 : tensor<2xi1>
}''')
    for old in ("1.0.0", "1.1.0", "1.2.0"):
        assert str(shlo.deserialize(shlo.serialize(prog, target_version=old))) == str(prog)


# ----------------------------------------------------------------------------- rng_bit_generator states


def _rbg(state: str, new_state: str, algorithm: str, out: str = "tensor<4xui32>") -> str:
    return f'''func.func @main(%s: {state}) -> ({new_state}, {out}) {{
  %0:2 = "stablehlo.rng_bit_generator"(%s) {{rng_algorithm = #stablehlo<rng_algorithm {algorithm}>}} : ({state}) -> ({new_state}, {out})
  return %0#0, %0#1 : {new_state}, {out}
}}'''


@pytest.mark.parametrize("state,new_state,algorithm,feature", [
    ("tensor<f32>", "tensor<f32>", "PHILOX", "initial_state has element type f32"),
    ("tensor<2xf64>", "tensor<2xf64>", "THREE_FRY", "initial_state has element type f64"),
    ("tensor<2xui64>", "tensor<2xi64>", "THREE_FRY", "output_state has element type i64"),
    ("tensor<5xui64>", "tensor<5xui64>", "THREE_FRY", "a state of 5 elements for THREE_FRY"),
    ("tensor<1x2xui64>", "tensor<1x2xui64>", "PHILOX", "a state of rank 2"),
])
def test_rng_bit_generator_statesstablehlo_accepts(state, new_state, algorithm, feature):
    text = _rbg(state, new_state, algorithm)
    stablehlo_accepts(text)
    prog = shlo.from_stablehlo(text)
    s0 = np.arange(1, int(np.prod([int(d) for d in state[7:-1].split("x")[:-1]] or [1])) + 1)
    s0 = s0.astype(shlo.literals.numpy_dtype(state[7:-1].split("x")[-1])).reshape(
        [int(d) for d in state[7:-1].split("x")[:-1]])
    a = shlo.interpret(prog, s0)
    b = shlo.interpret(prog, s0)
    assert str(a[0].dtype) == str(shlo.literals.numpy_dtype(new_state[7:-1].split("x")[-1]))
    assert a[0].shape == s0.shape and a[1].shape == (4,)
    np.testing.assert_array_equal(a[1], b[1])                       # deterministic
    back = shlo.to_stablehlo(prog)
    stablehlo_accepts(back)
    _release_checks(prog, "rng_bit_generator", feature)


def test_rng_bit_generator_ui64_state_is_unchanged():
    """A rank-1 ui64 state of the algorithm's size computes exactly what 1.2.0 computed,
    and a state holding the same bytes in another type gives the same output."""
    prog = shlo.from_stablehlo(_rbg("tensor<2xui64>", "tensor<2xui64>", "THREE_FRY"))
    state = np.array([42, 7], np.uint64)
    new, out = shlo.interpret(prog, state)
    np.testing.assert_array_equal(new, [42, 9])   # 4 x 32-bit words: 2 blocks
    for old in ("1.0.0", "1.1.0", "1.2.0"):
        assert str(shlo.deserialize(shlo.serialize(prog, target_version=old))) == str(prog)
    other = shlo.from_stablehlo(_rbg("tensor<4xui32>", "tensor<4xui32>", "THREE_FRY"))
    new2, out2 = shlo.interpret(other, state.view(np.uint32))
    np.testing.assert_array_equal(out2, out)
    np.testing.assert_array_equal(new2.view(np.uint64), new)
