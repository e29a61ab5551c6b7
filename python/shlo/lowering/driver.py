"""The lowering driver: a shlo module in, a module of func / linalg / tensor / arith /
math / complex / scf ops on tensors out.

It builds a new module beside the program's (the program is never edited),
walking every function op by op and mapping each shlo value to its lowered
value: a storage tensor (`ir.Value`), `TOKEN` for a token, or a Python tuple
for a tuple or future. Function signatures are flattened the same way
(tuples become their members, tokens disappear). Each op is lowered by the
function registered for it in `ops/<family>.py`; element-wise ops by their
scalar emitter wrapped in a linalg.generic. Quantized operands of ops that do
not handle quantization themselves are dequantized, the float op lowered and
the results quantized, which is the spec's meaning.

In `compile` mode the entry function becomes `@shlo_main` (public, with a C
interface) and every other function a private `@shlo_fn_<name>`; the values
checked by `check.*` custom_calls at the top level of the entry become extra
results ("probes") that the caller compares, with the interpreter's own
check routines, after the native code ran.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from mlir import ir
from mlir.dialects import func
from mlir.dialects import tensor as tensor_d

from .. import attributes as _attrs
from ..interpreter.values import TOKEN
from ..types import TypeInfo, type_info
from ..verify._spec_table import OPS
from . import assertions, emit, size_checks, size_guards
from . import element as el
from .registry import LOWERINGS, QUANT_AWARE, SCALARS, CompileError, OpContext, short_location

ENTRY_SYMBOL = "shlo_main"


_EFFECTS = {"custom_call", "infeed", "outfeed", "send", "recv"}


def _all_empty(types) -> bool:
    """Every result a tensor of static shape with a size-0 dimension (with a dynamic size too, the
    op's own lowering computes that size)."""
    return bool(types) and all(t.kind == "tensor" and t.shape is not None and 0 in t.shape
                               and None not in t.shape for t in types)


def _returned(target: str, n: int) -> int:
    """How many of a check's tensor operands the compiled code returns for it: none for a
    check.assert. The check.asserts' predicates give one result (the ALL_ASSERTS probe, last):
    the position of the first that is false; the other operands only fill in a failure's
    message, which the interpreter rebuilds from that check alone (failed_check.py). Returning
    every operand cost a result each per call: an ONNX encoder's 22 Reshape checks took its calls
    from 0.28 to 0.99 ms and its compile from 1.5 to 2.1 s."""
    return 0 if target == "check.assert" else n


# the probe of every check.assert: the position (in the entry's order) of the first whose
# predicate is false, or their count when every one held; a rank-0 i64 result
ALL_ASSERTS = "check.all_asserts"


@dataclasses.dataclass
class Probe:
    """A `check.*` custom_call of the entry, turned into extra results of the compiled function."""
    target: str
    attrs: dict
    location: str
    operand_types: list         # TypeInfo per non-token operand
    result_types: list
    first_result: int           # index of its first value among the compiled function's results


@dataclasses.dataclass
class Lowered:
    module: ir.Module
    entry: str | None
    arg_types: list             # TypeInfo per shlo argument of the entry
    result_types: list          # TypeInfo per shlo result of the entry
    flat_args: list             # TypeInfo per compiled (flattened) argument
    flat_results: list          # TypeInfo per compiled result, probes' values last
    probes: list
    dim_constraints: list = dataclasses.field(default_factory=list)


def flatten_type(t: TypeInfo) -> list:
    """The tensor types a value of type `t` is passed as (tuples flattened, tokens dropped)."""
    if t.kind == "tensor":
        return [t]
    if t.kind == "token":
        return []
    if t.kind in ("tuple", "future"):
        return [x for m in t.members for x in flatten_type(m)]
    raise CompileError(f"values of type {t} cannot be compiled")


def flatten_value(t: TypeInfo, v) -> list:
    if t.kind == "tensor":
        return [v]
    if t.kind == "token":
        return []
    return [x for m, mv in zip(t.members, v) for x in flatten_value(m, mv)]


def pack_value(t: TypeInfo, it):
    """The lowered (or Python) value of type `t` built from the flat values of `it`."""
    if t.kind == "tensor":
        return next(it)
    if t.kind == "token":
        return TOKEN
    return tuple(pack_value(m, it) for m in t.members)


class Lowerer:
    def __init__(self, module: ir.Module, *, entry: str | None = "main", mode: str = "compile",
                 case_as_switch: bool = False):
        self.source = module
        self.entry = entry
        self.mode = mode
        self.case_as_switch = case_as_switch      # shlo.case as scf.index_switch (the GPU path)
        self.for_gpu = case_as_switch             # the GPU path: run-time offsets read in the loops
        self.values: dict = {}
        self.probes: list = []
        self.probe_values: list = []
        self.dim_sources: dict = {}         # lowered tensor -> per dim: (entry arg, dim) or None
        self.dim_constraints: list = []     # ((arg, dim), (arg, dim), op) sizes that must be equal
        self._functions = {}
        for op in module.body.operations:
            op = op.operation
            if op.name == "shlo.mesh":   # a placement declaration: nothing to compute on one device
                continue
            if op.name != "func.func":
                raise CompileError(f"{op.location}: only func.func may appear at the top level, not {op.name}")
            self._functions[ir.StringAttr(op.attributes["sym_name"]).value] = op
        self._current_function = None
        self._checked = None                # (top-level entry op, its size check's message) wanted
        self._own_assert = None             # (top-level entry op, the index of its own check's predicate)
        self.proofs = size_checks.SizeProofs(size_checks.elementwise_ops())
        self._unproven = (None, [])         # (element-wise op, its dims whose sizes are not proved equal)
        self._top_checks: dict = {}         # entry's top-level position -> message (size_checks.top_level_checks)
        self._nested_flag = None            # size_guards.flag of the checks below the top-level op lowered
        self._function_flag = None          # size_guards.flag of the checks of the (non-entry) function lowered
        self._nested_verdicts = None        # the GPU path's _nested_flag: top-level i1s (no host memref)
        self._depth = 0                     # blocks being lowered, the function's own one included
        self.size_guards = 0                # scf.if guards of run-time size checks made (see pipeline.prepare)
        self._finder = None                 # size_checks.CheckFinder of the module, made when first needed
        self._dynamic = None                # whether an op of the module has a ? size (`_may_check`, in `lower`)
        self._type_infos: dict = {}         # ir.Type -> TypeInfo, for this lowering only

    def type_info(self, t: ir.Type) -> TypeInfo:
        """type_info(t), without printing the type each time (types hash by identity)."""
        info = self._type_infos.get(t)
        if info is None:
            info = self._type_infos[t] = type_info(t)
        return info

    # ------------------------------------------------------------------ names
    def symbol(self, name: str) -> str:
        if self.mode != "compile":
            return name
        return ENTRY_SYMBOL if name == self.entry else f"shlo_fn_{name}"

    def _signature(self, name: str):
        fop = self._functions.get(name)
        if fop is None:
            raise CompileError(f"no function @{name} in the program")
        ftype = ir.FunctionType(ir.TypeAttr(fop.attributes["function_type"]).value)
        return [type_info(t) for t in ftype.inputs], [type_info(t) for t in ftype.results]

    # ------------------------------------------------------------------ module
    def lower(self) -> Lowered:
        ctx = self.source.context
        with ctx, ir.Location.unknown(ctx):
            out = ir.Module.create()
            if self.mode == "compile":
                if self.entry not in self._functions:
                    raise CompileError(f"no function @{self.entry} in the program "
                                       f"(have {', '.join(self._functions) or 'none'})")
            self._may_check()
            entry_results = None
            for name, fop in self._functions.items():
                with ir.InsertionPoint(out.body):
                    results = self.lower_function(name, fop)
                if name == self.entry:
                    entry_results = results
            arg_types, result_types = self._signature(self.entry) if self.entry in self._functions else ([], [])
        flat_args = [x for t in arg_types for x in flatten_type(t)]
        flat_results = [x for t in result_types for x in flatten_type(t)]
        flat_results += [t for p in self.probes for t in p.operand_types]
        del entry_results
        if self.size_guards:
            from .pipeline import SIZE_GUARDS
            out.operation.attributes[SIZE_GUARDS] = ir.UnitAttr.get(ctx)
        return Lowered(out, self.entry, arg_types, result_types, flat_args, flat_results, self.probes,
                       self.dim_constraints)

    def lower_function(self, name: str, fop: ir.Operation):
        arg_types, result_types = self._signature(name)
        flat_in = [emit.lowered_type(t) for a in arg_types for t in flatten_type(a)]
        flat_out = [emit.lowered_type(t) for r in result_types for t in flatten_type(r)]
        is_entry = self.mode == "compile" and name == self.entry
        probe_types = []
        block = fop.regions[0].blocks[0]
        self._top_checks, self._nested_flag, self._function_flag = {}, None, None
        if is_entry:
            probe_types = self._scan_probes(block)
        elif self._flagged(name):
            probe_types = [ir.IntegerType.get_signless(1)]
        ftype = ir.FunctionType.get(flat_in, flat_out + probe_types)
        with fop.location:
            new = func.FuncOp(self.symbol(name), ftype)
        if is_entry:
            new.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
            # called only through its C interface (`_mlir_ciface_shlo_main`): internal, or the
            # ExecutionEngine also wraps it in a packed-arguments entry point nobody calls
            new.attributes["llvm.linkage"] = ir.Attribute.parse("#llvm.linkage<internal>")
            # the caller's arrays are read-only: bufferization copies before writing into one
            read_only = ir.DictAttr.get({"bufferization.writable": ir.BoolAttr.get(False)})
            new.attributes["arg_attrs"] = ir.ArrayAttr.get([read_only] * len(flat_in))
        elif self.mode == "compile":
            new.attributes["sym_visibility"] = ir.StringAttr.get("private")
        elif "sym_visibility" in fop.attributes:
            new.attributes["sym_visibility"] = fop.attributes["sym_visibility"]
        entry_block = new.add_entry_block()
        if is_entry:
            self._track_argument_dims(entry_block)
            self.proofs.entry_arguments(block)
        it = iter(entry_block.arguments)
        args = [pack_value(t, it) for t in arg_types]
        self._current_function = name
        self.probe_values, self.assert_predicates = [], []
        with ir.InsertionPoint(entry_block):
            if not is_entry and probe_types:
                self._function_flag = size_guards.flag()
            results = self.lower_block(block, args, function_results=result_types, top=is_entry)
            flat = [x for t, v in zip(result_types, results) for x in flatten_value(t, v)]
            flat = [emit.cast_to(v, t) for v, t in zip(flat, flat_out)]
            with fop.location:
                if self.assert_predicates:
                    self._all_asserts()
                if self._function_flag is not None:     # its checks' verdict: the last result
                    self.probe_values.append(size_guards.flag_value(self._function_flag))
                func.ReturnOp(flat + self.probe_values)
            self._function_flag = None
        return results

    # ------------------------------------------------------------------ dynamic sizes
    # Native code trusts that dynamic sizes which the program needs equal are equal: an
    # element-wise op on a ?x4 and a ?x4 tensor of different sizes would read out of bounds.
    # Sizes that come straight from the entry's arguments are tracked through the ops that
    # need them equal, and the resulting constraints are checked in Python before each call.
    def _track_argument_dims(self, block: ir.Block) -> None:
        for i, arg in enumerate(block.arguments):
            t = ir.RankedTensorType(arg.type)
            self.dim_sources[arg] = tuple((i, d) if t.is_dynamic_dim(d) else None for d in range(t.rank))

    def same_sizes(self, values: list, result: ir.Value | None = None, what="") -> None:
        """Records that `values` (tensors of one rank) must have equal sizes in every dimension;
        `result` inherits their size sources. `what` names the op: a string, or a function
        making it (called only when a constraint is recorded)."""
        known = [self.dim_sources.get(v) for v in values if emit.is_tensor(v)]
        known = [k for k in known if k is not None]
        if not known:
            return
        rank = len(known[0])
        merged = []
        for d in range(rank):
            srcs = [k[d] for k in known if len(k) == rank and k[d] is not None]
            for other in srcs[1:]:
                if other != srcs[0]:
                    text = what() if callable(what) else what
                    if (srcs[0], other, text) not in self.dim_constraints:
                        self.dim_constraints.append((srcs[0], other, text))
            merged.append(srcs[0] if srcs else None)
        if result is not None:
            self.dim_sources[result] = tuple(merged)

    def _scan_probes(self, block: ir.Block) -> list:
        self._top_checks = size_checks.top_level_checks(block, self.type_info, self._check_finder())
        types, asserts = [], bool(self._top_checks)
        for op in block.operations:
            op = op.operation
            if op.name == "shlo.custom_call":
                target = ir.StringAttr(op.attributes["call_target_name"]).value
                if target.startswith("check."):
                    tensors = [t for t in (type_info(v.type) for v in op.operands) if t.kind == "tensor"]
                    types += [emit.lowered_type(t) for t in tensors[:_returned(target, len(tensors))]]
                    asserts = asserts or target == "check.assert"
        return types + ([emit.lowered_type(_first_failed_type())] if asserts else [])

    # ------------------------------------------------------------------ blocks and ops
    def lower_block(self, block: ir.Block, args, *, scalar: bool = False, function_results=None,
                    top: bool = False) -> list:
        self._depth += 1
        try:
            return self._lower_ops(block, args, scalar, top)
        finally:
            self._depth -= 1

    def _lower_ops(self, block: ir.Block, args, scalar: bool, top: bool) -> list:
        for barg, v in zip(block.arguments, args):
            self.values[barg] = v
        for position, op in enumerate(block.operations):
            op = op.operation
            name = op.name
            with op.location:
                if name in ("func.return", "shlo.return"):
                    outs = [self.values[v] for v in op.operands]
                    return [self._as_scalar(v) if scalar else self._as_tensor(v) for v in outs]
                check = self._top_checks.get(position) if top and self._top_checks else None
                own = check is not None and size_checks.is_own_check(name[5:]) and \
                    not size_checks.is_narrowed(check)
                nested = check is not None and not own
                if nested and self.for_gpu:
                    self._nested_verdicts = []
                elif nested:
                    self._nested_flag = size_guards.flag()
                try:
                    results = self.lower_op(op, scalar=scalar, top=top, check=check if own else None)
                except CompileError:
                    raise
                except (ValueError, TypeError, KeyError, IndexError, ir.MLIRError) as e:
                    raise CompileError(f"{short_location(str(op.location))}: lowering {name} failed: "
                                       f"{type(e).__name__}: {e}") from e
                if nested:
                    self._nested_checks(op, position)
                for r, v in zip(op.results, results):
                    self.values[r] = v
        raise CompileError("a block without a terminator")

    def _nested_checks(self, op: ir.Operation, position: int) -> None:
        """The size checks in the regions of top-level op `op` (size_check stored their predicates
        in its flag): one check.assert of the ALL_ASSERTS probe, after the op."""
        flag, self._nested_flag = self._nested_flag, None
        verdicts, self._nested_verdicts = self._nested_verdicts, None
        if flag is not None:
            self.assert_predicates.append(size_guards.flag_value(flag))
        else:   # the GPU path: the verdicts of functions called at the top level (see _record_check)
            self.assert_predicates.append(size_guards.all_of(verdicts or []))
        self.probes.append(Probe("check.assert", {"backend_config": self._top_checks[position]},
                                 str(op.location), [], [],
                                 len(self.probe_values)))

    def _as_scalar(self, v):
        if emit.is_tensor(v) and emit.rank(v) == 0:
            return emit.extract_scalar(v)
        return v

    def _all_asserts(self) -> None:
        """The ALL_ASSERTS probe: the position of the first check.assert whose predicate is false,
        else their count; one rank-0 i64 result."""
        from mlir.dialects import arith
        scalars = [v if not isinstance(v.type, ir.RankedTensorType) else tensor_d.extract(v, [])
                   for v in self.assert_predicates]
        i1, i64 = ir.IntegerType.get_signless(1), ir.IntegerType.get_signless(64)
        scalars = [v if v.type == i1 else arith.cmpi(arith.CmpIPredicate.ne, v, arith.constant(v.type, 0))
                   for v in scalars]        # (a tensor holds i1 as i8)
        first = arith.constant(i64, len(scalars))
        for k in reversed(range(len(scalars))):     # the earliest false one is selected last
            first = arith.select(scalars[k], first, arith.constant(i64, k))
        self.probes.append(Probe(ALL_ASSERTS, {}, "", [_first_failed_type()], [], len(self.probe_values)))
        self.probe_values.append(emit.from_scalar(first))

    def size_check(self, ctx: OpContext, predicate: ir.Value) -> None:
        """An op's run-time size predicate (size_checks.py): one more check.assert of the ALL_ASSERTS
        probe where the op is at the entry's top level; elsewhere the op's guard alone."""
        if self._checked is None or ctx.op != self._checked[0]:
            self._record_check(predicate)
            return
        text, self._checked = self._checked[1], None
        self._own_assert = (ctx.op, len(self.assert_predicates))
        self.assert_predicates.append(predicate)
        self.probes.append(Probe("check.assert", {"backend_config": text}, ctx.location, [], [],
                                 len(self.probe_values)))

    def _record_check(self, predicate: ir.Value) -> None:
        """A check below the entry's top level: in the flag of the entry's top-level op being lowered
        (its regions, or functions it calls), or of the function being lowered (its extra result)."""
        if self.for_gpu and self._depth > 1:
            return  # the GPU path refuses a host memref.load of a kernel's verdict: the guards alone
        if self._nested_verdicts is not None:
            self._nested_verdicts.append(predicate)     # (the GPU path: a call's verdict)
            return
        flag = self._nested_flag if self._nested_flag is not None else self._function_flag
        if flag is not None:
            size_guards.flag_and(flag, predicate)

    def _check_finder(self) -> size_checks.CheckFinder:
        if self._finder is None:
            self._finder = size_checks.CheckFinder(self._functions, self.type_info)
        return self._finder

    def _may_check(self) -> bool:
        """Whether an op of the module has a ? size (size_checks.CheckFinder.may_check, once)."""
        if self._dynamic is None:
            self._dynamic = self._check_finder().may_check()
        return self._dynamic

    def _flagged(self, name: str) -> bool:
        """Whether function `name` returns the verdict of its size checks as an extra i1 result."""
        return self.mode == "compile" and name != self.entry and self._check_finder().function(name) is not None

    def _as_tensor(self, v):
        if isinstance(v, ir.Value) and not isinstance(v.type, (ir.RankedTensorType,)):
            return emit.from_scalar(v)
        return v

    def lower_op(self, op: ir.Operation, *, scalar: bool = False, top: bool = False,
                 check: str | None = None) -> list:
        """The lowered values of `op`'s results. `check`: the message of the op's own run-time size
        check where it is one of the entry's top-level check.asserts (CheckFinder decided it, in
        `_scan_probes`; the op's lowering must then make exactly that check)."""
        name = op.name
        if name == "func.call":
            return self._call(op)
        if not name.startswith("shlo."):
            raise CompileError(f"{short_location(str(op.location))}: cannot lower '{name}'")
        short = name[5:]
        entry = OPS.get(short)
        if entry is None:
            raise CompileError(f"{short_location(str(op.location))}: unknown op '{name}'")
        ctx = OpContext(short, op, {n: _attrs.op_attribute(op, n, kind) for n, kind, _ in entry["attributes"]},
                        [self.type_info(v.type) for v in op.operands], [self.type_info(r.type) for r in op.results],
                        None, self)
        operands = [self.values[v] for v in op.operands]
        if short == "custom_call" and str(ctx.attrs.get("call_target_name", "")).startswith("check."):
            if "shlo.interpreter_only" in op.attributes:
                return []       # a hoisted check's copy left in its region (importers/run_time_checks.py)
            return self._probe(ctx, operands, top)
        if short == "custom_call" and ctx.attrs.get("call_target_name") == assertions.TARGET:
            # checked before the native code runs (assertions.py), where it can still refuse
            if not top or self.mode != "compile":
                raise ctx.error("custom_call shape_assertion is compiled only at the top level of the entry "
                                "function (where it is checked before the compiled code runs)")
            return [TOKEN for _ in ctx.result_types]
        quantized = short not in QUANT_AWARE and any(
            t.kind == "tensor" and t.quant is not None for t in ctx.operand_types + ctx.result_types)
        if short in SCALARS:
            from .ops import elementwise_driver
            self._elementwise_sizes(ctx)
            wanted = check
            # a region's scalars may meet rank-0 tensors from outside it (JAX's sort comparators
            # compare with constants of the function): read those as scalars too, or the op
            # becomes a rank-0 linalg.generic whose buffers are allocated at every call
            if scalar and all(not emit.is_tensor(v) or emit.rank(v) == 0 for v in operands):
                return elementwise_driver.scalar_op(ctx, [self._as_scalar(v) for v in operands])
            tensors = [self._as_tensor(v) for v in operands]
            known = self._small_scalars(ctx, tensors, quantized)
            if known is not None:
                # arithmetic on sizes and indices (torch.export's sym_size products, index
                # normalisation): scalars, not buffers (see shapes.small_elements)
                per_element = [elementwise_driver.scalar_op(ctx, items) for items in known]
                return [tensor_d.from_elements(ir.RankedTensorType.get(list(t.shape), results[0].type),
                                               list(results))
                        for t, results in zip(ctx.result_types, zip(*per_element))]
            self._checked, checks = ((op, wanted) if wanted else None), len(self.assert_predicates)
            results = elementwise_driver.tensor_op(ctx, tensors)
            if wanted and len(self.assert_predicates) != checks + 1:    # (probes_of expects it)
                raise ctx.error("made no run-time size check (an internal error)")
            return results
        if scalar and short == "constant" and ctx.result_types[0].rank == 0:
            from .ops import structure
            return [structure.scalar_constant(ctx)]
        if not op.regions and _all_empty(ctx.result_types) and short not in _EFFECTS:
            # no elements to compute: an empty tensor (and no zero-sized views, which MLIR 22.1.8's
            # memref.subview verifier rejects at offset 0)
            return [emit.empty(list(t.shape), emit.lowered_type(t).element_type) for t in ctx.result_types]
        fn = LOWERINGS.get(short)
        if fn is None:
            raise ctx.error("has no lowering yet")
        operands = [self._as_tensor(v) for v in operands]
        wanted, pairs = check, []
        if short in size_checks.PAIRED:
            pairs = self._paired_sizes(ctx)
        elif (short in size_checks.BOUNDED or short in size_checks.RESULT_SIZED) and self._dynamic is not False:
            pairs = size_checks.bounds(short, ctx.operand_types, ctx.result_types, ctx.attrs)  # (a flag: narrowed_message)
        self._checked, checks = ((op, wanted) if wanted else None), len(self.assert_predicates)

        def lower():
            if quantized:
                from .ops import quantization
                return quantization.lower_through_float(ctx, fn, operands)
            return fn(ctx, *operands)
        results = self._when_pairs_agree(ctx, operands, pairs, lower) if pairs else lower()
        if wanted and len(self.assert_predicates) != checks + 1:    # (probes_of expects it)
            raise ctx.error("made no run-time size check (an internal error)")
        results = results if isinstance(results, list) else [results]
        if len(results) != len(op.results):
            raise ctx.error(f"lowering produced {len(results)} results, expected {len(op.results)}")
        results = [self._fix_type(v, t, op) for v, t in zip(results, ctx.result_types)]
        if scalar:
            results = [self._as_scalar(v) for v in results]
        return results

    def _paired_sizes(self, ctx: OpContext) -> list:
        """The pairs of sizes a dot_general / concatenate needs equal and that are not proved
        equal at compile time (size_checks.paired_sizes); entry arguments' go to dim_constraints."""
        if self._dynamic is False or \
                all(t.kind != "tensor" or None not in t.shape for t in ctx.operand_types + ctx.result_types):
            return []
        pairs, args = self.proofs.unproven_pairs(ctx.op, ctx.attrs, ctx.operand_types, ctx.result_types)
        for (_, a, d), (_, b, e) in args:
            constraint = ((a, d), (b, e), ctx.described())
            if constraint not in self.dim_constraints:
                self.dim_constraints.append(constraint)
        return pairs

    def _when_pairs_agree(self, ctx: OpContext, operands: list, pairs: list, lower) -> list:
        """scf.if (the sizes of `pairs` agree) the op's lowering (`lower()`), else zeros (its ?
        sizes 0): nothing is read or written out of bounds while they differ."""
        from .ops.shapes import size_check
        ok = size_check(ctx, lambda: size_guards.pairs_agree(operands, pairs))
        types = [emit.lowered_type(t) for t in ctx.result_types]
        return self.guarded(ctx.op, ok, types, lower, lambda: [size_guards.zeros(t) for t in types])

    def guarded(self, op: ir.Operation, ok: ir.Value, types: list, lower, otherwise) -> list:
        """An op's lowering under the guard of its size check `ok` (size_guards.when: `lower()`
        where it holds, else `otherwise()`). The GPU path makes the check alone, unguarded:
        kernels under scf.if are untested, and a guarded dot_general left a torch
        TransformerEncoder's device values read on the host (b798ba7). A ? size of `lower()`'s
        values that `types` has static is checked (`_narrowed_check`), as `_fix_type` does."""
        if self.for_gpu:
            results = lower()
            return results if isinstance(results, list) else [results]
        self.size_guards += 1
        narrowed = []
        results = size_guards.when(ok, types, lower, otherwise, narrowed)
        for agreed in narrowed:
            self.size_guards += 1
            self._narrowed_check(op, agreed)
        return results

    def _elementwise_sizes(self, ctx: OpContext) -> None:
        """Proves an element-wise op's operand sizes equal (size_checks.SizeProofs), or keeps the
        dims that are not for its lowering (`unproven_dims`)."""
        if self._dynamic is False:      # (no ? size in the module: nothing to prove)
            self._unproven = (None, [])
            return
        dims = self.proofs.elementwise_dims(ctx.op, ctx.operand_types, ctx.result_types)
        unproven, pairs = dims or ([], [])
        for (_, a, d), (_, b, e) in pairs:       # entry arguments' sizes: compared before the call
            constraint = ((a, d), (b, e), ctx.described())
            if constraint not in self.dim_constraints:
                self.dim_constraints.append(constraint)
        self._unproven = (ctx.op, unproven)

    def unproven_dims(self, ctx: OpContext) -> list:
        """The dims of element-wise op `ctx.op` whose operand sizes must be compared at run time."""
        op, dims = self._unproven       # (other ops' lowerings call the element-wise one too)
        return dims if op is not None and ctx.op is not None and op == ctx.op else []

    def _fix_type(self, v, t: TypeInfo, op: ir.Operation | None = None):
        """Casts a tensor whose static shape is less precise than the result type's. Where a ?
        size becomes static, the ops that follow trust it: while it differs when the program
        runs, the value is zeros of the type's sizes instead, and the guard's predicate is a
        check (size_checks.narrowed_message; `_record_check`: the op's flag at the entry's top
        level). The GPU path, as before, casts alone."""
        if t.kind != "tensor" or not emit.is_tensor(v):
            return v
        if self.for_gpu:
            return emit.cast_to(v, emit.lowered_type(t))
        v, ok = size_guards.narrowing_cast(v, emit.lowered_type(t))
        if ok is not None:
            self.size_guards += 1
            self._narrowed_check(op, ok)
        return v

    def _narrowed_check(self, op: ir.Operation | None, ok: ir.Value) -> None:
        """The predicate of a guarded cast of op's ? size to its result type's static one: in the
        op's own check.assert where it has one at the entry's top level, else a check below it
        (`_record_check`: the flag size_checks.narrowed_message gave the op)."""
        if self._own_assert is not None and op is not None and self._own_assert[0] == op:
            from mlir.dialects import arith
            i = self._own_assert[1]
            self.assert_predicates[i] = arith.andi(size_guards.as_i1(self.assert_predicates[i]), ok)
        else:
            self._record_check(ok)

    def _call(self, op: ir.Operation) -> list:
        callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
        return self.call(callee, [self.values[v] for v in op.operands])

    def call(self, name: str, operands: list) -> list:
        """A func.call of program function `name` on lowered values (tuples and tokens flattened)."""
        arg_types, result_types = self._signature(name)
        flat = [self._as_tensor(x) for t, v in zip(arg_types, operands) for x in flatten_value(t, v)]
        flat_out = [emit.lowered_type(t) for r in result_types for t in flatten_type(r)]
        flagged = self._flagged(name)
        i1 = [ir.IntegerType.get_signless(1)] if flagged else []
        call = func.CallOp(flat_out + i1, ir.FlatSymbolRefAttr.get(self.symbol(name)), flat)
        if flagged:
            self._record_check(call.results[len(flat_out)])
        it = iter(call.results)
        return [pack_value(t, it) for t in result_types]

    @staticmethod
    def _small_scalars(ctx: OpContext, tensors: list, quantized: bool):
        """Per element, the scalars of small operands made from scalars (tensor.from_elements,
        constants; see shapes.small_elements), when every operand and result has the same small
        static shape; None otherwise."""
        from .ops.shapes import SMALL, small_elements
        types = ctx.operand_types + ctx.result_types
        if quantized or not tensors or any(t.kind != "tensor" or None in t.shape for t in types):
            return None
        shape = types[0].shape
        if any(t.shape != shape for t in types) or int(np.prod(shape, dtype=np.int64)) > SMALL:
            return None
        per_operand = []
        for v in tensors:
            known = small_elements(v)
            if known is None:
                return None
            per_operand.append(known)
        return [list(items) for items in zip(*per_operand)]

    def _probe(self, ctx: OpContext, operands, top: bool) -> list:
        target = ctx.attrs["call_target_name"]
        if not top or self.mode != "compile":
            raise ctx.error(f"custom_call {target}: check.* calls are compiled only at the top level "
                            f"of the entry function")
        values = [(t, v) for t, v in zip(ctx.operand_types, operands) if t.kind == "tensor"]
        if target == "check.assert" and values:
            self.assert_predicates.append(values[0][1])
        values = values[:_returned(target, len(values))]
        self.probes.append(Probe(target, dict(ctx.attrs), ctx.location, [t for t, _ in values],
                                 list(ctx.result_types), len(self.probe_values)))
        self.probe_values.extend(self._as_tensor(v) for _, v in values)
        out = []
        for t in ctx.result_types:
            if t.kind == "token":
                out.append(TOKEN)
            elif target == "check.eq" and t.kind == "tensor" and t.element == "i1" and None not in t.shape:
                # StableHLO's first testdata form returns the check's verdict. The probes are checked
                # before any result is returned (CompiledFunction._check), so a returned verdict is
                # true, as the interpreter's check.eq returns true or raises.
                out.append(emit.splat(1, t))
            else:
                raise ctx.error(f"custom_call {target} has a result of type {t}; check.* calls return "
                                "nothing or tokens (check.eq: a static tensor<i1>)")
        return out


def probes_of(module: ir.Module, entry: str) -> list:
    """The probes `lower_program` makes for `entry`, without lowering (for cached code)."""
    out, first, asserts = [], 0, False
    for fop in module.body.operations:
        fop = fop.operation
        if fop.name != "func.func" or ir.StringAttr(fop.attributes["sym_name"]).value != entry:
            continue
        block = fop.regions[0].blocks[0]
        checked = size_checks.top_level_checks(block)
        for i, op in enumerate(block.operations):
            op = op.operation
            if op.name != "shlo.custom_call":
                text = checked.get(i)
                if text is not None:        # an op's run-time size check (Lowerer.size_check)
                    out.append(Probe("check.assert", {"backend_config": text}, str(op.location), [], [], first))
                    asserts = True
                continue
            target = ir.StringAttr(op.attributes["call_target_name"]).value
            if not target.startswith("check."):
                continue
            attrs = {n: _attrs.op_attribute(op, n, kind) for n, kind, _ in OPS["custom_call"]["attributes"]}
            types = [type_info(v.type) for v in op.operands]
            types = [t for t in types if t.kind == "tensor"]
            types = types[:_returned(target, len(types))]
            out.append(Probe(target, attrs, str(op.location), types, [type_info(r.type) for r in op.results], first))
            first += len(types)
            asserts = asserts or target == "check.assert"
    if asserts:
        with module.context, ir.Location.unknown():
            out.append(Probe(ALL_ASSERTS, {}, "", [_first_failed_type()], [], first))
    return out


def _first_failed_type() -> TypeInfo:
    return type_info(ir.RankedTensorType.get([], ir.IntegerType.get_signless(64)))


def lower_program(prog, *, entry: str | None = "main", mode: str = "compile",
                  case_as_switch: bool = False) -> Lowered:
    """Lowers a verified Program (or its module) to linalg on tensors."""
    module = getattr(prog, "module", prog)
    try:
        return Lowerer(module, entry=entry, mode=mode, case_as_switch=case_as_switch).lower()
    finally:
        el.forget_types()


__all__ = ["CompileError", "Lowered", "Lowerer", "Probe", "lower_program", "ENTRY_SYMBOL", "el"]
