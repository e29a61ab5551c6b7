// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[true, true, true], [true, false, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[-79, 76, -74], [-56, -20, -65]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %c3 = shlo.constant {value = dense<[[-50, -42, 90], [12, -19, 86]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-79, 76, -74], [-56, -19, -65]]> : tensor<2x3xi8>}} : (tensor<2x3xi8>) -> ()
  func.return
}
