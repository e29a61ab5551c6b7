// rng_bit_generator: oracle jax.lax.rng_bit_generator on CPU (XLA's bit-exact THREE_FRY / PHILOX)
func.func @main() {
  %c1 = shlo.constant {value = dense<[305419896, 42]> : tensor<2xui64>} : () -> tensor<2xui64>
  %v2:2 = "shlo.rng_bit_generator"(%c1) {rng_algorithm = #shlo.rng_algorithm<THREE_FRY>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
  "shlo.custom_call"(%v2#0) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[305419896, 45]> : tensor<2xui64>}} : (tensor<2xui64>) -> ()
  "shlo.custom_call"(%v2#1) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2036281982, 3810557984, 3748373512], [446262762, 215211800, 841383435]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
