// remainder: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-22611, -31131, 32072], [23074, -18372, -199]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %c2 = shlo.constant {value = dense<[[3, -3, 5], [-5, 5, -9]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %v3 = "shlo.remainder"(%c1, %c2) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 0, 2], [4, -2, -1]]> : tensor<2x3xi16>}} : (tensor<2x3xi16>) -> ()
  func.return
}
