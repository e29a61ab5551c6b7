"""PyTorch OpInfo samples as small exported programs, checked against eager PyTorch.

Shared by tools/torch_opinfo.py (the whole op database) and tests/torch/test_opinfo.py (a
fixed list of common ops). One sample becomes an `nn.Module` whose inputs are the sample's
tensors (every tensor leaf of input, args and kwargs) and which closes over everything else
(sizes, dims, dtypes, flags); it is exported, decomposed, imported with `shlo.from_torch`,
run by the reference interpreter (and optionally compiled) and compared with eager.

    for op in opinfos(["add"]):
        for sample in samples(op, torch.float32, limit=3):
            outcome = run_sample(op, sample, torch.float32)
            outcome.status       # "pass", "fail", "export-failed", "import-error", "skipped"

Statuses: "export-failed" is torch.export (or its decomposition) refusing the program, not
ours; "import-error" is from_torch refusing it (`unsupported` names ATen ops with no
converter); "fail" is wrong numbers, shapes or dtypes, or an error while verifying,
interpreting or compiling an imported program; "skipped" is a sample eager PyTorch itself
cannot run twice to the same result (random ops) or raises on.
"""
from __future__ import annotations

import contextlib
import gc
import dataclasses
import signal
import threading
import warnings

import numpy as np
import torch
import torch.utils._pytree as pytree

import shlo

# (rtol, atol) by result dtype; bf16 keeps 8 mantissa bits, f16 11. Low precision types are
# compared against eager at that precision, which computes some ops internally in f32.
TOLERANCES = {
    torch.float64: (1e-7, 1e-7),
    torch.float32: (1e-5, 1e-5),
    torch.float16: (2e-3, 2e-3),
    torch.bfloat16: (1.6e-2, 1.6e-2),
}

DTYPES = {"f64": torch.float64, "f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
          "i64": torch.int64, "i32": torch.int32, "i16": torch.int16, "i8": torch.int8, "u8": torch.uint8,
          "bool": torch.bool}


@dataclasses.dataclass
class Outcome:
    status: str                       # pass | fail | export-failed | import-error | skipped
    detail: str = ""                  # the first line of what went wrong
    unsupported: list = dataclasses.field(default_factory=list)   # ATen ops without a converter
    aten_ops: list = dataclasses.field(default_factory=list)      # every op of the decomposed graph


class SampleTimeout(BaseException):
    """Not an Exception: the `except Exception` around each stage would take a timeout inside
    torch.export for export-failed."""


def full_name(op) -> str:
    """"nn.functional.pad.reflect" for an OpInfo with a variant, else its name."""
    return f"{op.name}.{op.variant_test_name}" if op.variant_test_name else op.name


def opinfos(names=None) -> list:
    """The OpInfos of torch's op database, all or those whose name or full name is in `names`."""
    from torch.testing._internal.common_methods_invocations import op_db
    if not names:
        return list(op_db)
    wanted = set(names)
    return [op for op in op_db if op.name in wanted or full_name(op) in wanted]


def supports(op, dtype) -> bool:
    return dtype in op.supported_dtypes("cpu")


def samples(op, dtype, limit: int | None = None, start: int = 0) -> list:
    """Sample inputs `start` to `limit` - 1 of `op` on the CPU at `dtype` (no gradients); all
    from `start` when `limit` is None."""
    out = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gen = iter(op.sample_inputs("cpu", dtype, requires_grad=False))
        try:
            for i, s in enumerate(gen):
                if limit is not None and i >= limit:
                    break
                if i >= start:
                    out.append(s)
        finally:
            # close it now: a generator collected later (inside torch.export's tracing)
            # runs its no_grad exit there and breaks the trace
            close = getattr(gen, "close", None)
            if close:
                close()
            gc.collect()      # inner generators held in reference cycles, too
    return out


class SampleModule(torch.nn.Module):
    """Calls `fn(*args, **kwargs)` with the tensor leaves taken from forward's arguments."""

    def __init__(self, fn, leaves, spec, tensor_slots):
        super().__init__()
        self.fn, self.leaves, self.spec, self.slots = fn, leaves, spec, tensor_slots

    def forward(self, *tensors):
        leaves = list(self.leaves)
        for slot, t in zip(self.slots, tensors):
            leaves[slot] = t
        args, kwargs = pytree.tree_unflatten(leaves, self.spec)
        return self.fn(*args, **kwargs)


def sample_case(op, sample):
    """(module, tensors): the sample as a module over its tensors, with the tensors to call it on."""
    leaves, spec = pytree.tree_flatten(((sample.input, *sample.args), dict(sample.kwargs)))
    slots = [i for i, x in enumerate(leaves) if isinstance(x, torch.Tensor)]
    tensors = tuple(leaves[i].detach() for i in slots)
    closed = [None if isinstance(x, torch.Tensor) else x for x in leaves]
    return SampleModule(op.op, closed, spec, slots), tensors


@contextlib.contextmanager
def time_limit(seconds: float | None):
    """Raises SampleTimeout after `seconds` (SIGALRM; main thread only, else no limit). Native
    code is interrupted when it returns to Python."""
    if not seconds or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise SampleTimeout(f"over the time limit of {seconds:g} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {text[0] if text else ''}"[:300]


def _clone(tensors):
    return tuple(t.clone() for t in tensors)


_TABLE = None


def decompositions():
    """torch.export's default (core ATen) decomposition table, built once: building it takes
    longer than decomposing a small program."""
    global _TABLE
    if _TABLE is None:
        _TABLE = torch.export.default_decompositions()
    return _TABLE


def _graph_ops(ep) -> tuple[list, list]:
    """(every call target's name, those without a converter) of a decomposed program."""
    from shlo.importers.torch.importer import _ASSERTIONS, _target_name
    from shlo.importers.torch.registry import lookup
    seen, missing = [], []
    for node in ep.graph_module.graph.nodes:
        if node.op != "call_function":
            continue
        packet, overload = _target_name(node.target)
        name = f"{packet}.{overload}" if overload else packet
        if name not in seen:
            seen.append(name)
            if packet.split(".")[-1] not in _ASSERTIONS and lookup(packet, overload) is None:
                missing.append(name)
    return seen, missing


def _leaves(tree) -> list:
    return pytree.tree_flatten(tree)[0]


def _random(ep) -> bool:
    """Whether the program draws random numbers (OpInfo seeds eager's draws; shlo's generator
    is not torch's, so only shapes and dtypes can be compared)."""
    return any(n.op == "call_function" and isinstance(n.target, torch._ops.OpOverload)
               and torch.Tag.nondeterministic_seeded in n.target.tags for n in ep.graph_module.graph.nodes)


def compare(got, want, values: bool = True) -> str | None:
    """None if `got` (numpy results in the output structure) matches eager's `want`, else why
    (`values=False`: shapes and dtypes only)."""
    from shlo.importers.torch.dtypes import to_numpy
    g, w = _leaves(got), _leaves(want)
    if len(g) != len(w):
        return f"{len(g)} outputs, eager has {len(w)}"
    for i, (a, b) in enumerate(zip(g, w)):
        if not isinstance(b, torch.Tensor):
            if not np.array_equal(np.asarray(a), np.asarray(b)):
                return f"output {i}: {a!r}, eager {b!r}"
            continue
        a = np.asarray(a.detach().numpy() if isinstance(a, torch.Tensor) else a)
        e = to_numpy(b)
        if a.shape != e.shape:
            return f"output {i}: shape {a.shape}, eager {e.shape}"
        if a.dtype != e.dtype:
            return f"output {i}: dtype {a.dtype}, eager {e.dtype}"
        if not values:
            continue
        if b.dtype.is_floating_point:
            rtol, atol = TOLERANCES.get(b.dtype, (1e-5, 1e-5))
            x, y = a.astype(np.float64), e.astype(np.float64)
            bad = ~np.isclose(x, y, rtol=rtol, atol=atol, equal_nan=True)
            if bad.any():
                j = int(np.argmax(bad.reshape(-1)))
                return (f"output {i}: {int(bad.sum())}/{bad.size} values differ, e.g. [{j}] "
                        f"{x.reshape(-1)[j]!r} vs eager {y.reshape(-1)[j]!r}")
        elif b.dtype.is_complex:
            if not np.allclose(a, e, rtol=1e-5, atol=1e-5, equal_nan=True):
                return f"output {i}: complex values differ"
        elif not np.array_equal(a, e):
            bad = a != e
            j = int(np.argmax(bad.reshape(-1)))
            return f"output {i}: {int(bad.sum())}/{bad.size} values differ, e.g. [{j}] {a.reshape(-1)[j]!r} " \
                   f"vs eager {e.reshape(-1)[j]!r}"
    return None


# Ops whose values are unspecified (uninitialized memory in eager, which two eager calls may
# happen to fill alike): only shapes and dtypes are compared.
UNSPECIFIED_VALUES = {"empty", "empty_like", "new_empty", "new_empty_strided", "empty_strided", "empty_permuted"}


# Ops whose index outputs may pick any of several equal elements (torch leaves the order of
# ties unspecified): indices are accepted when they select the same values as eager's.
TIES = {"topk", "sort", "argsort", "kthvalue", "mode", "median", "nanmedian"}


def ties_equivalent(op, sample, got, want) -> bool:
    """Whether `got` differs from `want` only by the order of equal elements in its index output
    (the second of (values, indices), or argsort's only one): both must pick the same values."""
    if op.name not in TIES or sample.kwargs.get("stable") or not isinstance(sample.input, torch.Tensor):
        return False
    g, w = _leaves(got), _leaves(want)
    index = 0 if op.name == "argsort" else 1
    if len(g) != len(w) or len(w) != index + 1 or not isinstance(w[index], torch.Tensor):
        return False
    if index and compare(g[:1], w[:1]):          # the values themselves must match
        return False
    mine, theirs, x = torch.as_tensor(np.asarray(g[index])), w[index], sample.input
    if mine.shape != theirs.shape or mine.dtype != theirs.dtype:
        return False
    return any(_same_picks(x, d, mine, theirs) for d in range(max(x.dim(), 1)))


def _same_picks(x, dim, mine, theirs) -> bool:
    """Whether both index tensors select the same values of `x` along `dim`."""
    src = x if x.dim() else x.reshape(1)
    if mine.dim() == src.dim() - 1:              # a reduced dim (kthvalue, mode, median)
        mine, theirs = mine.unsqueeze(dim), theirs.unsqueeze(dim)
    try:
        a, b = (torch.gather(src, dim, i if i.dim() else i.reshape(1)) for i in (mine, theirs))
    except (RuntimeError, IndexError):
        return False
    return bool(((a == b) | (a.isnan() & b.isnan())).all()) if a.is_floating_point() else bool((a == b).all())


# Ops whose vectors are unique only up to each vector's sign (LAPACK's choice is not portable):
# output index -> the axis that numbers the vectors. Ours are flipped to agree with eager's
# before a second comparison; everything else is compared as usual. A full SVD's vectors
# beyond the min(m, n) singular values are any orthonormal basis of the complement: those are
# accepted when they span the same space as eager's (equal projectors).
SIGN_FREE = {"linalg.svd": {0: -1, 2: -2}, "svd": {0: -1, 2: -1}, "linalg.eigh": {1: -1}}
SINGULAR_VALUES = {"linalg.svd": 1, "svd": 1}          # the output giving how many vectors are unique


def _as_columns(x, axis):
    return x if axis == -1 else np.swapaxes(x, -1, -2)


def signs_aligned(op, got, want):
    """`got`'s leaves with each vector of a SIGN_FREE output flipped where its dot product with
    eager's vector is negative (and a complement basis spanning eager's replaced by eager's);
    None for other ops."""
    from shlo.importers.torch.dtypes import to_numpy
    axes = SIGN_FREE.get(op.name)
    g, w = list(_leaves(got)), _leaves(want)
    if not axes or len(g) != len(w):
        return None
    values = SINGULAR_VALUES.get(op.name)
    for i, axis in axes.items():
        if i >= len(g) or not isinstance(w[i], torch.Tensor):
            continue
        mine = np.asarray(g[i].detach().numpy() if isinstance(g[i], torch.Tensor) else g[i])
        theirs = to_numpy(w[i])
        if mine.shape != theirs.shape or mine.ndim < 2 or mine.dtype.kind != "f":
            continue
        mine, theirs = _as_columns(mine, axis), _as_columns(theirs, axis)
        k = np.shape(w[values])[-1] if values is not None else mine.shape[-1]
        if k < mine.shape[-1]:
            rest, theirs_rest = mine[..., k:].astype(np.float64), theirs[..., k:].astype(np.float64)
            _, atol = TOLERANCES.get(w[i].dtype, (1e-5, 1e-5))
            if np.allclose(rest @ np.swapaxes(rest, -1, -2), theirs_rest @ np.swapaxes(theirs_rest, -1, -2),
                           rtol=0, atol=10 * atol):
                mine = np.concatenate([mine[..., :k], theirs[..., k:]], axis=-1)
        dot = np.sum(mine.astype(np.float64) * theirs.astype(np.float64), axis=-2, keepdims=True)
        g[i] = _as_columns(np.where(dot < 0, -mine, mine), axis)
    return g


# Ops whose eigenvalues come in no specified order (torch.linalg.eig documents none; the order
# is the one the QR sweeps deflate in, which rounding can change) and whose complex vectors are
# unique only up to a unit complex factor each: output index of the values, of the vectors (or
# None). Ours are matched to eager's nearest values and phase-rotated onto eager's vectors before
# a second comparison.
EIG_FREE = {"linalg.eig": (0, 1), "linalg.eigvals": (0, None)}


def eig_aligned(op, got, want):
    """`got`'s leaves with each batch element's eigenvalues (and vector columns) reordered to
    eager's nearest and each vector multiplied by the unit factor that best aligns it with
    eager's; None for other ops."""
    from shlo.importers.torch.dtypes import to_numpy
    spec = EIG_FREE.get(op.name)
    g, w = list(_leaves(got)), _leaves(want)
    if spec is None or len(g) != len(w):
        return None
    vi, xi = spec
    mine = np.asarray(g[vi])
    theirs = to_numpy(w[vi])
    if mine.shape != theirs.shape or mine.ndim < 1 or mine.shape[-1] == 0:
        return None
    n = mine.shape[-1]
    flat_w, flat_t = mine.reshape(-1, n), theirs.reshape(-1, n)
    perms = []
    for a, b in zip(flat_w, flat_t):          # greedy nearest match, eager's order
        left, perm = list(range(n)), []
        for value in b:
            k = min(left, key=lambda j: abs(complex(a[j]) - complex(value)))
            left.remove(k)
            perm.append(k)
        perms.append(perm)
    perms = np.array(perms).reshape(mine.shape)
    g[vi] = np.take_along_axis(mine, perms, axis=-1)
    if xi is not None:
        vec = np.asarray(g[xi])
        ref = to_numpy(w[xi])
        if vec.shape != ref.shape:
            return g
        vec = np.take_along_axis(vec, np.broadcast_to(perms[..., None, :], vec.shape), axis=-1)
        dot = np.sum(np.conj(vec) * ref, axis=-2, keepdims=True)
        mag = np.abs(dot)
        g[xi] = (vec * np.where(mag > 0, dot / np.where(mag > 0, mag, 1), 1)).astype(vec.dtype)
    return g


# Ops whose eager f64 kernels are less accurate than the tolerance (measured: torch's bessel_j0
# is off by up to 1.9e-7 near x = 5.4 and bessel_y1 by 3.2e-7 near x = 5.6, against scipy,
# which agrees with ours to 1e-16): a result that misses eager's but matches scipy's function
# on the same input, rounded to eager's dtype, is right. One tensor in, one out.
SCIPY_REFERENCE = {"special.bessel_j0": "j0", "special.bessel_j1": "j1", "special.bessel_y0": "y0",
                   "special.bessel_y1": "y1"}


def scipy_reference(op, tensors, want):
    """[scipy's value] for a SCIPY_REFERENCE op, None otherwise (or without scipy)."""
    name = SCIPY_REFERENCE.get(op.name)
    if name is None or len(tensors) != 1 or not isinstance(want, torch.Tensor):
        return None
    try:
        import scipy.special
    except ImportError:
        return None
    x = tensors[0].detach().to(torch.float64).numpy()
    return [torch.from_numpy(np.asarray(getattr(scipy.special, name)(x))).to(want.dtype)]


def _mismatch(op, sample, got, want, module=None, tensors=()):
    """compare(), also accepting what differs only by ties' order or vectors' signs, or only
    where eager's own rounding is off (see eager_in_f64)."""
    return _judge(op, sample, got, want, module, tensors)[0]


def _judge(op, sample, got, want, module=None, tensors=()):
    """(why it is wrong or None, how a result that misses eager's plain comparison was accepted
    or None): a pass against a reference other than eager's own result is reported, not hidden."""
    why = compare(got, want)
    if not why:
        return None, None
    if ties_equivalent(op, sample, got, want):
        return None, f"ties picked in another order ({why})"
    aligned = signs_aligned(op, got, want)
    if aligned is not None:
        again = compare(aligned, want)
        return (again and again + " (vectors' signs aligned with eager's)"), f"vectors' signs aligned ({why})"
    aligned = eig_aligned(op, got, want)
    if aligned is not None:
        again = compare(aligned, want)
        return (again and again + " (eigenvalues matched to eager's order, vectors' phases aligned)"), \
            f"eigenvalues reordered ({why})"
    if module is not None:
        exact = eager_in_f64(module, tensors, want)
        if exact is not None and compare(got, exact) is None:
            return None, f"matches eager in f64 rounded to the dtype, not eager ({why})"
    reference = scipy_reference(op, tensors, want)
    if reference is not None and compare(got, reference) is None:
        return None, f"matches scipy, not eager ({why})"
    return why, None


def eager_in_f64(module, tensors, want):
    """Eager's result with the f32 / f16 / bf16 inputs raised to f64 and each result rounded
    back to eager's dtype; None when there are none or eager refuses. PyTorch's f32 kernels
    are sometimes less accurate than our tolerance (polygamma near its poles is off by 2e-5
    relative): a result matching this one is right, not wrong."""
    low = (torch.float32, torch.float16, torch.bfloat16)
    if not any(t.dtype in low for t in tensors):
        return None
    raised = tuple(t.to(torch.float64) if t.dtype in low else t for t in tensors)
    try:
        exact = eager(module, raised)
    except Exception:  # noqa: BLE001 - ops that insist on their input dtype
        return None
    w, x = _leaves(want), _leaves(exact)
    if len(w) != len(x):
        return None
    out = []
    for a, b in zip(w, x):
        if isinstance(a, torch.Tensor) != isinstance(b, torch.Tensor):
            return None
        if isinstance(a, torch.Tensor):
            if a.shape != b.shape:
                return None
            b = b.to(a.dtype) if a.dtype.is_floating_point and b.dtype.is_floating_point else b
        out.append(b)
    return out


def eager(module, tensors):
    """The module's eager result on copies of the inputs (in-place samples mutate them)."""
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return module(*_clone(tensors))


def _deterministic(module, tensors, want) -> bool:
    """Whether a second eager call gives the same outputs (random ops do not)."""
    again = eager(module, tensors)
    a, b = _leaves(want), _leaves(again)
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if isinstance(x, torch.Tensor) != isinstance(y, torch.Tensor):
            return False
        if isinstance(x, torch.Tensor):
            if x.shape != y.shape or x.dtype != y.dtype:
                return False
            if x.dtype == torch.complex32:         # torch has no equal for it; its parts have one
                x, y = torch.view_as_real(x), torch.view_as_real(y)
            if not torch.equal(x, y) and not bool((x.isnan() & y.isnan() | (x == y)).all()):
                return False
    return True


def run_sample(op, sample, dtype=None, compile: bool = False, timeout: float | None = None) -> Outcome:
    """Exports, imports, interprets (and compiles) one sample and compares with eager; never raises
    for a bad sample (every exception becomes an Outcome)."""
    try:
        with time_limit(timeout):
            return _run(op, sample, compile)
    except SampleTimeout as e:
        return Outcome("fail", _first_line(e))
    except KeyboardInterrupt:
        raise
    except BaseException as e:  # noqa: BLE001 - one bad sample must not end a run
        return Outcome("fail", "unexpected " + _first_line(e))


def _run(op, sample, compile: bool) -> Outcome:
    module, tensors = sample_case(op, sample)
    try:
        want = eager(module, tensors)
    except Exception as e:  # noqa: BLE001
        return Outcome("skipped", "eager raised " + _first_line(e))
    try:
        # uninitialized memory differs between calls: those ops are compared by shape and dtype
        if op.name not in UNSPECIFIED_VALUES and not _deterministic(module, tensors, want):
            return Outcome("skipped", "eager is not deterministic (a random op)")
    except Exception as e:  # noqa: BLE001 - sparse or complex-half results torch cannot compare
        return Outcome("skipped", "eager's result cannot be compared: " + _first_line(e))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            ep = torch.export.export(module, _clone(tensors)).run_decompositions(decompositions())
        except Exception as e:  # noqa: BLE001
            return Outcome("export-failed", _first_line(e))
    seen, missing = _graph_ops(ep)
    if missing:
        return Outcome("import-error", "no converter for " + ", ".join(missing), missing, seen)
    try:
        prog = shlo.from_torch(ep, decompose=False)
    except shlo.ImporterError as e:
        return Outcome("import-error", _first_line(e), [], seen)
    except Exception as e:  # noqa: BLE001 - a converter's own bug, or verification
        return Outcome("fail", "import raised " + _first_line(e), [], seen)
    try:
        got = prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*tensors)))
    except Exception as e:  # noqa: BLE001
        return Outcome("fail", "interpret raised " + _first_line(e), [], seen)
    if _random(ep):
        why = compare(got, want, values=False)
        if why:
            return Outcome("fail", "interpret: " + why, [], seen)
        return Outcome("skipped", "a random op: shapes and dtypes match, values not compared", [], seen)
    why, note = (compare(got, want, values=False), None) if op.name in UNSPECIFIED_VALUES else \
        _judge(op, sample, got, want, module, tensors)
    if why:
        return Outcome("fail", "interpret: " + why, [], seen)
    notes = ["interpret: " + note] if note else []
    if compile:
        try:
            got = shlo.compile(prog)(*_clone(tensors))
        except Exception as e:  # noqa: BLE001
            return Outcome("fail", "compile raised " + _first_line(e), [], seen)
        why, note = (compare(got, want, values=False), None) if op.name in UNSPECIFIED_VALUES else \
            _judge(op, sample, got, want, module, tensors)
        if why:
            return Outcome("fail", "compile: " + why, [], seen)
        notes += ["compile: " + note] if note else []
    # a pass's detail says which reference other than eager's own result it matched
    return Outcome("pass", "; ".join(notes), [], seen)
