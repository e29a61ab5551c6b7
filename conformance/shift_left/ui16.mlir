// shift_left: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[5168, 6287, 7296], [31151, 19130, 6184]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %v3 = "shlo.shift_left"(%c1, %c2) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[5168, 12574, 29184], [52600, 43936, 1280]]> : tensor<2x3xui16>}} : (tensor<2x3xui16>) -> ()
  func.return
}
