// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[true, false, false], [false, false, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[29304, 57779, 40389], [7252, 54084, 3601]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c3 = shlo.constant {value = dense<[[20620, 31964, 22959], [32391, 55952, 40126]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[29304, 31964, 22959], [32391, 55952, 40126]]> : tensor<2x3xui16>}} : (tensor<2x3xui16>) -> ()
  func.return
}
