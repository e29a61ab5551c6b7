// Data movement: named ops and tensor ops; broadcasts are generics whose input
// map projects the result's loops (so element-wise fusion can fold them).
// RUN: shlo-opt %s -p 'builtin.module(shlo-legalize-to-linalg)' | FileCheck %s

// CHECK: #[[BCAST:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @broadcast
// CHECK: linalg.generic {indexing_maps = [#[[BCAST]],
func.func @broadcast(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "shlo.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @transpose
// CHECK: linalg.transpose
func.func @transpose(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = "shlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @reshape
// CHECK: tensor.collapse_shape
func.func @reshape(%a: tensor<2x3xf32>) -> tensor<6xf32> {
  %0 = "shlo.reshape"(%a) : (tensor<2x3xf32>) -> tensor<6xf32>
  func.return %0 : tensor<6xf32>
}

// CHECK-LABEL: func.func @slice
// CHECK: tensor.extract_slice %{{.*}}[1] [2] [2]
func.func @slice(%a: tensor<6xf32>) -> tensor<2xf32> {
  %0 = "shlo.slice"(%a) {start_indices = array<i64: 1>, limit_indices = array<i64: 5>, strides = array<i64: 2>} : (tensor<6xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @pad
// CHECK: tensor.pad
func.func @pad(%a: tensor<3xf32>, %v: tensor<f32>) -> tensor<6xf32> {
  %0 = "shlo.pad"(%a, %v) {edge_padding_low = array<i64: 1>, edge_padding_high = array<i64: 2>, interior_padding = array<i64: 0>} : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  func.return %0 : tensor<6xf32>
}

// CHECK-LABEL: func.func @dynamic_slice
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: tensor.extract_slice
func.func @dynamic_slice(%a: tensor<8xf32>, %i: tensor<i32>) -> tensor<3xf32> {
  %0 = "shlo.dynamic_slice"(%a, %i) {slice_sizes = array<i64: 3>} : (tensor<8xf32>, tensor<i32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}
