// sign: oracle jax.lax (sign)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[6.2077433965774311, -4.6623007186709184, 0.24848099010041197], [3.0957117433561674, -2.0654820637998887, -4.8083182409488039]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.sign"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.000000e+00, -1.000000e+00, 1.000000e+00], [1.000000e+00, -1.000000e+00, -1.000000e+00]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
