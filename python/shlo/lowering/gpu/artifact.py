"""A compiled GPU program: PTX (and a cubin), its launch plan and constants; callable on numpy.

    art = CudaArtifact(ptx=text, plan=plan, cubin=data_or_None, constants={"c0": array})
    art.save("out/prog")                 # plan.json, kernels.ptx, kernels.cubin, constants.npz
    art = CudaArtifact.load("out/prog")  # both work without a GPU
    outs = art(*arrays)                  # a list of arrays, as shlo.compile's CPU functions return
    outs, ms = art.time(*arrays, runs=20)
    flat = art.run_flat(*arrays)         # the check.* calls' values too, after the results

A program's check.asserts (the importers' run-time index and size checks) are checked after
each call, as on the CPU: a failed one raises ExecutionError with its location and message.
The conformance suite's other check.* calls (check.expect_*: the oracle's values) need the
interpreter to evaluate; `art(...)` refuses such programs and `run_flat` returns their values
for a caller to compare (tools/run_cuda_artifact.py).

`ptx` is the text for the plan's arch, or {arch: text} for several (saved as
kernels.<arch>.ptx). One PTX module holds every kernel of the plan. A call runs the cubin
when the GPU's compute capability is the cubin's arch, else the PTX of the highest arch the
GPU can run, JIT-compiled by the driver. Saving writes a temporary directory beside the
target and renames it into place, so a directory is never half-written.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import tempfile

import numpy as np

from ...errors import CompileError, CudaError, DeserializationError, ExecutionError, SerializationError
from .driver import Device
from .launch import check_inputs, check_plan, run_plan

ALL_ASSERTS = "check.all_asserts"     # driver.ALL_ASSERTS (not imported: the driver needs MLIR)

_DEVICES: dict = {}          # ordinal -> Device, opened once per process


def open_device(ordinal: int = 0) -> Device:
    """The cached Device of `ordinal`; CudaError when no GPU is available."""
    device = _DEVICES.get(ordinal)
    if device is None:
        device = _DEVICES[ordinal] = Device.open(ordinal)
    return device


def _portable(array) -> np.ndarray:
    """`array` as .npy can store it for any numpy: ml_dtypes' types (bfloat16, the float8s) as
    raw bytes of their width (some, like float8_e5m2, are written with a descriptor that numpy
    cannot read back); readers view them as the plan's dtype again."""
    array = np.asarray(array, order="C")           # (np.ascontiguousarray makes rank 0 rank 1)
    if type(array.dtype.type).__module__.startswith("ml_dtypes") or array.dtype.type.__module__.startswith("ml_dtypes"):
        return array.view(f"V{array.dtype.itemsize}")
    return array


def _arch_parts(arch: str) -> tuple:
    m = re.fullmatch(r"sm_(\d+)(\d)([af]?)", arch)
    if not m:
        raise CudaError(f"{arch!r} is not a GPU architecture name like 'sm_90'")
    return (int(m.group(1)), int(m.group(2))), m.group(3)


def _runs_on(arch: str, cc: tuple) -> bool:
    """Whether PTX for `arch` can be JIT-compiled for a GPU of compute capability `cc`:
    plain PTX runs on its arch and later ones; sm_90a only on 9.0, sm_100f on 10.x."""
    target, suffix = _arch_parts(arch)
    if suffix == "a":
        return cc == target
    if suffix == "f":
        return cc[0] == target[0] and cc[1] >= target[1]
    return cc >= target


class CudaArtifact:
    def __init__(self, ptx, plan: dict, cubin: bytes | None = None, constants: dict | None = None):
        self.ptx = ptx
        self.plan = plan
        self.cubin = cubin
        self.constants = dict(constants or {})
        self.timings: dict = {}
        self.ordinal = 0                      # the GPU a call runs on
        self._loaded = None                   # (Device, Module) of the last call
        check_plan(plan, self.constants)

    def __repr__(self):
        return (f"<shlo.CudaArtifact {self.plan['arch']}: {len(self.plan['launches'])} launches, "
                f"{'cubin' if self.cubin else 'no cubin'}>")

    @property
    def arch(self) -> str:
        return self.plan["arch"]

    @property
    def kernels(self) -> list:
        """One dict per launch, in order: name, module, grid, block, smem (dynamic shared bytes)."""
        return [{"name": launch["kernel"], "module": launch["module"], "grid": list(launch["grid"]),
                 "block": list(launch["block"]), "smem": launch["smem"]} for launch in self.plan["launches"]]

    # Running.
    def __call__(self, *inputs) -> list:
        return self.results(self.run_flat(*inputs))

    def run_flat(self, *inputs) -> list:
        """Every output the kernels write: the program's results, then its check.* calls' values."""
        check_inputs(self.plan, inputs)          # wrong arguments are reported with or without a GPU
        device, module = self._module()
        return run_plan(device, module, self.plan, inputs, self.constants)

    def time(self, *inputs, runs: int = 10, replays: int = 1) -> tuple:
        """(flat outputs as run_flat's, median milliseconds of the kernel launches over `runs` runs);
        `replays`: each run times that many replays back to back, divided by it (see launch.run_plan)."""
        check_inputs(self.plan, inputs)
        device, module = self._module()
        return run_plan(device, module, self.plan, inputs, self.constants, timing_runs=max(1, runs),
                        replays=max(1, replays))

    @property
    def expectation_checks(self) -> list:
        """The check.* calls other than check.assert (a test's expected values), by target."""
        return [p["target"] for p in self.plan.get("probes", ()) if p["target"] != ALL_ASSERTS]

    def results(self, flat: list) -> list:
        """The program's results of run_flat's outputs, after its check.asserts are checked."""
        if self.expectation_checks:
            raise ExecutionError(f"the program has {', '.join(sorted(set(self.expectation_checks)))} calls, which "
                                 f"need the interpreter to check; run_flat returns their values after the "
                                 f"{self.plan['results']} results")
        for probe in self.plan.get("probes", ()):
            position = int(flat[probe["first"]])
            if position < len(self.plan["asserts"]):
                failed = self.plan["asserts"][position]
                message = re.sub(r"\{\d+\}", "?", failed["message"]) or "(no message)"  # its values stay on the GPU
                raise ExecutionError(f"{failed['location']}: check.assert failed on the GPU: {message}")
        return flat[:self.plan.get("results", len(flat))]

    def _module(self):
        device = open_device(self.ordinal)
        if not self.plan["launches"]:           # nothing to compute (results without elements)
            return device, {}
        if self._loaded is None or self._loaded[0] is not device:
            image = self.image_for(device.arch)
            module = device.load_cubin(image) if isinstance(image, bytes) else device.load_ptx(image)
            self._loaded = (device, module)
        return self._loaded

    def image_for(self, device_arch: str):
        """The cubin (bytes) or PTX (str) to load on a GPU of `device_arch` ('sm_90')."""
        cc = _arch_parts(device_arch)[0]
        if self.cubin is not None and _arch_parts(self.arch)[0] == cc:
            return self.cubin
        texts = self.ptx if isinstance(self.ptx, dict) else {self.arch: self.ptx}
        fits = [a for a in texts if _runs_on(a, cc)]
        if not fits:
            raise CudaError(f"the artifact has no code a {device_arch} GPU can run (PTX for "
                            f"{', '.join(sorted(texts))}; cubin {'for ' + self.arch if self.cubin else 'none'})")
        return texts[max(fits, key=lambda a: _arch_parts(a)[0])]

    # Files.
    def save(self, path, inputs=None, expected=None, tolerance: dict | None = None) -> None:
        """Writes the artifact directory `path` (replacing it). `inputs`, `expected` (lists of
        arrays) and `tolerance` ({"rtol", "atol"}) add a check that tools/run_cuda_artifact.py runs."""
        path = os.path.abspath(path)
        parent = os.path.dirname(path)
        os.makedirs(parent, exist_ok=True)
        tmp = tempfile.mkdtemp(prefix=f".{os.path.basename(path)}.", dir=parent)
        try:
            with open(os.path.join(tmp, "plan.json"), "w") as f:
                json.dump(self.plan, f, indent=1)
            texts = self.ptx.items() if isinstance(self.ptx, dict) else [(None, self.ptx)]
            for arch, text in texts:
                with open(os.path.join(tmp, f"kernels.{arch}.ptx" if arch else "kernels.ptx"), "w") as f:
                    f.write(text)
            if self.cubin is not None:
                with open(os.path.join(tmp, "kernels.cubin"), "wb") as f:
                    f.write(self.cubin)
            np.savez(os.path.join(tmp, "constants.npz"), **{k: _portable(v) for k, v in self.constants.items()})
            if inputs is not None:
                np.savez(os.path.join(tmp, "inputs.npz"), *map(_portable, inputs))
            if expected is not None:
                np.savez(os.path.join(tmp, "expected.npz"), *map(_portable, expected))
            if tolerance is not None:
                with open(os.path.join(tmp, "tolerance.json"), "w") as f:
                    json.dump(tolerance, f)
            if os.path.exists(path):
                old = tempfile.mkdtemp(prefix=f".{os.path.basename(path)}.old.", dir=parent)
                os.rename(path, os.path.join(old, "artifact"))
                os.rename(tmp, path)
                shutil.rmtree(old, ignore_errors=True)
            else:
                os.rename(tmp, path)
        except BaseException as e:
            shutil.rmtree(tmp, ignore_errors=True)
            if isinstance(e, (TypeError, ValueError, OSError)):
                raise SerializationError(f"cannot save the CUDA artifact to {path}: {e}") from None
            raise

    @classmethod
    def load(cls, path) -> "CudaArtifact":
        def read(name, mode="r"):
            try:
                with open(os.path.join(path, name), mode) as f:
                    return f.read()
            except OSError as e:
                raise DeserializationError(f"{path} is not a CUDA artifact: cannot read {name} ({e})") from None
        try:
            plan = json.loads(read("plan.json"))
        except ValueError as e:
            raise DeserializationError(f"{path}/plan.json is not JSON: {e}") from None
        if os.path.exists(os.path.join(path, "kernels.ptx")):
            ptx = read("kernels.ptx")
        else:
            names = [n for n in os.listdir(path) if re.fullmatch(r"kernels\.(sm_\w+)\.ptx", n)]
            ptx = {n[len("kernels."):-len(".ptx")]: read(n) for n in sorted(names)}
            if not ptx:
                raise DeserializationError(f"{path} is not a CUDA artifact: no kernels.ptx")
        cubin = read("kernels.cubin", "rb") if os.path.exists(os.path.join(path, "kernels.cubin")) else None
        try:
            with np.load(os.path.join(path, "constants.npz"), allow_pickle=False) as npz:
                constants = {k: npz[k] for k in npz.files}
            return cls(ptx=ptx, plan=plan, cubin=cubin, constants=constants)
        except (OSError, ValueError, CompileError) as e:
            raise DeserializationError(f"{path} is not a readable CUDA artifact: {e}") from None
