// and: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[29150, 32610, 39091], [7840, 44760, 45162]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c2 = shlo.constant {value = dense<[[24113, 47165, 19765], [17514, 17253, 3038]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %v3 = "shlo.and"(%c1, %c2) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[20496, 14368, 2097], [1056, 576, 74]]> : tensor<2x3xui16>}} : (tensor<2x3xui16>) -> ()
  func.return
}
