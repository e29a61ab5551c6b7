"""The GPU back end without a GPU: the block / thread mapping run on the CPU against the
interpreter, PTX that ptxas assembles for sm_80 and sm_90, the launch plan, and errors.
(tools/gpu_coverage.py runs the same checks on every conformance program.)"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import numpy as np
import pytest

import shlo
from shlo.lowering.gpu import compiler as gpu
from shlo.lowering.selfcheck import lift_constants

ROOT = Path(__file__).resolve().parent.parent
HAVE_PTXAS = shutil.which("ptxas") is not None
# loops of 5-10 s here (LU, Jacobi, threefry) only under SHLO_FULL_TESTS=1: the rotation and
# the dropped-flag while stand for them
FULL = bool(os.environ.get("SHLO_FULL_TESTS"))

# One program per kind of code the mapping meets: element-wise, a contraction, a reduction,
# a sort (sequential loops), a while loop, a branch yielding buffers, gathers and scatters.
SAMPLES = ["add/f32.mlir", "exponential/f32.mlir", "dot_general/f32_0.mlir", "reduce/f32_add_02.mlir",
           "sort/f32_keys_i64_values_stable.mlir", "while/f32_n5.mlir", "case/index_0.mlir",
           "gather/f32_i32_0.mlir", "scatter/f32_add_0.mlir", "convolution/f32_0.mlir", "reduce_window/f32_add_1.mlir",
           "cholesky/f32_3x3_lower.mlir", "fft/complexf32_FFT_3x5.mlir", "iota/i32_2x3_d1.mlir",
           # padding as an argument: a static buffer for the typed result, not one sized from data
           "dynamic_conv/f32_pad12.mlir",
           # branches on data yielding a buffer made inside or one from outside (homes, branches.py)
           "if/i1_false.mlir", "if/f32_true.mlir"]


def _sample(name: str):
    path = ROOT / "conformance" / name
    return lift_constants(shlo.parse(path.read_text(), name=str(path)))


@pytest.mark.parametrize("name", SAMPLES)
def test_mapped_loops_run_on_cpu_and_pass_the_programs_checks(name):
    prog, args = _sample(name)
    gpu.cpu_check(prog)(*args)          # the program's check.* calls raise on a mismatch


@pytest.mark.skipif(not HAVE_PTXAS, reason="ptxas (CUDA toolkit) is not on the PATH")
@pytest.mark.parametrize("name", SAMPLES)
def test_ptx_assembles_for_sm80_and_sm90(name):
    prog, _ = _sample(name)
    arts = gpu.compile_cuda_arches(prog, ("sm_80", "sm_90"))
    for arch, art in arts.items():
        assert f".target {arch}" in art.ptx
        assert art.cubin is not None and art.cubin[:4] == b"\x7fELF"
        names = {k["name"] for k in art.kernels}
        for k in names:
            assert f".entry {k}(" in art.ptx
        assert "malloc" not in art.ptx          # the host allocates every buffer (loops.py, branches.py)


def _mlp_prog():
    import jax

    def f(x, w, b):
        return jax.nn.relu(x @ w + b).sum(0)
    args = [np.random.default_rng(0).standard_normal(s).astype(np.float32) for s in ((64, 32), (32, 48), (48,))]
    return shlo.from_jax(f, *args), args


def test_plan_has_launch_dimensions_and_buffers():
    prog, args = _mlp_prog()
    art = shlo.compile(prog, target="cuda", arch="sm_90")
    plan = art.plan
    assert plan["arch"] == "sm_90"
    assert [i["shape"] for i in plan["inputs"]] == [[64, 32], [32, 48], [48]]
    assert plan["outputs"] == [{"shape": [48], "dtype": "float32"}]
    kinds = [b["kind"] for b in plan["buffers"]]
    assert kinds.count("input") == 3 and kinds.count("output") == 1
    assert plan["launches"], "no kernel launched"
    for launch in plan["launches"]:
        assert launch["block"][0] >= 1 and launch["grid"][0] >= 1
        assert all(isinstance(d, int) for d in launch["grid"] + launch["block"])
    # The 64x48 matmul with its bias and ReLU (fused into the tiled kernel's store): a thread for
    # each of its 3072 outputs, 256 threads a block.
    assert any(launch["grid"][0] * launch["grid"][1] * launch["block"][0] >= 64 * 48 for launch in plan["launches"])
    np.testing.assert_allclose(gpu.cpu_check(prog)(*args)[0], shlo.interpret(prog, *args)[0], rtol=1e-5, atol=1e-5)


def test_artifact_save_and_load_round_trip(tmp_path):
    prog, args = _mlp_prog()
    art = shlo.compile(prog, target="cuda", arch="sm_80")
    art.save(tmp_path / "a")
    back = type(art).load(tmp_path / "a")
    assert back.ptx == art.ptx and back.plan == art.plan


def test_bad_arch_is_refused():
    prog, _ = _mlp_prog()
    with pytest.raises(shlo.CompileError, match="arch 'sm_10' is not supported"):
        shlo.compile(prog, target="cuda", arch="sm_10")


def test_unknown_target_is_refused():
    prog, _ = _mlp_prog()
    with pytest.raises(shlo.CompileError, match="target 'tpu' is not supported"):
        shlo.compile(prog, target="tpu")


def test_dynamic_shapes_are_sizes_computed_per_call():
    """examples/mlp.mlir has a dynamic batch: buffer sizes, grids, kernel size arguments and the
    output shape are a scalar program over the inputs' sizes, evaluated per call."""
    from shlo.lowering.gpu.launch import check_inputs, check_plan, concretize
    prog = shlo.parse((ROOT / "examples" / "mlp.mlir").read_text())
    art = shlo.compile(prog, target="cuda", arch="sm_90")
    assert art.plan["inputs"][0]["shape"] == [None, 4] and art.plan["scalars"]
    check = gpu.cpu_check(prog)
    rng = np.random.default_rng(0)
    weights = [rng.standard_normal(s).astype(np.float32) for s in ((4, 8), (8,), (8, 3), (3,))]
    for n in (5, 700):
        args = [rng.standard_normal((n, 4)).astype(np.float32)] + weights
        fixed = concretize(art.plan, args)
        check_plan(fixed, art.constants)
        assert fixed["outputs"][0]["shape"] == [n, 3]
        assert max(launch["grid"][0] * launch["block"][0] for launch in fixed["launches"]) >= n * 8
        got = check(*args)[0]
        np.testing.assert_allclose(got, shlo.interpret(prog, *args)[0], rtol=1e-5, atol=1e-6)
    with pytest.raises(shlo.ExecutionError, match=r"argument 0: expected float32\['\?', 4\]"):
        check_inputs(art.plan, [np.zeros((5, 5), np.float32)] + weights)


def test_running_without_a_gpu_raises_cuda_error(monkeypatch):
    monkeypatch.setenv("SHLO_CUDA_LIBRARY", "libcuda-that-does-not-exist.so")
    from shlo.lowering.gpu import artifact
    monkeypatch.setattr(artifact, "_DEVICES", {}, raising=False)
    prog, args = _mlp_prog()
    art = shlo.compile(prog, target="cuda", arch="sm_90")
    with pytest.raises(shlo.CudaError, match="no GPU is available"):
        art(*args)


def test_reductions_with_few_outputs_are_split_across_threads():
    """A layer norm's row statistics and a softmax over rows of 512: the rows are split into
    partial reductions (many blocks, not one thread per row), and the result still matches."""
    import jax

    def f(x):
        mean = x.mean(-1, keepdims=True)
        return ((x - mean) ** 2).mean(-1), jax.nn.softmax(x, -1)
    args = [np.random.default_rng(1).standard_normal((256, 512)).astype(np.float32)]
    prog = shlo.from_jax(f, *args)
    got, want = gpu.cpu_check(prog)(*args), shlo.interpret(prog, *args)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)
    art = gpu.compile_cuda(prog, assemble=False)
    def partials(a):        # kernels with more threads than rows but fewer than elements
        return [k for k in a.kernels if 256 < k["grid"][0] * k["block"][0] < 256 * 512]
    assert len(partials(art)) >= 4, art.kernels           # mean, variance, max, sum
    assert not partials(gpu.compile_cuda(prog, assemble=False, schedule=False))


def test_saved_inputs_and_outputs_keep_rank_zero_and_narrow_floats(tmp_path):
    """What tools/run_cuda_artifact.py reads back on a GPU machine: rank-0 arrays stay rank 0,
    float8 / bfloat16 arrays are stored as raw bytes that numpy anywhere can read."""
    import ml_dtypes
    prog, args = _mlp_prog()
    art = shlo.compile(prog, target="cuda", arch="sm_90")
    scalar = np.int32(7)
    narrow = np.arange(4, dtype=np.float32).astype(ml_dtypes.float8_e5m2)
    art.save(tmp_path / "a", inputs=[scalar, narrow], expected=[np.zeros((), np.float32)])
    with np.load(tmp_path / "a" / "inputs.npz", allow_pickle=False) as npz:
        assert npz["arr_0"].shape == () and npz["arr_0"] == 7
        assert npz["arr_1"].dtype == np.dtype("V1")
        assert (npz["arr_1"].view(ml_dtypes.float8_e5m2) == narrow).all()
    with np.load(tmp_path / "a" / "expected.npz", allow_pickle=False) as npz:
        assert npz["arr_0"].shape == ()


def test_matmul_with_partial_block_tiles_maps_and_matches():
    """2048x64 @ 64x2112: 8x8 outputs a thread (128x128 a block, contraction.py's shared-memory
    tiles), the last block column half full: 256 threads in every block, the outputs past the
    edge skipped."""
    rng = np.random.default_rng(0)
    args = [rng.standard_normal((2048, 64)).astype(np.float32), rng.standard_normal((64, 2112)).astype(np.float32)]
    prog = shlo.from_jax(lambda a, b: a @ b, *args)
    art = gpu.compile_cuda(prog, assemble=False)
    assert [k["grid"] for k in art.kernels if k["block"] == [256, 1, 1] and k["grid"][1] > 1] == [[17, 16, 1]]
    got = gpu.cpu_check(prog)(*args)[0]
    np.testing.assert_allclose(got, args[0].astype(np.float64) @ args[1], rtol=1e-4, atol=1e-4)


def test_jax_export_with_symbolic_batch_maps_and_assembles():
    """Sizes from shape tensors (jax.export's concatenations of dimension sizes) stay scalars the
    host computes; a reshape's view of an intermediate buffer is sized on the host too."""
    import jax
    import jax.numpy as jnp
    from jax import export

    def f(x, w, b):
        h = jnp.tanh(x @ w + b)
        return (h - h.mean(axis=-1, keepdims=True)).reshape(h.shape[0], -1, 2).sum(-1)

    (batch,) = export.symbolic_shape("b")
    exp = export.export(jax.jit(f))(jax.ShapeDtypeStruct((batch, 8), jnp.float32),
                                    jax.ShapeDtypeStruct((8, 6), jnp.float32), jax.ShapeDtypeStruct((6,), jnp.float32))
    prog = shlo.from_stablehlo(exp.mlir_module())
    rng = np.random.default_rng(5)
    w, b = rng.standard_normal((8, 6)).astype(np.float32), rng.standard_normal(6).astype(np.float32)
    check = gpu.cpu_check(prog)
    for rows in (3, 9):
        x = rng.standard_normal((rows, 8)).astype(np.float32)
        np.testing.assert_allclose(check(x, w, b)[0], np.asarray(exp.call(x, w, b)), rtol=1e-5, atol=1e-5)
    if HAVE_PTXAS:
        art = gpu.compile_cuda(prog, arch="sm_80")
        assert art.cubin is not None and art.plan is not None


@pytest.mark.parametrize("name", ["complex_constant", "conv1d_symbolic"] + (["inv", "eigh"] if FULL else []))
def test_loops_carrying_buffers_complex_constants_and_boolean_sizes(name):
    """Loops that carry buffers (LU / Jacobi sweeps) start from copies the host allocates and
    keep them; complex constants are read back from their printed form; size arithmetic with
    and / or runs on the host. The mapped form is checked against JAX."""
    import jax
    import jax.numpy as jnp
    from jax import export
    rng = np.random.default_rng(2)
    a = rng.standard_normal((3, 3)).astype(np.float32) + 3 * np.eye(3, dtype=np.float32)
    if name == "conv1d_symbolic":
        def f(x, w):
            return jax.lax.conv_general_dilated(x, w, (1,), "SAME", dimension_numbers=("NWC", "WIO", "NWC"))
        (b, s) = export.symbolic_shape("b, s")
        exp = export.export(jax.jit(f))(jax.ShapeDtypeStruct((b, s, 3), jnp.float32),
                                        jax.ShapeDtypeStruct((3, 3, 5), jnp.float32))
        prog = shlo.from_stablehlo(exp.mlir_module())
        w = rng.standard_normal((3, 3, 5)).astype(np.float32)
        runs = [((x, w), exp.call(x, w)) for x in (rng.standard_normal((2, 4, 3)).astype(np.float32),
                                                    rng.standard_normal((3, 7, 3)).astype(np.float32))]
    else:
        fn = {"inv": jnp.linalg.inv, "eigh": lambda a: jnp.linalg.eigh(a + a.T)[0],
              "complex_constant": lambda a: jnp.abs(jnp.exp(a * 1j) + 1j)}[name]
        prog = shlo.from_jax(fn, a)
        runs = [((a,), jax.jit(fn)(a))]
    check = gpu.cpu_check(prog)
    for args, want in runs:
        np.testing.assert_allclose(check(*args)[0], np.asarray(want), rtol=2e-4, atol=2e-4)
    if HAVE_PTXAS:
        assert gpu.compile_cuda(prog, arch="sm_90").cubin is not None


def _rotating_loops(name):
    import jax
    rng = np.random.default_rng(3)
    if name == "rotation":      # (a, b, c) <- (b, c, a + 2b - c); a @ w takes a out of the loop's kernel
        def fn(x, y, w):
            a, b, c = jax.lax.fori_loop(0, 5, lambda i, s: (s[1], s[2], s[0] + s[1] * 2.0 - s[2]), (x, y, x * 3))
            return a @ w, b, c[0]
        args = [rng.standard_normal((4, 4)).astype(np.float32) for _ in range(3)]
    elif name == "threefry":    # jax.random's rounds pass their state words around
        def fn(x):
            return jax.random.permutation(jax.random.PRNGKey(0), x), jax.random.normal(jax.random.PRNGKey(1), (5,)) + x
        args = [np.arange(5, dtype=np.float32)]
    else:                       # a branch that allocates its results
        def fn(p, x):
            return jax.lax.cond(p > 0, lambda x: (x + 1, x @ x), lambda x: (x * 2, x.T), x)
        args = [np.float32(1.0), rng.standard_normal((3, 3)).astype(np.float32)]
    return fn, args


@pytest.mark.parametrize("name", ["rotation", "branch"] + (["threefry"] if FULL else []))
def test_rotating_loop_buffers_and_no_device_allocation(name):
    """Loops whose carried buffers rotate keep them in homes the host allocates (copies through
    temporaries at each yield: a parallel assignment); allocations in loop bodies and branches
    are host buffers, so the kernels call no device-side malloc. Mapped form against JAX."""
    import jax
    fn, args = _rotating_loops(name)
    prog = shlo.from_jax(fn, *args)
    got = gpu.cpu_check(prog)(*args)
    for g, w in zip(got, jax.tree_util.tree_leaves(jax.jit(fn)(*args))):
        np.testing.assert_allclose(g, np.asarray(w), rtol=1e-5, atol=1e-5)
    art = gpu.compile_cuda(prog, arch="sm_80", assemble=HAVE_PTXAS)
    assert "malloc" not in art.ptx
    assert art.cubin is not None or not HAVE_PTXAS


def test_cpu_check_runs_on_shlos_own_jit(monkeypatch):
    """One JIT in shlo: the mapped form is compiled by shlo._shlo_jit, as the CPU back end's code
    is; MLIR's ExecutionEngine is not needed (importing it fails here)."""
    import sys
    monkeypatch.setitem(sys.modules, "mlir.execution_engine", None)
    prog, args = _mlp_prog()
    np.testing.assert_allclose(gpu.cpu_check(prog)(*args)[0], shlo.interpret(prog, *args)[0], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", ["cumsum", "strided_slice"])
def test_sizes_through_small_tensors_are_host_scalars(name):
    """jax.export's cumsum pads by a window computed as a 0-d tensor `s - 1`, its strided slice
    sizes an iota by a 0-d division: the sizes are read back as scalars on tensors, so the host
    computes them (was refused: 'memref.load computes a size on the host')."""
    import jax
    import jax.numpy as jnp
    from jax import export
    fn = {"cumsum": lambda x: jnp.cumsum(x, axis=1), "strided_slice": lambda x: x[:, ::2]}[name]
    b, s = export.symbolic_shape("b, s")
    exp = export.export(jax.jit(fn))(jax.ShapeDtypeStruct((b, 2 * s), jnp.float32))
    prog = shlo.from_stablehlo(exp.mlir_module())
    check = gpu.cpu_check(prog)
    rng = np.random.default_rng(4)
    for shape in ((2, 6), (5, 4)):
        x = rng.standard_normal(shape).astype(np.float32)
        np.testing.assert_allclose(check(x)[0], np.asarray(exp.call(x)), rtol=1e-5, atol=1e-5)
    art = gpu.compile_cuda(prog, arch="sm_90", assemble=HAVE_PTXAS)
    assert art.plan["scalars"] and (art.cubin is not None or not HAVE_PTXAS)


def test_branch_on_sizes_picks_its_buffer_on_the_host():
    """The gather lowering's guard for an operand that is empty at run time (a branch yielding
    either the operand or a small zero buffer) becomes a buffer the plan picks per call, so the
    gather that reads it is a parallel kernel (it was pulled into the branch's one-thread kernel,
    and a torch TransformerEncoderLayer with dynamic batch and sequence was refused)."""
    import jax
    import jax.numpy as jnp
    from jax import export
    from shlo.lowering.gpu.launch import concretize

    def fn(x, i):
        return jnp.take(x, i, axis=0) * 2
    (b,) = export.symbolic_shape("b")
    exp = export.export(jax.jit(fn))(jax.ShapeDtypeStruct((b, 4), jnp.float32), jax.ShapeDtypeStruct((3,), jnp.int32))
    prog = shlo.from_stablehlo(exp.mlir_module())
    art = gpu.compile_cuda(prog, arch="sm_90", assemble=HAVE_PTXAS)
    picked = [(n, a) for n, launch in enumerate(art.plan["launches"]) for a in launch["args"]
              if "memref" in a and isinstance(a["memref"], dict)]
    assert picked, art.plan["launches"]
    n, arg = picked[0]
    i = np.array([0, 2, 1], np.int32)
    for rows in (5, 0):             # the input itself, or the guard's zero buffer
        x = np.ones((rows, 4), np.float32)
        chosen = concretize(art.plan, [x, i])["launches"][n]["args"][art.plan["launches"][n]["args"].index(arg)]
        kind = art.plan["buffers"][chosen["memref"]]["kind"]
        assert kind == ("input" if rows else "temp") and chosen["sizes"][0] == max(rows, 1)
    check = gpu.cpu_check(prog)
    for rows in (5, 3):
        x = np.random.default_rng(rows).standard_normal((rows, 4)).astype(np.float32)
        np.testing.assert_allclose(check(x, i)[0], np.asarray(exp.call(x, i)), rtol=1e-6)
    assert art.cubin is not None or not HAVE_PTXAS


def test_loop_carrying_buffers_of_symbolic_size():
    """A fori_loop over an array of symbolic rows (jax.export): its carried buffer's home is sized
    on the host from the initial value, the body's temporaries from the home's sizes, so nothing
    is allocated on the device (was refused: the loop's result size was a value in a kernel)."""
    import jax
    import jax.numpy as jnp
    from jax import export, lax

    def fn(x):
        return lax.fori_loop(0, 3, lambda i, c: jnp.tanh(c) * 2 + x, x)
    (b,) = export.symbolic_shape("b")
    exp = export.export(jax.jit(fn))(jax.ShapeDtypeStruct((b, 3), jnp.float32))
    prog = shlo.from_stablehlo(exp.mlir_module())
    check = gpu.cpu_check(prog)
    for rows in (2, 7):
        x = np.random.default_rng(rows).standard_normal((rows, 3)).astype(np.float32)
        np.testing.assert_allclose(check(x)[0], np.asarray(exp.call(x)), rtol=1e-5, atol=1e-6)
    art = gpu.compile_cuda(prog, arch="sm_90", assemble=HAVE_PTXAS)
    assert "malloc" not in art.ptx and (art.cubin is not None or not HAVE_PTXAS)


def test_allocations_sized_inside_a_loop_are_freed_there():
    """An allocation whose size the loop computes stays a device-side malloc; it is freed at the
    end of the block that made it (one that a yield passes on is not)."""
    from mlir import ir
    from shlo.lowering.gpu import loops
    text = """
    func.func @f(%n: index, %out: memref<4xf32>) -> memref<?xf32> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %z = arith.constant 0.0 : f32
      %init = memref.alloc(%n) : memref<?xf32>
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (memref<?xf32>) {
        %k = arith.addi %i, %c1 : index
        %t = memref.alloc(%k) : memref<?xf32>
        linalg.fill ins(%z : f32) outs(%t : memref<?xf32>)
        %kept = memref.alloc(%k) : memref<?xf32>
        scf.yield %kept : memref<?xf32>
      }
      return %r : memref<?xf32>
    }"""
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(text)
        func = module.body.operations[0]
        assert loops.free_kernel_allocations(func) == 1
        assert str(func).count("memref.dealloc") == 1
        loop = [o for o in func.regions[0].blocks[0].operations if o.operation.name == "scf.for"][0]
        ops = [o.operation for o in loop.regions[0].blocks[0].operations]
        dealloc = [o for o in ops if o.name == "memref.dealloc"][0]
        assert dealloc.operands[0] == ops[1].results[0] and ops[-2].name == "memref.dealloc"


def test_bf16_values_in_mapped_loops_run_on_cpu():
    """A mixed-precision attention (bf16 operands, f32 softmax): the mapped form holds bf16 vectors,
    which LLVM narrows through compiler-rt's __truncsfbf2 on a CPU without bf16 instructions;
    the CPU check defines it (before: 'Symbols not found: [ __truncsfbf2 ]')."""
    import jax
    import jax.numpy as jnp
    import ml_dtypes

    def attention(q, k, v):
        s = jnp.einsum("td,sd->ts", q, k, preferred_element_type=jnp.float32)
        p = jax.nn.softmax(s / 4.0, axis=-1).astype(jnp.bfloat16)
        return jnp.einsum("ts,sd->td", p, v, preferred_element_type=jnp.float32).astype(jnp.bfloat16)
    rng = np.random.default_rng(0)
    args = [rng.standard_normal((5, 16)).astype(ml_dtypes.bfloat16) for _ in range(3)]
    prog = shlo.from_jax(attention, *args)
    got = np.asarray(gpu.cpu_check(prog)(*args)[0], np.float32)
    want = np.asarray(shlo.interpret(prog, *args)[0], np.float32)
    np.testing.assert_allclose(got, want, rtol=2e-2, atol=2e-2)


def test_switch_in_scan_mapped_form_matches_jax():
    """A lax.switch and a lax.cond in a lax.scan body: the case is a chain of scf.if there (an
    scf.index_switch inside the loop was bufferized wrongly: the stacked ys came out wrong)."""
    import jax
    import jax.numpy as jnp
    from jax import lax

    def f(xs, modes):
        def body(acc, xm):
            x, m = xm
            y = lax.switch(m, [lambda v: v + 1.0, lambda v: v * v, lambda v: jnp.sin(v)], x)
            return lax.cond(jnp.sum(y) > 0, lambda a: a + y, lambda a: a - y, acc), y
        return lax.scan(body, jnp.zeros(3), (xs, modes))
    xs = np.random.default_rng(1).standard_normal((5, 3)).astype(np.float32)
    modes = np.array([0, 2, 1, 5, -1], np.int32)
    got = gpu.cpu_check(shlo.from_jax(f, xs, modes))(xs, modes)
    for g, w in zip(got, jax.tree_util.tree_leaves(jax.jit(f)(xs, modes))):
        np.testing.assert_allclose(g, np.asarray(w), rtol=1e-5, atol=1e-6)


def test_dynamic_slice_at_a_start_from_device_memory():
    """dynamic_slice whose start is data (lax.dynamic_index_in_dim at starts[1]): a gather in the
    loops, not a view at a host offset, which would need the start read back from the device
    (before: 'the host needs a value from device memory')."""
    from jax import lax

    def f(x, starts):
        return lax.dynamic_index_in_dim(x, starts[1], keepdims=False), lax.dynamic_slice(x, (starts[2], 1), (2, 3))
    x = np.arange(24, dtype=np.float32).reshape(6, 4)
    starts = np.array([0, 4, 5, -1], np.int32)
    prog = shlo.from_jax(f, x, starts)
    gpu.compile_cuda(prog, assemble=False)
    row, window = gpu.cpu_check(prog)(x, starts)
    np.testing.assert_array_equal(row, x[4])
    np.testing.assert_array_equal(window, x[4:6, 1:4])     # start 5 clamped to 6 - 2


def test_symbolic_reshape_sizes_from_buffer_layouts():
    """A reshape of a symbolic batch (b, 4) -> (b * 4,): the host reads the size through
    memref.extract_strided_metadata of an argument, which the plan's size program now follows
    (before: 'memref.extract_strided_metadata ... computes a size on the host')."""
    import jax
    import jax.numpy as jnp

    def f(x):
        return x.reshape(x.shape[0] * 4)[: x.shape[0] * 2], jnp.tile(x, (2, 1))
    b, = jax.export.symbolic_shape("b", constraints=["b >= 2"])
    exported = jax.export.export(jax.jit(f))(jax.ShapeDtypeStruct((b, 4), jnp.float32))
    prog = shlo.from_stablehlo(exported.mlir_module())
    gpu.compile_cuda(prog, assemble=False)
    fn = gpu.cpu_check(prog)
    for rows in (3, 5):
        x = np.arange(rows * 4, dtype=np.float32).reshape(rows, 4)
        flat, tiled = fn(x)
        np.testing.assert_array_equal(flat, x.reshape(-1)[: rows * 2])
        np.testing.assert_array_equal(tiled, np.tile(x, (2, 1)))


def test_while_whose_condition_drops_a_flag_keeps_its_results_on_the_host():
    """A while loop carrying (i, x, flag) where only the condition reads the flag: the condition
    passes on fewer values than the loop carries (jax.scipy's polar / qdwh). Its results get
    host homes of their own; before, the mapping refused the result that the matmul's kernel
    reads ('made on the device and used outside its kernel')."""
    import jax
    import jax.numpy as jnp

    def f(x):
        def body(c):
            i, x, _ = c
            y = x * 0.5 + 1.0
            return i + 1, y, jnp.max(jnp.abs(y - x)) > 1e-3
        _, y, _ = jax.lax.while_loop(lambda c: c[2] & (c[0] < 10), body, (0, x, True))
        return y @ y, y
    x = np.arange(16, dtype=np.float32).reshape(4, 4)
    prog = shlo.from_jax(f, x)
    art = gpu.compile_cuda(prog, arch="sm_80", assemble=HAVE_PTXAS)
    assert art.cubin is not None or not HAVE_PTXAS
    for g, w in zip(gpu.cpu_check(prog)(x), jax.jit(f)(x)):
        np.testing.assert_allclose(g, np.asarray(w), rtol=1e-5, atol=1e-5)


def test_kernels_with_many_buffers_get_ptx_81_for_their_parameters():
    """A one-thread kernel running a loop over many carried buffers takes more than 4352 bytes
    of parameters (one memref descriptor each), which PTX before ISA 8.1 refuses (ptxas: 'uses
    too much parameter space'); such a module is made as PTX 8.1, others keep the oldest ISA."""
    import jax

    def f(*xs):
        return jax.lax.fori_loop(0, 3, lambda i, s: tuple(s[k - 1] * 0.5 + s[k] for k in range(len(s))), xs)
    # rank 16: big descriptors, so that few buffers (a fast compile) pass the limit (5208 bytes)
    xs = [np.full((1,) * 15 + (2,), k, np.float32) for k in range(6)]
    art = gpu.compile_cuda(shlo.from_jax(f, *xs), arch="sm_80", assemble=HAVE_PTXAS)
    assert ".version 8.1" in art.ptx
    assert art.cubin is not None or not HAVE_PTXAS
    small = gpu.compile_cuda(shlo.from_jax(lambda x: x + 1.0, xs[0]), arch="sm_80", assemble=False)
    assert ".version 7.0" in small.ptx
