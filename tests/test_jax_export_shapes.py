"""Programs exported by jax.export with symbolic shapes: their `shape_assertion` custom calls run
in the interpreter and, before the native code, in compiled functions (lowering/assertions.py).

Expected values come from JAX running the exported artifact (`exported.call`)."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import export

import shlo
from shlo.interpreter.ops.control import ShapeAssertionFailure


def _mlp(x, w, b):
    h = jnp.tanh(x @ w + b)
    return (h - h.mean(axis=-1, keepdims=True)).reshape(h.shape[0], -1, 2).sum(-1)


@pytest.fixture(scope="module")
def exported_mlp():
    (b,) = export.symbolic_shape("b")
    specs = (jax.ShapeDtypeStruct((b, 8), jnp.float32), jax.ShapeDtypeStruct((8, 6), jnp.float32),
             jax.ShapeDtypeStruct((6,), jnp.float32))
    exp = export.export(jax.jit(_mlp))(*specs)
    return exp, shlo.from_stablehlo(exp.mlir_module())


def _args(rows: int):
    rng = np.random.default_rng(rows)
    return [rng.standard_normal(s).astype(np.float32) for s in ((rows, 8), (8, 6), (6,))]


def test_program_keeps_the_assertions(exported_mlp):
    _, prog = exported_mlp
    assert 'call_target_name = "shape_assertion"' in prog.text()


@pytest.mark.parametrize("rows", [1, 7])
def test_interpreted_and_compiled_match_jax_at_two_sizes(exported_mlp, rows):
    exp, prog = exported_mlp
    args = _args(rows)
    want = np.asarray(exp.call(*args))
    np.testing.assert_allclose(shlo.interpret(prog, *args)[0], want, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(shlo.compile(prog)(*args)[0], want, rtol=1e-5, atol=1e-5)


def test_failing_assertion_names_the_dimension_variable(exported_mlp):
    _, prog = exported_mlp
    args = _args(0)
    with pytest.raises(ShapeAssertionFailure, match="'b' = 0"):
        shlo.interpret(prog, *args)
    with pytest.raises(shlo.ExecutionError, match="Expected value >= 1 for dimension variable 'b'"):
        shlo.compile(prog)(*args)


def test_related_sizes_are_checked_before_the_native_code_runs():
    """y must have 2 * b elements: with another size the compiled code would index y by 2 * b."""
    (b,) = export.symbolic_shape("b")

    def f(x, y):
        return jnp.concatenate([x, x]) * y

    exp = export.export(jax.jit(f))(jax.ShapeDtypeStruct((b,), jnp.float32),
                                    jax.ShapeDtypeStruct((2 * b,), jnp.float32))
    prog = shlo.from_stablehlo(exp.mlir_module())
    x, y = np.arange(3, dtype=np.float32), np.arange(6, dtype=np.float32)
    np.testing.assert_array_equal(shlo.compile(prog)(x, y)[0], np.asarray(exp.call(x, y)))
    with pytest.raises(shlo.ExecutionError, match="shape"):
        shlo.compile(prog)(x, np.arange(5, dtype=np.float32))


ASSERT_ON_DATA = """
func.func @main(%a: tensor<1000xf32>) -> tensor<1000xf32> {
  %z = shlo.constant {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %s = "shlo.reduce"(%a, %z) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = "shlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%t) : (tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0>} : (tensor<1000xf32>, tensor<f32>) -> tensor<f32>
  %p = shlo.compare %s, %z {comparison_direction = #shlo.comparison_direction<GT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
  shlo.custom_call %p {call_target_name = "shape_assertion", error_message = "sum must be positive", has_side_effect = true} : (tensor<i1>) -> ()
  func.return %a : tensor<1000xf32>
}
"""


def test_assertion_on_tensor_data_is_refused_by_the_compiler():
    prog = shlo.parse(ASSERT_ON_DATA)
    with pytest.raises(shlo.CompileError, match="more than sizes and scalars"):
        shlo.compile(prog)
    with pytest.raises(ShapeAssertionFailure, match="sum must be positive"):
        shlo.interpret(prog, -np.ones(1000, np.float32))


ASSERT_ON_BROADCAST_SIZE = """
func.func @main(%x: tensor<3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %a = "shlo.dynamic_broadcast_in_dim"(%x, %s) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %n = shlo.get_dimension_size %a {dimension = 0 : i64} : (tensor<?x?xf32>) -> tensor<i32>
  %one = shlo.constant {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %p = shlo.compare %n, %one {comparison_direction = #shlo.comparison_direction<NE>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
  shlo.custom_call %p, %n {call_target_name = "shape_assertion", error_message = "rows {0} must not be 1", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  func.return %a : tensor<?x?xf32>
}
"""


def test_assertion_on_the_size_of_a_broadcast_reads_its_shape_operand():
    """The size of a dynamic_broadcast_in_dim result is its shape operand's element: the assertion
    is checked from that, without broadcasting (ONNX Squeeze after Expand to a shape input)."""
    prog = shlo.parse(ASSERT_ON_BROADCAST_SIZE)
    compiled = shlo.compile(prog)
    x = np.arange(3, dtype=np.float32)
    np.testing.assert_array_equal(compiled(x, np.array([2, 3], np.int64))[0], np.broadcast_to(x, (2, 3)))
    with pytest.raises(shlo.ShloError, match="rows 1 must not be 1"):
        compiled(x, np.array([1, 3], np.int64))
    with pytest.raises(ShapeAssertionFailure, match="rows 1 must not be 1"):
        shlo.interpret(prog, x, np.array([1, 3], np.int64))


NESTED = """
func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %r = func.call @inner(%a) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
func.func private @inner(%a: tensor<?xf32>) -> tensor<?xf32> {
  %n = shlo.get_dimension_size %a {dimension = 0 : i64} : (tensor<?xf32>) -> tensor<i32>
  %one = shlo.constant {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %p = shlo.compare %n, %one {comparison_direction = #shlo.comparison_direction<GE>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
  shlo.custom_call %p, %n {call_target_name = "shape_assertion", error_message = "need {0} >= 1", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  func.return %a : tensor<?xf32>
}
"""


def test_assertion_outside_the_entry_is_refused_by_the_compiler_and_run_by_the_interpreter():
    prog = shlo.parse(NESTED)
    with pytest.raises(shlo.CompileError, match="top level of the entry"):
        shlo.compile(prog)
    with pytest.raises(ShapeAssertionFailure, match="need 0 >= 1"):
        shlo.interpret(prog, np.ones(0, np.float32))
    np.testing.assert_array_equal(shlo.interpret(prog, np.ones(2, np.float32))[0], np.ones(2, np.float32))


# StableHLO's dynamic ops written as custom calls (interpreter/ops/dynamic_custom_calls.py)
(_B, _S) = export.symbolic_shape("b, s")
DYNAMIC = {
    "cumsum": (lambda x: jnp.cumsum(x, axis=1), "stablehlo.dynamic_reduce_window"),
    "cummax": (lambda x: jax.lax.cummax(x, axis=0), "stablehlo.dynamic_reduce_window"),
    "cumsum_reverse": (lambda x: jax.lax.cumsum(x, axis=1, reverse=True), "stablehlo.dynamic_reduce_window"),
    "cumprod": (lambda x: jnp.cumprod(x, axis=0), "stablehlo.dynamic_reduce_window"),
    "strided_same_pool": (lambda x: jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (2, 3), (2, 2), "SAME"),
                          "stablehlo.dynamic_reduce_window"),
    "top_k": (lambda x: jax.lax.top_k(x, x.shape[-1]), "stablehlo.dynamic_top_k"),
    "rng_bit_generator": (lambda x: jax.lax.rng_bit_generator(
        jnp.array([1, 2, 3, 4], jnp.uint32), x.shape, dtype=jnp.uint32,
        algorithm=jax.lax.RandomAlgorithm.RNG_PHILOX)[1].astype(jnp.float32) + x, "stablehlo.dynamic_rng_bit_generator"),
}


@pytest.mark.parametrize("name", sorted(DYNAMIC))
def test_dynamic_custom_calls_run_in_the_interpreter_and_reduce_windows_compile(name):
    fn, target = DYNAMIC[name]
    exp = export.export(jax.jit(fn))(jax.ShapeDtypeStruct((_B, _S), jnp.float32))
    prog = shlo.from_stablehlo(exp.mlir_module())
    assert f'call_target_name = "{target}"' in prog.text()
    rng = np.random.default_rng(3)
    for shape in ((3, 5), (2, 8)):
        x = rng.standard_normal(shape).astype(np.float32)
        x[0, 1] = x[0, 2]           # a tie: lower index first (top_k)
        want = jax.tree_util.tree_leaves(exp.call(x))
        for got, w in zip(shlo.interpret(prog, x), want):
            np.testing.assert_allclose(got, np.asarray(w), rtol=1e-6, atol=1e-6)
    assert target in shlo.to_stablehlo(prog)
    compiled = shlo.compile(prog)
    for shape in ((3, 5), (1, 1), (4, 9)):
        x = rng.standard_normal(shape).astype(np.float32)
        for got, w in zip(compiled(x), jax.tree_util.tree_leaves(exp.call(x))):
            np.testing.assert_allclose(got, np.asarray(w), rtol=1e-5, atol=1e-5)


def _export(fn, dtype=jnp.float32):
    exp = export.export(jax.jit(fn))(jax.ShapeDtypeStruct((_B, _S), dtype))
    return exp, shlo.from_stablehlo(exp.mlir_module())


def _same_as_jax(exp, prog, inputs):
    compiled = shlo.compile(prog)
    for x in inputs:
        want = [np.asarray(w) for w in jax.tree_util.tree_leaves(exp.call(x))]
        for results in (shlo.interpret(prog, x), compiled(x)):
            assert len(results) == len(want)
            for got, w in zip(results, want):
                assert got.dtype == w.dtype and got.shape == w.shape
                np.testing.assert_array_equal(np.asarray(got).view(f"u{w.itemsize}"), w.view(f"u{w.itemsize}"))


def test_dynamic_top_k_orders_special_floats_as_xla():
    """lax.top_k's order is compare GT TOTALORDER, stable: +NaN first, -NaN last, +0 before -0
    (the interpreter had put every NaN first and kept +-0 in index order)."""
    exp, prog = _export(lambda x: jax.lax.top_k(x, x.shape[-1] - 1))
    nan = np.float32(np.nan)
    row = np.array([0.0, -0.0, 1.0, nan, -np.inf, -0.0, 0.0, -nan, np.inf, 1.0, -1e-45], np.float32)
    _same_as_jax(exp, prog, [np.stack([row, row[::-1]]), row[None, :3], np.full((2, 4), -nan, np.float32)])


@pytest.mark.parametrize("dtype", [jnp.int8, jnp.uint32, jnp.bfloat16])
def test_dynamic_top_k_of_other_element_types(dtype):
    exp, prog = _export(lambda x: jax.lax.top_k(x, (x.shape[-1] + 1) // 2), dtype)
    info = np.iinfo(dtype) if jnp.issubdtype(dtype, jnp.integer) else None
    rng = np.random.default_rng(5)
    inputs = []
    for shape in ((3, 7), (1, 1), (2, 6)):
        if info is not None:
            x = rng.integers(info.min, info.max, shape, endpoint=True).astype(dtype)
            x.flat[0], x.flat[-1] = info.min, info.max
        else:
            x = rng.standard_normal(shape).astype(dtype)
            x.flat[0] = np.nan
        x[0, -1] = x[0, 0]      # a tie
        inputs.append(x)
    _same_as_jax(exp, prog, inputs)


@pytest.mark.parametrize("algorithm", ["RNG_THREE_FRY", "RNG_PHILOX", "RNG_DEFAULT"])
@pytest.mark.parametrize("dtype", [jnp.uint8, jnp.uint16, jnp.uint32])
def test_dynamic_rng_bit_generator_compiles_bit_exact(algorithm, dtype):
    """Odd and even sizes in either dimension: THREE_FRY's narrow words pair elements along a
    dimension chosen from the run-time sizes."""
    exp, prog = _export(lambda x: tuple(jax.lax.rng_bit_generator(
        jnp.array([1, 2, 3, 4], jnp.uint32), x.shape, dtype=dtype,
        algorithm=getattr(jax.lax.RandomAlgorithm, algorithm))))
    _same_as_jax(exp, prog, [np.zeros(s, np.float32) for s in ((3, 5), (2, 8), (1, 1), (7, 4), (5, 3))])


def test_approx_top_k_ties_in_xla_order():
    """Ties among bf16 values come out in the order of XLA's sort, which is not stable
    (std::sort: interpreter/ops/std_sort.py); the stable order differs on this input."""
    x = np.round(np.random.default_rng(4).standard_normal((3, 40)) * 2).astype(jnp.bfloat16)
    prog = shlo.from_jax(lambda x: jax.lax.approx_max_k(x, 6), x)
    for got, w in zip(shlo.interpret(prog, x), jax.jit(lambda x: jax.lax.approx_max_k(x, 6))(x)):
        np.testing.assert_array_equal(got, np.asarray(w))


def _introsort_adversary(n: int) -> np.ndarray:
    """Keys that drive std::sort's introsort to its depth limit (heapsort): McIlroy's adversary
    against the interpreter's replay, each value fixed when a comparison first needs it."""
    from shlo.interpreter.ops.std_sort import std_sort_permutation
    val, state = [n] * n, {"solid": 0, "candidate": 0}          # n: not fixed yet

    class Key:
        def __init__(self, i):
            self.i = i

        def __lt__(self, other):
            x, y = self.i, other.i
            if val[x] == n and val[y] == n:
                z = x if x == state["candidate"] else y
                val[z], state["solid"] = state["solid"], state["solid"] + 1
            if val[x] == n:
                state["candidate"] = x
            elif val[y] == n:
                state["candidate"] = y
            return val[x] < val[y]

    std_sort_permutation([Key(i) for i in range(n)])
    return np.array(val)


def test_unstable_sort_leaves_ties_where_xla_does():
    """lax.sort(is_stable=False) of three operands by two keys, the last an argsort's positions,
    over a run-time row length: equal keys in XLA CPU's std::sort order, interpreted and compiled,
    with NaNs (all equal under JAX's comparator) and -0.0 (equal to 0.0), and with keys that take
    introsort to its heapsort (rows of 16 and 17: test_lower_reductions, against the interpreter)."""
    def fn(x):
        second = jnp.round((x - jnp.floor(x)) * 4)
        pos = jax.lax.broadcasted_iota(jnp.int32, x.shape, 1)
        return jax.lax.sort((jnp.floor(x), second, pos), dimension=1, is_stable=False, num_keys=2)

    exp, prog = _export(fn)
    rng = np.random.default_rng(11)
    ties = rng.integers(0, 120, (2, 333)).astype(np.float32) / 4
    special = rng.choice(np.array([np.nan, -np.nan, 0.0, -0.0, 0.25, 1.0, -np.inf], np.float32), (2, 333))
    adversarial = (_introsort_adversary(333) // 2).astype(np.float32)        # pairs of equal keys
    x = np.concatenate([ties, special, np.stack([adversarial, adversarial[::-1]])])
    want = [np.asarray(w) for w in exp.call(x)]
    for results in (shlo.interpret(prog, x), shlo.compile(prog)(x)):
        for got, w in zip(results, want):
            np.testing.assert_array_equal(np.asarray(got).view(f"u{w.itemsize}"), w.view(f"u{w.itemsize}"))
    key = np.floor(x)
    with np.errstate(invalid="ignore"):
        stable = np.stack([np.lexsort((np.round((x[r] - key[r]) * 4), key[r])) for r in range(len(x))])
    assert (want[2] != stable).any(axis=1).all()            # no row comes out in the stable order


@pytest.mark.parametrize("fn", [jax.lax.approx_max_k, jax.lax.approx_min_k])
def test_approx_top_k_runs_and_compiles_as_xla_does_on_cpu(fn):
    """XLA's ApproxTopK custom call: on CPU the exact top k by its comparator, interpreted and
    compiled (a sort by the called comparator, then the first k)."""
    x = np.random.default_rng(4).standard_normal((3, 40)).astype(np.float32)
    x[1, 7] = x[1, 9]
    # many ties: approx_min_k's in XLA's std::sort order; f32 approx_max_k XLA computes with its
    # TopK kernel, which orders ties by index (so do the interpreter and the compiled code)
    x = np.round(x * 2)
    prog = shlo.from_jax(lambda x: fn(x, 5), x)
    assert 'call_target_name = "ApproxTopK"' in prog.text()
    want = jax.jit(lambda x: fn(x, 5))(x)
    for results in (shlo.interpret(prog, x), shlo.compile(prog)(x)):
        for got, w in zip(results, want):
            np.testing.assert_array_equal(got, np.asarray(w))
