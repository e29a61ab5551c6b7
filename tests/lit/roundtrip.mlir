// Pretty, generic and bytecode forms of one program print the same.
// RUN: shlo-opt %s | FileCheck %s
// RUN: shlo-opt %s --generic | shlo-opt - | FileCheck %s
// RUN: shlo-opt %s --emit-bytecode | shlo-opt - | FileCheck %s
// RUN: shlo-opt %s --generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @main
// CHECK: %[[S:.*]] = shlo.add %arg0, %arg1 : tensor<2x?xf32>
// CHECK: shlo.dot_general %[[S]], %arg2 {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}
// CHECK: shlo.reduce(%{{.*}}), (%{{.*}}) {dimensions = array<i64: 1>}
// CHECK: shlo.return
// GENERIC: "shlo.add"(%arg0, %arg1) : (tensor<2x?xf32>, tensor<2x?xf32>) -> tensor<2x?xf32>
// GENERIC: "shlo.reduce"
// GENERIC-SAME: operandSegmentSizes = array<i32: 1, 1>
func.func @main(%a: tensor<2x?xf32>, %b: tensor<2x?xf32>, %w: tensor<?x3xf32>) -> tensor<2xf32> {
  %s = shlo.add %a, %b : tensor<2x?xf32>
  %d = "shlo.dot_general"(%s, %w) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x?xf32>, tensor<?x3xf32>) -> tensor<2x3xf32>
  %zero = shlo.constant {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %r = "shlo.reduce"(%d, %zero) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %z = "shlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%z) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>, operandSegmentSizes = array<i32: 1, 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
