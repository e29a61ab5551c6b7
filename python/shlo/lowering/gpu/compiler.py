"""`shlo.compile(prog, target="cuda", arch=...)`: shlo -> linalg (the CPU back end's lowering)
-> loops mapped to blocks and threads -> kernels -> NVVM -> PTX (and a cubin where ptxas is).

    art = compile_cuda(prog, arch="sm_90")     # art.ptx, art.cubin, art.kernels, art.plan
    outs = art(*arrays)                        # runs where a GPU and its driver are
    check = cpu_check(prog)                    # the mapped loops compiled for the CPU: a callable

The two paths share every step up to the mapping (mapping.py), so `cpu_check` runs exactly
the block / thread decomposition the kernels use, on the CPU, against the interpreter.
"""
from __future__ import annotations

import re
import time

from mlir import ir

from ...errors import CompileError, ShloError
from ...program import Program
from .. import builtins
from .. import pipeline as cpu_pipeline
from ..driver import ENTRY_SYMBOL, lower_program
from . import branches, contraction, depthwise, fills, loops, multi_k, pipeline, schedules, shape_scalars
from .irop import operation_of as _op

MAP = "shlo-gpu-map-loops"


def _program(prog) -> Program:
    if not isinstance(prog, Program):
        from ...program import parse
        prog = parse(prog)
    prog.verify()
    return prog


def _entry(module: ir.Module) -> ir.Operation:
    for op in module.body.operations:
        op = op.operation if hasattr(op, "operation") else op
        if op.name == "func.func" and ir.StringAttr(op.attributes["sym_name"]).value == ENTRY_SYMBOL:
            return op
    raise CompileError("target 'cuda': the lowered module has no entry function")


def _run(module: ir.Module, passes: str, stage: str) -> None:
    try:
        cpu_pipeline.run(module, f"builtin.module({passes})")
    except ShloError as e:
        raise CompileError(f"target 'cuda', {stage}: {e}") from None


def _buffers(prog: Program, entry: str, schedule: bool = True, mode: str = "gpu", tf32: bool = False,
             arches=("sm_90",)):
    """The entry lowered to linalg, fused, bufferized (shared by both paths); static
    contractions become contraction.py's shared-memory kernels (`mode` "gpu") or their
    sequential CPU form ("cpu"), their shared memory within what each of `arches` allows; `tf32`:
    f32 products at DEFAULT precision as TF32 (contraction.tf32_for)."""
    # case as scf.index_switch: branches.py gives host-allocated homes to top-level branches
    # only, and a chain of scf.if nests them (the CPU path's choice, see ops/control.py)
    lowered = lower_program(prog, entry=entry, mode="compile", case_as_switch=True)
    m = lowered.module
    cpu_pipeline.verify(m, "from the lowering")
    try:
        cpu_pipeline.run(m, cpu_pipeline.prepare(m))
    except ShloError as e:
        raise CompileError(f"target 'cuda', prepare: {e}") from None
    with m.context, ir.Location.unknown(m.context):
        if shape_scalars.scalarize_small_extracts(_entry(m)):
            _run(m, "canonicalize,cse", "sizes as scalars")
    if schedule:
        with m.context, ir.Location.unknown(m.context):
            if multi_k.enabled() and multi_k.collapse_contractions(_entry(m)):
                _run(m, "canonicalize,cse", "contractions over several dimensions")
            schedules.split_reductions(m)
            schedules.tile_contractions(m, leave_shared=contraction.enabled(), tf32=tf32)
            if fills.enabled():
                fills.untie_fills(_entry(m))
    _run(m, pipeline.BUFFERIZE, "bufferize")
    with m.context, ir.Location.unknown(m.context):
        loops.stable_loop_buffers(_entry(m))     # the host must know every buffer a kernel gets
        branches.branch_homes(_entry(m))         # buffers a branch on data yields: homes on the host
        loops.hoist_allocations(_entry(m))       # no device-side malloc that nobody frees
        branches.select_branch_buffers(_entry(m))   # buffers a branch on sizes picks: the host picks
        loops.free_kernel_allocations(_entry(m))    # what stays a device-side malloc is freed
        returned_views_as_buffers(_entry(m))        # no copy of a reshaped result into its out-parameter
        if schedule and contraction.enabled():
            contraction.replace_contractions(m, _entry(m), mode, tf32, arches)
            depthwise.replace_depthwise(m, _entry(m), mode)
        if schedule and fills.fold_enabled():
            fills.fold_fills_into_reductions(_entry(m))
    return lowered, m


def cpu_check(prog, entry: str = "main", schedule: bool = True, tf32: bool | None = None):
    """The GPU-mapped loops of `entry` compiled for the CPU: a callable like shlo.compile's.
    Results are out-parameters here too, as in the kernels."""
    tf32 = contraction.tf32_default() if tf32 is None else bool(tf32)
    from ..compiler import CompiledFunction, _signature
    from ..driver import probes_of
    prog = _program(prog)
    lowered, m = _buffers(prog, entry, schedule, mode="cpu", tf32=tf32)
    _run(m, pipeline.OUT_PARAMS, "out-parameters")
    _run(m, pipeline.TO_LOOPS, "loops")
    _run(m, MAP, "mapping")
    _run(m, pipeline.CPU_CHECK, "cpu check")
    builtins.define_missing(m)
    arg_types, result_types = _signature(prog, entry)
    probes = probes_of(prog.module, entry)
    plan = None
    if any(None in t.shape for t in lowered.flat_results):      # output shapes: the plan's size program
        plan = compile_cuda(prog, entry=entry, assemble=False, schedule=schedule, tf32=tf32).plan
    native = _OutParams(m, lowered.flat_args, lowered.flat_results, plan)
    return CompiledFunction(prog, entry, native, arg_types, result_types, probes, {}, "gpu-cpu-check",
                            lowered.dim_constraints)


class _OutParams:
    """The JIT-compiled entry that writes its results into arrays it is given, called the way
    CompiledFunction calls compiled code (arrays in, results out)."""

    def __init__(self, module: ir.Module, flat_args, flat_results, plan=None):
        from ... import _shlo_jit
        from ..compiler import codegen_threads
        from ..runtime import NativeFunction, storage_dtype
        name = "_mlir_ciface_" + ENTRY_SYMBOL
        try:        # shlo's own JIT, as the CPU back end's (LLVM level 0: a check, not a benchmark)
            code = _shlo_jit.compile(module.operation, 0, codegen_threads(), [], packed=[name])
            address = code.lookup("_mlir_" + name)
        except RuntimeError as e:   # LLVM's message: an unresolved symbol, a module it cannot translate
            raise CompileError(f"target 'cuda', cpu check: JIT compilation failed: {e}") from None
        if not address:
            raise CompileError("target 'cuda', cpu check: no entry point")
        self._native = NativeFunction(address, list(flat_args) + list(flat_results), [], keepalive=(code,))
        self._outs = [(t.shape, storage_dtype(t)) for t in flat_results]
        self._plan = plan

    def __call__(self, arrays: list) -> list:
        import numpy as np
        shapes = [shape for shape, _ in self._outs]
        if self._plan is not None:
            from .launch import concretize
            shapes = [spec["shape"] for spec in concretize(self._plan, arrays)["outputs"]]
        outs = [np.zeros(tuple(shape), dtype) for shape, (_, dtype) in zip(shapes, self._outs)]
        self._native(list(arrays) + outs)
        return outs


def compile_cuda(prog, arch: str = "sm_90", entry: str = "main", assemble: bool = True, schedule: bool = True,
                 tf32: bool | None = None):
    """Compiles `entry` to PTX for `arch` (and a cubin with ptxas when `assemble`); `schedule`
    False leaves contractions to the general mapping (one thread per output element). `tf32`:
    f32 matmuls whose dot_general has DEFAULT precision run on the tensor cores as TF32, as XLA
    runs them (None: SHLO_GPU_TF32=1 says so; default off, the interpreter's exact f32); those
    whose algorithm asks for TF32 always do, HIGH / HIGHEST never."""
    return compile_cuda_arches(prog, (arch,), entry, assemble, schedule, tf32)[arch]


def compile_cuda_arches(prog, arches, entry: str = "main", assemble: bool = True, schedule: bool = True,
                        tf32: bool | None = None) -> dict:
    """`compile_cuda` for several chips from one lowering: {arch: artifact}."""
    tf32 = contraction.tf32_default() if tf32 is None else bool(tf32)
    for arch in arches:
        if arch not in pipeline.ARCHES:
            raise CompileError(f"target 'cuda': arch {arch!r} is not supported (have: {', '.join(pipeline.ARCHES)})")
    prog = _program(prog)
    t0 = time.perf_counter()
    lowered, m = _buffers(prog, entry, schedule, tf32=tf32, arches=arches)
    with m.context, ir.Location.unknown(m.context):
        out_dims = _return_dynamic_sizes(_entry(m))
    _run(m, pipeline.OUT_PARAMS, "out-parameters")
    with m.context, ir.Location.unknown(m.context):
        schedules.map_foralls(m)
    _run(m, pipeline.TO_LOOPS, "loops")
    _run(m, MAP, "mapping")
    t1 = time.perf_counter()
    _run(m, pipeline.TO_KERNELS, "kernels")
    from . import plan as plan_mod
    with m.context, ir.Location.unknown(m.context):
        merge_kernel_modules(m.operation)
        _align_workgroup_buffers(m.operation)
        param_bytes = kernel_param_bytes(m.operation)
        plan, constants, out_shapes = plan_mod.extract(m, _entry(m), len(lowered.flat_args),
                                                       len(lowered.flat_results), out_dims)
    plan.update(format=1, inputs=[_io(t) for t in lowered.flat_args],
                outputs=[dict(_io(t), shape=shape) for t, shape in zip(lowered.flat_results, out_shapes)])
    if lowered.dim_constraints:
        plan["dim_constraints"] = [[a, d, b, e, what] for (a, d), (b, e), what in lowered.dim_constraints]
    plan.update(_checks_of(lowered))
    t2 = time.perf_counter()
    out = {}
    for arch in arches:
        t3 = time.perf_counter()
        mod = m if arch == arches[-1] else _clone(m)
        _run(mod, pipeline.to_nvvm(arch, param_bytes), "to PTX")
        ptx = _ptx_of(mod)
        t4 = time.perf_counter()
        cubin = None
        if assemble and ptx:
            from .ptxas import assemble as ptxas
            cubin = ptxas(ptx, arch)
        t5 = time.perf_counter()
        from .artifact import CudaArtifact
        art = CudaArtifact(ptx=ptx, cubin=cubin, plan=dict(plan, arch=arch), constants=constants)
        art.timings = {"lower": t1 - t0, "kernels": t2 - t1, "ptx": t4 - t3, "ptxas": t5 - t4}
        out[arch] = art
    return out


def _checks_of(lowered) -> dict:
    """The plan's record of the entry's check.* calls, whose values the kernels write after the
    program's results (the CPU back end's probes): "results", how many outputs are the program's;
    "probes", where each check's values are; "asserts", each check.assert's location and message,
    in the order of the position the check.all_asserts probe returns (artifact.py raises on it)."""
    if not lowered.probes:
        return {}
    results = len(lowered.flat_results) - sum(len(p.operand_types) for p in lowered.probes)
    probes = [{"target": p.target, "first": results + p.first_result, "count": len(p.operand_types)}
              for p in lowered.probes if p.target != "check.assert"]
    asserts = [{"location": p.location, "message": _text(p.attrs.get("backend_config"))}
               for p in lowered.probes if p.target == "check.assert"]
    return {"results": results, "probes": probes, "asserts": asserts}


def _text(attr) -> str:
    if attr is None or isinstance(attr, str):
        return attr or ""
    return attr.value if isinstance(attr, ir.StringAttr) else str(attr)


def _clone(module: ir.Module) -> ir.Module:
    import io
    buf = io.BytesIO()
    module.operation.write_bytecode(buf)
    return ir.Module.parse(buf.getvalue(), module.context)


KERNELS_MODULE = "shlo_kernels"


def merge_kernel_modules(module) -> None:
    """Outlining makes one gpu.module per kernel, each kernel named after the entry; here one
    module (one PTX image, loaded once) holds them all, as `k0`, `k1`, ... in launch order.
    Symbols the outliner copied into several modules (globals) are kept once."""
    top = module.regions[0].blocks[0]
    gpu_modules = [op for op in (o.operation for o in top.operations) if op.name == "gpu.module"]
    if not gpu_modules:
        return
    renamed = {}                 # (old module, old kernel) -> new kernel name
    for i, gm in enumerate(gpu_modules):
        mod_name = ir.StringAttr(gm.attributes["sym_name"]).value
        for o in gm.regions[0].blocks[0].operations:
            o = o.operation
            if o.name == "gpu.func" and "gpu.kernel" in o.attributes:
                old = ir.StringAttr(o.attributes["sym_name"]).value
                new = f"k{len(renamed)}"
                o.attributes["sym_name"] = ir.StringAttr.get(new)
                renamed[(mod_name, old)] = new
    first = gpu_modules[0]
    first.attributes["sym_name"] = ir.StringAttr.get(KERNELS_MODULE)
    body = first.regions[0].blocks[0]
    names = {ir.StringAttr(o.operation.attributes["sym_name"]).value for o in body.operations
             if "sym_name" in o.operation.attributes}
    for other in gpu_modules[1:]:
        for o in list(other.regions[0].blocks[0].operations):
            o = o.operation
            if o.name == "gpu.module_end":
                continue
            name = ir.StringAttr(o.attributes["sym_name"]).value if "sym_name" in o.attributes else None
            if name is not None and name in names:
                continue
            names.add(name)
            if _has_terminator(body):
                o.move_before(list(body.operations)[-1].operation)
            else:
                body.append(o)
        other.erase()
    for op in _walk(module):
        if op.name == "gpu.launch_func":
            mod_name, kernel = [p.strip().lstrip("@") for p in str(op.attributes["kernel"]).split("::")]
            op.attributes["kernel"] = ir.Attribute.parse(f"@{KERNELS_MODULE}::@{renamed[(mod_name, kernel)]}")


def kernel_param_bytes(module) -> int:
    """An upper bound on the largest kernel's parameter space in PTX: a memref argument is its
    descriptor (two pointers, an offset, a size and a stride per dimension), anything else at
    most 8 bytes."""
    most = 0
    for op in _walk(module):
        if op.name == "gpu.func" and "gpu.kernel" in op.attributes:
            ftype = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
            total = 0
            for t in ftype.inputs:
                total += 8 * (3 + 2 * ir.MemRefType(t).rank) if isinstance(t, ir.MemRefType) else 8
            most = max(most, total)
    return most


def _align_workgroup_buffers(module) -> None:
    """Shared-memory buffers (a kernel's workgroup attributions) aligned to 16 bytes: lowered
    as they are they get their element's alignment, and the 16-byte vector accesses of
    contraction.py's tiles would fault on a misaligned address."""
    for op in _walk(module):
        if op.name == "gpu.func" and "workgroup_attributions" in op.attributes:
            n = ir.IntegerAttr(op.attributes["workgroup_attributions"]).value
            if n:
                op.attributes["workgroup_attrib_attrs"] = ir.ArrayAttr.get(
                    [ir.DictAttr.get({"llvm.align": ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 16)})] * n)


def _has_terminator(block) -> bool:
    ops = list(block.operations)
    return bool(ops) and ops[-1].operation.name == "gpu.module_end"


def _walk(op: ir.Operation):
    for region in op.regions:
        for block in region.blocks:
            for o in block.operations:
                o = o.operation
                yield o
                yield from _walk(o)


def _io(t) -> dict:
    from ..runtime import storage_dtype
    return {"shape": [None if d is None else int(d) for d in t.shape], "dtype": storage_dtype(t).name}


def returned_views_as_buffers(func: ir.Operation) -> int:
    """A result returned as a reshape (collapse / expand) of a static buffer allocated in the
    entry and used nowhere else in the return: the buffer allocated in the result's shape
    instead and the old one made its inverse view, so that the out-parameter is the buffer the
    kernels write (else buffer-results-to-out-params copies the view into it: a pass over the
    result, e.g. after a grouped or depthwise convolution, whose (N, O..., G, F) output is
    returned as (N, O..., G * F)). Returns how many."""
    block = func.regions[0].blocks[0]
    ret = _op(list(block.operations)[-1])
    if ret.name != "func.return":
        return 0
    inverse = {"memref.collapse_shape": "memref.expand_shape", "memref.expand_shape": "memref.collapse_shape"}
    n = 0
    for i, v in enumerate(list(ret.operands)):
        view = v.owner
        if not isinstance(view, (ir.Operation, ir.OpView)) or _op(view).name not in inverse:
            continue
        view = _op(view)
        src = view.operands[0]
        alloc = src.owner
        if not isinstance(alloc, (ir.Operation, ir.OpView)) or _op(alloc).name != "memref.alloc":
            continue
        alloc = _op(alloc)
        if alloc.block != block or len(alloc.operands) or len(view.operands) != 1 or len(list(v.uses)) != 1 or \
                any(u == src for u in ret.operands) or not _identity(src.type) or not _identity(v.type):
            continue
        with ir.InsertionPoint(alloc):
            new = ir.Operation.create("memref.alloc", results=[v.type], operands=[],
                                      attributes={k: alloc.attributes[k] for k in alloc.attributes})
            attrs = {"reassociation": view.attributes["reassociation"]}
            if inverse[view.name] == "memref.expand_shape":
                attrs["static_output_shape"] = ir.DenseI64ArrayAttr.get(list(ir.ShapedType(src.type).shape))
            back = ir.Operation.create(inverse[view.name], results=[src.type], operands=[new.results[0]],
                                       attributes=attrs)
        src.replace_all_uses_with(back.results[0])
        ret.operands[i] = new.results[0]
        view.erase()
        alloc.erase()
        n += 1
    return n


def _identity(t) -> bool:
    return isinstance(t, ir.MemRefType) and ir.ShapedType(t).has_static_shape and \
        re.fullmatch(r"memref<(\d+x)+[a-z0-9]+>", str(t)) is not None



def _return_dynamic_sizes(func: ir.Operation) -> list:
    """Appends to the entry's results, as index values, each dynamic size of each memref it
    returns: the host must know an output's shape to allocate it before the kernels run
    (buffer-results-to-out-params then leaves these index results in place). Returns their
    (result, dimension) in order."""
    from mlir.dialects import memref
    block = func.regions[0].blocks[0]
    ret = list(block.operations)[-1].operation
    extra, where = [], []
    with ir.InsertionPoint(ret), ret.location:
        for k, v in enumerate(ret.operands):
            t = v.type
            if isinstance(t, ir.MemRefType) and not t.has_static_shape:
                for d in range(t.rank):
                    if t.is_dynamic_dim(d):
                        extra.append(memref.DimOp(v, arith_index(d)).result)
                        where.append((k, d))
    if not extra:
        return []
    operands = list(ret.operands) + extra
    with ir.InsertionPoint(ret), ret.location:
        from mlir.dialects import func as func_d
        func_d.ReturnOp(operands)
    ret.erase()
    ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
    func.attributes["function_type"] = ir.TypeAttr.get(
        ir.FunctionType.get(list(ftype.inputs), list(ftype.results) + [ir.IndexType.get()] * len(extra)))
    return where


def arith_index(value: int) -> ir.Value:
    from mlir.dialects import arith
    return arith.ConstantOp(ir.IndexType.get(), value).result


def _ptx_of(module: ir.Module) -> str:
    """The PTX of the module's gpu.binary (`#gpu.object<..., assembly = "...">`, bytes escaped
    as \\XX hex pairs)."""
    texts = []
    for op in module.body.operations:
        op = op.operation if hasattr(op, "operation") else op
        if op.name == "gpu.binary":
            text = str(op.attributes["objects"])
            m = re.search(r'assembly = "((?:[^"\\]|\\.)*)"', text)
            if not m:
                raise CompileError("target 'cuda': the gpu.binary holds no PTX")
            texts.append(_unescape(m.group(1)))
    if len(texts) > 1:
        raise CompileError(f"target 'cuda': expected one kernel module, found {len(texts)}")
    return texts[0] if texts else ""      # no kernel: nothing to compute


def _unescape(s: str) -> str:
    out = bytearray()
    i = 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 2 < len(s) + 1 and re.match(r"[0-9A-Fa-f]{2}", s[i + 1:i + 3]):
            out.append(int(s[i + 1:i + 3], 16))
            i += 3
        elif c == "\\" and i + 1 < len(s):
            out.append(ord(s[i + 1]))
            i += 2
        else:
            out += c.encode()
            i += 1
    return out.decode()
