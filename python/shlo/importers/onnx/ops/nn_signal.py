"""Signal ops: DFT (opsets 17, 20) and STFT (17) over shlo `fft`, the window functions
HannWindow / HammingWindow / BlackmanWindow (17) and MelWeightMatrix (17).

ONNX keeps complex numbers as a trailing dimension of size 2 (real, imaginary), or 1 for a real
signal; the transform runs on a shlo complex tensor with the transformed axis moved last. Window
sizes and the mel matrix's parameters may be run-time scalars: the results then have `?` sizes
and are computed from dynamic iotas (in f64, rounded once to the output type)."""
from __future__ import annotations

import numpy as np

from ....types import tensor_type
from .. import dtypes
from ..registry import converts

I64 = "i64"
F64 = "f64"


def _static(cx, v, what):
    sizes = cx.sizes_of(v)
    if not all(isinstance(s, int) for s in sizes):
        raise cx.error(f"{what} needs static sizes")
    return sizes


def _work(element):
    """The (real, complex) types a transform of `element` data runs in: f64 for every element type,
    rounded once at the end, as onnx's reference (numpy's f64 FFT) computes; an FFT in f32 is off
    by ~1e-5 where an output is near 0 (ONNX's DFT cases check those with atol 1e-7)."""
    return ("f64", "complex<f64>")


def _scalar_known(cx, i):
    k = cx.known(i)
    return None if k is None else np.asarray(k).reshape(-1)[0].item()


# ----------------------------------------------------------------------------- DFT

def _to_complex(cx, x):
    """(..., 1 or 2) real / (real, imaginary) pairs -> a complex tensor of the leading sizes."""
    sizes = cx.sizes_of(x)
    if sizes[-1] not in (1, 2):
        raise cx.error(f"the last dimension must be 1 (real) or 2 (complex), not {cx.info(x).shape[-1]}")
    real_t, _ = _work(cx.element(x))
    x = cx.convert(x, real_t)
    lead = sizes[:-1]
    if sizes[-1] == 1:
        return cx.op("complex", cx.reshape(x, lead), cx.const(0.0, real_t, lead))
    if all(isinstance(v, int) for v in sizes):
        re, im = (cx.reshape(cx.op("slice", x, start_indices=[0] * (len(sizes) - 1) + [i], limit_indices=lead + [i + 1],
                                   strides=[1] * len(sizes)), lead) for i in (0, 1))
    else:       # run-time leading sizes (a `?` batch): the parts taken by a gather, which needs no static limits
        from .tensors import _take
        re, im = (_take(cx, x, len(sizes) - 1, cx.const(i, I64)) for i in (0, 1))
    return cx.op("complex", re, im)


def _from_complex(cx, z, element):
    sizes = cx.sizes_of(z)
    parts = [cx.reshape(cx.op(p, z), sizes + [1]) for p in ("real", "imag")]
    return cx.convert(cx.op("concatenate", parts, dimension=len(sizes)), element)


def _fit(cx, v, axis, n):
    """v cropped or zero-padded to length n along `axis` (whose size may be a run-time value)."""
    sizes = cx.sizes_of(v)
    r = len(sizes)
    from .tensors import _slice_static, _take      # (gathers where other sizes are run-time values)
    if not isinstance(sizes[axis], int):    # padded by n zeros, then the first n taken
        pad = [0] * r
        pad[axis] = n
        v = cx.op("pad", v, cx.const(0, cx.element(v)), edge_padding_low=[0] * r, edge_padding_high=pad,
                  interior_padding=[0] * r)
        return _take(cx, v, axis, cx.const(np.arange(n, dtype=np.int64), I64, [n]))
    if sizes[axis] > n:
        return _slice_static(cx, v, axis, 0, n, 1)
    if sizes[axis] < n:
        pad = [0] * r
        pad[axis] = n - sizes[axis]
        return cx.op("pad", v, cx.const(0, cx.element(v)), edge_padding_low=[0] * r, edge_padding_high=pad,
                     interior_padding=[0] * r)
    return v


def _dft(cx, x, axis, n, inverse, onesided):
    """The DFT of x (ONNX layout) along `axis` with length n (None: the axis' size)."""
    element = cx.element(x)
    rank = cx.rank(x)
    axis = axis % rank
    if axis == rank - 1:
        raise cx.error("axis must not be the last (real / imaginary) dimension")
    z = _to_complex(cx, x)
    zr = rank - 1
    perm = [d for d in range(zr) if d != axis] + [axis]
    back = [perm.index(d) for d in range(zr)]
    z = cx.op("transpose", z, permutation=perm)
    size = cx.sizes_of(z)[-1]
    if n is None:
        n = 2 * (size - 1) if inverse and onesided and isinstance(size, int) else \
            cx.op("multiply", cx.op("subtract", size, cx.const(1, I64)), cx.const(2, I64)) if inverse and onesided \
            else size
    if not isinstance(n, int):      # a run-time length (given, or the axis' run-time size): no fft
        y = _dft_by_product(cx, z, n, inverse, onesided)
        if inverse and onesided:
            y = cx.op("transpose", y, permutation=back)
            return cx.convert(cx.reshape(y, cx.sizes_of(y) + [1]), element)
        return _from_complex(cx, cx.op("transpose", y, permutation=back), element)
    if inverse and onesided:        # a Hermitian half spectrum -> a real signal
        y = cx.op("fft", _fit(cx, z, zr - 1, n // 2 + 1), fft_type="IRFFT", fft_length=[n])
        y = cx.op("transpose", y, permutation=back)
        return cx.convert(cx.reshape(y, cx.sizes_of(y) + [1]), element)
    y = cx.op("fft", _fit(cx, z, zr - 1, n), fft_type="IFFT" if inverse else "FFT", fft_length=[n])
    if onesided:
        y = _fit(cx, y, zr - 1, n // 2 + 1)
    return _from_complex(cx, cx.op("transpose", y, permutation=back), element)


def _dft_by_product(cx, z, n, inverse, onesided):
    """The transform of complex z (..., s) along its last axis with length n (a rank-0 i64 value),
    s and n run-time sizes (shlo's fft lengths are static): a product with cos / sin matrices
    (s, bins) built from iotas in f64. Row j is zero past the transform's input (j >= n, or
    j > n / 2 for the inverse of a half spectrum), which crops; padding adds nothing. Returns
    complex (..., bins), or real (..., n) for the inverse of a half spectrum. O(s * bins) work and
    memory, where an fft is O(n log n): taken only where the fft cannot be."""
    s = cx.sizes_of(z)[-1]
    n = cx.size_value(n)
    half = cx.op("add", cx.op("divide", n, cx.const(2, I64)), cx.const(1, I64))
    bins = half if onesided and not inverse else n
    mat = [s, bins]
    j, k = cx.iota(mat, 0), cx.iota(mat, 1)
    b = lambda v: cx.broadcast(v, mat, dims=[])     # noqa: E731
    # angle 2 pi (j k mod n) / n: the product reduced first, so large j k lose nothing
    jk = cx.op("remainder", cx.op("multiply", j, k), b(n))
    nf = cx.convert(n, F64)
    ang = cx.op("divide", cx.op("multiply", cx.convert(jk, F64), b(cx.const(2 * np.pi, F64))), b(nf))
    if inverse and onesided:
        # x[t] = (X_0 + 2 sum_{0<j<n/2} Re(X_j e^{i..}) + X_{n/2} e^{i pi t} (n even)) / n: bins 0 and
        # n / 2 once (their imaginary parts drop out, as numpy's irfft drops them), the others twice
        once = cx.op("or", cx.op("compare", j, b(cx.const(0, I64)), comparison_direction="EQ"),
                     cx.op("compare", cx.op("multiply", j, b(cx.const(2, I64))), b(n), comparison_direction="EQ"))
        weight = cx.op("select", once, b(cx.const(1.0, F64)), b(cx.const(2.0, F64)))
        inside = cx.op("compare", j, b(half), comparison_direction="LT")
    else:
        weight = b(cx.const(1.0, F64))
        inside = cx.op("compare", j, b(n), comparison_direction="LT")
    if inverse:
        weight = cx.op("divide", weight, b(nf))
    weight = cx.op("select", inside, weight, b(cx.const(0.0, F64)))
    cos = cx.op("multiply", cx.op("cosine", ang), weight)
    sin = cx.op("multiply", cx.op("sine", ang), weight)
    rank = cx.rank(z)

    def dot(a, m):
        return cx.op("dot_general", a, m, dot_dimension_numbers={
            "lhs_batching_dimensions": [], "rhs_batching_dimensions": [],
            "lhs_contracting_dimensions": [rank - 1], "rhs_contracting_dimensions": [0]})
    zr, zi = cx.op("real", z), cx.op("imag", z)
    # y = sum_j z_j (cos + i sign sin), sign -1 forward, +1 inverse
    if inverse and onesided:
        return cx.op("subtract", dot(zr, cos), dot(zi, sin))
    if inverse:
        return cx.op("complex", cx.op("subtract", dot(zr, cos), dot(zi, sin)), cx.op("add", dot(zi, cos), dot(zr, sin)))
    return cx.op("complex", cx.op("add", dot(zr, cos), dot(zi, sin)), cx.op("subtract", dot(zi, cos), dot(zr, sin)))


def _dft_length(cx, i, value):
    """dft_length: None (not given), an int (known when importing) or a rank-0 i64 value."""
    if i >= len(cx.node.input) or not cx.node.input[i]:
        return None
    n = _scalar_known(cx, i)
    if n is not None:
        return int(n)
    return cx.reshape(cx.convert(value, I64), [])


@converts("DFT", since=17)
def dft17(cx, x, dft_length=None, axis=1, inverse=0, onesided=0):
    return _dft(cx, x, axis, _dft_length(cx, 1, dft_length), inverse, onesided)


@converts("DFT", since=20)
def dft20(cx, x, dft_length=None, axis_value=None, inverse=0, onesided=0):
    n = _dft_length(cx, 1, dft_length)
    if axis_value is None:
        return _dft(cx, x, -2, n, inverse, onesided)
    known = _scalar_known(cx, 2)
    if known is not None:
        return _dft(cx, x, int(known), n, inverse, onesided)
    return _dft_runtime_axis(cx, x, axis_value, n, inverse, onesided)


def _dft_runtime_axis(cx, x, axis_value, n, inverse, onesided):
    """A run-time axis: every candidate axis is transformed and the one asked for is picked by a
    `case` on it (results reshaped to `?` sizes where the candidates' sizes differ)."""
    rank = cx.rank(x)
    cands = list(range(rank - 1))
    a = cx.convert(axis_value, I64)
    a = cx.reshape(a, [])
    neg = cx.op("compare", a, cx.const(0, I64), comparison_direction="LT")
    a = cx.op("select", neg, cx.op("add", a, cx.const(rank, I64)), a)
    shapes = {d: _dft_shape(cx, x, d, n, inverse, onesided) for d in cands}
    valid = [d for d in cands if min((v for v in shapes[d] if v is not None), default=1) > 0]
    if not valid:
        raise cx.error("no axis gives a non-empty transform")
    shapes = {d: shapes[d] for d in valid}
    same = len({tuple(s) for s in shapes.values()}) == 1
    first = shapes[valid[0]]
    out_shape = list(first) if same else [s if len({shapes[d][i] for d in valid}) == 1 else None
                                          for i, s in enumerate(first)]
    from mlir import ir
    # an axis out of range picks the last branch (case clamps), as shape inference would reject it
    op = cx.region_op("case", cx.convert(a, "i32"), result_types=[tensor_type(out_shape, cx.element(x))],
                      regions=len(cands))
    for d, region in zip(cands, op.regions):
        block = region.blocks.append()
        with ir.InsertionPoint(block):
            if d in valid:
                y = _dft(cx, x, d, n, inverse, onesided)
            else:       # an empty transform along this axis: shape inference would reject it
                y = cx.const(0.0, cx.element(x), [s if s is not None else 0 for s in out_shape])
            if not same:
                y = cx.op("dynamic_reshape", y, cx.shape_tensor(cx.sizes_of(y)),
                          result_types=[tensor_type(out_shape, cx.element(x))])
            cx.op("return", [y], result_types=[])
    return op.results[0]


def _dft_shape(cx, x, axis, n, inverse, onesided):
    """The result's shape (None for a size known only at run time)."""
    sizes = list(cx.info(x).shape)
    size = sizes[axis]
    if not isinstance(n, int) and n is not None:
        m = None
    elif n is not None:
        m = n
    elif size is None:
        m = None
    else:
        m = 2 * (size - 1) if inverse and onesided else size
    if inverse and onesided:
        sizes[axis], sizes[-1] = m, 1
    else:
        sizes[axis], sizes[-1] = (m // 2 + 1 if onesided and m is not None else m), 2
    return sizes


# ----------------------------------------------------------------------------- STFT

def _signal(cx, signal):
    """STFT's signal as (b, length, channels): sizes may be run-time values; a rank-2 (B, T) signal
    (PyTorch's TorchScript exporter writes one; onnxruntime takes it) is real."""
    sizes = cx.sizes_of(signal)
    if len(sizes) == 2:
        return sizes[0], sizes[1], 1
    if len(sizes) != 3 or sizes[2] not in (1, 2):
        raise cx.error(f"the signal must be (batch, length) or (batch, length, 1 or 2), not rank {len(sizes)} "
                       f"with sizes {cx.info(signal).shape}")
    return sizes[0], sizes[1], sizes[2]


def _frame(cx, z, idx, b, nf, fl):
    """Frames z[:, idx] of z (b, length): (b, nf, fl), b and nf ints or run-time sizes."""
    dnums = {"offset_dims": [0], "collapsed_slice_dims": [1], "start_index_map": [1], "index_vector_dim": 2,
             "operand_batching_dims": [], "start_indices_batching_dims": []}
    out = tensor_type([s if isinstance(s, int) else None for s in (b, nf, fl)], cx.element(z))
    grid = [nf, fl]
    if isinstance(b, int):
        return cx.op("gather", z, cx.reshape(idx, grid + [1]), dimension_numbers=dnums, slice_sizes=[b, 1],
                     indices_are_sorted=False, result_types=[out])
    return cx.op("dynamic_gather", z, cx.reshape(idx, grid + [1]), cx.shape_tensor([b, 1]), dimension_numbers=dnums,
                 indices_are_sorted=False, result_types=[out])


@converts("STFT", since=17)
def stft(cx, signal, frame_step, window=None, frame_length=None, onesided=1):
    """Frames (B, n_frames, L) gathered at multiples of frame_step (a run-time step or signal
    length gives a `?` frame count), weighted by the window, transformed along L."""
    element = cx.element(signal)
    b, length, c = _signal(cx, signal)
    fl = _scalar_known(cx, 3) if frame_length is not None else None
    if fl is None and window is not None:
        fl = _static(cx, window, "STFT window")[0]
    if fl is None and frame_length is None:
        fl = length if isinstance(length, int) else None
    if fl is None:
        return _stft_runtime_length(cx, signal, frame_step, frame_length, onesided)
    fl = int(fl)
    step = _scalar_known(cx, 1)
    if step is not None and isinstance(length, int):
        nf = 1 + (length - fl) // int(step)
        starts = cx.const(np.arange(nf, dtype=np.int64) * int(step), I64, [nf])
    else:
        st = cx.reshape(cx.convert(frame_step, I64), [])
        span = cx.op("subtract", cx.size_value(length), cx.const(fl, I64))
        nf = cx.op("add", cx.op("divide", span, st), cx.const(1, I64))
        iota = cx.op("dynamic_iota", cx.shape_tensor([nf]), iota_dimension=0, result_types=[tensor_type([None], I64)])
        starts = cx.op("multiply", iota, cx.broadcast(st, [nf], dims=[]))
    grid = [nf, fl]
    idx = cx.op("add", cx.broadcast(starts, grid, dims=[0]),
                cx.broadcast(cx.const(np.arange(fl, dtype=np.int64), I64, [fl]), grid, dims=[1]))
    real = c == 1
    if not real and not all(isinstance(s, int) for s in (b, length)):
        raise cx.error("a complex signal needs static sizes")
    z = cx.reshape(cx.convert(signal, _work(element)[0]), [b, length]) if real else _to_complex(cx, signal)
    frames = _frame(cx, z, idx, b, nf, fl)
    if window is not None:
        w = cx.convert(window, _work(element)[0])
        if not real:
            w = cx.op("complex", w, cx.const(0.0, _work(element)[0], [fl]))
        frames = cx.op("multiply", frames, cx.broadcast(w, cx.sizes_of(frames), dims=[2]))
    if onesided and not real:
        raise cx.error("onesided needs a real signal")
    # frame counts may be `?`: a real signal takes RFFT, whose half spectrum needs no crop
    y = cx.op("fft", frames, fft_type="RFFT" if real and onesided else "FFT", fft_length=[fl]) if not real or onesided \
        else cx.op("fft", cx.op("complex", frames, cx.const(0.0, _work(element)[0], cx.sizes_of(frames))),
                   fft_type="FFT", fft_length=[fl])
    return _from_complex(cx, y, element)


def _stft_runtime_length(cx, signal, frame_step, frame_length, onesided):
    """A run-time frame length (no window): frames of `?` length transformed by a product with a
    (length, bins) DFT matrix built from iotas (shlo fft lengths are static)."""
    element = cx.element(signal)
    b, length, c = _signal(cx, signal)
    if c != 1:
        raise cx.error("a run-time frame_length needs a real signal")
    real_t = _work(element)[0]
    fl = cx.reshape(cx.convert(frame_length, I64), [])
    st = cx.reshape(cx.convert(frame_step, I64), [])
    nf = cx.op("add", cx.op("divide", cx.op("subtract", cx.size_value(length), fl), st), cx.const(1, I64))
    bins = cx.op("add", cx.op("divide", fl, cx.const(2, I64)), cx.const(1, I64)) if onesided else fl
    grid = [nf, fl]
    dyn = lambda sizes, d, el: cx.op("dynamic_iota", cx.shape_tensor(sizes), iota_dimension=d,  # noqa: E731
                                     result_types=[tensor_type([None] * len(sizes), el)])
    idx = cx.op("add", cx.op("multiply", dyn(grid, 0, I64), cx.broadcast(st, grid, dims=[])), dyn(grid, 1, I64))
    z = cx.reshape(cx.convert(signal, real_t), [b, length])
    frames = _frame(cx, z, idx, b, nf, fl)
    mat = [fl, bins]
    # angle 2 pi (j k mod n) / n, the product reduced first to keep it exact
    jk = cx.op("remainder", cx.op("multiply", dyn(mat, 0, I64), dyn(mat, 1, I64)), cx.broadcast(fl, mat, dims=[]))
    ang = cx.op("divide", cx.op("multiply", cx.convert(jk, F64), cx.broadcast(cx.const(2 * np.pi, F64), mat, dims=[])),
                cx.broadcast(cx.convert(fl, F64), mat, dims=[]))
    parts = []
    for fn, sign in (("cosine", 1.0), ("sine", -1.0)):
        m = cx.convert(cx.op("multiply", cx.op(fn, ang), cx.broadcast(cx.const(sign, F64), mat, dims=[])), real_t)
        y = cx.op("dot_general", frames, m, dot_dimension_numbers={
            "lhs_batching_dimensions": [], "rhs_batching_dimensions": [],
            "lhs_contracting_dimensions": [2], "rhs_contracting_dimensions": [0]})
        parts.append(cx.reshape(y, cx.sizes_of(y) + [1]))
    return cx.convert(cx.op("concatenate", parts, dimension=3), element)


# ----------------------------------------------------------------------------- windows

def _size_and_iota(cx, size):
    """The window size (an int when known, else a rank-0 i64 value) and 0..size-1 in f64."""
    known = _scalar_known(cx, 0)
    if known is not None:
        n = int(known)
        return n, cx.const(np.arange(n, dtype=np.float64), F64, [n])
    n = cx.reshape(cx.convert(size, I64), [])
    return n, cx.op("dynamic_iota", cx.shape_tensor([n]), iota_dimension=0, result_types=[tensor_type([None], F64)])


def _window(cx, size, periodic, output_datatype, coefficients):
    """sum_k a_k cos(2 pi k n / N) with N = size (periodic) or size - 1."""
    n, ni = _size_and_iota(cx, size)
    sizes = cx.sizes_of(ni)
    denom = cx.convert(cx.size_value(n), F64)
    if not periodic:
        denom = cx.op("subtract", denom, cx.const(1.0, F64))
    phase = cx.op("divide", cx.op("multiply", ni, cx.const(2 * np.pi, F64, sizes)), cx.broadcast(denom, sizes, dims=[]))
    y = cx.const(coefficients[0], F64, sizes)
    for k, a in enumerate(coefficients[1:], start=1):
        term = cx.op("cosine", cx.op("multiply", phase, cx.const(float(k), F64, sizes)))
        y = cx.op("add", y, cx.op("multiply", term, cx.const(a, F64, sizes)))
    return cx.convert(y, dtypes.element(output_datatype))


@converts("HannWindow", since=17)
def hann_window(cx, size, output_datatype=1, periodic=1):
    return _window(cx, size, periodic, output_datatype, [0.5, -0.5])


@converts("HammingWindow", since=17)
def hamming_window(cx, size, output_datatype=1, periodic=1):
    alpha = 25.0 / 46.0
    return _window(cx, size, periodic, output_datatype, [alpha, -(1 - alpha)])


@converts("BlackmanWindow", since=17)
def blackman_window(cx, size, output_datatype=1, periodic=1):
    return _window(cx, size, periodic, output_datatype, [0.42, -0.5, 0.08])


# ----------------------------------------------------------------------------- MelWeightMatrix

@converts("MelWeightMatrix", since=17)
def mel_weight_matrix(cx, num_mel_bins, dft_length, sample_rate, lower_edge_hertz, upper_edge_hertz,
                      output_datatype=1):
    """(dft_length / 2 + 1, num_mel_bins) triangular filters between mel-spaced bin edges
    (edges computed in f64 and floored to spectrogram bins, as onnx's reference does)."""
    def scalar(v, i, element):
        k = _scalar_known(cx, i)
        return k, cx.convert(cx.reshape(v, []), element)
    k_bins, bins = scalar(num_mel_bins, 0, I64)
    k_dft, dft = scalar(dft_length, 1, I64)
    _, rate = scalar(sample_rate, 2, F64)
    lo, hi = (cx.convert(cx.reshape(v, []), "f32") for v in (lower_edge_hertz, upper_edge_hertz))

    def to_mel(hz):     # 2595 log10(1 + hz / 700), the log1p in f32 as the reference's inputs are
        t = cx.op("log_plus_one", cx.op("divide", hz, cx.const(700.0, "f32")))
        return cx.op("divide", cx.convert(cx.op("multiply", t, cx.const(2595.0, "f32")), F64),
                     cx.const(np.log(10), F64))
    low_mel, high_mel = to_mel(lo), to_mel(hi)
    n_rows = (int(k_dft) // 2 + 1) if k_dft is not None else \
        cx.op("add", cx.op("divide", dft, cx.const(2, I64)), cx.const(1, I64))
    n_cols = int(k_bins) if k_bins is not None else bins
    step = cx.op("divide", cx.op("subtract", high_mel, low_mel),
                 cx.convert(cx.op("add", cx.size_value(n_cols), cx.const(2, I64)), F64))
    grid = [n_rows, n_cols]
    col = _iota(cx, grid, 1, F64)
    row = _iota(cx, grid, 0, F64)
    scale = cx.convert(cx.op("add", dft, cx.const(1, I64)), F64)

    def edge(offset):       # the spectrogram bin of mel edge i + offset
        m = cx.op("add", cx.op("multiply", cx.op("add", col, cx.const(float(offset), F64, grid)),
                                cx.broadcast(step, grid, dims=[])), cx.broadcast(low_mel, grid, dims=[]))
        hz = cx.op("multiply", cx.const(700.0, F64, grid),
                   cx.op("exponential_minus_one", cx.op("multiply", m, cx.const(np.log(10) / 2595, F64, grid))))
        return cx.op("floor", cx.op("divide", cx.op("multiply", cx.broadcast(scale, grid, dims=[]), hz),
                                    cx.broadcast(rate, grid, dims=[])))
    left, center, right = edge(0), edge(1), edge(2)
    cmp = lambda a, b, d: cx.op("compare", a, b, comparison_direction=d)  # noqa: E731
    zero, one = cx.const(0.0, F64, grid), cx.const(1.0, F64, grid)
    rise_w = cx.op("subtract", center, left)
    rise = cx.op("divide", cx.op("subtract", row, left), cx.op("select", cmp(rise_w, zero, "EQ"), one, rise_w))
    in_rise = cx.op("and", cmp(row, left, "GE"), cmp(row, center, "LE"))
    up = cx.op("select", in_rise, rise, zero)
    up = cx.op("select", cmp(rise_w, zero, "EQ"), cx.op("select", cmp(row, center, "EQ"), one, zero), up)
    fall_w = cx.op("subtract", right, center)
    fall = cx.op("divide", cx.op("subtract", right, row), cx.op("select", cmp(fall_w, zero, "EQ"), one, fall_w))
    in_fall = cx.op("and", cx.op("and", cmp(row, center, "GE"), cmp(row, right, "LT")), cmp(fall_w, zero, "GT"))
    return cx.convert(cx.op("select", in_fall, fall, up), dtypes.element(output_datatype))


def _iota(cx, sizes, dim, element):
    return cx.iota(sizes, dim, element)
