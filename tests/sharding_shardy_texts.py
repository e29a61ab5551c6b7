"""StableHLO programs written by hand, as a user of another framework writes them (not exported
by JAX), run through every stage and then by XLA on 8 host devices, for tests/sharding_cases.py:
Shardy (meshes, shardings, constraints, manual computations, what Shardy's later stages
write) and GSPMD `mhlo.sharding` strings.

Each program comes with its inputs and the values it must give (numpy). Stages: import,
verify, serialize, interpret (the expected values), export (`shlo.to_stablehlo`), xla_run
(XLA compiles the export for 8 devices and runs it on inputs placed as its parameter
shardings: the expected values, and the parameter and result shardings XLA gives the
original text, or `reference` where XLA does not read the original).
"""
from __future__ import annotations

import dataclasses
import re

import numpy as np

import shlo
from sharding_stages import compile_for_devices, failure, first_stages, run_compiled, same_values, shardings

STAGES = ["import", "verify", "serialize", "interpret", "export", "xla_run"]


@dataclasses.dataclass
class Text:
    text: str
    args: list
    want: list                  # the values of the results
    reference: str | None = None   # a text XLA reads and partitions as `text`, where it does not read `text`
    gspmd: bool = False            # the original is partitioned by GSPMD (mhlo.sharding strings), the export by Shardy


def _normal(seed, *shape):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


MODULE = 'module @m attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {\n'

# GSPMD: StableHLO written with `mhlo.sharding` strings (what JAX wrote before Shardy).
GSPMD_TEXT = """module @m attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%a: tensor<8x4xf32> {mhlo.sharding = "{devices=[4,2]<=[8]}"}, %b: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1,4]<=[4,2]T(1,0) last_tile_dim_replicate}"}) -> (tensor<8x4xf32> {mhlo.sharding = "{devices=[2,4]<=[8]}"}) {
    %0 = stablehlo.add %a, %b : tensor<8x4xf32>
    %1 = stablehlo.custom_call @Sharding(%0) {mhlo.sharding = "{devices=[1,2,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %2 = stablehlo.multiply %1, %1 : tensor<8x4xf32>
    return %2 : tensor<8x4xf32>
  }
}"""

# Shardy text with what JAX does not write: sub-axes, inline meshes (XLA reads both).
SHARDY_TEXT = """module @m attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4, "y"=2]>
  func.func public @main(%a: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"y"}]>}, %b: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<mesh<["a"=2, "b"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>, [{"b"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(2)2}, {}]>}, tensor<8x4xf32>) {
    %0 = stablehlo.add %a, %b {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(2)2, "y"}, {?}]>]>} : tensor<8x4xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{"x"}, {}]> : tensor<8x4xf32>
    %2 = stablehlo.multiply %1, %1 : tensor<8x4xf32>
    %3 = sdy.sharding_constraint %2 <@mesh, [{}, {"x":(1)2}]> : tensor<8x4xf32>
    return %2, %3 : tensor<8x4xf32>, tensor<8x4xf32>
  }
}"""

# Tensor-parallel MLP: argument / result / op shardings, priorities, an open dimension, a constraint,
# a bias that is Shardy's sdy.constant (kept from folding) placed over "model" (XLA reads it).
BIAS = np.arange(32, dtype=np.float32) / 16 - 1
MLP = MODULE + """  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func @main(%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}p0, {}]>},
                  %w1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                  %w2: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {?}]>})
      -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
    %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
    %b = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"model"}]>]>} dense<BIAS> : tensor<32xf32>
    %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<32xf32>) -> tensor<8x32xf32>
    %hb = stablehlo.add %h, %bb : tensor<8x32xf32>
    %hc = sdy.sharding_constraint %hb <@mesh, [{"data"}, {"model"}]> : tensor<8x32xf32>
    %t = stablehlo.tanh %hc : tensor<8x32xf32>
    %y = stablehlo.dot_general %t, %w2, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {?}]>]>} : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
    return %y : tensor<8x16xf32>
  }
}""".replace("BIAS", str(BIAS.tolist()))

# Fully manual over a 4 x 2 mesh: a sum over "x" (all_reduce) and a ring along "x"
# (collective_permute), with device ids as the body sees them (x * 2 + y).
MANUAL = MODULE + """  sdy.mesh @mesh = <["x"=4, "y"=2]>
  func.func @main(%a: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<2x4xf32>, tensor<8x4xf32>) {
    %0:2 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{}, {"y"}]>, <@mesh, [{"x"}, {"y"}]>] manual_axes={"x", "y"} (%b: tensor<2x2xf32>) {
      %s = "stablehlo.all_reduce"(%b) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
      ^bb0(%p: tensor<f32>, %q: tensor<f32>):
        %r = stablehlo.add %p, %q : tensor<f32>
        stablehlo.return %r : tensor<f32>
      }) : (tensor<2x2xf32>) -> tensor<2x2xf32>
      %n = "stablehlo.collective_permute"(%b) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0, 2], [2, 4], [4, 6], [6, 0], [1, 3], [3, 5], [5, 7], [7, 1]]> : tensor<8x2xi64>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
      sdy.return %s, %n : tensor<2x2xf32>, tensor<2x2xf32>
    } : (tensor<8x4xf32>) -> (tensor<2x4xf32>, tensor<8x4xf32>)
    return %0#0, %0#1 : tensor<2x4xf32>, tensor<8x4xf32>
  }
}"""

# Manual over "x" only ("y" left to the partitioner): an all_gather along "x".
PARTLY_MANUAL = MODULE + """  sdy.mesh @mesh = <["x"=4, "y"=2]>
  func.func @main(%a: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
    %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"x"} (%b: tensor<2x4xf32>) {
      %g = "stablehlo.all_gather"(%b) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<2x4xf32>) -> tensor<8x4xf32>
      %e = stablehlo.exponential %g : tensor<8x4xf32>
      sdy.return %e : tensor<8x4xf32>
    } : (tensor<8x4xf32>) -> tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}"""

# A while loop as Shardy's import leaves it: sdy.data_flow_edge on its result (XLA reads no
# data_flow_edge; `reference` is the loop with that sharding on the while, where Shardy puts it).
WHILE = MODULE + """  sdy.mesh @mesh = <["x"=4, "y"=2]>
  func.func @main(%a: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.while(%i = %c, %v = %a) : tensor<i32>, tensor<8x4xf32>WHILE_SHARDING
     cond {
      %k = stablehlo.constant dense<3> : tensor<i32>
      %p = stablehlo.compare LT, %i, %k : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %n = stablehlo.add %i, %one : tensor<i32>
      %w = stablehlo.sine %v : tensor<8x4xf32>
      stablehlo.return %n, %w : tensor<i32>, tensor<8x4xf32>
    }
EDGE    return %1 : tensor<8x4xf32>
  }
}"""
WHILE_EDGE = WHILE.replace("WHILE_SHARDING", "").replace(
    "EDGE", '    %1 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{"x"}, {?}]> : tensor<8x4xf32>\n')
WHILE_SUNK = WHILE.replace(
    "WHILE_SHARDING", ' attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"x"}, {?}]>]>}').replace(
    "EDGE", "").replace("return %1", "return %0#1")


# Long run only (SHLO_SHARDING_LONG=1). A mesh with its own device order, replicated axes.
DEVICE_IDS = MODULE + """  sdy.mesh @mesh = <["a"=2, "b"=4], device_ids=[0, 4, 1, 5, 2, 6, 3, 7]>
  func.func @main(%x: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], replicated={"b"}>},
                  %y: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>})
      -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
    %0 = stablehlo.multiply %x, %y : tensor<8x4xf32>
    %1 = stablehlo.add %0, %x : tensor<8x4xf32>
    return %1 : tensor<8x4xf32>
  }
}"""

# A manual computation over "y" nested in one over "x": the sum over "y" inside.
NESTED_MANUAL = MODULE + """  sdy.mesh @mesh = <["x"=4, "y"=2]>
  func.func @main(%a: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x2xf32> {
    %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%b: tensor<2x4xf32>) {
      %1 = sdy.manual_computation(%b) in_shardings=[<@mesh, [{}, {"y"}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"y"} (%c: tensor<2x2xf32>) {
        %s = "stablehlo.all_reduce"(%c) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3], [4, 5], [6, 7]]> : tensor<4x2xi64>, use_global_device_ids}> ({
        ^bb0(%p: tensor<f32>, %q: tensor<f32>):
          %r = stablehlo.add %p, %q : tensor<f32>
          stablehlo.return %r : tensor<f32>
        }) : (tensor<2x2xf32>) -> tensor<2x2xf32>
        sdy.return %s : tensor<2x2xf32>
      } : (tensor<2x4xf32>) -> tensor<2x2xf32>
      sdy.return %1 : tensor<2x2xf32>
    } : (tensor<8x4xf32>) -> tensor<8x2xf32>
    return %0 : tensor<8x2xf32>
  }
}"""

# stablehlo.case with sdy.data_flow_edge on its results, and a sharding group.
CASE = MODULE + """  sdy.mesh @mesh = <["x"=4, "y"=2]>
  func.func @main(%i: tensor<i32>, %a: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x4xf32> {
    %0 = "stablehlo.case"(%i) ({
      %e = stablehlo.exponential %a : tensor<8x4xf32>
      stablehlo.return %e : tensor<8x4xf32>
    }, {
      %n = stablehlo.negate %a : tensor<8x4xf32>
      stablehlo.return %n : tensor<8x4xf32>
    }) : (tensor<i32>) -> tensor<8x4xf32>
    %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"y"}, {}]> : tensor<8x4xf32>
    %2 = stablehlo.add %1, %a : tensor<8x4xf32>
    sdy.sharding_group %2 group_id=0 : tensor<8x4xf32>
    sdy.sharding_group %a group_id=0 : tensor<8x4xf32>
    return %2 : tensor<8x4xf32>
  }
}"""
CASE_SUNK = CASE.replace(") : (tensor<i32>) -> tensor<8x4xf32>",
                         ') {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : (tensor<i32>) -> '
                         'tensor<8x4xf32>').replace(
    '    %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"y"}, {}]> : tensor<8x4xf32>\n', "").replace("add %1", "add %0")

# What Shardy's later stages write about unreduced values: replicated_to_unreduced and
# sharded_to_unreduced (the global value unchanged: its pieces sum to it), an explicit
# all_reduce back, and a func_data_flow_edge on an argument. XLA reads none of them;
# `reference` has constraints with the same shardings in their place.
UNREDUCED = MODULE + """  sdy.mesh @mesh = <["x"=4, "y"=2]>
  func.func @main(%a: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %b: tensor<8x4xf32>)
      -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
EDGE    %c = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<1x4xf32>
    %cb = stablehlo.broadcast_in_dim %c, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<8x4xf32>
    %r = TO_UNREDUCED_Y<@mesh, [{"x"}, {}], unreduced={"y"}> : tensor<8x4xf32>
    %s = TO_UNREDUCED_X<@mesh, [{}, {}], unreduced={"x", "y"}> : tensor<8x4xf32>
    %t = ALL_REDUCE<@mesh, [{}, {}]> : tensor<8x4xf32>
    %m = stablehlo.multiply %t, %cb : tensor<8x4xf32>
    %o = stablehlo.add %m, %f : tensor<8x4xf32>
    return %o : tensor<8x4xf32>
  }
}"""
UNREDUCED_SDY = UNREDUCED.replace("EDGE", "    %f = sdy.func_data_flow_edge %b : tensor<8x4xf32>\n").replace(
    "TO_UNREDUCED_Y", 'sdy.replicated_to_unreduced {"y"} %a out_sharding=').replace(
    "TO_UNREDUCED_X", 'sdy.sharded_to_unreduced [{"x"}, {}] %r out_sharding=').replace(
    "ALL_REDUCE", 'sdy.all_reduce {"x", "y"} %s out_sharding=')
UNREDUCED_CONSTRAINTS = UNREDUCED.replace("EDGE", "").replace("%f", "%b").replace(
    "TO_UNREDUCED_Y", "sdy.sharding_constraint %a ").replace("TO_UNREDUCED_X", "sdy.sharding_constraint %r ").replace(
    "ALL_REDUCE", "sdy.sharding_constraint %s ")


# Shardy that XLA does not read as input (tests/test_release_1_7_0.py: explicit collectives,
# reshard, named computations, a propagation barrier, func_data_flow_edge, unreduced
# conversions). Each `reference` is an equivalent program XLA reads: each collective or reshard
# a sdy.sharding_constraint to its out_sharding, each named computation inlined with its in /
# out shardings as constraints, the barrier and the edge left out. XLA runs both (values only
# are asked of the reference; the shardings are compared too).
_COLLECTIVE = re.compile(r'sdy\.(?:all_gather|all_slice|all_to_all|collective_permute|all_reduce|reduce_scatter|'
                         r'replicated_to_unreduced|sharded_to_unreduced) (?:.*? )?(%\w+) out_sharding=(<.*>) :')


def _as_constraints(text: str) -> str:
    """Explicit collectives and reshards of a Shardy text written as sharding constraints."""
    text = _COLLECTIVE.sub(lambda m: f"sdy.sharding_constraint {m.group(1)} {m.group(2)} :", text)
    return re.sub(r"sdy\.reshard (%\w+) <", r"sdy.sharding_constraint \1 <", text)


SDY_STAGES_INLINED = MODULE + """  sdy.mesh @mesh = <["x"=2, "y"=4]>
  func.func public @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
    %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x"}, {}]> : tensor<8x16xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{"x"}, {"y"}]> : tensor<8x16xf32>
    %2 = sdy.sharding_constraint %1 <@mesh, [{}, {"y", "x"}]> : tensor<8x16xf32>
    %3 = sdy.sharding_constraint %2 <@mesh, [{}, {"x", "y"}]> : tensor<8x16xf32>
    %4 = stablehlo.multiply %3, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x16xf32>
    %5 = sdy.sharding_constraint %4 <@mesh, [{}, {"y"}]> : tensor<8x16xf32>
    %6 = sdy.sharding_constraint %5 <@mesh, [{"x"}, {"y"}]> : tensor<8x16xf32>
    %a = sdy.sharding_constraint %6 <@mesh, [{"x"}, {"y"}]> : tensor<8x16xf32>
    %9 = stablehlo.add %a, %a : tensor<8x16xf32>
    %7 = sdy.sharding_constraint %9 <@mesh, [{}, {"y"}]> : tensor<8x16xf32>
    %10 = stablehlo.subtract %7, %arg0 : tensor<8x16xf32>
    %11 = sdy.sharding_constraint %10 <@mesh, [{}, {"y"}]> : tensor<8x16xf32>
    %13 = sdy.sharding_constraint %11 <@mesh, [{}, {"y"}], unreduced={"x"}> : tensor<8x16xf32>
    %14 = sdy.sharding_constraint %13 <@mesh, [{}, {}], unreduced={"x", "y"}> : tensor<8x16xf32>
    %15 = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} dense<3.0> : tensor<8x16xf32>
    %16 = stablehlo.multiply %14, %15 : tensor<8x16xf32>
    %17 = stablehlo.add %16, %arg1 : tensor<8x16xf32>
    return %17 : tensor<8x16xf32>
  }
}"""

NAMED_MM_INLINED = MODULE + """  sdy.mesh @mesh = <["x"=2, "y"=4]>
  func.func public @main(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, %b: tensor<8x4xf32>) -> tensor<8x4xf32> {
    %p = sdy.sharding_constraint %a <@mesh, [{"y"}, {"x"}]> : tensor<8x8xf32>
    %q = sdy.sharding_constraint %b <@mesh, [{}, {}]> : tensor<8x4xf32>
    %g = sdy.sharding_constraint %p <@mesh, [{}, {"x"}]> : tensor<8x8xf32>
    %d = stablehlo.dot_general %g, %q, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %0 = sdy.sharding_constraint %d <@mesh, [{}, {}]> : tensor<8x4xf32>
    %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}, {}], unreduced={"x"}>] out_shardings=[<@mesh, [{}, {}], unreduced={"x"}>] manual_axes={"x", "y"} (%l: tensor<8x4xf32>) {
      %t = stablehlo.add %l, %l : tensor<8x4xf32>
      sdy.return %t : tensor<8x4xf32>
    } : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %2 = sdy.sharding_constraint %1 <@mesh, [{}, {}]> : tensor<8x4xf32>
    return %2 : tensor<8x4xf32>
  }
}"""


def unreadable_texts() -> dict:
    """The Shardy texts of tests/test_release_1_7_0.py that XLA refuses as input, with programs
    it reads in their place (long run only)."""
    from test_release_1_7_0 import SDY_STAGES, SHARDY_1_7_0
    r = np.random.RandomState(2)
    x, y = r.standard_normal((8, 16)).astype(np.float32), r.standard_normal((8, 16)).astype(np.float32)
    r = np.random.RandomState(3)
    a, b = r.standard_normal((8, 8)).astype(np.float32), r.standard_normal((8, 4)).astype(np.float32)
    found = {"shardy_explicit_collectives_named": Text(SDY_STAGES, [x, y], [3 * (2 * x * x - x) + y],
                                                       reference=SDY_STAGES_INLINED)}
    references = {"manual_unreduced_in_and_collectives_in_named": NAMED_MM_INLINED}
    for name, (text, want) in SHARDY_1_7_0.items():
        found["shardy_" + name] = Text(text, [a, b], [want(a, b)], reference=references.get(name, _as_constraints(text)))
    return found


def long_texts() -> dict:
    x, y, a = _normal(5, 8, 4), _normal(6, 8, 4), _normal(7, 8, 4)
    return {
        "shardy_device_ids_replicated": Text(DEVICE_IDS, [x, y], [x * y + x]),
        "shardy_nested_manual": Text(NESTED_MANUAL, [a], [a[:, :2] + a[:, 2:]]),
        "shardy_case_data_flow_edge_group": Text(CASE, [np.int32(0), a], [np.exp(a) + a], reference=CASE_SUNK),
        "shardy_unreduced_conversions": Text(UNREDUCED_SDY, [a, x], [a * np.float32([1, 2, 3, 4]) + x],
                                             reference=UNREDUCED_CONSTRAINTS),
        **unreadable_texts(),
    }


def texts() -> dict:
    x, w1, w2 = _normal(1, 8, 16), _normal(2, 16, 32), _normal(3, 32, 16)
    a, b = _normal(4, 8, 4), _normal(8, 8, 4)
    return {
        "gspmd_text": Text(GSPMD_TEXT, [a, b], [(a + b) ** 2], gspmd=True),
        "shardy_text": Text(SHARDY_TEXT, [a, b], [(a + b) ** 2] * 2),
        "shardy_mlp": Text(MLP, [x, w1, w2], [np.tanh(x @ w1 + BIAS) @ w2]),
        "shardy_manual_psum_ring": Text(MANUAL, [a], [a.reshape(4, 2, 4).sum(0), np.roll(a, 2, axis=0)]),
        "shardy_partly_manual_all_gather": Text(PARTLY_MANUAL, [a], [np.exp(a)]),
        "shardy_while_data_flow_edge": Text(WHILE_EDGE, [a], [np.sin(np.sin(np.sin(a)))], reference=WHILE_SUNK),
    }


def run(name: str, t: Text) -> dict:
    passed = []
    try:
        prog, back = first_stages(lambda: shlo.from_stablehlo(t.text, verify=False), passed)
        same_values(shlo.interpret(back, *t.args), t.want, 1e-5)
        passed.append("interpret")
        text = shlo.to_stablehlo(prog)
        passed.append("export")
        exe, original = compile_for_devices(text), compile_for_devices(t.reference or t.text, shardy=not t.gspmd)
        ours, theirs = shardings(exe), shardings(original)
        assert ours == theirs, f"XLA shardings {ours} vs the original's {theirs}"
        shapes = [w.shape for w in t.want]
        got = run_compiled(exe, t.args, shapes)
        same_values(got, t.want, 1e-5)
        if t.reference:   # the values XLA computes for the program it reads in the original's place
            same_values(got, run_compiled(original, t.args, shapes), 1e-5)
        passed.append("xla_run")
    except Exception as e:  # noqa: BLE001 - reported per stage
        return failure(name, STAGES, passed, e)
    return {"name": name, "passed": passed, "failed": None}
