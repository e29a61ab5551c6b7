// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[true, false, false], [false, true, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[-2648, 28211, 25835], [-8214, -26706, 30881]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %c3 = shlo.constant {value = dense<[[19412, -2506, 27423], [-4255, -17132, 26127]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2648, -2506, 27423], [-4255, -26706, 30881]]> : tensor<2x3xi16>}} : (tensor<2x3xi16>) -> ()
  func.return
}
