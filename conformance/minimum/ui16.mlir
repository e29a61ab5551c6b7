// minimum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[54889, 15618, 14415], [37044, 28013, 63776]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c2 = shlo.constant {value = dense<[[38638, 29815, 14146], [9311, 18317, 57213]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %v3 = "shlo.minimum"(%c1, %c2) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[38638, 15618, 14146], [9311, 18317, 57213]]> : tensor<2x3xui16>}} : (tensor<2x3xui16>) -> ()
  func.return
}
