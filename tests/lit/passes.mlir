// Pipelines mix shlo passes with upstream ones.
// RUN: shlo-opt %s -p 'builtin.module(shlo-verify,shlo-simplify,canonicalize,cse)' | FileCheck %s
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %[[A:.*]] = shlo.add %arg0, %arg1 : tensor<4xf32>
// CHECK-NEXT: return %[[A]], %[[A]] : tensor<4xf32>, tensor<4xf32>
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = shlo.add %a, %b : tensor<4xf32>
  %1 = shlo.add %a, %b : tensor<4xf32>
  %n = shlo.negate %1 : tensor<4xf32>
  %nn = shlo.negate %n : tensor<4xf32>
  %t = "shlo.transpose"(%nn) {permutation = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  %c = "shlo.convert"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0, %c : tensor<4xf32>, tensor<4xf32>
}
