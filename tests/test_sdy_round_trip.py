"""Shardy's round-trip form (2025 jax.export: shardings as strings in frontend attributes, Shardy's
ops as custom calls) imports as shardings: importers/sdy_round_trip.py.

Each construct is written twice, in the round-trip form and in the sdy dialect; both import to the
same shlo text and interpret to the same values. Programs XLA itself writes in the form (jaxlib's
HLO round trip) and JAX's own corpus data sets import with their shardings, and to_stablehlo writes
them back as Shardy, which jaxlib parses and XLA runs.
"""
from __future__ import annotations

import os
import sys

import numpy as np
import pytest

import shlo

pytest.importorskip("jax")


def s(text: str) -> str:
    """`text` (Shardy attribute syntax) as an MLIR string literal, as XLA writes it into a frontend attribute."""
    return '"' + text.replace('"', "\\22") + '"'


MESHES = s('{mesh = #sdy.mesh<["a"=2, "b"=2]>}')


def same(round_trip: str, sdy: str, *args):
    """Both forms import to one shlo text and interpret to the same values; returns the program."""
    got, want = shlo.from_stablehlo(round_trip), shlo.from_stablehlo(sdy)
    assert "xla.sdy" not in got.text()
    assert got.text() == want.text()
    if args:
        for a, b in zip(shlo.interpret(got, *args), shlo.interpret(want, *args)):
            np.testing.assert_array_equal(a, b)
    return got


X = np.arange(32, dtype=np.float32).reshape(8, 4)
Y = np.full((8, 4), 0.5, np.float32)


def test_meshes_argument_result_and_op_shardings():
    """xla.sdy.meshes -> meshes; xla.sdy.sharding on arguments, ops and (through FuncResultSharding)
    results -> sdy.sharding; the mhlo.sharding XLA keeps beside them is dropped."""
    rt = f"""module @m attributes {{mhlo.frontend_attributes = {{xla.sdy.meshes = {MESHES}}}}} {{
      func.func @main(%x: tensor<8x4xf32> {{mhlo.frontend_attributes = {{xla.sdy.sharding = {s('#sdy.sharding<@mesh, [{"a"}, {}]>')}}}, mhlo.sharding = "{{replicated}}"}},
                      %y: tensor<8x4xf32>) -> (tensor<8x4xf32> {{mhlo.sharding = "{{replicated}}"}}, tensor<8x4xf32>) {{
        %0 = stablehlo.add %x, %y {{mhlo.frontend_attributes = {{xla.sdy.sharding = {s('#sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>')}}}, mhlo.sharding = "{{replicated}}"}} : tensor<8x4xf32>
        %1 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%0) {{has_side_effect = true, mhlo.frontend_attributes = {{xla.sdy.sharding = {s('#sdy.sharding_per_value<[<@mesh, [{}, {"a"}p1]>]>')}}}}} : (tensor<8x4xf32>) -> tensor<8x4xf32>
        return %1, %y : tensor<8x4xf32>, tensor<8x4xf32>
      }}
    }}"""
    sdy = """module @m {
      sdy.mesh @mesh = <["a"=2, "b"=2]>
      func.func @main(%x: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %y: tensor<8x4xf32>)
          -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}p1]>}, tensor<8x4xf32>) {
        %0 = stablehlo.add %x, %y {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x4xf32>
        return %0, %y : tensor<8x4xf32>, tensor<8x4xf32>
      }
    }"""
    prog = same(rt, sdy, X, Y)
    text = prog.text()
    assert "shlo.mesh @mesh" in text and text.count("shlo.sharding = ") == 2 and "shlo.shardings" in text
    assert "mhlo.sharding" not in text and "custom_call" not in text


def test_older_meshes_quoted_without_brackets():
    """Exports of early 2025 quote each mesh and write its axes without brackets."""
    old = s('{mesh = "#sdy.mesh<\\"a\\"=2, \\"b\\"=2>", maximal = "#sdy.mesh<device_ids=[3]>"}')
    rt = f"""module @m attributes {{mhlo.frontend_attributes = {{xla.sdy.meshes = {old}}}}} {{
      func.func @main(%x: tensor<8x4xf32> {{mhlo.frontend_attributes = {{xla.sdy.sharding = {s('#sdy.sharding<@mesh, [{"b"}, {}]>')}}}}})
          -> (tensor<8x4xf32> {{mhlo.frontend_attributes = {{xla.sdy.sharding = {s('#sdy.sharding<@maximal, []>')}}}}}) {{
        return %x : tensor<8x4xf32>
      }}
    }}"""
    sdy = """module @m {
      sdy.mesh @maximal = <[], device_ids=[3]>
      sdy.mesh @mesh = <["a"=2, "b"=2]>
      func.func @main(%x: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>})
          -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@maximal, []>}) {
        return %x : tensor<8x4xf32>
      }
    }"""
    same(rt, sdy, X)


def test_sharding_constraints_and_func_result_sharding_used_inside():
    """custom_call @Sharding with xla.sdy.sharding -> sdy.sharding_constraint (open dimensions
    kept); a FuncResultSharding whose value other ops use too is a constraint there as well;
    one whose value is unused still gives the returned operand its sharding."""
    def per_value(body):
        return s("#sdy.sharding_per_value<[<@mesh, " + body + ">]>")
    rt = f"""module @m attributes {{mhlo.frontend_attributes = {{xla.sdy.meshes = {MESHES}}}}} {{
      func.func @main(%x: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) {{
        %0 = stablehlo.custom_call @Sharding(%x) {{mhlo.frontend_attributes = {{xla.sdy.sharding = {per_value('[{"a", ?}, {?}]')}}}, mhlo.sharding = "{{replicated}}"}} : (tensor<8x4xf32>) -> tensor<8x4xf32>
        %1 = stablehlo.custom_call @local_xla.sdy.FuncResultSharding(%0) {{mhlo.frontend_attributes = {{xla.sdy.sharding = {per_value('[{"b"}, {}]')}}}}} : (tensor<8x4xf32>) -> tensor<8x4xf32>
        %2 = stablehlo.multiply %1, %1 : tensor<8x4xf32>
        %3 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%x) {{mhlo.frontend_attributes = {{xla.sdy.sharding = {per_value('[{}, {"a"}]')}}}}} : (tensor<8x4xf32>) -> tensor<8x4xf32>
        return %1, %2, %x : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>
      }}
    }}"""
    sdy = """module @m {
      sdy.mesh @mesh = <["a"=2, "b"=2]>
      func.func @main(%x: tensor<8x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>},
                                              tensor<8x4xf32>,
                                              tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
        %0 = sdy.sharding_constraint %x <@mesh, [{"a", ?}, {?}]> : tensor<8x4xf32>
        %1 = sdy.sharding_constraint %0 <@mesh, [{"b"}, {}]> : tensor<8x4xf32>
        %2 = stablehlo.multiply %1, %1 : tensor<8x4xf32>
        return %1, %2, %x : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>
      }
    }"""
    prog = same(rt, sdy, X)
    assert prog.text().count("shlo.sharding_constraint") == 2


def test_sharding_group_propagation_barrier_and_sharding_rule():
    rule = "#sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4}, custom>"
    rt = f"""module @m attributes {{mhlo.frontend_attributes = {{xla.sdy.meshes = {MESHES}}}}} {{
      func.func @main(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {{
        %0 = stablehlo.negate %x : tensor<8x4xf32>
        stablehlo.custom_call @local_xla.sdy.ShardingGroup(%0) {{has_side_effect = true, mhlo.frontend_attributes = {{xla.sdy.sharding_group_id = "21 : i64"}}}} : (tensor<8x4xf32>) -> ()
        %1 = stablehlo.custom_call @xla.sdy.PropagationBarrier(%0) {{mhlo.frontend_attributes = {{xla.sdy.allowed_direction = "2 : i32"}}}} : (tensor<8x4xf32>) -> tensor<8x4xf32>
        %2 = stablehlo.custom_call @my_kernel(%1) {{mhlo.frontend_attributes = {{xla.sdy.sharding_rule = {s(rule)}, other = "kept"}}}} : (tensor<8x4xf32>) -> tensor<8x4xf32>
        return %2 : tensor<8x4xf32>
      }}
    }}"""
    sdy = f"""module @m {{
      sdy.mesh @mesh = <["a"=2, "b"=2]>
      func.func @main(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {{
        %0 = stablehlo.negate %x : tensor<8x4xf32>
        sdy.sharding_group %0 group_id=21 : tensor<8x4xf32>
        %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD : tensor<8x4xf32>
        %2 = stablehlo.custom_call @my_kernel(%1) {{mhlo.frontend_attributes = {{other = "kept"}}, sdy.sharding_rule = {rule}}} : (tensor<8x4xf32>) -> tensor<8x4xf32>
        return %2 : tensor<8x4xf32>
      }}
    }}"""
    prog = same(rt, sdy)
    assert 'sdy.sharding_groups = "0:21"' in prog.text() and "op_sharding_rule" in prog.text()


def test_inline_and_maximal_meshes_and_a_sharding_that_does_not_fit():
    """An inline mesh in a sharding; a callback's maximal sharding on its empty-tuple result; an
    op sharding with another count of values than the op has results (XLA copies frontend
    attributes onto ops of other shapes) is dropped, as XLA's own import drops it. (A callback
    without results, `-> tuple<>`: test_a_callback_placed_on_one_device_with_an_empty_tuple_result.)"""
    maximal = s("{maximal_mesh_0 = #sdy.mesh<[], device_ids=[0]>, mesh = #sdy.mesh<[\"a\"=2, \"b\"=2]>}")
    two = s('#sdy.sharding_per_value<[<@mesh, [{}]>, <@mesh, [{}]>]>')
    rt = f"""module @m attributes {{mhlo.frontend_attributes = {{xla.sdy.meshes = {maximal}}}}} {{
      func.func @main(%x: tensor<8xf32> {{mhlo.frontend_attributes = {{xla.sdy.sharding = {s('#sdy.sharding<mesh<["c"=4]>, [{"c"}]>')}}}}}) -> tensor<8xf32> {{
        %0 = stablehlo.negate %x {{mhlo.frontend_attributes = {{xla.sdy.sharding = {two}}}}} : tensor<8xf32>
        %1 = stablehlo.custom_call @xla_ffi_python_cpu_callback(%0) {{api_version = 4 : i32, has_side_effect = true,
            mhlo.frontend_attributes = {{xla.sdy.sharding = {s('#sdy.sharding_per_value<[<@maximal_mesh_0, []>]>')}}}, mhlo.sharding = "{{maximal device=0}}"}} : (tensor<8xf32>) -> tensor<8xf32>
        return %0 : tensor<8xf32>
      }}
    }}"""
    sdy = """module @m {
      sdy.mesh @maximal_mesh_0 = <[], device_ids=[0]>
      sdy.mesh @mesh = <["a"=2, "b"=2]>
      func.func @main(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["c"=4]>, [{"c"}]>}) -> tensor<8xf32> {
        %0 = stablehlo.negate %x : tensor<8xf32>
        %1 = stablehlo.custom_call @xla_ffi_python_cpu_callback(%0) {api_version = 4 : i32, has_side_effect = true,
            sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh_0, []>]>} : (tensor<8xf32>) -> tensor<8xf32>
        return %0 : tensor<8xf32>
      }
    }"""
    prog = same(rt, sdy)
    assert "mhlo.sharding" not in prog.text() and "shlo.shardings" in prog.text()


def test_a_callback_placed_on_one_device_with_an_empty_tuple_result():
    """XLA's round trip writes a host callback without results as `-> tuple<>` with its placement
    (`{maximal device=0}`): shlo's shardings are of tensors (sharding.C4), so the placement is
    dropped, as on a callback without results; the verifier used to refuse the program. A sharding
    that splits such a value is refused (by Shardy's parser, or by the importer for GSPMD's form)."""
    maximal = s("{maximal_mesh_0 = #sdy.mesh<[], device_ids=[0]>, mesh = #sdy.mesh<[\"a\"=2, \"b\"=2]>}")

    def program(per_value, gspmd):
        return f"""module @m attributes {{mhlo.frontend_attributes = {{xla.sdy.meshes = {maximal}}}}} {{
          func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {{
            %0 = stablehlo.custom_call @xla_ffi_python_cpu_callback(%x) {{api_version = 4 : i32, has_side_effect = true,
                mhlo.frontend_attributes = {{xla.sdy.sharding = {s(per_value)}}}, mhlo.sharding = "{gspmd}"}} : (tensor<8xf32>) -> tuple<>
            %1 = stablehlo.negate %x : tensor<8xf32>
            return %1 : tensor<8xf32>
          }}
        }}"""
    sdy = """module @m {
      sdy.mesh @maximal_mesh_0 = <[], device_ids=[0]>
      func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
        %0 = stablehlo.custom_call @xla_ffi_python_cpu_callback(%x) {api_version = 4 : i32, has_side_effect = true,
            sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh_0, []>]>} : (tensor<8xf32>) -> tuple<>
        %1 = stablehlo.negate %x : tensor<8xf32>
        return %1 : tensor<8xf32>
      }
    }"""
    for text in (program("#sdy.sharding_per_value<[<@maximal_mesh_0, []>]>", "{{maximal device=0}}"), sdy):
        prog = shlo.from_stablehlo(text)
        assert "tuple<>" in prog.text() and "shlo.shardings" not in prog.text()
        prog.verify()
    gspmd = sdy.replace("sdy.mesh @maximal_mesh_0 = <[], device_ids=[0]>", "").replace(
        "sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh_0, []>]>", 'mhlo.sharding = "{replicated}"')
    assert "shlo.shardings" not in shlo.from_stablehlo(gspmd).text()
    with pytest.raises(shlo.ImporterError, match="does not fit a value of rank 0"):
        shlo.from_stablehlo(gspmd.replace("{replicated}", "{devices=[2]0,1}"))


def test_sharding_groups_are_written_back_on_a_constraint_too():
    """The group of a value a constraint makes survives to_stablehlo (it used to be lost there,
    for the sdy dialect too: the constraint's export did not carry it)."""
    per_value = s('#sdy.sharding_per_value<[<@mesh, [{"a"}]>]>')
    rt = f"""module @m attributes {{mhlo.frontend_attributes = {{xla.sdy.meshes = {MESHES}}}}} {{
      func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {{
        %0 = stablehlo.custom_call @Sharding(%x) {{mhlo.frontend_attributes = {{xla.sdy.sharding = {per_value}}}}} : (tensor<8xf32>) -> tensor<8xf32>
        %1 = stablehlo.custom_call @xla.sdy.ShardingGroup(%0) {{mhlo.frontend_attributes = {{xla.sdy.sharding_group_id = "4 : i64"}}}} : (tensor<8xf32>) -> tuple<>
        return %0 : tensor<8xf32>
      }}
    }}"""
    back = shlo.to_stablehlo(shlo.from_stablehlo(rt), debug_info=False)
    assert "sdy.sharding_constraint" in back and "sdy.sharding_group %0 group_id=4" in back


def _manual(where_attrs: str, prefix: str = "") -> str:
    """A shard_map over "a" in the round-trip form; `where_attrs` says where its shardings are
    written: on the call (early 2025) or on the two custom calls (later)."""
    ins = "xla.sdy.in_shardings = " + s('#sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, [{}, {}]>]>')
    outs = "xla.sdy.out_shardings = " + s('#sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>')
    axes = "xla.sdy.manual_axes = " + s('#sdy<manual_axes{"a"}>')
    on_call = f"{{mhlo.frontend_attributes = {{{ins}, {axes}, {outs}}}}}" if where_attrs == "call" else ""
    on_in = f"{{mhlo.frontend_attributes = {{{ins}, {axes}}}}}" if where_attrs != "call" else ""
    on_out = f"{{mhlo.frontend_attributes = {{{axes}, {outs}}}}}" if where_attrs != "call" else ""
    return f"""module @m attributes {{mhlo.frontend_attributes = {{xla.sdy.meshes = {MESHES}}}}} {{
      func.func @main(%x: tensor<8x4xf32>, %y: tensor<4x4xf32>) -> tensor<8x4xf32> {{
        %0:2 = stablehlo.custom_call @{prefix}xla.sdy.GlobalToLocalShape(%x, %y) {on_in} : (tensor<8x4xf32>, tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>)
        %1 = call @{prefix}xla.sdy.manual_computation_body_7(%0#0, %0#1) {on_call} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
        %2 = stablehlo.custom_call @{prefix}xla.sdy.LocalToGlobalShape(%1) {on_out} : (tensor<4x4xf32>) -> tensor<8x4xf32>
        %3 = stablehlo.add %2, %2 : tensor<8x4xf32>
        return %3 : tensor<8x4xf32>
      }}
      func.func private @{prefix}xla.sdy.manual_computation_body_7(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {{
        %0 = stablehlo.multiply %a, %b : tensor<4x4xf32>
        return %0 : tensor<4x4xf32>
      }}
    }}"""


MANUAL_SDY = """module @m {
  sdy.mesh @mesh = <["a"=2, "b"=2]>
  func.func @main(%x: tensor<8x4xf32>, %y: tensor<4x4xf32>) -> tensor<8x4xf32> {
    %0 = sdy.manual_computation(%x, %y) in_shardings=[<@mesh, [{"a"}, {}]>, <@mesh, [{}, {}]>]
        out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) {
      %1 = stablehlo.multiply %a, %b : tensor<4x4xf32>
      sdy.return %1 : tensor<4x4xf32>
    } : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
    %2 = stablehlo.add %0, %0 : tensor<8x4xf32>
    return %2 : tensor<8x4xf32>
  }
}"""


@pytest.mark.parametrize("where_attrs,prefix", [("call", ""), ("custom_calls", ""), ("custom_calls", "local_")])
def test_manual_computation(where_attrs, prefix):
    """GlobalToLocalShape -> call of the body -> LocalToGlobalShape is sdy.manual_computation with
    the body inlined, its shardings read from the call or from the two custom calls."""
    prog = same(_manual(where_attrs, prefix), MANUAL_SDY, X, np.ones((4, 4), np.float32))
    assert "shlo.manual_computation" in prog.text() and "manual_computation_body" not in prog.text()


def test_manual_computation_whose_results_xla_replaced():
    """A body call none of whose results is used (XLA replaced them, each with a dimension of size
    0, by constants) is dropped with its GlobalToLocalShape, as XLA's import drops it."""
    text = f"""module @m attributes {{mhlo.frontend_attributes = {{xla.sdy.meshes = {MESHES}}}}} {{
      func.func @main(%x: tensor<8x0xf32>) -> tensor<8x0xf32> {{
        %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%x) : (tensor<8x0xf32>) -> tensor<4x0xf32>
        %1 = call @xla.sdy.manual_computation_body(%0) : (tensor<4x0xf32>) -> tensor<4x0xf32>
        %2 = stablehlo.constant dense<> : tensor<8x0xf32>
        return %2 : tensor<8x0xf32>
      }}
      func.func private @xla.sdy.manual_computation_body(%a: tensor<4x0xf32>) -> tensor<4x0xf32> {{
        return %a : tensor<4x0xf32>
      }}
    }}"""
    prog = shlo.from_stablehlo(text)
    assert "manual_computation" not in prog.text() and "custom_call" not in prog.text()
    assert shlo.interpret(prog, np.zeros((8, 0), np.float32))[0].shape == (8, 0)


def test_early_2025_strings_escaped_twice():
    """Exports of early 2025 (JAX's shard_map data set of 2025-02-12 has this shape) escaped the
    quotes inside the strings once more; the shard_map swaps the halves of two devices."""
    def twice(text):
        return '"' + text.replace('"', "\\\\\\22") + '"'
    per_value = twice('#sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>')
    text = f"""module @jit_func attributes {{mhlo.frontend_attributes = {{xla.sdy.meshes = {twice('{mesh = #sdy.mesh<["a"=2]>}')}}}, mhlo.num_partitions = 2 : i32}} {{
      func.func public @main(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {{
        %0 = stablehlo.custom_call @Sharding(%x) {{mhlo.frontend_attributes = {{xla.sdy.sharding = {per_value}}}, mhlo.sharding = "{{devices=[2,1]<=[2]}}"}} : (tensor<2x4xf32>) -> tensor<2x4xf32>
        %1 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%0) : (tensor<2x4xf32>) -> tensor<1x4xf32>
        %2 = call @xla.sdy.manual_computation_body(%1) {{mhlo.frontend_attributes = {{xla.sdy.in_shardings = {per_value}, xla.sdy.manual_axes = {twice('#sdy<manual_axes{"a"}>')}, xla.sdy.out_shardings = {per_value}}}}} : (tensor<1x4xf32>) -> tensor<1x4xf32>
        %3 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%2) : (tensor<1x4xf32>) -> tensor<2x4xf32>
        return %3 : tensor<2x4xf32>
      }}
      func.func @xla.sdy.manual_computation_body(%l: tensor<1x4xf32>) -> tensor<1x4xf32> {{
        %0 = "stablehlo.collective_permute"(%l) <{{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}}> : (tensor<1x4xf32>) -> tensor<1x4xf32>
        return %0 : tensor<1x4xf32>
      }}
    }}"""
    assert "\\\\\\22a" in text
    prog = shlo.from_stablehlo(text)
    got = prog.text()
    assert "shlo.mesh @mesh" in got and "shlo.manual_computation" in got and "shlo.sharding_constraint" in got
    x = np.arange(8, dtype=np.float32).reshape(2, 4)
    np.testing.assert_array_equal(shlo.interpret(prog, x)[0], x[::-1])


# ---------------------------------------------------------------- written by XLA itself

NESTED = """module @m attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["a"=2, "b"=2]>
  func.func public @main(%x: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>})
      -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
    %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%l: tensor<4x4xf32>) {
      %1 = stablehlo.multiply %l, %l : tensor<4x4xf32>
      %2 = sdy.manual_computation(%1) in_shardings=[<@mesh, [{}, {"b"}]>] out_shardings=[<@mesh, [{}, {"b"}]>] manual_axes={"b"} (%m: tensor<4x2xf32>) {
        %3 = stablehlo.add %m, %m : tensor<4x2xf32>
        sdy.return %3 : tensor<4x2xf32>
      } : (tensor<4x4xf32>) -> tensor<4x4xf32>
      sdy.return %2 : tensor<4x4xf32>
    } : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %4 = sdy.sharding_constraint %0 <@mesh, [{"a", ?}, {?}]> : tensor<8x4xf32>
    %5 = sdy.propagation_barrier %4 allowed_direction=FORWARD : tensor<8x4xf32>
    return %5 : tensor<8x4xf32>
  }
}"""


def xla_round_trip(module_text: str) -> str:
    """The round-trip form as XLA writes it: the module to HLO and back (jaxlib)."""
    from jax._src.interpreters import mlir as jmlir
    from jax._src.lib import _jax
    from shlo.importers.stablehlo import parse_stablehlo
    jmodule, _ctx = parse_stablehlo(module_text)
    comp = _jax.mlir.mlir_module_to_xla_computation(jmlir.module_to_bytecode(jmodule),
                                                    use_tuple_args=False, return_tuple=False)
    return str(_jax.mlir.xla_computation_to_mlir_module(comp))


def test_what_xla_writes_nested_manual_computations():
    """XLA's own export of nested shard_maps, a constraint and a barrier reads back as them."""
    text = xla_round_trip(NESTED)
    assert "xla.sdy.GlobalToLocalShape" in text and "xla.sdy.meshes" in text   # the form itself
    prog = shlo.from_stablehlo(text)
    got = prog.text()
    assert got.count("shlo.manual_computation") == 2 and "shlo.sharding_constraint" in got
    assert "xla.sdy" not in got and "custom_call" not in got and "func.call" not in got
    want = shlo.from_stablehlo(NESTED)
    np.testing.assert_array_equal(shlo.interpret(prog, X)[0], shlo.interpret(want, X)[0])
    back = shlo.to_stablehlo(prog)
    assert back.count("sdy.manual_computation") == 2
    from shlo.importers.stablehlo import parse_stablehlo
    parse_stablehlo(back)   # jaxlib reads it (and verifies the Shardy ops)


def test_what_jax_and_xla_write_runs_in_xla():
    """jax.jit with shardings and a sharding constraint, lowered and put through XLA's HLO round
    trip (the form jax.export wrote in 2025): imports with its shardings, interprets to what JAX
    computes, and its to_stablehlo runs in XLA to the same values."""
    import jax
    import jax.numpy as jnp
    from jax.sharding import NamedSharding, PartitionSpec as P
    sys.path.insert(0, os.path.dirname(__file__))
    from test_jax_import import run_xla
    mesh = jax.make_mesh((1,), ("a",), axis_types=(jax.sharding.AxisType.Auto,))
    spec = NamedSharding(mesh, P("a"))

    def f(x, y):
        return jnp.sin(jax.lax.with_sharding_constraint(x * y, spec)) + 1

    lowered = jax.jit(f, in_shardings=(spec, spec), out_shardings=spec).lower(X, Y)
    text = xla_round_trip(lowered.as_text())
    assert "xla.sdy.FuncResultSharding" in text and "@Sharding" in text
    prog = shlo.from_stablehlo(text)
    got = prog.text()
    assert "shlo.mesh @mesh" in got and got.count('shlo.sharding = #shlo.sharding<mesh = @mesh, dims = [["a"], []]') == 3
    assert "shlo.sharding_constraint" in got and "xla.sdy" not in got and "mhlo.sharding" not in got
    want = np.asarray(jax.jit(f)(X, Y))
    np.testing.assert_allclose(shlo.interpret(prog, X, Y)[0], want, rtol=1e-6)
    back = shlo.to_stablehlo(prog)
    assert "sdy.mesh @mesh" in back and "xla.sdy" not in back
    np.testing.assert_allclose(run_xla(back, [X, Y])[0], want, rtol=1e-6)


def test_jax_corpus_data_sets_import_with_their_shardings():
    """annotate_data_placement's shardy data sets (JAX's corpus, 2025-04-07): the mesh and the
    argument / result shardings are shlo's, and they still match their expected outputs."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))
    import jax_back_compat as corpus
    sets = [(n, d) for n, d in corpus.data_sets(["annotate_data_placement"]) if "2025_04_07" in n and "shardy" in n]
    assert len(sets) == 2
    for name, data in sets:
        assert "xla.sdy.meshes" in data["mlir_module_text"]
        prog = shlo.from_stablehlo(data["mlir_module_text"])
        text = prog.text()
        assert "shlo.mesh @mesh" in text and text.count("shlo.sharding = ") == 3 and "xla.sdy" not in text
        assert corpus.run_one(name, data, compile_=False, xla=True) == ("match", "xla ok")


# ---------------------------------------------------------------- bad input

def _bad(arg_sharding: str = '#sdy.sharding<@mesh, [{"a"}]>', body: str = "") -> str:
    return f"""module @m attributes {{mhlo.frontend_attributes = {{xla.sdy.meshes = {MESHES}}}}} {{
      func.func @main(%x: tensor<8xf32> {{mhlo.frontend_attributes = {{xla.sdy.sharding = {s(arg_sharding)}}}}}) -> tensor<8xf32> {{
        {body}
        return %x : tensor<8xf32>
      }}
      func.func private @xla.sdy.manual_computation_body(%x: tensor<8xf32>) -> tensor<8xf32> {{
        return %x : tensor<8xf32>
      }}
    }}"""


@pytest.mark.parametrize("text,match", [
    (_bad('#sdy.sharding<@mesh, [{"a"}'), "does not parse"),
    (_bad('#sdy.sharding<@nowhere, [{"a"}]>'), "names mesh @nowhere"),
    (_bad(body="stablehlo.custom_call @xla.sdy.Mystery(%x) : (tensor<8xf32>) -> ()"), "xla.sdy.Mystery"),
    (_bad(body='%0 = stablehlo.negate %x {mhlo.frontend_attributes = {xla.sdy.mystery = "1"}} : tensor<8xf32>'),
     "xla.sdy.mystery"),
    (_bad('#sdy.sharding_per_value<[<@mesh, [{"a"}]>]>'), "is not a #sdy.sharding"),
    (_bad(body='%t = stablehlo.tuple %x : tuple<tensor<8xf32>>\n'
               '%0 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%t) {mhlo.frontend_attributes = '
               '{xla.sdy.sharding = ' + s('#sdy.sharding_per_value<[<@mesh, [{"a"}]>]>') + '}} '
               ': (tuple<tensor<8xf32>>) -> tuple<tensor<8xf32>>'), "FuncResultSharding of other than one tensor"),
    (_bad(body='%0 = call @xla.sdy.manual_computation_body(%x) : (tensor<8xf32>) -> tensor<8xf32>\n'
               '%1 = stablehlo.negate %0 : tensor<8xf32>'),
     "not the results of one @xla.sdy.GlobalToLocalShape"),
])
def test_bad_input_is_named(text, match):
    with pytest.raises(shlo.ImportError, match=match):
        shlo.from_stablehlo(text)
