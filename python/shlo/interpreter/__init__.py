"""Reference interpreter: the spec's semantics, executable, on numpy.

    outs = shlo.interpret(prog, *numpy_inputs)                 # one process
    outs = shlo.interpret(prog, *inputs, num_replicas=2)       # list per process

Every op's implementation lives in `ops/<family>.py`, registered by name.
"""
from __future__ import annotations

import threading

from ..errors import InterpreterError, ShloError
from ..program import Program
from . import ops  # noqa: F401  (registers the implementations)
from .evaluator import BoundRegion, Frame, compile_function
from .registry import IMPLS
from .runtime import Communicator, Host, Process
from .values import TOKEN, Token, check_value, storage_dtype

__all__ = ["Host", "TOKEN", "Token", "interpret", "implemented_ops"]


def implemented_ops() -> set[str]:
    return set(IMPLS)


class _Machine:
    def __init__(self, plans: dict, functions: dict, process: Process):
        self.plans, self.functions, self.process = plans, functions, process
        self.depth = 0

    def plan(self, name: str):
        fplan = self.plans.get(name)
        if fplan is None:
            func_op = self.functions.get(name)
            if func_op is None:
                raise InterpreterError(f"no function @{name} in the program")
            fplan = self.plans[name] = compile_function(func_op)
        return fplan

    def function_region(self, name: str):
        """Program function `name` as a region callable (what ops with a body get), for custom calls
        whose body is a called computation."""
        fplan = self.plan(name)
        return BoundRegion(Frame(self, fplan), fplan.plan)

    def call(self, name: str, args) -> list:
        fplan = self.plan(name)
        self.depth += 1
        if self.depth > 200:
            raise InterpreterError(f"call depth exceeds 200 (recursion through @{name}?)")
        try:
            return Frame(self, fplan).run(fplan.plan, args)
        finally:
            self.depth -= 1


def _platform_index_hint(func) -> str:
    """What a jax.export for several platforms wants first, where `func` is its main."""
    attrs = func.attributes["arg_attrs"] if "arg_attrs" in func.attributes else None
    if attrs is None or len(attrs) == 0 or '"_platform_index"' not in str(attrs[0]):
        return ""
    return (" (the first, _platform_index, is jax.export's index of the platform to run as, in the export's "
            "`platforms`; shlo.from_stablehlo of the Exported itself binds it)")


def interpret(prog, *inputs, entry: str = "main", num_replicas: int = 1, num_partitions: int = 1,
              host: Host | None = None, verify: bool = True):
    """Runs `entry` of a program on numpy inputs and returns its results as a list.

    With more than one process, `inputs` are given per process (a list of
    argument lists, replica-major) and the result is a list of result lists.
    """
    if not isinstance(prog, Program):
        from ..program import parse
        prog = parse(prog)
    if verify and not prog.__dict__.get("_interpreter_verified"):
        prog.verify()  # once per Program: the plan cache below assumes the module is not edited
        prog.__dict__["_interpreter_verified"] = True
    functions = prog.functions()
    if entry not in functions:
        raise InterpreterError(f"no function @{entry} in the program (have {', '.join(functions) or 'none'})")
    cache = prog.__dict__.setdefault("_interpreter_plans", {})
    if entry not in cache:  # compile the entry now so that unsupported ops fail before running
        cache[entry] = compile_function(functions[entry])
    fplan = cache[entry]
    n = num_replicas * num_partitions
    if n < 1:
        raise InterpreterError("num_replicas and num_partitions must be at least 1")
    host = host or Host()
    comm = Communicator(n)
    per_process = [list(inputs)] if n == 1 else [list(x) for x in (inputs[0] if len(inputs) == 1 else inputs)]
    if len(per_process) != n:
        raise InterpreterError(f"expected inputs for {n} processes, got {len(per_process)}")
    checked = []
    for p, args in enumerate(per_process):
        if len(args) != len(fplan.arg_types):
            raise InterpreterError(f"@{entry} takes {len(fplan.arg_types)} inputs, got {len(args)}"
                                   + _platform_index_hint(functions[entry]))
        trees = getattr(prog, "trees", None) if entry == "main" else None
        if trees is not None and hasattr(trees, "argument"):       # from_jax: narrowed as jax.jit does
            args = [trees.argument(v, storage_dtype(t)) if t.kind == "tensor" else v
                    for v, t in zip(args, fplan.arg_types)]
        checked.append([check_value(v, t, f"@{entry} input {i}" + (f" (process {p})" if n > 1 else ""))
                        for i, (v, t) in enumerate(zip(args, fplan.arg_types))])

    def run(p: int):
        proc = Process(p // num_partitions, p % num_partitions, num_replicas, num_partitions, comm, host)
        return _Machine(cache, functions, proc).call(entry, checked[p])

    if n == 1:
        return run(0)
    results, errors = [None] * n, [None] * n

    def worker(p):
        try:
            results[p] = run(p)
        except ShloError as e:
            errors[p] = e
            comm.fail(f"process {p} failed: {e}")
        except Exception as e:  # noqa: BLE001
            errors[p] = InterpreterError(f"process {p}: {type(e).__name__}: {e}")
            comm.fail(str(errors[p]))

    threads = [threading.Thread(target=worker, args=(p,), daemon=True) for p in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for e in errors:
        if e is not None:
            raise e
    return results
