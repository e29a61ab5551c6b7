"""LAPACK's ?laed4 (with ?laed5 for two poles and ?laed6 for three) as a lax body: every root of
the secular equation 1 / rho + sum_(l < k) z_l^2 / (d_l - x) = 0 at once, in ?laed4's own
arithmetic, so that ?stedc's deltas are LAPACK's bits.

Each root j runs ?laed4's iteration on its own column of `delta` (delta[l, j] = d_l - x_j); the
roots step together in one while loop, a root stopping when ?laed4's test |w| <= eps erretm
holds (or after its MAXIT = 30). ?laed4's sums are sequential in LAPACK (psi forwards over the
poles below the origin, phi backwards over those above), so they are fori loops over the poles,
each step adding one pole's term to every root's sum (or nothing where the pole is not in it).
The branches of ?laed4 (the last root j = k - 1, the origin at d_j or d_j+1, the switches
between two- and three-pole interpolation) are per-root selections.

?laed6 (three-pole interpolation) runs inside a step for the roots that use it. Its stopping
test is taken as |f| <= 4 eps erretm: the OpenBLAS build that jaxlib calls (scipy-openblas
0.3.30) stops there on every one of 457 calls measured (|f| / (eps erretm) at its stop <= 3.94,
at iterates it continues from >= 4.56), where the Fortran text says eps erretm.
"""
from __future__ import annotations

MAXIT = 30          # ?laed4's
MAXIT6 = 40         # ?laed6's


def _col(m, rows):
    """m[rows[j], j] for every column j (rows clipped into range)."""
    import jax.numpy as jnp
    n = m.shape[0]
    return jnp.take_along_axis(m, jnp.clip(rows, 0, n - 1)[None, :], axis=0)[0]


def _at(v, idx):
    import jax.numpy as jnp
    return jnp.take(v, idx, mode="clip")


def laed5(d, z, rho):
    """?laed5 for both roots of the two-pole problem (d[0] < d[1]): (roots (2,), vectors (2, 2)
    with column j the normalized vector of root j, as ?laed4 returns it in DELTA)."""
    import jax.numpy as jnp
    dt = d.dtype
    two, four = jnp.asarray(2, dt), jnp.asarray(4, dt)
    d1, d2, z1, z2 = d[0], d[1], z[0], z[1]
    dl = d2 - d1
    zsq = z1 * z1 + z2 * z2
    # root 1
    w = 1 + two * rho * (z2 * z2 - z1 * z1) / dl
    b_lo = dl + rho * zsq
    c_lo = rho * z1 * z1 * dl
    tau_lo = two * c_lo / (b_lo + jnp.sqrt(jnp.abs(b_lo * b_lo - four * c_lo)))
    b_hi = -dl + rho * zsq
    c_hi = rho * z2 * z2 * dl
    sq_hi = jnp.sqrt(b_hi * b_hi + four * c_hi)
    tau_hi = jnp.where(b_hi > 0, -(two * c_hi / (b_hi + sq_hi)), (b_hi - sq_hi) / two)
    pos = w > 0
    lam1 = jnp.where(pos, d1 + tau_lo, d2 + tau_hi)
    v1 = jnp.where(pos, -z1 / tau_lo, -z1 / (dl + tau_hi))
    v2 = jnp.where(pos, z2 / (dl - tau_lo), -z2 / tau_hi)
    t = jnp.sqrt(v1 * v1 + v2 * v2)
    col1 = jnp.stack([v1 / t, v2 / t])
    # root 2
    tau2 = jnp.where(b_hi > 0, (b_hi + sq_hi) / two, two * c_hi / (-b_hi + sq_hi))
    u1, u2 = -z1 / (dl + tau2), -z2 / tau2
    t2 = jnp.sqrt(u1 * u1 + u2 * u2)
    col2 = jnp.stack([u1 / t2, u2 / t2])
    return jnp.stack([lam1, d2 + tau2]), jnp.stack([col1, col2], axis=1)


def _laed6(first, orgati, rho, d3, z3, finit, active):
    """?laed6 for every root where `active`: the step tau (vectors of roots; d3, z3 are (3, m))."""
    import jax.numpy as jnp
    from jax import lax
    dt = finit.dtype
    zero = jnp.zeros((), dt)
    two, four, eight = (jnp.asarray(x, dt) for x in (2, 4, 8))
    eps = jnp.asarray(jnp.finfo(dt).eps / 2, dt)
    d1, d2, dd3 = d3[0], d3[1], d3[2]
    lbd = jnp.where(orgati, d2, d1)
    ubd = jnp.where(orgati, dd3, d2)
    lbd = jnp.where(finit < 0, zero, lbd)
    ubd = jnp.where(finit < 0, ubd, zero)
    # the first step's initial guess (KNITER = 2)
    tmp_o = (dd3 - d2) / two
    c_o = rho + z3[0] / ((d1 - d2) - tmp_o)
    a_o = c_o * (d2 + dd3) + z3[1] + z3[2]
    b_o = c_o * d2 * dd3 + z3[1] * dd3 + z3[2] * d2
    tmp_n = (d1 - d2) / two
    c_n = rho + z3[2] / ((dd3 - d2) - tmp_n)
    a_n = c_n * (d1 + d2) + z3[0] + z3[1]
    b_n = c_n * d1 * d2 + z3[0] * d2 + z3[1] * d1
    a = jnp.where(orgati, a_o, a_n)
    b = jnp.where(orgati, b_o, b_n)
    c = jnp.where(orgati, c_o, c_n)
    tau = _quad(a, b, c, two, four)
    tau = jnp.where((tau < lbd) | (tau > ubd), (lbd + ubd) / two, tau)
    hit = (d1 == tau) | (d2 == tau) | (dd3 == tau)
    temp = (finit + tau * z3[0] / (d1 * (d1 - tau)) + tau * z3[1] / (d2 * (d2 - tau))
            + tau * z3[2] / (dd3 * (dd3 - tau)))
    lbd = jnp.where(first & ~hit & (temp <= 0), tau, lbd)
    ubd = jnp.where(first & ~hit & ~(temp <= 0), tau, ubd)
    tau = jnp.where(first & ~hit & ~(jnp.abs(finit) <= jnp.abs(temp)), tau, zero)
    # scaling when a pole is within SMALL1 of tau (?laed6's 1 / temp^3 overflow guard)
    small1 = jnp.asarray(2.0 ** (-42 if dt == jnp.float32 else -340), dt)
    small2 = small1 * small1
    near = jnp.minimum(jnp.abs(jnp.where(orgati, d2, d1) - tau), jnp.abs(jnp.where(orgati, dd3, d2) - tau))
    scale = near <= small1
    sclfac = jnp.where(near <= small2, 1 / small2, 1 / small1)
    sclfac = jnp.where(scale, sclfac, jnp.ones((), dt))
    ds = d3 * sclfac[None, :]
    zs = z3 * sclfac[None, :]
    tau, lbd, ubd = tau * sclfac, lbd * sclfac, ubd * sclfac

    def sums(tau):
        fc = df = ddf = erretm = zero
        for i in range(3):
            temp = 1 / (ds[i] - tau)
            temp1 = zs[i] * temp
            temp2 = temp1 * temp
            temp3 = temp2 * temp
            temp4 = temp1 / ds[i]
            fc = fc + temp4
            erretm = erretm + jnp.abs(temp4)
            df = df + temp2
            ddf = ddf + temp3
        return fc, df, ddf, erretm

    fc, df, ddf, _ = sums(tau)
    f = finit + tau * fc
    done = ~active | (jnp.abs(f) <= 0)
    lbd = jnp.where(~done & (f <= 0), tau, lbd)
    ubd = jnp.where(~done & ~(f <= 0), tau, ubd)

    def cond(s):
        return jnp.any(~s[0]) & (s[1] < MAXIT6 - 1)

    def body(s):
        done, it, tau, f, df, ddf, lbd, ubd = s
        t1 = jnp.where(orgati, ds[1], ds[0]) - tau
        t2 = jnp.where(orgati, ds[2], ds[1]) - tau
        a = (t1 + t2) * f - t1 * t2 * df
        b = t1 * t2 * f
        c = f - (t1 + t2) * df + t1 * t2 * ddf
        eta = _quad(a, b, c, two, four)
        eta = jnp.where(f * eta >= 0, -f / df, eta)
        new = tau + eta
        new = jnp.where((new < lbd) | (new > ubd), (lbd + ubd) / two, new)
        fc, ndf, nddf, erretm = sums(new)
        nf = finit + new * fc
        erretm = eight * (jnp.abs(finit) + jnp.abs(new) * erretm) + jnp.abs(new) * ndf
        conv = jnp.abs(nf) <= 4 * eps * erretm
        keep = ~done
        nlbd = jnp.where(~conv & (nf <= 0), new, lbd)
        nubd = jnp.where(~conv & ~(nf <= 0), new, ubd)
        pick = lambda x, y: jnp.where(keep, x, y)
        return (done | conv, it + 1, pick(new, tau), pick(nf, f), pick(ndf, df), pick(nddf, ddf),
                pick(nlbd, lbd), pick(nubd, ubd))

    s = (done, jnp.int32(0), tau, f, df, ddf, lbd, ubd)
    s = lax.while_loop(cond, body, s)
    tau = s[2]
    return jnp.where(scale, tau * jnp.where(near <= small2, small2, small1), tau)


def _quad(a, b, c, two, four):
    """?laed6's root of the interpolating quadratic (a, b, c scaled by their largest)."""
    import jax.numpy as jnp
    temp = jnp.maximum(jnp.maximum(jnp.abs(a), jnp.abs(b)), jnp.abs(c))
    temp = jnp.where(temp == 0, 1, temp)
    a, b, c = a / temp, b / temp, c / temp
    sq = jnp.sqrt(jnp.abs(a * a - four * b * c))
    safe_c = jnp.where(c == 0, 1, c)
    return jnp.where(c == 0, b / jnp.where(a == 0, 1, a),
                     jnp.where(a <= 0, (a - sq) / (two * safe_c), two * b / (a + sq)))


def secular(dlam, w, rho, k):
    """?laed4 for every root j < k of 1 / rho + sum_(l < k) w_l^2 / (dlam_l - x) = 0 (dlam
    ascending, k >= 3): (roots (n,), delta (n, n) with delta[l, j] = dlam_l - x_j)."""
    import jax.numpy as jnp
    from jax import lax
    n = dlam.shape[0]
    dt = dlam.dtype
    i32 = jnp.int32
    zero = jnp.zeros((), dt)
    two, three, four, eight, ten = (jnp.asarray(x, dt) for x in (2, 3, 4, 8, 10))
    eps = jnp.asarray(jnp.finfo(dt).eps / 2, dt)
    rhoinv = 1 / rho
    j = lax.iota(i32, n)
    valid = j < k
    z = jnp.where(valid, w, 0)
    d = dlam
    last = j == k - 1
    jp1 = jnp.minimum(j + 1, n - 1)
    dj, dj1 = d, _at(d, jp1)
    zj, zj1 = z, _at(z, jp1)
    dk1, dk2 = _at(d, k - 1), _at(d, k - 2)
    zk1, zk2 = _at(z, k - 1), _at(z, k - 2)

    def seq_sum(terms_of, lo_mask):
        """Forward sum over poles l where lo_mask(l): sum_l terms_of(l) (per root)."""
        def body(l, acc):
            return jnp.where(lo_mask(l), acc + terms_of(l), acc)
        return lax.fori_loop(i32(0), i32(n), body, jnp.zeros((n,), dt))

    # the initial guess
    dl = dj1 - dj
    midpt = jnp.where(last, rho / two, dl / two)
    delta0 = (d[:, None] - jnp.where(last, dk1, dj)[None, :]) - midpt[None, :]
    psi_end = jnp.where(last, k - 2, j)
    psi = seq_sum(lambda l: z[l] * z[l] / delta0[l], lambda l: l < psi_end)

    def phi_body(t, acc):
        l = n - 1 - t
        return jnp.where((l < k) & (l >= j + 2) & ~last, acc + z[l] * z[l] / delta0[l], acc)

    phi = lax.fori_loop(i32(0), i32(n), phi_body, jnp.zeros((n,), dt))
    c = jnp.where(last, rhoinv + psi, rhoinv + psi + phi)
    a_ix = jnp.where(last, k - 2, j)
    za, za1 = _at(z, a_ix), _at(z, a_ix + 1)
    w0 = c + za * za / _col(delta0, a_ix) + za1 * za1 / _col(delta0, a_ix + 1)
    # last root
    dln = dk1 - dk2
    a_l = -c * dln + zk2 * zk2 + zk1 * zk1
    b_l = zk1 * zk1 * dln
    sq_l = jnp.sqrt(a_l * a_l + four * b_l * c)
    tau_q = jnp.where(a_l < 0, two * b_l / (sq_l - a_l), (a_l + sq_l) / (two * c))
    temp_l = zk2 * zk2 / (dk1 - dk2 + rho) + zk1 * zk1 / rho
    tau_last = jnp.where(w0 <= 0, jnp.where(c <= temp_l, rho, tau_q), tau_q)
    lb_last = jnp.where(w0 <= 0, midpt, zero)
    ub_last = jnp.where(w0 <= 0, rho, midpt)
    # the other roots: the origin d_j (orgati) or d_j+1
    orgati = w0 > 0
    a_o = c * dl + zj * zj + zj1 * zj1
    b_o = zj * zj * dl
    sq_o = jnp.sqrt(jnp.abs(a_o * a_o - four * b_o * c))
    tau_o = jnp.where(a_o > 0, two * b_o / (a_o + sq_o), (a_o - sq_o) / (two * c))
    a_n = c * dl - zj * zj - zj1 * zj1
    b_n = zj1 * zj1 * dl
    sq_n = jnp.sqrt(jnp.abs(a_n * a_n + four * b_n * c))
    tau_n = jnp.where(a_n < 0, two * b_n / (a_n - sq_n), -(a_n + sq_n) / (two * c))
    tau = jnp.where(last, tau_last, jnp.where(orgati, tau_o, tau_n))
    dltlb = jnp.where(last, lb_last, jnp.where(orgati, zero, -midpt))
    dltub = jnp.where(last, ub_last, jnp.where(orgati, midpt, zero))
    orgati = orgati | last
    org = jnp.where(orgati, dj, dj1)
    delta = (d[:, None] - org[None, :]) - tau[None, :]
    ii = jnp.where(last, k - 2, jnp.where(orgati, j, j + 1))
    psi_end = jnp.where(last, k - 1, ii)
    phi_start = jnp.where(last, k - 1, ii + 1)

    def evaluate(delta, tau):
        def psi_body(l, s):
            psi, dpsi, err = s
            temp = z[l] / delta[l]
            on = l < psi_end
            npsi = psi + z[l] * temp
            return (jnp.where(on, npsi, psi), jnp.where(on, dpsi + temp * temp, dpsi),
                    jnp.where(on, err + npsi, err))

        psi, dpsi, err = lax.fori_loop(i32(0), i32(n), psi_body, (jnp.zeros((n,), dt),) * 3)
        err = jnp.abs(err)

        def phi_body(t, s):
            phi, dphi, err = s
            l = n - 1 - t
            temp = z[l] / delta[l]
            on = (l < k) & (l >= phi_start)
            nphi = phi + z[l] * temp
            return (jnp.where(on, nphi, phi), jnp.where(on, dphi + temp * temp, dphi),
                    jnp.where(on & ~last, err + nphi, err))

        phi, dphi, err = lax.fori_loop(i32(0), i32(n), phi_body, (jnp.zeros((n,), dt), jnp.zeros((n,), dt), err))
        # the last root
        err_l = eight * (-phi - psi) + err - phi + rhoinv + jnp.abs(tau) * (dpsi + dphi)
        w_l = rhoinv + phi + psi
        # the others: the ii-th term apart
        temp = z_ii / _col(delta, ii)
        dw = dpsi + dphi + temp * temp
        temp = z_ii * temp
        w_o = rhoinv + phi + psi + temp
        err_o = eight * (phi - psi) + err + two * rhoinv + three * jnp.abs(temp) + jnp.abs(tau) * dw
        return (psi, dpsi, phi, dphi, jnp.where(last, err_l, err_o), jnp.where(last, w_l, w_o),
                jnp.where(last, dpsi + dphi, dw), rhoinv + phi + psi)

    z_ii = _at(z, ii)
    psi, dpsi, phi, dphi, erretm, w, dw, w_rest = evaluate(delta, tau)
    swtch3 = ~last & jnp.where(orgati & ~last, w_rest < 0, w_rest > 0) & (ii != 0) & (ii != k - 1)
    done = ~valid | (jnp.abs(w) <= eps * erretm)
    iim1 = ii - 1
    iip1 = ii + 1

    def cond(s):
        return jnp.any(~s[0]) & (s[1] < MAXIT - 1)

    def step(s):
        (done, it, tau, delta, dltlb, dltub, psi, dpsi, phi, dphi, erretm, w, dw, swtch) = s
        first = it == 0
        dltlb = jnp.where(w <= 0, jnp.maximum(dltlb, tau), dltlb)
        dltub = jnp.where(w <= 0, dltub, jnp.minimum(dltub, tau))
        d_i, d_ip1 = _col(delta, j), _col(delta, jp1)
        d_km2, d_km1 = _col(delta, jnp.full((n,), k - 2)), _col(delta, jnp.full((n,), k - 1))
        # the last root: two-pole interpolation at d_k-2, d_k-1
        dsum = dpsi + dphi
        c_l = w - d_km2 * dpsi - d_km1 * dphi
        a_l = (d_km2 + d_km1) * w - d_km2 * d_km1 * dsum
        b_l = d_km2 * d_km1 * w
        c_l = jnp.where(first & (c_l < 0), jnp.abs(c_l), c_l)
        sq_l = jnp.sqrt(jnp.abs(a_l * a_l - four * b_l * c_l))
        safe_cl = jnp.where(c_l == 0, 1, c_l)
        eta_l = jnp.where(a_l >= 0, (a_l + sq_l) / (two * safe_cl), two * b_l / (a_l - sq_l))
        eta_l = jnp.where(first & (c_l == 0), -w / dsum, eta_l)
        eta_l = jnp.where(w * eta_l > 0, -w / dsum, eta_l)
        # the others, two poles (d_i, d_i+1)
        t_ii = z_ii / _col(delta, ii)
        dpsi_s = jnp.where(swtch & orgati, dpsi + t_ii * t_ii, dpsi)
        dphi_s = jnp.where(swtch & ~orgati, dphi + t_ii * t_ii, dphi)
        c_o = w - d_ip1 * dw - (dj - dj1) * ((zj / d_i) * (zj / d_i))
        c_n = w - d_i * dw - (dj1 - dj) * ((zj1 / d_ip1) * (zj1 / d_ip1))
        c_s = w - d_i * dpsi_s - d_ip1 * dphi_s
        c2 = jnp.where(swtch, c_s, jnp.where(orgati, c_o, c_n))
        a2 = (d_i + d_ip1) * w - d_i * d_ip1 * dw
        b2 = d_i * d_ip1 * w
        a2z = jnp.where(swtch, d_i * d_i * dpsi_s + d_ip1 * d_ip1 * dphi_s,
                        jnp.where(orgati, zj * zj + d_ip1 * d_ip1 * (dpsi + dphi),
                                  zj1 * zj1 + d_i * d_i * (dpsi + dphi)))
        a2 = jnp.where((c2 == 0) & (a2 == 0), a2z, a2)
        sq2 = jnp.sqrt(jnp.abs(a2 * a2 - four * b2 * c2))
        safe_c2 = jnp.where(c2 == 0, 1, c2)
        eta2 = jnp.where(c2 == 0, b2 / jnp.where(a2 == 0, 1, a2),
                         jnp.where(a2 <= 0, (a2 - sq2) / (two * safe_c2), two * b2 / (a2 + sq2)))
        # three poles (?laed6)
        d_m, d_p = _col(delta, iim1), _col(delta, iip1)
        temp = rhoinv + psi + phi
        t1_o = (_at(z, iim1) / d_m) * (_at(z, iim1) / d_m)
        t1_n = (_at(z, iip1) / d_p) * (_at(z, iip1) / d_p)
        c3 = jnp.where(swtch, temp - d_m * dpsi - d_p * dphi,
                       jnp.where(orgati, temp - d_p * (dpsi + dphi) - (_at(d, iim1) - _at(d, iip1)) * t1_o,
                                 temp - d_m * (dpsi + dphi) - (_at(d, iip1) - _at(d, iim1)) * t1_n))
        zz1 = jnp.where(swtch, d_m * d_m * dpsi,
                        jnp.where(orgati, _at(z, iim1) * _at(z, iim1), d_m * d_m * (dpsi + (dphi - t1_n))))
        zz3 = jnp.where(swtch, d_p * d_p * dphi,
                        jnp.where(orgati, d_p * d_p * ((dpsi - t1_o) + dphi), _at(z, iip1) * _at(z, iip1)))
        zz2 = z_ii * z_ii
        use3 = swtch3 & ~done
        eta3 = _laed6(first, orgati, c3, jnp.stack([d_m, _col(delta, ii), d_p]),
                      jnp.stack([zz1, zz2, zz3]), w, use3)
        eta_o = jnp.where(swtch3, eta3, eta2)
        eta_o = jnp.where(w * eta_o >= 0, -w / dw, eta_o)
        eta = jnp.where(last, eta_l, eta_o)
        t = tau + eta
        eta = jnp.where((t > dltub) | (t < dltlb),
                        jnp.where(w < 0, (dltub - tau) / two, (dltlb - tau) / two), eta)
        ndelta = delta - eta[None, :]
        ntau = tau + eta
        npsi, ndpsi, nphi, ndphi, nerr, nw, ndw, _ = evaluate(ndelta, ntau)
        toggle = (nw * w > 0) & (jnp.abs(nw) > jnp.abs(w) / ten)
        nswtch = jnp.where(first, jnp.where(orgati, -nw > jnp.abs(w) / ten, nw > jnp.abs(w) / ten),
                           jnp.where(toggle, ~swtch, swtch))
        keep = ~done
        pick = lambda x, y: jnp.where(keep, x, y)
        ndone = done | (jnp.abs(nw) <= eps * nerr)
        return (ndone, it + 1, pick(ntau, tau), jnp.where(keep[None, :], ndelta, delta),
                pick(dltlb, s[4]), pick(dltub, s[5]), pick(npsi, psi), pick(ndpsi, dpsi),
                pick(nphi, phi), pick(ndphi, dphi), pick(nerr, erretm), pick(nw, w), pick(ndw, dw),
                pick(nswtch, swtch))

    s = (done, i32(0), tau, delta, dltlb, dltub, psi, dpsi, phi, dphi, erretm, w, dw,
         jnp.zeros((n,), bool))
    s = lax.while_loop(cond, step, s)
    tau, delta = s[2], s[3]
    return org + tau, delta
