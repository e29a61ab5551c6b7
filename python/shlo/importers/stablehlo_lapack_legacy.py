"""LAPACK / BLAS / FFT custom calls of JAX exports made before jaxlib's FFI kernels, raised into
portable shlo.

Programs JAX exported until 2024 call `lapack_spotrf`, `blas_strsm`, `ducc_fft`, ... (no `_ffi`
suffix): `api_version = 2`, the problem sizes and flags passed as leading scalar operands, the
layouts in `operand_layouts` / `result_layouts` (matrices column-major, batch dimensions
outermost: `[r-2, r-1, r-3, ..., 0]`; vectors and batched scalars row-major), and LAPACK's
workspaces returned as extra results. Each rule reads the scalar operands (constants in every
program JAX wrote; any other is an ImporterError naming the target), checks the layouts and the
sizes against the operand shapes, and hands the array operands to the FFI rule of
stablehlo_lapack.py (which sees the call as its FFI form, `_ffi_view`), so both forms raise into the
same portable ops and `shlo.linalg.*` composites. t is s, d, c or z (f32, f64, complex<f32>,
complex<f64>).

======================  =====================================  ===================================
target                  leading scalars (operands)             results
======================  =====================================  ===================================
lapack_?potrf           lower, batch, n (a)                    a, info: as potrf_ffi
blas_?trsm              left_side, lower, trans_a (0 N, 1 T,   x = alpha op(a)^-1 b (or b op(a)^-1):
                        2 C), unit_diag, m, n, batch; then     triangular_solve of alpha * b
                        alpha (a, b)
lapack_?getrf           batch, m, n (a)                        a, pivots, info: as getrf_ffi
lapack_?geqrf           batch, m, n, lwork (a)                 a, taus: as geqrf_ffi; info 0;
                                                               work zeros
lapack_?orgqr / ?ungqr  batch, m, n, k, lwork (a, taus)        q: as orgqr_ffi; info 0; work zeros
lapack_?syevd / ?heevd  lower, batch, n (a)                    vectors, eigenvalues, info: as
                                                               syevd_ffi (mode V); work / rwork /
                                                               iwork zeros
lapack_?gesdd           full_matrices, compute_uv, batch, m,   a, s, u, vt, info: as gesdd_ffi
                        n, lwork (a)                           (mode A / S / N); iwork / rwork /
                                                               work zeros
lapack_?geev            batch, n, jobvl, jobvr (ui8 'V' or     real: 3 workspaces (zeros), wr, wi,
                        'N') (a)                               vl, vr, info; complex: 2 workspaces
                                                               (zeros), w, vl, vr, info: as geev_ffi
lapack_?gees            batch, n, jobvs, sort (ui8) (a)        real: t, wr, wi, vs, sdim, info;
                                                               complex: t, rwork (zeros), w, vs,
                                                               sdim, info: as gees_ffi (sort N)
lapack_?gehrd           n, ilo, ihi, lda, batch, lwork (a)     a, taus, info: as gehrd_ffi (ilo /
                                                               ihi its low / high); work zeros
lapack_?sytrd / ?hetrd  n, lower, lda, batch, lwork (a)        a, d, e, taus, info: as sytrd_ffi;
                                                               work zeros
ducc_fft                (descriptor bytes, x)                  stablehlo fft (below)
dynamic_ducc_fft        (descriptor, x, shape, strides_in,     the same; static shapes only
                        strides_out, scale, out_shape)
======================  =====================================  ===================================

Workspaces hold nothing a caller reads (JAX drops them): they are returned as zeros of their
shapes. `info` of geqrf / orgqr is LAPACK's argument check, 0 for every call JAX wrote. Batch
sizes that jaxlib wrote as products of constants (1 * d0 * d1 ...) are folded. Results returned
as one tuple (until early 2023, read by get_tuple_element) come back as a `tuple` of the same
values; the mid-2024 typed form of getrf / geqrf / orgqr / gees (no size operands, flags in
`mhlo.backend_config`) is raised too.

ducc_fft's descriptor is a flatbuffer (jaxlib's DuccFftDescriptor: dtype, fft_type, shape,
strides_in, strides_out, axes, forward, scale; the dynamic one: ndims, dtype, fft_type, axes,
forward, the rest as operands). It is raised into `fft` when the axes are the trailing ones and the
strides contiguous (as JAX always wrote them): C2C forward -> FFT, backward -> IFFT, R2C -> RFFT,
C2R -> IRFFT (the kind read from the element types and checked against the descriptor), the
result multiplied by the descriptor's scale over fft's own (1, or 1/n for the inverses) where
they differ.
"""
from __future__ import annotations

import re
import struct

import numpy as np
from mlir import ir

from . import stablehlo_lapack as lapack
from .stablehlo_call_view import CallView

# target name (quotes stripped) -> rule(imp, op, cfg) -> results, as stablehlo_lapack._RULES
RULES: dict = {}


def legacy_rule(target: str):
    """The rule that raises `target`, or None when it is not a known legacy target."""
    return RULES.get(target.strip('"'))


def _ffi_view(op, operands, results, backend_config=None) -> CallView:
    """A legacy custom call as its FFI form: only the array operands and the results the FFI
    rule reads (the size operands and workspaces left out), and the FFI form's backend_config
    attribute made from the legacy size operands where given."""
    attrs = None
    if backend_config is not None:
        attrs = {a.name: str(a.attr) for a in (op.attributes[i] for i in range(len(op.attributes)))}
        attrs["mhlo.backend_config"] = backend_config
    return CallView(op, operands=[op.operands[i] for i in operands], results=[op.results[i] for i in results],
                    attributes=attrs)


# --------------------------------------------------------------------------
# reading the legacy operands
# --------------------------------------------------------------------------

def _constant_ints(v):
    """The integer values of `v` when a stablehlo.constant defines it, else None."""
    owner = v.owner
    if getattr(owner, "name", None) != "stablehlo.constant":
        return None
    m = re.fullmatch(r"dense<(.*)>\s*:\s*tensor<(?:\d+x)*[iu]i?\d+>", str(owner.attributes["value"]).strip())
    if not m:
        return None
    text = m.group(1).strip()
    if text.startswith('"0x'):       # hex: little-endian bytes of the element type
        return None
    return [int(x) for x in re.findall(r"-?\d+", text)]


# jaxlib computed the batch size as the product of the batch dimensions (1 * d0 * d1 ...:
# stablehlo.multiply of constants, converted where a dimension was i64): folded here
_FOLD = {"stablehlo.multiply": lambda a, b: a * b, "stablehlo.add": lambda a, b: a + b,
         "stablehlo.subtract": lambda a, b: a - b}


def _scalar_int(v, depth=0):
    """The integer value of the scalar `v` when constants and integer arithmetic on them define
    it, else None."""
    if not re.fullmatch(r"tensor<(?:1x)*[iu]i?\d+>", str(v.type)) or depth > 32:   # one integer
        return None
    owner = v.owner
    name = getattr(owner, "name", None)
    if name == "stablehlo.constant":
        vals = _constant_ints(v)
        return vals[0] if vals is not None and len(vals) == 1 else None
    if name in _FOLD and len(owner.operands) == 2:
        a, b = (_scalar_int(x, depth + 1) for x in owner.operands)
        return None if a is None or b is None else _FOLD[name](a, b)
    if name in ("stablehlo.convert", "stablehlo.reshape") and len(owner.operands) == 1:
        return _scalar_int(owner.operands[0], depth + 1)
    return None


def _scalars(imp, op, target, names, arrays):
    """The leading scalar operands `names` of `op` (constants), after checking that `arrays`
    array operands follow them."""
    want = len(names) + arrays
    if len(op.operands) != want:
        imp.fail(op, f"{target}: expected {want} operands ({', '.join(names)}, then {arrays} arrays) "
                     f"as JAX's pre-FFI kernels take them, got {len(op.operands)}")
    out = []
    for i, name in enumerate(names):
        value = _scalar_int(op.operands[i])
        if value is None:
            imp.fail(op, f"{target}: operand {i} ({name}) must be a scalar integer constant "
                         "(the size or flag the kernel reads), it is computed")
        out.append(value)
    return out


def _layouts(op, attr):
    if attr not in op.attributes:
        return None
    out = []
    for body, n in re.findall(r"dense<([^>]*)>\s*:\s*tensor<(\d+)xindex>", str(op.attributes[attr])):
        body = body.strip()
        if body.startswith("["):
            out.append([int(x) for x in re.findall(r"\d+", body)])
        elif body:
            out.append([int(body)] * int(n))
        else:
            out.append([])
    return out


def _expected_layout(kind, rank):
    if kind == "M":       # column-major matrix, batch dimensions outermost
        return [rank - 2, rank - 1] + list(range(rank - 3, -1, -1))
    return list(range(rank - 1, -1, -1))


def _check_layouts(imp, op, target, operand_kinds, result_kinds):
    """Each operand / result marked M (matrix) or V (row-major) must have the layout JAX wrote;
    S (scalar) and W (workspace) are not checked."""
    for attr, values, kinds in (("operand_layouts", op.operands, operand_kinds),
                                ("result_layouts", op.results, result_kinds)):
        layouts = _layouts(op, attr)
        if layouts is None or len(layouts) != len(values):
            imp.fail(op, f"{target}: {attr} missing or of the wrong length (JAX writes one layout "
                         "per value; the kernels read column-major matrices)")
        for i, (v, kind, got) in enumerate(zip(values, kinds, layouts)):
            if kind not in ("M", "V"):
                continue
            rank = len(lapack._shape_elem(str(v.type))[0])
            want = _expected_layout(kind, rank)
            if got != want:
                imp.fail(op, f"{target}: {attr}[{i}] = {got} is not handled (expected {want}: "
                             f"{'column-major' if kind == 'M' else 'row-major'} as JAX wrote it)")


def _check_sizes(imp, op, target, a, batch=None, m=None, n=None):
    """The sizes the kernel is told agree with the matrix operand `a`'s shape."""
    shape = lapack._shape_elem(str(a.type))[0]
    got = {"batch": int(np.prod(shape[:-2])), "m": shape[-2], "n": shape[-1]}
    for name, value in (("batch", batch), ("m", m), ("n", n)):
        if value is not None and value != got[name]:
            imp.fail(op, f"{target}: size operand {name} = {value} disagrees with the operand of "
                         f"shape {list(shape)} ({name} = {got[name]})")


def _scalar(elem, value):
    """A scalar constant of `elem`; complex ones as complex(value, 0) (the builders read no
    complex literal)."""
    if elem.startswith("complex"):
        part = elem[len("complex<"):-1]
        return lapack._create("complex", _scalar(part, value), _scalar(part, 0.0))
    lit = str(int(value)) if elem.startswith(("i", "ui")) else repr(float(value))
    return lapack._create("constant", value=ir.Attribute.parse(f"dense<{lit}> : tensor<{elem}>"))


def _zeros(imp, t):
    text = str(imp.type(t))
    zero = _scalar(lapack._shape_elem(text)[1], 0)
    return lapack._create("broadcast_in_dim", zero, broadcast_dimensions=[], result_types=[text])


def _raised(imp, op, ffi_rule, cfg, operands, results, backend_config=None):
    """The legacy op's results: those at `results` (in the FFI rule's order) from `ffi_rule`
    run on the view, every other one zeros of its type."""
    got = ffi_rule(imp, _ffi_view(op, operands, results, backend_config), cfg)
    out = [None] * len(op.results)
    for i, v in zip(results, got):
        out[i] = v
    return [v if v is not None else _zeros(imp, op.results[i].type) for i, v in enumerate(out)]


def _flag(value):
    return chr(value) if value > 1 else ("V" if value else "N")


# --------------------------------------------------------------------------
# the rules
# --------------------------------------------------------------------------

def _potrf(imp, op, target):
    lower, batch, n = _scalars(imp, op, target, ("lower", "batch", "n"), 1)
    _check_layouts(imp, op, target, "SSSM", "MV")
    _check_sizes(imp, op, target, op.operands[3], batch, n, n)
    return _raised(imp, op, lapack._potrf, {"uplo": "L" if lower else "U"}, [3], [0, 1])


def _trsm(imp, op, target):
    left, lower, trans, unit, m, n, batch = _scalars(
        imp, op, target, ("left_side", "lower", "trans_a", "unit_diagonal", "m", "n", "batch"), 3)
    _check_layouts(imp, op, target, "SSSSSSSSMM", "M")
    if trans not in (0, 1, 2):
        imp.fail(op, f"{target}: trans_a = {trans} is not 0 (N), 1 (T) or 2 (C)")
    _check_sizes(imp, op, target, op.operands[9], batch, m, n)
    _, alpha, a, b = imp.operands(op)[6:]
    if not _is_one(op.operands[7]):     # BLAS scales b by alpha, then solves
        btype = str(b.type)
        b = lapack._create("multiply", lapack._create("broadcast_in_dim", alpha, broadcast_dimensions=[],
                                                      result_types=[btype]), b)
    x = lapack._create("triangular_solve", a, b, left_side=bool(left), lower=bool(lower),
                       unit_diagonal=bool(unit), transpose_a=("NO_TRANSPOSE", "TRANSPOSE", "ADJOINT")[trans])
    return [x]


def _is_one(v) -> bool:
    """Whether `v` is the constant 1 (read from the op's text: a complex attribute is never
    handed to the bindings, which may abort on one written in hex)."""
    owner = v.owner
    if getattr(owner, "name", None) != "stablehlo.constant":
        return False
    text = owner.get_asm(print_generic_op_form=True, enable_debug_info=False)
    return re.search(r"value = dense<\(?1\.0+e\+00(?:,\s*0\.0+e\+00\))?>", text) is not None


def _typed_form(op, arrays) -> bool:
    """jaxlib's form of mid 2024 (the 2024_05 data sets of JAX's corpus): typed kernels under the
    old names, before the `_ffi` ones: no size operands, the flags in `mhlo.backend_config`, the
    results (workspaces included) as the legacy form's except where a rule says."""
    return len(op.operands) == arrays and "mhlo.backend_config" in op.attributes


def _getrf(imp, op, target):
    if _typed_form(op, 1):
        _check_layouts(imp, op, target, "M", "MVV")
        return _raised(imp, op, lapack._getrf, {}, [0], [0, 1, 2])
    batch, m, n = _scalars(imp, op, target, ("batch", "m", "n"), 1)
    _check_layouts(imp, op, target, "SSSM", "MVV")
    _check_sizes(imp, op, target, op.operands[3], batch, m, n)
    return _raised(imp, op, lapack._getrf, {}, [3], [0, 1, 2])


def _geqrf(imp, op, target):
    if _typed_form(op, 1):
        _check_layouts(imp, op, target, "M", "MVVW")
        return _raised(imp, op, lapack._geqrf, {}, [0], [0, 1])
    batch, m, n, _ = _scalars(imp, op, target, ("batch", "m", "n", "lwork"), 1)
    _check_layouts(imp, op, target, "SSSSM", "MVVW")
    _check_sizes(imp, op, target, op.operands[4], batch, m, n)
    return _raised(imp, op, lapack._geqrf, {}, [4], [0, 1])


def _orgqr(imp, op, target):
    if _typed_form(op, 2):
        _check_layouts(imp, op, target, "MV", "MVW")
        return _raised(imp, op, lapack._orgqr, {}, [0, 1], [0])
    batch, m, n, _, _ = _scalars(imp, op, target, ("batch", "m", "n", "k", "lwork"), 2)
    _check_layouts(imp, op, target, "SSSSSMV", "MVW")
    _check_sizes(imp, op, target, op.operands[5], batch, m, n)
    return _raised(imp, op, lapack._orgqr, {}, [5, 6], [0])


def _syevd(imp, op, target):
    lower, batch, n = _scalars(imp, op, target, ("lower", "batch", "n"), 1)
    _check_layouts(imp, op, target, "SSSM", "MVV" + "W" * (len(op.results) - 3))
    _check_sizes(imp, op, target, op.operands[3], batch, n, n)
    return _raised(imp, op, lapack._syevd, {"uplo": "L" if lower else "U", "mode": "V"}, [3], [0, 1, 2])


def _gesdd(imp, op, target):
    full, uv, batch, m, n, _ = _scalars(imp, op, target, ("full_matrices", "compute_uv", "batch", "m", "n",
                                                          "lwork"), 1)
    _check_layouts(imp, op, target, "SSSSSSM", "MVMMV" + "W" * (len(op.results) - 5))
    _check_sizes(imp, op, target, op.operands[6], batch, m, n)
    mode = ("A" if full else "S") if uv else "N"
    return _raised(imp, op, lapack._gesdd, {"mode": mode}, [6], [0, 1, 2, 3, 4])


def _geev(imp, op, target):
    batch, n, jobvl, jobvr = _scalars(imp, op, target, ("batch", "n", "jobvl", "jobvr"), 1)
    real = target[len("lapack_")] in "sd"
    spaces = 3 if real else 2
    given = list(range(spaces, len(op.results)))       # wr, wi (or w), vl, vr, info
    _check_layouts(imp, op, target, "SSSSM", "W" * spaces + ("VV" if real else "V") + "MMV")
    _check_sizes(imp, op, target, op.operands[4], batch, n, n)
    cfg = {"compute_left": _flag(jobvl), "compute_right": _flag(jobvr)}
    return _raised(imp, op, lapack._geev, cfg, [4], given)


def _gees(imp, op, target):
    real = target[len("lapack_")] in "sd"
    if _typed_form(op, 1):
        # real: as the legacy form; complex: (t, w, vs, sdim, info, rwork)
        kinds, given = ("MVVMVV", [0, 3, 1, 2, 4, 5]) if real else ("MVMVVW", [0, 2, 1, 3, 4])
        _check_layouts(imp, op, target, "M", kinds)
        return _raised(imp, op, lapack._gees, lapack._backend_config(op), [0], given)
    batch, n, jobvs, sort = _scalars(imp, op, target, ("batch", "n", "jobvs", "sort"), 1)
    if real:     # legacy (t, wr, wi, vs, sdim, info); the FFI rule's (t, vs, wr, wi, sdim, info)
        kinds, given = "MVVMVV", [0, 3, 1, 2, 4, 5]
    else:        # legacy (t, rwork, w, vs, sdim, info); the FFI rule's (t, vs, w, sdim, info)
        kinds, given = "MWVMVV", [0, 3, 2, 4, 5]
    _check_layouts(imp, op, target, "SSSSM", kinds)
    _check_sizes(imp, op, target, op.operands[4], batch, n, n)
    cfg = {"mode": _flag(jobvs), "sort": "N" if sort == 0 else _flag(sort)}
    return _raised(imp, op, lapack._gees, cfg, [4], given)


def _gehrd(imp, op, target):
    from .stablehlo_lapack_reduce import gehrd
    n, ilo, ihi, lda, batch, _ = _scalars(imp, op, target, ("n", "ilo", "ihi", "lda", "batch", "lwork"), 1)
    _check_layouts(imp, op, target, "SSSSSSM", "MVVW")
    _check_sizes(imp, op, target, op.operands[6], batch, n, n)
    if lda != max(1, n):
        imp.fail(op, f"{target}: lda = {lda} is not the matrix's leading dimension {max(1, n)}")
    return _raised(imp, op, gehrd, {}, [6], [0, 1, 2], backend_config=f"{{high = {ihi} : i32, low = {ilo} : i32}}")


def _sytrd(imp, op, target):
    from .stablehlo_lapack_reduce import sytrd
    n, lower, lda, batch, _ = _scalars(imp, op, target, ("n", "lower", "lda", "batch", "lwork"), 1)
    _check_layouts(imp, op, target, "SSSSSM", "MVVVVW")
    _check_sizes(imp, op, target, op.operands[5], batch, n, n)
    if lda != max(1, n):
        imp.fail(op, f"{target}: lda = {lda} is not the matrix's leading dimension {max(1, n)}")
    return _raised(imp, op, sytrd, {"uplo": "L" if lower else "U"}, [5], [0, 1, 2, 3, 4])


# --------------------------------------------------------------------------
# ducc_fft
# --------------------------------------------------------------------------

class _Table:
    """A flatbuffer table: fields by slot (scalars with their defaults, vectors)."""

    def __init__(self, buf: bytes):
        self.buf = buf
        self.pos = struct.unpack_from("<I", buf, 0)[0]
        vt = self.pos - struct.unpack_from("<i", buf, self.pos)[0]
        size = struct.unpack_from("<H", buf, vt)[0]
        self.slots = [struct.unpack_from("<H", buf, vt + 4 + 2 * i)[0] for i in range((size - 4) // 2)]

    def _at(self, slot):
        return self.pos + self.slots[slot] if slot < len(self.slots) and self.slots[slot] else None

    def scalar(self, slot, fmt, default=0):
        p = self._at(slot)
        return default if p is None else struct.unpack_from("<" + fmt, self.buf, p)[0]

    def vector(self, slot, fmt):
        p = self._at(slot)
        if p is None:
            return []
        q = p + struct.unpack_from("<I", self.buf, p)[0]
        n = struct.unpack_from("<I", self.buf, q)[0]
        size = struct.calcsize("<" + fmt)
        return [struct.unpack_from("<" + fmt, self.buf, q + 4 + size * k)[0] for k in range(n)]


def _table(imp, op, target, buf):
    """The descriptor's table, every field read once here so that a malformed one fails now."""
    try:
        t = _Table(buf)
        for slot in range(len(t.slots)):
            t.scalar(slot, "B")
        return t
    except struct.error as e:
        imp.fail(op, f"{target}: the descriptor is not a flatbuffer jaxlib wrote ({e})")


def _descriptor(imp, op, target, v) -> bytes:
    vals = _constant_ints(v)
    if vals is None:
        text = str(v.owner.attributes["value"]) if getattr(v.owner, "name", None) == "stablehlo.constant" else ""
        m = re.match(r'dense<"0x([0-9A-Fa-f]*)">', text)
        if not m:
            imp.fail(op, f"{target}: the descriptor (operand 0) must be a ui8 constant, it is computed")
        return bytes.fromhex(m.group(1))
    shape = lapack._shape_elem(str(v.type))[0]
    if len(vals) == 1 and shape and shape[0] != 1:     # a splat
        vals = vals * shape[0]
    return bytes(vals)


_C2C, _C2R, _R2C = 0, 1, 2


def _fft_kind(imp, op, target, xtype, rtype, declared):
    x_complex = lapack._shape_elem(xtype)[1].startswith("complex")
    r_complex = lapack._shape_elem(rtype)[1].startswith("complex")
    kind = _C2C if x_complex and r_complex else _R2C if r_complex else _C2R if x_complex else None
    if kind is None or kind != declared:
        imp.fail(op, f"{target}: the descriptor's fft_type {declared} does not fit a {xtype} -> {rtype} transform")
    return kind


def _fft(imp, op, target, x, kind, forward, axes, scale):
    """`fft` of `x` over `axes` (the trailing ones), times `scale` over fft's own scale."""
    xtype, rtype = str(imp.type(op.operands[1].type)), str(imp.type(op.results[0].type))
    xshape, rshape = lapack._shape_elem(xtype)[0], lapack._shape_elem(rtype)[0]
    rank = len(xshape)
    if not axes or sorted(axes) != list(range(rank - len(axes), rank)) or len(axes) > 3:
        imp.fail(op, f"{target}: axes {axes} are not 1-3 trailing dimensions of a rank-{rank} operand")
    if kind != _C2C and forward != (kind == _R2C):
        imp.fail(op, f"{target}: a {'forward' if forward else 'backward'} "
                     f"{'C2R' if kind == _C2R else 'R2C'} transform is not an fft")
    lengths = [(rshape if kind == _C2R else xshape)[a] for a in sorted(axes)]
    fft_type = {_R2C: "RFFT", _C2R: "IRFFT"}.get(kind, "FFT" if forward else "IFFT")
    if 0 in xshape or 0 in rshape:
        return [_zeros(imp, op.results[0].type)]
    y = lapack._create("fft", x, fft_type=fft_type, fft_length=lengths, result_types=[rtype])
    own = 1.0 if forward else 1.0 / float(np.prod(lengths))
    if isinstance(scale, float):
        if scale == own:
            return [y]
        c = _scalar(lapack._shape_elem(rtype)[1], scale / own)
    else:       # a run-time scale (a 1-element f64 vector): times n for the inverses
        c = _scale_value(scale, 1.0 / own, lapack._shape_elem(rtype)[1])
    return [lapack._create("multiply", y, lapack._create("broadcast_in_dim", c, broadcast_dimensions=[],
                                                         result_types=[rtype]))]


def _scale_value(scale, times, elem):
    """scale[0] * times, converted to `elem` (a scalar)."""
    s = lapack._create("reshape", lapack._create("slice", scale, start_indices=[0], limit_indices=[1],
                                                 strides=[1], result_types=["tensor<1xf64>"]),
                       result_types=["tensor<f64>"])
    if times != 1.0:
        t = lapack._create("constant", value=ir.Attribute.parse(f"dense<{times!r}> : tensor<f64>"))
        s = lapack._create("multiply", s, t)
    if elem.startswith("complex"):
        part = elem[len("complex<"):-1]
        return lapack._create("complex", lapack._create("convert", s, result_types=[f"tensor<{part}>"]),
                              _scalar(part, 0.0))
    return lapack._create("convert", s, result_types=[f"tensor<{elem}>"])


def row_major_strides(shape) -> list:
    """The element strides of a packed row-major array of `shape` (ducc_fft's descriptor holds them)."""
    strides, s = [], 1
    for d in reversed(shape):
        strides.append(s)
        s *= d
    return strides[::-1]


def _ducc_fft(imp, op, target):
    if len(op.operands) != 2:
        imp.fail(op, f"{target}: expected 2 operands (descriptor, x), got {len(op.operands)}")
    _check_layouts(imp, op, target, "VV", "V")
    buf = _descriptor(imp, op, target, op.operands[0])
    x = imp.operands(op)[1]
    if not buf:        # jaxlib writes no descriptor for an empty operand or result
        return [_zeros(imp, op.results[0].type)]
    t = _table(imp, op, target, buf)
    kind = _fft_kind(imp, op, target, str(op.operands[1].type), str(op.results[0].type), t.scalar(1, "b"))
    shape = t.vector(2, "Q")
    xshape = lapack._shape_elem(str(op.operands[1].type))[0]
    rshape = lapack._shape_elem(str(op.results[0].type))[0]
    if list(shape) != list(rshape if kind == _C2R else xshape):
        imp.fail(op, f"{target}: the descriptor's shape {shape} disagrees with the operand {list(xshape)}")
    if t.vector(3, "Q") != row_major_strides(xshape) or t.vector(4, "Q") != row_major_strides(rshape):
        imp.fail(op, f"{target}: strides {t.vector(3, 'Q')} / {t.vector(4, 'Q')} are not the contiguous "
                     "row-major ones JAX wrote")
    return _fft(imp, op, target, x, kind, bool(t.scalar(6, "B")), t.vector(5, "I"), t.scalar(7, "d", 0.0))


def _dynamic_ducc_fft(imp, op, target):
    if len(op.operands) != 7:
        imp.fail(op, f"{target}: expected 7 operands (descriptor, x, shape, strides_in, strides_out, "
                     f"scale, output_shape), got {len(op.operands)}")
    _check_layouts(imp, op, target, "VVVVVVV", "V")
    buf = _descriptor(imp, op, target, op.operands[0])
    ops = imp.operands(op)
    if not buf:
        return [_zeros(imp, op.results[0].type)]
    t = _table(imp, op, target, buf)
    kind = _fft_kind(imp, op, target, str(op.operands[1].type), str(op.results[0].type), t.scalar(2, "b"))
    rank = t.scalar(0, "I")
    if rank != len(lapack._shape_elem(str(op.operands[1].type))[0]):
        imp.fail(op, f"{target}: the descriptor's ndims {rank} disagrees with the operand")
    scale = _constant_float(op.operands[5])
    return _fft(imp, op, target, ops[1], kind, bool(t.scalar(4, "B")), t.vector(3, "I"),
                scale if scale is not None else ops[5])


def _constant_float(v):
    owner = v.owner
    if getattr(owner, "name", None) != "stablehlo.constant":
        return None
    m = re.fullmatch(r"dense<\[?([-+0-9.eE]+)\]?>\s*:\s*tensor<1xf64>", str(owner.attributes["value"]).strip())
    return float(m.group(1)) if m else None


def _tuple_members(text):
    """The member types of `tuple<...>`, or None when `text` is not a tuple type."""
    if not text.startswith("tuple<"):
        return None
    out, depth, start = [], 0, len("tuple<")
    for i, c in enumerate(text[start:-1], start):
        depth += c == "<"
        depth -= c == ">"
        if c == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    last = text[start:-1].strip()
    return out + [last] if last else out


def _register():
    def bind(rule, target):
        def raise_(imp, op, cfg):
            if any("?" in str(v.type) for v in list(op.operands) + list(op.results)):
                # (jaxlib's shape-polymorphic exports: the sizes are computed at run time)
                imp.fail(op, f"{target}: operands or results of ? size are not handled")
            members = _tuple_members(str(op.results[0].type)) if len(op.results) == 1 else None
            if members is None:
                return rule(imp, op, target)
            return [lapack._create("tuple", rule(imp, CallView(op, result_types=members), target))]
        return raise_

    for t in "sdcz":
        real = t in "sd"
        names = {"potrf": _potrf, "getrf": _getrf, "geqrf": _geqrf, "gesdd": _gesdd, "geev": _geev,
                 "gees": _gees, ("orgqr" if real else "ungqr"): _orgqr, ("syevd" if real else "heevd"): _syevd,
                 "gehrd": _gehrd, ("sytrd" if real else "hetrd"): _sytrd}
        for routine, rule in names.items():
            RULES[f"lapack_{t}{routine}"] = bind(rule, f"lapack_{t}{routine}")
        RULES[f"blas_{t}trsm"] = bind(_trsm, f"blas_{t}trsm")
    RULES["ducc_fft"] = bind(_ducc_fft, "ducc_fft")
    RULES["dynamic_ducc_fft"] = bind(_dynamic_ducc_fft, "dynamic_ducc_fft")


_register()
