// dynamic_broadcast_in_dim: oracle jax.lax.broadcast_in_dim
func.func @main() {
  %c1 = shlo.constant {value = dense<[-2.04326701, -1.38173759, 0.88285911]> : tensor<3xf32>} : () -> tensor<3xf32>
  %c2 = shlo.constant {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %v3 = "shlo.dynamic_broadcast_in_dim"(%c1, %c2) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.04326701, -1.38173759, 0.88285911], [-2.04326701, -1.38173759, 0.88285911]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
