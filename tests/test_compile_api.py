"""shlo.compile: calling convention, argument checks, caches, check.* programs, the CLI.

Expected values are computed with numpy, independently of the compiler.
"""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import shlo

ROOT = Path(__file__).resolve().parent.parent

ADD_MUL = """
func.func @main(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xi1>) {
  %0 = "shlo.add"(%a, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "shlo.multiply"(%0, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %2 = "shlo.compare"(%1, %a) {comparison_direction = #shlo.comparison_direction<GT>} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xi1>
  func.return %1, %2 : tensor<?x4xf32>, tensor<?x4xi1>
}
"""


@pytest.fixture(scope="module")
def add_mul():
    return shlo.compile(shlo.parse(ADD_MUL))


def test_runs_and_matches_numpy(add_mul):
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    b = np.full((3, 4), 2.0, np.float32)
    out, gt = add_mul(a, b)
    np.testing.assert_array_equal(out, (a + b) * b)
    np.testing.assert_array_equal(gt, (a + b) * b > a)
    assert out.dtype == np.float32 and gt.dtype == np.bool_


def test_dynamic_dimension_takes_any_size(add_mul):
    for rows in (0, 1, 7):
        a = np.ones((rows, 4), np.float32)
        out, _ = add_mul(a, a)
        assert out.shape == (rows, 4)
        np.testing.assert_array_equal(out, np.full((rows, 4), 2.0, np.float32))


def test_results_own_their_memory(add_mul):
    a = np.ones((5, 4), np.float32)
    outs = [add_mul(a, a)[0] for _ in range(50)]
    outs[0][0, 0] = 99.0          # writable, and not shared with the others
    assert all(o[0, 0] == 2.0 for o in outs[1:])


@pytest.mark.parametrize("args, message", [
    ((np.ones((2, 4), np.float32),), "takes 2 arguments, got 1"),
    ((np.ones((2, 4), np.float32),) * 3, "takes 2 arguments, got 3"),
    ((np.ones((2, 4), np.float64), np.ones((2, 4), np.float32)), "argument 0: expected dtype float32"),
    ((np.ones((2, 5), np.float32), np.ones((2, 5), np.float32)), "argument 0: expected shape (?, 4)"),
    ((np.ones((2, 4, 1), np.float32), np.ones((2, 4), np.float32)), "argument 0: expected shape (?, 4)"),
    ((np.ones((2, 4), np.float32), "text"), "argument 1"),
])
def test_wrong_arguments_raise_before_native_code(add_mul, args, message):
    with pytest.raises(shlo.ExecutionError) as info:
        add_mul(*args)
    assert message in str(info.value)
    assert isinstance(info.value, shlo.ShloError)


def test_python_lists_convert(add_mul):
    out, _ = add_mul([[1, 2, 3, 4]], [[1, 1, 1, 1]])
    np.testing.assert_array_equal(out, [[2, 3, 4, 5]])


def test_memory_cache_reuses_compiled_code():
    prog = shlo.parse(ADD_MUL)
    first = shlo.compile(prog)
    second = shlo.compile(shlo.parse(ADD_MUL))
    assert second.timings.get("cached") == "memory"
    assert first.key == second.key


def test_disk_cache_is_used_by_another_process(tmp_path):
    src = tmp_path / "prog.mlir"
    src.write_text(ADD_MUL)
    script = textwrap.dedent(f"""
        import numpy as np, shlo
        f = shlo.compile(shlo.parse(open({str(src)!r}).read()), cache_dir={str(tmp_path / 'cache')!r})
        out, _ = f(np.ones((2, 4), np.float32), np.ones((2, 4), np.float32))
        assert (out == 2).all()
        print(f.timings.get("cached", "compiled"))
    """)
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
            for _ in range(2)]
    for r in runs:
        assert r.returncode == 0, r.stderr[-2000:]
    assert runs[0].stdout.split()[-1] == "compiled"
    assert runs[1].stdout.split()[-1] == "disk"
    assert not [p for p in (tmp_path / "cache").iterdir() if p.suffix == ".tmp"]


def test_disk_cache_holds_object_code_for_this_host_and_survives_damage(tmp_path, monkeypatch):
    """The cache keeps object code, keyed by the host's CPU and features: a second compile only
    links (no lowering, no code generation). A damaged entry (a flipped byte, a truncated file)
    is never handed to the JIT: it is compiled again and rewritten."""
    from shlo import _shlo_jit
    monkeypatch.setenv("SHLO_MATMUL", "blas")      # the cached code calls the library too
    assert _shlo_jit.host().startswith("x86_64") or "|" in _shlo_jit.host()
    text = """
    func.func @main(%a: tensor<128x256xf32>, %b: tensor<256x128xf32>) -> tensor<128x128xf32> {
      %0 = "shlo.dot_general"(%a, %b) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [],
        rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}
        : (tensor<128x256xf32>, tensor<256x128xf32>) -> tensor<128x128xf32>
      %1 = shlo.tanh %0 : tensor<128x128xf32>
      func.return %1 : tensor<128x128xf32>
    }"""
    cache = tmp_path / "cache"
    a = np.random.default_rng(0).standard_normal((128, 256)).astype(np.float32)
    b = np.random.default_rng(1).standard_normal((256, 128)).astype(np.float32) / 16
    want = np.tanh(a.astype(np.float64) @ b)
    first = shlo.compile(shlo.parse(text), cache_dir=str(cache), threads=2)
    assert "cached" not in first.timings
    (code,) = [p for p in cache.iterdir() if p.suffix == ".o"]
    for damage in (lambda d: d[:100] + bytes([d[100] ^ 1]) + d[101:], lambda d: d[:len(d) // 2], None):
        shlo.lowering.compiler._MEMORY.clear()
        again = shlo.compile(shlo.parse(text), cache_dir=str(cache), threads=2)
        np.testing.assert_allclose(again(a, b)[0], want, rtol=1e-4, atol=1e-5)
        if damage is None:
            assert again.timings.get("cached") == "disk" and "link" in again.timings and "jit" not in again.timings
        else:
            assert again.timings.get("cached") == "disk"
            code.write_bytes(damage(code.read_bytes()))
            shlo.lowering.compiler._MEMORY.clear()
            rebuilt = shlo.compile(shlo.parse(text), cache_dir=str(cache), threads=2)
            assert "cached" not in rebuilt.timings
            np.testing.assert_allclose(rebuilt(a, b)[0], want, rtol=1e-4, atol=1e-5)


def test_tuples_and_tokens_are_rebuilt():
    prog = shlo.parse("""
    func.func @main(%t: !shlo.token, %p: tuple<tensor<2xi32>, tensor<f32>>) -> (tuple<tensor<2xi32>, tensor<f32>>, !shlo.token) {
      %a = "shlo.get_tuple_element"(%p) {index = 0 : i32} : (tuple<tensor<2xi32>, tensor<f32>>) -> tensor<2xi32>
      %b = "shlo.get_tuple_element"(%p) {index = 1 : i32} : (tuple<tensor<2xi32>, tensor<f32>>) -> tensor<f32>
      %c = "shlo.add"(%a, %a) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
      %r = "shlo.tuple"(%c, %b) : (tensor<2xi32>, tensor<f32>) -> tuple<tensor<2xi32>, tensor<f32>>
      %t2 = "shlo.after_all"(%t) : (!shlo.token) -> !shlo.token
      func.return %r, %t2 : tuple<tensor<2xi32>, tensor<f32>>, !shlo.token
    }""")
    (c, b), tok = shlo.compile(prog)(None, (np.array([1, 2], np.int32), np.array(1.5, np.float32)))
    np.testing.assert_array_equal(c, [2, 4])
    assert b == np.float32(1.5) and b.shape == ()
    assert tok is shlo.interpreter.TOKEN


def test_integer_division_by_zero_does_not_trap():
    prog = shlo.parse("""
    func.func @main(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
      %0 = "shlo.divide"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
      %1 = "shlo.remainder"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
      func.return %0, %1 : tensor<4xi32>, tensor<4xi32>
    }""")
    imin = np.iinfo(np.int32).min
    a = np.array([7, imin, -7, 5], np.int32)
    b = np.array([0, -1, 2, 0], np.int32)
    q, r = shlo.compile(prog)(a, b)
    np.testing.assert_array_equal(q, [-1, imin, -3, -1])
    np.testing.assert_array_equal(r, [7, 0, -1, 5])
    iq, ir_ = shlo.interpret(prog, a, b)
    np.testing.assert_array_equal(q, iq)
    np.testing.assert_array_equal(r, ir_)


CHECKED = """
func.func @main() {
  %a = shlo.constant {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %b = "shlo.add"(%a, %a) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  "shlo.custom_call"(%b) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<EXPECTED> : tensor<3xi32>}} : (tensor<3xi32>) -> ()
  func.return
}
"""


def test_check_calls_run_on_native_results():
    from shlo.lowering.selfcheck import run_compiled
    run_compiled(CHECKED.replace("EXPECTED", "[2, 4, 6]"))
    with pytest.raises(shlo.InterpreterError, match="expect_eq_const failed"):
        run_compiled(CHECKED.replace("EXPECTED", "[2, 4, 7]"))
    with pytest.raises(shlo.InterpreterError, match="expect_eq_const failed"):
        run_compiled(CHECKED.replace("EXPECTED", "[2, 4, 7]"), lift=False)


CHECK_EQ = """func.func @main() -> tensor<2xi1> {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<EXPECTED> : tensor<2xi32>
  %r = stablehlo.custom_call @check.eq(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %r : tensor<2xi1>
}"""


def test_check_eq_returns_its_verdict_compiled():
    # StableHLO's first testdata programs return check.eq's tensor<i1>: true, or a CheckFailure
    prog = shlo.from_stablehlo(CHECK_EQ.replace("EXPECTED", "[1, 2]"))
    np.testing.assert_array_equal(shlo.compile(prog)()[0], [True, True])
    with pytest.raises(shlo.InterpreterError, match="check.eq failed"):
        shlo.compile(shlo.from_stablehlo(CHECK_EQ.replace("EXPECTED", "[1, 3]")))()


ASSERTS = """func.func @main(%x: tensor<4xi32>, %n: tensor<i32>) -> tensor<4xi32> {
  %lo = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %p = shlo.compare %n, %lo {comparison_direction = #shlo.comparison_direction<GE>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
  "shlo.custom_call"(%p, %n) {call_target_name = "check.assert", has_side_effect = true, backend_config = "n is {0}, not >= 0"} : (tensor<i1>, tensor<i32>) -> ()
  %y = shlo.add %x, %x : tensor<4xi32>
  %q = shlo.compare %n, %lo {comparison_direction = #shlo.comparison_direction<NE>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
  "shlo.custom_call"(%q, %x) {call_target_name = "check.assert", has_side_effect = true, backend_config = "n is 0 with x {0}"} : (tensor<i1>, tensor<4xi32>) -> ()
  func.return %y : tensor<4xi32>
}"""


def test_check_asserts_return_one_predicate_and_fail_with_the_interpreters_message():
    # the compiled code returns one result for the checks (driver.ALL_ASSERTS), not one per check
    # operand; a failure's message is the interpreter's
    from shlo.lowering.driver import ALL_ASSERTS
    f = shlo.compile(shlo.parse(ASSERTS))
    assert [p.target for p in f.probes if p.operand_types] == [ALL_ASSERTS]
    x = np.arange(4, dtype=np.int32)
    np.testing.assert_array_equal(f(x, np.int32(3))[0], 2 * x)
    with pytest.raises(shlo.InterpreterError, match=r"n is -2, not >= 0"):
        f(x, np.int32(-2))
    with pytest.raises(shlo.InterpreterError, match=r"n is 0 with x \[0, 1, 2, 3\]"):
        f(x, np.int32(0))


def test_a_failing_check_is_found_by_position_and_rebuilt_alone():
    # the one result is the position of the first check.assert that failed (their count when none
    # did); the message comes from interpreting that check and the ops it reads, not the program
    from shlo.lowering.failed_check import _cut
    prog = shlo.parse(ASSERTS)
    f = shlo.compile(prog)
    x = np.arange(4, dtype=np.int32)
    for n, position in ((3, 2), (-2, 0), (0, 1)):
        assert int(f._native([x, np.int32(n)])[-1]) == position
    cut = _cut(prog, "main", 1).text()
    assert cut.count("check.assert") == 1 and "n is 0 with x" in cut and "shlo.add" not in cut


def test_unknown_entry_and_target():
    prog = shlo.parse(ADD_MUL)
    with pytest.raises(shlo.CompileError, match="no function @nope"):
        shlo.compile(prog, entry="nope")
    with pytest.raises(shlo.CompileError, match="target 'tpu'"):
        shlo.compile(prog, target="tpu")


def test_from_jax_pytrees():
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp

    def fn(params, x):
        return {"y": jnp.tanh(x * params["w"] + params["b"]), "n": jnp.sum(x)}

    params = {"w": np.float32(2.0), "b": np.ones(3, np.float32)}
    x = np.arange(3, dtype=np.float32)
    prog = shlo.from_jax(fn, params, x)
    f = shlo.compile(prog)
    out = f(params, x)
    assert set(out) == {"y", "n"}
    np.testing.assert_allclose(out["y"], np.tanh(x * 2 + 1), rtol=2e-6)
    flat = f(*jax.tree.leaves(((params, x), {})))   # the flat form works too
    np.testing.assert_allclose(flat[1], out["y"] if flat[1].shape else out["n"], rtol=1e-6)


def test_run_cli(tmp_path):
    src = tmp_path / "p.mlir"
    src.write_text(ADD_MUL)
    a = tmp_path / "a.npy"
    np.save(a, np.ones((2, 4), np.float32))
    exe = Path(sys.executable).parent / "shlo-translate"
    ok = subprocess.run([str(exe), "--run", str(src), "--input", str(a), "--input", str(a)],
                        capture_output=True, text=True, timeout=300)
    assert ok.returncode == 0, ok.stderr
    assert "result 0: float32[2, 4]" in ok.stdout
    bad = subprocess.run([str(exe), "--run", str(src), "--input", str(a)], capture_output=True, text=True,
                         timeout=300)
    assert bad.returncode == 1 and "takes 2 arguments, got 1" in bad.stderr
    check = tmp_path / "c.mlir"
    check.write_text(CHECKED.replace("EXPECTED", "[2, 4, 7]"))
    failed = subprocess.run([str(exe), "--run", str(check)], capture_output=True, text=True, timeout=300)
    assert failed.returncode == 1 and "expect_eq_const failed" in failed.stderr


def test_lowering_pass_in_shlo_opt(tmp_path):
    src = tmp_path / "p.mlir"
    src.write_text(ADD_MUL)
    exe = Path(sys.executable).parent / "shlo-opt"
    out = subprocess.run([str(exe), str(src), "-p", "builtin.module(shlo-legalize-to-linalg)"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "linalg.generic" in out.stdout and "shlo." not in out.stdout
    llvm = subprocess.run([str(exe), str(src), "-p", "builtin.module(shlo-lower-to-llvm)"],
                          capture_output=True, text=True, timeout=300)
    assert llvm.returncode == 0, llvm.stderr
    assert "llvm.func @main" in llvm.stdout and "linalg." not in llvm.stdout



def test_disagreeing_dynamic_sizes_are_refused(add_mul):
    with pytest.raises(shlo.ExecutionError, match="argument 0 has size 3 in dimension 0 but argument 1 has size 2"):
        add_mul(np.ones((3, 4), np.float32), np.ones((2, 4), np.float32))


def test_arguments_are_never_written():
    prog = shlo.parse("""
    func.func @main(%x: tensor<4xi32>, %u: tensor<1xi32>, %i: tensor<i32>) -> tensor<4xi32> {
      %0 = "shlo.dynamic_update_slice"(%x, %u, %i) : (tensor<4xi32>, tensor<1xi32>, tensor<i32>) -> tensor<4xi32>
      func.return %0 : tensor<4xi32>
    }""")
    x = np.arange(4, dtype=np.int32)
    out, = shlo.compile(prog)(x, np.array([9], np.int32), np.array(2, np.int32))
    np.testing.assert_array_equal(out, [0, 1, 9, 3])
    np.testing.assert_array_equal(x, [0, 1, 2, 3])


DYNAMIC_LAYER = """
func.func @main(%x: tensor<?x64xf32>, %w: tensor<64x32xf32>) -> tensor<?x32xf32> {
  %0 = "shlo.dot_general"(%x, %w) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [],
       rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<?x64xf32>, tensor<64x32xf32>) -> tensor<?x32xf32>
  %1 = "shlo.tanh"(%0) : (tensor<?x32xf32>) -> tensor<?x32xf32>
  func.return %1 : tensor<?x32xf32>
}
"""


def _layer_args(rows, seed=0):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((rows, 64)).astype(np.float32), rng.standard_normal((64, 32)).astype(np.float32)


def _check_layer(fn, rows, seed=0):
    x, w = _layer_args(rows, seed)
    np.testing.assert_allclose(fn(x, w)[0], np.tanh(x.astype(np.float64) @ w), rtol=2e-5, atol=2e-6)


def test_dynamic_entry_is_specialized_on_the_second_call_with_the_same_sizes():
    fn = shlo.compile(shlo.parse(DYNAMIC_LAYER))
    assert fn.timings["scheduled"] is False       # nothing static to schedule in the generic code
    _check_layer(fn, 48)
    assert fn.specializations == []
    _check_layer(fn, 48, seed=1)                  # second call at these sizes: compiled static for them
    assert fn.specializations == [((48, 64),)]
    assert fn._specializer.timings[((48, 64),)]["scheduled"] is True
    _check_layer(fn, 48, seed=2)                  # and reused
    _check_layer(fn, 5)                           # other sizes: the generic code until they repeat
    assert fn.specializations == [((48, 64),)]


@pytest.mark.parametrize("specialize, expected", [(True, [((7, 64),)]), (False, [])])
def test_specialize_first_call_or_never(specialize, expected):
    fn = shlo.compile(shlo.parse(DYNAMIC_LAYER), specialize=specialize)
    _check_layer(fn, 7)
    assert fn.specializations == expected
    _check_layer(fn, 0)                           # empty batches too
    _check_layer(fn, 0)


def test_specializations_are_bounded_and_a_failed_one_keeps_the_generic_code(monkeypatch):
    from shlo.lowering import compiler, specialize
    monkeypatch.setattr(compiler._Specializer, "SPECIALIZATIONS", 2)
    fn = shlo.compile(shlo.parse(DYNAMIC_LAYER), specialize=True)
    for rows in (1, 2, 3, 1, 3):
        _check_layer(fn, rows)
    assert fn.specializations == [((1, 64),), ((2, 64),)]

    def broken(module, sizes):
        raise shlo.CompileError("no specialization today")
    monkeypatch.setattr(specialize, "specialize_entry", broken)
    fn = shlo.compile(shlo.parse(DYNAMIC_LAYER), specialize=True, opt_level=1)   # not the cached one
    _check_layer(fn, 9)
    assert fn.specializations == [] and "no specialization today" in fn._specializer.errors[((9, 64),)]


def test_specialize_argument_is_checked():
    with pytest.raises(shlo.CompileError, match="specialize='always'"):
        shlo.compile(shlo.parse(DYNAMIC_LAYER), specialize="always")
