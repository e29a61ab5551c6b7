// A two-layer perceptron with a softmax, batch size left dynamic: the
// bundled example that `tools/demo.py` parses, verifies and round-trips.
func.func @main(%x: tensor<?x4xf32>, %w1: tensor<4x8xf32>, %b1: tensor<8xf32>,
                %w2: tensor<8x3xf32>, %b2: tensor<3xf32>) -> tensor<?x3xf32> {
  %h = shlo.dot_general %x, %w1 {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<?x4xf32>, tensor<4x8xf32>) -> tensor<?x8xf32>
  %n = shlo.get_dimension_size %x {dimension = 0 : i64} : (tensor<?x4xf32>) -> tensor<i32>
  %n1 = shlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %c8 = shlo.constant {value = dense<8> : tensor<1xi32>} : () -> tensor<1xi32>
  %s8 = shlo.concatenate %n1, %c8 {dimension = 0 : i64} : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %bb1 = shlo.dynamic_broadcast_in_dim %b1, %s8 {broadcast_dimensions = array<i64: 1>} : (tensor<8xf32>, tensor<2xi32>) -> tensor<?x8xf32>
  %z = shlo.add %h, %bb1 : tensor<?x8xf32>
  %zero = shlo.constant {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %zeros = shlo.dynamic_broadcast_in_dim %zero, %s8 {broadcast_dimensions = array<i64>} : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
  %relu = shlo.maximum %z, %zeros : tensor<?x8xf32>
  %o = shlo.dot_general %relu, %w2 {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<?x8xf32>, tensor<8x3xf32>) -> tensor<?x3xf32>
  %c3 = shlo.constant {value = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  %s3 = shlo.concatenate %n1, %c3 {dimension = 0 : i64} : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %bb2 = shlo.dynamic_broadcast_in_dim %b2, %s3 {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2xi32>) -> tensor<?x3xf32>
  %logits = shlo.add %o, %bb2 : tensor<?x3xf32>
  %e = shlo.exponential %logits : tensor<?x3xf32>
  %sum = shlo.reduce(%e), (%zero) {dimensions = array<i64: 1>} : (tensor<?x3xf32>, tensor<f32>) -> tensor<?xf32> {
  ^bb0(%acc: tensor<f32>, %v: tensor<f32>):
    %t = shlo.add %acc, %v : tensor<f32>
    shlo.return %t : tensor<f32>
  }
  %sumb = shlo.dynamic_broadcast_in_dim %sum, %s3 {broadcast_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x3xf32>
  %p = shlo.divide %e, %sumb : tensor<?x3xf32>
  func.return %p : tensor<?x3xf32>
}
