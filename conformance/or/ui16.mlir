// or: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[36801, 19716, 21404], [14732, 38654, 42230]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c2 = shlo.constant {value = dense<[[41583, 17149, 394], [57673, 13602, 44697]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %v3 = "shlo.or"(%c1, %c2) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[45039, 20477, 21406], [63949, 47102, 44799]]> : tensor<2x3xui16>}} : (tensor<2x3xui16>) -> ()
  func.return
}
