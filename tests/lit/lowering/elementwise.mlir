// Element-wise ops become one linalg.generic each, on storage types: unsigned
// integers are signless, i1 is stored as i8, integer division is guarded.
// RUN: shlo-opt %s -p 'builtin.module(shlo-legalize-to-linalg)' | FileCheck %s

// CHECK-LABEL: func.func @add_f32
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK: arith.addf
func.func @add_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = shlo.add %a, %b : tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @divide_ui32
// CHECK-SAME: tensor<4xi32>
// CHECK: arith.cmpi eq
// CHECK: arith.select
// CHECK: arith.divui
func.func @divide_ui32(%a: tensor<4xui32>, %b: tensor<4xui32>) -> tensor<4xui32> {
  %0 = shlo.divide %a, %b : tensor<4xui32>
  func.return %0 : tensor<4xui32>
}

// CHECK-LABEL: func.func @compare_bool
// CHECK-SAME: -> tensor<?xi8>
// CHECK: arith.cmpf olt
// CHECK: arith.extui {{.*}} : i1 to i8
func.func @compare_bool(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xi1> {
  %0 = "shlo.compare"(%a, %b) {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xi1>
  func.return %0 : tensor<?xi1>
}
