// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[43062, 28566, 17875], [64100, 6061, 37091]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c2 = shlo.constant {value = dense<[[44611, 35916, 13295], [19849, 35026, 40976]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %v3 = "shlo.subtract"(%c1, %c2) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[63987, 58186, 4580], [44251, 36571, 61651]]> : tensor<2x3xui16>}} : (tensor<2x3xui16>) -> ()
  func.return
}
