#!/usr/bin/env python
"""Random JAX programs that nest lax.scan / cond / switch / fori_loop / while_loop around element-wise
ops, reversals, rolls, cumulative sums and dynamic_update_slice, each imported with `shlo.from_jax`,
compiled, and matched against jax.jit (and, on a mismatch, against the interpreter and eager JAX).

    .venv/bin/python tools/control_flow_fuzz.py FIRST_SEED COUNT [--max-stmts 5] [--max-depth 2]

Each seed is one program; a line is printed for each one that differs. "XLA-jit differs from eager
JAX, shlo = eager" is XLA's own result (a dynamic_update_slice of a scanned row updated in place),
not counted. It found the scf.index_switch bufferization bug (lowering/ops/control.py: case).
A cond tests sum(v) > 0.25, not > 0: sums that cancel exactly (sum(c[::-1] - c)) come out as a tiny
positive or negative number depending on the order of the additions, which the spec leaves open, and
the compiled code and the interpreter then took different branches (seed 2244 before this change)."""
import os, sys, random, traceback
os.environ.setdefault("SHLO_COMPILE_CACHE_ENTRIES", "0")
import numpy as np, jax, jax.numpy as jnp
from jax import lax
import shlo

N = 4
MAXS = 5       # statements per block: 2 .. MAXS (--max-stmts)
MAXD = 2       # nesting of control flow (--max-depth)
UN = [("sin", jnp.sin), ("neg", lambda v: -v), ("sq", lambda v: v * v), ("tanh", jnp.tanh), ("p1", lambda v: v + 1.0),
      ("rev", lambda v: v[::-1]), ("roll", lambda v: jnp.roll(v, 1)), ("cums", jnp.cumsum)]
BIN = [("add", lambda a, b: a + b), ("sub", lambda a, b: a - b), ("mul", lambda a, b: a * b),
       ("max", jnp.maximum), ("where", lambda a, b: jnp.where(a > b, a, b - 1.0))]


CHILDREN = {}   # id(fn) -> the nested statement lists it runs (for shrinking a failing program by hand)


def run_block(stmts, env):
    """Runs the statements on a copy of env; the last statement's value."""
    env = dict(env)
    for _, name, fn in stmts:
        env[name] = fn(env)
    return env[stmts[-1][1]]


def gen_block(rng, depth, names):
    """A list of statements; each returns a new value from `env` (dict name->array)."""
    stmts = []
    for _ in range(rng.randint(2, MAXS)):
        kind = rng.choice(["un", "bin", "bin", "cond", "switch", "fori", "while", "dus"] if depth < MAXD else ["un", "bin"])
        desc, fn = gen_stmt(rng, kind, depth, names)
        name = f"d{depth}_{len(names)}"
        stmts.append((desc, name, fn))
        names = names + [name]
    return stmts, names


def gen_stmt(rng, kind, depth, names):
    pick = lambda: rng.choice(names)
    if kind == "un":
        n, f = rng.choice(UN); a = pick()
        return (f"{n}({a})", lambda env, f=f, a=a: f(env[a]))
    if kind == "bin":
        n, f = rng.choice(BIN); a, b = pick(), pick()
        return (f"{n}({a},{b})", lambda env, f=f, a=a, b=b: f(env[a], env[b]))
    if kind in ("cond", "switch"):
        k = 2 if kind == "cond" else rng.randint(2, 4)
        branches = [gen_block(rng, depth + 1, names)[0] for _ in range(k)]
        sel = pick()
        def run(env, branches=branches, sel=sel, k=k, kind=kind):
            def mk(stmts):
                return lambda env: run_block(stmts, env)
            if kind == "cond":
                return lax.cond(jnp.sum(env[sel]) > 0.25, mk(branches[0]), mk(branches[1]), env)
            idx = jnp.int32(jnp.floor(jnp.abs(env[sel][0]) * 3)) - 1
            return lax.switch(idx, [mk(b) for b in branches], env)
        CHILDREN[id(run)] = branches
        return (f"{kind}{k}({sel})[" + " | ".join(";".join(d for d, _, _ in b) for b in branches) + "]", run)
    if kind == "fori":
        body, _ = gen_block(rng, depth + 1, names + ["acc"])
        init = pick(); trips = rng.randint(0, 3)
        def run(env, body=body, init=init, trips=trips):
            def step(i, acc):
                return jnp.tanh(run_block(body, dict(env, acc=acc))) + acc * 0.5
            return lax.fori_loop(0, trips, step, env[init])
        CHILDREN[id(run)] = [body]
        return (f"fori{trips}({init})", run)
    if kind == "while":
        body, _ = gen_block(rng, depth + 1, names + ["acc"])
        init = pick()
        def run(env, body=body, init=init):
            def cond(c):
                return c[0] < 3
            def step(c):
                i, acc = c
                return i + 1, jnp.sin(run_block(body, dict(env, acc=acc))) - acc
            return lax.while_loop(cond, step, (jnp.int32(0), env[init]))[1]
        CHILDREN[id(run)] = [body]
        return (f"while({init})", run)
    if kind == "dus":
        a, b = pick(), pick(); pos = rng.randint(0, N - 1)
        def run(env, a=a, b=b, pos=pos):
            idx = jnp.int32(pos) + jnp.int32(env[b][0] > 0)
            return lax.dynamic_update_slice(env[a], env[b][:2], (idx,))
        return (f"dus({a},{b})", run)


def gen_program(seed):
    rng = random.Random(seed)
    body, _ = gen_block(rng, 0, ["c", "x"])
    outs = rng.randint(1, 2)
    def f(c0, xs):
        def step(carry, x):     # defined per call: lax.scan caches traces by the body function
            env = {"c": carry, "x": x}
            for _, name, fn in body:
                env[name] = fn(env)
            new_c = jnp.tanh(env[body[-1][1]] + carry)
            ys = tuple(env[body[-1 - i][1]] for i in range(min(outs, len(body))))
            return new_c, ys
        return lax.scan(step, c0, xs)
    f.body = body
    return f, " ; ".join(d for d, _, _ in body)


def main(first, count):
    bad = skipped = 0
    for seed in range(first, first + count):
        f, desc = gen_program(seed)
        r = np.random.default_rng(seed)
        c0 = r.standard_normal(N).astype(np.float32); xs = r.standard_normal((5, N)).astype(np.float32)
        try:
            want = [np.asarray(a) for a in jax.tree_util.tree_leaves(jax.jit(f)(c0, xs))]
        except Exception as e:
            skipped += 1
            if skipped <= 3:
                print(f"seed {seed} jax failed: {type(e).__name__}: {str(e)[:300]} :: {desc}")
            continue
        try:
            prog = shlo.from_jax(f, c0, xs)
            got = shlo.compile(prog)(c0, xs)
        except Exception as e:
            bad += 1
            print(f"seed {seed} ERROR {type(e).__name__}: {str(e)[:200]} :: {desc}", flush=True)
            continue
        ok = all(np.allclose(g, w, rtol=2e-5, atol=2e-5, equal_nan=True) for g, w in zip(got, want))
        if not ok:
            interp = shlo.interpret(prog, c0, xs)
            iok = all(np.allclose(g, w, rtol=2e-5, atol=2e-5, equal_nan=True) for g, w in zip(interp, want))
            cok = all(np.allclose(g, w, rtol=2e-5, atol=2e-5, equal_nan=True) for g, w in zip(got, interp))
            if cok and not iok:
                with jax.disable_jit():
                    eager = [np.asarray(a) for a in jax.tree_util.tree_leaves(f(c0, xs))]
                if all(np.allclose(g, w, rtol=2e-5, atol=2e-5, equal_nan=True) for g, w in zip(interp, eager)):
                    print(f"seed {seed} XLA-jit differs from eager JAX, shlo = eager :: {desc}", flush=True)
                    continue
            bad += 1
            print(f"seed {seed} MISMATCH (interpreter {'ok' if iok else 'also wrong'}, compiled {'=' if cok else '!='} interpreter) :: {desc}", flush=True)
    print(f"{count} programs from seed {first}: {bad} bad, {skipped} not built by jax")


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("first", type=int)
    ap.add_argument("count", type=int)
    ap.add_argument("--max-stmts", type=int, default=MAXS)
    ap.add_argument("--max-depth", type=int, default=MAXD)
    opts = ap.parse_args()
    MAXS, MAXD = max(2, opts.max_stmts), opts.max_depth
    main(opts.first, opts.count)
