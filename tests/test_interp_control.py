"""Interpreter: control flow (while, if, case, calls, composite, async), custom_call
check targets, process ids, collectives and host transfers.

Expected values are computed independently in Python/numpy: math.factorial,
an explicit Fibonacci loop, np.concatenate/np.split for gathers and
scatters, sums over the members of each process group written out by hand.
"""
import math
import time

import numpy as np
import pytest

import shlo
from shlo.interpreter import Host, interpret
from shlo.interpreter.ops.control import CheckFailure

RNG = np.random.default_rng(2024)


def run(text, *inputs, **kw):
    return interpret(shlo.parse(text), *inputs, **kw)


# ----------------------------------------------------------------- while


FACTORIAL = """
func.func @main(%n: tensor<i64>) -> tensor<i64> {
  %one = shlo.constant {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %0:2 = shlo.while %one, %one : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>) {
  ^bb0(%i: tensor<i64>, %acc: tensor<i64>):
    %c = shlo.compare %i, %n {comparison_direction = #shlo.comparison_direction<LE>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
    shlo.return %c : tensor<i1>
  } {
  ^bb0(%i: tensor<i64>, %acc: tensor<i64>):
    %next = shlo.add %i, %one : tensor<i64>
    %prod = shlo.multiply %acc, %i : tensor<i64>
    shlo.return %next, %prod : tensor<i64>, tensor<i64>
  }
  func.return %0#1 : tensor<i64>
}
"""


@pytest.mark.parametrize("n", [0, 1, 5, 10, 20])
def test_while_factorial(n):
    (out,) = run(FACTORIAL, np.array(n, np.int64))
    assert out.dtype == np.int64 and int(out) == math.factorial(n)


FIB = """
func.func @main(%n: tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>) {
  %zero = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %one = shlo.constant {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0:3 = shlo.while %zero, %zero, %one : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>) {
  ^bb0(%i: tensor<i32>, %a: tensor<i32>, %b: tensor<i32>):
    %c = shlo.compare %i, %n {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    shlo.return %c : tensor<i1>
  } {
  ^bb0(%i: tensor<i32>, %a: tensor<i32>, %b: tensor<i32>):
    %i1 = shlo.add %i, %one : tensor<i32>
    %s = shlo.add %a, %b : tensor<i32>
    shlo.return %i1, %b, %s : tensor<i32>, tensor<i32>, tensor<i32>
  }
  func.return %0#0, %0#1, %0#2 : tensor<i32>, tensor<i32>, tensor<i32>
}
"""


@pytest.mark.parametrize("n", [0, 1, 2, 7, 30])
def test_while_fibonacci_multiple_carried_values(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    i, fa, fb = run(FIB, np.array(n, np.int32))
    assert (int(i), int(fa), int(fb)) == (n, a, b)


def test_while_with_token_and_outfeed_in_body():
    prog = """
    func.func @main(%x: tensor<3xf32>, %t: !shlo.token) -> (tensor<3xf32>, !shlo.token) {
      %zero = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
      %one = shlo.constant {value = dense<1> : tensor<i32>} : () -> tensor<i32>
      %three = shlo.constant {value = dense<3> : tensor<i32>} : () -> tensor<i32>
      %0:3 = shlo.while %zero, %x, %t : (tensor<i32>, tensor<3xf32>, !shlo.token) -> (tensor<i32>, tensor<3xf32>, !shlo.token) {
      ^bb0(%i: tensor<i32>, %v: tensor<3xf32>, %tk: !shlo.token):
        %c = shlo.compare %i, %three {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
        shlo.return %c : tensor<i1>
      } {
      ^bb0(%i: tensor<i32>, %v: tensor<3xf32>, %tk: !shlo.token):
        %t2 = shlo.outfeed (%v), %tk : (tensor<3xf32>, !shlo.token) -> !shlo.token
        %i1 = shlo.add %i, %one : tensor<i32>
        %v2 = shlo.multiply %v, %v : tensor<3xf32>
        shlo.return %i1, %v2, %t2 : tensor<i32>, tensor<3xf32>, !shlo.token
      }
      func.return %0#1, %0#2 : tensor<3xf32>, !shlo.token
    }
    """
    x = np.array([1.0, 2.0, -1.5], np.float32)
    host = Host()
    out, tok = run(prog, x, shlo.interpreter.TOKEN, host=host)
    expect = [x, x * x, (x * x) * (x * x)]
    assert len(host.outfeed) == 3
    for entry, e in zip(host.outfeed, expect):
        np.testing.assert_array_equal(entry[0], e)
    np.testing.assert_array_equal(out, expect[2] * expect[2])
    assert isinstance(tok, shlo.interpreter.Token)


def test_while_propagates_errors_from_body():
    prog = """
    func.func @main(%x: tensor<i32>) -> tensor<i32> {
      %t = shlo.constant {value = dense<true> : tensor<i1>} : () -> tensor<i1>
      %0 = shlo.while %x : (tensor<i32>) -> tensor<i32> {
      ^bb0(%a: tensor<i32>):
        shlo.return %t : tensor<i1>
      } {
      ^bb0(%a: tensor<i32>):
        %e = "shlo.custom_call"(%a) {call_target_name = "no.such_target"} : (tensor<i32>) -> tensor<i32>
        shlo.return %e : tensor<i32>
      }
      func.return %0 : tensor<i32>
    }
    """
    with pytest.raises(shlo.InterpreterError, match="no.such_target"):
        run(prog, np.array(1, np.int32))


# ----------------------------------------------------------------- if / case


IF = """
func.func @main(%p: tensor<i1>, %x: tensor<3xf32>) -> (tensor<3xf32>, tensor<i32>) {
  %0:2 = shlo.if %p : (tensor<i1>) -> (tensor<3xf32>, tensor<i32>) {
    %d = shlo.multiply %x, %x : tensor<3xf32>
    %c = shlo.constant {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    shlo.return %d, %c : tensor<3xf32>, tensor<i32>
  } {
    %n = shlo.negate %x : tensor<3xf32>
    %c = shlo.constant {value = dense<2> : tensor<i32>} : () -> tensor<i32>
    shlo.return %n, %c : tensor<3xf32>, tensor<i32>
  }
  func.return %0#0, %0#1 : tensor<3xf32>, tensor<i32>
}
"""


@pytest.mark.parametrize("pred", [True, False])
def test_if_selects_branch(pred):
    x = RNG.standard_normal(3).astype(np.float32)
    out, which = run(IF, np.array(pred), x)
    np.testing.assert_array_equal(out, x * x if pred else -x)
    assert int(which) == (1 if pred else 2)


CASE = """
func.func @main(%i: tensor<i32>, %x: tensor<2xi32>) -> tensor<2xi32> {
  %0 = shlo.case %i : (tensor<i32>) -> tensor<2xi32> {
    %c = shlo.constant {value = dense<100> : tensor<2xi32>} : () -> tensor<2xi32>
    %r = shlo.add %x, %c : tensor<2xi32>
    shlo.return %r : tensor<2xi32>
  }, {
    %r = shlo.multiply %x, %x : tensor<2xi32>
    shlo.return %r : tensor<2xi32>
  }, {
    %r = shlo.negate %x : tensor<2xi32>
    shlo.return %r : tensor<2xi32>
  }
  func.return %0 : tensor<2xi32>
}
"""


@pytest.mark.parametrize("index", [0, 1, 2, 3, 17, -1, -2147483648])
def test_case_selects_branch_out_of_range_is_last(index):
    x = np.array([3, -7], np.int32)
    branches = [x + 100, x * x, -x]
    expected = branches[index] if 0 <= index < 3 else branches[-1]
    (out,) = run(CASE, np.array(index, np.int32), x)
    np.testing.assert_array_equal(out, expected)


def test_if_untaken_branch_has_no_side_effects():
    prog = """
    func.func @main(%p: tensor<i1>, %x: tensor<i32>, %t: !shlo.token) -> !shlo.token {
      %0 = shlo.if %p : (tensor<i1>) -> !shlo.token {
        %a = shlo.outfeed (%x), %t : (tensor<i32>, !shlo.token) -> !shlo.token
        shlo.return %a : !shlo.token
      } {
        shlo.return %t : !shlo.token
      }
      func.return %0 : !shlo.token
    }
    """
    host = Host()
    run(prog, np.array(False), np.array(5, np.int32), None, host=host)
    assert host.outfeed == []
    run(prog, np.array(True), np.array(5, np.int32), None, host=host)
    assert len(host.outfeed) == 1 and int(host.outfeed[0][0]) == 5


# ----------------------------------------------------------------- calls, composite, async


def test_nested_func_calls():
    prog = """
    func.func @main(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
      %0 = func.call @f(%x, %y) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      %1 = func.call @g(%0) : (tensor<2xf32>) -> tensor<2xf32>
      func.return %1 : tensor<2xf32>
    }
    func.func private @f(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
      %0 = func.call @g(%a) : (tensor<2xf32>) -> tensor<2xf32>
      %1 = shlo.subtract %0, %b : tensor<2xf32>
      func.return %1 : tensor<2xf32>
    }
    func.func private @g(%a: tensor<2xf32>) -> tensor<2xf32> {
      %0 = shlo.multiply %a, %a : tensor<2xf32>
      func.return %0 : tensor<2xf32>
    }
    """
    x = np.array([1.5, -2.0], np.float32)
    y = np.array([0.25, 3.0], np.float32)
    (out,) = run(prog, x, y)
    np.testing.assert_array_equal(out, (x * x - y) * (x * x - y))


def test_composite_runs_decomposition():
    prog = """
    func.func @main(%x: tensor<3xf32>, %y: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
      %0:2 = shlo.composite %x, %y {name = "test.sum_and_diff", decomposition = @sd, version = 2 : i32} : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
      func.return %0#0, %0#1 : tensor<3xf32>, tensor<3xf32>
    }
    func.func private @sd(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
      %0 = shlo.add %a, %b : tensor<3xf32>
      %1 = shlo.subtract %a, %b : tensor<3xf32>
      func.return %0, %1 : tensor<3xf32>, tensor<3xf32>
    }
    """
    x = RNG.standard_normal(3).astype(np.float32)
    y = RNG.standard_normal(3).astype(np.float32)
    s, d = run(prog, x, y)
    np.testing.assert_array_equal(s, x + y)
    np.testing.assert_array_equal(d, x - y)


def test_async_start_done_pair():
    prog = """
    func.func @main(%x: tensor<2xi32>, %t: !shlo.token) -> (tensor<2xi32>, tensor<2xi32>, !shlo.token) {
      %f = shlo.async_start %x, %t {called_computation = @work, execution_thread = "main"} : (tensor<2xi32>, !shlo.token) -> !shlo.future<tensor<2xi32>, !shlo.token>
      %z = shlo.add %x, %x : tensor<2xi32>
      %r:2 = shlo.async_done %f : (!shlo.future<tensor<2xi32>, !shlo.token>) -> (tensor<2xi32>, !shlo.token)
      func.return %r#0, %z, %r#1 : tensor<2xi32>, tensor<2xi32>, !shlo.token
    }
    func.func private @work(%a: tensor<2xi32>, %t: !shlo.token) -> (tensor<2xi32>, !shlo.token) {
      %0 = shlo.multiply %a, %a : tensor<2xi32>
      %t2 = shlo.outfeed (%0), %t : (tensor<2xi32>, !shlo.token) -> !shlo.token
      func.return %0, %t2 : tensor<2xi32>, !shlo.token
    }
    """
    x = np.array([4, -9], np.int32)
    host = Host()
    r, z, tok = run(prog, x, None, host=host)
    np.testing.assert_array_equal(r, x * x)
    np.testing.assert_array_equal(z, x + x)
    assert len(host.outfeed) == 1
    np.testing.assert_array_equal(host.outfeed[0][0], x * x)


# ----------------------------------------------------------------- custom_call checks


def check_prog(target, ty, extra="", token=False):
    if token:
        return f"""
        func.func @main(%a: {ty}, %b: {ty}, %t: !shlo.token) -> !shlo.token {{
          %0 = "shlo.custom_call"(%a, %b, %t) {{call_target_name = "{target}"{extra}}} : ({ty}, {ty}, !shlo.token) -> !shlo.token
          func.return %0 : !shlo.token
        }}
        """
    return f"""
    func.func @main(%a: {ty}, %b: {ty}) -> () {{
      "shlo.custom_call"(%a, %b) {{call_target_name = "{target}", has_side_effect = true{extra}}} : ({ty}, {ty}) -> ()
      func.return
    }}
    """


def test_expect_eq_passes_and_fails_on_ints():
    prog = check_prog("check.expect_eq", "tensor<3xi32>")
    a = np.array([1, 2, 3], np.int32)
    assert run(prog, a, a.copy()) == []
    b = np.array([1, 2, 4], np.int32)
    with pytest.raises(CheckFailure) as e:
        run(prog, a, b)
    msg = str(e.value)
    assert "[1 2 3]" in msg and "[1 2 4]" in msg and "(2,)" in msg
    assert isinstance(e.value, shlo.InterpreterError)


def test_expect_eq_floats_nan_equal_and_exact():
    prog = check_prog("check.expect_eq", "tensor<3xf32>")
    a = np.array([1.0, np.nan, -0.5], np.float32)
    run(prog, a, a.copy())
    with pytest.raises(CheckFailure):
        run(prog, a, np.array([1.0, np.nan, np.nextafter(np.float32(-0.5), np.float32(0))], np.float32))
    with pytest.raises(CheckFailure):
        run(prog, a, np.array([1.0, 0.0, -0.5], np.float32))


def test_expect_eq_bool_with_token_result():
    prog = check_prog("check.expect_eq", "tensor<2xi1>", token=True)
    a = np.array([True, False])
    (tok,) = run(prog, a, a.copy(), None)
    assert isinstance(tok, shlo.interpreter.Token)
    with pytest.raises(CheckFailure):
        run(prog, a, ~a, None)


def test_expect_close_default_and_configured_tolerance():
    prog = check_prog("check.expect_close", "tensor<2xf32>")
    a = np.array([1.0, 1000.0], np.float32)
    run(prog, a, (a * (1 + 1e-7)).astype(np.float32))
    with pytest.raises(CheckFailure) as e:
        run(prog, a, np.array([1.0, 1001.0], np.float32))
    assert "1000" in str(e.value) and "1001" in str(e.value)
    loose = check_prog("check.expect_close", "tensor<2xf32>", extra=', backend_config = "rtol=1e-2"')
    run(loose, a, np.array([1.005, 1001.0], np.float32))
    with pytest.raises(CheckFailure):
        run(loose, a, np.array([1.5, 1001.0], np.float32))


def test_expect_eq_const_from_dictionary_config():
    prog = """
    func.func @main(%a: tensor<2x2xi32>) -> () {
      "shlo.custom_call"(%a) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>}} : (tensor<2x2xi32>) -> ()
      func.return
    }
    """
    run(prog, np.array([[1, 2], [3, 4]], np.int32))
    with pytest.raises(CheckFailure) as e:
        run(prog, np.array([[1, 2], [3, 5]], np.int32))
    assert "5" in str(e.value) and "(1, 1)" in str(e.value)


def test_check_inside_program_on_computed_value():
    prog = """
    func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
      %0 = shlo.add %x, %x : tensor<3xf32>
      %e = shlo.constant {value = dense<[2.0, 4.0, 6.0]> : tensor<3xf32>} : () -> tensor<3xf32>
      "shlo.custom_call"(%0, %e) {call_target_name = "check.expect_close", backend_config = "rtol=1e-6"} : (tensor<3xf32>, tensor<3xf32>) -> ()
      func.return %0 : tensor<3xf32>
    }
    """
    run(prog, np.array([1, 2, 3], np.float32))
    with pytest.raises(CheckFailure):
        run(prog, np.array([1, 2, 4], np.float32))


def test_unknown_custom_call_target():
    prog = """
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      %0 = shlo.custom_call %x {call_target_name = "my_target", backend_config = "mode=fast"} : (tensor<2xf32>) -> tensor<2xf32>
      func.return %0 : tensor<2xf32>
    }
    """
    with pytest.raises(shlo.InterpreterError, match="my_target"):
        run(prog, np.zeros(2, np.float32))


# ----------------------------------------------------------------- process ids


def test_replica_and_partition_ids_on_grid():
    prog = """
    func.func @main() -> (tensor<ui32>, tensor<ui32>) {
      %0 = shlo.replica_id : () -> tensor<ui32>
      %1 = shlo.partition_id : () -> tensor<ui32>
      func.return %0, %1 : tensor<ui32>, tensor<ui32>
    }
    """
    outs = run(prog, [[]] * 6, num_replicas=2, num_partitions=3)
    for p, (r, q) in enumerate(outs):
        assert r.dtype == np.uint32 and (int(r), int(q)) == (p // 3, p % 3)


# ----------------------------------------------------------------- collectives


SUM = """^bb0(%a: tensor<{e}>, %b: tensor<{e}>):
    %s = shlo.add %a, %b : tensor<{e}>
    shlo.return %s : tensor<{e}>"""


def test_all_reduce_sum_groups_of_two_over_four_replicas():
    prog = """
    func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
      %0 = shlo.all_reduce %x {replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>} : (tensor<2x3xf32>) -> tensor<2x3xf32> {
      """ + SUM.format(e="f32") + """
      }
      func.return %0 : tensor<2x3xf32>
    }
    """
    xs = [RNG.integers(-50, 50, (2, 3)).astype(np.float32) for _ in range(4)]
    outs = run(prog, [[x] for x in xs], num_replicas=4)
    for p in range(4):
        group = [0, 1] if p < 2 else [2, 3]
        np.testing.assert_array_equal(outs[p][0], xs[group[0]] + xs[group[1]])


def test_all_reduce_widening_two_operands():
    prog = """
    func.func @main(%x: tensor<2xi8>, %y: tensor<i32>) -> (tensor<2xi32>, tensor<i32>) {
      %0:2 = "shlo.all_reduce"(%x, %y) ({
      """ + SUM.format(e="i32") + """
      }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi8>, tensor<i32>) -> (tensor<2xi32>, tensor<i32>)
      func.return %0#0, %0#1 : tensor<2xi32>, tensor<i32>
    }
    """
    ins = [[np.array([100, 1], np.int8), np.array(5, np.int32)],
           [np.array([100, -3], np.int8), np.array(7, np.int32)]]
    outs = run(prog, ins, num_replicas=2)
    for a, b in outs:
        assert a.dtype == np.int32
        np.testing.assert_array_equal(a, [200, -2])
        assert int(b) == 12


def test_all_reduce_flattened_ids_and_cross_replica_and_partition():
    def prog(attrs):
        return """
        func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
          %0 = "shlo.all_reduce"(%x) ({
          """ + SUM.format(e="f32") + """
          }) {""" + attrs + """} : (tensor<2xf32>) -> tensor<2xf32>
          func.return %0 : tensor<2xf32>
        }
        """
    xs = [np.array([2.0 ** p, 10.0 * p], np.float32) for p in range(4)]  # process p = (p // 2, p % 2)
    flat = run(prog('replica_groups = dense<[[0, 3], [1, 2]]> : tensor<2x2xi64>, channel_handle = '
                    '#shlo.channel_handle<handle = 1, type = 1>, use_global_device_ids = true'),
               [[x] for x in xs], num_replicas=2, num_partitions=2)
    for p, partner in enumerate([3, 2, 1, 0]):
        np.testing.assert_array_equal(flat[p][0], xs[p] + xs[partner])
    # channel > 0 without global ids: rows of replica ids span every partition.
    both = run(prog('replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = '
                    '#shlo.channel_handle<handle = 1, type = 1>'),
               [[x] for x in xs], num_replicas=2, num_partitions=2)
    for p in range(4):
        np.testing.assert_array_equal(both[p][0], xs[0] + xs[1] + xs[2] + xs[3])
    # cross-replica: for each partition, the replicas of the row.
    cross = run(prog('replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>'),
                [[x] for x in xs], num_replicas=2, num_partitions=2)
    for p in range(4):
        np.testing.assert_array_equal(cross[p][0], xs[p % 2] + xs[p % 2 + 2])


def test_all_reduce_region_run_per_element():
    # A region with a non-element-wise op (reshape) is run element by element.
    prog = """
    func.func @main(%x: tensor<4xi32>) -> tensor<4xi32> {
      %0 = shlo.all_reduce %x {replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<4xi32>) -> tensor<4xi32> {
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %m = shlo.maximum %a, %b : tensor<i32>
        %r = shlo.reshape %m : (tensor<i32>) -> tensor<i32>
        shlo.return %r : tensor<i32>
      }
      func.return %0 : tensor<4xi32>
    }
    """
    xs = [RNG.integers(-100, 100, 4).astype(np.int32) for _ in range(3)]
    outs = run(prog, [[x] for x in xs], num_replicas=3)
    for o in outs:
        np.testing.assert_array_equal(o[0], np.maximum(np.maximum(xs[0], xs[1]), xs[2]))


def test_all_gather_two_replicas_and_replica_and_partition_order():
    prog = """
    func.func @main(%x: tensor<2x2xi32>) -> tensor<2x4xi32> {
      %0 = "shlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<2x2xi32>) -> tensor<2x4xi32>
      func.return %0 : tensor<2x4xi32>
    }
    """
    xs = [np.array([[1, 2], [3, 4]], np.int32), np.array([[5, 6], [7, 8]], np.int32)]
    outs = run(prog, [[x] for x in xs], num_replicas=2)
    for o in outs:  # row order [1, 0]: replica 1's operand first
        np.testing.assert_array_equal(o[0], np.concatenate([xs[1], xs[0]], axis=1))
    prog2 = """
    func.func @main(%x: tensor<1xi32>) -> tensor<4xi32> {
      %0 = "shlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[2, 0, 3, 1]]> : tensor<1x4xi64>, channel_handle = #shlo.channel_handle<handle = 3, type = 1>, use_global_device_ids = true} : (tensor<1xi32>) -> tensor<4xi32>
      func.return %0 : tensor<4xi32>
    }
    """
    # 2 replicas x 2 partitions; process (r, p) holds 10 * r + p; flattened id 2 is (1, 0).
    vals = [np.array([10 * (p // 2) + p % 2], np.int32) for p in range(4)]
    outs = run(prog2, [[v] for v in vals], num_replicas=2, num_partitions=2)
    for o in outs:
        np.testing.assert_array_equal(o[0], [10, 0, 11, 1])


def test_all_to_all_two_replicas_and_cross_partition():
    prog = """
    func.func @main(%x: tensor<2x4xi32>) -> tensor<4x2xi32> {
      %0 = "shlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi32>) -> tensor<4x2xi32>
      func.return %0 : tensor<4x2xi32>
    }
    """
    xs = [np.arange(1, 9, dtype=np.int32).reshape(2, 4), np.arange(9, 17, dtype=np.int32).reshape(2, 4)]
    outs = run(prog, [[x] for x in xs], num_replicas=2)
    np.testing.assert_array_equal(outs[0][0], [[1, 2], [5, 6], [9, 10], [13, 14]])
    np.testing.assert_array_equal(outs[1][0], [[3, 4], [7, 8], [11, 12], [15, 16]])

    prog3 = """
    func.func @main(%x: tensor<3x2xf32>) -> tensor<1x6xf32> {
      %0 = "shlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 3 : i64, replica_groups = dense<[[2, 0, 1]]> : tensor<1x3xi64>, channel_handle = #shlo.channel_handle<handle = 1, type = 1>} : (tensor<3x2xf32>) -> tensor<1x6xf32>
      func.return %0 : tensor<1x6xf32>
    }
    """
    xs = [RNG.standard_normal((3, 2)).astype(np.float32) for _ in range(3)]
    outs = run(prog3, [[x] for x in xs], num_partitions=3)
    order = [2, 0, 1]
    for p in range(3):
        pos = order.index(p)
        expected = np.concatenate([np.split(xs[s], 3, axis=0)[pos] for s in order], axis=1)
        np.testing.assert_array_equal(outs[p][0], expected)


def test_reduce_scatter_two_and_four_replicas():
    prog = """
    func.func @main(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
      %0 = "shlo.reduce_scatter"(%x) ({
      """ + SUM.format(e="f32") + """
      }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
      func.return %0 : tensor<2x2xf32>
    }
    """
    xs = [np.array([[1, 2, 3, 4], [5, 6, 7, 8]], np.float32),
          np.array([[10, 20, 30, 40], [50, 60, 70, 80]], np.float32)]
    outs = run(prog, [[x] for x in xs], num_replicas=2)
    np.testing.assert_array_equal(outs[0][0], [[11, 22], [55, 66]])
    np.testing.assert_array_equal(outs[1][0], [[33, 44], [77, 88]])

    prog4 = """
    func.func @main(%x: tensor<4xi64>) -> tensor<2xi64> {
      %0 = "shlo.reduce_scatter"(%x) ({
      """ + SUM.format(e="i64") + """
      }) {scatter_dimension = 0 : i64, replica_groups = dense<[[3, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<4xi64>) -> tensor<2xi64>
      func.return %0 : tensor<2xi64>
    }
    """
    xs = [RNG.integers(-1000, 1000, 4) for _ in range(4)]
    outs = run(prog4, [[x] for x in xs], num_replicas=4)
    for group in ([3, 1], [0, 2]):
        total = xs[group[0]] + xs[group[1]]
        for pos, p in enumerate(group):
            np.testing.assert_array_equal(outs[p][0], np.split(total, 2)[pos])


def test_collective_broadcast_three_replicas():
    prog = """
    func.func @main(%x: tensor<2xi64>) -> tensor<2xi64> {
      %0 = "shlo.collective_broadcast"(%x) {replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
      func.return %0 : tensor<2xi64>
    }
    """
    outs = run(prog, [[np.array([k, 10 * k], np.int64)] for k in range(3)], num_replicas=3)
    np.testing.assert_array_equal(outs[0][0], [0, 0])
    np.testing.assert_array_equal(outs[1][0], [2, 20])
    np.testing.assert_array_equal(outs[2][0], [2, 20])


def test_collective_permute_rotate_partitions_and_ring():
    prog = """
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      %0 = "shlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>, channel_handle = #shlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>) -> tensor<2xf32>
      func.return %0 : tensor<2xf32>
    }
    """
    outs = run(prog, [[np.array([k, k], np.float32)] for k in range(3)], num_partitions=3)
    np.testing.assert_array_equal(outs[0][0], [0, 0])
    np.testing.assert_array_equal(outs[1][0], [0, 0])
    np.testing.assert_array_equal(outs[2][0], [1, 1])

    ring = """
    func.func @main(%x: tensor<3xi32>) -> tensor<3xi32> {
      %0 = "shlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>} : (tensor<3xi32>) -> tensor<3xi32>
      func.return %0 : tensor<3xi32>
    }
    """
    xs = [RNG.integers(-9, 9, 3).astype(np.int32) for _ in range(4)]
    outs = run(ring, [[x] for x in xs], num_replicas=4)
    for p in range(4):
        np.testing.assert_array_equal(outs[p][0], xs[(p - 1) % 4])


def test_collectives_in_sequence_pair_by_program_order():
    prog = """
    func.func @main(%x: tensor<2xi32>) -> (tensor<2xi32>, tensor<4xi32>) {
      %0 = shlo.all_reduce %x {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32> {
      """ + SUM.format(e="i32") + """
      }
      %1 = "shlo.all_gather"(%0) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<4xi32>
      func.return %0, %1 : tensor<2xi32>, tensor<4xi32>
    }
    """
    xs = [np.array([1, 2], np.int32), np.array([30, 40], np.int32)]
    outs = run(prog, [[x] for x in xs], num_replicas=2)
    for s, g in outs:
        np.testing.assert_array_equal(s, xs[0] + xs[1])
        np.testing.assert_array_equal(g, np.concatenate([xs[0] + xs[1]] * 2))


def test_failure_in_one_process_does_not_deadlock_others():
    prog = """
    func.func @main(%x: tensor<i32>) -> tensor<i32> {
      %r = shlo.replica_id : () -> tensor<ui32>
      %z = shlo.constant {value = dense<0> : tensor<ui32>} : () -> tensor<ui32>
      "shlo.custom_call"(%r, %z) {call_target_name = "check.expect_eq"} : (tensor<ui32>, tensor<ui32>) -> ()
      %0 = shlo.all_reduce %x {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<i32>) -> tensor<i32> {
      """ + SUM.format(e="i32") + """
      }
      func.return %0 : tensor<i32>
    }
    """
    start = time.monotonic()
    with pytest.raises(shlo.InterpreterError) as e:
        run(prog, [[np.array(1, np.int32)], [np.array(2, np.int32)]], num_replicas=2)
    assert time.monotonic() - start < 10
    assert "check.expect_eq" in str(e.value)


# ----------------------------------------------------------------- host transfers


def test_infeed_outfeed_with_host():
    prog = """
    func.func @main(%t: !shlo.token) -> (tensor<2x2xf32>, tensor<i32>, !shlo.token) {
      %0:3 = shlo.infeed %t {infeed_config = ""} : (!shlo.token) -> (tensor<2x2xf32>, tensor<i32>, !shlo.token)
      %1:3 = shlo.infeed %0#2 : (!shlo.token) -> (tensor<2x2xf32>, tensor<i32>, !shlo.token)
      %s = shlo.add %0#0, %1#0 : tensor<2x2xf32>
      %2 = shlo.outfeed (%s, %1#1), %1#2 : (tensor<2x2xf32>, tensor<i32>, !shlo.token) -> !shlo.token
      func.return %s, %0#1, %2 : tensor<2x2xf32>, tensor<i32>, !shlo.token
    }
    """
    a = np.array([[1, 2], [3, 4]], np.float32)
    b = np.array([[0.5, 0.25], [-1, 8]], np.float32)
    host = Host(infeed=[[a, 7], [b, np.int32(-3)]])
    s, i, tok = run(prog, None, host=host)
    np.testing.assert_array_equal(s, a + b)
    assert int(i) == 7 and host.infeed == []
    assert len(host.outfeed) == 1
    np.testing.assert_array_equal(host.outfeed[0][0], a + b)
    assert int(host.outfeed[0][1]) == -3
    with pytest.raises(shlo.InterpreterError, match="infeed"):
        run(prog, None, host=Host(infeed=[[a, 7]]))


def test_send_recv_host_transfer():
    prog = """
    func.func @main(%x: tensor<3xi32>, %t: !shlo.token) -> (tensor<3xi32>, !shlo.token) {
      %0 = shlo.send (%x), %t {channel_handle = #shlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (tensor<3xi32>, !shlo.token) -> !shlo.token
      %1:2 = shlo.recv %0 {channel_handle = #shlo.channel_handle<handle = 5, type = 3>, is_host_transfer = true} : (!shlo.token) -> (tensor<3xi32>, !shlo.token)
      func.return %1#0, %1#1 : tensor<3xi32>, !shlo.token
    }
    """
    host = Host()
    host.channels[5].append([np.array([7, 8, 9], np.int32)])
    x = np.array([1, 2, 3], np.int32)
    r, _ = run(prog, x, None, host=host)
    np.testing.assert_array_equal(r, [7, 8, 9])
    assert len(host.channels[1]) == 1
    np.testing.assert_array_equal(host.channels[1][0][0], x)
    assert host.channels[5] == []


def test_send_recv_device_to_device():
    prog = """
    func.func @main(%x: tensor<2xf32>, %t: !shlo.token) -> (tensor<2xf32>, !shlo.token) {
      %pid = shlo.partition_id : () -> tensor<ui32>
      %z = shlo.constant {value = dense<0> : tensor<ui32>} : () -> tensor<ui32>
      %p = shlo.compare %pid, %z {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      %0:2 = shlo.if %p : (tensor<i1>) -> (tensor<2xf32>, !shlo.token) {
        %s = "shlo.send"(%x, %t) {channel_handle = #shlo.channel_handle<handle = 5, type = 1>} : (tensor<2xf32>, !shlo.token) -> !shlo.token
        shlo.return %x, %s : tensor<2xf32>, !shlo.token
      } {
        %r:2 = "shlo.recv"(%t) {channel_handle = #shlo.channel_handle<handle = 5, type = 1>} : (!shlo.token) -> (tensor<2xf32>, !shlo.token)
        shlo.return %r#0, %r#1 : tensor<2xf32>, !shlo.token
      }
      func.return %0#0, %0#1 : tensor<2xf32>, !shlo.token
    }
    """
    x0 = np.array([1.5, -2.5], np.float32)
    outs = run(prog, [[x0, None], [np.zeros(2, np.float32), None]], num_partitions=2)
    np.testing.assert_array_equal(outs[0][0], x0)
    np.testing.assert_array_equal(outs[1][0], x0)


def test_all_gather_cross_replica_and_partition_order_unverified():
    # channel > 0 without global ids: the group is every partition of the row's
    # replicas, partition by partition. (The verifier's all_gather.C6 sizes the
    # result by dim(replica_groups, 1), so this runs with verify=False.)
    prog = """
    func.func @main(%x: tensor<1xi32>) -> tensor<4xi32> {
      %0 = "shlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>, channel_handle = #shlo.channel_handle<handle = 3, type = 1>} : (tensor<1xi32>) -> tensor<4xi32>
      func.return %0 : tensor<4xi32>
    }
    """
    vals = [np.array([10 * (p // 2) + p % 2], np.int32) for p in range(4)]
    outs = interpret(shlo.parse(prog, verify=False), [[v] for v in vals], num_replicas=2, num_partitions=2,
                     verify=False)
    for o in outs:  # (1,0), (0,0), (1,1), (0,1)
        np.testing.assert_array_equal(o[0], [10, 0, 11, 1])
