// xor: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[45694, 27708, 30916], [49959, 8741, 51232]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c2 = shlo.constant {value = dense<[[59649, 39752, 9893], [3533, 12000, 42340]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %v3 = "shlo.xor"(%c1, %c2) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[23423, 63348, 24161], [52970, 3269, 27972]]> : tensor<2x3xui16>}} : (tensor<2x3xui16>) -> ()
  func.return
}
