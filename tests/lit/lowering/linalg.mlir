// dot_general and convolution become named linalg ops that the CPU schedules match.
// RUN: shlo-opt %s -p 'builtin.module(shlo-legalize-to-linalg)' | FileCheck %s

// CHECK-LABEL: func.func @matmul
// CHECK: linalg.fill
// CHECK: linalg.matmul
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %0 = "shlo.dot_general"(%a, %b) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  func.return %0 : tensor<4x16xf32>
}

// CHECK-LABEL: func.func @batch_matmul
// CHECK: linalg.batch_matmul
func.func @batch_matmul(%a: tensor<2x4x8xf32>, %b: tensor<2x8x16xf32>) -> tensor<2x4x16xf32> {
  %0 = "shlo.dot_general"(%a, %b) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x16xf32>
  func.return %0 : tensor<2x4x16xf32>
}

// CHECK-LABEL: func.func @conv
// CHECK: linalg.conv_2d_nhwc_hwcf
func.func @conv(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x6xf32>) -> tensor<1x6x6x6xf32> {
  %0 = "shlo.convolution"(%x, %k) {dimension_numbers = #shlo.conv<input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x6xf32>) -> tensor<1x6x6x6xf32>
  func.return %0 : tensor<1x6x6x6xf32>
}
