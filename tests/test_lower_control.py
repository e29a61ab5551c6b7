"""Compiled control flow (while, if, case), process ids, custom_call, the single-process
collectives and the host transfers.

Expected values are computed with numpy from the op's meaning; every compiled
result is also compared with the interpreter's.
"""
from __future__ import annotations

import numpy as np
import pytest

import shlo
from shlo.interpreter.values import TOKEN

CMP = "comparison_direction = #shlo.comparison_direction<{}>"


def _same(got, want):
    assert len(got) == len(want)
    for g, w in zip(got, want):
        if w is TOKEN:
            assert g is TOKEN
            continue
        g, w = np.asarray(g), np.asarray(w)
        assert g.dtype == w.dtype and g.shape == w.shape, (g, w)
        if w.dtype.kind in "fc":
            np.testing.assert_allclose(g, w, rtol=1e-6)
        else:
            np.testing.assert_array_equal(g, w)


def run(text: str, *args, expected=None):
    """Compiles and runs `text`, checks it against the interpreter and `expected` (a list)."""
    prog = shlo.parse(text)
    got = shlo.compile(prog)(*args)
    _same(got, shlo.interpret(prog, *args))
    if expected is not None:
        _same(got, expected)
    return got


def compile_error(text: str) -> str:
    with pytest.raises(shlo.CompileError) as info:
        shlo.compile(shlo.parse(text))
    return str(info.value)


# ----------------------------------------------------------------- while

COUNT_LOOP = """
func.func @main(%n: tensor<{t}>, %step: tensor<{t}>) -> (tensor<{t}>, tensor<{t}>) {{
  %zero = shlo.constant {{value = dense<{zero}> : tensor<{t}>}} : () -> tensor<{t}>
  %0:2 = shlo.while %zero, %zero : (tensor<{t}>, tensor<{t}>) -> (tensor<{t}>, tensor<{t}>) {{
  ^bb0(%i: tensor<{t}>, %s: tensor<{t}>):
    %c = shlo.compare %i, %n {{{cmp}}} : (tensor<{t}>, tensor<{t}>) -> tensor<i1>
    shlo.return %c : tensor<i1>
  }} {{
  ^bb0(%i: tensor<{t}>, %s: tensor<{t}>):
    %next = shlo.add %i, %step : tensor<{t}>
    %sum = shlo.add %s, %next : tensor<{t}>
    shlo.return %next, %sum : tensor<{t}>, tensor<{t}>
  }}
  func.return %0#0, %0#1 : tensor<{t}>, tensor<{t}>
}}
"""


@pytest.mark.parametrize("t,dtype", [("i32", np.int32), ("i64", np.int64), ("ui32", np.uint32),
                                     ("f32", np.float32), ("f64", np.float64), ("i8", np.int8)])
@pytest.mark.parametrize("n", [0, 1, 7])
def test_while_counts_and_sums(t, dtype, n):
    text = COUNT_LOOP.format(t=t, cmp=CMP.format("LT"), zero="0.0" if t.startswith("f") else "0")
    # i counts 1, 2, ..., n; s sums them
    run(text, np.array(n, dtype), np.array(1, dtype),
        expected=[np.array(n, dtype), np.array(n * (n + 1) // 2, dtype)])


def test_while_step_captured_from_outside():
    text = COUNT_LOOP.format(t="i32", cmp=CMP.format("LT"), zero="0")
    # step 3 up to 10: i = 3, 6, 9, 12; s = 30
    run(text, np.array(10, np.int32), np.array(3, np.int32),
        expected=[np.array(12, np.int32), np.array(30, np.int32)])


DOUBLING_DYNAMIC = """
func.func @main(%x: tensor<?x3xf32>, %n: tensor<i32>) -> (tensor<?x3xf32>, tensor<i32>) {
  %zero = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %one = shlo.constant {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0:2 = shlo.while %x, %zero : (tensor<?x3xf32>, tensor<i32>) -> (tensor<?x3xf32>, tensor<i32>) {
  ^bb0(%a: tensor<?x3xf32>, %i: tensor<i32>):
    %c = shlo.compare %i, %n {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    shlo.return %c : tensor<i1>
  } {
  ^bb0(%a: tensor<?x3xf32>, %i: tensor<i32>):
    %d = shlo.add %a, %a : tensor<?x3xf32>
    %j = shlo.add %i, %one : tensor<i32>
    shlo.return %d, %j : tensor<?x3xf32>, tensor<i32>
  }
  func.return %0#0, %0#1 : tensor<?x3xf32>, tensor<i32>
}
"""


@pytest.mark.parametrize("rows", [1, 4])
def test_while_dynamic_dimension(rows):
    x = np.arange(rows * 3, dtype=np.float32).reshape(rows, 3) - 2.5
    run(DOUBLING_DYNAMIC, x, np.array(5, np.int32), expected=[x * 32, np.array(5, np.int32)])


def test_while_zero_iterations_with_token():
    text = """
    func.func @main(%x: tensor<2xf32>, %t: !shlo.token) -> (tensor<2xf32>, !shlo.token) {
      %0:2 = "shlo.while"(%x, %t) ({
      ^bb0(%a: tensor<2xf32>, %b: !shlo.token):
        %f = "shlo.constant"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
        "shlo.return"(%f) : (tensor<i1>) -> ()
      }, {
      ^bb0(%a: tensor<2xf32>, %b: !shlo.token):
        %d = "shlo.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
        "shlo.return"(%d, %b) : (tensor<2xf32>, !shlo.token) -> ()
      }) : (tensor<2xf32>, !shlo.token) -> (tensor<2xf32>, !shlo.token)
      func.return %0#0, %0#1 : tensor<2xf32>, !shlo.token
    }"""
    x = np.array([1.5, -2.0], np.float32)
    run(text, x, TOKEN, expected=[x, TOKEN])


def test_while_carries_token_and_boolean():
    # flips a boolean 5 times while counting; the token travels through the loop
    text = """
    func.func @main(%b: tensor<3xi1>, %t: !shlo.token) -> (tensor<3xi1>, tensor<i32>, !shlo.token) {
      %zero = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
      %one = shlo.constant {value = dense<1> : tensor<i32>} : () -> tensor<i32>
      %five = shlo.constant {value = dense<5> : tensor<i32>} : () -> tensor<i32>
      %0:3 = shlo.while %b, %zero, %t : (tensor<3xi1>, tensor<i32>, !shlo.token) -> (tensor<3xi1>, tensor<i32>, !shlo.token) {
      ^bb0(%a: tensor<3xi1>, %i: tensor<i32>, %tk: !shlo.token):
        %c = shlo.compare %i, %five {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
        shlo.return %c : tensor<i1>
      } {
      ^bb0(%a: tensor<3xi1>, %i: tensor<i32>, %tk: !shlo.token):
        %n = shlo.not %a : tensor<3xi1>
        %j = shlo.add %i, %one : tensor<i32>
        %tk2 = shlo.after_all %tk : (!shlo.token) -> !shlo.token
        shlo.return %n, %j, %tk2 : tensor<3xi1>, tensor<i32>, !shlo.token
      }
      func.return %0#0, %0#1, %0#2 : tensor<3xi1>, tensor<i32>, !shlo.token
    }"""
    b = np.array([True, False, True])
    run(text, b, TOKEN, expected=[~b, np.array(5, np.int32), TOKEN])


def test_nested_while():
    # sum over i < n of (sum over j < i of 1) = n (n - 1) / 2
    text = """
    func.func @main(%n: tensor<i64>) -> tensor<i64> {
      %zero = shlo.constant {value = dense<0> : tensor<i64>} : () -> tensor<i64>
      %one = shlo.constant {value = dense<1> : tensor<i64>} : () -> tensor<i64>
      %0:2 = shlo.while %zero, %zero : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>) {
      ^bb0(%i: tensor<i64>, %s: tensor<i64>):
        %c = shlo.compare %i, %n {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
        shlo.return %c : tensor<i1>
      } {
      ^bb0(%i: tensor<i64>, %s: tensor<i64>):
        %1:2 = shlo.while %zero, %s : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>) {
        ^bb0(%j: tensor<i64>, %u: tensor<i64>):
          %c = shlo.compare %j, %i {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
          shlo.return %c : tensor<i1>
        } {
        ^bb0(%j: tensor<i64>, %u: tensor<i64>):
          %j1 = shlo.add %j, %one : tensor<i64>
          %u1 = shlo.add %u, %one : tensor<i64>
          shlo.return %j1, %u1 : tensor<i64>, tensor<i64>
        }
        %i1 = shlo.add %i, %one : tensor<i64>
        shlo.return %i1, %1#1 : tensor<i64>, tensor<i64>
      }
      func.return %0#1 : tensor<i64>
    }"""
    for n in (0, 1, 6):
        run(text, np.array(n, np.int64), expected=[np.array(n * (n - 1) // 2, np.int64)])


def test_while_quantized_state_passes_storage_through():
    # the quantized tensor is carried unchanged while a counter runs: its stored integers survive
    q = "tensor<4x!quant.uniform<i8:f32, 0.25:-3>>"
    text = f"""
    func.func @main(%x: {q}) -> {q} {{
      %zero = shlo.constant {{value = dense<0> : tensor<i32>}} : () -> tensor<i32>
      %one = shlo.constant {{value = dense<1> : tensor<i32>}} : () -> tensor<i32>
      %three = shlo.constant {{value = dense<3> : tensor<i32>}} : () -> tensor<i32>
      %0:2 = shlo.while %x, %zero : ({q}, tensor<i32>) -> ({q}, tensor<i32>) {{
      ^bb0(%a: {q}, %i: tensor<i32>):
        %c = shlo.compare %i, %three {{comparison_direction = #shlo.comparison_direction<LT>}} : (tensor<i32>, tensor<i32>) -> tensor<i1>
        shlo.return %c : tensor<i1>
      }} {{
      ^bb0(%a: {q}, %i: tensor<i32>):
        %j = shlo.add %i, %one : tensor<i32>
        shlo.return %a, %j : {q}, tensor<i32>
      }}
      func.return %0#0 : {q}
    }}"""
    x = np.array([-128, -3, 0, 127], np.int8)
    run(text, x, expected=[x])


# ----------------------------------------------------------------- if

IF_SELECT = """
func.func @main(%p: tensor<i1>, %x: tensor<{s}x{t}>, %y: tensor<{s}x{t}>) -> tensor<{s}x{t}> {{
  %0 = "shlo.if"(%p) ({{
    %a = "shlo.add"(%x, %y) : (tensor<{s}x{t}>, tensor<{s}x{t}>) -> tensor<{s}x{t}>
    "shlo.return"(%a) : (tensor<{s}x{t}>) -> ()
  }}, {{
    %m = "shlo.multiply"(%x, %y) : (tensor<{s}x{t}>, tensor<{s}x{t}>) -> tensor<{s}x{t}>
    "shlo.return"(%m) : (tensor<{s}x{t}>) -> ()
  }}) : (tensor<i1>) -> tensor<{s}x{t}>
  func.return %0 : tensor<{s}x{t}>
}}
"""


@pytest.mark.parametrize("t,dtype", [("i32", np.int32), ("f32", np.float32), ("ui8", np.uint8),
                                     ("complex<f32>", np.complex64), ("i1", np.bool_)])
@pytest.mark.parametrize("pred", [True, False])
def test_if_picks_a_branch(t, dtype, pred):
    x = np.array([[1, 0, 3], [2, 1, 0]]).astype(dtype)
    y = np.array([[4, 1, 0], [1, 1, 0]]).astype(dtype)
    if dtype == np.bool_:
        want = (x | y) if pred else (x & y)     # add / multiply on booleans are or / and
    else:
        want = (x + y) if pred else (x * y)
    run(IF_SELECT.format(s="2x3", t=t), np.array(pred), x, y, expected=[want.astype(dtype)])


@pytest.mark.parametrize("pred", [True, False])
def test_if_dynamic_dimension(pred):
    x = np.array([[1.5, 2.0, -1.0]] * 5, np.float32)
    y = np.full((5, 3), 2.0, np.float32)
    run(IF_SELECT.format(s="?x3", t="f32"), np.array(pred), x, y, expected=[x + y if pred else x * y])


def test_if_several_results_and_token():
    text = """
    func.func @main(%p: tensor<i1>, %x: tensor<2xi32>, %t: !shlo.token) -> (tensor<2xi32>, tensor<f64>, !shlo.token) {
      %0:3 = "shlo.if"(%p) ({
        %c = "shlo.constant"() {value = dense<1.5> : tensor<f64>} : () -> tensor<f64>
        %n = "shlo.negate"(%x) : (tensor<2xi32>) -> tensor<2xi32>
        "shlo.return"(%n, %c, %t) : (tensor<2xi32>, tensor<f64>, !shlo.token) -> ()
      }, {
        %c = "shlo.constant"() {value = dense<-2.5> : tensor<f64>} : () -> tensor<f64>
        %t2 = "shlo.after_all"(%t) : (!shlo.token) -> !shlo.token
        "shlo.return"(%x, %c, %t2) : (tensor<2xi32>, tensor<f64>, !shlo.token) -> ()
      }) : (tensor<i1>) -> (tensor<2xi32>, tensor<f64>, !shlo.token)
      func.return %0#0, %0#1, %0#2 : tensor<2xi32>, tensor<f64>, !shlo.token
    }"""
    x = np.array([7, -2147483648], np.int32)
    run(text, np.array(True), x, TOKEN, expected=[-x, np.array(1.5), TOKEN])
    run(text, np.array(False), x, TOKEN, expected=[x, np.array(-2.5), TOKEN])


def test_if_inside_while_body():
    # collatz steps until 1: an if in the loop body
    text = """
    func.func @main(%x: tensor<i64>) -> (tensor<i64>, tensor<i64>) {
      %zero = shlo.constant {value = dense<0> : tensor<i64>} : () -> tensor<i64>
      %one = shlo.constant {value = dense<1> : tensor<i64>} : () -> tensor<i64>
      %two = shlo.constant {value = dense<2> : tensor<i64>} : () -> tensor<i64>
      %three = shlo.constant {value = dense<3> : tensor<i64>} : () -> tensor<i64>
      %0:2 = shlo.while %x, %zero : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>) {
      ^bb0(%v: tensor<i64>, %k: tensor<i64>):
        %c = shlo.compare %v, %one {comparison_direction = #shlo.comparison_direction<GT>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
        shlo.return %c : tensor<i1>
      } {
      ^bb0(%v: tensor<i64>, %k: tensor<i64>):
        %r = shlo.remainder %v, %two : tensor<i64>
        %even = shlo.compare %r, %zero {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %next = "shlo.if"(%even) ({
          %h = "shlo.divide"(%v, %two) : (tensor<i64>, tensor<i64>) -> tensor<i64>
          "shlo.return"(%h) : (tensor<i64>) -> ()
        }, {
          %m = "shlo.multiply"(%v, %three) : (tensor<i64>, tensor<i64>) -> tensor<i64>
          %p = "shlo.add"(%m, %one) : (tensor<i64>, tensor<i64>) -> tensor<i64>
          "shlo.return"(%p) : (tensor<i64>) -> ()
        }) : (tensor<i1>) -> tensor<i64>
        %k1 = shlo.add %k, %one : tensor<i64>
        shlo.return %next, %k1 : tensor<i64>, tensor<i64>
      }
      func.return %0#0, %0#1 : tensor<i64>, tensor<i64>
    }"""

    def collatz_steps(v):
        steps = 0
        while v > 1:
            v = v // 2 if v % 2 == 0 else 3 * v + 1
            steps += 1
        return steps

    for v in (1, 6, 27):
        run(text, np.array(v, np.int64), expected=[np.array(min(v, 1), np.int64), np.array(collatz_steps(v), np.int64)])


SCAN_CASE_THEN_BRANCH = """
func.func @main(%xs: tensor<4x3xf32>, %ms: tensor<4xi32>) -> (tensor<3xf32>, tensor<4x3xf32>) {
  %zero = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %one = shlo.constant {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %four = shlo.constant {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %s0 = shlo.constant {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %f0 = shlo.broadcast_in_dim %s0 {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<3xf32>
  %f1 = shlo.constant {value = dense<1.0> : tensor<3xf32>} : () -> tensor<3xf32>
  %ys0 = shlo.constant {value = dense<0.0> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %0:3 = shlo.while %zero, %f0, %ys0 : (tensor<i32>, tensor<3xf32>, tensor<4x3xf32>) -> (tensor<i32>, tensor<3xf32>, tensor<4x3xf32>) {
  ^bb0(%i: tensor<i32>, %acc: tensor<3xf32>, %ys: tensor<4x3xf32>):
    %c = shlo.compare %i, %four {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    shlo.return %c : tensor<i1>
  } {
  ^bb0(%i: tensor<i32>, %acc: tensor<3xf32>, %ys: tensor<4x3xf32>):
    %row = shlo.dynamic_slice %xs, (%i, %zero) {slice_sizes = array<i64: 1, 3>} : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
    %x = shlo.reshape %row : (tensor<1x3xf32>) -> tensor<3xf32>
    %mm = shlo.dynamic_slice %ms, (%i) {slice_sizes = array<i64: 1>} : (tensor<4xi32>, tensor<i32>) -> tensor<1xi32>
    %m = shlo.reshape %mm : (tensor<1xi32>) -> tensor<i32>
    %y = "shlo.case"(%m) ({
      %a = shlo.add %x, %f1 : tensor<3xf32>
      "shlo.return"(%a) : (tensor<3xf32>) -> ()
    }, {
      %s = shlo.multiply %x, %x : tensor<3xf32>
      "shlo.return"(%s) : (tensor<3xf32>) -> ()
    }) : (tensor<i32>) -> tensor<3xf32>
    %pos = shlo.compare %m, %zero {comparison_direction = #shlo.comparison_direction<GT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    BRANCH
    %y2 = shlo.reshape %y : (tensor<3xf32>) -> tensor<1x3xf32>
    %ys1 = shlo.dynamic_update_slice %ys, %y2, (%i, %zero) : (tensor<4x3xf32>, tensor<1x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
    %i1 = shlo.add %i, %one : tensor<i32>
    shlo.return %i1, %next, %ys1 : tensor<i32>, tensor<3xf32>, tensor<4x3xf32>
  }
  func.return %0#1, %0#2 : tensor<3xf32>, tensor<4x3xf32>
}"""
ADD_OR_SUBTRACT = {
    "if": """%next = "shlo.if"(%pos) ({
      %p = shlo.add %acc, %y : tensor<3xf32>
      "shlo.return"(%p) : (tensor<3xf32>) -> ()
    }, {
      %q = shlo.subtract %acc, %y : tensor<3xf32>
      "shlo.return"(%q) : (tensor<3xf32>) -> ()
    }) : (tensor<i1>) -> tensor<3xf32>""",
    "case": """%k = shlo.convert %pos : (tensor<i1>) -> tensor<i32>
    %next = "shlo.case"(%k) ({
      %q = shlo.subtract %acc, %y : tensor<3xf32>
      "shlo.return"(%q) : (tensor<3xf32>) -> ()
    }, {
      %p = shlo.add %acc, %y : tensor<3xf32>
      "shlo.return"(%p) : (tensor<3xf32>) -> ()
    }) : (tensor<i32>) -> tensor<3xf32>""",
}


@pytest.mark.parametrize("branch", ["if", "case"])
def test_scan_body_with_a_case_then_a_branch_keeps_both_values(branch):
    # lax.scan over lax.switch then lax.cond: with the case lowered to scf.index_switch, one-shot
    # bufferization wrote the branch's result into the case's buffer while the case's value was
    # still to be stored in ys (the case is now a chain of scf.if).
    text = SCAN_CASE_THEN_BRANCH.replace("BRANCH", ADD_OR_SUBTRACT[branch])
    xs = np.arange(12, dtype=np.float32).reshape(4, 3) / 4 - 1
    ms = np.array([0, 1, 1, 0], np.int32)
    ys = np.where(ms[:, None] == 0, xs + 1, xs * xs).astype(np.float32)
    acc = np.zeros(3, np.float32)
    for y, m in zip(ys, ms):
        acc = acc + y if m > 0 else acc - y
    run(text, xs, ms, expected=[acc, ys])


# ----------------------------------------------------------------- case

CASE3 = """
func.func @main(%i: tensor<i32>, %x: tensor<{s}xf32>) -> (tensor<{s}xf32>, tensor<i32>) {{
  %0:2 = "shlo.case"(%i) ({{
    %k = "shlo.constant"() {{value = dense<0> : tensor<i32>}} : () -> tensor<i32>
    "shlo.return"(%x, %k) : (tensor<{s}xf32>, tensor<i32>) -> ()
  }}, {{
    %k = "shlo.constant"() {{value = dense<1> : tensor<i32>}} : () -> tensor<i32>
    %d = "shlo.add"(%x, %x) : (tensor<{s}xf32>, tensor<{s}xf32>) -> tensor<{s}xf32>
    "shlo.return"(%d, %k) : (tensor<{s}xf32>, tensor<i32>) -> ()
  }}, {{
    %k = "shlo.constant"() {{value = dense<2> : tensor<i32>}} : () -> tensor<i32>
    %n = "shlo.negate"(%x) : (tensor<{s}xf32>) -> tensor<{s}xf32>
    "shlo.return"(%n, %k) : (tensor<{s}xf32>, tensor<i32>) -> ()
  }}) : (tensor<i32>) -> (tensor<{s}xf32>, tensor<i32>)
  func.return %0#0, %0#1 : tensor<{s}xf32>, tensor<i32>
}}
"""


@pytest.mark.parametrize("index", [0, 1, 2, 3, 100, -1, -7, 2**31 - 1, -2**31])
@pytest.mark.parametrize("shape", ["4", "?"])
def test_case_out_of_range_runs_last_branch(index, shape):
    x = np.array([1.5, -2.0, 0.0, 3.25], np.float32)
    branch = index if 0 <= index < 3 else 2
    want = [x, x + x, -x][branch]
    run(CASE3.format(s=shape), np.array(index, np.int32), x, expected=[want, np.array(branch, np.int32)])


def test_case_result_that_is_an_argument_is_not_updated_in_place():
    # a branch returning its operand makes the case's result that argument (or, after
    # canonicalization, maximum(b, b) is b); a dynamic_update_slice of the result wrote into the
    # caller's array when the case was an scf.index_switch
    text = """
    func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %p: tensor<i32>, %i: tensor<i32>) -> (tensor<4xf32>, tensor<4xf32>) {
      %c = "shlo.case"(%p) ({
        "shlo.return"(%a) : (tensor<4xf32>) -> ()
      }, {
        %m = shlo.maximum %b, %b : tensor<4xf32>
        "shlo.return"(%m) : (tensor<4xf32>) -> ()
      }) : (tensor<i32>) -> tensor<4xf32>
      %s = shlo.slice %b {limit_indices = array<i64: 2>, start_indices = array<i64: 0>, strides = array<i64: 1>} : (tensor<4xf32>) -> tensor<2xf32>
      %d = shlo.dynamic_update_slice %c, %s, (%i) : (tensor<4xf32>, tensor<2xf32>, tensor<i32>) -> tensor<4xf32>
      %r = shlo.add %a, %d : tensor<4xf32>
      %t = shlo.add %a, %b : tensor<4xf32>
      func.return %r, %t : tensor<4xf32>, tensor<4xf32>
    }"""
    a = np.array([1, 2, 3, 4], np.float32)
    b = np.array([10, 20, 30, 40], np.float32)
    fn = shlo.compile(shlo.parse(text))
    for p, operand in ((0, a), (1, b)):
        x, y = a.copy(), b.copy()
        d = operand.copy()
        d[1:3] = b[:2]
        _same(fn(x, y, np.array(p, np.int32), np.array(1, np.int32)), [a + d, a + b])
        np.testing.assert_array_equal(x, a)
        np.testing.assert_array_equal(y, b)


@pytest.mark.parametrize("index", [0, 5, -1])
def test_case_single_branch(index):
    text = """
    func.func @main(%i: tensor<i32>, %x: tensor<2xi16>) -> tensor<2xi16> {
      %0 = "shlo.case"(%i) ({
        %a = "shlo.abs"(%x) : (tensor<2xi16>) -> tensor<2xi16>
        "shlo.return"(%a) : (tensor<2xi16>) -> ()
      }) : (tensor<i32>) -> tensor<2xi16>
      func.return %0 : tensor<2xi16>
    }"""
    x = np.array([-5, 9], np.int16)
    run(text, np.array(index, np.int32), x, expected=[np.abs(x)])


def test_case_returns_token_only():
    text = """
    func.func @main(%i: tensor<i32>, %t: !shlo.token) -> !shlo.token {
      %0 = "shlo.case"(%i) ({
        "shlo.return"(%t) : (!shlo.token) -> ()
      }, {
        %t2 = "shlo.after_all"(%t) : (!shlo.token) -> !shlo.token
        "shlo.return"(%t2) : (!shlo.token) -> ()
      }) : (tensor<i32>) -> !shlo.token
      func.return %0 : !shlo.token
    }"""
    run(text, np.array(1, np.int32), TOKEN, expected=[TOKEN])


# ----------------------------------------------------------------- process ids, custom_call

@pytest.mark.parametrize("op", ["replica_id", "partition_id"])
def test_process_ids_are_zero(op):
    text = f"""
    func.func @main() -> tensor<ui32> {{
      %0 = "shlo.{op}"() : () -> tensor<ui32>
      func.return %0 : tensor<ui32>
    }}"""
    run(text, expected=[np.array(0, np.uint32)])


def test_process_id_used_in_arithmetic():
    text = """
    func.func @main(%x: tensor<3xui32>) -> tensor<3xui32> {
      %r = "shlo.replica_id"() : () -> tensor<ui32>
      %p = "shlo.partition_id"() : () -> tensor<ui32>
      %s = "shlo.add"(%r, %p) : (tensor<ui32>, tensor<ui32>) -> tensor<ui32>
      %b = "shlo.broadcast_in_dim"(%s) {broadcast_dimensions = array<i64>} : (tensor<ui32>) -> tensor<3xui32>
      %0 = "shlo.add"(%x, %b) : (tensor<3xui32>, tensor<3xui32>) -> tensor<3xui32>
      func.return %0 : tensor<3xui32>
    }"""
    x = np.array([1, 2, 4294967295], np.uint32)
    run(text, x, expected=[x])


def test_custom_call_other_target_is_a_compile_error():
    text = """
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      %0 = "shlo.custom_call"(%x) {call_target_name = "my.fancy_kernel"} : (tensor<2xf32>) -> tensor<2xf32>
      func.return %0 : tensor<2xf32>
    }"""
    message = compile_error(text)
    assert "my.fancy_kernel" in message and "shlo.custom_call" in message


def test_custom_call_in_a_branch_is_a_compile_error():
    text = """
    func.func @main(%p: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
      %0 = "shlo.if"(%p) ({
        %c = "shlo.custom_call"(%x) {call_target_name = "vendor.op"} : (tensor<2xf32>) -> tensor<2xf32>
        "shlo.return"(%c) : (tensor<2xf32>) -> ()
      }, {
        "shlo.return"(%x) : (tensor<2xf32>) -> ()
      }) : (tensor<i1>) -> tensor<2xf32>
      func.return %0 : tensor<2xf32>
    }"""
    assert "vendor.op" in compile_error(text)


# ----------------------------------------------------------------- collectives in one process

def _reducer(e):
    return f"""({{
      ^bb0(%a: tensor<{e}>, %b: tensor<{e}>):
        %s = "shlo.add"(%a, %b) : (tensor<{e}>, tensor<{e}>) -> tensor<{e}>
        "shlo.return"(%s) : (tensor<{e}>) -> ()
      }})"""


GROUPS = {
    "one": "replica_groups = dense<[[0]]> : tensor<1x1xi64>",
    "all": "replica_groups = dense<> : tensor<0x0xi64>",
    "channel": "replica_groups = dense<[[0]]> : tensor<1x1xi64>, "
               "channel_handle = #shlo.channel_handle<handle = 1, type = 1>",
    "global": "replica_groups = dense<[[0]]> : tensor<1x1xi64>, "
              "channel_handle = #shlo.channel_handle<handle = 2, type = 1>, use_global_device_ids = true",
}


@pytest.mark.parametrize("groups", sorted(GROUPS))
@pytest.mark.parametrize("t,dtype", [("f32", np.float32), ("i32", np.int32), ("complex<f64>", np.complex128),
                                     ("i1", np.bool_)])
def test_all_reduce_is_identity(groups, t, dtype):
    text = f"""
    func.func @main(%x: tensor<2x3x{t}>) -> tensor<2x3x{t}> {{
      %0 = "shlo.all_reduce"(%x) {_reducer(t)} {{{GROUPS[groups]}}} : (tensor<2x3x{t}>) -> tensor<2x3x{t}>
      func.return %0 : tensor<2x3x{t}>
    }}""".replace('"shlo.add"', '"shlo.or"' if t == "i1" else '"shlo.add"')
    x = np.array([[1, -2, 0], [5, 1, -7]]).astype(dtype)
    run(text, x, expected=[x])


@pytest.mark.parametrize("src,dst,x,want", [
    ("i8", "i32", np.array([-128, 5, 127], np.int8), np.array([-128, 5, 127], np.int32)),
    ("ui8", "ui64", np.array([255, 0, 7], np.uint8), np.array([255, 0, 7], np.uint64)),
    ("f16", "f32", np.array([65504, -0.5, 1e-7], np.float16), np.array([65504, -0.5, 1e-7], np.float16).astype(np.float32)),
    ("f32", "f64", np.array([1e30, -3.5, 0.1], np.float32), np.array([1e30, -3.5, 0.1], np.float32).astype(np.float64)),
    ("complex<f32>", "complex<f64>", np.array([1 + 2j, -0.5j, 3], np.complex64),
     np.array([1 + 2j, -0.5j, 3], np.complex64).astype(np.complex128)),
])
def test_all_reduce_widens_to_the_computation_type(src, dst, x, want):
    text = f"""
    func.func @main(%x: tensor<3x{src}>) -> tensor<3x{dst}> {{
      %0 = "shlo.all_reduce"(%x) {_reducer(dst)} {{{GROUPS['one']}}} : (tensor<3x{src}>) -> tensor<3x{dst}>
      func.return %0 : tensor<3x{dst}>
    }}"""
    run(text, x, expected=[want])


def test_all_reduce_several_operands_dynamic():
    text = f"""
    func.func @main(%x: tensor<?xi32>, %y: tensor<?x2xi16>) -> (tensor<?xi64>, tensor<?x2xi64>) {{
      %0:2 = "shlo.all_reduce"(%x, %y) ({{
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %s = "shlo.maximum"(%a, %b) : (tensor<i64>, tensor<i64>) -> tensor<i64>
        "shlo.return"(%s) : (tensor<i64>) -> ()
      }}) {{{GROUPS['all']}}} : (tensor<?xi32>, tensor<?x2xi16>) -> (tensor<?xi64>, tensor<?x2xi64>)
      func.return %0#0, %0#1 : tensor<?xi64>, tensor<?x2xi64>
    }}"""
    x = np.array([1, -2147483648, 3, 2147483647, 5], np.int32)
    y = np.array([[-32768, 1], [2, 32767]], np.int16)
    run(text, x, y, expected=[x.astype(np.int64), y.astype(np.int64)])


QUANT_A = "!quant.uniform<i8:f32, 0.5:3>"
QUANT_B = "!quant.uniform<i8:f32, 0.25:-10>"


def test_all_reduce_requantizes_to_the_computation_type():
    text = f"""
    func.func @main(%x: tensor<5x{QUANT_A}>) -> tensor<5x{QUANT_B}> {{
      %0 = "shlo.all_reduce"(%x) {_reducer(QUANT_B)} {{{GROUPS['one']}}} : (tensor<5x{QUANT_A}>) -> tensor<5x{QUANT_B}>
      func.return %0 : tensor<5x{QUANT_B}>
    }}"""
    x = np.array([-128, 3, 4, 40, 127], np.int8)
    value = (x.astype(np.float64) - 3) * 0.5                        # dequantized
    want = np.clip(np.rint(value / 0.25) - 10, -128, 127).astype(np.int8)
    run(text, x, expected=[want])


def test_all_reduce_same_quantized_type_keeps_storage():
    text = f"""
    func.func @main(%x: tensor<4x{QUANT_A}>) -> tensor<4x{QUANT_A}> {{
      %0 = "shlo.all_reduce"(%x) {_reducer(QUANT_A)} {{{GROUPS['all']}}} : (tensor<4x{QUANT_A}>) -> tensor<4x{QUANT_A}>
      func.return %0 : tensor<4x{QUANT_A}>
    }}"""
    x = np.array([-128, 0, 3, 127], np.int8)
    run(text, x, expected=[x])


# (empty replica_groups are left out: the verifier divides by their group size, 0)
@pytest.mark.parametrize("groups", ["one", "channel", "global"])
def test_reduce_scatter_is_identity(groups):
    text = f"""
    func.func @main(%x: tensor<4x?xi16>) -> tensor<4x?xi32> {{
      %0 = "shlo.reduce_scatter"(%x) {_reducer('i32')} {{scatter_dimension = 0 : i64, {GROUPS[groups]}}} : (tensor<4x?xi16>) -> tensor<4x?xi32>
      func.return %0 : tensor<4x?xi32>
    }}"""
    x = np.arange(-12, 12, dtype=np.int16).reshape(4, 6) * 1000
    run(text, x, expected=[x.astype(np.int32)])


# (the verifier takes empty replica_groups for groups of 0 here)
@pytest.mark.parametrize("groups", ["one", "channel", "global"])
def test_all_gather_is_identity(groups):
    text = f"""
    func.func @main(%x: tensor<?x3xf32>, %y: tensor<2xi8>) -> (tensor<?x3xf32>, tensor<2xi8>) {{
      %0:2 = "shlo.all_gather"(%x, %y) {{all_gather_dim = 0 : i64, {GROUPS[groups]}}} : (tensor<?x3xf32>, tensor<2xi8>) -> (tensor<?x3xf32>, tensor<2xi8>)
      func.return %0#0, %0#1 : tensor<?x3xf32>, tensor<2xi8>
    }}"""
    x = np.arange(12, dtype=np.float32).reshape(4, 3) / 4
    y = np.array([-1, 100], np.int8)
    run(text, x, y, expected=[x, y])


@pytest.mark.parametrize("groups", ["one", "channel"])
def test_all_to_all_is_identity(groups):
    text = f"""
    func.func @main(%x: tensor<2x?xui16>) -> tensor<2x?xui16> {{
      %0 = "shlo.all_to_all"(%x) {{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 1 : i64, {GROUPS[groups]}}} : (tensor<2x?xui16>) -> tensor<2x?xui16>
      func.return %0 : tensor<2x?xui16>
    }}"""
    x = np.array([[1, 2, 65535], [4, 5, 6]], np.uint16)
    run(text, x, expected=[x])


@pytest.mark.parametrize("groups", ["one", "all", "channel"])
def test_collective_broadcast_is_identity(groups):
    text = f"""
    func.func @main(%x: tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>> {{
      %0 = "shlo.collective_broadcast"(%x) {{{GROUPS[groups]}}} : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
      func.return %0 : tensor<3xcomplex<f32>>
    }}"""
    x = np.array([1 + 1j, -2, 3j], np.complex64)
    run(text, x, expected=[x])


def _permute(t: str, pairs: str, channel: bool = False) -> str:
    extra = ", channel_handle = #shlo.channel_handle<handle = 1, type = 1>" if channel else ""
    return f"""
    func.func @main(%x: tensor<?x2x{t}>) -> tensor<?x2x{t}> {{
      %0 = "shlo.collective_permute"(%x) {{source_target_pairs = {pairs}{extra}}} : (tensor<?x2x{t}>) -> tensor<?x2x{t}>
      func.return %0 : tensor<?x2x{t}>
    }}"""


SELF_PAIR = "dense<[[0, 0]]> : tensor<1x2xi64>"
NO_PAIRS = "dense<> : tensor<0x2xi64>"


@pytest.mark.parametrize("channel", [False, True])
@pytest.mark.parametrize("t,dtype", [("f32", np.float32), ("i64", np.int64), ("i1", np.bool_)])
def test_collective_permute_to_itself_and_to_nobody(t, dtype, channel):
    x = np.array([[1, 0], [3, -4], [0, 6]]).astype(dtype)
    run(_permute(t, SELF_PAIR, channel), x, expected=[x])
    run(_permute(t, NO_PAIRS, channel), x, expected=[np.zeros_like(x)])


@pytest.mark.parametrize("q,stored,dtype", [
    ("!quant.uniform<i8:f32, 0.5:3>", 3, np.int8),
    ("!quant.uniform<i8:f32, 0.5:-100>", -100, np.int8),
    ("!quant.uniform<ui8:f32, 0.5:200>", 200, np.uint8),
])
def test_collective_permute_quantized_zeros_are_the_zero_point(q, stored, dtype):
    x = np.array([[1, 2], [3, 4]], dtype)
    run(_permute(q, NO_PAIRS), x, expected=[np.full_like(x, stored)])
    run(_permute(q, SELF_PAIR), x, expected=[x])


# ----------------------------------------------------------------- collectives needing more processes

@pytest.mark.parametrize("text,needle", [
    (f"""func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {{
      %0 = "shlo.all_reduce"(%x) {_reducer('f32')} {{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}} : (tensor<2xf32>) -> tensor<2xf32>
      func.return %0 : tensor<2xf32>
    }}""", "[1]"),
    (f"""func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {{
      %0 = "shlo.all_reduce"(%x) {_reducer('f32')} {{replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>}} : (tensor<2xf32>) -> tensor<2xf32>
      func.return %0 : tensor<2xf32>
    }}""", "[1]"),
    ("""func.func @main(%x: tensor<2xf32>) -> tensor<4xf32> {
      %0 = "shlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<4xf32>
      func.return %0 : tensor<4xf32>
    }""", "[1]"),
    ("""func.func @main(%x: tensor<2xf32>) -> tensor<4xf32> {
      %0 = "shlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>, channel_handle = #shlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>) -> tensor<4xf32>
      func.return %0 : tensor<4xf32>
    }""", "tensor<4xf32>"),
    (f"""func.func @main(%x: tensor<4xf32>) -> tensor<2xf32> {{
      %0 = "shlo.reduce_scatter"(%x) {_reducer('f32')} {{scatter_dimension = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>, channel_handle = #shlo.channel_handle<handle = 1, type = 1>}} : (tensor<4xf32>) -> tensor<2xf32>
      func.return %0 : tensor<2xf32>
    }}""", "tensor<2xf32>"),
    ("""func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
      %0 = "shlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
      func.return %0 : tensor<4xf32>
    }""", "[1]"),
    ("""func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
      %0 = "shlo.collective_broadcast"(%x) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
      func.return %0 : tensor<4xf32>
    }""", "[1]"),
    ("""func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
      %0 = "shlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
      func.return %0 : tensor<4xf32>
    }""", "[1]"),
], ids=["all_reduce", "all_reduce_two_groups", "all_gather", "all_gather_partitions", "reduce_scatter_partitions",
        "all_to_all", "collective_broadcast", "collective_permute"])
def test_collectives_needing_several_processes_are_compile_errors(text, needle):
    message = compile_error(text)
    assert needle in message and "one process" in message, message
    op = text.split('"shlo.')[1].split('"')[0]
    assert f"shlo.{op}" in message


# ----------------------------------------------------------------- host transfers

HOST_PROGRAMS = {
    "infeed": """func.func @main(%t: !shlo.token) -> (tensor<2x2xf32>, !shlo.token) {
      %0:2 = shlo.infeed %t {infeed_config = ""} : (!shlo.token) -> (tensor<2x2xf32>, !shlo.token)
      func.return %0#0, %0#1 : tensor<2x2xf32>, !shlo.token
    }""",
    "outfeed": """func.func @main(%x: tensor<2xf32>, %t: !shlo.token) -> !shlo.token {
      %0 = shlo.outfeed (%x), %t {outfeed_config = ""} : (tensor<2xf32>, !shlo.token) -> !shlo.token
      func.return %0 : !shlo.token
    }""",
    "send": """func.func @main(%x: tensor<2xf32>, %t: !shlo.token) -> !shlo.token {
      %0 = shlo.send (%x), %t {channel_handle = #shlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (tensor<2xf32>, !shlo.token) -> !shlo.token
      func.return %0 : !shlo.token
    }""",
    "recv": """func.func @main(%t: !shlo.token) -> (tensor<3x4xi32>, !shlo.token) {
      %0:2 = shlo.recv %t {channel_handle = #shlo.channel_handle<handle = 5, type = 3>, is_host_transfer = true} : (!shlo.token) -> (tensor<3x4xi32>, !shlo.token)
      func.return %0#0, %0#1 : tensor<3x4xi32>, !shlo.token
    }""",
}


@pytest.mark.parametrize("op", sorted(HOST_PROGRAMS))
def test_host_transfers_are_compile_errors(op):
    message = compile_error(HOST_PROGRAMS[op])
    assert f"shlo.{op}" in message and "one process" in message, message


# ----------------------------------------------------------------- carried shapes and tokens only

def test_while_carrying_only_a_token():
    text = """
    func.func @main(%p: tensor<i1>, %t: !shlo.token) -> !shlo.token {
      %0 = "shlo.while"(%t) ({
      ^bb0(%b: !shlo.token):
        "shlo.return"(%p) : (tensor<i1>) -> ()
      }, {
      ^bb0(%b: !shlo.token):
        "shlo.return"(%b) : (!shlo.token) -> ()
      }) : (!shlo.token) -> !shlo.token
      func.return %0 : !shlo.token
    }"""
    run(text, np.array(False), TOKEN, expected=[TOKEN])


@pytest.mark.parametrize("pred", [True, False])
def test_if_result_less_static_than_branches(pred):
    text = """
    func.func @main(%p: tensor<i1>, %x: tensor<3xi32>) -> tensor<?xi32> {
      %0 = "shlo.if"(%p) ({
        "shlo.return"(%x) : (tensor<3xi32>) -> ()
      }, {
        %n = "shlo.negate"(%x) : (tensor<3xi32>) -> tensor<3xi32>
        "shlo.return"(%n) : (tensor<3xi32>) -> ()
      }) : (tensor<i1>) -> tensor<?xi32>
      func.return %0 : tensor<?xi32>
    }"""
    x = np.array([1, -2, 3], np.int32)
    run(text, np.array(pred), x, expected=[x if pred else -x])
