// broadcast_in_dim: oracle jax.lax.broadcast_in_dim
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.99311709], [-2.04091811], [0.298126906]]> : tensor<3x1xf32>} : () -> tensor<3x1xf32>
  %v2 = "shlo.broadcast_in_dim"(%c1) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x1xf32>) -> tensor<3x5xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.99311709, 2.99311709, 2.99311709, 2.99311709, 2.99311709], [-2.04091811, -2.04091811, -2.04091811, -2.04091811, -2.04091811], [0.298126906, 0.298126906, 0.298126906, 0.298126906, 0.298126906]]> : tensor<3x5xf32>}} : (tensor<3x5xf32>) -> ()
  func.return
}
