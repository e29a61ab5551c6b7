// multiply: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.804690e+00, 2.875000e+00, -4.335940e-01], [2.843750e+00, 3.203130e+00, -1.078130e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %c2 = shlo.constant {value = dense<[[4.437500e+00, 1.546880e+00, -3.203130e+00], [6.445310e-01, -1.203130e+00, 2.375000e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v3 = "shlo.multiply"(%c1, %c2) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[8.000000e+00, 4.437500e+00, 1.390630e+00], [1.835940e+00, -3.859380e+00, -2.562500e+00]]> : tensor<2x3xbf16>}} : (tensor<2x3xbf16>) -> ()
  func.return
}
