"""shlo's JIT (jit/ShloJit.cpp): partitioned code generation on several threads, packed entry
points, and errors reported instead of crashing.

Results of compiled programs are compared with numpy, independently of the compiler.
"""
from __future__ import annotations

import collections
import ctypes

import numpy as np
import pytest
from mlir import ir

import shlo
from shlo import _shlo_jit
from shlo.lowering import compiler, omp
from shlo.lowering.compiler import lower_to_llvm

# Several matmuls of different shapes and element-wise tails: each a loop nest of its own, enough
# LLVM instructions for the JIT to split the module into partitions.
SHAPES = [(8, 16, 24), (16, 24, 8), (24, 8, 32), (32, 16, 8), (8, 32, 16), (16, 8, 40),
          (40, 16, 24), (24, 40, 16), (16, 16, 48), (48, 8, 16), (8, 48, 24), (24, 24, 40),
          (56, 8, 8), (8, 56, 32), (32, 32, 32), (64, 8, 24), (8, 64, 8), (40, 40, 8)]


def _program() -> tuple:
    lines, args, types = [], [], []
    for i, (m, k, n) in enumerate(SHAPES):
        types += [f"tensor<{m}x{k}xf32>", f"tensor<{k}x{n}xf32>"]
        args += [f"%a{i}: tensor<{m}x{k}xf32>", f"%b{i}: tensor<{k}x{n}xf32>"]
        t = f"tensor<{m}x{n}xf32>"
        lines += [
            f'%d{i} = "shlo.dot_general"(%a{i}, %b{i}) {{dot_dimension_numbers = #shlo.dot<'
            f'lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}} : '
            f'(tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) -> {t}',
            f'%t{i} = "shlo.tanh"(%d{i}) : ({t}) -> {t}',
            f'%e{i} = "shlo.exponential"(%t{i}) : ({t}) -> {t}',
            f'%r{i} = "shlo.multiply"(%e{i}, %d{i}) : ({t}, {t}) -> {t}',
        ]
    results = ", ".join(f"%r{i}" for i in range(len(SHAPES)))
    result_types = ", ".join(f"tensor<{m}x{n}xf32>" for m, _, n in SHAPES)
    body = "\n  ".join(lines)
    text = (f"func.func @main({', '.join(args)}) -> ({result_types}) {{\n  {body}\n"
            f"  func.return {results} : {result_types}\n}}\n")
    rng = np.random.default_rng(0)
    inputs = []
    for m, k, n in SHAPES:
        inputs += [rng.standard_normal((m, k), dtype=np.float32) / 4, rng.standard_normal((k, n), dtype=np.float32) / 4]
    return text, inputs


def _expected(inputs):
    out = []
    for i in range(len(SHAPES)):
        d = inputs[2 * i].astype(np.float64) @ inputs[2 * i + 1].astype(np.float64)
        out.append(np.exp(np.tanh(d)) * d)
    return out


@pytest.fixture(scope="module")
def program():
    return _program()


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_partitions_match_threads_and_numpy(program, threads, monkeypatch):
    monkeypatch.setenv("SHLO_COMPILE_THREADS", str(threads))
    from shlo.lowering.ops import linalg    # (named matmuls: no dot summed in XLA's order by a generic)
    monkeypatch.setattr(linalg, "ORDERED_DOT_WORK", 0)
    text, inputs = program
    prog = shlo.parse(text)
    lowered, _ = lower_to_llvm(prog, "main", threads=2)      # OpenMP regions: functions of their own
    code = _shlo_jit.compile(lowered.module.operation, 0, threads, [omp.library()], ["_mlir_ciface_shlo_main"])
    # The functions with loops (the entry and the loop nests it shares, enough to split) in up to
    # `threads` partitions, and the C wrapper, which runs once a call, in one more at the quick level.
    assert code.partitions == (2 if threads == 1 else 3)
    assert code.lookup("_mlir__mlir_ciface_shlo_main")
    monkeypatch.setattr(compiler, "_MEMORY", collections.OrderedDict())   # compiled afresh each time
    compiled = shlo.compile(prog, threads=2)
    for got, want in zip(compiled(*inputs), _expected(inputs)):
        np.testing.assert_allclose(got, want, rtol=2e-5, atol=2e-5)


def test_small_module_is_not_split():
    prog = shlo.parse('func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n'
                      '  %0 = "shlo.add"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n'
                      '  func.return %0 : tensor<4xf32>\n}\n')
    lowered, _ = lower_to_llvm(prog, "main")
    code = _shlo_jit.compile(lowered.module.operation, 0, 4, [], [])
    assert code.partitions == 1


def _llvm_module(text: str) -> ir.Module:
    ctx = ir.Context()
    return ir.Module.parse(text, ctx)


def test_packed_entry_passes_arguments_and_result():
    m = _llvm_module("""
      llvm.func @scale(%a: i64, %b: i64) -> i64 {
        %0 = llvm.mul %a, %b : i64
        llvm.return %0 : i64
      }""")
    code = _shlo_jit.compile(m.operation, 0, 1, [], ["scale"])
    a, b, result = ctypes.c_int64(6), ctypes.c_int64(7), ctypes.c_int64(0)
    args = (ctypes.c_void_p * 3)(ctypes.addressof(a), ctypes.addressof(b), ctypes.addressof(result))
    ctypes.CFUNCTYPE(None, ctypes.c_void_p)(code.lookup("_mlir_scale"))(ctypes.addressof(args))
    assert result.value == 42
    plain = ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_int64, ctypes.c_int64)(code.lookup("scale"))
    assert plain(3, 5) == 15


def _host_has_fma() -> bool:
    import platform
    if platform.machine() not in ("x86_64", "AMD64"):
        return True         # aarch64 and others: a fused multiply-add is part of the base ISA
    with open("/proc/cpuinfo") as f:
        return any(line.startswith("flags") and " fma " in line + " " for line in f)


def test_straight_line_code_keeps_what_contraction_computes():
    """A module without loops is generated at LLVM's quick level, which never fuses a multiply
    and an add; a contracting pair must still become one FMA, as at the full level, also when
    the same target machine generated a quick module just before (its FastISel setting must not
    stay on). (1 + 2^-12)^2 - (1 + 2^-11) is 2^-24 with one rounding and 0 with two."""
    contract = " {fastmathFlags = #llvm.fastmath<contract>}"
    for flags in ["", contract, "", contract]:
        m = _llvm_module(f"""
          llvm.func @f(%a: f32, %c: f32) -> f32 {{
            %0 = llvm.fmul %a, %a{flags} : f32
            %1 = llvm.fadd %0, %c{flags} : f32
            llvm.return %1 : f32
          }}""")
        code = _shlo_jit.compile(m.operation, 0, 1, [], [])
        f = ctypes.CFUNCTYPE(ctypes.c_float, ctypes.c_float, ctypes.c_float)(code.lookup("f"))
        got = f(1 + 2.0 ** -12, -(1 + 2.0 ** -11))
        assert got == (2.0 ** -24 if flags and _host_has_fma() else 0.0), flags


@pytest.mark.parametrize("threads", [1, 2])
def test_run_once_code_is_generated_apart_and_links_back(threads):
    """The entry runs once a call and is generated at the quick level in a partition of its own;
    the function with a loop and the (internal) one whose multiply-add contracts stay at the full
    level, so the FMA's single rounding is kept; the entry calls both across partitions."""
    m = _llvm_module("""
      llvm.func internal @fma(%a: f32, %c: f32) -> f32 {
        %0 = llvm.fmul %a, %a {fastmathFlags = #llvm.fastmath<contract>} : f32
        %1 = llvm.fadd %0, %c {fastmathFlags = #llvm.fastmath<contract>} : f32
        llvm.return %1 : f32
      }
      llvm.func @sum(%n: i64) -> i64 {
        %0 = llvm.mlir.constant(0 : i64) : i64
        %1 = llvm.mlir.constant(1 : i64) : i64
        llvm.br ^loop(%0, %0 : i64, i64)
      ^loop(%i: i64, %s: i64):
        %done = llvm.icmp "sge" %i, %n : i64
        llvm.cond_br %done, ^exit, ^body
      ^body:
        %s2 = llvm.add %s, %i : i64
        %i2 = llvm.add %i, %1 : i64
        llvm.br ^loop(%i2, %s2 : i64, i64)
      ^exit:
        llvm.return %s : i64
      }
      llvm.func @entry(%a: f32, %c: f32, %n: i64) -> f32 {
        %0 = llvm.call @sum(%n) : (i64) -> i64
        %1 = llvm.sitofp %0 : i64 to f32
        %2 = llvm.call @fma(%a, %c) : (f32, f32) -> f32
        %3 = llvm.fadd %2, %1 : f32
        llvm.return %3 : f32
      }""")
    code = _shlo_jit.compile(m.operation, 0, threads, [], [])
    assert code.partitions == 2
    entry = ctypes.CFUNCTYPE(ctypes.c_float, ctypes.c_float, ctypes.c_float, ctypes.c_int64)(code.lookup("entry"))
    assert entry(1 + 2.0 ** -12, -(1 + 2.0 ** -11), 0) == (2.0 ** -24 if _host_has_fma() else 0.0)
    assert entry(0.0, 0.0, 5) == 10.0


def test_packed_entry_of_a_missing_function_is_refused():
    m = _llvm_module("llvm.func @f() { llvm.return }")
    with pytest.raises(RuntimeError, match="no function nothing_here"):
        _shlo_jit.compile(m.operation, 0, 1, [], ["nothing_here"])


def test_unresolved_symbol_is_an_error_not_a_crash():
    m = _llvm_module("""
      llvm.func @shlo_no_such_function_anywhere(i64) -> i64
      llvm.func @f(%a: i64) -> i64 {
        %0 = llvm.call @shlo_no_such_function_anywhere(%a) : (i64) -> i64
        llvm.return %0 : i64
      }""")
    code = _shlo_jit.compile(m.operation, 0, 1, [], [])
    with pytest.raises(RuntimeError, match="shlo_no_such_function_anywhere"):
        code.lookup("f")


def test_lookup_of_an_unknown_symbol_raises():
    m = _llvm_module("llvm.func @f() { llvm.return }")
    code = _shlo_jit.compile(m.operation, 0, 1, [], [])
    with pytest.raises(RuntimeError):
        code.lookup("g")


def test_module_outside_the_llvm_dialect_is_refused():
    ctx = ir.Context()
    ctx.allow_unregistered_dialects = True
    m = ir.Module.parse('"some.op"() : () -> ()', ctx)
    with pytest.raises(RuntimeError, match="translated to LLVM IR"):
        _shlo_jit.compile(m.operation, 0, 1, [], [])


def test_bad_thread_setting_is_a_compile_error(monkeypatch):
    monkeypatch.setenv("SHLO_COMPILE_THREADS", "many")
    prog = shlo.parse('func.func @main(%a: tensor<3x5xi16>) -> tensor<3x5xi16> {\n'
                      '  %0 = "shlo.negate"(%a) : (tensor<3x5xi16>) -> tensor<3x5xi16>\n'
                      '  func.return %0 : tensor<3x5xi16>\n}\n')
    with pytest.raises(shlo.CompileError, match="SHLO_COMPILE_THREADS"):
        shlo.compile(prog)


def test_many_modules_compiled_and_freed():
    """Each compiled module is a JIT library of its own, removed when the last reference goes."""
    m_text = "llvm.func @f(%a: i64) -> i64 { llvm.return %a : i64 }"
    for i in range(200):
        code = _shlo_jit.compile(_llvm_module(m_text).operation, 0, 1, [], [])
        f = ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_int64)(code.lookup("f"))
        assert f(i) == i
        del f, code


def test_canonicalize_pattern_sets_go_with_their_context():
    """_shlo_jit.canonicalize keeps pattern sets per context; a dead context's must not be handed
    to a later context made at the same address (it crashed the process now and then)."""
    import gc
    from shlo.context import make_context
    from shlo.lowering import pipeline
    text = "func.func @f(%a: i32) -> i32 {\n %c0 = arith.constant 0 : i32\n %b = arith.addi %a, %c0 : i32\n" \
           " return %b : i32\n}"
    for _ in range(3):
        ctx = make_context()
        address = _shlo_jit.context_address(ctx)
        with ctx, ir.Location.unknown():
            module = ir.Module.parse(text)
            pipeline.canonicalize(module.operation)
            assert "arith.addi" not in str(module)
            assert address in pipeline._CANONICALIZED_CONTEXTS
        del module, ctx
        gc.collect()
        assert address not in pipeline._CANONICALIZED_CONTEXTS
