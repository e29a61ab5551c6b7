// and: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3430357907, 1467751410, 525749811], [3011084184, 2645941979, 831758970]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c2 = shlo.constant {value = dense<[[1019748354, 253473895, 2111735879], [663998818, 413954030, 1945819238]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %v3 = "shlo.and"(%c1, %c2) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[205520898, 119017570, 492177411], [588337408, 413421258, 831684706]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
