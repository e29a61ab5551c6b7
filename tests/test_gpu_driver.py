"""The GPU back end's host side: the CUDA driver binding, launch plans, artifacts, ptxas.

Without a GPU, the driver binding runs against a fake libcuda built here from C (its
memory is host memory and its one kernel, `scale`, computes out = in * s on the CPU), so
the error paths, parameter packing, copies and frees are all exercised. The test that needs
a real GPU skips, saying so, where the CUDA driver finds none. The file also runs on a GPU
machine without MLIR: the shlo packages are then stubbed as tools/run_cuda_artifact.py does.
"""
from __future__ import annotations

import ctypes
import json
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import run_cuda_artifact   # tools/ (on sys.path through conftest.py)

try:
    import mlir  # noqa: F401
except ImportError:        # a GPU machine: import the GPU host modules without the MLIR-importing packages
    run_cuda_artifact.import_artifact_module()

from shlo.errors import CompileError, CudaError, DeserializationError, ExecutionError, SerializationError, ShloError
from shlo.lowering.gpu import artifact as artifact_mod
from shlo.lowering.gpu.artifact import CudaArtifact
from shlo.lowering.gpu.driver import LIBRARY_VARIABLE, Device, Driver
from shlo.lowering.gpu.launch import check_inputs, check_plan, kernel_params, run_plan
from shlo.lowering.gpu.ptxas import assemble, ptxas_path

ROOT = Path(__file__).resolve().parent.parent

# out[i] = in[i] * s over two rank-1 f32 memrefs in MLIR's expanded parameter form.
SCALE_PTX = """
.version 8.0
.target {arch}
.address_size 64

.visible .entry scale(
    .param .u64 in_allocated, .param .u64 in_aligned, .param .u64 in_offset,
    .param .u64 in_size, .param .u64 in_stride,
    .param .u64 out_allocated, .param .u64 out_aligned, .param .u64 out_offset,
    .param .u64 out_size, .param .u64 out_stride,
    .param .f32 scale_by)
{{
    .reg .pred %p;
    .reg .b32 %r<4>;
    .reg .b64 %rd<9>;
    .reg .f32 %f<3>;

    ld.param.u64 %rd1, [in_aligned];
    ld.param.u64 %rd2, [in_offset];
    ld.param.u64 %rd3, [in_size];
    ld.param.u64 %rd4, [out_aligned];
    ld.param.u64 %rd5, [out_offset];
    ld.param.f32 %f1, [scale_by];
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ntid.x;
    mov.u32 %r3, %tid.x;
    mad.lo.s32 %r1, %r1, %r2, %r3;
    cvt.u64.u32 %rd6, %r1;
    setp.ge.u64 %p, %rd6, %rd3;
    @%p bra DONE;
    add.s64 %rd7, %rd6, %rd2;
    shl.b64 %rd7, %rd7, 2;
    add.s64 %rd7, %rd1, %rd7;
    cvta.to.global.u64 %rd7, %rd7;
    ld.global.f32 %f2, [%rd7];
    mul.f32 %f2, %f2, %f1;
    add.s64 %rd8, %rd6, %rd5;
    shl.b64 %rd8, %rd8, 2;
    add.s64 %rd8, %rd4, %rd8;
    cvta.to.global.u64 %rd8, %rd8;
    st.global.f32 [%rd8], %f2;
DONE:
    ret;
}}
"""

FAKE_LIBCUDA = r"""
#include <stdlib.h>
#include <string.h>
typedef unsigned long long ptr_t;
typedef struct { char name[64]; } Fn;
static int init_result, device_count = 1, alloc_budget = -1, launch_result;   /* a working GPU */
static int live_allocs, live_modules, live_events, ctx_refs, launches, smem_attr;
static unsigned dims[7];
static int n_sizes, sizes[64];
static unsigned char params_seen[1024];

void fake_reset(int init, int count, int budget, int launch) {
    init_result = init; device_count = count; alloc_budget = budget; launch_result = launch;
    live_allocs = live_modules = live_events = ctx_refs = launches = smem_attr = n_sizes = 0;
}
int fake_counter(const char* what) {
    if (!strcmp(what, "allocs")) return live_allocs;
    if (!strcmp(what, "modules")) return live_modules;
    if (!strcmp(what, "events")) return live_events;
    if (!strcmp(what, "contexts")) return ctx_refs;
    if (!strcmp(what, "launches")) return launches;
    if (!strcmp(what, "smem_attr")) return smem_attr;
    return -1;
}
unsigned fake_dim(int i) { return dims[i]; }
void fake_param_sizes(int n, const int* s) { n_sizes = n; memcpy(sizes, s, n * sizeof(int)); }
const unsigned char* fake_params(void) { return params_seen; }

static const char* text(int r, int name) {
    switch (r) {
    case 0: return name ? "CUDA_SUCCESS" : "no error";
    case 2: return name ? "CUDA_ERROR_OUT_OF_MEMORY" : "out of memory";
    case 100: return name ? "CUDA_ERROR_NO_DEVICE" : "no CUDA-capable device is detected";
    case 218: return name ? "CUDA_ERROR_INVALID_PTX" : "a PTX JIT compilation failed";
    case 500: return name ? "CUDA_ERROR_NOT_FOUND" : "named symbol not found";
    case 700: return name ? "CUDA_ERROR_ILLEGAL_ADDRESS" : "an illegal memory access was encountered";
    }
    return 0;
}
int cuGetErrorName(int r, const char** s) { *s = text(r, 1); return *s ? 0 : 1; }
int cuGetErrorString(int r, const char** s) { *s = text(r, 0); return *s ? 0 : 1; }
int cuInit(unsigned flags) { return init_result; }
int cuDeviceGetCount(int* n) { *n = device_count; return 0; }
int cuDeviceGet(int* d, int ordinal) { *d = ordinal; return 0; }
int cuDeviceGetName(char* s, int len, int d) { strncpy(s, "Fake GPU", len); return 0; }
int cuDeviceGetAttribute(int* v, int attribute, int d) { *v = attribute == 75 ? 9 : 0; return 0; }
int cuDevicePrimaryCtxRetain(void** c, int d) { *c = (void*)0x1000; ctx_refs++; return 0; }
int cuDevicePrimaryCtxRelease_v2(int d) { ctx_refs--; return 0; }
int cuCtxSetCurrent(void* c) { return 0; }
int cuCtxSynchronize(void) { return 0; }
int cuModuleLoadDataEx(void** m, const char* image, unsigned n, int* options, void** values) {
    if (strstr(image, "BROKEN")) {
        for (unsigned i = 0; i < n; i++)
            if (options[i] == 5) strcpy((char*)values[i], "line 3: fake syntax error");
        return 218;
    }
    *m = malloc(1); live_modules++; return 0;
}
int cuModuleUnload(void* m) { free(m); live_modules--; return 0; }
int cuModuleGetFunction(void** f, void* m, const char* name) {
    if (!strcmp(name, "missing")) return 500;
    Fn* fn = calloc(1, sizeof(Fn)); strncpy(fn->name, name, 63); *f = fn; return 0;
}
int cuFuncSetAttribute(void* f, int attribute, int value) { if (attribute == 8) smem_attr = value; return 0; }
int cuMemAlloc_v2(ptr_t* p, size_t n) {
    if (alloc_budget == 0) return 2;
    if (alloc_budget > 0) alloc_budget--;
    *p = (ptr_t)malloc(n); live_allocs++; return 0;
}
int cuMemFree_v2(ptr_t p) { free((void*)p); live_allocs--; return 0; }
int cuMemcpyHtoD_v2(ptr_t d, const void* s, size_t n) { memcpy((void*)d, s, n); return 0; }
int cuMemcpyDtoH_v2(void* d, ptr_t s, size_t n) { memcpy(d, (void*)s, n); return 0; }
int cuMemcpyDtoD_v2(ptr_t d, ptr_t s, size_t n) { memcpy((void*)d, (void*)s, n); return 0; }
int cuMemsetD8_v2(ptr_t d, unsigned char c, size_t n) { memset((void*)d, c, n); return 0; }
int cuLaunchKernel(Fn* f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                   unsigned smem, void* stream, void** params, void** extra) {
    unsigned d[7] = {gx, gy, gz, bx, by, bz, smem};
    memcpy(dims, d, sizeof d);
    launches++;
    for (int i = 0, at = 0; i < n_sizes; at += sizes[i], i++) memcpy(params_seen + at, params[i], sizes[i]);
    if (launch_result) return launch_result;
    if (!strcmp(f->name, "scale")) {
        float* in = *(float**)params[1]; long long in_off = *(long long*)params[2];
        long long n = *(long long*)params[3];
        float* out = *(float**)params[6]; long long out_off = *(long long*)params[7];
        float s = *(float*)params[10];
        for (long long i = 0; i < n; i++) out[out_off + i] = in[in_off + i] * s;
    }
    return 0;
}
int cuEventCreate(void** e, unsigned flags) { *e = malloc(1); live_events++; return 0; }
int cuEventRecord(void* e, void* stream) { return 0; }
int cuEventSynchronize(void* e) { return 0; }
int cuEventElapsedTime(float* ms, void* a, void* b) { *ms = 0.5f; return 0; }
int cuEventDestroy_v2(void* e) { free(e); live_events--; return 0; }
"""


@pytest.fixture(scope="session")
def fake_path(tmp_path_factory) -> str:
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler to build the fake CUDA driver")
    d = tmp_path_factory.mktemp("fake_cuda")
    (d / "fake_libcuda.c").write_text(FAKE_LIBCUDA)
    subprocess.run([compiler, "-shared", "-fPIC", "-O1", "-o", str(d / "libcuda_fake.so"), str(d / "fake_libcuda.c")],
                   check=True)
    return str(d / "libcuda_fake.so")


class Fake:
    """The fake driver's controls, reset for each test."""

    def __init__(self, path):
        self.path = path
        self.lib = ctypes.CDLL(path)
        self.lib.fake_counter.argtypes = [ctypes.c_char_p]
        self.lib.fake_dim.restype = ctypes.c_uint
        self.lib.fake_params.restype = ctypes.POINTER(ctypes.c_ubyte)

    def reset(self, init=0, count=1, budget=-1, launch=0):
        self.lib.fake_reset(init, count, budget, launch)

    def counter(self, what: str) -> int:
        return self.lib.fake_counter(what.encode())

    def live(self) -> dict:
        return {k: self.counter(k) for k in ("allocs", "modules", "events")}

    def expect_params(self, sizes):
        self.lib.fake_param_sizes(len(sizes), (ctypes.c_int * len(sizes))(*sizes))

    def params(self, nbytes: int) -> bytes:
        return ctypes.string_at(self.lib.fake_params(), nbytes)

    def dims(self) -> list:
        return [self.lib.fake_dim(i) for i in range(7)]


@pytest.fixture
def fake(fake_path, monkeypatch):
    f = Fake(fake_path)
    f.reset()
    monkeypatch.setenv(LIBRARY_VARIABLE, fake_path)
    monkeypatch.setattr(artifact_mod, "_DEVICES", {})
    return f


@pytest.fixture
def device(fake):
    dev = Device.open()
    yield dev
    dev.close()


def scale_plan(n=6) -> dict:
    """input -> *1.5 -> temp -> *2 -> output 0; constant -> *1 -> output 1 (a 0-byte buffer too)."""
    def memref(b):
        return {"memref": b, "offset": 0, "sizes": [n], "strides": [1]}

    def scale(src, dst, s):
        return {"module": "m", "kernel": "scale", "grid": [1, 1, 1], "block": [64, 1, 1], "smem": 0,
                "args": [memref(src), memref(dst), {"f32": s}]}
    nbytes = 4 * n
    return {"format": 1, "arch": "sm_90",
            "inputs": [{"shape": [2, n // 2], "dtype": "float32"}],
            "outputs": [{"shape": [n], "dtype": "float32"}, {"shape": [n], "dtype": "float32"}],
            "buffers": [{"kind": "input", "index": 0, "nbytes": nbytes},
                        {"kind": "output", "index": 0, "nbytes": nbytes},
                        {"kind": "temp", "nbytes": nbytes},
                        {"kind": "constant", "name": "c0", "nbytes": nbytes},
                        {"kind": "output", "index": 1, "nbytes": nbytes},
                        {"kind": "temp", "nbytes": 0}],
            "launches": [scale(0, 2, 1.5), scale(2, 1, 2.0), scale(3, 4, 1.0)]}


CONSTANTS = {"c0": np.array([10, 20, 30, 40, 50, 60], np.float32)}
X = np.arange(6, dtype=np.float32).reshape(2, 3)


# Opening the driver.
def test_missing_driver_library_means_no_gpu():
    with pytest.raises(CudaError, match="no GPU is available: the CUDA driver library cannot be loaded") as e:
        Device.open(library="libcuda-that-does-not-exist.so.1")
    assert isinstance(e.value, ExecutionError) and isinstance(e.value, ShloError)


def test_failing_cuinit_means_no_gpu_and_names_the_error(fake):
    fake.reset(init=100)
    with pytest.raises(CudaError, match=r"no GPU is available: cuInit failed: CUDA_ERROR_NO_DEVICE "
                                        r"\(no CUDA-capable device is detected\)"):
        Device.open()


def test_no_device_and_bad_ordinal(fake):
    fake.reset(count=0)
    with pytest.raises(CudaError, match="no GPU is available: the CUDA driver finds no device"):
        Device.open()
    fake.reset(count=1)
    with pytest.raises(CudaError, match="no GPU with ordinal 3: the CUDA driver finds 1"):
        Device.open(3)
    assert fake.counter("contexts") == 0


def test_open_reads_the_device_and_close_releases_its_context(fake):
    dev = Device.open()
    assert (dev.name, dev.compute_capability, dev.arch) == ("Fake GPU", (9, 0), "sm_90")
    assert fake.counter("contexts") == 1
    dev.close()
    dev.close()                               # once only
    assert fake.counter("contexts") == 0
    with pytest.raises(CudaError, match="closed"):
        dev.make_current()


def test_errors_name_the_call_and_the_driver_error(device, fake):
    fake.reset(budget=0)
    with pytest.raises(CudaError, match=r"cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY \(out of memory\) "
                                        r"\(allocating 64 bytes\)"):
        device.alloc(64)
    assert device.alloc(0) == 0               # empty buffers are never allocated
    assert Driver.load(fake.path).describe(12345) == "CUresult 12345"


def test_ptx_jit_errors_carry_the_jit_log(device, fake):
    with pytest.raises(CudaError, match=r"cuModuleLoadDataEx \(PTX\) failed: CUDA_ERROR_INVALID_PTX .*\n"
                                        r"line 3: fake syntax error"):
        device.load_ptx("BROKEN")
    module = device.load_cubin(b"\x7fELF fake")
    with pytest.raises(CudaError, match=r"cuModuleGetFunction failed: CUDA_ERROR_NOT_FOUND .*'missing'"):
        module.function("missing")
    module.unload()
    assert fake.live()["modules"] == 0


# Running plans.
def test_run_plan_copies_launches_and_frees(device, fake):
    out0, out1 = run_plan(device, SCALE_PTX, scale_plan(), [X], CONSTANTS)
    np.testing.assert_array_equal(out0, X.reshape(-1) * 3.0)
    np.testing.assert_array_equal(out1, CONSTANTS["c0"])
    assert out0.dtype == np.float32 and out0.shape == (6,)
    assert fake.counter("launches") == 3
    assert fake.live() == {"allocs": 0, "modules": 0, "events": 0}


def test_a_buffer_picked_by_a_scalar_is_resolved_per_call(device, fake):
    """A launch argument whose buffer the plan picks per call (branches.py: an arith.select of
    buffers on sizes): 2 input rows read the input, other row counts the constant."""
    plan = scale_plan()
    plan["inputs"][0]["shape"] = [None, 3]
    plan["buffers"][0]["nbytes"] = {"s": 1}
    plan["scalars"] = [{"op": "dim", "input": 0, "dim": 0}, {"op": "mul", "args": [{"s": 0}, 12]},
                       {"op": "cmpi", "args": [{"s": 0}, 2], "pred": 0}, {"op": "select", "args": [{"s": 2}, 0, 3]}]
    plan["launches"][0]["args"][0]["memref"] = {"s": 3}
    check_plan(plan, CONSTANTS)
    out0, _ = run_plan(device, SCALE_PTX, plan, [X], CONSTANTS)
    np.testing.assert_array_equal(out0, X.reshape(-1) * 3.0)
    out0, _ = run_plan(device, SCALE_PTX, plan, [X[:1]], CONSTANTS)
    np.testing.assert_array_equal(out0, CONSTANTS["c0"] * 3.0)
    assert fake.live() == {"allocs": 0, "modules": 0, "events": 0}


def test_memref_and_scalar_parameters_are_packed_as_mlir_expands_them(device, fake):
    plan = {"format": 1, "arch": "sm_90", "inputs": [{"shape": [4, 8], "dtype": "int32"}], "outputs": [],
            "buffers": [{"kind": "input", "index": 0, "nbytes": 128}],
            "launches": [{"module": "m", "kernel": "k", "grid": [3, 2, 1], "block": [128, 1, 1], "smem": 65536,
                          "args": [{"memref": 0, "offset": 5, "sizes": [2, 3], "strides": [8, 1]},
                                   {"i64": -7}, {"f32": 1.5}, {"i32": 9}, {"f64": 0.25}, {"i1": 1}]}]}
    layout = "<QQqqqqqqfidB"
    fake.expect_params([8, 8, 8, 8, 8, 8, 8, 8, 4, 4, 8, 1])
    assert run_plan(device, {"m": "ptx text"}, plan, [np.zeros((4, 8), np.int32)]) == []
    allocated, aligned, *rest = struct.unpack(layout, fake.params(struct.calcsize(layout)))
    assert allocated == aligned != 0
    assert rest == [5, 2, 3, 8, 1, -7, 1.5, 9, 0.25, 1]
    assert fake.dims() == [3, 2, 1, 128, 1, 1, 65536]
    assert fake.counter("smem_attr") == 65536        # over 48 KiB a kernel must opt in
    # The fake reads 8 bytes for a 4-byte value just as happily: check the C types themselves.
    types = [t for t, _ in kernel_params(plan["launches"][0]["args"], [1234])]
    assert types == [ctypes.c_uint64] * 2 + [ctypes.c_int64] * 6 + \
        [ctypes.c_float, ctypes.c_int32, ctypes.c_double, ctypes.c_uint8]


@pytest.mark.parametrize("fail", ["alloc", "launch", "kernel", "jit"])
def test_run_plan_frees_everything_when_the_driver_fails(device, fake, fail):
    plan = scale_plan()
    images = SCALE_PTX
    if fail == "alloc":
        fake.reset(budget=2)                          # the third allocation fails
        match = "cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY"
    elif fail == "launch":
        fake.reset(launch=700)
        match = (r"cuLaunchKernel failed: CUDA_ERROR_ILLEGAL_ADDRESS .*kernel scale, grid \(1, 1, 1\).*"
                 r"; the CUDA context is now unusable")
    elif fail == "kernel":
        plan["launches"][1]["kernel"] = "missing"
        match = "CUDA_ERROR_NOT_FOUND"
    else:
        images = "BROKEN"
        match = "CUDA_ERROR_INVALID_PTX"
    with pytest.raises(CudaError, match=match):
        run_plan(device, images, plan, [X], CONSTANTS)
    assert fake.live() == {"allocs": 0, "modules": 0, "events": 0}


def test_timing_runs_keep_buffers_and_return_the_median(device, fake):
    outs, ms = run_plan(device, SCALE_PTX, scale_plan(), [X], CONSTANTS, timing_runs=3)
    np.testing.assert_array_equal(outs[0], X.reshape(-1) * 3.0)
    assert ms == 0.5                                  # the fake's elapsed time
    assert fake.counter("launches") == 3 * 4
    assert fake.live() == {"allocs": 0, "modules": 0, "events": 0}


def test_timing_replays_back_to_back_count_their_mean(device, fake):
    """replays=2: each timed run enqueues the launches twice between its events and reports half."""
    outs, ms = run_plan(device, SCALE_PTX, scale_plan(), [X], CONSTANTS, timing_runs=3, replays=2)
    np.testing.assert_array_equal(outs[0], X.reshape(-1) * 3.0)
    assert ms == 0.25                                 # the fake's 0.5 over two replays
    assert fake.counter("launches") == (1 + 3 * 2) * 3
    assert fake.live() == {"allocs": 0, "modules": 0, "events": 0}


def test_inputs_are_checked_against_the_plan():
    plan = scale_plan()
    with pytest.raises(ExecutionError, match="takes 1 arguments, got 2"):
        check_inputs(plan, [X, X])
    with pytest.raises(ExecutionError, match=r"argument 0: expected float32\[2, 3\], got float32\[3, 2\]"):
        check_inputs(plan, [X.T])
    with pytest.raises(ExecutionError, match=r"argument 0: expected float32\[2, 3\], got float64\[2, 3\]"):
        check_inputs(plan, [X.astype(np.float64)])
    (checked,) = check_inputs(plan, [X.T.T])
    assert checked.flags.c_contiguous


@pytest.mark.parametrize("edit, match", [
    (lambda p: p.update(format=2), "format 2 is not 1"),
    (lambda p: p["buffers"][2].update(kind="shared"), "buffer 2 has kind 'shared'"),
    (lambda p: p["buffers"][0].update(nbytes=8), "buffer 0: 8 bytes for input 0 of 24 bytes"),
    (lambda p: p["buffers"][3].update(name="c9"), "no constant 'c9'"),
    (lambda p: p["buffers"].pop(4), "output 1 has 0 buffers"),
    (lambda p: p["launches"][0]["args"].append({"f16": 1.0}), "arg 3: .* is neither a memref nor one of"),
    (lambda p: p["launches"][0]["args"].append({"memref": 9, "offset": 0, "sizes": [], "strides": []}),
     "arg 3: bad memref"),
    (lambda p: p.update(results=3), "results 3 is not a count of its 2 outputs"),
    (lambda p: p.update(results=1, probes=[{"target": "check.all_asserts", "first": 0, "count": 1}]),
     "check 'check.all_asserts': its values at output 0, not after the results"),
])
def test_malformed_plans_are_compile_errors(edit, match):
    plan = scale_plan()
    edit(plan)
    with pytest.raises(CompileError, match=match):
        check_plan(plan, CONSTANTS)


# Artifacts.
def make_artifact(**kw) -> CudaArtifact:
    kw.setdefault("ptx", SCALE_PTX.format(arch="sm_90"))
    return CudaArtifact(plan=scale_plan(), constants=CONSTANTS, **kw)


def test_artifact_round_trip(tmp_path):
    art = make_artifact(ptx={"sm_80": "ptx for 80", "sm_90a": "ptx for 90a"}, cubin=b"\x7fELF cubin")
    art.save(tmp_path / "a")
    assert sorted(os.listdir(tmp_path)) == ["a"]
    assert sorted(os.listdir(tmp_path / "a")) == ["constants.npz", "kernels.cubin", "kernels.sm_80.ptx",
                                                  "kernels.sm_90a.ptx", "plan.json"]
    back = CudaArtifact.load(tmp_path / "a")
    assert back.ptx == art.ptx and back.cubin == art.cubin and back.plan == art.plan
    np.testing.assert_array_equal(back.constants["c0"], CONSTANTS["c0"])
    assert back.kernels == [{"name": "scale", "module": "m", "grid": [1, 1, 1], "block": [64, 1, 1], "smem": 0}] * 3

    single = make_artifact()
    single.save(tmp_path / "a")                      # replaces the directory
    back = CudaArtifact.load(tmp_path / "a")
    assert back.ptx == single.ptx and back.cubin is None
    assert sorted(os.listdir(tmp_path)) == ["a"]


def test_a_failing_save_leaves_no_directory(tmp_path):
    art = make_artifact()
    art.plan["note"] = {1, 2}                        # not JSON-able
    with pytest.raises(SerializationError, match="cannot save the CUDA artifact"):
        art.save(tmp_path / "a")
    assert os.listdir(tmp_path) == []


def test_loading_something_else_is_a_deserialization_error(tmp_path):
    with pytest.raises(DeserializationError, match="cannot read plan.json"):
        CudaArtifact.load(tmp_path)
    make_artifact().save(tmp_path / "a")
    (tmp_path / "a" / "plan.json").write_text(json.dumps(dict(scale_plan(), format=7)))
    with pytest.raises(DeserializationError, match="format 7 is not 1"):
        CudaArtifact.load(tmp_path / "a")


def test_artifact_picks_the_code_the_gpu_can_run():
    art = make_artifact(ptx={"sm_80": "80", "sm_90a": "90a"}, cubin=b"cubin")
    assert art.image_for("sm_90") == b"cubin"       # the cubin's arch (the plan's, sm_90)
    art.cubin = None
    assert art.image_for("sm_90") == "90a"
    assert art.image_for("sm_86") == "80"            # PTX runs on later GPUs, sm_90a on 9.0 only
    assert art.image_for("sm_100") == "80"
    with pytest.raises(CudaError, match="no code a sm_75 GPU can run"):
        art.image_for("sm_75")


def test_calling_an_artifact_without_a_gpu_says_so(monkeypatch):
    monkeypatch.setenv(LIBRARY_VARIABLE, "libcuda-that-does-not-exist.so.1")
    monkeypatch.setattr(artifact_mod, "_DEVICES", {})
    art = make_artifact()
    with pytest.raises(CudaError, match="no GPU is available"):
        art(X)
    with pytest.raises(ExecutionError, match="argument 0"):   # argument errors come first
        art(X.T)


def test_calling_an_artifact_runs_its_plan(fake):
    art = make_artifact()
    out0, out1 = art(X)
    np.testing.assert_array_equal(out0, X.reshape(-1) * 3.0)
    (out0, _), ms = art.time(X, runs=2)
    assert ms == 0.5 and fake.live() == {"allocs": 0, "modules": 1, "events": 0}   # the module stays loaded


# A program's check.* calls: their values come after the results (the CPU back end's probes).
ASSERTS = """func.func @main(%x: tensor<4xi32>, %n: tensor<i32>) -> tensor<4xi32> {
  %lo = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %p = shlo.compare %n, %lo {comparison_direction = #shlo.comparison_direction<GE>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
  "shlo.custom_call"(%p, %n) {call_target_name = "check.assert", has_side_effect = true, backend_config = "n is {0}, not >= 0"} : (tensor<i1>, tensor<i32>) -> ()
  %y = shlo.add %x, %x : tensor<4xi32>
  func.return %y : tensor<4xi32>
}"""


def test_check_asserts_are_checked_after_a_gpu_call():
    import shlo
    art = shlo.compile(shlo.parse(ASSERTS), target="cuda")
    assert art.plan["results"] == 1 and len(art.plan["outputs"]) == 2
    assert art.plan["probes"] == [{"target": "check.all_asserts", "first": 1, "count": 1}]
    assert [a["message"] for a in art.plan["asserts"]] == ["n is {0}, not >= 0"]
    assert art.expectation_checks == []
    y = np.arange(4, dtype=np.int32)
    (got,) = art.results([y, np.int64(1)])        # position 1 = the count of checks: all held
    assert got is y
    with pytest.raises(ExecutionError, match=r"check.assert failed on the GPU: n is \?, not >= 0"):
        art.results([y, np.int64(0)])
    # the mapped form run on the CPU writes the same outputs: the position the kernels compute
    from shlo.lowering.gpu.compiler import cpu_check
    check = cpu_check(shlo.parse(ASSERTS))
    x = np.arange(4, dtype=np.int32)
    assert [int(check._native([x, np.int32(n)])[-1]) for n in (3, -2)] == [1, 0]
    with pytest.raises(shlo.InterpreterError, match="n is -2, not >= 0"):
        check(x, np.int32(-2))


def test_expectation_checks_need_run_flat():
    import shlo
    text = """func.func @main(%x: tensor<2xi32>) -> tensor<2xi32> {
  %e = shlo.constant {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  "shlo.custom_call"(%x, %e) {call_target_name = "check.expect_eq", has_side_effect = true} : (tensor<2xi32>, tensor<2xi32>) -> ()
  func.return %x : tensor<2xi32>
}"""
    art = shlo.compile(shlo.parse(text), target="cuda")
    assert art.expectation_checks == ["check.expect_eq"] and art.plan["results"] == 1
    with pytest.raises(ExecutionError, match="check.expect_eq calls, which need the interpreter"):
        art.results([np.zeros(2, np.int32)] * 3)


# The standalone runner, on a machine without MLIR.
def test_runner_checks_saved_artifacts_without_mlir(tmp_path, fake_path):
    make_artifact().save(tmp_path / "good", inputs=[X], expected=[X.reshape(-1) * 3.0, CONSTANTS["c0"]])
    make_artifact().save(tmp_path / "bad", inputs=[X], expected=[X.reshape(-1) * 3.0 + 0.25, CONSTANTS["c0"]],
                         tolerance={"rtol": 0, "atol": 0.1})
    blocker = "import sys; sys.modules['mlir'] = None; import runpy; sys.argv = sys.argv[1:]; " \
              "runpy.run_path(sys.argv[0], run_name='__main__')"
    run = subprocess.run([sys.executable, "-c", blocker, str(ROOT / "tools" / "run_cuda_artifact.py"), "--time", "2",
                          str(tmp_path / "good"), str(tmp_path / "bad")],
                         capture_output=True, text=True, env=dict(os.environ, **{LIBRARY_VARIABLE: fake_path}))
    lines = run.stdout.splitlines()
    assert lines[0] == "ok    good: 2 outputs match, median 0.5000 ms over 2 runs", run.stdout + run.stderr
    assert lines[1].startswith("FAIL  bad: output 0: max abs error 0.25 (rtol 0, atol 0.1)")
    assert lines[2] == "1 passed, 1 failed, 0 could not run (of 2)"
    assert run.returncode == 1


# ptxas.
@pytest.mark.skipif(ptxas_path() is None, reason="ptxas (CUDA toolkit) is not on the PATH")
@pytest.mark.parametrize("arch", ["sm_80", "sm_90"])
def test_ptxas_assembles_for(arch):
    cubin = assemble(SCALE_PTX.format(arch=arch), arch)
    assert cubin[:4] == b"\x7fELF"


@pytest.mark.skipif(ptxas_path() is None, reason="ptxas (CUDA toolkit) is not on the PATH")
def test_ptxas_errors_carry_its_message():
    broken = SCALE_PTX.format(arch="sm_90").replace("mul.f32", "mul.f33")
    with pytest.raises(CompileError, match=r"ptxas -arch=sm_90 failed \(exit \d+\):\n"
                                           r"ptxas kernels.ptx, line \d+; error   : Unknown modifier '.f33'"):
        assemble(broken, "sm_90")
    with pytest.raises(CompileError, match="'compute_90' is not a GPU architecture name"):
        assemble(broken, "compute_90")


def test_without_ptxas_there_is_no_cubin(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    assert assemble(SCALE_PTX.format(arch="sm_90"), "sm_90") is None
    with pytest.raises(CompileError, match="ptxas is not on the PATH"):
        assemble(SCALE_PTX.format(arch="sm_90"), "sm_90", required=True)


# A real GPU.
def test_on_a_real_gpu(monkeypatch):
    monkeypatch.delenv(LIBRARY_VARIABLE, raising=False)
    try:
        dev = Device.open()
    except CudaError as e:
        pytest.skip(f"needs a GPU: {e}")
    try:
        ptx = SCALE_PTX.format(arch="sm_80")        # JIT-compiled for any later GPU
        outs, ms = run_plan(dev, ptx, scale_plan(), [X], CONSTANTS, timing_runs=5)
        np.testing.assert_array_equal(outs[0], X.reshape(-1) * 3.0)
        np.testing.assert_array_equal(outs[1], CONSTANTS["c0"])
        assert 0 < ms < 1000
        n = 1 << 20                                   # many blocks, and a cubin where ptxas is
        plan = scale_plan(n)
        for launch in plan["launches"]:
            launch["grid"], launch["block"] = [n // 256, 1, 1], [256, 1, 1]
        x = np.random.default_rng(0).standard_normal((2, n // 2)).astype(np.float32)
        c = {"c0": np.arange(n, dtype=np.float32)}
        image = assemble(ptx, dev.arch) if ptxas_path() else ptx
        out0, out1 = run_plan(dev, image, plan, [x], c)
        np.testing.assert_array_equal(out0, x.reshape(-1) * np.float32(1.5) * np.float32(2))
        np.testing.assert_array_equal(out1, c["c0"])
        with pytest.raises(CudaError, match="cuModuleLoadDataEx \\(PTX\\) failed: CUDA_ERROR_INVALID_PTX"):
            dev.load_ptx(ptx.replace("mul.f32", "mul.f33"))
    finally:
        dev.close()


def test_runner_compares_complex_outputs_whole():
    # a cast to float64 keeps the real part alone: an imaginary part that differs must fail
    a = np.array([1 + 1j, 2 + 2j], np.complex64)
    assert run_cuda_artifact.compare([a], [a.copy()], 1e-5, 1e-6) is None
    problem = run_cuda_artifact.compare([a], [np.conj(a)], 1e-5, 1e-6)
    assert problem == "output 0: max abs error 4 (rtol 1e-05, atol 1e-06)"
