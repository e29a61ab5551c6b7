"""The 2023 form of a JAX program: what jaxlib wrote before its FFI kernels, for the
`--form 2023` stand-in of StableHLO's testdata (tools/stablehlo_testdata_proxy.py).

StableHLO's stablehlo/testdata were generated from JAX's harnesses in early 2023. Today's JAX
writes LAPACK / BLAS calls as `lapack_?xxx_ffi` (array operands only, flags in
`mhlo.backend_config`) and FFTs as `stablehlo.fft`; 2023's jaxlib wrote (jaxlib/lapack.py,
jaxlib/ducc_fft.py of that time):

  * `lapack_spotrf`, `blas_strsm`, ... with `api_version = 2`, the sizes and flags as leading
    constant operands, explicit `operand_layouts` / `result_layouts`, the LAPACK workspaces as
    extra results, and, until spring 2023, the results of a multi-result call as one tuple
    read by `get_tuple_element` (the testdata's form). `tuple_results=False` writes the
    mid-2023 form instead: several results, and batch sizes as jaxlib computed them for shape
    polymorphism (`1 * d0 * d1 ...` multiplies; syevd's an i64 converted to i32, getrf's an i64);
  * `ducc_fft` with a flatbuffer descriptor (jaxlib's DuccFftDescriptor) as its first operand;
    an FFT of an empty array as a broadcast zero (jaxlib wrote no call for one).

`rewrite_module` rewrites a jaxlib MLIR module in place into that form; the values it computes
are unchanged (the workspaces are results nobody reads). The importer that reads the form back
is python/shlo/importers/stablehlo_lapack_legacy.py; the rules below follow the table of its
docstring. Workspace sizes are LAPACK's documented minimums where jaxlib asked LAPACK (the
importer does not read them). `tridiagonal_solve` had no LAPACK call in 2023 (JAX's own loop):
`lowerings_of_2023` lowers it so (the proxy lowers the 2023 form inside it).

`old_attribute_text` prints the index-list attributes that StableHLO changed to dense arrays in
2024 (the table of shlo's stablehlo_text_upgrade, read in reverse) in their old
`dense<[..]> : tensor<Nxi64>` form, and an op's inherent attributes in its attribute dictionary
(`"stablehlo.slice"(%0) {start_indices = ...}`, not today's `<{...}>`), in MLIR's generic form.
"""
from __future__ import annotations

import collections
import contextlib
import re
import struct

import numpy as np

from shlo.importers.stablehlo_lapack_legacy import row_major_strides as _strides

_FFI = re.compile(r"lapack_([sdcz])(\w+)_ffi")
_REAL = {"s": "f32", "d": "f64", "c": "f32", "z": "f64"}


class NotWritable(Exception):
    """A call whose 2023 form cannot carry what today's program reads from it."""


@contextlib.contextmanager
def lowerings_of_2023():
    """JAX's CPU lowerings as they were in 2023 where today's differ by more than the form of a
    call: tridiagonal_solve was JAX's own loop (jax's platform-independent rule), no LAPACK."""
    from jax._src.interpreters import mlir
    from jax._src.lax import linalg
    rules = mlir._platform_specific_lowerings["cpu"]
    saved = rules.pop(linalg.tridiagonal_solve_p, None)
    try:
        yield
    finally:
        if saved is not None:
            rules[linalg.tridiagonal_solve_p] = saved


# --------------------------------------------------------------------------
# ducc_fft's descriptor (a flatbuffer, laid out back to front as flatc's builder does)
# --------------------------------------------------------------------------

class _Builder:
    """The few flatbuffer builder steps a DuccFftDescriptor needs, in the order and with the
    alignment of the flatbuffers library, so that the bytes are the ones jaxlib wrote."""

    def __init__(self):
        self.buf = bytearray()          # the buffer's tail: built from the end towards the front
        self.minalign = 1
        self.vtable: list[int] = []
        self.object_end = 0

    def offset(self) -> int:
        return len(self.buf)

    def _pad(self, n):
        self.buf[0:0] = bytes(n)

    def _prep(self, size, additional):
        self.minalign = max(self.minalign, size)
        self._pad((-(len(self.buf) + additional)) % size)

    def _place(self, fmt, value):
        self.buf[0:0] = struct.pack("<" + fmt, value)

    def prepend(self, fmt, value):
        self._prep(struct.calcsize("<" + fmt), 0)
        self._place(fmt, value)

    def vector(self, fmt, values) -> int:
        size = struct.calcsize("<" + fmt)
        self._prep(4, size * len(values))
        self._prep(size, size * len(values))
        for v in reversed(values):
            self.prepend(fmt, v)
        self._place("I", len(values))
        return self.offset()

    def start_object(self, slots):
        self.vtable = [0] * slots
        self.object_end = self.offset()

    def slot(self, slot, fmt, value, default):
        if value != default:
            self.prepend(fmt, value)
            self.vtable[slot] = self.offset()

    def offset_slot(self, slot, target):
        self._prep(4, 0)
        self._place("I", self.offset() - target + 4)
        self.vtable[slot] = self.offset()

    def end_object(self) -> int:
        self.prepend("i", 0)
        obj = self.offset()
        used = len(self.vtable)
        while used and not self.vtable[used - 1]:
            used -= 1
        for off in reversed(self.vtable[:used]):
            self.prepend("H", obj - off if off else 0)
        self.prepend("H", obj - self.object_end)
        self.prepend("H", (used + 2) * 2)
        # the object's first word: where its vtable is, relative to it
        at = len(self.buf) - obj
        struct.pack_into("<i", self.buf, at, self.offset() - obj)
        return obj

    def finish(self, root) -> bytes:
        self._prep(self.minalign, 4)
        self._prep(4, 0)
        self._place("I", self.offset() - root + 4)
        return bytes(self.buf)


_C2C, _C2R, _R2C = 0, 1, 2


def ducc_fft_descriptor(fft_type: str, is_double: bool, in_shape, out_shape, lengths) -> bytes:
    """jaxlib's DuccFftDescriptor (2023) of `fft_type` (FFT, IFFT, RFFT, IRFFT) over the trailing
    len(lengths) axes: dtype, fft_type, shape, strides_in, strides_out, axes, forward, scale."""
    forward = fft_type in ("FFT", "RFFT")
    kind = {"RFFT": _R2C, "IRFFT": _C2R}.get(fft_type, _C2C)
    shape = list(out_shape if kind == _C2R else in_shape)
    rank = len(in_shape)
    axes = list(range(rank - len(lengths), rank))
    scale = 1.0 if forward else 1.0 / float(np.prod(lengths))
    b = _Builder()
    vectors = [b.vector("Q", shape), b.vector("Q", _strides(in_shape)), b.vector("Q", _strides(out_shape)),
               b.vector("I", axes)]
    b.start_object(8)
    b.slot(7, "d", scale, 0.0)
    for slot, vec in zip((5, 4, 3, 2), reversed(vectors)):
        b.offset_slot(slot, vec)
    b.slot(6, "?", forward, False)
    b.slot(1, "b", kind, 0)
    b.slot(0, "b", int(is_double), 0)
    return b.finish(b.end_object())


# --------------------------------------------------------------------------
# building ops
# --------------------------------------------------------------------------

def _shape_elem(t):
    from jaxlib.mlir import ir
    rt = ir.RankedTensorType(t)
    return list(rt.shape), rt.element_type


def _tensor(shape, elem):
    from jaxlib.mlir import ir
    return ir.RankedTensorType.get(list(shape), elem)


def _parse_type(text):
    from jaxlib.mlir import ir
    return ir.Type.parse(text)


def _create(name, operands, results, **attributes):
    from jaxlib.mlir import ir
    return ir.Operation.create(name, results=results, operands=operands, attributes=attributes)


def _constant(text_value, type_text):
    """A scalar stablehlo.constant at the insertion point, parsed from its text (the bindings
    make no complex dense attribute from Python values)."""
    from jaxlib.mlir import ir
    t = f"tensor<{type_text}>"
    scratch = ir.Module.parse(f"func.func @c() {{\n  %0 = stablehlo.constant dense<{text_value}> : {t}\n  return\n}}")
    op = scratch.body.operations[0].regions[0].blocks[0].operations[0]
    op.detach_from_parent()
    ir.InsertionPoint.current.insert(op)
    return op.result


def _i32(v):
    return _constant(str(int(v)), "i32")


def _ui8(v):
    return _constant(str(int(v)), "ui8")


def _batch_product(batch, early):
    """The batch size: one constant in early 2023; from mid 2023 (shape polymorphism) jaxlib
    multiplied 1 * d0 * d1 ... (constants when static)."""
    if early:
        return _i32(int(np.prod(batch)))
    value = _i32(1)
    for d in batch:
        value = _create("stablehlo.multiply", [value, _i32(d)], [value.type]).result
    return value


def _batch_converted(batch, early):
    """syevd's batch size: from mid 2023 JAX's i64 product of the batch dimensions, converted."""
    if early:
        return _i32(int(np.prod(batch)))
    wide = _constant(str(int(np.prod(batch))), "i64")
    return _create("stablehlo.convert", [wide], [_parse_type("tensor<i32>")]).result


def _layout(kind, rank):
    if kind == "S":
        return []
    if kind == "M":       # column-major matrices, batch dimensions outermost
        return [rank - 2, rank - 1] + list(range(rank - 3, -1, -1))
    if kind == "W":       # workspaces: [0], geev's square ones [0, 1]
        return list(range(rank))
    return list(range(rank - 1, -1, -1))


def _layouts_attr(values, kinds):
    from jaxlib.mlir import ir
    parts = []
    for v, kind in zip(values, kinds):
        dims = _layout(kind, len(_shape_elem(v)[0]))
        parts.append(f"dense<[{', '.join(map(str, dims))}]> : tensor<{len(dims)}xindex>" if dims
                     else "dense<> : tensor<0xindex>")
    return ir.Attribute.parse(f"[{', '.join(parts)}]")


def _legacy_call(target, operands, operand_kinds, result_types, result_kinds, alias, tuple_results):
    """The api_version 2 call; its results (get_tuple_element of each member in the tuple form)."""
    from jaxlib.mlir import ir
    i32 = ir.IntegerType.get_signless(32)
    tupled = tuple_results and len(result_types) > 1
    # (no backend_config / has_side_effect: their defaults, which 2023's printer left out)
    attrs = {"call_target_name": ir.StringAttr.get(target), "api_version": ir.IntegerAttr.get(i32, 2),
             "operand_layouts": _layouts_attr([v.type for v in operands], operand_kinds),
             "result_layouts": _layouts_attr(result_types, result_kinds)}
    if alias is not None:
        out = "[0]" if len(result_types) > 1 else "[]"
        attrs["output_operand_aliases"] = ir.Attribute.parse(
            f"[#stablehlo.output_operand_alias<output_tuple_indices = {out}, operand_index = {alias}, "
            "operand_tuple_indices = []>]")
    results = [ir.TupleType.get_tuple(result_types)] if tupled else result_types
    op = _create("stablehlo.custom_call", operands, results, **attrs)
    if not tupled:
        return list(op.results)
    return [_create("stablehlo.get_tuple_element", [op.result], [t],
                    index=ir.IntegerAttr.get(i32, i)).result for i, t in enumerate(result_types)]


def _config(op):
    from jaxlib.mlir import ir
    if "mhlo.backend_config" not in op.attributes:
        return {}
    d = ir.DictAttr(op.attributes["mhlo.backend_config"])
    return {d[i].name: ir.IntegerAttr(d[i].attr).value for i in range(len(d))}


def _flag(cfg, name, default="N"):
    return chr(cfg.get(name, ord(default)))


# --------------------------------------------------------------------------
# the targets: each returns (legacy results, FFI result index -> legacy result index)
# --------------------------------------------------------------------------

def _potrf(t, op, cfg, tuple_results):
    a = op.operands[0]
    shape, elem = _shape_elem(a.type)
    batch, n = shape[:-2], shape[-1]
    i32 = _parse_type("i32")
    ops = [_i32(_flag(cfg, "uplo") == "L"), _batch_product(batch, tuple_results), _i32(n), a]
    res = _legacy_call(f"lapack_{t}potrf", ops, "SSSM", [a.type, _tensor(batch, i32)], "MV", 3, tuple_results)
    return res, {0: 0, 1: 1}


def _trsm(t, op, cfg, tuple_results):
    a, b = op.operands
    shape, elem = _shape_elem(b.type)
    batch, (m, n) = shape[:-2], shape[-2:]
    trans = {"N": 0, "T": 1, "C": 2}[_flag(cfg, "trans_x")]
    one = "(1.000000e+00,0.000000e+00)" if "complex" in str(elem) else "1.000000e+00"
    alpha = _constant(one, str(elem))       # (JAX made alpha before jaxlib made the sizes)
    ops = [_i32(_flag(cfg, "side") == "L"), _i32(_flag(cfg, "uplo") == "L"), _i32(trans),
           _i32(_flag(cfg, "diag") == "U"), _i32(m), _i32(n), _i32(int(np.prod(batch))), alpha, a, b]
    res = _legacy_call(f"blas_{t}trsm", ops, "S" * 8 + "MM", [b.type], "M", 9, tuple_results)
    return res, {0: 0}


def _getrf(t, op, cfg, tuple_results):
    a = op.operands[0]
    shape, _ = _shape_elem(a.type)
    batch, (m, n) = shape[:-2], shape[-2:]
    i32 = _parse_type("i32")
    size = int(np.prod(batch))      # (an i64 from mid 2023, as in JAX's 2023_06_14 data set)
    ops = [_i32(size) if tuple_results else _constant(str(size), "i64"), _i32(m), _i32(n), a]
    types = [a.type, _tensor(batch + [min(m, n)], i32), _tensor(batch, i32)]
    return _legacy_call(f"lapack_{t}getrf", ops, "SSSM", types, "MVV", 3, tuple_results), {0: 0, 1: 1, 2: 2}


def _geqrf(t, op, cfg, tuple_results):
    a = op.operands[0]
    shape, elem = _shape_elem(a.type)
    batch, (m, n) = shape[:-2], shape[-2:]
    lwork = max(1, n * 32)            # LAPACK's query: n * block size
    ops = [_batch_product(batch, tuple_results), _i32(m), _i32(n), _i32(lwork), a]
    types = [a.type, _tensor(batch + [min(m, n)], elem), _tensor(batch, _parse_type("i32")), _tensor([lwork], elem)]
    return _legacy_call(f"lapack_{t}geqrf", ops, "SSSSM", types, "MVVW", 4, tuple_results), {0: 0, 1: 1}


def _orgqr(t, op, cfg, tuple_results):
    a, tau = op.operands
    shape, elem = _shape_elem(a.type)
    batch, (m, n) = shape[:-2], shape[-2:]
    k = _shape_elem(tau.type)[0][-1]
    lwork = max(1, n * 32)
    name = "orgqr" if t in "sd" else "ungqr"
    ops = [_batch_product(batch, tuple_results), _i32(m), _i32(n), _i32(k), _i32(lwork), a, tau]
    types = [a.type, _tensor(batch, _parse_type("i32")), _tensor([lwork], elem)]
    return _legacy_call(f"lapack_{t}{name}", ops, "SSSSSMV", types, "MVW", 5, tuple_results), {0: 0}


def _syevd(t, op, cfg, tuple_results):
    a = op.operands[0]
    shape, elem = _shape_elem(a.type)
    batch, n = shape[:-2], shape[-1]
    real, i32 = _parse_type(_REAL[t]), _parse_type("i32")
    if t in "sd":
        name, spaces = "syevd", [_tensor([1 + 6 * n + 2 * n * n], elem), _tensor([3 + 5 * n], i32)]
    else:
        name, spaces = "heevd", [_tensor([1 + 2 * n + n * n], elem), _tensor([1 + 5 * n + 2 * n * n], real),
                                 _tensor([3 + 5 * n], i32)]
    ops = [_i32(_flag(cfg, "uplo") == "L"), _batch_converted(batch, tuple_results), _i32(n), a]
    types = [a.type, _tensor(batch + [n], real), _tensor(batch, i32)] + spaces
    res = _legacy_call(f"lapack_{t}{name}", ops, "SSSM", types, "MVV" + "W" * len(spaces), 3, tuple_results)
    return res, {0: 0, 1: 1, 2: 2}


def _gesdd(t, op, cfg, tuple_results):
    a = op.operands[0]
    shape, elem = _shape_elem(a.type)
    batch, (m, n) = shape[:-2], shape[-2:]
    k, big = min(m, n), max(m, n)
    mode = _flag(cfg, "mode", "A")
    ucols = _shape_elem(op.results[2].type)[0][-1]
    # (with compute_uv off jaxlib still shaped u / vt by full_matrices, as today's call does)
    full = mode == "A" or (mode == "N" and ucols == m and m != k)
    uv = mode != "N"
    real, i32 = _parse_type(_REAL[t]), _parse_type("i32")
    if t in "sd":
        lwork = 3 * k + max(big, 4 * k * k + 4 * k) if uv else 3 * k + max(big, 7 * k)
        spaces = [_tensor([8 * k], i32), _tensor([max(1, lwork)], elem)]
    else:
        lwork = k * k + 2 * k + big if uv else 2 * k + big
        rwork = max(5 * k * k + 5 * k, 2 * big * k + 2 * k * k + k) if uv else 7 * k
        spaces = [_tensor([8 * k], i32), _tensor([max(1, rwork)], real), _tensor([max(1, lwork)], elem)]
    ucols, vrows = (m, n) if full else (k, k)
    ops = [_i32(full), _i32(uv), _batch_product(batch, tuple_results), _i32(m), _i32(n), _i32(max(1, lwork)),
           a]
    types = [a.type, _tensor(batch + [k], real), _tensor(batch + [m, ucols], elem), _tensor(batch + [vrows, n], elem),
             _tensor(batch, i32)] + spaces
    res = _legacy_call(f"lapack_{t}gesdd", ops, "SSSSSSM", types, "MVMMV" + "W" * len(spaces), 6, tuple_results)
    return res, {0: 0, 1: 1, 2: 2, 3: 3, 4: 4}


def _geev(t, op, cfg, tuple_results):
    a = op.operands[0]
    shape, elem = _shape_elem(a.type)
    batch, n = shape[:-2], shape[-1]
    real, i32 = _parse_type(_REAL[t]), _parse_type("i32")
    cplx = _parse_type(f"complex<{_REAL[t]}>")
    if t in "sd":
        spaces, values = [_tensor([n, n], elem)] * 3, [_tensor(batch + [n], elem)] * 2
        space_kinds = "WWW"
    else:
        spaces, values = [_tensor([n, n], elem), _tensor([2 * n], real)], [_tensor(batch + [n], elem)]
        space_kinds = "WW"
    ops = [_batch_product(batch, tuple_results), _i32(n), _ui8(ord(_flag(cfg, "compute_left", "V"))),
           _ui8(ord(_flag(cfg, "compute_right", "V"))), a]
    types = spaces + values + [_tensor(batch + [n, n], cplx)] * 2 + [_tensor(batch, i32)]
    res = _legacy_call(f"lapack_{t}geev", ops, "SSSSM", types, space_kinds + "V" * len(values) + "MMV",
                       None, tuple_results)
    return res, {i: i + len(spaces) for i in range(len(values) + 3)}


_RULES = {"potrf": _potrf, "trsm": _trsm, "getrf": _getrf, "geqrf": _geqrf, "orgqr": _orgqr,
          "ungqr": _orgqr, "syevd": _syevd, "heevd": _syevd, "gesdd": _gesdd, "geev": _geev}


def _replace(op, new_values, mapping):
    for i, r in enumerate(op.results):
        j = mapping.get(i)
        if j is not None and str(new_values[j].type) == str(r.type):
            r.replace_all_uses_with(new_values[j])
        elif _has_uses(r):
            raise NotWritable(f"result {i} ({r.type}) of {_target(op)} has no 2023 counterpart"
                              + (f" of that type ({new_values[j].type})" if j is not None else ""))
    op.erase()


def _has_uses(value) -> bool:
    return any(True for _ in value.uses)


def _target(op):
    from jaxlib.mlir import ir
    return ir.StringAttr(op.attributes["call_target_name"]).value


def _fft(op):
    """`stablehlo.fft` as jaxlib's ducc_fft call (or the zeros it wrote for an empty array)."""
    from jaxlib.mlir import ir
    fft_type = re.search(r"fft_type (\w+)", str(op.attributes["fft_type"])).group(1)
    lengths = [int(x) for x in re.findall(r"\d+", str(op.attributes["fft_length"]).split(":", 1)[1])]
    x, r = op.operands[0], op.results[0]
    in_shape, in_elem = _shape_elem(x.type)
    out_shape, out_elem = _shape_elem(r.type)
    if 0 in in_shape or 0 in out_shape:
        zero = "(0.000000e+00,0.000000e+00)" if "complex" in str(out_elem) else "0.000000e+00"
        value = _create("stablehlo.broadcast_in_dim", [_constant(zero, str(out_elem))], [r.type],
                        broadcast_dimensions=ir.Attribute.parse("array<i64>")).result
    else:
        desc = ducc_fft_descriptor(fft_type, "f64" in str(in_elem) or "f64" in str(out_elem), in_shape, out_shape,
                                   lengths)
        u8 = ir.IntegerType.get_unsigned(8)
        const = _create("stablehlo.constant", [], [_tensor([len(desc)], u8)],
                        value=ir.DenseElementsAttr.get(np.frombuffer(desc, np.uint8), type=u8)).result
        (value,) = _legacy_call("ducc_fft", [const, x], "VV", [r.type], "V", None, False)
    r.replace_all_uses_with(value)
    op.erase()


def _operations(op):
    for region in op.regions:
        for block in region.blocks:
            for child in block.operations:
                yield child
                yield from _operations(child)


def rewrite_module(module, tuple_results: bool = True) -> collections.Counter:
    """Rewrite every LAPACK / BLAS FFI call and every fft of `module` (a jaxlib MLIR module, in
    its context) into jaxlib's 2023 form; the count of rewritten calls by today's target."""
    from jaxlib.mlir import ir
    done = collections.Counter()
    for op in list(_operations(module.operation)):
        name = op.operation.name
        with ir.InsertionPoint(op), op.location:
            if name == "stablehlo.fft":
                _fft(op)
                done["stablehlo.fft"] += 1
                continue
            if name != "stablehlo.custom_call":
                continue
            target = _target(op)
            m = _FFI.fullmatch(target)
            if m is None or m.group(2) not in _RULES:
                continue
            new_values, mapping = _RULES[m.group(2)](m.group(1), op, _config(op), tuple_results)
            _replace(op, new_values, mapping)
            done[target] += 1
    return done


# --------------------------------------------------------------------------
# the old attribute form
# --------------------------------------------------------------------------

def old_attribute_text(text: str) -> str:
    """`text` (printed in MLIR's generic form) with the dense-array attributes of
    stablehlo_text_upgrade.ARRAY_ATTRIBUTES written as the dense elements StableHLO used before
    2024 (`array<i64: 1, 2>` -> `dense<[1, 2]> : tensor<2xi64>`, `array<i1: true, true>` ->
    `dense<true> : tensor<2xi1>`), and each op's properties (`<{...}>`) in its attribute
    dictionary, as MLIR printed inherent attributes until 2023."""
    from shlo.importers.stablehlo_text_upgrade import ARRAY_ATTRIBUTES
    out, pending = [], []       # pending: (indentation, properties) of the ops whose regions are open
    for line in text.splitlines(keepends=True):
        m = re.search(r'"((?:stablehlo|chlo)\.\w+)"\(', line)
        attrs = ARRAY_ATTRIBUTES.get(m.group(1)) if m else None
        if attrs:
            names = "|".join(map(re.escape, attrs))
            pattern = re.compile(r"(?<![\w.])(" + names + r")\s*=\s*array<(i64|i1)(?::\s*([^>]*))?>")
            line = pattern.sub(_dense_of_array, line)
        indent = len(line) - len(line.lstrip(" "))
        if pending and pending[-1][0] == indent and line.lstrip().startswith("})"):
            line = _with_dictionary(line, line.index("})") + 2, pending.pop()[1])
        found = _properties(line)
        if found is not None:
            start, end, props = found
            rest = line[end:].lstrip(" ")
            if rest.startswith("("):       # regions follow: the dictionary goes after them
                pending.append((indent, props))
                line = line[:start] + rest
            else:
                line = _with_dictionary(line[:start].rstrip(" ") + " " + rest, start, props)
        out.append(line)
    return "".join(out)


def _with_dictionary(line: str, at: int, props: str) -> str:
    """`props` put into the attribute dictionary that starts at line[at:] (or a new one there)."""
    head, after = line[:at].rstrip(" "), line[at:].lstrip(" ")
    if after.startswith("{"):
        return f"{head} {{{props}, {after[1:]}"
    return f"{head} {{{props}}} {after}"


def _properties(line: str):
    """(start, end, text) of the line's `<{...}>` (MLIR's printed properties), or None."""
    start = line.find("<{")
    if start < 0:
        return None
    depth, in_string = 0, False
    for i in range(start + 1, len(line)):
        c = line[i]
        if in_string:
            in_string = c != '"' or line[i - 1] == "\\"
        elif c == '"':
            in_string = True
        elif c in "{}":
            depth += 1 if c == "{" else -1
            if depth == 0:
                return (start, i + 2, line[start + 2:i]) if line.startswith("}>", i) else None
    return None


def _dense_of_array(m: re.Match) -> str:
    """The dense elements of the matched `name = array<..>`, as MLIR printed them: a splat
    where every value is the same (`dense<1> : tensor<2xi64>`)."""
    name, elem, body = m.group(1), m.group(2), (m.group(3) or "").strip()
    words = [w.strip() for w in body.split(",") if w.strip()]
    if not words:
        return f"{name} = dense<> : tensor<0x{elem}>"
    values = words[0] if len(set(words)) == 1 else f"[{', '.join(words)}]"
    return f"{name} = dense<{values}> : tensor<{len(words)}x{elem}>"
