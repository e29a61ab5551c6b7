// shift_right_arithmetic: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2229018, 3400012316, 1146708562], [2635722921, 2460853662, 3153767276]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %v3 = "shlo.shift_right_arithmetic"(%c1, %c2) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2229018, 3847489806, 286677140], [4087561749, 4180335193, 4259304795]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
