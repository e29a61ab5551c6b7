"""Running a launch plan: the host side of a compiled GPU program, as JSON-able data.

    {"format": 1, "arch": "sm_90",
     "inputs":  [{"shape": [64, 32], "dtype": "float32"}, ...],   # the entry's arguments, in order
     "outputs": [{"shape": [...], "dtype": "..."}, ...],          # numpy / ml_dtypes names; bool is 1 byte
     "buffers": [{"kind": "input", "index": 0, "nbytes": 8192},   # argument 0
                 {"kind": "output", "index": 0, "nbytes": 4096},  # result 0, written by kernels
                 {"kind": "temp", "nbytes": 4096},                # scratch, allocated per call
                 {"kind": "constant", "name": "c0", "nbytes": 64}],  # the bytes of constants["c0"]
     "launches": [{"module": "m", "kernel": "k", "grid": [4, 1, 1], "block": [256, 1, 1], "smem": 0,
                   "args": [{"memref": 3, "offset": 0, "sizes": [64, 16], "strides": [16, 1]},
                            {"i64": 5}, {"f32": 1.5}]}]}

A memref argument is passed as MLIR's GPU calling convention expands a memref into
kernel parameters: allocated pointer, aligned pointer (both u64), offset (in elements),
then each size and each stride (i64). Scalars are passed as their type. Buffers of 0
bytes are not allocated (pointer 0). A malformed plan is a CompileError; inputs that do
not fit it are an ExecutionError naming the argument.
"""
from __future__ import annotations

import statistics
from collections.abc import Mapping
from ctypes import c_double, c_float, c_int8, c_int16, c_int32, c_int64, c_uint8, c_uint64

import numpy as np

from ...errors import CompileError, CudaError, ExecutionError
from .driver import Device, Module

FORMAT = 1
BUFFER_KINDS = ("input", "output", "temp", "constant")
SCALARS = {"i1": c_uint8, "i8": c_int8, "i16": c_int16, "i32": c_int32, "i64": c_int64, "index": c_int64,
           "f32": c_float, "f64": c_double}


def numpy_dtype(name: str) -> np.dtype:
    """The dtype of a plan's dtype name (ml_dtypes supplies bfloat16, float8_*, int4, ...)."""
    try:
        import ml_dtypes
        extra = getattr(ml_dtypes, name, None)
    except ImportError:
        extra = None
    try:
        return np.dtype(extra or name)
    except TypeError:
        raise CompileError(f"launch plan: unknown dtype {name!r}") from None


def _nbytes(spec: dict) -> int:
    return int(np.prod(spec["shape"], dtype=np.int64)) * numpy_dtype(spec["dtype"]).itemsize


def check_plan(plan: dict, constants: Mapping | None = None) -> None:
    """CompileError naming the first inconsistency of `plan` (and its constants, when given)."""
    def bad(msg):
        raise CompileError(f"launch plan: {msg}")
    if not isinstance(plan, Mapping) or plan.get("format") != FORMAT:
        bad(f"format {plan.get('format') if isinstance(plan, Mapping) else plan!r} is not {FORMAT}")
    for key in ("arch", "inputs", "outputs", "buffers", "launches"):
        if key not in plan:
            bad(f"no {key!r}")
    results = plan.get("results", len(plan["outputs"]))
    if not isinstance(results, int) or not 0 <= results <= len(plan["outputs"]):
        bad(f"results {results!r} is not a count of its {len(plan['outputs'])} outputs")
    for probe in plan.get("probes", ()):
        if not (isinstance(probe.get("first"), int) and results <= probe["first"] < len(plan["outputs"])):
            bad(f"check {probe.get('target')!r}: its values at output {probe.get('first')!r}, not after the results")
    sides = {"input": plan["inputs"], "output": plan["outputs"]}
    produced = [0] * len(plan["outputs"])
    for b, buf in enumerate(plan["buffers"]):
        kind = buf.get("kind")
        if kind not in BUFFER_KINDS:
            bad(f"buffer {b} has kind {kind!r} (have: {', '.join(BUFFER_KINDS)})")
        if kind in sides:
            i = buf.get("index")
            if not isinstance(i, int) or not 0 <= i < len(sides[kind]):
                bad(f"buffer {b}: {kind} index {i!r} out of range")
            fixed = isinstance(buf["nbytes"], int) and all(isinstance(d, int) for d in sides[kind][i]["shape"])
            if fixed and buf["nbytes"] != _nbytes(sides[kind][i]):   # (dynamic sizes: checked per call)
                bad(f"buffer {b}: {buf['nbytes']} bytes for {kind} {i} of {_nbytes(sides[kind][i])} bytes")
            if kind == "output":
                produced[i] += 1
        elif kind == "constant" and constants is not None:
            array = constants.get(buf.get("name"))
            if array is None:
                bad(f"buffer {b}: no constant {buf.get('name')!r}")
            if np.asarray(array).nbytes != buf["nbytes"]:
                bad(f"buffer {b}: constant {buf['name']!r} has {np.asarray(array).nbytes} bytes, not {buf['nbytes']}")
    for i, n in enumerate(produced):
        if n != 1:
            bad(f"output {i} has {n} buffers (needs exactly one)")
    for n, launch in enumerate(plan["launches"]):
        for key in ("module", "kernel", "grid", "block", "smem", "args"):
            if key not in launch:
                bad(f"launch {n} has no {key!r}")
        if len(launch["grid"]) != 3 or len(launch["block"]) != 3:
            bad(f"launch {n}: grid and block need 3 dimensions each")
        for a, arg in enumerate(launch["args"]):
            if "memref" in arg:
                if isinstance(arg["memref"], Mapping) and set(arg["memref"]) == {"s"}:
                    continue            # a buffer picked per call (a scalar): checked once concretized
                if not 0 <= arg["memref"] < len(plan["buffers"]) or len(arg["sizes"]) != len(arg["strides"]):
                    bad(f"launch {n} ({launch['kernel']}) arg {a}: bad memref {arg}")
            elif len(arg) != 1 or next(iter(arg)) not in SCALARS:
                bad(f"launch {n} ({launch['kernel']}) arg {a}: {arg} is neither a memref nor one of "
                    f"{', '.join(SCALARS)}")


def check_inputs(plan: dict, inputs) -> list:
    """The inputs as C-contiguous arrays, or ExecutionError naming the argument that does not fit."""
    specs = plan["inputs"]
    if len(inputs) != len(specs):
        raise ExecutionError(f"the GPU program takes {len(specs)} arguments, got {len(inputs)}")
    arrays = []
    for i, (value, spec) in enumerate(zip(inputs, specs)):
        array = np.asarray(value)
        dtype, shape = numpy_dtype(spec["dtype"]), tuple(spec["shape"])
        if array.dtype != dtype or array.ndim != len(shape) or \
                any(d is not None and d != a for d, a in zip(shape, array.shape)):
            wanted = ["?" if d is None else d for d in shape]
            raise ExecutionError(f"argument {i}: expected {dtype.name}{wanted}, "
                                 f"got {array.dtype.name}{list(array.shape)}")
        arrays.append(np.ascontiguousarray(array))
    return arrays


_PREDICATES = {0: lambda a, b: a == b, 1: lambda a, b: a != b, 2: lambda a, b: a < b, 3: lambda a, b: a <= b,
               4: lambda a, b: a > b, 5: lambda a, b: a >= b, 6: lambda a, b: a < b, 7: lambda a, b: a <= b,
               8: lambda a, b: a > b, 9: lambda a, b: a >= b}       # sizes are never negative
_SCALAR_OPS = {
    "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
    "divu": lambda a, b: a // b, "divs": lambda a, b: int(a / b), "remu": lambda a, b: a % b,
    "rems": lambda a, b: a - b * int(a / b), "ceildivu": lambda a, b: -(-a // b), "ceildivs": lambda a, b: -(-a // b),
    "floordivs": lambda a, b: a // b, "min": min, "max": max, "minu": min, "maxu": max,
    "select": lambda c, a, b: a if c else b,
    "and": lambda a, b: a & b, "or": lambda a, b: a | b, "xor": lambda a, b: a ^ b,
}


def concretize(plan: dict, inputs) -> dict:
    """`plan` with every size fixed for these inputs: its scalar program (dynamic shapes: sizes,
    strides, launch dimensions as functions of the inputs' sizes) evaluated and substituted,
    and its size constraints (dimensions that must agree) checked. A plan without a scalar
    program is returned as it is."""
    if "scalars" not in plan and "dim_constraints" not in plan and \
            not any(d is None for spec in plan["inputs"] for d in spec["shape"]):
        return plan
    shapes = [np.shape(x) for x in inputs]
    for a, d, b, e, what in plan.get("dim_constraints", ()):
        if shapes[a][d] != shapes[b][e]:
            raise ExecutionError(f"argument {a} has size {shapes[a][d]} in dimension {d} but argument {b} has "
                                 f"size {shapes[b][e]} in dimension {e}; {what} needs them equal")
    values: list = []

    def val(x):
        return values[x["s"]] if isinstance(x, dict) else x
    for n, entry in enumerate(plan.get("scalars", ())):
        op = entry["op"]
        if op == "dim":
            values.append(int(shapes[entry["input"]][entry["dim"]]))
        elif op == "cmpi":
            a, b = (val(x) for x in entry["args"])
            values.append(int(_PREDICATES[entry["pred"]](a, b)))
        elif op in _SCALAR_OPS:
            values.append(int(_SCALAR_OPS[op](*(val(x) for x in entry["args"]))))
        else:
            raise CompileError(f"launch plan: scalar {n} has unknown op {op!r}")

    def sub(x):
        if isinstance(x, dict):
            if set(x) == {"s"}:
                return values[x["s"]]
            return {k: sub(v) for k, v in x.items() if k != "scalars"}
        if isinstance(x, list):
            return [sub(v) for v in x]
        return x
    fixed = sub(plan)
    for spec, shape in zip(fixed["inputs"], shapes):
        spec["shape"] = [int(d) for d in shape] if len(shape) == len(spec["shape"]) else spec["shape"]
    fixed.pop("dim_constraints", None)
    return fixed


def kernel_params(args: list, pointers: list) -> list:
    """The (ctypes type, value) list of one launch's arguments."""
    params = []
    for arg in args:
        if "memref" in arg:
            ptr = pointers[arg["memref"]]
            params += [(c_uint64, ptr), (c_uint64, ptr), (c_int64, arg["offset"])]
            params += [(c_int64, d) for d in arg["sizes"]] + [(c_int64, s) for s in arg["strides"]]
        else:
            (kind, value), = arg.items()
            params.append((SCALARS[kind], value))
    return params


def _modules(device: Device, module_images, plan: dict) -> tuple:
    """({module name: Module}, the Modules loaded here, to unload) from Modules, PTX text or
    cubin bytes, given per module name or once for every launch."""
    names = {launch["module"] for launch in plan["launches"]}
    per_name = module_images if isinstance(module_images, Mapping) else dict.fromkeys(names, module_images)
    loaded, owned = {}, []
    try:
        for name in sorted(names):
            image = per_name.get(name)
            if image is None:
                raise CompileError(f"launch plan: no module {name!r} (have: {', '.join(per_name) or 'none'})")
            if not isinstance(image, Module):
                image = device.load_ptx(image) if isinstance(image, str) else device.load_cubin(image)
                owned.append(image)
            loaded[name] = image
    except BaseException:
        _release([m.unload for m in owned], raising=False)
        raise
    return loaded, owned


def _release(actions, raising: bool) -> None:
    """Runs every action; re-raises the first failure only when `raising` (not while
    another exception is already on its way)."""
    first = None
    for action in actions:
        try:
            action()
        except Exception as e:              # keep freeing the rest
            first = first or e
    if first is not None and raising:
        raise first


def _graph_or_none(device: Device, prepared: list):
    """The launches as a CUDA graph, or None where the driver cannot (then each run enqueues
    its kernels one by one)."""
    if not prepared:
        return None
    try:
        return device.capture(prepared)
    except CudaError:
        return None


def run_plan(device: Device, module_images, plan: dict, inputs, constants: Mapping | None = None,
             timing_runs: int = 0, replays: int = 1):
    """Runs `plan` on `device`: allocates its buffers, uploads inputs and constants, launches
    its kernels, synchronizes, copies the outputs back and frees everything.

    `module_images` maps each launch's module name to a loaded Module, PTX text or cubin bytes
    (or is one of those, for every launch). Returns the outputs (a list of numpy arrays); with
    `timing_runs=N`, (outputs, median ms over N timed runs of the launches alone, timed with
    CUDA events after one untimed run, the buffers staying on the device meanwhile; `replays`:
    each timed run enqueues the launches that many times back to back between its two events
    and counts their mean, so that short programs are timed as the device runs them in a row)."""
    constants = constants or {}
    plan = concretize(plan, check_inputs(plan, inputs))
    check_plan(plan, constants)
    arrays = check_inputs(plan, inputs)
    device.make_current()
    modules, owned = _modules(device, module_images, plan)
    pointers, events = [], []

    def release(raising):
        _release([e.destroy for e in events] + [lambda p=p: device.free(p) for p in pointers]
                 + [m.unload for m in owned], raising)

    try:
        kernels = [(modules[launch["module"]].function(launch["kernel"]), launch) for launch in plan["launches"]]
        for buf in plan["buffers"]:
            pointers.append(device.alloc(buf["nbytes"]))
        for buf, ptr in zip(plan["buffers"], pointers):
            if buf["kind"] == "input":
                device.copy_htod(ptr, arrays[buf["index"]])
            elif buf["kind"] == "constant":
                device.copy_htod(ptr, np.ascontiguousarray(constants[buf["name"]]))
        prepared = [device.prepare(fn, launch["grid"], launch["block"], launch["smem"],
                                   kernel_params(launch["args"], pointers)) for fn, launch in kernels]

        def launch_all(stream=None):
            for p in prepared:
                device.launch_prepared(p, stream)

        launch_all()
        times = []
        if timing_runs:
            events = [device.event(), device.event()]
            start, stop = events
            graph = _graph_or_none(device, prepared)
            if graph is not None:
                events.append(graph)          # destroyed with the events (see release)
            for _ in range(timing_runs):
                if graph is not None:         # one enqueue for every kernel, as frameworks replay
                    start.record(graph.stream)
                    for _ in range(replays):
                        graph.launch()
                    stop.record(graph.stream)
                else:
                    start.record()
                    for _ in range(replays):
                        launch_all()
                    stop.record()
                stop.synchronize()
                times.append(start.elapsed_ms(stop) / replays)
        device.synchronize()
        outputs = [np.empty(tuple(spec["shape"]), numpy_dtype(spec["dtype"])) for spec in plan["outputs"]]
        for buf, ptr in zip(plan["buffers"], pointers):
            if buf["kind"] == "output":
                device.copy_dtoh(outputs[buf["index"]], ptr)
    except BaseException:
        release(raising=False)
        raise
    release(raising=True)
    return (outputs, statistics.median(times)) if timing_runs else outputs
