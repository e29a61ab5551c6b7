// reduce: oracle jax.lax.reduce with a 2-operand region
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.14723051, -2.52339435, 2.76589084, -2.99627256, 2.84531498], [-4.16093349, -3.076080e+00, -0.509536684, 3.3077805, -6.931720e-02], [1.47230411, 3.24835134, -7.99253607, 1.19579887, -1.80447185]]> : tensor<3x5xf32>} : () -> tensor<3x5xf32>
  %c2 = shlo.constant {value = dense<[[0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4]]> : tensor<3x5xi32>} : () -> tensor<3x5xi32>
  %c3 = shlo.constant {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %c4 = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %v5:2 = "shlo.reduce"(%c1, %c2, %c3, %c4) ({
  ^bb0(%va: tensor<f32>, %ia: tensor<i32>, %vb: tensor<f32>, %ib: tensor<i32>):
    %gt = "shlo.compare"(%va, %vb) {comparison_direction = #shlo.comparison_direction<GT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = "shlo.compare"(%va, %vb) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = "shlo.compare"(%ia, %ib) {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %el = "shlo.and"(%eq, %lt) : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %ta = "shlo.or"(%gt, %el) : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %v = "shlo.select"(%ta, %va, %vb) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %i = "shlo.select"(%ta, %ia, %ib) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    "shlo.return"(%v, %i) : (tensor<f32>, tensor<i32>) -> ()
  }) {operandSegmentSizes = array<i32: 2, 2>, dimensions = array<i64: 1>} : (tensor<3x5xf32>, tensor<3x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
  "shlo.custom_call"(%v5#0) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[2.84531498, 3.3077805, 3.24835134]> : tensor<3xf32>}} : (tensor<3xf32>) -> ()
  "shlo.custom_call"(%v5#1) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[4, 3, 1]> : tensor<3xi32>}} : (tensor<3xi32>) -> ()
  func.return
}
