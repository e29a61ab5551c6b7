// sign: oracle jax.lax (sign)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.0334878, -3.57869077, -2.4138453], [0.0857237055, -0.897522628, -5.29928827]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.sign"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.000000e+00, -1.000000e+00, -1.000000e+00], [1.000000e+00, -1.000000e+00, -1.000000e+00]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
