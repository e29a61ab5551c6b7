"""Sharded programs (issue 12, release 1.4.0): meshes, shardings, sharding_constraint and
manual_computation through import, verify, artifacts, the interpreter and XLA.

The JAX programs (tests/sharding_programs_*.py) and hand-written texts run in one
subprocess (the runner, tests/sharding_cases.py) with 8 host CPU devices, so that JAX in
this process (other test files) keeps its own device count. The other tests need no devices.
"""
from __future__ import annotations

import ast
import json
import os
import pathlib
import re
import subprocess
import sys
from collections import Counter

import numpy as np
import pytest

import shlo

HERE = pathlib.Path(__file__).resolve().parent
CASES_FILE = HERE / "sharding_cases.py"   # the runner
PROGRAM_FILES = [HERE / f"sharding_programs_{kind}.py" for kind in ("auto", "shard_map", "explicit")]
HELDOUT_FILES = [HERE / f"sharding_heldout_{kind}.py" for kind in ("shard_map", "auto", "round3", "round4", "round5",
                                                                           "round6", "round7", "training", "symbolic")]


def _decorated(path, marks) -> list[str]:
    tree = ast.parse(path.read_text())
    return [f.name for f in tree.body if isinstance(f, ast.FunctionDef)
            and any(isinstance(d, ast.Name) and d.id in marks for d in f.decorator_list)]


def _case_names() -> list[str]:
    """The programs of tests/sharding_programs_*.py; those marked `case_long` only with
    SHLO_SHARDING_LONG=1 (the runner, which sees the same variable, runs them then), and
    with them the held-out-style ones."""
    marks = {"case", "case_long"} if os.environ.get("SHLO_SHARDING_LONG") else {"case"}
    names = [n for path in PROGRAM_FILES for n in _decorated(path, marks)]
    for path in HELDOUT_FILES if "case_long" in marks else []:
        names += ["heldout_" + n for n in _decorated(path, {"program"})]
    return names


CASE_NAMES = _case_names()


def _gspmd_case_names() -> list[str]:
    """The runner's GSPMD_CASES, and with SHLO_SHARDING_LONG=1 its GSPMD_LONG_CASES."""
    lists = {"GSPMD_CASES", "GSPMD_LONG_CASES"} if os.environ.get("SHLO_SHARDING_LONG") else {"GSPMD_CASES"}
    tree = ast.parse(CASES_FILE.read_text())
    return [n for a in tree.body if isinstance(a, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id in lists for t in a.targets) for n in ast.literal_eval(a.value)]


GSPMD_CASE_NAMES = [f"gspmd:{n}" for n in _gspmd_case_names()]


@pytest.fixture(scope="module")
def jax_results() -> dict:
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=8", JAX_PLATFORMS="cpu")
    # the long run (SHLO_SHARDING_LONG=1, 328 programs and texts) took 12 min wall at load average 12
    timeout = 2400 if os.environ.get("SHLO_SHARDING_LONG") else 600
    r = subprocess.run([sys.executable, str(CASES_FILE)], capture_output=True, text=True, env=env, timeout=timeout)
    results = {}
    for line in r.stdout.splitlines():
        if line.startswith("{"):
            d = json.loads(line)
            results[d["name"]] = d
    assert results, f"the case runner printed nothing (rc {r.returncode}): {r.stderr[-3000:]}"
    return results


@pytest.mark.parametrize("name", CASE_NAMES + GSPMD_CASE_NAMES)
def test_sharded_jax_program_through_every_stage(jax_results, name):
    r = jax_results.get(name)
    assert r is not None, f"{name} did not run"
    assert r["failed"] is None, f"{name} fails at {r['failed']}: {r['error']}\n{r['trace']}"


TEXT_NAMES = ["gspmd_text", "shardy_text", "shardy_mlp", "shardy_manual_psum_ring", "shardy_partly_manual_all_gather",
              "shardy_while_data_flow_edge"] + (["shardy_device_ids_replicated", "shardy_nested_manual",
                                                 "shardy_case_data_flow_edge_group", "shardy_unreduced_conversions",
                                                 "shardy_explicit_collectives_named", "shardy_unreduced_subaxes_replicated",
                                                 "shardy_device_ids_unreduced_op_sharding",
                                                 "shardy_manual_unreduced_in_and_collectives_in_named"]
                                                if os.environ.get("SHLO_SHARDING_LONG") else [])


@pytest.mark.parametrize("name", TEXT_NAMES)
def test_stablehlo_text_partitions_like_the_original(jax_results, name):
    """GSPMD strings; Shardy sub-axes and inline meshes: XLA gives the export the original's shardings.
    Hand-written Shardy (tests/sharding_shardy_texts.py: a constrained MLP, manual computations with
    all_reduce / collective_permute / all_gather, a while with sdy.data_flow_edge): also run by XLA
    on the 8 devices with the expected values."""
    r = jax_results.get(name)
    assert r is not None and r["failed"] is None, r and f"fails at {r['failed']}: {r['error']}\n{r['trace']}"


def test_stage_counts(jax_results):
    """Every program passes every stage; the counts per stage are printed for the report."""
    stages = ["import", "verify", "serialize", "interpret", "export", "xla_run", "xla_shardings"]
    for names, what in [(CASE_NAMES, "Shardy"), (GSPMD_CASE_NAMES, "GSPMD")]:
        counts = Counter(s for name, r in jax_results.items() if name in names for s in r["passed"])
        print(f"\nsharded programs lowered with {what} passing each stage: "
              + ", ".join(f"{s} {counts[s]}/{len(names)}" for s in stages))
        assert [counts[s] for s in stages] == [len(names)] * len(stages)


# ------------------------------------------------------------------ verifier

MESH = 'shlo.mesh @mesh {axis_names = ["x", "y"], axis_sizes = array<i64: 2, 4>}\n'


def _sharding(dims: str, mesh: str = "mesh", open_: str = "[]", prios: str = "[]", repl: str = "[]") -> str:
    return (f"#shlo.sharding<mesh = @{mesh}, dims = {dims}, open = {open_}, priorities = {prios}, "
            f"replicated = {repl}>")


def _arg_program(sharding: str, mesh: str = MESH) -> str:
    return mesh + f"""func.func @main(%x: tensor<8x6xf32> {{shlo.sharding = {sharding}}}) -> tensor<8x6xf32> {{
  func.return %x : tensor<8x6xf32>
}}"""


@pytest.mark.parametrize("sharding, cid, words", [
    (_sharding('[["x"], []]', mesh="nowhere"), "sharding.C1", "@nowhere"),
    (_sharding('[["z"], []]'), "sharding.C2", "'z'"),
    (_sharding('[["x"], ["x"]]'), "sharding.C3", "'x' twice"),
    (_sharding('[["x"], []]', repl='["x"]'), "sharding.C3", "'x' twice"),
    (_sharding('[["x"]]'), "sharding.C4", "tensor<8x6xf32>"),
    (_sharding('[["x"], []]', open_="[2]"), "sharding.C4", "open"),
    (_sharding('[["x"], []]', prios="[1]"), "sharding.C4", "priorities"),
])
def test_bad_argument_shardings_are_rejected(sharding, cid, words):
    with pytest.raises(shlo.VerificationError) as e:
        shlo.parse(_arg_program(sharding))
    assert e.value.constraint == cid and words in str(e.value) and "@main argument 0" in str(e.value)


def test_good_sharding_with_padding_open_priorities_and_replicated_axes_verifies():
    # 6 is not a multiple of 4: outside manual_computation a compiler pads (spec), so it verifies
    shlo.parse(_arg_program(_sharding('[["x"], ["y"]]', open_="[1]", prios="[0, -1]")))
    shlo.parse(_arg_program(_sharding('[[], []]', repl='["x", "y"]')))


def test_op_shardings_need_one_per_result_and_known_axes():
    text = MESH + """func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = shlo.abs %x {shlo.shardings = SHARDINGS} : tensor<8xf32>
  func.return %0 : tensor<8xf32>
}"""
    on_y, on_w, replicated = _sharding('[["y"]]'), _sharding('[["w"]]'), _sharding("[[]]")
    shlo.parse(text.replace("SHARDINGS", f"[{on_y}]"))
    with pytest.raises(shlo.VerificationError) as e:
        shlo.parse(text.replace("SHARDINGS", f"[{on_y}, {replicated}]"))
    assert e.value.constraint == "sharding.C5"
    with pytest.raises(shlo.VerificationError) as e:
        shlo.parse(text.replace("SHARDINGS", f"[{on_w}]"))
    assert e.value.constraint == "sharding.C2" and "'shlo.abs'" in str(e.value)


def _manual(arg="tensor<6xf32>", local="tensor<3xf32>", in_dims='[["x"]]', manual='["x"]', out_dims='[["x"]]'):
    return MESH + f"""func.func @main(%x: {arg}) -> {arg} {{
  %0 = "shlo.manual_computation"(%x) ({{
  ^bb0(%a: {local}):
    "shlo.return"(%a) : ({local}) -> ()
  }}) {{in_shardings = [{_sharding(in_dims)}], out_shardings = [{_sharding(out_dims)}], manual_axes = {manual}}} : ({arg}) -> {arg}
  func.return %0 : {arg}
}}"""


@pytest.mark.parametrize("kwargs, cid", [
    ({"arg": "tensor<5xf32>", "local": "tensor<2xf32>"}, "manual_computation.C9"),    # 2 does not divide 5
    ({"in_dims": '[["q"]]'}, "manual_computation.C4"),                                 # unknown axis
    ({"in_dims": '[["x", "x"]]'}, "manual_computation.C5"),                            # axis used twice
    ({"manual": '["x", "x"]'}, "manual_computation.C7"),
    ({"in_dims": '[["y", "x"]]', "local": "tensor<3xf32>"}, "manual_computation.C8"),  # free axis before manual
    ({"local": "tensor<6xf32>"}, "manual_computation.C10"),
])
def test_bad_manual_computations_are_rejected(kwargs, cid):
    shlo.parse(_manual())
    with pytest.raises(shlo.VerificationError) as e:
        shlo.parse(_manual(**kwargs))
    assert e.value.constraint == cid


def test_unknown_mesh_in_sharding_constraint_is_rejected():
    text = """func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = shlo.sharding_constraint %x {sharding = SH} : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}""".replace("SH", _sharding('[["x"]]'))
    with pytest.raises(shlo.VerificationError) as e:
        shlo.parse(text)
    assert e.value.constraint == "sharding_constraint.C1"


# ------------------------------------------------------------------ artifacts

def test_downgrade_below_1_4_0_names_the_op_and_current_round_trips():
    prog = shlo.parse(_arg_program(_sharding('[["x"], []]')))
    back = shlo.deserialize(shlo.serialize(prog))
    assert str(back) == str(prog)
    for v in ["1.3.0", "1.0.0"]:
        with pytest.raises(shlo.SerializationError, match=rf"cannot write shlo\.mesh for shlo {v}: the op was "
                                                            r"introduced in shlo 1\.4\.0"):
            shlo.serialize(prog, target_version=v)


# ------------------------------------------------------------------ interpreter

def test_partially_manual_computation_runs_per_device_and_splits_only_manual_axes():
    """Manual axis x (2), free axis y (4): the body runs on all 8 devices; inputs are cut along x only."""
    text = MESH + """func.func @main(%x: tensor<4x2xi32>) -> tensor<4x2xi32> {
  %0 = "shlo.manual_computation"(%x) ({
  ^bb0(%a: tensor<2x2xi32>):
    %s = "shlo.all_reduce"(%a) ({
    ^bb1(%p: tensor<i32>, %q: tensor<i32>):
      %t = "shlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "shlo.return"(%t) : (tensor<i32>) -> ()
    }) {replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, channel_handle = #shlo.channel_handle<handle = 1, type = 1>, use_global_device_ids = true} : (tensor<2x2xi32>) -> tensor<2x2xi32>
    "shlo.return"(%s) : (tensor<2x2xi32>) -> ()
  }) {in_shardings = [SIN], out_shardings = [SOUT], manual_axes = ["x"]} : (tensor<4x2xi32>) -> tensor<4x2xi32>
  func.return %0 : tensor<4x2xi32>
}""".replace("SIN", _sharding('[["x"], []]')).replace("SOUT", _sharding('[[], ["y"]]'))
    with pytest.raises(shlo.VerificationError):   # a local 4x2 result is not 4x(2/4)
        shlo.parse(text)
    text = text.replace(_sharding('[[], ["y"]]'), _sharding('[[], []]')).replace(
        "-> tensor<4x2xi32> {\n", "-> tensor<2x2xi32> {\n").replace(
        ": (tensor<4x2xi32>) -> tensor<4x2xi32>\n  func.return %0 : tensor<4x2xi32>",
        ": (tensor<4x2xi32>) -> tensor<2x2xi32>\n  func.return %0 : tensor<2x2xi32>")
    x = np.arange(8, dtype=np.int32).reshape(4, 2)
    (out,) = shlo.interpret(shlo.parse(text), x)
    np.testing.assert_array_equal(out, x[:2] + x[2:])   # devices 0 and 4 (x = 0, 1) add their rows


# ------------------------------------------------------------------ import / export

SDY = """module @m attributes {mhlo.num_partitions = 8 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  func.func public @main(%a: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p1, {}], replicated={"y"}>}) -> tensor<8x4xf32> {
    %0 = stablehlo.add %a, %a {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=4}>} : tensor<8x4xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"x"}]> : tensor<8x4xf32>
    return %1 : tensor<8x4xf32>
  }
}"""


def test_shardy_attributes_import_and_export_back():
    prog = shlo.from_stablehlo(SDY)
    text = prog.text()
    assert 'shlo.mesh @mesh {axis_names = ["x", "y"], axis_sizes = array<i64: 2, 4>}' in text
    assert ('shlo.sharding = #shlo.sharding<mesh = @mesh, dims = [["x"], []], open = [0], priorities = [1, -1], '
            'replicated = ["y"]>') in text
    assert 'shlo.shardings = [#shlo.sharding<mesh = @mesh, dims = [["y"], []], open = [1]' in text
    assert "sharding_rule" not in text and "sdy." not in text
    out = shlo.to_stablehlo(prog, debug_info=False)
    for piece in ['sdy.mesh @mesh = <["x"=2, "y"=4]>',
                  'sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p1, {}], replicated={"y"}>',
                  'sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {?}]>]>',
                  'sdy.sharding_constraint %0 <@mesh, [{}, {"x"}]>']:
        assert piece in out, piece


def test_sub_axes_split_the_mesh_axis_and_reshard_is_a_constraint():
    text = SDY.replace('[{"x", ?}p1, {}], replicated={"y"}', '[{"y":(1)2, ?}p1, {}], replicated={"x"}').replace(
        "sdy.sharding_constraint %0 <@mesh, [{}, {\"x\"}]>", "sdy.reshard %0 <@mesh, [{\"y\":(2)2}, {\"y\":(1)2}]>")
    prog = shlo.from_stablehlo(text)
    out = prog.text()
    # y=4 cut at 2: two axes of 2, major first; a whole-axis reference names both pieces
    assert 'axis_names = ["x", "y:(1)2", "y:(2)2"], axis_sizes = array<i64: 2, 2, 2>' in out
    assert 'dims = [["y:(1)2"], []], open = [0], priorities = [1, -1], replicated = ["x"]' in out
    assert 'dims = [["y:(1)2", "y:(2)2"], []], open = [1]' in out
    assert 'shlo.sharding_constraint %0 {sharding = #shlo.sharding<mesh = @mesh, dims = [["y:(2)2"], ["y:(1)2"]]' in out
    assert "reshard" not in out
    x = np.arange(32, dtype=np.float32).reshape(8, 4)
    np.testing.assert_array_equal(shlo.interpret(prog, x)[0], x + x)
    out = shlo.to_stablehlo(prog, debug_info=False)   # written back as the axis and its sub-axes
    assert 'sdy.mesh @mesh = <["x"=2, "y"=4]>' in out
    assert '<@mesh, [{"y":(1)2, ?}p1, {}], replicated={"x"}>' in out and '<@mesh, [{"y"}, {?}]>' in out
    assert shlo.from_stablehlo(out).text() == prog.text()


def test_data_flow_edge_sharding_goes_on_the_op_it_stands_on():
    """Shardy's import puts sdy.data_flow_edge on while results (XLA reads none): its sharding
    becomes the while's result sharding (the other result fully open); without one it is dropped."""
    from sharding_shardy_texts import WHILE, WHILE_EDGE
    text = WHILE_EDGE.replace("    return %1", "    %f = sdy.data_flow_edge %0#0 : tensor<i32>\n    return %1")
    prog = shlo.from_stablehlo(text)
    out = prog.text()
    assert "data_flow_edge" not in out
    assert ('shlo.while %0, %arg0 {shlo.shardings = [#shlo.sharding<mesh = @mesh, dims = [], open = [], priorities = [], '
            'replicated = []>, #shlo.sharding<mesh = @mesh, dims = [["x"], []], open = [1]') in out
    x = np.ones((8, 4), np.float32)
    np.testing.assert_allclose(shlo.interpret(prog, x)[0], np.sin(np.sin(np.sin(x))), rtol=1e-6)
    assert ('sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"x"}, {?}]>]>'
            in shlo.to_stablehlo(prog, debug_info=False))
    # on a result whose op has shardings already: a constraint
    sharded = WHILE.replace("WHILE_SHARDING", ' attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, '
                            '<@mesh, [{}, {}]>]>}').replace("EDGE", WHILE_EDGE[WHILE_EDGE.index("    %1 = sdy"):
                                                                              WHILE_EDGE.index("    return %1")])
    out = shlo.from_stablehlo(sharded).text()
    assert out.count("shlo.sharding_constraint") == 1 and 'dims = [["x"], []], open = [1]' in out


def test_shardy_mpmd_ops_are_refused_naming_the_op():
    """Shardy's MPMD dialect (pipeline stages over several meshes) has no shlo counterpart."""
    text = SDY.replace("    return %1", """    %2 = mpmd.named_computation<"stage1"> (%1) (%b: tensor<8x4xf32>) {
      %3 = stablehlo.add %b, %b : tensor<8x4xf32>
      mpmd.return %3 : tensor<8x4xf32>
    } : (tensor<8x4xf32>) -> tensor<8x4xf32>
    return %2""")
    with pytest.raises(shlo.ImportError, match=r"mpmd\.named_computation at .*: op mpmd\.named_computation has no "
                                               r"shlo counterpart"):
        shlo.from_stablehlo(text)


def test_sub_axes_that_do_not_nest_are_refused():
    """z=6 cut as (1)2 and as (1)3: no split of z into whole axes holds both."""
    text = SDY.replace('["x"=2, "y"=4]', '["x"=2, "y"=4, "z"=6]').replace(
        '[{"x", ?}p1, {}]', '[{"z":(1)2}, {}]').replace('<@mesh, [{"y"}, {?}]>', '<@mesh, [{"z":(1)3}, {?}]>')
    with pytest.raises(shlo.ImportError, match=r'sub-axes of "z"=6 on @mesh do not nest'):
        shlo.from_stablehlo(text)


def test_inline_meshes_become_declared_meshes():
    text = SDY.replace("<@mesh, [{\"y\"}, {?}]>", '<mesh<["a"=2, "b"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>, [{"b"}, {?}]>')
    out = shlo.from_stablehlo(text).text()
    assert ('shlo.mesh @inline_0 {axis_names = ["a", "b"], axis_sizes = array<i64: 2, 4>, '
            'device_ids = array<i64: 7, 6, 5, 4, 3, 2, 1, 0>}') in out
    assert 'shlo.shardings = [#shlo.sharding<mesh = @inline_0, dims = [["b"], []], open = [1]' in out


def test_sharding_groups_are_kept_and_written_back():
    """shard_alike's sdy.sharding_group (no result, no effect on values): an attribute on the
    producing op or function, and the op again in the export."""
    text = SDY.replace("    return %1", "    sdy.sharding_group %a group_id=3 : tensor<8x4xf32>\n"
                       "    sdy.sharding_group %0 group_id=3 : tensor<8x4xf32>\n    return %1")
    prog = shlo.from_stablehlo(text)
    out = prog.text()
    assert 'sdy.sharding_group_args = "0:3"' in out and 'sdy.sharding_groups = "0:3"' in out
    back = shlo.to_stablehlo(shlo.deserialize(shlo.serialize(prog)), debug_info=False)
    assert back.count("sdy.sharding_group %") == 2 and "group_id=3" in back
    assert "sdy.sharding_groups" not in back and "sdy.sharding_group_args" not in back


def test_custom_call_sharding_rule_is_kept_and_written_back():
    rule = "#sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4}, custom>"
    text = SDY.replace("sdy.sharding_constraint %0 <@mesh, [{}, {\"x\"}]>",
                       f"stablehlo.custom_call @my_kernel(%0) {{sdy.sharding_rule = {rule}}} : (tensor<8x4xf32>) -> "
                       "tensor<8x4xf32>\n    %2 = sdy.sharding_constraint %1 <@mesh, [{}, {\"x\"}]>").replace(
        "return %1", "return %2")
    prog = shlo.from_stablehlo(text)
    assert prog.text().count("sdy.sharding_rule =") == 1   # the add's rule is dropped, the custom call's kept
    assert f"sdy.sharding_rule = {rule}" in shlo.to_stablehlo(prog, debug_info=False)


GSPMD = """module @m attributes {mhlo.num_partitions = 8 : i32} {
  func.func public @main(%a: tensor<8x4xf32> {mhlo.sharding = "{devices=[4,2]<=[8]}"}, %b: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1,4]<=[4,2]T(1,0) last_tile_dim_replicate}"}) -> (tensor<8x4xf32> {mhlo.sharding = "{maximal device=3}"}) {
    %0 = stablehlo.add %a, %b : tensor<8x4xf32>
    %1 = stablehlo.custom_call @Sharding(%0) {mhlo.sharding = "{replicated}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    return %1 : tensor<8x4xf32>
  }
}"""


def test_gspmd_strings_share_one_mesh_per_device_list():
    """[4,2]<=[8] and [2,1,4]<=[4,2]T(1,0) cut devices 0..7 at the same strides: one mesh of
    axes 4 x 2 holds both (Shardy propagates only within a mesh); a maximal sharding has its own."""
    prog = shlo.from_stablehlo(GSPMD)
    text = prog.text()
    assert 'shlo.mesh @gspmd_0 {axis_names = ["_a0", "_a1"], axis_sizes = array<i64: 4, 2>}' in text
    assert 'shlo.sharding = #shlo.sharding<mesh = @gspmd_0, dims = [["_a0"], ["_a1"]]' in text
    assert 'shlo.sharding = #shlo.sharding<mesh = @gspmd_0, dims = [["_a1"], []]' in text   # _a0 replicated
    assert 'shlo.mesh @gspmd_1 {axis_names = [], axis_sizes = array<i64>, device_ids = array<i64: 3>}' in text
    assert "shlo.sharding_constraint" in text and "custom_call" not in text
    out = shlo.to_stablehlo(prog, debug_info=False)
    assert 'sdy.mesh @gspmd_0 = <["_a0"=4, "_a1"=2]>' in out
    a, b = np.ones((8, 4), np.float32), np.full((8, 4), 2, np.float32)
    np.testing.assert_array_equal(shlo.interpret(prog, a, b)[0], a + b)


def test_gspmd_strings_whose_cuts_do_not_nest_get_a_mesh_each():
    """[2,3]<=[6] cuts at stride 3, [3,2]<=[6] at stride 2: no axes hold both."""
    text = GSPMD.replace("num_partitions = 8", "num_partitions = 6").replace(
        "{devices=[4,2]<=[8]}", "{devices=[2,3]<=[6]}").replace(
        "{devices=[2,1,4]<=[4,2]T(1,0) last_tile_dim_replicate}", "{devices=[3,2]<=[6]}").replace(
        "tensor<8x4xf32>", "tensor<6x6xf32>")
    out = shlo.from_stablehlo(text).text()
    assert 'axis_names = ["_d0", "_d1"], axis_sizes = array<i64: 2, 3>' in out
    assert 'axis_names = ["_d0", "_d1"], axis_sizes = array<i64: 3, 2>' in out


GSPMD_MANUAL = """module @m attributes {mhlo.num_partitions = 8 : i32} {
  func.func public @main(%a: tensor<8x4xf32> {mhlo.sharding = "{devices=[4,2]<=[8]}"}, %b: tensor<f32>) -> tensor<8x4xf32> {
    %0 = stablehlo.custom_call @Sharding(%a) {mhlo.sharding = "{devices=[4,2]<=[8]}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<8x4xf32>) -> tensor<2x2xf32>
    %c = stablehlo.constant dense<2.0> : tensor<2x2xf32>
    %2 = stablehlo.multiply %1, %c : tensor<2x2xf32>
    %3 = stablehlo.custom_call @Sharding(%2) {mhlo.sharding = "{manual}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{devices=[4,2]<=[8]}"} : (tensor<2x2xf32>) -> tensor<8x4xf32>
    return %4 : tensor<8x4xf32>
  }
}"""


def test_gspmd_manual_region_becomes_a_manual_computation():
    prog = shlo.from_stablehlo(GSPMD_MANUAL)
    text = prog.text()
    assert "SPMD" not in text and text.count("shlo.manual_computation") == 1
    assert 'manual_axes = ["_a0", "_a1"]' in text
    x = np.arange(32, dtype=np.float32).reshape(8, 4)
    np.testing.assert_array_equal(shlo.interpret(prog, x, np.float32(1))[0], 2 * x)


def test_gspmd_manual_region_takes_outside_scalars_as_operands():
    """A scalar read from outside the region (JAX's dimension variables under symbolic shapes) is
    an operand of the manual computation, replicated."""
    prog = shlo.from_stablehlo(GSPMD_MANUAL.replace("%2 = stablehlo.multiply %1, %c", (
        "%bb = stablehlo.broadcast_in_dim %b, dims = [] : (tensor<f32>) -> tensor<2x2xf32>\n"
        "    %2 = stablehlo.multiply %1, %bb")))
    assert re.search(r'shlo\.manual_computation"\(%\w+, %arg1\)', prog.text())
    x = np.arange(32, dtype=np.float32).reshape(8, 4)
    np.testing.assert_array_equal(shlo.interpret(prog, x, np.float32(3))[0], 3 * x)


def test_gspmd_constraint_with_shape_operands_is_a_constraint():
    """Under symbolic shapes JAX gives @Sharding the result's shape as an operand
    (indices_of_shape_operands)."""
    prog = shlo.from_stablehlo("""module @m attributes {mhlo.num_partitions = 8 : i32} {
  func.func public @main(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
    %n = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
    %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<4> : tensor<1xi32>
    %shape = stablehlo.concatenate %n1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %0 = stablehlo.custom_call @Sharding(%a, %shape) {indices_of_shape_operands = dense<1> : tensor<1xi64>, mhlo.sharding = "{devices=[4,2]<=[8]}"} : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
    %1 = stablehlo.add %0, %0 : tensor<?x4xf32>
    return %1 : tensor<?x4xf32>
  }
}""")
    assert "custom_call" not in prog.text() and prog.text().count("shlo.sharding_constraint") == 1
    x = np.arange(24, dtype=np.float32).reshape(6, 4)
    np.testing.assert_array_equal(shlo.interpret(prog, x)[0], 2 * x)


@pytest.mark.parametrize("old, new, words", [
    ("%2 = stablehlo.multiply %1, %c", "%s = stablehlo.slice %a [0:2, 0:2] : (tensor<8x4xf32>) -> tensor<2x2xf32>\n"
     "    %2 = stablehlo.multiply %1, %s", r"reads a value defined outside it \(%arg0\)"),
    ('"{devices=[4,2]<=[8]}"} : (tensor<2x2xf32>)', '"{devices=[4,2]0,1,2,3,4,5,7,6}"} : (tensor<2x2xf32>)',
     "list devices in different orders"),
    ('@SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"}', '@SPMDFullToShardShape(%0) {mhlo.sharding = '
     '"{replicated}"}', "no mesh axis is manual"),
])
def test_gspmd_manual_regions_without_a_counterpart_are_named(old, new, words):
    text = GSPMD_MANUAL.replace(old, new)
    assert text != GSPMD_MANUAL
    text = text.replace('@Sharding(%2) {mhlo.sharding = "{manual}"}', '@Sharding(%2) {mhlo.sharding = "{replicated}"}') \
        if "replicated" in new else text
    with pytest.raises(shlo.ImportError, match=r"GSPMD manual region ending at .*" + words):
        shlo.from_stablehlo(text)


# ------------------------------------------------------------------ compile (one device)

def _one_device_manual(sizes: str = "1, 1", local: str = "4x2") -> str:
    sh = _sharding('[["x"], ["y"]]')
    return f"""shlo.mesh @mesh {{axis_names = ["x", "y"], axis_sizes = array<i64: {sizes}>}}
func.func @main(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {{
  %0 = "shlo.manual_computation"(%x) ({{
  ^bb0(%a: tensor<{local}xf32>):
    %s = "shlo.all_reduce"(%a) ({{
    ^bb1(%p: tensor<f32>, %q: tensor<f32>):
      %t = "shlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "shlo.return"(%t) : (tensor<f32>) -> ()
    }}) {{replica_groups = dense<[[0]]> : tensor<1x1xi64>, channel_handle = #shlo.channel_handle<handle = 1, type = 1>, use_global_device_ids = true}} : (tensor<{local}xf32>) -> tensor<{local}xf32>
    %i = "shlo.partition_id"() : () -> tensor<ui32>
    %f = "shlo.convert"(%i) : (tensor<ui32>) -> tensor<f32>
    %b = "shlo.broadcast_in_dim"(%f) {{broadcast_dimensions = array<i64>}} : (tensor<f32>) -> tensor<{local}xf32>
    %r = "shlo.add"(%s, %b) : (tensor<{local}xf32>, tensor<{local}xf32>) -> tensor<{local}xf32>
    %c = "shlo.exponential"(%r) : (tensor<{local}xf32>) -> tensor<{local}xf32>
    "shlo.return"(%c) : (tensor<{local}xf32>) -> ()
  }}) {{in_shardings = [{sh}], out_shardings = [{sh}], manual_axes = ["x", "y"]}} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  func.return %0 : tensor<4x2xf32>
}}"""


def test_manual_computation_on_a_one_device_mesh_compiles():
    prog = shlo.parse(_one_device_manual())
    x = np.linspace(-1, 1, 8, dtype=np.float32).reshape(4, 2)
    (want,) = shlo.interpret(prog, x)
    (got,) = shlo.compile(prog)(x)
    np.testing.assert_allclose(got, want, rtol=1e-6)
    np.testing.assert_allclose(got, np.exp(x), rtol=1e-6)


def test_manual_computation_on_several_devices_is_a_compile_error_naming_the_op_and_mesh():
    prog = shlo.parse(_one_device_manual("2, 1", "2x2"))
    with pytest.raises(shlo.CompileError, match=r"shlo\.manual_computation: its body runs once per device of mesh "
                                                r"@mesh \(x=2, y=1: 2 devices\)"):
        shlo.compile(prog)
