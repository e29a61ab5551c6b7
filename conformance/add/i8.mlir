// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-54, -122, 26], [78, 94, -5]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %c2 = shlo.constant {value = dense<[[-126, 59, 1], [-27, -26, -88]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %v3 = "shlo.add"(%c1, %c2) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[76, -63, 27], [51, 68, -93]]> : tensor<2x3xi8>}} : (tensor<2x3xi8>) -> ()
  func.return
}
