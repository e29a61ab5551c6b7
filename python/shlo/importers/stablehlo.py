"""StableHLO <-> shlo: `from_stablehlo(text_or_bytes)` and `to_stablehlo(prog)`.

StableHLO is read with jaxlib's own MLIR (which has the stablehlo and chlo
dialects registered). jaxlib's MLIR is a different MLIR instance from the one
shlo lives in, so nothing is shared between the two: the importer walks
jaxlib's module op by op and creates the matching op in a shlo context
(`stablehlo.X` -> `shlo.X`, one to one), converting every type and attribute
through its text. `to_stablehlo` walks the other way. Attribute and type
conversions live in one place (`_ATTR_TO_SHLO`, `attr_to_stablehlo`,
`type_to_shlo`, `type_to_stablehlo`).

Input forms: StableHLO text (pretty or generic), MLIR bytecode, and portable
artifacts (`jax.export(...).mlir_module_serialized`,
`stablehlo.serialize_portable_artifact`), any version jaxlib can read.

Rules:

* Every `stablehlo.*` op becomes `shlo.*` with the same operands, results,
  regions and source location. The deprecated / legacy ops that shlo lacks
  (`dot`, `broadcast`, `create_token`, `cross-replica-sum`, `einsum`,
  `unary_einsum`, `torch_index_select`, `real_dynamic_slice`,
  `set_dimension_size`) are rewritten into shlo ops with the same meaning by
  `shlo.importers.stablehlo_legacy.REWRITES` (each rule documents its rewrite). `func.func`, `func.call` and `func.return`
  pass through. Every `chlo.*` op is decomposed into shlo ops by
  `shlo.importers.chlo.DECOMPOSITIONS`; a CHLO op without a decomposition,
  any other dialect's op (`mhlo.*`, Shardy ops other than those below, ...), an
  attribute a shlo op does not have (a
  non-default `result_accuracy` on an op without one in shlo, ...) raise
  `shlo.ImportError` naming the op and its location. Nothing is dropped
  silently.
* Sharding, layout and other annotations: *discardable* attributes, i.e.
  those whose names carry a dialect prefix (`mhlo.sharding`,
  `mhlo.frontend_attributes`, `mhlo.layout_mode`, `mhlo.memory_kind`,
  `jax.result_info`, `jax.buffer_donor`, `tf.aliasing_output`,
  `mhlo.num_partitions`, ...), are kept verbatim on the module, functions,
  function arguments/results and ops when their value is a builtin attribute
  (string, integer, array, dictionary); they carry no shlo semantics (the
  verifier and interpreter ignore them) and `to_stablehlo` writes them back,
  so XLA sees the same shardings. A discardable attribute whose value belongs
  to another dialect (e.g. `#sdy.sharding<...>`) raises `shlo.ImportError`; such text
  inside a string is the string's. jax.export wrote Shardy's meshes and shardings into
  `mhlo.frontend_attributes` as strings in 2025 (`xla.sdy.meshes`, `xla.sdy.sharding`, with
  custom calls `@xla.sdy.FuncResultSharding`, `@xla.sdy.GlobalToLocalShape`, ...): that
  "round-trip" form is first rewritten into the sdy dialect (`importers/sdy_round_trip.py`),
  so its shardings become shlo's as below. XLA's `xla_shape` attribute (the result
  types again, with layouts) is dropped when every layout is XLA's default, and refused
  otherwise.
* Bounded dynamic dimensions (`tensor<?xf32, #stablehlo.bounds<16>>`) are
  read as unbounded ones: the bound limits the run-time size (XLA allocates
  by it) and changes no value, and shlo's types carry no bounds, so
  `to_stablehlo` writes the dimension unbounded (docs/stablehlo_parity.md).
* Optional attributes that JAX writes out at their default value
  (`precision_config` of all DEFAULT on `dot_general` and `convolution`;
  convolution strides and dilations of 1, zero padding, no reversal) are
  dropped: their absence means the same (spec/ops/<op>.yaml). So is infeed's
  `layout` when it is the default row-major layout of every result (any other
  layout raises: shlo cannot say it).
* `result_accuracy = #stablehlo.result_accuracy<...>` becomes
  `#shlo.accuracy<atol, rtol, ulps, mode>` on the twelve transcendental ops
  that have it in shlo (since 1.2.0); on any other op, mode DEFAULT with zero
  bounds means the same as no attribute and is dropped.
* Shardings (since shlo 1.4.0, `shlo.importers.stablehlo_sharding`):
  `sdy.mesh` -> `shlo.mesh`, `sdy.sharding` on function arguments/results ->
  `shlo.sharding`, an op's `sdy.sharding` -> `shlo.shardings`,
  `sdy.sharding_constraint` / `sdy.manual_computation` -> their shlo ops,
  GSPMD `mhlo.sharding` strings (replicated, maximal, tiled) -> shardings over
  meshes made for them, and GSPMD's `custom_call @Sharding` ->
  `shlo.sharding_constraint`; `sdy.sharding_rule` is dropped (Shardy
  recomputes it). `to_stablehlo` writes them all back as Shardy.
  Other `sdy.*` attributes are kept as their text in a string attribute of
  the same name; other Shardy ops raise (docs/sharding.md).
* The LAPACK custom calls JAX emits for CPU linear algebra are raised into
  portable shlo by `shlo.importers.stablehlo_lapack` (docs/linalg.md), and so are
  the GPU solvers' (`stablehlo_gpu_solvers`), those of exports made before the FFI
  kernels (`stablehlo_lapack_legacy`) and XLA's own `Qr` / `Eigh` /
  `LuDecomposition` (`stablehlo_xla_linalg`).
* Other custom calls are kept as `shlo.custom_call` with all their attributes
  (target-specific ones such as `error_message` verbatim);
  `api_version = N : i32` becomes `#shlo.custom_call_api_version<...>`.
"""
from __future__ import annotations

import functools
import re
from typing import Callable

import numpy as np
from mlir import ir

from ..errors import ImporterError
from ..verify._spec_table import ENUMS, OPS, STRUCTS

# --------------------------------------------------------------------------
# jaxlib's MLIR
# --------------------------------------------------------------------------


def jaxlib_context():
    """A jaxlib MLIR context with stablehlo, chlo, func (and the rest jax uses) loaded."""
    from jax._src.interpreters import mlir as jmlir
    ctx = jmlir.make_ir_context()
    try:  # jax.export artifacts carry Shardy attributes (sdy.sharding_rule, ...)
        from jaxlib.mlir.dialects import sdy
        sdy.register_dialect(ctx)
    except Exception:  # noqa: BLE001 - a jaxlib without Shardy
        pass
    return ctx


def parse_stablehlo(source, context=None, platform=None):
    """Parses StableHLO text (pretty/generic), bytecode or a portable artifact with jaxlib's MLIR.

    A `jax.export.Exported` (or its serialized bytes) made for several platforms takes the
    index of the platform as its first argument (`_platform_index`); it is bound here to
    `platform`'s index (default: "cpu" where the export has it, else its first platform)."""
    from jaxlib.mlir import ir as jir
    ctx = context or jaxlib_context()
    if isinstance(source, (bytes, bytearray, memoryview)) and not bytes(source[:4]) == b"ML\xefR":
        try:
            bytes(source).decode("utf-8")
        except UnicodeDecodeError:
            source = _exported(bytes(source))
    if hasattr(source, "mlir_module_serialized"):   # a jax.export.Exported
        module, ctx = parse_stablehlo(source.mlir_module_serialized, ctx)
        with ctx:
            _bind_platform_index(module, tuple(source.platforms), platform)
        return module, ctx
    elif hasattr(source, "operation") and not isinstance(source, (str, bytes)):   # jaxlib's ir.Module
        source = str(source.operation)             # (as `lowered.compiler_ir("stablehlo")` gives it)
    if isinstance(source, str):
        data = source.encode()
    elif isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
    else:
        raise TypeError(f"from_stablehlo() takes str or bytes, not {type(source).__name__}")
    with ctx:
        if data.startswith(b"ML\xefR"):
            try:  # jax's own reader (it knows every dialect jax.export writes, Shardy included)
                from jax._src.lib import _jax
                module = _jax.mlir.deserialize_portable_artifact(data)
                if isinstance(module, (str, bytes)):
                    module = jir.Module.parse(module)
                return module, ctx
            except Exception:  # noqa: BLE001
                pass
            try:
                from jaxlib.mlir.dialects import stablehlo as jshlo
                text = jshlo.deserialize_portable_artifact_str(data)
                return jir.Module.parse(text), ctx
            except Exception:  # noqa: BLE001 - plain bytecode, not an artifact
                pass
            try:
                return jir.Module.parse(data), ctx
            except Exception as e:  # noqa: BLE001
                raise ImporterError(f"not a StableHLO artifact or MLIR bytecode: {e}") from None
        text = data.decode("utf-8")
        if "check." in text:  # StableHLO's interpreter test ops (not a jaxlib dialect)
            from .check_dialect import rewrite_check_ops
            text = rewrite_check_ops(text)
        try:
            return jir.Module.parse(text), ctx
        except Exception as e:  # noqa: BLE001
            error = e
        from .stablehlo_text_upgrade import upgrade_text  # text printed before StableHLO's 2024 attributes
        upgraded = upgrade_text(text)
        if upgraded is not None:
            try:
                return jir.Module.parse(upgraded), ctx
            except Exception:  # noqa: BLE001 - the original error says what is wrong
                pass
        raise ImporterError(f"StableHLO text does not parse: {error}") from None


def _exported(data: bytes):
    """The `jax.export.Exported` that `Exported.serialize()` wrote as `data`."""
    try:
        from jax import export as jexport
        return jexport.deserialize(bytearray(data))
    except Exception:  # noqa: BLE001 - not a serialized Exported either
        raise ImporterError("not StableHLO text, MLIR bytecode, a StableHLO artifact or a serialized "
                            "jax.export.Exported") from None


def _bind_platform_index(module, platforms: tuple, platform) -> None:
    """Replaces main's `_platform_index` argument (jax.export's, for several platforms) by the
    constant index of `platform`: the program then takes the function's own inputs only."""
    from jaxlib.mlir import ir as jir
    from jaxlib.mlir.dialects import stablehlo as jshlo
    if platform is not None and platform not in platforms:
        raise ImporterError(f"the export was made for {', '.join(platforms)}, not {platform}")
    main = next((op for op in module.body.operations if op.operation.name == "func.func"
                 and jir.StringAttr(op.attributes["sym_name"]).value == "main"), None)
    if len(platforms) < 2 or main is None or not _is_platform_index(main):
        return
    index = platforms.index(platform or ("cpu" if "cpu" in platforms else platforms[0]))
    block = main.regions[0].blocks[0]
    arg = block.arguments[0]
    width = jir.IntegerType(jir.RankedTensorType(arg.type).element_type).width   # i32, or i64 under x64
    with jir.InsertionPoint.at_block_begin(block), jir.Location.unknown():
        const = jshlo.ConstantOp(jir.DenseElementsAttr.get(np.asarray(index, f"int{width}"))).result
    arg.replace_all_uses_with(const)
    block.erase_argument(0)
    ftype = jir.FunctionType(jir.TypeAttr(main.attributes["function_type"]).value)
    main.attributes["function_type"] = jir.TypeAttr.get(jir.FunctionType.get(ftype.inputs[1:], ftype.results))
    if "arg_attrs" in main.attributes:
        main.attributes["arg_attrs"] = jir.ArrayAttr.get(list(jir.ArrayAttr(main.attributes["arg_attrs"]))[1:])


def _is_platform_index(main) -> bool:
    from jaxlib.mlir import ir as jir
    if "arg_attrs" not in main.attributes:
        return False
    attrs = list(jir.ArrayAttr(main.attributes["arg_attrs"]))
    return bool(attrs) and 'jax.global_constant = "_platform_index"' in str(attrs[0])


# --------------------------------------------------------------------------
# types
# --------------------------------------------------------------------------

# XLA's bounded dynamic dimensions: `tensor<?x?xf32, #stablehlo.bounds<16, ?>>`.
_BOUNDS_RE = re.compile(r",\s*#stablehlo\.bounds<[^<>]*>")


@functools.lru_cache(maxsize=4096)
def type_to_shlo(text: str) -> str:
    """The shlo text of a StableHLO type. A bounded dynamic dimension becomes an unbounded one:
    the bound is an upper limit on the run-time size that XLA uses to allocate, and no op's
    values depend on it (a size above it makes the StableHLO program invalid, not different),
    so every valid run computes the same values without it; shlo's types have no bounds
    (docs/stablehlo_parity.md), so `to_stablehlo` writes the dimension unbounded."""
    if "#stablehlo.bounds" in text:
        text = _BOUNDS_RE.sub("", text)
        if "#stablehlo.bounds" in text:
            raise ImporterError(f"bounded dynamic type {text} has no shlo counterpart")
    return text.replace("!stablehlo.token", "!shlo.token")


@functools.lru_cache(maxsize=4096)
def type_to_stablehlo(text: str) -> str:
    if "!shlo.future" in text:
        raise ImporterError(f"type {text} has no StableHLO counterpart")
    return text.replace("!shlo.token", "!stablehlo.token")


# --------------------------------------------------------------------------
# attributes
# --------------------------------------------------------------------------

# Field order of each struct as shlo prints it.
STRUCT_FIELDS = {
    "dot_dimension_numbers": ["lhs_batching_dimensions", "rhs_batching_dimensions",
                              "lhs_contracting_dimensions", "rhs_contracting_dimensions"],
    "conv_dimension_numbers": ["input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions",
                               "kernel_input_feature_dimension", "kernel_output_feature_dimension",
                               "kernel_spatial_dimensions", "output_batch_dimension",
                               "output_feature_dimension", "output_spatial_dimensions"],
    "gather_dimension_numbers": ["offset_dims", "collapsed_slice_dims", "operand_batching_dims",
                                 "start_indices_batching_dims", "start_index_map", "index_vector_dim"],
    "scatter_dimension_numbers": ["update_window_dims", "inserted_window_dims", "input_batching_dims",
                                  "scatter_indices_batching_dims", "scatter_dims_to_operand_dims",
                                  "index_vector_dim"],
    "channel_handle": ["handle", "type"],
    "output_operand_alias": ["output_tuple_indices", "operand_index", "operand_tuple_indices"],
}
_API_VERSIONS = ENUMS["custom_call_api_version"]
_FIELD_RE = re.compile(r"(\w+)\s*=\s*(\[[^\]]*\]|-?\d+)")
_ENUM_RE = re.compile(r"#stablehlo<(\w+)\s+(\w+)>")
_STRING_RE = re.compile(r'"(?:[^"\\]|\\.)*"')
_SHLO_ENUM_RE = re.compile(r"#shlo\.(\w+)<(\w+)>")
_SHLO_STRUCT_RE = re.compile(r"#shlo\.(dot|conv|gather|scatter|channel_handle|output_operand_alias)<")


class AttrError(Exception):
    pass


def _dims(text: str) -> list:
    inner = text.strip()[1:-1].strip()
    return [int(x) for x in inner.split(",")] if inner else []


def _print_struct(kind: str, fields: dict) -> str:
    parts = []
    for name in STRUCT_FIELDS[kind]:
        v = fields.get(name, [] if STRUCTS[kind]["fields"][name] == "dims" else 0)
        parts.append(f"{name} = [{', '.join(str(x) for x in v)}]" if isinstance(v, list) else f"{name} = {v}")
    return f"#shlo.{STRUCTS[kind]['mnemonic']}<{', '.join(parts)}>"


def _parse_fields(body: str) -> dict:
    return {n: (_dims(v) if v.startswith("[") else int(v)) for n, v in _FIELD_RE.findall(body)}


def _conv_compact(body: str) -> dict:
    """`[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` -> conv dimension number fields."""
    m = re.fullmatch(r"\s*\[([^\]]*)\]\s*x\s*\[([^\]]*)\]\s*->\s*\[([^\]]*)\]\s*", body)
    if not m:
        raise AttrError(f"unrecognized conv dimension numbers <{body}>")
    out = {}
    for prefix, spec, special in (("input", m.group(1), ("b", "f")), ("kernel", m.group(2), ("i", "o")),
                                  ("output", m.group(3), ("b", "f"))):
        dims = [d.strip() for d in spec.split(",")]
        spatial = {}
        for pos, d in enumerate(dims):
            if d == special[0]:
                out[f"{prefix}_batch_dimension" if prefix != "kernel" else "kernel_input_feature_dimension"] = pos
            elif d == special[1]:
                out[f"{prefix}_feature_dimension" if prefix != "kernel" else "kernel_output_feature_dimension"] = pos
            else:
                spatial[int(d)] = pos
        out[f"{prefix}_spatial_dimensions"] = [spatial[i] for i in range(len(spatial))]
    return out


_ACCURACY_FIELD_RE = re.compile(r"\b(atol|rtol|ulps)\s*=\s*([-+0-9A-Za-z.]+)")


def _accuracy_fields(text: str) -> tuple[str, str, str, str]:
    """(atol, rtol, ulps, mode) texts of a `#stablehlo.result_accuracy<...>`; absent fields are 0."""
    m = re.fullmatch(r"#stablehlo\.result_accuracy<(.*)>", text.strip(), re.S)
    mode = re.search(r"result_accuracy_mode<(\w+)>", text)
    if not m or not mode or mode.group(1) not in ENUMS["result_accuracy_mode"]:
        raise AttrError(f"expected #stablehlo.result_accuracy<...> with a known mode, got {text}")
    fields = dict(_ACCURACY_FIELD_RE.findall(m.group(1)))
    return (fields.get("atol", "0.000000e+00"), fields.get("rtol", "0.000000e+00"), fields.get("ulps", "0"),
            mode.group(1))


def _accuracy_to_shlo(text: str) -> str:
    atol, rtol, ulps, mode = _accuracy_fields(text)
    return f"#shlo.accuracy<atol = {atol}, rtol = {rtol}, ulps = {ulps}, mode = #shlo.result_accuracy_mode<{mode}>>"


def _accuracy_is_default(text: str) -> bool:
    atol, rtol, ulps, mode = _accuracy_fields(text)
    try:
        return mode == "DEFAULT" and float(atol) == 0 and float(rtol) == 0 and int(ulps) == 0
    except ValueError:
        return False


def _all_precisions_default(text: str) -> bool:
    return set(re.findall(r"#shlo\.precision<(\w+)>", text)) <= {"DEFAULT"}


def _array_all(value: str) -> Callable[[str], bool]:
    def test(text: str) -> bool:
        m = re.fullmatch(r"array<i(?:64|1)(?::\s*(.*))?>", text.strip())
        return bool(m) and all(v.strip() == value for v in (m.group(1) or "").split(",") if v.strip())
    return test


def _dense_all_zero(text: str) -> bool:
    m = re.fullmatch(r"dense<(.*)>\s*:\s*tensor<[0-9x]*xi64>", text.strip(), re.S)
    return bool(m) and set(re.findall(r"-?\d+", m.group(1))) <= {"0"}


# Optional attributes whose value means exactly what the attribute's absence means
# (spec/ops/<op>.yaml). JAX writes them out; the importer drops them, so that
# programs and artifacts carry no redundant defaults.
_REDUNDANT_DEFAULTS: dict[tuple[str, str], Callable[[str], bool]] = {
    ("dot_general", "precision_config"): _all_precisions_default,
    ("convolution", "precision_config"): _all_precisions_default,
    ("convolution", "window_strides"): _array_all("1"),
    ("convolution", "lhs_dilation"): _array_all("1"),
    ("convolution", "rhs_dilation"): _array_all("1"),
    ("convolution", "window_reversal"): _array_all("false"),
    ("convolution", "padding"): _dense_all_zero,
}


def _default_xla_layouts(text: str) -> bool:
    """Whether every layout in an `xla_shape` string ("(f32[3,3]{1,0}, s32[3]{0})") is XLA's
    default, major to minor in order: then the attribute says no more than the types."""
    for layout in re.findall(r"\]\{([0-9,]*)\}", text):
        dims = [int(d) for d in layout.split(",") if d]
        if dims != sorted(dims, reverse=True):
            return False
    return True


def _default_infeed_layout(op, text: str) -> bool:
    """Whether infeed's `layout` (XLA minor-to-major dimension orders, one per data result) is
    the default row-major layout of every result: it says nothing the types do not, so the
    importer drops it (StableHLO's own `op_infeed` test writes `[[]]` for a tensor<f32>). Any
    other layout is refused: shlo has no way to say it."""
    try:
        layouts = [_dims(t) for t in _split_top(text)]
    except ValueError:
        return False
    data = [r.type for r in op.results][:-1]     # the last result is the token
    if len(layouts) != len(data):
        return False
    from jaxlib.mlir import ir as jir
    for layout, t in zip(layouts, data):
        try:
            rank = jir.RankedTensorType(t).rank
        except ValueError:       # not a tensor (a token or tuple has no layout to default)
            return False
        if layout != list(range(rank - 1, -1, -1)):
            return False
    return True


def _struct_to_shlo(kind: str, text: str) -> str:
    mnemonic = STRUCTS[kind]["mnemonic"]
    m = re.fullmatch(r"#stablehlo\.(\w+)<(.*)>", text.strip(), re.S)
    if not m or m.group(1) != mnemonic:
        raise AttrError(f"expected #stablehlo.{mnemonic}<...>, got {text}")
    body = m.group(2).strip()
    if kind == "conv_dimension_numbers":
        fields = _parse_fields(body[3:]) if body.startswith("raw") else _conv_compact(body)
    else:
        fields = _parse_fields(body)
    unknown = set(fields) - set(STRUCT_FIELDS[kind])
    if unknown:
        raise AttrError(f"{text}: fields {sorted(unknown)} have no shlo counterpart")
    return _print_struct(kind, fields)


def _split_top(text: str) -> list:
    """Splits `[a, b<c, d>, e]`'s body at top-level commas."""
    inner = text.strip()[1:-1]
    out, depth, cur = [], 0, ""
    for ch in inner:
        if ch in "<[({":
            depth += 1
        elif ch in ">])}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def attr_to_shlo(kind: str | None, text: str) -> str:
    """The shlo text of an attribute given as StableHLO text; `kind` is the spec kind (None = builtin)."""
    if kind in ENUMS:
        if kind == "custom_call_api_version":
            m = re.fullmatch(r"(\d+)\s*:\s*i32", text.strip())
            if not m or int(m.group(1)) >= len(_API_VERSIONS):
                raise AttrError(f"unknown custom_call api_version {text}")
            return f"#shlo.custom_call_api_version<{_API_VERSIONS[int(m.group(1))]}>"
        m = _ENUM_RE.fullmatch(text.strip())
        if not m or m.group(2) not in ENUMS[kind]:
            raise AttrError(f"expected a {kind}, got {text}")
        return f"#shlo.{kind}<{m.group(2)}>"
    if kind == "accuracy":
        return _accuracy_to_shlo(text)
    if kind == "dot_algorithm":   # the same fields, in the same order (since 1.6.0)
        m = re.fullmatch(r"#stablehlo\.dot_algorithm<(.*)>", text.strip(), re.S)
        if not m:
            raise AttrError(f"expected #stablehlo.dot_algorithm<...>, got {text}")
        return f"#shlo.dot_algorithm<{m.group(1)}>"
    if kind in STRUCTS:
        return _struct_to_shlo(kind, text)
    if kind in ("precision_config", "output_operand_aliases"):
        elem = "precision" if kind == "precision_config" else "output_operand_alias"
        return "[" + ", ".join(attr_to_shlo(elem, t) for t in _split_top(text)) + "]"
    if kind is None:
        # an enum in a discardable attribute (a custom call's rng_algorithm): shlo's spelling,
        # which attr_to_stablehlo turns back
        text = _ENUM_RE.sub(lambda m: f"#shlo.{m.group(1)}<{m.group(2)}>"
                            if m.group(1) in ENUMS and m.group(2) in ENUMS[m.group(1)] else m.group(0), text)
    bare = _STRING_RE.sub('""', text)   # a string's text is its own: Shardy's in frontend attributes
    if "#stablehlo" in bare or "!stablehlo" in bare or "#chlo" in bare or "#sdy" in bare:
        if "!stablehlo.token" in text and "#" not in text:
            return type_to_shlo(text)
        raise AttrError(f"attribute {text} has no shlo counterpart")
    return text


def _struct_to_stablehlo(m_text: str) -> str:
    return m_text


def attr_to_stablehlo(kind: str | None, text: str) -> str:
    """The StableHLO text of a shlo attribute's text."""
    if kind == "custom_call_api_version":
        m = _SHLO_ENUM_RE.fullmatch(text.strip())
        return f"{_API_VERSIONS.index(m.group(2))} : i32"
    if kind == "accuracy":
        return text.replace("#shlo.accuracy<", "#stablehlo.result_accuracy<").replace(
            "#shlo.result_accuracy_mode<", "#stablehlo.result_accuracy_mode<")
    if kind == "dot_algorithm":
        return text.replace("#shlo.dot_algorithm<", "#stablehlo.dot_algorithm<", 1)

    def enum(m):
        if m.group(1) in ENUMS:
            return f"#stablehlo<{m.group(1)} {m.group(2)}>"
        return m.group(0)
    text = _SHLO_ENUM_RE.sub(enum, text)
    text = _SHLO_STRUCT_RE.sub(lambda m: f"#stablehlo.{m.group(1)}<" + ("raw " if m.group(1) == "conv" else ""),
                               text)
    return type_to_stablehlo(text)


def _items(attributes):
    """(name, attribute) pairs of an op's attributes, whichever way the bindings iterate them."""
    out = []
    for i in range(len(attributes)):
        named = attributes[i]
        out.append((named.name, named.attr))
    return out


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _attr_kinds(op_name: str) -> dict:
    entry = OPS.get(op_name)
    return {a[0]: a[1] for a in entry["attributes"]} if entry else {}


def _builtin_kind(kind):
    return None if kind not in ENUMS and kind not in STRUCTS and kind not in (
        "precision_config", "output_operand_aliases") else kind


# --------------------------------------------------------------------------
# StableHLO -> shlo
# --------------------------------------------------------------------------

class _ChloBuilder:
    """The `b` handed to CHLO decompositions: builds shlo ops at the current insertion point."""

    def __init__(self, importer, loc):
        self._imp = importer
        self.loc = loc
        self.context = importer.ctx

    def op(self, op_name, *operands, result_types=None, **attributes):
        from ..builders import create
        op = create(op_name, *operands, result_types=result_types, loc=self.loc, **attributes)
        results = list(op.results)
        return results[0] if len(results) == 1 else results

    def constant(self, array, element=None):
        from ..literals import numpy_to_elements
        return self.op("constant", value=numpy_to_elements(array, element, self.context))


def _op_loc_text(op) -> str:
    return str(op.location)


class StableHLOImporter:
    """Translates a jaxlib (StableHLO) module into a shlo Program."""

    def __init__(self, context=None):
        from ..context import make_context
        self.ctx = context or make_context()
        self.values = {}
        self._locs = {}
        self._types = {}
        self._attrs = {}
        self.drop_shape_assertions = False
        self.sharding = None   # stablehlo_sharding.ShardingImport of the module being read

    # -- helpers -----------------------------------------------------------
    def loc(self, jloc):
        text = str(jloc)
        loc = self._locs.get(text)
        if loc is None:
            try:
                loc = ir.Location.from_attr(ir.Attribute.parse(text, self.ctx))
            except Exception:  # noqa: BLE001 - an unparseable location still names its text
                loc = ir.Location.name(text[:200], context=self.ctx)
            self._locs[text] = loc
        return loc

    def type(self, jtype, where=""):
        text = str(jtype)
        t = self._types.get(text)
        if t is None:
            try:
                t = ir.Type.parse(type_to_shlo(text), self.ctx)
            except ImporterError as e:
                raise ImporterError(f"{where}: {e}") from None
            except Exception as e:  # noqa: BLE001
                raise ImporterError(f"{where}: type {text} has no shlo counterpart ({e})") from None
            self._types[text] = t
        return t

    def attr(self, text: str):
        a = self._attrs.get(text)
        if a is None:
            a = self._attrs[text] = ir.Attribute.parse(text, self.ctx)
        return a

    @staticmethod
    def where(op) -> str:
        return f"{op.name} at {_op_loc_text(op)}"

    def fail(self, op, msg):
        raise ImporterError(f"{op.name} at {_op_loc_text(op)}: {msg}")

    def convert_attrs(self, op, shlo_name: str | None, keep=()) -> dict:
        kinds = _attr_kinds(shlo_name) if shlo_name else {}
        out = {}
        for name, attr in _items(op.attributes):
            text = str(attr)
            if name in keep:
                out[name] = self.attr(text)
                continue
            if "." in name and self.sharding is not None:   # sdy.sharding, mhlo.sharding, sdy.sharding_rule
                converted = self.sharding.op_attr(op, name, text)
                if converted is None:
                    continue
                if converted is not NotImplemented:
                    out[converted[0]] = converted[1]
                    continue
            kind = kinds.get(name, "__missing__")
            try:
                if kind == "__missing__":
                    if shlo_name == "infeed" and name == "layout" and _default_infeed_layout(op, text):
                        continue
                    if name == "result_accuracy":
                        if _accuracy_is_default(text):
                            continue
                        raise AttrError(f"result_accuracy {text} has no shlo counterpart on this op")
                    if name == "operandSegmentSizes":
                        continue
                    if name == "xla_shape" and _default_xla_layouts(text):
                        continue   # the result types again, in XLA's spelling with default layouts
                    if "." not in name and shlo_name != "custom_call":
                        raise AttrError(f"attribute {name} = {text} has no shlo counterpart")
                    if name.startswith("sdy.") and text.startswith("#sdy."):
                        new = _quote(text)   # kept as text; to_stablehlo parses it back
                    else:
                        new = attr_to_shlo(None, text)
                elif kind == "bool" and text == "unit":   # StableHLO's unit use_global_device_ids
                    new = "true"
                else:
                    new = attr_to_shlo(_builtin_kind(kind), text)
                if (shlo_name, name) in _REDUNDANT_DEFAULTS and _REDUNDANT_DEFAULTS[(shlo_name, name)](new):
                    continue  # says only what its absence says
                out[name] = self.attr(new)
            except ImporterError:
                raise
            except AttrError as e:
                self.fail(op, str(e))
            except Exception as e:  # noqa: BLE001
                self.fail(op, f"attribute {name} = {text} does not translate ({e})")
        return out

    # -- walking -----------------------------------------------------------
    def module(self, jmodule):
        from ..program import Program
        from .sdy_round_trip import rewrite as read_round_trip
        from .stablehlo_sharding import ShardingImport
        read_round_trip(jmodule)   # Shardy's shardings as 2025's jax.export wrote them -> the sdy dialect
        self.sharding = ShardingImport(self, jmodule)
        jop = jmodule.operation
        with self.ctx, self.loc(jop.location):
            module = ir.Module.create(self.loc(jop.location))
            mop = module.operation
            for name, attr in _items(jop.attributes):
                if name == "sym_name" or "." in name:
                    try:
                        mop.attributes[name] = self.attr(attr_to_shlo(None, str(attr)))
                    except Exception as e:  # noqa: BLE001
                        raise ImporterError(f"module attribute {name} = {attr}: {e}") from None
                else:
                    raise ImporterError(f"module attribute {name} = {attr} has no shlo counterpart")
            with ir.InsertionPoint(module.body):
                for op in jmodule.body.operations:
                    op = op.operation
                    if op.name == "sdy.mesh":
                        self.sharding.mesh(op)
                        continue
                    if op.name != "func.func":
                        self.fail(op, "only func.func and sdy.mesh may appear at the top level of a shlo module")
                    self.func(op)
            self.sharding.finish(module)
        return Program(module, self.ctx)

    def func(self, op):
        attrs = {}
        for name, attr in _items(op.attributes):
            text = str(attr)
            if name in ("sym_name", "sym_visibility"):
                attrs[name] = self.attr(text)
            elif name == "function_type":
                from jaxlib.mlir import ir as jir
                attrs[name] = ir.TypeAttr.get(self.type(jir.TypeAttr(attr).value, self.where(op)))
            elif name in ("arg_attrs", "res_attrs"):   # shardings become shlo's, the rest is kept
                from jaxlib.mlir import ir as jir
                ftype = jir.FunctionType(jir.TypeAttr(op.attributes["function_type"]).value)
                types = ftype.inputs if name == "arg_attrs" else ftype.results
                attrs[name] = self.sharding.value_attrs(attr, types, self.where(op))
            elif "." in name:   # discardable ones (dialect-prefixed)
                try:
                    attrs[name] = self.attr(attr_to_shlo(None, text))
                except (AttrError, Exception) as e:  # noqa: BLE001
                    self.fail(op, f"{name} {text} do not translate ({e})")
            else:
                self.fail(op, f"function attribute {name} = {text} has no shlo counterpart")
        new = ir.Operation.create("func.func", attributes=attrs, regions=1, loc=self.loc(op.location))
        self.region(op.regions[0], new.regions[0], op)

    def region(self, jregion, region, owner):
        blocks = list(jregion.blocks)
        if len(blocks) > 1:
            self.fail(owner, "regions with more than one block have no shlo counterpart")
        for jblock in blocks:
            args = list(jblock.arguments)
            block = region.blocks.append(*[self.type(a.type, self.where(owner)) for a in args],
                                         arg_locs=[self.loc(a.location) for a in args])
            for a, b in zip(args, block.arguments):
                self.values[a] = b
            with ir.InsertionPoint(block):
                for jop in jblock.operations:
                    self.operation(jop.operation)

    def operands(self, op):
        try:
            return [self.values[v] for v in op.operands]
        except KeyError:
            self.fail(op, "uses a value defined outside what was translated")

    def operation(self, op):
        name = op.name
        dialect, _, short = name.partition(".")
        loc = self.loc(op.location)
        if name == "stablehlo.return" and op.parent.name == "func.func":
            # JAX ends some functions it writes (lax.approx_max_k's comparator) with
            # stablehlo.return, which StableHLO's verifier lets through: it is func.return.
            name = "func.return"
        if name in ("func.return", "func.call"):
            keep = ("callee",) if name == "func.call" else ()
            attrs = self.convert_attrs(op, None, keep=keep)
            new = ir.Operation.create(name, results=[self.type(r.type, self.where(op)) for r in op.results],
                                      operands=self.operands(op), attributes=attrs, loc=loc)
        elif dialect == "stablehlo":
            if (short == "custom_call" and self.drop_shape_assertions and not len(op.results)
                    and str(op.attributes["call_target_name"]) == '"shape_assertion"'):
                return
            if short == "custom_call" and self.sharding is not None:
                from .stablehlo_sharding import is_gspmd_constraint
                if is_gspmd_constraint(op):   # GSPMD's with_sharding_constraint
                    new = self.sharding.operation(op, loc)
                    for a, b in zip(op.results, new.results):
                        self.values[a] = b
                    return
            if short == "custom_call":
                # LAPACK FFI targets JAX emits for CPU linear algebra (lapack_?potrf_ffi, ...) are
                # raised into portable shlo (cholesky, triangular_solve, shlo.linalg.* composites)
                # by shlo.importers.stablehlo_lapack; every other custom_call is kept as it is.
                from .stablehlo_lapack import raise_lapack
                if raise_lapack(self, op, loc):
                    return
            entry = OPS.get(short)
            if entry is None:
                from .stablehlo_legacy import REWRITES
                if short in REWRITES:   # deprecated / legacy ops: rewritten into shlo ops
                    return self.decompose(op, REWRITES[short], loc, "legacy op rewrite")
                self.fail(op, f"StableHLO op {name} has no shlo counterpart")
            new = self.generic(op, short, entry, loc)
        elif dialect == "chlo":
            try:
                from .chlo import DECOMPOSITIONS
            except ModuleNotFoundError:
                DECOMPOSITIONS = {}
            fn = DECOMPOSITIONS.get(short)
            if fn is None:
                self.fail(op, f"CHLO op {name} has no decomposition into shlo")
            return self.decompose(op, fn, loc, "decomposition")
        elif dialect == "sdy" and self.sharding is not None:
            new = self.sharding.operation(op, loc)
        else:
            self.fail(op, f"op {name} has no shlo counterpart")
        for a, b in zip(op.results, new.results):
            self.values[a] = b

    def decompose(self, op, fn, loc, what):
        """Replaces `op` by the shlo ops `fn(b, operands, attrs, result_types)` builds
        (CHLO decompositions, legacy StableHLO rewrites); their results must have the op's types."""
        from .stablehlo_legacy import LegacyError
        attrs = {n: str(a) for n, a in _items(op.attributes)}
        rtypes = [type_to_shlo(str(r.type)) for r in op.results]
        with loc:
            try:
                res = fn(_ChloBuilder(self, loc), self.operands(op), attrs, rtypes)
            except ImporterError:
                raise
            except LegacyError as e:
                self.fail(op, str(e))
            except Exception as e:  # noqa: BLE001
                self.fail(op, f"{what} failed ({type(e).__name__}: {e})")
        if not isinstance(res, (list, tuple)):
            res = [res]
        if len(res) != len(op.results):
            self.fail(op, f"{what} gave {len(res)} results, expected {len(op.results)}")
        for a, b in zip(op.results, res):
            want = self.type(a.type, self.where(op))
            if what != "decomposition" and b.type != want:
                self.fail(op, f"{what} gives a result of type {b.type}, the op declares {want}")
            self.values[a] = b

    def constant(self, op, loc):
        """stablehlo.constant (or Shardy's sdy.constant) through its text: the bindings cannot
        hand complex literals to Python. A sharding on it (`sdy.sharding`, `mhlo.sharding`) is kept."""
        text = op.get_asm(print_generic_op_form=True, enable_debug_info=False)
        m = re.search(r"<\{value = (.*?)\}>(?: \{.*\})? : \(\) -> ", text, re.S)
        # `value` is never handed to Python: jaxlib's bindings abort the process (an uncaught
        # C++ exception) when they downcast a complex dense attribute written in hex.
        names = [op.attributes[i].name for i in range(len(op.attributes))]
        extra = [(n, str(op.attributes[n])) for n in names if n != "value"]
        placed = [self.sharding.op_attr(op, n, a) for n, a in extra] if self.sharding is not None else []
        if not m or len(extra) != len(placed) or NotImplemented in placed:
            self.fail(op, "unexpected constant form")
        rtype = self.type(op.results[0].type, self.where(op))
        value = _repack_bool_hex(m.group(1))
        try:
            new = ir.Operation.parse(f'"shlo.constant"() {{value = {value}}} : () -> {rtype}', context=self.ctx)
        except Exception as e:  # noqa: BLE001
            self.fail(op, f"constant does not translate ({e})")
        for converted in placed:
            if converted is not None:
                new.attributes[converted[0]] = converted[1]
        new.location = loc
        ir.InsertionPoint.current.insert(new)
        return new

    def generic(self, op, short, entry, loc):
        if short == "constant":
            return self.constant(op, loc)
        operands = self.operands(op)
        attrs = self.convert_attrs(op, short)
        decls = entry["operands"]
        variadic = [d for d in decls if d[4]]
        if len(variadic) > 1:
            if "operandSegmentSizes" in op.attributes:
                from jaxlib.mlir import ir as jir
                sizes = list(jir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
            else:
                fixed = len(decls) - len(variadic)
                per = (len(operands) - fixed) // len(variadic)
                sizes = [per if d[4] else 1 for d in decls]
            attrs["operandSegmentSizes"] = ir.DenseI32ArrayAttr.get(sizes, context=self.ctx)
        new = ir.Operation.create(f"shlo.{short}", results=[self.type(r.type, self.where(op)) for r in op.results],
                                  operands=operands, attributes=attrs, regions=len(op.regions), loc=loc)
        for jr, r in zip(op.regions, new.regions):
            self.region(jr, r, op)
        return new


def import_module(jmodule, context=None, *, drop_shape_assertions: bool = False):
    """A shlo Program from a jaxlib `ir.Module` holding StableHLO (unverified).

    `drop_shape_assertions` leaves out jax.export's `custom_call @shape_assertion`
    run-time checks of symbolic dimensions (only when asked).
    """
    imp = StableHLOImporter(context)
    imp.drop_shape_assertions = drop_shape_assertions
    return imp.module(jmodule)


def from_stablehlo(source, *, context=None, verify: bool = True, platform: str | None = None):
    """A shlo Program from StableHLO: text (pretty or generic), bytecode, a portable artifact or
    a `jax.export.Exported` (or the bytes of its `serialize()`).

    An Exported made for several platforms runs as made for `platform` (default: "cpu" where
    it was made for the CPU, else its first platform). Raises shlo.ImportError for constructs
    without a shlo counterpart, naming the op and its location.
    """
    jmodule, _jctx = parse_stablehlo(source, platform=platform)
    prog = import_module(jmodule, context)
    return prog.verify() if verify else prog


# --------------------------------------------------------------------------
# shlo -> StableHLO
# --------------------------------------------------------------------------

# stablehlo ops whose operand groups are not AttrSizedOperandSegments
_NO_SEGMENTS = True


class StableHLOExporter:
    def __init__(self, jctx):
        from jaxlib.mlir import ir as jir
        self.jir = jir
        self.ctx = jctx
        self.values = {}
        self._locs = {}
        self._types = {}
        self._attrs = {}
        self.maximal = frozenset()   # single-device meshes: Shardy writes their shardings without dims

    def loc(self, loc):
        text = str(loc)
        j = self._locs.get(text)
        if j is None:
            jir = self.jir
            try:  # jaxlib's bindings cannot hand back a parsed location attribute; parse it on an op
                j = jir.Module.parse(f"module {{}} {text}", self.ctx).operation.location
            except Exception:  # noqa: BLE001
                j = jir.Location.name(text[:200], context=self.ctx)
            self._locs[text] = j
        return j

    def type(self, t):
        text = str(t)
        j = self._types.get(text)
        if j is None:
            j = self._types[text] = self.jir.Type.parse(type_to_stablehlo(text), self.ctx)
        return j

    def attr(self, text):
        a = self._attrs.get(text)
        if a is None:
            try:
                a = self._attrs[text] = self.jir.Attribute.parse(text, self.ctx)
            except Exception as e:  # noqa: BLE001
                raise ImporterError(f"attribute {text} does not parse as StableHLO ({e})") from None
        return a

    def module(self, module):
        from .stablehlo_sharding import maximal_meshes
        jir = self.jir
        mop = module.operation
        self.maximal = maximal_meshes(module)
        with self.ctx, self.loc(mop.location):
            jmodule = jir.Module.create(self.loc(mop.location))
            for name, attr in _items(mop.attributes):
                jmodule.operation.attributes[name] = self.attr(attr_to_stablehlo(None, str(attr)))
            with jir.InsertionPoint(jmodule.body):
                for op in module.body.operations:
                    self.operation(op.operation)
        return jmodule

    def region(self, region, jregion, terminator: str | None = None):
        for block in region.blocks:
            args = list(block.arguments)
            jblock = jregion.blocks.append(*[self.type(a.type) for a in args],
                                           arg_locs=[self.loc(a.location) for a in args])
            for a, b in zip(args, jblock.arguments):
                self.values[a] = b
            with self.jir.InsertionPoint(jblock):
                for op in block.operations:
                    op = op.operation
                    if terminator and op.name == "shlo.return":   # sdy.return of a manual computation
                        self.jir.Operation.create(terminator, operands=[self.values[v] for v in op.operands],
                                                  loc=self.loc(op.location))
                        continue
                    self.operation(op)

    def operation(self, op):
        jir = self.jir
        name = op.name
        if name in ("shlo.mesh", "shlo.sharding_constraint", "shlo.manual_computation"):
            from .stablehlo_sharding import export_mesh, export_operation
            return export_mesh(self, op) if name == "shlo.mesh" else export_operation(self, op)
        if name.startswith("shlo."):
            short = name[5:]
            if short in ("async_start", "async_done"):
                raise ImporterError(f"{name} at {op.location}: has no StableHLO counterpart")
            if short == "custom_call" and _is_shlo_check(op):
                return      # shlo's own run-time checks: no other consumer implements them
            jname = "stablehlo." + short
            kinds = _attr_kinds(short)
        elif name.startswith("func."):
            jname, kinds = name, {}
        else:
            raise ImporterError(f"{name} at {op.location}: has no StableHLO counterpart")
        attrs = {}
        for aname, attr in (_items(op.attributes) if name != "shlo.constant" else ()):
            if aname == "operandSegmentSizes":
                continue
            if name == "func.func" and aname == "function_type":
                attrs[aname] = jir.TypeAttr.get(self.type(ir.TypeAttr(attr).value))
                continue
            if name == "func.func" and aname in ("arg_attrs", "res_attrs"):   # shlo.sharding -> sdy.sharding
                from .shardy import shlo_text_to_sdy
                attrs[aname] = self.attr(attr_to_stablehlo(None, shlo_text_to_sdy(str(attr), self.maximal)))
                continue
            if aname == "shlo.shardings":
                from .stablehlo_sharding import export_op_attr
                key, value = export_op_attr(self, aname, attr)
                attrs[key] = value
                continue
            if aname.startswith("sdy.") and isinstance(attr, ir.StringAttr) and attr.value.startswith("#sdy."):
                attrs[aname] = self.attr(attr.value)
                continue
            if aname == "use_global_device_ids":   # a unit attribute in StableHLO: present means true
                if ir.BoolAttr(attr).value:
                    attrs[aname] = jir.UnitAttr.get(self.ctx)
                continue
            attrs[aname] = self.attr(attr_to_stablehlo(kinds.get(aname), str(attr)))
        operands = [self.values[v] for v in op.operands]
        if name == "shlo.constant":
            return self.constant(op)
        new = jir.Operation.create(jname, results=[self.type(r.type) for r in op.results], operands=operands,
                                   attributes=attrs, regions=len(op.regions), loc=self.loc(op.location))
        for r, jr in zip(op.regions, new.regions):
            self.region(r, jr)
        for a, b in zip(op.results, new.results):
            self.values[a] = b
        return new


    def constant(self, op):
        """shlo.constant through its text: the bindings cannot hand some literals to Python."""
        from .. import _shlo_ext
        jir = self.jir
        text = _shlo_ext.attribute_text(op, "value").decode()
        # (the bindings cannot hand a complex dense literal to Python: look at its text first)
        blob = _shlo_ext.dense_resource_bytes(op.attributes["value"]) if text.startswith("dense_resource") else None
        if blob is not None:     # weights: a blob again on the StableHLO side, never text
            import numpy as np
            name = str(op.attributes["value"]).split("<", 1)[1].split(">", 1)[0]
            value = jir.DenseResourceElementsAttr.get_from_buffer(
                memoryview(np.frombuffer(blob, np.uint8)), name, self.type(op.results[0].type), context=self.ctx)
            new = jir.Operation.create("stablehlo.constant", results=[self.type(op.results[0].type)],
                                       attributes={"value": value}, loc=self.loc(op.location))
        else:
            value = _unpack_bool_hex(text)
            new = jir.Operation.parse(f'"stablehlo.constant"() {{value = {value}}} : () -> '
                                      f'{self.type(op.results[0].type)}', context=self.ctx)
            new.location = self.loc(op.location)
            jir.InsertionPoint.current.insert(new)
        if "shlo.shardings" in op.attributes:   # a placed constant (Shardy's sdy.constant, or JAX's)
            from .stablehlo_sharding import export_op_attr
            new.attributes["sdy.sharding"] = export_op_attr(self, "shlo.shardings", op.attributes["shlo.shardings"])[1]
        self.values[op.results[0]] = new.results[0]
        return new


def _is_shlo_check(op) -> bool:
    """A `check.assert` an importer adds where its framework raises at run time (ONNX
    GatherElements' index range): shlo's interpreter and back ends evaluate it; XLA has no
    implementation, so the StableHLO form leaves it out (its operands, if unused, stay as dead
    code for the consumer to remove)."""
    return (not len(op.results) and "call_target_name" in op.attributes
            and ir.StringAttr(op.attributes["call_target_name"]).value == "check.assert")


def export_module(prog, jctx=None):
    """A jaxlib `ir.Module` holding the StableHLO form of a shlo Program."""
    from .stablehlo_sharding import restore_sharding_groups
    jctx = jctx or jaxlib_context()
    jmodule = StableHLOExporter(jctx).module(prog.module)
    restore_sharding_groups(jmodule)   # shard_alike's sdy.sharding_group ops, kept as attributes
    return jmodule


def to_stablehlo(prog, *, debug_info: bool = True) -> str:
    """StableHLO text of a shlo Program, which jaxlib's MLIR parses and XLA compiles.

    `shlo.X` becomes `stablehlo.X`; attributes and types are written in
    StableHLO's syntax; locations (with `debug_info`) and discardable
    attributes come along. Raises shlo.ImportError for shlo constructs
    StableHLO lacks (async_start/async_done futures).
    """
    from ..program import Program
    if not isinstance(prog, Program):
        from ..program import parse
        prog = parse(prog)
    jmodule = export_module(prog)
    if not jmodule.operation.verify():
        raise ImporterError("the StableHLO module does not verify")
    return jmodule.operation.get_asm(enable_debug_info=debug_info)


_BOOL_HEX = re.compile(r'dense<"0x([0-9A-Fa-f]*)">\s*:\s*tensor<([0-9x]*)i1>\Z', re.S)


def _bool_hex(text: str):
    """(raw bytes, shape text, element count) of a bool tensor's hex literal, or None."""
    m = _BOOL_HEX.match(text.strip())
    if not m:
        return None
    count = 1
    for d in m.group(2).split("x"):
        if d:
            count *= int(d)
    return bytes.fromhex(m.group(1)), m.group(2), count


def _repack_bool_hex(text: str) -> str:
    """jaxlib's MLIR writes a bool tensor's hex blob with one byte per element; MLIR 22 reads
    eight elements per byte (bit i of a byte is element i): repack when the sizes say so."""
    import numpy as np
    found = _bool_hex(text)
    if found is None or len(found[0]) != found[2]:
        return text
    raw, shape, _ = found
    bits = np.packbits(np.frombuffer(raw, np.uint8) != 0, bitorder="little")
    return f'dense<"0x{bits.tobytes().hex().upper()}"> : tensor<{shape}i1>'


def _unpack_bool_hex(text: str) -> str:
    """The other way, for jaxlib: one byte per element."""
    import numpy as np
    found = _bool_hex(text)
    if found is None or len(found[0]) != (found[2] + 7) // 8 or found[2] <= 1:
        return text
    raw, shape, count = found
    one_per_byte = np.unpackbits(np.frombuffer(raw, np.uint8), bitorder="little")[:count]
    return f'dense<"0x{one_per_byte.tobytes().hex().upper()}"> : tensor<{shape}i1>'
