// Spec violations name the op, the location and the constraint id; nothing
// is written to the output file.
// RUN: not shlo-opt %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out
// CHECK: shlo-opt: error: loc("{{.*}}errors.mlir":8:8): 'shlo.dot_general' violates dot_general.C8
// CHECK-SAME: Paired contracting dimensions have compatible sizes
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = "shlo.dot_general"(%a, %b) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}
