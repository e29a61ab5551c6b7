// reduce is one linalg.reduce whose body is the op's region; sort is a merge
// sort in scf loops; control flow becomes scf.
// RUN: shlo-opt %s -p 'builtin.module(shlo-legalize-to-linalg)' | FileCheck %s

// CHECK-LABEL: func.func @sum_rows
// CHECK: linalg.fill
// CHECK: linalg.reduce { arith.addf }
// CHECK-SAME: dimensions = [1]
func.func @sum_rows(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %z = shlo.constant {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "shlo.reduce"(%a, %z) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = shlo.add %x, %y : tensor<f32>
    "shlo.return"(%s) : (tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 1>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @sort
// CHECK: scf.while
// CHECK: arith.cmpf olt
func.func @sort(%a: tensor<16xf32>) -> tensor<16xf32> {
  %0 = "shlo.sort"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "shlo.compare"(%x, %y) {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<16xf32>) -> tensor<16xf32>
  func.return %0 : tensor<16xf32>
}

// CHECK-LABEL: func.func @count_down
// CHECK: scf.while
// CHECK: scf.condition
func.func @count_down(%n: tensor<i64>) -> tensor<i64> {
  %r = "shlo.while"(%n) ({
  ^bb0(%i: tensor<i64>):
    %zero = shlo.constant {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %c = "shlo.compare"(%i, %zero) {comparison_direction = #shlo.comparison_direction<GT>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i64>):
    %one = shlo.constant {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %j = shlo.subtract %i, %one : tensor<i64>
    "shlo.return"(%j) : (tensor<i64>) -> ()
  }) : (tensor<i64>) -> tensor<i64>
  func.return %r : tensor<i64>
}
