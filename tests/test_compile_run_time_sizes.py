"""Ops whose run-time sizes must agree (size_checks.py): compiled code never reads out of bounds
while they do not, and the call raises a ShloError naming the op and the spec constraint, as
the interpreter does."""
import numpy as np
import pytest

import shlo
from shlo.lowering.driver import probes_of

RESHAPE_2D = """func.func @main(%x: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = shlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return %y : tensor<?x?xf32>
}"""

RESHAPE_1_DYNAMIC = """func.func @main(%x: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<?x2xf32> {
  %y = shlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  func.return %y : tensor<?x2xf32>
}"""

RESHAPE_TO_STATIC = """func.func @main(%x: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<3x2xf32> {
  %y = shlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  func.return %y : tensor<3x2xf32>
}"""

PLAIN_RESHAPE = """func.func @main(%x: tensor<?xf32>) -> tensor<3x2xf32> {
  %y = shlo.reshape %x : (tensor<?xf32>) -> tensor<3x2xf32>
  func.return %y : tensor<3x2xf32>
}"""

BROADCAST = """func.func @main(%x: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = shlo.dynamic_broadcast_in_dim %x, %s {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return %y : tensor<?x?xf32>
}"""

BROADCAST_STATIC_OPERAND = """func.func @main(%x: tensor<3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = shlo.dynamic_broadcast_in_dim %x, %s {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return %y : tensor<?x?xf32>
}"""

BROADCAST_TO_STATIC = """func.func @main(%x: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<2x3xf32> {
  %y = shlo.dynamic_broadcast_in_dim %x, %s {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  func.return %y : tensor<2x3xf32>
}"""

PAD = """func.func @main(%x: tensor<3xi32>, %p: tensor<i32>, %lo: tensor<1xi64>, %hi: tensor<1xi64>, %in: tensor<1xi64>) -> tensor<?xi32> {
  %0 = shlo.dynamic_pad %x, %p, %lo, %hi, %in : (tensor<3xi32>, tensor<i32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi32>
  func.return %0 : tensor<?xi32>
}"""

IOTA = """func.func @main(%s: tensor<2xi64>) -> tensor<?x?xi32> {
  %0 = shlo.dynamic_iota %s {iota_dimension = 1 : i64} : (tensor<2xi64>) -> tensor<?x?xi32>
  func.return %0 : tensor<?x?xi32>
}"""

# element-wise ops on sizes the program computes (entry arguments' are compared before the call)
ADD = """func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  %z = shlo.add %x, %r : tensor<?xf32>
  func.return %z : tensor<?xf32>
}"""

SELECT_2D = """func.func @main(%x: tensor<?x?xf32>, %y: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %p = shlo.compare %r, %x {comparison_direction = #shlo.comparison_direction<GT>} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xi1>
  %z = shlo.select %p, %x, %r : (tensor<?x?xi1>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %z : tensor<?x?xf32>
}"""

ADD_TO_STATIC = """func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<4xf32> {
  %z = shlo.add %x, %y : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>
  func.return %z : tensor<4xf32>
}"""

CLAMP_STATIC_OPERAND = """func.func @main(%lo: tensor<f32>, %x: tensor<?xf32>, %hi: tensor<3xf32>) -> tensor<?xf32> {
  %z = shlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  func.return %z : tensor<?xf32>
}"""

CONCAT = """func.func @main(%x: tensor<?x?xf32>, %y: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %z = shlo.concatenate %x, %r {dimension = 0 : i64} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %z : tensor<?x?xf32>
}"""

DOT = """func.func @main(%x: tensor<?x?xf32>, %y: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %z = shlo.dot_general %x, %r {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %z : tensor<?x?xf32>
}"""

BATCH_DOT = """func.func @main(%x: tensor<?x2x3xf32>, %y: tensor<?xf32>, %s: tensor<3xi64>) -> tensor<?x2x2xf32> {
  %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<3xi64>) -> tensor<?x3x2xf32>
  %z = shlo.dot_general %x, %r {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<?x2x3xf32>, tensor<?x3x2xf32>) -> tensor<?x2x2xf32>
  func.return %z : tensor<?x2x2xf32>
}"""

REDUCE_2 = """func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>, %s: tensor<1xi64>) -> (tensor<f32>, tensor<f32>) {
  %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  %i = shlo.constant {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %z:2 = "shlo.reduce"(%x, %r, %i, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    %p = shlo.add %a, %c : tensor<f32>
    %q = shlo.add %b, %d : tensor<f32>
    "shlo.return"(%p, %q) : (tensor<f32>, tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>, operandSegmentSizes = array<i32: 2, 2>} : (tensor<?xf32>, tensor<?xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  func.return %z#0, %z#1 : tensor<f32>, tensor<f32>
}"""

UPDATE_SLICE = """func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  %i = shlo.constant {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %z = "shlo.dynamic_update_slice"(%x, %r, %i) : (tensor<?xf32>, tensor<?xf32>, tensor<i64>) -> tensor<?xf32>
  func.return %z : tensor<?xf32>
}"""

BATCH_NORM = """func.func @main(%x: tensor<2x?xf32>, %y: tensor<?xf32>, %s: tensor<1xi64>, %v: tensor<?xf32>) -> tensor<2x?xf32> {
  %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  %z = shlo.batch_norm_inference %x, %r, %v, %v, %v {epsilon = 2.500000e-01 : f32, feature_index = 1 : i64} : (tensor<2x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<2x?xf32>
  func.return %z : tensor<2x?xf32>
}"""

SCATTER_2 = """func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>, %s: tensor<1xi64>, %i: tensor<2x1xi32>, %u: tensor<2xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  %z:2 = "shlo.scatter"(%x, %r, %i, %u, %u) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>, %b0: tensor<f32>, %b1: tensor<f32>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %s1 = "shlo.add"(%a1, %b1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%s0, %s1) : (tensor<f32>, tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 2, 1, 2>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<?xf32>, tensor<?xf32>, tensor<2x1xi32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  func.return %z#0, %z#1 : tensor<?xf32>, tensor<?xf32>
}"""

X6 = np.arange(6, dtype=np.float32)


def _pad_args(lo, hi, interior):
    return (np.arange(1, 4, dtype=np.int32), np.array(0, np.int32), np.array([lo]), np.array([hi]),
            np.array([interior]))

# (program, good arguments, bad arguments, the message's op and constraint)
CASES = {
    "dynamic_reshape": (RESHAPE_2D, (X6, np.array([3, 2], np.int64)), (X6, np.array([4, 2], np.int64)),
                        "shlo.dynamic_reshape", "dynamic_reshape C2"),
    "dynamic_reshape_negative": (RESHAPE_2D, (X6, np.array([2, 3], np.int64)), (X6, np.array([-2, -3], np.int64)),
                                 "shlo.dynamic_reshape", "dynamic_reshape C2"),
    "dynamic_reshape_one_dynamic": (RESHAPE_1_DYNAMIC, (X6, np.array([3, 2], np.int64)),
                                    (X6, np.array([5, 2], np.int64)), "shlo.dynamic_reshape", "dynamic_reshape C2"),
    "dynamic_reshape_to_static": (RESHAPE_TO_STATIC, (X6, np.array([3, 2], np.int64)),
                                  (X6[:2], np.array([3, 2], np.int64)), "shlo.dynamic_reshape", "dynamic_reshape C2"),
    "reshape": (PLAIN_RESHAPE, (X6,), (X6[:4],), "shlo.reshape", "reshape C2"),
    "dynamic_broadcast_in_dim": (BROADCAST, (X6[:3], np.array([2, 3], np.int64)),
                                 (X6[:3], np.array([2, 5], np.int64)), "shlo.dynamic_broadcast_in_dim",
                                 "dynamic_broadcast_in_dim C5"),
    "dynamic_broadcast_static_operand": (BROADCAST_STATIC_OPERAND, (X6[:3], np.array([2, 3], np.int64)),
                                         (X6[:3], np.array([2, 5], np.int64)), "shlo.dynamic_broadcast_in_dim",
                                         "dynamic_broadcast_in_dim C5"),
    "dynamic_broadcast_to_static": (BROADCAST_TO_STATIC, (X6[:3], np.array([2, 3], np.int64)),
                                    (X6[:2], np.array([2, 3], np.int64)), "shlo.dynamic_broadcast_in_dim",
                                    "dynamic_broadcast_in_dim C5"),
    "dynamic_pad_interior": (PAD, _pad_args(1, 2, 1), _pad_args(1, 2, -5), "shlo.dynamic_pad", "dynamic_pad C4"),
    "dynamic_pad_negative_size": (PAD, _pad_args(-1, 0, 0), _pad_args(-4000, 2, 0), "shlo.dynamic_pad",
                                  "dynamic_pad C6"),
    "add": (ADD, (X6[:4], X6[:4], np.array([4], np.int64)), (X6, X6[:4], np.array([4], np.int64)),
            "shlo.add", "add C1"),
    "add_smaller_first": (ADD, (X6[:4], X6[:4], np.array([4], np.int64)), (X6[:2], X6[:4], np.array([4], np.int64)),
                          "shlo.add", "add C1"),
    "compare_2d": (SELECT_2D, (X6.reshape(2, 3), X6, np.array([2, 3], np.int64)),
                   (X6.reshape(3, 2), X6, np.array([2, 3], np.int64)), "shlo.compare", "compare C2"),
    "add_to_static": (ADD_TO_STATIC, (X6[:4], X6[:4]), (X6, X6), "shlo.add", "add C1"),
    "clamp_static_operand": (CLAMP_STATIC_OPERAND, (np.float32(1), X6[:3], X6[3:]),
                             (np.float32(1), X6, X6[3:]), "shlo.clamp", "clamp C2"),
    "concatenate": (CONCAT, (X6.reshape(2, 3), X6, np.array([2, 3], np.int64)),
                    (X6.reshape(2, 3), X6, np.array([3, 2], np.int64)), "shlo.concatenate", "concatenate C4"),
    "dot_general": (DOT, (X6.reshape(2, 3), X6, np.array([3, 2], np.int64)),
                    (X6.reshape(2, 3), X6, np.array([2, 3], np.int64)), "shlo.dot_general", "dot_general C8"),
    "dot_general_batch": (BATCH_DOT, (np.ones((2, 2, 3), np.float32), np.ones(12, np.float32), np.array([2, 3, 2])),
                          (np.ones((1, 2, 3), np.float32), np.ones(12, np.float32), np.array([2, 3, 2])),
                          "shlo.dot_general", "dot_general C7"),
    "reduce": (REDUCE_2, (X6[:4], X6[:4], np.array([4], np.int64)), (X6[:4], X6[:2], np.array([2], np.int64)),
               "shlo.reduce", "reduce C2"),
    "dynamic_update_slice": (UPDATE_SLICE, (X6, X6[:4], np.array([4], np.int64)),
                             (X6[:4], X6, np.array([6], np.int64)), "shlo.dynamic_update_slice",
                             "dynamic_update_slice C6"),
    "batch_norm_inference": (BATCH_NORM, (X6.reshape(2, 3), X6[:3], np.array([3], np.int64), X6[3:]),
                             (X6.reshape(2, 3), X6[:2], np.array([2], np.int64), X6[3:]), "shlo.batch_norm_inference",
                             "batch_norm_inference C3"),
    "scatter": (SCATTER_2, (X6, X6, np.array([6], np.int64), np.array([[0], [5]], np.int32), X6[:2]),
                (X6, X6[:2], np.array([2], np.int64), np.array([[0], [5]], np.int32), X6[:2]), "shlo.scatter",
                "scatter C2"),
    "dynamic_iota": (IOTA, (np.array([2, 3], np.int64),), (np.array([2, -3], np.int64),), "shlo.dynamic_iota",
                     "output_shape has a negative size"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_sizes_raise_naming_the_constraint(name):
    text, good, bad, op, constraint = CASES[name]
    prog = shlo.parse(text)
    f = shlo.compile(prog, opt_level=0)
    expected = shlo.interpret(prog, *good)
    for got, want in zip(f(*good), expected):
        np.testing.assert_array_equal(got, want)
    with pytest.raises(shlo.ShloError, match=constraint) as interpreted:
        shlo.interpret(prog, *bad)
    assert op in str(interpreted.value)
    with pytest.raises(shlo.ShloError, match=constraint) as compiled:
        f(*bad)
    assert op in str(compiled.value) and "<input>" in str(compiled.value)
    for got, want in zip(f(*good), expected):       # the function still works after a failure
        np.testing.assert_array_equal(got, want)


def test_sizes_far_beyond_the_operand_raise_and_the_process_survives():
    prog = shlo.parse(RESHAPE_2D)
    f = shlo.compile(prog)
    for sizes in ([4000, 2000], [1 << 32, 1 << 32], [-1, -6]):
        with pytest.raises(shlo.ShloError, match="dynamic_reshape C2"):
            f(X6, np.array(sizes, np.int64))
    with pytest.raises(shlo.ShloError, match="dynamic_reshape C2"):
        f(X6[:0], np.array([1 << 32, 1 << 32], np.int64))       # wraps to 0 elements in i64
    np.testing.assert_array_equal(f(X6[:0], np.array([0, 7], np.int64))[0], np.zeros((0, 7), np.float32))
    prog = shlo.parse(BROADCAST)
    f = shlo.compile(prog)
    with pytest.raises(shlo.ShloError, match="dynamic_broadcast_in_dim C5"):
        f(X6[:3], np.array([4000, 4000], np.int64))


def test_op_checks_keep_their_place_among_the_programs_check_asserts():
    text = """func.func @main(%x: tensor<?xf32>, %s: tensor<2xi64>, %p: tensor<i1>, %q: tensor<i1>) -> tensor<?x?xf32> {
  "shlo.custom_call"(%p) {call_target_name = "check.assert", has_side_effect = true, backend_config = "first check"} : (tensor<i1>) -> ()
  %y = shlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  "shlo.custom_call"(%q) {call_target_name = "check.assert", has_side_effect = true, backend_config = "last check"} : (tensor<i1>) -> ()
  func.return %y : tensor<?x?xf32>
}"""
    prog = shlo.parse(text)
    f = shlo.compile(prog, opt_level=0)
    yes, no = np.array(True), np.array(False)
    good, bad = np.array([2, 3], np.int64), np.array([4, 3], np.int64)
    assert f(X6, good, yes, yes)[0].shape == (2, 3)
    with pytest.raises(shlo.ShloError, match="first check"):
        f(X6, bad, no, no)
    with pytest.raises(shlo.ShloError, match="dynamic_reshape C2"):
        f(X6, bad, yes, no)
    with pytest.raises(shlo.ShloError, match="last check"):
        f(X6, good, yes, no)
    asserts = [p for p in probes_of(prog.module, "main") if p.target == "check.assert"]
    assert [("C2" in str(p.attrs["backend_config"])) for p in asserts] == [False, True, False]
    assert [p.target for p in f.probes] == [p.target for p in probes_of(prog.module, "main")]


def test_cached_code_has_the_same_checks(tmp_path):
    from shlo.lowering import compiler
    compiler._MEMORY.clear()        # (an earlier test compiled the same program)
    shlo.compile(shlo.parse(RESHAPE_2D), opt_level=0, cache_dir=str(tmp_path))
    again = shlo.parse(RESHAPE_2D)
    compiler._MEMORY.clear()
    f = shlo.compile(again, opt_level=0, cache_dir=str(tmp_path))
    assert f.timings.get("link") is not None        # loaded, not lowered
    with pytest.raises(shlo.ShloError, match="dynamic_reshape C2"):
        f(X6, np.array([4000, 2000], np.int64))
    np.testing.assert_array_equal(f(X6, np.array([2, 3], np.int64))[0], X6.reshape(2, 3))


# checks below the entry's top level: in regions (while / if / case bodies) and called functions
IN_IF = """func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>, %s: tensor<1xi64>, %c: tensor<i1>) -> tensor<?xf32> {
  %z = "shlo.if"(%c) ({
    %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
    %a = shlo.add %x, %r : tensor<?xf32>
    shlo.return %a : tensor<?xf32>
  }, {
    shlo.return %x : tensor<?xf32>
  }) : (tensor<i1>) -> tensor<?xf32>
  func.return %z : tensor<?xf32>
}"""

IN_CASE = """func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>, %s: tensor<1xi64>, %i: tensor<i32>) -> tensor<?xf32> {
  %z = "shlo.case"(%i) ({
    shlo.return %x : tensor<?xf32>
  }, {
    %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
    %a = shlo.multiply %r, %x : tensor<?xf32>
    shlo.return %a : tensor<?xf32>
  }) : (tensor<i32>) -> tensor<?xf32>
  func.return %z : tensor<?xf32>
}"""

IN_WHILE = """func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>, %s: tensor<1xi64>, %n: tensor<i32>) -> tensor<?xf32> {
  %zero = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %one = shlo.constant {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %r:2 = "shlo.while"(%zero, %x) ({
  ^bb0(%i: tensor<i32>, %acc: tensor<?xf32>):
    %c = shlo.compare %i, %n {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    shlo.return %c : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>, %acc: tensor<?xf32>):
    %ry = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
    %a = shlo.add %acc, %ry : tensor<?xf32>
    %j = shlo.add %i, %one : tensor<i32>
    shlo.return %j, %a : tensor<i32>, tensor<?xf32>
  }) : (tensor<i32>, tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>)
  func.return %r#1 : tensor<?xf32>
}"""

IN_CALLS = """func.func private @inner(%x: tensor<?xf32>, %y: tensor<?xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  %a = shlo.add %x, %r : tensor<?xf32>
  func.return %a : tensor<?xf32>
}
func.func private @middle(%x: tensor<?xf32>, %y: tensor<?xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %a = func.call @inner(%x, %y, %s) : (tensor<?xf32>, tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  %b = func.call @inner(%a, %y, %s) : (tensor<?xf32>, tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  func.return %b : tensor<?xf32>
}
func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %a = func.call @middle(%x, %y, %s) : (tensor<?xf32>, tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  func.return %a : tensor<?xf32>
}"""

X4, S4, S6 = X6[:4], np.array([4], np.int64), np.array([6], np.int64)
YES, NO, ONE = np.array(True), np.array(False), np.array(1, np.int32)
THREE = np.array(3, np.int32)

# (program, good arguments, (bad arguments, the message's op and constraint)...)
NESTED = {
    "if": (IN_IF, (X4, X4, S4, YES), [((X6, X4, S4, YES), "shlo.add", "add C1"),
                                      ((X4, X4, S6, YES), "shlo.dynamic_reshape", "dynamic_reshape C2")]),
    "case": (IN_CASE, (X4, X4, S4, ONE), [((X6, X4, S4, ONE), "shlo.multiply", "multiply C1"),
                                          ((X4, X4, S6, ONE), "shlo.dynamic_reshape", "dynamic_reshape C2")]),
    "while": (IN_WHILE, (X4, X4, S4, THREE), [((X6, X4, S4, THREE), "shlo.add", "add C1"),
                                              ((X4, X4, S6, THREE), "shlo.dynamic_reshape", "dynamic_reshape C2")]),
    "calls": (IN_CALLS, (X4, X4, S4), [((X6, X4, S4), "shlo.add", "add C1"),
                                       ((X4, X4, S6), "shlo.dynamic_reshape", "dynamic_reshape C2")]),
}


@pytest.mark.parametrize("name", sorted(NESTED))
def test_checks_in_regions_and_called_functions_raise(name):
    text, good, bads = NESTED[name]
    prog = shlo.parse(text)
    for opt in (0, 2):
        f = shlo.compile(prog, opt_level=opt)
        want = shlo.interpret(prog, *good)
        for got, w in zip(f(*good), want):
            np.testing.assert_array_equal(got, w)
        for bad, op, constraint in bads:
            with pytest.raises(shlo.ShloError, match=constraint) as interpreted:
                shlo.interpret(prog, *bad)
            assert op in str(interpreted.value)
            with pytest.raises(shlo.ShloError, match=constraint) as compiled:
                f(*bad)
            assert op in str(compiled.value)
        asserts = [p for p in f.probes if p.target == "check.assert"]
        assert len(asserts) == 1
        assert [p.target for p in f.probes] == [p.target for p in probes_of(prog.module, "main")]


def test_a_region_not_run_checks_nothing():
    prog = shlo.parse(IN_IF)
    f = shlo.compile(prog, opt_level=0)
    np.testing.assert_array_equal(f(X6, X4, S6, NO)[0], X6)        # the bad branch is not taken
    prog = shlo.parse(IN_WHILE)
    f = shlo.compile(prog, opt_level=0)
    np.testing.assert_array_equal(f(X6, X4, S4, np.array(0, np.int32))[0], X6)


def test_static_programs_get_no_check():
    text = """func.func @main(%x: tensor<6xf32>, %s: tensor<2xi64>, %v: tensor<f32>) -> tensor<3x2xf32> {
  %y = shlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  %z = shlo.reshape %y : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %b = shlo.dynamic_broadcast_in_dim %x, %s {broadcast_dimensions = array<i64: 1>} : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x6xf32>
  %i = shlo.dynamic_iota %s {iota_dimension = 0 : i64} : (tensor<2xi64>) -> tensor<3x2xf32>
  %p = shlo.dynamic_pad %i, %v, %s, %s, %s : (tensor<3x2xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x4xf32>
  func.return %y : tensor<3x2xf32>
}"""
    prog = shlo.parse(text)
    assert probes_of(prog.module, "main") == []
    assert shlo.compile(prog, opt_level=0).probes == []


@pytest.mark.parametrize("name", ["dynamic_reshape_one_dynamic", "dynamic_reshape_to_static", "reshape",
                                  "dynamic_broadcast_to_static", "add_to_static", "clamp_static_operand"])
def test_the_gpu_lowering_checks_too(name):
    # the GPU back end's loops run on the CPU (gpu.compiler.cpu_check): the check is a kernel there
    # (output_shape lies in device memory); the other cases need sizes from device memory on the
    # host, which the GPU back end refuses before and after these checks
    from shlo.lowering.gpu.compiler import cpu_check
    text, good, bad, op, constraint = CASES[name]
    prog = shlo.parse(text)
    f = cpu_check(prog)
    for got, want in zip(f(*good), shlo.interpret(prog, *good)):
        np.testing.assert_array_equal(got, want)
    with pytest.raises(shlo.ShloError, match=constraint):
        f(*bad)


def test_elementwise_sizes_far_apart_raise_and_the_process_survives():
    f = shlo.compile(shlo.parse(ADD))
    big = np.ones(1 << 26, np.float32)
    with pytest.raises(shlo.ShloError, match="add C1"):
        f(big, X6[:4], np.array([4], np.int64))          # the computed operand is the smaller
    with pytest.raises(shlo.ShloError, match="add C1"):
        f(X6[:4], big, np.array([1 << 26], np.int64))    # the argument is the smaller


def test_sizes_proved_equal_get_no_check():
    # %e and %a have %r's sizes (element-wise results: their first operand's), %b has %x's and
    # %y's (entry arguments, compared before the call); only %c meets sizes of both
    text = """func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  %e = shlo.exponential %r : tensor<?xf32>
  %a = shlo.add %r, %e : tensor<?xf32>
  %b = shlo.add %x, %y : tensor<?xf32>
  %c = shlo.multiply %a, %b : tensor<?xf32>
  %d = shlo.subtract %c, %a : tensor<?xf32>
  func.return %d : tensor<?xf32>
}"""
    prog = shlo.parse(text)
    f = shlo.compile(prog, opt_level=0)
    checks = [str(p.attrs["backend_config"]).split(":")[0] for p in f.probes if p.target == "check.assert"]
    assert checks == ["shlo.dynamic_reshape", "shlo.multiply"]
    assert [p.target for p in f.probes] == [p.target for p in probes_of(prog.module, "main")]
    x4 = X6[:4]
    np.testing.assert_allclose(f(x4, x4, np.array([4], np.int64))[0],
                               shlo.interpret(prog, x4, x4, np.array([4], np.int64))[0], rtol=1e-6)
    with pytest.raises(shlo.ShloError, match="argument 0 has size 4 .* argument 1 has size 6"):
        f(x4, X6, np.array([6], np.int64))


@pytest.mark.parametrize("name", ["add", "compare_2d", "clamp_static_operand", "dot_general", "concatenate",
                                  "reduce"])
def test_cached_elementwise_code_has_the_same_checks(name, tmp_path):
    from shlo.lowering import compiler
    text, good, bad, op, constraint = CASES[name]
    compiler._MEMORY.clear()
    shlo.compile(shlo.parse(text), opt_level=0, cache_dir=str(tmp_path))
    compiler._MEMORY.clear()
    f = shlo.compile(shlo.parse(text), opt_level=0, cache_dir=str(tmp_path))
    assert f.timings.get("link") is not None        # loaded, not lowered
    with pytest.raises(shlo.ShloError, match=constraint):
        f(*bad)


def test_the_gpu_lowering_checks_in_called_functions():
    # (in regions the GPU path keeps the guards alone: its checks' verdicts are computed in
    # kernels, which the host reads only at the entry's top level)
    from shlo.lowering.gpu.compiler import cpu_check
    text = """func.func private @inner(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %r = shlo.reshape %y : (tensor<?xf32>) -> tensor<4xf32>
  %a = shlo.add %x, %r : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  func.return %a : tensor<?xf32>
}
func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %a = func.call @inner(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  func.return %a : tensor<?xf32>
}"""
    f = cpu_check(shlo.parse(text))
    np.testing.assert_array_equal(f(X4, X4)[0], 2 * X4)
    with pytest.raises(shlo.ShloError, match="add C1"):
        f(X6, X4)
    with pytest.raises(shlo.ShloError, match="reshape C2"):
        f(X4, X6)


NARROWED = """func.func @main(%y: tensor<?xf32>, %s: tensor<1xi64>) -> tensor<4096xf32> {
  %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  %t = shlo.transpose %r {permutation = array<i64: 0>} : (tensor<?xf32>) -> tensor<4096xf32>
  %z = shlo.add %t, %t : tensor<4096xf32>
  func.return %z : tensor<4096xf32>
}"""

NARROWED_IN_A_CALL = """func.func private @inner(%r: tensor<?xf32>) -> tensor<4096xf32> {
  %t = shlo.transpose %r {permutation = array<i64: 0>} : (tensor<?xf32>) -> tensor<4096xf32>
  func.return %t : tensor<4096xf32>
}
func.func @main(%y: tensor<?xf32>, %s: tensor<1xi64>) -> tensor<4096xf32> {
  %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  %t = func.call @inner(%r) : (tensor<?xf32>) -> tensor<4096xf32>
  %z = shlo.add %t, %t : tensor<4096xf32>
  func.return %z : tensor<4096xf32>
}"""


@pytest.mark.parametrize("text", [NARROWED, NARROWED_IN_A_CALL])
def test_a_computed_size_cast_to_a_static_one_raises(text):
    # a transpose's result type may be static where its operand's computed size is ?: the spec
    # needs the result to have its type's shape. Compiled, the ops that follow trust the static
    # size, so while it differs the value is zeros (nothing read out of bounds) and the call
    # raises; interpreted, the result is refused where the transpose makes it
    prog = shlo.parse(text)
    y = np.arange(4096, dtype=np.float32)
    message = r"shlo.transpose: result 0 has size 2 in dimension 0, where its type tensor<4096xf32> needs 4096"
    for f in (shlo.compile(prog), lambda *a: shlo.interpret(prog, *a)):
        np.testing.assert_array_equal(f(y, np.array([4096], np.int64))[0], 2 * y)
        with pytest.raises(shlo.ShloError, match=message):
            f(y[:2], np.array([2], np.int64))
    assert [p.target for p in probes_of(prog.module, "main")] == ["check.assert"] * 2 + ["check.all_asserts"]


_GATHER_DIMS = ("#shlo.gather<offset_dims = [0], collapsed_slice_dims = [], operand_batching_dims = [], "
                "start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 0>")
# ops that read a static extent of a computed ? size (size_checks.BOUNDED): op text, index, message
BOUNDED = {
    "slice": ("shlo.slice %r {start_indices = array<i64: 0>, limit_indices = array<i64: 4096>, "
              "strides = array<i64: 1024>} : (tensor<?xf32>) -> tensor<4xf32>", None,
              r"slice \[0, 4096\) of dimension 0 is outside \[0, 2\]"),
    "dynamic_slice": ('"shlo.dynamic_slice"(%r, %i) {slice_sizes = array<i64: 4>} : (tensor<?xf32>, tensor<i64>) '
                      "-> tensor<4xf32>", np.array(1), "size 4 exceeds the operand size 2 in dimension 0"),
    "gather": (f'"shlo.gather"(%r, %i) {{dimension_numbers = {_GATHER_DIMS}, slice_sizes = array<i64: 4>}} : '
               "(tensor<?xf32>, tensor<1xi64>) -> tensor<4xf32>", np.array([1]),
               r"slice size 4 of dimension 0 is outside \[0, 2\]"),
}


def _bounded_program(name: str, in_a_call: bool) -> str:
    op, index, _ = BOUNDED[name]
    index_arg = ", %i: " + ("tensor<i64>" if index.ndim == 0 else "tensor<1xi64>") if index is not None else ""
    index_type = index_arg.split(": ")[-1] if index is not None else ""
    head = f"""func.func @main(%y: tensor<?xf32>, %s: tensor<1xi64>{index_arg}) -> tensor<4xf32> {{
  %r = shlo.dynamic_reshape %y, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
"""
    if not in_a_call:
        return head + f"  %t = {op}\n  func.return %t : tensor<4xf32>\n}}"
    args, types = ("%r, %i", f"tensor<?xf32>, {index_type}") if index is not None else ("%r", "tensor<?xf32>")
    inner = f"""func.func private @inner(%r: tensor<?xf32>{index_arg}) -> tensor<4xf32> {{
  %t = {op}
  func.return %t : tensor<4xf32>
}}
"""
    return inner + head + f"  %t = func.call @inner({args}) : ({types}) -> tensor<4xf32>\n  func.return %t : tensor<4xf32>\n}}"


@pytest.mark.parametrize("in_a_call", [False, True])
@pytest.mark.parametrize("name", list(BOUNDED))
def test_a_static_extent_of_a_computed_size_is_checked(name, in_a_call):
    # slice's limit_indices, dynamic_slice's / gather's slice_sizes beyond a computed ? size:
    # compiled read past the operand's buffer; now the call raises the interpreter's message
    # (slice C3, dynamic_slice C4, gather C21) and the guard reads nothing while they differ
    prog = shlo.parse(_bounded_program(name, in_a_call))
    _, index, message = BOUNDED[name]
    index = [] if index is None else [index]
    y = np.arange(4096, dtype=np.float32)
    want = y[::1024] if name == "slice" else y[1:5]
    for f in (shlo.compile(prog), lambda *a: shlo.interpret(prog, *a)):
        np.testing.assert_array_equal(f(y, np.array([4096], np.int64), *index)[0], want)
        with pytest.raises(shlo.ShloError, match=f"shlo.{name} failed: ValueError: {message}"):
            f(y[:2], np.array([2], np.int64), *index)


def _select_and_scatter(operand: str, source: str) -> str:
    return f"""func.func @main(%x: tensor<{operand}xf32>, %g: tensor<{source}xf32>, %s: tensor<1xi64>) -> tensor<{operand}xf32> {{
  %r = shlo.dynamic_reshape %{"x" if operand == "?" else "g"}, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  %c = shlo.constant {{value = dense<0.0> : tensor<f32>}} : () -> tensor<f32>
  %t = "shlo.select_and_scatter"({"%r" if operand == "?" else "%x"}, {"%r" if source == "?" else "%g"}, %c) ({{
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %p = "shlo.compare"(%a, %b) {{comparison_direction = #shlo.comparison_direction<GE>}} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "shlo.return"(%p) : (tensor<i1>) -> ()
  }}, {{
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %q = shlo.add %a, %b : tensor<f32>
      "shlo.return"(%q) : (tensor<f32>) -> ()
  }}) {{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<[[0, 1]]> : tensor<1x2xi64>}} : (tensor<{operand}xf32>, tensor<{source}xf32>, tensor<f32>) -> tensor<{operand}xf32>
  func.return %t : tensor<{operand}xf32>
}}"""


@pytest.mark.parametrize("computed", ["operand", "source"])
def test_select_and_scatter_source_has_one_element_per_window(computed):
    # a computed operand with fewer windows than a static source, or a computed source with
    # fewer elements than the static operand's windows (read past its buffer): select_and_scatter C7
    prog = shlo.parse(_select_and_scatter("?", "3") if computed == "operand" else _select_and_scatter("5", "?"))
    x, g = np.arange(5, dtype=np.float32), np.array([1, 2, 3], np.float32)
    want = np.array([0, 1, 0, 2, 3], np.float32)     # (windows [0, 1], [2, 3], [4, pad])
    good, bad = ((x, g, np.array([5])), (x[:2], g, np.array([2]))) if computed == "operand" else \
        ((x, g, np.array([3])), (x, g[:1], np.array([1])))
    message = r"source has shape \((3|1),\), but there are \((1|3),\) windows"
    for f in (shlo.compile(prog), lambda *a: shlo.interpret(prog, *a)):
        np.testing.assert_array_equal(f(*good)[0], want)
        with pytest.raises(shlo.ShloError, match=message):
            f(*bad)


_DYNAMIC_GATHER_DIMS = ("#shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], "
                        "start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>")


def _dynamic_gather(operand: str, result: str, sizes: str = "%s", in_if: bool = False) -> str:
    op = (f"shlo.dynamic_gather %x, %i, {sizes} {{dimension_numbers = {_DYNAMIC_GATHER_DIMS}}} : "
          f"(tensor<{operand}xi32>, tensor<2x1xi64>, tensor<2xi64>) -> tensor<{result}xi32>")
    head = (f"func.func @main(%x: tensor<{operand}xi32>, %i: tensor<2x1xi64>, %s: tensor<2xi64>, %c: tensor<i1>) "
            f"-> tensor<{result}xi32> {{\n  %k = shlo.constant {{value = dense<[1, 4]> : tensor<2xi64>}} : () -> "
            "tensor<2xi64>\n")
    if in_if:
        body = (f'  %0 = "shlo.if"(%c) ({{\n    %g = {op}\n    shlo.return %g : tensor<{result}xi32>\n  }}, {{\n'
                f"    %z = shlo.constant {{value = dense<0> : tensor<2x4xi32>}} : () -> tensor<2x4xi32>\n"
                f"    %w = shlo.convert %z : (tensor<2x4xi32>) -> tensor<{result}xi32>\n"
                f"    shlo.return %w : tensor<{result}xi32>\n  }}) : (tensor<i1>) -> tensor<{result}xi32>\n")
    else:
        body = f"  %0 = {op}\n"
    return head + body + f"  func.return %0 : tensor<{result}xi32>\n}}"


@pytest.mark.parametrize("in_if", [False, True])
@pytest.mark.parametrize("types", [("3x4", "2x4"), ("3x4", "2x?"), ("?x?", "2x4"), ("?x?", "2x?")])
def test_dynamic_gather_slice_sizes_are_checked(types, in_if):
    # slice sizes are data: outside [0, the operand's size] (C21), above 1 in a collapsed dimension
    # (C9), or not the result's static size (C22). Compiled clamped every read into the operand
    # and returned what it read; now the call raises the interpreter's message
    prog = shlo.parse(_dynamic_gather(*types, in_if=in_if))
    x, i = np.arange(12, dtype=np.int32).reshape(3, 4), np.array([[2], [0]])
    bad = {(1, 5): r"slice size 5 of dimension 1 is outside \[0, 4\]",
           (-1, 4): r"slice size -1 of dimension 0 is outside \[0, 3\]",
           (2, 4): "slice size of collapsed or batching dimension 0 must be at most 1"}
    if types[1] == "2x4":
        bad[(1, 3)] = r"result shape \(2, 3\) does not match the result type's shape 2x4"
    good = [(1, 4), (0, 4)] + ([(1, 2)] if types[1] == "2x?" else [])
    f = shlo.compile(prog)
    for sizes in good:
        args = (x, i, np.array(sizes), YES)
        np.testing.assert_array_equal(f(*args)[0], shlo.interpret(prog, *args)[0])
    for sizes, message in bad.items():
        for run in (f, lambda *a: shlo.interpret(prog, *a)):
            with pytest.raises(shlo.ShloError, match="shlo.dynamic_gather failed: ValueError: " + message):
                run(x, i, np.array(sizes), YES)
    if in_if:       # (the branch not taken checks nothing)
        np.testing.assert_array_equal(f(x, i, np.array([9, 9]), NO)[0], np.zeros((2, 4), np.int32))
    assert [p.target for p in f.probes] == [p.target for p in probes_of(prog.module, "main")]


def test_dynamic_gather_constant_slice_sizes_proved_right_get_no_check():
    for types, checked in ((("3x4", "2x4"), False), (("3x4", "2x?"), False), (("?x4", "2x4"), True),
                           (("3x5", "2x5"), True)):
        prog = shlo.parse(_dynamic_gather(*types, sizes="%k"))
        assert bool(probes_of(prog.module, "main")) == checked, types
        assert bool(shlo.compile(prog, opt_level=0).probes) == checked, types


def test_the_gpu_lowering_checks_dynamic_gather():
    from shlo.lowering.gpu.compiler import cpu_check
    # (with a ? result size, the host would need the slice sizes, in device memory: refused)
    prog = shlo.parse(_dynamic_gather("3x4", "2x4"))
    f = cpu_check(prog)
    x, i = np.arange(12, dtype=np.int32).reshape(3, 4), np.array([[2], [0]])
    np.testing.assert_array_equal(f(x, i, np.array([1, 4]), YES)[0], [[8, 9, 10, 11], [0, 1, 2, 3]])
    with pytest.raises(shlo.ShloError, match=r"result shape \(2, 3\) does not match"):
        f(x, i, np.array([1, 3]), YES)


REDUCE_TO_STATIC = """func.func @main(%y: tensor<?x3xf32>, %s: tensor<2xi64>) -> tensor<2xf32> {
  %r = shlo.dynamic_reshape %y, %s : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  %i = shlo.constant {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %z = "shlo.reduce"(%r, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = shlo.add %a, %b : tensor<f32>
    "shlo.return"(%p) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>, operandSegmentSizes = array<i32: 1, 1>} : (tensor<?x3xf32>, tensor<f32>) -> tensor<2xf32>
  func.return %z : tensor<2xf32>
}"""


def test_an_own_check_op_narrowing_a_computed_size_raises():
    # a reduce of a computed ?x3 into a static 2 (one input: no paired sizes to check): its
    # lowering's ? result cast to the static 2 (guarded: zeros while it differs) is now checked
    # too (was the guard alone), with the interpreter's message
    text = REDUCE_TO_STATIC
    prog = shlo.parse(text)
    y = np.arange(6, dtype=np.float32).reshape(2, 3)
    f = shlo.compile(prog)
    np.testing.assert_array_equal(f(y, np.array([2, 3]))[0], [3, 12])
    for run in (f, lambda *a: shlo.interpret(prog, *a)):
        with pytest.raises(shlo.ShloError, match=r"result shape \(1,\) does not match the result type's shape 2"):
            run(y[:1], np.array([1, 3]))
    assert [p.target for p in f.probes] == [p.target for p in probes_of(prog.module, "main")]


# valid programs whose ? operand meets a static result that failed to compile (found by the sweep
# over the spec's examples): (program, good arguments, bad arguments or None, the bad call's message)
ARGUMENT_TO_STATIC = {
    "transpose": ("""func.func @main(%x: tensor<?x3xf32>) -> tensor<3x2xf32> {
  %0 = shlo.transpose %x {permutation = array<i64: 1, 0>} : (tensor<?x3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}""", (X6.reshape(2, 3),), (X6[:3].reshape(1, 3),), "shlo.transpose: result 0 has size 1 in dimension 1"),
    "concatenate_shape": ("""func.func @main(%a: tensor<?xui16>, %b: tensor<0xui16>, %c: tensor<1xui16>) -> tensor<3xui16> {
  %0 = shlo.concatenate %a, %b, %c {dimension = 0 : i64} : (tensor<?xui16>, tensor<0xui16>, tensor<1xui16>) -> tensor<3xui16>
  func.return %0 : tensor<3xui16>
}""", (np.array([1, 65535], np.uint16), np.zeros(0, np.uint16), np.array([7], np.uint16)),
        (np.array([1], np.uint16), np.zeros(0, np.uint16), np.array([7], np.uint16)), "concatenate"),
    "dynamic_pad_index": ("""func.func @main(%x: tensor<?xi32>, %p: tensor<i32>, %lo: tensor<1xindex>, %hi: tensor<1xindex>, %in: tensor<1xindex>) -> tensor<?xi32> {
  %0 = shlo.dynamic_pad %x, %p, %lo, %hi, %in : (tensor<?xi32>, tensor<i32>, tensor<1xindex>, tensor<1xindex>, tensor<1xindex>) -> tensor<?xi32>
  func.return %0 : tensor<?xi32>
}""", (np.array([1, 2, 3], np.int32), np.int32(0), np.array([-1]), np.array([1]), np.array([0])), None, None),
}


# an own-checked op whose guard cast its ? result to a static type, unchecked (now: size_guards.when's
# narrowed casts, joining its check)
ARGUMENT_TO_STATIC["dynamic_update_slice"] = ("""func.func @main(%x: tensor<?x3xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<3x3xf32> {
  %0 = shlo.dynamic_update_slice %x, %u, (%i, %j) : (tensor<?x3xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<3x3xf32>
  func.return %0 : tensor<3x3xf32>
}""", (np.ones((3, 3), np.float32), -np.ones((2, 2), np.float32), np.int32(2), np.int32(0)),
    (np.ones((2, 3), np.float32), -np.ones((2, 2), np.float32), np.int32(2), np.int32(0)),
    "shlo.dynamic_update_slice: result 0 has size 2 in dimension 0")


# ops whose lowering made its static result sizes from an operand of ? size, unchecked (reads past
# it, or values from nowhere): now compared with the sizes the op computes (size_checks.bounds,
# paired_sizes' windows)
ARGUMENT_TO_STATIC.update({
    "pad": ("""func.func @main(%x: tensor<?xf32>, %v: tensor<f32>) -> tensor<7xf32> {
  %0 = shlo.pad %x, %v {edge_padding_low = array<i64: 1>, edge_padding_high = array<i64: 1>, interior_padding = array<i64: 1>} : (tensor<?xf32>, tensor<f32>) -> tensor<7xf32>
  func.return %0 : tensor<7xf32>
}""", (X6[:3], np.float32(9)), (X6[:2], np.float32(9)), r"shlo.pad failed: ValueError: result shape \(5,\)"),
    "gather_batch": (f"""func.func @main(%x: tensor<4xf32>, %i: tensor<?x1xi64>) -> tensor<2xf32> {{
  %0 = "shlo.gather"(%x, %i) {{dimension_numbers = #shlo.gather<offset_dims = [], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>}} : (tensor<4xf32>, tensor<?x1xi64>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}}""", (X6[:4], np.array([[3], [1]])), (X6[:4], np.array([[3]])), r"shlo.gather failed: ValueError: result shape \(1,\)"),
    "bitcast_convert": ("""func.func @main(%x: tensor<?xf32>) -> tensor<2xi32> {
  %0 = shlo.bitcast_convert %x : (tensor<?xf32>) -> tensor<2xi32>
  func.return %0 : tensor<2xi32>
}""", (X6[:2],), (X6[:1],), "shlo.bitcast_convert: result 0 has size 1 in dimension 0"),
    "reduce_window": ("""func.func @main(%x: tensor<?xf32>) -> tensor<3xf32> {
  %i = shlo.constant {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "shlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = shlo.add %a, %b : tensor<f32>
    "shlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, base_dilations = array<i64: 2>, operandSegmentSizes = array<i32: 1, 1>} : (tensor<?xf32>, tensor<f32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}""", (X6[:4],), (X6[:3],), r"shlo.reduce_window failed: ValueError: result shape \(2,\)"),
})


_SCATTER_DIMS = ("#shlo.scatter<update_window_dims = [], inserted_window_dims = [0], input_batching_dims = [], "
                 "scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>")
ARGUMENT_TO_STATIC.update({
    # scatter's updates have one element per index vector (scatter C? in the interpreter's words)
    "scatter_updates": (f"""func.func @main(%x: tensor<5xf32>, %i: tensor<3x1xi64>, %u: tensor<?xf32>) -> tensor<5xf32> {{
  %0 = "shlo.scatter"(%x, %i, %u) ({{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = shlo.add %a, %b : tensor<f32>
    "shlo.return"(%s) : (tensor<f32>) -> ()
  }}) {{operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = {_SCATTER_DIMS}}} : (tensor<5xf32>, tensor<3x1xi64>, tensor<?xf32>) -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}}""", (X6[:5], np.array([[4], [0], [4]]), X6[:3]), (X6[:5], np.array([[4], [0], [4]]), X6[:2]),
        r"update scatter dimensions \[2\] do not match the index batch \[3\]"),
    # a bitcast that fuses two i16 into an i32: the operand's last size is 2
    "bitcast_convert_fuse": ("""func.func @main(%x: tensor<3x?xi16>) -> tensor<3xi32> {
  %0 = shlo.bitcast_convert %x : (tensor<3x?xi16>) -> tensor<3xi32>
  func.return %0 : tensor<3xi32>
}""", (np.arange(6, dtype=np.int16).reshape(3, 2),), (np.arange(3, dtype=np.int16).reshape(3, 1),),
        r"cannot fuse a last dimension of \(1,\) i16 into one i32"),
})


ARGUMENT_TO_STATIC["convolution"] = ("""func.func @main(%l: tensor<?x?x1xf32>, %r: tensor<2x1x1xf32>) -> tensor<1x3x1xf32> {
  %0 = shlo.convolution %l, %r {batch_group_count = 1 : i64, dimension_numbers = #shlo.conv<input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>, feature_group_count = 1 : i64} : (tensor<?x?x1xf32>, tensor<2x1x1xf32>) -> tensor<1x3x1xf32>
  func.return %0 : tensor<1x3x1xf32>
}""", (X6[:4].reshape(1, 4, 1), np.ones((2, 1, 1), np.float32)), (X6[:3].reshape(1, 3, 1), np.ones((2, 1, 1), np.float32)),
    r"shlo.convolution failed: ValueError: result shape \(1, 2, 1\)")


ARGUMENT_TO_STATIC["triangular_solve"] = ("""func.func @main(%a: tensor<?x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = shlo.triangular_solve %a, %b {left_side = true, lower = true, unit_diagonal = false, transpose_a = #shlo.transpose<NO_TRANSPOSE>} : (tensor<?x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}""", (np.array([[2, 99], [1, 4]], np.float32), np.ones((2, 2), np.float32)),
    (np.array([[2, 99]], np.float32), np.ones((2, 2), np.float32)), "needs square matrices in a")


ARGUMENT_TO_STATIC["cholesky"] = ("""func.func @main(%a: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %0 = shlo.cholesky %a {lower = true} : (tensor<?x2xf32>) -> tensor<?x2xf32>
  func.return %0 : tensor<?x2xf32>
}""", (np.array([[4, 2], [2, 5]], np.float32),), (np.ones((3, 2), np.float32),), "shlo.cholesky")


# rng_bit_generator's state of ? size meets output_state's static size (C1 when it runs): compiled
# read the type's words past a shorter state's buffer, interpreted returned a state of another size
ARGUMENT_TO_STATIC["rng_bit_generator"] = ("""func.func @main(%s: tensor<?xui64>) -> (tensor<3xui64>, tensor<3xui64>) {
  %0:2 = "shlo.rng_bit_generator"(%s) {rng_algorithm = #shlo.rng_algorithm<PHILOX>} : (tensor<?xui64>) -> (tensor<3xui64>, tensor<3xui64>)
  func.return %0#0, %0#1 : tensor<3xui64>, tensor<3xui64>
}""", (np.array([42, 0, 0], np.uint64),), (np.array([42, 0], np.uint64),),
    r"initial_state has shape \(2,\), but output_state's type is tensor<3xui64> \(rng_bit_generator C1")



# a two-input reduce of computed ?x3 inputs (one the other's convert) into static 2s: its guard's
# narrowed cast is checked with its own (PAIRED) check (a regression test: reported unchecked)
ARGUMENT_TO_STATIC["reduce_two_inputs"] = ("""func.func @main(%y: tensor<?x3xf32>, %s: tensor<2xi64>) -> (tensor<2xf32>, tensor<2xi32>) {
  %r = shlo.dynamic_reshape %y, %s : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  %k = shlo.convert %r : (tensor<?x3xf32>) -> tensor<?x3xi32>
  %i = shlo.constant {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %j = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %z:2 = "shlo.reduce"(%r, %k, %i, %j) ({
  ^bb0(%a: tensor<f32>, %c: tensor<i32>, %b: tensor<f32>, %d: tensor<i32>):
    %p = shlo.add %a, %b : tensor<f32>
    %q = shlo.maximum %c, %d : tensor<i32>
    "shlo.return"(%p, %q) : (tensor<f32>, tensor<i32>) -> ()
  }) {dimensions = array<i64: 1>, operandSegmentSizes = array<i32: 2, 2>} : (tensor<?x3xf32>, tensor<?x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
  func.return %z#0, %z#1 : tensor<2xf32>, tensor<2xi32>
}""", (X6.reshape(2, 3), np.array([2, 3])), (X6[:3].reshape(1, 3), np.array([1, 3])),
    r"shlo.reduce failed: ValueError: result shape \(1,\) does not match the result type's shape 2")


# a convolution kernel of ? spatial size: compiled made the result's static windows from the kernel
# size it read (past a smaller input's windows for a larger kernel); now the windows a kernel of its
# run-time size makes are compared with the result's (size_checks._convolution_pairs)
_CONV_KERNEL = ("""func.func @main(%l: tensor<1x4x1xf32>, %r: tensor<?x1x1xf32>) -> tensor<1x3x1xf32> {
  %0 = shlo.convolution %l, %r {batch_group_count = 1 : i64, dimension_numbers = #shlo.conv<input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<?x1x1xf32>) -> tensor<1x3x1xf32>
  func.return %0 : tensor<1x3x1xf32>
}""", (X6[:4].reshape(1, 4, 1), np.ones((2, 1, 1), np.float32)))
ARGUMENT_TO_STATIC["convolution_kernel_smaller"] = _CONV_KERNEL + (
    (X6[:4].reshape(1, 4, 1), np.ones((1, 1, 1), np.float32)), r"shlo.convolution failed: ValueError: result shape \(1, 4, 1\)")
ARGUMENT_TO_STATIC["convolution_kernel_larger"] = _CONV_KERNEL + (
    (X6[:4].reshape(1, 4, 1), np.ones((5, 1, 1), np.float32)), r"shlo.convolution failed")


# dynamic_conv (run-time padding) with an input of ? spatial size or a padding of ? rows: compiled
# made the result's static windows without comparing them (and read past a padding of fewer rows);
# now its windows with the padding it reads, and the padding's shape, are checked (size_checks.bounds)
def _dynamic_conv(lhs: str, padding: str) -> str:
    return f"""func.func @main(%l: tensor<1x{lhs}x1xi32>, %r: tensor<3x1x1xi32>, %p: tensor<{padding}x2xi64>) -> tensor<1x2x1xi32> {{
  %0 = shlo.dynamic_conv %l, %r, %p {{batch_group_count = 1 : i64, dimension_numbers = #shlo.conv<input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>, feature_group_count = 1 : i64, window_strides = array<i64: 2>}} : (tensor<1x{lhs}x1xi32>, tensor<3x1x1xi32>, tensor<{padding}x2xi64>) -> tensor<1x2x1xi32>
  func.return %0 : tensor<1x2x1xi32>
}}"""


_CONV_ARGS = (np.array([1, 2, 3, 4], np.int32).reshape(1, 4, 1), np.array([1, 10, 100], np.int32).reshape(3, 1, 1))
ARGUMENT_TO_STATIC.update({
    "dynamic_conv_input": (_dynamic_conv("?", "1"), _CONV_ARGS + (np.array([[1, 0]]),),
                           (_CONV_ARGS[0][:, :2], _CONV_ARGS[1], np.array([[1, 0]])), r"result shape \(1, 1, 1\)"),
    "dynamic_conv_padding_value": (_dynamic_conv("?", "1"), _CONV_ARGS + (np.array([[1, 0]]),),
                                   _CONV_ARGS + (np.array([[1, 4]]),), r"result shape \(1, 4, 1\)"),
    "dynamic_conv_padding_rows": (_dynamic_conv("4", "?"), _CONV_ARGS + (np.array([[1, 0]]),),
                                  _CONV_ARGS + (np.zeros((0, 2), np.int64),), "padding has 0 entries, expected 1"),
})

@pytest.mark.parametrize("name", list(ARGUMENT_TO_STATIC))
def test_an_argument_of_unknown_size_compiles(name):
    text, good, bad, message = ARGUMENT_TO_STATIC[name]
    prog = shlo.parse(text)
    f = shlo.compile(prog)
    for got, want in zip(f(*good), shlo.interpret(prog, *good)):
        np.testing.assert_array_equal(got, want)
    if bad is not None:
        for run in (f, lambda *a: shlo.interpret(prog, *a)):
            with pytest.raises(shlo.ShloError, match=message):
                run(*bad)


def test_broadcast_in_dim_of_a_size_1_or_r_into_static_r():
    # an operand of ? size into a static result size 3: size 1 broadcasts (compiled read past the
    # one element), 3 is copied, 2 raises the interpreter's message (broadcast_in_dim C5)
    prog = shlo.parse("""func.func @main(%x: tensor<?xf32>) -> tensor<2x3xf32> {
  %0 = shlo.broadcast_in_dim %x {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}""")
    f = shlo.compile(prog)
    for x in (X6[:3], X6[5:]):
        np.testing.assert_array_equal(f(x)[0], np.broadcast_to(x, (2, 3)))
    for run in (f, lambda *a: shlo.interpret(prog, *a)):
        with pytest.raises(shlo.ShloError, match="operand dimension 0 has size 2, not 1 or the result size 3"):
            run(X6[:2])



# 1-D shape operands of ? length (size_checks.SHAPE_OPERANDS): compiled read their elements past a
# shorter vector's buffer (one element per result dimension); now a length other than the result's
# rank raises the interpreter's message, and the op reads a scratch vector meanwhile
SHAPE_OPERAND_OF_UNKNOWN_LENGTH = {
    "dynamic_reshape": ("""func.func @main(%x: tensor<6xf32>, %s: tensor<?xi64>) -> tensor<?x?xf32> {
  %0 = shlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}""", lambda s: (X6, s), [3, 2]),
    "dynamic_reshape_static": ("""func.func @main(%x: tensor<6xf32>, %s: tensor<?xi64>) -> tensor<3x2xf32> {
  %0 = shlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<?xi64>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}""", lambda s: (X6, s), [3, 2]),
    "dynamic_broadcast_in_dim": ("""func.func @main(%x: tensor<3xf32>, %s: tensor<?xi64>) -> tensor<?x3xf32> {
  %0 = shlo.dynamic_broadcast_in_dim %x, %s {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<?xi64>) -> tensor<?x3xf32>
  func.return %0 : tensor<?x3xf32>
}""", lambda s: (X6[:3], s), [2, 3]),
    "dynamic_iota": ("""func.func @main(%s: tensor<?xi64>) -> tensor<2x?xi32> {
  %0 = shlo.dynamic_iota %s {iota_dimension = 1 : i64} : (tensor<?xi64>) -> tensor<2x?xi32>
  func.return %0 : tensor<2x?xi32>
}""", lambda s: (s,), [2, 3]),
    "dynamic_pad": ("""func.func @main(%x: tensor<2x2xf32>, %v: tensor<f32>, %lo: tensor<?xi64>, %hi: tensor<2xi64>) -> tensor<3x4xf32> {
  %0 = shlo.dynamic_pad %x, %v, %lo, %hi, %hi : (tensor<2x2xf32>, tensor<f32>, tensor<?xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<3x4xf32>
  func.return %0 : tensor<3x4xf32>
}""", lambda s: (X6[:4].reshape(2, 2), np.float32(9), s, np.array([0, 1])), [1, 0]),
}

SHAPE_OPERAND_OF_UNKNOWN_LENGTH["dynamic_gather"] = (   # (its slice sizes: one per operand dimension)
    _dynamic_gather("3x5", "2x4").replace("%s: tensor<2xi64>", "%s: tensor<?xi64>").replace(
        "tensor<2x1xi64>, tensor<2xi64>)", "tensor<2x1xi64>, tensor<?xi64>)"),
    lambda s: (np.arange(15, dtype=np.int32).reshape(3, 5), np.array([[0], [1]]), s, np.bool_(True)), [1, 4])

@pytest.mark.parametrize("name", list(SHAPE_OPERAND_OF_UNKNOWN_LENGTH))
def test_a_shape_operand_of_unknown_length_is_checked(name):
    text, args, good = SHAPE_OPERAND_OF_UNKNOWN_LENGTH[name]
    prog = shlo.parse(text)
    f = shlo.compile(prog)
    for got, want in zip(f(*args(np.array(good))), shlo.interpret(prog, *args(np.array(good)))):
        np.testing.assert_array_equal(got, want)
    for bad in (good[:1], good + [1], [], good[:1] * (1 << 20)):
        with pytest.raises(shlo.ShloError) as interpreted:
            shlo.interpret(prog, *args(np.array(bad, np.int64)))
        with pytest.raises(shlo.ShloError, match=f"shlo.{name.split('_static')[0]}") as compiled:
            f(*args(np.array(bad, np.int64)))
        assert str(compiled.value) == str(interpreted.value)
    assert [p.target for p in f.probes] == [p.target for p in probes_of(prog.module, "main")]


@pytest.mark.parametrize("name", ["dynamic_reshape_static", "dynamic_pad"])
def test_the_gpu_lowering_checks_a_shape_operands_length(name):
    # (static results: the others' sizes come from device memory, which the GPU back end refuses)
    from shlo.lowering.gpu.compiler import cpu_check
    text, args, good = SHAPE_OPERAND_OF_UNKNOWN_LENGTH[name]
    prog = shlo.parse(text)
    f = cpu_check(prog)
    np.testing.assert_array_equal(f(*args(np.array(good)))[0], shlo.interpret(prog, *args(np.array(good)))[0])
    with pytest.raises(shlo.ShloError, match=f"shlo.{name.split('_static')[0]}"):
        f(*args(np.array(good[:1])))
