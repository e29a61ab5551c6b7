"""`shlo.compile(prog, target="cpu")`: a shlo program as a native function on numpy arrays.

opt_level 0 compiles plain loops (quickest); 1 and 2 add the CPU schedules
(tiling, vectorization, threads); 3 also runs LLVM's full O3 IR pipeline.

    fn = shlo.compile(prog)                 # lowered, scheduled, JIT-compiled once
    outs = fn(x, w)                         # list of numpy arrays (pytrees for from_jax programs)

Compiled code is cached per program (its bytecode), entry, target, options
and host CPU: in memory for the process, and with `cache_dir=` on disk, where
the object code is kept so that another process on the same kind of CPU skips
lowering, the pass pipeline and code generation (it only links). `check.*` custom_calls of the entry are compiled as extra
results and checked after the call with the interpreter's own routines.

An entry with `?` dimensions is compiled once for any sizes; as the CPU schedules apply to
static shapes only, that code runs plain loops. With `specialize="auto"` (the default) the
second call with the same sizes compiles the entry made static for them (specialize.py) and
that call and later ones with those sizes run it (`fn.specializations` lists them; at most
eight sets of sizes a function, the rest stay on the generic code). `specialize=True`
specializes on a set's first call, False never.
"""
from __future__ import annotations

import collections
import hashlib
import io
import json
import os
import threading
import time

from mlir import ir

from ..errors import CompileError, ExecutionError, ShloError
from ..interpreter.registry import OpContext as _InterpContext
from ..program import Program
from . import omp
from .driver import ALL_ASSERTS, ENTRY_SYMBOL, lower_program, probes_of
from .driver import flatten_type
from .runtime import NativeFunction, flatten_argument, rebuild, storage_dtype

# Compiled code of recent programs, most recently used last. Each entry holds a JIT engine
# (its code and an LLVM context: megabytes), so the cache is bounded; a CompiledFunction
# keeps its own code alive for as long as it is referenced.
_MEMORY: "collections.OrderedDict" = collections.OrderedDict()
MEMORY_CACHE_ENTRIES = int(os.environ.get("SHLO_COMPILE_CACHE_ENTRIES", "32"))
_LOCK = threading.Lock()
CACHE_FORMAT = "8"      # 2: object code (was the LLVM-dialect module); 3: products call shlo_* or shlo_blas_* (products.py); 4: convolutions call shlo_conv2d_*; 5: transposes folded into product calls; 6: a check.assert returns its predicate only; 7: the check.asserts return the first failing one's position; 8: gathers from strided views read at their strides (disk-cached code from before read them as contiguous)


class CompiledFunction:
    """A compiled entry of a shlo program; call it with numpy arrays."""

    def __init__(self, prog: Program, entry: str, native: NativeFunction, arg_types, result_types, probes,
                 timings: dict, key: str, dim_constraints=()):
        self.program, self.entry = prog, entry
        self._assertions = _assertion_program(prog, entry)   # jax.export's shape checks, run first
        self._native = native
        self.arg_types, self.result_types = list(arg_types), list(result_types)
        self.probes = probes
        self.timings = timings          # seconds: lower, prepare, schedule, to_llvm (passes = prepare + to_llvm), jit; or load + link (disk cache)
        self.key = key
        self.dim_constraints = [tuple(map(tuple, c[:2])) + (c[2],) for c in dim_constraints]
        self._flat_owner = [i for i, t in enumerate(self.arg_types) for _ in flatten_type(t)]
        self._flat_types = [x for t in self.arg_types for x in flatten_type(t)]
        self._specializer = None        # compile(specialize=...): code made static for a call's sizes

    def __repr__(self):
        return f"<shlo.CompiledFunction @{self.entry} ({len(self.arg_types)} args -> {len(self.result_types)} results)>"

    def __call__(self, *args, **kwargs):
        """Flat arrays in @main's argument order, or (when the program records its framework's
        structure and the call does not match the flat signature) the framework's own
        arguments, with the results rebuilt into its output structure."""
        trees = getattr(self.program, "trees", None)
        tree_call = trees is not None and (bool(kwargs) or len(args) != len(self.arg_types)
                                           or any(_structured(a) for a in args))
        if tree_call:
            try:
                args = trees.flatten(args, kwargs)
            except ShloError as e:
                raise ExecutionError(f"@{self.entry}: {e}") from None
        elif kwargs:
            raise ExecutionError(f"@{self.entry} takes no keyword arguments (the program records no structure)")
        if len(args) != len(self.arg_types):
            raise ExecutionError(f"@{self.entry} takes {len(self.arg_types)} arguments, got {len(args)}")
        flat = []
        for i, (v, t) in enumerate(zip(args, self.arg_types)):
            if trees is not None and hasattr(trees, "argument") and t.kind == "tensor":
                v = trees.argument(v, storage_dtype(t))       # from_jax: narrowed as jax.jit does
            flat.extend(flatten_argument(v, t, f"@{self.entry} argument {i}"))
        self._check_sizes(flat)
        if self._assertions is not None:
            self._check_shapes(args)
        native = self._specializer.native(flat) if self._specializer is not None else None
        outs = (native or self._native)(flat)
        n_real = len(outs) - sum(len(p.operand_types) for p in self.probes)
        self._check(outs[n_real:], args)
        it = iter(outs[:n_real])
        results = [rebuild(t, it) for t in self.result_types]
        return trees.unflatten(results) if tree_call else results

    @property
    def specializations(self) -> list:
        """Sizes of the `?`-dimensioned (flattened) arguments that have code made static for them."""
        return self._specializer.sizes() if self._specializer is not None else []

    def _check_sizes(self, flat: list) -> None:
        for (a, d), (b, e), what in self.dim_constraints:
            if flat[a].shape[d] != flat[b].shape[e]:
                raise ExecutionError(
                    f"@{self.entry}: argument {self._flat_owner[a]} has size {flat[a].shape[d]} in dimension {d} "
                    f"but argument {self._flat_owner[b]} has size {flat[b].shape[e]} in dimension {e}; "
                    f"{what} needs them equal")

    def _check_shapes(self, args) -> None:
        from ..interpreter import interpret
        from ..interpreter.ops.control import ShapeAssertionFailure
        try:
            interpret(self._assertions, *args)
        except ShapeAssertionFailure as e:
            raise ExecutionError(f"@{self.entry}: {e}") from None

    def _check(self, values: list, args) -> None:
        from ..interpreter.ops.control import CUSTOM_CALL_TARGETS, CheckFailure
        for p in self.probes:
            mine = values[p.first_result:p.first_result + len(p.operand_types)]
            if p.target == "check.assert":
                continue
            if p.target == ALL_ASSERTS:
                checks = [q for q in self.probes if q.target == "check.assert"]
                position = int(mine[0])
                if position >= len(checks):
                    continue
                # the compiled code returns which check failed first, not its values: the
                # interpreter fills them in from that check and the ops it reads alone
                from .failed_check import raise_failed_check
                raise_failed_check(self.program, self.entry, position, args)
                failed = checks[position]
                raise CheckFailure(f"{failed.location}: a check.assert failed compiled but not interpreted: "
                                   f"{failed.attrs.get('backend_config') or ''}")
            ctx = _InterpContext("custom_call", p.attrs, p.operand_types, p.result_types, p.location)
            CUSTOM_CALL_TARGETS[p.target](ctx, *mine)


def _assertion_program(prog: Program, entry: str):
    """The entry's shape assertions as a program of their own, made once per program and entry."""
    from .assertions import assertion_program
    made = prog.__dict__.setdefault("_shape_assertions", {})
    if entry not in made:
        made[entry] = assertion_program(prog, entry)
    return made[entry]


def _structured(a) -> bool:
    """A framework argument rather than a flat array: a container or a torch tensor."""
    return isinstance(a, (dict, list, tuple)) or type(a).__module__.startswith("torch")


def _fingerprint(prog: Program) -> str:
    buf = io.BytesIO()
    prog.module.operation.write_bytecode(buf)
    return hashlib.blake2b(buf.getvalue(), digest_size=16).hexdigest()


def _signature(prog: Program, entry: str):
    functions = prog.functions()
    if entry not in functions:
        raise CompileError(f"no function @{entry} in the program (have {', '.join(functions) or 'none'})")
    from ..types import type_info
    ftype = ir.FunctionType(ir.TypeAttr(functions[entry].attributes["function_type"]).value)
    return [type_info(t) for t in ftype.inputs], [type_info(t) for t in ftype.results]


def lower_to_llvm(prog: Program, entry: str = "main", threads: int = 1, schedule: bool = True,
                  matmul: str = "generated", sizes: dict | None = None):
    """The program's entry lowered to an LLVM-dialect module (a new module); also the timings.
    `sizes` ({flattened argument index: sizes}) specializes it for one call's sizes (specialize.py)."""
    t0 = time.perf_counter()
    lowered = lower_program(prog, entry=entry, mode="compile")
    if sizes:
        from .specialize import specialize_entry
        specialize_entry(lowered.module, sizes)
    t1 = time.perf_counter()
    timings = llvm_from_linalg(lowered.module, threads=threads, schedule=schedule, matmul=matmul)
    timings["lower"] = t1 - t0
    return lowered, timings


def llvm_from_linalg(module: ir.Module, threads: int = 1, schedule: bool = True, matmul: str = "generated") -> dict:
    """Fusion, CPU schedules, bufferization and the passes to the LLVM dialect, in place.
    `matmul` "kernel" / "blas": large matrix products become calls of that kernel (products.py)."""
    from . import kernels, products, pipeline, schedules
    t0 = time.perf_counter()
    try:
        pipeline.verify(module, "from the lowering")
        pipeline.run(module, pipeline.prepare(module, fusion=_fusion_is_safe(module)))
        t1 = time.perf_counter()
        calls = matmul if schedule and matmul in ("kernel", "blas") else None
        scheduled = schedule and schedules.apply(module, threads=threads, matmul_calls=calls)
        t2 = time.perf_counter()
        needs = pipeline.needs(module)
        pipeline.bufferize(module, needs["empty_tensors"])
        library_calls = products.count_calls(module) if calls else 0
        t3 = time.perf_counter()
        shared = kernels.share_identical_loops(module)
        t4 = time.perf_counter()
        pipeline.run(module, pipeline.to_llvm_for(module, threads if scheduled else 1, needs["complex_ops"],
                                                  needs["math_ops"]))
    except ShloError as e:
        raise CompileError(f"the pass pipeline to LLVM failed: {e}") from None
    t5 = time.perf_counter()
    return {"passes": (t1 - t0) + (t5 - t2) - (t4 - t3), "prepare": t1 - t0, "schedule": t2 - t1,
            "share": t4 - t3, "to_llvm": (t5 - t2) - (t4 - t3), "shared_loops": shared, "product_calls": library_calls,
            "scheduled": bool(scheduled)}


def _fusion_is_safe(module: ir.Module) -> bool:
    """linalg-fuse-elementwise-ops moves reshapes across ops; from a collapse_shape that merges
    two or more dynamic dimensions it builds an expand_shape that MLIR 22.1.8 aborts on when
    lowering it. Such modules skip the fusion (correct, a little slower)."""
    from .. import _shlo_ext
    for op in _shlo_ext.ops_named(module.operation, ["tensor.collapse_shape", "tensor.expand_shape"]):
        t = ir.RankedTensorType(op.operands[0].type if op.name == "tensor.collapse_shape" else op.results[0].type)
        if t.has_static_shape:
            continue
        for group in ir.ArrayAttr(op.attributes["reassociation"]):
            dims = [ir.IntegerAttr(d).value for d in ir.ArrayAttr(group)]
            if sum(1 for d in dims if t.is_dynamic_dim(d)) >= 2:
                return False
    return True


def compile(prog, target: str = "cpu", opt_level: int = 2, cache_dir: str | None = None, *,
            entry: str = "main", threads: int | None = None, schedule: bool = True, arch: str = "sm_90",
            specialize=None, tf32: bool | None = None):
    """Compiles `entry` of a shlo Program for the host CPU (see the module docstring), or with
    target="cuda" for an NVIDIA GPU of `arch` (a `CudaArtifact`: PTX, cubin, launch plan).
    `specialize` (entries with `?` dimensions): "auto" compiles code made static for a call's
    sizes the second time those sizes come; True on the first call; False never. None: the
    environment's SHLO_SPECIALIZE (auto / first / never), else "auto". `tf32` (cuda): f32 matmuls at
    DEFAULT precision on the tensor cores as TF32, as XLA does (see gpu.compiler.compile_cuda)."""
    if target == "cuda":
        from .gpu.compiler import compile_cuda
        return compile_cuda(prog, arch=arch, entry=entry, tf32=tf32)
    if target != "cpu":
        raise CompileError(f"target {target!r} is not supported (have: 'cpu', 'cuda')")
    if tf32:
        raise CompileError("tf32 is an option of target 'cuda' (the CPU computes f32 products exactly)")
    if specialize is None:
        env = os.environ.get("SHLO_SPECIALIZE", "auto")
        specialize = {"auto": "auto", "first": True, "never": False}.get(env)
        if specialize is None:
            raise CompileError(f"SHLO_SPECIALIZE={env!r}: expected auto, first or never")
    if specialize not in (True, False, "auto"):
        raise CompileError(f"specialize={specialize!r}: expected True, False or 'auto'")
    if not isinstance(prog, Program):
        from ..program import parse
        prog = parse(prog)
    if not prog.__dict__.get("_compile_verified"):
        prog.verify()
        prog.__dict__["_compile_verified"] = True
    if threads is None:
        threads = omp.default_threads()
    if threads > 1 and omp.library() is None:
        threads = 1
    if opt_level <= 0:
        schedule = False        # opt_level 0: plain loops, the quickest compile
    from . import products
    matmul = products.mode() if schedule else "generated"     # SHLO_MATMUL (blas registers the library)
    arg_types, result_types = _signature(prog, entry)
    from .. import _shlo_jit
    key = hashlib.blake2b(f"{CACHE_FORMAT}|{_fingerprint(prog)}|{entry}|{target}|{opt_level}|{threads}|"
                          f"{schedule}|{matmul}|{_shlo_jit.host()}".encode(), digest_size=16).hexdigest()
    probes = probes_of(prog.module, entry)

    def build(sizes: dict | None = None):
        """(native code, timings, size constraints) of the entry, or of it made static for `sizes`."""
        k = key if not sizes else hashlib.blake2b(f"{key}|{sorted(sizes.items())}".encode(),
                                                  digest_size=16).hexdigest()
        return _build(prog, entry, k, cache_dir, opt_level, threads, schedule, matmul, arg_types, result_types,
                      probes, sizes)

    native, timings, constraints = build()
    fn = CompiledFunction(prog, entry, native, arg_types, result_types, probes, timings, key, constraints)
    if specialize and schedule and any(None in t.shape for t in fn._flat_types):
        fn._specializer = _Specializer(build, fn._flat_types, first_call=specialize is True)
    return fn


def _build(prog, entry, key, cache_dir, opt_level, threads, schedule, matmul, arg_types, result_types, probes,
           sizes):
    with _LOCK:
        hit = _MEMORY.get(key)
        if hit is not None:
            _MEMORY.move_to_end(key)
    if hit is not None:
        native, timings, constraints = hit
        return native, dict(timings, cached="memory"), constraints
    objects, timings, constraints = (_load(cache_dir, key) if cache_dir else (None, {}, []))
    if objects is not None:
        t0 = time.perf_counter()
        native = _native(_load_objects(objects, threads), threads, arg_types, result_types, probes)
        timings["link"] = time.perf_counter() - t0
    else:
        lowered, timings = lower_to_llvm(prog, entry, threads=threads, schedule=schedule, matmul=matmul,
                                         sizes=sizes)
        constraints = lowered.dim_constraints
        t0 = time.perf_counter()
        try:
            code = _jit(lowered.module, opt_level, threads, keep_objects=bool(cache_dir))
            native = _native(code, threads, arg_types, result_types, probes)
        except CompileError as e:
            if "__truncsfbf2" not in str(e):
                raise
            from . import builtins      # rare (bf16 on a CPU without bf16 instructions): define it, again
            builtins.define_missing(lowered.module)
            code = _jit(lowered.module, opt_level, threads, keep_objects=bool(cache_dir))
            native = _native(code, threads, arg_types, result_types, probes)
        timings["jit"] = time.perf_counter() - t0
        timings.update({"jit_" + k: v for k, v in code.seconds.items()})
        if cache_dir:
            _store(cache_dir, key, code.objects, constraints)
    with _LOCK:
        _MEMORY[key] = (native, dict(timings), constraints)
        while len(_MEMORY) > MEMORY_CACHE_ENTRIES:
            _MEMORY.popitem(last=False)
    return native, timings, constraints


class _Specializer:
    """Code made static for the sizes of calls (specialize.py), at most SPECIALIZATIONS sets of
    sizes a function, compiled on a set's first call (`first_call`) or its second. A compile
    that fails leaves that set on the generic code, with the reason in `errors`."""

    SPECIALIZATIONS = 8

    def __init__(self, build, flat_types, first_call: bool):
        self._build, self._first_call = build, first_call
        self._dynamic = [i for i, t in enumerate(flat_types) if None in t.shape]
        self._seen: dict = {}           # sizes -> native code, or None: seen once / failed
        self.errors: dict = {}          # sizes -> why their compile failed
        self.timings: dict = {}         # sizes -> the timings of their compile
        self._lock = threading.Lock()

    def native(self, flat: list):
        sizes = tuple(tuple(flat[i].shape) for i in self._dynamic)
        with self._lock:
            if sizes in self._seen and self._seen[sizes] is not None:
                return self._seen[sizes]
            ready = self._first_call or sizes in self._seen
            compiled = sum(v is not None for v in self._seen.values())
            if not ready or sizes in self.errors or compiled >= self.SPECIALIZATIONS:
                self._seen.setdefault(sizes, None)
                return None
            try:
                native, self.timings[sizes], _constraints = self._build(dict(zip(self._dynamic, sizes)))
            except ShloError as e:
                self.errors[sizes] = str(e)
                self._seen[sizes] = None
                return None
            self._seen[sizes] = native
            return native

    def sizes(self) -> list:
        """The argument sizes that have code of their own, in the order they were compiled."""
        return [s for s, v in self._seen.items() if v is not None]


# LLVM's level for each shlo opt_level. shlo's MLIR pipeline has already tiled and vectorized
# the code, so LLVM's O2 IR pipeline buys little (0-13% on the benchmarks) for three times the
# JIT time; opt_level=3 asks for it anyway.
LLVM_LEVEL = {0: 0, 1: 0, 2: 0, 3: 3}


def _jit(module: ir.Module, opt_level: int, threads: int, keep_objects: bool = False):
    """Native code for the LLVM-dialect module, generated by shlo's JIT (jit/ShloJit.cpp): the
    module split in partitions whose code is generated side by side, one thread a core."""
    from .. import _shlo_jit
    try:
        return _shlo_jit.compile(module.operation, LLVM_LEVEL[max(0, min(3, int(opt_level)))], codegen_threads(),
                                 _libraries(threads), packed=["_mlir_ciface_" + ENTRY_SYMBOL],
                                 keep_objects=keep_objects)
    except RuntimeError as e:   # LLVM's message: a module it cannot translate
        raise CompileError(f"JIT compilation failed: {e}") from None


def _load_objects(objects: list, threads: int):
    from .. import _shlo_jit
    try:
        return _shlo_jit.load(objects, _libraries(threads))
    except RuntimeError as e:
        raise CompileError(f"loading cached object code failed: {e}") from None


def _libraries(threads: int) -> list:
    return [omp.library()] if threads > 1 else []


def _native(code, threads: int, arg_types, result_types, probes) -> NativeFunction:
    """The entry of JIT-compiled `code` as a function on flat arrays."""
    try:
        address = code.lookup("_mlir__mlir_ciface_" + ENTRY_SYMBOL)
    except RuntimeError as e:   # LLVM's message: an unresolved symbol
        raise CompileError(f"JIT compilation failed: {e}") from None
    flat_args = [x for t in arg_types for x in flatten_type(t)]
    flat_results = [x for t in result_types for x in flatten_type(t)] + \
        [t for p in probes for t in p.operand_types]
    return NativeFunction(address, flat_args, flat_results, keepalive=(code,), threaded=threads > 1)


def codegen_threads() -> int:
    """Threads that generate machine code: SHLO_COMPILE_THREADS, else one a core this process may
    use (at most 8: a module rarely has more partitions worth generating apart)."""
    env = os.environ.get("SHLO_COMPILE_THREADS")
    if env:
        try:
            return max(1, int(env))
        except ValueError:
            raise CompileError(f"SHLO_COMPILE_THREADS={env!r} is not a whole number") from None
    return max(1, min(8, len(os.sched_getaffinity(0))))


# ----------------------------------------------------------------------------- disk cache

def _paths(cache_dir: str, key: str):
    return os.path.join(cache_dir, f"{key}.o"), os.path.join(cache_dir, f"{key}.json")


def _load(cache_dir: str, key: str):
    """The object files of a cached compile, its timings and size constraints, or None. The
    key names the host's CPU and features: object code is never loaded where it was not made.
    Each object's length and hash are checked before the JIT sees it."""
    code, meta = _paths(cache_dir, key)
    if not (os.path.exists(code) and os.path.exists(meta)):
        return None, {}, []
    t0 = time.perf_counter()
    try:
        with open(meta) as f:
            info = json.load(f)
        with open(code, "rb") as f:
            data = f.read()
        objects, at = [], 0
        for size, digest in info["objects"]:
            part = data[at:at + size]
            if len(part) != size or hashlib.blake2b(part, digest_size=16).hexdigest() != digest:
                return None, {}, []
            objects.append(part)
            at += size
        constraints = info["dim_constraints"]
    except Exception:  # noqa: BLE001 - a damaged cache entry is ignored and rebuilt
        return None, {}, []
    if at != len(data) or not objects:
        return None, {}, []
    return objects, {"load": time.perf_counter() - t0, "cached": "disk"}, constraints


def _store(cache_dir: str, key: str, objects: list, constraints: list) -> None:
    """Writes atomically (temporary file, then rename), the objects first: an entry is used only
    when both files exist and the objects match the lengths and hashes the metadata lists, so
    it is never half-read."""
    os.makedirs(cache_dir, exist_ok=True)
    code, meta = _paths(cache_dir, key)
    info = {"objects": [[len(o), hashlib.blake2b(o, digest_size=16).hexdigest()] for o in objects],
            "dim_constraints": constraints}
    for path, data in ((code, b"".join(objects)), (meta, json.dumps(info).encode())):
        tmp = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
