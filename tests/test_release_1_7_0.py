"""Release 1.7.0: Shardy's unreduced axes in `#shlo.sharding` (issue 12), and the Shardy ops
of its later stages read as shlo ops (explicit collectives, named_computation,
propagation_barrier; no op-set change).

Each program is written as JAX (explicit sharding mode, `P(unreduced={"x"})`) or Shardy's
own stages write it: it imports and verifies, runs in the interpreter, exports back to
text that jaxlib's parser and verifier accept, round-trips through an artifact, and
writing it for a release before 1.7.0 fails naming the field (bytes that claim 1.6.0 but
hold it are rejected). The JAX programs run on 8 devices are in tests/sharding_programs_explicit.py."""
from __future__ import annotations

import re

import numpy as np
import pytest

import shlo
from release_checks import forged, stablehlo_accepts
from shlo.serialize import envelope

# What jax.jit lowers for `jnp.dot(a, b, out_sharding=P(None, None, unreduced={"x"}))`
# followed by `jax.sharding.reshard(c, P())` on an explicit 2 x 4 mesh.
UNREDUCED_DOT = '''
module @jit_f attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  func.func public @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{"y"}, {}], unreduced={"x"}> : tensor<8x4xf32>
    %2 = sdy.sharding_constraint %1 <@mesh, [{}, {}]> : tensor<8x4xf32>
    return %2 : tensor<8x4xf32>
  }
}'''

# shard_map with out_specs=P(None, None, unreduced={"x"}): the result is the sum of the devices'.
UNREDUCED_SHARD_MAP = '''
module @jit_f attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  func.func public @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{}, {"x"}]>, <@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}, {}], unreduced={"x"}>] manual_axes={"x", "y"} (%arg2: tensor<8x8xf32>, %arg3: tensor<8x4xf32>) {
      %2 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x8xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
      sdy.return %2 : tensor<8x4xf32>
    } : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{}, {}]> : tensor<8x4xf32>
    return %1 : tensor<8x4xf32>
  }
}'''


def _operands(seed=0):
    r = np.random.RandomState(seed)
    return r.standard_normal((8, 16)).astype(np.float32), r.standard_normal((16, 4)).astype(np.float32)


def _round_trips(prog) -> str:
    back = shlo.to_stablehlo(prog)
    stablehlo_accepts(back)
    assert str(shlo.from_stablehlo(back)) == str(prog)
    assert str(shlo.deserialize(shlo.serialize(prog))) == str(prog)
    return back


def _refused_before_1_7_0(prog, what: str) -> None:
    for old in ("1.4.0", "1.5.0", "1.6.0"):
        with pytest.raises(shlo.SerializationError, match=rf"cannot write {what} for shlo {old}: .*sets "
                                                          r"`unreduced`, introduced in shlo 1\.7\.0"):
            shlo.serialize(prog, target_version=old)
    for old in ("1.0.0", "1.3.0"):   # no meshes before 1.4.0: the mesh is what they cannot hold
        with pytest.raises(shlo.SerializationError, match=rf"cannot write shlo\.mesh for shlo {old}"):
            shlo.serialize(prog, target_version=old)
    with pytest.raises(shlo.DeserializationError, match=r"claims shlo 1\.6\.0 but .*`unreduced`"):
        shlo.deserialize(forged(prog, "1.6.0"))


def test_unreduced_constraint_imports_runs_and_exports():
    prog = shlo.from_stablehlo(UNREDUCED_DOT)
    assert 'dims = [["y"], []], open = [], priorities = [], replicated = [], unreduced = ["x"]>' in str(prog)
    a, b = _operands()
    np.testing.assert_allclose(shlo.interpret(prog, a, b)[0], a @ b, rtol=1e-5, atol=1e-5)
    back = _round_trips(prog)
    assert '<@mesh, [{"y"}, {}], unreduced={"x"}>' in back
    _refused_before_1_7_0(prog, r"shlo\.sharding_constraint")


def test_unreduced_manual_computation_result_is_the_sum_of_the_devices():
    prog = shlo.from_stablehlo(UNREDUCED_SHARD_MAP)
    a, b = _operands(1)
    # each of the 8 devices multiplies its half of the contraction (x); the 4 along y agree
    np.testing.assert_allclose(shlo.interpret(prog, a, b)[0], a @ b, rtol=1e-5, atol=1e-5)
    back = _round_trips(prog)
    assert 'out_shardings=[<@mesh, [{}, {}], unreduced={"x"}>]' in back
    _refused_before_1_7_0(prog, r"shlo\.manual_computation")


def test_unreduced_manual_computation_input_is_split_into_partial_values():
    """An unreduced input gives the devices partial values that sum to it (the interpreter's
    split: the value at coordinate 0, zeros elsewhere); a linear body keeps the sum."""
    text = '''shlo.mesh @mesh {axis_names = ["x"], axis_sizes = array<i64: 4>}
func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "shlo.manual_computation"(%x) ({
  ^bb0(%a: tensor<3xf32>):
    %d = "shlo.add"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "shlo.return"(%d) : (tensor<3xf32>) -> ()
  }) {in_shardings = [IN], out_shardings = [IN], manual_axes = ["x"]} : (tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}'''.replace("IN", '#shlo.sharding<mesh = @mesh, dims = [[]], open = [], priorities = [], replicated = [], '
                   'unreduced = ["x"]>')
    prog = shlo.parse(text)
    x = np.array([1, 2, 3], np.float32)
    np.testing.assert_array_equal(shlo.interpret(prog, x)[0], 2 * x)
    # without `unreduced` the 4 devices each hold x and the result takes device 0's 2x as well
    np.testing.assert_array_equal(shlo.interpret(shlo.parse(text.replace(', unreduced = ["x"]', "")), x)[0], 2 * x)


def test_function_argument_unreduced_is_refused_naming_the_function():
    text = '''shlo.mesh @mesh {axis_names = ["x", "y"], axis_sizes = array<i64: 2, 4>}
func.func @main(%x: tensor<8x4xf32> {shlo.sharding = S}) -> tensor<8x4xf32> {
  func.return %x : tensor<8x4xf32>
}'''
    s = '#shlo.sharding<mesh = @mesh, dims = [["y"], []], open = [], priorities = [], replicated = [], unreduced = AX>'
    prog = shlo.parse(text.replace("S", s.replace("AX", '["x"]')))
    assert str(shlo.deserialize(shlo.serialize(prog))) == str(prog)
    with pytest.raises(shlo.SerializationError, match=r'cannot write function "main" for shlo 1\.6\.0: .*unreduced'):
        shlo.serialize(prog, target_version="1.6.0")
    for axes, cid, words in [('["z"]', "sharding.C2", "'z'"), ('["y"]', "sharding.C3", "'y' twice"),
                             ('["x", "x"]', "sharding.C3", "'x' twice")]:
        with pytest.raises(shlo.VerificationError) as e:
            shlo.parse(text.replace("S", s.replace("AX", axes)))
        assert e.value.constraint == cid and words in str(e.value)


def test_a_sharding_without_unreduced_is_written_as_before():
    """`unreduced = []` reads as absent, so a program without unreduced axes prints as before
    and its 1.7.0 artifact is its 1.6.0 artifact apart from the version."""
    s = '#shlo.sharding<mesh = @mesh, dims = [["x"]], open = [], priorities = [], replicated = []'
    text = f'''shlo.mesh @mesh {{axis_names = ["x"], axis_sizes = array<i64: 2>}}
func.func @main(%x: tensor<4xf32> {{shlo.sharding = {s}, unreduced = []>}}) -> tensor<4xf32> {{
  %0 = shlo.sharding_constraint %x {{sharding = {s}>}} : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}}'''
    prog = shlo.parse(text)
    assert "unreduced" not in str(prog)
    new, old = shlo.serialize(prog, target_version="1.7.0"), shlo.serialize(prog, target_version="1.6.0")
    assert envelope.payload_of(new).replace(b"shlo 1.7.0", b"shlo 1.6.0") == envelope.payload_of(old)


# Shardy's later stages write explicit collectives and keep named computations; each
# collective is the identity on the global value, moving it to its out_sharding.
SDY_STAGES = '''
module @m attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  func.func public @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
    %0 = sdy.all_gather [{}, {"y"}] %arg0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x16xf32>
    %1 = sdy.all_slice [{}, {"y"}] %0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x16xf32>
    %2 = sdy.all_to_all [{"x"}: 0->1] %1 out_sharding=<@mesh, [{}, {"y", "x"}]> : tensor<8x16xf32>
    %3 = sdy.collective_permute %2 out_sharding=<@mesh, [{}, {"x", "y"}]> : tensor<8x16xf32>
    %4 = stablehlo.multiply %3, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x16xf32>
    %5 = sdy.all_reduce {"x"} %4 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x16xf32>
    %6 = sdy.reduce_scatter [{"x"}, {}] %5 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x16xf32>
    %7 = sdy.named_computation<"double">(%6) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{}, {"y"}]>] (%a: tensor<8x16xf32>) {
      %9 = stablehlo.add %a, %a : tensor<8x16xf32>
      sdy.return %9 : tensor<8x16xf32>
    } : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %8 = sdy.propagation_barrier %7 allowed_direction=NONE : tensor<8x16xf32>
    %10 = sdy.named_computation<"plain">(%8, %arg0) (%b: tensor<8x16xf32>, %c: tensor<8x16xf32>) {
      %11 = stablehlo.subtract %b, %c : tensor<8x16xf32>
      sdy.return %11 : tensor<8x16xf32>
    } : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %12 = sdy.func_data_flow_edge %arg1 : tensor<8x16xf32>
    %11 = sdy.reshard %10 <@mesh, [{}, {"y"}]> : tensor<8x16xf32>
    %13 = sdy.replicated_to_unreduced {"x"} %11 out_sharding=<@mesh, [{}, {"y"}], unreduced={"x"}> : tensor<8x16xf32>
    %14 = sdy.sharded_to_unreduced [{}, {"y"}] %13 out_sharding=<@mesh, [{}, {}], unreduced={"x", "y"}> : tensor<8x16xf32>
    %15 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} dense<3.0> : tensor<8x16xf32>
    %16 = stablehlo.multiply %14, %15 : tensor<8x16xf32>
    %17 = stablehlo.add %16, %12 : tensor<8x16xf32>
    return %17 : tensor<8x16xf32>
  }
}'''


def test_shardy_explicit_collectives_and_named_computations_import():
    stablehlo_accepts(SDY_STAGES)
    prog = shlo.from_stablehlo(SDY_STAGES)
    text = str(prog)
    assert "sdy." not in text and "named_computation" not in text and "data_flow_edge" not in text
    # nine collectives / reshards and the two shardings of "double" became constraints; "plain" has none
    assert text.count("shlo.sharding_constraint") == 11
    assert re.search(r'shlo\.sharding_constraint %\w+ \{sharding = #shlo\.sharding<mesh = @mesh, '
                     r'dims = \[\[\], \["y", "x"\]\]', text)
    assert 'dims = [[], []], open = [], priorities = [], replicated = [], unreduced = ["x", "y"]>' in text
    # sdy.constant: a constant with its sharding, written back as StableHLO's (XLA reads both)
    assert re.search(r'shlo\.constant \{shlo\.shardings = \[#shlo\.sharding<mesh = @mesh, dims = \[\["x"\], \[\]\]', text)
    r = np.random.RandomState(2)
    x, y = r.standard_normal((8, 16)).astype(np.float32), r.standard_normal((8, 16)).astype(np.float32)
    np.testing.assert_allclose(shlo.interpret(prog, x, y)[0], 3 * (2 * x * x - x) + y, rtol=1e-5, atol=1e-6)
    back = _round_trips(prog)
    assert re.search(r'stablehlo\.constant \{sdy\.sharding = #sdy\.sharding_per_value<\[<@mesh, \[\{"x"\}, \{\}\]>\]>\} '
                     r'dense<3\.0+e\+00>', back)


def test_sharding_group_on_a_block_argument_of_a_loop_is_an_import_error():
    """shlo keeps sharding groups of op results and function arguments only (as attributes)."""
    loop = """    %c = stablehlo.constant dense<0> : tensor<i32>
    %w:2 = stablehlo.while(%i = %c, %v = %arg1) : tensor<i32>, tensor<8x16xf32>
     cond {
      %k = stablehlo.constant dense<2> : tensor<i32>
      %p = stablehlo.compare LT, %i, %k : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      sdy.sharding_group %v group_id=0 : tensor<8x16xf32>
      stablehlo.return %i, %v : tensor<i32>, tensor<8x16xf32>
    }
    %12 = stablehlo.negate %w#1"""
    bad = SDY_STAGES.replace("    %12 = sdy.func_data_flow_edge %arg1", loop)
    stablehlo_accepts(bad)
    with pytest.raises(shlo.ImportError, match=r"sdy\.sharding_group of a block argument of shlo\.while has no "
                                               r"shlo counterpart"):
        shlo.from_stablehlo(bad)


def test_struct_fields_since_comes_from_the_spec_and_is_checked(monkeypatch):
    import copy

    import speclib
    from shlo.verify._spec_table import STRUCT_FIELDS_SINCE
    assert STRUCT_FIELDS_SINCE == speclib.struct_fields_since() == {("sharding", "unreduced"): "1.7.0"}
    attrs = copy.deepcopy(speclib.load_attributes())
    monkeypatch.setitem(speclib._cache, "attrs", attrs)
    attrs["structs"]["sharding"]["fields_since"] = {"replicated": "1.7.0"}   # not an optional field
    with pytest.raises(speclib.SpecError, match="replicated, which is not an optional field"):
        speclib.struct_fields_since()
    attrs["structs"]["sharding"]["fields_since"] = {"unreduced": "1.9.0"}
    with pytest.raises(speclib.SpecError, match="not a release"):
        speclib.struct_fields_since()


def test_unreduced_result_of_a_manual_computation_nested_in_another():
    """Inner manual over y (inside one over x): its result, unreduced over y, is the sum of the
    pieces of the devices that differ only along y."""
    s = '#shlo.sharding<mesh = @mesh, dims = DIMS, open = [], priorities = [], replicated = []EXTRA>'
    def sh(dims, extra=""):
        return s.replace("DIMS", dims).replace("EXTRA", extra)
    text = f'''shlo.mesh @mesh {{axis_names = ["x", "y"], axis_sizes = array<i64: 2, 2>}}
func.func @main(%a: tensor<4x4xf32>) -> tensor<4x2xf32> {{
  %0 = "shlo.manual_computation"(%a) ({{
  ^bb0(%p: tensor<2x4xf32>):
    %1 = "shlo.manual_computation"(%p) ({{
    ^bb1(%q: tensor<2x2xf32>):
      "shlo.return"(%q) : (tensor<2x2xf32>) -> ()
    }}) {{in_shardings = [{sh('[[], ["y"]]')}], out_shardings = [{sh('[[], []]', ', unreduced = ["y"]')}], manual_axes = ["y"]}} : (tensor<2x4xf32>) -> tensor<2x2xf32>
    "shlo.return"(%1) : (tensor<2x2xf32>) -> ()
  }}) {{in_shardings = [{sh('[["x"], []]')}], out_shardings = [{sh('[["x"], []]')}], manual_axes = ["x"]}} : (tensor<4x4xf32>) -> tensor<4x2xf32>
  func.return %0 : tensor<4x2xf32>
}}'''
    a = np.arange(16, dtype=np.float32).reshape(4, 4)
    np.testing.assert_array_equal(shlo.interpret(shlo.parse(text), a)[0], a[:, :2] + a[:, 2:])


# Shardy text written by hand (not by JAX): unreduced sub-axes with an explicit all_reduce of
# one piece, unreduced op shardings on a mesh with device ids, an unreduced manual input and a
# named computation with an explicit all_gather. XLA refuses each of them as input (its
# reader knows no explicit collectives or reshards: "unknown mesh"); their exports partition.
SHARDY_1_7_0 = {}
SHARDY_1_7_0["unreduced_subaxes_replicated"] = ('''
module @m attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4, "y"=2]>
  func.func public @main(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %b: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {}]>}) {
    %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{}, {}], replicated={"y"}, unreduced={"x"}> : tensor<8x4xf32>
    %2 = sdy.all_reduce {"x":(2)2} %1 out_sharding=<@mesh, [{}, {}], replicated={"y"}, unreduced={"x":(1)2}> : tensor<8x4xf32>
    %3 = sdy.sharding_constraint %2 <@mesh, [{"x":(1)2}, {}]> : tensor<8x4xf32>
    return %3 : tensor<8x4xf32>
  }
}''', lambda a, b: a @ b)
SHARDY_1_7_0["device_ids_unreduced_op_sharding"] = ('''
module @m attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
  func.func public @main(%a: tensor<8x8xf32>, %b: tensor<8x4xf32>) -> tensor<8x4xf32> {
    %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}], unreduced={"x"}>]>} : (tensor<8x8xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = stablehlo.add %0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}], unreduced={"x"}>]>} : tensor<8x4xf32>
    %2 = sdy.reshard %1 <@mesh, [{"y"}, {}]> : tensor<8x4xf32>
    return %2 : tensor<8x4xf32>
  }
}''', lambda a, b: 2 * (a @ b))
SHARDY_1_7_0["manual_unreduced_in_and_collectives_in_named"] = ('''
module @m attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  func.func public @main(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, %b: tensor<8x4xf32>) -> tensor<8x4xf32> {
    %0 = sdy.named_computation<"mm">(%a, %b) in_shardings=[<@mesh, [{"y"}, {"x"}]>, <@mesh, [{}, {}]>] out_shardings=[<@mesh, [{}, {}]>] (%p: tensor<8x8xf32>, %q: tensor<8x4xf32>) {
      %g = sdy.all_gather [{"y"}, {}] %p out_sharding=<@mesh, [{}, {"x"}]> : tensor<8x8xf32>
      %d = stablehlo.dot_general %g, %q, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
      sdy.return %d : tensor<8x4xf32>
    } : (tensor<8x8xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}, {}], unreduced={"x"}>] out_shardings=[<@mesh, [{}, {}], unreduced={"x"}>] manual_axes={"x", "y"} (%l: tensor<8x4xf32>) {
      %t = stablehlo.add %l, %l : tensor<8x4xf32>
      sdy.return %t : tensor<8x4xf32>
    } : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %2 = sdy.sharding_constraint %1 <@mesh, [{}, {}]> : tensor<8x4xf32>
    return %2 : tensor<8x4xf32>
  }
}''', lambda a, b: 2 * (a @ b))


@pytest.mark.parametrize("name", sorted(SHARDY_1_7_0))
def test_hand_written_shardy_with_unreduced_axes(name):
    text, ref = SHARDY_1_7_0[name]
    stablehlo_accepts(text)
    prog = shlo.from_stablehlo(text)
    assert "unreduced = [" in str(prog)
    r = np.random.RandomState(3)
    a, b = r.standard_normal((8, 8)).astype(np.float32), r.standard_normal((8, 4)).astype(np.float32)
    np.testing.assert_allclose(shlo.interpret(prog, a, b)[0], ref(a, b), rtol=1e-5, atol=1e-5)
    assert "unreduced={" in _round_trips(prog)


def test_replicated_and_unreduced_axes_are_exported_in_mesh_order():
    """They are sets; Shardy's verifier refuses them out of mesh order ("replicated axes are not
    ordered w.r.t. mesh"), so the export sorts them (a shlo program may list them in any order)."""
    s = ('#shlo.sharding<mesh = @mesh, dims = [[], []], open = [], priorities = [], replicated = ["w", "z"], '
         'unreduced = ["y", "x"]>')
    prog = shlo.parse('shlo.mesh @mesh {axis_names = ["x", "y", "z", "w"], axis_sizes = array<i64: 2, 2, 2, 1>}\n'
                      'func.func @main(%a: tensor<8x4xf32>) -> tensor<8x4xf32> {\n'
                      f'  %0 = shlo.sharding_constraint %a {{sharding = {s}}} : tensor<8x4xf32>\n'
                      '  func.return %0 : tensor<8x4xf32>\n}')
    back = shlo.to_stablehlo(prog)
    stablehlo_accepts(back)
    assert 'replicated={"z", "w"}, unreduced={"x", "y"}' in back
    assert 'replicated = ["z", "w"], unreduced = ["x", "y"]' in str(shlo.from_stablehlo(back))
