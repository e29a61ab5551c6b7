// or: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1870276106, 2494500394, 48314192], [3245641883, 2012225450, 1124656491]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c2 = shlo.constant {value = dense<[[2459998418, 2278741070, 1974467815], [681721150, 2849128826, 72733750]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %v3 = "shlo.or"(%c1, %c2) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[4294622938, 2550128238, 2012217335], [3925261759, 4294074362, 1197340031]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
