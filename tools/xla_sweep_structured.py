"""Cases of tools/xla_diff_sweep.py for the ops that are not element-wise or single reductions:
control flow (while / if / case), fft, rng_bit_generator, cholesky, triangular_solve,
select_and_scatter, batch_norm_*, dynamic_slice / dynamic_update_slice on 2-D operands with
every index type, pad with negative and interior padding, data movement (iota, broadcast_in_dim,
transpose, reverse, concatenate) on every element type, clamp with NaN bounds, and the
collective ops on one device.

`structured_ops(sweep)` returns the sweep's `Op`s; it takes the sweep module (not an import of
it) because the sweep is usually run as a script. Each builder returns (StableHLO text, inputs)
of a one-result program; ops with several results get one case per result.
"""
from __future__ import annotations

import numpy as np

from shlo.literals import numpy_dtype


def _func(args: list, ret_type: str, body: list, ret: str = "%0") -> str:
    sig = ", ".join(f"%{n}: {t}" for n, t in args)
    lines = "\n".join(f"  {b}" for b in body)
    return f"func.func public @main({sig}) -> {ret_type} {{\n{lines}\n  return {ret} : {ret_type}\n}}\n"


def _window_out(sizes, window, stride, pad, base, wdil) -> list:
    """Result sizes of a windowed op (convolution, reduce_window) per dimension: the input dilated
    by `base` and padded, less the window dilated by `wdil`, over the stride, plus one."""
    out = []
    for d, (size, k) in enumerate(zip(sizes, window)):
        dil_in = (size - 1) * base[d] + 1 + pad[d][0] + pad[d][1]
        dil_k = (k - 1) * wdil[d] + 1
        out.append((dil_in - dil_k) // stride[d] + 1)
    return out


def structured_ops(s) -> list:
    Op, kind, rows_of, specials, randoms = s.Op, s.kind, s._rows_of, s.specials, s.randoms
    rng = s.RNG
    ALL = ("bool",) + s.NUM
    ops = []

    def region(body: str, e: str, nargs: int = 2) -> str:
        return s._region(body, e, nargs)

    # ------------------------------------------------------------------ control flow

    def while_case(op, e):
        """x <- (x + b) * a, n times (0 included); the result is x. (Not x * a + b: XLA CPU
        contracts a multiply and an add in a loop body into one fused multiply-add.)"""
        dt = numpy_dtype(e)
        x, a, b = (rows_of(e, 1, 16).reshape(16) for _ in range(3))
        t = f"tensor<16x{e}>"
        n = op.extra["n"]
        mul = "and" if kind(e) == "bool" else "multiply"
        add = "or" if kind(e) == "bool" else "add"
        body = [
            f"%n = stablehlo.constant dense<{n}> : tensor<i32>",
            "%z = stablehlo.constant dense<0> : tensor<i32>",
            "%one = stablehlo.constant dense<1> : tensor<i32>",
            f"%w:2 = \"stablehlo.while\"(%z, %x) ({{",
            f"  ^bb0(%i: tensor<i32>, %v: {t}):",
            "    %c = \"stablehlo.compare\"(%i, %n) {comparison_direction = #stablehlo<comparison_direction LT>}"
            " : (tensor<i32>, tensor<i32>) -> tensor<i1>",
            "    \"stablehlo.return\"(%c) : (tensor<i1>) -> ()",
            "  }, {",
            f"  ^bb0(%i: tensor<i32>, %v: {t}):",
            f"    %m = \"stablehlo.{add}\"(%v, %b) : ({t}, {t}) -> {t}",
            f"    %s = \"stablehlo.{mul}\"(%m, %a) : ({t}, {t}) -> {t}",
            "    %j = \"stablehlo.add\"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>",
            f"    \"stablehlo.return\"(%j, %s) : (tensor<i32>, {t}) -> ()",
            f"  }}) : (tensor<i32>, {t}) -> (tensor<i32>, {t})",
        ]
        return _func([("x", t), ("a", t), ("b", t)], t, body, "%w#1"), [x.astype(dt), a, b]

    def branch_case(op, e):
        """`case` (index from the input: in range, negative, past the end, i32 extremes: out of
        range runs the last branch) or `if`, one op per index, results stacked."""
        x = rows_of(e, 1, 8).reshape(8)
        t, t1 = f"tensor<8x{e}>", f"tensor<1x8x{e}>"
        neg = "not" if kind(e) in ("bool", "unsigned") else "negate"
        if op.extra["which"] == "case":
            idx = np.array([0, 1, 2, 3, -1, 7, 2 ** 31 - 1, -2 ** 31], np.int32)
            it = "tensor<i32>"
        else:
            idx = np.array([True, False, True, False, False, True, True, False])
            it = "tensor<i1>"
        body, pieces = [], []
        for j in range(len(idx)):
            body.append(f"%s{j} = \"stablehlo.slice\"(%i) {{start_indices = array<i64: {j}>, limit_indices = "
                        f"array<i64: {j + 1}>, strides = array<i64: 1>}} : (tensor<8x{it[7:-1]}>) -> "
                        f"tensor<1x{it[7:-1]}>")
            body.append(f"%k{j} = \"stablehlo.reshape\"(%s{j}) : (tensor<1x{it[7:-1]}>) -> {it}")
            branches = [f"\"stablehlo.return\"(%x) : ({t}) -> ()",
                        f"%q = \"stablehlo.{neg}\"(%x) : ({t}) -> {t}\n    \"stablehlo.return\"(%q) : ({t}) -> ()"]
            if op.extra["which"] == "case":
                branches.append(f"%q = \"stablehlo.reverse\"(%x) {{dimensions = array<i64: 0>}} : ({t}) -> {t}\n"
                                f"    \"stablehlo.return\"(%q) : ({t}) -> ()")
            regions = ", ".join("{\n    " + b + "\n  }" for b in branches)
            body.append(f"%c{j} = \"stablehlo.{op.extra['which']}\"(%k{j}) ({regions}) : ({it}) -> {t}")
            body.append(f"%r{j} = \"stablehlo.reshape\"(%c{j}) : ({t}) -> {t1}")
            pieces.append(f"%r{j}")
        n = len(idx)
        body.append(f"%0 = \"stablehlo.concatenate\"({', '.join(pieces)}) {{dimension = 0 : i64}} : "
                    f"({', '.join([t1] * n)}) -> tensor<{n}x8x{e}>")
        return _func([("x", t), ("i", f"tensor<8x{it[7:-1]}>")], f"tensor<{n}x8x{e}>", body), [x, idx]

    for n in (0, 1, 7):
        ops.append(Op(f"while_{n}", 0, ALL, build=while_case, stablehlo="while", extra={"n": n}))
    for w in ("case", "if"):
        ops.append(Op(w, 0, ALL, build=branch_case, extra={"which": w}))

    # ------------------------------------------------------------------ fft

    def fft_case(op, e):
        ftype, lengths = op.extra["type"], op.extra["lengths"]
        dt = numpy_dtype(e)
        batch = (3,)
        if ftype == "RFFT":
            in_shape, out_shape = batch + lengths, batch + lengths[:-1] + (lengths[-1] // 2 + 1,)
            in_e, out_e = e, s._cx(e)
        elif ftype == "IRFFT":
            in_shape, out_shape = batch + lengths[:-1] + (lengths[-1] // 2 + 1,), batch + lengths
            in_e, out_e = s._cx(e), e
        else:
            in_shape = out_shape = batch + lengths
            in_e = out_e = e
        x = rng.standard_normal(in_shape)
        if in_e.startswith("complex"):
            x = x + 1j * rng.standard_normal(in_shape)
        x = x.astype(numpy_dtype(in_e))
        ti = f"tensor<{'x'.join(map(str, in_shape))}x{in_e}>"
        to = f"tensor<{'x'.join(map(str, out_shape))}x{out_e}>"
        body = [f"%0 = \"stablehlo.fft\"(%a) {{fft_type = #stablehlo<fft_type {ftype}>, fft_length = "
                f"array<i64: {', '.join(map(str, lengths))}>}} : ({ti}) -> {to}"]
        del dt
        return _func([("a", ti)], to, body), [x]

    for ft in ("FFT", "IFFT", "RFFT", "IRFFT"):
        for lengths in ((1,), (2,), (3,), (5,), (8,), (12,), (17,), (100,), (4, 6), (3, 5), (2, 3, 4)):
            kinds = ("float",) if ft in ("RFFT", "IRFFT") else ("complex",)
            ops.append(Op(f"fft_{ft}_{'x'.join(map(str, lengths))}", 0, kinds, build=fft_case, stablehlo="fft",
                          types=("f32", "f64", "complex<f32>", "complex<f64>"), rtol=1e-5,
                          extra={"type": ft, "lengths": lengths}))

    # ------------------------------------------------------------------ rng_bit_generator

    def rng_case(op, e):
        alg, nstate, shape, which = op.extra["alg"], op.extra["state"], op.extra["shape"], op.extra["which"]
        state = np.array([0x0123456789ABCDEF, 0xFEDCBA9876543210, 42][:nstate], np.uint64)
        if op.extra.get("zero"):
            state[:] = 0
        ts = f"tensor<{nstate}xui64>"
        to = f"tensor<{'x'.join(map(str, shape))}x{e}>" if shape else f"tensor<{e}>"
        body = [f"%0:2 = \"stablehlo.rng_bit_generator\"(%s) {{rng_algorithm = #stablehlo<rng_algorithm {alg}>}} "
                f": ({ts}) -> ({ts}, {to})"]
        ret_t = ts if which == 0 else to
        return _func([("s", ts)], ret_t, body, f"%0#{which}"), [state]

    for alg, nstates in (("THREE_FRY", (2,)), ("PHILOX", (2, 3)), ("DEFAULT", (2,))):
        for nstate in nstates:
            for shape in ((), (1,), (7,), (4, 5), (2, 3, 9)):
                for which in (0, 1):
                    ops.append(Op(f"rng_bit_generator_{alg}_s{nstate}_{'x'.join(map(str, shape)) or 'scalar'}_{which}",
                                  0, s.INTEGER + ("float",), build=rng_case, stablehlo="rng_bit_generator",
                                  types=("ui8", "ui16", "ui32", "ui64", "i32", "i64", "f32"),
                                  extra={"alg": alg, "state": nstate, "shape": shape, "which": which,
                                         "bits": True}))
    ops.append(Op("rng_bit_generator_zero_state", 0, s.INTEGER, build=rng_case, stablehlo="rng_bit_generator",
                  types=("ui32", "ui64"), extra={"alg": "THREE_FRY", "state": 2, "shape": (16,), "which": 1,
                                                 "zero": True}))

    # ------------------------------------------------------------------ linear algebra

    def _hpd(e: str, b: int, n: int) -> np.ndarray:
        m = rng.standard_normal((b, n, n))
        if kind(e) == "complex":
            m = m + 1j * rng.standard_normal((b, n, n))
        return (m @ np.conj(np.swapaxes(m, -1, -2)) + n * np.eye(n)).astype(numpy_dtype(e))

    def _triangle_mask(body: list, src: str, t: str, b: int, n: int, lower: bool, e: str) -> None:
        """%0 = src with the other triangle zeroed (the spec leaves it to the implementation)."""
        ti = f"tensor<{b}x{n}x{n}xi32>"
        body += [f"%ri = \"stablehlo.iota\"() {{iota_dimension = 1 : i64}} : () -> {ti}",
                 f"%ci = \"stablehlo.iota\"() {{iota_dimension = 2 : i64}} : () -> {ti}",
                 f"%m = \"stablehlo.compare\"(%ri, %ci) {{comparison_direction = #stablehlo<comparison_direction "
                 f"{'GE' if lower else 'LE'}>}} : ({ti}, {ti}) -> tensor<{b}x{n}x{n}xi1>",
                 f"%zs = stablehlo.constant dense<{'(0.0, 0.0)' if kind(e) == 'complex' else '0.0'}> : tensor<{e}>",
                 f"%z = \"stablehlo.broadcast_in_dim\"(%zs) {{broadcast_dimensions = array<i64>}} : "
                 f"(tensor<{e}>) -> {t}",
                 f"%0 = \"stablehlo.select\"(%m, {src}, %z) : (tensor<{b}x{n}x{n}xi1>, {t}, {t}) -> {t}"]

    def cholesky_case(op, e):
        b, n, lower = 3, op.extra["n"], op.extra["lower"]
        t = f"tensor<{b}x{n}x{n}x{e}>"
        body = [f"%c = \"stablehlo.cholesky\"(%a) {{lower = {str(lower).lower()}}} : ({t}) -> {t}"]
        _triangle_mask(body, "%c", t, b, n, lower, e)
        return _func([("a", t)], t, body), [_hpd(e, b, n)]

    for n in (1, 2, 5, 9):
        for lower in (True, False):
            ops.append(Op(f"cholesky_{n}_{'lower' if lower else 'upper'}", 0, ("float", "complex"),
                          build=cholesky_case, stablehlo="cholesky", rtol=1e-5,
                          types=("f32", "f64", "complex<f32>", "complex<f64>"), extra={"n": n, "lower": lower}))

    def trsm_case(op, e):
        left, lower, unit, tr = op.extra["flags"]
        b, n, k = 2, 4, 3
        dt = numpy_dtype(e)
        a = rng.standard_normal((b, n, n)) + 4 * np.eye(n)
        if kind(e) == "complex":
            a = a + 1j * rng.standard_normal((b, n, n))
        if unit:      # the diagonal is not read: a value that would change the result if it were
            a = a + 100 * np.eye(n)
        bshape = (b, n, k) if left else (b, k, n)
        rhs = rng.standard_normal(bshape)
        if kind(e) == "complex":
            rhs = rhs + 1j * rng.standard_normal(bshape)
        ta, tb = f"tensor<{b}x{n}x{n}x{e}>", f"tensor<{'x'.join(map(str, bshape))}x{e}>"
        body = [f"%0 = \"stablehlo.triangular_solve\"(%a, %b) {{left_side = {str(left).lower()}, lower = "
                f"{str(lower).lower()}, unit_diagonal = {str(unit).lower()}, transpose_a = #stablehlo<transpose {tr}>}}"
                f" : ({ta}, {tb}) -> {tb}"]
        return _func([("a", ta), ("b", tb)], tb, body), [a.astype(dt), rhs.astype(dt)]

    for left in (True, False):
        for lower in (True, False):
            for unit in (True, False):
                for tr in ("NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"):
                    ops.append(Op(f"triangular_solve_{'L' if left else 'R'}{'lo' if lower else 'up'}"
                                  f"{'_unit' if unit else ''}_{tr}", 0, ("float", "complex"), build=trsm_case,
                                  stablehlo="triangular_solve", rtol=1e-5,
                                  types=("f32", "f64", "complex<f32>", "complex<f64>"),
                                  extra={"flags": (left, lower, unit, tr)}))

    # ------------------------------------------------------------------ select_and_scatter

    def sas_case(op, e):
        """GE (or LE) select over windows of 3, stride 2, padding 1 (overlapping windows, ties),
        add scatter of the source into an init of 1."""
        w, st, pad = op.extra["window"], op.extra["stride"], op.extra["pad"]
        rows, cols = 6, 11
        if kind(e) == "float" and op.extra.get("ties"):
            x = rng.integers(-2, 3, (rows, cols)).astype(numpy_dtype(e))
        else:
            x = rows_of(e, rows, cols)
        out_w = (cols + 2 * pad - w) // st + 1
        src = rng.integers(1, 5, (rows, out_w)).astype(numpy_dtype(e))
        init = np.ones((), numpy_dtype(e))
        t, ts, t0 = f"tensor<{rows}x{cols}x{e}>", f"tensor<{rows}x{out_w}x{e}>", f"tensor<{e}>"
        ctype = ", compare_type = #stablehlo<comparison_type TOTALORDER>" if op.extra.get("total") else ""
        sel = region(s._scalar_op("compare", e, attrs=f"comparison_direction = #stablehlo<comparison_direction "
                                               f"{op.extra['dir']}>{ctype}", out="tensor<i1>")
                     + "    \"stablehlo.return\"(%r) : (tensor<i1>) -> ()\n", e)
        scat = s._body_region("or" if kind(e) == "bool" else "add", e)
        attrs = (f"window_dimensions = array<i64: 1, {w}>, window_strides = array<i64: 1, {st}>, "
                 f"padding = dense<[[0, 0], [{pad}, {pad}]]> : tensor<2x2xi64>")
        body = [f"%0 = \"stablehlo.select_and_scatter\"(%x, %s, %i) ({sel[1:-1]}, {scat[1:-1]}) {{{attrs}}} : "
                f"({t}, {ts}, {t0}) -> {t}"]
        return _func([("x", t), ("s", ts), ("i", t0)], t, body), [x, src, init]

    for d in ("GE", "LE"):
        for w, st, pad in ((3, 2, 1), (2, 2, 0), (3, 1, 0), (4, 3, 2)):
            ops.append(Op(f"select_and_scatter_{d}_w{w}s{st}p{pad}", 0, ("bool",) + s.NUM[:-1], build=sas_case,
                          stablehlo="select_and_scatter", ulps=4,
                          extra={"dir": d, "window": w, "stride": st, "pad": pad}))
        ops.append(Op(f"select_and_scatter_{d}_ties", 0, ("float",), build=sas_case, stablehlo="select_and_scatter",
                      ulps=4, extra={"dir": d, "window": 3, "stride": 2, "pad": 1, "ties": True}))
        ops.append(Op(f"select_and_scatter_{d}_totalorder", 0, ("float",), build=sas_case,
                      stablehlo="select_and_scatter", ulps=4,
                      extra={"dir": d, "window": 3, "stride": 2, "pad": 1, "total": True}))

    # ------------------------------------------------------------------ batch norm

    def bn_case(op, e):
        form, which, fi = op.extra["form"], op.extra["which"], op.extra["feature"]
        shape = (4, 3, 5)
        c = shape[fi]
        dt = numpy_dtype(e)
        x = (rng.standard_normal(shape) * 3 + 1).astype(dt)
        scale, offset = rng.standard_normal(c).astype(dt), rng.standard_normal(c).astype(dt)
        mean, var = rng.standard_normal(c).astype(dt), rng.uniform(0.1, 2, c).astype(dt)
        tx, tc = f"tensor<4x3x5x{e}>", f"tensor<{c}x{e}>"
        attrs = f"{{epsilon = 1.000000e-03 : f32, feature_index = {fi} : i64}}"
        if form == "inference":
            body = [f"%0 = \"stablehlo.batch_norm_inference\"(%x, %s, %o, %m, %v) {attrs} : "
                    f"({tx}, {tc}, {tc}, {tc}, {tc}) -> {tx}"]
            return _func([("x", tx), ("s", tc), ("o", tc), ("m", tc), ("v", tc)], tx, body), \
                [x, scale, offset, mean, var]
        if form == "training":
            body = [f"%0:3 = \"stablehlo.batch_norm_training\"(%x, %s, %o) {attrs} : ({tx}, {tc}, {tc}) -> "
                    f"({tx}, {tc}, {tc})"]
            return _func([("x", tx), ("s", tc), ("o", tc)], tx if which == 0 else tc, body, f"%0#{which}"), \
                [x, scale, offset]
        g = rng.standard_normal(shape).astype(dt)
        body = [f"%0:3 = \"stablehlo.batch_norm_grad\"(%x, %s, %m, %v, %g) {attrs} : ({tx}, {tc}, {tc}, {tc}, {tx}) "
                f"-> ({tx}, {tc}, {tc})"]
        return _func([("x", tx), ("s", tc), ("m", tc), ("v", tc), ("g", tx)], tx if which == 0 else tc, body,
                     f"%0#{which}"), [x, scale, mean, var, g]

    for form, n in (("inference", 1), ("training", 3), ("grad", 3)):
        for which in range(n):
            for fi in (0, 1, 2):
                ops.append(Op(f"batch_norm_{form}_{which}_f{fi}", 0, ("float",), build=bn_case,
                              stablehlo=f"batch_norm_{form}", rtol=1e-5,
                              types=("f32", "f64"), extra={"form": form, "which": which, "feature": fi}))
                ops.append(Op(f"batch_norm_{form}_{which}_f{fi}_half", 0, ("float",), build=bn_case,
                              stablehlo=f"batch_norm_{form}", rtol=2e-2,
                              types=("f16", "bf16"), extra={"form": form, "which": which, "feature": fi}))

    # ------------------------------------------------------------------ indexing with every index type

    def dyn_case(op, e):
        """dynamic_slice / dynamic_update_slice of a 5x7 operand, 2x3 window, starts of the
        index type from the input (negative, past the end, the type's extremes), one op per pair."""
        it = op.extra["index"]
        x = rows_of(e, 5, 7)
        u = rows_of(e, 2, 3)
        idt = numpy_dtype(it)
        info = np.iinfo(idt)
        cand = sorted({0, 1, 2, 3, 4, 5, 6, 7, 100, -1, -3, -100, int(info.max), int(info.min)})
        cand = [c for c in cand if info.min <= c <= info.max]
        pairs = [(a, b) for a in cand for b in cand][:40]
        starts = np.array(pairs, dtype=idt)
        tx, tu, tn = f"tensor<5x7x{e}>", f"tensor<2x3x{e}>", f"tensor<{len(pairs)}x2x{it}>"
        body, pieces = [], []
        for j in range(len(pairs)):
            for d in (0, 1):
                body.append(f"%s{j}_{d} = \"stablehlo.slice\"(%i) {{start_indices = array<i64: {j}, {d}>, "
                            f"limit_indices = array<i64: {j + 1}, {d + 1}>, strides = array<i64: 1, 1>}} : "
                            f"({tn}) -> tensor<1x1x{it}>")
                body.append(f"%k{j}_{d} = \"stablehlo.reshape\"(%s{j}_{d}) : (tensor<1x1x{it}>) -> tensor<{it}>")
            if op.extra["op"] == "dynamic_slice":
                body.append(f"%d{j} = \"stablehlo.dynamic_slice\"(%x, %k{j}_0, %k{j}_1) {{slice_sizes = "
                            f"array<i64: 2, 3>}} : ({tx}, tensor<{it}>, tensor<{it}>) -> {tu}")
                body.append(f"%r{j} = \"stablehlo.reshape\"(%d{j}) : ({tu}) -> tensor<1x6x{e}>")
                pieces.append((f"%r{j}", f"tensor<1x6x{e}>"))
            else:
                body.append(f"%d{j} = \"stablehlo.dynamic_update_slice\"(%x, %u, %k{j}_0, %k{j}_1) : "
                            f"({tx}, {tu}, tensor<{it}>, tensor<{it}>) -> {tx}")
                body.append(f"%r{j} = \"stablehlo.reshape\"(%d{j}) : ({tx}) -> tensor<1x35x{e}>")
                pieces.append((f"%r{j}", f"tensor<1x35x{e}>"))
        w = 6 if op.extra["op"] == "dynamic_slice" else 35
        tr = f"tensor<{len(pairs)}x{w}x{e}>"
        body.append(f"%0 = \"stablehlo.concatenate\"({', '.join(p for p, _ in pieces)}) {{dimension = 0 : i64}} : "
                    f"({', '.join(t for _, t in pieces)}) -> {tr}")
        return _func([("x", tx), ("u", tu), ("i", tn)], tr, body), [x, u, starts]

    for o in ("dynamic_slice", "dynamic_update_slice"):
        for it in ("i8", "ui8", "i16", "i32", "ui32", "i64", "ui64"):
            ops.append(Op(f"{o}_2d_{it}", 0, ALL, build=dyn_case, stablehlo=o,
                          types=("i1", "i8", "ui64", "bf16", "f32", "complex<f32>"), extra={"op": o, "index": it}))

    # ------------------------------------------------------------------ pad

    def pad_case(op, e):
        lo, hi, interior = op.extra["cfg"]
        x = rows_of(e, 4, 6)
        v = specials(e)[-1:].reshape(()).copy()
        shape = [(n - 1) * (i + 1) + 1 + a + b for n, a, b, i in zip((4, 6), lo, hi, interior)]
        tx, to = f"tensor<4x6x{e}>", f"tensor<{shape[0]}x{shape[1]}x{e}>"
        body = [f"%0 = \"stablehlo.pad\"(%x, %v) {{edge_padding_low = array<i64: {lo[0]}, {lo[1]}>, "
                f"edge_padding_high = array<i64: {hi[0]}, {hi[1]}>, interior_padding = array<i64: {interior[0]}, "
                f"{interior[1]}>}} : ({tx}, tensor<{e}>) -> {to}"]
        return _func([("x", tx), ("v", f"tensor<{e}>")], to, body), [x, v]

    for name, cfg in (("neg", ((-1, -2), (-2, 1), (0, 0))), ("interior", ((1, 0), (0, 2), (1, 2))),
                      ("neg_interior", ((-2, -3), (-1, -4), (2, 1))), ("neg_past_interior", ((-1, -5), (0, -4), (1, 3))),
                      ("all_cut", ((-2, 0), (-2, -6), (0, 0)))):
        ops.append(Op(f"pad_{name}", 0, ALL, build=pad_case, stablehlo="pad", extra={"cfg": cfg}))

    # ------------------------------------------------------------------ data movement on every type

    def iota_case(op, e):
        n, dim = op.extra["n"], op.extra["dim"]
        shape = (n, 3) if dim == 0 else (3, n)
        t = f"tensor<{shape[0]}x{shape[1]}x{e}>"
        body = [f"%0 = \"stablehlo.iota\"() {{iota_dimension = {dim} : i64}} : () -> {t}"]
        return _func([], t, body), []

    for n, dim in ((5, 0), (300, 1), (70000, 0)):
        ops.append(Op(f"iota_{n}", 0, ALL, build=iota_case, stablehlo="iota", narrow=True,
                      extra={"n": n, "dim": dim}))

    def movement_case(op, e):
        x = rows_of(e, 6, 4).reshape(2, 3, 4)
        y = rows_of(e, 2, 4).reshape(2, 1, 4)
        tx, ty = f"tensor<2x3x4x{e}>", f"tensor<2x1x4x{e}>"
        w = op.extra["what"]
        if w == "broadcast_in_dim":
            to = f"tensor<4x2x5x3x{e}>"
            body = [f"%0 = \"stablehlo.broadcast_in_dim\"(%x) {{broadcast_dimensions = array<i64: 1, 3, 0>}} : "
                    f"({tx}) -> {to}"]
        elif w == "broadcast_unit":
            to = f"tensor<2x7x4x{e}>"
            body = [f"%0 = \"stablehlo.broadcast_in_dim\"(%y) {{broadcast_dimensions = array<i64: 0, 1, 2>}} : "
                    f"({ty}) -> {to}"]
        elif w == "transpose":
            to = f"tensor<4x2x3x{e}>"
            body = [f"%0 = \"stablehlo.transpose\"(%x) {{permutation = array<i64: 2, 0, 1>}} : ({tx}) -> {to}"]
        elif w == "reverse":
            to = tx
            body = [f"%0 = \"stablehlo.reverse\"(%x) {{dimensions = array<i64: 0, 2>}} : ({tx}) -> {to}"]
        else:
            to = f"tensor<2x5x4x{e}>"
            body = [f"%0 = \"stablehlo.concatenate\"(%y, %x, %y) {{dimension = 1 : i64}} : ({ty}, {tx}, {ty}) -> {to}"]
        return _func([("x", tx), ("y", ty)], to, body), [x, y]

    for w in ("broadcast_in_dim", "broadcast_unit", "transpose", "reverse", "concatenate"):
        # not f6: XLA CPU aborts the process compiling a concatenate of them (llvm_util "unsupported type")
        ops.append(Op(w if w != "broadcast_unit" else "broadcast_in_dim_unit", 0, ALL, build=movement_case,
                      stablehlo=w if w != "broadcast_unit" else "broadcast_in_dim", narrow=True,
                      types=tuple(t for t in s.TYPES if not t.startswith("f6")), extra={"what": w}))

    # ------------------------------------------------------------------ clamp with NaN / inverted bounds

    def clamp_case(op, e):
        sp = specials(e)
        lo_hi = [(a, b) for a in sp[:: max(1, len(sp) // 10)] for b in sp[:: max(1, len(sp) // 10)]]
        lo = np.array([a for a, _ in lo_hi], sp.dtype)
        hi = np.array([b for _, b in lo_hi], sp.dtype)
        x = sp[rng.integers(0, len(sp), len(lo))]
        n = len(lo)
        t = f"tensor<{n}x{e}>"
        if op.extra.get("scalar_bounds"):
            body = [f"%0 = \"stablehlo.clamp\"(%l, %x, %h) : (tensor<{e}>, {t}, tensor<{e}>) -> {t}"]
            return _func([("l", f"tensor<{e}>"), ("x", t), ("h", f"tensor<{e}>")], t, body), \
                [lo[1].reshape(()).copy(), x, hi[-1].reshape(()).copy()]
        body = [f"%0 = \"stablehlo.clamp\"(%l, %x, %h) : ({t}, {t}, {t}) -> {t}"]
        return _func([("l", t), ("x", t), ("h", t)], t, body), [lo, x, hi]

    ops.append(Op("clamp_bounds", 0, ("bool",) + s.NUM[:-1], build=clamp_case, stablehlo="clamp"))
    ops.append(Op("clamp_scalar_bounds", 0, ("bool",) + s.NUM[:-1], build=clamp_case, stablehlo="clamp",
                  extra={"scalar_bounds": True}))

    # reduce_precision of a rank-0 operand (issue 11: came back with shape (1,))
    def rp0_case(op, e):
        t = f"tensor<{e}>"
        body = [f"%0 = \"stablehlo.reduce_precision\"(%x) {{exponent_bits = 5 : i32, mantissa_bits = 2 : i32}} : "
                f"({t}) -> {t}"]
        return _func([("x", t)], t, body), [np.array(1.2345, numpy_dtype(e))]

    ops.append(Op("reduce_precision_rank0", 0, ("float",), build=rp0_case, stablehlo="reduce_precision"))

    # ------------------------------------------------------------------ collectives on one device

    def coll_case(op, e):
        x = rows_of(e, 4, 6)
        t = f"tensor<4x6x{e}>"
        groups = op.extra.get("groups", "dense<0> : tensor<1x1xi64>")
        w = op.extra["what"]
        red = s._body_region("or" if kind(e) == "bool" else "add", e)
        if w == "all_reduce":
            body = [f"%0 = \"stablehlo.all_reduce\"(%x) {red} {{replica_groups = {groups}}} : ({t}) -> {t}"]
        elif w == "all_gather":
            body = [f"%0 = \"stablehlo.all_gather\"(%x) {{all_gather_dim = 1 : i64, replica_groups = {groups}}} : "
                    f"({t}) -> {t}"]
        elif w == "reduce_scatter":
            body = [f"%0 = \"stablehlo.reduce_scatter\"(%x) {red} {{scatter_dimension = 0 : i64, "
                    f"replica_groups = {groups}}} : ({t}) -> {t}"]
        elif w == "all_to_all":
            body = [f"%0 = \"stablehlo.all_to_all\"(%x) {{split_dimension = 1 : i64, concat_dimension = 0 : i64, "
                    f"split_count = 1 : i64, replica_groups = {groups}}} : ({t}) -> {t}"]
        elif w == "collective_permute":
            body = [f"%0 = \"stablehlo.collective_permute\"(%x) {{source_target_pairs = dense<0> : tensor<1x2xi64>}}"
                    f" : ({t}) -> {t}"]
        elif w == "collective_permute_none":
            body = [f"%0 = \"stablehlo.collective_permute\"(%x) {{source_target_pairs = dense<> : tensor<0x2xi64>}}"
                    f" : ({t}) -> {t}"]
        else:
            body = [f"%0 = \"stablehlo.collective_broadcast\"(%x) {{replica_groups = {groups}}} : ({t}) -> {t}"]
        return _func([("x", t)], t, body), [x]

    for w in ("all_reduce", "all_gather", "reduce_scatter", "all_to_all", "collective_permute",
              "collective_permute_none", "collective_broadcast"):
        ops.append(Op(w, 0, ALL, build=coll_case, stablehlo=w.replace("_none", ""), ulps=0,
                      types=("i1", "i8", "ui32", "i64", "f16", "bf16", "f32", "f64", "complex<f32>"),
                      extra={"what": w}))
    ops.append(Op("all_reduce_empty_groups", 0, ALL, build=coll_case, stablehlo="all_reduce",
                  types=("i32", "f32"), extra={"what": "all_reduce", "groups": "dense<> : tensor<0x0xi64>"}))

    def ids_case(op, e):
        body = [f"%0 = \"stablehlo.{op.extra['what']}\"() : () -> tensor<ui32>"]
        return _func([], "tensor<ui32>", body), []

    for w in ("replica_id", "partition_id"):
        ops.append(Op(w, 0, ("unsigned",), build=ids_case, types=("ui32",), extra={"what": w}))
    # ------------------------------------------------------------------ convolution / window forms

    def _small_ints(e, shape):
        with np.errstate(all="ignore"):
            if kind(e) == "complex":
                return (rng.integers(-6, 7, shape) + 1j * rng.integers(-6, 7, shape)).astype(numpy_dtype(e))
            if kind(e) == "unsigned":
                return rng.integers(0, 7, shape).astype(numpy_dtype(e))
            return rng.integers(-6, 7, shape).astype(numpy_dtype(e))

    def conv2_case(op, e):
        """2-D convolutions in NCHW x OIHW with groups, dilations, reversal, negative padding."""
        c = op.extra
        n, ci, co, h, w = c.get("n", 2), 4, 4, 7, 6
        fg, bg = c.get("fg", 1), c.get("bg", 1)
        kh, kw = 3, 2
        lhs = _small_ints(e, (n * bg, ci, h, w))
        rhs = _small_ints(e, (co, ci // fg, kh, kw))
        st, pad, ld, rd = c.get("stride", (1, 1)), c.get("pad", ((0, 0), (0, 0))), c.get("lhs", (1, 1)), \
            c.get("rhs", (1, 1))
        rev = c.get("rev", (False, False))
        out = _window_out((h, w), (kh, kw), st, pad, ld, rd)
        tl = f"tensor<{n * bg}x{ci}x{h}x{w}x{e}>"
        tr = f"tensor<{co}x{ci // fg}x{kh}x{kw}x{e}>"
        to = f"tensor<{n}x{co}x{out[0]}x{out[1]}x{e}>"
        revs = ", ".join("true" if r else "false" for r in rev)
        attrs = (f"dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, "
                 f"window_strides = array<i64: {st[0]}, {st[1]}>, "
                 f"padding = dense<[[{pad[0][0]}, {pad[0][1]}], [{pad[1][0]}, {pad[1][1]}]]> : tensor<2x2xi64>, "
                 f"lhs_dilation = array<i64: {ld[0]}, {ld[1]}>, rhs_dilation = array<i64: {rd[0]}, {rd[1]}>, "
                 f"window_reversal = array<i1: {revs}>, "
                 f"feature_group_count = {fg} : i64, batch_group_count = {bg} : i64")
        body = [f"%0 = \"stablehlo.convolution\"(%a, %b) {{{attrs}}} : ({tl}, {tr}) -> {to}"]
        return _func([("a", tl), ("b", tr)], to, body), [lhs, rhs]

    for name, cfg in (("groups", {"fg": 2}), ("groups4", {"fg": 4}), ("batch_groups", {"bg": 2}),
                      ("batch_groups4", {"bg": 4}),
                      ("lhs_dilation", {"lhs": (2, 3), "pad": ((1, 2), (2, 0))}),
                      ("rhs_dilation", {"rhs": (2, 2), "stride": (2, 1)}),
                      ("reversal", {"rev": (True, False), "pad": ((1, 1), (0, 1))}),
                      ("negative_padding", {"pad": ((-1, 1), (1, -2)), "stride": (1, 2)}),
                      ("everything", {"fg": 2, "lhs": (2, 1), "rhs": (1, 2), "rev": (False, True),
                                      "pad": ((2, -1), (0, 3)), "stride": (3, 2)})):
        ops.append(Op(f"convolution_{name}", 0, s.NUM, build=conv2_case, stablehlo="convolution",
                      types=("i8", "ui16", "i32", "f16", "bf16", "f32", "f64", "complex<f32>"), extra=cfg))

    def rw2_case(op, e):
        """2-D reduce_window with strides, base and window dilations and padding."""
        c = op.extra
        body_op, init = s.REDUCERS[c["reducer"]]
        h, w = 7, 9
        x = rows_of(e, h, w) if not c.get("ints") else _small_ints(e, (h, w))
        wd, st, bd, wdil, pad = c["win"], c.get("stride", (1, 1)), c.get("base", (1, 1)), c.get("wdil", (1, 1)), \
            c.get("pad", ((0, 0), (0, 0)))
        out = _window_out((h, w), wd, st, pad, bd, wdil)
        t_in, t_out, t = f"tensor<{h}x{w}x{e}>", f"tensor<{out[0]}x{out[1]}x{e}>", f"tensor<{e}>"
        reg = s._body_region(body_op, e)
        attrs = (f"window_dimensions = array<i64: {wd[0]}, {wd[1]}>, window_strides = array<i64: {st[0]}, {st[1]}>, "
                 f"base_dilations = array<i64: {bd[0]}, {bd[1]}>, window_dilations = array<i64: {wdil[0]}, {wdil[1]}>, "
                 f"padding = dense<[[{pad[0][0]}, {pad[0][1]}], [{pad[1][0]}, {pad[1][1]}]]> : tensor<2x2xi64>")
        body = [f"%0 = \"stablehlo.reduce_window\"(%a, %i) {reg} {{{attrs}}} : ({t_in}, {t}) -> {t_out}"]
        return _func([("a", t_in), ("i", t)], t_out, body), [x, np.asarray(init(e)).astype(numpy_dtype(e))]

    for red in ("add", "maximum", "minimum"):
        for name, cfg in (("strided", {"win": (2, 3), "stride": (2, 2)}),
                          ("base_dilated", {"win": (2, 2), "base": (2, 3), "pad": ((1, 0), (0, 2))}),
                          ("window_dilated", {"win": (2, 3), "wdil": (3, 2), "stride": (1, 2)}),
                          ("negative_padding", {"win": (2, 2), "pad": ((-1, 2), (1, -3))}),
                          ("everything", {"win": (3, 2), "stride": (2, 3), "base": (2, 1), "wdil": (1, 2),
                                          "pad": ((2, 1), (-1, 3))})):
            ops.append(Op(f"reduce_window_{red}_{name}", 0, ("bool",) + s.NUM if red != "add" else s.NUM,
                          build=rw2_case, stablehlo="reduce_window", ulps=4 if red == "add" else 0,
                          types=("i1", "i8", "ui32", "i64", "f16", "bf16", "f32", "f64") if red != "add" else
                          ("i8", "ui32", "i64", "f16", "bf16", "f32", "f64", "complex<f32>"),
                          extra={"reducer": red, **cfg}))

    def argmax_case(op, e):
        """A variadic reduce (value, index) as jnp.argmax writes it: max by GT with NaN first,
        ties to the lower index; the result compared is the index."""
        x = rows_of(e, 48, 8)
        if op.extra.get("ties"):
            x = _small_ints(e, (48, 8)) if kind(e) != "float" else rng.integers(-2, 3, (48, 8)).astype(numpy_dtype(e))
        idx = np.broadcast_to(np.arange(8, dtype=np.int32), x.shape).copy()
        t_in, t_i, t, ti = f"tensor<48x8x{e}>", "tensor<48x8xi32>", f"tensor<{e}>", "tensor<i32>"
        d = op.extra["dir"]
        fl = kind(e) == "float"
        lines = [f"    %gt = \"stablehlo.compare\"(%a0, %b0) {{comparison_direction = #stablehlo<comparison_direction {d}>}}"
                 f" : ({t}, {t}) -> tensor<i1>"]
        if fl:
            lines.append(f"    %nan = \"stablehlo.compare\"(%a0, %a0) {{comparison_direction = #stablehlo<comparison_direction NE>}}"
                         f" : ({t}, {t}) -> tensor<i1>")
            lines.append("    %pick0 = \"stablehlo.or\"(%gt, %nan) : (tensor<i1>, tensor<i1>) -> tensor<i1>")
        else:
            lines.append("    %pick0 = \"stablehlo.or\"(%gt, %gt) : (tensor<i1>, tensor<i1>) -> tensor<i1>")
        lines += [f"    %eq = \"stablehlo.compare\"(%a0, %b0) {{comparison_direction = #stablehlo<comparison_direction EQ>}}"
                  f" : ({t}, {t}) -> tensor<i1>",
                  f"    %lt = \"stablehlo.compare\"(%a1, %b1) {{comparison_direction = #stablehlo<comparison_direction LT>}}"
                  f" : ({ti}, {ti}) -> tensor<i1>",
                  "    %tie = \"stablehlo.and\"(%eq, %lt) : (tensor<i1>, tensor<i1>) -> tensor<i1>",
                  "    %pick = \"stablehlo.or\"(%pick0, %tie) : (tensor<i1>, tensor<i1>) -> tensor<i1>",
                  f"    %v = \"stablehlo.select\"(%pick, %a0, %b0) : (tensor<i1>, {t}, {t}) -> {t}",
                  f"    %j = \"stablehlo.select\"(%pick, %a1, %b1) : (tensor<i1>, {ti}, {ti}) -> {ti}",
                  f"    \"stablehlo.return\"(%v, %j) : ({t}, {ti}) -> ()"]
        reg = (f"({{\n  ^bb0(%a0: {t}, %a1: {ti}, %b0: {t}, %b1: {ti}):\n" + "\n".join(lines) + "\n  })")
        body = [f"%0:2 = \"stablehlo.reduce\"(%x, %i, %v0, %i0) {reg} {{dimensions = array<i64: 1>}} : "
                f"({t_in}, {t_i}, {t}, {ti}) -> (tensor<48x{e}>, tensor<48xi32>)"]
        init = s._extreme(e, d == "LT")
        return _func([("x", t_in), ("i", t_i), ("v0", t), ("i0", ti)], "tensor<48xi32>", body, "%0#1"), \
            [x, idx, np.asarray(init).astype(numpy_dtype(e)), np.array(0, np.int32)]

    for d in ("GT", "LT"):
        for ties in (False, True):
            ops.append(Op(f"reduce_arg{'max' if d == 'GT' else 'min'}{'_ties' if ties else ''}", 0,
                          ("bool",) + s.NUM[:-1], build=argmax_case, stablehlo="reduce", extra={"dir": d, "ties": ties}))

    del randoms
    return ops
